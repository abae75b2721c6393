//! The Scenes screen driven headless, on a temporary data folder.

use crate::support::Dmh as _;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use posse::app::PosseApp;
use posse::store::DataDir;
use posse::systems::dmh::app::Screen;
use posse::systems::dmh::files::{GangFolder as _, Outcome};
use posse::systems::dmh::rules::data::Role;

use super::support::{self, click};

fn app_on(dir: &std::path::Path) -> Harness<'static, PosseApp> {
    support::app_on(dir, Screen::Scenes, 1400.0, 1200.0)
}

#[test]
fn open_a_scene_and_read_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = app_on(dir.path());
    click(&mut h, "3. Fast Train to Justice");
    assert_eq!(h.state().dmh().scenes.selected, "fast-train-to-justice");
    h.get_by_label("Fast Train to Justice");
    h.get_by_label("For a Few Models More · Final scene");
    h.get_by_label("• Each side ignores its first Big Nerve test.");
    assert_eq!(h.get_all_by_label_contains("full deck · 5 cards in hand · reshuffles").count(), 2);
    h.get_by_label(
        "☐ Terrain for 21 Rep: 11 to 21 pieces, at least half of them substantial (6+ when you use 11).",
    );
}

#[test]
fn print_a_checklist_and_the_quick_reference() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = app_on(dir.path());
    click(&mut h, "1. Hang 'Em High");
    click(&mut h, "Print checklist");
    h.get_by_label_contains("Checklist printed to");
    let pdf = dir.path().join("dmh/prints/hang-em-high-checklist-a4.pdf");
    assert!(std::fs::read(&pdf).expect("printed").starts_with(b"%PDF-"));
    click(&mut h, "Letter");
    click(&mut h, "Print quick reference");
    h.get_by_label_contains("Quick reference printed to");
    assert!(dir.path().join("dmh/prints/quick-reference-letter.pdf").exists());
}

#[test]
fn build_a_gang_for_the_scene() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = app_on(dir.path());
    click(&mut h, "2. There Will Be Blood");
    click(&mut h, "Build bad guys' gang");
    assert_eq!(h.state().dmh().screen, Screen::Gangs);
    let gang = h.state().dmh().gangs.working.clone().expect("a new gang is open");
    assert_eq!(gang.gang, "outlaws");
    assert_eq!(gang.rep_limit, Some(15));
    assert_eq!(gang.scene.as_deref(), Some("there-will-be-blood"));
    assert_eq!(gang.role, Some(Role::Bad));
    h.get_by_label("Rep 0 / 15");
    h.get_by_label("Built for");
}

#[test]
fn record_a_series_and_see_what_carries_over() {
    let dir = tempfile::tempdir().expect("temp dir");
    {
        let mut h = app_on(dir.path());
        click(&mut h, "Bad guys won");
        assert_eq!(h.state().dmh().scenes.series.results.get("the-stranger"), Some(&Outcome::Bad));
    }
    // Remembered across restarts, and shown on the next scene.
    let mut h = app_on(dir.path());
    h.get_by_label("   bad guys won");
    click(&mut h, "2. This Town Ain't Big Enough");
    h.get_by_label("In your series the bad guys won The Stranger: they draw 1 extra card for their hand.");
    click(&mut h, "1. The Stranger");
    click(&mut h, "Clear result");
    assert!(DataDir::at(dir.path()).system("dmh").load_series().expect("readable").results.is_empty());
}
