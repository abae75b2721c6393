//! The app sized for fingers, as the web page shows it on a tablet held upright (800 × 1280)
//! and on a phone (390 × 844): every control at least 44 points high, nothing reaching past
//! the right edge of the screen (so nothing needs scrolling sideways), facts the desktop gives
//! in tooltips written out, and a text field brought back into view when the on-screen
//! keyboard takes half the screen. Checked on every screen and at each step of a turn.

use egui::accesskit::Role;
use egui_kittest::kittest::{NodeT as _, Queryable as _};

use posse::systems::dmh::app::Screen;
use posse::ui::theme;

use super::support::{self, App, DEAL, data_with, deal, declare, press, press_button, shoot, start, type_in};

/// The two sizes the issue names: a tablet in portrait and a phone.
const SIZES: [(f32, f32); 2] = [(800.0, 1280.0), (390.0, 844.0)];

/// Roles a finger taps.
fn tapped(role: Role) -> bool {
    matches!(
        role,
        Role::Button
            | Role::CheckBox
            | Role::RadioButton
            | Role::TextInput
            | Role::ComboBox
            | Role::Slider
            | Role::SpinButton
            | Role::Link
            | Role::Tab
            | Role::MenuItem
    )
}

/// Every problem with the screen as it stands: a control under 44 points high or wide, or (when
/// `sideways` is checked) anything reaching past the right or the left edge.
fn problems(h: &App, width: f32, what: &str, sideways: bool) -> Vec<String> {
    let mut out = Vec::new();
    // A finger needs the width too; a mouse on a desktop does not.
    let touch = theme::is_touch(&h.ctx);
    for node in h.root().children_recursive() {
        let ak = node.accesskit_node();
        // Nodes without a rectangle (containers egui gives none) take no room.
        if !ak.has_bounds() {
            continue;
        }
        let rect = node.rect();
        let role = ak.role();
        let label = ak.label().unwrap_or_default();
        if sideways && rect.right() > width + 0.5 {
            out.push(format!("{what}: {role:?} '{label}' reaches x = {:.0}", rect.right()));
        }
        if sideways && rect.left() < -0.5 {
            out.push(format!("{what}: {role:?} '{label}' starts at x = {:.0}", rect.left()));
        }
        if tapped(role) && rect.height() < theme::TOUCH_TARGET - 0.5 {
            out.push(format!("{what}: {role:?} '{label}' is {:.0} high", rect.height()));
        }
        if touch && tapped(role) && rect.width() < theme::TOUCH_TARGET - 0.5 {
            out.push(format!("{what}: {role:?} '{label}' is {:.0} wide", rect.width()));
        }
    }
    out
}

/// The app on `dir` at `size`, sized for fingers, showing `screen`.
fn app(dir: &std::path::Path, screen: Screen, (width, height): (f32, f32)) -> App {
    let mut h = support::app_on(dir, screen, width, height);
    theme::touch(&h.ctx);
    h.run();
    h
}

/// Tombstone Law against the Clantons on `dir` at `size`, sized for fingers, turn 1 dealt.
fn dealt(dir: &std::path::Path, size: (f32, f32)) -> App {
    let mut h = app(dir, Screen::Play, size);
    start(&mut h, support::SEED, None);
    deal(&mut h, &DEAL);
    h
}

#[test]
fn every_screen_fits_a_tablet_and_a_phone() {
    let mut found = Vec::new();
    for size in SIZES {
        let what = |screen: &str| format!("{screen} at {}×{}", size.0, size.1);
        let dir = data_with(&["lawmen-21", "outlaws-21"]);
        for (screen, name) in
            [(Screen::Reference, "Reference"), (Screen::Scenes, "Scenes"), (Screen::Gangs, "Gangs")]
        {
            let h = app(dir.path(), screen, size);
            found.extend(problems(&h, size.0, &what(name), true));
        }
        // A gang open in the editor.
        let mut h = app(dir.path(), Screen::Gangs, size);
        press_button(&mut h, "Gang Tombstone Law");
        found.extend(problems(&h, size.0, &what("the gang editor"), true));
        // The home screen.
        h.state_mut().go_home();
        h.run();
        found.extend(problems(&h, size.0, &what("home"), true));
        // A game, step by step.
        let mut h = app(dir.path(), Screen::Play, size);
        found.extend(problems(&h, size.0, &what("a new game"), true));
        start(&mut h, support::SEED, None);
        found.extend(problems(&h, size.0, &what("initiative"), true));
        deal(&mut h, &DEAL);
        found.extend(problems(&h, size.0, &what("the declaration"), true));
        declare(&mut h, &["Move", "Shoot"]);
        press(&mut h, "Moved");
        shoot(&mut h, "Billy Clanton", "12", Some("12"));
        found.extend(problems(&h, size.0, &what("a shot"), true));
        // The enemy's quick shot, opened over the shot and filled in.
        press(&mut h, "⚡ The Clanton Gang quick shoot Wyatt Earp…");
        support::pick(&mut h, "Quick shooter", "Pete Spence");
        type_in(&mut h, "Quick shot d20 roll", "14");
        found.extend(problems(&h, size.0, &what("a quick shot"), true));
    }
    assert!(found.is_empty(), "{} problems:\n{}", found.len(), found.join("\n"));
}

#[test]
fn the_roster_stacks_above_the_turn_on_a_phone() {
    let dir = data_with(&["lawmen-21", "outlaws-21"]);
    let h = dealt(dir.path(), (390.0, 844.0));
    // The roster's models and the declaration share the one column.
    let billy = h.get_by_role_and_label(Role::Button, "Billy Clanton").rect();
    let declare = h.get_by_label("Declare").rect();
    assert!(billy.left() < 40.0 && declare.left() < 40.0, "{billy:?} {declare:?}");
}

#[test]
fn on_a_phone_a_field_being_typed_in_lets_the_page_scroll_on_to_the_buttons_under_it() {
    let dir = data_with(&["lawmen-21", "outlaws-21"]);
    let mut h = app(dir.path(), Screen::Gangs, (390.0, 844.0));
    press_button(&mut h, "Gang Tombstone Law");
    // The gang's name being typed (the keyboard up), then the page scrolled to Add Sheriff:
    // the name field snapped the page back to itself every frame, and the tap missed.
    h.get_by_role_and_label(Role::TextInput, "Gang name").focus();
    h.run();
    h.get_by_label("Add Sheriff").scroll_to_me();
    h.run();
    h.run();
    let add = h.get_by_label("Add Sheriff").rect();
    assert!(add.top() >= 0.0 && add.bottom() <= 844.0, "Add Sheriff at {add:?}");
    assert!(h.get_by_role_and_label(Role::TextInput, "Gang name").is_focused(), "still typing");
}

#[test]
fn on_a_phone_the_games_title_has_a_line_of_its_own_above_its_buttons() {
    let dir = data_with(&["lawmen-21", "outlaws-21"]);
    let mut h = app(dir.path(), Screen::Play, (390.0, 844.0));
    start(&mut h, support::SEED, None);
    // Beside the buttons it was cut to "Turn 1…"; above them it has the screen's width.
    let title = h.get_by_label("Turn 1 · initiative").rect();
    let close = h.get_by_role_and_label(Role::Button, "Close game").rect();
    assert!(title.bottom() <= close.top(), "{title:?} above {close:?}");
    assert!(title.right() < 390.0 - 80.0, "the whole title fits, with room to spare: {title:?}");
}

#[test]
fn the_gang_editor_scrolls_as_one_page_on_a_phone_and_keeps_its_header_on_a_desktop() {
    let dir = data_with(&["lawmen-21", "outlaws-21"]);
    let built_for = |h: &App| h.get_by_role_and_label(Role::ComboBox, "Built for").rect();
    for ((width, height), header_stays) in [((390.0, 844.0), false), ((1280.0, 800.0), true)] {
        let mut h = app(dir.path(), Screen::Gangs, (width, height));
        press_button(&mut h, "Gang Tombstone Law");
        let before = built_for(&h);
        h.get_by_label("Model 7 name").scroll_to_me();
        h.run();
        let last = h.get_by_label("Model 7 name").rect();
        assert!(last.top() >= 0.0 && last.bottom() <= height, "{width}: model 7 at {last:?}");
        if header_stays {
            assert_eq!(built_for(&h), before, "the header stays above the models");
        } else {
            // The header scrolled away with the page: the models have the whole screen.
            assert!(built_for(&h).bottom() < 0.0, "{:?}", built_for(&h));
        }
    }
}

#[test]
fn a_field_under_the_keyboard_comes_back_into_view() {
    let dir = data_with(&["lawmen-21", "outlaws-21"]);
    let mut h = dealt(dir.path(), (390.0, 844.0));
    declare(&mut h, &["Shoot"]);
    support::target(&mut h, "Billy Clanton");
    let field = h.get_by_role_and_label(Role::TextInput, "d20 roll");
    field.scroll_to_me();
    h.run();
    h.get_by_role_and_label(Role::TextInput, "d20 roll").focus();
    h.run();
    // The keyboard opens: the page is left with its top 40 %.
    h.set_size(egui::vec2(390.0, 340.0));
    h.run();
    h.run();
    let rect = h.get_by_role_and_label(Role::TextInput, "d20 roll").rect();
    assert!(rect.top() >= 0.0 && rect.bottom() <= 340.0, "the field is hidden: {rect:?}");
}

/// The app on `dir` at `size`, sized for fingers, with the system whose home tile reads
/// `tile` open.
fn system(dir: &std::path::Path, tile: &str, (width, height): (f32, f32)) -> App {
    let mut h = support::system_on(dir, tile, width, height);
    theme::touch(&h.ctx);
    h.run();
    h
}

/// Shows the open system's tab named `name`.
fn tab(h: &mut App, name: &str) {
    let current = h.state().current;
    let index = h.state().systems[current].tabs().iter().position(|t| *t == name).expect("the tab");
    h.state_mut().systems[current].set_tab(index);
    h.run();
}

/// The problems on every tab of the open system.
fn every_tab(h: &mut App, size: (f32, f32), system: &str) -> Vec<String> {
    let current = h.state().current;
    let mut found = Vec::new();
    for name in h.state().systems[current].tabs() {
        tab(h, name);
        found.extend(problems(h, size.0, &format!("{system}, {name} at {}×{}", size.0, size.1), true));
    }
    found
}

/// Deadlands, after a deal that gave Doc a Joker: Doc acts now and shoots the Boss at short
/// range, d8 7 and Wild Die 3 typed (Attack not yet pressed).
fn doc_shoots_the_boss(h: &mut App) {
    press_button(h, "Joker: Doc acts now");
    press_button(h, "Boss");
    press(h, "Skill Shooting");
    press(h, "Range Short");
    type_in(h, "Attack die total", "7");
    type_in(h, "Attack Wild Die total", "3");
}

#[test]
fn every_system_fits_a_tablet_and_a_phone() {
    let mut found = Vec::new();
    for size in SIZES {
        let what = |step: &str| format!("{step} at {}×{}", size.0, size.1);

        // Fragmaster Origins: set-up, a round, and an attack being worked out.
        let dir = tempfile::tempdir().expect("temp dir");
        let mut h = system(dir.path(), "Fragmaster Origins", size);
        found.extend(every_tab(&mut h, size, "Fragmaster"));
        tab(&mut h, "Play");
        super::fragmaster::four_players_to_round_one(&mut h);
        found.extend(problems(&h, size.0, &what("Fragmaster's round"), true));
        press(&mut h, "Target Ann");
        type_in(&mut h, "Distance (cm)", "35");
        found.extend(problems(&h, size.0, &what("Fragmaster's attack"), true));

        // Frag Deadlands: the fighters, set-up, and a turn with the longest attack panel.
        let dir = super::frag::data_with_fighters(&[
            ("ann", "agency-operative", 2, 2, 3),
            ("bob", "indian-brave", 3, 2, 2),
        ]);
        let mut h = system(dir.path(), "Frag Deadlands", size);
        found.extend(every_tab(&mut h, size, "Frag"));
        tab(&mut h, "Fighters");
        press_button(&mut h, "ann (Agency Operative 2/2/3)");
        found.extend(problems(&h, size.0, &what("Frag's fighter editor"), true));
        tab(&mut h, "Play");
        super::frag::to_bobs_turn(&mut h);
        found.extend(problems(&h, size.0, &what("Frag's turn"), true));
        // Undo is written out in full on its button, wrapped within the screen, since nothing
        // hovers.
        let undo =
            h.get_by_role_and_label(Role::Button, "Undo: Bob rolls 2+2 for movement: 4 squares").rect();
        assert!(
            undo.right() <= size.0 && undo.height() >= 44.0,
            "the Undo's full text at {size:?}: {undo:?}"
        );
        press(&mut h, "Target Ann");
        type_in(&mut h, "To-hit dice", "2 2");
        type_in(&mut h, "Damage dice", "6 6");
        type_in(&mut h, "Ann's defence dice", "1 1");
        found.extend(problems(&h, size.0, &what("Frag's attack"), true));

        // Deadlands: the combatants, a fight's set-up, a dealt round and an attack.
        let dir = super::savage::data_with_combatants();
        let mut h = system(dir.path(), "Deadlands (Savage Worlds)", size);
        found.extend(every_tab(&mut h, size, "Deadlands"));
        tab(&mut h, "Combatants");
        press_button(&mut h, "Doc (Ann)");
        found.extend(problems(&h, size.0, &what("Deadlands' combatant editor"), true));
        tab(&mut h, "Fight");
        for who in ["Doc (played by Ann)", "Kid (played by Bob)", "Boss (the Marshal's)"] {
            press(&mut h, who);
        }
        press(&mut h, "More: Groups of Outlaws ×5");
        found.extend(problems(&h, size.0, &what("Deadlands' set-up"), true));
        press(&mut h, "Start the fight");
        press_button(&mut h, "Type the cards");
        for (name, card) in [("Doc", "JK"), ("Kid", "KS"), ("Boss", "KH"), ("Outlaws", "AS")] {
            type_in(&mut h, &format!("{name} cards"), card);
        }
        found.extend(problems(&h, size.0, &what("Deadlands' deal"), true));
        press_button(&mut h, "Deal these cards");
        found.extend(problems(&h, size.0, &what("Deadlands' round"), true));
        doc_shoots_the_boss(&mut h);
        found.extend(problems(&h, size.0, &what("Deadlands' attack"), true));
        press_button(&mut h, "Attack");
        // Nothing hovers on a touch screen: a tap on the greyed Damage says why it is greyed.
        h.get_by_role_and_label(Role::Button, "Damage").scroll_to_me();
        h.run();
        h.get_by_role_and_label(Role::Button, "Damage").click();
        h.run();
        h.get_by_label("Type the total first, or let Posse roll");
        type_in(&mut h, "Damage total", "14");
        found.extend(problems(&h, size.0, &what("Deadlands' damage"), true));
    }
    assert!(found.is_empty(), "{} problems:\n{}", found.len(), found.join("\n"));
}

#[test]
fn any_systems_field_under_the_keyboard_comes_back_into_view() {
    // Deadlands' damage total, far down the phone's one column.
    let dir = super::savage::data_with_combatants();
    let mut h = system(dir.path(), "Deadlands (Savage Worlds)", (390.0, 844.0));
    tab(&mut h, "Fight");
    for who in ["Doc (played by Ann)", "Boss (the Marshal's)"] {
        press(&mut h, who);
    }
    press(&mut h, "Start the fight");
    press_button(&mut h, "Type the cards");
    for (name, card) in [("Doc", "JK"), ("Boss", "KH")] {
        type_in(&mut h, &format!("{name} cards"), card);
    }
    press_button(&mut h, "Deal these cards");
    doc_shoots_the_boss(&mut h);
    press_button(&mut h, "Attack");
    let field = h.get_by_role_and_label(Role::TextInput, "Damage total");
    field.scroll_to_me();
    h.run();
    h.get_by_role_and_label(Role::TextInput, "Damage total").focus();
    h.run();
    // The keyboard opens: the page keeps its top 40 %, and the field is brought back.
    h.set_size(egui::vec2(390.0, 340.0));
    h.run();
    h.run();
    let rect = h.get_by_role_and_label(Role::TextInput, "Damage total").rect();
    assert!(rect.top() >= 0.0 && rect.bottom() <= 340.0, "the field is hidden: {rect:?}");
}

/// On a touch screen nothing hovers: End activation with actions left says so on its first
/// tap, on the button itself and in its own place, and ends the activation on the second.
#[test]
fn end_activation_with_actions_left_asks_on_a_touch_screen() {
    use crate::support::Dmh as _;
    let dir = data_with(&["lawmen-21", "outlaws-21"]);
    let mut h = app(dir.path(), Screen::Play, (800.0, 1280.0));
    start(&mut h, support::SEED, None);
    deal(&mut h, &DEAL);
    declare(&mut h, &["Move", "Shoot"]);
    let events = h.state().dmh().table.game().map(|g| g.events.len());
    let end = h.get_by_role_and_label(Role::Button, "End Wyatt Earp's activation").rect();
    press_button(&mut h, "End Wyatt Earp's activation");
    assert_eq!(h.state().dmh().table.game().map(|g| g.events.len()), events, "nothing ended yet");
    let again = h
        .get_by_role_and_label(Role::Button, "End Wyatt Earp's activation, giving up the actions left")
        .rect();
    assert_eq!(again.right_top(), end.right_top(), "in the same place");
    press_button(&mut h, "End Wyatt Earp's activation, giving up the actions left");
    let last = h.state().dmh().table.game().and_then(|g| g.lines.last().cloned()).unwrap_or_default();
    assert!(last.starts_with("Turn 1 · Wyatt Earp (A♥) finishes"), "{last}");
}

/// At desktop widths (1024×768 and 1280×800, mouse sizes) nothing of any system's every-turn
/// screens reaches past the window's right or left edge.
#[test]
fn every_system_stays_inside_a_desktop_window() {
    let mut found = Vec::new();
    for size in [(1024.0, 768.0), (1280.0, 800.0)] {
        let edges = |h: &App, step: &str| -> Vec<String> {
            problems(h, size.0, &format!("{step} at {}×{}", size.0, size.1), true)
                .into_iter()
                .filter(|p| !p.ends_with(" high"))
                .collect()
        };
        let dir = tempfile::tempdir().expect("temp dir");
        let mut h = support::system_on(dir.path(), "Fragmaster Origins", size.0, size.1);
        super::fragmaster::four_players_to_round_one(&mut h);
        found.extend(edges(&h, "Fragmaster's round"));
        press(&mut h, "Target Ann");
        type_in(&mut h, "Distance (cm)", "35");
        found.extend(edges(&h, "Fragmaster's attack"));

        let dir = super::frag::data_with_fighters(&[
            ("ann", "agency-operative", 2, 2, 3),
            ("bob", "indian-brave", 3, 2, 2),
        ]);
        let mut h = support::system_on(dir.path(), "Frag Deadlands", size.0, size.1);
        tab(&mut h, "Play");
        super::frag::to_bobs_turn(&mut h);
        press(&mut h, "Target Ann");
        type_in(&mut h, "To-hit dice", "2 2");
        type_in(&mut h, "Damage dice", "6 6");
        type_in(&mut h, "Ann's defence dice", "1 1");
        found.extend(edges(&h, "Frag's attack"));

        let dir = super::savage::data_with_combatants();
        let mut h = support::system_on(dir.path(), "Deadlands (Savage Worlds)", size.0, size.1);
        tab(&mut h, "Fight");
        for who in ["Doc (played by Ann)", "Kid (played by Bob)", "Boss (the Marshal's)"] {
            press(&mut h, who);
        }
        press(&mut h, "Start the fight");
        press_button(&mut h, "Type the cards");
        for (name, card) in [("Doc", "JK"), ("Kid", "KS"), ("Boss", "KH")] {
            type_in(&mut h, &format!("{name} cards"), card);
        }
        press_button(&mut h, "Deal these cards");
        doc_shoots_the_boss(&mut h);
        found.extend(edges(&h, "Deadlands' attack"));

        let dir = data_with(&["lawmen-21", "outlaws-21"]);
        let mut h = support::app_on(dir.path(), Screen::Play, size.0, size.1);
        start(&mut h, support::SEED, None);
        deal(&mut h, &DEAL);
        declare(&mut h, &["Shoot"]);
        shoot(&mut h, "Billy Clanton", "12", Some("14"));
        found.extend(edges(&h, "Dead Man's Hand's shot"));
    }
    assert!(found.is_empty(), "{} problems:\n{}", found.len(), found.join("\n"));
}

/// Frag's longest attack panel (a new weapon card being declared, with its extra damage and
/// ammo, a hit that sends Ann to the gallows) at 1280×800 and 1024×768: nothing past the right
/// edge, the last gallows square, the extra-damage stepper and the ammo stepper inside it, and
/// Attack inside the window (without scrolling at 1280×800, where the turn has two columns, and
/// the gallows squares beside it too).
#[test]
fn frag_longest_attack_panel_fits_a_desktop_window() {
    let mut found = Vec::new();
    for (width, height) in [(1280.0, 800.0), (1024.0, 768.0)] {
        let what = format!("Frag's longest attack at {width}×{height}");
        let dir = super::frag::data_with_fighters(&[
            ("ann", "agency-operative", 2, 2, 3),
            ("bob", "indian-brave", 3, 2, 2),
        ]);
        let mut h = support::system_on(dir.path(), "Frag Deadlands", width, height);
        tab(&mut h, "Play");
        super::frag::to_bobs_turn(&mut h);
        press(&mut h, "Target Ann");
        press(&mut h, "A new weapon card");
        type_in(&mut h, "Weapon card's name", "Buffalo Rifle");
        for _ in 0..2 {
            press_button(&mut h, "More: Card's extra damage");
        }
        for _ in 0..5 {
            press_button(&mut h, "More: Card's ammo (0: unlimited)");
        }
        type_in(&mut h, "To-hit dice", "2 2");
        type_in(&mut h, "Damage dice", "6 6 6");
        type_in(&mut h, "Ann's defence dice", "1 1");
        found.extend(problems(&h, width, &what, true).into_iter().filter(|p| !p.ends_with(" high")));
        let gallows: Vec<egui::Rect> = h
            .query_all_by_role(Role::Button)
            .filter(|n| n.accesskit_node().label().is_some_and(|l| l.starts_with("Gallows square")))
            .map(|n| n.rect())
            .collect();
        assert!(gallows.len() >= 2, "the gallows squares at {width}: {gallows:?}");
        if width >= 1280.0 {
            let last = gallows.last().copied().unwrap_or(egui::Rect::NOTHING);
            assert!(last.bottom() <= height, "{what}: the last gallows square at y = {}", last.bottom());
        }
        for (label, rect) in [
            ("the last gallows square", gallows.last().copied().unwrap_or(egui::Rect::NOTHING)),
            ("extra damage", h.get_by_role_and_label(Role::Button, "More: Card's extra damage").rect()),
            ("ammo", h.get_by_role_and_label(Role::Button, "More: Card's ammo (0: unlimited)").rect()),
        ] {
            assert!(rect.right() <= width, "{what}: {label} reaches x = {}", rect.right());
        }
        // The last square is picked (it must be: the damage is twice Ann's Health).
        let last = h
            .query_all_by_role(Role::Button)
            .filter_map(|n| n.accesskit_node().label())
            .rfind(|l| l.starts_with("Gallows square"))
            .expect("a gallows square");
        press_button(&mut h, &last);
        let attack = h.get_by_role_and_label(Role::Button, "Attack");
        if width >= 1280.0 {
            assert!(attack.rect().bottom() <= height, "{what}: Attack at y = {}", attack.rect().bottom());
        } else {
            attack.scroll_to_me();
            h.run();
        }
        let attack = h.get_by_role_and_label(Role::Button, "Attack").rect();
        assert!(
            attack.top() >= 0.0 && attack.bottom() <= height && attack.right() <= width,
            "{what}: Attack at {attack:?}"
        );
        assert!(!h.get_by_role_and_label(Role::Button, "Attack").accesskit_node().is_disabled());
    }
    assert!(found.is_empty(), "{} problems:\n{}", found.len(), found.join("\n"));
}

/// Frag on a phone (390×844, touch): a fighter open in the editor, the turn and the attack
/// panel have nothing past the right edge, and every control a finger taps is at least 44
/// points wide as well as high.
#[test]
fn frag_on_a_phone_every_control_is_44_points_square() {
    let size = (390.0, 844.0);
    let square = |h: &App, what: &str| -> Vec<String> {
        let mut out = problems(h, size.0, what, true);
        for node in h.root().children_recursive() {
            let ak = node.accesskit_node();
            if ak.has_bounds() && tapped(ak.role()) && node.rect().width() < theme::TOUCH_TARGET - 0.5 {
                let label = ak.label().unwrap_or_default();
                out.push(format!("{what}: {:?} '{label}' is {:.0} wide", ak.role(), node.rect().width()));
            }
        }
        out
    };
    let dir = super::frag::data_with_fighters(&[
        ("ann", "agency-operative", 2, 2, 3),
        ("bob", "indian-brave", 3, 2, 2),
    ]);
    let mut h = system(dir.path(), "Frag Deadlands", size);
    let mut found = Vec::new();
    tab(&mut h, "Fighters");
    press_button(&mut h, "ann (Agency Operative 2/2/3)");
    assert!(h.query_by_label("Fighter's name").is_some(), "Ann is open in the editor");
    found.extend(square(&h, "the fighter editor"));
    tab(&mut h, "Play");
    super::frag::to_bobs_turn(&mut h);
    found.extend(square(&h, "the turn"));
    press(&mut h, "Target Ann");
    press(&mut h, "A new weapon card");
    type_in(&mut h, "To-hit dice", "2 2");
    type_in(&mut h, "Damage dice", "6 6 6");
    type_in(&mut h, "Ann's defence dice", "1 1");
    found.extend(square(&h, "the attack"));
    assert!(found.is_empty(), "{} problems:\n{}", found.len(), found.join("\n"));
}

/// The problems of `h` as it stands, and any one-line control squeezed into a sliver (half as
/// high again as a finger's size: a die box showing one character a line).
fn squeezed_problems(h: &App, width: f32, what: &str) -> Vec<String> {
    let mut found = problems(h, width, what, true);
    for node in h.root().children_recursive() {
        let ak = node.accesskit_node();
        if !ak.has_bounds() || !tapped(ak.role()) || ak.role() == Role::MultilineTextInput {
            continue;
        }
        let rect = node.rect();
        if rect.height() > 1.5 * theme::TOUCH_TARGET {
            let label = ak.label().unwrap_or_default();
            found.push(format!(
                "{what}: {:?} '{label}' is squeezed to {:.0}×{:.0}",
                ak.role(),
                rect.width(),
                rect.height()
            ));
        }
    }
    found
}

/// A weapon added to the combatant open in Deadlands' editor (a new Wild Card has none), made
/// a ranged one: its range fields come (12, 24 and 48 inches).
fn ranged_weapon_added(h: &mut App) {
    press_button(h, "Add a weapon");
    h.get_by_role_and_label(Role::CheckBox, "Ranged").click_accesskit();
    h.run();
}

/// Deadlands' combatant editor with every part of a new Wild Card (skills, weapons with ranges,
/// the action-card Edges and the abilities) and of a new group of Extras, on a tablet and on a
/// phone: nothing past the right edge and nothing squeezed into a column.
#[test]
fn the_new_combatant_forms_fit_a_tablet_and_a_phone() {
    let mut found = Vec::new();
    for size in SIZES {
        for new in ["New Wild Card", "New group of Extras"] {
            let dir = super::savage::data_with_combatants();
            let mut h = system(dir.path(), "Deadlands (Savage Worlds)", size);
            tab(&mut h, "Combatants");
            press_button(&mut h, new);
            // A blank hero or band: a ranged weapon of its own added, to edit every part.
            ranged_weapon_added(&mut h);
            assert!(h.query_by_label("Weapon 1 long range").is_some(), "{new}: a ranged weapon to edit");
            found.extend(squeezed_problems(&h, size.0, &format!("{new} at {}×{}", size.0, size.1)));
        }
    }
    let found: Vec<String> =
        found.into_iter().collect::<std::collections::BTreeSet<_>>().into_iter().collect();
    assert!(found.is_empty(), "{} problems:\n{}", found.len(), found.join("\n"));
}

/// On a tablet (touch sizes), a weapon's range fields show the longest range they take (four
/// digits) whole: 44 points wide, with a finger's margins, they showed "12", "24" and "48" as
/// "1", "2" and "4".
#[test]
fn the_range_fields_show_their_longest_range_whole() {
    let dir = super::savage::data_with_combatants();
    let mut h = system(dir.path(), "Deadlands (Savage Worlds)", SIZES[0]);
    tab(&mut h, "Combatants");
    press_button(&mut h, "New Wild Card");
    ranged_weapon_added(&mut h);
    let style = h.ctx.global_style();
    let font = egui::TextStyle::Body.resolve(&style);
    let margins = 2.0 * style.spacing.button_padding.x;
    let widest = h.ctx.fonts_mut(|f| {
        ["0000", "1111", "4444", "8888", "9999"]
            .map(|digits| f.layout_no_wrap(digits.to_owned(), font.clone(), egui::Color32::WHITE).size().x)
            .into_iter()
            .fold(0.0, f32::max)
    });
    for (what, value) in [("short", "12"), ("medium", "24"), ("long", "48")] {
        let name = format!("Weapon 1 {what} range");
        let field = h.get_by_role_and_label(Role::TextInput, &name);
        assert_eq!(field.value(), Some(value.to_owned()));
        let inside = field.rect().width() - margins;
        assert!(inside >= widest, "the {what} range shows {inside} points of the {widest} four digits take");
    }
}

/// On a tablet and on a phone, each of the combatant editor's labels stays on the line of its
/// control: never "Spirit" at the end of one line and its die at the start of the next.
#[test]
fn the_combatant_editors_labels_stay_with_their_controls() {
    let mut found = Vec::new();
    for size in SIZES {
        let dir = super::savage::data_with_combatants();
        let mut h = system(dir.path(), "Deadlands (Savage Worlds)", size);
        tab(&mut h, "Combatants");
        press_button(&mut h, "New Wild Card");
        ranged_weapon_added(&mut h);
        let mut pairs: Vec<(String, Role, String)> = ["Agility", "Smarts", "Spirit", "Strength", "Vigor"]
            .into_iter()
            .map(|a| (a.to_owned(), Role::ComboBox, format!("{a} die")))
            .collect();
        pairs.push(("Name".into(), Role::TextInput, "Name".into()));
        pairs.push(("Player".into(), Role::TextInput, "Player".into()));
        pairs.push(("New skill".into(), Role::TextInput, "New skill".into()));
        // The one ranged weapon's ranges, named on a touch screen where nothing hovers.
        for range in ["Short", "Medium", "Long"] {
            let field = format!("Weapon 1 {} range", range.to_lowercase());
            pairs.push((range.into(), Role::TextInput, field));
        }
        for (label, role, control) in pairs {
            let text = h.get_by_role_and_label(Role::Label, &label).rect();
            let field = h.get_by_role_and_label(role, &control).rect();
            if !field.y_range().contains(text.center().y) || text.right() > field.left() {
                found.push(format!("at {size:?}: '{label}' {text:?} is not beside its control {field:?}"));
            }
        }
    }
    assert!(found.is_empty(), "{} problems:\n{}", found.len(), found.join("\n"));
}

/// A fighter just made on a phone: its heading and *Discard this new fighter* did not fit one
/// line, so the whole editor grew wider than the phone (its text and the New buttons cut at the
/// right edge, and a tap on New Indian Brave missed). The button has a line of its own there.
#[test]
fn on_a_phone_a_new_fighters_editor_stays_inside_the_screen() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = system(dir.path(), "Frag Deadlands", (390.0, 844.0));
    tab(&mut h, "Fighters");
    support::press(&mut h, "New Agency Operative");
    h.get_by_role_and_label(Role::Button, "Discard this new fighter");
    assert_eq!(problems(&h, 390.0, "a new fighter", true), Vec::<String>::new());
    support::press(&mut h, "New Indian Brave");
    h.get_by_role_and_label(Role::Button, "Indian Brave 3/2/2");
}

/// Every button whose right end lies in the strip of a vertical scroll bar of the screen
/// (right of the bar's left edge, over the bar's width), above, beside or under the bar.
fn in_a_bars_strip(h: &App, what: &str) -> Vec<String> {
    let bars: Vec<egui::Rect> = h.get_all_by_role(Role::ScrollBar).map(|b| b.rect()).collect();
    h.get_all_by_role(Role::Button)
        .filter_map(|n| {
            let r = n.rect();
            let label = n.accesskit_node().label().unwrap_or_default();
            let bar = bars.iter().find(|bar| r.right() >= bar.left() && r.left() < bar.right())?;
            Some(format!("{what}: '{label}' {r:?} reaches into the scroll bar's strip {bar:?}"))
        })
        .collect()
}

/// On a phone (390×844, sized for fingers), turn 1 dealt: End activation and Redo end left of
/// the page's scroll bar, which floats over the right edge of what it scrolls (their right
/// ends lay in its strip, and a tap there could grab the bar); so does every other button,
/// as Wyatt Earp declares, shoots, and as a gang's hand is shown.
#[test]
fn on_a_phone_end_activation_and_redo_stop_short_of_the_scroll_bar() {
    let dir = data_with(&["lawmen-21", "outlaws-21"]);
    let mut h = dealt(dir.path(), (390.0, 844.0));
    let bars: Vec<egui::Rect> = h.get_all_by_role(Role::ScrollBar).map(|b| b.rect()).collect();
    let [bar] = bars[..] else { panic!("the page scrolls, with one bar: {bars:?}") };
    for button in ["End Wyatt Earp's activation", "Redo"] {
        let r = h.get_by_role_and_label(Role::Button, button).rect();
        assert!(r.right() < bar.left(), "{button} {r:?} reaches into the scroll bar's strip {bar:?}");
    }
    let mut found = in_a_bars_strip(&h, "the declaration");
    declare(&mut h, &["Move", "Shoot"]);
    press(&mut h, "Moved");
    shoot(&mut h, "Billy Clanton", "12", Some("12"));
    found.extend(in_a_bars_strip(&h, "a shot"));
    press(&mut h, "⚡ The Clanton Gang quick shoot Wyatt Earp…");
    found.extend(in_a_bars_strip(&h, "a quick shot"));
    h.get_by_role_and_label(Role::Button, "Tombstone Law's hand").scroll_to_me();
    h.run();
    support::open_hand(&mut h, support::LAW);
    found.extend(in_a_bars_strip(&h, "the hand"));
    assert!(found.is_empty(), "{} problems:\n{}", found.len(), found.join("\n"));
}

/// The roster's name buttons of `names` on one line too narrow for their names (so cut in the
/// middle, as "Sherm…cMaster"): the name's width in a button's font against the button's
/// inside. A name on two lines (a finger's roster wraps it) is whole.
fn cut_names(h: &App, names: &[&str], what: &str) -> Vec<String> {
    let style = h.ctx.global_style();
    let font = egui::TextStyle::Button.resolve(&style);
    let padding = 2.0 * style.spacing.button_padding.x;
    let mut found = Vec::new();
    for name in names {
        let button = h
            .get_all_by_role(Role::Button)
            .find(|n| n.accesskit_node().label().is_some_and(|l| l.trim_start_matches("▶ ") == *name));
        let Some(button) = button else {
            found.push(format!("{what}: no roster button for {name}"));
            continue;
        };
        let label = button.accesskit_node().label().unwrap_or_default();
        let whole =
            h.ctx.fonts_mut(|f| f.layout_no_wrap(label.clone(), font.clone(), egui::Color32::WHITE).size().x);
        let rect = button.rect();
        let one_line = rect.height() <= style.spacing.interact_size.y + 0.5;
        if one_line && whole > rect.width() - padding + 0.5 {
            found.push(format!(
                "{what}: '{label}' needs {whole:.0} points, its button has {:.0}",
                rect.width() - padding
            ));
        }
    }
    found
}

/// Whether the button starting `prefix` is whole on the screen.
fn on_screen(h: &App, prefix: &str, what: &str) -> Option<String> {
    let screen = h.ctx.content_rect();
    let button = h
        .query_all_by_role(Role::Button)
        .find(|n| n.accesskit_node().label().is_some_and(|l| l.starts_with(prefix)))
        .map(|n| n.rect());
    match button {
        Some(r) if screen.contains_rect(r) => None,
        other => Some(format!("{what}: {prefix} at {other:?}")),
    }
}

/// On tablets held upright (768×1024, 800×1280, 834×1194 and 1024×1366, sized for fingers),
/// two gangs of seven dealt and Wyatt Earp's shot at Billy Clanton typed in: nothing reaches
/// past the screen's right edge or is squeezed, no control lies under another, every roster
/// name reads whole (a finger's wide margins left Tombstone Law's longest name 108 points of the 138 it
/// needs, and nothing hovers to show the rest), and Declare, then Apply, are whole on the
/// screen.
#[test]
fn the_turn_and_the_gangs_fit_every_upright_tablet() {
    let mut found = Vec::new();
    for size in [(768.0, 1024.0), (800.0, 1280.0), (834.0, 1194.0), (1024.0, 1366.0)] {
        let what = |step: &str| format!("{step} at {}×{}", size.0, size.1);
        let dir = data_with(&["lawmen-21", "outlaws-21"]);
        let mut h = dealt(dir.path(), size);
        found.extend(squeezed_problems(&h, size.0, &what("the declaration")));
        found.extend(cut_names(&h, &support::LAW_MODELS, &what("the declaration")));
        found.extend(cut_names(&h, &support::CLANTON_MODELS, &what("the declaration")));
        found.extend(on_screen(&h, "Declare", &what("the declaration")));
        found.extend(crate::covered::covered(&mut h, &what("the declaration")));
        declare(&mut h, &["Move", "Shoot"]);
        press(&mut h, "Moved");
        shoot(&mut h, "Billy Clanton", "12", Some("12"));
        found.extend(squeezed_problems(&h, size.0, &what("a shot")));
        found.extend(cut_names(&h, &support::CLANTON_MODELS, &what("a shot")));
        found.extend(on_screen(&h, "Apply", &what("a shot")));
        found.extend(crate::covered::covered(&mut h, &what("a shot")));
    }
    let found: Vec<String> =
        found.into_iter().collect::<std::collections::BTreeSet<_>>().into_iter().collect();
    assert!(found.is_empty(), "{} problems:\n{}", found.len(), found.join("\n"));
}
