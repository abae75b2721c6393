//! Sharing the game at the table on the local network: each player's phone joins a small
//! server on the host and sees only its own seat's view (not in the web page).
//!
//! The host (the window, or `posse serve`) keeps the one journal. A [`Share`] runs an HTTP
//! server (`tiny_http`) on one address and port, serving nothing but the seat page and its
//! messages under a short join code (`http://192.168.1.20:7878/K7QP`): the seat list, claiming
//! a seat (which gives the phone a secret it keeps), the seat's view pushed as Server-Sent
//! Events whenever it changes, and a seat's choice. Choices are handed to the host, which
//! carries them out on its own thread through [`SharedTable::act`] (only a choice the seat's
//! view offers now, committed through the journal like a click) and answers. Views are made by
//! the host too ([`Share::pump`]), from each game's core; the server only stores and sends
//! them, so it never holds anything but what each seat may see.
//!
//! Who holds which seat (by secret), the join code and the port are kept beside the game's
//! journal (`games/ID.seats.json`), so a host restarted on the same game is found at the same
//! address and every phone rejoins its seat.
//!
//! The parts: `http.rs` the server's addresses and messages (JSON of at most 2 KiB, each
//! phone's address rate-limited; a seat's stream starts with the view as it is, so a phone that
//! reconnects catches up); `seats.rs` the seats file (written atomically, left out of backups,
//! a damaged one reported and never written over); [`network`] the machine's addresses,
//! private LAN ones first; `phone.rs` a phone as the tests and the benchmarks play one. The
//! window's side is `crate::app::share` (the top bar's *Share at the table* and its panel, with
//! the QR code); the command line's is `posse serve`.

mod http;
pub mod network;
#[doc(hidden)]
pub mod phone;
mod seats;

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, mpsc};
use std::thread::JoinHandle;

use serde::Serialize;

use crate::clock::Duration;
use crate::kernel::seat::Seat;
use crate::session::SharedTable;
use crate::store::DataDir;

pub use seats::SeatBook;

/// The port a game is shared on unless the player picks another.
pub const DEFAULT_PORT: u16 = 7878;
/// The largest message a phone may send, in bytes.
pub const BODY_LIMIT: usize = 2048;
/// How many requests and streams are served at once; more are refused until some end.
const MAX_AT_ONCE: usize = 32;
/// How long a seat's choice waits for the host to carry it out.
const ANSWER_WAIT: Duration = Duration::from_secs(5);

/// Why sharing could not start.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ShareError {
    #[error("No game is open to share.")]
    NoGame,
    #[error("This game has no seats to share yet.")]
    NoSeats,
    #[error("Cannot listen on {address}: {reason}. Choose another port or address.")]
    CannotListen { address: String, reason: String },
    #[error("{0}")]
    Seats(String),
}

/// One seat's choice waiting for the host, and where its answer goes.
struct Pending {
    seat: String,
    choice: String,
    values: crate::kernel::seat::Values,
    answer: mpsc::Sender<Result<String, String>>,
    /// The phone was told "try again" after this: too late to carry it out.
    until: crate::clock::Instant,
}

impl Pending {
    /// Carries the choice out on `table` (unless it is too late) and answers the phone.
    /// Returns the event's line when it was carried out.
    fn carry_out(self, table: &mut dyn SharedTable) -> Option<String> {
        if crate::clock::instant() > self.until {
            return None;
        }
        let answer = table.act(&self.seat, &self.choice, &self.values);
        let line = answer.as_ref().ok().cloned();
        let _ = self.answer.send(answer);
        line
    }
}

/// What every seat may be sent now, as made by the host.
#[derive(Default)]
struct Published {
    /// Moves on with every change of what is published.
    version: u64,
    /// The game's title for the seat list.
    title: String,
    seats: Vec<Seat>,
    /// Each seat's view, as JSON, by seat id.
    views: HashMap<String, String>,
    /// What a watcher (a phone holding no seat) sees, as JSON.
    watcher: String,
    /// Sharing has stopped: every stream ends.
    stopped: bool,
}

/// What the server's threads share.
struct Inner {
    code: String,
    /// The game system's name.
    title: String,
    published: Mutex<Published>,
    changed: Condvar,
    book: Mutex<SeatBook>,
    /// Where the seat book is kept (`None`: only in memory).
    book_path: Option<std::path::PathBuf>,
    pending: Mutex<mpsc::Sender<Pending>>,
    /// Asks the host to look at its pending choices (the window's repaint).
    wake: Box<dyn Fn() + Send + Sync>,
    at_once: AtomicUsize,
    limits: Mutex<HashMap<IpAddr, http::Bucket>>,
    stopping: AtomicBool,
}

/// A game shared at the table: the server, and what the host publishes to it.
pub struct Share {
    inner: Arc<Inner>,
    pending: mpsc::Receiver<Pending>,
    server: Arc<tiny_http::Server>,
    thread: Option<JoinHandle<()>>,
    /// The address and port it listens on.
    pub listening: SocketAddr,
    /// The join addresses, best first (a private LAN address first).
    pub addresses: Vec<String>,
    /// The game shared (its id).
    pub game: String,
    /// What the host published last ([`SharedTable::changes`]).
    published_at: Option<u64>,
    /// The seats' names at the last publish, for the host's list.
    seats: Vec<(Seat, bool)>,
}

/// Where and how to share.
#[derive(Clone, Debug)]
pub struct Options {
    /// The address to listen on (`0.0.0.0`: every interface).
    pub bind: IpAddr,
    /// The port (`None`: the one this game was shared on before, or [`DEFAULT_PORT`]; `Some(0)`:
    /// any free port).
    pub port: Option<u16>,
    /// The game system's name, at the top of the seat list.
    pub title: String,
}

impl Share {
    /// Starts sharing the game open in `table` at `options`, keeping its seats in `data`'s
    /// games folder. `wake` is called (from the server's threads) when a seat's choice waits for
    /// [`Share::pump`].
    ///
    /// # Errors
    /// When no game is open or it has no seats, its seats file is damaged (it is then left as
    /// it is), or the address cannot be listened on.
    pub fn start(
        table: &dyn SharedTable,
        data: Option<&DataDir>,
        options: &Options,
        wake: Box<dyn Fn() + Send + Sync>,
    ) -> Result<Share, ShareError> {
        let game = table.open_id().ok_or(ShareError::NoGame)?.to_owned();
        if table.seats().is_empty() {
            return Err(ShareError::NoSeats);
        }
        let book_path = data.map(|d| d.seats_path(&game));
        let mut book = match &book_path {
            Some(path) => SeatBook::read(path).map_err(ShareError::Seats)?.unwrap_or_default(),
            None => SeatBook::default(),
        };
        book.prepare();
        let port = options.port.or(book.port).unwrap_or(DEFAULT_PORT);
        let address = SocketAddr::new(options.bind, port);
        let server = listen(address)?;
        let listening = server.server_addr().to_ip().unwrap_or(address);
        book.port = Some(listening.port());
        if let Some(path) = &book_path {
            book.write(path).map_err(ShareError::Seats)?;
        }
        let addresses = network::join_addresses(options.bind, listening.port(), &book.code);
        let (send, pending) = mpsc::channel();
        let inner = Arc::new(Inner {
            code: book.code.clone(),
            title: options.title.clone(),
            published: Mutex::new(Published::default()),
            changed: Condvar::new(),
            book: Mutex::new(book),
            book_path,
            pending: Mutex::new(send),
            wake,
            at_once: AtomicUsize::new(0),
            limits: Mutex::new(HashMap::new()),
            stopping: AtomicBool::new(false),
        });
        let server = Arc::new(server);
        let thread = {
            let (inner, server) = (Arc::clone(&inner), Arc::clone(&server));
            std::thread::Builder::new()
                .name("posse-share".into())
                .spawn(move || http::serve(&server, &inner))
                .map_err(|e| ShareError::CannotListen {
                    address: address.to_string(),
                    reason: e.to_string(),
                })?
        };
        let mut share = Share {
            inner,
            pending,
            server,
            thread: Some(thread),
            listening,
            addresses,
            game,
            published_at: None,
            seats: Vec::new(),
        };
        share.publish(table);
        Ok(share)
    }

    /// The join code in every address.
    #[must_use]
    pub fn code(&self) -> &str {
        &self.inner.code
    }

    /// The seats of the game, each with whether a phone holds it (as last published).
    #[must_use]
    pub fn seats(&self) -> &[(Seat, bool)] {
        &self.seats
    }

    /// Makes every seat's view from `table` and hands them to the server, which sends each
    /// phone its own when it changed.
    pub fn publish(&mut self, table: &dyn SharedTable) {
        let seats = table.seats();
        let views: HashMap<String, String> = seats
            .iter()
            .filter_map(|seat| Some((seat.id.clone(), to_json(&table.view(Some(&seat.id))?))))
            .collect();
        let public = table.view(None);
        let watcher = public.as_ref().map_or_else(|| "{}".to_owned(), to_json);
        let title = public.map(|v| v.headline).unwrap_or_default();
        let held = self.inner.book.lock().map(|b| b.held()).unwrap_or_default();
        self.seats = seats.iter().map(|s| (s.clone(), held.contains(&s.id))).collect();
        if let Ok(mut published) = self.inner.published.lock() {
            published.version += 1;
            published.title = title;
            published.seats = seats;
            published.views = views;
            published.watcher = watcher;
        }
        self.inner.changed.notify_all();
        self.published_at = Some(table.changes());
    }

    /// The host's turn, once a frame (or whenever woken): carries out every seat's choice
    /// waiting, answers each, and publishes again if the game changed (here or on the host's
    /// own screen). Returns the lines of the events the phones' choices made.
    pub fn pump(&mut self, table: &mut dyn SharedTable) -> Vec<String> {
        let mut done = Vec::new();
        while let Ok(pending) = self.pending.try_recv() {
            done.extend(pending.carry_out(table));
        }
        let seats_moved = self.inner.book.lock().is_ok_and(|mut b| std::mem::take(&mut b.moved));
        if seats_moved || self.published_at != Some(table.changes()) {
            self.publish(table);
        }
        done
    }

    /// Waits up to `timeout` for a seat's choice, then pumps: the loop of a host with no
    /// window.
    pub fn wait_and_pump(&mut self, table: &mut dyn SharedTable, timeout: Duration) -> Vec<String> {
        let mut done = Vec::new();
        if let Ok(pending) = self.pending.recv_timeout(timeout) {
            done.extend(pending.carry_out(table));
        }
        done.extend(self.pump(table));
        done
    }

    /// Frees a seat (its phone was lost or handed on): its secret no longer works, and
    /// another phone may claim it.
    ///
    /// # Errors
    /// When the seats file cannot be written (the seat is then still held).
    pub fn free_seat(&mut self, seat: &str) -> Result<(), String> {
        self.inner.free(seat)?;
        for (s, held) in &mut self.seats {
            if s.id == seat {
                *held = false;
            }
        }
        self.inner.changed.notify_all();
        Ok(())
    }

    /// Stops sharing: the server stops listening and every phone's stream ends.
    pub fn stop(mut self) {
        self.shut_down();
    }

    fn shut_down(&mut self) {
        self.inner.stopping.store(true, Ordering::SeqCst);
        if let Ok(mut published) = self.inner.published.lock() {
            published.stopped = true;
        }
        self.inner.changed.notify_all();
        self.server.unblock();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl Drop for Share {
    fn drop(&mut self) {
        self.shut_down();
    }
}

impl Inner {
    fn free(&self, seat: &str) -> Result<(), String> {
        let mut book = self.book.lock().map_err(|_| "The seats cannot be read.".to_owned())?;
        let mut changed = book.clone();
        changed.seats.remove(seat);
        if let Some(path) = &self.book_path {
            changed.write(path)?;
        }
        *book = changed;
        book.moved = true;
        drop(book);
        // Its stream looks again, finds the seat gone and ends.
        if let Ok(mut published) = self.published.lock() {
            published.version += 1;
        }
        Ok(())
    }
}

/// Listens on `address`. A server just stopped may still hold its port for a moment (its
/// listener closes on a thread of its own), so a port in use is tried again for a second.
fn listen(address: SocketAddr) -> Result<tiny_http::Server, ShareError> {
    let mut tries = 0;
    loop {
        match tiny_http::Server::http(address) {
            Ok(server) => return Ok(server),
            Err(e) => {
                let in_use = e
                    .downcast_ref::<std::io::Error>()
                    .is_some_and(|e| e.kind() == std::io::ErrorKind::AddrInUse);
                tries += 1;
                if !in_use || tries >= 10 {
                    let reason = if in_use { "the port is in use".to_owned() } else { e.to_string() };
                    return Err(ShareError::CannotListen { address: address.to_string(), reason });
                }
                std::thread::sleep(Duration::from_millis(100));
            }
        }
    }
}

fn to_json(value: &impl Serialize) -> String {
    serde_json::to_string(value).unwrap_or_else(|_| "{}".to_owned())
}

#[cfg(test)]
mod tests;
