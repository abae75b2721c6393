//! The attack panel, in the order a player goes through it: the weapon, the target, the
//! measured distance, the target's cover and height; the numbers to hit and to wound with
//! their breakdown and the chances; the d6s typed or rolled, and the others caught in a
//! blast; then *Record the attack* with a line saying what it will do (or what is still
//! missing) and one for deaths. The middle is of one height for the weapon whatever is typed
//! (its dice fields stand there from the start, greyed until they can be used), and the dice
//! take the room of the tallest weapon the character could attack with this turn (carried, or
//! to be picked up at a rearm point), worked out from the weapons' shots and blasts, so
//! *Record* under them keeps its place for the whole turn, the weapon switched or picked up.
//! Until the next attack is measured, the middle shows what the last one did and what comes
//! next.

use egui::{RichText, Ui};

use super::turn::refusal;
use super::{AttackDraft, AttackResult, PlayCommand, PlayState};
use crate::systems::fragmaster::game::{
    Attack, AttackOption, AttackReport, BlastTarget, CharacterId, Error, Event, State, and_list,
    resolve_attack,
};
use crate::systems::fragmaster::rules::Rules;
use crate::systems::fragmaster::rules::attack::{Assessment, Outcome, Refusal};
use crate::systems::fragmaster::rules::data::WeaponId;
use crate::systems::fragmaster::rules::dice::D6;
use crate::systems::fragmaster::rules::scoring::FragKind;
use crate::systems::fragmaster::ui::odds::{assessment_ui, placeholder_ui};
use crate::systems::fragmaster::ui::{COVERS, parse_cm};
use crate::ui::theme;
use crate::ui::widgets::{parse_roll, status_lines, toggle, wrong_face_sentence};

/// A typed d6: `None` while empty or not a face.
fn typed_d6(text: &str) -> Option<D6> {
    parse_roll(text, 6).ok().flatten().and_then(|f| D6::new(u8::try_from(f).unwrap_or(0)))
}

/// A d6 field with a wrong face named beside it; in a narrow column the shot's number alone
/// is written before it (`short`), the heading above saying whose die it is.
fn face_field(ui: &mut Ui, (name, short): (&str, &str), text: &mut String) {
    let shown = if ui.available_width() < 300.0 { short } else { name };
    crate::ui::widgets::checked_roll_field_shown(ui, shown, name, text, 6);
}

/// The name of a shot's hit (or wound) d6: "Hit d6" for a weapon of one shot, "Shot 2 hit d6"
/// for the second of two.
fn die_name(shots: usize, shot: usize, hit: bool) -> String {
    let (one, side) = if hit { ("Hit d6", "hit") } else { ("Wound d6", "wound") };
    if shots == 1 { one.to_owned() } else { format!("Shot {} {side} d6", shot + 1) }
}

/// The die `name` holding `text` that is not a face of it, said whole in the line kept under
/// *Record* (beside the field it may be cut short, and nothing hovers on a phone); `None` for
/// a face or an empty field.
fn wrong_die(name: &str, text: &str) -> Option<Ready> {
    wrong_face_sentence(name, text, 6).map(Ready::Waiting)
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
        let wrong = d
            .hit_rolls
            .iter()
            .take(shots)
            .enumerate()
            .find_map(|(i, t)| wrong_die(&die_name(shots, i, true), t));
        return wrong.unwrap_or_else(|| Ready::Waiting("Type or roll the dice.".to_owned()));
    }
    let hits: Vec<bool> = if automatic {
        vec![true; shots]
    } else {
        hit_rolls.iter().map(|r| r.is_some_and(|r| r.makes(assessment.hit_needed))).collect()
    };
    let mut wound_rolls = Vec::new();
    for (i, _) in hits.iter().enumerate().filter(|(_, hit)| **hit) {
        let typed = d.wound_rolls.get(i).map_or("", String::as_str);
        let Some(w) = typed_d6(typed) else {
            let wrong = wrong_die(&die_name(shots, i, false), typed);
            return wrong.unwrap_or_else(|| Ready::Waiting("Type or roll the dice.".to_owned()));
        };
        wound_rolls.push(w);
    }
    let mut blast = Vec::new();
    if let (Some(radius), true) = (assessment.blast_cm, hits.contains(&true)) {
        for other in s.blast_candidates(target, distance_cm, radius) {
            let Some(entry) = d.blast.get(&other).filter(|b| b.caught) else { continue };
            let Some(wound_roll) = typed_d6(&entry.wound_roll) else {
                let wrong = wrong_die(&format!("{} wound d6", s.name(other)), &entry.wound_roll);
                let waiting =
                    || Ready::Waiting("Type or roll the dice of those caught in the blast.".to_owned());
                return wrong.unwrap_or_else(waiting);
            };
            blast.push(BlastTarget { character: other, wound_roll });
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

/// Draws the attack panel when the current character may attack; otherwise what its last
/// attack did and what is left to do.
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
        if state.last_attack.is_some() {
            result_ui(ui, rules, s, state.last_attack.as_ref());
        } else if s.actions_left(rules) > 0 && !s.respawn_due() && !s.is_neutral_round() {
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
    // Assessed once a frame: the numbers, the dice and the action's line read the same one.
    let measured = target.zip(parse_cm(&d.distance));
    let assessed =
        measured.map(|(who, cm)| s.assess_attack(rules, &weapon_id, who, cm, d.cover, d.other_level));
    let ready = match (measured, &assessed) {
        (Some(at), Some(Ok(numbers))) => ready(rules, s, d, &weapon_id, at, numbers),
        (Some((who, cm)), Some(Err(why))) => refused(rules, s, why, &weapon_id, who, cm),
        _ => waiting(d, target),
    };
    let assessment = match assessed {
        Some(Ok(a)) => Some(a),
        _ => None,
    };
    let weapon = rules.weapon(weapon_id.as_str());
    let shots = assessment.as_ref().map_or_else(|| weapon.map_or(1, |w| w.shots), |a| a.shots) as usize;
    let blast_cm = weapon.and_then(|w| w.blast_cm);
    ui.separator();
    if let (Some(a), Some(target)) = (&assessment, target) {
        assessment_ui(ui, rules, a, Some(s.name(target)));
    } else {
        middle_ui(ui, rules, s, state.last_attack.as_ref());
    }
    let d = &mut state.attack;
    ui.separator();
    // The dice of the weapon picked, then the room left of the tallest form the character
    // could need this turn, worked out from the weapons' shots and blasts and the heights of
    // the rows just drawn: a second shot's dice or a blast's boxes for one weapon and not
    // another moved Record 72 points when the weapon was switched, and grenades picked up
    // mid-turn moved it once.
    let width = ui.available_width();
    let drawn = ui.scope(|ui| {
        let rows = dice_ui(ui, s, DiceRows::of(ui), shots, assessment.as_ref(), target, d);
        if let Some(radius) = blast_cm {
            let at = measured.filter(|_| assessment.is_some());
            blast_ui(ui, s, rows, assessment.as_ref(), radius, at, d);
        }
        rows
    });
    let (rows, height) = (drawn.inner, drawn.response.rect.height());
    let others = s.characters.len().saturating_sub(1);
    let room = could_need(rules, s)
        .into_iter()
        .map(|w| rows.room(width, w.shots as usize, w.blast_cm.map(|_| others)))
        .fold(height, f32::max);
    ui.add_space(room - height);
    if let Some(recorded) = action_ui(ui, s, &ready, commands) {
        state.recording = state.drafts_for.map(|turn| (turn, recorded));
    }
}

/// The middle of the panel when the attack is not measured yet (or refused): the numbers'
/// columns without numbers; after an attack, what it did in their room, as high as they were
/// drawn before it (kept for the panel's width and sizes; laid out unseen once only if they
/// never were).
fn middle_ui(ui: &mut Ui, rules: &Rules, s: &State, last: Option<&AttackResult>) {
    let key = egui::Id::unique((
        "fm-middle-room",
        ui.available_width().to_bits(),
        ui.spacing().interact_size.y.to_bits(),
        ui.spacing().item_spacing.y.to_bits(),
        ui.ctx().pixels_per_point().to_bits(),
    ));
    let Some(result) = last else {
        let height = ui.scope(|ui| placeholder_ui(ui, rules)).response.rect.height();
        ui.data_mut(|d| d.insert_temp(key, height));
        return;
    };
    let height = ui.data(|d| d.get_temp::<f32>(key)).unwrap_or_else(|| {
        let unseen = egui::UiBuilder::new()
            .invisible()
            .max_rect(ui.available_rect_before_wrap())
            .layout(egui::Layout::top_down(egui::Align::Min));
        let mut unseen = ui.new_child(unseen);
        placeholder_ui(&mut unseen, rules);
        let height = unseen.min_rect().height();
        ui.data_mut(|d| d.insert_temp(key, height));
        height
    });
    let (room, _) = ui.allocate_exact_size(egui::vec2(ui.available_width(), height), egui::Sense::hover());
    let inside = egui::UiBuilder::new().max_rect(room).layout(egui::Layout::top_down(egui::Align::Min));
    // A child that leaves the panel's cursor under the room, where it is.
    result_ui(&mut ui.new_child(inside), rules, s, Some(result));
}

/// What the last attack of this turn did, and what is left to do: in the middle of the panel
/// until the next attack is measured (or, with no action left, the panel itself).
fn result_ui(ui: &mut Ui, rules: &Rules, s: &State, result: Option<&AttackResult>) {
    let v = ui.visuals().clone();
    let Some(result) = result else { return };
    let name = s.current().map_or("?", |c| s.name(c)).to_owned();
    ui.label(theme::heading(&v, format!("Last attack: {}", result.heading)));
    let colour = if result.killed { theme::bad(&v) } else { v.text_color() };
    ui.label(RichText::new(&result.outcome).strong().size(theme::BODY + 2.0).color(colour));
    if let Some(deaths) = &result.deaths {
        ui.label(RichText::new(deaths).strong().color(theme::accent(&v)));
    }
    let left = s.actions_left(rules);
    let next = if left == 0 {
        format!("No actions left: end {name}'s turn (E).")
    } else if s.attack_options(rules).is_empty() {
        format!(
            "{}: end {name}'s turn (E).",
            crate::kernel::words::count(left, "action left", "actions left")
        )
    } else {
        format!(
            "{}: pick a target to attack again, or end {name}'s turn (E).",
            crate::kernel::words::count(left, "action left", "actions left")
        )
    };
    ui.label(RichText::new(next).color(theme::muted(&v)));
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
    // On a phone the weapons stand on a line of their own under the heading: wrapped beside
    // it, the grenades picked up mid-turn took a second line and moved everything under it.
    let narrow = theme::is_narrow(ui.ctx());
    ui.horizontal_wrapped(|ui| {
        ui.label(theme::heading(&v, "Attack with"));
        if narrow {
            ui.end_row();
        }
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
/// Returns what the attack sent does, in the words kept for after it is recorded.
fn action_ui(ui: &mut Ui, s: &State, ready: &Ready, commands: &mut Vec<PlayCommand>) -> Option<AttackResult> {
    let v = ui.visuals().clone();
    // Ctrl+Enter records from anywhere in the panel, a die field included.
    let shortcut = matches!(ready, Ready::Complete(..))
        && ui.input_mut(|i| i.consume_key(egui::Modifiers::COMMAND, egui::Key::Enter));
    let mut sent = None;
    let (line, deaths) = match ready {
        Ready::Waiting(text) => (RichText::new(text.as_str()).color(theme::muted(&v)), None),
        Ready::Refused(why, _) => (RichText::new(why.as_str()).color(theme::bad(&v)).strong(), None),
        Ready::Complete(event, report) => {
            let (text, killed) = outcome_text(s, event, report);
            let colour = if killed { theme::bad(&v) } else { v.text_color() };
            let deaths = deaths_text(s, report).map(|t| RichText::new(t).strong().color(theme::accent(&v)));
            (RichText::new(text).strong().color(colour), deaths)
        }
    };
    // In a wide panel the two lines stand beside the button, in a box of two lines' height
    // (what it will do and who dies, each cut short; or a hint wrapped on two lines), so the
    // dice above keep the room they need at 1280 × 800; in a narrow one, under it.
    let beside = ui.available_width() >= DICE_SIDE_BY_SIDE;
    let lines = ui.text_style_height(&egui::TextStyle::Body).ceil() + 4.0;
    let height = (2.0 * lines).max(ui.spacing().interact_size.y);
    ui.allocate_ui_with_layout(
        egui::vec2(ui.available_width(), height),
        // Top-aligned: a longer sentence beside the button never moves it down.
        egui::Layout::left_to_right(egui::Align::Min),
        |ui| {
            ui.set_min_height(height);
            if let Ready::Refused(_, Some(instead)) = ready {
                let why = "The book ends the action when the target is out of range; the aims are spent too";
                let button = egui::Button::new(
                    RichText::new("Out of range: the action is spent").size(theme::HEADING).strong(),
                );
                if ui.add(button).on_hover_text(why).clicked() {
                    commands.push(PlayCommand::Apply(instead.clone()));
                    if let Event::OutOfRange { target, .. } = instead {
                        sent = Some(AttackResult {
                            heading: heading(s, *target),
                            outcome: "Out of range: the action was spent.".to_owned(),
                            killed: false,
                            deaths: None,
                        });
                    }
                }
            } else {
                let record =
                    egui::Button::new(RichText::new("Record the attack").size(theme::HEADING).strong());
                let complete = match ready {
                    Ready::Complete(event, report) => Some((event, report)),
                    _ => None,
                };
                let clicked =
                    ui.add_enabled(complete.is_some(), record).on_hover_text("Ctrl+Enter").clicked();
                if (clicked || shortcut)
                    && let Some((event, report)) = complete
                {
                    commands.push(PlayCommand::Apply(Event::Attack((**event).clone())));
                    let (outcome, killed) = outcome_text(s, event, report);
                    sent = Some(AttackResult {
                        heading: heading(s, event.target),
                        outcome,
                        killed,
                        deaths: deaths_text(s, report),
                    });
                }
            }
            if beside {
                ui.add_space(theme::GAP);
                // Wrapped in the room left: what grows here pushes nothing (the row is the
                // panel's last, and the button stands at its top).
                ui.vertical(|ui| {
                    ui.spacing_mut().item_spacing.y = 0.0;
                    ui.add(egui::Label::new(line.clone().size(theme::BODY + 2.0)).wrap());
                    if let Some(deaths) = &deaths {
                        ui.add(egui::Label::new(deaths.clone().size(theme::BODY)).wrap());
                    }
                });
            }
        },
    );
    if !beside {
        // Under it, wrapped in boxes of fixed height: on a phone nothing hovers, so a refusal
        // cut at the screen's edge ("The attack is not possible: the target is …") could not
        // be read. Three lines hold the longest refusal and the longest outcome (every shot,
        // and the blast's victims); two the deaths of a blast.
        status_lines(ui, theme::BODY + 2.0, 3, Some(line));
        status_lines(ui, theme::BODY, 2, deaths);
    }
    sent
}

/// Who attacks whom: "Ann at Dan".
fn heading(s: &State, target: CharacterId) -> String {
    let attacker = s.current().map_or("?", |c| s.name(c));
    format!("{attacker} at {}", s.name(target))
}

/// What each shot and the blast will do, in one line, and whether the target is killed.
fn outcome_text(s: &State, event: &Attack, report: &AttackReport) -> (String, bool) {
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
    (parts.join(" · "), killed)
}

/// Who dies and what it scores, for whose player; `None` when nobody dies.
fn deaths_text(s: &State, report: &AttackReport) -> Option<String> {
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
    Some(format!("{} (for {who})", deaths.join("; ")))
}

/// The attacker's hit dice on the left, the target's wound dice on the right: a field per
/// shot on each side from the start (so the panel keeps its height), greyed until the target
/// and the distance are known, and a wound die until its shot hits. At 1+ every shot hits and
/// the hit dice stay greyed.
fn dice_ui(
    ui: &mut Ui,
    s: &State,
    rows: DiceRows,
    shots: usize,
    assessment: Option<&Assessment>,
    target: Option<CharacterId>,
    d: &mut AttackDraft,
) -> DiceRows {
    let muted = theme::muted(ui.visuals());
    let automatic = assessment.is_some_and(|a| a.hit_needed <= 1);
    d.hit_rolls.resize(shots, String::new());
    d.wound_rolls.resize(shots, String::new());
    let attacker = s.current().map_or("?", |c| s.name(c)).to_owned();
    let target_name = target.map_or_else(|| "The target".to_owned(), |t| s.name(t).to_owned());
    let hits: Vec<bool> = (0..shots)
        .map(|i| {
            assessment.is_some_and(|a| {
                automatic
                    || d.hit_rolls.get(i).and_then(|t| typed_d6(t)).is_some_and(|r| r.makes(a.hit_needed))
            })
        })
        .collect();
    // One line each, cut short: a heading on two lines would move what is under it.
    let heading = |ui: &mut Ui, text: String, on: bool| {
        let text = RichText::new(text).strong();
        rows.line(ui, egui::Label::new(if on { text } else { text.color(muted) }).truncate());
    };
    let mut tallest: f32 = 0.0;
    // Side by side down to a 1024-point window's panel.
    crate::ui::widgets::side_by_side(ui, DICE_SIDE_BY_SIDE, |ui, column| {
        if column == 0 {
            if automatic {
                let each = if shots == 1 { "it hits" } else { "every shot hits" };
                heading(ui, format!("{attacker} needs 1+: {each} without a roll"), true);
            } else {
                heading(ui, format!("{attacker} rolls to hit"), assessment.is_some());
            }
            for (i, text) in d.hit_rolls.iter_mut().enumerate() {
                let name = die_name(shots, i, true);
                let short = if shots == 1 { "Hit d6".to_owned() } else { format!("Shot {}", i + 1) };
                let row = ui.add_enabled_ui(assessment.is_some() && !automatic, |ui| {
                    face_field(ui, (&name, &short), text);
                });
                tallest = tallest.max(row.response.rect.height());
            }
            return;
        }
        heading(ui, format!("{target_name} rolls to wound"), hits.contains(&true));
        for (i, text) in d.wound_rolls.iter_mut().enumerate() {
            let name = die_name(shots, i, false);
            let short = if shots == 1 { "Wound d6".to_owned() } else { format!("Shot {}", i + 1) };
            let hit = hits.get(i).copied().unwrap_or(false);
            let row = ui.add_enabled_ui(hit, |ui| face_field(ui, (&name, &short), text));
            tallest = tallest.max(row.response.rect.height());
        }
    });
    // A weapon of no shot has no row to measure: a blast's cell keeps its own height.
    if tallest > 0.0 { DiceRows { row: tallest, ..rows } } else { rows }
}

/// The others a blast may catch, two to a row: a box for each (ticked by the players who
/// measured it within the blast) with its wound die beside it. One cell for every other
/// character alive from the start, so the rows never come and go as the distance and the
/// dice are typed: before the target is known they are greyed, and the attacker standing
/// farther than the blast reaches says so in its cell. The boxes open once a shot hits.
fn blast_ui(
    ui: &mut Ui,
    s: &State,
    rows: DiceRows,
    assessment: Option<&Assessment>,
    radius: f64,
    at: Option<(CharacterId, f64)>,
    d: &mut AttackDraft,
) {
    let v = ui.visuals().clone();
    let attacker = s.current();
    let any_hit = assessment.is_some_and(|a| {
        a.hit_needed <= 1 || d.hit_rolls.iter().any(|t| typed_d6(t).is_some_and(|r| r.makes(a.hit_needed)))
    });
    // Before the target is known: every other character alive but the attacker, greyed.
    let (cells, candidates): (Vec<CharacterId>, Vec<CharacterId>) = match at {
        Some((target, distance_cm)) => {
            (s.living().filter(|&c| c != target).collect(), s.blast_candidates(target, distance_cm, radius))
        }
        None => (s.living().filter(|&c| Some(c) != attacker).collect(), Vec::new()),
    };
    let target_name = at.map_or_else(|| "the target".to_owned(), |(t, _)| s.name(t).to_owned());
    let question = if any_hit {
        format!("Blast: who else is within {radius} cm of {target_name}?")
    } else {
        format!("Blast, if it hits: who else is within {radius} cm of {target_name}?")
    };
    let text = RichText::new(question).strong();
    rows.line(ui, egui::Label::new(if any_hit { text } else { text.color(theme::muted(&v)) }).truncate());
    let per_row = if ui.available_width() >= DICE_SIDE_BY_SIDE { 2 } else { 1 };
    for pair in cells.chunks(per_row) {
        ui.columns(per_row, |columns| {
            for (&other, column) in pair.iter().zip(columns.iter_mut()) {
                let cell = if at.is_some() && !candidates.contains(&other) {
                    Cell::Safe
                } else if any_hit && candidates.contains(&other) {
                    Cell::Open
                } else {
                    Cell::Greyed
                };
                blast_cell(column, s, other, radius, rows.row, cell, d);
            }
        });
    }
}

/// One character's cell of the blast: its box, its name and its wound die, open once a shot
/// hits and it may be caught; for an attacker farther than the blast reaches, why it is safe.
fn blast_cell(
    ui: &mut Ui,
    s: &State,
    other: CharacterId,
    radius: f64,
    height: f32,
    cell: Cell,
    d: &mut AttackDraft,
) {
    let v = ui.visuals().clone();
    let name = s.name(other).to_owned();
    let is_attacker = Some(other) == s.current();
    let shown = if is_attacker { format!("{name} (the attacker)") } else { name.clone() };
    ui.allocate_ui_with_layout(
        egui::vec2(ui.available_width(), height),
        egui::Layout::left_to_right(egui::Align::Center),
        |ui| {
            ui.set_min_height(height);
            if cell == Cell::Safe {
                let text = format!("{shown}: farther than {radius} cm, not caught");
                ui.add(egui::Label::new(RichText::new(text).color(theme::muted(&v))).truncate());
                return;
            }
            let open = cell == Cell::Open;
            let entry = d.blast.entry(other).or_default();
            // The attacker is a candidate only when the distance typed is inside the blast:
            // then it is caught for certain, and the box is ticked for it.
            if is_attacker && open {
                entry.caught = true;
            }
            ui.add_enabled(open && !is_attacker, egui::Checkbox::without_text(&mut entry.caught))
                .accessible_name(format!("{shown} within {radius} cm"));
            // The name in what the box, the die and its button leave of the cell, cut short.
            let room = (ui.available_width() - 150.0).max(60.0);
            let text =
                if open { RichText::new(&shown) } else { RichText::new(&shown).color(theme::muted(&v)) };
            crate::ui::widgets::fixed(ui, room, egui::Align::Min, egui::Label::new(text).truncate());
            ui.add_enabled_ui(open && entry.caught, |ui| {
                let wrong = parse_roll(&entry.wound_roll, 6).is_err();
                let mut field = egui::TextEdit::singleline(&mut entry.wound_roll)
                    .desired_width(44.0)
                    .font(egui::TextStyle::Heading);
                if wrong {
                    field = field.text_color(theme::bad(&v));
                }
                let mut response = ui.add(field).accessible_name(format!("{name} wound d6"));
                if wrong {
                    // Named beside it, on hover: the cell has no room for a sentence.
                    response = response
                        .on_hover_text(format!("A d6 shows 1 to 6, not '{}'", entry.wound_roll.trim()));
                }
                crate::ui::widgets::keep_in_view(&response);
                if ui.button("Roll d6").on_hover_text("Posse rolls the die for you").clicked() {
                    entry.wound_roll = rand::random_range(1..=6u32).to_string();
                }
            });
        },
    );
}

/// The least width of a panel with a die (or a blast's cell) on each side of it.
const DICE_SIDE_BY_SIDE: f32 = 400.0;

/// The weapons the current character could attack with this turn: those it carries, and
/// those it could pick up at a rearm point after a run (grenades beside its weapon, any
/// other instead of it).
fn could_need<'r>(rules: &'r Rules, s: &State) -> Vec<&'r crate::systems::fragmaster::rules::data::Weapon> {
    let carried = s.current().map(|c| s.carried(rules, c)).unwrap_or_default();
    let points = s.rearm_points.iter().filter_map(|w| rules.weapon(w.as_str()));
    carried.into_iter().chain(points).collect()
}

/// The heights the dice stand in: each heading takes a line and each die (and a blast's cell)
/// a row, the row's height the die rows' drawn this frame, so the room another weapon's dice
/// would take is worked out from its shots and its blast, with nothing laid out unseen.
#[derive(Clone, Copy)]
struct DiceRows {
    /// A heading's line, cut short to one.
    line: f32,
    /// A die's row (its field in the heading's font, its buttons), and a blast's cell.
    row: f32,
    /// The gap between one and the next.
    gap: f32,
}

impl DiceRows {
    /// The line and the gap from the style, and the row a blast's cell takes at least.
    fn of(ui: &Ui) -> DiceRows {
        DiceRows {
            line: ui.text_style_height(&egui::TextStyle::Body).ceil(),
            row: ui.spacing().interact_size.y.max(36.0),
            gap: ui.spacing().item_spacing.y,
        }
    }

    /// The height of the dice of `shots` shots in `width` (the hit dice beside the wound
    /// dice, or over them in a narrow panel), and of a blast's boxes for `blast` others.
    #[expect(clippy::cast_precision_loss, reason = "a handful of shots and characters")]
    fn room(self, width: f32, shots: usize, blast: Option<usize>) -> f32 {
        let wide = width >= DICE_SIDE_BY_SIDE;
        let column = self.line + shots as f32 * (self.gap + self.row);
        let dice = if wide { column } else { 2.0 * column + self.gap };
        let blast = blast.map_or(0.0, |others| {
            let cells = others.div_ceil(if wide { 2 } else { 1 });
            self.gap + self.line + cells as f32 * (self.gap + self.row)
        });
        dice + blast
    }

    /// A heading in a line of its height.
    fn line(self, ui: &mut Ui, label: egui::Label) {
        let size = egui::vec2(ui.available_width(), self.line);
        ui.allocate_ui_with_layout(size, egui::Layout::left_to_right(egui::Align::Center), |ui| {
            ui.set_min_height(self.line);
            ui.add(label);
        });
    }
}

/// How a blast's cell stands.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Cell {
    /// Not yet: no target, no distance or no hit.
    Greyed,
    /// It may be caught: its box and its die are open.
    Open,
    /// The attacker, farther from the target than the blast reaches.
    Safe,
}
