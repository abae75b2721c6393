//! Dead Man's Hand's screens: the Reference calculators and cards, the gang builder, the
//! scenes, and the game at the table.
//!
//! One file per screen: [`mod@reference`] (calculators and the card list), [`gangs`] (the gang list
//! and the editor, which edits a working copy and sends commands), [`scenes`] (storylines,
//! scene details, the set planner and series results, sending `SceneCommand`s) and [`play`]
//! (the game at the table, one file per phase of the turn, sending `PlayCommand`s that the app
//! journals and applies). [`looks`] is the card faces and the colour of each shot result;
//! [`names`] random Western names.

pub mod gangs;
pub mod looks;
pub mod names;
pub mod play;
pub mod reference;
pub mod scenes;
