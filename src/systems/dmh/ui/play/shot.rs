//! A declared shot, with everything the declaration already knows (shot number, aims, moves):
//! the target picked in the roster, the gun in hand, the distance, the modifier with its
//! breakdown, the odds of each result, the d20 typed or rolled, and `roll → result` before
//! Apply. And the enemy's quick shot at the acting model, which at close range is rolled at
//! the same time as the acting model's own shot and applied with it as one event.

use egui::{RichText, Ui};

use super::{NerveDraft, PlayCommand, PlayState};
use crate::systems::dmh::game::{Action, Event, Fire, Flag, Game, ModelRef};
use crate::systems::dmh::rules::Rules;
use crate::systems::dmh::rules::data::Band;
use crate::systems::dmh::rules::shooting::{self, ShotInput, ShotOdds, ShotResult};
use crate::systems::dmh::ui::looks;
use crate::ui::theme;
use crate::ui::widgets::{self, chance_bar, problem, roll_field, row, toggle};

/// The shot panel for the acting model's next declared shot: the inputs on the left, the
/// odds, the roll and Apply on the right, so a whole shot fits the window.
pub(super) fn shoot_ui(
    ui: &mut Ui,
    rules: &Rules,
    game: &Game,
    shooter: ModelRef,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    let mut picked = None;
    widgets::side_by_side(ui, widgets::TWO_ODDS_COLUMNS, |ui, column| {
        if column == 0 {
            picked = shot_inputs_ui(ui, rules, game, shooter, state);
        } else if let Some((target, input)) = &picked {
            shot_result_ui(ui, rules, game, shooter, *target, input, state, commands);
        }
    });
}

/// The shot's inputs: what the declaration knows, the target picked in the roster, the gun,
/// the distance and the target's cover. Returns the target and the shot once complete.
fn shot_inputs_ui(
    ui: &mut Ui,
    rules: &Rules,
    game: &Game,
    shooter: ModelRef,
    state: &mut PlayState,
) -> Option<(ModelRef, ShotInput)> {
    let v = ui.visuals().clone();
    let model = game.model_at(shooter)?;
    let enemy = 1 - shooter.side;
    let enemies = game.sides.get(enemy)?;
    let context = game.shot_context(shooter);
    let d = &mut state.draft;
    if d.distance.is_empty() {
        d.distance = "15".into();
    }
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
    ui.label(RichText::new(heading).size(theme::HEADING).strong());
    ui.label(
        RichText::new(format!(
            "{} · {} · {}",
            weapon.name,
            crate::systems::dmh::rules::count(context.aims, "aim", "aims"),
            crate::systems::dmh::rules::count(context.shooter_moves, "move declared", "moves declared"),
        ))
        .color(theme::muted(&v)),
    );
    if shotgun {
        toggle(ui, &mut d.both_barrels, "Both barrels at once");
    }
    widgets::text_field(ui, "Distance (cm)", &mut d.distance, 80.0);
    row(ui, |ui| {
        toggle(ui, &mut d.cover, "Target in cover");
        toggle(ui, &mut d.obscured, "Obscured");
    });
    let t = target?;
    let target_ref = ModelRef { side: enemy, model: t };
    let them = enemies.models.get(t)?;
    let may_duck = game.activation_of(shooter).is_some_and(|a| a.ducked.is_none())
        && !them.activated
        && !them.has(Flag::Surprised)
        && game.fight_of(target_ref).is_none()
        && (them.card.is_some() || them.has(Flag::Ace));
    if may_duck {
        ui.checkbox(&mut d.duck_back, "Target ducks back")
            .on_hover_text("It burns its activation and counts as moving once; one duck back per activation");
    } else {
        d.duck_back = false;
    }
    let Ok(distance) = crate::systems::dmh::ui::reference::parse_distance(&d.distance) else {
        problem(ui, "Type the measured distance in cm, like 14 or 14.5.");
        return None;
    };
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
        target_moves: if d.duck_back { them.moves.max(1) } else { them.moves }.min(3),
        cover: d.cover || them.has(Flag::Cover),
        target_boss: them.boss,
        target_mounted: them.has(Flag::Mounted),
        obscured: d.obscured,
        black_joker: false,
        counts_as_aimed: false,
        hostage: game.holds_hostage(rules, target_ref),
    };
    for note in game.card_shot_effects(rules, shooter, target_ref, &mut shot) {
        ui.label(RichText::new(note).strong().color(theme::accent(&v)));
    }
    if game.fight_of(target_ref).is_some() {
        ui.label(
            RichText::new(
                "Into a fight: on a hit Posse turns your top card; an even number hits your own fighter.",
            )
            .color(theme::accent(&v)),
        );
    }
    Some((target_ref, shot))
}

/// The shot's modifier and odds, the tests it needs first, the roll, `roll → result` and
/// Apply (both shots at once when a quick shot goes off at the same time).
#[expect(clippy::too_many_arguments, reason = "the panel's half that reads the inputs the other half made")]
fn shot_result_ui(
    ui: &mut Ui,
    rules: &Rules,
    game: &Game,
    shooter: ModelRef,
    target: ModelRef,
    input: &ShotInput,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    let odds = match shooting::assess(rules, input) {
        Ok(o) => o,
        Err(e) => {
            problem(ui, &crate::ui::sentence(&e.to_string()));
            return;
        }
    };
    odds_ui(ui, &odds);
    if !gate_ui(ui, rules, game, shooter, target, &odds, state) {
        return;
    }
    let roll = match roll_field(ui, &mut state.draft.roll, rules.core.shooting.die) {
        Ok(Some(roll)) => roll,
        Ok(None) => return,
        Err(m) => {
            problem(ui, &m);
            return;
        }
    };
    let result = game.shot_result(rules, target, odds.modifier, roll);
    result_line(ui, roll, odds.modifier, result);
    let fire = Fire { shooter, target, modifier: odds.modifier, roll, weapon: Some(input.weapon.clone()) };
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
                target,
                modifier: fire.modifier,
                roll,
                weapon: fire.weapon.clone(),
                duck_back: state.draft.duck_back,
            },
            format!("Apply: {}", result.title()),
        ),
    };
    apply_button(ui, game, rules, event, &label, state, commands);
}

/// Before the roll: a hostage holder, or a target past a closer enemy, needs a passed nerve
/// test. Returns `false` while the test is owed.
fn gate_ui(
    ui: &mut Ui,
    rules: &Rules,
    game: &Game,
    shooter: ModelRef,
    target: ModelRef,
    odds: &ShotOdds,
    state: &mut PlayState,
) -> bool {
    let cleared = game.activation_of(shooter).is_some_and(|a| a.cleared.contains(&target));
    let name = game.model_at(target).map_or("?", |m| m.name.as_str()).to_owned();
    if game.holds_hostage(rules, target) && !game.shoots_into_fights(rules, shooter.side) && !cleared {
        ui.horizontal_wrapped(|ui| {
            ui.label(
                RichText::new(format!("{name} holds a hostage: pass a nerve test to shoot at him.")).strong(),
            );
            if ui.button("Take the nerve test").clicked() {
                state.nerve = NerveDraft::new(
                    shooter,
                    format!("To shoot at {name}, who holds a hostage."),
                    Some(target),
                );
            }
        });
        return false;
    }
    // The closest-target rule applies in close and point-blank range (reading A13).
    if odds.range == Band::Long || cleared {
        state.draft.not_closest = false;
        return true;
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
    true
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

/// `roll + modifier = total → result`, large, in the result's colour.
fn result_line(ui: &mut Ui, roll: u32, modifier: i32, result: ShotResult) {
    let v = ui.visuals().clone();
    ui.label(
        RichText::new(format!(
            "{roll} {modifier:+} = {} → {}",
            i64::from(roll) + i64::from(modifier),
            result.title()
        ))
        .size(theme::HEADING)
        .strong()
        .color(looks::result_colour(&v, result)),
    );
}

/// The Apply button, enabled only when the game accepts the event (and saying why not).
fn apply_button(
    ui: &mut Ui,
    game: &Game,
    rules: &Rules,
    event: Event,
    label: &str,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    let refusal = game.refusal(rules, &event);
    if let Some(why) = &refusal {
        problem(ui, &crate::ui::sentence(&why.to_string()));
    }
    let button =
        egui::Button::new(RichText::new(label).size(theme::HEADING)).min_size(egui::vec2(220.0, 40.0));
    if ui.add_enabled(refusal.is_none(), button).clicked() {
        commands.push(PlayCommand::Apply(event));
        state.draft.roll.clear();
        state.draft.duck_back = false;
        state.draft.both_barrels = false;
        state.quick = super::QuickDraft::default();
    }
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
    let by = game.model_at(shooter)?;
    let victim = game.model_at(target)?;
    let distance = crate::systems::dmh::ui::reference::parse_distance(&q.distance).ok()?;
    let declared =
        game.activation_of(target).map_or(0, crate::systems::dmh::game::Activation::declared_moves);
    let mut input = ShotInput {
        weapon: game.quick_weapon(rules, shooter)?,
        distance_cm: distance,
        shooter_under_fire: by.under_fire.min(4),
        skill: by.shoot,
        shooter_boss: by.boss,
        shooter_mounted: by.has(Flag::Mounted),
        target_moves: declared.min(3),
        target_boss: victim.boss,
        target_mounted: victim.has(Flag::Mounted),
        hostage: game.holds_hostage(rules, target),
        ..ShotInput::default()
    };
    let _ = game.card_shot_effects(rules, shooter, target, &mut input);
    Some((shooter, input))
}

/// An enemy that has not acted quick shoots the acting model: one per enemy activation for
/// the whole side. At long range it fires first (and alone); at close range it is rolled with
/// the acting model's shot and applied from the shot panel; against a move, any time.
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
    if game.quick_shot_taken(enemy) || ready.is_empty() {
        return;
    }
    ui.add_space(6.0);
    if !state.quick.open {
        if ui.button(format!("⚡ {} quick shoot {}…", enemies.name, victim.name)).clicked() {
            state.quick.open = true;
        }
        return;
    }
    let mut apply = None;
    egui::Frame::group(ui.style()).show(ui, |ui| {
        let q = &mut state.quick;
        row(ui, |ui| {
            ui.label(theme::heading(&v, format!("Quick shot at {}", victim.name)));
            if ui.button("Cancel").clicked() {
                q.open = false;
            }
        });
        row(ui, |ui| {
            let label = widgets::row_label(ui, "Quick shooter");
            let current = q.shooter.and_then(|m| enemies.models.get(m)).map_or("Pick", |m| m.name.as_str());
            egui::ComboBox::from_id_salt("quick-shooter")
                .selected_text(current)
                .show_ui(ui, |ui| {
                    for r in &ready {
                        ui.selectable_value(&mut q.shooter, Some(r.model), &enemies.models[r.model].name);
                    }
                })
                .response
                .labelled_by(label.id);
        });
        if q.distance.is_empty() {
            q.distance = "15".into();
        }
        widgets::text_field(ui, "Quick shot distance (cm)", &mut q.distance, 80.0);
        let Some((shooter, input)) = quick_input(rules, game, target, q) else { return };
        let odds = match shooting::assess(rules, &input) {
            Ok(o) => o,
            Err(e) => {
                problem(ui, &crate::ui::sentence(&e.to_string()));
                return;
            }
        };
        ui.label(
            RichText::new(format!(
                "{} · modifier {:+} · hit {} · {} range",
                input.weapon,
                odds.modifier,
                odds.chances.hit(),
                odds.range.title().to_lowercase()
            ))
            .strong(),
        );
        let shooting_next =
            game.activation_of(target).and_then(crate::systems::dmh::game::Activation::next) == Some(Action::Shoot);
        let together = odds.range != Band::Long && shooting_next;
        let timing = if odds.range == Band::Long {
            format!("Long range: the quick shot comes first. If {} falls, it does nothing more.", victim.name)
        } else if shooting_next {
            format!(
                "Close range: both shots are rolled together and both resolve. Type {}'s roll in the shot panel and apply both there.",
                victim.name
            )
        } else {
            format!("Against a move, fire at the moment of {}'s move you choose.", victim.name)
        };
        ui.label(RichText::new(timing).color(theme::muted(&v)));
        // Its own name: at close range the acting model's d20 field is on screen too.
        let die = rules.core.shooting.die;
        match widgets::roll_field_named(ui, &format!("Quick shot d{die} roll"), &mut q.roll, die) {
            Ok(Some(roll)) => {
                let result = game.shot_result(rules, target, odds.modifier, roll);
                result_line(ui, roll, odds.modifier, result);
                if !together {
                    let quick = Fire { shooter, target, modifier: odds.modifier, roll, weapon: Some(input.weapon.clone()) };
                    apply = Some((Event::QuickShot { quick, answer: None }, format!("Apply the quick shot: {}", result.title())));
                }
            }
            Ok(None) => {}
            Err(m) => problem(ui, &m),
        }
    });
    if let Some((event, label)) = apply {
        apply_button(ui, game, rules, event, &label, state, commands);
    }
}
