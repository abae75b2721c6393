//! Everything that can happen at the table, one journal line each.
//!
//! Every decision, roll and choice is an event, and every roll is a face (typed from a real
//! die or rolled by Posse from a seed before the event is made), so replaying the journal
//! gives the same game and undo never re-rolls.

use serde::{Deserialize, Serialize};

use super::state::CharacterId;
use crate::systems::fragmaster::rules::data::{ActionKind, Cover, WeaponId};
use crate::systems::fragmaster::rules::dice::D6;

/// One event of a Fragmaster game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Event {
    /// The players, their characters, the frag target, the respawn points and the rearm
    /// points. Always the first event.
    Setup(Setup),
    /// 3d6 totals for one or more characters who have not rolled yet.
    InitiativeRolls { rolls: Vec<InitiativeRoll> },
    /// Tiebreak d6s, in the order rolled, each for a character tied at that moment (a
    /// character may appear again once its group has rolled and is still tied).
    Tiebreaks { rolls: Vec<TiebreakRoll> },
    /// The d6s rolled for the character now deploying, in order: rolls on a taken point are
    /// re-rolled, the first on a free point places it.
    DeploymentRolls { character: CharacterId, rolls: Vec<D6> },
    /// The current character, dead at the start of its turn, respawns on the point its d6
    /// picks; `keep_weapon` spends two actions to keep what it carried, otherwise it comes
    /// back with the assault rifle only.
    Respawn { roll: D6, keep_weapon: bool },
    /// The current character spends an action on anything but an attack.
    Act {
        action: ActionKind,
        /// What an "other" action was, in the players' words.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        note: Option<String>,
    },
    /// Right after a run that ends by rearm point `point` (numbered from 1), the current
    /// character swaps its weapon for the point's (or picks up grenades beside it). Free.
    Rearm { point: usize },
    /// The current character attacks, with every roll.
    Attack(Attack),
    /// The current character declared an attack and the measure found the target out of
    /// range: the book ends the action there, so the action (and the aims) are spent.
    OutOfRange { target: CharacterId, weapon: WeaponId, distance_cm: f64 },
    /// The current character's turn ends (unused actions are lost); the next one begins.
    EndTurn,
}

/// How a game is set up.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// The players in seating order, each with its characters (one, or a team of 2–3 in a
    /// two-player game). Character ids count through this list: the first player's
    /// characters first.
    pub players: Vec<PlayerSetup>,
    /// Frags to win (20 unless agreed).
    pub target: u32,
    /// Respawn points on the table (3 or 6).
    pub respawn_points: u8,
    /// The weapon lying at each rearm point, rearm point 1 first.
    #[serde(default)]
    pub rearm_points: Vec<WeaponId>,
    /// When a killed character comes back. Journals from before the choice respawned at the
    /// next turn, and still do.
    #[serde(default = "Respawn::before_the_choice")]
    pub respawn: Respawn,
}

/// When a killed character comes back (reading F12): the book's "in its following round"
/// (*ve svém následujícím kole*: a character killed before its turn sits that round out), or
/// the house rule of its next turn, even in the same round.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Respawn {
    /// At its turn in the round after the one it died in: the book.
    #[default]
    NextRound,
    /// At its next turn, in the same round if its turn is still to come: a house rule.
    NextTurn,
}

impl Respawn {
    /// What journals written before the choice existed played by.
    fn before_the_choice() -> Respawn {
        Respawn::NextTurn
    }

    /// The rule in a few words, for the screen ("respawn in the next round").
    #[must_use]
    pub fn words(self) -> &'static str {
        match self {
            Respawn::NextRound => "respawn in the next round (the book)",
            Respawn::NextTurn => "respawn at the next turn (house rule)",
        }
    }
}

/// One player and the names of its characters.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerSetup {
    pub name: String,
    pub characters: Vec<String>,
}

/// A character's 3d6 initiative total.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InitiativeRoll {
    pub character: CharacterId,
    pub roll: u32,
}

/// A character's tiebreak d6.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TiebreakRoll {
    pub character: CharacterId,
    pub roll: D6,
}

/// An attack with what the players measured and rolled.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Attack {
    pub target: CharacterId,
    /// The carried weapon, or grenades when carried as the second weapon.
    pub weapon: WeaponId,
    /// The measured distance in cm.
    pub distance_cm: f64,
    /// The target's terrain cover from the attacker.
    #[serde(default)]
    pub cover: Cover,
    /// The target is on another height level.
    #[serde(default)]
    pub other_level: bool,
    /// One d6 per shot.
    pub hit_rolls: Vec<D6>,
    /// The target's d6 for each shot that hit, in shot order.
    #[serde(default)]
    pub wound_rolls: Vec<D6>,
    /// The other characters within the blast of a hit (the attacker may be one of them).
    #[serde(default)]
    pub blast: Vec<BlastTarget>,
}

/// A character caught in a blast, with its own wound roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BlastTarget {
    pub character: CharacterId,
    pub wound_roll: D6,
}
