//! One table session for every game: the saved games of a system's folder with their
//! summaries, and the game open at the table with its journal.
//!
//! A game at the table is the same machine in every system: start a game (a new journal with a
//! unique id), commit each event (written to the journal first, then shown), undo (the journal
//! is rewritten without the last event, then the game goes back), redo (one rule: the redo list
//! is cleared only when a new event is committed), resume (a torn last line is mended and a
//! copy kept; a damaged journal opens read-only up to the damage and is never written), close,
//! and delete (the journal moves to `games/deleted/`, and the delete can be undone). This module
//! is that machine, written once and generic over the game ([`Played`]); a system brings only
//! its rules, its events' words and its summary line ([`TableRules`] for the kernel's
//! [`Log`]). Its errors are one type ([`SessionError`]) with one wording in every game.
//!
//! No game is named here, and no screen: the shared screen pieces (the Undo/Redo bar, the
//! saved-games list) are in `crate::ui::table`.
//!
//! A long game whose log lines are remembered for this very journal resumes without making its
//! words again ([`Played::replay_with_lines`]); closing it remembers them. The game open at a
//! shared table is a [`SharedTable`]: a system's table and rules borrowed ([`Seated`], what
//! `SystemApp::shared` hands the window) or owned ([`Hosted`], made by [`host`] for `posse
//! serve`).

use std::fmt;
use std::path::PathBuf;

use serde::Serialize;
use serde::de::DeserializeOwned;

pub use crate::kernel::log::Summary;
pub use crate::kernel::log::TableRules;

mod shared;
use crate::kernel::log::{CommitError, Log};
use crate::store::{self, Damage, DataDir, Journal, JournalRead, StoreError};
pub use shared::{Hosted, Seated, SharedTable, host};

#[cfg(test)]
mod tests;

/// A game as the table session keeps it: replayed from its events, committed one event at a
/// time, summarised in a line. The kernel's [`Log`] is one for every [`TableRules`].
pub trait Played: Sized + Default {
    /// What the game is played by (its rules, borrowed).
    type Rules: ?Sized;
    /// One line of the journal.
    type Event: Clone + Serialize + DeserializeOwned;
    /// Why an event is refused.
    type Error: fmt::Display;

    /// The game made by `events` from the start.
    ///
    /// # Errors
    /// The first event that does not apply, by its position from 0, and why.
    fn replay(rules: &Self::Rules, events: &[Self::Event]) -> Result<Self, (usize, Self::Error)>;

    /// As [`Played::replay`], with each event's words already known (one line per event, as
    /// remembered beside the journal), so none is made again; the events become the game's.
    ///
    /// # Errors
    /// The events, handed back, when the lines are not theirs or an event does not apply
    /// ([`Played::replay`] then says which and why).
    fn replay_with_lines(
        rules: &Self::Rules,
        events: Vec<Self::Event>,
        lines: Vec<String>,
    ) -> Result<Self, Vec<Self::Event>>;

    /// Applies `event` in the safe order: tried on a copy, handed to `save`, and only then
    /// shown. On any failure the game is as it was.
    ///
    /// # Errors
    /// When the game refuses the event or `save` fails.
    fn commit<W>(
        &mut self,
        rules: &Self::Rules,
        event: &Self::Event,
        save: impl FnOnce(&Self::Event) -> Result<(), W>,
    ) -> Result<(), CommitError<Self::Error, W>>;

    /// The events that made the game, in order.
    fn events(&self) -> &[Self::Event];

    /// Each event in plain words, as it read when it happened.
    fn lines(&self) -> &[String];

    /// The game in one line for the saved-games list, and whether it is over.
    fn summary(&self, rules: &Self::Rules) -> Summary;

    /// Whether `event` starts the game (the set-up), which cannot be undone.
    fn is_start(event: &Self::Event) -> bool;
}

impl<R: TableRules> Played for Log<R> {
    type Rules = R;
    type Event = R::Event;
    type Error = R::Error;

    fn replay(rules: &R, events: &[R::Event]) -> Result<Self, (usize, R::Error)> {
        Log::replay(rules, events)
    }

    fn replay_with_lines(
        rules: &R,
        events: Vec<R::Event>,
        lines: Vec<String>,
    ) -> Result<Self, Vec<R::Event>> {
        Log::replay_with_lines(rules, events, lines)
    }

    fn commit<W>(
        &mut self,
        rules: &R,
        event: &R::Event,
        save: impl FnOnce(&R::Event) -> Result<(), W>,
    ) -> Result<(), CommitError<R::Error, W>> {
        Log::commit(self, rules, event, save)
    }

    fn events(&self) -> &[R::Event] {
        &self.events
    }

    fn lines(&self) -> &[String] {
        &self.lines
    }

    fn summary(&self, rules: &R) -> Summary {
        rules.summary(&self.state)
    }

    fn is_start(event: &R::Event) -> bool {
        R::is_start(event)
    }
}

/// Why the table session did not do what was asked, with one wording in every game. `noun`
/// is the system's word for a game ("game", "fight").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SessionError {
    pub noun: &'static str,
    pub problem: Problem,
}

/// What went wrong (see [`SessionError`]'s sentences).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// There is no data folder to keep games in.
    NoDataFolder,
    /// No game is open.
    NoGame,
    /// The open game cannot be changed: the sentence says why.
    ReadOnly(String),
    /// The game refuses the event now.
    Refused(String),
    /// The event could not be written, so it was not applied.
    NotSaved(String),
    /// The first event does not start a game.
    CannotStart(String),
    /// No journal could be made for a new game.
    CannotCreate(String),
    /// A saved game's journal cannot be read.
    CannotReopen(String),
    /// The set-up is the first event: close the game instead.
    StartNotUndoable,
    /// An event of the game does not replay (its number counts from 1).
    DoesNotReplay { event: usize, reason: String },
    /// The rewritten journal could not be saved, so nothing changed.
    UndoNotSaved(String),
    /// A saved game could not be deleted.
    NotDeleted(String),
    /// A deleted game could not be brought back.
    NotRestored(String),
}

impl fmt::Display for SessionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let noun = self.noun;
        match &self.problem {
            Problem::NoDataFolder => write!(f, "There is no data folder to keep the {noun} in."),
            Problem::NoGame => write!(f, "No {noun} is open."),
            Problem::ReadOnly(why) => write!(f, "{why}"),
            Problem::Refused(why) => {
                write!(f, "{}", crate::ui::sentence(&format!("That cannot be done: {why}")))
            }
            Problem::NotSaved(why) => {
                write!(
                    f,
                    "The event was not saved, so it was not applied: {why}. Try again once it can be saved."
                )
            }
            Problem::CannotStart(why) => {
                write!(f, "{}", crate::ui::sentence(&format!("The {noun} cannot start: {why}")))
            }
            Problem::CannotCreate(why) => write!(f, "The {noun} cannot be saved: {why}."),
            Problem::CannotReopen(why) => write!(f, "The {noun} cannot be reopened: {why}."),
            Problem::StartNotUndoable => {
                write!(f, "The start of the {noun} cannot be undone; close the {noun} instead.")
            }
            Problem::DoesNotReplay { event, reason } => write!(f, "Event {event} does not replay: {reason}."),
            Problem::UndoNotSaved(why) => write!(f, "The undo was not saved, so nothing changed: {why}."),
            Problem::NotDeleted(why) => write!(f, "The {noun} was not deleted: {why}."),
            Problem::NotRestored(why) => write!(f, "The deleted {noun} was not brought back: {why}."),
        }
    }
}

impl std::error::Error for SessionError {}

/// A saved game in the list: its id and its summary.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedGame {
    pub id: String,
    pub summary: Summary,
}

/// A game deleted from the list, and where it stood in it (the list keeps its place, so the
/// rows under the player's hand do not move and Undo delete is where Delete was).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deleted {
    pub game: SavedGame,
    /// Its position in the saved games when it was deleted.
    pub at: usize,
}

/// Where the open game's events are written.
enum Saving {
    /// Its journal, ready for the next event.
    Journal(Journal),
    /// Nowhere: the journal is damaged or cannot be written, so the game is only shown. The
    /// sentence says why.
    ReadOnly(String),
}

/// The game open at the table: its id, the game, and where its events go.
pub struct OpenGame<G: Played> {
    pub id: String,
    pub game: G,
    saving: Saving,
}

impl<G: Played> OpenGame<G> {
    /// Why the game cannot be changed, as a sentence; `None` when it can.
    #[must_use]
    pub fn read_only(&self) -> Option<&str> {
        match &self.saving {
            Saving::Journal(_) => None,
            Saving::ReadOnly(why) => Some(why),
        }
    }
}

/// What happened when a game was reopened that the players should know.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reopened {
    /// As it was left.
    AsLeft,
    /// The last event was cut short when Posse stopped and is left out; the whole journal is
    /// kept as this copy.
    Mended(PathBuf),
    /// Only shown: the sentence says why.
    ReadOnly(String),
}

impl Reopened {
    /// The sentence to show, if there is one.
    #[must_use]
    pub fn notice(&self) -> Option<String> {
        match self {
            Reopened::AsLeft => None,
            Reopened::Mended(copy) => Some(format!(
                "The last event was cut short when Posse stopped, and is left out; the whole journal is kept as {}.",
                copy.display()
            )),
            Reopened::ReadOnly(why) => Some(why.clone()),
        }
    }
}

/// What the shell asks of any system's table, whatever its game: the game open there.
pub trait OpenTable {
    /// The open game's id.
    fn open_id(&self) -> Option<&str>;
    /// The open game for the browser test: its id, number of events and last line.
    fn test_state(&self) -> serde_json::Value;
}

impl<G: Played> OpenTable for Table<G> {
    fn open_id(&self) -> Option<&str> {
        Table::open_id(self)
    }

    fn test_state(&self) -> serde_json::Value {
        Table::test_state(self)
    }
}

/// One system's table: its saved games and the game open, if any.
pub struct Table<G: Played> {
    data: Option<DataDir>,
    /// The system's word for a game, in its sentences ("game", "fight").
    noun: &'static str,
    /// The saved games, newest first.
    pub saved: Vec<SavedGame>,
    /// The game at the table.
    pub open: Option<OpenGame<G>>,
    /// Events undone, most recent last, each with its line, for Redo.
    redo: Vec<(G::Event, String)>,
    /// Games deleted this session, most recent last, for undoing a delete.
    deleted: Vec<Deleted>,
    /// Counts every change of the game at the table (see [`Table::changes`]).
    changes: u64,
}

impl<G: Played> Table<G> {
    /// The table of a system's folder (`None`: nothing can be kept, and every start says so).
    /// Call [`Table::refresh`] to list its saved games.
    #[must_use]
    pub fn new(data: Option<DataDir>, noun: &'static str) -> Table<G> {
        Table { data, noun, saved: Vec::new(), open: None, redo: Vec::new(), deleted: Vec::new(), changes: 0 }
    }

    fn error(&self, problem: Problem) -> SessionError {
        SessionError { noun: self.noun, problem }
    }

    /// A number that changes whenever the game at the table does (an event committed, undone
    /// or redone, a game started, resumed, closed or deleted): what a shared table's seats see
    /// is sent again when it moves.
    #[must_use]
    pub fn changes(&self) -> u64 {
        self.changes
    }

    /// The system's folder, if it has one.
    #[must_use]
    pub fn data(&self) -> Option<&DataDir> {
        self.data.as_ref()
    }

    /// The open game.
    #[must_use]
    pub fn game(&self) -> Option<&G> {
        self.open.as_ref().map(|o| &o.game)
    }

    /// The open game's id.
    #[must_use]
    pub fn open_id(&self) -> Option<&str> {
        self.open.as_ref().map(|o| o.id.as_str())
    }

    /// Why the open game cannot be changed, if it cannot.
    #[must_use]
    pub fn read_only(&self) -> Option<&str> {
        self.open.as_ref().and_then(OpenGame::read_only)
    }

    /// What Undo would take back, in words (`None`: nothing, or only the set-up).
    #[must_use]
    pub fn undo_label(&self) -> Option<&str> {
        let open = self.open.as_ref()?;
        let last = open.game.events().last()?;
        if G::is_start(last) || open.read_only().is_some() {
            return None;
        }
        open.game.lines().last().map(String::as_str)
    }

    /// What Redo would bring back, in words.
    #[must_use]
    pub fn redo_label(&self) -> Option<&str> {
        self.redo.last().map(|(_, line)| line.as_str())
    }

    /// The open game for the browser test to compare before and after a reload: its id, its
    /// number of events and its last line (`null`s when none is open).
    #[must_use]
    pub fn test_state(&self) -> serde_json::Value {
        serde_json::json!({
            "game": self.open_id(),
            "events": self.game().map(|g| g.events().len()),
            "last_line": self.game().and_then(|g| g.lines().last()),
        })
    }

    /// The most recently deleted game, which [`Table::undo_delete`] brings back.
    #[must_use]
    pub fn last_deleted(&self) -> Option<&Deleted> {
        self.deleted.last()
    }

    /// The game to offer for resuming: the newest one that is readable, undamaged and not
    /// over.
    #[must_use]
    pub fn resumable(&self) -> Option<&SavedGame> {
        self.saved.iter().find(|g| g.summary.playable())
    }

    /// Lists the saved games, newest first, each with its summary (remembered beside the
    /// journal, so an unchanged game is not replayed).
    pub fn refresh(&mut self, rules: &G::Rules) {
        let Some(data) = &self.data else { return };
        self.saved = data
            .list_games()
            .into_iter()
            .map(|id| {
                let summary = data.cached_summary(&id).unwrap_or_else(|| {
                    let summary = match store::read_journal_of::<G::Event>(&data.game_path(&id)) {
                        Ok(read) => {
                            let (game, damage) = replay_until_damage::<G>(rules, &read);
                            Summary { damaged: damage.map(|d| d.line), ..game.summary(rules) }
                        }
                        Err(e) => Summary {
                            line: id.clone(),
                            finished: false,
                            damaged: None,
                            unreadable: Some(e.to_string()),
                        },
                    };
                    if summary.unreadable.is_none() {
                        // Best effort: without it the game is replayed again next time.
                        let _ = data.save_summary(&id, &summary);
                    }
                    summary
                });
                SavedGame { id, summary }
            })
            .collect();
    }

    /// Starts a game with `first` (its set-up): a new journal with a unique id from the clock,
    /// and the game opens once the set-up is on the disk. A refused set-up leaves no file.
    ///
    /// # Errors
    /// When there is no data folder, the set-up is refused, or it cannot be written.
    pub fn start(&mut self, rules: &G::Rules, first: &G::Event) -> Result<(), SessionError> {
        let data = self.data.clone().ok_or_else(|| self.error(Problem::NoDataFolder))?;
        // Refused before a journal is made for it.
        let mut game = G::default();
        game.commit(rules, first, |_| Ok::<(), StoreError>(()))
            .map_err(|e| self.error(Problem::CannotStart(e.to_string())))?;
        let (id, mut journal) = data
            .create_game(crate::clock::unix_seconds())
            .map_err(|e| self.error(Problem::CannotCreate(e.to_string())))?;
        let mut game = G::default();
        if let Err(e) = game.commit(rules, first, |e| journal.append(e)) {
            // Nothing was written to it: leave no empty game behind.
            data.discard_empty_game(&id);
            return Err(self.error(match e {
                CommitError::Refused(e) => Problem::CannotStart(e.to_string()),
                CommitError::NotSaved(e) => Problem::CannotCreate(e.to_string()),
            }));
        }
        self.open = Some(OpenGame { id, game, saving: Saving::Journal(journal) });
        self.redo.clear();
        self.changes += 1;
        Ok(())
    }

    /// Applies an event the safe way round: written to the journal first, then shown. A new
    /// event clears what could be redone; a refused one changes nothing, Redo included.
    ///
    /// # Errors
    /// When no game is open, it is read-only, the game refuses the event, or it cannot be
    /// written.
    pub fn commit(&mut self, rules: &G::Rules, event: &G::Event) -> Result<(), SessionError> {
        self.apply(rules, event)?;
        self.redo.clear();
        Ok(())
    }

    fn apply(&mut self, rules: &G::Rules, event: &G::Event) -> Result<(), SessionError> {
        let noun = self.noun;
        let error = |problem| SessionError { noun, problem };
        let Some(open) = self.open.as_mut() else { return Err(error(Problem::NoGame)) };
        let journal = match &mut open.saving {
            Saving::Journal(journal) => journal,
            Saving::ReadOnly(why) => return Err(error(Problem::ReadOnly(why.clone()))),
        };
        open.game.commit(rules, event, |e| journal.append(e)).map_err(|e| {
            error(match e {
                CommitError::Refused(e) => Problem::Refused(e.to_string()),
                CommitError::NotSaved(e) => Problem::NotSaved(e.to_string()),
            })
        })?;
        self.changes += 1;
        Ok(())
    }

    /// Takes back the last event: the journal is rewritten without it first, then the game
    /// goes back. Returns the event undone (`None`: nothing to undo).
    ///
    /// # Errors
    /// When the game is read-only, the last event is the set-up, the shorter game does not
    /// replay, or the journal cannot be rewritten.
    pub fn undo(&mut self, rules: &G::Rules) -> Result<Option<G::Event>, SessionError> {
        let noun = self.noun;
        let error = |problem| SessionError { noun, problem };
        let Some(open) = self.open.as_mut() else { return Ok(None) };
        let journal = match &mut open.saving {
            Saving::Journal(journal) => journal,
            Saving::ReadOnly(why) => return Err(error(Problem::ReadOnly(why.clone()))),
        };
        let Some((last, rest)) = open.game.events().split_last() else { return Ok(None) };
        if G::is_start(last) {
            return Err(error(Problem::StartNotUndoable));
        }
        let last = last.clone();
        let line = open.game.lines().last().cloned().unwrap_or_default();
        let game = G::replay(rules, rest)
            .map_err(|(n, e)| error(Problem::DoesNotReplay { event: n + 1, reason: e.to_string() }))?;
        // Written first: the game goes back only once the journal has.
        journal.replace(game.events()).map_err(|e| error(Problem::UndoNotSaved(e.to_string())))?;
        open.game = game;
        self.redo.push((last.clone(), line));
        self.changes += 1;
        Ok(Some(last))
    }

    /// Brings back the last event undone. Returns it (`None`: nothing to redo). An event that
    /// is not redone (refused, or not written) stays to be redone.
    ///
    /// # Errors
    /// As [`Table::commit`].
    pub fn redo(&mut self, rules: &G::Rules) -> Result<Option<G::Event>, SessionError> {
        if let Some(why) = self.read_only() {
            return Err(self.error(Problem::ReadOnly(why.to_owned())));
        }
        let Some((event, line)) = self.redo.pop() else { return Ok(None) };
        match self.apply(rules, &event) {
            Ok(()) => Ok(Some(event)),
            Err(e) => {
                self.redo.push((event, line));
                Err(e)
            }
        }
    }

    /// Reopens a saved game. A journal cut short by a crash is mended (a copy is kept); a
    /// damaged one opens read-only up to the damage, and Posse never writes to it.
    ///
    /// # Errors
    /// When there is no data folder or the journal cannot be read at all.
    pub fn resume(&mut self, rules: &G::Rules, id: &str) -> Result<Reopened, SessionError> {
        let data = self.data.clone().ok_or_else(|| self.error(Problem::NoDataFolder))?;
        let path = data.game_path(id);
        let mut read = store::read_journal_of::<G::Event>(&path)
            .map_err(|e| self.error(Problem::CannotReopen(e.to_string())))?;
        // A long game whose lines were remembered for this very journal, which reopens as it
        // is, replays without making its words again and without copying its events (a stale
        // or missing cache, or a journal to mend, replays them all).
        if read.opens_as_is()
            && let Some(lines) = data.cached_lines(id, read.events.len(), read.last_sum())
        {
            let journal = Journal::resume(&path, &read);
            match G::replay_with_lines(rules, std::mem::take(&mut read.events), lines) {
                Ok(game) => {
                    let (saving, reopened) = match journal {
                        Ok((journal, _)) => (Saving::Journal(journal), Reopened::AsLeft),
                        Err(e) => self.unwritable(&e),
                    };
                    return Ok(self.opened(id, game, saving, reopened));
                }
                Err(events) => read.events = events,
            }
        }
        let (game, damage) = replay_until_damage::<G>(rules, &read);
        let noun = self.noun;
        let (saving, reopened) = match damage {
            Some(Damage { line, reason }) => {
                let why = format!(
                    "This {noun} is read-only: its journal is damaged at line {line} ({reason}). Posse will not write to it."
                );
                (Saving::ReadOnly(why.clone()), Reopened::ReadOnly(why))
            }
            None => match Journal::resume(&path, &read) {
                Ok((journal, copy)) => {
                    (Saving::Journal(journal), copy.map_or(Reopened::AsLeft, Reopened::Mended))
                }
                Err(e) => self.unwritable(&e),
            },
        };
        if !read.torn_tail && matches!(saving, Saving::Journal(_)) {
            remember_lines(&data, id, &game, read.last_sum());
        }
        Ok(self.opened(id, game, saving, reopened))
    }

    /// A reopened game whose journal cannot be written: read-only, and why.
    fn unwritable(&self, e: &StoreError) -> (Saving, Reopened) {
        let why = format!(
            "This {} is read-only: its journal cannot be written ({e}). Posse will not write to it.",
            self.noun
        );
        (Saving::ReadOnly(why.clone()), Reopened::ReadOnly(why))
    }

    /// `game` reopened at the table as `id`, with its journal (or read-only).
    fn opened(&mut self, id: &str, game: G, saving: Saving, reopened: Reopened) -> Reopened {
        self.open = Some(OpenGame { id: id.to_owned(), game, saving });
        self.redo.clear();
        self.changes += 1;
        reopened
    }

    /// Closes the open game (it stays saved) and lists the saved games again.
    pub fn close(&mut self, rules: &G::Rules) {
        if let (Some(open), Some(data)) = (self.open.take(), &self.data)
            && open.read_only().is_none()
        {
            // Best effort: without it the game is replayed when the list is next made.
            let _ = data.save_summary(&open.id, &open.game.summary(rules));
            // The open journal knows its last sum: the file is not read again.
            if let Saving::Journal(journal) = &open.saving
                && let (lines, last_sum) = journal.written()
                && usize::try_from(lines).is_ok_and(|n| n == open.game.events().len())
            {
                remember_lines(data, &open.id, &open.game, last_sum);
            }
        }
        self.redo.clear();
        self.changes += 1;
        self.refresh(rules);
    }

    /// Deletes a saved game: its journal moves to `games/deleted/`, from where
    /// [`Table::undo_delete`] brings it back. The open game is closed first.
    ///
    /// # Errors
    /// When there is no data folder or the journal cannot be moved (it then stays listed).
    pub fn delete(&mut self, rules: &G::Rules, id: &str) -> Result<(), SessionError> {
        let data = self.data.clone().ok_or_else(|| self.error(Problem::NoDataFolder))?;
        let at = self.saved.iter().position(|g| g.id == id).unwrap_or(0);
        let mut summary = self.saved.iter().find(|g| g.id == id).map(|g| g.summary.clone());
        if let Some(open) = self.open.take_if(|o| o.id == id) {
            summary = Some(open.game.summary(rules));
            self.redo.clear();
            self.changes += 1;
        }
        let result = data.delete_game(id).map_err(|e| self.error(Problem::NotDeleted(e.to_string())));
        if result.is_ok() {
            let summary = summary.unwrap_or_else(|| Summary::new(id, false));
            self.deleted.push(Deleted { game: SavedGame { id: id.to_owned(), summary }, at });
        }
        self.refresh(rules);
        result
    }

    /// Brings back the game deleted last. Returns its id (`None`: nothing was deleted).
    ///
    /// # Errors
    /// When it cannot be moved back (it then stays deleted, and can be tried again).
    pub fn undo_delete(&mut self, rules: &G::Rules) -> Result<Option<String>, SessionError> {
        let data = self.data.clone().ok_or_else(|| self.error(Problem::NoDataFolder))?;
        let Some(last) = self.deleted.last() else { return Ok(None) };
        let id = last.game.id.clone();
        data.restore_game(&id).map_err(|e| self.error(Problem::NotRestored(e.to_string())))?;
        self.deleted.pop();
        self.refresh(rules);
        Ok(Some(id))
    }
}

/// Games shorter than this replay their words in a few milliseconds: their lines are not
/// remembered (which would double their size in a web page's small storage).
pub const LINES_WORTH_REMEMBERING: usize = 1000;

/// Remembers a long game's lines beside its journal, for the journal as it now is (best effort:
/// without them the next reopen makes the words again). The journal's last sum ties the lines
/// to exactly the events they describe.
fn remember_lines<G: Played>(data: &DataDir, id: &str, game: &G, last_sum: u32) {
    if game.events().len() >= LINES_WORTH_REMEMBERING {
        let _ = data.save_lines(id, last_sum, game.lines());
    }
}

/// A journal's game replayed up to its first damage, and that damage: a damaged line, or the
/// first event that does not replay (its line is its number).
fn replay_until_damage<G: Played>(rules: &G::Rules, read: &JournalRead<G::Event>) -> (G, Option<Damage>) {
    match G::replay(rules, &read.events) {
        Ok(game) => (game, read.damage.clone()),
        Err((n, e)) => (
            G::replay(rules, read.events.get(..n).unwrap_or_default()).unwrap_or_default(),
            Some(Damage { line: n + 1, reason: format!("its event does not replay: {e}") }),
        ),
    }
}
