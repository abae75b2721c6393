//! Deadlands in the app: its four screens (Combatants, Fight, Reference, Print) and the
//! commands they send. This is the only place Deadlands' screens touch files, through
//! `crate::store`, in the system's own data folder: `combatants/` (one JSON file per posse
//! member, villain or group of Extras; deleted ones wait in `combatants/deleted/`), `games/`
//! (each fight's journal) and `prints/` (the PDFs).
//!
//! `files.rs` keeps the combatant files; `fights.rs` makes a fight's units from them, and the
//! rest is the table session's calls ([`crate::session::Table`], with "fight" as its noun).

mod fights;
mod files;

use std::any::Any;
use std::path::PathBuf;

use crate::host::SystemApp;
use crate::session::Table;
use crate::store::DataDir;
use crate::systems::savage::game::{Fight, Savage};
use crate::systems::savage::rules::Rules;
use crate::systems::savage::rules::combatant::Combatant;
use crate::systems::savage::ui::combatants::{self, CombatantCommand, CombatantsState};
use crate::systems::savage::ui::fight::{self, FightCommand, FightState, FightView};
use crate::systems::savage::ui::print::{self, PrintCommand, PrintState};
use crate::systems::savage::ui::reference::{self, ReferenceState};

/// Deadlands' screens.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Screen {
    #[default]
    Combatants,
    Fight,
    Reference,
    Print,
}

impl Screen {
    /// The screens in tab order.
    pub const ALL: [Screen; 4] = [Screen::Combatants, Screen::Fight, Screen::Reference, Screen::Print];
    /// The tabs' names, in the same order.
    pub const NAMES: [&'static str; 4] = ["Combatants", "Fight", "Reference", "Print"];
}

/// One combatant file in the data folder: readable, or damaged with the reason (a damaged
/// file is listed, never written over).
#[derive(Clone, Debug)]
pub struct CombatantEntry {
    /// The file's stem: the combatant's stable id in the folder.
    pub id: String,
    pub path: PathBuf,
    pub combatant: Result<Combatant, String>,
}

/// Deadlands' part of the app.
pub struct SavageApp {
    rules: &'static Rules,
    /// The event log's rules over `rules`, kept for the shared table to borrow.
    savage: Savage<'static>,
    data: Option<DataDir>,
    pub screen: Screen,
    /// The Combatants screen: the files and the one being edited.
    pub combatants: CombatantsState,
    /// The Fight screen's forms.
    pub fight: FightState,
    /// The Reference screen's calculators.
    pub reference: ReferenceState,
    /// The Print screen.
    pub print: PrintState,
    /// The saved fights and the fight at the table.
    pub table: Table<Fight<'static>>,
    /// The combatant being edited as last written to disk.
    saved: Option<Combatant>,
    /// A working copy whose save failed: not retried until it changes again.
    failed_save: Option<Combatant>,
}

impl SavageApp {
    /// Deadlands on its data folder (`None`: nothing can be kept, and the screens say so).
    #[must_use]
    pub fn new(rules: &'static Rules, data: Option<DataDir>) -> SavageApp {
        let mut app = SavageApp {
            rules,
            savage: Savage::new(rules),
            table: Table::new(data.clone(), "fight"),
            data,
            screen: Screen::default(),
            combatants: CombatantsState::default(),
            fight: FightState::default(),
            reference: ReferenceState::default(),
            print: PrintState::default(),
            saved: None,
            failed_save: None,
        };
        // A fixed seed for the first fight (looking at a known fight, reproducing a report).
        app.fight.seed = std::env::var("POSSE_SEED").ok().and_then(|s| s.parse().ok());
        app.refresh_files();
        app.refresh_fights();
        app
    }

    /// The rules the app runs on.
    #[must_use]
    pub fn rules(&self) -> &'static Rules {
        self.rules
    }

    /// The event log's rules.
    fn savage(&self) -> Savage<'static> {
        self.savage
    }

    fn screen_ui(&mut self, ui: &mut egui::Ui) {
        match self.screen {
            Screen::Combatants => {
                let mut commands = Vec::new();
                combatants::combatants_ui(ui, self.rules, &mut self.combatants, &mut commands);
                // Saved once the player leaves the field being typed in (or the tab, or Posse):
                // a half-typed value ("2" on the way to "2d4", "Tomb" to "Tombstone") is never
                // written as if it were meant.
                if !ui.ctx().text_edit_focused() {
                    self.autosave();
                }
                for command in commands {
                    self.handle_combatant(command);
                }
            }
            Screen::Fight => {
                let mut commands = Vec::new();
                let view = FightView {
                    fight: self.table.game(),
                    read_only: self.table.read_only(),
                    undo_label: self.table.undo_label(),
                    redo_label: self.table.redo_label(),
                    entries: &self.combatants.entries,
                    saved: &self.table.saved,
                    last_deleted: self.table.last_deleted(),
                };
                fight::fight_ui(ui, self.rules, &view, &mut self.fight, &mut commands);
                for command in commands {
                    self.handle_fight(command);
                }
            }
            Screen::Reference => reference::reference_ui(ui, self.rules, &mut self.reference),
            Screen::Print => {
                let mut commands = Vec::new();
                print::print_ui(ui, self.rules, &self.combatants.entries, &mut self.print, &mut commands);
                for command in commands {
                    self.handle_print(command);
                }
            }
        }
    }
}

impl SystemApp for SavageApp {
    fn tabs(&self) -> &'static [&'static str] {
        &Screen::NAMES
    }

    fn tab(&self) -> usize {
        Screen::ALL.iter().position(|s| *s == self.screen).unwrap_or(0)
    }

    fn set_tab(&mut self, tab: usize) {
        if let Some(&screen) = Screen::ALL.get(tab) {
            if self.screen == Screen::Combatants {
                self.autosave();
            }
            self.screen = screen;
        }
    }

    fn ui(&mut self, ui: &mut egui::Ui) {
        self.screen_ui(ui);
    }

    fn resume_line(&self) -> Option<String> {
        if let Some(fight) = self.table.game() {
            return Some(crate::systems::savage::game::fight_summary(&fight.state));
        }
        self.table.resumable().map(|g| g.summary.text())
    }

    fn resume_last(&mut self) {
        self.screen = Screen::Fight;
        if self.table.open.is_some() {
            return;
        }
        if let Some(id) = self.table.resumable().map(|g| g.id.clone()) {
            self.handle_fight(FightCommand::Resume(id));
        }
    }

    fn leave(&mut self) {
        self.autosave();
    }

    fn table(&self) -> Option<&dyn crate::session::OpenTable> {
        Some(&self.table)
    }

    fn shared(&mut self) -> Option<Box<dyn crate::session::SharedTable + '_>> {
        self.table.game()?;
        Some(Box::new(crate::session::Seated { table: &mut self.table, rules: &self.savage }))
    }

    fn reopen(&mut self, id: &str) {
        self.screen = Screen::Fight;
        self.handle_fight(FightCommand::Resume(id.to_owned()));
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}
