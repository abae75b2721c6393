//! The Play screen's commands: starting a game, each event written to its journal before it
//! shows (`Log::commit` with `Journal::append`), undo and redo, resuming a saved game (mended
//! if torn, read-only if damaged), and the saved games' one-line summaries.

use super::{ActiveGame, FragmasterApp, Saving};
use crate::kernel::log::CommitError;
use crate::store::{self, Damage, Journal, JournalRead};
use crate::systems::fragmaster::game::{Event, Fragmaster, Game, Phase, Setup};
use crate::systems::fragmaster::rules::Rules;
use crate::systems::fragmaster::ui::play::PlayCommand;

impl FragmasterApp {
    /// Lists the saved games, newest first, each with its summary (remembered beside the
    /// journal, so an unchanged game is not replayed).
    pub(super) fn refresh_games(&mut self) {
        let Some(data) = &self.data else { return };
        let rules = self.rules;
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
                let (game, damage) = replay_until_damage(rules, &read);
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

    /// Carries out one command from the Play screen; a failure becomes the screen's notice.
    pub fn handle_play(&mut self, command: PlayCommand) {
        self.play.notice = None;
        let result = match command {
            PlayCommand::Start(setup) => self.start_game(setup),
            PlayCommand::Apply(event) => {
                let applied = self.apply_event(&event);
                if applied.is_ok() {
                    self.redo.clear();
                }
                applied
            }
            PlayCommand::Undo => self.undo(),
            PlayCommand::Redo => match self.redo.pop() {
                // Not redone (refused, or the disk refused it): it stays to be redone.
                Some(event) => self.apply_event(&event).inspect_err(|_| self.redo.push(event)),
                None => Ok(()),
            },
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
        if let Err(message) = result {
            self.play.notice = Some(message);
        }
    }

    /// Starts a game: a new journal, and the game opens once its set-up is on the disk.
    fn start_game(&mut self, setup: Setup) -> Result<(), String> {
        let data = self.data.clone().ok_or("There is no data folder to keep the game in.")?;
        let rules = self.log_rules();
        let event = Event::Setup(setup);
        // Refused before a journal is made for it.
        let mut game = Game::default();
        if let Err(e) = game.apply(&rules, &event) {
            return Err(crate::ui::sentence(&format!("The game cannot start: {e}")));
        }
        let mut game = Game::default();
        let now = crate::clock::since_epoch();
        let (id, mut journal) =
            data.create_game(now.as_secs()).map_err(|e| format!("The game cannot be saved: {e}."))?;
        if let Err(e) = game.commit(&rules, &event, |e| journal.append(e)) {
            data.discard_empty_game(&id);
            return Err(match e {
                CommitError::Refused(e) => crate::ui::sentence(&format!("The game cannot start: {e}")),
                CommitError::NotSaved(e) => format!("The game cannot be saved: {e}."),
            });
        }
        self.game = Some(ActiveGame { id, game, saving: Saving::Journal(journal) });
        self.redo.clear();
        self.play.new_game();
        Ok(())
    }

    /// Applies an event the safe way round: written to the journal first, then shown.
    fn apply_event(&mut self, event: &Event) -> Result<(), String> {
        let rules = self.log_rules();
        let Some(active) = self.game.as_mut() else { return Err("No game is open.".into()) };
        let journal = match &mut active.saving {
            Saving::Journal(journal) => journal,
            Saving::ReadOnly(why) => return Err(why.clone()),
        };
        active.game.commit(&rules, event, |e| journal.append(e)).map_err(|e| match e {
            CommitError::Refused(e) => crate::ui::sentence(&format!("That cannot be done: {e}")),
            CommitError::NotSaved(e) => format!(
                "The event was not saved, so it was not applied: {e}. Try again once it can be saved."
            ),
        })
    }

    /// Takes back the last event: the journal is rewritten without it first.
    fn undo(&mut self) -> Result<(), String> {
        let rules = self.log_rules();
        let Some(active) = self.game.as_mut() else { return Ok(()) };
        let journal = match &mut active.saving {
            Saving::Journal(journal) => journal,
            Saving::ReadOnly(why) => return Err(why.clone()),
        };
        let Some((game, event)) =
            active.game.undo(&rules).map_err(|(n, e)| format!("Event {} does not replay: {e}.", n + 1))?
        else {
            return Ok(());
        };
        if matches!(event, Event::Setup(_)) {
            return Err("The set-up cannot be undone; close the game instead.".into());
        }
        journal
            .replace(&game.events)
            .map_err(|e| format!("The undo was not saved, so nothing changed: {e}."))?;
        active.game = game;
        self.redo.push(event);
        Ok(())
    }

    /// Reopens a saved game. A journal cut short by a crash is mended (a copy is kept); a
    /// damaged one opens read-only up to the damage, and Posse never writes to it.
    fn resume(&mut self, id: &str) -> Result<(), String> {
        let data = self.data.clone().ok_or("There is no data folder.")?;
        let path = data.game_path(id);
        let read = store::read_journal_of::<Event>(&path)
            .map_err(|e| format!("The game cannot be reopened: {e}."))?;
        let (game, damage) = replay_until_damage(self.rules, &read);
        // A read-only game says why above the game as long as it is open (`read_only`), so
        // the notice is only for a journal that was mended.
        let mut notice = None;
        let saving = match damage {
            Some(Damage { line, reason }) => Saving::ReadOnly(format!(
                "This game is read-only: its journal is damaged at line {line} ({reason}). Posse will not write to it."
            )),
            None => match Journal::resume(&path, &read) {
                Ok((journal, copy)) => {
                    notice = copy.map(|copy| {
                        format!(
                            "The last event was cut short when Posse stopped, and is left out; the whole journal is kept as {}.",
                            copy.display()
                        )
                    });
                    Saving::Journal(journal)
                }
                Err(e) => Saving::ReadOnly(format!(
                    "This game is read-only: its journal cannot be written ({e}). Posse will not write to it."
                )),
            },
        };
        self.game = Some(ActiveGame { id: id.to_owned(), game, saving });
        self.redo.clear();
        self.play.new_game();
        self.play.notice = notice;
        Ok(())
    }
}

/// A journal's game replayed up to its first damage, and that damage: a damaged line, or the
/// first event that does not replay.
fn replay_until_damage(rules: &'static Rules, read: &JournalRead<Event>) -> (Game<'static>, Option<Damage>) {
    let log_rules = Fragmaster { rules };
    match Game::replay(&log_rules, &read.events) {
        Ok(game) => (game, read.damage.clone()),
        Err((n, e)) => (
            Game::replay(&log_rules, read.events.get(..n).unwrap_or_default()).unwrap_or_default(),
            Some(Damage { line: n + 1, reason: format!("its event does not replay: {e}") }),
        ),
    }
}

/// A game in one line, for its Resume button: the players, the round and where it stands.
#[must_use]
pub fn game_summary(game: &Game<'_>) -> String {
    let s = &game.state;
    let players: Vec<&str> = s.players.iter().map(|p| p.name.as_str()).collect();
    let players = if players.is_empty() { "an empty game".to_owned() } else { players.join(", ") };
    let stage = match s.phase {
        Phase::Setup => "set-up".to_owned(),
        Phase::Initiative => "initiative".to_owned(),
        Phase::Deployment => "deployment".to_owned(),
        Phase::Playing if s.is_neutral_round() => "neutral round".to_owned(),
        Phase::Playing => format!("round {}", s.round),
        Phase::Over => "over".to_owned(),
    };
    let leader = s.scoreboard().into_iter().next();
    let standing = match (s.winner().map(|p| s.player_name(p)), leader) {
        (Some(winner), _) => format!("{winner} won"),
        (None, Some(line)) if line.frags != 0 => {
            format!("{} leads with {}, unfinished", line.name, line.frags)
        }
        (None, _) => "unfinished".to_owned(),
    };
    if s.phase == Phase::Over {
        format!("{players} · first to {} · over, {standing}", s.target)
    } else {
        format!("{players} · first to {} · {stage} · {standing}", s.target)
    }
}
