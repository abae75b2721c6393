//! Random events for the property test (and later a crash test or a benchmark): a plausible
//! next event for any state, drawn from a seeded generator the caller owns. Many are refused
//! by the rules: [`next_event`] draws until the rules accept one, for the kernel's driver
//! (`kernel::sim::random_game`).

use super::event::{Attack, Event, Play, Shootout, Take, Target, WeaponCard, WeaponUse};
use super::state::{Phase, Stage, State};
use crate::kernel::log::Rules as _;
use crate::systems::frag::rules::{Deck, Rulebook};
use rand::RngExt as _;
use rand::rngs::StdRng;

fn faces(rng: &mut StdRng, n: u32) -> Vec<u8> {
    (0..n).map(|_| rng.random_range(1..=6)).collect()
}

/// The second rolls of the 1s in `dice`, when the roller rerolls them.
fn rerolls(rng: &mut StdRng, dice: &[u8], rerolls_ones: bool) -> Vec<u8> {
    let ones = crate::systems::frag::rules::combat::ones(dice);
    if rerolls_ones { (0..ones).map(|_| rng.random_range(1..=6)).collect() } else { Vec::new() }
}

fn seat(rng: &mut StdRng, s: &State) -> usize {
    rng.random_range(0..s.players.len().max(1))
}

/// How many plausible events [`next_event`] draws before it gives up (the game is over, or
/// stuck where the sim has nothing to offer).
const TRIES: usize = 200;

/// A random event the rules accept now, or `None` when none of `TRIES` plausible ones is.
#[must_use]
pub fn next_event(book: &Rulebook, s: &State, rng: &mut StdRng) -> Option<Event> {
    (0..TRIES).map(|_| random_event(book, s, rng)).find(|e| book.apply(&mut s.clone(), e).is_ok())
}

/// A random event that fits the state more often than not.
#[must_use]
pub fn random_event(book: &Rulebook, s: &State, rng: &mut StdRng) -> Event {
    match &s.stage {
        Stage::Setup | Stage::Over => return Event::EndTurn,
        Stage::Poker => return Event::DealPoker { seed: rng.random_range(0..1000) },
        Stage::TieBreak { tied } => {
            let n = u32::try_from(tied.len()).unwrap_or(0);
            return Event::TieRoll { rolls: faces(rng, n) };
        }
        Stage::Playing => {}
    }
    if let Some(bumped) = s.pending_bump {
        return Event::Bump { player: bumped, square: rng.random_range(1..=6) };
    }
    if let Some(wait) = &s.cure {
        return if rng.random_bool(0.5) {
            Event::NoCure { player: wait.seat }
        } else {
            Event::SpendBlood { player: wait.seat }
        };
    }
    let (Some(turn), Some(current)) = (s.turn.as_ref(), s.current_player()) else { return Event::EndTurn };
    let Some(me) = s.players.get(current) else { return Event::EndTurn };
    match turn.phase {
        Phase::Respawn => {
            if rng.random_range(0..4) == 0 {
                Event::StartDraw { roll: rng.random_range(1..=6) }
            } else {
                let square = rng.random_bool(0.8).then(|| rng.random_range(1..=6));
                Event::Respawn { square }
            }
        }
        Phase::Movement => Event::RollMovement { dice: faces(rng, me.fighter.speed), extra_dice: 0 },
        Phase::Tile => Event::PlaceTile { tile: Some("Tile".into()), zombies: rng.random_range(0..12) },
        Phase::ZombiesAttack => match rng.random_range(0..4) {
            0 => Event::ZombiesAdjacent { count: rng.random_range(0..4) },
            1 => Event::Discard { player: current, count: 1 },
            2 => Event::EndTurn,
            _ => {
                let defence = faces(rng, me.health);
                let defence_rerolls = rerolls(rng, &defence, s.defence_rerolls_ones(book, current));
                Event::ZombieAttack {
                    damage: faces(rng, 2),
                    defence,
                    defence_rerolls,
                    defence_bonus_dice: 0,
                    cure: rng.random_bool(0.3),
                }
            }
        },
        Phase::Actions => action(book, s, rng, current),
    }
}

fn action(book: &Rulebook, s: &State, rng: &mut StdRng, current: usize) -> Event {
    let target = seat(rng, s);
    match rng.random_range(0..20) {
        0 | 1 => Event::Move { squares: rng.random_range(1..4), jump: rng.random_bool(0.2) },
        2 => Event::PowerUp {
            square: format!("P{}", rng.random_range(0..4)),
            deck: if rng.random_bool(0.5) { Deck::Weapons } else { Deck::Gadgets },
            roll: rng.random_range(1..=6),
        },
        3..=6 => {
            let target = if rng.random_bool(0.3) { Target::Zombie } else { Target::Player(target) };
            let weapon = match rng.random_range(0..3) {
                0 => WeaponUse::Starting,
                1 => WeaponUse::InPlay { name: "Rifle".into() },
                _ => WeaponUse::New(WeaponCard { name: "Rifle".into(), dice: 3, extra: 0, ammo: Some(2) }),
            };
            attack_event(book, s, rng, current, target, weapon, false)
        }
        7 => Event::HoldAttack,
        8 => {
            let holder = seat(rng, s);
            let speed = |p: usize| s.players.get(p).map_or(0, |p| p.fighter.speed);
            Event::Shootout(Box::new(Shootout {
                holder,
                holder_dice: faces(rng, speed(holder)),
                holder_card: "QH".parse().unwrap_or(crate::systems::frag::rules::poker::PokerCard::Joker),
                mover_dice: faces(rng, speed(current)),
                mover_card: "7C".parse().unwrap_or(crate::systems::frag::rules::poker::PokerCard::Joker),
                main_street: rng.random_bool(0.5),
            }))
        }
        9 => {
            let holder = seat(rng, s);
            attack_event(book, s, rng, holder, Target::Player(current), WeaponUse::Starting, true)
        }
        10 => Event::Draw { player: target, deck: Deck::Gadgets, count: rng.random_range(1..3) },
        11 => Event::Discard { player: current, count: 1 },
        12 => Event::Play {
            player: current,
            card: match rng.random_range(0..3) {
                0 => Play::Armour { name: "Light Armor".into(), bonus: 1 },
                1 => Play::Heal { name: "Medkit".into(), amount: 2, beyond_max: false },
                _ => Play::Weapon(WeaponCard { name: "Rifle".into(), dice: 3, extra: 1, ammo: Some(3) }),
            },
            on: None,
        },
        13 => Event::PickUp {
            player: current,
            pile: rng.random_range(0..s.next_pile.max(1)),
            take: if rng.random_bool(0.5) { Take::Blood } else { Take::Card { name: "Rifle".into() } },
        },
        14 => Event::SpendBlood { player: current },
        15 => Event::ZombieFrags { player: current, count: rng.random_range(1..8) },
        16 => Event::ZombiesMove { roll: rng.random_range(1..=6) },
        17 => Event::Hazard {
            hazard: "acid".into(),
            check: Vec::new(),
            damage: faces(rng, 2),
            defence: faces(rng, s.players.get(current).map_or(0, |p| p.health)),
            defence_bonus_dice: 0,
            cure: false,
        },
        _ => Event::EndTurn,
    }
}

fn attack_event(
    book: &Rulebook,
    s: &State,
    rng: &mut StdRng,
    attacker: usize,
    target: Target,
    weapon: WeaponUse,
    held: bool,
) -> Event {
    let Ok(inputs) = s.attack_inputs(book, attacker, target, &weapon, 0) else { return Event::EndTurn };
    let range = rng.random_range(1..8);
    let to_hit = faces(rng, inputs.hit_dice);
    let to_hit_rerolls = rerolls(rng, &to_hit, inputs.rerolls.attack);
    let standing =
        crate::systems::frag::rules::combat::rerolled(&to_hit, &to_hit_rerolls).unwrap_or_default();
    let hit = standing.iter().map(|&d| u32::from(d)).sum::<u32>() >= range;
    let (damage, defence) = if hit {
        (faces(rng, inputs.damage_dice), faces(rng, inputs.defence_dice))
    } else {
        (Vec::new(), Vec::new())
    };
    Event::Attack(Box::new(Attack {
        attacker,
        target,
        weapon,
        range,
        hit_bonus_dice: 0,
        to_hit,
        damage_bonus_dice: 0,
        extra: 0,
        gallows: rng.random_bool(0.5).then(|| rng.random_range(1..=5)),
        held,
        to_hit_rerolls,
        damage_rerolls: rerolls(rng, &damage, inputs.rerolls.attack),
        defence_rerolls: rerolls(rng, &defence, inputs.rerolls.defence),
        defence_bonus_dice: 0,
        damage,
        defence,
        cure: rng.random_bool(0.3),
    }))
}
