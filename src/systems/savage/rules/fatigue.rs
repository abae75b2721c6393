//! Fatigue from lack of sleep and thirst: the modifier of each 12-hour Vigor roll.

use serde::{Deserialize, Serialize};

use super::data::Rules;
use super::die::Die;
use super::traits::{self, TraitResult, TraitRoll};

/// Why a fatigue roll is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum FatigueCause {
    /// Awake for a day or more: the `check`-th roll (1 for the first), with coffee or not.
    Sleep {
        check: u32,
        #[serde(default)]
        coffee: bool,
    },
    /// Short of water for a day; `short` when less than half the water needed.
    Thirst {
        #[serde(default)]
        short: bool,
    },
}

impl FatigueCause {
    /// "lack of sleep" / "thirst".
    #[must_use]
    pub fn words(self) -> &'static str {
        match self {
            FatigueCause::Sleep { .. } => "lack of sleep",
            FatigueCause::Thirst { .. } => "thirst",
        }
    }
}

/// The modifier of a fatigue roll for its cause (before wound and fatigue penalties): −2 for
/// each roll so far without sleep, down to −6, +2 with coffee; −2 for thirst with less than
/// half the water.
#[must_use]
pub fn check_modifier(rules: &Rules, cause: FatigueCause) -> i32 {
    let f = &rules.core.fatigue;
    match cause {
        FatigueCause::Sleep { check, coffee } => {
            let n = i32::try_from(check.max(1)).unwrap_or(i32::MAX);
            let lack = f.sleep_modifier_per_check.saturating_mul(n).max(f.sleep_modifier_cap);
            lack + if coffee { f.coffee_bonus } else { 0 }
        }
        FatigueCause::Thirst { short } => {
            if short {
                f.short_of_water_modifier
            } else {
                0
            }
        }
    }
}

/// The people a Survival roll finds water and food for (S41, fr 11: "Avec un jet de survie
/// réussi, il peut trouver suffisamment d'eau (et de nourriture) pour 1 personne, avec une
/// Relance pour 5 de plus"): none on a failure, one on a success, five more for each raise.
#[must_use]
pub fn survival_fed(rules: &Rules, result: &TraitResult) -> u32 {
    let f = &rules.core.fatigue;
    if result.outcome.succeeded() {
        f.survival_feeds.saturating_add(f.survival_more_per_raise.saturating_mul(result.raises))
    } else {
        0
    }
}

/// The raises a Survival roll needs to find water and food for `people` (0: a success does).
#[must_use]
pub fn survival_raises_needed(rules: &Rules, people: u32) -> u32 {
    let f = &rules.core.fatigue;
    let more = people.saturating_sub(f.survival_feeds);
    more.div_ceil(f.survival_more_per_raise.max(1))
}

/// The exact chance that a Survival roll (`die`, with the Wild Die when `wild`, `modifier`
/// included) finds water and food for `people` (at least one).
#[must_use]
pub fn survival_odds(rules: &Rules, die: Die, wild: bool, modifier: i32, people: u32) -> f64 {
    let raises = i32::try_from(survival_raises_needed(rules, people.max(1))).unwrap_or(i32::MAX);
    let step = rules.core.traits.raise_step.max(1);
    let tn = rules.core.traits.target_number.saturating_add(raises.saturating_mul(step));
    traits::odds(rules, &TraitRoll { die, wild, modifier, tn }).at_least_success()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::systems::savage::rules::data::embedded;

    fn check(cause: FatigueCause, expected: i32) {
        assert_eq!(check_modifier(embedded().expect("data"), cause), expected, "{cause:?}");
    }

    #[test]
    fn modifiers_grow_and_stop_at_minus_6() {
        check(FatigueCause::Sleep { check: 1, coffee: false }, -2);
        check(FatigueCause::Sleep { check: 2, coffee: false }, -4);
        check(FatigueCause::Sleep { check: 3, coffee: false }, -6);
        check(FatigueCause::Sleep { check: 7, coffee: false }, -6);
        check(FatigueCause::Sleep { check: 1, coffee: true }, 0);
        check(FatigueCause::Thirst { short: false }, 0);
        check(FatigueCause::Thirst { short: true }, -2);
    }

    /// S41, fr 11: "Avec un jet de survie réussi, il peut trouver suffisamment d'eau (et de
    /// nourriture) pour 1 personne, avec une Relance pour 5 de plus."
    #[test]
    fn survival_feeds_one_and_five_more_per_raise() {
        use crate::systems::savage::rules::traits::Outcome;
        let rules = embedded().expect("data");
        let fed = |outcome, raises| survival_fed(rules, &TraitResult { total: 0, outcome, raises });
        assert_eq!(fed(Outcome::CriticalFailure, 0), 0);
        assert_eq!(fed(Outcome::Failure, 0), 0);
        assert_eq!(fed(Outcome::Success, 0), 1);
        assert_eq!(fed(Outcome::Raise, 1), 6);
        assert_eq!(fed(Outcome::Raise, 2), 11);
        let needed: Vec<u32> =
            [1, 2, 6, 7, 11, 12].iter().map(|&n| survival_raises_needed(rules, n)).collect();
        assert_eq!(needed, [0, 1, 1, 2, 2, 3]);
        // A d6 Extra at +0: 4 or more on the d6 (1/2); for six people 8 or more (6 then 2+: 1/6 · 5/6).
        assert!((survival_odds(rules, Die::D6, false, 0, 1) - 0.5).abs() < 1e-12);
        assert!((survival_odds(rules, Die::D6, false, 0, 6) - 5.0 / 36.0).abs() < 1e-12);
    }
}
