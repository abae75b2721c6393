//! Nerve tests: the ones a shot calls for (the game knows them), and the ones the players call
//! (a card, a hostage, the closest-target rule). Every choice starts unticked for each test.
//! Tough as Old Boots is declared before the roll; Crazy as a Loon skips the test; the enemy
//! may answer a shot's test with Yellow Belly.

use egui::{RichText, Ui};

use super::{HandOver, NerveDraft, PlayCommand, PlayState};
use crate::systems::dmh::game::{Event, Game, ModelRef};
use crate::systems::dmh::rules::Rules;
use crate::systems::dmh::rules::nerve;
use crate::ui::theme;
use crate::ui::widgets::{self, chance_bar, row, toggle};

/// The nerve test to take now, if any; returns `true` when it was shown (it takes the
/// activation panel's place).
pub(super) fn nerve_ui(
    ui: &mut Ui,
    rules: &Rules,
    game: &Game,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) -> bool {
    // A test a shot called for comes first; a new one starts with every choice unticked.
    // The rulebook (line 138) asks for the test at once: it stays open until it is taken
    // (or Yellow Belly answers it), and the activation panel waits behind it.
    let due = game.nerve_due.first().copied();
    if let Some(r) = due
        && state.nerve.model != Some(r)
    {
        state.nerve = NerveDraft {
            from_shot: true,
            ..NerveDraft::new(r, "Shot at: under fire, and a nerve test (the new marker counts).", None)
        };
    }
    let owed = state.nerve.model.is_some_and(|r| game.nerve_due.contains(&r));
    if state.nerve.from_shot && !owed {
        // No longer owed: Yellow Belly failed it, or an undo took the shot back.
        state.nerve = NerveDraft::default();
    }
    let Some(target) = state.nerve.model else { return false };
    let from_shot = state.nerve.from_shot;
    let v = ui.visuals().clone();
    let Some(model) = game.model_at(target) else {
        state.nerve = NerveDraft::default();
        return false;
    };
    ui.label(theme::heading(&v, format!("Nerve test for {}", model.name)));
    ui.label(RichText::new(&state.nerve.reason).color(theme::muted(&v)));
    let close = |state: &mut PlayState| state.nerve = NerveDraft::default();
    if model.out_of_action {
        ui.label(format!("{} is already out of action.", model.name));
        if ui.button("Carry on").clicked() {
            close(state);
        }
        return true;
    }
    toggle(ui, &mut state.nerve.friend_near, "Friend within 15 cm");
    // I Am The Law: +1 for a Lawman (not the Sheriff) the Sheriff can see.
    if let Some(a) = game.i_am_the_law(rules, target) {
        toggle(ui, &mut state.nerve.sheriff_sees, &format!("The Sheriff can see him ({}, +1)", a.name));
    }
    // The same input the phone's test is worked out from (`Game::nerve_needed`).
    let Some((input, notes)) =
        game.nerve_input(rules, target, state.nerve.friend_near, state.nerve.sheriff_sees)
    else {
        return true;
    };
    for note in notes {
        ui.label(RichText::new(note).strong().color(theme::accent(&v)));
    }
    let Ok(mut odds) = nerve::nerve_test(rules, &input) else { return true };
    boots_ui(ui, rules, game, target, &mut odds, commands);
    row(ui, |ui| {
        ui.label(theme::big(if odds.needed > rules.core.nerve.die {
            "Cannot pass".to_owned()
        } else {
            format!("Needs {}+", odds.needed)
        }));
        ui.vertical(|ui| chance_bar(ui, "Pass", odds.pass_chance, theme::good(&v)));
    });
    if game.crazy_as_a_loon(target.side) {
        if ui.button(RichText::new("Skip the test (Crazy as a Loon)").size(theme::HEADING)).clicked() {
            commands.push(PlayCommand::Apply(Event::SkipNerve { model: target }));
            close(state);
        }
        return true;
    }
    // The die, the result's line and Apply are always drawn, in the same place.
    let die = rules.core.nerve.die;
    let roll = widgets::checked_roll_field(ui, &format!("d{die} roll"), &mut state.nerve.roll, die);
    let line = roll.map(|roll| {
        let passes = nerve::test_result(odds.needed, roll) == nerve::TestResult::Pass;
        RichText::new(if passes {
            format!("{roll} → passed")
        } else if game.one_more_marker_downs(target) {
            format!("{roll} → failed, another marker puts {} out of action", model.name)
        } else {
            format!("{roll} → failed, another marker")
        })
        .strong()
        .color(if passes { theme::good(&v) } else { theme::bad(&v) })
    });
    // A wrong face said whole: beside the field it may be cut short, and nothing hovers on a
    // phone.
    let line = line.or_else(|| {
        widgets::wrong_face_sentence(&format!("The d{die} roll"), &state.nerve.roll, die)
            .map(|sentence| RichText::new(sentence).color(theme::bad(&v)))
    });
    widgets::status_line(ui, theme::HEADING + 4.0, line);
    if super::action_button(ui, "Apply the nerve test", roll.is_some())
        && let Some(roll) = roll
    {
        commands.push(PlayCommand::Apply(Event::Nerve {
            model: target,
            needed: odds.needed,
            roll,
            to_shoot: state.nerve.to_shoot,
        }));
        close(state);
        state.draft.not_closest = false;
    }
    footer_ui(ui, game, target, from_shot, state);
    true
}

/// Below the test: a shot's test may be answered by Yellow Belly and is never put off; a test
/// the players called may be closed.
fn footer_ui(ui: &mut Ui, game: &Game, target: ModelRef, from_shot: bool, state: &mut PlayState) {
    if from_shot {
        yellow_belly_prompt(ui, game, target, state);
        ui.label(
            RichText::new("The shot calls for this test now: it is taken before anything else happens.")
                .color(theme::muted(ui.visuals())),
        );
    } else if ui.button("Not now").on_hover_text("Close the test without a roll").clicked() {
        state.nerve = NerveDraft::default();
    }
}

/// After a shot's under fire + nerve result, the enemy may play Yellow Belly instead of the
/// roll: the test stays open behind the card.
fn yellow_belly_prompt(ui: &mut Ui, game: &Game, target: ModelRef, state: &mut PlayState) {
    let enemy = 1 - target.side;
    if game.sides.get(enemy).is_some_and(|s| !s.hand.is_empty()) {
        ui.horizontal_wrapped(|ui| {
            let name = game.sides.get(enemy).map_or("?", |s| s.name.as_str());
            ui.label(format!("{name} may play Yellow Belly (a 9) instead of the roll."));
            if ui.button(format!("{name}: play a card")).clicked() {
                // The test stays open behind the card: it is rolled if the card is trumped.
                state.hand_over = Some(HandOver { side: enemy, shown: false });
                state.preset_target = Some(target);
            }
        });
    }
}

/// Tough as Old Boots: offered when a failure would put the model out of action, declared
/// before the roll; once declared the test passes on its number, whatever the modifiers.
fn boots_ui(
    ui: &mut Ui,
    rules: &Rules,
    game: &Game,
    target: ModelRef,
    odds: &mut nerve::NerveOdds,
    commands: &mut Vec<PlayCommand>,
) {
    let v = ui.visuals().clone();
    let Some(model) = game.model_at(target) else { return };
    // Tough as Old Boots: declared before the roll, the test passes on its number.
    if let Some(n) = game.boots_needed(rules, target) {
        odds.needed = n;
        odds.pass_chance = crate::systems::dmh::rules::odds::Chance::new(
            rules.core.nerve.die + 1 - n.min(rules.core.nerve.die),
            rules.core.nerve.die,
        );
        ui.label(
            RichText::new(format!("Tough as Old Boots: no modifiers, passes on {n}+."))
                .strong()
                .color(theme::accent(&v)),
        );
    } else if let Some((a, n)) = game.boots_offer(rules, target) {
        ui.horizontal_wrapped(|ui| {
            ui.label(format!("A failure would put {} out of action.", model.name));
            if ui.button(format!("Declare {}: passes on {n}+", a.name)).clicked() {
                commands.push(PlayCommand::Apply(Event::UseAbility {
                    side: target.side,
                    ability: a.id,
                    targets: vec![target],
                    card: None,
                }));
            }
        });
    }
}
