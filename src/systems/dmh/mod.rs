//! Dead Man's Hand (Great Escape Games): the rules as data and pure functions ([`rules`]), a
//! game at the table as an event log ([`game`]), the command line group ([`cli`]), the screens
//! ([`ui`]) and the printed sheets ([`print`]).

pub mod cli;
pub mod game;
pub mod print;
pub mod rules;
pub mod ui;

/// Dead Man's Hand in the registry.
pub const SYSTEM: super::System = super::System {
    id: "dmh",
    title: "Dead Man's Hand",
    blurb: "Gangs under their Rep, the twelve scenes, initiative and cards, every shot's odds, nerve and Big Nerve tests, printed rosters and checklists.",
    command: cli::command,
    run: cli::run,
};
