//! Dead Man's Hand (Great Escape Games): the rules as data and pure functions ([`rules`]), a
//! game at the table as an event log ([`game`]), the command line group ([`cli`]), the screens
//! ([`ui`]) and the printed sheets ([`print`]).

pub mod app;
#[cfg(not(target_arch = "wasm32"))]
pub mod cli;
pub mod files;
pub mod game;
pub mod journal;
pub mod print;
pub mod rules;
pub mod ui;

/// Dead Man's Hand in the registry.
pub const SYSTEM: super::System = super::System {
    id: "dmh",
    title: "Dead Man's Hand",
    blurb: "Gangs under their Rep, the twelve scenes, initiative and cards, every shot's odds, nerve and Big Nerve tests, printed rosters and checklists.",
    #[cfg(not(target_arch = "wasm32"))]
    command: cli::command,
    #[cfg(not(target_arch = "wasm32"))]
    run: cli::run,
    // The command line from before there were several systems: `posse shoot` is `posse dmh shoot`.
    #[cfg(not(target_arch = "wasm32"))]
    top_level: Some(cli::top_level),
    // Gangs, games, prints and series results at the top of a data folder from before.
    old_files: files::OLD_FILES,
    app: open_app,
    check: check_data,
    serve: Some(serve),
};

/// Dead Man's Hand's screens on its data folder.
fn open_app(data: Option<crate::store::DataDir>) -> Box<dyn crate::host::SystemApp> {
    match rules::embedded::load() {
        Ok(rules) => Box::new(app::DmhApp::new(rules, data)),
        Err(errors) => Box::new(crate::host::Unavailable { why: errors.to_string() }),
    }
}

/// Opens the saved game `id` of Dead Man's Hand's data folder on a table of its own, for
/// sharing it with no window (`posse serve`): the seats are the two sides
/// ([`game::seats`]).
///
/// # Errors
/// When the built-in rules do not load, or the game cannot be reopened.
fn serve(data: crate::store::DataDir, id: &str) -> Result<Box<dyn crate::session::SharedTable>, String> {
    // The table owns its rules: a copy of the built-in ones, made once per shared game.
    let rules = rules::embedded::load().map_err(ToString::to_string)?.clone();
    crate::session::host(rules, data, "game", id)
}

fn check_data() -> Result<(), String> {
    rules::embedded::load().map(|_| ()).map_err(ToString::to_string)
}
