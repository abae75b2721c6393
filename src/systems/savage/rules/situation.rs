//! The situation of one attack, as the Marshal ticks it on the attack panel: the actions taken
//! this turn, Gang Up, The Drop, a Wild Attack, aiming, the target's cover, a called shot.
//! The numbers are `core.json` `situations` ([`Situations`]); this is what an attack or a
//! damage event records, and the modifiers it gives, each with its name for the breakdown.

use serde::{Deserialize, Serialize};

use super::data::{Rules, Situations};

/// What an attack's situation adds up to, or why it cannot be.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SituationError {
    #[error("'{0}' is not a cover: use {1}")]
    UnknownCover(String, String),
    #[error("'{0}' is not a called shot: use {1}")]
    UnknownCalledShot(String, String),
    #[error("{0} is for melee attacks only")]
    MeleeOnly(&'static str),
    #[error("aiming is for ranged attacks only")]
    RangedOnly,
    #[error("{0} actions: at most {1} actions a turn")]
    TooManyActions(u32, u32),
}

#[expect(clippy::trivially_copy_pass_by_ref, reason = "serde's skip_serializing_if takes a reference")]
fn is_zero(n: &u32) -> bool {
    *n == 0
}

#[expect(clippy::trivially_copy_pass_by_ref, reason = "serde's skip_serializing_if takes a reference")]
fn is_false(b: &bool) -> bool {
    !*b
}

/// The toggles of one attack (and of the damage that follows it). Every field is left out of
/// the journal when unset, so an attack without them is written as before.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Situation {
    /// The actions declared this turn (0: as many as the fight has counted, this one included).
    #[serde(skip_serializing_if = "is_zero")]
    pub actions: u32,
    /// Attackers adjacent to the target beyond this one (melee).
    #[serde(skip_serializing_if = "is_zero")]
    pub gang_up: u32,
    /// The target is taken unawares.
    #[serde(skip_serializing_if = "is_false")]
    pub the_drop: bool,
    /// A Wild Attack (melee): better to hit and harder hitting, Parry lowered until its next turn.
    #[serde(skip_serializing_if = "is_false")]
    pub wild_attack: bool,
    /// The attacker aimed (ranged).
    #[serde(skip_serializing_if = "is_false")]
    pub aim: bool,
    /// The target's cover (an id of `situations.cover`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cover: Option<String>,
    /// A called shot (an id of `situations.called_shots`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub called_shot: Option<String>,
}

fn ids<'a>(list: impl Iterator<Item = &'a str>) -> String {
    list.collect::<Vec<_>>().join(", ")
}

impl Situation {
    /// Nothing ticked.
    #[must_use]
    pub fn is_plain(&self) -> bool {
        *self == Situation::default()
    }

    /// The attack roll's modifiers, each named, for an attack that is the `actions`-th action
    /// (or more) of the turn; zeros are left out.
    ///
    /// # Errors
    /// An unknown cover or called shot, a melee toggle on a ranged attack or aiming in melee,
    /// more actions than a turn allows.
    pub fn attack_parts(
        &self,
        rules: &Rules,
        melee: bool,
        actions: u32,
    ) -> Result<Vec<(String, i32)>, SituationError> {
        let sit = &rules.core.situations;
        let mut parts = Vec::new();
        if actions > sit.multi_action.max_actions {
            return Err(SituationError::TooManyActions(actions, sit.multi_action.max_actions));
        }
        parts.push(("Multi-action".to_owned(), sit.multi_action_penalty(actions)));
        if self.gang_up > 0 {
            if !melee {
                return Err(SituationError::MeleeOnly("Gang Up"));
            }
            parts.push(("Gang Up".to_owned(), sit.gang_up_bonus(self.gang_up)));
        }
        if self.the_drop {
            parts.push(("The Drop".to_owned(), sit.the_drop.attack));
        }
        if self.wild_attack {
            if !melee {
                return Err(SituationError::MeleeOnly("A Wild Attack"));
            }
            parts.push(("Wild Attack".to_owned(), sit.wild_attack.attack));
        }
        if self.aim {
            if melee {
                return Err(SituationError::RangedOnly);
            }
            parts.push(("Aim".to_owned(), sit.aim));
        }
        if let Some(id) = &self.cover {
            let c = cover(sit, id)?;
            parts.push((c.name.clone(), c.modifier));
        }
        if let Some(id) = &self.called_shot {
            let c = called(sit, id)?;
            parts.push((format!("Called shot: {}", c.name), c.attack));
        }
        parts.retain(|(_, n)| *n != 0);
        Ok(parts)
    }

    /// The damage roll's modifiers, each named (The Drop, a Wild Attack, a called shot).
    ///
    /// # Errors
    /// An unknown called shot.
    pub fn damage_parts(&self, rules: &Rules) -> Result<Vec<(String, i32)>, SituationError> {
        let sit = &rules.core.situations;
        let mut parts = Vec::new();
        if self.the_drop {
            parts.push(("The Drop".to_owned(), sit.the_drop.damage));
        }
        if self.wild_attack {
            parts.push(("Wild Attack".to_owned(), sit.wild_attack.damage));
        }
        if let Some(id) = &self.called_shot {
            let c = called(sit, id)?;
            parts.push((format!("Called shot: {}", c.name), c.damage));
        }
        parts.retain(|(_, n)| *n != 0);
        Ok(parts)
    }
}

fn cover<'s>(sit: &'s Situations, id: &str) -> Result<&'s super::data::CoverBand, SituationError> {
    sit.cover(id).ok_or_else(|| {
        SituationError::UnknownCover(id.to_owned(), ids(sit.cover.iter().map(|c| c.id.as_str())))
    })
}

fn called<'s>(sit: &'s Situations, id: &str) -> Result<&'s super::data::CalledShotRule, SituationError> {
    sit.called_shot(id).ok_or_else(|| {
        SituationError::UnknownCalledShot(id.to_owned(), ids(sit.called_shots.iter().map(|c| c.id.as_str())))
    })
}

/// The parts together.
#[must_use]
pub fn sum(parts: &[(String, i32)]) -> i32 {
    parts.iter().map(|(_, n)| n).sum()
}

/// The parts in words for the log: " [Multi-action −2 · The Drop +4]", or nothing.
#[must_use]
pub fn words(parts: &[(String, i32)]) -> String {
    if parts.is_empty() {
        return String::new();
    }
    let shown: Vec<String> = parts
        .iter()
        .map(|(what, n)| if *n >= 0 { format!("{what} +{n}") } else { format!("{what} {n}") })
        .collect();
    format!(" [{}]", shown.join(" · "))
}

/// The Toughness a damage roll is against: armour piercing `ap` ignores up to that much of
/// the `armour` inside `toughness`.
#[must_use]
pub fn effective_toughness(toughness: i32, armour: i32, ap: u32) -> i32 {
    let ignored = i32::try_from(ap).unwrap_or(i32::MAX).min(armour.max(0));
    toughness - ignored
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::systems::savage::rules::embedded;

    fn rules() -> &'static Rules {
        embedded().expect("embedded data")
    }

    fn named(parts: &[(String, i32)]) -> Vec<(&str, i32)> {
        parts.iter().map(|(w, n)| (w.as_str(), *n)).collect()
    }

    /// S32 (SW): each action beyond the first is −2 to every action, at most three actions.
    #[test]
    fn multi_action_is_minus_two_per_extra_action_up_to_three() {
        let plain = Situation::default();
        assert!(plain.attack_parts(rules(), false, 1).expect("one").is_empty());
        assert_eq!(named(&plain.attack_parts(rules(), false, 2).expect("two")), [("Multi-action", -2)]);
        assert_eq!(named(&plain.attack_parts(rules(), true, 3).expect("three")), [("Multi-action", -4)]);
        assert_eq!(
            plain.attack_parts(rules(), true, 4).map_err(|e| e.to_string()),
            Err("4 actions: at most 3 actions a turn".to_owned())
        );
    }

    /// S33–S38 (SW): Gang Up +1 each up to +4; The Drop +4 and +4; Wild Attack +2 and +2;
    /// aim +2; cover −2 to −8; called shots limb −2, head −4 with +4 damage.
    #[test]
    fn every_toggle_is_named_in_the_breakdown() {
        let r = rules();
        let melee = Situation {
            gang_up: 6,
            the_drop: true,
            wild_attack: true,
            called_shot: Some("head".into()),
            ..Situation::default()
        };
        assert_eq!(
            named(&melee.attack_parts(r, true, 1).expect("melee")),
            [("Gang Up", 4), ("The Drop", 4), ("Wild Attack", 2), ("Called shot: Head", -4)]
        );
        assert_eq!(
            named(&melee.damage_parts(r).expect("damage")),
            [("The Drop", 4), ("Wild Attack", 2), ("Called shot: Head", 4)]
        );
        let ranged = Situation {
            aim: true,
            cover: Some("near_total".into()),
            called_shot: Some("limb".into()),
            ..Situation::default()
        };
        assert_eq!(
            named(&ranged.attack_parts(r, false, 2).expect("ranged")),
            [("Multi-action", -2), ("Aim", 2), ("Near total cover", -8), ("Called shot: Limb", -2)]
        );
        assert!(ranged.damage_parts(r).expect("damage").is_empty());
        for (s, melee, why) in [
            (Situation { gang_up: 1, ..Situation::default() }, false, "Gang Up is for melee attacks only"),
            (
                Situation { wild_attack: true, ..Situation::default() },
                false,
                "A Wild Attack is for melee attacks only",
            ),
            (Situation { aim: true, ..Situation::default() }, true, "aiming is for ranged attacks only"),
            (
                Situation { cover: Some("total".into()), ..Situation::default() },
                false,
                "'total' is not a cover: use light, medium, heavy, near_total",
            ),
        ] {
            assert_eq!(s.attack_parts(r, melee, 1).map_err(|e| e.to_string()), Err(why.to_owned()));
        }
        assert_eq!(
            words(&melee.damage_parts(r).expect("damage")),
            " [The Drop +4 · Wild Attack +2 · Called shot: Head +4]"
        );
    }

    /// S39 (SW): armour piercing ignores up to its value of the armour, never more.
    #[test]
    fn armour_piercing_ignores_only_the_armour() {
        assert_eq!(effective_toughness(9, 3, 2), 7);
        assert_eq!(effective_toughness(9, 3, 5), 6);
        assert_eq!(effective_toughness(9, 0, 5), 9);
    }
}
