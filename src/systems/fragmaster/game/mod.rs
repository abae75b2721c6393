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
//! Pure: no IO, no clock, no user interface. Every roll in an event is a d6 face.

mod apply;
mod describe;
mod error;
mod event;
pub mod sim;
mod state;
#[cfg(test)]
mod tests;

pub use apply::{AttackReport, Death, resolve_attack};
pub use describe::and_list;
pub use error::Error;
pub use event::{Attack, BlastTarget, Event, InitiativeRoll, PlayerSetup, Setup, TiebreakRoll};
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
