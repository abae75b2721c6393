//! Shooting: the to-hit modifier with its breakdown, the exact odds of each d20 result, and
//! the result of a given roll.
//!
//! Readings: A17 (range bands include their upper bound, fractional cm allowed), A19 (the
//! two-move penalty applies whatever the order), A20 (an aim counts for the next shot).

use serde::Serialize;

use super::data::{Band, Rules, Weapon};
use super::odds::Chance;
use crate::kernel::words;

/// Everything that decides one shot's modifier.
#[derive(Clone, Debug, PartialEq)]
#[expect(clippy::struct_excessive_bools, reason = "each toggle is an independent modifier of the rules")]
pub struct ShotInput {
    pub weapon: String,
    /// Measured distance in cm.
    pub distance_cm: f64,
    /// Which shot of the activation this is, from 1.
    pub shot: u32,
    /// Aim actions declared right before this shot.
    pub aims: u32,
    /// Move actions the shooter declared this activation.
    pub shooter_moves: u32,
    pub shooter_mounted: bool,
    pub shooter_under_fire: u32,
    /// The shooter's Shoot value.
    pub skill: i32,
    pub shooter_boss: bool,
    /// Move actions the target has made (or declared, for a quick shot).
    pub target_moves: u32,
    pub cover: bool,
    pub target_boss: bool,
    pub target_mounted: bool,
    pub obscured: bool,
    pub black_joker: bool,
    /// A card makes the shot count as aimed (+1) without an aim action.
    pub counts_as_aimed: bool,
    /// The target holds a hostage as a shield (the Outlaws' Hostage card).
    pub hostage: bool,
}

impl Default for ShotInput {
    fn default() -> Self {
        ShotInput {
            weapon: "pistol".into(),
            distance_cm: 15.0,
            shot: 1,
            aims: 0,
            shooter_moves: 0,
            shooter_mounted: false,
            shooter_under_fire: 0,
            skill: 0,
            shooter_boss: false,
            target_moves: 0,
            cover: false,
            target_boss: false,
            target_mounted: false,
            obscured: false,
            black_joker: false,
            counts_as_aimed: false,
            hostage: false,
        }
    }
}

/// One line of a modifier breakdown.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Modifier {
    pub reason: String,
    pub value: i32,
}

/// What a shooting roll can do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ShotResult {
    OutOfAmmo,
    Miss,
    UnderFire,
    UnderFireAndNerve,
    OutOfAction,
}

impl ShotResult {
    /// Every result, in table order.
    pub const ALL: [ShotResult; 5] = [
        ShotResult::OutOfAmmo,
        ShotResult::Miss,
        ShotResult::UnderFire,
        ShotResult::UnderFireAndNerve,
        ShotResult::OutOfAction,
    ];

    /// The key used in JSON output and the data files.
    #[must_use]
    pub fn id(self) -> &'static str {
        match self {
            ShotResult::OutOfAmmo => "out_of_ammo",
            ShotResult::Miss => "miss",
            ShotResult::UnderFire => "under_fire",
            ShotResult::UnderFireAndNerve => "under_fire_and_nerve",
            ShotResult::OutOfAction => "out_of_action",
        }
    }

    /// The name players use.
    #[must_use]
    pub fn title(self) -> &'static str {
        match self {
            ShotResult::OutOfAmmo => "Out of ammo",
            ShotResult::Miss => "Miss",
            ShotResult::UnderFire => "Under fire",
            ShotResult::UnderFireAndNerve => "Under fire + nerve test",
            ShotResult::OutOfAction => "Out of action",
        }
    }

    /// Whether this counts as a hit for cards and abilities (11+, reading A44/A47).
    #[must_use]
    pub fn is_hit(self) -> bool {
        matches!(self, ShotResult::UnderFire | ShotResult::UnderFireAndNerve | ShotResult::OutOfAction)
    }
}

/// The chance of each result.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct ShotChances {
    pub out_of_ammo: Chance,
    pub miss: Chance,
    pub under_fire: Chance,
    pub under_fire_and_nerve: Chance,
    pub out_of_action: Chance,
}

impl ShotChances {
    /// The chance of one result.
    #[must_use]
    pub fn of(&self, result: ShotResult) -> Chance {
        match result {
            ShotResult::OutOfAmmo => self.out_of_ammo,
            ShotResult::Miss => self.miss,
            ShotResult::UnderFire => self.under_fire,
            ShotResult::UnderFireAndNerve => self.under_fire_and_nerve,
            ShotResult::OutOfAction => self.out_of_action,
        }
    }

    /// The chance of any hit (11+).
    #[must_use]
    pub fn hit(&self) -> Chance {
        self.under_fire.plus(self.under_fire_and_nerve).plus(self.out_of_action)
    }
}

/// A shot's modifier and odds.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ShotOdds {
    pub range: Band,
    pub modifier: i32,
    pub modifiers: Vec<Modifier>,
    pub chances: ShotChances,
    /// Reminders that follow from the weapon (the shotgun running dry, and so on).
    pub notes: Vec<String>,
}

/// Why the rules refuse a shot.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ShotError {
    #[error("there is no weapon called '{0}'")]
    UnknownWeapon(String),
    #[error("the distance must be a number of cm, 0 or more (got {})", words::measure(*.0))]
    BadDistance(f64),
    #[error("{weapon} cannot reach {} cm: its longest range is {max} cm", words::measure(*.distance))]
    OutOfRange { weapon: String, distance: f64, max: f64 },
    #[error("the {weapon} fires at most {} per activation, so there is no shot {shot}", words::count(*.max, "shot", "shots"))]
    TooManyShots { weapon: String, max: u32, shot: u32 },
    #[error("the shot number starts at 1")]
    NoShot,
    #[error("the {weapon} can take at most {}, not {aims}", words::count(*.max, "aim action", "aim actions"))]
    TooManyAims { weapon: String, max: u32, aims: u32 },
    #[error("a shooter can declare at most 2 moves and still shoot, not {0}")]
    TooManyMoves(u32),
    #[error("a target can have made at most 3 moves, not {0}")]
    TooManyTargetMoves(u32),
    #[error("{}, {} and {} are {total} actions; a model has only {max}", words::count(*.moves, "move", "moves"), words::count(*.aims, "aim", "aims"), words::count(*.shots, "shot", "shots"))]
    TooManyActions { moves: u32, aims: u32, shots: u32, total: u32, max: u32 },
    #[error("a Shoot value runs from -1 to +2, not {0}")]
    BadSkill(i32),
    #[error("a model with {0} under fire markers is already out of action (5 Hits at most)")]
    TooManyMarkers(u32),
}

/// The largest Hits value of any profile; more markers than this cannot be on a model.
const MAX_MARKERS: u32 = 4;

/// Works out a shot's modifier and the chance of each result.
///
/// # Errors
/// When the rules do not allow the shot: an unknown weapon, a target out of range, more
/// shots or aims than the weapon allows, or more actions than a model has.
pub fn assess(rules: &Rules, input: &ShotInput) -> Result<ShotOdds, ShotError> {
    let weapon = rules.weapon(&input.weapon).ok_or_else(|| ShotError::UnknownWeapon(input.weapon.clone()))?;
    check_input(rules, weapon, input)?;
    let band = weapon.band_at(input.distance_cm).ok_or_else(|| ShotError::OutOfRange {
        weapon: weapon.name.clone(),
        distance: input.distance_cm,
        max: weapon.max_range_cm().unwrap_or(f64::INFINITY),
    })?;
    let numbers = &rules.core.shooting;
    let mut modifiers = Vec::new();
    let mut add = |reason: String, value: i32| {
        if value != 0 {
            modifiers.push(Modifier { reason, value });
        }
    };
    add(format!("{} range ({})", band.band.title(), weapon.name), band.modifier);
    if input.shooter_moves == 2 {
        add(numbers.label("shooter_two_moves").into(), numbers.modifier("shooter_two_moves"));
    }
    if input.aims > 0 {
        let aims = i32::try_from(input.aims).unwrap_or(i32::MAX);
        add(
            format!("Aimed ({})", super::count(input.aims, "aim action", "aim actions")),
            numbers.modifier("aim") * aims,
        );
    } else if input.counts_as_aimed {
        add("Counts as aimed (card)".into(), numbers.modifier("aim"));
    }
    match input.shot {
        2 => add(numbers.label("second_shot").into(), numbers.modifier("second_shot")),
        3 => add(numbers.label("third_shot").into(), numbers.modifier("third_shot")),
        _ => {}
    }
    if input.shooter_mounted {
        add(numbers.label("shooter_mounted").into(), numbers.modifier("shooter_mounted"));
    }
    if input.shooter_under_fire > 0 {
        add(
            format!("Shooter under fire ({})", super::count(input.shooter_under_fire, "marker", "markers")),
            numbers.modifier("shooter_under_fire") * count(input.shooter_under_fire),
        );
    }
    add("Shooter's Shoot value".into(), input.skill);
    if input.target_moves > 0 {
        add(
            format!("Target moving ({})", super::count(input.target_moves, "move action", "move actions")),
            numbers.modifier("target_moving") * count(input.target_moves),
        );
    }
    if input.cover {
        add(numbers.label("target_cover").into(), numbers.modifier("target_cover"));
    }
    if input.target_boss && !input.shooter_boss {
        add("Target is a Boss".into(), numbers.modifier("target_boss"));
    }
    if input.target_mounted {
        add(numbers.label("target_mounted").into(), numbers.modifier("target_mounted"));
    }
    if input.obscured {
        add(numbers.label("target_obscured").into(), numbers.modifier("target_obscured"));
    }
    if input.black_joker {
        add(numbers.label("black_joker").into(), numbers.modifier("black_joker"));
    }
    if input.hostage {
        add(numbers.label("target_hostage").into(), numbers.modifier("target_hostage"));
    }
    let modifier = modifiers.iter().map(|m| m.value).sum();
    Ok(ShotOdds {
        range: band.band,
        modifier,
        modifiers,
        chances: chances(rules, modifier),
        notes: notes(weapon, input.shot),
    })
}

fn count(n: u32) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}

fn check_input(rules: &Rules, weapon: &Weapon, input: &ShotInput) -> Result<(), ShotError> {
    if !input.distance_cm.is_finite() || input.distance_cm < 0.0 {
        return Err(ShotError::BadDistance(input.distance_cm));
    }
    if input.shot == 0 {
        return Err(ShotError::NoShot);
    }
    if input.shot > weapon.max_shots {
        return Err(ShotError::TooManyShots {
            weapon: weapon.name.clone(),
            max: weapon.max_shots,
            shot: input.shot,
        });
    }
    if input.aims > weapon.max_aims {
        return Err(ShotError::TooManyAims {
            weapon: weapon.name.clone(),
            max: weapon.max_aims,
            aims: input.aims,
        });
    }
    if input.shooter_moves > 2 {
        return Err(ShotError::TooManyMoves(input.shooter_moves));
    }
    if input.target_moves > 3 {
        return Err(ShotError::TooManyTargetMoves(input.target_moves));
    }
    let max = rules.core.actions.per_activation;
    let total = input.shooter_moves + input.aims + input.shot;
    if total > max {
        return Err(ShotError::TooManyActions {
            moves: input.shooter_moves,
            aims: input.aims,
            shots: input.shot,
            total,
            max,
        });
    }
    if !(-1..=2).contains(&input.skill) {
        return Err(ShotError::BadSkill(input.skill));
    }
    if input.shooter_under_fire > MAX_MARKERS {
        return Err(ShotError::TooManyMarkers(input.shooter_under_fire));
    }
    Ok(())
}

fn notes(weapon: &Weapon, shot: u32) -> Vec<String> {
    let mut notes = Vec::new();
    if let Some(after) = weapon.out_of_ammo_after_shots
        && shot >= after
    {
        notes.push(format!("After this shot the {} is out of ammo whatever the roll.", weapon.name));
    }
    notes
}

/// The result of a natural d20 `roll` with the total `modifier`.
#[must_use]
pub fn result(rules: &Rules, modifier: i32, roll: u32) -> ShotResult {
    let numbers = &rules.core.shooting;
    if roll == numbers.natural_out_of_ammo {
        return ShotResult::OutOfAmmo;
    }
    let total = i32::try_from(roll).unwrap_or(i32::MAX).saturating_add(modifier);
    let at_least = |id: &str, fallback: i32| total >= numbers.threshold(id).unwrap_or(fallback);
    if at_least("out_of_action", 19) {
        ShotResult::OutOfAction
    } else if at_least("under_fire_and_nerve", 15) {
        ShotResult::UnderFireAndNerve
    } else if at_least("under_fire", 11) {
        ShotResult::UnderFire
    } else {
        ShotResult::Miss
    }
}

/// The exact chance of each result for a d20 with this modifier.
#[must_use]
pub fn chances(rules: &Rules, modifier: i32) -> ShotChances {
    let die = rules.core.shooting.die;
    let mut counts = [0u32; 5];
    for roll in 1..=die {
        let r = result(rules, modifier, roll);
        if let Some(i) = ShotResult::ALL.iter().position(|&x| x == r) {
            counts[i] += 1;
        }
    }
    let c = |i: usize| Chance::new(counts[i], die);
    ShotChances {
        out_of_ammo: c(0),
        miss: c(1),
        under_fire: c(2),
        under_fire_and_nerve: c(3),
        out_of_action: c(4),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::systems::dmh::rules::embedded;

    #[expect(clippy::needless_pass_by_value, reason = "one-line test cases build the input inline")]
    fn odds(input: ShotInput) -> ShotOdds {
        assess(embedded::rules(), &input).expect("legal shot")
    }

    #[expect(clippy::needless_pass_by_value, reason = "one-line test cases build the input inline")]
    fn refused(input: ShotInput) -> ShotError {
        assess(embedded::rules(), &input).expect_err("should be refused")
    }

    fn shot(weapon: &str, distance_cm: f64) -> ShotInput {
        ShotInput { weapon: weapon.into(), distance_cm, ..ShotInput::default() }
    }

    #[test]
    fn range_bands_follow_the_weapons_table() {
        let check = |weapon: &str, d: f64, band: Band, modifier: i32| {
            let o = odds(shot(weapon, d));
            assert_eq!((o.range, o.modifier), (band, modifier), "{weapon} at {d}");
        };
        check("pistol", 0.0, Band::PointBlank, 2);
        check("pistol", 10.0, Band::PointBlank, 2);
        check("pistol", 10.4, Band::Close, 0);
        check("pistol", 20.0, Band::Close, 0);
        check("pistol", 30.0, Band::Long, -1);
        check("rifle", 50.0, Band::Close, 0);
        check("rifle", 51.0, Band::Long, -1);
        check("rifle", 500.0, Band::Long, -1);
        check("repeater", 40.0, Band::Close, 0);
        check("repeater", 41.0, Band::Long, -1);
        check("shotgun", 10.0, Band::PointBlank, 4);
        check("shotgun", 20.0, Band::Close, 0);
        check("both-barrels", 5.0, Band::PointBlank, 6);
    }

    #[test]
    fn out_of_range_is_refused() {
        assert!(matches!(refused(shot("pistol", 30.5)), ShotError::OutOfRange { .. }));
        assert!(matches!(refused(shot("shotgun", 21.0)), ShotError::OutOfRange { .. }));
        assert!(matches!(refused(shot("both-barrels", 11.0)), ShotError::OutOfRange { .. }));
        assert!(matches!(refused(shot("pistol", -1.0)), ShotError::BadDistance(_)));
    }

    #[test]
    fn every_modifier_adds_up() {
        let input = ShotInput {
            weapon: "pistol".into(),
            distance_cm: 25.0, // long -1
            shot: 2,           // -1
            aims: 0,
            shooter_moves: 0,
            shooter_mounted: true, // -1
            shooter_under_fire: 2, // -2
            skill: 2,              // +2
            shooter_boss: false,
            target_moves: 3,      // -3
            cover: true,          // -1
            target_boss: true,    // -1
            target_mounted: true, // +1
            obscured: true,       // -1
            black_joker: true,    // +1
            counts_as_aimed: false,
            hostage: false,
        };
        let o = odds(input);
        assert_eq!(o.modifier, -1 - 1 - 1 - 2 + 2 - 3 - 1 - 1 + 1 - 1 + 1);
        assert_eq!(o.modifiers.iter().map(|m| m.value).sum::<i32>(), o.modifier);
        assert_eq!(o.modifiers.len(), 11);
    }

    #[test]
    fn aims_moves_and_boss_on_boss() {
        let aimed = odds(ShotInput { aims: 2, ..shot("rifle", 30.0) });
        assert_eq!(aimed.modifier, 2);
        let moved = odds(ShotInput { shooter_moves: 2, ..shot("pistol", 15.0) });
        assert_eq!(moved.modifier, -1);
        let one_move = odds(ShotInput { shooter_moves: 1, ..shot("pistol", 15.0) });
        assert_eq!(one_move.modifier, 0);
        let boss_on_boss = odds(ShotInput { target_boss: true, shooter_boss: true, ..shot("pistol", 15.0) });
        assert_eq!(boss_on_boss.modifier, 0);
        let third = odds(ShotInput { shot: 3, ..shot("pistol", 15.0) });
        assert_eq!(third.modifier, -2);
    }

    #[test]
    fn weapon_limits_refuse_impossible_shots() {
        assert!(matches!(
            refused(ShotInput { aims: 1, ..shot("shotgun", 5.0) }),
            ShotError::TooManyAims { .. }
        ));
        assert!(matches!(
            refused(ShotInput { aims: 2, ..shot("pistol", 5.0) }),
            ShotError::TooManyAims { .. }
        ));
        assert!(matches!(
            refused(ShotInput { shot: 2, ..shot("rifle", 5.0) }),
            ShotError::TooManyShots { .. }
        ));
        assert!(matches!(
            refused(ShotInput { shot: 3, ..shot("repeater", 5.0) }),
            ShotError::TooManyShots { .. }
        ));
        assert!(matches!(
            refused(ShotInput { shot: 2, shooter_moves: 2, ..shot("pistol", 5.0) }),
            ShotError::TooManyActions { total: 4, .. }
        ));
        assert!(matches!(
            refused(ShotInput { shooter_moves: 3, ..shot("pistol", 5.0) }),
            ShotError::TooManyMoves(3)
        ));
        assert!(matches!(refused(ShotInput { skill: 3, ..shot("pistol", 5.0) }), ShotError::BadSkill(3)));
        assert!(matches!(refused(shot("bow", 5.0)), ShotError::UnknownWeapon(_)));
    }

    #[test]
    fn results_follow_the_table() {
        let rules = embedded::rules();
        let check = |m: i32, roll: u32, expected: ShotResult| {
            assert_eq!(result(rules, m, roll), expected, "{roll}{m:+}");
        };
        check(10, 1, ShotResult::OutOfAmmo);
        check(0, 2, ShotResult::Miss);
        check(0, 10, ShotResult::Miss);
        check(0, 11, ShotResult::UnderFire);
        check(0, 14, ShotResult::UnderFire);
        check(0, 15, ShotResult::UnderFireAndNerve);
        check(0, 18, ShotResult::UnderFireAndNerve);
        check(0, 19, ShotResult::OutOfAction);
        check(-5, 20, ShotResult::UnderFireAndNerve);
        check(2, 17, ShotResult::OutOfAction);
    }

    #[test]
    fn chances_are_exact_twentieths_that_sum_to_one() {
        let rules = embedded::rules();
        let c = chances(rules, 0);
        assert_eq!(c.out_of_ammo, Chance::new(1, 20));
        assert_eq!(c.miss, Chance::new(9, 20));
        assert_eq!(c.under_fire, Chance::new(4, 20));
        assert_eq!(c.under_fire_and_nerve, Chance::new(4, 20));
        assert_eq!(c.out_of_action, Chance::new(2, 20));
        for m in -12..=12 {
            let c = chances(rules, m);
            let total: u32 = ShotResult::ALL.iter().map(|&r| c.of(r).numerator()).sum();
            assert_eq!(total, 20, "modifier {m}");
            assert_eq!(c.out_of_ammo, Chance::new(1, 20), "a natural 1 is always out of ammo");
        }
        let hopeless = chances(rules, -12);
        assert_eq!(hopeless.miss, Chance::new(19, 20));
        let sure = chances(rules, 18);
        assert_eq!(sure.out_of_action, Chance::new(19, 20));
    }

    proptest::proptest! {
        #[test]
        fn chances_match_the_results_of_every_face(
            weapon in proptest::sample::select(vec!["pistol", "rifle", "repeater", "shotgun", "both-barrels"]),
            distance in 0.0f64..120.0,
            shot in 1u32..=3,
            aims in 0u32..=2,
            shooter_moves in 0u32..=2,
            target_moves in 0u32..=3,
            under_fire in 0u32..=4,
            skill in -1i32..=2,
            flags in proptest::collection::vec(proptest::bool::ANY, 8),
        ) {
            let rules = embedded::rules();
            let input = ShotInput {
                weapon: weapon.into(), distance_cm: distance, shot, aims, shooter_moves,
                shooter_mounted: flags[0], shooter_under_fire: under_fire, skill, shooter_boss: flags[1],
                target_moves, cover: flags[2], target_boss: flags[3], target_mounted: flags[4],
                obscured: flags[5], black_joker: flags[6], counts_as_aimed: false, hostage: flags[7],
            };
            if let Ok(o) = assess(rules, &input) {
                let total: i32 = o.modifiers.iter().map(|m| m.value).sum();
                proptest::prop_assert_eq!(total, o.modifier);
                for r in ShotResult::ALL {
                    let faces = (1..=20).filter(|&roll| result(rules, o.modifier, roll) == r).count();
                    proptest::prop_assert_eq!(o.chances.of(r), Chance::new(u32::try_from(faces).unwrap_or(0), 20));
                }
            } else {
                // Refusals only happen for reasons the input shows.
                let w = rules.weapon(weapon).expect("known weapon");
                let out_of_range = w.max_range_cm().is_some_and(|max| distance > max);
                let too_many = shot > w.max_shots || aims > w.max_aims || shooter_moves + aims + shot > 3;
                proptest::prop_assert!(out_of_range || too_many);
            }
        }
    }

    #[test]
    fn the_shotgun_warns_it_runs_dry() {
        assert!(odds(shot("shotgun", 5.0)).notes.is_empty());
        assert_eq!(odds(ShotInput { shot: 2, ..shot("shotgun", 5.0) }).notes.len(), 1);
        assert_eq!(odds(shot("both-barrels", 5.0)).notes.len(), 1);
    }
}
