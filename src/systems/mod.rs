//! The game systems Posse keeps the books for, one folder each, and the registry that lists
//! them: the app's home screen, the command line and the tests read [`ALL`]. Adding a system
//! is a folder here, a folder under `data/`, and one line in [`ALL`].

pub mod dmh;
pub mod frag;
pub mod fragmaster;
pub mod savage;

use crate::app::SystemApp;
#[cfg(not(target_arch = "wasm32"))]
use crate::cli::{Context, Failure, Output};
use crate::store::DataDir;

/// A game system as the shells know it.
#[derive(Clone, Copy, Debug)]
pub struct System {
    /// Its id: the command line's group (`posse dmh …`) and its data folder (`dmh/`).
    pub id: &'static str,
    pub title: &'static str,
    /// One line of what Posse does for it.
    pub blurb: &'static str,
    /// Its command-line group (not in the web page).
    #[cfg(not(target_arch = "wasm32"))]
    pub command: fn() -> clap::Command,
    /// Runs one command of its group.
    #[cfg(not(target_arch = "wasm32"))]
    pub run: fn(&clap::ArgMatches, &mut Context<'_>) -> Result<Output, Failure>,
    /// Its screens in the app, on its own data folder (`None`: nothing can be kept).
    pub app: fn(Option<DataDir>) -> Box<dyn SystemApp>,
    /// Checks its built-in rules data: every problem, in one message.
    pub check: fn() -> Result<(), String>,
}

/// The first system whose built-in rules data does not load, with every problem.
#[must_use]
pub fn load_errors() -> Option<String> {
    ALL.iter().find_map(|s| (s.check)().err())
}

/// Every system, in the order the home screen shows them.
pub const ALL: &[System] = &[dmh::SYSTEM, fragmaster::SYSTEM, frag::SYSTEM, savage::SYSTEM];

/// The system with this id.
#[must_use]
pub fn by_id(id: &str) -> Option<&'static System> {
    ALL.iter().find(|s| s.id == id)
}
