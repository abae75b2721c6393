//! A fight shared at the table: one seat per player, holding that player's characters (the
//! units whose combatant names the player) and fate chips; the Marshal's side has no seat and
//! stays on the host.
//!
//! A seat sees the round and who acts, its characters' condition and action cards, its chips
//! by colour, every action card dealt this round (face up at the table), the rules' questions
//! that ask its characters, and the recent log. It may spend a chip where the spend needs no
//! dice: shaking off Shaken, and the spends of the Fight screen's chips panel (a reroll of a
//! roll made with the real dice at the table; +2 or a critical failure cancelled on the roll
//! just made, offered only while it would change that roll). Where the
//! Fight screen takes a roll's dice typed, the seat has it both ways, as the screen does:
//! Posse rolls it (seeded from the game), or the player rolls the real dice and types each
//! die's total after its aces ("I rolled"): a soak, a reroll of the Spirit roll or the attack
//! just made, a die added to its character's damage; the Spirit roll at a Shaken character's
//! turn and the Incapacitation and Bleeding Out rolls are typed only (as before, Posse does
//! not roll them for a seat), and so is a chip's reroll of the Incapacitation or Bleeding Out
//! roll just made (S50), offered to the seat as the Fight screen offers it. The typed values make the very event the screen commits (no
//! roll modifier: the Marshal's stepper stays on the host); a total a die cannot end on is
//! refused by the rules with their sentence.
//!
//! The fight keeps no notes or hidden cards. A seat's counters are its own player's chips
//! only, never the Marshal's; the log, read aloud at the table anyway, names every chip drawn
//! (a chip lies on the table for everyone to see).

use crate::kernel::cards::Colour;
use crate::kernel::log::Log;
use crate::kernel::seat::{
    self, CardView, Choice, Counter, Field, Prompt, Seat, SeatRules, SeatView, Values,
};
use crate::systems::savage::rules::abilities::RollFor;
use crate::systems::savage::rules::chips::{ChipColour, ChipUse};
use crate::systems::savage::rules::traits::{Outcome, TraitDice};

use super::{
    DieRoll, Event, Holder, MemberRef, Prompt as Asked, Savage, Spend, State, TraitInput, Unit, VigorRoll,
    derive_seed,
};

/// The salt of the seeds of the rolls Posse makes for a seat's choice (the deck's shuffles
/// use 1, the blind chip draws 2).
const SALT_SEAT: u64 = 3;

/// The spends a player makes at the table with the real dice and only counts on Posse, as on
/// the Fight screen's chips panel.
const COUNTED: [(ChipUse, Spend); 4] = [
    (ChipUse::Reroll, Spend::Reroll),
    (ChipUse::RerollAny, Spend::RerollAny),
    (ChipUse::Bonus, Spend::Bonus),
    (ChipUse::CancelCriticalFailure, Spend::CancelCriticalFailure),
];

/// A seat's id: "player-1" for the first player named at the set-up (the list never changes
/// after it, so the id is stable for the whole fight).
fn seat_id(index: usize) -> String {
    format!("player-{}", index + 1)
}

/// The player a seat id names.
fn seat_player<'s>(state: &'s State, id: &str) -> Option<&'s str> {
    let n: usize = id.strip_prefix("player-")?.parse().ok()?;
    state.players.get(n.checked_sub(1)?).map(String::as_str)
}

/// The player's units, in the order they entered.
fn units_of<'s>(state: &'s State, player: &str) -> Vec<&'s Unit> {
    state.units.iter().filter(|u| u.combatant.player.as_deref() == Some(player)).collect()
}

fn owned_by(state: &State, player: &str, unit: &str) -> bool {
    state.owner(unit) == Holder::Player(player.to_owned())
}

/// "White chips" and the like.
fn colour_words(colour: ChipColour) -> &'static str {
    match colour {
        ChipColour::White => "white",
        ChipColour::Red => "red",
        ChipColour::Blue => "blue",
        ChipColour::Legendary => "legendary",
    }
}

fn capital(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

/// The fight in one line: the round and who acts now (or who is asked, or who comes next).
fn headline(state: &State) -> String {
    if !state.started {
        return "The fight is not set up yet".to_owned();
    }
    if state.round() == 0 {
        return "Before the first deal".to_owned();
    }
    let name = |id: &str| state.unit(id).map_or_else(|| id.to_owned(), |u| u.combatant.name.clone());
    let card = |id: &str| state.unit(id).and_then(|u| u.card).map(|c| format!(" ({})", c.label()));
    let now = if let Some(top) = state.whose_turn() {
        format!("{} acts{}", name(top), card(top).unwrap_or_default())
    } else if let Some(p) = state.prompts().first() {
        format!("{} must roll first", state.name(p.target()))
    } else if let Some(next) = state.next_up() {
        format!("{} is up next{}", name(&next), card(&next).unwrap_or_default())
    } else {
        "The round is played out: the Marshal deals the next".to_owned()
    };
    format!("Round {} · {now}", state.round())
}

/// The action cards dealt this round, face up, in acting order.
fn table(state: &State) -> Vec<CardView> {
    state
        .order()
        .into_iter()
        .filter_map(|e| {
            let card = e.card?;
            let detail = if e.acting {
                "acting"
            } else if e.acted {
                "has acted"
            } else if e.on_hold {
                "on hold"
            } else if e.joker {
                "Joker: acts when it likes"
            } else {
                ""
            };
            Some(CardView {
                face: card.label(),
                detail: detail.to_owned(),
                owner: e.name,
                red: card.colour() == Colour::Red,
                actions: Vec::new(),
            })
        })
        .collect()
}

/// What is public about the turn: the Jokers held and the units on hold.
fn public_status(state: &State) -> Vec<String> {
    let name = |id: &str| state.unit(id).map_or_else(|| id.to_owned(), |u| u.combatant.name.clone());
    let mut lines: Vec<String> = state
        .joker_holders()
        .into_iter()
        .map(|u| format!("{} holds a Joker: acts when it likes this round", name(u)))
        .collect();
    lines.extend(state.on_hold().into_iter().map(|u| format!("{} is on hold", name(u))));
    lines
}

/// Each player's chips by colour, for everyone to see.
fn chips_line(state: &State, holder: &Holder) -> String {
    let parts: Vec<String> = ChipColour::ALL
        .into_iter()
        .filter_map(|c| {
            let n = state.chips.count(holder, c);
            (n > 0).then(|| format!("{n} {}", colour_words(c)))
        })
        .collect();
    if parts.is_empty() { "none".to_owned() } else { parts.join(", ") }
}

/// Who throws the dice of a roll chosen from a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Dice {
    /// Posse rolls, from a seed drawn from the game's ("Roll it for me").
    Posse,
    /// The player rolled the real dice at the table and types each die's total ("I rolled").
    Typed,
}

/// The largest total a typed die takes. An aced die's total is larger than its faces and the
/// rules set it no bound, but 999 on a d12 is 83 aces in a row: no die at a table has done it,
/// and the bound reads in a sentence. A total the die cannot end on (0, or a multiple of its
/// faces: it aced) is the rules' to refuse, with their own sentence.
fn most_typed() -> i64 {
    999
}

/// The field ids of a typed trait roll: the trait die, and the Wild Die of a Wild Card.
const TRAIT_FIELD: &str = "trait";
const WILD_FIELD: &str = "wild";
/// The field id of a single typed die (the one a chip adds to the damage).
const DIE_FIELD: &str = "die";

/// The fields of a trait roll with the real dice, as the Fight screen asks for them: each
/// die's total after its aces.
fn dice_fields(rules: &crate::systems::savage::rules::Rules, who: &str, input: &TraitInput) -> Vec<Field> {
    let mut fields =
        vec![Field::number(TRAIT_FIELD, format!("{who}'s d{} total", input.die.sides()), 1, most_typed())];
    if input.wild {
        fields.push(Field::number(
            WILD_FIELD,
            format!("{who}'s Wild Die (d{}) total", rules.core.traits.wild_die),
            1,
            most_typed(),
        ));
    }
    fields
}

/// A typed total as the event records it (after [`Choice::check`] bounded it).
fn typed_total(values: &Values, id: &str) -> u32 {
    seat::number(values, id).and_then(|n| u32::try_from(n).ok()).unwrap_or(0)
}

/// One choice of a seat, as it is sent back: its id, and what it stands for.
enum Wish {
    /// End a member's Shaken with a chip.
    Unshake(MemberRef, ChipColour),
    /// The roll a prompt asks a member for (Spirit, Incapacitation, Bleeding Out), made with
    /// the real dice.
    Roll(Asked),
    /// Soak the last damage: Vigor.
    Soak(ChipColour, Dice),
    /// Reroll the Spirit roll just made.
    RerollSpirit(ChipColour, Dice),
    /// Reroll the attack just made.
    RerollAttack(ChipColour, Dice),
    /// Reroll the Incapacitation or Bleeding Out roll just made (S50), with the real dice.
    RerollVigor(ChipColour, Dice),
    /// Add a die to the damage just dealt.
    ExtraDamage(ChipColour, Dice),
    /// A spend counted only (the dice are real).
    Counted(ChipUse, ChipColour),
}

/// A prompt's roll in an id ("spirit") and back.
fn asked_word(p: &Asked) -> &'static str {
    match p {
        Asked::SpiritRoll(_) => "spirit",
        Asked::Incapacitation(_) => "incapacitation",
        Asked::BleedingOut(_) => "bleeding-out",
    }
}

impl Wish {
    fn id(&self) -> String {
        let typed = |name: &str, dice: Dice| match dice {
            Dice::Posse => name.to_owned(),
            Dice::Typed => format!("{name}-dice"),
        };
        match self {
            Wish::Unshake(m, c) => format!("unshake:{}:{}:{c}", m.unit, m.member),
            Wish::Roll(p) => format!("roll:{}:{}:{}", asked_word(p), p.target().unit, p.target().member),
            Wish::Soak(c, d) => format!("{}:{c}", typed("soak", *d)),
            Wish::RerollSpirit(c, d) => format!("{}:{c}", typed("reroll-spirit", *d)),
            Wish::RerollAttack(c, d) => format!("{}:{c}", typed("reroll-attack", *d)),
            Wish::RerollVigor(c, d) => format!("{}:{c}", typed("reroll-vigor", *d)),
            Wish::ExtraDamage(c, d) => format!("{}:{c}", typed("extra-damage", *d)),
            Wish::Counted(u, c) => format!("spend:{}:{c}", u.id()),
        }
    }

    fn parse(id: &str) -> Option<Wish> {
        let parts: Vec<&str> = id.split(':').collect();
        let colour = |s: &str| s.parse::<ChipColour>().ok();
        let (name, dice) = match parts.first()?.strip_suffix("-dice") {
            Some(name) => (name, Dice::Typed),
            None => (*parts.first()?, Dice::Posse),
        };
        Some(match (name, dice, &parts[1..]) {
            ("unshake", Dice::Posse, [unit, member, c]) => {
                Wish::Unshake(MemberRef::new(unit, member.parse().ok()?), colour(c)?)
            }
            ("roll", Dice::Posse, [what, unit, member]) => {
                let m = MemberRef::new(unit, member.parse().ok()?);
                Wish::Roll(match *what {
                    "spirit" => Asked::SpiritRoll(m),
                    "incapacitation" => Asked::Incapacitation(m),
                    "bleeding-out" => Asked::BleedingOut(m),
                    _ => return None,
                })
            }
            ("soak", d, [c]) => Wish::Soak(colour(c)?, d),
            ("reroll-spirit", d, [c]) => Wish::RerollSpirit(colour(c)?, d),
            ("reroll-attack", d, [c]) => Wish::RerollAttack(colour(c)?, d),
            // As the Incapacitation and Bleeding Out rolls themselves: the real dice only.
            ("reroll-vigor", Dice::Typed, [c]) => Wish::RerollVigor(colour(c)?, Dice::Typed),
            ("extra-damage", d, [c]) => Wish::ExtraDamage(colour(c)?, d),
            ("spend", Dice::Posse, [u, c]) => Wish::Counted(u.parse().ok()?, colour(c)?),
            _ => return None,
        })
    }

    /// The chip spent, and on what (none for a prompt's roll).
    fn chip(&self) -> Option<(ChipColour, ChipUse)> {
        Some(match self {
            Wish::Roll(_) => return None,
            Wish::Unshake(_, c) => (*c, ChipUse::Unshake),
            Wish::Soak(c, _) => (*c, ChipUse::Soak),
            Wish::RerollSpirit(c, _) | Wish::RerollAttack(c, _) | Wish::RerollVigor(c, _) => {
                (*c, ChipUse::Reroll)
            }
            Wish::ExtraDamage(c, _) => (*c, ChipUse::ExtraDamage),
            Wish::Counted(u, c) => (*c, *u),
        })
    }

    /// Whether the player types dice for this choice.
    fn typed(&self) -> bool {
        match self {
            Wish::Roll(_) => true,
            Wish::Soak(_, d)
            | Wish::RerollSpirit(_, d)
            | Wish::RerollAttack(_, d)
            | Wish::RerollVigor(_, d)
            | Wish::ExtraDamage(_, d) => *d == Dice::Typed,
            Wish::Unshake(..) | Wish::Counted(..) => false,
        }
    }

    /// The member whose roll or Shaken this is, where the event names no holder for the rules
    /// to check.
    fn member(&self) -> Option<&MemberRef> {
        match self {
            Wish::Unshake(m, _) => Some(m),
            Wish::Roll(p) => Some(p.target()),
            _ => None,
        }
    }

    /// The trait roll the player makes with the real dice for this choice: whose it is and
    /// its dice, as the Fight screen reads them (`None`: no typed trait roll, or nothing to
    /// roll for now).
    fn typed_roll(&self, savage: Savage<'_>, s: &State) -> Option<(String, TraitInput)> {
        let rules = savage.rules;
        let (m, input) = match self {
            Wish::Roll(p) => {
                let (name, for_what) = match p {
                    Asked::SpiritRoll(_) => ("spirit", RollFor::Unshake),
                    Asked::Incapacitation(_) => ("vigor", RollFor::Incapacitation),
                    Asked::BleedingOut(_) => ("vigor", RollFor::BleedingOut),
                };
                (p.target(), s.trait_input_for(rules, p.target(), name, for_what).ok()?)
            }
            Wish::Soak(_, Dice::Typed) => {
                let d = s.last_damage.as_ref()?;
                (&d.target, s.soak_input(rules, d).ok()?)
            }
            Wish::RerollSpirit(_, Dice::Typed) => {
                let r = s.last_recover.as_ref()?;
                (&r.target, s.trait_input_for(rules, &r.target, "spirit", RollFor::Unshake).ok()?)
            }
            Wish::RerollAttack(_, Dice::Typed) => {
                let a = s.last_attack.as_ref()?;
                (&a.attacker, s.trait_input(rules, &a.attacker, &a.skill).ok()?)
            }
            Wish::RerollVigor(_, Dice::Typed) => {
                let v = s.last_vigor.as_ref()?;
                let for_what = match v.roll {
                    VigorRoll::Incapacitation => RollFor::Incapacitation,
                    VigorRoll::BleedingOut => RollFor::BleedingOut,
                };
                (&v.target, s.trait_input_for(rules, &v.target, "vigor", for_what).ok()?)
            }
            _ => return None,
        };
        Some((s.name(m), input))
    }

    /// What the player types for this choice.
    fn fields(&self, savage: Savage<'_>, s: &State) -> Vec<Field> {
        if let Wish::ExtraDamage(_, Dice::Typed) = self {
            let sides = savage.rules.chips.extra_damage_die;
            return vec![Field::number(DIE_FIELD, format!("The added d{sides}'s total"), 1, most_typed())];
        }
        self.typed_roll(savage, s)
            .map(|(who, input)| dice_fields(savage.rules, &who, &input))
            .unwrap_or_default()
    }

    /// The event `player` choosing this is, with the seed of Posse's roll drawn from the
    /// game's seed and its length (an undo and a redo roll the same dice again), or the dice
    /// typed in `values` (`None`: an example the rules take, to ask whether they allow the
    /// choice now at all).
    ///
    /// # Errors
    /// A sentence, when the values are not the choice's fields, or the choice is none.
    fn event(
        &self,
        savage: Savage<'_>,
        game: &Log<Savage<'_>>,
        player: &str,
        values: Option<&Values>,
    ) -> Result<Event, String> {
        let n = u64::try_from(game.events.len()).unwrap_or(u64::MAX);
        let seed = derive_seed(game.state.seed, SALT_SEAT, n);
        let fields = self.fields(savage, &game.state);
        if let Some(values) = values.filter(|_| !fields.is_empty() || !self.typed()) {
            Choice { id: self.id(), label: String::new(), fields: fields.clone() }.check(values)?;
        }
        // With nothing to roll for now (no fields), an example stands in for the dice and the
        // rules say why.
        let total = |id: &str| values.filter(|_| !fields.is_empty()).map_or(1, |v| typed_total(v, id));
        let posse = TraitDice::Seeded { seed };
        let typed = TraitDice::Typed {
            trait_die: total(TRAIT_FIELD),
            wild_die: fields.iter().any(|f| f.id == WILD_FIELD).then(|| total(WILD_FIELD)),
        };
        let dice = |d: Dice| if d == Dice::Posse { posse.clone() } else { typed.clone() };
        let purpose = match self {
            Wish::Roll(p) => {
                let (target, roll) = (p.target().clone(), typed.clone());
                return Ok(match p {
                    Asked::SpiritRoll(_) => Event::Recover { target, roll, modifier: 0 },
                    Asked::Incapacitation(_) => Event::Incapacitation { target, roll, modifier: 0 },
                    Asked::BleedingOut(_) => Event::BleedOut { target, roll, modifier: 0 },
                });
            }
            Wish::Unshake(m, _) => Spend::Unshake { target: m.clone() },
            Wish::Soak(_, d) => Spend::Soak { roll: dice(*d), modifier: 0 },
            Wish::RerollSpirit(_, d) => Spend::RerollRecover { roll: dice(*d) },
            Wish::RerollAttack(_, d) => Spend::RerollAttack { roll: dice(*d) },
            Wish::RerollVigor(_, d) => Spend::RerollVigor { roll: dice(*d) },
            Wish::ExtraDamage(_, Dice::Posse) => Spend::ExtraDamage { roll: DieRoll::Seeded { seed } },
            Wish::ExtraDamage(_, Dice::Typed) => {
                Spend::ExtraDamage { roll: DieRoll::Typed { total: total(DIE_FIELD) } }
            }
            Wish::Counted(u, _) => COUNTED
                .iter()
                .find(|(c, _)| c == u)
                .map(|(_, spend)| spend.clone())
                .ok_or_else(|| format!("'{}' is not a choice of this fight.", self.id()))?,
        };
        let (chip, _) =
            self.chip().ok_or_else(|| format!("'{}' is not a choice of this fight.", self.id()))?;
        Ok(Event::SpendChip { holder: Holder::Player(player.to_owned()), chip, purpose })
    }
}

impl Savage<'_> {
    /// The choices of `player` spending one chip of each colour they hold on what `wish`
    /// makes of a colour, those the rules accept now, each with its label and fields.
    fn spends(
        self,
        game: &Log<Self>,
        player: &str,
        what: &str,
        wish: impl Fn(ChipColour) -> Wish,
    ) -> Vec<Choice> {
        let holder = Holder::Player(player.to_owned());
        ChipColour::ALL
            .into_iter()
            .filter(|&c| game.state.chips.count(&holder, c) > 0)
            .map(wish)
            .filter(|w| w.chip().is_some_and(|(c, u)| self.rules.chips.allows(c, u)))
            .filter_map(|w| {
                let (colour, _) = w.chip()?;
                self.offer(game, player, &w, format!("Spend a {} chip: {what}", colour_words(colour)))
            })
            .collect()
    }

    /// The choice `wish` with its label and fields, if the rules accept it now (with an
    /// example for any dice typed: whether it is legal does not hang on them).
    fn offer(self, game: &Log<Self>, player: &str, wish: &Wish, label: String) -> Option<Choice> {
        let event = wish.event(self, game, player, None).ok()?;
        game.allows(&self, &event).then(|| Choice {
            id: wish.id(),
            label,
            fields: wish.fields(self, &game.state),
        })
    }

    /// The questions the rules ask `player`'s characters now, and the chips they may spend:
    /// (the prompts, whether any of them asks the seat to act).
    #[expect(clippy::too_many_lines, reason = "one prompt after the other, in the order a turn asks them")]
    fn seat_prompts(self, game: &Log<Self>, player: &str) -> (Vec<Prompt>, bool) {
        let s = &game.state;
        let mine = |unit: &str| owned_by(s, player, unit);
        let mut prompts = Vec::new();
        let mut asked = false;
        let mut shaken_asked = Vec::new();
        for p in s.prompts().iter().filter(|p| mine(&p.target().unit)) {
            let target = p.target();
            let name = s.name(target);
            asked = true;
            // "I rolled": the roll with the real dice, typed as the Fight screen takes it.
            let rolled = match p {
                Asked::SpiritRoll(_) => "I rolled Spirit",
                Asked::Incapacitation(_) | Asked::BleedingOut(_) => "I rolled Vigor",
            };
            let mut choices: Vec<Choice> =
                self.offer(game, player, &Wish::Roll(p.clone()), rolled.to_owned()).into_iter().collect();
            let text = match p {
                Asked::SpiritRoll(_) => {
                    shaken_asked.push(target.clone());
                    choices.extend(
                        self.spends(game, player, "shake off Shaken", |c| Wish::Unshake(target.clone(), c)),
                    );
                    format!(
                        "{name} is Shaken: roll Spirit at the table and type the dice, or spend a chip to shake it off"
                    )
                }
                Asked::Incapacitation(_) => {
                    format!("{name} is Incapacitated: roll Vigor at the table and type the dice")
                }
                Asked::BleedingOut(_) => {
                    format!("{name} is Bleeding Out: roll Vigor at the table and type the dice")
                }
            };
            let prompt = Prompt { text, choices };
            prompts.push(prompt);
        }
        if let Some(d) = s.last_damage.as_ref() {
            if mine(&d.target.unit) && d.effect.wounds() > 0 {
                let mut choices =
                    self.spends(game, player, "soak (Posse rolls Vigor)", |c| Wish::Soak(c, Dice::Posse));
                choices.extend(
                    self.spends(game, player, "soak (I rolled Vigor)", |c| Wish::Soak(c, Dice::Typed)),
                );
                if !choices.is_empty() {
                    asked = true;
                    let soaked =
                        if d.soaked > 0 { format!(", {} soaked so far", d.soaked) } else { String::new() };
                    prompts.push(Prompt {
                        text: format!(
                            "{} takes {}{soaked}: soak with a chip, Posse rolling or with the real dice",
                            s.name(&d.target),
                            crate::kernel::words::count(d.effect.wounds(), "wound", "wounds")
                        ),
                        choices,
                    });
                }
            }
            if d.attacker.as_deref().is_some_and(mine) {
                let mut choices = self
                    .spends(game, player, "add a die (Posse rolls)", |c| Wish::ExtraDamage(c, Dice::Posse));
                choices.extend(
                    self.spends(game, player, "add a die (I rolled it)", |c| {
                        Wish::ExtraDamage(c, Dice::Typed)
                    }),
                );
                if !choices.is_empty() {
                    let who = d.attacker.as_deref().and_then(|a| s.unit(a)).map(|u| u.combatant.name.clone());
                    prompts.push(Prompt {
                        text: format!(
                            "{}'s damage on {}: add a die with a chip",
                            who.unwrap_or_default(),
                            s.name(&d.target)
                        ),
                        choices,
                    });
                }
            }
        }
        // Shaken out of its turn: a chip ends it at once.
        for (r, _, m) in s.members() {
            if !mine(&r.unit) || !m.is_active() || !m.shaken || shaken_asked.contains(&r) {
                continue;
            }
            let choices = self.spends(game, player, "shake off Shaken", |c| Wish::Unshake(r.clone(), c));
            if !choices.is_empty() {
                prompts.push(Prompt { text: format!("{} is Shaken", s.name(&r)), choices });
            }
        }
        // S50: the Incapacitation or Bleeding Out roll just made, as on the Fight screen.
        if let Some(v) =
            s.last_vigor.as_ref().filter(|v| mine(&v.target.unit) && v.result.outcome != Outcome::Raise)
        {
            let choices =
                self.spends(game, player, "reroll (I rolled Vigor)", |c| Wish::RerollVigor(c, Dice::Typed));
            if !choices.is_empty() {
                asked = true;
                prompts.push(Prompt {
                    text: format!(
                        "{}'s {} roll: reroll it with a chip, the better counts",
                        s.name(&v.target),
                        v.roll.words()
                    ),
                    choices,
                });
            }
        }
        if let Some(r) =
            s.last_recover.as_ref().filter(|r| mine(&r.target.unit) && r.result.outcome != Outcome::Raise)
        {
            let mut choices = self
                .spends(game, player, "reroll (Posse rolls Spirit)", |c| Wish::RerollSpirit(c, Dice::Posse));
            choices.extend(
                self.spends(game, player, "reroll (I rolled Spirit)", |c| Wish::RerollSpirit(c, Dice::Typed)),
            );
            if !choices.is_empty() {
                prompts.push(Prompt {
                    text: format!(
                        "{}'s Spirit roll: reroll it with a chip, the better counts",
                        s.name(&r.target)
                    ),
                    choices,
                });
            }
        }
        if let Some(a) =
            s.last_attack.as_ref().filter(|a| mine(&a.attacker.unit) && a.result.outcome != Outcome::Raise)
        {
            let mut choices =
                self.spends(game, player, "reroll (Posse rolls)", |c| Wish::RerollAttack(c, Dice::Posse));
            choices.extend(
                self.spends(game, player, "reroll (I rolled)", |c| Wish::RerollAttack(c, Dice::Typed)),
            );
            if !choices.is_empty() {
                prompts.push(Prompt {
                    text: format!(
                        "{}'s {} roll: reroll it with a chip, the better counts",
                        s.name(&a.attacker),
                        capital(&a.skill)
                    ),
                    choices,
                });
            }
        }
        let mut counted = Vec::new();
        let mut uses = Vec::new();
        for (u, _) in &COUNTED {
            let words =
                self.rules.reference.chip_uses.get(u).cloned().unwrap_or_else(|| u.words().to_owned());
            let offered = self.spends(game, player, &words, |c| Wish::Counted(*u, c));
            if !offered.is_empty() {
                uses.push(*u);
            }
            counted.extend(offered);
        }
        if !counted.is_empty() {
            prompts.push(Prompt { text: self.counted_text(s, &uses), choices: counted });
        }
        (prompts, asked)
    }

    /// The words over the chips panel's spends on a seat, saying what they offer (`uses`):
    /// +2 or a critical failure cancelled on the roll just made on Posse (naming it), or a
    /// reroll of a roll made with the real dice at the table, which Posse only counts (as every
    /// spend of a fight of edition 0, where +2 and the cancel changed no roll).
    fn counted_text(self, s: &State, uses: &[ChipUse]) -> String {
        let changes: Vec<String> = uses
            .iter()
            .filter_map(|u| match u {
                ChipUse::Bonus => Some(format!("add {} to it", self.rules.chips.bonus)),
                ChipUse::CancelCriticalFailure => Some("cancel its critical failure".to_owned()),
                _ => None,
            })
            .collect();
        let counted_only = uses.iter().any(|u| matches!(u, ChipUse::Reroll | ChipUse::RerollAny));
        match s.tied_reroll() {
            Some(roll) if s.edition > 0 && !counted_only && !changes.is_empty() => {
                format!("{}: {} with a chip", capital(&roll), changes.join(" or "))
            }
            _ => "A chip on a roll made with the real dice (Posse only counts it)".to_owned(),
        }
    }

    /// A seat's counters: each of its characters' condition and card, then its chips.
    fn seat_counters(self, s: &State, player: &str) -> Vec<Counter> {
        let counter = |label: String, value: String| Counter { label, value };
        let max = self.rules.core.wounds.wild_card_wounds;
        let levels = &self.rules.core.fatigue.levels;
        let mut counters = Vec::new();
        for u in units_of(s, player) {
            for (i, m) in u.members.iter().enumerate() {
                let name = u.member_name(u32::try_from(i).unwrap_or(u32::MAX));
                let wounds = if u.combatant.is_wild_card() {
                    format!("{} of {max}", m.wounds)
                } else {
                    m.wounds.to_string()
                };
                counters.push(counter(format!("{name}: wounds"), wounds));
                counters
                    .push(counter(format!("{name}: Shaken"), if m.shaken { "yes" } else { "no" }.to_owned()));
                let fatigue =
                    match m.fatigue.checked_sub(1).and_then(|i| levels.get(usize::try_from(i).ok()?)) {
                        Some(level) => format!("{} ({})", m.fatigue, level.name),
                        None => m.fatigue.to_string(),
                    };
                counters.push(counter(format!("{name}: fatigue"), fatigue));
                if !m.is_active() || m.bleeding_out {
                    let mut words = capital(m.status.words());
                    if m.bleeding_out {
                        words.push_str(", Bleeding Out");
                    }
                    counters.push(counter(format!("{name}: condition"), words));
                }
            }
            let card = match u.card {
                Some(c) => c.label(),
                None if u.on_hold => "on hold".to_owned(),
                None => "none".to_owned(),
            };
            counters.push(counter(format!("{}: action card", u.combatant.name), card));
        }
        let holder = Holder::Player(player.to_owned());
        for c in ChipColour::ALL {
            counters.push(counter(
                format!("{} chips", capital(colour_words(c))),
                s.chips.count(&holder, c).to_string(),
            ));
        }
        counters
    }

    /// What is true of `player`'s characters now, in short lines.
    fn seat_status(s: &State, player: &str) -> Vec<String> {
        let mut lines = Vec::new();
        for u in units_of(s, player) {
            let name = &u.combatant.name;
            if s.whose_turn() == Some(u.id.as_str()) {
                lines.push(format!("{name} acts now"));
            } else if s.next_up().as_deref() == Some(u.id.as_str()) {
                lines.push(format!("{name} is up next"));
            }
            for (i, m) in u.members.iter().enumerate() {
                if m.free_actions_only && m.is_active() {
                    let who = u.member_name(u32::try_from(i).unwrap_or(u32::MAX));
                    lines.push(format!("{who} has only free actions this turn"));
                }
            }
        }
        let owed = s.chips.owed.get(&Holder::Player(player.to_owned())).copied().unwrap_or(0);
        if owed > 0 {
            lines.push(format!("{owed} chip(s) still to draw from the pot"));
        }
        lines
    }
}

impl SeatRules for Savage<'_> {
    fn seats(&self, game: &Log<Self>) -> Vec<Seat> {
        let s = &game.state;
        s.players
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let names: Vec<&str> = units_of(s, p).iter().map(|u| u.combatant.name.as_str()).collect();
                let name = if names.is_empty() { p.clone() } else { format!("{} ({p})", names.join(", ")) };
                Seat { id: seat_id(i), name }
            })
            .collect()
    }

    fn seat_view(&self, game: &Log<Self>, seat: Option<&str>) -> Option<SeatView> {
        let s = &game.state;
        let mut view = SeatView {
            headline: headline(s),
            status: public_status(s),
            table: table(s),
            log: seat::recent(game),
            ..SeatView::default()
        };
        let Some(id) = seat else {
            view.counters = s
                .players
                .iter()
                .map(|p| Counter {
                    label: format!("{p}'s chips"),
                    value: chips_line(s, &Holder::Player(p.clone())),
                })
                .collect();
            return Some(view);
        };
        let player = seat_player(s, id)?;
        let seat = self.seats(game).into_iter().find(|x| x.id == id)?;
        let (prompts, asked) = self.seat_prompts(game, player);
        let acting = s.whose_turn().is_some_and(|u| owned_by(s, player, u));
        let mut status = Self::seat_status(s, player);
        status.append(&mut view.status);
        Some(SeatView {
            seat: seat.id,
            name: seat.name,
            your_turn: acting || asked,
            status,
            counters: self.seat_counters(s, player),
            prompts,
            ..view
        })
    }

    fn seat_event(
        &self,
        game: &Log<Self>,
        seat: &str,
        choice: &str,
        values: &Values,
    ) -> Result<Event, String> {
        let player = seat_player(&game.state, seat).ok_or("There is no such seat in this fight.")?;
        let wish = Wish::parse(choice).ok_or_else(|| format!("'{choice}' is not a choice of this fight."))?;
        // A Spirit roll or a chip ending Shaken names no holder the rules could check: the seat
        // checks the character is its player's.
        if let Some(m) = wish.member()
            && !owned_by(&game.state, player, &m.unit)
        {
            return Err(format!("{} is not one of {player}'s characters.", game.state.name(m)));
        }
        let event = wish.event(*self, game, player, Some(values))?;
        let mut copy = game.state.clone();
        crate::kernel::log::Rules::apply(self, &mut copy, &event).map_err(|e| capital(&format!("{e}.")))?;
        Ok(event)
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::kernel::cards::Card;
    use crate::systems::savage::game::{Automation, UnitSetup};
    use crate::systems::savage::rules::combatant;
    use crate::systems::savage::rules::damage::DamageRoll;
    use crate::systems::savage::rules::embedded;
    use crate::systems::savage::rules::initiative::parse_card;
    use crate::systems::savage::rules::situation::Situation;

    fn savage() -> Savage<'static> {
        Savage::new(embedded().expect("embedded data"))
    }

    fn wild_card(name: &str, player: Option<&str>) -> UnitSetup {
        let owner = player.map(|p| format!("\"player\": \"{p}\",")).unwrap_or_default();
        let combatant = combatant::from_json(&format!(
            r#"{{ "name": "{name}", "kind": "wild_card", {owner}
                "attributes": {{ "agility": "d6", "smarts": "d6", "spirit": "d6", "strength": "d8", "vigor": "d6" }},
                "skills": {{ "fighting": "d8", "shooting": "d8" }},
                "weapons": [ {{ "name": "Colt", "damage": "2d6+1" }} ] }}"#
        ))
        .expect("wild card");
        UnitSetup { id: name.to_ascii_lowercase(), combatant }
    }

    fn deal(cards: &[(&str, &str)]) -> Event {
        let typed: BTreeMap<String, Vec<Card>> = cards
            .iter()
            .map(|(id, code)| ((*id).to_owned(), vec![parse_card(code, &[]).expect("card")]))
            .collect();
        Event::Deal { typed }
    }

    fn play(fight: &mut Log<Savage<'static>>, events: &[Event]) {
        let s = savage();
        for (i, e) in events.iter().enumerate() {
            if let Err(err) = fight.apply(&s, e) {
                panic!("event {i} ({e:?}) refused: {err}");
            }
        }
    }

    fn hit(target: &str, total: i32) -> Event {
        Event::Damage {
            target: MemberRef::new(target, 0),
            attacker: None,
            roll: DamageRoll::Total { total },
            modifier: 0,
            nonlethal: false,
            situation: Situation::default(),
            ap: 0,
        }
    }

    /// Alice plays Ann, Bea plays Bob; the Marshal runs the Boss. Alice drew a white and a
    /// red chip, Bea none; round 1 dealt: Boss A♣, Ann Q♥, Bob 4♠.
    /// The Boss's turn passes, then Ann shoots at him and misses (2 on her d8, 1 on the Wild
    /// Die).
    fn ann_misses_the_boss(fight: &mut Log<Savage<'static>>) {
        let (ann, boss) = (MemberRef::new("ann", 0), MemberRef::new("boss", 0));
        play(
            fight,
            &[
                Event::BeginTurn { unit: "boss".to_owned() },
                Event::EndTurn { unit: "boss".to_owned() },
                Event::BeginTurn { unit: "ann".to_owned() },
                Event::Attack {
                    attacker: ann,
                    target: boss,
                    skill: "shooting".to_owned(),
                    range: None,
                    modifier: 0,
                    roll: typed(2, 1),
                    situation: Situation::default(),
                    weapon: None,
                },
            ],
        );
    }

    fn round_one() -> Log<Savage<'static>> {
        round_one_of(crate::systems::savage::game::EDITION)
    }

    /// As [`round_one`], in a fight of `edition`.
    fn round_one_of(edition: u32) -> Log<Savage<'static>> {
        let mut fight = Log::default();
        play(
            &mut fight,
            &[
                Event::Setup {
                    seed: 11,
                    players: vec!["Alice".to_owned(), "Bea".to_owned()],
                    units: vec![
                        wild_card("Ann", Some("Alice")),
                        wild_card("Bob", Some("Bea")),
                        wild_card("Boss", None),
                    ],
                    automation: Automation::default(),
                    edition,
                },
                Event::DrawChips {
                    holder: Holder::Player("Alice".to_owned()),
                    count: 2,
                    typed: Some(vec![ChipColour::White, ChipColour::Red]),
                },
                Event::DrawChips {
                    holder: Holder::Marshal,
                    count: 2,
                    typed: Some(vec![ChipColour::Blue; 2]),
                },
                deal(&[("boss", "AC"), ("ann", "QH"), ("bob", "4S")]),
            ],
        );
        fight
    }

    fn view(fight: &Log<Savage<'static>>, seat: Option<&str>) -> SeatView {
        savage().seat_view(fight, seat).expect("a view")
    }

    fn ids(view: &SeatView) -> Vec<&str> {
        view.choices().map(|c| c.id.as_str()).collect()
    }

    fn counter<'v>(view: &'v SeatView, label: &str) -> &'v str {
        view.counters.iter().find(|c| c.label == label).map_or("(none)", |c| c.value.as_str())
    }

    #[test]
    fn one_seat_per_player_and_none_for_the_marshal() {
        let fight = round_one();
        let seats = savage().seats(&fight);
        assert_eq!(
            seats,
            [
                Seat { id: "player-1".to_owned(), name: "Ann (Alice)".to_owned() },
                Seat { id: "player-2".to_owned(), name: "Bob (Bea)".to_owned() },
            ]
        );
        assert_eq!(savage().seat_view(&fight, Some("player-3")), None);
        assert_eq!(savage().seat_view(&fight, Some("marshal")), None);
        assert!(savage().seats(&Log::default()).is_empty());
    }

    #[test]
    fn a_seat_sees_its_characters_its_chips_and_the_cards_on_the_table() {
        let fight = round_one();
        let v = view(&fight, Some("player-1"));
        assert_eq!(v.seat, "player-1");
        assert_eq!(v.name, "Ann (Alice)");
        assert_eq!(v.headline, "Round 1 · Boss is up next (A♣)");
        assert!(!v.your_turn);
        assert_eq!(counter(&v, "Ann: wounds"), "0 of 3");
        assert_eq!(counter(&v, "Ann: Shaken"), "no");
        assert_eq!(counter(&v, "Ann: fatigue"), "0");
        assert_eq!(counter(&v, "Ann: action card"), "Q♥");
        assert_eq!(counter(&v, "White chips"), "1");
        assert_eq!(counter(&v, "Red chips"), "1");
        assert_eq!(counter(&v, "Blue chips"), "0");
        // Nothing of Bob's or the Boss's condition, nor the Marshal's two blue chips.
        assert!(v.counters.iter().all(|c| !c.label.starts_with("Bob") && !c.label.starts_with("Boss")));
        let faces: Vec<(&str, &str, bool)> =
            v.table.iter().map(|c| (c.face.as_str(), c.owner.as_str(), c.red)).collect();
        assert_eq!(faces, [("A♣", "Boss", false), ("Q♥", "Ann", true), ("4♠", "Bob", false)]);
        // Only the counted spends, as on the chips panel: a reroll; red's cancelling waits for a
        // critical failure just rolled (none is: the chip would change nothing).
        assert_eq!(ids(&v), ["spend:reroll:white", "spend:reroll:red"]);
        let texts: Vec<&str> = v.prompts.iter().map(|p| p.text.as_str()).collect();
        assert_eq!(texts, ["A chip on a roll made with the real dice (Posse only counts it)"]);
        assert_eq!(v.log, fight.lines);
        // Bea holds no chip: nothing to choose.
        assert!(ids(&view(&fight, Some("player-2"))).is_empty());
    }

    #[test]
    fn a_shaken_character_is_asked_its_spirit_roll_and_may_spend_a_chip_to_shake_it_off() {
        let mut fight = round_one();
        let s = savage();
        play(&mut fight, &[Event::BeginTurn { unit: "boss".to_owned() }, hit("ann", 6)]);
        // Ann is Shaken by the hit (Toughness 5): out of her turn a chip ends it at once.
        let v = view(&fight, Some("player-1"));
        assert_eq!(counter(&v, "Ann: Shaken"), "yes");
        assert_eq!(v.prompts[0].text, "Ann is Shaken");
        assert_eq!(ids(&v)[..2], ["unshake:ann:0:white", "unshake:ann:0:red"]);
        // Bea cannot spend for Ann: the seat has no such choice, and the rules refuse it.
        assert!(!view(&fight, Some("player-2")).offers("unshake:ann:0:white"));
        assert_eq!(
            s.seat_event(&fight, "player-2", "unshake:ann:0:white", &Values::new()),
            Err("Ann is not one of Bea's characters.".to_owned())
        );
        play(
            &mut fight,
            &[Event::EndTurn { unit: "boss".to_owned() }, Event::BeginTurn { unit: "ann".to_owned() }],
        );
        let v = view(&fight, Some("player-1"));
        assert!(v.your_turn);
        assert_eq!(v.headline, "Round 1 · Ann acts (Q♥)");
        assert_eq!(
            v.prompts[0].text,
            "Ann is Shaken: roll Spirit at the table and type the dice, or spend a chip to shake it off"
        );
        let event = s.seat_event(&fight, "player-1", "unshake:ann:0:red", &Values::new()).expect("an event");
        assert_eq!(
            event,
            Event::SpendChip {
                holder: Holder::Player("Alice".to_owned()),
                chip: ChipColour::Red,
                purpose: Spend::Unshake { target: MemberRef::new("ann", 0) },
            }
        );
        play(&mut fight, &[event]);
        let v = view(&fight, Some("player-1"));
        assert_eq!(counter(&v, "Ann: Shaken"), "no");
        assert_eq!(counter(&v, "Red chips"), "0");
        assert!(fight.state.prompts().is_empty());
        assert!(!v.offers("unshake:ann:0:white"), "no longer Shaken: nothing to shake off");
    }

    #[test]
    fn a_soak_is_offered_while_the_wounds_are_open_and_posse_rolls_it() {
        let mut fight = round_one();
        let s = savage();
        play(&mut fight, &[Event::BeginTurn { unit: "boss".to_owned() }, hit("ann", 10)]);
        let v = view(&fight, Some("player-1"));
        assert!(v.your_turn);
        assert_eq!(
            v.prompts[0].text,
            "Ann takes 1 wound: soak with a chip, Posse rolling or with the real dice"
        );
        // "Roll it for me" and "I rolled" side by side: Vigor d6 and the Wild Die typed.
        let dice = |c: Choice| anns_dice(c, 6);
        assert_eq!(
            v.prompts[0].choices,
            [
                Choice::new("soak:white", "Spend a white chip: soak (Posse rolls Vigor)"),
                Choice::new("soak:red", "Spend a red chip: soak (Posse rolls Vigor)"),
                dice(Choice::new("soak-dice:white", "Spend a white chip: soak (I rolled Vigor)")),
                dice(Choice::new("soak-dice:red", "Spend a red chip: soak (I rolled Vigor)")),
            ]
        );
        let event = s.seat_event(&fight, "player-1", "soak:white", &Values::new()).expect("an event");
        let seed = derive_seed(11, SALT_SEAT, u64::try_from(fight.events.len()).expect("a count"));
        assert_eq!(
            event,
            Event::SpendChip {
                holder: Holder::Player("Alice".to_owned()),
                chip: ChipColour::White,
                purpose: Spend::Soak { roll: TraitDice::Seeded { seed }, modifier: 0 },
            }
        );
        assert!(fight.allows(&s, &event));
        // Once another event closes the window, no soak is offered, and none is accepted.
        play(&mut fight, &[Event::EndTurn { unit: "boss".to_owned() }]);
        let v = view(&fight, Some("player-1"));
        assert!(!v.offers("soak:white"));
        assert_eq!(
            s.seat_event(&fight, "player-1", "soak:white", &Values::new()),
            Err("There are no wounds just taken to soak.".to_owned())
        );
    }

    #[test]
    fn an_incapacitated_character_is_asked_its_roll_with_nothing_to_tap() {
        let mut fight = round_one();
        play(&mut fight, &[Event::BeginTurn { unit: "boss".to_owned() }, hit("bob", 25)]);
        let v = view(&fight, Some("player-2"));
        assert!(v.your_turn);
        assert_eq!(v.prompts.len(), 1);
        assert_eq!(v.prompts[0].text, "Bob is Incapacitated: roll Vigor at the table and type the dice");
        // Bea has no chip to soak with: only her roll with the real dice.
        assert_eq!(ids(&v), ["roll:incapacitation:bob:0"]);
        assert_eq!(counter(&v, "Bob: condition"), "Incapacitated");
        assert_eq!(counter(&v, "Bob: wounds"), "3 of 3");
        // Alice is not asked.
        assert!(!view(&fight, Some("player-1")).your_turn);
    }

    #[test]
    fn a_choice_not_offered_is_refused() {
        let fight = round_one();
        let s = savage();
        assert!(!view(&fight, Some("player-1")).offers("soak:white"));
        assert_eq!(
            s.seat_event(&fight, "player-1", "soak:white", &Values::new()),
            Err("There are no wounds just taken to soak.".to_owned())
        );
        // Nothing to soak: no dice are asked for, and the rules say why.
        assert_eq!(
            s.seat_event(&fight, "player-1", "soak-dice:white", &values(&[("trait", "5"), ("wild", "2")])),
            Err("There are no wounds just taken to soak.".to_owned())
        );
        assert_eq!(
            s.seat_event(&fight, "player-1", "roll:spirit:ann:0", &values(&[("trait", "5"), ("wild", "2")])),
            Err("Ann is not Shaken.".to_owned())
        );
        assert_eq!(
            s.seat_event(&fight, "player-1", "spend:bonus:white", &Values::new()),
            Err("A white chip cannot be spent to add to a total.".to_owned())
        );
        assert_eq!(
            s.seat_event(&fight, "player-2", "spend:reroll:white", &Values::new()),
            Err("Bea has no white chip.".to_owned())
        );
        assert_eq!(
            s.seat_event(&fight, "player-1", "deal", &Values::new()),
            Err("'deal' is not a choice of this fight.".to_owned())
        );
        assert_eq!(
            s.seat_event(&fight, "marshal", "spend:reroll:white", &Values::new()),
            Err("There is no such seat in this fight.".to_owned())
        );
    }

    fn alice() -> Holder {
        Holder::Player("Alice".to_owned())
    }

    fn typed(trait_die: u32, wild_die: u32) -> TraitDice {
        TraitDice::Typed { trait_die, wild_die: Some(wild_die) }
    }

    #[test]
    fn a_failed_spirit_roll_is_rerolled_with_a_chip_posse_rolling() {
        let mut fight = round_one();
        let s = savage();
        let ann = MemberRef::new("ann", 0);
        play(
            &mut fight,
            &[
                Event::BeginTurn { unit: "boss".to_owned() },
                hit("ann", 6),
                Event::EndTurn { unit: "boss".to_owned() },
                Event::BeginTurn { unit: "ann".to_owned() },
            ],
        );
        assert!(!view(&fight, Some("player-1")).offers("reroll-spirit:white"), "no Spirit roll made yet");
        play(&mut fight, &[Event::Recover { target: ann.clone(), roll: typed(2, 1), modifier: 0 }]);
        let v = view(&fight, Some("player-1"));
        let texts: Vec<&str> = v.prompts.iter().map(|p| p.text.as_str()).collect();
        assert_eq!(texts, ["Ann is Shaken", "Ann's Spirit roll: reroll it with a chip, the better counts"]);
        assert_eq!(
            v.prompts[1].choices[1],
            Choice::new("reroll-spirit:red", "Spend a red chip: reroll (Posse rolls Spirit)")
        );
        let event =
            s.seat_event(&fight, "player-1", "reroll-spirit:white", &Values::new()).expect("an event");
        let seed = derive_seed(11, SALT_SEAT, u64::try_from(fight.events.len()).expect("a count"));
        assert_eq!(
            event,
            Event::SpendChip {
                holder: alice(),
                chip: ChipColour::White,
                purpose: Spend::RerollRecover { roll: TraitDice::Seeded { seed } },
            }
        );
        play(&mut fight, &[event]);
        assert_eq!(fight.state.chips.count(&alice(), ChipColour::White), 0);
        assert!(!view(&fight, Some("player-1")).offers("reroll-spirit:white"), "no white chip left");
    }

    #[test]
    fn a_missed_attack_is_rerolled_and_the_damage_gets_a_die_with_chips_that_allow_it() {
        let mut fight = round_one();
        let s = savage();
        let boss = MemberRef::new("boss", 0);
        ann_misses_the_boss(&mut fight);
        let v = view(&fight, Some("player-1"));
        assert!(v.your_turn);
        assert_eq!(v.prompts[0].text, "Ann's Shooting roll: reroll it with a chip, the better counts");
        assert_eq!(ids(&v)[..2], ["reroll-attack:white", "reroll-attack:red"]);
        // Bea's seat is offered nothing of Ann's attack.
        assert!(ids(&view(&fight, Some("player-2"))).is_empty());
        play(
            &mut fight,
            &[Event::Damage {
                target: boss,
                attacker: Some("ann".to_owned()),
                roll: DamageRoll::Total { total: 4 },
                modifier: 0,
                nonlethal: false,
                situation: Situation::default(),
                ap: 0,
            }],
        );
        let v = view(&fight, Some("player-1"));
        assert!(!v.offers("reroll-attack:white"), "the damage is rolled");
        assert_eq!(v.prompts[0].text, "Ann's damage on Boss: add a die with a chip");
        // A white chip adds no die: only the red one is offered.
        assert_eq!(
            v.prompts[0].choices,
            [
                Choice::new("extra-damage:red", "Spend a red chip: add a die (Posse rolls)"),
                Choice::new("extra-damage-dice:red", "Spend a red chip: add a die (I rolled it)")
                    .with_field(Field::number("die", "The added d6's total", 1, 999)),
            ]
        );
        let event = s.seat_event(&fight, "player-1", "extra-damage:red", &Values::new()).expect("an event");
        let seed = derive_seed(11, SALT_SEAT, u64::try_from(fight.events.len()).expect("a count"));
        assert_eq!(
            event,
            Event::SpendChip {
                holder: alice(),
                chip: ChipColour::Red,
                purpose: Spend::ExtraDamage { roll: DieRoll::Seeded { seed } },
            }
        );
        assert_eq!(
            s.seat_event(&fight, "player-1", "extra-damage:white", &Values::new()),
            Err("A white chip cannot be spent to add a die to the damage.".to_owned())
        );
        play(&mut fight, &[event]);
        assert_eq!(fight.state.chips.count(&alice(), ChipColour::Red), 0);
    }

    /// S50 from a player's seat (their phone): Ann's Incapacitation roll (d6 3, Wild Die 2,
    /// at −3: 0, dead) is rerolled with Alice's red chip and the real dice, 9 and 2: 6, a
    /// success, which stands; the seat is asked, as the Fight screen offers it.
    #[test]
    fn an_incapacitation_roll_is_rerolled_from_the_seat_with_the_real_dice() {
        let mut fight = round_one();
        let s = savage();
        let ann = MemberRef::new("ann", 0);
        play(
            &mut fight,
            &[hit("ann", 25), Event::Incapacitation { target: ann.clone(), roll: typed(3, 2), modifier: 0 }],
        );
        assert_eq!(fight.state.member(&ann).map(|m| m.status), Some(super::super::Status::Dead));
        let v = view(&fight, Some("player-1"));
        let prompt = v
            .prompts
            .iter()
            .find(|p| p.text == "Ann's Incapacitation roll: reroll it with a chip, the better counts");
        let choices: Vec<&str> =
            prompt.map(|p| p.choices.iter().map(|c| c.id.as_str()).collect()).unwrap_or_default();
        assert_eq!(choices, ["reroll-vigor-dice:white", "reroll-vigor-dice:red"]);
        assert!(v.your_turn, "the seat is asked to act");
        let event = s
            .seat_event(
                &fight,
                "player-1",
                "reroll-vigor-dice:red",
                &values(&[("trait", "9"), ("wild", "2")]),
            )
            .expect("an event");
        assert_eq!(
            event,
            Event::SpendChip {
                holder: alice(),
                chip: ChipColour::Red,
                purpose: Spend::RerollVigor { roll: typed(9, 2) },
            }
        );
        play(&mut fight, &[event]);
        let m = fight.state.member(&ann).expect("Ann");
        assert_eq!(
            (m.status, m.injury),
            (
                super::super::Status::Incapacitated,
                Some(crate::systems::savage::rules::damage::Incapacitation::HealsWithWounds)
            )
        );
        assert_eq!(fight.state.chips.count(&alice(), ChipColour::Red), 0);
    }

    /// The prompt of the chips panel's spends on a seat: its words and its choices' ids.
    fn counted(view: &SeatView) -> Option<(&str, Vec<&str>)> {
        view.prompts
            .iter()
            .find(|p| p.choices.iter().any(|c| c.id.starts_with("spend:")))
            .map(|p| (p.text.as_str(), p.choices.iter().map(|c| c.id.as_str()).collect()))
    }

    /// S52 from a player's seat: Ann's Incapacitation roll (at +4) is snake eyes (death).
    /// Alice's red and blue chips may cancel the critical failure, and the seat's prompt names
    /// the roll and what the chip does to it (it said "a roll made with the real dice", which
    /// this one is not); once cancelled (1 + 4 − 3: 2, a failure, Bleeding Out), her blue chip
    /// may add 2 to it. The
    /// choices' ids are the ones the chips panel's spends always had.
    #[test]
    fn the_seat_says_which_roll_a_chip_changes_and_how() {
        let mut fight = round_one();
        let s = savage();
        let ann = MemberRef::new("ann", 0);
        let blue = Event::DrawChips { holder: alice(), count: 1, typed: Some(vec![ChipColour::Blue]) };
        play(
            &mut fight,
            &[
                blue,
                hit("ann", 25),
                Event::Incapacitation { target: ann.clone(), roll: typed(1, 1), modifier: 4 },
            ],
        );
        assert_eq!(fight.state.member(&ann).map(|m| m.status), Some(super::super::Status::Dead));
        let v = view(&fight, Some("player-1"));
        assert_eq!(
            counted(&v),
            Some((
                "Ann's Incapacitation roll: cancel its critical failure with a chip",
                vec!["spend:cancel_critical_failure:red", "spend:cancel_critical_failure:blue"]
            ))
        );
        let event = s
            .seat_event(&fight, "player-1", "spend:cancel_critical_failure:red", &Values::new())
            .expect("an event");
        play(&mut fight, &[event]);
        let m = fight.state.member(&ann).expect("Ann");
        assert_eq!((m.status, m.bleeding_out), (super::super::Status::Incapacitated, true));
        let v = view(&fight, Some("player-1"));
        assert_eq!(
            counted(&v),
            Some(("Ann's Incapacitation roll: add 2 to it with a chip", vec!["spend:bonus:blue"]))
        );
    }

    /// In a fight of edition 0 a chip's +2 and cancel changed no roll (they only took the
    /// chip, as a reroll with the real dice does): after the same snake eyes, the seat's
    /// prompt says so, and offers both (the plain reroll is refused: the roll has its own).
    #[test]
    fn in_a_fight_of_edition_0_the_seat_says_a_chip_is_only_counted() {
        let mut fight = round_one_of(0);
        let ann = MemberRef::new("ann", 0);
        let blue = Event::DrawChips { holder: alice(), count: 1, typed: Some(vec![ChipColour::Blue]) };
        let roll = Event::Incapacitation { target: ann, roll: typed(1, 1), modifier: 4 };
        play(&mut fight, &[blue, hit("ann", 25), roll]);
        assert_eq!(
            counted(&view(&fight, Some("player-1"))),
            Some((
                "A chip on a roll made with the real dice (Posse only counts it)",
                vec![
                    "spend:bonus:blue",
                    "spend:cancel_critical_failure:red",
                    "spend:cancel_critical_failure:blue"
                ]
            ))
        );
    }

    fn values(pairs: &[(&str, &str)]) -> Values {
        pairs.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect()
    }

    /// The fields of a typed trait roll of `who`'s (a d`die`, and the Wild Die).
    fn dice_of(choice: Choice, who: &str, die: u32) -> Choice {
        choice
            .with_field(Field::number("trait", format!("{who}'s d{die} total"), 1, 999))
            .with_field(Field::number("wild", format!("{who}'s Wild Die (d6) total"), 1, 999))
    }

    /// The fields of a typed trait roll of Ann's.
    fn anns_dice(choice: Choice, die: u32) -> Choice {
        dice_of(choice, "Ann", die)
    }

    /// Round one with Ann Shaken by the Boss's hit, at the start of her turn.
    fn ann_shaken_at_her_turn() -> Log<Savage<'static>> {
        let mut fight = round_one();
        play(
            &mut fight,
            &[
                Event::BeginTurn { unit: "boss".to_owned() },
                hit("ann", 6),
                Event::EndTurn { unit: "boss".to_owned() },
                Event::BeginTurn { unit: "ann".to_owned() },
            ],
        );
        fight
    }

    #[test]
    fn a_shaken_characters_player_types_the_spirit_roll_and_it_is_the_screens_event() {
        let s = savage();
        let ann = MemberRef::new("ann", 0);
        let fight = ann_shaken_at_her_turn();
        let v = view(&fight, Some("player-1"));
        // "I rolled" first, the chips that shake it off beside it.
        assert_eq!(
            v.prompts[0].choices[0],
            anns_dice(Choice::new("roll:spirit:ann:0", "I rolled Spirit"), 6)
        );
        assert_eq!(ids(&v)[..3], ["roll:spirit:ann:0", "unshake:ann:0:white", "unshake:ann:0:red"]);
        let offered = v.choice("roll:spirit:ann:0").expect("offered");

        // An aced d6 (6, then 5) totals 11: a raise, and Ann acts normally.
        let raise = values(&[("trait", "11"), ("wild", "2")]);
        assert_eq!(offered.check(&raise), Ok(()));
        let event = s.seat_event(&fight, "player-1", "roll:spirit:ann:0", &raise).expect("an event");
        // What the Fight screen commits with these dice typed and no modifier.
        assert_eq!(event, Event::Recover { target: ann.clone(), roll: typed(11, 2), modifier: 0 });
        let mut raised = fight.clone();
        play(&mut raised, &[event]);
        assert_eq!(
            raised.lines.last().map(String::as_str),
            Some("Ann rolls Spirit (d6 11, Wild Die 2): 11: a raise: no longer Shaken, and acts normally")
        );
        assert!(raised.state.prompts().is_empty());

        // 2 and 3: a failure, and Ann stays Shaken.
        let failed = values(&[("trait", "2"), ("wild", "3")]);
        let event = s.seat_event(&fight, "player-1", "roll:spirit:ann:0", &failed).expect("an event");
        assert_eq!(event, Event::Recover { target: ann.clone(), roll: typed(2, 3), modifier: 0 });
        let mut still = fight.clone();
        play(&mut still, &[event]);
        assert_eq!(
            still.lines.last().map(String::as_str),
            Some("Ann rolls Spirit (d6 2, Wild Die 3): 3: failure: still Shaken: only free actions")
        );
        assert_eq!(counter(&view(&still, Some("player-1")), "Ann: Shaken"), "yes");

        // Out of the field's range: refused before the rules see it, with the field's sentence.
        assert_eq!(
            offered.check(&values(&[("trait", "0"), ("wild", "2")])),
            Err("Ann's d6 total is a whole number from 1 to 999.".to_owned())
        );
        assert_eq!(
            offered.check(&values(&[("trait", "4")])),
            Err("Fill in Ann's Wild Die (d6) total.".to_owned())
        );
        // A total the die cannot end on (it aced) is in range: the rules refuse it.
        assert_eq!(
            s.seat_event(&fight, "player-1", "roll:spirit:ann:0", &values(&[("trait", "6"), ("wild", "2")])),
            Err("6 on the d6: it aced: roll again and add.".to_owned())
        );

        // Bea's seat is not offered Ann's roll, and may not make it.
        assert!(!view(&fight, Some("player-2")).offers("roll:spirit:ann:0"));
        assert_eq!(
            s.seat_event(&fight, "player-2", "roll:spirit:ann:0", &raise),
            Err("Ann is not one of Bea's characters.".to_owned())
        );
        // Out of her turn (the Boss's), the Spirit roll is not offered: only the chips.
        let mut before = round_one();
        play(&mut before, &[Event::BeginTurn { unit: "boss".to_owned() }, hit("ann", 6)]);
        assert!(!view(&before, Some("player-1")).offers("roll:spirit:ann:0"));
    }

    #[test]
    fn the_marshals_characters_rolls_are_never_offered_to_a_seat() {
        let s = savage();
        let mut fight = round_one();
        // The Boss is Shaken before his turn, then asked his Spirit roll at its start.
        play(&mut fight, &[hit("boss", 6), Event::BeginTurn { unit: "boss".to_owned() }]);
        assert_eq!(fight.state.prompts(), [Asked::SpiritRoll(MemberRef::new("boss", 0))]);
        for seat in ["player-1", "player-2"] {
            let v = view(&fight, Some(seat));
            assert!(v.prompts.iter().all(|p| !p.text.starts_with("Boss")), "{seat}");
            assert!(ids(&v).iter().all(|id| !id.contains("boss")), "{seat}");
        }
        assert_eq!(
            s.seat_event(&fight, "player-1", "roll:spirit:boss:0", &values(&[("trait", "5"), ("wild", "2")])),
            Err("Boss is not one of Alice's characters.".to_owned())
        );
        // Wounds on the Boss: no seat is offered his soak, typed or not.
        play(&mut fight, &[hit("boss", 10)]);
        for seat in ["player-1", "player-2"] {
            let v = view(&fight, Some(seat));
            assert!(ids(&v).iter().all(|id| !id.starts_with("soak")), "{seat}");
        }
        assert_eq!(
            s.seat_event(&fight, "player-1", "soak-dice:white", &values(&[("trait", "5"), ("wild", "2")])),
            Err("Alice cannot spend chips for Boss.".to_owned())
        );
    }

    #[test]
    fn incapacitation_and_bleeding_out_rolls_with_the_real_dice_are_the_screens_events() {
        let s = savage();
        let mut fight = round_one();
        play(&mut fight, &[Event::BeginTurn { unit: "boss".to_owned() }, hit("bob", 25)]);
        let v = view(&fight, Some("player-2"));
        let bobs = |c: Choice| dice_of(c, "Bob", 6);
        assert_eq!(v.prompts[0].choices, [bobs(Choice::new("roll:incapacitation:bob:0", "I rolled Vigor"))]);
        let event = s
            .seat_event(
                &fight,
                "player-2",
                "roll:incapacitation:bob:0",
                &values(&[("trait", "3"), ("wild", "5")]),
            )
            .expect("an event");
        assert_eq!(
            event,
            Event::Incapacitation { target: MemberRef::new("bob", 0), roll: typed(3, 5), modifier: 0 }
        );
        play(&mut fight, &[event]);
        assert_eq!(
            fight.lines.last().map(String::as_str),
            Some(
                "Bob rolls Vigor for Incapacitation (d6 3, Wild Die 5): 2: failure: a lasting injury, and Bleeding Out: a Vigor roll at the start of each round"
            )
        );
        assert!(!view(&fight, Some("player-2")).offers("roll:incapacitation:bob:0"), "made once");
        // At the next round's start, Bob's Bleeding Out roll, typed the same way.
        play(
            &mut fight,
            &[
                Event::EndTurn { unit: "boss".to_owned() },
                Event::BeginTurn { unit: "ann".to_owned() },
                Event::EndTurn { unit: "ann".to_owned() },
                deal(&[("boss", "KC"), ("ann", "2H")]),
            ],
        );
        let v = view(&fight, Some("player-2"));
        assert_eq!(v.prompts[0].text, "Bob is Bleeding Out: roll Vigor at the table and type the dice");
        assert_eq!(v.prompts[0].choices, [bobs(Choice::new("roll:bleeding-out:bob:0", "I rolled Vigor"))]);
        let event = s
            .seat_event(
                &fight,
                "player-2",
                "roll:bleeding-out:bob:0",
                &values(&[("trait", "9"), ("wild", "1")]),
            )
            .expect("an event");
        assert_eq!(
            event,
            Event::BleedOut { target: MemberRef::new("bob", 0), roll: typed(9, 1), modifier: 0 }
        );
        play(&mut fight, &[event]);
        assert_eq!(
            fight.lines.last().map(String::as_str),
            Some(
                "Bob rolls Vigor against Bleeding Out (d6 9, Wild Die 1): 6: success: still bleeding: rolls again next round"
            )
        );
        // Alice may not roll for Bob.
        assert_eq!(
            s.seat_event(
                &fight,
                "player-1",
                "roll:incapacitation:bob:0",
                &values(&[("trait", "3"), ("wild", "5")])
            ),
            Err("Bob is not one of Alice's characters.".to_owned())
        );
    }

    #[test]
    fn a_soak_with_the_real_dice_is_the_screens_soak_event() {
        let s = savage();
        let mut fight = round_one();
        play(&mut fight, &[Event::BeginTurn { unit: "boss".to_owned() }, hit("ann", 10)]);
        let v = view(&fight, Some("player-1"));
        let offered = v.choice("soak-dice:white").expect("offered");
        assert_eq!(
            offered.check(&values(&[("trait", "5"), ("wild", "-1")])),
            Err("Ann's Wild Die (d6) total is a whole number from 1 to 999.".to_owned())
        );
        assert_eq!(
            s.seat_event(&fight, "player-1", "soak-dice:white", &values(&[("trait", "5"), ("wild", "12")])),
            Err("12 on the d6: it aced: roll again and add.".to_owned())
        );
        let event = s
            .seat_event(&fight, "player-1", "soak-dice:white", &values(&[("trait", "5"), ("wild", "2")]))
            .expect("an event");
        assert_eq!(
            event,
            Event::SpendChip {
                holder: alice(),
                chip: ChipColour::White,
                purpose: Spend::Soak { roll: typed(5, 2), modifier: 0 },
            }
        );
        play(&mut fight, &[event]);
        assert_eq!(
            fight.lines.last().map(String::as_str),
            Some(
                "Alice spends a white chip to soak: Ann rolls Vigor (d6 5, Wild Die 2): 5: success: 1 wound, 1 soaked: no harm done"
            )
        );
        assert_eq!(fight.state.chips.count(&alice(), ChipColour::White), 0);
    }

    #[test]
    fn a_spirit_reroll_with_the_real_dice_is_the_screens_spend() {
        let s = savage();
        let ann = MemberRef::new("ann", 0);
        // A failed Spirit roll, rerolled with the real dice: 7 (an aced d6, then 1) succeeds.
        let mut fight = ann_shaken_at_her_turn();
        play(&mut fight, &[Event::Recover { target: ann.clone(), roll: typed(2, 1), modifier: 0 }]);
        let v = view(&fight, Some("player-1"));
        assert_eq!(
            v.prompts[1].choices[2],
            anns_dice(
                Choice::new("reroll-spirit-dice:white", "Spend a white chip: reroll (I rolled Spirit)"),
                6
            )
        );
        let event = s
            .seat_event(
                &fight,
                "player-1",
                "reroll-spirit-dice:white",
                &values(&[("trait", "7"), ("wild", "3")]),
            )
            .expect("an event");
        assert_eq!(
            event,
            Event::SpendChip {
                holder: alice(),
                chip: ChipColour::White,
                purpose: Spend::RerollRecover { roll: typed(7, 3) },
            }
        );
        play(&mut fight, &[event]);
        assert_eq!(
            fight.lines.last().map(String::as_str),
            Some(
                "Alice spends a white chip to reroll a trait roll: Ann rerolls Spirit (d6 7, Wild Die 3): 7: success: keeps 7: success: no longer Shaken, but only free actions this turn"
            )
        );
    }

    #[test]
    fn an_attack_reroll_and_an_added_die_with_the_real_dice_are_the_screens_spends() {
        let s = savage();
        let boss = MemberRef::new("boss", 0);
        // A missed Shooting roll (d8), rerolled with the real dice.
        let mut fight = round_one();
        ann_misses_the_boss(&mut fight);
        let v = view(&fight, Some("player-1"));
        assert_eq!(
            v.choice("reroll-attack-dice:white"),
            Some(&anns_dice(
                Choice::new("reroll-attack-dice:white", "Spend a white chip: reroll (I rolled)"),
                8
            ))
        );
        let event = s
            .seat_event(
                &fight,
                "player-1",
                "reroll-attack-dice:white",
                &values(&[("trait", "9"), ("wild", "4")]),
            )
            .expect("an event");
        assert_eq!(
            event,
            Event::SpendChip {
                holder: alice(),
                chip: ChipColour::White,
                purpose: Spend::RerollAttack { roll: typed(9, 4) },
            }
        );
        play(&mut fight, &[event]);
        assert_eq!(
            fight.lines.last().map(String::as_str),
            Some(
                "Alice spends a white chip to reroll a trait roll: Ann rerolls Shooting (d8 9, Wild Die 4): 9: a raise: keeps 9: a raise"
            )
        );

        // Her damage, and a d6 the red chip adds, rolled at the table.
        play(
            &mut fight,
            &[Event::Damage {
                target: boss,
                attacker: Some("ann".to_owned()),
                roll: DamageRoll::Total { total: 4 },
                modifier: 0,
                nonlethal: false,
                situation: Situation::default(),
                ap: 0,
            }],
        );
        let v = view(&fight, Some("player-1"));
        let offered = v.choice("extra-damage-dice:red").expect("offered");
        assert_eq!(offered.check(&values(&[("die", "")])), Err("Fill in The added d6's total.".to_owned()));
        let event = s
            .seat_event(&fight, "player-1", "extra-damage-dice:red", &values(&[("die", "9")]))
            .expect("an event");
        assert_eq!(
            event,
            Event::SpendChip {
                holder: alice(),
                chip: ChipColour::Red,
                purpose: Spend::ExtraDamage { roll: DieRoll::Typed { total: 9 } },
            }
        );
        play(&mut fight, &[event]);
        assert_eq!(
            fight.lines.last().map(String::as_str),
            Some(
                "Alice spends a red chip to add a die to the damage: d6 9, damage now 13 against Toughness 5: 2 wounds: Shaken with 2 wounds; the Marshal draws a white chip"
            )
        );
    }

    #[test]
    fn the_watcher_sees_the_public_table_and_no_prompts_or_choices() {
        let mut fight = round_one();
        play(&mut fight, &[Event::BeginTurn { unit: "boss".to_owned() }, hit("ann", 10)]);
        let v = view(&fight, None);
        assert_eq!(v.seat, "");
        assert_eq!(v.headline, "Round 1 · Boss acts (A♣)");
        assert!(!v.your_turn);
        assert!(v.prompts.is_empty());
        assert_eq!(v.choices().count(), 0);
        assert_eq!(v.table.len(), 3);
        let counters: Vec<(&str, &str)> =
            v.counters.iter().map(|c| (c.label.as_str(), c.value.as_str())).collect();
        assert_eq!(counters, [("Alice's chips", "1 white, 1 red"), ("Bea's chips", "none")]);
    }
}
