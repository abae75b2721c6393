//! A game at the table as an event log, shared by every game system.
//!
//! A system describes its state and how one event changes it ([`Rules`]); [`Log`] keeps the
//! state, the events that made it and each event in plain words. [`Log::apply`] is the only
//! mutator: it works on a copy of the state, so a refused event changes nothing; loading is
//! [`Log::replay`] (in place: a refused event gives the whole replay up), undo is replaying all
//! but the last event. Randomness never lives here: a
//! system records its seed (or the dice the players typed) in its events.
//!
//! This module is pure: no user interface, no files, no clock.

use serde::Serialize;
use serde::de::DeserializeOwned;

/// One game system's rules for its event log.
pub trait Rules {
    /// The state of a game at the table.
    type State: Clone + Default;
    /// Everything that can happen; one line of the journal each.
    type Event: Clone + Serialize + DeserializeOwned;
    /// Why an event cannot be applied now (shown to players as a sentence).
    type Error: std::error::Error;

    /// Applies `event` to `state`. May leave `state` half-changed on error: [`Log::apply`]
    /// and [`Log::commit`] call it on a copy, and [`Log::replay`] applies in place, because a
    /// refused replayed event gives the whole replay up and its half-changed state is
    /// discarded.
    ///
    /// # Errors
    /// When the event does not fit the game as it stands.
    fn apply(&self, state: &mut Self::State, event: &Self::Event) -> Result<(), Self::Error>;

    /// `event` in plain words, from the state before it and after it.
    fn describe(&self, before: &Self::State, after: &Self::State, event: &Self::Event) -> String;
}

/// Why an event was not committed: the game refused it, or it could not be saved. The game is
/// unchanged either way.
#[derive(Debug, thiserror::Error)]
pub enum CommitError<E, W> {
    /// The game does not allow the event now.
    #[error("{0}")]
    Refused(E),
    /// The event could not be saved.
    #[error("{0}")]
    NotSaved(W),
}

/// The event that would not replay, by its position, and why.
pub type Replayed<R> = (usize, <R as Rules>::Error);

/// A game without its last event, and that event (`None` for a game with no events).
pub type Undone<R> = Option<(Log<R>, <R as Rules>::Event)>;

/// A game: its state, the events that made it, and each event in words.
#[derive(Clone, Debug)]
pub struct Log<R: Rules> {
    pub state: R::State,
    pub events: Vec<R::Event>,
    /// Each event in plain words, as it read when it happened.
    pub lines: Vec<String>,
}

impl<R: Rules> Default for Log<R> {
    fn default() -> Self {
        Log { state: R::State::default(), events: Vec::new(), lines: Vec::new() }
    }
}

/// Two games are the same when their states, their events and their lines are.
impl<R: Rules> PartialEq for Log<R>
where
    R::State: PartialEq,
    R::Event: PartialEq,
{
    fn eq(&self, other: &Self) -> bool {
        self.state == other.state && self.events == other.events && self.lines == other.lines
    }
}

impl<R: Rules> Log<R> {
    /// Applies one event: the only way a game changes. On error nothing changes.
    ///
    /// # Errors
    /// When the event does not fit the game as it stands.
    pub fn apply(&mut self, rules: &R, event: &R::Event) -> Result<(), R::Error> {
        let mut next = self.state.clone();
        rules.apply(&mut next, event)?;
        self.lines.push(rules.describe(&self.state, &next, event));
        self.events.push(event.clone());
        self.state = next;
        Ok(())
    }

    /// Applies `event` in the safe order: tried on a copy of the state, then handed to `save`
    /// (a journal writes it to the disk), and only then committed. If the game refuses it or
    /// `save` fails, nothing changes, so nothing on screen is missing from the disk.
    ///
    /// # Errors
    /// When the game refuses the event, or `save` fails.
    pub fn commit<W>(
        &mut self,
        rules: &R,
        event: &R::Event,
        save: impl FnOnce(&R::Event) -> Result<(), W>,
    ) -> Result<(), CommitError<R::Error, W>> {
        let mut next = self.state.clone();
        rules.apply(&mut next, event).map_err(CommitError::Refused)?;
        save(event).map_err(CommitError::NotSaved)?;
        self.lines.push(rules.describe(&self.state, &next, event));
        self.events.push(event.clone());
        self.state = next;
        Ok(())
    }

    /// Whether `event` would be accepted now, without applying it.
    #[must_use]
    pub fn allows(&self, rules: &R, event: &R::Event) -> bool {
        rules.apply(&mut self.state.clone(), event).is_ok()
    }

    /// Replays `events` from a new game. Each event is applied in place, with no copy of the
    /// state: a refused one gives the replay up, so nothing needs keeping unchanged. Each line
    /// is still written from the state before and after its event, as [`Log::apply`] writes
    /// it; the state before is one second state refreshed with `clone_from`, so a state that
    /// reuses its buffers there costs no allocation per event.
    ///
    /// # Errors
    /// The first event that cannot be applied, with its position.
    pub fn replay(rules: &R, events: &[R::Event]) -> Result<Log<R>, Replayed<R>> {
        let mut log = Log {
            state: R::State::default(),
            events: Vec::with_capacity(events.len()),
            lines: Vec::with_capacity(events.len()),
        };
        let mut before = R::State::default();
        for (i, event) in events.iter().enumerate() {
            before.clone_from(&log.state);
            rules.apply(&mut log.state, event).map_err(|e| (i, e))?;
            log.lines.push(rules.describe(&before, &log.state, event));
            log.events.push(event.clone());
        }
        Ok(log)
    }

    /// Replays `events` whose words are already known (`lines`, one per event, as remembered
    /// beside the journal): each event is applied in place and no line is made again, which
    /// is most of a replay's time, and the events become the log's without a copy.
    ///
    /// # Errors
    /// The events, handed back, when the number of lines is not theirs or an event cannot be
    /// applied: [`Log::replay`] then finds which and why.
    pub fn replay_with_lines(
        rules: &R,
        events: Vec<R::Event>,
        lines: Vec<String>,
    ) -> Result<Log<R>, Vec<R::Event>> {
        if lines.len() != events.len() {
            return Err(events);
        }
        let mut state = R::State::default();
        for event in &events {
            if rules.apply(&mut state, event).is_err() {
                return Err(events);
            }
        }
        Ok(Log { state, events, lines })
    }

    /// The game without its last event, and that event; `None` for a game with no events.
    ///
    /// # Errors
    /// When the shorter log does not replay (it always does for a log this game produced).
    pub fn undo(&self, rules: &R) -> Result<Undone<R>, Replayed<R>> {
        let Some((last, rest)) = self.events.split_last() else { return Ok(None) };
        Ok(Some((Log::replay(rules, rest)?, last.clone())))
    }

    /// What undo would undo, in words.
    #[must_use]
    pub fn last_line(&self) -> Option<&str> {
        self.lines.last().map(String::as_str)
    }
}

/// A game reads as its state (`game.turn`, `game.sides`…); it changes only through
/// [`Log::apply`] and [`Log::commit`], so there is no `DerefMut`.
impl<R: Rules> std::ops::Deref for Log<R> {
    type Target = R::State;

    fn deref(&self) -> &R::State {
        &self.state
    }
}

/// What the table session needs of a system's [`Rules`] to keep its saved games: a line for
/// the list and whether the game is over, and which event is the set-up (never undone).
pub trait TableRules: Rules {
    /// The game in one line for the saved-games list, and whether it is over.
    fn summary(&self, state: &Self::State) -> Summary;

    /// Whether `event` starts the game (the set-up), which cannot be undone.
    fn is_start(event: &Self::Event) -> bool;
}

/// A saved game as its list shows it: one line in its system's words, whether it is over,
/// and whether its journal is damaged (it then opens read-only) or cannot be read at all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    /// The game in one line ("Ann v Bob · turn 3 · unfinished").
    pub line: String,
    /// The game is over: it is listed as finished and not offered to resume.
    pub finished: bool,
    /// The journal line where the game is damaged: it opens read-only up to there.
    pub damaged: Option<usize>,
    /// Why the journal cannot be read at all (it is listed so the player sees it).
    pub unreadable: Option<String>,
}

impl Summary {
    /// A readable, undamaged game's summary.
    #[must_use]
    pub fn new(line: impl Into<String>, finished: bool) -> Summary {
        Summary { line: line.into(), finished, damaged: None, unreadable: None }
    }

    /// The whole line for the list, with what is wrong with the journal.
    #[must_use]
    pub fn text(&self) -> String {
        match (&self.unreadable, self.damaged) {
            (Some(why), _) => format!("{} · cannot be read, damaged ({why})", self.line),
            (None, Some(line)) => format!("{} · damaged at line {line}, read-only", self.line),
            (None, None) => self.line.clone(),
        }
    }

    /// Whether the game can be resumed and played on: readable, undamaged and not over.
    #[must_use]
    pub fn playable(&self) -> bool {
        !self.finished && self.damaged.is_none() && self.unreadable.is_none()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A total that refuses to go above 10; the state keeps every total it has had, so a
    /// state half-changed by a refused event shows.
    #[derive(Clone, Debug)]
    struct Totals;

    #[derive(Debug, thiserror::Error)]
    #[error("above 10")]
    struct Above;

    impl Rules for Totals {
        type State = Vec<i32>;
        type Event = i32;
        type Error = Above;

        fn apply(&self, state: &mut Vec<i32>, event: &i32) -> Result<(), Above> {
            let next = state.last().copied().unwrap_or(0) + event;
            state.push(next);
            if next > 10 { Err(Above) } else { Ok(()) }
        }

        fn describe(&self, before: &Vec<i32>, after: &Vec<i32>, event: &i32) -> String {
            format!("{event}: {} to {}", before.last().unwrap_or(&0), after.last().unwrap_or(&0))
        }
    }

    #[test]
    fn a_replay_in_place_is_the_game_applied_event_by_event() {
        let mut applied = Log::<Totals>::default();
        for e in [3, 4, 2] {
            applied.apply(&Totals, &e).expect("applies");
        }
        let replayed = Log::replay(&Totals, &[3, 4, 2]).expect("replays");
        assert_eq!(replayed.state, vec![3, 7, 9]);
        assert_eq!(replayed.lines, ["3: 0 to 3", "4: 3 to 7", "2: 7 to 9"]);
        assert_eq!(replayed.events, [3, 4, 2]);
        assert_eq!(replayed, applied);
        assert_eq!(*replayed, vec![3, 7, 9], "the game reads as its state");
    }

    #[test]
    fn a_refused_event_gives_the_replay_up_and_apply_changes_nothing() {
        assert_eq!(
            Log::replay(&Totals, &[3, 9, 1]).map(|l| l.state).map_err(|(i, e)| (i, e.to_string())),
            Err((1, "above 10".to_owned()))
        );
        let mut log = Log::replay(&Totals, &[3]).expect("replays");
        assert!(log.apply(&Totals, &9).is_err());
        assert!(!log.allows(&Totals, &9));
        assert_eq!((log.state.clone(), log.events.clone()), (vec![3], vec![3]));
        let (shorter, last) =
            Log::replay(&Totals, &[3, 4]).expect("replays").undo(&Totals).expect("undoes").expect("an event");
        assert_eq!((shorter, last), (log, 4));
    }
}
