//! The Play screen: set up a game, roll initiative and deployment, then play the rounds turn
//! by turn (the current character large, its actions as pips, the attack panel with its odds),
//! with the scoreboard always in view, Undo and Redo saying what they do, and the log in plain
//! words.
//!
//! The screen reads the game and sends [`PlayCommand`]s; the app writes each event to the
//! game's journal and only then shows it. Rules come from the game's queries
//! (`allowed_actions`, `attack_options`, `assess_attack`, `resolve_attack`, `rearm_offers`,
//! `initiative_waiting`, `deploying`…), never from here. One file per stage: `setup`,
//! `start` (initiative and deployment), `turn` (the current character and its actions)
//! and `attack`.

mod attack;
mod setup;
mod start;
mod turn;

use std::collections::BTreeMap;

use egui::{RichText, ScrollArea, Ui};

use crate::session::{Deleted, SavedGame};
use crate::systems::fragmaster::game::{CharacterId, Event, Game, Phase, Setup, State};
use crate::systems::fragmaster::rules::Rules;
use crate::systems::fragmaster::rules::data::{Cover, WeaponId};
use crate::ui::log::{LogOptions, log_panel};
use crate::ui::table::History;
use crate::ui::theme;
use crate::ui::widgets::problem;

pub use setup::{PlayerDraft, SetupDraft};

/// Something the Play screen asks the app to do.
#[derive(Clone, Debug, PartialEq)]
pub enum PlayCommand {
    /// Start a new game with this set-up.
    Start(Setup),
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

/// A character caught in a blast, as typed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BlastDraft {
    /// The players measured it within the blast.
    pub caught: bool,
    pub wound_roll: String,
}

/// The attack being prepared for the current character.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct AttackDraft {
    /// The weapon (the first carried until one is picked).
    pub weapon: Option<WeaponId>,
    pub target: Option<CharacterId>,
    pub distance: String,
    pub cover: Cover,
    pub other_level: bool,
    /// One d6 per shot, as typed.
    pub hit_rolls: Vec<String>,
    /// The target's d6 per shot, as typed (only those for shots that hit are used).
    pub wound_rolls: Vec<String>,
    /// The others within the blast.
    pub blast: BTreeMap<CharacterId, BlastDraft>,
}

/// What an attack did, in the words the attack panel shows after it is recorded.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AttackResult {
    /// Who attacked whom: "Ann at Dan".
    pub heading: String,
    /// What each shot and the blast did.
    pub outcome: String,
    /// Someone died.
    pub killed: bool,
    /// Who died and the frags, if anyone died.
    pub deaths: Option<String>,
}

/// What the Play screen remembers between frames.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PlayState {
    /// The new game's form.
    pub setup: SetupDraft,
    /// Each character's 3d6 total, as typed.
    pub initiative: BTreeMap<CharacterId, String>,
    /// Each tied character's d6, as typed.
    pub tiebreaks: BTreeMap<CharacterId, String>,
    pub deployment_roll: String,
    pub respawn_roll: String,
    pub keep_weapon: bool,
    /// What an "other" action is, in the players' words.
    pub note: String,
    pub attack: AttackDraft,
    /// What went wrong with the last command, as a sentence.
    pub notice: Option<String>,
    /// The turn the drafts belong to: round, place in the order, attacks made.
    drafts_for: Option<(u32, usize, usize)>,
    /// The attack just sent to be recorded, with the turn it was made in: it becomes
    /// [`PlayState::last_attack`] once the game has it.
    recording: Option<((u32, usize, usize), AttackResult)>,
    /// What the current character's last attack of this turn did, shown in the middle of the
    /// attack panel until the next attack is measured.
    pub last_attack: Option<AttackResult>,
}

impl PlayState {
    /// The Play screen with a new-game form for the book's game.
    #[must_use]
    pub fn new(rules: &Rules) -> PlayState {
        PlayState { setup: SetupDraft::new(rules), ..PlayState::default() }
    }

    /// Forgets everything typed for the game before (a game was started or resumed).
    pub fn new_game(&mut self) {
        self.initiative.clear();
        self.tiebreaks.clear();
        self.deployment_roll.clear();
        self.new_turn();
    }

    /// Forgets what was typed for the last turn.
    fn new_turn(&mut self) {
        self.respawn_roll.clear();
        self.keep_weapon = false;
        self.note.clear();
        self.attack = AttackDraft::default();
        self.drafts_for = None;
        self.recording = None;
        self.last_attack = None;
    }

    /// Keeps the drafts with the turn they were typed for: a new turn, or an attack made or
    /// undone, starts them afresh.
    fn follow(&mut self, state: &State) {
        let key = draft_key(state);
        if key != self.drafts_for {
            // The attack sent from this turn is now in the game (one more attack in the same
            // turn): what it did stays in view. Anything else (a new turn, an undo) forgets it.
            let made = self.recording.take().filter(|(from, _)| {
                Some(*from) == self.drafts_for && key == Some((from.0, from.1, from.2 + 1))
            });
            let keep_deployment = std::mem::take(&mut self.deployment_roll);
            self.new_turn();
            self.deployment_roll = keep_deployment;
            self.drafts_for = key;
            self.last_attack = made.map(|(_, result)| result);
        }
    }

    /// An attack was undone (`state` is the game without it): its panel comes back as it was
    /// typed, dice and all, so one wrong die is put right without typing the rest again.
    pub fn undone(&mut self, rules: &Rules, state: &State, event: &Event) {
        let Event::Attack(a) = event else { return };
        let Ok(assessment) =
            state.assess_attack(rules, &a.weapon, a.target, a.distance_cm, a.cover, a.other_level)
        else {
            return;
        };
        let shots = assessment.shots as usize;
        let face = |d: &crate::systems::fragmaster::rules::dice::D6| d.to_string();
        let hit_rolls: Vec<String> = if a.hit_rolls.is_empty() {
            vec![String::new(); shots]
        } else {
            a.hit_rolls.iter().map(face).collect()
        };
        // The wound dice were typed beside the shots that hit, in shot order.
        let mut wounds = a.wound_rolls.iter();
        let wound_rolls = (0..shots)
            .map(|i| {
                let hit = a.hit_rolls.get(i).is_none_or(|r| r.makes(assessment.hit_needed));
                if hit { wounds.next().map(face).unwrap_or_default() } else { String::new() }
            })
            .collect();
        let blast = a
            .blast
            .iter()
            .map(|b| (b.character, BlastDraft { caught: true, wound_roll: b.wound_roll.to_string() }))
            .collect();
        self.new_turn();
        self.attack = AttackDraft {
            weapon: Some(a.weapon.clone()),
            target: Some(a.target),
            distance: a.distance_cm.to_string(),
            cover: a.cover,
            other_level: a.other_level,
            hit_rolls,
            wound_rolls,
            blast,
        };
        self.drafts_for = draft_key(state);
    }
}

/// The turn a draft belongs to: round, place in the order, attacks made.
fn draft_key(state: &State) -> Option<(u32, usize, usize)> {
    state.turn.as_ref().map(|t| {
        let attacks = t
            .spent
            .iter()
            .filter(|s| {
                **s == crate::systems::fragmaster::game::Spent::Action(
                    crate::systems::fragmaster::rules::ActionKind::Attack,
                )
            })
            .count();
        (state.round, t.index, attacks)
    })
}

/// What the Play screen shows.
pub struct PlayView<'a> {
    pub game: Option<&'a Game<'static>>,
    /// Why the open game cannot be changed, if it cannot.
    pub read_only: Option<&'a str>,
    /// What Undo would undo, in words.
    pub undo_label: Option<&'a str>,
    /// What Redo would redo, in words.
    pub redo_label: Option<&'a str>,
    /// The saved games, newest first.
    pub saved: &'a [SavedGame],
    /// The game deleted last, which Undo delete brings back.
    pub last_deleted: Option<&'a Deleted>,
    /// There is a data folder to keep games in.
    pub can_save: bool,
}

/// Draws the Play screen.
pub fn play_ui(
    ui: &mut Ui,
    rules: &Rules,
    view: &PlayView<'_>,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    let Some(game) = view.game else {
        egui::CentralPanel::default().show(ui, |ui| {
            notice_ui(ui, state);
            setup::setup_ui(ui, rules, view, state, commands);
        });
        return;
    };
    state.follow(&game.state);
    egui::Panel::top("fm-play-head").show(ui, |ui| head_ui(ui, game, view, commands));
    if theme::is_narrow(ui.ctx()) {
        phone_ui(ui, rules, game, view, state, commands);
        return;
    }
    // The latest line beside the heading, then every line, newest at the bottom.
    let log = |ui: &mut Ui| {
        let options = LogOptions { latest: true, ..LogOptions::new("fm-log") };
        log_panel(ui, &game.lines, options, |_, line| RichText::new(line));
    };
    // The side panels keep one width for the game, from the window's: sized to what they
    // showed, they widened with a long name and moved the attack panel under the hand.
    let window = ui.ctx().content_rect().width();
    let log_beside = log_beside(window);
    if !log_beside {
        egui::Panel::bottom("fm-play-log").resizable(true).default_size(100.0).show(ui, log);
    }
    egui::Panel::right("fm-scoreboard").resizable(false).exact_size(scoreboard_width(window)).show(
        ui,
        |ui| {
            if log_beside {
                egui::Panel::bottom("fm-play-log-beside")
                    .resizable(true)
                    .default_size(LOG_BESIDE)
                    .show(ui, log);
            }
            ScrollArea::vertical()
                .id_salt("fm-scoreboard")
                .show(ui, |ui| scoreboard_ui(ui, rules, &game.state))
        },
    );
    egui::CentralPanel::default().show(ui, |ui| {
        notice_ui(ui, state);
        if let Some(why) = view.read_only {
            problem(ui, why);
        }
        let s = &game.state;
        match s.phase {
            Phase::Setup => {}
            // In a scroll area: a phone's column is too short for four players' dice.
            Phase::Initiative => {
                ScrollArea::vertical()
                    .id_salt("fm-initiative")
                    .show(ui, |ui| start::initiative_ui(ui, rules, s, state, commands));
            }
            Phase::Deployment => {
                ScrollArea::vertical()
                    .id_salt("fm-deployment")
                    .show(ui, |ui| start::deployment_ui(ui, rules, s, state, commands));
            }
            Phase::Playing => turn::turn_ui(ui, rules, s, state, commands),
            Phase::Over => turn::over_ui(ui, s),
        }
    });
}

/// Whether the log stands under the scoreboard rather than across the window's foot, in a
/// window `window` points wide: when the attack panel left between the turn's column and the
/// scoreboard is narrower than its one-line rows (the distance, the cover and the height level
/// take two lines, the blast's cells two to a row), as at 1024 × 768. Across the foot there, the
/// log took the 100 points *Record the attack* needed for grenades or a rocket, and it went
/// under the log; at 1280 × 800 the panel's rows are on one line and the log stays at the foot.
fn log_beside(window: f32) -> bool {
    window - turn::column_width(window) - scoreboard_width(window) < 640.0
}

/// The log's height under the scoreboard, until the player drags its edge.
const LOG_BESIDE: f32 = 240.0;

/// The scoreboard's width beside the round in a window `window` points wide.
fn scoreboard_width(window: f32) -> f32 {
    (window * 0.2).clamp(220.0, 280.0).round()
}

/// A phone, or a tablet held upright: one scrolling column, the scoreboard folded to one line
/// at the top, then the stage of the game (the current character, then its attack), then the
/// log in a box of its own. Nothing lies over anything else.
fn phone_ui(
    ui: &mut Ui,
    rules: &Rules,
    game: &Game<'static>,
    view: &PlayView<'_>,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    let s = &game.state;
    egui::CentralPanel::default().show(ui, |ui| {
        // Keyed by the phase and the character whose turn it is: each phase and each turn
        // opens at the top of the column (one scroll position for the game opened the next
        // turn where the last was left, and the deployment as far down as the initiative was
        // scrolled to reach Record, its heading under the header).
        ScrollArea::vertical().id_salt(("fm-phone", s.phase, s.current())).show(ui, |ui| {
            notice_ui(ui, state);
            if let Some(why) = view.read_only {
                problem(ui, why);
            }
            let leaders: Vec<String> =
                s.scoreboard().iter().map(|line| format!("{} {}", line.name, line.frags)).collect();
            // Folded to one line cut at the screen's edge (a long name in it widened the
            // whole column past the edge); a tap opens it.
            let header = format!("Scoreboard · {}", leaders.join(", "));
            let open_id = egui::Id::unique("fm-phone-scoreboard");
            let mut open = ui.data(|d| d.get_temp::<bool>(open_id)).unwrap_or(false);
            let arrow = if open { "▼" } else { "▶" };
            let button = egui::Button::selectable(open, format!("{arrow} {header}")).truncate();
            if ui.add(button).accessible_name(&header).on_hover_text(&header).clicked() {
                open = !open;
            }
            ui.data_mut(|d| d.insert_temp(open_id, open));
            if open {
                scoreboard_ui(ui, rules, s);
            }
            ui.separator();
            match s.phase {
                Phase::Setup => {}
                Phase::Initiative => start::initiative_ui(ui, rules, s, state, commands),
                Phase::Deployment => start::deployment_ui(ui, rules, s, state, commands),
                Phase::Playing => {
                    turn::character_column(ui, rules, s, state, commands);
                    ui.separator();
                    attack::attack_ui(ui, rules, s, state, commands);
                }
                Phase::Over => turn::over_ui(ui, s),
            }
            ui.separator();
            crate::ui::widgets::fixed_height(ui, 220.0, |ui| {
                let options = LogOptions { latest: true, ..LogOptions::new("fm-log") };
                log_panel(ui, &game.lines, options, |_, line| RichText::new(line));
            });
        });
    });
}

fn notice_ui(ui: &mut Ui, state: &mut PlayState) {
    if let Some(notice) = state.notice.clone() {
        // Wrapped, so a long sentence (a path, a journal's damage) is read whole.
        ui.horizontal_wrapped(|ui| {
            problem(ui, &notice);
            if ui.button("Dismiss").clicked() {
                state.notice = None;
            }
        });
    }
}

/// The title (round and whose turn), Undo and Redo, and Close.
fn head_ui(ui: &mut Ui, game: &Game<'_>, view: &PlayView<'_>, commands: &mut Vec<PlayCommand>) {
    let s = &game.state;
    let title = match s.phase {
        Phase::Setup => "Set-up".to_owned(),
        Phase::Initiative => "Initiative".to_owned(),
        Phase::Deployment => "Deployment".to_owned(),
        Phase::Playing => {
            let round =
                if s.is_neutral_round() { "Neutral round".to_owned() } else { format!("Round {}", s.round) };
            match s.current() {
                Some(id) => format!("{round} · {}'s turn", s.name(id)),
                None => round,
            }
        }
        Phase::Over => "Game over".to_owned(),
    };
    let close = |ui: &mut Ui, commands: &mut Vec<PlayCommand>| {
        if ui.button("Close game").on_hover_text("It stays saved; resume it from the Play screen").clicked() {
            commands.push(PlayCommand::Close);
        }
    };
    let history = |ui: &mut Ui, commands: &mut Vec<PlayCommand>| match crate::ui::table::history_bar(
        ui,
        view.undo_label,
        view.redo_label,
        380.0,
    ) {
        Some(History::Undo) => commands.push(PlayCommand::Undo),
        Some(History::Redo) => commands.push(PlayCommand::Redo),
        None => {}
    };
    if theme::is_narrow(ui.ctx()) {
        // A phone: the title with Close, then Undo and Redo on a row of their own, so nothing
        // lies over Redo once there is something to redo.
        ui.horizontal(|ui| {
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                close(ui, commands);
                ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
                    ui.add(
                        egui::Label::new(RichText::new(title).size(theme::HEADING + 2.0).strong()).truncate(),
                    );
                });
            });
        });
        ui.horizontal_wrapped(|ui| history(ui, commands));
        return;
    }
    // One line the width of the window: Close, Redo and Undo from the right edge at their
    // fixed widths, the title cut short in the room left (whole on hover). A longer name in
    // the title, or a longer Undo, never moves a button nor wraps the line (which moved the
    // panels under it down).
    let size = egui::vec2(ui.available_width(), ui.spacing().interact_size.y);
    ui.allocate_ui_with_layout(size, egui::Layout::right_to_left(egui::Align::Center), |ui| {
        close(ui, commands);
        history(ui, commands);
        ui.add_space(theme::GAP);
        ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
            ui.add(egui::Label::new(RichText::new(title).size(theme::HEADING + 4.0).strong()).truncate());
        });
    });
}

/// A key pressed without modifiers while no text field has focus, used up so nothing else
/// answers it.
fn key(ui: &Ui, key: egui::Key) -> bool {
    !ui.ctx().text_edit_focused() && ui.input_mut(|i| i.consume_key(egui::Modifiers::NONE, key))
}

/// The frags per player, highest first, and each character: alive or dead, its weapon, its
/// point, taking cover.
fn scoreboard_ui(ui: &mut Ui, rules: &Rules, s: &State) {
    let v = ui.visuals().clone();
    ui.label(theme::heading(&v, format!("Scoreboard · first to {}", s.target)));
    ui.label(RichText::new(sentence_case(s.respawn.words())).color(theme::muted(&v)));
    if let Some(winner) = s.winner() {
        ui.label(
            RichText::new(format!("{} wins!", s.player_name(winner)))
                .size(theme::HEADING)
                .strong()
                .color(theme::good(&v)),
        );
    }
    let current = s.current();
    for line in s.scoreboard() {
        ui.add_space(4.0);
        // The frags at the right edge, the name cut short in the room left (whole on hover).
        let size = egui::vec2(ui.available_width(), ui.spacing().interact_size.y);
        ui.allocate_ui_with_layout(size, egui::Layout::right_to_left(egui::Align::Center), |ui| {
            ui.label(
                RichText::new(line.frags.to_string())
                    .size(theme::HEADING + 8.0)
                    .strong()
                    .color(theme::accent(&v)),
            )
            .accessible_name(format!("{} frags: {}", line.name, line.frags));
            ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
                ui.add(egui::Label::new(RichText::new(&line.name).size(theme::HEADING).strong()).truncate());
            });
        });
        for &id in &line.characters {
            let Some(c) = s.character(id) else { continue };
            let mut parts = Vec::new();
            if line.characters.len() > 1 || c.name != line.name {
                parts.push(c.name.clone());
            }
            if c.alive {
                let weapon =
                    rules.weapon(c.weapon.as_str()).map_or_else(|| c.weapon.to_string(), |w| w.name.clone());
                parts.push(if c.grenades { format!("{weapon} + grenades") } else { weapon });
                if let Some(point) = c.point {
                    parts.push(format!("point {point}"));
                }
                if c.taking_cover {
                    parts.push("taking cover".to_owned());
                }
            } else {
                parts.push("dead".to_owned());
            }
            let mut text = RichText::new(parts.join(" · "));
            if Some(id) == current {
                text = text.strong().color(theme::accent(&v));
            } else if !c.alive {
                text = text.color(theme::muted(&v));
            }
            // Wrapped in a box of two lines kept for it, said or not: cut to one line at the
            // column's edge it read "Assault rifle · point 2 · taking co…", and wrapped freely
            // it would move the players under it as the character takes cover or rearms.
            crate::ui::widgets::status_lines(ui, theme::BODY, 2, Some(text));
        }
    }
}

/// `text` with a capital first letter.
fn sentence_case(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| first.to_uppercase().chain(chars).collect())
}
