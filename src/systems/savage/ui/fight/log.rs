//! The fight's log in plain words, newest at the bottom. Lines wrap to different heights, so
//! rather than rows of one height it draws the newest lines only (a fight's whole journal is
//! kept; a table looks back a round or two, not a hundred events).

use egui::{RichText, Ui};

use crate::systems::savage::game::Fight;
use crate::ui::theme;

/// How many of the newest lines are drawn.
const SHOWN: usize = 200;

pub(super) fn log_ui(ui: &mut Ui, fight: &Fight<'_>) {
    let v = ui.visuals().clone();
    ui.label(theme::heading(&v, "Log"));
    let first = fight.lines.len().saturating_sub(SHOWN);
    egui::ScrollArea::vertical()
        .id_salt("savage-log")
        .stick_to_bottom(true)
        .auto_shrink([false, false])
        .show(ui, |ui| {
            if first > 0 {
                ui.label(
                    RichText::new(format!("{first} earlier lines are in the journal."))
                        .color(theme::muted(&v)),
                );
            }
            for (n, line) in fight.lines.iter().enumerate().skip(first) {
                ui.label(RichText::new(format!("{}. {line}", n + 1)).size(theme::BODY - 2.0));
            }
        });
}
