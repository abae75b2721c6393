//! The home screen's *Your files*: every gang, fighter, combatant and game in one backup file
//! given to the player (a download in the web page, a save dialog on the desktop), and a backup
//! put back (the browser's file picker, an open dialog). The file and its rules are
//! [`crate::store::backup`]'s; this is the screen and the dialogs.

use std::sync::mpsc;

use egui::RichText;

use super::PosseApp;
use super::files::{self, Chosen, Delivered};
use crate::store::backup;
use crate::ui::{theme, widgets};

/// A dialog's answer, sent from its thread (the desktop) or its callback (the page).
pub(super) enum Answer {
    Exported(Result<Delivered, String>),
    Chosen(Chosen),
}

/// The dialogs' channel and what the last backup or restore did.
pub struct Backups {
    tx: mpsc::Sender<Answer>,
    rx: mpsc::Receiver<Answer>,
    /// The last outcome: a sentence, and whether it went wrong.
    outcome: Option<(String, bool)>,
}

impl Default for Backups {
    fn default() -> Backups {
        let (tx, rx) = mpsc::channel();
        Backups { tx, rx, outcome: None }
    }
}

impl PosseApp {
    /// The *Your files* block of the home screen.
    pub(super) fn backup_ui(&mut self, ui: &mut egui::Ui) {
        let v = ui.visuals().clone();
        let tile = egui::Frame::group(ui.style()).inner_margin(14).show(ui, |ui| {
            ui.set_width(ui.available_width().min(900.0));
            ui.label(theme::heading(&v, "Your files"));
            ui.label(
                RichText::new(
                    "Every gang, fighter, combatant and game in one backup file: to keep a copy, or to carry \
                     them to another device. Restoring adds what is missing and never changes a file already here.",
                )
                .color(theme::muted(&v)),
            );
            if self.data.is_none() {
                widgets::problem(ui, "Nothing is kept on this device, so there is nothing to back up.");
                return;
            }
            widgets::row(ui, |ui| {
                if ui.button("Back up everything…").clicked() {
                    self.back_up(ui.ctx());
                }
                if ui.button("Restore a backup…").clicked() {
                    let (tx, ctx) = (self.backups.tx.clone(), ui.ctx().clone());
                    files::choose_file("Restore a Posse backup", "Posse backup", &["json"], move |chosen| {
                        let _ = tx.send(Answer::Chosen(chosen));
                        ctx.request_repaint();
                    });
                }
            });
            if let Some((sentence, bad)) = &self.backups.outcome {
                let colour = if *bad { theme::bad(&v) } else { theme::good(&v) };
                ui.label(RichText::new(sentence).color(colour).strong());
            }
        });
        widgets::name_box(&tile.response, "Your files tile");
    }

    /// Gives the player the backup file of the whole data folder.
    fn back_up(&mut self, ctx: &egui::Context) {
        let Some(data) = &self.data else { return };
        let text = match data.backup().map_err(|e| e.to_string()).and_then(|b| backup::to_text(&b)) {
            Ok(text) => text,
            Err(e) => {
                self.backups.outcome = Some((crate::ui::sentence(&format!("No backup was made: {e}")), true));
                return;
            }
        };
        let name = format!("posse-backup-{}.json", today());
        let (tx, ctx) = (self.backups.tx.clone(), ctx.clone());
        files::export(
            "Back up Posse",
            &name,
            ("Posse backup", &["json"]),
            text.into_bytes(),
            move |result| {
                let _ = tx.send(Answer::Exported(result));
                ctx.request_repaint();
            },
        );
    }

    /// Handles the dialogs' answers (called every frame).
    pub(super) fn poll_backups(&mut self) {
        while let Ok(answer) = self.backups.rx.try_recv() {
            self.backups.outcome = Some(match answer {
                Answer::Exported(Ok(to)) => (format!("Backed up everything {}.", to.describe()), false),
                Answer::Exported(Err(e)) => (crate::ui::sentence(&format!("No backup was made: {e}")), true),
                Answer::Chosen(Chosen::Path(path)) => {
                    match crate::store::read_bounded(&path, 256 * 1024 * 1024, "a backup") {
                        Ok(bytes) => self.restored(&path.display().to_string(), &bytes),
                        Err(e) => (crate::ui::sentence(&e.to_string()), true),
                    }
                }
                Answer::Chosen(Chosen::File { name, bytes }) => self.restored(&name, &bytes),
            });
        }
    }

    /// Puts back the files of the backup `bytes` (from the file `from`) that are missing here,
    /// then reopens every system on the folder, so each lists what arrived; the home screen
    /// says what happened. What the restore dialog calls with the chosen file.
    pub fn restore_backup(&mut self, from: &str, bytes: &[u8]) {
        self.backups.outcome = Some(self.restored(from, bytes));
    }

    /// What the last backup or restore did: a sentence, and whether it went wrong.
    #[must_use]
    pub fn backup_outcome(&self) -> Option<&(String, bool)> {
        self.backups.outcome.as_ref()
    }

    /// What [`PosseApp::restore_backup`] does, returning the sentence and whether it went wrong.
    fn restored(&mut self, from: &str, bytes: &[u8]) -> (String, bool) {
        let Some(data) = self.data.clone() else {
            return ("Nothing is kept on this device, so nothing can be restored.".into(), true);
        };
        let parsed = match backup::parse(bytes) {
            Ok(parsed) => parsed,
            Err(e) => return (crate::ui::sentence(&format!("The file {from} was not restored: {e}")), true),
        };
        let outcome = match data.restore(&parsed) {
            Ok(restored) => (restored.sentence(), false),
            Err(e) => {
                (crate::ui::sentence(&format!("The restore stopped: {e}; restore again to carry on")), true)
            }
        };
        self.systems = Self::lazy_systems(self.registry, Some(&data));
        outcome
    }
}

/// Today's date as `YYYY-MM-DD` (UTC), for the backup's file name.
fn today() -> String {
    let days = crate::clock::unix_seconds() / 86_400;
    let (y, m, d) = civil_from_days(i64::try_from(days).unwrap_or(0));
    format!("{y:04}-{m:02}-{d:02}")
}

/// The proleptic Gregorian date of a day counted from 1970-01-01 (Howard Hinnant's
/// `civil_from_days`).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, u32::try_from(m).unwrap_or(1), u32::try_from(d).unwrap_or(1))
}

#[cfg(test)]
mod tests {
    use super::civil_from_days;

    #[test]
    fn days_become_dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(20_787), (2026, 11, 30));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
    }
}
