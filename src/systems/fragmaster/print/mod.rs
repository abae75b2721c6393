//! Fragmaster Origins' printed sheets: the one-page reference ([`mod@reference`]) and the
//! scoreboard ([`scoreboard`]: players × frags to the target). Both are laid out from the
//! rules data with `crate::print`, so the sheet, the Reference tab and the engine read the same
//! numbers. [`sheets`] is what `posse fragmaster reference print` writes: both, one page each.

pub mod reference;
pub mod scoreboard;

use crate::print::{Page, Paper};
use crate::systems::fragmaster::rules::Rules;

/// The reference sheet, then a blank scoreboard to the book's frag target.
#[must_use]
pub fn sheets(rules: &Rules, paper: Paper) -> Vec<Page> {
    let mut pages = reference::layout(rules, paper);
    pages.extend(scoreboard::layout(&[], rules.game.target, paper));
    pages
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::print::sheet;
    use crate::systems::fragmaster::rules::embedded::rules;

    #[test]
    fn the_command_lines_pdf_is_the_reference_then_the_scoreboard() {
        for paper in [Paper::A4, Paper::Letter] {
            let pages = sheets(rules(), paper);
            assert_eq!(pages.len(), 2, "{paper:?}");
            assert_eq!(sheet::faults(&pages), Vec::<String>::new(), "{paper:?}");
            assert!(pages[0].texts()[0].contains("reference"));
            assert!(pages[1].texts()[0].contains("first to 20 frags"));
            assert!(crate::print::render(&pages).is_ok_and(|pdf| pdf.starts_with(b"%PDF")));
        }
    }
}
