//! Random legal events, for the property test (replay is exact, undo works, every card and
//! chip is in exactly one place) and for timing the log.
//!
//! Every choice comes from the seed passed in; every roll in the events it makes is seeded too.

use rand::RngExt as _;
use rand::rngs::StdRng;
use rand::seq::SliceRandom as _;

use crate::kernel::log::Rules as _;
use crate::systems::savage::rules::Rules;
use crate::systems::savage::rules::chips::ChipColour;
use crate::systems::savage::rules::damage::DamageRoll;
use crate::systems::savage::rules::fatigue::FatigueCause;
use crate::systems::savage::rules::situation::Situation;
use crate::systems::savage::rules::traits::TraitDice;

use super::{DieRoll, Event, Holder, MemberRef, Prompt, Savage, Spend, State};

fn seeded(rng: &mut StdRng) -> TraitDice {
    TraitDice::Seeded { seed: rng.random() }
}

fn members(state: &State, active_only: bool) -> Vec<MemberRef> {
    let mut list = Vec::new();
    for u in &state.units {
        for (i, m) in u.members.iter().enumerate() {
            if !active_only || m.is_active() {
                list.push(MemberRef::new(&u.id, u32::try_from(i).unwrap_or(0)));
            }
        }
    }
    list
}

/// The events of the turn in progress, or of the next turn.
fn turn_candidates(state: &State, rng: &mut StdRng, list: &mut Vec<Event>) {
    if let Some(top) = state.whose_turn() {
        let top = top.to_owned();
        let active = members(state, true);
        if let Some(target) = active.get(rng.random_range(0..active.len().max(1))) {
            let attacker = state.unit(&top).and_then(|u| u.members.iter().position(super::Member::is_active));
            if let Some(index) = attacker {
                list.push(Event::Attack {
                    attacker: MemberRef::new(&top, u32::try_from(index).unwrap_or(0)),
                    target: target.clone(),
                    skill: if rng.random_bool(0.5) { "fighting".into() } else { "shooting".into() },
                    range: Some("short".into()),
                    modifier: 0,
                    roll: seeded(rng),
                    situation: Situation::default(),
                    weapon: None,
                });
                // The attack panel's toggles too (some refused: a Wild Attack at range, a
                // fourth action).
                let melee = rng.random_bool(0.5);
                list.push(Event::Attack {
                    attacker: MemberRef::new(&top, u32::try_from(index).unwrap_or(0)),
                    target: target.clone(),
                    skill: if melee { "fighting".into() } else { "shooting".into() },
                    range: Some("medium".into()),
                    modifier: 0,
                    roll: seeded(rng),
                    situation: Situation {
                        actions: rng.random_range(0..=4),
                        gang_up: if melee { rng.random_range(0..=5) } else { 0 },
                        the_drop: rng.random_bool(0.3),
                        wild_attack: rng.random_bool(0.3),
                        aim: !melee && rng.random_bool(0.3),
                        cover: rng.random_bool(0.3).then(|| "heavy".to_owned()),
                        called_shot: rng.random_bool(0.3).then(|| "head".to_owned()),
                    },
                    weapon: state
                        .unit(&top)
                        .and_then(|u| u.combatant.weapons.first())
                        .filter(|_| rng.random_bool(0.5))
                        .map(|w| w.name.clone()),
                });
            }
            let weapon = state.unit(&top).and_then(|u| u.combatant.weapons.first()).map(|w| w.damage.clone());
            let roll = match weapon {
                Some(dice) if rng.random_bool(0.5) => {
                    DamageRoll::Seeded { dice, raise: rng.random_bool(0.3), seed: rng.random() }
                }
                _ => DamageRoll::Total { total: rng.random_range(0..24) },
            };
            list.push(Event::Damage {
                target: target.clone(),
                attacker: Some(top.clone()),
                roll,
                modifier: 0,
                nonlethal: rng.random_bool(0.1),
                situation: Situation { the_drop: rng.random_bool(0.2), ..Situation::default() },
                ap: rng.random_range(0..=2),
            });
        }
        for held in state.on_hold() {
            list.push(Event::Interrupt {
                unit: held.to_owned(),
                against: top.clone(),
                roll: seeded(rng),
                against_roll: seeded(rng),
            });
        }
        list.push(Event::EndTurn { unit: top.clone() });
        list.push(Event::EndTurn { unit: top.clone() });
        if rng.random_bool(0.2) {
            list.push(Event::Hold { unit: top });
        }
    } else {
        match state.next_up() {
            Some(next) => list.push(Event::BeginTurn { unit: next }),
            None => list.push(Event::Deal { typed: std::collections::BTreeMap::new() }),
        }
        for held in state.on_hold() {
            list.push(Event::BeginTurn { unit: held.to_owned() });
        }
    }
}

/// Events worth trying now (some may be refused).
fn candidates(state: &State, rng: &mut StdRng) -> Vec<Event> {
    let mut list = Vec::new();
    for p in state.prompts() {
        let target = p.target().clone();
        list.push(match p {
            Prompt::SpiritRoll(_) => Event::Recover { target, roll: seeded(rng), modifier: 0 },
            Prompt::Incapacitation(_) => Event::Incapacitation { target, roll: seeded(rng), modifier: 0 },
            Prompt::BleedingOut(_) => Event::BleedOut { target, roll: seeded(rng), modifier: 0 },
        });
        if let Prompt::SpiritRoll(t) = p {
            for colour in [ChipColour::White, ChipColour::Red, ChipColour::Blue] {
                list.push(Event::SpendChip {
                    holder: state.owner(&t.unit),
                    chip: colour,
                    purpose: Spend::Unshake { target: t.clone() },
                });
            }
        }
    }
    // A Spirit roll just made may be rerolled with a chip (the better stands).
    if let Some(last) = &state.last_recover {
        list.push(Event::SpendChip {
            holder: state.owner(&last.target.unit),
            chip: ChipColour::White,
            purpose: Spend::RerollRecover { roll: seeded(rng) },
        });
    }
    // An Incapacitation or Bleeding Out roll just made, too (S50).
    if let Some(last) = &state.last_vigor {
        list.push(Event::SpendChip {
            holder: state.owner(&last.target.unit),
            chip: ChipColour::White,
            purpose: Spend::RerollVigor { roll: seeded(rng) },
        });
    }
    // The Injury Table once an Incapacitation roll is made; a Healing roll by the one acting.
    for target in members(state, false) {
        let Some(m) = state.member(&target) else { continue };
        if m.injury.is_some() && m.injury_drawn.is_none() {
            list.push(Event::Injury {
                target: target.clone(),
                roll: crate::systems::savage::rules::injury::InjuryRoll::Seeded { seed: rng.random() },
            });
        }
        if m.bleeding_out
            && let Some(unit) = state.whose_turn()
        {
            list.push(Event::Heal {
                healer: MemberRef::new(unit, 0),
                target: target.clone(),
                roll: seeded(rng),
                modifier: 0,
            });
        }
    }
    for (holder, owed) in &state.chips.owed {
        if *owed > 0 {
            list.push(Event::DrawChips { holder: holder.clone(), count: (*owed).min(3), typed: None });
        }
    }
    if let Some(last) = &state.last_damage {
        let holder = state.owner(&last.target.unit);
        for colour in [ChipColour::White, ChipColour::Red, ChipColour::Blue, ChipColour::Legendary] {
            list.push(Event::SpendChip {
                holder: holder.clone(),
                chip: colour,
                purpose: Spend::Soak { roll: seeded(rng), modifier: 0 },
            });
        }
        if let Some(a) = &last.attacker {
            list.push(Event::SpendChip {
                holder: state.owner(a),
                chip: ChipColour::Red,
                purpose: Spend::ExtraDamage { roll: DieRoll::Seeded { seed: rng.random() } },
            });
        }
    }
    turn_candidates(state, rng, &mut list);
    for joker in state.joker_holders() {
        list.push(Event::BeginTurn { unit: joker.to_owned() });
    }
    if rng.random_bool(0.05) {
        let all = members(state, false);
        if let Some(target) = all.get(rng.random_range(0..all.len().max(1))) {
            list.push(Event::FatigueCheck {
                target: target.clone(),
                cause: FatigueCause::Thirst { short: rng.random_bool(0.5) },
                roll: seeded(rng),
                modifier: 0,
            });
            list.push(Event::Rest { target: target.clone(), levels: 1, slept: true });
        }
    }
    if rng.random_bool(0.02) {
        list.push(Event::AwardLegendary { holder: Holder::Marshal });
    }
    list
}

/// A random event the game accepts now, if any; `seed` decides every choice and roll.
#[must_use]
pub fn random_event(rules: &Rules, state: &State, seed: u64) -> Option<Event> {
    let mut rng = crate::systems::savage::rules::dice::rng(seed);
    let mut list = candidates(state, &mut rng);
    list.shuffle(&mut rng);
    let game = Savage::new(rules);
    list.into_iter().find(|e| game.apply(&mut state.clone(), e).is_ok())
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::kernel::sim::{random_game, replays_exactly};
    use crate::systems::savage::game::{Fight, UnitSetup};
    use crate::systems::savage::rules::embedded;
    use crate::systems::savage::rules::initiative::full_deck;

    fn setup(rules: &Rules, seed: u64) -> Event {
        let units = rules
            .bestiary
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let mut c = c.clone();
                if i == 2 {
                    c.player = None;
                }
                UnitSetup { id: format!("u{i}"), combatant: c }
            })
            .chain(["Ann", "Bob"].iter().map(|name| {
                let mut c = rules.bestiary.get(2).cloned().expect("a Wild Card in the bestiary");
                c.name = (*name).to_owned();
                c.player = Some((*name).to_owned());
                UnitSetup { id: name.to_ascii_lowercase(), combatant: c }
            }))
            .collect();
        Event::Setup {
            seed,
            players: vec!["Ann".into(), "Bob".into()],
            units,
            automation: crate::systems::savage::game::Automation::default(),
            edition: crate::systems::savage::game::EDITION,
        }
    }

    fn check_invariants(state: &State) {
        // Every card is in exactly one place.
        let mut cards: Vec<String> =
            state.deck.draw.iter().chain(&state.deck.discard).map(ToString::to_string).collect();
        for u in &state.units {
            cards.extend(u.drawn.iter().map(ToString::to_string));
        }
        let mut all: Vec<String> = full_deck().iter().map(ToString::to_string).collect();
        cards.sort();
        all.sort();
        assert_eq!(cards, all);
        // Every pot chip is in the pot or in a hand.
        for colour in [ChipColour::White, ChipColour::Red, ChipColour::Blue] {
            let held: u32 = state.chips.held.values().map(|h| h.get(&colour).copied().unwrap_or(0)).sum();
            let start = embedded().expect("data").chips.pot.get(&colour).copied().unwrap_or(0);
            assert_eq!(state.chips.pot.get(&colour).copied().unwrap_or(0) + held, start, "{colour}");
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]
        /// Random legal fights: every card and chip is always in exactly one place, the round
        /// is counted, and the fight replays exactly, every prefix kept included.
        #[test]
        fn random_fights_replay_exactly_and_undo(seed in any::<u64>()) {
            let rules = embedded().expect("data");
            let game = Savage::new(rules);
            let played = random_game::<Fight<'_>>(
                &game,
                &[setup(rules, seed)],
                seed,
                150,
                |fight, rng| random_event(rules, &fight.state, rng.random()),
                |fight| {
                    check_invariants(&fight.state);
                    Ok(())
                },
            )
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
            replays_exactly(&game, &played).map_err(|e| TestCaseError::fail(e.to_string()))?;
            let fight = &played.game;
            prop_assert!(fight.state.round >= 1 || fight.events.len() < 10);
        }
    }
}
