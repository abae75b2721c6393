//! Dead Man's Hand's printed sheets, laid out with the shared [`crate::print`] layer: the gang
//! roster, each scene's checklist and the quick reference.

pub mod checklist;
pub mod quickref;
pub mod roster;
