//! The acting model's panel: who acts and with what, the declaration (up to three actions,
//! one tap each, with the book's limits explained), then each declared action carried out in
//! order from the same panel, and the end of the activation always in the same place.

use egui::{RichText, Ui};

use super::{PlayCommand, PlayState, card_colour};
use crate::systems::dmh::game::{Action, Activation, Event, Game, ModelRef, Step};
use crate::systems::dmh::rules::Rules;
use crate::ui::theme;
use crate::ui::widgets::row;

/// What the activations phase shows: ties to settle, the switch (unless `switch_apart`: in a
/// strip of its own), second cards, then the acting model's panel (or the nerve test a shot
/// called for).
pub(super) fn activation_ui(
    ui: &mut Ui,
    rules: &Rules,
    game: &Game,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
    switch_apart: bool,
) {
    if super::nerve::nerve_ui(ui, rules, game, state, commands) {
        return;
    }
    let order = match game.order() {
        Ok(order) => order,
        Err(e) => {
            super::initiative::tie_ui(ui, game, state, commands, &crate::ui::sentence(&e.to_string()));
            return;
        }
    };
    super::initiative::second_card_ui(ui, rules, game, state, commands);
    let Some(&current) = order.first() else {
        ui.label(theme::big("Every model has acted."));
        if ui.button(RichText::new("End the turn").size(theme::HEADING)).on_hover_text("Ctrl+E").clicked()
            || super::shortcut(ui, egui::Key::E)
        {
            commands.push(PlayCommand::Apply(Event::EndTurn));
        }
        return;
    };
    if state.shown_since.0 != Some(current) {
        // A new model acts: what was prepared for the last one goes.
        state.new_activation();
    }
    header_ui(ui, rules, game, current, &order, state, commands);
    // The enemy's quick shot, when opened, right under the header that opened it and above the
    // step's panel: at the foot of the panel its Apply was below a 1280×800 window, and it
    // moved as the shot's odds came and went above it.
    super::shot::quick_shot_ui(ui, rules, game, current, state, commands);
    match game.activation_of(current) {
        None if game.fight_of(current).is_some() => {
            super::fight::fight_ui(ui, rules, game, current, state, commands);
            // Once this turn's roll-off is done the panel says to end the activation; the
            // declaration below then says what the book still allows, and nothing offers a
            // break-off it has just ruled out.
            let rolled = game.fight_of(current).is_some_and(|f| f.rolled == game.turn);
            if !rolled {
                ui.add_space(6.0);
                ui.label(
                    RichText::new("Or break off: declare two moves first.").color(theme::muted(ui.visuals())),
                );
            }
            declaration_ui(ui, rules, game, current, state, commands);
        }
        None => declaration_ui(ui, rules, game, current, state, commands),
        Some(activation) => {
            steps_ui(ui, activation);
            step_ui(ui, rules, game, current, activation, state, commands);
        }
    }
    // The lowest-card switch last: it goes once the first model acts, and nothing above it
    // (End activation, the declaration) moves when it does.
    if !switch_apart {
        super::initiative::switch_ui(ui, game, state, commands);
    }
}

/// The acting model: its card and name, large; its numbers; who comes next; and End
/// activation, always in the same place.
fn header_ui(
    ui: &mut Ui,
    rules: &Rules,
    game: &Game,
    current: ModelRef,
    order: &[ModelRef],
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    let v = ui.visuals().clone();
    let Some(model) = game.model_at(current) else { return };
    let side_name = game.sides.get(current.side).map_or("", |s| s.name.as_str());
    // End activation keeps the right-hand end of the name's row, and the name keeps clear of
    // it (cut short if it must be, never covered); in a narrow panel (a phone) both are
    // smaller, so the panel below keeps the height.
    let narrow = ui.available_width() < NARROW_HEADER;
    let end = ui.horizontal(|ui| {
        let big = |text: String| {
            if narrow { theme::big(text).size(theme::HEADING + 2.0) } else { theme::big(text) }
        };
        match model.card {
            Some(card) => ui.label(big(card.label()).color(card_colour(&v, card))),
            None => ui.label(big("A".into()).color(theme::muted(&v))).on_hover_text("Acts as an ace"),
        };
        let end_width = if narrow { NARROW_END_WIDTH } else { END_WIDTH };
        // On a phone the quick shot's ⚡ stands beside End activation (its own row would take
        // the height the panel needs).
        let quick = narrow && super::shot::quick_shot_offered(rules, game, current, state);
        let quick_width = if quick { theme::TOUCH_TARGET + ui.spacing().item_spacing.x } else { 0.0 };
        let room = ui.available_width() - end_width - quick_width - 8.0;
        ui.scope(|ui| {
            ui.set_max_width(room.max(40.0));
            let name = if narrow {
                theme::big(&model.name).size(theme::HEADING + 2.0)
            } else {
                theme::big(&model.name)
            };
            ui.add(egui::Label::new(name).truncate());
        });
        let end = ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            let end = end_activation_button(ui, game, current, narrow, state, commands);
            if quick {
                super::shot::quick_shot_button(ui, rules, game, current, true, state);
            }
            end
        });
        end.inner
    });
    // The higher card of a fight fights on or breaks off: why End activation is greyed, on
    // hover, or on a touch screen written under the header once the greyed button is tapped.
    if let (Some(end), Some(why)) = (end.inner, game.must_fight(current)) {
        crate::ui::widgets::refused(ui, end, &why);
    }
    let mut notes = vec![
        side_name.to_owned(),
        format!("Shoot {:+}", model.shoot),
        format!("Nerve {}+", model.nerve),
        format!("{} in hand", model.in_hand()),
    ];
    if model.under_fire > 0 {
        notes.push(crate::systems::dmh::rules::count(
            model.under_fire,
            "under fire marker",
            "under fire markers",
        ));
    }
    if model.out_of_ammo {
        notes.push("out of ammo".into());
    }
    notes.extend(model.flags.iter().map(|f| f.title().to_owned()));
    // One line each (the whole text on hover), so the panel under them keeps its place. The
    // enemy's quick shot opens from the end of the numbers' line: at the foot of the panel it
    // jumped down as a target was picked, and a tick box took its place.
    let notes = egui::Label::new(RichText::new(notes.join(" · ")).strong()).truncate();
    if narrow {
        ui.add(notes);
    } else {
        ui.horizontal(|ui| {
            // As high with the button as without it: the panel below stays put when it goes.
            ui.set_min_height(ui.spacing().interact_size.y);
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                super::shot::quick_shot_button(ui, rules, game, current, false, state);
                ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| ui.add(notes));
            });
        });
    }
    let next: Vec<String> =
        order.iter().skip(1).take(4).filter_map(|r| game.model_at(*r).map(|m| m.name.clone())).collect();
    // A phone leaves "Then" to the roster's cards, to keep its height for the panel. The last
    // model of the turn has the line too, saying so, so the declaration under it keeps its
    // place (it went 26 points up).
    if !narrow {
        let then = if next.is_empty() {
            "Last to act this turn".to_owned()
        } else {
            format!("Then: {}", next.join(", "))
        };
        ui.add(egui::Label::new(RichText::new(then).color(theme::muted(&v))).truncate());
    }
    ui.separator();
}

/// Below this width the acting model's header puts End activation under the name.
const NARROW_HEADER: f32 = 560.0;

/// End activation's width, and on a phone.
const END_WIDTH: f32 = 200.0;
const NARROW_END_WIDTH: f32 = 150.0;

/// End activation, in a fixed place and size; a click right after the model changed is
/// ignored (a double click would end two activations).
fn end_activation_button(
    ui: &mut Ui,
    game: &Game,
    current: ModelRef,
    narrow: bool,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) -> Option<egui::Response> {
    let model = game.model_at(current)?;
    // The higher card of a fight not rolled this turn may not pass (lines 190, 193).
    let barred = game.must_fight(current).is_some();
    let now = ui.input(|i| i.time);
    let settled = now - state.shown_since.1 > 0.4 || state.shown_since.0 != Some(current);
    if state.shown_since.0 != Some(current) {
        state.shown_since = (Some(current), now);
    }
    let left = game.activation_of(current).is_some_and(|a| !a.finished());
    let hover = if left {
        format!("End {}'s activation, giving up the actions left (Ctrl+E)", model.name)
    } else {
        format!("End {}'s activation (Ctrl+E)", model.name)
    };
    // On a touch screen, where nothing hovers, a tap with actions left first says so on the
    // button itself (in its own place); a second tap ends the activation.
    let touch = theme::is_touch(ui.ctx());
    let armed = touch && left && state.end_armed == Some(current);
    if state.end_armed.is_some_and(|r| r != current || !left) {
        state.end_armed = None;
    }
    let (text, size, width) = match (armed, narrow) {
        (true, false) => ("Tap again: give up the rest", theme::HEADING, END_WIDTH),
        (false, false) => ("End activation", theme::HEADING, END_WIDTH),
        (true, true) => ("Tap again to end", theme::BODY + 1.0, NARROW_END_WIDTH),
        (false, true) => ("End activation", theme::BODY + 1.0, NARROW_END_WIDTH),
    };
    let end = egui::Button::new(RichText::new(text).size(size)).min_size(egui::vec2(width, 40.0));
    let response = ui
        .add_enabled(!barred, end)
        .accessible_name(if armed {
            format!("End {}'s activation, giving up the actions left", model.name)
        } else {
            format!("End {}'s activation", model.name)
        })
        .on_hover_text(hover);
    let clicked = response.clicked();
    // A click or Ctrl+E right after the model changed is the second of a double press.
    if barred {
        return Some(response);
    }
    if clicked && settled && touch && left && !armed {
        state.end_armed = Some(current);
    } else if (clicked || super::shortcut(ui, egui::Key::E)) && settled {
        let moves = game.activation_of(current).map_or(0, Activation::moves_taken);
        commands.push(PlayCommand::Apply(Event::EndActivation { model: current, moves }));
        state.new_activation();
        state.end_armed = None;
    }
    Some(response)
}

/// The declaration: one big button per action, the list so far, the limits in words, and
/// Declare.
fn declaration_ui(
    ui: &mut Ui,
    rules: &Rules,
    game: &Game,
    current: ModelRef,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    let v = ui.visuals().clone();
    let limits = game.limits(rules, current);
    // The duellist's first turn is one Shoot and nothing else (There Will Be Blood).
    let most = if limits.single_shot { 1 } else { limits.actions };
    ui.label(theme::heading(
        &v,
        if limits.single_shot {
            "Declare a single Shoot".to_owned()
        } else {
            format!("Declare up to {}", crate::systems::dmh::rules::count(most, "action", "actions"))
        },
    ));
    let full = state.declaring.len() >= usize::try_from(most).unwrap_or(0);
    ui.horizontal_wrapped(|ui| {
        for action in Action::ALL {
            let allowed = match action {
                _ if limits.single_shot => action == Action::Shoot,
                Action::Aim => limits.can_aim,
                Action::Reload => limits.can_reload,
                Action::ChangeWeapon => limits.can_change,
                _ => true,
            };
            let button = egui::Button::new(RichText::new(action.title()).size(theme::BODY + 2.0))
                .min_size(egui::vec2(80.0, 44.0));
            if ui.add_enabled(allowed && !full, button).clicked() {
                state.declaring.push(action);
            }
        }
    });
    row(ui, |ui| {
        let list: Vec<String> =
            state.declaring.iter().enumerate().map(|(i, a)| format!("{}. {}", i + 1, a.title())).collect();
        let shown = if list.is_empty() { "Nothing declared yet".to_owned() } else { list.join("   ") };
        ui.label(RichText::new(shown).size(theme::HEADING).strong());
        if !state.declaring.is_empty() && ui.button("Remove the last").clicked() {
            state.declaring.pop();
        }
    });
    for reason in &limits.reasons {
        ui.label(RichText::new(reason).color(theme::muted(&v)));
    }
    let problem_now = if state.declaring.is_empty() {
        None
    } else {
        game.declaration_problem(rules, current, &state.declaring)
    };
    // Why the declaration is refused, in room kept for it: Declare stays where it is. In a
    // wide panel the words stand beside Declare, wrapped on two lines in its row's height (on
    // a line of their own above it, the turn on a tablet held upright had no room left under
    // Declare for the lowest-card switch); in a narrow one, on a line above it.
    let why = problem_now
        .as_ref()
        .map(|why| RichText::new(crate::ui::sentence(why)).color(theme::bad(&v)).strong());
    let ready = !state.declaring.is_empty() && problem_now.is_none();
    let declare = |ui: &mut Ui| {
        let button = egui::Button::new(RichText::new("Declare").size(theme::HEADING))
            .min_size(egui::vec2(160.0, 44.0));
        ui.add_enabled(ready, button).on_hover_text("Ctrl+Enter").clicked()
    };
    let clicked = if ui.available_width() >= super::WIDE_ACTION {
        ui.horizontal(|ui| {
            let clicked = declare(ui);
            crate::ui::widgets::status_lines(ui, theme::BODY + 1.0, 2, why);
            clicked
        })
        .inner
    } else {
        crate::ui::widgets::status_line(ui, theme::BODY + 1.0, why);
        declare(ui)
    };
    if clicked || (ready && super::shortcut(ui, egui::Key::Enter)) {
        commands
            .push(PlayCommand::Apply(Event::Declare { model: current, actions: state.declaring.clone() }));
        state.declaring.clear();
    }
}

/// The declared actions in a row: done, lost, the one to carry out now, and those to come.
fn steps_ui(ui: &mut Ui, activation: &Activation) {
    let v = ui.visuals().clone();
    let now = activation.next_position();
    ui.horizontal_wrapped(|ui| {
        // Labels, not controls: the row is as tall as its words, on a touch screen too.
        ui.spacing_mut().interact_size.y = 0.0;
        for (i, (action, step)) in activation.declared.iter().zip(&activation.steps).enumerate() {
            let text = format!("{}. {}", i + 1, action.title());
            // A move lost to a halt near an enemy shows as lost, though a charge may take it.
            let lost = *step == Step::Lost || activation.lost_to_halt(i);
            let rich = match step {
                Step::Done => RichText::new(format!("{text} ✓")).color(theme::good(&v)),
                _ if lost => RichText::new(format!("{text} (lost)")).strikethrough().color(theme::muted(&v)),
                _ if Some(i) == now => RichText::new(format!("▶ {text}")).strong().color(theme::accent(&v)),
                _ => RichText::new(text),
            };
            ui.label(rich.size(theme::HEADING));
        }
    });
}

/// The next declared action, to carry out or give up.
fn step_ui(
    ui: &mut Ui,
    rules: &Rules,
    game: &Game,
    current: ModelRef,
    activation: &Activation,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    let v = ui.visuals().clone();
    let Some(model) = game.model_at(current) else { return };
    if activation.charge_left() {
        halt_ui(ui, rules, game, current, state, commands);
    }
    let Some(next) = activation.next() else {
        ui.label(RichText::new("Every declared action is done.").size(theme::HEADING));
        hog_ui(ui, rules, game, current, state, commands);
        return;
    };
    let skip = |ui: &mut Ui, commands: &mut Vec<PlayCommand>| {
        if ui.button(format!("Skip this {}", next.title().to_lowercase())).clicked() {
            commands.push(PlayCommand::Apply(Event::SkipAction { model: current }));
        }
    };
    match next {
        Action::Move if game.fight_of(current).is_some() => {
            row(ui, |ui| {
                if ui.button(RichText::new("Break off (uses both moves)").size(theme::HEADING)).clicked() {
                    commands.push(PlayCommand::Apply(Event::BreakOff { model: current }));
                }
            });
        }
        Action::Move => move_step_ui(ui, rules, game, current, state, commands),
        Action::Shoot => super::shot::shoot_ui(ui, rules, game, current, state, commands),
        Action::Reload => {
            row(ui, |ui| {
                let text =
                    if model.out_of_ammo { "Reload: out of ammo comes off" } else { "Reload (or unjam)" };
                if ui.button(RichText::new(text).size(theme::HEADING)).clicked() {
                    commands.push(PlayCommand::Apply(Event::Reload { model: current }));
                }
                skip(ui, commands);
            });
        }
        Action::ChangeWeapon => {
            ui.horizontal_wrapped(|ui| {
                let mut guns = model.weapons.clone();
                guns.dedup();
                for gun in guns.iter().filter(|g| g.as_str() != model.in_hand()) {
                    if ui.button(RichText::new(format!("Take the {gun}")).size(theme::HEADING)).clicked() {
                        commands.push(PlayCommand::Apply(Event::ChangeWeapon {
                            model: current,
                            weapon: gun.clone(),
                        }));
                    }
                }
                skip(ui, commands);
            });
        }
        Action::Recover => {
            let barred = game.recover_barred(current.side);
            let all = game.effect_on(crate::systems::dmh::game::Effect::TrueGrit, current);
            row(ui, |ui| {
                let label =
                    if all { "Recover: every marker off (True Grit)" } else { "Recover: one marker off" };
                let response = ui.add_enabled(
                    !barred && game.fight_of(current).is_none(),
                    egui::Button::new(RichText::new(label).size(theme::HEADING)),
                );
                if barred {
                    response.on_disabled_hover_text("Hang 'em High: no Recover this turn");
                } else if response.clicked() {
                    commands.push(PlayCommand::Apply(Event::Recover { model: current }));
                }
                skip(ui, commands);
            });
            if barred {
                ui.label(RichText::new("Hang 'em High: no Recover this turn.").color(theme::muted(&v)));
            }
        }
        Action::Aim => {}
    }
}

/// A Hog Killin' Time's extra pistol shot, offered once the declared actions are done.
fn hog_ui(
    ui: &mut Ui,
    rules: &Rules,
    game: &Game,
    current: ModelRef,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    if game.extra_shot.contains(&current) {
        ui.label(
            RichText::new("A Hog Killin' Time: one more pistol shot, then an under fire marker.").strong(),
        );
        super::shot::shoot_ui(ui, rules, game, current, state, commands);
    }
}

/// After a move stopped within 2 cm of an enemy the other declared moves are lost, but one
/// may still carry a charge into contact (line 88); the other actions go on as declared.
fn halt_ui(
    ui: &mut Ui,
    rules: &Rules,
    game: &Game,
    current: ModelRef,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    let v = ui.visuals().clone();
    ui.horizontal_wrapped(|ui| {
        ui.label(
            RichText::new(
                "It stopped within 2 cm of an enemy: the other declared moves are lost, unless it charges.",
            )
            .color(theme::muted(&v)),
        );
        if ui.button("Charge into contact…").clicked() {
            state.fight.charging = !state.fight.charging;
        }
    });
    if state.fight.charging {
        super::fight::fight_ui(ui, rules, game, current, state, commands);
    }
}

/// The next declared move: made, stopped near an enemy (the other moves are lost), or a charge.
fn move_step_ui(
    ui: &mut Ui,
    rules: &Rules,
    game: &Game,
    current: ModelRef,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    let Some(model) = game.model_at(current) else { return };
    let cm = if model.has(crate::systems::dmh::game::Flag::Mounted) {
        rules.core.actions.mounted_move_cm
    } else {
        rules.core.actions.move_cm
    };
    // One line in a 1024-point window, clear of the scroll bar: on two, the charge's Apply
    // went under the log.
    ui.label(format!("Move up to {cm} cm. Stopping within 2 cm of an enemy loses the other moves."));
    // One row in a desktop window (the charge's dice and Apply come under it).
    let size = theme::BODY;
    let tall = egui::vec2(0.0, 36.0);
    ui.horizontal_wrapped(|ui| {
        if ui.add(egui::Button::new(RichText::new("Moved").size(size)).min_size(tall)).clicked() {
            commands.push(PlayCommand::Apply(Event::Move { model: current, halted: false }));
        }
        let stopped = egui::Button::new(RichText::new("Stopped within 2 cm of an enemy").size(size));
        if ui.add(stopped.min_size(tall)).clicked() {
            commands.push(PlayCommand::Apply(Event::Move { model: current, halted: true }));
        }
        let charge =
            egui::Button::selectable(state.fight.charging, RichText::new("Charge into contact…").size(size));
        if ui.add(charge.min_size(tall)).clicked() {
            state.fight.charging = !state.fight.charging;
        }
        // "Skip" beside the move's buttons, so they take one row of a 1024-point window.
        let skip = ui.add(egui::Button::new("Skip").min_size(tall)).accessible_name("Skip this move");
        if skip.on_hover_text("Skip this move").clicked() {
            commands.push(PlayCommand::Apply(Event::SkipAction { model: current }));
        }
    });
    if state.fight.charging {
        super::fight::fight_ui(ui, rules, game, current, state, commands);
    }
}
