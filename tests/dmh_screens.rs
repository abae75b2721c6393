//! Dead Man's Hand's screens held steady: the shot's d20 and Apply, the fight's d10s and
//! Apply, and the gang editor's Add buttons stay where they are while the players type, shot
//! after shot and model after model; the keys answer from the die fields; the Play screen fits
//! 1280×800, 1024×768 and a phone.

use egui::accesskit::Role;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use posse::systems::dmh::app::Screen;
use posse::systems::dmh::game::Event;
use posse::systems::dmh::ui::play::PlayCommand;

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

/// Tombstone Law and the Clantons with an eighth model each (Dan Tipton, Billy Claiborne).
fn eight_v_eight() -> tempfile::TempDir {
    let fixture = |name: &str| {
        std::fs::read_to_string(format!("{}/tests/fixtures/{name}.json", env!("CARGO_MANIFEST_DIR")))
            .expect("a fixture gang")
    };
    let law = fixture("lawmen-21")
        .replace("]}]}", r#"]}, {"name": "Dan Tipton", "profile": "deputy", "weapons": ["pistol"]}]}"#);
    let clantons = fixture("outlaws-21")
        .replace("]}]}", r#"]}, {"name": "Billy Claiborne", "profile": "dude", "weapons": ["pistol"]}]}"#);
    support::data_with_gangs(&[("lawmen-21", &law), ("outlaws-21", &clantons)])
}

/// Turn 1 for [`eight_v_eight`]: Billy Claiborne, the last row of the roster, acts first.
const DEAL_8: [(&str, &str); 16] = [
    ("Billy Claiborne", "AS"),
    ("Virgil Earp", "KH"),
    ("Ike Clanton", "QS"),
    ("Johnny Ringo", "JS"),
    ("Morgan Earp", "10H"),
    ("Doc Holliday", "10D"),
    ("Billy Clanton", "9S"),
    ("Frank McLaury", "8C"),
    ("Turkey Creek", "7H"),
    ("Texas Jack", "7D"),
    ("Tom McLaury", "6S"),
    ("Wyatt Earp", "5H"),
    ("Dan Tipton", "5D"),
    ("Curly Bill", "4S"),
    ("Sherman McMaster", "3H"),
    ("Pete Spence", "2S"),
];

fn eight_at(width: f32, height: f32) -> (tempfile::TempDir, App) {
    let dir = eight_v_eight();
    let mut h = support::app_on(dir.path(), Screen::Play, width, height);
    start(&mut h, SEED, None);
    deal(&mut h, &DEAL_8);
    (dir, h)
}

/// The rectangle of the only node labelled `label`.
fn rect(h: &App, label: &str) -> egui::Rect {
    h.get_by_label(label).rect()
}

/// The roster's and the phase's visible areas: either side of the roster's resize handle.
fn panes(h: &App) -> (egui::Rect, egui::Rect) {
    let edge = h
        .get_all_by_role(Role::Splitter)
        .map(|n| n.rect())
        .find(|r| r.height() > r.width())
        .expect("the roster's resize handle");
    let width = h.ctx.content_rect().width();
    (
        egui::Rect::from_min_max(egui::pos2(0.0, edge.min.y), egui::pos2(edge.min.x, edge.max.y)),
        egui::Rect::from_min_max(egui::pos2(edge.max.x, edge.min.y), egui::pos2(width, edge.max.y)),
    )
}

/// Every labelled node whose right edge is past the window's.
fn past_the_right_edge(h: &App) -> Vec<String> {
    let width = h.ctx.content_rect().width();
    h.root()
        .children_recursive()
        .filter_map(|n| {
            let b = n.accesskit_node().bounding_box()?;
            let label = n.accesskit_node().label()?;
            (b.x1 > f64::from(width) + 0.5).then(|| format!("{label} ends at {}", b.x1))
        })
        .collect()
}

/// 8 v 8 with the acting model last in the roster, at 1280×800 and 1024×768: the acting
/// ▶ model is brought into view, the last rows and both gangs' abilities are inside the
/// roster once scrolled to, a charge's second d10 and Apply are inside the phase column, and
/// nothing is past the right edge.
#[test]
fn eight_v_eight_fits_1280_by_800_and_1024_by_768() {
    for (width, height) in [(1280.0, 800.0), (1024.0, 768.0)] {
        let (_dir, mut h) = eight_at(width, height);
        let at = format!("{width}×{height}");
        let (roster, phase) = panes(&h);
        assert!(roster.contains_rect(rect(&h, "▶ Billy Claiborne")), "the acting model at {at}");
        for label in ["Dan Tipton", "Tombstone Law: gang abilities", "The Clanton Gang: gang abilities"] {
            h.get_by_label(label).scroll_to_me();
            h.run();
            assert!(roster.contains_rect(rect(&h, label)), "{label} at {at}: {:?}", rect(&h, label));
        }
        assert_eq!(past_the_right_edge(&h), Vec::<String>::new(), "at {at}");
        declare(&mut h, &["Move"]);
        press(&mut h, "Charge into contact…");
        support::target(&mut h, "Wyatt Earp");
        type_in(&mut h, "Billy Claiborne's d10", "6");
        type_in(&mut h, "Wyatt Earp's d10", "2");
        let label = h
            .query_all_by_role(Role::Button)
            .filter_map(|n| n.accesskit_node().label())
            .find(|l| l.starts_with("Apply the fight"));
        assert_eq!(label.as_deref(), Some("Apply the fight: Wyatt Earp takes 5 markers, out of action"));
        let apply = action_rect(&h, "Apply the fight");
        let die = text_rect(&h, "Wyatt Earp's d10");
        assert!(phase.contains_rect(die), "the second d10 at {at}: {die:?} in {phase:?}");
        assert!(phase.contains_rect(apply), "Apply at {at}: {apply:?} in {phase:?}");
        assert_eq!(past_the_right_edge(&h), Vec::<String>::new(), "at {at}, in the fight");
    }
}
/// The heading of `gang` at the top of its rows in the roster: its name, cards in hand and in
/// its deck.
fn gang_heading(h: &App, gang: &str) -> egui::Rect {
    let rects: Vec<egui::Rect> = h
        .get_all_by_role(Role::Label)
        .filter(|n| {
            n.accesskit_node()
                .value()
                .is_some_and(|l| l.starts_with(&format!("{gang} · ")) && l.ends_with(" in deck"))
        })
        .map(|n| n.rect())
        .collect();
    assert_eq!(rects.len(), 1, "one heading for {gang}");
    rects[0]
}

/// 8 v 8 at 1280×800 and 1024×768: when an activation starts with the last row of the roster
/// (Billy Claiborne, the Clantons' eighth), the acting model is brought into view and both
/// gangs' headings stay where they were at the deal, inside the roster (bringing him into view
/// scrolled the whole roster, and Tombstone Law's heading went off its top); so too when the
/// next model, of the other gang, acts.
#[test]
fn starting_an_activation_keeps_both_gangs_headings_in_place() {
    for (width, height) in [(1280.0, 800.0), (1024.0, 768.0)] {
        let at = format!("{width}×{height}");
        let dir = eight_v_eight();
        let mut h = support::app_on(dir.path(), Screen::Play, width, height);
        start(&mut h, SEED, None);
        let headings = |h: &App| [gang_heading(h, "Tombstone Law"), gang_heading(h, "The Clanton Gang")];
        // Where each heading starts (its counts change with the deal, and its width with them).
        let starts = |h: &App| headings(h).map(|r| r.min);
        let at_the_deal = starts(&h);
        deal(&mut h, &DEAL_8);
        let (roster, _) = panes(&h);
        assert!(roster.contains_rect(rect(&h, "▶ Billy Claiborne")), "the acting model at {at}");
        assert_eq!(starts(&h), at_the_deal, "the headings moved at {at}");
        for heading in headings(&h) {
            assert!(roster.contains_rect(heading), "a heading at {heading:?} outside {roster:?} at {at}");
        }
        support::end_activation(&mut h, "Billy Claiborne");
        assert!(roster.contains_rect(rect(&h, "▶ Virgil Earp")), "the next model at {at}");
        assert_eq!(starts(&h), at_the_deal, "the headings moved for Virgil Earp at {at}");
    }
}

/// The app at `width` × `height` sized for fingers, turn 1 dealt.
fn touch_at(width: f32, height: f32) -> (tempfile::TempDir, App) {
    let dir = support::data_with(&["lawmen-21", "outlaws-21"]);
    let mut h = support::app_on(dir.path(), Screen::Play, width, height);
    posse::ui::theme::touch(&h.ctx);
    h.run();
    start(&mut h, SEED, None);
    deal(&mut h, &DEAL);
    (dir, h)
}

/// The big name in the acting model's header (not its roster button).
fn header_name(h: &App, name: &str) -> egui::Rect {
    let rects: Vec<egui::Rect> = h
        .get_all_by_label(name)
        .filter(|n| n.accesskit_node().role() == Role::Label)
        .map(|n| n.rect())
        .collect();
    assert_eq!(rects.len(), 1, "one label {name}");
    rects[0]
}

/// On a phone held upright (390×844): the acting model's panel comes first, whole, with the
/// shot's d20 and Apply on screen above the log's line; the gangs follow on the same page;
/// End activation never lies over the model's name; no control is under another at any step.
#[test]
fn on_a_phone_the_acting_models_panel_comes_first_and_whole() {
    let (_dir, mut h) = touch_at(390.0, 844.0);
    let mut found = crate::covered::covered(&mut h, "the declaration");
    let end = h.get_by_role_and_label(Role::Button, "End Wyatt Earp's activation").rect();
    assert!(!end.intersects(header_name(&h, "Wyatt Earp")), "End activation over the name");
    declare(&mut h, &["Move", "Shoot"]);
    press(&mut h, "Moved");
    support::shoot(&mut h, "Billy Clanton", "12", Some("12"));
    found.extend(crate::covered::covered(&mut h, "a shot"));
    let log = h.get_by_role_and_label(Role::Button, "▲ Log").rect();
    let screen = h.ctx.content_rect();
    let apply = action_rect(&h, "Apply: Under fire");
    for (what, r) in [("the d20", text_rect(&h, "d20 roll")), ("Apply", apply)] {
        assert!(screen.contains_rect(r) && r.max.y <= log.min.y, "{what} at {r:?}, the log at {log:?}");
    }
    assert!(rect(&h, "Billy Clanton").min.y > apply.max.y, "the roster is under the panel");
    press(&mut h, "Apply: Under fire");
    support::end_activation(&mut h, "Wyatt Earp");
    let end = h.get_by_role_and_label(Role::Button, "End Virgil Earp's activation").rect();
    assert!(!end.intersects(header_name(&h, "Virgil Earp")), "End activation over the name");
    declare(&mut h, &["Move"]);
    press(&mut h, "Charge into contact…");
    support::target(&mut h, "Ike Clanton");
    found.extend(crate::covered::covered(&mut h, "a charge"));
    assert!(found.is_empty(), "{} covered:\n{}", found.len(), found.join("\n"));
}

/// A phone on its side (844×390): the gangs and the turn side by side, the shot's d20 and
/// Apply inside the turn's pane once scrolled to, nothing covered, nothing past the edge.
#[test]
fn on_a_phone_on_its_side_the_gangs_and_the_turn_are_side_by_side() {
    let (_dir, mut h) = touch_at(844.0, 390.0);
    let mut found = crate::covered::covered(&mut h, "the declaration sideways");
    declare(&mut h, &["Shoot"]);
    support::shoot(&mut h, "Billy Clanton", "12", Some("12"));
    found.extend(crate::covered::covered(&mut h, "a shot sideways"));
    let (roster, phase) = panes(&h);
    assert!(roster.contains_rect(rect(&h, "▶ Wyatt Earp")), "the roster beside the turn");
    h.get_by_role_and_label(Role::Button, "Apply: Under fire").scroll_to_me();
    h.run();
    for (what, r) in [("the d20", text_rect(&h, "d20 roll")), ("Apply", action_rect(&h, "Apply: Under fire"))]
    {
        assert!(phase.contains_rect(r), "{what} at {r:?} outside {phase:?}");
    }
    assert_eq!(past_the_right_edge(&h), Vec::<String>::new());
    assert!(found.is_empty(), "{} covered:\n{}", found.len(), found.join("\n"));
}

/// The scene picker on the Play screen at 1280×800 lists every scene on the page: no scroll
/// bar, each scene's button inside the window, and a click picks it.
#[test]
fn the_scene_picker_lists_every_scene_on_the_page() {
    let dir = support::data_with(&["lawmen-21", "outlaws-21"]);
    let mut h = support::app_on(dir.path(), Screen::Play, 1280.0, 800.0);
    let bars = |h: &App| h.query_all_by_role(Role::ScrollBar).count();
    let before = bars(&h);
    let data: serde_json::Value =
        serde_json::from_str(include_str!("../data/dmh/scenes.json")).expect("JSON");
    let titles: Vec<String> = data["scenes"]
        .as_array()
        .expect("scenes")
        .iter()
        .filter_map(|s| s["title"].as_str().map(str::to_owned))
        .collect();
    assert_eq!(titles.len(), 12);
    let screen = h.ctx.content_rect();
    for title in &titles {
        let r =
            h.get_all_by_role_and_label(Role::Button, title).last().expect("the scene in the list").rect();
        assert!(screen.contains_rect(r), "{title} at {r:?}");
    }
    assert_eq!(bars(&h), before, "the list scrolls");
    press(&mut h, "Heist");
    assert_eq!(h.state().dmh().play.scene.as_deref(), Some("heist"));
}

/// A gang's name typed and its field left: the file takes the new name at once (the old one
/// gone, the gang whole in the new), without leaving the screen.
#[test]
fn a_gang_renamed_in_its_field_renames_its_file_when_the_field_is_left() {
    use posse::store::DataDir;
    use posse::systems::dmh::files::GangFolder as _;
    let dir = tempfile::tempdir().expect("temp dir");
    let data = DataDir::at(dir.path()).system("dmh");
    let mut h = support::app_on(dir.path(), Screen::Gangs, 1280.0, 800.0);
    press(&mut h, "New gang");
    h.get_by_role_and_label(Role::Button, "Add Deputy").click_accesskit();
    h.run();
    assert!(data.gang_path("new-lawmen").exists());
    let field = Steady::clear(&mut h, "Gang name");
    field.type_keys(&mut h, "Dodge City Law");
    assert!(data.gang_path("new-lawmen").exists(), "not renamed while it is typed");
    h.key_press(egui::Key::Escape);
    h.run();
    h.run();
    assert!(data.gang_path("dodge-city-law").exists(), "renamed when the field is left");
    assert!(!data.gang_path("new-lawmen").exists(), "the old name is gone");
    let entries = data.list_gangs().expect("list");
    assert_eq!(entries.len(), 1);
    let gang = entries[0].gang.as_ref().expect("readable");
    assert_eq!((gang.name.as_str(), gang.models.len()), ("Dodge City Law", 1));
}

/// Turn 1's cards with three models on tens (Morgan Earp and Doc Holliday of the Law, Johnny
/// Ringo of the Clantons): a tie between the sides to settle; the Clantons hold the lowest
/// card (2♠), so they may swap two of their cards.
const DEAL_TIE: [(&str, &str); 14] = [
    ("Wyatt Earp", "AH"),
    ("Virgil Earp", "KH"),
    ("Ike Clanton", "QS"),
    ("Morgan Earp", "10H"),
    ("Doc Holliday", "10D"),
    ("Johnny Ringo", "10S"),
    ("Billy Clanton", "9S"),
    ("Frank McLaury", "8C"),
    ("Turkey Creek", "7H"),
    ("Texas Jack", "7D"),
    ("Tom McLaury", "6S"),
    ("Curly Bill", "4S"),
    ("Sherman McMaster", "3H"),
    ("Pete Spence", "2S"),
];

/// [`touch_at`] with [`DEAL_TIE`]: the tie settled by "Tombstone Law placed first".
fn tie_settled_at(width: f32, height: f32) -> (tempfile::TempDir, App) {
    let dir = support::data_with(&["lawmen-21", "outlaws-21"]);
    let mut h = support::app_on(dir.path(), Screen::Play, width, height);
    posse::ui::theme::touch(&h.ctx);
    h.run();
    start(&mut h, SEED, None);
    deal(&mut h, &DEAL_TIE);
    press(&mut h, "Tombstone Law placed first");
    (dir, h)
}

/// The handles of resizable regions across the screen (wider than high), top first.
fn handles_across(h: &App) -> Vec<egui::Rect> {
    let mut handles: Vec<egui::Rect> =
        h.query_all_by_role(Role::Splitter).map(|n| n.rect()).filter(|r| r.width() > r.height()).collect();
    handles.sort_by(|a, b| a.min.y.total_cmp(&b.min.y));
    handles
}

/// The roster's name buttons of `names` wholly inside `region`.
fn rows_inside(h: &App, names: &[&str], region: egui::Rect) -> usize {
    names
        .iter()
        .filter(|name| {
            h.query_all_by_role(Role::Button)
                .filter(|n| n.accesskit_node().label().is_some_and(|l| l.trim_start_matches("▶ ") == **name))
                .any(|n| region.contains_rect(n.rect()))
        })
        .count()
}

/// Three models tie on tens across the sides: the tie's line names all three (it named the
/// first pair, "Morgan Earp (10♥) and Johnny Ringo (10♠) tie.").
#[test]
fn a_tie_of_three_models_names_all_three() {
    let dir = support::data_with(&["lawmen-21", "outlaws-21"]);
    let mut h = support::app_on(dir.path(), Screen::Play, 1280.0, 800.0);
    start(&mut h, SEED, None);
    deal(&mut h, &DEAL_TIE);
    h.get_by_label("Morgan Earp (10♥), Doc Holliday (10♦) and Johnny Ringo (10♠) tie.");
    press(&mut h, "Tombstone Law placed first");
    assert_eq!(
        &support::order(&h)[..6],
        ["Wyatt Earp", "Virgil Earp", "Ike Clanton", "Morgan Earp", "Doc Holliday", "Johnny Ringo"]
    );
}

/// On a phone held upright (390×844), the tie settled: the game's header, the turn and the
/// gangs are one page over a one-line log (the log's panel and the gangs' box took the screen, the gangs had a
/// strip one row high, and Declare and the Clantons' offer to swap lay under them). Declare is
/// on screen and above the log's line; the offer, scrolled to, is above it too; the page shows
/// a whole gang's seven rows at once; and the whole log opens and shuts again.
#[test]
fn on_a_phone_the_turn_and_the_gangs_are_one_page_over_the_logs_line() {
    let (_dir, mut h) = tie_settled_at(390.0, 844.0);
    let screen = h.ctx.content_rect();
    assert_eq!(handles_across(&h), Vec::<egui::Rect>::new(), "no region to drag: one page");
    let log = h.get_by_role_and_label(Role::Button, "▲ Log").rect();
    assert!(screen.contains_rect(log), "the log's line at {log:?}");
    let declare = action_rect(&h, "Declare");
    assert!(
        screen.contains_rect(declare) && declare.max.y <= log.min.y,
        "Declare at {declare:?}, the log at {log:?}"
    );
    // The page under the app's tabs, down to the log's line.
    let tabs = h.get_by_role_and_label(Role::Button, "Play").rect();
    let page = egui::Rect::from_min_max(egui::pos2(0.0, tabs.max.y), egui::pos2(screen.width(), log.min.y));
    for what in ["Swap cards", "Swap model 1", "Swap model 2"] {
        h.get_by_label(what).scroll_to_me();
        h.run();
        assert!(page.contains_rect(rect(&h, what)), "{what} at {:?} outside {page:?}", rect(&h, what));
    }
    h.get_by_role_and_label(Role::Button, "Pete Spence").scroll_to_me();
    h.run();
    assert_eq!(rows_inside(&h, &support::CLANTON_MODELS, page), 7, "the Clantons' rows in {page:?}");
    press(&mut h, "▲ Log");
    h.get_by_label("Turn 1 · Tombstone Law win ties this turn");
    press(&mut h, "▼ Shut the log");
    assert_eq!(h.get_by_role_and_label(Role::Button, "▲ Log").rect(), log, "the log's line again");
}

/// On a tablet held upright (800×1280), the tie settled: the turn's panel shows the whole
/// declaration and the Clantons' offer to swap without scrolling, with no blank band under
/// them (a band of 400 points was left over a strip of gangs); the gangs under it show six
/// rows or more; the log is one line under them; the gangs shut to one line and open again.
#[test]
fn on_a_tablet_upright_the_gangs_have_room_under_the_whole_turn() {
    let (_dir, mut h) = tie_settled_at(800.0, 1280.0);
    let screen = h.ctx.content_rect();
    let handles = handles_across(&h);
    assert_eq!(handles.len(), 1, "the gangs' handle only (the log is a line): {handles:?}");
    let edge = handles[0];
    let log = h.get_by_role_and_label(Role::Button, "▲ Log").rect();
    assert!(screen.contains_rect(log) && log.min.y > edge.max.y, "the log's line at {log:?}");
    // The offer's words, on one label with the rest of the offer.
    let offer = h.query_by_label_contains(SWITCH_ENDS).expect("the offer's end").rect();
    for (what, r) in [
        ("Declare", action_rect(&h, "Declare")),
        ("Swap cards", rect(&h, "Swap cards")),
        ("the offer's end", offer),
    ] {
        assert!(
            screen.contains_rect(r) && r.max.y <= edge.min.y,
            "{what} at {r:?}, the gangs' edge at {edge:?}"
        );
    }
    assert!(edge.min.y - offer.max.y < 80.0, "a blank band from {} to {}", offer.max.y, edge.min.y);
    let gangs = egui::Rect::from_min_max(egui::pos2(0.0, edge.max.y), egui::pos2(screen.width(), log.min.y));
    let shown = rows_inside(&h, &support::LAW_MODELS, gangs);
    assert!(shown >= 6, "{shown} rows in {gangs:?}");
    press(&mut h, "▼ Hide the gangs");
    assert!(h.query_by_label("Billy Clanton").is_none(), "the gangs are shut");
    assert_eq!(action_rect(&h, "Declare"), action_rect(&h, "Declare"));
    press(&mut h, "▲ Show the gangs");
    assert_eq!(rows_inside(&h, &support::LAW_MODELS, gangs), shown, "open again as they were");
}

/// Each gang's heading (its name and the cards in its deck) is whole, not cut short, beside
/// its hand's button ("Hand (5)"), at 1280×800 and on a phone: "The Clanton Gang · 5 in hand ·
/// 11 in d…" and "Tombstone · 5 in h…" were cut.
#[test]
fn the_gangs_headings_are_whole_at_1280_by_800_and_on_a_phone() {
    let (_d1, mut desk) = dealt_at(1280.0, 800.0);
    let (_d2, mut phone) = touch_at(390.0, 844.0);
    for (h, at) in [(&mut desk, "1280×800"), (&mut phone, "390×844")] {
        // On the phone the gangs follow the turn down the page (a label off the screen has
        // no text runs).
        h.get_by_role_and_label(Role::Button, "Tombstone Law's hand").scroll_to_me();
        h.run();
        let hand = h.get_by_role_and_label(Role::Button, "The Clanton Gang's hand").rect();
        for heading in ["Tombstone Law · 11 in deck", "The Clanton Gang · 11 in deck"] {
            h.get_by_label(heading).scroll_to_me();
            h.run();
            let node = h.get_by_label(heading);
            let shown: String = node
                .children_recursive()
                .filter(|n| n.accesskit_node().role() == Role::TextRun)
                .filter_map(|n| n.accesskit_node().value())
                .collect();
            assert_eq!(shown, heading, "at {at}");
        }
        assert!(
            !rect(h, "The Clanton Gang · 11 in deck").intersects(hand),
            "the heading beside its button at {at}"
        );
        assert_eq!(past_the_right_edge(h), Vec::<String>::new(), "at {at}");
    }
}

/// At the desktop's default window (1200 × 820) the roster starts compact; a long name wrapped
/// onto two lines there and was cut by its row. It keeps one line, as high as every other
/// model's.
#[test]
fn in_the_default_window_every_models_name_is_one_line() {
    let (_dir, h) = dealt_at(1200.0, 820.0);
    let height = |name: &str| {
        h.get_all_by_role(Role::Button)
            .find(|n| n.accesskit_node().label().is_some_and(|l| l.trim_start_matches("▶ ") == name))
            .map(|n| n.rect().height())
            .expect(name)
    };
    let long = height("Sherman McMaster");
    for short in ["Wyatt Earp", "Ike Clanton"] {
        assert!((long - height(short)).abs() < 0.5, "{long} against {short}'s {}", height(short));
    }
}

/// The one Undo button's rectangle.
fn undo_rect(h: &App) -> egui::Rect {
    action_rect(h, "Undo")
}

/// On a phone held upright (390×844), Undo stays one tap away: scrolled down to the
/// Clantons' last row, the page moves and Undo, saying what it will undo, stands where it
/// stood above the turn, on the screen (it scrolled away with the page's header), and where
/// the hand-over screen has it; a tap undoes the deal.
#[test]
fn on_a_phone_undo_stays_in_its_place_as_the_page_scrolls() {
    let (_dir, mut h) = touch_at(390.0, 844.0);
    let deal_line = support::last_line(&h).to_owned();
    let undo = undo_rect(&h);
    let screen = h.ctx.content_rect();
    assert!(screen.contains_rect(undo), "Undo at {undo:?}");
    let declare = action_rect(&h, "Declare");
    h.get_by_role_and_label(Role::Button, "Pete Spence").scroll_to_me();
    h.run();
    assert!(action_rect(&h, "Declare").min.y < declare.min.y, "the page scrolled");
    assert_eq!(undo_rect(&h), undo, "Undo in its place");
    let name = h
        .get_all_by_role(Role::Button)
        .find_map(|n| n.accesskit_node().label().filter(|l| l.starts_with("Undo")))
        .expect("Undo");
    assert_eq!(name, format!("Undo: {deal_line}"));
    // Where the hand-over screen has it too.
    press(&mut h, "Tombstone Law's hand");
    h.get_by_role_and_label(Role::Button, "Cancel");
    assert_eq!(undo_rect(&h), undo, "Undo in its place on the hand-over screen");
    press(&mut h, "Cancel");
    assert_eq!(undo_rect(&h), undo, "Undo in its place back on the page");
    h.get_by_role_and_label(Role::Button, &name).click();
    h.run();
    assert_eq!(support::game(&h).phase, posse::systems::dmh::game::Phase::Initiative, "the deal undone");
}

/// The bottom of the tallest widget on the roster row of `name` (its ⚑ menu, say).
fn row_bottom(h: &App, name: &str) -> f32 {
    let row = h
        .get_all_by_role(Role::Button)
        .find(|n| n.accesskit_node().label().is_some_and(|l| l.trim_start_matches("▶ ") == name))
        .expect(name)
        .rect();
    h.root()
        .children_recursive()
        .filter(|n| n.accesskit_node().has_bounds())
        .map(|n| n.rect())
        .filter(|r| r.max.x < row.min.x + 560.0 && r.center().y > row.min.y && r.center().y < row.max.y)
        .map(|r| r.max.y)
        .fold(row.max.y, f32::max)
}

/// At 1280×800, two gangs of seven: Tombstone Law's box ends below its last row's frame, the
/// stripe egui draws half the grid's row spacing beyond the row (the last lawman's stripe was
/// cut 2 points short, flat, by the box).
#[test]
fn the_last_roster_row_is_whole_in_its_box() {
    let (_dir, h) = dealt_at(1280.0, 800.0);
    // The Clantons' heading starts an item's spacing under Tombstone Law's box.
    let spacing = h.ctx.global_style().spacing.item_spacing.y;
    let heading = h.get_by_role_and_label(Role::Button, "The Clanton Gang's hand").rect();
    let bottom = heading.min.y - spacing;
    // Its stripe, half a point below the row (the rows sit a point apart, so that both gangs
    // fit whole), is inside (the box ended 0.375 below the row when they were 4 apart, the
    // stripe 2 below), and no band of more is left (the layout's rounding moves it by a
    // fraction of a point).
    let below = bottom - row_bottom(&h, "Sherman McMaster");
    assert!((0.5..1.0).contains(&below), "the box ends {below} points below the row");
}

/// Every labelled node of the turn's pane that reaches under its scroll bar.
fn under_the_scroll_bar(h: &App, at: &str) -> Vec<String> {
    let (_, phase) = panes(h);
    let bars: Vec<egui::Rect> =
        h.query_all_by_role(Role::ScrollBar).map(|n| n.rect()).filter(|r| phase.contains_rect(*r)).collect();
    h.root()
        .children_recursive()
        .filter(|n| n.accesskit_node().has_bounds() && n.accesskit_node().role() != Role::ScrollBar)
        .filter_map(|n| {
            let r = n.rect();
            let label = n.accesskit_node().label().or_else(|| n.accesskit_node().value())?;
            let under = phase.contains(r.center()) && bars.iter().any(|bar| bar.intersects(r));
            under.then(|| format!("{label} at {at}: {r:?} under {bars:?}"))
        })
        .collect()
}

/// In the desktop's default window (1200 × 820, the roster compact) and at 1024 × 768, two
/// gangs of six, Wyatt Earp's shot at Billy Clanton with the Clantons' quick shot open: the
/// turn's pane scrolls, and nothing of it lies under its scroll bar (End activation and the
/// quick shot's box ran under it, cut at their right edges); nothing is past the window; and
/// the shot's d20 and Apply are in sight under the quick shot.
#[test]
fn with_the_quick_shot_open_nothing_lies_under_the_turns_scroll_bar() {
    let six = |id: &str| {
        let path = format!("{}/tests/fixtures/{id}.json", env!("CARGO_MANIFEST_DIR"));
        let mut gang: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(path).expect("a fixture")).expect("JSON");
        gang["models"].as_array_mut().expect("models").pop();
        gang.to_string()
    };
    let deal: Vec<(&str, &str)> =
        DEAL.iter().copied().filter(|(m, _)| !["Sherman McMaster", "Pete Spence"].contains(m)).collect();
    for (width, height) in [(1200.0, 820.0), (1024.0, 768.0)] {
        let at = format!("{width}×{height}");
        let dir =
            support::data_with_gangs(&[("lawmen-21", &six("lawmen-21")), ("outlaws-21", &six("outlaws-21"))]);
        let mut h = support::app_on(dir.path(), Screen::Play, width, height);
        start(&mut h, SEED, None);
        support::deal(&mut h, &deal);
        declare(&mut h, &["Shoot", "Shoot"]);
        support::target(&mut h, "Billy Clanton");
        press(&mut h, "⚡ The Clanton Gang quick shoot Wyatt Earp…");
        let (_, phase) = panes(&h);
        let bars = h.query_all_by_role(Role::ScrollBar).filter(|n| phase.contains_rect(n.rect())).count();
        assert!(bars >= 1, "the turn's pane scrolls at {at}");
        assert_eq!(under_the_scroll_bar(&h, &at), Vec::<String>::new());
        assert_eq!(past_the_right_edge(&h), Vec::<String>::new(), "at {at}");
        // The quick shot's distance and sight keep one line, so the shot's d20 and Apply are in
        // sight under it, in the pane, without scrolling.
        let distance = text_rect(&h, "Quick shot distance (cm)");
        let obscured = h.get_by_role_and_label(Role::CheckBox, "Quick shot obscured").rect();
        assert!(obscured.center().y > distance.min.y && obscured.center().y < distance.max.y, "at {at}");
        for (what, r) in [
            ("the d20", text_rect(&h, "d20 roll")),
            ("Apply", h.get_by_role_and_label(Role::Button, "Apply").rect()),
        ] {
            assert!(phase.contains_rect(r), "{what} at {at}: {r:?} outside {phase:?}");
        }
    }
}

/// The play-tester's gangs: "New Lawmen" with a sheriff, and a second "New Lawmen" with no
/// models yet (New gang clicked twice).
const NEW_LAWMEN: &str = r#"{"name": "New Lawmen", "gang": "lawmen",
 "models": [{"name": "Sheriff 1", "profile": "sheriff", "weapons": ["pistol"]}]}"#;
const NEW_LAWMEN_EMPTY: &str = r#"{"name": "New Lawmen", "gang": "lawmen", "models": []}"#;

/// A game started with an empty or duplicate gang (New Lawmen against New Lawmen, one side of
/// 0 models, both on the hearts' face cards): with only one gang that has models there is no
/// Start the game, and a start that comes anyway, empty or the same gang twice, is refused with
/// the rules' sentence and no game opens.
#[test]
fn dmh_a_gang_with_no_models_or_the_same_gang_twice_starts_no_game() {
    let dir = support::data_with_gangs(&[("new-lawmen", NEW_LAWMEN), ("new-lawmen-2", NEW_LAWMEN_EMPTY)]);
    let mut h = support::play_on(dir.path());
    assert!(h.query_by_label("Start the game").is_none(), "only one gang has models");
    assert!(
        h.query_by_label(
            "Build two gangs on the Gangs screen first, each with at least one model: one for each player."
        )
        .is_some()
    );
    for (good, bad, sentence) in [
        (
            "new-lawmen",
            "new-lawmen-2",
            "\"New Lawmen\" has no models yet: add some on the Gangs screen, or pick another gang.",
        ),
        ("new-lawmen", "new-lawmen", "Pick a different gang for each side: \"New Lawmen\" cannot play both."),
    ] {
        h.state_mut().dmh_mut().handle_play(PlayCommand::Start {
            scene: None,
            good: good.into(),
            bad: bad.into(),
            extra_card: None,
        });
        h.run();
        assert!(h.state().dmh().table.open.is_none(), "{good} against {bad} started a game");
        assert_eq!(h.state().dmh().play.notice.as_deref(), Some(sentence));
    }
}

/// Two gangs of one name in the drop-downs are told apart (by their models, and by their
/// files when those agree too); the empty one is listed greyed; picking one gang for both
/// sides greys Start the game, with why in the roles' line, and Start stays where it was.
#[test]
fn dmh_the_new_game_form_tells_gangs_apart_and_greys_start_for_the_same_gang_twice() {
    let dir = support::data_with_gangs(&[
        ("new-lawmen", NEW_LAWMEN),
        ("new-lawmen-copy", NEW_LAWMEN),
        ("new-lawmen-2", NEW_LAWMEN_EMPTY),
        (
            "outlaws",
            &std::fs::read_to_string(format!(
                "{}/tests/fixtures/outlaws-21.json",
                env!("CARGO_MANIFEST_DIR")
            ))
            .expect("fixture"),
        ),
    ]);
    let mut h = support::app_on(dir.path(), Screen::Play, 1280.0, 800.0);
    let start = h.get_by_role_and_label(Role::Button, "Start the game").rect();
    assert!(!support::disabled(&h, "Start the game"));
    h.get_by_label("Bad guys").click_accesskit();
    h.run();
    let items: Vec<(String, bool)> = h
        .query_all_by_role(Role::Button)
        .filter_map(|n| {
            let label = n.accesskit_node().label()?;
            label.starts_with("New Lawmen").then(|| (label, n.accesskit_node().is_disabled()))
        })
        .collect();
    assert_eq!(
        items,
        [
            ("New Lawmen (lawmen) · 1 model · new-lawmen".to_owned(), false),
            ("New Lawmen (lawmen) · 0 models".to_owned(), true),
            ("New Lawmen (lawmen) · 1 model · new-lawmen-copy".to_owned(), false),
        ]
    );
    h.key_press(egui::Key::Escape);
    h.run();
    support::pick(&mut h, "Good guys", "New Lawmen (lawmen) · 1 model · new-lawmen");
    support::pick(&mut h, "Bad guys", "New Lawmen (lawmen) · 1 model · new-lawmen");
    assert!(support::disabled(&h, "Start the game"), "one gang on both sides");
    assert!(
        h.query_by_label("Pick a different gang for each side: \"New Lawmen\" cannot play both.").is_some()
    );
    assert_eq!(h.get_by_role_and_label(Role::Button, "Start the game").rect(), start, "Start moved");
    support::pick(&mut h, "Bad guys", "New Lawmen (lawmen) · 1 model · new-lawmen-copy");
    assert!(!support::disabled(&h, "Start the game"), "two gangs of their own");
    assert_eq!(h.get_by_role_and_label(Role::Button, "Start the game").rect(), start, "Start moved");
}

/// Printing a roster: "Roster printed to …" came in at the top of the gang editor and pushed
/// it all down 36 points, Duplicate, A4, Print roster and Delete gang with it. The notice has
/// its line under the buttons, cut short to the window, at 1280×800, 1024×768 and on a phone.
#[test]
fn dmh_printing_a_roster_moves_none_of_the_gang_editors_buttons() {
    for (width, height) in [(1280.0, 800.0), (1024.0, 768.0), (390.0, 844.0)] {
        let dir = tempfile::tempdir().expect("temp dir");
        let mut h = support::app_on(dir.path(), Screen::Gangs, width, height);
        press(&mut h, "New gang");
        let places = |h: &App| {
            ["Duplicate", "A4", "Letter", "Print roster", "Delete gang", "Add Deputy"]
                .map(|label| h.get_by_role_and_label(Role::Button, label).rect())
        };
        let before = places(&h);
        h.get_by_role_and_label(Role::Button, "Print roster").click_accesskit();
        h.run();
        let notice = h.get_by_label_contains("Roster printed to").rect();
        assert_eq!(places(&h), before, "the editor moved at {width}×{height}");
        assert!(notice.right() <= width, "the notice reaches x = {} at {width}×{height}", notice.right());
        assert!(
            notice.top() > before[3].bottom(),
            "the notice is under Print roster at {width}×{height}: {notice:?}"
        );
        press(&mut h, "Dismiss");
        assert_eq!(places(&h), before, "Dismiss moved the editor at {width}×{height}");
    }
}

/// The rectangle of each model's name in the roster, `names` in order (the acting one's ▶
/// left out of its label).
fn name_rects(h: &App, names: &[&str]) -> Vec<egui::Rect> {
    names
        .iter()
        .map(|name| {
            h.get_all_by_role(Role::Button)
                .find(|n| n.accesskit_node().label().is_some_and(|l| l.trim_start_matches("▶ ") == *name))
                .expect(name)
                .rect()
        })
        .collect()
}

/// At 1280×800 and 1024×768, two gangs of seven: every row of both gangs is whole in its box
/// (under its gang's heading, above the next heading or the roster's bottom), and no row moves
/// as the activations start, model after model (a model coming up to act was scrolled to the
/// middle of its box: the Clantons' heading row and first model went out of sight, every row
/// 18 points up, and a click where Ike Clanton had been picked Johnny Ringo; the last
/// Clanton's row was cut at 1280×800, and both gangs' at 1024×768).
#[test]
fn the_rosters_rows_stay_whole_and_still_through_the_activations() {
    for (width, height) in [(1280.0, 800.0), (1024.0, 768.0)] {
        let at = format!("{width}×{height}");
        let dir = support::data_with(&["lawmen-21", "outlaws-21"]);
        let mut h = support::app_on(dir.path(), Screen::Play, width, height);
        start(&mut h, SEED, None);
        // Where each row is: its top left and its bottom (the ▶ widens the acting one's name).
        let places = |rects: Vec<egui::Rect>| rects.iter().map(|r| (r.min, r.max.y)).collect::<Vec<_>>();
        let rows = |h: &App| {
            (places(name_rects(h, &support::LAW_MODELS)), places(name_rects(h, &support::CLANTON_MODELS)))
        };
        let before = rows(&h);
        deal(&mut h, &DEAL);
        assert_eq!(rows(&h), before, "the rows moved when Wyatt Earp's activation started at {at}");
        let (roster, _) = panes(&h);
        let law = gang_heading(&h, "Tombstone Law");
        let clantons = gang_heading(&h, "The Clanton Gang");
        for ((top, bottom), name) in before.0.iter().zip(support::LAW_MODELS) {
            assert!(top.y > law.max.y && *bottom < clantons.min.y, "{name} at {top:?}–{bottom} at {at}");
        }
        for ((top, bottom), name) in before.1.iter().zip(support::CLANTON_MODELS) {
            assert!(
                top.y > clantons.max.y && *bottom < roster.max.y,
                "{name} at {top:?}–{bottom} in {roster:?} at {at}"
            );
        }
        for (name, _) in &DEAL[..11] {
            support::end_activation(&mut h, name);
            assert_eq!(rows(&h), before, "the rows moved after {name}'s activation at {at}");
        }
    }
}

/// A game shown first in the desktop's first window (1200 × 820, where a reopened game opens),
/// the window then made 1280 × 800: the roster is the one a game started at 1280 × 800 has,
/// with its Correct column, and Deal initiative is where it is there (the roster kept its
/// compact width, the Correct column went, and Deal initiative moved 137 points left).
#[test]
fn a_window_made_wider_gets_the_wide_roster() {
    let deal_at = |h: &App| h.get_by_role_and_label(Role::Button, "Deal initiative").rect();
    let corrects = |h: &App| h.query_all_by_label("Correct").count();
    let dir = support::data_with(&["lawmen-21", "outlaws-21"]);
    let mut wide = support::app_on(dir.path(), Screen::Play, 1280.0, 800.0);
    start(&mut wide, SEED, None);
    let dir = support::data_with(&["lawmen-21", "outlaws-21"]);
    let mut h = support::app_on(dir.path(), Screen::Play, 1200.0, 820.0);
    start(&mut h, SEED, None);
    assert_eq!(corrects(&h), 0, "the compact roster at 1200 × 820");
    h.set_size(egui::vec2(1280.0, 800.0));
    h.run();
    assert_eq!(corrects(&wide), 2, "each gang's Correct column at 1280 × 800");
    assert_eq!(corrects(&h), 2, "each gang's Correct column once the window is wider");
    assert_eq!(deal_at(&h), deal_at(&wide));
}

/// At 1280×800, the turn's last model (Pete Spence, the Clantons' quick shot spent on no one,
/// and no one after him) has his declaration's buttons where the first model's were: the line
/// that names who acts next says he is the last (without it, Move and Declare went 26 points
/// up).
#[test]
fn the_last_model_of_the_turn_declares_where_the_first_did() {
    let (_dir, mut h) = dealt_at(1280.0, 800.0);
    let places =
        |h: &App| ["Move", "Declare"].map(|label| h.get_by_role_and_label(Role::Button, label).rect());
    let first = places(&h);
    let names: Vec<&str> = DEAL[..13].iter().map(|(name, _)| *name).collect();
    support::end_activations(&mut h, &names);
    assert_eq!(support::order(&h).first().map(String::as_str), Some("Pete Spence"));
    h.get_by_label("Last to act this turn");
    assert_eq!(places(&h), first);
}

/// Tombstone Law and the Clantons cut to their first five models each.
fn five_v_five() -> tempfile::TempDir {
    let fixture = |name: &str| {
        let text =
            std::fs::read_to_string(format!("{}/tests/fixtures/{name}.json", env!("CARGO_MANIFEST_DIR")))
                .expect("a fixture gang");
        let mut gang: serde_json::Value = serde_json::from_str(&text).expect("a gang's JSON");
        if let Some(models) = gang["models"].as_array_mut() {
            models.truncate(5);
        }
        gang.to_string()
    };
    support::data_with_gangs(&[("lawmen-21", &fixture("lawmen-21")), ("outlaws-21", &fixture("outlaws-21"))])
}

/// Turn 1's cards for [`five_v_five`]: [`DEAL`]'s for the first five of each gang.
fn deal_5() -> Vec<(&'static str, &'static str)> {
    let five =
        |name: &str| support::LAW_MODELS[..5].contains(&name) || support::CLANTON_MODELS[..5].contains(&name);
    DEAL.iter().copied().filter(|(name, _)| five(name)).collect()
}

/// The region of the gangs under the turn on a screen held upright: from the gangs' handle
/// down to the log's line.
fn gangs_below(h: &App) -> egui::Rect {
    let screen = h.ctx.content_rect();
    let handles = handles_across(h);
    assert_eq!(handles.len(), 1, "the gangs' handle only: {handles:?}");
    let log = h.get_by_role_and_label(Role::Button, "▲ Log").rect();
    egui::Rect::from_min_max(egui::pos2(0.0, handles[0].max.y), egui::pos2(screen.width(), log.min.y))
}

/// On a tablet held upright (800×1280, sized for fingers), two gangs of five dealt: every row
/// of both gangs is in sight under the turn, none scrolled to, where it was before the deal,
/// and Declare is whole above them (the Clantons' heading was at the screen's foot and their
/// rows under it, hidden in one box that scrolled, with 250 points empty under the turn).
#[test]
fn on_a_tablet_upright_both_gangs_of_five_are_in_sight_after_the_deal() {
    let dir = five_v_five();
    let mut h = support::app_on(dir.path(), Screen::Play, 800.0, 1280.0);
    posse::ui::theme::touch(&h.ctx);
    h.run();
    start(&mut h, SEED, None);
    let law = &support::LAW_MODELS[..5];
    let clantons = &support::CLANTON_MODELS[..5];
    // Where each row is: its top left and its bottom (the ▶ widens the acting one's name).
    let rows = |h: &App| {
        let places =
            |names: &[&str]| name_rects(h, names).iter().map(|r| (r.min, r.max.y)).collect::<Vec<_>>();
        (places(law), places(clantons))
    };
    let before = rows(&h);
    deal(&mut h, &deal_5());
    assert_eq!(rows(&h), before, "the rows moved when the cards were dealt");
    let gangs = gangs_below(&h);
    assert_eq!(rows_inside(&h, law, gangs), 5, "Tombstone Law's rows in {gangs:?}");
    assert_eq!(rows_inside(&h, clantons, gangs), 5, "the Clantons' rows in {gangs:?}");
    let declare = action_rect(&h, "Declare");
    assert!(declare.max.y <= gangs.min.y, "Declare at {declare:?} over the gangs at {gangs:?}");
}

/// On a tablet held upright, two gangs of seven dealt: they cannot all fit under the turn, so
/// each gang's heading stays in sight over its own rows' box, which scrolls by itself alone
/// (the Clantons' heading was under the screen's foot, in the one box both gangs scrolled in);
/// scrolling the Clantons' box to Pete Spence moves neither heading.
#[test]
fn on_a_tablet_upright_both_gangs_of_seven_keep_their_headings_in_sight() {
    let (_dir, mut h) = touch_at(800.0, 1280.0);
    let gangs = gangs_below(&h);
    let headings = |h: &App| (gang_heading(h, "Tombstone Law"), gang_heading(h, "The Clanton Gang"));
    let (law, clantons) = headings(&h);
    assert!(gangs.contains_rect(law) && gangs.contains_rect(clantons), "{law:?} {clantons:?} in {gangs:?}");
    assert!(rows_inside(&h, &support::CLANTON_MODELS, gangs) >= 3, "the Clantons' rows under their heading");
    h.get_by_role_and_label(Role::Button, "Pete Spence").scroll_to_me();
    h.run();
    assert_eq!(headings(&h), (law, clantons), "the headings stayed");
    let pete = name_rects(&h, &["Pete Spence"])[0];
    assert!(gangs.contains_rect(pete), "Pete Spence at {pete:?} outside {gangs:?}");
}

/// On a tablet held upright, two gangs of seven: no row moves as the activations start, model
/// after model (a box scrolls only when the player scrolls it).
#[test]
fn on_a_tablet_upright_no_roster_row_moves_through_the_activations() {
    let (_dir, mut h) = touch_at(800.0, 1280.0);
    let places = |rects: Vec<egui::Rect>| rects.iter().map(|r| (r.min, r.max.y)).collect::<Vec<_>>();
    let rows = |h: &App| {
        (places(name_rects(h, &support::LAW_MODELS)), places(name_rects(h, &support::CLANTON_MODELS)))
    };
    let before = rows(&h);
    for (name, _) in &DEAL[..13] {
        support::end_activation(&mut h, name);
        assert_eq!(rows(&h), before, "the rows moved after {name}'s activation");
    }
}

/// The last words of the lowest-card switch's offer.
const SWITCH_ENDS: &str = "Or just carry on: the offer ends when the first model acts.";

/// Where the lowest-card switch's offer stands, against the first handle across the screen
/// (the gangs' under the turn on a screen held upright, the log's beside the roster): every
/// part of the offer, and Declare, whole on the screen and above that handle, none scrolled
/// to. What is wrong, in words.
fn offer_out_of_sight(h: &App, what: &str) -> Vec<String> {
    let screen = h.ctx.content_rect();
    let Some(edge) = handles_across(h).first().copied() else {
        return vec![format!("{what}: no handle across the screen")];
    };
    // The offer's words, on one label or two.
    let words = |part: &str| h.query_by_label_contains(part).map_or(egui::Rect::NOTHING, |n| n.rect());
    let parts = [
        ("Declare", action_rect(h, "Declare")),
        (
            "the offer",
            words("The Clanton Gang hold the lowest card: they may swap the cards of two of their models."),
        ),
        ("Swap model 1", rect(h, "Swap model 1")),
        ("Swap model 2", rect(h, "Swap model 2")),
        ("Swap cards", rect(h, "Swap cards")),
        ("the offer's end", words(SWITCH_ENDS)),
    ];
    let offer_top = parts[1..].iter().map(|(_, r)| r.min.y).fold(f32::INFINITY, f32::min);
    let mut found: Vec<String> = parts
        .iter()
        .filter(|(_, r)| !(screen.contains_rect(*r) && r.max.y <= edge.min.y))
        .map(|(part, r)| format!("{what}: {part} at {r:?}, the edge at {:?}", edge.min.y))
        .collect();
    if parts[0].1.max.y > offer_top {
        found.push(format!("{what}: Declare at {:?} under the offer's top at {offer_top}", parts[0].1));
    }
    found
}

/// Tombstone Law against the Clantons on `dir` at `size` (sized for fingers with `touch`),
/// `cards` dealt: the Clantons hold the lowest card.
fn dealt_on(dir: &std::path::Path, (width, height): (f32, f32), touch: bool, cards: &[(&str, &str)]) -> App {
    let mut h = support::app_on(dir, Screen::Play, width, height);
    if touch {
        posse::ui::theme::touch(&h.ctx);
        h.run();
    }
    start(&mut h, SEED, None);
    deal(&mut h, cards);
    h
}

/// One staged deal of [`the_lowest_card_switch_is_in_sight_above_the_gangs`]: the gangs' size
/// in words, their data folder, the window, sized for fingers or not, and the cards dealt.
type Case<'a> = (&'a str, fn() -> tempfile::TempDir, (f32, f32), bool, &'a [(&'a str, &'a str)]);

/// The lowest-card switch stands where the player sees it, without scrolling: on tablets held
/// upright (768×1024, 800×1280, 834×1194, sized for fingers) with gangs of seven and of five,
/// and at 1280×800. Its offer, its two models' lists, Swap cards and its last line are whole
/// above the gangs under the turn (at 768×1024 they lay under the gangs, and at 800×1280 with
/// gangs of five too), Declare above them as well; and when the offer goes with the first
/// declaration, Declare's and the action buttons' places stay.
#[test]
fn the_lowest_card_switch_is_in_sight_above_the_gangs() {
    let seven = || support::data_with(&["lawmen-21", "outlaws-21"]);
    let five: Vec<(&str, &str)> = deal_5();
    let cases: [Case<'_>; 7] = [
        ("seven", seven, (768.0, 1024.0), true, &DEAL),
        ("five", five_v_five, (768.0, 1024.0), true, &five),
        ("seven", seven, (800.0, 1280.0), true, &DEAL),
        ("five", five_v_five, (800.0, 1280.0), true, &five),
        ("seven", seven, (834.0, 1194.0), true, &DEAL),
        ("five", five_v_five, (834.0, 1194.0), true, &five),
        ("seven", seven, (1280.0, 800.0), false, &DEAL),
    ];
    let mut found = Vec::new();
    for (gangs, data, size, touch, cards) in cases {
        let what = format!("gangs of {gangs} at {}×{}", size.0, size.1);
        let dir = data();
        let mut h = dealt_on(dir.path(), size, touch, cards);
        found.extend(offer_out_of_sight(&h, &what));
        // The Clantons swap Ike Clanton's card and Johnny Ringo's: Wyatt Earp still acts
        // first, and nothing of his turn moves as the offer goes.
        let places = |h: &App| {
            ["Move", "Shoot", "Declare", "End Wyatt Earp's activation"].map(|label| action_rect(h, label))
        };
        let before = places(&h);
        support::pick(&mut h, "Swap model 2", "Johnny Ringo");
        press(&mut h, "Swap cards");
        assert!(h.query_by_label_contains("hold the lowest card").is_none(), "{what}: the switch has gone");
        if places(&h) != before {
            found.push(format!("{what}: the turn moved as the offer went: {before:?} to {:?}", places(&h)));
        }
    }
    assert!(found.is_empty(), "{} problems:\n{}", found.len(), found.join("\n"));
}

/// On a phone a wrong face beside its field may be cut short, and nothing hovers there to show
/// the rest: the line kept under the dice says it whole, for the shot's d20, the nerve test's
/// d10 and a fight's d10s.
#[test]
fn on_a_phone_a_wrong_face_is_said_whole_on_the_line_under_the_dice() {
    let (_dir, mut h) = touch_at(390.0, 844.0);
    declare(&mut h, &["Shoot", "Move"]);
    support::target(&mut h, "Billy Clanton");
    type_in(&mut h, "Distance (cm)", "12");
    type_in(&mut h, "d20 roll", "25");
    h.get_by_label("The d20 roll must be 1 to 20, not '25'.");
    type_in(&mut h, "d20 roll", "14");
    press(&mut h, "Apply: Under fire + nerve test");
    h.get_by_label("Nerve test for Billy Clanton");
    type_in(&mut h, "d10 roll", "0");
    h.get_by_label("The d10 roll must be 1 to 10, not '0'.");
    type_in(&mut h, "d10 roll", "4");
    press(&mut h, "Apply the nerve test");
    press(&mut h, "Charge into contact…");
    support::target(&mut h, "Ike Clanton");
    type_in(&mut h, "Wyatt Earp's d10", "6");
    type_in(&mut h, "Ike Clanton's d10", "x");
    h.get_by_label("Ike Clanton's d10 must be 1 to 10, not 'x'.");
}

/// Sets `markers` on `name`, one event each, as its ⚑ menu does.
fn mark(h: &mut App, name: &str, markers: &[posse::systems::dmh::game::Marker]) {
    let model = model_ref(h, name);
    for marker in markers {
        h.state_mut().dmh_mut().handle_play(PlayCommand::Apply(Event::SetMarker { model, marker: *marker }));
        h.run();
    }
}

/// What each label named `label` paints, its rows joined (a label cut short paints less than
/// its name says).
fn painted(h: &App, label: &str) -> Vec<String> {
    h.get_all_by_label(label)
        .filter(|n| n.accesskit_node().role() == Role::Label)
        .map(|n| {
            // Its own runs only: a popup it opens is among its children.
            n.children()
                .filter(|n| n.accesskit_node().role() == Role::TextRun)
                .filter_map(|n| n.accesskit_node().value())
                .collect()
        })
        .collect()
}

/// Every model's name in the roster, both gangs.
fn all_models() -> Vec<&'static str> {
    support::LAW_MODELS.iter().chain(&support::CLANTON_MODELS).copied().collect()
}

/// Billy Clanton's status four markers long, and then nine.
const FOUR: &str = "out of ammo, 1 move, drunk, in cover";
const NINE: &str = "out of ammo, 1 move, drunk, surprised, mounted, high ground, in cover, hostage, loot";

/// Billy Clanton's markers for [`FOUR`], and the rest for [`NINE`].
fn four_and_nine() -> (Vec<posse::systems::dmh::game::Marker>, Vec<posse::systems::dmh::game::Marker>) {
    use posse::systems::dmh::game::{Flag, Marker};
    (
        vec![
            Marker::OutOfAmmo(true),
            Marker::Moves(1),
            Marker::Flag(Flag::Drunk, true),
            Marker::Flag(Flag::Cover, true),
        ],
        [Flag::Surprised, Flag::Mounted, Flag::HighGround, Flag::Hostage, Flag::Loot]
            .map(|f| Marker::Flag(f, true))
            .into(),
    )
}

/// On tablets held upright (800×1280 and 768×1024, sized for fingers), where nothing hovers: a
/// status four markers long is painted whole, on two lines, in a wider status column that
/// ends inside the roster (it was one line, cut "out of ammo, 1 move, d…"); one of nine is
/// cut on its two lines, and a tap on it opens the whole of it under the model's name; and
/// no row moves as the markers come.
#[test]
fn on_a_tablet_upright_a_models_long_status_is_read_whole() {
    let (four, nine) = four_and_nine();
    for (width, height) in [(800.0, 1280.0), (768.0, 1024.0)] {
        let at = format!("{width}×{height}");
        let (_dir, mut h) = touch_at(width, height);
        // In sight (a label out of it paints nothing).
        h.get_by_role_and_label(Role::Button, "Billy Clanton").scroll_to_me();
        h.run();
        let rows = |h: &App| name_rects(h, &all_models());
        let before = rows(&h);
        mark(&mut h, "Billy Clanton", &four);
        assert_eq!(painted(&h, FOUR), [FOUR], "at {at}");
        let status = rect(&h, FOUR);
        let screen = h.ctx.content_rect();
        assert!(status.max.x <= screen.max.x - 8.0, "the status ends at {} at {at}", status.max.x);
        assert_eq!(rows(&h), before, "the rows moved as the four markers came at {at}");
        mark(&mut h, "Billy Clanton", &nine);
        let cut = painted(&h, NINE);
        assert_eq!(cut.len(), 1, "one status at {at}");
        assert!(cut[0].ends_with('…') && cut[0].len() < NINE.len(), "{:?} at {at}", cut[0]);
        assert_eq!(rows(&h), before, "the rows moved as the nine markers came at {at}");
        h.get_by_label(NINE).click();
        h.run();
        assert_eq!(painted(&h, NINE), [cut[0].clone(), NINE.to_owned()], "the popup at {at}");
        assert_eq!(painted(&h, "Billy Clanton").len(), 1, "the popup's title at {at}");
        assert_eq!(past_the_right_edge(&h), Vec::<String>::new(), "at {at}");
        assert_eq!(rows(&h), before, "the rows moved as the popup opened at {at}");
    }
}

/// On a phone held upright (390×844, sized for fingers): no roster row moves as a model
/// gains a status and as it grows, each model keeping a line for it under its name (Virgil
/// Earp's "1 move" took a line of its own, and every row under his went down with it, under
/// the finger aiming at one); a status longer than its line is cut, and a tap shows it whole.
#[test]
fn on_a_phone_no_roster_row_moves_as_a_status_comes() {
    let (four, nine) = four_and_nine();
    let (_dir, mut h) = touch_at(390.0, 844.0);
    h.get_by_role_and_label(Role::Button, "Billy Clanton").scroll_to_me();
    h.run();
    let rows = |h: &App| name_rects(h, &all_models());
    let before = rows(&h);
    mark(&mut h, "Billy Clanton", &four[1..2]);
    assert_eq!(painted(&h, "1 move"), ["1 move"]);
    assert_eq!(rows(&h), before, "the rows moved as Billy Clanton's move came");
    mark(&mut h, "Billy Clanton", &[four[0], four[2], four[3]]);
    mark(&mut h, "Billy Clanton", &nine);
    assert_eq!(rows(&h), before, "the rows moved as the status grew");
    let cut = painted(&h, NINE);
    assert_eq!(cut.len(), 1, "one status");
    assert!(cut[0].ends_with('…') && cut[0].len() < NINE.len(), "{:?}", cut[0]);
    h.get_by_label(NINE).click();
    h.run();
    assert_eq!(painted(&h, NINE)[1..], [NINE.to_owned()], "the popup");
    assert_eq!(past_the_right_edge(&h), Vec::<String>::new());
    assert_eq!(rows(&h), before, "the rows moved as the popup opened");
}
