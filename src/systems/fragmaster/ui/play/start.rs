//! The start of the game: initiative (3d6 per character, a d6 each for the tied, typed or
//! rolled per roll) and deployment in initiative order (a d6 per character for its respawn
//! point, typed or rolled; a point already used is rolled again with six characters or fewer).

use egui::{RichText, Ui};

use super::{PlayCommand, PlayState};
use crate::kernel::log::Rules as _;
use crate::systems::fragmaster::game::{
    CharacterId, Error, Event, Fragmaster, InitiativeRoll, State, TiebreakRoll,
};
use crate::systems::fragmaster::rules::Rules;
use crate::systems::fragmaster::rules::deployment::{self, Placement};
use crate::systems::fragmaster::rules::dice::D6;
use crate::ui::theme;
use crate::ui::widgets::{field_problem, fixed, problem, reason_line, roll_field_named, row, status_line};

/// A die rolled for the player (the "roll for me" buttons; the face is what is recorded).
fn roll_d6() -> u32 {
    rand::random_range(1..=6)
}

/// A typed number: `None` while empty, a few words for beside its field when it is not a
/// number (what was typed cut to a few characters, so the words fit a phone's line).
fn typed(text: &str) -> Result<Option<u32>, String> {
    let t = text.trim();
    if t.is_empty() {
        return Ok(None);
    }
    t.parse::<u32>().map(Some).map_err(|_| {
        let shown: String = t.chars().take(6).collect();
        let more = if t.chars().count() > 6 { "…" } else { "" };
        format!("'{shown}{more}' is not a number")
    })
}

/// Why the game would refuse `roll` as `id`'s initiative total, in a few words for beside its
/// field ("3d6 make 3 to 18, not 25"); `None` when it takes it.
fn refused_total(rules: &Rules, s: &State, id: CharacterId, roll: u32) -> Option<String> {
    let event = Event::InitiativeRolls { rolls: vec![InitiativeRoll { character: id, roll }] };
    let game = Fragmaster { rules };
    match game.apply(&mut s.clone(), &event) {
        Ok(()) => None,
        Err(Error::BadInitiative { dice, min, max, .. }) => {
            Some(format!("{dice}d6 make {min} to {max}, not {roll}"))
        }
        Err(e) => Some(crate::ui::sentence(&e.to_string())),
    }
}

/// The width of the names' column beside the initiative fields.
const NAME_WIDTH: f32 = 160.0;

/// Initiative: every character's 3d6 total, then the tiebreaks of the tied.
pub fn initiative_ui(
    ui: &mut Ui,
    rules: &Rules,
    s: &State,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    let v = ui.visuals().clone();
    let dice = rules.game.initiative_dice;
    ui.label(theme::heading(
        &v,
        format!("Initiative: {dice}d6 per character, highest first; the tied roll a d6 each"),
    ));
    ui.label(
        RichText::new("Type what the dice showed, or let Posse roll (Ctrl+R rolls every empty one).")
            .color(theme::muted(&v)),
    );
    let unrolled: Vec<CharacterId> =
        s.ids().filter(|&id| s.character(id).is_some_and(|c| c.initiative.is_none())).collect();
    let roll_all = !ui.ctx().text_edit_focused()
        && ui.input_mut(|i| i.consume_key(egui::Modifiers::COMMAND, egui::Key::R));
    if unrolled.is_empty() {
        tiebreaks_ui(ui, s, state, commands, roll_all);
    } else {
        let mut rolls = Vec::new();
        let mut problems = Vec::new();
        // On a phone the row has no room left beside the field: the problem takes a line kept
        // under each row (there or not), so a bad total moves no row below it.
        let under = theme::is_touch(ui.ctx()) || theme::is_narrow(ui.ctx());
        for &id in &unrolled {
            let name = s.name(id).to_owned();
            let text = state.initiative.entry(id).or_default();
            if roll_all && text.trim().is_empty() {
                *text = (0..dice).map(|_| roll_d6()).sum::<u32>().to_string();
            }
            let why = row(ui, |ui| {
                // The names in a column of one width, a long one cut short in it (whole on
                // hover): left to its own width, a long name pushed its field out of line
                // with the others.
                fixed(
                    ui,
                    NAME_WIDTH,
                    egui::Align::Min,
                    egui::Label::new(RichText::new(&name).strong()).truncate(),
                );
                ui.add(egui::TextEdit::singleline(text).desired_width(60.0).font(egui::TextStyle::Heading))
                    .accessible_name(format!("{name} {dice}d6"));
                if ui
                    .button(format!("Roll {dice}d6"))
                    .accessible_name(format!("Roll {dice}d6 for {name}"))
                    .clicked()
                {
                    *text = (0..dice).map(|_| roll_d6()).sum::<u32>().to_string();
                }
                // A bad total is named beside its own field: the others and Record stay put.
                let why = match typed(text) {
                    Ok(Some(roll)) => {
                        let why = refused_total(rules, s, id, roll);
                        if why.is_none() {
                            rolls.push(InitiativeRoll { character: id, roll });
                        }
                        why
                    }
                    Ok(None) => None,
                    Err(e) => Some(e),
                };
                if !under {
                    field_problem(ui, why.as_deref());
                }
                why
            });
            let why = why.inner;
            if under {
                reason_line(ui, why.as_deref());
            }
            problems.extend(why);
        }
        let record = egui::Button::new(RichText::new("Record initiative").size(theme::HEADING));
        if ui.add_enabled(problems.is_empty() && !rolls.is_empty(), record).clicked() {
            for roll in &rolls {
                state.initiative.remove(&roll.character);
            }
            commands.push(PlayCommand::Apply(Event::InitiativeRolls { rolls }));
        }
    }
    ui.add_space(theme::GAP);
    standing_ui(ui, s);
}

fn tiebreaks_ui(
    ui: &mut Ui,
    s: &State,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
    roll_all: bool,
) {
    let waiting = s.initiative_waiting();
    if let Some(standing) = s.initiative_standing() {
        for group in &standing.tied {
            let names: Vec<&str> = group.iter().map(|&id| s.name(id)).collect();
            ui.label(
                RichText::new(format!("Tied: {}. Each rolls a d6, highest first.", names.join(", ")))
                    .strong(),
            );
        }
    }
    let mut rolls = Vec::new();
    let mut problems = Vec::new();
    for &id in &waiting {
        let name = s.name(id).to_owned();
        let text = state.tiebreaks.entry(id).or_default();
        if roll_all && text.trim().is_empty() {
            *text = roll_d6().to_string();
        }
        match roll_field_named(ui, &format!("{name} tiebreak d6"), text, 6) {
            Ok(Some(face)) => {
                let face = D6::new(u8::try_from(face).unwrap_or(0));
                rolls.extend(face.map(|roll| TiebreakRoll { character: id, roll }));
            }
            Ok(None) => {}
            Err(e) => problems.push(e),
        }
    }
    let record = egui::Button::new(RichText::new("Record tiebreaks").size(theme::HEADING));
    if ui.add_enabled(problems.is_empty() && !rolls.is_empty(), record).clicked() {
        for roll in &rolls {
            state.tiebreaks.remove(&roll.character);
        }
        commands.push(PlayCommand::Apply(Event::Tiebreaks { rolls }));
    }
    // Below the button, so a bad die never moves it.
    for p in &problems {
        problem(ui, p);
    }
}

/// Everyone who has rolled, in the order so far.
fn standing_ui(ui: &mut Ui, s: &State) {
    let v = ui.visuals().clone();
    let Some(standing) = s.initiative_standing() else { return };
    if standing.order.is_empty() {
        return;
    }
    ui.label(theme::heading(&v, "Order so far"));
    egui::Grid::new("fm-initiative").striped(true).spacing([16.0, 4.0]).show(ui, |ui| {
        for (n, &id) in standing.order.iter().enumerate() {
            let Some(c) = s.character(id) else { continue };
            ui.label(format!("{}.", n + 1));
            ui.label(RichText::new(&c.name).strong());
            ui.label(c.initiative.map(|r| r.to_string()).unwrap_or_default());
            let tiebreaks: Vec<String> = c.tiebreaks.iter().map(ToString::to_string).collect();
            ui.label(if tiebreaks.is_empty() {
                String::new()
            } else {
                format!("tiebreak {}", tiebreaks.join(" then "))
            });
            ui.end_row();
        }
    });
}

/// Deployment: the next character in initiative order rolls a d6 for its respawn point.
pub fn deployment_ui(
    ui: &mut Ui,
    rules: &Rules,
    s: &State,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    let v = ui.visuals().clone();
    let Some(id) = s.deploying() else { return };
    let name = s.name(id).to_owned();
    let Some(layout) = rules.game.layout(s.respawn_points) else { return };
    ui.label(theme::heading(&v, "Deployment, in initiative order"));
    ui.label(RichText::new(&name).size(theme::BIG).strong());
    ui.label(format!("rolls a d6 for its respawn point ({} points on the table).", layout.count));
    if layout.faces.iter().any(|f| f.len() > 1) {
        let faces: Vec<String> = layout
            .faces
            .iter()
            .enumerate()
            .map(|(i, f)| {
                let shown: Vec<String> = f.iter().map(ToString::to_string).collect();
                format!("{} → point {}", shown.join("–"), i + 1)
            })
            .collect();
        ui.label(RichText::new(faces.join(", ")).color(theme::muted(&v)));
    }
    let taken = s.taken_points(rules);
    if s.has_neutral_round {
        ui.label(
            RichText::new(format!(
                "More than {} characters: any point may come up, and a neutral round of {} movement actions each comes first.",
                rules.game.unique_deployment_max, rules.game.neutral_actions
            ))
            .color(theme::muted(&v)),
        );
    } else {
        // Always one line, so the die and Deploy keep their place from one character to the next.
        let points: Vec<String> = taken.iter().map(ToString::to_string).collect();
        ui.label(if points.is_empty() {
            "No point is taken yet. A roll on a taken point is rolled again.".to_owned()
        } else {
            format!("Taken: point {}. A roll on a taken point is rolled again.", points.join(", point "))
        });
    }
    let roll = roll_field_named(ui, &format!("{name} deployment d6"), &mut state.deployment_roll, 6);
    let (face, status) = match roll {
        Ok(face) => (face.and_then(|f| D6::new(u8::try_from(f).unwrap_or(0))), None),
        Err(e) => (None, Some(RichText::new(e).color(theme::bad(&v)).strong())),
    };
    // What the die does, in a line kept for it above Deploy.
    let status = status.or_else(|| {
        face.map(|face| match deployment::place(layout, &taken, face) {
            Placement::Deployed(point) => RichText::new(format!("{name} appears on point {point}.")).strong(),
            Placement::Taken(point) => RichText::new(format!(
                "Point {point} already holds a character: roll again (a point is used once while any is free)."
            ))
            .strong(),
        })
    });
    status_line(ui, theme::BODY, status);
    let deploy = egui::Button::new(RichText::new(format!("Deploy {name}")).size(theme::HEADING));
    if ui.add_enabled(face.is_some(), deploy).clicked()
        && let Some(face) = face
    {
        state.deployment_roll.clear();
        commands.push(PlayCommand::Apply(Event::DeploymentRolls { character: id, rolls: vec![face] }));
    }
    ui.add_space(theme::GAP);
    ui.label(theme::heading(&v, "On the table"));
    for &other in &s.order {
        let Some(c) = s.character(other) else { continue };
        let place = c.point.map_or_else(|| "waiting".to_owned(), |p| format!("point {p}"));
        ui.label(format!("{} · {place}", c.name));
    }
}
