//! The Fight screen: the Marshal's combat tracker. Without a fight open it starts one from the
//! combatant files or resumes a saved one (`setup`); with one open it shows, at 1280×800
//! without scrolling, the round and the deal along the top, the action order with every
//! combatant's condition on the left (`order`), the acting combatant's turn in the middle
//! (`turn`: the roll the rules ask for now, attack, damage, soak, hold, end) or the
//! selected combatant's own panel (`member`: any trait roll, fatigue, corrections), and the
//! fate chips and the log on the right (`chips`, `log`).
//!
//! The screen decides nothing: it reads the fight's state and its queries, tries each event on
//! a copy to grey out what the rules refuse (saying why), and sends one event per click.

mod chips;
mod log;
mod member;
mod order;
mod setup;
mod turn;

use std::collections::{BTreeMap, BTreeSet};

use egui::{RichText, Ui};

use super::calc::DiceForm;
use crate::kernel::log::Rules as _;
use crate::session::{Deleted, SavedGame};
use crate::systems::savage::app::CombatantEntry;
use crate::systems::savage::game::{Automation, Event, Fight, MemberRef, Savage};
use crate::systems::savage::rules::Rules;
use crate::systems::savage::rules::chips::ChipColour;
use crate::ui::theme;

/// What the Fight screen asks the app to do.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    not(target_arch = "wasm32"),
    expect(clippy::large_enum_variant, reason = "a click makes one command; they are not stored")
)]
pub enum FightCommand {
    /// A new fight with these combatant files (and how many copies of each).
    Start {
        units: Vec<(String, u32)>,
        automation: Automation,
    },
    /// One event, written to the journal before it shows.
    Apply(Event),
    Undo,
    Redo,
    /// Reopens a saved fight.
    Resume(String),
    /// Puts the fight away (it stays saved).
    Close,
    /// Moves a saved fight to `games/deleted/`.
    Delete(String),
    /// Brings back the fight deleted last.
    UndoDelete,
}

/// What the Fight screen shows.
pub struct FightView<'a> {
    pub fight: Option<&'a Fight<'static>>,
    /// Why the open fight cannot be changed.
    pub read_only: Option<&'a str>,
    /// What Undo would undo.
    pub undo_label: Option<&'a str>,
    /// What Redo would redo.
    pub redo_label: Option<&'a str>,
    /// The combatant files, to start a fight or bring someone in.
    pub entries: &'a [CombatantEntry],
    /// The saved fights, newest first.
    pub saved: &'a [SavedGame],
    /// The fight deleted last, which Undo delete brings back.
    pub last_deleted: Option<&'a Deleted>,
}

/// The middle of the table: the acting combatant's turn, or one combatant's own panel.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Middle {
    #[default]
    Turn,
    Combatant,
}

/// The attack form, then the damage form that follows a hit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Step {
    #[default]
    Attack,
    Damage,
}

/// The Fight screen's forms and choices (nothing here is the fight itself).
#[derive(Clone, Debug, Default)]
#[expect(clippy::struct_excessive_bools, reason = "independent checkboxes of the forms")]
pub struct FightState {
    /// The seed of the next fight (tests, `POSSE_SEED`); otherwise the clock's.
    pub seed: Option<u64>,
    pub notice: Option<String>,
    /// Set-up: copies of each combatant file in the new fight.
    pub picked: BTreeMap<String, u32>,
    pub automation: Automation,
    /// Deal round N was asked for while units had not acted: the next click deals.
    pub confirm_deal: bool,
    /// The deal typed from a real deck: cards per unit, as typed.
    pub typing: bool,
    pub cards: BTreeMap<String, String>,
    /// The combatant clicked last: the target of attacks and the one the side panel shows.
    pub selected: Option<MemberRef>,
    pub middle: Middle,
    pub step: Step,
    /// Which member of the acting group attacks (its place in the group).
    pub actor: u32,
    pub skill: String,
    pub range: usize,
    pub attack_modifier: i32,
    pub attack_dice: DiceForm,
    pub weapon: String,
    /// The raise die: `None` follows the last attack roll.
    pub raise: Option<bool>,
    pub damage_modifier: i32,
    pub nonlethal: bool,
    /// The attack panel's toggles (multi-action, Gang Up, The Drop, Wild Attack, aim, cover,
    /// called shot) and the damage's armour piercing, for `situation_for` only: they start
    /// afresh for each one who acts, never carried to the next.
    pub situation: crate::systems::savage::rules::situation::Situation,
    pub ap: u32,
    pub situation_for: Option<MemberRef>,
    pub damage_total: String,
    /// The roll the rules ask for now (Spirit, Incapacitation, Bleeding Out).
    pub prompt_dice: DiceForm,
    pub prompt_modifier: i32,
    pub soak_dice: DiceForm,
    /// A chip's reroll of the attack just made: its dice and the chip.
    pub reroll_dice: DiceForm,
    pub reroll_colour: Option<ChipColour>,
    /// The chip picked to soak with, and to add a die to the damage with.
    pub soak_colour: Option<ChipColour>,
    pub extra_colour: Option<ChipColour>,
    pub extra_die: String,
    /// The unit on hold that tries to interrupt.
    pub holder: Option<String>,
    pub holder_dice: DiceForm,
    pub acting_dice: DiceForm,
    /// The combatant panel's trait roll.
    pub check_trait: String,
    pub check_modifier: i32,
    pub check_tn: i32,
    pub check_dice: DiceForm,
    pub check_rolled: Option<crate::systems::savage::rules::traits::Rolled>,
    /// Fatigue: thirst rather than lack of sleep, coffee, short of water.
    pub thirst: bool,
    pub coffee: bool,
    pub short_of_water: bool,
    pub fatigue_dice: DiceForm,
    /// The Injury Table's dice as typed: the 2d6 total and the d6.
    pub injury_roll: String,
    pub injury_sub: String,
    /// The Healing roll against Bleeding Out.
    pub heal_dice: DiceForm,
    pub heal_modifier: i32,
    pub rest_levels: u32,
    pub slept: bool,
    /// Fate chips drawn from a real pot: which holder's panel is open for typed colours.
    pub typed_chips: BTreeSet<String>,
    /// How many events the forms last saw: they are cleared when the fight moves on.
    seen: usize,
}

impl FightState {
    /// Clears every form (a fight started or reopened).
    pub fn reset_forms(&mut self) {
        let seed = self.seed.take();
        let picked = std::mem::take(&mut self.picked);
        let automation = self.automation;
        *self = FightState { seed, picked, automation, ..FightState::default() };
    }

    /// Follows the fight: when an event was added or undone, the dice typed for it are
    /// cleared, and after a hit the damage form comes up.
    fn follow(&mut self, fight: &Fight<'_>) {
        let len = fight.events.len();
        if len == self.seen {
            return;
        }
        let grew = len > self.seen;
        self.seen = len;
        for form in [
            &mut self.attack_dice,
            &mut self.prompt_dice,
            &mut self.soak_dice,
            &mut self.reroll_dice,
            &mut self.holder_dice,
            &mut self.acting_dice,
            &mut self.fatigue_dice,
            &mut self.heal_dice,
        ] {
            form.clear();
        }
        self.damage_total.clear();
        self.injury_roll.clear();
        self.injury_sub.clear();
        self.heal_modifier = 0;
        self.extra_die.clear();
        self.prompt_modifier = 0;
        if !grew {
            return;
        }
        // The member who attacked stays the one who acts through the attack, its reroll and
        // its damage (and after a restart, from the log).
        if matches!(
            fight.events.last(),
            Some(Event::Attack { .. } | Event::SpendChip { .. } | Event::Damage { .. })
        ) && let Some(a) = &fight.state.last_attack
            && fight.state.whose_turn() == Some(a.attacker.unit.as_str())
        {
            self.actor = a.attacker.member;
        }
        match fight.events.last() {
            Some(Event::Attack { .. }) => {
                if fight.state.last_attack.as_ref().is_some_and(|a| a.result.outcome.succeeded()) {
                    self.step = Step::Damage;
                }
                self.raise = None;
                self.attack_modifier = 0;
            }
            // A reroll that hits brings the damage form up, as the attack would have.
            Some(Event::SpendChip {
                purpose: crate::systems::savage::game::Spend::RerollAttack { .. },
                ..
            }) => {
                if fight.state.last_attack.as_ref().is_some_and(|a| a.result.outcome.succeeded()) {
                    self.step = Step::Damage;
                }
                self.raise = None;
            }
            // A chip's +2 (or a cancelled critical failure) that makes the attack a hit too.
            Some(Event::SpendChip {
                purpose:
                    crate::systems::savage::game::Spend::Bonus
                    | crate::systems::savage::game::Spend::CancelCriticalFailure,
                ..
            }) if fight.state.pending_hit().is_some()
                && fight.state.last_vigor.is_none()
                && fight.state.last_recover.is_none() =>
            {
                self.step = Step::Damage;
            }
            Some(Event::Damage { .. }) => {
                self.step = Step::Attack;
                self.damage_modifier = 0;
                self.nonlethal = false;
                // The next attack starts plain (the actions declared stay: the fight counts on).
                let actions = self.situation.actions;
                self.situation =
                    crate::systems::savage::rules::situation::Situation { actions, ..Default::default() };
                self.ap = 0;
            }
            Some(Event::BeginTurn { .. } | Event::EndTurn { .. } | Event::Deal { .. }) => {
                self.step = Step::Attack;
                self.actor = 0;
                // The next to act opens the attack form on their own best skill and weapon.
                self.skill.clear();
                self.weapon.clear();
                self.raise = None;
                self.middle = Middle::Turn;
                self.holder = None;
                self.situation_for = None;
            }
            _ => {}
        }
        if matches!(fight.events.last(), Some(Event::Deal { .. })) {
            self.cards.clear();
            self.typing = false;
        }
    }
}

/// Why `event` would be refused now, as a sentence; `None` when the rules allow it.
#[must_use]
pub fn why_not(rules: &Rules, fight: &Fight<'_>, event: &Event) -> Option<String> {
    let mut copy = fight.state.clone();
    Savage::new(rules).apply(&mut copy, event).err().map(|e| crate::ui::sentence(&e.to_string()))
}

/// A button that sends `event` when clicked, greyed out (with the reason on hover) when the
/// rules refuse it now or the fight cannot be changed.
pub(super) fn event_button(
    ui: &mut Ui,
    rules: &Rules,
    fight: &Fight<'_>,
    read_only: bool,
    text: impl Into<egui::WidgetText>,
    event: Event,
    commands: &mut Vec<FightCommand>,
) -> egui::Response {
    event_button_with(ui, rules, fight, read_only, egui::Button::new(text), event, commands)
}

/// As [`event_button`], with a button made by the caller (one that elides its text, say).
pub(super) fn event_button_with(
    ui: &mut Ui,
    rules: &Rules,
    fight: &Fight<'_>,
    read_only: bool,
    button: egui::Button<'_>,
    event: Event,
    commands: &mut Vec<FightCommand>,
) -> egui::Response {
    let why =
        if read_only { Some("This fight is read-only.".to_owned()) } else { why_not(rules, fight, &event) };
    let response = ui.add_enabled(why.is_none(), button);
    let response = match &why {
        Some(why) => crate::ui::widgets::refused(ui, response, why),
        None => response,
    };
    if response.clicked() {
        commands.push(FightCommand::Apply(event));
    }
    response
}

/// Draws the Fight screen.
pub fn fight_ui(
    ui: &mut Ui,
    rules: &'static Rules,
    view: &FightView<'_>,
    state: &mut FightState,
    commands: &mut Vec<FightCommand>,
) {
    let Some(fight) = view.fight else {
        setup::setup_ui(ui, view, state, commands);
        return;
    };
    state.follow(fight);
    let read_only = view.read_only.is_some();
    shortcuts(ui, rules, fight, read_only, state, commands);
    // On a phone the header scrolls with the rest, so an on-screen keyboard leaves room to see.
    let phone = theme::is_narrow(ui.ctx());
    if !phone {
        egui::Panel::top("savage-fight-header").show(ui, |ui| {
            order::header_ui(ui, rules, fight, view, state, commands);
        });
    }
    // A desktop window narrower than three columns (1024 px) keeps two: the order over the
    // log on the left, the turn over the chips in the middle, so the every-turn path and the
    // log's newest line stay in view.
    if !theme::is_wide(ui.ctx())
        && !theme::is_touch(ui.ctx())
        && ui.ctx().content_rect().width() >= TWO_COLUMNS
    {
        egui::Panel::left("savage-order").resizable(false).exact_size(340.0).show(ui, |ui| {
            // The order's box keeps its top and scrolls inside while the offers after a hit
            // take the room below it.
            let share = if turn::offers_open(rules, &fight.state) { 0.2 } else { 0.55 };
            let height = (ui.available_height() * share).max(120.0);
            crate::ui::widgets::fixed_height(ui, height, |ui| {
                order::order_ui(ui, rules, fight, read_only, state, commands);
            });
            ui.separator();
            // The offers after a hit take room from the log, under the order's box: nothing
            // moves when they come.
            offers_and_log(ui, rules, fight, read_only, state, commands);
        });
        egui::CentralPanel::default().show(ui, |ui| {
            egui::ScrollArea::vertical().id_salt("savage-middle").show(ui, |ui| {
                middle_ui(ui, rules, fight, view, state, commands);
                ui.separator();
                chips::chips_ui(ui, rules, fight, read_only, state, commands);
            });
        });
        return;
    }
    // Below the width of three columns (a tablet held upright, a phone) the order, the turn,
    // the chips and the log come one under the other in one scrolling column.
    if !theme::is_wide(ui.ctx()) {
        egui::CentralPanel::default().show(ui, |ui| {
            egui::ScrollArea::vertical().id_salt("savage-narrow").show(ui, |ui| {
                if phone {
                    order::header_ui(ui, rules, fight, view, state, commands);
                    ui.separator();
                }
                if state.typing {
                    middle_ui(ui, rules, fight, view, state, commands);
                    return;
                }
                order::order_ui(ui, rules, fight, read_only, state, commands);
                ui.separator();
                middle_ui(ui, rules, fight, view, state, commands);
                ui.separator();
                chips::chips_ui(ui, rules, fight, read_only, state, commands);
                ui.separator();
                // The offers after a hit, below everything else of the turn and the chips.
                if turn::offers_ui(ui, rules, fight, read_only, state, commands) {
                    ui.separator();
                }
                crate::ui::widgets::fixed_height(ui, NARROW_LOG, |ui| log::log_ui(ui, fight));
            });
        });
        return;
    }
    egui::Panel::left("savage-order").resizable(false).exact_size(372.0).show(ui, |ui| {
        order::order_ui(ui, rules, fight, read_only, state, commands);
    });
    // The chips scroll in their own box over the log, so the log's newest line stays in view
    // however many holders there are.
    egui::Panel::right("savage-chips").resizable(false).exact_size(330.0).show(ui, |ui| {
        chips_box(ui, rules, fight, read_only, state, commands);
        ui.separator();
        // The offers after a hit (soak, a die added) between the chips' box and the log: the
        // log gives up the room, so nothing a player aims at moves when they come.
        offers_and_log(ui, rules, fight, read_only, state, commands);
    });
    egui::CentralPanel::default().show(ui, |ui| {
        egui::ScrollArea::vertical().id_salt("savage-middle").show(ui, |ui| {
            middle_ui(ui, rules, fight, view, state, commands);
        });
    });
}

/// The chips in the side column, in a box of their own whose height is the same whether or
/// not the offers after a hit are open under it (they take their room from the log's), so
/// nothing in it moves or scrolls away when they come: as tall as the chips, every holder's
/// buttons in reach without a scroll, when they fit above the room kept under the box (the
/// Marshal's and three players' at 1280×800); half the column, scrolling inside, for a crowd
/// of holders, so the offers keep room to show their first buttons. Whether they fit is
/// judged by the chips' height as last drawn.
fn chips_box(
    ui: &mut Ui,
    rules: &Rules,
    fight: &Fight<'_>,
    read_only: bool,
    state: &mut FightState,
    commands: &mut Vec<FightCommand>,
) {
    let key = egui::Id::unique("savage-chips-height");
    let drawn = ui.data(|d| d.get_temp::<f32>(key)).unwrap_or(0.0);
    let fits = ui.available_height() - BELOW_CHIPS;
    let mut height = if drawn <= fits { fits } else { ui.available_height() * CROWD_SHARE }.max(120.0);
    // While the offers after a hit are open, the first of them (the soak of the wounds just
    // dealt) is whole under the box, with no scrolling: the box keeps its top and gives up
    // the room at its bottom (what it holds does not move; the lowest holders scroll inside).
    if turn::offers_open(rules, &fight.state) {
        let under = turn::first_offer_height(ui) + separator_height(ui);
        height = height.min(ui.available_height() - under).max(CHIPS_LEAST);
    }
    let chips = ui.scope(|ui| {
        egui::ScrollArea::vertical()
            .id_salt("savage-chips")
            .max_height(height)
            .auto_shrink([false, true])
            .show(ui, |ui| chips::chips_ui(ui, rules, fight, read_only, state, commands))
            .content_size
            .y
    });
    ui.data_mut(|d| d.insert_temp(key, chips.inner));
    crate::ui::widgets::name_box(&chips.response, "Fate chips box");
}

/// The offers after a hit (the soak, a die added to the damage) over the log, in the rest of
/// a side column: the offers as tall as they are, up to all the room but the log's heading and
/// newest lines, and scrolling inside beyond that, so the last of their buttons is never past
/// the window's bottom (the soak's and the die's forms together are taller than 1280×800
/// leaves). Where the column is too short for both (at 1280×800, under the chips of the
/// Marshal and three players), the offers take the log's room too while they are open: they
/// are what the player acts on now, and the log's newest line is over the turn.
fn offers_and_log(
    ui: &mut egui::Ui,
    rules: &Rules,
    fight: &Fight<'_>,
    read_only: bool,
    state: &mut FightState,
    commands: &mut Vec<FightCommand>,
) {
    if turn::offers_open(rules, &fight.state) {
        let left = ui.available_height();
        let beside_log = left - ui.spacing().item_spacing.y - log_least(ui);
        let least = OFFERS_LEAST.max(turn::first_offer_height(ui));
        let room = if beside_log >= least { beside_log } else { left };
        let offers = ui.scope(|ui| {
            egui::ScrollArea::vertical()
                .id_salt("savage-offers")
                .max_height(room)
                .auto_shrink([false, true])
                .show(ui, |ui| {
                    crate::ui::widgets::wrapping(ui, |ui| {
                        turn::offers_ui(ui, rules, fight, read_only, state, commands)
                    })
                })
                .inner
        });
        crate::ui::widgets::name_box(&offers.response, "Offers after the hit box");
        let offered = offers.inner;
        if ui.available_height() + 0.5 < log_least(ui) {
            return;
        }
        if offered {
            ui.separator();
        }
    }
    log::log_ui(ui, fight);
}

/// The height the log takes at the least under the offers after a hit, so that none of it is
/// past the window's bottom: a separator (6 points) and the spaces around it, the log's
/// heading and the least height of its scrolling lines (egui's least for a scroll area).
fn log_least(ui: &Ui) -> f32 {
    let spacing = ui.spacing();
    separator_height(ui) + spacing.interact_size.y + LOG_LINES_LEAST
}

/// The height a separator takes in a column: its line's 6 points and the spaces around it.
fn separator_height(ui: &Ui) -> f32 {
    6.0 + 2.0 * ui.spacing().item_spacing.y
}

/// The least height of the chips' box while the offers after a hit take the room under it:
/// the pot and the Marshal's chips.
const CHIPS_LEAST: f32 = 160.0;

/// The least height of the log's scrolling lines: a scroll area's least height in egui
/// (`ScrollArea::min_scrolled_height`), two or three of the log's lines.
const LOG_LINES_LEAST: f32 = 64.0;

/// The least height of the offers' box beside the log: under it, the offers take the log's
/// room too.
const OFFERS_LEAST: f32 = 160.0;

/// The least height kept under the chips' box in the side column, for the offers after a hit
/// (scrolling in their box) over the log's newest lines, when the chips fit above it: at
/// 1280×800 those of the Marshal and three players do.
const BELOW_CHIPS: f32 = 160.0;

/// The share of the side column a crowd of holders' chips' box takes (scrolling inside).
const CROWD_SHARE: f32 = 0.5;

/// The least width of a desktop window (not a touch screen) that keeps two columns.
const TWO_COLUMNS: f32 = 960.0;

/// The height of the log under the chips in a narrow window, in points.
const NARROW_LOG: f32 = 280.0;

/// The middle of the screen: a notice, the typed deal, or the turn and the combatant clicked
/// last.
fn middle_ui(
    ui: &mut Ui,
    rules: &'static Rules,
    fight: &Fight<'_>,
    view: &FightView<'_>,
    state: &mut FightState,
    commands: &mut Vec<FightCommand>,
) {
    let v = ui.visuals().clone();
    let read_only = view.read_only.is_some();
    if let Some(notice) = &state.notice {
        ui.label(RichText::new(notice).color(theme::bad(&v)).strong());
    }
    if let Some(why) = view.read_only {
        ui.label(RichText::new(why).color(theme::bad(&v)));
    }
    if state.typing {
        order::typed_deal_ui(ui, rules, fight, read_only, state, commands);
        return;
    }
    ui.horizontal_wrapped(|ui| {
        ui.selectable_value(&mut state.middle, Middle::Turn, "Turn");
        let who = state
            .selected
            .as_ref()
            .map_or_else(|| "Combatant".to_owned(), |m| format!("Combatant: {}", fight.state.name(m)));
        ui.selectable_value(&mut state.middle, Middle::Combatant, who)
            .on_hover_text("The combatant clicked last: any trait roll, fatigue, corrections");
    });
    // What the last click did, where the eyes are (the log keeps them all whole), in a box of
    // two lines always: a longer line is elided, so the turn below never moves with it.
    last_line_ui(ui, fight.lines.last().filter(|_| fight.events.len() > 1).map(String::as_str));
    ui.separator();
    match state.middle {
        Middle::Turn => turn::turn_ui(ui, rules, fight, read_only, state, commands),
        Middle::Combatant => member::member_ui(ui, rules, fight, read_only, state, commands),
    }
}

/// The log's newest line in two lines' height, elided after the second.
fn last_line_ui(ui: &mut Ui, line: Option<&str>) {
    let font = egui::FontId::proportional(theme::BODY + 1.0);
    let row = ui.fonts_mut(|f| f.row_height(&font));
    let width = ui.available_width();
    let height = 2.0 * row + ui.spacing().item_spacing.y;
    ui.allocate_ui_with_layout(egui::vec2(width, height), egui::Layout::top_down(egui::Align::Min), |ui| {
        ui.set_min_size(egui::vec2(width, height));
        let Some(line) = line else { return };
        let colour = theme::accent(ui.visuals());
        let mut job = egui::text::LayoutJob::single_section(
            line.to_owned(),
            egui::TextFormat { font_id: font, color: colour, ..egui::TextFormat::default() },
        );
        job.wrap = egui::text::TextWrapping {
            max_width: width,
            max_rows: 2,
            break_anywhere: false,
            overflow_character: Some('…'),
        };
        ui.label(job);
    });
}

/// Keyboard shortcuts for the every-turn path: Ctrl+D deals, Ctrl+N begins the next turn,
/// Ctrl+E ends the acting turn. (Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y belong to the shared Undo/Redo
/// bar in the header.)
fn shortcuts(
    ui: &mut Ui,
    rules: &Rules,
    fight: &Fight<'_>,
    read_only: bool,
    state: &FightState,
    commands: &mut Vec<FightCommand>,
) {
    if read_only || state.typing {
        return;
    }
    let pressed = |ui: &mut Ui, key| ui.input_mut(|i| i.consume_key(egui::Modifiers::COMMAND, key));
    let s = &fight.state;
    let mut send = |event: Event| {
        if why_not(rules, fight, &event).is_none() {
            commands.push(FightCommand::Apply(event));
        }
    };
    if pressed(ui, egui::Key::N)
        && let Some(unit) = s.next_up()
    {
        send(Event::BeginTurn { unit });
    }
    if pressed(ui, egui::Key::E)
        && let Some(unit) = s.whose_turn()
    {
        send(Event::EndTurn { unit: unit.to_owned() });
    }
}
