//! The pure rules of Deadlands on Savage Worlds: die types, exact odds of exploding dice,
//! trait rolls, damage, combatants, the action deck's order, fate chips, fatigue, and the
//! contents of the printed sheets. No IO, no user interface.

pub mod abilities;
pub mod chips;
pub mod combatant;
pub mod damage;
pub mod data;
pub mod dice;
pub mod die;
pub mod fatigue;
pub mod initiative;
pub mod injury;
pub mod sheet;
pub mod situation;
pub mod traits;

pub use data::{Rules, embedded};
