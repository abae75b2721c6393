//! Deadlands' screens. They read the rules and the fight's state and send commands; every rule
//! is decided in `rules/` and `game/` (the screens ask `State`'s queries and `allows`), and
//! every file is written by `app/`.
//!
//! `combatants.rs`: the combatant files and their editor. `fight/`: the Marshal's combat
//! tracker, one file per part of the table (set-up, the action order, the acting combatant's
//! turn, fate chips, one combatant's condition, the log). `reference.rs`: the calculators
//! and rules on their own. `print.rs`: the sheets. `calc.rs`: the odds and dice forms they
//! share.

pub mod calc;
pub mod combatants;
pub mod fight;
pub mod print;
pub mod reference;

use std::path::PathBuf;

use egui::{Color32, RichText, Visuals};

use crate::kernel::cards::{Card, Colour};
use crate::systems::savage::rules::chips::ChipColour;
use crate::systems::savage::rules::die::Die;
use crate::ui::theme;

/// A sentence shown on a screen, with the file it is about when there is one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    pub text: String,
    pub error: bool,
    pub path: Option<PathBuf>,
}

impl Notice {
    /// A problem.
    #[must_use]
    pub fn error(text: impl Into<String>) -> Notice {
        Notice { text: text.into(), error: true, path: None }
    }

    /// Something done, with the file it made.
    #[must_use]
    pub fn done(text: impl Into<String>, path: PathBuf) -> Notice {
        Notice { text: text.into(), error: false, path: Some(path) }
    }
}

/// The die types a trait can be given in the editors: d4 to d12, then d12+1 to d12+6.
#[must_use]
pub fn die_choices() -> Vec<Die> {
    let plain = [4, 6, 8, 10, 12].into_iter().filter_map(Die::new);
    plain.chain((1..=6).filter_map(Die::d12_plus)).collect()
}

/// A die type picker labelled `label` (its accessible name).
pub fn die_picker(ui: &mut egui::Ui, label: &str, die: &mut Die) {
    egui::ComboBox::from_id_salt(label)
        .selected_text(die.to_string())
        .width(76.0)
        .show_ui(ui, |ui| {
            for choice in die_choices() {
                ui.selectable_value(die, choice, choice.to_string());
            }
        })
        .response
        .accessible_name(label)
        .on_hover_text(label);
}

/// A signed number as players write it: +2, −1, 0.
#[must_use]
pub fn signed(n: i32) -> String {
    match n {
        0 => "0".to_owned(),
        n if n > 0 => format!("+{n}"),
        n => format!("−{}", n.unsigned_abs()),
    }
}

/// The colour a fate chip is drawn in (the UI's mapping of the rules' colours).
#[must_use]
pub fn chip_colour(visuals: &Visuals, colour: ChipColour) -> Color32 {
    match colour {
        ChipColour::White => {
            if visuals.dark_mode {
                Color32::from_gray(235)
            } else {
                Color32::from_gray(90)
            }
        }
        ChipColour::Red => theme::bad(visuals),
        ChipColour::Blue => {
            if visuals.dark_mode {
                Color32::from_rgb(110, 160, 255)
            } else {
                Color32::from_rgb(30, 80, 200)
            }
        }
        ChipColour::Legendary => theme::accent(visuals),
    }
}

/// A chip colour's name with a capital.
#[must_use]
pub fn chip_name(colour: ChipColour) -> &'static str {
    match colour {
        ChipColour::White => "White",
        ChipColour::Red => "Red",
        ChipColour::Blue => "Blue",
        ChipColour::Legendary => "Legendary",
    }
}

/// An action card as big text in its suit's colour.
#[must_use]
pub fn card_text(visuals: &Visuals, card: Card, size: f32) -> RichText {
    let colour = match card {
        Card::Joker(Colour::Red) => theme::bad(visuals),
        Card::Joker(Colour::Black) => visuals.strong_text_color(),
        Card::Suited { suit, .. } => theme::suit_ink_on(visuals, suit),
    };
    let label = match card {
        Card::Joker(_) => "Joker".to_owned(),
        Card::Suited { .. } => card.label(),
    };
    RichText::new(label).size(size).strong().color(colour)
}

/// A notice in its colour, with a button to open the file it made.
pub fn notice_ui(ui: &mut egui::Ui, notice: &Notice) -> Option<PathBuf> {
    let v = ui.visuals().clone();
    let mut open = None;
    ui.horizontal_wrapped(|ui| {
        let colour = if notice.error { theme::bad(&v) } else { theme::good(&v) };
        ui.label(RichText::new(&notice.text).color(colour).strong());
        if let Some(path) = &notice.path
            && ui.button("Open the PDF").clicked()
        {
            open = Some(path.clone());
        }
    });
    open
}

/// A unit's name in the possessive: a group of Extras is many ("the Outlaws' turn"), a Wild
/// Card one ("the Boss's turn").
#[must_use]
pub fn whose(combatant: &crate::systems::savage::rules::combatant::Combatant) -> String {
    let name = &combatant.name;
    if !combatant.is_wild_card() && name.ends_with('s') { format!("{name}'") } else { format!("{name}'s") }
}
