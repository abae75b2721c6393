//! The end of the turn (its checklist, the hand draws, the reinforcements' call, the Big
//! Nerve tests), the end of the game with its winner and the next scene, the secret witness,
//! objectives declared by the players, and the scene's special rules.

use egui::{RichText, Ui};

use super::{HandOver, PlayCommand, PlayState};
use crate::systems::dmh::files::Outcome;
use crate::systems::dmh::game::scene::AGREED;
use crate::systems::dmh::game::{Event, Flag, Game, ModelRef};
use crate::systems::dmh::rules::Rules;
use crate::systems::dmh::rules::data::{AbilityId, Role};
use crate::ui::theme;
use crate::ui::widgets::{self, chance_bar, roll_field, row};

/// The secret witness: noted behind a hand-over screen, revealed when an enemy comes within
/// 15 cm of it.
pub(super) fn witness_ui(
    ui: &mut Ui,
    rules: &Rules,
    game: &Game,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    let Some(scene) = game.scene_of(rules) else { return };
    let Some(s) = (0..game.sides.len()).find(|&s| scene.sides.get(game.sides[s].role).secret_key) else {
        return;
    };
    let side = &game.sides[s];
    let v = ui.visuals().clone();
    ui.add_space(theme::GAP);
    match game.witness {
        None => {
            ui.label(theme::heading(&v, "The witness"));
            if !state.witness_shown {
                if ui
                    .button(format!(
                        "Pass to the {} player — tap to note the witness in secret",
                        game.player(rules, s)
                    ))
                    .clicked()
                {
                    state.witness_shown = true;
                }
                return;
            }
            ui.horizontal_wrapped(|ui| {
                for (m, model) in side.models.iter().enumerate() {
                    if ui.button(format!("{} is the witness", model.name)).clicked() {
                        commands.push(PlayCommand::Apply(Event::SecretWitness {
                            model: ModelRef { side: s, model: m },
                        }));
                        state.witness_shown = false;
                    }
                }
            });
        }
        Some(w) if game.model_at(w).is_some_and(|m| !m.has(Flag::Key)) => {
            row(ui, |ui| {
                let label = widgets::row_label(ui, "Enemy within 15 cm of");
                let current =
                    state.approach.and_then(|m| side.models.get(m)).map_or("Pick", |m| m.name.as_str());
                egui::ComboBox::from_id_salt("approach")
                    .selected_text(current)
                    .show_ui(ui, |ui| {
                        for (m, model) in side.models.iter().enumerate().filter(|(_, m)| !m.out_of_action) {
                            ui.selectable_value(&mut state.approach, Some(m), &model.name);
                        }
                    })
                    .response
                    .labelled_by(label.id);
                if let Some(m) = state.approach
                    && ui.button("Is it the witness?").clicked()
                {
                    commands
                        .push(PlayCommand::Apply(Event::Approach { model: ModelRef { side: s, model: m } }));
                    state.approach = None;
                }
            });
        }
        Some(_) => {}
    }
}

/// End conditions Posse cannot see (objectives) are declared by the players; any game, a
/// scene too, may end by agreement (reading D11).
pub(super) fn declare_end_ui(ui: &mut Ui, rules: &Rules, game: &Game, commands: &mut Vec<PlayCommand>) {
    ui.menu_button("End the scene…", |ui| {
        if let Some(scene) = game.scene_of(rules) {
            let objectives: Vec<_> =
                scene.end.iter().filter(|c| c.trigger.kind == crate::systems::dmh::rules::data::TriggerKind::Objective).collect();
            ui.label(if objectives.is_empty() {
                "Posse ends this scene by itself: on casualties, Big Nerve failures and empty decks."
            } else {
                "Posse ends the scene by itself on casualties, Big Nerve failures and empty decks. Declare the others:"
            });
            for c in objectives {
                if ui.button(format!("Declare: {}", c.condition)).clicked() {
                    commands.push(PlayCommand::Apply(Event::EndScene { condition: c.id.clone(), winner: None }));
                }
            }
            ui.separator();
            ui.label("Or end it by agreement (time is up, a side concedes):");
        }
        let agreed = |winner| PlayCommand::Apply(Event::EndScene { condition: AGREED.into(), winner });
        row(ui, |ui| {
            for (s, side) in game.sides.iter().enumerate() {
                if ui.button(format!("{} win", side.name)).clicked() {
                    commands.push(agreed(Some(s)));
                }
            }
            if ui.button("A draw").clicked() {
                commands.push(agreed(None));
            }
        });
    });
}

/// The end of the game: who won and why, and the next scene of the storyline.
pub(super) fn over_ui(
    ui: &mut Ui,
    rules: &Rules,
    game: &Game,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    let v = ui.visuals().clone();
    let Some(end) = &game.result else {
        let broke = game.broke.and_then(|s| game.sides.get(s)).map_or("?", |s| s.name.as_str());
        ui.label(theme::big(format!("{broke} got out of Dodge")).color(theme::accent(&v)));
        return;
    };
    let headline = match end.winner.and_then(|w| game.sides.get(w)) {
        Some(w) => format!("{} win", w.name),
        None => "A draw".to_owned(),
    };
    ui.label(theme::big(headline).color(theme::accent(&v)));
    ui.label(RichText::new(&end.text).size(theme::HEADING));
    let Some(scene) = game.scene_of(rules) else { return };
    let outcome = match end.winner.and_then(|w| game.sides.get(w)).map(|s| s.role) {
        Some(Role::Good) => Outcome::Good,
        Some(Role::Bad) => Outcome::Bad,
        None => Outcome::Draw,
    };
    ui.add_space(theme::GAP);
    let next = crate::systems::dmh::print::checklist::next_scene(rules, scene);
    let label = match next {
        Some(n) => format!("Record the result and set up {}", n.title),
        None => "Record the result (the storyline's last scene)".to_owned(),
    };
    if ui.button(RichText::new(label).size(theme::HEADING)).clicked() {
        commands.push(PlayCommand::Record { scene: scene.id.clone(), outcome });
        if let Some(n) = next {
            state.scene = Some(n.id.clone());
            state.standalone = false;
        }
        commands.push(PlayCommand::Close);
    }
}

/// The scene's special rules, folded away under the markers.
pub(super) fn scene_rules_ui(ui: &mut Ui, rules: &Rules, game: &Game) {
    let Some(scene) = game.scene.as_deref().and_then(|id| rules.scene(id)) else { return };
    if scene.special_rules.is_empty() {
        return;
    }
    ui.add_space(theme::GAP);
    egui::CollapsingHeader::new(format!("{}: special rules", scene.title)).id_salt("scene-rules").show(
        ui,
        |ui| {
            for rule in &scene.special_rules {
                ui.label(format!("• {rule}"));
            }
        },
    );
}

pub(super) fn end_of_turn_ui(
    ui: &mut Ui,
    rules: &Rules,
    game: &Game,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    let v = ui.visuals().clone();
    ui.label(theme::heading(&v, "End of the turn"));
    // The way on comes first and stays there, greyed while a Big Nerve test is owed: below
    // everything else it jumped up as And Justice For All or a test was used.
    let pending = game.big_nerve_pending(rules);
    let ready = pending.is_empty();
    let next = ui
        .horizontal(|ui| {
            let next =
                egui::Button::new(RichText::new("Draw cards and start the next turn").size(theme::HEADING));
            let clicked = ui.add_enabled(ready, next).on_hover_text("Ctrl+N").clicked();
            if !ready {
                ui.label(RichText::new("after the Big Nerve tests below").color(theme::muted(&v)));
            }
            clicked
        })
        .inner;
    if ready && (next || super::shortcut(ui, egui::Key::N)) {
        commands.push(PlayCommand::Apply(Event::NextTurn));
    }
    for &s in &pending {
        big_nerve_ui(ui, rules, game, s, state, commands);
    }
    egui::CollapsingHeader::new("The end-of-turn routine").id_salt("routine").show(ui, |ui| {
        // A step that starts with a gang's name is left out when that gang is not at the table.
        for step in &rules.core.end_of_turn {
            let about = rules.gangs.iter().find(|g| step.starts_with(&g.name));
            if about.is_some_and(|g| !game.sides.iter().any(|x| x.gang == g.id)) {
                continue;
            }
            ui.label(format!("• {step}"));
        }
    });
    // And Justice For All is used here, not under the roster.
    for (s, side) in game.sides.iter().enumerate() {
        let Some(a) = rules.gang(&side.gang).and_then(|g| g.ability(AbilityId::AndJusticeForAll)) else {
            continue;
        };
        if game.ability_refusal(rules, s, a.id).is_none() {
            ui.label(RichText::new(format!("{}: {}", side.name, a.name)).strong());
            super::hand::use_ability_ui(ui, game, s, a.id, &a.name, state, commands);
        }
    }
    ui.label(RichText::new("Cards for the next turn").strong());
    for (s, side) in game.sides.iter().enumerate() {
        // Wrapped, so the hand's button stays inside the window.
        ui.horizontal_wrapped(|ui| {
            if side.used_card {
                ui.label(format!("{} used or discarded a card: they draw one.", side.name));
            } else {
                ui.label(format!("{} used no card: they may discard one to draw one.", side.name));
                if !side.hand.is_empty()
                    && ui.button(format!("Choose from {} hand", super::possessive(&side.name))).clicked()
                {
                    state.hand_over = Some(HandOver { side: s, shown: false });
                }
            }
        });
        if game.may_call_reinforcements(rules, s) {
            ui.horizontal_wrapped(|ui| {
                ui.label(
                    RichText::new(format!(
                        "{} may call their reinforcements by discarding a jack, queen, king, ace or joker.",
                        side.name
                    ))
                    .strong(),
                );
                if ui.button(format!("Call from {} hand", super::possessive(&side.name))).clicked() {
                    state.hand_over = Some(HandOver { side: s, shown: false });
                }
            });
        }
    }
    for side in game.sides.iter().filter(|s| s.ran_out) {
        ui.label(
            RichText::new(format!("{} have run out of cards and do not reshuffle.", side.name))
                .strong()
                .color(theme::bad(&v)),
        );
    }
}

/// One side's Big Nerve test: ignored by the scene, failed automatically, or rolled with its
/// odds and `roll → result` before Apply.
fn big_nerve_ui(
    ui: &mut Ui,
    rules: &Rules,
    game: &Game,
    s: usize,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    let v = ui.visuals().clone();
    let (Some(side), Ok(odds)) = (game.sides.get(s), game.big_nerve_odds(rules, s)) else { return };
    ui.add_space(6.0);
    ui.label(
        RichText::new(format!("{} must take a Big Nerve test", side.name)).strong().size(theme::HEADING),
    );
    if game.big_nerve_ignored(rules, s) {
        ui.label("This scene ignores each side's first required test: it passes without a roll.");
        if ui.button(format!("Record {} ignored test", super::possessive(&side.name))).clicked() {
            commands.push(PlayCommand::Apply(Event::BigNerve { side: s, roll: rules.core.nerve.die }));
        }
        return;
    }
    if odds.automatic_fail {
        ui.label(
            RichText::new("Automatic failure: markers at least twice the models standing.")
                .color(theme::bad(&v)),
        );
    } else {
        row(ui, |ui| {
            ui.label(theme::big(format!("Needs {}+", odds.needed)));
            ui.vertical(|ui| {
                ui.label(format!("Modifier {:+}", odds.modifier));
                chance_bar(ui, "Pass", odds.pass_chance, theme::good(&v));
            });
        });
    }
    if let Ok(Some(roll)) = roll_field(ui, &mut state.big_nerve_rolls[s], rules.core.nerve.die) {
        let passes = !odds.automatic_fail
            && crate::systems::dmh::rules::nerve::test_result(odds.needed, roll)
                == crate::systems::dmh::rules::nerve::TestResult::Pass;
        ui.label(
            RichText::new(if passes {
                format!("{roll} → passed: they carry on")
            } else {
                format!("{roll} → failed: they get out of Dodge")
            })
            .size(theme::HEADING + 4.0)
            .strong()
            .color(if passes { theme::good(&v) } else { theme::bad(&v) }),
        );
        if ui
            .button(
                RichText::new(format!("Apply {} Big Nerve test", super::possessive(&side.name)))
                    .size(theme::HEADING),
            )
            .clicked()
        {
            commands.push(PlayCommand::Apply(Event::BigNerve { side: s, roll }));
            state.big_nerve_rolls[s].clear();
        }
    }
}
