//! Deadlands' printed sheets, laid out with [`crate::print`] from the plain sheets the rules
//! give ([`crate::systems::savage::rules::sheet`]): the one-page reference sheet and a sheet
//! per combatant. Nothing here decides a rule; every number comes from the rules data.

pub mod combatant;
pub mod reference;

use crate::print::{Flow, text_width, wrap};

/// The body size before scaling (a sheet shrunk by [`crate::print::fit_pages`] keeps 9 pt).
pub(crate) const BODY: f32 = 10.0;

/// A chance as a whole percentage, "<1%" and ">99%" near the ends so a possible result never
/// reads as 0% or 100%.
#[must_use]
pub fn percent(p: f64) -> String {
    let p = p.clamp(0.0, 1.0);
    if p > 0.0 && p < 0.005 {
        "<1%".to_owned()
    } else if p < 1.0 && p > 0.995 {
        ">99%".to_owned()
    } else {
        format!("{:.0}%", (p * 100.0).round())
    }
}

/// A signed number with a real minus sign: +2, −4, 0.
#[must_use]
pub fn signed(n: i32) -> String {
    match n {
        0 => "0".to_owned(),
        n if n > 0 => format!("+{n}"),
        n => format!("−{}", n.unsigned_abs()),
    }
}

/// A table in the flow's column: a bold title row, then the rows. Every column but the first
/// is as wide as its widest word or value; the first takes what is left and wraps. The table
/// stays in one column when it fits one.
pub(crate) fn table(flow: &mut Flow, body: f32, titles: &[&str], rows: &[Vec<String>]) {
    let size = flow.size(body);
    let indent = 6.0;
    let width = flow.width() - indent;
    let n = titles.len();
    let mut widths = vec![0.0_f32; n];
    for (c, title) in titles.iter().enumerate().skip(1) {
        let widest_word = title.split_whitespace().map(|w| text_width(w, size, true)).fold(0.0, f32::max);
        let widest_value =
            rows.iter().filter_map(|r| r.get(c)).map(|v| text_width(v, size, false)).fold(0.0, f32::max);
        widths[c] = widest_word.max(widest_value) + 8.0;
    }
    let rest: f32 = widths.iter().skip(1).sum();
    widths[0] = (width - rest).max(width * 0.25);
    let cells = |texts: Vec<&str>, bold: bool| -> (Vec<Vec<String>>, bool) {
        (texts.iter().zip(&widths).map(|(text, w)| wrap(text, w - 6.0, size, bold)).collect(), bold)
    };
    let mut laid = vec![cells(titles.to_vec(), true)];
    laid.extend(rows.iter().map(|r| cells(r.iter().map(String::as_str).collect(), false)));
    #[expect(clippy::cast_precision_loss, reason = "a cell has a line or two")]
    let height =
        |row: &Vec<Vec<String>>| row.iter().map(Vec::len).max().unwrap_or(1).max(1) as f32 * size * 1.3;
    flow.place(laid.iter().map(|(row, _)| height(row)).sum());
    for (row, bold) in &laid {
        flow.need(height(row));
        let mut x = flow.left() + indent;
        let top = flow.y;
        for (lines, w) in row.iter().zip(&widths) {
            let mut y = top;
            for line in lines {
                y += size;
                flow.page().text(x, y, size, *bold, line.as_str());
                y += size * 0.3;
            }
            x += w;
        }
        flow.y = top + height(row);
    }
    flow.gap(3.0);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentages_never_read_as_certain_when_they_are_not() {
        assert_eq!(percent(0.0), "0%");
        assert_eq!(percent(0.001), "<1%");
        assert_eq!(percent(0.625), "63%");
        assert_eq!(percent(0.999), ">99%");
        assert_eq!(percent(1.0), "100%");
        assert_eq!((signed(2), signed(-4), signed(0)), ("+2".to_owned(), "−4".to_owned(), "0".to_owned()));
    }
}
