//! The action deck: the order cards act in, reading typed cards (with "JK" for a joker), and
//! which card a combatant keeps under Quick, Level Headed and Hesitant.
//!
//! Jokers act first (whenever their holder likes); then Ace high down to 2; equal ranks by
//! suit, spades, hearts, diamonds, clubs.

use std::cmp::Ordering;

use serde::Serialize;

use crate::kernel::cards::{BadCard, Card, Colour, Rank, Suit};

use super::combatant::{Combatant, InitiativeEdge};
use super::data::Rules;

/// The 54 cards of the action deck, in a fixed order (spades, hearts, diamonds, clubs from 2
/// to Ace, then the red and the black Joker).
#[must_use]
pub fn full_deck() -> Vec<Card> {
    let mut deck = Vec::with_capacity(54);
    for suit in [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs] {
        for value in 2..=14 {
            if let Some(rank) = Rank::new(value) {
                deck.push(Card::new(rank, suit));
            }
        }
    }
    deck.push(Card::Joker(Colour::Red));
    deck.push(Card::Joker(Colour::Black));
    deck
}

/// How early a card acts: higher first. Jokers top the order (red before black, though both
/// act whenever they like), then rank, then suit.
#[must_use]
pub fn precedence(card: Card) -> u32 {
    match card {
        Card::Joker(Colour::Red) => 100,
        Card::Joker(Colour::Black) => 99,
        Card::Suited { rank, suit } => {
            let suit_rank = match suit {
                Suit::Spades => 3,
                Suit::Hearts => 2,
                Suit::Diamonds => 1,
                Suit::Clubs => 0,
            };
            u32::from(rank.value()) * 4 + suit_rank
        }
    }
}

/// Orders two cards: `Less` when `a` acts before `b`.
#[must_use]
pub fn acts_before(a: Card, b: Card) -> Ordering {
    precedence(b).cmp(&precedence(a))
}

/// Reads one card; `JK` (or `joker`) is whichever joker is not in `taken` yet (red first).
///
/// # Errors
/// Text that is not a card, or a third joker.
pub fn parse_card(text: &str, taken: &[Card]) -> Result<Card, BadCard> {
    let code = text.trim().to_ascii_uppercase();
    if code == "JK" || code == "JOKER" {
        return [Card::Joker(Colour::Red), Card::Joker(Colour::Black)]
            .into_iter()
            .find(|j| !taken.contains(j))
            .ok_or_else(|| BadCard(text.to_owned()));
    }
    text.parse()
}

/// How a combatant draws its card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct DrawRule {
    /// Cards in the first draw.
    pub draws: u32,
    /// Keep the lowest card (Hesitant) instead of the best.
    pub keep_lowest: bool,
    /// Quick: redraw a kept card of this rank or lower until it is above it.
    pub quick_at_most: Option<u8>,
}

impl DrawRule {
    /// One card, kept.
    pub const PLAIN: DrawRule = DrawRule { draws: 1, keep_lowest: false, quick_at_most: None };

    /// The rule for a combatant's Edges and Hindrances.
    #[must_use]
    pub fn of(rules: &Rules, combatant: &Combatant) -> DrawRule {
        let i = &rules.core.initiative;
        let (draws, keep_lowest) = if combatant.has(InitiativeEdge::ImprovedLevelHeaded) {
            (i.improved_level_headed_draws, false)
        } else if combatant.has(InitiativeEdge::LevelHeaded) {
            (i.level_headed_draws, false)
        } else if combatant.has(InitiativeEdge::Hesitant) {
            (i.hesitant_draws, true)
        } else {
            (1, false)
        };
        let quick_at_most = combatant.has(InitiativeEdge::Quick).then_some(i.quick_redraw_at_most);
        DrawRule { draws, keep_lowest, quick_at_most }
    }

    /// Whether Quick makes this kept card be redrawn.
    #[must_use]
    pub fn redraws(&self, kept: Card) -> bool {
        match (self.quick_at_most, kept) {
            (Some(at_most), Card::Suited { rank, .. }) => rank.value() <= at_most,
            _ => false,
        }
    }

    /// The card kept from a first draw.
    #[must_use]
    pub fn keep(&self, cards: &[Card]) -> Option<Card> {
        if self.keep_lowest {
            // A Joker is always kept.
            if let Some(joker) = cards.iter().copied().find(|c| c.is_joker()) {
                return Some(joker);
            }
            cards.iter().copied().min_by_key(|c| precedence(*c))
        } else {
            cards.iter().copied().max_by_key(|c| precedence(*c))
        }
    }

    /// How many more cards a combatant needs after drawing `drawn` (0 when done).
    #[must_use]
    pub fn still_needed(&self, drawn: &[Card]) -> usize {
        let first = usize::try_from(self.draws).unwrap_or(1).max(1);
        if drawn.len() < first {
            return first - drawn.len();
        }
        match self.kept(drawn) {
            Err(DrawError::NeedsMore) => 1,
            Ok(_) | Err(DrawError::TooMany { .. }) => 0,
        }
    }

    /// The card kept from a whole draw, in the order the cards came: the first draw, then
    /// each Quick redraw.
    ///
    /// # Errors
    /// Too few cards (Quick must redraw, or the first draw is short) or too many.
    pub fn kept(&self, drawn: &[Card]) -> Result<Card, DrawError> {
        let first = usize::try_from(self.draws).unwrap_or(1).max(1);
        let Some(opening) = drawn.get(..first) else { return Err(DrawError::NeedsMore) };
        let mut kept = self.keep(opening).ok_or(DrawError::NeedsMore)?;
        let mut used = first;
        while self.redraws(kept) {
            let Some(&next) = drawn.get(used) else { return Err(DrawError::NeedsMore) };
            kept = next;
            used += 1;
        }
        if used < drawn.len() {
            return Err(DrawError::TooMany { used });
        }
        Ok(kept)
    }
}

/// A draw that does not follow its rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawError {
    /// Another card must be drawn.
    NeedsMore,
    /// Only the first `used` cards were needed.
    TooMany { used: usize },
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::systems::savage::rules::data::embedded;

    fn cards(text: &str) -> Vec<Card> {
        let mut out = Vec::new();
        for code in text.split_whitespace() {
            let card = parse_card(code, &out).expect("card");
            out.push(card);
        }
        out
    }

    fn check_order(text: &str, expected: &str) {
        let mut list = cards(text);
        list.sort_by(|a, b| acts_before(*a, *b));
        let got: Vec<String> = list.iter().map(ToString::to_string).collect();
        assert_eq!(got.join(" "), expected);
    }

    #[test]
    fn order_is_jokers_then_ace_down_then_suit() {
        check_order("2C QH QS JK AD 10D 10C JK", "RJ BJ AD QS QH 10D 10C 2C");
        check_order("5H 5S 5C 5D", "5S 5H 5D 5C");
    }

    #[test]
    fn a_third_joker_is_refused() {
        let two = cards("JK JK");
        assert_eq!(two, vec![Card::Joker(Colour::Red), Card::Joker(Colour::Black)]);
        assert!(parse_card("JK", &two).is_err());
        assert_eq!(parse_card("bj", &[]), Ok(Card::Joker(Colour::Black)));
    }

    #[test]
    fn the_deck_has_54_different_cards() {
        let deck = full_deck();
        assert_eq!(deck.len(), 54);
        for (i, c) in deck.iter().enumerate() {
            assert!(!deck.iter().skip(i + 1).any(|d| d == c));
        }
    }

    fn rule(edges: &[InitiativeEdge]) -> DrawRule {
        let rules = embedded().expect("data");
        let mut c = rules.bestiary.first().cloned().expect("bestiary");
        c.initiative = edges.to_vec();
        DrawRule::of(rules, &c)
    }

    fn check_kept(edges: &[InitiativeEdge], drawn: &str, expected: Result<&str, DrawError>) {
        let got = rule(edges).kept(&cards(drawn)).map(|c| c.to_string());
        assert_eq!(got, expected.map(str::to_owned), "{edges:?} {drawn}");
    }

    #[test]
    fn edges_choose_the_card_kept() {
        use InitiativeEdge::{Hesitant, ImprovedLevelHeaded, LevelHeaded, Quick};
        check_kept(&[], "7H", Ok("7H"));
        check_kept(&[], "7H 8H", Err(DrawError::TooMany { used: 1 }));
        check_kept(&[Quick], "3S 2C 9D", Ok("9D"));
        check_kept(&[Quick], "5S 6C", Ok("6C"));
        check_kept(&[Quick], "4S", Err(DrawError::NeedsMore));
        check_kept(&[Quick], "6S", Ok("6S"));
        check_kept(&[LevelHeaded], "4S KD", Ok("KD"));
        check_kept(&[LevelHeaded], "4S", Err(DrawError::NeedsMore));
        check_kept(&[ImprovedLevelHeaded], "4S 7D 6C", Ok("7D"));
        check_kept(&[LevelHeaded, Quick], "4S 3D 8C", Ok("8C"));
        check_kept(&[LevelHeaded, Quick], "4S 9D", Ok("9D"));
        check_kept(&[Hesitant], "QS 4D", Ok("4D"));
        check_kept(&[Hesitant], "QS BJ", Ok("BJ"));
        check_kept(&[Quick], "JK", Ok("RJ"));
    }

    #[test]
    fn still_needed_counts_cards_to_draw() {
        use InitiativeEdge::{LevelHeaded, Quick};
        assert_eq!(rule(&[LevelHeaded]).still_needed(&[]), 2);
        assert_eq!(rule(&[LevelHeaded]).still_needed(&cards("3S")), 1);
        assert_eq!(rule(&[Quick]).still_needed(&cards("3S")), 1);
        assert_eq!(rule(&[Quick]).still_needed(&cards("3S 7S")), 0);
    }
}
