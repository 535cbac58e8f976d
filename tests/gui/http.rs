//! Just enough HTTP/1.1 and WebSocket to talk to the GUI server and to
//! chromedriver from the tests, with any header the test wants (a forged
//! `Host` or `Origin` included), which ordinary clients do not allow.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

/// An answer: the status code, the headers (names in lower case), the body.
#[derive(Debug)]
pub struct Response {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Response {
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

fn try_connect(port: u16) -> std::io::Result<TcpStream> {
    let stream = TcpStream::connect(("127.0.0.1", port))?;
    stream.set_read_timeout(Some(Duration::from_secs(60)))?;
    Ok(stream)
}

/// A read that a signal interrupted is read again (a test process gets
/// signals from its children: `read` answers `Interrupted` then, and
/// chromedriver's answer would be taken for an error).
fn read_some(stream: &mut TcpStream, buf: &mut [u8]) -> std::io::Result<usize> {
    loop {
        match stream.read(buf) {
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            other => return other,
        }
    }
}

fn connect(port: u16) -> TcpStream {
    try_connect(port).expect("connect to 127.0.0.1")
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

fn dechunk(mut body: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let Some(end) = find(body, b"\r\n") else {
            return out;
        };
        let size_text = String::from_utf8_lossy(&body[..end]);
        let size =
            usize::from_str_radix(size_text.split(';').next().unwrap().trim(), 16).unwrap_or(0);
        if size == 0 {
            return out;
        }
        let start = end + 2;
        out.extend_from_slice(&body[start..(start + size).min(body.len())]);
        body = &body[(start + size + 2).min(body.len())..];
    }
}

fn parse_head(head: &str) -> (u16, Vec<(String, String)>) {
    let mut lines = head.split("\r\n");
    let status = lines
        .next()
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|s| s.parse().ok())
        .expect("an HTTP status line");
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    (status, headers)
}

/// One request on its own connection (`Connection: close`). `headers`
/// must include `Host` when the test wants one.
pub fn request(
    port: u16,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<&[u8]>,
) -> Response {
    try_request(port, method, path, headers, body).expect("an HTTP answer")
}

/// [`request`], with connection errors returned.
pub fn try_request(
    port: u16,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<&[u8]>,
) -> std::io::Result<Response> {
    let mut stream = try_connect(port)?;
    let mut text = format!("{method} {path} HTTP/1.1\r\nConnection: close\r\n");
    for (name, value) in headers {
        text.push_str(&format!("{name}: {value}\r\n"));
    }
    if let Some(body) = body {
        text.push_str(&format!(
            "Content-Type: application/json\r\nContent-Length: {}\r\n",
            body.len()
        ));
    }
    text.push_str("\r\n");
    let mut bytes = text.into_bytes();
    bytes.extend_from_slice(body.unwrap_or_default());
    stream.write_all(&bytes)?;
    // Read the head, then as much body as it announces: servers may keep
    // the connection open whatever the request said.
    let mut raw = Vec::new();
    let mut chunk = [0u8; 8192];
    let split = loop {
        if let Some(split) = find(&raw, b"\r\n\r\n") {
            break split;
        }
        let n = read_some(&mut stream, &mut chunk)?;
        if n == 0 {
            return Err(std::io::Error::other("no HTTP head in the answer"));
        }
        raw.extend_from_slice(&chunk[..n]);
    };
    let (status, headers) = parse_head(&String::from_utf8_lossy(&raw[..split]));
    let mut body = raw[split + 4..].to_vec();
    let header = |name: &str| {
        headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.to_ascii_lowercase())
    };
    let chunked = header("transfer-encoding").is_some_and(|v| v.contains("chunked"));
    let length: Option<usize> = header("content-length").and_then(|v| v.parse().ok());
    loop {
        let complete = match length {
            _ if method == "HEAD" || status == 204 || status == 304 => true,
            Some(n) => body.len() >= n,
            None if chunked => {
                find(&body, b"0\r\n\r\n").is_some_and(|i| i == 0 || body[..i].ends_with(b"\r\n"))
            }
            None => false,
        };
        if complete {
            break;
        }
        let n = read_some(&mut stream, &mut chunk)?;
        if n == 0 {
            break;
        }
        body.extend_from_slice(&chunk[..n]);
    }
    if chunked {
        body = dechunk(&body);
    }
    if let Some(n) = length {
        body.truncate(n);
    }
    Ok(Response {
        status,
        headers,
        body,
    })
}

/// A GET with the given `Host` (and `Origin`, if any).
pub fn get(port: u16, path: &str, host: &str, origin: Option<&str>) -> Response {
    let mut headers = vec![("Host", host)];
    if let Some(o) = origin {
        headers.push(("Origin", o));
    }
    request(port, "GET", path, &headers, None)
}

/// A WebSocket client, unmasked reads and masked writes of text frames.
pub struct WebSocket {
    stream: TcpStream,
    buffer: Vec<u8>,
}

impl WebSocket {
    /// The opening handshake; `Err` carries the refusal's status.
    pub fn open(port: u16, host: &str, origin: Option<&str>) -> Result<WebSocket, Response> {
        let mut stream = connect(port);
        let mut text = format!(
            "GET /ws HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
             Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
        );
        if let Some(o) = origin {
            text.push_str(&format!("Origin: {o}\r\n"));
        }
        text.push_str("\r\n");
        stream.write_all(text.as_bytes()).unwrap();
        let mut raw = Vec::new();
        let mut byte = [0u8; 1];
        while find(&raw, b"\r\n\r\n").is_none() {
            if read_some(&mut stream, &mut byte).unwrap() == 0 {
                break;
            }
            raw.push(byte[0]);
        }
        let (status, headers) = parse_head(&String::from_utf8_lossy(&raw));
        if status != 101 {
            // The refusal's body is not needed (and the connection may stay open).
            return Err(Response {
                status,
                headers,
                body: Vec::new(),
            });
        }
        Ok(WebSocket {
            stream,
            buffer: Vec::new(),
        })
    }

    /// Sends a frame (text: opcode 1, binary: 2), masked as a client must.
    pub fn send_frame(&mut self, opcode: u8, payload: &[u8]) -> std::io::Result<()> {
        let mut frame = vec![0x80 | opcode];
        let mask = [0x12u8, 0x34, 0x56, 0x78];
        match payload.len() {
            n if n < 126 => frame.push(0x80 | n as u8),
            n if n < 65536 => {
                frame.push(0x80 | 126);
                frame.extend_from_slice(&(n as u16).to_be_bytes());
            }
            n => {
                frame.push(0x80 | 127);
                frame.extend_from_slice(&(n as u64).to_be_bytes());
            }
        }
        frame.extend_from_slice(&mask);
        frame.extend(payload.iter().enumerate().map(|(i, b)| b ^ mask[i % 4]));
        self.stream.write_all(&frame)
    }

    pub fn send(&mut self, text: &str) {
        self.send_frame(1, text.as_bytes())
            .expect("the message is sent");
    }

    fn fill(&mut self, n: usize) -> bool {
        let mut chunk = [0u8; 4096];
        while self.buffer.len() < n {
            match read_some(&mut self.stream, &mut chunk) {
                Ok(0) | Err(_) => return false,
                Ok(k) => self.buffer.extend_from_slice(&chunk[..k]),
            }
        }
        true
    }

    /// The next text message; `None` when the connection closed.
    pub fn recv(&mut self) -> Option<String> {
        loop {
            if !self.fill(2) {
                return None;
            }
            let opcode = self.buffer[0] & 0x0f;
            let (len, head) = match self.buffer[1] & 0x7f {
                126 => {
                    self.fill(4);
                    (
                        u16::from_be_bytes([self.buffer[2], self.buffer[3]]) as usize,
                        4,
                    )
                }
                127 => {
                    self.fill(10);
                    let mut b = [0u8; 8];
                    b.copy_from_slice(&self.buffer[2..10]);
                    (u64::from_be_bytes(b) as usize, 10)
                }
                n => (n as usize, 2),
            };
            if !self.fill(head + len) {
                return None;
            }
            let payload: Vec<u8> = self.buffer.drain(..head + len).skip(head).collect();
            match opcode {
                1 => return Some(String::from_utf8(payload).expect("text")),
                8 => return None,
                _ => {}
            }
        }
    }
}
