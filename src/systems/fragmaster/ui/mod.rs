//! Fragmaster Origins' screens: [`play`] (the game at the table), [`reference`] (the tables
//! and the attack calculator) and [`print`] (the sheets). Screens read the rules and the game
//! and send commands; every rule is asked of `rules` or `game`, never decided here.

mod odds;
pub mod play;
pub mod print;
pub mod reference;

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

/// A distance typed in cm ("12", "12.5", "12,5"); `None` while empty or unreadable.
#[must_use]
pub fn parse_cm(text: &str) -> Option<f64> {
    text.trim().replace(',', ".").parse::<f64>().ok().filter(|cm| cm.is_finite())
}
