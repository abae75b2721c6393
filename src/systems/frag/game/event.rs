//! Everything that can happen at the table, one journal line each. Every die and card in an
//! event is the value the players saw (typed, or rolled by Posse and then recorded), so a
//! replay never rolls anything again.

use crate::systems::frag::rules::Deck;
use crate::systems::frag::rules::data::Variant;
use crate::systems::frag::rules::fighter::Fighter;
use crate::systems::frag::rules::poker::PokerCard;
use serde::{Deserialize, Serialize};

/// A seat at the table: the player's name and the fighter he plays.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Seat {
    pub name: String,
    pub fighter: Fighter,
}

/// The game being set up.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    pub variant: Variant,
    /// The players in seat order (clockwise): turns go in this order.
    pub players: Vec<Seat>,
    /// Frags that win Frag Deadlands (3 unless agreed otherwise).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub frag_target: Option<u32>,
    /// Where the table plays otherwise than Posse reads the book (all off: the book).
    #[serde(default, skip_serializing_if = "HouseRules::is_book")]
    pub house: HouseRules,
    /// The rules the game was started with ([`EDITION`]); 0 for journals written before
    /// Frag Zombies!!! rolled for who goes first, which replay with poker hands as they were.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub edition: u32,
}

/// The rules a new game starts with: 1 rolls a d6 each for who goes first in Frag Zombies!!!
/// ("All players roll to see who goes first", zombies:27), with no poker hands and no card
/// kept, and a reload spends a gadget card from the hand; 2 waits for a cure before a frag
/// ("If the Health of the target drops to 0 or less, and he can't cure it instantly with
/// cards, he is fragged", deadlands:8; reading R33).
pub const EDITION: u32 = 2;

/// The options a table may choose at set-up where groups read the book differently; every one
/// is off by default, which is the book as Posse reads it (`docs/frag.md`, the readings).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HouseRules {
    /// The Agency Operative rerolls the 1s on his defence dice too (the book: his revolver and
    /// gatling pistol attacks only, reading R26).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub operative_rerolls_defence: bool,
}

impl HouseRules {
    /// Whether these are the book's rules (nothing chosen otherwise).
    #[must_use]
    pub fn is_book(&self) -> bool {
        *self == HouseRules::default()
    }
}

/// A weapon card as typed from the card: its name, damage dice, extra damage and ammo.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WeaponCard {
    pub name: String,
    pub dice: u32,
    /// Damage added after the division (counts even when the division gives 0).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub extra: u32,
    /// Shots on the ammo track; `None` for unlimited.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ammo: Option<u32>,
}

/// The numbers a card played from the hand is typed with, least and most, the same on the
/// host's cards panel and on a fighter's phone (the seat views): one definition for both.
pub mod typed {
    /// A weapon card's damage dice.
    pub const DAMAGE_DICE: (u32, u32) = (1, 20);
    /// A weapon card's extra damage.
    pub const EXTRA_DAMAGE: (u32, u32) = (0, 10);
    /// A weapon card's ammo track (0: unlimited).
    pub const AMMO: (u32, u32) = (0, 30);
    /// The Health a suit of armour adds (armour adds at least 1).
    pub const ARMOUR_BONUS: (u32, u32) = (1, 10);
    /// The Health a gadget adds (0 for most).
    pub const GADGET_HEALTH: (u32, u32) = (0, 10);
    /// The Health a healing card gives back.
    pub const HEALED: (u32, u32) = (1, 10);
    /// A d6 rolled for a card (the First Aid Kit's blood counters).
    pub const D6: (u32, u32) = (1, 6);
    /// The most characters a card's name takes: the host's one-line fields take no more
    /// (`crate::ui::widgets::MAX_FIELD_CHARS`).
    pub const NAME_CHARS: usize = 1000;
}

#[expect(clippy::trivially_copy_pass_by_ref, reason = "serde's skip_serializing_if passes a reference")]
fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// The weapon an attack is made with.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum WeaponUse {
    /// The starting weapon on the record sheet (unlimited ammo, never malfunctions).
    Starting,
    /// A weapon card already in play, by name.
    InPlay { name: String },
    /// A weapon card played from the hand as the attack is declared.
    New(WeaponCard),
}

/// What an attack is aimed at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Target {
    /// Another player's fighter, by seat.
    Player(usize),
    /// A zombie (Frag Zombies!!!): Health 1, one defence die.
    Zombie,
}

/// One attack with its rolls. On a miss the damage and defence rolls are empty.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Attack {
    pub attacker: usize,
    pub target: Target,
    pub weapon: WeaponUse,
    /// Squares to the target, counting its square but not the attacker's.
    pub range: u32,
    /// Dice added to the Accuracy dice by cards.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub hit_bonus_dice: u32,
    /// The to-hit dice: Accuracy plus bonus dice.
    pub to_hit: Vec<u8>,
    /// Dice added to the weapon's damage dice by cards.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub damage_bonus_dice: u32,
    /// Extra damage from cards, on top of the weapon's own.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub extra: u32,
    /// The damage dice (empty on a miss).
    #[serde(default)]
    pub damage: Vec<u8>,
    /// The defender's dice, one per point of Health (empty on a miss).
    #[serde(default)]
    pub defence: Vec<u8>,
    /// The gallows square (1-based) the attacker hangs the victim on, when he may.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gallows: Option<u8>,
    /// A held attack fired out of turn (a shootout).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub held: bool,
    /// The second rolls of the to-hit dice that came up 1, in order, when the attacker rerolls
    /// them (the Agency Operative with a revolver or gatling pistol; reading R26).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub to_hit_rerolls: Vec<u8>,
    /// The same for the damage dice.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub damage_rerolls: Vec<u8>,
    /// The same for the defence dice, when the defender rerolls them (a house rule).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub defence_rerolls: Vec<u8>,
    /// Dice added to the defence roll: the Saloon Gal's one die, paid with a card from her
    /// hand (reading R28).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub defence_bonus_dice: u32,
    /// The target's player says he can cure a frag instantly: a healing card in his hand, or
    /// a blood counter he can reach (reading R33; since edition 2). A blow that takes him to
    /// 0 or less then waits for [`Event::Play`] of the healing card, [`Event::SpendBlood`] or
    /// [`Event::NoCure`]. Posse does not know the cards in a hand, so this is his word, also
    /// when he has a blood counter on his sheet.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub cure: bool,
}

/// The Speed rolls and cards of a shootout.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Shootout {
    /// The fighter with the held attack.
    pub holder: usize,
    pub holder_dice: Vec<u8>,
    pub holder_card: PokerCard,
    /// The current player, who passed in front of him.
    pub mover_dice: Vec<u8>,
    pub mover_card: PokerCard,
    /// On Main Street a frag in the shootout earns a bonus Special card.
    #[serde(default)]
    pub main_street: bool,
}

/// A card played from the hand, as far as Posse tracks it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Play {
    /// A weapon card put in play (counts against the weapon limit).
    Weapon(WeaponCard),
    /// Armour: adds Health and is lost after that much damage.
    Armour { name: String, bonus: u32 },
    /// Any other gadget, with the Health it adds (0 for most).
    Gadget {
        name: String,
        #[serde(default)]
        health: u32,
    },
    /// A hex (the Huckster, or anyone with Hoyle's Book of Games in play).
    Hex { name: String },
    /// A Special card (Frag Deadlands); `lasting` ones stay in play.
    Special {
        name: String,
        #[serde(default)]
        lasting: bool,
    },
    /// A Zombies!!! event card (Frag Zombies!!!); `lasting` ones stay in play (at most 3).
    /// The First Aid Kit brings its d6 (`roll`: that many blood counters), the Chainsaw the
    /// weapon card it puts in play for the rest of the game (`weapon`; reading R32).
    Event {
        name: String,
        #[serde(default)]
        lasting: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        roll: Option<u8>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        weapon: Option<WeaponCard>,
    },
    /// A healing card: Health back (the Indian Brave gets 1 more), above the fighter's
    /// Health only when the card says so.
    Heal {
        name: String,
        amount: u32,
        #[serde(default)]
        beyond_max: bool,
    },
    /// Any other card: it leaves the hand and Posse only notes it.
    Other { name: String },
}

impl Play {
    /// The card's name.
    #[must_use]
    pub fn name(&self) -> &str {
        match self {
            Play::Weapon(w) => &w.name,
            Play::Armour { name, .. }
            | Play::Gadget { name, .. }
            | Play::Hex { name }
            | Play::Special { name, .. }
            | Play::Event { name, .. }
            | Play::Heal { name, .. }
            | Play::Other { name } => name,
        }
    }
}

/// What a player takes from a pile of leftovers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Take {
    /// The blood counter.
    Blood,
    /// One card from the pile, by name, into the hand.
    Card { name: String },
}

/// Everything that can happen to a game of Frag.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Event {
    /// Set-up: the variant, the players in seat order and the frag target. Deals each player
    /// the set-up cards (counted in the hand).
    Begin(Box<Setup>),
    /// Each player's five poker cards, in seat order, as the players dealt them.
    PokerHands { hands: Vec<Vec<PokerCard>> },
    /// Posse deals the poker hands from a shuffled deck seeded with `seed`.
    DealPoker { seed: u64 },
    /// The tied players' d6s, in seat order; the highest goes first.
    TieRoll { rolls: Vec<u8> },
    /// The start-of-turn die of a character who draws on it (the Mad Scientist, the Huckster).
    StartDraw { roll: u8 },
    /// The current player's fighter comes back: `square` is the respawn square the die showed
    /// (or the Harrowed Gunslinger chose); `None` for a hanged fighter (his gallows square) and
    /// in Frag Zombies!!! (Town Square).
    Respawn {
        #[serde(default)]
        square: Option<u8>,
    },
    /// A fighter bumped off his square rolls for a new respawn square.
    Bump { player: usize, square: u8 },
    /// Frag Zombies!!!: the new map tile (`None` when none are left) and the zombies placed on
    /// it from the pool.
    PlaceTile {
        #[serde(default)]
        tile: Option<String>,
        zombies: u32,
    },
    /// The movement roll: Speed dice plus `extra_dice` from cards in play.
    RollMovement {
        dice: Vec<u8>,
        #[serde(default)]
        extra_dice: u32,
    },
    /// A teleport card instead of the movement roll.
    Teleport,
    /// Cards change this turn's movement by `by` squares.
    AdjustMovement { by: i32 },
    /// The current fighter moves `squares` (a jump costs double).
    Move {
        squares: u32,
        #[serde(default)]
        jump: bool,
    },
    /// A power-up check on the square labelled `square` (once per square per turn).
    PowerUp { square: String, deck: Deck, roll: u8 },
    /// An attack, with its rolls and the result applied.
    Attack(Box<Attack>),
    /// The current player holds one of his attacks for a shootout.
    HoldAttack,
    /// A shootout's roll for who fires first.
    Shootout(Box<Shootout>),
    /// The current fighter enters a hazard: `check` is the Accuracy roll where one is needed
    /// (the beasts), then the hazard's damage dice against his defence dice.
    Hazard {
        hazard: String,
        #[serde(default)]
        check: Vec<u8>,
        #[serde(default)]
        damage: Vec<u8>,
        #[serde(default)]
        defence: Vec<u8>,
        /// The Saloon Gal's die added to her defence, paid with a card (reading R28).
        #[serde(default, skip_serializing_if = "is_zero")]
        defence_bonus_dice: u32,
        /// His player says he can cure a frag instantly, as [`Attack::cure`] (reading R33).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        cure: bool,
    },
    /// A card effect takes Health from a fighter (no one scores a frag from it). With
    /// `cure`, his player says he can cure a frag instantly, as [`Attack::cure`] (reading R33).
    Wound {
        player: usize,
        amount: u32,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        cure: bool,
    },
    /// A player draws cards.
    Draw { player: usize, deck: Deck, count: u32 },
    /// A joker drawn in play: it is discarded and the player draws a card from any deck.
    JokerDrawn { player: usize },
    /// A player discards cards from his hand.
    Discard { player: usize, count: u32 },
    /// A player plays a card from his hand, on his fighter or on `on`'s.
    Play {
        player: usize,
        card: Play,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        on: Option<usize>,
    },
    /// A card in play is discarded (spent, expired, malfunctioned), by name.
    Remove { player: usize, card: String },
    /// The current fighter drops a weapon or gadget in play on his square.
    Drop { player: usize, card: String },
    /// A weapon card in play is reloaded to full (with a gadget card).
    /// Since edition 1 the reload spends a gadget card from the hand ("until you have reloaded
    /// it with a gadget card", deadlands:8), named in `gadget` when the player says which.
    Reload {
        player: usize,
        weapon: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        gadget: Option<String>,
    },
    /// The current player picks up one thing from a pile of leftovers.
    PickUp { player: usize, pile: u32, take: Take },
    /// A blood counter spent to heal 1 Health.
    SpendBlood { player: usize },
    /// The fighter waiting for a cure at 0 Health or less has none (or will not play it): the
    /// frag is recorded (reading R33).
    NoCure { player: usize },
    /// Zombie frags made without an attack roll (a card, like the Grenade).
    ZombieFrags { player: usize, count: u32 },
    /// Fragged zombies given back to the pool (a card says so).
    ReturnZombies { player: usize, count: u32 },
    /// Zombies placed from the pool by a card.
    PlaceZombies { count: u32 },
    /// The player to the right rolls a d6 and moves that many zombies one space.
    ZombiesMove { roll: u8 },
    /// How many zombies are next to or in the current fighter's space.
    ZombiesAdjacent { count: u32 },
    /// One zombie attack: an automatic hit, its 2 damage dice against the fighter's defence
    /// (`defence_rerolls`: the second rolls of his 1s, when he rerolls them by a house rule).
    ZombieAttack {
        damage: Vec<u8>,
        defence: Vec<u8>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        defence_rerolls: Vec<u8>,
        /// The Saloon Gal's die added to her defence, paid with a card (reading R28).
        #[serde(default, skip_serializing_if = "is_zero")]
        defence_bonus_dice: u32,
        /// His player says he can cure a frag instantly, as [`Attack::cure`] (reading R33).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        cure: bool,
    },
    /// The current fighter reaches the centre of the Heliport: he wins.
    ReachHeliport,
    /// The current player ends his turn.
    EndTurn,
}
