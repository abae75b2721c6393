//! The Combatants and Print screens' commands: combatant files listed, created, saved as they
//! are edited, deleted (kept aside for Undo) and printed.

use std::path::{Path, PathBuf};

use super::{CombatantCommand, CombatantEntry, PrintCommand, SavageApp};
use crate::print::{self, Paper};
use crate::store::{self, FILE_LIMIT};
use crate::systems::savage::print::{combatant as combatant_sheet, reference as reference_sheet};
use crate::systems::savage::rules::combatant::{self, Combatant, Kind};
use crate::systems::savage::rules::data::Problem;
use crate::systems::savage::rules::sheet::ReferenceSheet;
use crate::systems::savage::ui::Notice;
use crate::systems::savage::ui::combatants::CombatantForm;

/// Reads one combatant file: every problem in one sentence when it is not a combatant.
fn read_combatant(path: &Path) -> Result<Combatant, String> {
    let bytes = store::read_bounded(path, FILE_LIMIT, "a combatant file").map_err(|e| e.to_string())?;
    let text = String::from_utf8(bytes).map_err(|_| "it is not text (UTF-8)".to_owned())?;
    combatant::from_json(&text).map_err(|problems| problems_words(&problems))
}

fn problems_words(problems: &[Problem]) -> String {
    problems.iter().map(|p| format!("{}: {}", p.path, p.message)).collect::<Vec<_>>().join("; ")
}

impl SavageApp {
    fn combatants_dir(&self) -> Option<PathBuf> {
        self.data.as_ref().map(|d| d.root().join("combatants"))
    }

    /// Reads the combatant files again (damaged ones are listed with the reason).
    pub(super) fn refresh_files(&mut self) {
        let Some(dir) = self.combatants_dir() else {
            self.combatants.unavailable = Some("Combatants cannot be kept: there is no data folder.".into());
            return;
        };
        let entries: Vec<CombatantEntry> = match store::list_json(&dir) {
            Ok(files) => files
                .into_iter()
                .map(|(id, path)| {
                    let combatant = read_combatant(&path);
                    CombatantEntry { id, path, combatant }
                })
                .collect(),
            Err(e) => {
                self.combatants.unavailable = Some(format!("The combatants cannot be listed: {e}."));
                Vec::new()
            }
        };
        self.combatants.entries = entries;
    }

    /// A file id not taken yet, from a name: `gang-boss`, `gang-boss-2`…
    fn new_id(&self, name: &str) -> Option<String> {
        Some(store::new_file_id(&self.combatants_dir()?, name))
    }

    fn write_combatant(&self, id: &str, c: &Combatant) -> Result<(), String> {
        let dir = self.combatants_dir().ok_or("there is no data folder")?;
        let text = serde_json::to_string_pretty(c).map_err(|e| e.to_string())?;
        store::write_atomic(&dir.join(format!("{id}.json")), text.as_bytes()).map_err(|e| e.to_string())
    }

    /// Saves a new combatant under a fresh id and opens it in the editor.
    fn add_combatant(&mut self, c: &Combatant) {
        let Some(id) = self.new_id(&c.name) else {
            self.combatants.notice =
                Some(Notice::error("Combatants cannot be kept: there is no data folder."));
            return;
        };
        match self.write_combatant(&id, c) {
            Ok(()) => {
                self.refresh_files();
                self.select(&id);
            }
            Err(e) => {
                self.combatants.notice = Some(Notice::error(format!("The combatant was not saved: {e}.")));
            }
        }
    }

    fn select(&mut self, id: &str) {
        self.autosave();
        let combatant = self
            .combatants
            .entries
            .iter()
            .find(|e| e.id == id)
            .and_then(|e| e.combatant.as_ref().ok().cloned());
        self.combatants.selected = Some(id.to_owned());
        self.combatants.form = combatant.as_ref().map(CombatantForm::of);
        self.saved = combatant;
        self.failed_save = None;
    }

    /// Saves the combatant being edited when it reads as a combatant and differs from the copy
    /// on disk. A form with problems is not saved: the editor shows them.
    pub fn autosave(&mut self) {
        let (Some(id), Some(form)) = (self.combatants.selected.clone(), self.combatants.form.as_ref()) else {
            return;
        };
        let Ok(working) = form.combatant() else { return };
        if self.saved.as_ref() == Some(&working) || self.failed_save.as_ref() == Some(&working) {
            return;
        }
        match self.write_combatant(&id, &working) {
            Ok(()) => {
                if let Some(entry) = self.combatants.entries.iter_mut().find(|e| e.id == id) {
                    entry.combatant = Ok(working.clone());
                }
                self.saved = Some(working);
                self.failed_save = None;
                if self.combatants.notice.as_ref().is_some_and(|n| n.error) {
                    self.combatants.notice = None;
                }
            }
            Err(e) => {
                self.combatants.notice = Some(Notice::error(format!(
                    "Not saved: {e}. Your changes stay here; Posse tries again when you change something."
                )));
                self.failed_save = Some(working);
            }
        }
    }

    /// Carries out one command from the Combatants screen.
    pub(super) fn handle_combatant(&mut self, command: CombatantCommand) {
        match command {
            // A new Wild Card is a blank hero to fill in, one of the posse, played by the
            // first "Player N" not yet taken (it was the bestiary's Gang boss renamed, filed
            // under the Marshal's); a new group of Extras is a blank band of one (it was the
            // bestiary's Outlaws renamed). The bestiary's examples are copied with Copy.
            CombatantCommand::New(Kind::WildCard) => {
                let players: Vec<String> = self
                    .combatants
                    .entries
                    .iter()
                    .filter_map(|e| e.combatant.as_ref().ok()?.player.clone())
                    .collect();
                let player = combatant::unused_player(&players);
                self.add_combatant(&Combatant::blank_wild_card("New Wild Card", &player));
            }
            CombatantCommand::New(Kind::Extra) => self.add_combatant(&Combatant::blank_extras("New Extras")),
            CombatantCommand::CopyExample(index) => {
                if let Some(c) = self.rules.bestiary.get(index).cloned() {
                    self.add_combatant(&c);
                }
            }
            CombatantCommand::Duplicate(id) => {
                let copy = self
                    .combatants
                    .entries
                    .iter()
                    .find(|e| e.id == id)
                    .and_then(|e| e.combatant.clone().ok());
                if let Some(mut c) = copy {
                    c.name = format!("{} (copy)", c.name);
                    self.add_combatant(&c);
                }
            }
            CombatantCommand::Select(id) => self.select(&id),
            CombatantCommand::Delete(id) => self.delete(&id),
            CombatantCommand::Restore(id) => self.restore(&id),
        }
    }

    /// Moves a combatant file to `combatants/deleted/`, so the delete can be undone.
    fn delete(&mut self, id: &str) {
        self.autosave();
        let Some(dir) = self.combatants_dir() else { return };
        let from = dir.join(format!("{id}.json"));
        let to = dir.join("deleted").join(format!("{id}.json"));
        match store::move_file(&from, &to) {
            Ok(()) => {
                if self.combatants.selected.as_deref() == Some(id) {
                    self.combatants.selected = None;
                    self.combatants.form = None;
                    self.saved = None;
                }
                self.combatants.deleted = Some(id.to_owned());
                self.combatants.notice = None;
            }
            Err(e) => {
                self.combatants.notice = Some(Notice::error(format!("The combatant was not deleted: {e}.")));
            }
        }
        self.refresh_files();
    }

    fn restore(&mut self, id: &str) {
        let Some(dir) = self.combatants_dir() else { return };
        let from = dir.join("deleted").join(format!("{id}.json"));
        let to = dir.join(format!("{id}.json"));
        if to.exists() {
            self.combatants.notice =
                Some(Notice::error(format!("{} exists: nothing was restored.", to.display())));
            return;
        }
        match store::move_file(&from, &to) {
            Ok(()) => {
                self.combatants.deleted = None;
                self.refresh_files();
                self.select(id);
            }
            Err(e) => {
                self.combatants.notice = Some(Notice::error(format!("The combatant was not restored: {e}.")));
            }
        }
    }

    /// Writes laid-out pages as a PDF into the prints folder; returns where it went.
    fn print_pages(&self, pages: &[print::Page], file: &str) -> Result<crate::app::files::Delivered, String> {
        let data = self.data.as_ref().ok_or("there is no data folder to print into")?;
        let path = data.prints().join(file);
        let pdf = print::render(pages).map_err(|e| e.to_string())?;
        crate::app::files::deliver_print(&path, &pdf)
    }

    /// Carries out one command from the Print screen.
    pub(super) fn handle_print(&mut self, command: PrintCommand) {
        let (result, what) = match command {
            PrintCommand::Reference(paper) => {
                let pages = reference_sheet::layout(&ReferenceSheet::build(self.rules), paper);
                (
                    self.print_pages(&pages, &format!("deadlands-reference-{}.pdf", paper.id())),
                    "The reference sheet",
                )
            }
            PrintCommand::Combatants(ids, paper) => {
                let chosen: Vec<Combatant> = ids
                    .iter()
                    .filter_map(|id| self.combatants.entries.iter().find(|e| &e.id == id))
                    .filter_map(|e| e.combatant.clone().ok())
                    .collect();
                if chosen.is_empty() {
                    self.print.notice = Some(Notice::error("Tick at least one combatant to print."));
                    return;
                }
                let pages = combatant_sheet::layout_all(self.rules, &chosen, paper);
                let file = if let [one] = chosen.as_slice() {
                    format!("{}-{}.pdf", store::slug(&one.name), paper.id())
                } else {
                    format!("deadlands-posse-{}.pdf", paper.id())
                };
                (self.print_pages(&pages, &file), "The combatant sheets")
            }
            PrintCommand::Open(path) => {
                if let Err(e) = crate::app::files::open(&path) {
                    self.print.notice =
                        Some(Notice::error(format!("{} could not be opened: {e}.", path.display())));
                }
                return;
            }
        };
        self.print.notice = Some(match result {
            // Only a file on the disk can be opened (not a download in the web page).
            Ok(delivered) => Notice {
                text: format!("{what} went {}.", delivered.describe()),
                error: false,
                path: delivered.path(),
            },
            Err(e) => Notice::error(format!("{what} were not printed: {e}.")),
        });
    }

    /// A sheet for a paper size (for tests and the command line alike).
    #[must_use]
    pub fn reference_pages(&self, paper: Paper) -> Vec<print::Page> {
        reference_sheet::layout(&ReferenceSheet::build(self.rules), paper)
    }
}
