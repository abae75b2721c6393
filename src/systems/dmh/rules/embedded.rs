//! The rules data compiled into the binary, so Posse needs no files to run.
//!
//! `include_str!` reads the files at compile time; nothing here touches the file system at
//! run time. The data is parsed once, on first use.

use std::sync::OnceLock;

use super::data::{DataErrors, Rules, Sources};

/// The text of every file in `data/`, as compiled in.
pub const SOURCES: Sources<'static> = Sources {
    gangs: include_str!("../../../../data/dmh/gangs.json"),
    weapons: include_str!("../../../../data/dmh/weapons.json"),
    cards: include_str!("../../../../data/dmh/cards.json"),
    scenes: include_str!("../../../../data/dmh/scenes.json"),
    set: include_str!("../../../../data/dmh/set.json"),
    core: include_str!("../../../../data/dmh/core.json"),
};

/// The built-in rules, parsed on first use.
///
/// # Errors
/// Only when the compiled-in data is broken, which the test suite rules out.
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

    #[test]
    fn the_built_in_data_loads_and_cross_checks() {
        let rules = rules();
        assert_eq!(rules.gangs.len(), 4);
        assert_eq!(rules.cards.all().count(), 27);
        assert_eq!(rules.scenes.len(), 12);
        assert_eq!(rules.storylines.len(), 4);
    }

    #[test]
    fn a_malformed_file_is_named_with_its_json_path() {
        let broken = SOURCES.gangs.replacen("\"count\": \"0-1\"", "\"count\": \"lots\"", 1);
        let sources = Sources { gangs: &broken, ..SOURCES };
        let errors = Rules::from_sources(&sources).expect_err("must fail").0;
        assert_eq!(errors.len(), 1);
        assert_eq!(errors[0].file, "gangs.json");
        assert_eq!(errors[0].path, "gangs[0].profiles[1].count");
        assert!(errors[0].message.contains("'lots' is not a model count"), "{}", errors[0].message);
    }

    #[test]
    fn invalid_json_reports_line_and_column() {
        let sources = Sources { set: "{ \"tables\": [", ..SOURCES };
        let errors = Rules::from_sources(&sources).expect_err("must fail").0;
        assert_eq!(errors[0].file, "set.json");
        assert!(errors[0].message.contains("line 1"), "{}", errors[0].message);
    }

    #[test]
    fn every_broken_reference_is_reported_not_just_the_first() {
        let broken = SOURCES
            .gangs
            .replacen("\"weapons\": [\"pistol\"]", "\"weapons\": [\"blunderbuss\"]", 1)
            .replacen("\"boss\": \"sheriff\"", "\"boss\": \"mayor\"", 1);
        let scenes = SOURCES.scenes.replacen("\"deck\": \"half\"", "\"deck\": \"quarter\"", 1);
        let sources = Sources { gangs: &broken, ..SOURCES };
        let errors = Rules::from_sources(&sources).expect_err("must fail").0;
        assert!(errors.iter().any(|e| e.message.contains("unknown weapon 'blunderbuss'")), "{errors:?}");
        assert!(errors.iter().any(|e| e.path == "gangs[0].boss"), "{errors:?}");
        let sources = Sources { scenes: &scenes, ..SOURCES };
        let errors = Rules::from_sources(&sources).expect_err("must fail").0;
        assert_eq!(errors[0].file, "scenes.json");
        assert!(errors[0].path.rsplit('.').next() == Some("deck"), "{errors:?}");
    }

    #[test]
    fn every_profile_weapon_and_scene_reference_resolves() {
        let rules = rules();
        for gang in &rules.gangs {
            for profile in &gang.profiles {
                for weapon in &profile.weapons {
                    assert!(rules.weapon(weapon).is_some(), "{} {}", profile.id, weapon);
                }
            }
        }
        for line in &rules.storylines {
            assert_eq!(line.scenes.len(), 3);
            for id in &line.scenes {
                assert!(rules.scene(id).is_some(), "{id}");
            }
        }
    }
}
