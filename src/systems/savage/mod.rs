//! Deadlands on the Savage Worlds rules: the Marshal's combat tracker and every player's odds
//! calculator. `rules/` holds the pure rules and exact odds of exploding dice, `game/` a fight
//! as an event log, `cli.rs` the `posse savage …` commands, `print/` the reference and
//! combatant sheets, `ui/` the screens and `app/` the one place they touch files.
//!
//! Its rules are `data/savage/`: `core.json` (traits, the Wild Die, target number and raises,
//! ranges, wounds, fatigue, Incapacitation and Bleeding Out, initiative Edges, the abilities,
//! the situations of an attack, the Injury Table), `chips.json` (the pot, the start draws,
//! each colour's uses and when the Marshal draws a white), `reference.json` (the reference texts
//! in our words) and `bestiary.json` (four example combatants, ours).

pub mod app;
#[cfg(not(target_arch = "wasm32"))]
pub mod cli;
pub mod game;
pub mod print;
pub mod rules;
pub mod ui;

/// Deadlands in the registry.
pub const SYSTEM: super::System = super::System {
    id: "savage",
    title: "Deadlands (Savage Worlds)",
    blurb: "The Marshal's combat tracker: the action deck, Shaken and wounds, soaks, Incapacitation and Bleeding Out, fate chips by colour, and the exact odds of every aced roll.",
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

/// Deadlands' screens on its data folder.
fn open_app(data: Option<crate::store::DataDir>) -> Box<dyn crate::host::SystemApp> {
    match rules::embedded() {
        Ok(rules) => Box::new(app::SavageApp::new(rules, data)),
        Err(problems) => Box::new(crate::host::Unavailable { why: rules::data::problems_text(problems) }),
    }
}

/// A saved fight on a table of its own, shared at the table with no window (`posse serve`).
fn serve(data: crate::store::DataDir, id: &str) -> Result<Box<dyn crate::session::SharedTable>, String> {
    let rules = rules::embedded().map_err(rules::data::problems_text)?;
    crate::session::host(game::Savage::new(rules), data, "fight", id)
}

fn check_data() -> Result<(), String> {
    rules::embedded().map(|_| ()).map_err(rules::data::problems_text)
}
