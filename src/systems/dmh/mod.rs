//! Dead Man's Hand (Great Escape Games): the rules as data and pure functions ([`rules`]), a
//! game at the table as an event log ([`game`]), the command line group ([`cli`]), the screens
//! ([`ui`]) and the printed sheets ([`mod@print`]).
//!
//! The rules are `data/dmh/*.json`, one file per concern: `gangs.json` (the four gangs'
//! rosters, weapon caps, abilities), `weapons.json` (the weapons table), `cards.json` (the 27
//! distinct cards: common 2–10, the sixteen gang cards, the two jokers, each with its timing
//! hook and how long it lasts), `scenes.json` (four storylines, twelve scenes: cast, set,
//! deployment, decks, hands, first-turn and special rules, end conditions with machine-readable
//! triggers), `set.json` ("Arranging the Set") and `core.json` (actions, shooting modifiers and
//! results, nerve, hand-to-hand and duel numbers).
//!
//! The folder's parts: [`rules`] and [`game`] are pure; [`journal`] is the game's side of the
//! shared journal (its saved-games [`journal::summary`] line and [`journal::commit`]);
//! [`files`] its own files (gang files and series results) through the generic store;
//! [`app`] its `SystemApp` (Reference, Gangs, Scenes, Play) and the only part that acts on
//! files; [`ui`] one file per screen, and one per phase of the turn under `ui/play/`.
//!
//! Two special cases are data on its registry entry, from before Posse hosted other systems:
//! its commands are also at the top of the command line (`posse shoot` is `posse dmh shoot`),
//! and gangs, games, prints and series results at the top of an old data folder are moved into
//! its folder ([`files::OLD_FILES`]).

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::Table;
    use crate::store::DataDir;
    use game::{Event, Game, sim};

    #[test]
    fn a_saved_game_is_served_with_a_seat_for_each_side() {
        let rules = rules::embedded::rules();
        let dir = tempfile::tempdir().expect("temp");
        let mut table: Table<Game> = Table::new(Some(DataDir::at(dir.path())), "game");
        table.start(rules, &Event::Begin(Box::new(sim::showdown_setup(1)))).expect("started");
        let deal = Event::DealInitiative { face_up: [None, None], cards: None };
        table.commit(rules, &deal).expect("dealt");
        table.commit(rules, &Event::EndTurn).expect("the turn ends");
        let id = table.open_id().expect("open").to_owned();
        let serve = SYSTEM.serve.expect("Dead Man's Hand is shared");
        let mut hosted = serve(DataDir::at(dir.path()), &id).expect("hosted");
        assert_eq!(hosted.open_id(), Some(id.as_str()));
        let seats: Vec<String> = hosted.seats().into_iter().map(|s| s.id).collect();
        assert_eq!(seats, ["side-a", "side-b"]);
        let hand =
            |hosted: &dyn crate::session::SharedTable| hosted.view(Some("side-a")).map(|v| v.hand.len());
        assert_eq!(hand(hosted.as_ref()), Some(5));
        // A choice the seat is not offered changes nothing.
        let changes = hosted.changes();
        assert!(hosted.act("side-a", "play:nothing", &crate::kernel::seat::Values::new()).is_err());
        assert_eq!(hosted.changes(), changes);
        // The end of the turn asks each side whether to discard a card to draw one: the first
        // is committed through the journal, named to its side only.
        let discard = hosted.view(Some("side-a")).and_then(|v| v.prompts[0].choices.first().cloned());
        let discard = discard.expect("a discard offered");
        let line = hosted.act("side-a", &discard.id, &crate::kernel::seat::Values::new()).expect("committed");
        let face = discard.label.trim_start_matches("Discard ").trim_end_matches(" to draw");
        assert_eq!(line, format!("Turn 1 · Tombstone Law discard {face} to draw a card"));
        assert_eq!(hosted.view(Some("side-a")).map(|v| v.hand.len()), Some(4));
        let again = serve(DataDir::at(dir.path()), &id).expect("hosted again");
        let log = again.view(Some("side-b")).map(|v| v.log).unwrap_or_default();
        assert_eq!(log.last().map(String::as_str), Some("Turn 1 · Tombstone Law discard a card to draw one"));
        assert!(serve(DataDir::at(dir.path()), "no-such-game").is_err());
    }
}
