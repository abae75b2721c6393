//! Attacks, exactly: the chance to hit, the odds of every amount of damage, and the result of
//! typed rolls.
//!
//! To hit, the attacker rolls one d6 per point of Accuracy (plus bonus dice) and needs a total
//! of at least the range in squares. Damage divides the attacker's damage dice by the
//! defender's defence dice (one per point of Health left), drops the remainder, and adds any
//! extra damage; a defence above the attack does nothing but the extra. The odds are counted
//! over every pair of totals ([`Distribution`]), never simulated: 10 attack dice against 8
//! defence dice is 51 × 41 pairs of totals.

use super::data::Rulebook;
use crate::kernel::dice::{DiceError, Distribution, MAX_DICE, ratio};
use serde::Serialize;

/// Why odds could not be given.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CombatError {
    /// A fighter with no Health is already fragged.
    #[error("a target with no Health left is already fragged and cannot be attacked")]
    NoHealth,
    /// The range is counted in squares and includes the target's square.
    #[error("the range counts the target's square, so it is at least 1")]
    NoRange,
    /// An attack roll needs dice.
    #[error("the to-hit roll needs at least one die")]
    NoDice,
    /// Extra damage beyond what any card gives (and that would take long to count).
    #[error("extra damage is 0 to {MAX_EXTRA}, not {0}")]
    TooMuchExtra(u32),
    #[error(transparent)]
    Dice(#[from] DiceError),
}

/// The most extra damage an attack may add: far above any card's, and small enough that the
/// odds of every amount of damage fit in memory.
pub const MAX_EXTRA: u32 = 99;

/// The most dice Posse counts exactly in one attack: every total of that many of the
/// rulebook's dice, paired with every total of the defence, must fit the counts (49 d6).
#[must_use]
pub fn most_dice(book: &Rulebook) -> u32 {
    let sides = u128::from(book.core.die_sides.max(2));
    let mut outcomes: u128 = 1;
    let mut dice = 0;
    while let Some(more) = outcomes.checked_mul(sides) {
        outcomes = more;
        dice += 1;
    }
    dice
}

/// The chance to hit at a range.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HitOdds {
    /// Dice rolled: Accuracy plus bonus dice.
    pub dice: u32,
    /// The range in squares: the total needed.
    pub range: u32,
    /// The chance the total reaches the range.
    pub hit_chance: f64,
    /// The rolls that hit, out of [`HitOdds::outcomes`].
    pub ways: u128,
    pub outcomes: u128,
}

/// The chance that `dice` d6s total at least `range`.
///
/// # Errors
/// No dice, a range of 0, or too many dice to count.
pub fn hit_odds(book: &Rulebook, dice: u32, range: u32) -> Result<HitOdds, CombatError> {
    hit_odds_rerolling(book, dice, range, false)
}

/// The chance that `dice` d6s total at least `range`, each 1 rolled once more when
/// `rerolls_ones` (the Agency Operative's cheatin'; reading R26: the second roll stands).
///
/// # Errors
/// No dice, a range of 0, or too many dice to count.
pub fn hit_odds_rerolling(
    book: &Rulebook,
    dice: u32,
    range: u32,
    rerolls_ones: bool,
) -> Result<HitOdds, CombatError> {
    if dice == 0 {
        return Err(CombatError::NoDice);
    }
    if range == 0 {
        return Err(CombatError::NoRange);
    }
    let d = Totals::of(book, dice, rerolls_ones)?;
    let ways = d.ways_at_least(range);
    Ok(HitOdds { dice, range, hit_chance: ratio(ways, d.outcomes), ways, outcomes: d.outcomes })
}

/// Which dice of an attack roll every 1 once more (the Agency Operative's cheatin'); the
/// second roll stands, even a second 1 (reading R26).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Rerolls {
    /// The attacker's dice: the damage dice (and, in a game, the to-hit dice).
    pub attack: bool,
    /// The defence dice.
    pub defence: bool,
}

/// The rerolling die of [`Rerolls`]: rolled `sides` × `sides` ways, a 1 stands only when the
/// second roll is a 1 too (1 way), every other face shows directly or after a 1 (`sides` + 1
/// ways).
fn rerolling_die(sides: u32) -> Result<Totals, CombatError> {
    if sides == 0 {
        return Err(DiceError::NoSides.into());
    }
    let outcomes = u128::from(sides) * u128::from(sides);
    let ways = (1..=sides).map(|face| (face, if face == 1 { 1 } else { u128::from(sides) + 1 })).collect();
    Ok(Totals { ways, outcomes })
}

/// Every total of a pool of dice with the number of ways to make it, lowest first, out of
/// `outcomes` equally likely rolls: [`Distribution`]'s counts, or the same for dice that
/// reroll their 1s.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Totals {
    ways: Vec<(u32, u128)>,
    outcomes: u128,
}

impl Totals {
    fn of(book: &Rulebook, dice: u32, rerolls_ones: bool) -> Result<Totals, CombatError> {
        let sides = book.core.die_sides;
        if !rerolls_ones {
            let d = Distribution::dice(dice, sides)?;
            return Ok(Totals { ways: d.iter().collect(), outcomes: d.outcomes() });
        }
        if dice > MAX_DICE {
            return Err(DiceError::TooMany.into());
        }
        let one = rerolling_die(sides)?;
        let mut sum = Totals { ways: vec![(0, 1)], outcomes: 1 };
        for _ in 0..dice {
            sum = sum.plus(&one)?;
        }
        Ok(sum)
    }

    /// The sum of two independent pools.
    fn plus(&self, other: &Totals) -> Result<Totals, CombatError> {
        let outcomes = self.outcomes.checked_mul(other.outcomes).ok_or(DiceError::TooMany)?;
        let (lo, hi) = (self.min() + other.min(), self.max() + other.max());
        let mut ways = vec![0u128; (hi - lo) as usize + 1];
        for &(a, a_ways) in &self.ways {
            for &(b, b_ways) in &other.ways {
                // Every partial sum is at most `outcomes`, which fits.
                if let Some(slot) = ways.get_mut((a + b - lo) as usize) {
                    *slot += a_ways * b_ways;
                }
            }
        }
        Ok(Totals { ways: (lo..).zip(ways).collect(), outcomes })
    }

    fn min(&self) -> u32 {
        self.ways.first().map_or(0, |&(t, _)| t)
    }

    fn max(&self) -> u32 {
        self.ways.last().map_or(0, |&(t, _)| t)
    }

    fn ways_at_least(&self, total: u32) -> u128 {
        self.ways.iter().filter(|&&(t, _)| t >= total).map(|&(_, w)| w).sum()
    }
}

/// How many of `dice` came up 1.
#[must_use]
#[expect(clippy::naive_bytecount, reason = "a roll is a handful of dice")]
pub fn ones(dice: &[u8]) -> usize {
    dice.iter().filter(|&&d| d == 1).count()
}

/// The dice that stand after each 1 of `dice` is rolled once more: the 1s replaced, in order,
/// by `rerolls` (a second 1 stands, reading R26). `None` unless there is one reroll per 1.
#[must_use]
pub fn rerolled(dice: &[u8], rerolls: &[u8]) -> Option<Vec<u8>> {
    if ones(dice) != rerolls.len() {
        return None;
    }
    let mut next = rerolls.iter();
    Some(dice.iter().map(|&d| if d == 1 { next.next().copied().unwrap_or(d) } else { d }).collect())
}

/// Damage from an attack total `attack` against a defence total `defence`: the attack divided
/// by the defence, remainder dropped, plus `extra` (which counts even when the division gives
/// 0). A defence of 0 (no dice) blocks nothing.
#[must_use]
pub fn damage(attack: u32, defence: u32, extra: u32) -> u32 {
    let base = attack.checked_div(defence).unwrap_or(attack);
    base.saturating_add(extra)
}

/// What an attack did to its target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// No Health lost.
    None,
    /// Health lost, some left.
    Wounded,
    /// Health down to 0 or less: fragged.
    Fragged,
    /// Fragged so hard he hangs on the gallows.
    Gallows,
}

impl Outcome {
    /// The id used on the command line.
    #[must_use]
    pub fn id(self) -> &'static str {
        match self {
            Outcome::None => "none",
            Outcome::Wounded => "wounded",
            Outcome::Fragged => "fragged",
            Outcome::Gallows => "gallows",
        }
    }
}

/// The result of one damage roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct DamageResult {
    pub damage: u32,
    /// Health left, never below 0.
    pub health_left: u32,
    pub result: Outcome,
}

/// Whether `damage` against `health` is a gallows frag: at least twice the Health left, or any
/// frag of a fighter who always hangs (the Indian Brave).
#[must_use]
pub fn is_gallows(book: &Rulebook, damage: u32, health: u32, gallows_always: bool) -> bool {
    let fragged = damage >= health;
    fragged && (gallows_always || damage >= health.saturating_mul(book.core.gallows_multiple))
}

/// The outcome of `damage` against a target with `health` left.
#[must_use]
pub fn outcome(book: &Rulebook, damage: u32, health: u32, gallows_always: bool) -> DamageResult {
    let result = if damage == 0 {
        Outcome::None
    } else if is_gallows(book, damage, health, gallows_always) {
        Outcome::Gallows
    } else if damage >= health {
        Outcome::Fragged
    } else {
        Outcome::Wounded
    };
    DamageResult { damage, health_left: health.saturating_sub(damage), result }
}

/// The result of typed totals: attack total `attack`, defence total `defence`.
#[must_use]
pub fn resolve(
    book: &Rulebook,
    attack: u32,
    defence: u32,
    extra: u32,
    health: u32,
    gallows_always: bool,
) -> DamageResult {
    outcome(book, damage(attack, defence, extra), health, gallows_always)
}

/// The exact odds of one damage roll.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DamageOdds {
    pub attack_dice: u32,
    /// The target's Health: one defence die per point.
    pub health: u32,
    pub extra: u32,
    /// `distribution[k]` is the chance of exactly `k` damage, from 0 to the most possible
    /// (not capped at Health).
    pub distribution: Vec<f64>,
    /// The same as whole numbers of rolls out of [`DamageOdds::outcomes`].
    pub ways: Vec<u128>,
    pub outcomes: u128,
    /// The mean damage.
    pub expected: f64,
    /// The chance of no damage.
    pub none: f64,
    /// The chance of a frag (damage at least the Health).
    pub frag: f64,
    /// The chance of the gallows.
    pub gallows: f64,
}

impl DamageOdds {
    /// The chance of exactly `damage`.
    #[must_use]
    pub fn chance(&self, damage: usize) -> f64 {
        self.distribution.get(damage).copied().unwrap_or(0.0)
    }
}

/// The exact odds of `attack_dice` damage dice (plus `extra`) against a target with `health`.
///
/// # Errors
/// A target with no Health, or more dice than the counts hold (about 49 in all).
pub fn damage_odds(
    book: &Rulebook,
    attack_dice: u32,
    health: u32,
    extra: u32,
    gallows_always: bool,
) -> Result<DamageOdds, CombatError> {
    damage_odds_rerolling(book, attack_dice, health, extra, gallows_always, Rerolls::default(), 0)
}

/// As [`damage_odds`], with the damage or the defence dice rerolling their 1s ([`Rerolls`]),
/// and `defence_bonus_dice` more defence dice than the Health (the Saloon Gal's die).
///
/// # Errors
/// A target with no Health, extra damage above [`MAX_EXTRA`], or more dice than the counts
/// hold (about 49 in all, a rerolling die counting as two).
pub fn damage_odds_rerolling(
    book: &Rulebook,
    attack_dice: u32,
    health: u32,
    extra: u32,
    gallows_always: bool,
    rerolls: Rerolls,
    defence_bonus_dice: u32,
) -> Result<DamageOdds, CombatError> {
    if health == 0 {
        return Err(CombatError::NoHealth);
    }
    // Checked before anything is counted: the damage table has a slot per amount.
    if extra > MAX_EXTRA {
        return Err(CombatError::TooMuchExtra(extra));
    }
    let attack = Totals::of(book, attack_dice, rerolls.attack)?;
    let defence = Totals::of(book, health.saturating_add(defence_bonus_dice), rerolls.defence)?;
    let outcomes = attack.outcomes.checked_mul(defence.outcomes).ok_or(DiceError::TooMany)?;
    let most = damage(attack.max(), defence.min(), extra);
    let mut ways = vec![0u128; usize::try_from(most).map_err(|_| DiceError::TooMany)? + 1];
    for &(a, a_ways) in &attack.ways {
        for &(d, d_ways) in &defence.ways {
            let k = damage(a, d, extra) as usize;
            // `k` is at most `most`; the products sum to at most `outcomes`, which fits.
            if let Some(slot) = ways.get_mut(k) {
                *slot += a_ways * d_ways;
            }
        }
    }
    let distribution: Vec<f64> = ways.iter().map(|&w| ratio(w, outcomes)).collect();
    // The mean of the distribution shown (whole-number products would overflow near the
    // largest pools).
    let expected: f64 = (0u32..).zip(&distribution).map(|(k, p)| f64::from(k) * p).sum();
    let at_least = |from: u32| -> u128 { ways.iter().skip(from as usize).sum() };
    let frag_ways = at_least(health);
    let gallows_ways =
        if gallows_always { frag_ways } else { at_least(health.saturating_mul(book.core.gallows_multiple)) };
    Ok(DamageOdds {
        attack_dice,
        health,
        extra,
        none: distribution.first().copied().unwrap_or(0.0),
        expected,
        frag: ratio(frag_ways, outcomes),
        gallows: ratio(gallows_ways, outcomes),
        distribution,
        ways,
        outcomes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::systems::frag::rules::embedded;

    fn book() -> &'static Rulebook {
        embedded::rulebook().expect("data")
    }

    #[test]
    fn the_booklets_division_example() {
        // "if the target rolls an 8 on defense, any attack roll from 8 up to 15 would do just 1
        // hit of damage. A roll of 16 through 23 would do 2 hits. A roll of 24 through 31 would
        // do 3 hits."
        for (attack, expected) in [(7, 0), (8, 1), (15, 1), (16, 2), (23, 2), (24, 3), (31, 3)] {
            assert_eq!(damage(attack, 8, 0), expected, "{attack} against 8");
        }
        // "Some weapons do extra damage; this damage counts even if the base damage is 0."
        assert_eq!(damage(5, 8, 2), 2);
        assert_eq!(damage(16, 8, 1), 3);
    }

    fn check_result(
        attack: u32,
        defence: u32,
        extra: u32,
        health: u32,
        always: bool,
        expected: (u32, u32, &str),
    ) {
        let r = resolve(book(), attack, defence, extra, health, always);
        assert_eq!((r.damage, r.health_left, r.result.id()), expected);
    }

    #[test]
    fn results_of_typed_rolls() {
        check_result(7, 8, 0, 2, false, (0, 2, "none"));
        check_result(12, 8, 0, 2, false, (1, 1, "wounded"));
        check_result(16, 8, 0, 2, false, (2, 0, "fragged"));
        check_result(17, 4, 0, 2, false, (4, 0, "gallows")); // 17/4 = 4 ≥ 2 × 2
        check_result(9, 4, 0, 2, false, (2, 0, "fragged")); // 9/4 = 2: fragged, not twice
        check_result(9, 4, 0, 2, true, (2, 0, "gallows")); // the Indian Brave always hangs
        check_result(3, 4, 0, 2, true, (0, 2, "none"));
        check_result(3, 4, 1, 1, false, (1, 0, "fragged")); // 1 extra against Health 1: 1 < 2
        check_result(3, 4, 2, 1, false, (2, 0, "gallows"));
    }

    #[test]
    fn hit_chances() {
        let check = |dice: u32, range: u32, ways: u128, outcomes: u128| {
            let odds = hit_odds(book(), dice, range).expect("odds");
            assert_eq!((odds.ways, odds.outcomes), (ways, outcomes), "{dice} dice at {range}");
            assert!((odds.hit_chance - ratio(ways, outcomes)).abs() < 1e-15);
        };
        check(1, 1, 6, 6); // adjacent: a sure hit
        check(1, 2, 5, 6); // "it's very embarrassing to be 2 squares away and miss"
        check(2, 7, 21, 36); // 7 or more on 2d6: 6+5+4+3+2+1
        check(2, 13, 0, 36);
        check(3, 3, 216, 216);
        check(3, 17, 4, 216); // 17: 5+6+6 three ways, 18: one way
        assert_eq!(hit_odds(book(), 0, 3).map(|o| o.ways), Err(CombatError::NoDice));
        assert_eq!(hit_odds(book(), 2, 0).map(|o| o.ways), Err(CombatError::NoRange));
    }

    #[test]
    fn one_die_against_one_die_by_hand() {
        // 1d6 against 1d6, 36 pairs (attack, defence), damage = attack / defence:
        // k = 0: the defence is higher, 15 pairs;
        // k = 1: defence 1 → 1; 2 → 2, 3; 3 → 3, 4, 5; 4 → 4, 5, 6; 5 → 5, 6; 6 → 6: 12 pairs;
        // k = 2: (2,1), (4,2), (5,2), (6,3); k = 3: (3,1), (6,2); k = 4, 5, 6: (4,1), (5,1), (6,1).
        let odds = damage_odds(book(), 1, 1, 0, false).expect("odds");
        assert_eq!(odds.outcomes, 36);
        assert_eq!(odds.ways, vec![15, 12, 4, 2, 1, 1, 1]);
        // Health 1: any damage frags (21 pairs); gallows needs 2 or more (4 + 2 + 3 = 9).
        assert!((odds.frag - 21.0 / 36.0).abs() < 1e-15);
        assert!((odds.gallows - 9.0 / 36.0).abs() < 1e-15);
        assert!((odds.none - 15.0 / 36.0).abs() < 1e-15);
        // Mean: (12 + 2×4 + 3×2 + 4 + 5 + 6) / 36 = 41 / 36.
        assert!((odds.expected - 41.0 / 36.0).abs() < 1e-15);
    }

    #[test]
    fn two_dice_against_one_die_with_extra() {
        // 2d6 against 1d6 plus 1 extra: the distribution is the 0-extra one shifted by 1.
        let plain = damage_odds(book(), 2, 1, 0, false).expect("odds");
        let extra = damage_odds(book(), 2, 1, 1, false).expect("odds");
        assert_eq!(extra.ways[0], 0);
        assert_eq!(&extra.ways[1..], &plain.ways[..]);
        assert!(extra.none.abs() < f64::EPSILON);
        assert!((extra.frag - 1.0).abs() < 1e-15);
        assert!((extra.expected - plain.expected - 1.0).abs() < 1e-12);
        // 2d6 against 1d6: the most is 12 / 1 = 12.
        assert_eq!(plain.distribution.len(), 13);
        assert_eq!(plain.outcomes, 216);
        // No damage: the defence die beats the attack total, only 2 < 3..6 etc:
        // attack 2 (1 way) × defence 3..6 (4) + attack 3 (2) × 4..6 (3) + 4 (3) × 5..6 (2)
        // + 5 (4) × 6 (1) = 4 + 6 + 6 + 4 = 20.
        assert_eq!(plain.ways[0], 20);
    }

    #[test]
    fn every_distribution_sums_to_one() {
        for attack in 0..=8 {
            for health in 1..=6 {
                for extra in [0, 2] {
                    for always in [false, true] {
                        let odds = damage_odds(book(), attack, health, extra, always).expect("odds");
                        let sum: f64 = odds.distribution.iter().sum();
                        assert!((sum - 1.0).abs() < 1e-12, "{attack} vs {health}");
                        assert_eq!(odds.ways.iter().sum::<u128>(), odds.outcomes);
                        assert!(odds.gallows <= odds.frag + 1e-15);
                        assert!(odds.ways.last().copied().unwrap_or(0) > 0, "the last entry is possible");
                    }
                }
            }
        }
    }

    #[test]
    fn ten_dice_against_eight_is_exact() {
        // Timed in the release command line by scripts/bench-frag-damage.sh.
        let odds = damage_odds(book(), 10, 8, 0, false).expect("odds");
        assert_eq!(odds.outcomes, 6u128.pow(18));
        // Most damage: 60 / 8 = 7.
        assert_eq!(odds.distribution.len(), 8);
        // Gallows needs 16 or more: impossible; a frag needs 8 or more: impossible.
        assert_eq!((odds.frag, odds.gallows), (0.0, 0.0));
        // 7 damage needs 56+ on 10d6 (all ways) against exactly 8 on defence (1 way).
        let attack = Distribution::dice(10, 6).expect("counts");
        assert_eq!(odds.ways[7], attack.ways_at_least(56));
        let sum: f64 = odds.distribution.iter().sum();
        assert!((sum - 1.0).abs() < 1e-12);
    }

    #[test]
    fn refusals() {
        assert_eq!(damage_odds(book(), 2, 0, 0, false).map(|o| o.outcomes), Err(CombatError::NoHealth));
        assert_eq!(
            damage_odds(book(), 30, 20, 0, false).map(|o| o.outcomes),
            Err(CombatError::Dice(DiceError::TooMany))
        );
        // Extra damage is bounded before the table of damage is made (4294967295 asked for
        // 64 GiB).
        assert_eq!(
            damage_odds(book(), 4, 1, 100, false).map(|o| o.outcomes),
            Err(CombatError::TooMuchExtra(100))
        );
        assert_eq!(
            damage_odds(book(), 4, 1, u32::MAX, false).map(|o| o.outcomes),
            Err(CombatError::TooMuchExtra(u32::MAX))
        );
        assert_eq!(damage_odds(book(), 1, 1, 99, false).map(|o| o.ways.len()), Ok(106));
        assert_eq!(most_dice(book()), 49);
    }

    #[test]
    fn the_operative_rerolls_his_ones() {
        // deadlands:4 (Agency Operative, CHEATIN'): "May cheat on any revolver or gatling
        // pistol attack (to-hit or damage). Reroll any dice that come up a 1."
        // One rerolling die: 36 ways; a 1 stands only after a second 1 (1 way), every other
        // face 6 + 1 ways.
        let one = hit_odds_rerolling(book(), 1, 1, true).expect("odds");
        assert_eq!((one.ways, one.outcomes), (36, 36));
        let two = hit_odds_rerolling(book(), 1, 2, true).expect("odds");
        assert_eq!((two.ways, two.outcomes), (35, 36));
        // Accuracy 2 at range 7: 21 of 36 (58.3%) without; 945 of 1296 (72.9%) with.
        let plain = hit_odds(book(), 2, 7).expect("odds");
        assert_eq!((plain.ways, plain.outcomes), (21, 36));
        let cheat = hit_odds_rerolling(book(), 2, 7, true).expect("odds");
        assert_eq!((cheat.ways, cheat.outcomes), (945, 1296));
        assert_eq!(format!("{:.1}", cheat.hit_chance * 100.0), "72.9");
        // The Gatling Pistol's 3d against Health 2: a frag 2379 of 7776 (30.6%) without, and
        // 638715 of 1679616 (38.0%) with the damage dice rerolled.
        let plain = damage_odds(book(), 3, 2, 0, false).expect("odds");
        assert_eq!(plain.outcomes, 7776);
        assert!((plain.frag - 2379.0 / 7776.0).abs() < 1e-15);
        let attack = Rerolls { attack: true, defence: false };
        let cheat = damage_odds_rerolling(book(), 3, 2, 0, false, attack, 0).expect("odds");
        assert_eq!(cheat.outcomes, 1_679_616);
        assert_eq!(cheat.ways.iter().skip(2).sum::<u128>(), 638_715);
        assert_eq!(format!("{:.1}", cheat.frag * 100.0), "38.0");
        // His defence dice rerolling (an option): 52659 of 279936 (18.8%).
        let defence = Rerolls { attack: false, defence: true };
        let guarded = damage_odds_rerolling(book(), 3, 2, 0, false, defence, 0).expect("odds");
        assert_eq!(guarded.ways.iter().skip(2).sum::<u128>(), 52_659);
        assert_eq!(guarded.outcomes, 279_936);
        // A rerolling die counts twice against the exact counts.
        let both = Rerolls { attack: true, defence: true };
        assert_eq!(
            damage_odds_rerolling(book(), 13, 12, 0, false, both, 0).map(|o| o.outcomes),
            Err(CombatError::Dice(DiceError::TooMany))
        );
        assert_eq!(
            damage_odds_rerolling(book(), 12, 12, 0, false, both, 0).map(|o| o.outcomes),
            Ok(36u128.pow(24))
        );
    }

    #[test]
    fn the_rerolled_dice_stand() {
        assert_eq!(rerolled(&[1, 4, 1], &[5, 1]), Some(vec![5, 4, 1]));
        assert_eq!(rerolled(&[3, 4], &[]), Some(vec![3, 4]));
        assert_eq!(rerolled(&[1, 4], &[]), None);
        assert_eq!(rerolled(&[2, 4], &[6]), None);
    }

    #[test]
    fn expected_damage_is_the_mean_of_the_distribution() {
        // 1d6 against 1d6: the 36 pairs' damage adds up to 21 + 9 + 5 + 3 + 2 + 1 = 41.
        let odds = damage_odds(book(), 1, 1, 0, false).expect("counts");
        assert!((odds.expected - 41.0 / 36.0).abs() < 1e-15, "{}", odds.expected);
        // The largest pool, 48 dice against Health 1: the whole-number sum overflowed (0.103).
        let odds = damage_odds(book(), 48, 1, 0, false).expect("counts");
        assert!((odds.expected - 68.304_166_666_666_66).abs() < 1e-9, "{}", odds.expected);
        let mean: f64 = (0u32..).zip(&odds.distribution).map(|(k, p)| f64::from(k) * p).sum();
        assert!((odds.expected - mean).abs() < 1e-12);
    }
}
