//! How Dead Man's Hand's things look on screen: its cards as card faces (rank and suit in the
//! corners, the name, when to play it and what it does), and a shot's results on the theme's
//! severity scale.

use egui::{Align, Color32, CornerRadius, Layout, RichText, Stroke, Ui};

use crate::kernel::cards::{Colour, Suit};
use crate::systems::dmh::rules::data::{CardText, Rules};
use crate::systems::dmh::rules::shooting::ShotResult;
use crate::ui::theme::{self, Severity};

/// The colour of a shot's result, from harmless to deadly.
#[must_use]
pub fn result_colour(visuals: &egui::Visuals, result: ShotResult) -> Color32 {
    let severity = match result {
        ShotResult::OutOfAmmo => Severity::Aside,
        ShotResult::Miss => Severity::Nothing,
        ShotResult::UnderFire => Severity::Light,
        ShotResult::UnderFireAndNerve => Severity::Heavy,
        ShotResult::OutOfAction => Severity::Deadly,
    };
    theme::severity_colour(visuals, severity)
}

/// Draws a card face: rank and suit in the corner, the name, when to play it and its effect.
pub fn card_face(ui: &mut Ui, rules: &Rules, card: &CardText, width: f32) {
    let (corner, colour) = corner(card);
    let ink = theme::suit_ink(colour);
    egui::Frame::new()
        .fill(theme::card_paper())
        .stroke(Stroke::new(1.5, theme::card_edge()))
        .corner_radius(CornerRadius::same(10))
        .inner_margin(12)
        .show(ui, |ui| {
            ui.vertical(|ui| {
                ui.set_width(width);
                ui.set_min_height(200.0);
                crate::ui::widgets::row(ui, |ui| {
                    corner_ui(ui, card, &corner, ink);
                    ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
                        ui.label(RichText::new(owner(rules, card)).small().color(theme::card_ink()));
                    });
                });
                ui.label(RichText::new(&card.name).size(theme::BODY + 1.0).strong().color(ink));
                ui.add_space(2.0);
                ui.label(
                    RichText::new(format!("When: {}", card.when)).small().italics().color(theme::card_ink()),
                );
                ui.add_space(2.0);
                ui.label(RichText::new(&card.effect).color(theme::card_ink()));
                ui.add_space(4.0);
                let badge = match card.automation.level {
                    crate::systems::dmh::rules::data::AutoLevel::Applied => "Posse applies:",
                    crate::systems::dmh::rules::data::AutoLevel::Reminder => "Reminder:",
                };
                ui.label(
                    RichText::new(format!("{badge} {}", card.automation.note))
                        .small()
                        .color(theme::card_ink()),
                );
            });
        });
}

/// Lays out `items` in rows of as many `width`-wide cells as fit, tops aligned.
pub fn card_rows<T>(ui: &mut Ui, items: &[T], width: f32, mut cell: impl FnMut(&mut Ui, &T)) {
    let spacing = ui.spacing().item_spacing.x;
    #[expect(clippy::cast_possible_truncation, clippy::cast_sign_loss, reason = "a small positive count")]
    let per_row = (((ui.available_width() + spacing) / (width + spacing)).floor() as usize).max(1);
    for row in items.chunks(per_row) {
        ui.with_layout(Layout::left_to_right(Align::Min), |ui| {
            for item in row {
                cell(ui, item);
            }
        });
    }
}

/// The rank and suit in the card's corner; a common card shows all four suits in their colours.
fn corner_ui(ui: &mut Ui, card: &CardText, corner: &str, ink: Color32) {
    let size = 26.0;
    if card.suit.is_some() || card.id.is_some() {
        ui.label(RichText::new(corner).size(size).strong().color(ink));
        return;
    }
    ui.spacing_mut().item_spacing.x = 2.0;
    ui.label(RichText::new(card.rank.as_deref().unwrap_or("")).size(size).strong().color(theme::card_ink()));
    ui.add_space(6.0);
    for suit in [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs] {
        ui.label(
            RichText::new(suit.symbol().to_string()).size(size - 6.0).color(theme::suit_ink(suit.colour())),
        );
    }
}

fn corner(card: &CardText) -> (String, Colour) {
    if let Some(id) = &card.id {
        let colour = card.colour.unwrap_or(Colour::Black);
        return (if id == "RJ" { "Red Joker".into() } else { "Black Joker".into() }, colour);
    }
    let rank = card.rank.clone().unwrap_or_default();
    match card.suit {
        Some(suit) => (format!("{rank}{}", suit.symbol()), suit.colour()),
        None => (format!("{rank} ♠♥♦♣"), Colour::Black),
    }
}

fn owner(rules: &Rules, card: &CardText) -> String {
    if let Some(role) = card.role {
        return format!("{}' joker", role.title().to_lowercase());
    }
    match &card.gang {
        Some(g) => rules.gang(g).map_or_else(|| g.clone(), |g| g.name.clone()),
        None => "common card".into(),
    }
}
