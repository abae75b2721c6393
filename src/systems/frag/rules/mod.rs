//! The Frag rules, pure: the data, fighter design, to-hit and damage odds, poker hands for who
//! goes first, shootouts, zombie frags and the record sheet's content. No IO, no user
//! interface; every function takes the [`Rulebook`] and plain values.
//!
//! [`data`]: the [`Rulebook`] the files parse into, with its cross-checks, and [`Variant`].
//! [`fighter`]: the fighter file, its 7 + wins points and what the stats give. [`combat`]:
//! to-hit and damage odds, exact over every pair of totals with the kernel's `dice`
//! distributions, never simulated. [`poker`]: hands with wild jokers, ranked. [`shootout`];
//! [`zombies`]: what a turn's zombie frags earn; [`sheet`]: the record sheet's content.
pub mod combat;
pub mod data;
pub mod embedded;
pub mod fighter;
pub mod poker;
pub mod sheet;
pub mod shootout;
pub mod zombies;

pub use data::{Character, Deck, Rulebook, Variant};
