//! A declared shot, with everything the declaration already knows (shot number, aims, moves):
//! the target picked in the roster, the gun in hand, the distance, the modifier with its
//! breakdown, the odds of each result, the d20 typed or rolled, and `roll → result` before
//! Apply. And the enemy's quick shot at the acting model, which at close range is rolled at
//! the same time as the acting model's own shot and applied with it as one event.

use egui::{RichText, Ui};

use super::{NerveDraft, PlayCommand, PlayState};
use crate::systems::dmh::game::{Action, Event, Fire, Flag, Game, ModelRef, Sight};
use crate::systems::dmh::rules::Rules;
use crate::systems::dmh::rules::data::Band;
use crate::systems::dmh::rules::shooting::{self, ShotInput, ShotOdds, ShotResult};
use crate::systems::dmh::ui::looks;
use crate::ui::theme;
use crate::ui::widgets::{self, chance_bar, row, toggle};

/// The shot panel for the acting model's next declared shot. What the shot would do is worked
/// out from the draft first, so the panel's action stays put from shot to shot: the heading,
/// the d20, one line for the result (or what is missing, or why the game refuses it) and
/// Apply come first, at the same place whatever the shot; the inputs, the odds and the tests
/// a shot may need come below them.
pub(super) fn shoot_ui(
    ui: &mut Ui,
    rules: &Rules,
    game: &Game,
    shooter: ModelRef,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    let v = ui.visuals().clone();
    let Some(plan) = plan(rules, game, shooter, &state.draft) else { return };
    ui.horizontal(|ui| {
        ui.label(RichText::new(&plan.heading).size(theme::HEADING).strong());
        ui.add(egui::Label::new(RichText::new(&plan.weapon_line).color(theme::muted(&v))).truncate());
    });
    let die = rules.core.shooting.die;
    let roll = widgets::checked_roll_field(ui, &format!("d{die} roll"), &mut state.draft.roll, die);
    let odds = plan.shot.as_ref().map(|(_, input)| shooting::assess(rules, input));
    let ready = ready(rules, game, shooter, &plan, odds.as_ref(), roll, state);
    let line = match &ready {
        Ready::Waiting(text) => RichText::new(text.as_str()).color(theme::muted(&v)),
        Ready::Refused(why, _) => RichText::new(why.as_str()).color(theme::bad(&v)).strong(),
        Ready::Complete(_, _, roll, modifier, result) => result_text(&v, *roll, *modifier, *result),
    };
    let label = match &ready {
        Ready::Complete(_, label, ..) | Ready::Refused(_, Some(label)) => label.as_str(),
        _ => "Apply",
    };
    let event = match &ready {
        Ready::Complete(event, ..) => Some(event.clone()),
        _ => None,
    };
    if super::action_row(ui, label, event.is_some(), line, theme::HEADING)
        && let Some(event) = event
    {
        apply(event, state, commands);
    }
    ui.add_space(theme::GAP);
    // A short window (a phone on its side) scrolls the whole turn instead: a box in it would
    // be too low to read.
    let boxed = ui.available_width() >= widgets::TWO_ODDS_COLUMNS && !state.short;
    widgets::side_by_side(ui, widgets::TWO_ODDS_COLUMNS, |ui, column| {
        if column == 0 {
            shot_inputs_ui(ui, &plan, state);
            return;
        }
        let (Some((target, _)), Some(odds)) = (&plan.shot, &odds) else { return };
        let mut odds_column = |ui: &mut Ui| {
            // A refusal is said on the action's line.
            if let Ok(odds) = odds {
                odds_ui(ui, odds);
                gate_ui(ui, rules, game, shooter, *target, odds, state);
            }
            for note in &plan.notes {
                ui.label(RichText::new(note).strong().color(theme::accent(&v)));
            }
        };
        if boxed {
            // Beside the inputs, the odds end where the turn's first screen does (above the
            // log) and scroll in a box of their own past it: with the enemy's quick shot open
            // above the panel they ran under the log, past the window's bottom.
            let room = ui.available_height().max(ODDS_LEAST);
            egui::ScrollArea::vertical()
                .id_salt("shot-odds")
                .max_height(room)
                .auto_shrink([false, true])
                .content_margin(widgets::clear_of_scroll_bar(ui))
                .show(ui, odds_column);
        } else {
            odds_column(ui);
        }
    });
}

/// The least height of the odds' box: the modifier and the first results, whatever the room.
const ODDS_LEAST: f32 = 80.0;

/// The shot as the draft stands, worked out before anything is drawn.
struct Plan {
    heading: String,
    weapon_line: String,
    /// Whether the gun in hand is a shotgun (it may fire both barrels).
    shotgun: bool,
    /// The target may duck back.
    may_duck: bool,
    /// The target and the shot, once both are known.
    shot: Option<(ModelRef, ShotInput)>,
    /// What is still missing, in words.
    missing: Option<&'static str>,
    /// What cards in play and a fight do to the shot.
    notes: Vec<String>,
}

/// What the shot panel's action would do now.
enum Ready {
    /// Something is missing: what.
    Waiting(String),
    /// The game refuses the shot: why, and the button's words.
    Refused(String, Option<String>),
    /// The event, the button's words, the roll, the modifier and the result.
    Complete(Event, String, u32, i32, ShotResult),
}

/// The shot from the draft: the target picked in the roster, the gun, the distance and the
/// target's cover (no drawing).
fn plan(rules: &Rules, game: &Game, shooter: ModelRef, d: &super::ShotDraft) -> Option<Plan> {
    let model = game.model_at(shooter)?;
    let enemy = 1 - shooter.side;
    let enemies = game.sides.get(enemy)?;
    let context = game.shot_context(shooter);
    let in_hand = model.in_hand().to_owned();
    let shotgun = rules.weapon(&in_hand).is_some_and(|w| w.id == "shotgun");
    let weapon_id = if shotgun && d.both_barrels { "both-barrels".to_owned() } else { in_hand.clone() };
    let weapon = rules.weapon(&weapon_id)?;
    let target =
        d.target.filter(|&t| enemies.models.get(t).is_some_and(|m| !m.out_of_action && m.on_table()));
    let heading = target.and_then(|t| enemies.models.get(t)).map_or_else(
        || format!("Shot {}: click an enemy in the roster", context.shot),
        |m| format!("Shot {} at {}", context.shot, m.name),
    );
    let weapon_line = format!(
        "{} · {} · {}",
        weapon.name,
        crate::systems::dmh::rules::count(context.aims, "aim", "aims"),
        crate::systems::dmh::rules::count(context.shooter_moves, "move declared", "moves declared"),
    );
    let mut plan = Plan {
        heading,
        weapon_line,
        shotgun,
        may_duck: false,
        shot: None,
        missing: Some("Click the target in the roster."),
        notes: Vec::new(),
    };
    let Some(t) = target else { return Some(plan) };
    let target_ref = ModelRef { side: enemy, model: t };
    let them = enemies.models.get(t)?;
    plan.may_duck = game.activation_of(shooter).is_some_and(|a| a.ducked.is_none())
        && !them.activated
        && !them.has(Flag::Surprised)
        && game.fight_of(target_ref).is_none()
        && (them.card.is_some() || them.has(Flag::Ace));
    let duck_back = d.duck_back && plan.may_duck;
    let Ok(distance) = crate::systems::dmh::ui::reference::parse_distance(&d.distance) else {
        plan.missing = Some("Type the measured distance in cm, like 14 or 14.5.");
        return Some(plan);
    };
    plan.missing = None;
    let mut shot = ShotInput {
        weapon: weapon_id,
        distance_cm: distance,
        shot: context.shot.min(weapon.max_shots.max(1)),
        aims: context.aims.min(weapon.max_aims),
        shooter_moves: context.shooter_moves.min(2),
        shooter_mounted: model.has(Flag::Mounted),
        shooter_under_fire: model.under_fire.min(4),
        skill: model.shoot,
        shooter_boss: model.boss,
        target_moves: if duck_back { them.moves.max(1) } else { them.moves }.min(3),
        cover: d.cover || them.has(Flag::Cover),
        target_boss: them.boss,
        target_mounted: them.has(Flag::Mounted),
        obscured: d.obscured,
        black_joker: false,
        counts_as_aimed: false,
        hostage: game.holds_hostage(rules, target_ref),
    };
    plan.notes = game
        .card_shot_effects(rules, shooter, target_ref, &mut shot)
        .into_iter()
        .map(str::to_owned)
        .collect();
    // Each gang reads its own rule for a target locked in a fight (lines 189, 193, 328–329).
    if let Some(rule) = game.fight_shot_rule(rules, shooter.side, target_ref) {
        plan.notes.push(rule.text().into());
    }
    plan.shot = Some((target_ref, shot));
    Some(plan)
}

/// What Apply would do: the shot (with a quick shot rolled at close range at the same time),
/// or what is missing, or why the game refuses it.
fn ready(
    rules: &Rules,
    game: &Game,
    shooter: ModelRef,
    plan: &Plan,
    odds: Option<&Result<ShotOdds, shooting::ShotError>>,
    roll: Option<u32>,
    state: &PlayState,
) -> Ready {
    let die = rules.core.shooting.die;
    let (Some((target, input)), Some(odds)) = (&plan.shot, odds) else {
        return Ready::Waiting(plan.missing.unwrap_or("Click the target in the roster.").to_owned());
    };
    let odds = match odds {
        Ok(odds) => odds,
        Err(e) => return Ready::Refused(crate::ui::sentence(&e.to_string()), None),
    };
    if let Some(why) = owed_test(rules, game, shooter, *target) {
        return Ready::Refused(why, None);
    }
    let Some(roll) = roll else {
        // A wrong face said whole: beside the field it may be cut short, and nothing hovers
        // on a phone.
        return Ready::Waiting(
            widgets::wrong_face_sentence(&format!("The d{die} roll"), &state.draft.roll, die)
                .unwrap_or_else(|| format!("Roll the d{die} and type it, or Roll d{die}.")),
        );
    };
    let result = game.shot_result(rules, *target, odds.modifier, roll);
    let fire =
        Fire { shooter, target: *target, modifier: odds.modifier, roll, weapon: Some(input.weapon.clone()) };
    // A quick shot rolled at close range goes off at the same time as this one.
    let quick = quick_fire(rules, game, shooter, &state.quick).filter(|(_, band)| *band != Band::Long);
    let (event, label) = match quick {
        Some((q, _)) => (
            Event::QuickShot { quick: q, answer: Some(fire) },
            format!("Apply both shots: {}", result.title()),
        ),
        None => (
            Event::Shot {
                shooter,
                target: *target,
                modifier: fire.modifier,
                roll,
                weapon: fire.weapon.clone(),
                duck_back: state.draft.duck_back && plan.may_duck,
            },
            format!("Apply: {}", result.title()),
        ),
    };
    match game.refusal(rules, &event) {
        Some(why) => Ready::Refused(crate::ui::sentence(&why.to_string()), Some(label)),
        None => Ready::Complete(event, label, roll, odds.modifier, result),
    }
}

/// The nerve test a hostage holder asks for before the roll, while it is owed.
fn owed_test(rules: &Rules, game: &Game, shooter: ModelRef, target: ModelRef) -> Option<String> {
    let cleared = game.activation_of(shooter).is_some_and(|a| a.cleared.contains(&target));
    let name = game.model_at(target).map_or("?", |m| m.name.as_str());
    (game.holds_hostage(rules, target) && !game.shoots_into_fights(rules, shooter.side) && !cleared)
        .then(|| format!("{name} holds a hostage: pass a nerve test to shoot at him."))
}

/// The shot's inputs, under the action: both barrels, the distance, the target's cover and
/// whether it ducks back.
fn shot_inputs_ui(ui: &mut Ui, plan: &Plan, state: &mut PlayState) {
    let d = &mut state.draft;
    if plan.shotgun {
        toggle(ui, &mut d.both_barrels, "Both barrels at once");
    }
    widgets::text_field(ui, "Distance (cm)", &mut d.distance, 80.0);
    row(ui, |ui| {
        toggle(ui, &mut d.cover, "Target in cover");
        toggle(ui, &mut d.obscured, "Obscured");
    });
    if plan.may_duck {
        ui.checkbox(&mut d.duck_back, "Target ducks back")
            .on_hover_text("It burns its activation and counts as moving once; one duck back per activation");
    } else if plan.shot.is_some() {
        d.duck_back = false;
    }
}

/// Before the roll: a hostage holder, or a target past a closer enemy, needs a passed nerve
/// test: the button that calls it, under the odds.
fn gate_ui(
    ui: &mut Ui,
    rules: &Rules,
    game: &Game,
    shooter: ModelRef,
    target: ModelRef,
    odds: &ShotOdds,
    state: &mut PlayState,
) {
    let cleared = game.activation_of(shooter).is_some_and(|a| a.cleared.contains(&target));
    let name = game.model_at(target).map_or("?", |m| m.name.as_str()).to_owned();
    if owed_test(rules, game, shooter, target).is_some() {
        if ui.button("Take the nerve test").clicked() {
            state.nerve =
                NerveDraft::new(shooter, format!("To shoot at {name}, who holds a hostage."), Some(target));
        }
        return;
    }
    // The closest-target rule applies in close and point-blank range (reading A13).
    if odds.range == Band::Long || cleared {
        state.draft.not_closest = false;
        return;
    }
    toggle(ui, &mut state.draft.not_closest, "Target is not the closest enemy");
    if state.draft.not_closest {
        ui.horizontal_wrapped(|ui| {
            ui.label(
                "Take a nerve test first: pass, shoot as declared; fail, shoot the closest enemy instead.",
            );
            if ui.button("Take the nerve test").clicked() {
                state.nerve = NerveDraft::new(
                    shooter,
                    format!("Closest-target rule: to shoot past a closer enemy at {name}."),
                    Some(target),
                );
            }
        });
    }
}

/// The modifier, its breakdown and the chance of each result.
fn odds_ui(ui: &mut Ui, odds: &ShotOdds) {
    let v = ui.visuals().clone();
    ui.spacing_mut().item_spacing.y = 3.0;
    ui.label(
        RichText::new(format!("Modifier {:+} · {} range", odds.modifier, odds.range.title().to_lowercase()))
            .size(theme::HEADING)
            .strong(),
    );
    if !odds.modifiers.is_empty() {
        let parts: Vec<String> =
            odds.modifiers.iter().map(|m| format!("{} {:+}", m.reason, m.value)).collect();
        ui.label(RichText::new(parts.join(" · ")).small().color(theme::muted(&v)));
    }
    for r in ShotResult::ALL {
        chance_bar(ui, r.title(), odds.chances.of(r), looks::result_colour(&v, r));
    }
}

/// `roll + modifier = total → result`, in the result's colour.
fn result_text(v: &egui::Visuals, roll: u32, modifier: i32, result: ShotResult) -> RichText {
    RichText::new(format!(
        "{roll} {modifier:+} = {} → {}",
        i64::from(roll) + i64::from(modifier),
        result.title()
    ))
    .size(theme::HEADING)
    .strong()
    .color(looks::result_colour(v, result))
}

/// Sends the shot, and clears what belonged to it.
fn apply(event: Event, state: &mut PlayState, commands: &mut Vec<PlayCommand>) {
    commands.push(PlayCommand::Apply(event));
    state.draft.roll.clear();
    state.draft.duck_back = false;
    state.draft.both_barrels = false;
    state.quick = super::QuickDraft::default();
}

/// The quick shot being prepared, once it is complete: the shot and the quick shooter's
/// range band (which decides who fires first, A21).
fn quick_fire(rules: &Rules, game: &Game, target: ModelRef, q: &super::QuickDraft) -> Option<(Fire, Band)> {
    let (shooter, input) = quick_input(rules, game, target, q)?;
    let odds = shooting::assess(rules, &input).ok()?;
    let roll = widgets::parse_roll(&q.roll, rules.core.shooting.die).ok()??;
    Some((Fire { shooter, target, modifier: odds.modifier, roll, weapon: Some(input.weapon) }, odds.range))
}

fn quick_input(
    rules: &Rules,
    game: &Game,
    target: ModelRef,
    q: &super::QuickDraft,
) -> Option<(ModelRef, ShotInput)> {
    if !q.open {
        return None;
    }
    let shooter = ModelRef { side: 1 - target.side, model: q.shooter? };
    let distance = crate::systems::dmh::ui::reference::parse_distance(&q.distance).ok()?;
    // The to-hit modifiers apply as for any shot (line 171), cover and obscured included.
    let sight = Sight { cover: q.cover, obscured: q.obscured };
    let (input, _) = game.quick_shot_input(rules, shooter, target, distance, sight)?;
    Some((shooter, input))
}

/// The quick shot's first two lines: who shoots and the way out, then the distance and the
/// sight.
fn quick_inputs_ui(
    ui: &mut Ui,
    enemies: &crate::systems::dmh::game::SideState,
    victim: &crate::systems::dmh::game::Model,
    ready: &[ModelRef],
    q: &mut super::QuickDraft,
) {
    let v = ui.visuals().clone();
    // 1. Who shoots, and the way out.
    row(ui, |ui| {
        // In a box of its own width, cut short (whole on hover): a long name pushed the
        // shooter and Cancel past the window's edge.
        let title = egui::Label::new(theme::heading(&v, format!("Quick shot at {}", victim.name))).truncate();
        widgets::fixed(ui, QUICK_TITLE_WIDTH.min(ui.available_width()), egui::Align::Min, title);
        let label = widgets::row_label(ui, "Quick shooter");
        let current = q.shooter.and_then(|m| enemies.models.get(m)).map_or("Pick", |m| m.name.as_str());
        // As wide whoever is picked, so Cancel after it stays put.
        egui::ComboBox::from_id_salt("quick-shooter")
            .width(150.0)
            .truncate()
            .selected_text(current)
            .show_ui(ui, |ui| {
                for r in ready {
                    ui.selectable_value(&mut q.shooter, Some(r.model), &enemies.models[r.model].name);
                }
            })
            .response
            .labelled_by(label.id);
        if ui.button("Cancel").clicked() {
            q.open = false;
        }
    });
    // 2. The distance and the sight, on one line.
    row(ui, |ui| {
        let label = widgets::row_label(ui, "Quick shot distance (cm)");
        let field = ui
            .add(
                egui::TextEdit::singleline(&mut q.distance)
                    .char_limit(widgets::MAX_FIELD_CHARS)
                    .desired_width(80.0),
            )
            .labelled_by(label.id);
        widgets::keep_in_view(&field);
        toggle(ui, &mut q.cover, &format!("{} in cover", victim.name));
        // "Obscured" in the quick shot's box (to a screen reader, the quick shot's): the line
        // fits a 1024-point window beside the roster, and the shot's Apply stays in sight.
        ui.checkbox(&mut q.obscured, "Obscured").accessible_name("Quick shot obscured");
    });
}

/// The width of the quick shot's title, "Quick shot at …", in points.
const QUICK_TITLE_WIDTH: f32 = 260.0;

/// When a quick shot at `victim` goes off, in words.
fn quick_timing(victim: &str, range: Band, shooting_next: bool) -> String {
    if range == Band::Long {
        format!("Long range: the quick shot comes first. If {victim} falls, it does nothing more.")
    } else if shooting_next {
        format!(
            "Close range: both shots are rolled together and both resolve. Type {victim}'s roll in the shot panel and apply both there."
        )
    } else {
        format!("Against a move, fire at the moment of {victim}'s move you choose.")
    }
}

/// The room the quick shot's d20 row takes beside its Apply.
const ROLL_ROOM: f32 = 425.0;

/// A line of the quick shot's form, as high as a line of text whether or not it has one, its
/// text cut at the end of the line and whole on hover.
fn line(ui: &mut Ui, text: Option<RichText>) {
    line_of_two(ui, text.unwrap_or_default(), RichText::default());
}

/// [`line`] with two texts, the second after the first (each a label of its own).
fn line_of_two(ui: &mut Ui, first: RichText, second: RichText) {
    let font = egui::FontId::proportional(theme::BODY);
    let height = ui.fonts_mut(|f| f.row_height(&font)).ceil() + 2.0;
    let (rect, _) = ui.allocate_exact_size(egui::vec2(ui.available_width(), height), egui::Sense::hover());
    ui.scope_builder(
        egui::UiBuilder::new().max_rect(rect).layout(egui::Layout::left_to_right(egui::Align::Center)),
        |ui| {
            for text in [first, second] {
                if !text.is_empty() {
                    // Cut short, it shows the whole line on hover itself.
                    ui.add(egui::Label::new(text.size(theme::BODY)).truncate());
                }
            }
        },
    );
}

/// A problem in the quick shot's form, in the warning colour.
fn bad(v: &egui::Visuals, text: &str) -> RichText {
    RichText::new(crate::ui::sentence(text)).color(theme::bad(v)).strong()
}

/// The quick shot's gun, modifier, chance to hit and range, on one line.
fn quick_odds_text(input: &ShotInput, odds: &ShotOdds) -> RichText {
    RichText::new(format!(
        "{} · modifier {:+} · hit {} · {} range",
        input.weapon,
        odds.modifier,
        odds.chances.hit(),
        odds.range.title().to_lowercase()
    ))
    .strong()
}

/// The button that opens the enemy's quick shot at the acting model `target`, while one may be
/// taken: short on the acting model's header row (which never moves), its whole sentence on
/// hover and for screen readers. Placed before the row's other contents in a right-to-left
/// layout.
/// On a phone (`compact`) it is the ⚡ alone, a finger's size, beside End activation.
pub(super) fn quick_shot_button(
    ui: &mut Ui,
    rules: &Rules,
    game: &Game,
    target: ModelRef,
    compact: bool,
    state: &mut PlayState,
) {
    if !quick_shot_offered(rules, game, target, state) {
        return;
    }
    let enemy = 1 - target.side;
    let (Some(enemies), Some(victim)) = (game.sides.get(enemy), game.model_at(target)) else { return };
    let full = format!("⚡ {} quick shoot {}…", enemies.name, victim.name);
    let text = if compact { "⚡" } else { "⚡ Quick shot…" };
    if ui.button(text).accessible_name(full.clone()).on_hover_text(full).clicked() {
        // It opens at 15 cm; a field cleared to be typed in stays empty.
        state.quick = super::QuickDraft { open: true, distance: "15".into(), ..super::QuickDraft::default() };
    }
}

/// Whether [`quick_shot_button`] is shown: an enemy may still quick shoot `target`, and the
/// quick shot is not open yet.
pub(super) fn quick_shot_offered(rules: &Rules, game: &Game, target: ModelRef, state: &PlayState) -> bool {
    let enemy = 1 - target.side;
    !state.quick.open && !game.quick_shot_taken(enemy) && !game.quick_shooters(rules, enemy).is_empty()
}

/// An enemy that has not acted quick shoots the acting model: one per enemy activation for
/// the whole side. At long range it fires first (and alone); at close range it is rolled with
/// the acting model's shot and applied from the shot panel; against a move, any time. Opened
/// by [`quick_shot_button`], under the acting model's header and above the step's panel.
///
/// The form is as high whatever it holds (six lines, each kept for its contents), so the step's
/// panel under it keeps its place while the quick shooter, the distance and the rolls are
/// typed, and the whole of it, Apply included, fits a 1280×800 window above the shot panel's
/// own action: the odds, the timing and the result or what is missing each have their line.
pub(super) fn quick_shot_ui(
    ui: &mut Ui,
    rules: &Rules,
    game: &Game,
    target: ModelRef,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    let v = ui.visuals().clone();
    let enemy = 1 - target.side;
    let (Some(enemies), Some(victim)) = (game.sides.get(enemy), game.model_at(target)) else { return };
    let ready = game.quick_shooters(rules, enemy);
    if game.quick_shot_taken(enemy) || ready.is_empty() || !state.quick.open {
        return;
    }
    let die = rules.core.shooting.die;
    let mut apply = None;
    egui::Frame::group(ui.style()).show(ui, |ui| {
        // Its lines closer together than the panel's on a desktop (a touch screen keeps its
        // spacing between targets), so the shot panel's own action still fits under it.
        if !theme::is_touch(ui.ctx()) {
            ui.spacing_mut().item_spacing.y = 4.0;
        }
        let q = &mut state.quick;
        quick_inputs_ui(ui, enemies, victim, &ready, q);
        let input = quick_input(rules, game, target, q);
        let odds = input.as_ref().map(|(_, input)| shooting::assess(rules, input));
        // 3. The gun, the modifier and the chance with the modifier's breakdown after them (or
        // why there is none yet), and 4. when it goes off: a line each.
        let odds = odds.and_then(|odds| odds.map_err(|e| line(ui, Some(bad(&v, &e.to_string())))).ok());
        if let (Some((_, input)), Some(odds)) = (&input, &odds) {
            let parts: Vec<String> =
                odds.modifiers.iter().map(|m| format!("{} {:+}", m.reason, m.value)).collect();
            line_of_two(
                ui,
                quick_odds_text(input, odds),
                RichText::new(parts.join(" · ")).color(theme::muted(&v)),
            );
        } else if input.is_none() {
            line(
                ui,
                Some(if q.shooter.is_none() {
                    RichText::new("Pick the quick shooter.").color(theme::muted(&v))
                } else {
                    bad(&v, "Type the distance in cm.")
                }),
            );
        }
        let shooting_next = game.activation_of(target).and_then(crate::systems::dmh::game::Activation::next)
            == Some(Action::Shoot);
        let together = odds.as_ref().is_some_and(|o| o.range != Band::Long) && shooting_next;
        // 4. The d20 (its own name: at close range the acting model's is on screen too) and
        // Apply beside it, then 5. what it does: when it goes off until it is rolled, then the
        // result (or why the game refuses it).
        let mut roll_and_apply = |ui: &mut Ui, q: &mut super::QuickDraft, room: f32| {
            let roll = ui
                .allocate_ui_with_layout(
                    egui::vec2(room, ui.spacing().interact_size.y),
                    egui::Layout::top_down(egui::Align::Min),
                    |ui| {
                        // As wide with Clear as without it: Apply beside it stays put.
                        ui.set_min_width(room);
                        widgets::checked_roll_field(ui, &format!("Quick shot d{die} roll"), &mut q.roll, die)
                    },
                )
                .inner;
            let fire = match (&input, &odds, roll) {
                (Some((shooter, input)), Some(odds), Some(roll)) => Some(Fire {
                    shooter: *shooter,
                    target,
                    modifier: odds.modifier,
                    roll,
                    weapon: Some(input.weapon.clone()),
                }),
                _ => None,
            };
            let result = fire
                .as_ref()
                .map(|f| (f.roll, f.modifier, game.shot_result(rules, target, f.modifier, f.roll)));
            let event = fire.filter(|_| !together).map(|quick| Event::QuickShot { quick, answer: None });
            let refusal = event.as_ref().and_then(|e| game.refusal(rules, e));
            // Short enough to be read whole beside the d20 (the result is on the line under it).
            let label = if together { "Apply it with the shot" } else { "Apply the quick shot" };
            let enabled = event.is_some() && refusal.is_none();
            if super::action_button(ui, label, enabled)
                && let Some(event) = event.filter(|_| enabled)
            {
                apply = Some(event);
            }
            (result, refusal)
        };
        let q = &mut state.quick;
        let (result, refusal) = if ui.available_width() >= ROLL_ROOM + 220.0 {
            ui.horizontal(|ui| roll_and_apply(ui, q, ROLL_ROOM)).inner
        } else {
            let room = ui.available_width();
            roll_and_apply(ui, q, room)
        };
        // A wrong face said whole: beside the field it may be cut short, and nothing hovers
        // on a phone.
        let wrong = widgets::wrong_face_sentence(&format!("The quick shot's d{die}"), &q.roll, die);
        let outcome = match (&refusal, result, wrong, &odds) {
            (Some(why), ..) => Some(bad(&v, &why.to_string())),
            (None, Some((roll, modifier, result)), ..) => Some(result_text(&v, roll, modifier, result)),
            (None, None, Some(sentence), _) => Some(bad(&v, &sentence)),
            (None, None, None, Some(odds)) => Some(
                RichText::new(quick_timing(&victim.name, odds.range, shooting_next)).color(theme::muted(&v)),
            ),
            (None, None, None, None) => None,
        };
        line(ui, outcome);
    });
    if let Some(event) = apply {
        commands.push(PlayCommand::Apply(event));
        state.draft.roll.clear();
        state.quick = super::QuickDraft::default();
    }
}
