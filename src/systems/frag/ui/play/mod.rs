//! The Play screen: a game of Frag Deadlands or Frag Zombies!!! at the table, from set-up and
//! who goes first to the win.
//!
//! The screen reads the game and sends [`PlayCommand`]s; the app writes each event to the
//! game's journal before it shows. The rules are asked of the game (`State::respawn_how`,
//! `State::attack_inputs`, `State::gallows_rule`, `Log::allows`…), never decided here. One
//! file per part of the turn: `setup` (set-up, poker hands and the tie roll), `turn` (the
//! four phases, zombies, the end of the turn), `attack` (the attack panel with its odds,
//! held attacks and shootouts, hazards), `cards` (hands, cards in play, counters and
//! leftovers), `cure` (the cure a fighter brought to 0 Health may still play); `board` shows
//! the players and the log beside every phase.

mod attack;
mod board;
mod cards;
mod cure;
mod setup;
mod turn;

use egui::{RichText, ScrollArea, Ui};

use super::fighters::FighterEntry;
use super::shortcut;
use crate::session::{Deleted, SavedGame};
use crate::systems::frag::game::{Event, Game, Phase, Setup, Stage};
use crate::systems::frag::rules::Deck;
use crate::systems::frag::rules::data::{Rulebook, Variant};
use crate::ui::table::History;
use crate::ui::theme;
use crate::ui::widgets::problem;

pub use attack::{AttackForm, TargetPick, WeaponPick};
pub use cards::{CardKind, CardsForm};
pub use setup::{SeatForm, SetupForm};

/// Something the Play screen asks the app to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayCommand {
    /// Start a new game: its journal is created and this set-up is its first event.
    Start(Box<Setup>),
    /// Apply an event to the game and save it.
    Apply(Event),
    Undo,
    Redo,
    /// Reopen a saved game.
    Resume(String),
    /// Put the game away (it stays saved).
    Close,
    /// Move a saved game to `games/deleted/`.
    Delete(String),
    /// Bring back the game deleted last.
    UndoDelete,
}

/// What the Play screen is shown.
pub struct PlayView<'a> {
    pub game: Option<&'a Game>,
    /// What Undo would undo, in words (`None`: nothing to undo).
    pub undo_label: Option<&'a str>,
    /// What Redo would redo, in words (`None`: nothing to redo).
    pub redo_label: Option<&'a str>,
    /// Why the open game cannot be changed (its journal is damaged).
    pub read_only: Option<&'a str>,
    /// The saved fighters, to seat at set-up.
    pub fighters: &'a [FighterEntry],
    /// The saved games, newest first.
    pub saved: &'a [SavedGame],
    /// The game deleted last, which Undo delete brings back.
    pub last_deleted: Option<&'a Deleted>,
}

/// The Play screen's own state: the forms of each step, kept between frames.
#[derive(Clone, Debug, Default)]
pub struct PlayState {
    /// A sentence about the last command that failed.
    pub notice: Option<String>,
    pub setup: SetupForm,
    /// Each seat's typed poker hand.
    pub poker: Vec<String>,
    /// The seed "Deal for us" uses next (a test or a report may fix it); a random one
    /// otherwise.
    pub seed: Option<u64>,
    /// Each tied seat's d6.
    pub tie: Vec<String>,
    pub start_draw: String,
    pub respawn: String,
    pub bump: String,
    pub tile: String,
    pub tile_zombies: u32,
    pub movement: String,
    pub movement_extra: u32,
    pub squares: u32,
    pub power_square: String,
    pub power_deck: Option<Deck>,
    pub power_roll: String,
    pub attack: AttackForm,
    pub hazard: attack::HazardForm,
    pub shootout: attack::ShootoutForm,
    pub zombie_roll: String,
    pub adjacent: u32,
    pub zombie_damage: String,
    pub zombie_defence: String,
    /// The second rolls of the defence 1s (the Operative, by a house rule).
    pub zombie_defence_rerolls: String,
    /// The Saloon Gal discards a card for one more defence die against the zombie.
    pub zombie_defence_die: bool,
    /// The fighter's player says he can cure a zombie's frag at once (reading R33).
    pub zombie_cure: bool,
    pub cards: CardsForm,
    /// The healing card typed for a fighter waiting at 0 Health.
    pub cure: cure::CureForm,
}

impl PlayState {
    /// Clears the typed rolls once `event` is in the game (or undone): each roll is used once.
    pub fn after_event(&mut self, event: &Event) {
        for text in [
            &mut self.start_draw,
            &mut self.respawn,
            &mut self.bump,
            &mut self.movement,
            &mut self.power_roll,
            &mut self.zombie_roll,
            &mut self.zombie_damage,
            &mut self.zombie_defence,
            &mut self.zombie_defence_rerolls,
        ] {
            text.clear();
        }
        self.zombie_defence_die = false;
        self.zombie_cure = false;
        self.tie.clear();
        self.power_square.clear();
        self.movement_extra = 0;
        // Each tile and each turn's zombies are counted afresh.
        if matches!(event, Event::PlaceTile { .. } | Event::EndTurn) {
            self.tile.clear();
            self.tile_zombies = 0;
        }
        if matches!(event, Event::ZombiesAdjacent { .. } | Event::EndTurn) {
            self.adjacent = 0;
        }
        // The turn passes: the next fighter's card form starts from its own defaults (Ann's
        // "Shotgun, 4 dice, 3 ammo" is not Bob's).
        if matches!(event, Event::EndTurn) {
            self.cards = CardsForm::default();
        }
        // Each wait for a cure starts with an empty card.
        if matches!(
            event,
            Event::Attack(_)
                | Event::ZombieAttack { .. }
                | Event::Hazard { .. }
                | Event::Wound { .. }
                | Event::NoCure { .. }
                | Event::EndTurn
        ) {
            self.cure = cure::CureForm::default();
        }
        self.cards.wound_cure = false;
        self.attack.after_event(event);
        self.hazard.after_event();
        self.shootout.after_event();
    }
}

impl PlayState {
    /// `event` was undone: the typed rolls are cleared as after any event, except that an
    /// undone attack brings its panel back with its dice (as Fragmaster's does).
    pub fn undone(&mut self, event: &Event) {
        self.after_event(event);
        if let Event::Attack(a) = event {
            self.attack.undone(a);
        }
    }
}

/// The width of the players and the log beside the turn, in points.
const BOARD_WIDTH: f32 = 300.0;

/// The height of the log under the turn in a narrow window, in points.
const NARROW_LOG: f32 = 280.0;

/// Draws the Play screen.
pub fn play_ui(
    ui: &mut Ui,
    book: &Rulebook,
    view: &PlayView<'_>,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    // In a narrow window the players and the log come under the turn.
    let narrow = theme::is_narrow(ui.ctx());
    // A request from the last frame that no main button took is void.
    super::clear_submit(ui);
    if let Some(game) = view.game
        && !narrow
    {
        // The players and the log share the left side, so the turn has the width for two
        // columns.
        // One width for the game: sized to its content, a long name widened it (and again
        // when the turn marker came to that name), moving the whole turn sideways.
        egui::Panel::left("frag-board").resizable(false).exact_size(BOARD_WIDTH).show(ui, |ui| {
            goal_line(ui, book, game);
            let players = ui.available_height() * 0.6;
            ScrollArea::vertical()
                .id_salt("frag-players")
                .max_height(players)
                .show(ui, |ui| board::players_ui(ui, book, game));
            ui.separator();
            board::log_ui(ui, book, game);
        });
    }
    egui::CentralPanel::default().show(ui, |ui| {
        if let Some(notice) = state.notice.clone() {
            ui.horizontal_wrapped(|ui| {
                problem(ui, &notice);
                if ui.button("Dismiss").clicked() {
                    state.notice = None;
                }
            });
        }
        let Some(game) = view.game else {
            let clear = crate::ui::widgets::clear_of_scroll_bar(ui);
            ScrollArea::vertical().id_salt("frag-setup").content_margin(clear).show(ui, |ui| {
                setup::setup_ui(ui, book, view, state, commands);
            });
            return;
        };
        top_bar(ui, book, game, view, !narrow, commands);
        if let Some(why) = view.read_only {
            problem(ui, why);
        }
        ui.separator();
        let s = &game.state;
        // The turn stops short of the scroll bar, which floats over the right edge of what it
        // scrolls: the character and the phase, put at the right, lay under it.
        let clear = crate::ui::widgets::clear_of_scroll_bar(ui);
        ScrollArea::vertical()
            .id_salt(("frag-turn", s.current_player(), s.phase().map(Phase::title)))
            .content_margin(clear)
            .show(ui, |ui| {
                match &s.stage {
                    Stage::Setup => {}
                    Stage::Poker => setup::poker_ui(ui, book, game, state, commands),
                    Stage::TieBreak { tied } => setup::tie_ui(ui, game, tied, state, commands),
                    Stage::Playing => turn::turn_ui(ui, book, game, state, commands),
                    Stage::Over => turn::over_ui(ui, book, game),
                }
                if matches!(s.stage, Stage::Playing) {
                    ui.add_space(theme::GAP);
                    cards::cards_ui(ui, book, game, state, commands);
                }
                if narrow {
                    ui.separator();
                    board::players_ui(ui, book, game);
                    ui.separator();
                    // The log scrolls in a box of its own under the players.
                    crate::ui::widgets::fixed_height(ui, NARROW_LOG, |ui| board::log_ui(ui, book, game));
                }
            });
    });
}

/// The game's name and turn, Undo (saying what it undoes), Redo and Close; the goal too unless
/// `board_beside` (the players' board, with the goal over it, stands beside the turn).
///
/// Close, Redo and Undo are placed first, from the right edge, at their fixed widths; whose
/// turn it is takes the room left and is cut short there (whole on hover), so no text can
/// push a button over another or past the window's edge.
fn top_bar(
    ui: &mut Ui,
    book: &Rulebook,
    game: &Game,
    view: &PlayView<'_>,
    board_beside: bool,
    commands: &mut Vec<PlayCommand>,
) {
    // One line wherever the players and the log (and the game's goal over them) stand beside
    // the turn and the line has the room: at 1024 × 768 the goal stood a second time under
    // the title, and Undo on a line of its own, two lines taken from the turn, which is one
    // column there.
    let roomy = board_beside && ui.available_width() >= ROOMY_TITLE_BAR;
    // Whose turn, first and alone: with the game's name and goal beside it, a long Undo left
    // it "…Bob's t…" at 1280×800 and the goal a bare "…". The game and its goal stand over
    // the players instead (under the title in a narrow window).
    let title =
        egui::Label::new(RichText::new(title_words(game)).size(theme::HEADING + 4.0).strong()).truncate();
    if roomy {
        // One line the width of the panel: the buttons from the right, the turn in what is left.
        let size = egui::vec2(ui.available_width(), ui.spacing().interact_size.y.max(28.0));
        ui.allocate_ui_with_layout(size, egui::Layout::right_to_left(egui::Align::Center), |ui| {
            close_button(ui, commands);
            // Undo gives up some of its width in a narrower window (it is cut short, whole on
            // hover), so whose turn it is keeps room to be read.
            let undo = (ui.available_width() - crate::ui::table::REDO_WIDTH - TITLE_ROOM).clamp(160.0, 300.0);
            undo_buttons(ui, view, undo, commands);
            ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| ui.add(title));
        });
    } else {
        // In a narrow window the turn and the goal have a line each, cut short at the edge (a
        // long name wrapped onto a second line and moved the whole turn down), and Undo, Redo
        // and Close a row of their own.
        ui.add(title);
        // The goal, where the players' board beside the turn does not show it already (a
        // tablet held upright read "Frag Deadlands · 3 frags win" twice, side by side).
        if !board_beside {
            goal_line(ui, book, game);
        }
        ui.horizontal_wrapped(|ui| {
            undo_buttons(ui, view, 300.0, commands);
            close_button(ui, commands);
        });
    }
}

/// The title bar's words: the round and whose turn ("Round 2 · Bob's turn"), or the stage.
fn title_words(game: &Game) -> String {
    let s = &game.state;
    match (s.turn.as_ref(), &s.stage) {
        (_, Stage::Over) => "Game over".to_owned(),
        (Some(t), _) => {
            let whose = s.players.get(t.player).map_or("?", |p| p.name.as_str());
            format!("Round {} · {whose}'s turn", s.round().unwrap_or(1))
        }
        (None, _) => "Who goes first".to_owned(),
    }
}

/// The game and what wins it ("Frag Deadlands · 3 frags win"), wrapped: the words are the
/// same for the whole game, so their lines never move anything from one turn to the next,
/// and Frag Zombies!!!'s longer goal is read whole.
fn goal_line(ui: &mut Ui, book: &Rulebook, game: &Game) {
    let s = &game.state;
    let goal = match s.variant {
        Variant::Deadlands => format!("{} frags win", s.frag_target),
        Variant::Zombies => {
            format!("{} zombie frags or {} win", book.zombies.zombie_frags_to_win, book.zombies.win_square)
        }
    };
    let words =
        RichText::new(format!("{} · {goal}", s.variant.title())).strong().color(theme::muted(ui.visuals()));
    ui.add(egui::Label::new(words).wrap());
}

fn close_button(ui: &mut Ui, commands: &mut Vec<PlayCommand>) {
    if ui.button("Close game").on_hover_text("It stays saved; resume it from the Play screen").clicked() {
        commands.push(PlayCommand::Close);
    }
}

/// The least width, in points, of a title bar on one line: Close, Redo and the narrowest Undo,
/// with some 200 points left for whose turn it is.
const ROOMY_TITLE_BAR: f32 = 640.0;

/// The room kept for whose turn it is beside Undo, Redo and Close in the title bar, in points.
const TITLE_ROOM: f32 = 260.0;

/// The shared Undo/Redo bar, Undo `undo_width` wide at most (narrower on a phone).
fn undo_buttons(ui: &mut Ui, view: &PlayView<'_>, undo_width: f32, commands: &mut Vec<PlayCommand>) {
    match crate::ui::table::history_bar(ui, view.undo_label, view.redo_label, undo_width) {
        Some(History::Undo) => commands.push(PlayCommand::Undo),
        Some(History::Redo) => commands.push(PlayCommand::Redo),
        None => {}
    }
}

/// A button that sends `event` when clicked, greyed out when the game would refuse it; its
/// accessible name is its text. Returns whether it was clicked.
fn event_button(
    ui: &mut Ui,
    book: &Rulebook,
    game: &Game,
    text: &str,
    event: Event,
    commands: &mut Vec<PlayCommand>,
) -> bool {
    let allowed = game.allows(book, &event);
    let clicked = ui.add_enabled(allowed, egui::Button::new(RichText::new(text).strong())).clicked();
    if clicked {
        commands.push(PlayCommand::Apply(event));
    }
    clicked
}

/// The main button of a step, with a keyboard shortcut (Ctrl + `key`); Enter in one of the
/// step's fields (or Ctrl+Enter while it has focus) presses it too.
fn main_button(
    ui: &mut Ui,
    book: &Rulebook,
    game: &Game,
    text: &str,
    key: Option<egui::Key>,
    event: Option<Event>,
    commands: &mut Vec<PlayCommand>,
) {
    main_button_waiting(ui, book, game, text, key, event, None, commands);
}

/// A [`main_button`] that, greyed out, says on hover what it `waits` for (the same words
/// stand beside it, for a finger that cannot hover).
#[expect(clippy::too_many_arguments, reason = "main_button's, and what it waits for")]
fn main_button_waiting(
    ui: &mut Ui,
    book: &Rulebook,
    game: &Game,
    text: &str,
    key: Option<egui::Key>,
    event: Option<Event>,
    waits: Option<&str>,
    commands: &mut Vec<PlayCommand>,
) {
    let button =
        egui::Button::new(RichText::new(text).size(theme::HEADING).strong()).min_size(egui::vec2(0.0, 40.0));
    main_button_built(ui, book, game, button, None, key, event, waits, commands);
}

/// A [`main_button_waiting`] drawn as `button` (lines of its own), named `name` for a screen
/// reader and the tests when given (else by its text).
#[expect(clippy::too_many_arguments, reason = "main_button_waiting's, the button and its name")]
fn main_button_built(
    ui: &mut Ui,
    book: &Rulebook,
    game: &Game,
    button: egui::Button<'_>,
    name: Option<&str>,
    key: Option<egui::Key>,
    event: Option<Event>,
    waits: Option<&str>,
    commands: &mut Vec<PlayCommand>,
) {
    let allowed = event.as_ref().is_some_and(|e| game.allows(book, e));
    let mut button = ui.add_enabled(allowed, button);
    if let Some(name) = name {
        button = button.accessible_name(name);
    }
    if let Some(key) = key {
        button = button.on_hover_text(format!("Ctrl+{key:?}"));
    }
    if let Some(waits) = waits {
        button = button.on_disabled_hover_text(waits);
    }
    let submitted = super::submit_requested(ui);
    let pressed = allowed && (submitted || key.is_some_and(|k| shortcut(ui, k)));
    if (button.clicked() || pressed)
        && let Some(event) = event
    {
        commands.push(PlayCommand::Apply(event));
    }
}

/// A player's name by seat.
fn who(game: &Game, seat: usize) -> &str {
    game.state.players.get(seat).map_or("?", |p| p.name.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_card_form_starts_afresh_for_the_next_fighter() {
        let mut state = PlayState::default();
        state.cards.name = "Shotgun".into();
        state.cards.number = 4;
        state.cards.ammo = 3;
        state.after_event(&Event::Drop { player: 0, card: "Shotgun".into() });
        assert_eq!(state.cards.ammo, 3, "kept within the turn");
        state.after_event(&Event::EndTurn);
        assert_eq!(state.cards, CardsForm::default());
    }
}
