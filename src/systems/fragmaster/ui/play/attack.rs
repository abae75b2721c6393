//! The attack panel: the weapon, the target, the measured distance, the target's cover and
//! height; whether the attack is possible (with the reason), the numbers to hit and to wound
//! with their breakdown and the chances (aims and the target's taking cover come from the
//! game); then the d6s typed or rolled, the others caught in a blast, what the attack will do,
//! and one click to record it.

use egui::{RichText, Ui};

use super::turn::refusal;
use super::{PlayCommand, PlayState};
use crate::systems::fragmaster::game::{Attack, BlastTarget, Error, Event, State, and_list, resolve_attack};
use crate::systems::fragmaster::rules::Rules;
use crate::systems::fragmaster::rules::attack::{Outcome, Refusal};
use crate::systems::fragmaster::rules::dice::D6;
use crate::systems::fragmaster::rules::scoring::FragKind;
use crate::systems::fragmaster::ui::odds::assessment_ui;
use crate::systems::fragmaster::ui::{COVERS, parse_cm};
use crate::ui::theme;
use crate::ui::widgets::{problem, roll_field_named, toggle};

/// A typed d6: `Ok(None)` while empty.
fn face(ui: &mut Ui, name: &str, text: &mut String) -> Option<D6> {
    match roll_field_named(ui, name, text, 6) {
        Ok(face) => face.and_then(|f| D6::new(u8::try_from(f).unwrap_or(0))),
        Err(e) => {
            problem(ui, &e);
            None
        }
    }
}

/// Draws the attack panel when the current character may attack.
#[expect(clippy::too_many_lines, reason = "the panel top to bottom, in the order the players go through it")]
pub fn attack_ui(
    ui: &mut Ui,
    rules: &Rules,
    s: &State,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    let v = ui.visuals().clone();
    let options = s.attack_options(rules);
    let Some(first) = options.first() else {
        if s.actions_left(rules) > 0 && !s.respawn_due() && !s.is_neutral_round() {
            ui.label(RichText::new("Nobody is there to attack.").color(theme::muted(&v)));
        }
        return;
    };
    let d = &mut state.attack;
    let weapon_id = d
        .weapon
        .clone()
        .filter(|w| options.iter().any(|o| &o.weapon == w))
        .unwrap_or_else(|| first.weapon.clone());
    let targets =
        options.iter().find(|o| o.weapon == weapon_id).map(|o| o.targets.clone()).unwrap_or_default();
    let target = d.target.filter(|t| targets.contains(t));
    // Two rows of choices, so the numbers, the dice and the result stay in view below.
    ui.horizontal_wrapped(|ui| {
        ui.label(theme::heading(&v, "Attack with"));
        for o in &options {
            let name =
                rules.weapon(o.weapon.as_str()).map_or_else(|| o.weapon.to_string(), |w| w.name.clone());
            if ui
                .add(egui::Button::selectable(
                    o.weapon == weapon_id,
                    RichText::new(&name).size(theme::BODY + 2.0),
                ))
                .accessible_name(format!("Weapon {name}"))
                .clicked()
            {
                d.weapon = Some(o.weapon.clone());
            }
        }
        ui.add_space(theme::GAP);
        ui.label(RichText::new("at").color(theme::muted(&v)));
        for &t in &targets {
            let name = s.name(t);
            let shown = if s.character(t).is_some_and(|c| c.taking_cover) {
                format!("{name} (taking cover)")
            } else {
                name.to_owned()
            };
            if ui
                .add(egui::Button::selectable(
                    target == Some(t),
                    RichText::new(shown).size(theme::BODY + 2.0),
                ))
                .accessible_name(format!("Target {name}"))
                .clicked()
            {
                d.target = Some(t);
            }
        }
    });
    ui.horizontal_wrapped(|ui| {
        let distance = ui.label("Distance (cm)");
        ui.add(
            egui::TextEdit::singleline(&mut d.distance).desired_width(70.0).font(egui::TextStyle::Heading),
        )
        .labelled_by(distance.id);
        ui.add_space(theme::GAP);
        ui.label("Cover");
        for (cover, name) in COVERS {
            if ui
                .add(egui::Button::selectable(d.cover == cover, name))
                .accessible_name(format!("Target's cover {name}"))
                .clicked()
            {
                d.cover = cover;
            }
        }
        ui.add_space(theme::GAP);
        toggle(ui, &mut d.other_level, "On another height level");
    });
    let Some(target) = target else {
        ui.label(RichText::new("Pick the target.").color(theme::muted(&v)));
        return;
    };
    let target_name = s.name(target).to_owned();
    let Some(distance_cm) = parse_cm(&d.distance) else {
        let text = if d.distance.trim().is_empty() {
            "Measure and type the distance in cm."
        } else {
            "Type the distance as a number of cm, like 12 or 12.5."
        };
        ui.label(RichText::new(text).color(theme::muted(&v)));
        return;
    };
    ui.separator();
    let assessment = match s.assess_attack(rules, &weapon_id, target, distance_cm, d.cover, d.other_level) {
        Ok(a) => a,
        Err(e) => {
            problem(ui, &crate::ui::sentence(&e.to_string()));
            if matches!(e, Error::Refused(Refusal::OutOfRange { .. })) {
                let event = Event::OutOfRange { target, weapon: weapon_id.clone(), distance_cm };
                if refusal(rules, s, &event).is_none() {
                    let why =
                        "The book ends the action when the target is out of range; the aims are spent too";
                    if theme::is_touch(ui.ctx()) {
                        crate::ui::widgets::hint(ui, why);
                    }
                    if ui.button("Out of range: the attack action is spent").on_hover_text(why).clicked() {
                        commands.push(PlayCommand::Apply(event));
                    }
                }
            }
            return;
        }
    };
    assessment_ui(ui, &assessment, rules.rolls.hit_base, rules.rolls.wound_base, Some(&target_name));
    ui.separator();
    let shots = assessment.shots as usize;
    d.hit_rolls.resize(shots, String::new());
    d.wound_rolls.resize(shots, String::new());
    // The attacker's dice on the left, the target's on the right.
    let mut hit_rolls = Vec::new();
    let mut wound_rolls = Vec::new();
    let mut complete = true;
    crate::ui::widgets::side_by_side(ui, crate::ui::widgets::TWO_ODDS_COLUMNS, |ui, column| {
        if column == 0 {
            ui.label(
                RichText::new(format!("{} rolls to hit", s.current().map_or("?", |c| s.name(c)))).strong(),
            );
            for (i, text) in d.hit_rolls.iter_mut().enumerate() {
                let name = if shots == 1 { "Hit d6".to_owned() } else { format!("Shot {} hit d6", i + 1) };
                hit_rolls.push(face(ui, &name, text));
            }
            complete = hit_rolls.iter().all(Option::is_some);
            return;
        }
        if hit_rolls.iter().flatten().any(|r| r.makes(assessment.hit_needed)) {
            ui.label(RichText::new(format!("{target_name} rolls to wound")).strong());
        }
        for (i, roll) in hit_rolls.iter().enumerate() {
            let Some(roll) = roll else { continue };
            if !roll.makes(assessment.hit_needed) {
                continue;
            }
            let name = if shots == 1 { "Wound d6".to_owned() } else { format!("Shot {} wound d6", i + 1) };
            let Some(text) = d.wound_rolls.get_mut(i) else { continue };
            let wound = face(ui, &name, text);
            complete &= wound.is_some();
            wound_rolls.extend(wound);
        }
    });
    let any_hit = hit_rolls.iter().flatten().any(|r| r.makes(assessment.hit_needed));
    let mut blast = Vec::new();
    if let (Some(radius), true) = (assessment.blast_cm, any_hit) {
        // The characters on one row of boxes, then the wound dice of those ticked two to a
        // row: a blast in a six-player game still leaves the result and Record in view.
        let candidates = s.blast_candidates(target);
        ui.horizontal_wrapped(|ui| {
            ui.label(
                RichText::new(format!("Blast: who else is within {radius} cm of {target_name}?")).strong(),
            );
            for &other in &candidates {
                let name = s.name(other);
                let shown = if Some(other) == s.current() {
                    format!("{name} (the attacker)")
                } else {
                    name.to_owned()
                };
                let entry = d.blast.entry(other).or_default();
                ui.checkbox(&mut entry.caught, shown.as_str())
                    .accessible_name(format!("{shown} within {radius} cm"));
            }
        });
        let caught: Vec<_> =
            candidates.iter().copied().filter(|c| d.blast.get(c).is_some_and(|b| b.caught)).collect();
        for pair in caught.chunks(2) {
            ui.columns(2, |columns| {
                for (&other, column) in pair.iter().zip(columns.iter_mut()) {
                    let Some(entry) = d.blast.get_mut(&other) else { continue };
                    let wound = face(column, &format!("{} wound d6", s.name(other)), &mut entry.wound_roll);
                    complete &= wound.is_some();
                    blast.extend(wound.map(|wound_roll| BlastTarget { character: other, wound_roll }));
                }
            });
        }
    }
    if !complete {
        ui.label(RichText::new("Type or roll the dice.").color(theme::muted(&v)));
        return;
    }
    let event = Attack {
        target,
        weapon: weapon_id,
        distance_cm,
        cover: d.cover,
        other_level: d.other_level,
        hit_rolls: hit_rolls.into_iter().flatten().collect(),
        wound_rolls,
        blast,
    };
    match resolve_attack(rules, s, &event) {
        Ok(report) => {
            ui.separator();
            // Record first, then what it will do: a big blast may push the frags below the
            // panel's edge, never the button.
            ui.horizontal_wrapped(|ui| {
                let record =
                    egui::Button::new(RichText::new("Record the attack").size(theme::HEADING).strong());
                if ui.add(record).on_hover_text("Ctrl+Enter").clicked()
                    || (!ui.ctx().text_edit_focused()
                        && ui.input_mut(|i| i.consume_key(egui::Modifiers::COMMAND, egui::Key::Enter)))
                {
                    commands.push(PlayCommand::Apply(Event::Attack(event)));
                }
                for (i, shot) in report.shots.iter().enumerate() {
                    let prefix = if shots == 1 { String::new() } else { format!("Shot {}: ", i + 1) };
                    let (text, colour) = match shot.outcome {
                        Outcome::Miss => (format!("{prefix}miss"), theme::muted(&v)),
                        Outcome::Hit => (format!("{prefix}hit, not wounded"), v.text_color()),
                        Outcome::Killed => (format!("{prefix}{target_name} killed"), theme::bad(&v)),
                    };
                    ui.label(RichText::new(text).size(theme::HEADING).strong().color(colour));
                }
                if !report.blast.is_empty() {
                    // One short sentence for everyone caught.
                    let names = |killed: bool| -> Vec<String> {
                        let caught =
                            report.blast.iter().filter(|(_, _, o)| (*o == Outcome::Killed) == killed);
                        caught.map(|(who, _, _)| s.name(*who).to_owned()).collect()
                    };
                    let parts: Vec<String> = [(names(true), "killed"), (names(false), "not wounded")]
                        .into_iter()
                        .filter(|(who, _)| !who.is_empty())
                        .map(|(who, what)| format!("{} {what}", and_list(&who)))
                        .collect();
                    ui.label(RichText::new(format!("Blast: {}.", parts.join("; "))).strong());
                }
            });
            if !report.deaths.is_empty() {
                let deaths: Vec<String> = report
                    .deaths
                    .iter()
                    .map(|death| {
                        let why = match death.kind {
                            FragKind::Kill => "a frag",
                            FragKind::Suicide => "a suicide",
                            FragKind::TeamMate => "a team-mate",
                        };
                        format!("{} dies: {why}, {:+}", s.name(death.victim), death.frags)
                    })
                    .collect();
                let attacker_player =
                    s.current().and_then(|id| s.character(id)).map(|c| s.player_name(c.player).to_owned());
                let who = attacker_player.as_deref().unwrap_or("?");
                ui.label(
                    RichText::new(format!("{} (for {who})", deaths.join("; ")))
                        .strong()
                        .color(theme::accent(&v)),
                );
            }
        }
        Err(e) => problem(ui, &crate::ui::sentence(&e.to_string())),
    }
}
