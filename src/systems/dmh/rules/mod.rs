//! The rules of Dead Man's Hand: pure functions and types.
//!
//! Nothing in here draws, reads files or looks at the clock; the app, the command line and
//! the printouts all call these same functions, so they can never disagree.
//!
//! [`data`] holds the types the JSON parses into and the cross-checks between files;
//! [`embedded`] compiles the files in and parses them once. [`cards`] builds half, full and
//! duel decks from the kernel's cards; [`shooting`] gives the to-hit modifier with its
//! breakdown and the exact odds of each d20 result; [`nerve`] the nerve and Big Nerve tests;
//! [`melee`] hand-to-hand totals and odds; [`initiative`] the activation order and the
//! lowest-card switch; [`gang`] the gang file format and its validation; [`terrain`] terrain
//! counts for a Rep value. Every function takes [`Rules`] and plain values and returns values
//! or typed errors.

pub mod cards;
pub mod data;
pub mod embedded;
pub mod gang;
pub mod initiative;
pub mod melee;
pub mod nerve;
pub use crate::kernel::odds;
pub mod shooting;
pub mod terrain;

pub use data::Rules;

/// "1 marker", "2 markers": a count with its noun, for messages and modifier reasons (the
/// kernel's, which every game's words use).
pub use crate::kernel::words::count;

#[cfg(test)]
mod tests {
    #[test]
    fn counts_agree_with_their_nouns() {
        assert_eq!(super::count(1u32, "marker", "markers"), "1 marker");
        assert_eq!(super::count(0u32, "marker", "markers"), "0 markers");
        assert_eq!(super::count(3u32, "move action", "move actions"), "3 move actions");
    }
}
