//! An engine as a child process: lines in on its stdin, lines out of its
//! stdout read by a thread into a channel, so every wait has a deadline.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use crate::spec::EngineSpec;
use songo_core::variant::Variant;

/// How long `quit` may take before the process is killed.
const QUIT_GRACE: Duration = Duration::from_millis(200);

/// What went wrong talking to an engine.
#[derive(Debug, thiserror::Error)]
pub enum ProcessError {
    /// The program could not be started.
    #[error("cannot start {}", program.display())]
    Spawn {
        /// The program run.
        program: PathBuf,
        /// The operating system's error.
        #[source]
        source: std::io::Error,
    },
    /// Its output closed (it exited or crashed), or its input did.
    #[error("the engine exited")]
    Exited,
    /// No expected line before the deadline.
    #[error("no answer in time")]
    Timeout,
    /// The engine refused a setting (songo says `info string error:
    /// setoption: …`): a game with the option unset would measure something
    /// else than was asked.
    #[error("it refused a setting: {message}")]
    OptionRefused {
        /// The engine's message, from `setoption` on.
        message: String,
    },
}

/// How songo reports a `setoption` it refused.
const REFUSED_OPTION_PREFIX: &str = "info string error: setoption";

/// A running engine.
pub struct EngineProcess {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl EngineProcess {
    /// Starts the engine of `spec`; `default_cmd` stands in for a missing `cmd`.
    pub fn start(spec: &EngineSpec, default_cmd: &std::path::Path) -> Result<Self, ProcessError> {
        let program = spec.cmd.as_deref().unwrap_or(default_cmd);
        let mut child = Command::new(program)
            .args(&spec.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|source| ProcessError::Spawn {
                program: program.to_path_buf(),
                source,
            })?;
        let stdout = child.stdout.take().expect("stdout is piped");
        let stdin = child.stdin.take();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(EngineProcess {
            child,
            stdin,
            lines,
        })
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) -> Result<(), ProcessError> {
        let stdin = self.stdin.as_mut().ok_or(ProcessError::Exited)?;
        writeln!(stdin, "{line}")
            .and_then(|_| stdin.flush())
            .map_err(|_| ProcessError::Exited)
    }

    /// The next line of the engine's output, waiting until `deadline` at
    /// most.
    pub fn recv_line(&mut self, deadline: Instant) -> Result<String, ProcessError> {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(left) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => Err(ProcessError::Timeout),
            Err(RecvTimeoutError::Disconnected) => Err(ProcessError::Exited),
        }
    }

    /// Reads lines until one satisfies `wanted`, which is returned.
    pub fn wait_for(
        &mut self,
        deadline: Instant,
        wanted: impl Fn(&str) -> bool,
    ) -> Result<String, ProcessError> {
        loop {
            let line = self.recv_line(deadline)?;
            if wanted(&line) {
                return Ok(line);
            }
        }
    }

    /// Sends `line` and waits for a line whose first word is `reply`.
    pub fn ask(
        &mut self,
        line: &str,
        reply: &str,
        timeout: Duration,
    ) -> Result<String, ProcessError> {
        self.send(line)?;
        self.wait_for(Instant::now() + timeout, |l| {
            l.split_whitespace().next() == Some(reply)
        })
    }

    /// The greeting, the options and the variant, then a new game.
    pub fn prepare(
        &mut self,
        spec: &EngineSpec,
        variant: Variant,
        timeout: Duration,
    ) -> Result<(), ProcessError> {
        self.ask("uci", "uciok", timeout)?;
        self.new_game(variant, &spec.options, timeout)
    }

    /// A new game: the variant, then `options` (`setoption` pairs, in
    /// order), `ucinewgame`, and `isready` answered.
    pub fn new_game(
        &mut self,
        variant: Variant,
        options: &[(String, String)],
        timeout: Duration,
    ) -> Result<(), ProcessError> {
        self.send(&format!("setoption name UCI_Variant value {variant}"))?;
        for (name, value) in options {
            self.send(&format!("setoption name {name} value {value}"))?;
        }
        self.send("ucinewgame")?;
        self.send("isready")?;
        let deadline = Instant::now() + timeout;
        let mut refused = None;
        loop {
            let line = self.recv_line(deadline)?;
            if line.split_whitespace().next() == Some("readyok") {
                break;
            }
            if refused.is_none() && line.starts_with(REFUSED_OPTION_PREFIX) {
                refused = Some(line);
            }
        }
        match refused {
            Some(line) => Err(ProcessError::OptionRefused {
                message: line["info string error: ".len()..].to_string(),
            }),
            None => Ok(()),
        }
    }

    /// Asks the engine to quit, and kills it if it does not.
    pub fn quit(mut self) {
        let _ = self.send("quit");
        self.stdin = None;
        let deadline = Instant::now() + QUIT_GRACE;
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        // Drop kills it.
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

/// Why the engines of a match or of `songo gui` could not start: one
/// error for both, so that they say it alike.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// The path of this program (the default engine) is unknown.
    #[error("cannot find this program, the default engine")]
    CurrentExe(#[source] std::io::Error),
    /// An engine did not start, or did not answer the handshake.
    #[error("engine '{name}' failed to start")]
    EngineStart {
        /// The engine's name, as the command line gave it.
        name: String,
        /// What went wrong: no such program, an exit, no answer in time, a
        /// refused option.
        #[source]
        source: ProcessError,
    },
}

/// This program's path: the default engine's command.
pub fn this_program() -> Result<std::path::PathBuf, StartError> {
    std::env::current_exe().map_err(StartError::CurrentExe)
}

/// Starts every engine of `specs` once, in parallel, runs `probe` on it
/// (a handshake, a setup) and quits it: so that an engine that cannot
/// start is found before any game begins. The error names the first
/// engine, in `specs` order, that failed.
pub fn check_all(
    specs: &[EngineSpec],
    default_cmd: &std::path::Path,
    probe: &(dyn Fn(&mut EngineProcess, &EngineSpec) -> Result<(), ProcessError> + Sync),
) -> Result<(), StartError> {
    std::thread::scope(|scope| {
        let checks: Vec<_> = specs
            .iter()
            .map(|spec| {
                scope.spawn(move || {
                    let mut p = EngineProcess::start(spec, default_cmd)?;
                    probe(&mut p, spec)?;
                    p.quit();
                    Ok(())
                })
            })
            .collect();
        for (spec, check) in specs.iter().zip(checks) {
            let result: Result<(), ProcessError> = check
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            result.map_err(|source| StartError::EngineStart {
                name: spec.name.clone(),
                source,
            })?;
        }
        Ok(())
    })
}
