//! Combatants: a Wild Card or a group of Extras, its traits as die types, derived Parry and
//! Toughness, weapons, and the initiative Edges and Hindrances Posse applies to its card.
//!
//! This is also the combatant file format (JSON, keys stable: only ever added):
//!
//! ```json
//! { "name": "Outlaws", "kind": "extra", "count": 5, "player": "Ann",
//!   "attributes": { "agility": "d6", "smarts": "d4", "spirit": "d6", "strength": "d6", "vigor": "d6" },
//!   "skills": { "fighting": "d6", "shooting": "d8" },
//!   "parry_bonus": 0, "armour": 1, "toughness_bonus": 0,
//!   "initiative": ["quick"],
//!   "weapons": [ { "name": "Revolver", "damage": "2d6+1", "range": { "short": 12, "medium": 24, "long": 48 } } ],
//!   "notes": "" }
//! ```
//!
//! `kind` is `wild_card` or `extra`; `count` (default 1) makes a group of Extras acting on one
//! card; `player` (absent for the Marshal's) is who holds the fate chips spent for it;
//! `initiative` lists `quick`, `level_headed`, `improved_level_headed`, `hesitant`.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::abilities::Abilities;
use super::damage::DamageDice;
use super::data::{Problem, Rules};
use super::die::Die;

/// The largest group of Extras on one card.
pub const MAX_COUNT: u32 = 50;

/// The most skills, initiative Edges and weapons one combatant file may list: far beyond any
/// character at the table (a few dozen at most), and few enough that every command on the file
/// answers at once (100,000 skills took seconds to print).
pub const MAX_ENTRIES: usize = 100;

/// The longest name (the combatant's, the player's, a skill's, a weapon's and its damage) a
/// combatant file may hold, in characters.
pub const MAX_TEXT: usize = 1000;

/// The longest notes a combatant file may hold, in characters.
pub const MAX_NOTES: usize = 10_000;

/// Wild Card (a Wild Die, three wounds) or Extra (one wound takes it out).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    WildCard,
    Extra,
}

impl Kind {
    /// The id used in files.
    #[must_use]
    pub fn id(self) -> &'static str {
        match self {
            Kind::WildCard => "wild_card",
            Kind::Extra => "extra",
        }
    }
}

/// The five attributes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Attributes {
    pub agility: Die,
    pub smarts: Die,
    pub spirit: Die,
    pub strength: Die,
    pub vigor: Die,
}

/// The attribute names, in the order sheets list them.
pub const ATTRIBUTES: [&str; 5] = ["agility", "smarts", "spirit", "strength", "vigor"];

impl Attributes {
    /// The attribute named `name` (lower case).
    #[must_use]
    pub fn get(&self, name: &str) -> Option<Die> {
        match name {
            "agility" => Some(self.agility),
            "smarts" => Some(self.smarts),
            "spirit" => Some(self.spirit),
            "strength" => Some(self.strength),
            "vigor" => Some(self.vigor),
            _ => None,
        }
    }
}

/// An initiative Edge or Hindrance.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum InitiativeEdge {
    /// Redraw a card of 5 or lower until it is above 5.
    Quick,
    /// Draw two cards, keep the best.
    LevelHeaded,
    /// Draw three cards, keep the best.
    ImprovedLevelHeaded,
    /// Draw two cards, keep the lowest (a Joker is always kept).
    Hesitant,
}

impl InitiativeEdge {
    pub const ALL: [InitiativeEdge; 4] = [
        InitiativeEdge::Quick,
        InitiativeEdge::LevelHeaded,
        InitiativeEdge::ImprovedLevelHeaded,
        InitiativeEdge::Hesitant,
    ];

    /// The id used in files.
    #[must_use]
    pub fn id(self) -> &'static str {
        match self {
            InitiativeEdge::Quick => "quick",
            InitiativeEdge::LevelHeaded => "level_headed",
            InitiativeEdge::ImprovedLevelHeaded => "improved_level_headed",
            InitiativeEdge::Hesitant => "hesitant",
        }
    }

    /// The name players know.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            InitiativeEdge::Quick => "Quick",
            InitiativeEdge::LevelHeaded => "Level Headed",
            InitiativeEdge::ImprovedLevelHeaded => "Improved Level Headed",
            InitiativeEdge::Hesitant => "Hesitant",
        }
    }
}

/// Range bands in inches (table-top distance).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RangeBands {
    pub short: u32,
    pub medium: u32,
    pub long: u32,
}

/// A weapon: its damage dice and, for a ranged weapon, its range bands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Weapon {
    pub name: String,
    pub damage: DamageDice,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub range: Option<RangeBands>,
}

/// A Wild Card, or a group of `count` Extras acting on one card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Combatant {
    pub name: String,
    pub kind: Kind,
    /// How many (1 for a Wild Card; a group of Extras may be more).
    pub count: u32,
    /// The player whose fate chips it spends; `None` for the Marshal's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
    pub attributes: Attributes,
    /// Skills by lower-case name: `fighting`, `shooting`, …
    pub skills: BTreeMap<String, Die>,
    /// Shield, Edges: added to Parry.
    pub parry_bonus: i32,
    /// Added to Toughness.
    pub armour: i32,
    /// Other Toughness bonuses (Brawny, size).
    pub toughness_bonus: i32,
    pub initiative: Vec<InitiativeEdge>,
    pub weapons: Vec<Weapon>,
    pub notes: String,
    /// Hardy: a second Shaken is no wound (S40). Left out of the file when not.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub hardy: bool,
    /// Undead, Fearless, Combat Reflexes, Iron Jaw, Nerves of Steel, Hard to Kill (S42–S47):
    /// one key each, left out of the file when not.
    #[serde(flatten)]
    pub abilities: Abilities,
}

impl Combatant {
    /// A new Wild Card to fill in, a hero of one's own played by `player`: the five attributes
    /// at d4, where Savage Worlds starts every character (the summary is silent), and nothing
    /// else (no skills, Edges, armour or weapons); the examples to copy are the bestiary's.
    #[must_use]
    pub fn blank_wild_card(name: &str, player: &str) -> Combatant {
        Combatant { player: Some(player.to_owned()), ..Combatant::blank(name, Kind::WildCard) }
    }

    /// A new group of Extras to fill in, the Marshal's: one Extra with every attribute at d4
    /// and nothing else, as [`Combatant::blank_wild_card`]; the bestiary's bands are copied
    /// as examples.
    #[must_use]
    pub fn blank_extras(name: &str) -> Combatant {
        Combatant::blank(name, Kind::Extra)
    }

    /// One combatant of `kind`, the Marshal's, with every attribute at d4 and nothing else.
    fn blank(name: &str, kind: Kind) -> Combatant {
        Combatant {
            name: name.to_owned(),
            kind,
            count: 1,
            player: None,
            attributes: Attributes {
                agility: Die::D4,
                smarts: Die::D4,
                spirit: Die::D4,
                strength: Die::D4,
                vigor: Die::D4,
            },
            skills: BTreeMap::new(),
            parry_bonus: 0,
            armour: 0,
            toughness_bonus: 0,
            initiative: Vec::new(),
            weapons: Vec::new(),
            notes: String::new(),
            hardy: false,
            abilities: Abilities::default(),
        }
    }

    /// What keeps this combatant out of a fight though its file reads (S19: Hesitant with
    /// Quick or Level Headed): a combatant being made may pass through such a state, so it is
    /// saved as it stands and marked, as Dead Man's Hand keeps a gang that is not legal.
    #[must_use]
    pub fn not_ready(&self) -> Vec<Problem> {
        let hesitant = self.initiative.contains(&InitiativeEdge::Hesitant);
        if hesitant && self.initiative.iter().any(|e| *e != InitiativeEdge::Hesitant) {
            return vec![Problem::new(
                FILE,
                "$.initiative",
                "Hesitant cannot be combined with Quick or Level Headed",
            )];
        }
        Vec::new()
    }

    /// Whether it reads as a combatant ready for a fight ([`Combatant::not_ready`] is empty).
    #[must_use]
    pub fn is_ready(&self) -> bool {
        self.not_ready().is_empty()
    }

    /// Whether it rolls a Wild Die.
    #[must_use]
    pub fn is_wild_card(&self) -> bool {
        self.kind == Kind::WildCard
    }

    /// Parry: the base (2) plus half Fighting (nothing without Fighting) plus the bonus.
    #[must_use]
    pub fn parry(&self, rules: &Rules) -> i32 {
        let half = self.skills.get("fighting").map_or(0, |d| d.half());
        rules.core.parry_base + half + self.parry_bonus
    }

    /// Toughness: the base (2) plus half Vigor, armour and other bonuses.
    #[must_use]
    pub fn toughness(&self, rules: &Rules) -> i32 {
        rules.core.toughness_base + self.attributes.vigor.half() + self.armour + self.toughness_bonus
    }

    /// The die of an attribute or skill, and the unskilled modifier when it has not the skill
    /// (an unknown skill is rolled at d4−2).
    #[must_use]
    pub fn trait_die(&self, rules: &Rules, name: &str) -> (Die, i32) {
        let key = name.trim().to_ascii_lowercase();
        if let Some(die) = self.attributes.get(&key) {
            return (die, 0);
        }
        match self.skills.get(&key) {
            Some(&die) => (die, 0),
            None => (rules.core.traits.unskilled_die, rules.core.traits.unskilled_modifier),
        }
    }

    /// The attack skill it rolls best (the highest die it has; on a tie the data's order,
    /// melee first); the first of the data's when it has none.
    #[must_use]
    pub fn best_attack_skill<'r>(&self, rules: &'r Rules) -> &'r str {
        let skills = &rules.core.attack_skills;
        let mut best: Option<(&str, Die)> = None;
        for skill in skills.all() {
            if let Some(&die) = self.skills.get(skill)
                && best.is_none_or(|(_, b)| die > b)
            {
                best = Some((skill, die));
            }
        }
        best.map(|(s, _)| s).or_else(|| skills.all().next()).unwrap_or_default()
    }

    /// Whether it has this initiative Edge or Hindrance.
    #[must_use]
    pub fn has(&self, edge: InitiativeEdge) -> bool {
        self.initiative.contains(&edge)
    }

    /// The weapon named `name` (case ignored).
    #[must_use]
    pub fn weapon(&self, name: &str) -> Option<&Weapon> {
        self.weapons.iter().find(|w| w.name.eq_ignore_ascii_case(name.trim()))
    }
}

/// The loose shape a combatant file is read into.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
#[expect(clippy::struct_excessive_bools, reason = "the file's ability keys, each true or left out")]
struct Raw {
    name: String,
    kind: String,
    #[serde(default)]
    count: Option<u32>,
    #[serde(default)]
    player: Option<String>,
    attributes: BTreeMap<String, String>,
    #[serde(default)]
    skills: BTreeMap<String, String>,
    #[serde(default)]
    parry_bonus: i32,
    #[serde(default)]
    armour: i32,
    #[serde(default)]
    toughness_bonus: i32,
    #[serde(default)]
    initiative: Vec<String>,
    #[serde(default)]
    weapons: Vec<RawWeapon>,
    #[serde(default)]
    notes: String,
    #[serde(default)]
    hardy: bool,
    #[serde(default)]
    undead: bool,
    #[serde(default)]
    fearless: bool,
    #[serde(default)]
    combat_reflexes: bool,
    #[serde(default)]
    iron_jaw: bool,
    #[serde(default)]
    nerves_of_steel: bool,
    #[serde(default)]
    hard_to_kill: bool,
}

impl Raw {
    /// The ability keys, each false when left out.
    fn abilities(&self) -> Abilities {
        Abilities {
            undead: self.undead,
            fearless: self.fearless,
            combat_reflexes: self.combat_reflexes,
            iron_jaw: self.iron_jaw,
            nerves_of_steel: self.nerves_of_steel,
            hard_to_kill: self.hard_to_kill,
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawWeapon {
    name: String,
    damage: String,
    #[serde(default)]
    range: Option<RangeBands>,
}

const FILE: &str = "combatant";

/// Reads a combatant file.
///
/// # Errors
/// Every problem, each with its JSON path (file name "combatant"; callers put their own).
pub fn from_json(text: &str) -> Result<Combatant, Vec<Problem>> {
    // The one reader of every game's files (pure text, no file touched): one byte order mark
    // allowed, nothing after the combatant.
    let value: serde_json::Value =
        crate::store::json::parse(text, "combatant").map_err(|e| vec![Problem::new(FILE, "$", e)])?;
    from_value(value)
}

/// Checks a combatant read as JSON.
///
/// # Errors
/// Every problem, each with its JSON path.
pub fn from_value(value: serde_json::Value) -> Result<Combatant, Vec<Problem>> {
    let raw: Raw = serde_path_to_error::deserialize(value).map_err(|e| {
        let path = e.path().to_string();
        let path =
            if path.is_empty() || path == "." || path == "?" { "$".to_owned() } else { format!("$.{path}") };
        vec![Problem::new(FILE, path, e.into_inner().to_string())]
    })?;
    validate(raw)
}

/// The first "Player N" (from 1) that none of `taken` names, ignoring case and spaces at
/// the ends: who plays a new Wild Card until the table types a real name.
#[must_use]
pub fn unused_player<S: AsRef<str>>(taken: &[S]) -> String {
    // Of the first len + 1 numbers, at least one is free.
    (1..=taken.len() + 1)
        .map(|n| format!("Player {n}"))
        .find(|name| !taken.iter().any(|t| t.as_ref().trim().eq_ignore_ascii_case(name)))
        .unwrap_or_default()
}

fn die_at(text: &str, path: String, problems: &mut Vec<Problem>) -> Die {
    text.parse::<Die>().unwrap_or_else(|e| {
        problems.push(Problem::new(FILE, path, e.to_string()));
        Die::D4
    })
}

fn initiative(list: &[String], problems: &mut Vec<Problem>) -> Vec<InitiativeEdge> {
    let mut initiative = Vec::new();
    for (i, text) in list.iter().enumerate() {
        match InitiativeEdge::ALL.into_iter().find(|e| e.id() == text.trim()) {
            Some(e) if !initiative.contains(&e) => initiative.push(e),
            Some(_) => problems.push(Problem::new(FILE, format!("$.initiative[{i}]"), "given twice")),
            None => problems.push(Problem::new(
                FILE,
                format!("$.initiative[{i}]"),
                format!("'{text}' is not an initiative Edge: use quick, level_headed, improved_level_headed or hesitant"),
            )),
        }
    }
    initiative
}

fn weapons(list: Vec<RawWeapon>, problems: &mut Vec<Problem>) -> Vec<Weapon> {
    let mut weapons = Vec::new();
    for (i, w) in list.into_iter().enumerate() {
        if w.name.trim().is_empty() {
            problems.push(Problem::new(FILE, format!("$.weapons[{i}].name"), "the name is empty"));
        }
        let damage = match w.damage.parse::<DamageDice>() {
            Ok(d) => d,
            Err(e) => {
                problems.push(Problem::new(FILE, format!("$.weapons[{i}].damage"), e.to_string()));
                DamageDice { terms: Vec::new() }
            }
        };
        if let Some(r) = w.range
            && !(r.short <= r.medium && r.medium <= r.long)
        {
            problems.push(Problem::new(
                FILE,
                format!("$.weapons[{i}].range"),
                "the bands go from short to long: short ≤ medium ≤ long",
            ));
        }
        weapons.push(Weapon { name: w.name.trim().to_owned(), damage, range: w.range });
    }
    weapons
}

/// What in `raw` is larger than a combatant file may hold ([`MAX_ENTRIES`], [`MAX_TEXT`],
/// [`MAX_NOTES`]): lists first, then texts.
fn sizes(raw: &Raw) -> Vec<Problem> {
    let too_long: Vec<Problem> = [
        ("$.attributes", "attributes", raw.attributes.len()),
        ("$.skills", "skills", raw.skills.len()),
        ("$.initiative", "initiative Edges", raw.initiative.len()),
        ("$.weapons", "weapons", raw.weapons.len()),
    ]
    .into_iter()
    .filter(|&(_, _, n)| n > MAX_ENTRIES)
    .map(|(path, what, n)| {
        Problem::new(
            FILE,
            path,
            format!("{n} {what} are too many: a combatant file lists at most {MAX_ENTRIES}"),
        )
    })
    .collect();
    if !too_long.is_empty() {
        return too_long;
    }
    let mut texts: Vec<(String, &str, usize)> = vec![
        ("$.name".into(), raw.name.as_str(), MAX_TEXT),
        ("$.player".into(), raw.player.as_deref().unwrap_or_default(), MAX_TEXT),
        ("$.notes".into(), raw.notes.as_str(), MAX_NOTES),
    ];
    for (table, map) in [("$.attributes", &raw.attributes), ("$.skills", &raw.skills)] {
        for (key, die) in map {
            texts.push((table.into(), key.as_str(), MAX_TEXT));
            if key.chars().count() <= MAX_TEXT {
                texts.push((format!("{table}.{key}"), die.as_str(), MAX_TEXT));
            }
        }
    }
    for (i, edge) in raw.initiative.iter().enumerate() {
        texts.push((format!("$.initiative[{i}]"), edge.as_str(), MAX_TEXT));
    }
    for (i, w) in raw.weapons.iter().enumerate() {
        texts.push((format!("$.weapons[{i}].name"), w.name.as_str(), MAX_TEXT));
        texts.push((format!("$.weapons[{i}].damage"), w.damage.as_str(), MAX_TEXT));
    }
    texts
        .into_iter()
        .filter_map(|(path, text, most)| {
            let chars = text.chars().count();
            (chars > most).then(|| {
                Problem::new(FILE, path, format!("{chars} characters are too long: at most {most} here"))
            })
        })
        .collect()
}

fn validate(raw: Raw) -> Result<Combatant, Vec<Problem>> {
    let abilities = raw.abilities();
    // Sizes first: a list or a text too long for a real character is refused before it is
    // read through.
    let too_large = sizes(&raw);
    if !too_large.is_empty() {
        return Err(too_large);
    }
    let mut problems = Vec::new();
    let name = raw.name.trim().to_owned();
    if name.is_empty() {
        problems.push(Problem::new(FILE, "$.name", "the name is empty"));
    }
    let kind = match raw.kind.as_str() {
        "wild_card" => Kind::WildCard,
        "extra" => Kind::Extra,
        other => {
            problems.push(Problem::new(
                FILE,
                "$.kind",
                format!("'{other}' is not a kind: use wild_card or extra"),
            ));
            Kind::Extra
        }
    };
    let count = raw.count.unwrap_or(1);
    if count == 0 || count > MAX_COUNT {
        problems.push(Problem::new(FILE, "$.count", format!("{count} is not a count: use 1 to {MAX_COUNT}")));
    } else if kind == Kind::WildCard && count != 1 {
        problems.push(Problem::new(
            FILE,
            "$.count",
            "a Wild Card is one character: only Extras come in groups",
        ));
    }
    let player = raw.player.map(|p| p.trim().to_owned()).filter(|p| !p.is_empty());
    for key in raw.attributes.keys() {
        if !ATTRIBUTES.contains(&key.as_str()) {
            problems.push(Problem::new(
                FILE,
                format!("$.attributes.{key}"),
                "not an attribute: use agility, smarts, spirit, strength and vigor",
            ));
        }
    }
    let mut attribute = |key: &str| {
        if let Some(text) = raw.attributes.get(key) {
            die_at(text, format!("$.attributes.{key}"), &mut problems)
        } else {
            problems.push(Problem::new(FILE, "$.attributes", format!("{key} is missing")));
            Die::D4
        }
    };
    let attributes = Attributes {
        agility: attribute("agility"),
        smarts: attribute("smarts"),
        spirit: attribute("spirit"),
        strength: attribute("strength"),
        vigor: attribute("vigor"),
    };
    let mut skills = BTreeMap::new();
    for (key, text) in &raw.skills {
        let lower = key.trim().to_ascii_lowercase();
        let path = format!("$.skills.{key}");
        if lower.is_empty() || ATTRIBUTES.contains(&lower.as_str()) {
            problems.push(Problem::new(FILE, &path, "a skill needs its own name, not an attribute's"));
        }
        let die = die_at(text, path.clone(), &mut problems);
        if skills.insert(lower, die).is_some() {
            problems.push(Problem::new(FILE, &path, "this skill is given twice"));
        }
    }
    let initiative = initiative(&raw.initiative, &mut problems);
    for (path, value) in [
        ("$.parry_bonus", raw.parry_bonus),
        ("$.armour", raw.armour),
        ("$.toughness_bonus", raw.toughness_bonus),
    ] {
        if !(-20..=50).contains(&value) {
            problems.push(Problem::new(FILE, path, format!("{value} is out of range: use -20 to 50")));
        }
    }
    let weapons = weapons(raw.weapons, &mut problems);
    if !problems.is_empty() {
        return Err(problems);
    }
    Ok(Combatant {
        name,
        kind,
        count,
        player,
        attributes,
        skills,
        parry_bonus: raw.parry_bonus,
        armour: raw.armour,
        toughness_bonus: raw.toughness_bonus,
        initiative,
        weapons,
        notes: raw.notes,
        hardy: raw.hardy,
        abilities,
    })
}

impl<'de> Deserialize<'de> for Combatant {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Combatant, D::Error> {
        let value = serde_json::Value::deserialize(d)?;
        from_value(value).map_err(|problems| {
            let text: Vec<String> = problems.iter().map(|p| format!("{}: {}", p.path, p.message)).collect();
            serde::de::Error::custom(text.join("; "))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::systems::savage::rules::data::embedded;

    const ANN: &str = r#"{
        "name": "Ann", "kind": "wild_card", "player": "Alice",
        "attributes": { "agility": "d8", "smarts": "d6", "spirit": "d6", "strength": "d6", "vigor": "d12+1" },
        "skills": { "Fighting": "d10", "shooting": "d8" },
        "parry_bonus": 1, "armour": 1,
        "initiative": ["quick", "level_headed"],
        "weapons": [ { "name": "Colt", "damage": "2d6+1", "range": { "short": 12, "medium": 24, "long": 48 } },
                     { "name": "Knife", "damage": "Str+d4" } ]
    }"#;

    #[test]
    fn derived_stats() {
        let rules = embedded().expect("data");
        let ann = from_json(ANN).expect("Ann");
        // Parry 2 + half d10 (5) + 1 = 8; Toughness 2 + half d12+1 (6) + armour 1 = 9.
        assert_eq!(ann.parry(rules), 8);
        assert_eq!(ann.toughness(rules), 9);
        assert_eq!(ann.trait_die(rules, "Fighting"), (Die::D10, 0));
        assert_eq!(ann.trait_die(rules, "vigor").0.to_string(), "d12+1");
        assert_eq!(ann.trait_die(rules, "riding"), (Die::D4, -2));
        assert!(ann.has(InitiativeEdge::Quick));
        assert_eq!(ann.weapon("knife").map(|w| w.damage.to_string()), Some("Str+d4".to_owned()));
    }

    /// A new Wild Card is played by the first "Player N" no combatant names yet, whatever
    /// the case or spaces a player's name was typed with.
    #[test]
    fn a_new_wild_card_is_played_by_the_first_unused_player() {
        assert_eq!(unused_player::<&str>(&[]), "Player 1");
        assert_eq!(unused_player(&["Ann", "Bob"]), "Player 1");
        assert_eq!(unused_player(&["Player 1", " player 2 ", "Player 4"]), "Player 3");
        assert_eq!(unused_player(&["Player 1", "Player 2"]), "Player 3");
        let hero = Combatant::blank_wild_card("New Wild Card", "Player 3");
        assert_eq!(hero.player.as_deref(), Some("Player 3"));
        assert!(hero.is_wild_card() && hero.skills.is_empty() && hero.weapons.is_empty());
        let band = Combatant::blank_extras("New Extras");
        assert_eq!((band.kind, band.count, band.player.as_deref()), (Kind::Extra, 1, None));
        assert_eq!(band.attributes, hero.attributes);
        assert!(band.skills.is_empty() && band.weapons.is_empty() && band.initiative.is_empty());
    }

    #[test]
    fn the_file_writes_back_the_same() {
        let ann = from_json(ANN).expect("Ann");
        let text = serde_json::to_string(&ann).expect("json");
        let again: Combatant = serde_json::from_str(&text).expect("read back");
        assert_eq!(ann, again);
        assert!(text.contains("\"kind\":\"wild_card\""));
        assert!(text.contains("\"vigor\":\"d12+1\""));
        assert!(text.contains("\"initiative\":[\"quick\",\"level_headed\"]"));
    }

    #[test]
    fn every_problem_has_its_path() {
        let bad = r#"{
            "name": " ", "kind": "wild_card", "count": 3,
            "attributes": { "agility": "d7", "smarts": "d6", "spirit": "d6", "strength": "d6", "luck": "d6" },
            "skills": { "fighting": "d13" },
            "initiative": ["hesitant", "quick", "lucky"],
            "weapons": [ { "name": "Gun", "damage": "2x6", "range": { "short": 24, "medium": 12, "long": 48 } } ]
        }"#;
        let problems = from_json(bad).expect_err("bad");
        let paths: Vec<&str> = problems.iter().map(|p| p.path.as_str()).collect();
        assert_eq!(
            paths,
            vec![
                "$.name",
                "$.count",
                "$.attributes.luck",
                "$.attributes.agility",
                "$.attributes",
                "$.skills.fighting",
                "$.initiative[2]",
                "$.weapons[0].damage",
                "$.weapons[0].range",
            ]
        );
    }

    /// S19: Hesitant with Quick reads (a combatant being made passes through it) and is saved
    /// as it stands, but is not ready for a fight, with the reason at its path.
    #[test]
    fn edges_that_cannot_go_together_read_but_are_not_ready() {
        let text = r#"{ "name": "Doc", "kind": "wild_card",
            "attributes": { "agility": "d6", "smarts": "d6", "spirit": "d6", "strength": "d6", "vigor": "d6" },
            "initiative": ["hesitant", "quick"] }"#;
        let doc = from_json(text).expect("it reads");
        let words: Vec<(String, String)> = doc.not_ready().into_iter().map(|p| (p.path, p.message)).collect();
        assert_eq!(
            words,
            [(
                "$.initiative".to_owned(),
                "Hesitant cannot be combined with Quick or Level Headed".to_owned()
            )]
        );
        assert!(!doc.is_ready());
        let again = from_json(&serde_json::to_string(&doc).expect("JSON")).expect("read back");
        assert_eq!(again, doc);
    }

    #[test]
    fn a_file_lists_at_most_a_hundred_of_anything() {
        let skills =
            |n: usize| (0..n).map(|i| format!("\"skill {i}\": \"d6\"")).collect::<Vec<_>>().join(",");
        let with = |n: usize, m: usize| {
            let weapons = vec![r#"{"name":"Colt","damage":"2d6"}"#; m].join(",");
            format!(
                r#"{{"name":"X","kind":"extra","attributes":{{"agility":"d6","smarts":"d6","spirit":"d6","strength":"d6","vigor":"d6"}},"skills":{{{}}},"weapons":[{weapons}]}}"#,
                skills(n)
            )
        };
        assert_eq!(from_json(&with(100, 100)).map(|c| (c.skills.len(), c.weapons.len())), Ok((100, 100)));
        let long = with(1, 1)
            .replace("\"X\"", &format!("\"{}\"", "X".repeat(1001)))
            .replace("skill 0", &"s".repeat(1001));
        let problems = from_json(&long).expect_err("too long");
        let words: Vec<(&str, &str)> =
            problems.iter().map(|p| (p.path.as_str(), p.message.as_str())).collect();
        assert_eq!(
            words,
            [
                ("$.name", "1001 characters are too long: at most 1000 here"),
                ("$.skills", "1001 characters are too long: at most 1000 here"),
            ]
        );
        let problems = from_json(&with(100_000, 101)).expect_err("too many");
        let words: Vec<(&str, &str)> =
            problems.iter().map(|p| (p.path.as_str(), p.message.as_str())).collect();
        assert_eq!(
            words,
            [
                ("$.skills", "100000 skills are too many: a combatant file lists at most 100"),
                ("$.weapons", "101 weapons are too many: a combatant file lists at most 100"),
            ]
        );
    }

    #[test]
    fn unknown_keys_are_refused() {
        let problems =
            from_json(r#"{"name":"X","kind":"extra","attributes":{},"colour":"red"}"#).expect_err("bad");
        assert_eq!(problems.len(), 1);
        assert!(problems.first().is_some_and(|p| p.message.contains("colour")));
    }

    /// The attack form opens on the attack skill rolled best; a tie keeps the data's order
    /// (Fighting first); without any, the first of the data's.
    #[test]
    fn the_best_attack_skill_is_the_highest_die() {
        let rules = embedded().expect("rules");
        let check = |skills: &str, expected: &str| {
            let json = format!(
                r#"{{"name":"X","kind":"extra","attributes":{{"agility":"d6","smarts":"d6","spirit":"d6","strength":"d6","vigor":"d6"}},"skills":{{{skills}}}}}"#
            );
            let c = from_json(&json).expect("a combatant");
            assert_eq!(c.best_attack_skill(rules), expected, "{skills}");
        };
        check(r#""fighting":"d6","shooting":"d8""#, "shooting");
        check(r#""fighting":"d8","shooting":"d8""#, "fighting");
        check(r#""Throwing":"d10","shooting":"d8","notice":"d12""#, "throwing");
        check(r#""notice":"d12""#, "fighting");
        check("", "fighting");
    }
}
