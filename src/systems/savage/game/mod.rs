//! A Deadlands fight at the table as an event log ([`kernel::log::Rules`]).
//!
//! Every decision, card and roll is an [`Event`]; the state is what replaying them gives, so
//! undo is "replay all but the last" and a saved fight is its events. A roll in an event is
//! either what the real dice showed (typed) or a seed Posse rolled from; a deal or a blind chip
//! draw either names the real cards and chips or lets Posse draw from the game's seed. The
//! rules decide here: screens read [`State`] and its query methods and send events.
//!
//! [`Fight`] is the kernel's `Log` over [`Savage`]. `state.rs` is the table (units of one Wild
//! Card or a group of Extras sharing a card, each member's Shaken, wounds, fatigue and status,
//! the deck, the chips, the prompts the rules raise: the Spirit roll at a Shaken combatant's
//! turn, the Incapacitation roll, Bleeding Out at each deal) and the queries the screens ask
//! ([`State::order`], [`State::next_up`], [`State::joker_holders`], [`State::prompts`],
//! [`State::trait_input`], [`State::damage_input`]); this file the events (one click each: an
//! attack with its dice, damage, a chip spent on a soak with its roll) and their lines in plain
//! words; `deck.rs` the deal (typed cards checked against the draw rule, the reshuffle after a
//! Joker); `seats.rs` the seats of a shared fight; [`sim`] random legal events for the property
//! test. Every shuffle and blind chip draw derives from the set-up's seed and a counter, and the
//! set-up records the engine edition the fight plays by ([`EDITION`]: a journal without one
//! replays as it was played).
//!
//! [`kernel::log::Rules`]: crate::kernel::log::Rules

mod deck;
mod seats;
pub mod sim;
mod state;
#[cfg(test)]
mod tests;

use std::collections::BTreeMap;
use std::fmt::Write as _;

use rand::RngExt as _;
use serde::{Deserialize, Serialize};

use crate::kernel::cards::Card;
use crate::kernel::log;
use crate::kernel::words;
use crate::systems::savage::rules::Rules;
use crate::systems::savage::rules::abilities::RollFor;
use crate::systems::savage::rules::chips::{ChipColour, ChipUse};
use crate::systems::savage::rules::combatant::Combatant;
use crate::systems::savage::rules::damage::{
    self, Bleeding, DamageError, DamageRoll, Effect, Incapacitation,
};
use crate::systems::savage::rules::dice::{self, TotalError};
use crate::systems::savage::rules::fatigue::{self, FatigueCause};
use crate::systems::savage::rules::injury::{self, InjuryError, InjuryRoll};
use crate::systems::savage::rules::situation::{self, Situation, SituationError};
use crate::systems::savage::rules::traits::{
    self, Outcome, RollError, Rolled, TraitDice, TraitResult, TraitRoll,
};

pub use state::{
    Automation, Chips, DamageInput, Deck, Holder, LastAttack, LastDamage, LastRecover, LastVigor, Member,
    MemberRef, OrderEntry, Prompt, State, Status, TraitInput, Unit, VigorRoll,
};

/// A unit as it enters the fight: its id (stable, used by every later event) and its profile.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitSetup {
    pub id: String,
    pub combatant: Combatant,
}

/// One die rolled on its own (a chip's extra damage die): typed after aces, or seeded.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum DieRoll {
    Typed { total: u32 },
    Seeded { seed: u64 },
}

/// What a fate chip is spent on, with what that use needs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Spend {
    /// Reroll a trait roll (the better result is the one recorded next).
    Reroll,
    /// Reroll any roll (legendary).
    RerollAny,
    /// Cancel the critical failure of the roll just made (the one a chip's reroll is tied to:
    /// the Incapacitation or Bleeding Out roll, the Spirit roll, the attack before its damage):
    /// it is judged by its total instead.
    CancelCriticalFailure,
    /// Add the chip's bonus (`chips.json` `bonus`) to the total of that roll, judged again.
    Bonus,
    /// End a Shaken at once.
    Unshake { target: MemberRef },
    /// Soak the wounds of the last damage: a Vigor roll.
    Soak {
        roll: TraitDice,
        #[serde(default)]
        modifier: i32,
    },
    /// Add a die to the last damage.
    ExtraDamage { roll: DieRoll },
    /// Reroll the attack just made, keeping the better result (a trait reroll tied to it).
    RerollAttack { roll: TraitDice },
    /// Reroll the Spirit roll just made to recover from Shaken, keeping the better result.
    RerollRecover { roll: TraitDice },
    /// Reroll the Incapacitation or Bleeding Out roll just made, keeping the better result.
    RerollVigor { roll: TraitDice },
}

impl Spend {
    /// The chip use this spend is.
    #[must_use]
    pub fn chip_use(&self) -> ChipUse {
        match self {
            Spend::Reroll
            | Spend::RerollAttack { .. }
            | Spend::RerollRecover { .. }
            | Spend::RerollVigor { .. } => ChipUse::Reroll,
            Spend::RerollAny => ChipUse::RerollAny,
            Spend::CancelCriticalFailure => ChipUse::CancelCriticalFailure,
            Spend::Bonus => ChipUse::Bonus,
            Spend::Unshake { .. } => ChipUse::Unshake,
            Spend::Soak { .. } => ChipUse::Soak,
            Spend::ExtraDamage { .. } => ChipUse::ExtraDamage,
        }
    }
}

/// The engine behaviour new fights play by, recorded in their `Setup` so that a journal
/// replays with the behaviour it was played with. Edition 1: a chip's *cancel a critical
/// failure* and *+2* change the roll just made (S52); before it they only took the chip.
pub const EDITION: u32 = 1;

/// Everything that can happen in a fight; one line of the journal each.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Event {
    /// The fight begins: the seed every Posse draw derives from, the players, the units and the
    /// automations. Shuffles the deck and fills the pot.
    Setup {
        seed: u64,
        players: Vec<String>,
        units: Vec<UnitSetup>,
        #[serde(default)]
        automation: Automation,
        /// The engine behaviour the fight was started with ([`EDITION`]); 0 for journals
        /// written before it was recorded.
        #[serde(default, skip_serializing_if = "is_zero")]
        edition: u32,
    },
    /// A unit joins the fight (dealt in from the next round).
    Enter { unit: UnitSetup },
    /// Switch automations on or off.
    SetAutomation { automation: Automation },
    /// A new round: each unit in the fight gets its card(s). Units named in `typed` take the
    /// cards given, in the order drawn; the others draw from Posse's deck.
    Deal {
        #[serde(default)]
        typed: BTreeMap<String, Vec<Card>>,
    },
    /// A unit's turn begins (in card order, or any time with a Joker, or from hold).
    BeginTurn { unit: String },
    /// The acting unit keeps its action for later.
    Hold { unit: String },
    /// A unit on hold tries to act before the acting unit: opposed Agility rolls.
    Interrupt { unit: String, against: String, roll: TraitDice, against_roll: TraitDice },
    /// The acting unit's turn ends.
    EndTurn { unit: String },
    /// A Shaken member's Spirit roll on its turn.
    Recover {
        target: MemberRef,
        roll: TraitDice,
        #[serde(default)]
        modifier: i32,
    },
    /// An attack roll (Fighting against Parry, or a skill against 4 with the range modifier).
    Attack {
        attacker: MemberRef,
        target: MemberRef,
        skill: String,
        #[serde(default)]
        range: Option<String>,
        #[serde(default)]
        modifier: i32,
        roll: TraitDice,
        /// The attack panel's toggles (multi-action, Gang Up, The Drop…); left out when none.
        #[serde(default, skip_serializing_if = "Situation::is_plain")]
        situation: Situation,
        /// The weapon the attack is made with (its damage follows a hit); left out in older
        /// journals, where the damage takes the first weapon that fits the skill.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        weapon: Option<String>,
    },
    /// Damage to a member; `attacker` gives `Str` and the Joker bonus.
    Damage {
        target: MemberRef,
        #[serde(default)]
        attacker: Option<String>,
        roll: DamageRoll,
        #[serde(default)]
        modifier: i32,
        #[serde(default)]
        nonlethal: bool,
        /// The attack's toggles that add to the damage (The Drop, Wild Attack, a head shot).
        #[serde(default, skip_serializing_if = "Situation::is_plain")]
        situation: Situation,
        /// Armour piercing: ignores up to this much of the target's armour.
        #[serde(default, skip_serializing_if = "is_zero")]
        ap: u32,
    },
    /// A fate chip spent.
    SpendChip { holder: Holder, chip: ChipColour, purpose: Spend },
    /// Blind draws from the pot (`typed`: the colours the real chips showed).
    DrawChips {
        holder: Holder,
        count: u32,
        #[serde(default)]
        typed: Option<Vec<ChipColour>>,
    },
    /// A legendary chip given (they are never in the pot).
    AwardLegendary { holder: Holder },
    /// An Incapacitated Wild Card's Vigor roll.
    Incapacitation {
        target: MemberRef,
        roll: TraitDice,
        #[serde(default)]
        modifier: i32,
    },
    /// A Bleeding Out Vigor roll.
    BleedOut {
        target: MemberRef,
        roll: TraitDice,
        #[serde(default)]
        modifier: i32,
    },
    /// The Injury Table drawn for an Incapacitated Wild Card after its Incapacitation roll (S48).
    Injury { target: MemberRef, roll: InjuryRoll },
    /// A Healing roll by `healer`, in its turn, to stop `target` Bleeding Out (S49).
    Heal {
        healer: MemberRef,
        target: MemberRef,
        roll: TraitDice,
        #[serde(default)]
        modifier: i32,
    },
    /// A 12-hour Vigor roll against lack of sleep or thirst.
    FatigueCheck {
        target: MemberRef,
        cause: FatigueCause,
        roll: TraitDice,
        #[serde(default)]
        modifier: i32,
    },
    /// Fatigue levels recovered (by sleep, or water).
    Rest {
        target: MemberRef,
        levels: u32,
        #[serde(default)]
        slept: bool,
    },
    /// The Marshal corrects a member's condition by hand.
    Adjust {
        target: MemberRef,
        #[serde(default)]
        shaken: Option<bool>,
        #[serde(default)]
        wounds: Option<u32>,
        #[serde(default)]
        fatigue: Option<u32>,
        #[serde(default)]
        status: Option<Status>,
        #[serde(default)]
        bleeding_out: Option<bool>,
    },
}

/// Why an event cannot be applied now.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    #[error("the fight has not been set up yet")]
    NotStarted,
    #[error("the fight is already set up")]
    AlreadyStarted,
    #[error("there is no combatant '{0}'")]
    UnknownUnit(String),
    #[error("{0} has no member {1}")]
    UnknownMember(String, u32),
    #[error("'{0}' is used by two combatants: each needs its own id")]
    DuplicateUnit(String),
    #[error("'{0}' is not an id: use letters, digits, - or _")]
    BadId(String),
    #[error("'{0}' is not one of the players")]
    UnknownPlayer(String),
    #[error("'{0}' is not a player name (empty, or given twice)")]
    BadPlayer(String),
    #[error("{0} must first make the {1}")]
    Pending(String, &'static str),
    #[error("{0} is acting: end that turn first")]
    SomeoneActing(String),
    /// Whose (already possessive: "Ann's") and who is due.
    #[error("it is not {0} turn: {1}")]
    NotTheirTurn(String, String),
    #[error("{0} is Shaken: only free actions")]
    ShakenActs(String),
    #[error("{0} only has free actions this turn")]
    FreeActionsOnly(String),
    #[error("{0} is not acting now")]
    NotActing(String),
    #[error("{0} has already acted this round")]
    AlreadyActed(String),
    #[error("{0} has no card this round")]
    NoCard(String),
    #[error("{0} is not on hold")]
    NotOnHold(String),
    #[error("{0} is {1}")]
    OutOfFight(String, &'static str),
    #[error("{0} is not dealt in this round (on hold, or out of the fight)")]
    NotDealt(String),
    #[error("{0} is already dealt this round")]
    CardTaken(String),
    #[error("{0} needs {1} more card(s) ({2})")]
    NeedsMoreCards(String, usize, String),
    #[error("{0} keeps its card after the first {1} card(s): drop the rest")]
    TooManyCards(String, usize),
    #[error("the deck has run out of cards")]
    DeckEmpty,
    #[error(transparent)]
    Roll(#[from] RollError),
    #[error(transparent)]
    Damage(#[from] DamageError),
    #[error(transparent)]
    Total(#[from] TotalError),
    #[error(transparent)]
    Situation(#[from] SituationError),
    #[error("{0} has taken {1} actions this turn: at most {1}")]
    TooManyActions(String, u32),
    #[error("{0} is not Shaken")]
    NotShaken(String),
    #[error("there are no wounds just taken to soak")]
    NothingToSoak,
    #[error("there is no damage roll just made to add to")]
    NoDamage,
    #[error("there is no attack roll just made to reroll")]
    NoAttack,
    #[error("there is no Spirit roll just made to reroll")]
    NoRecover,
    #[error("there is no Incapacitation or Bleeding Out roll just made to reroll")]
    NoVigor,
    /// The roll just made, already possessive ("Doc's Bleeding Out roll").
    #[error(
        "{0} is rerolled with its own chip button, which keeps the better result: a chip spent here would change nothing"
    )]
    RerollTied(String),
    #[error("the damage is rolled: the attack can no longer be rerolled")]
    DamageRolled,
    /// The combatant's name, and what keeps it out (its file reads, but is not ready).
    #[error("{0} is not ready for a fight: {1}; put it right on the Combatants tab")]
    NotReady(String, String),
    /// What the chip would change, in words ("cancel a critical failure").
    #[error(
        "there is no roll just made to {0}: spend it right after the attack, the Spirit roll or the Vigor roll"
    )]
    NoOpenRoll(&'static str),
    /// The roll just made, already possessive.
    #[error("{0} is no critical failure: there is nothing to cancel")]
    NotCriticalFailure(String),
    /// The roll just made, already possessive.
    #[error("{0} is a critical failure, which no bonus changes: cancel it first")]
    BonusOnCriticalFailure(String),
    #[error("{0} is not Incapacitated, or has made that roll already")]
    NotIncapacitated(String),
    #[error("{0} is not Bleeding Out")]
    NotBleeding(String),
    #[error("{0} has no lasting injury to draw: make the Incapacitation roll first")]
    NoInjury(String),
    #[error("{0}'s injury is drawn already")]
    InjuryDrawn(String),
    #[error(transparent)]
    Injury(#[from] InjuryError),
    #[error("{0} has no {1} chip")]
    NoChip(String, ChipColour),
    #[error("a {0} chip cannot be spent {1}")]
    ChipCannot(ChipColour, &'static str),
    #[error("{0} cannot spend chips for {1}")]
    NotTheirChip(String, String),
    #[error("the pot has no {0} chip left")]
    PotEmpty(ChipColour),
    #[error("draw 1 to 10 chips at a time, and name as many colours as chips")]
    ChipCount,
    #[error("the attack hit {0}: its damage goes to {0}, not {1}")]
    NotTheTarget(String, String),
    #[error("there is no weapon '{0}'")]
    UnknownWeapon(String),
    #[error("'{0}' is not a range: use short, medium or long")]
    UnknownRange(String),
    #[error("{0}")]
    BadAdjust(String),
}

/// The Deadlands system's rules for the event log.
#[derive(Clone, Copy, Debug)]
pub struct Savage<'r> {
    pub rules: &'r Rules,
}

impl<'r> Savage<'r> {
    /// The event log's rules over this data.
    #[must_use]
    pub fn new(rules: &'r Rules) -> Savage<'r> {
        Savage { rules }
    }
}

/// A Deadlands fight.
pub type Fight<'r> = log::Log<Savage<'r>>;

/// How a saved fight reads in the list, and its set-up. A fight has no end in the rules (the
/// Marshal closes it), so none is listed as finished.
impl log::TableRules for Savage<'_> {
    fn summary(&self, state: &State) -> log::Summary {
        log::Summary::new(fight_summary(state), false)
    }

    fn is_start(event: &Event) -> bool {
        matches!(event, Event::Setup { .. })
    }
}

/// A fight in one line, for its Resume button: who against whom, the round, how many units
/// are out ("Doc, Kid v Boss, Outlaws A · round 2 · 1 of 4 out"). A fight with one side only
/// (the Marshal's combatants trying a scene out, or the posse alone) names that side alone,
/// never "nobody v …".
#[must_use]
pub fn fight_summary(s: &State) -> String {
    let mut sides: BTreeMap<bool, Vec<&str>> = BTreeMap::new();
    for u in &s.units {
        sides.entry(u.combatant.player.is_some()).or_default().push(u.combatant.name.as_str());
    }
    let names = |posse: bool| sides.get(&posse).map(|n| n.join(", "));
    let who = match (names(true), names(false)) {
        (Some(posse), Some(marshal)) => format!("{posse} v {marshal}"),
        (Some(one_side), None) | (None, Some(one_side)) => one_side,
        (None, None) => "No combatants".to_owned(),
    };
    let out = s.units.iter().filter(|u| !u.in_fight()).count();
    let standing =
        if out == 0 { "all fighting".to_owned() } else { format!("{out} of {} out", s.units.len()) };
    format!("{who} · round {} · {standing}", s.round())
}

impl log::Rules for Savage<'_> {
    type State = State;
    type Event = Event;
    type Error = Error;

    fn apply(&self, state: &mut State, event: &Event) -> Result<(), Error> {
        if !state.started && !matches!(event, Event::Setup { .. }) {
            return Err(Error::NotStarted);
        }
        // The soak window and the attack in hand close with any event but a chip spent; the
        // soak comes before the Incapacitation roll, so rolling that never closes it (S12).
        let soak_stays = match event {
            Event::SpendChip { .. } => true,
            Event::Incapacitation { target, .. } => {
                state.last_damage.as_ref().is_some_and(|d| d.target == *target)
            }
            _ => false,
        };
        if !soak_stays {
            state.last_damage = None;
        }
        if !matches!(event, Event::Damage { .. } | Event::SpendChip { .. }) {
            state.last_attack = None;
        }
        if !matches!(event, Event::SpendChip { .. }) {
            state.last_recover = None;
        }
        // The Vigor roll just made stays open to its reroll (S50): any other event closes it,
        // and so does a chip spent on anything that changes the fight (`Apply::spend`).
        if !matches!(event, Event::SpendChip { .. }) {
            state.last_vigor = None;
        }
        let g = Apply { rules: self.rules, s: state };
        g.event(event)
    }

    fn describe(&self, _before: &State, after: &State, _event: &Event) -> String {
        after.said.clone()
    }
}

/// A splitmix64 step: the seed of the `n`-th draw of kind `salt` from the game's seed.
#[must_use]
pub fn derive_seed(seed: u64, salt: u64, n: u64) -> u64 {
    let mut z = seed ^ salt.wrapping_mul(0xD1B5_4A32_D192_ED03) ^ n.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

const SALT_CHIPS: u64 = 2;

#[expect(clippy::trivially_copy_pass_by_ref, reason = "serde's skip_serializing_if takes a reference")]
fn is_zero(n: &u32) -> bool {
    *n == 0
}

fn signed(n: i32) -> String {
    if n >= 0 { format!("+{n}") } else { n.to_string() }
}

fn outcome_words(r: &TraitResult) -> String {
    match r.outcome {
        Outcome::CriticalFailure => "critical failure".to_owned(),
        Outcome::Failure => format!("{}: failure", r.total),
        Outcome::Success => format!("{}: success", r.total),
        Outcome::Raise if r.raises == 1 => format!("{}: a raise", r.total),
        Outcome::Raise => format!("{}: {} raises", r.total, r.raises),
    }
}

/// A damage event's own numbers.
struct Hit<'e> {
    modifier: i32,
    nonlethal: bool,
    situation: &'e Situation,
    ap: u32,
}

/// An attack event's range, weapon and toggles.
struct With<'e> {
    range: Option<&'e str>,
    weapon: Option<&'e str>,
    situation: &'e Situation,
}

/// One event being applied to a copy of the state.
struct Apply<'a> {
    rules: &'a Rules,
    s: &'a mut State,
}

impl Apply<'_> {
    fn event(mut self, event: &Event) -> Result<(), Error> {
        match event {
            Event::Setup { seed, players, units, automation, edition } => {
                self.setup(*seed, players, units, *automation)?;
                self.s.edition = *edition;
            }
            Event::Enter { unit } => self.enter(unit)?,
            Event::SetAutomation { automation } => {
                self.s.automation = *automation;
                let on = |b: bool| if b { "on" } else { "off" };
                self.s.said = format!(
                    "Automations: Shaken prompt {}, Bleeding Out {}, penalties {}",
                    on(automation.shaken_prompt),
                    on(automation.bleeding_out),
                    on(automation.penalties)
                );
            }
            Event::Deal { typed } => self.deal(typed)?,
            Event::BeginTurn { unit } => self.begin_turn(unit)?,
            Event::Hold { unit } => self.hold(unit)?,
            Event::Interrupt { unit, against, roll, against_roll } => {
                self.interrupt(unit, against, roll, against_roll)?;
            }
            Event::EndTurn { unit } => self.end_turn(unit)?,
            Event::Recover { target, roll, modifier } => self.recover(target, roll, *modifier)?,
            Event::Attack { attacker, target, skill, range, modifier, roll, situation, weapon } => {
                let with = With { range: range.as_deref(), weapon: weapon.as_deref(), situation };
                self.attack(attacker, target, skill, *modifier, roll, &with)?;
            }
            Event::Damage { target, attacker, roll, modifier, nonlethal, situation, ap } => {
                let hit = Hit { modifier: *modifier, nonlethal: *nonlethal, situation, ap: *ap };
                self.damage(target, attacker.as_deref(), roll, &hit)?;
            }
            Event::SpendChip { holder, chip, purpose } => self.spend(holder, *chip, purpose)?,
            Event::DrawChips { holder, count, typed } => self.draw_chips(holder, *count, typed.as_deref())?,
            Event::AwardLegendary { holder } => {
                self.check_holder(holder)?;
                *self
                    .s
                    .chips
                    .held
                    .entry(holder.clone())
                    .or_default()
                    .entry(ChipColour::Legendary)
                    .or_default() += 1;
                self.s.said = format!("{} is awarded a legendary chip", holder.words());
            }
            Event::Incapacitation { target, roll, modifier } => {
                self.incapacitation(target, roll, *modifier)?;
            }
            Event::BleedOut { target, roll, modifier } => self.bleed_out(target, roll, *modifier)?,
            Event::Injury { target, roll } => self.injury(target, roll)?,
            Event::Heal { healer, target, roll, modifier } => self.heal(healer, target, roll, *modifier)?,
            Event::FatigueCheck { target, cause, roll, modifier } => {
                self.fatigue_check(target, *cause, roll, *modifier)?;
            }
            Event::Rest { target, levels, slept } => self.rest(target, *levels, *slept)?,
            Event::Adjust { target, shaken, wounds, fatigue, status, bleeding_out } => {
                self.adjust(target, *shaken, *wounds, *fatigue, *status, *bleeding_out)?;
            }
        }
        self.prune_prompts();
        Ok(())
    }

    // ----- set-up -----

    fn check_unit_setup(&self, unit: &UnitSetup, players: &[String]) -> Result<(), Error> {
        let id = &unit.id;
        if id.is_empty() || !id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
            return Err(Error::BadId(id.clone()));
        }
        if self.s.unit(id).is_some() {
            return Err(Error::DuplicateUnit(id.clone()));
        }
        if let Some(p) = &unit.combatant.player
            && !players.contains(p)
        {
            return Err(Error::UnknownPlayer(p.clone()));
        }
        if let Some(p) = unit.combatant.not_ready().first() {
            return Err(Error::NotReady(unit.combatant.name.clone(), p.message.clone()));
        }
        Ok(())
    }

    fn add_unit(&mut self, unit: &UnitSetup) {
        let count = usize::try_from(unit.combatant.count.max(1)).unwrap_or(1);
        self.s.units.push(Unit {
            id: unit.id.clone(),
            combatant: unit.combatant.clone(),
            card: None,
            drawn: Vec::new(),
            acted: false,
            on_hold: false,
            members: vec![Member::fresh(); count],
        });
        if unit.combatant.is_wild_card() && unit.combatant.player.is_none() {
            *self.s.chips.owed.entry(Holder::Marshal).or_default() +=
                self.rules.chips.marshal_per_wild_card_npc;
        }
    }

    fn setup(
        &mut self,
        seed: u64,
        players: &[String],
        units: &[UnitSetup],
        automation: Automation,
    ) -> Result<(), Error> {
        if self.s.started {
            return Err(Error::AlreadyStarted);
        }
        for (i, p) in players.iter().enumerate() {
            if p.trim().is_empty() || players.iter().take(i).any(|q| q == p) {
                return Err(Error::BadPlayer(p.clone()));
            }
        }
        self.s.started = true;
        self.s.seed = seed;
        self.s.automation = automation;
        self.s.players = players.to_vec();
        self.s.chips.pot = self.rules.chips.pot.clone();
        for p in players {
            self.s.chips.owed.insert(Holder::Player(p.clone()), self.rules.chips.start_draw);
        }
        let marshal = self.rules.chips.marshal_per_player * u32::try_from(players.len()).unwrap_or(0);
        self.s.chips.owed.insert(Holder::Marshal, marshal);
        for unit in units {
            self.check_unit_setup(unit, players)?;
            self.add_unit(unit);
        }
        self.shuffle_all();
        let names: Vec<String> = self.s.units.iter().map(unit_words).collect();
        self.s.said = format!(
            "The fight is set up: {} (players: {})",
            if names.is_empty() { "no combatants yet".to_owned() } else { names.join(", ") },
            if players.is_empty() { "none".to_owned() } else { players.join(", ") }
        );
        Ok(())
    }

    fn enter(&mut self, unit: &UnitSetup) -> Result<(), Error> {
        let players = self.s.players.clone();
        self.check_unit_setup(unit, &players)?;
        self.add_unit(unit);
        let mut said =
            format!("{} enters the fight", unit_words(self.s.units.last().ok_or(Error::NotStarted)?));
        if unit.combatant.is_wild_card() && unit.combatant.player.is_none() {
            let _ = write!(
                said,
                " (the Marshal is owed {} more chips)",
                self.rules.chips.marshal_per_wild_card_npc
            );
        }
        self.s.said = said;
        Ok(())
    }

    // ----- turns -----

    fn no_prompts(&self) -> Result<(), Error> {
        match self.s.prompts.first() {
            None => Ok(()),
            Some(p) => Err(Error::Pending(self.s.name(p.target()), prompt_roll(p))),
        }
    }

    fn begin(&mut self, unit: &str) -> Result<String, Error> {
        self.s.acting.push(unit.to_owned());
        let shaken_prompt = self.s.automation.shaken_prompt;
        let u = self.s.unit_mut(unit)?;
        u.on_hold = false;
        let mut shaken = Vec::new();
        for (i, m) in u.members.iter_mut().enumerate() {
            m.free_actions_only = false;
            m.actions = 0;
            m.wild_attack = false;
            if m.is_active() && m.shaken {
                shaken.push(MemberRef::new(unit, u32::try_from(i).unwrap_or(0)));
            }
        }
        let card = u.card.map(|c| format!(" ({})", c.label())).unwrap_or_default();
        let mut said = format!("{} turn{card}", possessive(u.members.len() > 1, &u.combatant.name));
        if !shaken.is_empty() {
            let names: Vec<String> = shaken.iter().map(|m| self.s.name(m)).collect();
            if shaken_prompt {
                let _ = write!(said, ": Shaken, Spirit roll for {}", names.join(", "));
                self.s.prompts.extend(shaken.into_iter().map(Prompt::SpiritRoll));
            } else {
                let _ = write!(said, " ({} Shaken)", names.join(", "));
            }
        }
        Ok(said)
    }

    fn active_unit(&self, unit: &str) -> Result<&Unit, Error> {
        let u = self.s.unit_ref(unit)?;
        if !u.in_fight() {
            return Err(Error::OutOfFight(u.combatant.name.clone(), "out of the fight"));
        }
        Ok(u)
    }

    fn begin_turn(&mut self, unit: &str) -> Result<(), Error> {
        self.no_prompts()?;
        let u = self.active_unit(unit)?;
        let name = u.combatant.name.clone();
        if u.acted {
            return Err(Error::AlreadyActed(name));
        }
        if self.s.acting.iter().any(|a| a == unit) {
            return Err(Error::SomeoneActing(name));
        }
        if u.card.is_none() && !u.on_hold {
            return Err(Error::NoCard(name));
        }
        let joker = u.has_joker();
        let on_hold = u.on_hold;
        let u_group = u.members.len() > 1;
        if let Some(top) = self.s.whose_turn() {
            if !joker {
                return Err(Error::SomeoneActing(
                    self.s.unit(top).map_or(top.to_owned(), |t| t.combatant.name.clone()),
                ));
            }
        } else if !joker && !on_hold && self.s.next_up().as_deref() != Some(unit) {
            let next = match self.s.next_up().and_then(|n| self.s.unit(&n)) {
                Some(n) => format!("{} comes first", n.combatant.name),
                None => "no one else is due this round".to_owned(),
            };
            return Err(Error::NotTheirTurn(possessive(u_group, &name), next));
        }
        let mut said = self.begin(unit)?;
        if joker {
            said.push_str(" (Joker: acts when it likes, +2 to trait and damage rolls)");
        } else if on_hold {
            said.push_str(" (from hold)");
        }
        self.s.said = said;
        Ok(())
    }

    fn top_is(&self, unit: &str) -> Result<String, Error> {
        let u = self.s.unit_ref(unit)?;
        if self.s.whose_turn() != Some(unit) {
            return Err(Error::NotActing(u.combatant.name.clone()));
        }
        Ok(u.combatant.name.clone())
    }

    fn no_prompt_for(&self, unit: &str) -> Result<(), Error> {
        match self.s.prompts.iter().find(|p| p.target().unit == unit) {
            None => Ok(()),
            Some(p) => Err(Error::Pending(self.s.name(p.target()), prompt_roll(p))),
        }
    }

    fn hold(&mut self, unit: &str) -> Result<(), Error> {
        let name = self.top_is(unit)?;
        self.no_prompt_for(unit)?;
        self.s.acting.pop();
        self.s.unit_mut(unit)?.on_hold = true;
        self.s.said = format!("{name} goes on hold");
        Ok(())
    }

    fn end_turn(&mut self, unit: &str) -> Result<(), Error> {
        let name = self.top_is(unit)?;
        self.no_prompt_for(unit)?;
        self.s.acting.pop();
        let u = self.s.unit_mut(unit)?;
        u.acted = true;
        let group = u.members.len() > 1;
        let mut said = format!("{} turn ends", possessive(group, &name));
        let waiting: Vec<String> =
            self.s.waiting.iter().filter(|(_, after)| after == unit).map(|(w, _)| w.clone()).collect();
        self.s.waiting.retain(|(_, after)| after != unit);
        for w in waiting {
            if self.s.unit(&w).is_some_and(|u| u.in_fight() && !u.acted) {
                let next = self.begin(&w)?;
                let _ = write!(said, "; {next}");
            }
        }
        self.s.said = said;
        Ok(())
    }

    fn interrupt(
        &mut self,
        unit: &str,
        against: &str,
        roll: &TraitDice,
        against_roll: &TraitDice,
    ) -> Result<(), Error> {
        self.no_prompts()?;
        let u = self.active_unit(unit)?;
        let name = u.combatant.name.clone();
        if !u.on_hold {
            return Err(Error::NotOnHold(name));
        }
        let against_name = self.top_is(against)?;
        let mine = self.unit_roll(unit, "agility", 0, roll)?;
        let theirs = self.unit_roll(against, "agility", 0, against_roll)?;
        let key = |r: &Rolled| (r.result.outcome != Outcome::CriticalFailure, r.result.total);
        let dice = format!("Agility {} against {}", outcome_total(&mine), outcome_total(&theirs));
        // S22 (fr 7: "en réussissant un jet d'Agilité"): the interrupter must first succeed;
        // a failed roll never cuts in, whatever the other rolled.
        let order = if mine.result.outcome.succeeded() {
            key(&mine).cmp(&key(&theirs))
        } else {
            std::cmp::Ordering::Less
        };
        let said = match order {
            std::cmp::Ordering::Greater => {
                let turn = self.begin(unit)?;
                format!("{name} cuts in before {against_name} ({dice}): {turn}")
            }
            std::cmp::Ordering::Equal => {
                let turn = self.begin(unit)?;
                format!("{name} and {against_name} act at the same time ({dice}): {turn}")
            }
            std::cmp::Ordering::Less => {
                self.s.unit_mut(unit)?.on_hold = false;
                self.s.waiting.push((unit.to_owned(), against.to_owned()));
                let why =
                    if mine.result.outcome.succeeded() { "is too slow" } else { "fails the Agility roll" };
                format!("{name} {why} ({dice}): acts right after {against_name}")
            }
        };
        self.s.said = said;
        Ok(())
    }

    /// A trait roll by the first active member of a unit (groups roll once for the group).
    fn unit_roll(
        &self,
        unit: &str,
        trait_name: &str,
        modifier: i32,
        dice_in: &TraitDice,
    ) -> Result<Rolled, Error> {
        let u = self.s.unit_ref(unit)?;
        let index = u.members.iter().position(Member::is_active).unwrap_or(0);
        let m = MemberRef::new(unit, u32::try_from(index).unwrap_or(0));
        self.member_roll(&m, trait_name, modifier, self.rules.core.traits.target_number, dice_in)
    }

    fn member_roll(
        &self,
        m: &MemberRef,
        trait_name: &str,
        modifier: i32,
        tn: i32,
        dice_in: &TraitDice,
    ) -> Result<Rolled, Error> {
        self.member_roll_for(m, trait_name, modifier, tn, dice_in, RollFor::Any)
    }

    /// A member's trait roll made `for_what`, with the abilities that change it (S42–S47).
    fn member_roll_for(
        &self,
        m: &MemberRef,
        trait_name: &str,
        modifier: i32,
        tn: i32,
        dice_in: &TraitDice,
        for_what: RollFor,
    ) -> Result<Rolled, Error> {
        let input = self.s.trait_input_for(self.rules, m, trait_name, for_what)?;
        let roll = TraitRoll {
            die: input.die,
            wild: input.wild,
            modifier: input.modifier().saturating_add(modifier),
            tn,
        };
        Ok(traits::roll_dice(self.rules, &roll, dice_in)?)
    }

    // ----- the deal -----

    fn deal(&mut self, typed: &BTreeMap<String, Vec<Card>>) -> Result<(), Error> {
        if let Some(top) = self.s.whose_turn() {
            return Err(Error::SomeoneActing(
                self.s.unit(top).map_or(top.to_owned(), |t| t.combatant.name.clone()),
            ));
        }
        self.no_prompts()?;
        deck::deal(self, typed)
    }

    // ----- Shaken, attacks, damage -----

    fn active_member(&self, m: &MemberRef) -> Result<&Member, Error> {
        let member = self.s.member_ref(m)?;
        if !member.is_active() {
            return Err(Error::OutOfFight(self.s.name(m), member.status.words()));
        }
        Ok(member)
    }

    fn recover(&mut self, target: &MemberRef, roll: &TraitDice, modifier: i32) -> Result<(), Error> {
        let name = self.s.name(target);
        if !self.active_member(target)?.shaken {
            return Err(Error::NotShaken(name));
        }
        if !self.s.acting.contains(&target.unit) {
            return Err(Error::NotActing(name));
        }
        let tn = self.rules.core.traits.target_number;
        let rolled = self.member_roll_for(target, "spirit", modifier, tn, roll, RollFor::Unshake)?;
        let effect = self.shake_off(target, &rolled.result)?;
        self.s.last_recover = Some(LastRecover { target: target.clone(), modifier, result: rolled.result });
        self.s.prompts.retain(|p| *p != Prompt::SpiritRoll(target.clone()));
        self.s.said = format!(
            "{name} rolls Spirit ({}): {}: {effect}",
            rolled.dice_words(self.trait_die(target, "spirit")),
            outcome_words(&rolled.result)
        );
        Ok(())
    }

    fn trait_die(&self, m: &MemberRef, trait_name: &str) -> crate::systems::savage::rules::die::Die {
        self.s.unit(&m.unit).map_or(crate::systems::savage::rules::die::Die::D4, |u| {
            u.combatant.trait_die(self.rules, trait_name).0
        })
    }

    fn attack(
        &mut self,
        attacker: &MemberRef,
        target: &MemberRef,
        skill: &str,
        modifier: i32,
        roll: &TraitDice,
        with: &With<'_>,
    ) -> Result<(), Error> {
        let (range, situation) = (with.range, with.situation);
        let name = self.s.name(attacker);
        if let Some(w) = with.weapon
            && self.s.unit_ref(&attacker.unit)?.combatant.weapon(w).is_none()
        {
            return Err(Error::UnknownWeapon(w.to_owned()));
        }
        let a = self.active_member(attacker)?;
        if a.shaken {
            return Err(Error::ShakenActs(name));
        }
        if a.free_actions_only {
            return Err(Error::FreeActionsOnly(name));
        }
        if let Some(p) = self.s.prompts.iter().find(|p| p.target() == attacker) {
            return Err(Error::Pending(name, prompt_roll(p)));
        }
        self.s.member_ref(target)?;
        let skill = skill.trim().to_ascii_lowercase();
        let melee = self.rules.core.attack_skills.is_melee(&skill);
        let tn = if melee { self.s.parry(self.rules, target) } else { self.rules.core.traits.target_number };
        // S32: the fight counts the actions of the turn; a declared count may only be more.
        let max = self.rules.core.situations.multi_action.max_actions;
        let made = self.s.member_ref(attacker)?.actions;
        if made >= max {
            return Err(Error::TooManyActions(name, max));
        }
        let actions = situation.actions.max(made + 1);
        let parts = situation.attack_parts(self.rules, melee, actions)?;
        let range_modifier = match range {
            Some(id) if !melee => {
                self.rules.range(id).ok_or_else(|| Error::UnknownRange(id.to_owned()))?.modifier
            }
            _ => 0,
        };
        let all = modifier.saturating_add(range_modifier).saturating_add(situation::sum(&parts));
        let rolled = self.member_roll(attacker, &skill, all, tn, roll)?;
        let die = self.trait_die(attacker, &skill);
        let against = if melee { format!("Parry {tn}") } else { format!("{tn}") };
        let range_words = match range {
            Some(id) if !melee => format!(" at {id} range"),
            _ => String::new(),
        };
        let verdict = match rolled.result.outcome {
            Outcome::Raise => "hit with a raise: +1d6 damage",
            Outcome::Success => "hit",
            Outcome::Failure => "miss",
            Outcome::CriticalFailure => "critical failure",
        };
        self.s.said = format!(
            "{} attacks {}{range_words} with {} ({}){}: {} against {against}: {verdict}",
            self.s.name(attacker),
            self.s.name(target),
            capital(&skill),
            rolled.dice_words(die),
            situation::words(&parts),
            rolled.result.total,
        );
        let me = self.s.member_mut(attacker)?;
        me.actions = made + 1;
        if situation.wild_attack {
            me.wild_attack = true;
        }
        self.s.last_attack = Some(LastAttack {
            attacker: attacker.clone(),
            target: target.clone(),
            tn,
            result: rolled.result,
            skill: skill.clone(),
            modifier: all,
            weapon: with.weapon.map(str::to_owned),
            damaged: false,
        });
        Ok(())
    }

    fn damage(
        &mut self,
        target: &MemberRef,
        attacker: Option<&str>,
        roll: &DamageRoll,
        hit: &Hit<'_>,
    ) -> Result<(), Error> {
        let (modifier, nonlethal) = (hit.modifier, hit.nonlethal);
        // The damage that follows a hit goes to the member hit.
        let follows = self.s.pending_hit().filter(|a| Some(a.attacker.unit.as_str()) == attacker).cloned();
        if let Some(a) = &follows
            && a.target != *target
        {
            return Err(Error::NotTheTarget(self.s.name(&a.target), self.s.name(target)));
        }
        if follows.is_some()
            && let Some(a) = self.s.last_attack.as_mut()
        {
            a.damaged = true;
        }
        let parts = hit.situation.damage_parts(self.rules)?;
        let before = self.active_member(target)?.clone();
        let strength = match attacker {
            Some(a) => Some(self.s.unit_ref(a)?.combatant.attributes.strength),
            None => None,
        };
        let rolled = damage::roll_damage(self.rules, roll, strength)?;
        let joker = attacker.map_or(0, |a| self.s.joker_bonus(self.rules, a));
        let total = rolled
            .total
            .saturating_add(modifier)
            .saturating_add(joker)
            .saturating_add(situation::sum(&parts));
        let t_unit = self.s.unit_ref(&target.unit)?;
        let hardy = t_unit.combatant.hardy;
        // S39: armour piercing ignores up to its value of the armour inside the Toughness.
        let toughness = situation::effective_toughness(
            t_unit.combatant.toughness(self.rules),
            t_unit.combatant.armour,
            hit.ap,
        );
        // S40: on a Hardy target a second Shaken is no wound.
        let effect = damage::effect(self.rules, total, toughness, before.shaken && !hardy);
        let mut dice_words = String::new();
        if !rolled.dice.is_empty() {
            let parts: Vec<String> = rolled
                .dice
                .iter()
                .map(|f| {
                    let sum: u32 = f.iter().sum();
                    if f.len() > 1 {
                        let faces: Vec<String> = f.iter().map(ToString::to_string).collect();
                        format!("{sum} ({})", faces.join("+"))
                    } else {
                        sum.to_string()
                    }
                })
                .collect();
            dice_words = format!(" [{}]", parts.join(", "));
        }
        let mut extra = if joker != 0 { format!(" (Joker {})", signed(joker)) } else { String::new() };
        extra.push_str(&situation::words(&parts));
        if hit.ap > 0 {
            let _ = write!(extra, " (AP {})", hit.ap);
        }
        let from = attacker
            .and_then(|a| self.s.unit(a))
            .map(|u| format!(" from {}", u.combatant.name))
            .unwrap_or_default();
        let head = format!(
            "{} takes {total}{dice_words}{extra}{from} against Toughness {toughness}",
            self.s.name(target)
        );
        self.s.last_damage = Some(LastDamage {
            target: target.clone(),
            attacker: attacker.map(str::to_owned),
            before: before.clone(),
            total,
            toughness,
            nonlethal,
            soaked: 0,
            effect,
        });
        let result = self.settle_hit(target, &before, effect, 0, nonlethal)?;
        self.s.said = format!("{head}: {result}");
        Ok(())
    }

    /// Sets a member's condition from before a hit, the hit's effect and the wounds soaked;
    /// returns the result in words.
    fn settle_hit(
        &mut self,
        target: &MemberRef,
        before: &Member,
        effect: Effect,
        soaked: u32,
        nonlethal: bool,
    ) -> Result<String, Error> {
        let wild = self.s.unit_ref(&target.unit)?.combatant.is_wild_card();
        let max = self.rules.core.wounds.wild_card_wounds;
        let taken = effect.wounds().saturating_sub(soaked);
        // The Incapacitation roll already made for this hit stands while the member is still
        // Incapacitated after a soak or an added die (a soak that brings it back undoes it).
        let now = self.s.member_ref(target)?.clone();
        let rolled_already = before.status != Status::Incapacitated && now.injury.is_some();
        let mut m = before.clone();
        let words = match effect {
            Effect::None => "no effect".to_owned(),
            Effect::Shaken => {
                m.shaken = true;
                "Shaken".to_owned()
            }
            Effect::Wounds(n) => {
                let wounds = words::count(n, "wound", "wounds");
                let soak_words =
                    if soaked > 0 { format!(", {} soaked", soaked.min(n)) } else { String::new() };
                if taken == 0 {
                    format!("{wounds}{soak_words}: no harm done")
                } else if !wild && nonlethal {
                    // S15: non-lethal damage knocks out; nobody dies of it.
                    m.shaken = true;
                    m.wounds = 1;
                    m.status = Status::Unconscious;
                    m.nonlethal = true;
                    format!("{wounds}{soak_words}: knocked out (non-lethal)")
                } else if !wild {
                    m.shaken = true;
                    m.wounds = 1;
                    m.status = Status::Out;
                    format!("{wounds}{soak_words}: out of the fight")
                } else if before.wounds + taken > max {
                    m.shaken = true;
                    m.wounds = max;
                    m.status = Status::Incapacitated;
                    m.nonlethal = nonlethal;
                    if rolled_already {
                        m.status = now.status;
                        m.injury = now.injury;
                        m.injury_drawn = now.injury_drawn;
                        m.bleeding_out = now.bleeding_out;
                        format!("{wounds}{soak_words}: still {}", now.status.words())
                    } else if nonlethal {
                        format!(
                            "{wounds}{soak_words}: Incapacitated by non-lethal damage (knocked out, not killed), Vigor roll"
                        )
                    } else {
                        format!("{wounds}{soak_words}: Incapacitated, Vigor roll")
                    }
                } else {
                    m.shaken = true;
                    m.wounds = before.wounds + taken;
                    format!("{wounds}{soak_words}: Shaken with {}", words::count(m.wounds, "wound", "wounds"))
                }
            }
        };
        let incapacitated =
            m.status == Status::Incapacitated && before.status != Status::Incapacitated && m.injury.is_none();
        *self.s.member_mut(target)? = m;
        self.s.prompts.retain(|p| *p != Prompt::Incapacitation(target.clone()));
        if incapacitated {
            self.s.prompts.push(Prompt::Incapacitation(target.clone()));
        }
        Ok(words)
    }

    // ----- chips -----

    fn check_holder(&self, holder: &Holder) -> Result<(), Error> {
        match holder {
            Holder::Marshal => Ok(()),
            Holder::Player(p) if self.s.players.contains(p) => Ok(()),
            Holder::Player(p) => Err(Error::UnknownPlayer(p.clone())),
        }
    }

    fn check_owner(&self, holder: &Holder, unit: &str, name: String) -> Result<(), Error> {
        if self.s.owner(unit) == *holder { Ok(()) } else { Err(Error::NotTheirChip(holder.words(), name)) }
    }

    fn spend(&mut self, holder: &Holder, chip: ChipColour, purpose: &Spend) -> Result<(), Error> {
        self.check_holder(holder)?;
        if self.s.chips.count(holder, chip) == 0 {
            return Err(Error::NoChip(holder.words(), chip));
        }
        let chip_use = purpose.chip_use();
        if !self.rules.chips.allows(chip, chip_use) {
            return Err(Error::ChipCannot(chip, chip_use.words()));
        }
        if matches!(purpose, Spend::Reroll | Spend::RerollAny)
            && let Some(roll) = self.s.tied_reroll()
        {
            return Err(Error::RerollTied(roll));
        }
        // S50: a soak or a die added after the Vigor roll closes its reroll.
        if !matches!(purpose, Spend::RerollVigor { .. } | Spend::Bonus | Spend::CancelCriticalFailure) {
            self.s.last_vigor = None;
        }
        let effect = match purpose {
            Spend::Reroll | Spend::RerollAny => String::new(),
            // Edition 0 took the chip and changed no roll: its journals replay as they were played.
            Spend::CancelCriticalFailure | Spend::Bonus if self.s.edition == 0 => String::new(),
            Spend::CancelCriticalFailure | Spend::Bonus => self.better_open_roll(holder, purpose)?,
            Spend::Unshake { target } => {
                let name = self.s.name(target);
                if !self.active_member(target)?.shaken {
                    return Err(Error::NotShaken(name));
                }
                self.check_owner(holder, &target.unit, name.clone())?;
                let m = self.s.member_mut(target)?;
                m.shaken = false;
                m.free_actions_only = false;
                // Nothing is left for a reroll of the Spirit roll to better.
                self.s.last_recover = None;
                self.s.prompts.retain(|p| *p != Prompt::SpiritRoll(target.clone()));
                format!(": {name} is no longer Shaken and acts normally")
            }
            Spend::Soak { roll, modifier } => self.soak(holder, roll, *modifier)?,
            Spend::ExtraDamage { roll } => self.extra_damage(holder, roll)?,
            Spend::RerollAttack { roll } => self.reroll_attack(holder, roll)?,
            Spend::RerollRecover { roll } => self.reroll_recover(holder, roll)?,
            Spend::RerollVigor { roll } => self.reroll_vigor(holder, roll)?,
        };
        // Pay: back to the pot, except legendary chips, which are used once.
        if let Some(h) = self.s.chips.held.get_mut(holder)
            && let Some(n) = h.get_mut(&chip)
        {
            *n = n.saturating_sub(1);
        }
        if chip != ChipColour::Legendary {
            *self.s.chips.pot.entry(chip).or_default() += 1;
        }
        let mut said = format!("{} spends a {chip} chip {}{effect}", holder.words(), chip_use.words());
        if matches!(holder, Holder::Player(_)) && self.rules.chips.marshal_draws(chip, chip_use) {
            if self.take_from_pot(&Holder::Marshal, ChipColour::White).is_ok() {
                said.push_str("; the Marshal draws a white chip");
            } else {
                said.push_str("; the Marshal would draw a white chip, but the pot has none");
            }
        }
        self.s.said = said;
        Ok(())
    }

    fn soak(&mut self, holder: &Holder, roll: &TraitDice, modifier: i32) -> Result<String, Error> {
        let Some(last) = self.s.last_damage.clone() else { return Err(Error::NothingToSoak) };
        if last.effect.wounds() == 0 {
            return Err(Error::NothingToSoak);
        }
        let name = self.s.name(&last.target);
        self.check_owner(holder, &last.target.unit, name.clone())?;
        // The roll takes the penalties the member had before this hit.
        let input = self.s.soak_input(self.rules, &last)?;
        let die = input.die;
        let trait_roll = TraitRoll {
            die,
            wild: input.wild,
            modifier: input.modifier().saturating_add(modifier),
            tn: self.rules.core.traits.target_number,
        };
        let rolled = traits::roll_dice(self.rules, &trait_roll, roll)?;
        let removed = damage::soaked(&rolled.result);
        let best = last.soaked.max(removed);
        let result = self.settle_hit(&last.target, &last.before, last.effect, best, last.nonlethal)?;
        if let Some(l) = self.s.last_damage.as_mut() {
            l.soaked = best;
        }
        Ok(format!(
            ": {name} rolls Vigor ({}): {}: {}",
            rolled.dice_words(die),
            outcome_words(&rolled.result),
            result
        ))
    }

    /// A chip rerolls the attack just made: the same skill, modifiers and target number; the
    /// better of the two results stands (fr 44: "Le meilleur résultat est gardé").
    /// What a Spirit roll's result does to a Shaken member; its words.
    fn shake_off(&mut self, target: &MemberRef, result: &TraitResult) -> Result<&'static str, Error> {
        let m = self.s.member_mut(target)?;
        Ok(match result.outcome {
            Outcome::Raise => {
                m.shaken = false;
                m.free_actions_only = false;
                "no longer Shaken, and acts normally"
            }
            Outcome::Success => {
                m.shaken = false;
                m.free_actions_only = true;
                "no longer Shaken, but only free actions this turn"
            }
            Outcome::Failure | Outcome::CriticalFailure => "still Shaken: only free actions",
        })
    }

    /// fr 44 ("Le meilleur résultat est gardé"): a chip rerolls the Spirit roll just made, with
    /// the same modifiers; the better result is the one that counts.
    fn reroll_recover(&mut self, holder: &Holder, roll: &TraitDice) -> Result<String, Error> {
        let Some(last) = self.s.last_recover.clone() else { return Err(Error::NoRecover) };
        let name = self.s.name(&last.target);
        self.check_owner(holder, &last.target.unit, name.clone())?;
        let tn = self.rules.core.traits.target_number;
        let rolled =
            self.member_roll_for(&last.target, "spirit", last.modifier, tn, roll, RollFor::Unshake)?;
        let key = |r: &TraitResult| (r.outcome, r.raises, r.total);
        let better = if key(&rolled.result) > key(&last.result) { rolled.result } else { last.result };
        let effect = self.shake_off(&last.target, &better)?;
        if let Some(r) = self.s.last_recover.as_mut() {
            r.result = better;
        }
        Ok(format!(
            ": {name} rerolls Spirit ({}): {}: keeps {}: {effect}",
            rolled.dice_words(self.trait_die(&last.target, "spirit")),
            outcome_words(&rolled.result),
            outcome_words(&better)
        ))
    }

    /// A chip cancels the critical failure of the roll just made, or adds its bonus to that
    /// roll's total (en 54–58, fr 42–46): the roll a chip's reroll is tied to (S50), judged
    /// again and applied as a reroll's better result is. Refused when there is no such roll,
    /// or the chip would change nothing, so the chip is spent only for its effect.
    fn better_open_roll(&mut self, holder: &Holder, purpose: &Spend) -> Result<String, Error> {
        let what = match purpose {
            Spend::CancelCriticalFailure => "cancel a critical failure",
            _ => "add to",
        };
        let bonus = self.rules.chips.bonus;
        let tn = self.rules.core.traits.target_number;
        let change = |roll: String, before: &TraitResult, tn: i32| -> Result<TraitResult, Error> {
            let critical = before.outcome == Outcome::CriticalFailure;
            match purpose {
                Spend::CancelCriticalFailure if critical => Ok(traits::grade(self.rules, before.total, tn)),
                Spend::CancelCriticalFailure => Err(Error::NotCriticalFailure(roll)),
                _ if critical => Err(Error::BonusOnCriticalFailure(roll)),
                _ => Ok(traits::grade(self.rules, before.total.saturating_add(bonus), tn)),
            }
        };
        let change_words = |before: &TraitResult, after: &TraitResult| match purpose {
            Spend::CancelCriticalFailure => format!("no critical failure: {}", outcome_words(after)),
            _ => format!("{} +{bonus}: {}", before.total, outcome_words(after)),
        };
        if let Some(last) = self.s.last_vigor.clone() {
            let name = self.s.name(&last.target);
            self.check_owner(holder, &last.target.unit, name.clone())?;
            let after = change(format!("{name}'s {} roll", last.roll.words()), &last.result, tn)?;
            let words = self.settle_vigor(&last.target, last.roll, &last.before, &after)?;
            if let Some(v) = self.s.last_vigor.as_mut() {
                v.result = after;
            }
            return Ok(format!(
                ": {name}'s Vigor against {}: {}: {words}",
                last.roll.words(),
                change_words(&last.result, &after)
            ));
        }
        if let Some(last) = self.s.last_recover.clone() {
            let name = self.s.name(&last.target);
            self.check_owner(holder, &last.target.unit, name.clone())?;
            let after = change(format!("{name}'s Spirit roll"), &last.result, tn)?;
            let effect = self.shake_off(&last.target, &after)?;
            if let Some(r) = self.s.last_recover.as_mut() {
                r.result = after;
            }
            return Ok(format!(": {name}'s Spirit: {}: {effect}", change_words(&last.result, &after)));
        }
        if let Some(last) = self.s.last_attack.clone().filter(|_| self.s.last_damage.is_none()) {
            let name = self.s.name(&last.attacker);
            self.check_owner(holder, &last.attacker.unit, name.clone())?;
            let after = change(format!("{name}'s attack"), &last.result, last.tn)?;
            if let Some(a) = self.s.last_attack.as_mut() {
                a.result = after;
            }
            return Ok(format!(
                ": {name}'s {}: {}",
                capital(&last.skill),
                change_words(&last.result, &after)
            ));
        }
        Err(Error::NoOpenRoll(what))
    }

    fn reroll_attack(&mut self, holder: &Holder, roll: &TraitDice) -> Result<String, Error> {
        let Some(last) = self.s.last_attack.clone() else { return Err(Error::NoAttack) };
        if self.s.last_damage.is_some() {
            return Err(Error::DamageRolled);
        }
        let name = self.s.name(&last.attacker);
        self.check_owner(holder, &last.attacker.unit, name.clone())?;
        let rolled = self.member_roll(&last.attacker, &last.skill, last.modifier, last.tn, roll)?;
        let key = |r: &TraitResult| (r.outcome, r.raises, r.total);
        let better = if key(&rolled.result) > key(&last.result) { rolled.result } else { last.result };
        if let Some(a) = self.s.last_attack.as_mut() {
            a.result = better;
        }
        Ok(format!(
            ": {name} rerolls {} ({}): {}: keeps {}",
            capital(&last.skill),
            rolled.dice_words(self.trait_die(&last.attacker, &last.skill)),
            outcome_words(&rolled.result),
            outcome_words(&better)
        ))
    }

    fn extra_damage(&mut self, holder: &Holder, roll: &DieRoll) -> Result<String, Error> {
        let Some(last) = self.s.last_damage.clone() else { return Err(Error::NoDamage) };
        if let Some(a) = &last.attacker {
            let name = self.s.unit(a).map_or(a.clone(), |u| u.combatant.name.clone());
            self.check_owner(holder, a, name)?;
        }
        let sides = self.rules.chips.extra_damage_die;
        let faces = match *roll {
            DieRoll::Typed { total } => vec![dice::check_total(sides, total)?],
            DieRoll::Seeded { seed } => dice::roll(sides, &mut dice::rng(seed)),
        };
        let added: u32 = faces.iter().sum();
        let total = last.total.saturating_add(i32::try_from(added).unwrap_or(i32::MAX));
        let hardy = self.s.unit_ref(&last.target.unit)?.combatant.hardy;
        let effect = damage::effect(self.rules, total, last.toughness, last.before.shaken && !hardy);
        let result = self.settle_hit(&last.target, &last.before, effect, last.soaked, last.nonlethal)?;
        if let Some(l) = self.s.last_damage.as_mut() {
            l.total = total;
            l.effect = effect;
        }
        Ok(format!(": d{sides} {added}, damage now {total} against Toughness {}: {result}", last.toughness))
    }

    fn take_from_pot(&mut self, holder: &Holder, colour: ChipColour) -> Result<(), Error> {
        let Some(n) = self.s.chips.pot.get_mut(&colour).filter(|n| **n > 0) else {
            return Err(Error::PotEmpty(colour));
        };
        *n -= 1;
        *self.s.chips.held.entry(holder.clone()).or_default().entry(colour).or_default() += 1;
        Ok(())
    }

    /// The colour of a chip drawn blind from the pot, from the game's seed and the draw count.
    fn blind_pick(&mut self) -> Result<ChipColour, Error> {
        let in_pot = self.s.chips.in_pot();
        if in_pot == 0 {
            return Err(Error::PotEmpty(ChipColour::White));
        }
        let seed = derive_seed(self.s.seed, SALT_CHIPS, self.s.chips.draws);
        self.s.chips.draws += 1;
        let mut pick = dice::rng(seed).random_range(0..in_pot);
        for (&c, &n) in &self.s.chips.pot {
            if pick < n {
                return Ok(c);
            }
            pick -= n;
        }
        Err(Error::PotEmpty(ChipColour::White))
    }

    fn draw_chips(&mut self, holder: &Holder, count: u32, typed: Option<&[ChipColour]>) -> Result<(), Error> {
        self.check_holder(holder)?;
        if !(1..=10).contains(&count) || typed.is_some_and(|t| t.len() != usize::try_from(count).unwrap_or(0))
        {
            return Err(Error::ChipCount);
        }
        let mut got = Vec::new();
        for i in 0..count {
            let colour = match typed.and_then(|t| t.get(usize::try_from(i).unwrap_or(0))) {
                Some(&c) => c,
                None => self.blind_pick()?,
            };
            if colour == ChipColour::Legendary {
                return Err(Error::PotEmpty(ChipColour::Legendary));
            }
            self.take_from_pot(holder, colour)?;
            got.push(colour.id());
        }
        let owed = self.s.chips.owed.get(holder).copied().unwrap_or(0);
        if let Some(o) = self.s.chips.owed.get_mut(holder) {
            *o = o.saturating_sub(count);
        }
        let verb = if owed > 0 { "draws" } else { "is awarded" };
        self.s.said = format!("{} {verb} {} from the pot", holder.words(), got.join(", "));
        Ok(())
    }

    // ----- Incapacitation, bleeding, fatigue -----

    fn incapacitation(&mut self, target: &MemberRef, roll: &TraitDice, modifier: i32) -> Result<(), Error> {
        let name = self.s.name(target);
        let m = self.s.member_ref(target)?;
        if m.status != Status::Incapacitated || m.injury.is_some() {
            return Err(Error::NotIncapacitated(name));
        }
        let before = m.clone();
        let tn = self.rules.core.traits.target_number;
        let rolled = self.member_roll_for(target, "vigor", modifier, tn, roll, RollFor::Incapacitation)?;
        let words = self.settle_vigor(target, VigorRoll::Incapacitation, &before, &rolled.result)?;
        self.s.prompts.retain(|p| *p != Prompt::Incapacitation(target.clone()));
        self.s.last_vigor = Some(LastVigor {
            target: target.clone(),
            roll: VigorRoll::Incapacitation,
            modifier,
            result: rolled.result,
            before,
        });
        self.s.said = format!(
            "{name} rolls Vigor for Incapacitation ({}): {}: {words}",
            rolled.dice_words(self.trait_die(target, "vigor")),
            outcome_words(&rolled.result)
        );
        Ok(())
    }

    /// What an Incapacitation or Bleeding Out roll's result does to the member as it was
    /// `before` the roll; its words.
    fn settle_vigor(
        &mut self,
        target: &MemberRef,
        kind: VigorRoll,
        before: &Member,
        result: &TraitResult,
    ) -> Result<String, Error> {
        let auto_bleed = self.s.automation.bleeding_out;
        let inc = &self.rules.core.incapacitation;
        let nonlethal = before.nonlethal;
        let mut m = before.clone();
        let words = match kind {
            VigorRoll::Incapacitation => {
                let fate = damage::incapacitation(self.rules, result);
                m.injury = Some(fate);
                match fate {
                    Incapacitation::Dead if nonlethal => {
                        m.status = Status::Unconscious;
                        format!("knocked out for {} hours", inc.nonlethal_unconscious_hours)
                    }
                    Incapacitation::Dead => {
                        m.status = Status::Dead;
                        "dead".to_owned()
                    }
                    Incapacitation::BleedingOut => {
                        m.bleeding_out = auto_bleed;
                        if auto_bleed {
                            "a lasting injury, and Bleeding Out: a Vigor roll at the start of each round"
                                .to_owned()
                        } else {
                            "a lasting injury, and Bleeding Out".to_owned()
                        }
                    }
                    Incapacitation::HealsWithWounds => "the injury goes when the wounds heal".to_owned(),
                    Incapacitation::HealsIn24h => "the injury goes in 24 hours".to_owned(),
                }
            }
            VigorRoll::BleedingOut => match damage::bleeding(result) {
                Bleeding::Dies if nonlethal => {
                    m.bleeding_out = false;
                    m.status = Status::Unconscious;
                    format!("knocked out for {} hours", inc.bleeding_nonlethal_unconscious_hours)
                }
                Bleeding::Dies => {
                    m.bleeding_out = false;
                    m.status = Status::Dead;
                    "bleeds to death".to_owned()
                }
                Bleeding::Again => "still bleeding: rolls again next round".to_owned(),
                Bleeding::Stops => {
                    m.bleeding_out = false;
                    "the bleeding stops".to_owned()
                }
            },
        };
        *self.s.member_mut(target)? = m;
        Ok(words)
    }

    fn bleed_out(&mut self, target: &MemberRef, roll: &TraitDice, modifier: i32) -> Result<(), Error> {
        let name = self.s.name(target);
        let m = self.s.member_ref(target)?;
        if !m.bleeding_out {
            return Err(Error::NotBleeding(name));
        }
        let before = m.clone();
        let tn = self.rules.core.traits.target_number;
        let rolled = self.member_roll_for(target, "vigor", modifier, tn, roll, RollFor::BleedingOut)?;
        let words = self.settle_vigor(target, VigorRoll::BleedingOut, &before, &rolled.result)?;
        self.s.prompts.retain(|p| *p != Prompt::BleedingOut(target.clone()));
        self.s.last_vigor = Some(LastVigor {
            target: target.clone(),
            roll: VigorRoll::BleedingOut,
            modifier,
            result: rolled.result,
            before,
        });
        self.s.said = format!(
            "{name} rolls Vigor against Bleeding Out ({}): {}: {words}",
            rolled.dice_words(self.trait_die(target, "vigor")),
            outcome_words(&rolled.result)
        );
        Ok(())
    }

    /// S50 (en 57: "Any chip can re-roll a Trait roll (keep the best)"): a chip rerolls the
    /// Incapacitation or Bleeding Out roll just made, with the same modifiers; the better
    /// result is the one that counts, applied to the member as it was before the first roll.
    fn reroll_vigor(&mut self, holder: &Holder, roll: &TraitDice) -> Result<String, Error> {
        let Some(last) = self.s.last_vigor.clone() else { return Err(Error::NoVigor) };
        let name = self.s.name(&last.target);
        self.check_owner(holder, &last.target.unit, name.clone())?;
        let tn = self.rules.core.traits.target_number;
        let for_what = match last.roll {
            VigorRoll::Incapacitation => RollFor::Incapacitation,
            VigorRoll::BleedingOut => RollFor::BleedingOut,
        };
        // The roll changed no wound or fatigue: the penalties are those of the first roll.
        let rolled = self.member_roll_for(&last.target, "vigor", last.modifier, tn, roll, for_what)?;
        let key = |r: &TraitResult| (r.outcome, r.raises, r.total);
        let better = if key(&rolled.result) > key(&last.result) { rolled.result } else { last.result };
        let words = self.settle_vigor(&last.target, last.roll, &last.before, &better)?;
        if let Some(v) = self.s.last_vigor.as_mut() {
            v.result = better;
        }
        Ok(format!(
            ": {name} rerolls Vigor against {} ({}): {}: keeps {}: {words}",
            last.roll.words(),
            rolled.dice_words(self.trait_die(&last.target, "vigor")),
            outcome_words(&rolled.result),
            outcome_words(&better)
        ))
    }

    /// S48: the Injury Table, once the Incapacitation roll has left a lasting injury (not
    /// after "1 or less").
    fn injury(&mut self, target: &MemberRef, roll: &InjuryRoll) -> Result<(), Error> {
        let name = self.s.name(target);
        let m = self.s.member_ref(target)?;
        let fate = match m.injury {
            None | Some(Incapacitation::Dead) => return Err(Error::NoInjury(name)),
            Some(fate) => fate,
        };
        if m.injury_drawn.is_some() {
            return Err(Error::InjuryDrawn(name));
        }
        let drawn = injury::draw(self.rules, roll)?;
        let lasts = match fate {
            Incapacitation::BleedingOut | Incapacitation::Dead => "for good",
            Incapacitation::HealsWithWounds => "until the wounds heal",
            Incapacitation::HealsIn24h => "for 24 hours (or until the wounds heal)",
        };
        let dice = match drawn.sub {
            Some(d6) => format!("2d6 {}, d6 {d6}", drawn.roll),
            None => format!("2d6 {}", drawn.roll),
        };
        self.s.said = format!("{name}'s injury ({dice}): {}, {lasts}", drawn.words());
        self.s.member_mut(target)?.injury_drawn = Some(drawn);
        Ok(())
    }

    /// S49: a Healing roll in the healer's turn, with the patient's wound penalty: a success
    /// stops the bleeding.
    fn heal(
        &mut self,
        healer: &MemberRef,
        target: &MemberRef,
        roll: &TraitDice,
        modifier: i32,
    ) -> Result<(), Error> {
        let name = self.s.name(healer);
        let h = self.active_member(healer)?;
        if h.shaken {
            return Err(Error::ShakenActs(name));
        }
        if h.free_actions_only {
            return Err(Error::FreeActionsOnly(name));
        }
        if !self.s.acting.contains(&healer.unit) {
            return Err(Error::NotActing(name));
        }
        let patient = self.s.name(target);
        let p = self.s.member_ref(target)?;
        if !p.bleeding_out {
            return Err(Error::NotBleeding(patient));
        }
        let patient_wounds = self.s.penalties(self.rules, p).0;
        let tn = self.rules.core.traits.target_number;
        let rolled =
            self.member_roll(healer, "healing", modifier.saturating_add(patient_wounds), tn, roll)?;
        let stops = rolled.result.outcome.succeeded();
        if stops {
            self.s.member_mut(target)?.bleeding_out = false;
        }
        self.s.prompts.retain(|q| !(stops && *q == Prompt::BleedingOut(target.clone())));
        self.s.said = format!(
            "{name} rolls Healing on {patient} ({}): {}: {}",
            rolled.dice_words(self.trait_die(healer, "healing")),
            outcome_words(&rolled.result),
            if stops { "the bleeding stops" } else { "still bleeding" }
        );
        Ok(())
    }

    fn fatigue_check(
        &mut self,
        target: &MemberRef,
        cause: FatigueCause,
        roll: &TraitDice,
        modifier: i32,
    ) -> Result<(), Error> {
        let name = self.s.name(target);
        let m = self.s.member_ref(target)?;
        if matches!(m.status, Status::Dead | Status::Collapsed) {
            return Err(Error::OutOfFight(name, m.status.words()));
        }
        let cause_modifier = fatigue::check_modifier(self.rules, cause);
        let rolled = self.member_roll(
            target,
            "vigor",
            modifier.saturating_add(cause_modifier),
            self.rules.core.traits.target_number,
            roll,
        )?;
        let collapse = self.rules.core.fatigue.collapse_level();
        let f = &self.rules.core.fatigue;
        let m = self.s.member_mut(target)?;
        if let FatigueCause::Sleep { check, .. } = cause {
            m.sleep_checks = check;
        }
        let words = if rolled.result.outcome.succeeded() {
            "holds up".to_owned()
        } else {
            m.fatigue += 1;
            if m.fatigue >= collapse {
                m.fatigue = collapse;
                m.status = Status::Collapsed;
                m.collapsed_from = Some(cause);
                match cause {
                    FatigueCause::Sleep { .. } => {
                        format!("collapses, out cold for {} hours", f.collapse_hours)
                    }
                    FatigueCause::Thirst { .. } => {
                        format!("collapses, dying within {} hours", f.thirst_death_hours)
                    }
                }
            } else {
                let level =
                    f.levels.get(usize::try_from(m.fatigue - 1).unwrap_or(0)).map_or("", |l| l.name.as_str());
                format!("{level} ({})", signed(f.penalty(m.fatigue)))
            }
        };
        self.s.said = format!(
            "{name} rolls Vigor against {} at {} ({}): {}: {words}",
            cause.words(),
            signed(cause_modifier),
            rolled.dice_words(self.trait_die(target, "vigor")),
            outcome_words(&rolled.result)
        );
        Ok(())
    }

    fn rest(&mut self, target: &MemberRef, levels: u32, slept: bool) -> Result<(), Error> {
        let name = self.s.name(target);
        let collapse = self.rules.core.fatigue.collapse_level();
        let m = self.s.member_mut(target)?;
        if m.status == Status::Dead {
            return Err(Error::OutOfFight(name, "dead"));
        }
        m.fatigue = m.fatigue.saturating_sub(levels);
        if slept {
            m.sleep_checks = 0;
        }
        if m.status == Status::Collapsed && m.fatigue < collapse {
            m.status = Status::Active;
            m.collapsed_from = None;
        }
        self.s.said = format!("{name} recovers {levels} fatigue level(s): now {}", m.fatigue);
        Ok(())
    }

    fn adjust(
        &mut self,
        target: &MemberRef,
        shaken: Option<bool>,
        wounds: Option<u32>,
        fatigue: Option<u32>,
        status: Option<Status>,
        bleeding_out: Option<bool>,
    ) -> Result<(), Error> {
        let name = self.s.name(target);
        let max = self.rules.core.wounds.wild_card_wounds;
        let collapse = self.rules.core.fatigue.collapse_level();
        if wounds.is_some_and(|w| w > max) {
            return Err(Error::BadAdjust(format!("wounds go from 0 to {max}")));
        }
        if fatigue.is_some_and(|f| f > collapse) {
            return Err(Error::BadAdjust(format!("fatigue goes from 0 to {collapse}")));
        }
        let m = self.s.member_mut(target)?;
        let mut changes = Vec::new();
        if let Some(v) = shaken {
            m.shaken = v;
            changes.push(if v { "Shaken".to_owned() } else { "not Shaken".to_owned() });
        }
        if let Some(v) = wounds {
            m.wounds = v;
            changes.push(words::count(v, "wound", "wounds"));
        }
        if let Some(v) = fatigue {
            m.fatigue = v;
            changes.push(format!("fatigue {v}"));
        }
        if let Some(v) = status {
            m.status = v;
            if v == Status::Active {
                m.injury = None;
                m.collapsed_from = None;
            }
            changes.push(v.words().to_owned());
        }
        if let Some(v) = bleeding_out {
            m.bleeding_out = v;
            changes.push(if v { "Bleeding Out".to_owned() } else { "not bleeding".to_owned() });
        }
        self.s.said = format!(
            "The Marshal sets {name}: {}",
            if changes.is_empty() { "no change".to_owned() } else { changes.join(", ") }
        );
        Ok(())
    }

    /// Drops the prompts that no longer apply (the member is out, no longer Shaken, the
    /// automation was switched off).
    fn prune_prompts(&mut self) {
        let s = &*self.s;
        let keep: Vec<bool> = s
            .prompts
            .iter()
            .map(|p| {
                let Some(m) = s.member(p.target()) else { return false };
                match p {
                    Prompt::SpiritRoll(_) => s.automation.shaken_prompt && m.is_active() && m.shaken,
                    Prompt::Incapacitation(_) => m.status == Status::Incapacitated && m.injury.is_none(),
                    Prompt::BleedingOut(_) => s.automation.bleeding_out && m.bleeding_out,
                }
            })
            .collect();
        let mut flags = keep.into_iter();
        self.s.prompts.retain(|_| flags.next().unwrap_or(false));
    }
}

fn prompt_roll(p: &Prompt) -> &'static str {
    match p {
        Prompt::SpiritRoll(_) => "Spirit roll to recover from Shaken",
        Prompt::Incapacitation(_) => "Incapacitation roll",
        Prompt::BleedingOut(_) => "Bleeding Out roll",
    }
}

fn outcome_total(r: &Rolled) -> String {
    if r.result.outcome == Outcome::CriticalFailure {
        "critical failure".to_owned()
    } else {
        r.result.total.to_string()
    }
}

fn unit_words(u: &Unit) -> String {
    let kind = if u.combatant.is_wild_card() { "Wild Card" } else { "Extras" };
    if u.members.len() > 1 {
        format!("{} ({} {kind})", u.combatant.name, u.members.len())
    } else {
        format!("{} ({kind})", u.combatant.name)
    }
}

/// "Ann's", "Boss's", and for a group named in the plural "Deputies'".
fn possessive(group: bool, name: &str) -> String {
    if group && name.ends_with('s') { format!("{name}'") } else { format!("{name}'s") }
}

fn capital(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
}
