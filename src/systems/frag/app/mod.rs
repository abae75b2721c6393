//! Frag in the app: its three screens (Fighters, Play, Reference) and the commands they send,
//! the only place Frag's screens touch files (through `crate::store`, in the system's own data
//! folder: `fighters/` one JSON file per fighter, `games/` the journals, `prints/` the record
//! sheets).

mod fighter_files;
mod games;

use std::any::Any;
use std::path::PathBuf;

use crate::app::SystemApp;
use crate::store::{DataDir, Journal};
use crate::systems::frag::game::{Event, Game};
use crate::systems::frag::rules::Rulebook;
use crate::systems::frag::rules::fighter::Fighter;
use crate::systems::frag::ui::fighters::{self, FightersState};
use crate::systems::frag::ui::play::{self, PlayCommand, PlayState, PlayView};
use crate::systems::frag::ui::reference::{self, ReferenceState};

pub use games::game_summary;

/// Frag's screens.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Screen {
    #[default]
    Fighters,
    Play,
    Reference,
}

impl Screen {
    /// The screens in tab order.
    pub const ALL: [Screen; 3] = [Screen::Fighters, Screen::Play, Screen::Reference];
    /// The tabs' names, in the same order.
    pub const NAMES: [&'static str; 3] = ["Fighters", "Play", "Reference"];
}

/// The game at the table and its journal.
pub struct ActiveGame {
    pub id: String,
    pub game: Game,
    saving: Saving,
}

/// Where the open game's events are written.
enum Saving {
    /// Its journal, ready for the next event.
    Journal(Journal),
    /// Nowhere: the journal is damaged or cannot be written, so the game is only shown. The
    /// sentence says why.
    ReadOnly(String),
}

impl ActiveGame {
    /// Why the game cannot be changed, as a sentence; `None` when it can.
    #[must_use]
    pub fn read_only(&self) -> Option<&str> {
        match &self.saving {
            Saving::Journal(_) => None,
            Saving::ReadOnly(why) => Some(why),
        }
    }
}

/// Frag's part of the app.
pub struct FragApp {
    book: &'static Rulebook,
    data: Option<DataDir>,
    pub screen: Screen,
    pub fighters: FightersState,
    pub play: PlayState,
    pub reference: ReferenceState,
    /// The game at the table, if one is open.
    pub game: Option<ActiveGame>,
    /// Events undone, most recent last, for Redo.
    redo: Vec<Event>,
    /// The selected fighter as last written to its file.
    saved: Option<Fighter>,
    /// A working copy whose save failed: not retried until it changes again.
    failed_save: Option<Fighter>,
}

impl FragApp {
    /// Frag on its data folder (`None`: nothing can be kept, and the screens say so).
    #[must_use]
    pub fn new(book: &'static Rulebook, data: Option<DataDir>) -> FragApp {
        let mut app = FragApp {
            book,
            data,
            screen: Screen::default(),
            fighters: FightersState::default(),
            play: PlayState::default(),
            reference: ReferenceState::default(),
            game: None,
            redo: Vec::new(),
            saved: None,
            failed_save: None,
        };
        app.refresh_fighters();
        app.refresh_games();
        app
    }

    /// The rules the app runs on.
    #[must_use]
    pub fn book(&self) -> &'static Rulebook {
        self.book
    }

    /// The open game.
    #[must_use]
    pub fn game(&self) -> Option<&Game> {
        self.game.as_ref().map(|g| &g.game)
    }

    fn screen_ui(&mut self, ui: &mut egui::Ui) {
        match self.screen {
            Screen::Fighters => {
                let mut commands = Vec::new();
                fighters::fighters_ui(ui, self.book, &mut self.fighters, &mut commands);
                self.autosave();
                for command in commands {
                    self.handle_fighter(command);
                }
            }
            Screen::Play => {
                let mut commands = Vec::new();
                let undo_label =
                    self.game.as_ref().filter(|g| g.game.events.len() > 1).and_then(|g| g.game.last_line());
                let view = PlayView {
                    game: self.game.as_ref().map(|g| &g.game),
                    undo_label,
                    can_redo: !self.redo.is_empty(),
                    read_only: self.game.as_ref().and_then(ActiveGame::read_only),
                    fighters: &self.fighters.entries,
                };
                play::play_ui(ui, self.book, &view, &mut self.play, &mut commands);
                for command in commands {
                    self.handle_play(command);
                }
            }
            Screen::Reference => reference::reference_ui(ui, self.book, &mut self.reference),
        }
    }

    /// The game to resume: the open one, or the newest unfinished saved one.
    fn resumable(&self) -> Option<(String, String)> {
        self.play.saved.iter().find(|(_, summary)| !summary.contains(" · over")).cloned()
    }
}

impl SystemApp for FragApp {
    fn tabs(&self) -> &'static [&'static str] {
        &Screen::NAMES
    }

    fn tab(&self) -> usize {
        Screen::ALL.iter().position(|s| *s == self.screen).unwrap_or(0)
    }

    fn set_tab(&mut self, tab: usize) {
        if let Some(&screen) = Screen::ALL.get(tab) {
            self.autosave();
            self.screen = screen;
        }
    }

    fn ui(&mut self, ui: &mut egui::Ui) {
        self.screen_ui(ui);
    }

    fn resume_line(&self) -> Option<String> {
        if let Some(active) = &self.game {
            return Some(game_summary(&active.game));
        }
        self.resumable().map(|(_, summary)| summary)
    }

    fn resume_last(&mut self) {
        self.screen = Screen::Play;
        if self.game.is_some() {
            return;
        }
        if let Some((id, _)) = self.resumable() {
            self.handle_play(PlayCommand::Resume(id));
        }
    }

    fn leave(&mut self) {
        self.autosave();
    }

    fn open_game(&self) -> Option<String> {
        self.game.as_ref().map(|g| g.id.clone())
    }

    fn reopen(&mut self, id: &str) {
        self.screen = Screen::Play;
        self.handle_play(PlayCommand::Resume(id.to_owned()));
    }

    fn test_state(&self) -> serde_json::Value {
        let game = self.game.as_ref();
        serde_json::json!({
            "game": game.map(|g| &g.id),
            "events": game.map(|g| g.game.events.len()),
            "last_line": game.and_then(|g| g.game.last_line()),
        })
    }

    fn files_dropped(&mut self, paths: Vec<PathBuf>) {
        for path in paths {
            self.screen = Screen::Fighters;
            self.import_fighter(&path);
        }
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}
