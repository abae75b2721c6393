//! The table session's screen pieces, the same in every game: the Undo/Redo bar and the
//! saved-games list. They draw what [`crate::session::Table`] says and return what the player
//! asked for; the system's screen turns that into its own command.

use egui::{RichText, Ui};

use crate::session::{Deleted, SavedGame};
use crate::ui::{theme, widgets};

/// What the player asked of the Undo/Redo bar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum History {
    Undo,
    Redo,
}

/// Undo (saying what it undoes) and Redo (saying what it redoes), with Ctrl+Z, and
/// Ctrl+Shift+Z or Ctrl+Y. Undo keeps one width (`undo_width`, narrower where the screen is),
/// so Redo after it never moves; a long label is shortened on the button and given whole in
/// its tooltip and to screen readers (on a touch screen, where nothing hovers, it is written
/// whole on the button). The shortcuts are left to a text field that has focus. In a
/// right-to-left layout (a header's right end) Redo is placed first, so the bar still reads
/// Undo, Redo.
pub fn history_bar(ui: &mut Ui, undo: Option<&str>, redo: Option<&str>, undo_width: f32) -> Option<History> {
    // Ctrl+Shift+Z first: Ctrl+Z alone would match it too.
    let (redo_key, undo_key) = if ui.ctx().text_edit_focused() {
        (false, false)
    } else {
        ui.input_mut(|i| {
            let redo = i.consume_key(egui::Modifiers::COMMAND | egui::Modifiers::SHIFT, egui::Key::Z)
                || i.consume_key(egui::Modifiers::COMMAND, egui::Key::Y);
            (redo, !redo && i.consume_key(egui::Modifiers::COMMAND, egui::Key::Z))
        })
    };
    let mut asked = None;
    let right_to_left = ui.layout().prefer_right_to_left();
    if right_to_left && redo_button(ui, redo) {
        asked = Some(History::Redo);
    }
    if undo_button(ui, undo, undo_width) || (undo.is_some() && undo_key) {
        asked = Some(History::Undo);
    }
    if !right_to_left && redo_button(ui, redo) {
        asked = Some(History::Redo);
    }
    if redo.is_some() && redo_key {
        asked = Some(History::Redo);
    }
    asked
}

/// The Undo button, `undo_width` wide at most; whether it was clicked.
fn undo_button(ui: &mut Ui, undo: Option<&str>, undo_width: f32) -> bool {
    let width = undo_width.min(ui.available_width() - 90.0).max(120.0);
    #[expect(clippy::cast_possible_truncation, clippy::cast_sign_loss, reason = "a few dozen characters")]
    let chars = ((width / 9.0) as usize).clamp(12, 44);
    let full = undo.map_or_else(|| "Undo".to_owned(), |l| format!("Undo: {l}"));
    // On a touch screen, where nothing hovers, the whole label is written on the button,
    // wrapped within its width.
    let button = if theme::is_touch(ui.ctx()) {
        egui::Button::new(full.as_str()).wrap()
    } else {
        egui::Button::new(elide(&full, chars))
    };
    ui.add_enabled(undo.is_some(), button.min_size(egui::vec2(width, 0.0)))
        .accessible_name(full.clone())
        .on_hover_text(format!("{full} (Ctrl+Z)"))
        .clicked()
}

/// The Redo button; whether it was clicked.
fn redo_button(ui: &mut Ui, redo: Option<&str>) -> bool {
    let full = redo.map_or_else(|| "Redo".to_owned(), |l| format!("Redo: {l}"));
    ui.add_enabled(redo.is_some(), egui::Button::new(elide(&full, 28)))
        .accessible_name(full.clone())
        .on_hover_text(format!("{full} (Ctrl+Shift+Z or Ctrl+Y)"))
        .clicked()
}

/// `text` cut to `max` characters with an ellipsis.
#[must_use]
pub fn elide(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        text.to_owned()
    } else {
        let cut: String = text.chars().take(max.saturating_sub(1)).collect();
        format!("{}…", cut.trim_end())
    }
}

/// What the player asked of the saved-games list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SavedAction {
    /// Open this game (to play on, or to read a finished or damaged one).
    Resume(String),
    /// Move this game to `deleted/`.
    Delete(String),
    /// Bring back the game deleted last.
    UndoDelete,
}

/// The words of a system's saved-games list.
#[derive(Clone, Copy, Debug)]
pub struct SavedWords {
    /// The heading over the games to play on ("Games to resume").
    pub heading: &'static str,
    /// The system's word for a game, in the plural ("games", "fights").
    pub plural: &'static str,
}

/// The saved games: those to play on first, each with Resume and Delete; the finished and
/// damaged ones folded away under a count, each with Open and Delete. A game just deleted
/// keeps its row, with *Undo delete* where its Delete was, so no row moves under the player's
/// hand and a second click in the same place takes the delete back.
pub fn saved_games_ui(
    ui: &mut Ui,
    saved: &[SavedGame],
    last_deleted: Option<&Deleted>,
    words: SavedWords,
) -> Option<SavedAction> {
    let v = ui.visuals().clone();
    let mut asked = None;
    // Where the deleted game stood among the games of its part of the list.
    let deleted_in = |playable: bool| {
        last_deleted.filter(|d| d.game.summary.playable() == playable).map(|d| {
            let before = saved.iter().take(d.at).filter(|g| g.summary.playable() == playable).count();
            (d, before)
        })
    };
    let rows = |playable: bool, verb: &str| -> Vec<Row<'_>> {
        let mut rows: Vec<Row<'_>> = saved
            .iter()
            .filter(|g| g.summary.playable() == playable)
            .enumerate()
            .map(|(n, g)| Row::Game(g, format!("{verb} {}", g.summary.text()), playable && n == 0))
            .collect();
        if let Some((d, at)) = deleted_in(playable) {
            let label = format!("{verb} {}", d.game.summary.text());
            if at == 0
                && let Some(Row::Game(_, _, big)) = rows.first_mut()
            {
                *big = false;
            }
            rows.insert(at.min(rows.len()), Row::Deleted(&d.game, label, playable && at == 0));
        }
        rows
    };
    let playable = rows(true, "Resume");
    if !playable.is_empty() {
        ui.label(theme::heading(&v, words.heading));
        if let Some(action) = games_grid(ui, "posse-saved-playable", &playable) {
            asked = Some(action);
        }
        ui.add_space(theme::GAP);
    }
    let rest = rows(false, "Open");
    if !rest.is_empty() {
        let count = rest.iter().filter(|r| matches!(r, Row::Game(..))).count();
        egui::CollapsingHeader::new(format!("Finished or damaged {}: {count}", words.plural))
            .id_salt("posse-finished-games")
            .show(ui, |ui| {
                if let Some(action) = games_grid(ui, "posse-saved-finished", &rest) {
                    asked = Some(action);
                }
            });
        ui.add_space(theme::GAP);
    }
    asked
}

/// One row of the saved-games list.
enum Row<'a> {
    /// A game, the words of its button, and whether it reads larger (the newest to play on).
    Game(&'a SavedGame, String, bool),
    /// The game just deleted, in its place, with the words and size its button had (so the
    /// column beside it keeps its width).
    Deleted(&'a SavedGame, String, bool),
}

/// One row per game: its Resume (or Open) button and its Delete button, the Delete buttons
/// lined up in a column of their own on a wide screen (so none moves with the length of the
/// line beside it), each row wrapping on a narrow one.
fn games_grid(ui: &mut Ui, id: &str, rows: &[Row<'_>]) -> Option<SavedAction> {
    let mut asked = None;
    let mut row_ui = |ui: &mut Ui, row: &Row<'_>| match row {
        Row::Game(game, label, big) => {
            let text = if *big { RichText::new(label).size(theme::HEADING) } else { RichText::new(label) };
            if ui.button(text).clicked() {
                asked = Some(SavedAction::Resume(game.id.clone()));
            }
            if delete_button(ui, game) {
                asked = Some(SavedAction::Delete(game.id.clone()));
            }
        }
        Row::Deleted(game, label, big) => {
            let text = if *big { RichText::new(label).size(theme::HEADING) } else { RichText::new(label) };
            ui.add_enabled(false, egui::Button::new(text.strikethrough()))
                .on_disabled_hover_text("Deleted: Undo delete brings it back");
            let full = format!("Undo delete: {}", game.summary.line);
            if ui
                .button("Undo delete")
                .accessible_name(full.clone())
                .on_hover_text(format!("{full} (it comes back to the list as it was)"))
                .clicked()
            {
                asked = Some(SavedAction::UndoDelete);
            }
        }
    };
    if theme::is_narrow(ui.ctx()) {
        for (n, row) in rows.iter().enumerate() {
            ui.push_id(n, |ui| widgets::row(ui, |ui| row_ui(ui, row)));
        }
    } else {
        egui::Grid::new(id).num_columns(2).spacing(egui::vec2(theme::GAP, 6.0)).show(ui, |ui| {
            for row in rows {
                // Two cells, the game and its Delete (buttons keep no state, so no id is needed).
                row_ui(ui, row);
                ui.end_row();
            }
        });
    }
    asked
}

/// A Delete button for one saved game, named after it for screen readers and tests.
fn delete_button(ui: &mut Ui, game: &SavedGame) -> bool {
    let name = format!("Delete {}", game.summary.line);
    ui.button(RichText::new("Delete").color(theme::muted(ui.visuals())))
        .accessible_name(name.clone())
        .on_hover_text(format!("{name} (it waits in deleted/, and Undo delete brings it back)"))
        .clicked()
}
