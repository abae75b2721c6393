//! The middle of the table: the roll the rules ask for now (a Shaken combatant's Spirit roll,
//! an Incapacitation roll, a Bleeding Out roll at the start of the round), whose turn comes
//! next, and the acting combatant's turn: hold or end, the attack with its exact odds, the
//! damage that follows (knowing whether the target is Shaken), soaking it with a chip, a die
//! added with a red or blue chip, and interrupting from hold.

use egui::{RichText, Ui};

use super::{FightCommand, FightState, Step, event_button, event_button_with, why_not};
use crate::systems::savage::game::{
    DieRoll, Event, Fight, Holder, MemberRef, Prompt, Spend, State, TraitInput, VigorRoll,
};
use crate::systems::savage::rules::Rules;
use crate::systems::savage::rules::abilities::RollFor;
use crate::systems::savage::rules::chips::{ChipColour, ChipUse};
use crate::systems::savage::rules::damage::{self, DamageRoll};
use crate::systems::savage::rules::situation::{self, Situation};
use crate::systems::savage::rules::traits::{self, TraitDice, TraitRoll};
use crate::systems::savage::ui::calc::{
    self, DiceForm, damage_odds_ui, modifiers_ui, number_stepper, trait_odds_ui,
};
use crate::systems::savage::ui::{chip_colour, chip_name};
use crate::ui::theme;
use crate::ui::widgets::{labelled_combo, percent, probability_bar, problem, row};

/// The automatic modifiers of a trait roll, each with where it comes from.
pub(super) fn input_parts(input: &TraitInput) -> Vec<(&'static str, i32)> {
    vec![
        ("Unskilled", input.unskilled),
        ("Wounds", input.wounds),
        ("Fatigue", input.fatigue),
        ("Joker", input.joker),
        ("Abilities", input.ability),
    ]
}

/// The dice typed in `form`, or a sentence saying what is wrong (`None` while empty).
fn typed(rules: &Rules, form: &DiceForm, input: &TraitInput) -> Result<Option<TraitDice>, String> {
    form.dice(input.die, input.wild.then(|| calc::wild_sides(rules)))
}

/// A trait roll's dice fields in `form` (the trait die, and the Wild Die for a Wild Card),
/// named `field` and `who`: whether Ctrl+Enter was pressed in them, and the dice typed
/// ([`typed`]).
fn dice_fields(
    ui: &mut Ui,
    rules: &Rules,
    form: &mut DiceForm,
    field: &str,
    who: Option<&str>,
    input: &TraitInput,
) -> (bool, Result<Option<TraitDice>, String>) {
    let keys = form.ui_for(ui, field, who, input.die, input.wild.then(|| calc::wild_sides(rules)));
    (calc::ctrl_enter(ui, keys), typed(rules, form, input))
}

/// Two buttons that send the event of a roll: one with the dice typed (greyed out until they
/// are), one that lets Posse roll (a fresh seed in the event). `submit`: Ctrl+Enter was
/// pressed in the form's fields, which sends the typed one.
#[expect(clippy::too_many_arguments, reason = "one roll's form: the dice, the event and the buttons' words")]
fn roll_buttons(
    ui: &mut Ui,
    rules: &Rules,
    fight: &Fight<'_>,
    read_only: bool,
    dice: &Result<Option<TraitDice>, String>,
    make: impl Fn(TraitDice) -> Event,
    typed_label: &str,
    rolled_label: &str,
    submit: bool,
    commands: &mut Vec<FightCommand>,
) {
    // Ctrl+Enter in one of the form's fields: the button with the dice typed, from the keys.
    if submit
        && !read_only
        && let Ok(Some(d)) = dice
    {
        let event = make(d.clone());
        if why_not(rules, fight, &event).is_none() {
            commands.push(FightCommand::Apply(event));
        }
    }
    row(ui, |ui| {
        if let Ok(Some(d)) = dice {
            event_button(
                ui,
                rules,
                fight,
                read_only,
                RichText::new(typed_label).strong(),
                make(d.clone()),
                commands,
            );
        } else {
            let greyed = ui.add_enabled(false, egui::Button::new(typed_label));
            crate::ui::widgets::refused(ui, greyed, "Type the dice first, or let Posse roll");
        }
        let seeded = make(TraitDice::Seeded { seed: calc::fresh_seed() });
        // The seed changes each frame; whether the rules allow the roll does not.
        event_button(ui, rules, fight, read_only, rolled_label, seeded, commands);
    });
    // What is wrong with the dice typed is said beside the fields (`DiceForm::ui_for`).
}

pub(super) fn turn_ui(
    ui: &mut Ui,
    rules: &Rules,
    fight: &Fight<'_>,
    read_only: bool,
    state: &mut FightState,
    commands: &mut Vec<FightCommand>,
) {
    let s = &fight.state;
    // Whose turn it is, with End turn and Go on hold, first, or with nobody's turn who is next
    // with Begin X's turn: the roll asked for (and its reroll, and the soak before it) comes
    // and goes under it, so those buttons keep their place the whole turn (and between
    // turns) and stay in the window however long the roll's form is.
    if let Some(unit) = s.whose_turn() {
        acting_header_ui(ui, rules, fight, read_only, unit, commands);
    } else {
        next_ui(ui, rules, fight, read_only, commands);
        ui.separator();
    }
    // The soak comes next: right after the damage, above any Incapacitation roll (S12). With
    // no roll asked for, it is one of the offers after the damage (`offers_ui`), drawn where
    // it moves nothing of the turn.
    if soak_on_top(s) && soak_ui(ui, rules, fight, read_only, state, commands) {
        ui.separator();
    }
    if vigor_reroll_ui(ui, rules, fight, read_only, state, commands) {
        ui.separator();
    }
    if let Some(prompt) = s.prompts().first() {
        prompt_ui(ui, rules, fight, read_only, prompt, state, commands);
        ui.separator();
    }
    if let Some(unit) = s.whose_turn() {
        acting_ui(ui, rules, fight, read_only, unit, state, commands);
    }
}

/// Whether the soak is the roll asked for now, on top of the turn panel: with a roll asked
/// for, with nobody's turn, or after a hit that Incapacitated its target (even after the roll).
fn soak_on_top(s: &State) -> bool {
    let incapacitating = s.last_damage.as_ref().and_then(|d| s.member(&d.target)).is_some_and(|m| {
        matches!(
            m.status,
            crate::systems::savage::game::Status::Incapacitated
                | crate::systems::savage::game::Status::Dead
                | crate::systems::savage::game::Status::Unconscious
        )
    });
    !s.prompts().is_empty() || s.whose_turn().is_none() || incapacitating
}

/// Whether [`offers_ui`] has anything to offer (the layouts make room for it first).
pub(super) fn offers_open(rules: &Rules, s: &State) -> bool {
    let soak = s.last_damage.as_ref().is_some_and(|l| l.effect.wounds() > l.soaked) && !soak_on_top(s);
    s.whose_turn().is_some() && (soak || extra_damage_open(rules, s))
}

/// The chips' offers right after a damage roll in a turn: the soak of the wounds just taken
/// (unless it is on top of the turn panel, `soak_on_top`) and a die added to the damage. They
/// come and go with each hit, so the layouts draw them where their coming moves nothing a
/// player aims at (over the log, which gives up the room): never above the turn's own
/// controls. Whether anything was drawn.
pub(super) fn offers_ui(
    ui: &mut Ui,
    rules: &Rules,
    fight: &Fight<'_>,
    read_only: bool,
    state: &mut FightState,
    commands: &mut Vec<FightCommand>,
) -> bool {
    let s = &fight.state;
    if s.whose_turn().is_none() {
        return false;
    }
    let top = ui.cursor().top();
    let soaked = !soak_on_top(s) && soak_ui(ui, rules, fight, read_only, state, commands);
    if soaked {
        first_offer_drawn(ui, ui.cursor().top() - top);
    }
    if soaked && extra_damage_open(rules, s) {
        ui.separator();
    }
    let top = ui.cursor().top();
    let added = extra_damage_ui(ui, rules, fight, read_only, state, commands);
    if added && !soaked {
        first_offer_drawn(ui, ui.cursor().top() - top);
    }
    soaked || added
}

/// The key of the first offer's height as last drawn ([`first_offer_height`]).
fn first_offer_key() -> egui::Id {
    egui::Id::unique("savage-first-offer-height")
}

/// The height the first of the offers after a hit (the soak of the wounds just taken, else
/// the die added to the damage) took as last drawn, for the side column to keep it in view
/// whole, with no scrolling: a guess of the soak's height before it is first drawn.
pub(super) fn first_offer_height(ui: &Ui) -> f32 {
    ui.data(|d| d.get_temp::<f32>(first_offer_key())).unwrap_or(FIRST_OFFER_GUESS)
}

/// Records the first offer's height; a frame laid out with another height is drawn again.
fn first_offer_drawn(ui: &Ui, height: f32) {
    let was = first_offer_height(ui);
    ui.data_mut(|d| d.insert_temp(first_offer_key(), height));
    if (was - height).abs() > 0.5 {
        ui.ctx().request_discard("the first offer after a hit measured its height");
    }
}

/// The soak's height in the side column of a desktop window with three colours of chips to
/// choose from, before it is first drawn.
const FIRST_OFFER_GUESS: f32 = 330.0;

/// The roll the rules ask for now.
fn prompt_ui(
    ui: &mut Ui,
    rules: &Rules,
    fight: &Fight<'_>,
    read_only: bool,
    prompt: &Prompt,
    state: &mut FightState,
    commands: &mut Vec<FightCommand>,
) {
    let v = ui.visuals().clone();
    let s = &fight.state;
    let target = prompt.target().clone();
    let name = s.name(&target);
    let nonlethal = s.member(&target).is_some_and(|m| m.nonlethal);
    let (trait_name, title) = match prompt {
        Prompt::SpiritRoll(_) => ("spirit", format!("{name} is Shaken: Spirit roll")),
        Prompt::Incapacitation(_) => ("vigor", format!("{name} is Incapacitated: Vigor roll")),
        Prompt::BleedingOut(_) => ("vigor", format!("{name} is Bleeding Out: Vigor roll")),
    };
    ui.label(RichText::new(title).size(theme::HEADING).strong().color(theme::bad(&v)));
    let for_what = match prompt {
        Prompt::SpiritRoll(_) => RollFor::Unshake,
        Prompt::Incapacitation(_) => RollFor::Incapacitation,
        Prompt::BleedingOut(_) => RollFor::BleedingOut,
    };
    let Ok(input) = s.trait_input_for(rules, &target, trait_name, for_what) else { return };
    number_stepper(ui, "Roll modifier", &mut state.prompt_modifier, -10, 10);
    let mut parts = input_parts(&input);
    parts.push(("Other", state.prompt_modifier));
    let modifier = modifiers_ui(ui, &parts);
    let (submit, dice) = dice_fields(ui, rules, &mut state.prompt_dice, "Prompt", Some(&name), &input);
    let extra = state.prompt_modifier;
    let make = |roll: TraitDice| match prompt {
        Prompt::SpiritRoll(_) => Event::Recover { target: target.clone(), roll, modifier: extra },
        Prompt::Incapacitation(_) => Event::Incapacitation { target: target.clone(), roll, modifier: extra },
        Prompt::BleedingOut(_) => Event::BleedOut { target: target.clone(), roll, modifier: extra },
    };
    roll_buttons(ui, rules, fight, read_only, &dice, make, "Apply the roll", "Roll for me", submit, commands);
    if matches!(prompt, Prompt::SpiritRoll(_)) {
        unshake_buttons(ui, rules, fight, read_only, &target, commands);
    }
    // The odds under the dice and the buttons, as on the attack form: the buttons stay high
    // enough to be in the window under the turn's line.
    match prompt {
        Prompt::SpiritRoll(_) => {
            ui.label("Success: no longer Shaken, but only free actions this turn. Raise: acts normally.");
            let roll =
                TraitRoll { die: input.die, wild: input.wild, modifier, tn: rules.core.traits.target_number };
            trait_odds_ui(ui, &traits::odds(rules, &roll), input.wild);
        }
        Prompt::Incapacitation(_) => {
            let c = damage::incapacitation_odds(rules, input.die, input.wild, modifier);
            // S15: after non-lethal damage "1 or less" knocks out instead of killing.
            let dead = if nonlethal {
                format!(
                    "Knocked out {} hours (1 or less)",
                    rules.core.incapacitation.nonlethal_unconscious_hours
                )
            } else {
                "Dead (1 or less)".to_owned()
            };
            probability_bar(ui, &dead, c.dead, theme::bad(&v));
            probability_bar(ui, "Injury for good, Bleeding Out", c.bleeding_out, theme::accent(&v));
            probability_bar(ui, "Injury heals with the wounds", c.heals_with_wounds, theme::good(&v));
            probability_bar(ui, "Injury gone in 24 hours", c.heals_in_24h, theme::good(&v));
        }
        Prompt::BleedingOut(_) => {
            let c = damage::bleeding_odds(rules, input.die, input.wild, modifier);
            let dies = if nonlethal {
                format!(
                    "Knocked out {} hours",
                    rules.core.incapacitation.bleeding_nonlethal_unconscious_hours
                )
            } else {
                "Dies".to_owned()
            };
            probability_bar(ui, &dies, c.dies, theme::bad(&v));
            probability_bar(ui, "Rolls again next round", c.again, theme::accent(&v));
            probability_bar(ui, "The bleeding stops", c.stops, theme::good(&v));
        }
    }
}

/// A fate chip that ends a Shaken at once, one button per colour its owner holds.
fn unshake_buttons(
    ui: &mut Ui,
    rules: &Rules,
    fight: &Fight<'_>,
    read_only: bool,
    target: &MemberRef,
    commands: &mut Vec<FightCommand>,
) {
    let s = &fight.state;
    let holder = s.owner(&target.unit);
    ui.horizontal_wrapped(|ui| {
        for colour in ChipColour::ALL {
            if s.chips.count(&holder, colour) == 0 || !rules.chips.allows(colour, ChipUse::Unshake) {
                continue;
            }
            let event = Event::SpendChip {
                holder: holder.clone(),
                chip: colour,
                purpose: Spend::Unshake { target: target.clone() },
            };
            let text = RichText::new(format!("{} chip: no longer Shaken", chip_name(colour)))
                .color(chip_colour(ui.visuals(), colour));
            event_button(ui, rules, fight, read_only, text, event, commands).on_hover_text(format!(
                "{} spends it; {} acts normally",
                holder.words(),
                s.name(target)
            ));
        }
    });
}

/// Nobody is acting: who comes next, the Jokers that may act now, those on hold.
fn next_ui(ui: &mut Ui, rules: &Rules, fight: &Fight<'_>, read_only: bool, commands: &mut Vec<FightCommand>) {
    let v = ui.visuals().clone();
    let s = &fight.state;
    if s.round() == 0 {
        ui.label(RichText::new("Deal the first round to begin.").size(theme::HEADING));
        return;
    }
    match s.next_up().and_then(|id| s.unit(&id)) {
        Some(u) => {
            row(ui, |ui| {
                ui.label(RichText::new("Next:").size(theme::HEADING));
                if let Some(card) = u.card {
                    ui.label(crate::systems::savage::ui::card_text(&v, card, theme::HEADING + 4.0));
                }
                ui.label(RichText::new(&u.combatant.name).size(theme::HEADING + 4.0).strong());
            });
            let event = Event::BeginTurn { unit: u.id.clone() };
            event_button(
                ui,
                rules,
                fight,
                read_only,
                RichText::new(format!("Begin {} turn", crate::systems::savage::ui::whose(&u.combatant)))
                    .size(theme::HEADING)
                    .strong(),
                event,
                commands,
            )
            .on_hover_text("Ctrl+N");
        }
        // A Joker's holder acts when they choose: their turn is still to come, never skipped.
        None if !s.joker_holders().is_empty() => {
            let names: Vec<&str> = s
                .joker_holders()
                .iter()
                .filter_map(|id| s.unit(id))
                .map(|u| u.combatant.name.as_str())
                .collect();
            ui.label(
                RichText::new(format!(
                    "Every other card has come up: {} still to act on a Joker.",
                    names.join(", ")
                ))
                .size(theme::HEADING),
            );
        }
        None => {
            ui.label(
                RichText::new("Every card has come up: deal the next round (Ctrl+D).").size(theme::HEADING),
            );
        }
    }
    for id in s.joker_holders() {
        if let Some(u) = s.unit(id) {
            let event = Event::BeginTurn { unit: u.id.clone() };
            let text = RichText::new(format!("Joker: {} acts now", u.combatant.name))
                .color(theme::good(&v))
                .strong();
            event_button(ui, rules, fight, read_only, text, event, commands);
        }
    }
    for id in s.on_hold() {
        if let Some(u) = s.unit(id) {
            let event = Event::BeginTurn { unit: u.id.clone() };
            event_button(
                ui,
                rules,
                fight,
                read_only,
                format!("{} acts from hold", u.combatant.name),
                event,
                commands,
            );
        }
    }
}

/// The acting unit's line: its card and name, Go on hold and End turn at the right.
fn acting_header_ui(
    ui: &mut Ui,
    rules: &Rules,
    fight: &Fight<'_>,
    read_only: bool,
    unit_id: &str,
    commands: &mut Vec<FightCommand>,
) {
    let v = ui.visuals().clone();
    let s = &fight.state;
    let Some(unit) = s.unit(unit_id) else { return };
    let whose = crate::systems::savage::ui::whose(&unit.combatant);
    // The buttons at the right first, then the card and the name in what is left of the
    // row, elided there (the whole name on hover): a long name never runs under End turn.
    // One line that never wraps (a wrapping row would let it grow past the column).
    let line = egui::vec2(ui.available_width(), ui.spacing().interact_size.y);
    ui.allocate_ui_with_layout(line, egui::Layout::right_to_left(egui::Align::Center), |ui| {
        // The title beside it names whose turn it is, so End turn says only "End turn": the
        // name has the room (a default "New Wild Card" was cut to "New Wild Card's …"), and
        // End turn and Go on hold keep one place from one turn to the next. Whose turn it
        // ends is its accessible name and on hover.
        let end = Event::EndTurn { unit: unit_id.to_owned() };
        let full = format!("End {whose} turn");
        let button = egui::Button::new(RichText::new("End turn").strong()).truncate();
        event_button_with(ui, rules, fight, read_only, button, end, commands)
            .accessible_name(full.clone())
            .on_hover_text(format!("{full} (Ctrl+E)"));
        let hold = Event::Hold { unit: unit_id.to_owned() };
        event_button(ui, rules, fight, read_only, "Go on hold", hold, commands)
            .on_hover_text("Keep the action for later, even into the next round");
        ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
            if let Some(card) = unit.card {
                let shown = ui.label(crate::systems::savage::ui::card_text(&v, card, theme::HEADING + 4.0));
                if unit.has_joker() {
                    let bonus = rules.core.initiative.joker_bonus;
                    shown.on_hover_text(format!("Joker: +{bonus} to every trait and damage roll this round"));
                }
            }
            ui.add(
                egui::Label::new(RichText::new(format!("{whose} turn")).size(theme::HEADING + 4.0).strong())
                    .truncate(),
            );
        });
    });
}

/// The acting unit's turn under its line: who of a group acts, its Shaken, the Spirit
/// roll's reroll, the attack and damage steps and an interruption.
fn acting_ui(
    ui: &mut Ui,
    rules: &Rules,
    fight: &Fight<'_>,
    read_only: bool,
    unit_id: &str,
    state: &mut FightState,
    commands: &mut Vec<FightCommand>,
) {
    let v = ui.visuals().clone();
    let s = &fight.state;
    let Some(unit) = s.unit(unit_id) else { return };
    // The Joker's +2 is on the header's card (on hover) and in each roll's modifiers: no line
    // of its own, which pushed the dice and Attack under the bottom of 1024×768.
    // The member chosen while it can act, else the next who has not acted (the game decides).
    state.actor = s.actor(unit_id, state.actor);
    let attacker = MemberRef::new(unit_id, state.actor);
    // The panel's toggles are this actor's own: another actor starts from its defaults.
    if state.situation_for.as_ref() != Some(&attacker) {
        state.situation = Situation::default();
        state.ap = 0;
        state.situation_for = Some(attacker.clone());
    }
    let Some(me) = s.member(&attacker) else { return };
    if me.shaken && me.is_active() {
        ui.label(
            RichText::new(format!("{} is Shaken: only free actions.", s.name(&attacker)))
                .color(theme::bad(&v))
                .strong(),
        );
        unshake_buttons(ui, rules, fight, read_only, &attacker, commands);
    } else if me.free_actions_only {
        ui.label(
            RichText::new(format!(
                "{} shook off being Shaken: only free actions this turn.",
                s.name(&attacker)
            ))
            .color(theme::accent(&v)),
        );
    }
    spirit_reroll_ui(ui, rules, fight, read_only, &attacker, state, commands);
    row(ui, |ui| {
        ui.selectable_value(&mut state.step, Step::Attack, RichText::new("1. Attack").strong());
        ui.selectable_value(&mut state.step, Step::Damage, RichText::new("2. Damage").strong());
        // Which member acts, on the steps' row (a row of its own pushed the dice and Attack
        // under the bottom of 1024×768): a group's Extras each act on the group's card.
        if unit.members.len() > 1 {
            ui.add_space(ui.spacing().item_spacing.x * 2.0);
            ui.label("Who acts:");
            for (i, m) in unit.members.iter().enumerate() {
                let i = u32::try_from(i).unwrap_or(0);
                let text = format!("{}", i + 1);
                if ui
                    .add_enabled(m.is_active(), egui::Button::selectable(state.actor == i, text))
                    .accessible_name(format!("{} acts", unit.member_name(i)))
                    .clicked()
                {
                    state.actor = i;
                }
            }
        }
    });
    let target = target_line(ui, rules, s, &attacker, state);
    match state.step {
        Step::Attack => attack_ui(ui, rules, fight, read_only, &attacker, target.as_ref(), state, commands),
        Step::Damage => damage_ui(ui, rules, fight, read_only, &attacker, target.as_ref(), state, commands),
    }
    interrupt_ui(ui, rules, fight, read_only, unit_id, state, commands);
}

/// The target: the combatant clicked last, else an enemy still fighting (the game decides,
/// `State::default_target`); one line with what matters.
fn target_line(
    ui: &mut Ui,
    rules: &Rules,
    s: &State,
    attacker: &MemberRef,
    state: &FightState,
) -> Option<MemberRef> {
    let v = ui.visuals().clone();
    // The damage that follows a hit goes to the member hit (the game's, from the log).
    let hit = s.pending_hit().filter(|a| a.attacker.unit == attacker.unit && state.step == Step::Damage);
    let target = match hit {
        Some(a) => Some(a.target.clone()),
        None => s.default_target(attacker, state.selected.as_ref()),
    };
    match &target {
        Some(t) => {
            let toughness = s.unit(&t.unit).map_or(0, |u| u.combatant.toughness(rules));
            // Lowered after a Wild Attack until its next turn.
            let parry = s.parry(rules, t);
            let shaken = s.member(t).is_some_and(|m| m.shaken);
            ui.label(
                RichText::new(format!(
                    "Target: {} · Parry {parry} · Toughness {toughness}{}",
                    s.name(t),
                    if shaken { " · already Shaken" } else { "" }
                ))
                .size(theme::BODY + 1.0)
                .strong(),
            );
        }
        None => {
            ui.label(RichText::new("Click the target in the action order.").color(theme::muted(&v)));
        }
    }
    target
}

/// The attack's skill: only those the data marks for attacks; the form opens on the one this
/// combatant rolls best (and again each turn: the skill is cleared when the turn passes).
fn skill_choice_ui(
    ui: &mut Ui,
    rules: &Rules,
    combatant: &crate::systems::savage::rules::combatant::Combatant,
    state: &mut FightState,
) {
    let skills: Vec<&str> = rules.core.attack_skills.all().collect();
    if !skills.contains(&state.skill.as_str()) {
        combatant.best_attack_skill(rules).clone_into(&mut state.skill);
    }
    ui.horizontal_wrapped(|ui| {
        ui.label("Skill:");
        for skill in &skills {
            let die = combatant.trait_die(rules, skill);
            let text = format!(
                "{} {}{}",
                capital(skill),
                die.0,
                if die.1 == 0 { String::new() } else { crate::systems::savage::ui::signed(die.1) }
            );
            if ui
                .add(egui::Button::selectable(state.skill == *skill, text))
                .accessible_name(format!("Skill {}", capital(skill)))
                .clicked()
            {
                (*skill).clone_into(&mut state.skill);
                // The weapon follows the skill: a melee weapon to fight, a gun to shoot.
                state.weapon.clear();
            }
        }
    });
}

/// The weapon the attack is made with (its damage follows a hit): the one picked, else the
/// first that fits the skill (a melee weapon for a melee skill), else the first. `None` for
/// a combatant with no weapon on its sheet.
fn weapon_choice_ui(
    ui: &mut Ui,
    combatant: &crate::systems::savage::rules::combatant::Combatant,
    melee: bool,
    state: &mut FightState,
) -> Option<String> {
    if combatant.weapons.is_empty() {
        return None;
    }
    if combatant.weapon(&state.weapon).is_none() {
        let weapons = &combatant.weapons;
        let fitting = weapons.iter().find(|w| w.range.is_none() == melee).or(weapons.first());
        state.weapon = fitting.map(|w| w.name.clone()).unwrap_or_default();
    }
    ui.horizontal_wrapped(|ui| {
        ui.label("Weapon:");
        for w in &combatant.weapons {
            if ui
                .add(egui::Button::selectable(state.weapon == w.name, format!("{} {}", w.name, w.damage)))
                .accessible_name(format!("Weapon {}", w.name))
                .clicked()
            {
                state.weapon.clone_from(&w.name);
            }
        }
    });
    Some(state.weapon.clone())
}

#[expect(clippy::too_many_arguments, reason = "the attack form reads the whole table")]
fn attack_ui(
    ui: &mut Ui,
    rules: &Rules,
    fight: &Fight<'_>,
    read_only: bool,
    attacker: &MemberRef,
    target: Option<&MemberRef>,
    state: &mut FightState,
    commands: &mut Vec<FightCommand>,
) {
    let s = &fight.state;
    let Some(unit) = s.unit(&attacker.unit) else { return };
    skill_choice_ui(ui, rules, &unit.combatant, state);
    let melee = rules.core.attack_skills.is_melee(&state.skill);
    let weapon = weapon_choice_ui(ui, &unit.combatant, melee, state);
    let mut range_modifier = 0;
    let mut range_name = "Range";
    if !melee {
        row(ui, |ui| {
            ui.label("Range:");
            for (i, band) in rules.core.ranges.iter().enumerate() {
                if ui
                    .add(egui::Button::selectable(
                        state.range == i,
                        format!("{} {}", band.name, crate::systems::savage::ui::signed(band.modifier)),
                    ))
                    .accessible_name(format!("Range {}", band.name))
                    .clicked()
                {
                    state.range = i;
                }
            }
        });
        if let Some(band) = rules.core.ranges.get(state.range) {
            range_modifier = band.modifier;
            range_name = band.name.as_str();
        }
    }
    let done = s.member(attacker).map_or(0, |m| m.actions);
    let sit = attack_situation_ui(ui, rules, melee, done, state);
    number_stepper(ui, "Attack modifier", &mut state.attack_modifier, -10, 10);
    let Ok(input) = s.trait_input(rules, attacker, &state.skill) else { return };
    let mut parts = input_parts(&input);
    parts.push((range_name, range_modifier));
    let actions = sit.actions.max(done + 1);
    let situational = sit.attack_parts(rules, melee, actions).unwrap_or_default();
    parts.extend(situational.iter().map(|(w, n)| (w.as_str(), *n)));
    parts.push(("Other", state.attack_modifier));
    let modifier = modifiers_ui(ui, &parts);
    let tn = match target {
        Some(t) if melee => s.parry(rules, t),
        _ => rules.core.traits.target_number,
    };
    ui.label(
        RichText::new(format!(
            "{} {} against {}{tn}",
            capital(&state.skill),
            input.die,
            if melee { "Parry " } else { "" }
        ))
        .strong(),
    );
    // The dice and the Attack button before the odds, whose bars come and go (a critical
    // failure only with a Wild Die): the button stays where it is for the whole turn.
    if let Some(target) = target {
        let (submit, dice) =
            dice_fields(ui, rules, &mut state.attack_dice, "Attack", Some(&s.name(attacker)), &input);
        let range = (!melee).then(|| rules.core.ranges.get(state.range).map(|r| r.id.clone())).flatten();
        let make = |roll: TraitDice| Event::Attack {
            attacker: attacker.clone(),
            target: target.clone(),
            skill: state.skill.clone(),
            range: range.clone(),
            modifier: state.attack_modifier,
            roll,
            situation: sit.clone(),
            weapon: weapon.clone(),
        };
        roll_buttons(
            ui,
            rules,
            fight,
            read_only,
            &dice,
            make,
            "Attack",
            "Roll the attack for me",
            submit,
            commands,
        );
    }
    trait_odds_ui(
        ui,
        &traits::odds(rules, &TraitRoll { die: input.die, wild: input.wild, modifier, tn }),
        input.wild,
    );
    reroll_ui(ui, rules, fight, read_only, attacker, &input, state, commands);
}

/// A chip rerolls the Spirit roll this member just made to recover from Shaken (the better
/// result stands), while a raise could still better it.
fn spirit_reroll_ui(
    ui: &mut Ui,
    rules: &Rules,
    fight: &Fight<'_>,
    read_only: bool,
    member: &MemberRef,
    state: &mut FightState,
    commands: &mut Vec<FightCommand>,
) {
    let s = &fight.state;
    let Some(last) = s.last_recover.as_ref().filter(|r| r.target == *member) else { return };
    if last.result.outcome == traits::Outcome::Raise {
        return;
    }
    let Ok(input) = s.trait_input_for(rules, member, "spirit", RollFor::Unshake) else { return };
    let form = RerollForm {
        heading: format!("Reroll the Spirit roll ({}; the better stands)", last.result.total),
        choose: "Reroll Spirit with",
        field: "Spirit reroll",
        button: "Reroll Spirit with a",
        posse: "Reroll Spirit, Posse rolls",
    };
    let holder = s.owner(&member.unit);
    chip_reroll_ui(ui, rules, fight, read_only, &holder, member, &input, &form, state, commands, |roll| {
        Spend::RerollRecover { roll }
    });
}

/// S50: a chip rerolls the Incapacitation or Bleeding Out roll just made (the better result
/// stands), while a raise could still better it. Whether the form is shown.
fn vigor_reroll_ui(
    ui: &mut Ui,
    rules: &Rules,
    fight: &Fight<'_>,
    read_only: bool,
    state: &mut FightState,
    commands: &mut Vec<FightCommand>,
) -> bool {
    let s = &fight.state;
    let Some(last) = s.last_vigor.as_ref() else { return false };
    if last.result.outcome == traits::Outcome::Raise {
        return false;
    }
    let for_what = match last.roll {
        VigorRoll::Incapacitation => RollFor::Incapacitation,
        VigorRoll::BleedingOut => RollFor::BleedingOut,
    };
    let Ok(input) = s.trait_input_for(rules, &last.target, "vigor", for_what) else { return false };
    let form = RerollForm {
        heading: format!(
            "Reroll {}'s {} roll ({}; the better stands)",
            s.name(&last.target),
            last.roll.words(),
            calc::result_words(&last.result)
        ),
        choose: "Reroll Vigor with",
        field: "Vigor reroll",
        button: "Reroll Vigor with a",
        posse: "Reroll Vigor, Posse rolls",
    };
    let holder = s.owner(&last.target.unit);
    let target = last.target.clone();
    chip_reroll_ui(ui, rules, fight, read_only, &holder, &target, &input, &form, state, commands, |roll| {
        Spend::RerollVigor { roll }
    });
    true
}

/// A chip rerolls the attack this member just made (the better result stands), below the
/// attack's own action and odds.
#[expect(clippy::too_many_arguments, reason = "the reroll form reads the whole table")]
fn reroll_ui(
    ui: &mut Ui,
    rules: &Rules,
    fight: &Fight<'_>,
    read_only: bool,
    attacker: &MemberRef,
    input: &TraitInput,
    state: &mut FightState,
    commands: &mut Vec<FightCommand>,
) {
    let s = &fight.state;
    let Some(last) = s.last_attack.as_ref().filter(|a| a.attacker == *attacker) else { return };
    if s.last_damage.is_some() {
        return;
    }
    let skill_die = s.unit(&attacker.unit).map_or(input.die, |u| u.combatant.trait_die(rules, &last.skill).0);
    let reroll_input = TraitInput { die: skill_die, ..*input };
    let form = RerollForm {
        heading: format!("Reroll the attack ({}; the better stands)", last.result.total),
        choose: "Reroll with",
        field: "Reroll",
        button: "Reroll with a",
        posse: "Reroll, Posse rolls",
    };
    let holder = s.owner(&attacker.unit);
    chip_reroll_ui(
        ui,
        rules,
        fight,
        read_only,
        &holder,
        attacker,
        &reroll_input,
        &form,
        state,
        commands,
        |roll| Spend::RerollAttack { roll },
    );
}

/// The words of a chip's reroll form.
struct RerollForm {
    heading: String,
    /// The chip row's label.
    choose: &'static str,
    /// The dice field's name.
    field: &'static str,
    /// The typed dice's button, before the chip's colour ("Reroll with a" red chip).
    button: &'static str,
    /// The button that lets Posse roll.
    posse: &'static str,
}

/// A chip rerolls the roll `who` just made (`input` its dice); the better result stands.
/// `purpose` makes the spend from the new roll.
#[expect(clippy::too_many_arguments, reason = "the reroll form reads the whole table")]
fn chip_reroll_ui(
    ui: &mut Ui,
    rules: &Rules,
    fight: &Fight<'_>,
    read_only: bool,
    holder: &Holder,
    who: &MemberRef,
    input: &TraitInput,
    form: &RerollForm,
    state: &mut FightState,
    commands: &mut Vec<FightCommand>,
    purpose: impl Fn(TraitDice) -> Spend,
) {
    let s = &fight.state;
    ui.label(RichText::new(form.heading.as_str()).strong());
    let colours = chip_choice(ui, rules, s, holder, ChipUse::Reroll, &mut state.reroll_colour, form.choose);
    let Some(colour) = state.reroll_colour.filter(|c| colours.contains(c)) else {
        let v = ui.visuals().clone();
        ui.label(
            RichText::new(format!("{} has no chip to reroll with.", holder.words())).color(theme::muted(&v)),
        );
        return;
    };
    let (submit, rolled) =
        dice_fields(ui, rules, &mut state.reroll_dice, form.field, Some(&s.name(who)), input);
    let make =
        |roll: TraitDice| Event::SpendChip { holder: holder.clone(), chip: colour, purpose: purpose(roll) };
    roll_buttons(
        ui,
        rules,
        fight,
        read_only,
        &rolled,
        make,
        &format!("{} {} chip", form.button, colour.id()),
        form.posse,
        submit,
        commands,
    );
}

/// The attack's toggles, in two rows of fixed height for a melee or a ranged attack: the
/// actions this turn (from those the fight counted), cover and a called shot; then The Drop,
/// and Gang Up and Wild Attack in melee or aim at range. Returns the situation to record.
fn attack_situation_ui(
    ui: &mut Ui,
    rules: &Rules,
    melee: bool,
    made: u32,
    state: &mut FightState,
) -> Situation {
    let sit = &rules.core.situations;
    let max = sit.multi_action.max_actions;
    let t = &mut state.situation;
    row(ui, |ui| {
        let least = (made + 1).min(max);
        let mut actions = t.actions.max(least);
        let shown =
            format!("{actions} ({})", crate::systems::savage::ui::signed(sit.multi_action_penalty(actions)));
        labelled_combo(ui, "Actions", shown, |ui| {
            for n in least..=max {
                let text =
                    format!("{n} ({})", crate::systems::savage::ui::signed(sit.multi_action_penalty(n)));
                ui.selectable_value(&mut actions, n, text);
            }
        });
        t.actions = if actions > made + 1 { actions } else { 0 };
        let cover_name = |id: Option<&String>| {
            id.and_then(|id| sit.cover(id))
                .map_or("none".to_owned(), |c| format!("{} {}", c.id.replace('_', " "), c.modifier))
        };
        labelled_combo(ui, "Cover", cover_name(t.cover.as_ref()), |ui| {
            ui.selectable_value(&mut t.cover, None, "No cover");
            for c in &sit.cover {
                ui.selectable_value(&mut t.cover, Some(c.id.clone()), format!("{} {}", c.name, c.modifier));
            }
        });
        let called_name = |id: Option<&String>| {
            id.and_then(|id| sit.called_shot(id))
                .map_or("none".to_owned(), |c| format!("{} {}", c.id, c.attack))
        };
        labelled_combo(ui, "Called shot", called_name(t.called_shot.as_ref()), |ui| {
            ui.selectable_value(&mut t.called_shot, None, "No called shot");
            for c in &sit.called_shots {
                let damage = if c.damage == 0 {
                    String::new()
                } else {
                    format!(", damage {}", crate::systems::savage::ui::signed(c.damage))
                };
                ui.selectable_value(
                    &mut t.called_shot,
                    Some(c.id.clone()),
                    format!("{} {}{damage}", c.name, c.attack),
                );
            }
        });
    });
    row(ui, |ui| {
        ui.checkbox(&mut t.the_drop, format!("The Drop +{}", sit.the_drop.attack));
        if melee {
            let mut gang = i32::try_from(t.gang_up).unwrap_or(0);
            labelled_combo(ui, "Gang Up", format!("+{}", sit.gang_up_bonus(t.gang_up)), |ui| {
                for n in 0..=sit.gang_up.cap / sit.gang_up.per_extra_attacker.max(1) {
                    let text = if n == 0 {
                        "alone".to_owned()
                    } else {
                        format!("{n} more: +{}", sit.gang_up_bonus(u32::try_from(n).unwrap_or(0)))
                    };
                    ui.selectable_value(&mut gang, n, text);
                }
            });
            t.gang_up = u32::try_from(gang).unwrap_or(0);
            ui.checkbox(
                &mut t.wild_attack,
                format!("Wild Attack +{} (Parry {})", sit.wild_attack.attack, sit.wild_attack.parry),
            );
        } else {
            ui.checkbox(&mut t.aim, format!("Aim +{}", sit.aim));
        }
    });
    // Only what applies to this attack is recorded (a melee toggle never rides on a shot).
    Situation {
        gang_up: if melee { t.gang_up } else { 0 },
        wild_attack: melee && t.wild_attack,
        aim: !melee && t.aim,
        ..t.clone()
    }
}

#[expect(clippy::too_many_arguments, reason = "the damage form reads the whole table")]
fn damage_ui(
    ui: &mut Ui,
    rules: &Rules,
    fight: &Fight<'_>,
    read_only: bool,
    attacker: &MemberRef,
    target: Option<&MemberRef>,
    state: &mut FightState,
    commands: &mut Vec<FightCommand>,
) {
    let s = &fight.state;
    let Some(unit) = s.unit(&attacker.unit) else { return };
    if unit.combatant.weapons.is_empty() {
        ui.label("No weapons on this combatant's sheet.");
        return;
    }
    // After a hit, the weapon is the attack's, from the log (it survives a restart); with no
    // hit to follow, the Marshal picks one.
    let hit = s.pending_hit().filter(|a| a.attacker.unit == attacker.unit);
    if let Some(w) = hit.and_then(|a| s.hit_weapon(rules, a)) {
        state.weapon = w;
        let damage = unit.combatant.weapon(&state.weapon).map(|w| w.damage.to_string()).unwrap_or_default();
        ui.horizontal_wrapped(|ui| {
            ui.label("Weapon:");
            ui.label(RichText::new(format!("{} {damage}", state.weapon)).strong())
                .on_hover_text("The weapon the attack was made with");
        });
    } else {
        weapon_choice_ui(ui, &unit.combatant, rules.core.attack_skills.is_melee(&state.skill), state);
    }
    let Some(target) = target else { return };
    let from_attack = s
        .last_attack
        .as_ref()
        .filter(|a| a.attacker.unit == attacker.unit && a.target == *target)
        .is_some_and(|a| a.result.raises > 0);
    let mut raise = state.raise.unwrap_or(from_attack);
    if ui.checkbox(&mut raise, "The attack got a raise: +1d6").changed() {
        state.raise = Some(raise);
    }
    ui.checkbox(&mut state.nonlethal, "Non-lethal damage");
    let mut ap = i32::try_from(state.ap).unwrap_or(0);
    number_stepper(ui, "Armour piercing", &mut ap, 0, 20);
    state.ap = u32::try_from(ap).unwrap_or(0);
    number_stepper(ui, "Damage modifier", &mut state.damage_modifier, -10, 10);
    let input = match s.damage_input(rules, &attacker.unit, &state.weapon, target) {
        Ok(input) => input,
        Err(e) => {
            problem(ui, &crate::ui::sentence(&e.to_string()));
            return;
        }
    };
    // The attack's toggles that add to the damage (The Drop, Wild Attack, a called shot).
    let sit = Situation {
        the_drop: state.situation.the_drop,
        wild_attack: state.situation.wild_attack && rules.core.attack_skills.is_melee(&state.skill),
        called_shot: state.situation.called_shot.clone(),
        ..Situation::default()
    };
    let situational = sit.damage_parts(rules).unwrap_or_default();
    let mut parts = vec![("Joker", input.joker)];
    parts.extend(situational.iter().map(|(w, n)| (w.as_str(), *n)));
    parts.push(("Other", state.damage_modifier));
    let modifier = modifiers_ui(ui, &parts);
    let resolved = input.resolved.clone();
    let resolved = if raise { resolved.with_die(rules.core.attack_raise_die) } else { resolved };
    let armour = s.unit(&target.unit).map_or(0, |u| u.combatant.armour);
    let toughness = situation::effective_toughness(input.toughness, armour, state.ap);
    let armour_words = match (armour, toughness == input.toughness) {
        (0, _) => String::new(),
        (a, true) => format!(" (armour {a})"),
        (a, false) => format!(" (armour {a}, AP {}: {toughness})", state.ap),
    };
    ui.label(
        RichText::new(format!(
            "{}{} against Toughness {}{armour_words}{}",
            input.dice,
            if raise { " +d6" } else { "" },
            input.toughness,
            if input.shaken { " (already Shaken: a plain hit is a wound)" } else { "" }
        ))
        .strong(),
    );
    let (damage_modifier, nonlethal, ap) = (state.damage_modifier, state.nonlethal, state.ap);
    let base = |roll: DamageRoll| Event::Damage {
        target: target.clone(),
        attacker: Some(attacker.unit.clone()),
        roll,
        modifier: damage_modifier,
        nonlethal,
        situation: sit.clone(),
        ap,
    };
    let seeded = base(DamageRoll::Seeded { dice: input.dice.clone(), raise, seed: calc::fresh_seed() });
    damage_total_ui(ui, rules, fight, read_only, &mut state.damage_total, base, seeded, commands);
    match damage::odds(rules, &resolved.plus(modifier), toughness, input.shaken) {
        Ok(c) => {
            let wild = s.unit(&target.unit).is_none_or(|u| u.combatant.is_wild_card());
            damage_odds_ui(ui, &c, input.shaken, wild);
        }
        Err(e) => problem(ui, &crate::ui::sentence(&e.to_string())),
    }
}

/// The damage total and the Damage button, before the odds and in their place for the whole
/// turn: a total that is not a number greys the button and says so under the row; Ctrl+Enter
/// in the field applies it.
#[expect(clippy::too_many_arguments, reason = "the field, the two events and the table")]
fn damage_total_ui(
    ui: &mut Ui,
    rules: &Rules,
    fight: &Fight<'_>,
    read_only: bool,
    text: &mut String,
    base: impl Fn(DamageRoll) -> Event,
    seeded: Event,
    commands: &mut Vec<FightCommand>,
) {
    let v = ui.visuals().clone();
    let mut keys = false;
    row(ui, |ui| {
        let label = crate::ui::widgets::row_label(ui, "Damage total");
        let field = ui
            .add(egui::TextEdit::singleline(text).desired_width(60.0).font(egui::TextStyle::Heading))
            .labelled_by(label.id)
            .on_hover_text("Every damage die after its aces, plus the weapon's own +N (Posse adds the Joker and the modifier)");
        keys = field.has_focus() || field.lost_focus();
    });
    let typed_total = text.trim();
    let total = match typed_total {
        "" => Err("Type the total first, or let Posse roll".to_owned()),
        t => t.parse::<i32>().map_err(|_| format!("'{t}' is not a total.")),
    };
    if calc::ctrl_enter(ui, keys)
        && !read_only
        && let Ok(total) = total
    {
        let event = base(DamageRoll::Total { total });
        if why_not(rules, fight, &event).is_none() {
            commands.push(FightCommand::Apply(event));
        }
    }
    row(ui, |ui| {
        match &total {
            Ok(total) => {
                event_button(
                    ui,
                    rules,
                    fight,
                    read_only,
                    RichText::new("Damage").strong(),
                    base(DamageRoll::Total { total: *total }),
                    commands,
                );
            }
            Err(why) => {
                let greyed = ui.add_enabled(false, egui::Button::new("Damage"));
                crate::ui::widgets::refused(ui, greyed, why);
            }
        }
        event_button(ui, rules, fight, read_only, "Roll the damage for me", seeded, commands);
    });
    if !typed_total.is_empty()
        && let Err(why) = &total
    {
        ui.label(RichText::new(why).color(theme::bad(&v)));
    }
}

/// Soaking the wounds just taken: the target's owner spends a chip and rolls Vigor. Whether
/// the offer is shown.
fn soak_ui(
    ui: &mut Ui,
    rules: &Rules,
    fight: &Fight<'_>,
    read_only: bool,
    state: &mut FightState,
    commands: &mut Vec<FightCommand>,
) -> bool {
    let v = ui.visuals().clone();
    let s = &fight.state;
    let Some(last) = &s.last_damage else { return false };
    let wounds = last.effect.wounds();
    if wounds == 0 || last.soaked >= wounds {
        return false;
    }
    let Some(unit) = s.unit(&last.target.unit) else { return false };
    let holder = s.owner(&unit.id);
    let name = s.name(&last.target);
    ui.label(
        RichText::new(format!(
            "{name} took {wounds} wound{}: soak? ({} spends a chip, Vigor roll)",
            if wounds == 1 { "" } else { "s" },
            holder.words()
        ))
        .strong()
        .color(theme::accent(&v)),
    );
    let input = soak_input(rules, s, last);
    // Never more wounds taken away than were taken (the last: all of them).
    let c = damage::soak_odds_for(rules, input.die, input.wild, input.modifier(), wounds);
    let parts: Vec<String> = c
        .iter()
        .enumerate()
        .map(|(k, p)| if k == 0 { format!("none {}", percent(*p)) } else { format!("{k} {}", percent(*p)) })
        .collect();
    ui.label(format!("Takes away {}", parts.join(" · ")));
    let colours = chip_choice(ui, rules, s, &holder, ChipUse::Soak, &mut state.soak_colour, "Soak with");
    let Some(colour) = state.soak_colour.filter(|c| colours.contains(c)) else {
        ui.label(
            RichText::new(format!("{} has no chip to soak with.", holder.words())).color(theme::muted(&v)),
        );
        return true;
    };
    let (submit, dice) = dice_fields(ui, rules, &mut state.soak_dice, "Soak", Some(&name), &input);
    let make = |roll: TraitDice| Event::SpendChip {
        holder: holder.clone(),
        chip: colour,
        purpose: Spend::Soak { roll, modifier: 0 },
    };
    roll_buttons(
        ui,
        rules,
        fight,
        read_only,
        &dice,
        make,
        &format!("Soak with a {} chip", colour.id()),
        "Soak, Posse rolls",
        submit,
        commands,
    );
    true
}

/// The soak roll's inputs: Vigor, with the penalties the target had before the hit (the
/// game's own, so the odds are those of the roll it will make).
fn soak_input(rules: &Rules, s: &State, last: &crate::systems::savage::game::LastDamage) -> TraitInput {
    s.soak_input(rules, last).unwrap_or(TraitInput {
        die: crate::systems::savage::rules::die::Die::D4,
        wild: false,
        unskilled: 0,
        wounds: 0,
        fatigue: 0,
        joker: 0,
        ability: 0,
    })
}

/// Colour buttons for the chips `holder` has that may be spent on `purpose`; returns them.
fn chip_choice(
    ui: &mut Ui,
    rules: &Rules,
    s: &State,
    holder: &Holder,
    purpose: ChipUse,
    chosen: &mut Option<ChipColour>,
    what: &str,
) -> Vec<ChipColour> {
    let colours: Vec<ChipColour> = ChipColour::ALL
        .into_iter()
        .filter(|c| s.chips.count(holder, *c) > 0 && rules.chips.allows(*c, purpose))
        .collect();
    if chosen.is_none_or(|c| !colours.contains(&c)) {
        *chosen = colours.first().copied();
    }
    if !colours.is_empty() {
        row(ui, |ui| {
            ui.label(format!("{what}:"));
            for c in &colours {
                let text = RichText::new(format!("{} ({})", chip_name(*c), s.chips.count(holder, *c)))
                    .color(chip_colour(ui.visuals(), *c));
                if ui
                    .add(egui::Button::selectable(*chosen == Some(*c), text))
                    .accessible_name(format!("{what} {}", c.id()))
                    .clicked()
                {
                    *chosen = Some(*c);
                }
            }
        });
    }
    colours
}

/// Whether a chip of the attacker's owner may add a die to the damage just rolled.
fn extra_damage_open(rules: &Rules, s: &State) -> bool {
    let Some(attacker) = s.last_damage.as_ref().and_then(|l| l.attacker.as_ref()) else { return false };
    let holder = s.owner(attacker);
    ChipColour::ALL
        .into_iter()
        .any(|c| s.chips.count(&holder, c) > 0 && rules.chips.allows(c, ChipUse::ExtraDamage))
}

/// A red, blue or legendary chip adds a die to the damage just rolled. Whether it is offered.
fn extra_damage_ui(
    ui: &mut Ui,
    rules: &Rules,
    fight: &Fight<'_>,
    read_only: bool,
    state: &mut FightState,
    commands: &mut Vec<FightCommand>,
) -> bool {
    let s = &fight.state;
    if !extra_damage_open(rules, s) {
        return false;
    }
    let Some(attacker) = s.last_damage.as_ref().and_then(|l| l.attacker.as_ref()) else { return false };
    let holder = s.owner(attacker);
    let sides = rules.chips.extra_damage_die;
    ui.label(
        RichText::new(format!("Add a d{sides} to the damage ({} spends the chip)", holder.words())).strong(),
    );
    chip_choice(ui, rules, s, &holder, ChipUse::ExtraDamage, &mut state.extra_colour, "Add with");
    let Some(colour) = state.extra_colour else { return true };
    row(ui, |ui| {
        let label = crate::ui::widgets::row_label(ui, &format!("d{sides} total"));
        ui.add(
            egui::TextEdit::singleline(&mut state.extra_die)
                .desired_width(54.0)
                .font(egui::TextStyle::Heading),
        )
        .labelled_by(label.id)
        .accessible_name("Extra die total");
        let make = |roll: DieRoll| Event::SpendChip {
            holder: holder.clone(),
            chip: colour,
            purpose: Spend::ExtraDamage { roll },
        };
        // Always there, greyed until the total is a number, so Posse's roll beside it never
        // moves while a total is typed.
        if let Ok(total) = state.extra_die.trim().parse::<u32>() {
            event_button(
                ui,
                rules,
                fight,
                read_only,
                "Add the die",
                make(DieRoll::Typed { total }),
                commands,
            );
        } else {
            let greyed = ui.add_enabled(false, egui::Button::new("Add the die"));
            crate::ui::widgets::refused(ui, greyed, "Type the die's total first, or let Posse roll");
        }
        event_button(
            ui,
            rules,
            fight,
            read_only,
            "Add a die, Posse rolls",
            make(DieRoll::Seeded { seed: calc::fresh_seed() }),
            commands,
        );
    });
    true
}

/// A unit on hold cuts in: both roll Agility.
fn interrupt_ui(
    ui: &mut Ui,
    rules: &Rules,
    fight: &Fight<'_>,
    read_only: bool,
    acting: &str,
    state: &mut FightState,
    commands: &mut Vec<FightCommand>,
) {
    let s = &fight.state;
    let holders: Vec<&str> = s.on_hold().into_iter().filter(|h| *h != acting).collect();
    if holders.is_empty() {
        return;
    }
    ui.separator();
    let acting_name = s.unit(acting).map_or(acting.to_owned(), |u| u.combatant.name.clone());
    ui.label(
        RichText::new(format!("Interrupt {acting_name} from hold: succeed on Agility and beat their roll"))
            .strong(),
    );
    if state.holder.as_deref().is_none_or(|h| !holders.contains(&h)) {
        state.holder = holders.first().map(|h| (*h).to_owned());
    }
    ui.horizontal_wrapped(|ui| {
        for h in &holders {
            let name = s.unit(h).map_or((*h).to_owned(), |u| u.combatant.name.clone());
            if ui
                .add(egui::Button::selectable(state.holder.as_deref() == Some(*h), name.clone()))
                .accessible_name(format!("Interrupt with {name}"))
                .clicked()
            {
                state.holder = Some((*h).to_owned());
            }
        }
    });
    let Some(holder) = state.holder.clone() else { return };
    let agility = |unit: &str| {
        let u = s.unit(unit)?;
        let i = u.members.iter().position(crate::systems::savage::game::Member::is_active)?;
        s.trait_input(rules, &MemberRef::new(unit, u32::try_from(i).ok()?), "agility").ok()
    };
    let (Some(mine), Some(theirs)) = (agility(&holder), agility(acting)) else { return };
    let holder_name = s.unit(&holder).map_or(holder.clone(), |u| u.combatant.name.clone());
    state.holder_dice.ui_for(
        ui,
        "Interrupter",
        Some(&holder_name),
        mine.die,
        mine.wild.then(|| calc::wild_sides(rules)),
    );
    state.acting_dice.ui_for(
        ui,
        "Acting",
        Some(&acting_name),
        theirs.die,
        theirs.wild.then(|| calc::wild_sides(rules)),
    );
    let a = typed(rules, &state.holder_dice, &mine);
    let b = typed(rules, &state.acting_dice, &theirs);
    let event = |roll: TraitDice, against_roll: TraitDice| Event::Interrupt {
        unit: holder.clone(),
        against: acting.to_owned(),
        roll,
        against_roll,
    };
    row(ui, |ui| {
        if let (Ok(Some(x)), Ok(Some(y))) = (&a, &b) {
            event_button(ui, rules, fight, read_only, "Interrupt", event(x.clone(), y.clone()), commands);
        }
        let seeded = event(
            TraitDice::Seeded { seed: calc::fresh_seed() },
            TraitDice::Seeded { seed: calc::fresh_seed() },
        );
        event_button(ui, rules, fight, read_only, "Interrupt, Posse rolls both", seeded, commands);
    });
    let _ = why_not;
}

pub(super) fn capital(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
}
