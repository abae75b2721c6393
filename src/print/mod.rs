//! Printed sheets: a page is first laid out as a list of positioned items (text, boxes,
//! lines) from the rules data, then rendered to PDF with krilla. Tests read the layout, so
//! they check what is printed without parsing a PDF.
//!
//! Sheets are read at arm's length: no text under [`MIN_TEXT`] (9 pt). Text is measured and
//! wrapped with the embedded font's advance widths (read once with skrifa into a table, so
//! measuring and wrapping are one pass; a word wider than its line is broken between
//! characters), and pages are rendered with subsets of DejaVu Sans embedded. [`Flow`] lays
//! text in columns down as many pages as it needs, a heading waiting for the first line of its
//! section; [`fit_pages`] shrinks a sheet by up to ten per cent when that saves a page, or sets
//! it larger when it needs several pages anyway.

use std::collections::HashMap;
use std::sync::LazyLock;

use krilla::Document;
use krilla::color::rgb;
use krilla::geom::{PathBuilder, Point, Rect};
use krilla::num::NormalizedF32;
use krilla::page::PageSettings;
use krilla::paint::{Fill, Stroke};
use krilla::text::{Font, TextDirection};
use serde::Serialize;
use skrifa::MetadataProvider as _;
use skrifa::instance::{LocationRef, Size};

const REGULAR: &[u8] = include_bytes!("../../data/fonts/DejaVuSans.ttf");
const BOLD: &[u8] = include_bytes!("../../data/fonts/DejaVuSans-Bold.ttf");

/// A paper size.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub enum Paper {
    #[default]
    A4,
    Letter,
}

impl Paper {
    /// Width and height in PDF points (1/72 inch).
    #[must_use]
    pub fn size(self) -> (f32, f32) {
        match self {
            Paper::A4 => (595.28, 841.89),
            Paper::Letter => (612.0, 792.0),
        }
    }

    /// The name used on the command line and in the app.
    #[must_use]
    pub fn id(self) -> &'static str {
        match self {
            Paper::A4 => "a4",
            Paper::Letter => "letter",
        }
    }

    /// Reads `a4` or `letter`.
    #[must_use]
    pub fn parse(text: &str) -> Option<Paper> {
        match text.to_ascii_lowercase().as_str() {
            "a4" => Some(Paper::A4),
            "letter" | "us-letter" => Some(Paper::Letter),
            _ => None,
        }
    }
}

/// A grey level from 0 (black) to 255 (white), or the accent red.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Ink {
    Grey(u8),
    Red,
}

/// The smallest type on any sheet: every text is at least this size, so a sheet lying on the
/// table reads at arm's length.
pub const MIN_TEXT: f32 = 9.0;

/// The white border around every page, in points.
pub const MARGIN: f32 = 34.0;

/// The size of section headings before scaling.
const HEADING: f32 = 13.0;

/// One thing on a page. Coordinates are points from the top-left corner; text `y` is the
/// baseline.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum Item {
    /// A line of text; `heading` marks a section heading, which is only ever drawn with the
    /// first line of its section after it.
    Text {
        x: f32,
        y: f32,
        size: f32,
        bold: bool,
        ink: Ink,
        heading: bool,
        text: String,
    },
    Rect {
        x: f32,
        y: f32,
        w: f32,
        h: f32,
        stroke: f32,
        fill: Option<Ink>,
    },
    Line {
        x1: f32,
        y1: f32,
        x2: f32,
        y2: f32,
        width: f32,
    },
}

/// A laid-out page.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Page {
    pub paper: Paper,
    pub items: Vec<Item>,
}

impl Page {
    /// An empty page.
    #[must_use]
    pub fn new(paper: Paper) -> Page {
        Page { paper, items: Vec::new() }
    }

    /// Every text on the page, top to bottom as laid out.
    #[must_use]
    pub fn texts(&self) -> Vec<&str> {
        self.items
            .iter()
            .filter_map(|i| match i {
                Item::Text { text, .. } => Some(text.as_str()),
                _ => None,
            })
            .collect()
    }

    /// Whether every item lies inside the page.
    #[must_use]
    pub fn fits(&self) -> bool {
        let (w, h) = self.paper.size();
        self.items.iter().all(|i| match i {
            Item::Text { x, y, size, bold, text, .. } => {
                *x >= 0.0 && x + text_width(text, *size, *bold) <= w && *y <= h && y - size >= 0.0
            }
            Item::Rect { x, y, w: rw, h: rh, .. } => *x >= 0.0 && *y >= 0.0 && x + rw <= w && y + rh <= h,
            Item::Line { x1, y1, x2, y2, .. } => {
                [*x1, *x2].iter().all(|x| (0.0..=w).contains(x))
                    && [*y1, *y2].iter().all(|y| (0.0..=h).contains(y))
            }
        })
    }

    /// Adds text.
    pub fn text(&mut self, x: f32, y: f32, size: f32, bold: bool, text: impl Into<String>) {
        self.items.push(Item::Text {
            x,
            y,
            size,
            bold,
            ink: Ink::Grey(0),
            heading: false,
            text: text.into(),
        });
    }

    /// Adds text in a cell `width` wide: the size shrinks (never under [`MIN_TEXT`]) before the
    /// text is shortened with an ellipsis, so names stay whole where they can.
    pub fn cell(&mut self, x: f32, y: f32, width: f32, size: f32, bold: bool, text: &str) {
        let natural = text_width(text, size, bold);
        let mut size = size;
        if natural > width && size > MIN_TEXT {
            // Widths grow in proportion to the size: take the largest half point that fits.
            let fitting = (size * width / natural * 2.0).floor() / 2.0;
            size = fitting.clamp(MIN_TEXT, size);
        }
        self.text(x, y, size, bold, fit(text, width, size, bold));
    }

    /// Adds a box.
    pub fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, stroke: f32, fill: Option<Ink>) {
        self.items.push(Item::Rect { x, y, w, h, stroke, fill });
    }

    /// Adds a line.
    pub fn line(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, width: f32) {
        self.items.push(Item::Line { x1, y1, x2, y2, width });
    }
}

/// One line of a [`Flow`] block: its size (already scaled), weight and text.
type FlowLine = (f32, bool, String);

/// Lays text out top to bottom, in one or more columns, on pages of one paper size, at a scale
/// that can be lowered (never taking text under [`MIN_TEXT`]) to save a page.
///
/// A heading waits for the first line of its section and is drawn with it, in the same column:
/// a section with nothing in it prints no heading, and no heading ends a column or a page.
pub struct Flow {
    pub pages: Vec<Page>,
    pub paper: Paper,
    /// Multiplies every font size and gap.
    pub scale: f32,
    pub margin: f32,
    pub y: f32,
    /// The flow ran past the bottom of the last column of the last page it may use.
    pub overflow: bool,
    /// How many pages the flow may use before it overflows.
    page_limit: usize,
    columns: usize,
    column: usize,
    /// Where columns start on the current page.
    top: f32,
    /// A heading (and its ink) waiting for the first line of its section.
    pending: Option<(String, Ink)>,
    /// A line at the top of every page after the first.
    running_head: Option<String>,
}

const GUTTER: f32 = 18.0;

impl Flow {
    /// A flow on one empty page, one column wide, that may use up to `page_limit` pages.
    #[must_use]
    pub fn new(paper: Paper, scale: f32, page_limit: usize) -> Flow {
        Flow {
            pages: vec![Page::new(paper)],
            paper,
            scale,
            margin: MARGIN,
            y: MARGIN,
            overflow: false,
            page_limit: page_limit.max(1),
            columns: 1,
            column: 0,
            top: MARGIN,
            pending: None,
            running_head: None,
        }
    }

    /// A font size at the flow's scale, never under [`MIN_TEXT`].
    #[must_use]
    pub fn size(&self, size: f32) -> f32 {
        (size * self.scale).max(MIN_TEXT)
    }

    /// From here on, flow in `n` columns (starting below what is already on the page).
    pub fn columns(&mut self, n: usize) {
        self.columns = n.max(1);
        self.column = 0;
        self.top = self.y;
    }

    /// From here on, every new page starts with `text` (shortened to one line).
    pub fn running_head(&mut self, text: impl Into<String>) {
        self.running_head = Some(text.into());
    }

    /// The width of the current column.
    #[must_use]
    pub fn width(&self) -> f32 {
        #[expect(clippy::cast_precision_loss, reason = "a handful of columns")]
        let n = self.columns as f32;
        (self.paper.size().0 - 2.0 * self.margin - (n - 1.0) * GUTTER) / n
    }

    /// The left edge of the current column.
    #[must_use]
    pub fn left(&self) -> f32 {
        #[expect(clippy::cast_precision_loss, reason = "a handful of columns")]
        let k = self.column as f32;
        self.margin + k * (self.width() + GUTTER)
    }

    /// The lowest point text may reach; the page footer lies below it.
    #[must_use]
    pub fn bottom(&self) -> f32 {
        self.paper.size().1 - self.margin - 12.0
    }

    /// The page being written.
    pub fn page(&mut self) -> &mut Page {
        if self.pages.is_empty() {
            self.pages.push(Page::new(self.paper));
        }
        let last = self.pages.len() - 1;
        &mut self.pages[last]
    }

    /// Makes room for `height` points: the next column, a new page, or an overflow mark.
    /// Returns whether the flow moved to a new column or page.
    pub fn need(&mut self, height: f32) -> bool {
        if self.y + height <= self.bottom() {
            return false;
        }
        if self.column + 1 < self.columns {
            self.column += 1;
            self.y = self.top;
        } else if self.pages.len() < self.page_limit {
            self.pages.push(Page::new(self.paper));
            self.column = 0;
            self.y = self.margin;
            if let Some(head) = self.running_head.clone() {
                let size = self.size(11.0);
                self.y += size;
                let (x, y, width) = (self.margin, self.y, self.paper.size().0 - 2.0 * self.margin);
                self.page().cell(x, y, width, size, true, &head);
                self.y += size * 0.3 + 8.0 * self.scale;
            }
            self.top = self.y;
        } else {
            self.overflow = true;
            return false;
        }
        true
    }

    /// Makes room for `height` points of content, drawing the waiting heading first, in the same
    /// column. Returns whether the flow moved to a new column or page.
    pub fn place(&mut self, height: f32) -> bool {
        let Some((text, ink)) = self.pending.take() else { return self.need(height) };
        let size = self.size(HEADING);
        let moved = self.need((6.0 + 4.0) * self.scale + size * 1.3 + height);
        self.gap(6.0);
        self.y += size;
        let (x, y, width) = (self.left(), self.y, self.width());
        let page = self.page();
        page.cell(x, y, width, size, true, &text);
        if let Some(Item::Text { heading, ink: item_ink, .. }) = page.items.last_mut() {
            *heading = true;
            *item_ink = ink;
        }
        self.y += size * 0.3;
        let y = self.y;
        self.page().line(x, y, x + width, y, 0.6);
        self.gap(4.0);
        moved
    }

    /// Vertical space.
    pub fn gap(&mut self, points: f32) {
        self.y += points * self.scale;
    }

    /// A line of text at `size`, shrunk or shortened to fit the column.
    pub fn line(&mut self, x_offset: f32, size: f32, bold: bool, text: &str) {
        let size = self.size(size);
        self.place(size * 1.3);
        self.y += size;
        let (x, width, y) = (self.left() + x_offset, self.width() - x_offset, self.y);
        self.page().cell(x, y, width, size, bold, text);
        self.y += size * 0.3;
    }

    /// Starts a section: its heading is drawn with the section's first line, or not at all.
    pub fn heading(&mut self, text: &str) {
        self.heading_in(text, Ink::Grey(0));
    }

    /// Starts a section with a heading in `ink`.
    pub fn heading_in(&mut self, text: &str, ink: Ink) {
        self.pending = Some((text.to_owned(), ink));
    }

    /// A wrapped paragraph, indented by `x_offset`.
    pub fn para(&mut self, x_offset: f32, size: f32, bold: bool, text: &str) {
        self.block(x_offset, None, &[(size, bold, text)]);
    }

    /// A wrapped paragraph of at most `max_lines` lines, the last one shortened with an
    /// ellipsis when text is left over.
    pub fn para_at_most(&mut self, x_offset: f32, size: f32, bold: bool, text: &str, max_lines: usize) {
        let size = self.size(size);
        let lines = wrap_at_most(text, self.width() - x_offset, size, bold, max_lines);
        self.lines(x_offset, None, lines.into_iter().map(|l| (size, bold, l)).collect());
    }

    /// A tick box followed by a wrapped item.
    pub fn tick(&mut self, size: f32, text: &str) {
        let box_size = self.size(size) * 0.95;
        self.block(box_size + 6.0 * self.scale, Some(box_size), &[(size, false, text)]);
        self.gap(2.0);
    }

    /// Paragraphs (size, bold, text) one under the other, indented by `x_offset`, with a tick
    /// box `tick` points wide at the column's left edge beside the first line; kept in one
    /// column when they fit one.
    pub fn block(&mut self, x_offset: f32, tick: Option<f32>, runs: &[(f32, bool, &str)]) {
        let width = self.width() - x_offset;
        let mut lines = Vec::new();
        for &(size, bold, text) in runs {
            let size = self.size(size);
            lines.extend(wrap(text, width, size, bold).into_iter().map(|l| (size, bold, l)));
        }
        self.lines(x_offset, tick, lines);
    }

    fn lines(&mut self, x_offset: f32, tick: Option<f32>, lines: Vec<FlowLine>) {
        let Some(&(first, ..)) = lines.first() else { return };
        let total: f32 = lines.iter().map(|(size, ..)| size * 1.3).sum();
        let together = total <= self.bottom() - self.top;
        self.place(if together { total } else { first * 1.3 });
        for (n, (size, bold, text)) in lines.into_iter().enumerate() {
            if n > 0 && !together {
                self.need(size * 1.3);
            }
            self.y += size;
            let (x, y) = (self.left() + x_offset, self.y);
            if let (0, Some(b)) = (n, tick) {
                let bottom = y + 0.15 * size;
                let left = self.left() + 1.0;
                self.page().rect(left, bottom - b, b, b, 0.8, None);
            }
            self.page().text(x, y, size, bold, text);
            self.y += size * 0.3;
        }
    }

    /// The laid-out pages; a heading still waiting for its section is left out.
    #[must_use]
    pub fn finish(self) -> Vec<Page> {
        self.pages
    }
}

/// How far [`fit_pages`] may shrink a sheet to save a page: ten per cent, so text set at 10 pt
/// or more stays at [`MIN_TEXT`] or more.
const MIN_SCALE: f32 = 0.9;

/// Scales [`fit_pages`] tries to fill the pages a sheet needs anyway, largest first.
const LARGER: [f32; 5] = [1.25, 1.2, 1.15, 1.1, 1.05];

/// Lays out with `build` on as many pages as it needs at full size. When a slightly smaller
/// scale (down to `MIN_SCALE`) saves a page, that layout is used; otherwise a sheet of
/// several pages is set as large as still fits them, so its last page is not left nearly empty.
/// Each try is one pass over the content, and there are at most eight, so the cost grows with
/// the content, not with its square.
pub fn fit_pages(paper: Paper, build: impl Fn(&mut Flow)) -> Vec<Page> {
    let run = |scale: f32, page_limit: usize| {
        let mut flow = Flow::new(paper, scale, page_limit);
        build(&mut flow);
        flow
    };
    let full = run(1.0, usize::MAX);
    let needed = full.pages.len();
    if needed > 1 {
        for scale in [0.95, MIN_SCALE] {
            let smaller = run(scale, needed - 1);
            if !smaller.overflow {
                return smaller.finish();
            }
        }
        for scale in LARGER {
            let larger = run(scale, needed);
            if !larger.overflow {
                return larger.finish();
            }
        }
    }
    full.finish()
}

/// Writes `note` at the foot of every page and, when there is more than one, "page N of M" at
/// the right.
pub fn footers(pages: &mut [Page], note: &str) {
    let count = pages.len();
    for (n, page) in pages.iter_mut().enumerate() {
        let (width, height) = page.paper.size();
        let y = height - MARGIN + 10.0;
        let mut right = width - MARGIN;
        if count > 1 {
            let label = format!("page {} of {count}", n + 1);
            let w = text_width(&label, MIN_TEXT, false);
            right -= w;
            page.text(right, y, MIN_TEXT, false, label);
            right -= 12.0;
        }
        if !note.is_empty() {
            page.cell(MARGIN, y, right - MARGIN, MIN_TEXT, false, note);
        }
    }
}

/// Advance widths of one embedded font at 1 pt, read from the font once: measuring a text is
/// one table look-up per character, so measuring and wrapping grow with the text, never with
/// its square.
struct Metrics {
    /// Latin-1, by code point: nearly every character printed.
    latin: [f32; 256],
    /// Everything else the font has (the card suits, dashes, arrows, the ellipsis…).
    other: HashMap<u32, f32>,
}

/// The width, in ems, of a character the font lacks (drawn as its empty box).
const MISSING: f32 = 0.6;

impl Metrics {
    fn load(bytes: &[u8]) -> Metrics {
        let mut metrics = Metrics { latin: [MISSING; 256], other: HashMap::new() };
        let Ok(font) = skrifa::FontRef::new(bytes) else { return metrics };
        let glyphs = font.glyph_metrics(Size::new(1.0), LocationRef::default());
        for (code, glyph) in font.charmap().mappings() {
            let Some(advance) = glyphs.advance_width(glyph) else { continue };
            match usize::try_from(code).ok().and_then(|i| metrics.latin.get_mut(i)) {
                Some(slot) => *slot = advance,
                None => {
                    metrics.other.insert(code, advance);
                }
            }
        }
        metrics
    }

    /// The advance of `c` at 1 pt.
    fn advance(&self, c: char) -> f32 {
        let code = u32::from(c);
        match usize::try_from(code).ok().and_then(|i| self.latin.get(i)) {
            Some(advance) => *advance,
            None => self.other.get(&code).copied().unwrap_or(MISSING),
        }
    }

    /// The width of `text` at 1 pt, summed left to right (wrapping sums the same way, so its
    /// lines measure exactly as [`text_width`] measures them).
    fn units(&self, text: &str) -> f32 {
        text.chars().fold(0.0, |sum, c| sum + self.advance(c))
    }
}

struct Fonts {
    regular: Metrics,
    bold: Metrics,
}

static METRICS: LazyLock<Fonts> =
    LazyLock::new(|| Fonts { regular: Metrics::load(REGULAR), bold: Metrics::load(BOLD) });

fn metrics(bold: bool) -> &'static Metrics {
    if bold { &METRICS.bold } else { &METRICS.regular }
}

/// The width of `text` in points, measured from the embedded font.
#[must_use]
pub fn text_width(text: &str, size: f32, bold: bool) -> f32 {
    metrics(bold).units(text) * size
}

/// Splits `text` into lines no wider than `width` at its spaces (a no-break space holds its
/// words together); a word wider than a line is broken between its characters. One pass: each
/// character is measured once or twice.
#[must_use]
pub fn wrap(text: &str, width: f32, size: f32, bold: bool) -> Vec<String> {
    let metrics = metrics(bold);
    let fits = |units: f32| units * size <= width;
    let mut lines = Vec::new();
    let mut line = String::new();
    let mut units = 0.0_f32;
    let words = text.split(|c: char| c.is_whitespace() && c != '\u{a0}').filter(|w| !w.is_empty());
    for word in words {
        if !line.is_empty() {
            let joined = word.chars().fold(units + metrics.advance(' '), |sum, c| sum + metrics.advance(c));
            if fits(joined) {
                line.push(' ');
                line.push_str(word);
                units = joined;
                continue;
            }
            lines.push(std::mem::take(&mut line));
        }
        let alone = metrics.units(word);
        if fits(alone) {
            line.push_str(word);
            units = alone;
            continue;
        }
        units = 0.0;
        for c in word.chars() {
            let advance = metrics.advance(c);
            if !line.is_empty() && !fits(units + advance) {
                lines.push(std::mem::take(&mut line));
                units = 0.0;
            }
            line.push(c);
            units += advance;
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// [`wrap`] to at most `max_lines` lines; when text is left over, the last line ends with an
/// ellipsis.
#[must_use]
pub fn wrap_at_most(text: &str, width: f32, size: f32, bold: bool, max_lines: usize) -> Vec<String> {
    let mut lines = wrap(text, width, size, bold);
    if lines.len() > max_lines {
        lines.truncate(max_lines);
        if let Some(last) = lines.last_mut() {
            *last = shorten(last, width, size, bold);
        }
    }
    lines
}

/// Shortens `text` with an ellipsis until it fits `width`.
#[must_use]
pub fn fit(text: &str, width: f32, size: f32, bold: bool) -> String {
    if text_width(text, size, bold) <= width {
        return text.to_owned();
    }
    shorten(text, width, size, bold)
}

/// The longest start of `text` that fits `width` with an ellipsis after it (trailing spaces
/// dropped): "…" alone, or nothing, when no start does. One pass over the text.
fn shorten(text: &str, width: f32, size: f32, bold: bool) -> String {
    let metrics = metrics(bold);
    let ellipsis = metrics.advance('…');
    let mut units = 0.0_f32;
    let mut end = 0;
    for (i, c) in text.char_indices() {
        units += metrics.advance(c);
        if (units + ellipsis) * size > width {
            break;
        }
        if !c.is_whitespace() {
            end = i + c.len_utf8();
        }
    }
    let start = text.get(..end).unwrap_or_default();
    if start.is_empty() && ellipsis * size > width { String::new() } else { format!("{start}…") }
}

/// Rendering a PDF failed.
#[derive(Debug, thiserror::Error)]
pub enum PrintError {
    #[error("the embedded font could not be loaded")]
    Font,
    #[error("the page size is invalid")]
    PageSize,
    #[error("the PDF could not be written: {0}")]
    Pdf(String),
}

fn colour(ink: Ink) -> rgb::Color {
    match ink {
        Ink::Grey(g) => rgb::Color::new(g, g, g),
        Ink::Red => rgb::Color::new(170, 30, 30),
    }
}

fn fill(ink: Ink) -> Fill {
    Fill { paint: colour(ink).into(), opacity: NormalizedF32::ONE, rule: krilla::paint::FillRule::default() }
}

/// Renders laid-out pages to PDF bytes, with the fonts embedded (subset).
///
/// # Errors
/// When the font or a page cannot be set up, or krilla refuses the document.
pub fn render(pages: &[Page]) -> Result<Vec<u8>, PrintError> {
    let regular = Font::new(REGULAR.into(), 0).ok_or(PrintError::Font)?;
    let bold = Font::new(BOLD.into(), 0).ok_or(PrintError::Font)?;
    let mut document = Document::new();
    for page in pages {
        let (w, h) = page.paper.size();
        let settings = PageSettings::from_wh(w, h).ok_or(PrintError::PageSize)?;
        let mut pdf_page = document.start_page_with(settings);
        let mut surface = pdf_page.surface();
        for item in &page.items {
            match item {
                Item::Text { x, y, size, bold: is_bold, ink, text, .. } => {
                    surface.set_fill(Some(fill(*ink)));
                    surface.set_stroke(None);
                    let font = if *is_bold { bold.clone() } else { regular.clone() };
                    surface.draw_text(Point::from_xy(*x, *y), font, *size, text, false, TextDirection::Auto);
                }
                Item::Rect { x, y, w, h, stroke, fill: inside } => {
                    let Some(rect) = Rect::from_xywh(*x, *y, *w, *h) else { continue };
                    let mut pb = PathBuilder::new();
                    pb.push_rect(rect);
                    let Some(path) = pb.finish() else { continue };
                    surface.set_fill(inside.map(fill));
                    surface.set_stroke((*stroke > 0.0).then(|| Stroke {
                        paint: colour(Ink::Grey(0)).into(),
                        width: *stroke,
                        ..Stroke::default()
                    }));
                    surface.draw_path(&path);
                }
                Item::Line { x1, y1, x2, y2, width } => {
                    let mut pb = PathBuilder::new();
                    pb.move_to(*x1, *y1);
                    pb.line_to(*x2, *y2);
                    let Some(path) = pb.finish() else { continue };
                    surface.set_fill(None);
                    surface.set_stroke(Some(Stroke {
                        paint: colour(Ink::Grey(90)).into(),
                        width: *width,
                        ..Stroke::default()
                    }));
                    surface.draw_path(&path);
                }
            }
        }
        surface.finish();
        pdf_page.finish();
    }
    document.finish().map_err(|e| PrintError::Pdf(format!("{e:?}")))
}

/// Checks shared by the tests of every sheet.
#[cfg(test)]
pub(crate) mod sheet {
    use super::{Item, MARGIN, MIN_TEXT, Page, text_width};

    /// Everything wrong with a printed sheet, one sentence each: an item off its page, a text
    /// under [`MIN_TEXT`], two texts on top of each other, a heading followed by another
    /// heading or by the end of its column or page.
    pub fn faults(pages: &[Page]) -> Vec<String> {
        let mut faults = Vec::new();
        for (n, page) in pages.iter().enumerate() {
            let n = n + 1;
            if !page.fits() {
                faults.push(format!("page {n}: something lies off the page"));
            }
            // The footer lies below the flow's bottom: it does not count as a section's text.
            let bottom = page.paper.size().1 - MARGIN - 12.0;
            let texts: Vec<(f32, f32, bool, &str)> = page
                .items
                .iter()
                .filter_map(|i| match i {
                    Item::Text { y, size, heading, text, .. } => Some((*y, *size, *heading, text.as_str())),
                    _ => None,
                })
                .collect();
            // Each text's box, from its descenders up to its ascenders (DejaVu's are 0.24 and
            // 0.93 em); a sliver of overlap is allowed for tight leading.
            let boxes: Vec<(f32, f32, f32, f32, &str)> = page
                .items
                .iter()
                .filter_map(|i| match i {
                    Item::Text { x, y, size, bold, text, .. } => Some((
                        *x,
                        x + text_width(text, *size, *bold),
                        y - 0.93 * size,
                        y + 0.24 * size,
                        text.as_str(),
                    )),
                    _ => None,
                })
                .collect();
            for (k, a) in boxes.iter().enumerate() {
                for b in &boxes[k + 1..] {
                    if a.0 < b.1 - 0.5 && b.0 < a.1 - 0.5 && a.2 < b.3 - 1.5 && b.2 < a.3 - 1.5 {
                        faults.push(format!("page {n}: \"{}\" overlaps \"{}\"", a.4, b.4));
                    }
                }
            }
            for (k, &(y, size, heading, text)) in texts.iter().enumerate() {
                if size < MIN_TEXT {
                    faults.push(format!("page {n}: \"{text}\" is {size} pt"));
                }
                if !heading {
                    continue;
                }
                match texts.get(k + 1) {
                    Some((_, _, true, next)) => {
                        faults.push(format!("page {n}: the heading \"{text}\" is followed by \"{next}\""));
                    }
                    Some((next_y, ..)) if *next_y > y && *next_y <= bottom => {}
                    _ => faults.push(format!("page {n}: the heading \"{text}\" ends its column or page")),
                }
            }
        }
        faults
    }

    /// The smallest text size on the pages.
    pub fn smallest(pages: &[Page]) -> f32 {
        pages
            .iter()
            .flat_map(|p| &p.items)
            .filter_map(|i| match i {
                Item::Text { size, .. } => Some(*size),
                _ => None,
            })
            .fold(f32::INFINITY, f32::min)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widths_grow_with_text_and_size() {
        let small = text_width("Deputy", 10.0, false);
        assert!(small > 20.0 && small < 50.0, "{small}");
        assert!(text_width("Deputy", 20.0, false) > small * 1.9);
        assert!(text_width("Deputy", 10.0, true) > small);
        assert!(text_width("♠♥♦♣", 10.0, false) > 0.0);
    }

    #[test]
    fn wrapping_keeps_every_word_within_the_width() {
        let text = "Take one under fire marker off one of your models at the end of each turn.";
        let lines = wrap(text, 120.0, 9.0, false);
        assert!(lines.len() > 1);
        assert!(lines.iter().all(|l| text_width(l, 9.0, false) <= 120.0));
        assert_eq!(lines.join(" "), text);
        assert_eq!(fit("Upstanding Citizen", 40.0, 10.0, false).chars().last(), Some('…'));
        let glued = wrap("☐\u{a0}Good\u{a0}guys\u{a0}won ☐\u{a0}Draw", 100.0, 10.0, false);
        assert_eq!(glued, ["☐\u{a0}Good\u{a0}guys\u{a0}won", "☐\u{a0}Draw"]);
    }

    #[test]
    fn a_word_wider_than_the_line_is_broken_between_characters() {
        let word = "Bartholomew".repeat(20);
        let lines = wrap(&format!("A {word} B"), 100.0, 10.0, true);
        assert_eq!(lines.first().map(String::as_str), Some("A"));
        assert!(lines.len() > 3, "{lines:?}");
        assert!(lines.iter().all(|l| text_width(l, 10.0, true) <= 100.0), "{lines:?}");
        assert_eq!(lines[1..].concat(), format!("{word} B"), "the last piece shares its line with B");
    }

    #[test]
    fn a_huge_text_wraps_whole_and_in_one_pass() {
        // 200,000 characters: wrapping used to measure each line again for every word.
        let text = "Hank ".repeat(40_000);
        let lines = wrap(&text, 200.0, 10.0, false);
        assert!(lines.iter().all(|l| text_width(l, 10.0, false) <= 200.0));
        assert_eq!(lines.join(" "), text.trim_end());
        let name = "x".repeat(100_000);
        assert_eq!(wrap(&name, 500.0, 13.0, true).concat(), name);
        let two = wrap_at_most(&name, 500.0, 13.0, true, 2);
        assert_eq!(two.len(), 2);
        assert!(two[1].ends_with('…') && two.iter().all(|l| text_width(l, 13.0, true) <= 500.0));
        let short = fit(&name, 300.0, 12.0, false);
        assert!(short.ends_with('…') && text_width(&short, 12.0, false) <= 300.0);
        assert!(
            text_width(&short.replacen('…', "x…", 1), 12.0, false) > 300.0,
            "the longest start that fits"
        );
    }

    #[test]
    fn shortening_drops_trailing_spaces_and_gives_up_when_nothing_fits() {
        assert_eq!(fit("Deputy Dawg", text_width("Deputy …", 10.0, false), 10.0, false), "Deputy…");
        assert_eq!(fit("Deputy", text_width("…", 10.0, false), 10.0, false), "…");
        assert_eq!(fit("Deputy", 1.0, 10.0, false), "");
        assert_eq!(wrap_at_most("one two three", 1000.0, 10.0, false, 2), ["one two three"]);
        assert_eq!(wrap_at_most("one two three", 1000.0, 10.0, false, 0), Vec::<String>::new());
    }

    #[test]
    fn a_cell_shrinks_to_nine_points_at_most_then_shortens() {
        let mut page = Page::new(Paper::A4);
        let text = "Sherman McMaster";
        let natural = text_width(text, 12.0, true);
        page.cell(0.0, 20.0, natural * 0.9, 12.0, true, text);
        page.cell(0.0, 40.0, natural * 0.5, 12.0, true, text);
        let cells: Vec<(f32, &str)> = page
            .items
            .iter()
            .filter_map(|i| match i {
                Item::Text { size, text, .. } => Some((*size, text.as_str())),
                _ => None,
            })
            .collect();
        assert_eq!(cells[0], (10.5, text));
        assert!((cells[1].0 - MIN_TEXT).abs() < 1e-4, "{cells:?}");
        assert!(cells[1].1.ends_with('…'), "{cells:?}");
    }

    /// The texts of a flow's pages with their sizes and whether each is a heading.
    fn flowed(pages: &[Page]) -> Vec<Vec<(String, bool)>> {
        pages
            .iter()
            .map(|p| {
                p.items
                    .iter()
                    .filter_map(|i| match i {
                        Item::Text { heading, text, .. } => Some((text.clone(), *heading)),
                        _ => None,
                    })
                    .collect()
            })
            .collect()
    }

    #[test]
    fn a_heading_is_drawn_with_its_first_line_or_not_at_all() {
        let mut flow = Flow::new(Paper::A4, 1.0, usize::MAX);
        flow.heading("Empty");
        flow.heading("Set up");
        flow.para(0.0, 10.0, false, "Place the buildings.");
        flow.heading("Nothing under it either");
        let pages = flow.finish();
        let expected = vec![("Set up".to_owned(), true), ("Place the buildings.".to_owned(), false)];
        assert_eq!(flowed(&pages), vec![expected]);
        assert_eq!(sheet::faults(&pages), Vec::<String>::new());
    }

    #[test]
    fn a_heading_near_the_bottom_moves_to_the_next_page_with_its_first_line() {
        let mut flow = Flow::new(Paper::Letter, 1.0, usize::MAX);
        flow.running_head("Sheet · continued");
        flow.y = flow.bottom() - 30.0;
        flow.para(0.0, 10.0, false, "Last line of page one.");
        flow.heading("The end");
        flow.para(0.0, 10.0, false, "First line of the section.");
        let pages = flow.finish();
        assert_eq!(
            flowed(&pages),
            vec![
                vec![("Last line of page one.".to_owned(), false)],
                vec![
                    ("Sheet · continued".to_owned(), false),
                    ("The end".to_owned(), true),
                    ("First line of the section.".to_owned(), false)
                ],
            ]
        );
        assert_eq!(sheet::faults(&pages), Vec::<String>::new());
    }

    #[test]
    fn a_flow_saves_a_page_by_shrinking_a_little_and_never_under_nine_points() {
        // Enough 10 pt lines for a page and a few more: at 90 % they fit one page.
        let lines = |flow: &mut Flow, n: usize| {
            for k in 0..n {
                flow.para(0.0, 10.0, false, &format!("Line {k}"));
            }
        };
        let per_page = {
            let mut flow = Flow::new(Paper::A4, 1.0, usize::MAX);
            lines(&mut flow, 200);
            flow.pages[0].texts().len()
        };
        let pages = fit_pages(Paper::A4, |flow| lines(flow, per_page + 2));
        assert_eq!(pages.len(), 1);
        assert!((sheet::smallest(&pages) - 9.5).abs() < 1e-4, "{}", sheet::smallest(&pages));
        let pages = fit_pages(Paper::A4, |flow| lines(flow, per_page * 2));
        assert_eq!(pages.len(), 2);
        assert!((sheet::smallest(&pages) - 10.0).abs() < 1e-4, "two pages at full size");
        assert_eq!(sheet::faults(&pages), Vec::<String>::new());
    }

    #[test]
    fn the_sheet_check_finds_each_fault() {
        let mut page = Page::new(Paper::A4);
        page.text(40.0, 100.0, 12.0, false, "Good guys");
        page.text(60.0, 104.0, 12.0, false, "Bad guys");
        page.text(40.0, 200.0, 8.0, false, "Small print");
        page.text(590.0, 300.0, 10.0, false, "Off the edge");
        page.items.push(Item::Text {
            x: 40.0,
            y: 400.0,
            size: 13.0,
            bold: true,
            ink: Ink::Grey(0),
            heading: true,
            text: "Alone".into(),
        });
        assert_eq!(
            sheet::faults(&[page]),
            [
                "page 1: something lies off the page",
                "page 1: \"Good guys\" overlaps \"Bad guys\"",
                "page 1: \"Small print\" is 8 pt",
                "page 1: the heading \"Alone\" ends its column or page",
            ]
        );
    }

    #[test]
    fn a_page_renders_to_a_pdf() {
        let mut page = Page::new(Paper::Letter);
        page.text(36.0, 50.0, 12.0, true, "Posse ♠♥♦♣");
        page.rect(36.0, 60.0, 12.0, 12.0, 0.8, None);
        page.line(36.0, 80.0, 200.0, 80.0, 0.5);
        assert!(page.fits());
        let pdf = render(&[page]).expect("renders");
        assert!(pdf.starts_with(b"%PDF-"));
    }
}
