//! Who holds which seat of a shared game, kept beside its journal.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::store;

/// The letters of a join code: no 0/O, 1/I/L, so it reads aloud and types without doubt.
const CODE_LETTERS: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";
/// How long a join code is.
const CODE_LENGTH: usize = 4;
/// The largest seats file read.
const BOOK_LIMIT: u64 = 64 * 1024;

/// The seats file of a shared game (`games/ID.seats.json`): its join code, its port, and each
/// held seat's secret.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatBook {
    /// The join code in the address.
    #[serde(default)]
    pub code: String,
    /// The port it was last shared on.
    #[serde(default)]
    pub port: Option<u16>,
    /// Each held seat's secret, by seat id.
    #[serde(default)]
    pub seats: BTreeMap<String, String>,
    /// A seat was claimed or freed since the host last looked.
    #[serde(skip)]
    pub moved: bool,
}

impl SeatBook {
    /// The seats file at `path` (`None`: there is none yet).
    ///
    /// # Errors
    /// A sentence when it cannot be read or is not a seats file (it is left as it is).
    pub fn read(path: &Path) -> Result<Option<SeatBook>, String> {
        let Some(bytes) =
            store::read_if_present(path, BOOK_LIMIT, "a seats file").map_err(|e| e.to_string())?
        else {
            return Ok(None);
        };
        let text = String::from_utf8(bytes).map_err(|_| damaged(path, "it is not text"))?;
        let book: SeatBook = store::json::parse(&text, "a seats file").map_err(|e| damaged(path, &e))?;
        Ok(Some(book))
    }

    /// Writes the seats file, atomically.
    ///
    /// # Errors
    /// A sentence when it cannot be written.
    pub fn write(&self, path: &Path) -> Result<(), String> {
        let text = serde_json::to_string_pretty(self).map_err(|e| e.to_string())?;
        store::write_atomic(path, text.as_bytes()).map_err(|e| e.to_string())
    }

    /// Gives the book a join code if it has none (or a malformed one).
    pub fn prepare(&mut self) {
        let well_formed =
            self.code.len() == CODE_LENGTH && self.code.bytes().all(|b| CODE_LETTERS.contains(&b));
        if !well_formed {
            self.code = new_code();
        }
    }

    /// The seats held now.
    #[must_use]
    pub fn held(&self) -> BTreeSet<String> {
        self.seats.keys().cloned().collect()
    }

    /// Whether `secret` is the secret of `seat`.
    #[must_use]
    pub fn holds(&self, seat: &str, secret: &str) -> bool {
        self.seats.get(seat).is_some_and(|s| same(s.as_bytes(), secret.as_bytes()))
    }
}

fn damaged(path: &Path, why: &str) -> String {
    format!(
        "{} is damaged ({why}): it is left as it is; move it away to share this game again",
        path.display()
    )
}

/// A new join code.
fn new_code() -> String {
    (0..CODE_LENGTH).map(|_| char::from(CODE_LETTERS[rand::random_range(0..CODE_LETTERS.len())])).collect()
}

/// A new seat secret: 128 random bits as hex.
#[must_use]
pub fn new_secret() -> String {
    format!("{:032x}", rand::random::<u128>())
}

/// Compares two secrets in time that does not depend on where they first differ.
fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_book_is_given_a_readable_code_once_and_keeps_it() {
        let mut book = SeatBook::default();
        book.prepare();
        assert_eq!(book.code.len(), 4);
        assert!(book.code.bytes().all(|b| CODE_LETTERS.contains(&b)));
        let code = book.code.clone();
        book.prepare();
        assert_eq!(book.code, code);
        book.code = "O0O0".into();
        book.prepare();
        assert_ne!(book.code, "O0O0");
    }

    #[test]
    fn only_the_seats_own_secret_holds_it() {
        let mut book = SeatBook::default();
        book.seats.insert("side-a".into(), "0123456789abcdef0123456789abcdef".into());
        assert!(book.holds("side-a", "0123456789abcdef0123456789abcdef"));
        assert!(!book.holds("side-a", "0123456789abcdef0123456789abcdee"));
        assert!(!book.holds("side-a", "0123"));
        assert!(!book.holds("side-b", "0123456789abcdef0123456789abcdef"));
        assert_eq!(new_secret().len(), 32);
    }

    #[test]
    fn a_damaged_seats_file_is_reported_and_left_as_it_is() {
        let dir = tempfile::tempdir().expect("temp");
        let path = dir.path().join("g.seats.json");
        std::fs::write(&path, "{ not json").expect("written");
        let error = SeatBook::read(&path).expect_err("damaged");
        assert!(error.contains("is damaged"), "{error}");
        assert_eq!(std::fs::read_to_string(&path).expect("read"), "{ not json");
        assert_eq!(SeatBook::read(&dir.path().join("none.json")).expect("no file"), None);
    }
}
