//! CPU time of one frame of the host's window while its game is shared at the table (issue
//! 22): Fragmaster's round with four players after 1,998 events, first not shared, then shared
//! on `127.0.0.1` (port 0) with each of the four characters' seats claimed and its event
//! stream open (the Share at the table panel open, with its QR code, then closed); and the
//! frame after an Undo or a Redo at the host, which publishes every seat's view again. Drawn
//! headless with `egui_kittest` at 1280×800. Run with `cargo bench --bench frame_share`.

use std::net::{IpAddr, Ipv4Addr};

use posse::share::phone;
use std::time::Instant;

#[path = "common/fragmaster_game.rs"]
mod fragmaster_game;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use posse::app::PosseApp;
use posse::store::DataDir;
use posse::systems::fragmaster::app::{FragmasterApp, Screen};
use posse::systems::fragmaster::ui::play::PlayCommand;

const FRAMES: usize = 200;

/// The median and p90 of `FRAMES` frames, in ms.
fn measure(h: &mut Harness<'_, PosseApp>) -> (f64, f64) {
    for _ in 0..10 {
        h.step();
    }
    let mut times: Vec<f64> = (0..FRAMES)
        .map(|_| {
            let start = Instant::now();
            h.step();
            start.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    times.sort_by(f64::total_cmp);
    (times[FRAMES / 2], times[FRAMES * 9 / 10])
}

/// The median of the frames that follow a change at the host (Undo, then Redo, `FRAMES / 4`
/// times each): the frame in which a shared game publishes every seat's view again.
fn measure_changes(h: &mut Harness<'_, PosseApp>) -> f64 {
    let mut times = Vec::with_capacity(FRAMES / 2);
    for _ in 0..FRAMES / 4 {
        for undo in [true, false] {
            let table = &h.state().system::<FragmasterApp>().expect("Fragmaster").table;
            let label = if undo {
                format!("Undo: {}", table.undo_label().expect("something to undo"))
            } else {
                format!("Redo: {}", table.redo_label().expect("something to redo"))
            };
            h.get_by_label(&label).click_accesskit();
            // The click's frame carries the change out; the next one shows (and publishes) it.
            h.step();
            let start = Instant::now();
            h.step();
            times.push(start.elapsed().as_secs_f64() * 1e3);
            h.step();
        }
    }
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

fn main() {
    let names = fragmaster_game::NAMES;
    let dir = tempfile::tempdir().expect("temp dir");
    let data = DataDir::at(dir.path());
    let events = fragmaster_game::write_long_game(&data);
    // A bench measures time: the names every widget reads by are the tests' to check.
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .with_accessibility_check(false)
        .build_eframe(move |cc| PosseApp::with_data(cc, posse::systems::ALL, Some(data)));
    let index = posse::systems::ALL.iter().position(|s| s.id == "fragmaster").expect("Fragmaster");
    h.state_mut().open(index);
    h.run();
    let app = h.state_mut().system_mut::<FragmasterApp>().expect("Fragmaster");
    app.screen = Screen::Play;
    app.handle_play(PlayCommand::Resume("game-bench".into()));
    h.run();
    assert!(h.query_by_label("Run").is_some(), "Bob's turn on the Play screen");
    assert!(h.query_by_label("Share at the table").is_some(), "the game can be shared");
    let alone = measure(&mut h);
    let alone_change = measure_changes(&mut h);

    // Shared through the panel, on 127.0.0.1 and any free port.
    h.get_by_label("Share at the table").click_accesskit();
    h.run();
    let sharing = &mut h.state_mut().sharing;
    sharing.addresses = vec![IpAddr::V4(Ipv4Addr::LOCALHOST)];
    sharing.address = 0;
    "0".clone_into(&mut sharing.port);
    h.run();
    h.get_by_label("Start sharing").click_accesskit();
    h.run();
    let share = h.state().sharing.running().expect("shared");
    let (at, code) = (share.listening, share.code().to_owned());
    let mut streams = Vec::new();
    for (i, name) in names.iter().enumerate() {
        let seat = format!("character-{i}");
        let secret = phone::claim(at, &code, &seat).expect("claimed");
        let mut stream = phone::Stream::open(at, &format!("/{code}/events?seat={seat}&secret={secret}"))
            .expect("a stream");
        let (_, view) = stream.next_message().expect("its view");
        assert_eq!(view["name"].as_str().map(|n| n.contains(name)), Some(true), "{view}");
        streams.push(stream);
    }
    h.run();
    assert!(h.query_by_label("Sharing · 4 of 4 seats").is_some(), "four phones hold the four seats");
    let shared_open = measure(&mut h);
    h.state_mut().sharing.open = false;
    h.run();
    let shared_closed = measure(&mut h);
    let shared_change = measure_changes(&mut h);
    assert_eq!(h.state().sharing.running().map(|s| s.seats().len()), Some(4), "still shared");

    println!("Fragmaster round frame, 4 players, {events} log entries, over {FRAMES} frames each:");
    println!(
        "  not shared:                                   median {:.2} ms (p90 {:.2} ms)",
        alone.0, alone.1
    );
    println!(
        "  shared, 4 seats' streams open, panel open:    median {:.2} ms (p90 {:.2} ms)",
        shared_open.0, shared_open.1
    );
    println!(
        "  shared, 4 seats' streams open, panel closed:  median {:.2} ms (p90 {:.2} ms)",
        shared_closed.0, shared_closed.1
    );
    println!(
        "  the frame after an Undo or Redo at the host:  median {alone_change:.2} ms not shared, {shared_change:.2} ms \
         shared (every seat's view published again)"
    );
    drop(streams);
}
