//! The Play screen: start a game from two saved gangs and a scene, deal initiative, run
//! activations with shooting and nerve tests, correct markers, end turns with the Big Nerve
//! test, and read the log. The screen only reads the game and sends [`PlayCommand`]s; the app
//! applies them and appends each event to the game's journal.

use egui::{RichText, ScrollArea, Ui};

use super::theme;
use super::widgets::{self, chance_bar, problem, roll_field, stepper, toggle};
use crate::game::{Event, Game, Interruption, Marker, ModelRef, Phase};
use crate::rules::Rules;
use crate::rules::cards::Card;
use crate::rules::nerve::{self, NerveInput};
use crate::rules::shooting::{self, ShotInput, ShotResult};
use crate::store::GangEntry;

/// Something the Play screen asks the app to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayCommand {
    /// Start a new game: scene (or none), the good and the bad gang ids.
    Start {
        scene: Option<String>,
        good: String,
        bad: String,
    },
    /// Apply an event to the game and save it.
    Apply(Event),
    Undo,
    Redo,
    /// Reopen a saved game.
    Resume(String),
    /// Put the game away (it stays saved).
    Close,
}

/// The shot being prepared for the current model.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ShotDraft {
    pub target: Option<usize>,
    pub weapon: String,
    pub distance: String,
    pub shot: u32,
    pub aims: u32,
    pub moves: u32,
    pub cover: bool,
    pub obscured: bool,
    /// The target ducks back (it must not have activated yet).
    pub duck_back: bool,
    pub roll: String,
}

/// A quick shot being prepared against the current model.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct QuickDraft {
    pub shooter: Option<usize>,
    pub distance: String,
    /// Move actions the current model declared (they all count against a quick shot).
    pub declared_moves: u32,
    pub roll: String,
}

/// What the Play screen remembers between frames.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayState {
    pub scene: Option<String>,
    pub good: String,
    pub bad: String,
    pub face_up: [usize; 2],
    /// The two models picked for the lowest-card switch.
    pub swap: [usize; 2],
    pub draft: ShotDraft,
    pub quick: QuickDraft,
    /// The target of a shot that called for a nerve test, waiting for its roll.
    pub nerve_for: Option<ModelRef>,
    pub friend_near: bool,
    pub nerve_roll: String,
    pub moves: u32,
    pub big_nerve_rolls: [String; 2],
    /// Saved games that can be resumed: id and a summary.
    pub saved: Vec<(String, String)>,
    pub notice: Option<String>,
    /// A fixed seed for the next game (tests and replays of a known deal); the clock otherwise.
    pub seed: Option<u64>,
}

/// What the Play screen shows: the open game (if any) and what Undo and Redo would do.
pub struct PlayView<'a> {
    pub game: Option<&'a Game>,
    /// What Undo would undo, in words.
    pub undo_label: Option<&'a str>,
    pub can_redo: bool,
    /// The saved gangs to start a game with.
    pub gangs: &'a [GangEntry],
}

/// Draws the Play screen.
pub fn play_ui(
    ui: &mut Ui,
    rules: &Rules,
    view: &PlayView<'_>,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    if let Some(game) = view.game {
        egui::Panel::bottom("play-log").resizable(true).default_size(170.0).show(ui, |ui| log_ui(ui, game));
    }
    egui::CentralPanel::default().show(ui, |ui| {
        if let Some(notice) = state.notice.clone() {
            ui.horizontal(|ui| {
                problem(ui, &notice);
                if ui.button("Dismiss").clicked() {
                    state.notice = None;
                }
            });
        }
        match view.game {
            None => new_game_ui(ui, rules, view.gangs, state, commands),
            Some(game) => game_ui(ui, rules, game, view.undo_label, view.can_redo, state, commands),
        }
    });
}

fn new_game_ui(
    ui: &mut Ui,
    rules: &Rules,
    gangs: &[GangEntry],
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    let v = ui.visuals().clone();
    ui.label(theme::heading(&v, "New game"));
    let readable: Vec<(&str, String)> = gangs
        .iter()
        .filter_map(|e| e.gang.as_ref().ok().map(|g| (e.id.as_str(), format!("{} ({})", g.name, g.gang))))
        .collect();
    if readable.len() < 2 {
        ui.label("Build two gangs on the Gangs screen first: one for each player.");
        return;
    }
    if state.good.is_empty() {
        readable[0].0.clone_into(&mut state.good);
        readable[1].0.clone_into(&mut state.bad);
    }
    ui.horizontal(|ui| {
        let label = widgets::row_label(ui, "Scene");
        let current = state
            .scene
            .as_deref()
            .and_then(|id| rules.scene(id))
            .map_or("Custom game (full decks, 5 cards)", |s| s.title.as_str());
        egui::ComboBox::from_id_salt("play-scene")
            .selected_text(current)
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut state.scene, None, "Custom game (full decks, 5 cards)");
                for s in rules.scenes.iter().filter(|s| s.id != "the-duel") {
                    ui.selectable_value(&mut state.scene, Some(s.id.clone()), &s.title);
                }
            })
            .response
            .labelled_by(label.id);
    });
    for (title, choice) in [("Good guys", &mut state.good), ("Bad guys", &mut state.bad)] {
        ui.horizontal(|ui| {
            let label = widgets::row_label(ui, title);
            let current = readable
                .iter()
                .find(|(id, _)| *id == choice.as_str())
                .map_or("?".to_owned(), |(_, n)| n.clone());
            egui::ComboBox::from_id_salt(("play-gang", title))
                .selected_text(current)
                .show_ui(ui, |ui| {
                    for (id, name) in &readable {
                        ui.selectable_value(choice, (*id).to_owned(), name);
                    }
                })
                .response
                .labelled_by(label.id);
        });
    }
    if ui.button(RichText::new("Start the game").size(theme::HEADING)).clicked() {
        commands.push(PlayCommand::Start {
            scene: state.scene.clone(),
            good: state.good.clone(),
            bad: state.bad.clone(),
        });
    }
    if !state.saved.is_empty() {
        ui.add_space(theme::GAP);
        ui.label(theme::heading(&v, "Saved games"));
        for (id, summary) in &state.saved {
            if ui.button(format!("Resume {summary}")).clicked() {
                commands.push(PlayCommand::Resume(id.clone()));
            }
        }
    }
}

/// A card's ink on the window: red cards red, black cards in the text colour.
fn card_colour(v: &egui::Visuals, card: Card) -> egui::Color32 {
    match card.colour() {
        crate::rules::cards::Colour::Red => theme::bad(v),
        crate::rules::cards::Colour::Black => v.strong_text_color(),
    }
}

fn pips(under_fire: u32, hits: u32) -> String {
    (0..hits).map(|i| if i < under_fire { '●' } else { '○' }).collect()
}

fn game_ui(
    ui: &mut Ui,
    rules: &Rules,
    game: &Game,
    undo_label: Option<&str>,
    can_redo: bool,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    let v = ui.visuals().clone();
    ui.horizontal(|ui| {
        let phase = match game.phase {
            Phase::Initiative => "initiative",
            Phase::Activations => "activations",
            Phase::EndOfTurn => "end of the turn",
            Phase::Over => "game over",
        };
        ui.label(RichText::new(format!("Turn {} · {phase}", game.turn)).size(theme::BIG - 10.0).strong());
        let undo = undo_label.map_or_else(|| "Undo".to_owned(), |l| format!("Undo: {l}"));
        if ui.add_enabled(undo_label.is_some(), egui::Button::new(undo)).on_hover_text("Ctrl+Z").clicked()
            || ui.input(|i| i.modifiers.command && !i.modifiers.shift && i.key_pressed(egui::Key::Z))
        {
            commands.push(PlayCommand::Undo);
        }
        if ui.add_enabled(can_redo, egui::Button::new("Redo")).on_hover_text("Ctrl+Shift+Z").clicked() {
            commands.push(PlayCommand::Redo);
        }
        if ui.button("Close game").on_hover_text("It stays saved; resume it from the Play screen").clicked() {
            commands.push(PlayCommand::Close);
        }
    });
    ui.separator();
    ui.columns(2, |cols| {
        let [left, right] = cols else { return };
        markers_ui(left, game, commands);
        ScrollArea::vertical().id_salt("play-phase").show(right, |ui| match game.phase {
            Phase::Initiative => initiative_ui(ui, game, state, commands),
            Phase::Activations => activation_ui(ui, rules, game, state, commands),
            Phase::EndOfTurn => end_of_turn_ui(ui, rules, game, state, commands),
            Phase::Over => {
                let broke = game.broke.and_then(|s| game.sides.get(s)).map_or("?", |s| s.name.as_str());
                ui.label(theme::big(format!("{broke} got out of Dodge")).color(theme::accent(&v)));
            }
        });
    });
}

fn log_ui(ui: &mut Ui, game: &Game) {
    let v = ui.visuals().clone();
    ui.label(theme::heading(&v, "Log"));
    let rows = game.lines.len();
    ScrollArea::vertical().id_salt("play-log").stick_to_bottom(true).auto_shrink(false).show_rows(
        ui,
        18.0,
        rows,
        |ui, range| {
            for line in &game.lines[range] {
                ui.label(RichText::new(line).small());
            }
        },
    );
}

fn markers_ui(ui: &mut Ui, game: &Game, commands: &mut Vec<PlayCommand>) {
    let v = ui.visuals().clone();
    for (s, side) in game.sides.iter().enumerate() {
        ui.label(theme::heading(
            &v,
            format!("{} · {} in hand · {} in deck", side.name, side.hand.len(), side.deck.len()),
        ));
        egui::Grid::new(("markers", s)).num_columns(5).spacing([10.0, 4.0]).striped(true).show(ui, |ui| {
            for (m, model) in side.models.iter().enumerate() {
                let r = ModelRef { side: s, model: m };
                let name = RichText::new(&model.name).strong();
                ui.label(if model.out_of_action {
                    name.strikethrough().color(theme::muted(&v))
                } else {
                    name
                });
                match model.card {
                    Some(card) => ui.label(RichText::new(card.label()).strong().color(card_colour(&v, card))),
                    None => ui.label("—"),
                };
                ui.label(RichText::new(pips(model.under_fire, model.hits)).color(theme::bad(&v)))
                    .on_hover_text("Under fire markers against Hits");
                ui.horizontal(|ui| {
                    if ui.small_button("−").on_hover_text(format!("One marker off {}", model.name)).clicked()
                    {
                        commands.push(PlayCommand::Apply(Event::SetMarker {
                            model: r,
                            marker: Marker::UnderFire(model.under_fire.saturating_sub(1)),
                        }));
                    }
                    if ui.small_button("+").on_hover_text(format!("One marker on {}", model.name)).clicked() {
                        commands.push(PlayCommand::Apply(Event::SetMarker {
                            model: r,
                            marker: Marker::UnderFire(model.under_fire + 1),
                        }));
                    }
                });
                let mut flags = Vec::new();
                if model.out_of_ammo {
                    flags.push("out of ammo".to_owned());
                }
                if model.moves > 0 {
                    flags.push(crate::rules::count(model.moves, "move", "moves"));
                }
                if model.out_of_action {
                    flags.push("out of action".to_owned());
                }
                ui.label(flags.join(", "));
                ui.end_row();
            }
        });
    }
}

fn initiative_ui(ui: &mut Ui, game: &Game, state: &mut PlayState, commands: &mut Vec<PlayCommand>) {
    let v = ui.visuals().clone();
    ui.label(theme::heading(&v, "Initiative"));
    for (s, side) in game.sides.iter().enumerate() {
        ui.horizontal(|ui| {
            let label = widgets::row_label(ui, &format!("{} face up", side.name));
            let current = side.models.get(state.face_up[s]).map_or("?", |m| m.name.as_str());
            egui::ComboBox::from_id_salt(("face-up", s))
                .selected_text(current)
                .show_ui(ui, |ui| {
                    for (m, model) in side.models.iter().enumerate().filter(|(_, m)| !m.out_of_action) {
                        ui.selectable_value(&mut state.face_up[s], m, &model.name);
                    }
                })
                .response
                .labelled_by(label.id);
        });
    }
    if ui.button(RichText::new("Deal initiative").size(theme::HEADING)).clicked() {
        commands.push(PlayCommand::Apply(Event::DealInitiative {
            face_up: [Some(state.face_up[0]), Some(state.face_up[1])],
            cards: None,
        }));
    }
}

fn activation_ui(
    ui: &mut Ui,
    rules: &Rules,
    game: &Game,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    let v = ui.visuals().clone();
    if let Some(target) = state.nerve_for {
        nerve_ui(ui, rules, game, target, state, commands);
        return;
    }
    let order = match game.order() {
        Ok(order) => order,
        Err(e) => {
            ui.label(RichText::new(e.to_string()).strong());
            ui.horizontal(|ui| {
                for (s, side) in game.sides.iter().enumerate() {
                    if ui.button(format!("{} placed first", side.name)).clicked() {
                        commands.push(PlayCommand::Apply(Event::TiePriority { side: s }));
                    }
                }
            });
            return;
        }
    };
    switch_ui(ui, game, state, commands);
    let Some(&current) = order.first() else {
        ui.label("Every model has acted.");
        if ui.button(RichText::new("End the turn").size(theme::HEADING)).clicked() {
            commands.push(PlayCommand::Apply(Event::EndTurn));
        }
        return;
    };
    let Some(model) = game.sides.get(current.side).and_then(|s| s.models.get(current.model)) else { return };
    let side_name = game.sides.get(current.side).map_or("", |s| s.name.as_str());
    ui.label(theme::big(format!("{} {}", model.card.map_or_else(String::new, Card::label), model.name)));
    ui.label(
        RichText::new(format!(
            "{side_name} · Shoot {:+} · Nerve {}+ · {}",
            model.shoot,
            model.nerve,
            model.weapons.join(", ")
        ))
        .color(theme::muted(&v)),
    );
    let next: Vec<String> = order
        .iter()
        .skip(1)
        .take(4)
        .filter_map(|r| game.sides.get(r.side)?.models.get(r.model).map(|m| m.name.clone()))
        .collect();
    if !next.is_empty() {
        ui.label(RichText::new(format!("Then: {}", next.join(", "))).color(theme::muted(&v)));
    }
    // The common thing first: finishing the activation, with its move markers.
    ui.horizontal(|ui| {
        stepper(ui, "Move actions taken", &mut state.moves, 0, 3);
        if ui.button(RichText::new(format!("End {}'s activation", model.name)).size(theme::HEADING)).clicked()
        {
            commands.push(PlayCommand::Apply(Event::EndActivation { model: current, moves: state.moves }));
            state.moves = 0;
            state.draft = ShotDraft::default();
        }
    });
    shoot_ui(ui, rules, game, current, state, commands);
    quick_shot_ui(ui, rules, game, current, state, commands);
}

/// A quick shot at the current model from an enemy that has not acted yet (it burns that
/// model's activation; the target counts every move it declared).
fn quick_shot_ui(
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
    let ready: Vec<usize> = (0..enemies.models.len())
        .filter(|&m| {
            let x = &enemies.models[m];
            !x.activated && x.card.is_some() && !x.out_of_action && !x.out_of_ammo
        })
        .collect();
    if ready.is_empty() {
        return;
    }
    ui.add_space(theme::GAP);
    ui.label(theme::heading(&v, format!("Quick shot at {}", victim.name)));
    let q = &mut state.quick;
    ui.horizontal(|ui| {
        let label = widgets::row_label(ui, "Quick shooter");
        let current = q.shooter.and_then(|m| enemies.models.get(m)).map_or("Nobody", |m| m.name.as_str());
        egui::ComboBox::from_id_salt("quick-shooter")
            .selected_text(current)
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut q.shooter, None, "Nobody");
                for &m in &ready {
                    ui.selectable_value(&mut q.shooter, Some(m), &enemies.models[m].name);
                }
            })
            .response
            .labelled_by(label.id);
    });
    let Some(s) = q.shooter.filter(|s| ready.contains(s)) else { return };
    let shooter = &enemies.models[s];
    if q.distance.is_empty() {
        q.distance = "15".into();
    }
    widgets::text_field(ui, "Quick shot distance (cm)", &mut q.distance, 80.0);
    stepper(ui, "Moves the target declared", &mut q.declared_moves, 0, 3);
    let Ok(distance) = super::reference::parse_distance(&q.distance) else {
        problem(ui, "Type the measured distance in cm, like 14 or 14.5.");
        return;
    };
    let input = ShotInput {
        weapon: shooter
            .weapons
            .iter()
            .find(|w| *w != "shotgun" || shooter.weapons.len() == 1)
            .cloned()
            .unwrap_or_else(|| "pistol".into()),
        distance_cm: distance,
        shooter_under_fire: shooter.under_fire.min(4),
        skill: shooter.shoot,
        shooter_boss: shooter.boss,
        target_moves: q.declared_moves,
        target_boss: victim.boss,
        ..ShotInput::default()
    };
    let odds = match shooting::assess(rules, &input) {
        Ok(o) => o,
        Err(e) => {
            problem(ui, &format!("{e}."));
            return;
        }
    };
    ui.label(RichText::new(format!("Modifier {:+} · hit {}", odds.modifier, odds.chances.hit())).strong());
    if let Ok(Some(roll)) = roll_field(ui, &mut q.roll, rules.core.shooting.die) {
        let result = shooting::result(rules, odds.modifier, roll);
        if ui.button(format!("Apply the quick shot: {}", result.title())).clicked() {
            let by = ModelRef { side: enemy, model: s };
            commands.push(PlayCommand::Apply(Event::Interrupt { model: by, kind: Interruption::QuickShot }));
            commands.push(PlayCommand::Apply(Event::Shot {
                shooter: by,
                target,
                modifier: odds.modifier,
                roll,
            }));
            if result == ShotResult::UnderFireAndNerve {
                state.nerve_for = Some(target);
            }
            state.quick = QuickDraft::default();
        }
    }
}

/// The lowest-card switch, offered after the reveal and before anyone acts.
fn switch_ui(ui: &mut Ui, game: &Game, state: &mut PlayState, commands: &mut Vec<PlayCommand>) {
    let Ok(Some(s)) = game.switch_side() else { return };
    let Some(side) = game.sides.get(s) else { return };
    let v = ui.visuals().clone();
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.label(
            RichText::new(format!(
                "{} hold the lowest card: they may swap the cards of two of their models.",
                side.name
            ))
            .strong(),
        );
        ui.horizontal(|ui| {
            for (k, pick) in state.swap.iter_mut().enumerate() {
                let current = side.models.get(*pick).map_or("?", |m| m.name.as_str());
                egui::ComboBox::from_id_salt(("swap", k))
                    .selected_text(current)
                    .show_ui(ui, |ui| {
                        for (m, model) in side.models.iter().enumerate().filter(|(_, m)| m.card.is_some()) {
                            ui.selectable_value(pick, m, &model.name);
                        }
                    })
                    .response
                    .accessible_name(format!("Swap model {}", k + 1));
            }
            let [a, b] = state.swap;
            if ui.add_enabled(a != b, egui::Button::new("Swap cards")).clicked() {
                commands.push(PlayCommand::Apply(Event::Switch {
                    a: ModelRef { side: s, model: a },
                    b: ModelRef { side: s, model: b },
                }));
            }
        });
        ui.label(
            RichText::new("Or just carry on: the offer ends when the first model acts.")
                .small()
                .color(theme::muted(&v)),
        );
    });
}

#[expect(clippy::too_many_lines, reason = "one form read top to bottom: inputs, odds, roll")]
fn shoot_ui(
    ui: &mut Ui,
    rules: &Rules,
    game: &Game,
    shooter: ModelRef,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    let v = ui.visuals().clone();
    let Some(model) = game.sides.get(shooter.side).and_then(|s| s.models.get(shooter.model)) else { return };
    let enemy = 1 - shooter.side;
    let Some(enemies) = game.sides.get(enemy) else { return };
    ui.label(theme::heading(&v, "Shoot"));
    if model.out_of_ammo {
        ui.label("Out of ammo: reload before shooting (correct the marker when it reloads).");
        return;
    }
    let d = &mut state.draft;
    if d.shot == 0 {
        d.shot = 1;
        d.distance = "15".into();
    }
    if !model.weapons.contains(&d.weapon) {
        d.weapon = model.weapons.first().cloned().unwrap_or_else(|| "pistol".into());
    }
    ui.horizontal(|ui| {
        let label = widgets::row_label(ui, "Target");
        let current =
            d.target.and_then(|t| enemies.models.get(t)).map_or("Pick a target", |m| m.name.as_str());
        egui::ComboBox::from_id_salt("shot-target")
            .selected_text(current)
            .show_ui(ui, |ui| {
                for (m, e) in enemies.models.iter().enumerate().filter(|(_, e)| !e.out_of_action) {
                    ui.selectable_value(&mut d.target, Some(m), &e.name);
                }
            })
            .response
            .labelled_by(label.id);
    });
    let weapons: Vec<(String, String)> = model.weapons.iter().map(|w| (w.clone(), w.clone())).collect();
    ui.horizontal(|ui| {
        widgets::row_label(ui, "Weapon");
        for (id, name) in &weapons {
            if ui.add(egui::Button::selectable(d.weapon == *id, name)).clicked() {
                d.weapon.clone_from(id);
            }
        }
        if d.weapon == "shotgun" && ui.add(egui::Button::selectable(false, "both barrels")).clicked() {
            d.weapon = "both-barrels".into();
        }
    });
    widgets::text_field(ui, "Distance (cm)", &mut d.distance, 80.0);
    widgets::choice(ui, "Shot", &mut d.shot, &[(1, "1st"), (2, "2nd"), (3, "3rd")], |_| true);
    widgets::choice(ui, "Aims", &mut d.aims, &[(0, "0"), (1, "1"), (2, "2")], |_| true);
    widgets::choice(ui, "Shooter moves", &mut d.moves, &[(0, "0"), (1, "1"), (2, "2")], |_| true);
    ui.horizontal(|ui| {
        toggle(ui, &mut d.cover, "Target in cover");
        toggle(ui, &mut d.obscured, "Target obscured");
    });
    let Some(t) = d.target.filter(|&t| enemies.models.get(t).is_some_and(|m| !m.out_of_action)) else {
        ui.label("Pick a target to see the odds.");
        return;
    };
    let target = &enemies.models[t];
    if !target.activated && target.card.is_some() {
        toggle(ui, &mut d.duck_back, "Target ducks back (burns its activation; counts as moving once)");
    } else {
        d.duck_back = false;
    }
    let distance = match super::reference::parse_distance(&d.distance) {
        Ok(x) => x,
        Err(m) => {
            problem(ui, &m);
            return;
        }
    };
    let input = ShotInput {
        weapon: d.weapon.clone(),
        distance_cm: distance,
        shot: d.shot,
        aims: d.aims,
        shooter_moves: d.moves,
        shooter_mounted: false,
        shooter_under_fire: model.under_fire.min(4),
        skill: model.shoot,
        shooter_boss: model.boss,
        target_moves: if d.duck_back { target.moves.max(1) } else { target.moves }.min(3),
        cover: d.cover,
        target_boss: target.boss,
        target_mounted: false,
        obscured: d.obscured,
        black_joker: false,
    };
    let odds = match shooting::assess(rules, &input) {
        Ok(o) => o,
        Err(e) => {
            problem(ui, &format!("{e}."));
            return;
        }
    };
    ui.label(
        RichText::new(format!("Modifier {:+} · {} range", odds.modifier, odds.range.title().to_lowercase()))
            .size(theme::HEADING)
            .strong(),
    );
    for r in ShotResult::ALL {
        chance_bar(ui, r.title(), odds.chances.of(r), theme::result_colour(&v, r));
    }
    match roll_field(ui, &mut d.roll, rules.core.shooting.die) {
        Ok(Some(roll)) => {
            let result = shooting::result(rules, odds.modifier, roll);
            let target_ref = ModelRef { side: enemy, model: t };
            if ui.button(RichText::new(format!("Apply: {}", result.title())).size(theme::HEADING)).clicked() {
                if d.duck_back {
                    commands.push(PlayCommand::Apply(Event::Interrupt {
                        model: target_ref,
                        kind: Interruption::DuckBack,
                    }));
                    d.duck_back = false;
                }
                commands.push(PlayCommand::Apply(Event::Shot {
                    shooter,
                    target: target_ref,
                    modifier: odds.modifier,
                    roll,
                }));
                if result == ShotResult::UnderFireAndNerve {
                    state.nerve_for = Some(target_ref);
                }
                d.roll.clear();
                d.shot = (d.shot + 1).min(3);
                d.aims = 0;
            }
        }
        Ok(None) => {}
        Err(m) => problem(ui, &m),
    }
}

fn nerve_ui(
    ui: &mut Ui,
    rules: &Rules,
    game: &Game,
    target: ModelRef,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    let v = ui.visuals().clone();
    let Some(model) = game.sides.get(target.side).and_then(|s| s.models.get(target.model)) else {
        state.nerve_for = None;
        return;
    };
    ui.label(theme::heading(&v, format!("Nerve test for {}", model.name)));
    if model.out_of_action {
        ui.label(format!("{} is already out of action.", model.name));
        if ui.button("Carry on").clicked() {
            state.nerve_for = None;
        }
        return;
    }
    toggle(ui, &mut state.friend_near, "Friend within 15 cm");
    let input = NerveInput {
        nerve: model.nerve,
        under_fire: model.under_fire.min(4),
        friend_near: state.friend_near,
        extra: vec![],
    };
    let Ok(odds) = nerve::nerve_test(rules, &input) else { return };
    ui.label(theme::big(if odds.needed > 10 {
        "Cannot pass".to_owned()
    } else {
        format!("Needs {}+", odds.needed)
    }));
    chance_bar(ui, "Pass", odds.pass_chance, theme::good(&v));
    if let Ok(Some(roll)) = roll_field(ui, &mut state.nerve_roll, rules.core.nerve.die)
        && ui.button(RichText::new("Apply the nerve test").size(theme::HEADING)).clicked()
    {
        commands.push(PlayCommand::Apply(Event::Nerve { model: target, needed: odds.needed, roll }));
        state.nerve_for = None;
        state.nerve_roll.clear();
    }
}

fn end_of_turn_ui(
    ui: &mut Ui,
    rules: &Rules,
    game: &Game,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    let v = ui.visuals().clone();
    ui.label(theme::heading(&v, "End of the turn"));
    for step in &rules.core.end_of_turn {
        ui.label(format!("☐ {step}"));
    }
    let pending = game.big_nerve_pending(rules);
    for &s in &pending {
        let (Some(side), Ok(odds)) = (game.sides.get(s), game.big_nerve_odds(rules, s)) else { continue };
        ui.add_space(6.0);
        ui.label(
            RichText::new(format!("{} must take a Big Nerve test", side.name)).strong().size(theme::HEADING),
        );
        if odds.automatic_fail {
            ui.label(
                RichText::new("Automatic failure: markers at least twice the models standing.")
                    .color(theme::bad(&v)),
            );
        } else {
            ui.label(format!("Needs {}+ ({:+})", odds.needed, odds.modifier));
            chance_bar(ui, "Pass", odds.pass_chance, theme::good(&v));
        }
        if let Ok(Some(roll)) = roll_field(ui, &mut state.big_nerve_rolls[s], rules.core.nerve.die)
            && ui.button(format!("Apply {}'s Big Nerve test", side.name)).clicked()
        {
            commands.push(PlayCommand::Apply(Event::BigNerve { side: s, roll }));
            state.big_nerve_rolls[s].clear();
        }
    }
    if pending.is_empty()
        && ui.button(RichText::new("Draw cards and start the next turn").size(theme::HEADING)).clicked()
    {
        commands.push(PlayCommand::Apply(Event::NextTurn));
    }
}
