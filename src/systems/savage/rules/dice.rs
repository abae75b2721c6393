//! Exact odds of exploding ("acing") dice, and rolling them from a seed.
//!
//! A die that shows its top face is rolled again and the new roll added, for as long as it
//! keeps acing. The total of one exploding dX is never a multiple of X, and each total has a
//! closed form: writing `t = k·X + r` with `r` from 1 to X − 1, the die aced `k` times and then
//! showed `r`, so `P(total = t) = (1/X)^(k+1)`; likewise `P(total ≥ k·X + r) = (1/X)^k ·
//! (X − r + 1)/X` for `r` from 1 to X. Sums of several dice are convolutions of those exact
//! distributions up to the largest total a question needs; everything above that bound is one
//! tail, the complement of what lies below. Nothing here is simulated.

use rand::rngs::StdRng;
use rand::{RngExt as _, SeedableRng as _};

/// The most aces Posse follows when it rolls a die itself (the chance of more is below 10⁻⁴⁰).
const MAX_ACES: usize = 64;

/// The chance that one exploding die of `sides` faces totals `t` or more.
#[must_use]
pub fn at_least(sides: u32, t: i64) -> f64 {
    if t <= 1 {
        return 1.0;
    }
    let sides = sides.max(2);
    let x = i64::from(sides);
    let k = (t - 1) / x;
    let r = t - k * x;
    let x_f = f64::from(sides);
    let aces = i32::try_from(k).unwrap_or(i32::MAX);
    // r is from 1 to x, so x − r + 1 is from 1 to x.
    let faces_left = f64::from(u32::try_from(x - r + 1).unwrap_or(0));
    x_f.powi(-aces) * faces_left / x_f
}

/// The chance that one exploding die of `sides` faces totals exactly `t`.
#[must_use]
pub fn exactly(sides: u32, t: i64) -> f64 {
    let sides = sides.max(2);
    let x = i64::from(sides);
    if t < 1 || t % x == 0 {
        return 0.0;
    }
    let aces = i32::try_from(t / x + 1).unwrap_or(i32::MAX);
    f64::from(sides).powi(-aces)
}

/// Whether `total` can be the total of one exploding die of `sides` faces after its aces.
///
/// # Errors
/// [`TotalError::Aced`] for a multiple of the die's size (that die aced and must be rolled
/// again), [`TotalError::TooLow`] below 1.
pub fn check_total(sides: u32, total: u32) -> Result<u32, TotalError> {
    if total == 0 {
        return Err(TotalError::TooLow { sides });
    }
    if total.is_multiple_of(sides.max(2)) {
        return Err(TotalError::Aced { sides, total });
    }
    Ok(total)
}

/// A typed die total that cannot be the final total of an exploding die.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TotalError {
    #[error("a d{sides} totals at least 1")]
    TooLow { sides: u32 },
    #[error("{total} on the d{sides}: it aced: roll again and add")]
    Aced { sides: u32, total: u32 },
}

/// Rolls one exploding die: the faces shown, the last one below the top face.
pub fn roll(sides: u32, rng: &mut StdRng) -> Vec<u32> {
    let sides = sides.max(2);
    let mut faces = Vec::new();
    for _ in 0..MAX_ACES {
        let face = rng.random_range(1..=sides);
        faces.push(face);
        if face < sides {
            break;
        }
    }
    faces
}

/// A random number generator for the rolls derived from `seed`.
#[must_use]
pub fn rng(seed: u64) -> StdRng {
    StdRng::seed_from_u64(seed)
}

/// The exact distribution of a sum of exploding dice, up to a bound.
///
/// `below[s]` is the chance the dice total exactly `s`, for every `s` up to the bound; the
/// chance of more than the bound is whatever is left.
#[derive(Clone, Debug, PartialEq)]
pub struct SumUpTo {
    exact: Vec<f64>,
}

impl SumUpTo {
    /// The distribution of the total of exploding dice with these numbers of faces, exact for
    /// every total up to `bound`. Cost: one pass per die over `bound²` pairs.
    #[must_use]
    pub fn new(dice: &[u32], bound: u32) -> SumUpTo {
        let len = usize::try_from(bound).unwrap_or(0).saturating_add(1);
        let mut exact = vec![0.0; len];
        if let Some(first) = exact.first_mut() {
            *first = 1.0;
        }
        for &sides in dice {
            let one: Vec<f64> =
                (0..len).map(|t| exactly(sides, i64::try_from(t).unwrap_or(i64::MAX))).collect();
            let mut next = vec![0.0; len];
            for (s, slot) in next.iter_mut().enumerate() {
                *slot = (1..=s).map(|v| exact[s - v] * one[v]).sum();
            }
            exact = next;
        }
        SumUpTo { exact }
    }

    /// The chance the dice total exactly `s` (0 above the bound, where it is not known).
    #[must_use]
    pub fn exactly(&self, s: i64) -> f64 {
        usize::try_from(s).ok().and_then(|s| self.exact.get(s)).copied().unwrap_or(0.0)
    }

    /// The chance the dice total `s` or more: the complement of every total below `s`, so it
    /// is exact for any `s` up to one above the bound.
    #[must_use]
    pub fn at_least(&self, s: i64) -> f64 {
        if s <= 0 {
            return 1.0;
        }
        let below = usize::try_from(s).unwrap_or(usize::MAX).min(self.exact.len());
        let sum: f64 = self.exact.iter().take(below).sum();
        (1.0 - sum).clamp(0.0, 1.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_die_at_least_is_the_hand_computation() {
        // A d6 reaches 8 only by acing (1/6) and then rolling 2 or more (5/6): 5/36.
        assert!((at_least(6, 8) - 5.0 / 36.0).abs() < 1e-15);
        // 6 or more on a d6 is exactly the ace: 1/6.
        assert!((at_least(6, 6) - 1.0 / 6.0).abs() < 1e-15);
        // 7 or more is the ace then anything: 1/6.
        assert!((at_least(6, 7) - 1.0 / 6.0).abs() < 1e-15);
        // 4 or more on a d4: the ace, 1/4; 5 is the same; 6 is 1/4 × 3/4.
        assert!((at_least(4, 4) - 0.25).abs() < 1e-15);
        assert!((at_least(4, 5) - 0.25).abs() < 1e-15);
        assert!((at_least(4, 6) - 3.0 / 16.0).abs() < 1e-15);
        // 13 or more on a d6: two aces (1/36) then 1 or more.
        assert!((at_least(6, 13) - 1.0 / 36.0).abs() < 1e-15);
        assert!((at_least(8, 0) - 1.0).abs() < 1e-15);
    }

    #[test]
    fn one_die_exactly_skips_the_multiples() {
        assert!((exactly(6, 3) - 1.0 / 6.0).abs() < 1e-15);
        assert!(exactly(6, 6).abs() < 1e-15);
        assert!((exactly(6, 7) - 1.0 / 36.0).abs() < 1e-15);
        assert!(exactly(6, 0).abs() < 1e-15);
        // The single-die distribution adds up to 1 (the tail after 600 is below 10⁻⁷⁰).
        for sides in [4, 6, 8, 10, 12] {
            let total: f64 = (1..600).map(|t| exactly(sides, t)).sum();
            assert!((total - 1.0).abs() < 1e-12, "d{sides}");
        }
    }

    #[test]
    fn at_least_agrees_with_the_sum_of_exactly() {
        for sides in [4, 6, 8, 10, 12] {
            for t in 1..40 {
                let tail: f64 = (t..600).map(|u| exactly(sides, u)).sum();
                assert!((at_least(sides, t) - tail).abs() < 1e-12, "d{sides} ≥ {t}");
            }
        }
    }

    #[test]
    fn sums_of_two_dice_by_hand() {
        // Each exploding d6 totals 1–5, 7–11, 13… (never 6). Exactly 2: both 1s, 1/36.
        // Exactly 7: (2,5), (3,4), (4,3), (5,2): 4/36 ((1,6) and (6,1) are impossible).
        let sum = SumUpTo::new(&[6, 6], 30);
        assert!((sum.exactly(2) - 1.0 / 36.0).abs() < 1e-15);
        assert!((sum.exactly(7) - 4.0 / 36.0).abs() < 1e-15);
        // Exactly 8: (3,5), (4,4), (5,3) at 1/36 each, and (1,7), (7,1) where the 7 is an ace
        // then a 1 (1/36), times 1/6 for the other die: 3/36 + 2/216.
        assert!((sum.exactly(8) - (3.0 / 36.0 + 2.0 / 216.0)).abs() < 1e-15);
        assert!((sum.at_least(2) - 1.0).abs() < 1e-15);
        let total: f64 = (0..=30).map(|s| sum.exactly(s)).sum::<f64>() + sum.at_least(31);
        assert!((total - 1.0).abs() < 1e-12);
    }

    #[test]
    fn typed_totals_refuse_aces() {
        assert_eq!(check_total(6, 5), Ok(5));
        assert_eq!(check_total(6, 7), Ok(7));
        assert_eq!(check_total(6, 12), Err(TotalError::Aced { sides: 6, total: 12 }));
        assert_eq!(check_total(8, 0), Err(TotalError::TooLow { sides: 8 }));
        assert_eq!(
            check_total(6, 6).map_err(|e| e.to_string()),
            Err("6 on the d6: it aced: roll again and add".to_owned())
        );
    }

    #[test]
    fn seeded_rolls_are_repeatable_and_end_below_the_top_face() {
        let a = roll(6, &mut rng(7));
        let b = roll(6, &mut rng(7));
        assert_eq!(a, b);
        let last = a.last().copied().unwrap_or(0);
        assert!((1..6).contains(&last));
        assert!(a.iter().rev().skip(1).all(|&f| f == 6));
    }
}
