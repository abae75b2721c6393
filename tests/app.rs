//! The desktop app driven headless through its accessibility tree, as a player would use it.

use crate::support::Dmh as _;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use posse::app::PosseApp;
use posse::systems::dmh::ui::reference::Tool;

fn app() -> Harness<'static, PosseApp> {
    // On the tests' own data folder, never the developer's (`PosseApp::new` would use that).
    let data = posse::store::DataDir::at(super::support::SANDBOX);
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1280.0, 1000.0))
        .build_eframe(move |cc| PosseApp::with_data(cc, posse::systems::ALL, Some(data)));
    harness.run();
    super::support::open_dmh(&mut harness);
    harness
}

#[test]
fn the_shooting_calculator_works_from_its_labels() {
    let mut h = app();
    // A shotgun at 8 cm is point blank: +4.
    h.get_by_label("Shotgun").click();
    h.run();
    h.get_by_role_and_label(Role::TextInput, "Distance (cm)").set_text_value_accesskit("8");
    h.run();
    h.get_by_label("Modifier +4");
    h.get_by_label("Point blank range");
    // The target is in cover and moved twice: +4 -1 -2 = +1.
    h.get_by_label("Target in cover").click();
    h.get_by_label("Target moves 2").click();
    h.run();
    h.get_by_label("Modifier +1");
    // With +1, a 14 becomes 15: under fire and a nerve test.
    h.get_by_role_and_label(Role::TextInput, "d20 roll").set_text_value_accesskit("14");
    h.run();
    h.get_by_label("Result: Under fire + nerve test");
    // A natural 1 is always out of ammo.
    h.get_by_role_and_label(Role::TextInput, "d20 roll").set_text_value_accesskit("1");
    h.run();
    h.get_by_label("Result: Out of ammo");
    assert_eq!(h.state().dmh().reference.shot.input.weapon, "shotgun");
    assert!(h.state().dmh().reference.shot.input.cover);
}

#[test]
fn the_shotgun_cannot_aim_and_bad_input_gets_a_sentence() {
    let mut h = app();
    h.get_by_label("Shotgun").click();
    h.run();
    assert!(h.get_by_label("Aims before it 1").accesskit_node().is_disabled());
    h.get_by_role_and_label(Role::TextInput, "Distance (cm)").set_text_value_accesskit("25");
    h.run();
    h.get_by_label("Shotgun cannot reach 25 cm: its longest range is 20 cm.");
    h.get_by_role_and_label(Role::TextInput, "Distance (cm)").set_text_value_accesskit("close");
    h.run();
    h.get_by_label_contains("Type the measured distance in cm");
    h.get_by_role_and_label(Role::TextInput, "Distance (cm)").set_text_value_accesskit("5");
    h.run();
    h.get_by_role_and_label(Role::TextInput, "d20 roll").set_text_value_accesskit("30");
    h.run();
    h.get_by_label_contains("A d20 shows 1 to 20");
}

#[test]
fn the_steppers_and_the_roll_button() {
    let mut h = app();
    h.get_by_label("More: Shooter under fire").click();
    h.run();
    h.get_by_label("More: Shooter under fire").click();
    h.run();
    assert_eq!(h.state().dmh().reference.shot.input.shooter_under_fire, 2);
    h.get_by_label("Modifier -2");
    h.get_by_label("Roll d20").click();
    h.run();
    let roll: u32 = h.state().dmh().reference.shot.roll.parse().expect("rolled");
    assert!((1..=20).contains(&roll));
    h.get_by_label_contains("Result: ");
}

#[test]
fn nerve_and_big_nerve_calculators() {
    let mut h = app();
    h.get_by_label("Nerve test").click();
    h.run();
    assert_eq!(h.state().dmh().reference.tool, Tool::Nerve);
    // Default: Nerve 4+, one marker: needs 5+.
    h.get_by_label("Needs 5+");
    h.get_by_label("Friend within 15 cm").click();
    h.run();
    h.get_by_label("Needs 4+");
    h.get_by_role_and_label(Role::TextInput, "d10 roll").set_text_value_accesskit("3");
    h.run();
    h.get_by_label("Result: Failed");

    h.key_press(egui::Key::F3);
    h.run();
    assert_eq!(h.state().dmh().reference.tool, Tool::BigNerve);
    // Default: 7 models, 4 out, 3 markers, boss 2+: test at -1 (needs 3+).
    h.get_by_label("Needs 3+");
    for _ in 0..3 {
        h.get_by_label("More: Markers on those standing").click();
        h.run();
    }
    h.get_by_label("Automatic failure");
}

#[test]
fn hand_to_hand_roll_off() {
    let mut h = app();
    h.get_by_label("Hand-to-hand").click();
    h.run();
    h.get_by_label("A started the fight this turn").click();
    h.run();
    h.get_by_role_and_label(Role::TextInput, "A's d10").set_text_value_accesskit("4");
    h.get_by_role_and_label(Role::TextInput, "B's d10").set_text_value_accesskit("7");
    h.run();
    h.get_by_label("Result: B wins 7 to 5: A takes 2 markers");
}

#[test]
fn the_card_list_is_searchable() {
    let mut h = app();
    h.get_by_label("Cards").click();
    h.run();
    h.get_by_label("27 of 27 cards");
    h.get_by_role_and_label(Role::TextInput, "Search").set_text_value_accesskit("whiskey");
    h.run();
    h.get_by_label("1 of 27 cards");
    h.get_by_label("Sodden by whiskey");
}

/// The font atlas is asked for no wider than egui's portable 2,048 pixels, however wide the
/// graphics allow (16,384 under Mesa's software renderer): every glyph fits, and the first
/// frame uploads an atlas an eighth the size. A narrower limit is kept as it is.
#[test]
fn the_font_atlas_is_asked_for_no_wider_than_2048_pixels() {
    let mut h = app();
    let ctx = h.ctx.clone();
    for (allowed, asked) in [(Some(16_384), Some(2_048)), (Some(1_024), Some(1_024)), (None, None)] {
        let mut raw = egui::RawInput { max_texture_side: allowed, ..egui::RawInput::default() };
        eframe::App::raw_input_hook(h.state_mut(), &ctx, &mut raw);
        assert_eq!(raw.max_texture_side, asked);
    }
}
