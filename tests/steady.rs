//! Steady screens: nothing moves under a player's hand and nothing typed is lost. The harness
//! types one key at a time (through the invalid states a value passes on its way) and after
//! each key checks that the field has not moved, still has the focus, and that what is saved
//! in the end is exactly what was typed.

use egui::accesskit::Role;
use egui_kittest::kittest::Queryable as _;
use posse::app::PosseApp;
use posse::store::DataDir;

use crate::support::App;

/// A field being typed into: where it stood when the typing began.
pub struct Steady {
    label: String,
    rect: egui::Rect,
}

impl Steady {
    /// Focuses the text field `label`, selects what it holds and deletes it.
    pub fn clear(h: &mut App, label: &str) -> Steady {
        let field = h.get_by_role_and_label(Role::TextInput, label);
        field.focus();
        h.run();
        h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
        h.key_press(egui::Key::Backspace);
        h.run();
        let node = h.get_by_role_and_label(Role::TextInput, label);
        assert_eq!(node.value().as_deref(), Some(""), "{label} is cleared");
        Steady { label: label.to_owned(), rect: node.rect() }
    }

    /// Types `text` one character at a time; after each, the field is where it was, has the
    /// focus and holds everything typed so far.
    pub fn type_keys(&self, h: &mut App, text: &str) {
        self.type_keys_more(h, "", text);
    }

    /// As [`Steady::type_keys`], after `already` was typed.
    pub fn type_keys_more(&self, h: &mut App, already: &str, text: &str) {
        let mut typed = already.to_owned();
        for c in text.chars() {
            typed.push(c);
            h.get_by_role_and_label(Role::TextInput, &self.label).type_text(&c.to_string());
            h.run();
            let node = h.get_by_role_and_label(Role::TextInput, &self.label);
            assert_eq!(node.rect(), self.rect, "{} moved after {typed:?}", self.label);
            assert!(node.is_focused(), "{} lost its focus after {typed:?}", self.label);
            assert_eq!(node.value().as_deref(), Some(typed.as_str()), "{} after {typed:?}", self.label);
        }
    }
}

/// The app at 1280×800 on Deadlands' Combatants tab with the test combatants, editing `who`.
fn combatant_editor(dir: &std::path::Path, who: &str) -> App {
    let data = DataDir::at(dir);
    let mut h = egui_kittest::Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .build_eframe(move |cc| PosseApp::with_data(cc, posse::systems::ALL, Some(data)));
    h.run();
    h.get_by_label("Deadlands (Savage Worlds)").click();
    h.run();
    h.get_by_label("Combatants").click();
    h.run();
    h.get_by_role_and_label(Role::Button, who).click();
    h.run();
    h
}

fn saved_weapon(dir: &std::path::Path, id: &str) -> serde_json::Value {
    let text =
        std::fs::read_to_string(dir.join("savage/combatants").join(format!("{id}.json"))).expect("saved");
    let file: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    file["weapons"][0].clone()
}

/// Typing "2d4" passes "2" and "2d" (not dice); "Str+d4" passes "S", "St", "Str", "Str+":
/// the field keeps its place and its focus through every one, the problem stands beside it,
/// and the file ends with exactly what was typed.
#[test]
fn damage_dice_typed_key_by_key_are_saved_whole() {
    let dir = crate::savage::data_with_combatants();
    let mut h = combatant_editor(dir.path(), "Boss");
    let field = Steady::clear(&mut h, "Weapon 1 damage");
    field.type_keys(&mut h, "2d4");
    // Leaving the field (Escape): the value is complete, and saved.
    h.key_press(egui::Key::Escape);
    h.run();
    assert_eq!(saved_weapon(dir.path(), "boss")["damage"], "2d4");

    let field = Steady::clear(&mut h, "Weapon 1 damage");
    field.type_keys(&mut h, "Str+d4");
    h.key_press(egui::Key::Escape);
    h.run();
    assert_eq!(saved_weapon(dir.path(), "boss")["damage"], "Str+d4");
    assert_eq!(saved_weapon(dir.path(), "boss")["name"], "Revolver", "the weapon keeps its name");
}

/// A half-typed value is shown with its problem beside the field and never saved.
#[test]
fn a_half_typed_value_is_shown_beside_its_field_and_not_saved() {
    let dir = crate::savage::data_with_combatants();
    let mut h = combatant_editor(dir.path(), "Boss");
    let field = Steady::clear(&mut h, "Weapon 1 damage");
    field.type_keys(&mut h, "2");
    assert_eq!(saved_weapon(dir.path(), "boss")["damage"], "2d6+1", "not saved while it is typed");
    field.type_keys_more(&mut h, "2", "d");
    h.key_press(egui::Key::Escape);
    h.run();
    h.get_by_label_contains("Not saved until the fields marked in red are put right (1).");
    assert_eq!(saved_weapon(dir.path(), "boss")["damage"], "2d6+1", "the file keeps its last good value");
}

/// Enter in a one-line field submits it: a skill typed and Enter is added, and the field is
/// ready for the next.
#[test]
fn enter_adds_the_skill_typed() {
    let dir = crate::savage::data_with_combatants();
    let mut h = combatant_editor(dir.path(), "Boss");
    let field = Steady::clear(&mut h, "New skill");
    field.type_keys(&mut h, "Notice");
    h.key_press(egui::Key::Enter);
    h.run();
    h.run();
    h.get_by_label("Notice die");
    let node = h.get_by_role_and_label(Role::TextInput, "New skill");
    assert_eq!(node.value().as_deref(), Some(""));
    assert!(node.is_focused(), "ready for the next skill");
    h.key_press(egui::Key::Escape);
    h.run();
    let text = std::fs::read_to_string(dir.path().join("savage/combatants/boss.json")).expect("saved");
    let file: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(file["skills"]["notice"], "d6");
}

/// As [`Steady::type_keys`], and after each key the button `action` (the panel's primary
/// action) is where it was too.
fn type_keys_holding(h: &mut App, field: &Steady, text: &str, action: &str) {
    let before = h.get_by_role_and_label(Role::Button, action).rect();
    let mut typed = String::new();
    for c in text.chars() {
        field.type_keys_more(h, &typed, &c.to_string());
        typed.push(c);
        let now = h.get_by_role_and_label(Role::Button, action).rect();
        assert_eq!(now, before, "{action} moved after {typed:?} in {}", field.label);
    }
}

/// A Deadlands turn from the keys: the target picked, the attack's dice typed one key at a
/// time (through "1" and "15" with the Wild Die still missing), Attack, the damage typed, Damage,
/// and the next unit: the Attack and Damage buttons and End turn stay put, the fields keep
/// their place and focus, and what is applied is exactly what was typed.
#[test]
fn a_deadlands_turn_typed_key_by_key_holds_still() {
    use posse::systems::savage::game::{Event, MemberRef};
    use posse::systems::savage::rules::damage::DamageRoll;
    use posse::systems::savage::rules::traits::TraitDice;

    use crate::savage_screens::{a_dealt_fight, fight, send};
    let dir = crate::savage::data_with_combatants();
    let mut h = a_dealt_fight(dir.path());
    send(&mut h, Event::BeginTurn { unit: "kid".into() });
    h.run();
    let end = h.get_by_role_and_label(Role::Button, "End Kid's turn").rect();
    h.get_by_role_and_label(Role::Button, "Boss").click_accesskit();
    h.run();
    h.get_by_label("Target: Boss · Parry 6 · Toughness 7");
    let field = Steady::clear(&mut h, "Attack die total");
    type_keys_holding(&mut h, &field, "15", "Attack");
    h.get_by_label("Type the Wild Die's total too.");
    let field = Steady::clear(&mut h, "Attack Wild Die total");
    type_keys_holding(&mut h, &field, "4", "Attack");
    h.get_by_role_and_label(Role::Button, "Attack").click_accesskit();
    h.run();
    let attack = fight(&h).events.last().cloned();
    assert!(
        matches!(&attack, Some(Event::Attack { roll: TraitDice::Typed { trait_die: 15, wild_die: Some(4) }, target, .. }) if *target == MemberRef::new("boss", 0)),
        "{attack:?}"
    );
    assert_eq!(h.get_by_role_and_label(Role::Button, "End Kid's turn").rect(), end, "End turn stays put");
    let field = Steady::clear(&mut h, "Damage total");
    type_keys_holding(&mut h, &field, "12", "Damage");
    h.get_by_role_and_label(Role::Button, "Damage").click_accesskit();
    h.run();
    let damage = fight(&h).events.last().cloned();
    assert!(
        matches!(&damage, Some(Event::Damage { roll: DamageRoll::Total { total: 12 }, .. })),
        "{damage:?}"
    );
    assert_eq!(h.get_by_role_and_label(Role::Button, "End Kid's turn").rect(), end, "End turn stays put");
    // The next unit: its End turn where Kid's was (right-aligned, a name of another length).
    h.get_by_role_and_label(Role::Button, "End Kid's turn").click_accesskit();
    h.run();
    h.get_by_role_and_label(Role::Button, "Begin Doc's turn").click_accesskit();
    h.run();
    let doc = h.get_by_role_and_label(Role::Button, "End Doc's turn").rect();
    assert_eq!(doc.right_top(), end.right_top(), "End turn in its place for the next unit");
}

/// A range typed key by key in the combatant editor: "1" on the way to "12" is never saved.
#[test]
fn a_range_typed_key_by_key_is_saved_whole() {
    let dir = crate::savage::data_with_combatants();
    let mut h = combatant_editor(dir.path(), "Boss");
    let field = Steady::clear(&mut h, "Weapon 1 short range");
    field.type_keys(&mut h, "6");
    h.key_press(egui::Key::Escape);
    h.run();
    assert_eq!(saved_weapon(dir.path(), "boss")["range"]["short"], 6);
    let field = Steady::clear(&mut h, "Weapon 1 short range");
    field.type_keys(&mut h, "1");
    assert_eq!(saved_weapon(dir.path(), "boss")["range"]["short"], 6, "not saved while it is typed");
    field.type_keys_more(&mut h, "1", "2");
    h.key_press(egui::Key::Escape);
    h.run();
    assert_eq!(
        saved_weapon(dir.path(), "boss")["range"],
        serde_json::json!({"short": 12, "medium": 24, "long": 48})
    );
}
