//! The screens and widgets of the desktop app. Screens read state and draw; they never
//! compute rules themselves but call `crate::rules`.

pub mod reference;
pub mod theme;
pub mod widgets;
