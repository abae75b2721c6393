//! The record sheet's content: everything one printed sheet shows for a fighter, as plain
//! data. Laying it out and rendering the PDF is the print layer's job; this is what it lays
//! out, so the sheet, the screens and the command line read the same numbers.

use super::data::{Rulebook, StartingItem, Variant};
use super::fighter::{self, Derived, Fighter, Problem};
use serde::Serialize;

/// One fighter's record sheet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RecordSheet {
    /// The character's name, the sheet's title.
    pub character: String,
    pub character_id: String,
    /// The player's name for the fighter.
    pub fighter_name: String,
    pub health: u32,
    pub speed: u32,
    pub accuracy: u32,
    pub wins: u32,
    /// Whether the design is legal, and what is wrong if not (printed as a warning).
    pub valid: bool,
    pub problems: Vec<Problem>,
    pub derived: Derived,
    /// Boxes on the current Health track: one per point of Health.
    pub health_track: u32,
    /// Boxes on the movement-used track: the most a movement roll can give (6 × Speed).
    pub movement_track: u32,
    /// Frag boxes per game: the frags that win.
    pub frag_boxes: u32,
    /// Tournament games with a row of frag boxes.
    pub games: u32,
    /// The sheet's notes on the three stats.
    pub stat_notes: [(String, String); 3],
    pub drawback: String,
    pub cheatin: String,
    /// `None` where our copy of the sheet prints no starting item (the Mad Scientist).
    pub starting: Option<StartingItem>,
    /// The start-of-turn draw reminder, if the character has one.
    pub turn_start: Option<String>,
}

/// Why a sheet could not be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SheetError {
    #[error("it is not a fighter file: {0}")]
    Malformed(String),
    #[error("{0}")]
    UnknownCharacter(String),
}

/// The sheet for `fighter`, with `frag_target` frag boxes per game.
///
/// # Errors
/// An unknown character.
pub fn record_sheet(book: &Rulebook, fighter: &Fighter, frag_target: u32) -> Result<RecordSheet, SheetError> {
    let problems = fighter::validate(book, fighter);
    let Some(character) = book.character(&fighter.character) else {
        let message = problems.first().map(|p| p.message.clone()).unwrap_or_default();
        return Err(SheetError::UnknownCharacter(message));
    };
    let text = &book.core.sheet;
    Ok(RecordSheet {
        character: character.name.clone(),
        character_id: character.id.clone(),
        fighter_name: fighter.name.clone(),
        health: fighter.health,
        speed: fighter.speed,
        accuracy: fighter.accuracy,
        wins: fighter.wins,
        valid: problems.is_empty(),
        problems,
        derived: fighter::derived(book, character, fighter, Variant::Deadlands),
        health_track: fighter.health,
        movement_track: fighter.speed.saturating_mul(book.core.die_sides),
        frag_boxes: frag_target,
        games: text.games,
        stat_notes: [
            ("Health".into(), text.health.clone()),
            ("Speed".into(), text.speed.clone()),
            ("Accuracy".into(), text.accuracy.clone()),
        ],
        drawback: character.drawback.clone(),
        cheatin: character.cheatin.clone(),
        starting: character.starting.clone(),
        turn_start: character.turn_start_draw.as_ref().map(|t| t.text.clone()),
    })
}

/// The sheet for a fighter file's text (the format of [`Fighter`]).
///
/// # Errors
/// Text that is not a fighter, or an unknown character.
pub fn record_sheet_from_json(
    book: &Rulebook,
    text: &str,
    frag_target: u32,
) -> Result<RecordSheet, SheetError> {
    let fighter = fighter::parse_fighter(text).map_err(SheetError::Malformed)?;
    record_sheet(book, &fighter, frag_target)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::systems::frag::rules::embedded;

    #[test]
    fn a_huckster_sheet() {
        let book = embedded::rulebook().expect("data");
        let text = r#"{"character":"huckster","name":"Doc Holler","health":2,"speed":3,"accuracy":2}"#;
        let sheet = record_sheet_from_json(book, text, 3).expect("sheet");
        assert_eq!(sheet.character, "Huckster");
        assert_eq!(sheet.fighter_name, "Doc Holler");
        assert!(sheet.valid);
        assert_eq!((sheet.health_track, sheet.movement_track, sheet.frag_boxes, sheet.games), (2, 18, 3, 6));
        assert_eq!(sheet.starting.map(|s| s.name), Some("Hoyle's Book of Games".into()));
        assert!(sheet.turn_start.is_some_and(|t| t.contains("hex")));
        assert_eq!(sheet.derived.power_up, 5);
    }

    #[test]
    fn bad_files() {
        let book = embedded::rulebook().expect("data");
        assert!(matches!(record_sheet_from_json(book, "{", 3), Err(SheetError::Malformed(_))));
        let text = r#"{"character":"gambler","health":2,"speed":3,"accuracy":2}"#;
        assert!(matches!(record_sheet_from_json(book, text, 3), Err(SheetError::UnknownCharacter(_))));
        let text = r#"{"character":"mad-scientist","health":5,"speed":3,"accuracy":2}"#;
        let sheet = record_sheet_from_json(book, text, 5).expect("an illegal fighter still prints");
        assert!(!sheet.valid);
        assert_eq!(sheet.starting, None);
    }
}
