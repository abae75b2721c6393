//! Dead Man's Hand's screens: the Reference calculators and cards, the gang builder, the
//! scenes, and the game at the table.

pub mod gangs;
pub mod looks;
pub mod names;
pub mod play;
pub mod reference;
pub mod scenes;
