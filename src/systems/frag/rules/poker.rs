//! Poker hands for who goes first.
//!
//! Every Frag card carries a playing-card suit and rank. At set-up each player's five cards
//! are ranked as a poker hand (the standard ranks; the booklet's list is garbled by the scan,
//! reading R3), jokers wild: a joker stands for whichever card gives the best hand. Hands of
//! the same rank go by the usual poker order (the rank of the sets, then the kickers); a full
//! tie at the top is settled by a d6 roll between the tied players.
//!
//! Frag decks hold more than 52 cards, so a hand may hold the same card twice, and a joker may
//! stand for a card already in the hand (reading R3).

use crate::kernel::cards::{BadCard, Card, Rank, Suit};
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

/// A card in a poker hand: a kernel card (including `RJ`/`BJ`), or a joker typed as `JK`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PokerCard {
    Card(Card),
    /// A joker of no stated colour (`JK`).
    Joker,
}

impl PokerCard {
    /// Whether the card is wild.
    #[must_use]
    pub fn is_wild(self) -> bool {
        matches!(self, PokerCard::Joker | PokerCard::Card(Card::Joker(_)))
    }

    /// The card as shown to players.
    #[must_use]
    pub fn label(self) -> String {
        match self {
            PokerCard::Card(card) => card.label(),
            PokerCard::Joker => "Joker".into(),
        }
    }
}

impl fmt::Display for PokerCard {
    /// The card code: `10H`, `AS`, `RJ`, `BJ` or `JK`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PokerCard::Card(card) => card.fmt(f),
            PokerCard::Joker => f.write_str("JK"),
        }
    }
}

/// A card code that could not be read, with the joker spelling added.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{text}' is not a card: write the rank then the suit, like 7S, 10H, QD or AC, or JK for a joker{several}", text = .0, several = crate::kernel::cards::several_cards(&.0))]
pub struct BadPokerCard(pub String);

impl FromStr for PokerCard {
    type Err = BadPokerCard;

    fn from_str(text: &str) -> Result<PokerCard, BadPokerCard> {
        let code = text.trim().to_ascii_uppercase();
        if code == "JK" || code == "JOKER" {
            return Ok(PokerCard::Joker);
        }
        code.parse::<Card>().map(PokerCard::Card).map_err(|BadCard(_)| BadPokerCard(text.trim().to_owned()))
    }
}

impl Serialize for PokerCard {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for PokerCard {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<PokerCard, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// The standard poker ranks, worst first (so `Ord` orders them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum HandRank {
    HighCard,
    OnePair,
    TwoPair,
    ThreeOfAKind,
    Straight,
    Flush,
    FullHouse,
    FourOfAKind,
    StraightFlush,
    RoyalFlush,
}

impl HandRank {
    /// The id used on the command line.
    #[must_use]
    pub fn id(self) -> &'static str {
        match self {
            HandRank::HighCard => "high_card",
            HandRank::OnePair => "one_pair",
            HandRank::TwoPair => "two_pair",
            HandRank::ThreeOfAKind => "three_of_a_kind",
            HandRank::Straight => "straight",
            HandRank::Flush => "flush",
            HandRank::FullHouse => "full_house",
            HandRank::FourOfAKind => "four_of_a_kind",
            HandRank::StraightFlush => "straight_flush",
            HandRank::RoyalFlush => "royal_flush",
        }
    }

    /// The rank in words.
    #[must_use]
    pub fn title(self) -> &'static str {
        match self {
            HandRank::HighCard => "high card",
            HandRank::OnePair => "one pair",
            HandRank::TwoPair => "two pair",
            HandRank::ThreeOfAKind => "three of a kind",
            HandRank::Straight => "straight",
            HandRank::Flush => "flush",
            HandRank::FullHouse => "full house",
            HandRank::FourOfAKind => "four of a kind",
            HandRank::StraightFlush => "straight flush",
            HandRank::RoyalFlush => "royal flush",
        }
    }
}

/// A hand's strength: its rank, then the card values that break ties, most important first.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct HandValue {
    pub rank: HandRank,
    pub tiebreak: Vec<u8>,
}

/// A hand that is not five cards.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a poker hand is {expected} cards, not {found}")]
pub struct WrongSize {
    pub expected: usize,
    pub found: usize,
}

/// The best value of five cards, jokers standing for whatever is best.
///
/// # Errors
/// When there are not exactly five cards.
pub fn evaluate(cards: &[PokerCard]) -> Result<HandValue, WrongSize> {
    if cards.len() != 5 {
        return Err(WrongSize { expected: 5, found: cards.len() });
    }
    let mut ranks = Vec::with_capacity(5);
    let mut suits = Vec::with_capacity(5);
    for card in cards {
        if let PokerCard::Card(Card::Suited { rank, suit }) = card {
            ranks.push(rank.value());
            suits.push(*suit);
        }
    }
    let wild = 5 - ranks.len();
    // Jokers take the suit of the other cards when they all share one: a flush never makes a
    // hand worse, since the best category a hand meets is the one it counts as.
    let flush = suits.windows(2).all(|w| w[0] == w[1]);
    let mut best: Option<HandValue> = None;
    let mut choice = vec![2u8; wild];
    loop {
        let mut all = ranks.clone();
        all.extend_from_slice(&choice);
        let value = value_of(&all, flush);
        if best.as_ref().is_none_or(|b| value > *b) {
            best = Some(value);
        }
        // Next multiset of joker ranks (non-decreasing sequences over 2..=14).
        let Some(i) = choice.iter().rposition(|&r| r < 14) else { break };
        let next = choice[i] + 1;
        for slot in &mut choice[i..] {
            *slot = next;
        }
    }
    Ok(best.unwrap_or(HandValue { rank: HandRank::HighCard, tiebreak: Vec::new() }))
}

/// The value of five ranks (2–14), all of one suit when `flush`.
fn value_of(ranks: &[u8], flush: bool) -> HandValue {
    // Groups of equal ranks: biggest group first, then the higher rank.
    let mut counts: Vec<(u8, u8)> = Vec::new();
    for &r in ranks {
        match counts.iter_mut().find(|(rank, _)| *rank == r) {
            Some((_, n)) => *n += 1,
            None => counts.push((r, 1)),
        }
    }
    counts.sort_by(|a, b| b.1.cmp(&a.1).then(b.0.cmp(&a.0)));
    let straight_top = straight_top(ranks);
    let grouped: Vec<u8> =
        counts.iter().flat_map(|&(rank, n)| std::iter::repeat_n(rank, usize::from(n))).collect();
    let mut desc = ranks.to_vec();
    desc.sort_unstable_by(|a, b| b.cmp(a));
    let shape: Vec<u8> = counts.iter().map(|&(_, n)| n).collect();
    let (rank, tiebreak) = match (straight_top, flush) {
        (Some(14), true) => (HandRank::RoyalFlush, vec![14]),
        (Some(top), true) => (HandRank::StraightFlush, vec![top]),
        _ if shape[0] >= 4 => (HandRank::FourOfAKind, quads_tiebreak(&counts)),
        _ if shape == [3, 2] => (HandRank::FullHouse, vec![counts[0].0, counts[1].0]),
        (_, true) => (HandRank::Flush, desc),
        (Some(top), false) => (HandRank::Straight, vec![top]),
        _ if shape[0] == 3 => (HandRank::ThreeOfAKind, grouped),
        _ if shape.starts_with(&[2, 2]) => (HandRank::TwoPair, grouped),
        _ if shape[0] == 2 => (HandRank::OnePair, grouped),
        _ => (HandRank::HighCard, desc),
    };
    HandValue { rank, tiebreak }
}

/// Four of a kind (or five, with jokers): the set's rank, then the fifth card.
fn quads_tiebreak(counts: &[(u8, u8)]) -> Vec<u8> {
    let set = counts[0].0;
    let kicker = counts.get(1).map_or(set, |&(rank, _)| rank);
    vec![set, kicker]
}

/// The top card of a straight in `ranks`, if they make one (A-2-3-4-5 is 5 high).
fn straight_top(ranks: &[u8]) -> Option<u8> {
    let mut sorted = ranks.to_vec();
    sorted.sort_unstable();
    if sorted.windows(2).any(|w| w[0] == w[1]) {
        return None;
    }
    if sorted == [2, 3, 4, 5, 14] {
        return Some(5);
    }
    (sorted[4] - sorted[0] == 4).then_some(sorted[4])
}

/// One player's ranked hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RankedHand {
    pub player: String,
    pub rank: HandRank,
    pub cards: Vec<PokerCard>,
    #[serde(skip)]
    pub value: HandValue,
}

/// Who goes first: every hand ranked, the winner, or the players tied at the top.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Showdown {
    /// The hands in the order given.
    pub hands: Vec<RankedHand>,
    /// The single best hand's player, or `None` on a tie.
    pub first: Option<String>,
    /// The players tied for the best hand (empty when one hand is best): they roll a d6.
    pub tied: Vec<String>,
}

/// Ranks every player's hand and finds who goes first.
///
/// # Errors
/// A hand that is not five cards, with the player's name.
pub fn showdown(hands: &[(String, Vec<PokerCard>)]) -> Result<Showdown, (String, WrongSize)> {
    let ranked: Vec<RankedHand> = hands
        .iter()
        .map(|(player, cards)| {
            let value = evaluate(cards).map_err(|e| (player.clone(), e))?;
            Ok(RankedHand { player: player.clone(), rank: value.rank, cards: cards.clone(), value })
        })
        .collect::<Result<_, _>>()?;
    let top: Vec<&RankedHand> = match ranked.iter().map(|h| &h.value).max() {
        Some(best) => ranked.iter().filter(|h| h.value.cmp(best) == Ordering::Equal).collect(),
        None => Vec::new(),
    };
    let (first, tied) = match top.as_slice() {
        [only] => (Some(only.player.clone()), Vec::new()),
        many => (None, many.iter().map(|h| h.player.clone()).collect()),
    };
    Ok(Showdown { hands: ranked, first, tied })
}

/// A full 52-card deck plus `jokers` jokers (alternately red and black), for dealing hands.
#[must_use]
pub fn deck(jokers: usize) -> Vec<Card> {
    let mut cards: Vec<Card> = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs]
        .into_iter()
        .flat_map(|suit| Rank::numbers().chain(Rank::faces()).map(move |rank| Card::new(rank, suit)))
        .collect();
    for i in 0..jokers {
        let colour =
            if i % 2 == 0 { crate::kernel::cards::Colour::Red } else { crate::kernel::cards::Colour::Black };
        cards.push(Card::Joker(colour));
    }
    cards
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hand(text: &str) -> Vec<PokerCard> {
        text.split(',').map(|c| c.parse().expect("card")).collect()
    }

    fn check(text: &str, rank: HandRank, tiebreak: &[u8]) {
        let value = evaluate(&hand(text)).expect("five cards");
        assert_eq!((value.rank, value.tiebreak.as_slice()), (rank, tiebreak), "{text}");
    }

    #[test]
    fn the_ten_ranks() {
        check("AS,KS,QS,JS,10S", HandRank::RoyalFlush, &[14]);
        check("9H,KH,QH,JH,10H", HandRank::StraightFlush, &[13]);
        check("AD,2D,3D,4D,5D", HandRank::StraightFlush, &[5]);
        check("7S,7H,7D,7C,2S", HandRank::FourOfAKind, &[7, 2]);
        check("7S,7H,7D,2C,2S", HandRank::FullHouse, &[7, 2]);
        check("2C,9C,JC,4C,KC", HandRank::Flush, &[13, 11, 9, 4, 2]);
        check("5S,6H,7D,8C,9S", HandRank::Straight, &[9]);
        check("AS,2H,3D,4C,5S", HandRank::Straight, &[5]);
        check("QS,KH,AD,2C,3S", HandRank::HighCard, &[14, 13, 12, 3, 2]);
        check("7S,7H,7D,KC,2S", HandRank::ThreeOfAKind, &[7, 7, 7, 13, 2]);
        check("7S,7H,KD,KC,2S", HandRank::TwoPair, &[13, 13, 7, 7, 2]);
        check("7S,7H,KD,QC,2S", HandRank::OnePair, &[7, 7, 13, 12, 2]);
        check("7S,9H,KD,QC,2S", HandRank::HighCard, &[13, 12, 9, 7, 2]);
    }

    #[test]
    fn jokers_make_the_best_hand() {
        check("JK,KS,QS,JS,10S", HandRank::RoyalFlush, &[14]);
        check("RJ,BJ,QS,JS,10S", HandRank::RoyalFlush, &[14]);
        check("JK,JK,JK,JK,JK", HandRank::RoyalFlush, &[14]);
        check("JK,7H,7D,2C,2S", HandRank::FullHouse, &[7, 2]);
        check("JK,7H,7D,7C,2S", HandRank::FourOfAKind, &[7, 2]);
        check("JK,2H,9D,KC,5S", HandRank::OnePair, &[13, 13, 9, 5, 2]);
        check("JK,2H,3D,4C,5S", HandRank::Straight, &[6]);
        check("JK,2H,9H,KH,5H", HandRank::Flush, &[14, 13, 9, 5, 2]);
        check("JK,JK,2H,9D,KC", HandRank::ThreeOfAKind, &[13, 13, 13, 9, 2]);
        // Four aces and a joker: the joker is a fifth ace, the best kicker there is.
        check("JK,AH,AD,AC,AS", HandRank::FourOfAKind, &[14, 14]);
    }

    fn first(hands: &[(&str, &str)]) -> (Option<String>, Vec<String>) {
        let hands: Vec<(String, Vec<PokerCard>)> =
            hands.iter().map(|(p, h)| ((*p).into(), hand(h))).collect();
        let s = showdown(&hands).expect("hands");
        (s.first, s.tied)
    }

    #[test]
    fn who_goes_first() {
        assert_eq!(
            first(&[("Ann", "AS,KS,QS,JS,10S"), ("Bob", "7S,7H,7D,7C,2S")]),
            (Some("Ann".into()), vec![])
        );
        // Same rank: the higher pair wins; then the kickers.
        assert_eq!(
            first(&[("Ann", "7S,7H,KD,QC,2S"), ("Bob", "8S,8H,3D,4C,2D")]),
            (Some("Bob".into()), vec![])
        );
        assert_eq!(
            first(&[("Ann", "7S,7H,KD,QC,3S"), ("Bob", "7D,7C,KS,QH,2D")]),
            (Some("Ann".into()), vec![])
        );
        // A wheel loses to a six-high straight.
        assert_eq!(
            first(&[("Ann", "AS,2H,3D,4C,5S"), ("Bob", "2S,3H,4D,5C,6S")]),
            (Some("Bob".into()), vec![])
        );
        // A full tie: the same ranks in other suits.
        assert_eq!(
            first(&[("Ann", "7S,7H,KD,QC,3S"), ("Bob", "7D,7C,KS,QH,3D"), ("Cy", "2S,4H,6D,8C,10S")]),
            (None, vec!["Ann".into(), "Bob".into()])
        );
    }

    #[test]
    fn card_codes() {
        assert_eq!("jk".parse::<PokerCard>(), Ok(PokerCard::Joker));
        assert_eq!("RJ".parse::<PokerCard>().map(PokerCard::is_wild), Ok(true));
        assert_eq!("10h".parse::<PokerCard>().map(|c| c.to_string()), Ok("10H".into()));
        assert_eq!("1S".parse::<PokerCard>(), Err(BadPokerCard("1S".into())));
        assert_eq!(evaluate(&hand("AS,KS")), Err(WrongSize { expected: 5, found: 2 }));
        assert_eq!(deck(2).len(), 54);
    }
}
