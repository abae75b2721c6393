//! Frag Deadlands and Frag Zombies!!!: the `posse frag` command line contract (the real binary,
//! its JSON keys, exit codes and error sentences), and both variants played through the app's
//! window from set-up to a win, every die typed as a player would type the real ones.

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use posse::app::PosseApp;
use posse::store::DataDir;
use posse::systems::frag::app::FragApp;
use posse::systems::frag::game::{Game, Phase, Spot, Status, WinBy};
use serde_json::Value;

use super::support;

// ---------------------------------------------------------------------------------------------
// The command line.

/// `posse frag ARGS…`, in-process through the shared harness.
fn posse(args: &[&str]) -> support::Run {
    support::posse_in("frag", args)
}

/// The JSON answer of `posse frag ARGS… --json`, which must exit with `code`.
fn json(args: &[&str], code: i32) -> Value {
    support::json_of(&[&["frag"], args].concat(), code)
}

/// A failure of `posse frag ARGS…` (`support::fails`).
fn assert_fails(args: &[&str], code: i32, sentence: &str) {
    support::fails(&[&["frag"], args].concat(), code, sentence);
}

fn keys(v: &Value) -> Vec<&str> {
    let mut k: Vec<&str> = v.as_object().expect("an object").keys().map(String::as_str).collect();
    k.sort_unstable();
    k
}

fn close(v: &Value, expected: f64) {
    let x = v.as_f64().expect("a number");
    assert!((x - expected).abs() < 1e-12, "{x} is not {expected}");
}

#[test]
fn fighter_checks_the_seven_points_and_gives_the_characters_numbers() {
    let v =
        json(&["fighter", "--character", "huckster", "--health", "2", "--speed", "2", "--accuracy", "3"], 0);
    assert_eq!(
        keys(&v),
        [
            "accuracy",
            "attacks",
            "character",
            "hand_limit",
            "health",
            "jump",
            "move_dice",
            "power_up",
            "problems",
            "speed",
            "starting",
            "valid",
            "weapon_limit",
            "wins"
        ]
    );
    assert_eq!(
        (v["valid"].as_bool(), v["attacks"].as_u64(), v["power_up"].as_u64()),
        (Some(true), Some(2), Some(5))
    );
    assert_eq!((v["weapon_limit"].as_u64(), v["hand_limit"].as_u64()), (Some(3), Some(5)));
    assert_eq!(v["starting"]["name"], "Hoyle's Book of Games");
    // Speed 1: one movement die and a jump of one square, in words.
    let slow = posse(&[
        "fighter",
        "--character",
        "agency-operative",
        "--health",
        "3",
        "--speed",
        "1",
        "--accuracy",
        "3",
    ]);
    assert!(
        slow.stdout.contains("Attacks per turn 2, weapon cards in play 4, hand limit 4, power-ups on 4-6, movement 1 die, jump 1 square\n"),
        "{}",
        slow.stdout
    );
    let op = json(
        &["fighter", "--character", "agency-operative", "--health", "2", "--speed", "2", "--accuracy", "3"],
        0,
    );
    assert_eq!(
        (op["starting"]["name"].as_str(), op["starting"]["dice"].as_u64()),
        (Some("Gatling Pistol"), Some(3))
    );
    assert_eq!(op["hand_limit"], 4);
    // Our copy prints no starting item for the Mad Scientist; his weapon limit is his Health.
    let bad = json(
        &["fighter", "--character", "mad-scientist", "--health", "4", "--speed", "4", "--accuracy", "3"],
        1,
    );
    assert_eq!((bad["valid"].as_bool(), &bad["starting"]), (Some(false), &Value::Null));
    assert_eq!(bad["weapon_limit"], 4);
    assert_eq!(bad["power_up"], 3);
    assert_eq!(keys(&bad["problems"][0]), ["message", "rule"]);
    assert_eq!(bad["problems"][0]["rule"], "points");
    // A win adds a point, which may take a stat past 4.
    let five = json(
        &[
            "fighter",
            "--character",
            "saloon-gal",
            "--health",
            "5",
            "--speed",
            "2",
            "--accuracy",
            "1",
            "--wins",
            "1",
        ],
        0,
    );
    assert_eq!(five["valid"], true);
    assert_fails(
        &["fighter", "--character", "cowboy", "--health", "2", "--speed", "2", "--accuracy", "3"],
        2,
        "'cowboy' is not a character: use one of agency-operative, mad-scientist, huckster, harrowed-gunslinger, saloon-gal, indian-brave.",
    );
}

#[test]
fn hit_gives_the_exact_chance_and_reads_a_roll() {
    let v = json(&["hit", "--accuracy", "3", "--range", "9"], 0);
    assert_eq!(keys(&v), ["dice", "hit_chance", "range"]);
    // 3d6 at least 9: 160 of 216.
    close(&v["hit_chance"], 160.0 / 216.0);
    let rolled = json(&["hit", "--accuracy", "3", "--range", "9", "--roll", "4,3,2"], 0);
    assert_eq!(rolled["result"], "hit");
    let missed = json(&["hit", "--accuracy", "1", "--range", "4", "--bonus-dice", "1", "--roll", "1,2"], 0);
    assert_eq!((missed["dice"].as_u64(), missed["result"].as_str()), (Some(2), Some("miss")));
    assert_fails(
        &["hit", "--accuracy", "3", "--range", "9", "--roll", "4,3"],
        1,
        "The roll needs 3 dice, not 2.",
    );
}

#[test]
fn damage_odds_are_exact_and_rolls_give_the_result() {
    // 1 attack die against 1 defence die: damage is 1 on 21 of 36 (a tie or more), 2 on 6
    // (6/3, 4/2, 6/2, 2/1, 3/1, 5/1 less those counted: 2:1 3:1 4:2 5:2 6:3 and 4:1 5:1 6:1
    // …), counted exactly here by enumeration.
    let v = json(&["damage", "--dice", "1", "--health", "1"], 0);
    assert_eq!(keys(&v), ["chances", "dice", "distribution", "expected", "extra", "health"]);
    assert_eq!(keys(&v["chances"]), ["frag", "gallows", "none"]);
    let mut counts = [0u32; 7];
    for a in 1..=6 {
        for d in 1..=6 {
            counts[a / d] += 1;
        }
    }
    let dist = v["distribution"].as_array().expect("a distribution");
    assert_eq!(dist.len(), 7, "raw damage up to 6 / 1");
    for (k, p) in dist.iter().enumerate() {
        close(p, f64::from(counts[k]) / 36.0);
    }
    close(&v["chances"]["none"], 15.0 / 36.0);
    close(&v["chances"]["frag"], 21.0 / 36.0);
    // Gallows at twice Health 1: damage 2 or more.
    close(&v["chances"]["gallows"], f64::from(counts[2..].iter().sum::<u32>()) / 36.0);
    let mean: f64 =
        (0..7).map(|k| f64::from(counts[k]) * f64::from(u32::try_from(k).unwrap_or(0))).sum::<f64>() / 36.0;
    close(&v["expected"], mean);
    // Any frag of the Indian Brave may hang him.
    let brave = json(&["damage", "--dice", "1", "--health", "1", "--gallows-always"], 0);
    close(&brave["chances"]["gallows"], 21.0 / 36.0);
    // Rolls: 12 / 5 = 2, plus 1 extra, against Health 2: 3 damage, fragged, not gallows.
    let r = json(
        &[
            "damage",
            "--dice",
            "3",
            "--health",
            "2",
            "--extra",
            "1",
            "--attack-roll",
            "12",
            "--defense-roll",
            "5",
        ],
        0,
    );
    assert_eq!(
        (r["damage"].as_u64(), r["health_left"].as_u64(), r["result"].as_str()),
        (Some(3), Some(0), Some("fragged"))
    );
    let r = json(&["damage", "--dice", "3", "--health", "2", "--attack-roll", "4", "--defense-roll", "5"], 0);
    assert_eq!((r["damage"].as_u64(), r["result"].as_str()), (Some(0), Some("none")));
    let r =
        json(&["damage", "--dice", "3", "--health", "3", "--attack-roll", "10", "--defense-roll", "5"], 0);
    assert_eq!(
        (r["damage"].as_u64(), r["health_left"].as_u64(), r["result"].as_str()),
        (Some(2), Some(1), Some("wounded"))
    );
    let r =
        json(&["damage", "--dice", "3", "--health", "2", "--attack-roll", "16", "--defense-roll", "4"], 0);
    assert_eq!(r["result"], "gallows");
}

#[test]
fn the_agency_operative_rerolls_his_ones() {
    // deadlands:4 (Agency Operative, CHEATIN'): "May cheat on any revolver or gatling pistol
    // attack (to-hit or damage). Reroll any dice that come up a 1." Each 1 is rolled once more
    // and the second roll stands (reading R26).
    let plain = json(&["hit", "--accuracy", "2", "--range", "7"], 0);
    close(&plain["hit_chance"], 21.0 / 36.0);
    let v = json(&["hit", "--accuracy", "2", "--range", "7", "--reroll-ones"], 0);
    assert_eq!(keys(&v), ["dice", "hit_chance", "range", "rerolls_ones"]);
    assert_eq!(v["rerolls_ones"], true);
    close(&v["hit_chance"], 945.0 / 1296.0);
    assert_eq!(
        posse(&["hit", "--accuracy", "2", "--range", "7", "--reroll-ones", "--roll", "6,1"]).stdout,
        "2 dice rerolling 1s at range 7: 72.9% to hit (945 of 1296 rolls)\nRolled 7: hit\n"
    );
    // The Gatling Pistol's 3d against Health 2: a frag on 30.6% of the rolls, 38.0% rerolled.
    let plain = json(&["damage", "--dice", "3", "--health", "2"], 0);
    close(&plain["chances"]["frag"], 2379.0 / 7776.0);
    let v = json(&["damage", "--dice", "3", "--health", "2", "--attack-rerolls-ones"], 0);
    assert_eq!(
        keys(&v),
        ["attack_rerolls_ones", "chances", "dice", "distribution", "expected", "extra", "health"]
    );
    close(&v["chances"]["frag"], 638_715.0 / 1_679_616.0);
    let v = json(&["damage", "--dice", "3", "--health", "2", "--defence-rerolls-ones"], 0);
    assert_eq!(
        keys(&v),
        ["chances", "defence_rerolls_ones", "dice", "distribution", "expected", "extra", "health"]
    );
    close(&v["chances"]["frag"], 52_659.0 / 279_936.0);
    let both = json(
        &["damage", "--dice", "1", "--health", "1", "--attack-rerolls-ones", "--defence-rerolls-ones"],
        0,
    );
    assert_eq!(
        (both["attack_rerolls_ones"].as_bool(), both["defence_rerolls_ones"].as_bool()),
        (Some(true), Some(true))
    );
    // A rerolling die has 36 outcomes: it counts twice against the 49 dice counted exactly.
    assert_fails(
        &["hit", "--accuracy", "25", "--range", "7", "--reroll-ones"],
        1,
        "Posse counts the odds exactly for at most 49 dice in all, not 50 (Accuracy 25 and 0 bonus \
         dice, each rerolling a 1 and counting twice).",
    );
    assert_fails(
        &["damage", "--dice", "25", "--health", "5", "--attack-rerolls-ones"],
        1,
        "Posse counts the odds exactly for at most 49 dice in all, not 55 (25 damage dice and 5 \
         defence dice, a rerolling die counting twice).",
    );
}

#[test]
fn every_count_is_bounded_before_anything_is_counted() {
    // --extra 4294967295 asked for a 64 GiB table of damage and aborted.
    for extra in ["100", "4294967295"] {
        assert_fails(
            &["damage", "--dice", "4", "--health", "1", "--extra", extra],
            1,
            &format!("Extra damage is 0 to 99, not {extra}."),
        );
    }
    assert_eq!(
        json(&["damage", "--dice", "1", "--health", "1", "--extra", "99"], 0)["distribution"]
            .as_array()
            .map(Vec::len),
        Some(106)
    );
    assert_fails(
        &["damage", "--dice", "30", "--health", "20"],
        1,
        "Posse counts the odds exactly for at most 49 dice in all, not 50 (30 damage dice and 20 defence dice).",
    );
    assert_fails(
        &["damage", "--dice", "4294967295", "--health", "4294967295"],
        1,
        "Posse counts the odds exactly for at most 49 dice in all, not 4294967295 (4294967295 damage dice and 4294967295 defence dice).",
    );
    assert_fails(
        &["hit", "--accuracy", "4294967295", "--range", "3", "--bonus-dice", "4294967295"],
        1,
        "Posse counts the odds exactly for at most 49 dice in all, not 4294967295 (Accuracy 4294967295 and 4294967295 bonus dice).",
    );
    assert_eq!(json(&["hit", "--accuracy", "40", "--range", "3", "--bonus-dice", "9"], 0)["dice"], 49);
    // The largest pool: the expected damage is the mean of the distribution shown (it was
    // 0.103 when a whole-number sum overflowed; the mean is 68.30).
    let v = json(&["damage", "--dice", "48", "--health", "1"], 0);
    let mean: f64 = v["distribution"]
        .as_array()
        .expect("a list")
        .iter()
        .enumerate()
        .map(|(k, p)| f64::from(u32::try_from(k).expect("small")) * p.as_f64().expect("a number"))
        .sum();
    close(&v["expected"], mean);
    assert!(
        posse(&["damage", "--dice", "48", "--health", "1"])
            .stdout
            .starts_with("48d damage against Health 1 (1 defence die): expected 68.30\n")
    );
    // A fighter of absurd stats is reported, not an overflow.
    let v = json(
        &["fighter", "--character", "huckster", "--health", "4294967295", "--speed", "1", "--accuracy", "1"],
        1,
    );
    assert_eq!(v["weapon_limit"], 4_294_967_295_u64);
}

#[test]
fn poker_ranks_the_hands_and_lists_a_full_tie() {
    let v = json(&["poker", "--hand", "Ann=AS,KS,QS,JS,10S", "--hand", "Bob=JK,2H,2D,2C,5S"], 0);
    assert_eq!(keys(&v), ["first", "hands", "tied"]);
    assert_eq!(keys(&v["hands"][0]), ["cards", "player", "rank"]);
    assert_eq!(
        (v["hands"][0]["rank"].as_str(), v["hands"][1]["rank"].as_str()),
        (Some("royal_flush"), Some("four_of_a_kind"))
    );
    assert_eq!(v["first"], "Ann");
    assert_eq!(v["tied"], serde_json::json!([]));
    let tie = json(&["poker", "--hand", "Ann=AS,KS,QS,JS,10S", "--hand", "Bob=AH,KH,QH,JH,10H"], 0);
    assert_eq!(tie["first"], Value::Null);
    assert_eq!(tie["tied"], serde_json::json!(["Ann", "Bob"]));
    // Within a rank, the usual order: a pair of kings beats a pair of sevens.
    let pairs = json(&["poker", "--hand", "Ann=7H,7D,2C,3S,9D", "--hand", "Bob=KH,KD,2S,3C,4D"], 0);
    assert_eq!(pairs["first"], "Bob");
}

#[test]
fn zombie_frags_count_cards_and_blood() {
    let v = json(&["zombie-frags", "--count", "12"], 0);
    assert_eq!(keys(&v), ["blood", "event_cards", "frags"]);
    assert_eq!(
        (v["frags"].as_u64(), v["event_cards"].as_u64(), v["blood"].as_u64()),
        (Some(12), Some(5), Some(2))
    );
    let v = json(&["zombie-frags", "--count", "6"], 0);
    assert_eq!((v["event_cards"].as_u64(), v["blood"].as_u64()), (Some(5), Some(0)));
    let v = json(&["zombie-frags", "--count", "3"], 0);
    assert_eq!(v["event_cards"], 3);
}

#[test]
fn record_sheet_prints_a_fighter_file() {
    let dir = tempfile::tempdir().expect("temp dir");
    let fighter = dir.path().join("ann.json");
    std::fs::write(
        &fighter,
        r#"{"character":"agency-operative","name":"Ann","health":2,"speed":2,"accuracy":3}"#,
    )
    .expect("fighter file");
    let out = dir.path().join("ann.pdf");
    let run = posse(&[
        "record-sheet",
        fighter.to_str().expect("path"),
        "--out",
        out.to_str().expect("path"),
        "--paper",
        "letter",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(std::fs::read(&out).expect("the sheet").starts_with(b"%PDF"));
    let missing = dir.path().join("nobody.json");
    let run = posse(&["record-sheet", missing.to_str().expect("path"), "--out", out.to_str().expect("path")]);
    assert_ne!(run.code, 0);
    assert_eq!(run.stderr.trim().lines().count(), 1, "{}", run.stderr);
}

// ---------------------------------------------------------------------------------------------
// The app.

use support::{App, pick, type_in};

/// A data folder holding Frag fighters `(id, character, health, speed, accuracy)`.
pub(crate) fn data_with_fighters(fighters: &[(&str, &str, u32, u32, u32)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    let to = dir.path().join("frag").join("fighters");
    std::fs::create_dir_all(&to).expect("fighters folder");
    for (id, character, health, speed, accuracy) in fighters {
        let json = serde_json::json!({
            "character": character, "name": id, "health": health, "speed": speed, "accuracy": accuracy
        });
        std::fs::write(to.join(format!("{id}.json")), json.to_string()).expect("fighter file");
    }
    dir
}

/// The app on `dir` at the table's 1280×800, opened on Frag's Play tab.
fn frag_play(dir: &std::path::Path) -> App {
    let data = DataDir::at(dir);
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .build_eframe(move |cc| PosseApp::with_data(cc, posse::systems::ALL, Some(data)));
    h.run();
    if h.state().home {
        h.get_by_label("Frag Deadlands").click();
        h.run();
    }
    h.get_by_label("Play").click();
    h.run();
    h
}

fn frag(h: &App) -> &FragApp {
    h.state().system::<FragApp>().expect("Frag")
}

fn game(h: &App) -> &Game {
    frag(h).game().expect("a game is open")
}

fn last_line(h: &App) -> String {
    game(h).lines.last().cloned().unwrap_or_default()
}

/// Clicks the button labelled `label`, scrolled into view first.
fn press(h: &mut App, label: &str) {
    let node = h.get_by_role_and_label(Role::Button, label);
    assert!(!node.accesskit_node().is_disabled(), "{label} is greyed out");
    node.scroll_to_me();
    h.run();
    h.get_by_role_and_label(Role::Button, label).click_accesskit();
    h.run();
}

/// Presses `label` `times` times.
fn press_times(h: &mut App, label: &str, times: u32) {
    for _ in 0..times {
        press(h, label);
    }
}

/// Frag Zombies!!! started with Ann (a Saloon Gal) and Bob (a Mad Scientist), who goes first
/// not yet rolled; the data folder is held for as long as the harness.
fn zombies_ann_and_bob() -> (tempfile::TempDir, App) {
    let dir = data_with_fighters(&[("ann", "saloon-gal", 2, 3, 2), ("bob", "mad-scientist", 3, 2, 2)]);
    let mut h = frag_play(dir.path());
    press(&mut h, "Game Frag Zombies!!!");
    seat_and_start(&mut h, &[("Ann", "ann (Saloon Gal 2/3/2)"), ("Bob", "bob (Mad Scientist 3/2/2)")]);
    (dir, h)
}

/// [`zombies_ann_and_bob`], Ann first (she rolls 6, Bob 3).
fn zombies_ann_first() -> (tempfile::TempDir, App) {
    let (dir, mut h) = zombies_ann_and_bob();
    type_in(&mut h, "Ann's roll", "6");
    type_in(&mut h, "Bob's roll", "3");
    press(&mut h, "Who goes first");
    (dir, h)
}

/// Seats the players `(name, fighter's label)` and starts the game.
fn seat_and_start(h: &mut App, players: &[(&str, &str)]) {
    for (i, (name, fighter)) in players.iter().enumerate() {
        let n = i + 1;
        type_in(h, &format!("Player {n}'s name"), name);
        pick(h, &format!("Player {n}'s fighter"), fighter);
    }
    press(h, "Start the game");
}

fn status(h: &App, seat: usize) -> Status {
    game(h).state.players[seat].status
}

#[test]
fn frag_deadlands_from_set_up_to_a_win_on_the_gallows() {
    let dir = data_with_fighters(&[("ann", "agency-operative", 2, 2, 3), ("bob", "indian-brave", 3, 2, 2)]);
    let mut h = frag_play(dir.path());
    press_times(&mut h, "Fewer: Frags to win", 2);
    let labels: Vec<String> = frag(&h).fighters.entries.iter().map(|e| e.id.clone()).collect();
    assert_eq!(labels, ["ann", "bob"]);
    seat_and_start(&mut h, &[("Ann", "ann (Agency Operative 2/2/3)"), ("Bob", "bob (Indian Brave 3/2/2)")]);
    assert_eq!(game(&h).state.frag_target, 1);

    // Who goes first: Ann's typed royal flush beats Bob's pair of sevens.
    type_in(&mut h, "Ann's poker hand", "AS KS QS JS 10S");
    type_in(&mut h, "Bob's poker hand", "7H 7D 2C 3S 9D");
    press(&mut h, "Rank the hands");
    assert_eq!(game(&h).state.current_player(), Some(0));

    // Ann's first turn: a 3 for her respawn square, 1+1 for movement, done.
    type_in(&mut h, "Respawn square", "3");
    press(&mut h, "Respawn");
    assert_eq!(status(&h, 0), Status::Active(Spot::Respawn(3)));
    type_in(&mut h, "Movement dice", "1 1");
    press(&mut h, "Roll for movement");
    press(&mut h, "End the turn");

    // Bob rolls 3 too: Ann is bumped and rolls 5.
    type_in(&mut h, "Respawn square", "3");
    press(&mut h, "Respawn");
    assert_eq!(game(&h).state.pending_bump, Some(0));
    type_in(&mut h, "Ann's new respawn square", "5");
    press(&mut h, "Move Ann");
    assert_eq!(
        (status(&h, 0), status(&h, 1)),
        (Status::Active(Spot::Respawn(5)), Status::Active(Spot::Respawn(3)))
    );
    assert_eq!(last_line(&h), "Ann is bumped and rolls 5: respawn square 5");

    // The table breaks for supper: the journal keeps the game, and a new window resumes it.
    let events = game(&h).events.clone();
    drop(h);
    let mut h = frag_play(dir.path());
    assert!(frag(&h).game().is_none());
    press(&mut h, "Resume Ann v Bob · Frag Deadlands · round 1 · unfinished");
    assert_eq!(game(&h).events, events);
    type_in(&mut h, "Movement dice", "2 2");
    press(&mut h, "Roll for movement");

    // Bob's bow at range 1: 2+2 hits; 6+6 = 12 against Ann's 1+1 = 2 is 6 damage, at least
    // twice her Health of 2: she goes to the gallows, and Bob's frag wins.
    press(&mut h, "Target Ann");
    assert!(h.query_by_label("Hits at range 1").is_some(), "the odds show before the roll");
    type_in(&mut h, "To-hit dice", "2 2");
    type_in(&mut h, "Damage dice", "6 6");
    type_in(&mut h, "Ann's defence dice", "1 1");
    assert!(
        h.get_by_role_and_label(Role::Button, "Attack").accesskit_node().is_disabled(),
        "pick the gallows first"
    );
    press(&mut h, "Gallows square 2");
    press(&mut h, "Attack");
    assert_eq!(status(&h, 0), Status::Hanged(2));
    let s = &game(&h).state;
    assert_eq!(s.winner.map(|w| (w.player, w.by)), Some((1, WinBy::Frags)));
    assert!(last_line(&h).contains("hangs on gallows square 2"), "{}", last_line(&h));
    assert!(h.query_by_label("Bob wins with 1 frag!").is_some());

    // Undo names the attack and takes back exactly it; Redo puts it back.
    let attack = last_line(&h);
    press(&mut h, &format!("Undo: {attack}"));
    assert_eq!(status(&h, 0), Status::Active(Spot::Respawn(5)));
    assert_eq!(game(&h).state.winner, None);
    press(&mut h, &format!("Redo: {attack}"));
    assert_eq!(status(&h, 0), Status::Hanged(2));
}

/// Ann, an Agency Operative, against Bob, an Indian Brave: Ann's royal flush goes first, she
/// respawns on square 3 and rolls 1 and 1 for movement.
fn ann_the_operative_has_moved() -> (tempfile::TempDir, App) {
    ann_the_operative_has_moved_at(1280.0, 800.0)
}

/// [`ann_the_operative_has_moved`] in a `width` × `height` window.
fn ann_the_operative_has_moved_at(width: f32, height: f32) -> (tempfile::TempDir, App) {
    let dir = data_with_fighters(&[("ann", "agency-operative", 2, 2, 3), ("bob", "indian-brave", 3, 2, 2)]);
    let mut h = frag_play(dir.path());
    h.set_size(egui::vec2(width, height));
    h.run();
    seat_and_start(&mut h, &[("Ann", "ann (Agency Operative 2/2/3)"), ("Bob", "bob (Indian Brave 3/2/2)")]);
    type_in(&mut h, "Ann's poker hand", "AS KS QS JS 10S");
    type_in(&mut h, "Bob's poker hand", "7H 7D 2C 3S 9D");
    press(&mut h, "Rank the hands");
    type_in(&mut h, "Respawn square", "3");
    press(&mut h, "Respawn");
    type_in(&mut h, "Movement dice", "1 1");
    press(&mut h, "Roll for movement");
    (dir, h)
}

/// [`ann_the_operative_has_moved`], then Ann ends the turn, Bob respawns (square 4) and moves
/// two squares, and Ann's next turn rolls `movement`.
fn anns_next_turn_with_movement(movement: &str) -> (tempfile::TempDir, App) {
    anns_next_turn_at(1280.0, 800.0, movement)
}

/// [`anns_next_turn_with_movement`] in a `width` × `height` window.
fn anns_next_turn_at(width: f32, height: f32, movement: &str) -> (tempfile::TempDir, App) {
    let (dir, mut h) = ann_the_operative_has_moved_at(width, height);
    press(&mut h, "End the turn");
    type_in(&mut h, "Respawn square", "4");
    press(&mut h, "Respawn");
    type_in(&mut h, "Movement dice", "1 1");
    press(&mut h, "Roll for movement");
    press(&mut h, "End the turn");
    type_in(&mut h, "Movement dice", movement);
    press(&mut h, "Roll for movement");
    (dir, h)
}

/// Frag Deadlands at 1280×800, the Agency Operative's attack: the dice's totals were cut
/// ("= 12 · r…", "= 3 · sta…") in the room left beside the Roll buttons, and his Cheatin'
/// note wrapped past its column, under the damage odds ("…shows a 1," under the bars). The
/// totals take two lines inside their row when one is too long; the note wraps in its column.
#[test]
fn frag_the_operatives_attack_panel_shows_its_totals_whole_and_its_note_in_its_column() {
    let (_dir, mut h) = anns_next_turn_with_movement("6 2");
    press(&mut h, "Target Bob");
    press(&mut h, "More: Range (squares)");
    press(&mut h, "More: Range (squares)");
    let button = h.get_by_role_and_label(Role::Button, "Attack").rect();
    type_in(&mut h, "To-hit dice", "4 5 2");
    type_in(&mut h, "Damage dice", "1 5 6");
    type_in(&mut h, "Damage 1s rolled again", "3");
    type_in(&mut h, "Bob's defence dice", "2 3 1");
    assert_eq!(h.get_by_role_and_label(Role::Button, "Attack").rect(), button, "the button stays put");
    let column_right = h.get_by_label("Agency Operative · move, power up and attack").rect().right();
    // Whole: on one line in the large type (20 points) in its box, or on at most two lines of
    // the smaller type (14 points) in its box's width. Cut short, it was neither.
    let whole = |h: &App, text: &str, shown: egui::Rect| {
        let width = |size: f32, wrap: f32| {
            h.ctx.fonts_mut(|f| {
                let galley =
                    f.layout(text.to_owned(), egui::FontId::proportional(size), egui::Color32::WHITE, wrap);
                (galley.size(), galley.rows.len())
            })
        };
        let (small, rows) = width(14.0, shown.width() + 0.5);
        width(20.0, f32::INFINITY).0.x <= shown.width() + 0.5
            || (rows <= 2 && small.y <= shown.height() + 0.5)
    };
    for (total, field) in
        [("= 12 · roll each 1 again", "Damage dice"), ("= 3 · stands at 14", "Damage 1s rolled again")]
    {
        let shown = h.get_by_label(total).rect();
        let row = h.get_by_role_and_label(Role::TextInput, field).rect();
        assert!(whole(&h, total, shown), "{total} is cut short: {shown:?}");
        assert!(
            shown.top() >= row.top() - 0.5 && shown.bottom() <= row.bottom() + 0.5,
            "{total} in its row: {shown:?}, {row:?}"
        );
        assert!(shown.right() <= column_right, "{total} inside the panel: {shown:?}");
    }
    // The note under the hit odds keeps a gap from the damage odds beside it (it wrapped to
    // x = 983, against their labels at 985).
    let note = h.query_by_label_contains("Cheatin'").expect("the Operative's note").rect();
    let odds = h.get_by_label("No damage").rect();
    assert!(note.right() + 6.0 <= odds.left(), "the note stays in its column: {note:?}, {odds:?}");
}

#[test]
fn the_operatives_ones_are_rolled_again_on_the_attack_panel() {
    // deadlands:4 (Agency Operative, CHEATIN'): "May cheat on any revolver or gatling pistol
    // attack (to-hit or damage). Reroll any dice that come up a 1."
    let (_dir, mut h) = anns_next_turn_with_movement("2 2");

    // Her Gatling Pistol at Bob: the odds count the rerolls (3d against Health 3), and a field
    // for each roll's 1s stands under it, greyed until a 1 is typed.
    press(&mut h, "Target Bob");
    let disabled =
        |h: &App, label: &str| h.get_by_role_and_label(Role::TextInput, label).accesskit_node().is_disabled();
    assert!(disabled(&h, "To-hit 1s rolled again") && disabled(&h, "Damage 1s rolled again"));
    assert!(h.query_by_label("Bob's defence 1s rolled again").is_none(), "the book: attacks only");
    let button = h.get_by_role_and_label(Role::Button, "Attack").rect();
    type_in(&mut h, "To-hit dice", "1 3 3");
    assert!(!disabled(&h, "To-hit 1s rolled again"));
    assert!(h.query_by_label_contains("roll each 1 again").is_some());
    type_in(&mut h, "To-hit 1s rolled again", "5");
    assert!(h.query_by_label_contains("a hit").is_some());
    type_in(&mut h, "Damage dice", "1 6 6");
    type_in(&mut h, "Damage 1s rolled again", "1");
    type_in(&mut h, "Bob's defence dice", "2 2 2");
    assert_eq!(h.get_by_role_and_label(Role::Button, "Attack").rect(), button, "the button stays put");
    press(&mut h, "Attack");
    assert_eq!(
        last_line(&h),
        "Ann attacks Bob with the Gatling Pistol: hit on 11 (needed 1), 13 against 6: 2 damage, Bob has 1 Health left (2 dice that came up 1 rolled again)"
    );
    assert_eq!(game(&h).state.players[1].health, 1);
}

#[test]
fn a_fighter_with_a_cure_is_asked_before_the_frag() {
    // deadlands:8: "If the Health of the target drops to 0 or less, and he can't cure it
    // instantly with cards, he is fragged."
    let (_dir, mut h) = ann_the_operative_has_moved();
    press(&mut h, "End the turn");
    type_in(&mut h, "Respawn square", "4");
    press(&mut h, "Respawn");
    type_in(&mut h, "Movement dice", "2 2");
    press(&mut h, "Roll for movement");

    // Bob's bow: 6+6 = 12 against Ann's 3+3 = 6 is 2 damage, her Health of 2. Her player says
    // she holds a healing card.
    press(&mut h, "Target Ann");
    let end_turn = h.get_by_role_and_label(Role::Button, "End the turn").rect();
    type_in(&mut h, "To-hit dice", "2 2");
    type_in(&mut h, "Damage dice", "6 6");
    type_in(&mut h, "Ann's defence dice", "3 3");
    let tick = "Ann can cure it at once (a healing card, a blood counter in reach)";
    h.get_by_label(tick).click();
    h.run();
    press(&mut h, "Attack");
    assert_eq!(
        last_line(&h),
        "Bob attacks Ann with the Bow & Arrows: hit on 4 (needed 1), 12 against 6: 2 damage, Ann is at 0 Health: they cure it now or are fragged"
    );
    assert_eq!((status(&h, 0), game(&h).state.players[0].health), (Status::Active(Spot::Respawn(3)), 0));
    assert!(h.query_by_label("Ann is at 0 Health: cure it now, or be fragged.").is_some());
    let disabled =
        |h: &App, label: &str| h.get_by_role_and_label(Role::Button, label).accesskit_node().is_disabled();
    assert!(disabled(&h, "Cure with … (name the card)"), "the card is named first");
    assert!(disabled(&h, "End the turn"), "the cure comes first");
    type_in(&mut h, "Healing card", "Bandages");
    press(&mut h, "Cure with Bandages");
    assert_eq!(last_line(&h), "Ann plays Bandages: cured with Health 1, not fragged");
    let s = &game(&h).state;
    assert_eq!(
        (s.players[0].status, s.players[0].health, s.players[1].frags),
        (Status::Active(Spot::Respawn(3)), 1, 0)
    );
    assert!(h.query_by_label("No cure: fragged").is_none(), "the prompt is gone");
    assert_eq!(h.get_by_role_and_label(Role::Button, "End the turn").rect(), end_turn, "back in its place");

    // Undone, she declines instead: the frag is recorded.
    press(&mut h, "Undo: Ann plays Bandages: cured with Health 1, not fragged");
    press(&mut h, "No cure: fragged");
    assert_eq!(
        last_line(&h),
        "No cure: Ann is fragged, Bob 1 frag, draws 1 Special card; their leftovers lie on their square"
    );
    assert_eq!((status(&h, 0), game(&h).state.players[1].frags), (Status::Fragged, 1));
}

#[test]
fn frag_zombies_a_turn_with_three_zombie_attacks_then_too_many_frags_and_a_win() {
    let (_dir, mut h) = zombies_ann_and_bob();
    // zombies:27: "All players roll to see who goes first"; the cards to take out are recalled.
    assert!(h.query_by_label_contains("Take out of the Gadget deck: Energy Reflector").is_some());
    type_in(&mut h, "Ann's roll", "6");
    type_in(&mut h, "Bob's roll", "3");
    press(&mut h, "Who goes first");
    assert_eq!(last_line(&h), "Who goes first: Ann rolls 6, Bob rolls 3");
    assert_eq!(game(&h).state.players[0].hand, 3, "a weapon, a gadget and an event card");
    assert_eq!(game(&h).state.zombie_pool, 100);

    // Ann's turn: the Hospital with 20 zombies from the pool.
    type_in(&mut h, "Map tile", "Hospital");
    press_times(&mut h, "More: Zombies placed", 20);
    press(&mut h, "Place the tile");
    assert_eq!(game(&h).state.zombie_pool, 80);
    // Movement is her Speed, no roll: 3 squares.
    assert_eq!(game(&h).state.moves_left(), 3);
    press(&mut h, "Move 3");
    // Her Derringer at a zombie: 1+1 hits at range 1; 3+4 against 6 is 1 damage.
    press(&mut h, "Target a zombie");
    type_in(&mut h, "To-hit dice", "1 1");
    type_in(&mut h, "Damage dice", "3 4");
    type_in(&mut h, "the zombie's defence dice", "6");
    press(&mut h, "Attack");
    assert_eq!(game(&h).state.players[0].zombie_frags, 1);

    // Bob, to her right, rolls 4 for the zombies; three are next to her and attack one by one.
    type_in(&mut h, "Zombie move die", "4");
    press(&mut h, "Move the zombies");
    press_times(&mut h, "More: Zombies next to the fighter", 3);
    press(&mut h, "These zombies attack");
    for (damage, defence, line) in [
        ("2 3", "3 4", "A zombie attacks Ann: 5 against 7: 0 damage, no harm done"),
        ("5 5", "4 5", "A zombie attacks Ann: 10 against 9: 1 damage, Ann has 1 Health left"),
        (
            "6 6",
            "3",
            "A zombie attacks Ann: 12 against 3: 4 damage, Ann is fragged and goes back to Town Square (no one scores); their leftovers lie on their square",
        ),
    ] {
        assert!(h.query_by_label("No damage").is_some(), "odds before each zombie attack");
        type_in(&mut h, "Zombie damage dice", damage);
        type_in(&mut h, "Ann's defence dice", defence);
        press(&mut h, "Resolve the zombie attack");
        assert_eq!(last_line(&h), line);
    }
    assert_eq!(status(&h, 0), Status::Fragged);
    press(&mut h, "End the turn");

    // Bob's turn: no tile; twelve zombies fragged with cards, 5 event cards, 2 blood points.
    press(&mut h, "No tiles left");
    press_times(&mut h, "More: Zombies", 5);
    press(&mut h, "Bob frags 6 with a card");
    assert_eq!(last_line(&h), "Bob frags 6 zombies with a card: 6 in all, draws 5 event cards");
    press(&mut h, "Bob frags 6 with a card");
    assert_eq!(
        last_line(&h),
        "Bob frags 6 zombies with a card: 12 in all, no more event cards this turn, gains 2 blood points for the slaughter"
    );
    let bob = &game(&h).state.players[1];
    assert_eq!((bob.zombie_frags, bob.blood), (12, 2));
    type_in(&mut h, "Zombie move die", "2");
    press(&mut h, "Move the zombies (2 squares and 1 attack unused)");
    press(&mut h, "These zombies attack");
    let discard = game(&h).state.must_discard(frag(&h).book());
    assert!(discard > 0);
    press(&mut h, &format!("Discard {discard} cards"));
    press(&mut h, "End the turn");

    // Ann comes back at Town Square, and reaches the Heliport's centre: she wins.
    press(&mut h, "Respawn at Town Square");
    assert_eq!(status(&h, 0), Status::Active(Spot::TownSquare));
    press(&mut h, "Place the tile");
    press(&mut h, "Ann reaches the centre of the Heliport");
    assert_eq!(game(&h).state.winner.map(|w| (w.player, w.by)), Some((0, WinBy::Heliport)));
}

/// Bounds of the button labelled `label`, as laid out now (without scrolling to it).
/// From the set-up to Bob's turn two: Ann and Bob seated (Ann wins the poker hands), Ann
/// respawns on square 3 and moves 2, Bob respawns on square 4 and rolls 2+2 to move.
pub(crate) fn to_bobs_turn(h: &mut App) {
    seat_and_start(h, &[("Ann", "ann (Agency Operative 2/2/3)"), ("Bob", "bob (Indian Brave 3/2/2)")]);
    type_in(h, "Ann's poker hand", "AS KS QS JS 10S");
    type_in(h, "Bob's poker hand", "7H 7D 2C 3S 9D");
    press(h, "Rank the hands");
    type_in(h, "Respawn square", "3");
    press(h, "Respawn");
    type_in(h, "Movement dice", "1 1");
    press(h, "Roll for movement");
    press(h, "End the turn");
    type_in(h, "Respawn square", "4");
    press(h, "Respawn");
    type_in(h, "Movement dice", "2 2");
    press(h, "Roll for movement");
}

/// Ann (Agency Operative) and Bob (Indian Brave) at the table in a `width` × `height`
/// window, at Bob's turn two ([`to_bobs_turn`]).
fn bobs_turn_at(width: f32, height: f32) -> (tempfile::TempDir, App) {
    let dir = data_with_fighters(&[("ann", "agency-operative", 2, 2, 3), ("bob", "indian-brave", 3, 2, 2)]);
    let mut h = frag_play(dir.path());
    h.set_size(egui::vec2(width, height));
    h.run();
    to_bobs_turn(&mut h);
    (dir, h)
}

fn bottom_of(h: &App, label: &str) -> f32 {
    h.get_by_role_and_label(Role::Button, label).rect().max.y
}

#[test]
fn the_every_turn_path_fits_the_window_without_scrolling() {
    let (_dir, mut h) = bobs_turn_at(1280.0, 800.0);
    h.get_by_label("Target Ann").click_accesskit();
    h.run();
    type_in(&mut h, "To-hit dice", "2 2");
    // The longest panel: 6+6 against 1+1 hangs Ann, so the gallows squares are shown too.
    type_in(&mut h, "Damage dice", "6 6");
    type_in(&mut h, "Ann's defence dice", "1 1");
    h.run();
    for label in ["Move 1", "Check the power-up", "Attack", "End the turn"] {
        assert!(bottom_of(&h, label) <= 800.0, "{label} is below the window");
    }
}

/// Bob's bow at Ann in the longest panel (6+6 against her 1+1 hangs her, so the gallows
/// squares stand beside Attack), at 1024 × 768, where the turn is one column, and at the
/// table's 1280 × 800: the target, the weapon, every Roll button, Attack, the gallows squares
/// and every odds bar stand inside the window, reached without scrolling, and nothing reaches
/// past its right edge. At 1024 × 768 the attack panel stood under the moves, the power-up,
/// the held attacks and the hazards: its targets at y = 785, under the window, Attack at 1059
/// and the last odds at 1442.
#[test]
fn frag_the_attack_fits_1024_by_768_and_1280_by_800_without_scrolling() {
    for (width, height) in [(1024.0, 768.0), (1280.0, 800.0)] {
        let (_dir, mut h) = bobs_turn_at(width, height);
        // Clicked and typed where they stand: nothing scrolls the turn.
        click(&mut h, "Target Ann");
        type_in(&mut h, "To-hit dice", "2 2");
        type_in(&mut h, "Damage dice", "6 6");
        type_in(&mut h, "Ann's defence dice", "1 1");
        let attack = AttackInView {
            buttons: &[
                "Target Ann",
                "Bow & Arrows (2d)",
                "Roll: To-hit dice",
                "Roll: Damage dice",
                "Roll: Ann's defence dice",
                "Attack",
                "Gallows square 1",
            ],
            fields: &["To-hit dice", "Damage dice", "Ann's defence dice"],
            words: &[
                "Hits at range 1",
                "Hit and frag",
                "No damage",
                "Loses 1 Health",
                "Fragged",
                "Onto the gallows",
            ],
        };
        attack.assert_in_view(&h, width, height);
    }
}

/// Ann's Agency Operative at Bob at 1024 × 768, on the longest panel of an attack she makes
/// every turn: a field for the 1s of each of her rolls, her Cheatin' note under the hit odds,
/// and 18 against 3, 6 damage, which hangs Bob (the gallows squares beside Attack, the cure
/// tick under it).
/// Her target, her dice, Attack and every line of the odds stand inside the page's view
/// without scrolling. The odds stood at y = 752 to 874 and the note ran to 878, under the
/// view's foot at 760, which the page could not be scrolled past.
#[test]
fn frag_the_operatives_attack_is_in_view_at_1024_by_768() {
    let (width, height) = (1024.0, 768.0);
    let (_dir, mut h) = anns_next_turn_at(width, height, "2 2");
    click(&mut h, "Target Bob");
    let button = h.get_by_role_and_label(Role::Button, "Attack").rect();
    type_in(&mut h, "To-hit dice", "1 3 3");
    type_in(&mut h, "To-hit 1s rolled again", "5");
    type_in(&mut h, "Damage dice", "1 6 6");
    type_in(&mut h, "Damage 1s rolled again", "6");
    type_in(&mut h, "Bob's defence dice", "1 1 1");
    assert_eq!(h.get_by_role_and_label(Role::Button, "Attack").rect(), button, "the button stays put");
    let attack = AttackInView {
        buttons: &[
            "Target Bob",
            "Gatling Pistol (3d)",
            "Roll: To-hit dice",
            "Roll: To-hit 1s rolled again",
            "Roll: Damage dice",
            "Roll: Damage 1s rolled again",
            "Roll: Bob's defence dice",
            "Attack",
            "Gallows square 1",
        ],
        fields: &[
            "To-hit dice",
            "To-hit 1s rolled again",
            "Damage dice",
            "Damage 1s rolled again",
            "Bob's defence dice",
        ],
        words: &[
            "Bob can cure it at once",
            "Hits at range 1",
            "Hit and frag",
            "Expected damage",
            "Cheatin'",
            "No damage",
            "Loses 1 Health",
            "Loses 2 Health",
            "Fragged",
            "Onto the gallows",
        ],
    };
    attack.assert_in_view(&h, width, height);
}

/// The central panel's margin under the page, in points: what is drawn lower is cut off.
const VIEW_MARGIN: f32 = 8.0;

/// What of an attack panel must be in view: buttons, dice fields and words (odds and notes,
/// found by the start of their label), each by its accessible name.
struct AttackInView<'a> {
    buttons: &'a [&'a str],
    fields: &'a [&'a str],
    words: &'a [&'a str],
}

impl AttackInView<'_> {
    /// Each of them not shown, or not wholly inside a `width` × `height` window's view as laid
    /// out now (without scrolling): the page's view ends [`VIEW_MARGIN`] above the window's
    /// foot. And everything reaching past the window's right edge.
    fn out_of_view(&self, h: &App, width: f32, height: f32) -> Vec<String> {
        let size = format!("{width}×{height}");
        let outside = |shown: egui::Rect| {
            !shown.is_positive()
                || shown.top() < 0.0
                || shown.bottom() > height - VIEW_MARGIN
                || shown.right() > width
        };
        let mut found = Vec::new();
        let mut check = |what: &str, label: &str, shown: egui::Rect| {
            if outside(shown) {
                found.push(format!("{size}: {what} {label} at {shown:?}"));
            }
        };
        for label in self.buttons {
            check("the button", label, h.get_by_role_and_label(Role::Button, label).rect());
        }
        for label in self.fields {
            check("the field", label, h.get_by_role_and_label(Role::TextInput, label).rect());
        }
        for label in self.words {
            let shown = h.query_by_label_contains(label).map_or(egui::Rect::NOTHING, |n| n.rect());
            check("the words", label, shown);
        }
        found.extend(past_the_edge(h, width, &size));
        found
    }

    /// Fails, naming each, when any of them is [`out_of_view`](Self::out_of_view).
    fn assert_in_view(&self, h: &App, width: f32, height: f32) {
        let found = self.out_of_view(h, width, height);
        assert!(found.is_empty(), "{}", found.join("\n"));
    }
}

#[test]
fn a_fighter_designed_saved_and_printed_from_the_fighters_tab() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = frag_play(dir.path());
    h.get_by_label("Fighters").click();
    h.run();
    press(&mut h, "New Huckster");
    // A new fighter is saved at once on 7 points: Health 3, Speed 2, Accuracy 2.
    let file = dir.path().join("frag").join("fighters").join("huckster.json");
    let saved = |file: &std::path::Path| -> Value {
        serde_json::from_str(&std::fs::read_to_string(file).expect("the fighter file")).expect("JSON")
    };
    assert_eq!((saved(&file)["health"].as_u64(), saved(&file)["accuracy"].as_u64()), (Some(3), Some(2)));
    assert!(h.query_by_label("A legal fighter.").is_some());
    // One point more is shown as a problem and saved anyway; one point moved is legal again.
    press(&mut h, "More: Accuracy");
    assert!(h.query_by_label("8 of 7 points spent; each stat 1 to 4").is_some());
    press(&mut h, "Fewer: Health");
    h.state_mut().systems.iter_mut().for_each(|s| s.leave());
    h.run();
    assert_eq!((saved(&file)["health"].as_u64(), saved(&file)["accuracy"].as_u64()), (Some(2), Some(3)));
    // Renamed, the fighter keeps its file, and the sheet is named after them as it shows them.
    h.get_by_role_and_label(egui::accesskit::Role::TextInput, "Fighter's name")
        .set_text_value_accesskit("Doc Holliday");
    h.run();
    press(&mut h, "Print the record sheet");
    let prints: Vec<_> = std::fs::read_dir(dir.path().join("frag").join("prints"))
        .expect("the prints folder")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .collect();
    assert_eq!(prints.len(), 1, "{prints:?}");
    assert!(prints[0].ends_with("record-sheet-doc-holliday-a4.pdf"), "{prints:?}");
    assert!(std::fs::read(&prints[0]).expect("the sheet").starts_with(b"%PDF"));
}

/// A fighter may be anyone at the table: what Frag's screens and log say of a fighter uses no
/// fixed "he" (the words are the fighter's name, or "they").
#[test]
fn no_fixed_he_in_what_frag_says() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/systems/frag");
    let mut files = Vec::new();
    let mut dirs = vec![root];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("a folder").flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") && !path.ends_with("tests.rs") {
                files.push(path);
            }
        }
    }
    let mut found = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("source");
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            // Only the words inside string literals.
            for (i, literal) in code.split('"').enumerate() {
                let words: Vec<&str> = literal.split(|c: char| !c.is_alphabetic()).collect();
                if i % 2 == 1
                    && words.iter().any(|w| ["he", "He", "his", "His", "him", "himself"].contains(w))
                {
                    found.push(format!("{}:{}: {literal}", file.display(), n + 1));
                }
            }
        }
    }
    assert!(found.is_empty(), "a fixed pronoun:\n{}", found.join("\n"));
}

// ---------------------------------------------------------------------------------------------
// Sharing the table: the game served to the players' phones.

/// Ann (Agency Operative, keeps 4), Bob and Cy started on a table of `data`; Ann's royal flush
/// goes first; Ann respawns, rolls 1+1 and draws a weapon card: 5 in hand, one too many.
fn shared_game(data: &DataDir) -> String {
    use posse::systems::frag::game::{EDITION, Event, HouseRules, Seat, Setup};
    use posse::systems::frag::rules::Deck;
    use posse::systems::frag::rules::data::Variant;
    use posse::systems::frag::rules::fighter::Fighter;
    let book = posse::systems::frag::rules::embedded::rulebook().expect("data");
    let seat = |name: &str, character: &str, (health, speed, accuracy)| Seat {
        name: name.into(),
        fighter: Fighter {
            character: character.into(),
            name: String::new(),
            health,
            speed,
            accuracy,
            wins: 0,
        },
    };
    let setup = Setup {
        variant: Variant::Deadlands,
        players: vec![
            seat("Ann", "agency-operative", (2, 2, 3)),
            seat("Bob", "indian-brave", (3, 2, 2)),
            seat("Cy", "harrowed-gunslinger", (2, 3, 2)),
        ],
        frag_target: None,
        house: HouseRules::default(),
        edition: EDITION,
    };
    let mut table: posse::session::Table<Game> = posse::session::Table::new(Some(data.clone()), "game");
    table.start(book, &Event::Begin(Box::new(setup))).expect("started");
    let hands =
        [["AS", "KS", "QS", "JS", "10S"], ["7H", "7D", "2C", "3S", "9D"], ["2H", "4D", "6C", "8S", "10D"]];
    let hands = hands.iter().map(|h| h.iter().map(|c| c.parse().expect("card")).collect()).collect();
    for event in [
        Event::PokerHands { hands },
        Event::Respawn { square: Some(3) },
        Event::RollMovement { dice: vec![1, 1], extra_dice: 0 },
        Event::Draw { player: 0, deck: Deck::Weapons, count: 1 },
    ] {
        table.commit(book, &event).expect("committed");
    }
    table.open_id().expect("open").to_owned()
}

#[test]
fn a_served_frag_game_takes_only_a_seats_offered_choice_into_its_journal() {
    let dir = tempfile::tempdir().expect("temp dir");
    let data = DataDir::at(dir.path()).system("frag");
    let id = shared_game(&data);
    let serve = posse::systems::frag::SYSTEM.serve.expect("Frag is served");
    let mut shared = serve(data.clone(), &id).expect("served");
    assert_eq!(shared.open_id(), Some(id.as_str()));
    let seats: Vec<String> = shared.seats().into_iter().map(|s| s.id).collect();
    assert_eq!(seats, ["fighter-0", "fighter-1", "fighter-2"]);
    let bob = shared.view(Some("fighter-1")).expect("Bob's view");
    assert_eq!(bob.hand.len(), 4);
    assert_eq!(bob.choices().count(), 0);

    // Out of turn, over the limit, or not a seat: refused, and nothing changes.
    let changes = shared.changes();
    for (seat, choice) in
        [("fighter-1", "end"), ("fighter-1", "discard"), ("fighter-0", "end"), ("fighter-7", "end")]
    {
        assert!(shared.act(seat, choice, &posse::kernel::seat::Values::new()).is_err(), "{seat} {choice}");
    }
    assert_eq!(shared.changes(), changes);

    assert_eq!(
        shared.act("fighter-0", "discard", &posse::kernel::seat::Values::new()).expect("discarded"),
        "Ann discards 1 card"
    );
    assert!(shared.view(Some("fighter-0")).expect("Ann's view").offers("end"));
    assert_eq!(
        shared.act("fighter-0", "end", &posse::kernel::seat::Values::new()).expect("ended"),
        "Ann ends the turn; Bob's turn (respawn)"
    );
    assert!(shared.view(Some("fighter-1")).expect("Bob's view").your_turn);

    // In the journal: the same game reopens in the app, and the app shares it too.
    drop(shared);
    let book = posse::systems::frag::rules::embedded::rulebook().expect("data");
    let mut app = FragApp::new(book, Some(data));
    app.table.resume(book, &id).expect("resumed");
    assert_eq!(app.game().map(|g| g.events.len()), Some(7));
    let mut seated = posse::host::SystemApp::shared(&mut app).expect("shared");
    assert!(!seated.view(None).expect("watcher").offers("end"));
    assert!(
        seated.act("fighter-1", "end", &posse::kernel::seat::Values::new()).is_err(),
        "Bob must come back first"
    );
}

// ---------------------------------------------------------------------------------------------
// Steady screens at the table's 1280×800: the title bar, Undo, the hand limit, the power-up.

/// Clicks the button labelled `label` where it stands, as a player does (no scrolling first,
/// so a button that moved is not brought back for the test).
fn click(h: &mut App, label: &str) {
    let node = h.get_by_role_and_label(Role::Button, label);
    assert!(!node.accesskit_node().is_disabled(), "{label} is greyed out");
    node.click_accesskit();
    h.run();
}

/// Where Undo, Redo and Close game stand (Undo and Redo whatever they say).
fn title_bar(h: &App) -> [egui::Rect; 3] {
    let button = |prefix: &str| {
        h.query_all_by_role(Role::Button)
            .find(|n| {
                n.accesskit_node()
                    .label()
                    .is_some_and(|l| l == prefix || l.starts_with(&format!("{prefix}: ")))
            })
            .map_or(egui::Rect::NOTHING, |n| n.rect())
    };
    [button("Undo"), button("Redo"), button("Close game")]
}

/// Undo, Redo and Close game side by side in that order, none over another, all inside the
/// window.
fn title_bar_problems(h: &App, step: &str) -> Vec<String> {
    let [undo, redo, close] = title_bar(h);
    let mut out = Vec::new();
    if !(undo.right() <= redo.left() && redo.right() <= close.left()) {
        out.push(format!("{step}: Undo {undo:?}, Redo {redo:?}, Close {close:?} overlap"));
    }
    if close.right() > 1280.5 || undo.left() < 0.0 {
        out.push(format!("{step}: Close game at {close:?}"));
    }
    out
}

/// Everything on the screen that reaches past the right edge of a window `width` wide.
fn past_the_edge(h: &App, width: f32, step: &str) -> Vec<String> {
    h.root()
        .children_recursive()
        .filter(|n| n.accesskit_node().has_bounds() && n.rect().right() > width + 0.5)
        .map(|n| {
            format!(
                "{step}: '{}' reaches x = {:.0}",
                n.accesskit_node().label().unwrap_or_default(),
                n.rect().right()
            )
        })
        .collect()
}

/// Frag Zombies!!!'s goal ("25 zombie frags or the centre of the Heliport win") is longer
/// than Deadlands': it stands whole over the players, and Undo, Redo and Close game stay side by side, at the
/// set-up, after the first roll and after an undo (a Redo to offer).
#[test]
fn frag_zombies_title_bar_keeps_undo_redo_and_close_apart() {
    const GOAL: &str = "Frag Zombies!!! · 25 zombie frags or the centre of the Heliport win";
    let dir = data_with_fighters(&[("smith", "agency-operative", 2, 2, 3), ("doc", "huckster", 3, 2, 2)]);
    let mut h = frag_play(dir.path());
    press(&mut h, "Game Frag Zombies!!!");
    seat_and_start(&mut h, &[("Ann", "smith (Agency Operative 2/2/3)"), ("Bob", "doc (Huckster 3/2/2)")]);
    let mut found = title_bar_problems(&h, "the start");
    found.extend(past_the_edge(&h, 1280.0, "the start"));
    // The goal stands whole over the players, wrapped in their column.
    assert_eq!(shown_lines(&mut h, GOAL).join(" "), GOAL);
    type_in(&mut h, "Ann's roll", "6");
    type_in(&mut h, "Bob's roll", "3");
    press(&mut h, "Who goes first");
    found.extend(title_bar_problems(&h, "the first roll"));
    found.extend(past_the_edge(&h, 1280.0, "the first roll"));
    let before = title_bar(&h);
    click(&mut h, "Undo: Who goes first: Ann rolls 6, Bob rolls 3");
    found.extend(title_bar_problems(&h, "an undo"));
    found.extend(past_the_edge(&h, 1280.0, "an undo"));
    assert_eq!(title_bar(&h), before, "the buttons keep their places whatever they say");
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// Bob's bow at Ann: 2+2 hits, 6+6 = 12 against her 4+4 = 8 is 1 damage.
fn bob_shoots_ann(h: &mut App) -> String {
    to_bobs_turn(h);
    press(h, "Target Ann");
    type_in(h, "To-hit dice", "2 2");
    type_in(h, "Damage dice", "6 6");
    type_in(h, "Ann's defence dice", "4 4");
    press(h, "Attack");
    let line = last_line(h);
    assert_eq!(
        line,
        "Bob attacks Ann with the Bow & Arrows: hit on 4 (needed 1), 12 against 8: 1 damage, Ann has 1 Health left"
    );
    line
}

/// An undone attack offers a long Redo: Close game and the attack panel stay where they were,
/// inside the window.
#[test]
fn frag_an_undone_attack_leaves_close_and_the_attack_panel_in_place() {
    let dir = data_with_fighters(&[("ann", "agency-operative", 2, 2, 3), ("bob", "indian-brave", 3, 2, 2)]);
    let mut h = frag_play(dir.path());
    let line = {
        to_bobs_turn(&mut h);
        click(&mut h, "Target Ann");
        let panel = (h.get_by_role_and_label(Role::Button, "Attack").rect(), title_bar(&h));
        type_in(&mut h, "To-hit dice", "2 2");
        type_in(&mut h, "Damage dice", "6 6");
        type_in(&mut h, "Ann's defence dice", "4 4");
        click(&mut h, "Attack");
        let line = last_line(&h);
        click(&mut h, &format!("Undo: {line}"));
        assert!(h.query_by_label(&format!("Redo: {line}")).is_some());
        assert_eq!(h.get_by_role_and_label(Role::Button, "Attack").rect(), panel.0, "Attack moved");
        assert_eq!(title_bar(&h)[2], panel.1[2], "Close game moved");
        line
    };
    let mut found = title_bar_problems(&h, &format!("Redo: {line}"));
    found.extend(past_the_edge(&h, 1280.0, "after the undo"));
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// Undo brings the attack panel back with its dice, so one wrong die is put right and the
/// attack made again.
#[test]
fn frag_an_undone_attack_keeps_its_dice() {
    let dir = data_with_fighters(&[("ann", "agency-operative", 2, 2, 3), ("bob", "indian-brave", 3, 2, 2)]);
    let mut h = frag_play(dir.path());
    let line = bob_shoots_ann(&mut h);
    press(&mut h, &format!("Undo: {line}"));
    let value =
        |h: &App, label: &str| h.get_by_role_and_label(Role::TextInput, label).value().unwrap_or_default();
    let typed: Vec<String> =
        ["To-hit dice", "Damage dice", "Ann's defence dice"].iter().map(|l| value(&h, l)).collect();
    assert_eq!(typed, ["2 2", "6 6", "4 4"]);
    // Ann's defence was 3+3 after all: one field put right.
    type_in(&mut h, "Ann's defence dice", "3 4");
    press(&mut h, "Attack");
    assert_eq!(
        last_line(&h),
        "Bob attacks Ann with the Bow & Arrows: hit on 4 (needed 1), 12 against 7: 1 damage, Ann has 1 Health left"
    );
}

/// Ann (Agency Operative, keeps 4 cards) checks a power-up and draws her fifth card: End the
/// turn stays where it was when the hand limit's line and Discard come, and when they go.
#[test]
fn frag_end_the_turn_stays_put_through_the_hand_limit() {
    hand_limit_moves_nothing(None, false);
}

/// At 1024 × 768 *End the turn* stands beside the result, with Discard and the hand limit's
/// line in the room kept beside it: the same, nothing moves and the reason is read whole.
#[test]
fn frag_the_hand_limit_beside_the_result_at_1024_by_768_moves_nothing() {
    hand_limit_moves_nothing(Some(egui::vec2(1024.0, 768.0)), false);
}

/// On a phone *End the turn* stands over the moves and the power-up, and the hand limit's line
/// under it pushed them down a line when the power-up's draw took Ann's hand over the limit
/// (and pulled them up again at the discard), under the finger going back to the power-up.
/// The line is kept for it, empty or not.
#[test]
fn frag_the_hand_limit_on_a_phone_moves_nothing_under_end_the_turn() {
    hand_limit_moves_nothing(Some(egui::vec2(390.0, 844.0)), true);
}

/// Ann draws her fifth card and discards one, in the table's 1280×800 or in a window of
/// `size` (a phone's, by `touch`): End the turn, the moves and the power-up stay where they
/// were in the turn's column, the reason read whole.
fn hand_limit_moves_nothing(size: Option<egui::Vec2>, touch: bool) {
    let (_dir, mut h) = ann_the_operative_has_moved();
    if let Some(size) = size {
        h.set_size(size);
        if touch {
            posse::ui::theme::touch(&h.ctx);
        }
        h.run();
    }
    let places = |h: &App| {
        let top = h.get_by_label("Ann's turn").rect().min;
        ["End the turn", "Move 1", "Check the power-up"]
            .map(|label| h.get_by_role_and_label(Role::Button, label).rect().translate(-top.to_vec2()))
    };
    let before = places(&h);
    type_in(&mut h, "Square", "P3");
    type_in(&mut h, "Power-up die", "6");
    click(&mut h, "Check the power-up");
    assert_eq!(game(&h).state.must_discard(frag(&h).book()), 1, "five cards, four kept");
    assert_eq!(places(&h), before, "moved by the draw");
    assert_eq!(
        shown_lines(&mut h, "Ann holds 5 cards and may keep 4."),
        ["Ann holds 5 cards and may keep 4."]
    );
    click(&mut h, "Discard 1 card");
    assert_eq!(places(&h), before, "moved by the discard");
    click(&mut h, "End the turn");
    assert_eq!(game(&h).state.current_player(), Some(1));
}

/// The squares checked for power-ups are written in the left column's line, cut short at its
/// edge: the attack panel beside it keeps its place, inside the window.
#[test]
fn frag_checked_power_ups_leave_the_attack_panel_in_place() {
    let dir = data_with_fighters(&[("ann", "agency-operative", 2, 2, 3), ("bob", "indian-brave", 3, 2, 2)]);
    let mut h = frag_play(dir.path());
    to_bobs_turn(&mut h);
    press(&mut h, "Target Ann");
    let attack = h.get_by_role_and_label(Role::Button, "Attack").rect();
    for square in ["P3", "P12", "Saloon P7"] {
        type_in(&mut h, "Square", square);
        type_in(&mut h, "Power-up die", "1");
        click(&mut h, "Check the power-up");
        assert_eq!(h.get_by_role_and_label(Role::Button, "Attack").rect(), attack, "after {square}");
    }
    assert!(h.query_by_label_contains("checked: P3, P12").is_some());
    let found = past_the_edge(&h, 1280.0, "three squares checked");
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// The text a label shows, line by line as laid out (a label cut short ends in "…").
fn shown_lines(h: &mut App, label: &str) -> Vec<String> {
    h.get_by_label(label).scroll_to_me();
    h.run();
    h.get_by_label(label)
        .children()
        .filter(|n| n.accesskit_node().role() == Role::TextRun)
        .filter_map(|n| n.accesskit_node().value())
        .map(|line| line.trim_end().to_owned())
        .collect()
}

/// Bob's bow frags Ann (deadlands:8): 2+2 hits at range 1, 6+6 = 12 against her 3+3 = 6 is 2
/// damage, her Health of 2.
fn bob_frags_ann(h: &mut App) -> String {
    to_bobs_turn(h);
    press(h, "Target Ann");
    type_in(h, "To-hit dice", "2 2");
    type_in(h, "Damage dice", "6 6");
    type_in(h, "Ann's defence dice", "3 3");
    press(h, "Attack");
    let line = last_line(h);
    assert_eq!(
        line,
        "Bob attacks Ann with the Bow & Arrows: hit on 4 (needed 1), 12 against 6: 2 damage, Ann is fragged, Bob 1 frag, draws 1 Special card; their leftovers lie on their square"
    );
    line
}

/// The result slot over the turn said a frag in the log's words, cut after two lines: the
/// dice came first, so the line ended "12 …" at 1280 points and "2 damage, An…" on a phone,
/// and the fragged fighter's name was gone. It now says what the attack did first, whole and
/// with both names; the same after an Undo and in the game reopened from its journal.
#[test]
fn a_frag_names_the_fragged_fighter_in_the_result_slot() {
    const OUTCOME: &str = "Ann is fragged, Bob 1 frag, draws 1 Special card";
    let dir = data_with_fighters(&[("ann", "agency-operative", 2, 2, 3), ("bob", "indian-brave", 3, 2, 2)]);
    let mut h = frag_play(dir.path());
    bob_frags_ann(&mut h);
    assert_eq!(shown_lines(&mut h, OUTCOME), [OUTCOME], "whole on one line at 1280×800");
    let slot = h.get_by_label(OUTCOME).rect();

    // A move, undone: the slot says the frag again.
    press(&mut h, "Move 1");
    assert!(h.query_by_label(OUTCOME).is_none(), "a move is no result");
    press(&mut h, "Undo: Bob moves 1: 3 movement left");
    assert_eq!(shown_lines(&mut h, OUTCOME), [OUTCOME]);
    assert_eq!(h.get_by_label(OUTCOME).rect(), slot);

    // Reopened from the journal, on a phone: the outcome wraps in the slot, the names whole.
    drop(h);
    let mut h = frag_play(dir.path());
    press(&mut h, "Resume Ann v Bob · Frag Deadlands · round 1 · unfinished");
    h.set_size(egui::vec2(390.0, 844.0));
    h.run();
    assert_eq!(shown_lines(&mut h, OUTCOME), ["Ann is fragged, Bob 1 frag, draws 1 Special", "card"]);
}

/// Frag's players and log stood in a panel as wide as its widest line: a long name widened
/// it, and again when the turn's marker came to that name, so *End the turn* moved from x =
/// 430 to 452 as the turn passed (and the attack panel reached past the window's edge). The
/// panel keeps one width; the names are cut short on their line, whole on hover.
#[test]
fn frag_a_long_name_moves_nothing_as_the_turn_passes() {
    const LONG: &str = "Bartholomew Fitzgerald-Smythe";
    let dir = data_with_fighters(&[("ann", "agency-operative", 2, 2, 3), ("bob", "indian-brave", 3, 2, 2)]);
    let mut h = frag_play(dir.path());
    seat_and_start(&mut h, &[("Ann", "ann (Agency Operative 2/2/3)"), (LONG, "bob (Indian Brave 3/2/2)")]);
    type_in(&mut h, "Ann's poker hand", "AS KS QS JS 10S");
    type_in(&mut h, &format!("{LONG}'s poker hand"), "7H 7D 2C 3S 9D");
    press(&mut h, "Rank the hands");
    type_in(&mut h, "Respawn square", "3");
    press(&mut h, "Respawn");
    type_in(&mut h, "Movement dice", "1 1");
    press(&mut h, "Roll for movement");
    let end = h.get_by_role_and_label(Role::Button, "End the turn").rect();
    assert!((end.left() - 308.0).abs() < 0.5, "the turn starts beside the board's 300 points: {end:?}");
    let mut found = past_the_edge(&h, 1280.0, "Ann's turn");
    press(&mut h, "End the turn");
    type_in(&mut h, "Respawn square", "4");
    press(&mut h, "Respawn");
    type_in(&mut h, "Movement dice", "2 2");
    press(&mut h, "Roll for movement");
    assert_eq!(h.get_by_role_and_label(Role::Button, "End the turn").rect(), end, "End the turn moved");
    click(&mut h, "Target Ann");
    found.extend(past_the_edge(&h, 1280.0, "his attack"));
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// On a phone the moves' row lost *Move 3* once fewer than three squares were left: the row
/// took one line less and *End the turn* and the attack panel under it moved up 36 points
/// between two taps. The three stay, greyed out past the movement left.
#[test]
fn frag_moves_on_a_phone_leave_end_the_turn_in_place() {
    let dir = data_with_fighters(&[("ann", "agency-operative", 2, 2, 3), ("bob", "indian-brave", 3, 2, 2)]);
    let mut h = frag_play(dir.path());
    h.set_size(egui::vec2(390.0, 844.0));
    h.run();
    to_bobs_turn(&mut h);
    let places = |h: &App| {
        (
            h.get_by_role_and_label(Role::Button, "End the turn").rect(),
            h.get_by_role_and_label(Role::Button, "Target Ann").rect(),
        )
    };
    let before = places(&h);
    click(&mut h, "Move 1");
    click(&mut h, "Move 1");
    assert_eq!(game(&h).state.moves_left(), 2);
    assert!(h.get_by_role_and_label(Role::Button, "Move 3").accesskit_node().is_disabled());
    assert_eq!(places(&h), before, "End the turn or the attack panel moved");
}

/// Frag Zombies!!!: the odds of each zombie attack stood above its dice, a line for each
/// Health the fighter could lose, so once Ann lost one *Resolve the zombie attack* and the
/// dice moved up 36 points between one zombie and the next. The odds now stand under the
/// button.
#[test]
fn frag_zombie_attacks_one_after_another_leave_resolve_in_place() {
    let (_dir, mut h) = zombies_ann_first();
    press_times(&mut h, "More: Zombies placed", 20);
    press(&mut h, "Place the tile");
    press(&mut h, "Move 3");
    type_in(&mut h, "Zombie move die", "4");
    press(&mut h, "Move the zombies (1 attack unused)");
    press_times(&mut h, "More: Zombies next to the fighter", 3);
    click(&mut h, "These zombies attack");
    let places = |h: &App| {
        (
            h.get_by_role_and_label(Role::Button, "Resolve the zombie attack").rect(),
            h.get_by_role_and_label(Role::TextInput, "Zombie damage dice").rect(),
        )
    };
    let first = places(&h);
    for (damage, defence, health) in [("2 3", "3 4", 2), ("5 5", "4 5", 1)] {
        assert_eq!(places(&h), first, "Resolve or the dice moved with Health {health}");
        type_in(&mut h, "Zombie damage dice", damage);
        type_in(&mut h, "Ann's defence dice", defence);
        click(&mut h, "Resolve the zombie attack");
    }
    assert_eq!(game(&h).state.players[0].health, 1);
    assert_eq!(places(&h), first, "Resolve or the dice moved for the third zombie");
    assert!(h.query_by_label("No damage").is_some(), "the odds are still shown");
}

/// At 1280×800 a long Undo ("Undo: Bob attacks Ann with the Bow & Arrows: …") left the title
/// bar's words the room of a few letters: "…Bob's t…", and the goal a bare "…". The title
/// bar says whose turn it is, alone and whole; the game and its goal stand over the players,
/// whole; Undo keeps its place whatever it says.
#[test]
fn frag_whose_turn_stays_whole_beside_a_long_undo() {
    let dir = data_with_fighters(&[("ann", "agency-operative", 2, 2, 3), ("bob", "indian-brave", 3, 2, 2)]);
    let mut h = frag_play(dir.path());
    to_bobs_turn(&mut h);
    let undo = title_bar(&h)[0];
    press(&mut h, "Target Ann");
    type_in(&mut h, "To-hit dice", "2 2");
    type_in(&mut h, "Damage dice", "6 6");
    type_in(&mut h, "Ann's defence dice", "4 4");
    click(&mut h, "Attack");
    let line = last_line(&h);
    assert!(h.query_by_role_and_label(Role::Button, &format!("Undo: {line}")).is_some());
    assert_eq!(title_bar(&h)[0], undo, "Undo moved with its label");
    assert_eq!(shown_lines(&mut h, "Round 1 · Bob's turn"), ["Round 1 · Bob's turn"]);
    assert_eq!(shown_lines(&mut h, "Frag Deadlands · 3 frags win"), ["Frag Deadlands · 3 frags win"]);
    let found = past_the_edge(&h, 1280.0, "the long Undo");
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// At 800 × 1280 (a tablet held upright) the players' board stands beside the turn with the
/// game and its goal over it, and the turn's title bar, two lines there, says whose turn it
/// is without the goal again (it read "Frag Deadlands · 3 frags win" on both sides); on a
/// phone, where the board is under the turn, the title bar keeps the goal.
#[test]
fn frag_the_goal_is_shown_once_on_an_upright_tablet_and_a_phone() {
    for (width, height) in [(800.0, 1280.0), (390.0, 844.0)] {
        let (_dir, h) = bobs_turn_at(width, height);
        let goals = h.query_all_by_label("Frag Deadlands · 3 frags win").count();
        assert_eq!(goals, 1, "{width}×{height}: the goal shown {goals} times");
    }
}

/// On a phone *End the turn* stood under the moves, the power-up and the held attacks, so it
/// stood lower on a turn with more above it: on Bob's turn, with Ann's held attack and its
/// shootout form, it was hundreds of points lower than on Ann's. It now stands under the
/// result, at one place from turn to turn.
#[test]
fn frag_end_the_turn_on_a_phone_stands_in_one_place_from_turn_to_turn() {
    let dir = data_with_fighters(&[("ann", "agency-operative", 2, 2, 3), ("bob", "indian-brave", 3, 2, 2)]);
    let mut h = frag_play(dir.path());
    h.set_size(egui::vec2(390.0, 844.0));
    h.run();
    seat_and_start(&mut h, &[("Ann", "ann (Agency Operative 2/2/3)"), ("Bob", "bob (Indian Brave 3/2/2)")]);
    type_in(&mut h, "Ann's poker hand", "AS KS QS JS 10S");
    type_in(&mut h, "Bob's poker hand", "7H 7D 2C 3S 9D");
    press(&mut h, "Rank the hands");
    type_in(&mut h, "Respawn square", "3");
    press(&mut h, "Respawn");
    type_in(&mut h, "Movement dice", "1 1");
    press(&mut h, "Roll for movement");
    let end = h.get_by_role_and_label(Role::Button, "End the turn").rect();
    assert!(end.bottom() <= 844.0, "End the turn is on the screen: {end:?}");
    click(&mut h, "Hold an attack for a shootout");
    assert_eq!(h.get_by_role_and_label(Role::Button, "End the turn").rect(), end, "moved by the hold");
    click(&mut h, "End the turn");
    type_in(&mut h, "Respawn square", "4");
    press(&mut h, "Respawn");
    type_in(&mut h, "Movement dice", "2 2");
    press(&mut h, "Roll for movement");
    assert!(h.query_by_label("Ann holds an attack: if Bob passes in front, Ann may fire it.").is_some());
    assert_eq!(h.get_by_role_and_label(Role::Button, "End the turn").rect(), end, "End the turn moved");
}

/// At the table's 1280×800 *End the turn* stood at the foot of the left column, under the
/// moves, the power-up, the held attacks and the map hazards, so it stood lower on Bob's turn
/// (at y = 958, below the window, with Ann's held attack above it), lower again with the
/// hazards open, and rose once Bob was fragged in the acid on his own turn (the moves gave way
/// to one line). It stands under the result, as on a phone: in one place from the first move
/// to the fighter out.
#[test]
fn frag_end_the_turn_on_the_desktop_stands_in_one_place_through_the_turn() {
    end_the_turn_stands_in_one_place(1280.0, 800.0);
}

/// The same turn in a 1024×768 window, where the turn is one column (the attack panel under
/// the rest).
#[test]
fn frag_end_the_turn_at_1024_stands_in_one_place_through_the_turn() {
    end_the_turn_stands_in_one_place(1024.0, 768.0);
}

/// Ann's turn (a move, an attack held), then Bob's (Ann's held attack, the hazards opened, Bob
/// frags Ann, the acid frags Bob) in a window `width` × `height`: *End the turn* stands inside
/// the window and at one place in the turn's column (from the turn's first line, which scrolls
/// with it: the attack's and the hazard's dice are pressed far down the page in one column),
/// and, on Bob's turn, where it stood on Ann's; nothing reaches past the window's edge.
fn end_the_turn_stands_in_one_place(width: f32, height: f32) {
    let (_dir, mut h) = ann_the_operative_has_moved();
    h.set_size(egui::vec2(width, height));
    h.run();
    let button = |h: &App| h.get_by_role_and_label(Role::Button, "End the turn").rect();
    let in_column = |h: &App, whose: &str| button(h).min - h.get_by_label(whose).rect().min;
    let end = button(&h);
    assert!(end.bottom() <= height, "End the turn is in the window: {end:?}");
    let place = in_column(&h, "Ann's turn");
    click(&mut h, "Move 1");
    assert_eq!(in_column(&h, "Ann's turn"), place, "moved by the move");
    click(&mut h, "Hold an attack for a shootout");
    assert_eq!(in_column(&h, "Ann's turn"), place, "moved by the hold");
    click(&mut h, "End the turn");
    type_in(&mut h, "Respawn square", "4");
    press(&mut h, "Respawn");
    type_in(&mut h, "Movement dice", "2 2");
    press(&mut h, "Roll for movement");
    assert!(h.query_by_label("Ann holds an attack: if Bob passes in front, Ann may fire it.").is_some());
    assert_eq!(button(&h), end, "moved on Bob's turn, by Ann's held attack");
    h.get_by_label("Map hazards: acid, tentacle beasts").click_accesskit();
    h.run();
    assert!(h.query_by_label("Acid damage dice").is_some(), "the hazards are open");
    assert_eq!(in_column(&h, "Bob's turn"), place, "moved by the hazards opened");
    // Bob's bow frags Ann: 6+6 = 12 against her 3+3 = 6 is 2 damage, her Health of 2.
    press(&mut h, "Target Ann");
    type_in(&mut h, "To-hit dice", "2 2");
    type_in(&mut h, "Damage dice", "6 6");
    type_in(&mut h, "Ann's defence dice", "3 3");
    press(&mut h, "Attack");
    assert_eq!(status(&h, 0), Status::Fragged);
    assert_eq!(in_column(&h, "Bob's turn"), place, "moved by the frag");
    let mut found = past_the_edge(&h, width, "Ann fragged");
    // Bob steps in the acid: 6+6 = 12 against his 1+1+1 = 3 is 4 damage, past his Health of 3.
    type_in(&mut h, "Acid damage dice", "6 6");
    type_in(&mut h, "Bob's defence dice", "1 1 1");
    press(&mut h, "Resolve the acid");
    assert_eq!(status(&h, 1), Status::Fragged);
    assert!(h.query_by_label("Bob was fragged this turn.").is_some());
    assert_eq!(in_column(&h, "Bob's turn"), place, "moved once Bob was out");
    found.extend(past_the_edge(&h, width, "Bob out"));
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// Frag Zombies!!! at 1280×800: *End the turn*, after the zombies' attacks, stands in one
/// place on a turn with no zombie next to the fighter and on one where three attack and the
/// fighter is fragged, and where the turn's hand limit asks for a discard beside it.
#[test]
fn frag_zombies_end_the_turn_stands_in_one_place_from_turn_to_turn() {
    let (_dir, mut h) = zombies_ann_first();
    press_times(&mut h, "More: Zombies placed", 20);
    press(&mut h, "Place the tile");
    type_in(&mut h, "Zombie move die", "4");
    press(&mut h, "Move the zombies (3 squares and 1 attack unused)");
    click(&mut h, "These zombies attack");
    let button = |h: &App| h.get_by_role_and_label(Role::Button, "End the turn").rect();
    let end = button(&h);
    assert!(end.bottom() <= 800.0, "End the turn is in the window: {end:?}");
    click(&mut h, "End the turn");
    // Bob's turn: 12 zombies fragged with cards take his hand over its limit; then three
    // zombies attack.
    press(&mut h, "Place the tile");
    press_times(&mut h, "More: Zombies", 5);
    press(&mut h, "Bob frags 6 with a card");
    press(&mut h, "Bob frags 6 with a card");
    type_in(&mut h, "Zombie move die", "2");
    press(&mut h, "Move the zombies (2 squares and 1 attack unused)");
    press_times(&mut h, "More: Zombies next to the fighter", 3);
    press(&mut h, "These zombies attack");
    for (damage, defence) in [("2 3", "3 4 4"), ("5 5", "4 5 1"), ("6 6", "1 1")] {
        type_in(&mut h, "Zombie damage dice", damage);
        type_in(&mut h, "Bob's defence dice", defence);
        press(&mut h, "Resolve the zombie attack");
    }
    assert!(game(&h).state.must_discard(frag(&h).book()) > 0, "Bob's hand is over its limit");
    assert_eq!(button(&h), end, "End the turn moved on Bob's turn");
}

/// Frag Zombies!!! at 1280×800: *Move the zombies* ends the actions (zombies:44, "in order"),
/// and clicked with 2 squares left it went on to the zombies' attack and threw them away
/// unsaid (only Undo brought them back). The button says what it leaves unused, from the
/// core, in its one place; the log keeps it.
#[test]
fn frag_zombies_move_the_zombies_says_what_it_leaves_unused() {
    let (_dir, mut h) = zombies_ann_first();
    press_times(&mut h, "More: Zombies placed", 3);
    press(&mut h, "Place the tile");
    // From the turn's first line, which scrolls with it (pressing a button scrolls it into view).
    let place = |h: &App, label: &str| {
        let button = h.get_by_role_and_label(Role::Button, label).rect();
        button.translate(-h.get_by_label("Ann's turn").rect().min.to_vec2())
    };
    let first = place(&h, "Move the zombies (3 squares and 1 attack unused)");
    press(&mut h, "Move 1");
    let second = place(&h, "Move the zombies (2 squares and 1 attack unused)");
    assert_eq!((second.min, second.height()), (first.min, first.height()), "Move the zombies moved");
    assert!(second.right() <= 1280.0, "inside the window: {second:?}");
    assert!(past_the_edge(&h, 1280.0, "Ann moved 1").is_empty());
    type_in(&mut h, "Zombie move die", "2");
    press(&mut h, "Move the zombies (2 squares and 1 attack unused)");
    assert_eq!(last_line(&h), "Bob rolls 2 and moves 2 zombies (Ann leaves 2 squares and 1 attack unused)");
    assert_eq!(game(&h).state.phase(), Some(Phase::ZombiesAttack));
    // Undone, she moves her squares and makes her attack: the button says only its name.
    press(&mut h, "Undo: Bob rolls 2 and moves 2 zombies (Ann leaves 2 squares and 1 attack unused)");
    press(&mut h, "Move 2");
    press(&mut h, "Target a zombie");
    type_in(&mut h, "To-hit dice", "1 1");
    type_in(&mut h, "Damage dice", "3 4");
    type_in(&mut h, "the zombie's defence dice", "6");
    press(&mut h, "Attack");
    // One line of words in the same two lines' height: nothing under it moves.
    let done = place(&h, "Move the zombies");
    assert_eq!((done.min, done.height()), (first.min, first.height()), "Move the zombies moved");
    // Two zombies left and a 5 rolled: both move, not five.
    type_in(&mut h, "Zombie move die", "5");
    press(&mut h, "Move the zombies");
    assert_eq!(last_line(&h), "Bob rolls 5 and moves the 2 zombies on the board (all of them)");
    assert!(h.query_by_label("Bob rolled 5: all 2 zombies on the board moved one space.").is_some());
}

/// Frag Zombies!!!: both typed 4 for who goes first, and the form came back empty with
/// nothing said (the log only "Ann rolls 4, Bob rolls 4"). The tie is said in a line kept
/// under the form's words, so the fields and the button keep their place.
#[test]
fn frag_zombies_a_tie_for_who_goes_first_says_roll_again() {
    let (_dir, mut h) = zombies_ann_and_bob();
    let places = |h: &App| {
        (
            h.get_by_role_and_label(Role::TextInput, "Ann's roll").rect(),
            h.get_by_role_and_label(Role::Button, "Who goes first").rect(),
        )
    };
    let before = places(&h);
    type_in(&mut h, "Ann's roll", "4");
    type_in(&mut h, "Bob's roll", "4");
    press(&mut h, "Who goes first");
    let said = "Who goes first: Ann rolls 4, Bob rolls 4: a tie, roll again";
    assert_eq!(last_line(&h), said);
    // In the form (the log beside it has the line too).
    let form = h
        .query_all_by_label(said)
        .map(|n| n.rect())
        .find(|r| r.left() >= before.0.left() - 200.0 && r.top() >= before.0.top() - 100.0)
        .expect("the tie said in the form");
    assert!(form.bottom() <= before.0.top(), "the tie is said above the fields: {form:?}");
    assert_eq!(places(&h), before, "the fields or the button moved when the tie was said");
    type_in(&mut h, "Ann's roll", "2");
    type_in(&mut h, "Bob's roll", "5");
    press(&mut h, "Who goes first");
    assert_eq!(game(&h).state.current_player(), Some(1));
}

/// The Huckster's start-of-turn die (Frag Deadlands) and the Mad Scientist's (Frag Zombies!!!)
/// stood in a frame over the phase's panel, so once it was rolled the frame went and *Respawn*
/// and *Place the tile* went up its height, under the pointer going to them. The frame stands
/// under the panel.
#[test]
fn frag_the_start_of_turn_die_leaves_the_phases_button_in_place() {
    let dir = data_with_fighters(&[("ann", "agency-operative", 2, 2, 3), ("bob", "huckster", 2, 2, 3)]);
    let mut h = frag_play(dir.path());
    seat_and_start(&mut h, &[("Ann", "ann (Agency Operative 2/2/3)"), ("Bob", "bob (Huckster 2/2/3)")]);
    type_in(&mut h, "Ann's poker hand", "7H 7D 2C 3S 9D");
    type_in(&mut h, "Bob's poker hand", "AS KS QS JS 10S");
    press(&mut h, "Rank the hands");
    let respawn = h.get_by_role_and_label(Role::Button, "Respawn").rect();
    type_in(&mut h, "Start-of-turn die", "5");
    click(&mut h, "Roll for the start-of-turn card");
    assert_eq!(last_line(&h), "Bob rolls 5 at the start of the turn: draws a card");
    assert_eq!(h.get_by_role_and_label(Role::Button, "Respawn").rect(), respawn, "Respawn moved");

    let (_dir, mut h) = zombies_ann_and_bob();
    type_in(&mut h, "Ann's roll", "3");
    type_in(&mut h, "Bob's roll", "6");
    press(&mut h, "Who goes first");
    let tile = h.get_by_role_and_label(Role::Button, "Place the tile").rect();
    type_in(&mut h, "Start-of-turn die", "2");
    click(&mut h, "Roll for the start-of-turn card");
    assert_eq!(last_line(&h), "Bob rolls 2 at the start of the turn: no card");
    assert_eq!(h.get_by_role_and_label(Role::Button, "Place the tile").rect(), tile, "Place the tile moved");
}

/// Ann the Operative's Gatling Pistol at Bob (Health 3), on her second turn: the longest
/// every-turn panel, with a field for each roll's 1s.
fn ann_aims_at_bob() -> (tempfile::TempDir, App) {
    let (dir, mut h) = ann_the_operative_has_moved();
    press(&mut h, "End the turn");
    type_in(&mut h, "Respawn square", "4");
    press(&mut h, "Respawn");
    type_in(&mut h, "Movement dice", "1 1");
    press(&mut h, "Roll for movement");
    press(&mut h, "End the turn");
    type_in(&mut h, "Movement dice", "2 2");
    press(&mut h, "Roll for movement");
    press(&mut h, "Target Bob");
    (dir, h)
}

/// deadlands:2: "if the damage you scored is at least twice the number of points of health
/// your target had left, he goes directly to the gallows. You choose which gallows square to
/// put him in." At 1280×800 the Operative's 6+6+6 = 18 against Bob's 1+1+1 = 3 is 6 damage,
/// twice his Health of 3: Attack waits for Ann's square, and the squares stood under it, below
/// the window (y = 801 to 829), so only a greyed Attack was in sight. They now stand beside
/// Attack with what it waits for; a square picked, Attack hangs Bob there.
#[test]
fn frag_the_gallows_squares_an_attack_waits_for_stand_beside_it() {
    let (_dir, mut h) = ann_aims_at_bob();
    type_in(&mut h, "To-hit dice", "3 3 3");
    type_in(&mut h, "Damage dice", "6 6 6");
    type_in(&mut h, "Bob's defence dice", "1 1 1");
    let attack = h.get_by_role_and_label(Role::Button, "Attack");
    assert!(attack.accesskit_node().is_disabled(), "Attack waits for the square");
    let attack = attack.rect();
    assert!(attack.bottom() <= 800.0, "Attack at {attack:?}");
    let words = |h: &App, label: &str| h.get_by_label(label).rect();
    for (label, rect) in [
        ("what the dice do", words(&h, "6 damage hangs Bob")),
        ("what Attack waits for", words(&h, "Ann picks the square:")),
    ] {
        assert!(rect.left() > attack.right() && rect.bottom() <= 800.0, "{label} at {rect:?}");
    }
    for g in 1..=5 {
        let square = h.get_by_role_and_label(Role::Button, &format!("Gallows square {g}")).rect();
        assert!(
            square.left() > attack.right()
                && square.top() >= attack.top()
                && square.bottom() <= attack.bottom(),
            "gallows square {g} at {square:?}, beside Attack at {attack:?}"
        );
        assert!(square.right() <= 1262.0, "gallows square {g} under the scroll bar: {square:?}");
    }
    // On hover, the greyed Attack says it whole.
    h.get_by_role_and_label(Role::Button, "Attack").hover();
    h.run();
    h.run();
    h.get_by_label(
        "Attack waits for the gallows square: 6 damage is at least twice Bob's Health, so Bob goes to the gallows, on the square Ann picks.",
    );
    let found = past_the_edge(&h, 1280.0, "the gallows beside Attack");
    assert!(found.is_empty(), "{}", found.join("\n"));

    click(&mut h, "Gallows square 4");
    assert!(h.query_by_label("Ann picks the square:").is_none(), "no longer waiting");
    assert!(h.query_by_label("on gallows square 4").is_some());
    assert_eq!(h.get_by_role_and_label(Role::Button, "Attack").rect(), attack, "Attack stays put");
    press(&mut h, "Attack");
    assert_eq!(status(&h, 1), Status::Hanged(4));
    assert!(last_line(&h).contains("hangs on gallows square 4"), "{}", last_line(&h));
}

/// The longest every-turn panel: the Operative plays a new weapon card, a revolver (so each
/// roll has a field for its 1s, and the card's name and numbers have two rows), and hits Bob
/// for 6. The odds stood above the dice, a line for each Health of the target, and pushed
/// Attack to y = 825 to 865, below the window with the squares beside it. They now stand under
/// the button: Attack, the gallows squares and the cure tick are all in sight at 1280×800.
#[test]
fn frag_the_longest_attack_panel_keeps_attack_and_its_gallows_in_the_window() {
    let (_dir, mut h) = ann_aims_at_bob();
    press(&mut h, "A new weapon card");
    type_in(&mut h, "Weapon card's name", "Buntline Revolver");
    type_in(&mut h, "To-hit dice", "3 3 3");
    type_in(&mut h, "Damage dice", "6 6 6");
    type_in(&mut h, "Bob's defence dice", "1 1 1");
    assert!(h.query_by_role_and_label(Role::TextInput, "Damage 1s rolled again").is_some(), "a revolver");
    // The page's scroll area ends 8 points above the window's edge.
    let visible = 792.0;
    let tick = "Bob can cure it at once (a healing card, a blood counter in reach)";
    for (what, rect) in [
        ("Attack", h.get_by_role_and_label(Role::Button, "Attack").rect()),
        ("gallows square 5", h.get_by_role_and_label(Role::Button, "Gallows square 5").rect()),
        ("what Attack waits for", h.get_by_label("Ann picks the square:").rect()),
        ("the cure tick", h.get_by_label(tick).rect()),
    ] {
        assert!(rect.bottom() <= visible && rect.right() <= 1262.0, "{what} at {rect:?}");
    }
    assert!(h.query_by_label("Onto the gallows").is_some(), "the odds are still shown");
    let found = past_the_edge(&h, 1280.0, "the longest attack panel");
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// The width of `text` in a dice field's type, inside its frame's margins.
fn typed_width(h: &App, text: &str) -> f32 {
    let style = h.ctx.global_style();
    let font = egui::TextStyle::Heading.resolve(&style);
    let galley = h.ctx.fonts_mut(|f| f.layout_no_wrap(text.to_owned(), font, egui::Color32::WHITE));
    galley.size().x + 2.0 * style.spacing.button_padding.x
}

/// The dice fields were sized by the dice asked for, inside margins that are wider on a touch
/// screen: on a phone a field for two dice left 26 points for "6 6" (33 wide) and one for three
/// 52 for "6 6 6", so the dice typed were cut short; and a bonus die widened the field and
/// moved its Roll button. Every field for a pool of dice now has one width, six dice whole
/// (the booklet's 6d weapon), on a desktop and on a phone.
#[test]
fn frag_dice_fields_show_six_dice_whole_at_one_width() {
    for (width, height, touch) in [(1280.0, 800.0, false), (390.0, 844.0, true)] {
        let what = format!("{width}×{height}");
        let dir =
            data_with_fighters(&[("ann", "agency-operative", 2, 2, 3), ("bob", "indian-brave", 3, 2, 2)]);
        let mut h = frag_play(dir.path());
        h.set_size(egui::vec2(width, height));
        if touch {
            posse::ui::theme::touch(&h.ctx);
        }
        h.run();
        to_bobs_turn(&mut h);
        press(&mut h, "Target Ann");
        let field = |h: &App, label: &str| h.get_by_role_and_label(Role::TextInput, label).rect();
        let six = typed_width(&h, "6 6 6 6 6 6");
        let widths: Vec<f32> = ["To-hit dice", "Damage dice", "Ann's defence dice"]
            .iter()
            .map(|l| field(&h, l).width())
            .collect();
        assert_eq!(widths, [widths[0]; 3], "{what}: one width for every pool");
        assert!(widths[0] >= six, "{what}: six dice take {six}, the field is {}", widths[0]);
        // Six dice typed: the field and its Roll button stay where they were.
        let roll = |h: &App| h.get_by_role_and_label(Role::Button, "Roll: To-hit dice").rect();
        let (before, roll_before) = (field(&h, "To-hit dice"), roll(&h));
        type_in(&mut h, "To-hit dice", "6 6 6 6 6 6");
        assert_eq!((field(&h, "To-hit dice"), roll(&h)), (before, roll_before), "{what}: typed six");
        // A card's bonus die: one die more asked for, the same field.
        press(&mut h, "▶ Cards' bonuses: none");
        let (before, roll_before) = (field(&h, "To-hit dice"), roll(&h));
        press(&mut h, "More: Bonus to-hit dice");
        assert!(h.query_by_label_contains("3 to-hit dice at range 1").is_some(), "{what}: a third die");
        let after = (field(&h, "To-hit dice"), roll(&h));
        // The field's width and its Roll button's place beside it.
        let beside =
            |(field, roll): (egui::Rect, egui::Rect)| egui::vec2(field.width(), roll.left() - field.left());
        assert_eq!(
            beside(after),
            beside((before, roll_before)),
            "{what}: the field or its Roll button moved"
        );
    }
}

/// Frag Zombies!!! at the table's 1280×800: *Move the zombies* stood at the foot of the left
/// column, under the moves, the power-up and the held attacks, so it rose when Ann was fragged
/// on her own turn (they gave way to one line). It stands under the result, as on a phone: in
/// one place on Ann's turn, once she is fragged, and on Bob's turn.
#[test]
fn frag_zombies_move_the_zombies_stands_in_one_place_on_the_desktop() {
    move_the_zombies_stands_in_one_place(1280.0, 800.0, false);
}

/// Frag Zombies!!! on a phone: *Move the zombies* stood under the moves and the power-up, so it
/// stood lower or higher as they changed: once Ann was fragged on her own turn (a card's
/// wound) the moves and the power-up gave way to one line and the button rose with them; at
/// the start of a turn it stood at y = 1385, below the phone's 844 points. It now stands
/// under the result, at one place on Ann's turn, once she is fragged, and on Bob's turn.
#[test]
fn frag_zombies_move_the_zombies_stands_in_one_place_on_a_phone() {
    move_the_zombies_stands_in_one_place(390.0, 844.0, true);
}

/// Ann's turn, Ann fragged by a card on it, then Bob's turn, in a window `width` × `height`
/// (sized for fingers when `touch`): *Move the zombies* stands at one place in the turn's
/// column (from the turn's first line, which scrolls with it: the card's wound is pressed far
/// down the page) and, on Bob's turn, where it stood on Ann's.
fn move_the_zombies_stands_in_one_place(width: f32, height: f32, touch: bool) {
    let dir = data_with_fighters(&[("ann", "saloon-gal", 2, 3, 2), ("bob", "mad-scientist", 3, 2, 2)]);
    let mut h = frag_play(dir.path());
    if touch {
        h.set_size(egui::vec2(width, height));
        posse::ui::theme::touch(&h.ctx);
        h.run();
    }
    press(&mut h, "Game Frag Zombies!!!");
    seat_and_start(&mut h, &[("Ann", "ann (Saloon Gal 2/3/2)"), ("Bob", "bob (Mad Scientist 3/2/2)")]);
    type_in(&mut h, "Ann's roll", "6");
    type_in(&mut h, "Bob's roll", "3");
    press(&mut h, "Who goes first");
    press(&mut h, "Place the tile");
    // Its words say what it leaves unused (3 squares and 1 attack, then nothing once Ann is
    // fragged): its place is its top left corner, and it grows to the right only.
    let button = |h: &App| {
        h.root()
            .children_recursive()
            .find(|n| {
                n.accesskit_node().role() == Role::Button
                    && n.accesskit_node().label().is_some_and(|l| l.starts_with("Move the zombies"))
            })
            .map(|n| n.rect())
            .expect("Move the zombies")
    };
    let in_column = |h: &App, whose: &str| button(h).min - h.get_by_label(whose).rect().min;
    let ann = button(&h);
    assert!(ann.bottom() <= height && ann.right() <= width, "Move the zombies is in the window: {ann:?}");
    let place = in_column(&h, "Ann's turn");
    // Ann loses her 2 Health to a card: fragged on her own turn, the zombies still move.
    press(&mut h, "More: Health lost to a card");
    press(&mut h, "Ann loses 2 Health");
    assert_eq!(status(&h, 0), Status::Fragged);
    assert_eq!(in_column(&h, "Ann's turn"), place, "Move the zombies moved once Ann was fragged");
    type_in(&mut h, "Zombie move die", "4");
    press(&mut h, "Move the zombies");
    press(&mut h, "These zombies attack");
    press(&mut h, "End the turn");
    press(&mut h, "Place the tile");
    assert_eq!(game(&h).state.current_player(), Some(1));
    assert_eq!(in_column(&h, "Bob's turn"), place, "Move the zombies moved on Bob's turn");
    assert_eq!(button(&h).min, ann.min, "Move the zombies stands where it stood on Ann's turn");
}
