//! Six-sided dice: a typed face, and rolls from a seed for "roll for me".
//!
//! "Physical first": every roll in an event is a face, typed from a real die or rolled here
//! from a seed the caller passes in. Nothing here reads a clock or a hidden generator.

use std::fmt;

use rand::rngs::StdRng;
use rand::{RngExt as _, SeedableRng as _};
use serde::{Deserialize, Serialize};

/// One d6 face, 1 to 6.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct D6(u8);

impl D6 {
    /// A face, if it is 1 to 6.
    #[must_use]
    pub fn new(face: u8) -> Option<D6> {
        (1..=6).contains(&face).then_some(D6(face))
    }

    /// The face nearest to `face` (0 reads as 1, 9 as 6), for faces already known good.
    #[must_use]
    pub fn nearest(face: u8) -> D6 {
        D6(face.clamp(1, 6))
    }

    /// The face, 1 to 6.
    #[must_use]
    pub fn value(self) -> u8 {
        self.0
    }

    /// Whether this roll makes `needed` (1 or less always does, 7 or more never: there is
    /// no natural 1 or 6 rule).
    #[must_use]
    pub fn makes(self, needed: i32) -> bool {
        i32::from(self.0) >= needed
    }
}

impl fmt::Display for D6 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A number that is not a d6 face.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a d6 shows 1 to 6, not {0}")]
pub struct BadDie(pub String);

impl TryFrom<u8> for D6 {
    type Error = BadDie;

    fn try_from(face: u8) -> Result<D6, BadDie> {
        D6::new(face).ok_or_else(|| BadDie(face.to_string()))
    }
}

impl From<D6> for u8 {
    fn from(die: D6) -> u8 {
        die.0
    }
}

impl std::str::FromStr for D6 {
    type Err = BadDie;

    fn from_str(text: &str) -> Result<D6, BadDie> {
        text.trim().parse::<u8>().ok().and_then(D6::new).ok_or_else(|| BadDie(text.trim().to_owned()))
    }
}

/// Dice rolled from a seed: the same seed always gives the same faces.
#[derive(Debug)]
pub struct Roller(StdRng);

impl Roller {
    /// A roller for `seed`.
    #[must_use]
    pub fn new(seed: u64) -> Roller {
        Roller(StdRng::seed_from_u64(seed))
    }

    /// One d6.
    pub fn d6(&mut self) -> D6 {
        D6(self.0.random_range(1..=6))
    }

    /// The total of `n` d6 (3d6 for initiative).
    pub fn sum(&mut self, n: u32) -> u32 {
        (0..n).map(|_| u32::from(self.d6().value())).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn faces_are_one_to_six() {
        assert_eq!(D6::new(0), None);
        assert_eq!(D6::new(7), None);
        assert_eq!(D6::new(6).map(D6::value), Some(6));
        assert_eq!("4".parse::<D6>(), Ok(D6(4)));
        assert_eq!("x".parse::<D6>(), Err(BadDie("x".into())));
        assert_eq!(BadDie("9".into()).to_string(), "a d6 shows 1 to 6, not 9");
        assert!(serde_json::from_str::<D6>("7").is_err());
        assert_eq!(serde_json::to_string(&D6(3)).ok(), Some("3".to_owned()));
    }

    #[test]
    fn needed_numbers_below_two_always_succeed_and_above_six_never() {
        let makes = |needed| (1..=6).filter(|&f| D6(f).makes(needed)).count();
        assert_eq!(
            [makes(-3), makes(1), makes(2), makes(4), makes(6), makes(7), makes(9)],
            [6, 6, 5, 3, 1, 0, 0]
        );
    }

    #[test]
    fn a_seed_always_rolls_the_same() {
        let mut roller = Roller::new(42);
        let faces: Vec<u8> = (0..10).map(|_| roller.d6().value()).collect();
        assert_eq!(faces, vec![1, 4, 2, 4, 6, 4, 6, 3, 6, 1]);
        assert_eq!(Roller::new(7).sum(3), 5);
    }
}
