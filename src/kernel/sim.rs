//! Random games, written once for every system: the driver of each system's property test
//! ("random games replay exactly") and of its crash tests and benchmarks. A system's
//! `game/sim.rs` only says how to choose its next event; playing the game, checking it after
//! every event and replaying it are here.
//!
//! Randomness is a seeded generator the driver owns, so a failing case is its seed. Pure, like
//! the rest of the kernel.

use std::fmt::{Debug, Display};

use rand::SeedableRng as _;
use rand::rngs::StdRng;
use serde::Serialize;
use serde::de::DeserializeOwned;

use super::log::{Log, Rules};

/// A game the driver can play and replay: the kernel's [`Log`] for every system's [`Rules`],
/// or a system's own game type that keeps its log itself.
pub trait Replayable: Sized {
    /// What the game is played by.
    type Rules: ?Sized;
    /// One line of the journal.
    type Event: Clone + Debug + Serialize + DeserializeOwned;
    /// Why an event is refused.
    type Error: Display;

    /// Applies one event; on error the game is unchanged.
    ///
    /// # Errors
    /// When the game refuses the event.
    fn apply_event(&mut self, rules: &Self::Rules, event: &Self::Event) -> Result<(), Self::Error>;

    /// The game made by `events` from the start.
    ///
    /// # Errors
    /// The first event that does not apply, by its position from 0, and why.
    fn replay_events(rules: &Self::Rules, events: &[Self::Event]) -> Result<Self, (usize, Self::Error)>;

    /// The events that made the game, in order.
    fn event_list(&self) -> &[Self::Event];
}

impl<R: Rules> Replayable for Log<R>
where
    R::Event: Debug,
{
    type Rules = R;
    type Event = R::Event;
    type Error = R::Error;

    fn apply_event(&mut self, rules: &R, event: &R::Event) -> Result<(), R::Error> {
        self.apply(rules, event)
    }

    fn replay_events(rules: &R, events: &[R::Event]) -> Result<Self, (usize, R::Error)> {
        Log::replay(rules, events)
    }

    fn event_list(&self) -> &[R::Event] {
        &self.events
    }
}

/// Why a random game failed its property test, with the event and the step to find it by.
#[derive(Debug, thiserror::Error)]
pub enum SimFailure {
    /// The system's sim offered an event its own rules refuse.
    #[error("event {step} was refused ({why}): {event}")]
    Refused { step: usize, event: String, why: String },
    /// The system's check of the game failed after an event.
    #[error("after event {step}, {event}: {why}")]
    Broken { step: usize, event: String, why: String },
    /// The game's events, through JSON as a journal keeps them, do not replay.
    #[error("event {step} does not replay: {why}")]
    NoReplay { step: usize, why: String },
    /// An event does not survive JSON.
    #[error("event {step} does not survive JSON: {why}")]
    Json { step: usize, why: String },
    /// Replayed, the game differs from the game as it was played.
    #[error("replayed to event {events}, the game differs from the game as it was played")]
    Differs { events: usize },
}

/// A random game, and itself as it was after 1, 2, 4, 8, … events (what replaying those
/// prefixes must give back).
#[derive(Clone, Debug)]
pub struct RandomGame<G> {
    /// The game after its last event.
    pub game: G,
    /// The game as it was after so many events.
    pub earlier: Vec<(usize, G)>,
}

/// Plays a random game: the `start` events (the set-up), then up to `steps` events, each
/// chosen by `next_event` from the game and a generator seeded with `seed` (`None` ends the
/// game early), and calls `check` after every event. Every event must be accepted: a sim
/// offers only events its rules allow.
///
/// # Errors
/// The first event refused, or the first `check` that fails.
pub fn random_game<G: Replayable + Default + Clone>(
    rules: &G::Rules,
    start: &[G::Event],
    seed: u64,
    steps: usize,
    mut next_event: impl FnMut(&G, &mut StdRng) -> Option<G::Event>,
    mut check: impl FnMut(&G) -> Result<(), String>,
) -> Result<RandomGame<G>, SimFailure> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut played = RandomGame { game: G::default(), earlier: Vec::new() };
    let mut chosen =
        start.iter().cloned().map(Some).chain(std::iter::repeat_with(|| None)).take(start.len() + steps);
    let mut step = 0;
    loop {
        let event = match chosen.next() {
            Some(Some(event)) => event,
            Some(None) => match next_event(&played.game, &mut rng) {
                Some(event) => event,
                None => break,
            },
            None => break,
        };
        step += 1;
        played.game.apply_event(rules, &event).map_err(|e| SimFailure::Refused {
            step,
            event: format!("{event:?}"),
            why: e.to_string(),
        })?;
        check(&played.game).map_err(|why| SimFailure::Broken { step, event: format!("{event:?}"), why })?;
        if step.is_power_of_two() {
            played.earlier.push((step, played.game.clone()));
        }
    }
    Ok(played)
}

/// Whether a random game replays exactly: its events through JSON, as a journal keeps them,
/// replay to the same game, and every prefix kept in [`RandomGame::earlier`] replays to the
/// game as it was then (what loading a journal, and undo, rely on).
///
/// # Errors
/// The first event that does not survive JSON or does not replay, or the first game that
/// differs.
pub fn replays_exactly<G: Replayable + PartialEq>(
    rules: &G::Rules,
    played: &RandomGame<G>,
) -> Result<(), SimFailure> {
    let events = played
        .game
        .event_list()
        .iter()
        .enumerate()
        .map(|(i, e)| {
            serde_json::to_string(e)
                .and_then(|text| serde_json::from_str(&text))
                .map_err(|e| SimFailure::Json { step: i + 1, why: e.to_string() })
        })
        .collect::<Result<Vec<G::Event>, SimFailure>>()?;
    let replay = |n: usize| {
        G::replay_events(rules, events.get(..n).unwrap_or(&events))
            .map_err(|(i, why)| SimFailure::NoReplay { step: i + 1, why: why.to_string() })
    };
    for (n, then) in &played.earlier {
        if replay(*n)? != *then {
            return Err(SimFailure::Differs { events: *n });
        }
    }
    if replay(events.len())? != played.game {
        return Err(SimFailure::Differs { events: events.len() });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use rand::RngExt as _;

    use super::*;

    /// A counter that refuses to go above 10 or below 0.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    struct Counter;

    #[derive(Debug, thiserror::Error)]
    #[error("out of 0 to 10")]
    struct Out;

    impl Rules for Counter {
        type State = i32;
        type Event = i32;
        type Error = Out;

        fn apply(&self, state: &mut i32, event: &i32) -> Result<(), Out> {
            *state += event;
            if (0..=10).contains(state) { Ok(()) } else { Err(Out) }
        }

        fn describe(&self, before: &i32, after: &i32, _: &i32) -> String {
            format!("{before} to {after}")
        }
    }

    fn step(log: &Log<Counter>, rng: &mut StdRng) -> Option<i32> {
        (log.state < 10).then(|| rng.random_range(0..=10 - log.state))
    }

    #[test]
    fn a_random_game_plays_until_its_steps_or_its_end_and_keeps_the_powers_of_two() {
        let played = random_game::<Log<Counter>>(&Counter, &[3], 7, 5, step, |_| Ok(())).expect("plays");
        assert!(played.game.events.len() <= 6);
        assert_eq!(played.game.events.first(), Some(&3));
        let kept: Vec<usize> = played.earlier.iter().map(|(n, _)| *n).collect();
        assert_eq!(
            kept,
            [1, 2, 4].iter().copied().filter(|&n| n <= played.game.events.len()).collect::<Vec<_>>()
        );
        replays_exactly(&Counter, &played).expect("replays");
    }

    #[test]
    fn a_refused_event_or_a_failed_check_names_its_step() {
        let refused = random_game::<Log<Counter>>(&Counter, &[3, 9], 1, 5, step, |_| Ok(())).map(|_| ());
        assert_eq!(
            refused.map_err(|e| e.to_string()),
            Err("event 2 was refused (out of 0 to 10): 9".to_owned())
        );
        let broken = random_game::<Log<Counter>>(&Counter, &[3, 4], 1, 0, step, |g| {
            if g.state > 5 { Err("above 5".to_owned()) } else { Ok(()) }
        })
        .map(|_| ());
        assert_eq!(broken.map_err(|e| e.to_string()), Err("after event 2, 4: above 5".to_owned()));
    }

    #[test]
    fn a_game_that_replays_otherwise_is_found() {
        let mut played =
            random_game::<Log<Counter>>(&Counter, &[1, 2, 3], 1, 0, step, |_| Ok(())).expect("plays");
        assert!(replays_exactly(&Counter, &played).is_ok());
        played.earlier[1].1.state = 4;
        assert_eq!(
            replays_exactly(&Counter, &played).map_err(|e| e.to_string()),
            Err("replayed to event 2, the game differs from the game as it was played".to_owned())
        );
        played.earlier.clear();
        played.game.lines[0] = "changed".into();
        assert_eq!(
            replays_exactly(&Counter, &played).map_err(|e| e.to_string()),
            Err("replayed to event 3, the game differs from the game as it was played".to_owned())
        );
    }
}
