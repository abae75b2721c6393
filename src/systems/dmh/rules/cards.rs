//! The decks each Dead Man's Hand side plays with: half, full and duel decks, the jokers by
//! role, and the colours of number cards when two gangs share one. The cards themselves are
//! the kernel's ([`crate::kernel::cards`]): a card's *text* comes from the rank for 2–10 and
//! from the rank and suit for J–A (see `data/dmh/cards.json`); its *initiative value* comes
//! from the rank alone, with the joker lowest (reading A01).

pub use crate::kernel::cards::{BadCard, Card, Colour, Rank, Suit, draw, shuffle};

use super::data::{DeckKind, Gang, Role};

/// How a duel deck is made when its number cards are not the gang's colour (two gangs of one
/// colour in The Duel). Journals record which way their game was played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DuelDeck {
    /// All 26 cards of the numbers' colour, so both duel decks come from one pack and the
    /// side that changed colour plays one colour (reading D10).
    OneColour,
    /// The gang's own J–A and their partner suit's, with the other colour's numbers: games
    /// begun before reading D10 replay so.
    GangFaces,
}

/// Builds a side's unshuffled deck, as new games are dealt.
///
/// * `numbers` is the colour of the number cards. It is the gang's own colour unless both
///   gangs share a colour, when one side plays the other colour (see [`number_colours`]).
/// * Half deck: the gang's J–A, one suit of 2–10 and the joker of its role (14 cards).
/// * Full deck: the gang's J–A, both suits of 2–10 of the colour and the joker (23 cards).
/// * Duel deck: the full deck without the joker, plus the J–A of the other suit of the gang's
///   own colour: all 26 cards of one colour. When `numbers` is not the gang's colour, all 26
///   cards of the numbers' colour ([`DuelDeck::OneColour`]).
///
/// The number suits are the gang's own suit first when it has the number colour.
#[must_use]
pub fn build_deck(gang: &Gang, kind: DeckKind, role: Role, numbers: Colour) -> Vec<Card> {
    build_deck_with(gang, kind, role, numbers, DuelDeck::OneColour)
}

/// Builds a side's unshuffled deck, with the duel deck made as `duel` says.
#[must_use]
pub fn build_deck_with(
    gang: &Gang,
    kind: DeckKind,
    role: Role,
    numbers: Colour,
    duel: DuelDeck,
) -> Vec<Card> {
    let own_colour = gang.suit.colour() == numbers;
    if kind == DeckKind::Duel && !own_colour && duel == DuelDeck::OneColour {
        let suits = numbers.suits();
        let mut deck: Vec<Card> =
            suits.iter().flat_map(|&suit| Rank::numbers().map(move |rank| Card::new(rank, suit))).collect();
        deck.extend(suits.iter().flat_map(|&suit| Rank::faces().map(move |rank| Card::new(rank, suit))));
        return deck;
    }
    let number_suits: [Suit; 2] = if own_colour { [gang.suit, gang.suit.partner()] } else { numbers.suits() };
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::systems::dmh::rules::embedded;

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
    fn a_duel_deck_of_the_other_colour_is_that_colours_26_cards() {
        let rules = embedded::rules();
        let lawmen = rules.gang("lawmen").expect("lawmen");
        let codes = |duel| -> Vec<String> {
            build_deck_with(lawmen, DeckKind::Duel, Role::Bad, Colour::Black, duel)
                .iter()
                .map(ToString::to_string)
                .collect()
        };
        let spades = "2S 3S 4S 5S 6S 7S 8S 9S 10S";
        let clubs = "2C 3C 4C 5C 6C 7C 8C 9C 10C";
        assert_eq!(codes(DuelDeck::OneColour).join(" "), format!("{spades} {clubs} JS QS KS AS JC QC KC AC"));
        // Before reading D10: the black numbers with the red faces of both red suits.
        assert_eq!(codes(DuelDeck::GangFaces).join(" "), format!("{spades} {clubs} JH QH KH AH JD QD KD AD"));
        // The gang's own colour is dealt the same both ways.
        let red = |duel| build_deck_with(lawmen, DeckKind::Duel, Role::Good, Colour::Red, duel);
        assert_eq!(red(DuelDeck::OneColour), red(DuelDeck::GangFaces));
        assert_eq!(
            build_deck(lawmen, DeckKind::Duel, Role::Bad, Colour::Black),
            build_deck_with(lawmen, DeckKind::Duel, Role::Bad, Colour::Black, DuelDeck::OneColour)
        );
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
    fn two_lawmen_gangs_play_red_and_black_half_decks() {
        let rules = embedded::rules();
        let lawmen = rules.gang("lawmen").expect("lawmen");
        let (good, bad) = number_colours(lawmen, lawmen);
        let codes = |gang, role, numbers| -> String {
            build_deck(gang, DeckKind::Half, role, numbers)
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        };
        assert_eq!(codes(lawmen, Role::Good, good), "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH RJ");
        assert_eq!(codes(lawmen, Role::Bad, bad), "2S 3S 4S 5S 6S 7S 8S 9S 10S JH QH KH AH BJ");
        // Lawmen against Outlaws keep their own colours.
        let outlaws = rules.gang("outlaws").expect("outlaws");
        let (good, bad) = number_colours(lawmen, outlaws);
        assert_eq!(codes(lawmen, Role::Good, good), "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH RJ");
        assert_eq!(codes(outlaws, Role::Bad, bad), "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS BJ");
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
