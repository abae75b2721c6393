//! A player's gang as saved in a gang file, and its validation against the rosters.
//!
//! Validation never stops at the first problem: [`validate`] returns every broken rule, each
//! with the models involved, so the builder can show them all and still let the player save.
//! Readings: A26 (a model may carry several of its weapons; "at least half" pistol-only means
//! `ceil(n/2)`; "up to half" caps round down), A28 (the Rep limit is a maximum).

use serde::{Deserialize, Serialize};

use super::data::{Gang, LimitMax, ModelClass, Role, Rules, SceneSide};

/// The gang file format (a public contract: keys are only ever added). `name`, `gang` and
/// `models` are required; unknown keys are ignored.
///
/// ```json
/// {"name": "Tombstone Law", "gang": "lawmen",
///  "models": [{"name": "Wyatt", "profile": "sheriff", "weapons": ["pistol"]}]}
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GangFile {
    pub name: String,
    pub gang: String,
    pub models: Vec<ModelEntry>,
    /// The Rep limit the gang was built for (absent: the standard 21).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rep_limit: Option<u32>,
    /// The scene whose cast the gang was built for, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scene: Option<String>,
    /// The side of that scene: `good` or `bad`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub role: Option<Role>,
}

impl GangFile {
    /// Adds a new model of `profile`, named after it and numbered ("Bandit 3"), carrying its
    /// [`Profile::starting_weapons`]. Whether it was added: a file holds at most
    /// [`MAX_MODELS`] (one more would not be read back).
    ///
    /// [`Profile::starting_weapons`]: crate::systems::dmh::rules::data::Profile::starting_weapons
    pub fn add_model(&mut self, profile: &crate::systems::dmh::rules::data::Profile) -> bool {
        if self.models.len() >= MAX_MODELS {
            return false;
        }
        let n = self.models.iter().filter(|m| m.profile == profile.id).count() + 1;
        self.models.push(ModelEntry {
            name: format!("{} {n}", profile.name.trim_matches('"')),
            profile: profile.id.clone(),
            weapons: profile.starting_weapons(),
        });
        true
    }

    /// The Rep limit to check against: the file's own, or the standard 21.
    #[must_use]
    pub fn limit(&self) -> u32 {
        self.rep_limit.unwrap_or(STANDARD_REP)
    }
}

/// The most models a gang file may hold: no real gang has a thousand, and a roster of this
/// many still prints at once (100,000 took eleven seconds).
pub const MAX_MODELS: usize = 200;

/// The most weapons one model in a gang file may list (a model carries two or three).
pub const MAX_WEAPONS: usize = 20;

/// The longest name (or id) a gang file may hold, in characters.
pub const MAX_TEXT: usize = 1000;

/// A gang file holds more than any real gang: refused when it is read, before anything else
/// is done with it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TooLarge {
    #[error("it holds {0} models, and a gang file holds at most {MAX_MODELS}")]
    Models(usize),
    #[error("its model {model} carries {weapons} weapons, and a model carries at most {MAX_WEAPONS}")]
    Weapons { model: usize, weapons: usize },
    #[error("{what} is {chars} characters long, and a name in a gang file is at most {MAX_TEXT}")]
    Text { what: String, chars: usize },
}

impl GangFile {
    /// Whether the file is within the sizes a gang file may have ([`MAX_MODELS`],
    /// [`MAX_WEAPONS`], [`MAX_TEXT`]); models are counted from 1.
    ///
    /// # Errors
    /// The first size passed.
    pub fn check_size(&self) -> Result<(), TooLarge> {
        if self.models.len() > MAX_MODELS {
            return Err(TooLarge::Models(self.models.len()));
        }
        if let Some((i, m)) = self.models.iter().enumerate().find(|(_, m)| m.weapons.len() > MAX_WEAPONS) {
            return Err(TooLarge::Weapons { model: i + 1, weapons: m.weapons.len() });
        }
        let text = |what: &dyn Fn() -> String, text: &str| match text.chars().count() {
            chars if chars > MAX_TEXT => Err(TooLarge::Text { what: what(), chars }),
            _ => Ok(()),
        };
        text(&|| "its name".into(), &self.name)?;
        text(&|| "its gang".into(), &self.gang)?;
        text(&|| "its scene".into(), self.scene.as_deref().unwrap_or_default())?;
        for (i, m) in (1..).zip(&self.models) {
            text(&|| format!("model {i}'s name"), &m.name)?;
            text(&|| format!("model {i}'s profile"), &m.profile)?;
            for (j, w) in (1..).zip(&m.weapons) {
                text(&|| format!("model {i}'s weapon {j}"), w)?;
            }
        }
        Ok(())
    }
}

/// One model in a gang file.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ModelEntry {
    pub name: String,
    pub profile: String,
    #[serde(default)]
    pub weapons: Vec<String>,
}

/// Which rule a problem breaks (the `rule` key of `posse gang check --json`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ProblemRule {
    RepLimit,
    ProfileCount,
    WeaponNotAllowed,
    WeaponLimit,
    PistolHalf,
    UnknownProfile,
    UnknownWeapon,
    NoWeapon,
    /// The scene's cast demands other models (added after the first contract).
    SceneCast,
}

/// One broken rule, in a plain sentence.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Problem {
    pub rule: ProblemRule,
    pub message: String,
    /// Indices of the models involved (empty when the whole gang is).
    #[serde(skip)]
    pub models: Vec<usize>,
}

/// The summary `posse gang check` prints.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GangReport {
    pub gang: String,
    pub name: String,
    pub rep: u32,
    pub rep_limit: u32,
    pub models: usize,
    pub pistol_only: usize,
    pub valid: bool,
    pub problems: Vec<Problem>,
}

/// The gang type in a file is not one Posse knows.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a gang: use lawmen, outlaws, cowboys or desperados")]
pub struct UnknownGang(pub String);

/// The scene a gang file names is not one Posse knows: the file is malformed, not an
/// illegal gang.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a scene (posse scene list shows the ids)")]
pub struct UnknownScene(pub String);

/// Checks that the scene a gang file names, if any, is one Posse knows.
///
/// # Errors
/// When it is not.
pub fn check_scene(rules: &Rules, file: &GangFile) -> Result<(), UnknownScene> {
    match file.scene.as_deref() {
        Some(id) if rules.scene(id).is_none() => Err(UnknownScene(id.to_owned())),
        _ => Ok(()),
    }
}

/// The standard Rep per side.
pub const STANDARD_REP: u32 = 21;

/// Whether a model carries only pistols (the Killer's two count).
#[must_use]
pub fn is_pistol_only(model: &ModelEntry) -> bool {
    !model.weapons.is_empty() && model.weapons.iter().all(|w| w == "pistol")
}

/// Total Rep of the models whose profiles exist.
#[must_use]
pub fn rep(gang: &Gang, file: &GangFile) -> u32 {
    file.models.iter().filter_map(|m| gang.profile(&m.profile)).map(|p| p.rep).sum()
}

fn quote_names(models: &[&ModelEntry]) -> String {
    let names: Vec<String> = models.iter().map(|m| display_name(m)).collect();
    match names.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

fn display_name(model: &ModelEntry) -> String {
    if model.name.trim().is_empty() { "(unnamed)".to_owned() } else { model.name.clone() }
}

/// Checks a gang against the cast of a scene's side: the classes it demands, the classes it
/// forbids and the number of models. Counts are exact when the scene fixes the number of
/// models (three dudes), and minimums otherwise (We Will Be Waitin's boss, gunhand and dude
/// on the table, with more off it).
#[must_use]
pub fn cast_problems(gang: &Gang, file: &GangFile, side: &SceneSide, scene_title: &str) -> Vec<Problem> {
    let mut problems = Vec::new();
    let class_of = |m: &ModelEntry| gang.profile(&m.profile).map(|p| p.class);
    let members = |class: ModelClass| -> Vec<usize> {
        (0..file.models.len()).filter(|&i| class_of(&file.models[i]) == Some(class)).collect()
    };
    for &class in &side.forbidden_classes {
        let found = members(class);
        if !found.is_empty() {
            let who: Vec<&ModelEntry> = found.iter().map(|&i| &file.models[i]).collect();
            problems.push(Problem {
                rule: ProblemRule::SceneCast,
                message: format!(
                    "{scene_title} allows no {}: remove {}.",
                    plural_class(class),
                    quote_names(&who)
                ),
                models: found,
            });
        }
    }
    for need in &side.required {
        let have = u32::try_from(members(need.class).len()).unwrap_or(u32::MAX);
        let exact = side.models.is_some();
        if (exact && have != need.count) || have < need.count {
            problems.push(Problem {
                rule: ProblemRule::SceneCast,
                message: format!(
                    "{scene_title} needs {} {}{}; this gang has {have}.",
                    if exact { "exactly" } else { "at least" },
                    need.count,
                    if need.count == 1 {
                        format!(" {}", need.class.title())
                    } else {
                        format!(" {}", plural_class(need.class))
                    },
                ),
                models: members(need.class),
            });
        }
    }
    if let Some(n) = side.models {
        let have = u32::try_from(file.models.len()).unwrap_or(u32::MAX);
        if have != n {
            problems.push(Problem {
                rule: ProblemRule::SceneCast,
                message: format!(
                    "{scene_title} casts exactly {} on this side; this gang has {have}.",
                    crate::kernel::words::count(n, "model", "models")
                ),
                models: vec![],
            });
        }
    }
    problems
}

fn plural_class(class: ModelClass) -> &'static str {
    match class {
        ModelClass::Boss => "bosses",
        ModelClass::Gunhand => "gunhands",
        ModelClass::Dude => "dudes",
        ModelClass::Amateur => "amateurs",
    }
}

/// Checks a gang as its file describes it: against its own Rep limit and, when it names a
/// scene and side, that scene's cast.
///
/// # Errors
/// When the file names a gang type Posse does not know.
pub fn validate_file(
    rules: &Rules,
    file: &GangFile,
    rep_limit: Option<u32>,
) -> Result<GangReport, UnknownGang> {
    let mut report = validate(rules, file, rep_limit.unwrap_or_else(|| file.limit()))?;
    if let (Some(gang), Some(scene), Some(role)) =
        (rules.gang(&file.gang), file.scene.as_deref().and_then(|id| rules.scene(id)), file.role)
    {
        let side = scene.sides.get(role);
        if side.stipulates_models() {
            // The cast's stipulations override the gang's own counts (line 271).
            report.problems.retain(|p| p.rule != ProblemRule::ProfileCount);
        }
        report.problems.extend(cast_problems(gang, file, side, &scene.title));
        report.valid = report.problems.is_empty();
    }
    Ok(report)
}

/// A Rep budget a player can build to: the standard game or one side of a scene.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RepPreset {
    pub label: String,
    pub rep: u32,
    pub scene: Option<String>,
    pub role: Option<Role>,
}

/// The standard 21 Rep and every scene side with a Rep budget (off-table Rep included).
#[must_use]
pub fn rep_presets(rules: &Rules) -> Vec<RepPreset> {
    let mut out = vec![RepPreset {
        label: format!("Standard game ({STANDARD_REP} Rep)"),
        rep: STANDARD_REP,
        scene: None,
        role: None,
    }];
    for scene in &rules.scenes {
        for role in [Role::Good, Role::Bad] {
            let side = scene.sides.get(role);
            let Some(rep) = side.rep else { continue };
            let total = rep + side.off_table_rep;
            let split = if side.off_table_rep > 0 {
                format!("{rep} on the table + {} off it", side.off_table_rep)
            } else {
                format!("{total} Rep")
            };
            out.push(RepPreset {
                label: format!("{}: {} ({split})", scene.title, role.title().to_lowercase()),
                rep: total,
                scene: Some(scene.id.clone()),
                role: Some(role),
            });
        }
    }
    out
}

/// Checks a gang against its roster and a Rep limit, returning every problem.
///
/// # Errors
/// When the file names a gang type Posse does not know.
pub fn validate(rules: &Rules, file: &GangFile, rep_limit: u32) -> Result<GangReport, UnknownGang> {
    let gang = rules.gang(&file.gang).ok_or_else(|| UnknownGang(file.gang.clone()))?;
    let mut problems = Vec::new();
    let rep = rep(gang, file);
    if rep > rep_limit {
        problems.push(Problem {
            rule: ProblemRule::RepLimit,
            message: format!("The gang costs {rep} Rep, {} over the limit of {rep_limit}.", rep - rep_limit),
            models: vec![],
        });
    }
    check_models(rules, gang, file, &mut problems);
    check_counts(gang, file, &mut problems);
    check_weapon_limits(rules, gang, file, &mut problems);
    let pistol_only = file.models.iter().filter(|m| is_pistol_only(m)).count();
    let needed = file.models.len().div_ceil(2);
    if gang.pistol_half && pistol_only < needed {
        problems.push(Problem {
            rule: ProblemRule::PistolHalf,
            message: format!(
                "At least half the gang must carry a pistol as their only weapon: {needed} of {} models, but only {pistol_only} do.",
                file.models.len()
            ),
            models: vec![],
        });
    }
    Ok(GangReport {
        gang: gang.id.clone(),
        name: file.name.clone(),
        rep,
        rep_limit,
        models: file.models.len(),
        pistol_only,
        valid: problems.is_empty(),
        problems,
    })
}

fn check_models(rules: &Rules, gang: &Gang, file: &GangFile, problems: &mut Vec<Problem>) {
    for (i, model) in file.models.iter().enumerate() {
        let name = display_name(model);
        let Some(profile) = gang.profile(&model.profile) else {
            let known: Vec<&str> = gang.profiles.iter().map(|p| p.id.as_str()).collect();
            problems.push(Problem {
                rule: ProblemRule::UnknownProfile,
                message: format!(
                    "{name} has the profile '{}', which the {} do not have (they have {}).",
                    model.profile,
                    gang.name,
                    known.join(", ")
                ),
                models: vec![i],
            });
            continue;
        };
        if model.weapons.is_empty() {
            problems.push(Problem {
                rule: ProblemRule::NoWeapon,
                message: format!("{name} carries no weapon."),
                models: vec![i],
            });
        }
        let mut seen: Vec<&str> = Vec::new();
        for weapon in &model.weapons {
            if seen.contains(&weapon.as_str()) {
                continue;
            }
            seen.push(weapon);
            if rules.weapon(weapon).is_none_or(|w| w.mode_of.is_some()) {
                problems.push(Problem {
                    rule: ProblemRule::UnknownWeapon,
                    message: format!(
                        "{name} carries '{weapon}', which is not a weapon (use pistol, rifle, repeater or shotgun)."
                    ),
                    models: vec![i],
                });
                continue;
            }
            let copies =
                u32::try_from(model.weapons.iter().filter(|w| *w == weapon).count()).unwrap_or(u32::MAX);
            if !profile.weapons.contains(weapon) {
                problems.push(Problem {
                    rule: ProblemRule::WeaponNotAllowed,
                    message: format!(
                        "{name} is a {} and may not carry a {weapon} ({}: {}).",
                        profile.name, profile.plural, profile.weapons_text
                    ),
                    models: vec![i],
                });
            } else if copies > profile.max_copies(weapon) {
                problems.push(Problem {
                    rule: ProblemRule::WeaponNotAllowed,
                    message: format!(
                        "{name} carries {copies} of the {weapon}; a {} may carry {}.",
                        profile.name,
                        profile.max_copies(weapon)
                    ),
                    models: vec![i],
                });
            }
        }
    }
}

fn check_counts(gang: &Gang, file: &GangFile, problems: &mut Vec<Problem>) {
    for profile in &gang.profiles {
        let members: Vec<usize> =
            (0..file.models.len()).filter(|&i| file.models[i].profile == profile.id).collect();
        let n = u32::try_from(members.len()).unwrap_or(u32::MAX);
        if profile.count.allows(n) {
            continue;
        }
        let need = match profile.count.max {
            Some(max) if max == profile.count.min => format!("exactly {max}"),
            Some(max) if n > max => format!("at most {max}"),
            _ => format!("at least {}", profile.count.min),
        };
        problems.push(Problem {
            rule: ProblemRule::ProfileCount,
            message: format!(
                "The {} need {need} {} ({}); this gang has {n}.",
                gang.name,
                if profile.count.max == Some(1) { &profile.name } else { &profile.plural },
                profile.count
            ),
            models: members,
        });
    }
}

fn check_weapon_limits(rules: &Rules, gang: &Gang, file: &GangFile, problems: &mut Vec<Problem>) {
    for profile in &gang.profiles {
        let members: Vec<usize> =
            (0..file.models.len()).filter(|&i| file.models[i].profile == profile.id).collect();
        let n = u32::try_from(members.len()).unwrap_or(u32::MAX);
        for limit in &profile.limits {
            let carriers: Vec<usize> =
                members.iter().copied().filter(|&i| file.models[i].weapons.contains(&limit.weapon)).collect();
            let cap = limit.max.cap(n);
            let have = u32::try_from(carriers.len()).unwrap_or(u32::MAX);
            if have <= cap {
                continue;
            }
            let weapon = rules.weapon(&limit.weapon).map_or(limit.weapon.as_str(), |w| w.name.as_str());
            let rule_text = match limit.max {
                LimitMax::Count(max) => format!("up to {max}"),
                LimitMax::Share(_) => format!("up to half ({cap} of {n})"),
            };
            let who: Vec<&ModelEntry> = carriers.iter().map(|&i| &file.models[i]).collect();
            problems.push(Problem {
                rule: ProblemRule::WeaponLimit,
                message: format!(
                    "{rule_text} {} may carry a {}, but {have} do: {}.",
                    profile.plural,
                    weapon.to_lowercase(),
                    quote_names(&who)
                ),
                models: carriers,
            });
        }
    }
}

/// Why two saved gangs cannot start a game against each other, or `None` when they can: each
/// side is a gang of its own (one file, `id`, cannot play both sides: its models, its face
/// cards and its name would be on both), and each has at least one model (a side with none
/// has nobody to deal a card to). The Play screen greys *Start the game* with this sentence,
/// and starting anyway is refused with it.
#[must_use]
pub fn pairing_refusal(good: (&str, &GangFile), bad: (&str, &GangFile)) -> Option<String> {
    if good.0 == bad.0 {
        return Some(format!("Pick a different gang for each side: \"{}\" cannot play both.", good.1.name));
    }
    [good.1, bad.1].into_iter().find(|g| g.models.is_empty()).map(|g| {
        format!("\"{}\" has no models yet: add some on the Gangs screen, or pick another gang.", g.name)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::systems::dmh::rules::embedded;

    fn model(name: &str, profile: &str, weapons: &[&str]) -> ModelEntry {
        ModelEntry {
            name: name.into(),
            profile: profile.into(),
            weapons: weapons.iter().map(|w| (*w).to_owned()).collect(),
        }
    }

    fn gang(kind: &str, models: Vec<ModelEntry>) -> GangFile {
        GangFile { name: "Test".into(), gang: kind.into(), models, ..GangFile::default() }
    }

    /// The play-tester's pair: one "New Lawmen" with a sheriff, and a second "New Lawmen" with
    /// nobody. The same file cannot play both sides, the empty one cannot play at all, and two
    /// gangs of their own with models can.
    #[test]
    fn a_game_needs_two_gangs_of_their_own_each_with_a_model() {
        let mut full = gang("lawmen", vec![model("Sheriff 1", "sheriff", &["pistol"])]);
        full.name = "New Lawmen".into();
        let empty = GangFile { name: "New Lawmen".into(), ..gang("lawmen", Vec::new()) };
        let outlaws = gang("outlaws", vec![model("Boss 1", "boss", &["pistol"])]);
        assert_eq!(
            pairing_refusal(("new-lawmen", &full), ("new-lawmen", &full)).as_deref(),
            Some("Pick a different gang for each side: \"New Lawmen\" cannot play both.")
        );
        assert_eq!(
            pairing_refusal(("new-lawmen", &full), ("new-lawmen-2", &empty)).as_deref(),
            Some("\"New Lawmen\" has no models yet: add some on the Gangs screen, or pick another gang.")
        );
        assert_eq!(pairing_refusal(("new-lawmen", &full), ("outlaws", &outlaws)), None);
    }

    /// A new model carries what its profile's roster gives it: the Killer his two pistols, a
    /// Bandit the first of his weapons.
    #[test]
    fn a_new_model_starts_with_its_rosters_weapons() {
        let rules = embedded::rules();
        let desperados = rules.gang("desperados").expect("desperados");
        let mut file = gang("desperados", Vec::new());
        for id in ["killer", "bandit", "bandit"] {
            assert!(file.add_model(desperados.profile(id).expect("profile")));
        }
        assert_eq!(
            file.models,
            vec![
                model("Killer 1", "killer", &["pistol", "pistol"]),
                model("Bandit 1", "bandit", &["pistol"]),
                model("Bandit 2", "bandit", &["pistol"]),
            ]
        );
    }

    fn rules_broken(file: &GangFile) -> Vec<ProblemRule> {
        validate(embedded::rules(), file, STANDARD_REP)
            .expect("known gang")
            .problems
            .iter()
            .map(|p| p.rule)
            .collect()
    }

    fn lawmen_21() -> GangFile {
        gang(
            "lawmen",
            vec![
                model("Wyatt", "sheriff", &["pistol"]),
                model("Virgil", "marshal", &["pistol"]),
                model("Morgan", "deputy", &["pistol"]),
                model("Doc", "deputy", &["shotgun"]),
                model("Turkey Creek", "deputy", &["rifle"]),
                model("Texas Jack", "deputy", &["pistol", "rifle"]),
                model("Sherman", "citizen", &["pistol"]),
                model("Dan", "citizen", &["shotgun"]),
            ],
        )
    }

    #[test]
    fn a_legal_21_rep_gang_has_no_problems() {
        let report = validate(embedded::rules(), &lawmen_21(), 21).expect("known");
        assert_eq!(report.problems, vec![]);
        assert!(report.valid);
        assert_eq!(report.rep, 21);
        assert_eq!((report.models, report.pistol_only), (8, 4));
    }

    #[test]
    fn every_problem_is_reported_at_once() {
        let file = gang(
            "outlaws",
            vec![
                model("Ike", "boss", &["rifle"]),
                model("Billy", "dude", &[]),
                model("Frank", "dude", &["shotgun"]),
                model("Tom", "dude", &["shotgun"]),
                model("Pete", "dude", &["shotgun"]),
                model("Johnny", "gunslinger", &["pistol"]),
                model("Curly", "gunslinger", &["pistol"]),
                model("Sneaky", "weasel", &["pistol"]),
                model("Luke", "varmint", &["bowie"]),
            ],
        );
        let broken = rules_broken(&file);
        for rule in [
            ProblemRule::RepLimit,
            ProblemRule::WeaponNotAllowed,
            ProblemRule::NoWeapon,
            ProblemRule::WeaponLimit,
            ProblemRule::ProfileCount,
            ProblemRule::UnknownProfile,
            ProblemRule::UnknownWeapon,
            ProblemRule::PistolHalf,
        ] {
            assert!(broken.contains(&rule), "missing {rule:?} in {broken:?}");
        }
    }

    #[test]
    fn messages_name_the_models() {
        let file = gang(
            "lawmen",
            vec![
                model("Wyatt", "sheriff", &["pistol"]),
                model("A", "deputy", &["shotgun"]),
                model("B", "deputy", &["shotgun"]),
                model("C", "deputy", &["shotgun"]),
                model("D", "citizen", &["pistol"]),
                model("E", "citizen", &["pistol"]),
                model("F", "citizen", &["pistol"]),
            ],
        );
        let report = validate(embedded::rules(), &file, 21).expect("known");
        let limit = report.problems.iter().find(|p| p.rule == ProblemRule::WeaponLimit).expect("limit");
        assert_eq!(limit.message, "up to 2 Deputies may carry a shotgun, but 3 do: A, B and C.");
        assert_eq!(limit.models, vec![1, 2, 3]);
    }

    #[test]
    fn half_caps_round_down_per_profile() {
        let base = |citizens: Vec<ModelEntry>| {
            let mut models = vec![
                model("S", "sheriff", &["pistol"]),
                model("D1", "deputy", &["pistol"]),
                model("D2", "deputy", &["pistol"]),
            ];
            models.extend(citizens);
            gang("lawmen", models)
        };
        let one_of_three = base(vec![
            model("C1", "citizen", &["shotgun"]),
            model("C2", "citizen", &["pistol"]),
            model("C3", "citizen", &["pistol"]),
        ]);
        assert!(!rules_broken(&one_of_three).contains(&ProblemRule::WeaponLimit));
        let two_of_three = base(vec![
            model("C1", "citizen", &["shotgun"]),
            model("C2", "citizen", &["shotgun"]),
            model("C3", "citizen", &["pistol"]),
        ]);
        assert!(rules_broken(&two_of_three).contains(&ProblemRule::WeaponLimit));
    }

    #[test]
    fn pistol_half_rounds_up_and_cowboys_are_exempt() {
        // 7 models need 4 pistol-only.
        let mut models = vec![
            model("S", "sheriff", &["pistol"]),
            model("M", "marshal", &["pistol"]),
            model("D1", "deputy", &["pistol"]),
            model("D2", "deputy", &["rifle"]),
            model("D3", "deputy", &["rifle"]),
            model("D4", "deputy", &["repeater"]),
            model("D5", "deputy", &["pistol", "rifle"]),
        ];
        assert!(rules_broken(&gang("lawmen", models.clone())).contains(&ProblemRule::PistolHalf));
        models[3].weapons = vec!["pistol".into()];
        assert!(!rules_broken(&gang("lawmen", models)).contains(&ProblemRule::PistolHalf));
        let cowboys = gang(
            "cowboys",
            vec![
                model("R", "range_boss", &["rifle"]),
                model("C1", "cowboy", &["rifle"]),
                model("C2", "cowboy", &["repeater"]),
            ],
        );
        assert!(rules_broken(&cowboys).is_empty());
    }

    #[test]
    fn the_killer_carries_two_pistols_but_nobody_else_does() {
        let file = gang(
            "desperados",
            vec![
                model("Boss", "boss", &["pistol"]),
                model("Kid", "killer", &["pistol", "pistol"]),
                model("B1", "bandit", &["pistol", "pistol"]),
                model("B2", "bandit", &["pistol"]),
            ],
        );
        let report = validate(embedded::rules(), &file, 21).expect("known");
        let rules: Vec<_> = report.problems.iter().map(|p| (p.rule, p.models.clone())).collect();
        assert_eq!(rules, vec![(ProblemRule::WeaponNotAllowed, vec![2])]);
        assert_eq!(report.pistol_only, 4);
    }

    #[test]
    fn profile_counts() {
        let no_boss =
            gang("lawmen", vec![model("D1", "deputy", &["pistol"]), model("D2", "deputy", &["pistol"])]);
        let report = validate(embedded::rules(), &no_boss, 21).expect("known");
        let count = report.problems.iter().find(|p| p.rule == ProblemRule::ProfileCount).expect("count");
        assert_eq!(count.message, "The Lawmen need exactly 1 Sheriff (1); this gang has 0.");
        let one_dude =
            gang("lawmen", vec![model("S", "sheriff", &["pistol"]), model("D1", "deputy", &["pistol"])]);
        let report = validate(embedded::rules(), &one_dude, 21).expect("known");
        assert!(report.problems.iter().any(|p| p.message.contains("at least 2 Deputies")));
    }

    #[test]
    fn scene_casts_are_checked() {
        let rules = embedded::rules();
        let mut file = gang(
            "outlaws",
            vec![
                model("Ike", "boss", &["pistol"]),
                model("Billy", "dude", &["pistol"]),
                model("Frank", "dude", &["pistol"]),
            ],
        );
        file.scene = Some("the-stranger".into());
        file.role = Some(Role::Bad);
        file.rep_limit = Some(6);
        let report = validate_file(rules, &file, None).expect("known");
        let cast: Vec<&str> = report
            .problems
            .iter()
            .filter(|p| p.rule == ProblemRule::SceneCast)
            .map(|p| p.message.as_str())
            .collect();
        assert_eq!(
            cast,
            vec!["The Stranger needs exactly 3 dudes; this gang has 2."],
            "the boss is not forbidden there, just not a dude"
        );
        let blood = rules.scene("there-will-be-blood").expect("scene");
        let g = rules.gang("outlaws").expect("gang");
        let problems = cast_problems(g, &file, &blood.sides.good, &blood.title);
        assert_eq!(problems[0].message, "There Will Be Blood allows no bosses: remove Ike.");
        assert_eq!(problems[0].models, vec![0]);
    }

    #[test]
    fn a_cast_that_names_its_models_takes_the_place_of_the_gangs_counts() {
        let rules = embedded::rules();
        // Hang 'Em High's bad side is three dudes: the Outlaws' "exactly 1 Boss" gives way.
        let mut file = gang(
            "outlaws",
            vec![
                model("Billy", "dude", &["pistol"]),
                model("Frank", "dude", &["pistol"]),
                model("Tom", "dude", &["repeater"]),
            ],
        );
        file.scene = Some("hang-em-high".into());
        file.role = Some(Role::Bad);
        file.rep_limit = Some(6);
        let report = validate_file(rules, &file, None).expect("known");
        assert_eq!(report.problems, vec![], "three dudes are that cast");
        assert!(report.valid);
        // A full-gang scene names no models, so the gang's counts still hold.
        file.scene = Some("gunfight".into());
        let report = validate_file(rules, &file, None).expect("known");
        let counts: Vec<&str> = report
            .problems
            .iter()
            .filter(|p| p.rule == ProblemRule::ProfileCount)
            .map(|p| p.message.as_str())
            .collect();
        assert_eq!(counts, vec!["The Outlaws need exactly 1 Boss (1); this gang has 0."]);
        // The rest of the rules stay: a boss as well costs too much and is not in the cast.
        file.scene = Some("hang-em-high".into());
        file.models.push(model("Ike", "boss", &["pistol"]));
        let report = validate_file(rules, &file, None).expect("known");
        let rules_broken: Vec<ProblemRule> = report.problems.iter().map(|p| p.rule).collect();
        assert_eq!(rules_broken, vec![ProblemRule::RepLimit, ProblemRule::SceneCast]);
    }

    #[test]
    fn presets_cover_every_scene_with_a_budget() {
        let presets = rep_presets(embedded::rules());
        assert_eq!(presets[0].rep, 21);
        assert!(presets.iter().any(|p| p.rep == 15 && p.scene.as_deref() == Some("there-will-be-blood")));
        let waitin = presets
            .iter()
            .find(|p| p.scene.as_deref() == Some("we-will-be-waitin") && p.role == Some(Role::Good))
            .expect("waitin");
        assert_eq!(waitin.rep, 21);
        assert!(waitin.label.contains("13 on the table + 8 off it"), "{}", waitin.label);
        assert!(!presets.iter().any(|p| p.scene.as_deref() == Some("the-duel")));
        assert_eq!(presets.len(), 1 + 11 * 2);
    }

    #[test]
    fn unknown_gangs_are_an_error_not_a_problem() {
        let file = gang("pinkertons", vec![]);
        assert_eq!(validate(embedded::rules(), &file, 21), Err(UnknownGang("pinkertons".into())));
    }

    #[test]
    fn an_unknown_scene_is_an_error_not_a_problem() {
        let rules = embedded::rules();
        let mut file = gang("lawmen", vec![]);
        assert_eq!(check_scene(rules, &file), Ok(()));
        file.scene = Some("gunfight".into());
        assert_eq!(check_scene(rules, &file), Ok(()));
        file.scene = Some("high-noon".into());
        assert_eq!(check_scene(rules, &file), Err(UnknownScene("high-noon".into())));
    }

    #[test]
    fn the_gang_file_ignores_unknown_fields() {
        let file: GangFile = serde_json::from_str(
            r#"{"name":"T","gang":"lawmen","colour":"blue","models":[{"name":"W","profile":"sheriff","weapons":["pistol"],"notes":"x"}]}"#,
        )
        .expect("parses");
        assert_eq!(file.models[0].profile, "sheriff");
    }
}
