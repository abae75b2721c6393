//! The Play screen: start a game from two saved gangs and a scene, deal initiative, run
//! activations with shooting and nerve tests, correct markers, end turns with the Big Nerve
//! test, and read the log. The screen only reads the game and sends [`PlayCommand`]s; the app
//! applies them and appends each event to the game's journal.

use egui::{RichText, ScrollArea, Ui};

use super::theme;
use super::widgets::{self, chance_bar, problem, roll_field, stepper, toggle};
use crate::game::{Event, Flag, Game, Interruption, Marker, ModelRef, Phase};
use crate::rules::Rules;
use crate::rules::cards::Card;
use crate::rules::data::Role;
use crate::rules::melee::{self, FightWinner, Fighter};
use crate::rules::nerve::{self, NerveInput};
use crate::rules::shooting::{self, ShotInput, ShotResult};
use crate::store::{GangEntry, Outcome, Series};

/// Something the Play screen asks the app to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayCommand {
    /// Start a new game: scene (or none), the good and the bad gang ids, and the side that won
    /// the storyline's previous scene in a series (it draws an extra card).
    Start {
        scene: Option<String>,
        good: String,
        bad: String,
        extra_card: Option<Role>,
    },
    /// Apply an event to the game and save it.
    Apply(Event),
    Undo,
    Redo,
    /// Reopen a saved game.
    Resume(String),
    /// Record a scene's result for series play.
    Record {
        scene: String,
        outcome: Outcome,
    },
    /// Put the game away (it stays saved).
    Close,
}

/// The shot being prepared for the current model.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ShotDraft {
    pub target: Option<usize>,
    pub weapon: String,
    pub distance: String,
    pub aims: u32,
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

/// A charge or a later turn's roll-off being prepared for the current model.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FightDraft {
    pub target: Option<usize>,
    /// The current model is on, or comes from, higher ground.
    pub my_higher: bool,
    pub their_higher: bool,
    pub my_roll: String,
    pub their_roll: String,
}

/// A player's hand, shown only after the device is handed over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HandOver {
    pub side: usize,
    /// The player tapped to see it.
    pub shown: bool,
}

/// What the Play screen remembers between frames.
#[derive(Clone, Debug, Default, PartialEq)]
#[expect(clippy::struct_excessive_bools, reason = "each bool is one toggle or hand-over step of the screen")]
pub struct PlayState {
    pub scene: Option<String>,
    pub good: String,
    pub bad: String,
    pub face_up: [usize; 2],
    /// The two models picked for the lowest-card switch.
    pub swap: [usize; 2],
    pub draft: ShotDraft,
    pub quick: QuickDraft,
    /// The model that must take a nerve test, waiting for its roll.
    pub nerve_for: Option<ModelRef>,
    /// Why it takes the test, in words.
    pub nerve_reason: String,
    /// The test was called for by a shot's result (Yellow Belly may answer it).
    pub nerve_from_shot: bool,
    /// The shooter's target is in close range but not the closest enemy (reading A13).
    pub not_closest: bool,
    pub friend_near: bool,
    pub nerve_roll: String,
    pub moves: u32,
    pub big_nerve_rolls: [String; 2],
    /// Saved games that can be resumed: id and a summary.
    pub saved: Vec<(String, String)>,
    pub notice: Option<String>,
    /// A fixed seed for the next game (tests and replays of a known deal); the clock otherwise.
    pub seed: Option<u64>,
    pub fight: FightDraft,
    /// Each side draws its initiative cards from its own physical deck and types them.
    pub physical: [bool; 2],
    /// The cards typed for each side's models.
    pub typed: [Vec<String>; 2],
    /// A hand being handed over or shown.
    pub hand_over: Option<HandOver>,
    /// Play the scene on its own, ignoring the series result of the scene before it.
    pub standalone: bool,
    /// The hand card being played, while its targets are picked.
    pub playing: Option<Card>,
    pub play_targets: Vec<Option<ModelRef>>,
    /// The trumping player has tapped through the hand-over screen.
    pub trump_shown: bool,
    /// The abilities being used: by id, the model and hand card picked.
    pub ability: std::collections::BTreeMap<String, (Option<usize>, Option<Card>)>,
    /// I Am The Law: the Sheriff can see the model taking the nerve test.
    pub sheriff_sees: bool,
    /// The witness's player has tapped through the hand-over screen.
    pub witness_shown: bool,
    /// The model an enemy came within 15 cm of.
    pub approach: Option<usize>,
    /// A physical hand being typed.
    pub typed_hand: String,
    /// The model whose two initiative cards its player is looking at.
    pub second_shown: Option<ModelRef>,
    /// The model a card played from a prompt is aimed at (the nerve test's model).
    pub preset_target: Option<ModelRef>,
    /// The model shown as acting, and since when (seconds), to ignore a double click.
    pub shown_since: (Option<ModelRef>, f64),
}

/// A saved game: its id and its one-line summary.
type Saved = (String, String);

/// What the Play screen shows: the open game (if any) and what Undo and Redo would do.
pub struct PlayView<'a> {
    pub game: Option<&'a Game>,
    /// What Undo would undo, in words.
    pub undo_label: Option<&'a str>,
    pub can_redo: bool,
    /// The saved gangs to start a game with.
    pub gangs: &'a [GangEntry],
    /// Scene results recorded for series play.
    pub series: &'a Series,
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
        egui::Panel::bottom("play-log").resizable(true).default_size(120.0).show(ui, |ui| log_ui(ui, game));
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
            None => new_game_ui(ui, rules, view, state, commands),
            Some(game) if game.pending.is_some() || state.hand_over.is_some() => {
                // Undo stays one click away behind the hand-over screens too.
                ui.horizontal(|ui| undo_buttons(ui, view.undo_label, view.can_redo, commands));
                if game.pending.is_some() {
                    super::hand::pending_ui(ui, rules, game, state, commands);
                } else {
                    super::hand::hand_ui(ui, rules, game, state, commands);
                }
            }
            Some(game) => game_ui(ui, rules, game, view.undo_label, view.can_redo, state, commands),
        }
    });
}

fn new_game_ui(
    ui: &mut Ui,
    rules: &Rules,
    view: &PlayView<'_>,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    let gangs = view.gangs;
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
        // Propose the roles from the hierarchy of badness.
        let kind = |id: &str| {
            gangs
                .iter()
                .find(|e| e.id == id)
                .and_then(|e| e.gang.as_ref().ok())
                .and_then(|g| rules.gang(&g.gang))
        };
        if let (Some(a), Some(b)) = (kind(&state.good), kind(&state.bad))
            && !crate::rules::cards::a_is_good(a, b)
        {
            std::mem::swap(&mut state.good, &mut state.bad);
        }
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
    roles_hint(ui, rules, gangs, state);
    cast_hint(ui, rules, gangs, state);
    let extra_card = series_ui(ui, rules, view.series, state);
    if ui.button(RichText::new("Start the game").size(theme::HEADING)).clicked() {
        commands.push(PlayCommand::Start {
            scene: state.scene.clone(),
            good: state.good.clone(),
            bad: state.bad.clone(),
            extra_card,
        });
    }
    saved_games_ui(ui, state, commands);
}

/// The saved games: unfinished ones to resume, and the history of finished ones.
fn saved_games_ui(ui: &mut Ui, state: &PlayState, commands: &mut Vec<PlayCommand>) {
    let v = ui.visuals().clone();
    let (finished, unfinished): (Vec<&Saved>, Vec<&Saved>) =
        state.saved.iter().partition(|(_, summary)| summary.contains(" · over"));
    if !unfinished.is_empty() {
        ui.add_space(theme::GAP);
        ui.label(theme::heading(&v, "Unfinished games"));
        for (id, summary) in unfinished {
            if ui.button(format!("Resume {summary}")).clicked() {
                commands.push(PlayCommand::Resume(id.clone()));
            }
        }
    }
    if !finished.is_empty() {
        ui.add_space(theme::GAP);
        egui::CollapsingHeader::new(format!("History: {} finished games", finished.len()))
            .id_salt("history")
            .show(ui, |ui| {
                for (id, summary) in finished {
                    if ui
                        .button(format!("Open {summary}"))
                        .on_hover_text("Read its log, or undo its last event")
                        .clicked()
                    {
                        commands.push(PlayCommand::Resume(id.clone()));
                    }
                }
            });
    }
}

/// Proposes the roles from the hierarchy of badness when the picked gangs disagree with it,
/// with a button to swap them.
fn roles_hint(ui: &mut Ui, rules: &Rules, gangs: &[GangEntry], state: &mut PlayState) {
    let gang = |id: &str| gangs.iter().find(|e| e.id == id).and_then(|e| e.gang.as_ref().ok());
    let (Some(good), Some(bad)) = (gang(&state.good), gang(&state.bad)) else { return };
    if state.good == state.bad {
        problem(ui, "Pick a different gang for each side.");
        return;
    }
    let types = rules.gang(&good.gang).zip(rules.gang(&bad.gang));
    // The row is always there, so the buttons below never move under the pointer.
    ui.horizontal(|ui| {
        let text = match types {
            Some((g, b)) if !crate::rules::cards::a_is_good(g, b) => {
                format!("By the hierarchy of badness {} would be the bad guys.", good.name)
            }
            _ => "The roles follow the hierarchy of badness.".to_owned(),
        };
        ui.label(RichText::new(text).color(theme::muted(ui.visuals())));
        if ui.button("Swap sides").clicked() {
            std::mem::swap(&mut state.good, &mut state.bad);
        }
    });
}

/// The scene's cast for each side, with a warning when a picked gang does not match it.
fn cast_hint(ui: &mut Ui, rules: &Rules, gangs: &[GangEntry], state: &PlayState) {
    let Some(scene) = state.scene.as_deref().and_then(|id| rules.scene(id)) else { return };
    let gang = |id: &str| gangs.iter().find(|e| e.id == id).and_then(|e| e.gang.as_ref().ok());
    for (role, id) in [(Role::Good, &state.good), (Role::Bad, &state.bad)] {
        let side = scene.sides.get(role);
        let who = if role == Role::Good { "Good guys" } else { "Bad guys" };
        ui.label(
            RichText::new(format!("{who}' cast: {}", side.cast)).small().color(theme::muted(ui.visuals())),
        );
        if let (Some(g), Some(n)) = (gang(id), side.models)
            && u32::try_from(g.models.len()).unwrap_or(u32::MAX) != n
        {
            problem(
                ui,
                &format!(
                    "{} has {} models; this scene's {} are {n}. Build a gang for it from the Scenes screen.",
                    g.name,
                    g.models.len(),
                    who.to_lowercase()
                ),
            );
        }
    }
}

/// The series line for a scene whose storyline's previous scene has a result: who draws the
/// extra card. Returns that side unless the players play the scene on its own.
fn series_ui(ui: &mut Ui, rules: &Rules, series: &Series, state: &mut PlayState) -> Option<Role> {
    let scene = state.scene.as_deref().and_then(|id| rules.scene(id))?;
    let previous = crate::print::checklist::previous_scene(rules, scene)?;
    let winner = match series.results.get(&previous.id)? {
        Outcome::Good => Role::Good,
        Outcome::Bad => Role::Bad,
        Outcome::Draw => {
            ui.label(format!("{} ended in a draw: nobody draws an extra card.", previous.title));
            return None;
        }
    };
    let who = if winner == Role::Good { "good guys" } else { "bad guys" };
    let mut in_series = !state.standalone;
    toggle(
        ui,
        &mut in_series,
        &format!("Part of the series: the {who} won {} and draw 1 extra card", previous.title),
    );
    state.standalone = !in_series;
    in_series.then_some(winner)
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
    ui.horizontal(|ui| {
        let phase = match game.phase {
            Phase::Initiative => "initiative",
            Phase::Activations => "activations",
            Phase::EndOfTurn => "end of the turn",
            Phase::Over => "game over",
        };
        ui.label(RichText::new(format!("Turn {} · {phase}", game.turn)).size(theme::BIG - 10.0).strong());
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            if ui
                .button("Close game")
                .on_hover_text("It stays saved; resume it from the Play screen")
                .clicked()
            {
                commands.push(PlayCommand::Close);
            }
            ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
                undo_buttons(ui, undo_label, can_redo, commands);
            });
        });
    });
    ui.separator();
    // The roster keeps its width (the player can drag it); the phase of the turn takes the rest.
    egui::Panel::left("play-roster").resizable(true).default_size(590.0).show(ui, |ui| {
        ScrollArea::vertical().id_salt("play-markers").show(ui, |ui| {
            markers_ui(ui, game, state, commands);
            ui.add_space(theme::GAP);
            for side in 0..game.sides.len() {
                super::hand::abilities_ui(ui, rules, game, side, state, commands);
            }
            scene_rules_ui(ui, rules, game);
        });
    });
    egui::CentralPanel::default().show(ui, |ui| {
        ScrollArea::vertical().id_salt("play-phase").show(ui, |ui| {
            super::hand::in_play_ui(ui, rules, game);
            phase_ui(ui, rules, game, state, commands);
        });
    });
}

/// The right-hand column: what the phase of the turn asks for.
fn phase_ui(ui: &mut Ui, rules: &Rules, game: &Game, state: &mut PlayState, commands: &mut Vec<PlayCommand>) {
    match game.phase {
        Phase::Initiative => {
            first_turn_ui(ui, rules, game);
            initiative_ui(ui, game, state, commands);
        }
        Phase::Activations => activation_ui(ui, rules, game, state, commands),
        Phase::EndOfTurn => end_of_turn_ui(ui, rules, game, state, commands),
        Phase::Over => over_ui(ui, rules, game, state, commands),
    }
    if game.phase != Phase::Over {
        witness_ui(ui, rules, game, state, commands);
        declare_end_ui(ui, rules, game, commands);
    }
}

/// The secret witness: noted behind a hand-over screen, revealed when an enemy comes within
/// 15 cm of it.
fn witness_ui(
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
            ui.horizontal(|ui| {
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

/// End conditions Posse cannot see (objectives) are declared by the players; a custom game
/// ends by agreement.
fn declare_end_ui(ui: &mut Ui, rules: &Rules, game: &Game, commands: &mut Vec<PlayCommand>) {
    ui.add_space(theme::GAP);
    egui::CollapsingHeader::new("End the scene").id_salt("declare-end").show(ui, |ui| match game.scene_of(rules) {
        Some(scene) => {
            let objectives: Vec<_> =
                scene.end.iter().filter(|c| c.trigger.kind == crate::rules::data::TriggerKind::Objective).collect();
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
        }
        None => {
            ui.horizontal(|ui| {
                for (s, side) in game.sides.iter().enumerate() {
                    if ui.button(format!("{} win", side.name)).clicked() {
                        commands.push(PlayCommand::Apply(Event::EndScene { condition: "agreed".into(), winner: Some(s) }));
                    }
                }
                if ui.button("A draw").clicked() {
                    commands.push(PlayCommand::Apply(Event::EndScene { condition: "agreed".into(), winner: None }));
                }
            });
        }
    });
}

/// The end of the game: who won and why, and the next scene of the storyline.
fn over_ui(ui: &mut Ui, rules: &Rules, game: &Game, state: &mut PlayState, commands: &mut Vec<PlayCommand>) {
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
    let next = crate::print::checklist::next_scene(rules, scene);
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

/// The scene's first-turn rules, before the first initiative cards are dealt.
fn first_turn_ui(ui: &mut Ui, rules: &Rules, game: &Game) {
    let Some(scene) = game.scene.as_deref().and_then(|id| rules.scene(id)) else { return };
    if game.turn != 1 {
        return;
    }
    let mut lines: Vec<String> = scene.first_turn.clone();
    for side in &game.sides {
        lines.extend(scene.sides.get(side.role).first_turn.iter().map(|l| format!("{}: {l}", side.name)));
    }
    if lines.is_empty() {
        return;
    }
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.label(RichText::new(format!("First turn of {}", scene.title)).strong().size(theme::HEADING));
        for line in &lines {
            ui.label(format!("• {line}"));
        }
        for (s, side) in game.sides.iter().enumerate() {
            let keyed = scene.end.iter().any(|c| {
                c.trigger.kind == crate::rules::data::TriggerKind::KeyModelOut
                    && matches!(
                        (c.trigger.side, side.role),
                        (crate::rules::data::TriggerSide::Good, Role::Good)
                            | (crate::rules::data::TriggerSide::Bad, Role::Bad)
                            | (crate::rules::data::TriggerSide::Either, _)
                    )
            });
            let secret = scene.sides.get(side.role).secret_key;
            if keyed && !secret && !side.models.iter().any(|m| m.has(Flag::Key)) {
                problem(
                    ui,
                    &format!("Mark {}' key model (⚑ → Key model): Posse needs it to see how this scene ends.", game.sides[s].name),
                );
            }
        }
        let mut done = Vec::new();
        for side in &game.sides {
            let flags = &scene.sides.get(side.role).start_flags;
            for who in [crate::rules::data::FlagWho::All, crate::rules::data::FlagWho::Boss] {
                let titles: Vec<&str> = flags.iter().filter(|f| f.who == who).map(|f| f.flag.title()).collect();
                if !titles.is_empty() {
                    let whom = if who == crate::rules::data::FlagWho::Boss { "the boss" } else { "every model" };
                    done.push(format!("{}, {whom}: {}", side.name, titles.join(", ")));
                }
            }
        }
        let text = if done.is_empty() {
            "Set these with each model's ⚑ menu before dealing: surprised, no card, drunk, off the table, acts as an ace.".to_owned()
        } else {
            format!("Posse has flagged: {}. Set the rest with each model's ⚑ menu before dealing.", done.join("; "))
        };
        ui.label(RichText::new(text).color(theme::muted(ui.visuals())));
    });
    ui.add_space(theme::GAP);
}

/// The scene's special rules, folded away under the markers.
fn scene_rules_ui(ui: &mut Ui, rules: &Rules, game: &Game) {
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

/// Undo (saying what it undoes) and Redo, with their shortcuts.
fn undo_buttons(ui: &mut Ui, undo_label: Option<&str>, can_redo: bool, commands: &mut Vec<PlayCommand>) {
    // Redo first, so it stays put while the Undo label changes; a long label is shortened
    // on the button and given whole in its tooltip (and to screen readers).
    if ui.add_enabled(can_redo, egui::Button::new("Redo")).on_hover_text("Ctrl+Shift+Z").clicked()
        || (can_redo && ui.input(|i| i.modifiers.command && i.modifiers.shift && i.key_pressed(egui::Key::Z)))
    {
        commands.push(PlayCommand::Redo);
    }
    let full = undo_label.map_or_else(|| "Undo".to_owned(), |l| format!("Undo: {l}"));
    let shown = elide(&full, 64);
    let undo = ui
        .add_enabled(undo_label.is_some(), egui::Button::new(shown))
        .accessible_name(full.clone())
        .on_hover_text(format!("{full} (Ctrl+Z)"));
    if undo.clicked()
        || ui.input(|i| i.modifiers.command && !i.modifiers.shift && i.key_pressed(egui::Key::Z))
    {
        commands.push(PlayCommand::Undo);
    }
}

/// `text` cut to `max` characters with an ellipsis.
fn elide(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        text.to_owned()
    } else {
        let cut: String = text.chars().take(max.saturating_sub(1)).collect();
        format!("{}…", cut.trim_end())
    }
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

/// A model's ⚑ menu: correct out of ammo and out of action, set flags, draw a second card.
fn model_menu(ui: &mut Ui, game: &Game, r: ModelRef, state: &mut PlayState, commands: &mut Vec<PlayCommand>) {
    let Some(model) = game.model_at(r) else { return };
    ui.menu_button("⚑", |ui| {
        ui.label(RichText::new(format!("Adjust {}", model.name)).strong());
        if game.phase == Phase::Activations && !model.out_of_action {
            if ui.button("Nerve test…").on_hover_text("For a card, a hostage or any other reason").clicked()
            {
                state.nerve_for = Some(r);
                state.nerve_from_shot = false;
                state.nerve_reason =
                    "Called from the model's menu (a card, a hostage or another reason).".into();
                ui.close();
            }
            if model.card.is_some()
                && model.second.is_none()
                && !model.activated
                && ui.button("Deal a second card (keep one)").clicked()
            {
                commands.push(PlayCommand::Apply(Event::ExtraCard { model: r }));
                ui.close();
            }
            if model.burnt.is_some()
                && model.activated
                && ui
                    .button("Give back its activation")
                    .on_hover_text("Above Snakes passed, or The Quick and the Dead cancelled the duck back")
                    .clicked()
            {
                commands.push(PlayCommand::Apply(Event::RestoreActivation { model: r }));
                ui.close();
            }
            ui.separator();
        }
        ui.label(RichText::new("Markers").small().color(theme::muted(ui.visuals())));
        let mut ammo = model.out_of_ammo;
        if ui.checkbox(&mut ammo, "Out of ammo").changed() {
            commands.push(PlayCommand::Apply(Event::SetMarker { model: r, marker: Marker::OutOfAmmo(ammo) }));
        }
        let mut down = model.out_of_action;
        if ui.checkbox(&mut down, "Out of action").changed() {
            commands
                .push(PlayCommand::Apply(Event::SetMarker { model: r, marker: Marker::OutOfAction(down) }));
        }
        ui.separator();
        ui.label(RichText::new("Flags").small().color(theme::muted(ui.visuals())));
        for flag in Flag::ALL {
            let mut on = model.has(flag);
            let title = flag.title();
            let label = title
                .chars()
                .next()
                .map_or_else(String::new, |c| c.to_uppercase().collect::<String>() + &title[c.len_utf8()..]);
            if ui.checkbox(&mut on, label).changed() {
                commands
                    .push(PlayCommand::Apply(Event::SetMarker { model: r, marker: Marker::Flag(flag, on) }));
            }
        }
    })
    .response
    .accessible_name(format!("Flags and markers of {}", model.name))
    .on_hover_text(format!("Flags and markers of {}", model.name));
}

fn markers_ui(ui: &mut Ui, game: &Game, state: &mut PlayState, commands: &mut Vec<PlayCommand>) {
    let v = ui.visuals().clone();
    let current = if game.phase == Phase::Activations && game.pending.is_none() {
        game.order().ok().and_then(|o| o.first().copied())
    } else {
        None
    };
    for (s, side) in game.sides.iter().enumerate() {
        ui.horizontal(|ui| {
            ui.label(theme::heading(
                &v,
                format!("{} · {} in hand · {} in deck", side.name, side.hand.len(), side.deck.len()),
            ));
            if ui
                .button(format!("{}'s hand", side.name))
                .on_hover_text("Shows the hand after a hand-over screen")
                .clicked()
            {
                state.hand_over = Some(HandOver { side: s, shown: false });
            }
        });
        // Fixed column widths, so both gangs' columns line up and rows never reflow.
        egui::Grid::new(("markers", s)).num_columns(6).spacing([10.0, 4.0]).striped(true).show(ui, |ui| {
            for head in ["Model", "Card", "Under fire", "Correct", "", "Status"] {
                ui.label(RichText::new(head).small().color(theme::muted(&v)));
            }
            ui.end_row();
            for (m, model) in side.models.iter().enumerate() {
                let r = ModelRef { side: s, model: m };
                let acting = current == Some(r);
                let name =
                    RichText::new(if acting { format!("▶ {}", model.name) } else { model.name.clone() })
                        .strong();
                let name = if model.out_of_action {
                    name.strikethrough().color(theme::muted(&v))
                } else if acting {
                    name.color(theme::accent(&v))
                } else {
                    name
                };
                widgets::fixed(ui, 160.0, egui::Align::Min, egui::Label::new(name));
                let card = match model.card {
                    Some(card) => RichText::new(card.label()).strong().color(card_colour(&v, card)),
                    None if model.activated && !model.out_of_action => {
                        RichText::new("✓ acted").color(theme::muted(&v))
                    }
                    None if model.has(Flag::Ace) && !model.out_of_action => {
                        RichText::new("as an ace").color(theme::muted(&v))
                    }
                    None => RichText::new("—").color(theme::muted(&v)),
                };
                widgets::fixed(ui, 84.0, egui::Align::Min, egui::Label::new(card));
                widgets::fixed(
                    ui,
                    80.0,
                    egui::Align::Min,
                    egui::Label::new(RichText::new(pips(model.under_fire, model.hits)).color(theme::bad(&v))),
                )
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
                if let Some(f) = game.fight_of(r) {
                    flags.push(format!(
                        "fighting {}",
                        game.model_at(f.opponent(r)).map_or("?", |m| m.name.as_str())
                    ));
                }
                flags.extend(model.flags.iter().map(|f| f.title().to_owned()));
                model_menu(ui, game, r, state, commands);
                ui.label(RichText::new(flags.join(", ")).small());
                ui.end_row();
            }
        });
    }
}

fn initiative_ui(ui: &mut Ui, game: &Game, state: &mut PlayState, commands: &mut Vec<PlayCommand>) {
    let v = ui.visuals().clone();
    ui.label(theme::heading(&v, "Initiative"));
    let mut typed: Vec<(ModelRef, Card)> = Vec::new();
    let mut missing = None;
    for (s, side) in game.sides.iter().enumerate() {
        ui.horizontal(|ui| {
            widgets::row_label(ui, &side.name);
            if ui.add(egui::Button::selectable(!state.physical[s], "Posse deals")).clicked() {
                state.physical[s] = false;
            }
            if ui
                .add(egui::Button::selectable(state.physical[s], "Own deck"))
                .accessible_name(format!("{} draw from their own deck", side.name))
                .on_hover_text("The player draws from a real deck and types each card")
                .clicked()
            {
                state.physical[s] = true;
            }
        });
        if state.physical[s] {
            state.typed[s].resize(side.models.len(), String::new());
            ui.label(
                RichText::new("Turn your top card face up for the model of your choice, deal the rest, then type each card (7S, 10H, QD, RJ).")
                    .color(theme::muted(&v)),
            );
            for (m, model) in side.models.iter().enumerate() {
                if model.out_of_action
                    || model.has(Flag::OffTable)
                    || model.has(Flag::Ace)
                    || model.has(Flag::NoCard)
                {
                    continue;
                }
                let text = &mut state.typed[s][m];
                widgets::text_field(ui, &format!("{} card", model.name), text, 70.0);
                match text.parse::<Card>() {
                    Ok(card) if side.deck.contains(&card) => {
                        typed.push((ModelRef { side: s, model: m }, card));
                    }
                    Ok(card) => {
                        problem(ui, &format!("{} is not in the {}' deck now.", card.label(), side.name));
                        missing = Some(model.name.clone());
                    }
                    Err(e) if !text.trim().is_empty() => {
                        problem(ui, &format!("{e}."));
                        missing = Some(model.name.clone());
                    }
                    Err(_) => missing = Some(model.name.clone()),
                }
            }
        } else {
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
    }
    let mut seen = typed.iter().map(|(r, c)| (r.side, *c)).collect::<Vec<_>>();
    seen.sort_by_key(|(s, c)| (*s, c.to_string()));
    let twice = seen.windows(2).any(|w| w[0] == w[1]);
    if twice {
        problem(ui, "The same card is typed for two models.");
    }
    if let Some(name) = &missing {
        ui.label(RichText::new(format!("Type a card for {name} to deal.")).color(theme::muted(&v)));
    }
    let ready = missing.is_none() && !twice;
    if ui
        .add_enabled(ready, egui::Button::new(RichText::new("Deal initiative").size(theme::HEADING)))
        .on_hover_text("Ctrl+D")
        .clicked()
        || (ready && ui.input(|i| i.modifiers.command && i.key_pressed(egui::Key::D)))
    {
        commands.push(PlayCommand::Apply(Event::DealInitiative {
            face_up: [Some(state.face_up[0]), Some(state.face_up[1])],
            cards: if typed.is_empty() { None } else { Some(typed) },
        }));
        state.typed = [Vec::new(), Vec::new()];
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
    second_card_ui(ui, rules, game, state, commands);
    let Some(&current) = order.first() else {
        ui.label("Every model has acted.");
        if ui.button(RichText::new("End the turn").size(theme::HEADING)).on_hover_text("Ctrl+E").clicked()
            || ui.input(|i| i.modifiers.command && i.key_pressed(egui::Key::E))
        {
            commands.push(PlayCommand::Apply(Event::EndTurn));
        }
        return;
    };
    let Some(model) = game.sides.get(current.side).and_then(|s| s.models.get(current.model)) else { return };
    let side_name = game.sides.get(current.side).map_or("", |s| s.name.as_str());
    ui.horizontal(|ui| {
        if let Some(card) = model.card {
            ui.label(theme::big(card.label()).color(card_colour(&v, card)));
        }
        ui.label(theme::big(&model.name));
    });
    ui.label(
        RichText::new(format!(
            "{side_name} · Shoot {:+} · Nerve {}+ · {}",
            model.shoot,
            model.nerve,
            model.weapons.join(", ")
        ))
        .color(theme::muted(&v)),
    );
    // The common thing first, always in the same place: finishing the activation.
    let actions = if model.has(Flag::Drunk) { 2 } else { 3 };
    end_activation_row(ui, model, current, actions, state, commands);
    let shots: u32 = model.shots.values().sum();
    let used = state.moves + shots;
    let mut notes = vec![if used == 0 {
        format!("{actions} actions")
    } else {
        format!("{} of {actions} actions left", actions.saturating_sub(used))
    }];
    notes.extend(model.flags.iter().map(|f| f.title().to_owned()));
    if model.under_fire > 0 {
        notes.push(crate::rules::count(model.under_fire, "under fire marker", "under fire markers"));
    }
    if model.out_of_ammo {
        notes.push("out of ammo".into());
    }
    ui.label(RichText::new(notes.join(" · ")).strong());
    let next: Vec<String> = order
        .iter()
        .skip(1)
        .take(4)
        .filter_map(|r| game.sides.get(r.side)?.models.get(r.model).map(|m| m.name.clone()))
        .collect();
    if !next.is_empty() {
        ui.label(RichText::new(format!("Then: {}", next.join(", "))).color(theme::muted(&v)));
    }
    if model.under_fire > 0 {
        recover_ui(ui, game, current, commands);
    }
    if game.fight_of(current).is_none() {
        shoot_ui(ui, rules, game, current, state, commands);
    }
    fight_ui(ui, rules, game, current, state, commands);
    if game.fight_of(current).is_none() {
        quick_shot_ui(ui, rules, game, current, state, commands);
    }
}

/// The move-actions stepper and the End activation button, in a fixed place and size; a click
/// right after the model changed is ignored (a double click would end two activations).
fn end_activation_row(
    ui: &mut Ui,
    model: &crate::game::Model,
    current: ModelRef,
    actions: u32,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    ui.horizontal(|ui| {
        // Loot carriers and the wounded move at most twice (the scenes' limits).
        let moves = if model.has(Flag::Loot) || model.has(Flag::Wounded) { actions.min(2) } else { actions };
        stepper(ui, "Move actions taken", &mut state.moves, 0, moves);
        let now = ui.input(|i| i.time);
        // A second click right after the model changed would end the next model's activation.
        let settled = now - state.shown_since.1 > 0.4 || state.shown_since.0 != Some(current);
        if state.shown_since.0 != Some(current) {
            state.shown_since = (Some(current), now);
        }
        let end = egui::Button::new(RichText::new("End activation").size(theme::HEADING))
            .min_size(egui::vec2(200.0, 0.0));
        if (ui
            .add(end)
            .accessible_name(format!("End {}'s activation", model.name))
            .on_hover_text(format!("End {}'s activation (Ctrl+E)", model.name))
            .clicked()
            && settled)
            || ui.input(|i| i.modifiers.command && i.key_pressed(egui::Key::E))
        {
            commands.push(PlayCommand::Apply(Event::EndActivation { model: current, moves: state.moves }));
            state.moves = 0;
            state.draft = ShotDraft::default();
            state.fight = FightDraft::default();
        }
    });
}

/// Second initiative cards: offered to the outnumbered Stranger, then chosen by the owner.
fn second_card_ui(
    ui: &mut Ui,
    rules: &Rules,
    game: &Game,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    for r in game.second_card_due(rules) {
        let Some(m) = game.model_at(r) else { continue };
        ui.horizontal_wrapped(|ui| {
            ui.label(
                RichText::new(format!("{} is outnumbered: he is dealt a second card and keeps one.", m.name))
                    .strong(),
            );
            if ui.button(format!("Deal {}'s second card", m.name)).clicked() {
                commands.push(PlayCommand::Apply(Event::ExtraCard { model: r }));
            }
        });
    }
    for (s, side) in game.sides.iter().enumerate() {
        for (i, m) in side.models.iter().enumerate() {
            let (Some(held), Some(second)) = (m.card, m.second) else { continue };
            let r = ModelRef { side: s, model: i };
            // The owner looks at the two cards in secret (See How the Cat Jumps, A33).
            if state.second_shown != Some(r) {
                if ui
                    .button(format!(
                        "Pass to the {} player — tap to choose {}'s card",
                        game.player(rules, s),
                        m.name
                    ))
                    .clicked()
                {
                    state.second_shown = Some(r);
                }
                continue;
            }
            ui.horizontal_wrapped(|ui| {
                ui.label(RichText::new(format!("{}: keep which card?", m.name)).strong());
                if ui.button(format!("Keep {}", held.label())).clicked() {
                    commands.push(PlayCommand::Apply(Event::KeepCard { model: r, keep_second: false }));
                    state.second_shown = None;
                }
                if ui.button(format!("Keep {}", second.label())).clicked() {
                    commands.push(PlayCommand::Apply(Event::KeepCard { model: r, keep_second: true }));
                    state.second_shown = None;
                }
            });
        }
    }
}

/// A Recover action: one marker off (every marker under True Grit), unless the enemy's
/// Hang 'em High forbids it this turn.
fn recover_ui(ui: &mut Ui, game: &Game, current: ModelRef, commands: &mut Vec<PlayCommand>) {
    let barred = game.recover_barred(current.side);
    let all = game.effect_on(crate::game::Effect::TrueGrit, current);
    let label = if all {
        "Recover (one action): every marker off, True Grit"
    } else {
        "Recover (one action): one marker off"
    };
    let response = ui.add_enabled(!barred, egui::Button::new(label));
    if barred {
        response.on_disabled_hover_text("Hang 'em High: no Recover this turn");
        ui.label(
            RichText::new("Hang 'em High: no Recover this turn.").small().color(theme::muted(ui.visuals())),
        );
    } else if response.clicked() {
        commands.push(PlayCommand::Apply(Event::Recover { model: current }));
    }
}

/// Hand-to-hand for the current model: charge an enemy, or, locked in a fight, fight on at the
/// higher card (+1) or break off. A charged model spends its activation in the fight, and the
/// charger's activation ends at contact unless its enemy falls (reading A24).
#[expect(clippy::too_many_lines, reason = "one form read top to bottom: who, odds, dice")]
fn fight_ui(
    ui: &mut Ui,
    rules: &Rules,
    game: &Game,
    current: ModelRef,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    let visuals = ui.visuals().clone();
    let Some(me) = game.model_at(current) else { return };
    let enemy = 1 - current.side;
    let Some(enemies) = game.sides.get(enemy) else { return };
    ui.add_space(theme::GAP);
    let draft = &mut state.fight;
    let (opponent, fighting_on) = match game.fight_of(current) {
        Some(fight) if fight.rolled == game.turn => {
            let them = game.model_at(fight.opponent(current)).map_or("?", |m| m.name.as_str());
            ui.label(theme::heading(&visuals, "Hand-to-hand"));
            ui.label(format!(
                "{} is locked in a fight with {them}; this turn's roll-off is done. End the activation.",
                me.name
            ));
            return;
        }
        Some(fight) => (fight.opponent(current), true),
        None => {
            ui.label(theme::heading(&visuals, "Charge"));
            let free = |m: usize| {
                let r = ModelRef { side: enemy, model: m };
                !enemies.models[m].out_of_action && game.fight_of(r).is_none()
            };
            ui.horizontal(|ui| {
                let label = widgets::row_label(ui, "Charge target");
                let current_name =
                    draft.target.and_then(|t| enemies.models.get(t)).map_or("Nobody", |m| m.name.as_str());
                egui::ComboBox::from_id_salt("charge-target")
                    .selected_text(current_name)
                    .show_ui(ui, |ui| {
                        ui.selectable_value(&mut draft.target, None, "Nobody");
                        for m in (0..enemies.models.len()).filter(|&m| free(m)) {
                            ui.selectable_value(&mut draft.target, Some(m), &enemies.models[m].name);
                        }
                    })
                    .response
                    .labelled_by(label.id);
            });
            let Some(t) = draft.target.filter(|&t| t < enemies.models.len() && free(t)) else { return };
            (ModelRef { side: enemy, model: t }, false)
        }
    };
    let Some(them) = game.model_at(opponent) else { return };
    if fighting_on {
        ui.label(theme::heading(&visuals, format!("Fight with {}", them.name)));
        ui.label(format!(
            "{} holds the higher card: fight on with +1, or break off (two move actions).",
            me.name
        ));
        if ui.button("Break off (two move actions)").clicked() {
            commands.push(PlayCommand::Apply(Event::BreakOff { model: current }));
            state.moves = state.moves.max(2);
            *draft = FightDraft::default();
            return;
        }
    }
    ui.horizontal(|ui| {
        toggle(ui, &mut draft.my_higher, &format!("{} on higher ground", me.name));
        toggle(ui, &mut draft.their_higher, &format!("{} on higher ground", them.name));
    });
    let a = Fighter {
        hth: me.hth,
        under_fire: me.under_fire.min(4),
        higher: draft.my_higher,
        charged: !fighting_on,
        card_higher: fighting_on,
    };
    let b = Fighter {
        hth: them.hth,
        under_fire: them.under_fire.min(4),
        higher: draft.their_higher,
        charged: false,
        card_higher: false,
    };
    let chances = match melee::chances(rules, &a, &b) {
        Ok(c) => c,
        Err(e) => {
            problem(ui, &format!("{e}."));
            return;
        }
    };
    let total = |x: &Fighter, y: &Fighter| melee::modifiers(rules, x, y).iter().map(|m| m.value).sum::<i32>();
    let (ma, mb) = (total(&a, &b), total(&b, &a));
    ui.label(RichText::new(format!("{} {ma:+} against {} {mb:+}", me.name, them.name)).strong());
    chance_bar(ui, &format!("{} wins", me.name), chances.a, theme::good(&visuals));
    chance_bar(ui, "Draw", chances.draw, theme::muted(&visuals));
    chance_bar(ui, &format!("{} wins", them.name), chances.b, theme::bad(&visuals));
    let die = rules.core.hand_to_hand.die;
    let mine = widgets::roll_field_named(ui, &format!("{}'s d{die}", me.name), &mut draft.my_roll, die);
    let theirs =
        widgets::roll_field_named(ui, &format!("{}'s d{die}", them.name), &mut draft.their_roll, die);
    let (ra, rb) = match (mine, theirs) {
        (Ok(Some(ra)), Ok(Some(rb))) => (ra, rb),
        (Err(m), _) | (_, Err(m)) => {
            problem(ui, &m);
            return;
        }
        _ => return,
    };
    let Ok(result) = melee::resolve(rules, &a, &b, ra, rb) else { return };
    let markers = crate::rules::count(result.markers, "marker", "markers");
    let down =
        |m: &crate::game::Model| if m.under_fire + result.markers >= m.hits { ", out of action" } else { "" };
    let outcome = match result.winner {
        FightWinner::A => format!("{} takes {markers}{}", them.name, down(them)),
        FightWinner::B => format!("{} takes {markers}{}", me.name, down(me)),
        FightWinner::Draw => "a draw".to_owned(),
    };
    if ui.button(RichText::new(format!("Apply the fight: {outcome}")).size(theme::HEADING)).clicked() {
        commands.push(PlayCommand::Apply(Event::Fight {
            a: current,
            b: opponent,
            a_modifier: ma,
            b_modifier: mb,
            a_roll: ra,
            b_roll: rb,
        }));
        let enemy_falls = result.winner == FightWinner::A && them.under_fire + result.markers >= them.hits;
        let i_fall = result.winner == FightWinner::B && me.under_fire + result.markers >= me.hits;
        // Unless the enemy falls (then the survivor acts on), the activation ends at the roll.
        if !enemy_falls && !i_fall {
            let moves = if fighting_on { state.moves } else { state.moves.max(1) };
            commands.push(PlayCommand::Apply(Event::EndActivation { model: current, moves }));
            state.moves = 0;
        }
        *draft = FightDraft::default();
    }
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
    let ready = quick_shooters(game, enemy);
    if ready.is_empty() {
        return;
    }
    if game.quick_shot_taken(enemy) {
        ui.label(
            RichText::new(format!("{} have had their quick shot this activation.", enemies.name))
                .color(theme::muted(&v)),
        );
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
            .find(|w| {
                rules.weapon(w).is_some_and(|x| x.quick_shot)
                    && (*w != "shotgun" || shooter.weapons.len() == 1)
            })
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
    let mut input = input;
    card_notes(ui, &game.card_shot_effects(rules, ModelRef { side: enemy, model: s }, target, &mut input));
    let odds = match shooting::assess(rules, &input) {
        Ok(o) => o,
        Err(e) => {
            problem(ui, &format!("{e}."));
            return;
        }
    };
    ui.label(RichText::new(format!("Modifier {:+} · hit {}", odds.modifier, odds.chances.hit())).strong());
    quick_timing(ui, odds.range, &victim.name);
    if let Ok(Some(roll)) = roll_field(ui, &mut q.roll, rules.core.shooting.die) {
        let result = game.shot_result(rules, target, odds.modifier, roll);
        if ui.button(format!("Apply the quick shot: {}", result.title())).clicked() {
            let by = ModelRef { side: enemy, model: s };
            commands.push(PlayCommand::Apply(Event::Interrupt { model: by, kind: Interruption::QuickShot }));
            commands.push(PlayCommand::Apply(Event::Shot {
                shooter: by,
                target,
                modifier: odds.modifier,
                roll,
                weapon: Some(input.weapon.clone()),
            }));
            if result == ShotResult::UnderFireAndNerve {
                state.nerve_for = Some(target);
                state.nerve_from_shot = true;
                state.nerve_reason =
                    "Quick shot at: under fire, and a nerve test (the new marker counts).".into();
            }
            state.quick = QuickDraft::default();
        }
    }
}

/// The cards in play that changed a shot or a test, one line each.
fn card_notes(ui: &mut Ui, notes: &[&str]) {
    let colour = theme::accent(ui.visuals());
    for note in notes {
        ui.label(RichText::new(*note).strong().color(colour));
    }
}

/// The enemy models that may quick shoot now: not yet acted, armed and loaded, not surprised,
/// not locked in a fight.
fn quick_shooters(game: &Game, enemy: usize) -> Vec<usize> {
    let Some(enemies) = game.sides.get(enemy) else { return Vec::new() };
    (0..enemies.models.len())
        .filter(|&m| {
            let x = &enemies.models[m];
            !x.activated
                && (x.card.is_some() || x.has(Flag::Ace))
                && !x.out_of_action
                && !x.out_of_ammo
                && !x.has(Flag::Surprised)
                && game.fight_of(ModelRef { side: enemy, model: m }).is_none()
        })
        .collect()
}

/// Who fires first when a quick shot answers a model (reading A21): the quick shooter's own
/// range band decides.
fn quick_timing(ui: &mut Ui, band: crate::rules::data::Band, victim: &str) {
    let muted = theme::muted(ui.visuals());
    let timing = if band == crate::rules::data::Band::Long {
        format!(
            "Long range: the quick shot comes first. If it puts {victim} out of action, {victim} does nothing more."
        )
    } else {
        format!(
            "Close range: the shots are simultaneous. Apply {victim}'s own shot first (it fires even if it falls), then this one."
        )
    };
    ui.label(RichText::new(timing).color(muted));
    ui.label(
        RichText::new(format!("Against a move, you choose the moment of {victim}'s move to fire."))
            .small()
            .color(muted),
    );
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
        ui.horizontal(|ui| {
            ui.label("Out of ammo: reload before shooting.");
            if ui.button("Reload (one action)").clicked() {
                commands.push(PlayCommand::Apply(Event::SetMarker {
                    model: shooter,
                    marker: Marker::OutOfAmmo(false),
                }));
            }
        });
        return;
    }
    let declared = state.moves;
    let PlayState { draft: d, not_closest, nerve_for, nerve_reason, nerve_from_shot, .. } = state;
    if d.distance.is_empty() {
        d.distance = "15".into();
    }
    // The shot number follows the shots this model has fired this turn.
    let shot_number = (model.shots.values().sum::<u32>() + 1).min(3);
    let carried = |w: &str| {
        rules
            .weapon(w)
            .is_some_and(|x| model.weapons.iter().any(|c| c == x.mode_of.as_deref().unwrap_or(&x.id)))
    };
    if !carried(&d.weapon) {
        d.weapon = model.weapons.first().cloned().unwrap_or_else(|| "pistol".into());
    }
    ui.horizontal(|ui| {
        let label = widgets::row_label(ui, "Target");
        let current =
            d.target.and_then(|t| enemies.models.get(t)).map_or("Pick a target", |m| m.name.as_str());
        egui::ComboBox::from_id_salt("shot-target")
            .selected_text(current)
            .show_ui(ui, |ui| {
                let into_fights = game.shoots_into_fights(rules, shooter.side);
                for (m, e) in enemies.models.iter().enumerate().filter(|(m, e)| {
                    !e.out_of_action
                        && (into_fights || game.fight_of(ModelRef { side: enemy, model: *m }).is_none())
                }) {
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
        if model.weapons.iter().any(|w| w == "shotgun")
            && ui.add(egui::Button::selectable(d.weapon == "both-barrels", "both barrels")).clicked()
        {
            d.weapon = "both-barrels".into();
        }
    });
    let Some(weapon) = rules.weapon(&d.weapon) else { return };
    let fired = model.shots.get(&weapon.id).copied().unwrap_or(0);
    let left = weapon.max_shots.saturating_sub(fired);
    ui.label(
        RichText::new(format!(
            "Shot {} this turn · {}: {} of {} left",
            shot_number,
            weapon.name.to_lowercase(),
            left,
            crate::rules::count(weapon.max_shots, "shot", "shots")
        ))
        .color(theme::muted(&v)),
    );
    widgets::text_field(ui, "Distance (cm)", &mut d.distance, 80.0);
    widgets::choice(ui, "Aims", &mut d.aims, &[(0, "0"), (1, "1"), (2, "2")], |a: u32| a <= weapon.max_aims);
    d.aims = d.aims.min(weapon.max_aims);
    ui.label(RichText::new(format!("Moves declared: {declared} (set above)")).color(theme::muted(&v)));
    if declared >= 3 {
        problem(ui, "Three moves leave no action to shoot.");
        return;
    }
    ui.horizontal(|ui| {
        toggle(ui, &mut d.cover, "Target in cover");
        toggle(ui, &mut d.obscured, "Target obscured");
    });
    let Some(t) = d.target.filter(|&t| enemies.models.get(t).is_some_and(|m| !m.out_of_action)) else {
        ui.label("Pick a target to see the odds.");
        return;
    };
    let target = &enemies.models[t];
    let into_fight = game.fight_of(ModelRef { side: enemy, model: t }).is_some();
    if into_fight && !game.shoots_into_fights(rules, shooter.side) {
        problem(ui, &format!("{} is locked in hand-to-hand and cannot be shot.", target.name));
        return;
    }
    if into_fight {
        ui.label(
            RichText::new("Life Ain't Worth Spit: on a hit Posse turns your top card; an even number hits your own fighter.")
                .color(theme::accent(&v)),
        );
    }
    let hog = game.extra_shot.contains(&shooter) && weapon.id == "pistol";
    if hog {
        ui.label(
            RichText::new("A Hog Killin' Time: one extra pistol shot, then an under fire marker.")
                .color(theme::accent(&v)),
        );
    } else if left == 0 {
        problem(ui, &format!("{} has fired its {} shots this turn.", model.name, weapon.name.to_lowercase()));
        return;
    }
    if !target.activated && !target.has(Flag::Surprised) && (target.card.is_some() || target.has(Flag::Ace)) {
        toggle(ui, &mut d.duck_back, "Target ducks back (burns its activation; counts as moving once)");
        if d.duck_back {
            ui.label(
                RichText::new("Tick cover too if it reached substantial cover.")
                    .small()
                    .color(theme::muted(&v)),
            );
        }
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
        shot: shot_number,
        aims: d.aims,
        shooter_moves: declared,
        shooter_mounted: model.has(Flag::Mounted),
        shooter_under_fire: model.under_fire.min(4),
        skill: model.shoot,
        shooter_boss: model.boss,
        target_moves: if d.duck_back { target.moves.max(1) } else { target.moves }.min(3),
        cover: d.cover || target.has(Flag::Cover),
        target_boss: target.boss,
        target_mounted: target.has(Flag::Mounted),
        obscured: d.obscured,
        black_joker: false,
        counts_as_aimed: false,
    };
    let mut input = input;
    let target_ref = ModelRef { side: enemy, model: t };
    card_notes(ui, &game.card_shot_effects(rules, shooter, target_ref, &mut input));
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
    if !odds.modifiers.is_empty() {
        let parts: Vec<String> =
            odds.modifiers.iter().map(|m| format!("{} {:+}", m.reason, m.value)).collect();
        ui.label(RichText::new(parts.join(" · ")).small().color(theme::muted(&v)));
    }
    for r in ShotResult::ALL {
        chance_bar(ui, r.title(), odds.chances.of(r), theme::result_colour(&v, r));
    }
    // The closest-target rule applies in close and point-blank range (reading A13).
    if odds.range == crate::rules::data::Band::Long {
        *not_closest = false;
    } else {
        toggle(ui, not_closest, "Target is not the closest enemy");
        if *not_closest {
            ui.horizontal_wrapped(|ui| {
                ui.label("Take a nerve test first: pass, shoot as declared; fail, the shot goes to the closest enemy, and a marker.");
                if ui.button("Take the nerve test").clicked() {
                    *nerve_for = Some(shooter);
                    *nerve_from_shot = false;
                    *nerve_reason = format!("Closest-target rule: {} wants to shoot past a closer enemy.", model.name);
                    *not_closest = false;
                }
            });
        }
    }
    match roll_field(ui, &mut d.roll, rules.core.shooting.die) {
        Ok(Some(roll)) => {
            let result = game.shot_result(rules, target_ref, odds.modifier, roll);
            ui.label(
                RichText::new(format!(
                    "{roll} {:+} = {} → {}",
                    odds.modifier,
                    i64::from(roll) + i64::from(odds.modifier),
                    result.title()
                ))
                .size(theme::HEADING)
                .color(theme::result_colour(&v, result)),
            );
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
                    weapon: Some(d.weapon.clone()),
                }));
                if result == ShotResult::UnderFireAndNerve {
                    *nerve_for = Some(target_ref);
                    *nerve_from_shot = true;
                    *nerve_reason = "Shot at: under fire, and a nerve test (the new marker counts).".into();
                }
                d.roll.clear();
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
    // A test a shot called for that the game no longer owes (a Yellow Belly answered it, or
    // the shot was undone) has nothing left to roll.
    if state.nerve_from_shot && game.nerve_due != Some(target) {
        state.nerve_for = None;
        state.nerve_from_shot = false;
        state.nerve_reason.clear();
        return;
    }
    ui.label(theme::heading(&v, format!("Nerve test for {}", model.name)));
    if !state.nerve_reason.is_empty() {
        ui.label(RichText::new(&state.nerve_reason).color(theme::muted(&v)));
    }
    if model.out_of_action {
        ui.label(format!("{} is already out of action.", model.name));
        if ui.button("Carry on").clicked() {
            state.nerve_for = None;
        }
        return;
    }
    toggle(ui, &mut state.friend_near, "Friend within 15 cm");
    let mut input = NerveInput {
        nerve: model.nerve,
        under_fire: model.under_fire.min(4),
        friend_near: state.friend_near,
        extra: vec![],
    };
    // I Am The Law: +1 for a Lawman (not the Sheriff) the Sheriff can see.
    let gang = game.sides.get(target.side).and_then(|s| rules.gang(&s.gang));
    let law = gang.and_then(|g| g.ability("i-am-the-law"));
    if let Some(a) = law
        && !model.boss
        && game.abilities_work(rules, target.side, a.needs)
    {
        toggle(ui, &mut state.sheriff_sees, "The Sheriff can see him (I Am The Law, +1)");
        if state.sheriff_sees {
            input.extra.push(crate::rules::shooting::Modifier { reason: a.name.clone(), value: 1 });
        }
    }
    card_notes(ui, &game.card_nerve_effects(target, &mut input));
    let Ok(odds) = nerve::nerve_test(rules, &input) else { return };
    ui.label(theme::big(if odds.needed > 10 {
        "Cannot pass".to_owned()
    } else {
        format!("Needs {}+", odds.needed)
    }));
    chance_bar(ui, "Pass", odds.pass_chance, theme::good(&v));
    let close = |state: &mut PlayState| {
        state.nerve_for = None;
        state.nerve_reason.clear();
        state.nerve_roll.clear();
        state.sheriff_sees = false;
        state.nerve_from_shot = false;
    };
    if game.crazy_as_a_loon(target.side) {
        if ui.button(RichText::new("Skip the test (Crazy as a Loon)").size(theme::HEADING)).clicked() {
            commands.push(PlayCommand::Apply(Event::SkipNerve { model: target }));
            close(state);
        }
        return;
    }
    // Tough as Old Boots: a test whose failure would put the model out of action passes on 3+.
    let boots = gang.and_then(|g| g.ability("tough-as-old-boots")).filter(|a| {
        model.under_fire + 1 >= model.hits && game.ability_refusal(rules, target.side, &a.id).is_none()
    });
    if let Ok(Some(roll)) = roll_field(ui, &mut state.nerve_roll, rules.core.nerve.die) {
        let passes = nerve::test_result(odds.needed, roll) == nerve::TestResult::Pass;
        ui.label(
            RichText::new(if passes {
                format!("{roll}: passed")
            } else {
                format!("{roll}: failed, another marker")
            })
            .size(theme::HEADING)
            .color(if passes { theme::good(&v) } else { theme::bad(&v) }),
        );
        if ui.button(RichText::new("Apply the nerve test").size(theme::HEADING)).clicked() {
            commands.push(PlayCommand::Apply(Event::Nerve { model: target, needed: odds.needed, roll }));
            close(state);
        } else if let Some(a) = boots
            && ui.button(format!("Use {}: passes on 3 or more", a.name)).clicked()
        {
            commands.push(PlayCommand::Apply(Event::UseAbility {
                side: target.side,
                ability: a.id.clone(),
                targets: vec![target],
                card: None,
            }));
            commands.push(PlayCommand::Apply(Event::Nerve { model: target, needed: 3, roll }));
            close(state);
        }
    }
    yellow_belly_prompt(ui, game, target, state);
    if ui.button("Not now").on_hover_text("Close the test without a roll").clicked() {
        close(state);
    }
}

/// After a shot's under fire + nerve result, the enemy may play Yellow Belly instead of the
/// roll: the test stays open behind the card.
fn yellow_belly_prompt(ui: &mut Ui, game: &Game, target: ModelRef, state: &mut PlayState) {
    let enemy = 1 - target.side;
    if state.nerve_from_shot && game.sides.get(enemy).is_some_and(|s| !s.hand.is_empty()) {
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

fn end_of_turn_ui(
    ui: &mut Ui,
    rules: &Rules,
    game: &Game,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    let v = ui.visuals().clone();
    ui.label(theme::heading(&v, "End of the turn"));
    // A step that starts with a gang's name is left out when that gang is not at the table.
    for step in &rules.core.end_of_turn {
        let about = rules.gangs.iter().find(|g| step.starts_with(&g.name));
        if about.is_some_and(|g| !game.sides.iter().any(|x| x.gang == g.id)) {
            continue;
        }
        ui.label(format!("• {step}"));
    }
    // And Justice For All is used here, not under the roster.
    for (s, side) in game.sides.iter().enumerate() {
        let Some(a) = rules.gang(&side.gang).and_then(|g| g.ability("and-justice-for-all")) else { continue };
        if game.ability_refusal(rules, s, &a.id).is_none() {
            ui.label(RichText::new(format!("{}: {}", side.name, a.name)).strong());
            super::hand::use_ability_ui(ui, game, s, &a.id, &a.name, state, commands);
        }
    }
    ui.add_space(6.0);
    ui.label(RichText::new("Cards for the next turn").strong());
    for (s, side) in game.sides.iter().enumerate() {
        ui.horizontal(|ui| {
            if side.used_card {
                ui.label(format!("{} used or discarded a card: they draw one.", side.name));
            } else {
                ui.label(format!("{} used no card: they may discard one to draw one.", side.name));
                if !side.hand.is_empty() && ui.button(format!("Choose from {}'s hand", side.name)).clicked() {
                    state.hand_over = Some(HandOver { side: s, shown: false });
                }
            }
        });
    }
    for side in game.sides.iter().filter(|s| s.ran_out) {
        ui.label(
            RichText::new(format!("{} have run out of cards and do not reshuffle.", side.name))
                .strong()
                .color(theme::bad(&v)),
        );
    }
    let pending = game.big_nerve_pending(rules);
    for &s in &pending {
        let (Some(side), Ok(odds)) = (game.sides.get(s), game.big_nerve_odds(rules, s)) else { continue };
        ui.add_space(6.0);
        ui.label(
            RichText::new(format!("{} must take a Big Nerve test", side.name)).strong().size(theme::HEADING),
        );
        if game.big_nerve_ignored(rules, s) {
            ui.label("This scene ignores each side's first required test: it passes without a roll.");
            if ui.button(format!("Record {}'s ignored test", side.name)).clicked() {
                commands.push(PlayCommand::Apply(Event::BigNerve { side: s, roll: rules.core.nerve.die }));
            }
            continue;
        }
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
        && (ui
            .button(RichText::new("Draw cards and start the next turn").size(theme::HEADING))
            .on_hover_text("Ctrl+N")
            .clicked()
            || ui.input(|i| i.modifiers.command && i.key_pressed(egui::Key::N)))
    {
        commands.push(PlayCommand::Apply(Event::NextTurn));
    }
}
