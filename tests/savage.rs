//! Deadlands (Savage Worlds): the `posse savage …` contract run on the real binary, and a whole
//! fight at the table driven through the window as a Marshal drives it, every card and die
//! typed as the real ones showed, then resumed after the app is closed.

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use posse::app::PosseApp;
use posse::store::DataDir;
use posse::systems::savage::app::{SavageApp, Screen};
use posse::systems::savage::game::{Fight, Holder, MemberRef, Status};
use serde_json::Value;

use super::support;

// ---------------------------------------------------------------------------------------------
// The command line.

/// `posse savage ARGS…`, in-process through the shared harness.
fn posse(args: &[&str]) -> support::Run {
    support::posse_in("savage", args)
}

/// The JSON answer of `posse savage ARGS… --json`, which must succeed.
fn json(args: &[&str]) -> Value {
    support::json_of(&[&["savage"], args].concat(), 0)
}

/// The keys of a JSON object, sorted.
fn keys(v: &Value) -> Vec<&str> {
    let mut keys: Vec<&str> = v.as_object().expect("an object").keys().map(String::as_str).collect();
    keys.sort_unstable();
    keys
}

/// The object has every key of the contract (more may be added, never taken away).
fn has_keys(v: &Value, contract: &[&str]) {
    let keys = keys(v);
    for key in contract {
        assert!(keys.contains(key), "{key} is missing from {keys:?}");
    }
}

fn close(v: &Value, expected: f64) {
    let got = v.as_f64().expect("a number");
    assert!((got - expected).abs() < 1e-9, "{got} is not {expected}");
}

/// The chances under `chances` add up to 1.
fn adds_up(v: &Value) {
    let sum: f64 = v["chances"].as_object().expect("chances").values().filter_map(Value::as_f64).sum();
    assert!((sum - 1.0).abs() < 1e-9, "the chances add up to {sum}");
}

/// A failure of `posse savage ARGS…` (`support::fails`).
fn fails(args: &[&str], code: i32, sentence: &str) {
    support::fails(&[&["savage"], args].concat(), code, sentence);
}

#[test]
fn trait_gives_the_four_chances_and_grades_a_roll() {
    let v = json(&["trait", "--die", "d4"]);
    has_keys(&v, &["at_least_success", "chances", "die", "modifier", "tn", "wild"]);
    assert_eq!(keys(&v["chances"]), ["critical_failure", "failure", "raise", "success"]);
    assert_eq!((v["die"].as_str(), v["wild"].as_bool(), v["tn"].as_i64()), (Some("d4"), Some(true), Some(4)));
    // A d4 with its Wild Die against 4: fails only when both miss (3/4 · 1/2), 1 and 1 is a
    // critical failure (1/4 · 1/6).
    close(&v["chances"]["critical_failure"], 1.0 / 24.0);
    close(&v["at_least_success"], 1.0 - 3.0 / 8.0);
    adds_up(&v);
    // An Extra's d6 must ace to reach 8: a 6, then 2 or more on the next d6 (1/6 · 5/6).
    let v = json(&["trait", "--die", "d6", "--extra", "--tn", "8"]);
    assert_eq!(v["wild"], false);
    close(&v["at_least_success"], 5.0 / 36.0);
    close(&v["chances"]["critical_failure"], 0.0);
    adds_up(&v);

    let v = json(&["trait", "--die", "d8", "--modifier", "-1", "--roll", "13,3"]);
    has_keys(
        &v,
        &["at_least_success", "chances", "die", "modifier", "raises", "result", "tn", "total", "wild"],
    );
    assert_eq!(
        (v["total"].as_i64(), v["result"].as_str(), v["raises"].as_i64()),
        (Some(12), Some("raise"), Some(2))
    );
    let v = json(&["trait", "--die", "d8", "--modifier", "5", "--roll", "1,1"]);
    assert_eq!((v["result"].as_str(), v["raises"].as_i64()), (Some("critical_failure"), Some(0)));
    let v = json(&["trait", "--die", "d6", "--extra", "--roll", "5"]);
    assert_eq!((v["total"].as_i64(), v["result"].as_str()), (Some(5), Some("success")));
}

#[test]
fn trait_refuses_a_total_that_aced_and_malformed_input() {
    fails(&["trait", "--die", "d6", "--roll", "6,2"], 1, "6 on the d6: it aced: roll again and add.");
    let run = posse(&["trait", "--die", "d7"]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert_eq!(run.stderr.trim().lines().count(), 1);
    let run = posse(&["trait", "--die", "d8", "--roll", "three"]);
    assert_eq!(run.code, 2, "{}", run.stderr);
}

#[test]
fn damage_gives_the_chances_of_each_effect() {
    let v = json(&["damage", "--dice", "2d6+1", "--toughness", "5"]);
    has_keys(&v, &["chances"]);
    assert_eq!(keys(&v["chances"]), ["none", "shaken", "wounds_1", "wounds_2", "wounds_3", "wounds_4_plus"]);
    adds_up(&v);
    // Already Shaken: a plain success is a wound, never just Shaken.
    let v = json(&["damage", "--dice", "2d6+1", "--toughness", "5", "--shaken"]);
    close(&v["chances"]["shaken"], 0.0);
    adds_up(&v);
    let v = json(&["damage", "--dice", "4d10+2", "--raise", "--toughness", "12"]);
    adds_up(&v);
    assert_eq!(posse(&["damage", "--dice", "2x6", "--toughness", "5"]).code, 2);
}

/// S32 (SW, the summary is silent): each action beyond the first in a turn is −2 to every
/// action, at most three actions.
#[test]
fn trait_takes_the_multi_action_penalty() {
    let plain = json(&["trait", "--die", "d8", "--tn", "4"]);
    assert_eq!(plain["multi_action_penalty"], 0);
    for (n, penalty) in [("1", 0), ("2", -2), ("3", -4)] {
        let v = json(&["trait", "--die", "d8", "--multi-action", n]);
        has_keys(&v, &["die", "wild", "tn", "modifier", "multi_action_penalty", "chances"]);
        assert_eq!((v["multi_action_penalty"].as_i64(), v["modifier"].as_i64()), (Some(penalty), Some(0)));
        // The same chances as the penalty given as a modifier.
        let m = penalty.to_string();
        let same = json(&["trait", "--die", "d8", "--modifier", &m]);
        assert_eq!(v["chances"], same["chances"], "{n} actions");
    }
    fails(
        &["trait", "--die", "d8", "--multi-action", "4"],
        1,
        "--multi-action is the actions taken this turn, 1 to 3; 4 is not.",
    );
}

/// S39 (SW): armour piercing ignores up to its value of the armour inside the Toughness.
#[test]
fn damage_takes_armour_and_armour_piercing() {
    let v = json(&["damage", "--dice", "2d6+1", "--toughness", "7", "--armour", "2", "--ap", "4"]);
    has_keys(&v, &["chances", "dice", "raise", "toughness", "effective_toughness", "shaken"]);
    assert_eq!((v["toughness"].as_i64(), v["effective_toughness"].as_i64()), (Some(7), Some(5)));
    let same = json(&["damage", "--dice", "2d6+1", "--toughness", "5"]);
    assert_eq!(v["chances"], same["chances"]);
    let v = json(&["damage", "--dice", "2d6+1", "--toughness", "7", "--armour", "2", "--ap", "1"]);
    assert_eq!(v["effective_toughness"], 6);
    let v = json(&["damage", "--dice", "2d6+1", "--toughness", "7", "--ap", "3"]);
    assert_eq!(v["effective_toughness"], 7, "no armour: nothing to pierce");
    fails(
        &["damage", "--dice", "2d6", "--toughness", "3", "--armour", "4"],
        1,
        "The armour (4) is more than the Toughness (3) it is part of.",
    );
}

#[test]
fn initiative_puts_jokers_first_then_cards_and_suits() {
    let v = json(&["initiative", "--cards", "Ann=QS,Bob=QH,Cid=JK,Dan=2C"]);
    has_keys(&v, &["order", "reshuffle"]);
    let order: Vec<(&str, &str, bool)> = v["order"]
        .as_array()
        .expect("order")
        .iter()
        .map(|e| {
            (
                e["name"].as_str().expect("name"),
                e["card"].as_str().expect("card"),
                e["joker"].as_bool().expect("joker"),
            )
        })
        .collect();
    assert_eq!(
        order,
        [("Cid", "RJ", true), ("Ann", "QS", false), ("Bob", "QH", false), ("Dan", "2C", false)]
    );
    assert_eq!(v["reshuffle"], true);
    assert_eq!(json(&["initiative", "--cards", "Ann=2H,Bob=2S"])["reshuffle"], false);
    assert_eq!(posse(&["initiative", "--cards", "Ann=QS,Bob=QS"]).code, 2);
    assert_eq!(posse(&["initiative", "--cards", "Ann"]).code, 2);
}

#[test]
fn initiative_says_when_both_jokers_are_dealt_and_keeps_the_names_as_typed() {
    let both = "Both jokers are already dealt: the deck has two.";
    // JK took the Black Joker, the one left after RJ, before BJ was typed.
    support::fails(&["savage", "initiative", "--cards", "Ann=RJ,Bob=JK,Cid=BJ"], 2, both);
    support::fails(&["savage", "initiative", "--cards", "Ann=JK,Bob=JK,Cid=JK"], 2, both);
    support::fails(&["savage", "initiative", "--cards", "Ann=BJ,Bob=BJ"], 2, "The card BJ is given twice.");
    support::fails(&["savage", "initiative", "--cards", "ann=2H,ann=3H"], 2, "ann is given two cards.");
}

#[test]
fn soak_and_incapacitation_give_their_chances() {
    let v = json(&["soak", "--vigor", "d8"]);
    assert_eq!(keys(&v["chances"]), ["none", "wounds_1", "wounds_2", "wounds_3_plus"]);
    adds_up(&v);
    let v = json(&["incapacitation", "--vigor", "d6", "--modifier", "-3"]);
    assert_eq!(keys(&v["chances"]), ["bleeding_out", "dead", "heals_in_24h", "heals_with_wounds"]);
    adds_up(&v);
}

/// S41, fr 11: "Avec un jet de survie réussi, il peut trouver suffisamment d'eau (et de
/// nourriture) pour 1 personne, avec une Relance pour 5 de plus."
#[test]
fn survival_gives_the_chance_of_enough_for_the_people() {
    let v = json(&["survival", "--skill", "d6", "--extra", "--people", "6"]);
    has_keys(&v, &["skill", "wild", "modifier", "people", "raises_needed", "chance", "feeds"]);
    assert_eq!(
        (v["people"].as_u64(), v["raises_needed"].as_u64(), v["wild"].as_bool()),
        (Some(6), Some(1), Some(false))
    );
    // A d6 against 8: a 6, then 2 or more: 1/6 · 5/6.
    close(&v["chance"], 5.0 / 36.0);
    let people: Vec<u64> =
        v["feeds"].as_array().expect("feeds").iter().filter_map(|f| f["people"].as_u64()).collect();
    assert_eq!(people, [1, 6, 11, 16, 21]);
    close(&v["feeds"][0]["chance"], 0.5);
    fails(
        &["survival", "--skill", "d6", "--people", "0"],
        2,
        "--people is the people to feed, 1 to 1000; 0 is not.",
    );
}

/// fr 24: "Chaque succès et relance enlève une blessure": with --wounds N the chances stop at
/// taking all N away (`wounds_N` is N or more removed, capped at N).
#[test]
fn soak_with_the_wounds_taken_never_removes_more() {
    let v = json(&["soak", "--vigor", "d4", "--extra", "--wounds", "2"]);
    has_keys(&v, &["vigor", "wild", "modifier", "wounds", "chances"]);
    assert_eq!(v["wounds"], 2);
    assert_eq!(keys(&v["chances"]), ["none", "wounds_1", "wounds_2"]);
    // d4 against 4: none 3/4, one 1/4 − 1/16, both 1/16 (an ace then 4+).
    close(&v["chances"]["none"], 0.75);
    close(&v["chances"]["wounds_1"], 0.25 - 1.0 / 16.0);
    close(&v["chances"]["wounds_2"], 1.0 / 16.0);
    let v = json(&["soak", "--vigor", "d8", "--modifier", "-1", "--wounds", "5"]);
    assert_eq!(keys(&v["chances"]), ["none", "wounds_1", "wounds_2", "wounds_3", "wounds_4", "wounds_5"]);
    adds_up(&v);
    fails(
        &["soak", "--vigor", "d8", "--wounds", "0"],
        2,
        "--wounds is the wounds just taken, 1 to 20; 0 is not.",
    );
}

#[test]
fn reference_print_writes_a_pdf() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("reference.pdf");
    let out_text = out.to_str().expect("a path");
    let v = json(&["reference", "print", "--out", out_text, "--paper", "letter"]);
    assert!(v.is_object());
    let pdf = std::fs::read(&out).expect("the PDF");
    assert!(pdf.starts_with(b"%PDF"));
    assert_eq!(posse(&["reference", "print", "--out", out_text, "--paper", "a5"]).code, 2);
}

#[test]
fn combatant_print_writes_one_sheet_per_file() {
    let dir = data_with_combatants();
    let files = dir.path().join("savage").join("combatants");
    let (doc, kid) = (files.join("doc.json"), files.join("kid.json"));
    let out = dir.path().join("posse.pdf");
    let args = |out: &std::path::Path| {
        [
            "combatant",
            "print",
            "--file",
            doc.to_str().expect("a path"),
            "--file",
            kid.to_str().expect("a path"),
            "--out",
        ]
        .into_iter()
        .map(str::to_owned)
        .chain([out.to_str().expect("a path").to_owned()])
        .collect::<Vec<String>>()
    };
    let a = args(&out);
    let a: Vec<&str> = a.iter().map(String::as_str).collect();
    let v = json(&a);
    has_keys(&v, &["out", "combatants", "pages", "paper", "bytes"]);
    assert_eq!(v["combatants"], serde_json::json!(["Doc", "Kid"]));
    assert_eq!(v["pages"], 2);
    assert!(std::fs::read(&out).expect("the PDF").starts_with(b"%PDF"));
    // A file that is not a combatant: exit 2, one sentence naming it.
    let broken = dir.path().join("broken.json");
    std::fs::write(&broken, r#"{"name":"X"}"#).expect("a file");
    let run = posse(&["combatant", "print", "--file", broken.to_str().expect("a path"), "--out", "x.pdf"]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("broken.json is not a combatant file"), "{}", run.stderr);
    // A combatant of 100,000 skills took seven seconds to print: refused as it is read.
    let skills: Vec<String> = (0..100_000).map(|i| format!(r#""skill {i}": "d6""#)).collect();
    let huge = dir.path().join("huge.json");
    std::fs::write(
        &huge,
        format!(
            r#"{{"name":"X","kind":"extra","attributes":{{"agility":"d6","smarts":"d6","spirit":"d6","strength":"d6","vigor":"d6"}},"skills":{{{}}}}}"#,
            skills.join(",")
        ),
    )
    .expect("a file");
    let run = posse(&["combatant", "print", "--file", huge.to_str().expect("a path"), "--out", "x.pdf"]);
    assert_eq!(
        (run.code, run.stderr.trim()),
        (
            2,
            format!(
                "{} is not a combatant file ($.skills: 100000 skills are too many: a combatant file lists at most 100).",
                huge.display()
            )
            .as_str()
        )
    );
}

// ---------------------------------------------------------------------------------------------
// The fight at the table.

type App = Harness<'static, PosseApp>;

/// The posse, their villain and his gang, as combatant files.
const COMBATANTS: &[(&str, &str)] = &[
    (
        "doc",
        r#"{"name":"Doc","kind":"wild_card","player":"Ann","attributes":{"agility":"d8","smarts":"d8","spirit":"d6","strength":"d6","vigor":"d6"},"skills":{"shooting":"d8","fighting":"d6"},"weapons":[{"name":"Colt","damage":"2d6+1","range":{"short":12,"medium":24,"long":48}}]}"#,
    ),
    (
        "kid",
        r#"{"name":"Kid","kind":"wild_card","player":"Bob","attributes":{"agility":"d8","smarts":"d6","spirit":"d6","strength":"d6","vigor":"d6"},"skills":{"shooting":"d8","fighting":"d6"},"weapons":[{"name":"Colt","damage":"2d6+1","range":{"short":12,"medium":24,"long":48}}]}"#,
    ),
    (
        "preacher",
        r#"{"name":"Preacher","kind":"wild_card","player":"Cid","attributes":{"agility":"d6","smarts":"d6","spirit":"d10","strength":"d6","vigor":"d8"},"skills":{"shooting":"d6","fighting":"d8"},"weapons":[{"name":"Shotgun","damage":"3d6","range":{"short":12,"medium":24,"long":48}}]}"#,
    ),
    (
        "huckster",
        r#"{"name":"Huckster","kind":"wild_card","player":"Dee","attributes":{"agility":"d6","smarts":"d10","spirit":"d8","strength":"d4","vigor":"d6"},"skills":{"shooting":"d8","fighting":"d4"},"weapons":[{"name":"Derringer","damage":"2d6","range":{"short":5,"medium":10,"long":20}}]}"#,
    ),
    (
        "boss",
        r#"{"name":"Boss","kind":"wild_card","attributes":{"agility":"d8","smarts":"d6","spirit":"d8","strength":"d8","vigor":"d8"},"skills":{"shooting":"d10","fighting":"d8"},"armour":1,"weapons":[{"name":"Revolver","damage":"2d6+1","range":{"short":12,"medium":24,"long":48}}]}"#,
    ),
    (
        "outlaws",
        r#"{"name":"Outlaws","kind":"extra","count":5,"attributes":{"agility":"d6","smarts":"d4","spirit":"d6","strength":"d6","vigor":"d6"},"skills":{"shooting":"d6","fighting":"d6"},"weapons":[{"name":"Revolver","damage":"2d6+1","range":{"short":12,"medium":24,"long":48}}]}"#,
    ),
];

/// A data folder holding the combatant files.
pub(crate) fn data_with_combatants() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    let to = dir.path().join("savage").join("combatants");
    std::fs::create_dir_all(&to).expect("combatants folder");
    for (id, json) in COMBATANTS {
        std::fs::write(to.join(format!("{id}.json")), json).expect("combatant file");
    }
    dir
}

/// The app on `dir` at the table's size, showing Deadlands' Fight tab.
fn fight_tab(dir: &std::path::Path) -> App {
    let data = DataDir::at(dir);
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .build_eframe(move |cc| PosseApp::with_data(cc, posse::systems::ALL, Some(data)));
    h.run();
    if h.state().home {
        h.get_by_label("Deadlands (Savage Worlds)").click();
        h.run();
    }
    h.get_by_label("Fight").click();
    h.run();
    assert_eq!(savage(&h).screen, Screen::Fight);
    h
}

fn savage(h: &App) -> &SavageApp {
    h.state().system::<SavageApp>().expect("Deadlands")
}

fn savage_mut(h: &mut App) -> &mut SavageApp {
    h.state_mut().system_mut::<SavageApp>().expect("Deadlands")
}

fn fight(h: &App) -> &Fight<'static> {
    savage(h).table.game().expect("a fight is open")
}

fn member(h: &App, unit: &str, index: u32) -> posse::systems::savage::game::Member {
    fight(h).state.member(&MemberRef::new(unit, index)).expect("the member").clone()
}

fn last_line(h: &App) -> String {
    fight(h).lines.last().expect("a line").clone()
}

/// The label of the first button whose label passes `test` (labels that hold a line of the log).
fn button_where(h: &App, test: impl Fn(&str) -> bool, what: &str) -> String {
    h.get_all_by_role(Role::Button)
        .find_map(|b| b.accesskit_node().label().filter(|l| test(l)))
        .unwrap_or_else(|| panic!("no button: {what}"))
}

/// The every-turn path fits a 1280×800 window: the button is on screen without scrolling.
fn in_view(h: &App, label: &str) {
    let rect = h.get_by_role_and_label(Role::Button, label).rect();
    assert!(rect.max.y <= 800.0 && rect.max.x <= 1280.0, "{label} is off screen at {rect:?}");
}

fn press(h: &mut App, label: &str) {
    h.get_by_label(label).click_accesskit();
    h.run();
}

/// Clicks a button of the every-turn path, checking first that it is in view.
fn press_button(h: &mut App, label: &str) {
    in_view(h, label);
    h.get_by_role_and_label(Role::Button, label).click_accesskit();
    h.run();
}

fn type_in(h: &mut App, label: &str, text: &str) {
    h.get_by_role_and_label(Role::TextInput, label).set_text_value_accesskit(text);
    h.run();
}

/// Presses Ctrl (⌘) and `key`.
fn shortcut(h: &mut App, key: egui::Key) {
    h.key_press_modifiers(egui::Modifiers::COMMAND, key);
    h.run();
}

/// Deals a round from the Marshal's own deck: each unit's card typed into its field.
fn deal(h: &mut App, cards: &[(&str, &str)]) {
    press_button(h, "Type the cards");
    for (name, card) in cards {
        type_in(h, &format!("{name} cards"), card);
    }
    press_button(h, "Deal these cards");
    assert!(!savage(h).fight.typing, "the deal was taken: {:?}", savage(h).fight.notice);
}

/// Rolls typed into the fields named `{what} die total` and `{what} Wild Die total`.
fn dice(h: &mut App, what: &str, trait_die: &str, wild_die: Option<&str>) {
    type_in(h, &format!("{what} die total"), trait_die);
    if let Some(w) = wild_die {
        type_in(h, &format!("{what} Wild Die total"), w);
    }
}

/// The acting unit attacks `target` with its shooting at short range: the dice typed.
fn shoot(h: &mut App, target: &str, trait_die: &str, wild_die: Option<&str>) {
    press_button(h, target);
    press(h, "Skill Shooting");
    press(h, "Range Short");
    dice(h, "Attack", trait_die, wild_die);
    press_button(h, "Attack");
}

/// The damage total typed after a hit.
fn damage(h: &mut App, total: &str) {
    type_in(h, "Damage total", total);
    press_button(h, "Damage");
}

#[test]
#[expect(
    clippy::too_many_lines,
    reason = "one fight from its set-up to its resume, step by step in table order"
)]
fn a_marshal_runs_a_fight_over_rounds_and_resumes_it() {
    let dir = data_with_combatants();
    let mut h = fight_tab(dir.path());
    // The set-up: the four posse members, the Boss, two groups of five Outlaws.
    for who in
        ["Doc (played by Ann)", "Kid (played by Bob)", "Preacher (played by Cid)", "Huckster (played by Dee)"]
    {
        press(&mut h, who);
    }
    press(&mut h, "Boss (the Marshal's)");
    press(&mut h, "More: Groups of Outlaws ×5");
    press(&mut h, "More: Groups of Outlaws ×5");
    savage_mut(&mut h).fight.seed = Some(1877);
    press(&mut h, "Start the fight");
    let s = &fight(&h).state;
    assert_eq!(s.seed, 1877);
    assert_eq!(s.units.len(), 7);
    let extras: usize = s.units.iter().filter(|u| !u.combatant.is_wild_card()).map(|u| u.members.len()).sum();
    assert_eq!(extras, 10);
    // Fate chips, drawn blind from the pot: three for each player, and for the Marshal one per
    // player and two for the Boss.
    for who in ["Marshal", "Ann", "Bob", "Cid", "Dee"] {
        let owed = if who == "Marshal" { 6 } else { 3 };
        press(&mut h, &format!("{who} draws {owed} owed"));
    }
    let s = &fight(&h).state;
    assert_eq!(s.chips.total(&Holder::Player("Ann".into())), 3);
    assert_eq!(s.chips.total(&Holder::Marshal), 6);

    // Round 1: a Joker for Doc.
    deal(
        &mut h,
        &[
            ("Doc", "JK"),
            ("Kid", "KS"),
            ("Preacher", "QH"),
            ("Huckster", "10D"),
            ("Boss", "KH"),
            ("Outlaws A", "AS"),
            ("Outlaws B", "9C"),
        ],
    );
    let order: Vec<String> = fight(&h).state.order().into_iter().map(|e| e.unit).collect();
    assert_eq!(order, ["doc", "outlaws-a", "kid", "boss", "preacher", "huckster", "outlaws-b"]);
    assert!(fight(&h).state.reshuffle_due());
    // A Joker acts whenever its holder likes: Doc goes first.
    press_button(&mut h, "Joker: Doc acts now");
    // Doc shoots the Boss: d8 7, Wild Die 3, +2 for the Joker: 9 against 4, a raise.
    shoot(&mut h, "Boss", "7", Some("3"));
    let attack = fight(&h).state.last_attack.clone().expect("the attack");
    assert_eq!((attack.result.total, attack.result.raises), (9, 1));
    // The damage with the raise die: 14 and the Joker's 2 against Toughness 7: two wounds.
    // The chips of the Marshal and four players are more than their box shows at 1280×800: it
    // keeps half the column, scrolling inside, with the soak offered under it or not.
    let chips_box = h.get_by_role_and_label(Role::Group, "Fate chips box").rect();
    damage(&mut h, "14");
    let boss = member(&h, "boss", 0);
    assert_eq!((boss.wounds, boss.shaken), (2, true));
    assert_eq!(h.get_by_role_and_label(Role::Group, "Fate chips box").rect(), chips_box);
    // The Marshal soaks with a chip: Vigor d8 5, Wild Die 2: one wound taken away.
    let marshal_chips = fight(&h).state.chips.total(&Holder::Marshal);
    dice(&mut h, "Soak", "5", Some("2"));
    let soak = button_where(&h, |l| l.starts_with("Soak with a "), "a soak button");
    press_button(&mut h, &soak);
    assert_eq!(member(&h, "boss", 0).wounds, 1);
    assert_eq!(fight(&h).state.chips.total(&Holder::Marshal), marshal_chips - 1);
    // Undo names the soak and undoes exactly it; Redo puts it back.
    let undo = format!("Undo: {}", last_line(&h));
    let events = fight(&h).events.len();
    press_button(&mut h, &undo);
    assert_eq!(fight(&h).events.len(), events - 1);
    assert_eq!(member(&h, "boss", 0).wounds, 2);
    let redo = button_where(&h, |l| l.starts_with("Redo: "), "a Redo button naming the soak");
    press_button(&mut h, &redo);
    assert_eq!(member(&h, "boss", 0).wounds, 1);
    // The shared Undo/Redo bar, read left to right at the header's right end; its shortcuts
    // are the only ones: Ctrl+Z undoes, Ctrl+Shift+Z and Ctrl+Y redo.
    let undo_at = h.get_by_role_and_label(Role::Button, &undo).rect();
    let redo_at = h.get_by_role_and_label(Role::Button, "Redo").rect();
    assert!(undo_at.right() <= redo_at.left(), "Undo {undo_at:?} before Redo {redo_at:?}");
    shortcut(&mut h, egui::Key::Z);
    assert_eq!(fight(&h).events.len(), events - 1);
    h.key_press_modifiers(egui::Modifiers::COMMAND | egui::Modifiers::SHIFT, egui::Key::Z);
    h.run();
    assert_eq!(fight(&h).events.len(), events);
    shortcut(&mut h, egui::Key::Z);
    shortcut(&mut h, egui::Key::Y);
    assert_eq!((fight(&h).events.len(), member(&h, "boss", 0).wounds), (events, 1));
    press_button(&mut h, "End Doc's turn");

    // Outlaws A: the first shoots Kid, 4: a hit; 7 against Toughness 5: Shaken.
    press_button(&mut h, "Begin Outlaws A's turn");
    shoot(&mut h, "Kid", "4", None);
    damage(&mut h, "7");
    assert!(member(&h, "kid", 0).shaken);
    assert_eq!(member(&h, "kid", 0).wounds, 0);
    press_button(&mut h, "End Outlaws A's turn");

    // Kid is Shaken: Posse asks for his Spirit roll (2 and 3: still Shaken), then he spends a
    // chip to act normally.
    press_button(&mut h, "Begin Kid's turn");
    assert!(h.query_by_label("Kid is Shaken: Spirit roll").is_some());
    dice(&mut h, "Prompt", "2", Some("3"));
    press_button(&mut h, "Apply the roll");
    assert!(member(&h, "kid", 0).shaken);
    let chip = button_where(&h, |l| l.ends_with("chip: no longer Shaken"), "a chip to unshake");
    press_button(&mut h, &chip);
    assert!(!member(&h, "kid", 0).shaken);
    assert_eq!(fight(&h).state.chips.total(&Holder::Player("Bob".into())), 2);
    press_button(&mut h, "End Kid's turn");

    // The Boss is Shaken with a wound: Spirit d8 8 (aced: refused), then 10 and 1, −1: a raise.
    press_button(&mut h, "Begin Boss's turn");
    dice(&mut h, "Prompt", "8", Some("1"));
    assert!(h.query_by_label("8 on the d8: it aced: roll again and add.").is_some());
    dice(&mut h, "Prompt", "10", Some("1"));
    press_button(&mut h, "Apply the roll");
    let boss = member(&h, "boss", 0);
    assert!(!boss.shaken && !boss.free_actions_only);
    press_button(&mut h, "End Boss's turn");

    // Preacher takes out the second of Outlaws B: 5, then 9 against Toughness 5: a wound.
    press_button(&mut h, "Begin Preacher's turn");
    shoot(&mut h, "Outlaws B 2", "5", Some("1"));
    damage(&mut h, "9");
    assert_eq!(member(&h, "outlaws-b", 1).status, Status::Out);
    press_button(&mut h, "End Preacher's turn");

    // Huckster: 11 and a raise on the Boss, 20 against 7: three more wounds, Incapacitated.
    press_button(&mut h, "Begin Huckster's turn");
    shoot(&mut h, "Boss", "11", Some("2"));
    damage(&mut h, "20");
    assert_eq!(member(&h, "boss", 0).status, Status::Incapacitated);
    // His Vigor roll: 5 and 2, −3 for the wounds: 2, a failure: Bleeding Out.
    assert!(h.query_by_label("Boss is Incapacitated: Vigor roll").is_some());
    dice(&mut h, "Prompt", "5", Some("2"));
    press_button(&mut h, "Apply the roll");
    assert!(member(&h, "boss", 0).bleeding_out, "{}", last_line(&h));
    press_button(&mut h, "End Huckster's turn");
    // The keyboard: Ctrl+N begins the next turn, Ctrl+E ends it.
    shortcut(&mut h, egui::Key::N);
    assert_eq!(fight(&h).state.whose_turn(), Some("outlaws-b"));
    shortcut(&mut h, egui::Key::E);
    assert_eq!(fight(&h).state.whose_turn(), None);

    // Round 2: the Joker came up, so the deck was shuffled again before this deal.
    let shuffles = fight(&h).state.deck.shuffles;
    deal(
        &mut h,
        &[
            ("Doc", "JK"),
            ("Kid", "2S"),
            ("Preacher", "3H"),
            ("Huckster", "4D"),
            ("Outlaws A", "5C"),
            ("Outlaws B", "6C"),
        ],
    );
    assert_eq!(fight(&h).state.deck.shuffles, shuffles + 1);
    assert_eq!(fight(&h).state.round(), 2);
    // The Boss bleeds: Vigor 12 and 3, −3: 9, a raise: the bleeding stops.
    assert!(h.query_by_label("Boss is Bleeding Out: Vigor roll").is_some());
    dice(&mut h, "Prompt", "12", Some("3"));
    press_button(&mut h, "Apply the roll");
    assert!(!member(&h, "boss", 0).bleeding_out, "{}", last_line(&h));
    press_button(&mut h, "Joker: Doc acts now");
    let events = fight(&h).events.clone();

    // The app is closed and opened again: the fight is resumed where it was.
    drop(h);
    let mut h = fight_tab(dir.path());
    assert!(savage(&h).table.open.is_none());
    let resume = button_where(&h, |l| l.starts_with("Resume "), "a saved fight");
    press(&mut h, &resume);
    assert_eq!(fight(&h).events, events);
    assert_eq!(fight(&h).state.whose_turn(), Some("doc"));
    assert_eq!(member(&h, "boss", 0).status, Status::Incapacitated);
    assert_eq!(member(&h, "outlaws-b", 1).status, Status::Out);
    press_button(&mut h, "End Doc's turn");
    assert_eq!(fight(&h).events.len(), events.len() + 1);
    // The rest of round 2 in card order, from the keyboard.
    for unit in ["outlaws-b", "outlaws-a", "huckster", "preacher", "kid"] {
        shortcut(&mut h, egui::Key::N);
        assert_eq!(fight(&h).state.whose_turn(), Some(unit));
        shortcut(&mut h, egui::Key::E);
    }
    // Round 3, dealt by Posse from the fight's seed: Doc's Joker of round 2 reshuffles the deck
    // again, and the Boss, Incapacitated, gets no card.
    let shuffles = fight(&h).state.deck.shuffles;
    press_button(&mut h, "Deal round 3");
    assert_eq!(fight(&h).state.round(), 3);
    assert_eq!(fight(&h).state.deck.shuffles, shuffles + 1);
    assert!(fight(&h).state.unit("boss").expect("the Boss").card.is_none());
    assert!(fight(&h).state.unit("kid").expect("Kid").card.is_some());
}

#[test]
fn the_reference_trait_roll_reads_typed_dice() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = fight_tab(dir.path());
    press(&mut h, "Reference");
    assert_eq!(savage(&h).screen, Screen::Reference);
    // A d8 with its Wild Die against 4: the d8 aced to 11 (8 + 3), the Wild Die showed 2.
    dice(&mut h, "Trait", "11", Some("2"));
    assert!(h.query_by_label("→ 11: a raise").is_some());
    // A total that is a multiple of the die's size aced: roll again and add.
    dice(&mut h, "Trait", "8", Some("2"));
    assert!(h.query_by_label("8 on the d8: it aced: roll again and add.").is_some());
    assert!(h.query_by_label("→ 8: a raise").is_none());
}

/// S12, fr 24: "Chaque succès et relance enlève une blessure", of the wounds just taken: the
/// Reference's soak has a wounds-taken input and its bars stop there (no "3 or more").
#[test]
fn the_reference_soak_stops_at_the_wounds_taken() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = fight_tab(dir.path());
    press(&mut h, "Reference");
    h.get_by_label("Soak: wounds taken away of 3");
    h.get_by_label("3 wounds (all)");
    assert!(h.query_by_label("3 or more").is_none());
    // "2 wounds" is also a bar of the damage odds.
    assert_eq!(h.query_all_by_label("2 wounds").count(), 2);
    press(&mut h, "Less: Wounds taken");
    press(&mut h, "Less: Wounds taken");
    h.get_by_label("Soak: wounds taken away of 1");
    h.get_by_label("1 wound (all)");
    assert_eq!(h.query_all_by_label("2 wounds").count(), 1, "the soak's bar is gone");
    assert!(h.query_by_label("3 wounds (all)").is_none());
    // Never fewer than one wound taken.
    assert!(h.get_by_label("Less: Wounds taken").accesskit_node().is_disabled());
}

/// S41, fr 11: "Avec un jet de survie réussi, il peut trouver suffisamment d'eau (et de
/// nourriture) pour 1 personne, avec une Relance pour 5 de plus."
#[test]
fn the_reference_survival_roll_feeds_one_and_five_per_raise() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = fight_tab(dir.path());
    press(&mut h, "Reference");
    h.get_by_label("Enough for 1 (a success)");
    press(&mut h, "More: People to feed");
    h.get_by_label("Enough for 2 (a raise)");
    dice(&mut h, "Survival", "5", Some("2"));
    h.get_by_label("→ 5: success: water and food for 1");
    dice(&mut h, "Survival", "9", Some("2"));
    h.get_by_label("→ 9: a raise: water and food for 6");
    dice(&mut h, "Survival", "13", Some("2"));
    h.get_by_label("→ 13: 2 raises: water and food for 11");
    dice(&mut h, "Survival", "3", Some("2"));
    h.get_by_label("→ 3: failure: no water found");
}

/// S42–S47 (SW, the summary is silent): each special ability is a checkbox of the editor and
/// a key of the file, written only when ticked (older files read the same).
#[test]
fn the_editor_ticks_special_abilities_into_the_file() {
    let dir = data_with_combatants();
    let mut h = fight_tab(dir.path());
    press(&mut h, "Combatants");
    press_button(&mut h, "Boss");
    let file = dir.path().join("savage/combatants/boss.json");
    let saved =
        || -> Value { serde_json::from_str(&std::fs::read_to_string(&file).expect("saved")).expect("JSON") };
    for ability in ["Undead", "Fearless", "Combat Reflexes", "Iron Jaw", "Nerves of Steel", "Hard to Kill"] {
        h.get_by_role_and_label(Role::CheckBox, ability);
    }
    press(&mut h, "Iron Jaw");
    press(&mut h, "Hard to Kill");
    let boss = saved();
    assert_eq!((boss["iron_jaw"].as_bool(), boss["hard_to_kill"].as_bool()), (Some(true), Some(true)));
    assert!(boss.get("undead").is_none() && boss.get("nerves_of_steel").is_none(), "{boss}");
    press(&mut h, "Iron Jaw");
    assert!(saved().get("iron_jaw").is_none(), "unticked, the key is left out");
}

/// Dealing the next round while units have not acted skips their turns, so the first click
/// asks (in the button's own place) and names them; a Joker's holder still to act is named on
/// the turn panel when every other card has come up, never passed over.
#[test]
fn the_next_round_is_not_dealt_over_turns_still_to_come() {
    let dir = data_with_combatants();
    let mut h = fight_tab(dir.path());
    for who in ["Doc (played by Ann)", "Kid (played by Bob)", "Boss (the Marshal's)"] {
        press(&mut h, who);
    }
    savage_mut(&mut h).fight.seed = Some(1877);
    press(&mut h, "Start the fight");
    deal(&mut h, &[("Doc", "JK"), ("Kid", "KS"), ("Boss", "QH")]);
    assert_eq!(fight(&h).state.round(), 1);
    // Kid and the Boss act; Doc, on his Joker, has not yet.
    for (unit, name) in [("kid", "Kid"), ("boss", "Boss")] {
        press_button(&mut h, &format!("Begin {name}'s turn"));
        assert_eq!(fight(&h).state.whose_turn(), Some(unit));
        shortcut(&mut h, egui::Key::E);
    }
    h.get_by_label("Every other card has come up: Doc still to act on a Joker.");
    let deal_button = h.get_by_role_and_label(Role::Button, "Deal round 2").rect();
    press_button(&mut h, "Deal round 2");
    assert_eq!(fight(&h).state.round(), 1, "nothing dealt yet");
    h.get_by_label("Not acted yet: Doc. Deal anyway?");
    let anyway = h.get_by_role_and_label(Role::Button, "Deal anyway").rect();
    assert_eq!(anyway.left_top(), deal_button.left_top(), "the answer is where the question was asked");
    // An Undo takes back the Boss's end of turn, and the question asked about the round as it
    // was goes with it: the next click asks again, it does not deal.
    let undo = format!("Undo: {}", last_line(&h));
    press_button(&mut h, &undo);
    assert_eq!(fight(&h).state.whose_turn(), Some("boss"));
    assert!(h.query_by_label_contains("Deal anyway").is_none(), "the question went with the undo");
    shortcut(&mut h, egui::Key::E);
    press_button(&mut h, "Deal round 2");
    assert_eq!(fight(&h).state.round(), 1, "asked again, nothing dealt");
    h.get_by_label("Not acted yet: Doc. Deal anyway?");
    press_button(&mut h, "Deal anyway");
    assert_eq!(fight(&h).state.round(), 2);
    // Put away, the fight is listed by who fights whom.
    press(&mut h, "Close the fight");
    h.get_by_label("Resume Doc, Kid v Boss · round 2 · all fighting");
}

/// A group of Extras is many, a Wild Card one: "End Outlaws' turn", "End Boss's turn".
#[test]
fn a_units_name_takes_the_possessive_of_one_or_many() {
    let read = |json: &str| {
        posse::systems::savage::rules::combatant::from_value(serde_json::from_str(json).expect("JSON"))
            .expect("a combatant")
    };
    let (_, outlaws) = COMBATANTS.iter().find(|(id, _)| *id == "outlaws").expect("outlaws");
    let (_, boss) = COMBATANTS.iter().find(|(id, _)| *id == "boss").expect("boss");
    assert_eq!(posse::systems::savage::ui::whose(&read(outlaws)), "Outlaws'");
    assert_eq!(posse::systems::savage::ui::whose(&read(boss)), "Boss's");
}
