//! The special abilities and Edges that change a combatant's rolls (S42–S47: the summary is
//! silent on them, so Savage Worlds as players know them): each a key of the combatant file,
//! off unless written, so older files read the same. The numbers are `core.json` `abilities`.

use serde::Serialize;

use super::data::Rules;

/// What a roll is for, where an ability changes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RollFor {
    /// Any other trait roll (attacks, checks, fatigue, interrupting).
    Any,
    /// The Spirit roll to recover from Shaken.
    Unshake,
    /// The Vigor roll to soak wounds.
    Soak,
    /// The Vigor roll on Incapacitation.
    Incapacitation,
    /// The Vigor roll against Bleeding Out.
    BleedingOut,
}

/// A combatant's roll-changing abilities; each is left out of the file when false.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[expect(clippy::struct_excessive_bools, reason = "independent abilities, each a checkbox of the editor")]
pub struct Abilities {
    /// Undead (S42): +2 to recover from Shaken; ignores wound penalties.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub undead: bool,
    /// Fearless (S43): no Fear tests (the fight has none; recorded for the Marshal).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub fearless: bool,
    /// Combat Reflexes (S44): +2 to recover from Shaken.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub combat_reflexes: bool,
    /// Iron Jaw (S45): +2 to soak.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub iron_jaw: bool,
    /// Nerves of Steel (S46): one point of wound penalty ignored.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub nerves_of_steel: bool,
    /// Hard to Kill (S47): no wound penalty on the Incapacitation and Bleeding Out rolls.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub hard_to_kill: bool,
}

impl Abilities {
    /// What the abilities add to a roll `for_what` (0 for none).
    #[must_use]
    pub fn bonus(self, rules: &Rules, for_what: RollFor) -> i32 {
        let a = &rules.core.abilities;
        match for_what {
            RollFor::Unshake => {
                (if self.undead { a.undead_unshake } else { 0 })
                    + (if self.combat_reflexes { a.combat_reflexes_unshake } else { 0 })
            }
            RollFor::Soak if self.iron_jaw => a.iron_jaw_soak,
            RollFor::Any | RollFor::Soak | RollFor::Incapacitation | RollFor::BleedingOut => 0,
        }
    }

    /// The wound penalty (0 or below) left on a roll `for_what` once the abilities have
    /// ignored what they ignore.
    #[must_use]
    pub fn wound_penalty(self, rules: &Rules, penalty: i32, for_what: RollFor) -> i32 {
        let survives = matches!(for_what, RollFor::Incapacitation | RollFor::BleedingOut);
        if self.undead || (self.hard_to_kill && survives) {
            return 0;
        }
        if self.nerves_of_steel {
            return penalty.saturating_add(rules.core.abilities.nerves_of_steel_ignores).min(0);
        }
        penalty
    }

    /// The abilities a combatant has, in words: "Undead, Iron Jaw".
    #[must_use]
    pub fn names(self) -> Vec<&'static str> {
        [
            (self.undead, "Undead"),
            (self.fearless, "Fearless"),
            (self.combat_reflexes, "Combat Reflexes"),
            (self.iron_jaw, "Iron Jaw"),
            (self.nerves_of_steel, "Nerves of Steel"),
            (self.hard_to_kill, "Hard to Kill"),
        ]
        .into_iter()
        .filter_map(|(has, name)| has.then_some(name))
        .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::systems::savage::rules::data::embedded;

    /// One line per ability and roll: (abilities, roll, wound penalty before) → (bonus, wound
    /// penalty after).
    fn check(a: Abilities, for_what: RollFor, before: i32, expected: (i32, i32)) {
        let rules = embedded().expect("data");
        assert_eq!(
            (a.bonus(rules, for_what), a.wound_penalty(rules, before, for_what)),
            expected,
            "{a:?} {for_what:?}"
        );
    }

    #[test]
    fn each_ability_changes_its_own_rolls() {
        let none = Abilities::default();
        let undead = Abilities { undead: true, ..none };
        let reflexes = Abilities { combat_reflexes: true, ..none };
        let jaw = Abilities { iron_jaw: true, ..none };
        let nerves = Abilities { nerves_of_steel: true, ..none };
        let hard = Abilities { hard_to_kill: true, ..none };
        let fearless = Abilities { fearless: true, ..none };
        check(none, RollFor::Unshake, -2, (0, -2));
        // S42 Undead: +2 to recover from Shaken, no wound penalty on any roll.
        check(undead, RollFor::Unshake, -3, (2, 0));
        check(undead, RollFor::Any, -3, (0, 0));
        check(undead, RollFor::Soak, -1, (0, 0));
        // S44 Combat Reflexes: +2 to recover from Shaken only; with Undead, +4.
        check(reflexes, RollFor::Unshake, -1, (2, -1));
        check(reflexes, RollFor::Any, -1, (0, -1));
        check(Abilities { combat_reflexes: true, ..undead }, RollFor::Unshake, -1, (4, 0));
        // S45 Iron Jaw: +2 to soak only.
        check(jaw, RollFor::Soak, -2, (2, -2));
        check(jaw, RollFor::Unshake, -2, (0, -2));
        // S46 Nerves of Steel: one point of the wound penalty, never a bonus.
        check(nerves, RollFor::Any, -3, (0, -2));
        check(nerves, RollFor::Any, -1, (0, 0));
        check(nerves, RollFor::Any, 0, (0, 0));
        // S47 Hard to Kill: no wound penalty on the Incapacitation and Bleeding Out rolls only.
        check(hard, RollFor::Incapacitation, -3, (0, 0));
        check(hard, RollFor::BleedingOut, -3, (0, 0));
        check(hard, RollFor::Soak, -3, (0, -3));
        check(Abilities { nerves_of_steel: true, ..hard }, RollFor::Any, -3, (0, -2));
        // S43 Fearless changes no roll of the fight.
        for r in [RollFor::Any, RollFor::Unshake, RollFor::Soak, RollFor::Incapacitation] {
            check(fearless, r, -2, (0, -2));
        }
    }
}
