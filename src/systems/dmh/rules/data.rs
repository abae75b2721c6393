//! The Dead Man's Hand rules as data: the types that `data/*.json` parse into, and the
//! cross-checks that make sure the files agree with each other.
//!
//! Loading is "parse, then validate": serde turns each file into typed structs (a bad value
//! is reported with the file and its JSON path), then [`Rules::check`] collects *every*
//! broken reference between files (a profile naming an unknown weapon, a scene naming an
//! unknown deck kind) instead of stopping at the first.

use serde::{Deserialize, Serialize};
use std::fmt;

use crate::kernel::cards::{Colour, Suit};

/// Which side of the good guys / bad guys split a gang or a scene role is on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    Good,
    Bad,
}

impl Role {
    /// The other role.
    #[must_use]
    pub fn other(self) -> Role {
        match self {
            Role::Good => Role::Bad,
            Role::Bad => Role::Good,
        }
    }

    /// The id used in files and on the command line.
    #[must_use]
    pub fn id(self) -> &'static str {
        match self {
            Role::Good => "good",
            Role::Bad => "bad",
        }
    }

    /// The name players use at the table.
    #[must_use]
    pub fn title(self) -> &'static str {
        match self {
            Role::Good => "Good guys",
            Role::Bad => "Bad guys",
        }
    }
}

/// The four kinds of model every gang is built from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ModelClass {
    Boss,
    Gunhand,
    Dude,
    Amateur,
}

impl ModelClass {
    /// The class name as the rulebook uses it.
    #[must_use]
    pub fn title(self) -> &'static str {
        match self {
            ModelClass::Boss => "boss",
            ModelClass::Gunhand => "gunhand",
            ModelClass::Dude => "dude",
            ModelClass::Amateur => "amateur",
        }
    }
}

/// How many models of one profile a gang may field: `1`, `0-1`, `2+`, `0-4`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct CountRange {
    pub min: u32,
    /// `None` means "no upper limit" (`2+`).
    pub max: Option<u32>,
}

impl CountRange {
    /// Whether `n` models of this profile are allowed.
    #[must_use]
    pub fn allows(self, n: u32) -> bool {
        n >= self.min && self.max.is_none_or(|max| n <= max)
    }
}

impl TryFrom<String> for CountRange {
    type Error = String;

    fn try_from(text: String) -> Result<Self, Self::Error> {
        let bad = || format!("'{text}' is not a model count like 1, 0-1, 2+ or 0-4");
        let number = |s: &str| s.trim().parse::<u32>().map_err(|_| bad());
        if let Some(min) = text.strip_suffix('+') {
            return Ok(CountRange { min: number(min)?, max: None });
        }
        if let Some((min, max)) = text.split_once('-') {
            let (min, max) = (number(min)?, number(max)?);
            if min > max {
                return Err(bad());
            }
            return Ok(CountRange { min, max: Some(max) });
        }
        let exact = number(&text)?;
        Ok(CountRange { min: exact, max: Some(exact) })
    }
}

impl From<CountRange> for String {
    fn from(count: CountRange) -> String {
        count.to_string()
    }
}

impl fmt::Display for CountRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.max {
            None => write!(f, "{}+", self.min),
            Some(max) if max == self.min => write!(f, "{max}"),
            Some(max) => write!(f, "{}-{max}", self.min),
        }
    }
}

/// The cap in "up to 2 may have shotguns" or "up to half may have rifles".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum LimitMax {
    Count(u32),
    Share(Share),
}

/// A share of a profile's models, used for weapon caps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Share {
    /// Half the models of that profile, rounded down (reading A26b).
    Half,
}

impl LimitMax {
    /// The largest number of models of a profile with `n_models` that may carry the weapon.
    #[must_use]
    pub fn cap(self, n_models: u32) -> u32 {
        match self {
            LimitMax::Count(n) => n,
            LimitMax::Share(Share::Half) => n_models / 2,
        }
    }
}

/// A per-profile cap on one weapon.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WeaponLimit {
    pub weapon: String,
    pub max: LimitMax,
}

/// One line of a gang roster.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Profile {
    pub id: String,
    pub name: String,
    pub plural: String,
    pub class: ModelClass,
    pub count: CountRange,
    /// Every weapon a model of this profile may carry.
    pub weapons: Vec<String>,
    /// The roster's weapons column, for display.
    pub weapons_text: String,
    pub limits: Vec<WeaponLimit>,
    /// How many of one weapon a model may carry; absent means one (the Killer's two pistols).
    #[serde(default)]
    pub copies: std::collections::BTreeMap<String, u32>,
    pub hits: u32,
    pub nerve: u32,
    pub shoot: i32,
    pub hth: i32,
    pub rep: u32,
}

impl Profile {
    /// How many copies of `weapon` one model may carry.
    #[must_use]
    pub fn max_copies(&self, weapon: &str) -> u32 {
        self.copies.get(weapon).copied().unwrap_or(1)
    }

    /// What a new model of this profile carries, as the roster gives it: its first weapon,
    /// as many of it as the profile carries (the Killer's "Two Pistols": two pistols).
    #[must_use]
    pub fn starting_weapons(&self) -> Vec<String> {
        self.weapons.first().map_or_else(Vec::new, |weapon| {
            let copies = usize::try_from(self.max_copies(weapon)).unwrap_or(1);
            vec![weapon.clone(); copies]
        })
    }
}

/// How often a gang ability may be used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Frequency {
    Always,
    OncePerTurn,
    OncePerGame,
}

impl Frequency {
    /// A short label for the roster and the app.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Frequency::Always => "always",
            Frequency::OncePerTurn => "once per turn",
            Frequency::OncePerGame => "once per game",
        }
    }
}

/// What an ability needs before it works (reading A29).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AbilityNeeds {
    /// The gang's boss is in the scene's cast (even if out of action).
    BossInCast,
    /// The boss is on the table and not out of action.
    BossOnTable,
}

/// A gang's special ability.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Ability {
    pub id: AbilityId,
    pub name: String,
    pub frequency: Frequency,
    pub needs: AbilityNeeds,
    pub when: String,
    pub effect: String,
    #[serde(default)]
    pub readings: Vec<String>,
    #[serde(default)]
    pub automation: Automation,
    /// The number a nerve test passes on under this ability, whatever its modifiers (Tough
    /// as Old Boots).
    #[serde(default)]
    pub passes_on: Option<u32>,
}

/// The gang abilities Posse knows, by their id in `data/gangs.json`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AbilityId {
    IAmTheLaw,
    AndJusticeForAll,
    AboveSnakes,
    Cheatin,
    SeeHowTheCatJumps,
    ToughAsOldBoots,
    LifeAintWorthSpit,
    AHogKillinTime,
    CrazyAsALoon,
}

impl AbilityId {
    /// The id as written in the data and the journal (`tough-as-old-boots`).
    #[must_use]
    pub fn id(self) -> &'static str {
        match self {
            AbilityId::IAmTheLaw => "i-am-the-law",
            AbilityId::AndJusticeForAll => "and-justice-for-all",
            AbilityId::AboveSnakes => "above-snakes",
            AbilityId::Cheatin => "cheatin",
            AbilityId::SeeHowTheCatJumps => "see-how-the-cat-jumps",
            AbilityId::ToughAsOldBoots => "tough-as-old-boots",
            AbilityId::LifeAintWorthSpit => "life-aint-worth-spit",
            AbilityId::AHogKillinTime => "a-hog-killin-time",
            AbilityId::CrazyAsALoon => "crazy-as-a-loon",
        }
    }
}

impl std::fmt::Display for AbilityId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.id())
    }
}

/// One of the gangs: its suit, role, roster and abilities.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Gang {
    pub id: String,
    pub name: String,
    pub suit: Suit,
    pub colour: Colour,
    pub role: Role,
    /// Place in the hierarchy of badness; higher is badder.
    pub badness: u32,
    /// Whether at least half the gang must carry a pistol as their only weapon.
    pub pistol_half: bool,
    /// The profile id of the gang's boss.
    pub boss: String,
    pub profiles: Vec<Profile>,
    /// Pairs of abilities that may not both be used in one turn.
    pub exclusive: Vec<[AbilityId; 2]>,
    pub abilities: Vec<Ability>,
}

impl Gang {
    /// The profile with this id.
    #[must_use]
    pub fn profile(&self, id: &str) -> Option<&Profile> {
        self.profiles.iter().find(|p| p.id == id)
    }

    /// The ability with this id.
    #[must_use]
    pub fn ability(&self, id: AbilityId) -> Option<&Ability> {
        self.abilities.iter().find(|a| a.id == id)
    }
}

/// A weapon's range band.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Band {
    PointBlank,
    Close,
    Long,
}

impl Band {
    /// The id used in JSON output.
    #[must_use]
    pub fn id(self) -> &'static str {
        match self {
            Band::PointBlank => "point_blank",
            Band::Close => "close",
            Band::Long => "long",
        }
    }

    /// The name players use.
    #[must_use]
    pub fn title(self) -> &'static str {
        match self {
            Band::PointBlank => "Point blank",
            Band::Close => "Close",
            Band::Long => "Long",
        }
    }
}

/// One range band of a weapon: up to `max_cm` (inclusive), with its to-hit modifier.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RangeBand {
    pub band: Band,
    /// `None` means no upper limit.
    pub max_cm: Option<f64>,
    pub modifier: i32,
}

/// A row of the weapons table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Weapon {
    pub id: String,
    pub name: String,
    /// Set for a firing mode of another weapon (both barrels of a shotgun).
    #[serde(default)]
    pub mode_of: Option<String>,
    pub max_shots: u32,
    /// Bands in increasing distance.
    pub bands: Vec<RangeBand>,
    pub max_aims: u32,
    pub quick_shot: bool,
    /// The weapon is out of ammo once it has fired this many shots in a turn.
    pub out_of_ammo_after_shots: Option<u32>,
    pub notes: String,
}

impl Weapon {
    /// The band a target at `distance_cm` falls in (reading A17: upper bounds inclusive),
    /// or `None` when it is out of range.
    #[must_use]
    pub fn band_at(&self, distance_cm: f64) -> Option<&RangeBand> {
        self.bands.iter().find(|b| b.max_cm.is_none_or(|max| distance_cm <= max))
    }

    /// The longest distance this weapon can shoot, if it has one.
    #[must_use]
    pub fn max_range_cm(&self) -> Option<f64> {
        self.bands.last().and_then(|b| b.max_cm)
    }
}

/// When a card may be played: the engine's hook points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Timing {
    EnemyDeclaresShot,
    EnemyDeclaresActions,
    InitiativeRevealed,
    EnemyMoved,
    OwnActivation,
    EnemyDucksBack,
    OwnModelTargeted,
    EnemyUfNerveResult,
    OwnDeclaresActions,
    BeforeEnemyActivations,
    EnemyAlreadyActivated,
    OwnModelShotAtInCover,
    OwnModelOutOfAction,
    OwnAction,
    AnyTime,
    OwnMultipleShots,
    BeforeAnyActivation,
}

/// How long a played card stays in play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Lasts {
    Instant,
    Activation,
    Turn,
    UntilNerveFail,
    UntilHit,
}

/// The text of one card: a common card (any suit), a gang card or a joker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CardText {
    /// `2`–`10`, `J`, `Q`, `K`, `A`; absent for jokers.
    #[serde(default)]
    pub rank: Option<String>,
    /// Gang cards only.
    #[serde(default)]
    pub suit: Option<Suit>,
    #[serde(default)]
    pub gang: Option<String>,
    /// Jokers only: `BJ` or `RJ`.
    #[serde(default)]
    pub id: Option<String>,
    #[serde(default)]
    pub colour: Option<Colour>,
    #[serde(default)]
    pub role: Option<Role>,
    pub name: String,
    pub timing: Timing,
    pub when: String,
    pub effect: String,
    /// The effect in a few words, for the quick reference.
    #[serde(default)]
    pub short: String,
    pub lasts: Lasts,
    #[serde(default)]
    pub readings: Vec<String>,
    #[serde(default)]
    pub automation: Automation,
}

/// Whether Posse applies a card's or an ability's effect, or only shows it as a reminder.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AutoLevel {
    Applied,
    #[default]
    Reminder,
}

/// What Posse does with a card or an ability, in words for the player.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Automation {
    pub level: AutoLevel,
    pub note: String,
}

/// All 27 distinct cards.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CardBook {
    pub common: Vec<CardText>,
    pub gang: Vec<CardText>,
    pub jokers: Vec<CardText>,
}

impl CardBook {
    /// Every card in a stable order: common 2–10, gang cards, jokers.
    pub fn all(&self) -> impl Iterator<Item = &CardText> {
        self.common.iter().chain(&self.gang).chain(&self.jokers)
    }
}

/// The deck a scene gives each side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DeckKind {
    Half,
    Full,
    Duel,
}

impl DeckKind {
    /// The id used in files and on the command line.
    #[must_use]
    pub fn id(self) -> &'static str {
        match self {
            DeckKind::Half => "half",
            DeckKind::Full => "full",
            DeckKind::Duel => "duel",
        }
    }
}

/// A class count a scene's cast demands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClassCount {
    pub class: ModelClass,
    pub count: u32,
}

/// A state of a model the players set at the table, shown beside its markers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Flag {
    /// Loses initiative ties and takes two actions (the scene or a card says so).
    Drunk,
    /// Acts after every model that is not surprised this turn.
    Surprised,
    Mounted,
    HighGround,
    /// In a building or behind cover.
    Cover,
    Hostage,
    Loot,
    /// Not on the table yet: it gets no initiative card.
    OffTable,
    /// A scene's wounded man: at most two move actions a turn.
    Wounded,
    /// Gets no initiative card this turn and acts as if it held an ace (the Stranger's and
    /// the waiting posse's first turn). Cleared when the next turn starts.
    Ace,
    /// Gets no initiative card this turn (with surprised: acts after everyone else). Cleared
    /// when the next turn starts.
    NoCard,
    /// The scene's key model: the stranger, the witness, the ambushed man.
    Key,
    /// Hidden on the table (We Will Be Waitin'): no card, no action and no target in the first
    /// turn; dealt a card and placed from turn 2.
    Hidden,
    /// Waiting off the table to be called (We Will Be Waitin'): no card, no action and no
    /// target until the call stands or the scene's last turn for it passes.
    Reinforcement,
    /// The side's duellist (There Will Be Blood): in the first turn only the duellists get a
    /// card, and each takes a single shoot action.
    Duellist,
}

impl Flag {
    pub const ALL: [Flag; 15] = [
        Flag::Drunk,
        Flag::Surprised,
        Flag::Mounted,
        Flag::HighGround,
        Flag::Cover,
        Flag::Hostage,
        Flag::Loot,
        Flag::OffTable,
        Flag::Wounded,
        Flag::Ace,
        Flag::NoCard,
        Flag::Key,
        Flag::Hidden,
        Flag::Reinforcement,
        Flag::Duellist,
    ];

    /// The flag in words.
    #[must_use]
    pub fn title(self) -> &'static str {
        match self {
            Flag::Drunk => "drunk",
            Flag::Surprised => "surprised",
            Flag::Mounted => "mounted",
            Flag::HighGround => "high ground",
            Flag::Cover => "in cover",
            Flag::Hostage => "hostage",
            Flag::Loot => "loot",
            Flag::OffTable => "off the table",
            Flag::Wounded => "wounded",
            Flag::Ace => "acts as an ace",
            Flag::NoCard => "no card this turn",
            Flag::Key => "key model",
            Flag::Hidden => "hidden",
            Flag::Reinforcement => "reinforcement",
            Flag::Duellist => "duellist",
        }
    }
}

/// Which models of a side a scene flags at the start.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FlagWho {
    All,
    Boss,
}

/// A flag a scene puts on models when it starts, and how long it lasts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StartFlag {
    pub flag: Flag,
    pub who: FlagWho,
    /// The flag comes off every model of the side once one of them is out of action.
    #[serde(default)]
    pub until_first_out: bool,
    /// With `until_first_out`: the flag comes off when the turn after that fall starts, not at
    /// once (This Town Ain't Big Enough's waiting boss).
    #[serde(default)]
    pub next_turn: bool,
}

/// Reinforcements a scene keeps off the table until a side calls them (We Will Be Waitin').
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reinforcements {
    /// The side that may call them.
    pub role: Role,
    /// The end of this turn places them anyway if they were not called (they act from the
    /// next turn).
    pub latest_turn: u32,
}

/// One side of a scene.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SceneSide {
    pub rep: Option<u32>,
    pub off_table_rep: u32,
    pub cast: String,
    pub required: Vec<ClassCount>,
    pub forbidden_classes: Vec<ModelClass>,
    pub models: Option<u32>,
    pub deck: DeckKind,
    pub hand: u32,
    pub reshuffle: bool,
    pub placement: Vec<String>,
    pub first_turn: Vec<String>,
    /// Flags Posse sets when the game starts (the rest the players set from the reminders).
    #[serde(default)]
    pub start_flags: Vec<StartFlag>,
    /// The side notes its key model in secret (the witness) until an enemy comes close.
    #[serde(default)]
    pub secret_key: bool,
    /// From this turn, while outnumbered, each model draws a second initiative card and keeps
    /// the higher (the Stranger).
    #[serde(default)]
    pub second_card_from_turn: Option<u32>,
}

impl SceneSide {
    /// Whether this side's cast names its models (models required or forbidden, or how many):
    /// then the cast takes the place of the gang's own model counts (rulebook line 271).
    #[must_use]
    pub fn stipulates_models(&self) -> bool {
        !self.required.is_empty() || !self.forbidden_classes.is_empty() || self.models.is_some()
    }
}

/// Both sides of a scene.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Sides {
    pub good: SceneSide,
    pub bad: SceneSide,
}

impl Sides {
    /// The side playing `role`.
    #[must_use]
    pub fn get(&self, role: Role) -> &SceneSide {
        match role {
            Role::Good => &self.good,
            Role::Bad => &self.bad,
        }
    }
}

/// How a scene lays out the table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SceneSet {
    pub same_as: Option<String>,
    pub centre: Option<String>,
    pub thoroughfare_cover_max: Option<u32>,
    pub steps: Vec<String>,
}

/// Whether and how Big Nerve tests happen in a scene.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BigNerveRule {
    Normal,
    None,
    IgnoreFirst,
}

/// Who wins when an end condition is met.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Winner {
    Good,
    Bad,
    Draw,
    /// The side that did not suffer the trigger.
    OtherSide,
}

/// The machine-readable part of an end condition.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TriggerKind {
    OutOfActionCount,
    WipedOut,
    BigNerveFailed,
    DeckOut,
    KeyModelOut,
    Objective,
    Rounds,
    Simultaneous,
}

/// Which side a trigger watches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TriggerSide {
    Good,
    Bad,
    Either,
}

/// What sets off an end condition.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Trigger {
    pub kind: TriggerKind,
    pub side: TriggerSide,
    pub count: Option<u32>,
}

/// One way a scene can end.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EndCondition {
    pub id: String,
    pub condition: String,
    pub winner: Winner,
    pub trigger: Trigger,
}

/// One of the twelve scenes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Scene {
    pub id: String,
    pub title: String,
    pub storyline: String,
    /// 1 opening, 2 second, 3 final.
    pub act: u32,
    pub story_so_far: String,
    pub carry_over: Vec<String>,
    pub sides: Sides,
    pub set: SceneSet,
    pub directions: Vec<String>,
    pub first_turn: Vec<String>,
    pub special_rules: Vec<String>,
    pub big_nerve: BigNerveRule,
    pub gang_abilities: bool,
    pub end: Vec<EndCondition>,
    pub readings: Vec<String>,
    /// In the first turn only each side's duellist gets a card and takes a single shoot action
    /// (There Will Be Blood).
    #[serde(default)]
    pub duellists: bool,
    /// Reinforcements called at the end of a turn by discarding a special card.
    #[serde(default)]
    pub reinforcements: Option<Reinforcements>,
}

/// A storyline of three scenes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Storyline {
    pub id: String,
    pub title: String,
    pub scenes: Vec<String>,
}

/// A standard table size.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TableSize {
    pub name: String,
    pub width_cm: u32,
    pub depth_cm: u32,
}

/// How many terrain pieces a set wants, per point of Rep.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TerrainGuide {
    pub min_per_rep: f64,
    pub max_per_rep: f64,
    pub substantial_share: f64,
    pub rep_basis: String,
    pub substantial_examples: Vec<String>,
}

/// How one kind of terrain counts towards the piece total.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CountingRule {
    pub what: String,
    pub counts_as: u32,
}

/// Road widths.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Roads {
    pub main_min_cm: u32,
    pub main_max_cm: u32,
    pub side_min_cm: u32,
    pub side_max_cm: u32,
}

/// "Arranging the Set": the terrain guidance.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SetGuide {
    pub tables: Vec<TableSize>,
    pub terrain: TerrainGuide,
    pub counting: Vec<CountingRule>,
    pub roads: Roads,
    pub buildings: Vec<String>,
    pub notes: Vec<String>,
}

/// An action a model can take.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ActionText {
    pub id: String,
    pub name: String,
    pub summary: String,
}

/// The numbers around actions and movement.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Actions {
    pub per_activation: u32,
    pub drunk_per_activation: u32,
    pub move_cm: u32,
    pub mounted_move_cm: u32,
    pub enemy_halt_cm: u32,
    pub mounted_charge_cm: u32,
    pub climb_cm: u32,
    pub gap_jump_cm: u32,
    pub list: Vec<ActionText>,
}

/// Which model a shooting modifier is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ModifierSide {
    Shooter,
    Target,
    Global,
}

/// A to-hit modifier with its label.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ModifierText {
    pub id: String,
    pub side: ModifierSide,
    pub label: String,
    pub value: i32,
}

/// A row of the shooting result table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ResultRow {
    pub result: String,
    pub label: String,
    #[serde(default)]
    pub min: Option<i32>,
    #[serde(default)]
    pub max: Option<i32>,
    pub text: String,
}

/// The shooting numbers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ShootingNumbers {
    pub die: u32,
    pub natural_out_of_ammo: u32,
    pub modifiers: Vec<ModifierText>,
    pub results: Vec<ResultRow>,
}

impl ShootingNumbers {
    /// The value of the modifier with this id (0 if the data has none).
    #[must_use]
    pub fn modifier(&self, id: &str) -> i32 {
        self.modifiers.iter().find(|m| m.id == id).map_or(0, |m| m.value)
    }

    /// The label of the modifier with this id.
    #[must_use]
    pub fn label<'a>(&'a self, id: &'a str) -> &'a str {
        self.modifiers.iter().find(|m| m.id == id).map_or(id, |m| m.label.as_str())
    }

    /// The lowest modified total that gives `result`.
    #[must_use]
    pub fn threshold(&self, result: &str) -> Option<i32> {
        self.results.iter().find(|r| r.result == result)?.min
    }
}

/// The nerve test numbers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct NerveNumbers {
    pub die: u32,
    pub natural_fail: u32,
    pub under_fire_each: i32,
    pub friend_near: i32,
    pub friend_near_cm: u32,
}

/// The Big Nerve test numbers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BigNerveNumbers {
    pub auto_fail_markers_per_model: u32,
}

/// The hand-to-hand numbers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HandToHandNumbers {
    pub die: u32,
    pub other_under_fire_each: i32,
    pub higher_ground: i32,
    pub charged: i32,
    pub higher_card: i32,
}

/// The Duel's blackjack numbers (The Duel, rulebook lines 464–471).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DuelNumbers {
    /// Rounds: one per row card.
    pub rounds: u32,
    /// The lowest total a player may stand on.
    pub stand_at: u32,
    /// The bonus of the player who did not bust when the other did.
    pub bust_bonus: i32,
    /// The extra bonus of a blackjack (21 with the first two cards).
    pub blackjack_bonus: i32,
}

/// The core numbers of the game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Core {
    pub actions: Actions,
    pub shooting: ShootingNumbers,
    pub nerve: NerveNumbers,
    pub big_nerve: BigNerveNumbers,
    pub hand_to_hand: HandToHandNumbers,
    pub duel: DuelNumbers,
    /// The end-of-turn routine, in order (the digest's §2.3 step 6).
    pub end_of_turn: Vec<String>,
}

/// Everything Posse knows about Dead Man's Hand.
#[derive(Clone, Debug, PartialEq)]
pub struct Rules {
    pub gangs: Vec<Gang>,
    pub weapons: Vec<Weapon>,
    pub cards: CardBook,
    pub storylines: Vec<Storyline>,
    pub scenes: Vec<Scene>,
    pub set: SetGuide,
    pub core: Core,
}

/// A problem with one rules data file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataError {
    /// The file name, e.g. `gangs.json`.
    pub file: String,
    /// The JSON path, e.g. `gangs[1].profiles[2].count`.
    pub path: String,
    pub message: String,
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at {}: {}", self.file, self.path, self.message)
    }
}

/// Every problem found while loading the rules data.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct DataErrors(pub Vec<DataError>);

impl fmt::Display for DataErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the rules data has {}", crate::kernel::words::count(self.0.len(), "problem", "problems"))?;
        for e in &self.0 {
            write!(f, "; {e}")?;
        }
        Ok(())
    }
}

/// The text of each rules data file, by name.
#[derive(Clone, Copy, Debug)]
pub struct Sources<'a> {
    pub gangs: &'a str,
    pub weapons: &'a str,
    pub cards: &'a str,
    pub scenes: &'a str,
    pub set: &'a str,
    pub core: &'a str,
}

#[derive(Deserialize)]
struct GangsFile {
    gangs: Vec<Gang>,
}

#[derive(Deserialize)]
struct WeaponsFile {
    weapons: Vec<Weapon>,
}

#[derive(Deserialize)]
struct ScenesFile {
    storylines: Vec<Storyline>,
    scenes: Vec<Scene>,
}

fn parse<T: serde::de::DeserializeOwned>(file: &str, text: &str, errors: &mut Vec<DataError>) -> Option<T> {
    let mut de = serde_json::Deserializer::from_str(text);
    match serde_path_to_error::deserialize(&mut de) {
        Ok(value) => Some(value),
        Err(err) => {
            let path = err.path().to_string();
            let inner = err.into_inner();
            errors.push(DataError {
                file: file.to_owned(),
                path: if path.is_empty() || path == "." { "(top level)".to_owned() } else { path },
                message: format!(
                    "{} (line {}, column {})",
                    strip_position(&inner.to_string()),
                    inner.line(),
                    inner.column()
                ),
            });
            None
        }
    }
}

/// `serde_json` appends " at line L column C"; we print the position ourselves.
fn strip_position(message: &str) -> &str {
    message.rfind(" at line ").map_or(message, |at| &message[..at])
}

impl Rules {
    /// Parses and cross-checks the rules from the text of each data file.
    ///
    /// # Errors
    /// Every malformed value (with file and JSON path) and every broken reference between
    /// files.
    pub fn from_sources(sources: &Sources<'_>) -> Result<Rules, DataErrors> {
        let mut errors = Vec::new();
        let gangs = parse::<GangsFile>("gangs.json", sources.gangs, &mut errors);
        let weapons = parse::<WeaponsFile>("weapons.json", sources.weapons, &mut errors);
        let cards = parse::<CardBook>("cards.json", sources.cards, &mut errors);
        let scenes = parse::<ScenesFile>("scenes.json", sources.scenes, &mut errors);
        let set = parse::<SetGuide>("set.json", sources.set, &mut errors);
        let core = parse::<Core>("core.json", sources.core, &mut errors);
        let (Some(gangs), Some(weapons), Some(cards), Some(scenes), Some(set), Some(core)) =
            (gangs, weapons, cards, scenes, set, core)
        else {
            return Err(DataErrors(errors));
        };
        let rules = Rules {
            gangs: gangs.gangs,
            weapons: weapons.weapons,
            cards,
            storylines: scenes.storylines,
            scenes: scenes.scenes,
            set,
            core,
        };
        let problems = rules.check();
        if problems.is_empty() { Ok(rules) } else { Err(DataErrors(problems)) }
    }

    /// The gang with this id.
    #[must_use]
    pub fn gang(&self, id: &str) -> Option<&Gang> {
        self.gangs.iter().find(|g| g.id == id)
    }

    /// The weapon (or firing mode) with this id.
    #[must_use]
    pub fn weapon(&self, id: &str) -> Option<&Weapon> {
        self.weapons.iter().find(|w| w.id == id)
    }

    /// The scene with this id.
    #[must_use]
    pub fn scene(&self, id: &str) -> Option<&Scene> {
        self.scenes.iter().find(|s| s.id == id)
    }

    /// The text of a card: the common card of its value, the gang card of its rank and suit,
    /// or the joker.
    #[must_use]
    pub fn card_text(&self, card: super::cards::Card) -> Option<&CardText> {
        use super::cards::Card;
        match card {
            Card::Joker(colour) => self.cards.jokers.iter().find(|j| j.colour == Some(colour)),
            Card::Suited { rank, suit } => {
                let code = rank.code();
                if rank.is_number() {
                    self.cards.common.iter().find(|c| c.rank.as_deref() == Some(code.as_str()))
                } else {
                    self.cards
                        .gang
                        .iter()
                        .find(|c| c.rank.as_deref() == Some(code.as_str()) && c.suit == Some(suit))
                }
            }
        }
    }

    /// The gang whose J, Q, K and A are of this suit.
    #[must_use]
    pub fn gang_of_suit(&self, suit: Suit) -> Option<&Gang> {
        self.gangs.iter().find(|g| g.suit == suit)
    }

    /// Cross-checks the files against each other and returns every problem found.
    #[must_use]
    pub fn check(&self) -> Vec<DataError> {
        let mut out = Vec::new();
        self.check_gangs(&mut out);
        self.check_cards(&mut out);
        self.check_scenes(&mut out);
        check_weapons(&self.weapons, &mut out);
        out
    }

    fn check_gangs(&self, out: &mut Vec<DataError>) {
        let mut err = |path: String, message: String| {
            out.push(DataError { file: "gangs.json".into(), path, message });
        };
        for (g, gang) in self.gangs.iter().enumerate() {
            if self.gangs.iter().filter(|o| o.suit == gang.suit).count() > 1 {
                err(format!("gangs[{g}].suit"), format!("two gangs use the suit {}", gang.suit.letter()));
            }
            if gang.colour != gang.suit.colour() {
                err(format!("gangs[{g}].colour"), "the colour does not match the suit".into());
            }
            if gang.profile(&gang.boss).is_none_or(|p| p.class != ModelClass::Boss) {
                err(
                    format!("gangs[{g}].boss"),
                    format!("'{}' is not a boss profile of this gang", gang.boss),
                );
            }
            for (p, profile) in gang.profiles.iter().enumerate() {
                if gang.profiles.iter().filter(|o| o.id == profile.id).count() > 1 {
                    err(
                        format!("gangs[{g}].profiles[{p}].id"),
                        format!("the profile id '{}' is used twice", profile.id),
                    );
                }
                for (w, weapon) in profile.weapons.iter().enumerate() {
                    if self.weapon(weapon).is_none_or(|wp| wp.mode_of.is_some()) {
                        err(
                            format!("gangs[{g}].profiles[{p}].weapons[{w}]"),
                            format!("unknown weapon '{weapon}'"),
                        );
                    }
                }
                for (l, limit) in profile.limits.iter().enumerate() {
                    if !profile.weapons.contains(&limit.weapon) {
                        err(
                            format!("gangs[{g}].profiles[{p}].limits[{l}].weapon"),
                            format!("'{}' is capped but not among the profile's weapons", limit.weapon),
                        );
                    }
                }
                for weapon in profile.copies.keys() {
                    if !profile.weapons.contains(weapon) {
                        err(
                            format!("gangs[{g}].profiles[{p}].copies"),
                            format!("'{weapon}' is not among the profile's weapons"),
                        );
                    }
                }
            }
            let ability_ids: Vec<AbilityId> = gang.abilities.iter().map(|a| a.id).collect();
            for (x, pair) in gang.exclusive.iter().enumerate() {
                for id in pair {
                    if !ability_ids.contains(id) {
                        err(format!("gangs[{g}].exclusive[{x}]"), format!("unknown ability '{id}'"));
                    }
                }
            }
        }
    }

    fn check_cards(&self, out: &mut Vec<DataError>) {
        let mut err = |path: String, message: String| {
            out.push(DataError { file: "cards.json".into(), path, message });
        };
        let ranks: Vec<String> = (2..=10).map(|r| r.to_string()).collect();
        if self.cards.common.len() != ranks.len() {
            err(
                "common".into(),
                format!("expected {} common cards (2 to 10), found {}", ranks.len(), self.cards.common.len()),
            );
        }
        for (i, card) in self.cards.common.iter().enumerate() {
            if card.rank.as_deref() != ranks.get(i).map(String::as_str) {
                err(
                    format!("common[{i}].rank"),
                    format!("expected rank {}", ranks.get(i).map_or("none", String::as_str)),
                );
            }
        }
        for gang in &self.gangs {
            for rank in ["J", "Q", "K", "A"] {
                let found = self
                    .cards
                    .gang
                    .iter()
                    .filter(|c| c.suit == Some(gang.suit) && c.rank.as_deref() == Some(rank))
                    .count();
                if found != 1 {
                    err(
                        "gang".into(),
                        format!(
                            "expected one {rank}{} card for the {}, found {found}",
                            gang.suit.letter(),
                            gang.name
                        ),
                    );
                }
            }
        }
        for (i, card) in self.cards.gang.iter().enumerate() {
            let Some(suit) = card.suit else {
                err(format!("gang[{i}].suit"), "a gang card needs a suit".into());
                continue;
            };
            if card.gang.as_deref() != self.gang_of_suit(suit).map(|g| g.id.as_str()) {
                err(format!("gang[{i}].gang"), "the gang does not match the suit".into());
            }
        }
        for id in ["BJ", "RJ"] {
            if self.cards.jokers.iter().filter(|j| j.id.as_deref() == Some(id)).count() != 1 {
                err("jokers".into(), format!("expected exactly one joker {id}"));
            }
        }
    }

    fn check_scenes(&self, out: &mut Vec<DataError>) {
        let mut err = |path: String, message: String| {
            out.push(DataError { file: "scenes.json".into(), path, message });
        };
        for (i, scene) in self.scenes.iter().enumerate() {
            if self.scenes.iter().filter(|o| o.id == scene.id).count() > 1 {
                err(format!("scenes[{i}].id"), format!("the scene id '{}' is used twice", scene.id));
            }
            if !self.storylines.iter().any(|s| s.id == scene.storyline) {
                err(format!("scenes[{i}].storyline"), format!("unknown storyline '{}'", scene.storyline));
            }
            if let Some(same) = &scene.set.same_as
                && self.scene(same).is_none()
            {
                err(format!("scenes[{i}].set.same_as"), format!("unknown scene '{same}'"));
            }
            if scene.end.is_empty() {
                err(format!("scenes[{i}].end"), "a scene needs at least one end condition".into());
            }
            if !(1..=3).contains(&scene.act) {
                err(format!("scenes[{i}].act"), "act must be 1, 2 or 3".into());
            }
        }
        for (s, line) in self.storylines.iter().enumerate() {
            for (k, id) in line.scenes.iter().enumerate() {
                match self.scene(id) {
                    None => err(format!("storylines[{s}].scenes[{k}]"), format!("unknown scene '{id}'")),
                    Some(scene) if scene.storyline != line.id || scene.act as usize != k + 1 => err(
                        format!("storylines[{s}].scenes[{k}]"),
                        format!("scene '{id}' does not say it is act {} of '{}'", k + 1, line.id),
                    ),
                    Some(_) => {}
                }
            }
        }
    }
}

fn check_weapons(weapons: &[Weapon], out: &mut Vec<DataError>) {
    for (i, weapon) in weapons.iter().enumerate() {
        let mut err = |path: String, message: String| {
            out.push(DataError { file: "weapons.json".into(), path, message });
        };
        if weapon.bands.is_empty() {
            err(format!("weapons[{i}].bands"), "a weapon needs at least one range band".into());
        }
        let maxes: Vec<Option<f64>> = weapon.bands.iter().map(|b| b.max_cm).collect();
        let increasing = maxes.windows(2).all(|w| match (w[0], w[1]) {
            (Some(a), Some(b)) => a < b,
            (Some(_), None) => true,
            (None, _) => false,
        });
        if !increasing {
            err(
                format!("weapons[{i}].bands"),
                "bands must go outwards, with only the last one open-ended".into(),
            );
        }
        if let Some(base) = &weapon.mode_of
            && !weapons.iter().any(|w| &w.id == base)
        {
            err(format!("weapons[{i}].mode_of"), format!("unknown weapon '{base}'"));
        }
        if weapon.max_shots == 0 {
            err(format!("weapons[{i}].max_shots"), "a weapon must allow at least one shot".into());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn count_ranges_parse_every_roster_form() {
        let check = |text: &str, min: u32, max: Option<u32>| {
            let c = CountRange::try_from(text.to_owned()).expect(text);
            assert_eq!((c.min, c.max), (min, max), "{text}");
            assert_eq!(c.to_string(), text);
        };
        check("1", 1, Some(1));
        check("0-1", 0, Some(1));
        check("2+", 2, None);
        check("0-4", 0, Some(4));
        assert!(CountRange::try_from("many".to_owned()).is_err());
        assert!(CountRange::try_from("3-1".to_owned()).is_err());
    }

    #[test]
    fn count_ranges_allow_the_right_numbers() {
        let two_plus = CountRange { min: 2, max: None };
        assert!(!two_plus.allows(1));
        assert!(two_plus.allows(2));
        assert!(two_plus.allows(9));
        let up_to_four = CountRange { min: 0, max: Some(4) };
        assert!(up_to_four.allows(0));
        assert!(!up_to_four.allows(5));
    }

    #[test]
    fn half_caps_round_down() {
        assert_eq!(LimitMax::Share(Share::Half).cap(3), 1);
        assert_eq!(LimitMax::Share(Share::Half).cap(4), 2);
        assert_eq!(LimitMax::Count(2).cap(7), 2);
    }
}
