//! What a game system brings to the shells, below both: a [`System`] entry (its id, its
//! words, its command-line group, its screens, its data check, its special cases as data),
//! the [`SystemApp`] trait its screens implement, and the command line's [`Output`] and
//! [`Failure`] its commands return. The shells (`crate::app`, `crate::cli`) are handed the
//! registry (the list of every system, `ALL` beside the systems) by `main` and the web page,
//! and never name a system.

#[cfg(not(target_arch = "wasm32"))]
mod command;
mod screens;

#[cfg(not(target_arch = "wasm32"))]
pub use command::{Context, Failure, Output, to_json};
pub use screens::{SystemApp, Unavailable};

use crate::store::DataDir;

/// Opens a system's saved game (by id, in its folder) on a table of its own, to share it.
pub type Serve = fn(DataDir, &str) -> Result<Box<dyn crate::session::SharedTable>, String>;

/// A game system as the shells know it.
#[derive(Clone, Copy, Debug)]
pub struct System {
    /// Its id: the command line's group (`posse <id> …`) and its data folder (`<id>/`).
    pub id: &'static str,
    pub title: &'static str,
    /// One line of what Posse does for it.
    pub blurb: &'static str,
    /// Its command-line group (not in the web page).
    #[cfg(not(target_arch = "wasm32"))]
    pub command: fn() -> clap::Command,
    /// Runs one command of its group (given the group's matches, or the whole command line's
    /// for a command at the top level).
    #[cfg(not(target_arch = "wasm32"))]
    pub run: fn(&clap::ArgMatches, &mut Context<'_>) -> Result<Output, Failure>,
    /// Adds its commands at the top level too (`posse <command>`, as well as `posse <id>
    /// <command>`), for a command line from before there were several systems; at most one
    /// system does. `None`: only in its group.
    #[cfg(not(target_arch = "wasm32"))]
    pub top_level: Option<fn(clap::Command) -> clap::Command>,
    /// The files and folders at the top of a data folder from before there were several
    /// systems that are this system's, moved into its folder once at start-up.
    pub old_files: &'static [&'static str],
    /// Its screens in the app, on its own data folder (`None`: nothing can be kept).
    pub app: fn(Option<DataDir>) -> Box<dyn SystemApp>,
    /// Checks its built-in rules data: every problem, in one message.
    pub check: fn() -> Result<(), String>,
    /// Opens its saved game (by id, in its folder) on a table of its own for sharing with no
    /// window (`posse serve`). `None`: its games cannot be shared at the table.
    pub serve: Option<Serve>,
}

/// The first system whose built-in rules data does not load, with every problem.
#[must_use]
pub fn load_errors(systems: &[System]) -> Option<String> {
    systems.iter().find_map(|s| (s.check)().err())
}

/// The system with this id.
#[must_use]
pub fn by_id<'a>(systems: &'a [System], id: &str) -> Option<&'a System> {
    systems.iter().find(|s| s.id == id)
}
