//! A phone as the tests and the benchmark play one, on loopback: one request at a time, and a
//! seat's stream of views read message by message. Posse itself never calls it.

use std::io::{self, BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};

use serde_json::Value;

use crate::clock::Duration;

fn broken(what: &str) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, what.to_owned())
}

/// One request to `at`, answered and closed: the status and the body as JSON (or, when it is
/// not JSON, as text in a string).
///
/// # Errors
/// When the server cannot be reached or its answer has no status.
pub fn request(at: SocketAddr, method: &str, path: &str, body: &str) -> io::Result<(u16, Value)> {
    let mut stream = TcpStream::connect(at)?;
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: posse\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )?;
    let mut answer = String::new();
    stream.read_to_string(&mut answer)?;
    let (head, body) = answer.split_once("\r\n\r\n").ok_or_else(|| broken("an answer without a body"))?;
    let status = head.split(' ').nth(1).and_then(|s| s.parse().ok()).ok_or_else(|| broken("no status"))?;
    Ok((status, serde_json::from_str(body).unwrap_or_else(|_| Value::String(body.to_owned()))))
}

/// Claims `seat` under join code `code`: its secret.
///
/// # Errors
/// When the server cannot be reached or refuses the seat.
pub fn claim(at: SocketAddr, code: &str, seat: &str) -> io::Result<String> {
    let body = serde_json::json!({ "seat": seat }).to_string();
    let (status, answer) = request(at, "POST", &format!("/{code}/claim"), &body)?;
    match answer["secret"].as_str() {
        Some(secret) if status == 200 => Ok(secret.to_owned()),
        _ => Err(broken(&format!("the seat was not given: {status} {answer}"))),
    }
}

/// A seat's stream of views, as its phone reads it.
pub struct Stream {
    lines: BufReader<TcpStream>,
}

impl Stream {
    /// Opens the stream at `path` (`/CODE/events?seat=…&secret=…`), waiting at most ten
    /// seconds for each message.
    ///
    /// # Errors
    /// When the server cannot be reached or refuses the stream.
    pub fn open(at: SocketAddr, path: &str) -> io::Result<Stream> {
        let mut stream = TcpStream::connect(at)?;
        stream.set_read_timeout(Some(Duration::from_secs(10)))?;
        write!(stream, "GET {path} HTTP/1.1\r\nHost: posse\r\n\r\n")?;
        let mut lines = BufReader::new(stream);
        let mut line = String::new();
        lines.read_line(&mut line)?;
        if line.starts_with("HTTP/1.1 200") { Ok(Stream { lines }) } else { Err(broken(&line)) }
    }

    /// The next message: its event name and its data.
    ///
    /// # Errors
    /// When none comes within ten seconds, or its data is not JSON.
    pub fn next_message(&mut self) -> io::Result<(String, Value)> {
        let (mut event, mut data) = (String::new(), String::new());
        loop {
            let mut line = String::new();
            if self.lines.read_line(&mut line)? == 0 {
                return Err(broken("the stream ended"));
            }
            let line = line.trim_end();
            if let Some(e) = line.strip_prefix("event: ") {
                e.clone_into(&mut event);
            } else if let Some(d) = line.strip_prefix("data: ") {
                d.clone_into(&mut data);
            } else if line.is_empty() && !event.is_empty() {
                return Ok((event, serde_json::from_str(&data).map_err(|e| broken(&e.to_string()))?));
            }
        }
    }

    /// The next message, which must be a view: the seat's view.
    ///
    /// # Errors
    /// As [`Stream::next_message`], and when the message is another (`gone`, `stopped`).
    pub fn next_view(&mut self) -> io::Result<Value> {
        match self.next_message()? {
            (event, view) if event == "view" => Ok(view),
            (event, data) => Err(broken(&format!("a {event} message came instead of a view: {data}"))),
        }
    }
}
