//! Dead Man's Hand in the app: its four screens (Reference, Gangs, Scenes, Play) and the
//! commands they send, the only place Dead Man's Hand's screens touch files (through
//! `crate::store`, in the system's own data folder).
//!
//! `gang_files.rs`: new, duplicate, delete and undo, import, export, print; the gang being
//! edited is saved after each frame if it differs from the saved copy, and a renamed gang's
//! file takes its name when the player leaves it. `games.rs`: the Play screen's commands,
//! carried out by the shared table session. `scene_results.rs`: the series results in
//! `series.json`, never written over when unreadable. Dialogs go through `crate::app::files`
//! and answer through a channel polled each frame.

use std::any::Any;
use std::path::{Path, PathBuf};
use std::sync::mpsc;

use crate::host::SystemApp;

mod games;
mod gang_files;
mod scene_results;

use crate::print::{self, Paper};
use crate::session::Table;
use crate::store::{self, DataDir};
use crate::systems::dmh::game::{Event, Game, Setup, SideSetup};
use crate::systems::dmh::journal::summary;
use crate::systems::dmh::print::roster;
use crate::systems::dmh::rules::Rules;
use crate::systems::dmh::rules::data::{DeckKind, Role};
use crate::systems::dmh::rules::gang::GangFile;
use crate::systems::dmh::ui::gangs::{self, GangCommand, GangsState, Notice};
use crate::systems::dmh::ui::play::{self, PlayCommand, PlayState};
use crate::systems::dmh::ui::reference::{self, ReferenceState};
use crate::systems::dmh::ui::scenes::{self, SceneCommand, ScenesState};

/// Dead Man's Hand's screens.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Screen {
    #[default]
    Reference,
    Gangs,
    Scenes,
    Play,
}

impl Screen {
    /// The screens in tab order.
    pub const ALL: [Screen; 4] = [Screen::Reference, Screen::Gangs, Screen::Scenes, Screen::Play];
    /// The tabs' names, in the same order.
    pub const NAMES: [&'static str; 4] = ["Reference", "Gangs", "Scenes", "Play"];
}

/// What a file dialog answered (dialogs run off the UI thread, or in the browser).
enum DialogAnswer {
    Import(crate::app::files::Chosen),
    /// A gang (by name) exported, and where to.
    Exported(String, Result<crate::app::files::Delivered, String>),
}

/// Dead Man's Hand's part of the app.
pub struct DmhApp {
    rules: &'static Rules,
    data: Option<DataDir>,
    pub screen: Screen,
    /// The Reference screen's calculators and card list.
    pub reference: ReferenceState,
    /// The Gangs screen.
    pub gangs: GangsState,
    /// The Scenes screen.
    pub scenes: ScenesState,
    /// The Play screen's own state.
    pub play: PlayState,
    /// The saved games and the game at the table.
    pub table: Table<Game>,
    /// The selected gang as last written to disk.
    saved: Option<GangFile>,
    /// A working copy whose save failed: not retried until it changes again.
    failed_save: Option<GangFile>,
    dialogs: (mpsc::Sender<DialogAnswer>, mpsc::Receiver<DialogAnswer>),
}

impl DmhApp {
    /// Dead Man's Hand on its data folder (`None`: nothing can be kept, and the screens say
    /// so).
    #[must_use]
    pub fn new(rules: &'static Rules, data: Option<DataDir>) -> DmhApp {
        let missing = data.is_none();
        let mut app = DmhApp {
            rules,
            table: Table::new(data.clone(), "game"),
            data,
            screen: Screen::default(),
            reference: ReferenceState::default(),
            gangs: GangsState::default(),
            scenes: ScenesState::default(),
            play: PlayState::default(),
            saved: None,
            failed_save: None,
            dialogs: mpsc::channel(),
        };
        if missing {
            app.gangs.unavailable = Some("Gangs cannot be kept: there is no data folder.".into());
        }
        // A fixed deal for the first game (looking at a known game, reproducing a report).
        app.play.seed = std::env::var("POSSE_SEED").ok().and_then(|s| s.parse().ok());
        app.refresh();
        app.load_series();
        app.refresh_games();
        app
    }

    /// The rules the app runs on.
    #[must_use]
    pub fn rules(&self) -> &'static Rules {
        self.rules
    }
}

impl DmhApp {
    /// The current screen.
    fn screen_ui(&mut self, ui: &mut egui::Ui) {
        match self.screen {
            Screen::Reference => reference::reference_ui(ui, self.rules, &mut self.reference),
            Screen::Play => {
                let mut commands = Vec::new();
                let view = play::PlayView {
                    game: self.table.game(),
                    undo_label: self.table.undo_label(),
                    redo_label: self.table.redo_label(),
                    saved: &self.table.saved,
                    last_deleted: self.table.last_deleted(),
                    gangs: &self.gangs.entries,
                    series: &self.scenes.series,
                };
                play::play_ui(ui, self.rules, &view, &mut self.play, &mut commands);
                for command in commands {
                    self.handle_play(command);
                }
            }
            Screen::Scenes => {
                let mut commands = Vec::new();
                scenes::scenes_ui(ui, self.rules, &mut self.scenes, &mut commands);
                for command in commands {
                    self.handle_scene(command);
                }
            }
            Screen::Gangs => {
                let mut commands = Vec::new();
                gangs::gangs_ui(ui, self.rules, &mut self.gangs, &mut commands);
                // Saved once the player leaves the field being typed in (or the tab, or Posse):
                // a half-typed value ("2" on the way to "2d4", "Tomb" to "Tombstone") is never
                // written as if it were meant.
                if !ui.ctx().text_edit_focused() {
                    self.autosave();
                }
                for command in commands {
                    self.handle(command);
                }
            }
        }
    }
}

impl SystemApp for DmhApp {
    fn tabs(&self) -> &'static [&'static str] {
        &Screen::NAMES
    }

    fn tab(&self) -> usize {
        Screen::ALL.iter().position(|s| *s == self.screen).unwrap_or(0)
    }

    fn set_tab(&mut self, tab: usize) {
        let Some(&screen) = Screen::ALL.get(tab) else { return };
        if self.screen == Screen::Gangs && screen != Screen::Gangs {
            self.settle_file_name();
        }
        self.screen = screen;
    }

    fn ui(&mut self, ui: &mut egui::Ui) {
        self.poll_dialogs();
        self.screen_ui(ui);
    }

    fn resume_line(&self) -> Option<String> {
        if let Some(game) = self.table.game() {
            return Some(summary(self.rules, game).line);
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
        self.settle_file_name();
    }

    fn table(&self) -> Option<&dyn crate::session::OpenTable> {
        Some(&self.table)
    }

    fn shared(&mut self) -> Option<Box<dyn crate::session::SharedTable + '_>> {
        self.table.game()?;
        Some(Box::new(crate::session::Seated { table: &mut self.table, rules: self.rules }))
    }

    fn reopen(&mut self, id: &str) {
        self.screen = Screen::Play;
        self.handle_play(PlayCommand::Resume(id.to_owned()));
    }

    fn test_state(&self) -> serde_json::Value {
        serde_json::json!({
            "game": self.table.open_id(),
            "events": self.table.game().map(|g| g.events.len()),
            "last_line": self.table.game().and_then(|g| g.lines.last()),
            "state": self.table.game().map(game_json),
        })
    }

    fn files_dropped(&mut self, paths: Vec<PathBuf>) {
        for path in paths {
            self.screen = Screen::Gangs;
            self.import_file(&path);
        }
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}

/// The open game as the browser test reads it: its state's fields, with its events (`log`) and
/// their lines beside them, as when the game kept its own log.
fn game_json(game: &Game) -> serde_json::Value {
    let mut json = serde_json::to_value(&game.state).unwrap_or_default();
    if let Some(fields) = json.as_object_mut() {
        fields.insert("log".into(), serde_json::to_value(&game.events).unwrap_or_default());
        fields.insert("lines".into(), serde_json::to_value(&game.lines).unwrap_or_default());
    }
    json
}
