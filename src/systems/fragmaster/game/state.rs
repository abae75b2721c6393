//! The state of a Fragmaster game at the table, and the questions screens ask of it.
//!
//! Screens never decide rules: whose turn it is, which actions remain, what may be attacked
//! and with what odds, who may respawn or rearm, and the scoreboard all come from here.

use serde::{Deserialize, Serialize};

use super::error::Error;
use super::event::Respawn;
use crate::systems::fragmaster::rules::attack::{self, Assessment, AttackInput};
use crate::systems::fragmaster::rules::data::{ActionKind, Cover, Rules, Weapon, WeaponId};
use crate::systems::fragmaster::rules::deployment;
use crate::systems::fragmaster::rules::dice::D6;
use crate::systems::fragmaster::rules::initiative::{self, Entry, Standing};

/// A character, numbered from 0 in set-up order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct CharacterId(pub usize);

/// A player, numbered from 0 in set-up order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PlayerId(pub usize);

/// Where the game is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Nothing yet: the first event sets the game up.
    #[default]
    Setup,
    /// Every character rolls 3d6; ties roll a d6.
    Initiative,
    /// In initiative order, each character's respawn point by a d6.
    Deployment,
    /// Rounds of turns in initiative order.
    Playing,
    /// Someone reached the frag target.
    Over,
}

impl Phase {
    /// The phase inside a sentence: "that cannot be done during deployment".
    #[must_use]
    pub fn title(self) -> &'static str {
        match self {
            Phase::Setup => "set-up",
            Phase::Initiative => "initiative",
            Phase::Deployment => "deployment",
            Phase::Playing => "the rounds",
            Phase::Over => "the end of the game",
        }
    }
}

/// A figure on the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Character {
    pub name: String,
    pub player: PlayerId,
    /// The 3d6 total, once rolled.
    pub initiative: Option<u32>,
    /// Tiebreak d6s, in the order rolled.
    pub tiebreaks: Vec<D6>,
    /// The d6s rolled to deploy it, re-rolls included.
    pub deployment_rolls: Vec<D6>,
    /// The respawn point it last appeared on (deployment or respawn).
    pub point: Option<u8>,
    /// The one weapon it holds.
    pub weapon: WeaponId,
    /// Grenades, carried as a second weapon.
    pub grenades: bool,
    pub alive: bool,
    /// It took cover: +1 to hit it until the start of its next turn.
    pub taking_cover: bool,
    /// Times it died.
    pub deaths: u32,
    /// The round it last died in, while it is dead.
    pub died_round: Option<u32>,
}

/// A person at the table and the characters it moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    pub name: String,
    pub characters: Vec<CharacterId>,
    pub frags: i32,
}

/// What one action pip of the turn was spent on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Spent {
    Action(ActionKind),
    /// Keeping the weapon on respawn (counts as two actions).
    KeepWeapon,
}

/// The turn being played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    pub character: CharacterId,
    /// Its place in the initiative order.
    pub index: usize,
    /// The actions spent so far, in order.
    pub spent: Vec<Spent>,
    /// Aims waiting for the next attack of this turn.
    pub aims: u32,
    /// A rearm swap is offered: the turn has just begun, or the last action was a move (a run
    /// or a climb), so the character may stand within reach of a rearm point (reading F03).
    pub rearm_open: bool,
    /// The character began the turn dead and must respawn before anything else.
    pub respawn_due: bool,
}

/// A game at the table.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct State {
    pub phase: Phase,
    pub players: Vec<Player>,
    pub characters: Vec<Character>,
    /// Frags to win.
    pub target: u32,
    /// Respawn points on the table (3 or 6).
    pub respawn_points: u8,
    /// The weapon at each rearm point, point 1 first.
    pub rearm_points: Vec<WeaponId>,
    /// Initiative order, once settled: the order of every round.
    pub order: Vec<CharacterId>,
    /// The points used for deployment, in deployment order.
    pub deployed: Vec<u8>,
    /// More than six characters: the game opens with a neutral round.
    pub has_neutral_round: bool,
    /// The round: 0 is the neutral round, the first full round is 1.
    pub round: u32,
    pub turn: Option<Turn>,
    pub winner: Option<PlayerId>,
    /// When a killed character comes back.
    pub respawn: Respawn,
}

/// The attacks a character may choose from: each weapon it carries, and who is there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AttackOption {
    pub weapon: WeaponId,
    /// Living characters other than the attacker.
    pub targets: Vec<CharacterId>,
}

/// A swap the current character may make after its run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RearmOffer {
    /// The rearm point, numbered from 1.
    pub point: usize,
    pub weapon: WeaponId,
}

/// One line of the scoreboard.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ScoreLine {
    pub player: PlayerId,
    pub name: String,
    pub frags: i32,
    pub characters: Vec<CharacterId>,
}

impl State {
    /// A character by id.
    #[must_use]
    pub fn character(&self, id: CharacterId) -> Option<&Character> {
        self.characters.get(id.0)
    }

    /// A character's name, or `?` for an id that does not exist.
    #[must_use]
    pub fn name(&self, id: CharacterId) -> &str {
        self.character(id).map_or("?", |c| c.name.as_str())
    }

    /// A player's name, or `?`.
    #[must_use]
    pub fn player_name(&self, id: PlayerId) -> &str {
        self.players.get(id.0).map_or("?", |p| p.name.as_str())
    }

    /// Whether a player leads several characters (a two-player team game).
    #[must_use]
    pub fn is_team_game(&self) -> bool {
        self.players.iter().any(|p| p.characters.len() > 1)
    }

    /// The character whose turn it is.
    #[must_use]
    pub fn current(&self) -> Option<CharacterId> {
        self.turn.as_ref().filter(|_| self.phase == Phase::Playing).map(|t| t.character)
    }

    /// Whether this is the neutral round (two movement actions each).
    #[must_use]
    pub fn is_neutral_round(&self) -> bool {
        self.has_neutral_round && self.round == 0
    }

    /// Actions each character has this round.
    #[must_use]
    pub fn actions_per_turn(&self, rules: &Rules) -> u32 {
        if self.is_neutral_round() { rules.game.neutral_actions } else { rules.actions_per_turn }
    }

    /// Actions the current character has left (0 when dead or waiting to respawn).
    #[must_use]
    pub fn actions_left(&self, rules: &Rules) -> u32 {
        let Some(turn) = self.turn.as_ref().filter(|_| self.phase == Phase::Playing) else { return 0 };
        if turn.respawn_due || !self.character(turn.character).is_some_and(|c| c.alive) {
            return 0;
        }
        self.actions_per_turn(rules).saturating_sub(spent_actions(rules, &turn.spent))
    }

    /// Whether the current character is dead and must respawn before anything else.
    #[must_use]
    pub fn respawn_due(&self) -> bool {
        self.phase == Phase::Playing && self.turn.as_ref().is_some_and(|t| t.respawn_due)
    }

    /// The actions the current character may take now (an attack also needs a target: see
    /// [`State::attack_options`]).
    #[must_use]
    pub fn allowed_actions(&self, rules: &Rules) -> Vec<ActionKind> {
        if self.actions_left(rules) == 0 {
            return Vec::new();
        }
        rules
            .actions
            .iter()
            .filter(|a| !self.is_neutral_round() || a.class == rules.game.neutral_class)
            .map(|a| a.kind)
            .collect()
    }

    /// The weapons the current character may attack with and the characters it may attack;
    /// empty when it may not attack now.
    #[must_use]
    pub fn attack_options(&self, rules: &Rules) -> Vec<AttackOption> {
        let Some(attacker) = self.current() else { return Vec::new() };
        if !self.allowed_actions(rules).contains(&ActionKind::Attack) {
            return Vec::new();
        }
        let targets: Vec<CharacterId> = self.living().filter(|&id| id != attacker).collect();
        if targets.is_empty() {
            return Vec::new();
        }
        self.carried(rules, attacker)
            .into_iter()
            .map(|w| AttackOption { weapon: w.id.clone(), targets: targets.clone() })
            .collect()
    }

    /// The weapons a character carries: its weapon, then grenades if it has them.
    #[must_use]
    pub fn carried<'r>(&self, rules: &'r Rules, id: CharacterId) -> Vec<&'r Weapon> {
        let Some(c) = self.character(id) else { return Vec::new() };
        let mut out: Vec<&Weapon> = rules.weapon(c.weapon.as_str()).into_iter().collect();
        if c.grenades {
            out.extend(rules.weapons.iter().filter(|w| w.second_weapon && w.id != c.weapon));
        }
        out
    }

    /// The attack panel's numbers for the current character attacking `target` with `weapon`:
    /// aims and the target's taking cover come from the game.
    ///
    /// # Errors
    /// When the attack is not possible, with the reason.
    pub fn assess_attack(
        &self,
        rules: &Rules,
        weapon: &WeaponId,
        target: CharacterId,
        distance_cm: f64,
        cover: Cover,
        other_level: bool,
    ) -> Result<Assessment, Error> {
        let Some(turn) = self.turn.as_ref().filter(|_| self.phase == Phase::Playing) else {
            return Err(Error::WrongPhase(self.phase.title()));
        };
        let attacker = turn.character;
        let Some(weapon) = rules.weapon(weapon.as_str()) else {
            return Err(Error::UnknownWeapon(weapon.to_string()));
        };
        if !self.carried(rules, attacker).iter().any(|w| w.id == weapon.id) {
            return Err(Error::NotCarried {
                name: self.name(attacker).to_owned(),
                weapon: weapon.lower_name(),
            });
        }
        let Some(t) = self.character(target) else { return Err(Error::NoCharacter(target.0)) };
        if target == attacker {
            return Err(Error::AttackSelf(t.name.clone()));
        }
        if !t.alive {
            return Err(Error::Dead(t.name.clone()));
        }
        let input = AttackInput {
            weapon,
            distance_cm,
            aims: turn.aims,
            cover,
            taking_cover: t.taking_cover,
            other_level,
        };
        Ok(attack::assess(rules, &input)?)
    }

    /// Who a blast of `radius_cm` around `target` may also catch: every other living
    /// character, the attacker too unless it stands farther from the target (`distance_cm`,
    /// as measured for the attack) than the blast reaches.
    #[must_use]
    pub fn blast_candidates(
        &self,
        target: CharacterId,
        distance_cm: f64,
        radius_cm: f64,
    ) -> Vec<CharacterId> {
        let attacker = self.current().filter(|_| distance_cm > radius_cm);
        self.living().filter(|&id| id != target && Some(id) != attacker).collect()
    }

    /// Whether the dead character `id` is offered to keep what it carried when it respawns:
    /// not when it carried only the starting weapon, which it gets back anyway.
    #[must_use]
    pub fn keep_weapon_offered(&self, rules: &Rules, id: CharacterId) -> bool {
        self.character(id).is_some_and(|c| c.grenades || c.weapon != rules.starting_weapon)
    }

    /// The swaps the current character may make now (right after a run): each rearm point
    /// whose weapon it does not already carry.
    #[must_use]
    pub fn rearm_offers(&self, rules: &Rules) -> Vec<RearmOffer> {
        let Some(turn) = self.turn.as_ref().filter(|t| self.phase == Phase::Playing && t.rearm_open) else {
            return Vec::new();
        };
        let Some(c) = self.character(turn.character) else { return Vec::new() };
        self.rearm_points
            .iter()
            .enumerate()
            .filter(|(_, w)| {
                let second = rules.weapon(w.as_str()).is_some_and(|w| w.second_weapon);
                if second { !c.grenades } else { **w != c.weapon }
            })
            .map(|(i, w)| RearmOffer { point: i + 1, weapon: w.clone() })
            .collect()
    }

    /// The scoreboard: players by frags, highest first (ties in set-up order).
    #[must_use]
    pub fn scoreboard(&self) -> Vec<ScoreLine> {
        let mut lines: Vec<ScoreLine> = self
            .players
            .iter()
            .enumerate()
            .map(|(i, p)| ScoreLine {
                player: PlayerId(i),
                name: p.name.clone(),
                frags: p.frags,
                characters: p.characters.clone(),
            })
            .collect();
        lines.sort_by_key(|line| std::cmp::Reverse(line.frags));
        lines
    }

    /// The player who reached the target, once the game is over.
    #[must_use]
    pub fn winner(&self) -> Option<PlayerId> {
        self.winner
    }

    /// Initiative as it stands (everyone who has rolled 3d6).
    #[must_use]
    pub fn initiative_standing(&self) -> Option<Standing<CharacterId>> {
        initiative::standing(&self.initiative_entries()).ok()
    }

    pub(super) fn initiative_entries(&self) -> Vec<Entry<CharacterId>> {
        self.characters
            .iter()
            .enumerate()
            .filter_map(|(i, c)| {
                c.initiative.map(|roll| Entry { who: CharacterId(i), roll, tiebreaks: c.tiebreaks.clone() })
            })
            .collect()
    }

    /// During initiative: the characters still to roll 3d6, or when all have, those who must
    /// roll a tiebreak d6 now.
    #[must_use]
    pub fn initiative_waiting(&self) -> Vec<CharacterId> {
        if self.phase != Phase::Initiative {
            return Vec::new();
        }
        let unrolled: Vec<CharacterId> =
            self.ids().filter(|&id| self.characters[id.0].initiative.is_none()).collect();
        if !unrolled.is_empty() {
            return unrolled;
        }
        self.initiative_standing().map(|s| s.waiting).unwrap_or_default()
    }

    /// The character whose respawn point is rolled next during deployment.
    #[must_use]
    pub fn deploying(&self) -> Option<CharacterId> {
        if self.phase != Phase::Deployment {
            return None;
        }
        self.order.iter().copied().find(|&id| self.character(id).is_some_and(|c| c.point.is_none()))
    }

    /// The respawn points a deployment roll may not land on now.
    #[must_use]
    pub fn taken_points(&self, rules: &Rules) -> Vec<u8> {
        let Some(layout) = rules.game.layout(self.respawn_points) else { return Vec::new() };
        deployment::taken(layout, &self.deployed, deployment::unique(&rules.game, self.characters.len()))
    }

    /// Every character id, in set-up order.
    pub fn ids(&self) -> impl Iterator<Item = CharacterId> + '_ {
        (0..self.characters.len()).map(CharacterId)
    }

    /// Living characters, in set-up order.
    pub fn living(&self) -> impl Iterator<Item = CharacterId> + '_ {
        self.ids().filter(|&id| self.characters[id.0].alive)
    }
}

/// Actions the spent pips add up to (keeping the weapon counts as its cost).
pub(super) fn spent_actions(rules: &Rules, spent: &[Spent]) -> u32 {
    spent
        .iter()
        .map(|s| match s {
            Spent::Action(_) => 1,
            Spent::KeepWeapon => rules.game.keep_weapon_actions,
        })
        .sum()
}
