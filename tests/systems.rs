//! The home of every game system: the registry, the home screen, the command line's groups,
//! and an older Posse's data folder moved into Dead Man's Hand's without loss.

use crate::support::Dmh as _;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use posse::app::PosseApp;
use posse::store::DataDir;

fn app(dir: &std::path::Path) -> Harness<'static, PosseApp> {
    let data = DataDir::at(dir);
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .build_eframe(move |cc| PosseApp::with_data(cc, posse::systems::ALL, Some(data)));
    h.run();
    h
}

/// Every file under `dir`, with its bytes, by its path relative to `dir`.
fn files(dir: &std::path::Path) -> std::collections::BTreeMap<String, Vec<u8>> {
    fn walk(
        root: &std::path::Path,
        dir: &std::path::Path,
        out: &mut std::collections::BTreeMap<String, Vec<u8>>,
    ) {
        for entry in std::fs::read_dir(dir).expect("readable").flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(root, &path, out);
            } else {
                let rel = path.strip_prefix(root).expect("inside").to_string_lossy().into_owned();
                out.insert(rel, std::fs::read(&path).expect("bytes"));
            }
        }
    }
    let mut out = std::collections::BTreeMap::new();
    walk(dir, dir, &mut out);
    out
}

#[test]
fn an_older_data_folder_moves_into_dead_mans_hands_without_loss() {
    let dir = tempfile::tempdir().expect("temp");
    let root = dir.path();
    // A folder as Posse wrote it before there were several systems.
    std::fs::create_dir_all(root.join("gangs/deleted")).expect("dirs");
    std::fs::create_dir_all(root.join("games")).expect("dirs");
    std::fs::create_dir_all(root.join("prints")).expect("dirs");
    for name in ["lawmen-21", "outlaws-21"] {
        let from = format!("{}/tests/fixtures/{name}.json", env!("CARGO_MANIFEST_DIR"));
        std::fs::copy(from, root.join(format!("gangs/{name}.json"))).expect("copy");
    }
    std::fs::write(
        root.join("gangs/deleted/old.json"),
        "{\"name\":\"Old\",\"gang\":\"lawmen\",\"models\":[]}",
    )
    .expect("deleted");
    std::fs::write(root.join("series.json"), r#"{"results":{"the-stranger":"good"}}"#).expect("series");
    std::fs::write(root.join("prints/roster-a4.pdf"), b"%PDF-1.7 kept").expect("pdf");
    let journal = root.join("games/game-1.jsonl");
    let events = [
        posse::systems::dmh::game::Event::Begin(Box::new(posse::systems::dmh::game::sim::showdown_setup(3))),
        posse::systems::dmh::game::Event::DealInitiative { face_up: [None, None], cards: None },
    ];
    posse::store::Journal::rewrite(&journal, &events).expect("journal");
    let before = files(root);

    let mut h = app(root);
    // Every file is where Dead Man's Hand keeps it now, byte for byte, and nothing is left.
    let after = files(root);
    for (path, bytes) in &before {
        assert_eq!(after.get(&format!("dmh/{path}")), Some(bytes), "{path} moved intact");
        assert!(!root.join(path).exists(), "{path} left the top of the folder");
    }
    // The app finds them: the gangs, the results and the game to resume.
    posse_open_dmh(&mut h);
    let dmh = h.state().dmh();
    assert_eq!(dmh.gangs.entries.len(), 2);
    assert_eq!(dmh.scenes.series.results.len(), 1);
    assert!(dmh.table.saved.iter().any(|g| g.id == "game-1"));
    // A second start moves nothing again.
    drop(h);
    let settled = files(root);
    let again = app(root);
    assert!(files(root) == settled, "nothing moved on the second start");
    drop(again);
}

fn posse_open_dmh(h: &mut Harness<'static, PosseApp>) {
    super::support::open_dmh(h);
}

#[test]
fn the_home_screen_opens_a_system_and_remembers_it() {
    let dir = tempfile::tempdir().expect("temp");
    let mut h = app(dir.path());
    assert!(h.state().home, "a first start opens on the home screen");
    for system in posse::systems::ALL {
        h.get_by_label(system.title);
        h.get_by_label(system.blurb);
    }
    h.get_by_label("Dead Man's Hand").click();
    h.run();
    assert!(!h.state().home);
    h.get_by_label("Gangs").click();
    h.run();
    assert_eq!(h.state().dmh().screen, posse::systems::dmh::app::Screen::Gangs);
    // Home is always one click away.
    h.get_by_label("Posse").click();
    h.run();
    assert!(h.state().home);
    h.get_by_label("Dead Man's Hand").click();
    h.run();
    drop(h);
    // The next start opens on the system chosen last.
    let h = app(dir.path());
    assert!(!h.state().home);
    assert_eq!(posse::systems::ALL[h.state().current].id, "dmh");
}

#[test]
fn the_command_line_lists_the_systems_and_runs_each_group() {
    let (code, out, _) =
        posse::cli::execute(posse::systems::ALL, vec!["posse".into(), "systems".into(), "--json".into()]);
    assert_eq!(code, 0);
    let listed: serde_json::Value = serde_json::from_str(&out).expect("json");
    let expected: Vec<serde_json::Value> =
        posse::systems::ALL.iter().map(|s| serde_json::json!({ "id": s.id, "title": s.title })).collect();
    assert_eq!(listed, serde_json::Value::Array(expected));
    // `posse dmh shoot` and the older `posse shoot` answer the same.
    let args = ["shoot", "--weapon", "pistol", "--distance", "12", "--json"];
    let top = posse::cli::execute(
        posse::systems::ALL,
        std::iter::once("posse").chain(args).map(Into::into).collect(),
    );
    let grouped = posse::cli::execute(
        posse::systems::ALL,
        ["posse", "dmh"].into_iter().chain(args).map(Into::into).collect(),
    );
    assert_eq!(top, grouped);
    assert_eq!(top.0, 0);
}

#[test]
fn a_backup_of_one_device_restores_on_another_with_its_gangs_and_games() {
    // This device: two gangs and a game started from them.
    let here = crate::support::data_with(&["lawmen-21", "outlaws-21"]);
    let mut h = crate::support::app_on(here.path(), posse::systems::dmh::app::Screen::Play, 1280.0, 800.0);
    crate::support::start(&mut h, crate::support::SEED, None);
    let game = h.state().dmh().table.open.as_ref().expect("a game").id.clone();
    let backup = DataDir::at(here.path()).backup().expect("backup");
    let text = posse::store::backup::to_text(&backup).expect("text");
    assert!(backup.files.contains_key(&format!("dmh/games/{game}.jsonl")), "{:?}", backup.files.keys());

    // Another device, empty: the backup restored from the home screen.
    let there = tempfile::tempdir().expect("temp dir");
    let mut h = app(there.path());
    assert!(h.state().home);
    h.get_by_label("Back up everything…");
    h.state_mut().restore_backup("posse-backup.json", text.as_bytes());
    h.run();
    let written = backup.files.len();
    h.get_by_label(&format!("Restored {written} files from the backup."));
    // Every file arrived as it was, and Dead Man's Hand lists the gangs and offers the game.
    let arrived = files(there.path());
    for (name, text) in &backup.files {
        assert_eq!(arrived.get(name).map(Vec::as_slice), Some(text.as_bytes()), "{name}");
    }
    posse_open_dmh(&mut h);
    h.get_by_label("Gangs").click();
    h.run();
    h.get_by_label("Gang Tombstone Law");
    // Restoring again changes nothing; a file that is not a backup is refused in a sentence.
    h.state_mut().go_home();
    h.state_mut().restore_backup("posse-backup.json", text.as_bytes());
    h.run();
    h.get_by_label(&format!("Restored 0 files from the backup; {written} files already here."));
    let before = files(there.path());
    h.state_mut().restore_backup("notes.txt", b"shopping list");
    h.run();
    assert_eq!(
        h.state().backup_outcome().map(|(s, bad)| (s.as_str(), *bad)),
        Some((
            "The file notes.txt was not restored: it is not a Posse backup: expected value at line 1 column 1.",
            true
        ))
    );
    assert_eq!(files(there.path()), before);
}

/// Every system's open game after one start of the web page's app (`reopen_game`, as
/// `posse::web` sets it): by system id, the tab shown and the system's state.
fn open_games(h: &Harness<'static, PosseApp>) -> Vec<(&'static str, usize, serde_json::Value)> {
    posse::systems::ALL
        .iter()
        .zip(&h.state().systems)
        .map(|(s, app)| (s.id, app.tab(), app.test_state()))
        .collect()
}

/// Shows the system whose home tile reads `tile`, from the home screen.
fn show(h: &mut Harness<'static, PosseApp>, tile: &str) {
    h.state_mut().go_home();
    h.run();
    h.get_by_label(tile).click();
    h.run();
    assert_eq!(posse::systems::ALL[h.state().current].title, tile);
}

/// A data folder with Deadlands' combatants, Frag's fighters and Dead Man's Hand's gangs.
fn data_for_every_system() -> tempfile::TempDir {
    let dir = super::savage::data_with_combatants();
    let gangs = dir.path().join("dmh").join("gangs");
    std::fs::create_dir_all(&gangs).expect("gangs folder");
    for gang in ["lawmen-21", "outlaws-21"] {
        let from = format!("{}/tests/fixtures/{gang}.json", env!("CARGO_MANIFEST_DIR"));
        std::fs::copy(from, gangs.join(format!("{gang}.json"))).expect("a fixture gang");
    }
    let fighters = dir.path().join("frag").join("fighters");
    std::fs::create_dir_all(&fighters).expect("fighters folder");
    for (id, character, health, speed, accuracy) in
        [("ann", "agency-operative", 2, 2, 3), ("bob", "indian-brave", 3, 2, 2)]
    {
        let json = serde_json::json!({
            "character": character, "name": id, "health": health, "speed": speed, "accuracy": accuracy
        });
        std::fs::write(fighters.join(format!("{id}.json")), json.to_string()).expect("fighter file");
    }
    dir
}

/// The web page's app (`reopen_game`) on `dir`, with a game in each system, each past its
/// first event (Deadlands' from a fixed seed).
fn a_game_in_each_system(dir: &std::path::Path) -> Harness<'static, PosseApp> {
    use crate::support::{press, press_button};
    use posse::systems::savage::app::SavageApp;
    let mut h = crate::support::app_on(dir, posse::systems::dmh::app::Screen::Play, 1280.0, 800.0);
    h.state_mut().reopen_game = true;
    crate::support::start(&mut h, crate::support::SEED, None);
    show(&mut h, "Fragmaster Origins");
    super::fragmaster::four_players_to_round_one(&mut h);
    show(&mut h, "Frag Deadlands");
    press(&mut h, "Play");
    super::frag::to_bobs_turn(&mut h);
    show(&mut h, "Deadlands (Savage Worlds)");
    press(&mut h, "Fight");
    for who in ["Doc (played by Ann)", "Boss (the Marshal's)"] {
        press(&mut h, who);
    }
    h.state_mut().system_mut::<SavageApp>().expect("Deadlands").fight.seed = Some(7);
    press(&mut h, "Start the fight");
    press_button(&mut h, "Deal round 1");
    h
}

/// The page reloaded (or the desktop app restarted): a new app on `dir`, as
/// `PosseApp::at_the_table` makes it.
fn reloaded(dir: &std::path::Path) -> Harness<'static, PosseApp> {
    let data = DataDir::at(dir);
    let mut h = Harness::builder().with_size(egui::vec2(1280.0, 800.0)).build_eframe(move |cc| {
        let mut app = PosseApp::with_data(cc, posse::systems::ALL, Some(data));
        app.reopen_game = true;
        app.reopen();
        app
    });
    h.run();
    h
}

#[test]
fn a_reload_finds_every_systems_game_open_where_it_was() {
    let dir = data_for_every_system();
    let mut h = a_game_in_each_system(dir.path());
    // Home, as the tour of the browser test leaves it: every game stays open.
    h.state_mut().go_home();
    h.run();
    let before = open_games(&h);
    let ids: std::collections::BTreeMap<String, String> = before
        .iter()
        .map(|(system, _, state)| {
            let id = state["game"].as_str().unwrap_or_else(|| panic!("no game open in {system}"));
            ((*system).to_owned(), id.to_owned())
        })
        .collect();
    let tabs: Vec<(&str, usize)> = before.iter().map(|(s, tab, _)| (*s, *tab)).collect();
    assert_eq!(tabs, [("dmh", 3), ("fragmaster", 0), ("frag", 1), ("savage", 1)], "each on its play tab");
    let counts: Vec<(&str, Option<u64>, Option<&str>)> = before
        .iter()
        .map(|(s, _, state)| (*s, state["events"].as_u64(), state["last_line"].as_str()))
        .collect();
    assert_eq!(
        counts,
        [
            (
                "dmh",
                Some(1),
                Some("Turn 1 · Tombstone Law against The Clanton Gang; hands dealt (seed 20261129)")
            ),
            (
                "fragmaster",
                Some(8),
                Some("Dan rolls 6 to deploy: Dan appears on point 6. Round 1: Bob's turn.")
            ),
            ("frag", Some(7), Some("Bob rolls 2+2 for movement: 4 squares")),
            ("savage", Some(2), Some("Round 1: Boss 7♦, Doc 4♦")),
        ]
    );
    assert_eq!(DataDir::at(dir.path()).load_settings().open_games, ids);
    drop(h);

    // The page reloaded.
    let mut h = reloaded(dir.path());
    assert_eq!(open_games(&h), before);
    for system in posse::systems::ALL {
        show(&mut h, system.title);
    }
    assert_eq!(open_games(&h), before, "showing each system changes no game");
    assert_eq!(DataDir::at(dir.path()).load_settings().open_games, ids);
    drop(h);

    // A settings file from before `open_games` names only the last system's game.
    let legacy = serde_json::json!({ "last_system": "frag", "open_game": ids["frag"] });
    std::fs::write(dir.path().join("settings.json"), legacy.to_string()).expect("settings");
    let h = reloaded(dir.path());
    let games: Vec<(&str, serde_json::Value)> =
        open_games(&h).into_iter().map(|(s, _, state)| (s, state["game"].clone())).collect();
    let none = serde_json::Value::Null;
    assert_eq!(
        games,
        [
            ("dmh", none.clone()),
            ("fragmaster", none.clone()),
            ("frag", ids["frag"].clone().into()),
            ("savage", none)
        ]
    );
}

/// In every system a game closed at the table can be deleted from its saved-games list (the
/// journal waits in `games/deleted/`) and the delete undone from the same place.
#[test]
fn every_systems_game_is_deleted_and_the_delete_undone() {
    use egui::accesskit::Role;
    use egui_kittest::kittest::NodeT as _;
    let dir = data_for_every_system();
    let mut h = a_game_in_each_system(dir.path());
    let ids: Vec<(&str, String)> = open_games(&h)
        .into_iter()
        .map(|(system, _, state)| (system, state["game"].as_str().expect("a game open").to_owned()))
        .collect();
    for ((system, id), (tile, close)) in ids.iter().zip([
        ("Dead Man's Hand", "Close game"),
        ("Fragmaster Origins", "Close game"),
        ("Frag Deadlands", "Close game"),
        ("Deadlands (Savage Worlds)", "Close the fight"),
    ]) {
        show(&mut h, tile);
        crate::support::press(&mut h, close);
        let label = |h: &Harness<'static, PosseApp>, prefix: &str| {
            h.get_all_by_role(Role::Button)
                .find_map(|b| b.accesskit_node().label().filter(|l| l.starts_with(prefix)))
                .unwrap_or_else(|| panic!("{system}: no button starting {prefix:?}"))
        };
        let delete = label(&h, "Delete ");
        let line = delete.trim_start_matches("Delete ").to_owned();
        crate::support::press(&mut h, &delete);
        let games = dir.path().join(system).join("games");
        let (journal, kept) =
            (games.join(format!("{id}.jsonl")), games.join("deleted").join(format!("{id}.jsonl")));
        assert!(!journal.exists() && kept.is_file(), "{system}: the journal waits in deleted/");
        crate::support::press(&mut h, &format!("Undo delete: {line}"));
        assert!(journal.is_file() && !kept.exists(), "{system}: the journal is back");
        assert!(label(&h, "Resume ").ends_with(&line), "{system}: offered to resume again");
    }
}

/// The home screen parses no game's rules (issue 19): every system's screens are made the
/// first time they are used, and until then a saved game's resume line is read from the
/// summary kept beside its journal. A game without its summary (the app was closed without
/// closing the game) makes its system's screens, which replay it and keep its summary; the
/// line reads the same either way.
#[test]
fn the_home_screen_makes_no_systems_screens_and_reads_resume_lines_from_summaries() {
    let dir = crate::support::data_with(&["lawmen-21", "outlaws-21"]);
    let mut h = crate::support::play_on(dir.path());
    crate::support::start(&mut h, crate::support::SEED, None);
    drop(h);
    let summaries = || -> usize {
        std::fs::read_dir(dir.path().join("dmh").join("games"))
            .expect("the games folder")
            .filter(|e| e.as_ref().is_ok_and(|e| e.path().to_string_lossy().ends_with(".summary.json")))
            .count()
    };
    assert_eq!(summaries(), 0);
    // Opened on the home screen, not on the system shown last.
    std::fs::remove_file(dir.path().join("settings.json")).expect("the settings");
    let line = "Resume Tombstone Law v The Clanton Gang · custom game · turn 1 · unfinished";
    let made = |h: &Harness<'static, PosseApp>| -> Vec<bool> {
        h.state().systems.iter().map(|s| s.made().is_some()).collect()
    };
    let h = app(dir.path());
    assert!(h.state().home);
    h.get_by_label(line);
    assert_eq!(made(&h), [true, false, false, false], "only the game without a summary is replayed");
    assert_eq!(summaries(), 1);
    drop(h);
    let mut h = app(dir.path());
    h.get_by_label(line);
    assert_eq!(made(&h), [false; 4], "no system's screens are made for the home screen");
    h.get_by_label(line).click();
    h.run();
    assert!(!h.state().home);
    assert_eq!(made(&h), [true, false, false, false]);
    assert_eq!(h.state().dmh().table.game().map(|g| g.events.len()), Some(1));
}

/// The home screen with a game in each system (a resume line on every tile), in a desktop
/// window a little shorter than 1280×800 (where the tiles just fit) and on a phone (390×844,
/// sized for fingers): it scrolls, and every tile ends left of its scroll bar, which floats
/// over the right edge of what it scrolls (on the desktop the area was as wide as its tiles,
/// so the bar lay on their borders; on the phone, on the screen-wide tiles').
#[test]
fn the_home_screens_scroll_bar_is_clear_of_every_tile() {
    use egui::accesskit::Role;
    let dir = data_for_every_system();
    let mut h = a_game_in_each_system(dir.path());
    for (size, touch) in [((1280.0, 720.0), false), ((390.0, 844.0), true)] {
        h.set_size(egui::vec2(size.0, size.1));
        if touch {
            posse::ui::theme::touch(&h.ctx);
        }
        h.state_mut().go_home();
        h.run();
        h.run();
        let bars: Vec<egui::Rect> = h.get_all_by_role(Role::ScrollBar).map(|b| b.rect()).collect();
        let [bar] = bars[..] else { panic!("one scroll bar at {size:?}: {bars:?}") };
        let tiles: Vec<String> = posse::systems::ALL
            .iter()
            .map(|s| s.title)
            .chain(["Your files"])
            .map(|t| format!("{t} tile"))
            .collect();
        for tile in &tiles {
            let r = h.get_by_role_and_label(Role::Group, tile).rect();
            assert!(r.right() < bar.left(), "{tile} {r:?} runs under the scroll bar {bar:?} at {size:?}");
        }
    }
}
