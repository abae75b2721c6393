//! CPU time of one frame of Fragmaster's round at its worst case: four players after 1,998
//! events, five rearm points offered after a run, and a rocket fired at point-blank range with
//! everyone else caught in the blast, dice typed. Drawn headless with `egui_kittest` at
//! 1280×800. Run with `cargo bench --bench frame_fragmaster`.

use std::time::Instant;

#[path = "common/fragmaster_game.rs"]
mod fragmaster_game;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use posse::app::PosseApp;
use posse::store::DataDir;
use posse::systems::fragmaster::app::{FragmasterApp, Screen};
use posse::systems::fragmaster::ui::play::PlayCommand;

fn click(h: &mut Harness<'_, PosseApp>, label: &str) {
    h.get_by_label(label).click_accesskit();
    h.run();
}

fn type_in(h: &mut Harness<'_, PosseApp>, label: &str, text: &str) {
    h.get_by_role_and_label(egui::accesskit::Role::TextInput, label).set_text_value_accesskit(text);
    h.run();
}

fn main() {
    let dir = tempfile::tempdir().expect("temp dir");
    let data = DataDir::at(dir.path());
    fragmaster_game::write_long_game(&data);
    let data_for_app = data.clone();
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .build_eframe(move |cc| PosseApp::with_data(cc, posse::systems::ALL, Some(data_for_app)));
    let index = posse::systems::ALL.iter().position(|s| s.id == "fragmaster").expect("Fragmaster");
    h.state_mut().open(index);
    h.run();
    let app = h.state_mut().system_mut::<FragmasterApp>().expect("Fragmaster");
    app.screen = Screen::Play;
    app.handle_play(PlayCommand::Resume("game-bench".into()));
    h.run();
    let current = {
        let app = h.state().system::<FragmasterApp>().expect("Fragmaster");
        let state = &app.table.game().expect("open").state;
        state.current().map(|c| state.name(c).to_owned()).expect("a turn")
    };
    assert_eq!(current, "Bob", "the turns come round to Bob");
    click(&mut h, "Run");
    assert_eq!(h.query_all_by_label_contains("Take the rocket launcher at rearm point").count(), 5);
    click(&mut h, "Take the rocket launcher at rearm point 5");
    click(&mut h, "Target Ann");
    type_in(&mut h, "Distance (cm)", "4");
    type_in(&mut h, "Hit d6", "6");
    type_in(&mut h, "Wound d6", "6");
    for who in ["Bob (the attacker)", "Cid", "Dan"] {
        click(&mut h, &format!("{who} within 5 cm"));
    }
    for who in ["Bob", "Cid", "Dan"] {
        type_in(&mut h, &format!("{who} wound d6"), "6");
    }
    h.get_by_label("Record the attack");
    let mut times: Vec<f64> = (0..200)
        .map(|_| {
            let start = Instant::now();
            h.step();
            start.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    times.sort_by(f64::total_cmp);
    println!(
        "Fragmaster round frame, 4 players, 1,998 log entries, 5 rearm offers and a 4-way blast: median {:.2} ms \
         (p90 {:.2} ms) over 200 frames",
        times[100], times[180]
    );
}
