//! How each event changes the game. Called on a copy of the state by the log, so an event
//! refused half-way changes nothing.

use std::collections::BTreeSet;

use super::error::Error;
use super::event::{Attack, Event, InitiativeRoll, Respawn, Setup, TiebreakRoll};
use super::state::{Character, CharacterId, Phase, Player, PlayerId, Spent, State, Turn};
use crate::systems::fragmaster::rules::attack::{self, Assessment, Outcome, Refusal, Shot};
use crate::systems::fragmaster::rules::data::{ActionKind, Cover, Rules, Weapon, WeaponId};
use crate::systems::fragmaster::rules::deployment::{self, Placement};
use crate::systems::fragmaster::rules::dice::D6;
use crate::systems::fragmaster::rules::initiative;
use crate::systems::fragmaster::rules::scoring::FragKind;

/// Applies `event` to `state`.
pub(super) fn apply(rules: &Rules, s: &mut State, event: &Event) -> Result<(), Error> {
    if s.phase == Phase::Over {
        let winner = s.winner.map_or("someone", |p| s.player_name(p));
        return Err(Error::GameOver(winner.to_owned()));
    }
    match event {
        Event::Setup(setup) => set_up(rules, s, setup),
        Event::InitiativeRolls { rolls } => initiative_rolls(rules, s, rolls),
        Event::Tiebreaks { rolls } => tiebreaks(rules, s, rolls),
        Event::DeploymentRolls { character, rolls } => deployment_rolls(rules, s, *character, rolls),
        Event::Respawn { roll, keep_weapon } => respawn(rules, s, *roll, *keep_weapon),
        Event::Act { action, .. } => act(rules, s, *action),
        Event::Rearm { point } => rearm(rules, s, *point),
        Event::Attack(a) => attack(rules, s, a),
        Event::OutOfRange { target, weapon, distance_cm } => {
            out_of_range(rules, s, *target, weapon, *distance_cm)
        }
        Event::EndTurn => end_turn(s),
    }
}

fn expect_phase(s: &State, phase: Phase) -> Result<(), Error> {
    if s.phase == phase { Ok(()) } else { Err(Error::WrongPhase(s.phase.title())) }
}

/// Where a set-up the game accepts strays from what the book recommends, each as a sentence
/// for the form: one character per player (teams of 2–3 in a two-player game), and no more
/// than six players. The book allows both: "otherwise each player acts for each character on
/// its own", and more than six is "rather not recommended".
#[must_use]
pub fn advice(rules: &Rules, setup: &Setup) -> Vec<String> {
    let game = &rules.game;
    let mut out = Vec::new();
    let sizes: Vec<usize> = setup.players.iter().map(|p| p.characters.len()).collect();
    let team = (game.team_min as usize)..=(game.team_max as usize);
    let recommended = sizes.iter().all(|&n| n == 1)
        || (setup.players.len() == game.team_players as usize && sizes.iter().all(|n| team.contains(n)));
    if !recommended {
        out.push(format!(
            "The book recommends one character each, or teams of {} to {} in a two-player game; each \
             character still takes its own turn.",
            game.team_min, game.team_max
        ));
    }
    let most = game.unique_deployment_max as usize;
    if setup.players.len() > most {
        out.push(format!("More than {most} players is not recommended: the rounds get long."));
    }
    out
}

fn set_up(rules: &Rules, s: &mut State, setup: &Setup) -> Result<(), Error> {
    expect_phase(s, Phase::Setup)?;
    let game = &rules.game;
    if setup.players.len() < game.players_min as usize {
        return Err(Error::TooFewPlayers(game.players_min));
    }
    let mut players_seen = BTreeSet::new();
    let mut characters_seen = BTreeSet::new();
    for player in &setup.players {
        let name = player.name.trim();
        if name.is_empty() {
            return Err(Error::BlankName);
        }
        if !players_seen.insert(name.to_lowercase()) {
            return Err(Error::DuplicateName(name.to_owned()));
        }
        for character in &player.characters {
            let name = character.trim();
            if name.is_empty() {
                return Err(Error::BlankName);
            }
            if !characters_seen.insert(name.to_lowercase()) {
                return Err(Error::DuplicateName(name.to_owned()));
            }
        }
    }
    // One character each, or teams in a two-player game, is what the book recommends, not a
    // rule: any player may lead several characters, each acting on its own (`advice`).
    let sizes: Vec<usize> = setup.players.iter().map(|p| p.characters.len()).collect();
    if let Some(player) = setup.players.iter().find(|p| p.characters.is_empty()) {
        return Err(Error::NoCharacters(player.name.trim().to_owned()));
    }
    if setup.target == 0 {
        return Err(Error::BadTarget);
    }
    if game.layout(setup.respawn_points).is_none() {
        let counts: Vec<String> = game.respawn_layouts.iter().map(|l| l.count.to_string()).collect();
        return Err(Error::BadRespawnCount { count: setup.respawn_points, allowed: counts.join(" or ") });
    }
    let characters: usize = sizes.iter().sum();
    let neutral = !deployment::unique(game, characters);
    if neutral && setup.respawn_points != game.neutral_respawn_points {
        return Err(Error::NeutralNeedsPoints {
            max: game.unique_deployment_max,
            points: game.neutral_respawn_points,
        });
    }
    if let Some(unknown) = setup.rearm_points.iter().find(|w| rules.weapon(w.as_str()).is_none()) {
        return Err(Error::UnknownWeapon(unknown.to_string()));
    }
    for (p, player) in setup.players.iter().enumerate() {
        let mut ids = Vec::new();
        for name in &player.characters {
            ids.push(CharacterId(s.characters.len()));
            s.characters.push(Character {
                name: name.trim().to_owned(),
                player: PlayerId(p),
                initiative: None,
                tiebreaks: Vec::new(),
                deployment_rolls: Vec::new(),
                point: None,
                weapon: rules.starting_weapon.clone(),
                grenades: false,
                alive: true,
                taking_cover: false,
                deaths: 0,
                died_round: None,
            });
        }
        s.players.push(Player { name: player.name.trim().to_owned(), characters: ids, frags: 0 });
    }
    s.target = setup.target;
    s.respawn_points = setup.respawn_points;
    s.rearm_points.clone_from(&setup.rearm_points);
    s.has_neutral_round = neutral;
    s.respawn = setup.respawn;
    s.phase = Phase::Initiative;
    Ok(())
}

fn character_mut(s: &mut State, id: CharacterId) -> Result<&mut Character, Error> {
    s.characters.get_mut(id.0).ok_or(Error::NoCharacter(id.0))
}

fn initiative_rolls(rules: &Rules, s: &mut State, rolls: &[InitiativeRoll]) -> Result<(), Error> {
    expect_phase(s, Phase::Initiative)?;
    if rolls.is_empty() {
        return Err(Error::NoRolls);
    }
    let (min, max) = rules.game.initiative_range();
    for roll in rolls {
        let c = character_mut(s, roll.character)?;
        if c.initiative.is_some() {
            return Err(Error::AlreadyRolled(c.name.clone()));
        }
        if !(min..=max).contains(&roll.roll) {
            let dice = rules.game.initiative_dice;
            return Err(Error::BadInitiative { name: c.name.clone(), roll: roll.roll, dice, min, max });
        }
        c.initiative = Some(roll.roll);
    }
    settle_initiative(s);
    Ok(())
}

fn tiebreaks(rules: &Rules, s: &mut State, rolls: &[TiebreakRoll]) -> Result<(), Error> {
    expect_phase(s, Phase::Initiative)?;
    if rolls.is_empty() {
        return Err(Error::NoRolls);
    }
    if s.characters.iter().any(|c| c.initiative.is_none()) {
        return Err(Error::NotEveryoneRolled(rules.game.initiative_dice));
    }
    for roll in rolls {
        let waiting = s.initiative_standing().map(|st| st.waiting).unwrap_or_default();
        let c = character_mut(s, roll.character)?;
        if !waiting.contains(&roll.character) {
            return Err(Error::NotTied(c.name.clone()));
        }
        c.tiebreaks.push(roll.roll);
    }
    settle_initiative(s);
    Ok(())
}

/// Fixes the order and moves on to deployment once everyone has rolled and no tie is left.
fn settle_initiative(s: &mut State) {
    if s.characters.iter().any(|c| c.initiative.is_none()) {
        return;
    }
    if let Ok(standing) = initiative::standing(&s.initiative_entries())
        && standing.is_settled()
    {
        s.order = standing.order;
        s.phase = Phase::Deployment;
    }
}

fn deployment_rolls(rules: &Rules, s: &mut State, character: CharacterId, rolls: &[D6]) -> Result<(), Error> {
    expect_phase(s, Phase::Deployment)?;
    if rolls.is_empty() {
        return Err(Error::NoRolls);
    }
    let Some(deploying) = s.deploying() else { return Err(Error::WrongPhase(s.phase.title())) };
    if character != deploying {
        return Err(Error::NotDeploying {
            name: s.name(character).to_owned(),
            deploying: s.name(deploying).to_owned(),
        });
    }
    let Some(layout) = rules.game.layout(s.respawn_points) else {
        return Err(Error::BadRespawnCount { count: s.respawn_points, allowed: String::new() });
    };
    for &roll in rolls {
        let taken = s.taken_points(rules);
        let c = character_mut(s, character)?;
        if let Some(point) = c.point {
            return Err(Error::ExtraDeploymentRolls { name: c.name.clone(), point });
        }
        c.deployment_rolls.push(roll);
        if let Placement::Deployed(point) = deployment::place(layout, &taken, roll) {
            c.point = Some(point);
            s.deployed.push(point);
        }
    }
    if s.deploying().is_none() {
        s.phase = Phase::Playing;
        // The neutral round is round 0; the first full round is 1.
        s.round = u32::from(!s.has_neutral_round);
        start_turn(s, 0);
    }
    Ok(())
}

/// Begins the turn of the character at `index` in the order: its taking cover ends (F07).
fn start_turn(s: &mut State, index: usize) {
    let Some(&character) = s.order.get(index) else { return };
    let (round, rule) = (s.round, s.respawn);
    let mut respawn_due = false;
    if let Some(c) = s.characters.get_mut(character.0) {
        c.taking_cover = false;
        // Killed before its turn in this round, it sits the round out under the book's rule.
        respawn_due = !c.alive
            && match rule {
                Respawn::NextTurn => true,
                Respawn::NextRound => c.died_round.is_none_or(|died| died < round),
            };
    }
    // A turn that begins beside a rearm point may swap at once; a dead character first respawns.
    let rearm_open = !respawn_due && s.characters.get(character.0).is_some_and(|c| c.alive);
    s.turn = Some(Turn { character, index, spent: Vec::new(), aims: 0, rearm_open, respawn_due });
}

/// Why a dead character whose turn it is cannot act: it waits for the next round (the book's
/// respawn) or, killed during its own turn, for its next turn.
fn waiting_dead(s: &State, id: CharacterId) -> Error {
    let name = s.name(id).to_owned();
    let this_round = s.character(id).is_some_and(|c| c.died_round == Some(s.round));
    if this_round && s.respawn == Respawn::NextRound {
        Error::RespawnsNextRound { name, round: s.round + 1 }
    } else {
        Error::DeadCannotAct(name)
    }
}

/// The current turn, for an event the current character makes.
fn turn_mut(s: &mut State) -> Result<&mut Turn, Error> {
    let phase = s.phase;
    s.turn.as_mut().filter(|_| phase == Phase::Playing).ok_or(Error::WrongPhase(phase.title()))
}

/// Checks the current character may spend an action now.
fn ready_to_act(rules: &Rules, s: &State) -> Result<CharacterId, Error> {
    expect_phase(s, Phase::Playing)?;
    let Some(turn) = &s.turn else { return Err(Error::WrongPhase(s.phase.title())) };
    let name = s.name(turn.character).to_owned();
    if turn.respawn_due {
        return Err(Error::MustRespawn(name));
    }
    if !s.character(turn.character).is_some_and(|c| c.alive) {
        return Err(waiting_dead(s, turn.character));
    }
    if s.actions_left(rules) == 0 {
        return Err(Error::NoActionsLeft(name));
    }
    Ok(turn.character)
}

/// A respawn at the start of the turn, before anything else (reading F12).
fn respawn(rules: &Rules, s: &mut State, roll: D6, keep_weapon: bool) -> Result<(), Error> {
    let per_turn = s.actions_per_turn(rules);
    let Some(layout) = rules.game.layout(s.respawn_points) else {
        return Err(Error::BadRespawnCount { count: s.respawn_points, allowed: String::new() });
    };
    let point = deployment::respawn_point(layout, roll);
    let (id, due) = {
        let turn = turn_mut(s)?;
        (turn.character, turn.respawn_due)
    };
    if !due {
        if s.character(id).is_some_and(|c| !c.alive) {
            return Err(waiting_dead(s, id));
        }
        return Err(Error::NotDead(s.name(id).to_owned()));
    }
    let cost = rules.game.keep_weapon_actions;
    if keep_weapon && cost > per_turn {
        return Err(Error::CannotKeep { name: s.name(id).to_owned(), left: per_turn, cost });
    }
    let turn = turn_mut(s)?;
    turn.respawn_due = false;
    // Back on the table, it may stand beside a rearm point as a turn begins.
    turn.rearm_open = true;
    if keep_weapon {
        turn.spent.push(Spent::KeepWeapon);
    }
    let c = character_mut(s, id)?;
    c.alive = true;
    c.died_round = None;
    c.point = Some(point);
    if !keep_weapon {
        c.weapon = rules.starting_weapon.clone();
        c.grenades = false;
    }
    Ok(())
}

fn act(rules: &Rules, s: &mut State, action: ActionKind) -> Result<(), Error> {
    let id = ready_to_act(rules, s)?;
    if action == ActionKind::Attack {
        return Err(Error::AttackNeedsTarget);
    }
    if !s.allowed_actions(rules).contains(&action) {
        return Err(Error::NeutralRound);
    }
    let turn = turn_mut(s)?;
    turn.spent.push(Spent::Action(action));
    turn.rearm_open = matches!(action, ActionKind::Run | ActionKind::Climb);
    if action == ActionKind::Aim {
        turn.aims += 1;
    }
    if action == ActionKind::TakeCover {
        character_mut(s, id)?.taking_cover = true;
    }
    Ok(())
}

/// The free swap at the start of the turn or right after a move (reading F03).
fn rearm(rules: &Rules, s: &mut State, point: usize) -> Result<(), Error> {
    let turn = turn_mut(s)?;
    if !turn.rearm_open {
        return Err(Error::RearmAfterRun);
    }
    turn.rearm_open = false;
    let id = turn.character;
    let Some(weapon_id) = point.checked_sub(1).and_then(|i| s.rearm_points.get(i)).cloned() else {
        return Err(Error::NoRearmPoint(point));
    };
    let Some(weapon) = rules.weapon(weapon_id.as_str()) else {
        return Err(Error::UnknownWeapon(weapon_id.to_string()));
    };
    let c = character_mut(s, id)?;
    let already = if weapon.second_weapon { c.grenades } else { c.weapon == weapon.id };
    if already {
        return Err(Error::AlreadyCarries { name: c.name.clone(), weapon: weapon.lower_name() });
    }
    if weapon.second_weapon {
        c.grenades = true;
    } else {
        c.weapon = weapon.id.clone();
    }
    Ok(())
}

/// A death in an attack and what it was worth to the attacker's player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Death {
    pub victim: CharacterId,
    pub kind: FragKind,
    pub frags: i32,
}

/// Everything an attack did, worked out from the state before it.
#[derive(Clone, Debug, PartialEq)]
pub struct AttackReport {
    pub attacker: CharacterId,
    pub assessment: Assessment,
    pub shots: Vec<Shot>,
    /// Each character caught in the blast, its wound roll and what happened to it.
    pub blast: Vec<(CharacterId, D6, Outcome)>,
    /// In order: the target, then the blast's victims as listed.
    pub deaths: Vec<Death>,
}

/// Works out an attack by the current character without changing anything.
///
/// # Errors
/// When the attack is not possible or the rolls do not fit it.
pub fn resolve_attack(rules: &Rules, s: &State, a: &Attack) -> Result<AttackReport, Error> {
    let attacker = ready_to_act(rules, s)?;
    if s.is_neutral_round() {
        return Err(Error::NeutralRound);
    }
    let assessment = s.assess_attack(rules, &a.weapon, a.target, a.distance_cm, a.cover, a.other_level)?;
    let shots = attack::resolve(rules, &assessment, &a.hit_rolls, &a.wound_rolls)?;
    if !a.blast.is_empty() {
        let weapon = rules.weapon(a.weapon.as_str()).map(|w| (w.lower_name(), w.blast_cm));
        if let Some((name, None)) = weapon {
            return Err(Error::NoBlast(name));
        }
        if !attack::any_hit(&shots) {
            return Err(Error::BlastMissed);
        }
    }
    let mut blast = Vec::new();
    for (i, caught) in a.blast.iter().enumerate() {
        let Some(c) = s.character(caught.character) else {
            return Err(Error::NoCharacter(caught.character.0));
        };
        if caught.character == a.target {
            return Err(Error::BlastOnTarget(c.name.clone()));
        }
        if !c.alive {
            return Err(Error::Dead(c.name.clone()));
        }
        if a.blast[..i].iter().any(|b| b.character == caught.character) {
            return Err(Error::BlastTwice(c.name.clone()));
        }
        blast.push((
            caught.character,
            caught.wound_roll,
            attack::blast_wound(&assessment, caught.wound_roll),
        ));
    }
    let mut victims = Vec::new();
    if attack::killed(&shots) {
        victims.push(a.target);
    }
    victims.extend(blast.iter().filter(|(_, _, o)| *o == Outcome::Killed).map(|(id, _, _)| *id));
    let attacker_player = s.character(attacker).map(|c| c.player);
    let deaths = victims
        .into_iter()
        .map(|victim| {
            let same_team = s.character(victim).map(|c| c.player) == attacker_player;
            let kind = FragKind::of(victim == attacker, same_team);
            Death { victim, kind, frags: kind.value(&rules.game.frags) }
        })
        .collect();
    Ok(AttackReport { attacker, assessment, shots, blast, deaths })
}

fn attack(rules: &Rules, s: &mut State, a: &Attack) -> Result<(), Error> {
    let report = resolve_attack(rules, s, a)?;
    let turn = turn_mut(s)?;
    turn.spent.push(Spent::Action(ActionKind::Attack));
    turn.aims = 0;
    turn.rearm_open = false;
    let player = character_mut(s, report.attacker)?.player;
    let round = s.round;
    for death in &report.deaths {
        let victim = character_mut(s, death.victim)?;
        victim.alive = false;
        victim.died_round = Some(round);
        victim.taking_cover = false;
        victim.deaths += 1;
        if let Some(p) = s.players.get_mut(player.0) {
            p.frags += death.frags;
        }
    }
    // The frags of one attack count together: the win is checked once it is over (F11).
    if s.players.get(player.0).is_some_and(|p| i64::from(p.frags) >= i64::from(s.target)) {
        s.winner = Some(player);
        s.phase = Phase::Over;
    }
    Ok(())
}

/// The attack action found out of range: spent, with its aims (reading F06).
fn out_of_range(
    rules: &Rules,
    s: &mut State,
    target: CharacterId,
    weapon: &WeaponId,
    distance_cm: f64,
) -> Result<(), Error> {
    ready_to_act(rules, s)?;
    if s.is_neutral_round() {
        return Err(Error::NeutralRound);
    }
    match s.assess_attack(rules, weapon, target, distance_cm, Cover::None, false) {
        Err(Error::Refused(Refusal::OutOfRange { .. })) => {}
        Err(other) => return Err(other),
        Ok(_) => {
            let weapon = rules.weapon(weapon.as_str()).map_or_else(|| weapon.to_string(), Weapon::lower_name);
            return Err(Error::InRange { name: s.name(target).to_owned(), weapon });
        }
    }
    let turn = turn_mut(s)?;
    turn.spent.push(Spent::Action(ActionKind::Attack));
    turn.aims = 0;
    turn.rearm_open = false;
    Ok(())
}

fn end_turn(s: &mut State) -> Result<(), Error> {
    let turn = turn_mut(s)?;
    let (index, id, due) = (turn.index, turn.character, turn.respawn_due);
    if due {
        return Err(Error::MustRespawn(s.name(id).to_owned()));
    }
    let next = index + 1;
    if next >= s.order.len() {
        s.round += 1;
        start_turn(s, 0);
    } else {
        start_turn(s, next);
    }
    Ok(())
}
