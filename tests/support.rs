//! Shared set-up for the UI tests: the app on a data folder, opened on one screen.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use posse::app::{PosseApp, Screen};
use posse::rules::embedded;
use posse::store::DataDir;

/// The app on the data folder `dir`, in a window of `width` × `height`, showing `screen`.
pub fn app_on(dir: &std::path::Path, screen: Screen, width: f32, height: f32) -> Harness<'static, PosseApp> {
    let rules = embedded::load().expect("rules load");
    let data = DataDir::at(dir);
    let mut h = Harness::builder()
        .with_size(egui::vec2(width, height))
        .build_eframe(move |cc| PosseApp::with_data(cc, rules, Some(data)));
    h.run();
    let label = match screen {
        Screen::Reference => "Reference",
        Screen::Gangs => "Gangs",
        Screen::Scenes => "Scenes",
        Screen::Play => "Play",
    };
    h.get_by_label(label).click();
    h.run();
    assert_eq!(h.state().screen, screen);
    h
}

/// Clicks a widget by its label, scrolling to it first as a player would.
pub fn click(h: &mut Harness<'static, PosseApp>, label: &str) {
    h.get_by_label(label).scroll_to_me();
    h.run();
    h.get_by_label(label).click();
    h.run();
}
