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
pub mod odds;
pub mod shooting;
pub mod terrain;

pub use data::Rules;
