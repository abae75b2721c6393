//! Frag in the app: its three screens (Fighters, Play, Reference) and the commands they send,
//! the only place Frag's screens touch files (through `crate::store`, in the system's own data
//! folder: `fighters/` one JSON file per fighter, `games/` the journals, `prints/` the record
//! sheets).
//!
//! `fighter_files.rs` keeps the fighters through the store's `list_json`, `new_file_id`,
//! `move_file` and `write_atomic` (a deleted one waits in `fighters/deleted/`); `games.rs`
//! turns the Play screen's commands into the table session's calls.

mod fighter_files;
mod games;

use std::any::Any;
use std::path::PathBuf;

use crate::host::SystemApp;
use crate::kernel::log::TableRules as _;
use crate::session::Table;
use crate::store::DataDir;
use crate::systems::frag::game::Game;
use crate::systems::frag::rules::Rulebook;
use crate::systems::frag::rules::fighter::Fighter;
use crate::systems::frag::ui::fighters::{self, FightersState};
use crate::systems::frag::ui::play::{self, PlayCommand, PlayState, PlayView};
use crate::systems::frag::ui::reference::{self, ReferenceState};

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

/// Frag's part of the app.
pub struct FragApp {
    book: &'static Rulebook,
    data: Option<DataDir>,
    pub screen: Screen,
    pub fighters: FightersState,
    pub play: PlayState,
    pub reference: ReferenceState,
    /// The saved games and the game at the table.
    pub table: Table<Game>,
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
            table: Table::new(data.clone(), "game"),
            data,
            screen: Screen::default(),
            fighters: FightersState::default(),
            play: PlayState::default(),
            reference: ReferenceState::default(),
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
        self.table.game()
    }

    fn screen_ui(&mut self, ui: &mut egui::Ui) {
        match self.screen {
            Screen::Fighters => {
                let mut commands = Vec::new();
                fighters::fighters_ui(ui, self.book, &mut self.fighters, &mut commands);
                // Saved once the player leaves the field being typed in (or the tab, or Posse):
                // a half-typed value ("2" on the way to "2d4", "Tomb" to "Tombstone") is never
                // written as if it were meant.
                if !ui.ctx().text_edit_focused() {
                    self.autosave();
                }
                for command in commands {
                    self.handle_fighter(command);
                }
            }
            Screen::Play => {
                let mut commands = Vec::new();
                let view = PlayView {
                    game: self.table.game(),
                    undo_label: self.table.undo_label(),
                    redo_label: self.table.redo_label(),
                    read_only: self.table.read_only(),
                    fighters: &self.fighters.entries,
                    saved: &self.table.saved,
                    last_deleted: self.table.last_deleted(),
                };
                play::play_ui(ui, self.book, &view, &mut self.play, &mut commands);
                for command in commands {
                    self.handle_play(command);
                }
            }
            Screen::Reference => reference::reference_ui(ui, self.book, &mut self.reference),
        }
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

    fn shared(&mut self) -> Option<Box<dyn crate::session::SharedTable + '_>> {
        self.table.game()?;
        Some(Box::new(crate::session::Seated { table: &mut self.table, rules: self.book }))
    }

    fn resume_line(&self) -> Option<String> {
        if let Some(game) = self.table.game() {
            return Some(self.book.summary(&game.state).line);
        }
        self.table.resumable().map(|g| g.summary.text())
    }

    fn resume_last(&mut self) {
        self.screen = Screen::Play;
        if self.table.open.is_some() {
            return;
        }
        if let Some(id) = self.table.resumable().map(|g| g.id.clone()) {
            self.handle_play(PlayCommand::Resume(id));
        }
    }

    fn leave(&mut self) {
        self.autosave();
    }

    fn table(&self) -> Option<&dyn crate::session::OpenTable> {
        Some(&self.table)
    }

    fn reopen(&mut self, id: &str) {
        self.screen = Screen::Play;
        self.handle_play(PlayCommand::Resume(id.to_owned()));
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
