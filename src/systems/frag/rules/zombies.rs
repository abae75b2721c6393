//! Zombie frags in Frag Zombies!!!: the event cards and blood points a turn's frags earn.
//!
//! Each zombie frag earns one event card, but a player draws at most 5 in one turn however
//! many he frags; more than 10 in one turn also gives 2 blood points. All the frags count
//! towards the 25 that win.

use super::data::Rulebook;
use serde::Serialize;

/// What `frags` zombie frags in one turn earn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ZombieFrags {
    /// All of them count.
    pub frags: u32,
    /// Event cards drawn.
    pub event_cards: u32,
    /// Blood points gained.
    pub blood: u32,
}

/// The event cards and blood points of `frags` zombie frags made in one turn.
#[must_use]
pub fn zombie_frags(book: &Rulebook, frags: u32) -> ZombieFrags {
    let z = &book.zombies;
    let event_cards = frags.saturating_mul(z.event_cards_per_zombie_frag).min(z.event_cards_per_turn_max);
    let blood = if frags > z.blood_bonus_over { z.blood_bonus } else { 0 };
    ZombieFrags { frags, event_cards, blood }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::systems::frag::rules::embedded;

    #[test]
    fn too_many_frags() {
        let book = embedded::rulebook().expect("data");
        let check = |n: u32, expected: (u32, u32, u32)| {
            let z = zombie_frags(book, n);
            assert_eq!((z.frags, z.event_cards, z.blood), expected, "{n} frags");
        };
        check(0, (0, 0, 0));
        check(3, (3, 3, 0));
        check(5, (5, 5, 0));
        check(6, (6, 5, 0)); // "more than 5 ... may only draw five cards"
        check(10, (10, 5, 0));
        check(11, (11, 5, 2)); // "more than 10 ... gains 2 blood points"
        check(40, (40, 5, 2));
    }
}
