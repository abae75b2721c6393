//! The rules of Dead Man's Hand: pure functions and types.
//!
//! Nothing in here draws, reads files or looks at the clock; the app, the command line and
//! the printouts all call these same functions, so they can never disagree.

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
