//! The rules as data: the numbers of `data/savage/*.json`, read into loose structs and then
//! checked into the typed [`Rules`] every calculator takes.
//!
//! Loading reports every problem it finds, each with its file and JSON path, instead of
//! stopping at the first.

use std::collections::BTreeMap;
use std::fmt;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use super::chips::{ChipColour, ChipUse};
use super::combatant::{self, Combatant};
use super::die::Die;

const CORE_FILE: &str = "data/savage/core.json";
const CHIPS_FILE: &str = "data/savage/chips.json";
const REFERENCE_FILE: &str = "data/savage/reference.json";
const BESTIARY_FILE: &str = "data/savage/bestiary.json";

/// One thing wrong in a data or combatant file: where, and what.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Problem {
    pub file: String,
    /// A JSON path such as `$.ranges[1].modifier`.
    pub path: String,
    pub message: String,
}

impl Problem {
    #[must_use]
    pub fn new(file: &str, path: impl Into<String>, message: impl Into<String>) -> Problem {
        Problem { file: file.to_owned(), path: path.into(), message: message.into() }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at {}: {}", self.file, self.path, self.message)
    }
}

/// Every problem of a load, in one sentence (separated by semicolons).
#[must_use]
pub fn problems_text(problems: &[Problem]) -> String {
    problems.iter().map(ToString::to_string).collect::<Vec<_>>().join("; ")
}

/// Trait-roll numbers.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TraitRules {
    /// Faces of the Wild Die.
    pub wild_die: u32,
    pub target_number: i32,
    /// Points over the target number for each raise.
    pub raise_step: i32,
    /// The die and modifier of a skill the combatant does not have.
    pub unskilled_die: Die,
    pub unskilled_modifier: i32,
}

/// A range band for shooting.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RangeBand {
    pub id: String,
    pub name: String,
    pub modifier: i32,
}

/// The skills an attack is rolled with: a melee one against the target's Parry, a ranged one
/// against the target number with the range band's modifier.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AttackSkills {
    pub melee: Vec<String>,
    pub ranged: Vec<String>,
}

impl AttackSkills {
    /// Whether `skill` (an id: "fighting") is rolled against Parry.
    #[must_use]
    pub fn is_melee(&self, skill: &str) -> bool {
        self.melee.iter().any(|s| s == skill)
    }

    /// Every attack skill, the melee ones first, in the data's order.
    pub fn all(&self) -> impl Iterator<Item = &str> {
        self.melee.iter().chain(&self.ranged).map(String::as_str)
    }
}

/// Wound numbers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct WoundRules {
    /// Wounds a Wild Card takes before more make it Incapacitated.
    pub wild_card_wounds: u32,
    /// Modifier per wound (negative).
    pub penalty_per_wound: i32,
    /// The largest wound penalty (negative).
    pub penalty_cap: i32,
}

/// A level of fatigue and its penalty.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FatigueLevel {
    pub id: String,
    pub name: String,
    pub penalty: i32,
}

/// Sleep and thirst numbers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FatigueRules {
    /// Fatigue levels before the collapse, lightest first.
    pub levels: Vec<FatigueLevel>,
    pub hours_between_checks: u32,
    pub sleep_modifier_per_check: i32,
    pub sleep_modifier_cap: i32,
    pub coffee_bonus: i32,
    pub sleep_hours_per_level: u32,
    pub collapse_hours: String,
    pub short_of_water_modifier: i32,
    pub litres_per_level: u32,
    pub thirst_death_hours: String,
    /// The people a successful Survival roll finds water and food for.
    pub survival_feeds: u32,
    /// The people more each raise on that roll feeds.
    pub survival_more_per_raise: u32,
}

impl FatigueRules {
    /// The fatigue level at which a character collapses (one past the last named level).
    #[must_use]
    pub fn collapse_level(&self) -> u32 {
        u32::try_from(self.levels.len()).unwrap_or(u32::MAX).saturating_add(1)
    }

    /// The penalty of `level` fatigue levels (0 when fresh, the worst named level beyond).
    #[must_use]
    pub fn penalty(&self, level: u32) -> i32 {
        let Some(index) = usize::try_from(level).ok().and_then(|l| l.checked_sub(1)) else { return 0 };
        self.levels.get(index).or(self.levels.last()).map_or(0, |l| l.penalty)
    }
}

/// Action-deck numbers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct InitiativeRules {
    pub quick_redraw_at_most: u8,
    pub level_headed_draws: u32,
    pub improved_level_headed_draws: u32,
    pub hesitant_draws: u32,
    pub joker_bonus: i32,
}

/// Incapacitation numbers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct IncapacitationRules {
    pub dead_at_most: i32,
    pub nonlethal_unconscious_hours: String,
    pub bleeding_nonlethal_unconscious_hours: String,
}

/// The multi-action penalty: each action beyond the first in a turn is this much to every
/// action (S32).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MultiAction {
    pub penalty_per_extra_action: i32,
    pub max_actions: u32,
}

/// Gang Up: a bonus per extra adjacent attacker, up to a cap (S33).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GangUp {
    pub per_extra_attacker: i32,
    pub cap: i32,
}

/// An attack and a damage modifier (The Drop, S34).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AttackAndDamage {
    pub attack: i32,
    pub damage: i32,
}

/// Wild Attack: to the Fighting roll and the damage, and the attacker's Parry until its next
/// turn (S35).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WildAttack {
    pub attack: i32,
    pub damage: i32,
    pub parry: i32,
}

/// A degree of cover and its attack modifier (S36).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CoverBand {
    pub id: String,
    pub name: String,
    pub modifier: i32,
}

/// A called shot: its attack and damage modifiers (S37).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CalledShotRule {
    pub id: String,
    pub name: String,
    pub attack: i32,
    pub damage: i32,
}

/// The situational modifiers of an attack, Savage Worlds' as players know them (the summary is
/// silent on them): `core.json` `situations`, in one place.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Situations {
    pub multi_action: MultiAction,
    pub gang_up: GangUp,
    pub the_drop: AttackAndDamage,
    pub wild_attack: WildAttack,
    /// Aiming: to the next ranged attack (S38).
    pub aim: i32,
    pub cover: Vec<CoverBand>,
    pub called_shots: Vec<CalledShotRule>,
}

impl Situations {
    /// The multi-action penalty for `actions` actions this turn (0 for one).
    #[must_use]
    pub fn multi_action_penalty(&self, actions: u32) -> i32 {
        let extra = i32::try_from(actions.saturating_sub(1)).unwrap_or(i32::MAX);
        extra.saturating_mul(self.multi_action.penalty_per_extra_action)
    }

    /// The Gang Up bonus for `extra` attackers beyond the first.
    #[must_use]
    pub fn gang_up_bonus(&self, extra: u32) -> i32 {
        i32::try_from(extra)
            .unwrap_or(i32::MAX)
            .saturating_mul(self.gang_up.per_extra_attacker)
            .min(self.gang_up.cap)
    }

    /// The cover band `id`.
    #[must_use]
    pub fn cover(&self, id: &str) -> Option<&CoverBand> {
        self.cover.iter().find(|c| c.id == id)
    }

    /// The called shot `id`.
    #[must_use]
    pub fn called_shot(&self, id: &str) -> Option<&CalledShotRule> {
        self.called_shots.iter().find(|c| c.id == id)
    }
}

/// The numbers of `core.json`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Core {
    pub traits: TraitRules,
    pub parry_base: i32,
    pub toughness_base: i32,
    pub ranges: Vec<RangeBand>,
    /// The skills the Fight screen offers for an attack.
    pub attack_skills: AttackSkills,
    pub attack_raise_die: u32,
    pub situations: Situations,
    pub wounds: WoundRules,
    pub fatigue: FatigueRules,
    pub initiative: InitiativeRules,
    pub incapacitation: IncapacitationRules,
    pub abilities: AbilityRules,
    pub injury_table: super::injury::InjuryTable,
}

/// The numbers of the special abilities and Edges that change rolls (S42–S47, Savage Worlds as
/// players know them): `core.json` `abilities`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AbilityRules {
    /// Undead: added to the Spirit roll to recover from Shaken.
    pub undead_unshake: i32,
    /// Combat Reflexes: added to the Spirit roll to recover from Shaken.
    pub combat_reflexes_unshake: i32,
    /// Iron Jaw: added to the soak roll.
    pub iron_jaw_soak: i32,
    /// Nerves of Steel: points of wound penalty ignored.
    pub nerves_of_steel_ignores: i32,
}

/// The numbers of `chips.json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ChipRules {
    /// How many chips of each colour the pot starts with.
    pub pot: BTreeMap<ChipColour, u32>,
    pub start_draw: u32,
    pub marshal_per_player: u32,
    pub marshal_per_wild_card_npc: u32,
    /// What a blue or legendary chip adds to a total.
    pub bonus: i32,
    pub extra_damage_die: u32,
    /// What each colour may be spent on.
    pub uses: BTreeMap<ChipColour, Vec<ChipUse>>,
    /// The spends that let the Marshal draw a white chip from the pot.
    pub marshal_draws_white: BTreeMap<ChipColour, Vec<ChipUse>>,
}

impl ChipRules {
    /// Whether a chip of `colour` may be spent on `purpose`.
    #[must_use]
    pub fn allows(&self, colour: ChipColour, purpose: ChipUse) -> bool {
        self.uses.get(&colour).is_some_and(|u| u.contains(&purpose))
    }

    /// Whether spending `colour` on `purpose` lets the Marshal draw a white chip.
    #[must_use]
    pub fn marshal_draws(&self, colour: ChipColour, purpose: ChipUse) -> bool {
        self.marshal_draws_white.get(&colour).is_some_and(|u| u.contains(&purpose))
    }
}

/// One section of the reference sheet: a title and lines in our own words.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Section {
    pub id: String,
    pub title: String,
    pub lines: Vec<String>,
}

/// The texts of `reference.json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Reference {
    pub sections: Vec<Section>,
    pub chip_uses: BTreeMap<ChipUse, String>,
}

/// Everything the system knows from its data files.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Rules {
    pub core: Core,
    pub chips: ChipRules,
    pub reference: Reference,
    /// Example combatants and groups a Marshal can start from.
    pub bestiary: Vec<Combatant>,
}

impl Rules {
    /// The range band with this id.
    #[must_use]
    pub fn range(&self, id: &str) -> Option<&RangeBand> {
        self.core.ranges.iter().find(|r| r.id == id)
    }

    /// The reference section with this id.
    #[must_use]
    pub fn section(&self, id: &str) -> Option<&Section> {
        self.reference.sections.iter().find(|s| s.id == id)
    }
}

/// The embedded data files, read and checked once.
///
/// # Errors
/// Every problem in the embedded files, each with its file and JSON path.
pub fn embedded() -> Result<&'static Rules, &'static [Problem]> {
    static RULES: OnceLock<Result<Rules, Vec<Problem>>> = OnceLock::new();
    RULES
        .get_or_init(|| {
            load(&Sources {
                core: include_str!("../../../../data/savage/core.json"),
                chips: include_str!("../../../../data/savage/chips.json"),
                reference: include_str!("../../../../data/savage/reference.json"),
                bestiary: include_str!("../../../../data/savage/bestiary.json"),
            })
        })
        .as_ref()
        .map_err(Vec::as_slice)
}

/// The text of each data file.
#[derive(Clone, Copy, Debug)]
pub struct Sources<'a> {
    pub core: &'a str,
    pub chips: &'a str,
    pub reference: &'a str,
    pub bestiary: &'a str,
}

/// Reads and checks the data files.
///
/// # Errors
/// Every problem found, each with its file and JSON path.
pub fn load(sources: &Sources<'_>) -> Result<Rules, Vec<Problem>> {
    let mut problems = Vec::new();
    let core = parse::<raw::Core>(CORE_FILE, sources.core, &mut problems).map(|r| core(&r, &mut problems));
    let chips =
        parse::<raw::Chips>(CHIPS_FILE, sources.chips, &mut problems).map(|r| chips(&r, &mut problems));
    let reference = parse::<raw::Reference>(REFERENCE_FILE, sources.reference, &mut problems)
        .map(|r| reference(r, &mut problems));
    let bestiary = parse::<raw::Bestiary>(BESTIARY_FILE, sources.bestiary, &mut problems)
        .map(|r| bestiary(r, &mut problems));
    match (core, chips, reference, bestiary) {
        (Some(core), Some(chips), Some(reference), Some(bestiary)) if problems.is_empty() => {
            Ok(Rules { core, chips, reference, bestiary })
        }
        _ => Err(problems),
    }
}

fn parse<T: serde::de::DeserializeOwned>(file: &str, text: &str, problems: &mut Vec<Problem>) -> Option<T> {
    match serde_json::from_str(text) {
        Ok(value) => Some(value),
        Err(e) => {
            problems.push(Problem::new(
                file,
                format!("line {} column {}", e.line(), e.column()),
                e.to_string(),
            ));
            None
        }
    }
}

/// The loose shapes the files are read into before they are checked.
mod raw {
    use serde::Deserialize;

    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Core {
        pub trait_rolls: TraitRolls,
        pub derived: Derived,
        pub ranges: Vec<Range>,
        pub attack_skills: AttackSkills,
        pub damage: Damage,
        pub situations: super::Situations,
        pub wounds: Wounds,
        pub fatigue: Fatigue,
        pub initiative: Initiative,
        pub incapacitation: Incapacitation,
        pub abilities: super::AbilityRules,
        pub injury_table: super::super::injury::InjuryTable,
    }

    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct TraitRolls {
        pub wild_die: u32,
        pub target_number: i32,
        pub raise_step: i32,
        pub unskilled: Unskilled,
    }

    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Unskilled {
        pub die: String,
        pub modifier: i32,
    }

    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct AttackSkills {
        pub melee: Vec<String>,
        pub ranged: Vec<String>,
    }

    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Derived {
        pub parry_base: i32,
        pub toughness_base: i32,
    }

    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Range {
        pub id: String,
        pub name: String,
        pub modifier: i32,
    }

    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Damage {
        pub attack_raise_die: u32,
    }

    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    #[expect(clippy::struct_field_names, reason = "the keys of core.json")]
    pub struct Wounds {
        pub wild_card_wounds: u32,
        pub penalty_per_wound: i32,
        pub penalty_cap: i32,
    }

    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Fatigue {
        pub levels: Vec<FatigueLevel>,
        pub sleep: Sleep,
        pub thirst: Thirst,
    }

    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct FatigueLevel {
        pub id: String,
        pub name: String,
        pub penalty: i32,
    }

    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    #[expect(clippy::struct_field_names, reason = "the keys of core.json")]
    pub struct Sleep {
        pub hours_between_checks: u32,
        pub modifier_per_check: i32,
        pub modifier_cap: i32,
        pub coffee_bonus: i32,
        pub sleep_hours_per_level: u32,
        pub collapse_hours: String,
    }

    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Thirst {
        pub short_of_water_modifier: i32,
        pub litres_per_level: u32,
        pub death_within_hours: String,
        pub survival_feeds: u32,
        pub survival_more_per_raise: u32,
    }

    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Initiative {
        pub quick_redraw_at_most: u8,
        pub level_headed_draws: u32,
        pub improved_level_headed_draws: u32,
        pub hesitant_draws: u32,
        pub joker_bonus: i32,
        pub suit_order: Vec<String>,
    }

    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Incapacitation {
        pub dead_at_most: i32,
        pub nonlethal_unconscious_hours: String,
        pub bleeding_nonlethal_unconscious_hours: String,
    }

    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Chips {
        pub pot: Vec<Count>,
        pub start_draw: u32,
        pub marshal_per_player: u32,
        pub marshal_per_wild_card_npc: u32,
        pub bonus: i32,
        pub extra_damage_die: u32,
        pub uses: Vec<Uses>,
        pub marshal_draws_white: Vec<Uses>,
    }

    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Count {
        pub colour: String,
        pub count: u32,
    }

    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Uses {
        pub colour: String,
        pub uses: Vec<String>,
    }

    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Reference {
        pub sections: Vec<super::Section>,
        pub chip_uses: std::collections::BTreeMap<String, String>,
    }

    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Bestiary {
        pub combatants: Vec<serde_json::Value>,
    }
}

fn die_sides(value: u32, file: &str, path: &str, problems: &mut Vec<Problem>) -> u32 {
    if value < 2 {
        problems.push(Problem::new(file, path, format!("a die needs at least 2 faces, not {value}")));
    }
    value.max(2)
}

/// The checks of `core.json` that only report problems.
fn check_core(r: &raw::Core, problems: &mut Vec<Problem>) {
    let f = CORE_FILE;
    super::injury::check(&r.injury_table, f, problems);
    if r.wounds.penalty_per_wound > 0 || r.wounds.penalty_cap > 0 {
        problems.push(Problem::new(f, "$.wounds", "wound penalties are written as negative numbers"));
    }
    for (i, level) in r.fatigue.levels.iter().enumerate() {
        if level.penalty > 0 {
            problems.push(Problem::new(
                f,
                format!("$.fatigue.levels[{i}].penalty"),
                "fatigue penalties are written as negative numbers",
            ));
        }
    }
    let suits: Vec<&str> = r.initiative.suit_order.iter().map(String::as_str).collect();
    if suits != ["S", "H", "D", "C"] {
        problems.push(Problem::new(
            f,
            "$.initiative.suit_order",
            "the tie order of suits is spades, hearts, diamonds, clubs (S, H, D, C)",
        ));
    }
    for (path, draws) in [
        ("$.initiative.level_headed_draws", r.initiative.level_headed_draws),
        ("$.initiative.improved_level_headed_draws", r.initiative.improved_level_headed_draws),
        ("$.initiative.hesitant_draws", r.initiative.hesitant_draws),
    ] {
        if !(1..=5).contains(&draws) {
            problems.push(Problem::new(f, path, format!("{draws} cards: draw from 1 to 5")));
        }
    }
    let sit = &r.situations;
    if !(1..=10).contains(&sit.multi_action.max_actions) {
        problems.push(Problem::new(
            f,
            "$.situations.multi_action.max_actions",
            "from 1 to 10 actions a turn",
        ));
    }
    if sit.multi_action.penalty_per_extra_action > 0 {
        problems.push(Problem::new(
            f,
            "$.situations.multi_action.penalty_per_extra_action",
            "the multi-action penalty is written as a negative number",
        ));
    }
    for (i, c) in sit.cover.iter().enumerate() {
        if c.modifier > 0 || sit.cover.iter().take(i).any(|d| d.id == c.id) {
            problems.push(Problem::new(
                f,
                format!("$.situations.cover[{i}]"),
                "each cover has its own id and a negative modifier",
            ));
        }
    }
    for (i, c) in sit.called_shots.iter().enumerate() {
        if sit.called_shots.iter().take(i).any(|d| d.id == c.id) {
            problems.push(Problem::new(
                f,
                format!("$.situations.called_shots[{i}].id"),
                format!("'{}' is given twice", c.id),
            ));
        }
    }
    if r.incapacitation.dead_at_most >= r.trait_rolls.target_number {
        problems.push(Problem::new(
            f,
            "$.incapacitation.dead_at_most",
            "the \"dead\" line must be below the target number",
        ));
    }
}

fn core(r: &raw::Core, problems: &mut Vec<Problem>) -> Core {
    let f = CORE_FILE;
    let unskilled_die = r.trait_rolls.unskilled.die.parse::<Die>().unwrap_or_else(|e| {
        problems.push(Problem::new(f, "$.trait_rolls.unskilled.die", e.to_string()));
        Die::D4
    });
    if r.trait_rolls.raise_step < 1 {
        problems.push(Problem::new(f, "$.trait_rolls.raise_step", "a raise needs at least 1 point"));
    }
    let mut ranges = Vec::new();
    for (i, range) in r.ranges.iter().enumerate() {
        if ranges.iter().any(|b: &RangeBand| b.id == range.id) {
            problems.push(Problem::new(
                f,
                format!("$.ranges[{i}].id"),
                format!("'{}' is given twice", range.id),
            ));
        }
        ranges.push(RangeBand { id: range.id.clone(), name: range.name.clone(), modifier: range.modifier });
    }
    if ranges.is_empty() {
        problems.push(Problem::new(f, "$.ranges", "at least one range band is needed"));
    }
    for (what, skills) in [("melee", &r.attack_skills.melee), ("ranged", &r.attack_skills.ranged)] {
        if skills.is_empty() {
            problems.push(Problem::new(
                f,
                format!("$.attack_skills.{what}"),
                "at least one attack skill is needed",
            ));
        }
    }
    check_core(r, problems);
    Core {
        traits: TraitRules {
            wild_die: die_sides(r.trait_rolls.wild_die, f, "$.trait_rolls.wild_die", problems),
            target_number: r.trait_rolls.target_number,
            raise_step: r.trait_rolls.raise_step.max(1),
            unskilled_die,
            unskilled_modifier: r.trait_rolls.unskilled.modifier,
        },
        parry_base: r.derived.parry_base,
        toughness_base: r.derived.toughness_base,
        ranges,
        attack_skills: AttackSkills {
            melee: r.attack_skills.melee.iter().map(|s| s.trim().to_ascii_lowercase()).collect(),
            ranged: r.attack_skills.ranged.iter().map(|s| s.trim().to_ascii_lowercase()).collect(),
        },
        attack_raise_die: die_sides(r.damage.attack_raise_die, f, "$.damage.attack_raise_die", problems),
        situations: r.situations.clone(),
        abilities: r.abilities.clone(),
        injury_table: r.injury_table.clone(),
        wounds: WoundRules {
            wild_card_wounds: r.wounds.wild_card_wounds,
            penalty_per_wound: r.wounds.penalty_per_wound,
            penalty_cap: r.wounds.penalty_cap,
        },
        fatigue: FatigueRules {
            levels: r
                .fatigue
                .levels
                .iter()
                .map(|l| FatigueLevel { id: l.id.clone(), name: l.name.clone(), penalty: l.penalty })
                .collect(),
            hours_between_checks: r.fatigue.sleep.hours_between_checks,
            sleep_modifier_per_check: r.fatigue.sleep.modifier_per_check,
            sleep_modifier_cap: r.fatigue.sleep.modifier_cap,
            coffee_bonus: r.fatigue.sleep.coffee_bonus,
            sleep_hours_per_level: r.fatigue.sleep.sleep_hours_per_level,
            collapse_hours: r.fatigue.sleep.collapse_hours.clone(),
            short_of_water_modifier: r.fatigue.thirst.short_of_water_modifier,
            litres_per_level: r.fatigue.thirst.litres_per_level,
            thirst_death_hours: r.fatigue.thirst.death_within_hours.clone(),
            survival_feeds: r.fatigue.thirst.survival_feeds,
            survival_more_per_raise: r.fatigue.thirst.survival_more_per_raise,
        },
        initiative: InitiativeRules {
            quick_redraw_at_most: r.initiative.quick_redraw_at_most,
            level_headed_draws: r.initiative.level_headed_draws,
            improved_level_headed_draws: r.initiative.improved_level_headed_draws,
            hesitant_draws: r.initiative.hesitant_draws,
            joker_bonus: r.initiative.joker_bonus,
        },
        incapacitation: IncapacitationRules {
            dead_at_most: r.incapacitation.dead_at_most,
            nonlethal_unconscious_hours: r.incapacitation.nonlethal_unconscious_hours.clone(),
            bleeding_nonlethal_unconscious_hours: r
                .incapacitation
                .bleeding_nonlethal_unconscious_hours
                .clone(),
        },
    }
}

fn colour(text: &str, path: &str, problems: &mut Vec<Problem>) -> Option<ChipColour> {
    let colour = text.parse::<ChipColour>();
    if let Err(e) = &colour {
        problems.push(Problem::new(CHIPS_FILE, path, e.to_string()));
    }
    colour.ok()
}

fn uses_table(
    list: &[raw::Uses],
    key: &str,
    problems: &mut Vec<Problem>,
) -> BTreeMap<ChipColour, Vec<ChipUse>> {
    let mut table = BTreeMap::new();
    for (i, entry) in list.iter().enumerate() {
        let Some(c) = colour(&entry.colour, &format!("$.{key}[{i}].colour"), problems) else { continue };
        let mut uses = Vec::new();
        for (j, text) in entry.uses.iter().enumerate() {
            match text.parse::<ChipUse>() {
                Ok(u) => uses.push(u),
                Err(e) => {
                    problems.push(Problem::new(CHIPS_FILE, format!("$.{key}[{i}].uses[{j}]"), e.to_string()));
                }
            }
        }
        if table.insert(c, uses).is_some() {
            problems.push(Problem::new(
                CHIPS_FILE,
                format!("$.{key}[{i}].colour"),
                "this colour is given twice",
            ));
        }
    }
    table
}

fn chips(r: &raw::Chips, problems: &mut Vec<Problem>) -> ChipRules {
    let mut pot = BTreeMap::new();
    for (i, count) in r.pot.iter().enumerate() {
        let path = format!("$.pot[{i}].colour");
        let Some(c) = colour(&count.colour, &path, problems) else { continue };
        if c == ChipColour::Legendary {
            problems.push(Problem::new(CHIPS_FILE, &path, "legendary chips are never in the pot"));
        }
        if pot.insert(c, count.count).is_some() {
            problems.push(Problem::new(CHIPS_FILE, &path, "this colour is given twice"));
        }
    }
    if !pot.contains_key(&ChipColour::White) {
        problems.push(Problem::new(CHIPS_FILE, "$.pot", "the pot needs white chips"));
    }
    let uses = uses_table(&r.uses, "uses", problems);
    for c in ChipColour::ALL {
        if !uses.contains_key(&c) {
            problems.push(Problem::new(
                CHIPS_FILE,
                "$.uses",
                format!("the uses of {} chips are missing", c.id()),
            ));
        }
    }
    ChipRules {
        pot,
        start_draw: r.start_draw,
        marshal_per_player: r.marshal_per_player,
        marshal_per_wild_card_npc: r.marshal_per_wild_card_npc,
        bonus: r.bonus,
        extra_damage_die: die_sides(r.extra_damage_die, CHIPS_FILE, "$.extra_damage_die", problems),
        uses,
        marshal_draws_white: uses_table(&r.marshal_draws_white, "marshal_draws_white", problems),
    }
}

fn reference(r: raw::Reference, problems: &mut Vec<Problem>) -> Reference {
    let mut chip_uses = BTreeMap::new();
    for (key, text) in r.chip_uses {
        match key.parse::<ChipUse>() {
            Ok(u) => {
                chip_uses.insert(u, text);
            }
            Err(e) => {
                problems.push(Problem::new(REFERENCE_FILE, format!("$.chip_uses.{key}"), e.to_string()));
            }
        }
    }
    for u in ChipUse::ALL {
        if !chip_uses.contains_key(&u) {
            problems.push(Problem::new(
                REFERENCE_FILE,
                "$.chip_uses",
                format!("the text of '{}' is missing", u.id()),
            ));
        }
    }
    for (i, section) in r.sections.iter().enumerate() {
        if r.sections.iter().take(i).any(|s| s.id == section.id) {
            problems.push(Problem::new(
                REFERENCE_FILE,
                format!("$.sections[{i}].id"),
                format!("'{}' is given twice", section.id),
            ));
        }
    }
    Reference { sections: r.sections, chip_uses }
}

fn bestiary(r: raw::Bestiary, problems: &mut Vec<Problem>) -> Vec<Combatant> {
    let mut list = Vec::new();
    for (i, value) in r.combatants.into_iter().enumerate() {
        match combatant::from_value(value) {
            Ok(c) => list.push(c),
            Err(found) => problems.extend(found.into_iter().map(|p| Problem {
                file: BESTIARY_FILE.to_owned(),
                path: p.path.replacen('$', &format!("$.combatants[{i}]"), 1),
                message: p.message,
            })),
        }
    }
    list
}

#[cfg(test)]
mod tests {
    use super::*;

    const CORE: &str = include_str!("../../../../data/savage/core.json");
    const CHIPS: &str = include_str!("../../../../data/savage/chips.json");
    const REFERENCE: &str = include_str!("../../../../data/savage/reference.json");
    const BESTIARY: &str = include_str!("../../../../data/savage/bestiary.json");

    fn sources() -> Sources<'static> {
        Sources { core: CORE, chips: CHIPS, reference: REFERENCE, bestiary: BESTIARY }
    }

    #[test]
    fn the_embedded_data_loads() {
        let rules = embedded().expect("embedded data");
        assert_eq!(rules.core.traits.target_number, 4);
        assert_eq!(rules.core.traits.wild_die, 6);
        assert_eq!(rules.chips.pot.get(&ChipColour::White), Some(&20));
        assert_eq!(rules.chips.pot.get(&ChipColour::Red), Some(&10));
        assert_eq!(rules.chips.pot.get(&ChipColour::Blue), Some(&5));
        assert_eq!(rules.range("long").map(|r| r.modifier), Some(-4));
        assert_eq!(rules.bestiary.len(), 4);
        assert!(rules.chips.allows(ChipColour::Blue, ChipUse::Bonus));
        assert!(!rules.chips.allows(ChipColour::Red, ChipUse::Bonus));
        // S25 (fr 42): the Marshal draws a white chip when red is used for a red power, not
        // when it is spent as a white.
        assert!(!rules.chips.marshal_draws(ChipColour::Red, ChipUse::Soak));
        assert!(!rules.chips.marshal_draws(ChipColour::Red, ChipUse::Reroll));
        assert!(!rules.chips.marshal_draws(ChipColour::Red, ChipUse::Unshake));
        assert!(rules.chips.marshal_draws(ChipColour::Red, ChipUse::ExtraDamage));
        assert!(rules.chips.marshal_draws(ChipColour::Red, ChipUse::CancelCriticalFailure));
        assert!(!rules.chips.marshal_draws(ChipColour::Blue, ChipUse::ExtraDamage));
        assert!(!rules.chips.marshal_draws(ChipColour::Blue, ChipUse::Soak));
    }

    #[test]
    fn every_problem_is_reported_with_its_path() {
        let core = CORE.replace("\"d4\"", "\"d5\"");
        let chips = CHIPS.replace(
            "\"cancel_critical_failure\", \"bonus\"] },\n    { \"colour\": \"legendary\"",
            "\"bonus\", \"nap\"] },\n    { \"colour\": \"legendary\"",
        );
        let bestiary = BESTIARY.replacen("\"vigor\": \"d6\"", "\"vigor\": \"d7\"", 1);
        let problems =
            load(&Sources { core: &core, chips: &chips, reference: REFERENCE, bestiary: &bestiary })
                .expect_err("broken data");
        let paths: Vec<(String, String)> =
            problems.iter().map(|p| (p.file.clone(), p.path.clone())).collect();
        assert_eq!(
            paths,
            vec![
                (CORE_FILE.to_owned(), "$.trait_rolls.unskilled.die".to_owned()),
                (CHIPS_FILE.to_owned(), "$.uses[2].uses[5]".to_owned()),
                (BESTIARY_FILE.to_owned(), "$.combatants[0].attributes.vigor".to_owned()),
            ]
        );
        assert!(load(&sources()).is_ok());
    }

    #[test]
    fn a_syntax_error_names_the_file_and_line() {
        let problems = load(&Sources { core: "{", ..sources() }).expect_err("broken json");
        assert_eq!(problems.len(), 1);
        assert_eq!(problems.first().map(|p| p.file.as_str()), Some(CORE_FILE));
    }

    #[test]
    fn fatigue_penalties_by_level() {
        let rules = embedded().expect("embedded data");
        let f = &rules.core.fatigue;
        assert_eq!((f.penalty(0), f.penalty(1), f.penalty(2), f.penalty(3)), (0, -1, -2, -2));
        assert_eq!(f.collapse_level(), 3);
    }
}
