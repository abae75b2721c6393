//! Physical cards: a rank and a suit, or one of the two jokers, read and written as players
//! type them (`7S`, `10H`, `QD`, `RJ`), drawn from the top of a deck and shuffled from a seed.
//! Every system that uses a deck builds on these; what a card *means* is the system's.

use rand::SeedableRng as _;
use rand::rngs::StdRng;
use rand::seq::SliceRandom as _;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A card colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Colour {
    Red,
    Black,
}

impl Colour {
    /// The other colour.
    #[must_use]
    pub fn other(self) -> Colour {
        match self {
            Colour::Red => Colour::Black,
            Colour::Black => Colour::Red,
        }
    }

    /// The id used on the command line.
    #[must_use]
    pub fn id(self) -> &'static str {
        match self {
            Colour::Red => "red",
            Colour::Black => "black",
        }
    }

    /// The two suits of this colour, in the order decks use them.
    #[must_use]
    pub fn suits(self) -> [Suit; 2] {
        match self {
            Colour::Red => [Suit::Hearts, Suit::Diamonds],
            Colour::Black => [Suit::Spades, Suit::Clubs],
        }
    }
}

/// A suit. Serialized as its letter: `S`, `H`, `D`, `C`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Suit {
    #[serde(rename = "S")]
    Spades,
    #[serde(rename = "H")]
    Hearts,
    #[serde(rename = "D")]
    Diamonds,
    #[serde(rename = "C")]
    Clubs,
}

impl Suit {
    /// The suit's letter in card codes.
    #[must_use]
    pub fn letter(self) -> char {
        match self {
            Suit::Spades => 'S',
            Suit::Hearts => 'H',
            Suit::Diamonds => 'D',
            Suit::Clubs => 'C',
        }
    }

    /// The suit's symbol: ♠ ♥ ♦ ♣.
    #[must_use]
    pub fn symbol(self) -> char {
        match self {
            Suit::Spades => '♠',
            Suit::Hearts => '♥',
            Suit::Diamonds => '♦',
            Suit::Clubs => '♣',
        }
    }

    /// The suit's colour.
    #[must_use]
    pub fn colour(self) -> Colour {
        match self {
            Suit::Hearts | Suit::Diamonds => Colour::Red,
            Suit::Spades | Suit::Clubs => Colour::Black,
        }
    }

    /// The other suit of the same colour.
    #[must_use]
    pub fn partner(self) -> Suit {
        match self {
            Suit::Spades => Suit::Clubs,
            Suit::Clubs => Suit::Spades,
            Suit::Hearts => Suit::Diamonds,
            Suit::Diamonds => Suit::Hearts,
        }
    }

    fn from_char(c: char) -> Option<Suit> {
        match c.to_ascii_uppercase() {
            'S' | '♠' => Some(Suit::Spades),
            'H' | '♥' => Some(Suit::Hearts),
            'D' | '♦' => Some(Suit::Diamonds),
            'C' | '♣' => Some(Suit::Clubs),
            _ => None,
        }
    }
}

/// A rank from 2 to 14 (J 11, Q 12, K 13, A 14).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rank(u8);

impl Rank {
    pub const JACK: Rank = Rank(11);
    pub const QUEEN: Rank = Rank(12);
    pub const KING: Rank = Rank(13);
    pub const ACE: Rank = Rank(14);

    /// A rank from its number (2–14), if valid.
    #[must_use]
    pub fn new(value: u8) -> Option<Rank> {
        (2..=14).contains(&value).then_some(Rank(value))
    }

    /// The number cards 2 to 10.
    pub fn numbers() -> impl Iterator<Item = Rank> {
        (2..=10).map(Rank)
    }

    /// J, Q, K, A.
    pub fn faces() -> impl Iterator<Item = Rank> {
        (11..=14).map(Rank)
    }

    /// The rank's number, 2–14.
    #[must_use]
    pub fn value(self) -> u8 {
        self.0
    }

    /// Whether this is a number card (2–10), whose text is the same in every suit.
    #[must_use]
    pub fn is_number(self) -> bool {
        self.0 <= 10
    }

    /// The rank as written on the card: `2`–`10`, `J`, `Q`, `K`, `A`.
    #[must_use]
    pub fn code(self) -> String {
        match self.0 {
            11 => "J".into(),
            12 => "Q".into(),
            13 => "K".into(),
            14 => "A".into(),
            n => n.to_string(),
        }
    }
}

/// One physical card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Card {
    Suited { rank: Rank, suit: Suit },
    Joker(Colour),
}

impl Card {
    /// A suited card.
    #[must_use]
    pub fn new(rank: Rank, suit: Suit) -> Card {
        Card::Suited { rank, suit }
    }

    /// The value for initiative and trumping: 2–14, and 0 for a joker (reading A01).
    #[must_use]
    pub fn value(self) -> u8 {
        match self {
            Card::Suited { rank, .. } => rank.value(),
            Card::Joker(_) => 0,
        }
    }

    /// Whether the card is a joker.
    #[must_use]
    pub fn is_joker(self) -> bool {
        matches!(self, Card::Joker(_))
    }

    /// The card's colour.
    #[must_use]
    pub fn colour(self) -> Colour {
        match self {
            Card::Suited { suit, .. } => suit.colour(),
            Card::Joker(colour) => colour,
        }
    }

    /// Whether `other` trumps this card: the same value, and joker only by joker (A04b).
    #[must_use]
    pub fn is_trumped_by(self, other: Card) -> bool {
        self.value() == other.value()
    }

    /// The card as shown to players: `10♥`, `A♠`, `Red Joker`.
    #[must_use]
    pub fn label(self) -> String {
        match self {
            Card::Suited { rank, suit } => format!("{}{}", rank.code(), suit.symbol()),
            Card::Joker(Colour::Red) => "Red Joker".into(),
            Card::Joker(Colour::Black) => "Black Joker".into(),
        }
    }
}

impl fmt::Display for Card {
    /// The card code: rank then suit letter (`10H`, `AS`), or `RJ` / `BJ`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Card::Suited { rank, suit } => write!(f, "{}{}", rank.code(), suit.letter()),
            Card::Joker(Colour::Red) => f.write_str("RJ"),
            Card::Joker(Colour::Black) => f.write_str("BJ"),
        }
    }
}

/// A card code that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{text}' is not a card: write the rank then the suit, like 7S, 10H, QD or AC, or RJ / BJ for a joker{several}", text = .0, several = several_cards(&.0))]
pub struct BadCard(pub String);

/// What a refusal of `text` as one card adds when it holds several cards without the commas
/// between them ("AS KS QS"): how to separate them.
#[must_use]
pub fn several_cards(text: &str) -> &'static str {
    if text.trim().contains(char::is_whitespace) { " (separate the cards with commas)" } else { "" }
}

impl FromStr for Card {
    type Err = BadCard;

    fn from_str(text: &str) -> Result<Card, BadCard> {
        let bad = || BadCard(text.to_owned());
        let code = text.trim().to_ascii_uppercase();
        match code.as_str() {
            "RJ" | "RED JOKER" => return Ok(Card::Joker(Colour::Red)),
            "BJ" | "BLACK JOKER" => return Ok(Card::Joker(Colour::Black)),
            _ => {}
        }
        let suit_char = code.chars().last().ok_or_else(bad)?;
        let suit = Suit::from_char(suit_char).ok_or_else(bad)?;
        let rank_text = &code[..code.len() - suit_char.len_utf8()];
        let value = match rank_text {
            // T is ten in the poker notation many players write.
            "T" => 10,
            "J" => 11,
            "Q" => 12,
            "K" => 13,
            "A" => 14,
            n => n.parse::<u8>().ok().filter(|n| (2..=10).contains(n)).ok_or_else(bad)?,
        };
        Rank::new(value).map(|rank| Card::new(rank, suit)).ok_or_else(bad)
    }
}

impl Serialize for Card {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Card, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// Takes `n` cards from the top of `deck` (its end), or fewer if it runs out.
pub fn draw(deck: &mut Vec<Card>, n: usize) -> Vec<Card> {
    let keep = deck.len().saturating_sub(n);
    let mut drawn = deck.split_off(keep);
    drawn.reverse();
    drawn
}

/// Shuffles `cards` in place from `seed`; the same seed always gives the same order.
pub fn shuffle(cards: &mut [Card], seed: u64) {
    let mut rng = StdRng::seed_from_u64(seed);
    cards.shuffle(&mut rng);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ten_is_also_t_and_several_cards_are_told_to_use_commas() {
        assert_eq!("TD".parse::<Card>(), "10D".parse::<Card>());
        assert_eq!("t♦".parse::<Card>().map(|c| c.to_string()), Ok("10D".to_owned()));
        assert_eq!(
            "AS KS".parse::<Card>().map_err(|e| e.to_string()),
            Err("'AS KS' is not a card: write the rank then the suit, like 7S, 10H, QD or AC, or RJ / BJ for a joker (separate the cards with commas)".to_owned())
        );
        assert_eq!(
            "ZZ".parse::<Card>().map_err(|e| e.to_string()),
            Err("'ZZ' is not a card: write the rank then the suit, like 7S, 10H, QD or AC, or RJ / BJ for a joker".to_owned())
        );
    }

    #[test]
    fn card_codes_round_trip_and_reject_nonsense() {
        for code in ["2S", "10H", "JD", "QC", "KS", "AH", "RJ", "BJ"] {
            let card: Card = code.parse().expect(code);
            assert_eq!(card.to_string(), code);
        }
        assert_eq!("10♥".parse::<Card>().expect("symbol"), "10H".parse().expect("code"));
        assert_eq!("ah".parse::<Card>().expect("lower"), "AH".parse().expect("code"));
        for bad in ["", "1S", "11H", "ZZ", "10", "AX", "J"] {
            assert!(bad.parse::<Card>().is_err(), "{bad}");
        }
    }

    #[test]
    fn jokers_are_lowest_and_trump_only_each_other() {
        let two: Card = "2S".parse().expect("2S");
        let red = Card::Joker(Colour::Red);
        let black = Card::Joker(Colour::Black);
        assert!(red.value() < two.value());
        assert!(red.is_trumped_by(black));
        assert!(!red.is_trumped_by(two));
        assert!("5H".parse::<Card>().expect("5H").is_trumped_by("5C".parse().expect("5C")));
    }

    #[test]
    fn drawing_takes_from_the_top_and_stops_when_empty() {
        let mut deck: Vec<Card> = ["2S", "3S", "4S"].iter().map(|c| c.parse().expect("card")).collect();
        let top = draw(&mut deck, 2);
        assert_eq!(top, vec!["4S".parse::<Card>().expect("4S"), "3S".parse().expect("3S")]);
        assert_eq!(draw(&mut deck, 5).len(), 1);
        assert!(draw(&mut deck, 1).is_empty());
    }
}
