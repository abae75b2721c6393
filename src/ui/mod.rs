//! What every system's screens share: the theme (the only place colours, sizes and fonts are
//! chosen) and the widgets (choice rows, steppers, odds bars, typed-or-rolled dice). Screens
//! live with their system (its `ui/` folder); they read state and draw, ask their
//! system's rules for every decision, and never touch files: they send commands that their
//! system's app module carries out.

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
