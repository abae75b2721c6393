//! The Fighters screen's commands: fighter files created, saved as they change, duplicated,
//! deleted and restored, imported (a file dropped on the window), and record sheets printed.

use std::path::{Path, PathBuf};

use super::FragApp;
use crate::print;
use crate::store::{self, StoreError};
use crate::systems::frag::print::layout;
use crate::systems::frag::rules::fighter::{self, Fighter};
use crate::systems::frag::rules::sheet;
use crate::systems::frag::ui::Notice;
use crate::systems::frag::ui::fighters::{FighterCommand, FighterEntry};

/// Reads a fighter file: one JSON object, nothing after it.
fn read_fighter(path: &Path) -> Result<Fighter, String> {
    let bytes = store::read_bounded(path, store::FILE_LIMIT, "a fighter file").map_err(|e| match e {
        StoreError::Unreadable { reason, .. } => reason,
        other => other.to_string(),
    })?;
    let text = String::from_utf8(bytes).map_err(|_| "it is not text (UTF-8)".to_owned())?;
    fighter::parse_fighter(&text)
}

/// Writes a fighter file atomically.
fn write_fighter(path: &Path, f: &Fighter) -> Result<(), StoreError> {
    let mut text = serde_json::to_string_pretty(f)
        .map_err(|e| StoreError::Unwritable { path: path.to_owned(), reason: e.to_string() })?;
    text.push('\n');
    store::write_atomic(path, text.as_bytes())
}

impl FragApp {
    /// Where the fighter files are.
    fn fighters_dir(&self) -> Option<PathBuf> {
        self.data.as_ref().map(|d| d.root().join("fighters"))
    }

    /// Re-reads the fighter list from the data folder.
    pub(super) fn refresh_fighters(&mut self) {
        let Some(dir) = self.fighters_dir() else {
            self.fighters.unavailable = Some("Fighters cannot be kept: there is no data folder.".into());
            return;
        };
        match store::list_json(&dir) {
            Ok(files) => {
                self.fighters.entries = files
                    .into_iter()
                    .map(|(id, path)| {
                        let fighter = read_fighter(&path);
                        FighterEntry { id, path, fighter }
                    })
                    .collect();
            }
            Err(e) => self.fighters.unavailable = Some(format!("The fighters folder cannot be read: {e}.")),
        }
    }

    fn select(&mut self, id: &str) {
        self.autosave();
        let f =
            self.fighters.entries.iter().find(|e| e.id == id).and_then(|e| e.fighter.as_ref().ok().cloned());
        // What was said of the fighter shown before (a sheet printed, a file imported) is
        // not about this one.
        if self.fighters.selected.as_deref() != Some(id) {
            self.fighters.notice = None;
            self.fighters.fresh = None;
        }
        self.fighters.selected = Some(id.to_owned());
        self.fighters.working.clone_from(&f);
        self.saved = f;
        self.failed_save = None;
    }

    /// Saves a new fighter file under a fresh id and shows it.
    fn add_fighter(&mut self, f: &Fighter) -> Option<String> {
        let dir = self.fighters_dir()?;
        let name = if f.name.trim().is_empty() {
            self.book.character(&f.character).map_or(f.character.clone(), |c| c.name.clone())
        } else {
            f.name.clone()
        };
        let id = store::new_file_id(&dir, &name);
        match write_fighter(&dir.join(format!("{id}.json")), f) {
            Ok(()) => {
                self.refresh_fighters();
                self.select(&id);
                Some(id)
            }
            Err(e) => {
                self.fighters.notice = Some(Notice::error(format!("The fighter was not saved: {e}.")));
                None
            }
        }
    }

    /// Copies a fighter file from anywhere into the fighters folder.
    pub(super) fn import_fighter(&mut self, path: &Path) {
        match read_fighter(path) {
            Ok(f) if self.book.character(&f.character).is_none() => {
                self.fighters.notice = Some(Notice::error(format!(
                    "{} was not imported: '{}' is not a character: use one of {}.",
                    path.display(),
                    f.character,
                    self.book.character_ids()
                )));
            }
            Ok(f) => {
                if self.add_fighter(&f).is_some() {
                    self.fighters.notice = Some(Notice::info(format!("Imported {}.", path.display())));
                }
            }
            Err(e) => {
                self.fighters.notice = Some(Notice::error(format!(
                    "{} was not imported: it is not a fighter file: {e}.",
                    path.display()
                )));
            }
        }
    }

    fn fighter_by_id(&self, id: &str) -> Option<Fighter> {
        if self.fighters.selected.as_deref() == Some(id) {
            return self.fighters.working.clone();
        }
        self.fighters.entries.iter().find(|e| e.id == id).and_then(|e| e.fighter.as_ref().ok().cloned())
    }

    /// Prints a fighter's record sheet into the prints folder (a download in the web page);
    /// returns where it went.
    pub fn print_sheet(&mut self, id: &str) -> Option<crate::app::files::Delivered> {
        let (Some(f), Some(data)) = (self.fighter_by_id(id), self.data.clone()) else { return None };
        let paper = self.fighters.paper;
        let result = sheet::record_sheet(self.book, &f, self.fighters.frags)
            .map_err(|e| e.to_string())
            .map(|s| layout(&s, paper));
        // Named by the fighter as the sheet shows them (a renamed fighter keeps its file id).
        let who = if f.name.trim().is_empty() { id.to_owned() } else { store::slug(&f.name) };
        let path = data.prints().join(format!("record-sheet-{who}-{}.pdf", paper.id()));
        let written = result.and_then(|pages| {
            print::render(&pages)
                .map_err(|e| e.to_string())
                .and_then(|pdf| crate::app::files::deliver_print(&path, &pdf))
        });
        match written {
            Ok(delivered) => {
                self.fighters.notice = Some(Notice {
                    text: format!("Record sheet printed {}.", delivered.describe()),
                    error: false,
                    path: delivered.path(),
                });
                Some(delivered)
            }
            Err(e) => {
                self.fighters.notice = Some(Notice::error(format!("The record sheet was not printed: {e}.")));
                None
            }
        }
    }

    /// Carries out one command from the Fighters screen.
    pub fn handle_fighter(&mut self, command: FighterCommand) {
        match command {
            FighterCommand::New(character) => {
                let f = Fighter { character, name: String::new(), health: 3, speed: 2, accuracy: 2, wins: 0 };
                // Saved at once, as the other editors' new things are, and offered for
                // discarding until it is changed.
                self.fighters.fresh = self.add_fighter(&f);
            }
            FighterCommand::Select(id) => self.select(&id),
            FighterCommand::Duplicate(id) => {
                if let Some(mut f) = self.fighter_by_id(&id) {
                    if !f.name.trim().is_empty() {
                        f.name = format!("Copy of {}", f.name.trim());
                    }
                    self.fighters.fresh = self.add_fighter(&f);
                }
            }
            FighterCommand::Delete(id) => self.delete(&id),
            FighterCommand::UndoDelete => {
                if let (Some((id, name)), Some(dir)) = (self.fighters.deleted.take(), self.fighters_dir()) {
                    let file = format!("{id}.json");
                    match store::move_file(&dir.join("deleted").join(&file), &dir.join(&file)) {
                        Ok(()) => {
                            self.refresh_fighters();
                            self.select(&id);
                            self.fighters.notice = Some(Notice::info(format!("{name} is back.")));
                        }
                        Err(e) => {
                            self.fighters.notice =
                                Some(Notice::error(format!("The fighter could not be restored: {e}.")));
                        }
                    }
                }
            }
            FighterCommand::Print(id) => {
                self.print_sheet(&id);
            }
            FighterCommand::Open(path) => {
                if let Err(e) = crate::app::files::open(&path) {
                    self.fighters.notice =
                        Some(Notice::error(format!("{} could not be opened: {e}.", path.display())));
                }
            }
        }
    }

    /// Moves a fighter's file to `fighters/deleted/`, from where Undo brings it back.
    fn delete(&mut self, id: &str) {
        let Some(dir) = self.fighters_dir() else { return };
        self.autosave();
        let name = self.fighter_by_id(id).map_or_else(|| id.to_owned(), |f| fighters_name(self, &f));
        let file = format!("{id}.json");
        match store::move_file(&dir.join(&file), &dir.join("deleted").join(&file)) {
            Ok(()) => {
                self.fighters.deleted = Some((id.to_owned(), name));
                if self.fighters.fresh.as_deref() == Some(id) {
                    self.fighters.fresh = None;
                }
                if self.fighters.selected.as_deref() == Some(id) {
                    self.fighters.selected = None;
                    self.fighters.working = None;
                    self.saved = None;
                }
                self.refresh_fighters();
            }
            Err(e) => {
                self.fighters.notice = Some(Notice::error(format!("The fighter was not deleted: {e}.")));
            }
        }
    }

    /// Saves the fighter being edited if it changed since it was last saved.
    pub fn autosave(&mut self) {
        let (Some(id), Some(working), Some(dir)) =
            (self.fighters.selected.clone(), self.fighters.working.clone(), self.fighters_dir())
        else {
            return;
        };
        if self.saved.as_ref() == Some(&working) || self.failed_save.as_ref() == Some(&working) {
            return;
        }
        match write_fighter(&dir.join(format!("{id}.json")), &working) {
            Ok(()) => {
                if let Some(entry) = self.fighters.entries.iter_mut().find(|e| e.id == id) {
                    entry.fighter = Ok(working.clone());
                }
                self.saved = Some(working);
                self.failed_save = None;
                // Changed, the fighter is the player's: no longer one a stray click made.
                self.fighters.fresh = None;
                // A failed save is put right; a printed sheet no longer shows the fighter.
                if self.fighters.notice.as_ref().is_some_and(|n| n.error || n.path.is_some()) {
                    self.fighters.notice = None;
                }
            }
            Err(e) => {
                self.fighters.notice = Some(Notice::error(format!(
                    "Not saved: {e}. Your changes stay here; Posse tries again when you change something."
                )));
                self.failed_save = Some(working);
            }
        }
    }
}

/// A fighter's name, or his character's when he has none.
fn fighters_name(app: &FragApp, f: &Fighter) -> String {
    if f.name.trim().is_empty() {
        app.book.character(&f.character).map_or_else(|| f.character.clone(), |c| c.name.clone())
    } else {
        f.name.trim().to_owned()
    }
}
