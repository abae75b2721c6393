//! One game system's screens as the app shows them: the [`SystemApp`] trait, and
//! [`Unavailable`] for a system whose built-in data did not load.

use std::any::Any;
use std::path::PathBuf;

use egui::RichText;

use crate::ui::theme;

/// One game system's screens in the app.
pub trait SystemApp: Any {
    /// Its tabs' names, in order (Ctrl+1, Ctrl+2… switch between them).
    fn tabs(&self) -> &'static [&'static str];
    /// The tab shown.
    fn tab(&self) -> usize;
    /// Shows another tab.
    fn set_tab(&mut self, tab: usize);
    /// Draws the tab shown.
    fn ui(&mut self, ui: &mut egui::Ui);
    /// The game to resume from the home screen (the open one, or the newest unfinished one),
    /// in one line.
    fn resume_line(&self) -> Option<String>;
    /// Opens that game on its play tab.
    fn resume_last(&mut self);
    /// The player leaves the system's screens (files are tidied: a renamed gang's file takes
    /// its name).
    fn leave(&mut self) {}
    /// Files dropped on the window while this system is shown.
    fn files_dropped(&mut self, _paths: Vec<PathBuf>) {}
    /// The system's table session, if it keeps games: what the shell asks of the game open
    /// there ([`SystemApp::open_game`], [`SystemApp::test_state`]) is answered from it.
    fn table(&self) -> Option<&dyn crate::session::OpenTable> {
        None
    }
    /// The saved game open at the table, by id (`None`: none, or the system keeps none).
    fn open_game(&self) -> Option<String> {
        self.table().and_then(crate::session::OpenTable::open_id).map(str::to_owned)
    }
    /// The game open at the table as sharing sees it (its seats, their views, a seat's
    /// choice committed like a click here). `None`: nothing to share (no game open, or the
    /// system's games cannot be shared).
    fn shared(&mut self) -> Option<Box<dyn crate::session::SharedTable + '_>> {
        None
    }
    /// Reopens a saved game by id, on its play tab (after a reload of the web page).
    fn reopen(&mut self, _id: &str) {}
    /// The system's state as JSON, for the browser test to compare before and after a reload
    /// (`Null`: nothing to compare).
    fn test_state(&self) -> serde_json::Value {
        self.table().map_or(serde_json::Value::Null, crate::session::OpenTable::test_state)
    }
    /// For the shell and the tests to reach the system's own state.
    fn as_any(&self) -> &dyn Any;
    /// For the shell and the tests to reach the system's own state.
    fn as_any_mut(&mut self) -> &mut dyn Any;
}

/// A system whose built-in data did not load: one tab saying why.
pub struct Unavailable {
    pub why: String,
}

impl SystemApp for Unavailable {
    fn tabs(&self) -> &'static [&'static str] {
        &["Unavailable"]
    }

    fn tab(&self) -> usize {
        0
    }

    fn set_tab(&mut self, _tab: usize) {}

    fn ui(&mut self, ui: &mut egui::Ui) {
        egui::CentralPanel::default().show(ui, |ui| {
            ui.label(
                RichText::new(format!("This game cannot be played: {}.", self.why))
                    .color(theme::bad(ui.visuals())),
            );
        });
    }

    fn resume_line(&self) -> Option<String> {
        None
    }

    fn resume_last(&mut self) {}

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}
