//! Fatigue from lack of sleep and thirst: the modifier of each 12-hour Vigor roll.

use serde::{Deserialize, Serialize};

use super::data::Rules;

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
}
