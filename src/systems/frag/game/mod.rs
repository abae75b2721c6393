//! A game of Frag at the table as an event log ([`crate::kernel::log::Rules`]), for both
//! variants: set-up, who goes first, turns in their phases, attacks with exact odds, frags and
//! the gallows, leftovers, shootouts, and in Frag Zombies!!! the zombie pool, the zombies'
//! move and attacks and the two ways to win.
//!
//! Pure: no IO, no clock, no user interface. Every roll is a value in an event; the only
//! randomness is the seed of [`Event::DealPoker`], recorded in the event.
//!
//! [`Game`] is the kernel's `Log` over the [`Rulebook`], so replay, undo and the safe commit
//! are shared. `event.rs` holds the events, applied to a [`State`] in `apply.rs`; `state.rs`
//! also answers the screens' questions (the phase, how a fighter respawns, whether damage
//! hangs him, the attack panel's inputs and odds: [`State::phase`], [`State::respawn_how`],
//! [`State::gallows_rule`], [`State::attack_inputs`]); `describe.rs` is the log in plain words,
//! `seats.rs` each player's seat at a shared table; `tests.rs` plays the booklet's situations
//! event by event, and [`sim`] makes random legal events for the property test.

mod apply;
mod describe;
mod error;
mod event;
mod seats;
pub mod sim;
mod state;
#[cfg(test)]
mod tests;

pub use describe::{frags, result_words, status_words};
pub use error::Error;
pub use event::{
    Attack, EDITION, Event, HouseRules, Play, Seat, Setup, Shootout, Take, Target, WeaponCard, WeaponUse,
    typed,
};
pub use state::{
    Armour, AttackInputs, CureWait, Gadget, GallowsRule, Leftover, Phase, Player, Resolution, RespawnHow,
    ScoreRow, ShootoutState, Spot, Stage, State, Status, Turn, Unused, WeaponInPlay, Win, WinBy,
};

use crate::kernel::log;
use crate::systems::frag::rules::Rulebook;

/// The Frag rules drive the event log: `Log::<Rulebook>::apply(book, &event)`.
impl log::Rules for Rulebook {
    type State = State;
    type Event = Event;
    type Error = Error;

    fn apply(&self, state: &mut State, event: &Event) -> Result<(), Error> {
        apply::apply(self, state, event)
    }

    fn describe(&self, before: &State, after: &State, event: &Event) -> String {
        describe::describe(self, before, after, event)
    }
}

/// How a saved game of Frag reads in the list, and its set-up.
impl log::TableRules for Rulebook {
    /// "Ann v Bob · Frag Deadlands · round 2 · unfinished" (a round is every player's turn).
    fn summary(&self, s: &State) -> log::Summary {
        let names: Vec<&str> = s.players.iter().map(|p| p.name.as_str()).collect();
        let round = s.round().unwrap_or(0);
        let state = match (&s.stage, s.winner) {
            (Stage::Over, Some(win)) => {
                format!("over, {} won", s.players.get(win.player).map_or("?", |p| p.name.as_str()))
            }
            (Stage::Over, None) => "over".to_owned(),
            _ => "unfinished".to_owned(),
        };
        let line = format!("{} · {} · round {round} · {state}", names.join(" v "), s.variant.title());
        log::Summary::new(line, s.stage == Stage::Over)
    }

    fn is_start(event: &Event) -> bool {
        matches!(event, Event::Begin(_))
    }
}

/// A game of Frag: the kernel's log over these rules.
pub type Game = log::Log<Rulebook>;
