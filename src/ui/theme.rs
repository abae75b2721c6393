//! Colours, sizes and fonts: the only place the UI maps rules to looks.

use std::sync::Arc;

use egui::epaint::text::{FontData, FontDefinitions, FontTweak};
use egui::{Color32, FontFamily, FontId, RichText, Visuals};

use crate::kernel::cards::{Colour, Suit};

/// DejaVu Sans, embedded so every screen and test has the card suits ♠♥♦♣.
const DEJAVU: &[u8] = include_bytes!("../../data/fonts/DejaVuSans.ttf");

/// Spacing between blocks, in points.
pub const GAP: f32 = 12.0;
/// The size of the big numbers a player reads from across the table.
pub const BIG: f32 = 40.0;
/// The size of headings.
pub const HEADING: f32 = 20.0;
/// The size of body text.
pub const BODY: f32 = 16.0;
/// The smallest text on a touch screen (the log's lines, read at arm's length on a phone).
pub const MIN_TOUCH_TEXT: f32 = 14.0;

/// Installs the fonts and the base text sizes.
///
/// The fonts are Ubuntu Light (egui's own face, which every screen is laid out with), egui's
/// handful of icons, then DejaVu Sans for the suits and every other character Ubuntu lacks:
/// egui's set without its monospace face (Hack), which no screen uses, so the web page is
/// 300 KB smaller. Monospace text, should any appear, gets the same faces.
pub fn install(ctx: &egui::Context) {
    let mut fonts = FontDefinitions::empty();
    fonts
        .font_data
        .insert("Ubuntu-Light".into(), Arc::new(FontData::from_static(epaint_default_fonts::UBUNTU_LIGHT)));
    let icons = FontData::from_static(epaint_default_fonts::EGUI_ICONS)
        .tweak(FontTweak { scale: 0.9, ..FontTweak::default() });
    fonts.font_data.insert("egui-icons".into(), Arc::new(icons));
    fonts.font_data.insert("DejaVuSans".into(), Arc::new(FontData::from_static(DEJAVU)));
    let faces: Vec<String> = ["Ubuntu-Light", "egui-icons", "DejaVuSans"].map(String::from).into();
    fonts.families.insert(FontFamily::Proportional, faces.clone());
    fonts.families.insert(FontFamily::Monospace, faces);
    ctx.set_fonts(fonts);
    ctx.all_styles_mut(|style| {
        style.text_styles.insert(egui::TextStyle::Body, FontId::proportional(BODY));
        style.text_styles.insert(egui::TextStyle::Button, FontId::proportional(BODY));
        style.text_styles.insert(egui::TextStyle::Heading, FontId::proportional(HEADING + 4.0));
        style.text_styles.insert(egui::TextStyle::Small, FontId::proportional(BODY - 3.0));
        style.spacing.item_spacing = egui::vec2(8.0, 8.0);
        style.spacing.button_padding = egui::vec2(10.0, 5.0);
        style.spacing.interact_size.y = 28.0;
    });
    // The light theme's defaults lose inputs, stripes and bar tracks against the background.
    ctx.style_mut_of(egui::Theme::Light, |style| {
        let v = &mut style.visuals;
        v.faint_bg_color = Color32::from_gray(232);
        v.extreme_bg_color = Color32::from_gray(224);
        v.text_edit_bg_color = Some(Color32::WHITE);
        let outline = egui::Stroke::new(1.0, Color32::from_gray(150));
        v.widgets.inactive.bg_stroke = outline;
        v.widgets.noninteractive.bg_stroke = egui::Stroke::new(1.0, Color32::from_gray(175));
        v.widgets.inactive.weak_bg_fill = Color32::from_gray(226);
        v.widgets.inactive.bg_fill = Color32::from_gray(214);
    });
}

/// The least height of anything a finger taps, in points (a point is a CSS pixel in the web
/// page at its usual zoom): the 44 px of Apple's and the W3C's touch-target guidance.
pub const TOUCH_TARGET: f32 = 44.0;

/// Below this width, in points, screens put side by side what is beside each other on a
/// desktop (the Play screen's roster above the turn, the gang list above the editor).
pub const NARROW: f32 = 720.0;

/// Sizes for fingers, for the web page on a tablet or a phone: every button, field, tick box
/// and tab at least [`TOUCH_TARGET`] high, with room between them. Text keeps its size.
pub fn touch(ctx: &egui::Context) {
    ctx.all_styles_mut(|style| {
        style.spacing.interact_size.y = TOUCH_TARGET;
        // 18 a side: a button of one character ("0", "−", "⚑") is still 44 wide.
        style.spacing.button_padding = egui::vec2(18.0, 8.0);
        style.spacing.item_spacing = egui::vec2(10.0, 10.0);
        // Tick boxes and radio buttons: a box a finger can find.
        style.spacing.icon_width = 26.0;
        style.spacing.icon_width_inner = 14.0;
        style.spacing.icon_spacing = 8.0;
        // A scroll bar wide enough to drag (content also scrolls by dragging it).
        style.spacing.scroll.bar_width = 12.0;
    });
    ctx.data_mut(|d| d.insert_temp(egui::Id::unique(TOUCH_KEY), true));
}

/// Where [`touch`] leaves its mark in the context's memory.
const TOUCH_KEY: &str = "posse-touch";

/// Whether the app is sized for fingers ([`touch`]): facts that the desktop gives in a
/// tooltip are then written out, since a finger cannot hover.
#[must_use]
pub fn is_touch(ctx: &egui::Context) -> bool {
    ctx.data(|d| d.get_temp::<bool>(egui::Id::unique(TOUCH_KEY))).unwrap_or(false)
}

/// Whether the window is narrow ([`NARROW`]): a phone, or a tablet held upright.
#[must_use]
pub fn is_narrow(ctx: &egui::Context) -> bool {
    ctx.content_rect().width() < NARROW
}

/// Below this width, in points, screens with three columns on a desktop (a list, the turn
/// and a side panel) or two wide ones stack them in one scrolling column: a tablet held
/// upright.
pub const WIDE: f32 = 1100.0;

/// Whether the window is at least [`WIDE`]: room for three columns.
#[must_use]
pub fn is_wide(ctx: &egui::Context) -> bool {
    ctx.content_rect().width() >= WIDE
}

fn dark(visuals: &Visuals) -> bool {
    visuals.dark_mode
}

/// How bad a result is, from harmless to deadly; each system maps its results onto this
/// scale (a shot's result, damage, a wound), so every system's odds read alike.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    /// Something happened that is not damage (out of ammo).
    Aside,
    /// Nothing happened.
    Nothing,
    /// A light hit.
    Light,
    /// A heavy hit.
    Heavy,
    /// Out of the fight.
    Deadly,
}

/// The colour of a result on the [`Severity`] scale.
#[must_use]
pub fn severity_colour(visuals: &Visuals, severity: Severity) -> Color32 {
    let d = dark(visuals);
    match (severity, d) {
        (Severity::Aside, true) => Color32::from_rgb(120, 150, 200),
        (Severity::Aside, false) => Color32::from_rgb(60, 90, 150),
        (Severity::Nothing, true) => Color32::from_gray(150),
        (Severity::Nothing, false) => Color32::from_gray(120),
        (Severity::Light, true) => Color32::from_rgb(230, 190, 70),
        (Severity::Light, false) => Color32::from_rgb(190, 140, 0),
        (Severity::Heavy, true) => Color32::from_rgb(240, 140, 50),
        (Severity::Heavy, false) => Color32::from_rgb(210, 100, 10),
        (Severity::Deadly, true) => Color32::from_rgb(235, 80, 70),
        (Severity::Deadly, false) => Color32::from_rgb(190, 30, 30),
    }
}

/// Good news (a pass, a win).
#[must_use]
pub fn good(visuals: &Visuals) -> Color32 {
    if dark(visuals) { Color32::from_rgb(110, 200, 120) } else { Color32::from_rgb(30, 130, 50) }
}

/// Bad news (a fail, a loss).
#[must_use]
pub fn bad(visuals: &Visuals) -> Color32 {
    if dark(visuals) { Color32::from_rgb(235, 80, 70) } else { Color32::from_rgb(190, 30, 30) }
}

/// The accent used for headings and the current selection.
#[must_use]
pub fn accent(visuals: &Visuals) -> Color32 {
    if dark(visuals) { Color32::from_rgb(225, 170, 90) } else { Color32::from_rgb(150, 80, 20) }
}

/// Muted text for explanations.
#[must_use]
pub fn muted(visuals: &Visuals) -> Color32 {
    if dark(visuals) { Color32::from_gray(160) } else { Color32::from_gray(95) }
}

/// The ink of a card suit: red, or black (light grey on a dark card).
#[must_use]
pub fn suit_ink(colour: Colour) -> Color32 {
    match colour {
        Colour::Red => Color32::from_rgb(180, 25, 30),
        Colour::Black => Color32::from_rgb(25, 25, 30),
    }
}

/// A suit's colour readable on the window's background (black suits become the text colour).
#[must_use]
pub fn suit_ink_on(visuals: &Visuals, suit: Suit) -> Color32 {
    match suit.colour() {
        Colour::Red => bad(visuals),
        Colour::Black => visuals.strong_text_color(),
    }
}

/// The face of a card: always paper-coloured, like a real card, in either theme.
#[must_use]
pub fn card_paper() -> Color32 {
    Color32::from_rgb(250, 246, 236)
}

/// The card edge.
#[must_use]
pub fn card_edge() -> Color32 {
    Color32::from_rgb(140, 120, 90)
}

/// Body text on a card face.
#[must_use]
pub fn card_ink() -> Color32 {
    Color32::from_rgb(40, 35, 30)
}

/// A big number or word.
#[must_use]
pub fn big(text: impl Into<String>) -> RichText {
    RichText::new(text).size(BIG).strong()
}

/// A section heading.
#[must_use]
pub fn heading(visuals: &Visuals, text: impl Into<String>) -> RichText {
    RichText::new(text).size(HEADING).strong().color(accent(visuals))
}
