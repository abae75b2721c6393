//! `posse serve`: a saved game shared at the table by a host with no screen.

use std::io::{BufRead, BufReader};
use std::process::{Child, Stdio};

use crate::support::{SANDBOX, fails, posse, posse_command};

/// A Dead Man's Hand game of six events (seed 1) at `folder/dmh/games/ID.jsonl`.
fn game_in(folder: &std::path::Path, id: &str) -> std::path::PathBuf {
    let games = folder.join("dmh/games");
    std::fs::create_dir_all(&games).expect("games folder");
    let journal = games.join(format!("{id}.jsonl"));
    let _ = std::fs::remove_file(&journal);
    let made = posse_command()
        .args(["game", "simulate", "--journal"])
        .arg(&journal)
        .args(["--events", "6", "--seed", "1"])
        .output()
        .expect("simulated");
    assert!(made.status.success(), "{}", String::from_utf8_lossy(&made.stderr));
    journal
}

/// `posse serve ARGS…` started, and the first join address it printed.
fn serving(args: &[&str]) -> (Child, String) {
    let mut child = posse_command()
        .arg("serve")
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("started");
    let mut line = String::new();
    BufReader::new(child.stdout.take().expect("stdout")).read_line(&mut line).expect("a line");
    (child, line.trim_end().to_owned())
}

/// One request to `address` (`http://host:port/CODE`) + `path`: the status and the body.
fn request(address: &str, method: &str, path: &str, body: &str) -> (u16, serde_json::Value) {
    let rest = address.strip_prefix("http://").expect("http");
    let (host, code) = rest.split_once('/').expect("a code");
    let at = host.parse().expect("an address and a port");
    posse::share::phone::request(at, method, &format!("/{code}{path}"), body).expect("answered")
}

#[test]
fn serve_shares_a_journal_by_its_path_and_a_restarted_host_keeps_its_address_and_seats() {
    let dir = tempfile::tempdir().expect("temp");
    let journal = game_in(dir.path(), "game-1");
    let path = journal.to_str().expect("a path");
    let (mut host, address) = serving(&["--game", path, "--bind", "127.0.0.1", "--port", "0"]);
    assert!(address.starts_with("http://127.0.0.1:"), "{address}");
    let (status, seats) = request(&address, "GET", "/seats", "");
    assert_eq!(status, 200);
    assert_eq!(
        seats["seats"],
        serde_json::json!([
            {"id": "side-a", "name": "Tombstone Law (Lawmen)", "taken": false},
            {"id": "side-b", "name": "The Clanton Gang (Outlaws)", "taken": false},
        ])
    );
    let (status, claimed) = request(&address, "POST", "/claim", r#"{"seat": "side-a"}"#);
    assert_eq!(status, 200);
    let secret = claimed["secret"].as_str().expect("a secret").to_owned();
    let kept = std::fs::read_to_string(dir.path().join("dmh/games/game-1.seats.json")).expect("seats kept");
    assert!(kept.contains(&secret));
    host.kill().expect("stopped");
    host.wait().expect("ended");

    // Started again with no port: the same address, and the seat is still the phone's.
    let (mut host, again) = serving(&["--game", path, "--bind", "127.0.0.1"]);
    assert_eq!(again, address);
    let (_, seats) = request(&again, "GET", "/seats", "");
    assert_eq!(seats["seats"][0]["taken"], true);
    let (status, _) = request(
        &again,
        "POST",
        "/act",
        &format!(r#"{{"seat": "side-a", "secret": "{secret}", "choice": "no such"}}"#),
    );
    assert_eq!(status, 409, "the seat is held, the choice is refused");
    host.kill().expect("stopped");
    host.wait().expect("ended");
    assert_eq!(std::fs::read_to_string(&journal).expect("journal").lines().count(), 6, "nothing was added");
}

#[test]
fn serve_finds_a_game_by_its_id_in_the_data_folder_and_prints_json_lines() {
    game_in(std::path::Path::new(SANDBOX), "game-serve-by-id");
    let (mut host, line) =
        serving(&["--game", "game-serve-by-id", "--bind", "127.0.0.1", "--port", "0", "--json"]);
    let printed: serde_json::Value = serde_json::from_str(&line).expect("a JSON line");
    assert_eq!(
        (&printed["system"], &printed["game"]),
        (&serde_json::json!("dmh"), &serde_json::json!("game-serve-by-id"))
    );
    let (status, _) = request(printed["join"].as_str().expect("join"), "GET", "/seats", "");
    assert_eq!(status, 200);
    host.kill().expect("stopped");
    host.wait().expect("ended");
}

#[test]
fn serve_says_what_is_wrong_with_the_game_it_is_given() {
    let dir = tempfile::tempdir().expect("temp");
    let loose = dir.path().join("game-1.jsonl");
    let loose = loose.to_str().expect("a path");
    fails(
        &["serve", "--game", loose],
        2,
        &format!("{loose} is not in a games folder: give a journal in …/games/ or the game's id."),
    );
    let elsewhere = dir.path().join("mine/games/game-1.jsonl");
    let elsewhere = elsewhere.to_str().expect("a path");
    fails(
        &["serve", "--game", elsewhere],
        2,
        &format!("Say which game system {elsewhere} is with --system (see posse systems)."),
    );
    fails(
        &["serve", "--game", "game-1", "--system", "chess"],
        2,
        "There is no game system 'chess': it is one of dmh, fragmaster, frag, savage (see posse systems).",
    );
    // In-process there is no data folder to look an id up in (the binary is handed one).
    fails(
        &["serve", "--game", "game-1"],
        2,
        "Posse has no data folder to find the game 'game-1' in: give its journal's path.",
    );
    // A damaged journal: the session's sentence follows as a sentence of its own (it came
    // after a colon, with a capital letter and two full stops).
    let damaged = dir.path().join("savage/games/fight-1.jsonl");
    std::fs::create_dir_all(damaged.parent().expect("folder")).expect("folder");
    let mut lines: Vec<String> = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/share/savage-game.jsonl"
    ))
    .expect("fixture")
    .lines()
    .map(str::to_owned)
    .collect();
    lines[1] = "{ not an event".to_owned();
    std::fs::write(&damaged, lines.join("\n") + "\n").expect("damaged");
    let run = posse(&["serve", "--game", damaged.to_str().expect("a path")]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(
        run.stderr.starts_with("This fight cannot be shared. This fight is read-only: "),
        "{}",
        run.stderr
    );
    assert!(run.stderr.trim_end().ends_with("write to it.") && !run.stderr.contains(".."), "{}", run.stderr);
    let missing = dir.path().join("dmh/games/game-404.jsonl");
    let run = posse(&["serve", "--game", missing.to_str().expect("a path")]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(run.stderr.contains("game-404.jsonl"), "{}", run.stderr);
}
