//! The Reference screen: the weapons table, the rolls and to-hit modifiers, the turn's actions,
//! frags and respawn (all from `rules::reference`, like the printed sheet), and the attack
//! calculator on its own, beside them.

use egui::{RichText, ScrollArea, Ui};

use super::odds::assessment_ui;
use super::{COVERS, parse_cm};
use crate::systems::fragmaster::rules::Rules;
use crate::systems::fragmaster::rules::attack::{self, AttackInput, max_aims};
use crate::systems::fragmaster::rules::data::{Cover, WeaponId};
use crate::systems::fragmaster::rules::reference::{self, Row};
use crate::ui::theme;
use crate::ui::widgets::{choice, problem, row, row_label, stepper, toggle};

/// The calculator's form.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ReferenceState {
    /// The weapon (the starting weapon until one is picked).
    pub weapon: Option<WeaponId>,
    pub distance: String,
    pub aims: u32,
    pub cover: Cover,
    pub taking_cover: bool,
    pub other_level: bool,
}

/// Draws the Reference screen.
pub fn reference_ui(ui: &mut Ui, rules: &Rules, state: &mut ReferenceState) {
    // In a narrow window the calculator comes first and the tables under it.
    if theme::is_narrow(ui.ctx()) {
        egui::CentralPanel::default().show(ui, |ui| {
            ScrollArea::vertical().id_salt("fm-reference-narrow").show(ui, |ui| {
                calculator_ui(ui, rules, state);
                ui.separator();
                tables_ui(ui, rules);
            });
        });
        return;
    }
    // One width, from the window's: sized to its content, the calculator widened as its
    // numbers changed and moved the tables beside it.
    let width = (ui.ctx().content_rect().width() * 0.4).clamp(400.0, 460.0).round();
    egui::Panel::right("fm-calculator").resizable(false).exact_size(width).show(ui, |ui| {
        ScrollArea::vertical().id_salt("fm-calculator").show(ui, |ui| calculator_ui(ui, rules, state));
    });
    egui::CentralPanel::default().show(ui, |ui| {
        ScrollArea::vertical().id_salt("fm-tables").show(ui, |ui| tables_ui(ui, rules));
    });
}

fn tables_ui(ui: &mut Ui, rules: &Rules) {
    let v = ui.visuals().clone();
    let r = reference::reference(rules);
    ui.label(theme::heading(&v, "Weapons"));
    let narrow = theme::is_narrow(ui.ctx());
    if narrow {
        // A block per weapon: its numbers on one line, its special rules under them.
        for w in &r.weapons {
            ui.label(RichText::new(&w.name).strong());
            ui.label(format!("Range {} · S {}", w.range, w.strength));
            ui.label(RichText::new(&w.special).color(theme::muted(&v)));
            ui.add_space(6.0);
        }
    } else {
        // A bound on the columns, so the last one wraps beside the calculator, not under it.
        let widest = (ui.available_width() - 300.0).max(200.0);
        egui::Grid::new("fm-weapons").striped(true).spacing([16.0, 6.0]).max_col_width(widest).show(
            ui,
            |ui| {
                for title in ["Weapon", "Range", "S (wound)", "Special rules"] {
                    ui.label(RichText::new(title).strong());
                }
                ui.end_row();
                for w in &r.weapons {
                    ui.label(RichText::new(&w.name).strong());
                    ui.label(&w.range);
                    ui.label(&w.strength);
                    ui.add(egui::Label::new(&w.special).wrap());
                    ui.end_row();
                }
            },
        );
    }
    ui.add_space(theme::GAP);
    rows_ui(ui, "fm-rolls", "Rolls (one d6)", &r.rolls);
    rows_ui(ui, "fm-modifiers", "To-hit modifiers", &r.modifiers);
    rows_ui(
        ui,
        "fm-actions",
        &format!("The turn: {} actions, any repeated", rules.actions_per_turn),
        &r.actions,
    );
    rows_ui(ui, "fm-scoring", "Frags, respawn, winning", &r.scoring);
    ui.label(theme::heading(&v, "Set-up"));
    for line in crate::systems::fragmaster::print::reference::setup_lines(rules) {
        ui.label(line);
    }
}

fn rows_ui(ui: &mut Ui, id: &str, title: &str, rows: &[Row]) {
    let v = ui.visuals().clone();
    ui.label(theme::heading(&v, title));
    if theme::is_narrow(ui.ctx()) {
        // A block per row: the name and its number, the text under them.
        for row in rows {
            ui.horizontal_wrapped(|ui| {
                ui.label(RichText::new(&row.name).strong());
                ui.label(RichText::new(&row.value).strong().color(theme::accent(&v)));
            });
            ui.label(&row.text);
        }
        ui.add_space(theme::GAP);
        return;
    }
    let widest = (ui.available_width() - 280.0).max(200.0);
    egui::Grid::new(id).striped(true).spacing([16.0, 6.0]).max_col_width(widest).show(ui, |ui| {
        for row in rows {
            ui.label(RichText::new(&row.name).strong());
            ui.label(RichText::new(&row.value).strong().color(theme::accent(&v)));
            ui.add(egui::Label::new(&row.text).wrap());
            ui.end_row();
        }
    });
    ui.add_space(theme::GAP);
}

/// The attack calculator: the same numbers as the Play screen's attack panel, for any weapon.
fn calculator_ui(ui: &mut Ui, rules: &Rules, state: &mut ReferenceState) {
    let v = ui.visuals().clone();
    ui.label(theme::heading(&v, "Attack calculator"));
    let chosen = state.weapon.clone().unwrap_or_else(|| rules.starting_weapon.clone());
    ui.horizontal_wrapped(|ui| {
        row_label(ui, "Weapon");
        for w in &rules.weapons {
            let selected = w.id == chosen;
            if ui
                .add(egui::Button::selectable(selected, &w.name))
                .accessible_name(format!("Weapon {}", w.name))
                .clicked()
            {
                state.weapon = Some(w.id.clone());
            }
        }
    });
    row(ui, |ui| {
        let label = row_label(ui, "Distance (cm)");
        ui.add(
            egui::TextEdit::singleline(&mut state.distance)
                .desired_width(80.0)
                .font(egui::TextStyle::Heading),
        )
        .labelled_by(label.id);
    });
    stepper(ui, "Aims", &mut state.aims, 0, max_aims(rules));
    choice(ui, "Target's cover", &mut state.cover, &COVERS, |_| true);
    toggle(ui, &mut state.taking_cover, "The target took cover");
    toggle(ui, &mut state.other_level, "On another height level");
    ui.separator();
    let Some(weapon) = rules.weapon(chosen.as_str()) else { return };
    let distance = if state.distance.trim().is_empty() { Some(0.0) } else { parse_cm(&state.distance) };
    let Some(distance_cm) = distance else {
        problem(ui, "Type the measured distance in cm, like 12 or 12.5.");
        return;
    };
    let input = AttackInput {
        weapon,
        distance_cm,
        aims: state.aims,
        cover: state.cover,
        taking_cover: state.taking_cover,
        other_level: state.other_level,
    };
    match attack::assess(rules, &input) {
        Ok(a) => assessment_ui(ui, rules, &a, None),
        Err(refusal) => problem(ui, &crate::ui::sentence(&format!("Not possible: {refusal}"))),
    }
}
