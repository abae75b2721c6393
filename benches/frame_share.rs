//! CPU time of one frame of the host's window while its game is shared at the table (issue
//! 22): Fragmaster's round with four players after 1,998 events, first not shared, then shared
//! on `127.0.0.1` (port 0) with each of the four characters' seats claimed and its event
//! stream open (the Share at the table panel open, with its QR code, then closed); and the
//! frame after an Undo or a Redo at the host, which publishes every seat's view again. Drawn
//! headless with `egui_kittest` at 1280×800. Run with `cargo bench --bench frame_share`.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{IpAddr, Ipv4Addr, SocketAddr, TcpStream};
use std::time::{Duration, Instant};

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use posse::app::PosseApp;
use posse::kernel::log::Log;
use posse::store::{DataDir, Journal};
use posse::systems::fragmaster::app::{FragmasterApp, Screen};
use posse::systems::fragmaster::game::{
    CharacterId, Event, Fragmaster, InitiativeRoll, PlayerSetup, Respawn, Setup,
};
use posse::systems::fragmaster::rules::ActionKind;
use posse::systems::fragmaster::rules::data::WeaponId;
use posse::systems::fragmaster::rules::dice::D6;
use posse::systems::fragmaster::ui::play::PlayCommand;
use serde_json::{Value, json};

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

/// One request, answered and closed: the status and the body as JSON.
fn request(at: SocketAddr, method: &str, path: &str, body: &str) -> (u16, Value) {
    let mut stream = TcpStream::connect(at).expect("connected");
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: posse\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .expect("sent");
    let mut answer = String::new();
    stream.read_to_string(&mut answer).expect("answered");
    let (head, body) = answer.split_once("\r\n\r\n").expect("a head and a body");
    let status = head.split(' ').nth(1).and_then(|s| s.parse().ok()).expect("a status");
    (status, serde_json::from_str(body).unwrap_or_else(|_| Value::String(body.to_owned())))
}

/// A seat's event stream, opened, with its first view read (and the connection kept open).
fn stream(at: SocketAddr, path: &str) -> (BufReader<TcpStream>, Value) {
    let mut stream = TcpStream::connect(at).expect("connected");
    stream.set_read_timeout(Some(Duration::from_secs(10))).expect("timeout set");
    write!(stream, "GET {path} HTTP/1.1\r\nHost: posse\r\n\r\n").expect("sent");
    let mut lines = BufReader::new(stream);
    let mut line = String::new();
    lines.read_line(&mut line).expect("status");
    assert!(line.starts_with("HTTP/1.1 200"), "{line}");
    loop {
        line.clear();
        lines.read_line(&mut line).expect("a line");
        if let Some(data) = line.trim_end().strip_prefix("data: ")
            && data.starts_with('{')
            && data.len() > 2
        {
            let view = serde_json::from_str(data).expect("JSON");
            return (lines, view);
        }
    }
}

fn main() {
    let rules = posse::systems::fragmaster::rules::embedded::load().expect("rules");
    let names = ["Ann", "Bob", "Cid", "Dan"];
    let setup = Setup {
        players: names
            .iter()
            .map(|&n| PlayerSetup { name: n.to_owned(), characters: vec![n.to_owned()] })
            .collect(),
        target: 20,
        respawn_points: 6,
        rearm_points: vec![WeaponId("rocket-launcher".into()); 5],
        respawn: Respawn::NextRound,
    };
    let fm = Fragmaster { rules };
    let mut game: Log<Fragmaster<'_>> = Log::default();
    let apply = |game: &mut Log<Fragmaster<'_>>, event: Event| game.apply(&fm, &event).expect("legal");
    apply(&mut game, Event::Setup(setup));
    let rolls = [11, 14, 10, 9]
        .iter()
        .enumerate()
        .map(|(i, &roll)| InitiativeRoll { character: CharacterId(i), roll })
        .collect();
    apply(&mut game, Event::InitiativeRolls { rolls });
    for (character, face) in [(1, 1), (0, 2), (2, 3), (3, 4)] {
        let rolls = vec![D6::new(face).expect("a face")];
        apply(&mut game, Event::DeploymentRolls { character: CharacterId(character), rolls });
    }
    // 664 turns of three events: 1,998 in all, and the turn back to Bob.
    for _ in 0..664 {
        for action in [ActionKind::Climb, ActionKind::TakeCover] {
            apply(&mut game, Event::Act { action, note: None });
        }
        apply(&mut game, Event::EndTurn);
    }
    let events = game.events.len();
    let dir = tempfile::tempdir().expect("temp dir");
    let data = DataDir::at(dir.path());
    Journal::rewrite(&data.system("fragmaster").game_path("game-bench"), &game.events).expect("journal");
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
        let (status, body) =
            request(at, "POST", &format!("/{code}/claim"), &json!({"seat": seat}).to_string());
        assert_eq!(status, 200, "{body}");
        let secret = body["secret"].as_str().expect("a secret");
        let (lines, view) = stream(at, &format!("/{code}/events?seat={seat}&secret={secret}"));
        assert_eq!(view["name"].as_str().map(|n| n.contains(name)), Some(true), "{view}");
        streams.push(lines);
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
