//! The `posse` command line as a user runs it: its exit codes, stdout and stderr, in-process
//! through the shared harness (`support::posse`, what the binary prints), and the real binary
//! where a process of its own is needed (a closed or full stdout, a working folder). These
//! tests pin the public contract.

use serde_json::Value;

use super::support::{self, posse, spawned};

/// A failure: the exit code, one sentence on stderr, and `{"error"}` with --json.
fn assert_fails(args: &[&str], code: i32, needle: &str) {
    let run = posse(args);
    assert_eq!(run.code, code, "{args:?}: {}", run.stderr);
    let err = run.stderr.trim();
    assert_eq!(err.lines().count(), 1, "one line on stderr: {err}");
    assert!(err.ends_with('.'), "a sentence: {err}");
    assert!(err.to_lowercase().contains(&needle.to_lowercase()), "{err} should mention {needle}");
    let mut with_json = args.to_vec();
    with_json.push("--json");
    let run = posse(&with_json);
    assert_eq!(run.code, code);
    assert!(run.json()["error"].as_str().is_some_and(|e| e.to_lowercase().contains(&needle.to_lowercase())));
}

#[test]
fn deck_lists_the_cards_in_the_contract_format() {
    let v = posse(&["deck", "lawmen", "half", "--json"]).json();
    assert_eq!(v["gang"], "lawmen");
    assert_eq!(v["kind"], "half");
    assert_eq!(v["role"], "good");
    assert_eq!(v["count"], 14);
    let cards: Vec<&str> = v["cards"].as_array().expect("cards").iter().filter_map(Value::as_str).collect();
    assert_eq!(cards, ["2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH", "AH", "RJ"]);
    let full = posse(&["deck", "outlaws", "full", "--json"]).json();
    assert_eq!(full["count"], 23);
    assert_eq!(full["cards"].as_array().and_then(|c| c.last()).and_then(Value::as_str), Some("BJ"));
    assert_eq!(posse(&["deck", "desperados", "duel", "--json"]).json()["count"], 26);
    let good_outlaws = posse(&["deck", "outlaws", "half", "--role", "good", "--json"]).json();
    assert_eq!(good_outlaws["cards"][13], "RJ");
    let text = posse(&["deck", "cowboys", "half"]);
    assert_eq!(text.code, 0);
    assert!(text.stdout.contains("A♦") && text.stdout.contains("14 cards"), "{}", text.stdout);
    // A red gang's duel deck of black numbers is the 26 black cards (reading D10).
    let black_duel = posse(&["deck", "cowboys", "duel", "--numbers", "black", "--json"]).json();
    let cards: Vec<&str> =
        black_duel["cards"].as_array().expect("cards").iter().filter_map(Value::as_str).collect();
    assert_eq!(cards.len(), 26);
    assert_eq!(cards[18..], ["JS", "QS", "KS", "AS", "JC", "QC", "KC", "AC"]);
    assert!(cards.iter().all(|c| c.ends_with(['S', 'C'])), "{cards:?}");
}

#[test]
fn deck_refuses_unknown_names() {
    assert_fails(&["deck", "pinkertons", "half"], 2, "pinkertons");
    assert_fails(&["deck", "lawmen", "quarter"], 2, "quarter");
    assert_fails(&["deck", "lawmen", "half", "--role", "ugly"], 2, "ugly");
}

#[test]
fn shoot_gives_modifier_breakdown_and_exact_chances() {
    let v = posse(&["shoot", "--weapon", "pistol", "--distance", "5", "--json"]).json();
    assert_eq!(v["range"], "point_blank");
    assert_eq!(v["modifier"], 2);
    assert_eq!(v["modifiers"][0]["value"], 2);
    assert!(v["modifiers"][0]["reason"].as_str().is_some_and(|r| r.contains("Point blank")));
    let c = &v["chances"];
    assert_eq!(c["out_of_ammo"], 0.05);
    // +2: 2-8 miss (7), 9-12 UF (4), 13-16 UF+nerve (4), 17-20 OOA (4).
    assert_eq!(c["miss"], 0.35);
    assert_eq!(c["under_fire"], 0.2);
    assert_eq!(c["under_fire_and_nerve"], 0.2);
    assert_eq!(c["out_of_action"], 0.2);
    assert!(v.get("result").is_none());
}

#[test]
fn shoot_with_every_modifier_and_a_roll() {
    let v = posse(&[
        "shoot",
        "--weapon",
        "rifle",
        "--distance",
        "60",
        "--aim",
        "2",
        "--shooter-under-fire",
        "1",
        "--skill",
        "-1",
        "--target-moves",
        "1",
        "--cover",
        "--target-boss",
        "--obscured",
        "--roll",
        "17",
        "--json",
    ])
    .json();
    assert_eq!(v["range"], "long");
    // long -1, aim +2, under fire -1, skill -1, moving -1, cover -1, boss -1, obscured -1 = -5
    assert_eq!(v["modifier"], -5);
    assert_eq!(v["modifiers"].as_array().map(Vec::len), Some(8));
    assert_eq!(v["result"], "under_fire");
    let natural_one =
        posse(&["shoot", "--weapon", "pistol", "--distance", "5", "--roll", "1", "--json"]).json();
    assert_eq!(natural_one["result"], "out_of_ammo");
    let boss_on_boss = posse(&[
        "shoot",
        "--weapon",
        "pistol",
        "--distance",
        "15",
        "--target-boss",
        "--shooter-boss",
        "--json",
    ])
    .json();
    assert_eq!(boss_on_boss["modifier"], 0);
    let text = posse(&["shoot", "--weapon", "shotgun", "--distance", "8", "--shot", "2", "--roll", "20"]);
    assert_eq!(text.code, 0);
    assert!(text.stdout.contains("Out of action") && text.stdout.contains("out of ammo"), "{}", text.stdout);
}

#[test]
fn shoot_refuses_what_the_rules_do_not_allow() {
    assert_fails(&["shoot", "--weapon", "pistol", "--distance", "31"], 1, "30 cm");
    assert_fails(&["shoot", "--weapon", "shotgun", "--distance", "5", "--aim", "1"], 1, "aim");
    assert_fails(&["shoot", "--weapon", "rifle", "--distance", "5", "--shot", "2"], 1, "shot");
    assert_fails(&["shoot", "--weapon", "pistol", "--distance", "5", "--roll", "21"], 1, "d20");
    assert_fails(
        &["shoot", "--weapon", "pistol", "--distance", "5", "--shot", "3", "--aim", "1"],
        1,
        "actions",
    );
    assert_fails(&["shoot", "--weapon", "pistol", "--distance", "5", "--skill", "5"], 1, "shoot value");
    assert_fails(&["shoot", "--weapon", "both-barrels", "--distance", "12"], 1, "10 cm");
}

#[test]
fn an_aim_helps_only_the_first_shot() {
    // An aim then two shots: the aim is shot 1's own (line 92); shot 2 gets -1 and no aim.
    let first = posse(&["shoot", "--weapon", "pistol", "--distance", "15", "--aim", "1", "--json"]).json();
    assert_eq!(first["modifier"], 1);
    let second =
        posse(&["shoot", "--weapon", "pistol", "--distance", "15", "--shot", "2", "--aim", "1", "--json"])
            .json();
    assert_eq!(second["modifier"], -1);
    assert_eq!(second["modifiers"], serde_json::json!([{"reason": "Second shot", "value": -1}]));
}

#[test]
fn shoot_reports_malformed_input() {
    assert_fails(&["shoot", "--weapon", "laser", "--distance", "5"], 2, "laser");
    assert_fails(&["shoot", "--weapon", "pistol", "--distance", "near"], 2, "near");
    assert_fails(&["shoot", "--weapon", "pistol"], 2, "distance");
    assert_fails(&["shoot", "--weapon", "pistol", "--distance", "5", "--bogus"], 2, "bogus");
}

#[test]
fn nerve_tests() {
    let v = posse(&["nerve", "--nerve", "4", "--under-fire", "2", "--friend-near", "--json"]).json();
    assert_eq!(v["needed"], 5);
    assert_eq!(v["modifier"], -1);
    assert_eq!(v["pass_chance"], 0.6);
    assert_eq!(v["modifiers"].as_array().map(Vec::len), Some(2));
    let pass = posse(&["nerve", "--nerve", "2", "--roll", "2", "--json"]).json();
    assert_eq!(pass["result"], "pass");
    let natural_one =
        posse(&["nerve", "--nerve", "2", "--under-fire", "0", "--friend-near", "--roll", "1", "--json"])
            .json();
    assert_eq!(natural_one["result"], "fail");
    let hopeless = posse(&["nerve", "--nerve", "6+", "--under-fire", "4", "--json"]).json();
    assert_eq!(hopeless["needed"], 10);
    assert_fails(&["nerve", "--nerve", "4", "--roll", "11"], 1, "d10");
    assert_fails(&["nerve", "--nerve", "12"], 1, "nerve");
    assert_fails(&["nerve", "--nerve", "brave"], 2, "brave");
}

#[test]
fn big_nerve_follows_the_rulebook_example() {
    let auto = posse(&[
        "big-nerve",
        "--models",
        "6",
        "--out",
        "4",
        "--under-fire",
        "5",
        "--nerve",
        "2",
        "--roll",
        "10",
        "--json",
    ])
    .json();
    assert_eq!(auto["required"], true);
    assert_eq!(auto["automatic_fail"], true);
    assert_eq!(auto["pass_chance"], 0.0);
    assert_eq!(auto["result"], "fail");
    let test =
        posse(&["big-nerve", "--models", "6", "--out", "4", "--under-fire", "3", "--nerve", "2", "--json"])
            .json();
    assert_eq!(test["automatic_fail"], false);
    assert_eq!(test["modifier"], -1);
    assert_eq!(test["needed"], 3);
    assert_eq!(test["pass_chance"], 0.8);
    let calm =
        posse(&["big-nerve", "--models", "6", "--out", "3", "--under-fire", "9", "--nerve", "2", "--json"])
            .json();
    assert_eq!(calm["required"], false);
    assert_eq!(calm["result"], "not_required");
    assert_fails(
        &["big-nerve", "--models", "3", "--out", "4", "--under-fire", "0", "--nerve", "2"],
        1,
        "more than",
    );
}

#[test]
fn melee_roll_off() {
    let v = posse(&[
        "melee",
        "--a-hth",
        "1",
        "--b-hth",
        "0",
        "--b-under-fire",
        "1",
        "--a-charged",
        "--a-roll",
        "4",
        "--b-roll",
        "6",
        "--json",
    ])
    .json();
    assert_eq!(v["a_total"], 7);
    assert_eq!(v["b_total"], 6);
    assert_eq!(v["winner"], "a");
    assert_eq!(v["markers"], 1);
    let even = posse(&["melee", "--a-hth", "0", "--b-hth", "0", "--json"]).json();
    assert_eq!(even["chances"]["a"], 0.45);
    assert_eq!(even["chances"]["draw"], 0.1);
    assert!(even.get("winner").is_none());
    assert_fails(&["melee", "--a-hth", "0", "--b-hth", "0", "--a-roll", "4"], 2, "b-roll");
    assert_fails(&["melee", "--a-hth", "0", "--b-hth", "0", "--a-roll", "0", "--b-roll", "3"], 1, "d10");
}

#[test]
fn initiative_orders_and_grants_the_switch() {
    let v = posse(&[
        "initiative",
        "--a",
        "Wyatt=7H,Doc=QH,Morgan=RJ",
        "--b",
        "Ike=7S,Billy=2S",
        "--first",
        "b",
        "--json",
    ])
    .json();
    let order: Vec<(String, String)> = v["order"]
        .as_array()
        .expect("order")
        .iter()
        .map(|r| (r["model"].as_str().unwrap_or("").to_owned(), r["card"].as_str().unwrap_or("").to_owned()))
        .collect();
    let names: Vec<&str> = order.iter().map(|(m, _)| m.as_str()).collect();
    assert_eq!(names, ["Doc", "Ike", "Wyatt", "Billy", "Morgan"]);
    assert_eq!(v["order"][1]["side"], "b");
    assert_eq!(v["switch"], "b");
    let no_switch = posse(&["initiative", "--a", "Stranger=3H", "--b", "Ike=9S,Billy=5S", "--json"]).json();
    assert_eq!(no_switch["switch"], Value::Null);
    assert_fails(&["initiative", "--a", "Wyatt=7H", "--b", "Ike=7S"], 2, "placed its first card first");
    assert_fails(&["initiative", "--a", "Wyatt=7X", "--b", "Ike=7S"], 2, "7X");
    assert_fails(&["initiative", "--a", "Wyatt", "--b", "Ike=7S"], 2, "wyatt");
    assert_fails(&["initiative", "--a", "Wyatt=7H", "--b", "Ike=7H"], 2, "twice");
}

#[test]
fn initiative_drunk_and_surprised() {
    let v = posse(&[
        "initiative",
        "--a",
        "Stranger=AH",
        "--b",
        "Ike=AS,Billy=KS",
        "--b-drunk",
        "--first",
        "b",
        "--json",
    ])
    .json();
    assert_eq!(v["order"][0]["model"], "Stranger");
    let s =
        posse(&["initiative", "--a", "Wyatt=AH,Doc=2H", "--b", "Ike=3S", "--a-surprised", "Wyatt", "--json"])
            .json();
    assert_eq!(s["order"][2]["model"], "Wyatt");
    assert_fails(&["initiative", "--a", "Wyatt=AH", "--b", "Ike=3S", "--a-surprised", "Doc"], 2, "doc");
}

fn gang_file(json: &str) -> tempfile::NamedTempFile {
    use std::io::Write as _;
    let mut f = tempfile::NamedTempFile::new().expect("temp file");
    f.write_all(json.as_bytes()).expect("write");
    f
}

const LEGAL: &str = r#"{"name": "Tombstone Law", "gang": "lawmen", "extra": "ignored",
 "models": [
  {"name": "Wyatt", "profile": "sheriff", "weapons": ["pistol"]},
  {"name": "Virgil", "profile": "marshal", "weapons": ["pistol"]},
  {"name": "Morgan", "profile": "deputy", "weapons": ["pistol"]},
  {"name": "Doc", "profile": "deputy", "weapons": ["shotgun"]},
  {"name": "Turkey Creek", "profile": "deputy", "weapons": ["rifle"]},
  {"name": "Texas Jack", "profile": "deputy", "weapons": ["repeater"]},
  {"name": "Sherman", "profile": "citizen", "weapons": ["pistol"]},
  {"name": "Dan", "profile": "citizen", "weapons": ["pistol"]}]}"#;

#[test]
fn gang_check_accepts_a_legal_gang() {
    let f = gang_file(LEGAL);
    let path = f.path().to_str().expect("path");
    let run = posse(&["gang", "check", path, "--json"]);
    assert_eq!(run.code, 0, "{}", run.stdout);
    let v = run.json();
    assert_eq!(v["gang"], "lawmen");
    assert_eq!(v["name"], "Tombstone Law");
    assert_eq!(v["rep"], 21);
    assert_eq!(v["rep_limit"], 21);
    assert_eq!(v["models"], 8);
    assert_eq!(v["pistol_only"], 5);
    assert_eq!(v["valid"], true);
    assert_eq!(v["problems"], serde_json::json!([]));
    let text = posse(&["gang", "check", path]);
    assert!(text.stdout.contains("Legal."), "{}", text.stdout);
}

#[test]
fn gang_check_lists_every_problem_with_exit_one() {
    let f = gang_file(LEGAL);
    let path = f.path().to_str().expect("path");
    let run = posse(&["gang", "check", path, "--rep", "15", "--json"]);
    assert_eq!(run.code, 1);
    let v = run.json();
    assert_eq!(v["valid"], false);
    assert_eq!(v["rep_limit"], 15);
    assert_eq!(v["problems"][0]["rule"], "rep_limit");
    let bad = gang_file(
        r#"{"name": "Mess", "gang": "outlaws", "models": [
        {"name": "Ike", "profile": "boss", "weapons": ["rifle"]},
        {"name": "Billy", "profile": "dude", "weapons": []},
        {"name": "Sneaky", "profile": "weasel", "weapons": ["pistol"]},
        {"name": "Luke", "profile": "varmint", "weapons": ["bowie"]}]}"#,
    );
    let run = posse(&["gang", "check", bad.path().to_str().expect("path"), "--json"]);
    assert_eq!(run.code, 1);
    let v = run.json();
    let rules: Vec<&str> =
        v["problems"].as_array().expect("problems").iter().filter_map(|p| p["rule"].as_str()).collect();
    for rule in [
        "weapon_not_allowed",
        "no_weapon",
        "unknown_profile",
        "unknown_weapon",
        "profile_count",
        "pistol_half",
    ] {
        assert!(rules.contains(&rule), "{rule} missing from {rules:?}");
    }
}

#[test]
fn gang_check_reports_unreadable_files() {
    assert_fails(&["gang", "check", "/nonexistent/gang.json"], 2, "/nonexistent/gang.json");
    let not_json = gang_file("this is not json");
    assert_fails(&["gang", "check", not_json.path().to_str().expect("path")], 2, "not a gang file");
    let unknown = gang_file(r#"{"name": "X", "gang": "pinkertons", "models": []}"#);
    assert_fails(&["gang", "check", unknown.path().to_str().expect("path")], 2, "pinkertons");
}

#[test]
fn scene_list_and_show() {
    let v = posse(&["scene", "list", "--json"]).json();
    let ids: Vec<&str> = v.as_array().expect("list").iter().filter_map(|s| s["id"].as_str()).collect();
    assert_eq!(
        ids,
        [
            "the-stranger",
            "this-town-aint-big-enough",
            "we-will-be-waitin",
            "the-duel",
            "there-will-be-blood",
            "gunfight",
            "hang-em-high",
            "get-me-out",
            "fast-train-to-justice",
            "ambush",
            "heist",
            "showdown"
        ]
    );
    let stranger = &v[0];
    assert_eq!(stranger["deck"]["good"], "half");
    assert_eq!(stranger["hand"]["good"], 2);
    assert_eq!(stranger["hand"]["bad"], 1);
    assert_eq!(stranger["rep"]["good"], 5);
    assert_eq!(stranger["act"], 1);
    let show = posse(&["scene", "show", "hang-em-high", "--json"]).json();
    assert_eq!(show["title"], "Hang 'Em High");
    assert_eq!(show["sides"]["bad"]["reshuffle"], false);
    let text = posse(&["scene", "show", "showdown"]);
    assert!(text.stdout.contains("Showdown"), "{}", text.stdout);
    assert_fails(&["scene", "show", "high-noon"], 2, "high-noon");
}

#[test]
fn help_and_version_exit_zero() {
    let help = posse(&["--help"]);
    assert_eq!(help.code, 0);
    assert!(help.stdout.contains("initiative"));
    assert_eq!(posse(&["--version"]).code, 0);
}

/// Each help opens with its own group's sentence, not with the doc comment of the list of
/// commands clap's derive adds to it (the top-level help read "Dead Man's Hand's commands").
#[test]
fn every_help_opens_with_its_own_groups_sentence() {
    for (group, sentence) in [
        (
            None,
            "Posse: the table-side companion for miniatures and board games played on a real table. Run with no arguments to open the app.",
        ),
        (Some("dmh"), "Dead Man's Hand: decks, shots, nerve, melee, initiative, gangs, scenes, journals"),
        (Some("fragmaster"), "Fragmaster Origins: attacks, initiative, frags and the reference sheet"),
        (
            Some("frag"),
            "Frag Deadlands and Frag Zombies!!!: fighters, hits, damage odds, poker hands, zombie frags, record sheets",
        ),
        (
            Some("savage"),
            "Deadlands (Savage Worlds): exact odds of aced rolls, the action deck, the reference sheet, combatants",
        ),
    ] {
        let args: Vec<&str> = group.into_iter().chain(["--help"]).collect();
        assert_eq!(posse(&args).stdout.lines().next(), Some(sentence), "{args:?}");
    }
}

#[test]
fn readable_output_snapshots() {
    let shot = posse(&[
        "shoot",
        "--weapon",
        "pistol",
        "--distance",
        "22",
        "--shot",
        "2",
        "--target-moves",
        "1",
        "--cover",
        "--roll",
        "15",
    ]);
    insta::assert_snapshot!("shoot_text", shot.stdout);
    let init =
        posse(&["initiative", "--a", "Wyatt=7H,Doc=QH,Morgan=RJ", "--b", "Ike=7S,Billy=2S", "--first", "b"]);
    insta::assert_snapshot!("initiative_text", init.stdout);
    let bnt = posse(&[
        "big-nerve",
        "--models",
        "6",
        "--out",
        "4",
        "--under-fire",
        "3",
        "--nerve",
        "2",
        "--roll",
        "5",
    ]);
    insta::assert_snapshot!("big_nerve_text", bnt.stdout);
    let f = gang_file(LEGAL);
    let gang = posse(&["gang", "check", f.path().to_str().expect("path"), "--rep", "18"]);
    insta::assert_snapshot!("gang_check_text", gang.stdout);
    insta::assert_snapshot!("scene_list_text", posse(&["scene", "list"]).stdout);
    insta::assert_snapshot!("scene_show_hang_em_high", posse(&["scene", "show", "hang-em-high"]).stdout);
}

fn fixture(name: &str) -> String {
    format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn the_rulebook_sized_gangs_are_legal_and_print() {
    let dir = tempfile::tempdir().expect("temp dir");
    for gang in ["lawmen", "outlaws", "cowboys", "desperados"] {
        let file = fixture(&format!("{gang}-21.json"));
        let check = posse(&["gang", "check", &file, "--json"]);
        assert_eq!(check.code, 0, "{gang}: {}", check.stdout);
        let v = check.json();
        assert_eq!((v["rep"].as_u64(), v["models"].as_u64()), (Some(21), Some(7)), "{gang}");
        for paper in ["a4", "letter"] {
            let out = dir.path().join(format!("{gang}-{paper}.pdf"));
            let run = posse(&[
                "gang",
                "print",
                &file,
                "--out",
                out.to_str().expect("path"),
                "--paper",
                paper,
                "--json",
            ]);
            assert_eq!(run.code, 0, "{}", run.stderr);
            assert_eq!(run.json()["pages"], 1);
            let bytes = std::fs::read(&out).expect("pdf written");
            assert!(bytes.starts_with(b"%PDF-"));
        }
    }
}

#[test]
fn gang_print_reports_bad_input() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("x.pdf");
    let out = out.to_str().expect("path");
    assert_fails(&["gang", "print", &fixture("lawmen-21.json"), "--out", out, "--paper", "a3"], 2, "a3");
    assert_fails(&["gang", "print", "/nonexistent/gang.json", "--out", out], 2, "cannot read");
    let under_a_file = format!("{}/x.pdf", fixture("lawmen-21.json"));
    assert_fails(&["gang", "print", &fixture("lawmen-21.json"), "--out", &under_a_file], 2, "cannot write");
}

#[test]
fn scene_print_all_gives_every_checklist_and_reference_two() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("scenes.pdf");
    let run = posse(&["scene", "print", "all", "--out", out.to_str().expect("path"), "--json"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    // Twelve checklists on A4: ten take two pages, so that no text is under 9 pt.
    assert_eq!(run.json()["pages"], 22);
    assert!(std::fs::read(&out).expect("written").starts_with(b"%PDF-"));
    let one = dir.path().join("duel.pdf");
    let run = posse(&[
        "scene",
        "print",
        "the-duel",
        "--out",
        one.to_str().expect("path"),
        "--paper",
        "letter",
        "--json",
    ]);
    assert_eq!((run.code, run.json()["pages"].as_u64()), (0, Some(2)));
    let reference = dir.path().join("ref.pdf");
    let run = posse(&["reference", "print", "--out", reference.to_str().expect("path"), "--json"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.json()["pages"], 2);
    assert_fails(&["scene", "print", "high-noon", "--out", one.to_str().expect("path")], 2, "high-noon");
    assert_fails(&["reference", "print", "--out", one.to_str().expect("path"), "--paper", "a5"], 2, "a5");
}

#[test]
fn every_printout_refuses_a_pipe_or_a_device_and_writes_through_a_link() {
    use std::os::unix::fs::{FileTypeExt as _, PermissionsExt as _};
    let dir = tempfile::tempdir().expect("temp dir");
    let fighter = dir.path().join("ann.json");
    std::fs::write(&fighter, r#"{"character":"huckster","name":"Ann","health":3,"speed":2,"accuracy":2}"#)
        .expect("fighter file");
    let fighter = fighter.to_str().expect("path").to_owned();
    let printouts: [&[&str]; 5] = [
        &["dmh", "reference", "print"],
        &["gang", "print", &fixture("lawmen-21.json")],
        &["frag", "record-sheet", &fighter],
        &["fragmaster", "reference", "print"],
        &["savage", "reference", "print"],
    ];
    let fifo = dir.path().join("pipe.pdf");
    assert!(std::process::Command::new("mkfifo").arg(&fifo).status().expect("mkfifo runs").success());
    for (n, printout) in printouts.iter().enumerate() {
        let print_to =
            |out: &std::path::Path| posse(&[*printout, &["--out", out.to_str().expect("path")]].concat());
        // A pipe and a device are refused (exit 2, one sentence) and stay what they were; as
        // root /dev/full was replaced by a regular file.
        for (out, what) in [(fifo.as_path(), "pipe"), (std::path::Path::new("/dev/full"), "device")] {
            let run = print_to(out);
            assert_eq!(run.code, 2, "{printout:?} to a {what}: {}", run.stdout);
            assert_eq!(
                run.stderr.trim(),
                format!(
                    "Cannot write {}: it is not a regular file (a device, a pipe or a socket), so Posse does not write to it.",
                    out.display()
                )
            );
        }
        assert!(std::fs::symlink_metadata(&fifo).expect("there").file_type().is_fifo());
        assert!(std::fs::symlink_metadata("/dev/full").expect("there").file_type().is_char_device());
        // A link: the PDF goes to its target, which keeps its permissions; the link stays a
        // link (the atomic rename replaced it by a PDF with the link's rwxrwxrwx).
        let target = dir.path().join(format!("target-{n}.pdf"));
        std::fs::write(&target, "").expect("target");
        std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o600)).expect("chmod");
        let link = dir.path().join(format!("link-{n}.pdf"));
        std::os::unix::fs::symlink(&target, &link).expect("link");
        let run = print_to(&link);
        assert_eq!(run.code, 0, "{printout:?} through a link: {}", run.stderr);
        assert!(std::fs::symlink_metadata(&link).expect("there").file_type().is_symlink());
        assert!(std::fs::read(&target).expect("the PDF").starts_with(b"%PDF"));
        assert_eq!(std::fs::metadata(&target).expect("there").permissions().mode() & 0o777, 0o600);
        // A link to nothing is refused.
        let dangling = dir.path().join(format!("dangling-{n}.pdf"));
        std::os::unix::fs::symlink(dir.path().join("nothing.pdf"), &dangling).expect("link");
        let run = print_to(&dangling);
        assert_eq!(run.code, 2);
        assert_eq!(
            run.stderr.trim(),
            format!(
                "Cannot write {}: it is a link to a file that does not exist; give the file itself.",
                dangling.display()
            )
        );
    }
}

#[test]
fn a_terminals_escape_codes_in_a_gang_name_are_printed_as_text() {
    let named = LEGAL.replace("\"Tombstone Law\"", "\"Red\\u001b[31m Law\"");
    let file = gang_file(&named);
    let run = posse(&["gang", "check", file.path().to_str().expect("path")]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(!run.stdout.contains('\u{1b}'), "{}", run.stdout);
    assert!(run.stdout.contains("Red\\u{1b}[31m Law"), "{}", run.stdout);
}

/// `posse game replay` of another game's journal says it is not Dead Man's Hand's, never that
/// the journal is damaged.
#[test]
fn replaying_another_games_journal_says_whose_journals_it_reads() {
    for game in ["fragmaster", "frag", "savage"] {
        let path = format!("{}/tests/fixtures/share/{game}-game.jsonl", env!("CARGO_MANIFEST_DIR"));
        let run = posse(&["game", "replay", "--journal", &path]);
        assert_eq!(
            (run.code, run.stderr.trim().to_owned()),
            (
                2,
                format!(
                    "{path}: this is not a Dead Man's Hand journal: its first event is not this game's beginning (is it another game's journal, or a newer Posse's?); `posse game replay` reads Dead Man's Hand journals only."
                )
            ),
            "{game}"
        );
    }
}

#[test]
fn what_the_rules_cannot_hold_is_refused_in_one_sentence() {
    use super::support::fails;
    // One model, one card (line 55).
    fails(
        &["initiative", "--a", "Wyatt=7H,Wyatt=8H", "--b", "Ike=7S", "--first", "a"],
        2,
        "Wyatt is given two cards.",
    );
    // A fight starts with one charge.
    fails(
        &["melee", "--a-hth", "0", "--b-hth", "0", "--a-charged", "--b-charged"],
        1,
        "Only one fighter can have charged: the fight starts with one charge.",
    );
    // One "+" after a Nerve: "4++" is a slip.
    fails(
        &["nerve", "--nerve", "4++"],
        2,
        "Invalid value '4++' for '--nerve <NERVE>': '4++' is not a Nerve value like 4 or 4+ (see posse nerve --help).",
    );
    assert_eq!(super::support::posse(&["nerve", "--nerve", "4+"]).code, 0);
    // A kill is one killer and one victim.
    fails(
        &["fragmaster", "score", "--frags", "Ann>Bob>Cid"],
        2,
        "'Ann>Bob>Cid' in --frags is not a kill like Ann>Bob.",
    );
}

#[test]
fn a_printout_never_replaces_the_file_it_is_made_from() {
    let dir = tempfile::tempdir().expect("temp dir");
    let copy = |name: &str, text: &str| {
        let path = dir.path().join(name);
        std::fs::write(&path, text).expect("file");
        path.to_str().expect("path").to_owned()
    };
    let gang = copy("gang.json", &std::fs::read_to_string(fixture("lawmen-21.json")).expect("fixture"));
    let fighter =
        copy("ann.json", r#"{"character":"huckster","name":"Ann","health":3,"speed":2,"accuracy":2}"#);
    let combatant = copy(
        "kid.json",
        r#"{"name":"Doc","kind":"wild_card","attributes":{"agility":"d8","smarts":"d8","spirit":"d6","strength":"d6","vigor":"d6"},"skills":{"shooting":"d8"}}"#,
    );
    for (printout, file) in [
        vec!["gang", "print", &gang, "--out", &gang],
        vec!["frag", "record-sheet", &fighter, "--out", &fighter],
        vec!["savage", "combatant", "print", "--file", &combatant, "--out", &combatant],
    ]
    .iter()
    .zip([&gang, &fighter, &combatant])
    {
        let before = std::fs::read(file).expect("read");
        super::support::fails(
            printout,
            2,
            &format!(
                "Cannot write {file}: it is {file}, the file being printed; give another path for the printout."
            ),
        );
        assert_eq!(std::fs::read(file).expect("read"), before, "{printout:?} left its file as it was");
    }
}

#[test]
fn every_games_files_allow_one_byte_order_mark_and_refuse_two() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("out.pdf");
    let out = out.to_str().expect("path");
    let gang = std::fs::read_to_string(fixture("lawmen-21.json")).expect("fixture");
    let fighter = r#"{"character":"huckster","name":"Ann","health":3,"speed":2,"accuracy":2}"#;
    let combatant = r#"{"name":"Doc","kind":"wild_card","attributes":{"agility":"d8","smarts":"d8","spirit":"d6","strength":"d6","vigor":"d6"},"skills":{"shooting":"d8"}}"#;
    let file = |name: &str, text: String| {
        let path = dir.path().join(name);
        std::fs::write(&path, text).expect("write");
        path.to_str().expect("path").to_owned()
    };
    for (name, text, command, refusal) in [
        (
            "gang",
            gang.as_str(),
            vec!["gang", "check"],
            "{} is not a gang file: expected value (line 1, column 1).",
        ),
        (
            "fighter",
            fighter,
            vec!["frag", "record-sheet"],
            "{}: it is not a fighter file: expected value (line 1, column 1).",
        ),
        (
            "combatant",
            combatant,
            vec!["savage", "combatant", "print", "--file"],
            "{} is not a combatant file ($: expected value (line 1, column 1)).",
        ),
    ] {
        let print = if name == "gang" { vec![] } else { vec!["--out", out] };
        let one = file(&format!("{name}-one.json"), format!("\u{feff}{text}"));
        let run = posse(&[command.as_slice(), &[one.as_str()], &print].concat());
        assert_eq!(run.code, 0, "{name} with one byte order mark: {}", run.stderr);
        let two = file(&format!("{name}-two.json"), format!("\u{feff}\u{feff}{text}"));
        let run = posse(&[command.as_slice(), &[two.as_str()], &print].concat());
        assert_eq!(
            (run.code, run.stderr.trim()),
            (2, refusal.replace("{}", &two).as_str()),
            "{name} with two"
        );
        let after = file(&format!("{name}-after.json"), format!("{text} {text}"));
        let run = posse(&[command.as_slice(), &[after.as_str()], &print].concat());
        assert_eq!(run.code, 2, "{name} with more after it");
        assert!(
            run.stderr.contains(&format!("there is more after the {name}'s closing brace")),
            "{}",
            run.stderr
        );
    }
}

/// A gang file of `models` deputies, each with `weapons` pistols.
fn oversized_gang(models: usize, weapons: usize) -> String {
    let pistols = vec!["\"pistol\""; weapons].join(",");
    let model = format!(r#"{{"name": "Deputy", "profile": "deputy", "weapons": [{pistols}]}}"#);
    format!(r#"{{"name": "Big", "gang": "lawmen", "models": [{}]}}"#, vec![model; models].join(","))
}

#[test]
fn a_gang_file_holds_at_most_two_hundred_models_of_twenty_weapons() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("out.pdf");
    let out = out.to_str().expect("path");
    for (models, weapons, reason) in [
        (100_000, 1, "it holds 100000 models, and a gang file holds at most 200"),
        (201, 1, "it holds 201 models, and a gang file holds at most 200"),
        (1, 21, "its model 1 carries 21 weapons, and a model carries at most 20"),
    ] {
        let file = gang_file(&oversized_gang(models, weapons));
        let path = file.path().to_str().expect("path");
        // Printing 100,000 models took eleven seconds; the file is refused as it is read.
        for command in [&["gang", "print", path, "--out", out][..], &["gang", "check", path]] {
            let run = posse(command);
            assert_eq!(
                (run.code, run.stderr.trim()),
                (2, format!("{path} is not a gang file: {reason}.").as_str())
            );
        }
    }
    let long = oversized_gang(3, 1).replacen("Deputy", &"D".repeat(1001), 2);
    let file = gang_file(&long);
    let path = file.path().to_str().expect("path");
    let run = posse(&["gang", "check", path]);
    assert_eq!(
        (run.code, run.stderr.trim()),
        (
            2,
            format!(
                "{path} is not a gang file: model 1's name is 1001 characters long, and a name in a gang file is at most 1000."
            )
            .as_str()
        )
    );
    // The largest gang a file may hold is read (and is not legal, having no boss).
    let file = gang_file(&oversized_gang(200, 20));
    let run = posse(&["gang", "print", file.path().to_str().expect("path"), "--out", out]);
    assert_eq!(run.code, 0, "{}", run.stderr);
}

#[test]
fn an_illegal_gang_says_so_in_one_sentence() {
    let f = gang_file(LEGAL);
    let run = posse(&["gang", "check", f.path().to_str().expect("path"), "--rep", "15"]);
    assert_eq!(run.code, 1);
    assert_eq!(run.stderr, "The gang is not legal: 1 problem in the report.\n");
}

#[test]
fn a_gang_file_is_one_object_with_a_name_and_models() {
    let malformed = [
        (format!("{LEGAL} trailing"), "there is more after the gang's closing brace (line 10, column 66)"),
        (format!("{LEGAL}\0\0\0\0"), "there is more after the gang's closing brace"),
        (format!("{LEGAL}\n{LEGAL}"), "there is more after the gang's closing brace (line 11, column 1)"),
        (LEGAL.replacen("\"name\": \"Tombstone Law\", ", "", 1), "missing field `name`"),
        (r#"{"name": "X", "gang": "lawmen"}"#.to_owned(), "missing field `models`"),
        (
            LEGAL.replacen("\"extra\": \"ignored\"", "\"scene\": \"high-noon\"", 1),
            "'high-noon' is not a scene (posse scene list shows the ids)",
        ),
    ];
    for (text, needle) in malformed {
        let f = gang_file(&text);
        let path = f.path().to_str().expect("path");
        assert_fails(&["gang", "check", path], 2, needle);
        assert_fails(&["gang", "print", path, "--out", "/nonexistent/x.pdf"], 2, needle);
    }
    // A byte order mark before the object is fine, and so is a scene Posse knows.
    let bom = gang_file(&format!("\u{feff}{LEGAL}"));
    let run = posse(&["gang", "check", bom.path().to_str().expect("path"), "--json"]);
    assert_eq!((run.code, run.json()["name"].as_str()), (0, Some("Tombstone Law")));
    let scene = gang_file(&LEGAL.replacen("\"extra\": \"ignored\"", "\"scene\": \"showdown\"", 1));
    assert_eq!(posse(&["gang", "check", scene.path().to_str().expect("path")]).code, 0);
}

#[test]
fn only_regular_files_are_read() {
    for path in ["/dev/zero", "/dev/urandom", "/tmp"] {
        let run = posse(&["gang", "check", path]);
        assert_eq!(run.code, 2);
        assert_eq!(
            run.stderr,
            format!(
                "Cannot read {path}: it is not a regular file (a folder, device or pipe), so it is not a gang file.\n"
            )
        );
    }
    let run = posse(&["game", "replay", "--journal", "/dev/zero"]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.ends_with("so it is not a game journal.\n"), "{}", run.stderr);
}

#[test]
fn a_relative_file_name_keeps_its_case() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join("bad.json"), "{").expect("write");
    let run = spawned(support::posse_command().args(["gang", "check", "bad.json"]).current_dir(dir.path()));
    assert_eq!(run.code, 2);
    assert_eq!(run.stderr, "bad.json is not a gang file: EOF while parsing an object (line 1, column 1).\n");
    std::fs::write(dir.path().join("odd.json"), LEGAL.replacen("lawmen", "pinkertons", 1)).expect("write");
    let run = spawned(support::posse_command().args(["gang", "check", "odd.json"]).current_dir(dir.path()));
    assert_eq!(
        (run.code, run.stderr.as_str()),
        (2, "odd.json: 'pinkertons' is not a gang: use lawmen, outlaws, cowboys or desperados.\n")
    );
}

#[test]
fn a_distance_that_is_not_a_number_is_malformed() {
    for distance in ["NaN", "nan", "inf", "-inf", "1e999", "-1e999"] {
        let arg = format!("--distance={distance}");
        assert_fails(&["shoot", "--weapon", "pistol", &arg], 2, &format!("'{distance}' is not a distance"));
    }
    assert_fails(&["shoot", "--weapon", "pistol", "--distance=-3"], 1, "0 or more");
}

#[test]
fn big_nerve_counts_do_not_overflow() {
    let max = u32::MAX.to_string();
    let args = ["big-nerve", "--models", &max, "--out", &max, "--under-fire", "0", "--nerve", "2"];
    let v = posse(&[&args[..], &["--roll", "10", "--json"]].concat()).json();
    assert_eq!(
        (&v["required"], &v["automatic_fail"], &v["standing"], &v["result"]),
        (&Value::Bool(true), &Value::Bool(true), &Value::from(0), &Value::from("fail"))
    );
    assert_fails(
        &["big-nerve", "--models", "4294967296", "--out", "1", "--under-fire", "0", "--nerve", "2"],
        2,
        "4294967296",
    );
}

#[test]
fn a_command_without_its_subcommand_is_one_sentence() {
    for (args, sentence) in [
        (&["scene"][..], "Posse scene needs a subcommand: list, show or print (see posse scene --help)."),
        (&["game"][..], "Posse game needs a subcommand: simulate or replay (see posse game --help)."),
        (
            &["reference", "--json"][..],
            "Posse reference needs a subcommand: print (see posse reference --help).",
        ),
    ] {
        let run = posse(args);
        assert_eq!(run.code, 2);
        assert_eq!(run.stderr, format!("{sentence}\n"));
    }
    assert_fails(&["gang"], 2, "posse gang needs a subcommand: check or print");
}

#[test]
fn names_with_newlines_are_escaped_on_stderr() {
    let run = posse(&["deck", "law\nmen", "half"]);
    assert_eq!(run.code, 2);
    assert_eq!(run.stderr, "'law\\nmen' is not a gang: use lawmen, outlaws, cowboys or desperados.\n");
    let run = posse(&["scene", "show", "high\r\nnoon"]);
    assert_eq!(run.stderr, "There is no scene 'high\\r\\nnoon' (posse scene list shows the ids).\n");
    let run = posse(&["shoot", "--weapon", "pistol", "--distance", "1\n2"]);
    assert_eq!(run.code, 2);
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
    assert!(run.stderr.starts_with("Invalid value '1\\n2' for '--distance <DISTANCE>'"), "{}", run.stderr);
}

#[test]
fn a_closed_stdout_ends_quietly_and_a_full_one_says_so() {
    // A pipe whose reader has gone, as with `posse scene list | head -c1`.
    let closed = || {
        let (reader, writer) = std::io::pipe().expect("pipe");
        drop(reader);
        writer
    };
    let quiet = spawned(support::posse_command().args(["scene", "list"]).stdout(closed()));
    assert_eq!((quiet.code, quiet.stderr.as_str()), (0, ""));
    let quiet = spawned(support::posse_command().args(["scene", "show", "x", "--json"]).stdout(closed()));
    assert_eq!(
        (quiet.code, quiet.stderr.as_str()),
        (2, "There is no scene 'x' (posse scene list shows the ids).\n")
    );
    let full = || std::fs::File::options().write(true).open("/dev/full").expect("/dev/full");
    let run_full = spawned(support::posse_command().args(["scene", "list"]).stdout(full()));
    assert_eq!(
        (run_full.code, run_full.stderr.as_str()),
        (2, "Posse could not write its output: the disk is full.\n")
    );
    // A simulation stops once nobody reads its progress; what it saved stays saved.
    let dir = tempfile::tempdir().expect("temp dir");
    let journal = dir.path().join("g.jsonl");
    let journal = journal.to_str().expect("path");
    let sim = spawned(
        support::posse_command()
            .args(["game", "simulate", "--journal", journal, "--events", "500"])
            .stdout(closed()),
    );
    assert_eq!((sim.code, sim.stderr.as_str()), (0, ""));
    assert_eq!(posse(&["game", "replay", "--journal", journal, "--json"]).json()["events"], 1);
}

#[test]
fn simulate_with_json_prints_only_json() {
    let dir = tempfile::tempdir().expect("temp dir");
    let journal = dir.path().join("g.jsonl");
    let run = posse(&[
        "game",
        "simulate",
        "--journal",
        journal.to_str().expect("path"),
        "--events",
        "12",
        "--json",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let v = run.json();
    assert_eq!((v["events"].as_u64(), v["torn_tail"].as_bool()), (Some(12), Some(false)));
    let text = posse(&["game", "simulate", "--journal", journal.to_str().expect("path"), "--events", "2"]);
    assert_eq!(text.stdout.lines().take(2).collect::<Vec<_>>(), ["applied 13", "applied 14"]);
}

/// A journal of `events` simulated events, and its path as text.
fn simulated(dir: &std::path::Path, events: &str) -> String {
    let journal = dir.join("g.jsonl").to_str().expect("path").to_owned();
    let run = posse(&["game", "simulate", "--journal", &journal, "--events", events, "--json"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    journal
}

#[test]
fn a_torn_journal_is_cut_after_keeping_a_copy_and_then_grows() {
    let dir = tempfile::tempdir().expect("temp dir");
    let journal = simulated(dir.path(), "5");
    let torn = std::fs::read_to_string(&journal).expect("read") + "{\"n\":6,\"sum\":\"0f";
    std::fs::write(&journal, &torn).expect("write");
    let replay = posse(&["game", "replay", "--journal", &journal, "--json"]).json();
    assert_eq!((replay["events"].as_u64(), replay["torn_tail"].as_bool()), (Some(5), Some(true)));
    assert_eq!(std::fs::read_to_string(&journal).expect("read"), torn, "replay never writes");
    let run = posse(&["game", "simulate", "--journal", &journal, "--events", "2", "--json"]);
    let v = run.json();
    let copy = format!("{journal}.torn-1");
    assert_eq!(
        (v["events"].as_u64(), v["torn_tail"].as_bool(), v["torn_copy"].as_str()),
        (Some(7), Some(true), Some(copy.as_str()))
    );
    assert_eq!(std::fs::read_to_string(&copy).expect("copy"), torn);
    let replay = posse(&["game", "replay", "--journal", &journal, "--json"]).json();
    assert_eq!((replay["events"].as_u64(), replay["torn_tail"].as_bool()), (Some(7), Some(false)));
}

#[test]
fn a_damaged_journal_is_reported_and_never_written() {
    let dir = tempfile::tempdir().expect("temp dir");
    let journal = simulated(dir.path(), "8");
    let lines: Vec<String> =
        std::fs::read_to_string(&journal).expect("read").lines().map(|l| format!("{l}\n")).collect();
    let cases = [
        (
            lines[..2].concat() + &lines[2].replacen("\"n\":3", "\"n\":3 ", 1) + &lines[3..].concat(),
            3,
            "it is not a journal line like",
        ),
        (
            [&lines[..3], &lines[4..5], &lines[3..4], &lines[5..]].concat().concat(),
            4,
            "it is numbered 5, not 4, so lines were moved, deleted or repeated",
        ),
        ([&lines[..3], &lines[4..]].concat().concat(), 4, "it is numbered 5, not 4"),
        ([&lines[..4], &lines[3..]].concat().concat(), 5, "it is numbered 4, not 5"),
        (
            lines[..1].concat()
                + &lines[1].replacen("\"cards\":null", "\"cards\":[]", 1)
                + &lines[2..].concat(),
            2,
            "its checksum does not match, so the line was changed",
        ),
    ];
    for (text, line, reason) in cases {
        std::fs::write(&journal, &text).expect("write");
        let sentence = format!("{journal} is damaged at line {line}: {reason}");
        let run = posse(&["game", "replay", "--journal", &journal]);
        assert_eq!(run.code, 2);
        assert!(run.stderr.starts_with(&sentence), "{} should start with {sentence}", run.stderr);
        assert_eq!(run.stderr.lines().count(), 1);
        let run = posse(&["game", "simulate", "--journal", &journal, "--events", "3"]);
        assert_eq!((run.code, run.stdout.as_str()), (2, ""));
        assert!(run.stderr.starts_with(&sentence), "{}", run.stderr);
        assert_eq!(std::fs::read_to_string(&journal).expect("read"), text, "never written");
    }
}

#[test]
fn a_journal_without_checksums_still_opens_and_gains_them() {
    let dir = tempfile::tempdir().expect("temp dir");
    let journal = simulated(dir.path(), "6");
    // The same events as Posse wrote them before checksums: one plain event per line.
    let plain: String = std::fs::read_to_string(&journal)
        .expect("read")
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).expect("json")["event"].to_string() + "\n")
        .collect();
    std::fs::write(&journal, &plain).expect("write");
    assert_eq!(posse(&["game", "replay", "--journal", &journal, "--json"]).json()["events"], 6);
    let run = posse(&["game", "simulate", "--journal", &journal, "--events", "1", "--json"]);
    assert_eq!(run.json()["events"], 7);
    let text = std::fs::read_to_string(&journal).expect("read");
    assert!(
        text.lines().enumerate().all(|(i, l)| l.starts_with(&format!("{{\"n\":{},\"sum\":\"", i + 1))),
        "{text}"
    );
    assert_eq!(posse(&["game", "replay", "--journal", &journal, "--json"]).json()["events"], 7);
}

/// A number after a space that starts with a minus is the option's value, refused by the
/// option with its own sentence; a count says what it takes; one thing is singular.
#[test]
fn negative_numbers_are_values_and_counts_read_as_english() {
    support::fails(
        &["shoot", "--weapon", "pistol", "--distance", "-3"],
        1,
        "The distance must be a number of cm, 0 or more (got -3).",
    );
    support::fails(
        &["shoot", "--weapon", "pistol", "--distance", "3", "--shot", "-1"],
        2,
        "Invalid value '-1' for '--shot <SHOT>': not a whole number 0 or more (see posse shoot --help).",
    );
    support::fails(
        &["frag", "hit", "--accuracy", "99999999999", "--range", "3"],
        2,
        "Invalid value '99999999999' for '--accuracy <ACCURACY>': a whole number too large to count (see posse frag hit --help).",
    );
    assert_eq!(
        posse(&["frag", "zombie-frags", "--count", "1"]).stdout,
        "1 zombie frag in one turn: 1 event card\n"
    );
    assert!(
        posse(&["frag", "hit", "--accuracy", "1", "--range", "3"]).stdout.starts_with("1 die at range 3: ")
    );
    assert!(
        posse(&["frag", "damage", "--dice", "1", "--health", "1"])
            .stdout
            .starts_with("1d damage against Health 1 (1 defence die): ")
    );
    assert_eq!(
        posse(&["big-nerve", "--models", "3", "--out", "2", "--under-fire", "2", "--nerve", "4"]).stdout,
        "2 of 3 models out of action, 1 standing with 2 under fire markers.\n\
         Automatic failure: 2 markers, at least twice the 1 model standing. The side gets out of Dodge.\n"
    );
    assert!(
        posse(&["savage", "soak", "--vigor", "d6", "--wounds", "1"])
            .stdout
            .starts_with("Soak 1 wound with Vigor d6 +0:\n")
    );
    // The defence roll is also spelt as the other defence options are.
    let damage = |spelling: &str| {
        let args = [
            "frag",
            "damage",
            "--dice",
            "3",
            "--health",
            "2",
            "--attack-roll",
            "16",
            spelling,
            "8",
            "--json",
        ];
        posse(&args).json()
    };
    assert_eq!(damage("--defence-roll"), damage("--defense-roll"));
}

/// Counts in refusals read as words ("3 shots", "1 aim action", not "shot(s)"), and a huge
/// typed distance is written short.
#[test]
fn refusals_count_in_words_and_write_huge_distances_short() {
    let exact = |args: &[&str], code: i32, said: &str| {
        let run = posse(args);
        assert_eq!((run.code, run.stderr.trim()), (code, said), "{args:?}");
    };
    exact(
        &["dmh", "shoot", "--weapon", "pistol", "--distance", "10", "--shot", "9"],
        1,
        "The Pistol fires at most 3 shots per activation, so there is no shot 9.",
    );
    exact(
        &["dmh", "shoot", "--weapon", "pistol", "--distance", "10", "--aim", "4"],
        1,
        "The Pistol can take at most 1 aim action, not 4.",
    );
    exact(
        &["dmh", "shoot", "--weapon", "pistol", "--distance", "1e308"],
        1,
        "Pistol cannot reach 1e308 cm: its longest range is 30 cm.",
    );
    exact(
        &["fragmaster", "attack", "--weapon", "katana", "--distance", "1e300"],
        1,
        "The target is out of range: 1e300 cm is beyond the molecular katana's 5 cm.",
    );
}
