//! Initiative: the order models act in, and who may make the lowest-card switch.
//!
//! Readings: A01 (ace high, joker lowest), A02 (ties between sides go to the side that placed
//! its first card first; a simultaneous placement is settled by a draw-off, which callers run
//! and pass in as the priority side), A03 (the side with the lowest non-joker card may swap
//! the cards of two of its own models; on a shared lowest value the side *without* tie
//! priority switches), §2.14 (drunk & complacent models lose ties with enemies; surprised
//! models act after everyone else in turn 1).

use std::borrow::Borrow;

use serde::Serialize;

use super::cards::Card;

/// One of the two players, in the order the command line names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    A,
    B,
}

impl Side {
    /// The other side.
    #[must_use]
    pub fn other(self) -> Side {
        match self {
            Side::A => Side::B,
            Side::B => Side::A,
        }
    }

    /// `a` or `b`.
    #[must_use]
    pub fn id(self) -> &'static str {
        match self {
            Side::A => "a",
            Side::B => "b",
        }
    }
}

/// A model with its initiative card on the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placed<'a> {
    pub side: Side,
    /// The model's name: borrowed from the game (the order is worked out after every event),
    /// owned when typed on the command line.
    pub model: std::borrow::Cow<'a, str>,
    pub card: Card,
    /// Drunk & complacent: loses ties with enemy models.
    pub drunk: bool,
    /// Surprised in turn 1: acts after every other model.
    pub surprised: bool,
}

/// Why an initiative order cannot be settled yet.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum InitiativeError {
    #[error(
        "{what}: say which side placed its first card first (if both placed at once, each draws a card and the higher card has priority)"
    )]
    NeedsPriority { what: String },
}

/// Whether deciding the order or the switch needs to know which side has tie priority.
#[must_use]
pub fn needs_priority(placed: &[Placed]) -> bool {
    cross_side_tie(placed.iter()).is_some() || shared_lowest(placed)
}

/// What two enemy models' cards must share to tie: the value, being surprised or not, being
/// drunk or not.
fn tie_key(p: &Placed) -> (u8, bool, bool) {
    (p.card.value(), p.surprised, p.drunk)
}

/// Two enemy models whose cards tie ([`tie_key`]), the first such pair in the order given,
/// over any list that can be walked twice.
fn cross_side_tie<'a, P, I>(placed: I) -> Option<(P, P)>
where
    P: Borrow<Placed<'a>>,
    I: Iterator<Item = P> + Clone,
{
    // Asked after every event, and mostly there is no tie: one walk finds whether both sides
    // hold a card of one key (a bit per side for each key), before looking for the pair to
    // name. A value past the table's 16 goes straight to the look.
    let mut sides = [0u8; 64];
    let alike = placed.clone().any(|p| {
        let p = p.borrow();
        let (value, surprised, drunk) = tie_key(p);
        let at = usize::from(value) * 4 + usize::from(surprised) * 2 + usize::from(drunk);
        let side = if p.side == Side::A { 1 } else { 2 };
        sides.get_mut(at).is_none_or(|held| {
            *held |= side;
            *held == 3
        })
    });
    if !alike {
        return None;
    }
    let mut rest = placed;
    while let Some(x) = rest.next() {
        let ties = |y: &P| x.borrow().side != y.borrow().side && tie_key(x.borrow()) == tie_key(y.borrow());
        if let Some(y) = rest.clone().find(ties) {
            return Some((x, y));
        }
    }
    None
}

/// Refused while two enemy models tie and no side has tie priority.
fn settled<'a, P, I>(placed: I, priority: Option<Side>) -> Result<(), InitiativeError>
where
    P: Borrow<Placed<'a>>,
    I: Iterator<Item = P> + Clone,
{
    if priority.is_some() || cross_side_tie(placed.clone()).is_none() {
        return Ok(());
    }
    Err(InitiativeError::NeedsPriority { what: ties(placed) })
}

/// Every tie between enemy models in words, each with all the models that share its card
/// value (of both sides, in the order given), the tie that acts first first: "Morgan (10♥),
/// Doc (10♦) and Johnny (10♠) tie; Virgil (7♥) and Billy (7♠) tie".
fn ties<'a, P: Borrow<Placed<'a>>>(placed: impl Iterator<Item = P>) -> String {
    let placed: Vec<P> = placed.collect();
    let held = |key: (u8, bool, bool), side| {
        placed.iter().any(|p| p.borrow().side == side && tie_key(p.borrow()) == key)
    };
    let mut keys: Vec<(u8, bool, bool)> = placed
        .iter()
        .map(|p| tie_key(p.borrow()))
        .filter(|&key| held(key, Side::A) && held(key, Side::B))
        .collect();
    // The order they act in: surprised models last, then the highest card first.
    keys.sort_by_key(|&(value, surprised, drunk)| (surprised, std::cmp::Reverse(value), drunk));
    keys.dedup();
    let lines: Vec<String> = keys
        .iter()
        .map(|key| {
            let names: Vec<String> = placed
                .iter()
                .map(Borrow::borrow)
                .filter(|p| tie_key(p) == *key)
                .map(|p| format!("{} ({})", p.model, p.card.label()))
                .collect();
            match names.split_last() {
                Some((last, rest)) if !rest.is_empty() => format!("{} and {last} tie", rest.join(", ")),
                _ => format!("{} tie", names.concat()),
            }
        })
        .collect();
    lines.join("; ")
}

/// Where a model's card puts it in the order (lowest first): surprised models last, then the
/// highest card, then a drunk model after a sober enemy, then the side with `priority`, then
/// the order given.
fn rank(p: &Placed, priority: Option<Side>, i: usize) -> (bool, std::cmp::Reverse<u8>, bool, u8, usize) {
    (
        p.surprised,
        std::cmp::Reverse(p.card.value()),
        p.drunk,
        u8::from(priority.is_some_and(|s| s != p.side)),
        i,
    )
}

/// The lowest non-joker value on the table (A01: the joker is ignored here).
fn lowest_value(placed: &[Placed]) -> Option<u8> {
    placed.iter().filter(|p| !p.card.is_joker()).map(|p| p.card.value()).min()
}

/// Both sides hold the lowest value and the switch could matter (a side has two models).
fn shared_lowest(placed: &[Placed]) -> bool {
    lowest_value(placed).is_some_and(|low| {
        let holds =
            |side| placed.iter().any(|p| p.side == side && !p.card.is_joker() && p.card.value() == low);
        holds(Side::A) && holds(Side::B) && (models(placed, Side::A) >= 2 || models(placed, Side::B) >= 2)
    })
}

fn models(placed: &[Placed], side: Side) -> usize {
    placed.iter().filter(|p| p.side == side).count()
}

/// The order the models act in, as indices into `placed`.
///
/// Highest card first, joker last; surprised models after all others; at equal values a
/// drunk model goes after a sober enemy, then the side with `priority` goes first; models of
/// one side keep the order they were given in (their owner chooses).
///
/// # Errors
/// When two enemy models tie and `priority` is `None`.
pub fn activation_order(placed: &[Placed], priority: Option<Side>) -> Result<Vec<usize>, InitiativeError> {
    settled(placed.iter(), priority)?;
    let mut order: Vec<usize> = (0..placed.len()).collect();
    order.sort_by_key(|&i| rank(&placed[i], priority, i));
    Ok(order)
}

/// The first to act of [`activation_order`], without ordering the rest. It takes any list that
/// can be walked twice (a slice's `iter()`, or the game's models as it reads them), since it is
/// asked after every event.
///
/// # Errors
/// As [`activation_order`].
pub fn first_to_act<'a, P, I>(placed: I, priority: Option<Side>) -> Result<Option<usize>, InitiativeError>
where
    P: Borrow<Placed<'a>>,
    I: IntoIterator<Item = P>,
    I::IntoIter: Clone,
{
    let placed = placed.into_iter();
    settled(placed.clone(), priority)?;
    Ok(placed.enumerate().min_by_key(|(i, p)| rank(p.borrow(), priority, *i)).map(|(i, _)| i))
}

/// The side that may swap the cards of two of its own models, if any.
///
/// # Errors
/// When both sides share the lowest value and `priority` is `None`.
pub fn switch_side(placed: &[Placed], priority: Option<Side>) -> Result<Option<Side>, InitiativeError> {
    let Some(low) = lowest_value(placed) else {
        return Ok(None);
    };
    let holds = |side| placed.iter().any(|p| p.side == side && !p.card.is_joker() && p.card.value() == low);
    let side = match (holds(Side::A), holds(Side::B)) {
        (true, true) if !shared_lowest(placed) => return Ok(None),
        (true, true) => match priority {
            Some(p) => p.other(),
            None => {
                return Err(InitiativeError::NeedsPriority {
                    what: "both sides hold the lowest card".into(),
                });
            }
        },
        (true, false) => Side::A,
        _ => Side::B,
    };
    Ok((models(placed, side) >= 2).then_some(side))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn place(side: Side, model: &str, card: &str) -> Placed<'static> {
        Placed {
            side,
            model: model.to_owned().into(),
            card: card.parse().expect("card"),
            drunk: false,
            surprised: false,
        }
    }

    fn names(placed: &[Placed], priority: Option<Side>) -> Vec<String> {
        activation_order(placed, priority)
            .expect("order")
            .into_iter()
            .map(|i| placed[i].model.to_string())
            .collect()
    }

    #[test]
    fn ace_high_joker_last() {
        let placed = vec![
            place(Side::A, "Wyatt", "RJ"),
            place(Side::A, "Doc", "2H"),
            place(Side::B, "Ike", "AC"),
            place(Side::B, "Billy", "10C"),
            place(Side::A, "Morgan", "KH"),
        ];
        assert_eq!(names(&placed, None), ["Ike", "Morgan", "Billy", "Doc", "Wyatt"]);
    }

    #[test]
    fn ties_go_to_the_side_that_placed_first() {
        let placed = vec![place(Side::A, "Wyatt", "7H"), place(Side::B, "Ike", "7S")];
        assert!(needs_priority(&placed));
        assert!(activation_order(&placed, None).is_err());
        assert_eq!(names(&placed, Some(Side::B)), ["Ike", "Wyatt"]);
        assert_eq!(names(&placed, Some(Side::A)), ["Wyatt", "Ike"]);
    }

    #[test]
    fn every_tie_is_named_the_first_to_act_first() {
        let placed = vec![
            place(Side::A, "Virgil", "7H"),
            place(Side::A, "Wyatt", "9H"),
            place(Side::B, "Billy", "7S"),
            place(Side::B, "Ike", "9S"),
        ];
        let refused = first_to_act(&placed, None).expect_err("two ties, no priority");
        assert_eq!(
            refused.to_string(),
            "Wyatt (9♥) and Ike (9♠) tie; Virgil (7♥) and Billy (7♠) tie: say which side placed its first card first (if both placed at once, each draws a card and the higher card has priority)"
        );
        assert_eq!(first_to_act(&placed, Some(Side::B)), Ok(Some(3)));
    }

    #[test]
    fn three_models_tying_are_all_named() {
        // Two lawmen and an outlaw on tens; the lawmen's own tie alone would need no priority.
        let placed = vec![
            place(Side::A, "Morgan", "10H"),
            place(Side::A, "Doc", "10D"),
            place(Side::B, "Johnny", "10S"),
            place(Side::B, "Ike", "QS"),
        ];
        let refused = activation_order(&placed, None).expect_err("a tie, no priority");
        assert_eq!(
            refused.to_string(),
            "Morgan (10♥), Doc (10♦) and Johnny (10♠) tie: say which side placed its first card first (if both placed at once, each draws a card and the higher card has priority)"
        );
    }

    #[test]
    fn own_side_ties_keep_the_owners_order() {
        let placed = vec![place(Side::A, "Wyatt", "7H"), place(Side::A, "Virgil", "7D")];
        assert!(!needs_priority(&[placed[0].clone(), placed[1].clone(), place(Side::B, "Ike", "3S")]));
        assert_eq!(names(&placed, None), ["Wyatt", "Virgil"]);
    }

    #[test]
    fn drunk_models_lose_ties_even_with_priority() {
        let mut drunk = place(Side::B, "Ike", "AS");
        drunk.drunk = true;
        let placed = vec![drunk, place(Side::A, "Stranger", "AH")];
        assert!(!needs_priority(&placed));
        assert_eq!(names(&placed, Some(Side::B)), ["Stranger", "Ike"]);
    }

    #[test]
    fn surprised_models_act_after_everyone() {
        let mut surprised = place(Side::A, "Wyatt", "AH");
        surprised.surprised = true;
        let placed = vec![surprised, place(Side::B, "Ike", "RJ"), place(Side::B, "Billy", "3S")];
        assert_eq!(names(&placed, None), ["Billy", "Ike", "Wyatt"]);
    }

    proptest::proptest! {
        #[test]
        fn the_order_is_a_permutation_by_falling_value(
            cards in proptest::sample::subsequence(
                vec!["2S","3S","4S","5S","6S","7S","8S","9S","10S","JS","QS","KS","AS","BJ",
                     "2H","3H","4H","5H","6H","7H","8H","9H","10H","JH","QH","KH","AH","RJ"], 2..12),
            priority_a in proptest::bool::ANY,
        ) {
            let placed: Vec<Placed> = cards
                .iter()
                .enumerate()
                .map(|(i, c)| place(if c.ends_with('S') || *c == "BJ" { Side::A } else { Side::B }, &format!("m{i}"), c))
                .collect();
            let priority = Some(if priority_a { Side::A } else { Side::B });
            let order = activation_order(&placed, priority).expect("priority given");
            proptest::prop_assert_eq!(first_to_act(&placed, priority), Ok(order.first().copied()));
            // Without priority: refused exactly when some pair of enemy models ties.
            let tie = placed.iter().enumerate().any(|(i, x)| {
                placed[i + 1..].iter().any(|y| x.side != y.side && x.card.value() == y.card.value())
            });
            proptest::prop_assert_eq!(first_to_act(&placed, None).is_err(), tie);
            proptest::prop_assert_eq!(activation_order(&placed, None).is_err(), tie);
            let mut seen = order.clone();
            seen.sort_unstable();
            proptest::prop_assert_eq!(seen, (0..placed.len()).collect::<Vec<_>>());
            for pair in order.windows(2) {
                let (x, y) = (&placed[pair[0]], &placed[pair[1]]);
                proptest::prop_assert!(x.card.value() >= y.card.value());
                if x.card.value() == y.card.value() && x.side != y.side {
                    proptest::prop_assert_eq!(Some(x.side), priority);
                }
            }
        }
    }

    #[test]
    fn lowest_card_switch() {
        // The joker is ignored: the 2 is lowest.
        let placed = vec![
            place(Side::A, "Wyatt", "BJ"),
            place(Side::A, "Doc", "9H"),
            place(Side::B, "Ike", "2S"),
            place(Side::B, "Billy", "KS"),
        ];
        assert_eq!(switch_side(&placed, None), Ok(Some(Side::B)));
        // Shared lowest value: the side without tie priority switches.
        let shared = vec![
            place(Side::A, "Wyatt", "4H"),
            place(Side::A, "Doc", "9H"),
            place(Side::B, "Ike", "4S"),
            place(Side::B, "Billy", "KS"),
        ];
        assert!(switch_side(&shared, None).is_err());
        assert_eq!(switch_side(&shared, Some(Side::A)), Ok(Some(Side::B)));
        assert_eq!(switch_side(&shared, Some(Side::B)), Ok(Some(Side::A)));
        // A side with a single model has nothing to swap.
        let lone = vec![
            place(Side::A, "Stranger", "3H"),
            place(Side::B, "Ike", "9S"),
            place(Side::B, "Billy", "5S"),
        ];
        assert_eq!(switch_side(&lone, None), Ok(None));
        // Only jokers: no switch.
        let jokers = vec![place(Side::A, "Wyatt", "RJ"), place(Side::B, "Ike", "BJ")];
        assert_eq!(switch_side(&jokers, None), Ok(None));
    }
}
