//! The Print screen: the one-page reference sheet, and a combatant sheet per posse member (or
//! for any combatant ticked), on A4 or Letter. The app writes the PDFs into the prints folder.

use std::collections::BTreeSet;
use std::path::PathBuf;

use egui::{RichText, Ui};

use super::{Notice, notice_ui};
use crate::print::Paper;
use crate::systems::savage::app::CombatantEntry;
use crate::systems::savage::rules::Rules;
use crate::ui::theme;
use crate::ui::widgets::{choice, row};

/// What the Print screen asks the app to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PrintCommand {
    /// The reference sheet.
    Reference(Paper),
    /// The sheets of these combatant files, one after the other.
    Combatants(Vec<String>, Paper),
    /// Opens a printed file.
    Open(PathBuf),
}

/// The Print screen's choices.
#[derive(Clone, Debug, Default)]
pub struct PrintState {
    pub paper: Paper,
    /// Combatant files ticked for printing.
    pub ticked: BTreeSet<String>,
    pub notice: Option<Notice>,
}

/// Draws the Print screen.
pub fn print_ui(
    ui: &mut Ui,
    _rules: &Rules,
    entries: &[CombatantEntry],
    state: &mut PrintState,
    commands: &mut Vec<PrintCommand>,
) {
    egui::CentralPanel::default().show(ui, |ui| {
        let v = ui.visuals().clone();
        egui::ScrollArea::vertical().show(ui, |ui| {
            ui.set_max_width(ui.available_width().min(900.0));
            choice(ui, "Paper", &mut state.paper, &[(Paper::A4, "A4"), (Paper::Letter, "Letter")], |_| true);
            ui.add_space(theme::GAP);
            ui.label(theme::heading(&v, "Reference sheet"));
            ui.label("One page: trait rolls and their odds, aces, action cards, attacks and ranges, damage, Shaken, soaking, Incapacitation and Bleeding Out, fate chips, sleep and thirst.");
            if ui.button(RichText::new("Print the reference sheet").size(theme::BODY + 1.0)).clicked() {
                commands.push(PrintCommand::Reference(state.paper));
            }
            ui.add_space(theme::GAP);
            ui.label(theme::heading(&v, "Combatant sheets"));
            let posse: Vec<String> = entries
                .iter()
                .filter(|e| e.combatant.as_ref().is_ok_and(|c| c.player.is_some()))
                .map(|e| e.id.clone())
                .collect();
            row(ui, |ui| {
                if ui
                    .add_enabled(!posse.is_empty(), egui::Button::new("Print the posse's sheets"))
                    .on_hover_text("One page per player's character")
                    .clicked()
                {
                    commands.push(PrintCommand::Combatants(posse.clone(), state.paper));
                }
                if ui.add_enabled(!state.ticked.is_empty(), egui::Button::new("Print the ticked sheets")).clicked() {
                    commands.push(PrintCommand::Combatants(state.ticked.iter().cloned().collect(), state.paper));
                }
            });
            if entries.is_empty() {
                ui.label(RichText::new("No combatants yet: make them on the Combatants tab.").color(theme::muted(&v)));
            }
            for entry in entries {
                match &entry.combatant {
                    Ok(c) => {
                        let mut on = state.ticked.contains(&entry.id);
                        let who = c.player.as_deref().map_or_else(|| "the Marshal's".to_owned(), |p| format!("played by {p}"));
                        if ui.checkbox(&mut on, format!("Print {} ({who})", c.name)).changed() {
                            if on {
                                state.ticked.insert(entry.id.clone());
                            } else {
                                state.ticked.remove(&entry.id);
                            }
                        }
                    }
                    Err(e) => {
                        ui.label(RichText::new(format!("{}: cannot be read ({e})", entry.id)).color(theme::bad(&v)));
                    }
                }
            }
            if let Some(notice) = &state.notice {
                ui.add_space(theme::GAP);
                if let Some(path) = notice_ui(ui, notice) {
                    commands.push(PrintCommand::Open(path));
                }
            }
        });
    });
}
