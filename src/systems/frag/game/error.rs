//! Why an event cannot be applied: each message is a sentence fragment a player understands.

use crate::kernel::words::count;

/// A refused event.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    #[error("the game has not been set up yet")]
    NotStarted,
    #[error("the game is already set up")]
    AlreadyStarted,
    #[error("the game is over: {0} has won")]
    Over(String),
    #[error("a game needs {min} to {max} players, not {found}")]
    PlayerCount { min: usize, max: usize, found: usize },
    #[error("{0}")]
    BadSetup(String),
    #[error("who goes first is already settled")]
    FirstSettled,
    #[error("the poker hands come before this")]
    PokerFirst,
    #[error("the roll for who goes first comes before this")]
    RollFirst,
    #[error("in Frag Zombies!!! everyone rolls a die for who goes first: there are no poker hands")]
    NoPoker,
    #[error("{0}")]
    BadHand(String),
    #[error("there is no tie to roll off")]
    NoTie,
    #[error("there is no player in seat {0}")]
    NoSuchPlayer(usize),
    #[error("it is {0}'s turn")]
    NotYourTurn(String),
    #[error("{0} now: {1}")]
    WrongPhase(&'static str, &'static str),
    #[error("{0} is out of play until their next turn")]
    OutOfPlay(String),
    #[error("{0} is not fragged: there is nothing to respawn")]
    NotFragged(String),
    #[error("{0}")]
    BadRespawn(String),
    #[error("{what} needs {expected} dice, not {found}")]
    DiceCount { what: &'static str, expected: u32, found: usize },
    #[error("a d6 shows 1 to 6, not {0}")]
    BadFace(u8),
    #[error("{0} has no more attacks this turn")]
    NoAttacksLeft(String),
    #[error("only {left} squares of movement are left, not {needed}")]
    NotEnoughMovement { left: u32, needed: u32 },
    #[error("a jump goes at most {0} squares (the Speed)")]
    JumpTooFar(u32),
    #[error("there is no jumping in Frag Zombies!!!")]
    NoJumping,
    #[error("a move needs at least one square")]
    NoSquares,
    #[error("square {0} was already checked for a power-up this turn")]
    AlreadyChecked(String),
    #[error("name the power-up square, so it is checked only once a turn")]
    NoSquareName,
    #[error("power-up squares give weapon or gadget cards only")]
    BadPowerUpDeck,
    #[error("you cannot attack your own fighter")]
    SelfAttack,
    #[error("{0}")]
    BadTarget(String),
    #[error("{0} has no starting weapon: play or name a weapon card")]
    NoStartingWeapon(String),
    #[error("{0} has no weapon card called {1} in play")]
    NoSuchWeapon(String, String),
    #[error("{0} is out of ammo: reload it with a gadget card first")]
    OutOfAmmo(String),
    #[error("{player} already has {} in play, the limit", count(*.limit, "weapon card", "weapon cards"))]
    WeaponLimit { player: String, limit: u32 },
    #[error("{0} has no cards in hand to play")]
    EmptyHand(String),
    #[error("{player} has only {} in hand", count(*.hand, "card", "cards"))]
    NotEnoughCards { player: String, hand: u32 },
    #[error("{0}")]
    BadRolls(String),
    #[error("{0}")]
    Gallows(String),
    #[error("{0} cannot hold an attack")]
    CannotHold(String),
    #[error("{0}")]
    Shootout(String),
    #[error("{0}")]
    BadCard(String),
    #[error("{0} has no card called {1} in play")]
    NoSuchCard(String, String),
    #[error("{0}")]
    Leftovers(String),
    #[error("{0}")]
    Zombies(String),
    #[error("{0} only in Frag Zombies!!!")]
    ZombiesOnly(&'static str),
    #[error("{0} only in Frag Deadlands")]
    DeadlandsOnly(&'static str),
    #[error("{player} must discard down to {} before the turn ends", count(*.limit, "card", "cards"))]
    HandLimit { player: String, limit: u32 },
    #[error("{0} must be bumped first: roll their new respawn square")]
    BumpPending(String),
    #[error("{0} has full Health")]
    FullHealth(String),
    #[error("{0} has no blood counters")]
    NoBlood(String),
    #[error("a count of at least 1 is needed")]
    ZeroCount,
    #[error(
        "{0} is at 0 Health: they cure it now (a healing card, a blood counter) or say they have no cure"
    )]
    CureWaiting(String),
    #[error("{0}")]
    Cure(String),
}

#[cfg(test)]
mod tests {
    use super::Error;

    #[test]
    fn a_limit_of_one_is_said_in_the_singular() {
        let player = "Ann".to_owned();
        let one = Error::WeaponLimit { player: player.clone(), limit: 1 };
        assert_eq!(one.to_string(), "Ann already has 1 weapon card in play, the limit");
        let hand = Error::NotEnoughCards { player: player.clone(), hand: 1 };
        assert_eq!(hand.to_string(), "Ann has only 1 card in hand");
        let discard = Error::HandLimit { player, limit: 1 };
        assert_eq!(discard.to_string(), "Ann must discard down to 1 card before the turn ends");
    }
}
