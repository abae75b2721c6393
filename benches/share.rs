//! Latency of a shared table (issue 22): how long after one phone sends its choice the other
//! phone's stream delivers the view it changed. An in-process `Share` on `127.0.0.1`, port 0,
//! with the host on a thread of its own pumping as `posse serve` does (`wait_and_pump` in a
//! loop), each seat's event stream open, and every choice committed through the journal in a
//! temporary data folder (synced to disk, as at the table). Run with `cargo bench --bench share`.
//!
//! The game is a toy of two seats passing the turn back and forth ("Pass" is always offered
//! to the seat on turn): no real system offers a choice a phone can send for ever without the
//! host typing a die or a card in between, and the toy keeps the view as small as the server's
//! own cost, so the number is the sharing's own. Both phones connect from `127.0.0.1`, one
//! address, so the choices are paced to the server's rate for one phone (a few a second).

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use posse::kernel::log::{Log, Rules, Summary, TableRules};
use posse::kernel::seat::{Choice, Prompt, Seat, SeatRules, SeatView};
use posse::session::{Seated, Table};
use posse::share::phone::Stream;
use posse::share::{Options, Share};
use posse::store::DataDir;
use serde_json::{Value, json};

const SAMPLES: usize = 200;
/// One choice at most this often: one address may send five requests a second.
const PACE: Duration = Duration::from_millis(210);
const IDS: [&str; 2] = ["north", "south"];
const NAMES: [&str; 2] = ["North", "South"];

#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
enum Ev {
    Begin,
    /// The seat on turn passes it to the other.
    Pass(usize),
}

#[derive(Clone, Debug, Default)]
struct Relay {
    turn: usize,
    passes: u32,
}

#[derive(Debug, thiserror::Error)]
#[error("not your turn")]
struct NotYourTurn;

struct Passing;

impl Rules for Passing {
    type State = Relay;
    type Event = Ev;
    type Error = NotYourTurn;

    fn apply(&self, state: &mut Relay, event: &Ev) -> Result<(), NotYourTurn> {
        match event {
            Ev::Begin => Ok(()),
            Ev::Pass(seat) if *seat == state.turn => {
                state.turn = 1 - state.turn;
                state.passes += 1;
                Ok(())
            }
            Ev::Pass(_) => Err(NotYourTurn),
        }
    }

    fn describe(&self, _before: &Relay, _after: &Relay, event: &Ev) -> String {
        match event {
            Ev::Begin => "Begun".to_owned(),
            Ev::Pass(seat) => format!("{} passes", NAMES[*seat]),
        }
    }
}

impl TableRules for Passing {
    fn summary(&self, state: &Relay) -> Summary {
        Summary::new(format!("{} passes", state.passes), false)
    }

    fn is_start(event: &Ev) -> bool {
        matches!(event, Ev::Begin)
    }
}

impl SeatRules for Passing {
    fn seats(&self, _game: &Log<Self>) -> Vec<Seat> {
        IDS.iter().zip(NAMES).map(|(id, name)| Seat { id: (*id).to_owned(), name: name.to_owned() }).collect()
    }

    fn seat_view(&self, game: &Log<Self>, seat: Option<&str>) -> Option<SeatView> {
        let index = match seat {
            Some(seat) => Some(IDS.iter().position(|id| *id == seat)?),
            None => None,
        };
        let mine = index == Some(game.turn);
        Some(SeatView {
            seat: seat.unwrap_or_default().to_owned(),
            name: index.map(|i| NAMES[i].to_owned()).unwrap_or_default(),
            headline: format!("{} passes · {}'s turn", game.passes, NAMES[game.turn]),
            your_turn: mine,
            prompts: if mine {
                vec![Prompt { text: "Your turn.".to_owned(), choices: vec![Choice::new("pass", "Pass")] }]
            } else {
                Vec::new()
            },
            log: posse::kernel::seat::recent(game),
            ..SeatView::default()
        })
    }

    fn seat_event(
        &self,
        _game: &Log<Self>,
        seat: &str,
        choice: &str,
        _values: &posse::kernel::seat::Values,
    ) -> Result<Ev, String> {
        let index = IDS.iter().position(|id| *id == seat).ok_or("no such seat")?;
        if choice != "pass" {
            return Err("no such choice".to_owned());
        }
        Ok(Ev::Pass(index))
    }
}

/// One request, answered and closed: the status and the body as JSON (or as text in a string).
fn request(at: SocketAddr, method: &str, path: &str, body: &str) -> (u16, Value) {
    posse::share::phone::request(at, method, path, body).expect("answered")
}

fn claim(at: SocketAddr, code: &str, seat: &str) -> String {
    posse::share::phone::claim(at, code, seat).expect("claimed")
}

fn main() {
    let dir = tempfile::tempdir().expect("temp dir");
    let data = DataDir::at(dir.path());
    let stop = Arc::new(AtomicBool::new(false));
    let (started, address) = std::sync::mpsc::channel();
    // The host: the one table and journal, pumping the phones' choices as `posse serve` does.
    let host = {
        let (stop, data) = (Arc::clone(&stop), data.clone());
        std::thread::spawn(move || {
            let mut table: Table<Log<Passing>> = Table::new(Some(data.clone()), "game");
            table.start(&Passing, &Ev::Begin).expect("begun");
            let options =
                Options { bind: IpAddr::V4(Ipv4Addr::LOCALHOST), port: Some(0), title: "Toy".to_owned() };
            let mut share = Share::start(
                &Seated { table: &mut table, rules: &Passing },
                Some(&data),
                &options,
                Box::new(|| {}),
            )
            .expect("shared");
            started.send((share.listening, share.code().to_owned())).expect("told");
            while !stop.load(Ordering::SeqCst) {
                share.wait_and_pump(
                    &mut Seated { table: &mut table, rules: &Passing },
                    posse::clock::Duration::from_millis(100),
                );
            }
            share.stop();
            table.game().map_or(0, |g| g.events.len())
        })
    };
    let (at, code) = address.recv().expect("the host started");
    let secrets = IDS.map(|seat| claim(at, &code, seat));
    let mut streams = [0, 1].map(|i| {
        Stream::open(at, &format!("/{code}/events?seat={}&secret={}", IDS[i], secrets[i])).expect("a stream")
    });
    for stream in &mut streams {
        stream.next_view().expect("a view");
    }
    let mut times = Vec::with_capacity(SAMPLES);
    for i in 0..SAMPLES {
        let (me, other) = (i % 2, 1 - i % 2);
        let body = json!({"seat": IDS[me], "secret": secrets[me], "choice": "pass"}).to_string();
        let start = Instant::now();
        // The acting phone waits for its answer on a thread of its own, as a page does.
        let path = format!("/{code}/act");
        let sent = std::thread::spawn(move || request(at, "POST", &path, &body));
        let seen = streams[other].next_view().expect("a view");
        let elapsed = start.elapsed();
        assert_eq!(seen["your_turn"], true, "{seen}");
        assert_eq!(seen["headline"], format!("{} passes · {}'s turn", i + 1, NAMES[other]));
        let (status, answer) = sent.join().expect("answered");
        assert_eq!(status, 200, "{answer}");
        // The acting phone's own stream gets its changed view too.
        streams[me].next_view().expect("a view");
        times.push(elapsed.as_secs_f64() * 1e3);
        std::thread::sleep(PACE.saturating_sub(start.elapsed()));
    }
    stop.store(true, Ordering::SeqCst);
    let events = host.join().expect("the host ended");
    assert_eq!(events, SAMPLES + 1, "every pass journaled");
    times.sort_by(f64::total_cmp);
    println!(
        "A seat's choice reaching the other seat's stream (toy two-seat game, {SAMPLES} choices journaled, 127.0.0.1): median {:.2} ms (p90 {:.2} ms, max {:.2} ms)",
        times[SAMPLES / 2],
        times[SAMPLES * 9 / 10],
        times[SAMPLES - 1]
    );
}
