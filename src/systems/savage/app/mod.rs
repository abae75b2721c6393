//! Deadlands in the app.

use std::any::Any;

use crate::app::SystemApp;
use crate::store::DataDir;
use crate::systems::savage::rules::Rules;

/// Deadlands' part of the app.
pub struct SavageApp {
    pub rules: &'static Rules,
    pub data: Option<DataDir>,
    pub tab: usize,
}

impl SavageApp {
    #[must_use]
    pub fn new(rules: &'static Rules, data: Option<DataDir>) -> SavageApp {
        SavageApp { rules, data, tab: 0 }
    }
}

impl SystemApp for SavageApp {
    fn tabs(&self) -> &'static [&'static str] {
        &["Combatants", "Fight", "Reference", "Print"]
    }
    fn tab(&self) -> usize {
        self.tab
    }
    fn set_tab(&mut self, tab: usize) {
        self.tab = tab;
    }
    fn ui(&mut self, _ui: &mut egui::Ui) {}
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
