//! Shootouts: who fires first when a held attack meets a fighter passing in front of it.
//!
//! Both fighters roll their Speed in d6s and add the value of one card drawn at random. The
//! booklet does not say what a card is worth (reading R7): number cards their number, J 11,
//! Q 12, K 13, A 14 (`data/frag/rules.json`); a joker is discarded and another card drawn, as
//! any joker drawn in play is; equal totals roll again.

use super::data::Rulebook;
use super::poker::PokerCard;
use crate::kernel::cards::Card;
use serde::Serialize;

/// A card that gives no shootout value.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a joker has no shootout value: discard it and draw another card")]
pub struct JokerDrawn;

/// What `card` adds to a shootout roll.
///
/// # Errors
/// A joker, which is redrawn.
pub fn card_value(book: &Rulebook, card: PokerCard) -> Result<u32, JokerDrawn> {
    match card {
        PokerCard::Card(Card::Suited { rank, .. }) => {
            let index = usize::from(rank.value().saturating_sub(2));
            book.core.shootout_values.get(index).copied().ok_or(JokerDrawn)
        }
        _ => Err(JokerDrawn),
    }
}

/// Which of the two fires first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum FirstShot {
    /// The fighter who held the attack.
    Holder,
    /// The fighter who walked into it.
    Mover,
    /// Equal totals: both roll again.
    RollAgain,
}

/// Compares the two totals (Speed dice plus the card).
#[must_use]
pub fn first_shot(holder_total: u32, mover_total: u32) -> FirstShot {
    match holder_total.cmp(&mover_total) {
        std::cmp::Ordering::Greater => FirstShot::Holder,
        std::cmp::Ordering::Less => FirstShot::Mover,
        std::cmp::Ordering::Equal => FirstShot::RollAgain,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::systems::frag::rules::embedded;

    #[test]
    fn card_values_and_who_fires() {
        let book = embedded::rulebook().expect("data");
        let value = |code: &str| card_value(book, code.parse().expect("card"));
        assert_eq!(value("2C"), Ok(2));
        assert_eq!(value("10H"), Ok(10));
        assert_eq!(value("JS"), Ok(11));
        assert_eq!(value("AD"), Ok(14));
        assert_eq!(value("JK"), Err(JokerDrawn));
        assert_eq!(value("RJ"), Err(JokerDrawn));
        // Speed 2 rolling 3 + 4 with a queen (19) against Speed 3 rolling 1 + 2 + 6 with a 9 (18).
        assert_eq!(first_shot(3 + 4 + 12, 1 + 2 + 6 + 9), FirstShot::Holder);
        assert_eq!(first_shot(10, 12), FirstShot::Mover);
        assert_eq!(first_shot(12, 12), FirstShot::RollAgain);
    }
}
