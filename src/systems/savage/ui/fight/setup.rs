//! Before a fight: the saved fights to resume, and a new fight from the combatant files (each
//! Wild Card in or out, and how many groups of each band of Extras), with the automations.

use egui::{RichText, Ui};

use super::{FightCommand, FightState, FightView};
use crate::systems::savage::rules::combatant::Kind;
use crate::ui::table::{SavedAction, SavedWords, saved_games_ui};
use crate::ui::theme;
use crate::ui::widgets::stepper;

pub(super) fn setup_ui(
    ui: &mut Ui,
    view: &FightView<'_>,
    state: &mut FightState,
    commands: &mut Vec<FightCommand>,
) {
    // In a narrow window the saved fights come under the new one.
    if theme::is_narrow(ui.ctx()) {
        egui::CentralPanel::default().show(ui, |ui| {
            egui::ScrollArea::vertical().id_salt("savage-setup-narrow").show(ui, |ui| {
                new_fight_ui(ui, view, state, commands);
                ui.separator();
                saved_ui(ui, view, commands);
            });
        });
        return;
    }
    egui::Panel::left("savage-saved-fights").resizable(false).exact_size(420.0).show(ui, |ui| {
        egui::ScrollArea::vertical().show(ui, |ui| saved_ui(ui, view, commands));
    });
    egui::CentralPanel::default().show(ui, |ui| new_fight_ui(ui, view, state, commands));
}

/// The saved fights, each with Resume and Delete.
fn saved_ui(ui: &mut Ui, view: &FightView<'_>, commands: &mut Vec<FightCommand>) {
    let v = ui.visuals().clone();
    ui.label(theme::heading(&v, "Saved fights"));
    if view.saved.is_empty() {
        ui.label(RichText::new("None yet.").color(theme::muted(&v)));
    }
    let words = SavedWords { heading: "Fights to resume", plural: "fights" };
    match saved_games_ui(ui, view.saved, view.last_deleted, words) {
        Some(SavedAction::Resume(id)) => commands.push(FightCommand::Resume(id)),
        Some(SavedAction::Delete(id)) => commands.push(FightCommand::Delete(id)),
        Some(SavedAction::UndoDelete) => commands.push(FightCommand::UndoDelete),
        None => {}
    }
}

/// A new fight: the combatants picked, the players, the automations and Start.
fn new_fight_ui(ui: &mut Ui, view: &FightView<'_>, state: &mut FightState, commands: &mut Vec<FightCommand>) {
    let v = ui.visuals().clone();
    if let Some(notice) = &state.notice {
        ui.label(RichText::new(notice).color(theme::bad(&v)).strong());
    }
    ui.label(theme::heading(&v, "A new fight"));
    let readable: Vec<_> =
        view.entries.iter().filter_map(|e| e.combatant.as_ref().ok().map(|c| (e, c))).collect();
    if readable.is_empty() {
        ui.label("Make the posse and its enemies on the Combatants tab first (or copy the examples there).");
        return;
    }
    egui::ScrollArea::vertical().id_salt("savage-picks").max_height(ui.available_height() - 160.0).show(
        ui,
        |ui| {
            for (title, wild) in [("Wild Cards", true), ("Groups of Extras", false)] {
                ui.label(RichText::new(title).strong().color(theme::accent(&v)));
                for (entry, c) in readable.iter().filter(|(_, c)| c.is_wild_card() == wild) {
                    let count = state.picked.entry(entry.id.clone()).or_insert(0);
                    // Saved but not ready (Edges that cannot go together): named, greyed, and
                    // why beside it; the rules refuse it in a fight.
                    if let Some(why) = c.not_ready().first() {
                        *count = 0;
                        crate::ui::widgets::row(ui, |ui| {
                            ui.add_enabled(false, egui::Checkbox::new(&mut false, c.name.as_str()));
                            crate::ui::widgets::field_problem(
                                ui,
                                Some(&format!("not ready: {}", crate::ui::sentence(&why.message))),
                            );
                        });
                        continue;
                    }
                    if c.kind == Kind::WildCard {
                        let mut on = *count > 0;
                        let who = c
                            .player
                            .as_deref()
                            .map_or_else(|| "the Marshal's".to_owned(), |p| format!("played by {p}"));
                        ui.checkbox(&mut on, format!("{} ({who})", c.name));
                        *count = u32::from(on);
                    } else {
                        stepper(ui, &format!("Groups of {} ×{}", c.name, c.count), count, 0, 6);
                    }
                }
                ui.add_space(theme::GAP / 2.0);
            }
        },
    );
    let players: Vec<String> = {
        let mut list: Vec<String> = Vec::new();
        for (entry, c) in &readable {
            if state.picked.get(&entry.id).copied().unwrap_or(0) > 0
                && let Some(p) = &c.player
                && !list.contains(p)
            {
                list.push(p.clone());
            }
        }
        list
    };
    ui.label(format!(
        "Players: {} (each draws 3 fate chips; the Marshal 1 per player and 2 per Wild Card villain).",
        if players.is_empty() { "none".to_owned() } else { players.join(", ") }
    ));
    ui.label(RichText::new("Automations (each can be switched off during the fight too)").strong());
    ui.checkbox(
        &mut state.automation.shaken_prompt,
        "Ask for the Spirit roll when a Shaken combatant's turn begins",
    );
    ui.checkbox(
        &mut state.automation.bleeding_out,
        "Set Bleeding Out on a failed Incapacitation roll and ask for its roll each round",
    );
    ui.checkbox(&mut state.automation.penalties, "Apply wound and fatigue penalties to every trait roll");
    let units: Vec<(String, u32)> =
        state.picked.iter().filter(|(_, n)| **n > 0).map(|(id, n)| (id.clone(), *n)).collect();
    if ui
        .add_enabled(
            !units.is_empty(),
            egui::Button::new(RichText::new("Start the fight").size(theme::HEADING)),
        )
        .clicked()
    {
        commands.push(FightCommand::Start { units, automation: state.automation });
    }
}
