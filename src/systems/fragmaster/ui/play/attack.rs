//! The attack panel: the weapon, the target, the measured distance, the target's cover and
//! height; then, in a place that never moves, *Record the attack* with a line saying what it
//! will do (or what is still missing); below it whether the attack is possible, the numbers to
//! hit and to wound with their breakdown and the chances, the d6s typed or rolled, and the
//! others caught in a blast. Everything that grows as the panel is filled in sits below the
//! button, so the button and the fields above it keep their place.

use egui::{RichText, Ui};

use super::turn::refusal;
use super::{AttackDraft, PlayCommand, PlayState};
use crate::systems::fragmaster::game::{
    Attack, AttackOption, AttackReport, BlastTarget, CharacterId, Error, Event, State, and_list,
    resolve_attack,
};
use crate::systems::fragmaster::rules::Rules;
use crate::systems::fragmaster::rules::attack::{Assessment, Outcome, Refusal};
use crate::systems::fragmaster::rules::data::WeaponId;
use crate::systems::fragmaster::rules::dice::D6;
use crate::systems::fragmaster::rules::scoring::FragKind;
use crate::systems::fragmaster::ui::odds::assessment_ui;
use crate::systems::fragmaster::ui::{COVERS, parse_cm};
use crate::ui::theme;
use crate::ui::widgets::{parse_roll, status_line, toggle};

/// A typed d6: `None` while empty or not a face.
fn typed_d6(text: &str) -> Option<D6> {
    parse_roll(text, 6).ok().flatten().and_then(|f| D6::new(u8::try_from(f).unwrap_or(0)))
}

/// A d6 field with a wrong face named beside it.
fn face_field(ui: &mut Ui, name: &str, text: &mut String) {
    crate::ui::widgets::checked_roll_field(ui, name, text, 6);
}

/// Where the attack stands, worked out from the draft before anything is drawn, so the
/// action's row can be drawn first and keep its place.
enum Ready {
    /// Something is still to pick or type: the sentence says what.
    Waiting(String),
    /// The game refuses the attack as it stands (the event offered instead, if any).
    Refused(String, Option<Event>),
    /// Everything is typed: the event and what it will do.
    Complete(Box<Attack>, Box<AttackReport>),
}

/// What is still missing before the attack can be assessed: the target, then the distance.
fn waiting(d: &AttackDraft, target: Option<CharacterId>) -> Ready {
    if target.is_none() {
        return Ready::Waiting("Pick the target.".to_owned());
    }
    let text = if d.distance.trim().is_empty() {
        "Measure and type the distance in cm."
    } else {
        "Type the distance as a number of cm, like 12 or 12.5, or in inches, like 5 in."
    };
    Ready::Waiting(text.to_owned())
}

/// An attack the game refuses as it stands, with the out-of-range action offered instead
/// where the book spends it.
fn refused(
    rules: &Rules,
    s: &State,
    e: &Error,
    weapon: &WeaponId,
    target: CharacterId,
    distance_cm: f64,
) -> Ready {
    let instead = matches!(e, Error::Refused(Refusal::OutOfRange { .. }))
        .then(|| Event::OutOfRange { target, weapon: weapon.clone(), distance_cm })
        .filter(|event| refusal(rules, s, event).is_none());
    Ready::Refused(crate::ui::sentence(&e.to_string()), instead)
}

/// The assessed attack the draft describes, as far as its dice go.
fn ready(
    rules: &Rules,
    s: &State,
    d: &AttackDraft,
    weapon: &WeaponId,
    (target, distance_cm): (CharacterId, f64),
    assessment: &Assessment,
) -> Ready {
    let automatic = assessment.hit_needed <= 1;
    let shots = assessment.shots as usize;
    let hit_rolls: Vec<Option<D6>> = d.hit_rolls.iter().take(shots).map(|t| typed_d6(t)).collect();
    if !automatic && (hit_rolls.len() < shots || hit_rolls.iter().any(Option::is_none)) {
        return Ready::Waiting("Type or roll the dice.".to_owned());
    }
    let hits: Vec<bool> = if automatic {
        vec![true; shots]
    } else {
        hit_rolls.iter().map(|r| r.is_some_and(|r| r.makes(assessment.hit_needed))).collect()
    };
    let mut wound_rolls = Vec::new();
    for (i, _) in hits.iter().enumerate().filter(|(_, hit)| **hit) {
        match d.wound_rolls.get(i).and_then(|t| typed_d6(t)) {
            Some(w) => wound_rolls.push(w),
            None => return Ready::Waiting("Type or roll the dice.".to_owned()),
        }
    }
    let mut blast = Vec::new();
    if let (Some(radius), true) = (assessment.blast_cm, hits.contains(&true)) {
        for other in s.blast_candidates(target, distance_cm, radius) {
            let Some(entry) = d.blast.get(&other).filter(|b| b.caught) else { continue };
            match typed_d6(&entry.wound_roll) {
                Some(wound_roll) => blast.push(BlastTarget { character: other, wound_roll }),
                None => {
                    return Ready::Waiting("Type or roll the dice of those caught in the blast.".to_owned());
                }
            }
        }
    }
    let event = Attack {
        target,
        weapon: weapon.clone(),
        distance_cm,
        cover: d.cover,
        other_level: d.other_level,
        hit_rolls: if automatic { Vec::new() } else { hit_rolls.into_iter().flatten().collect() },
        wound_rolls,
        blast,
    };
    match resolve_attack(rules, s, &event) {
        Ok(report) => Ready::Complete(Box::new(event), Box::new(report)),
        Err(e) => Ready::Refused(crate::ui::sentence(&e.to_string()), None),
    }
}

/// Draws the attack panel when the current character may attack.
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
    choices_ui(ui, s, rules, &options, &weapon_id, &targets, target, d);
    // Assessed once a frame: the action's line and the numbers below read the same one.
    let measured = target.zip(parse_cm(&d.distance));
    let assessed =
        measured.map(|(who, cm)| s.assess_attack(rules, &weapon_id, who, cm, d.cover, d.other_level));
    let ready = match (measured, &assessed) {
        (Some(at), Some(Ok(numbers))) => ready(rules, s, d, &weapon_id, at, numbers),
        (Some((who, cm)), Some(Err(why))) => refused(rules, s, why, &weapon_id, who, cm),
        _ => waiting(d, target),
    };
    action_ui(ui, s, &ready, commands);
    let (Some((target, distance_cm)), Some(Ok(assessment))) = (measured, assessed) else { return };
    ui.separator();
    let target_name = s.name(target).to_owned();
    assessment_ui(ui, rules, &assessment, Some(&target_name));
    ui.separator();
    dice_ui(ui, s, &assessment, &target_name, d);
    blast_ui(ui, s, &assessment, target, distance_cm, d);
}

/// The weapon and the target, then the distance, the cover and the height level.
#[expect(clippy::too_many_arguments, reason = "the panel's choices, each read by its row")]
fn choices_ui(
    ui: &mut Ui,
    s: &State,
    rules: &Rules,
    options: &[AttackOption],
    weapon_id: &WeaponId,
    targets: &[CharacterId],
    target: Option<CharacterId>,
    d: &mut AttackDraft,
) {
    let v = ui.visuals().clone();
    // The weapons on one line; the targets in cells of one size, as many rows as every other
    // character would need (the most there can be), a long name cut short in its cell and
    // whole on hover; then the distance and the cover. Nothing here grows or moves with the
    // names or as characters die, so the action, the numbers and the dice below stay put.
    // (On a phone the weapons may take a second line.)
    ui.horizontal_wrapped(|ui| {
        ui.label(theme::heading(&v, "Attack with"));
        for o in options {
            let name =
                rules.weapon(o.weapon.as_str()).map_or_else(|| o.weapon.to_string(), |w| w.name.clone());
            if ui
                .add(egui::Button::selectable(
                    &o.weapon == weapon_id,
                    RichText::new(&name).size(theme::BODY + 2.0),
                ))
                .accessible_name(format!("Weapon {name}"))
                .clicked()
            {
                d.weapon = Some(o.weapon.clone());
            }
        }
        ui.label(RichText::new("at").color(theme::muted(&v)));
    });
    let others = s.characters.len().saturating_sub(1).max(1);
    let gap = ui.spacing().item_spacing;
    let room = ui.available_width();
    let height = ui.spacing().interact_size.y.max(30.0);
    #[expect(
        clippy::cast_precision_loss,
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "a handful of cells"
    )]
    let (share, rows) = {
        let fit = (((room + gap.x) / (MIN_TARGET + gap.x)).floor() as usize).clamp(1, others);
        let share = ((room - gap.x * (fit as f32 - 1.0)) / fit as f32).floor().min(240.0);
        (share, others.div_ceil(fit) as f32)
    };
    let region = egui::vec2(room, rows * height + (rows - 1.0) * gap.y);
    ui.allocate_ui_with_layout(
        region,
        egui::Layout::left_to_right(egui::Align::Min).with_main_wrap(true),
        |ui| {
            ui.set_min_size(region);
            for &t in targets {
                let name = s.name(t);
                let shown = if s.character(t).is_some_and(|c| c.taking_cover) {
                    format!("{name} (taking cover)")
                } else {
                    name.to_owned()
                };
                let button = egui::Button::selectable(
                    target == Some(t),
                    RichText::new(&shown).size(theme::BODY + 2.0),
                )
                .truncate();
                if ui
                    .add_sized([share, height], button)
                    .on_hover_text(&shown)
                    .accessible_name(format!("Target {name}"))
                    .clicked()
                    && d.target != Some(t)
                {
                    // A new target: the dice typed for the old one are not its dice.
                    d.target = Some(t);
                    d.hit_rolls.clear();
                    d.wound_rolls.clear();
                    d.blast.clear();
                }
            }
        },
    );
    ui.horizontal_wrapped(|ui| {
        let distance = ui.label("Distance (cm)").on_hover_text("In cm, or in inches: 5 in");
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
}

/// The narrowest a target's button gets before the targets take another row.
const MIN_TARGET: f32 = 90.0;

/// The action's row, always in the same place: *Record the attack* (or, out of range, the
/// spent action), then one line for what it will do or what is missing and one for deaths.
fn action_ui(ui: &mut Ui, s: &State, ready: &Ready, commands: &mut Vec<PlayCommand>) {
    let v = ui.visuals().clone();
    // Ctrl+Enter records from anywhere in the panel, a die field included.
    let shortcut = matches!(ready, Ready::Complete(..))
        && ui.input_mut(|i| i.consume_key(egui::Modifiers::COMMAND, egui::Key::Enter));
    ui.horizontal(|ui| {
        if let Ready::Refused(_, Some(instead)) = ready {
            let why = "The book ends the action when the target is out of range; the aims are spent too";
            let button = egui::Button::new(
                RichText::new("Out of range: the action is spent").size(theme::HEADING).strong(),
            );
            if ui.add(button).on_hover_text(why).clicked() {
                commands.push(PlayCommand::Apply(instead.clone()));
            }
            return;
        }
        let record = egui::Button::new(RichText::new("Record the attack").size(theme::HEADING).strong());
        let complete = match ready {
            Ready::Complete(event, _) => Some(event),
            _ => None,
        };
        let clicked = ui.add_enabled(complete.is_some(), record).on_hover_text("Ctrl+Enter").clicked();
        if (clicked || shortcut)
            && let Some(event) = complete
        {
            commands.push(PlayCommand::Apply(Event::Attack((**event).clone())));
        }
    });
    let (line, deaths) = match ready {
        Ready::Waiting(text) => (RichText::new(text.as_str()).color(theme::muted(&v)), None),
        Ready::Refused(why, _) => (RichText::new(why.as_str()).color(theme::bad(&v)).strong(), None),
        Ready::Complete(event, report) => {
            (outcome_line(s, event, report, &v), deaths_line(s, report).map(|t| t.color(theme::accent(&v))))
        }
    };
    status_line(ui, theme::HEADING, Some(line));
    status_line(ui, theme::BODY, deaths);
}

/// What each shot and the blast will do, in one line.
fn outcome_line(s: &State, event: &Attack, report: &AttackReport, v: &egui::Visuals) -> RichText {
    let target_name = s.name(event.target);
    let many = report.shots.len() > 1;
    let mut parts: Vec<String> = report
        .shots
        .iter()
        .enumerate()
        .map(|(i, shot)| {
            let prefix = if many { format!("Shot {}: ", i + 1) } else { String::new() };
            match shot.outcome {
                Outcome::Miss => format!("{prefix}miss"),
                Outcome::Hit => format!("{prefix}hit, not wounded"),
                Outcome::Killed => format!("{prefix}{target_name} killed"),
            }
        })
        .collect();
    if !report.blast.is_empty() {
        let names = |killed: bool| -> Vec<String> {
            let caught = report.blast.iter().filter(|(_, _, o)| (*o == Outcome::Killed) == killed);
            caught.map(|(who, _, _)| s.name(*who).to_owned()).collect()
        };
        let caught: Vec<String> = [(names(true), "killed"), (names(false), "not wounded")]
            .into_iter()
            .filter(|(who, _)| !who.is_empty())
            .map(|(who, what)| format!("{} {what}", and_list(&who)))
            .collect();
        parts.push(format!("blast: {}", caught.join("; ")));
    }
    let killed = report.shots.iter().any(|shot| shot.outcome == Outcome::Killed);
    let colour = if killed { theme::bad(v) } else { v.text_color() };
    RichText::new(parts.join(" · ")).strong().color(colour)
}

/// Who dies and what it scores, for whose player; `None` when nobody dies.
fn deaths_line(s: &State, report: &AttackReport) -> Option<RichText> {
    if report.deaths.is_empty() {
        return None;
    }
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
    let player = s.character(report.attacker).map(|c| s.player_name(c.player).to_owned());
    let who = player.as_deref().unwrap_or("?");
    Some(RichText::new(format!("{} (for {who})", deaths.join("; "))).strong())
}

/// The attacker's hit dice on the left (none at 1+), the target's wound dice on the right.
fn dice_ui(ui: &mut Ui, s: &State, assessment: &Assessment, target_name: &str, d: &mut AttackDraft) {
    let shots = assessment.shots as usize;
    let automatic = assessment.hit_needed <= 1;
    d.hit_rolls.resize(shots, String::new());
    d.wound_rolls.resize(shots, String::new());
    let attacker = s.current().map_or("?", |c| s.name(c)).to_owned();
    let mut hits = vec![automatic; shots];
    crate::ui::widgets::side_by_side(ui, crate::ui::widgets::TWO_ODDS_COLUMNS, |ui, column| {
        if column == 0 {
            if automatic {
                let each = if shots == 1 { "It hits" } else { "Every shot hits" };
                ui.label(RichText::new(format!("{attacker} needs 1+: {each} without a roll.")).strong());
                return;
            }
            ui.label(RichText::new(format!("{attacker} rolls to hit")).strong());
            for (i, text) in d.hit_rolls.iter_mut().enumerate() {
                let name = if shots == 1 { "Hit d6".to_owned() } else { format!("Shot {} hit d6", i + 1) };
                face_field(ui, &name, text);
                if let Some(hit) = hits.get_mut(i) {
                    *hit = typed_d6(text).is_some_and(|r| r.makes(assessment.hit_needed));
                }
            }
            return;
        }
        if hits.contains(&true) {
            ui.label(RichText::new(format!("{target_name} rolls to wound")).strong());
        }
        for (i, _) in hits.iter().enumerate().filter(|(_, hit)| **hit) {
            let name = if shots == 1 { "Wound d6".to_owned() } else { format!("Shot {} wound d6", i + 1) };
            let Some(text) = d.wound_rolls.get_mut(i) else { continue };
            face_field(ui, &name, text);
        }
    });
}

/// Those caught in a blast: one row of boxes (the attacker only when it stands close enough),
/// then the wound dice of those ticked, two to a row.
fn blast_ui(
    ui: &mut Ui,
    s: &State,
    assessment: &Assessment,
    target: CharacterId,
    distance_cm: f64,
    d: &mut AttackDraft,
) {
    let Some(radius) = assessment.blast_cm else { return };
    let automatic = assessment.hit_needed <= 1;
    let any_hit =
        automatic || d.hit_rolls.iter().any(|t| typed_d6(t).is_some_and(|r| r.makes(assessment.hit_needed)));
    if !any_hit {
        return;
    }
    let target_name = s.name(target).to_owned();
    let candidates = s.blast_candidates(target, distance_cm, radius);
    // Nobody else to catch (every other character is dead or away): no question to ask.
    if candidates.is_empty() {
        return;
    }
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(format!("Blast: who else is within {radius} cm of {target_name}?")).strong());
        for &other in &candidates {
            let name = s.name(other);
            let attacker = Some(other) == s.current();
            let shown = if attacker { format!("{name} (the attacker)") } else { name.to_owned() };
            let entry = d.blast.entry(other).or_default();
            // The attacker is a candidate only when the distance typed is inside the blast:
            // then it is caught for certain, and the box is ticked for it.
            if attacker {
                entry.caught = true;
            }
            ui.add_enabled(!attacker, egui::Checkbox::new(&mut entry.caught, shown.as_str()))
                .accessible_name(format!("{shown} within {radius} cm"));
        }
    });
    let caught: Vec<_> =
        candidates.iter().copied().filter(|c| d.blast.get(c).is_some_and(|b| b.caught)).collect();
    for pair in caught.chunks(2) {
        ui.columns(2, |columns| {
            for (&other, column) in pair.iter().zip(columns.iter_mut()) {
                let Some(entry) = d.blast.get_mut(&other) else { continue };
                face_field(column, &format!("{} wound d6", s.name(other)), &mut entry.wound_roll);
            }
        });
    }
}
