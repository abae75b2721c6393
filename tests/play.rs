//! The Play screen driven headless: set-up, initiative, a shot, undo and redo, resume.

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use posse::app::{PosseApp, Screen};
use posse::game::{Event, Phase};

use super::support;

/// A fixed deal, so every run plays the same cards.
const SEED: u64 = 20_261_129;

fn data_with_gangs() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    let gangs = dir.path().join("gangs");
    std::fs::create_dir_all(&gangs).expect("dir");
    for name in ["lawmen-21", "outlaws-21"] {
        let from = format!("{}/tests/fixtures/{name}.json", env!("CARGO_MANIFEST_DIR"));
        std::fs::copy(from, gangs.join(format!("{name}.json"))).expect("copy");
    }
    dir
}

fn app_on(dir: &std::path::Path) -> Harness<'static, PosseApp> {
    support::app_on(dir, Screen::Play, 1500.0, 1300.0)
}

fn click(h: &mut Harness<'static, PosseApp>, label: &str) {
    h.get_by_label(label).click_accesskit();
    h.run();
}

fn phase(h: &Harness<'static, PosseApp>) -> Phase {
    h.state().game.as_ref().expect("a game").game.phase
}

#[test]
fn set_up_deal_shoot_undo_and_resume() {
    let dir = data_with_gangs();
    let log_len;
    {
        let mut h = app_on(dir.path());
        h.state_mut().play.seed = Some(SEED);
        click(&mut h, "Start the game");
        assert_eq!(phase(&h), Phase::Initiative);
        let game = &h.state().game.as_ref().expect("game").game;
        assert_eq!(game.sides[0].hand.len(), 5, "hands dealt");
        click(&mut h, "Deal initiative");
        assert_eq!(phase(&h), Phase::Activations);
        // A tie between the sides asks who placed first.
        if h.query_by_label_contains("placed its first card first").is_some() {
            click(&mut h, "The Clanton Gang placed first");
        }
        let game = &h.state().game.as_ref().expect("game").game;
        let current = game.order().expect("ordered")[0];
        let enemy = 1 - current.side;
        let target_name = game.sides[enemy].models[2].name.clone();
        // Pick the target, type the distance and the die, apply.
        h.get_by_label("Target").click();
        h.run();
        // The name is both in the markers table and in the open list; the list comes last.
        h.get_all_by_label(&target_name).last().expect("the target in the list").click_accesskit();
        h.run();
        h.get_by_role_and_label(Role::TextInput, "Distance (cm)").set_text_value_accesskit("12");
        h.run();
        // The target ducks back before the shot.
        click(&mut h, "Target ducks back (burns its activation; counts as moving once)");
        h.get_by_role_and_label(Role::TextInput, "d20 roll").set_text_value_accesskit("20");
        h.run();
        h.get_by_label_contains("Apply: ").click_accesskit();
        h.run();
        let game = &h.state().game.as_ref().expect("game").game;
        assert!(matches!(game.log.last(), Some(Event::Shot { roll: 20, .. })));
        assert!(matches!(game.log[game.log.len() - 2], Event::Interrupt { .. }), "the duck back came first");
        assert!(game.sides[enemy].models[2].activated, "the duck back burnt its activation");
        let hit = &game.sides[enemy].models[2];
        assert!(hit.under_fire > 0 || hit.out_of_action, "the target took the result");
        let before = game.log.len();
        // Undo says what it undoes, and redo puts it back.
        h.get_by_label_contains("Undo: Turn 1 · ").click_accesskit();
        h.run();
        assert_eq!(h.state().game.as_ref().expect("game").game.log.len(), before - 1);
        click(&mut h, "Redo");
        assert_eq!(h.state().game.as_ref().expect("game").game.log.len(), before);
        log_len = before;
    }
    // Reopening Posse resumes the game exactly.
    let mut h = app_on(dir.path());
    h.get_by_label_contains("Resume Tombstone Law v The Clanton Gang").click_accesskit();
    h.run();
    let game = &h.state().game.as_ref().expect("resumed").game;
    assert_eq!(game.log.len(), log_len);
    assert!(matches!(game.log.last(), Some(Event::Shot { roll: 20, .. })));
}

#[test]
fn a_whole_turn_to_the_end_of_turn_checklist() {
    let dir = data_with_gangs();
    let mut h = app_on(dir.path());
    h.state_mut().play.seed = Some(SEED);
    click(&mut h, "Start the game");
    click(&mut h, "Deal initiative");
    for _ in 0..40 {
        if phase(&h) != Phase::Activations {
            break;
        }
        if h.query_by_label_contains("placed its first card first").is_some() {
            click(&mut h, "Tombstone Law placed first");
            continue;
        }
        if let Some(end) = h.query_by_label("End the turn") {
            end.click_accesskit();
            h.run();
            continue;
        }
        h.get_by_label_contains("'s activation").click_accesskit();
        h.run();
    }
    assert_eq!(phase(&h), Phase::EndOfTurn);
    h.get_by_label_contains("Take every move marker off the table.");
    click(&mut h, "Draw cards and start the next turn");
    let game = &h.state().game.as_ref().expect("game").game;
    assert_eq!((game.turn, game.phase), (2, Phase::Initiative));
    assert!(game.lines.iter().any(|l| l.ends_with("turn 2 begins")));
}

#[test]
fn a_quick_shot_from_a_model_that_has_not_acted() {
    let dir = data_with_gangs();
    let mut h = app_on(dir.path());
    h.state_mut().play.seed = Some(SEED);
    click(&mut h, "Start the game");
    click(&mut h, "Deal initiative");
    if h.query_by_label_contains("placed its first card first").is_some() {
        click(&mut h, "Tombstone Law placed first");
    }
    let game = &h.state().game.as_ref().expect("game").game;
    let current = game.order().expect("ordered")[0];
    let enemy = 1 - current.side;
    // The enemy acting last has surely not acted yet.
    let order = game.order().expect("ordered");
    let shooter = *order.iter().rev().find(|r| r.side == enemy).expect("an enemy still to act");
    let name = game.sides[enemy].models[shooter.model].name.clone();
    h.get_by_label("Quick shooter").click();
    h.run();
    h.get_all_by_label(&name).last().expect("in the list").click_accesskit();
    h.run();
    h.get_by_role_and_label(Role::TextInput, "Quick shot distance (cm)").set_text_value_accesskit("8");
    h.run();
    h.get_all_by_role_and_label(Role::TextInput, "d20 roll")
        .last()
        .expect("quick roll")
        .set_text_value_accesskit("12");
    h.run();
    h.get_by_label_contains("Apply the quick shot: ").click_accesskit();
    h.run();
    let game = &h.state().game.as_ref().expect("game").game;
    let n = game.log.len();
    assert!(matches!(game.log[n - 2], Event::Interrupt { model, .. } if model == shooter));
    assert!(
        matches!(game.log[n - 1], Event::Shot { shooter: s, target: t, roll: 12, .. } if s == shooter && t == current)
    );
    assert!(game.sides[enemy].models[shooter.model].activated, "its activation is burnt");
}
