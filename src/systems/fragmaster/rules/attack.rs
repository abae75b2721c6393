//! The attack: whether it is possible, the numbers needed to hit and to wound with their
//! breakdown, the exact chances, and what typed d6 rolls do.
//!
//! The book's sequence: choose a target, check the range (out of range ends the action), roll
//! to hit (base 3+), and the target rolls to wound (base 4+, changed by the weapon's S). A
//! bonus is negative and a penalty positive; both add to the number needed. There is no
//! natural 1 or 6: a number needed of 1 or less always succeeds, 7 or more never (reading
//! F04). The readings F05 and F08–F10 and F15 (`docs/fragmaster.md`) are decided here too.

use serde::{Deserialize, Serialize};

use super::data::{Cover, Rules, Weapon, WeaponId};
use super::dice::D6;
use crate::kernel::odds::Chance;

/// What the attack panel asks: the weapon and what the players see on the table. `aims` and
/// `taking_cover` come from the game when there is one.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AttackInput<'a> {
    pub weapon: &'a Weapon,
    /// The measured distance in cm (the grenade's real path round corners).
    pub distance_cm: f64,
    /// Aim actions taken this turn before the attack.
    pub aims: u32,
    /// The target's terrain cover from the attacker.
    pub cover: Cover,
    /// The target took cover (until the start of its next turn).
    pub taking_cover: bool,
    /// The target is on another height level.
    pub other_level: bool,
}

/// One line of a breakdown: why, and how much it adds to the number needed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Modifier {
    pub reason: String,
    pub value: i32,
}

/// Everything the attack panel shows before the dice are rolled.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Assessment {
    pub weapon: WeaponId,
    /// Shots fired by the attack, each rolled to hit.
    pub shots: u32,
    /// The d6 result needed to hit, after modifiers (may be below 2 or above 6).
    pub hit_needed: i32,
    pub hit_modifiers: Vec<Modifier>,
    pub hit_chance: Chance,
    /// The d6 result the target needs to be wounded, after the weapon's S.
    pub wound_needed: i32,
    pub wound_modifiers: Vec<Modifier>,
    pub wound_chance: Chance,
    /// The chance one shot kills a one-life target: hit, then wounded.
    pub shot_kill_chance: Chance,
    /// The chance at least one of the attack's shots kills a one-life target.
    pub kill_chance: Chance,
    /// On a hit, others within this many cm of the target are hit too.
    pub blast_cm: Option<f64>,
}

/// Why an attack cannot be made. Each reads as the end of "The attack is not possible: …".
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum Refusal {
    #[error("the distance must be a number of cm, 0 or more (got {})", crate::kernel::words::measure(*.0))]
    BadDistance(f64),
    #[error("the target is out of range: {} cm is beyond the {weapon}'s {range} cm", crate::kernel::words::measure(*.distance))]
    OutOfRange { weapon: String, distance: f64, range: f64 },
    #[error("a target in full cover cannot be attacked with the {weapon}: only grenades go round corners")]
    FullCover { weapon: String },
    #[error("the {weapon} is a melee weapon and cannot reach a character on another height level")]
    MeleeOtherLevel { weapon: String },
    #[error("at most {max} aims fit before an attack in a turn of {actions} actions, not {aims}")]
    TooManyAims { aims: u32, max: u32, actions: u32 },
}

/// What one shot did to its target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    /// The hit roll failed.
    Miss,
    /// Hit, but the target's wound roll saved it.
    Hit,
    /// Hit and wounded: a one-life target is killed.
    Killed,
}

impl Outcome {
    /// The id used in JSON: `miss`, `hit`, `killed`.
    #[must_use]
    pub fn id(self) -> &'static str {
        match self {
            Outcome::Miss => "miss",
            Outcome::Hit => "hit",
            Outcome::Killed => "killed",
        }
    }
}

/// One shot with its rolls.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Shot {
    /// The attacker's hit roll; `None` when the attack needs 1+ and hits without one.
    pub hit_roll: Option<D6>,
    /// The target's wound roll, made only for a hit.
    pub wound_roll: Option<D6>,
    pub outcome: Outcome,
}

impl Shot {
    /// How the shot hit or missed, for a sentence: "on 4", or "without a roll" at 1+.
    #[must_use]
    pub fn hit_words(&self) -> String {
        self.hit_roll.map_or_else(|| "without a roll".to_owned(), |r| format!("on {r}"))
    }
}

/// Rolls that do not fit the attack (malformed input rather than a rule).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RollsError {
    #[error("the {weapon} fires {shots} per attack: give {rolls}, not {given}")]
    HitRolls { weapon: String, shots: String, rolls: String, given: usize },
    #[error("{hits} hit, so the target rolls {rolls} to wound, not {given}")]
    WoundRolls { hits: String, rolls: String, given: usize },
}

/// "1 shot", "2 shots".
fn count(n: usize, one: &str, many: &str) -> String {
    if n == 1 { format!("1 {one}") } else { format!("{n} {many}") }
}

/// The chance a d6 makes `needed`.
#[must_use]
pub fn chance(needed: i32) -> Chance {
    Chance::new(faces_making(needed), 6)
}

fn faces_making(needed: i32) -> u32 {
    u32::try_from((7 - needed).clamp(0, 6)).unwrap_or(0)
}

/// How many aims can come before an attack: every action of the turn but the attack (F05).
#[must_use]
pub fn max_aims(rules: &Rules) -> u32 {
    rules.actions_per_turn.saturating_sub(1)
}

/// Whether the attack is possible and, if so, its numbers and chances.
///
/// # Errors
/// A [`Refusal`] saying why the attack cannot be made, checked in the book's order: the
/// distance, the range, full cover, the height level for melee weapons, then the aims.
pub fn assess(rules: &Rules, input: &AttackInput<'_>) -> Result<Assessment, Refusal> {
    let weapon = input.weapon;
    let name = weapon.lower_name();
    if !input.distance_cm.is_finite() || input.distance_cm < 0.0 {
        return Err(Refusal::BadDistance(input.distance_cm));
    }
    if input.distance_cm > weapon.range_cm {
        return Err(Refusal::OutOfRange {
            weapon: name,
            distance: input.distance_cm,
            range: weapon.range_cm,
        });
    }
    if input.cover == Cover::Full && !weapon.round_corners {
        return Err(Refusal::FullCover { weapon: name });
    }
    if input.other_level && weapon.melee {
        return Err(Refusal::MeleeOtherLevel { weapon: name });
    }
    let max = max_aims(rules);
    if input.aims > max {
        return Err(Refusal::TooManyAims { aims: input.aims, max, actions: rules.actions_per_turn });
    }
    let hit_modifiers = hit_modifiers(rules, input);
    let hit_needed = rules.rolls.hit_base + hit_modifiers.iter().map(|m| m.value).sum::<i32>();
    let wound_modifiers = if weapon.strength == 0 {
        Vec::new()
    } else {
        vec![Modifier { reason: format!("{name} strength"), value: weapon.strength }]
    };
    let wound_needed = rules.rolls.wound_base + weapon.strength;
    let per_shot = faces_making(hit_needed) * faces_making(wound_needed);
    let (kill_numerator, kill_denominator) = at_least_one(per_shot, 36, weapon.shots);
    Ok(Assessment {
        weapon: weapon.id.clone(),
        shots: weapon.shots,
        hit_needed,
        hit_modifiers,
        hit_chance: chance(hit_needed),
        wound_needed,
        wound_modifiers,
        wound_chance: chance(wound_needed),
        shot_kill_chance: Chance::new(per_shot, 36),
        kill_chance: Chance::new(kill_numerator, kill_denominator),
        blast_cm: weapon.blast_cm,
    })
}

/// The chance that at least one of `n` independent tries succeeds, each `p / q`, as an exact
/// fraction `1 − (1 − p/q)^n` over `q^n` (in bounds for the six shots the data allows).
fn at_least_one(p: u32, q: u32, n: u32) -> (u32, u32) {
    let all = q.checked_pow(n);
    let none = (q - p.min(q)).checked_pow(n);
    match (all, none) {
        (Some(all), Some(none)) => (all - none, all),
        _ => (0, 1),
    }
}

/// The most lines a to-hit breakdown can have under `rules`: a weapon's own modifier, the
/// aims, the target taking cover and decent cover, and another height level where it counts
/// (the screens keep room for them all, so the dice below do not move as the situation
/// changes).
#[must_use]
pub fn most_hit_modifiers(rules: &Rules) -> usize {
    let weapon = rules.weapons.iter().any(|w| w.to_hit != 0);
    let aims = max_aims(rules) > 0;
    let level = rules.rolls.other_level != 0;
    [weapon, aims, true, true, level].into_iter().filter(|&line| line).count()
}

fn hit_modifiers(rules: &Rules, input: &AttackInput<'_>) -> Vec<Modifier> {
    let weapon = input.weapon;
    let rolls = &rules.rolls;
    let name_of = |id: &str, fallback: &str| {
        rolls.modifier(id).map_or_else(|| fallback.to_owned(), |m| m.name.to_lowercase())
    };
    let mut out = Vec::new();
    if weapon.to_hit != 0 {
        out.push(Modifier { reason: weapon.lower_name(), value: weapon.to_hit });
    }
    if input.aims > 0 {
        let aim = name_of("aim", "aim");
        let reason = if input.aims == 1 { aim } else { format!("{aim} ×{}", input.aims) };
        let aims = i32::try_from(input.aims).unwrap_or(0);
        out.push(Modifier { reason, value: rolls.aim * aims });
    }
    let cover = |present: bool, id: &str, value: i32, out: &mut Vec<Modifier>| {
        if !present {
            return;
        }
        let name = name_of(id, id);
        if weapon.ignores_cover {
            out.push(Modifier {
                reason: format!("{name}, ignored by the {}", weapon.lower_name()),
                value: 0,
            });
        } else {
            out.push(Modifier { reason: name, value });
        }
    };
    cover(input.taking_cover, "taking-cover", rolls.taking_cover, &mut out);
    cover(input.cover == Cover::Decent, "decent-cover", rolls.decent_cover, &mut out);
    if input.other_level && rolls.other_level != 0 {
        out.push(Modifier {
            reason: name_of("other-level", "another height level"),
            value: rolls.other_level,
        });
    }
    out
}

/// The shots of an attack from the typed rolls: one hit roll per shot, then one wound roll
/// (made by the target) per shot that hit, in shot order. Every shot of the attack is fired;
/// two shots that both wound still kill a one-life target once.
///
/// # Errors
/// When the number of rolls does not fit the shots and the hits.
pub fn resolve(
    rules: &Rules,
    assessment: &Assessment,
    hit_rolls: &[D6],
    wound_rolls: &[D6],
) -> Result<Vec<Shot>, RollsError> {
    let shots = assessment.shots as usize;
    // At 1+ every shot hits: no hit roll is asked, though typed ones are taken.
    let automatic = assessment.hit_needed <= 1 && hit_rolls.is_empty();
    if hit_rolls.len() != shots && !automatic {
        let weapon = rules
            .weapon(assessment.weapon.as_str())
            .map_or_else(|| assessment.weapon.to_string(), Weapon::lower_name);
        return Err(RollsError::HitRolls {
            weapon,
            shots: count(shots, "shot", "shots"),
            rolls: count(shots, "hit roll", "hit rolls"),
            given: hit_rolls.len(),
        });
    }
    let hit_rolls: Vec<Option<D6>> =
        if automatic { vec![None; shots] } else { hit_rolls.iter().copied().map(Some).collect() };
    let makes = |roll: Option<D6>| roll.is_none_or(|r| r.makes(assessment.hit_needed));
    let hits = hit_rolls.iter().filter(|&&r| makes(r)).count();
    if wound_rolls.len() != hits {
        return Err(RollsError::WoundRolls {
            hits: if hits == 0 { "no shot".to_owned() } else { count(hits, "shot", "shots") },
            rolls: count(hits, "die", "dice"),
            given: wound_rolls.len(),
        });
    }
    let mut wounds = wound_rolls.iter();
    Ok(hit_rolls
        .iter()
        .map(|&hit_roll| {
            if !makes(hit_roll) {
                return Shot { hit_roll, wound_roll: None, outcome: Outcome::Miss };
            }
            let wound_roll = wounds.next().copied();
            let outcome = match wound_roll {
                Some(w) if w.makes(assessment.wound_needed) => Outcome::Killed,
                _ => Outcome::Hit,
            };
            Shot { hit_roll, wound_roll, outcome }
        })
        .collect())
}

/// What a blast does to another character caught within its radius: it is hit without a
/// roll, and rolls to wound like the target (reading F09).
#[must_use]
pub fn blast_wound(assessment: &Assessment, wound_roll: D6) -> Outcome {
    if wound_roll.makes(assessment.wound_needed) { Outcome::Killed } else { Outcome::Hit }
}

/// Whether any shot hit (a blast catches others only then).
#[must_use]
pub fn any_hit(shots: &[Shot]) -> bool {
    shots.iter().any(|s| s.outcome != Outcome::Miss)
}

/// Whether any shot killed the target.
#[must_use]
pub fn killed(shots: &[Shot]) -> bool {
    shots.iter().any(|s| s.outcome == Outcome::Killed)
}

/// A number needed as players say it: "3+", and the hopeless or certain cases in words.
#[must_use]
pub fn needed_text(needed: i32) -> String {
    if needed > 6 {
        format!("{needed}+, cannot succeed")
    } else if needed <= 1 {
        format!("{needed}+, always succeeds")
    } else {
        format!("{needed}+")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::systems::fragmaster::rules::embedded::rules;

    fn input(weapon: &str, distance_cm: f64) -> AttackInput<'static> {
        AttackInput {
            weapon: rules().weapon(weapon).expect("weapon"),
            distance_cm,
            aims: 0,
            cover: Cover::None,
            taking_cover: false,
            other_level: false,
        }
    }

    fn d6s(faces: &[u8]) -> Vec<D6> {
        faces.iter().map(|&f| D6::new(f).expect("face")).collect()
    }

    /// (hit needed, wound needed, hit /6, wound /6, kill as an exact fraction).
    fn check(input: &AttackInput<'_>, expected: (i32, i32, u32, u32, Chance)) {
        let a = assess(rules(), input).expect("possible");
        let got = (
            a.hit_needed,
            a.wound_needed,
            faces_making(a.hit_needed),
            faces_making(a.wound_needed),
            a.kill_chance,
        );
        assert_eq!(got, expected);
        let sum = a.hit_chance.value() + Chance::new(6 - faces_making(a.hit_needed), 6).value();
        assert!((sum - 1.0).abs() < 1e-12);
    }

    #[test]
    fn the_weapons_table_at_point_blank() {
        // Assault rifle: 3+ to hit (4/6), 4+ to wound (3/6): one shot kills 12/36 = 1/3;
        // two shots: 1 − (24/36)² = 1 − 576/1296 = 720/1296 = 5/9.
        check(&input("assault-rifle", 10.0), (3, 4, 4, 3, Chance::new(720, 1296)));
        assert_eq!(Chance::new(720, 1296), Chance::new(5, 9));
        // Sniper rifle: 3 + 2 = 5+ (2/6), 4 − 2 = 2+ (5/6): 10/36.
        check(&input("sniper-rifle", 10.0), (5, 2, 2, 5, Chance::new(10, 36)));
        // Rocket launcher: 3 + 1 = 4+ (3/6), 4 + 1 = 5+ (2/6): 6/36 = 1/6.
        check(&input("rocket-launcher", 10.0), (4, 5, 3, 2, Chance::new(1, 6)));
        // Grenades: 3+ (4/6), 5+ (2/6): 8/36 = 2/9.
        check(&input("grenades", 10.0), (3, 5, 4, 2, Chance::new(2, 9)));
        // Chain blades: 3+ (4/6), 2+ (5/6): 20/36 = 5/9.
        check(&input("chain-blades", 5.0), (3, 2, 4, 5, Chance::new(5, 9)));
        // Molecular katana: 3 − 1 = 2+ (5/6), 4+ (3/6): 15/36 = 5/12.
        check(&input("katana", 5.0), (2, 4, 5, 3, Chance::new(5, 12)));
    }

    #[test]
    fn the_books_example_a_sniper_wounds_on_two() {
        // "The wound roll is 4+, the attacker has a sniper rifle with wound bonus −2, so it
        // wounds on 2+."
        let a = assess(rules(), &input("sniper-rifle", 60.0)).expect("possible");
        assert_eq!(a.wound_needed, 2);
        assert_eq!(a.wound_modifiers, vec![Modifier { reason: "sniper rifle strength".into(), value: -2 }]);
        assert_eq!(a.wound_chance, Chance::new(5, 6));
    }

    #[test]
    fn modifiers_add_up_with_their_reasons() {
        // Sniper rifle, two aims, decent cover, target taking cover: 3 + 2 − 4 + 1 + 1 = 3+.
        let i =
            AttackInput { aims: 2, cover: Cover::Decent, taking_cover: true, ..input("sniper-rifle", 80.0) };
        let a = assess(rules(), &i).expect("possible");
        assert_eq!(a.hit_needed, 3);
        let breakdown: Vec<(&str, i32)> =
            a.hit_modifiers.iter().map(|m| (m.reason.as_str(), m.value)).collect();
        assert_eq!(
            breakdown,
            vec![("sniper rifle", 2), ("aim ×2", -4), ("target taking cover", 1), ("decent cover", 1)]
        );
        // Katana with one aim: 3 − 1 − 2 = 0: always hits, shown as 0.
        let i = AttackInput { aims: 1, ..input("katana", 2.0) };
        let a = assess(rules(), &i).expect("possible");
        assert_eq!((a.hit_needed, a.hit_chance), (0, Chance::new(6, 6)));
        assert_eq!(needed_text(a.hit_needed), "0+, always succeeds");
    }

    #[test]
    fn no_breakdown_has_more_lines_than_the_screens_keep() {
        let i = AttackInput {
            aims: 2,
            cover: Cover::Decent,
            taking_cover: true,
            other_level: true,
            ..input("sniper-rifle", 80.0)
        };
        let a = assess(rules(), &i).expect("possible");
        assert_eq!(a.hit_modifiers.len(), most_hit_modifiers(rules()), "{:?}", a.hit_modifiers);
        assert!(a.wound_modifiers.len() <= most_hit_modifiers(rules()));
    }

    #[test]
    fn weapons_that_ignore_cover_ignore_decent_cover_and_taking_cover() {
        let i = AttackInput { cover: Cover::Decent, taking_cover: true, ..input("grenades", 15.0) };
        let a = assess(rules(), &i).expect("possible");
        assert_eq!(a.hit_needed, 3);
        let reasons: Vec<(&str, i32)> =
            a.hit_modifiers.iter().map(|m| (m.reason.as_str(), m.value)).collect();
        assert_eq!(
            reasons,
            vec![
                ("target taking cover, ignored by the grenades", 0),
                ("decent cover, ignored by the grenades", 0)
            ]
        );
        let i = AttackInput { cover: Cover::Decent, taking_cover: true, ..input("katana", 5.0) };
        assert_eq!(assess(rules(), &i).map(|a| a.hit_needed), Ok(2));
        // The rocket launcher does not: 3 + 1 + 1 + 1 = 6+.
        let i = AttackInput { cover: Cover::Decent, taking_cover: true, ..input("rocket-launcher", 30.0) };
        assert_eq!(assess(rules(), &i).map(|a| a.hit_needed), Ok(6));
    }

    #[test]
    fn impossible_attacks_say_why() {
        let refused = |i: AttackInput<'_>| assess(rules(), &i).map(|_| ()).map_err(|e| e.to_string());
        assert_eq!(
            refused(input("assault-rifle", 40.5)),
            Err("the target is out of range: 40.5 cm is beyond the assault rifle's 40 cm".into())
        );
        assert_eq!(refused(input("assault-rifle", 40.0)), Ok(()), "exactly at range is in range");
        assert_eq!(
            refused(AttackInput { cover: Cover::Full, ..input("katana", 3.0) }),
            Err("a target in full cover cannot be attacked with the molecular katana: only grenades go round corners".into())
        );
        assert_eq!(refused(AttackInput { cover: Cover::Full, ..input("grenades", 15.0) }), Ok(()));
        assert_eq!(
            refused(AttackInput { other_level: true, ..input("chain-blades", 1.0) }),
            Err("the chain blades is a melee weapon and cannot reach a character on another height level"
                .into())
        );
        assert_eq!(refused(AttackInput { other_level: true, ..input("sniper-rifle", 1.0) }), Ok(()));
        assert_eq!(
            refused(AttackInput { aims: 3, ..input("sniper-rifle", 1.0) }),
            Err("at most 2 aims fit before an attack in a turn of 3 actions, not 3".into())
        );
        assert_eq!(
            refused(input("grenades", f64::NAN)),
            Err("the distance must be a number of cm, 0 or more (got NaN)".into())
        );
        assert_eq!(
            refused(input("grenades", -1.0)),
            Err("the distance must be a number of cm, 0 or more (got -1)".into())
        );
        assert_eq!(
            refused(input("grenades", f64::INFINITY)),
            Err("the distance must be a number of cm, 0 or more (got inf)".into())
        );
    }

    #[test]
    fn a_hopeless_roll_is_shown_but_never_succeeds() {
        // Nothing in the book needs more than 6+ (the rocket launcher at a target taking
        // cover in decent cover); raise the launcher's penalty to +2 for 3 + 2 + 1 + 1 = 7+.
        let mut heavy = rules().weapon("rocket-launcher").expect("weapon").clone();
        heavy.to_hit = 2;
        let i = AttackInput { cover: Cover::Decent, taking_cover: true, ..input("rocket-launcher", 1.0) };
        let a = assess(rules(), &AttackInput { weapon: &heavy, ..i }).expect("possible");
        assert_eq!((a.hit_needed, a.hit_chance, a.kill_chance), (7, Chance::never(), Chance::never()));
        assert_eq!(needed_text(7), "7+, cannot succeed");
        let shots = resolve(rules(), &a, &d6s(&[6]), &[]).expect("rolls fit");
        assert_eq!(shots[0].outcome, Outcome::Miss);
    }

    #[test]
    fn rolls_resolve_shot_by_shot() {
        let a = assess(rules(), &input("assault-rifle", 20.0)).expect("possible");
        let results = |hits: &[u8], wounds: &[u8]| {
            resolve(rules(), &a, &d6s(hits), &d6s(wounds))
                .map(|s| s.iter().map(|s| s.outcome).collect::<Vec<_>>())
        };
        assert_eq!(results(&[2, 1], &[]), Ok(vec![Outcome::Miss, Outcome::Miss]));
        assert_eq!(results(&[3, 2], &[3]), Ok(vec![Outcome::Hit, Outcome::Miss]));
        assert_eq!(results(&[2, 6], &[4]), Ok(vec![Outcome::Miss, Outcome::Killed]));
        assert_eq!(results(&[5, 6], &[1, 6]), Ok(vec![Outcome::Hit, Outcome::Killed]));
        assert_eq!(results(&[5, 6], &[6, 6]), Ok(vec![Outcome::Killed, Outcome::Killed]));
        let error = |hits: &[u8], wounds: &[u8]| {
            resolve(rules(), &a, &d6s(hits), &d6s(wounds)).map_err(|e| e.to_string())
        };
        assert_eq!(
            error(&[4], &[]).map(|_| ()),
            Err("the assault rifle fires 2 shots per attack: give 2 hit rolls, not 1".into())
        );
        assert_eq!(
            error(&[4, 4], &[5]).map(|_| ()),
            Err("2 shots hit, so the target rolls 2 dice to wound, not 1".into())
        );
        assert_eq!(
            error(&[1, 1], &[5]).map(|_| ()),
            Err("no shot hit, so the target rolls 0 dice to wound, not 1".into())
        );
        let sniper = assess(rules(), &input("sniper-rifle", 20.0)).expect("possible");
        assert_eq!(
            resolve(rules(), &sniper, &d6s(&[5, 5]), &[]).map_err(|e| e.to_string()),
            Err("the sniper rifle fires 1 shot per attack: give 1 hit roll, not 2".into())
        );
        assert_eq!(
            resolve(rules(), &sniper, &d6s(&[5]), &d6s(&[2])).map(|s| s[0]),
            Ok(Shot {
                hit_roll: Some(d6s(&[5])[0]),
                wound_roll: Some(d6s(&[2])[0]),
                outcome: Outcome::Killed
            })
        );
    }

    #[test]
    fn at_one_plus_every_shot_hits_without_a_hit_roll() {
        // Assault rifle at 12 cm after two aims: 3 − 4 = −1+, so no hit die is asked; the
        // target still rolls to wound each shot (4+).
        let a = assess(rules(), &AttackInput { aims: 2, ..input("assault-rifle", 12.0) }).expect("possible");
        assert_eq!((a.hit_needed, a.shots), (-1, 2));
        let shots = resolve(rules(), &a, &[], &d6s(&[3, 4])).expect("resolved");
        assert_eq!(
            shots,
            vec![
                Shot { hit_roll: None, wound_roll: Some(d6s(&[3])[0]), outcome: Outcome::Hit },
                Shot { hit_roll: None, wound_roll: Some(d6s(&[4])[0]), outcome: Outcome::Killed },
            ]
        );
        assert_eq!(shots[0].hit_words(), "without a roll");
        // Typed hit dice are still taken, and at 3+ the dice cannot be left out.
        assert_eq!(
            resolve(rules(), &a, &d6s(&[1, 3]), &d6s(&[3, 4])).expect("resolved")[0].hit_words(),
            "on 1"
        );
        let plain = assess(rules(), &input("assault-rifle", 12.0)).expect("possible");
        assert!(resolve(rules(), &plain, &[], &[]).is_err());
    }

    #[test]
    fn a_blast_catches_others_who_roll_their_own_wounds() {
        let a = assess(rules(), &input("rocket-launcher", 20.0)).expect("possible");
        assert_eq!(a.blast_cm, Some(5.0));
        assert_eq!(blast_wound(&a, d6s(&[5])[0]), Outcome::Killed);
        assert_eq!(blast_wound(&a, d6s(&[4])[0]), Outcome::Hit);
    }

    #[test]
    fn at_least_one_of_n_is_exact() {
        assert_eq!(at_least_one(12, 36, 2), (720, 1296));
        assert_eq!(at_least_one(0, 36, 2), (0, 1296));
        assert_eq!(at_least_one(36, 36, 2), (1296, 1296));
        assert_eq!(at_least_one(1, 36, 6), (36u32.pow(6) - 35u32.pow(6), 36u32.pow(6)));
    }
}
