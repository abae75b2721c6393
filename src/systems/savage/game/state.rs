//! Where a fight stands, and the questions screens ask it (whose turn, who holds a Joker,
//! each combatant's condition, the inputs of the odds calculators).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::kernel::cards::Card;
use crate::systems::savage::rules::Rules;
use crate::systems::savage::rules::abilities::RollFor;
use crate::systems::savage::rules::chips::ChipColour;
use crate::systems::savage::rules::combatant::Combatant;
use crate::systems::savage::rules::damage::{DamageDice, Effect, Incapacitation, Resolved};
use crate::systems::savage::rules::die::Die;
use crate::systems::savage::rules::fatigue::FatigueCause;
use crate::systems::savage::rules::initiative::{self, DrawRule};
use crate::systems::savage::rules::injury::Injury;
use crate::systems::savage::rules::traits::TraitResult;

use super::Error;

/// Which automations are on. Each can be switched off from the set-up (or mid-fight).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Automation {
    /// Ask for the Spirit roll when a Shaken combatant's turn begins.
    pub shaken_prompt: bool,
    /// Set Bleeding Out on a failed Incapacitation roll and ask for its roll every round.
    pub bleeding_out: bool,
    /// Apply wound and fatigue penalties to every trait roll.
    pub penalties: bool,
}

impl Default for Automation {
    fn default() -> Automation {
        Automation { shaken_prompt: true, bleeding_out: true, penalties: true }
    }
}

/// One combatant of a unit (a Wild Card, or one Extra of a group), addressed by the unit's id
/// and its place in the group (0 for a Wild Card).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MemberRef {
    pub unit: String,
    #[serde(default)]
    pub member: u32,
}

impl MemberRef {
    /// The member `member` of `unit`.
    #[must_use]
    pub fn new(unit: &str, member: u32) -> MemberRef {
        MemberRef { unit: unit.to_owned(), member }
    }
}

/// Whether a member can still act.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    Active,
    /// An Extra taken out by a wound.
    Out,
    /// A Wild Card with more than three wounds.
    Incapacitated,
    /// Knocked out by non-lethal damage.
    Unconscious,
    /// Collapsed from lack of sleep (out cold) or thirst (dying within hours).
    Collapsed,
    Dead,
}

impl Status {
    /// The status in words.
    #[must_use]
    pub fn words(self) -> &'static str {
        match self {
            Status::Active => "active",
            Status::Out => "out of the fight",
            Status::Incapacitated => "Incapacitated",
            Status::Unconscious => "unconscious",
            Status::Collapsed => "collapsed",
            Status::Dead => "dead",
        }
    }
}

/// One combatant's condition.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[expect(clippy::struct_excessive_bools, reason = "independent conditions a screen shows side by side")]
pub struct Member {
    pub shaken: bool,
    pub wounds: u32,
    pub fatigue: u32,
    pub status: Status,
    pub bleeding_out: bool,
    /// Only free actions this turn (recovered from Shaken with a plain success).
    pub free_actions_only: bool,
    /// The lasting injury's fate after an Incapacitation roll.
    pub injury: Option<Incapacitation>,
    /// Whether the damage that Incapacitated it was non-lethal.
    pub nonlethal: bool,
    /// Fatigue rolls for lack of sleep since the last sleep.
    pub sleep_checks: u32,
    /// What made it collapse, when it did.
    pub collapsed_from: Option<FatigueCause>,
    /// Actions (attacks) taken this turn: the multi-action penalty counts them.
    pub actions: u32,
    /// It made a Wild Attack: its Parry is lowered until its next turn.
    pub wild_attack: bool,
    /// The injury drawn on the Injury Table after its Incapacitation roll (S48).
    pub injury_drawn: Option<Injury>,
}

impl Member {
    pub(crate) fn fresh() -> Member {
        Member {
            shaken: false,
            wounds: 0,
            fatigue: 0,
            status: Status::Active,
            bleeding_out: false,
            free_actions_only: false,
            injury: None,
            injury_drawn: None,
            nonlethal: false,
            sleep_checks: 0,
            collapsed_from: None,
            actions: 0,
            wild_attack: false,
        }
    }

    /// Whether it can still act.
    #[must_use]
    pub fn is_active(&self) -> bool {
        self.status == Status::Active
    }
}

/// A Wild Card or a group of Extras: one card, one profile, one or more members.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Unit {
    pub id: String,
    pub combatant: Combatant,
    /// The card it acts on this round (`None`: not dealt in, e.g. on hold from last round).
    pub card: Option<Card>,
    /// Every card it drew this round, in order (Level Headed, Quick…).
    pub drawn: Vec<Card>,
    pub acted: bool,
    pub on_hold: bool,
    pub members: Vec<Member>,
}

impl Unit {
    /// Whether it holds a Joker this round.
    #[must_use]
    pub fn has_joker(&self) -> bool {
        self.card.is_some_and(Card::is_joker)
    }

    /// Whether any member can still act.
    #[must_use]
    pub fn in_fight(&self) -> bool {
        self.members.iter().any(Member::is_active)
    }

    /// The member at `index`.
    #[must_use]
    pub fn member(&self, index: u32) -> Option<&Member> {
        self.members.get(usize::try_from(index).ok()?)
    }

    /// The name of member `index`: the unit's name for a Wild Card, "Outlaws 3" in a group.
    #[must_use]
    pub fn member_name(&self, index: u32) -> String {
        if self.members.len() > 1 {
            format!("{} {}", self.combatant.name, index + 1)
        } else {
            self.combatant.name.clone()
        }
    }
}

/// Who holds fate chips.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Holder {
    Marshal,
    Player(String),
}

impl Holder {
    /// The holder in words: "the Marshal", "Alice".
    #[must_use]
    pub fn words(&self) -> String {
        match self {
            Holder::Marshal => "the Marshal".to_owned(),
            Holder::Player(name) => name.clone(),
        }
    }
}

/// The fate chips: the pot, each holder's chips, and the draws still owed.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Chips {
    pub pot: BTreeMap<ChipColour, u32>,
    pub held: BTreeMap<Holder, BTreeMap<ChipColour, u32>>,
    /// Blind draws still due: each player's starting chips, the Marshal's share.
    pub owed: BTreeMap<Holder, u32>,
    /// How many blind draws Posse has made (each seeds the next).
    pub draws: u64,
}

impl Chips {
    /// How many chips of `colour` `holder` has.
    #[must_use]
    pub fn count(&self, holder: &Holder, colour: ChipColour) -> u32 {
        self.held.get(holder).and_then(|h| h.get(&colour)).copied().unwrap_or(0)
    }

    /// How many chips `holder` has in all.
    #[must_use]
    pub fn total(&self, holder: &Holder) -> u32 {
        self.held.get(holder).map_or(0, |h| h.values().sum())
    }

    /// How many chips the pot holds.
    #[must_use]
    pub fn in_pot(&self) -> u32 {
        self.pot.values().sum()
    }
}

/// The action deck: cards still to deal (the top is the end) and the discards.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Deck {
    pub draw: Vec<Card>,
    pub discard: Vec<Card>,
    /// How many times Posse shuffled (each shuffle is seeded from the game's seed and this).
    pub shuffles: u64,
    /// A Joker came out this round: the deck is shuffled before the next deal.
    pub joker_dealt: bool,
}

/// A roll asked for and not made yet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Prompt {
    /// Shaken at the start of its turn: the Spirit roll (or a chip).
    SpiritRoll(MemberRef),
    /// Incapacitated: the Vigor roll.
    Incapacitation(MemberRef),
    /// Bleeding Out: the Vigor roll at the start of the round.
    BleedingOut(MemberRef),
}

impl Prompt {
    /// Who must roll.
    #[must_use]
    pub fn target(&self) -> &MemberRef {
        match self {
            Prompt::SpiritRoll(m) | Prompt::Incapacitation(m) | Prompt::BleedingOut(m) => m,
        }
    }
}

/// The last damage dealt, open to soaking and extra damage until another kind of event.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LastDamage {
    pub target: MemberRef,
    pub attacker: Option<String>,
    /// The target before the hit.
    pub before: Member,
    /// Every modifier included.
    pub total: i32,
    pub toughness: i32,
    pub nonlethal: bool,
    /// The most wounds one soak roll removed (a reroll keeps the better).
    pub soaked: u32,
    pub effect: Effect,
}

/// The last attack roll, for the damage that follows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LastAttack {
    pub attacker: MemberRef,
    pub target: MemberRef,
    pub tn: i32,
    pub result: TraitResult,
    /// The skill and every modifier added to the trait roll's own (range, toggles, typed), for
    /// a reroll with a chip.
    pub skill: String,
    pub modifier: i32,
    /// The weapon named with the attack (its damage follows a hit).
    pub weapon: Option<String>,
    /// Its damage is rolled.
    pub damaged: bool,
}

/// The last Spirit roll to recover from Shaken, for a chip's reroll tied to it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LastRecover {
    pub target: MemberRef,
    /// The modifier typed with the roll (the automatic ones are worked out again).
    pub modifier: i32,
    pub result: TraitResult,
}

/// Which Vigor roll of an Incapacitated Wild Card was just made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum VigorRoll {
    Incapacitation,
    BleedingOut,
}

impl VigorRoll {
    /// The roll in words: "Incapacitation", "Bleeding Out".
    #[must_use]
    pub fn words(self) -> &'static str {
        match self {
            VigorRoll::Incapacitation => "Incapacitation",
            VigorRoll::BleedingOut => "Bleeding Out",
        }
    }
}

/// The Incapacitation or Bleeding Out roll just made, for a chip's reroll tied to it (S50).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LastVigor {
    pub target: MemberRef,
    pub roll: VigorRoll,
    /// The modifier typed with the roll (the automatic ones are worked out again).
    pub modifier: i32,
    /// The better result so far.
    pub result: TraitResult,
    /// The member before the roll: the better result is applied to it afresh.
    pub before: Member,
}

/// A game at the table.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct State {
    pub started: bool,
    pub seed: u64,
    /// The engine behaviour the fight plays by ([`super::EDITION`]).
    pub edition: u32,
    pub automation: Automation,
    pub players: Vec<String>,
    /// Units in the order they entered.
    pub units: Vec<Unit>,
    pub round: u32,
    pub deck: Deck,
    /// Units acting now, the latest on top (a Joker or a holder may cut in).
    pub acting: Vec<String>,
    /// Units that lost an interruption and act when the given unit's turn ends.
    pub waiting: Vec<(String, String)>,
    pub prompts: Vec<Prompt>,
    pub last_damage: Option<LastDamage>,
    pub last_attack: Option<LastAttack>,
    /// The Spirit roll just made, until any event but a chip spent.
    pub last_recover: Option<LastRecover>,
    /// The Incapacitation or Bleeding Out roll just made, until any event but its reroll.
    pub last_vigor: Option<LastVigor>,
    pub chips: Chips,
    /// The last event in words (what `describe` reports).
    pub said: String,
}

/// The inputs of a trait roll for one combatant: its die, Wild Die, and every automatic
/// modifier with where it comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct TraitInput {
    pub die: Die,
    pub wild: bool,
    /// The unskilled −2 (0 with the skill).
    pub unskilled: i32,
    /// Wound penalty (0 when penalties are switched off).
    pub wounds: i32,
    /// Fatigue penalty (0 when penalties are switched off).
    pub fatigue: i32,
    /// +2 while it holds a Joker.
    pub joker: i32,
    /// What its special abilities add to this roll (Undead, Combat Reflexes, Iron Jaw).
    pub ability: i32,
}

impl TraitInput {
    /// All the automatic modifiers together.
    #[must_use]
    pub fn modifier(&self) -> i32 {
        self.unskilled + self.wounds + self.fatigue + self.joker + self.ability
    }
}

/// The inputs of a damage calculator: the attacker's dice, its Joker bonus, and the target's
/// Toughness and Shaken.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DamageInput {
    pub dice: DamageDice,
    /// The dice with `Str` replaced by the attacker's Strength.
    pub resolved: Resolved,
    pub joker: i32,
    pub toughness: i32,
    pub shaken: bool,
}

/// One line of the action order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[expect(clippy::struct_excessive_bools, reason = "independent flags a screen shows on each card")]
pub struct OrderEntry {
    pub unit: String,
    pub name: String,
    pub card: Option<Card>,
    pub joker: bool,
    pub acted: bool,
    pub on_hold: bool,
    pub acting: bool,
}

impl State {
    /// The unit with this id.
    #[must_use]
    pub fn unit(&self, id: &str) -> Option<&Unit> {
        self.units.iter().find(|u| u.id == id)
    }

    pub(crate) fn unit_mut(&mut self, id: &str) -> Result<&mut Unit, Error> {
        self.units.iter_mut().find(|u| u.id == id).ok_or_else(|| Error::UnknownUnit(id.to_owned()))
    }

    pub(crate) fn unit_ref(&self, id: &str) -> Result<&Unit, Error> {
        self.unit(id).ok_or_else(|| Error::UnknownUnit(id.to_owned()))
    }

    /// The member a reference points to.
    #[must_use]
    pub fn member(&self, m: &MemberRef) -> Option<&Member> {
        self.unit(&m.unit)?.member(m.member)
    }

    pub(crate) fn member_ref(&self, m: &MemberRef) -> Result<&Member, Error> {
        self.member(m).ok_or_else(|| Error::UnknownMember(m.unit.clone(), m.member + 1))
    }

    pub(crate) fn member_mut(&mut self, m: &MemberRef) -> Result<&mut Member, Error> {
        let unit = self.unit_mut(&m.unit)?;
        let index = usize::try_from(m.member).unwrap_or(usize::MAX);
        unit.members.get_mut(index).ok_or_else(|| Error::UnknownMember(m.unit.clone(), m.member + 1))
    }

    /// A member's name for the log.
    #[must_use]
    pub fn name(&self, m: &MemberRef) -> String {
        self.unit(&m.unit).map_or_else(|| m.unit.clone(), |u| u.member_name(m.member))
    }

    /// The round number (0 before the first deal).
    #[must_use]
    pub fn round(&self) -> u32 {
        self.round
    }

    /// The units dealt in this round (or on hold), in acting order: Jokers first, then Ace down
    /// to 2 and by suit; units on hold without a card come last.
    #[must_use]
    pub fn order(&self) -> Vec<OrderEntry> {
        let mut list: Vec<&Unit> = self.units.iter().filter(|u| u.card.is_some() || u.on_hold).collect();
        list.sort_by(|a, b| match (a.card, b.card) {
            (Some(x), Some(y)) => initiative::acts_before(x, y),
            (Some(_), None) => std::cmp::Ordering::Less,
            (None, Some(_)) => std::cmp::Ordering::Greater,
            (None, None) => std::cmp::Ordering::Equal,
        });
        list.into_iter()
            .map(|u| OrderEntry {
                unit: u.id.clone(),
                name: u.combatant.name.clone(),
                card: u.card,
                joker: u.has_joker(),
                acted: u.acted,
                on_hold: u.on_hold,
                acting: self.acting.contains(&u.id),
            })
            .collect()
    }

    /// The units the next deal gives cards to: those still in the fight and not on hold, in
    /// the order they entered.
    #[must_use]
    pub fn to_deal(&self) -> Vec<&Unit> {
        self.units.iter().filter(|u| u.in_fight() && !u.on_hold).collect()
    }

    /// Every member of every unit, with its reference, in the order the units entered.
    #[must_use]
    pub fn members(&self) -> Vec<(MemberRef, &Unit, &Member)> {
        self.units
            .iter()
            .flat_map(|u| {
                u.members
                    .iter()
                    .enumerate()
                    .map(move |(i, m)| (MemberRef::new(&u.id, u32::try_from(i).unwrap_or(u32::MAX)), u, m))
            })
            .collect()
    }

    /// The unit acting now, if any (the latest to cut in).
    #[must_use]
    pub fn whose_turn(&self) -> Option<&str> {
        self.acting.last().map(String::as_str)
    }

    /// The unit whose card comes up next (Jokers, holders and those who acted are skipped: they
    /// act when they choose).
    #[must_use]
    pub fn next_up(&self) -> Option<String> {
        self.order()
            .into_iter()
            .find(|e| {
                !e.joker
                    && !e.acted
                    && !e.on_hold
                    && !e.acting
                    && e.card.is_some()
                    && self.unit(&e.unit).is_some_and(Unit::in_fight)
            })
            .map(|e| e.unit)
    }

    /// The units still to act this round, by name, in the order of their cards: dealt a card,
    /// in the fight, not on hold, and not yet done (Jokers included, and the one acting now).
    /// Dealing the next round while any is left skips their turn, so the screen asks first.
    #[must_use]
    pub fn yet_to_act(&self) -> Vec<String> {
        self.order()
            .into_iter()
            .filter(|e| {
                e.card.is_some() && !e.acted && !e.on_hold && self.unit(&e.unit).is_some_and(Unit::in_fight)
            })
            .map(|e| e.name)
            .collect()
    }

    /// The target an attack by `attacker` starts with: the one the Marshal picked, unless it
    /// is the attacker or no longer in the fight; else the last attack's target when it is an
    /// enemy still fighting; else the first enemy still fighting. Never the attacker, never an
    /// ally unless picked, never a member who is out.
    #[must_use]
    pub fn default_target(&self, attacker: &MemberRef, picked: Option<&MemberRef>) -> Option<MemberRef> {
        let fighting = |r: &MemberRef| self.member(r).is_some_and(Member::is_active);
        let side = |r: &MemberRef| self.unit(&r.unit).map(|u| u.combatant.player.is_some());
        let enemy = |r: &MemberRef| side(r).is_some() && side(r) != side(attacker);
        if let Some(p) = picked.filter(|p| *p != attacker && fighting(p)) {
            return Some(p.clone());
        }
        if let Some(last) = self.last_attack.as_ref().map(|a| &a.target).filter(|t| enemy(t) && fighting(t)) {
            return Some(last.clone());
        }
        self.members().into_iter().map(|(r, _, _)| r).find(|r| enemy(r) && fighting(r))
    }

    /// The roll just made that a chip rerolls with its own spend, keeping the better result
    /// (the attack before its damage, the Spirit roll, the Incapacitation or Bleeding Out
    /// roll), in words ("Doc's Bleeding Out roll"); a plain reroll spent then would change
    /// nothing, so the game refuses it.
    #[must_use]
    pub fn tied_reroll(&self) -> Option<String> {
        // A member's name is a Wild Card's, or a group's with its number ("Outlaws 3").
        let whose = |m: &MemberRef| format!("{}'s", self.name(m));
        if let Some(v) = &self.last_vigor {
            return Some(format!("{} {} roll", whose(&v.target), v.roll.words()));
        }
        if let Some(r) = &self.last_recover {
            return Some(format!("{} Spirit roll", whose(&r.target)));
        }
        if let Some(a) = self.last_attack.as_ref().filter(|_| self.last_damage.is_none()) {
            return Some(format!("{} attack", whose(&a.attacker)));
        }
        None
    }

    /// Which member of `unit` acts on the turn panel, `current` the one chosen: it while it can
    /// act; else the next after it who has not acted this turn (wrapping round the group),
    /// else the next still active; 0 when none is.
    #[must_use]
    pub fn actor(&self, unit: &str, current: u32) -> u32 {
        let Some(u) = self.unit(unit) else { return 0 };
        if u.member(current).is_some_and(Member::is_active) {
            return current;
        }
        let n = u32::try_from(u.members.len()).unwrap_or(0);
        let after = (1..=n).map(|k| (current + k) % n.max(1));
        let fresh = after.clone().find(|&i| u.member(i).is_some_and(|m| m.is_active() && m.actions == 0));
        fresh.or_else(|| after.clone().find(|&i| u.member(i).is_some_and(Member::is_active))).unwrap_or(0)
    }

    /// The hit whose damage is still to roll: the last attack, a success or better, with no
    /// damage yet. The damage goes to its target (the game refuses another).
    #[must_use]
    pub fn pending_hit(&self) -> Option<&LastAttack> {
        self.last_attack.as_ref().filter(|a| a.result.outcome.succeeded() && !a.damaged)
    }

    /// The weapon the damage of `hit` is rolled with: the one named with the attack, else
    /// (an older journal) the attacker's first weapon that fits the skill (none but a melee
    /// weapon for a melee skill), else its first.
    #[must_use]
    pub fn hit_weapon(&self, rules: &Rules, hit: &LastAttack) -> Option<String> {
        let unit = self.unit(&hit.attacker.unit)?;
        if let Some(w) = hit.weapon.as_ref().filter(|w| unit.combatant.weapon(w).is_some()) {
            return Some(w.clone());
        }
        let melee = rules.core.attack_skills.is_melee(&hit.skill);
        let weapons = &unit.combatant.weapons;
        weapons.iter().find(|w| w.range.is_none() == melee).or(weapons.first()).map(|w| w.name.clone())
    }

    /// Units holding a Joker that have not acted: "Joker: act now" all round.
    #[must_use]
    pub fn joker_holders(&self) -> Vec<&str> {
        self.units
            .iter()
            .filter(|u| u.has_joker() && !u.acted && !self.acting.contains(&u.id) && u.in_fight())
            .map(|u| u.id.as_str())
            .collect()
    }

    /// Units on hold.
    #[must_use]
    pub fn on_hold(&self) -> Vec<&str> {
        self.units.iter().filter(|u| u.on_hold && u.in_fight()).map(|u| u.id.as_str()).collect()
    }

    /// The rolls asked for and not made yet.
    #[must_use]
    pub fn prompts(&self) -> &[Prompt] {
        &self.prompts
    }

    /// Whether the deck will be shuffled before the next deal (a Joker came out this round).
    #[must_use]
    pub fn reshuffle_due(&self) -> bool {
        self.deck.joker_dealt
    }

    /// The +2 of a Joker held this round by `unit` (0 otherwise).
    #[must_use]
    pub fn joker_bonus(&self, rules: &Rules, unit: &str) -> i32 {
        if self.unit(unit).is_some_and(Unit::has_joker) { rules.core.initiative.joker_bonus } else { 0 }
    }

    /// Wound and fatigue penalties of a member (0 each when penalties are switched off).
    #[must_use]
    pub fn penalties(&self, rules: &Rules, member: &Member) -> (i32, i32) {
        if !self.automation.penalties {
            return (0, 0);
        }
        let w = &rules.core.wounds;
        let per = i64::from(w.penalty_per_wound) * i64::from(member.wounds);
        let wounds = i32::try_from(per.max(i64::from(w.penalty_cap))).unwrap_or(w.penalty_cap);
        (wounds, rules.core.fatigue.penalty(member.fatigue))
    }

    /// A member's Parry now: its combatant's, lowered after a Wild Attack until its next turn.
    #[must_use]
    pub fn parry(&self, rules: &Rules, m: &MemberRef) -> i32 {
        let base = self.unit(&m.unit).map_or(rules.core.parry_base, |u| u.combatant.parry(rules));
        let wild = self.member(m).is_some_and(|m| m.wild_attack);
        if wild { base + rules.core.situations.wild_attack.parry } else { base }
    }

    /// The inputs of a trait roll by `m` with the attribute or skill `trait_name`.
    ///
    /// # Errors
    /// An unknown unit or member.
    pub fn trait_input(&self, rules: &Rules, m: &MemberRef, trait_name: &str) -> Result<TraitInput, Error> {
        self.trait_input_for(rules, m, trait_name, RollFor::Any)
    }

    /// The inputs of a trait roll made `for_what`, where the combatant's special abilities
    /// change it (S42–S47).
    ///
    /// # Errors
    /// An unknown unit or member.
    pub fn trait_input_for(
        &self,
        rules: &Rules,
        m: &MemberRef,
        trait_name: &str,
        for_what: RollFor,
    ) -> Result<TraitInput, Error> {
        let unit = self.unit_ref(&m.unit)?;
        let member = self.member_ref(m)?;
        let (die, unskilled) = unit.combatant.trait_die(rules, trait_name);
        let (wounds, fatigue) = self.penalties(rules, member);
        let abilities = unit.combatant.abilities;
        Ok(TraitInput {
            die,
            wild: unit.combatant.is_wild_card(),
            unskilled,
            wounds: abilities.wound_penalty(rules, wounds, for_what),
            fatigue,
            joker: self.joker_bonus(rules, &m.unit),
            ability: abilities.bonus(rules, for_what),
        })
    }

    /// The inputs of the soak roll of the last hit: Vigor, with the penalties the target had
    /// before the hit (S12) and its abilities (Iron Jaw's +2).
    ///
    /// # Errors
    /// An unknown unit.
    pub fn soak_input(&self, rules: &Rules, last: &LastDamage) -> Result<TraitInput, Error> {
        let unit = self.unit_ref(&last.target.unit)?;
        let (wounds, fatigue) = self.penalties(rules, &last.before);
        let abilities = unit.combatant.abilities;
        Ok(TraitInput {
            die: unit.combatant.attributes.vigor,
            wild: unit.combatant.is_wild_card(),
            unskilled: 0,
            wounds: abilities.wound_penalty(rules, wounds, RollFor::Soak),
            fatigue,
            joker: self.joker_bonus(rules, &last.target.unit),
            ability: abilities.bonus(rules, RollFor::Soak),
        })
    }

    /// The inputs of a damage roll by `attacker` with `weapon` against `target`.
    ///
    /// # Errors
    /// An unknown unit, member or weapon.
    pub fn damage_input(
        &self,
        rules: &Rules,
        attacker: &str,
        weapon: &str,
        target: &MemberRef,
    ) -> Result<DamageInput, Error> {
        let unit = self.unit_ref(attacker)?;
        let w = unit.combatant.weapon(weapon).ok_or_else(|| Error::UnknownWeapon(weapon.to_owned()))?;
        let resolved = w.damage.resolve(Some(unit.combatant.attributes.strength))?;
        let target_unit = self.unit_ref(&target.unit)?;
        let member = self.member_ref(target)?;
        Ok(DamageInput {
            dice: w.damage.clone(),
            resolved,
            joker: self.joker_bonus(rules, attacker),
            toughness: target_unit.combatant.toughness(rules),
            // A plain hit wounds only a Shaken target that is not Hardy (S40).
            shaken: member.shaken && !target_unit.combatant.hardy,
        })
    }

    /// How many cards `unit` must draw at the deal under its Edges and Hindrances (Quick may
    /// ask for more once the first are known: see [`DrawRule::still_needed`]).
    #[must_use]
    pub fn draw_rule(&self, rules: &Rules, unit: &str) -> DrawRule {
        self.unit(unit).map_or(DrawRule::PLAIN, |u| DrawRule::of(rules, &u.combatant))
    }

    /// The owner of a unit's fate chips.
    #[must_use]
    pub fn owner(&self, unit: &str) -> Holder {
        self.unit(unit).and_then(|u| u.combatant.player.clone()).map_or(Holder::Marshal, Holder::Player)
    }

    /// The next sleep check's number for a member (1 for the first since it last slept).
    #[must_use]
    pub fn next_sleep_check(&self, m: &MemberRef) -> u32 {
        self.member(m).map_or(1, |x| x.sleep_checks + 1)
    }
}
