//! The real binary driven over stdin/stdout, line by line, for the
//! protocol's test files (`protocol.rs`, `book.rs`, `ugi.rs`).

#![allow(dead_code)] // each test file takes the parts it needs

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

/// A running engine with a line reader.
pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

pub const WAIT: Duration = Duration::from_secs(20);

impl Engine {
    /// The engine as it ships: the opening book on.
    pub fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_songo"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the engine starts");
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            stdin: child.stdin.take(),
            child,
            lines: rx,
        }
    }

    /// An engine whose `go` searches: `OwnBook` off (its first line), for
    /// tests of the search from positions an opening book may have.
    pub fn searching() -> Engine {
        let mut e = Engine::start();
        e.send("setoption name OwnBook value false");
        e
    }

    pub fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
    }

    pub fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(bytes).unwrap();
        stdin.flush().unwrap();
    }

    /// Lines up to and including the first one that starts with `prefix`.
    pub fn until(&mut self, prefix: &str) -> Vec<String> {
        let deadline = Instant::now() + WAIT;
        let mut out = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(l) => {
                    let done = l.starts_with(prefix);
                    out.push(l);
                    if done {
                        return out;
                    }
                }
                Err(_) => panic!("no '{prefix}' line; got {out:#?}"),
            }
        }
    }

    /// The next line, if one comes within `wait`.
    pub fn next_line(&mut self, wait: Duration) -> Option<String> {
        self.lines.recv_timeout(wait).ok()
    }

    /// The next line.
    pub fn line(&mut self) -> String {
        self.lines
            .recv_timeout(WAIT)
            .expect("a line from the engine")
    }

    pub fn close_and_wait(mut self) -> Vec<String> {
        drop(self.stdin.take());
        let deadline = Instant::now() + WAIT;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                assert!(status.success(), "engine exited with {status}");
                break;
            }
            assert!(
                Instant::now() < deadline,
                "engine did not exit at end of input"
            );
            std::thread::sleep(Duration::from_millis(5));
        }
        // The reader thread may still be forwarding the last lines: read
        // until it hangs up at the end of the engine's output.
        let mut rest = Vec::new();
        while let Ok(l) = self.lines.recv_timeout(WAIT) {
            rest.push(l);
        }
        rest
    }
}

impl Drop for Engine {
    /// As a GUI ends an engine (cutegames sends `quit`, then kills the
    /// process): no engine outlives its test.
    fn drop(&mut self) {
        if let Some(mut stdin) = self.stdin.take() {
            let _ = writeln!(stdin, "quit");
        }
        let deadline = Instant::now() + Duration::from_secs(5);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
