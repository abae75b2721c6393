//! The Frag rules data compiled into the binary, parsed once.

use super::data::{LoadError, Rulebook};
use std::sync::OnceLock;

/// `data/frag/rules.json`: Frag Deadlands' numbers.
pub const RULES: &str = include_str!("../../../../data/frag/rules.json");
/// `data/frag/zombies.json`: Frag Zombies!!!'s numbers.
pub const ZOMBIES: &str = include_str!("../../../../data/frag/zombies.json");
/// `data/frag/characters.json`: the six record sheets.
pub const CHARACTERS: &str = include_str!("../../../../data/frag/characters.json");

/// The embedded rulebook, read on first use.
///
/// # Errors
/// Every problem in the embedded files (only a broken build can cause one).
pub fn rulebook() -> Result<&'static Rulebook, &'static LoadError> {
    static BOOK: OnceLock<Result<Rulebook, LoadError>> = OnceLock::new();
    BOOK.get_or_init(|| Rulebook::load(RULES, ZOMBIES, CHARACTERS)).as_ref()
}
