//! The Frag rules, pure: the data, fighter design, to-hit and damage odds, poker hands for who
//! goes first, shootouts, zombie frags and the record sheet's content. No IO, no user
//! interface; every function takes the [`Rulebook`] and plain values.
pub mod combat;
pub mod data;
pub mod embedded;
pub mod fighter;
pub mod poker;
pub mod sheet;
pub mod shootout;
pub mod zombies;

pub use data::{Character, Deck, Rulebook, Variant};
