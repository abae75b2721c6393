//! Random legal play, for the property tests, the crash test and the benchmarks: the same
//! choices a table might make, drawn from a number. The property tests play it through the
//! kernel's driver (`kernel::sim::random_game`), which plays [`Game`] as it plays every
//! system's `Log`.

use super::hands::{Effect, Whose};
use super::{Action, EDITION, Event, Fire, Game, ModelRef, Phase, Setup, SideSetup};
use crate::systems::dmh::rules::Rules;
use crate::systems::dmh::rules::cards::{Card, Colour};
use crate::systems::dmh::rules::data::AbilityId;
use crate::systems::dmh::rules::data::{DeckKind, Role};
use crate::systems::dmh::rules::gang::GangFile;

const LAWMEN: &str = include_str!("../../../../tests/fixtures/lawmen-21.json");
const OUTLAWS: &str = include_str!("../../../../tests/fixtures/outlaws-21.json");
const COWBOYS: &str = include_str!("../../../../tests/fixtures/cowboys-21.json");
const DESPERADOS: &str = include_str!("../../../../tests/fixtures/desperados-21.json");

/// Showdown with the fixture Lawmen (good, red) against the fixture Outlaws (bad, black).
#[must_use]
pub fn showdown_setup(seed: u64) -> Setup {
    pair_setup(seed, LAWMEN, OUTLAWS)
}

/// Showdown between one of two pairs of fixture gangs, by the seed's parity: Lawmen against
/// Outlaws, or Cowboys against Desperados, so every gang's abilities are played.
#[must_use]
pub fn any_setup(seed: u64) -> Setup {
    if seed.is_multiple_of(2) {
        pair_setup(seed, LAWMEN, OUTLAWS)
    } else {
        pair_setup(seed, COWBOYS, DESPERADOS)
    }
}

fn pair_setup(seed: u64, good: &str, bad: &str) -> Setup {
    let side = |json: &str, role| SideSetup {
        gang: serde_json::from_str::<GangFile>(json).unwrap_or_default(),
        role,
        deck: DeckKind::Full,
        numbers: if role == Role::Good { Colour::Red } else { Colour::Black },
        hand: 5,
        reshuffle: true,
    };
    Setup {
        seed,
        scene: Some("showdown".into()),
        sides: [side(good, Role::Good), side(bad, Role::Bad)],
        edition: EDITION,
    }
}

/// Picks a legal next event from `choice`, the way players at a table might.
#[must_use]
pub fn next_event(rules: &Rules, game: &Game, choice: u64) -> Option<Event> {
    pick_event(rules, game, choice, false)
}

/// [`next_event`] for a game that never ends: a side due a Big Nerve test always has a fallen
/// model brought back first (the benchmarks need games of ten thousand events).
#[must_use]
pub fn next_event_endless(rules: &Rules, game: &Game, choice: u64) -> Option<Event> {
    pick_event(rules, game, choice, true)
}

fn pick_event(rules: &Rules, game: &Game, choice: u64, endless: bool) -> Option<Event> {
    let pick = |n: usize, shift: u32| usize::try_from((choice >> shift) % n.max(1) as u64).unwrap_or(0);
    if let Some(p) = &game.pending {
        // Trump when the side holds a card of the same value (most times), else settle.
        let side = p.next_to_trump();
        let trump = game.sides[side].hand.iter().find(|c| c.value() == p.value());
        return Some(match trump {
            Some(&card) if pick(3, 4) != 0 => Event::Trump { side, card },
            _ => Event::Settle,
        });
    }
    match game.phase {
        Phase::Over => None,
        Phase::Duel => Some(duel_event(rules, game, choice)),
        Phase::Initiative => Some(Event::DealInitiative {
            face_up: [Some(pick(game.sides[0].models.len(), 0)), Some(pick(game.sides[1].models.len(), 8))],
            cards: None,
        }),
        Phase::Activations => Some(activation_event(rules, game, choice)),
        Phase::EndOfTurn => {
            // Test each side that must, once per turn; most times a correction by hand brings a
            // fallen model back first, which keeps long simulated games (benchmarks) going.
            if let Some(&side) = game.big_nerve_pending(rules).first() {
                let fallen = game.sides[side].models.iter().position(|m| m.out_of_action);
                if let (Some(model), true) = (fallen, endless || pick(8, 40) != 0) {
                    return Some(Event::SetMarker {
                        model: ModelRef { side, model },
                        marker: super::Marker::UnderFire(0),
                    });
                }
                return Some(Event::BigNerve { side, roll: 10 - u32::try_from(pick(4, 0)).unwrap_or(0) });
            }
            // The Lawmen's And Justice For All takes a marker off the worst-hit model.
            for side in 0..game.sides.len() {
                let worst = game.sides[side].models.iter().position(|m| m.under_fire > 0 && !m.out_of_action);
                if let Some(model) = worst
                    && game.ability_refusal(rules, side, AbilityId::AndJusticeForAll).is_none()
                {
                    return Some(Event::UseAbility {
                        side,
                        ability: AbilityId::AndJusticeForAll,
                        targets: vec![ModelRef { side, model }],
                        card: None,
                    });
                }
            }
            // Now and then a side that used no card swaps one from its hand.
            let side = pick(2, 8);
            let s = &game.sides[side];
            if pick(4, 16) == 0 && !s.used_card && !s.hand.is_empty() {
                return Some(Event::DiscardToDraw { side, card: s.hand[pick(s.hand.len(), 24)] });
            }
            Some(Event::NextTurn)
        }
    }
}

/// A roll-off between `a` and `b` with modifiers and rolls drawn from `choice`.
fn fight_event(a: ModelRef, b: ModelRef, choice: u64) -> Event {
    let part = |shift: u32, n: u64| u32::try_from((choice >> shift) % n).unwrap_or(0);
    Event::Fight {
        a,
        b,
        a_modifier: i32::try_from(part(36, 4)).unwrap_or(0) - 1,
        b_modifier: i32::try_from(part(44, 4)).unwrap_or(0) - 1,
        // Close rolls (4 to 7), so simulated fights wear models down rather than end games.
        a_roll: part(52, 4) + 4,
        b_roll: part(58, 4) + 4,
    }
}

/// A legal event while models act: a declaration and the actions it declared (moves, shots
/// with duck backs, quick shots, reloads, recoveries, charges), fights, tests, corrections,
/// cards and abilities, or the end of an activation.
fn activation_event(rules: &Rules, game: &Game, choice: u64) -> Event {
    let pick = |n: usize, shift: u32| usize::try_from((choice >> shift) % n.max(1) as u64).unwrap_or(0);
    let Ok(order) = game.order() else {
        return if pick(2, 2) == 0 {
            Event::TieDraw { cards: None }
        } else {
            Event::TiePriority { side: pick(2, 0) }
        };
    };
    let Some(&current) = order.first() else { return Event::EndTurn };
    let end = Event::EndActivation { model: current, moves: 0 };
    // A second initiative card waits for its choice.
    for (side, x) in game.sides.iter().enumerate() {
        if let Some(model) = x.models.iter().position(|m| m.second.is_some()) {
            return Event::KeepCard { model: ModelRef { side, model }, keep_second: pick(2, 20) == 0 };
        }
    }
    // A nerve test a shot called for is taken (or skipped under Crazy as a Loon) first.
    if let Some(&model) = game.nerve_due.first() {
        let roll = u32::try_from(pick(10, 16)).unwrap_or(0) + 1;
        return if game.crazy_as_a_loon(model.side) {
            Event::SkipNerve { model }
        } else {
            Event::Nerve { model, needed: 4, roll, to_shoot: None }
        };
    }
    let enemy = 1 - current.side;
    let targets: Vec<ModelRef> = (0..game.sides[enemy].models.len())
        .map(|model| ModelRef { side: enemy, model })
        .filter(|r| {
            let m = &game.sides[enemy].models[r.model];
            !m.out_of_action && m.on_table() && game.fight_of(*r).is_none()
        })
        .collect();
    let target = targets.get(pick(targets.len(), 32)).copied();
    let me = &game.sides[current.side].models[current.model];
    // Now and then something outside the declaration: a card, an ability, a correction, a
    // second card.
    match pick(16, 44) {
        0 if !game.sides[current.side].hand.is_empty() => {
            let hand = &game.sides[current.side].hand;
            let event = play_event(game, current.side, hand[pick(hand.len(), 48)], choice);
            if game.allows(rules, &event) {
                return event;
            }
        }
        1 => {
            let event = ability_event(rules, game, current, choice);
            if game.allows(rules, &event) {
                return event;
            }
        }
        2 => {
            // A correction by hand: the worst-hit model's markers set back to none (how a
            // table fixes a mistake; it also keeps long simulated games going).
            let side = pick(2, 32);
            let model = (0..game.sides[side].models.len())
                .max_by_key(|&m| {
                    let x = &game.sides[side].models[m];
                    (x.out_of_action, x.under_fire)
                })
                .unwrap_or(0);
            return Event::SetMarker { model: ModelRef { side, model }, marker: super::Marker::UnderFire(0) };
        }
        3 if me.card.is_some() && !game.sides[current.side].deck.is_empty() && game.activation.is_none() => {
            return Event::ExtraCard { model: current, card: None };
        }
        _ => {}
    }
    let Some(activation) = game.activation_of(current) else {
        if let Some(fight) = game.fight_of(current).copied() {
            // Locked in a fight: roll on once a turn, or break off (the higher card may not
            // pass, line 190).
            if fight.rolled == game.turn {
                return end;
            }
            let break_off = Event::Declare { model: current, actions: vec![Action::Move, Action::Move] };
            let roll_on = fight_event(current, fight.opponent(current), choice);
            let tries = if pick(3, 24) == 0 { [break_off, roll_on] } else { [roll_on, break_off] };
            return tries.into_iter().find(|e| game.allows(rules, e)).unwrap_or(end);
        }
        let declare = Event::Declare { model: current, actions: declaration(choice) };
        return if game.allows(rules, &declare) {
            declare
        } else {
            let simple =
                Event::Declare { model: current, actions: vec![[Action::Move, Action::Shoot][pick(2, 12)]] };
            if game.allows(rules, &simple) { simple } else { end }
        };
    };
    step_event(rules, game, current, activation, target, choice)
}

/// The next declared action of `current`, carried out (or given up when the table cannot).
fn step_event(
    rules: &Rules,
    game: &Game,
    current: ModelRef,
    activation: &super::Activation,
    target: Option<ModelRef>,
    choice: u64,
) -> Event {
    let pick = |n: usize, shift: u32| usize::try_from((choice >> shift) % n.max(1) as u64).unwrap_or(0);
    let end = Event::EndActivation { model: current, moves: 0 };
    let enemy = 1 - current.side;
    let me = &game.sides[current.side].models[current.model];
    let roll = u32::try_from(pick(20, 16)).unwrap_or(0) + 1;
    let skip = Event::SkipAction { model: current };
    let event = match activation.next() {
        None => end.clone(),
        Some(Action::Move) if game.fight_of(current).is_some() => Event::BreakOff { model: current },
        Some(Action::Move) => match target {
            Some(t) if pick(8, 24) == 0 => fight_event(current, t, choice),
            _ => Event::Move { model: current, halted: pick(4, 28) == 0 },
        },
        Some(Action::Shoot) => {
            let Some(t) = target else { return skip.clone() };
            let weapon = Some(me.in_hand().to_owned());
            let modifier = i32::try_from(pick(9, 40)).unwrap_or(0) - 4;
            let quick = game.quick_shooters(rules, enemy);
            match quick.get(pick(quick.len().max(1) * 3, 52)) {
                Some(&by) => Event::QuickShot {
                    quick: Fire {
                        shooter: by,
                        target: current,
                        modifier,
                        roll: 21 - roll,
                        weapon: game.quick_weapon(rules, by),
                    },
                    answer: Some(Fire { shooter: current, target: t, modifier, roll, weapon }),
                },
                None => Event::Shot {
                    shooter: current,
                    target: t,
                    modifier,
                    roll,
                    weapon,
                    duck_back: pick(5, 28) == 0,
                },
            }
        }
        Some(Action::Reload) => Event::Reload { model: current },
        Some(Action::ChangeWeapon) => {
            let other = me.weapons.iter().find(|w| w.as_str() != me.in_hand());
            match other {
                Some(w) => Event::ChangeWeapon { model: current, weapon: w.clone() },
                None => skip.clone(),
            }
        }
        Some(Action::Recover) => Event::Recover { model: current },
        Some(Action::Aim) => skip.clone(),
    };
    if game.allows(rules, &event) {
        event
    } else if game.allows(rules, &skip) {
        skip
    } else {
        end
    }
}

/// A declaration drawn from `choice`: one to three actions.
fn declaration(choice: u64) -> Vec<Action> {
    let menu = [
        vec![Action::Move, Action::Shoot],
        vec![Action::Aim, Action::Shoot],
        vec![Action::Shoot, Action::Shoot],
        vec![Action::Move, Action::Move],
        vec![Action::Move, Action::Shoot, Action::Shoot],
        vec![Action::Recover, Action::Shoot],
        vec![Action::Reload, Action::Shoot],
        vec![Action::ChangeWeapon, Action::Shoot],
        vec![Action::Move, Action::Aim, Action::Shoot],
        vec![Action::Shoot, Action::Shoot, Action::Shoot],
        vec![Action::Move],
        vec![Action::Recover, Action::Recover],
    ];
    menu[usize::try_from((choice >> 8) % menu.len() as u64).unwrap_or(0)].clone()
}

/// Plays `card` from `side`'s hand with targets it can take, or straight to the discard pile
/// when the table offers none.
fn play_event(game: &Game, side: usize, card: Card, choice: u64) -> Event {
    let Some(effect) = Effect::of(card) else {
        // A reminder card; the Hostage names its own model (the engine refuses otherwise).
        let mine = (0..game.sides[side].models.len()).find(|&m| !game.sides[side].models[m].out_of_action);
        let with = mine.map(|model| vec![ModelRef { side, model }]).unwrap_or_default();
        let hostage = Event::Play { side, card, targets: with };
        return if choice.is_multiple_of(2) {
            hostage
        } else {
            Event::Play { side, card, targets: Vec::new() }
        };
    };
    let swaps = matches!(effect, Effect::SoddenByWhiskey | Effect::RedJoker);
    let candidates = |s: usize| -> Vec<ModelRef> {
        (0..game.sides[s].models.len())
            .map(|model| ModelRef { side: s, model })
            .filter(|r| {
                let m = &game.sides[s].models[r.model];
                !m.out_of_action && (!swaps || (m.card.is_some() && !m.activated))
            })
            .collect()
    };
    let (own, enemy) = (candidates(side), candidates(1 - side));
    if effect == Effect::YellowBelly {
        return match game.nerve_due.iter().find(|t| t.side != side) {
            Some(&t) => Event::Play { side, card, targets: vec![t] },
            None => Event::PlayCard { side, card },
        };
    }
    let mut targets = Vec::new();
    for (i, whose) in effect.targets().iter().enumerate() {
        let pool = if *whose == Whose::Own { &own } else { &enemy };
        let free: Vec<&ModelRef> = pool.iter().filter(|r| !targets.contains(*r)).collect();
        let shift = u32::try_from(8 * i).unwrap_or(0) % 56;
        match free.get(usize::try_from((choice >> shift) % free.len().max(1) as u64).unwrap_or(0)) {
            Some(r) => targets.push(**r),
            // The Red Joker makes fewer swaps when a side runs short; others go unplayed.
            None if effect == Effect::RedJoker && targets.len() >= 2 => {
                targets.truncate(targets.len() / 2 * 2);
                break;
            }
            None => return Event::PlayCard { side, card },
        }
    }
    Event::Play { side, card, targets }
}

/// A gang ability of `current`'s side that may be used now, if the draw finds one.
fn ability_event(rules: &Rules, game: &Game, current: ModelRef, choice: u64) -> Event {
    let end = Event::EndActivation { model: current, moves: 0 };
    let side = current.side;
    let Some(gang) = rules.gang(&game.sides[side].gang) else { return end };
    let ids: Vec<AbilityId> = gang.abilities.iter().map(|a| a.id).collect();
    let Some(&id) = ids.get(usize::try_from((choice >> 36) % ids.len().max(1) as u64).unwrap_or(0)) else {
        return end;
    };
    if game.ability_refusal(rules, side, id).is_some() {
        return end;
    }
    let me = &game.sides[side].models[current.model];
    let ready = me.card.is_some_and(|c| game.sides[side].owns.contains(&c)) && !me.activated;
    let (targets, card) = match id {
        AbilityId::Cheatin if ready && !game.sides[side].hand.is_empty() => {
            (vec![current], game.sides[side].hand.first().copied())
        }
        AbilityId::SeeHowTheCatJumps if ready && !game.sides[side].deck.is_empty() => (vec![current], None),
        AbilityId::AHogKillinTime => (vec![current], None),
        AbilityId::CrazyAsALoon | AbilityId::AboveSnakes => (Vec::new(), None),
        _ => return end,
    };
    Event::UseAbility { side, ability: id, targets, card }
}

/// The next step of the Duel: a round, a player hitting or standing, or the round's shots.
fn duel_event(rules: &Rules, game: &Game, choice: u64) -> Event {
    let roll = u32::try_from(choice % 20).unwrap_or(0) + 1;
    if let Some(side) = game.duel_to_decide() {
        let total = game.duel.as_ref().map_or(0, |d| super::duel::total(&d.hands[side]));
        return Event::DuelDecide {
            side,
            stand: total >= 12 && !(choice >> 8).is_multiple_of(3),
            card: None,
        };
    }
    let due = game.duel_shots_due(rules);
    if !due.is_empty() {
        return Event::DuelFire { shots: due.iter().map(|(s, _)| (*s, roll)).collect() };
    }
    if let Some(&model) = game.nerve_due.first() {
        return Event::Nerve { model, needed: 4, roll: roll.min(10), to_shoot: None };
    }
    Event::DuelRound { cards: None }
}
