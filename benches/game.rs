//! Timing of the game journal: applying and saving one event (at 100 and at 10,000 events),
//! and reopening a game of 10,000 events. Run with `cargo bench --bench game`.

use std::time::Instant;

use posse::game::{Event, Game, sim};
use posse::rules::embedded;
use posse::store::{Journal, read_journal};

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// Plays a game up to `n` events, then times applying and appending each of the next 300.
fn apply_and_save_at(n: usize) -> f64 {
    let rules = embedded::load().expect("rules");
    let dir = tempfile::tempdir().expect("temp dir");
    let mut journal = Journal::open(&dir.path().join("g.jsonl")).expect("journal");
    let mut game = Game::default();
    let mut choice = 7u64;
    let mut times = Vec::new();
    while game.log.len() < n + 300 {
        choice = choice.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        let event = if game.log.is_empty() {
            Event::Begin(Box::new(sim::showdown_setup(5)))
        } else {
            sim::next_event_endless(rules, &game, choice).expect("the simulated game goes on")
        };
        let start = Instant::now();
        game.apply(rules, &event).expect("legal");
        journal.append(&event).expect("saved");
        if game.log.len() > n {
            times.push(start.elapsed().as_secs_f64() * 1e6);
        }
    }
    median(times)
}

fn main() {
    let rules = embedded::load().expect("rules");
    for n in [100, 10_000] {
        println!("apply + save one event at {n} events: median {:.1} µs", apply_and_save_at(n));
    }
    // A 10,000-event journal, reopened (read and replayed) eleven times.
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("long.jsonl");
    let mut journal = Journal::open(&path).expect("journal");
    let mut game = Game::default();
    let mut choice = 3u64;
    while game.log.len() < 10_000 {
        choice = choice.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        let event = if game.log.is_empty() {
            Event::Begin(Box::new(sim::showdown_setup(9)))
        } else {
            sim::next_event_endless(rules, &game, choice).expect("goes on")
        };
        game.apply(rules, &event).expect("legal");
        journal.append(&event).expect("saved");
    }
    journal.sync().expect("synced");
    let times: Vec<f64> = (0..11)
        .map(|_| {
            let start = Instant::now();
            let read = read_journal(&path).expect("read");
            let again = Game::replay(rules, &read.events).expect("replays");
            assert_eq!(again.log.len(), 10_000);
            start.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    println!("reopen a game of 10,000 events: median {:.1} ms", median(times));
}
