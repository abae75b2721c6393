//! Trait rolls: the exact chances before rolling and the result of the dice rolled.
//!
//! A Wild Card rolls its trait die and the Wild Die and keeps the higher; the modifier is added
//! to the die kept. Both dice ace. Both dice showing 1 is a critical failure whatever the
//! modifier (Wild Cards only). Reaching the target number is a success, each full raise step
//! (4) above it a raise. A trait above d12 (d12+N) rolls the d12 and adds N like a modifier.

use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

use super::data::Rules;
use super::dice::{self, TotalError};
use super::die::Die;

/// Everything a trait roll's odds depend on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct TraitRoll {
    pub die: Die,
    /// Whether a Wild Die is rolled too (Wild Cards).
    pub wild: bool,
    /// Every modifier together, without the die type's own +N (added by the roll).
    pub modifier: i32,
    pub tn: i32,
}

impl TraitRoll {
    /// The modifier added to the die kept: the given modifier plus the die type's +N.
    #[must_use]
    pub fn total_modifier(&self) -> i32 {
        self.modifier.saturating_add(self.die.bonus())
    }
}

/// How a trait roll came out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    CriticalFailure,
    Failure,
    /// A success without a raise.
    Success,
    /// One or more raises.
    Raise,
}

impl Outcome {
    /// The id used in JSON: the key of [`TraitOdds`] chances.
    #[must_use]
    pub fn id(self) -> &'static str {
        match self {
            Outcome::CriticalFailure => "critical_failure",
            Outcome::Failure => "failure",
            Outcome::Success => "success",
            Outcome::Raise => "raise",
        }
    }

    /// Whether the roll succeeded (with or without a raise).
    #[must_use]
    pub fn succeeded(self) -> bool {
        matches!(self, Outcome::Success | Outcome::Raise)
    }
}

/// The chance of one exact number of raises, or of at least that many for the last line.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct RaiseChance {
    pub raises: u32,
    pub chance: f64,
    /// This line counts this many raises or more.
    pub or_more: bool,
}

/// The four outcomes of a trait roll; they add up to 1.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Chances {
    pub critical_failure: f64,
    pub failure: f64,
    pub success: f64,
    pub raise: f64,
}

/// The exact odds of a trait roll.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TraitOdds {
    pub chances: Chances,
    /// The raise chance split by number of raises; the last line is "that many or more".
    pub by_raises: Vec<RaiseChance>,
}

impl TraitOdds {
    /// The chance of a success or better.
    #[must_use]
    pub fn at_least_success(&self) -> f64 {
        self.chances.success + self.chances.raise
    }
}

/// Raise counts are listed one by one up to this many (the last line is "or more").
const LISTED_RAISES: u32 = 5;

/// The chance both dice show 1 (0 without a Wild Die).
fn critical_chance(rules: &Rules, roll: &TraitRoll) -> f64 {
    if roll.wild { 1.0 / f64::from(roll.die.sides()) / f64::from(rules.core.traits.wild_die) } else { 0.0 }
}

/// The chance the roll totals `s` or more and is not a critical failure.
fn reaches(rules: &Rules, roll: &TraitRoll, s: i32) -> f64 {
    let needed = i64::from(s) - i64::from(roll.total_modifier());
    let trait_sides = roll.die.sides();
    if !roll.wild {
        return dice::at_least(trait_sides, needed);
    }
    if needed <= 1 {
        // Every pair but the double 1 reaches it.
        return 1.0 - critical_chance(rules, roll);
    }
    let wild_sides = rules.core.traits.wild_die;
    1.0 - (1.0 - dice::at_least(trait_sides, needed)) * (1.0 - dice::at_least(wild_sides, needed))
}

/// The exact chances of a trait roll.
#[must_use]
pub fn odds(rules: &Rules, roll: &TraitRoll) -> TraitOdds {
    let step = rules.core.traits.raise_step;
    let critical = critical_chance(rules, roll);
    let success_or_better = reaches(rules, roll, roll.tn);
    let threshold =
        |k: u32| roll.tn.saturating_add(step.saturating_mul(i32::try_from(k).unwrap_or(i32::MAX)));
    let raise = reaches(rules, roll, threshold(1));
    let mut by_raises = Vec::new();
    for k in 1..=LISTED_RAISES {
        let at_least_k = reaches(rules, roll, threshold(k));
        if k == LISTED_RAISES {
            by_raises.push(RaiseChance { raises: k, chance: at_least_k, or_more: true });
        } else {
            let chance = (at_least_k - reaches(rules, roll, threshold(k + 1))).max(0.0);
            by_raises.push(RaiseChance { raises: k, chance, or_more: false });
        }
    }
    TraitOdds {
        chances: Chances {
            critical_failure: critical,
            failure: (1.0 - critical - success_or_better).max(0.0),
            success: (success_or_better - raise).max(0.0),
            raise,
        },
        by_raises,
    }
}

/// The result of a trait roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct TraitResult {
    /// The higher die plus the modifiers.
    pub total: i32,
    /// Raises (0 unless the outcome is a raise).
    pub raises: u32,
    pub outcome: Outcome,
}

/// The result of a roll from each die's total after aces.
///
/// # Errors
/// A total that is not a final total of its die (it aced, or is 0), or a Wild Die missing or
/// given where it does not belong.
pub fn result(
    rules: &Rules,
    roll: &TraitRoll,
    trait_total: u32,
    wild_total: Option<u32>,
) -> Result<TraitResult, RollError> {
    let trait_total = dice::check_total(roll.die.sides(), trait_total)?;
    let wild_total = match (roll.wild, wild_total) {
        (true, Some(w)) => Some(dice::check_total(rules.core.traits.wild_die, w)?),
        (true, None) => return Err(RollError::WildDieMissing),
        (false, Some(_)) => return Err(RollError::NoWildDie),
        (false, None) => None,
    };
    Ok(result_of_totals(rules, roll, trait_total, wild_total))
}

/// The result from totals already checked.
#[must_use]
pub fn result_of_totals(
    rules: &Rules,
    roll: &TraitRoll,
    trait_total: u32,
    wild_total: Option<u32>,
) -> TraitResult {
    let kept = wild_total.map_or(trait_total, |w| w.max(trait_total));
    let total = i32::try_from(kept).unwrap_or(i32::MAX).saturating_add(roll.total_modifier());
    if wild_total == Some(1) && trait_total == 1 {
        return TraitResult { total, raises: 0, outcome: Outcome::CriticalFailure };
    }
    grade(rules, total, roll.tn)
}

/// Grades a total against a target number: failure, success, or a raise and how many.
#[must_use]
pub fn grade(rules: &Rules, total: i32, tn: i32) -> TraitResult {
    if total < tn {
        return TraitResult { total, raises: 0, outcome: Outcome::Failure };
    }
    let raises = u32::try_from((total - tn) / rules.core.traits.raise_step.max(1)).unwrap_or(0);
    let outcome = if raises == 0 { Outcome::Success } else { Outcome::Raise };
    TraitResult { total, raises, outcome }
}

/// A roll that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RollError {
    #[error(transparent)]
    Total(#[from] TotalError),
    #[error("a Wild Card rolls the Wild Die too: give both totals")]
    WildDieMissing,
    #[error("an Extra rolls no Wild Die: give only the trait die's total")]
    NoWildDie,
}

/// The dice of a trait roll as an event records them: typed from the real dice (each die's
/// total after aces), or rolled by Posse from a recorded seed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum TraitDice {
    Typed {
        trait_die: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        wild_die: Option<u32>,
    },
    Seeded {
        seed: u64,
    },
}

/// A trait roll's dice once known: each die's faces (aces shown) and totals.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Rolled {
    pub trait_faces: Vec<u32>,
    pub wild_faces: Option<Vec<u32>>,
    pub result: TraitResult,
}

impl Rolled {
    /// The trait die's total after aces.
    #[must_use]
    pub fn trait_total(&self) -> u32 {
        self.trait_faces.iter().sum()
    }

    /// The Wild Die's total after aces.
    #[must_use]
    pub fn wild_total(&self) -> Option<u32> {
        self.wild_faces.as_ref().map(|f| f.iter().sum())
    }

    /// The dice in words: "d8 11 (8+3), Wild Die 2".
    #[must_use]
    pub fn dice_words(&self, die: Die) -> String {
        let one = |faces: &[u32]| {
            let total: u32 = faces.iter().sum();
            if faces.len() > 1 {
                let parts: Vec<String> = faces.iter().map(ToString::to_string).collect();
                format!("{total} ({})", parts.join("+"))
            } else {
                total.to_string()
            }
        };
        let mut words = format!("d{} {}", die.sides(), one(&self.trait_faces));
        if let Some(wild) = &self.wild_faces {
            let _ = write!(words, ", Wild Die {}", one(wild));
        }
        words
    }
}

/// Reads or rolls the dice of `roll`.
///
/// # Errors
/// Typed totals that cannot be (see [`result`]).
pub fn roll_dice(rules: &Rules, roll: &TraitRoll, dice_in: &TraitDice) -> Result<Rolled, RollError> {
    match *dice_in {
        TraitDice::Typed { trait_die, wild_die } => {
            let result = result(rules, roll, trait_die, wild_die)?;
            Ok(Rolled { trait_faces: vec![trait_die], wild_faces: wild_die.map(|w| vec![w]), result })
        }
        TraitDice::Seeded { seed } => {
            let mut rng = dice::rng(seed);
            let trait_faces = dice::roll(roll.die.sides(), &mut rng);
            let wild_faces = roll.wild.then(|| dice::roll(rules.core.traits.wild_die, &mut rng));
            let trait_total: u32 = trait_faces.iter().sum();
            let wild_total = wild_faces.as_ref().map(|f| f.iter().sum());
            let result = result_of_totals(rules, roll, trait_total, wild_total);
            Ok(Rolled { trait_faces, wild_faces, result })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::systems::savage::rules::data::embedded;

    fn rules() -> &'static Rules {
        embedded().expect("embedded data")
    }

    fn roll(die: Die, wild: bool, modifier: i32, tn: i32) -> TraitRoll {
        TraitRoll { die, wild, modifier, tn }
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-12
    }

    fn check(r: TraitRoll, expected: [f64; 4]) {
        let o = odds(rules(), &r);
        let got = [o.chances.critical_failure, o.chances.failure, o.chances.success, o.chances.raise];
        for (g, e) in got.iter().zip(expected) {
            assert!(close(*g, e), "{r:?}: got {got:?}, expected {expected:?}");
        }
        let total: f64 = got.iter().sum();
        assert!(close(total, 1.0), "{r:?} sums to {total}");
        let raises: f64 = o.by_raises.iter().map(|c| c.chance).sum();
        assert!(close(raises, o.chances.raise), "{r:?}: raises {raises} vs {}", o.chances.raise);
    }

    #[test]
    fn a_d4_against_4_with_its_wild_die() {
        // d4: P(≥4) = 1/4 (the ace). Wild d6: P(≥4) = 3/6. Miss both: 3/4 × 1/2 = 3/8, so a
        // success or better is 5/8. Double 1: 1/4 × 1/6 = 1/24, inside the 3/8 of misses, so
        // failure = 3/8 − 1/24 = 8/24 = 1/3.
        // A raise needs 8: the d4 must ace (1/4) and then reach 4, which is another ace (1/4):
        // 1/16. The d6 reaches 8 by its ace (1/6) then 2 or more (5/6): 5/36.
        // Miss both: (15/16)(31/36) = 465/576, so a raise is 111/576.
        // Success without a raise: 5/8 − 111/576 = 360/576 − 111/576 = 249/576.
        check(roll(Die::D4, true, 0, 4), [1.0 / 24.0, 1.0 / 3.0, 249.0 / 576.0, 111.0 / 576.0]);
    }

    #[test]
    fn a_d6_extra_must_ace_to_reach_8() {
        // No Wild Die: 8 on a d6 is the ace (1/6) then 2 or more (5/6): 5/36. A raise at 12
        // is the ace then 6+, i.e. two aces: 1/36.
        // Success without a raise: 5/36 − 1/36 = 4/36; failure: 31/36; no critical failure.
        check(roll(Die::D6, false, 0, 8), [0.0, 31.0 / 36.0, 4.0 / 36.0, 1.0 / 36.0]);
    }

    #[test]
    fn an_extra_d8_at_tn_4() {
        // d8 ≥ 4: 5/8. d8 ≥ 8 (the ace): 1/8. So success 4/8, raise 1/8, failure 3/8.
        check(roll(Die::D8, false, 0, 4), [0.0, 3.0 / 8.0, 0.5, 1.0 / 8.0]);
    }

    #[test]
    fn a_big_bonus_still_fails_critically_on_double_ones() {
        // +10 on a d6 with the Wild Die: every pair but 1–1 reaches 8 (one raise) and 12 (two
        // raises: a kept die of 2+). Three raises (16) need a kept 6+: at least one of the two
        // d6s aces, 1 − (5/6)² = 11/36. So exactly one raise: 0; exactly two: 35/36 − 11/36.
        let r = roll(Die::D6, true, 10, 4);
        let o = odds(rules(), &r);
        assert!(close(o.chances.critical_failure, 1.0 / 36.0));
        assert!(close(o.chances.failure, 0.0));
        assert!(close(o.chances.success, 0.0));
        assert!(close(o.chances.raise, 35.0 / 36.0));
        let by: Vec<f64> = o.by_raises.iter().map(|c| c.chance).collect();
        assert!(close(by.first().copied().unwrap_or(1.0), 0.0), "{by:?}");
        assert!(close(by.get(1).copied().unwrap_or(0.0), 24.0 / 36.0), "{by:?}");
    }

    #[test]
    fn d12_plus_adds_its_bonus() {
        let plain = odds(rules(), &roll(Die::D12, true, 2, 4));
        let plus = odds(rules(), &roll(Die::d12_plus(2).expect("d12+2"), true, 0, 4));
        assert_eq!(plain, plus);
    }

    #[test]
    fn every_distribution_sums_to_one() {
        for die in ["d4", "d6", "d8", "d10", "d12", "d12+3"] {
            let die: Die = die.parse().expect("die");
            for wild in [true, false] {
                for modifier in -8..=8 {
                    for tn in [-2, 0, 2, 4, 6, 9, 13] {
                        let o = odds(rules(), &roll(die, wild, modifier, tn));
                        let c = o.chances;
                        let total = c.critical_failure + c.failure + c.success + c.raise;
                        assert!(close(total, 1.0), "{die} {wild} {modifier} {tn}: {total}");
                        assert!(
                            [c.critical_failure, c.failure, c.success, c.raise].iter().all(|p| *p >= 0.0)
                        );
                        let raises: f64 = o.by_raises.iter().map(|c| c.chance).sum();
                        assert!(close(raises, c.raise));
                    }
                }
            }
        }
    }

    fn check_result(r: TraitRoll, t: u32, w: Option<u32>, expected: Result<(i32, u32, Outcome), &str>) {
        let got =
            result(rules(), &r, t, w).map(|x| (x.total, x.raises, x.outcome)).map_err(|e| e.to_string());
        assert_eq!(got, expected.map_err(str::to_owned), "{t} {w:?}");
    }

    #[test]
    fn typed_rolls() {
        let wc = roll(Die::D8, true, 0, 4);
        check_result(wc, 3, Some(5), Ok((5, 0, Outcome::Success)));
        check_result(wc, 11, Some(2), Ok((11, 1, Outcome::Raise)));
        check_result(wc, 13, Some(1), Ok((13, 2, Outcome::Raise)));
        check_result(wc, 1, Some(1), Ok((1, 0, Outcome::CriticalFailure)));
        check_result(roll(Die::D8, true, 5, 4), 1, Some(1), Ok((6, 0, Outcome::CriticalFailure)));
        check_result(wc, 2, Some(3), Ok((3, 0, Outcome::Failure)));
        check_result(wc, 8, Some(3), Err("8 on the d8: it aced: roll again and add"));
        check_result(wc, 3, Some(6), Err("6 on the d6: it aced: roll again and add"));
        check_result(wc, 3, None, Err("a Wild Card rolls the Wild Die too: give both totals"));
        let extra = roll(Die::D6, false, -2, 4);
        check_result(extra, 7, None, Ok((5, 0, Outcome::Success)));
        check_result(extra, 1, None, Ok((-1, 0, Outcome::Failure)));
        check_result(extra, 3, Some(2), Err("an Extra rolls no Wild Die: give only the trait die's total"));
    }

    #[test]
    fn seeded_rolls_show_their_aces() {
        let r = roll(Die::D4, true, 0, 4);
        let rolled = roll_dice(rules(), &r, &TraitDice::Seeded { seed: 3 }).expect("seeded");
        let again = roll_dice(rules(), &r, &TraitDice::Seeded { seed: 3 }).expect("seeded");
        assert_eq!(rolled, again);
        let expected = result_of_totals(rules(), &r, rolled.trait_total(), rolled.wild_total());
        assert_eq!(rolled.result, expected);
    }
}
