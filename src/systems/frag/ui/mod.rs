//! Frag's screens: [`fighters`] (design and print the six characters' fighters), [`play`] (a
//! game of either variant at the table) and [`mod@reference`] (the calculators and the
//! characters' numbers). Screens read state and send commands; the app module
//! (`super::app`) carries them out and is the only place that touches files. Rules are asked
//! of the core (`rules`, `game::State`), never decided here.

pub mod fighters;
pub mod play;
pub mod reference;

use std::path::PathBuf;

use egui::{Align, RichText, Ui};

use crate::ui::theme;
use crate::ui::widgets::{fixed, row};

/// A sentence shown at the top of a screen after a command: what happened, or what went wrong
/// (an error, in red), with the file it is about when there is one to open.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    pub text: String,
    pub error: bool,
    pub path: Option<PathBuf>,
}

impl Notice {
    #[must_use]
    pub fn info(text: impl Into<String>) -> Notice {
        Notice { text: text.into(), error: false, path: None }
    }

    #[must_use]
    pub fn error(text: impl Into<String>) -> Notice {
        Notice { text: text.into(), error: true, path: None }
    }
}

/// Shows a notice (or nothing) on a status line of fixed height: the form under it stays put
/// when a notice comes or goes. A long sentence is cut short, whole on hover. Returns true when
/// the player asks to open its file.
pub fn notice_ui(ui: &mut Ui, notice: Option<&Notice>) -> bool {
    let v = ui.visuals().clone();
    let mut open = false;
    let height = ui.spacing().interact_size.y;
    let width = ui.available_width();
    ui.allocate_ui_with_layout(egui::vec2(width, height), egui::Layout::left_to_right(Align::Center), |ui| {
        ui.set_min_size(egui::vec2(width, height));
        let Some(notice) = notice else { return };
        if notice.path.is_some() && ui.button("Open it").clicked() {
            open = true;
        }
        let colour = if notice.error { theme::bad(&v) } else { theme::good(&v) };
        // Cut short, it shows the whole sentence on hover itself.
        ui.add(egui::Label::new(RichText::new(&notice.text).color(colour).strong()).truncate());
    });
    open
}

/// The width of the label column in Frag's forms.
const LABEL: f32 = 170.0;

/// Reads typed d6s: "4 2 6", "4,2,6", "4+2+6", or "426" when each die is one digit.
///
/// # Errors
/// A sentence when the text is not `count` faces of a d6.
pub fn parse_dice(text: &str, count: u32) -> Result<Option<Vec<u8>>, String> {
    let t = text.trim();
    if t.is_empty() {
        return Ok(None);
    }
    let pieces: Vec<&str> = t.split(|c: char| !c.is_ascii_digit()).filter(|p| !p.is_empty()).collect();
    let faces: Vec<&str> = match pieces.as_slice() {
        [one] if count > 1 && one.len() == count as usize => {
            one.char_indices().filter_map(|(i, _)| one.get(i..=i)).collect()
        }
        _ => pieces,
    };
    let mut dice = Vec::with_capacity(faces.len());
    for face in faces {
        match face.parse::<u8>() {
            Ok(n) if (1..=6).contains(&n) => dice.push(n),
            _ => return Err(format!("A d6 shows 1 to 6; '{face}' is not a face of it.")),
        }
    }
    if u32::try_from(dice.len()).ok() != Some(count) {
        let what = if count == 1 { "1 die".to_owned() } else { format!("{count} dice") };
        return Err(format!("Type {what}, not {}.", dice.len()));
    }
    Ok(Some(dice))
}

/// `count` d6s rolled by Posse, as they would be typed.
#[must_use]
pub fn roll_dice(count: u32) -> String {
    (0..count).map(|_| rand::random_range(1..=6u8).to_string()).collect::<Vec<_>>().join(" ")
}

/// A field for `count` physical d6s, with a button that rolls them for the player (Ctrl+R
/// rolls the first dice field on the screen). Shows the total, or why the text is not `count`
/// d6 faces, in a slot of its own beside the field (see [`beside`]): nothing moves while the
/// dice are typed. Enter in the field, or Ctrl+Enter while it has focus, asks the step's main
/// button to act ([`submit_requested`]). Returns the dice once the field holds them. The
/// field's accessible name is `label`, the button's "Roll: `label`". The field is
/// [`pool_width`] wide whatever `count` is.
pub fn dice_field(ui: &mut Ui, label: &str, text: &mut String, count: u32) -> Option<Vec<u8>> {
    dice_field_with(ui, label, text, count, |_| None::<(&str, egui::Color32)>)
}

/// As [`dice_field`], with `verdict` adding words after the total ("= 4 · a hit").
pub fn dice_field_with<W: AsRef<str>>(
    ui: &mut Ui,
    label: &str,
    text: &mut String,
    count: u32,
    verdict: impl FnOnce(&[u8]) -> Option<(W, egui::Color32)>,
) -> Option<Vec<u8>> {
    let width = pool_width(ui);
    dice_row(ui, label, text, count, width, verdict)
}

/// The most dice a player types in one field, which every dice field is wide enough to show
/// whole: a stat gives at most 4 dice at design (`design.stat_max`), the starting weapons 2 or
/// 3, a hazard 3 and a zombie 2, and the booklet's own example of a weapon card is a 6d
/// ("If the weapon card says 6d, for instance, you roll 6 dice", deadlands:8); a card's bonus
/// die or the Saloon Gal's stays inside it. A larger pool still types, scrolling in its field.
pub const LARGEST_POOL: usize = 6;

/// The width of every field for a pool of dice: [`LARGEST_POOL`] sixes typed with a space
/// between ("6 6 6 6 6 6") in the field's large type, inside the field's frame (whose margins
/// are the buttons' padding: 10 points a side on a desktop, 18 on a touch screen, where a
/// field sized by a count alone showed "6 6 6" cut short), with room for the cursor. One width
/// for every pool, so a field asked for one die more (a card's bonus die, the Saloon Gal's
/// tick) keeps its size and moves nothing beside it.
#[must_use]
pub fn pool_width(ui: &Ui) -> f32 {
    typed_width(ui, &["6"; LARGEST_POOL].join(" "))
}

/// The width of a field in the large type that shows `widest` whole: the text, the frame's
/// margins, and room for the cursor.
#[must_use]
pub fn typed_width(ui: &Ui, widest: &str) -> f32 {
    let font = egui::TextStyle::Heading.resolve(ui.style());
    let text =
        ui.fonts_mut(|f| f.layout_no_wrap(widest.to_owned(), font, egui::Color32::PLACEHOLDER).size().x);
    (text + 2.0 * ui.spacing().button_padding.x + CURSOR).ceil()
}

/// Room kept after the text for the cursor, in points.
const CURSOR: f32 = 4.0;

/// The row of a field for `count` d6s, the field `width` wide.
fn dice_row<W: AsRef<str>>(
    ui: &mut Ui,
    label: &str,
    text: &mut String,
    count: u32,
    width: f32,
    verdict: impl FnOnce(&[u8]) -> Option<(W, egui::Color32)>,
) -> Option<Vec<u8>> {
    let parsed = row(ui, |ui| {
        let l = fixed(ui, LABEL, Align::Min, egui::Label::new(label));
        let field = ui
            .add(
                egui::TextEdit::singleline(text)
                    .char_limit(crate::ui::widgets::MAX_FIELD_CHARS)
                    .desired_width(width)
                    .font(egui::TextStyle::Heading),
            )
            .labelled_by(l.id);
        ask_submit_on_enter(ui, &field);
        // A greyed field (the damage after a miss, no 1 to roll again) leaves Ctrl+R to the
        // next one.
        let shortcut = ui.is_enabled()
            && !ui.ctx().text_edit_focused()
            && ui.input_mut(|i| i.consume_key(egui::Modifiers::COMMAND, egui::Key::R));
        let dice = if count == 1 { "d6".to_owned() } else { format!("{count}d6") };
        let roll = ui
            .button(format!("Roll {dice}"))
            .on_hover_text("Posse rolls for you (Ctrl+R)")
            .accessible_name(format!("Roll: {label}"));
        if roll.clicked() || shortcut {
            *text = roll_dice(count);
        }
        let parsed = parse_dice(text, count);
        match &parsed {
            Ok(Some(dice)) => {
                let total: u32 = dice.iter().map(|&d| u32::from(d)).sum();
                let strong = ui.visuals().strong_text_color();
                let mut parts = vec![(format!("= {total}"), strong)];
                if let Some((word, colour)) = verdict(dice) {
                    parts.push((format!(" · {}", word.as_ref()), colour));
                }
                total_beside(ui, &parts);
            }
            Ok(None) => beside(ui, None, None),
            Err(e) => beside(
                ui,
                Some(RichText::new(e.as_str()).color(theme::bad(ui.visuals())).strong().into()),
                Some(e),
            ),
        }
        parsed
    })
    .inner;
    parsed.ok().flatten()
}

/// The second rolls of the 1s among `dice`, for a roller who rolls each 1 once more (the
/// Agency Operative; reading R26: the second roll stands). Drawn whenever the roller
/// rerolls, greyed while the dice hold no 1, so nothing under it moves when a 1 is typed; it
/// asks for one die per 1, and `verdict` speaks of the dice that stand. Gives the rerolls
/// (none without a 1), or `None` while the dice or the rerolls are missing.
pub fn reroll_field<W: AsRef<str>>(
    ui: &mut Ui,
    label: &str,
    text: &mut String,
    dice: Option<&[u8]>,
    verdict: impl FnOnce(&[u8]) -> Option<(W, egui::Color32)>,
) -> Option<Vec<u8>> {
    let ones = u32::try_from(dice.map_or(0, crate::systems::frag::rules::combat::ones)).unwrap_or(u32::MAX);
    if ones == 0 {
        text.clear();
    }
    let rerolls = ui
        .add_enabled_ui(ones > 0, |ui| {
            dice_field_with(ui, label, text, ones.max(1), |rerolls| {
                dice.and_then(|d| crate::systems::frag::rules::combat::rerolled(d, rerolls))
                    .and_then(|d| verdict(&d))
            })
        })
        .inner;
    match dice {
        Some(_) if ones == 0 => Some(Vec::new()),
        Some(_) => rerolls,
        None => None,
    }
}

/// A dice field's total and verdict ("= 12 · roll each 1 again") in the [`beside`] slot: on
/// one line in the large type when it fits, else on two lines of the body's type inside the
/// field's height (cut short with "…" past them, whole on hover). In the attack panel at
/// 1280×800 the slot has about 100 points, and on one line "= 12 · roll each 1 again" and
/// "= 3 · stands at 12" were cut to "= 12 · r…" and "= 3 · sta…".
fn total_beside(ui: &mut Ui, parts: &[(String, egui::Color32)]) {
    let whole: String = parts.iter().map(|(text, _)| text.as_str()).collect();
    let job = |ui: &Ui, size: f32| {
        let mut job = egui::text::LayoutJob::default();
        for (text, colour) in parts {
            RichText::new(text).size(size).strong().color(*colour).append_to(
                &mut job,
                ui.style(),
                egui::FontSelection::Default,
                Align::Center,
            );
        }
        job
    };
    let room = ui.available_size_before_wrap().x;
    let wraps = ui.layout().main_wrap;
    let width = if wraps && room < BESIDE { ui.available_width().max(BESIDE) } else { room.max(0.0) };
    let one_line = job(ui, theme::HEADING);
    let fits = ui.fonts_mut(|f| f.layout_job(one_line.clone()).size().x) <= width;
    let mut shown = if fits { one_line } else { job(ui, theme::BODY - 2.0) };
    if !fits {
        shown.wrap = egui::text::TextWrapping {
            max_width: width,
            max_rows: 2,
            break_anywhere: false,
            overflow_character: Some('…'),
        };
    }
    let height = ui.spacing().interact_size.y;
    ui.allocate_ui_with_layout(egui::vec2(width, height), egui::Layout::left_to_right(Align::Center), |ui| {
        ui.set_min_size(egui::vec2(width, height));
        let label = ui.add(egui::Label::new(shown).wrap());
        if !fits {
            label.on_hover_text(whole);
        }
    });
}

/// The least width kept beside a field for its total or its problem, in points.
const BESIDE: f32 = 180.0;

/// A slot of fixed size at the end of a field's row, for the field's total or its problem
/// (truncated, the whole sentence on hover): its size depends on the row, never on the words,
/// so a problem coming and going moves nothing. In a row that wraps, a slot with less room
/// than `BESIDE` takes a line of its own, empty or not.
pub fn beside(ui: &mut Ui, text: Option<egui::WidgetText>, hover: Option<&str>) {
    let room = ui.available_size_before_wrap().x;
    let wraps = ui.layout().main_wrap;
    let width = if wraps && room < BESIDE { ui.available_width().max(BESIDE) } else { room.max(0.0) };
    let height = ui.spacing().interact_size.y;
    ui.allocate_ui_with_layout(egui::vec2(width, height), egui::Layout::left_to_right(Align::Center), |ui| {
        ui.set_min_size(egui::vec2(width, height));
        if let Some(text) = text {
            let shown = ui.add(egui::Label::new(text).truncate());
            if let Some(hover) = hover {
                shown.on_hover_text(hover);
            }
        }
    });
}

/// The id of the request that the next main button act (Enter in a field of its step).
fn submit_id() -> egui::Id {
    egui::Id::unique("frag-submit-requested")
}

/// Enter in `field` (a one-line field, which Enter leaves), or Ctrl+Enter while it has focus,
/// asks the next main button drawn to act.
pub fn ask_submit_on_enter(ui: &Ui, field: &egui::Response) {
    let (enter, command) = ui.input(|i| (i.key_pressed(egui::Key::Enter), i.modifiers.command));
    if enter && (field.lost_focus() || (command && field.has_focus())) {
        ui.ctx().data_mut(|d| d.insert_temp(submit_id(), true));
    }
}

/// Whether a field asked the step's main button to act; the request is taken.
#[must_use]
pub fn submit_requested(ui: &Ui) -> bool {
    ui.ctx().data_mut(|d| d.remove_temp::<bool>(submit_id())).unwrap_or(false)
}

/// Drops a request no main button took (a frame's fields without one after them).
pub fn clear_submit(ui: &Ui) {
    ui.ctx().data_mut(|d| d.remove::<bool>(submit_id()));
}

/// A field for one physical d6 (see [`dice_field`]): its face once typed or rolled. A field
/// that only ever asks one die is sized for one ([`one_die_width`]).
pub fn die(ui: &mut Ui, label: &str, text: &mut String) -> Option<u8> {
    die_with(ui, label, text, |_| None::<(&str, egui::Color32)>)
}

/// As [`die`], with `verdict` adding words after the face ("= 5 · draws a card").
pub fn die_with<W: AsRef<str>>(
    ui: &mut Ui,
    label: &str,
    text: &mut String,
    verdict: impl FnOnce(&[u8]) -> Option<(W, egui::Color32)>,
) -> Option<u8> {
    let width = one_die_width(ui);
    dice_row(ui, label, text, 1, width, verdict).and_then(|d| d.first().copied())
}

/// The width of a field for one d6: a face whole in the field's frame, and at least the
/// 60 points the fields always had, so a row of them still lines up with its buttons.
#[must_use]
pub fn one_die_width(ui: &Ui) -> f32 {
    typed_width(ui, "6").max(60.0)
}

/// A number with − and + buttons in Frag's forms (the shared stepper, kept within its range).
pub fn stepper(ui: &mut Ui, label: &str, value: &mut u32, min: u32, max: u32) {
    crate::ui::widgets::stepper(ui, label, value, min, max);
}

/// A stepper that takes only the room it needs (its label at its own width), for rows with
/// other controls; its accessible names are the shared stepper's.
pub fn small_stepper(ui: &mut Ui, label: &str, value: &mut u32, min: u32, max: u32) {
    row(ui, |ui| inline_stepper(ui, label, value, min, max));
}

/// The parts of a [`small_stepper`] added to the row being laid out, so two steppers can share
/// a row (each one a `row` of its own would take the whole width, and push the next past the
/// window's edge).
pub fn inline_stepper(ui: &mut Ui, label: &str, value: &mut u32, min: u32, max: u32) {
    inline_stepper_shown(ui, label, label, value, min, max);
}

/// An [`inline_stepper`] that shows `shown` and is named `label` (the name says what the
/// short words on the screen leave to the row around them).
pub fn inline_stepper_shown(ui: &mut Ui, shown: &str, label: &str, value: &mut u32, min: u32, max: u32) {
    // A finger needs the − and + as wide as they are high.
    let side = if theme::is_touch(ui.ctx()) { theme::TOUCH_TARGET } else { 0.0 };
    let button = |text: &str| egui::Button::new(text.to_owned()).min_size(egui::vec2(side, side));
    ui.label(shown).on_hover_text(label);
    if ui.add_enabled(*value > min, button("−")).accessible_name(format!("Fewer: {label}")).clicked() {
        *value = value.saturating_sub(1).max(min);
    }
    ui.label(RichText::new(value.to_string()).size(theme::HEADING).strong())
        .accessible_name(format!("{label}: {value}"));
    if ui.add_enabled(*value < max, button("+")).accessible_name(format!("More: {label}")).clicked() {
        *value = (*value + 1).min(max);
    }
}

/// A labelled drop-down list: `options` as (value, text); the combo's accessible name is
/// `label`, each item a button named by its text.
pub fn combo<T: PartialEq + Clone>(
    ui: &mut Ui,
    label: &str,
    salt: impl std::hash::Hash + std::fmt::Debug,
    value: &mut T,
    options: &[(T, String)],
) {
    row(ui, |ui| {
        let l = crate::ui::widgets::row_label(ui, label);
        let current = options.iter().find(|(o, _)| o == value).map_or("—", |(_, t)| t.as_str());
        egui::ComboBox::from_id_salt(salt)
            .selected_text(current)
            .show_ui(ui, |ui| {
                for (option, text) in options {
                    ui.selectable_value(value, option.clone(), text);
                }
            })
            .response
            .labelled_by(l.id);
    });
}

/// A keyboard shortcut with Ctrl (Cmd), taken only when no text field has focus.
pub(crate) fn shortcut(ui: &Ui, key: egui::Key) -> bool {
    !ui.ctx().text_edit_focused() && ui.input_mut(|i| i.consume_key(egui::Modifiers::COMMAND, key))
}

/// A count of dice in words: "1 defence die", "3 defence dice".
pub(crate) fn dice(n: u32, what: &str) -> String {
    if n == 1 { format!("1 {what} die") } else { format!("{n} {what} dice") }
}

#[cfg(test)]
mod tests {
    use super::{dice, parse_dice};

    #[test]
    fn one_die_is_a_die() {
        assert_eq!(dice(1, "defence"), "1 defence die");
        assert_eq!(dice(3, "defence"), "3 defence dice");
    }

    #[test]
    fn typed_dice() {
        assert_eq!(parse_dice("", 2), Ok(None));
        assert_eq!(parse_dice("4 2", 2), Ok(Some(vec![4, 2])));
        assert_eq!(parse_dice("4,2,6", 3), Ok(Some(vec![4, 2, 6])));
        assert_eq!(parse_dice("4+2+6", 3), Ok(Some(vec![4, 2, 6])));
        assert_eq!(parse_dice("426", 3), Ok(Some(vec![4, 2, 6])));
        assert_eq!(parse_dice("6", 1), Ok(Some(vec![6])));
        assert_eq!(parse_dice("4 7", 2), Err("A d6 shows 1 to 6; '7' is not a face of it.".into()));
        assert_eq!(parse_dice("4", 2), Err("Type 2 dice, not 1.".into()));
        assert_eq!(parse_dice("12", 1), Err("A d6 shows 1 to 6; '12' is not a face of it.".into()));
    }
}
