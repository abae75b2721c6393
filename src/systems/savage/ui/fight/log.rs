//! The fight's log in plain words, newest at the bottom, each line numbered as the journal
//! counts it: the shared log panel.

use egui::{RichText, Ui};

use crate::systems::savage::game::Fight;
use crate::ui::log::{LogOptions, log_panel};

pub(super) fn log_ui(ui: &mut Ui, fight: &Fight<'_>) {
    log_panel(ui, &fight.lines, LogOptions::new("savage-log"), |n, line| {
        RichText::new(format!("{}. {line}", n + 1))
    });
}
