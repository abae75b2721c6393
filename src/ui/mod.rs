//! What every system's screens share: the theme (the only place colours, sizes and fonts are
//! chosen) and the widgets (choice rows, steppers, odds bars, typed-or-rolled dice). Screens
//! live with their system (its `ui/` folder); they read state and draw, ask their
//! system's rules for every decision, and never touch files: they send commands that their
//! system's app module carries out.
//!
//! [`theme`] is the only place colours, sizes and fonts are chosen, including `Severity`, the
//! colours of outcomes from "nothing" to "deadly" that each system maps its results onto, and
//! the layouts by size: `theme::touch` (every control at least 44 points high, for the web
//! page), `theme::is_narrow` (under `theme::NARROW`, 720 points: panes stack, the top bar wraps,
//! a turn is one scrolling column) and `theme::is_touch` (what the desktop puts in tooltips is
//! written out, `widgets::hint`). [`widgets`]: `row` (one line at desktop widths, wrapped on a
//! touch screen or under `theme::WIDE`), `side_by_side` (two columns of odds, one under the
//! other when narrow), steppers, toggles, odds bars, `roll_field` (a typed die with a Roll
//! button and Ctrl+R), the steady screens' status lines and field problems, and
//! `keep_in_view` (a focused field brought back above an on-screen keyboard). [`table`]: the
//! table session's Undo/Redo bar (Ctrl+Z, Ctrl+Shift+Z, Ctrl+Y) and saved-games list.
//! [`log`]: the game's log panel. [`sentence`] words a message. No rule and no file here.

pub mod log;
pub mod table;
pub mod theme;
pub mod widgets;

/// A message fragment as a sentence: capital first letter, full stop at the end.
#[must_use]
pub fn sentence(message: &str) -> String {
    let trimmed = message.trim();
    let mut s: String = trimmed.chars().take(1).flat_map(char::to_uppercase).collect();
    s.push_str(trimmed.get(trimmed.chars().next().map_or(0, char::len_utf8)..).unwrap_or(""));
    if !s.is_empty() && !s.ends_with(['.', '!', '?']) {
        s.push('.');
    }
    s
}
