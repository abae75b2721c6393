//! The screens and widgets of the desktop app. Screens read state and draw; they never
//! compute rules themselves but call `crate::rules`, and they never touch files: they send
//! commands that the app carries out.

pub mod gangs;
pub mod hand;
pub mod names;
pub mod play;
pub mod reference;
pub mod scenes;
pub mod theme;
pub mod widgets;
