//! The Fragmaster Origins rules as data: the types that `data/fragmaster/*.json` turn into.
//!
//! Loading is "parse, then validate". Serde reads each file into loose `Raw…` structs whose
//! values are `Field`s: a missing or mistyped value does not stop the parse, it is kept. The
//! validation then walks the raw structs with their JSON paths and reports *every* problem
//! (file, path, what was expected), or builds the typed [`Rules`]. Numbers and names are the
//! book's; every descriptive text in the files is our own wording.

use std::collections::BTreeMap;
use std::fmt;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;

/// A weapon's id, as in `weapons.json` and on the command line: `sniper-rifle`.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct WeaponId(pub String);

impl WeaponId {
    /// The id as text.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for WeaponId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// One line of the weapons table.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[expect(clippy::struct_excessive_bools, reason = "one flag per special rule of the book's weapons table")]
pub struct Weapon {
    pub id: WeaponId,
    /// The English name, capitalised: "Sniper rifle".
    pub name: String,
    /// The Czech original's name.
    pub name_cs: String,
    /// How the game log tells an attack with it, with `{attacker}` and `{target}` in it:
    /// "{attacker} throws grenades at {target}".
    pub log: String,
    /// Range in cm; a target at exactly this distance is in range.
    pub range_cm: f64,
    /// S, the wound modifier (negative is a bonus to the attacker).
    pub strength: i32,
    /// The weapon's own to-hit modifier (negative is a bonus).
    pub to_hit: i32,
    /// Shots per attack action, each rolled to hit on its own.
    pub shots: u32,
    /// On a hit, every other character within this many cm of the target is hit too.
    pub blast_cm: Option<f64>,
    /// A close-combat weapon: it cannot reach another height level.
    pub melee: bool,
    /// Ignores decent cover and the target's taking cover.
    pub ignores_cover: bool,
    /// May go round corners: full cover does not stop it (the range follows the real path).
    pub round_corners: bool,
    /// Carried in addition to the one weapon a character holds.
    pub second_weapon: bool,
    /// A reminder in our own words.
    pub note: String,
}

impl Weapon {
    /// The name inside a sentence: "sniper rifle".
    #[must_use]
    pub fn lower_name(&self) -> String {
        self.name.to_lowercase()
    }

    /// The special rules as short phrases for tables and sheets, in the book's order.
    #[must_use]
    pub fn special_rules(&self) -> Vec<String> {
        let mut rules = Vec::new();
        if self.shots > 1 {
            rules.push(format!("{} shots per attack", self.shots));
        }
        if self.melee {
            rules.push("melee weapon".to_owned());
        }
        if self.to_hit > 0 {
            rules.push(format!("to-hit penalty {:+}", self.to_hit));
        }
        if self.ignores_cover {
            rules.push("ignores cover".to_owned());
        }
        if self.round_corners {
            rules.push("goes round corners".to_owned());
        }
        if let Some(blast) = self.blast_cm {
            rules.push(format!("also hits others within {blast} cm"));
        }
        if self.second_weapon {
            rules.push("second weapon".to_owned());
        }
        if self.to_hit < 0 {
            rules.push(format!("to-hit bonus {:+}", self.to_hit));
        }
        rules
    }
}

/// The target's cover from the attacker's position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Cover {
    #[default]
    None,
    /// Two thirds of the target or more hidden: a to-hit penalty.
    Decent,
    /// Not visible at all: no attack, except with a weapon that goes round corners.
    Full,
}

impl Cover {
    /// Every level, from none to full.
    pub const ALL: [Cover; 3] = [Cover::None, Cover::Decent, Cover::Full];

    /// The id used in files and on the command line.
    #[must_use]
    pub fn id(self) -> &'static str {
        match self {
            Cover::None => "none",
            Cover::Decent => "decent",
            Cover::Full => "full",
        }
    }

    /// The level from its id.
    #[must_use]
    pub fn parse(id: &str) -> Option<Cover> {
        Cover::ALL.into_iter().find(|c| c.id() == id.trim())
    }
}

/// A to-hit modifier of the reference table. `to_hit` is `None` for full cover, which
/// forbids the attack instead of changing the roll.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HitModifier {
    pub id: String,
    pub name: String,
    pub to_hit: Option<i32>,
    pub text: String,
}

/// The to-hit and to-wound rolls.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Rolls {
    /// The number needed to hit before modifiers (3).
    pub hit_base: i32,
    pub hit_text: String,
    /// The number needed to wound before the weapon's S (4); the target rolls it.
    pub wound_base: i32,
    pub wound_text: String,
    /// The reference table, in the file's order.
    pub modifiers: Vec<HitModifier>,
    /// Per aim action (−2).
    pub aim: i32,
    /// The target took cover (+1).
    pub taking_cover: i32,
    /// Decent terrain cover (+1).
    pub decent_cover: i32,
    /// The target is on another height level (0: it only stops melee weapons).
    pub other_level: i32,
    pub convention: String,
    pub cover_doubt: String,
}

impl Rolls {
    /// A modifier of the reference table by id.
    #[must_use]
    pub fn modifier(&self, id: &str) -> Option<&HitModifier> {
        self.modifiers.iter().find(|m| m.id == id)
    }
}

/// The six things a character may do with an action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ActionKind {
    Run,
    Climb,
    TakeCover,
    Attack,
    Aim,
    Other,
}

impl ActionKind {
    /// Every action, in the book's order.
    pub const ALL: [ActionKind; 6] = [
        ActionKind::Run,
        ActionKind::Climb,
        ActionKind::TakeCover,
        ActionKind::Attack,
        ActionKind::Aim,
        ActionKind::Other,
    ];

    /// The id used in files and events.
    #[must_use]
    pub fn id(self) -> &'static str {
        match self {
            ActionKind::Run => "run",
            ActionKind::Climb => "climb",
            ActionKind::TakeCover => "take-cover",
            ActionKind::Attack => "attack",
            ActionKind::Aim => "aim",
            ActionKind::Other => "other",
        }
    }

    fn parse(id: &str) -> Option<ActionKind> {
        ActionKind::ALL.into_iter().find(|a| a.id() == id)
    }
}

/// The book's four groups of actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ActionClass {
    Movement,
    Defence,
    Attack,
    Other,
}

impl ActionClass {
    fn parse(id: &str) -> Option<ActionClass> {
        match id {
            "movement" => Some(ActionClass::Movement),
            "defence" => Some(ActionClass::Defence),
            "attack" => Some(ActionClass::Attack),
            "other" => Some(ActionClass::Other),
            _ => None,
        }
    }
}

/// One action of the turn, with its reminder.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Action {
    pub kind: ActionKind,
    pub name: String,
    pub class: ActionClass,
    /// How far it moves, for a run (10 cm).
    pub distance_cm: Option<f64>,
    pub text: String,
}

/// How a respawn point is chosen with a d6 for one number of points.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RespawnLayout {
    /// How many respawn points the table has (3 or 6).
    pub count: u8,
    /// `faces[p]` are the die faces that pick point `p + 1`.
    pub faces: Vec<Vec<u8>>,
}

impl RespawnLayout {
    /// The point (numbered from 1) a d6 face picks; every face picks one (checked on load).
    #[must_use]
    pub fn point_for(&self, face: u8) -> u8 {
        let index = self.faces.iter().position(|faces| faces.contains(&face)).unwrap_or(0);
        u8::try_from(index + 1).unwrap_or(1)
    }
}

/// Frags for a death.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct FragValues {
    /// Killing another player's character (+1).
    pub kill: i32,
    /// Killing yourself (−3).
    pub suicide: i32,
    /// Killing a character of your own team in a two-player game (−1).
    pub team_mate: i32,
}

/// Set-up, deployment, respawn and scoring numbers.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameRules {
    /// Fewest players (2).
    pub players_min: u32,
    /// The book's ideal number of players or more (4).
    pub players_ideal: u32,
    /// With this many players (2), each may lead a team.
    pub team_players: u32,
    /// A team's size (2–3).
    pub team_min: u32,
    pub team_max: u32,
    /// Lives per character (1 in the basic game, which is all Posse plays).
    pub lives: u32,
    /// Dice rolled for initiative (3).
    pub initiative_dice: u32,
    pub respawn_layouts: Vec<RespawnLayout>,
    /// With at most this many characters (6), a deployment point is not used twice.
    pub unique_deployment_max: u32,
    /// The neutral round with more characters: actions each (2) and the one class allowed.
    pub neutral_actions: u32,
    pub neutral_class: ActionClass,
    /// The respawn points the neutral round is played with (6).
    pub neutral_respawn_points: u8,
    /// Actions spent on respawn to keep the weapon (2).
    pub keep_weapon_actions: u32,
    /// How close to a rearm point a character stops to swap (2.5 cm).
    pub rearm_cm: f64,
    pub frags: FragValues,
    /// Frags to win unless the players agree otherwise (20).
    pub target: u32,
}

impl GameRules {
    /// The layout for `count` respawn points, if the book has one.
    #[must_use]
    pub fn layout(&self, count: u8) -> Option<&RespawnLayout> {
        self.respawn_layouts.iter().find(|l| l.count == count)
    }

    /// The lowest and highest total of the initiative dice (3 and 18).
    #[must_use]
    pub fn initiative_range(&self) -> (u32, u32) {
        (self.initiative_dice, self.initiative_dice * 6)
    }
}

/// Everything Posse knows of Fragmaster Origins.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Rules {
    pub weapons: Vec<Weapon>,
    /// What every character starts with and respawns with.
    pub starting_weapon: WeaponId,
    pub rolls: Rolls,
    /// Actions per turn (3).
    pub actions_per_turn: u32,
    pub actions: Vec<Action>,
    pub game: GameRules,
}

impl Rules {
    /// A weapon by id.
    #[must_use]
    pub fn weapon(&self, id: &str) -> Option<&Weapon> {
        self.weapons.iter().find(|w| w.id.as_str() == id)
    }

    /// An action's reminder; every kind is present (checked on load).
    #[must_use]
    pub fn action(&self, kind: ActionKind) -> Option<&Action> {
        self.actions.iter().find(|a| a.kind == kind)
    }

    /// The weapon ids joined for a message: "assault-rifle, sniper-rifle, … or katana".
    #[must_use]
    pub fn weapon_ids(&self) -> String {
        let ids: Vec<&str> = self.weapons.iter().map(|w| w.id.as_str()).collect();
        match ids.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
            _ => ids.join(""),
        }
    }

    /// Reads and checks the four files.
    ///
    /// # Errors
    /// Every problem found, each with its file and JSON path.
    pub fn from_sources(sources: &Sources<'_>) -> Result<Rules, DataErrors> {
        let mut problems = Vec::new();
        let weapons = parse::<RawWeaponsFile>("weapons.json", sources.weapons, &mut problems);
        let rolls = parse::<RawRollsFile>("rolls.json", sources.rolls, &mut problems);
        let actions = parse::<RawActionsFile>("actions.json", sources.actions, &mut problems);
        let game = parse::<RawGameFile>("game.json", sources.game, &mut problems);
        let weapons = weapons.and_then(|raw| raw.check(&mut Reader::new("weapons.json", &mut problems)));
        let rolls = rolls.and_then(|raw| raw.check(&mut Reader::new("rolls.json", &mut problems)));
        let actions = actions.and_then(|raw| raw.check(&mut Reader::new("actions.json", &mut problems)));
        let game = game.and_then(|raw| raw.check(&mut Reader::new("game.json", &mut problems)));
        match (weapons, rolls, actions, game) {
            (
                Some((weapons, starting_weapon)),
                Some(rolls),
                Some((actions_per_turn, actions)),
                Some(game),
            ) if problems.is_empty() => {
                Ok(Rules { weapons, starting_weapon, rolls, actions_per_turn, actions, game })
            }
            _ => Err(DataErrors(problems)),
        }
    }
}

/// The text of each data file.
#[derive(Clone, Copy, Debug)]
pub struct Sources<'a> {
    pub weapons: &'a str,
    pub rolls: &'a str,
    pub actions: &'a str,
    pub game: &'a str,
}

/// One thing wrong in a data file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub file: &'static str,
    /// The JSON path, like `weapons[2].range_cm` (empty for the whole file).
    pub path: String,
    pub message: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.path.is_empty() {
            write!(f, "data/fragmaster/{}: {}", self.file, self.message)
        } else {
            write!(f, "data/fragmaster/{} at {}: {}", self.file, self.path, self.message)
        }
    }
}

/// Every problem found while loading the data.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct DataErrors(pub Vec<Problem>);

impl fmt::Display for DataErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let lines: Vec<String> = self.0.iter().map(Problem::to_string).collect();
        f.write_str(&lines.join("; "))
    }
}

/// A value as read from a file: missing, of the wrong shape (kept to be reported), or read.
#[derive(Clone, Debug, Default)]
enum Field<T> {
    #[default]
    Missing,
    Wrong(Value),
    Read(T),
}

impl<'de, T: DeserializeOwned> Deserialize<'de> for Field<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let value = Value::deserialize(d)?;
        Ok(match serde_json::from_value::<T>(value.clone()) {
            Ok(read) => Field::Read(read),
            Err(_) => Field::Wrong(value),
        })
    }
}

/// Keys a raw struct does not know, reported as problems.
type Extra = BTreeMap<String, Value>;

fn parse<T: DeserializeOwned>(file: &'static str, text: &str, problems: &mut Vec<Problem>) -> Option<T> {
    match serde_json::from_str::<T>(text) {
        Ok(raw) => Some(raw),
        Err(e) => {
            problems.push(Problem { file, path: String::new(), message: e.to_string() });
            None
        }
    }
}

fn at(parent: &str, key: &str) -> String {
    if parent.is_empty() { key.to_owned() } else { format!("{parent}.{key}") }
}

fn index(parent: &str, i: usize) -> String {
    format!("{parent}[{i}]")
}

/// A value that could not be read; its problem is already in the list.
#[derive(Clone, Copy, Debug)]
struct Reported;

/// Walks raw values with their paths, collecting problems.
struct Reader<'p> {
    file: &'static str,
    problems: &'p mut Vec<Problem>,
}

impl<'p> Reader<'p> {
    fn new(file: &'static str, problems: &'p mut Vec<Problem>) -> Reader<'p> {
        Reader { file, problems }
    }

    fn problem(&mut self, path: &str, message: impl Into<String>) {
        self.problems.push(Problem { file: self.file, path: path.to_owned(), message: message.into() });
    }

    /// The value of `field`, or a problem saying what was expected.
    fn get<T: Clone>(&mut self, field: &Field<T>, path: &str, what: &str) -> Option<T> {
        match field {
            Field::Read(value) => Some(value.clone()),
            Field::Missing => {
                self.problem(path, format!("missing: expected {what}"));
                None
            }
            Field::Wrong(value) => {
                self.problem(path, format!("expected {what}, found {value}"));
                None
            }
        }
    }

    /// A whole number in `range`.
    fn int(&mut self, field: &Field<i64>, path: &str, range: std::ops::RangeInclusive<i64>) -> Option<i32> {
        let what = format!("a whole number from {} to {}", range.start(), range.end());
        let value = self.get(field, path, &what)?;
        if range.contains(&value) {
            i32::try_from(value).ok()
        } else {
            self.problem(path, format!("expected {what}, found {value}"));
            None
        }
    }

    /// A count in `range`.
    fn count(&mut self, field: &Field<i64>, path: &str, range: std::ops::RangeInclusive<i64>) -> Option<u32> {
        self.int(field, path, range).and_then(|v| u32::try_from(v).ok())
    }

    /// A distance in cm, more than 0.
    fn cm(&mut self, field: &Field<f64>, path: &str) -> Option<f64> {
        let value = self.get(field, path, "a distance in cm")?;
        if value.is_finite() && value > 0.0 {
            Some(value)
        } else {
            self.problem(path, format!("expected a distance in cm above 0, found {value}"));
            None
        }
    }

    /// A distance in cm or null; `Err` when the problem is reported.
    fn optional_cm(&mut self, field: &Field<Option<f64>>, path: &str) -> Result<Option<f64>, Reported> {
        match self.get(field, path, "a distance in cm or null").ok_or(Reported)? {
            None => Ok(None),
            Some(value) if value.is_finite() && value > 0.0 => Ok(Some(value)),
            Some(value) => {
                self.problem(path, format!("expected a distance in cm above 0 or null, found {value}"));
                Err(Reported)
            }
        }
    }

    /// Text that is not blank.
    fn text(&mut self, field: &Field<String>, path: &str) -> Option<String> {
        let value = self.get(field, path, "a text")?;
        if value.trim().is_empty() {
            self.problem(path, "expected a text, found an empty one");
            None
        } else {
            Some(value)
        }
    }

    fn flag(&mut self, field: &Field<bool>, path: &str) -> Option<bool> {
        self.get(field, path, "true or false")
    }

    fn extra(&mut self, extra: &Extra, path: &str) {
        for key in extra.keys() {
            self.problem(&at(path, key), format!("unknown key '{key}'"));
        }
    }

    /// The elements of a list, each with its path.
    fn list<T: Clone>(&mut self, field: &Field<Vec<Field<T>>>, path: &str, what: &str) -> Vec<(String, T)> {
        let Some(items) = self.get(field, path, &format!("a list of {what}")) else { return Vec::new() };
        let mut out = Vec::new();
        for (i, item) in items.iter().enumerate() {
            let item_path = index(path, i);
            if let Some(value) = self.get(item, &item_path, what) {
                out.push((item_path, value));
            }
        }
        out
    }
}

/// Collects `Some` results; `None` if any was missing (its problem is already reported).
fn all<T>(items: Vec<Option<T>>) -> Option<Vec<T>> {
    items.into_iter().collect()
}

#[derive(Clone, Debug, Deserialize)]
struct RawWeaponsFile {
    #[serde(default)]
    starting_weapon: Field<String>,
    #[serde(default)]
    weapons: Field<Vec<Field<RawWeapon>>>,
    #[serde(flatten)]
    extra: Extra,
}

#[derive(Clone, Debug, Deserialize)]
struct RawWeapon {
    #[serde(default)]
    id: Field<String>,
    #[serde(default)]
    name: Field<String>,
    #[serde(default)]
    name_cs: Field<String>,
    #[serde(default)]
    log: Field<String>,
    #[serde(default)]
    range_cm: Field<f64>,
    #[serde(default)]
    strength: Field<i64>,
    #[serde(default)]
    to_hit: Field<i64>,
    #[serde(default)]
    shots: Field<i64>,
    #[serde(default)]
    blast_cm: Field<Option<f64>>,
    #[serde(default)]
    melee: Field<bool>,
    #[serde(default)]
    ignores_cover: Field<bool>,
    #[serde(default)]
    round_corners: Field<bool>,
    #[serde(default)]
    second_weapon: Field<bool>,
    #[serde(default)]
    note: Field<String>,
    #[serde(flatten)]
    extra: Extra,
}

impl RawWeapon {
    fn check(&self, r: &mut Reader<'_>, path: &str) -> Option<Weapon> {
        r.extra(&self.extra, path);
        let id = r.text(&self.id, &at(path, "id"));
        let id = id.filter(|id| {
            let ok = id.chars().all(|c| c.is_ascii_lowercase() || c == '-');
            if !ok {
                r.problem(&at(path, "id"), format!("'{id}' is not an id: use lower-case letters and dashes"));
            }
            ok
        });
        let name = r.text(&self.name, &at(path, "name"));
        let name_cs = r.text(&self.name_cs, &at(path, "name_cs"));
        let log = r.text(&self.log, &at(path, "log")).filter(|log| {
            let ok = log.contains("{attacker}") && log.contains("{target}");
            if !ok {
                r.problem(&at(path, "log"), "the log line needs both {attacker} and {target}");
            }
            ok
        });
        let range_cm = r.cm(&self.range_cm, &at(path, "range_cm"));
        let strength = r.int(&self.strength, &at(path, "strength"), -6..=6);
        let to_hit = r.int(&self.to_hit, &at(path, "to_hit"), -6..=6);
        // Six shots keep the exact kill chance within 36^6 outcomes.
        let shots = r.count(&self.shots, &at(path, "shots"), 1..=6);
        let blast_cm = r.optional_cm(&self.blast_cm, &at(path, "blast_cm"));
        let melee = r.flag(&self.melee, &at(path, "melee"));
        let ignores_cover = r.flag(&self.ignores_cover, &at(path, "ignores_cover"));
        let round_corners = r.flag(&self.round_corners, &at(path, "round_corners"));
        let second_weapon = r.flag(&self.second_weapon, &at(path, "second_weapon"));
        let note = r.text(&self.note, &at(path, "note"));
        Some(Weapon {
            id: WeaponId(id?),
            name: name?,
            name_cs: name_cs?,
            log: log?,
            range_cm: range_cm?,
            strength: strength?,
            to_hit: to_hit?,
            shots: shots?,
            blast_cm: blast_cm.ok()?,
            melee: melee?,
            ignores_cover: ignores_cover?,
            round_corners: round_corners?,
            second_weapon: second_weapon?,
            note: note?,
        })
    }
}

impl RawWeaponsFile {
    fn check(&self, r: &mut Reader<'_>) -> Option<(Vec<Weapon>, WeaponId)> {
        r.extra(&self.extra, "");
        let items = r.list(&self.weapons, "weapons", "a weapon");
        let weapons: Vec<Option<Weapon>> = items.iter().map(|(path, raw)| raw.check(r, path)).collect();
        let starting = r.text(&self.starting_weapon, "starting_weapon");
        let weapons = all(weapons)?;
        if weapons.is_empty() {
            r.problem("weapons", "expected at least one weapon");
        }
        for (i, weapon) in weapons.iter().enumerate() {
            if weapons[..i].iter().any(|w| w.id == weapon.id) {
                r.problem(&at(&index("weapons", i), "id"), format!("the id '{}' is used twice", weapon.id));
            }
        }
        let starting = starting?;
        match weapons.iter().find(|w| w.id.as_str() == starting) {
            None => r.problem("starting_weapon", format!("unknown weapon '{starting}'")),
            Some(w) if w.second_weapon => {
                r.problem("starting_weapon", format!("'{starting}' is a second weapon, not one to hold"));
            }
            Some(_) => {}
        }
        Some((weapons, WeaponId(starting)))
    }
}

#[derive(Clone, Debug, Deserialize)]
struct RawRoll {
    #[serde(default)]
    base: Field<i64>,
    #[serde(default)]
    text: Field<String>,
    #[serde(flatten)]
    extra: Extra,
}

#[derive(Clone, Debug, Deserialize)]
struct RawModifier {
    #[serde(default)]
    id: Field<String>,
    #[serde(default)]
    name: Field<String>,
    #[serde(default)]
    to_hit: Field<Option<i64>>,
    #[serde(default)]
    text: Field<String>,
    #[serde(flatten)]
    extra: Extra,
}

#[derive(Clone, Debug, Deserialize)]
struct RawRollsFile {
    #[serde(default)]
    to_hit: Field<RawRoll>,
    #[serde(default)]
    to_wound: Field<RawRoll>,
    #[serde(default)]
    modifiers: Field<Vec<Field<RawModifier>>>,
    #[serde(default)]
    convention: Field<String>,
    #[serde(default)]
    cover_doubt: Field<String>,
    #[serde(flatten)]
    extra: Extra,
}

impl RawRoll {
    fn check(&self, r: &mut Reader<'_>, path: &str) -> Option<(i32, String)> {
        r.extra(&self.extra, path);
        let base = r.int(&self.base, &at(path, "base"), 1..=6);
        let text = r.text(&self.text, &at(path, "text"));
        Some((base?, text?))
    }
}

/// The modifiers the attack computation needs, with whether each changes the roll (a whole
/// number) or forbids the attack (null).
const REQUIRED_MODIFIERS: [(&str, bool); 5] = [
    ("aim", true),
    ("taking-cover", true),
    ("decent-cover", true),
    ("full-cover", false),
    ("other-level", true),
];

impl RawRollsFile {
    fn check(&self, r: &mut Reader<'_>) -> Option<Rolls> {
        r.extra(&self.extra, "");
        let hit = r.get(&self.to_hit, "to_hit", "the to-hit roll").and_then(|raw| raw.check(r, "to_hit"));
        let wound =
            r.get(&self.to_wound, "to_wound", "the to-wound roll").and_then(|raw| raw.check(r, "to_wound"));
        let items = r.list(&self.modifiers, "modifiers", "a modifier");
        let mut modifiers = Vec::new();
        for (path, raw) in &items {
            r.extra(&raw.extra, path);
            let id = r.text(&raw.id, &at(path, "id"));
            let name = r.text(&raw.name, &at(path, "name"));
            let to_hit = r.get(&raw.to_hit, &at(path, "to_hit"), "a whole number or null");
            let text = r.text(&raw.text, &at(path, "text"));
            let to_hit = match to_hit {
                Some(Some(v)) if !(-6..=6).contains(&v) => {
                    r.problem(
                        &at(path, "to_hit"),
                        format!("expected a whole number from -6 to 6, found {v}"),
                    );
                    None
                }
                Some(v) => Some(v.and_then(|v| i32::try_from(v).ok())),
                None => None,
            };
            if let (Some(id), Some(name), Some(to_hit), Some(text)) = (id, name, to_hit, text) {
                modifiers.push((path.clone(), HitModifier { id, name, to_hit, text }));
            }
        }
        let mut values = BTreeMap::new();
        for (id, changes_roll) in REQUIRED_MODIFIERS {
            let found: Vec<&(String, HitModifier)> = modifiers.iter().filter(|(_, m)| m.id == id).collect();
            match found.as_slice() {
                [] => r.problem("modifiers", format!("the modifier '{id}' is missing")),
                [(path, m)] => match (m.to_hit, changes_roll) {
                    (Some(v), true) => {
                        values.insert(id, v);
                    }
                    (None, false) => {}
                    (_, true) => r.problem(&at(path, "to_hit"), format!("'{id}' needs a whole number")),
                    (_, false) => {
                        r.problem(&at(path, "to_hit"), format!("'{id}' forbids the attack: use null"));
                    }
                },
                [_, (path, _), ..] => {
                    r.problem(&at(path, "id"), format!("the modifier '{id}' is listed twice"));
                }
            }
        }
        let convention = r.text(&self.convention, "convention");
        let cover_doubt = r.text(&self.cover_doubt, "cover_doubt");
        let (hit_base, hit_text) = hit?;
        let (wound_base, wound_text) = wound?;
        Some(Rolls {
            hit_base,
            hit_text,
            wound_base,
            wound_text,
            modifiers: modifiers.into_iter().map(|(_, m)| m).collect(),
            aim: *values.get("aim")?,
            taking_cover: *values.get("taking-cover")?,
            decent_cover: *values.get("decent-cover")?,
            other_level: *values.get("other-level")?,
            convention: convention?,
            cover_doubt: cover_doubt?,
        })
    }
}

#[derive(Clone, Debug, Deserialize)]
struct RawAction {
    #[serde(default)]
    id: Field<String>,
    #[serde(default)]
    name: Field<String>,
    #[serde(default)]
    kind: Field<String>,
    #[serde(default)]
    distance_cm: Field<Option<f64>>,
    #[serde(default)]
    text: Field<String>,
    #[serde(flatten)]
    extra: Extra,
}

#[derive(Clone, Debug, Deserialize)]
struct RawActionsFile {
    #[serde(default)]
    per_turn: Field<i64>,
    #[serde(default)]
    actions: Field<Vec<Field<RawAction>>>,
    #[serde(flatten)]
    extra: Extra,
}

impl RawActionsFile {
    fn check(&self, r: &mut Reader<'_>) -> Option<(u32, Vec<Action>)> {
        r.extra(&self.extra, "");
        let per_turn = r.count(&self.per_turn, "per_turn", 1..=9);
        let items = r.list(&self.actions, "actions", "an action");
        let mut actions = Vec::new();
        for (path, raw) in &items {
            r.extra(&raw.extra, path);
            let kind = r.text(&raw.id, &at(path, "id")).and_then(|id| {
                let kind = ActionKind::parse(&id);
                if kind.is_none() {
                    r.problem(&at(path, "id"), format!("'{id}' is not one of the book's six actions"));
                }
                kind
            });
            let name = r.text(&raw.name, &at(path, "name"));
            let class = r.text(&raw.kind, &at(path, "kind")).and_then(|id| {
                let class = ActionClass::parse(&id);
                if class.is_none() {
                    r.problem(&at(path, "kind"), format!("'{id}' is not movement, defence, attack or other"));
                }
                class
            });
            let distance_cm = r.optional_cm(&raw.distance_cm, &at(path, "distance_cm"));
            let text = r.text(&raw.text, &at(path, "text"));
            if let (Some(kind), Some(name), Some(class), Ok(distance_cm), Some(text)) =
                (kind, name, class, distance_cm, text)
            {
                if actions.iter().any(|a: &Action| a.kind == kind) {
                    r.problem(&at(path, "id"), format!("the action '{}' is listed twice", kind.id()));
                }
                actions.push(Action { kind, name, class, distance_cm, text });
            }
        }
        if self.actions_readable() {
            for kind in ActionKind::ALL {
                if !actions.iter().any(|a| a.kind == kind) && !self.mentions(kind) {
                    r.problem("actions", format!("the action '{}' is missing", kind.id()));
                }
            }
        }
        Some((per_turn?, actions))
    }

    fn actions_readable(&self) -> bool {
        matches!(self.actions, Field::Read(_))
    }

    /// Whether some entry names `kind` (then its own problems are already reported).
    fn mentions(&self, kind: ActionKind) -> bool {
        let Field::Read(items) = &self.actions else { return false };
        items.iter().any(
            |item| matches!(item, Field::Read(raw) if matches!(&raw.id, Field::Read(id) if id == kind.id())),
        )
    }
}

#[derive(Clone, Debug, Deserialize)]
struct RawPlayers {
    #[serde(default)]
    min: Field<i64>,
    #[serde(default)]
    ideal: Field<i64>,
    #[serde(flatten)]
    extra: Extra,
}

#[derive(Clone, Debug, Deserialize)]
struct RawTeams {
    #[serde(default)]
    players: Field<i64>,
    #[serde(default)]
    min: Field<i64>,
    #[serde(default)]
    max: Field<i64>,
    #[serde(flatten)]
    extra: Extra,
}

#[derive(Clone, Debug, Deserialize)]
struct RawLayout {
    #[serde(default)]
    count: Field<i64>,
    #[serde(default)]
    faces: Field<Vec<Vec<i64>>>,
    #[serde(flatten)]
    extra: Extra,
}

#[derive(Clone, Debug, Deserialize)]
struct RawCharacter {
    #[serde(default)]
    lives: Field<i64>,
    #[serde(default)]
    weapons: Field<i64>,
    #[serde(flatten)]
    extra: Extra,
}

#[derive(Clone, Debug, Deserialize)]
struct RawNeutral {
    #[serde(default)]
    actions: Field<i64>,
    #[serde(default)]
    kind: Field<String>,
    #[serde(default)]
    respawn_points: Field<i64>,
    #[serde(flatten)]
    extra: Extra,
}

#[derive(Clone, Debug, Deserialize)]
struct RawFrags {
    #[serde(default)]
    kill: Field<i64>,
    #[serde(default)]
    suicide: Field<i64>,
    #[serde(default)]
    team_mate: Field<i64>,
    #[serde(flatten)]
    extra: Extra,
}

#[derive(Clone, Debug, Deserialize)]
struct RawInitiative {
    #[serde(default)]
    dice: Field<i64>,
    #[serde(flatten)]
    extra: Extra,
}

#[derive(Clone, Debug, Deserialize)]
struct RawRespawn {
    #[serde(default)]
    keep_weapon_actions: Field<i64>,
    #[serde(flatten)]
    extra: Extra,
}

#[derive(Clone, Debug, Deserialize)]
struct RawRearm {
    #[serde(default)]
    distance_cm: Field<f64>,
    #[serde(flatten)]
    extra: Extra,
}

#[derive(Clone, Debug, Deserialize)]
struct RawGameFile {
    #[serde(default)]
    players: Field<RawPlayers>,
    #[serde(default)]
    teams: Field<RawTeams>,
    #[serde(default)]
    character: Field<RawCharacter>,
    #[serde(default)]
    initiative: Field<RawInitiative>,
    #[serde(default)]
    respawn_points: Field<Vec<Field<RawLayout>>>,
    #[serde(default)]
    unique_deployment_max_characters: Field<i64>,
    #[serde(default)]
    neutral_round: Field<RawNeutral>,
    #[serde(default)]
    respawn: Field<RawRespawn>,
    #[serde(default)]
    rearm: Field<RawRearm>,
    #[serde(default)]
    frags: Field<RawFrags>,
    #[serde(default)]
    target: Field<i64>,
    #[serde(flatten)]
    extra: Extra,
}

impl RawLayout {
    fn check(&self, r: &mut Reader<'_>, path: &str) -> Option<RespawnLayout> {
        r.extra(&self.extra, path);
        let count = r.count(&self.count, &at(path, "count"), 1..=6);
        let faces = r.get(&self.faces, &at(path, "faces"), "a list of die faces per point")?;
        let count = count?;
        let faces_path = at(path, "faces");
        if faces.len() != count as usize {
            r.problem(&faces_path, format!("expected faces for {count} points, found {}", faces.len()));
            return None;
        }
        for face in 1..=6 {
            let uses = faces.iter().flatten().filter(|&&f| f == face).count();
            if uses != 1 {
                r.problem(&faces_path, format!("the face {face} must pick exactly one point, not {uses}"));
            }
        }
        if let Some(bad) = faces.iter().flatten().find(|f| !(1..=6).contains(*f)) {
            r.problem(&faces_path, format!("a d6 has no face {bad}"));
        }
        let faces: Vec<Vec<u8>> =
            faces.iter().map(|fs| fs.iter().filter_map(|&f| u8::try_from(f).ok()).collect()).collect();
        Some(RespawnLayout { count: u8::try_from(count).ok()?, faces })
    }
}

impl RawGameFile {
    #[expect(clippy::too_many_lines, reason = "one block per section of game.json, read in file order")]
    fn check(&self, r: &mut Reader<'_>) -> Option<GameRules> {
        r.extra(&self.extra, "");
        let players = r.get(&self.players, "players", "the number of players");
        let (players_min, players_ideal) = match &players {
            Some(raw) => {
                r.extra(&raw.extra, "players");
                (r.count(&raw.min, "players.min", 2..=99), r.count(&raw.ideal, "players.ideal", 2..=99))
            }
            None => (None, None),
        };
        let teams = r.get(&self.teams, "teams", "the team sizes");
        let (team_players, team_min, team_max) = match &teams {
            Some(raw) => {
                r.extra(&raw.extra, "teams");
                let min = r.count(&raw.min, "teams.min", 1..=9);
                let max = r.count(&raw.max, "teams.max", 1..=9);
                if let (Some(min), Some(max)) = (min, max)
                    && min > max
                {
                    r.problem("teams", format!("the smallest team ({min}) is above the largest ({max})"));
                }
                (r.count(&raw.players, "teams.players", 2..=99), min, max)
            }
            None => (None, None, None),
        };
        let character = r.get(&self.character, "character", "the character's lives and weapons");
        let lives = character.as_ref().and_then(|raw| {
            r.extra(&raw.extra, "character");
            // One weapon plus a second weapon is what the game log models.
            r.count(&raw.weapons, "character.weapons", 1..=1);
            // The basic game: one life. Posse's results ("killed") assume it.
            r.count(&raw.lives, "character.lives", 1..=1)
        });
        let initiative_dice = r.get(&self.initiative, "initiative", "the initiative dice").and_then(|raw| {
            r.extra(&raw.extra, "initiative");
            r.count(&raw.dice, "initiative.dice", 1..=10)
        });
        let items = r.list(&self.respawn_points, "respawn_points", "a respawn layout");
        let layouts: Vec<Option<RespawnLayout>> =
            items.iter().map(|(path, raw)| raw.check(r, path)).collect();
        let layouts = all(layouts);
        if let Some(layouts) = &layouts {
            for (i, layout) in layouts.iter().enumerate() {
                if layouts[..i].iter().any(|l| l.count == layout.count) {
                    r.problem(
                        &index("respawn_points", i),
                        format!("{} points are described twice", layout.count),
                    );
                }
            }
        }
        let unique_deployment_max =
            r.count(&self.unique_deployment_max_characters, "unique_deployment_max_characters", 1..=99);
        let neutral = r.get(&self.neutral_round, "neutral_round", "the neutral round");
        let (neutral_actions, neutral_class, neutral_respawn_points) = match &neutral {
            Some(raw) => {
                r.extra(&raw.extra, "neutral_round");
                let actions = r.count(&raw.actions, "neutral_round.actions", 1..=9);
                let class = r.text(&raw.kind, "neutral_round.kind").and_then(|id| {
                    let class = ActionClass::parse(&id);
                    if class.is_none() {
                        r.problem(
                            "neutral_round.kind",
                            format!("'{id}' is not movement, defence, attack or other"),
                        );
                    }
                    class
                });
                let points = r.count(&raw.respawn_points, "neutral_round.respawn_points", 1..=6);
                if let (Some(points), Some(layouts)) = (points, &layouts)
                    && !layouts.iter().any(|l| u32::from(l.count) == points)
                {
                    r.problem(
                        "neutral_round.respawn_points",
                        format!("no respawn layout has {points} points"),
                    );
                }
                (actions, class, points.and_then(|p| u8::try_from(p).ok()))
            }
            None => (None, None, None),
        };
        let keep_weapon_actions = r.get(&self.respawn, "respawn", "the respawn rules").and_then(|raw| {
            r.extra(&raw.extra, "respawn");
            r.count(&raw.keep_weapon_actions, "respawn.keep_weapon_actions", 0..=9)
        });
        let rearm_cm = r.get(&self.rearm, "rearm", "the rearm rules").and_then(|raw| {
            r.extra(&raw.extra, "rearm");
            r.cm(&raw.distance_cm, "rearm.distance_cm")
        });
        let frags = r.get(&self.frags, "frags", "the frag values").and_then(|raw| {
            r.extra(&raw.extra, "frags");
            let kill = r.int(&raw.kill, "frags.kill", -99..=99);
            let suicide = r.int(&raw.suicide, "frags.suicide", -99..=99);
            let team_mate = r.int(&raw.team_mate, "frags.team_mate", -99..=99);
            Some(FragValues { kill: kill?, suicide: suicide?, team_mate: team_mate? })
        });
        let target = r.count(&self.target, "target", 1..=999);
        Some(GameRules {
            players_min: players_min?,
            players_ideal: players_ideal?,
            team_players: team_players?,
            team_min: team_min?,
            team_max: team_max?,
            lives: lives?,
            initiative_dice: initiative_dice?,
            respawn_layouts: layouts?,
            unique_deployment_max: unique_deployment_max?,
            neutral_actions: neutral_actions?,
            neutral_class: neutral_class?,
            neutral_respawn_points: neutral_respawn_points?,
            keep_weapon_actions: keep_weapon_actions?,
            rearm_cm: rearm_cm?,
            frags: frags?,
            target: target?,
        })
    }
}
