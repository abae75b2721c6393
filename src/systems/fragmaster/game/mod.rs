//! A Fragmaster Origins game at the table, as an event log.
//!
//! [`Fragmaster`] implements the kernel's [`log::Rules`]: [`State`] is the game, [`Event`]
//! everything that can happen (set-up, initiative and tiebreak rolls, deployment rolls,
//! respawns, actions, rearm swaps, attacks with their rolls, the end of a turn), [`Error`]
//! why an event cannot happen now. The kernel's `Log` applies events on a copy, keeps the
//! plain-words line of each, replays and undoes. Screens ask [`State`]'s query methods (whose
//! turn, actions left, attacks possible, the attack panel's numbers, rearm offers, the
//! scoreboard) and send events; they never decide rules.
//!
//! `event.rs` holds the events (one click, one event: an [`Attack`] carries every hit, wound
//! and blast roll); `apply.rs` how each changes [`State`], and [`resolve_attack`], the
//! attack's outcome worked out without changing anything, which the attack panel shows before
//! *Record*; `state.rs` the queries ([`State::allowed_actions`], [`State::attack_options`],
//! [`State::assess_attack`], [`State::rearm_offers`], [`State::blast_candidates`],
//! [`State::deploying`], [`State::scoreboard`]); `describe.rs` the log's plain words;
//! `seats.rs` each player's seat at a shared table; [`sim`] random legal events for the
//! property test; `tests.rs` the rulebook's cases.
//!
//! Pure: no IO, no clock, no user interface. Every roll in an event is a d6 face.

mod apply;
mod describe;
mod error;
mod event;
mod seats;
pub mod sim;
mod state;
#[cfg(test)]
mod tests;

pub use apply::{AttackReport, Death, advice, resolve_attack};
pub use describe::and_list;
pub use error::Error;
pub use event::{Attack, BlastTarget, Event, InitiativeRoll, PlayerSetup, Respawn, Setup, TiebreakRoll};
pub use state::{
    AttackOption, Character, CharacterId, Phase, Player, PlayerId, RearmOffer, ScoreLine, Spent, State, Turn,
};

use crate::kernel::log;
use crate::systems::fragmaster::rules::data::Rules;

/// The rules of a Fragmaster game log, over the rules data.
#[derive(Clone, Copy, Debug)]
pub struct Fragmaster<'r> {
    pub rules: &'r Rules,
}

/// A Fragmaster game: its state, its events and their lines.
pub type Game<'r> = log::Log<Fragmaster<'r>>;

/// How a saved Fragmaster game reads in the list, and its set-up.
impl log::TableRules for Fragmaster<'_> {
    fn summary(&self, state: &State) -> log::Summary {
        summary(state)
    }

    fn is_start(event: &Event) -> bool {
        matches!(event, Event::Setup(_))
    }
}

/// A saved game in one line, for its Resume button: the players, the target, the round and
/// where it stands; and whether it is over.
#[must_use]
pub fn summary(s: &State) -> log::Summary {
    {
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
        let board = s.scoreboard();
        let top = board.first().map(|l| l.frags);
        let leaders: Vec<String> =
            board.iter().filter(|l| Some(l.frags) == top).map(|l| l.name.clone()).collect();
        let standing = match (s.winner().map(|p| s.player_name(p)), top) {
            (Some(winner), _) => format!("{winner} won"),
            (None, Some(frags)) if frags != 0 && leaders.len() > 1 => {
                format!("{} tie for the lead with {frags}, unfinished", and_list(&leaders))
            }
            (None, Some(frags)) if frags != 0 => {
                format!("{} leads with {frags}, unfinished", and_list(&leaders))
            }
            (None, _) => "unfinished".to_owned(),
        };
        let line = if s.phase == Phase::Over {
            format!("{players} · first to {} · over, {standing}", s.target)
        } else {
            format!("{players} · first to {} · {stage} · {standing}", s.target)
        };
        log::Summary::new(line, s.phase == Phase::Over)
    }
}

impl log::Rules for Fragmaster<'_> {
    type State = State;
    type Event = Event;
    type Error = Error;

    fn apply(&self, state: &mut State, event: &Event) -> Result<(), Error> {
        apply::apply(self.rules, state, event)
    }

    fn describe(&self, before: &State, after: &State, event: &Event) -> String {
        describe::describe(self.rules, before, after, event)
    }
}
