//! Deadlands' every-turn screens hold still and fit: the worst case of the table (four
//! players' characters with their chips, the Boss and two groups of Outlaws, a long log, a
//! Joker out) inside 1280×800 and 1024×768; the combatant editor in one column on a phone and
//! a tablet; the attack form's choices and keys; and key-by-key typing through a turn.

use std::collections::BTreeMap;

use egui::accesskit::Role;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use posse::systems::savage::app::SavageApp;
use posse::systems::savage::game::{Event, Fight, MemberRef};
use posse::systems::savage::rules::initiative::parse_card;
use posse::systems::savage::rules::traits::TraitDice;
use posse::systems::savage::ui::fight::FightCommand;

use crate::support::{self, App, press, press_button, type_in};

fn savage(h: &App) -> &SavageApp {
    h.state().system::<SavageApp>().expect("Deadlands")
}

fn savage_mut(h: &mut App) -> &mut SavageApp {
    h.state_mut().system_mut::<SavageApp>().expect("Deadlands")
}

fn fight(h: &App) -> &Fight<'static> {
    savage(h).table.game().expect("a fight is open")
}

/// Sends one event, as a click would.
fn send(h: &mut App, event: Event) {
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
/// list under it), every part of it can be scrolled to, every control is a finger's size and
/// every line of text at least 14 points.
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
        let list = rect(&h, Role::Button, "New Wild Card");
        assert!(name.left() < 200.0 && list.left() < 60.0, "one column at {width}: {name:?} {list:?}");
        assert!(list.top() > name.bottom(), "the list under the editor at {width}: {list:?}");
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
