//! A bounded fuzz of the command line, run in-process: malformed and odd gang files, damaged
//! journals and argument values. Every case knows its exact exit code, and every run keeps
//! the contract: no panic, exit 0 with nothing on stderr or 1/2 with one sentence on one
//! line, and pure JSON on stdout with `--json`. Kept to a few seconds for CI.

use std::ffi::OsString;
use std::io::Write as _;
use std::sync::OnceLock;

use proptest::prelude::*;
use proptest::sample::Index;
use serde_json::Value;

/// Runs `posse args…` in-process and checks the contract every run keeps.
fn posse(args: &[&str]) -> (u8, String, String) {
    let words: Vec<OsString> =
        std::iter::once("posse").chain(args.iter().copied()).map(OsString::from).collect();
    let (code, out, err) = posse::cli::execute(posse::systems::ALL, words);
    assert!(code <= 2, "{args:?}: exit {code}");
    if code == 0 {
        assert_eq!(err, "", "{args:?}: nothing on stderr on success");
    } else {
        assert!(!err.contains('\n') && err.ends_with('.'), "{args:?}: one sentence on one line: {err:?}");
    }
    if args.contains(&"--json")
        && !args.iter().any(|a| ["help", "--help", "-h", "--version", "-V"].contains(a))
    {
        assert!(serde_json::from_str::<Value>(&out).is_ok(), "{args:?}: stdout is JSON: {out}");
    }
    (code, out, err)
}

fn cases(n: u32) -> ProptestConfig {
    ProptestConfig { cases: n, failure_persistence: None, ..ProptestConfig::default() }
}

// ---- Gang files -------------------------------------------------------------------------

const LEGAL: &str = r#"{"name": "Tombstone Law", "gang": "lawmen",
 "models": [
  {"name": "Wyatt", "profile": "sheriff", "weapons": ["pistol"]},
  {"name": "Virgil", "profile": "marshal", "weapons": ["pistol"]},
  {"name": "Morgan", "profile": "deputy", "weapons": ["pistol"]},
  {"name": "Doc", "profile": "deputy", "weapons": ["shotgun"]},
  {"name": "Turkey Creek", "profile": "deputy", "weapons": ["rifle"]},
  {"name": "Texas Jack", "profile": "deputy", "weapons": ["repeater"]},
  {"name": "Sherman", "profile": "citizen", "weapons": ["pistol"]},
  {"name": "Dan", "profile": "citizen", "weapons": ["pistol"]}]}"#;

const SCENES: [&str; 12] = [
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
    "showdown",
];

/// A gang file and what `posse gang check` must answer.
#[derive(Clone, Debug)]
enum GangCase {
    /// Bytes with no closing brace or bracket cannot hold a gang: malformed.
    Garbage(Vec<u8>),
    /// The legal gang, then something that is not white space: malformed.
    Trailing(String),
    /// The legal gang without one of its required keys: malformed.
    Missing(&'static str),
    /// A byte order mark and white space around the legal gang: legal.
    Padded(String, String),
    /// The legal gang (21 Rep) checked against a Rep limit: legal from 21 up.
    Rep(u32),
    /// The legal gang naming a scene Posse does not know: malformed.
    UnknownScene(String),
}

fn gang_case() -> impl Strategy<Value = GangCase> {
    prop_oneof![
        // Without a closing brace or bracket no JSON object or array can be there.
        prop::collection::vec(any::<u8>().prop_filter("no closing", |b| !matches!(b, b'}' | b']')), 0..300)
            .prop_map(GangCase::Garbage),
        "[\\x00-\\x08\\x0b\\x0c\\x0e-\\x1f!-~][\\x00-~]{0,30}".prop_map(GangCase::Trailing),
        prop::sample::select(vec!["name", "gang", "models"]).prop_map(GangCase::Missing),
        ("[ \\t\\r\\n]{0,4}", "[ \\t\\r\\n]{0,4}").prop_map(|(a, b)| GangCase::Padded(a, b)),
        any::<u32>().prop_map(GangCase::Rep),
        "[a-z][a-z-]{0,20}"
            .prop_filter("not a real scene", |s| !SCENES.contains(&s.as_str()))
            .prop_map(GangCase::UnknownScene),
    ]
}

fn without_key(key: &str) -> String {
    let mut v: serde_json::Map<String, Value> = serde_json::from_str(LEGAL).expect("legal json");
    v.remove(key);
    Value::Object(v).to_string()
}

proptest! {
    #![proptest_config(cases(320))]

    #[test]
    fn gang_files_get_the_right_exit_code(case in gang_case()) {
        let (bytes, rep, expected): (Vec<u8>, Option<u32>, u8) = match &case {
            GangCase::Garbage(bytes) => (bytes.clone(), None, 2),
            GangCase::Trailing(junk) => (format!("{LEGAL}{junk}").into_bytes(), None, 2),
            GangCase::Missing(key) => (without_key(key).into_bytes(), None, 2),
            GangCase::Padded(before, after) => (format!("\u{feff}{before}{LEGAL}{after}").into_bytes(), None, 0),
            GangCase::Rep(rep) => (LEGAL.as_bytes().to_vec(), Some(*rep), u8::from(*rep < 21)),
            GangCase::UnknownScene(id) => {
                let text = LEGAL.replacen("\"gang\": \"lawmen\"", &format!("\"gang\": \"lawmen\", \"scene\": \"{id}\""), 1);
                (text.into_bytes(), None, 2)
            }
        };
        let mut file = tempfile::NamedTempFile::new().expect("temp file");
        file.write_all(&bytes).expect("written");
        let path = file.path().to_str().expect("path").to_owned();
        let rep_text = rep.map(|r| r.to_string());
        let mut args = vec!["gang", "check", path.as_str()];
        if let Some(rep) = &rep_text {
            args.extend(["--rep", rep.as_str()]);
        }
        let (code, _, err) = posse(&args);
        prop_assert_eq!(code, expected, "{:?}: {}", case, err);
        args.push("--json");
        let (code, out, _) = posse(&args);
        prop_assert_eq!(code, expected);
        let v: Value = serde_json::from_str(&out).expect("json");
        if expected == 2 {
            prop_assert!(v["error"].as_str().is_some_and(|e| e.starts_with(&path)), "{}", v);
        } else {
            prop_assert_eq!(v["valid"].as_bool(), Some(expected == 0));
        }
    }
}

// ---- Journals ---------------------------------------------------------------------------

/// A journal of 40 simulated events, written once by `posse game simulate`.
fn base_journal() -> &'static [u8] {
    static BASE: OnceLock<Vec<u8>> = OnceLock::new();
    BASE.get_or_init(|| {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("base.jsonl");
        let (code, _, err) =
            posse(&["game", "simulate", "--journal", path.to_str().expect("path"), "--events", "40"]);
        assert_eq!(code, 0, "{err}");
        std::fs::read(&path).expect("journal")
    })
}

/// The lines of `bytes`, each with its newline.
fn lines(bytes: &[u8]) -> Vec<Vec<u8>> {
    bytes.split_inclusive(|&b| b == b'\n').map(<[u8]>::to_vec).collect()
}

/// How many newlines `bytes` holds.
fn newlines(bytes: &[u8]) -> usize {
    bytes.split(|&b| b == b'\n').count() - 1
}

/// Lines joined, each with a newline.
fn joined(lines: &[String]) -> String {
    lines.iter().flat_map(|l| [l.as_str(), "\n"]).collect()
}

/// Damage done to a journal.
#[derive(Clone, Debug)]
enum Mutation {
    /// One byte changed to another.
    Byte(Index, u8),
    /// Two lines swapped.
    Swap(Index, Index),
    /// A line deleted.
    Delete(Index),
    /// A line written twice.
    Repeat(Index),
    /// The file cut at a byte (a crash mid-write).
    Cut(Index),
}

/// What replaying a journal must say.
#[derive(Debug, PartialEq, Eq)]
enum Replay {
    /// Exit 0: the events kept, and whether a torn last line was left out.
    Fine { events: u64, torn: bool },
    /// Exit 2: damaged at this line.
    Damaged(usize),
}

fn mutate(base: &[u8], mutation: &Mutation) -> Option<(Vec<u8>, Replay)> {
    let ls = lines(base);
    let n = ls.len();
    let line_of = |at: usize| newlines(&base[..at]) + 1;
    Some(match mutation {
        Mutation::Byte(at, xor) => {
            let at = at.index(base.len());
            let mut bytes = base.to_vec();
            bytes[at] ^= (*xor).max(1);
            let expected = if at == base.len() - 1 {
                Replay::Fine { events: u64::try_from(n - 1).ok()?, torn: true }
            } else {
                Replay::Damaged(line_of(at))
            };
            (bytes, expected)
        }
        Mutation::Swap(a, b) => {
            let (a, b) = (a.index(n), b.index(n));
            if a == b {
                return None;
            }
            let mut swapped = ls.clone();
            swapped.swap(a, b);
            (swapped.concat(), Replay::Damaged(a.min(b) + 1))
        }
        Mutation::Delete(i) => {
            let i = i.index(n);
            let mut kept = ls.clone();
            kept.remove(i);
            // Whole lines cut from the end cannot be told from a shorter game.
            let expected = if i == n - 1 {
                Replay::Fine { events: u64::try_from(n - 1).ok()?, torn: false }
            } else {
                Replay::Damaged(i + 1)
            };
            (kept.concat(), expected)
        }
        Mutation::Repeat(i) => {
            let i = i.index(n);
            let mut more = ls.clone();
            more.insert(i, ls[i].clone());
            (more.concat(), Replay::Damaged(i + 2))
        }
        Mutation::Cut(at) => {
            let at = at.index(base.len());
            let kept = &base[..at];
            let whole = newlines(kept);
            let torn = kept.last().is_some_and(|&b| b != b'\n');
            (kept.to_vec(), Replay::Fine { events: u64::try_from(whole).ok()?, torn })
        }
    })
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        3 => (any::<Index>(), any::<u8>()).prop_map(|(i, b)| Mutation::Byte(i, b)),
        1 => (any::<Index>(), any::<Index>()).prop_map(|(a, b)| Mutation::Swap(a, b)),
        1 => any::<Index>().prop_map(Mutation::Delete),
        1 => any::<Index>().prop_map(Mutation::Repeat),
        1 => any::<Index>().prop_map(Mutation::Cut),
    ]
}

/// Replays `bytes` as a journal and checks the answer; the file is never written.
fn check_replay(bytes: &[u8], expected: &Replay) -> Result<(), TestCaseError> {
    let mut file = tempfile::NamedTempFile::new().expect("temp file");
    file.write_all(bytes).expect("written");
    let path = file.path().to_str().expect("path").to_owned();
    let (code, out, err) = posse(&["game", "replay", "--journal", &path, "--json"]);
    match expected {
        Replay::Fine { events, torn } => {
            prop_assert_eq!(code, 0, "{}", err);
            let v: Value = serde_json::from_str(&out).expect("json");
            prop_assert_eq!((v["events"].as_u64(), v["torn_tail"].as_bool()), (Some(*events), Some(*torn)));
        }
        Replay::Damaged(line) => {
            prop_assert_eq!(code, 2, "{}", out);
            let start = format!("{path} is damaged at line {line}: ");
            prop_assert!(err.starts_with(&start), "{} should start with {}", err, start);
        }
    }
    prop_assert_eq!(std::fs::read(file.path()).expect("read"), bytes, "replay never writes");
    Ok(())
}

proptest! {
    #![proptest_config(cases(320))]

    #[test]
    fn damaged_journals_are_found_exactly(m in mutation()) {
        let Some((bytes, expected)) = mutate(base_journal(), &m) else { return Ok(()) };
        check_replay(&bytes, &expected)?;
    }

    #[test]
    fn unknown_fields_in_journals_without_checksums_are_found(at in any::<Index>()) {
        // The same events written as before checksums: one plain event per line.
        let plain: Vec<String> = lines(base_journal())
            .iter()
            .map(|l| serde_json::from_slice::<Value>(l).expect("json")["event"].to_string())
            .collect();
        let events = u64::try_from(plain.len()).expect("count");
        check_replay(joined(&plain).as_bytes(), &Replay::Fine { events, torn: false })?;
        // A field added inside one event's object.
        let objects: Vec<usize> = (0..plain.len()).filter(|&i| plain[i].matches('{').count() >= 2).collect();
        let i = objects[at.index(objects.len())];
        let mut edited = plain.clone();
        let inner = edited[i].match_indices('{').nth(1).map(|(p, _)| p).expect("an inner object");
        edited[i].insert_str(inner + 1, "\"zz\":0,");
        let text = joined(&edited);
        check_replay(text.as_bytes(), &Replay::Damaged(i + 1))?;
    }
}

// ---- Argument values --------------------------------------------------------------------

/// A word for a name: mostly printable, sometimes with control characters (never a flag).
fn word() -> impl Strategy<Value = String> {
    prop_oneof!["\\PC{0,10}", "[a-z]{0,4}[\\x00-\\x1f\\x7f][a-z\\n]{0,4}"]
        .prop_filter("not a flag", |w| !w.starts_with('-'))
}

proptest! {
    #![proptest_config(cases(200))]

    #[test]
    fn distances_get_the_right_exit_code(cm in any::<f64>()) {
        let arg = format!("--distance={cm}");
        let expected = if cm.is_finite() { u8::from(!(0.0..=30.0).contains(&cm)) } else { 2 };
        let (code, _, err) = posse(&["shoot", "--weapon", "pistol", &arg, "--json"]);
        prop_assert_eq!(code, expected, "{}: {}", arg, err);
    }

    #[test]
    fn big_nerve_numbers_get_the_right_exit_code(
        models in any::<u32>(), out in any::<u32>(), under_fire in any::<u32>(), nerve in 0u32..14, roll in 0u32..14,
        small in any::<bool>(),
    ) {
        // Half the cases with counts a table might see, half anywhere in 32 bits.
        let (models, out) = if small { (models % 12, out % 12) } else { (models, out) };
        let text: Vec<String> = [models, out, under_fire, nerve, roll].iter().map(ToString::to_string).collect();
        let args = ["big-nerve", "--models", &text[0], "--out", &text[1], "--under-fire", &text[2], "--nerve", &text[3], "--roll", &text[4], "--json"];
        let refused = !(2..=10).contains(&nerve) || models == 0 || out > models || !(1..=10).contains(&roll);
        let (code, json, err) = posse(&args);
        prop_assert_eq!(code, u8::from(refused), "{:?}: {}", args, err);
        if !refused {
            let v: Value = serde_json::from_str(&json).expect("json");
            prop_assert_eq!(v["required"].as_bool(), Some(u64::from(out) * 2 > u64::from(models)));
            prop_assert_eq!(v["standing"].as_u64(), Some(u64::from(models - out)));
        }
    }

    #[test]
    fn numbers_too_big_for_their_flag_are_malformed(n in (u64::from(u32::MAX) + 1)..u64::MAX) {
        let n = n.to_string();
        let (code, _, _) = posse(&["nerve", "--nerve", "4", "--under-fire", &n]);
        prop_assert_eq!(code, 2);
        let (code, _, _) = posse(&["shoot", "--weapon", "pistol", "--distance", "5", "--roll", &n]);
        prop_assert_eq!(code, 2);
    }

    #[test]
    fn names_get_the_right_exit_code(gang in prop_oneof![Just("lawmen".to_owned()), word()], kind in prop_oneof![Just("half".to_owned()), word()], scene in prop_oneof![Just("showdown".to_owned()), word()]) {
        let known = ["lawmen", "outlaws", "cowboys", "desperados"].contains(&gang.as_str()) && ["half", "full", "duel"].contains(&kind.as_str());
        let (code, _, err) = posse(&["deck", &gang, &kind]);
        prop_assert_eq!(code, if known { 0 } else { 2 }, "{:?} {:?}: {}", gang, kind, err);
        let (code, _, _) = posse(&["scene", "show", &scene, "--json"]);
        prop_assert_eq!(code, if SCENES.contains(&scene.as_str()) { 0 } else { 2 });
    }

    #[test]
    fn any_words_keep_the_contract(words in prop::collection::vec(prop_oneof![
        prop::sample::select(vec![
            "deck", "shoot", "nerve", "big-nerve", "melee", "initiative", "gang", "check", "scene",
            "list", "show", "game", "replay", "reference", "--json", "--weapon", "pistol", "shotgun",
            "--distance", "--roll", "--nerve", "--models", "--out", "--under-fire", "--a", "--b",
            "--a-hth", "--b-hth", "--a-roll", "--b-roll", "--journal", "--rep", "--shot", "--aim",
            "lawmen", "half", "12", "0", "-1", "4294967295", "99999999999", "NaN", "Wyatt=7H",
            "Ike=7S", "/dev/null", ".", "showdown",
        ]).prop_map(str::to_owned),
        word(),
    ], 0..7)) {
        // `posse` alone opens the window; every other run must keep the contract.
        if !words.is_empty() {
            let args: Vec<&str> = words.iter().map(String::as_str).collect();
            posse(&args);
        }
    }
}
