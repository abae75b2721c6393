//! The Duel on the Play screen: each round's cards (dealt by Posse or typed from a real
//! deck), the players' hit or stand in turn behind hand-over screens, the totals revealed
//! once both stand, and the shots with the bonuses the cards gave.

use egui::{RichText, Ui};

use super::{PlayCommand, PlayState};
use crate::game::Game;
use crate::rules::Rules;

/// The Duel's panel.
pub(super) fn duel_ui(
    ui: &mut Ui,
    _rules: &Rules,
    _game: &Game,
    _state: &mut PlayState,
    _commands: &mut Vec<PlayCommand>,
) {
    ui.label(RichText::new("The duel").strong());
}
