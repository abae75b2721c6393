//! Damage: weapon dice (`Str+d6`, `2d6+1`), their exact odds against Toughness, what a hit does
//! to a target, and the rolls that follow wounds (soak, Incapacitation, Bleeding Out).
//!
//! Every damage die aces. The chances of a sum of dice come from [`dice::SumUpTo`] up to the
//! largest threshold asked (Toughness plus four raise steps), with the tail as the complement.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

use super::data::Rules;
use super::dice::{self, SumUpTo, TotalError};
use super::die::Die;
use super::traits::{self, Outcome, TraitRoll};

/// The most dice one damage roll may have.
pub const MAX_DICE: u32 = 40;
/// The largest Toughness the odds are computed for.
pub const MAX_TOUGHNESS: i32 = 200;
/// The largest fixed part (plus or minus) of a damage expression.
pub const MAX_CONSTANT: i32 = 100;

/// One term of a damage expression.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Term {
    /// `count` dice of `sides` faces: `2d6`, `d8`.
    Dice { count: u32, sides: u32 },
    /// The attacker's Strength die: `Str`.
    Strength,
    /// A fixed number: `+1`, `-2`.
    Constant(i32),
}

/// A weapon's damage as written: terms joined by `+` (constants may be `-N`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DamageDice {
    pub terms: Vec<Term>,
}

impl DamageDice {
    /// Whether the expression needs the attacker's Strength.
    #[must_use]
    pub fn uses_strength(&self) -> bool {
        self.terms.contains(&Term::Strength)
    }

    /// The dice to roll and the constant to add, with `Str` replaced by `strength` (a d12+N
    /// Strength rolls the d12 and adds N).
    ///
    /// # Errors
    /// `Str` without a Strength die.
    pub fn resolve(&self, strength: Option<Die>) -> Result<Resolved, DamageError> {
        let mut dice = Vec::new();
        let mut constant: i32 = 0;
        for term in &self.terms {
            match *term {
                Term::Dice { count, sides } => {
                    dice.extend(std::iter::repeat_n(sides, usize::try_from(count).unwrap_or(0)));
                }
                Term::Strength => {
                    let strength_die = strength.ok_or(DamageError::NoStrength)?;
                    dice.push(strength_die.sides());
                    constant = constant.saturating_add(strength_die.bonus());
                }
                Term::Constant(n) => constant = constant.saturating_add(n),
            }
        }
        Ok(Resolved { dice, constant })
    }
}

impl fmt::Display for DamageDice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, term) in self.terms.iter().enumerate() {
            match *term {
                Term::Dice { count, sides } => {
                    if i > 0 {
                        f.write_str("+")?;
                    }
                    if count == 1 { write!(f, "d{sides}")? } else { write!(f, "{count}d{sides}")? }
                }
                Term::Strength => {
                    if i > 0 {
                        f.write_str("+")?;
                    }
                    f.write_str("Str")?;
                }
                Term::Constant(n) if n < 0 => write!(f, "{n}")?,
                Term::Constant(n) => {
                    if i > 0 {
                        f.write_str("+")?;
                    }
                    write!(f, "{n}")?;
                }
            }
        }
        Ok(())
    }
}

impl FromStr for DamageDice {
    type Err = DamageError;

    fn from_str(text: &str) -> Result<DamageDice, DamageError> {
        let bad = || DamageError::Expression(text.to_owned());
        let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        if compact.is_empty() {
            return Err(bad());
        }
        let mut terms = Vec::new();
        let mut dice_count: u32 = 0;
        let mut constant: i64 = 0;
        // Split before each sign, keeping the sign with its term.
        let mut pieces: Vec<(bool, String)> = Vec::new();
        let mut current = String::new();
        let mut negative = false;
        for (i, c) in compact.chars().enumerate() {
            if (c == '+' || c == '-') && i > 0 {
                pieces.push((negative, std::mem::take(&mut current)));
                negative = c == '-';
            } else if c == '+' || c == '-' {
                negative = c == '-';
            } else {
                current.push(c);
            }
        }
        pieces.push((negative, current));
        for (negative, piece) in pieces {
            let lower = piece.to_ascii_lowercase();
            if lower.is_empty() {
                return Err(bad());
            }
            let term = if lower == "str" {
                dice_count += 1;
                Term::Strength
            } else if let Some((count, sides)) = lower.split_once('d') {
                let count: u32 = if count.is_empty() { 1 } else { count.parse().map_err(|_| bad())? };
                let sides: u32 = sides.parse().map_err(|_| bad())?;
                if count == 0 {
                    return Err(bad());
                }
                if !crate::systems::savage::rules::die::TRAIT_SIDES.contains(&sides) {
                    return Err(DamageError::DieType(format!("d{sides}")));
                }
                dice_count = dice_count.saturating_add(count);
                Term::Dice { count, sides }
            } else {
                let n: i32 = lower.parse().map_err(|_| bad())?;
                let n = if negative { -n } else { n };
                constant += i64::from(n);
                Term::Constant(n)
            };
            if negative && !matches!(term, Term::Constant(_)) {
                return Err(bad());
            }
            terms.push(term);
        }
        if dice_count > MAX_DICE {
            return Err(DamageError::TooManyDice(dice_count));
        }
        if constant.abs() > i64::from(MAX_CONSTANT) {
            return Err(DamageError::Constant);
        }
        Ok(DamageDice { terms })
    }
}

impl Serialize for DamageDice {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for DamageDice {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<DamageDice, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// The dice of a damage roll (faces per die) and the fixed number added.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Resolved {
    pub dice: Vec<u32>,
    pub constant: i32,
}

impl Resolved {
    /// The same roll with one more die (the attack's raise, a red chip).
    #[must_use]
    pub fn with_die(mut self, sides: u32) -> Resolved {
        self.dice.push(sides);
        self
    }

    /// The same roll with `n` added.
    #[must_use]
    pub fn plus(mut self, n: i32) -> Resolved {
        self.constant = self.constant.saturating_add(n);
        self
    }
}

/// What a damage roll is refused for.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DamageError {
    #[error(
        "'{0}' is not damage dice: write terms like 2d6, d8, Str or +1 joined by +, e.g. Str+d6 or 2d6+1"
    )]
    Expression(String),
    /// A die no Savage Worlds roll uses (added after the first contract: a d7 was read as one).
    #[error("'{0}' is not a die type: damage dice are d4, d6, d8, d10 or d12")]
    DieType(String),
    #[error("{0} dice is too many: at most 40")]
    TooManyDice(u32),
    #[error("the fixed part of damage dice must be between -100 and +100")]
    Constant,
    #[error("Str needs the attacker's Strength die")]
    NoStrength,
    #[error("a Toughness of {0} is out of range: use 0 to 200")]
    Toughness(i32),
    #[error("{given} die totals for {needed} dice: give one total per die, in the order written")]
    DiceCount { given: usize, needed: usize },
    #[error(transparent)]
    Total(#[from] TotalError),
}

/// What a damage roll does to its target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Effect {
    /// Below the Toughness.
    None,
    /// Shaken, no wound.
    Shaken,
    /// This many wounds (and Shaken).
    Wounds(u32),
}

impl Effect {
    /// The wounds dealt.
    #[must_use]
    pub fn wounds(self) -> u32 {
        match self {
            Effect::Wounds(n) => n,
            Effect::None | Effect::Shaken => 0,
        }
    }
}

/// What a damage total does against `toughness`: a success makes the target Shaken and each
/// raise is a wound; on a target already Shaken a plain success is a wound, and raises are as
/// many wounds as raises.
#[must_use]
pub fn effect(rules: &Rules, total: i32, toughness: i32, shaken: bool) -> Effect {
    if total < toughness {
        return Effect::None;
    }
    let raises = u32::try_from((total - toughness) / rules.core.traits.raise_step.max(1)).unwrap_or(0);
    match (raises, shaken) {
        (0, false) => Effect::Shaken,
        (0, true) => Effect::Wounds(1),
        (n, _) => Effect::Wounds(n),
    }
}

/// The exact chances of a damage roll against a Toughness; they add up to 1.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct DamageChances {
    pub none: f64,
    pub shaken: f64,
    pub wounds_1: f64,
    pub wounds_2: f64,
    pub wounds_3: f64,
    pub wounds_4_plus: f64,
}

/// The exact odds of `roll` (dice and constant, every modifier included) against `toughness`.
///
/// # Errors
/// A Toughness outside 0–200.
pub fn odds(
    rules: &Rules,
    roll: &Resolved,
    toughness: i32,
    shaken: bool,
) -> Result<DamageChances, DamageError> {
    if !(0..=MAX_TOUGHNESS).contains(&toughness) {
        return Err(DamageError::Toughness(toughness));
    }
    let step = rules.core.traits.raise_step.max(1);
    // The largest threshold asked is four raises; the dice must be known exactly below it.
    let top = i64::from(toughness) + 4 * i64::from(step) - i64::from(roll.constant);
    let bound = u32::try_from((top - 1).max(0)).unwrap_or(0);
    let sum = SumUpTo::new(&roll.dice, bound);
    let reach = |k: i32| sum.at_least(i64::from(toughness) + i64::from(k * step) - i64::from(roll.constant));
    let (r0, r1, r2, r3, r4) = (reach(0), reach(1), reach(2), reach(3), reach(4));
    let none = 1.0 - r0;
    let gap = |a: f64, b: f64| (a - b).max(0.0);
    Ok(if shaken {
        DamageChances {
            none,
            shaken: 0.0,
            wounds_1: gap(r0, r2),
            wounds_2: gap(r2, r3),
            wounds_3: gap(r3, r4),
            wounds_4_plus: r4,
        }
    } else {
        DamageChances {
            none,
            shaken: gap(r0, r1),
            wounds_1: gap(r1, r2),
            wounds_2: gap(r2, r3),
            wounds_3: gap(r3, r4),
            wounds_4_plus: r4,
        }
    })
}

/// The dice of a damage roll as an event records them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum DamageRoll {
    /// The total the player added up from the real dice (weapon's own +N included, Joker
    /// bonus not).
    Total { total: i32 },
    /// Each die's total after aces, in the order written, the attack's raise die last.
    Typed {
        dice: DamageDice,
        #[serde(default)]
        raise: bool,
        totals: Vec<u32>,
    },
    /// Rolled by Posse from a recorded seed.
    Seeded {
        dice: DamageDice,
        #[serde(default)]
        raise: bool,
        seed: u64,
    },
}

/// A damage roll once known: each die's faces (empty for a plain total) and the total.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RolledDamage {
    /// Each die's faces, aces shown.
    pub dice: Vec<Vec<u32>>,
    /// Dice plus the expression's constant (no Joker bonus, no other modifier).
    pub total: i32,
}

/// Reads or rolls a damage roll; `strength` is the attacker's Strength for `Str`.
///
/// # Errors
/// `Str` without a Strength, a typed total that aced, or the wrong number of totals.
pub fn roll_damage(
    rules: &Rules,
    roll: &DamageRoll,
    strength: Option<Die>,
) -> Result<RolledDamage, DamageError> {
    let resolve = |dice: &DamageDice, raise: bool| -> Result<Resolved, DamageError> {
        let r = dice.resolve(strength)?;
        Ok(if raise { r.with_die(rules.core.attack_raise_die) } else { r })
    };
    match roll {
        DamageRoll::Total { total } => Ok(RolledDamage { dice: Vec::new(), total: *total }),
        DamageRoll::Typed { dice, raise, totals } => {
            let r = resolve(dice, *raise)?;
            if totals.len() != r.dice.len() {
                return Err(DamageError::DiceCount { given: totals.len(), needed: r.dice.len() });
            }
            let mut sum: i64 = i64::from(r.constant);
            for (&sides, &t) in r.dice.iter().zip(totals) {
                sum += i64::from(dice::check_total(sides, t)?);
            }
            Ok(RolledDamage { dice: totals.iter().map(|&t| vec![t]).collect(), total: clamp_i32(sum) })
        }
        DamageRoll::Seeded { dice, raise, seed } => {
            let r = resolve(dice, *raise)?;
            let mut rng = dice::rng(*seed);
            let faces: Vec<Vec<u32>> = r.dice.iter().map(|&sides| dice::roll(sides, &mut rng)).collect();
            let sum: i64 = i64::from(r.constant) + faces.iter().flatten().map(|&f| i64::from(f)).sum::<i64>();
            Ok(RolledDamage { dice: faces, total: clamp_i32(sum) })
        }
    }
}

fn clamp_i32(n: i64) -> i32 {
    i32::try_from(n).unwrap_or(if n < 0 { i32::MIN } else { i32::MAX })
}

/// The chances of a soak roll: how many of the wounds just taken it removes.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct SoakChances {
    pub none: f64,
    pub wounds_1: f64,
    pub wounds_2: f64,
    pub wounds_3_plus: f64,
}

/// A soak roll: Vigor against the usual target number; the success and each raise remove a
/// wound.
#[must_use]
pub fn soak_odds(rules: &Rules, vigor: Die, wild: bool, modifier: i32) -> SoakChances {
    let roll = TraitRoll { die: vigor, wild, modifier, tn: rules.core.traits.target_number };
    let o = traits::odds(rules, &roll);
    let exactly = |k: u32| o.by_raises.iter().find(|c| c.raises == k).map_or(0.0, |c| c.chance);
    let one_raise = exactly(1);
    SoakChances {
        none: o.chances.critical_failure + o.chances.failure,
        wounds_1: o.chances.success,
        wounds_2: one_raise,
        wounds_3_plus: (o.chances.raise - one_raise).max(0.0),
    }
}

/// The most wounds a soak's odds are worked out for (far beyond any hit at the table).
pub const MAX_SOAK_WOUNDS: u32 = 20;

/// A soak roll against `wounds` wounds just taken: element `k` is the chance of taking away
/// exactly `k` of them, the last (`wounds`) that of taking them all away (a soak never removes
/// more than were taken). `wounds` is held to 1–[`MAX_SOAK_WOUNDS`]. They add up to 1.
#[must_use]
pub fn soak_odds_for(rules: &Rules, vigor: Die, wild: bool, modifier: i32, wounds: u32) -> Vec<f64> {
    let wounds = wounds.clamp(1, MAX_SOAK_WOUNDS);
    let tn = rules.core.traits.target_number;
    let step = rules.core.traits.raise_step.max(1);
    // At least k wounds away: a success with k − 1 raises, i.e. reaching tn + (k − 1)·step.
    let at_least = |k: u32| {
        let k = i32::try_from(k).unwrap_or(i32::MAX);
        let roll =
            TraitRoll { die: vigor, wild, modifier, tn: tn.saturating_add((k - 1).saturating_mul(step)) };
        traits::odds(rules, &roll).at_least_success()
    };
    let reach: Vec<f64> = (1..=wounds).map(at_least).collect();
    let mut chances = Vec::with_capacity(reach.len() + 1);
    chances.push(1.0 - reach.first().copied().unwrap_or(0.0));
    for (i, r) in reach.iter().enumerate() {
        let next = reach.get(i + 1).copied().unwrap_or(0.0);
        chances.push((r - next).max(0.0));
    }
    chances
}

/// How many wounds a soak roll's result removes.
#[must_use]
pub fn soaked(result: &traits::TraitResult) -> u32 {
    if result.outcome.succeeded() { 1 + result.raises } else { 0 }
}

/// What an Incapacitation roll decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Incapacitation {
    /// 1 or less (or a critical failure): dead, or out cold with non-lethal damage.
    Dead,
    /// Failure: a lasting injury, and Bleeding Out.
    BleedingOut,
    /// Success: the injury goes when the wounds heal.
    HealsWithWounds,
    /// Raise: the injury goes in 24 hours.
    HealsIn24h,
}

impl Incapacitation {
    /// The id used in JSON.
    #[must_use]
    pub fn id(self) -> &'static str {
        match self {
            Incapacitation::Dead => "dead",
            Incapacitation::BleedingOut => "bleeding_out",
            Incapacitation::HealsWithWounds => "heals_with_wounds",
            Incapacitation::HealsIn24h => "heals_in_24h",
        }
    }
}

/// The Incapacitation result of a Vigor roll's result.
#[must_use]
pub fn incapacitation(rules: &Rules, result: &traits::TraitResult) -> Incapacitation {
    if result.outcome == Outcome::CriticalFailure || result.total <= rules.core.incapacitation.dead_at_most {
        return Incapacitation::Dead;
    }
    match result.outcome {
        Outcome::CriticalFailure | Outcome::Failure => Incapacitation::BleedingOut,
        Outcome::Success => Incapacitation::HealsWithWounds,
        Outcome::Raise => Incapacitation::HealsIn24h,
    }
}

/// The chances of an Incapacitation roll; they add up to 1.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct IncapacitationChances {
    pub dead: f64,
    pub bleeding_out: f64,
    pub heals_with_wounds: f64,
    pub heals_in_24h: f64,
}

/// The odds of an Incapacitation roll (a Wild Card's Vigor with its modifiers).
#[must_use]
pub fn incapacitation_odds(rules: &Rules, vigor: Die, wild: bool, modifier: i32) -> IncapacitationChances {
    let tn = rules.core.traits.target_number;
    let roll = TraitRoll { die: vigor, wild, modifier, tn };
    let o = traits::odds(rules, &roll);
    // Not dead: a total above the "dead" line and no critical failure.
    let alive = traits::odds(rules, &TraitRoll { tn: rules.core.incapacitation.dead_at_most + 1, ..roll });
    let alive = alive.at_least_success();
    // The target number is above the "dead" line, so every success is also alive.
    IncapacitationChances {
        dead: 1.0 - alive,
        bleeding_out: (alive - o.at_least_success()).max(0.0),
        heals_with_wounds: o.chances.success,
        heals_in_24h: o.chances.raise,
    }
}

/// What a Bleeding Out roll decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Bleeding {
    /// Failure: dies (or out cold with non-lethal damage).
    Dies,
    /// Success: rolls again next round.
    Again,
    /// Raise: the bleeding stops.
    Stops,
}

/// The Bleeding Out result of a Vigor roll's result.
#[must_use]
pub fn bleeding(result: &traits::TraitResult) -> Bleeding {
    match result.outcome {
        Outcome::CriticalFailure | Outcome::Failure => Bleeding::Dies,
        Outcome::Success => Bleeding::Again,
        Outcome::Raise => Bleeding::Stops,
    }
}

/// The chances of a Bleeding Out roll.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct BleedingChances {
    pub dies: f64,
    pub again: f64,
    pub stops: f64,
}

/// The odds of a Bleeding Out roll.
#[must_use]
pub fn bleeding_odds(rules: &Rules, vigor: Die, wild: bool, modifier: i32) -> BleedingChances {
    let roll = TraitRoll { die: vigor, wild, modifier, tn: rules.core.traits.target_number };
    let o = traits::odds(rules, &roll);
    BleedingChances {
        dies: o.chances.critical_failure + o.chances.failure,
        again: o.chances.success,
        stops: o.chances.raise,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::systems::savage::rules::data::embedded;

    fn rules() -> &'static Rules {
        embedded().expect("embedded data")
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-12
    }

    fn check_parse(text: &str, expected: Result<&str, &str>) {
        let got = text.parse::<DamageDice>().map(|d| d.to_string()).map_err(|e| e.to_string());
        assert_eq!(got, expected.map(str::to_owned).map_err(str::to_owned), "{text}");
    }

    #[test]
    fn damage_expressions() {
        check_parse("2d6+1", Ok("2d6+1"));
        check_parse("Str+d6", Ok("Str+d6"));
        check_parse("str + 1d8 + 2", Ok("Str+d8+2"));
        check_parse("d8", Ok("d8"));
        check_parse("Str", Ok("Str"));
        check_parse("+3", Ok("3"));
        check_parse("2d6-1", Ok("2d6-1"));
        check_parse("4d10+2", Ok("4d10+2"));
        // Only the dice Savage Worlds rolls: the d7 (or a d20) was taken as a die before.
        check_parse("2d7", Err("'d7' is not a die type: damage dice are d4, d6, d8, d10 or d12"));
        check_parse("Str+d20", Err("'d20' is not a die type: damage dice are d4, d6, d8, d10 or d12"));
        let bad =
            "'2d' is not damage dice: write terms like 2d6, d8, Str or +1 joined by +, e.g. Str+d6 or 2d6+1";
        check_parse("2d", Err(bad));
        check_parse(
            "",
            Err(
                "'' is not damage dice: write terms like 2d6, d8, Str or +1 joined by +, e.g. Str+d6 or 2d6+1",
            ),
        );
        check_parse(
            "2d6++1",
            Err(
                "'2d6++1' is not damage dice: write terms like 2d6, d8, Str or +1 joined by +, e.g. Str+d6 or 2d6+1",
            ),
        );
        check_parse(
            "-d6",
            Err(
                "'-d6' is not damage dice: write terms like 2d6, d8, Str or +1 joined by +, e.g. Str+d6 or 2d6+1",
            ),
        );
        check_parse(
            "0d6",
            Err(
                "'0d6' is not damage dice: write terms like 2d6, d8, Str or +1 joined by +, e.g. Str+d6 or 2d6+1",
            ),
        );
        check_parse("41d6", Err("41 dice is too many: at most 40"));
        check_parse("2d6-1000000", Err("the fixed part of damage dice must be between -100 and +100"));
        check_parse("d6+60+60", Err("the fixed part of damage dice must be between -100 and +100"));
    }

    #[test]
    fn strength_resolves_to_the_attackers_die() {
        let d: DamageDice = "Str+d6".parse().expect("dice");
        assert_eq!(d.resolve(Some(Die::D8)), Ok(Resolved { dice: vec![8, 6], constant: 0 }));
        let big = Die::d12_plus(2);
        assert_eq!(d.resolve(big), Ok(Resolved { dice: vec![12, 6], constant: 2 }));
        assert_eq!(d.resolve(None), Err(DamageError::NoStrength));
    }

    fn chances(c: &DamageChances) -> [f64; 6] {
        [c.none, c.shaken, c.wounds_1, c.wounds_2, c.wounds_3, c.wounds_4_plus]
    }

    fn check_odds(dice: &[u32], constant: i32, toughness: i32, shaken: bool, expected: [f64; 6]) {
        let r = Resolved { dice: dice.to_vec(), constant };
        let got = chances(&odds(rules(), &r, toughness, shaken).expect("odds"));
        for (g, e) in got.iter().zip(expected) {
            assert!(close(*g, e), "{dice:?}+{constant} vs {toughness}: {got:?} expected {expected:?}");
        }
    }

    #[test]
    fn one_die_against_toughness_by_hand() {
        // d6 against Toughness 5: 5 is 1/6 (a face), 6 aces; ≥ 5 = 2/6. ≥ 9 (one raise) = the
        // ace then 3+ = 1/6 × 4/6 = 4/36. ≥ 13 = two aces then 1+ = 1/36. ≥ 17 = 1/36 × 2/6
        // (two aces then 5+) = 2/216. ≥ 21 = three aces then 3+: 1/216 × 4/6 = 4/1296.
        let (r0, r1, r2, r3, r4) = (2.0 / 6.0, 4.0 / 36.0, 1.0 / 36.0, 2.0 / 216.0, 4.0 / 1296.0);
        check_odds(&[6], 0, 5, false, [1.0 - r0, r0 - r1, r1 - r2, r2 - r3, r3 - r4, r4]);
        // Already Shaken: a plain success is a wound, so wounds_1 takes the success and the
        // first raise.
        check_odds(&[6], 0, 5, true, [1.0 - r0, 0.0, r0 - r2, r2 - r3, r3 - r4, r4]);
    }

    #[test]
    fn a_constant_can_beat_the_toughness_alone() {
        // d4+10 against 4: always at least 11, i.e. a raise; two raises at 12 need the d4 ≥ 2:
        // 3/4; three at 16 need ≥ 6: the ace then 2+, 1/4 × 3/4 = 3/16; four at 20 need ≥ 10:
        // two aces then 2+: 1/16 × 3/4 = 3/64.
        check_odds(
            &[4],
            10,
            4,
            false,
            [0.0, 0.0, 1.0 / 4.0, 3.0 / 4.0 - 3.0 / 16.0, 3.0 / 16.0 - 3.0 / 64.0, 3.0 / 64.0],
        );
    }

    #[test]
    fn every_damage_distribution_sums_to_one() {
        for dice in [&[6][..], &[6, 6], &[8, 6], &[10, 10, 10, 10, 6], &[12, 12, 12], &[4]] {
            for constant in [-3, 0, 1, 2, 5] {
                for toughness in [0, 2, 4, 5, 7, 12, 20] {
                    for shaken in [false, true] {
                        let r = Resolved { dice: dice.to_vec(), constant };
                        let c = chances(&odds(rules(), &r, toughness, shaken).expect("odds"));
                        let total: f64 = c.iter().sum();
                        assert!(close(total, 1.0), "{dice:?}+{constant} vs {toughness}: {total}");
                        assert!(c.iter().all(|p| *p >= -1e-15), "{c:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn four_d10_plus_2_with_a_raise_against_12() {
        let dice: DamageDice = "4d10+2".parse().expect("dice");
        let r = dice.resolve(None).expect("resolved").with_die(6);
        let c = odds(rules(), &r, 12, false).expect("odds");
        let total = c.none + c.shaken + c.wounds_1 + c.wounds_2 + c.wounds_3 + c.wounds_4_plus;
        assert!(close(total, 1.0));
        // No effect: the five dice total 9 or less (12 − 2 − 1), so none of them aced (a d10
        // would need 10, the d6 would total 7+ alongside four dice of 1+). Five positive faces
        // summing to 9 or less: C(9, 5) = 126 ways, each 1/10⁴ × 1/6: 126/60000 = 0.0021.
        assert!(close(c.none, 126.0 / 60000.0));
        // Checked against an exact-fraction convolution: four or more wounds (total ≥ 28).
        assert!((c.wounds_4_plus - 0.588_356_805_555_555_6).abs() < 1e-12);
        // Its time is measured on the release binary by scripts/bench-savage-damage.py.
    }

    #[test]
    fn the_effect_of_a_hit() {
        let r = rules();
        assert_eq!(effect(r, 4, 5, false), Effect::None);
        assert_eq!(effect(r, 5, 5, false), Effect::Shaken);
        assert_eq!(effect(r, 8, 5, false), Effect::Shaken);
        assert_eq!(effect(r, 9, 5, false), Effect::Wounds(1));
        assert_eq!(effect(r, 13, 5, false), Effect::Wounds(2));
        assert_eq!(effect(r, 5, 5, true), Effect::Wounds(1));
        assert_eq!(effect(r, 9, 5, true), Effect::Wounds(1));
        assert_eq!(effect(r, 13, 5, true), Effect::Wounds(2));
        assert_eq!(effect(r, 4, 5, true), Effect::None);
    }

    #[test]
    fn typed_and_seeded_damage() {
        let r = rules();
        let dice: DamageDice = "Str+d6+1".parse().expect("dice");
        let typed = DamageRoll::Typed { dice: dice.clone(), raise: true, totals: vec![7, 3, 5] };
        assert_eq!(roll_damage(r, &typed, Some(Die::D8)).map(|d| d.total), Ok(16));
        let aced = DamageRoll::Typed { dice: dice.clone(), raise: false, totals: vec![8, 3] };
        assert_eq!(
            roll_damage(r, &aced, Some(Die::D8)).map_err(|e| e.to_string()),
            Err("8 on the d8: it aced: roll again and add".to_owned())
        );
        let short = DamageRoll::Typed { dice: dice.clone(), raise: true, totals: vec![7, 3] };
        assert_eq!(
            roll_damage(r, &short, Some(Die::D8)),
            Err(DamageError::DiceCount { given: 2, needed: 3 })
        );
        let seeded = DamageRoll::Seeded { dice, raise: false, seed: 11 };
        let a = roll_damage(r, &seeded, Some(Die::D8)).expect("seeded");
        let b = roll_damage(r, &seeded, Some(Die::D8)).expect("seeded");
        assert_eq!(a, b);
        let sum: u32 = a.dice.iter().flatten().sum();
        assert_eq!(a.total, i32::try_from(sum).expect("small") + 1);
    }

    #[test]
    fn soak_by_hand() {
        // Vigor d4 (Extra) against 4: ≥ 4 is the ace, 1/4; ≥ 8 two aces, 1/16; ≥ 12 three,
        // 1/64. No wound soaked 3/4; one 1/4 − 1/16; two 1/16 − 1/64; three or more 1/64.
        let s = soak_odds(rules(), Die::D4, false, 0);
        assert!(close(s.none, 3.0 / 4.0));
        assert!(close(s.wounds_1, 1.0 / 4.0 - 1.0 / 16.0));
        assert!(close(s.wounds_2, 1.0 / 16.0 - 1.0 / 64.0));
        assert!(close(s.wounds_3_plus, 1.0 / 64.0));
        for (die, wild, m) in [(Die::D8, true, 0), (Die::D6, true, -3), (Die::D12, false, 2)] {
            let s = soak_odds(rules(), die, wild, m);
            assert!(close(s.none + s.wounds_1 + s.wounds_2 + s.wounds_3_plus, 1.0));
        }
    }

    /// fr 24: "Chaque succès et relance enlève une blessure": never more than were taken.
    #[test]
    fn soak_odds_stop_at_the_wounds_taken() {
        let r = rules();
        // Vigor d4 (Extra), one wound taken: none 3/4, that wound 1/4 (a raise removes no more).
        let one = soak_odds_for(r, Die::D4, false, 0, 1);
        assert_eq!(one.len(), 2);
        assert!(close(one[0], 3.0 / 4.0) && close(one[1], 1.0 / 4.0), "{one:?}");
        // Two wounds: none 3/4, one 1/4 − 1/16, both 1/16.
        let two = soak_odds_for(r, Die::D4, false, 0, 2);
        assert!(close(two[1], 1.0 / 4.0 - 1.0 / 16.0) && close(two[2], 1.0 / 16.0), "{two:?}");
        // Three wounds match the old three-way split.
        let old = soak_odds(r, Die::D8, true, -1);
        let three = soak_odds_for(r, Die::D8, true, -1, 3);
        for (a, b) in three.iter().zip([old.none, old.wounds_1, old.wounds_2, old.wounds_3_plus]) {
            assert!(close(*a, b), "{three:?} {old:?}");
        }
        for n in [1, 4, 7, 25] {
            let c = soak_odds_for(r, Die::D12, true, 2, n);
            assert_eq!(c.len(), usize::try_from(n.min(MAX_SOAK_WOUNDS)).expect("small") + 1);
            assert!(close(c.iter().sum(), 1.0), "{n}: {c:?}");
        }
    }

    #[test]
    fn incapacitation_by_hand() {
        // Vigor d6 with the Wild Die at −3 against 4: dead at a total ≤ 1, i.e. a kept die ≤ 4:
        // (4/6)² = 16/36. Alive but failing: a kept 5 (no die at 7+): kept ≤ 5 is (5/6)² =
        // 25/36, minus the 16/36: 9/36. Success (4–7, kept 7–10): kept ≥ 7 is 1 − (5/6)² =
        // 11/36 (an ace then anything); a raise needs 8, a kept 11+: an ace then 5+, per die
        // 1/6 × 2/6 = 2/36; both miss: (34/36)², so 1 − (34/36)² = 140/1296.
        let c = incapacitation_odds(rules(), Die::D6, true, -3);
        assert!(close(c.dead, 16.0 / 36.0), "{c:?}");
        assert!(close(c.bleeding_out, 9.0 / 36.0), "{c:?}");
        assert!(close(c.heals_in_24h, 140.0 / 1296.0), "{c:?}");
        assert!(close(c.heals_with_wounds, 11.0 / 36.0 - 140.0 / 1296.0), "{c:?}");
        for (die, m) in [(Die::D4, 0), (Die::D8, -3), (Die::D12, 4), (Die::D6, 6)] {
            let c = incapacitation_odds(rules(), die, true, m);
            let total = c.dead + c.bleeding_out + c.heals_with_wounds + c.heals_in_24h;
            assert!(close(total, 1.0), "{die} {m}: {total}");
        }
    }

    #[test]
    fn a_critical_failure_on_incapacitation_is_death() {
        let r = rules();
        let roll = TraitRoll { die: Die::D6, wild: true, modifier: 3, tn: 4 };
        let res = traits::result(r, &roll, 1, Some(1)).expect("roll");
        assert_eq!(incapacitation(r, &res), Incapacitation::Dead);
        // With +3 the double 1 is the only way to die: 1/36.
        let c = incapacitation_odds(r, Die::D6, true, 3);
        assert!(close(c.dead, 1.0 / 36.0));
    }
}
