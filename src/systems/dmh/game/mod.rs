//! A game at the table as an event log: the kernel's [`Log`] over Dead Man's Hand's [`Rules`].
//!
//! [`Log::apply`] is the only way the state changes; loading a game is replaying its events,
//! undo is replaying all but the last, and saving is appending one event to a journal. Every
//! random draw comes from the seed recorded in [`Event::Begin`] (or from the card or die the
//! player typed), so a replay deals exactly the same cards and undo never re-shuffles.
//!
//! [`State`] is the game without its events: the copy [`Log::apply`] makes never holds the
//! log, so an event costs the same at the ten-thousandth as at the first. It keeps only what
//! the rules read back of this turn's events ([`State::this_turn`]: whether a model has acted,
//! the Big Nerve tests taken, the second cards, a move just made), noted as each event is
//! applied (`turn_notes.rs`). Its `Clone` reuses buffers in `clone_from` (`clone_reusing!`), so the replay's
//! state before each event allocates nothing. [`Event::Begin`] also records the engine edition
//! the game is played by ([`Setup::edition`]): journals from before declared activations replay
//! with the rules they were played with; every later shuffle is seeded from the set-up and the
//! event count.
//!
//! The parts: [`activation`] makes an activation a declaration (`Declare` lists up to three
//! [`Action`]s, checked against [`State::limits`]; every event that carries an action out must
//! match the next declared one; aims are counted by the shot after them,
//! [`State::shot_context`]). One click is one event: a duck back is part of its `Shot`, a
//! quick shot and the acting model's simultaneous shot are one `QuickShot`. `turn.rs` runs the
//! turn (initiative, activations, end of turn), `shots.rs` shots and quick shots, `fight.rs`
//! hand-to-hand (a `Fight` event with both rolls, opening or continuing a fight in
//! [`State::fights`] until `BreakOff` or a fall), [`duel`] The Duel's blackjack rounds in their
//! own phase, `describe.rs` each event as a line of plain words. [`hands`] plays cards from the
//! hand (`Play`, `Trump`, `Settle`: nothing else is accepted while a card waits), applies the
//! effects Posse tracks, keeps lasting cards in [`State::in_play`] until they expire, and
//! enforces gang abilities (`UseAbility`). [`scene`] runs a scene's own rules after every
//! event: start flags, flags that end when a side loses its first model, the secret witness,
//! Big Nerve tests skipped or ignored, models arriving when a turn starts, and the end
//! conditions that finish the game ([`State::result`]). [`seats`] is what each side sees and
//! may do at a shared table; [`sim`] picks random legal events for the property test (played
//! by `kernel::sim`), `posse game simulate`, the crash test and the benchmark.
//!
//! Screens ask rather than decide: [`State::limits`], [`State::declaration_problem`],
//! [`State::quick_shooters`], [`State::boots_offer`], [`State::card_due`], [`State::refusal`]
//! (why an event would be refused) and [`State::allows`] (tried on a copy: the simulation and
//! the card-target picker use it, so a refused choice is never offered). `tests.rs` pins
//! edition-0 journals; `tests/declared.rs` stages each rule of declared activations exactly.
//!
//! This module is pure: no user interface, no files, no clock.

pub mod activation;
mod describe;
pub mod duel;
mod fight;
pub mod hands;
pub mod scene;
pub mod seats;
mod shots;
pub mod sim;
mod turn;
mod turn_notes;

use serde::{Deserialize, Serialize};

pub use crate::systems::dmh::rules::data::Flag;
pub use activation::{Action, Activation, EDITION, Limits, ShotContext, Step};
pub use hands::{AbilityUse, Effect, InPlay, Pending};
pub use scene::SceneEnd;
pub use shots::{FightShotRule, Sight};
pub use turn_notes::TurnNotes;

use crate::kernel::log::{self, Log, Summary};
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
#[derive(Debug, PartialEq, Eq, Serialize, Deserialize)]
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
#[derive(Debug, PartialEq, Eq, Serialize, Deserialize)]
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
    /// the two and the other goes to the discard pile. `card` is the one the player drew from
    /// a real deck; without it Posse deals the top card.
    ExtraCard {
        model: ModelRef,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        card: Option<Card>,
    },
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
    #[error("there is no model number {} on side {}", .0.model + 1, .0.side + 1)]
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
    #[error("a {weapon} fires at most {} a turn", crate::kernel::words::count(*.max, "shot", "shots"))]
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

/// A game at the table: the kernel's event log over Dead Man's Hand's rules. It reads as its
/// [`State`] (`game.turn`, `game.model_at(r)`).
pub type Game = Log<Rules>;

/// A game's state: everything the events made, without the events themselves (the [`Log`]
/// keeps those), but with the events of this turn, which some rules read.
#[derive(Debug, PartialEq, Serialize, Deserialize)]
pub struct State {
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
    /// What the rules read back of this turn's events (the lowest-card switch, the second
    /// cards, the Big Nerve tests, Stumble), noted as each event is applied.
    #[serde(default, skip_serializing_if = "TurnNotes::is_empty")]
    pub this_turn: TurnNotes,
}

/// `Clone` for a struct, field by field, with a `clone_from` that reuses each field's own
/// buffers (strings, lists), so [`Log::replay`] keeps the state before each event without
/// allocating. The fields listed as `compared` (maps, values whose own `clone_from` makes a
/// new copy, and text that does not change after the set-up) are compared first and left alone when unchanged, as they mostly are from one
/// event to the next. Both patterns name every field: a field added and not listed here fails
/// to compile.
macro_rules! clone_reusing {
    ($name:ident { $($field:ident),* $(,)? } compared { $($compared:ident),* $(,)? }) => {
        impl Clone for $name {
            fn clone(&self) -> Self {
                let $name { $($field,)* $($compared),* } = self;
                $name { $($field: $field.clone(),)* $($compared: $compared.clone()),* }
            }

            fn clone_from(&mut self, source: &Self) {
                let $name { $($field,)* $($compared),* } = self;
                $($field.clone_from(&source.$field);)*
                $(if *$compared != source.$compared {
                    $compared.clone_from(&source.$compared);
                })*
            }
        }
    };
}

// A model's and a side's names, profile and weapons are set by the set-up and never change
// after it: comparing them costs less than copying them again.
clone_reusing!(Model {
    hits, nerve, shoot, hth, boss, under_fire, out_of_ammo, moves, out_of_action,
    card, activated, flags, second, burnt, held, spent,
} compared { name, profile, weapons, shots });

clone_reusing!(SideState {
    role, reshuffle, models, deck, hand, discard, started_with, used_card, ran_out, owns,
} compared { name, gang });

clone_reusing!(State {
    seed, scene, turn, phase, sides, tie_priority, fights, quick_shots, abilities_used, skipped,
    extra_shot, witness, bn_ignored, failed_big_nerve, nerve_due, edition, boots, called, acted,
    randomised, broke, applied, this_turn,
} compared { pending, in_play, result, activation, duel });

impl Default for State {
    fn default() -> Self {
        State {
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
            this_turn: TurnNotes::default(),
        }
    }
}

pub(super) fn side_of(index: usize) -> Side {
    if index == 0 { Side::A } else { Side::B }
}

impl log::Rules for Rules {
    type State = State;
    type Event = Event;
    type Error = GameError;

    /// The event's own rules, then it is noted among this turn's, then the scene's checks run
    /// (they read this turn's notes, so they run once the event is noted).
    fn apply(&self, state: &mut State, event: &Event) -> Result<(), GameError> {
        state.apply_inner(self, event)?;
        state.this_turn.note(event);
        state.after_event(self);
        state.applied += 1;
        Ok(())
    }

    fn describe(&self, before: &State, after: &State, event: &Event) -> String {
        before.describe(self, after, event)
    }
}

impl log::TableRules for Rules {
    fn summary(&self, state: &State) -> Summary {
        crate::systems::dmh::journal::summary(self, state)
    }

    fn is_start(event: &Event) -> bool {
        matches!(event, Event::Begin(_))
    }
}

impl State {
    /// Whether `event` would be accepted now, without applying it.
    #[must_use]
    pub fn allows(&self, rules: &Rules, event: &Event) -> bool {
        self.refusal(rules, event).is_none()
    }

    /// Why `event` would be refused now, or `None` when it would be accepted.
    #[must_use]
    pub fn refusal(&self, rules: &Rules, event: &Event) -> Option<GameError> {
        self.clone().apply_inner(rules, event).err()
    }

    /// Whether model `r` is dealt an initiative card this turn.
    #[must_use]
    pub fn card_due(&self, rules: &Rules, r: ModelRef) -> bool {
        self.model_at(r).is_some_and(|m| Self::gets_card(m, self.duellists_only(rules)))
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

    fn name(&self, r: ModelRef) -> String {
        self.model(r).map_or_else(|_| "?".into(), |m| m.name.clone())
    }

    fn with_card(&self, r: ModelRef) -> String {
        match self.model(r) {
            Ok(m) => m.card.map_or_else(|| m.name.clone(), |c| format!("{} ({})", m.name, c.label())),
            Err(_) => "?".into(),
        }
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
            Event::ExtraCard { model, card } => self.extra_card(*model, *card),
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
        // The roll-off is made at the higher card of the two (line 190): that fighter fights
        // on or breaks off, it does not pass.
        if let Some(why) = self.must_fight(model) {
            return Err(GameError::Declaration(why));
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

    /// Whether one more under fire marker (a failed nerve test's) puts model `r` out of action.
    #[must_use]
    pub fn one_more_marker_downs(&self, r: ModelRef) -> bool {
        self.model_at(r).is_some_and(|m| !m.out_of_action && m.under_fire + 1 >= m.hits)
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

    /// Checks that every card of each side is in exactly one place: deck, hand, on a model, in
    /// the duel's row or round, or in the discard pile, and that together they are the side's
    /// whole deck.
    #[must_use]
    pub fn cards_conserved(&self, rules: &Rules, setup: &Setup) -> bool {
        self.sides.iter().zip(&setup.sides).enumerate().all(|(me, (side, s))| {
            let Some(gang) = rules.gang(&s.gang.gang) else { return false };
            let mut expected = turn::side_deck(gang, s, setup.edition);
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
            if let Some(duel) = &self.duel {
                all.extend(duel.rows[me].iter().chain(&duel.hands[me]));
            }
            expected.sort_by_key(ToString::to_string);
            all.sort_by_key(ToString::to_string);
            expected == all
        })
    }
}

#[cfg(test)]
mod tests;
// Beside `tests.rs` in a folder of tests, still a child of this module (`use super::*`).
#[cfg(test)]
#[path = "tests/declared.rs"]
mod tests_declared;
