//! The Gangs screen's commands: gang files created, saved as they change, renamed, deleted and
//! restored, imported, exported and printed, with native dialogs run off the UI thread.

use super::{
    DialogAnswer, DmhApp, GangCommand, GangFile, Notice, Paper, Path, PathBuf, print, roster, store,
};
use crate::app::files::{self, Chosen};
use crate::systems::dmh::files::{GANG_LIMIT, GangFolder as _, gang_text, parse_gang, read_gang, write_gang};
use crate::systems::dmh::rules::gang;

impl DmhApp {
    /// Re-reads the gang list from the data folder.
    pub(super) fn refresh(&mut self) {
        let Some(data) = &self.data else {
            self.gangs
                .unavailable
                .get_or_insert_with(|| "Gangs cannot be kept: there is no data folder.".into());
            return;
        };
        match data.list_gangs() {
            Ok(entries) => self.gangs.entries = entries,
            Err(e) => self.gangs.unavailable = Some(format!("The gangs folder cannot be read: {e}.")),
        }
    }

    pub(super) fn select(&mut self, id: &str) {
        self.settle_file_name();
        let gang = self.gangs.entries.iter().find(|e| e.id == id).and_then(|e| e.gang.as_ref().ok().cloned());
        self.gangs.selected = Some(id.to_owned());
        self.gangs.working.clone_from(&gang);
        self.saved = gang;
        self.failed_save = None;
    }

    /// Once the gang being edited has been renamed, its file takes the new name
    /// (`dodge-city-law.json`), when the player moves on to another gang or screen.
    pub fn settle_file_name(&mut self) {
        self.autosave();
        let (Some(id), Some(working), Some(data)) =
            (self.gangs.selected.clone(), self.gangs.working.clone(), self.data.clone())
        else {
            return;
        };
        let base = store::slug(&working.name);
        let named = id == base
            || id
                .strip_prefix(&base)
                .and_then(|n| n.strip_prefix('-'))
                .is_some_and(|n| n.parse::<u32>().is_ok());
        if named || self.saved.as_ref() != Some(&working) {
            return;
        }
        let new = data.new_id(&working.name);
        match data.rename_gang(&id, &new) {
            Ok(()) => {
                self.refresh();
                self.gangs.selected = Some(new);
            }
            Err(e) => {
                self.gangs.notice = Some(Notice::error(format!("The gang file keeps its old name: {e}.")));
            }
        }
    }

    /// Saves a new gang file under a fresh id and opens it.
    pub(super) fn add_gang(&mut self, gang: &GangFile) -> Option<String> {
        let data = self.data.clone()?;
        let id = data.new_id(&gang.name);
        match data.save_gang(&id, gang) {
            Ok(_) => {
                self.refresh();
                self.select(&id);
                Some(id)
            }
            Err(e) => {
                self.gangs.notice = Some(Notice::error(format!("The gang was not saved: {e}.")));
                None
            }
        }
    }

    /// Imports a gang file from anywhere: it is copied into the gangs folder and opened.
    pub fn import_file(&mut self, path: &Path) {
        let parsed = read_gang(path).map_err(|e| format!("Nothing was imported: {e}."));
        self.import_parsed(&path.display().to_string(), parsed);
    }

    /// Imports a gang file the player picked in the web page (`name` and its bytes): it is
    /// checked as a file on the disk would be, copied into the gangs folder and opened.
    pub fn import_bytes(&mut self, name: &str, bytes: &[u8]) {
        let parsed = if u64::try_from(bytes.len()).unwrap_or(u64::MAX) > GANG_LIMIT {
            Err("it is larger than 16 MiB, too large for a gang file".to_owned())
        } else {
            std::str::from_utf8(bytes).map_err(|_| "it is not text (UTF-8)".to_owned()).and_then(parse_gang)
        };
        let parsed =
            parsed.map_err(|reason| format!("Nothing was imported: {name} is not a gang file: {reason}."));
        self.import_parsed(name, parsed);
    }

    /// Adds an imported gang (read from `from`) when Posse knows its gang type and scene;
    /// otherwise, or when it could not be read (the sentence), says why.
    fn import_parsed(&mut self, from: &str, parsed: Result<GangFile, String>) {
        match parsed {
            Ok(gang) if self.rules.gang(&gang.gang).is_none() => {
                self.gangs.notice = Some(Notice::error(format!(
                    "{from} was not imported: '{}' is not a gang type Posse knows.",
                    gang.gang
                )));
            }
            Ok(gang) if gang::check_scene(self.rules, &gang).is_err() => {
                self.gangs.notice = Some(Notice::error(format!(
                    "{from} was not imported: '{}' is not a scene Posse knows.",
                    gang.scene.unwrap_or_default()
                )));
            }
            Ok(gang) => {
                if self.add_gang(&gang).is_some() {
                    self.gangs.notice =
                        Some(Notice::info(format!("Imported \"{}\" from {from}.", gang.name)));
                }
            }
            Err(sentence) => self.gangs.notice = Some(Notice::error(sentence)),
        }
    }

    /// Writes the gang with this id to `path`.
    pub fn export_to(&mut self, id: &str, path: &Path) {
        let Some(gang) = self.gang_by_id(id) else { return };
        self.gangs.notice = Some(match write_gang(path, &gang) {
            Ok(()) => Notice::info(format!("Exported \"{}\" to {}.", gang.name, path.display())),
            Err(e) => Notice::error(format!("The gang was not exported: {e}.")),
        });
    }

    pub(super) fn gang_by_id(&self, id: &str) -> Option<GangFile> {
        if self.gangs.selected.as_deref() == Some(id) {
            return self.gangs.working.clone();
        }
        self.gangs.entries.iter().find(|e| e.id == id).and_then(|e| e.gang.as_ref().ok().cloned())
    }

    /// Prints a gang's roster into the prints folder; returns where it went.
    pub fn print_roster(&mut self, id: &str, paper: Paper) -> Option<PathBuf> {
        let (Some(gang), Some(data)) = (self.gang_by_id(id), self.data.clone()) else { return None };
        let pages = roster::layout(self.rules, &gang, paper);
        // The printout is named after the gang as it is called now.
        let path = data.prints().join(format!("{}-{}.pdf", store::slug(&gang.name), paper.id()));
        let result = print::render(&pages)
            .map_err(|e| e.to_string())
            .and_then(|pdf| files::deliver_print(&path, &pdf));
        match result {
            Ok(to) => {
                self.gangs.notice = Some(Notice {
                    text: format!("Roster printed {}.", to.describe()),
                    error: false,
                    path: to.path(),
                });
                Some(path)
            }
            Err(e) => {
                self.gangs.notice = Some(Notice::error(format!("The roster was not printed: {e}.")));
                None
            }
        }
    }

    /// Carries out one command from the Gangs screen.
    pub fn handle(&mut self, command: GangCommand) {
        match command {
            GangCommand::New { gang } => {
                let name = self
                    .rules
                    .gang(&gang)
                    .map_or_else(|| "New gang".to_owned(), |g| format!("New {}", g.name));
                self.add_gang(&GangFile { name, gang, ..GangFile::default() });
            }
            GangCommand::Select(id) => self.select(&id),
            GangCommand::Duplicate(id) => {
                if let Some(mut gang) = self.gang_by_id(&id) {
                    gang.name = format!("Copy of {}", gang.name);
                    self.add_gang(&gang);
                }
            }
            GangCommand::Delete(id) => self.delete(&id),
            GangCommand::Renamed => self.settle_file_name(),
            GangCommand::UndoDelete => {
                if let (Some((id, name)), Some(data)) = (self.gangs.deleted.take(), self.data.clone()) {
                    match data.restore_gang(&id) {
                        Ok(()) => {
                            self.refresh();
                            self.select(&id);
                            self.gangs.notice = Some(Notice::info(format!("\"{name}\" is back.")));
                        }
                        Err(e) => {
                            self.gangs.notice =
                                Some(Notice::error(format!("The gang could not be restored: {e}.")));
                        }
                    }
                }
            }
            GangCommand::Import => {
                let tx = self.dialogs.0.clone();
                files::choose_file("Import a gang", "Gang file", &["json"], move |chosen| {
                    let _ = tx.send(DialogAnswer::Import(chosen));
                });
            }
            GangCommand::Export(id) => {
                let Some(gang) = self.gang_by_id(&id) else { return };
                let text = match gang_text(&gang) {
                    Ok(text) => text,
                    Err(e) => {
                        self.gangs.notice = Some(Notice::error(format!("The gang was not exported: {e}.")));
                        return;
                    }
                };
                let tx = self.dialogs.0.clone();
                let file = format!("{}.json", store::slug(&gang.name));
                let filter = ("Gang file", &["json"][..]);
                files::export("Export a gang", &file, filter, text.into_bytes(), move |result| {
                    let _ = tx.send(DialogAnswer::Exported(gang.name, result));
                });
            }
            GangCommand::Print(id, paper) => {
                self.print_roster(&id, paper);
            }
            GangCommand::Open(path) => {
                if let Err(e) = files::open(&path) {
                    self.gangs.notice =
                        Some(Notice::error(format!("{} could not be opened: {e}.", path.display())));
                }
            }
        }
    }

    pub(super) fn delete(&mut self, id: &str) {
        let Some(data) = self.data.clone() else { return };
        self.autosave();
        let name = self.gang_by_id(id).map_or_else(|| id.to_owned(), |g| g.name);
        match data.delete_gang(id) {
            Ok(()) => {
                self.gangs.deleted = Some((id.to_owned(), name));
                if self.gangs.selected.as_deref() == Some(id) {
                    self.gangs.selected = None;
                    self.gangs.working = None;
                    self.saved = None;
                }
                self.refresh();
            }
            Err(e) => self.gangs.notice = Some(Notice::error(format!("The gang was not deleted: {e}."))),
        }
    }

    /// Saves the gang being edited if it changed since it was last saved.
    pub fn autosave(&mut self) {
        let (Some(id), Some(working), Some(data)) =
            (self.gangs.selected.clone(), self.gangs.working.clone(), self.data.clone())
        else {
            return;
        };
        if self.saved.as_ref() == Some(&working) || self.failed_save.as_ref() == Some(&working) {
            return;
        }
        match data.save_gang(&id, &working) {
            Ok(_) => {
                if let Some(entry) = self.gangs.entries.iter_mut().find(|e| e.id == id) {
                    entry.gang = Ok(working.clone());
                }
                self.saved = Some(working);
                self.failed_save = None;
                if self.gangs.notice.as_ref().is_some_and(|n| n.error) {
                    self.gangs.notice = None;
                }
            }
            Err(e) => {
                self.gangs.notice = Some(Notice::error(format!(
                    "Not saved: {e}. Your changes stay here; Posse tries again when you change something."
                )));
                self.failed_save = Some(working);
            }
        }
    }

    pub(super) fn poll_dialogs(&mut self) {
        while let Ok(answer) = self.dialogs.1.try_recv() {
            match answer {
                DialogAnswer::Import(Chosen::Path(path)) => self.import_file(&path),
                DialogAnswer::Import(Chosen::File { name, bytes }) => self.import_bytes(&name, &bytes),
                DialogAnswer::Exported(name, result) => {
                    self.gangs.notice = Some(match result {
                        Ok(to) => Notice::info(format!("Exported \"{name}\" {}.", to.describe())),
                        Err(e) => Notice::error(format!("The gang was not exported: {e}.")),
                    });
                }
            }
        }
    }
}
