//! Random legal events from a seed: for the property test, and for crash tests and
//! benchmarks later. Pure and seeded, like everything else in the game.

use rand::rngs::StdRng;
use rand::{RngExt as _, SeedableRng as _};

use super::event::{Attack, BlastTarget, Event, InitiativeRoll, PlayerSetup, Respawn, Setup, TiebreakRoll};
use super::state::{Phase, State};
use crate::systems::fragmaster::rules::data::{ActionKind, Cover, Rules};
use crate::systems::fragmaster::rules::deployment::{self, Placement};
use crate::systems::fragmaster::rules::dice::D6;

fn d6(rng: &mut StdRng) -> D6 {
    D6::nearest(rng.random_range(1..=6))
}

/// A random legal set-up: a two-player team game or two to eight players with one character
/// each, a low frag target so that games end, and a few rearm points.
#[must_use]
pub fn setup(rules: &Rules, seed: u64) -> Setup {
    let mut rng = StdRng::seed_from_u64(seed);
    let names = ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal"];
    let players: Vec<PlayerSetup> = if rng.random_bool(0.3) {
        let size = rng.random_range(rules.game.team_min as usize..=rules.game.team_max as usize);
        vec![
            PlayerSetup {
                name: "Red".into(),
                characters: names[..size].iter().map(|&n| n.to_owned()).collect(),
            },
            PlayerSetup {
                name: "Blue".into(),
                characters: names[4..4 + size].iter().map(|&n| n.to_owned()).collect(),
            },
        ]
    } else {
        let n = rng.random_range(2..=names.len());
        names[..n]
            .iter()
            .map(|&n| PlayerSetup { name: n.to_owned(), characters: vec![n.to_owned()] })
            .collect()
    };
    let characters: usize = players.iter().map(|p| p.characters.len()).sum();
    let respawn_points = if deployment::unique(&rules.game, characters) && rng.random_bool(0.5) {
        3
    } else {
        rules.game.neutral_respawn_points
    };
    let rearm_points = (0..rng.random_range(0..=3))
        .map(|_| rules.weapons[rng.random_range(0..rules.weapons.len())].id.clone())
        .collect();
    let respawn = if rng.random_bool(0.5) { Respawn::NextRound } else { Respawn::NextTurn };
    Setup { players, target: rng.random_range(2..=4), respawn_points, rearm_points, respawn }
}

/// A random event the game accepts now, or `None` before set-up and after the end.
#[must_use]
pub fn next_event(rules: &Rules, state: &State, seed: u64) -> Option<Event> {
    let mut rng = StdRng::seed_from_u64(seed);
    match state.phase {
        Phase::Setup | Phase::Over => None,
        Phase::Initiative => Some(initiative(state, &mut rng)),
        Phase::Deployment => deploy(rules, state, &mut rng),
        Phase::Playing => Some(play(rules, state, &mut rng)),
    }
}

fn initiative(state: &State, rng: &mut StdRng) -> Event {
    let waiting = state.initiative_waiting();
    if state.characters.iter().any(|c| c.initiative.is_none()) {
        // Totals close together, so that ties happen.
        let rolls =
            waiting.iter().map(|&character| InitiativeRoll { character, roll: rng.random_range(10..=11) });
        return Event::InitiativeRolls { rolls: rolls.collect() };
    }
    // Low faces, so that ties repeat.
    let low = |rng: &mut StdRng| D6::nearest(rng.random_range(1..=2));
    Event::Tiebreaks {
        rolls: waiting.iter().map(|&character| TiebreakRoll { character, roll: low(rng) }).collect(),
    }
}

fn deploy(rules: &Rules, state: &State, rng: &mut StdRng) -> Option<Event> {
    let character = state.deploying()?;
    let layout = rules.game.layout(state.respawn_points)?;
    let taken = state.taken_points(rules);
    let mut rolls = Vec::new();
    // Stop after a few rolls now and then, to leave a character still to place.
    for _ in 0..rng.random_range(1..=12) {
        let roll = d6(rng);
        rolls.push(roll);
        if matches!(deployment::place(layout, &taken, roll), Placement::Deployed(_)) {
            break;
        }
    }
    Some(Event::DeploymentRolls { character, rolls })
}

fn play(rules: &Rules, state: &State, rng: &mut StdRng) -> Event {
    if state.respawn_due() {
        let keep = rules.game.keep_weapon_actions <= state.actions_per_turn(rules) && rng.random_bool(0.5);
        return Event::Respawn { roll: d6(rng), keep_weapon: keep };
    }
    let offers = state.rearm_offers(rules);
    if !offers.is_empty() && rng.random_bool(0.5) {
        return Event::Rearm { point: offers[rng.random_range(0..offers.len())].point };
    }
    let actions: Vec<ActionKind> =
        state.allowed_actions(rules).into_iter().filter(|&a| a != ActionKind::Attack).collect();
    let attacks = state.attack_options(rules);
    if let Some(option) = attacks.first()
        && rng.random_bool(0.05)
        && let Some(weapon) = rules.weapon(option.weapon.as_str())
    {
        let target = option.targets[rng.random_range(0..option.targets.len())];
        return Event::OutOfRange { target, weapon: weapon.id.clone(), distance_cm: weapon.range_cm + 0.5 };
    }
    if !attacks.is_empty()
        && rng.random_bool(0.6)
        && let Some(event) = random_attack(rules, state, rng, &attacks)
    {
        return event;
    }
    if actions.is_empty() || rng.random_bool(0.1) {
        return Event::EndTurn;
    }
    let action = actions[rng.random_range(0..actions.len())];
    let note = (action == ActionKind::Other).then(|| "opens a door".to_owned());
    Event::Act { action, note }
}

fn random_attack(
    rules: &Rules,
    state: &State,
    rng: &mut StdRng,
    options: &[super::state::AttackOption],
) -> Option<Event> {
    let option = &options[rng.random_range(0..options.len())];
    let weapon = rules.weapon(option.weapon.as_str())?;
    let target = option.targets[rng.random_range(0..option.targets.len())];
    let distance_cm = f64::from(rng.random_range(0..=10_u32)) / 10.0 * weapon.range_cm;
    let cover = match rng.random_range(0..3) {
        0 => Cover::None,
        1 => Cover::Decent,
        _ if weapon.round_corners => Cover::Full,
        _ => Cover::None,
    };
    let other_level = !weapon.melee && rng.random_bool(0.2);
    let a = state.assess_attack(rules, &weapon.id, target, distance_cm, cover, other_level).ok()?;
    let hit_rolls: Vec<D6> = (0..a.shots).map(|_| d6(rng)).collect();
    let hits = hit_rolls.iter().filter(|r| r.makes(a.hit_needed)).count();
    let wound_rolls: Vec<D6> = (0..hits).map(|_| d6(rng)).collect();
    let mut blast = Vec::new();
    if let (Some(radius), true) = (weapon.blast_cm, hits > 0) {
        for character in state.blast_candidates(target, distance_cm, radius) {
            if rng.random_bool(0.3) {
                blast.push(BlastTarget { character, wound_roll: d6(rng) });
            }
        }
    }
    Some(Event::Attack(Attack {
        target,
        weapon: weapon.id.clone(),
        distance_cm,
        cover,
        other_level,
        hit_rolls,
        wound_rolls,
        blast,
    }))
}
