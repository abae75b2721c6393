//! The cure a fighter brought to 0 Health or less may still play ("and he can't cure it
//! instantly with cards", deadlands:8; reading R33): under the result of the attack, zombie
//! attack, hazard or card wound that took him there, on his side, his healing card (named and its Health typed from it) or his blood counter,
//! and *No cure: fragged*. The game asks only when he has a cure in reach; every other panel's
//! action waits for the answer.

use egui::{RichText, Ui};

use super::super::inline_stepper;
use super::{PlayCommand, event_button, who};
use crate::systems::frag::game::{Event, Game, Play, Take, typed};
use crate::systems::frag::rules::data::Rulebook;
use crate::ui::theme;
use crate::ui::widgets::{row, row_label};

/// The healing card being typed for the cure.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CureForm {
    pub card: String,
    /// The Health the card heals.
    pub heals: u32,
}

impl Default for CureForm {
    fn default() -> CureForm {
        CureForm { card: String::new(), heals: 1 }
    }
}

/// The waiting cure, when a fighter waits at 0 Health for it; nothing otherwise.
pub fn cure_ui(
    ui: &mut Ui,
    book: &Rulebook,
    game: &Game,
    form: &mut CureForm,
    commands: &mut Vec<PlayCommand>,
) {
    let Some(wait) = &game.state.cure else { return };
    let v = ui.visuals().clone();
    let seat = wait.seat;
    let name = who(game, seat).to_owned();
    let blood = game.state.players.get(seat).map_or(0, |p| p.blood);
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.set_width(ui.available_width());
        let below = if wait.below == 0 { String::new() } else { format!(" ({} below)", wait.below) };
        ui.label(
            RichText::new(format!("{name} is at 0 Health{below}: cure it now, or be fragged."))
                .size(theme::HEADING)
                .color(theme::accent(&v)),
        );
        row(ui, |ui| {
            let l = row_label(ui, "Healing card");
            ui.add(
                egui::TextEdit::singleline(&mut form.card)
                    .char_limit(typed::NAME_CHARS)
                    .hint_text("as printed")
                    .desired_width(160.0),
            )
            .labelled_by(l.id);
            ui.add_space(theme::GAP);
            inline_stepper(ui, "heals", &mut form.heals, typed::HEALED.0, typed::HEALED.1);
        });
        row(ui, |ui| {
            let card = form.card.trim();
            let heal = Event::Play {
                player: seat,
                card: Play::Heal { name: card.to_owned(), amount: form.heals, beyond_max: false },
                on: None,
            };
            let label = if card.is_empty() {
                "Cure with … (name the card)".to_owned()
            } else {
                format!("Cure with {card}")
            };
            event_button(ui, book, game, &label, heal, commands);
            if blood > 0 {
                event_button(
                    ui,
                    book,
                    game,
                    "Cure with a blood counter",
                    Event::SpendBlood { player: seat },
                    commands,
                );
            }
            // A blood counter on the map that the player says is in reach.
            for pile in game.state.leftovers.iter().filter(|l| l.blood && !l.taken_by.contains(&seat)) {
                let label = format!("Cure with the blood counter left by {}", who(game, pile.from));
                let take = Event::PickUp { player: seat, pile: pile.id, take: Take::Blood };
                event_button(ui, book, game, &label, take, commands);
            }
            event_button(ui, book, game, "No cure: fragged", Event::NoCure { player: seat }, commands);
        });
    });
    ui.add_space(theme::GAP);
}
