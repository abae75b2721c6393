//! The game's log, the same panel in every system: every event in plain words, newest at the
//! bottom, in a column that scrolls on its own and stays at the newest line as events arrive.
//!
//! A long game has ten thousand lines, so only the lines in view are laid out. Lines wrap within
//! the column (a phone has no room for a long line and no pointer to hover it), so they do not
//! share one height: the panel remembers each line's height once it has been drawn at this
//! width, and counts one text row for a line it has not drawn yet. Scrolling up to older lines
//! corrects their heights as they come into view; the newest lines, the ones a table reads,
//! are always measured.

use egui::{Rect, RichText, ScrollArea, Ui, UiBuilder};

use crate::ui::theme;

/// What a system adds to the shared log panel.
#[derive(Clone, Copy, Debug)]
pub struct LogOptions<'a> {
    /// Keys the panel's scroll position and remembered heights ("play-log").
    pub id_salt: &'a str,
    /// The newest line written out again, in bold, beside the heading on one line (cut short,
    /// whole on hover), where it is read at a glance even when the panel is scrolled up.
    pub latest: bool,
}

impl<'a> LogOptions<'a> {
    /// A log panel keyed by `id_salt`, with nothing added.
    #[must_use]
    pub fn new(id_salt: &'a str) -> LogOptions<'a> {
        LogOptions { id_salt, latest: false }
    }
}

/// The log's heading and `lines`, oldest first, in a scrolling column that fills the space
/// given and sticks to the bottom. `line` formats one line from its position (from 0) and
/// text: a system may number it or colour it; the panel sets its size (at least
/// [`theme::MIN_TOUCH_TEXT`] on a touch screen) and wraps it within the column.
pub fn log_panel(
    ui: &mut Ui,
    lines: &[String],
    options: LogOptions<'_>,
    line: impl Fn(usize, &str) -> RichText,
) {
    let v = ui.visuals().clone();
    ui.horizontal(|ui| {
        ui.label(RichText::new("Log").strong().color(theme::muted(&v)));
        if options.latest
            && let Some(last) = lines.last()
        {
            // On one line, cut short (whole on hover, and whole as the last line below):
            // wrapped, a long attack's report made the heading two lines, and the panel grew
            // 18 points up into the turn, under which *Record the attack* went at 1024 × 768.
            ui.add(egui::Label::new(RichText::new(last).strong()).truncate()).on_hover_text(last);
        }
    });
    let size = text_size(ui);
    let font = egui::FontId::proportional(size);
    let row = ui.ctx().fonts_mut(|f| f.row_height(&font));
    let gap = ui.spacing().item_spacing.y;
    ScrollArea::vertical().id_salt(options.id_salt).stick_to_bottom(true).auto_shrink(false).show_viewport(
        ui,
        |ui, viewport| {
            let width = ui.available_width();
            let key = ui.scope_id().with("posse-log-heights");
            let mut heights: Heights =
                ui.data_mut(|d| std::mem::take(d.get_temp_mut_or_default::<Heights>(key)));
            heights.fit(width, size, row, gap, lines.len());
            ui.set_height(heights.total());
            let (first, top) = heights.first_in_view(viewport.min.y);
            let column =
                Rect::from_x_y_ranges(ui.max_rect().x_range(), ui.max_rect().top() + top..=f32::INFINITY);
            ui.scope_builder(UiBuilder::new().max_rect(column), |ui| {
                ui.skip_ahead_auto_ids(first);
                let mut y = top;
                for (n, text) in lines.iter().enumerate().skip(first) {
                    if y > viewport.max.y {
                        break;
                    }
                    let shown = ui.add(egui::Label::new(line(n, text).size(size)).wrap());
                    let height = shown.rect.height();
                    heights.set(n, height);
                    y += height + gap;
                }
            });
            ui.data_mut(|d| d.insert_temp(key, heights));
        },
    );
}

/// The size of the log's text: the small style on a desktop, at least
/// [`theme::MIN_TOUCH_TEXT`] on a touch screen.
fn text_size(ui: &Ui) -> f32 {
    let small = ui.style().text_styles.get(&egui::TextStyle::Small).map_or(theme::BODY - 3.0, |f| f.size);
    if theme::is_touch(ui.ctx()) { small.max(theme::MIN_TOUCH_TEXT) } else { small }
}

/// Each line's height as last drawn at one column width and text size (0 for a line not drawn
/// yet, counted as one text row), and where each line ends, counted again only from the first
/// line whose height changed: a frame with no new line and no newly measured one costs a
/// binary search, not a pass over ten thousand lines.
#[derive(Clone, Debug, Default)]
struct Heights {
    /// What the heights were measured with: the column's width, the text size, one text
    /// row's height and the gap between lines.
    key: [f32; 4],
    rows: Vec<f32>,
    /// Where line `n` ends, from the top of the first line, gaps included.
    ends: Vec<f32>,
    /// How many of `ends` are still right.
    counted: usize,
}

impl Heights {
    /// Forgets every height when the width, the text size or the spacing changed, and
    /// follows the log's length (an undone line's height goes; a new line's is not known yet).
    fn fit(&mut self, width: f32, size: f32, row: f32, gap: f32, lines: usize) {
        let key = [width, size, row, gap];
        if self.key.iter().zip(key).any(|(a, b)| (a - b).abs() > 0.01) {
            *self = Heights { key, ..Heights::default() };
        }
        self.rows.resize(lines, 0.0);
        self.counted = self.counted.min(lines);
        self.count();
    }

    /// Counts `ends` again from the first that is not right.
    fn count(&mut self) {
        let [_, _, row, gap] = self.key;
        self.ends.truncate(self.counted);
        let mut end = self.ends.last().copied();
        for &h in self.rows.iter().skip(self.counted) {
            let top = end.map_or(0.0, |e| e + gap);
            let bottom = top + if h > 0.0 { h } else { row };
            self.ends.push(bottom);
            end = Some(bottom);
        }
        self.counted = self.rows.len();
    }

    /// The height of every line, gaps between them included.
    fn total(&self) -> f32 {
        self.ends.last().copied().unwrap_or(0.0)
    }

    /// The first line that reaches below `y`, and where it starts.
    fn first_in_view(&self, y: f32) -> (usize, f32) {
        let n = self.ends.partition_point(|&end| end < y);
        let top = n.checked_sub(1).and_then(|i| self.ends.get(i)).map_or(0.0, |end| end + self.key[3]);
        (n, top)
    }

    /// Line `n` was drawn `height` high.
    fn set(&mut self, n: usize, height: f32) {
        let row = self.key[2];
        let Some(h) = self.rows.get_mut(n) else { return };
        let counted_as = if *h > 0.0 { *h } else { row };
        *h = height;
        if (counted_as - height).abs() > f32::EPSILON {
            self.counted = self.counted.min(n);
        }
    }
}

#[cfg(test)]
#[expect(clippy::float_cmp, reason = "the heights are sums of small whole numbers, exact in f32")]
mod tests {
    use egui_kittest::Harness;
    use egui_kittest::kittest::Queryable as _;

    use super::*;

    const LONG: &str =
        "Bob's deputy shoots Ann's dude twice with his rifle at long range: one hit, out of action";

    /// Ten thousand lines on a phone-wide touch screen, the newest one long.
    fn phone_log() -> Harness<'static> {
        let mut lines: Vec<String> = (1..10_000).map(|n| format!("Line {n}")).collect();
        lines.push(LONG.to_owned());
        let mut h = Harness::builder()
            .with_size(egui::vec2(300.0, 400.0))
            .with_context_setup(|ctx| {
                theme::install(ctx);
                theme::touch(ctx);
            })
            .build_ui(move |ui| {
                log_panel(ui, &lines, LogOptions::new("test-log"), |_, line| RichText::new(line));
            });
        h.run();
        h
    }

    #[test]
    fn ten_thousand_lines_show_the_newest_wrapped_and_lay_out_only_those_in_view() {
        let h = phone_log();
        let newest = h.get_by_label(LONG).rect();
        let row = h.ctx.fonts_mut(|f| f.row_height(&egui::FontId::proportional(theme::MIN_TOUCH_TEXT)));
        assert!(
            newest.right() <= 300.0 && newest.height() >= 2.0 * row - 0.5,
            "wrapped in the column: {newest:?}"
        );
        assert!(newest.bottom() <= 400.0, "the newest line is in view: {newest:?}");
        let one = h.get_by_label("Line 9999").rect();
        assert!(one.height() >= row - 0.5, "at least {} px: {one:?}", theme::MIN_TOUCH_TEXT);
        assert!(h.query_by_label("Line 1").is_none());
        let drawn = h.query_all_by_label_contains("Line ").count();
        assert!((5..40).contains(&drawn), "{drawn} lines drawn");
    }

    #[test]
    fn unknown_lines_count_one_row_and_known_ones_their_height() {
        let mut h = Heights::default();
        h.fit(300.0, 13.0, 18.0, 4.0, 4);
        h.set(1, 40.0);
        h.count();
        // 18 + 40 + 18 + 18, and three gaps of 4.
        assert_eq!(h.total(), 106.0);
        assert_eq!(h.ends, [18.0, 62.0, 84.0, 106.0]);
        assert_eq!(h.first_in_view(0.0), (0, 0.0));
        assert_eq!(h.first_in_view(30.0), (1, 22.0));
        assert_eq!(h.first_in_view(66.0), (2, 66.0));
        assert_eq!(h.first_in_view(500.0), (4, 110.0));
    }

    #[test]
    fn only_the_lines_after_a_change_are_counted_again() {
        let mut h = Heights::default();
        h.fit(300.0, 13.0, 18.0, 4.0, 3);
        h.set(2, 18.0);
        assert_eq!(h.counted, 3, "the same height changes nothing");
        h.set(2, 30.0);
        assert_eq!(h.counted, 2);
        h.fit(300.0, 13.0, 18.0, 4.0, 5);
        assert_eq!(h.ends, [18.0, 40.0, 74.0, 96.0, 118.0]);
    }

    #[test]
    fn a_new_width_forgets_the_heights_and_an_undo_drops_the_last() {
        let mut h = Heights::default();
        h.fit(300.0, 13.0, 18.0, 4.0, 3);
        h.set(0, 40.0);
        h.set(2, 40.0);
        h.fit(300.0, 13.0, 18.0, 4.0, 2);
        assert_eq!((h.rows.as_slice(), h.total()), ([40.0, 0.0].as_slice(), 62.0));
        h.fit(200.0, 13.0, 18.0, 4.0, 2);
        assert_eq!(h.rows, [0.0, 0.0]);
        h.set(0, 40.0);
        h.fit(200.0, 14.0, 19.0, 4.0, 2);
        assert_eq!((h.rows.as_slice(), h.total()), ([0.0, 0.0].as_slice(), 42.0));
    }
}
