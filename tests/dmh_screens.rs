//! Dead Man's Hand's screens held steady: the shot's d20 and Apply, the fight's d10s and
//! Apply, and the gang editor's Add buttons stay where they are while the players type, shot
//! after shot and model after model; the keys answer from the die fields; the Play screen fits
//! 1280×800, 1024×768 and a phone.

use egui::accesskit::Role;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use posse::systems::dmh::app::Screen;
use posse::systems::dmh::game::Event;

use crate::steady::Steady;
use crate::support::Dmh as _;
use crate::support::{self, App, DEAL, SEED, deal, declare, game, model_ref, press, start, type_in};

/// The rectangle of the only button whose label starts with `prefix` (a panel's action,
/// whose words change with the dice).
fn action_rect(h: &App, prefix: &str) -> egui::Rect {
    let rects: Vec<egui::Rect> = h
        .query_all_by_role(Role::Button)
        .filter(|n| n.accesskit_node().label().is_some_and(|l| l.starts_with(prefix)))
        .map(|n| n.rect())
        .collect();
    assert_eq!(rects.len(), 1, "one button starting '{prefix}'");
    rects[0]
}

/// As [`Steady::type_keys`], and after each key the action starting `prefix` is where it was.
fn type_holding(h: &mut App, field: &Steady, text: &str, prefix: &str, at: egui::Rect) {
    let mut typed = String::new();
    for c in text.chars() {
        field.type_keys_more(h, &typed, &c.to_string());
        typed.push(c);
        assert_eq!(action_rect(h, prefix), at, "{prefix} moved after {typed:?}");
    }
}

fn text_rect(h: &App, label: &str) -> egui::Rect {
    h.get_by_role_and_label(Role::TextInput, label).rect()
}

/// Tombstone Law against the Clantons at `width` × `height`, turn 1 dealt.
fn dealt_at(width: f32, height: f32) -> (tempfile::TempDir, App) {
    let dir = support::data_with(&["lawmen-21", "outlaws-21"]);
    let mut h = support::app_on(dir.path(), Screen::Play, width, height);
    start(&mut h, SEED, None);
    deal(&mut h, &DEAL);
    (dir, h)
}

/// Two shots declared: the d20 typed key by key (through "2", on its way to "25", a face the
/// d20 has not, named beside the field), a shot refused (out of range), then the first shot
/// sent with Ctrl+Enter from the d20 field, and the second shot: the d20 field and Apply never
/// move, whatever the result line says.
#[test]
fn the_shot_panels_d20_and_apply_hold_still_from_shot_to_shot() {
    let (_dir, mut h) = dealt_at(1280.0, 800.0);
    declare(&mut h, &["Shoot", "Shoot"]);
    let d20 = text_rect(&h, "d20 roll");
    let apply = action_rect(&h, "Apply");
    // Picking the target and measuring moves neither.
    support::target(&mut h, "Billy Clanton");
    assert_eq!((text_rect(&h, "d20 roll"), action_rect(&h, "Apply")), (d20, apply), "after the target");
    type_in(&mut h, "Distance (cm)", "12");
    let field = Steady::clear(&mut h, "d20 roll");
    type_holding(&mut h, &field, "25", "Apply", apply);
    h.get_by_label("1 to 20, not '25'");
    assert!(support::disabled(&h, "Apply"), "nothing to apply with a wrong face");
    // Refused: the pistol does not reach 200 cm; the line says so and Apply stays put.
    type_in(&mut h, "Distance (cm)", "200");
    type_in(&mut h, "d20 roll", "12");
    h.get_by_label_contains("cannot reach 200 cm");
    assert_eq!(action_rect(&h, "Apply"), apply, "refused");
    assert_eq!(text_rect(&h, "d20 roll"), d20);
    type_in(&mut h, "Distance (cm)", "12");
    let field = Steady::clear(&mut h, "d20 roll");
    type_holding(&mut h, &field, "12", "Apply", apply);
    h.get_by_label("12 +1 = 13 → Under fire");
    // Ctrl+Enter in the d20 field applies the shot.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Enter);
    h.run();
    let (wyatt, billy) = (model_ref(&h, "Wyatt Earp"), model_ref(&h, "Billy Clanton"));
    assert_eq!(
        game(&h).events.last(),
        Some(&Event::Shot {
            shooter: wyatt,
            target: billy,
            modifier: 1,
            roll: 12,
            weapon: Some("pistol".into()),
            duck_back: false
        })
    );
    // The second shot: the same places.
    h.get_by_label_contains("Shot 2");
    assert_eq!(text_rect(&h, "d20 roll"), d20, "the d20 for the next shot");
    assert_eq!(action_rect(&h, "Apply"), apply, "Apply for the next shot");
    let field = Steady::clear(&mut h, "d20 roll");
    type_holding(&mut h, &field, "3", "Apply", apply);
    press(&mut h, "Apply: Miss");
    assert_eq!(game(&h).events.last().map(|e| matches!(e, Event::Shot { roll: 3, .. })), Some(true));
}

/// A charge's two d10s typed key by key (the second through "1" on its way to "10", a face
/// the d10 has), Apply in its place from the first key to the last, Ctrl+Enter from the second
/// field applies the fight, and Tab goes from the first d10 to the second.
#[test]
fn the_fights_d10s_and_apply_hold_still_and_answer_the_keys() {
    let (_dir, mut h) = dealt_at(1280.0, 800.0);
    declare(&mut h, &["Move"]);
    press(&mut h, "Charge into contact…");
    support::target(&mut h, "Billy Clanton");
    let apply = action_rect(&h, "Apply the fight");
    let first = text_rect(&h, "Wyatt Earp's d10");
    let second = text_rect(&h, "Billy Clanton's d10");
    assert!(first.max.y <= second.min.y, "the second d10 is under the first");
    assert!(second.max.y <= apply.min.y, "Apply is under the dice");
    // Tab from the first die reaches the second before any other field.
    h.get_by_role_and_label(Role::TextInput, "Wyatt Earp's d10").focus();
    h.run();
    let mut next = None;
    for _ in 0..6 {
        h.key_press(egui::Key::Tab);
        h.run();
        next = h
            .query_all_by_role(Role::TextInput)
            .find(egui_kittest::Node::is_focused)
            .and_then(|n| n.accesskit_node().label());
        if next.is_some() {
            break;
        }
    }
    assert_eq!(next.as_deref(), Some("Billy Clanton's d10"));
    let field = Steady::clear(&mut h, "Wyatt Earp's d10");
    type_holding(&mut h, &field, "6", "Apply the fight", apply);
    let field = Steady::clear(&mut h, "Billy Clanton's d10");
    type_holding(&mut h, &field, "10", "Apply the fight", apply);
    let label = h
        .query_all_by_role(Role::Button)
        .filter_map(|n| n.accesskit_node().label())
        .find(|l| l.starts_with("Apply the fight"));
    assert_eq!(label.as_deref(), Some("Apply the fight: Wyatt Earp takes 3 markers"));
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Enter);
    h.run();
    let (wyatt, billy) = (model_ref(&h, "Wyatt Earp"), model_ref(&h, "Billy Clanton"));
    assert_eq!(
        game(&h).events.last(),
        Some(&Event::Fight { a: wyatt, b: billy, a_modifier: 1, b_modifier: 0, a_roll: 6, b_roll: 10 })
    );
}

/// Tab from the shot's d20 goes on to the distance, the next field down.
#[test]
fn tab_from_the_d20_goes_to_the_distance() {
    let (_dir, mut h) = dealt_at(1280.0, 800.0);
    declare(&mut h, &["Shoot"]);
    support::target(&mut h, "Billy Clanton");
    h.get_by_role_and_label(Role::TextInput, "d20 roll").focus();
    h.run();
    let mut next = None;
    for _ in 0..6 {
        h.key_press(egui::Key::Tab);
        h.run();
        next = h
            .query_all_by_role(Role::TextInput)
            .find(egui_kittest::Node::is_focused)
            .and_then(|n| n.accesskit_node().label());
        if next.is_some() {
            break;
        }
    }
    assert_eq!(next.as_deref(), Some("Distance (cm)"));
    assert!(text_rect(&h, "d20 roll").max.y <= text_rect(&h, "Distance (cm)").min.y, "reading order");
}

/// The gang editor at 1280×800: three models added, and the Add buttons are where they were
/// after each (the list they grow is below them).
#[test]
fn the_gang_editors_add_buttons_stay_put_as_models_are_added() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = support::app_on(dir.path(), Screen::Gangs, 1280.0, 800.0);
    press(&mut h, "New gang");
    let add = |h: &App| h.get_by_role_and_label(Role::Button, "Add Deputy").rect();
    let before = add(&h);
    let screen = h.ctx.content_rect();
    for n in 1..=3 {
        h.get_by_role_and_label(Role::Button, "Add Deputy").click_accesskit();
        h.run();
        h.get_by_role_and_label(Role::TextInput, &format!("Model {n} name"));
        assert_eq!(add(&h), before, "Add Deputy moved after {n} added");
        assert!(screen.contains_rect(add(&h)), "Add Deputy is on screen");
    }
    assert_eq!(h.state().dmh().gangs.working.as_ref().map(|g| g.models.len()), Some(3));
}
