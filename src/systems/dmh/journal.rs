//! Dead Man's Hand's games kept by the table session: its [`Game`] is the kernel's `Log`, so
//! the session's `Played` serves it; here are its [`summary`] line and [`commit`], which
//! applies an event on a copy of the game's state, writes it, and only then shows it. Shared
//! by the app and `posse game simulate`.

use crate::kernel::log::{CommitError, Summary};
use crate::session::Played;
use crate::store::{Journal, StoreError};
use crate::systems::dmh::game::{Event, Game, GameError, Phase, State};
use crate::systems::dmh::rules::Rules;

/// Adds `event` to `game` in the safe order: tried on a copy of the game's state, written
/// to `journal` and synced, and only then committed to `game`. On any failure `game` is
/// as it was, so nothing on screen is missing from the disk.
///
/// # Errors
/// When the game refuses the event, or the journal cannot be written.
pub fn commit(
    journal: &mut Journal,
    game: &mut Game,
    rules: &Rules,
    event: &Event,
) -> Result<(), CommitError<GameError, StoreError>> {
    Played::commit(game, rules, event, |e| journal.append(e))
}

/// A saved game in one line, for its Resume button ("Tombstone Law v Clanton Boys · The
/// Gunfight · turn 3 · unfinished"), and whether it is over.
#[must_use]
pub fn summary(rules: &Rules, game: &State) -> Summary {
    let names: Vec<&str> = game.sides.iter().map(|s| s.name.as_str()).collect();
    let scene =
        game.scene.as_deref().and_then(|id| rules.scene(id)).map_or("custom game", |s| s.title.as_str());
    let over = game.result.is_some() || game.phase == Phase::Over;
    let state = match (&game.result, game.phase) {
        (Some(end), _) => match end.winner.and_then(|w| game.sides.get(w)) {
            // The gang's own name as it is written ("The Clanton Gang", "Tombstone Law"):
            // an article before it read "the The Clanton Gang".
            Some(w) => format!("over: {} won", w.name),
            None => "over: a draw".to_owned(),
        },
        (None, Phase::Over) => "over".to_owned(),
        (None, _) => "unfinished".to_owned(),
    };
    Summary::new(format!("{} · {scene} · turn {} · {state}", names.join(" v "), game.turn), over)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::systems::dmh::game::sim;

    fn begin() -> Event {
        Event::Begin(Box::new(sim::showdown_setup(1)))
    }

    fn deal() -> Event {
        Event::DealInitiative { face_up: [None, None], cards: None }
    }

    /// A finished game's line names the winner as the gang is named, with no article before
    /// it ("over, the The Clanton Gang won" was the line).
    #[test]
    fn a_finished_games_summary_names_the_winner_as_written() {
        let rules = crate::systems::dmh::rules::embedded::rules();
        let ended = |winner| {
            let mut game = crate::systems::dmh::game::Game::default();
            game.apply(rules, &begin()).expect("begun");
            let agreed = crate::systems::dmh::game::scene::AGREED.to_owned();
            game.apply(rules, &Event::EndScene { condition: agreed, winner }).expect("ended");
            summary(rules, &game)
        };
        let scene = &rules.scene("showdown").expect("the fixtures' scene").title;
        let line = |end: &str| format!("Tombstone Law v The Clanton Gang · {scene} · turn 1 · over: {end}");
        assert_eq!(ended(Some(1)), Summary::new(line("The Clanton Gang won"), true));
        assert_eq!(ended(Some(0)), Summary::new(line("Tombstone Law won"), true));
        assert_eq!(ended(None), Summary::new(line("a draw"), true));
    }

    #[test]
    fn an_event_is_on_the_disk_before_the_game_shows_it() {
        let rules = crate::systems::dmh::rules::embedded::rules();
        let dir = tempfile::tempdir().expect("temp");
        let path = dir.path().join("g.jsonl");
        let mut journal = Journal::create(&path).expect("created");
        let mut game = crate::systems::dmh::game::Game::default();
        crate::systems::dmh::journal::commit(&mut journal, &mut game, rules, &begin()).expect("begun");
        crate::systems::dmh::journal::commit(&mut journal, &mut game, rules, &deal()).expect("dealt");
        let before = game.clone();
        // Refused by the game: nothing written, nothing changed.
        let err = crate::systems::dmh::journal::commit(&mut journal, &mut game, rules, &begin())
            .expect_err("refused");
        assert!(matches!(err, crate::kernel::log::CommitError::Refused(_)), "{err}");
        assert_eq!(game, before);
        assert_eq!(crate::systems::dmh::files::read_journal(&path).expect("read").events.len(), 2);
        // The journal cannot be written: the game stays as it was.
        std::fs::remove_file(&path).expect("removed");
        let next = Event::TiePriority { side: 0 };
        let err = crate::systems::dmh::journal::commit(&mut journal, &mut game, rules, &next)
            .expect_err("not saved");
        assert!(matches!(err, crate::kernel::log::CommitError::NotSaved(_)), "{err}");
        assert_eq!(game, before);
    }

    #[test]
    fn older_journals_and_absent_weapons_read_as_written() {
        let dir = tempfile::tempdir().expect("temp");
        let path = dir.path().join("g.jsonl");
        let plain = "{\"Begin\":".to_owned()
            + &serde_json::to_string(&sim::showdown_setup(1)).expect("json")
            + "}\n{\"DealInitiative\":{\"face_up\":[null,null],\"cards\":null}}\n\"EndTurn\"\n";
        std::fs::write(&path, &plain).expect("write");
        let read = crate::systems::dmh::files::read_journal(&path).expect("read");
        assert_eq!((read.events, read.damage), (vec![begin(), deal(), Event::EndTurn], None));
        // An absent optional value written as null is the same event.
        let shot = "\"EndTurn\"\n{\"Shot\":{\"shooter\":{\"side\":0,\"model\":0},\"target\":{\"side\":1,\"model\":0},\"modifier\":0,\"roll\":5,\"weapon\":null}}\n";
        std::fs::write(&path, shot).expect("write");
        let read = crate::systems::dmh::files::read_journal(&path).expect("read");
        assert_eq!((read.events.len(), read.damage), (2, None));
    }
}
