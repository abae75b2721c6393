//! Nerve tests and the Big Nerve test.
//!
//! A nerve test is a d10 plus modifiers against the model's Nerve; a natural 1 always fails
//! and a natural 10 is not an automatic pass (A16). The Big Nerve test follows readings A07–A11:
//! required when more than half the side's starting models are out of action; penalty
//! `out − floor(models / 2)`; automatic failure when the markers on the models still standing
//! reach twice their number; no other modifiers.

use serde::Serialize;

use super::data::Rules;
use super::odds::Chance;
use super::shooting::Modifier;

/// What decides one nerve test.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NerveInput {
    /// The model's Nerve value (the `4` of `4+`).
    pub nerve: u32,
    /// Under fire markers on the model, including one just received (A15).
    pub under_fire: u32,
    /// A friendly model within 15 cm.
    pub friend_near: bool,
    /// Further modifiers, e.g. I Am The Law.
    pub extra: Vec<Modifier>,
}

/// The odds of a nerve test.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct NerveOdds {
    /// The lowest d10 face that passes; 11 when none does.
    pub needed: u32,
    pub modifier: i32,
    pub modifiers: Vec<Modifier>,
    pub pass_chance: Chance,
}

/// A pass or a fail.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TestResult {
    Pass,
    Fail,
}

impl TestResult {
    /// The word used in JSON and the log.
    #[must_use]
    pub fn id(self) -> &'static str {
        match self {
            TestResult::Pass => "pass",
            TestResult::Fail => "fail",
        }
    }
}

/// Why the rules refuse a nerve test's numbers.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NerveError {
    #[error("a Nerve value runs from 2+ to 10+, not {0}+")]
    BadNerve(u32),
    #[error("a model with {0} under fire markers is already out of action (5 Hits at most)")]
    TooManyMarkers(u32),
    #[error("a side needs at least one model")]
    NoModels,
    #[error("{out} models out of action is more than the {models} the side began with")]
    MoreOutThanModels { out: u32, models: u32 },
}

const MAX_MARKERS: u32 = 4;

fn check_nerve(nerve: u32) -> Result<(), NerveError> {
    if (2..=10).contains(&nerve) { Ok(()) } else { Err(NerveError::BadNerve(nerve)) }
}

/// The lowest d10 face that passes against `nerve` with `modifier`, 11 when none does.
fn needed(rules: &Rules, nerve: u32, modifier: i32) -> u32 {
    let natural_fail = rules.core.nerve.natural_fail;
    let raw = i64::from(nerve) - i64::from(modifier);
    let lowest = raw.max(i64::from(natural_fail) + 1);
    u32::try_from(lowest).unwrap_or(u32::MAX).min(rules.core.nerve.die + 1)
}

fn pass_chance(rules: &Rules, needed: u32) -> Chance {
    let die = rules.core.nerve.die;
    Chance::new((die + 1).saturating_sub(needed), die)
}

/// Works out a nerve test's target and odds.
///
/// # Errors
/// When the Nerve value or the marker count is impossible.
pub fn nerve_test(rules: &Rules, input: &NerveInput) -> Result<NerveOdds, NerveError> {
    check_nerve(input.nerve)?;
    if input.under_fire > MAX_MARKERS {
        return Err(NerveError::TooManyMarkers(input.under_fire));
    }
    let numbers = &rules.core.nerve;
    let mut modifiers = Vec::new();
    if input.under_fire > 0 {
        modifiers.push(Modifier {
            reason: format!("Under fire ({})", super::count(input.under_fire, "marker", "markers")),
            value: numbers.under_fire_each * i32::try_from(input.under_fire).unwrap_or(0),
        });
    }
    if input.friend_near {
        modifiers.push(Modifier {
            reason: format!("Friend within {} cm", numbers.friend_near_cm),
            value: numbers.friend_near,
        });
    }
    modifiers.extend(input.extra.iter().filter(|m| m.value != 0).cloned());
    let modifier = modifiers.iter().map(|m| m.value).sum();
    let needed = needed(rules, input.nerve, modifier);
    Ok(NerveOdds { needed, modifier, modifiers, pass_chance: pass_chance(rules, needed) })
}

/// The result of a natural d10 `roll` against a test that needs `needed`.
#[must_use]
pub fn test_result(needed: u32, roll: u32) -> TestResult {
    if roll >= needed { TestResult::Pass } else { TestResult::Fail }
}

/// What decides a Big Nerve test.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BigNerveInput {
    /// Models the side began the scene with (A09).
    pub models: u32,
    /// Models out of action.
    pub out: u32,
    /// Under fire markers on the models still standing.
    pub under_fire: u32,
    /// The Nerve value tested: the boss's, or the best still standing (A10).
    pub nerve: u32,
    /// Read the penalty literally: one less than reading A08 (0 at the first casualty that
    /// triggers the test). Some groups play it this way.
    pub literal_penalty: bool,
}

/// A Big Nerve test's status and odds.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BigNerveOdds {
    pub required: bool,
    pub automatic_fail: bool,
    /// The penalty as a negative modifier (0 when no test is required).
    pub modifier: i32,
    /// The lowest d10 face that passes; 11 when none does.
    pub needed: u32,
    pub pass_chance: Chance,
    /// Models still standing.
    pub standing: u32,
}

/// Works out whether a side must take a Big Nerve test and its odds.
///
/// # Errors
/// When the numbers are impossible: no models, more out than began, a Nerve out of range.
pub fn big_nerve(rules: &Rules, input: BigNerveInput) -> Result<BigNerveOdds, NerveError> {
    check_nerve(input.nerve)?;
    if input.models == 0 {
        return Err(NerveError::NoModels);
    }
    if input.out > input.models {
        return Err(NerveError::MoreOutThanModels { out: input.out, models: input.models });
    }
    let standing = input.models - input.out;
    // Counted in 64 bits: doubling a 32-bit count must not wrap round to "not required".
    let required = u64::from(input.out) * 2 > u64::from(input.models);
    if !required {
        let needed = needed(rules, input.nerve, 0);
        return Ok(BigNerveOdds {
            required,
            automatic_fail: false,
            modifier: 0,
            needed,
            pass_chance: pass_chance(rules, needed),
            standing,
        });
    }
    let automatic_fail = u64::from(input.under_fire)
        >= u64::from(rules.core.big_nerve.auto_fail_markers_per_model) * u64::from(standing);
    let penalty = (input.out - input.models / 2).saturating_sub(u32::from(input.literal_penalty));
    let modifier = -i32::try_from(penalty).unwrap_or(i32::MAX);
    let needed = if automatic_fail { rules.core.nerve.die + 1 } else { needed(rules, input.nerve, modifier) };
    Ok(BigNerveOdds {
        required,
        automatic_fail,
        modifier,
        needed,
        pass_chance: pass_chance(rules, needed),
        standing,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::systems::dmh::rules::embedded;

    fn test(nerve: u32, under_fire: u32, friend_near: bool) -> NerveOdds {
        nerve_test(embedded::rules(), &NerveInput { nerve, under_fire, friend_near, extra: vec![] })
            .expect("legal test")
    }

    fn bnt(models: u32, out: u32, under_fire: u32, nerve: u32) -> BigNerveOdds {
        big_nerve(embedded::rules(), BigNerveInput { models, out, under_fire, nerve, literal_penalty: false })
            .expect("legal")
    }

    #[test]
    fn nerve_targets_and_odds() {
        let check = |nerve, uf, friend, needed, tenths| {
            let o = test(nerve, uf, friend);
            assert_eq!(o.needed, needed, "{nerve}+ uf {uf} friend {friend}");
            assert_eq!(o.pass_chance, Chance::new(tenths, 10));
        };
        check(4, 0, false, 4, 7);
        check(4, 1, false, 5, 6);
        check(4, 1, true, 4, 7);
        check(2, 0, true, 2, 9); // a natural 1 always fails
        check(6, 4, false, 10, 1);
        check(6, 4, false, 10, 1);
        check(5, 4, false, 9, 2);
        assert_eq!(test(6, 4, false).modifier, -4);
    }

    #[test]
    fn hopeless_tests_need_eleven() {
        let rules = embedded::rules();
        let o = nerve_test(
            rules,
            &NerveInput {
                nerve: 6,
                under_fire: 4,
                friend_near: false,
                extra: vec![Modifier { reason: "test".into(), value: -2 }],
            },
        )
        .expect("legal");
        assert_eq!(o.needed, 11);
        assert_eq!(o.pass_chance, Chance::never());
        assert_eq!(test_result(11, 10), TestResult::Fail);
    }

    #[test]
    fn bad_inputs_are_refused() {
        let rules = embedded::rules();
        let input = |nerve, under_fire| NerveInput { nerve, under_fire, ..NerveInput::default() };
        assert_eq!(nerve_test(rules, &input(1, 0)), Err(NerveError::BadNerve(1)));
        assert_eq!(nerve_test(rules, &input(11, 0)), Err(NerveError::BadNerve(11)));
        assert_eq!(nerve_test(rules, &input(4, 5)), Err(NerveError::TooManyMarkers(5)));
        let b = |models, out| {
            big_nerve(rules, BigNerveInput { models, out, under_fire: 0, nerve: 2, literal_penalty: false })
        };
        assert_eq!(b(0, 0), Err(NerveError::NoModels));
        assert_eq!(b(3, 4), Err(NerveError::MoreOutThanModels { out: 4, models: 3 }));
    }

    #[test]
    fn counts_near_the_top_of_32_bits_do_not_wrap() {
        let max = u32::MAX;
        // Every model out: the test is required and fails automatically (no one is standing).
        let all_out = bnt(max, max, 0, 2);
        assert!(all_out.required && all_out.automatic_fail);
        assert_eq!((all_out.standing, all_out.modifier), (0, -i32::MAX));
        // Exactly half out is not more than half.
        let half = bnt(max - 1, max / 2, max, 2);
        assert!(!half.required);
        // Two markers per model standing is near the top of 32 bits: counted in 64 bits.
        let many = bnt(max, max / 2 + 1, max - 2, 2);
        assert_eq!((many.required, many.automatic_fail, many.standing), (true, false, max / 2));
        assert_eq!((many.modifier, many.needed, many.pass_chance), (-1, 3, Chance::new(8, 10)));
        assert!(bnt(max, max / 2 + 1, max - 1, 2).automatic_fail);
    }

    #[test]
    fn the_rulebook_big_nerve_example() {
        // Six outlaws down to two, five markers on them: automatic failure.
        let o = bnt(6, 4, 5, 2);
        assert!(o.required && o.automatic_fail);
        assert_eq!(o.pass_chance, Chance::never());
        // With three markers or fewer they test at -1 on the best nerve left.
        let o = bnt(6, 4, 3, 2);
        assert!(o.required && !o.automatic_fail);
        assert_eq!(o.modifier, -1);
        assert_eq!(o.needed, 3);
        assert_eq!(o.pass_chance, Chance::new(8, 10));
        // Four markers are exactly double the two left: automatic failure.
        assert!(bnt(6, 4, 4, 2).automatic_fail);
    }

    #[test]
    fn big_nerve_trigger_and_penalty_table() {
        // (models, first out that triggers, penalties from there) — the digest's quick table.
        let table: [(u32, u32, &[i32]); 8] = [
            (3, 2, &[-1]),
            (4, 3, &[-1]),
            (5, 3, &[-1, -2]),
            (6, 4, &[-1, -2]),
            (7, 4, &[-1, -2, -3]),
            (8, 5, &[-1, -2, -3]),
            (9, 5, &[-1, -2, -3, -4]),
            (10, 6, &[-1, -2, -3, -4]),
        ];
        for (models, trigger, penalties) in table {
            assert!(!bnt(models, trigger - 1, 0, 2).required, "{models} models, {} out", trigger - 1);
            for (k, &penalty) in penalties.iter().enumerate() {
                let out = trigger + u32::try_from(k).expect("small");
                let o = bnt(models, out, 0, 2);
                assert!(o.required, "{models}/{out}");
                assert_eq!(o.modifier, penalty, "{models} models, {out} out");
            }
        }
    }

    #[test]
    fn the_literal_penalty_is_one_less() {
        let rules = embedded::rules();
        let literal = |out| {
            big_nerve(rules, BigNerveInput { models: 7, out, under_fire: 0, nerve: 2, literal_penalty: true })
                .expect("legal")
                .modifier
        };
        assert_eq!(literal(4), 0);
        assert_eq!(literal(5), -1);
        assert_eq!(literal(6), -2);
    }

    #[test]
    fn not_required_reports_so() {
        let o = bnt(7, 3, 9, 2);
        assert!(!o.required);
        assert!(!o.automatic_fail);
        assert_eq!(o.modifier, 0);
    }
}
