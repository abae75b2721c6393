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
/// Ctrl+Shift+Z or Ctrl+Y. Both buttons keep one size whatever they say (Undo `undo_width`
/// wide, narrower where the screen is; Redo [`REDO_WIDTH`]), so neither moves when the labels
/// change: a second click where Undo was undoes again, never redoes. A long label is cut
/// short on the button and given whole in its tooltip and to screen readers (on a touch
/// screen, where nothing hovers, Undo's is written on two lines). The shortcuts are left to a
/// text field that has focus. In a right-to-left layout (a header's right end) Redo is placed
/// first, so the bar still reads Undo, Redo.
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

/// The width of the Redo button.
pub const REDO_WIDTH: f32 = 150.0;

/// The Undo button, `undo_width` wide at most; whether it was clicked.
fn undo_button(ui: &mut Ui, undo: Option<&str>, undo_width: f32) -> bool {
    let width = undo_width.min(ui.available_width() - REDO_WIDTH - ui.spacing().item_spacing.x).max(120.0);
    let full = undo.map_or_else(|| "Undo".to_owned(), |l| format!("Undo: {l}"));
    let touch = theme::is_touch(ui.ctx());
    let padding = ui.spacing().button_padding;
    let row = ui.text_style_height(&egui::TextStyle::Button);
    // On a touch screen, where nothing hovers, the label is written on two lines (cut short
    // past them); with a mouse, on one. Either way the button is that high, whatever it says.
    let (lines, margin) = if touch { (2.0, padding.y.min(4.0)) } else { (1.0, padding.y) };
    let height = (lines * row + 2.0 * margin).max(ui.spacing().interact_size.y);
    let shown = if touch {
        #[expect(clippy::cast_possible_truncation, clippy::cast_sign_loss, reason = "a few dozen characters")]
        let chars = (2.0 * (width - 2.0 * padding.x) / (0.5 * row)) as usize;
        egui::Button::new(elide(&full, chars.max(12))).wrap()
    } else {
        egui::Button::new(full.as_str()).truncate()
    };
    ui.scope(|ui| {
        ui.spacing_mut().button_padding.y = margin;
        fixed(ui, [width, height], undo.is_some(), shown)
    })
    .inner
    .accessible_name(full.clone())
    .on_hover_text(format!("{full} (Ctrl+Z)"))
    .clicked()
}

/// The Redo button, [`REDO_WIDTH`] wide; whether it was clicked.
fn redo_button(ui: &mut Ui, redo: Option<&str>) -> bool {
    let full = redo.map_or_else(|| "Redo".to_owned(), |l| format!("Redo: {l}"));
    let height = ui.spacing().interact_size.y;
    fixed(ui, [REDO_WIDTH, height], redo.is_some(), egui::Button::new(full.as_str()).truncate())
        .accessible_name(full.clone())
        .on_hover_text(format!("{full} (Ctrl+Shift+Z or Ctrl+Y)"))
        .clicked()
}

/// `button`, exactly `size`, greyed out unless `enabled`.
fn fixed(ui: &mut Ui, size: [f32; 2], enabled: bool, button: egui::Button<'_>) -> egui::Response {
    ui.add_enabled_ui(enabled, |ui| ui.add_sized(size, button)).inner
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

/// One row per game: its Resume (or Open) button and its Delete button. On a wide screen the
/// game's buttons are one width, as wide as the longest line or as the column leaves beside
/// Delete, a longer line cut short with the whole of it on hover: Delete stands in one place
/// on every row (none moves with the length of the line beside it), inside the column however
/// long the line (a fight's line ran past a side panel 420 points wide and took its Delete
/// with it). On a narrow screen each row wraps.
fn games_grid(ui: &mut Ui, id: &str, rows: &[Row<'_>]) -> Option<SavedAction> {
    let mut asked = None;
    let text_of = |label: &str, big: bool| {
        if big { RichText::new(label).size(theme::HEADING) } else { RichText::new(label) }
    };
    // The game's button, `width` wide (its natural width when `None`), cut short to it.
    let game_button = |ui: &mut Ui, text: RichText, width: Option<f32>| match width {
        Some(width) => {
            let cut = natural_width(ui, text.clone()) > width;
            let response = widgets::fixed(ui, width, egui::Align::Min, egui::Button::new(text).truncate());
            (response, cut)
        }
        None => (ui.button(text), false),
    };
    let mut row_ui = |ui: &mut Ui, row: &Row<'_>, width: Option<f32>| match row {
        Row::Game(game, label, big) => {
            let (response, cut) = game_button(ui, text_of(label, *big), width);
            let response = response.accessible_name(label.as_str());
            let response = if cut { response.on_hover_text(label.as_str()) } else { response };
            if response.clicked() {
                asked = Some(SavedAction::Resume(game.id.clone()));
            }
            if delete_button(ui, game) {
                asked = Some(SavedAction::Delete(game.id.clone()));
            }
        }
        Row::Deleted(game, label, big) => {
            ui.add_enabled_ui(false, |ui| {
                let (response, _) = game_button(ui, text_of(label, *big).strikethrough(), width);
                response
                    .accessible_name(label.as_str())
                    .on_disabled_hover_text(format!("Deleted: Undo delete brings it back ({label})"));
            });
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
            ui.push_id(n, |ui| widgets::row(ui, |ui| row_ui(ui, row, None)));
        }
    } else {
        // The column beside the games: room for the wider of Delete and Undo delete.
        let beside =
            natural_width(ui, RichText::new("Undo delete")).max(natural_width(ui, RichText::new("Delete")));
        let room = ui.available_width() - beside - ui.spacing().item_spacing.x;
        let longest = rows
            .iter()
            .map(|row| match row {
                Row::Game(_, label, big) | Row::Deleted(_, label, big) => {
                    natural_width(ui, text_of(label, *big))
                }
            })
            .fold(0.0, f32::max);
        let width = longest.min(room).max(0.0);
        ui.push_id(id, |ui| {
            ui.spacing_mut().item_spacing.y = 6.0;
            for (n, row) in rows.iter().enumerate() {
                ui.push_id(n, |ui| ui.horizontal(|ui| row_ui(ui, row, Some(width))));
            }
        });
    }
    asked
}

/// The width of a button showing `text` on one line.
fn natural_width(ui: &Ui, text: RichText) -> f32 {
    let galley = egui::WidgetText::from(text).into_galley(
        ui,
        Some(egui::TextWrapMode::Extend),
        f32::INFINITY,
        egui::TextStyle::Button,
    );
    galley.size().x + 2.0 * ui.spacing().button_padding.x
}

/// A Delete button for one saved game, named after it for screen readers and tests.
fn delete_button(ui: &mut Ui, game: &SavedGame) -> bool {
    let name = format!("Delete {}", game.summary.line);
    ui.button(RichText::new("Delete").color(theme::muted(ui.visuals())))
        .accessible_name(name.clone())
        .on_hover_text(format!("{name} (it waits in deleted/, and Undo delete brings it back)"))
        .clicked()
}

#[cfg(test)]
#[expect(clippy::float_cmp, reason = "the widths are set, whole numbers exact in f32")]
mod tests {
    use egui_kittest::Harness;
    use egui_kittest::kittest::Queryable as _;

    use super::*;

    /// The bar's two buttons, drawn with `labels` (undo, redo), on a mouse's screen or a
    /// finger's: where Undo and Redo stand.
    fn bar(
        labels: (Option<&'static str>, Option<&'static str>),
        touch: bool,
        undo_width: f32,
    ) -> (egui::Rect, egui::Rect) {
        let mut h = Harness::builder()
            .with_size(egui::vec2(700.0, 200.0))
            .with_context_setup(move |ctx| {
                theme::install(ctx);
                if touch {
                    theme::touch(ctx);
                }
            })
            .build_ui(move |ui| {
                ui.horizontal(|ui| history_bar(ui, labels.0, labels.1, undo_width));
            });
        h.run();
        let undo = labels.0.map_or_else(|| "Undo".to_owned(), |l| format!("Undo: {l}"));
        let redo = labels.1.map_or_else(|| "Redo".to_owned(), |l| format!("Redo: {l}"));
        (h.get_by_label(&undo).rect(), h.get_by_label(&redo).rect())
    }

    #[test]
    fn undo_and_redo_keep_their_places_whatever_they_say() {
        const LONG: &str =
            "Turn 3 · Cultists (2) 1 hits Doc Holt with the Knife: 9 against Parry 6, one raise";
        // A desktop's and a phone's widths (a phone leaves Undo about 210 points).
        for (touch, width) in [(false, 300.0), (true, 300.0), (true, 210.0)] {
            // Before an undo: a long Undo, no Redo. After it: a short Undo, the long Redo.
            let before = bar((Some(LONG), None), touch, width);
            let after = bar((Some("Cultists' turn"), Some(LONG)), touch, width);
            let nothing = bar((None, None), touch, width);
            assert_eq!(before, after, "touch {touch}: a second click where Undo was undoes again");
            assert_eq!(before, nothing, "touch {touch}");
            assert_eq!(before.0.width(), width, "touch {touch}");
            assert_eq!(before.1.width(), REDO_WIDTH, "touch {touch}");
        }
    }
}
