//! CPU time of one frame of Fragmaster's round at its worst case: four players after 1,998
//! events, five rearm points offered after a run, and a rocket fired at point-blank range with
//! everyone else caught in the blast, dice typed. Drawn headless with `egui_kittest` at
//! 1280×800. Run with `cargo bench --bench frame_fragmaster`.

use std::time::Instant;

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

fn click(h: &mut Harness<'_, PosseApp>, label: &str) {
    h.get_by_label(label).click_accesskit();
    h.run();
}

fn type_in(h: &mut Harness<'_, PosseApp>, label: &str, text: &str) {
    h.get_by_role_and_label(egui::accesskit::Role::TextInput, label).set_text_value_accesskit(text);
    h.run();
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
    // In initiative order: Bob, Ann, Cid, Dan, each on a point of its own.
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
    let dir = tempfile::tempdir().expect("temp dir");
    let data = DataDir::at(dir.path());
    Journal::rewrite(&data.system("fragmaster").game_path("game-bench"), &game.events).expect("journal");
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
