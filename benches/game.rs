//! Timing of the game journal: applying and saving one event (written and synced to the disk
//! before the game shows it) at 100 and at 10,000 events, what the sync alone costs on this
//! disk, and reopening a game of 10,000 events. Run with `cargo bench --bench game` (or, to
//! skip an optimised build, `cargo bench --profile dev --bench game`). With `PERF_REPLAY=1` it
//! replays the long game 300 more times at the end, and with `PERF_REMEMBERED=1` reopens it
//! through the session 300 more times, for a profiler (`perf record`).

use std::io::Write as _;
use std::time::Instant;

use posse::store::Journal;
use posse::systems::dmh::files::read_journal;
use posse::systems::dmh::game::{Event, Game, sim};
use posse::systems::dmh::rules::embedded;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// Plays a game up to `n` events, then times applying and saving each of the next 300.
fn apply_and_save_at(n: usize) -> f64 {
    let rules = embedded::load().expect("rules");
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("g.jsonl");
    let mut game = Game::default();
    let mut choice = 7u64;
    let mut next = |game: &Game| {
        choice = choice.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        if game.events.is_empty() {
            Event::Begin(Box::new(sim::showdown_setup(5)))
        } else {
            sim::next_event_endless(rules, game, choice).expect("the simulated game goes on")
        }
    };
    // The first `n` events are written at once; syncing each would only slow the set-up.
    while game.events.len() < n {
        let event = next(&game);
        game.apply(rules, &event).expect("legal");
    }
    let mut journal = Journal::rewrite(&path, &game.events).expect("journal");
    let mut times = Vec::new();
    while game.events.len() < n + 300 {
        let event = next(&game);
        let start = Instant::now();
        posse::systems::dmh::journal::commit(&mut journal, &mut game, rules, &event)
            .expect("legal and saved");
        times.push(start.elapsed().as_secs_f64() * 1e6);
    }
    median(times)
}

/// Appends 300 lines of the size of an event to a file, with or without syncing each to the
/// disk, and gives the median time of one.
fn append_line(sync: bool) -> f64 {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut file = std::fs::File::create(dir.path().join("lines")).expect("file");
    let line = format!("{{\"n\":1,\"sum\":\"00000000\",\"event\":{}}}\n", "x".repeat(60));
    let times: Vec<f64> = (0..300)
        .map(|_| {
            let start = Instant::now();
            file.write_all(line.as_bytes()).expect("written");
            if sync {
                file.sync_data().expect("synced");
            }
            start.elapsed().as_secs_f64() * 1e6
        })
        .collect();
    median(times)
}

fn main() {
    let rules = embedded::load().expect("rules");
    for n in [100, 10_000] {
        println!("apply + save (synced) one event at {n} events: median {:.1} µs", apply_and_save_at(n));
    }
    let (plain, synced) = (append_line(false), append_line(true));
    println!(
        "append one line: median {plain:.1} µs; with sync_data: median {synced:.1} µs (the sync costs {:.1} µs)",
        synced - plain
    );
    // A 10,000-event journal, reopened (read, checked and replayed) eleven times.
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("long.jsonl");
    let mut game = Game::default();
    let mut choice = 3u64;
    while game.events.len() < 10_000 {
        choice = choice.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        let event = if game.events.is_empty() {
            Event::Begin(Box::new(sim::showdown_setup(9)))
        } else {
            sim::next_event_endless(rules, &game, choice).expect("goes on")
        };
        game.apply(rules, &event).expect("legal");
    }
    Journal::rewrite(&path, &game.events).expect("journal");
    let times: Vec<f64> = (0..11)
        .map(|_| {
            let start = Instant::now();
            let read = read_journal(&path).expect("read");
            assert!(read.damage.is_none());
            let again = Game::replay(rules, &read.events).expect("replays");
            assert_eq!(again.events.len(), 10_000);
            start.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    let reading: Vec<f64> = (0..11)
        .map(|_| {
            let start = Instant::now();
            assert_eq!(read_journal(&path).expect("read").events.len(), 10_000);
            start.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    let events = read_journal(&path).expect("read").events;
    let replaying: Vec<f64> = (0..11)
        .map(|_| {
            let start = Instant::now();
            assert_eq!(Game::replay(rules, &events).expect("replays").events.len(), 10_000);
            start.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    println!(
        "reopen a game of 10,000 events: median {:.1} ms (reading and checking the file: {:.1} ms; replaying: {:.1} ms)",
        median(times),
        median(reading),
        median(replaying)
    );
    // The same game through the table session, as the app reopens it: the first reopen makes
    // the words and remembers them beside the journal, every later one takes them.
    let data = posse::store::DataDir::at(dir.path());
    Journal::rewrite(&data.game_path("long"), &game.events).expect("journal");
    let mut table: posse::session::Table<Game> = posse::session::Table::new(Some(data), "game");
    table.resume(rules, "long").expect("first reopen");
    table.close(rules);
    let remembered: Vec<f64> = (0..11)
        .map(|_| {
            let start = Instant::now();
            table.resume(rules, "long").expect("reopened");
            let ms = start.elapsed().as_secs_f64() * 1e3;
            assert_eq!(table.game().map(|g| g.lines.len()), Some(10_000));
            table.close(rules);
            ms
        })
        .collect();
    println!(
        "reopen it through the table session, its lines remembered: median {:.1} ms",
        median(remembered)
    );
    if std::env::var_os("PERF_REMEMBERED").is_some() {
        for _ in 0..300 {
            table.resume(rules, "long").expect("reopened");
            table.close(rules);
        }
    }
    if std::env::var_os("PERF_REPLAY").is_some() {
        for _ in 0..300 {
            assert_eq!(Game::replay(rules, &events).expect("replays").events.len(), 10_000);
        }
    }
}
