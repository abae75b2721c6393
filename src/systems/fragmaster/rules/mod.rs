//! The Fragmaster Origins rules: the book's numbers as data ([`data`], compiled in by
//! [`embedded`]) and pure computations over them. Nothing here does IO, reads a clock or an
//! environment variable, or knows about the user interface.
pub mod attack;
pub mod data;
pub mod deployment;
pub mod dice;
pub mod embedded;
pub mod initiative;
pub mod reference;
pub mod scoring;

/// Centimetres to the inch: "1 palec = 2,5 cm" (the book measures in cm and allows inches).
pub const CM_PER_INCH: f64 = 2.5;

pub use data::{ActionClass, ActionKind, Cover, Rules, Weapon, WeaponId};
