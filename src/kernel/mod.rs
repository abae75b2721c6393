//! Shared and pure: physical cards and decks, exact odds, distributions of sums of dice, and
//! the event log every game at the table is. Every system builds on these; nothing here knows
//! any one game's rules, and nothing here touches files, the clock or the screen.

pub mod cards;
pub mod dice;
pub mod log;
pub mod odds;
pub mod seat;
pub mod sim;
pub mod words;
