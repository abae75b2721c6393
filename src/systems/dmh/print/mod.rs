//! Dead Man's Hand's printed sheets, laid out with the shared [`crate::print`] layer: the gang
//! roster, each scene's checklist and the quick reference.
//!
//! [`roster`] is one page for a usual gang (longer ones flow on, a model's row split across
//! pages when it must be), [`checklist`] a checklist per scene (one page or two, with the set
//! plan), [`quickref`] the two-page quick reference; all read only the rules data. Tests check
//! every text and box is on its page, no text under 9 pt, no heading without its section, the
//! page counts, and rosters of 1,000 models, 3,000 weapons and 100,000-character names;
//! `scripts/bench-print.py` times printing.

pub mod checklist;
pub mod quickref;
pub mod roster;
