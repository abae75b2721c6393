//! Why an event cannot be applied now, as a sentence fragment a player understands.

use crate::systems::fragmaster::rules::attack::{Refusal, RollsError};

/// An event that does not fit the game as it stands.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum Error {
    #[error("the game is over: {0} won; only undo is left")]
    GameOver(String),
    #[error("that cannot be done during {0}")]
    WrongPhase(&'static str),
    #[error("a game needs at least {0} players")]
    TooFewPlayers(u32),
    #[error("every player and every character needs a name")]
    BlankName,
    #[error("the name {0} is used twice")]
    DuplicateName(String),
    #[error("{0} needs at least one character")]
    NoCharacters(String),
    #[error("the frag target must be at least 1")]
    BadTarget,
    #[error("the table has {allowed} respawn points, not {count}")]
    BadRespawnCount { count: u8, allowed: String },
    #[error("more than {max} characters play with {points} respawn points and a neutral round")]
    NeutralNeedsPoints { max: u32, points: u8 },
    #[error("'{0}' is not a weapon Posse knows")]
    UnknownWeapon(String),
    #[error("there is no character number {0}")]
    NoCharacter(usize),
    #[error("give at least one roll")]
    NoRolls,
    #[error("{name}'s initiative of {roll} cannot come from {dice}d6 ({min} to {max})")]
    BadInitiative { name: String, roll: u32, dice: u32, min: u32, max: u32 },
    #[error("{0} has already rolled for initiative")]
    AlreadyRolled(String),
    #[error("ties are broken once every character has rolled {0}d6")]
    NotEveryoneRolled(u32),
    #[error("{0} is not waiting for a tiebreak roll")]
    NotTied(String),
    #[error("it is {deploying}'s turn to deploy, not {name}'s")]
    NotDeploying { name: String, deploying: String },
    #[error("{name} is already on point {point}: the later rolls are not needed")]
    ExtraDeploymentRolls { name: String, point: u8 },
    #[error("{0} is dead and respawns first")]
    MustRespawn(String),
    #[error("{0} is not waiting to respawn: a dead character respawns at the start of its turn")]
    NotDead(String),
    #[error("{name} has {} left, and keeping the weapon takes {cost}", crate::kernel::words::count(*.left, "action", "actions"))]
    CannotKeep { name: String, left: u32, cost: u32 },
    #[error("{0} has no actions left this turn")]
    NoActionsLeft(String),
    #[error("{0} is dead until the start of its next turn")]
    DeadCannotAct(String),
    #[error("{name} died this round and respawns in round {round}")]
    RespawnsNextRound { name: String, round: u32 },
    #[error("only movement actions are allowed in the neutral round")]
    NeutralRound,
    #[error("an attack is recorded with its target and rolls")]
    AttackNeedsTarget,
    #[error(
        "a swap at a rearm point comes at the start of the turn or right after a run or a climb that ends there"
    )]
    RearmAfterRun,
    #[error("there is no rearm point {0}")]
    NoRearmPoint(usize),
    #[error("{name} already carries the {weapon}")]
    AlreadyCarries { name: String, weapon: String },
    #[error("{name} does not carry the {weapon}")]
    NotCarried { name: String, weapon: String },
    #[error("{0} cannot attack itself")]
    AttackSelf(String),
    #[error("{0} is dead")]
    Dead(String),
    #[error("the attack is not possible: {0}")]
    Refused(#[from] Refusal),
    #[error(transparent)]
    Rolls(#[from] RollsError),
    #[error("{name} is within the {weapon}'s range: record the attack with its rolls")]
    InRange { name: String, weapon: String },
    #[error("the {0} has no blast")]
    NoBlast(String),
    #[error("the attack missed, so nobody else is caught in the blast")]
    BlastMissed,
    #[error("{0} is caught in the blast only once")]
    BlastTwice(String),
    #[error("{0} is the target already; add only the others within the blast")]
    BlastOnTarget(String),
}
