//! The record sheet, printed: one page per fighter with his character, the three stats and
//! what they do, the numbers they give at the table, the starting item, the drawback and the
//! cheatin' ability, and tracks to tick in pencil during play: current Health, movement used
//! this turn, and a row of frag boxes (to the frags that win) for each game of a tournament.
//!
//! The content comes from [`RecordSheet`] (the rules' answer); this module only lays it out.
//! Nothing is under 9 pt and the boxes are about 6 mm, to read and tick at arm's length.

use crate::print::{Ink, MARGIN, Page, Paper, footers, text_width, wrap, wrap_at_most};
use crate::systems::frag::rules::data::ItemKind;
use crate::systems::frag::rules::sheet::RecordSheet;

/// The small line above the character's name.
const KICKER: f32 = 11.0;
/// The character's name, the sheet's title.
const TITLE: f32 = 26.0;
/// The fighter's own name.
const NAME: f32 = 15.0;
/// Section headings.
const HEADING: f32 = 13.0;
/// Body text.
const BODY: f32 = 11.0;
/// The notes under each stat.
const NOTE: f32 = 9.5;
/// A stat's value.
const STAT: f32 = 34.0;
/// A tracking box's side: about 6 mm, room for a pencil tick.
const BOX: f32 = 17.0;
const BOX_GAP: f32 = 4.0;
/// Box numbers, inside the boxes.
const BOX_NUMBER: f32 = 9.0;
/// How much room the variable parts may take: the usual sheet, then a compact one for a
/// fighter too big for it (an illegal design with huge stats, a long list of problems).
#[derive(Clone, Copy)]
struct Room {
    /// The Health and movement tracks take at most this many rows; a longer one ends with a
    /// note of how many boxes it has in all. A game's frag boxes take one row.
    track_rows: u32,
    /// The lines a stat's note may take under its box.
    note_lines: usize,
    /// The lines a design problem may take (the app shows it whole).
    problem_lines: usize,
}

const USUAL: Room = Room { track_rows: 2, note_lines: 6, problem_lines: 2 };
const COMPACT: Room = Room { track_rows: 1, note_lines: 3, problem_lines: 1 };
/// The smallest space worth a notes box at the foot of the sheet.
const NOTES_MIN: f32 = 60.0;
const FOOTER: &str =
    "Posse · Frag Deadlands record sheet · texts in our own words; names and numbers as printed";

/// Lays out the record sheet of one fighter on one page.
#[must_use]
pub fn layout(sheet: &RecordSheet, paper: Paper) -> Vec<Page> {
    let bottom = paper.size().1 - MARGIN - 12.0;
    let (mut page, end) = build(sheet, paper, USUAL);
    if end > bottom {
        page = build(sheet, paper, COMPACT).0;
    } else if bottom - end >= NOTES_MIN {
        // The room left is for notes: cards in play, ammo, blood counters.
        let width = paper.size().0 - 2.0 * MARGIN;
        let top = section(&mut page, MARGIN, end, width, "Notes: cards in play, ammo, blood counters");
        if bottom - top > 20.0 {
            page.rect(MARGIN, top + 2.0, width, bottom - top - 2.0, 0.8, None);
        }
    }
    let mut pages = vec![page];
    footers(&mut pages, FOOTER);
    pages
}

/// The sheet with `room` for its variable parts, and how far down it reaches.
fn build(sheet: &RecordSheet, paper: Paper, room: Room) -> (Page, f32) {
    let mut page = Page::new(paper);
    let (page_width, _) = paper.size();
    let left = MARGIN;
    let width = page_width - 2.0 * MARGIN;
    let mut y = MARGIN;

    y += KICKER;
    page.cell(left, y, width, KICKER, true, "FRAG DEADLANDS RECORD SHEET");
    y += KICKER * 0.4 + TITLE;
    page.cell(left, y, width, TITLE, true, &sheet.character);
    y += TITLE * 0.35;
    let wins = match sheet.wins {
        0 => String::new(),
        1 => "1 tournament win".to_owned(),
        n => format!("{n} tournament wins"),
    };
    let name_line = match (sheet.fighter_name.trim(), wins.as_str()) {
        ("", "") => String::new(),
        (name, "") => name.to_owned(),
        ("", wins) => wins.to_owned(),
        (name, wins) => format!("{name} · {wins}"),
    };
    if !name_line.is_empty() {
        y += NAME;
        page.cell(left, y, width, NAME, false, &name_line);
        y += NAME * 0.35;
    }
    for problem in &sheet.problems {
        let text = format!("Not a legal design: {}.", problem.message);
        for line in wrap_at_most(&text, width, BODY, true, room.problem_lines) {
            y += BODY;
            red_text(&mut page, left, y, BODY, &line);
            y += BODY * 0.3;
        }
    }
    y += 10.0;

    y = stats(&mut page, sheet, left, y, width, room.note_lines);
    y += 8.0;

    let d = &sheet.derived;
    let jump_cost = if d.jump > 1 {
        format!("jump up to {} squares (2 movement per square jumped)", d.jump)
    } else {
        "no jumping (a Speed of 1 only reaches the next square)".to_owned()
    };
    let numbers = [
        format!(
            "Attacks per turn: {} · Weapon cards in play: up to {} · Hand at the end of the turn: up to {}",
            d.attacks, d.weapon_limit, d.hand_limit
        ),
        format!("Power-ups draw on a {}–6 · Movement: roll {} dice · {jump_cost}", d.power_up, d.move_dice),
    ];
    for line in &numbers {
        y = paragraph(&mut page, left, y, width, BODY, false, line);
    }
    y += 4.0;
    let starting = match &sheet.starting {
        Some(item) if item.kind == ItemKind::Weapon => {
            let dice = item.dice.map_or_else(String::new, |d| format!(", {d}d damage"));
            let ammo = if item.unlimited_ammo { ", unlimited ammo, never malfunctions" } else { "" };
            format!("Starting weapon: {}{dice}{ammo}.", item.name)
        }
        Some(item) => format!("Starting gadget: {}.", item.name),
        None => "Starting item: none printed on our copy of this record sheet.".to_owned(),
    };
    y = paragraph(&mut page, left, y, width, BODY, true, &starting);
    if let Some(turn_start) = &sheet.turn_start {
        y = paragraph(&mut page, left, y, width, BODY, false, turn_start);
    }

    y = section(&mut page, left, y, width, "Drawback");
    y = paragraph(&mut page, left, y, width, BODY, false, &sheet.drawback);
    y = section(&mut page, left, y, width, "Cheatin'");
    y = paragraph(&mut page, left, y, width, BODY, false, &sheet.cheatin);

    y = section(&mut page, left, y, width, "Current Health");
    y = track(&mut page, left, y, width, sheet.health_track, room.track_rows, true);
    y = section(&mut page, left, y, width, "Movement used this turn");
    y = track(&mut page, left, y, width, sheet.movement_track, room.track_rows, true);

    let to_win = match sheet.frag_boxes {
        1 => "the first frag wins".to_owned(),
        n => format!("{n} frags win"),
    };
    y = section(&mut page, left, y, width, &format!("Frags ({to_win})"));
    let label_width = text_width("Game 10", BODY, true) + 10.0;
    let frag_boxes = sheet.frag_boxes.min(per_row(width - label_width));
    for game in 1..=sheet.games {
        y += 2.0;
        page.text(left, y + BOX * 0.75, BODY, true, format!("Game {game}"));
        y = track(&mut page, left + label_width, y, width - label_width, frag_boxes, 1, false);
    }
    if frag_boxes < sheet.frag_boxes {
        y += BODY;
        page.cell(left, y, width, BODY, false, "… tally the other frags in the margin.");
        y += BODY * 0.3;
    }
    (page, y)
}

/// The three stats side by side: a box with the stat's name and value, its note below.
fn stats(page: &mut Page, sheet: &RecordSheet, left: f32, top: f32, width: f32, note_lines: usize) -> f32 {
    let gap = 14.0;
    let column = (width - 2.0 * gap) / 3.0;
    let values = [sheet.health, sheet.speed, sheet.accuracy];
    let box_height = STAT + HEADING + 16.0;
    let mut bottom = top + box_height;
    for (k, ((name, note), value)) in sheet.stat_notes.iter().zip(values).enumerate() {
        #[expect(clippy::cast_precision_loss, reason = "three columns")]
        let x = left + k as f32 * (column + gap);
        page.rect(x, top, column, box_height, 1.2, None);
        page.cell(x + 8.0, top + 6.0 + HEADING, column - 16.0, HEADING, true, name);
        page.cell(x + 8.0, top + 8.0 + HEADING + STAT, column - 16.0, STAT, true, &value.to_string());
        let mut y = top + box_height + 2.0;
        for line in wrap_at_most(note, column, NOTE, false, note_lines) {
            y += NOTE;
            page.text(x, y, NOTE, false, line);
            y += NOTE * 0.3;
        }
        bottom = bottom.max(y);
    }
    bottom
}

/// A section heading with a rule under it; returns the new top.
fn section(page: &mut Page, left: f32, y: f32, width: f32, title: &str) -> f32 {
    let mut y = y + 8.0 + HEADING;
    page.cell(left, y, width, HEADING, true, title);
    y += HEADING * 0.3;
    page.line(left, y, left + width, y, 0.6);
    y + 4.0
}

/// A wrapped paragraph; returns the new top.
fn paragraph(page: &mut Page, left: f32, y: f32, width: f32, size: f32, bold: bool, text: &str) -> f32 {
    let mut y = y;
    for line in wrap(text, width, size, bold) {
        y += size;
        page.text(left, y, size, bold, line);
        y += size * 0.3;
    }
    y
}

/// A row (or up to `rows` rows) of `count` boxes to tick, numbered from 1 when `numbered`; a
/// track longer than that ends with a note of how many boxes it has. Returns the new top.
fn track(page: &mut Page, left: f32, y: f32, width: f32, count: u32, rows: u32, numbered: bool) -> f32 {
    let per_row = per_row(width);
    let shown = count.min(per_row.saturating_mul(rows));
    let mut y = y + 2.0;
    let mut n = 0;
    while n < shown {
        let in_row = (shown - n).min(per_row);
        for k in 0..in_row {
            #[expect(clippy::cast_precision_loss, reason = "a small count")]
            let x = left + k as f32 * (BOX + BOX_GAP);
            page.rect(x, y, BOX, BOX, 0.8, None);
            if numbered {
                let label = (n + k + 1).to_string();
                let w = text_width(&label, BOX_NUMBER, false);
                page.items.push(crate::print::Item::Text {
                    x: x + (BOX - w) / 2.0,
                    y: y + BOX - 4.5,
                    size: BOX_NUMBER,
                    bold: false,
                    ink: Ink::Grey(150),
                    heading: false,
                    text: label,
                });
            }
        }
        n += in_row;
        y += BOX + BOX_GAP;
    }
    if shown < count {
        let note = format!("… {count} in all: go on in the margin.");
        y -= BOX_GAP;
        y += BODY;
        page.cell(left, y, width, BODY, false, &note);
        y += BODY * 0.3;
    }
    y
}

/// How many boxes fit a row `width` wide.
fn per_row(width: f32) -> u32 {
    #[expect(clippy::cast_possible_truncation, clippy::cast_sign_loss, reason = "a small positive count")]
    let n = ((width + BOX_GAP) / (BOX + BOX_GAP)).floor() as u32;
    n.max(1)
}

fn red_text(page: &mut Page, x: f32, y: f32, size: f32, text: &str) {
    page.items.push(crate::print::Item::Text {
        x,
        y,
        size,
        bold: true,
        ink: Ink::Red,
        heading: false,
        text: text.to_owned(),
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::print::sheet::{faults, smallest};
    use crate::systems::frag::rules::embedded;
    use crate::systems::frag::rules::fighter::Fighter;
    use crate::systems::frag::rules::sheet::record_sheet;

    fn sheet_of(character: &str, stats: (u32, u32, u32), wins: u32, name: &str, frags: u32) -> RecordSheet {
        let book = embedded::rulebook().expect("data");
        let fighter = Fighter {
            character: character.into(),
            name: name.into(),
            health: stats.0,
            speed: stats.1,
            accuracy: stats.2,
            wins,
        };
        record_sheet(book, &fighter, frags).expect("a known character")
    }

    #[test]
    fn every_character_fits_one_page_on_both_papers() {
        let book = embedded::rulebook().expect("data");
        for character in &book.characters {
            for paper in [Paper::A4, Paper::Letter] {
                let sheet = sheet_of(&character.id, (3, 2, 2), 0, "Doc Holler", 3);
                let pages = layout(&sheet, paper);
                assert_eq!(pages.len(), 1);
                assert_eq!(faults(&pages), Vec::<String>::new(), "{} on {paper:?}", character.id);
                assert!(smallest(&pages) >= crate::print::MIN_TEXT);
                let texts = pages[0].texts();
                for wanted in [character.name.as_str(), "Drawback", "Cheatin'", "Current Health", "Game 6"] {
                    assert!(texts.contains(&wanted), "{wanted} on {}'s sheet", character.id);
                }
            }
        }
    }

    #[test]
    fn the_tracks_have_a_box_per_point() {
        let sheet = sheet_of("huckster", (2, 3, 2), 0, "", 3);
        let pages = layout(&sheet, Paper::A4);
        let boxes = pages[0]
            .items
            .iter()
            .filter(|i| matches!(i, crate::print::Item::Rect { w, .. } if (*w - BOX).abs() < 0.01))
            .count();
        // Health 2, movement 6 × 3 = 18, and 3 frag boxes for each of 6 games.
        assert_eq!(boxes, 2 + 18 + 3 * 6);
        assert!(pages[0].texts().contains(&"Starting gadget: Hoyle's Book of Games."));
        let scientist = layout(&sheet_of("mad-scientist", (3, 2, 2), 0, "", 3), Paper::A4);
        assert!(
            scientist[0].texts().contains(&"Starting item: none printed on our copy of this record sheet.")
        );
    }

    #[test]
    fn extreme_fighters_still_fit() {
        let long_name = "Jebediah ".repeat(2000);
        // An illegal design prints with its problems in red; huge tracks are cut with a note.
        let sheet = sheet_of("indian-brave", (60, 40, 1), 0, &long_name, 40);
        let pages = layout(&sheet, Paper::Letter);
        assert_eq!(pages.len(), 1);
        assert_eq!(faults(&pages), Vec::<String>::new());
        assert!(pages[0].texts().iter().any(|t| t.starts_with("Not a legal design")));
        assert!(pages[0].texts().contains(&"… 240 in all: go on in the margin."));
        let winner = sheet_of("saloon-gal", (5, 3, 2), 3, "Lil", 5);
        let pages = layout(&winner, Paper::A4);
        assert_eq!(faults(&pages), Vec::<String>::new());
        assert!(pages[0].texts().contains(&"Lil · 3 tournament wins"));
    }

    #[test]
    fn it_renders_to_a_pdf() {
        let pages = layout(&sheet_of("agency-operative", (2, 2, 3), 0, "Agent Orange", 3), Paper::A4);
        let pdf = crate::print::render(&pages).expect("renders");
        assert!(pdf.starts_with(b"%PDF"));
    }
}
