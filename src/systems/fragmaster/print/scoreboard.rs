//! The scoreboard sheet: one row per player (named, or blank to write in) with a numbered box
//! for each frag up to the target and a box for the total. Frags lost (a suicide, a team-mate)
//! are crossed out. A target too long for one line of boxes wraps onto more lines, and rows
//! that do not fit a page go on to the next.

use crate::print::{Ink, Item, MARGIN, MIN_TEXT, Page, Paper, fit, footers, text_width, wrap};

/// Blank rows on a sheet printed without names: the book's six players.
pub const BLANK_ROWS: usize = 6;

/// The narrowest box a frag is ticked in, in points.
const MIN_BOX: f32 = 16.0;
/// The widest.
const MAX_BOX: f32 = 26.0;
/// The name column and the total column.
const NAME_WIDTH: f32 = 130.0;
const TOTAL_WIDTH: f32 = 46.0;
const GAP: f32 = 8.0;

/// Lays out the scoreboard for `players` (none: [`BLANK_ROWS`] rows to write names in) to
/// `target` frags.
#[must_use]
pub fn layout(players: &[String], target: u32, paper: Paper) -> Vec<Page> {
    let (page_width, page_height) = paper.size();
    let width = page_width - 2.0 * MARGIN;
    let bottom = page_height - MARGIN - 12.0;
    let area = width - NAME_WIDTH - TOTAL_WIDTH - 2.0 * GAP;
    let target = target.max(1);
    // A box holds its number: three-digit targets need wider boxes.
    let narrowest = MIN_BOX.max(text_width(&target.to_string(), MIN_TEXT, false) + 5.0);
    #[expect(clippy::cast_possible_truncation, clippy::cast_sign_loss, reason = "a few dozen boxes")]
    let fitting = ((area / narrowest).floor() as u32).max(1);
    let per_line = target.min(fitting);
    #[expect(clippy::cast_precision_loss, reason = "a few dozen boxes")]
    let side = (area / per_line as f32).min(MAX_BOX);
    let line_height = side + 4.0;
    let names: Vec<String> =
        if players.is_empty() { vec![String::new(); BLANK_ROWS] } else { players.to_vec() };

    let title = format!("Fragmaster Origins · scoreboard · first to {target} frags");
    let note = "Tick a box for each frag. A suicide costs 3 frags and killing a team-mate 1: cross out that many ticks (below zero, keep count in Total). The first to the target wins.";
    let mut pages = Vec::new();
    let mut page = Page::new(paper);
    let mut y = head(&mut page, &title, note, width);
    // Rows share the page's height (up to a generous pen's room), so a short list is not
    // crowded at the top of an empty page.
    let lines_per_row = target.div_ceil(per_line);
    #[expect(clippy::cast_precision_loss, reason = "a few dozen rows")]
    let spare = (bottom - y) / names.len().max(1) as f32 - lines_per_row as f32 * line_height;
    let row_gap = spare.clamp(10.0, 40.0);
    for name in &names {
        let mut first = 1;
        let mut continued = false;
        while first <= target {
            let last = (first + per_line - 1).min(target);
            // The first line of a row also needs room for the gap above it.
            let needed = line_height + if first == 1 { row_gap } else { 0.0 };
            if y + needed > bottom {
                pages.push(std::mem::replace(&mut page, Page::new(paper)));
                y = head(&mut page, &format!("{title} · continued"), "", width);
                continued = first > 1;
            }
            if first == 1 {
                y += row_gap;
                page.line(MARGIN, y - row_gap / 2.0, MARGIN + width, y - row_gap / 2.0, 0.4);
            }
            let text_y = y + side * 0.5 + 4.0;
            if first == 1 || continued {
                if name.is_empty() {
                    page.line(MARGIN, text_y + 2.0, MARGIN + NAME_WIDTH - GAP, text_y + 2.0, 0.6);
                } else {
                    let shown = if continued {
                        let mark = " (cont.)";
                        let room = NAME_WIDTH - GAP - text_width(mark, 12.0, true);
                        format!("{}{mark}", fit(name, room, 12.0, true))
                    } else {
                        name.clone()
                    };
                    page.cell(MARGIN, text_y, NAME_WIDTH - GAP, 12.0, true, &shown);
                }
                continued = false;
            }
            let mut x = MARGIN + NAME_WIDTH + GAP;
            for n in first..=last {
                page.rect(x, y, side - 2.0, side - 2.0, 0.7, None);
                let label = n.to_string();
                let label_x = x + (side - 2.0 - text_width(&label, MIN_TEXT, false)) / 2.0;
                page.items.push(Item::Text {
                    x: label_x,
                    y: y + (side - 2.0) / 2.0 + MIN_TEXT * 0.35,
                    size: MIN_TEXT,
                    bold: false,
                    ink: Ink::Grey(170),
                    heading: false,
                    text: label,
                });
                x += side;
            }
            if first == 1 {
                page.rect(MARGIN + width - TOTAL_WIDTH, y, TOTAL_WIDTH, side - 2.0, 1.0, None);
            }
            y += line_height;
            first = last + 1;
        }
    }
    pages.push(page);
    footers(&mut pages, "Posse · Fragmaster Origins scoreboard");
    pages
}

/// The title, the note and the column titles; returns where the rows start.
fn head(page: &mut Page, title: &str, note: &str, width: f32) -> f32 {
    let mut y = MARGIN + 18.0;
    page.cell(MARGIN, y, width, 18.0, true, title);
    y += 8.0;
    for line in wrap(note, width, 10.0, false) {
        y += 10.0;
        page.text(MARGIN, y, 10.0, false, line);
        y += 3.0;
    }
    y += 16.0;
    page.text(MARGIN, y, 11.0, true, "Player");
    page.text(MARGIN + NAME_WIDTH + GAP, y, 11.0, true, "Frags");
    let total = "Total";
    page.text(
        MARGIN + width - TOTAL_WIDTH + (TOTAL_WIDTH - text_width(total, 11.0, true)) / 2.0,
        y,
        11.0,
        true,
        total,
    );
    y + 6.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::print::sheet;

    fn boxes(pages: &[Page]) -> usize {
        pages.iter().flat_map(|p| &p.items).filter(|i| matches!(i, Item::Rect { .. })).count()
    }

    #[test]
    fn a_blank_sheet_has_six_rows_of_twenty_boxes_and_a_total() {
        for paper in [Paper::A4, Paper::Letter] {
            let pages = layout(&[], 20, paper);
            assert_eq!(pages.len(), 1);
            assert_eq!(sheet::faults(&pages), Vec::<String>::new());
            assert_eq!(boxes(&pages), 6 * 21);
            assert!(pages[0].texts().contains(&"20"));
        }
    }

    #[test]
    fn named_players_long_targets_and_many_players_still_fit_the_pages() {
        let names: Vec<String> = (1..=12).map(|n| format!("Player number {n} with a long name")).collect();
        let pages = layout(&names, 20, Paper::A4);
        assert_eq!(pages.len(), 1);
        assert_eq!(sheet::faults(&pages), Vec::<String>::new());
        // A target of 300 wraps each row onto several lines and several pages.
        let pages = layout(&names[..3], 300, Paper::Letter);
        assert!(pages.len() > 1);
        assert_eq!(sheet::faults(&pages), Vec::<String>::new());
        assert_eq!(boxes(&pages), 3 * 301);
        let texts: Vec<&str> = pages.iter().flat_map(|p| p.texts()).collect();
        assert!(texts.iter().any(|t| t.ends_with("(cont.)")), "{texts:?}");
    }
}
