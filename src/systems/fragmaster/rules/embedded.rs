//! The Fragmaster Origins data compiled into the binary, parsed once on first use.
//!
//! `include_str!` reads the files at compile time; nothing here touches the file system.

use std::sync::OnceLock;

use super::data::{DataErrors, Rules, Sources};

/// The text of every file in `data/fragmaster/`, as compiled in.
pub const SOURCES: Sources<'static> = Sources {
    weapons: include_str!("../../../../data/fragmaster/weapons.json"),
    rolls: include_str!("../../../../data/fragmaster/rolls.json"),
    actions: include_str!("../../../../data/fragmaster/actions.json"),
    game: include_str!("../../../../data/fragmaster/game.json"),
};

/// The built-in rules, parsed on first use.
///
/// # Errors
/// Only when the compiled-in data is broken, which the tests rule out.
pub fn load() -> Result<&'static Rules, &'static DataErrors> {
    static RULES: OnceLock<Result<Rules, DataErrors>> = OnceLock::new();
    RULES.get_or_init(|| Rules::from_sources(&SOURCES)).as_ref()
}

/// The built-in rules for tests, which fail loudly if the data is broken.
///
/// # Panics
/// When the compiled-in data does not load.
#[cfg(test)]
#[must_use]
pub fn rules() -> &'static Rules {
    match load() {
        Ok(rules) => rules,
        Err(errors) => panic!("{errors}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::systems::fragmaster::rules::data::{ActionClass, ActionKind};

    /// Id, range, S, to-hit, shots and blast of a weapon.
    type Row<'a> = (&'a str, f64, i32, i32, u32, Option<f64>);

    #[test]
    fn the_built_in_data_loads_with_the_books_numbers() {
        let rules = rules();
        let table: Vec<Row<'_>> = rules
            .weapons
            .iter()
            .map(|w| (w.id.as_str(), w.range_cm, w.strength, w.to_hit, w.shots, w.blast_cm))
            .collect();
        assert_eq!(
            table,
            vec![
                ("assault-rifle", 40.0, 0, 0, 2, None),
                ("sniper-rifle", 80.0, -2, 2, 1, None),
                ("rocket-launcher", 60.0, 1, 1, 1, Some(5.0)),
                ("grenades", 15.0, 1, 0, 1, Some(5.0)),
                ("chain-blades", 5.0, -2, 0, 1, None),
                ("katana", 5.0, 0, -1, 1, None),
            ]
        );
        let flags: Vec<(&str, bool, bool, bool, bool)> = rules
            .weapons
            .iter()
            .map(|w| (w.id.as_str(), w.melee, w.ignores_cover, w.round_corners, w.second_weapon))
            .collect();
        assert_eq!(
            flags,
            vec![
                ("assault-rifle", false, false, false, false),
                ("sniper-rifle", false, false, false, false),
                ("rocket-launcher", false, false, false, false),
                ("grenades", false, true, true, true),
                ("chain-blades", true, false, false, false),
                ("katana", true, true, false, false),
            ]
        );
        assert_eq!(rules.starting_weapon.as_str(), "assault-rifle");
        let r = &rules.rolls;
        assert_eq!((r.hit_base, r.wound_base), (3, 4));
        assert_eq!((r.aim, r.taking_cover, r.decent_cover, r.other_level), (-2, 1, 1, 0));
        assert_eq!(rules.rolls.modifier("full-cover").map(|m| m.to_hit), Some(None));
        assert_eq!(rules.actions_per_turn, 3);
        let kinds: Vec<ActionKind> = rules.actions.iter().map(|a| a.kind).collect();
        assert_eq!(kinds, ActionKind::ALL.to_vec());
        assert_eq!(rules.action(ActionKind::Run).and_then(|a| a.distance_cm), Some(10.0));
        let g = &rules.game;
        assert_eq!((g.frags.kill, g.frags.suicide, g.frags.team_mate, g.target), (1, -3, -1, 20));
        assert_eq!((g.team_players, g.team_min, g.team_max), (2, 2, 3));
        assert_eq!(
            (g.neutral_actions, g.neutral_class, g.neutral_respawn_points),
            (2, ActionClass::Movement, 6)
        );
        assert_eq!((g.keep_weapon_actions, g.rearm_cm, g.unique_deployment_max), (2, 2.5, 6));
        assert_eq!(g.initiative_range(), (3, 18));
    }

    #[test]
    fn three_respawn_points_take_two_faces_each() {
        let layout = rules().game.layout(3).expect("three points");
        let points: Vec<u8> = (1..=6).map(|face| layout.point_for(face)).collect();
        assert_eq!(points, vec![1, 1, 2, 2, 3, 3]);
        let layout = rules().game.layout(6).expect("six points");
        let points: Vec<u8> = (1..=6).map(|face| layout.point_for(face)).collect();
        assert_eq!(points, vec![1, 2, 3, 4, 5, 6]);
        assert!(rules().game.layout(4).is_none());
    }

    fn problems(sources: &Sources<'_>) -> Vec<(String, String, String)> {
        let errors = Rules::from_sources(sources).expect_err("must fail").0;
        errors.into_iter().map(|p| (p.file.to_owned(), p.path, p.message)).collect()
    }

    fn check(file: &str, from: &str, to: &str, expected: &[(&str, &str, &str)]) {
        let broken = match file {
            "weapons.json" => SOURCES.weapons,
            "rolls.json" => SOURCES.rolls,
            "actions.json" => SOURCES.actions,
            _ => SOURCES.game,
        };
        assert!(broken.contains(from), "{from}");
        let broken = broken.replacen(from, to, 1);
        let sources = match file {
            "weapons.json" => Sources { weapons: &broken, ..SOURCES },
            "rolls.json" => Sources { rolls: &broken, ..SOURCES },
            "actions.json" => Sources { actions: &broken, ..SOURCES },
            _ => Sources { game: &broken, ..SOURCES },
        };
        let expected: Vec<(String, String, String)> =
            expected.iter().map(|(f, p, m)| ((*f).to_owned(), (*p).to_owned(), (*m).to_owned())).collect();
        assert_eq!(problems(&sources), expected);
    }

    #[test]
    fn a_broken_value_is_reported_with_its_file_and_json_path() {
        check(
            "weapons.json",
            "\"range_cm\": 80",
            "\"range_cm\": \"far\"",
            &[("weapons.json", "weapons[1].range_cm", "expected a distance in cm, found \"far\"")],
        );
        check(
            "weapons.json",
            "\"shots\": 2",
            "\"shots\": 0",
            &[("weapons.json", "weapons[0].shots", "expected a whole number from 1 to 6, found 0")],
        );
        check(
            "game.json",
            "\"suicide\": -3",
            "\"suicide\": -3, \"sucide\": 1",
            &[("game.json", "frags.sucide", "unknown key 'sucide'")],
        );
        check(
            "game.json",
            "[[1, 2], [3, 4], [5, 6]]",
            "[[1, 2], [3, 4], [5, 5]]",
            &[
                ("game.json", "respawn_points[0].faces", "the face 5 must pick exactly one point, not 2"),
                ("game.json", "respawn_points[0].faces", "the face 6 must pick exactly one point, not 0"),
            ],
        );
        check(
            "rolls.json",
            "\"to_hit\": null",
            "\"to_hit\": 3",
            &[("rolls.json", "modifiers[3].to_hit", "'full-cover' forbids the attack: use null")],
        );
        check(
            "actions.json",
            "\"id\": \"climb\"",
            "\"id\": \"jump\"",
            &[
                ("actions.json", "actions[1].id", "'jump' is not one of the book's six actions"),
                ("actions.json", "actions", "the action 'climb' is missing"),
            ],
        );
    }

    #[test]
    fn every_problem_is_reported_not_just_the_first() {
        let weapons = SOURCES
            .weapons
            .replacen("\"strength\": -2", "\"strength\": \"minus two\"", 1)
            .replacen("\"starting_weapon\": \"assault-rifle\"", "\"starting_weapon\": \"laser\"", 1)
            .replacen("\"id\": \"katana\"", "\"id\": \"grenades\"", 1);
        let sources = Sources { weapons: &weapons, ..SOURCES };
        assert_eq!(
            problems(&sources),
            vec![(
                "weapons.json".to_owned(),
                "weapons[1].strength".to_owned(),
                "expected a whole number from -6 to 6, found \"minus two\"".to_owned()
            ),]
        );
        // With the strength fixed, the cross-checks run and report both of theirs.
        let weapons = weapons.replacen("\"minus two\"", "-2", 1);
        let sources = Sources { weapons: &weapons, ..SOURCES };
        assert_eq!(
            problems(&sources),
            vec![
                (
                    "weapons.json".to_owned(),
                    "weapons[5].id".to_owned(),
                    "the id 'grenades' is used twice".to_owned()
                ),
                (
                    "weapons.json".to_owned(),
                    "starting_weapon".to_owned(),
                    "unknown weapon 'laser'".to_owned()
                ),
            ]
        );
    }

    #[test]
    fn invalid_json_names_the_file_with_line_and_column() {
        let sources = Sources { game: "{ \"target\": ", ..SOURCES };
        let found = problems(&sources);
        assert_eq!(found.len(), 1);
        assert_eq!((found[0].0.as_str(), found[0].1.as_str()), ("game.json", ""));
        assert!(found[0].2.contains("line 1"), "{}", found[0].2);
    }
}
