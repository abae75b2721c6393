//! CPU time of one frame of Frag Deadlands' every-turn screen at its worst: a game of 10,000
//! events (turns of moving and passing), the two-column turn with the attack panel at its
//! longest (a new weapon card being declared, every dice field typed, the gallows squares
//! showing), drawn headless with `egui_kittest`. Run with `cargo bench --bench frame_frag`.

use std::time::Instant;

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use posse::app::PosseApp;
use posse::store::{DataDir, Journal};
use posse::systems::frag::app::{FragApp, Screen};
use posse::systems::frag::game::{Event, Game, HouseRules, Seat, Setup};
use posse::systems::frag::rules::data::Variant;
use posse::systems::frag::rules::embedded;
use posse::systems::frag::rules::fighter::Fighter;
use posse::systems::frag::ui::play::PlayCommand;

fn fighter(character: &str, health: u32, speed: u32, accuracy: u32) -> Fighter {
    Fighter { character: character.into(), name: String::new(), health, speed, accuracy, wins: 0 }
}

fn main() {
    let book = embedded::rulebook().expect("rules");
    let setup = Setup {
        variant: Variant::Deadlands,
        players: vec![
            Seat { name: "Ann".into(), fighter: fighter("agency-operative", 2, 2, 3) },
            Seat { name: "Bob".into(), fighter: fighter("indian-brave", 3, 2, 2) },
        ],
        frag_target: None,
        house: HouseRules::default(),
        edition: posse::systems::frag::game::EDITION,
    };
    let mut game = Game::default();
    let hands = ["AS KS QS JS 10S", "7H 7D 2C 3S 9D"]
        .map(|h| h.split(' ').map(|c| c.parse().expect("a card")).collect::<Vec<_>>());
    for event in [
        Event::Begin(Box::new(setup)),
        Event::PokerHands { hands: hands.to_vec() },
        Event::Respawn { square: Some(3) },
        Event::RollMovement { dice: vec![1, 1], extra_dice: 0 },
        Event::EndTurn,
        Event::Respawn { square: Some(4) },
    ] {
        game.apply(book, &event).expect("legal");
    }
    // Turns of a move and a pass until the log is long, ending in Bob's actions.
    while game.events.len() < 10_000 || game.state.current_player() != Some(1) {
        for event in [
            Event::RollMovement { dice: vec![2, 2], extra_dice: 0 },
            Event::Move { squares: 1, jump: false },
            Event::EndTurn,
        ] {
            game.apply(book, &event).expect("legal");
        }
    }
    game.apply(book, &Event::RollMovement { dice: vec![2, 2], extra_dice: 0 }).expect("legal");
    let dir = tempfile::tempdir().expect("temp dir");
    let data = DataDir::at(dir.path());
    // Written at once: appending syncs every event, which would only slow the set-up.
    Journal::rewrite(&data.system("frag").game_path("game-bench"), &game.events).expect("journal");
    let events = game.events.len();
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .build_eframe(move |cc| PosseApp::with_data(cc, posse::systems::ALL, Some(data)));
    let frag_at = posse::systems::ALL.iter().position(|s| s.id == "frag").expect("Frag is registered");
    h.state_mut().open(frag_at);
    let frag = h.state_mut().system_mut::<FragApp>().expect("Frag");
    frag.screen = Screen::Play;
    frag.handle_play(PlayCommand::Resume("game-bench".into()));
    assert_eq!(h.state().system::<FragApp>().and_then(FragApp::game).map(|g| g.events.len()), Some(events));
    h.run();
    // The longest attack panel: Bob declares a new weapon card and hangs Ann.
    h.get_by_label("Target Ann").click_accesskit();
    h.run();
    h.get_by_label("A new weapon card").click_accesskit();
    h.run();
    for (field, text) in [
        ("Weapon card's name", "Buffalo Rifle"),
        ("To-hit dice", "2 2"),
        ("Damage dice", "6 6 6"),
        ("Ann's defence dice", "1 1"),
    ] {
        h.get_by_role_and_label(Role::TextInput, field).set_text_value_accesskit(text);
        h.run();
    }
    assert!(h.query_by_label("Gallows square 2").is_some(), "the gallows squares show");
    for _ in 0..10 {
        h.step();
    }
    let mut times: Vec<f64> = (0..200)
        .map(|_| {
            let start = Instant::now();
            h.step();
            start.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    times.sort_by(f64::total_cmp);
    println!(
        "Frag's turn with the longest attack panel, {events} events: median {:.2} ms (p90 {:.2} ms) over 200 frames",
        times[100], times[180]
    );
}
