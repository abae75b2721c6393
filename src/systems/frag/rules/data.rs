//! The Frag rules as data: the types that `data/frag/*.json` turn into, and the loader that
//! reads them.
//!
//! Loading is "parse, then validate": `serde_json` reads each file into a loose
//! [`serde_json::Value`], then [`Rulebook::load`] walks it into typed structs and collects
//! *every* problem (a missing number, a misspelt deck, a character without a drawback) with
//! the file and the JSON path, instead of stopping at the first.

use serde::Serialize;
use serde_json::Value;
use std::fmt;

/// The two games this system plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Variant {
    /// Frag Deadlands, on its own map.
    #[default]
    Deadlands,
    /// Frag Zombies!!!, on the Zombies!!! tiles.
    Zombies,
}

impl Variant {
    /// The game's name.
    #[must_use]
    pub fn title(self) -> &'static str {
        match self {
            Variant::Deadlands => "Frag Deadlands",
            Variant::Zombies => "Frag Zombies!!!",
        }
    }
}

/// The card decks the two games draw from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Deck {
    Weapons,
    Gadgets,
    Hexes,
    Specials,
    /// The Zombies!!! event deck (Frag Zombies!!! only).
    Events,
}

impl Deck {
    const ALL: [Deck; 5] = [Deck::Weapons, Deck::Gadgets, Deck::Hexes, Deck::Specials, Deck::Events];

    /// The id used in files and events.
    #[must_use]
    pub fn id(self) -> &'static str {
        match self {
            Deck::Weapons => "weapons",
            Deck::Gadgets => "gadgets",
            Deck::Hexes => "hexes",
            Deck::Specials => "specials",
            Deck::Events => "events",
        }
    }

    fn from_id(id: &str) -> Option<Deck> {
        Deck::ALL.into_iter().find(|d| d.id() == id)
    }
}

/// Who may play hex cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum HexAccess {
    /// The Huckster: always.
    Always,
    /// Everyone else: only with Hoyle's Book of Games in play.
    WithHoyles,
    /// The Harrowed Gunslinger: never.
    Never,
}

/// Whether a character's starting item is a weapon or a gadget.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ItemKind {
    Weapon,
    Gadget,
}

/// The weapon or gadget a record sheet prints as the fighter's starting item.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StartingItem {
    pub kind: ItemKind,
    pub name: String,
    /// Damage dice, for a weapon.
    pub dice: Option<u32>,
    /// Starting weapons have unlimited ammo.
    pub unlimited_ammo: bool,
}

/// A card a character may draw at the start of each turn on a d6 roll.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TurnStartDraw {
    pub deck: Deck,
    /// The lowest face that draws.
    pub from: u8,
    /// The reminder, in our words.
    pub text: String,
}

/// One of the six characters of the record sheets.
#[expect(clippy::struct_excessive_bools, reason = "each flag is one printed ability, read from the data")]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Character {
    pub id: String,
    pub name: String,
    /// Cards kept in hand at the end of a turn, where it differs from the standard (the
    /// Agency Operative); read it through [`Rulebook::hand_limit`].
    pub hand_limit: Option<u32>,
    /// Weapon cards in play allowed above Health, where it differs from the standard (the Mad
    /// Scientist); read it through [`Rulebook::weapon_limit`].
    pub weapon_limit_over_health: Option<u32>,
    /// The lowest d6 face that draws on a power-up square, where it differs from the standard;
    /// read it through [`Rulebook::power_up_from`].
    pub power_up_from: Option<u8>,
    /// Whoever frags him may hang him, whatever the damage (the Indian Brave).
    pub gallows_always: bool,
    /// Picks his respawn square instead of rolling (the Harrowed Gunslinger).
    pub chooses_respawn: bool,
    /// A free card drawn on respawn.
    pub respawn_draw: Option<Deck>,
    pub hexes: HexAccess,
    /// Cards dealt at set-up on top of everyone's.
    pub setup_extra_deal: Vec<Deck>,
    /// May hold an attack for a shootout (not the Saloon Gal).
    pub may_hold_attacks: bool,
    /// May discard a card to add a die to any roll (the Saloon Gal).
    pub discard_for_die: bool,
    /// Extra Health every healing card restores (the Indian Brave).
    pub healing_bonus: u32,
    /// Weapons whose 1s may be rolled again (the Agency Operative).
    pub reroll_ones_with: Vec<String>,
    pub turn_start_draw: Option<TurnStartDraw>,
    pub drawback: String,
    pub cheatin: String,
    /// `None` where our copy of the sheet prints none (the Mad Scientist).
    pub starting: Option<StartingItem>,
}

impl Character {
    /// The starting weapon, if the sheet prints one.
    #[must_use]
    pub fn starting_weapon(&self) -> Option<&StartingItem> {
        self.starting.as_ref().filter(|s| s.kind == ItemKind::Weapon)
    }

    /// Whether an attack with `weapon` rerolls its 1s: its name holds one of
    /// [`Character::reroll_ones_with`], whatever the case ("Gatling Pistol", a weapon card
    /// called "Buntline Revolver"; reading R26).
    #[must_use]
    pub fn rerolls_ones_with(&self, weapon: &str) -> bool {
        let weapon = weapon.to_lowercase();
        self.reroll_ones_with.iter().any(|w| weapon.contains(&w.to_lowercase()))
    }
}

/// Fighter design: the point budget and the stat range.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Design {
    pub points: u32,
    pub stat_min: u32,
    pub stat_max: u32,
    pub points_per_win: u32,
}

/// A map hazard that attacks whoever enters it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Hazard {
    pub id: String,
    pub name: String,
    pub dice: u32,
    /// An Accuracy roll this high or lower means the hazard strikes (the beasts).
    pub accuracy_check_at_most: Option<u32>,
}

/// The record sheet's fixed content.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SheetText {
    /// Tournament games the sheet has frag boxes for.
    pub games: u32,
    pub health: String,
    pub speed: String,
    pub accuracy: String,
}

/// Frag Deadlands' numbers (`data/frag/rules.json`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Core {
    pub design: Design,
    pub hand_limit: u32,
    pub weapon_limit_over_health: u32,
    pub power_up_from: u8,
    pub die_sides: u32,
    pub frag_target: u32,
    pub players_min: usize,
    pub players_max: usize,
    pub gallows_multiple: u32,
    pub respawn_squares: u8,
    pub gallows_squares: Vec<String>,
    pub jump_cost_per_square: u32,
    pub accuracy_per_attack: u32,
    pub held_attacks_max: u32,
    pub ammo_per_attack: u32,
    pub blood_heals: u32,
    pub specials_per_frag: u32,
    pub main_street_shootout_bonus_specials: u32,
    /// The gadget that lets anyone play hexes.
    pub hex_gadget: String,
    /// "A fighter may not normally wear more than one suit of armor at a time" (deadlands:8):
    /// the one suit worn with [`Core::armour_combinable`] ones.
    pub armour_combine_with: String,
    /// The suits that may be worn with [`Core::armour_combine_with`].
    pub armour_combinable: Vec<String>,
    /// Deck names, in [`Deck`] order.
    pub deck_names: Vec<(Deck, String)>,
    pub setup_deal: Vec<Deck>,
    pub poker_hand_size: usize,
    pub poker_keep: u32,
    pub poker_jokers_in_deck: usize,
    /// Shootout values of the ranks 2 to A, in rank order.
    pub shootout_values: Vec<u32>,
    /// What the record sheet prints beside the stats, in our words.
    pub sheet: SheetText,
    pub hazards: Vec<Hazard>,
}

impl Core {
    /// Whether suits named `a` and `b` may be worn together: the Bulletproof Vest with the
    /// Armored Duster or the Light Armored Leggings, whatever the case or the spelling of
    /// "armour" (reading R30).
    #[must_use]
    pub fn suits_combine(&self, a: &str, b: &str) -> bool {
        let key = |name: &str| name.trim().to_lowercase().replace("armour", "armor");
        let (a, b, vest) = (key(a), key(b), key(&self.armour_combine_with));
        let combinable = |n: &str| self.armour_combinable.iter().any(|c| key(c) == n);
        (a == vest && combinable(&b)) || (b == vest && combinable(&a))
    }

    /// A deck's name as players say it.
    #[must_use]
    pub fn deck_name(&self, deck: Deck) -> &str {
        self.deck_names.iter().find(|(d, _)| *d == deck).map_or(deck.id(), |(_, n)| n.as_str())
    }
}

/// Frag Zombies!!!'s numbers (`data/frag/zombies.json`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Zombies {
    pub zombie_pool: u32,
    pub zombie_health: u32,
    pub zombie_damage_dice: u32,
    pub zombie_move_die: u32,
    pub event_cards_per_zombie_frag: u32,
    pub event_cards_per_turn_max: u32,
    pub event_cards_in_play_max: usize,
    pub hand_limit: u32,
    pub zombie_frags_to_win: u32,
    pub blood_bonus_over: u32,
    pub blood_bonus: u32,
    pub respawn_point: String,
    pub win_square: String,
    /// One card from each of these decks at set-up: the one event card to start with is here.
    pub setup_deal: Vec<Deck>,
    /// "All players roll to see who goes first" (zombies:27): a d6 each, no poker hands and no
    /// card kept (reading R27).
    pub roll_for_first: bool,
    /// Lasting event cards that leave play when their holder is fragged ("remains in play
    /// until the player is fragged", zombies:96, :104).
    pub events_lost_when_fragged: Vec<String>,
    /// Event cards that roll a d6 for that many blood counters (the First Aid Kit, zombies:94).
    pub events_blood_roll: Vec<String>,
    /// Event cards that put a weapon in play for the rest of the game, beyond the weapon limit
    /// (the Chainsaw, zombies:92).
    pub events_kept_weapon: Vec<String>,
    /// The gadgets taken out of the deck before play (zombies:29).
    pub removed_gadgets: Vec<String>,
    /// The Death Match cards taken out when that expansion is used (zombies:7).
    pub death_match_weapons: Vec<String>,
    pub death_match_gadgets: Vec<String>,
}

impl Zombies {
    /// Whether the card called `name` is one of `list`, whatever the case.
    #[must_use]
    pub fn names(list: &[String], name: &str) -> bool {
        list.iter().any(|n| n.eq_ignore_ascii_case(name.trim()))
    }
}

/// Everything Posse knows of the Frag rules.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Rulebook {
    pub core: Core,
    pub zombies: Zombies,
    pub characters: Vec<Character>,
}

impl Rulebook {
    /// A character by id.
    #[must_use]
    pub fn character(&self, id: &str) -> Option<&Character> {
        self.characters.iter().find(|c| c.id == id)
    }

    /// The cards `character` may keep in hand at the end of a turn in `variant`.
    #[must_use]
    pub fn hand_limit(&self, character: &Character, variant: Variant) -> u32 {
        let standard = match variant {
            Variant::Deadlands => self.core.hand_limit,
            Variant::Zombies => self.zombies.hand_limit,
        };
        character.hand_limit.unwrap_or(standard)
    }

    /// The weapon cards `character` may have in play with `health`.
    #[must_use]
    pub fn weapon_limit(&self, character: &Character, health: u32) -> u32 {
        health
            .saturating_add(character.weapon_limit_over_health.unwrap_or(self.core.weapon_limit_over_health))
    }

    /// The lowest d6 face that draws a card on a power-up square for `character`.
    #[must_use]
    pub fn power_up_from(&self, character: &Character) -> u8 {
        character.power_up_from.unwrap_or(self.core.power_up_from)
    }

    /// The character ids, in sheet order, for messages.
    #[must_use]
    pub fn character_ids(&self) -> String {
        self.characters.iter().map(|c| c.id.as_str()).collect::<Vec<_>>().join(", ")
    }

    /// Reads the three files; every problem is reported, with its file and JSON path.
    ///
    /// # Errors
    /// Every problem found, when there is at least one.
    pub fn load(rules: &str, zombies: &str, characters: &str) -> Result<Rulebook, LoadError> {
        let mut problems = Vec::new();
        let core = read_file("data/frag/rules.json", rules, &mut problems, read_core);
        let zombies = read_file("data/frag/zombies.json", zombies, &mut problems, read_zombies);
        let characters = read_file("data/frag/characters.json", characters, &mut problems, read_characters);
        match (core, zombies, characters) {
            (Some(core), Some(zombies), Some(characters)) if problems.is_empty() => {
                Ok(Rulebook { core, zombies, characters })
            }
            _ => Err(LoadError { problems }),
        }
    }
}

/// One problem in a data file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DataProblem {
    pub file: String,
    /// Where in the file, like `characters[2].power_up_from`.
    pub path: String,
    pub message: String,
}

impl fmt::Display for DataProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at {}: {}", self.file, self.path, self.message)
    }
}

/// The rules data could not be read: every problem found.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the Frag rules data is damaged: {}", self.problems.iter().map(ToString::to_string).collect::<Vec<_>>().join("; "))]
pub struct LoadError {
    pub problems: Vec<DataProblem>,
}

/// Walks one file's JSON, noting problems with their paths. Every reading method gives a
/// value even when the data is wrong (a zero, an empty text), so reading goes on and finds
/// every problem; a file with any problem is then thrown away as a whole by [`read_file`].
struct Reader<'p> {
    file: &'static str,
    problems: &'p mut Vec<DataProblem>,
}

const NULL: Value = Value::Null;

fn read_file<T>(
    file: &'static str,
    text: &str,
    problems: &mut Vec<DataProblem>,
    read: impl FnOnce(&mut Reader<'_>, &Value) -> T,
) -> Option<T> {
    let value = match serde_json::from_str::<Value>(text) {
        Ok(v) => v,
        Err(e) => {
            problems.push(DataProblem { file: file.into(), path: "$".into(), message: e.to_string() });
            return None;
        }
    };
    let before = problems.len();
    let mut reader = Reader { file, problems };
    let result = read(&mut reader, &value);
    (problems.len() == before).then_some(result)
}

fn join(path: &str, key: &str) -> String {
    if path.is_empty() { key.to_owned() } else { format!("{path}.{key}") }
}

impl Reader<'_> {
    fn problem(&mut self, path: &str, message: impl Into<String>) {
        let path = if path.is_empty() { "$".to_owned() } else { path.to_owned() };
        self.problems.push(DataProblem { file: self.file.into(), path, message: message.into() });
    }

    /// A required field (`null` when missing, after noting it).
    fn field<'v>(&mut self, value: &'v Value, path: &str, key: &str) -> &'v Value {
        if !value.is_object() {
            self.problem(path, "expected an object");
            return &NULL;
        }
        value.get(key).unwrap_or_else(|| {
            self.problem(&join(path, key), "missing");
            &NULL
        })
    }

    /// An optional field: absent and `null` both read as `None`.
    fn optional<'v>(value: &'v Value, key: &str) -> Option<&'v Value> {
        value.get(key).filter(|v| !v.is_null())
    }

    fn number_at(&mut self, value: &Value, path: &str) -> u32 {
        value.as_u64().and_then(|n| u32::try_from(n).ok()).unwrap_or_else(|| {
            self.problem(path, "expected a whole number");
            0
        })
    }

    fn number(&mut self, value: &Value, path: &str, key: &str) -> u32 {
        let found = self.field(value, path, key);
        if found.is_null() {
            return 0;
        }
        self.number_at(found, &join(path, key))
    }

    fn positive(&mut self, value: &Value, path: &str, key: &str) -> u32 {
        let found = self.field(value, path, key);
        if found.is_null() {
            return 1;
        }
        let n = self.number_at(found, &join(path, key));
        if n == 0 && found.is_u64() {
            self.problem(&join(path, key), "must be at least 1");
        }
        n.max(1)
    }

    fn count(&mut self, value: &Value, path: &str, key: &str) -> usize {
        usize::try_from(self.number(value, path, key)).unwrap_or(usize::MAX)
    }

    fn face_at(&mut self, value: &Value, path: &str) -> u8 {
        let n = self.number_at(value, path);
        u8::try_from(n).ok().filter(|f| (1..=6).contains(f)).unwrap_or_else(|| {
            self.problem(path, "expected a die face from 1 to 6");
            1
        })
    }

    fn face(&mut self, value: &Value, path: &str, key: &str) -> u8 {
        let found = self.field(value, path, key);
        if found.is_null() {
            return 1;
        }
        self.face_at(found, &join(path, key))
    }

    fn optional_number(&mut self, value: &Value, path: &str, key: &str) -> Option<u32> {
        Reader::optional(value, key).map(|v| self.number_at(v, &join(path, key)))
    }

    fn text_at(&mut self, value: &Value, path: &str) -> String {
        match value.as_str() {
            Some(s) if !s.trim().is_empty() => s.to_owned(),
            _ => {
                self.problem(path, "expected some text");
                String::new()
            }
        }
    }

    fn text(&mut self, value: &Value, path: &str, key: &str) -> String {
        let found = self.field(value, path, key);
        if found.is_null() {
            return String::new();
        }
        self.text_at(found, &join(path, key))
    }

    fn flag(&mut self, value: &Value, path: &str, key: &str, default: bool) -> bool {
        match Reader::optional(value, key) {
            None => default,
            Some(Value::Bool(b)) => *b,
            Some(_) => {
                self.problem(&join(path, key), "expected true or false");
                default
            }
        }
    }

    fn deck_at(&mut self, value: &Value, path: &str) -> Deck {
        value.as_str().and_then(Deck::from_id).unwrap_or_else(|| {
            self.problem(path, "expected a deck: weapons, gadgets, hexes, specials or events");
            Deck::Weapons
        })
    }

    fn list<'v>(&mut self, value: &'v Value, path: &str, key: &str) -> &'v [Value] {
        let found = self.field(value, path, key);
        if found.is_null() {
            return &[];
        }
        found.as_array().map_or_else(
            || {
                self.problem(&join(path, key), "expected a list");
                &[][..]
            },
            Vec::as_slice,
        )
    }

    fn texts(&mut self, value: &Value, path: &str, key: &str) -> Vec<String> {
        let path_key = join(path, key);
        self.list(value, path, key)
            .iter()
            .enumerate()
            .map(|(i, v)| self.text_at(v, &format!("{path_key}[{i}]")))
            .collect()
    }

    fn decks(&mut self, value: &Value, path: &str, key: &str) -> Vec<Deck> {
        let path_key = join(path, key);
        self.list(value, path, key)
            .iter()
            .enumerate()
            .map(|(i, v)| self.deck_at(v, &format!("{path_key}[{i}]")))
            .collect()
    }
}

fn read_core(r: &mut Reader<'_>, v: &Value) -> Core {
    let armour = r.field(v, "", "armour");
    let design = r.field(v, "", "design");
    let design = Design {
        points: r.positive(design, "design", "points"),
        stat_min: r.number(design, "design", "stat_min"),
        stat_max: r.positive(design, "design", "stat_max"),
        points_per_win: r.number(design, "design", "points_per_win"),
    };
    let standard = r.field(v, "", "standard");
    let players = r.field(v, "", "players");
    let gallows = r.field(v, "", "gallows_squares");
    let decks = r.field(v, "", "decks");
    let poker = r.field(v, "", "poker");
    let shootout = r.field(v, "", "shootout");
    let sheet = r.field(v, "", "sheet");
    let sheet = SheetText {
        games: r.positive(sheet, "sheet", "games"),
        health: r.text(sheet, "sheet", "health"),
        speed: r.text(sheet, "sheet", "speed"),
        accuracy: r.text(sheet, "sheet", "accuracy"),
    };
    let values = r.field(shootout, "shootout", "card_values");
    let rank_codes = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
    let shootout_values =
        rank_codes.iter().map(|code| r.number(values, "shootout.card_values", code)).collect();
    for (key, expected) in [("joker", "draw_again"), ("tie", "roll_again")] {
        let found = r.text(shootout, "shootout", key);
        if !found.is_empty() && found != expected {
            r.problem(&join("shootout", key), format!("only {expected} is supported"));
        }
    }
    let hazards = r
        .list(v, "", "hazards")
        .iter()
        .enumerate()
        .map(|(i, h)| {
            let path = format!("hazards[{i}]");
            Hazard {
                id: r.text(h, &path, "id"),
                name: r.text(h, &path, "name"),
                dice: r.positive(h, &path, "dice"),
                accuracy_check_at_most: r.optional_number(h, &path, "accuracy_check_at_most"),
            }
        })
        .collect();
    let respawn = r.positive(v, "", "respawn_squares");
    let respawn_squares = u8::try_from(respawn).ok().filter(|n| *n <= 6).unwrap_or_else(|| {
        r.problem("respawn_squares", "a d6 picks the respawn square: at most 6");
        6
    });
    let players_min = r.count(players, "players", "min");
    let players_max = r.count(players, "players", "max");
    if players_min > players_max || players_min == 0 {
        r.problem("players", "min must be at least 1 and at most max");
    }
    let gallows_squares = r.texts(gallows, "gallows_squares", "names");
    if gallows_squares.is_empty() {
        r.problem("gallows_squares.names", "the map needs at least one gallows square");
    }
    Core {
        design,
        hand_limit: r.number(standard, "standard", "hand_limit"),
        weapon_limit_over_health: r.number(standard, "standard", "weapon_limit_over_health"),
        power_up_from: r.face(standard, "standard", "power_up_from"),
        die_sides: r.positive(v, "", "die_sides"),
        frag_target: r.positive(v, "", "frag_target"),
        players_min,
        players_max,
        gallows_multiple: r.positive(v, "", "gallows_multiple"),
        respawn_squares,
        gallows_squares,
        jump_cost_per_square: r.positive(v, "", "jump_cost_per_square"),
        accuracy_per_attack: r.positive(v, "", "accuracy_per_attack"),
        held_attacks_max: r.number(v, "", "held_attacks_max"),
        ammo_per_attack: r.number(v, "", "ammo_per_attack"),
        blood_heals: r.positive(v, "", "blood_heals"),
        specials_per_frag: r.number(v, "", "specials_per_frag"),
        main_street_shootout_bonus_specials: r.number(v, "", "main_street_shootout_bonus_specials"),
        hex_gadget: r.text(v, "", "hex_gadget"),
        armour_combine_with: r.text(armour, "armour", "combine_with"),
        armour_combinable: r.texts(armour, "armour", "combinable"),
        deck_names: Deck::ALL.iter().map(|&d| (d, r.text(decks, "decks", d.id()))).collect(),
        setup_deal: r.decks(v, "", "setup_deal"),
        poker_hand_size: r.count(poker, "poker", "hand_size"),
        poker_keep: r.number(poker, "poker", "keep"),
        poker_jokers_in_deck: r.count(poker, "poker", "jokers_in_deck"),
        shootout_values,
        sheet,
        hazards,
    }
}

fn read_zombies(r: &mut Reader<'_>, v: &Value) -> Zombies {
    let bonus = r.field(v, "", "blood_bonus");
    let death_match = r.field(v, "", "death_match_removed");
    let events = r.field(v, "", "event_cards");
    Zombies {
        zombie_pool: r.number(v, "", "zombie_pool"),
        zombie_health: r.positive(v, "", "zombie_health"),
        zombie_damage_dice: r.positive(v, "", "zombie_damage_dice"),
        zombie_move_die: r.positive(v, "", "zombie_move_die"),
        event_cards_per_zombie_frag: r.number(v, "", "event_cards_per_zombie_frag"),
        event_cards_per_turn_max: r.number(v, "", "event_cards_per_turn_max"),
        event_cards_in_play_max: r.count(v, "", "event_cards_in_play_max"),
        hand_limit: r.number(v, "", "hand_limit"),
        zombie_frags_to_win: r.positive(v, "", "zombie_frags_to_win"),
        blood_bonus_over: r.number(bonus, "blood_bonus", "frags_over"),
        blood_bonus: r.number(bonus, "blood_bonus", "blood"),
        respawn_point: r.text(v, "", "respawn_point"),
        win_square: r.text(v, "", "win_square"),
        setup_deal: r.decks(v, "", "setup_deal"),
        roll_for_first: r.flag(v, "", "roll_for_first", false),
        events_lost_when_fragged: r.texts(events, "event_cards", "lost_when_fragged"),
        events_blood_roll: r.texts(events, "event_cards", "blood_roll"),
        events_kept_weapon: r.texts(events, "event_cards", "kept_weapon"),
        removed_gadgets: r.texts(v, "", "removed_gadgets"),
        death_match_weapons: r.texts(death_match, "death_match_removed", "weapons"),
        death_match_gadgets: r.texts(death_match, "death_match_removed", "gadgets"),
    }
}

fn read_characters(r: &mut Reader<'_>, v: &Value) -> Vec<Character> {
    let characters: Vec<Character> = r
        .list(v, "", "characters")
        .iter()
        .enumerate()
        .map(|(i, c)| read_character(r, c, &format!("characters[{i}]")))
        .collect();
    if characters.is_empty() {
        r.problem("characters", "there must be at least one character");
    }
    for (i, c) in characters.iter().enumerate() {
        if characters[..i].iter().any(|earlier| earlier.id == c.id) {
            r.problem(&format!("characters[{i}].id"), format!("'{}' is used twice", c.id));
        }
    }
    characters
}

fn read_character(r: &mut Reader<'_>, c: &Value, path: &str) -> Character {
    let hexes = match Reader::optional(c, "hexes").map(Value::as_str) {
        None | Some(Some("with_hoyles")) => HexAccess::WithHoyles,
        Some(Some("always")) => HexAccess::Always,
        Some(Some("never")) => HexAccess::Never,
        Some(_) => {
            r.problem(&join(path, "hexes"), "expected always, with_hoyles or never");
            HexAccess::WithHoyles
        }
    };
    let turn_start_draw = Reader::optional(c, "turn_start_draw").map(|t| {
        let tpath = join(path, "turn_start_draw");
        let deck = r.field(t, &tpath, "deck");
        TurnStartDraw {
            deck: r.deck_at(deck, &join(&tpath, "deck")),
            from: r.face(t, &tpath, "from"),
            text: r.text(t, &tpath, "text"),
        }
    });
    let starting = match r.field(c, path, "starting") {
        Value::Null => None,
        s => Some(read_starting(r, s, &join(path, "starting"))),
    };
    Character {
        id: r.text(c, path, "id"),
        name: r.text(c, path, "name"),
        hand_limit: r.optional_number(c, path, "hand_limit"),
        weapon_limit_over_health: r.optional_number(c, path, "weapon_limit_over_health"),
        power_up_from: Reader::optional(c, "power_up_from")
            .map(|f| r.face_at(f, &join(path, "power_up_from"))),
        gallows_always: r.flag(c, path, "gallows_always", false),
        chooses_respawn: r.flag(c, path, "chooses_respawn", false),
        respawn_draw: Reader::optional(c, "respawn_draw").map(|d| r.deck_at(d, &join(path, "respawn_draw"))),
        hexes,
        setup_extra_deal: if Reader::optional(c, "setup_extra_deal").is_some() {
            r.decks(c, path, "setup_extra_deal")
        } else {
            Vec::new()
        },
        may_hold_attacks: r.flag(c, path, "may_hold_attacks", true),
        discard_for_die: r.flag(c, path, "discard_for_die", false),
        healing_bonus: r.optional_number(c, path, "healing_bonus").unwrap_or(0),
        reroll_ones_with: if Reader::optional(c, "reroll_ones_with").is_some() {
            r.texts(c, path, "reroll_ones_with")
        } else {
            Vec::new()
        },
        turn_start_draw,
        drawback: r.text(c, path, "drawback"),
        cheatin: r.text(c, path, "cheatin"),
        starting,
    }
}

fn read_starting(r: &mut Reader<'_>, s: &Value, path: &str) -> StartingItem {
    let kind = match r.text(s, path, "kind").as_str() {
        "weapon" => ItemKind::Weapon,
        // An empty kind was already reported as missing text.
        "gadget" | "" => ItemKind::Gadget,
        _ => {
            r.problem(&join(path, "kind"), "expected weapon or gadget");
            ItemKind::Gadget
        }
    };
    let dice = r.optional_number(s, path, "dice");
    if kind == ItemKind::Weapon && dice.is_none() {
        r.problem(&join(path, "dice"), "a starting weapon needs its damage dice");
    }
    let unlimited_ammo = match Reader::optional(s, "ammo").map(Value::as_str) {
        None => false,
        Some(Some("unlimited")) => true,
        Some(_) => {
            r.problem(&join(path, "ammo"), "expected \"unlimited\" or null");
            false
        }
    };
    StartingItem { kind, name: r.text(s, path, "name"), dice, unlimited_ammo }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::systems::frag::rules::embedded;

    #[test]
    fn the_embedded_data_loads() {
        let book = embedded::rulebook().expect("the embedded data loads");
        assert_eq!(book.characters.len(), 6);
        assert_eq!(book.core.design.points, 7);
        assert_eq!(book.zombies.zombie_pool, 100);
    }

    #[test]
    fn every_problem_is_reported_with_its_path() {
        let broken = embedded::CHARACTERS
            .replacen("\"power_up_from\": 3", "\"power_up_from\": 9", 1)
            .replacen("\"name\": \"Huckster\",", "", 1)
            .replacen("\"deck\": \"hexes\"", "\"deck\": \"jokers\"", 1);
        let err = Rulebook::load(embedded::RULES, embedded::ZOMBIES, &broken).expect_err("broken");
        let paths: Vec<String> = err.problems.iter().map(|p| format!("{}: {}", p.path, p.message)).collect();
        assert_eq!(
            paths,
            [
                "characters[1].power_up_from: expected a die face from 1 to 6",
                "characters[2].turn_start_draw.deck: expected a deck: weapons, gadgets, hexes, specials or events",
                "characters[2].name: missing",
            ]
        );
        assert!(err.problems.iter().all(|p| p.file == "data/frag/characters.json"));
    }

    #[test]
    fn problems_in_two_files_are_all_reported() {
        let rules = embedded::RULES.replacen("\"frag_target\": 3", "\"frag_target\": \"three\"", 1);
        let zombies = embedded::ZOMBIES.replacen("\"zombie_pool\": 100,", "", 1);
        let err = Rulebook::load(&rules, &zombies, embedded::CHARACTERS).expect_err("broken");
        let shown: Vec<String> = err.problems.iter().map(ToString::to_string).collect();
        assert_eq!(
            shown,
            [
                "data/frag/rules.json at frag_target: expected a whole number",
                "data/frag/zombies.json at zombie_pool: missing",
            ]
        );
        let not_json = Rulebook::load("{", embedded::ZOMBIES, embedded::CHARACTERS).expect_err("broken");
        assert_eq!(not_json.problems[0].path, "$");
    }
}
