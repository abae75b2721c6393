//! The Print screen: the one-page reference sheet, and the scoreboard sheet (the open game's
//! players, or blank rows, × frags to the target), as PDF on A4 or Letter.

use std::path::PathBuf;

use egui::{RichText, Ui};

use crate::print::Paper;
use crate::ui::theme;
use crate::ui::widgets::{choice, stepper};

/// Something the Print screen asks the app to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PrintCommand {
    Reference(Paper),
    Scoreboard {
        players: Vec<String>,
        target: u32,
        paper: Paper,
    },
    /// Opens a printed PDF with the system's viewer.
    Open(PathBuf),
}

/// The Print screen's form and the last result.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PrintState {
    pub paper: Paper,
    /// The scoreboard's target once changed here (until then the open game's, or the book's).
    pub target: Option<u32>,
    /// Leave the names off the scoreboard (blank rows to write in).
    pub blank: bool,
    /// What happened, and whether it went wrong.
    pub notice: Option<(String, bool)>,
    /// The last PDF written.
    pub last: Option<PathBuf>,
}

/// Draws the Print screen. `players` and `target` are the open game's (none and the book's
/// target without a game).
pub fn print_ui(
    ui: &mut Ui,
    players: &[String],
    target: u32,
    state: &mut PrintState,
    commands: &mut Vec<PrintCommand>,
) {
    egui::CentralPanel::default().show(ui, |ui| {
        let v = ui.visuals().clone();
        choice(ui, "Paper", &mut state.paper, &[(Paper::A4, "A4"), (Paper::Letter, "Letter")], |_| true);
        ui.add_space(theme::GAP);
        ui.label(theme::heading(&v, "Reference sheet"));
        ui.label(
            "One page: the weapons, the rolls and modifiers, the turn's actions, frags, respawn and set-up.",
        );
        if ui.button(RichText::new("Print the reference sheet").size(theme::HEADING)).clicked() {
            commands.push(PrintCommand::Reference(state.paper));
        }
        ui.add_space(theme::GAP);
        ui.label(theme::heading(&v, "Scoreboard"));
        let mut chosen = state.target.unwrap_or(target);
        let before = chosen;
        stepper(ui, "Frags to win", &mut chosen, 1, 999);
        if chosen != before {
            state.target = Some(chosen);
        }
        if players.is_empty() {
            ui.label("No game is open: six blank rows to write the players in.");
        } else {
            ui.label(format!("The open game's players: {}.", players.join(", ")));
            ui.checkbox(&mut state.blank, "Blank rows instead of their names");
        }
        if ui.button(RichText::new("Print the scoreboard").size(theme::HEADING)).clicked() {
            let names = if state.blank { Vec::new() } else { players.to_vec() };
            commands.push(PrintCommand::Scoreboard { players: names, target: chosen, paper: state.paper });
        }
        if let Some((text, bad)) = &state.notice {
            ui.add_space(theme::GAP);
            let colour = if *bad { theme::bad(&v) } else { theme::good(&v) };
            ui.label(RichText::new(text).color(colour).strong());
            if let (false, Some(path)) = (*bad, &state.last)
                && ui.button("Open the PDF").clicked()
            {
                commands.push(PrintCommand::Open(path.clone()));
            }
        }
    });
}
