//! The game systems Posse keeps the books for, one folder each, and the registry that lists
//! them: the app's home screen, the command line and the tests read [`ALL`]. Adding a system
//! is a folder here, a folder under `data/`, and one line in [`ALL`].

pub mod dmh;
pub mod frag;
pub mod fragmaster;
pub mod savage;

pub use crate::host::System;

/// The first system whose built-in rules data does not load, with every problem.
#[must_use]
pub fn load_errors() -> Option<String> {
    crate::host::load_errors(ALL)
}

/// Every system, in the order the home screen shows them. `main` and the web page hand it to
/// the shells (`crate::app`, `crate::cli`), which never name a system.
pub const ALL: &[System] = &[dmh::SYSTEM, fragmaster::SYSTEM, frag::SYSTEM, savage::SYSTEM];

/// The system with this id.
#[must_use]
pub fn by_id(id: &str) -> Option<&'static System> {
    crate::host::by_id(ALL, id)
}
