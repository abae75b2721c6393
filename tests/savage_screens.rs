//! Deadlands' every-turn screens hold still and fit: the worst case of the table (four
//! players' characters with their chips, the Boss and two groups of Outlaws, a long log, a
//! Joker out) inside 1280×800 and 1024×768; the combatant editor in one column on a phone and
//! a tablet; the attack form's choices and keys; and key-by-key typing through a turn.

use std::collections::BTreeMap;

use egui::accesskit::Role;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use posse::systems::savage::app::SavageApp;
use posse::systems::savage::game::{Event, Fight, MemberRef, Status};
use posse::systems::savage::rules::damage::DamageRoll;
use posse::systems::savage::rules::initiative::parse_card;
use posse::systems::savage::rules::situation::Situation;
use posse::systems::savage::rules::traits::TraitDice;
use posse::systems::savage::ui::fight::FightCommand;

use crate::support::{self, App, press, press_button, type_in};

fn savage(h: &App) -> &SavageApp {
    h.state().system::<SavageApp>().expect("Deadlands")
}

fn savage_mut(h: &mut App) -> &mut SavageApp {
    h.state_mut().system_mut::<SavageApp>().expect("Deadlands")
}

pub(crate) fn fight(h: &App) -> &Fight<'static> {
    savage(h).table.game().expect("a fight is open")
}

/// Sends one event, as a click would.
pub(crate) fn send(h: &mut App, event: Event) {
    savage_mut(h).handle_fight(FightCommand::Apply(event));
    assert_eq!(savage(h).fight.notice, None, "the event was taken");
}

/// The fight's Deadlands app at `size` on its Fight tab, with the posse of four, the Boss and
/// two groups of five Outlaws; every chip owed drawn.
fn posse_against_the_gang(dir: &std::path::Path, (width, height): (f32, f32)) -> App {
    let mut h = support::system_on(dir, "Deadlands (Savage Worlds)", width, height);
    press(&mut h, "Fight");
    for who in [
        "Doc (played by Ann)",
        "Kid (played by Bob)",
        "Preacher (played by Cid)",
        "Huckster (played by Dee)",
        "Boss (the Marshal's)",
    ] {
        press(&mut h, who);
    }
    press(&mut h, "More: Groups of Outlaws ×5");
    press(&mut h, "More: Groups of Outlaws ×5");
    savage_mut(&mut h).fight.seed = Some(1877);
    press(&mut h, "Start the fight");
    for who in ["Marshal", "Ann", "Bob", "Cid", "Dee"] {
        let owed = if who == "Marshal" { 6 } else { 3 };
        press(&mut h, &format!("{who} draws {owed} owed"));
    }
    h
}

/// The worst case of the every-turn screen: rounds played turn by turn (Posse dealing) until
/// the log holds 60 lines, then a round where Doc drew a Joker (so the deck is to be
/// reshuffled), Doc's turn begun and his shot at the first Outlaw hit: the damage form is up
/// and Undo names the long line of the shot.
pub(crate) fn worst_case(dir: &std::path::Path, size: (f32, f32)) -> App {
    let mut h = posse_against_the_gang(dir, size);
    while fight(&h).lines.len() < 60 {
        let s = &fight(&h).state;
        let event = match (s.whose_turn(), s.next_up()) {
            (Some(unit), _) => Event::EndTurn { unit: unit.to_owned() },
            (None, Some(unit)) => Event::BeginTurn { unit },
            (None, None) => Event::Deal { typed: BTreeMap::new() },
        };
        send(&mut h, event);
    }
    if let Some(unit) = fight(&h).state.whose_turn().map(str::to_owned) {
        send(&mut h, Event::EndTurn { unit });
    }
    let joker = parse_card("JK", &[]).expect("a Joker");
    let deal = Event::Deal { typed: BTreeMap::from([("doc".to_owned(), vec![joker])]) };
    // Turns still to come are skipped by the deal, as Deal anyway does.
    send(&mut h, deal);
    send(&mut h, Event::BeginTurn { unit: "doc".into() });
    send(
        &mut h,
        Event::Attack {
            attacker: MemberRef::new("doc", 0),
            target: MemberRef::new("outlaws-a", 0),
            skill: "shooting".into(),
            range: Some("short".into()),
            modifier: 0,
            roll: TraitDice::Typed { trait_die: 7, wild_die: Some(3) },
            situation: Situation::default(),
            weapon: None,
        },
    );
    for _ in 0..6 {
        h.run();
    }
    assert!(fight(&h).state.reshuffle_due());
    h
}

fn rect(h: &App, role: Role, label: &str) -> egui::Rect {
    h.get_by_role_and_label(role, label).rect()
}

/// Everything drawn past the right (or left) edge of a window `width` wide.
fn past_the_edges(h: &App, width: f32) -> Vec<String> {
    h.root()
        .children_recursive()
        .filter(|n| n.accesskit_node().has_bounds())
        .filter(|n| n.rect().right() > width + 0.5 || n.rect().left() < -0.5)
        .map(|n| {
            format!(
                "{:?} '{}' at {:?}",
                n.accesskit_node().role(),
                n.accesskit_node().label().unwrap_or_default(),
                n.rect()
            )
        })
        .collect()
}

#[test]
fn the_worst_turn_fits_a_desktop_window() {
    for size in [(1280.0, 800.0), (1024.0, 768.0)] {
        let dir = crate::savage::data_with_combatants();
        let mut h = worst_case(dir.path(), size);
        let window = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(size.0, size.1));
        assert_eq!(past_the_edges(&h, size.0), Vec::<String>::new(), "at {size:?}");
        let round = fight(&h).state.round();
        let deal = rect(&h, Role::Button, &format!("Deal round {}", round + 1));
        let damage = rect(&h, Role::Button, "Damage");
        let undo_label = format!("Undo: {}", fight(&h).lines.last().expect("a line"));
        let undo = rect(&h, Role::Button, &undo_label);
        let redo = rect(&h, Role::Button, "Redo");
        for (what, r) in [("Deal", deal), ("Damage", damage), ("Undo", undo), ("Redo", redo)] {
            assert!(window.contains_rect(r), "{what} at {r:?} is outside {size:?}");
        }
        assert!(!undo.intersects(deal), "Undo {undo:?} covers Deal {deal:?} at {size:?}");
        let warning = h.get_by_label("A Joker is out: the deck is shuffled before the next deal").rect();
        assert!(window.contains_rect(warning), "the warning {warning:?} at {size:?}");
        assert!(
            !warning.intersects(undo) && !warning.intersects(deal),
            "the warning {warning:?} at {size:?}"
        );
        let last = fight(&h).lines.len();
        let line = format!("{last}. {}", fight(&h).lines.last().expect("a line"));
        let shown = h.get_by_label(&line).rect();
        assert!(window.contains_rect(shown), "the log's last line {shown:?} at {size:?}");
        h.run();
        drop(h);
    }
}

/// Every control a finger taps narrower or lower than 44 points, every line of text under 14
/// points high, and anything past the right edge.
fn finger_problems(h: &App, width: f32) -> Vec<String> {
    let mut out = Vec::new();
    for node in h.root().children_recursive() {
        let ak = node.accesskit_node();
        if !ak.has_bounds() {
            continue;
        }
        let (r, role) = (node.rect(), ak.role());
        let what = format!("{role:?} '{}{}'", ak.label().unwrap_or_default(), ak.value().unwrap_or_default());
        if r.right() > width + 0.5 || r.left() < -0.5 {
            out.push(format!("{what} reaches {:.0}..{:.0}", r.left(), r.right()));
        }
        let tapped = matches!(
            role,
            Role::Button
                | Role::CheckBox
                | Role::TextInput
                | Role::MultilineTextInput
                | Role::ComboBox
                | Role::SpinButton
        );
        if tapped && (r.width() < 43.5 || r.height() < 43.5) {
            out.push(format!("{what} is {:.0}×{:.0}", r.width(), r.height()));
        }
        if role == Role::TextRun && r.height() < 14.0 {
            out.push(format!("{what} is {:.0} high", r.height()));
        }
    }
    out
}

/// On a phone and on a tablet held upright, a combatant open in the editor is one column (the
/// way back to the list above it), every part of it can be scrolled to, every control is a
/// finger's size and every line of text at least 14 points.
#[test]
fn the_combatant_editor_is_one_column_for_fingers() {
    let mut found = Vec::new();
    for (width, height) in [(390.0, 844.0), (800.0, 1280.0)] {
        let dir = crate::savage::data_with_combatants();
        let mut h = support::system_on(dir.path(), "Deadlands (Savage Worlds)", width, height);
        posse::ui::theme::touch(&h.ctx);
        h.run();
        press(&mut h, "Combatants");
        press_button(&mut h, "Doc (Ann)");
        let name = rect(&h, Role::TextInput, "Name");
        let back = rect(&h, Role::Button, "‹ All combatants (6)");
        assert!(name.left() < 200.0 && back.left() < 60.0, "one column at {width}: {name:?} {back:?}");
        assert!(back.bottom() <= name.top(), "the way back above the editor at {width}: {back:?}");
        // The name and the numbers at the top end before Duplicate and Delete.
        let duplicate = rect(&h, Role::Button, "Duplicate");
        let covered: Vec<egui::Rect> = h
            .root()
            .children_recursive()
            .filter(|n| n.accesskit_node().has_bounds() && n.accesskit_node().role() == Role::Label)
            .map(|n| n.rect())
            .filter(|r| duplicate.y_range().contains(r.center().y) && r.right() > duplicate.left())
            .collect();
        assert_eq!(covered, Vec::<egui::Rect>::new(), "under Duplicate {duplicate:?} at {width}");
        for (role, label) in [
            (Role::TextInput, "New skill"),
            (Role::CheckBox, "Level Headed"),
            (Role::TextInput, "Weapon 1 long range"),
            (Role::MultilineTextInput, "Notes"),
        ] {
            h.get_by_role_and_label(role, label).scroll_to_me();
            h.run();
            let r = rect(&h, role, label);
            assert!(
                r.left() >= 0.0 && r.right() <= width && r.top() >= 0.0 && r.bottom() <= height,
                "{label} out of reach at {width}×{height}: {r:?}"
            );
            found.extend(finger_problems(&h, width).into_iter().map(|p| format!("at {width}: {p}")));
        }
    }
    let found: Vec<String> =
        found.into_iter().collect::<std::collections::BTreeSet<_>>().into_iter().collect();
    assert!(found.is_empty(), "{} problems:\n{}", found.len(), found.join("\n"));
}

/// On a phone and on a tablet held upright, a combatant open in the editor has a way back to the
/// list at its top, which stays there as the editor scrolls; the list then scrolls to its last
/// group (the bestiary), and a combatant picked there opens in the editor again.
#[test]
fn on_a_phone_an_open_combatant_has_a_way_back_to_the_whole_list() {
    for (width, height) in [(390.0, 844.0), (800.0, 1280.0)] {
        let dir = crate::savage::data_with_combatants();
        let mut h = support::system_on(dir.path(), "Deadlands (Savage Worlds)", width, height);
        posse::ui::theme::touch(&h.ctx);
        h.run();
        press(&mut h, "Combatants");
        press_button(&mut h, "New Wild Card");
        assert!(h.query_by_role_and_label(Role::TextInput, "Name").is_some(), "the editor at {width}");
        // Seven files now: the six and the new Wild Card.
        let back = "‹ All combatants (7)";
        let before = rect(&h, Role::Button, back);
        h.get_by_role_and_label(Role::MultilineTextInput, "Notes").scroll_to_me();
        h.run();
        assert_eq!(rect(&h, Role::Button, back), before, "the way back stays at the top at {width}");
        press_button(&mut h, back);
        assert!(h.query_by_role_and_label(Role::TextInput, "Name").is_none(), "the list alone at {width}");
        for label in ["Posse", "The Marshal's Wild Cards", "Bestiary: groups of Extras"] {
            h.get_by_role_and_label(Role::Label, label).scroll_to_me();
            h.run();
            let r = rect(&h, Role::Label, label);
            assert!(r.top() >= 0.0 && r.bottom() <= height, "{label} out of reach at {width}: {r:?}");
        }
        h.get_by_role_and_label(Role::Button, "Outlaws ×5").scroll_to_me();
        h.run();
        let outlaws = rect(&h, Role::Button, "Outlaws ×5");
        assert!(outlaws.top() >= 0.0 && outlaws.bottom() <= height, "Outlaws at {width}: {outlaws:?}");
        press_button(&mut h, "Outlaws ×5");
        assert_eq!(savage(&h).combatants.selected.as_deref(), Some("outlaws"));
        assert!(h.query_by_role_and_label(Role::TextInput, "Name").is_some(), "Outlaws open at {width}");
    }
}

/// A smaller fight at 1280×800: Kid, Doc (who also has Notice d12, not an attack skill),
/// Preacher, the Boss and five Outlaws, dealt in that order; the first Outlaw already out.
/// Kid takes four raises over his Toughness and fails his Incapacitation roll (5 − 3 = 2): a
/// lasting injury, and Bleeding Out. Returns Kid.
fn kid_bleeding_out(h: &mut App) -> MemberRef {
    kid_incapacitated(h, TraitDice::Typed { trait_die: 5, wild_die: Some(1) }, 0)
}

/// Kid takes four raises over his Toughness and rolls `roll` (at `modifier`) for his
/// Incapacitation. Returns Kid.
fn kid_incapacitated(h: &mut App, roll: TraitDice, modifier: i32) -> MemberRef {
    let kid = incapacitating_hit(h, "kid");
    send(h, Event::Incapacitation { target: kid.clone(), roll, modifier });
    kid
}

/// A hit four raises over the Toughness of unit `unit`'s first member, from nobody (typed by
/// the Marshal): Incapacitated, if a Wild Card. Returns the member.
fn incapacitating_hit(h: &mut App, unit: &str) -> MemberRef {
    let rules = posse::systems::savage::rules::embedded().expect("the rules");
    let toughness = fight(h).state.unit(unit).expect("the unit").combatant.toughness(rules);
    let member = MemberRef::new(unit, 0);
    send(
        h,
        Event::Damage {
            target: member.clone(),
            attacker: None,
            roll: DamageRoll::Total { total: toughness + 16 },
            modifier: 0,
            nonlethal: false,
            situation: Situation::default(),
            ap: 0,
        },
    );
    member
}

pub(crate) fn a_dealt_fight(dir: &std::path::Path) -> App {
    a_dealt_fight_at(dir, (1280.0, 800.0))
}

/// As [`a_dealt_fight`], in a window of `size`.
pub(crate) fn a_dealt_fight_at(dir: &std::path::Path, (width, height): (f32, f32)) -> App {
    let doc = r#"{"name":"Doc","kind":"wild_card","player":"Ann","attributes":{"agility":"d8","smarts":"d8","spirit":"d6","strength":"d6","vigor":"d6"},"skills":{"shooting":"d8","fighting":"d6","notice":"d12"},"weapons":[{"name":"Colt","damage":"2d6+1","range":{"short":12,"medium":24,"long":48}}]}"#;
    std::fs::write(dir.join("savage/combatants/doc.json"), doc).expect("Doc");
    let mut h = support::system_on(dir, "Deadlands (Savage Worlds)", width, height);
    press(&mut h, "Fight");
    for who in [
        "Kid (played by Bob)",
        "Doc (played by Ann)",
        "Preacher (played by Cid)",
        "Boss (the Marshal's)",
        "More: Groups of Outlaws ×5",
    ] {
        press(&mut h, who);
    }
    savage_mut(&mut h).fight.seed = Some(1877);
    press(&mut h, "Start the fight");
    let mut typed = BTreeMap::new();
    for (unit, card) in [("kid", "AS"), ("doc", "KS"), ("preacher", "QS"), ("boss", "2C"), ("outlaws", "3C")]
    {
        typed.insert(unit.to_owned(), vec![parse_card(card, &[]).expect("a card")]);
    }
    send(&mut h, Event::Deal { typed });
    send(
        &mut h,
        Event::Adjust {
            target: MemberRef::new("outlaws", 0),
            shaken: None,
            wounds: None,
            fatigue: None,
            status: Some(Status::Out),
            bleeding_out: None,
        },
    );
    h.run();
    h
}

/// The labels of the buttons whose label starts with `start`, in the order drawn.
fn buttons_starting(h: &App, start: &str) -> Vec<String> {
    h.get_all_by_role(Role::Button)
        .filter_map(|b| b.accesskit_node().label().filter(|l| l.starts_with(start)))
        .collect()
}

/// The label of the text field or button that has the keys.
fn focused(h: &App) -> String {
    h.root()
        .children_recursive()
        .find(egui_kittest::Node::is_focused)
        .and_then(|n| n.accesskit_node().label())
        .unwrap_or_default()
}

/// The attack form belongs to whoever acts: their best attack skill first (of the skills the
/// data marks for attacks, never Notice), never an Extra already out as the target, and the
/// dice fields saying whose dice they are where two forms roll the same die.
#[test]
fn the_attack_form_is_the_acting_units_own() {
    let dir = crate::savage::data_with_combatants();
    let mut h = a_dealt_fight(dir.path());
    send(&mut h, Event::BeginTurn { unit: "kid".into() });
    send(&mut h, Event::Hold { unit: "kid".into() });
    send(&mut h, Event::BeginTurn { unit: "doc".into() });
    h.run();
    assert_eq!(buttons_starting(&h, "Skill "), ["Skill Fighting", "Skill Shooting", "Skill Throwing"]);
    assert_eq!(savage(&h).fight.skill, "shooting", "Doc shoots d8, fights d6");
    // The first Outlaw is out: clicked, he is shown in the side panel, never made the target.
    press_button(&mut h, "Outlaws 1");
    press(&mut h, "Turn");
    h.get_by_label("Target: Boss · Parry 6 · Toughness 7");
    // Doc's attack and his Agility against Kid's, who cuts in from hold: each d8 named.
    assert_eq!(h.query_all_by_label("Doc: d8 total").count(), 2, "the attack's and the interrupt's");
    h.get_by_label("Kid: d8 total");
    send(&mut h, Event::EndTurn { unit: "doc".into() });
    send(&mut h, Event::BeginTurn { unit: "preacher".into() });
    h.run();
    assert_eq!(savage(&h).fight.skill, "fighting", "Preacher fights d8, shoots d6");
    h.get_by_label("Fighting d8 against Parry 6");
}

/// Ctrl+Enter in a die field applies the attack, in the damage total the damage; Tab goes
/// through the attack form in reading order.
#[test]
fn the_attack_form_answers_the_keys() {
    let dir = crate::savage::data_with_combatants();
    let mut h = a_dealt_fight(dir.path());
    send(&mut h, Event::BeginTurn { unit: "kid".into() });
    h.run();
    type_in(&mut h, "Attack die total", "7");
    type_in(&mut h, "Attack Wild Die total", "2");
    // Tab from the modifier's + : the two dice, then Attack, then Posse's roll.
    h.get_by_role_and_label(Role::Button, "More: Attack modifier").focus();
    h.run();
    let mut order = Vec::new();
    for _ in 0..4 {
        h.key_press(egui::Key::Tab);
        h.run();
        order.push(focused(&h));
    }
    assert_eq!(order, ["Attack die total", "Attack Wild Die total", "Attack", "Roll the attack for me"]);
    // Kid shoots the Boss (d8 7, Wild Die 2: 7 against 4, a hit) from the keys.
    h.get_by_role_and_label(Role::TextInput, "Attack Wild Die total").focus();
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Enter);
    h.run();
    let attack = fight(&h).events.last().cloned();
    assert!(
        matches!(
            &attack,
            Some(Event::Attack { target, roll: TraitDice::Typed { trait_die: 7, wild_die: Some(2) }, .. })
                if *target == MemberRef::new("boss", 0)
        ),
        "{attack:?}"
    );
    type_in(&mut h, "Damage total", "9");
    h.get_by_role_and_label(Role::TextInput, "Damage total").focus();
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Enter);
    h.run();
    let damage = fight(&h).events.last().cloned();
    assert!(
        matches!(&damage, Some(Event::Damage { roll: DamageRoll::Total { total: 9 }, .. })),
        "{damage:?}"
    );
    assert!(fight(&h).state.member(&MemberRef::new("boss", 0)).expect("the Boss").shaken);
}

/// A long name in the turn's header is elided before Go on hold and End turn, never drawn
/// under them (the whole name is on the button and in the order).
#[test]
fn a_long_name_in_the_turn_header_is_never_covered() {
    let name = "Josiah Ezekiel Blackwood, the Unforgiven Gambler of Tombstone";
    for size in [(1280.0, 800.0), (1024.0, 768.0)] {
        let dir = crate::savage::data_with_combatants();
        let file = format!(
            r#"{{"name":"{name}","kind":"wild_card","player":"Eve","attributes":{{"agility":"d8","smarts":"d8","spirit":"d6","strength":"d6","vigor":"d6"}},"skills":{{"shooting":"d8"}}}}"#
        );
        std::fs::write(dir.path().join("savage/combatants/josiah.json"), file).expect("a file");
        let mut h = support::system_on(dir.path(), "Deadlands (Savage Worlds)", size.0, size.1);
        press(&mut h, "Fight");
        press(&mut h, &format!("{name} (played by Eve)"));
        press(&mut h, "Boss (the Marshal's)");
        press(&mut h, "Start the fight");
        let unit =
            fight(&h).state.units.iter().find(|u| u.combatant.name == name).expect("Josiah").id.clone();
        let ace = vec![parse_card("AS", &[]).expect("a card")];
        send(&mut h, Event::Deal { typed: BTreeMap::from([(unit.clone(), ace)]) });
        h.run();
        // Before the turn: Next, and Begin with the whole name, wrapped within the window.
        assert_eq!(past_the_edges(&h, size.0), Vec::<String>::new(), "Next at {size:?}");
        send(&mut h, Event::BeginTurn { unit });
        h.run();
        assert_eq!(past_the_edges(&h, size.0), Vec::<String>::new(), "the turn at {size:?}");
        let title = format!("{name}'s turn");
        let hold = rect(&h, Role::Button, "Go on hold");
        // The header's name: the label beginning with it on Go on hold's row.
        let header = h
            .root()
            .children_recursive()
            .filter(|n| n.accesskit_node().has_bounds())
            .find(|n| {
                let ak = n.accesskit_node();
                ak.role() == Role::Label
                    && ak.value().is_some_and(|v| v.starts_with("Josiah"))
                    && hold.y_range().contains(n.rect().center().y)
            })
            .map(|n| n.rect())
            .expect("the header");
        let end = rect(&h, Role::Button, &format!("End {title}"));
        assert!(header.right() <= hold.left(), "{header:?} runs under Go on hold {hold:?} at {size:?}");
        assert!(hold.right() <= end.left() && end.right() <= size.0, "{hold:?} {end:?} at {size:?}");
    }
}

/// S12 (fr 24: "Un personnage peut prendre 3 blessures avant d'être dans un Etat Critique. Il
/// peut faire un jet d'encaissement"): Kid, four wounds down, is offered the soak above the
/// Incapacitation roll, with odds that never take away more than the four wounds; rolling
/// Incapacitation first leaves the soak offer in its place.
#[test]
fn the_soak_is_offered_before_the_incapacitation_roll() {
    use posse::systems::savage::game::Holder;
    use posse::systems::savage::rules::chips::ChipColour;
    let dir = crate::savage::data_with_combatants();
    let mut h = a_dealt_fight(dir.path());
    let bob = Holder::Player("Bob".into());
    send(&mut h, Event::DrawChips { holder: bob, count: 1, typed: Some(vec![ChipColour::White]) });
    send(&mut h, Event::BeginTurn { unit: "kid".into() });
    let rules = posse::systems::savage::rules::embedded().expect("the rules");
    let toughness = fight(&h).state.unit("kid").expect("Kid").combatant.toughness(rules);
    // Four raises over Toughness: four wounds.
    let kid = MemberRef::new("kid", 0);
    let roll = DamageRoll::Total { total: toughness + 16 };
    let situation = Situation::default();
    send(
        &mut h,
        Event::Damage {
            target: kid.clone(),
            attacker: None,
            roll,
            modifier: 0,
            nonlethal: false,
            situation,
            ap: 0,
        },
    );
    h.run();
    let soak = rect(&h, Role::Button, "Soak with a white chip");
    let incapacitation = rect(&h, Role::Button, "Apply the roll");
    assert!(soak.bottom() < incapacitation.top(), "soak {soak:?} above Incapacitation {incapacitation:?}");
    let odds = h
        .root()
        .children_recursive()
        .filter_map(|n| n.accesskit_node().value().or_else(|| n.accesskit_node().label()))
        .find(|l| l.starts_with("Takes away "))
        .expect("the soak odds");
    assert_eq!(odds.matches(" · ").count(), 4, "none, then 1 to 4 wounds: {odds}");
    assert!(odds.contains(" · 4 ") && !odds.contains(" · 5 "), "{odds}");
    let roll = TraitDice::Typed { trait_die: 5, wild_die: Some(2) };
    send(&mut h, Event::Incapacitation { target: kid, roll, modifier: 0 });
    h.run();
    assert_eq!(rect(&h, Role::Button, "Soak with a white chip"), soak, "the soak offer stays, in its place");
}

/// The attack panel's toggles (S32–S38, Savage Worlds as players know them; the summary is
/// silent) are named in the breakdown, recorded with the attack, and start afresh for each one
/// who acts: The Drop ticked for Kid is not Doc's, nor a second Outlaw's.
#[test]
fn the_attack_toggles_are_each_actors_own() {
    let dir = crate::savage::data_with_combatants();
    let mut h = a_dealt_fight(dir.path());
    let modifiers = |h: &App| {
        h.root()
            .children_recursive()
            .filter_map(|n| n.accesskit_node().value().or_else(|| n.accesskit_node().label()))
            .find(|l| l.starts_with("Modifiers: "))
            .expect("the breakdown")
    };
    send(&mut h, Event::BeginTurn { unit: "kid".into() });
    h.run();
    press(&mut h, "The Drop +4");
    assert!(modifiers(&h).contains("The Drop +4"), "{}", modifiers(&h));
    press_button(&mut h, "Roll the attack for me");
    let attack = fight(&h).events.last().cloned();
    assert!(matches!(&attack, Some(Event::Attack { situation, .. }) if situation.the_drop), "{attack:?}");
    send(&mut h, Event::EndTurn { unit: "kid".into() });
    send(&mut h, Event::BeginTurn { unit: "doc".into() });
    h.run();
    assert!(savage(&h).fight.situation.is_plain(), "Doc starts from his own defaults");
    assert!(!modifiers(&h).contains("The Drop"), "{}", modifiers(&h));
    // Within a group: the second Outlaw's Drop is not the third's.
    send(&mut h, Event::EndTurn { unit: "doc".into() });
    send(&mut h, Event::BeginTurn { unit: "preacher".into() });
    send(&mut h, Event::EndTurn { unit: "preacher".into() });
    send(&mut h, Event::BeginTurn { unit: "outlaws".into() });
    h.run();
    press(&mut h, "The Drop +4");
    assert!(savage(&h).fight.situation.the_drop);
    press_button(&mut h, "Outlaws 3 acts");
    assert!(savage(&h).fight.situation.is_plain(), "the third Outlaw starts afresh");
}

/// fr 44: "Possibilité de relancer un jet de Trait (compétence et Attribut). Le meilleur
/// résultat est gardé": after Kid's miss, Bob's chip rerolls that very attack from the panel.
#[test]
fn a_missed_attack_is_rerolled_with_a_chip() {
    use posse::systems::savage::game::{Holder, Spend};
    use posse::systems::savage::rules::chips::ChipColour;
    let dir = crate::savage::data_with_combatants();
    let mut h = a_dealt_fight(dir.path());
    let bob = Holder::Player("Bob".into());
    send(&mut h, Event::DrawChips { holder: bob, count: 1, typed: Some(vec![ChipColour::White]) });
    send(&mut h, Event::BeginTurn { unit: "kid".into() });
    let miss = Event::Attack {
        attacker: MemberRef::new("kid", 0),
        target: MemberRef::new("boss", 0),
        skill: "shooting".into(),
        range: Some("short".into()),
        modifier: 0,
        roll: TraitDice::Typed { trait_die: 2, wild_die: Some(1) },
        situation: Situation::default(),
        weapon: None,
    };
    send(&mut h, miss);
    h.run();
    let attack = rect(&h, Role::Button, "Attack");
    let reroll = rect(&h, Role::Button, "Reroll with a white chip");
    assert!(attack.bottom() < reroll.top(), "the reroll sits below the attack's own action");
    press_button(&mut h, "Reroll, Posse rolls");
    let spent = fight(&h).events.last().cloned();
    assert!(
        matches!(&spent, Some(Event::SpendChip { purpose: Spend::RerollAttack { .. }, .. })),
        "{spent:?}"
    );
    assert!(h.query_by_label("Reroll with a white chip").is_none(), "Bob's only chip is spent");
}

/// S48 (fr 28: "la blessure tirée sur la Table des Blessures", a table the summary does not
/// give: Savage Worlds', in our words) and S49 (SW: a Healing roll stops the Bleeding Out):
/// Kid, Incapacitated and Bleeding Out, has the injury typed from the real dice on his panel,
/// then Doc, in his turn, rolls Healing on him at Kid's −3.
#[test]
fn an_incapacitated_hero_draws_the_injury_and_is_healed() {
    let dir = crate::savage::data_with_combatants();
    let mut h = a_dealt_fight(dir.path());
    let kid = kid_bleeding_out(&mut h);
    send(&mut h, Event::BeginTurn { unit: "doc".into() });
    h.get_all_by_role_and_label(Role::Button, "Kid").next().expect("Kid in the order").click_accesskit();
    h.run();
    assert!(h.get_by_role_and_label(Role::Button, "Draw the injury").accesskit_node().is_disabled());
    type_in(&mut h, "Injury Table: 2d6", "7");
    type_in(&mut h, "d6", "4");
    press_button(&mut h, "Draw the injury");
    let drawn = fight(&h).state.member(&kid).and_then(|m| m.injury_drawn.clone()).expect("drawn");
    assert_eq!(drawn.words(), "Guts, battered: Vigor one die type lower");
    h.get_by_label("Injury: Guts, battered: Vigor one die type lower");
    // Doc has no Healing: d4 − 2, and Kid's wounds −3: 11 − 5 = 6, a success.
    h.get_by_label("Modifiers: Unskilled −2 · Patient's wounds −3 = −5");
    type_in(&mut h, "Healing die total", "11");
    type_in(&mut h, "Healing Wild Die total", "2");
    press_button(&mut h, "Healing roll");
    assert_eq!(fight(&h).state.member(&kid).map(|m| m.bleeding_out), Some(false));
    assert_eq!(
        fight(&h).lines.last().map(String::as_str),
        Some("Doc rolls Healing on Kid (d4 11, Wild Die 2): 6: success: the bleeding stops")
    );
}

/// A dealt fight where Bob has drawn a white chip and Kid is Shaken by a hit of exactly his
/// Toughness.
fn kid_shaken_bob_holding_a_white_chip(dir: &std::path::Path) -> crate::support::App {
    use posse::systems::savage::game::Holder;
    use posse::systems::savage::rules::chips::ChipColour;
    let mut h = a_dealt_fight(dir);
    let bob = Holder::Player("Bob".into());
    send(&mut h, Event::DrawChips { holder: bob, count: 1, typed: Some(vec![ChipColour::White]) });
    let rules = posse::systems::savage::rules::embedded().expect("the rules");
    let toughness = fight(&h).state.unit("kid").expect("Kid").combatant.toughness(rules);
    send(
        &mut h,
        Event::Damage {
            target: MemberRef::new("kid", 0),
            attacker: None,
            roll: DamageRoll::Total { total: toughness },
            modifier: 0,
            nonlethal: false,
            situation: Situation::default(),
            ap: 0,
        },
    );
    h
}

/// fr 44: "Le meilleur résultat est gardé": Kid fails his Spirit roll and rerolls it with one
/// of Bob's chips from his own turn panel; the success stands.
#[test]
fn a_failed_spirit_roll_is_rerolled_with_a_chip() {
    let dir = crate::savage::data_with_combatants();
    let mut h = kid_shaken_bob_holding_a_white_chip(dir.path());
    let kid = MemberRef::new("kid", 0);
    send(&mut h, Event::BeginTurn { unit: "kid".into() });
    let roll = TraitDice::Typed { trait_die: 3, wild_die: Some(2) };
    send(&mut h, Event::Recover { target: kid.clone(), roll, modifier: 0 });
    h.run();
    h.get_by_label("Reroll the Spirit roll (3; the better stands)");
    press_button(&mut h, "Reroll Spirit with white");
    type_in(&mut h, "Spirit reroll die total", "5");
    type_in(&mut h, "Spirit reroll Wild Die total", "1");
    press_button(&mut h, "Reroll Spirit with a white chip");
    let m = fight(&h).state.member(&kid).expect("Kid");
    assert_eq!((m.shaken, m.free_actions_only), (false, true));
    assert!(
        h.query_by_label("Reroll the Spirit roll (5; the better stands)").is_some(),
        "a raise may still better it"
    );
}

#[test]
fn a_player_shakes_off_shaken_from_their_seat_and_the_host_undoes_it() {
    use posse::host::SystemApp as _;
    let dir = crate::savage::data_with_combatants();
    let mut h = kid_shaken_bob_holding_a_white_chip(dir.path());
    let kid = MemberRef::new("kid", 0);
    let mut shared = savage_mut(&mut h).shared().expect("a fight to share");
    let seats = shared.seats();
    assert!(seats.iter().all(|s| !s.name.contains("Boss")), "the Marshal's side has no seat: {seats:?}");
    let seat = seats.into_iter().find(|s| s.name == "Kid (Bob)").expect("Kid's seat");
    let view = shared.view(Some(&seat.id)).expect("Kid's view");
    assert!(view.offers("unshake:kid:0:white"), "{view:?}");
    assert_eq!(
        shared.act(&seat.id, "soak:white", &posse::kernel::seat::Values::new()),
        Err("That is not something this seat can do now.".to_owned())
    );
    let line =
        shared.act(&seat.id, "unshake:kid:0:white", &posse::kernel::seat::Values::new()).expect("taken");
    assert_eq!(
        line,
        "Bob spends a white chip to shake off being Shaken: Kid is no longer Shaken and acts normally"
    );
    drop(shared);
    assert!(!fight(&h).state.member(&kid).expect("Kid").shaken);
    savage_mut(&mut h).handle_fight(FightCommand::Undo);
    assert!(fight(&h).state.member(&kid).expect("Kid").shaken, "the host's Undo takes the spend back");
}

/// S50 (en 57: "Any chip can re-roll a Trait roll (keep the best)"): Kid bleeds to death on
/// d6 3 and Wild Die 1 at the start of round 2; the chips panel's plain reroll is greyed (it
/// would take Bob's chip and change nothing), and the reroll tied to the roll, on the turn
/// panel, brings Kid back: the better result stands.
#[test]
fn a_bleeding_out_roll_is_rerolled_with_a_chip() {
    use posse::systems::savage::game::Holder;
    use posse::systems::savage::rules::chips::ChipColour;
    let dir = crate::savage::data_with_combatants();
    let mut h = a_dealt_fight(dir.path());
    let bob = Holder::Player("Bob".into());
    send(&mut h, Event::DrawChips { holder: bob.clone(), count: 1, typed: Some(vec![ChipColour::Red]) });
    let kid = kid_bleeding_out(&mut h);
    send(&mut h, Event::Deal { typed: BTreeMap::new() });
    h.run();
    type_in(&mut h, "Prompt die total", "3");
    type_in(&mut h, "Prompt Wild Die total", "1");
    press_button(&mut h, "Apply the roll");
    assert_eq!(fight(&h).state.member(&kid).map(|m| m.status), Some(Status::Dead));
    // The chips panel's reroll would change nothing: greyed, and Bob keeps his chip.
    press(&mut h, "Spend Bob's chip");
    let plain = buttons_starting(&h, "Red: Reroll");
    assert_eq!(plain.len(), 1, "{plain:?}");
    assert!(h.get_by_role_and_label(Role::Button, &plain[0]).accesskit_node().is_disabled());
    h.key_press(egui::Key::Escape);
    h.run();
    h.get_by_label("Reroll Kid's Bleeding Out roll (0: failure; the better stands)");
    type_in(&mut h, "Vigor reroll die total", "9");
    type_in(&mut h, "Vigor reroll Wild Die total", "2");
    press_button(&mut h, "Reroll Vigor with a red chip");
    let m = fight(&h).state.member(&kid).expect("Kid").clone();
    assert_eq!((m.status, m.bleeding_out), (Status::Incapacitated, true), "{:?}", fight(&h).lines.last());
    assert_eq!(fight(&h).state.chips.count(&bob, ChipColour::Red), 0);
}

/// Two groups of Cultists (a Knife and a Revolver each) and Kid, dealt: Kid, then Cultists A,
/// then Cultists B.
fn cultists(dir: &std::path::Path) -> App {
    let file = r#"{"name":"Cultists","kind":"extra","count":3,"attributes":{"agility":"d6","smarts":"d4","spirit":"d6","strength":"d6","vigor":"d6"},"skills":{"shooting":"d6","fighting":"d6"},"weapons":[{"name":"Revolver","damage":"2d6+1","range":{"short":12,"medium":24,"long":48}},{"name":"Knife","damage":"Str+d4"}]}"#;
    std::fs::write(dir.join("savage/combatants/cultists.json"), file).expect("Cultists");
    let mut h = support::system_on(dir, "Deadlands (Savage Worlds)", 1280.0, 800.0);
    press(&mut h, "Fight");
    press(&mut h, "Kid (played by Bob)");
    press(&mut h, "More: Groups of Cultists ×3");
    press(&mut h, "More: Groups of Cultists ×3");
    savage_mut(&mut h).fight.seed = Some(1877);
    press(&mut h, "Start the fight");
    let mut typed = BTreeMap::new();
    for (unit, card) in [("kid", "AS"), ("cultists-a", "KS"), ("cultists-b", "QS")] {
        typed.insert(unit.to_owned(), vec![parse_card(card, &[]).expect("a card")]);
    }
    send(&mut h, Event::Deal { typed });
    send(&mut h, Event::BeginTurn { unit: "kid".into() });
    send(&mut h, Event::EndTurn { unit: "kid".into() });
    send(&mut h, Event::BeginTurn { unit: "cultists-a".into() });
    h.run();
    h
}

/// Cultists A 2 picks Cultists B 1 in the order and hits him with the Knife that goes with
/// Fighting: d6 5 against Parry 5.
fn cultist_a2_knifes_b1(h: &mut App) {
    press_button(h, "Cultists A 2 acts");
    press(h, "Skill Fighting");
    h.get_all_by_role_and_label(Role::Button, "Cultists B 1").next().expect("in the order").click_accesskit();
    h.run();
    press(h, "Turn");
    assert_eq!(savage(h).fight.weapon, "Knife", "the Knife goes with Fighting");
    type_in(h, "Attack die total", "5");
    press_button(h, "Attack");
}

/// Cultists A 2 knifes Cultists B 1 (picked in the order: an ally is a target only when
/// picked). After a restart the fight is resumed on the damage of that hit: to Cultists B 1,
/// with the Knife, both from the log; clicking another member changes neither.
#[test]
fn the_damage_follows_the_hit_across_a_restart() {
    let dir = crate::savage::data_with_combatants();
    let mut h = cultists(dir.path());
    cultist_a2_knifes_b1(&mut h);
    let hit = MemberRef::new("cultists-b", 0);
    let attack = fight(&h).events.last().cloned();
    assert!(
        matches!(&attack, Some(Event::Attack { target, weapon: Some(w), .. }) if *target == hit && w == "Knife"),
        "{attack:?}"
    );
    drop(h);
    let mut h = support::system_on(dir.path(), "Deadlands (Savage Worlds)", 1280.0, 800.0);
    press(&mut h, "Fight");
    let resume = h
        .get_all_by_role(Role::Button)
        .find_map(|b| b.accesskit_node().label().filter(|l| l.starts_with("Resume ")))
        .expect("the saved fight");
    press(&mut h, &resume);
    press_button(&mut h, "Cultists A 2 acts");
    h.get_by_label("Target: Cultists B 1 · Parry 5 · Toughness 5");
    h.get_by_label("Knife Str+d4");
    // Another member clicked: the damage still goes to the one hit.
    h.get_all_by_role_and_label(Role::Button, "Cultists B 2").next().expect("in the order").click_accesskit();
    h.run();
    press(&mut h, "Turn");
    h.get_by_label("Target: Cultists B 1 · Parry 5 · Toughness 5");
    press_button(&mut h, "Roll the damage for me");
    let damage = fight(&h).events.last().cloned();
    assert!(
        matches!(&damage, Some(Event::Damage { target, roll: DamageRoll::Seeded { dice, .. }, .. })
            if *target == hit && dice.to_string() == "Str+d4"),
        "{damage:?}"
    );
}

/// "Who acts" stays on the member who acted: after Cultists A 3's damage, the form is still
/// his, never back on Cultists A 2, who attacked before him.
#[test]
fn who_acts_stays_on_the_member_who_acted() {
    let dir = crate::savage::data_with_combatants();
    let mut h = cultists(dir.path());
    for who in ["Cultists A 2", "Cultists A 3"] {
        press_button(&mut h, &format!("{who} acts"));
        press(&mut h, "Skill Shooting");
        press(&mut h, "Range Short");
        // Shooting d6 5 against 4: a hit; 3 on the Revolver: no effect on Kid.
        type_in(&mut h, "Attack die total", "5");
        press_button(&mut h, "Attack");
        assert_eq!(savage(&h).fight.step, posse::systems::savage::ui::fight::Step::Damage, "{who}");
        type_in(&mut h, "Damage total", "3");
        press_button(&mut h, "Damage");
        let actor = savage(&h).fight.actor;
        assert_eq!(format!("Cultists A {}", actor + 1), who, "{:?}", fight(&h).lines.last());
    }
    // Cultists A 3 taken out in his turn: the next who has not acted, Cultists A 1, acts.
    send(
        &mut h,
        Event::Adjust {
            target: MemberRef::new("cultists-a", 2),
            shaken: None,
            wounds: None,
            fatigue: None,
            status: Some(Status::Out),
            bleeding_out: None,
        },
    );
    h.run();
    assert_eq!(savage(&h).fight.actor, 0, "Cultists A 1 has not acted yet");
}

/// An Extra's aced total (6 on the d6) is refused with the reason right under the field, in
/// a line kept for it: the field keeps the keys, and neither it nor the Attack button moves.
#[test]
fn an_aced_total_for_an_extra_says_why_beside_the_field() {
    let dir = crate::savage::data_with_combatants();
    let mut h = cultists(dir.path());
    press_button(&mut h, "Cultists A 2 acts");
    press(&mut h, "Skill Shooting");
    let field = rect(&h, Role::TextInput, "Attack die total");
    let attack = rect(&h, Role::Button, "Attack");
    h.get_by_role_and_label(Role::TextInput, "Attack die total").focus();
    h.run();
    h.get_by_role_and_label(Role::TextInput, "Attack die total").type_text("6");
    h.run();
    h.run();
    let why = h.get_by_label("6 on the d6: it aced: roll again and add.").rect();
    assert!(
        why.top() >= field.bottom() - 1.0 && why.top() - field.bottom() < 12.0,
        "{why:?} under {field:?}"
    );
    assert!(why.bottom() <= attack.top(), "{why:?} above the button {attack:?}");
    assert!(why.bottom() <= 800.0, "in view: {why:?}");
    assert_eq!(rect(&h, Role::TextInput, "Attack die total"), field, "the field holds still");
    assert_eq!(rect(&h, Role::Button, "Attack"), attack, "the button holds still");
    assert_eq!(focused(&h), "Attack die total", "the keys stay in the field");
    assert!(h.get_by_role_and_label(Role::Button, "Attack").accesskit_node().is_disabled());
}

/// The Injury Table's 2d6 typed as 13 is refused with the reason beside the fields, which
/// hold still with the button.
#[test]
fn an_injury_total_off_the_table_says_why_beside_the_field() {
    let dir = crate::savage::data_with_combatants();
    let mut h = a_dealt_fight(dir.path());
    kid_bleeding_out(&mut h);
    h.get_all_by_role_and_label(Role::Button, "Kid").next().expect("Kid in the order").click_accesskit();
    h.run();
    let field = rect(&h, Role::TextInput, "Injury Table: 2d6");
    let button = rect(&h, Role::Button, "Draw the injury");
    h.get_by_role_and_label(Role::TextInput, "Injury Table: 2d6").focus();
    h.run();
    h.get_by_role_and_label(Role::TextInput, "Injury Table: 2d6").type_text("13");
    h.run();
    h.run();
    let why = h.get_by_label("13 is not a 2d6 total: type 2 to 12.").rect();
    assert!(
        why.top() >= field.bottom() - 1.0 && why.bottom() <= button.top(),
        "{why:?} {field:?} {button:?}"
    );
    assert_eq!(rect(&h, Role::TextInput, "Injury Table: 2d6"), field);
    assert_eq!(rect(&h, Role::Button, "Draw the injury"), button);
    assert_eq!(focused(&h), "Injury Table: 2d6");
    assert!(h.get_by_role_and_label(Role::Button, "Draw the injury").accesskit_node().is_disabled());
}

/// en 54–56, fr 42–43: Kid's Incapacitation roll is snake eyes (+4 typed: 1 + 4 − 3 = 2),
/// death; Bob's red chip cancels the critical failure from the chips panel, and the roll is
/// judged by its total: a failure, Bleeding Out, shown on the turn panel. His blue chip's +2
/// then makes it 4, a success; the cancel is greyed once nothing is left to cancel.
#[test]
fn a_chip_cancels_a_critical_failure_and_adds_two_from_the_chips_panel() {
    use posse::systems::savage::game::Holder;
    use posse::systems::savage::rules::chips::ChipColour;
    use posse::systems::savage::rules::damage::Incapacitation;
    let dir = crate::savage::data_with_combatants();
    let mut h = a_dealt_fight(dir.path());
    let bob = Holder::Player("Bob".into());
    let chips = Some(vec![ChipColour::Red, ChipColour::Blue]);
    send(&mut h, Event::DrawChips { holder: bob.clone(), count: 2, typed: chips });
    let kid = kid_incapacitated(&mut h, TraitDice::Typed { trait_die: 1, wild_die: Some(1) }, 4);
    assert_eq!(fight(&h).state.member(&kid).map(|m| m.status), Some(Status::Dead));
    h.run();
    press(&mut h, "Spend Bob's chip");
    press_button(&mut h, "Red: Cancel a critical failure");
    let m = fight(&h).state.member(&kid).expect("Kid").clone();
    assert_eq!(
        (m.status, m.injury, m.bleeding_out),
        (Status::Incapacitated, Some(Incapacitation::BleedingOut), true)
    );
    assert_eq!(fight(&h).state.chips.count(&bob, ChipColour::Red), 0);
    h.run();
    h.get_by_label("Reroll Kid's Incapacitation roll (2: failure; the better stands)");
    // The menu closed with the spend; opened again, Bob's blue chip is left.
    press(&mut h, "Spend Bob's chip");
    let cancel = h.get_by_role_and_label(Role::Button, "Blue: Cancel a critical failure");
    assert!(cancel.accesskit_node().is_disabled(), "no critical failure is left to cancel");
    press_button(&mut h, "Blue: Add 2 to a total");
    let m = fight(&h).state.member(&kid).expect("Kid").clone();
    assert_eq!((m.injury, m.bleeding_out), (Some(Incapacitation::HealsWithWounds), false));
    assert_eq!(
        fight(&h).lines.last().map(String::as_str),
        Some(
            "Bob spends a blue chip to add to a total: Kid's Vigor against Incapacitation: 2 +2: 4: success: the injury goes when the wounds heal"
        )
    );
    assert_eq!(fight(&h).state.chips.total(&bob), 0);
}

/// S50 on a phone (390×844, sized for fingers): Kid's Incapacitation roll (d6 5, Wild Die 1,
/// at −3: 2, a failure) is rerolled with Bob's red chip from the turn panel, as on the desktop:
/// the form is on the page, its controls a finger wide, and the better result stands.
#[test]
fn on_a_phone_the_incapacitation_roll_is_rerolled_with_a_chip() {
    use posse::systems::savage::game::Holder;
    use posse::systems::savage::rules::chips::ChipColour;
    use posse::systems::savage::rules::damage::Incapacitation;
    let dir = crate::savage::data_with_combatants();
    let mut h = a_dealt_fight_at(dir.path(), (390.0, 844.0));
    posse::ui::theme::touch(&h.ctx);
    h.run();
    let bob = Holder::Player("Bob".into());
    send(&mut h, Event::DrawChips { holder: bob.clone(), count: 1, typed: Some(vec![ChipColour::Red]) });
    let kid = kid_bleeding_out(&mut h);
    h.run();
    h.run();
    h.get_by_label("Reroll Kid's Incapacitation roll (2: failure; the better stands)");
    assert_eq!(finger_problems(&h, 390.0), Vec::<String>::new());
    type_in(&mut h, "Vigor reroll die total", "9");
    type_in(&mut h, "Vigor reroll Wild Die total", "2");
    press_button(&mut h, "Reroll Vigor with a red chip");
    let m = fight(&h).state.member(&kid).expect("Kid").clone();
    assert_eq!((m.injury, m.bleeding_out), (Some(Incapacitation::HealsWithWounds), false));
    assert_eq!(fight(&h).state.chips.count(&bob, ChipColour::Red), 0);
}

/// The offers after Kid's wounding hit on the Boss (the Marshal's soak, a d6 added with Bob's
/// red chip) in a desktop window of two columns (1024×768): inside the window, as at 1280×800
/// (`steady`); and on a phone (390×844, for fingers), on the page with nothing past its edge
/// and every control a finger wide.
#[test]
fn the_offers_after_a_hit_fit_two_columns_and_a_phone() {
    use posse::systems::savage::game::Holder;
    use posse::systems::savage::rules::chips::ChipColour;
    for (size, touch) in [((1024.0, 768.0), false), ((390.0, 844.0), true)] {
        let dir = crate::savage::data_with_combatants();
        let mut h = a_dealt_fight_at(dir.path(), size);
        if touch {
            posse::ui::theme::touch(&h.ctx);
            h.run();
        }
        let bob = Holder::Player("Bob".into());
        send(&mut h, Event::DrawChips { holder: bob, count: 1, typed: Some(vec![ChipColour::Red]) });
        let white = Some(vec![ChipColour::White]);
        send(&mut h, Event::DrawChips { holder: Holder::Marshal, count: 1, typed: white });
        send(&mut h, Event::BeginTurn { unit: "kid".into() });
        send(
            &mut h,
            Event::Attack {
                attacker: MemberRef::new("kid", 0),
                target: MemberRef::new("boss", 0),
                skill: "shooting".into(),
                range: Some("short".into()),
                modifier: 0,
                roll: TraitDice::Typed { trait_die: 7, wild_die: Some(2) },
                situation: Situation::default(),
                weapon: None,
            },
        );
        send(
            &mut h,
            Event::Damage {
                target: MemberRef::new("boss", 0),
                attacker: Some("kid".into()),
                roll: DamageRoll::Total { total: 12 },
                modifier: 0,
                nonlethal: false,
                situation: Situation::default(),
                ap: 0,
            },
        );
        h.run();
        h.run();
        if touch {
            assert_eq!(finger_problems(&h, size.0), Vec::<String>::new(), "at {size:?}");
            h.get_by_label("Soak, Posse rolls");
            h.get_by_label("Add a die, Posse rolls");
        } else {
            let window = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(size.0, size.1));
            assert_eq!(past_the_edges(&h, size.0), Vec::<String>::new(), "at {size:?}");
            for offer in ["Soak, Posse rolls", "Add a die, Posse rolls"] {
                let r = h.get_by_label(offer).rect();
                assert!(window.contains_rect(r), "{offer} at {r:?} is past {size:?}");
            }
        }
    }
}

/// In Doc's turn a hit Incapacitates Kid: the soak and the Incapacitation roll come, then the
/// roll's reroll with Bob's chip in their place. Doc's End turn stays where it was at the
/// turn's start the whole time, inside the window (the roll's form pushed it past the bottom
/// of 1280×800, then it jumped up 175 points when the roll was made).
#[test]
fn end_turn_holds_still_over_an_incapacitation_roll_in_the_turn() {
    use posse::systems::savage::game::Holder;
    use posse::systems::savage::rules::chips::ChipColour;
    let dir = crate::savage::data_with_combatants();
    let mut h = a_dealt_fight(dir.path());
    let bob = Holder::Player("Bob".into());
    send(&mut h, Event::DrawChips { holder: bob, count: 1, typed: Some(vec![ChipColour::Red]) });
    send(&mut h, Event::BeginTurn { unit: "kid".into() });
    send(&mut h, Event::EndTurn { unit: "kid".into() });
    send(&mut h, Event::BeginTurn { unit: "doc".into() });
    h.run();
    let end = rect(&h, Role::Button, "End Doc's turn");
    incapacitating_hit(&mut h, "kid");
    h.run();
    let window = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1280.0, 800.0));
    assert!(window.contains_rect(end), "End turn at {end:?}");
    assert_eq!(rect(&h, Role::Button, "End Doc's turn"), end, "the soak and the roll came");
    type_in(&mut h, "Prompt die total", "5");
    type_in(&mut h, "Prompt Wild Die total", "1");
    press_button(&mut h, "Apply the roll");
    h.run();
    h.get_by_label("Reroll Kid's Incapacitation roll (2: failure; the better stands)");
    assert_eq!(rect(&h, Role::Button, "End Doc's turn"), end, "the roll made, its reroll offered");
}

/// With nobody's turn (round 1 dealt, Kid next), a hit Incapacitates Doc: the soak and the
/// Incapacitation roll come, then the roll's reroll with Ann's chip in their place. "Begin
/// Kid's turn" stays where it was before the hit the whole time (greyed while the roll is
/// asked for), inside the window; it stood under the roll and moved down with it.
#[test]
fn begin_turn_holds_still_over_a_roll_with_nobodys_turn() {
    use posse::systems::savage::game::Holder;
    use posse::systems::savage::rules::chips::ChipColour;
    let dir = crate::savage::data_with_combatants();
    let mut h = a_dealt_fight(dir.path());
    let ann = Holder::Player("Ann".into());
    send(&mut h, Event::DrawChips { holder: ann, count: 1, typed: Some(vec![ChipColour::Red]) });
    h.run();
    let begin = rect(&h, Role::Button, "Begin Kid's turn");
    let window = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1280.0, 800.0));
    assert!(window.contains_rect(begin), "Begin turn at {begin:?}");
    incapacitating_hit(&mut h, "doc");
    h.run();
    h.get_by_label("Doc is Incapacitated: Vigor roll");
    assert_eq!(rect(&h, Role::Button, "Begin Kid's turn"), begin, "the soak and the roll came");
    assert!(h.get_by_role_and_label(Role::Button, "Begin Kid's turn").accesskit_node().is_disabled());
    type_in(&mut h, "Prompt die total", "5");
    type_in(&mut h, "Prompt Wild Die total", "1");
    press_button(&mut h, "Apply the roll");
    h.run();
    h.get_by_label("Reroll Doc's Incapacitation roll (2: failure; the better stands)");
    assert_eq!(rect(&h, Role::Button, "Begin Kid's turn"), begin, "the roll made, its reroll offered");
}

/// Opens `menu` with the pointer (scrolled into view first, as a player would).
fn open_menu(h: &mut App, menu: &str) {
    h.get_by_role_and_label(Role::Button, menu).scroll_to_me();
    h.run();
    h.get_by_role_and_label(Role::Button, menu).click();
    h.run();
}

/// Whether the button labelled `label` is drawn now (in an open menu, say).
/// Clicks `item` of an open menu with the pointer, and lets the menu close (a frame for the
/// click, one for the close).
fn choose_with_the_pointer(h: &mut App, item: &str) {
    h.get_by_role_and_label(Role::Button, item).click();
    h.run();
    h.run();
}

fn shown(h: &App, label: &str) -> bool {
    h.query_by_role_and_label(Role::Button, label).is_some()
}

/// The "Spend Bob's chip" menu closes once a spend is made (the result is on the turn panel and
/// in the log), with the pointer or through the accessibility tree, and a click on a spend the
/// rules refuse (greyed) leaves it open and spends nothing. Kid's Incapacitation roll is snake
/// eyes (death); Bob holds a red chip and a blue one.
#[test]
fn the_spend_menu_closes_after_a_spend_and_not_after_a_refused_one() {
    use posse::systems::savage::game::Holder;
    use posse::systems::savage::rules::chips::ChipColour;
    let dir = crate::savage::data_with_combatants();
    let mut h = a_dealt_fight(dir.path());
    let bob = Holder::Player("Bob".into());
    let chips = Some(vec![ChipColour::Red, ChipColour::Blue]);
    send(&mut h, Event::DrawChips { holder: bob.clone(), count: 2, typed: chips });
    let kid = kid_incapacitated(&mut h, TraitDice::Typed { trait_die: 1, wild_die: Some(1) }, 4);
    h.run();
    open_menu(&mut h, "Spend Bob's chip");
    assert!(shown(&h, "Red: Cancel a critical failure"), "the menu is open");
    // +2 on a critical failure is refused: greyed, and a click on it changes nothing.
    let events = fight(&h).events.len();
    assert!(h.get_by_role_and_label(Role::Button, "Blue: Add 2 to a total").accesskit_node().is_disabled());
    choose_with_the_pointer(&mut h, "Blue: Add 2 to a total");
    assert!(shown(&h, "Red: Cancel a critical failure"), "a refused spend leaves the menu open");
    assert_eq!((fight(&h).events.len(), fight(&h).state.chips.total(&bob)), (events, 2));
    choose_with_the_pointer(&mut h, "Red: Cancel a critical failure");
    assert!(!shown(&h, "Blue: Add 2 to a total"), "the menu closed after the spend");
    assert_eq!(fight(&h).state.member(&kid).map(|m| m.status), Some(Status::Incapacitated));
    assert_eq!(fight(&h).state.chips.count(&bob, ChipColour::Red), 0);
    h.get_by_label("Reroll Kid's Incapacitation roll (2: failure; the better stands)");
    // Through the accessibility tree (a screen reader, a switch), as with the pointer.
    press_button(&mut h, "Spend Bob's chip");
    press_button(&mut h, "Blue: Add 2 to a total");
    h.run();
    assert!(!shown(&h, "Blue: Reroll a trait roll and keep the better result"), "closed after the +2");
    assert_eq!(fight(&h).state.chips.total(&bob), 0);
}

/// The "More chips for Bob" menu closes once a chip is awarded, with the pointer or through
/// the accessibility tree, as the spend menu does.
#[test]
fn the_more_chips_menu_closes_after_an_award() {
    use posse::systems::savage::game::Holder;
    let dir = crate::savage::data_with_combatants();
    let mut h = a_dealt_fight(dir.path());
    let bob = Holder::Player("Bob".into());
    open_menu(&mut h, "More chips for Bob");
    assert!(shown(&h, "Award Bob a chip from the pot"), "the menu is open");
    choose_with_the_pointer(&mut h, "Award Bob a chip from the pot");
    assert!(!shown(&h, "Award Bob a chip from the pot"), "closed after the award");
    assert_eq!(fight(&h).state.chips.total(&bob), 1);
    press_button(&mut h, "More chips for Bob");
    press_button(&mut h, "Give Bob a legendary chip");
    h.run();
    assert!(!shown(&h, "Give Bob a legendary chip"), "closed after the legendary chip");
    assert_eq!(fight(&h).state.chips.total(&bob), 2);
}

/// Against an Extra any wound takes him out: the damage odds show one bar for it, never
/// "1 wound" and "2 wounds" as for a Wild Card.
#[test]
fn the_damage_odds_against_an_extra_are_out_not_wounds() {
    let dir = crate::savage::data_with_combatants();
    let mut h = cultists(dir.path());
    cultist_a2_knifes_b1(&mut h);
    h.get_by_label("Target: Cultists B 1 · Parry 5 · Toughness 5");
    let text = |label: &str| h.query_all_by_label(label).count();
    assert_eq!(text("Out (an Extra's wound)"), 1);
    assert_eq!(text("No effect"), 1);
    for wounds in ["1 wound", "2 wounds", "3 wounds", "4 or more wounds"] {
        assert_eq!(text(wounds), 0, "{wounds}");
    }
}

/// New Wild Card on the Combatants tab makes a blank hero to fill in, saved at once, one of
/// the posse played by "Player 1" (Doc and the Kid are Ann's and Bob's): every attribute d4, no
/// skills, Edges, armour or weapons (it was the bestiary's Gang boss renamed, filed under the
/// Marshal's: d10 Shooting, armour 1, Level Headed, a Revolver and a Sabre); the examples are
/// copied with Copy the example.
#[test]
fn a_new_wild_card_is_a_blank_hero_to_fill_in() {
    use posse::systems::savage::rules::combatant::Combatant;
    let dir = crate::savage::data_with_combatants();
    let (h, made, saved) = made_new(dir.path(), "New Wild Card");
    assert_eq!(made, Combatant::blank_wild_card("New Wild Card", "Player 1"));
    for attribute in ["Agility", "Smarts", "Spirit", "Strength", "Vigor"] {
        let label = format!("{attribute} die");
        let die = h.get_by_role_and_label(Role::ComboBox, &label).value();
        assert_eq!(die.as_deref(), Some("d4"), "{attribute}");
    }
    assert!(!saved.contains("Revolver") && !saved.contains("level_headed"), "{saved}");
}

/// New group of Extras makes a blank band to fill in, the Marshal's, saved at once: one Extra,
/// every attribute d4 and nothing else (it was the bestiary's five Outlaws renamed, with their
/// Shooting, Fighting and revolvers).
#[test]
fn a_new_group_of_extras_is_a_blank_one_to_fill_in() {
    use posse::systems::savage::rules::combatant::Combatant;
    let dir = crate::savage::data_with_combatants();
    let (_h, made, saved) = made_new(dir.path(), "New group of Extras");
    assert_eq!(made, Combatant::blank_extras("New Extras"));
    assert!(!saved.contains("Revolver") && !saved.contains("shooting"), "{saved}");
}

/// The app at 1280×800 on `dir` after `button` on Deadlands' Combatants tab: the combatant it
/// opened in the editor, read from the list, and its file, saved at once. It has no weapon.
fn made_new(
    dir: &std::path::Path,
    button: &str,
) -> (App, posse::systems::savage::rules::combatant::Combatant, String) {
    let mut h = support::system_on(dir, "Deadlands (Savage Worlds)", 1280.0, 800.0);
    press(&mut h, "Combatants");
    press_button(&mut h, button);
    let c = &savage(&h).combatants;
    let id = c.selected.clone().expect("the new combatant open in the editor");
    let entry = c.entries.iter().find(|e| e.id == id).expect("its file");
    let made = entry.combatant.clone().unwrap_or_else(|e| panic!("it reads: {e:?}"));
    let saved = std::fs::read_to_string(&entry.path).expect("saved at once");
    assert!(h.query_by_role_and_label(Role::TextInput, "Weapon 1 name").is_none(), "no weapon");
    (h, made, saved)
}

/// A fight of a default-named Wild Card made on the Combatants tab (the posse's, played by
/// Player 1) against a group of Outlaws, at `size`, started from a fixed seed.
fn new_wild_card_against_outlaws(dir: &std::path::Path, size: (f32, f32)) -> App {
    let mut h = support::system_on(dir, "Deadlands (Savage Worlds)", size.0, size.1);
    press(&mut h, "Combatants");
    press_button(&mut h, "New Wild Card");
    press(&mut h, "Fight");
    press(&mut h, "New Wild Card (played by Player 1)");
    press(&mut h, "More: Groups of Outlaws ×5");
    savage_mut(&mut h).fight.seed = Some(1877);
    press(&mut h, "Start the fight");
    h
}

/// The width `text` takes on one line in the proportional font of `size` points.
fn text_width(h: &App, text: &str, size: f32) -> f32 {
    let font = egui::FontId::proportional(size);
    h.ctx.fonts_mut(|f| f.layout_no_wrap(text.to_owned(), font, egui::Color32::WHITE).size().x)
}

/// At 1280×800 the saved fights stand in a side panel 420 points wide: a long line ("New Wild
/// Card, Outlaws · round 0 · all fighting" ran to x = 511 and took its Delete out of sight) is
/// cut short inside it, and every Delete stands at one place whatever the line beside it. (A
/// fight with no posse names the side it has: `fight_summary`'s test in `game/tests.rs`.)
#[test]
fn every_saved_fights_resume_and_delete_stay_inside_the_panel() {
    let dir = crate::savage::data_with_combatants();
    let mut h = new_wild_card_against_outlaws(dir.path(), (1280.0, 800.0));
    savage_mut(&mut h).handle_fight(FightCommand::Close);
    h.run();
    // The picks stay: the next fight has Doc and the Boss too.
    press(&mut h, "Doc (played by Ann)");
    press(&mut h, "Boss (the Marshal's)");
    press(&mut h, "Start the fight");
    savage_mut(&mut h).handle_fight(FightCommand::Close);
    h.run();
    let mut deletes = Vec::new();
    let lines = [
        "Doc, New Wild Card v Boss, Outlaws · round 0 · all fighting",
        "New Wild Card v Outlaws · round 0 · all fighting",
    ];
    assert_eq!(buttons_starting(&h, "Resume"), lines.map(|l| format!("Resume {l}")), "newest first");
    for line in lines {
        let resume = rect(&h, Role::Button, &format!("Resume {line}"));
        let delete = rect(&h, Role::Button, &format!("Delete {line}"));
        assert!(resume.left() >= 0.0 && resume.right() < delete.left(), "{line}: {resume:?} {delete:?}");
        assert!(delete.right() <= 420.0, "{line}: Delete {delete:?} past the panel's edge");
        assert!(delete.y_range().contains(resume.center().y), "{line}: Delete beside its Resume");
        deletes.push(delete.left());
    }
    assert!((deletes[0] - deletes[1]).abs() < 0.5, "one place for every Delete: {deletes:?}");
}

/// At 1280×800 a default-named Wild Card's turn shows its whole name in the turn's title (it
/// was cut to "New Wild Card's …" beside "End New Wild Card's turn"): End turn says only
/// "End turn" on its face, and whose turn it ends to screen readers and on hover.
#[test]
fn the_turn_title_shows_a_default_name_whole() {
    let dir = crate::savage::data_with_combatants();
    let mut h = new_wild_card_against_outlaws(dir.path(), (1280.0, 800.0));
    let unit =
        fight(&h).state.units.iter().find(|u| u.combatant.name == "New Wild Card").expect("it").id.clone();
    let ace = parse_card("AS", &[]).expect("a card");
    send(&mut h, Event::Deal { typed: BTreeMap::from([(unit.clone(), vec![ace])]) });
    send(&mut h, Event::BeginTurn { unit });
    h.run();
    let hold = rect(&h, Role::Button, "Go on hold");
    let title = h
        .root()
        .children_recursive()
        .filter(|n| n.accesskit_node().has_bounds())
        .find(|n| {
            let ak = n.accesskit_node();
            ak.role() == Role::Label
                && ak.value().as_deref() == Some("New Wild Card's turn")
                && hold.y_range().contains(n.rect().center().y)
        })
        .map(|n| n.rect())
        .expect("the title");
    let whole = text_width(&h, "New Wild Card's turn", posse::ui::theme::HEADING + 4.0);
    assert!(title.width() >= whole - 0.5, "the title {title:?} is cut: it needs {whole}");
    assert!(title.right() <= hold.left(), "{title:?} {hold:?}");
    let end = rect(&h, Role::Button, "End New Wild Card's turn");
    assert!(hold.right() <= end.left() && end.right() <= 1280.0, "{hold:?} {end:?}");
}

/// The attack's drop-downs each come after their label ("Actions [1 (0)] Cover [none] Called
/// shot [none]", and Gang Up in melee), on the label's line, on a desktop and on a tablet.
#[test]
fn each_attack_drop_down_comes_after_its_label() {
    for (size, touch) in [((1280.0, 800.0), false), ((800.0, 1280.0), true)] {
        let dir = crate::savage::data_with_combatants();
        let mut h = a_dealt_fight_at(dir.path(), size);
        if touch {
            posse::ui::theme::touch(&h.ctx);
        }
        send(&mut h, Event::BeginTurn { unit: "kid".into() });
        h.run();
        let check = |h: &App, labels: &[&str]| {
            let mut last = f32::NEG_INFINITY;
            let mut line = None;
            for label in labels {
                let text = rect(h, Role::Label, label);
                let combo = rect(h, Role::ComboBox, label);
                assert!(
                    last <= text.left() && text.right() <= combo.left(),
                    "{size:?}: {label} {text:?} {combo:?}"
                );
                assert!(combo.y_range().contains(text.center().y), "{size:?}: {label} {text:?} {combo:?}");
                // On a desktop the three are one row.
                if !touch {
                    let top = *line.get_or_insert(combo.top());
                    assert!(
                        (top - combo.top()).abs() < 0.5,
                        "{size:?}: {label} {combo:?} off the row at {top}"
                    );
                }
                last = combo.right();
            }
        };
        check(&h, &["Actions", "Cover", "Called shot"]);
        press(&mut h, "Skill Fighting");
        check(&h, &["Gang Up"]);
    }
}

/// Kid's wounding hit on the Boss at 1280×800 (the chips of the Marshal and three players in
/// the side column) and 1024×768 (two columns): the Marshal's soak of that wound, every part of
/// it, is in view inside the offers' box as it comes, with no scrolling (at 1280×800 its
/// buttons were 120 points below the box's bottom, which the chips' box left 145 points high).
#[test]
fn the_soak_of_a_hit_is_in_view_without_scrolling() {
    use posse::systems::savage::game::Holder;
    use posse::systems::savage::rules::chips::ChipColour;
    for size in [(1280.0, 800.0), (1024.0, 768.0)] {
        let dir = crate::savage::data_with_combatants();
        let mut h = a_dealt_fight_at(dir.path(), size);
        let (bob, white, red, blue) =
            (Holder::Player("Bob".into()), ChipColour::White, ChipColour::Red, ChipColour::Blue);
        send(&mut h, Event::DrawChips { holder: bob, count: 2, typed: Some(vec![red, blue]) });
        let marshal = Some(vec![white, white, red, blue]);
        send(&mut h, Event::DrawChips { holder: Holder::Marshal, count: 4, typed: marshal });
        send(&mut h, Event::BeginTurn { unit: "kid".into() });
        h.run();
        h.get_by_role_and_label(Role::Button, "Boss").click_accesskit();
        h.run();
        type_in(&mut h, "Attack die total", "7");
        type_in(&mut h, "Attack Wild Die total", "2");
        press_button(&mut h, "Attack");
        type_in(&mut h, "Damage total", "12");
        press_button(&mut h, "Damage");
        h.run();
        assert_eq!(fight(&h).state.member(&MemberRef::new("boss", 0)).map(|m| m.wounds), Some(1));
        let window = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(size.0, size.1));
        let offers = h.get_by_role_and_label(Role::Group, "Offers after the hit box").rect();
        assert!(window.contains_rect(offers), "the offers' box {offers:?} at {size:?}");
        for (role, label) in [
            (Role::Label, "Boss took 1 wound: soak? (the Marshal spends a chip, Vigor roll)"),
            (Role::Button, "Soak with white"),
            (Role::Button, "Soak with blue"),
            (Role::TextInput, "Soak die total"),
            (Role::TextInput, "Soak Wild Die total"),
            (Role::Button, "Soak with a white chip"),
            (Role::Button, "Soak, Posse rolls"),
        ] {
            let r = rect(&h, role, label);
            assert!(
                offers.expand(0.5).contains_rect(r),
                "{label} at {r:?} is outside the offers' box {offers:?} at {size:?}"
            );
        }
        // The soak made from there: the wound is gone (d8 4 + Wild Die 2: a success).
        type_in(&mut h, "Soak die total", "4");
        type_in(&mut h, "Soak Wild Die total", "2");
        press_button(&mut h, "Soak with a white chip");
        assert_eq!(fight(&h).state.member(&MemberRef::new("boss", 0)).map(|m| m.wounds), Some(0));
    }
}

/// The whole attack path of a group of Extras on a Joker (a Joker's turn, who acts, shooting at
/// a range: the form's tallest case) in the fight of four players, the Boss and two groups of
/// Outlaws, at 1280×800 and 1024×768: who acts, the skill, the range, the dice, Attack, the
/// damage's total and Damage, then Ann's soak of Doc's wound, each inside the window as it
/// comes, with no scrolling (at 1024×768 Attack was at 769..797, under the window's bottom,
/// below a line for the Joker and a row for who acts).
#[test]
fn a_groups_attack_on_a_joker_needs_no_scrolling() {
    for size in [(1280.0, 800.0), (1024.0, 768.0)] {
        let dir = crate::savage::data_with_combatants();
        let mut h = posse_against_the_gang(dir.path(), size);
        let joker = parse_card("JK", &[]).expect("a Joker");
        send(&mut h, Event::Deal { typed: BTreeMap::from([("outlaws-a".to_owned(), vec![joker])]) });
        send(&mut h, Event::BeginTurn { unit: "outlaws-a".into() });
        h.run();
        let window = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(size.0, size.1));
        let in_view = |h: &App, step: &str, controls: &[(Role, &str)]| {
            assert_eq!(past_the_edges(h, size.0), Vec::<String>::new(), "{step} at {size:?}");
            for (role, label) in controls {
                let r = rect(h, *role, label);
                assert!(window.contains_rect(r), "{step}: {label} at {r:?} is outside {size:?}");
            }
        };
        in_view(&h, "who acts", &[(Role::Button, "Outlaws A 1 acts"), (Role::Button, "Outlaws A 5 acts")]);
        press_button(&mut h, "Outlaws A 3 acts");
        press(&mut h, "Skill Shooting");
        press(&mut h, "Range Short");
        let target = "Target: Doc · Parry 5 · Toughness 5";
        in_view(
            &h,
            "the attack",
            &[
                (Role::Label, target),
                (Role::Button, "Range Short"),
                (Role::TextInput, "Attack die total"),
                (Role::Button, "Attack"),
                (Role::Button, "Roll the attack for me"),
            ],
        );
        // d6 5 + the Joker's 2 against 4: a hit.
        type_in(&mut h, "Attack die total", "5");
        press_button(&mut h, "Attack");
        h.run();
        in_view(
            &h,
            "the damage",
            &[
                (Role::TextInput, "Damage total"),
                (Role::Button, "Damage"),
                (Role::Button, "Roll the damage for me"),
            ],
        );
        // 10 against Doc's Toughness 5: a wound, which Ann may soak.
        type_in(&mut h, "Damage total", "10");
        press_button(&mut h, "Damage");
        h.run();
        assert_eq!(fight(&h).state.member(&MemberRef::new("doc", 0)).map(|m| m.wounds), Some(1));
        in_view(&h, "the soak", &[(Role::Button, "Soak, Posse rolls"), (Role::Button, "Attack")]);
        assert_eq!(savage(&h).fight.actor, 2, "Outlaws A 3 still acts");
    }
}

/// Each holder's chips keep one row of buttons at the fight's start: the Marshal's blind draw
/// clicked, his More stays where it was (it slid left into the place of the Draw just clicked)
/// and Ann's row under it too (a row for the spend menu came under the Marshal's first chips
/// and pushed every holder below 36 points down); his Spend menu comes where the Draw was.
#[test]
fn drawing_the_owed_chips_moves_no_holders_buttons() {
    for size in [(1280.0, 800.0), (1024.0, 768.0)] {
        let dir = crate::savage::data_with_combatants();
        let mut h = a_dealt_fight_at(dir.path(), size);
        let aimed = ["More chips for Marshal", "Ann draws 3 owed", "More chips for Ann", "Cid draws 3 owed"];
        let before: Vec<egui::Rect> = aimed.iter().map(|b| rect(&h, Role::Button, b)).collect();
        let draw = buttons_starting(&h, "Marshal draws ").pop().expect("the Marshal's draw");
        let drawn_at = rect(&h, Role::Button, &draw);
        press_button(&mut h, &draw);
        h.run();
        for (label, was) in aimed.iter().zip(&before) {
            assert_eq!(rect(&h, Role::Button, label), *was, "{label} moved at {size:?}");
        }
        let spend = rect(&h, Role::Button, "Spend Marshal's chip");
        assert!((spend.left() - drawn_at.left()).abs() < 0.5, "{spend:?} in the place of {drawn_at:?}");
        assert!((spend.center().y - drawn_at.center().y).abs() < 0.5, "{spend:?} on the Draw's row");
    }
}

/// In a desktop window of 1024×768 the top bar has room for Deadlands' tabs, Share at the table
/// and the theme buttons, none over another (Share at the table was drawn over Reference and
/// Print, beside the game's name, which the bar now leaves to the home screen below 1200
/// points); at 1280×800 the name stays.
#[test]
fn the_top_bar_overlaps_nothing_at_1024() {
    for (size, titled) in [((1024.0, 768.0), false), ((1280.0, 800.0), true)] {
        let dir = crate::savage::data_with_combatants();
        let mut h = a_dealt_fight_at(dir.path(), size);
        let share = rect(&h, Role::Button, "Share at the table");
        let mut placed = vec![("Share at the table", share)];
        for tab in ["Combatants", "Fight", "Reference", "Print", "System", "Light", "Dark"] {
            placed.push((tab, rect(&h, Role::Button, tab)));
        }
        for (i, (a, ra)) in placed.iter().enumerate() {
            for (b, rb) in &placed[i + 1..] {
                assert!(!ra.intersects(*rb), "{a} {ra:?} over {b} {rb:?} at {size:?}");
            }
        }
        let title =
            h.query_all_by_label("Deadlands (Savage Worlds)").any(|n| n.rect().top() < share.bottom());
        assert_eq!(title, titled, "the game's name in the bar at {size:?}");
        h.run();
    }
}
