//! The Play screen: start a game from two saved gangs and a scene, deal initiative, run each
//! activation as the book does (declare, then carry out each action), shots with their odds,
//! quick shots and duck backs, hand-to-hand, nerve tests, cards and abilities, the end of the
//! turn with its Big Nerve tests, and the log.
//!
//! The screen only reads the game and sends [`PlayCommand`]s; the app applies them and writes
//! each event to the game's journal. Rules are asked of the game (`Game::limits`,
//! `Game::shot_context`, `Game::quick_shooters`…), never decided here. One file per phase of
//! the turn: `setup`, `initiative`, `activation` (with `shot` and `fight`),
//! `nerve`, `end`; `hand` shows hands, trumps, cards in play and abilities; `roster`
//! the two gangs beside every phase.

mod activation;
mod duel;
mod end;
mod fight;
mod hand;
mod initiative;
mod nerve;
mod roster;
mod setup;
mod shot;

use egui::{RichText, ScrollArea, Ui};

use crate::session::{Deleted, SavedGame};
use crate::systems::dmh::files::{GangEntry, Outcome, Series};
use crate::systems::dmh::game::{Action, Event, Game, ModelRef, Phase};
use crate::systems::dmh::rules::Rules;
use crate::systems::dmh::rules::cards::Card;
use crate::systems::dmh::rules::data::Role;
use crate::ui::log::{LogOptions, log_panel};
use crate::ui::table::History;
use crate::ui::theme;
use crate::ui::widgets::{problem, row};

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
    /// Move a saved game to `games/deleted/`.
    Delete(String),
    /// Bring back the game deleted last.
    UndoDelete,
}

/// The shot being prepared for the acting model.
#[derive(Clone, Debug, PartialEq, Eq)]
#[expect(clippy::struct_excessive_bools, reason = "each bool is one toggle of the shot form")]
pub struct ShotDraft {
    /// The enemy model shot at (picked in the roster).
    pub target: Option<usize>,
    /// Both barrels of the shotgun at once.
    pub both_barrels: bool,
    pub distance: String,
    pub cover: bool,
    pub obscured: bool,
    /// The target ducks back (it must not have acted yet).
    pub duck_back: bool,
    /// The target is in close range but not the closest enemy (reading A13).
    pub not_closest: bool,
    pub roll: String,
}

impl Default for ShotDraft {
    /// A new shot starts at 15 cm, the distance the panel shows; a field the player clears
    /// stays empty to be typed in (it was filled again with 15 at once).
    fn default() -> ShotDraft {
        ShotDraft {
            target: None,
            both_barrels: false,
            distance: "15".into(),
            cover: false,
            obscured: false,
            duck_back: false,
            not_closest: false,
            roll: String::new(),
        }
    }
}

/// A quick shot being prepared against the acting model.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct QuickDraft {
    /// The form is open.
    pub open: bool,
    pub shooter: Option<usize>,
    pub distance: String,
    /// The acting model is behind substantial cover, seen from the quick shooter.
    pub cover: bool,
    /// The quick shooter's line of sight passes through another model's base.
    pub obscured: bool,
    pub roll: String,
}

/// A charge or a later turn's roll-off being prepared for the acting model.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FightDraft {
    /// The charge form is open (the next declared move goes into contact).
    pub charging: bool,
    pub target: Option<usize>,
    /// The acting model is on, or comes from, higher ground.
    pub my_higher: bool,
    pub their_higher: bool,
    pub my_roll: String,
    pub their_roll: String,
}

/// A nerve test called from a model's menu or before a shot; every choice starts unticked
/// for each new test.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NerveDraft {
    pub model: Option<ModelRef>,
    /// Why it takes the test, in words.
    pub reason: String,
    /// The test clears the acting model to shoot this target.
    pub to_shoot: Option<ModelRef>,
    pub friend_near: bool,
    /// A shot called for this test: the game owes it until it is rolled, skipped or
    /// answered by a card (Yellow Belly).
    pub from_shot: bool,
    /// I Am The Law: the Sheriff can see the model taking the test.
    pub sheriff_sees: bool,
    pub roll: String,
}

impl NerveDraft {
    /// A new test for `model`, with every choice unticked.
    #[must_use]
    pub fn new(model: ModelRef, reason: impl Into<String>, to_shoot: Option<ModelRef>) -> NerveDraft {
        NerveDraft { model: Some(model), reason: reason.into(), to_shoot, ..NerveDraft::default() }
    }
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
#[expect(clippy::struct_excessive_bools, reason = "each bool is one toggle the screen remembers")]
pub struct PlayState {
    pub scene: Option<String>,
    pub good: String,
    pub bad: String,
    pub face_up: [usize; 2],
    /// The two models picked for the lowest-card switch.
    pub swap: [usize; 2],
    /// The actions being declared for the acting model.
    pub declaring: Vec<Action>,
    pub draft: ShotDraft,
    pub quick: QuickDraft,
    /// A nerve test called by the players (not one a shot called for: the game knows those).
    pub nerve: NerveDraft,
    pub big_nerve_rolls: [String; 2],
    pub notice: Option<String>,
    /// A fixed seed for the next game (tests and replays of a known deal); the clock otherwise.
    pub seed: Option<u64>,
    pub fight: FightDraft,
    /// Each side draws its initiative cards from its own physical deck and types them.
    pub physical: [bool; 2],
    /// The cards typed for each side's models.
    pub typed: [Vec<String>; 2],
    /// The cards each side drew to settle a tie, when typed.
    pub tie_cards: [String; 2],
    /// A model offered a second initiative card from its own deck (the ⚑ menu), and the card
    /// typed for it.
    pub second_for: Option<ModelRef>,
    pub second_typed: String,
    /// A hand being handed over or shown.
    pub hand_over: Option<HandOver>,
    /// Play the scene on its own, ignoring the series result of the scene before it.
    pub standalone: bool,
    /// The hand card being played, while its targets are picked.
    pub playing: Option<Card>,
    pub play_targets: Vec<Option<ModelRef>>,
    /// The trumping player has tapped through the hand-over screen.
    pub trump_shown: bool,
    /// The places in the chain waiting to be trumped (0 for the card, or the discard calling
    /// the reinforcements, then 1, 2… for each trump) played in this window, each passing the
    /// device from this window's player to the other. An Undo of the card puts its player's
    /// hand behind its hand-over screen; a card or trump played from a seat's phone at a
    /// shared table is not among them, and its Undo leaves the screen as it was.
    pub passed: Vec<usize>,
    /// The abilities being used: by id, the model and hand card picked.
    pub ability: std::collections::BTreeMap<
        crate::systems::dmh::rules::data::AbilityId,
        (Option<usize>, Option<Card>),
    >,
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
    /// The Duel: the side whose cards are shown after the hand-over.
    pub duel_shown: Option<usize>,
    /// The Duel: each side's typed row card and face-up card.
    pub duel_typed: [[String; 2]; 2],
    /// The Duel: a card typed for a hit.
    pub duel_hit: String,
    /// The Duel: each side's d20.
    pub duel_rolls: [String; 2],
    /// On a touch screen, End activation was tapped once for this model with actions left:
    /// the next tap ends it.
    pub end_armed: Option<ModelRef>,
    /// The acting model the roster last brought into view.
    pub roster_shown_for: Option<ModelRef>,
    /// On a screen held upright, the gangs under the turn are shut to one line.
    pub roster_hidden: bool,
    /// How many times a hand was shown: each showing scrolls from its top.
    pub hands_shown: u32,
    /// In a short window, the whole log is open (else its last line only).
    pub log_open: bool,
    /// The window is short (a phone on its side), as decided while no field had the keys.
    pub short: bool,
}

impl PlayState {
    /// Why Undo and Redo wait, if they do: while a hand is hidden for the hand-over, where an
    /// undo's words would tell the player taking the device what the last one did (a card
    /// discarded in secret, say). Once the hand is shown to its player, or the hand-over is
    /// cancelled, they act again. A card (or a trump) waiting to be trumped holds nothing: it
    /// is on the table for all to see, and Undo takes it back behind a hand-over screen
    /// ([`PlayState::undone`]). The one rule the screen greys the buttons by and the app
    /// refuses the commands by.
    #[must_use]
    pub fn history_held(&self, game: &Game) -> Option<&'static str> {
        let hidden = game.pending.is_none() && self.hand_over.is_some_and(|over| !over.shown);
        hidden.then_some(HAND_HIDDEN)
    }

    /// Undo took back `undone`, leaving `game`: what the screen shows is as it was before the
    /// event, with nothing shown to whoever holds the device. A card played in this window
    /// (or discarded to call the reinforcements) goes back to its player's hand behind that
    /// hand's hand-over screen (the hand it was played from was open); a trump taken back leaves the card it answered offered again
    /// behind the trump's hand-over screen (its choice was shown to the player who trumped).
    /// The player who pressed holds the device, and may undo on.
    pub fn undone(&mut self, undone: &Event, game: &Game) {
        let passed = std::mem::take(&mut self.passed);
        self.trump_shown = false;
        match undone {
            Event::Play { side, .. } | Event::CallReinforcements { side, .. } if passed.contains(&0) => {
                self.hand_over = Some(HandOver { side: *side, shown: false });
                self.playing = None;
                self.play_targets.clear();
            }
            // What was played here before the trump still was.
            Event::Trump { .. } => {
                if let Some(left) = game.pending.as_ref().map(|p| p.trumps.len()) {
                    self.passed = passed.into_iter().filter(|&at| at <= left).collect();
                }
            }
            _ => {}
        }
    }

    /// Redo brought back an event, leaving `game`: a card (or a trump) waiting to be trumped
    /// again was played here, the device on its way to the player who may trump it, so the
    /// hand it came from shuts (left open behind the offer, it opened again once the card was
    /// settled) and the trump's choice is behind its hand-over screen.
    pub fn redone(&mut self, game: &Game) {
        self.trump_shown = false;
        let Some(at) = game.pending.as_ref().map(|p| p.trumps.len()) else {
            self.passed.clear();
            return;
        };
        self.passed.retain(|&here| here < at);
        self.passed.push(at);
        self.hand_over = None;
        self.playing = None;
        self.play_targets.clear();
    }

    /// Forgets what was being prepared for the acting model (a new model acts).
    fn new_activation(&mut self) {
        self.declaring.clear();
        self.draft = ShotDraft::default();
        self.quick = QuickDraft::default();
        self.fight = FightDraft::default();
    }
}

/// Why Undo waits on the hand-over screen ([`PlayState::history_held`]).
const HAND_HIDDEN: &str = "Undo waits while the hand is hidden: show it, or Cancel.";

/// What the Play screen shows: the open game (if any) and what Undo and Redo would do.
pub struct PlayView<'a> {
    pub game: Option<&'a Game>,
    /// What Undo would undo, in words.
    pub undo_label: Option<&'a str>,
    /// What Redo would redo, in words.
    pub redo_label: Option<&'a str>,
    /// The saved games, newest first.
    pub saved: &'a [SavedGame],
    /// The game deleted last, which Undo delete brings back.
    pub last_deleted: Option<&'a Deleted>,
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
    // Whether the window is short (a phone on its side), decided while no field is being
    // typed in: a keyboard opening over a field does not change the layout under it.
    if !ui.ctx().text_edit_focused() {
        state.short = ui.ctx().content_rect().height() < SHORT;
    }
    // A card played here that no longer waits (let stand, or trumped from a seat's phone)
    // leaves nothing on its way.
    if view.game.is_some_and(|game| game.pending.is_none()) {
        state.passed.clear();
    }
    if let Some(game) = view.game {
        let height = ui.available_height();
        // A short window (a phone on its side) and a screen held upright (a phone, a tablet)
        // keep the log to its last line, to be opened: the turn and the gangs have the height,
        // and nothing of the turn lies under the log.
        let folds = state.short || stacked(ui.available_width(), height);
        if folds && !state.log_open {
            egui::Panel::bottom("play-log-line").resizable(false).show(ui, |ui| {
                ui.horizontal(|ui| {
                    if ui.button("▲ Log").on_hover_text("Show the whole log").clicked() {
                        state.log_open = true;
                    }
                    if let Some(last) = game.lines.last() {
                        ui.add(egui::Label::new(RichText::new(last).strong()).truncate());
                    }
                });
            });
        } else {
            // A short window (a phone) gives the log less of its height.
            let log = (height * 0.1).clamp(56.0, 104.0);
            egui::Panel::bottom("play-log").resizable(true).default_size(log).show(ui, |ui| {
                if folds && ui.button("▼ Shut the log").clicked() {
                    state.log_open = false;
                }
                log_panel(ui, &game.lines, LogOptions::new("play-log"), |_, line| RichText::new(line));
            });
        }
    }
    egui::CentralPanel::default().show(ui, |ui| {
        if let Some(notice) = state.notice.clone() {
            row(ui, |ui| {
                problem(ui, &notice);
                if ui.button("Dismiss").clicked() {
                    state.notice = None;
                }
            });
        }
        match view.game {
            // The new game's page scrolls in a short window (its scenes wrap on a phone).
            None => {
                ScrollArea::vertical()
                    .id_salt("new-game")
                    .show(ui, |ui| setup::new_game_ui(ui, rules, view, state, commands));
            }
            Some(game) if game.pending.is_some() || state.hand_over.is_some() => {
                // Undo stays one click away behind the hand-over screens too, where it is in
                // every phase: after the title's box beside the roster, first on a narrow screen.
                let (width, height) = (ui.available_width(), ui.available_height());
                // While the hand is hidden, greyed in that place; live behind a trump's offer.
                let held = state.history_held(game);
                let bar = |ui: &mut Ui, commands: &mut Vec<PlayCommand>| {
                    row(ui, |ui| {
                        if !stacked(width, height) {
                            title_box(ui, &title(rules, game));
                        }
                        undo_buttons(ui, (view.undo_label, view.redo_label), held, commands);
                    });
                };
                // On a phone, where the page has them: clear of the page's scroll bar.
                if width < ONE_COLUMN {
                    clear_of_page_bar(ui, |ui| bar(ui, commands));
                } else {
                    bar(ui, commands);
                }
                if game.pending.is_some() {
                    hand::pending_ui(ui, rules, game, state, commands);
                } else {
                    hand::hand_ui(ui, rules, game, state, commands);
                }
            }
            Some(game) => game_ui(ui, rules, game, view.undo_label, view.redo_label, state, commands),
        }
    });
}

fn game_ui(
    ui: &mut Ui,
    rules: &Rules,
    game: &Game,
    undo_label: Option<&str>,
    redo_label: Option<&str>,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    let title = title(rules, game);
    let (width, height) = (ui.available_width(), ui.available_height());
    let stacked = stacked(width, height);
    // A short window (a phone with its keyboard up) keeps only Undo and Redo above the turn.
    let short = state.short;
    let header = |ui: &mut Ui, commands: &mut Vec<PlayCommand>| {
        if !stacked {
            header_ui(ui, rules, game, &title, undo_label, redo_label, commands);
        } else if short {
            ui.horizontal_wrapped(|ui| undo_buttons(ui, (undo_label, redo_label), None, commands));
        } else {
            stacked_header_ui(ui, rules, game, &title, undo_label, redo_label, commands);
        }
        ui.separator();
    };
    // What follows the gangs' rows: each gang's abilities and the scene's special rules.
    let more = |ui: &mut Ui, state: &mut PlayState, commands: &mut Vec<PlayCommand>| {
        for side in 0..game.sides.len() {
            hand::abilities_ui(ui, rules, game, side, state, commands);
        }
        end::scene_rules_ui(ui, rules, game);
    };
    if width < ONE_COLUMN {
        // A phone: Undo and Redo stay put at the top, where the hand-over screens have them
        // (they scrolled away with the page, and Undo is one tap away); under them the
        // game's title and buttons, the turn, then the gangs with all their rows, on one
        // page that scrolls (boxes of their own left the gangs a strip one row high, and the
        // declaration under it; with the keyboard up, a header that stayed left the field
        // typed in no room: the bar is one line). A new activation starts at the top of the
        // page; the roster shows every row, so it brings no model into view (that would
        // scroll the page away from the turn). The page stops short of its scroll bar, which
        // floats over the right edge of what it scrolls, and so do Undo and Redo above it: End
        // activation and Redo reached into the bar's strip, where a tap grabbed the bar.
        clear_of_page_bar(ui, |ui| {
            row(ui, |ui| undo_buttons(ui, (undo_label, redo_label), None, commands));
        });
        let acting = if game.phase == Phase::Activations { game.first_in_order() } else { None };
        state.roster_shown_for = acting;
        ScrollArea::vertical()
            .id_salt(("play-page", game.phase == Phase::Activations, acting))
            .auto_shrink([false, false])
            .content_margin(crate::ui::widgets::clear_of_scroll_bar(ui))
            .show(ui, |ui| {
                if !short {
                    stacked_title_ui(ui, rules, game, &title, commands);
                }
                ui.separator();
                hand::in_play_ui(ui, rules, game);
                phase_ui(ui, rules, game, state, commands, false);
                ui.add_space(theme::GAP);
                ui.separator();
                roster::roster_ui(ui, rules, game, state, commands);
                ui.add_space(theme::GAP);
                more(ui, state, commands);
            });
        return;
    }
    header(ui, commands);
    // As wide as the roster's panel, whatever the rows say: a panel fits its contents, so a
    // long status or name moved the turn's panel beside it sideways.
    let roster = |ui: &mut Ui, state: &mut PlayState, commands: &mut Vec<PlayCommand>| {
        ScrollArea::vertical().id_salt("play-markers").auto_shrink([false, true]).show(ui, |ui| {
            roster::roster_ui(ui, rules, game, state, commands);
            ui.add_space(theme::GAP);
            more(ui, state, commands);
        });
    };
    // Beside the turn, each gang's heading stays in sight over its own rows' box.
    let boxed = |ui: &mut Ui, state: &mut PlayState, commands: &mut Vec<PlayCommand>, hide: bool| {
        roster::boxed_roster_ui(ui, rules, game, state, commands, &more, hide);
    };
    if stacked {
        // A tablet held upright: the gangs under the turn, in a region of their own the
        // player can drag taller or shut to one line, starting with room for several rows;
        // the turn's panel, with its action, stays whole at the top.
        let height = ui.available_height();
        if state.roster_hidden {
            egui::Panel::bottom("play-roster-shut").resizable(false).show(ui, |ui| {
                if ui.button(RichText::new("▲ Show the gangs").size(theme::HEADING)).clicked() {
                    state.roster_hidden = false;
                }
            });
        } else {
            // Each gang's heading stays in sight over its rows' box, the boxes sharing the
            // height by their rows (one area scrolled both gangs, and the second gang's rows
            // lay under the first's, out of sight). Gangs whose rows, a finger's height each
            // and two more for each gang's headings, come near the most the turn leaves (two
            // of five) start with that most, every row in sight; longer gangs start under
            // half, so a turn with more in it (a tie's offer to swap) stays whole, and their
            // boxes scroll. A region of its own for each count of models: a region keeps the
            // height it first had.
            let models: usize = game.sides.iter().map(|side| side.models.len()).sum();
            let row = ui.spacing().interact_size.y + 1.0;
            #[expect(clippy::cast_precision_loss, reason = "a few models")]
            let fit = row * (models as f32 + 2.0 * game.sides.len() as f32);
            let size =
                if fit <= height * (ROSTER_MOST + 0.05) { height * ROSTER_MOST } else { height * 0.45 };
            egui::Panel::bottom(("play-roster-below", models))
                .resizable(true)
                .default_size(size.max(ROSTER_LEAST).min(height * 0.8))
                .size_range(80.0..=height * 0.8)
                .show(ui, |ui| boxed(ui, state, commands, true));
        }
    } else {
        // The roster keeps its width (the player can drag it); the phase of the turn takes the
        // rest, and neither moves as the rows change. Below 1200 points the roster starts
        // narrower (compact), so a shot or a fight keeps its two columns of odds beside it.
        // A panel keeps the width it first had: one for each, so a window that grows past 1200
        // points gets the wide roster, as a game started in it does (a game reopened in the
        // desktop's first window, 1200 × 820, kept its compact roster once the window was made
        // wider, without its Correct column, and the turn 137 points to the left).
        let wide = width >= 1200.0;
        let roster_width = if wide { ROSTER_WIDTH } else { (width * 0.37).max(340.0) };
        let id = if wide { "play-roster" } else { "play-roster-narrow" };
        egui::Panel::left(id).resizable(true).default_size(roster_width).show(ui, |ui| {
            // A short window (a phone on its side) has no room for boxes: one area scrolls.
            if short {
                roster(ui, state, commands);
            } else {
                boxed(ui, state, commands, false);
            }
        });
    }
    egui::CentralPanel::default().show(ui, |ui| {
        let switch_apart = stacked && switch_strip(ui, game, state, commands);
        // A new activation starts at the top of the panel: the scroll position belongs to the
        // model acting.
        // The turn stops short of the scroll bar, which floats over the right edge of what it
        // scrolls: End activation and the quick shot's box, at the right, lay under it (in the
        // desktop's default window and at 1024 × 768, with the quick shot open).
        let acting = if game.phase == Phase::Activations { game.first_in_order() } else { None };
        ScrollArea::vertical()
            .id_salt(("play-phase", game.phase == Phase::Activations, acting))
            .content_margin(crate::ui::widgets::clear_of_scroll_bar(ui))
            .show(ui, |ui| {
                hand::in_play_ui(ui, rules, game);
                phase_ui(ui, rules, game, state, commands, switch_apart);
            });
    });
}

/// On a tablet held upright the lowest-card switch has a strip of its own at the foot of the
/// turn, over the gangs, one row high: the turn above it is drawn from its top, so nothing
/// moves when the strip comes with the deal or goes with the first action, and the offer is in
/// sight with Declare (at the foot of the turn it lay under the gangs). Whether it is offered.
fn switch_strip(ui: &mut Ui, game: &Game, state: &mut PlayState, commands: &mut Vec<PlayCommand>) -> bool {
    let offered = initiative::switch_offered(game).is_some();
    if offered {
        egui::Panel::bottom("play-switch")
            .resizable(false)
            .show(ui, |ui| initiative::switch_strip_ui(ui, game, state, commands));
    }
    offered
}

/// The game's title: the turn, its phase and the scene.
fn title(rules: &Rules, game: &Game) -> String {
    let phase = match game.phase {
        Phase::Initiative => "initiative",
        Phase::Activations => "activations",
        Phase::EndOfTurn => "end of the turn",
        Phase::Over => "game over",
        Phase::Duel => "the duel",
    };
    match game.scene_of(rules) {
        Some(scene) => format!("Turn {} · {phase} · {}", game.turn, scene.title),
        None => format!("Turn {} · {phase}", game.turn),
    }
}

/// Whether the turn comes first and the gangs under it. Side by side, the roster and the turn
/// need this much room; below it, or on a screen held upright (a tablet, a phone), they are
/// stacked. A phone on its side (844 × 390) has them side by side, the roster compact.
fn stacked(width: f32, height: f32) -> bool {
    width < ONE_COLUMN || (width < ROSTER_WIDTH + 440.0 && height > width)
}

/// The title in a box of its own width (cut short if need be, whole on hover), so Undo after
/// it starts at the same place in every phase of the turn and on the hand-over screens.
fn title_box(ui: &mut Ui, title: &str) {
    let title = egui::Label::new(RichText::new(title).size(theme::HEADING + 4.0).strong()).truncate();
    let width = TITLE_WIDTH.min(ui.available_width() / 3.0);
    crate::ui::widgets::fixed(ui, width, egui::Align::Min, title);
}

/// A phone's bar over its page (Undo and Redo), kept as far from the screen's right edge as
/// the page under it keeps from its scroll bar, so its right end is not in the bar's strip.
fn clear_of_page_bar(ui: &mut Ui, add: impl FnOnce(&mut Ui)) {
    egui::Frame::NONE.inner_margin(crate::ui::widgets::clear_of_scroll_bar(ui)).show(ui, add);
}

/// Below this width (a phone held upright) the turn and the gangs are one page.
const ONE_COLUMN: f32 = 700.0;

/// The least height the gangs start with under the turn on a tablet held upright: their
/// heading and several rows.
const ROSTER_LEAST: f32 = 320.0;

/// The most of the height the gangs start with under the turn on a tablet held upright: the
/// turn keeps the rest, with its action whole.
const ROSTER_MOST: f32 = 0.6;

/// Below this height (a phone on its side) the log keeps to its last line until opened.
const SHORT: f32 = 500.0;

/// The width the roster starts at beside the turn.
const ROSTER_WIDTH: f32 = 560.0;

/// The game's header on a tablet held upright: the title, whole (on two lines if it must be),
/// with the end of the scene and Close game at the right of its line, then Undo and Redo (the
/// title's line of its own left the gangs under the turn a row short: the second gang's last
/// row out of sight).
fn stacked_header_ui(
    ui: &mut Ui,
    rules: &Rules,
    game: &Game,
    title: &str,
    undo_label: Option<&str>,
    redo_label: Option<&str>,
    commands: &mut Vec<PlayCommand>,
) {
    ui.horizontal(|ui| {
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            game_buttons(ui, rules, game, commands);
            ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
                let title = RichText::new(title).size(theme::HEADING + 2.0).strong();
                ui.add(egui::Label::new(title).wrap());
            });
        });
    });
    ui.horizontal_wrapped(|ui| undo_buttons(ui, (undo_label, redo_label), None, commands));
}

/// Close game, and before it the end of the scene (while the game goes on), from the right.
fn game_buttons(ui: &mut Ui, rules: &Rules, game: &Game, commands: &mut Vec<PlayCommand>) {
    if ui.button("Close game").on_hover_text("It stays saved; resume it from the Play screen").clicked() {
        commands.push(PlayCommand::Close);
    }
    if game.phase != Phase::Over {
        end::declare_end_ui(ui, rules, game, commands);
    }
}

/// The title on a line of its own (a phone has no hover to show what was cut), one line high
/// whatever it says; then the end of the scene and Close game.
fn stacked_title_ui(ui: &mut Ui, rules: &Rules, game: &Game, title: &str, commands: &mut Vec<PlayCommand>) {
    let title = RichText::new(title).size(theme::HEADING + 2.0).strong();
    ui.add(egui::Label::new(title).truncate());
    ui.horizontal(|ui| {
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            game_buttons(ui, rules, game, commands);
        });
    });
}

/// The width of the game's title in the one-line header.
const TITLE_WIDTH: f32 = 340.0;

/// The game's title, Undo and Redo, the end of the game and Close, on one line.
fn header_ui(
    ui: &mut Ui,
    rules: &Rules,
    game: &Game,
    title: &str,
    undo_label: Option<&str>,
    redo_label: Option<&str>,
    commands: &mut Vec<PlayCommand>,
) {
    row(ui, |ui| {
        title_box(ui, title);
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            if ui
                .button("Close game")
                .on_hover_text("It stays saved; resume it from the Play screen")
                .clicked()
            {
                commands.push(PlayCommand::Close);
            }
            if game.phase != Phase::Over {
                end::declare_end_ui(ui, rules, game, commands);
            }
            ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
                undo_buttons(ui, (undo_label, redo_label), None, commands);
            });
        });
    });
}

/// The right-hand column: what the phase of the turn asks for; the lowest-card switch drawn
/// elsewhere with `switch_apart`.
fn phase_ui(
    ui: &mut Ui,
    rules: &Rules,
    game: &Game,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
    switch_apart: bool,
) {
    match game.phase {
        Phase::Initiative => {
            initiative::first_turn_ui(ui, rules, game);
            initiative::initiative_ui(ui, rules, game, state, commands);
        }
        Phase::Activations => activation::activation_ui(ui, rules, game, state, commands, switch_apart),
        Phase::EndOfTurn => end::end_of_turn_ui(ui, rules, game, state, commands),
        Phase::Over => end::over_ui(ui, rules, game, state, commands),
        Phase::Duel => duel::duel_ui(ui, rules, game, state, commands),
    }
    if game.phase != Phase::Over {
        end::witness_ui(ui, rules, game, state, commands);
    }
}

/// A card's ink on the window: red cards red, black cards in the text colour.
fn card_colour(v: &egui::Visuals, card: Card) -> egui::Color32 {
    match card.colour() {
        crate::systems::dmh::rules::cards::Colour::Red => theme::bad(v),
        crate::systems::dmh::rules::cards::Colour::Black => v.strong_text_color(),
    }
}

/// "the Outlaws' deck", "the Clanton Gang's deck": a name in the possessive.
pub(crate) fn possessive(name: &str) -> String {
    if name.ends_with('s') { format!("{name}'") } else { format!("{name}'s") }
}

/// The shared Undo/Redo bar: what Undo and Redo would do, and why both wait, if they do.
fn undo_buttons(
    ui: &mut Ui,
    (undo_label, redo_label): (Option<&str>, Option<&str>),
    held: Option<&str>,
    commands: &mut Vec<PlayCommand>,
) {
    match crate::ui::table::history_bar_held(ui, undo_label, redo_label, 360.0, held) {
        Some(History::Undo) => commands.push(PlayCommand::Undo),
        Some(History::Redo) => commands.push(PlayCommand::Redo),
        None => {}
    }
}

/// The widest a panel's primary action is drawn.
const ACTION_WIDTH: f32 = 320.0;

/// A panel's primary action: one size whatever it says (the words cut short if need be, whole
/// on hover and for screen readers), so it stays put as they change; Ctrl+Enter presses it
/// from anywhere in the panel, a die field included, while it is enabled. Whether it was
/// pressed.
fn action_button(ui: &mut Ui, label: &str, enabled: bool) -> bool {
    let width = ui.available_width().min(ACTION_WIDTH);
    let button = egui::Button::new(RichText::new(label).size(theme::HEADING)).truncate();
    let response = ui.add_enabled_ui(enabled, |ui| ui.add_sized([width, 40.0], button)).inner;
    let clicked = response.on_hover_text(format!("{label} (Ctrl+Enter)")).clicked();
    let keys = enabled && ui.input_mut(|i| i.consume_key(egui::Modifiers::COMMAND, egui::Key::Enter));
    clicked || keys
}

/// The least width of a panel that has its action and the action's line side by side.
const WIDE_ACTION: f32 = 560.0;

/// A panel's action with its line (what it will do, what is missing, why it is refused):
/// side by side in a wide panel, the line under it in a narrow one. In either the line has
/// room of its own, so the action never moves. Whether the action was pressed.
fn action_row(ui: &mut Ui, label: &str, enabled: bool, line: RichText, size: f32) -> bool {
    if ui.available_width() >= WIDE_ACTION {
        ui.horizontal(|ui| {
            let pressed = action_button(ui, label, enabled);
            crate::ui::widgets::status_line(ui, size, Some(line));
            pressed
        })
        .inner
    } else {
        let pressed = action_button(ui, label, enabled);
        crate::ui::widgets::status_line(ui, size, Some(line));
        pressed
    }
}

/// A keyboard shortcut with Ctrl (Cmd), taken only when no text field has focus and used up
/// so nothing else answers it.
fn shortcut(ui: &Ui, key: egui::Key) -> bool {
    !ui.ctx().text_edit_focused() && ui.input_mut(|i| i.consume_key(egui::Modifiers::COMMAND, key))
}
