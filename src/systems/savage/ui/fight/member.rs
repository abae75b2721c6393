//! One combatant's own panel (the one clicked last in the action order): its condition, any
//! trait roll with its exact odds (penalties and the Joker applied), the fatigue rolls of
//! thirst and lack of sleep, rest, and the Marshal's corrections, one event per click.

use egui::{RichText, Ui};

use super::turn::{capital, input_parts};
use super::{FightCommand, FightState, event_button};
use crate::systems::savage::game::{Event, Fight, Member, MemberRef, Status};
use crate::systems::savage::rules::Rules;
use crate::systems::savage::rules::combatant::ATTRIBUTES;
use crate::systems::savage::rules::damage::Incapacitation;
use crate::systems::savage::rules::fatigue::{self, FatigueCause};
use crate::systems::savage::rules::injury::{self, InjuryRoll};
use crate::systems::savage::rules::traits::{self, TraitDice, TraitRoll};
use crate::systems::savage::ui::calc::{self, modifiers_ui, number_stepper, rolled_ui, trait_odds_ui};
use crate::ui::theme;
use crate::ui::widgets::{reason_line, row, stepper};

pub(super) fn member_ui(
    ui: &mut Ui,
    rules: &Rules,
    fight: &Fight<'_>,
    read_only: bool,
    state: &mut FightState,
    commands: &mut Vec<FightCommand>,
) {
    let v = ui.visuals().clone();
    let s = &fight.state;
    let Some(target) = state.selected.clone() else {
        ui.label("Click a combatant in the action order.");
        return;
    };
    let (Some(unit), Some(m)) = (s.unit(&target.unit), s.member(&target)) else { return };
    ui.label(theme::heading(&v, s.name(&target)));
    ui.label(RichText::new(format!(
        "{} · Parry {} · Toughness {}",
        super::order::condition(rules, m),
        unit.combatant.parry(rules),
        unit.combatant.toughness(rules)
    )));
    if let Some(injury) = m.injury {
        ui.label(format!("Incapacitation roll made: {}", injury.id().replace('_', " ")));
        injury_ui(ui, rules, fight, read_only, &target, state, commands);
    }
    if m.bleeding_out {
        heal_ui(ui, rules, fight, read_only, &target, state, commands);
    }
    trait_check(ui, rules, fight, &target, state);
    ui.separator();
    fatigue_ui(ui, rules, fight, read_only, &target, state, commands);
    ui.separator();
    corrections(ui, rules, fight, read_only, &target, commands);
}

/// S48: the Injury Table once the Incapacitation roll has left a lasting injury: the 2d6 total
/// and the d6 typed, or drawn by Posse; then the injury drawn.
fn injury_ui(
    ui: &mut Ui,
    rules: &Rules,
    fight: &Fight<'_>,
    read_only: bool,
    target: &MemberRef,
    state: &mut FightState,
    commands: &mut Vec<FightCommand>,
) {
    let Some(m) = fight.state.member(target) else { return };
    if let Some(drawn) = &m.injury_drawn {
        ui.label(RichText::new(format!("Injury: {}", drawn.words())).strong());
        return;
    }
    if m.injury == Some(Incapacitation::Dead) {
        return;
    }
    row(ui, |ui| {
        let label = ui.label("Injury Table: 2d6");
        ui.add(egui::TextEdit::singleline(&mut state.injury_roll).desired_width(40.0)).labelled_by(label.id);
        let label = ui.label("d6");
        ui.add(egui::TextEdit::singleline(&mut state.injury_sub).desired_width(40.0)).labelled_by(label.id);
    });
    let typed = typed_injury(rules, &state.injury_roll, &state.injury_sub);
    // What is wrong with the dice typed, under the fields in a line kept for it.
    reason_line(ui, typed.as_ref().err().map(String::as_str));
    row(ui, |ui| {
        match typed.ok().flatten() {
            Some(roll) => {
                let event = Event::Injury { target: target.clone(), roll };
                event_button(ui, rules, fight, read_only, "Draw the injury", event, commands);
            }
            None => {
                ui.add_enabled(false, egui::Button::new("Draw the injury")).on_disabled_hover_text(
                    "Type the 2d6 total, and the d6 for an arm, the guts or the head.",
                );
            }
        }
        let seeded =
            Event::Injury { target: target.clone(), roll: InjuryRoll::Seeded { seed: calc::fresh_seed() } };
        event_button(ui, rules, fight, read_only, "Draw the injury, Posse rolls", seeded, commands);
    });
}

/// The Injury Table's dice as typed: `None` while the 2d6 is empty, or a sentence saying
/// what is wrong (the table's own rules say which totals it reads).
fn typed_injury(rules: &Rules, roll: &str, sub: &str) -> Result<Option<InjuryRoll>, String> {
    let (roll, sub) = (roll.trim(), sub.trim());
    if roll.is_empty() {
        return if sub.is_empty() { Ok(None) } else { Err("Type the 2d6 total too.".to_owned()) };
    }
    let number = |t: &str, what: &str| {
        t.parse::<u32>().map_err(|_| format!("'{t}' is not a number: type the {what} as the dice show it."))
    };
    let roll = number(roll, "2d6 total")?;
    let sub = if sub.is_empty() { None } else { Some(number(sub, "d6")?) };
    let typed = InjuryRoll::Typed { roll, sub };
    injury::draw(rules, &typed).map(|_| Some(typed)).map_err(|e| crate::ui::sentence(&e.to_string()))
}

/// S49: a Healing roll by the member acting now to stop this one Bleeding Out, at the
/// patient's wound penalty.
fn heal_ui(
    ui: &mut Ui,
    rules: &Rules,
    fight: &Fight<'_>,
    read_only: bool,
    target: &MemberRef,
    state: &mut FightState,
    commands: &mut Vec<FightCommand>,
) {
    let v = ui.visuals().clone();
    let s = &fight.state;
    ui.label(RichText::new("Healing roll: stop the bleeding").strong().color(theme::accent(&v)));
    let Some(unit) = s.whose_turn() else {
        ui.label("In a turn, the one acting may roll Healing.");
        return;
    };
    // The member of the acting unit chosen on the turn panel, else its first one still active.
    let index = s
        .unit(unit)
        .and_then(|u| {
            let chosen = u.member(state.actor).filter(|m| m.is_active()).map(|_| state.actor);
            chosen
                .or_else(|| u.members.iter().position(Member::is_active).and_then(|i| u32::try_from(i).ok()))
        })
        .unwrap_or(0);
    let healer = MemberRef::new(unit, index);
    let (Ok(input), Some(p)) = (s.trait_input(rules, &healer, "healing"), s.member(target)) else { return };
    let patient = s.penalties(rules, p).0;
    number_stepper(ui, "Healing modifier", &mut state.heal_modifier, -10, 10);
    let mut parts = input_parts(&input);
    parts.push(("Patient's wounds", patient));
    parts.push(("Other", state.heal_modifier));
    let modifier = modifiers_ui(ui, &parts);
    let roll = TraitRoll { die: input.die, wild: input.wild, modifier, tn: rules.core.traits.target_number };
    let odds = traits::odds(rules, &roll);
    ui.label(format!(
        "{} rolls Healing {}: stops the bleeding {}",
        s.name(&healer),
        input.die,
        crate::ui::widgets::percent(odds.at_least_success())
    ));
    state.heal_dice.ui(ui, "Healing", input.die, input.wild.then(|| calc::wild_sides(rules)));
    let dice = state.heal_dice.dice(input.die, input.wild.then(|| calc::wild_sides(rules)));
    let make = |roll: TraitDice| Event::Heal {
        healer: healer.clone(),
        target: target.clone(),
        roll,
        modifier: state.heal_modifier,
    };
    row(ui, |ui| {
        match &dice {
            Ok(Some(d)) => {
                event_button(ui, rules, fight, read_only, "Healing roll", make(d.clone()), commands);
            }
            _ => {
                ui.add_enabled(false, egui::Button::new("Healing roll"))
                    .on_disabled_hover_text("Type the dice first.");
            }
        }
        let seeded = make(TraitDice::Seeded { seed: calc::fresh_seed() });
        event_button(ui, rules, fight, read_only, "Healing roll, Posse rolls", seeded, commands);
    });
}

/// Any trait roll of this combatant, worked out and read, not recorded.
fn trait_check(ui: &mut Ui, rules: &Rules, fight: &Fight<'_>, target: &MemberRef, state: &mut FightState) {
    let v = ui.visuals().clone();
    let s = &fight.state;
    let Some(unit) = s.unit(&target.unit) else { return };
    ui.label(RichText::new("Trait roll").strong().color(theme::accent(&v)));
    let mut names: Vec<String> = ATTRIBUTES.iter().map(|a| (*a).to_owned()).collect();
    names.extend(unit.combatant.skills.keys().cloned());
    if !names.contains(&state.check_trait) {
        "spirit".clone_into(&mut state.check_trait);
    }
    if state.check_tn == 0 {
        state.check_tn = rules.core.traits.target_number;
    }
    ui.horizontal_wrapped(|ui| {
        for name in &names {
            if ui
                .add(egui::Button::selectable(state.check_trait == *name, capital(name)))
                .accessible_name(format!("Roll {}", capital(name)))
                .clicked()
            {
                state.check_trait.clone_from(name);
                state.check_rolled = None;
            }
        }
    });
    number_stepper(ui, "Target number", &mut state.check_tn, -10, 40);
    number_stepper(ui, "Check modifier", &mut state.check_modifier, -10, 10);
    let Ok(input) = s.trait_input(rules, target, &state.check_trait) else { return };
    let mut parts = input_parts(&input);
    parts.push(("Other", state.check_modifier));
    let modifier = modifiers_ui(ui, &parts);
    let roll = TraitRoll { die: input.die, wild: input.wild, modifier, tn: state.check_tn };
    ui.label(
        RichText::new(format!("{} {} against {}", capital(&state.check_trait), input.die, state.check_tn))
            .strong(),
    );
    trait_odds_ui(ui, &traits::odds(rules, &roll), input.wild);
    state.check_dice.ui(ui, "Check", input.die, input.wild.then(|| calc::wild_sides(rules)));
    if ui.button("Roll for me").clicked() {
        state.check_rolled =
            traits::roll_dice(rules, &roll, &TraitDice::Seeded { seed: calc::fresh_seed() }).ok();
        state.check_dice.clear();
    }
    match state.check_dice.dice(input.die, input.wild.then(|| calc::wild_sides(rules))) {
        Ok(Some(d)) => {
            if let Ok(r) = traits::roll_dice(rules, &roll, &d) {
                rolled_ui(ui, &r, input.die);
            }
        }
        Ok(None) => {
            if let Some(r) = &state.check_rolled {
                rolled_ui(ui, r, input.die);
            }
        }
        // Said beside the fields.
        Err(_) => {}
    }
}

fn fatigue_ui(
    ui: &mut Ui,
    rules: &Rules,
    fight: &Fight<'_>,
    read_only: bool,
    target: &MemberRef,
    state: &mut FightState,
    commands: &mut Vec<FightCommand>,
) {
    let v = ui.visuals().clone();
    let s = &fight.state;
    ui.label(RichText::new("Thirst and lack of sleep").strong().color(theme::accent(&v)));
    row(ui, |ui| {
        ui.selectable_value(&mut state.thirst, false, "Lack of sleep");
        ui.selectable_value(&mut state.thirst, true, "Thirst");
    });
    let cause = if state.thirst {
        ui.checkbox(&mut state.short_of_water, "Less than half the water needed");
        FatigueCause::Thirst { short: state.short_of_water }
    } else {
        ui.checkbox(&mut state.coffee, "Coffee (or a strong soda)");
        FatigueCause::Sleep { check: s.next_sleep_check(target), coffee: state.coffee }
    };
    let Ok(input) = s.trait_input(rules, target, "vigor") else { return };
    let cause_modifier = fatigue::check_modifier(rules, cause);
    let label = match cause {
        FatigueCause::Sleep { check, .. } => format!("Roll {check} without sleep"),
        FatigueCause::Thirst { .. } => "Thirst".to_owned(),
    };
    let mut parts = input_parts(&input);
    parts.push((label.as_str(), cause_modifier));
    let modifier = modifiers_ui(ui, &parts);
    let odds = traits::odds(
        rules,
        &TraitRoll { die: input.die, wild: input.wild, modifier, tn: rules.core.traits.target_number },
    );
    ui.label(format!(
        "Vigor {}: holds up {} · a level of fatigue {}",
        input.die,
        crate::ui::widgets::percent(odds.at_least_success()),
        crate::ui::widgets::percent(1.0 - odds.at_least_success())
    ));
    state.fatigue_dice.ui(ui, "Fatigue", input.die, input.wild.then(|| calc::wild_sides(rules)));
    let dice = state.fatigue_dice.dice(input.die, input.wild.then(|| calc::wild_sides(rules)));
    let make = |roll: TraitDice| Event::FatigueCheck { target: target.clone(), cause, roll, modifier: 0 };
    row(ui, |ui| {
        if let Ok(Some(d)) = &dice {
            event_button(ui, rules, fight, read_only, "Fatigue roll", make(d.clone()), commands);
        }
        event_button(
            ui,
            rules,
            fight,
            read_only,
            "Fatigue roll, Posse rolls",
            make(TraitDice::Seeded { seed: calc::fresh_seed() }),
            commands,
        );
    });
    if state.rest_levels == 0 {
        state.rest_levels = 1;
    }
    row(ui, |ui| {
        stepper(ui, "Levels recovered", &mut state.rest_levels, 1, 3);
        ui.checkbox(&mut state.slept, "Slept");
    });
    let rest = Event::Rest { target: target.clone(), levels: state.rest_levels, slept: state.slept };
    event_button(ui, rules, fight, read_only, "Recover fatigue", rest, commands);
}

/// The Marshal's corrections: each button one event.
fn corrections(
    ui: &mut Ui,
    rules: &Rules,
    fight: &Fight<'_>,
    read_only: bool,
    target: &MemberRef,
    commands: &mut Vec<FightCommand>,
) {
    let v = ui.visuals().clone();
    let s = &fight.state;
    let Some(m) = s.member(target) else { return };
    ui.label(RichText::new("Corrections").strong().color(theme::accent(&v)));
    let adjust = |shaken, wounds, fatigue, status, bleeding_out| Event::Adjust {
        target: target.clone(),
        shaken,
        wounds,
        fatigue,
        status,
        bleeding_out,
    };
    ui.horizontal_wrapped(|ui| {
        let shaken = if m.shaken { "Not Shaken" } else { "Shaken" };
        event_button(
            ui,
            rules,
            fight,
            read_only,
            format!("Set {shaken}"),
            adjust(Some(!m.shaken), None, None, None, None),
            commands,
        );
        if m.wounds > 0 {
            event_button(
                ui,
                rules,
                fight,
                read_only,
                "One wound less",
                adjust(None, Some(m.wounds - 1), None, None, None),
                commands,
            );
        }
        if m.wounds < rules.core.wounds.wild_card_wounds {
            event_button(
                ui,
                rules,
                fight,
                read_only,
                "One wound more",
                adjust(None, Some(m.wounds + 1), None, None, None),
                commands,
            );
        }
        if m.fatigue > 0 {
            event_button(
                ui,
                rules,
                fight,
                read_only,
                "One fatigue less",
                adjust(None, None, Some(m.fatigue - 1), None, None),
                commands,
            );
        }
        let bleeding = if m.bleeding_out { "Stop the bleeding" } else { "Bleeding Out" };
        event_button(
            ui,
            rules,
            fight,
            read_only,
            bleeding,
            adjust(None, None, None, None, Some(!m.bleeding_out)),
            commands,
        );
    });
    ui.horizontal_wrapped(|ui| {
        ui.label("Status:");
        for status in [Status::Active, Status::Out, Status::Incapacitated, Status::Unconscious, Status::Dead]
        {
            if status == m.status {
                continue;
            }
            event_button(
                ui,
                rules,
                fight,
                read_only,
                format!("Set {}", status.words()),
                adjust(None, None, None, Some(status), None),
                commands,
            );
        }
    });
}
