//! Nothing lost, nothing out of step, in the app: each game its own journal, every event on
//! the disk before the window shows it, damaged journals opened read-only, torn ones mended.
//! And no test touches the developer's own data folder.

use crate::support::Dmh as _;
use posse::app::PosseApp;
use posse::store::{DataDir, Journal};
use posse::systems::dmh::app::Screen;
use posse::systems::dmh::game::{Event, Game, sim};
use posse::systems::dmh::rules::embedded;
use posse::systems::dmh::ui::play::PlayCommand;

use egui_kittest::Harness;

use super::support;

/// A data folder holding the two fixture gangs.
fn data_with_gangs() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    let gangs = dir.path().join("dmh/gangs");
    std::fs::create_dir_all(&gangs).expect("dir");
    for name in ["lawmen-21", "outlaws-21"] {
        let from = format!("{}/tests/fixtures/{name}.json", env!("CARGO_MANIFEST_DIR"));
        std::fs::copy(from, gangs.join(format!("{name}.json"))).expect("copy");
    }
    dir
}

fn app_on(dir: &std::path::Path) -> Harness<'static, PosseApp> {
    support::app_on(dir, Screen::Play, 1500.0, 1300.0)
}

fn start(h: &mut Harness<'static, PosseApp>) {
    h.state_mut().dmh_mut().play.seed = Some(7);
    h.state_mut().dmh_mut().handle_play(PlayCommand::Start {
        scene: None,
        good: "lawmen-21".into(),
        bad: "outlaws-21".into(),
        extra_card: None,
    });
    assert_eq!(h.state().dmh().play.notice, None);
}

fn deal() -> Event {
    Event::DealInitiative { face_up: [None, None], cards: None }
}

fn game<'a>(h: &'a Harness<'static, PosseApp>) -> &'a Game {
    &h.state().dmh().table.open.as_ref().expect("a game is open").game
}

/// A journal of the first `n` events of a simulated Showdown, written by Posse.
fn simulated_journal(path: &std::path::Path, n: usize) -> Vec<Event> {
    let rules = embedded::load().expect("rules");
    let mut journal = Journal::create(path).expect("created");
    let mut game = Game::default();
    let mut choice = 5u64;
    while game.events.len() < n {
        choice = choice.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        let event = if game.events.is_empty() {
            Event::Begin(Box::new(sim::showdown_setup(3)))
        } else {
            sim::next_event(rules, &game, choice).expect("the game goes on")
        };
        posse::systems::dmh::journal::commit(&mut journal, &mut game, rules, &event).expect("saved");
    }
    game.events
}

#[test]
fn games_started_one_after_the_other_get_their_own_journals() {
    let dir = data_with_gangs();
    let mut h = app_on(dir.path());
    start(&mut h);
    let first = h.state().dmh().table.open.as_ref().expect("first").id.clone();
    start(&mut h);
    let second = h.state().dmh().table.open.as_ref().expect("second").id.clone();
    assert_ne!(first, second);
    let data = DataDir::at(dir.path()).system("dmh");
    let mut listed = data.list_games();
    listed.sort();
    let mut ids = vec![first, second];
    ids.sort();
    assert_eq!(listed, ids);
    for id in &ids {
        let read = posse::systems::dmh::files::read_journal(&data.game_path(id)).expect("read");
        assert_eq!((read.events.len(), read.damage), (1, None), "{id} holds its own Begin");
    }
}

#[test]
fn an_event_the_disk_refuses_is_not_shown() {
    let dir = data_with_gangs();
    let mut h = app_on(dir.path());
    start(&mut h);
    let before = game(&h).clone();
    let id = h.state().dmh().table.open.as_ref().expect("game").id.clone();
    // The games folder is replaced by a file: the journal cannot be written.
    let games = dir.path().join("dmh/games");
    let away = dir.path().join("dmh/games-away");
    std::fs::rename(&games, &away).expect("moved");
    std::fs::write(&games, "not a folder").expect("blocker");
    h.state_mut().dmh_mut().handle_play(PlayCommand::Apply(deal()));
    assert!(game(&h) == &before, "the game is unchanged");
    let journal = games.join(format!("{id}.jsonl"));
    assert_eq!(
        h.state().dmh().play.notice.as_deref(),
        Some(
            format!(
                "The event was not saved, so it was not applied: cannot write {}: a folder on its path is a file. Try again once it can be saved.",
                journal.display()
            )
            .as_str()
        )
    );
    // Once the folder is back, the same event is saved and shown.
    std::fs::remove_file(&games).expect("blocker removed");
    std::fs::rename(&away, &games).expect("moved back");
    h.state_mut().dmh_mut().play.notice = None;
    h.state_mut().dmh_mut().handle_play(PlayCommand::Apply(deal()));
    assert_eq!((game(&h).events.len(), h.state().dmh().play.notice.as_deref()), (2, None));
    assert_eq!(posse::systems::dmh::files::read_journal(&journal).expect("read").events, game(&h).events);
    // An undo the disk refuses changes nothing either, and Redo keeps what it can redo.
    h.state_mut().dmh_mut().handle_play(PlayCommand::Undo);
    assert_eq!(game(&h).events.len(), 1);
    let undone = game(&h).clone();
    std::fs::remove_file(&journal).expect("journal gone");
    h.state_mut().dmh_mut().handle_play(PlayCommand::Redo);
    assert!(game(&h) == &undone, "the undo stands");
    assert!(
        h.state().dmh().play.notice.as_deref().is_some_and(|n| n.starts_with("The event was not saved")),
        "{:?}",
        h.state().dmh().play.notice
    );
}

#[test]
fn a_damaged_journal_opens_read_only_up_to_the_damage() {
    let dir = tempfile::tempdir().expect("temp dir");
    let data = DataDir::at(dir.path()).system("dmh");
    let path = data.game_path("game-1");
    let events = simulated_journal(&path, 12);
    // Line 6 is changed by hand: one digit of its checksum.
    let text = std::fs::read_to_string(&path).expect("read");
    let mut lines: Vec<String> = text.lines().map(|l| format!("{l}\n")).collect();
    let at = lines[5].find("\"sum\":\"").expect("a sum") + 7;
    let digit = if lines[5][at..].starts_with('0') { "1" } else { "0" };
    lines[5].replace_range(at..=at, digit);
    let damaged = lines.concat();
    assert_ne!(damaged, text);
    std::fs::write(&path, &damaged).expect("write");
    let mut h = app_on(dir.path());
    let saved = &h.state().dmh().table.saved;
    assert_eq!(saved.len(), 1);
    let line = saved[0].summary.text();
    assert!(line.ends_with(" · damaged at line 6, read-only"), "{line}");
    h.state_mut().dmh_mut().handle_play(PlayCommand::Resume("game-1".into()));
    let sentence = "This game is read-only: its journal is damaged at line 6 (its checksum does not match, so the line was changed). Posse will not write to it.";
    let active = h.state().dmh().table.open.as_ref().expect("opened");
    assert_eq!(active.read_only(), Some(sentence));
    assert!(active.game.events[..] == events[..5], "the five events before the damage");
    assert_eq!(h.state().dmh().play.notice.as_deref(), Some(sentence));
    let shown = game(&h).clone();
    for command in [PlayCommand::Apply(events[5].clone()), PlayCommand::Undo, PlayCommand::Redo] {
        h.state_mut().dmh_mut().play.notice = None;
        h.state_mut().dmh_mut().handle_play(command);
        assert!(game(&h) == &shown, "the game is unchanged");
        assert_eq!(h.state().dmh().play.notice.as_deref(), Some(sentence));
    }
    h.state_mut().dmh_mut().handle_play(PlayCommand::Close);
    assert!(h.state().dmh().table.saved[0].summary.text().ends_with(" · damaged at line 6, read-only"));
    assert_eq!(std::fs::read_to_string(&path).expect("read"), damaged, "never written");
}

#[test]
fn a_torn_journal_is_mended_on_resume_keeping_a_copy() {
    let dir = tempfile::tempdir().expect("temp dir");
    let data = DataDir::at(dir.path()).system("dmh");
    let path = data.game_path("game-1");
    let events = simulated_journal(&path, 6);
    let torn = std::fs::read_to_string(&path).expect("read") + "{\"n\":7,\"sum\":\"4";
    std::fs::write(&path, &torn).expect("write");
    let mut h = app_on(dir.path());
    h.state_mut().dmh_mut().handle_play(PlayCommand::Resume("game-1".into()));
    let copy = dir.path().join("dmh/games/game-1.jsonl.torn-1");
    assert_eq!(
        h.state().dmh().play.notice.as_deref(),
        Some(
            format!(
                "The last event was cut short when Posse stopped, and is left out; the whole journal is kept as {}.",
                copy.display()
            )
            .as_str()
        )
    );
    assert_eq!(
        (game(&h).events.as_slice(), h.state().dmh().table.open.as_ref().and_then(|g| g.read_only())),
        (&events[..], None)
    );
    assert_eq!(std::fs::read_to_string(&copy).expect("copy"), torn);
    // The next event goes on a clean line, and the journal replays.
    let rules = embedded::load().expect("rules");
    let next = sim::next_event(rules, game(&h), 99).expect("goes on");
    h.state_mut().dmh_mut().handle_play(PlayCommand::Apply(next));
    let read = posse::systems::dmh::files::read_journal(&path).expect("read");
    assert_eq!((read.events.len(), read.torn_tail, read.damage), (7, false, None));
    assert_eq!(read.events, game(&h).events);
}

/// Every Rust file under `dir`.
fn rust_files(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).expect("readable folder").flatten() {
        let path = entry.path();
        if path.is_dir() {
            out.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
    out
}

#[test]
fn no_test_can_reach_the_real_data_folder() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut offences = Vec::new();
    // The binary is only ever run through `support::posse_command`, which points it at the
    // sandbox; the app only on a data folder a test made; the platform folder only by the app.
    // (Spelt in pieces so that this file does not find itself.)
    let binary = ["CARGO_BIN_EXE", "_posse"].concat();
    let platform = ["DataDir::", "platform("].concat();
    let new_app = ["PosseApp::", "new("].concat();
    let run_app = ["app::", "run("].concat();
    for file in rust_files(&root.join("tests")) {
        let text = std::fs::read_to_string(&file).expect("readable");
        let name = file.file_name().and_then(|n| n.to_str()).unwrap_or_default();
        for (word, allowed) in [
            (binary.as_str(), name == "support.rs"),
            (platform.as_str(), false),
            (new_app.as_str(), false),
            (run_app.as_str(), false),
        ] {
            if text.contains(word) && !allowed {
                offences.push(format!("{}: {word}", file.display()));
            }
        }
    }
    // The platform's folder is found only by the app and the store: so the command line,
    // which `support::posse` runs in the tests' own process, never reaches it.
    for file in rust_files(&root.join("src")) {
        let text = std::fs::read_to_string(&file).expect("readable");
        let relative = file.strip_prefix(root).unwrap_or(&file).to_string_lossy().replace('\\', "/");
        if text.contains(&platform)
            && !["src/app/mod.rs", "src/store/mod.rs", "src/main.rs"].contains(&relative.as_str())
        {
            offences.push(format!("{relative}: {platform}"));
        }
    }
    assert!(offences.is_empty(), "tests must not reach the real data folder:\n{}", offences.join("\n"));
    let sandbox = std::path::Path::new(support::SANDBOX);
    assert!(sandbox.starts_with(env!("CARGO_TARGET_TMPDIR")), "{}", sandbox.display());
    let command = support::posse_command();
    let env: Vec<_> = command.get_envs().filter_map(|(k, v)| Some((k.to_str()?, v?.to_str()?))).collect();
    assert!(env.contains(&("POSSE_DATA_DIR", support::SANDBOX)), "{env:?}");
    assert!(env.contains(&("HOME", support::SANDBOX)), "{env:?}");
}
