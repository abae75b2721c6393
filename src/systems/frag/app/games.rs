//! The Play screen's commands: a game started with its own journal, each event written to the
//! journal before it shows (`Log::commit`), undo and redo, and saved games resumed (mended if
//! the last line was torn, read-only if the journal is damaged).

use super::{ActiveGame, FragApp, Saving};
use crate::kernel::log::CommitError;
use crate::store::{self, Damage, Journal, JournalRead};
use crate::systems::frag::game::{Event, Game, Setup, Stage};
use crate::systems::frag::rules::Rulebook;
use crate::systems::frag::ui::play::PlayCommand;

impl FragApp {
    /// Re-reads the list of saved games.
    pub(super) fn refresh_games(&mut self) {
        let Some(data) = &self.data else { return };
        let book = self.book;
        self.play.saved = data
            .list_games()
            .into_iter()
            .map(|id| {
                if let Some(summary) = data.cached_summary(&id) {
                    return (id, summary);
                }
                let read = match store::read_journal_of::<Event>(&data.game_path(&id)) {
                    Ok(read) => read,
                    Err(e) => return (id.clone(), format!("{id} · cannot be read ({e})")),
                };
                let (game, damage) = replay_until_damage(book, &read);
                let mut summary = game_summary(&game);
                if let Some(damage) = damage {
                    summary = format!("{summary} · damaged at line {}, read-only", damage.line);
                }
                // Best effort: without it the game is replayed again next time.
                let _ = data.save_summary(&id, &summary);
                (id, summary)
            })
            .collect();
    }

    /// Carries out one command from the Play screen.
    pub fn handle_play(&mut self, command: PlayCommand) {
        let result = match command {
            PlayCommand::Start(setup) => self.start_game(*setup),
            PlayCommand::Apply(event) => {
                self.redo.clear();
                self.apply_event(&event)
            }
            PlayCommand::Undo => self.undo(),
            PlayCommand::Redo => {
                match (self.game.as_ref().and_then(ActiveGame::read_only), self.redo.pop()) {
                    (Some(why), _) => Err(why.to_owned()),
                    (None, Some(event)) => self.apply_event(&event).inspect_err(|_| self.redo.push(event)),
                    (None, None) => Ok(()),
                }
            }
            PlayCommand::Resume(id) => self.resume(&id),
            PlayCommand::Close => {
                if let (Some(active), Some(data)) = (self.game.take(), &self.data)
                    && active.read_only().is_none()
                {
                    // Best effort: without it the game is replayed when the list is next made.
                    let _ = data.save_summary(&active.id, &game_summary(&active.game));
                }
                self.redo.clear();
                self.refresh_games();
                Ok(())
            }
        };
        match result {
            Ok(()) => self.play.notice = None,
            Err(message) => self.play.notice = Some(message),
        }
    }

    fn start_game(&mut self, setup: Setup) -> Result<(), String> {
        let data = self.data.clone().ok_or("There is no data folder to keep the game in.")?;
        let now = crate::clock::since_epoch();
        let (id, mut journal) =
            data.create_game(now.as_secs()).map_err(|e| format!("The game cannot be saved: {e}."))?;
        let mut game = Game::default();
        let event = Event::Begin(Box::new(setup));
        if let Err(e) = game.commit(self.book, &event, |e| journal.append(e)) {
            // Nothing was written to it: leave no empty game behind.
            data.discard_empty_game(&id);
            return Err(match e {
                CommitError::Refused(e) => format!("The game cannot start: {e}."),
                CommitError::NotSaved(e) => format!("The game cannot be saved: {e}."),
            });
        }
        self.game = Some(ActiveGame { id, game, saving: Saving::Journal(journal) });
        self.redo.clear();
        self.play.poker.clear();
        self.play.after_event(&event);
        Ok(())
    }

    /// Applies an event the safe way round: written to the journal first, then shown.
    fn apply_event(&mut self, event: &Event) -> Result<(), String> {
        let Some(active) = self.game.as_mut() else { return Err("No game is open.".into()) };
        let journal = match &mut active.saving {
            Saving::Journal(journal) => journal,
            Saving::ReadOnly(why) => return Err(why.clone()),
        };
        active.game.commit(self.book, event, |e| journal.append(e)).map_err(|e| match e {
            CommitError::Refused(e) => {
                format!("That cannot be done: {}", crate::ui::sentence(&e.to_string()))
            }
            CommitError::NotSaved(e) => {
                format!(
                    "The event was not saved, so it was not applied: {e}. Try again once it can be saved."
                )
            }
        })?;
        self.play.after_event(event);
        Ok(())
    }

    fn undo(&mut self) -> Result<(), String> {
        let Some(active) = self.game.as_mut() else { return Ok(()) };
        let journal = match &mut active.saving {
            Saving::Journal(journal) => journal,
            Saving::ReadOnly(why) => return Err(why.clone()),
        };
        let Some((game, event)) =
            active.game.undo(self.book).map_err(|(n, e)| format!("Event {} does not replay: {e}.", n + 1))?
        else {
            return Ok(());
        };
        if matches!(event, Event::Begin(_)) {
            return Err("The start of the game cannot be undone; close the game instead.".into());
        }
        // Written first: the game goes back only once the journal has.
        journal
            .replace(&game.events)
            .map_err(|e| format!("The undo was not saved, so nothing changed: {e}."))?;
        active.game = game;
        self.redo.push(event.clone());
        self.play.after_event(&event);
        Ok(())
    }

    /// Reopens a saved game. A journal cut short by a crash is mended (a copy is kept); a
    /// damaged one opens read-only up to the damage, and Posse never writes to it.
    fn resume(&mut self, id: &str) -> Result<(), String> {
        let data = self.data.clone().ok_or("There is no data folder.")?;
        let path = data.game_path(id);
        let read = store::read_journal_of::<Event>(&path)
            .map_err(|e| format!("The game cannot be reopened: {e}."))?;
        let (game, damage) = replay_until_damage(self.book, &read);
        let saving = match damage {
            Some(Damage { line, reason }) => Saving::ReadOnly(format!(
                "This game is read-only: its journal is damaged at line {line} ({reason}). Posse will not write to it."
            )),
            None => match Journal::resume(&path, &read) {
                Ok((journal, copy)) => {
                    if let Some(copy) = copy {
                        self.play.notice = Some(format!(
                            "The last event was cut short when Posse stopped, and is left out; the whole journal is kept as {}.",
                            copy.display()
                        ));
                    }
                    Saving::Journal(journal)
                }
                Err(e) => Saving::ReadOnly(format!(
                    "This game is read-only: its journal cannot be written ({e}). Posse will not write to it."
                )),
            },
        };
        self.game = Some(ActiveGame { id: id.to_owned(), game, saving });
        self.redo.clear();
        Ok(())
    }
}

/// A journal's game replayed up to its first damage, and that damage: a damaged line, or the
/// first event that does not replay (its line is its number).
fn replay_until_damage(book: &Rulebook, read: &JournalRead<Event>) -> (Game, Option<Damage>) {
    match Game::replay(book, &read.events) {
        Ok(game) => (game, read.damage.clone()),
        Err((n, e)) => (
            Game::replay(book, read.events.get(..n).unwrap_or_default()).unwrap_or_default(),
            Some(Damage { line: n + 1, reason: format!("its event does not replay: {e}") }),
        ),
    }
}

/// A saved game in one line, for its Resume button: "Ann v Bob · Frag Deadlands · turn 3 ·
/// unfinished".
#[must_use]
pub fn game_summary(game: &Game) -> String {
    let s = &game.state;
    let names: Vec<&str> = s.players.iter().map(|p| p.name.as_str()).collect();
    let turn = s.turn.as_ref().map_or(0, |t| t.number);
    let state = match (&s.stage, s.winner) {
        (Stage::Over, Some(win)) => {
            format!("over, {} won", s.players.get(win.player).map_or("?", |p| p.name.as_str()))
        }
        (Stage::Over, None) => "over".to_owned(),
        _ => "unfinished".to_owned(),
    };
    format!("{} · {} · turn {turn} · {state}", names.join(" v "), s.variant.title())
}
