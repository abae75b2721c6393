//! Printed sheets: a page is first laid out as a list of positioned items (text, boxes,
//! lines) from the rules data, then rendered to PDF with krilla. Tests read the layout, so
//! they check what is printed without parsing a PDF.

pub mod checklist;
pub mod quickref;
pub mod roster;

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

/// One thing on a page. Coordinates are points from the top-left corner; text `y` is the
/// baseline.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum Item {
    Text { x: f32, y: f32, size: f32, bold: bool, ink: Ink, text: String },
    Rect { x: f32, y: f32, w: f32, h: f32, stroke: f32, fill: Option<Ink> },
    Line { x1: f32, y1: f32, x2: f32, y2: f32, width: f32 },
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
        self.items.push(Item::Text { x, y, size, bold, ink: Ink::Grey(0), text: text.into() });
    }

    /// Adds text in a cell `width` wide: the size shrinks (down to 7.5 pt) before the text is
    /// shortened, so names stay whole where they can.
    pub fn cell(&mut self, x: f32, y: f32, width: f32, size: f32, bold: bool, text: &str) {
        let mut size = size;
        while size > 7.5 && text_width(text, size, bold) > width {
            size -= 0.5;
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

    /// Adds `text` wrapped to `width`, one line every `leading` points; returns the `y` below it.
    pub fn paragraph(&mut self, x: f32, y: f32, width: f32, size: f32, bold: bool, text: &str) -> f32 {
        let leading = size * 1.3;
        let mut y = y;
        for line in wrap(text, width, size, bold) {
            self.text(x, y, size, bold, line);
            y += leading;
        }
        y
    }
}

/// Lays text out top to bottom, in one or more columns, on pages of one paper size, at a scale
/// that can be lowered until everything fits the page count wanted.
pub struct Flow {
    pub pages: Vec<Page>,
    pub paper: Paper,
    /// Multiplies every font size and gap.
    pub scale: f32,
    pub margin: f32,
    pub y: f32,
    /// The flow ran past the bottom of the last column of the last page.
    pub overflow: bool,
    /// Start a new page instead of overflowing.
    pub paginate: bool,
    columns: usize,
    column: usize,
    /// Where columns start on the current page.
    top: f32,
}

const GUTTER: f32 = 18.0;

impl Flow {
    /// A flow on one empty page, one column wide.
    #[must_use]
    pub fn new(paper: Paper, scale: f32, paginate: bool) -> Flow {
        let margin = 34.0;
        Flow {
            pages: vec![Page::new(paper)],
            paper,
            scale,
            margin,
            y: margin,
            overflow: false,
            paginate,
            columns: 1,
            column: 0,
            top: margin,
        }
    }

    /// From here on, flow in `n` columns (starting below what is already on the page).
    pub fn columns(&mut self, n: usize) {
        self.columns = n.max(1);
        self.column = 0;
        self.top = self.y;
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

    fn bottom(&self) -> f32 {
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
    pub fn need(&mut self, height: f32) {
        if self.y + height <= self.bottom() {
            return;
        }
        if self.column + 1 < self.columns {
            self.column += 1;
            self.y = self.top;
        } else if self.paginate {
            self.pages.push(Page::new(self.paper));
            self.column = 0;
            self.top = self.margin;
            self.y = self.margin;
        } else {
            self.overflow = true;
        }
    }

    /// Vertical space.
    pub fn gap(&mut self, points: f32) {
        self.y += points * self.scale;
    }

    /// A line of text at `size`, shrunk or shortened to fit the column.
    pub fn line(&mut self, x_offset: f32, size: f32, bold: bool, text: &str) {
        let size = size * self.scale;
        self.need(size * 1.3);
        self.y += size;
        let (x, width, y) = (self.left() + x_offset, self.width() - x_offset, self.y);
        self.page().cell(x, y, width, size, bold, text);
        self.y += size * 0.3;
    }

    /// A heading with a rule under it.
    pub fn heading(&mut self, text: &str) {
        self.need(40.0 * self.scale);
        self.gap(6.0);
        self.line(0.0, 13.0, true, text);
        let (x1, x2, y) = (self.left(), self.left() + self.width(), self.y);
        self.page().line(x1, y, x2, y, 0.6);
        self.gap(4.0);
    }

    /// A wrapped paragraph, indented by `x_offset`.
    pub fn para(&mut self, x_offset: f32, size: f32, bold: bool, text: &str) {
        let size = size * self.scale;
        let width = self.width() - x_offset;
        for line in wrap(text, width, size, bold) {
            self.need(size * 1.3);
            self.y += size;
            let (x, y) = (self.left() + x_offset, self.y);
            self.page().text(x, y, size, bold, line);
            self.y += size * 0.3;
        }
    }

    /// A tick box followed by a wrapped item.
    pub fn tick(&mut self, size: f32, text: &str) {
        let box_size = 9.0 * self.scale;
        self.need(size * self.scale * 1.3);
        let (x, y) = (self.left() + 1.0, self.y + 2.0 * self.scale);
        self.page().rect(x, y, box_size, box_size, 0.8, None);
        self.para(15.0 * self.scale, size, false, text);
        self.gap(1.5);
    }
}

/// Lays out with `build` at falling scales until the pages fit `max_pages` (or the smallest
/// scale is reached), so a long scene still prints on one sheet.
pub fn fit_pages(paper: Paper, max_pages: usize, build: impl Fn(&mut Flow)) -> Vec<Page> {
    let mut scale = 1.0;
    loop {
        let mut flow = Flow::new(paper, scale, max_pages > 1);
        build(&mut flow);
        if (!flow.overflow && flow.pages.len() <= max_pages) || scale <= 0.6 {
            return flow.pages;
        }
        scale -= 0.05;
    }
}

/// The width of `text` in points, measured from the embedded font.
#[must_use]
pub fn text_width(text: &str, size: f32, bold: bool) -> f32 {
    let Ok(font) = skrifa::FontRef::new(if bold { BOLD } else { REGULAR }) else {
        return f32::from(u16::try_from(text.chars().count()).unwrap_or(u16::MAX)) * size * 0.6;
    };
    let charmap = font.charmap();
    let metrics = font.glyph_metrics(Size::new(size), LocationRef::default());
    text.chars().map(|c| charmap.map(c).and_then(|g| metrics.advance_width(g)).unwrap_or(size * 0.6)).sum()
}

/// Splits `text` into lines no wider than `width` (a single over-long word gets its own line).
#[must_use]
pub fn wrap(text: &str, width: f32, size: f32, bold: bool) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let candidate = if line.is_empty() { word.to_owned() } else { format!("{line} {word}") };
        if text_width(&candidate, size, bold) <= width || line.is_empty() {
            line = candidate;
        } else {
            lines.push(std::mem::replace(&mut line, word.to_owned()));
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// Shortens `text` with an ellipsis until it fits `width`.
#[must_use]
pub fn fit(text: &str, width: f32, size: f32, bold: bool) -> String {
    if text_width(text, size, bold) <= width {
        return text.to_owned();
    }
    let mut chars: Vec<char> = text.chars().collect();
    while !chars.is_empty() {
        chars.pop();
        let candidate: String = chars.iter().collect::<String>().trim_end().to_owned() + "…";
        if text_width(&candidate, size, bold) <= width {
            return candidate;
        }
    }
    String::new()
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
                Item::Text { x, y, size, bold: is_bold, ink, text } => {
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
