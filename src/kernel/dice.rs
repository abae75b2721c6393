//! Exact distributions of sums of dice, shared by every game system.
//!
//! Many games ask "what are the odds that these dice make at least this much?". Counting the
//! ways each total can be made (as whole numbers, out of `sides^dice` equally likely rolls)
//! answers that exactly, with no simulation and no rounding until a probability is shown.
//! Counts are `u128`, so up to 49 six-sided dice (or any pool whose outcomes fit in a `u128`)
//! can be combined; a bigger pool is an error, never a wrong number.
//!
//! This module is pure: no user interface, no files, no clock.

/// The most dice one pool may hold, whatever their size: a guard against absurd input that
/// would take long to count even when the outcomes fit.
pub const MAX_DICE: u32 = 200;

/// Why a distribution could not be counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DiceError {
    /// A die needs at least one side.
    #[error("a die needs at least one side")]
    NoSides,
    /// The number of equally likely outcomes does not fit the counter.
    #[error("too many dice to count the odds exactly")]
    TooMany,
}

/// How many ways each total can be made: the exact distribution of a sum of dice (and
/// constants). `ways[i]` counts the outcomes whose total is `min + i`; all outcomes are
/// equally likely and there are `outcomes()` of them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Distribution {
    min: u32,
    ways: Vec<u128>,
    outcomes: u128,
}

impl Distribution {
    /// A sure total of `value` (also the sum of no dice, when `value` is 0).
    #[must_use]
    pub fn constant(value: u32) -> Distribution {
        Distribution { min: value, ways: vec![1], outcomes: 1 }
    }

    /// One die with faces `1..=sides`.
    ///
    /// # Errors
    /// A die with no sides.
    pub fn die(sides: u32) -> Result<Distribution, DiceError> {
        if sides == 0 {
            return Err(DiceError::NoSides);
        }
        let ways = vec![1; usize::try_from(sides).map_err(|_| DiceError::TooMany)?];
        Ok(Distribution { min: 1, ways, outcomes: u128::from(sides) })
    }

    /// The sum of `dice` dice of `sides` sides each (`2d6` is `dice(2, 6)`).
    ///
    /// # Errors
    /// A die with no sides, or more outcomes than a `u128` holds.
    pub fn dice(dice: u32, sides: u32) -> Result<Distribution, DiceError> {
        let one = Distribution::die(sides)?;
        if dice > MAX_DICE {
            return Err(DiceError::TooMany);
        }
        let mut sum = Distribution::constant(0);
        for _ in 0..dice {
            sum = sum.plus(&one)?;
        }
        Ok(sum)
    }

    /// The distribution of the sum of two independent totals (a convolution).
    ///
    /// # Errors
    /// When the combined outcomes do not fit a `u128`.
    pub fn plus(&self, other: &Distribution) -> Result<Distribution, DiceError> {
        let outcomes = self.outcomes.checked_mul(other.outcomes).ok_or(DiceError::TooMany)?;
        let mut ways = vec![0u128; self.ways.len() + other.ways.len() - 1];
        for (i, &a) in self.ways.iter().enumerate() {
            for (j, &b) in other.ways.iter().enumerate() {
                // Cannot overflow: every partial sum is at most `outcomes`.
                ways[i + j] += a * b;
            }
        }
        let min = self.min.checked_add(other.min).ok_or(DiceError::TooMany)?;
        Ok(Distribution { min, ways, outcomes })
    }

    /// This total plus a fixed amount.
    ///
    /// # Errors
    /// When the totals would pass `u32::MAX`.
    pub fn shifted(&self, by: u32) -> Result<Distribution, DiceError> {
        let min = self.min.checked_add(by).ok_or(DiceError::TooMany)?;
        Ok(Distribution { min, ways: self.ways.clone(), outcomes: self.outcomes })
    }

    /// The smallest possible total.
    #[must_use]
    pub fn min(&self) -> u32 {
        self.min
    }

    /// The largest possible total.
    #[must_use]
    pub fn max(&self) -> u32 {
        // `ways` is never empty and its length came from adding small lengths.
        let span = u32::try_from(self.ways.len().saturating_sub(1)).unwrap_or(u32::MAX);
        self.min.saturating_add(span)
    }

    /// How many equally likely outcomes there are (`sides^dice`).
    #[must_use]
    pub fn outcomes(&self) -> u128 {
        self.outcomes
    }

    /// How many outcomes make exactly `total`.
    #[must_use]
    pub fn ways(&self, total: u32) -> u128 {
        total
            .checked_sub(self.min)
            .and_then(|i| usize::try_from(i).ok())
            .and_then(|i| self.ways.get(i))
            .copied()
            .unwrap_or(0)
    }

    /// How many outcomes make `total` or more.
    #[must_use]
    pub fn ways_at_least(&self, total: u32) -> u128 {
        if total <= self.min {
            return self.outcomes;
        }
        let Ok(skip) = usize::try_from(total - self.min) else { return 0 };
        self.ways.iter().skip(skip).sum()
    }

    /// How many outcomes make `total` or less.
    #[must_use]
    pub fn ways_at_most(&self, total: u32) -> u128 {
        self.outcomes - total.checked_add(1).map_or(0, |t| self.ways_at_least(t))
    }

    /// The chance of exactly `total`, from 0 to 1.
    #[must_use]
    pub fn probability(&self, total: u32) -> f64 {
        ratio(self.ways(total), self.outcomes)
    }

    /// The chance of `total` or more (P(sum ≥ k)), from 0 to 1.
    #[must_use]
    pub fn chance_at_least(&self, total: u32) -> f64 {
        ratio(self.ways_at_least(total), self.outcomes)
    }

    /// The chance of `total` or less, from 0 to 1.
    #[must_use]
    pub fn chance_at_most(&self, total: u32) -> f64 {
        ratio(self.ways_at_most(total), self.outcomes)
    }

    /// The mean total.
    #[must_use]
    pub fn mean(&self) -> f64 {
        let weighted: f64 = self.iter().map(|(total, ways)| f64::from(total) * to_f64(ways)).sum();
        weighted / to_f64(self.outcomes)
    }

    /// Every possible total with the number of ways to make it, lowest first.
    pub fn iter(&self) -> impl Iterator<Item = (u32, u128)> + '_ {
        (self.min..).zip(self.ways.iter().copied())
    }
}

/// `part / whole` as a number from 0 to 1 (0 when `whole` is 0).
#[must_use]
pub fn ratio(part: u128, whole: u128) -> f64 {
    if whole == 0 {
        return 0.0;
    }
    // Divide in whole numbers first so huge counts keep their precision.
    let quotient = part / whole;
    let remainder = part % whole;
    to_f64(quotient) + to_f64(remainder) / to_f64(whole)
}

/// A count as a float (exact below 2^53, the nearest float above).
#[must_use]
#[expect(clippy::cast_precision_loss, reason = "probabilities are shown, not counted, in floats")]
pub fn to_f64(count: u128) -> f64 {
    count as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(dice: u32, sides: u32, total: u32, ways: u128, outcomes: u128) {
        let d = Distribution::dice(dice, sides).expect("counts");
        assert_eq!((d.ways(total), d.outcomes()), (ways, outcomes), "{dice}d{sides} making {total}");
    }

    #[test]
    fn hand_counted_totals() {
        check(1, 6, 4, 1, 6);
        check(2, 6, 7, 6, 36); // 1+6, 2+5, 3+4, 4+3, 5+2, 6+1
        check(2, 6, 2, 1, 36);
        check(2, 6, 12, 1, 36);
        check(2, 6, 13, 0, 36);
        check(3, 6, 10, 27, 216); // the classic: 10 and 11 are the commonest 3d6 totals
        check(3, 6, 3, 1, 216);
        check(2, 4, 5, 4, 16);
        check(0, 6, 0, 1, 1);
    }

    #[test]
    fn at_least_and_at_most() {
        let d = Distribution::dice(2, 6).expect("counts");
        assert_eq!(d.ways_at_least(10), 6); // 4+6, 5+5, 6+4, 5+6, 6+5, 6+6
        assert_eq!(d.ways_at_least(2), 36);
        assert_eq!(d.ways_at_least(0), 36);
        assert_eq!(d.ways_at_least(13), 0);
        assert_eq!(d.ways_at_most(3), 3);
        assert_eq!(d.ways_at_most(12), 36);
        assert_eq!(d.ways_at_most(1), 0);
        assert!((d.chance_at_least(7) - 21.0 / 36.0).abs() < 1e-15);
        assert!((d.chance_at_most(u32::MAX) - 1.0).abs() < 1e-15);
    }

    #[test]
    fn every_distribution_sums_to_one() {
        for dice in 0..=12 {
            for sides in [2, 4, 6, 8, 10, 12, 20] {
                let d = Distribution::dice(dice, sides).expect("counts");
                assert_eq!(d.iter().map(|(_, w)| w).sum::<u128>(), d.outcomes());
                let total: f64 = (d.min()..=d.max()).map(|t| d.probability(t)).sum();
                assert!((total - 1.0).abs() < 1e-12, "{dice}d{sides}");
                assert_eq!(d.min(), dice);
                assert_eq!(d.max(), dice * sides);
            }
        }
    }

    #[test]
    fn means_and_mixed_pools() {
        let d = Distribution::dice(3, 6).expect("counts");
        assert!((d.mean() - 10.5).abs() < 1e-12);
        let mixed = Distribution::die(6).and_then(|d6| d6.plus(&Distribution::die(8)?)).expect("counts");
        assert_eq!(mixed.outcomes(), 48);
        assert_eq!(mixed.ways(9), 6); // 1+8, 2+7, 3+6, 4+5, 5+4, 6+3
        let shifted = d.shifted(2).expect("fits");
        assert_eq!((shifted.min(), shifted.max(), shifted.ways(12)), (5, 20, 27));
    }

    #[test]
    fn the_limits_of_u128() {
        assert_eq!(Distribution::dice(49, 6).map(|d| d.outcomes()), Ok(6u128.pow(49)));
        assert_eq!(Distribution::dice(50, 6), Err(DiceError::TooMany));
        assert_eq!(Distribution::dice(2, 0), Err(DiceError::NoSides));
        assert_eq!(Distribution::dice(MAX_DICE + 1, 1), Err(DiceError::TooMany));
        let big = Distribution::dice(49, 6).expect("counts");
        assert!((big.chance_at_least(49) - 1.0).abs() < 1e-15);
        assert!((big.mean() - 171.5).abs() < 1e-9);
    }

    #[test]
    fn ratio_keeps_precision() {
        assert!((ratio(1, 3) - 1.0 / 3.0).abs() < 1e-16);
        assert!((ratio(u128::MAX, u128::MAX) - 1.0).abs() < 1e-16);
        assert!(ratio(5, 0).abs() < f64::EPSILON);
    }
}
