//! Posse: a table-side companion for miniatures and board games played on a real table.
//!
//! The crate is a shared pure kernel ([`kernel`]) and one folder per game system
//! ([`systems`]), each with its own pure rules and game log, with thin shells around them: the
//! `posse` command line ([`cli`]), the desktop app ([`app`], [`ui`]), the file store
//! ([`store`]) and the PDF layer ([`mod@print`]); in a browser the same app runs as a web page
//! (`web`, built for `wasm32` only). The shells are handed the registry
//! ([`systems::ALL`]); what a system brings them is defined below both ([`host`]). See
//! `ARCHITECTURE.md`.

pub mod app;
pub mod clock;
// Not in the web page, which has no command line.
#[cfg(not(target_arch = "wasm32"))]
pub mod cli;
pub mod host;
pub mod kernel;
pub mod print;
pub mod session;
#[cfg(not(target_arch = "wasm32"))]
pub mod share;
pub mod store;
pub mod systems;
pub mod ui;
#[cfg(target_arch = "wasm32")]
pub mod web;
