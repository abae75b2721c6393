//! Small widgets every screen uses: choice rows, steppers, odds bars, roll fields, card faces.

use egui::{Align, Color32, CornerRadius, Layout, RichText, Sense, Ui, vec2};

use super::theme;
use crate::kernel::odds::Chance;

/// Width of the label column in form rows.
pub const LABEL_WIDTH: f32 = 150.0;

/// A row label of fixed width, so form rows line up.
pub fn row_label(ui: &mut Ui, text: &str) -> egui::Response {
    fixed(ui, LABEL_WIDTH, Align::Min, egui::Label::new(text))
}

/// `add` in a box as wide as the row and `height` points high: a log that scrolls in a box of
/// its own inside a scrolling column.
pub fn fixed_height(ui: &mut Ui, height: f32, add: impl FnOnce(&mut Ui)) {
    let size = vec2(ui.available_width(), height);
    ui.allocate_ui_with_layout(size, Layout::top_down(Align::Min), add);
}

/// Names the box `response` covers (a tile, a column's scrolling part) for a screen reader: a
/// group called `name`, as wide and high as the box, which the tests also find it by.
pub fn name_box(response: &egui::Response, name: &str) {
    response.widget_info(|| egui::WidgetInfo::labeled(egui::accesskit::Role::Group, true, name));
}

/// The margin a vertical `ScrollArea` keeps right of its contents (`ScrollArea::content_margin`)
/// so that its bar, which floats over the contents' right edge in egui's style, covers no
/// border: the bar's width and the gaps on either side of it, in whole points.
#[must_use]
pub fn clear_of_scroll_bar(ui: &Ui) -> egui::Margin {
    let scroll = &ui.spacing().scroll;
    let width = (scroll.bar_inner_margin + scroll.bar_width + scroll.bar_outer_margin).ceil();
    #[expect(clippy::cast_possible_truncation, reason = "a bar's width and its gaps are under 127 points")]
    let right = width.clamp(0.0, f32::from(i8::MAX)) as i8;
    egui::Margin { right, ..egui::Margin::ZERO }
}

/// A widget in a box of fixed width, aligned left (`Align::Min`) or right (`Align::Max`).
pub fn fixed(ui: &mut Ui, width: f32, align: Align, widget: impl egui::Widget) -> egui::Response {
    let layout = if align == Align::Max {
        Layout::right_to_left(Align::Center)
    } else {
        Layout::left_to_right(Align::Center)
    };
    ui.allocate_ui_with_layout(vec2(width, ui.spacing().interact_size.y), layout, |ui| {
        ui.set_min_width(width);
        ui.add(widget)
    })
    .inner
}

/// A row of widgets: on one line in a desktop-wide window (as the screens are laid out for
/// 1280 × 800), wrapped onto further lines rather than past the right edge on a touch screen
/// or in a narrower window, or inside [`wrapping`] (a narrow side column).
pub fn row<R>(ui: &mut Ui, add_contents: impl FnOnce(&mut Ui) -> R) -> egui::InnerResponse<R> {
    let wrap = theme::is_touch(ui.ctx())
        || !theme::is_wide(ui.ctx())
        || ui.style().wrap_mode == Some(egui::TextWrapMode::Wrap);
    // `Ui::horizontal` and `Ui::horizontal_wrapped` in one call, so each row's contents are
    // compiled once (two calls doubled the web page's code).
    let size = vec2(ui.available_size_before_wrap().x, ui.spacing().interact_size.y);
    ui.allocate_ui_with_layout(size, Layout::left_to_right(Align::Center).with_main_wrap(wrap), add_contents)
}

/// Contents whose [`row`]s wrap whatever the window's width: a form drawn in a side column
/// narrower than the screen's middle.
pub fn wrapping<R>(ui: &mut Ui, add_contents: impl FnOnce(&mut Ui) -> R) -> R {
    ui.scope(|ui| {
        ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Wrap);
        add_contents(ui)
    })
    .inner
}

/// Widgets kept together on one line of a wrapping row (a label and its control, a skill with
/// its die and its ×): the group goes onto the next line whole rather than breaking between
/// them, and is never squeezed into what is left of a line (where its widgets wrapped one
/// under the other, a die box a character a line). The group takes the width its widgets took
/// the frame before; the first time, or when that changes, the frame is laid out again before
/// it is shown, so nothing is seen to move.
pub fn together<R>(
    ui: &mut Ui,
    id_salt: impl std::hash::Hash + std::fmt::Debug,
    add: impl FnOnce(&mut Ui) -> R,
) -> R {
    let id = ui.scope_id().with(("together", id_salt));
    let line = ui.max_rect().width();
    let known = ui.data(|d| d.get_temp::<f32>(id));
    let width = known.unwrap_or(line).min(line);
    let size = vec2(width, ui.spacing().interact_size.y);
    let inner = ui.allocate_ui_with_layout(size, Layout::left_to_right(Align::Center), add);
    let took = inner.response.rect.width();
    if known.is_none_or(|w| (w - took).abs() > 0.5) {
        ui.data_mut(|d| d.insert_temp(id, took));
        ui.ctx().request_discard("a group kept together on a wrapping row measured its width");
    }
    inner.inner
}

/// Two columns side by side when the row has `min_width` points or more, else one under the
/// other (a phone, or a tablet held upright): `add` draws column 0, then column 1.
pub fn side_by_side(ui: &mut Ui, min_width: f32, add: impl FnMut(&mut Ui, usize)) {
    side_by_side_dyn(ui, min_width, &mut { add });
}

/// [`side_by_side`]'s body, compiled once for every caller.
fn side_by_side_dyn(ui: &mut Ui, min_width: f32, add: &mut dyn FnMut(&mut Ui, usize)) {
    if ui.available_width() >= min_width {
        ui.columns(2, |cols| {
            for (column, ui) in cols.iter_mut().enumerate() {
                add(ui, column);
            }
        });
    } else {
        add(ui, 0);
        add(ui, 1);
    }
}

/// The least width, in points, of a row holding two columns of odds bars side by side.
pub const TWO_ODDS_COLUMNS: f32 = 480.0;

/// A row of mutually exclusive buttons. Each button's accessible name is "`label` `option`".
/// Options for which `enabled` is false are greyed out.
pub fn choice<T: PartialEq + Copy>(
    ui: &mut Ui,
    label: &str,
    value: &mut T,
    options: &[(T, &str)],
    enabled: impl Fn(T) -> bool,
) {
    row(ui, |ui| {
        row_label(ui, label);
        for &(option, text) in options {
            let selected = *value == option;
            let response = ui
                .add_enabled(enabled(option), egui::Button::selectable(selected, text))
                .accessible_name(format!("{label} {text}"));
            if response.clicked() {
                *value = option;
            }
        }
    });
}

/// A drop-down with its label before it, both kept together on a wrapping row (egui's
/// `ComboBox::from_label` puts the label after its box, so a row of them read "\[1\] Actions
/// \[none\] Cover", each label seeming to name the box after it). The label is the drop-down's
/// accessible name; `add` fills the open list.
pub fn labelled_combo(
    ui: &mut Ui,
    label: &str,
    selected: impl Into<egui::WidgetText>,
    add: impl FnOnce(&mut Ui),
) -> egui::Response {
    together(ui, ("labelled-combo", label), |ui| {
        ui.label(label);
        egui::ComboBox::from_id_salt(("labelled-combo", label))
            .selected_text(selected)
            .show_ui(ui, add)
            .response
            .accessible_name(label)
    })
}

/// The width of a one-line text field of the body font that shows any number of `digits`
/// digits whole: the widest digit that many times, the field's margins on either side, and a
/// point for the cursor after the last.
#[must_use]
pub fn number_field_width(ui: &Ui, digits: usize) -> f32 {
    let font = egui::TextStyle::Body.resolve(ui.style());
    let widest = ui.fonts_mut(|f| {
        ('0'..='9')
            .map(|d| {
                f.layout_no_wrap(d.to_string().repeat(digits), font.clone(), Color32::PLACEHOLDER).size().x
            })
            .fold(0.0, f32::max)
    });
    (widest + 2.0 * ui.spacing().button_padding.x + 2.0).ceil()
}

/// A number with − and + buttons, kept within `min..=max`.
pub fn stepper(ui: &mut Ui, label: &str, value: &mut u32, min: u32, max: u32) {
    stepper_with(ui, label, value, min, max, false, None);
}

/// A [`stepper`] that does not apply now, greyed in its place with `why` beside it (a setting
/// of one kind of game while another is chosen): the rows under it stay where they were,
/// rather than moving up when it goes.
pub fn unused_stepper(ui: &mut Ui, label: &str, value: &mut u32, min: u32, max: u32, why: &str) {
    stepper_with(ui, label, value, min, max, false, Some(why));
}

/// A stepper whose number can also be typed (a tap or a click on it, then the number): for
/// values that may be far from where they start, such as a score to play to.
pub fn typed_stepper(ui: &mut Ui, label: &str, value: &mut u32, min: u32, max: u32) {
    stepper_with(ui, label, value, min, max, true, None);
}

fn stepper_with(
    ui: &mut Ui,
    label: &str,
    value: &mut u32,
    min: u32,
    max: u32,
    typed: bool,
    unused: Option<&str>,
) {
    // A finger needs the −/+ as wide as they are high.
    let side = if theme::is_touch(ui.ctx()) { theme::TOUCH_TARGET } else { 32.0 };
    row(ui, |ui| {
        row_label(ui, label);
        if unused.is_some() {
            ui.disable();
        }
        let minus = ui
            .add_enabled(
                *value > min,
                egui::Button::new(RichText::new("−").strong()).min_size(vec2(side, 28.0)),
            )
            .accessible_name(format!("Fewer: {label}"))
            .on_hover_text(format!("One less ({label})"));
        if minus.clicked() {
            *value = value.saturating_sub(1).max(min);
        }
        if typed {
            ui.add_sized([56.0, 28.0], egui::DragValue::new(value).range(min..=max).speed(0.0))
                .accessible_name(label.to_owned())
                .on_hover_text("Click and type a number, or use − and +");
        } else {
            ui.add_sized(
                [36.0, 28.0],
                egui::Label::new(RichText::new(value.to_string()).size(theme::HEADING).strong()),
            )
            .accessible_name(format!("{label}: {value}"));
        }
        let plus = ui
            .add_enabled(
                *value < max,
                egui::Button::new(RichText::new("+").strong()).min_size(vec2(side, 28.0)),
            )
            .accessible_name(format!("More: {label}"))
            .on_hover_text(format!("One more ({label})"));
        if plus.clicked() {
            *value = (*value + 1).min(max);
        }
        if let Some(why) = unused {
            ui.add(egui::Label::new(RichText::new(why).color(theme::muted(ui.visuals()))).truncate());
        }
    });
}

/// Keeps a text field being typed into in view: when it gains focus, and when the window
/// gets shorter under it (a phone's or tablet's on-screen keyboard opening over the page).
/// Call it with every text field's response.
pub fn keep_in_view(response: &egui::Response) {
    let ctx = &response.ctx;
    let pending_id = response.id.with("keep-in-view");
    if !response.has_focus() {
        ctx.data_mut(|d| d.remove::<bool>(pending_id));
        return;
    }
    // Cut off by its scroll area while it has the keys (the layout around it changed as the
    // keyboard came, so the scroll of the frame it shrank in did not hold): back into view,
    // until it is whole in view once. After that the player may scroll it away (on a phone,
    // to the buttons under a form) without it snapping back.
    let cut_off = response.interact_rect.height() < response.rect.height() - 0.5;
    let wanted = response.gained_focus() || window_shrank(ctx);
    let pending = wanted || ctx.data(|d| d.get_temp::<bool>(pending_id)).unwrap_or(false);
    if pending && (wanted || cut_off) {
        response.scroll_to_me(None);
    }
    ctx.data_mut(|d| d.insert_temp(pending_id, pending && (wanted || cut_off)));
}

/// Where the window's height of the frame before is kept.
const HEIGHT_KEY: &str = "posse-window-height";

/// Notes the window's height at the start of each frame, for [`keep_in_view`]: the app calls it.
/// When the window got shorter with a text field being typed into (an on-screen keyboard
/// opening), that field is scrolled back into view, whichever screen it is on: the fallback
/// for fields that do not call [`keep_in_view`], which does it where the field is drawn (a
/// scroll area drawn before the field, such as a roster above it, can take the target set here).
pub fn note_window_height(ctx: &egui::Context) {
    let height = ctx.content_rect().height();
    let shrank = ctx.data_mut(|d| {
        let before = d.get_temp::<f32>(egui::Id::unique(HEIGHT_KEY)).unwrap_or(height);
        d.insert_temp(egui::Id::unique(HEIGHT_KEY), height);
        let shrank = height < before - 0.5;
        d.insert_temp(egui::Id::unique(HEIGHT_KEY).with("shrank"), shrank);
        shrank
    });
    if shrank
        && ctx.text_edit_focused()
        && let Some(field) = ctx.memory(egui::Memory::focused).and_then(|id| ctx.read_response(id))
    {
        field.scroll_to_me(Some(Align::Center));
    }
}

/// Whether the window got shorter since the frame before.
fn window_shrank(ctx: &egui::Context) -> bool {
    ctx.data(|d| d.get_temp::<bool>(egui::Id::unique(HEIGHT_KEY).with("shrank"))).unwrap_or(false)
}

/// A fact the desktop gives in a tooltip, written out in small muted text, for a touch screen
/// where nothing can be hovered (call it only there: [`theme::is_touch`]).
pub fn hint(ui: &mut Ui, text: &str) {
    ui.label(RichText::new(text).small().color(theme::muted(ui.visuals())));
}

/// Why a greyed-out control is refused, where a player finds it: on hover on a desktop; on a
/// touch screen, where nothing hovers, a tap on the greyed control writes it out beside the
/// control (another tap hides it).
pub fn refused(ui: &mut Ui, response: egui::Response, why: &str) -> egui::Response {
    if !theme::is_touch(ui.ctx()) {
        return response.on_disabled_hover_text(why);
    }
    let id = response.id.with("why-refused");
    let tapped = ui.interact(response.rect, id, Sense::click()).clicked();
    let shown = ui.data_mut(|d| {
        let shown = d.get_temp_mut_or(id, false);
        if tapped {
            *shown = !*shown;
        }
        *shown
    });
    if shown {
        hint(ui, why);
    }
    response
}

/// A labelled checkbox whose accessible name is its label.
pub fn toggle(ui: &mut Ui, value: &mut bool, label: &str) {
    ui.checkbox(value, label);
}

/// A labelled one-line text field.
pub fn text_field(ui: &mut Ui, label: &str, text: &mut String, width: f32) -> egui::Response {
    checked_text_field(ui, label, text, width, None)
}

/// The most characters a one-line field takes (names in every file Posse keeps are bounded
/// to this, so what is typed is always what can be read back).
pub const MAX_FIELD_CHARS: usize = 1000;

/// A labelled one-line field with its problem (if any) beside it on the same row: the field
/// never moves while the text passes through invalid states, and keeps its focus.
pub fn checked_text_field(
    ui: &mut Ui,
    label: &str,
    text: &mut String,
    width: f32,
    problem: Option<&str>,
) -> egui::Response {
    let problem = problem.map(str::to_owned);
    validated_text_field(ui, label, text, width, &|_| problem.clone())
}

/// [`checked_text_field`] whose problem `check` finds in the text as it stands once this
/// frame's typing is in (so the line beside the field is never a key behind).
pub fn validated_text_field(
    ui: &mut Ui,
    label: &str,
    text: &mut String,
    width: f32,
    check: &dyn Fn(&str) -> Option<String>,
) -> egui::Response {
    row(ui, |ui| {
        let l = row_label(ui, label);
        let response = ui
            .add(
                egui::TextEdit::singleline(text)
                    .char_limit(MAX_FIELD_CHARS)
                    .desired_width(width)
                    .font(egui::TextStyle::Heading),
            )
            .labelled_by(l.id);
        keep_in_view(&response);
        field_problem(ui, check(text).as_deref());
        response
    })
    .inner
}

/// A field's problem in red, placed after the field on its row (nothing when there is none):
/// wrapped to the row's end in at most two lines, the height of the field beside it, and cut
/// short after them (whole on hover), so the rows below never move and nothing runs past the
/// window's edge.
pub fn field_problem(ui: &mut Ui, problem: Option<&str>) {
    if let Some(problem) = problem {
        let text = RichText::new(problem).color(theme::bad(ui.visuals()));
        if theme::is_touch(ui.ctx()) {
            // Nothing hovers on a touch screen: the whole sentence, wrapped in the row.
            ui.label(text);
        } else {
            let mut job = egui::text::LayoutJob::default();
            text.append_to(&mut job, ui.style(), egui::FontSelection::Default, egui::Align::Center);
            job.wrap.max_rows = 2;
            job.wrap.break_anywhere = false;
            job.wrap.overflow_character = Some('…');
            // A column of its own: in it the label wraps to the row's end, two lines at most.
            ui.vertical(|ui| ui.add(egui::Label::new(job).wrap()));
        }
    }
}

/// One odds bar: label, percentage and a filled bar.
pub fn chance_bar(ui: &mut Ui, label: &str, chance: Chance, colour: Color32) {
    odds_bar(ui, label, chance.value(), &chance.to_string(), colour);
}

/// One odds bar for a probability from 0 to 1 (exact odds kept as floating point, such as
/// sums of exploding dice), shown as a whole percentage ("< 1%" and "> 99%" at the ends, so
/// a chance that can happen never reads as 0% or 100%).
pub fn probability_bar(ui: &mut Ui, label: &str, p: f64, colour: Color32) {
    odds_bar(ui, label, p, &percent(p), colour);
}

/// A probability as players read it: a whole percentage, "< 1%" or "> 99%" near the ends.
#[must_use]
pub fn percent(p: f64) -> String {
    let p = p.clamp(0.0, 1.0);
    if p > 0.0 && p < 0.005 {
        "< 1%".into()
    } else if p < 1.0 && p > 0.995 {
        "> 99%".into()
    } else {
        format!("{:.0}%", p * 100.0)
    }
}

/// [`chance_bar`] standing in a narrow column: the label on one line, the chance and its bar
/// under it (three of them side by side take two lines, not three). The label's line is of the
/// body text's height whatever it says, so [`chance_column_height`] is known before it is drawn.
pub fn chance_column(ui: &mut Ui, label: &str, chance: Chance, colour: Color32) {
    ui.vertical(|ui| {
        let line = vec2(ui.available_width(), ui.text_style_height(&egui::TextStyle::Body));
        ui.allocate_ui_with_layout(line, Layout::left_to_right(Align::Center), |ui| {
            ui.set_min_size(line);
            ui.add(egui::Label::new(label).truncate());
        });
        ui.horizontal(|ui| {
            let percent = RichText::new(chance.to_string()).strong().size(theme::BODY + 2.0);
            fixed(ui, 52.0, Align::Min, egui::Label::new(percent));
            let width = (ui.available_width() - 8.0).clamp(40.0, 260.0);
            paint_share(ui, width, chance.value(), colour);
        });
    });
}

/// The height a [`chance_bar`] (or a [`probability_bar`]) takes in a row of 120 points or more:
/// one row, its label cut short to it, for a screen that keeps the room of bars not drawn yet.
#[must_use]
pub fn chance_bar_height(ui: &Ui) -> f32 {
    ui.spacing().interact_size.y
}

/// The height a [`chance_column`] takes: its label's line, then the chance and its bar.
#[must_use]
pub fn chance_column_height(ui: &Ui) -> f32 {
    ui.text_style_height(&egui::TextStyle::Body) + ui.spacing().item_spacing.y + ui.spacing().interact_size.y
}

/// The box of an odds bar's percentage, in points.
const PERCENT_WIDTH: f32 = 52.0;

/// The least width of an odds bar's bar, and the room kept after it, in points.
const LEAST_BAR: f32 = 40.0;
const AFTER_BAR: f32 = 8.0;

/// The label, the percentage and the bar on one row, all inside the row's width: the label
/// takes its share (or its whole words when longer), the bar what is left, and when the row
/// is short of room the label gives way (cut short, whole on hover; wrapped inside
/// [`wrapping`]) down to the bar's least width. A label kept at 120 points and a bar at 60
/// reached 6 points past a 242-point column.
fn odds_bar(ui: &mut Ui, label: &str, share: f64, shown: &str, colour: Color32) {
    row(ui, |ui| {
        let room = ui.available_size_before_wrap().x;
        let gap = ui.spacing().item_spacing.x;
        let words = egui::WidgetText::from(label)
            .into_galley(ui, Some(egui::TextWrapMode::Extend), f32::INFINITY, egui::TextStyle::Body)
            .size()
            .x
            .ceil();
        let for_label = (room - PERCENT_WIDTH - LEAST_BAR - AFTER_BAR - 2.0 * gap).max(0.0);
        let own = (room * 0.45).clamp(120.0, 210.0);
        // Inside [`wrapping`] (a side column) a long label wraps in its own share, as before.
        if ui.style().wrap_mode == Some(egui::TextWrapMode::Wrap) {
            fixed(ui, own.min(for_label), Align::Min, egui::Label::new(label));
        } else {
            fixed(ui, own.max(words).min(for_label), Align::Min, egui::Label::new(label).truncate());
        }
        let percent = RichText::new(shown).strong().size(theme::BODY + 2.0);
        fixed(ui, PERCENT_WIDTH, Align::Max, egui::Label::new(percent));
        let width = (ui.available_size_before_wrap().x - AFTER_BAR).clamp(LEAST_BAR, 260.0);
        paint_share(ui, width, share, colour);
    });
}

/// A bar `width` wide, filled by `share` (0 to 1) in `colour`.
fn paint_share(ui: &mut Ui, width: f32, share: f64, colour: Color32) {
    let (rect, _) = ui.allocate_exact_size(vec2(width, 16.0), Sense::hover());
    let painter = ui.painter();
    painter.rect_filled(rect, CornerRadius::same(4), ui.visuals().extreme_bg_color);
    #[expect(clippy::cast_possible_truncation, reason = "a probability fits an f32")]
    let share = share.clamp(0.0, 1.0) as f32;
    let mut filled = rect;
    filled.set_width(rect.width() * share);
    painter.rect_filled(filled, CornerRadius::same(4), colour);
}

/// A text field for a physical die roll next to a button that rolls it for the player.
/// Returns the roll when the field holds a valid face of the die.
///
/// # Errors
/// A sentence when the field holds something that is not a face of the die.
pub fn roll_field(ui: &mut Ui, text: &mut String, die: u32) -> Result<Option<u32>, String> {
    roll_field_named(ui, &format!("d{die} roll"), text, die)
}

/// [`roll_field`] with its own label, for forms with more than one roll (a fight's two dice).
///
/// # Errors
/// A sentence when the field holds something that is not a face of the die.
pub fn roll_field_named(ui: &mut Ui, name: &str, text: &mut String, die: u32) -> Result<Option<u32>, String> {
    roll_row(ui, (name, name), text, die, false);
    parse_roll(text, die)
}

/// [`roll_field_named`] with a wrong face named beside the field, on its own row, so the
/// fields and buttons below keep their place: the face, or `None` while empty or wrong.
pub fn checked_roll_field(ui: &mut Ui, name: &str, text: &mut String, die: u32) -> Option<u32> {
    roll_row(ui, (name, name), text, die, true);
    parse_roll(text, die).ok().flatten()
}

/// [`checked_roll_field`] with a shorter label on the screen than the field's name (a shot's
/// number under a heading that says whose dice they are, in a narrow column): the field is
/// still named in full for screen readers and tests.
pub fn checked_roll_field_shown(
    ui: &mut Ui,
    shown: &str,
    name: &str,
    text: &mut String,
    die: u32,
) -> Option<u32> {
    roll_row(ui, (shown, name), text, die, true);
    parse_roll(text, die).ok().flatten()
}

/// A die field's row: its name, the field, *Roll* and *Clear*, and with `problem_beside` what
/// is wrong with the text.
fn roll_row(ui: &mut Ui, (shown, name): (&str, &str), text: &mut String, die: u32, problem_beside: bool) {
    row(ui, |ui| {
        // In a narrow column the label gives way to the field and the buttons.
        let roomy = ui.available_width() > 420.0;
        let width = if roomy { LABEL_WIDTH } else { (ui.available_width() * 0.3).clamp(60.0, LABEL_WIDTH) };
        let label = fixed(ui, width, Align::Min, egui::Label::new(shown));
        let mut field = ui
            .add(egui::TextEdit::singleline(text).desired_width(60.0).font(egui::TextStyle::Heading))
            .labelled_by(label.id);
        if shown != name {
            field = field.accessible_name(name);
        }
        keep_in_view(&field);
        // Ctrl+R rolls the first die field on the screen only.
        let shortcut = !ui.ctx().text_edit_focused()
            && ui.input_mut(|i| i.consume_key(egui::Modifiers::COMMAND, egui::Key::R));
        if ui.button(format!("Roll d{die}")).on_hover_text("Posse rolls the die for you (Ctrl+R)").clicked()
            || shortcut
        {
            *text = rand::random_range(1..=die).to_string();
        }
        if roomy && !text.is_empty() && ui.button("Clear").clicked() {
            text.clear();
        }
        if problem_beside && let Some(problem) = wrong_face(text, die) {
            problem_in_line(ui, field.rect.height(), &problem);
        }
    });
}

/// What is wrong with a typed face of a d`die`, in a few words ("1 to 6, not '7'"), the text
/// typed cut to six characters; `None` for a face or an empty field.
#[must_use]
pub fn wrong_face(text: &str, die: u32) -> Option<String> {
    parse_roll(text, die).is_err().then(|| format!("1 to {die}, not '{}'", elide_chars(text.trim(), 6)))
}

/// [`wrong_face`] said whole, for a line kept away from the field where it is not cut short
/// (nothing hovers on a phone): "Shot 1 hit d6 must be 1 to 6, not '7'." for the die `name`.
#[must_use]
pub fn wrong_face_sentence(name: &str, text: &str, die: u32) -> Option<String> {
    wrong_face(text, die).map(|problem| format!("{name} must be {problem}."))
}

/// A problem in red in the rest of a row's line, in a box `height` high (the field's), whether
/// it wraps or not: on two lines where the box holds them (beside a die's field, with a mouse
/// or a finger), else one, and cut short after them, whole on hover. Wrapped in the row, on a
/// touch screen it went down onto lines of its own under the field, and everything under the
/// row moved 90 points down.
fn problem_in_line(ui: &mut Ui, height: f32, problem: &str) {
    // A hair short of the line's end, so the box never goes down onto a line of its own.
    let width = (ui.available_size_before_wrap().x - 1.0).floor();
    if width < 1.0 {
        return;
    }
    let (rect, _) = ui.allocate_exact_size(vec2(width, height), Sense::hover());
    let text = RichText::new(problem).color(theme::bad(ui.visuals()));
    // Two lines where the box holds them, else one.
    let laid_out = |rows: usize| ui.fonts_mut(|f| f.layout_job(wrapped_job(ui, text.clone(), width, rows)));
    let two = laid_out(2);
    let galley = if two.size().y <= height { two } else { laid_out(1) };
    // A child that leaves the row's cursor after the box, where the box put it.
    let mut inside = ui.new_child(egui::UiBuilder::new().max_rect(rect).layout(Layout::top_down(Align::Min)));
    inside.add(egui::Label::new(galley));
}

/// `text` cut to `max` characters, with "…" when it was longer.
fn elide_chars(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        text.to_owned()
    } else {
        text.chars().take(max).collect::<String>() + "…"
    }
}

/// Reads a typed die face: empty is no roll yet; anything else must be 1 to `die`.
///
/// # Errors
/// A sentence saying what is wrong with the text.
pub fn parse_roll(text: &str, die: u32) -> Result<Option<u32>, String> {
    let t = text.trim();
    if t.is_empty() {
        return Ok(None);
    }
    match t.parse::<u32>() {
        Ok(n) if (1..=die).contains(&n) => Ok(Some(n)),
        _ => Err(format!("A d{die} shows 1 to {die}; '{t}' is not a face of it.")),
    }
}

/// A line kept for a result, a hint or a problem, `size` points high, holding `text` or
/// nothing yet: the controls below it keep their place whatever it says. A longer text is cut
/// at the line's end, whole on hover.
pub fn status_line(ui: &mut Ui, size: f32, text: Option<RichText>) {
    let height = ui.ctx().fonts_mut(|f| f.row_height(&egui::FontId::proportional(size)));
    let room = vec2(ui.available_width(), height.max(ui.spacing().interact_size.y));
    ui.allocate_ui_with_layout(room, Layout::left_to_right(Align::Center), |ui| {
        ui.set_min_size(room);
        if let Some(text) = text {
            ui.add(egui::Label::new(text.size(size)).truncate());
        }
    });
}

/// [`status_line`] for a sentence a player must read whole where nothing hovers (a phone): a box
/// `rows` lines of `size` high whether or not there is text, the text wrapped inside it. Only a
/// text longer than `rows` lines is cut (with "…", whole on hover), so the box never grows and
/// what is under it keeps its place.
pub fn status_lines(ui: &mut Ui, size: f32, rows: usize, text: Option<RichText>) {
    let font = egui::FontId::proportional(size);
    let (rect, _) =
        ui.allocate_exact_size(vec2(ui.available_width(), lines_height(ui, &font, rows)), Sense::hover());
    let Some(text) = text else { return };
    let job = wrapped_job(ui, text.font(font), rect.width(), rows);
    // A child that leaves the cursor under the box, where the box put it (a scope would move
    // it to under the text, so a shorter text would pull up what follows).
    let mut inside = ui.new_child(egui::UiBuilder::new().max_rect(rect).layout(Layout::top_down(Align::Min)));
    inside.add(egui::Label::new(job).wrap());
}

/// [`status_lines`] in a table's cell `width` points wide, for a state that comes, grows and
/// goes (a model's status in a roster): `text` in `size` points, wrapped in a box `rows` lines
/// high whatever it says, so the row never changes height. A text longer than the box is cut
/// with "…", and its whole, under `title`, is one tap away in a small popup (a finger's
/// screen, where nothing hovers), or on hover with a mouse. `id_salt` keeps the popup open
/// from frame to frame: a domain id, unique in the table.
pub fn lines_whole_on_tap(
    ui: &mut Ui,
    (width, size, rows): (f32, f32, usize),
    text: &str,
    title: &str,
    id_salt: impl egui::AsIdSalt,
) -> egui::Response {
    let font = egui::FontId::proportional(size);
    let (rect, response) = ui.allocate_exact_size(vec2(width, lines_height(ui, &font, rows)), Sense::hover());
    if text.is_empty() {
        return response;
    }
    let job = wrapped_job(ui, RichText::new(text).font(font), width, rows);
    let galley = ui.fonts_mut(|f| f.layout_job(job));
    let cut = galley.elided;
    let mut inside = ui.new_child(
        egui::UiBuilder::new().id_salt(id_salt).max_rect(rect).layout(Layout::top_down(Align::Min)),
    );
    if !cut {
        return inside.add(egui::Label::new(galley));
    }
    let label = inside.add(egui::Label::new(galley).sense(Sense::click()));
    egui::Popup::from_toggle_button_response(&label).width(WHOLE_WIDTH).show(|ui| {
        ui.label(RichText::new(title).strong());
        ui.label(text);
    });
    label
}

/// The width of the popup that shows a cut text whole.
const WHOLE_WIDTH: f32 = 260.0;

/// The height of a box of `rows` lines of `font`: a little more than the rows' height, so the
/// label laid out in it (rounded to pixels) stays inside.
fn lines_height(ui: &Ui, font: &egui::FontId, rows: usize) -> f32 {
    #[expect(clippy::cast_precision_loss, reason = "a few lines")]
    let lines = rows.max(1) as f32;
    (ui.fonts_mut(|f| f.row_height(font)) * lines).ceil() + 2.0
}

/// `text` laid out to wrap in `width` points on `rows` lines at most, cut with "…" after them.
fn wrapped_job(ui: &Ui, text: RichText, width: f32, rows: usize) -> egui::text::LayoutJob {
    let mut job = std::sync::Arc::unwrap_or_clone(egui::WidgetText::from(text).into_layout_job(
        ui.style(),
        egui::FontSelection::Default,
        Align::Min,
    ));
    job.wrap = egui::text::TextWrapping {
        max_width: width,
        max_rows: rows.max(1),
        break_anywhere: false,
        overflow_character: Some('…'),
    };
    job
}

/// A line kept for a field's problem, right under it: as high as a line of text whether or not
/// there is one (so the form never moves when it shows), the problem in the warning colour,
/// elided to the line with the whole of it on hover. Never takes the focus.
pub fn reason_line(ui: &mut Ui, why: Option<&str>) {
    let font = egui::FontId::proportional(theme::BODY + 1.0);
    // A little more than the text's height, so the label laid out in it (rounded to pixels)
    // never reaches past it and pushes what follows.
    let height = ui.fonts_mut(|f| f.row_height(&font)).ceil() + 2.0;
    let (rect, _) = ui.allocate_exact_size(vec2(ui.available_width(), height), Sense::hover());
    if let Some(why) = why {
        let colour = theme::bad(ui.visuals());
        let label = egui::Label::new(RichText::new(why).font(font).color(colour).strong()).truncate();
        // Put in the line kept for it: it never moves what comes after. Cut short, the label
        // shows the whole sentence on hover itself (a second tooltip doubled it).
        ui.scope_builder(
            egui::UiBuilder::new().max_rect(rect).layout(Layout::left_to_right(Align::Center)),
            |ui| {
                ui.add(label);
            },
        );
    }
}

/// A problem in a form, shown in place of a result.
pub fn problem(ui: &mut Ui, message: &str) {
    let colour = theme::bad(ui.visuals());
    ui.label(RichText::new(message).color(colour).size(theme::BODY + 1.0).strong());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typed_rolls_must_be_faces_of_the_die() {
        assert_eq!(parse_roll("", 20), Ok(None));
        assert_eq!(parse_roll(" 7 ", 20), Ok(Some(7)));
        assert!(parse_roll("0", 20).is_err());
        assert!(parse_roll("21", 20).is_err());
        assert!(parse_roll("11", 10).is_err());
        assert!(parse_roll("six", 10).is_err());
    }
}

#[cfg(test)]
mod hover_tests {
    use egui_kittest::Harness;
    use egui_kittest::kittest::Queryable as _;

    /// A reason cut short at its line's end shows the whole sentence once on hover: one
    /// tooltip (the label's own), not two stacked over the fields below.
    #[test]
    fn a_cut_reason_shows_its_whole_sentence_in_one_tooltip() {
        let why =
            "'ZZ' is not a card: write the rank then the suit, like 7S, 10H, QD or AC, or JK for a joker";
        let mut h = Harness::builder().with_size(egui::vec2(200.0, 120.0)).build_ui(|ui| {
            crate::ui::theme::install(ui.ctx());
            super::reason_line(ui, Some(why));
        });
        h.run();
        h.get_by_label(why).hover();
        h.run();
        h.run();
        // The label itself, and its one tooltip.
        assert_eq!(h.get_all_by_label(why).count(), 2);
    }

    /// Two odds bars in a column 242 points wide (one game's hit odds beside its damage odds at
    /// 1280 × 800), with a mouse and on a touch screen: each keeps its label, percentage and bar
    /// on one line inside the column, the label whole. The label kept 120 points and the bar
    /// 60, so with a mouse the bar reached 6 points past the column, and on a touch screen,
    /// whose rows wrap, it went down onto a line of its own.
    #[test]
    fn an_odds_bar_stays_inside_a_242_point_column() {
        for touch in [false, true] {
            let seen = std::sync::Arc::new(std::sync::Mutex::new(egui::Rect::NOTHING));
            let kept = std::sync::Arc::clone(&seen);
            let mut h = Harness::builder().with_size(egui::vec2(1280.0, 300.0)).build_ui(move |ui| {
                crate::ui::theme::install(ui.ctx());
                if touch {
                    crate::ui::theme::touch(ui.ctx());
                }
                let column = egui::Rect::from_min_size(egui::pos2(20.0, 20.0), egui::vec2(242.0, 160.0));
                let mut ui = ui.new_child(egui::UiBuilder::new().max_rect(column));
                super::probability_bar(&mut ui, "Hits at range 1", 0.4213, egui::Color32::GREEN);
                super::chance_bar(
                    &mut ui,
                    "Hit and taken out",
                    crate::kernel::odds::Chance::new(1, 8),
                    egui::Color32::RED,
                );
                if let Ok(mut seen) = kept.lock() {
                    *seen = ui.min_rect();
                }
            });
            h.run();
            let bars = seen.lock().map_or(egui::Rect::NOTHING, |r| *r);
            assert!(bars.right() <= 262.0, "touch {touch}: the bars reach x = {}, past 262", bars.right());
            let line = if touch { 44.0 } else { 28.0 };
            let gap = if touch { 10.0 } else { 8.0 };
            assert!(bars.height() <= 2.0 * line + gap + 0.5, "touch {touch}: more than two lines: {bars:?}");
            for words in ["Hits at range 1", "42%", "Hit and taken out", "13%"] {
                let shown = h.get_by_label(words).rect();
                assert!(shown.right() <= 262.0, "touch {touch}: {words} at {shown:?}");
            }
        }
    }
}
