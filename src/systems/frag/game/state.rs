//! The state of a game of Frag at the table, and the questions screens ask of it.
//!
//! Posse keeps the books: each fighter's Health, blood counters, armour, cards in play, hand
//! size and frags; the turn's phase, movement used and attacks made; the leftovers on the map;
//! the zombie pool. The players move the figures: Posse only knows a fighter's square when it
//! put him there (a respawn or gallows square, Town Square) and he has not moved since.

use super::Error;
use super::event::{HouseRules, Target, WeaponCard, WeaponUse};
use crate::systems::frag::rules::combat::{self, DamageOdds, HitOdds};
use crate::systems::frag::rules::data::{Character, Rulebook, TurnStartDraw, Variant};
use crate::systems::frag::rules::fighter::{self, Fighter};
use crate::systems::frag::rules::poker::{HandRank, PokerCard};
use crate::systems::frag::rules::shootout::FirstShot;
use serde::Serialize;

/// Where the game stands.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    /// Nothing set up yet.
    #[default]
    Setup,
    /// Set up; the poker hands decide who goes first.
    Poker,
    /// The hands tied at the top: these seats roll a d6.
    TieBreak { tied: Vec<usize> },
    /// Turns are being played.
    Playing,
    /// Someone has won.
    Over,
}

/// The phases of a turn, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// 1. Check for respawn: a fragged fighter comes back.
    Respawn,
    /// Frag Zombies!!!: place a new map tile.
    Tile,
    /// 2. Roll for movement (Frag Deadlands).
    Movement,
    /// 3. Movement, power-ups and attacks, in any order; in Frag Zombies!!! it ends with the
    ///    zombies' move roll.
    Actions,
    /// Frag Zombies!!!: the zombies have moved; those next to the fighter attack.
    ZombiesAttack,
}

impl Phase {
    /// The phase in words.
    #[must_use]
    pub fn title(self) -> &'static str {
        match self {
            Phase::Respawn => "respawn",
            Phase::Tile => "place a map tile",
            Phase::Movement => "roll for movement",
            Phase::Actions => "move, power up and attack",
            Phase::ZombiesAttack => "the zombies attack",
        }
    }
}

/// Where Posse last put a fighter (the players move the figures from there).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Spot {
    /// Somewhere on the board, where the players moved him.
    Board,
    /// On this respawn square (1–6), not moved since.
    Respawn(u8),
    /// On this gallows square (1-based), not moved since.
    Gallows(u8),
    /// At the centre of Town Square, not moved since.
    TownSquare,
}

/// Whether a fighter is on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Not on the board yet: in Frag Deadlands a fighter enters through the respawn phase of
    /// his first turn (reading R5).
    Waiting,
    /// In play.
    Active(Spot),
    /// Fragged: off the board until his next turn.
    Fragged,
    /// Hanged on this gallows square (1-based) until his next turn.
    Hanged(u8),
}

/// A weapon card in play, with its ammo track.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct WeaponInPlay {
    pub card: WeaponCard,
    /// Shots left; `None` for unlimited.
    pub ammo_left: Option<u32>,
    /// In play for the rest of the game, beyond the weapon limit and through frags (the
    /// Zombies!!! Chainsaw, reading R32).
    pub kept: bool,
}

/// A suit of armour worn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Armour {
    pub name: String,
    /// The Health it adds.
    pub bonus: u32,
    /// Damage taken since it was put on; it is lost when this reaches the bonus.
    pub taken: u32,
}

/// A gadget in play, with the Health it adds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Gadget {
    pub name: String,
    pub health: u32,
}

/// One player and his fighter.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Player {
    pub name: String,
    pub fighter: Fighter,
    /// Current Health, with armour and gadgets.
    pub health: u32,
    pub status: Status,
    pub blood: u32,
    /// Cards in hand.
    pub hand: u32,
    pub weapons: Vec<WeaponInPlay>,
    pub armour: Vec<Armour>,
    pub gadgets: Vec<Gadget>,
    pub hexes: Vec<String>,
    /// Lasting Specials (Frag Deadlands) or event cards (Frag Zombies!!!) in play: they belong
    /// to the player and survive a frag.
    pub specials: Vec<String>,
    /// Frags of other fighters (Frag Deadlands).
    pub frags: u32,
    /// Zombies fragged and kept (Frag Zombies!!!).
    pub zombie_frags: u32,
    /// Zombies fragged this turn (for the "too many frags" rule).
    pub zombie_frags_this_turn: u32,
    /// An attack held for a shootout.
    pub held_attack: bool,
    /// Poker hand and its rank, once dealt.
    pub poker: Vec<PokerCard>,
    pub poker_rank: Option<HandRank>,
}

impl Player {
    /// Whether the fighter is on the board.
    #[must_use]
    pub fn is_active(&self) -> bool {
        matches!(self.status, Status::Active(_))
    }

    /// The most Health he can heal to: his Health stat plus worn armour and Health gadgets.
    #[must_use]
    pub fn max_health(&self) -> u32 {
        let armour: u32 = self.armour.iter().map(|a| a.bonus.saturating_sub(a.taken)).sum();
        let gadgets: u32 = self.gadgets.iter().map(|g| g.health).sum();
        self.fighter.health + armour + gadgets
    }
}

/// A pile left where a fighter was fragged (or dropped a card): a blood counter and cards.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Leftover {
    pub id: u32,
    /// Whose fighter left it.
    pub from: usize,
    pub blood: bool,
    /// Weapon cards (taken into the hand, with a full ammo load when played).
    pub weapons: Vec<WeaponCard>,
    /// Gadgets (Frag Zombies!!! drops them too).
    pub gadgets: Vec<String>,
    /// Players who took from it this turn (and the one who dropped it): they cannot take again
    /// until their next turn.
    pub taken_by: Vec<usize>,
}

/// The current turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Turn {
    pub player: usize,
    /// 1 for the first turn of the game.
    pub number: u32,
    pub phase: Phase,
    /// This turn's movement allowance (rolled, or Speed in Frag Zombies!!!, plus cards).
    pub movement: u32,
    /// Movement used so far (a jump counts double).
    pub moved: u32,
    pub attacks_made: u32,
    /// Power-up squares checked this turn.
    pub checked: Vec<String>,
    /// The start-of-turn draw was rolled.
    pub start_draw: bool,
    /// The zombies' move roll, once made.
    pub zombie_roll: Option<u8>,
    /// Zombies attacking this turn, once counted.
    pub zombie_attacks: Option<u32>,
    pub zombie_attacks_made: u32,
}

/// What a fighter leaves unused when his actions end ([`State::unused_before_zombies`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Unused {
    /// Squares of movement left.
    pub squares: u32,
    /// Attacks left.
    pub attacks: u32,
}

impl Unused {
    /// "2 squares and 1 attack unused", or `None` when nothing is left.
    #[must_use]
    pub fn words(self) -> Option<String> {
        let parts: Vec<String> = [(self.squares, "square", "squares"), (self.attacks, "attack", "attacks")]
            .into_iter()
            .filter(|&(n, ..)| n > 0)
            .map(|(n, one, many)| crate::kernel::words::count(n, one, many))
            .collect();
        (!parts.is_empty()).then(|| format!("{} unused", parts.join(" and ")))
    }
}

/// The last shootout's roll-off.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ShootoutState {
    pub holder: usize,
    pub mover: usize,
    pub holder_total: u32,
    pub mover_total: u32,
    pub first: FirstShot,
    pub main_street: bool,
}

/// How a game was won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum WinBy {
    Frags,
    ZombieFrags,
    Heliport,
}

/// The winner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Win {
    pub player: usize,
    pub by: WinBy,
}

/// What the last attack (or hazard, or zombie attack) did, for the log and the screens.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Resolution {
    /// Who attacked (`None` for a hazard or a zombie).
    pub attacker: Option<usize>,
    pub target: Target,
    pub weapon: String,
    pub hit: bool,
    pub hit_total: u32,
    pub range: u32,
    pub attack_total: u32,
    pub defence_total: u32,
    pub damage: u32,
    pub result: combat::Outcome,
    pub health_left: u32,
    /// A damage die showed 1 on a weapon card: check its malfunction rules.
    pub malfunction: bool,
    /// The gallows square the victim hangs on.
    pub gallows: Option<u8>,
    /// Cards the attacker drew for the frag (Specials, or an event card for a zombie).
    pub cards_drawn: u32,
    /// Blood points gained for more than 10 zombie frags in the turn.
    pub blood_gained: u32,
    /// Armour lost to this damage.
    pub armour_lost: Vec<String>,
    /// The weapon ran out of ammo with this attack.
    pub out_of_ammo: bool,
    /// Dice that came up 1 and were rolled once more (the Agency Operative's cheatin').
    pub rerolled: u32,
}

/// A fighter brought to 0 Health or less who may still cure it instantly (reading R33): the
/// frag waits for his healing card, his blood counter, or his word that he has none.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CureWait {
    /// The fighter at 0 Health or less.
    pub seat: usize,
    /// Who scores the frag if it comes.
    pub attacker: Option<usize>,
    /// How far below 0 his Health went: a cure must heal more than this to bring him back
    /// above 0.
    pub below: u32,
    /// The gallows square he hangs on if the frag comes.
    pub gallows: Option<u8>,
    /// The attack that brought him down, as it reads if the frag comes.
    pub resolution: Resolution,
}

/// The state of one game.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct State {
    pub stage: Stage,
    pub variant: Variant,
    pub players: Vec<Player>,
    pub frag_target: u32,
    /// The options chosen at set-up (all off: the book).
    pub house: HouseRules,
    /// The rules the game started with ([`super::EDITION`]; 0 for old journals).
    pub edition: u32,
    /// The seat that went first.
    pub first: Option<usize>,
    pub turn: Option<Turn>,
    pub leftovers: Vec<Leftover>,
    pub next_pile: u32,
    /// Zombies not yet placed (Frag Zombies!!!).
    pub zombie_pool: u32,
    pub shootout: Option<ShootoutState>,
    /// A fighter who must be bumped off his respawn square before anything else.
    pub pending_bump: Option<usize>,
    /// A fighter at 0 Health or less whose frag waits for his cure (reading R33): nothing
    /// else happens until he cures it or says he cannot.
    pub cure: Option<CureWait>,
    pub last: Option<Resolution>,
    pub winner: Option<Win>,
}

/// The numbers the attack panel shows before the rolls.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AttackInputs {
    pub weapon: String,
    /// To-hit dice: Accuracy plus bonus dice.
    pub hit_dice: u32,
    pub damage_dice: u32,
    pub extra: u32,
    /// The target's Health: his defence dice.
    pub defence_dice: u32,
    /// Whether any frag of this target may hang him (the Indian Brave).
    pub gallows_always: bool,
    /// A starting weapon never malfunctions.
    pub starting: bool,
    /// Shots left on the weapon (`None` for unlimited).
    pub ammo_left: Option<u32>,
    /// Which dice roll each 1 once more: the attacker's to-hit and damage dice (the Agency
    /// Operative with a revolver or gatling pistol; reading R26), the target's defence dice
    /// (a house rule).
    pub rerolls: combat::Rerolls,
    /// Defence dice above the Health: the Saloon Gal's one die, paid with a card (reading
    /// R28).
    pub defence_bonus_dice: u32,
}

impl AttackInputs {
    /// The same attack with `damage_bonus_dice` more damage dice and `extra` more damage
    /// (cards played for it).
    #[must_use]
    pub fn boosted(mut self, damage_bonus_dice: u32, extra: u32) -> AttackInputs {
        self.damage_dice = self.damage_dice.saturating_add(damage_bonus_dice);
        self.extra = self.extra.saturating_add(extra);
        self
    }

    /// The same attack with `dice` more defence dice (the Saloon Gal's die).
    #[must_use]
    pub fn guarded(mut self, dice: u32) -> AttackInputs {
        self.defence_bonus_dice = dice;
        self
    }

    /// The chance to hit at `range`.
    ///
    /// # Errors
    /// A range of 0 or no dice.
    pub fn hit_odds(&self, book: &Rulebook, range: u32) -> Result<HitOdds, combat::CombatError> {
        combat::hit_odds_rerolling(book, self.hit_dice, range, self.rerolls.attack)
    }

    /// The exact damage odds.
    ///
    /// # Errors
    /// Too many dice to count.
    pub fn damage_odds(&self, book: &Rulebook) -> Result<DamageOdds, combat::CombatError> {
        combat::damage_odds_rerolling(
            book,
            self.damage_dice,
            self.defence_dice,
            self.extra,
            self.gallows_always,
            self.rerolls,
            self.defence_bonus_dice,
        )
    }
}

/// Whether a frag sends its victim to the gallows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum GallowsRule {
    /// No gallows: no frag, a plain frag, or Frag Zombies!!!.
    No,
    /// The attacker may hang him (any frag of the Indian Brave).
    May,
    /// The damage is at least twice his Health: the attacker must choose a gallows square.
    Must,
}

/// How the current player's fighter comes back in the respawn phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RespawnHow {
    /// A d6 picks the respawn square.
    Roll,
    /// He picks the respawn square (the Harrowed Gunslinger).
    Choose,
    /// He starts on the gallows square he hangs on.
    Gallows(u8),
    /// At the centre of Town Square (Frag Zombies!!!).
    TownSquare,
}

/// One line of the scoreboard.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ScoreRow {
    pub seat: usize,
    pub name: String,
    pub character: String,
    pub frags: u32,
    pub zombie_frags: u32,
    pub health: u32,
    pub max_health: u32,
    pub blood: u32,
    pub hand: u32,
    pub weapons: usize,
    pub weapon_limit: u32,
    pub status: Status,
    pub current: bool,
}

impl State {
    /// The seat whose turn it is.
    #[must_use]
    pub fn current_player(&self) -> Option<usize> {
        self.turn.as_ref().map(|t| t.player)
    }

    /// The round under way: every player takes one turn a round, so with four players turns 1
    /// to 4 are round 1 and turn 5 starts round 2. `None` before the first turn.
    #[must_use]
    pub fn round(&self) -> Option<u32> {
        let players = u32::try_from(self.players.len()).unwrap_or(u32::MAX).max(1);
        self.turn.as_ref().map(|t| t.number.saturating_sub(1) / players + 1)
    }

    /// The current phase.
    #[must_use]
    pub fn phase(&self) -> Option<Phase> {
        self.turn.as_ref().map(|t| t.phase)
    }

    /// Movement left this turn.
    #[must_use]
    pub fn moves_left(&self) -> u32 {
        self.turn.as_ref().map_or(0, |t| t.movement.saturating_sub(t.moved))
    }

    /// A player by seat.
    ///
    /// # Errors
    /// No such seat.
    pub fn player(&self, seat: usize) -> Result<&Player, Error> {
        self.players.get(seat).ok_or(Error::NoSuchPlayer(seat))
    }

    /// The character a seat plays.
    ///
    /// # Errors
    /// No such seat (the character was checked at set-up).
    pub fn character<'b>(&self, book: &'b Rulebook, seat: usize) -> Result<&'b Character, Error> {
        let player = self.player(seat)?;
        book.character(&player.fighter.character)
            .ok_or_else(|| Error::BadSetup(format!("'{}' is not a character", player.fighter.character)))
    }

    /// Attacks per turn for a seat: half the Accuracy, rounded up.
    #[must_use]
    pub fn attacks_per_turn(&self, book: &Rulebook, seat: usize) -> u32 {
        self.players.get(seat).map_or(0, |p| fighter::attacks(book, p.fighter.accuracy))
    }

    /// Attacks the current player has left this turn.
    #[must_use]
    pub fn attacks_left(&self, book: &Rulebook) -> u32 {
        self.turn.as_ref().map_or(0, |t| self.attacks_per_turn(book, t.player).saturating_sub(t.attacks_made))
    }

    /// The weapon cards a seat may have in play.
    #[must_use]
    pub fn weapon_limit(&self, book: &Rulebook, seat: usize) -> u32 {
        match (self.players.get(seat), self.character(book, seat)) {
            (Some(p), Ok(c)) => book.weapon_limit(c, p.fighter.health),
            _ => 0,
        }
    }

    /// The cards a seat may keep in hand at the end of his turn.
    #[must_use]
    pub fn hand_limit(&self, book: &Rulebook, seat: usize) -> u32 {
        self.character(book, seat).map_or(0, |c| book.hand_limit(c, self.variant))
    }

    /// Cards the current player must discard before ending his turn.
    #[must_use]
    pub fn must_discard(&self, book: &Rulebook) -> u32 {
        self.current_player()
            .and_then(|seat| {
                self.players.get(seat).map(|p| p.hand.saturating_sub(self.hand_limit(book, seat)))
            })
            .unwrap_or(0)
    }

    /// Zombies on the board: placed and not yet fragged.
    #[must_use]
    pub fn zombies_on_board(&self, book: &Rulebook) -> u32 {
        let kept: u32 = self.players.iter().map(|p| p.zombie_frags).sum();
        book.zombies.zombie_pool.saturating_sub(self.zombie_pool).saturating_sub(kept)
    }

    /// The player to the right of the current one (the previous seat): he moves the zombies.
    #[must_use]
    pub fn player_to_the_right(&self) -> Option<usize> {
        let n = self.players.len();
        self.current_player().map(|p| (p + n - 1) % n)
    }

    /// The zombies a move roll of `roll` moves: "that many zombies" (zombies:49), and so all
    /// of them when the roll is above the zombies on the board.
    #[must_use]
    pub fn zombies_moving(&self, book: &Rulebook, roll: u8) -> u32 {
        u32::from(roll).min(self.zombies_on_board(book))
    }

    /// What the current fighter leaves unused if the zombies move now (Frag Zombies!!!): the
    /// zombies move once the actions are done (zombies:44, "in order"; :48, "until the player
    /// runs out of movement and attacks"), and the roll ends them. The squares of movement and
    /// the attacks left, the attacks only while there is something to attack (a zombie on the
    /// board, another fighter in play); nothing for a fighter fragged, or outside the actions.
    #[must_use]
    pub fn unused_before_zombies(&self, book: &Rulebook) -> Unused {
        let none = Unused::default();
        let Some(t) = self.turn.as_ref() else { return none };
        let active = self.players.get(t.player).is_some_and(Player::is_active);
        if self.variant != Variant::Zombies || t.phase != Phase::Actions || !active {
            return none;
        }
        let others = self.players.iter().enumerate().any(|(i, p)| i != t.player && p.is_active());
        let targets = others || self.zombies_on_board(book) > 0;
        Unused { squares: self.moves_left(), attacks: if targets { self.attacks_left(book) } else { 0 } }
    }

    /// Zombie attacks still to resolve this turn.
    #[must_use]
    pub fn zombie_attacks_left(&self) -> u32 {
        self.turn.as_ref().map_or(0, |t| t.zombie_attacks.unwrap_or(0).saturating_sub(t.zombie_attacks_made))
    }

    /// Fighters Posse knows to be on respawn square `square`.
    #[must_use]
    pub fn on_respawn_square(&self, square: u8) -> Vec<usize> {
        (0..self.players.len())
            .filter(|&i| self.players[i].status == Status::Active(Spot::Respawn(square)))
            .collect()
    }

    /// How the current player's fighter respawns, when the turn is in the respawn phase and he
    /// is off the board.
    #[must_use]
    pub fn respawn_how(&self, book: &Rulebook) -> Option<RespawnHow> {
        let seat = self.current_player()?;
        if self.phase() != Some(Phase::Respawn) {
            return None;
        }
        let p = self.players.get(seat)?;
        let character = self.character(book, seat).ok()?;
        match (self.variant, p.status) {
            (_, Status::Active(_)) => None,
            (Variant::Zombies, _) => Some(RespawnHow::TownSquare),
            (Variant::Deadlands, Status::Hanged(g)) => Some(RespawnHow::Gallows(g)),
            (Variant::Deadlands, _) if character.chooses_respawn => Some(RespawnHow::Choose),
            (Variant::Deadlands, _) => Some(RespawnHow::Roll),
        }
    }

    /// The current player's start-of-turn draw, while it is still to be rolled (the Mad
    /// Scientist's gadget, the Huckster's hex in Frag Deadlands).
    #[must_use]
    pub fn start_draw_due<'b>(&self, book: &'b Rulebook) -> Option<&'b TurnStartDraw> {
        let turn = self.turn.as_ref()?;
        if turn.start_draw || !matches!(turn.phase, Phase::Respawn | Phase::Movement | Phase::Tile) {
            return None;
        }
        let draw = self.character(book, turn.player).ok()?.turn_start_draw.as_ref()?;
        let allowed = !(self.variant == Variant::Zombies
            && matches!(draw.deck, crate::systems::frag::rules::Deck::Hexes));
        allowed.then_some(draw)
    }

    /// Whether `damage` to the fighter in `target` would, may or must hang him.
    #[must_use]
    pub fn gallows_rule(&self, book: &Rulebook, target: usize, damage: u32) -> GallowsRule {
        let (Some(p), Ok(c)) = (self.players.get(target), self.character(book, target)) else {
            return GallowsRule::No;
        };
        if self.variant == Variant::Zombies || damage < p.health || damage == 0 {
            return GallowsRule::No;
        }
        // Every gallows square taken: the frag is a plain one (reading R31).
        if self.free_gallows(book).is_empty() {
            return GallowsRule::No;
        }
        if combat::is_gallows(book, damage, p.health, false) {
            GallowsRule::Must
        } else if c.gallows_always {
            GallowsRule::May
        } else {
            GallowsRule::No
        }
    }

    /// The gallows squares no one hangs on (1-based).
    #[must_use]
    pub fn free_gallows(&self, book: &Rulebook) -> Vec<u8> {
        let squares = u8::try_from(book.core.gallows_squares.len()).unwrap_or(u8::MAX);
        (1..=squares)
            .filter(|&g| {
                !self.players.iter().any(
                    |p| matches!(p.status, Status::Hanged(h) | Status::Active(Spot::Gallows(h)) if h == g),
                )
            })
            .collect()
    }

    /// The fighters the current player may attack: the others on the board.
    #[must_use]
    pub fn targets(&self) -> Vec<usize> {
        let current = self.current_player();
        (0..self.players.len())
            .filter(|&i| Some(i) != current && self.players.get(i).is_some_and(Player::is_active))
            .collect()
    }

    /// The other players holding an attack for a shootout.
    #[must_use]
    pub fn holders(&self) -> Vec<usize> {
        let current = self.current_player();
        (0..self.players.len())
            .filter(|&i| {
                Some(i) != current && self.players.get(i).is_some_and(|p| p.held_attack && p.is_active())
            })
            .collect()
    }

    /// The numbers the attack panel shows for `attacker` attacking `target` with `weapon`.
    ///
    /// # Errors
    /// An unknown seat, no such weapon, or a target out of play.
    pub fn attack_inputs(
        &self,
        book: &Rulebook,
        attacker: usize,
        target: Target,
        weapon: &WeaponUse,
        hit_bonus_dice: u32,
    ) -> Result<AttackInputs, Error> {
        let a = self.player(attacker)?;
        let character = self.character(book, attacker)?;
        let (name, dice, extra, starting, ammo_left) = match weapon {
            WeaponUse::Starting => {
                let Some(w) = character.starting_weapon() else {
                    return Err(Error::NoStartingWeapon(a.name.clone()));
                };
                (w.name.clone(), w.dice.unwrap_or(0), 0, true, None)
            }
            WeaponUse::InPlay { name } => {
                let Some(w) = a.weapons.iter().find(|w| w.card.name.eq_ignore_ascii_case(name)) else {
                    return Err(Error::NoSuchWeapon(a.name.clone(), name.clone()));
                };
                (w.card.name.clone(), w.card.dice, w.card.extra, false, w.ammo_left)
            }
            WeaponUse::New(card) => (card.name.clone(), card.dice, card.extra, false, card.ammo),
        };
        let (defence_dice, gallows_always, defence_rerolls_ones) = match target {
            Target::Player(t) => {
                let p = self.player(t)?;
                if !p.is_active() {
                    return Err(Error::OutOfPlay(p.name.clone()));
                }
                let always = self.variant == Variant::Deadlands && self.character(book, t)?.gallows_always;
                (p.health, always, self.defence_rerolls_ones(book, t))
            }
            Target::Zombie => (book.zombies.zombie_health, false, false),
        };
        Ok(AttackInputs {
            hit_dice: a.fighter.accuracy + hit_bonus_dice,
            damage_dice: dice,
            extra,
            defence_dice,
            gallows_always,
            starting,
            ammo_left,
            rerolls: combat::Rerolls {
                attack: character.rerolls_ones_with(&name),
                defence: defence_rerolls_ones,
            },
            weapon: name,
            defence_bonus_dice: 0,
        })
    }

    /// Whether who goes first is settled by a die each, with no poker hands (Frag Zombies!!!,
    /// reading R27): no one has a poker hand before the first turn.
    #[must_use]
    pub fn rolled_for_first(&self) -> bool {
        self.variant == Variant::Zombies && self.players.iter().all(|p| p.poker.is_empty())
    }

    /// Whether `seat` rolls the 1s on his defence dice once more: the Agency Operative, when
    /// the table plays so (the book gives him the reroll on his attacks only, reading R26).
    #[must_use]
    pub fn defence_rerolls_ones(&self, book: &Rulebook, seat: usize) -> bool {
        self.house.operative_rerolls_defence
            && self.character(book, seat).is_ok_and(|c| !c.reroll_ones_with.is_empty())
    }

    /// The numbers the odds panel shows for the next zombie attack on the current fighter: an
    /// automatic hit, the zombie's damage dice against his defence dice. `None` when no zombie
    /// attack is waiting.
    #[must_use]
    pub fn zombie_attack_inputs(&self, book: &Rulebook) -> Option<AttackInputs> {
        if self.phase() != Some(Phase::ZombiesAttack) || self.zombie_attacks_left() == 0 {
            return None;
        }
        let p = self.players.get(self.current_player()?)?;
        Some(AttackInputs {
            weapon: "zombie".into(),
            hit_dice: 0,
            damage_dice: book.zombies.zombie_damage_dice,
            extra: 0,
            defence_dice: p.health,
            gallows_always: false,
            starting: true,
            ammo_left: None,
            rerolls: combat::Rerolls {
                attack: false,
                defence: self.defence_rerolls_ones(book, self.current_player()?),
            },
            defence_bonus_dice: 0,
        })
    }

    /// The scoreboard, in seat order.
    #[must_use]
    pub fn scoreboard(&self, book: &Rulebook) -> Vec<ScoreRow> {
        self.players
            .iter()
            .enumerate()
            .map(|(seat, p)| ScoreRow {
                seat,
                name: p.name.clone(),
                character: self
                    .character(book, seat)
                    .map_or_else(|_| p.fighter.character.clone(), |c| c.name.clone()),
                frags: p.frags,
                zombie_frags: p.zombie_frags,
                health: p.health,
                max_health: p.max_health(),
                blood: p.blood,
                hand: p.hand,
                weapons: p.weapons.len(),
                weapon_limit: self.weapon_limit(book, seat),
                status: p.status,
                current: self.current_player() == Some(seat),
            })
            .collect()
    }

    /// Reminders for the current player: what the rules ask of him that Posse does not do.
    #[must_use]
    pub fn reminders(&self, book: &Rulebook) -> Vec<String> {
        let mut out = Vec::new();
        // Over: nothing more is asked of anyone.
        if self.stage == Stage::Over {
            return out;
        }
        if self.variant == Variant::Zombies && self.turn.is_none() {
            // zombies:7 and :29: the cards taken out before play.
            let z = &book.zombies;
            out.push(format!("Take out of the Gadget deck: {}.", z.removed_gadgets.join(", ")));
            out.push(format!(
                "With Death Match: take out every Special, the weapons {} and the gadgets {}",
                z.death_match_weapons.join(", "),
                z.death_match_gadgets.join(", ")
            ));
            return out;
        }
        let (Some(turn), Some(seat)) = (self.turn.as_ref(), self.current_player()) else { return out };
        let (Some(p), Ok(c)) = (self.players.get(seat), self.character(book, seat)) else { return out };
        if let Some(draw) = &c.turn_start_draw
            && !turn.start_draw
            && matches!(turn.phase, Phase::Respawn | Phase::Movement | Phase::Tile)
        {
            out.push(draw.text.clone());
        }
        if let Some(b) = self.pending_bump.and_then(|b| self.players.get(b)) {
            out.push(format!("{} was bumped: roll a die for a new respawn square.", b.name));
        }
        if self.last.as_ref().is_some_and(|l| l.malfunction) {
            out.push("A damage die showed 1: check the weapon card's malfunction rules.".into());
        }
        let discard = self.must_discard(book);
        if discard > 0 && matches!(turn.phase, Phase::Actions | Phase::ZombiesAttack) {
            let cards = if discard == 1 { "1 card".to_owned() } else { format!("{discard} cards") };
            out.push(format!("{} must discard {cards} before the turn ends.", p.name));
        }
        if !self.leftovers.is_empty() && turn.phase == Phase::Actions {
            out.push("Leftovers lie on the map: a fighter entering their square may take one thing.".into());
        }
        out
    }
}
