//! Steady screens: nothing moves under a player's hand and nothing typed is lost. The harness
//! types one key at a time (through the invalid states a value passes on its way) and after
//! each key checks that the field has not moved, still has the focus, and that what is saved
//! in the end is exactly what was typed.

use egui::accesskit::Role;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
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
    h.get_by_label_contains("Not saved until what is marked in red is put right (1).");
    assert_eq!(saved_weapon(dir.path(), "boss")["damage"], "2d6+1", "the file keeps its last good value");
}

/// Hesitant ticked with Level Headed (which cannot go together): the reason stands under the
/// ticks in the player's words (no JSON path), inside the window, without moving the ticks or
/// what follows; the combatant is saved as it stands (the player's work is never lost) and
/// marked not ready in the list and in a new fight, where it cannot be picked, until one is
/// unticked.
#[test]
fn ticks_that_cannot_go_together_are_explained_beside_them() {
    let dir = crate::savage::data_with_combatants();
    let mut h = combatant_editor(dir.path(), "Boss");
    let saved = |dir: &std::path::Path| -> serde_json::Value {
        let text = std::fs::read_to_string(dir.join("savage/combatants/boss.json")).expect("saved");
        serde_json::from_str::<serde_json::Value>(&text).expect("JSON")["initiative"].clone()
    };
    h.get_by_role_and_label(Role::CheckBox, "Level Headed").click();
    h.run();
    assert_eq!(saved(dir.path()), serde_json::json!(["level_headed"]));
    let hesitant = h.get_by_role_and_label(Role::CheckBox, "Hesitant").rect();
    let hardy = h.get_by_role_and_label(Role::CheckBox, "Hardy: a second Shaken is no wound").rect();
    h.get_by_role_and_label(Role::CheckBox, "Hesitant").click();
    h.run();
    h.get_by_label_contains("Saved, but not ready for a fight until what is marked in red is put right (1).");
    let reason = h.get_by_label("Hesitant cannot be combined with Quick or Level Headed").rect();
    assert!(
        reason.top() >= hesitant.bottom() && reason.top() - hesitant.bottom() < 30.0,
        "under the ticks: {reason:?} below {hesitant:?}"
    );
    assert!(reason.bottom() <= 800.0 && reason.right() <= 1280.0, "inside the window: {reason:?}");
    let paths: Vec<String> = h
        .root()
        .children_recursive()
        .filter_map(|n| n.accesskit_node().label())
        .filter(|l| l.contains("$."))
        .collect();
    assert_eq!(paths, Vec::<String>::new(), "no JSON path on the screen");
    assert_eq!(h.get_by_role_and_label(Role::CheckBox, "Hesitant").rect(), hesitant, "the tick stays");
    let now = h.get_by_role_and_label(Role::CheckBox, "Hardy: a second Shaken is no wound").rect();
    assert_eq!(now, hardy, "what follows the reason stays");
    assert_eq!(saved(dir.path()), serde_json::json!(["level_headed", "hesitant"]), "saved as it stands");
    h.get_by_role_and_label(Role::Button, "Boss · not ready");
    // A new fight names it, greyed, with why beside it.
    h.get_by_label("Fight").click();
    h.run();
    assert!(h.get_by_role_and_label(Role::CheckBox, "Boss").accesskit_node().is_disabled());
    h.get_by_label("not ready: Hesitant cannot be combined with Quick or Level Headed.");
    h.get_by_label("Combatants").click();
    h.run();
    h.get_by_role_and_label(Role::CheckBox, "Level Headed").click();
    h.run();
    assert!(h.query_by_label("Hesitant cannot be combined with Quick or Level Headed").is_none());
    h.get_by_label("Saved as you change it.");
    assert_eq!(saved(dir.path()), serde_json::json!(["hesitant"]));
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

// ---------------------------------------------------------------------------------------------
// Frag Deadlands: the every-turn path and the fighter editor.

use posse::systems::frag::app::FragApp;
use posse::systems::frag::game::{Event as FragEvent, Game as FragGame, Play, Target, WeaponCard, WeaponUse};

use crate::support::{pick, type_in};

/// The rectangle of the button `label`.
fn button_rect(h: &App, label: &str) -> egui::Rect {
    h.get_by_role_and_label(Role::Button, label).rect()
}

impl Steady {
    /// As [`Steady::type_keys`], and after each key the button `action` is where it was.
    pub fn type_keys_under(&self, h: &mut App, text: &str, action: &str) {
        let before = button_rect(h, action);
        let mut typed = String::new();
        for c in text.chars() {
            typed.push(c);
            self.type_keys_more(h, &typed[..typed.len() - c.len_utf8()], &c.to_string());
            assert_eq!(button_rect(h, action), before, "{action} moved after {typed:?} in {}", self.label);
        }
    }
}

fn frag_game(h: &App) -> &FragGame {
    h.state().system::<FragApp>().and_then(FragApp::game).expect("a Frag game is open")
}

/// The app at `width` × `height` on Frag's Play tab, with fighters Ann and Bob saved.
fn frag_at(width: f32, height: f32) -> (tempfile::TempDir, App) {
    let dir = crate::frag::data_with_fighters(&[
        ("ann", "agency-operative", 2, 2, 3),
        ("bob", "indian-brave", 3, 2, 2),
    ]);
    let mut h = crate::support::system_on(dir.path(), "Frag Deadlands", width, height);
    h.get_by_label("Play").click();
    h.run();
    (dir, h)
}

/// Ann and Bob seated, Ann first by the poker hands.
fn frag_seated(h: &mut App) {
    for (n, name, fighter) in
        [(1, "Ann", "ann (Agency Operative 2/2/3)"), (2, "Bob", "bob (Indian Brave 3/2/2)")]
    {
        type_in(h, &format!("Player {n}'s name"), name);
        pick(h, &format!("Player {n}'s fighter"), fighter);
    }
    h.get_by_role_and_label(Role::Button, "Start the game").click_accesskit();
    h.run();
    type_in(h, "Ann's poker hand", "AS KS QS JS 10S");
    type_in(h, "Bob's poker hand", "7H 7D 2C 3S 9D");
    h.get_by_role_and_label(Role::Button, "Rank the hands").click_accesskit();
    h.run();
}

/// Where the label `label` stands (a line inside the turn's scroll area).
fn rect_of(h: &App, label: &str) -> egui::Rect {
    h.get_by_label(label).rect()
}

/// One of each turn's steps, typed key by key as a player types: Enter in the one-die respawn
/// field respawns; the movement dice pass "1" (one die short) on their way to "1 1"; a card's
/// name is typed; the turn passes; Bob's attack has its dice typed through "2", "2 ", "6",
/// "1" and sent with Ctrl+Enter from the defence field. After every key the field and the
/// step's main button have not moved and the field keeps its focus; what is committed is
/// exactly what was typed; no action scrolls the page.
#[test]
fn frag_every_turn_path_typed_key_by_key_keeps_every_button_in_its_place() {
    let (_dir, mut h) = frag_at(1280.0, 800.0);
    frag_seated(&mut h);

    // Respawn: Enter in the one-line die field submits it.
    let field = Steady::clear(&mut h, "Respawn square");
    field.type_keys_under(&mut h, "3", "Respawn");
    h.key_press(egui::Key::Enter);
    h.run();
    h.run();
    assert_eq!(frag_game(&h).events.last(), Some(&FragEvent::Respawn { square: Some(3) }));

    // The movement roll: "1" is a die short, and the button stays put; Enter rolls.
    let heading = rect_of(&h, "Ann's turn");
    let field = Steady::clear(&mut h, "Movement dice");
    field.type_keys_under(&mut h, "1 1", "Roll for movement");
    h.key_press(egui::Key::Enter);
    h.run();
    h.run();
    assert_eq!(
        frag_game(&h).events.last(),
        Some(&FragEvent::RollMovement { dice: vec![1, 1], extra_dice: 0 })
    );
    assert_eq!(rect_of(&h, "Ann's turn"), heading, "the roll did not scroll the page");

    // A card played: its name typed key by key under a button that stays put.
    let field = Steady::clear(&mut h, "Card's name");
    field.type_keys_under(&mut h, "Shotgun", "Play the card");
    h.get_by_role_and_label(Role::Button, "Play the card").click_accesskit();
    h.run();
    let dice = posse::systems::frag::ui::play::CardsForm::default().number;
    assert_eq!(
        frag_game(&h).events.last(),
        Some(&FragEvent::Play {
            player: 0,
            card: Play::Weapon(WeaponCard { name: "Shotgun".into(), dice, extra: 0, ammo: None }),
            on: None,
        })
    );
    assert_eq!(rect_of(&h, "Ann's turn"), heading, "playing a card did not scroll the page");

    // The next fighter.
    h.get_by_role_and_label(Role::Button, "End the turn").click_accesskit();
    h.run();
    type_in(&mut h, "Respawn square", "4");
    h.get_by_role_and_label(Role::Button, "Respawn").click_accesskit();
    h.run();
    type_in(&mut h, "Movement dice", "2 2");
    h.get_by_role_and_label(Role::Button, "Roll for movement").click_accesskit();
    h.run();

    // Bob's attack: every key leaves the dice fields and Attack where they were, while the
    // total, the verdict and the problems come and go beside them.
    h.get_by_label("Target Ann").click_accesskit();
    h.run();
    let attack = button_rect(&h, "Attack");
    let field = Steady::clear(&mut h, "To-hit dice");
    field.type_keys_under(&mut h, "2 2", "Attack");
    let field = Steady::clear(&mut h, "Damage dice");
    field.type_keys_under(&mut h, "6 6", "Attack");
    let field = Steady::clear(&mut h, "Ann's defence dice");
    field.type_keys_under(&mut h, "1 1", "Attack");
    // Twice Ann's Health: the gallows squares come beside the button, which stays put.
    h.get_by_label("Gallows square 2").click_accesskit();
    h.run();
    assert_eq!(button_rect(&h, "Attack"), attack, "Attack moved when the gallows came");
    // Ctrl+Enter in a dice field is the panel's Attack.
    h.get_by_role_and_label(Role::TextInput, "Ann's defence dice").focus();
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Enter);
    h.run();
    h.run();
    let Some(FragEvent::Attack(a)) = frag_game(&h).events.last() else {
        panic!("an attack: {:?}", frag_game(&h).events.last())
    };
    assert_eq!(
        (a.attacker, a.target, &a.weapon, &a.to_hit, &a.damage, &a.defence, a.gallows),
        (1, Target::Player(0), &WeaponUse::Starting, &vec![2, 2], &vec![6, 6], &vec![1, 1], Some(2))
    );
}

/// Tab goes through the attack's dice fields in reading order: to-hit, damage, defence.
#[test]
fn frag_tab_goes_through_the_attack_dice_in_reading_order() {
    let (_dir, mut h) = frag_at(1280.0, 800.0);
    crate::frag::to_bobs_turn(&mut h);
    h.get_by_label("Target Ann").click_accesskit();
    h.run();
    h.get_by_role_and_label(Role::TextInput, "To-hit dice").focus();
    h.run();
    let mut order = Vec::new();
    for _ in 0..8 {
        h.key_press(egui::Key::Tab);
        h.run();
        let focused: Vec<String> = h
            .query_all_by_role(Role::TextInput)
            .filter(egui_kittest::Node::is_focused)
            .filter_map(|n| n.accesskit_node().label())
            .collect();
        for f in focused {
            if order.last() != Some(&f) {
                order.push(f);
            }
        }
        if order.len() == 2 {
            break;
        }
    }
    assert_eq!(order, ["Damage dice", "Ann's defence dice"]);
}

/// The fighter editor: the name typed key by key keeps its place and focus, and is saved whole
/// once the field is left; a printed sheet's notice stands on a line of its own that moves
/// nothing, and goes when another fighter is picked (it is not about them).
#[test]
fn frag_fighter_editor_typed_key_by_key_and_its_notice_moves_nothing() {
    let (dir, mut h) = frag_at(1280.0, 800.0);
    h.get_by_label("Fighters").click();
    h.run();
    h.get_by_role_and_label(Role::Button, "ann (Agency Operative 2/2/3)").click_accesskit();
    h.run();
    let field = Steady::clear(&mut h, "Fighter's name");
    field.type_keys_under(&mut h, "Doc Holliday", "Print the record sheet");
    h.key_press(egui::Key::Escape);
    h.run();
    let file = dir.path().join("frag/fighters/ann.json");
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).expect("saved")).expect("JSON");
    assert_eq!(saved["name"], "Doc Holliday");
    let name = h.get_by_role_and_label(Role::TextInput, "Fighter's name").rect();
    let print = button_rect(&h, "Print the record sheet");
    h.get_by_role_and_label(Role::Button, "Print the record sheet").click_accesskit();
    h.run();
    h.run();
    assert!(h.query_by_label_contains("Record sheet printed to").is_some(), "the notice is shown");
    assert_eq!(h.get_by_role_and_label(Role::TextInput, "Fighter's name").rect(), name);
    assert_eq!(button_rect(&h, "Print the record sheet"), print);
    h.get_by_role_and_label(Role::Button, "bob (Indian Brave 3/2/2)").click_accesskit();
    h.run();
    assert!(h.query_by_label_contains("Record sheet printed to").is_none(), "a stale notice");
    assert_eq!(h.get_by_role_and_label(Role::TextInput, "Fighter's name").rect(), name);
}

/// The fighter list beside the editor was sized by its content (a resizable panel): a
/// fighter's long name could widen it and move the editor beside it, and here it was wrapped
/// on three lines, moving the fighters under it. The list keeps one width (380 points), each
/// fighter on one line cut short at its edge (whole on hover), and the editor stays put.
#[test]
fn frag_a_long_fighter_name_leaves_the_editor_in_place() {
    const LONG: &str = "Bartholomew Fitzgerald-Smythe of Tombstone, Arizona Territory";
    let dir = crate::frag::data_with_fighters(&[("ann", "agency-operative", 2, 2, 3)]);
    let mut h = crate::support::system_on(dir.path(), "Frag Deadlands", 1280.0, 800.0);
    h.get_by_label("Fighters").click();
    h.run();
    h.get_by_role_and_label(Role::Button, "ann (Agency Operative 2/2/3)").click_accesskit();
    h.run();
    let places = |h: &App| {
        (
            h.get_by_role_and_label(Role::TextInput, "Fighter's name").rect(),
            button_rect(h, "More: Accuracy"),
            // The sheet's buttons stand under the character's words, lower for a longer
            // drawback: their left edge is the editor's.
            button_rect(h, "Print the record sheet").left(),
        )
    };
    let before = places(&h);
    // Added: a new Huckster, named at length.
    h.get_by_role_and_label(Role::Button, "New Huckster").click_accesskit();
    h.run();
    h.get_by_role_and_label(Role::TextInput, "Fighter's name").set_text_value_accesskit(LONG);
    h.run();
    let long = format!("{LONG} (Huckster 3/2/2)");
    assert_eq!(places(&h), before, "the editor moved when the long name was typed");
    let shown = h.get_by_role_and_label(Role::Button, &long).rect();
    assert!(shown.right() <= 380.5, "the long name reaches x = {}", shown.right());
    let ann = button_rect(&h, "ann (Agency Operative 2/2/3)");
    assert!((shown.height() - ann.height()).abs() < 0.5, "the long name is one line, as Ann's is: {shown:?}");
    // Selected: Ann, then the long-named fighter again.
    h.get_by_role_and_label(Role::Button, "ann (Agency Operative 2/2/3)").click_accesskit();
    h.run();
    assert_eq!(places(&h), before, "the editor moved when Ann was picked");
    h.get_by_role_and_label(Role::Button, &long).click_accesskit();
    h.run();
    assert_eq!(places(&h), before, "the editor moved when the long name was picked");
}

/// The new-game form: picking Frag Zombies!!! took the *Frags to win* row away and moved every
/// row under it up 36 points under the pointer; the hint "Pick player 2's fighter." went when
/// the last fighter was picked and *Start the game* jumped up. The row stays, greyed, with why
/// beside it, and the hint has a line of its own: choosing the game and filling the form moves
/// nothing.
#[test]
fn frag_new_game_form_holds_still_as_the_game_is_chosen_and_filled() {
    let (_dir, mut h) = frag_at(1280.0, 800.0);
    let places = |h: &App| {
        (
            h.get_by_role_and_label(Role::TextInput, "Player 1's name").rect(),
            h.get_by_role_and_label(Role::TextInput, "Player 2's name").rect(),
            button_rect(h, "Add a player"),
            button_rect(h, "Start the game"),
        )
    };
    let before = places(&h);
    assert!(h.query_by_label("Pick player 1's fighter.").is_some(), "the hint before any fighter");
    crate::support::press(&mut h, "Game Frag Zombies!!!");
    assert_eq!(places(&h), before, "picking Frag Zombies!!! moved the form");
    assert!(h.query_by_label("not used in Frag Zombies!!!").is_some(), "the greyed row says why");
    assert!(crate::support::disabled(&h, "More: Frags to win"), "the frags to win are greyed");
    type_in(&mut h, "Player 1's name", "Ann");
    type_in(&mut h, "Player 2's name", "Bob");
    pick(&mut h, "Player 1's fighter", "ann (Agency Operative 2/2/3)");
    assert_eq!(places(&h), before, "the first fighter picked moved the form");
    assert!(h.query_by_label("Pick player 2's fighter.").is_some(), "the hint for the second");
    pick(&mut h, "Player 2's fighter", "bob (Indian Brave 3/2/2)");
    assert_eq!(places(&h), before, "the last fighter picked moved the form");
    assert!(h.query_by_label_contains("Pick player").is_none(), "no hint once the form is full");
    assert!(!crate::support::disabled(&h, "Start the game"), "the game can start");
    crate::support::press(&mut h, "Game Frag Deadlands");
    assert_eq!(places(&h), before, "picking Frag Deadlands again moved the form");
    assert!(!crate::support::disabled(&h, "More: Frags to win"), "the frags to win count again");
}

/// The turn's heading put "Agency Operative · move, power up and attack" at the right edge of
/// the turn's scroll area, under its scroll bar (which floats over what it scrolls): the turn
/// now stops short of the bar.
#[test]
fn frag_the_turns_heading_is_clear_of_the_scroll_bar() {
    let (_dir, mut h) = frag_at(1280.0, 800.0);
    frag_seated(&mut h);
    type_in(&mut h, "Respawn square", "3");
    h.get_by_role_and_label(Role::Button, "Respawn").click_accesskit();
    h.run();
    type_in(&mut h, "Movement dice", "1 1");
    h.get_by_role_and_label(Role::Button, "Roll for movement").click_accesskit();
    h.run();
    h.run();
    let heading = rect_of(&h, "Agency Operative · move, power up and attack");
    let bars: Vec<egui::Rect> = h.get_all_by_role(Role::ScrollBar).map(|b| b.rect()).collect();
    let turn_bar = bars.iter().find(|b| b.left() > 1000.0);
    let Some(bar) = turn_bar else { panic!("the turn scrolls at 1280×800, with a bar: {bars:?}") };
    assert!(heading.right() < bar.left(), "the heading {heading:?} runs under the scroll bar {bar:?}");
}

/// One click on *New Mad Scientist* saved a fighter straight away, and a stray click left a
/// "Mad Scientist 3/2/2" behind with no way to take it back but the Delete at the foot of the
/// editor. The new fighter is still saved at once (as Deadlands' combatants and Dead Man's
/// Hand's gangs are), and until it is changed its heading offers *Discard this new fighter*,
/// one click that deletes it (Undo brings it back); nothing in the editor moves for it.
#[test]
fn frag_a_new_fighter_made_by_a_stray_click_is_discarded_in_one_click() {
    let dir = crate::frag::data_with_fighters(&[("ann", "agency-operative", 2, 2, 3)]);
    let mut h = crate::support::system_on(dir.path(), "Frag Deadlands", 1280.0, 800.0);
    h.get_by_label("Fighters").click();
    h.run();
    let folder = dir.path().join("frag/fighters");
    let saved = |name: &str| folder.join(format!("{name}.json")).is_file();
    h.get_by_role_and_label(Role::Button, "ann (Agency Operative 2/2/3)").click_accesskit();
    h.run();
    let name = h.get_by_role_and_label(Role::TextInput, "Fighter's name").rect();
    assert!(h.query_by_label("Discard this new fighter").is_none(), "Ann was not just made");
    crate::support::press_button(&mut h, "New Mad Scientist");
    assert!(saved("mad-scientist"), "the new fighter is saved");
    assert_eq!(h.get_by_role_and_label(Role::TextInput, "Fighter's name").rect(), name);
    crate::support::press_button(&mut h, "Discard this new fighter");
    assert!(!saved("mad-scientist"), "the stray fighter is gone");
    assert!(folder.join("deleted/mad-scientist.json").is_file(), "kept aside for Undo");
    assert!(h.query_by_label("Mad Scientist 3/2/2").is_none(), "no stray fighter in the list");
    crate::support::press_button(&mut h, "Undo: delete Mad Scientist");
    assert!(saved("mad-scientist"), "Undo brings it back");
    // A fighter given something (here a name, saved as the field is left) is the player's.
    crate::support::press_button(&mut h, "New Huckster");
    assert!(h.query_by_label("Discard this new fighter").is_some(), "offered for the new Huckster");
    type_in(&mut h, "Fighter's name", "Doc");
    h.key_press(egui::Key::Escape);
    h.run();
    h.run();
    assert!(
        h.query_by_label("Discard this new fighter").is_none(),
        "Doc is kept, not offered for discarding"
    );
    assert!(saved("huckster"), "Doc's file");
}

/// A shootout shows what each typed card adds to the roll ("Q♠ = 12", the values the rules
/// data gives), and a joker's problem in the same place, beside the field.
#[test]
fn frag_a_shootout_shows_the_typed_cards_value() {
    let (_dir, mut h) = frag_at(1280.0, 800.0);
    crate::frag::to_bobs_turn(&mut h);
    h.get_by_role_and_label(Role::Button, "Hold an attack for a shootout").click_accesskit();
    h.run();
    h.get_by_role_and_label(Role::Button, "End the turn").click_accesskit();
    h.run();
    type_in(&mut h, "Movement dice", "1 1");
    h.get_by_role_and_label(Role::Button, "Roll for movement").click_accesskit();
    h.run();
    let field = Steady::clear(&mut h, "Bob's card");
    field.type_keys(&mut h, "QS");
    h.get_by_label("Q♠ = 12");
    let field = Steady::clear(&mut h, "Ann's card");
    field.type_keys(&mut h, "10h");
    h.get_by_label("10♥ = 10");
    let field = Steady::clear(&mut h, "Ann's card");
    field.type_keys(&mut h, "JK");
    h.get_by_label("A joker has no value here: discard it and draw another card.");
}

/// A new Dead Man's Hand game of the test gangs at 1280×800, before the deal.
fn dmh_table_at_1280_by_800() -> (tempfile::TempDir, App) {
    let dir = crate::support::data_with(&["lawmen-21", "outlaws-21"]);
    let mut h = crate::support::app_on(dir.path(), posse::systems::dmh::app::Screen::Play, 1280.0, 800.0);
    crate::support::start(&mut h, crate::support::SEED, None);
    (dir, h)
}

/// Dead Man's Hand at 1280×800, the Clantons drawing from their own deck: a card Posse dealt
/// into their hand, typed for Ike, is refused beside his field; Billy's field and Deal
/// initiative stay where they were (the refusal used to push every field under it down, and a
/// card typed for the next model landed in the field after it).
#[test]
fn a_refused_typed_card_moves_no_other_field() {
    let (_dir, mut h) = dmh_table_at_1280_by_800();
    crate::support::press(&mut h, "The Clanton Gang draw from their own deck");
    let billy = |h: &App| h.get_by_role_and_label(Role::TextInput, "Billy Clanton card").rect();
    let deal = |h: &App| h.get_by_role_and_label(Role::Button, "Deal initiative").rect();
    let (billy_before, deal_before) = (billy(&h), deal(&h));
    let field = Steady::clear(&mut h, "Ike Clanton card");
    field.type_keys(&mut h, "10C");
    let refused = h.get_by_label(
        "10♣ is in the hand Posse dealt: type your real hand first (Hand, Playing with your own deck?).",
    );
    let (line, ike) = (refused.rect(), field.rect);
    assert!(
        line.top() >= ike.top() - 1.0 && line.bottom() <= ike.bottom() + 1.0,
        "beside Ike's field: {line:?}"
    );
    assert_eq!((billy(&h), deal(&h)), (billy_before, deal_before));
    assert!(refused.rect().right() <= 1280.0, "inside the window: {:?}", refused.rect());
}

/// Dead Man's Hand at 1280×800: End activation stays put when the lowest-card switch goes
/// (it went with the first declaration, and End activation jumped up 100 points), and the
/// enemy's quick shot stays put while the shot panel fills in (it jumped down as the target
/// was picked, and a tick box took its place under the pointer).
#[test]
fn end_activation_and_the_quick_shot_keep_their_places() {
    let (_dir, mut h) = dmh_table_at_1280_by_800();
    crate::support::deal(&mut h, &crate::support::DEAL);
    let end = |h: &App| h.get_by_role_and_label(Role::Button, "End Wyatt Earp's activation").rect();
    let quick = |h: &App| h.get_by_label("⚡ The Clanton Gang quick shoot Wyatt Earp…").rect();
    let before = end(&h);
    assert!(h.query_by_label_contains("hold the lowest card").is_some(), "the switch is offered");
    crate::support::declare(&mut h, &["Shoot", "Shoot"]);
    assert!(h.query_by_label_contains("hold the lowest card").is_none(), "the switch has gone");
    assert_eq!(end(&h), before);
    let aimed = quick(&h);
    crate::support::target(&mut h, "Billy Clanton");
    h.get_by_label("Shot 1 at Billy Clanton");
    assert_eq!((quick(&h), end(&h)), (aimed, before));
    assert!(aimed.right() <= 1280.0 && aimed.bottom() <= 800.0, "in the window: {aimed:?}");
}

/// Dead Man's Hand at 1280×800: the turn's panel keeps its left edge while the roster's rows
/// change (Wyatt Earp out of ammo after a move: the roster used to widen to fit "out of ammo,
/// 1 move", and Declare moved 40 points sideways for the next model).
#[test]
fn the_turns_panel_keeps_its_place_beside_the_roster() {
    let (_dir, mut h) = dmh_table_at_1280_by_800();
    crate::support::deal(&mut h, &crate::support::DEAL);
    let declare = |h: &App| h.get_by_role_and_label(Role::Button, "Declare").rect();
    let wyatts = declare(&h);
    crate::support::declare(&mut h, &["Move", "Shoot"]);
    crate::support::press(&mut h, "Moved");
    crate::support::shoot(&mut h, "Billy Clanton", "12", Some("1"));
    crate::support::press(&mut h, "Apply: Out of ammo");
    crate::support::press(&mut h, "End Wyatt Earp's activation");
    h.get_by_label("out of ammo, 1 move");
    assert_eq!(declare(&h), wyatts, "Virgil Earp's Declare is where Wyatt Earp's was");
}

/// Dead Man's Hand at 1280×800: Undo starts at the same place whatever the title before it
/// says (it started 23 points further right in the activations than at the deal).
#[test]
fn undo_keeps_its_place_from_phase_to_phase() {
    let (_dir, mut h) = dmh_table_at_1280_by_800();
    h.get_by_label("Turn 1 · initiative");
    let at_the_deal = undo_button(&h);
    crate::support::deal(&mut h, &crate::support::DEAL);
    h.get_by_label("Turn 1 · activations");
    assert_eq!(undo_button(&h), at_the_deal);
}

/// The one Undo button on the screen.
fn undo_button(h: &App) -> egui::Rect {
    let buttons: Vec<egui::Rect> = h
        .get_all_by_role(Role::Button)
        .filter(|n| n.accesskit_node().label().is_some_and(|l| l.starts_with("Undo")))
        .map(|n| n.rect())
        .collect();
    assert_eq!(buttons.len(), 1, "one Undo");
    buttons[0]
}

/// Dead Man's Hand at 1280×800: on the hand-over screens (before and after the hand is
/// shown) Undo stands where it does in the activations (it stood at the window's left edge,
/// 340 points from its place in every phase).
#[test]
fn undo_on_the_hand_over_screens_is_where_it_is_in_every_phase() {
    let (_dir, mut h) = dmh_table_at_1280_by_800();
    crate::support::deal(&mut h, &crate::support::DEAL);
    h.get_by_label("Turn 1 · activations");
    let in_the_activations = undo_button(&h);
    crate::support::press(&mut h, "Tombstone Law's hand");
    let player = crate::support::player(&h, crate::support::LAW);
    let pass = format!("Pass to the {player} player — tap to show hand");
    h.get_by_label(&pass);
    assert_eq!(undo_button(&h), in_the_activations, "handing over");
    crate::support::press(&mut h, &pass);
    h.get_by_label("Hide hand");
    assert_eq!(undo_button(&h), in_the_activations, "the hand shown");
}

/// The one Undo button's accessible name and whether it is greyed out.
fn undo_state(h: &App) -> (String, bool) {
    let undo = h
        .get_all_by_role(Role::Button)
        .find(|n| n.accesskit_node().label().is_some_and(|l| l.starts_with("Undo")))
        .expect("an Undo button");
    (undo.accesskit_node().label().unwrap_or_default(), undo.accesskit_node().is_disabled())
}

/// Dead Man's Hand at 1280×800: while a hand is hidden for the hand-over, Undo stays where it
/// is in the activations, greyed, naming nothing of the game (its words would tell the player
/// taking the device what the last one did), with its reason under the hand-over button; a
/// click, Ctrl+Z and an Undo sent to the app change nothing (Undo undid the deal
/// behind the hidden hand). Once the hand is shown, or the hand-over cancelled, Undo acts
/// again, Ctrl+Z included.
#[test]
fn undo_waits_greyed_in_its_place_while_a_hand_is_hidden() {
    use crate::support::Dmh as _;
    use posse::systems::dmh::ui::play::PlayCommand;
    let (_dir, mut h) = dmh_table_at_1280_by_800();
    crate::support::deal(&mut h, &crate::support::DEAL);
    let in_the_activations = undo_button(&h);
    let dealt = crate::support::game(&h).events.len();
    let deal_line = crate::support::last_line(&h).to_owned();
    assert_eq!(undo_state(&h), (format!("Undo: {deal_line}"), false));
    crate::support::press(&mut h, "Tombstone Law's hand");
    let player = crate::support::player(&h, crate::support::LAW);
    let pass = format!("Pass to the {player} player — tap to show hand");
    h.get_by_label(&pass);
    assert_eq!(undo_button(&h), in_the_activations, "Undo stays in its place");
    assert_eq!(undo_state(&h), ("Undo".to_owned(), true), "greyed, and naming nothing");
    let reason = h.get_by_label("Undo waits while the hand is hidden: show it, or Cancel.").rect();
    let cancel = h.get_by_role_and_label(Role::Button, "Cancel").rect();
    assert!(reason.top() >= cancel.bottom() && reason.bottom() <= 800.0, "under Cancel: {reason:?}");
    let events = |h: &App| crate::support::game(h).events.len();
    h.get_by_role_and_label(Role::Button, "Undo").click();
    h.run();
    assert_eq!(events(&h), dealt, "a click undid nothing behind the hidden hand");
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert_eq!(events(&h), dealt, "Ctrl+Z undid nothing behind the hidden hand");
    h.state_mut().dmh_mut().handle_play(PlayCommand::Undo);
    h.run();
    assert_eq!(events(&h), dealt, "the app refuses an Undo while the hand is hidden");
    assert_eq!(h.state().dmh().play.notice, None, "no banner moves the screen");
    h.get_by_label(&pass);
    assert_eq!(undo_button(&h), in_the_activations);
    // The hand shown to its player: Undo is his again.
    crate::support::press(&mut h, &pass);
    h.get_by_label("Hide hand");
    assert_eq!(undo_state(&h), (format!("Undo: {deal_line}"), false));
    assert!(h.query_by_label("Undo waits while the hand is hidden: show it, or Cancel.").is_none());
    crate::support::press(&mut h, "Hide hand");
    // Hidden again, then cancelled: Ctrl+Z undoes the deal.
    crate::support::press(&mut h, "Tombstone Law's hand");
    assert_eq!(undo_state(&h), ("Undo".to_owned(), true));
    crate::support::press_button(&mut h, "Cancel");
    assert_eq!(undo_state(&h), (format!("Undo: {deal_line}"), false));
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert_eq!(events(&h), dealt - 1, "Ctrl+Z undid the deal");
}

/// What the screen shows of the Law's hand (6♥ 6♦ 2♦ 8♥ 9♦) and the Clantons' (6♣ 5♣ 10♣ 2♣
/// 4♣), the 6♥ played on the table aside: the cards it draws (a trump on the table among them),
/// and the buttons to play them or to trump with them.
fn hands_in_sight(h: &App) -> Vec<String> {
    ["6♦", "2♦", "8♥", "9♦", "6♣", "5♣", "10♣", "2♣", "4♣"]
        .iter()
        .flat_map(|c| [(*c).to_owned(), format!("Play {c}"), format!("Trump with {c}")])
        .chain(["Play 6♥".to_owned(), "Trump with 6♥".to_owned(), "Hide hand".to_owned()])
        .filter(|label| h.query_by_label(label).is_some())
        .collect()
}

/// Dead Man's Hand at 1280×800, the Law's 6♥ played and the Clantons holding 6♣: on the
/// hand-over screen that offers the trump, Undo stays in its place, live and naming the card
/// (it is on the table for all to see), and one click takes back that card and no more: the
/// Law's hand goes behind its own hand-over screen, showing no hand to whoever holds the
/// device, and there Undo waits as it does for any hidden hand (it was greyed behind the
/// trump's offer, so the player who misplayed had to pass the device first, and the other
/// player tapping through could undo his card). So too for the trump offered back: Ctrl+Z
/// takes back the Clantons' 6♣, their choice goes behind its hand-over screen again, and Undo
/// there takes back the 6♥. Redo from the hand shown again plays the card and shuts the hand
/// (it opened again once the card stood). (A card a seat's phone plays at a shared table
/// leaves the host's Undo live too: `tests/share.rs`.)
#[test]
fn undo_on_a_trumps_hand_over_takes_the_card_back_behind_a_hand_over() {
    use crate::support::{CLANTONS, DEAL, LAW, deal, game, last_line, open_hand, player, press, type_hand};
    let (_dir, mut h) = dmh_table_at_1280_by_800();
    type_hand(&mut h, LAW, "6H 6D 2D 8H 9D");
    type_hand(&mut h, CLANTONS, "6C 5C 10C 2C 4C");
    deal(&mut h, &DEAL);
    let in_the_activations = undo_button(&h);
    let dealt = last_line(&h).to_owned();
    let events = |h: &App| game(h).events.len();
    let before_the_play = events(&h);
    let play_the_six = |h: &mut App| {
        open_hand(h, LAW);
        press(h, "Play 6♥");
        press(h, "Play 6♥ now");
    };
    play_the_six(&mut h);
    let played = last_line(&h).to_owned();
    assert_eq!(events(&h), before_the_play + 1);
    let offered = "Pass to the Outlaws player — tap to trump it or let it stand";
    h.get_by_role_and_label(Role::Button, offered);
    assert_eq!(undo_button(&h), in_the_activations, "Undo stays in its place");
    assert_eq!(undo_state(&h), (format!("Undo: {played}"), false), "live, naming the card played");
    assert_eq!(hands_in_sight(&h), Vec::<String>::new());
    // One click: the card back in the Law's hand, behind its hand-over screen.
    h.get_by_role_and_label(Role::Button, &format!("Undo: {played}")).click();
    h.run();
    assert_eq!(events(&h), before_the_play, "one event undone");
    assert!(game(&h).pending.is_none() && game(&h).sides[LAW].hand.len() == 5, "the 6♥ back in hand");
    let law_hidden = format!("Pass to the {} player — tap to show hand", player(&h, LAW));
    h.get_by_role_and_label(Role::Button, &law_hidden);
    assert_eq!(hands_in_sight(&h), Vec::<String>::new(), "no hand shown to whoever holds the device");
    assert_eq!(undo_button(&h), in_the_activations, "Undo stays in its place");
    assert_eq!(undo_state(&h), ("Undo".to_owned(), true), "waiting behind the hidden hand");
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert_eq!(events(&h), before_the_play, "nothing more undone");
    // The Law's player takes his hand again, the 6♥ in it, and plays it once more.
    press(&mut h, &law_hidden);
    assert_eq!(undo_state(&h), (format!("Undo: {dealt}"), false));
    h.get_by_role_and_label(Role::Button, "Play 6♥");
    press(&mut h, "Hide hand");
    play_the_six(&mut h);
    assert_eq!(events(&h), before_the_play + 1);
    press(&mut h, offered);
    press(&mut h, "Trump with 6♣");
    let trumped = last_line(&h).to_owned();
    let back = "Pass to the Lawmen player — tap to trump back or let it stand";
    h.get_by_role_and_label(Role::Button, back);
    assert_eq!(undo_button(&h), in_the_activations, "Undo stays in its place");
    assert_eq!(undo_state(&h), (format!("Undo: {trumped}"), false), "live, naming the trump");
    assert_eq!(hands_in_sight(&h), ["6♣"], "the trump on the table beside the 6♥, no hand");
    // Ctrl+Z: the trump back in the Clantons' hand, their choice behind its hand-over screen.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert_eq!(events(&h), before_the_play + 1, "the trump undone, and only it");
    assert_eq!(game(&h).pending.as_ref().map(|p| p.trumps.len()), Some(0), "the 6♥ waits");
    h.get_by_role_and_label(Role::Button, offered);
    assert_eq!(hands_in_sight(&h), Vec::<String>::new(), "the Clantons' choice hidden");
    assert_eq!(undo_button(&h), in_the_activations, "Undo stays in its place");
    assert_eq!(undo_state(&h), (format!("Undo: {played}"), false));
    // Undo on: the 6♥ back in the Law's hand, behind its hand-over screen.
    h.get_by_role_and_label(Role::Button, &format!("Undo: {played}")).click();
    h.run();
    assert_eq!(events(&h), before_the_play);
    h.get_by_role_and_label(Role::Button, &law_hidden);
    assert_eq!(hands_in_sight(&h), Vec::<String>::new());
    assert_eq!(undo_state(&h), ("Undo".to_owned(), true));
    // Redo from the hand shown plays the 6♥ again: the hand shuts behind the offer, and stays
    // shut once the card stands (it opened again, to the Clantons' player).
    press(&mut h, &law_hidden);
    press(&mut h, &format!("Redo: {played}"));
    assert_eq!(events(&h), before_the_play + 1);
    h.get_by_role_and_label(Role::Button, offered);
    assert_eq!(hands_in_sight(&h), Vec::<String>::new());
    press(&mut h, offered);
    press(&mut h, "Let it stand");
    assert!(game(&h).pending.is_none(), "the 6♥ stands");
    assert_eq!(hands_in_sight(&h), Vec::<String>::new(), "no hand open after it");
}

/// Dead Man's Hand at 1280×800, We Will Be Waitin'..., Sherman (the Law's last man) held back as a
/// reinforcement and turn 1 over: the Law discard J♥ to call him, and on the hand-over screen
/// that offers the Clantons the trump, one click of Undo takes the discard back, and the J♥
/// into the Law's hand behind its hand-over screen, as for a card played (it left the end of
/// the turn's screen, the Law's player to open his hand again), Undo waiting there; shown to
/// him, the hand offers the call again.
#[test]
fn undo_of_a_call_for_the_reinforcements_puts_the_hand_behind_its_hand_over() {
    use crate::support::Dmh as _;
    use crate::support::{CLANTONS, LAW, flag, game, last_line, open_hand, player, press, type_hand};
    use posse::systems::dmh::{game::Event, ui::play::PlayCommand};
    let dir = crate::support::data_with(&["lawmen-21", "outlaws-21"]);
    let mut h = crate::support::app_on(dir.path(), posse::systems::dmh::app::Screen::Play, 1280.0, 800.0);
    crate::support::start(&mut h, crate::support::SEED, Some("We Will Be Waitin'..."));
    flag(&mut h, "Sherman McMaster", "Reinforcement");
    type_hand(&mut h, LAW, "JH 6D 2D 8H 9D");
    type_hand(&mut h, CLANTONS, "JS 5C 10C 2C 4C");
    for event in [Event::DealInitiative { face_up: [None, None], cards: None }, Event::EndTurn] {
        h.state_mut().dmh_mut().handle_play(PlayCommand::Apply(event));
        h.run();
    }
    let call = "Discard J♥ to call the reinforcements";
    open_hand(&mut h, LAW);
    press(&mut h, call);
    let called = last_line(&h).to_owned();
    assert_eq!(called, "Turn 1 · Tombstone Law discard J♥ to call their reinforcements");
    let events = game(&h).events.len();
    h.get_by_role_and_label(Role::Button, "Pass to the Outlaws player — tap to trump it or let it stand");
    let offered_at = undo_button(&h);
    assert_eq!(undo_state(&h), (format!("Undo: {called}"), false), "live, naming the call");
    h.get_by_role_and_label(Role::Button, &format!("Undo: {called}")).click();
    h.run();
    assert_eq!(game(&h).events.len(), events - 1, "one event undone");
    assert!(game(&h).pending.is_none() && game(&h).sides[LAW].hand.len() == 5, "the J♥ back in hand");
    let law_hidden = format!("Pass to the {} player — tap to show hand", player(&h, LAW));
    h.get_by_role_and_label(Role::Button, &law_hidden);
    assert!(h.query_by_label(call).is_none() && h.query_by_label("Hide hand").is_none(), "no hand shown");
    assert_eq!(undo_button(&h), offered_at, "Undo stays in its place");
    assert_eq!(undo_state(&h), ("Undo".to_owned(), true), "waiting behind the hidden hand");
    press(&mut h, &law_hidden);
    h.get_by_role_and_label(Role::Button, call);
}

/// Dead Man's Hand at 1280×800: at the end of the turn, Draw cards and start the next turn
/// stays where it is, greyed while the Clantons owe a Big Nerve test and ready once it is
/// passed (it came after the test and jumped up when the test went).
#[test]
fn the_next_turns_button_waits_in_its_place_for_the_big_nerve_test() {
    use crate::support::{DEAL, end_activations, flag, names, press, type_in};
    let (_dir, mut h) = dmh_table_at_1280_by_800();
    crate::support::deal(&mut h, &DEAL);
    let down = ["Billy Clanton", "Frank McLaury", "Tom McLaury", "Curly Bill"];
    for name in down {
        flag(&mut h, name, "Out of action");
    }
    let rest: Vec<&str> = names(&DEAL).into_iter().filter(|n| !down.contains(n)).collect();
    end_activations(&mut h, &rest);
    press(&mut h, "End the turn");
    let next = |h: &App| h.get_by_role_and_label(Role::Button, "Draw cards and start the next turn").rect();
    let owed = next(&h);
    assert!(
        crate::support::disabled(&h, "Draw cards and start the next turn"),
        "not before the Big Nerve test"
    );
    type_in(&mut h, "d10 roll", "9");
    press(&mut h, "Apply The Clanton Gang's Big Nerve test");
    assert!(!crate::support::disabled(&h, "Draw cards and start the next turn"));
    assert_eq!(next(&h), owed);
}

/// The top of the log's panel at the foot of the Play screen: what the turn's panel shows
/// without scrolling ends there.
fn log_top(h: &App) -> f32 {
    h.get_all_by_role(Role::Splitter)
        .map(|n| n.rect())
        .filter(|r| r.width() > 1000.0)
        .map(|r| r.top())
        .next()
        .expect("the log's splitter")
}

/// Dead Man's Hand at 1280×800: a quick shot at a model with a long name keeps its title in a
/// box of its own width, so the quick shooter and Cancel are where they are for a short name
/// and inside the window (a long name pushed Cancel past the window's right edge).
#[test]
fn a_long_name_keeps_the_quick_shots_cancel_in_place() {
    use crate::support::{declare, press, shoot};
    let long = "Wyatt Berry Stapp Earp of Tombstone";
    let cancel_for = |name: &str| {
        let lawmen =
            std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/lawmen-21.json"))
                .expect("the fixture")
                .replace("Wyatt Earp", name);
        let outlaws =
            std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/outlaws-21.json"))
                .expect("the fixture");
        let dir = crate::support::data_with_gangs(&[("lawmen-21", &lawmen), ("outlaws-21", &outlaws)]);
        let mut h = crate::support::app_on(dir.path(), posse::systems::dmh::app::Screen::Play, 1280.0, 800.0);
        crate::support::start(&mut h, crate::support::SEED, None);
        let deal: Vec<(&str, &str)> = crate::support::DEAL
            .iter()
            .map(|&(m, c)| (if m == "Wyatt Earp" { name } else { m }, c))
            .collect();
        crate::support::deal(&mut h, &deal);
        declare(&mut h, &["Shoot", "Shoot"]);
        shoot(&mut h, "Billy Clanton", "12", None);
        press(&mut h, &format!("⚡ The Clanton Gang quick shoot {name}…"));
        (h.get_by_label("Quick shooter").rect(), h.get_by_role_and_label(Role::Button, "Cancel").rect())
    };
    let short = cancel_for("Wyatt Earp");
    let (shooter, cancel) = cancel_for(long);
    assert_eq!((shooter, cancel), short, "the long name moved the quick shooter or Cancel");
    assert!(cancel.max.x <= 1280.0, "Cancel at {cancel:?} is past the window");
}

/// Dead Man's Hand at 1280×800: the enemy's quick shot opens under the acting model's header
/// and the whole of it fits above the log with the shot panel's own d20, Apply, distance and
/// ticks (its Apply was at 840 points, below the window); the quick shooter, the distance, the
/// d20 and Apply stay put while the shooter and the shot's target are picked, the distance is
/// typed key by key (through
/// "2", a close range rolled with the shot, to "25", long range) and the d20 is typed; the
/// quick shot applied is the one typed.
#[test]
fn the_quick_shot_fits_at_1280_by_800_and_holds_still() {
    use crate::support::{declare, game, model_ref, pick, press, shoot, type_in};
    use posse::systems::dmh::game::{Event, Fire};
    let (_dir, mut h) = dmh_table_at_1280_by_800();
    crate::support::deal(&mut h, &crate::support::DEAL);
    declare(&mut h, &["Shoot", "Shoot"]);
    shoot(&mut h, "Billy Clanton", "12", None);
    press(&mut h, "⚡ The Clanton Gang quick shoot Wyatt Earp…");
    let controls = |h: &App| -> Vec<egui::Rect> {
        vec![
            h.get_by_label("Quick shooter").rect(),
            h.get_by_role_and_label(Role::Button, "Cancel").rect(),
            h.get_by_role_and_label(Role::TextInput, "Quick shot distance (cm)").rect(),
            h.get_by_role_and_label(Role::CheckBox, "Wyatt Earp in cover").rect(),
            h.get_by_role_and_label(Role::TextInput, "Quick shot d20 roll").rect(),
            h.get_all_by_role(Role::Button)
                .find(|n| {
                    n.accesskit_node().label().is_some_and(|l| {
                        l.starts_with("Apply the quick shot") || l == "Apply it with the shot"
                    })
                })
                .expect("the quick shot's Apply")
                .rect(),
            h.get_by_role_and_label(Role::TextInput, "d20 roll").rect(),
            h.get_by_role_and_label(Role::TextInput, "Distance (cm)").rect(),
            h.get_by_role_and_label(Role::CheckBox, "Obscured").rect(),
        ]
    };
    let aimed = controls(&h);
    pick(&mut h, "Quick shooter", "Pete Spence");
    assert_eq!(controls(&h), aimed, "picking the quick shooter moved nothing");
    crate::support::target(&mut h, "Johnny Ringo");
    h.get_by_label("Shot 1 at Johnny Ringo");
    assert_eq!(controls(&h), aimed, "another target for the shot moved nothing");
    let field = Steady::clear(&mut h, "Quick shot distance (cm)");
    for (typed, key) in [("2", "2"), ("25", "5")] {
        field.type_keys_more(&mut h, &typed[..typed.len() - 1], key);
        assert_eq!(controls(&h), aimed, "the distance {typed:?} moved nothing");
    }
    h.get_by_label("Long range: the quick shot comes first. If Wyatt Earp falls, it does nothing more.");
    type_in(&mut h, "Quick shot d20 roll", "15");
    assert_eq!(controls(&h), aimed, "the d20 moved nothing");
    // Long range -1, the Sheriff is a boss -1.
    h.get_by_label("pistol · modifier -2 · hit 40% · long range");
    h.get_by_label("15 -2 = 13 → Under fire");
    let bottom = log_top(&h);
    for rect in &aimed {
        assert!(rect.bottom() <= bottom && rect.right() <= 1280.0, "in sight without scrolling: {rect:?}");
    }
    press(&mut h, "Apply the quick shot");
    let quick = Fire {
        shooter: model_ref(&h, "Pete Spence"),
        target: model_ref(&h, "Wyatt Earp"),
        modifier: -2,
        roll: 15,
        weapon: Some("pistol".into()),
    };
    assert_eq!(game(&h).events.last(), Some(&Event::QuickShot { quick, answer: None }));
}

/// The shot panel's odds in the turn's pane (right of the roster): the modifier's line and
/// each result's chance, top to bottom.
fn shot_odds(h: &App) -> Vec<(String, egui::Rect)> {
    let roster_edge = h
        .get_all_by_role(Role::Splitter)
        .map(|n| n.rect())
        .find(|r| r.height() > r.width())
        .expect("the roster's resize handle")
        .max
        .x;
    let results = ["Out of ammo", "Miss", "Under fire", "Under fire + nerve test", "Out of action"];
    let mut odds: Vec<(String, egui::Rect)> = h
        .get_all_by_role(Role::Label)
        .filter(|n| n.rect().min.x > roster_edge)
        .filter_map(|n| {
            // A label's words are its value.
            let label = n.accesskit_node().value()?;
            (label.starts_with("Modifier ") || results.contains(&label.as_str())).then(|| (label, n.rect()))
        })
        .collect();
    odds.sort_by(|a, b| a.1.min.y.total_cmp(&b.1.min.y));
    odds
}

/// Dead Man's Hand at 1280×800: with the enemy's quick shot open over the shot panel, the
/// shot's odds (the modifier and the chance of each of the five results) end above the log,
/// inside the window, in a box of their own: the modifier's line in sight as the quick shot
/// opens, and each result, and the closest-target tick under them, above the log once
/// scrolled to, while the shot's d20, Apply and inputs stay put (the odds ran under the log,
/// past the window's bottom). Without the quick shot the odds stand whole above the log.
#[test]
fn the_shots_odds_stay_above_the_log_with_the_quick_shot_open() {
    use crate::support::{declare, pick, press, shoot};
    let (_dir, mut h) = dmh_table_at_1280_by_800();
    crate::support::deal(&mut h, &crate::support::DEAL);
    declare(&mut h, &["Shoot", "Shoot"]);
    shoot(&mut h, "Billy Clanton", "12", None);
    let names = |odds: &[(String, egui::Rect)]| odds.iter().map(|(l, _)| l.clone()).collect::<Vec<_>>();
    let expected = [
        "Modifier +1 · close range",
        "Out of ammo",
        "Miss",
        "Under fire",
        "Under fire + nerve test",
        "Out of action",
    ];
    let without = shot_odds(&h);
    assert_eq!(names(&without), expected);
    let bottom = log_top(&h);
    for (label, rect) in &without {
        assert!(rect.bottom() <= bottom, "{label} at {rect:?}, the log at {bottom}, without the quick shot");
    }
    press(&mut h, "⚡ The Clanton Gang quick shoot Wyatt Earp…");
    pick(&mut h, "Quick shooter", "Pete Spence");
    let controls = |h: &App| -> Vec<egui::Rect> {
        vec![
            h.get_by_role_and_label(Role::TextInput, "d20 roll").rect(),
            h.get_by_role_and_label(Role::Button, "Apply").rect(),
            h.get_by_role_and_label(Role::TextInput, "Distance (cm)").rect(),
            h.get_by_role_and_label(Role::CheckBox, "Obscured").rect(),
            h.get_by_role_and_label(Role::TextInput, "Quick shot d20 roll").rect(),
        ]
    };
    let aimed = controls(&h);
    let with = shot_odds(&h);
    assert_eq!(names(&with), expected);
    let bottom = log_top(&h);
    let (modifier, first) = (&with[0].1, with[0].1);
    assert!(modifier.bottom() <= bottom, "the modifier at {modifier:?}, the log at {bottom}");
    for label in expected.iter().skip(1).copied().chain(["Target is not the closest enemy"]) {
        h.get_all_by_label(label).last().expect("in the odds").scroll_to_me();
        h.run();
        let rect = shot_odds(&h)
            .into_iter()
            .find(|(l, _)| l == label)
            .map_or_else(|| h.get_by_role_and_label(Role::CheckBox, label).rect(), |(_, r)| r);
        assert!(
            rect.top() >= first.top() && rect.bottom() <= bottom,
            "{label} at {rect:?}, the log at {bottom}"
        );
        assert_eq!(controls(&h), aimed, "scrolling to {label} moved the shot's controls");
    }
}

/// Dead Man's Hand at 1280×800: the shot's distance cleared and typed key by key ("1" on the
/// way to "12") keeps its place, its focus and every key (a cleared field was filled with
/// "15" at once, so "12" typed became "1512"), Apply stays put, and the shot is at 12 cm.
#[test]
fn the_shots_distance_typed_key_by_key_is_the_distance_shot() {
    use crate::support::{declare, game, model_ref, target, type_in};
    use posse::systems::dmh::game::Event;
    let (_dir, mut h) = dmh_table_at_1280_by_800();
    crate::support::deal(&mut h, &crate::support::DEAL);
    declare(&mut h, &["Shoot"]);
    target(&mut h, "Billy Clanton");
    assert_eq!(h.get_by_role_and_label(Role::TextInput, "Distance (cm)").value().as_deref(), Some("15"));
    let field = Steady::clear(&mut h, "Distance (cm)");
    h.get_by_label("Type the measured distance in cm, like 14 or 14.5.");
    type_keys_holding(&mut h, &field, "12", "Apply");
    type_in(&mut h, "d20 roll", "15");
    // 12 cm is close range for the pistol: +1.
    h.get_by_label("15 +1 = 16 → Under fire + nerve test");
    crate::support::press(&mut h, "Apply: Under fire + nerve test");
    let shot = Event::Shot {
        shooter: model_ref(&h, "Wyatt Earp"),
        target: model_ref(&h, "Billy Clanton"),
        modifier: 1,
        roll: 15,
        weapon: Some("pistol".into()),
        duck_back: false,
    };
    assert_eq!(game(&h).events.last(), Some(&shot));
}

/// After Kid's hit on the Boss wounds him, the chips' offers appear (the Marshal's soak, a
/// d6 added with Bob's red chip): at 1280×800 nothing of the turn moves (End turn, the steps,
/// the attack form that comes back for the next attack, where it was at the turn's start), the
/// chips' box (the chips of the Marshal and three players, each holder's buttons in reach
/// without a scroll before the hit) keeps its top and the buttons in it their places, giving
/// the soak its room at its bottom, and the offers are inside the window.
#[test]
fn the_offers_after_a_wounding_hit_move_nothing_of_the_turn() {
    use posse::systems::savage::game::{Event, Holder, MemberRef};
    use posse::systems::savage::rules::chips::ChipColour;

    use crate::savage_screens::{a_dealt_fight, fight, send};
    let dir = crate::savage::data_with_combatants();
    let mut h = a_dealt_fight(dir.path());
    let (bob, white, red, blue) =
        (Holder::Player("Bob".into()), ChipColour::White, ChipColour::Red, ChipColour::Blue);
    // Chips of three colours on each side: each offer has a chip to choose, and both forms
    // together are taller than the room under the chips' box.
    send(&mut h, Event::DrawChips { holder: bob, count: 2, typed: Some(vec![red, blue]) });
    send(
        &mut h,
        Event::DrawChips { holder: Holder::Marshal, count: 4, typed: Some(vec![white, white, red, blue]) },
    );
    send(&mut h, Event::BeginTurn { unit: "kid".into() });
    h.run();
    h.get_by_role_and_label(Role::Button, "Boss").click_accesskit();
    h.run();
    let aimed = ["End Kid's turn", "1. Attack", "2. Damage", "Attack"];
    let before: Vec<egui::Rect> = aimed.iter().map(|b| button_rect(&h, b)).collect();
    // The chips' box and its lowest button (Cid's, the last holder's), in reach with no scroll
    // bar: the box is as tall as the chips of the Marshal and the three players.
    let chips = |h: &App, when: &str| {
        let area = h.get_by_role_and_label(Role::Group, "Fate chips box").rect();
        let lowest = button_rect(h, "More chips for Cid");
        assert!(area.contains_rect(lowest), "{when}: {lowest:?} is past the chips' box {area:?}");
        let bars: Vec<egui::Rect> =
            h.get_all_by_role(Role::ScrollBar).map(|b| b.rect()).filter(|b| area.intersects(*b)).collect();
        assert_eq!(bars, Vec::<egui::Rect>::new(), "{when}: the chips' box scrolls");
        (area, lowest)
    };
    let chips_before = chips(&h, "before the hit");
    let held = ["More chips for Marshal", "Spend Marshal's chip", "Ann draws 3 owed"];
    let held_before: Vec<egui::Rect> = held.iter().map(|b| button_rect(&h, b)).collect();
    assert!(h.query_by_label("Log").is_some(), "the log is under the chips' box");
    type_in(&mut h, "Attack die total", "7");
    type_in(&mut h, "Attack Wild Die total", "2");
    h.get_by_role_and_label(Role::Button, "Attack").click_accesskit();
    h.run();
    let damage = button_rect(&h, "Damage");
    type_in(&mut h, "Damage total", "12");
    assert_eq!(button_rect(&h, "Damage"), damage, "the total typed moves nothing");
    h.get_by_role_and_label(Role::Button, "Damage").click_accesskit();
    h.run();
    h.run();
    assert_eq!(fight(&h).state.member(&MemberRef::new("boss", 0)).map(|m| m.wounds), Some(1));
    for (label, was) in aimed.iter().zip(&before) {
        assert_eq!(button_rect(&h, label), *was, "{label} moved when the offers appeared");
    }
    // The soak of the wound just dealt is whole under the chips' box (`savage_screens::
    // the_soak_of_a_hit_is_in_view_without_scrolling`): the box keeps its top and gives up room
    // at its bottom; the holders' buttons still in it have not moved, the lowest scroll inside.
    let box_now = |h: &App| h.get_by_role_and_label(Role::Group, "Fate chips box").rect();
    let (area_before, _) = chips_before;
    let top = box_now(&h).top();
    assert!((top - area_before.top()).abs() < 0.5, "the chips' box moved to {top} when the offers appeared");
    for (label, was) in held.iter().zip(&held_before) {
        assert_eq!(button_rect(&h, label), *was, "{label} moved when the offers appeared");
    }
    // Under the chips of four holders the column has no room for both the offers' box and the
    // log: the offers take the log's room while they are open, and every scrolling box, the
    // offers' too, ends inside the window (the log's lines were past its bottom).
    let window = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1280.0, 800.0));
    assert!(h.query_by_label("Log").is_none(), "the log keeps its room under the offers");
    for bar in h.get_all_by_role(Role::ScrollBar).map(|b| b.rect()) {
        assert!(window.contains_rect(bar), "a scrolling box at {bar:?} is past the window");
    }
    // The offers are taller together than the room under the chips' box: they scroll in a box
    // of their own, and each is inside the window once scrolled to (it was past the bottom,
    // out of reach).
    for offer in ["Soak, Posse rolls", "Add a die, Posse rolls", "Extra die total", "Add the die"] {
        h.get_by_label(offer).scroll_to_me();
        h.run();
        let r = h.get_by_label(offer).rect();
        assert!(window.contains_rect(r), "{offer} at {r:?} is past the window");
    }
    for (label, was) in aimed.iter().zip(&before) {
        assert_eq!(button_rect(&h, label), *was, "{label} moved when the offers scrolled");
    }
    let with_offers = box_now(&h);
    for (label, was) in held.iter().zip(&held_before) {
        assert_eq!(button_rect(&h, label), *was, "{label} moved when the offers scrolled");
    }
    // Cid's chips, the lowest, scrolled to inside the chips' box: in it, and in the window.
    h.get_by_role_and_label(Role::Button, "More chips for Cid").scroll_to_me();
    h.run();
    let cid = button_rect(&h, "More chips for Cid");
    assert!(with_offers.contains_rect(cid) && window.contains_rect(cid), "Cid's chips at {cid:?}");
    assert_eq!(box_now(&h), with_offers, "the chips' box moved when it scrolled");
}

/// Deadlands' "Type the cards": Kid's and Doc's cards typed key by key through a card that is
/// no card ("1", "1X") and a card typed twice: each problem shows under its own field, and
/// Deal these cards, Cancel and the next fields never move; the deal takes what was typed.
#[test]
fn the_typed_deal_holds_still_while_cards_are_typed() {
    use posse::systems::savage::game::Event;
    use posse::systems::savage::rules::initiative::parse_card;

    use crate::savage_screens::{a_dealt_fight, fight};
    let dir = crate::savage::data_with_combatants();
    let mut h = a_dealt_fight(dir.path());
    h.get_by_role_and_label(Role::Button, "Type the cards").click_accesskit();
    h.run();
    let still = |h: &App| {
        [
            button_rect(h, "Deal these cards"),
            button_rect(h, "Cancel"),
            h.get_by_role_and_label(Role::TextInput, "Doc cards").rect(),
            h.get_by_role_and_label(Role::TextInput, "Boss cards").rect(),
        ]
    };
    let before = still(&h);
    let kid = Steady::clear(&mut h, "Kid cards");
    for (typed, problem) in
        [("1", Some("'1' is not a card")), ("1X", Some("'1X' is not a card")), ("1", None)]
    {
        let already = kid_value(&h);
        if typed.len() < already.len() {
            h.key_press(egui::Key::Backspace);
            h.run();
        } else {
            kid.type_keys_more(&mut h, &already, &typed[already.len()..]);
        }
        assert_eq!(still(&h), before, "something moved after Kid's {typed:?}");
        let shown = problem.map(|p| h.query_by_label_contains(p).is_some());
        assert_ne!(shown, Some(false), "{problem:?} after {typed:?}");
    }
    kid.type_keys_more(&mut h, "1", "0H");
    assert!(!h.get_by_role_and_label(Role::Button, "Deal these cards").accesskit_node().is_disabled());
    let doc = Steady::clear(&mut h, "Doc cards");
    doc.type_keys(&mut h, "10H");
    assert_eq!(still(&h), before, "something moved after Doc's 10H, typed twice");
    assert!(h.get_by_role_and_label(Role::Button, "Deal these cards").accesskit_node().is_disabled());
    h.key_press(egui::Key::Backspace);
    h.key_press(egui::Key::Backspace);
    h.run();
    doc.type_keys_more(&mut h, "1", "0S");
    assert_eq!(still(&h), before);
    h.get_by_role_and_label(Role::Button, "Deal these cards").click_accesskit();
    h.run();
    let Some(Event::Deal { typed }) = fight(&h).events.last().cloned() else { panic!("no deal") };
    let card = |code| vec![parse_card(code, &[]).expect("a card")];
    assert_eq!((typed.get("kid"), typed.get("doc")), (Some(&card("10H")), Some(&card("10S"))));
}

/// What Kid's cards field holds.
fn kid_value(h: &App) -> String {
    h.get_by_role_and_label(Role::TextInput, "Kid cards").value().unwrap_or_default()
}

/// Dead Man's Hand's new game: picking a scene adds its cast lines (and a warning when a gang
/// does not fit it), which pushed *Start the game* down 46 points under the pointer. It stands
/// beside the heading, in one place whatever is picked.
#[test]
fn dmh_start_the_game_holds_still_as_the_scene_is_picked() {
    let dir = crate::support::data_with(&["lawmen-21", "outlaws-21"]);
    let mut h = crate::support::play_on(dir.path());
    let start = button_rect(&h, "Start the game");
    for scene in ["Showdown", "The Duel", "Custom game (full decks, 5 cards)", "The Stranger"] {
        h.get_by_role_and_label(Role::Button, scene).click();
        h.run();
        assert_eq!(button_rect(&h, "Start the game"), start, "after picking {scene}");
    }
    // The Stranger's cast is said, under the button.
    let cast = h.get_by_label("Good guys' cast: One gunhand (5 Rep): the stranger.").rect();
    assert!(cast.top() > start.bottom(), "{cast:?} under {start:?}");
}

/// Dead Man's Hand at 1024×768, the Clantons drawing from their own deck: a card Posse dealt
/// into their hand, typed for Ike, is refused beside his field in words that wrap there, two
/// lines the height of the field (the sentence was one line cut off at the window's edge,
/// "…type your real hand first (in the hand, under Play…"), and Billy's field stays put.
#[test]
fn a_refused_typed_card_wraps_beside_its_field_at_1024_by_768() {
    let dir = crate::support::data_with(&["lawmen-21", "outlaws-21"]);
    let mut h = crate::support::app_on(dir.path(), posse::systems::dmh::app::Screen::Play, 1024.0, 768.0);
    crate::support::start(&mut h, crate::support::SEED, None);
    crate::support::press(&mut h, "The Clanton Gang draw from their own deck");
    let billy = |h: &App| h.get_by_role_and_label(Role::TextInput, "Billy Clanton card").rect();
    let billy_before = billy(&h);
    let field = Steady::clear(&mut h, "Ike Clanton card");
    field.type_keys(&mut h, "10C");
    let refused = h
        .get_by_label(
            "10♣ is in the hand Posse dealt: type your real hand first (Hand, Playing with your own deck?).",
        )
        .rect();
    let ike = field.rect;
    assert!(
        refused.top() >= ike.top() - 1.0 && refused.bottom() <= ike.bottom() + 1.0,
        "beside Ike's field: {refused:?}"
    );
    assert!(refused.height() > 0.75 * ike.height(), "two lines, wrapped: {refused:?}");
    assert!(refused.right() <= 1024.0, "inside the window: {refused:?}");
    assert_eq!(billy(&h), billy_before);
}
