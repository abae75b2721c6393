//! The one-page reference sheet: every section of `data/savage/reference.json`, the odds of
//! each die type against the usual target number with and without the Wild Die, the range
//! modifiers and what each fate chip does, all from the rules data.

use crate::print::{Flow, Page, Paper, fit_pages, footers};
use crate::systems::savage::rules::sheet::ReferenceSheet;

use super::{BODY, percent, signed, table};

/// Lays the sheet out: one page on A4 and on Letter with today's data.
#[must_use]
pub fn layout(sheet: &ReferenceSheet, paper: Paper) -> Vec<Page> {
    let mut pages = fit_pages(paper, |flow| build(sheet, flow));
    footers(&mut pages, "Posse · Deadlands on the Savage Worlds rules");
    pages
}

fn build(sheet: &ReferenceSheet, flow: &mut Flow) {
    flow.line(0.0, 17.0, true, &sheet.title);
    flow.running_head(format!("{} · continued", sheet.title));
    flow.columns(3);
    for section in &sheet.sections {
        if section.id == "fate_chips" {
            chips(sheet, flow);
            continue;
        }
        flow.heading(&section.title);
        for line in &section.lines {
            flow.para(0.0, BODY, false, line);
        }
        match section.id.as_str() {
            "trait_rolls" => odds(sheet, flow),
            "attacks" => {
                let bands: Vec<String> =
                    sheet.ranges.iter().map(|r| format!("{} {}", r.name, signed(r.modifier))).collect();
                flow.para(0.0, BODY, true, &format!("Range: {}", bands.join(" · ")));
            }
            _ => {}
        }
    }
}

/// Each die type's chance of a success or better and of a raise against the usual target.
fn odds(sheet: &ReferenceSheet, flow: &mut Flow) {
    flow.para(0.0, BODY, true, &format!("Against {}: success or better / raise", sheet.target_number));
    let rows: Vec<Vec<String>> = sheet
        .trait_odds
        .iter()
        .map(|r| {
            vec![
                r.die.clone(),
                format!("{} / {}", percent(r.wild_success), percent(r.wild_raise)),
                format!("{} / {}", percent(r.extra_success), percent(r.extra_raise)),
            ]
        })
        .collect();
    table(flow, BODY, &["Die", "Wild Card", "Extra"], &rows);
}

/// The fate chips: what is in the pot and what each colour may be spent on, in the words of
/// the reference data, then how many of each the pot holds (from the chip rules).
fn chips(sheet: &ReferenceSheet, flow: &mut Flow) {
    flow.heading("Fate chips");
    if let Some(section) = sheet.sections.iter().find(|s| s.id == "fate_chips") {
        for line in &section.lines {
            flow.para(0.0, BODY, false, line);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::print::sheet;
    use crate::systems::savage::rules::embedded;

    #[test]
    fn the_sheet_is_one_page_at_nine_points_or_more() {
        let rules = embedded().expect("data");
        let built = ReferenceSheet::build(rules);
        for paper in [Paper::A4, Paper::Letter] {
            let pages = layout(&built, paper);
            assert_eq!(pages.len(), 1, "{paper:?}");
            assert_eq!(sheet::faults(&pages), Vec::<String>::new(), "{paper:?}");
            let text = pages.iter().flat_map(Page::texts).collect::<Vec<_>>().join(" ");
            for section in &built.sections {
                assert!(text.contains(&section.title), "{}", section.title);
            }
            // The hand-worked d4 with its Wild Die: 5/8 success or better, 111/576 a raise.
            assert!(text.contains("63% / 19%"), "{text}");
            assert!(text.contains("Medium −2"), "{text}");
            assert!(text.contains("10 red"), "{text}");
        }
    }
}
