//! Posse: a table-side companion for Dead Man's Hand.
//!
//! The crate is a pure rules core ([`rules`]) with thin shells around it: the `posse`
//! command line ([`cli`]) and the desktop app ([`app`], [`ui`]). See `ARCHITECTURE.md`.

pub mod app;
pub mod cli;
pub mod game;
pub mod print;
pub mod rules;
pub mod store;
pub mod ui;
