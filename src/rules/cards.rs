//! Physical cards and the decks each side plays with.
//!
//! A card is a rank and a suit, or one of the two jokers. Its *text* comes from the rank for
//! 2–10 and from the rank and suit for J–A (see `data/cards.json`); its *initiative value*
//! comes from the rank alone, with the joker lowest (reading A01).

use rand::SeedableRng as _;
use rand::rngs::StdRng;
use rand::seq::SliceRandom as _;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

use super::data::{DeckKind, Gang, Role};

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
#[error("'{0}' is not a card: write the rank then the suit, like 7S, 10H, QD or AC, or RJ / BJ for a joker")]
pub struct BadCard(pub String);

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

/// Builds a side's unshuffled deck.
///
/// * `numbers` is the colour of the number cards. It is the gang's own colour unless both
///   gangs share a colour, when one side plays the other colour (see [`number_colours`]).
/// * Half deck: the gang's J–A, one suit of 2–10 and the joker of its role (14 cards).
/// * Full deck: the gang's J–A, both suits of 2–10 of the colour and the joker (23 cards).
/// * Duel deck: the full deck without the joker, plus the J–A of the other suit of the gang's
///   own colour: all 26 cards of one colour when `numbers` is the gang's colour.
///
/// The number suits are the gang's own suit first when it has the number colour.
#[must_use]
pub fn build_deck(gang: &Gang, kind: DeckKind, role: Role, numbers: Colour) -> Vec<Card> {
    let number_suits: [Suit; 2] =
        if gang.suit.colour() == numbers { [gang.suit, gang.suit.partner()] } else { numbers.suits() };
    let number_suits: &[Suit] = match kind {
        DeckKind::Half => &number_suits[..1],
        DeckKind::Full | DeckKind::Duel => &number_suits[..],
    };
    let mut deck: Vec<Card> = number_suits
        .iter()
        .flat_map(|&suit| Rank::numbers().map(move |rank| Card::new(rank, suit)))
        .collect();
    deck.extend(Rank::faces().map(|rank| Card::new(rank, gang.suit)));
    match kind {
        DeckKind::Half | DeckKind::Full => deck.push(joker_for(role)),
        DeckKind::Duel => deck.extend(Rank::faces().map(|rank| Card::new(rank, gang.suit.partner()))),
    }
    deck
}

/// The joker a side gets: red for the good guys, black for the bad guys.
#[must_use]
pub fn joker_for(role: Role) -> Card {
    match role {
        Role::Good => Card::Joker(Colour::Red),
        Role::Bad => Card::Joker(Colour::Black),
    }
}

/// The colour of number cards each side plays, good guys first.
///
/// Gangs of different colours keep their own. When both gangs share a colour the good guys
/// play red numbers and the bad guys black, matching the jokers they hold, so initiative
/// cards on the table never get mixed up.
#[must_use]
pub fn number_colours(good: &Gang, bad: &Gang) -> (Colour, Colour) {
    if good.colour == bad.colour { (Colour::Red, Colour::Black) } else { (good.colour, bad.colour) }
}

/// Which of two gangs plays the good guys when the usual roles do not decide it.
///
/// Gangs of opposite roles keep them. Otherwise the badder gang in the hierarchy of badness
/// (Desperados, Outlaws, Cowboys, Lawmen) becomes the bad guys. Returns `true` when `a` is
/// the good side.
#[must_use]
pub fn a_is_good(a: &Gang, b: &Gang) -> bool {
    if a.role == b.role { a.badness <= b.badness } else { a.role == Role::Good }
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
    use crate::rules::embedded;

    fn deck(gang: &str, kind: DeckKind, role: Role) -> Vec<String> {
        let rules = embedded::rules();
        let gang = rules.gang(gang).expect("gang");
        build_deck(gang, kind, role, gang.colour).iter().map(ToString::to_string).collect()
    }

    #[test]
    fn half_full_and_duel_decks_have_the_book_counts() {
        for gang in ["lawmen", "outlaws", "cowboys", "desperados"] {
            assert_eq!(deck(gang, DeckKind::Half, Role::Good).len(), 14, "{gang}");
            assert_eq!(deck(gang, DeckKind::Full, Role::Good).len(), 23, "{gang}");
            assert_eq!(deck(gang, DeckKind::Duel, Role::Good).len(), 26, "{gang}");
        }
    }

    #[test]
    fn lawmen_half_deck_is_hearts_and_the_red_joker() {
        let cards = deck("lawmen", DeckKind::Half, Role::Good);
        let expected: Vec<String> =
            "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH RJ".split(' ').map(String::from).collect();
        assert_eq!(cards, expected);
    }

    #[test]
    fn the_books_cowboy_full_deck_is_all_red_numbers_diamond_faces_and_red_joker() {
        let cards = deck("cowboys", DeckKind::Full, Role::Good);
        assert!(cards.contains(&"2H".to_owned()) && cards.contains(&"10D".to_owned()));
        assert!(cards.contains(&"AD".to_owned()) && !cards.contains(&"AH".to_owned()));
        assert_eq!(cards.last().map(String::as_str), Some("RJ"));
    }

    #[test]
    fn duel_deck_is_all_26_cards_of_one_colour_without_joker() {
        let cards = deck("desperados", DeckKind::Duel, Role::Bad);
        assert!(!cards.iter().any(|c| c.ends_with('J') && c.len() == 2 && c.starts_with(['R', 'B'])));
        assert!(cards.iter().all(|c| c.ends_with('S') || c.ends_with('C')));
        let unique: std::collections::HashSet<_> = cards.iter().collect();
        assert_eq!(unique.len(), 26);
    }

    #[test]
    fn the_joker_follows_the_role() {
        assert_eq!(deck("outlaws", DeckKind::Half, Role::Good).last().map(String::as_str), Some("RJ"));
        assert_eq!(deck("lawmen", DeckKind::Half, Role::Bad).last().map(String::as_str), Some("BJ"));
    }

    #[test]
    fn same_colour_gangs_split_red_and_black() {
        let rules = embedded::rules();
        let (lawmen, cowboys) = (rules.gang("lawmen").expect("l"), rules.gang("cowboys").expect("c"));
        let (good, bad) = number_colours(cowboys, lawmen);
        assert_eq!((good, bad), (Colour::Red, Colour::Black));
        let bad_deck = build_deck(lawmen, DeckKind::Full, Role::Bad, bad);
        let numbers: Vec<_> = bad_deck.iter().filter(|c| c.value() <= 10 && !c.is_joker()).collect();
        assert_eq!(numbers.len(), 18);
        assert!(numbers.iter().all(|c| c.colour() == Colour::Black));
        assert!(bad_deck.contains(&"KH".parse().expect("card")), "keeps its own face cards");
        let (outlaws, desperados) = (rules.gang("outlaws").expect("o"), rules.gang("desperados").expect("d"));
        assert_eq!(number_colours(outlaws, desperados), (Colour::Red, Colour::Black));
        assert_eq!(number_colours(lawmen, desperados), (Colour::Red, Colour::Black));
        assert_eq!(number_colours(outlaws, lawmen), (Colour::Black, Colour::Red));
    }

    #[test]
    fn hierarchy_of_badness_decides_roles() {
        let rules = embedded::rules();
        let g = |id| rules.gang(id).expect("gang");
        assert!(!a_is_good(g("desperados"), g("outlaws")));
        assert!(a_is_good(g("lawmen"), g("cowboys")));
        assert!(a_is_good(g("outlaws"), g("desperados")));
        assert!(a_is_good(g("cowboys"), g("outlaws")));
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
    fn the_rulebooks_initiative_example() {
        // Dave plays the Lawmen, Wayne the Desperados: Dave takes the red 2-10, the red joker
        // and the hearts J-A; Wayne the black 2-10, the black joker and the clubs J-A.
        let rules = embedded::rules();
        let (lawmen, desperados) = (rules.gang("lawmen").expect("l"), rules.gang("desperados").expect("d"));
        let (red, black) = number_colours(lawmen, desperados);
        let mut dave = build_deck(lawmen, DeckKind::Full, Role::Good, red);
        let mut wayne = build_deck(desperados, DeckKind::Full, Role::Bad, black);
        assert!(dave.iter().all(|c| c.colour() == Colour::Red) && dave.contains(&Card::Joker(Colour::Red)));
        assert!(
            wayne.iter().all(|c| c.colour() == Colour::Black) && wayne.contains(&Card::Joker(Colour::Black))
        );
        // The spare cards go back in the box: nobody has the ace of spades or diamonds.
        for spare in ["AS", "AD", "JS", "KD"] {
            let card: Card = spare.parse().expect("card");
            assert!(!dave.contains(&card) && !wayne.contains(&card), "{spare}");
        }
        shuffle(&mut dave, 1);
        shuffle(&mut wayne, 2);
        // Each deals a hand of 5, leaving 18.
        let (dave_hand, wayne_hand) = (draw(&mut dave, 5), draw(&mut wayne, 5));
        assert_eq!((dave_hand.len(), wayne_hand.len()), (5, 5));
        assert_eq!((dave.len(), wayne.len()), (18, 18));
        // Then one card face up to a model of his choice and one face down to each other model:
        // one card per model, 8 Lawmen and 9 Desperados.
        let dave_first = draw(&mut dave, 1);
        let dave_rest = draw(&mut dave, 7);
        let wayne_first = draw(&mut wayne, 1);
        let wayne_rest = draw(&mut wayne, 8);
        assert_eq!(dave_first.len() + dave_rest.len(), 8);
        assert_eq!(wayne_first.len() + wayne_rest.len(), 9);
        assert_eq!((dave.len(), wayne.len()), (10, 9));
    }

    #[test]
    fn drawing_takes_from_the_top_and_stops_when_empty() {
        let mut deck: Vec<Card> = ["2S", "3S", "4S"].iter().map(|c| c.parse().expect("card")).collect();
        let top = draw(&mut deck, 2);
        assert_eq!(top, vec!["4S".parse::<Card>().expect("4S"), "3S".parse().expect("3S")]);
        assert_eq!(draw(&mut deck, 5).len(), 1);
        assert!(draw(&mut deck, 1).is_empty());
    }

    #[test]
    fn shuffling_is_repeatable_from_the_seed_and_keeps_every_card() {
        let rules = embedded::rules();
        let gang = rules.gang("outlaws").expect("outlaws");
        let base = build_deck(gang, DeckKind::Full, Role::Bad, Colour::Black);
        let (mut a, mut b, mut c) = (base.clone(), base.clone(), base.clone());
        shuffle(&mut a, 42);
        shuffle(&mut b, 42);
        shuffle(&mut c, 43);
        assert_eq!(a, b);
        assert_ne!(a, c);
        let mut sorted = a.clone();
        sorted.sort_by_key(ToString::to_string);
        let mut base_sorted = base;
        base_sorted.sort_by_key(ToString::to_string);
        assert_eq!(sorted, base_sorted);
    }
}
