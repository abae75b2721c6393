//! Kills `posse` with SIGKILL in the middle of a game, many times, and checks that every event
//! it reported as applied is in the journal afterwards and that the journal replays.

use std::io::{BufRead as _, BufReader};
use std::process::Stdio;

use super::support;

/// The number of events a journal replays to, and whether its game is over.
fn replayed_events(journal: &std::path::Path) -> (u64, bool) {
    let out = support::posse_command()
        .args(["game", "replay", "--journal", journal.to_str().expect("path"), "--json"])
        .output()
        .expect("posse runs");
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    (v["events"].as_u64().expect("events"), v["phase"].as_str() == Some("Over"))
}

#[test]
fn killing_the_app_mid_game_loses_no_applied_event() {
    let dir = tempfile::tempdir().expect("temp dir");
    // When a simulated game ends (a side breaks), the next round starts another game.
    let mut games = 0;
    let mut journal = dir.path().join("game-0.jsonl");
    let mut acknowledged = 0;
    let mut finished = 0;
    for round in 0..25u64 {
        let mut child = support::posse_command()
            .args([
                "game",
                "simulate",
                "--journal",
                journal.to_str().expect("path"),
                "--events",
                "1000000",
                "--seed",
                "11",
            ])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("posse starts");
        let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
        // Let it apply a varying number of events, then kill it without warning (its stdout
        // stays open until then, so it is writing when it dies). Each event is synced to the
        // disk, a few milliseconds each, so the rounds are kept short.
        let wait_for = 20 + (round * 37) % 100;
        let mut seen = 0;
        for line in (&mut stdout).lines().map_while(Result::ok) {
            if let Some(n) = line.strip_prefix("applied ").and_then(|n| n.parse::<u64>().ok()) {
                acknowledged = n;
                seen += 1;
                if seen >= wait_for {
                    break;
                }
            }
        }
        child.kill().expect("SIGKILL");
        let _ = child.wait();
        drop(stdout);
        let (kept, over) = replayed_events(&journal);
        assert!(kept >= acknowledged, "round {round}: {acknowledged} acknowledged but only {kept} kept");
        if over {
            finished += kept;
            acknowledged = 0;
            games += 1;
            journal = dir.path().join(format!("game-{games}.jsonl"));
        }
    }
    let total = finished + acknowledged;
    assert!(total > 1000, "the games grew across the kills ({total} events)");
}
