//! Integration tests, in one binary so eframe is linked once.
//!
//! `support.rs` is the harness: every system's command line run in-process (`posse`,
//! `posse_in`, `json_of`, `fails`: what the binary prints), the real binary only where a
//! process is needed (a closed or full stdout, a working folder, a kill) and only through
//! `posse_command()` (its data folder sandboxed), and the window driven headless with
//! `egui_kittest` by labels on a temporary data folder.
//!
//! The whole program: `systems.rs` (the registry, the home screen and its memory, the
//! command-line groups, old files moved without loss), `purity.rs` (the pure cores, and shells
//! and shared layers that never name a game nor import the systems), `docs.rs` (`docs/cli.md`
//! written from the command line, the docs' links whole), `journal.rs` and `fuzz.rs` (damaged
//! journals and odd input), `crash.rs` (`posse game simulate` killed with SIGKILL twenty-five
//! times, no acknowledged event lost), `steady.rs`, `touch.rs` (every tab of every system at
//! 800 × 1280 and 390 × 844 with touch sizes) and `covered.rs` (steady screens), `share.rs`
//! (a game shared from the window) and `serve.rs` (`posse serve` through the binary).
//!
//! Each system: its own file (`dmh` is `cli.rs`, `app.rs`, `gangs.rs`, `scenes.rs`, `play.rs`,
//! `cards.rs`; the others `frag.rs`, `fragmaster.rs`, `savage.rs`: the command line's contract
//! and a game played through the window) and its `*_screens.rs` (its screens held steady).
//! `fixtures/` holds a 21-Rep gang of each type and, in `fixtures/share/`, the journals the
//! browser's sharing test plays (`share_fixtures.rs` builds them from each system's events and
//! checks they still replay; `POSSE_BLESS=1` writes them again).

mod app;
mod cards;
mod cli;
mod covered;
mod crash;
mod dmh_screens;
mod docs;
mod frag;
mod fragmaster;
mod fragmaster_screens;
mod fuzz;
mod gangs;
mod journal;
mod play;
mod purity;
mod savage;
mod savage_screens;
mod scenes;
mod serve;
mod share;
mod share_fixtures;
mod steady;
mod support;
mod systems;
mod touch;
