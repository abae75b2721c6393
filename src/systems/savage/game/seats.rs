//! A fight shared at the table: one seat per player, holding that player's characters (the
//! units whose combatant names the player) and fate chips; the Marshal's side has no seat and
//! stays on the host.
//!
//! A seat sees the round and who acts, its characters' condition and action cards, its chips
//! by colour, every action card dealt this round (face up at the table), the rules' questions
//! that ask its characters, and the recent log. It may spend a chip where the spend needs no
//! dice typed on the host: shaking off Shaken, the counted spends of the Fight screen's chips
//! panel (a reroll, +2, a critical failure cancelled, made with the real dice at the table),
//! and, with Posse rolling, a soak, a reroll of the Spirit roll or the attack just made, and
//! a die added to its character's damage. Every roll a player makes with real dice (the
//! Spirit, Incapacitation and Bleeding Out rolls, a soak with real dice) is typed on the host
//! screen: the phone only says that it is asked.
//!
//! The fight keeps no notes or hidden cards: the Marshal's chips are the only thing a seat
//! is not shown (its own counters are its player's chips only).

use crate::kernel::cards::Colour;
use crate::kernel::log::Log;
use crate::kernel::seat::{self, CardView, Choice, Counter, Prompt, Seat, SeatRules, SeatView};
use crate::systems::savage::rules::chips::{ChipColour, ChipUse};
use crate::systems::savage::rules::traits::{Outcome, TraitDice};

use super::{DieRoll, Event, Holder, MemberRef, Prompt as Asked, Savage, Spend, State, Unit, derive_seed};

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

/// One choice of a seat, as it is sent back: its id, and what it stands for.
enum Wish {
    /// End a member's Shaken with a chip.
    Unshake(MemberRef, ChipColour),
    /// Soak the last damage, Posse rolling Vigor.
    Soak(ChipColour),
    /// Reroll the Spirit roll just made, Posse rolling.
    RerollSpirit(ChipColour),
    /// Reroll the attack just made, Posse rolling.
    RerollAttack(ChipColour),
    /// Add a die to the damage just dealt, Posse rolling.
    ExtraDamage(ChipColour),
    /// A spend counted only (the dice are real).
    Counted(ChipUse, ChipColour),
}

impl Wish {
    fn id(&self) -> String {
        match self {
            Wish::Unshake(m, c) => format!("unshake:{}:{}:{c}", m.unit, m.member),
            Wish::Soak(c) => format!("soak:{c}"),
            Wish::RerollSpirit(c) => format!("reroll-spirit:{c}"),
            Wish::RerollAttack(c) => format!("reroll-attack:{c}"),
            Wish::ExtraDamage(c) => format!("extra-damage:{c}"),
            Wish::Counted(u, c) => format!("spend:{}:{c}", u.id()),
        }
    }

    fn parse(id: &str) -> Option<Wish> {
        let parts: Vec<&str> = id.split(':').collect();
        let colour = |s: &str| s.parse::<ChipColour>().ok();
        Some(match parts.as_slice() {
            ["unshake", unit, member, c] => {
                Wish::Unshake(MemberRef::new(unit, member.parse().ok()?), colour(c)?)
            }
            ["soak", c] => Wish::Soak(colour(c)?),
            ["reroll-spirit", c] => Wish::RerollSpirit(colour(c)?),
            ["reroll-attack", c] => Wish::RerollAttack(colour(c)?),
            ["extra-damage", c] => Wish::ExtraDamage(colour(c)?),
            ["spend", u, c] => Wish::Counted(u.parse().ok()?, colour(c)?),
            _ => return None,
        })
    }

    fn colour(&self) -> ChipColour {
        match self {
            Wish::Unshake(_, c)
            | Wish::Soak(c)
            | Wish::RerollSpirit(c)
            | Wish::RerollAttack(c)
            | Wish::ExtraDamage(c)
            | Wish::Counted(_, c) => *c,
        }
    }

    fn chip_use(&self) -> ChipUse {
        match self {
            Wish::Unshake(..) => ChipUse::Unshake,
            Wish::Soak(_) => ChipUse::Soak,
            Wish::RerollSpirit(_) | Wish::RerollAttack(_) => ChipUse::Reroll,
            Wish::ExtraDamage(_) => ChipUse::ExtraDamage,
            Wish::Counted(u, _) => *u,
        }
    }

    /// The event `player` spending this chip is, with the seed of Posse's roll drawn from the
    /// game's seed and its length (an undo and a redo roll the same dice again).
    fn event(&self, game: &Log<Savage<'_>>, player: &str) -> Option<Event> {
        let n = u64::try_from(game.events.len()).unwrap_or(u64::MAX);
        let seed = derive_seed(game.state.seed, SALT_SEAT, n);
        let dice = TraitDice::Seeded { seed };
        let purpose = match self {
            Wish::Unshake(m, _) => Spend::Unshake { target: m.clone() },
            Wish::Soak(_) => Spend::Soak { roll: dice, modifier: 0 },
            Wish::RerollSpirit(_) => Spend::RerollRecover { roll: dice },
            Wish::RerollAttack(_) => Spend::RerollAttack { roll: dice },
            Wish::ExtraDamage(_) => Spend::ExtraDamage { roll: DieRoll::Seeded { seed } },
            Wish::Counted(u, _) => COUNTED.iter().find(|(c, _)| c == u)?.1.clone(),
        };
        Some(Event::SpendChip { holder: Holder::Player(player.to_owned()), chip: self.colour(), purpose })
    }
}

impl Savage<'_> {
    /// The choices of `player` spending one chip of each colour they hold on what `wish`
    /// makes of a colour, those the rules accept now, each with its label.
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
            .filter(|w| self.rules.chips.allows(w.colour(), w.chip_use()))
            .filter(|w| w.event(game, player).is_some_and(|e| game.allows(&self, &e)))
            .map(|w| Choice::new(w.id(), format!("Spend a {} chip: {what}", colour_words(w.colour()))))
            .collect()
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
            let prompt = match p {
                Asked::SpiritRoll(_) => {
                    shaken_asked.push(target.clone());
                    Prompt {
                        text: format!(
                            "{name} is Shaken: roll Spirit at the table (the Marshal types it), or spend a chip to shake it off"
                        ),
                        choices: self
                            .spends(game, player, "shake off Shaken", |c| Wish::Unshake(target.clone(), c)),
                    }
                }
                Asked::Incapacitation(_) => Prompt {
                    text: format!("{name} is Incapacitated: roll Vigor at the table (the Marshal types it)"),
                    choices: Vec::new(),
                },
                Asked::BleedingOut(_) => Prompt {
                    text: format!("{name} is Bleeding Out: roll Vigor at the table (the Marshal types it)"),
                    choices: Vec::new(),
                },
            };
            prompts.push(prompt);
        }
        if let Some(d) = s.last_damage.as_ref() {
            if mine(&d.target.unit) && d.effect.wounds() > 0 {
                let choices = self.spends(game, player, "soak (Posse rolls Vigor)", Wish::Soak);
                if !choices.is_empty() {
                    asked = true;
                    let soaked =
                        if d.soaked > 0 { format!(", {} soaked so far", d.soaked) } else { String::new() };
                    prompts.push(Prompt {
                        text: format!(
                            "{} takes {} wound(s){soaked}: soak with a chip (for real dice, ask the Marshal)",
                            s.name(&d.target),
                            d.effect.wounds()
                        ),
                        choices,
                    });
                }
            }
            if d.attacker.as_deref().is_some_and(mine) {
                let choices = self.spends(game, player, "add a die (Posse rolls)", Wish::ExtraDamage);
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
        if let Some(r) =
            s.last_recover.as_ref().filter(|r| mine(&r.target.unit) && r.result.outcome != Outcome::Raise)
        {
            let choices = self.spends(game, player, "reroll (Posse rolls Spirit)", Wish::RerollSpirit);
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
            let choices = self.spends(game, player, "reroll (Posse rolls)", Wish::RerollAttack);
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
        for (u, _) in &COUNTED {
            let words =
                self.rules.reference.chip_uses.get(u).cloned().unwrap_or_else(|| u.words().to_owned());
            counted.extend(self.spends(game, player, &words, |c| Wish::Counted(*u, c)));
        }
        if !counted.is_empty() {
            prompts.push(Prompt {
                text: "A chip on a roll made with the real dice".to_owned(),
                choices: counted,
            });
        }
        (prompts, asked)
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
        _values: &crate::kernel::seat::Values,
    ) -> Result<Event, String> {
        let player = seat_player(&game.state, seat).ok_or("There is no such seat in this fight.")?;
        let wish = Wish::parse(choice).ok_or_else(|| format!("'{choice}' is not a choice of this fight."))?;
        if let Wish::Unshake(m, _) = &wish
            && !owned_by(&game.state, player, &m.unit)
        {
            return Err(format!("{} is not one of {player}'s characters.", game.state.name(m)));
        }
        let event =
            wish.event(game, player).ok_or_else(|| format!("'{choice}' is not a choice of this fight."))?;
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
    fn round_one() -> Log<Savage<'static>> {
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
        // Only the counted spends, as on the chips panel: white rerolls, red also cancels.
        assert_eq!(ids(&v), ["spend:reroll:white", "spend:reroll:red", "spend:cancel_critical_failure:red"]);
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
            s.seat_event(&fight, "player-2", "unshake:ann:0:white", &crate::kernel::seat::Values::new()),
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
            "Ann is Shaken: roll Spirit at the table (the Marshal types it), or spend a chip to shake it off"
        );
        let event = s
            .seat_event(&fight, "player-1", "unshake:ann:0:red", &crate::kernel::seat::Values::new())
            .expect("an event");
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
            "Ann takes 1 wound(s): soak with a chip (for real dice, ask the Marshal)"
        );
        assert_eq!(
            v.prompts[0].choices,
            [
                Choice::new("soak:white", "Spend a white chip: soak (Posse rolls Vigor)"),
                Choice::new("soak:red", "Spend a red chip: soak (Posse rolls Vigor)"),
            ]
        );
        let event = s
            .seat_event(&fight, "player-1", "soak:white", &crate::kernel::seat::Values::new())
            .expect("an event");
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
            s.seat_event(&fight, "player-1", "soak:white", &crate::kernel::seat::Values::new()),
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
        assert_eq!(v.prompts[0].text, "Bob is Incapacitated: roll Vigor at the table (the Marshal types it)");
        assert!(v.prompts[0].choices.is_empty(), "Bea has no chip to soak with");
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
            s.seat_event(&fight, "player-1", "soak:white", &crate::kernel::seat::Values::new()),
            Err("There are no wounds just taken to soak.".to_owned())
        );
        assert_eq!(
            s.seat_event(&fight, "player-1", "spend:bonus:white", &crate::kernel::seat::Values::new()),
            Err("A white chip cannot be spent to add to a total.".to_owned())
        );
        assert_eq!(
            s.seat_event(&fight, "player-2", "spend:reroll:white", &crate::kernel::seat::Values::new()),
            Err("Bea has no white chip.".to_owned())
        );
        assert_eq!(
            s.seat_event(&fight, "player-1", "deal", &crate::kernel::seat::Values::new()),
            Err("'deal' is not a choice of this fight.".to_owned())
        );
        assert_eq!(
            s.seat_event(&fight, "marshal", "spend:reroll:white", &crate::kernel::seat::Values::new()),
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
        assert_eq!(
            texts,
            [
                "Ann is Shaken",
                "Ann's Spirit roll: reroll it with a chip, the better counts",
                "A chip on a roll made with the real dice"
            ]
        );
        assert_eq!(
            v.prompts[1].choices[1],
            Choice::new("reroll-spirit:red", "Spend a red chip: reroll (Posse rolls Spirit)")
        );
        let event = s
            .seat_event(&fight, "player-1", "reroll-spirit:white", &crate::kernel::seat::Values::new())
            .expect("an event");
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
        let (ann, boss) = (MemberRef::new("ann", 0), MemberRef::new("boss", 0));
        play(
            &mut fight,
            &[
                Event::BeginTurn { unit: "boss".to_owned() },
                Event::EndTurn { unit: "boss".to_owned() },
                Event::BeginTurn { unit: "ann".to_owned() },
                Event::Attack {
                    attacker: ann.clone(),
                    target: boss.clone(),
                    skill: "shooting".to_owned(),
                    range: None,
                    modifier: 0,
                    roll: typed(2, 1),
                    situation: Situation::default(),
                },
            ],
        );
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
            [Choice::new("extra-damage:red", "Spend a red chip: add a die (Posse rolls)")]
        );
        let event = s
            .seat_event(&fight, "player-1", "extra-damage:red", &crate::kernel::seat::Values::new())
            .expect("an event");
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
            s.seat_event(&fight, "player-1", "extra-damage:white", &crate::kernel::seat::Values::new()),
            Err("A white chip cannot be spent to add a die to the damage.".to_owned())
        );
        play(&mut fight, &[event]);
        assert_eq!(fight.state.chips.count(&alice(), ChipColour::Red), 0);
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
