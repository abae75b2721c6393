//! The server's side of sharing: the seat page and its messages, nothing else.
//!
//! Every address is under the join code: `/CODE` (the page), `/CODE/seats` (the seat list),
//! `/CODE/claim`, `/CODE/leave` and `/CODE/act` (a phone's messages, JSON of at most
//! [`BODY_LIMIT`] bytes), and `/CODE/events?seat=…&secret=…` (the seat's view, pushed as
//! Server-Sent Events). Anything else is "not here". Each address (a phone) may send a few
//! requests a second, with a burst; more are refused until it slows down.

use std::collections::HashMap;
use std::io::{Read, Write};
use std::net::IpAddr;
use std::sync::Arc;
use std::sync::atomic::Ordering;

use serde::Deserialize;
use serde_json::json;

use super::seats::new_secret;
use super::{ANSWER_WAIT, BODY_LIMIT, Inner, MAX_AT_ONCE, Pending};
use crate::clock::{Duration, Instant};

/// The seat page: HTML, CSS and a little JavaScript, no framework.
const PAGE: &str = include_str!("page.html");
/// How many requests an address may send at once, and how many more each second.
const BURST: f64 = 40.0;
const PER_SECOND: f64 = 5.0;
/// A stream with nothing to send says it is alive this often.
const KEEP_ALIVE: Duration = Duration::from_secs(15);
/// The most phones' addresses remembered for their rate (more are forgotten, oldest first).
const ADDRESSES_KEPT: usize = 256;

/// An address's allowance of requests.
pub(super) struct Bucket {
    tokens: f64,
    at: Instant,
}

/// Accepts requests until sharing stops, each served on a thread of its own.
pub(super) fn serve(server: &tiny_http::Server, inner: &Arc<Inner>) {
    loop {
        let Ok(request) = server.recv() else {
            if inner.stopping.load(Ordering::SeqCst) {
                return;
            }
            continue;
        };
        if inner.stopping.load(Ordering::SeqCst) {
            return;
        }
        let address = request.remote_addr().map(std::net::SocketAddr::ip);
        if !inner.allow(address) {
            reply(request, 429, &error("Too many requests from this phone: wait a moment."));
            continue;
        }
        if inner.at_once.fetch_add(1, Ordering::SeqCst) >= MAX_AT_ONCE {
            inner.at_once.fetch_sub(1, Ordering::SeqCst);
            reply(request, 503, &error("The host is busy: try again in a moment."));
            continue;
        }
        let worker = Arc::clone(inner);
        let spawned = std::thread::Builder::new().name("posse-seat".into()).spawn(move || {
            handle(request, &worker);
            worker.at_once.fetch_sub(1, Ordering::SeqCst);
        });
        // A thread that cannot be made drops its request (the phone tries again).
        if spawned.is_err() {
            inner.at_once.fetch_sub(1, Ordering::SeqCst);
        }
    }
}

impl Inner {
    /// Whether `address` may send a request now (and counts it).
    fn allow(&self, address: Option<IpAddr>) -> bool {
        let Some(address) = address else { return true };
        let Ok(mut limits) = self.limits.lock() else { return false };
        if limits.len() >= ADDRESSES_KEPT && !limits.contains_key(&address) {
            let oldest = limits.iter().min_by_key(|(_, b)| b.at).map(|(a, _)| *a);
            if let Some(oldest) = oldest {
                limits.remove(&oldest);
            }
        }
        let now = crate::clock::instant();
        let bucket = limits.entry(address).or_insert(Bucket { tokens: BURST, at: now });
        let gained = now.duration_since(bucket.at).as_secs_f64() * PER_SECOND;
        bucket.tokens = (bucket.tokens + gained).min(BURST);
        bucket.at = now;
        if bucket.tokens >= 1.0 {
            bucket.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// What a phone sends to claim or leave a seat.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Claim {
    seat: String,
    #[serde(default)]
    secret: Option<String>,
}

/// A seat's choice.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Act {
    seat: String,
    secret: String,
    choice: String,
    /// What was typed for the choice's fields.
    #[serde(default)]
    values: crate::kernel::seat::Values,
}

fn handle(mut request: tiny_http::Request, inner: &Inner) {
    let url = request.url().to_owned();
    let (path, query) = url.split_once('?').unwrap_or((&url, ""));
    let parts: Vec<&str> = path.trim_start_matches('/').split('/').collect();
    let Some((code, rest)) = parts.split_first() else { return not_here(request) };
    if !code.eq_ignore_ascii_case(&inner.code) {
        return not_here(request);
    }
    let method = request.method().clone();
    match (method, rest) {
        (tiny_http::Method::Get, [] | [""]) => page(request),
        (tiny_http::Method::Get, ["seats"]) => {
            let body = inner.seat_list();
            reply(request, 200, &body);
        }
        (tiny_http::Method::Get, ["events"]) => events(request, inner, query),
        (tiny_http::Method::Post, ["claim"]) => match read_body::<Claim>(&mut request) {
            Ok(claim) => {
                let (status, body) = inner.claim(&claim.seat);
                reply(request, status, &body);
            }
            Err((status, why)) => reply(request, status, &error(why)),
        },
        (tiny_http::Method::Post, ["leave"]) => match read_body::<Claim>(&mut request) {
            Ok(claim) => {
                let (status, body) = inner.leave(&claim.seat, claim.secret.as_deref().unwrap_or(""));
                reply(request, status, &body);
            }
            Err((status, why)) => reply(request, status, &error(why)),
        },
        (tiny_http::Method::Post, ["act"]) => match read_body::<Act>(&mut request) {
            Ok(act) => {
                let (status, body) = inner.act(act);
                reply(request, status, &body);
            }
            Err((status, why)) => reply(request, status, &error(why)),
        },
        _ => not_here(request),
    }
}

impl Inner {
    fn seat_list(&self) -> String {
        let held = self.book.lock().map(|b| b.held()).unwrap_or_default();
        let Ok(published) = self.published.lock() else { return error("The host cannot be read.") };
        let seats: Vec<_> = published
            .seats
            .iter()
            .map(|s| json!({"id": s.id, "name": s.name, "taken": held.contains(&s.id)}))
            .collect();
        json!({"game": self.title, "title": published.title, "seats": seats}).to_string()
    }

    fn is_seat(&self, seat: &str) -> bool {
        self.published.lock().is_ok_and(|p| p.seats.iter().any(|s| s.id == seat))
    }

    fn claim(&self, seat: &str) -> (u16, String) {
        if !self.is_seat(seat) {
            return (404, error("There is no such seat at this table."));
        }
        let Ok(mut book) = self.book.lock() else { return (500, error("The seats cannot be read.")) };
        if book.seats.contains_key(seat) {
            return (409, error("That seat is taken: pick another, or ask the host to free it."));
        }
        let secret = new_secret();
        let mut changed = book.clone();
        changed.seats.insert(seat.to_owned(), secret.clone());
        if let Some(path) = &self.book_path
            && let Err(why) = changed.write(path)
        {
            return (500, error(&format!("The host cannot keep the seat: {why}.")));
        }
        *book = changed;
        book.moved = true;
        drop(book);
        (self.wake)();
        (200, json!({"seat": seat, "secret": secret}).to_string())
    }

    fn leave(&self, seat: &str, secret: &str) -> (u16, String) {
        if !self.book.lock().is_ok_and(|b| b.holds(seat, secret)) {
            return (403, error("This phone does not hold that seat."));
        }
        match self.free(seat) {
            Ok(()) => {
                self.changed.notify_all();
                (self.wake)();
                (200, json!({"left": seat}).to_string())
            }
            Err(why) => (500, error(&why)),
        }
    }

    fn act(&self, act: Act) -> (u16, String) {
        if !self.book.lock().is_ok_and(|b| b.holds(&act.seat, &act.secret)) {
            return (403, error("This phone does not hold that seat: pick a seat again."));
        }
        let (answer, answered) = std::sync::mpsc::channel();
        let pending = Pending {
            seat: act.seat,
            choice: act.choice,
            values: act.values,
            answer,
            until: crate::clock::instant() + ANSWER_WAIT,
        };
        if self.pending.lock().map(|p| p.send(pending)).is_err() {
            return (503, error("The host has stopped sharing."));
        }
        (self.wake)();
        match answered.recv_timeout(ANSWER_WAIT + Duration::from_millis(500)) {
            Ok(Ok(line)) => (200, json!({"line": line}).to_string()),
            Ok(Err(why)) => (409, error(&why)),
            Err(_) => (503, error("The host did not answer in time: nothing was done, try again.")),
        }
    }
}

/// A seat's view, pushed whenever it changes, until the phone goes, the seat is freed or
/// sharing stops. The first message is the view as it is now, so a phone that reconnects
/// catches up at once.
fn events(request: tiny_http::Request, inner: &Inner, query: &str) {
    let params = parse_query(query);
    let seat = params.get("seat").copied();
    if let Some(seat) = seat {
        let secret = params.get("secret").copied().unwrap_or("");
        if !inner.book.lock().is_ok_and(|b| b.holds(seat, secret)) {
            return reply(request, 403, &error("This phone does not hold that seat: pick a seat again."));
        }
    }
    let secret = params.get("secret").map(|s| (*s).to_owned()).unwrap_or_default();
    let mut out = request.into_writer();
    let head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream; charset=utf-8\r\n\
                Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n\
                retry: 1000\n\n";
    if out.write_all(head.as_bytes()).and_then(|()| out.flush()).is_err() {
        return;
    }
    let mut last_sent: Option<String> = None;
    loop {
        // What to send is copied out: the lock is never held while a phone is written to (a
        // slow one must not keep the host from publishing).
        let Ok(published) = inner.published.lock() else { return };
        let (stopped, version) = (published.stopped, published.version);
        let view = match seat {
            Some(seat) => published.views.get(seat).cloned().unwrap_or_else(|| "{}".to_owned()),
            None => published.watcher.clone(),
        };
        drop(published);
        if stopped {
            let _ = write!(out, "event: stopped\ndata: {{}}\n\n").and_then(|()| out.flush());
            return;
        }
        if let Some(seat) = seat
            && !inner.book.lock().is_ok_and(|b| b.holds(seat, &secret))
        {
            let _ = write!(out, "event: gone\ndata: {{}}\n\n").and_then(|()| out.flush());
            return;
        }
        if last_sent.as_ref() != Some(&view) {
            let message = format!("event: view\ndata: {view}\n\n");
            if out.write_all(message.as_bytes()).and_then(|()| out.flush()).is_err() {
                return;
            }
            last_sent = Some(view);
        }
        let Ok(published) = inner.published.lock() else { return };
        let waited =
            inner.changed.wait_timeout_while(published, KEEP_ALIVE, |p| p.version == version && !p.stopped);
        let Ok((published, waited)) = waited else { return };
        drop(published);
        if waited.timed_out() && out.write_all(b": alive\n\n").and_then(|()| out.flush()).is_err() {
            return;
        }
    }
}

/// `a=1&b=2` as pairs; only plain ids and secrets (letters, digits, `-`, `_`) are read.
fn parse_query(query: &str) -> HashMap<&str, &str> {
    query
        .split('&')
        .filter_map(|pair| pair.split_once('='))
        .filter(|(_, v)| {
            v.len() <= 128 && v.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        })
        .collect()
}

/// A phone's JSON message, at most [`BODY_LIMIT`] bytes.
fn read_body<T: serde::de::DeserializeOwned>(
    request: &mut tiny_http::Request,
) -> Result<T, (u16, &'static str)> {
    const TOO_LONG: (u16, &str) = (413, "That message is too long.");
    if request.body_length().is_some_and(|n| n > BODY_LIMIT) {
        return Err(TOO_LONG);
    }
    let mut bytes = Vec::new();
    let limit = u64::try_from(BODY_LIMIT).unwrap_or(u64::MAX).saturating_add(1);
    request
        .as_reader()
        .take(limit)
        .read_to_end(&mut bytes)
        .map_err(|_| (400, "That message did not arrive whole."))?;
    if bytes.len() > BODY_LIMIT {
        return Err(TOO_LONG);
    }
    serde_json::from_slice(&bytes).map_err(|_| (400, "That message is not understood."))
}

fn error(why: &str) -> String {
    json!({"error": why}).to_string()
}

fn not_here(request: tiny_http::Request) {
    reply(request, 404, &error("Nothing here: open the address shown on the host's screen."));
}

fn page(request: tiny_http::Request) {
    respond(request, 200, "text/html; charset=utf-8", PAGE.to_owned());
}

fn reply(request: tiny_http::Request, status: u16, body: &str) {
    respond(request, status, "application/json; charset=utf-8", body.to_owned());
}

fn respond(request: tiny_http::Request, status: u16, content_type: &str, body: String) {
    let mut response = tiny_http::Response::from_string(body).with_status_code(status);
    for (name, value) in [
        ("Content-Type", content_type),
        ("Cache-Control", "no-store"),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "no-referrer"),
        (
            "Content-Security-Policy",
            "default-src 'self'; style-src 'unsafe-inline'; script-src 'unsafe-inline'",
        ),
    ] {
        if let Ok(header) = tiny_http::Header::from_bytes(name.as_bytes(), value.as_bytes()) {
            response.add_header(header);
        }
    }
    let _ = request.respond(response);
}
