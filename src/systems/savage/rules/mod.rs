//! The pure rules of Deadlands on Savage Worlds: die types, exact odds of exploding dice,
//! trait rolls, damage, combatants, the action deck's order, fate chips, fatigue, and the
//! contents of the printed sheets. No IO, no user interface.
//!
//! [`die`]: die types (d4–d12, d12+N). [`dice`]: the exact odds of aces (one exploding die in
//! closed form, sums of them by convolution up to the bound that matters, the rest as the
//! complement; a typed total that aced is refused). [`traits`]: trait rolls with the Wild Die
//! (the four outcomes and each number of raises). [`damage`]: damage against Toughness, soak,
//! Incapacitation and Bleeding Out. [`initiative`]: the action deck's order and the draw rules
//! of Quick, Level Headed and Hesitant. [`chips`]: the chip table. [`fatigue`]. [`combatant`]:
//! the combatant file (every problem with its JSON path) with Parry and Toughness.
//! [`abilities`]: the Edges and abilities that change a roll. [`situation`]: one attack's
//! situation as the Marshal ticks it. [`injury`]: the Injury Table. [`sheet`]: the reference and
//! combatant sheets as plain data. [`data`]: the JSON, checked.

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
