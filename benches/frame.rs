//! CPU time of one frame of the Play screen with ten models a side and 10,000 log entries,
//! drawn headless with `egui_kittest`. Run with `cargo bench --bench frame`.

use std::time::Instant;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use posse::app::PosseApp;
use posse::store::{DataDir, Journal};
use posse::systems::dmh::app::{DmhApp, Screen};
use posse::systems::dmh::game::{Event, Game, sim};
use posse::systems::dmh::rules::embedded;
use posse::systems::dmh::rules::gang::{GangFile, ModelEntry};
use posse::systems::dmh::ui::play::PlayCommand;

fn gang(name: &str, kind: &str, profiles: &[(&str, usize)]) -> GangFile {
    let models = profiles
        .iter()
        .flat_map(|(profile, n)| {
            (0..*n).map(move |i| ModelEntry {
                name: format!("{profile} {}", i + 1),
                profile: (*profile).to_owned(),
                weapons: vec!["pistol".into()],
            })
        })
        .collect();
    GangFile { name: name.into(), gang: kind.into(), models, ..GangFile::default() }
}

fn main() {
    let rules = embedded::load().expect("rules");
    let dir = tempfile::tempdir().expect("temp dir");
    let data = DataDir::at(dir.path());
    let mut setup = sim::showdown_setup(5);
    setup.sides[0].gang = gang("Ten Lawmen", "lawmen", &[("sheriff", 1), ("deputy", 6), ("citizen", 3)]);
    setup.sides[1].gang = gang("Ten Outlaws", "outlaws", &[("boss", 1), ("dude", 7), ("varmint", 2)]);
    let mut game = Game::default();
    let mut choice = 11u64;
    while game.events.len() < 10_000 {
        choice = choice.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        let event = if game.events.is_empty() {
            Event::Begin(Box::new(setup.clone()))
        } else {
            sim::next_event_endless(rules, &game, choice).expect("goes on")
        };
        game.apply(rules, &event).expect("legal");
    }
    // Written at once: appending syncs every event, which would only slow the set-up.
    Journal::rewrite(&data.game_path("game-bench"), &game.events).expect("journal");
    let data_for_app = data.clone();
    let mut h = Harness::builder()
        .with_size(egui::vec2(1400.0, 1000.0))
        .build_eframe(move |cc| PosseApp::with_data(cc, posse::systems::ALL, Some(data_for_app)));
    let dmh = h.state_mut().system_mut::<DmhApp>().expect("Dead Man's Hand");
    dmh.screen = Screen::Play;
    dmh.handle_play(PlayCommand::Resume("game-bench".into()));
    assert_eq!(
        h.state().system::<DmhApp>().expect("Dead Man's Hand").table.game().map(|g| g.events.len()),
        Some(10_000)
    );
    // The app opens on the home screen: show Dead Man's Hand (the first system), so the frame
    // timed is its Play screen, with the log at its newest line.
    h.state_mut().open(0);
    for _ in 0..10 {
        h.step();
    }
    let last =
        h.state().system::<DmhApp>().and_then(|d| d.table.game()).and_then(|g| g.lines.last().cloned());
    let last = last.expect("a last line");
    assert!(
        h.query_all_by_label(&last).next().is_some(),
        "the Play screen shows the log's newest line: {last}"
    );
    let mut times: Vec<f64> = (0..200)
        .map(|_| {
            let start = Instant::now();
            h.step();
            start.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    times.sort_by(f64::total_cmp);
    println!(
        "Play screen frame, 10 models a side, 10,000 log entries: median {:.2} ms (p90 {:.2} ms) over 200 frames",
        times[100], times[180]
    );
}
