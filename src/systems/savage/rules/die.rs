//! Die types of traits: d4 to d12, and d12+N for traits beyond a d12.
//!
//! A trait's die type is what a player writes on the sheet ("d8", "d12+2"); the rolls read it as
//! a die to roll (which explodes) and a plain modifier (the +N above a d12).

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The die types a trait can have, smallest first.
pub const TRAIT_SIDES: [u32; 5] = [4, 6, 8, 10, 12];

/// The largest +N written after a d12 that Posse accepts.
pub const MAX_BONUS: u32 = 20;

/// A trait's die type: the die rolled and, above a d12, the bonus added to the roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Die {
    sides: u32,
    bonus: u32,
}

impl Die {
    pub const D4: Die = Die { sides: 4, bonus: 0 };
    pub const D6: Die = Die { sides: 6, bonus: 0 };
    pub const D8: Die = Die { sides: 8, bonus: 0 };
    pub const D10: Die = Die { sides: 10, bonus: 0 };
    pub const D12: Die = Die { sides: 12, bonus: 0 };

    /// A die type of `sides` (4, 6, 8, 10 or 12) with no bonus.
    #[must_use]
    pub fn new(sides: u32) -> Option<Die> {
        TRAIT_SIDES.contains(&sides).then_some(Die { sides, bonus: 0 })
    }

    /// d12+`bonus` (a bonus of 0 is the plain d12).
    #[must_use]
    pub fn d12_plus(bonus: u32) -> Option<Die> {
        (bonus <= MAX_BONUS).then_some(Die { sides: 12, bonus })
    }

    /// The number of faces of the die rolled.
    #[must_use]
    pub fn sides(self) -> u32 {
        self.sides
    }

    /// The +N above a d12 (0 otherwise), added to the roll like a modifier.
    #[must_use]
    pub fn bonus(self) -> i32 {
        i32::try_from(self.bonus).unwrap_or(0)
    }

    /// Half the die type for Parry and Toughness: half the faces, plus half the bonus rounded
    /// down (d12+1 gives 6, d12+2 gives 7).
    #[must_use]
    pub fn half(self) -> i32 {
        i32::try_from(u32::midpoint(self.sides, self.bonus)).unwrap_or(0)
    }
}

impl fmt::Display for Die {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.bonus == 0 {
            write!(f, "d{}", self.sides)
        } else {
            write!(f, "d{}+{}", self.sides, self.bonus)
        }
    }
}

/// A die type that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a die type: write d4, d6, d8, d10, d12 or d12+N (N up to 20)")]
pub struct BadDie(pub String);

impl FromStr for Die {
    type Err = BadDie;

    fn from_str(text: &str) -> Result<Die, BadDie> {
        let bad = || BadDie(text.to_owned());
        let lower = text.trim().to_ascii_lowercase();
        let rest = lower.strip_prefix('d').ok_or_else(bad)?;
        let (sides, bonus) = match rest.split_once('+') {
            Some((sides, bonus)) => (sides.trim(), Some(bonus.trim())),
            None => (rest, None),
        };
        let sides: u32 = sides.parse().map_err(|_| bad())?;
        match bonus {
            None => Die::new(sides).ok_or_else(bad),
            Some(bonus) if sides == 12 => {
                let bonus: u32 = bonus.parse().map_err(|_| bad())?;
                Die::d12_plus(bonus).ok_or_else(bad)
            }
            Some(_) => Err(bad()),
        }
    }
}

impl Serialize for Die {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Die {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Die, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(text: &str, expected: Option<(u32, i32, &str)>) {
        let parsed = text.parse::<Die>().ok().map(|d| (d.sides(), d.bonus(), d.to_string()));
        let expected = expected.map(|(s, b, t)| (s, b, t.to_owned()));
        assert_eq!(parsed, expected, "{text}");
    }

    #[test]
    fn die_types_read_and_write() {
        check("d4", Some((4, 0, "d4")));
        check("D8", Some((8, 0, "d8")));
        check(" d12+2 ", Some((12, 2, "d12+2")));
        check("d12+0", Some((12, 0, "d12")));
        check("d10+1", None);
        check("d20", None);
        check("d3", None);
        check("8", None);
        check("d12+21", None);
        check("d12+x", None);
    }

    #[test]
    fn half_rounds_the_bonus_down() {
        // Parry and Toughness use half the die type: d8 → 4, d12+1 → (12+1)/2 = 6, d12+2 → 7.
        assert_eq!(Die::D8.half(), 4);
        assert_eq!(Die::d12_plus(1).map(Die::half), Some(6));
        assert_eq!(Die::d12_plus(2).map(Die::half), Some(7));
    }
}
