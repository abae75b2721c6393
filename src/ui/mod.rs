//! The screens and widgets of the desktop app. Screens read state and draw; they never
//! compute rules themselves but call `crate::systems::dmh::rules`, and they never touch files: they send
//! commands that the app carries out.

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
