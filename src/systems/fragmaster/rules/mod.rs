//! The Fragmaster Origins rules: the book's numbers as data ([`data`], compiled in by
//! [`embedded`]) and pure computations over them. Nothing here does IO, reads a clock or an
//! environment variable, or knows about the user interface.
//!
//! [`attack`]: whether an attack is possible, the numbers needed with their breakdown, exact
//! chances with the kernel's `Chance`, what typed rolls do, the blast's wound. [`initiative`]:
//! the 3d6 order and d6 tiebreaks, settled from a seed for the command line. [`deployment`]:
//! points by d6, taken points per cycle. [`scoring`]: frag kinds and the tally to the target.
//! [`dice`]: a typed d6 face and seeded rolls. [`mod@reference`]: the tables as rows, read by the
//! Reference tab and the printed sheet alike.
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
