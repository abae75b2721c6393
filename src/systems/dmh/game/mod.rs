//! A game at the table as an event log.
//!
//! [`Game::apply`] is the only way the state changes; loading a game is replaying its events,
//! undo is replaying all but the last, and saving is appending one event to a journal. Every
//! random draw comes from the seed recorded in [`Event::Begin`] (or from the card or die the
//! player typed), so a replay deals exactly the same cards and undo never re-shuffles.
//!
//! This module is pure: no user interface, no files, no clock.

pub mod activation;
pub mod duel;
pub mod hands;
pub mod scene;
pub mod sim;

use serde::{Deserialize, Serialize};

pub use crate::systems::dmh::rules::data::Flag;
pub use activation::{Action, Activation, EDITION, Limits, ShotContext, Step};
pub use hands::{AbilityUse, Effect, InPlay, Pending};
pub use scene::SceneEnd;

use crate::systems::dmh::rules::Rules;
use crate::systems::dmh::rules::cards::{self, Card, Colour};
use crate::systems::dmh::rules::data::{AbilityId, DeckKind, Lasts, Role};
use crate::systems::dmh::rules::gang::GangFile;
use crate::systems::dmh::rules::initiative::{self, Placed, Side};
use crate::systems::dmh::rules::nerve::{self, BigNerveInput};
use crate::systems::dmh::rules::shooting::{self, ShotResult};

/// One side's set-up: its gang, role and cards.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideSetup {
    pub gang: GangFile,
    pub role: Role,
    pub deck: DeckKind,
    pub numbers: Colour,
    pub hand: u32,
    pub reshuffle: bool,
}

/// Everything a game starts from; recorded as the first event.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    pub seed: u64,
    pub scene: Option<String>,
    /// Side A and side B.
    pub sides: [SideSetup; 2],
    /// The engine behaviour the game was started with ([`EDITION`]); 0 for journals written
    /// before declared activations.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub edition: u32,
}

#[expect(clippy::trivially_copy_pass_by_ref, reason = "serde's skip_serializing_if passes a reference")]
fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// A model at the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[expect(clippy::struct_excessive_bools, reason = "each flag is a marker on the model at the table")]
pub struct Model {
    pub name: String,
    pub profile: String,
    pub hits: u32,
    pub nerve: u32,
    pub shoot: i32,
    pub hth: i32,
    pub boss: bool,
    pub weapons: Vec<String>,
    pub under_fire: u32,
    pub out_of_ammo: bool,
    pub moves: u32,
    pub out_of_action: bool,
    /// The initiative card on the model this turn.
    pub card: Option<Card>,
    pub activated: bool,
    /// Flags set at the table: drunk, surprised, mounted, in cover…
    #[serde(default)]
    pub flags: Vec<Flag>,
    /// Shots fired this turn with each weapon (shot limits and the shotgun's barrels).
    #[serde(default)]
    pub shots: std::collections::BTreeMap<String, u32>,
    /// A second initiative card dealt to choose from (the Stranger, See How the Cat Jumps).
    #[serde(default)]
    pub second: Option<Card>,
    /// The initiative card a duck back or quick shot burnt this turn, to give back if Above
    /// Snakes passes or The Quick and the Dead cancels the duck back.
    #[serde(default)]
    pub burnt: Option<Card>,
    /// The gun in the model's hand, when it carries more than one (the first otherwise).
    #[serde(default)]
    pub held: Option<String>,
    /// Actions already used this turn before its activation (an Above Snakes duck back).
    #[serde(default)]
    pub spent: u32,
}

impl Model {
    /// Whether the model is on the table: not off it, hidden or held back as a reinforcement.
    #[must_use]
    pub fn on_table(&self) -> bool {
        !self.has(Flag::OffTable) && !self.has(Flag::Hidden) && !self.has(Flag::Reinforcement)
    }

    /// The gun in the model's hand.
    #[must_use]
    pub fn in_hand(&self) -> &str {
        self.held.as_deref().or_else(|| self.weapons.first().map(String::as_str)).unwrap_or("pistol")
    }

    /// Whether `flag` is set on this model.
    #[must_use]
    pub fn has(&self, flag: Flag) -> bool {
        self.flags.contains(&flag)
    }

    /// Whether the model acts this turn without an initiative card: as an ace, or surprised
    /// and given no card (it acts after everyone else).
    #[must_use]
    pub fn acts_without_card(&self) -> bool {
        self.on_table() && (self.has(Flag::Ace) || (self.has(Flag::Surprised) && self.has(Flag::NoCard)))
    }
}

/// Two models locked in hand-to-hand: `a` started the fight against `b`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fight {
    pub a: ModelRef,
    pub b: ModelRef,
    /// The turn the fight started (the starter's +1 applies in that turn only).
    pub started: u32,
    /// The last turn a roll-off was made (one per turn).
    pub rolled: u32,
}

impl Fight {
    /// Whether `r` is one of the fighters.
    #[must_use]
    pub fn involves(&self, r: ModelRef) -> bool {
        self.a == r || self.b == r
    }

    /// The other fighter.
    #[must_use]
    pub fn opponent(&self, r: ModelRef) -> ModelRef {
        if self.a == r { self.b } else { self.a }
    }
}

/// One side's cards and models.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideState {
    pub name: String,
    pub gang: String,
    pub role: Role,
    pub reshuffle: bool,
    pub models: Vec<Model>,
    /// The top of the deck is the end of the vector.
    pub deck: Vec<Card>,
    pub hand: Vec<Card>,
    pub discard: Vec<Card>,
    /// How many models the side began with (Big Nerve, reading A09).
    pub started_with: u32,
    /// A card from the hand was used this turn (it draws one at the end of the turn).
    pub used_card: bool,
    /// The deck could not supply a card it had to (a no-reshuffle side has run out).
    pub ran_out: bool,
    /// Every card of this side's deck, wherever it is now.
    #[serde(default)]
    pub owns: Vec<Card>,
}

impl SideState {
    /// Models still in play.
    pub fn standing(&self) -> impl Iterator<Item = &Model> {
        self.models.iter().filter(|m| !m.out_of_action)
    }

    /// Draws the top card, reshuffling the discard pile in first when the deck is empty and
    /// the side reshuffles (`seed` decides that shuffle).
    fn draw(&mut self, seed: u64) -> Option<Card> {
        if self.deck.is_empty() && self.reshuffle && !self.discard.is_empty() {
            self.deck.append(&mut self.discard);
            cards::shuffle(&mut self.deck, seed);
        }
        let card = self.deck.pop();
        if card.is_none() {
            self.ran_out = true;
        }
        card
    }
}

/// Where the game is in its turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Waiting for initiative cards.
    Initiative,
    /// Models act in card order.
    Activations,
    /// The end-of-turn checklist.
    EndOfTurn,
    /// A side failed its Big Nerve test or the players ended the game.
    Over,
    /// The Duel's rounds of blackjack and shots.
    Duel,
}

/// A model, by side and index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ModelRef {
    pub side: usize,
    pub model: usize,
}

/// A correction to a model's markers, made by hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Marker {
    UnderFire(u32),
    OutOfAmmo(bool),
    Moves(u32),
    OutOfAction(bool),
    /// A flag set or cleared.
    Flag(Flag, bool),
}

/// How a model interrupts an enemy's activation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Interruption {
    DuckBack,
    QuickShot,
}

/// One shot of a quick-shot exchange: who fires at whom, the total modifier and the d20.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fire {
    pub shooter: ModelRef,
    pub target: ModelRef,
    pub modifier: i32,
    pub roll: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weapon: Option<String>,
}

/// Everything that can happen to a game. Events are appended to the journal as they happen.
/// Fields Posse does not know are refused by the journal reader (`store::journal`), with the
/// event and field named.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// Builds and shuffles both decks from the seed and deals each hand.
    Begin(Box<Setup>),
    /// Deals one initiative card to every model in play. `face_up` is each side's model that
    /// gets the face-up top card. `cards`, when the players use physical decks, lists the card
    /// each model drew (they are taken out of the deck); otherwise Posse deals from the top.
    DealInitiative { face_up: [Option<usize>; 2], cards: Option<Vec<(ModelRef, Card)>> },
    /// Which side won ties this turn (it placed first, or won the draw-off).
    TiePriority { side: usize },
    /// The lowest-card switch: swap the cards of two models of one side.
    Switch { a: ModelRef, b: ModelRef },
    /// A shot with its total modifier and natural d20 roll; the result is applied to the target
    /// (markers, out of action) and the shooter (out of ammo on a natural 1). With a `weapon`
    /// the weapon's shots per turn are counted and limited, and a shotgun runs out of ammo
    /// after its two barrels.
    Shot {
        shooter: ModelRef,
        target: ModelRef,
        modifier: i32,
        roll: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        weapon: Option<String>,
        /// The target ducks back from this shot: it burns its activation and counts as
        /// moving once (one duck back per activation of the shooter).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        duck_back: bool,
    },
    /// A model that has not acted burns its activation to quick shoot the model acting
    /// (`quick`). At close or point-blank range the acting model's own declared shot
    /// (`answer`) is rolled at the same time: both resolve, whoever falls (line 169).
    QuickShot {
        quick: Fire,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        answer: Option<Fire>,
    },
    /// The acting model declares its actions, in order, before taking any.
    Declare { model: ModelRef, actions: Vec<Action> },
    /// The next declared move is made; `halted` when it stopped within 2 cm of an enemy (the
    /// other declared moves are lost).
    Move {
        model: ModelRef,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        halted: bool,
    },
    /// The next declared reload (or unjam): out of ammo comes off.
    Reload { model: ModelRef },
    /// The next declared change of weapon: `weapon` is now in the model's hand.
    ChangeWeapon { model: ModelRef, weapon: String },
    /// The next declared action is given up.
    SkipAction { model: ModelRef },
    /// Enemy models tie and both players placed at once: each side draws a card (typed, or
    /// from the top of its deck); the higher wins ties this turn, equal cards draw again.
    TieDraw {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cards: Option<[Card; 2]>,
    },
    /// The Duel: the next round starts with each side's row card and a face-up card, typed
    /// (`[row, up]` per side) or dealt by Posse.
    DuelRound {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cards: Option<[[Card; 2]; 2]>,
    },
    /// The Duel: a player stands, or hits (a face-up card, typed or dealt).
    DuelDecide {
        side: usize,
        stand: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        card: Option<Card>,
    },
    /// The Duel: the round's shots, each side's natural d20 (two at once when they shoot
    /// together); the bonuses come from the cards.
    DuelFire { shots: Vec<(usize, u32)> },
    /// At the end of a turn a side calls its reinforcements by discarding a special card
    /// (jack to ace, or its joker); the call can be trumped like any card.
    CallReinforcements { side: usize, card: Card },
    /// A hand-to-hand roll-off: `a` starts the fight (or fights on) against `b`. Each side's
    /// total modifier and natural d10 roll are recorded; the loser takes one marker per point
    /// of difference. The models stay locked until one is out of action or breaks off.
    Fight { a: ModelRef, b: ModelRef, a_modifier: i32, b_modifier: i32, a_roll: u32, b_roll: u32 },
    /// A fighter breaks off from its fight (it spends two move actions doing so).
    BreakOff { model: ModelRef },
    /// At the end of the turn, a side that used no card discards one from its hand to draw
    /// one when the next turn starts.
    DiscardToDraw { side: usize, card: Card },
    /// A second initiative card for a model (the Stranger from turn 2): it keeps the higher of
    /// the two and the other goes to the discard pile.
    ExtraCard { model: ModelRef },
    /// A card played from a side's hand on its targets; it waits for trumps until settled.
    Play {
        side: usize,
        card: Card,
        #[serde(default)]
        targets: Vec<ModelRef>,
    },
    /// A card of the same value played against the card waiting to be settled.
    Trump { side: usize, card: Card },
    /// Ends the exchange of trumps: the card takes effect if the last card is its owner's.
    Settle,
    /// A Recover action: one under fire marker off (every marker under True Grit).
    Recover { model: ModelRef },
    /// A burnt activation given back: Above Snakes passed (the duck back stays one action and
    /// a move marker), or The Quick and the Dead cancelled the duck back (`cancelled`: no
    /// move, no action spent).
    RestoreActivation {
        model: ModelRef,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        cancelled: bool,
    },
    /// Keeps one of a model's two initiative cards (after `ExtraCard`).
    KeepCard { model: ModelRef, keep_second: bool },
    /// A gang ability used, with the models (and for Cheatin' the hand card) it involves.
    UseAbility {
        side: usize,
        ability: AbilityId,
        #[serde(default)]
        targets: Vec<ModelRef>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        card: Option<Card>,
    },
    /// Crazy as a Loon: a nerve test skipped now, failed at the end of the turn.
    SkipNerve { model: ModelRef },
    /// A player with a physical deck types the hand they hold: those cards come out of the
    /// deck into the hand, and hand cards not named go back into the deck.
    SetHand { side: usize, cards: Vec<Card> },
    /// The good player notes which model is the witness; it stays secret until revealed.
    SecretWitness { model: ModelRef },
    /// An enemy came within 15 cm of `model`: if it is the witness, it is revealed.
    Approach { model: ModelRef },
    /// The players declare an end condition Posse cannot see (an objective), or end a custom
    /// game with `winner` (none for a draw).
    EndScene {
        condition: String,
        #[serde(default)]
        winner: Option<usize>,
    },
    /// A nerve test against `needed` with the natural d10 `roll`; a fail adds a marker. With
    /// `to_shoot`, the acting model tests to be allowed to shoot that target (a hostage
    /// holder, or a target past a closer enemy).
    Nerve {
        model: ModelRef,
        needed: u32,
        roll: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        to_shoot: Option<ModelRef>,
    },
    /// A model finishes its activation, having taken `moves` move actions: its card is
    /// discarded and its move markers placed.
    EndActivation { model: ModelRef, moves: u32 },
    /// A model that has not yet activated interrupts: it burns its activation (its card goes
    /// to the discard pile). A duck back also counts as one move for shots at it.
    Interrupt { model: ModelRef, kind: Interruption },
    /// A marker corrected by hand.
    SetMarker { model: ModelRef, marker: Marker },
    /// Plays a card from a side's hand (it goes to the discard pile).
    PlayCard { side: usize, card: Card },
    /// Ends the activations: move markers come off, unused initiative cards are discarded.
    EndTurn,
    /// A side's Big Nerve test with the natural d10 `roll`; a fail ends the game.
    BigNerve { side: usize, roll: u32 },
    /// End-of-turn hand draws and reshuffles; the next turn starts.
    NextTurn,
}

/// Why an event cannot be applied now.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    #[error("the game has not begun")]
    NotBegun,
    #[error("the game has already begun")]
    AlreadyBegun,
    #[error("'{0}' is not a gang Posse knows")]
    UnknownGang(String),
    #[error("there is no model {0:?}")]
    NoModel(ModelRef),
    #[error("that cannot be done in this phase of the turn ({0:?})")]
    WrongPhase(Phase),
    #[error("the card {0} is not where it should be")]
    MissingCard(Card),
    #[error("{0} is out of action")]
    OutOfAction(String),
    #[error("{0} has already activated this turn")]
    AlreadyActivated(String),
    #[error("a d{die} shows 1 to {die}, not {roll}")]
    BadRoll { die: u32, roll: u32 },
    #[error("only models of the same side can swap cards")]
    DifferentSides,
    #[error("{0} is out of ammo and must reload first")]
    OutOfAmmo(String),
    #[error("{model} does not carry a {weapon}")]
    NoWeapon { model: String, weapon: String },
    #[error("a {weapon} fires at most {max} shot(s) a turn")]
    TooManyShots { weapon: String, max: u32 },
    #[error("{0} is locked in hand-to-hand")]
    InFight(String),
    #[error("{0} is not in a fight")]
    NotInFight(String),
    #[error("these two have already fought this turn")]
    FoughtThisTurn,
    #[error("a fight is between models of different sides")]
    SameSide,
    #[error("{0} have already quick shot during this activation")]
    QuickShotTaken(String),
    #[error("a card is waiting to be trumped or settled first")]
    CardPending,
    #[error("there is no card to trump or settle")]
    NothingToTrump,
    #[error("it is the other player's turn to trump")]
    NotYourTrump,
    #[error("{0}")]
    Targets(String),
    #[error("{0}")]
    Ability(String),
    #[error("{0} already uses a card this turn and draws anyway")]
    AlreadyDraws(String),
    #[error("{0}")]
    Rules(String),
    #[error("{0}")]
    Declaration(String),
}

/// A game: its state and the events that made it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Game {
    pub seed: u64,
    pub scene: Option<String>,
    pub turn: u32,
    pub phase: Phase,
    pub sides: Vec<SideState>,
    pub tie_priority: Option<usize>,
    /// Models locked in hand-to-hand.
    #[serde(default)]
    pub fights: Vec<Fight>,
    /// Quick shots this turn: the reacting side and the enemy model whose activation it was.
    #[serde(default)]
    pub quick_shots: Vec<(usize, ModelRef)>,
    /// A card played and waiting for trumps.
    #[serde(default)]
    pub pending: Option<Pending>,
    /// Cards whose effect lasts, until they expire.
    #[serde(default)]
    pub in_play: Vec<InPlay>,
    /// Gang abilities used, for their limits.
    #[serde(default)]
    pub abilities_used: Vec<AbilityUse>,
    /// Nerve tests skipped under Crazy as a Loon this turn.
    #[serde(default)]
    pub skipped: Vec<ModelRef>,
    /// Models allowed one shot past their weapon's limit this turn (A Hog Killin' Time).
    #[serde(default)]
    pub extra_shot: Vec<ModelRef>,
    /// How the game ended, once it has.
    #[serde(default)]
    pub result: Option<SceneEnd>,
    /// The secret witness (Fast Train to Justice).
    #[serde(default)]
    pub witness: Option<ModelRef>,
    /// Sides whose first required Big Nerve test the scene ignored.
    #[serde(default)]
    pub bn_ignored: Vec<usize>,
    /// Sides that failed a Big Nerve test.
    #[serde(default)]
    pub failed_big_nerve: Vec<usize>,
    /// The models whose shooting results call for a nerve test now (Yellow Belly's moment).
    #[serde(default)]
    pub nerve_due: Vec<ModelRef>,
    /// The engine behaviour this game plays by ([`EDITION`]).
    #[serde(default)]
    pub edition: u32,
    /// The activation under way, once its model has declared.
    #[serde(default)]
    pub activation: Option<Activation>,
    /// The model whose next nerve test is taken under Tough as Old Boots.
    #[serde(default)]
    pub boots: Option<ModelRef>,
    /// Sides whose reinforcements were called and arrive when the next turn starts.
    #[serde(default)]
    pub called: Vec<usize>,
    /// The Duel under way.
    #[serde(default)]
    pub duel: Option<duel::Duel>,
    /// Sides with a model that has acted this turn (start-of-turn cards and abilities close).
    #[serde(default)]
    pub acted: Vec<usize>,
    /// The card the last shot into a fight turned, and the model it hit.
    #[serde(default)]
    pub randomised: Option<(Card, ModelRef)>,
    /// The side that failed a Big Nerve test, if any.
    pub broke: Option<usize>,
    /// How many events have been applied (seeds later draws).
    pub applied: u64,
    /// Every event applied, in order.
    pub log: Vec<Event>,
    /// Each event of the log in plain words, as it read when it happened.
    pub lines: Vec<String>,
}

impl Default for Game {
    fn default() -> Self {
        Game {
            seed: 0,
            scene: None,
            turn: 0,
            phase: Phase::Initiative,
            sides: Vec::new(),
            tie_priority: None,
            fights: Vec::new(),
            quick_shots: Vec::new(),
            pending: None,
            in_play: Vec::new(),
            abilities_used: Vec::new(),
            skipped: Vec::new(),
            extra_shot: Vec::new(),
            result: None,
            witness: None,
            bn_ignored: Vec::new(),
            failed_big_nerve: Vec::new(),
            nerve_due: Vec::new(),
            edition: 0,
            activation: None,
            boots: None,
            called: Vec::new(),
            duel: None,
            acted: Vec::new(),
            randomised: None,
            broke: None,
            applied: 0,
            log: Vec::new(),
            lines: Vec::new(),
        }
    }
}

/// A marker correction in words.
fn marker_words(marker: Marker) -> String {
    match marker {
        Marker::UnderFire(n) => {
            crate::systems::dmh::rules::count(n, "under fire marker", "under fire markers")
        }
        Marker::OutOfAmmo(true) => "out of ammo".into(),
        Marker::OutOfAmmo(false) => "reloaded".into(),
        Marker::Moves(n) => crate::systems::dmh::rules::count(n, "move marker", "move markers"),
        Marker::OutOfAction(true) => "out of action".into(),
        Marker::OutOfAction(false) => "back in action".into(),
        Marker::Flag(f, true) => f.title().into(),
        Marker::Flag(f, false) => format!("no longer {}", f.title()),
    }
}

fn side_of(index: usize) -> Side {
    if index == 0 { Side::A } else { Side::B }
}

impl Game {
    /// Replays `events` from an empty game.
    ///
    /// # Errors
    /// The first event that cannot be applied, with its position.
    pub fn replay(rules: &Rules, events: &[Event]) -> Result<Game, (usize, GameError)> {
        let mut game = Game::default();
        for (i, event) in events.iter().enumerate() {
            game.apply(rules, event).map_err(|e| (i, e))?;
        }
        Ok(game)
    }

    /// Whether `event` would be accepted now, without applying it (the log is not copied).
    #[must_use]
    pub fn allows(&self, rules: &Rules, event: &Event) -> bool {
        self.refusal(rules, event).is_none()
    }

    /// Why `event` would be refused now, or `None` when it would be accepted (the log is not
    /// copied).
    #[must_use]
    pub fn refusal(&self, rules: &Rules, event: &Event) -> Option<GameError> {
        let mut next = Game {
            seed: self.seed,
            scene: self.scene.clone(),
            turn: self.turn,
            phase: self.phase,
            sides: self.sides.clone(),
            tie_priority: self.tie_priority,
            fights: self.fights.clone(),
            quick_shots: self.quick_shots.clone(),
            pending: self.pending.clone(),
            in_play: self.in_play.clone(),
            abilities_used: self.abilities_used.clone(),
            skipped: self.skipped.clone(),
            extra_shot: self.extra_shot.clone(),
            result: self.result.clone(),
            witness: self.witness,
            bn_ignored: self.bn_ignored.clone(),
            failed_big_nerve: self.failed_big_nerve.clone(),
            nerve_due: self.nerve_due.clone(),
            edition: self.edition,
            activation: self.activation.clone(),
            boots: self.boots,
            called: self.called.clone(),
            duel: self.duel.clone(),
            acted: self.acted.clone(),
            randomised: self.randomised,
            broke: self.broke,
            applied: self.applied,
            log: Vec::new(),
            lines: Vec::new(),
        };
        next.apply_inner(rules, event).err()
    }

    /// Whether model `r` is dealt an initiative card this turn.
    #[must_use]
    pub fn card_due(&self, rules: &Rules, r: ModelRef) -> bool {
        self.model_at(r).is_some_and(|m| Self::gets_card(m, self.duellists_only(rules)))
    }

    /// The game without its last event (undo), and that event.
    ///
    /// # Errors
    /// When the shorter log does not replay (it always does for a log this game produced).
    pub fn undo(&self, rules: &Rules) -> Result<Option<(Game, Event)>, (usize, GameError)> {
        let Some((last, rest)) = self.log.split_last() else { return Ok(None) };
        Ok(Some((Game::replay(rules, rest)?, last.clone())))
    }

    /// A seed for the `n`-th random draw after the start, derived from the game's seed.
    fn derived_seed(&self, salt: u64) -> u64 {
        self.seed ^ self.applied.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ salt
    }

    /// The model at `r`, if there is one.
    #[must_use]
    pub fn model_at(&self, r: ModelRef) -> Option<&Model> {
        self.sides.get(r.side).and_then(|s| s.models.get(r.model))
    }

    fn model(&self, r: ModelRef) -> Result<&Model, GameError> {
        self.sides.get(r.side).and_then(|s| s.models.get(r.model)).ok_or(GameError::NoModel(r))
    }

    fn model_mut(&mut self, r: ModelRef) -> Result<&mut Model, GameError> {
        self.sides.get_mut(r.side).and_then(|s| s.models.get_mut(r.model)).ok_or(GameError::NoModel(r))
    }

    fn expect_phase(&self, phase: Phase) -> Result<(), GameError> {
        if self.phase == phase { Ok(()) } else { Err(GameError::WrongPhase(self.phase)) }
    }

    fn check_roll(roll: u32, die: u32) -> Result<(), GameError> {
        if (1..=die).contains(&roll) { Ok(()) } else { Err(GameError::BadRoll { die, roll }) }
    }

    /// Applies one event: the only way a game changes. On error nothing changes.
    ///
    /// # Errors
    /// When the event does not fit the game as it stands.
    pub fn apply(&mut self, rules: &Rules, event: &Event) -> Result<(), GameError> {
        // Work on a copy of the state (not of the log, which only grows) so a refused event
        // changes nothing, and the cost of an event does not grow with the game's length.
        let log = std::mem::take(&mut self.log);
        let lines = std::mem::take(&mut self.lines);
        let mut next = self.clone();
        let result = next.apply_inner(rules, event);
        match result {
            Ok(()) => {
                // The scene's checks read the log (the Big Nerve tests taken this turn), so
                // they run once the event is in it.
                next.log = log;
                next.log.push(event.clone());
                next.after_event(rules);
                let line = self.describe(rules, &next, event);
                next.lines = lines;
                next.lines.push(line);
                next.applied += 1;
                *self = next;
                Ok(())
            }
            Err(e) => {
                self.log = log;
                self.lines = lines;
                Err(e)
            }
        }
    }

    fn name(&self, r: ModelRef) -> String {
        self.model(r).map_or_else(|_| "?".into(), |m| m.name.clone())
    }

    fn with_card(&self, r: ModelRef) -> String {
        match self.model(r) {
            Ok(m) => m.card.map_or_else(|| m.name.clone(), |c| format!("{} ({})", m.name, c.label())),
            Err(_) => "?".into(),
        }
    }

    /// An event in plain words, from the state before it (`self`) and after it (`after`).
    #[must_use]
    pub fn describe(&self, rules: &Rules, after: &Game, event: &Event) -> String {
        let turn = format!("Turn {}", after.turn.max(1));
        if let Some(what) = hands::describe(self, rules, after, event)
            .or_else(|| scene::describe(self, after, event))
            .or_else(|| activation::describe(self, after, event))
            .or_else(|| duel::describe(self, rules, after, event))
        {
            return format!("{turn} · {what}");
        }
        let what = match event {
            Event::Begin(setup) => format!(
                "{} against {}{}; hands dealt (seed {})",
                setup.sides[0].gang.name,
                setup.sides[1].gang.name,
                setup
                    .scene
                    .as_deref()
                    .and_then(|id| rules.scene(id))
                    .map_or(String::new(), |s| format!(" in {}", s.title)),
                setup.seed
            ),
            Event::DealInitiative { cards, .. } => {
                format!(
                    "initiative cards {}",
                    if cards.is_some() { "drawn from the players' decks" } else { "dealt" }
                )
            }
            Event::TiePriority { side } => {
                format!("{} win ties this turn", after.sides.get(*side).map_or("?", |s| s.name.as_str()))
            }
            Event::Switch { a, b } => format!("{} and {} swap cards", self.name(*a), self.name(*b)),
            Event::Shot { .. } | Event::QuickShot { .. } => self.describe_fire(rules, after, event),
            Event::Nerve { model, needed, roll, .. } => format!(
                "{} takes a nerve test needing {needed}+: {roll}, {}",
                self.name(*model),
                if nerve::test_result(*needed, *roll) == nerve::TestResult::Pass {
                    "passed"
                } else {
                    "failed, another marker"
                }
            ),
            Event::EndActivation { model, moves } => {
                format!(
                    "{} finishes ({})",
                    self.with_card(*model),
                    crate::systems::dmh::rules::count(*moves, "move", "moves")
                )
            }
            Event::Interrupt { model, kind } => format!(
                "{} {}, burning its activation",
                self.with_card(*model),
                if *kind == Interruption::DuckBack { "ducks back" } else { "quick shoots" }
            ),
            Event::SetMarker { model, marker } => format!("{}: {}", self.name(*model), marker_words(*marker)),
            Event::Fight { a, b, a_modifier, b_modifier, a_roll, b_roll } => {
                self.describe_fight(after, [*a, *b], [*a_modifier, *b_modifier], [*a_roll, *b_roll])
            }
            Event::BreakOff { model } => format!("{} breaks off from the fight", self.name(*model)),
            Event::ExtraCard { model } => match after.model_at(*model).and_then(|m| m.second) {
                Some(card) => {
                    format!("{} is dealt a second card, {}, and chooses", self.name(*model), card.label())
                }
                None => format!("{} has no card left for a second card", self.name(*model)),
            },
            Event::DiscardToDraw { side, card } => format!(
                "{} discard {} to draw a card",
                self.sides.get(*side).map_or("?", |s| s.name.as_str()),
                card.label()
            ),
            Event::PlayCard { side, card } => {
                format!("{} play {}", self.sides.get(*side).map_or("?", |s| s.name.as_str()), card.label())
            }
            Event::EndTurn => self.end_turn_words(),
            Event::BigNerve { side, roll } => {
                let name = self.sides.get(*side).map_or("?", |s| s.name.as_str());
                if after.broke == Some(*side) {
                    format!("{name} fail the Big Nerve test ({roll}) and get out of Dodge")
                } else {
                    format!("{name} pass the Big Nerve test ({roll})")
                }
            }
            Event::NextTurn => format!("cards drawn; turn {} begins", after.turn),
            // Described by `hands::describe`, `scene::describe` and `activation::describe` above.
            _ => String::new(),
        };
        format!("{turn} · {what}")
    }

    /// A shot or a quick-shot exchange in plain words.
    fn describe_fire(&self, rules: &Rules, after: &Game, event: &Event) -> String {
        match event {
            Event::Shot { shooter, target, modifier, roll, weapon, duck_back } => {
                let fire = Fire {
                    shooter: *shooter,
                    target: *target,
                    modifier: *modifier,
                    roll: *roll,
                    weapon: weapon.clone(),
                };
                let shot = self.describe_shot(rules, after, &fire);
                if *duck_back { format!("{} ducks back; {shot}", self.name(*target)) } else { shot }
            }
            Event::QuickShot { quick, answer } => {
                let mut text =
                    format!("{} quick shoots, burning its activation: ", self.with_card(quick.shooter));
                text.push_str(&self.describe_shot(rules, after, quick));
                if let Some(a) = answer {
                    text.push_str("; at the same time ");
                    text.push_str(&self.describe_shot(rules, after, a));
                }
                text
            }
            _ => String::new(),
        }
    }

    /// The end of the turn in plain words.
    fn end_turn_words(&self) -> String {
        let skipped = u32::try_from(self.skipped.len()).unwrap_or(0);
        if skipped == 0 {
            "end of the turn: move markers off".into()
        } else {
            format!(
                "end of the turn: move markers off; {} fail (Crazy as a Loon)",
                crate::systems::dmh::rules::count(skipped, "skipped nerve test", "skipped nerve tests")
            )
        }
    }

    /// A shot in plain words.
    fn describe_shot(&self, rules: &Rules, after: &Game, fire: &Fire) -> String {
        let Fire { shooter, target, modifier, roll, .. } = *fire;
        let result = shooting::result(rules, modifier, roll);
        let total = i64::from(roll) + i64::from(modifier);
        let with = fire
            .weapon
            .as_deref()
            .and_then(|w| rules.weapon(w))
            .map_or(String::new(), |w| format!(" ({})", w.name.to_lowercase()));
        let mut text = format!(
            "{} shoots {}{with}: {roll} {modifier:+} = {total}, {}",
            self.with_card(shooter),
            self.name(target),
            result.title().to_lowercase()
        );
        if result != ShotResult::OutOfAmmo
            && after.model(shooter).is_ok_and(|m| m.out_of_ammo)
            && !self.model(shooter).is_ok_and(|m| m.out_of_ammo)
        {
            text.push_str("; out of ammo");
        }
        if let Some((card, hit)) = after.randomised {
            text.push_str("; into the fight, ");
            text.push_str(&card.label());
            text.push_str(" turned: it hits ");
            text.push_str(&self.name(hit));
        }
        let target = after.randomised.map_or(target, |(_, hit)| hit);
        if after.model(target).is_ok_and(|m| m.out_of_action)
            && !self.model(target).is_ok_and(|m| m.out_of_action)
        {
            text.push_str("; ");
            text.push_str(&self.name(target));
            text.push_str(" is out of action");
        }
        text
    }

    /// A roll-off in plain words.
    fn describe_fight(
        &self,
        after: &Game,
        [a, b]: [ModelRef; 2],
        [a_modifier, b_modifier]: [i32; 2],
        [a_roll, b_roll]: [u32; 2],
    ) -> String {
        let fighting_on = self.fight_of(a).is_some_and(|f| f.involves(b));
        let (ta, tb) = (i64::from(a_roll) + i64::from(a_modifier), i64::from(b_roll) + i64::from(b_modifier));
        let outcome = match ta.cmp(&tb) {
            std::cmp::Ordering::Equal => "a draw, they fight on".to_owned(),
            std::cmp::Ordering::Greater => format!(
                "{} takes {}",
                self.name(b),
                crate::systems::dmh::rules::count(u32::try_from(ta - tb).unwrap_or(0), "marker", "markers")
            ),
            std::cmp::Ordering::Less => format!(
                "{} takes {}",
                self.name(a),
                crate::systems::dmh::rules::count(u32::try_from(tb - ta).unwrap_or(0), "marker", "markers")
            ),
        };
        let mut text = format!(
            "{} {} {}: {a_roll} {a_modifier:+} = {ta} against {b_roll} {b_modifier:+} = {tb}, {outcome}",
            self.with_card(a),
            if fighting_on { "fights on with" } else { "charges" },
            self.name(b),
        );
        for r in [a, b] {
            if after.model(r).is_ok_and(|m| m.out_of_action) && !self.model(r).is_ok_and(|m| m.out_of_action)
            {
                text.push_str("; ");
                text.push_str(&self.name(r));
                text.push_str(" is out of action");
            }
        }
        text
    }

    fn apply_inner(&mut self, rules: &Rules, event: &Event) -> Result<(), GameError> {
        if self.sides.is_empty() && !matches!(event, Event::Begin(_)) {
            return Err(GameError::NotBegun);
        }
        if self.pending.is_some() && !matches!(event, Event::Trump { .. } | Event::Settle) {
            return Err(GameError::CardPending);
        }
        match event {
            Event::Begin(setup) => self.begin(rules, setup),
            Event::DealInitiative { face_up, cards } => {
                self.deal_initiative(rules, *face_up, cards.as_deref())
            }
            Event::TiePriority { side } => {
                if *side > 1 {
                    return Err(GameError::NoModel(ModelRef { side: *side, model: 0 }));
                }
                self.tie_priority = Some(*side);
                Ok(())
            }
            Event::Switch { a, b } => {
                self.expect_phase(Phase::Activations)?;
                if a.side != b.side {
                    return Err(GameError::DifferentSides);
                }
                let (ca, cb) = (self.model(*a)?.card, self.model(*b)?.card);
                self.model_mut(*a)?.card = cb;
                self.model_mut(*b)?.card = ca;
                Ok(())
            }
            Event::Shot { shooter, target, modifier, roll, weapon, duck_back } => {
                let fire = Fire {
                    shooter: *shooter,
                    target: *target,
                    modifier: *modifier,
                    roll: *roll,
                    weapon: weapon.clone(),
                };
                self.shot(rules, &fire, *duck_back)
            }
            Event::QuickShot { quick, answer } => self.quick_shot(rules, quick, answer.as_ref()),
            Event::Declare { model, actions } => self.declare(rules, *model, actions),
            Event::Move { model, halted } => self.move_action(*model, *halted),
            Event::Reload { model } => self.reload(*model),
            Event::ChangeWeapon { model, weapon } => self.change_weapon(rules, *model, weapon),
            Event::SkipAction { model } => self.skip_action(*model),
            Event::TieDraw { cards } => self.tie_draw(cards.as_ref()),
            Event::CallReinforcements { side, card } => self.call_reinforcements(rules, *side, *card),
            Event::DuelRound { cards } => self.duel_round(rules, cards.as_ref()),
            Event::DuelDecide { side, stand, card } => self.duel_decide(rules, *side, *stand, *card),
            Event::DuelFire { shots } => self.duel_fire(rules, shots),
            Event::Fight { a, b, a_modifier, b_modifier, a_roll, b_roll } => {
                self.fight(rules, *a, *b, [*a_modifier, *b_modifier], [*a_roll, *b_roll])
            }
            Event::BreakOff { model } => self.break_off(*model),
            Event::DiscardToDraw { side, card } => self.discard_to_draw(*side, *card),
            Event::ExtraCard { model } => self.extra_card(*model),
            Event::Play { side, card, targets } => self.play(rules, *side, *card, targets),
            Event::Trump { side, card } => self.trump(*side, *card),
            Event::Settle => self.settle(rules),
            Event::Recover { model } => self.recover(*model),
            Event::RestoreActivation { model, cancelled } => self.restore_activation(*model, *cancelled),
            Event::KeepCard { model, keep_second } => self.keep_card(*model, *keep_second),
            Event::UseAbility { side, ability, targets, card } => {
                self.use_ability(rules, *side, *ability, targets, *card)
            }
            Event::SkipNerve { model } => self.skip_nerve(*model),
            Event::SetHand { side, cards } => self.set_hand(*side, cards),
            Event::SecretWitness { model } => self.note_witness(rules, *model),
            Event::Approach { model } => self.approach(*model),
            Event::EndScene { condition, winner } => self.end_scene(rules, condition, *winner),
            Event::Nerve { model, needed, roll, to_shoot } => {
                self.nerve(rules, *model, *needed, *roll, *to_shoot)
            }
            Event::EndActivation { model, moves } => self.end_activation(*model, *moves),
            Event::Interrupt { model, kind } => self.interrupt(*model, *kind),
            Event::SetMarker { model, marker } => self.set_marker(*model, *marker),
            Event::PlayCard { side, card } => self.play_card(*side, *card),
            Event::EndTurn => self.end_turn(),
            Event::BigNerve { side, roll } => self.big_nerve(rules, *side, *roll),
            Event::NextTurn => self.next_turn(rules),
        }
    }

    fn nerve(
        &mut self,
        rules: &Rules,
        model: ModelRef,
        needed: u32,
        roll: u32,
        to_shoot: Option<ModelRef>,
    ) -> Result<(), GameError> {
        Self::check_roll(roll, rules.core.nerve.die)?;
        self.model(model)?;
        self.check_boots(rules, model, needed)?;
        let passed = nerve::test_result(needed, roll) == nerve::TestResult::Pass;
        if !passed {
            self.add_markers(model, 1)?;
            self.nerve_failed(model.side);
        }
        if let Some(target) = to_shoot {
            let Some(a) = self.activation.as_mut().filter(|a| a.model == model) else {
                return Err(GameError::Declaration(format!(
                    "{} tests to shoot only during its own activation",
                    self.name(model)
                )));
            };
            if passed && !a.cleared.contains(&target) {
                a.cleared.push(target);
            }
        }
        self.nerve_due.retain(|r| *r != model);
        Ok(())
    }

    fn end_activation(&mut self, model: ModelRef, moves: u32) -> Result<(), GameError> {
        self.expect_phase(Phase::Activations)?;
        let m = self.model(model)?;
        if m.activated {
            return Err(GameError::AlreadyActivated(m.name.clone()));
        }
        if let Some(a) = self.activation.as_ref().filter(|a| a.model != model) {
            return Err(GameError::Declaration(format!("finish {}'s activation first", self.name(a.model))));
        }
        self.finish_activation(model, moves)?;
        self.expire(&[Lasts::Activation]);
        self.mark_acted(model.side);
        self.nerve_due.clear();
        Ok(())
    }

    /// A card played straight to the discard pile, with no trump offered (kept for journals
    /// written before trumping; the Play screen uses `Play`, `Trump` and `Settle`).
    fn play_card(&mut self, side: usize, card: Card) -> Result<(), GameError> {
        let s = self.sides.get_mut(side).ok_or(GameError::NoModel(ModelRef { side, model: 0 }))?;
        let pos = s.hand.iter().position(|c| *c == card).ok_or(GameError::MissingCard(card))?;
        s.hand.remove(pos);
        s.discard.push(card);
        s.used_card = true;
        Ok(())
    }

    fn end_turn(&mut self) -> Result<(), GameError> {
        self.expect_phase(Phase::Activations)?;
        let mut left = Vec::new();
        for (s, side) in self.sides.iter_mut().enumerate() {
            for m in &mut side.models {
                m.moves = 0;
                if let Some(card) = m.card.take() {
                    left.push((card, s));
                }
            }
        }
        for (card, s) in left {
            self.discard_model_card(card, s);
        }
        self.expire(&[Lasts::Activation, Lasts::Turn]);
        self.extra_shot.clear();
        // An activation left open ends with the turn, and so does a Tough as Old Boots
        // declared for a test never taken.
        self.activation = None;
        self.boots = None;
        self.skipped_tests_fail()?;
        self.phase = Phase::EndOfTurn;
        Ok(())
    }

    fn set_marker(&mut self, model: ModelRef, marker: Marker) -> Result<(), GameError> {
        let m = self.model_mut(model)?;
        match marker {
            Marker::UnderFire(n) => {
                m.under_fire = n;
                m.out_of_action = n >= m.hits;
            }
            Marker::OutOfAmmo(b) => {
                m.out_of_ammo = b;
                if !b {
                    // Reloading refills the shotgun's barrels.
                    m.shots.remove("shotgun");
                    m.shots.remove("both-barrels");
                }
            }
            Marker::Moves(n) => m.moves = n,
            Marker::OutOfAction(b) => m.out_of_action = b,
            Marker::Flag(flag, on) => {
                m.flags.retain(|f| *f != flag);
                if on {
                    m.flags.push(flag);
                    m.flags.sort_unstable();
                }
            }
        }
        self.discard_if_down(model);
        Ok(())
    }

    fn break_off(&mut self, model: ModelRef) -> Result<(), GameError> {
        self.expect_phase(Phase::Activations)?;
        let name = self.model(model)?.name.clone();
        if self.edition >= 1 && self.fight_of(model).is_some() {
            // Breaking off takes the first two declared moves (line 191).
            self.take(model, Action::Move, false)?;
            self.take(model, Action::Move, false)?;
        }
        let before = self.fights.len();
        self.fights.retain(|f| !f.involves(model));
        if self.fights.len() == before {
            return Err(GameError::NotInFight(name));
        }
        Ok(())
    }

    fn discard_to_draw(&mut self, side: usize, card: Card) -> Result<(), GameError> {
        self.expect_phase(Phase::EndOfTurn)?;
        let s = self.sides.get_mut(side).ok_or(GameError::NoModel(ModelRef { side, model: 0 }))?;
        if s.used_card {
            return Err(GameError::AlreadyDraws(s.name.clone()));
        }
        let pos = s.hand.iter().position(|c| *c == card).ok_or(GameError::MissingCard(card))?;
        s.hand.remove(pos);
        s.discard.push(card);
        s.used_card = true;
        Ok(())
    }

    /// Deals a model a second initiative card to look at; `KeepCard` then keeps one. A side
    /// with nothing left to draw has run out (reading A52).
    fn extra_card(&mut self, model: ModelRef) -> Result<(), GameError> {
        self.expect_phase(Phase::Activations)?;
        let m = self.model(model)?;
        if m.activated || m.out_of_action {
            return Err(GameError::AlreadyActivated(m.name.clone()));
        }
        if m.card.is_none() || m.second.is_some() {
            return Err(GameError::Rules(format!("{} cannot take a second card now", m.name)));
        }
        let seed = self.derived_seed(0x200);
        let side = &mut self.sides[model.side];
        let second = side.draw(seed);
        side.models[model.model].second = second;
        Ok(())
    }

    /// Keeps one of a model's two initiative cards; the other goes to the discard pile.
    fn keep_card(&mut self, model: ModelRef, keep_second: bool) -> Result<(), GameError> {
        let m = self.model_mut(model)?;
        let Some(second) = m.second.take() else {
            return Err(GameError::Rules(format!("{} has no second card to choose", m.name)));
        };
        let drop = if keep_second { m.card.replace(second) } else { Some(second) };
        if let Some(card) = drop {
            self.discard_model_card(card, model.side);
        }
        Ok(())
    }

    fn interrupt(&mut self, model: ModelRef, kind: Interruption) -> Result<(), GameError> {
        self.expect_phase(Phase::Activations)?;
        if self.edition >= 1 {
            return Err(GameError::Rules(
                "duck backs and quick shots are part of the shot they answer in this game".into(),
            ));
        }
        if kind == Interruption::QuickShot {
            if self.model(model)?.out_of_ammo {
                return Err(GameError::OutOfAmmo(self.name(model)));
            }
            if self.quick_shot_taken(model.side) {
                return Err(GameError::QuickShotTaken(self.sides[model.side].name.clone()));
            }
        }
        self.burn(model, kind)?;
        if kind == Interruption::QuickShot
            && let Some(current) = self.order().ok().and_then(|o| o.first().copied())
        {
            self.quick_shots.push((model.side, current));
        }
        Ok(())
    }

    /// A model that has not yet acted burns its activation to interrupt: its card goes to the
    /// discard pile; a duck back counts as moving once.
    fn burn(&mut self, model: ModelRef, kind: Interruption) -> Result<(), GameError> {
        let m = self.model(model)?;
        if m.out_of_action {
            return Err(GameError::OutOfAction(m.name.clone()));
        }
        if m.activated || (m.card.is_none() && !m.acts_without_card()) || !m.on_table() {
            return Err(GameError::AlreadyActivated(m.name.clone()));
        }
        if self.fight_of(model).is_some() {
            return Err(GameError::InFight(self.name(model)));
        }
        if self.model(model)?.has(Flag::Surprised) {
            return Err(GameError::Rules(format!(
                "{} is surprised: no duck back or quick shot this turn",
                self.name(model)
            )));
        }
        let m = self.model_mut(model)?;
        m.activated = true;
        if kind == Interruption::DuckBack {
            m.moves = m.moves.max(1);
        }
        m.burnt = m.card;
        if let Some(card) = m.card.take() {
            self.discard_model_card(card, model.side);
        }
        self.mark_acted(model.side);
        Ok(())
    }

    fn mark_acted(&mut self, side: usize) {
        if !self.acted.contains(&side) {
            self.acted.push(side);
        }
    }

    /// Gives back the activation a duck back burnt (Above Snakes passed, or The Quick and the
    /// Dead cancelled the duck back): the model takes its card back from the discard pile.
    fn restore_activation(&mut self, model: ModelRef, cancelled: bool) -> Result<(), GameError> {
        self.expect_phase(Phase::Activations)?;
        let m = self.model(model)?;
        let Some(card) = m.burnt.filter(|_| m.activated && !m.out_of_action) else {
            return Err(GameError::Rules(format!("{} has no burnt activation to give back", m.name)));
        };
        let pile = self.sides.iter_mut().find_map(|s| {
            let pos = s.discard.iter().rposition(|c| *c == card)?;
            Some((s, pos))
        });
        let Some((side, pos)) = pile else { return Err(GameError::MissingCard(card)) };
        side.discard.remove(pos);
        let edition = self.edition;
        let m = self.model_mut(model)?;
        m.card = Some(card);
        m.activated = false;
        m.burnt = None;
        if cancelled {
            // The Quick and the Dead: the duck back never happened, so no move marker.
            m.moves = 0;
        } else if edition >= 1 {
            // Above Snakes: the duck back counts as one action taken, with its move marker.
            m.spent = 1;
        }
        Ok(())
    }

    fn begin(&mut self, rules: &Rules, setup: &Setup) -> Result<(), GameError> {
        if !self.sides.is_empty() {
            return Err(GameError::AlreadyBegun);
        }
        self.seed = setup.seed;
        self.edition = setup.edition;
        self.scene.clone_from(&setup.scene);
        self.turn = 1;
        self.phase = Phase::Initiative;
        for (i, s) in setup.sides.iter().enumerate() {
            let gang = rules.gang(&s.gang.gang).ok_or_else(|| GameError::UnknownGang(s.gang.gang.clone()))?;
            let mut deck = cards::build_deck(gang, s.deck, s.role, s.numbers);
            cards::shuffle(&mut deck, setup.seed.wrapping_add(u64::try_from(i).unwrap_or(0)));
            let models: Vec<Model> = s
                .gang
                .models
                .iter()
                .filter_map(|m| {
                    let p = gang.profile(&m.profile)?;
                    Some(Model {
                        name: m.name.clone(),
                        profile: p.id.clone(),
                        hits: p.hits,
                        nerve: p.nerve,
                        shoot: p.shoot,
                        hth: p.hth,
                        boss: p.class == crate::systems::dmh::rules::data::ModelClass::Boss,
                        weapons: m.weapons.clone(),
                        under_fire: 0,
                        out_of_ammo: false,
                        moves: 0,
                        out_of_action: false,
                        card: None,
                        activated: false,
                        flags: Vec::new(),
                        shots: std::collections::BTreeMap::new(),
                        burnt: None,
                        second: None,
                        held: None,
                        spent: 0,
                    })
                })
                .collect();
            let mut side = SideState {
                owns: deck.clone(),
                name: s.gang.name.clone(),
                gang: gang.id.clone(),
                role: s.role,
                reshuffle: s.reshuffle,
                started_with: u32::try_from(models.len()).unwrap_or(u32::MAX),
                models,
                deck,
                hand: Vec::new(),
                discard: Vec::new(),
                used_card: false,
                ran_out: false,
            };
            let hand = usize::try_from(s.hand).unwrap_or(0);
            side.hand = cards::draw(&mut side.deck, hand);
            self.sides.push(side);
        }
        self.start_flags(rules);
        if setup.sides.iter().all(|s| s.deck == DeckKind::Duel) {
            self.begin_duel(rules);
        }
        Ok(())
    }

    /// Whether model `m` gets an initiative card this turn: standing, on the table, not acting
    /// as an ace or told to go without; in a duellists' first turn, only the duellists.
    fn gets_card(m: &Model, duellists_only: bool) -> bool {
        !m.out_of_action
            && m.on_table()
            && !m.has(Flag::Ace)
            && !m.has(Flag::NoCard)
            && (!duellists_only || m.has(Flag::Duellist))
    }

    fn deal_initiative(
        &mut self,
        rules: &Rules,
        face_up: [Option<usize>; 2],
        given: Option<&[(ModelRef, Card)]>,
    ) -> Result<(), GameError> {
        self.expect_phase(Phase::Initiative)?;
        let duellists = self.duellists_only(rules);
        if duellists
            && let Some(side) = self.sides.iter().find(|s| !s.models.iter().any(|m| m.has(Flag::Duellist)))
        {
            return Err(GameError::Rules(format!(
                "mark the {}' duellist first (⚑ → Duellist): in the first turn only the duellists get a card",
                side.role.title().to_lowercase()
            )));
        }
        let given = given.unwrap_or_default();
        for (r, card) in given {
            let m = self.model(*r)?;
            if m.out_of_action {
                return Err(GameError::OutOfAction(m.name.clone()));
            }
            if !Self::gets_card(m, duellists) {
                return Err(GameError::Rules(format!("{} gets no initiative card this turn", m.name)));
            }
            let side = &mut self.sides[r.side];
            let pos = side.deck.iter().position(|c| c == card).ok_or(GameError::MissingCard(*card))?;
            side.deck.remove(pos);
            if let Some(old) = side.models[r.model].card.replace(*card) {
                side.deck.push(old);
            }
        }
        // A side whose player typed no card is dealt from the top of its deck.
        for (i, first) in face_up.iter().enumerate() {
            if given.iter().any(|(r, _)| r.side == i) {
                continue;
            }
            let seed = self.derived_seed(u64::try_from(i).unwrap_or(0));
            let Some(side) = self.sides.get_mut(i) else { continue };
            let in_play = |m: &Model| Self::gets_card(m, duellists);
            let order: Vec<usize> = first
                .filter(|&f| side.models.get(f).is_some_and(in_play))
                .into_iter()
                .chain((0..side.models.len()).filter(|&m| Some(m) != *first && in_play(&side.models[m])))
                .collect();
            for m in order {
                let card = side.draw(seed);
                side.models[m].card = card;
            }
        }
        for side in &mut self.sides {
            for m in &mut side.models {
                m.activated = m.out_of_action || (m.card.is_none() && !m.acts_without_card());
                m.shots.clear();
                m.burnt = None;
                m.spent = 0;
            }
        }
        self.tie_priority = None;
        self.quick_shots.clear();
        self.acted.clear();
        self.nerve_due.clear();
        self.activation = None;
        self.phase = Phase::Activations;
        Ok(())
    }

    /// The activation order of the models still to act, highest card first.
    ///
    /// # Errors
    /// When enemy models tie and no tie priority has been recorded yet.
    pub fn order(&self) -> Result<Vec<ModelRef>, initiative::InitiativeError> {
        // Models acting as an ace have no card: they go first, before any real ace (A58).
        let mut aces = Vec::new();
        let mut refs = Vec::new();
        let mut placed = Vec::new();
        for (s, side) in self.sides.iter().enumerate() {
            for (m, model) in side.models.iter().enumerate() {
                if model.activated || model.out_of_action {
                    continue;
                }
                let r = ModelRef { side: s, model: m };
                let card = match model.card {
                    Some(card) => card,
                    None if !model.acts_without_card() => continue,
                    None if model.has(Flag::Ace) => {
                        aces.push(r);
                        continue;
                    }
                    // Surprised and given no card: after everyone else, as the lowest card.
                    None => Card::Joker(Colour::Black),
                };
                refs.push(r);
                placed.push(Placed {
                    side: side_of(s),
                    model: model.name.clone(),
                    card,
                    drunk: model.has(Flag::Drunk),
                    surprised: model.has(Flag::Surprised),
                });
            }
        }
        let order = initiative::activation_order(&placed, self.tie_priority.map(side_of))?;
        Ok(aces.into_iter().chain(order.into_iter().map(|i| refs[i])).collect())
    }

    /// Enemy models tie and both players placed at once: each side draws a card and the
    /// higher wins ties this turn (line 58). The cards count as used and may run a deck out.
    fn tie_draw(&mut self, typed: Option<&[Card; 2]>) -> Result<(), GameError> {
        self.expect_phase(Phase::Activations)?;
        if self.tie_priority.is_some() || self.order().is_ok() {
            return Err(GameError::Rules("no models tie for the order now".into()));
        }
        let mut values = [None, None];
        for (i, value) in values.iter_mut().enumerate() {
            let seed = self.derived_seed(0x400 + u64::try_from(i).unwrap_or(0));
            let Some(side) = self.sides.get_mut(i) else { continue };
            let card = match typed {
                Some(cards) => {
                    let card = cards[i];
                    let pos =
                        side.deck.iter().position(|c| *c == card).ok_or(GameError::MissingCard(card))?;
                    Some(side.deck.remove(pos))
                }
                None => side.draw(seed),
            };
            if let Some(card) = card {
                side.discard.push(card);
                *value = Some(card.value());
            }
        }
        self.tie_priority = match values {
            [Some(a), Some(b)] if a > b => Some(0),
            [Some(a), Some(b)] if b > a => Some(1),
            [Some(_), None] => Some(0),
            [None, Some(_)] => Some(1),
            _ => None,
        };
        Ok(())
    }

    /// Whether `side` has already quick shot during the activation under way: one quick shot
    /// per enemy activation for the whole reacting side (reading A21).
    #[must_use]
    pub fn quick_shot_taken(&self, side: usize) -> bool {
        let current = self.order().ok().and_then(|o| o.first().copied());
        current.is_some_and(|c| self.quick_shots.contains(&(side, c)))
    }

    /// The events since this turn's initiative cards were dealt.
    fn this_turn(&self) -> impl Iterator<Item = &Event> {
        self.log.iter().rev().take_while(|e| !matches!(e, Event::DealInitiative { .. }))
    }

    /// The side that may make the lowest-card switch now: after the reveal, before any model
    /// acts, once per turn (reading A03).
    ///
    /// # Errors
    /// When both sides hold the lowest card and tie priority is not recorded yet.
    pub fn switch_side(&self) -> Result<Option<usize>, initiative::InitiativeError> {
        // Any model acting (a declaration, a shot, an interruption…) closes the offer.
        let started = !self.acted.is_empty()
            || self.this_turn().any(|e| {
                matches!(e, Event::EndActivation { .. } | Event::Shot { .. } | Event::Switch { .. })
            });
        if self.phase != Phase::Activations || started {
            return Ok(None);
        }
        let placed: Vec<Placed> = self
            .sides
            .iter()
            .enumerate()
            .flat_map(|(s, side)| {
                side.models.iter().filter_map(move |m| {
                    m.card.map(|card| Placed {
                        side: side_of(s),
                        model: m.name.clone(),
                        card,
                        drunk: m.has(Flag::Drunk),
                        surprised: m.has(Flag::Surprised),
                    })
                })
            })
            .collect();
        let side = initiative::switch_side(&placed, self.tie_priority.map(side_of))?;
        Ok(side.map(|s| usize::from(s == Side::B)))
    }

    fn add_markers(&mut self, r: ModelRef, n: u32) -> Result<(), GameError> {
        let m = self.model_mut(r)?;
        m.under_fire += n;
        if m.under_fire >= m.hits {
            m.out_of_action = true;
        }
        self.discard_if_down(r);
        Ok(())
    }

    /// A model put out of action before it acts discards its initiative card.
    /// A model put out of action before it acts discards its initiative card, and its fight
    /// ends.
    fn discard_if_down(&mut self, r: ModelRef) {
        let Some(side) = self.sides.get_mut(r.side) else { return };
        let Some(m) = side.models.get_mut(r.model) else { return };
        if !m.out_of_action {
            return;
        }
        if let Some(card) = m.card.take() {
            self.discard_model_card(card, r.side);
        }
        self.fights.retain(|f| !f.involves(r));
        // A model that falls during its own activation acts no more (its declared actions are
        // lost).
        if self.activation.as_ref().is_some_and(|a| a.model == r) {
            self.activation = None;
            if let Some(m) = self.sides.get_mut(r.side).and_then(|s| s.models.get_mut(r.model)) {
                m.activated = true;
            }
        }
    }

    /// Puts an initiative card on its owner's discard pile: after a Red Joker swap a model
    /// may hold an enemy card. `fallback` is used for a card no side owns.
    fn discard_model_card(&mut self, card: Card, fallback: usize) {
        let owner = self.sides.iter().position(|s| s.owns.contains(&card)).unwrap_or(fallback);
        if let Some(side) = self.sides.get_mut(owner) {
            side.discard.push(card);
        }
    }

    /// The fight `r` is locked in, if any.
    #[must_use]
    pub fn fight_of(&self, r: ModelRef) -> Option<&Fight> {
        self.fights.iter().find(|f| f.involves(r))
    }

    fn fight(
        &mut self,
        rules: &Rules,
        a: ModelRef,
        b: ModelRef,
        modifiers: [i32; 2],
        rolls: [u32; 2],
    ) -> Result<(), GameError> {
        self.expect_phase(Phase::Activations)?;
        for roll in rolls {
            Self::check_roll(roll, rules.core.hand_to_hand.die)?;
        }
        if a.side == b.side {
            return Err(GameError::SameSide);
        }
        for r in [a, b] {
            let m = self.model(r)?;
            if m.out_of_action {
                return Err(GameError::OutOfAction(m.name.clone()));
            }
            if !m.on_table() {
                return Err(GameError::Targets(format!("{} is not on the table", m.name)));
            }
        }
        let turn = self.turn;
        let fighting_on = self.fight_of(a).is_some_and(|f| f.involves(b));
        if self.edition >= 1 {
            self.check_fight_turn(a, fighting_on)?;
        }
        match self.fights.iter_mut().find(|f| f.involves(a)) {
            Some(f) if f.involves(b) => {
                if f.rolled == turn {
                    return Err(GameError::FoughtThisTurn);
                }
                f.rolled = turn;
            }
            Some(_) => return Err(GameError::InFight(self.name(a))),
            None => {
                if self.fight_of(b).is_some() {
                    return Err(GameError::InFight(self.name(b)));
                }
                self.fights.push(Fight { a, b, started: turn, rolled: turn });
                // A model charged before it acts spends its activation in the fight (A24b).
                let m = self.model_mut(b)?;
                if !m.activated {
                    m.activated = true;
                    if let Some(card) = m.card.take() {
                        self.discard_model_card(card, b.side);
                    }
                }
            }
        }
        self.mark_acted(a.side);
        let ta = i64::from(rolls[0]) + i64::from(modifiers[0]);
        let tb = i64::from(rolls[1]) + i64::from(modifiers[1]);
        let markers = u32::try_from(ta.abs_diff(tb)).unwrap_or(u32::MAX);
        match ta.cmp(&tb) {
            std::cmp::Ordering::Greater => self.add_markers(b, markers)?,
            std::cmp::Ordering::Less => self.add_markers(a, markers)?,
            std::cmp::Ordering::Equal => {}
        }
        if self.edition >= 1 && !self.model(a)?.out_of_action {
            let enemy_down = self.model(b)?.out_of_action;
            if enemy_down && fighting_on {
                // The survivor of a fight won at its card takes two remaining actions (line 188).
                self.model_mut(a)?.spent = 1;
            } else if !enemy_down {
                // The charger's activation ends at contact unless its enemy falls (A24).
                self.finish_activation(a, 0)?;
                self.expire(&[Lasts::Activation]);
            }
        }
        Ok(())
    }

    /// In a declared game: a charge is the acting model's next declared move (three declared
    /// moves may not end in a charge, line 180); fighting on is the whole activation of the
    /// fighter whose card comes up first.
    fn check_fight_turn(&mut self, a: ModelRef, fighting_on: bool) -> Result<(), GameError> {
        let current = self.order().ok().and_then(|o| o.first().copied());
        if current != Some(a) {
            return Err(GameError::Rules(format!("it is not {}'s turn to act", self.name(a))));
        }
        if fighting_on {
            if self.activation_of(a).is_some() {
                return Err(GameError::Declaration(format!(
                    "{} declared actions: it breaks off instead of fighting on",
                    self.name(a)
                )));
            }
            return Ok(());
        }
        if self.activation_of(a).is_some_and(|x| x.declared_moves() >= 3) {
            return Err(GameError::Declaration(format!(
                "{} declared three moves: a model may not use three moves to charge",
                self.name(a)
            )));
        }
        self.take(a, Action::Move, true)
    }

    /// Checks that `fire` may be taken now: a real roll, a shooter able to shoot, a target on
    /// the table that may be shot (not in a fight unless Desperados shoot into it, a hostage
    /// holder only after a passed nerve test).
    fn check_fire(&self, rules: &Rules, fire: &Fire) -> Result<(), GameError> {
        Self::check_roll(fire.roll, rules.core.shooting.die)?;
        let s = self.model(fire.shooter)?;
        if s.out_of_action {
            return Err(GameError::OutOfAction(s.name.clone()));
        }
        if s.out_of_ammo {
            return Err(GameError::OutOfAmmo(s.name.clone()));
        }
        let t = self.model(fire.target)?;
        if t.out_of_action {
            return Err(GameError::OutOfAction(t.name.clone()));
        }
        // The shooter had its one shot at a model that ducked back from it (A22).
        if self.activation_of(fire.shooter).is_some_and(|a| a.ducked == Some(fire.target)) {
            return Err(GameError::Targets(format!(
                "{} ducked back: the shooter had its one shot at him this activation",
                t.name
            )));
        }
        if fire.shooter.side == fire.target.side {
            return Err(GameError::Targets(format!("{} is on the shooter's own side", t.name)));
        }
        if !t.on_table() {
            return Err(GameError::Targets(format!("{} is not on the table and cannot be shot", t.name)));
        }
        // Models locked in hand-to-hand neither shoot nor are shot (A24f), except that
        // Desperados may shoot into a fight (Life Ain't Worth Spit).
        if self.fight_of(fire.shooter).is_some() {
            return Err(GameError::InFight(self.name(fire.shooter)));
        }
        if self.fight_of(fire.target).is_some() && !self.shoots_into_fights(rules, fire.shooter.side) {
            return Err(GameError::InFight(self.name(fire.target)));
        }
        // A hostage holder is shot only after a passed nerve test, but Desperados ignore it
        // (line 245).
        if self.edition >= 1
            && self.holds_hostage(rules, fire.target)
            && !self.shoots_into_fights(rules, fire.shooter.side)
            && !self.activation_of(fire.shooter).is_some_and(|a| a.cleared.contains(&fire.target))
        {
            return Err(GameError::Targets(format!(
                "{} holds a hostage: pass a nerve test before shooting at him",
                t.name
            )));
        }
        Ok(())
    }

    fn shot(&mut self, rules: &Rules, fire: &Fire, duck_back: bool) -> Result<(), GameError> {
        self.expect_phase(Phase::Activations)?;
        self.check_fire(rules, fire)?;
        let shooter = fire.shooter;
        if self.edition >= 1 {
            let hog = self.extra_shot.contains(&shooter)
                && self.activation_of(shooter).is_some_and(Activation::finished);
            if !hog {
                self.take(shooter, Action::Shoot, false)?;
            }
            self.check_in_hand(rules, fire)?;
        }
        if duck_back {
            self.duck_back(fire.target, shooter)?;
        }
        let hog = match fire.weapon.as_deref() {
            Some(id) => self.count_shot(rules, shooter, id)?,
            None => false,
        };
        self.mark_acted(shooter.side);
        self.nerve_due.clear();
        let result = self.shot_result(rules, fire.target, fire.modifier, fire.roll);
        self.land(fire, result)?;
        if hog {
            self.add_markers(shooter, 1)?;
        }
        Ok(())
    }

    /// A shot in a declared activation is made with the gun in the shooter's hand (both
    /// barrels are the shotgun's).
    fn check_in_hand(&self, rules: &Rules, fire: &Fire) -> Result<(), GameError> {
        let (Some(id), Ok(m)) = (fire.weapon.as_deref(), self.model(fire.shooter)) else { return Ok(()) };
        let carried = rules.weapon(id).map_or(id, |w| w.mode_of.as_deref().unwrap_or(&w.id));
        if m.weapons.len() > 1 && carried != m.in_hand() {
            return Err(GameError::Rules(format!(
                "{} has the {} in hand: declare a change of weapon first",
                m.name,
                m.in_hand()
            )));
        }
        Ok(())
    }

    /// The target of the acting model's shot ducks back: it must not have acted, and only one
    /// model may duck back from one activation (line 161). It burns its activation and counts
    /// as moving once.
    fn duck_back(&mut self, target: ModelRef, shooter: ModelRef) -> Result<(), GameError> {
        if self.edition >= 1 {
            let Some(a) = self.activation.as_ref().filter(|a| a.model == shooter) else {
                return Err(GameError::Rules("only the acting model's shots can be ducked".into()));
            };
            if a.ducked.is_some() {
                return Err(GameError::Rules(format!(
                    "a model has already ducked back from {}'s shots this activation",
                    self.name(shooter)
                )));
            }
        }
        self.burn(target, Interruption::DuckBack)?;
        if let Some(a) = self.activation.as_mut() {
            a.ducked = Some(target);
        }
        Ok(())
    }

    /// A quick shot at the acting model, with the acting model's own shot rolled at the same
    /// time when the range makes them simultaneous: both results come from the table as it
    /// stood, so both shooters fire even if both fall, and the scene's end is checked after
    /// both (lines 166–171, A21).
    fn quick_shot(&mut self, rules: &Rules, quick: &Fire, answer: Option<&Fire>) -> Result<(), GameError> {
        self.expect_phase(Phase::Activations)?;
        if self.edition == 0 {
            return Err(GameError::Rules("this game was started before quick shots were one event".into()));
        }
        let current = self.order().ok().and_then(|o| o.first().copied());
        if current != Some(quick.target) {
            return Err(GameError::Targets(format!(
                "a quick shot answers the model acting, not {}",
                self.name(quick.target)
            )));
        }
        self.may_quick_shoot(rules, quick.shooter)?;
        if let Some(id) = quick.weapon.as_deref()
            && !rules.weapon(id).is_some_and(|w| w.quick_shot)
        {
            return Err(GameError::Rules(format!("a quick shot cannot be taken with {id}")));
        }
        self.check_fire(rules, quick)?;
        if let Some(a) = answer {
            if a.shooter != quick.target {
                return Err(GameError::Targets("the shot answered must be the acting model's".into()));
            }
            self.check_fire(rules, a)?;
            self.take(a.shooter, Action::Shoot, false)?;
            self.check_in_hand(rules, a)?;
        }
        self.burn(quick.shooter, Interruption::QuickShot)?;
        self.quick_shots.push((quick.shooter.side, quick.target));
        if let Some(id) = quick.weapon.as_deref() {
            self.count_shot(rules, quick.shooter, id)?;
        }
        let mut hog = false;
        if let Some(a) = answer
            && let Some(id) = a.weapon.as_deref()
        {
            hog = self.count_shot(rules, a.shooter, id)?;
        }
        self.nerve_due.clear();
        // Both results from the table as it stood before either shot.
        let first = self.shot_result(rules, quick.target, quick.modifier, quick.roll);
        let second = answer.map(|a| self.shot_result(rules, a.target, a.modifier, a.roll));
        self.land(quick, first)?;
        if let (Some(a), Some(result)) = (answer, second) {
            self.land(a, result)?;
        }
        if hog && let Some(a) = answer {
            self.add_markers(a.shooter, 1)?;
        }
        Ok(())
    }

    /// Applies a shot's result: markers, out of action, out of ammo (which loses the other
    /// declared shots), the nerve test it calls for, and the end of effects that last until
    /// the target is hit.
    fn land(&mut self, fire: &Fire, result: ShotResult) -> Result<(), GameError> {
        let target = self.randomise_fight_hit(fire.shooter, fire.target, result);
        if result == ShotResult::UnderFireAndNerve {
            self.nerve_due.push(target);
        }
        if result.is_hit() {
            // A hit ends effects that last until the model is hit (the Hostage).
            let (gone, kept): (Vec<InPlay>, Vec<InPlay>) = std::mem::take(&mut self.in_play)
                .into_iter()
                .partition(|p| p.lasts == Lasts::UntilHit && p.targets.first() == Some(&target));
            self.in_play = kept;
            for p in gone {
                self.sides[p.side].discard.push(p.card);
            }
            self.model_mut(target)?.flags.retain(|f| *f != Flag::Hostage);
        }
        match result {
            ShotResult::OutOfAmmo => {
                self.model_mut(fire.shooter)?.out_of_ammo = true;
                if let Some(a) = self.activation.as_mut().filter(|a| a.model == fire.shooter) {
                    a.dry = true;
                }
            }
            ShotResult::Miss => {}
            ShotResult::UnderFire | ShotResult::UnderFireAndNerve => self.add_markers(target, 1)?,
            ShotResult::OutOfAction => {
                self.model_mut(target)?.out_of_action = true;
                self.discard_if_down(target);
            }
        }
        Ok(())
    }

    /// Counts a shot with weapon `id`: refuses one past the weapon's shots a turn, and empties a
    /// shotgun after its barrels (two single shots, or both barrels at once). Returns `true`
    /// for A Hog Killin' Time's extra pistol shot, which passes the limit and is followed by an
    /// under fire marker on the shooter (reading A35).
    fn count_shot(&mut self, rules: &Rules, shooter: ModelRef, id: &str) -> Result<bool, GameError> {
        let w = rules
            .weapon(id)
            .ok_or_else(|| GameError::Rules(format!("'{id}' is not a weapon Posse knows")))?;
        let carried = w.mode_of.as_deref().unwrap_or(&w.id);
        let hog = carried == "pistol" && self.extra_shot.contains(&shooter);
        let m = self.model_mut(shooter)?;
        if !m.weapons.iter().any(|x| x == carried) {
            return Err(GameError::NoWeapon { model: m.name.clone(), weapon: w.name.to_lowercase() });
        }
        let fired = m.shots.get(&w.id).copied().unwrap_or(0);
        if hog {
            m.shots.insert(w.id.clone(), fired + 1);
            self.extra_shot.retain(|r| *r != shooter);
            return Ok(true);
        }
        if fired >= w.max_shots {
            return Err(GameError::TooManyShots { weapon: w.name.to_lowercase(), max: w.max_shots });
        }
        // Both barrels need both barrels loaded.
        let family: u32 = m
            .shots
            .iter()
            .filter(|(k, _)| {
                rules.weapon(k).is_some_and(|x| x.mode_of.as_deref().unwrap_or(&x.id) == carried)
            })
            .map(|(_, n)| *n)
            .sum();
        if w.mode_of.is_some() && family > 0 {
            return Err(GameError::TooManyShots { weapon: w.name.to_lowercase(), max: 0 });
        }
        m.shots.insert(w.id.clone(), fired + 1);
        if w.out_of_ammo_after_shots.is_some_and(|n| fired + 1 >= n) {
            m.out_of_ammo = true;
        }
        Ok(false)
    }

    /// Life Ain't Worth Spit: a hit on a model in a fight turns the shooter's top card; an even
    /// number card (2 to 10) hits the shooter's own fighter instead (reading A37). Returns the
    /// model hit.
    fn randomise_fight_hit(&mut self, shooter: ModelRef, target: ModelRef, result: ShotResult) -> ModelRef {
        self.randomised = None;
        let hit =
            matches!(result, ShotResult::UnderFire | ShotResult::UnderFireAndNerve | ShotResult::OutOfAction);
        let Some(fight) = self.fight_of(target).copied().filter(|_| hit) else { return target };
        let seed = self.derived_seed(0x300);
        let Some(side) = self.sides.get_mut(shooter.side) else { return target };
        let Some(card) = side.draw(seed) else { return target };
        side.discard.push(card);
        let even = !card.is_joker() && card.value() <= 10 && card.value().is_multiple_of(2);
        let hit = if even { fight.opponent(target) } else { target };
        self.randomised = Some((card, hit));
        hit
    }

    /// The result of a shot at `target`, after the cards in play (Spotted Horse turns out of
    /// action into under fire and a nerve test).
    #[must_use]
    pub fn shot_result(&self, rules: &Rules, target: ModelRef, modifier: i32, roll: u32) -> ShotResult {
        let result = shooting::result(rules, modifier, roll);
        if result == ShotResult::OutOfAction && self.effect_on(Effect::SpottedHorse, target) {
            ShotResult::UnderFireAndNerve
        } else {
            result
        }
    }

    /// Whether `side`'s models may shoot into hand-to-hand (Life Ain't Worth Spit).
    #[must_use]
    pub fn shoots_into_fights(&self, rules: &Rules, side: usize) -> bool {
        let Some(gang) = self.sides.get(side).and_then(|s| rules.gang(&s.gang)) else { return false };
        gang.ability(AbilityId::LifeAintWorthSpit).is_some_and(|a| self.abilities_work(rules, side, a.needs))
    }

    /// Whether `side` must take a Big Nerve test now, and its odds.
    ///
    /// # Errors
    /// When the side's numbers are impossible.
    pub fn big_nerve_odds(&self, rules: &Rules, side: usize) -> Result<nerve::BigNerveOdds, GameError> {
        let s = self.sides.get(side).ok_or(GameError::NoModel(ModelRef { side, model: 0 }))?;
        let standing: Vec<&Model> = s.standing().collect();
        let out = s.started_with.saturating_sub(u32::try_from(standing.len()).unwrap_or(0));
        let boss = standing.iter().find(|m| m.boss).map(|m| m.nerve);
        let best = standing.iter().map(|m| m.nerve).min();
        let input = BigNerveInput {
            models: s.started_with.max(1),
            out,
            under_fire: standing.iter().map(|m| m.under_fire).sum(),
            nerve: boss.or(best).unwrap_or(10).clamp(2, 10),
            literal_penalty: false,
        };
        let mut odds = nerve::big_nerve(rules, input).map_err(|e| GameError::Rules(e.to_string()))?;
        // Stand it like a man: no negative modifier on the test (readings A48, A10).
        if odds.required && odds.modifier < 0 && self.effect_for(Effect::StandItLikeAMan, side) {
            odds.modifier = 0;
            odds.needed = input.nerve;
            odds.pass_chance = crate::systems::dmh::rules::odds::Chance::new(11 - input.nerve.min(10), 10);
        }
        Ok(odds)
    }

    /// The sides that must still take a Big Nerve test at this end of turn (each tests once).
    #[must_use]
    pub fn big_nerve_pending(&self, rules: &Rules) -> Vec<usize> {
        if self.phase != Phase::EndOfTurn || self.no_big_nerve(rules) {
            return Vec::new();
        }
        let tested: Vec<usize> = self
            .log
            .iter()
            .rev()
            .take_while(|e| !matches!(e, Event::EndTurn))
            .filter_map(|e| if let Event::BigNerve { side, .. } = e { Some(*side) } else { None })
            .collect();
        (0..self.sides.len())
            .filter(|s| !tested.contains(s) && self.big_nerve_odds(rules, *s).is_ok_and(|o| o.required))
            .collect()
    }

    fn big_nerve(&mut self, rules: &Rules, side: usize, roll: u32) -> Result<(), GameError> {
        self.expect_phase(Phase::EndOfTurn)?;
        Self::check_roll(roll, rules.core.nerve.die)?;
        let odds = self.big_nerve_odds(rules, side)?;
        if odds.required && self.big_nerve_ignored(rules, side) {
            // The scene skips each side's first required test: it passes without a roll.
            self.bn_ignored.push(side);
            return Ok(());
        }
        if odds.required
            && (odds.automatic_fail || nerve::test_result(odds.needed, roll) == nerve::TestResult::Fail)
        {
            // The game ends once every test of this end of turn is taken (`after_event`).
            self.broke.get_or_insert(side);
            self.failed_big_nerve.push(side);
        }
        Ok(())
    }

    fn next_turn(&mut self, rules: &Rules) -> Result<(), GameError> {
        self.expect_phase(Phase::EndOfTurn)?;
        if self.pending.is_some() {
            return Err(GameError::CardPending);
        }
        self.arrivals(rules);
        for i in 0..self.sides.len() {
            let seed = self.derived_seed(0x100 + u64::try_from(i).unwrap_or(0));
            let side = &mut self.sides[i];
            if side.used_card
                && let Some(card) = side.draw(seed)
            {
                side.hand.push(card);
            }
            side.used_card = false;
            // Turn-one states end with the turn.
            for m in &mut side.models {
                m.flags.retain(|f| !matches!(f, Flag::Ace | Flag::Surprised | Flag::NoCard));
            }
            // Reshuffle a deck that will not cover next turn's initiative (reading A06).
            let needed = side.standing().count();
            if side.reshuffle && side.deck.len() < needed {
                side.deck.append(&mut side.discard);
                cards::shuffle(&mut side.deck, seed ^ 0xD1CE);
            }
        }
        // Only once-per-game uses matter after their turn; dropping the rest keeps every event
        // as cheap at the ten-thousandth as at the first.
        self.abilities_used.retain(|u| u.once_per_game);
        self.turn += 1;
        self.phase = Phase::Initiative;
        Ok(())
    }

    /// Checks that every card of each side is in exactly one place: deck, hand, on a model or
    /// in the discard pile, and that together they are the side's whole deck.
    #[must_use]
    pub fn cards_conserved(&self, rules: &Rules, setup: &Setup) -> bool {
        self.sides.iter().zip(&setup.sides).enumerate().all(|(me, (side, s))| {
            let Some(gang) = rules.gang(&s.gang.gang) else { return false };
            let mut expected = cards::build_deck(gang, s.deck, s.role, s.numbers);
            let mut all: Vec<Card> =
                side.deck.iter().chain(&side.hand).chain(&side.discard).copied().collect();
            // Initiative cards count for their owner, whichever model holds them (Red Joker).
            all.extend(
                self.sides
                    .iter()
                    .flat_map(|x| &x.models)
                    .flat_map(|m| [m.card, m.second])
                    .flatten()
                    .filter(|c| expected.contains(c)),
            );
            all.extend(self.in_play.iter().filter(|p| p.side == me).map(|p| p.card));
            if let Some(p) = &self.pending {
                if p.side == me {
                    all.push(p.card);
                }
                let owner = |i: usize| if i.is_multiple_of(2) { 1 - p.side } else { p.side };
                all.extend(p.trumps.iter().enumerate().filter(|(i, _)| owner(*i) == me).map(|(_, c)| *c));
            }
            expected.sort_by_key(ToString::to_string);
            all.sort_by_key(ToString::to_string);
            expected == all
        })
    }
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_declared;
