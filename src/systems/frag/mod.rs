//! Frag Deadlands and its variant Frag Zombies!!! (Steve Jackson Games): fighters built on 7
//! points, attacks that divide one fistful of d6s by another, frags, gallows and zombies. The
//! rules as data and pure functions ([`rules`]), a game at the table as an event log
//! ([`game`]), the command line group ([`cli`]), the screens ([`app`], [`ui`]) and the record
//! sheet ([`mod@print`]).
//!
//! Its rules are `data/frag/`: `rules.json` (Frag Deadlands' numbers), `zombies.json` (what the
//! variant changes) and `characters.json` (the six characters and the numbers their abilities
//! change); each of `docs/frag.md`'s readings lives in one place there. `tests/frag.rs` pins
//! the `posse frag` contract and plays both variants through the Play tab at 1280×800 with
//! typed dice; `scripts/bench-frag-damage.py` times the 10-against-8 damage odds of the
//! release binary.

pub mod app;
#[cfg(not(target_arch = "wasm32"))]
pub mod cli;
pub mod game;
pub mod print;
pub mod rules;
pub mod ui;

/// Frag in the registry.
pub const SYSTEM: super::System = super::System {
    id: "frag",
    title: "Frag Deadlands",
    blurb: "Frag Deadlands and Frag Zombies!!!: fighters on 7 points, who goes first by poker hands, each turn's phases, the exact odds of every attack, frags and the gallows, the zombie pool, printed record sheets.",
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

/// Frag's screens on its data folder.
fn open_app(data: Option<crate::store::DataDir>) -> Box<dyn crate::host::SystemApp> {
    match rules::embedded::rulebook() {
        Ok(book) => Box::new(app::FragApp::new(book, data)),
        Err(errors) => Box::new(crate::host::Unavailable { why: errors.to_string() }),
    }
}

/// A saved game of Frag on a table of its own, shared with no window (`posse serve`).
fn serve(data: crate::store::DataDir, id: &str) -> Result<Box<dyn crate::session::SharedTable>, String> {
    let book = rules::embedded::rulebook().map_err(ToString::to_string)?;
    crate::session::host(book.clone(), data, "game", id)
}

fn check_data() -> Result<(), String> {
    rules::embedded::rulebook().map(|_| ()).map_err(ToString::to_string)
}
