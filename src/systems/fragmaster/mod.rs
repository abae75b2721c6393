//! Fragmaster Origins (a deathmatch for miniatures, scored in frags): the rules as data and
//! pure functions ([`rules`]), a game at the table as an event log ([`game`]), the command-line
//! group ([`cli`]), the screens ([`ui`], run by [`app`]) and the printed sheets ([`mod@print`]).
//!
//! The smallest system, and the one to read first. Its rules are `data/fragmaster/`:
//! `weapons.json`, `rolls.json` (bases and to-hit modifiers), `actions.json` and `game.json`
//! (players and teams, initiative dice, respawn layouts with the faces each point takes, the
//! neutral round, frag values, the target), parsed and cross-checked by [`rules::data`] and
//! [`rules::embedded`]. `tests/fragmaster.rs` plays a four-player game to a win through the
//! window and pins the command line's contract (`attack`, `initiative`, `score`, `reference
//! print`).

pub mod app;
#[cfg(not(target_arch = "wasm32"))]
pub mod cli;
pub mod game;
pub mod print;
pub mod rules;
pub mod ui;

/// Fragmaster Origins in the registry.
pub const SYSTEM: super::System = super::System {
    id: "fragmaster",
    title: "Fragmaster Origins",
    blurb: "Initiative and deployment rolls, every attack's numbers and kill chance, blasts, frags and respawns, the scoreboard to the target, a printed reference and scoreboard.",
    #[cfg(not(target_arch = "wasm32"))]
    command: cli::command,
    #[cfg(not(target_arch = "wasm32"))]
    run: cli::run,
    #[cfg(not(target_arch = "wasm32"))]
    top_level: None,
    old_files: &[],
    app: open_app,
    check: check_data,
    serve: Some(serve),
};

/// Fragmaster Origins' screens on its data folder.
fn open_app(data: Option<crate::store::DataDir>) -> Box<dyn crate::host::SystemApp> {
    match rules::embedded::load() {
        Ok(rules) => Box::new(app::FragmasterApp::new(rules, data)),
        Err(errors) => Box::new(crate::host::Unavailable { why: errors.to_string() }),
    }
}

/// A saved Fragmaster game on a table of its own, shared with no window (`posse serve`).
fn serve(data: crate::store::DataDir, id: &str) -> Result<Box<dyn crate::session::SharedTable>, String> {
    let rules = rules::embedded::load().map_err(ToString::to_string)?;
    crate::session::host(game::Fragmaster { rules }, data, "game", id)
}

fn check_data() -> Result<(), String> {
    rules::embedded::load().map(|_| ()).map_err(ToString::to_string)
}
