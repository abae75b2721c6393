//! The fight's log in plain words, newest at the bottom; long logs draw only the rows shown.

use egui::{RichText, Ui};

use crate::systems::savage::game::Fight;
use crate::ui::theme;

pub(super) fn log_ui(ui: &mut Ui, fight: &Fight<'_>) {
    let v = ui.visuals().clone();
    ui.label(theme::heading(&v, "Log"));
    let row = ui.text_style_height(&egui::TextStyle::Body) * 2.4;
    egui::ScrollArea::vertical()
        .id_salt("savage-log")
        .stick_to_bottom(true)
        .auto_shrink([false, false])
        .show_rows(ui, row, fight.lines.len(), |ui, rows| {
            for n in rows {
                if let Some(line) = fight.lines.get(n) {
                    ui.label(RichText::new(format!("{}. {line}", n + 1)).size(theme::BODY - 2.0));
                }
            }
        });
}
