//! Shared set-up for the UI tests: the app on a data folder, opened on one screen.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use posse::app::PosseApp;
use posse::store::DataDir;
use posse::systems::dmh::app::Screen;

/// The app on the data folder `dir`, in a window of `width` × `height`, showing `screen`.
pub fn app_on(dir: &std::path::Path, screen: Screen, width: f32, height: f32) -> Harness<'static, PosseApp> {
    let data = DataDir::at(dir);
    let mut h = Harness::builder()
        .with_size(egui::vec2(width, height))
        .build_eframe(move |cc| PosseApp::with_data(cc, Some(data)));
    h.run();
    open_dmh(&mut h);
    let label = match screen {
        Screen::Reference => "Reference",
        Screen::Gangs => "Gangs",
        Screen::Scenes => "Scenes",
        Screen::Play => "Play",
    };
    h.get_by_label(label).click();
    h.run();
    assert_eq!(h.state().dmh().screen, screen);
    h
}

/// From the home screen, opens Dead Man's Hand (its tile) as a player would.
pub fn open_dmh(h: &mut Harness<'static, PosseApp>) {
    if h.state().home {
        h.get_by_label("Dead Man's Hand").click();
        h.run();
    }
    assert!(!h.state().home);
}

/// Clicks a widget by its label, scrolling to it first as a player would.
pub fn click(h: &mut Harness<'static, PosseApp>, label: &str) {
    h.get_by_label(label).scroll_to_me();
    h.run();
    h.get_by_label(label).click();
    h.run();
}

/// Ends every activation of the turn (settling a tie for the first side if asked) and then
/// the turn itself, as players who only move would.
pub fn play_out_the_turn(h: &mut Harness<'static, PosseApp>) {
    for _ in 0..60 {
        let Some(game) = h.state().dmh().game.as_ref().map(|g| &g.game) else { return };
        if game.phase != posse::systems::dmh::game::Phase::Activations {
            return;
        }
        let first = game.sides[0].name.clone();
        if h.query_by_label_contains("placed its first card first").is_some() {
            h.get_by_label(&format!("{first} placed first")).click_accesskit();
        } else if let Some(end) = h.query_by_label("End the turn") {
            end.click_accesskit();
        } else {
            h.get_by_label_contains("'s activation").click_accesskit();
        }
        h.run();
    }
}

/// The data folder every run of the real binary is given: a folder under `target/`, so no test
/// can read or write the developer's own gangs and games, even by mistake.
pub const SANDBOX: &str = concat!(env!("CARGO_TARGET_TMPDIR"), "/posse-data");

/// The real `posse` binary, run with its data folder and home in [`SANDBOX`]. Every test that
/// runs the binary starts it here (a test in `tests/journal.rs` checks that).
pub fn posse_command() -> std::process::Command {
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_posse"));
    command
        .env("POSSE_DATA_DIR", SANDBOX)
        .env("HOME", SANDBOX)
        .env("XDG_DATA_HOME", SANDBOX)
        .env("APPDATA", SANDBOX);
    command
}
