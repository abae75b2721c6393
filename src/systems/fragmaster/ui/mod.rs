//! Fragmaster Origins' screens: [`play`] (the game at the table), [`mod@reference`] (the tables
//! and the attack calculator) and [`mod@print`] (the sheets). Screens read the rules and the game
//! and send commands; every rule is asked of `rules` or `game`, never decided here.
//!
//! `odds.rs` holds the numbers and bars shared by the attack panel and the calculator.

mod odds;
pub mod play;
pub mod print;
pub mod reference;

use crate::systems::fragmaster::rules::CM_PER_INCH;
use crate::systems::fragmaster::rules::data::{ActionKind, Cover};

/// The cover levels as the screens name them.
pub const COVERS: [(Cover, &str); 3] =
    [(Cover::None, "none"), (Cover::Decent, "decent"), (Cover::Full, "full")];

/// An action's name on a button or a pip.
#[must_use]
pub fn action_name(action: ActionKind) -> &'static str {
    match action {
        ActionKind::Run => "Run",
        ActionKind::Climb => "Climb",
        ActionKind::TakeCover => "Take cover",
        ActionKind::Attack => "Attack",
        ActionKind::Aim => "Aim",
        ActionKind::Other => "Other",
    }
}

/// A distance typed in cm ("12", "12.5", "12,5", "12 cm") or in inches ("5 in", "5\"", at
/// [`CM_PER_INCH`]), in cm; `None` while empty or unreadable.
#[must_use]
pub fn parse_cm(text: &str) -> Option<f64> {
    let text = text.trim().to_lowercase().replace(',', ".");
    let inches = ["inches", "inch", "in", "\"", "″"].iter().find_map(|unit| text.strip_suffix(unit));
    let (number, scale) = match inches {
        Some(number) => (number, CM_PER_INCH),
        None => (text.strip_suffix("cm").unwrap_or(&text), 1.0),
    };
    number.trim().parse::<f64>().ok().map(|n| n * scale).filter(|cm| cm.is_finite())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances_are_typed_in_cm_or_inches() {
        // "1 palec = 2,5 cm".
        let read: Vec<Option<f64>> = ["12", "12,5", "12 cm", "5 in", "5in", "5\"", "2.5 inches", "", "five"]
            .iter()
            .map(|t| parse_cm(t))
            .collect();
        assert_eq!(
            read,
            [Some(12.0), Some(12.5), Some(12.0), Some(12.5), Some(12.5), Some(12.5), Some(6.25), None, None]
        );
    }
}
