//! The deal: the round's bookkeeping, typed cards checked against each combatant's draw rule,
//! the others drawn from Posse's deck, and the shuffles (all seeded from the game's seed).

use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::kernel::cards::{self, Card};
use crate::systems::savage::rules::initiative::{DrawError, DrawRule, full_deck};

use super::{Apply, Error, Prompt, derive_seed};

const SALT_SHUFFLE: u64 = 1;

impl Apply<'_> {
    /// All 54 cards back in the deck, shuffled.
    pub(super) fn shuffle_all(&mut self) {
        let mut deck = full_deck();
        cards::shuffle(&mut deck, derive_seed(self.s.seed, SALT_SHUFFLE, self.s.deck.shuffles));
        self.s.deck.shuffles += 1;
        self.s.deck.draw = deck;
        self.s.deck.discard.clear();
    }

    /// The top card; an empty deck takes the discards back, shuffled.
    fn draw_top(&mut self) -> Result<Card, Error> {
        if self.s.deck.draw.is_empty() {
            let mut pile = std::mem::take(&mut self.s.deck.discard);
            cards::shuffle(&mut pile, derive_seed(self.s.seed, SALT_SHUFFLE, self.s.deck.shuffles));
            self.s.deck.shuffles += 1;
            self.s.deck.draw = pile;
        }
        self.s.deck.draw.pop().ok_or(Error::DeckEmpty)
    }

    /// Takes a typed card out of the deck or the discards (a real deck may have been
    /// reshuffled by hand); a card already dealt this round is refused.
    fn take(&mut self, card: Card) -> Result<(), Error> {
        let deck = &mut self.s.deck;
        if let Some(i) = deck.draw.iter().position(|c| *c == card) {
            deck.draw.remove(i);
            return Ok(());
        }
        if let Some(i) = deck.discard.iter().position(|c| *c == card) {
            deck.discard.remove(i);
            return Ok(());
        }
        Err(Error::CardTaken(card.label()))
    }
}

fn draw_error(name: String, e: DrawError, rule: DrawRule, drawn: usize) -> Error {
    match e {
        DrawError::NeedsMore => {
            let first = usize::try_from(rule.draws).unwrap_or(1).max(1);
            if drawn < first {
                Error::NeedsMoreCards(name, first - drawn, format!("it draws {first} and keeps one"))
            } else {
                Error::NeedsMoreCards(name, 1, "Quick redraws a card of 5 or lower".to_owned())
            }
        }
        DrawError::TooMany { used } => Error::TooManyCards(name, used),
    }
}

/// A new round: cards back, a shuffle after a Joker, each unit's cards.
pub(super) fn deal(g: &mut Apply<'_>, typed: &BTreeMap<String, Vec<Card>>) -> Result<(), Error> {
    // The last round's cards go to the discards, or the whole deck is shuffled after a Joker.
    let reshuffled = g.s.deck.joker_dealt;
    for u in &mut g.s.units {
        g.s.deck.discard.append(&mut u.drawn);
        u.card = None;
        u.acted = false;
        for m in &mut u.members {
            m.free_actions_only = false;
        }
    }
    if reshuffled {
        g.shuffle_all();
        g.s.deck.joker_dealt = false;
    }
    g.s.round += 1;
    g.s.waiting.clear();
    let dealt: Vec<String> = g.s.to_deal().iter().map(|u| u.id.clone()).collect();
    for id in typed.keys() {
        let u = g.s.unit_ref(id)?;
        if !dealt.contains(id) {
            return Err(Error::NotDealt(u.combatant.name.clone()));
        }
    }
    // Typed cards first, so Posse's draws cannot take them.
    for (id, cards) in typed {
        let rule = g.s.draw_rule(g.rules, id);
        let name = g.s.unit_ref(id)?.combatant.name.clone();
        rule.kept(cards).map_err(|e| draw_error(name, e, rule, cards.len()))?;
        for &card in cards {
            g.take(card)?;
        }
    }
    let mut lines = Vec::new();
    for id in &dealt {
        let rule = g.s.draw_rule(g.rules, id);
        let drawn = if let Some(cards) = typed.get(id) {
            cards.clone()
        } else {
            let mut cards = Vec::new();
            while rule.still_needed(&cards) > 0 {
                cards.push(g.draw_top()?);
            }
            cards
        };
        let kept = rule.kept(&drawn).map_err(|_| Error::DeckEmpty)?;
        if drawn.iter().any(|c| c.is_joker()) {
            g.s.deck.joker_dealt = true;
        }
        let u = g.s.unit_mut(id)?;
        let mut line = format!("{} {}", u.combatant.name, kept.label());
        if drawn.len() > 1 {
            let all: Vec<String> = drawn.iter().map(|c| c.label()).collect();
            let _ = write!(line, " (from {})", all.join(" "));
        }
        u.card = Some(kept);
        u.drawn = drawn;
        lines.push(line);
    }
    let mut said = format!("Round {}", g.s.round);
    if reshuffled {
        said.push_str(" (deck shuffled after the Joker)");
    }
    let _ =
        write!(said, ": {}", if lines.is_empty() { "no one dealt in".to_owned() } else { lines.join(", ") });
    let held: Vec<String> =
        g.s.units.iter().filter(|u| u.on_hold && u.in_fight()).map(|u| u.combatant.name.clone()).collect();
    if !held.is_empty() {
        let _ = write!(said, "; still on hold: {}", held.join(", "));
    }
    if g.s.deck.joker_dealt {
        said.push_str("; a Joker is out: the deck is shuffled after this round");
    }
    if g.s.automation.bleeding_out {
        let mut bleeding = Vec::new();
        for u in &g.s.units {
            for (i, m) in u.members.iter().enumerate() {
                if m.bleeding_out {
                    bleeding.push(super::MemberRef::new(&u.id, u32::try_from(i).unwrap_or(0)));
                }
            }
        }
        if !bleeding.is_empty() {
            let names: Vec<String> = bleeding.iter().map(|m| g.s.name(m)).collect();
            let _ = write!(said, "; Bleeding Out roll for {}", names.join(", "));
            g.s.prompts.extend(bleeding.into_iter().map(Prompt::BleedingOut));
        }
    }
    g.s.said = said;
    Ok(())
}
