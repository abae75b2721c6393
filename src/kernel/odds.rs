//! Exact probabilities as fractions, so odds shown to players are never rounding artefacts.

use serde::{Serialize, Serializer};
use std::fmt;

/// A probability `numerator / denominator`, kept exact.
#[derive(Clone, Copy, Debug)]
pub struct Chance {
    numerator: u32,
    denominator: u32,
}

impl Chance {
    /// `numerator` out of `denominator` equally likely outcomes. A zero denominator is read
    /// as "never".
    #[must_use]
    pub fn new(numerator: u32, denominator: u32) -> Chance {
        if denominator == 0 {
            return Chance { numerator: 0, denominator: 1 };
        }
        Chance { numerator: numerator.min(denominator), denominator }
    }

    /// Certain failure.
    #[must_use]
    pub fn never() -> Chance {
        Chance::new(0, 1)
    }

    /// How many outcomes count.
    #[must_use]
    pub fn numerator(self) -> u32 {
        self.numerator
    }

    /// How many outcomes there are.
    #[must_use]
    pub fn denominator(self) -> u32 {
        self.denominator
    }

    /// The probability as a number from 0 to 1.
    #[must_use]
    pub fn value(self) -> f64 {
        f64::from(self.numerator) / f64::from(self.denominator)
    }

    /// The sum of two chances of disjoint outcomes.
    #[must_use]
    pub fn plus(self, other: Chance) -> Chance {
        let denominator = lcm(self.denominator, other.denominator);
        Chance::new(
            self.numerator * (denominator / self.denominator)
                + other.numerator * (denominator / other.denominator),
            denominator,
        )
    }

    /// The chance as a whole percentage, for display.
    #[must_use]
    pub fn percent(self) -> u32 {
        let exact = u64::from(self.numerator) * 100;
        let d = u64::from(self.denominator);
        u32::try_from((exact + d / 2) / d).unwrap_or(100)
    }
}

impl PartialEq for Chance {
    fn eq(&self, other: &Chance) -> bool {
        u64::from(self.numerator) * u64::from(other.denominator)
            == u64::from(other.numerator) * u64::from(self.denominator)
    }
}

impl Eq for Chance {}

impl fmt::Display for Chance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}%", self.percent())
    }
}

impl Serialize for Chance {
    /// Written as a number from 0 to 1.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_f64(self.value())
    }
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 { a } else { gcd(b, a % b) }
}

fn lcm(a: u32, b: u32) -> u32 {
    a / gcd(a, b).max(1) * b
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chances_compare_as_fractions() {
        assert_eq!(Chance::new(2, 20), Chance::new(1, 10));
        assert_ne!(Chance::new(3, 20), Chance::new(1, 10));
        assert_eq!(Chance::new(1, 20).plus(Chance::new(1, 10)), Chance::new(3, 20));
    }

    #[test]
    fn percentages_round_to_nearest() {
        assert_eq!(Chance::new(1, 3).percent(), 33);
        assert_eq!(Chance::new(2, 3).percent(), 67);
        assert_eq!(Chance::new(9, 20).to_string(), "45%");
        assert_eq!(Chance::new(5, 0), Chance::never());
    }

    #[test]
    fn json_is_the_plain_probability() {
        assert_eq!(serde_json::to_string(&Chance::new(1, 20)).expect("json"), "0.05");
        assert_eq!(serde_json::to_string(&Chance::new(20, 20)).expect("json"), "1.0");
    }
}
