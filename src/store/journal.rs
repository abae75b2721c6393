//! Game journals: one event per line, each line chained to the one before by a checksum, so a
//! crash loses nothing acknowledged and damage anywhere in the file is found, not replayed.
//!
//! A line is `{"n":5,"sum":"1a2b3c4d","event":{…}}`: `n` counts the lines from 1, and `sum` is
//! the CRC-32 of the previous line's `sum` (eight lowercase hex digits, `00000000` before the
//! first line) followed by the event's JSON text exactly as it stands in the line. A changed
//! line breaks its own sum; a line moved, deleted or repeated breaks the numbering. Journals
//! written before checksums (one plain event per line) still open, and are rewritten in the
//! checked form before Posse adds to them.
//!
//! Every event is synced to the disk before [`Journal::append`] returns: an event the app or
//! `posse game simulate` reports as saved survives a crash and a power cut. A line cut short
//! (the last bytes after the last newline) was never acknowledged; it is left out on reading
//! and cut off, keeping a copy of the whole file beside it, before anything is appended.

use std::path::{Path, PathBuf};

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::backend::{AppendFailure, Files as _, files};
use super::{StoreError, io_reason, read_bounded, write_atomic};

/// The largest journal Posse reads (and so the largest it writes): 16 MiB, some 200,000
/// events, far more than any game at the table.
pub const JOURNAL_LIMIT: u64 = 16 * 1024 * 1024;

/// How every checked line starts; a journal whose first line does not is an older one.
const LINE_START: &str = "{\"n\":";

/// The CRC-32 tables (the polynomial of zlib, PNG and Ethernet), built at compile time:
/// `CRC_TABLES[0]` is the usual byte table, and `CRC_TABLES[k]` moves a byte `k` bytes further,
/// so eight bytes are folded in at once ("slicing by 8"), which keeps reopening a long game
/// quick.
const CRC_TABLES: [[u32; 256]; 8] = {
    let mut tables = [[0u32; 256]; 8];
    let mut i = 0;
    while i < 256 {
        #[expect(clippy::cast_possible_truncation, reason = "i < 256; `From` is not usable in a const")]
        let mut c = i as u32;
        let mut k = 0;
        while k < 8 {
            c = if c & 1 == 1 { 0xEDB8_8320 ^ (c >> 1) } else { c >> 1 };
            k += 1;
        }
        tables[0][i] = c;
        i += 1;
    }
    let mut t = 1;
    while t < 8 {
        let mut i = 0;
        while i < 256 {
            let previous = tables[t - 1][i];
            tables[t][i] = (previous >> 8) ^ tables[0][(previous & 0xFF) as usize];
            i += 1;
        }
        t += 1;
    }
    tables
};

/// The CRC-32 of the bytes of `parts`, one after the other (zlib's `crc32`).
fn crc32(parts: &[&[u8]]) -> u32 {
    let tables = &CRC_TABLES;
    let at = |table: usize, byte: u8| tables[table][usize::from(byte)];
    let mut crc = !0u32;
    for part in parts {
        let mut chunks = part.chunks_exact(8);
        for chunk in &mut chunks {
            let low = (crc ^ u32::from_le_bytes([chunk[0], chunk[1], chunk[2], chunk[3]])).to_le_bytes();
            crc = at(7, low[0])
                ^ at(6, low[1])
                ^ at(5, low[2])
                ^ at(4, low[3])
                ^ at(3, chunk[4])
                ^ at(2, chunk[5])
                ^ at(1, chunk[6])
                ^ at(0, chunk[7]);
        }
        for &byte in chunks.remainder() {
            crc = at(0, (crc ^ u32::from(byte)).to_le_bytes()[0]) ^ (crc >> 8);
        }
    }
    !crc
}

/// `n` as eight lowercase hex digits.
fn hex8(n: u32) -> [u8; 8] {
    let digits = b"0123456789abcdef";
    let mut out = [0u8; 8];
    for (i, slot) in out.iter_mut().enumerate() {
        let shift = 28 - 4 * u32::try_from(i).unwrap_or(0);
        *slot = digits[usize::from(((n >> shift) & 0xF).to_le_bytes()[0])];
    }
    out
}

/// The sum of a line: the previous line's sum in hex, then the event's text.
fn chain(previous: u32, event_text: &str) -> u32 {
    crc32(&[&hex8(previous), event_text.as_bytes()])
}

/// One checked line, newline included.
fn checked_line(n: u64, sum: u32, event_text: &str) -> String {
    format!("{LINE_START}{n},\"sum\":\"{sum:08x}\",\"event\":{event_text}}}\n")
}

/// Where a journal is damaged: the line (from 1) and what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Damage {
    pub line: usize,
    pub reason: String,
}

impl Damage {
    /// Whether the journal is most likely another game's: its first line is whole (its number
    /// and checksum hold) but its event is none of this game's.
    #[must_use]
    pub fn another_games(&self) -> bool {
        self.line == 1 && self.reason.starts_with(NOT_AN_EVENT)
    }
}

/// How the reason of a line whose event is none of this game's begins ([`not_an_event`]).
const NOT_AN_EVENT: &str = "it is not a game event";

/// How the lines of a journal are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Layout {
    /// Numbered and chained lines (and an empty journal).
    Checked,
    /// One plain event per line, as Posse wrote journals before checksums.
    Plain,
}

/// A journal read back: the events up to the first damage, and what was found. The events
/// are any system's (`E`).
#[derive(Debug)]
pub struct JournalRead<E> {
    /// The events of the whole lines before any damage.
    pub events: Vec<E>,
    /// The file ends in a line cut short by a crash (left out; never acknowledged).
    pub torn_tail: bool,
    /// The first damaged line: the journal is not as Posse wrote it from there on.
    pub damage: Option<Damage>,
    layout: Layout,
    /// The length of the whole lines that hold `events`.
    good_len: u64,
    /// The length of the file as read.
    file_len: u64,
    /// The sum of the last good line.
    last_sum: u32,
}

impl<E> JournalRead<E> {
    /// The sum of the last good line: with the number of events it names the journal's
    /// content up to there (each line's sum covers the one before).
    #[must_use]
    pub fn last_sum(&self) -> u32 {
        self.last_sum
    }

    /// Whether the journal reopens exactly as it is: whole, undamaged, and in the checked
    /// layout, so [`Journal::resume`] writes nothing to it and reads nothing of `events` but
    /// how many there were.
    #[must_use]
    pub fn opens_as_is(&self) -> bool {
        self.damage.is_none() && !self.torn_tail && self.layout == Layout::Checked
    }
}

/// Reads a journal of a system's events (`E`), never writing to it. Damage is reported in
/// [`JournalRead::damage`] with the events before it, so a damaged game can still be shown.
///
/// # Errors
/// When the file cannot be read at all (missing, not a regular file, larger than
/// [`JOURNAL_LIMIT`]).
pub fn read_journal_of<E: Serialize + DeserializeOwned>(path: &Path) -> Result<JournalRead<E>, StoreError> {
    let bytes = read_bounded(path, JOURNAL_LIMIT, "a game journal")?;
    Ok(parse_journal(&bytes))
}

/// Parses a journal's bytes.
fn parse_journal<E: Serialize + DeserializeOwned>(bytes: &[u8]) -> JournalRead<E> {
    let file_len = u64::try_from(bytes.len()).unwrap_or(u64::MAX);
    // Everything after the last newline is a line cut short: Posse writes each line and its
    // newline at once, and acknowledges it only once it is on the disk.
    let whole = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |at| at + 1);
    let (lines, tail) = bytes.split_at(whole);
    let layout = if lines.starts_with(LINE_START.as_bytes()) || lines.is_empty() {
        Layout::Checked
    } else {
        Layout::Plain
    };
    let mut read = JournalRead {
        events: Vec::new(),
        torn_tail: false,
        damage: None,
        layout,
        good_len: 0,
        file_len,
        last_sum: 0,
    };
    // The final newline leaves an empty piece after it, which is not a line.
    let mut pieces: Vec<&[u8]> = lines.split(|&b| b == b'\n').collect();
    pieces.pop();
    for (i, piece) in pieces.iter().enumerate() {
        let number = i + 1;
        let parsed = std::str::from_utf8(piece)
            .map_err(|_| "it is not text (UTF-8)".to_owned())
            .and_then(|line| parse_line(layout, line, number, read.last_sum));
        match parsed {
            Ok((event, sum)) => {
                read.events.push(event);
                read.last_sum = sum;
                read.good_len += u64::try_from(piece.len()).unwrap_or(u64::MAX) + 1;
            }
            Err(reason) => {
                read.damage = Some(Damage { line: number, reason });
                return read;
            }
        }
    }
    read.torn_tail = !tail.is_empty();
    read
}

/// Parses one line (without its newline): the event and the line's sum.
fn parse_line<E: Serialize + DeserializeOwned>(
    layout: Layout,
    line: &str,
    number: usize,
    previous: u32,
) -> Result<(E, u32), String> {
    if line.trim().is_empty() {
        return Err("it is empty".into());
    }
    match layout {
        Layout::Plain if line.starts_with(LINE_START) => {
            Err("it has a checksum but the lines before it do not".into())
        }
        Layout::Plain => parse_event(line).map(|event| (event, 0)),
        Layout::Checked => {
            let (n, sum, event_text) = split_checked(line).ok_or_else(|| {
                format!("it is not a journal line like {LINE_START}{number},\"sum\":\"…\",\"event\":{{…}}}}")
            })?;
            if n != u64::try_from(number).unwrap_or(u64::MAX) {
                return Err(format!(
                    "it is numbered {n}, not {number}, so lines were moved, deleted or repeated"
                ));
            }
            if chain(previous, event_text) != sum {
                return Err("its checksum does not match, so the line was changed".into());
            }
            // The sum shows the text is as written; a field Posse does not know can then only
            // come from another version of Posse, which the quick check below catches when
            // the text is not what this version writes.
            let event: E = serde_json::from_str(event_text).map_err(|e| not_an_event(&e))?;
            if serde_json::to_string(&event).is_ok_and(|t| t == event_text) {
                Ok((event, sum))
            } else {
                parse_event(event_text).map(|event| (event, sum))
            }
        }
    }
}

/// Why a line's event is not one of this game's. An event name the game does not have is
/// most likely another game's journal (or a newer Posse's): that is said, without serde's
/// list of every event name.
fn not_an_event(e: &serde_json::Error) -> String {
    let text = e.to_string();
    match text.strip_prefix("unknown variant ").and_then(|rest| rest.split_once(", expected")) {
        Some((name, _)) => format!(
            "{NOT_AN_EVENT}: {name} is not an event of this game (is it another game's journal, or a newer Posse's?)"
        ),
        None => format!("{NOT_AN_EVENT}: {text}"),
    }
}

/// Splits a checked line into its number, its sum and its event's text.
fn split_checked(line: &str) -> Option<(u64, u32, &str)> {
    let rest = line.strip_prefix(LINE_START)?;
    let (n, rest) = rest.split_once(",\"sum\":\"")?;
    let (sum, rest) = rest.split_at_checked(8)?;
    let event_text = rest.strip_prefix("\",\"event\":")?.strip_suffix('}')?;
    let digits = |s: &str, hex: bool| {
        !s.is_empty()
            && s.bytes().all(|b| b.is_ascii_digit() || (hex && matches!(b, b'a'..=b'f')))
            && !(s.len() > 1 && s.starts_with('0') && !hex)
    };
    if !digits(n, false) || !digits(sum, true) {
        return None;
    }
    Some((n.parse().ok()?, u32::from_str_radix(sum, 16).ok()?, event_text))
}

/// Parses an event's JSON text, refusing fields Posse does not know (a renamed field would
/// otherwise be read as its default and replay as a different game).
fn parse_event<E: Serialize + DeserializeOwned>(text: &str) -> Result<E, String> {
    let value: Value = serde_json::from_str(text).map_err(|e| format!("it is not JSON: {e}"))?;
    let event = E::deserialize(&value).map_err(|e| not_an_event(&e))?;
    let written = serde_json::to_value(&event).map_err(|e| not_an_event(&e))?;
    if let Some(path) = unknown_field(&value, &written, "") {
        return Err(format!("it has a field Posse does not know: {path}"));
    }
    Ok(event)
}

/// The first key of `read` (the line) that `written` (the event as Posse writes it) lacks, as
/// a path. Keys with `null` may be missing (an absent optional value is written either way);
/// values are not compared, only the keys.
fn unknown_field(read: &Value, written: &Value, at: &str) -> Option<String> {
    match (read, written) {
        (Value::Object(read), Value::Object(written)) => read.iter().find_map(|(key, value)| {
            let path = if at.is_empty() { key.clone() } else { format!("{at}.{key}") };
            match written.get(key) {
                Some(w) => unknown_field(value, w, &path),
                None if value.is_null() => None,
                None => Some(path),
            }
        }),
        (Value::Array(read), Value::Array(written)) => read
            .iter()
            .zip(written)
            .enumerate()
            .find_map(|(i, (r, w))| unknown_field(r, w, &format!("{at}[{i}]"))),
        _ => None,
    }
}

/// A journal open for adding events. It does not hold the file open: each append opens it,
/// checks that it is still as Posse left it, writes one line and syncs it to the disk.
#[derive(Debug)]
pub struct Journal {
    path: PathBuf,
    /// Lines in the file.
    lines: u64,
    /// The sum of the last line (0 before the first).
    last_sum: u32,
    /// The file's length after the last line.
    size: u64,
    /// A failed write may have left part of a line after `size`, to cut before the next one.
    part_line: bool,
}

impl Journal {
    /// The lines written so far and the sum of the last: with them a cache names exactly the
    /// journal it was made from (`DataDir::save_lines`).
    #[must_use]
    pub fn written(&self) -> (u64, u32) {
        (self.lines, self.last_sum)
    }

    /// Creates a new, empty journal; refuses when the file exists (ids never collide).
    ///
    /// # Errors
    /// When the file exists or cannot be created.
    pub fn create(path: &Path) -> Result<Journal, StoreError> {
        files()
            .create_new(path)
            .map_err(|e| StoreError::Unwritable { path: path.to_owned(), reason: io_reason(&e) })?;
        Ok(Journal { path: path.to_owned(), lines: 0, last_sum: 0, size: 0, part_line: false })
    }

    /// Makes a journal that was read ready for more events: a line cut short is cut off (the
    /// whole file is first copied to `NAME.torn-N` beside it) and a journal without checksums
    /// is rewritten with them. Returns the copy's path when one was made.
    ///
    /// # Errors
    /// When the journal is damaged (Posse never writes to it then), changed since it was read,
    /// or cannot be written.
    pub fn resume<E: Serialize>(
        path: &Path,
        read: &JournalRead<E>,
    ) -> Result<(Journal, Option<PathBuf>), StoreError> {
        let fail =
            |e: &std::io::Error| StoreError::Unwritable { path: path.to_owned(), reason: io_reason(e) };
        if let Some(damage) = &read.damage {
            return Err(StoreError::Damaged {
                path: path.to_owned(),
                line: damage.line,
                reason: damage.reason.clone(),
            });
        }
        let on_disk = files().metadata(path).map_err(|e| fail(&e))?.len;
        if on_disk != read.file_len {
            return Err(changed(path));
        }
        let copy = if read.torn_tail { Some(keep_torn_copy(path)?) } else { None };
        if read.layout == Layout::Plain {
            return Ok((Journal::rewrite(path, &read.events)?, copy));
        }
        if read.torn_tail {
            files().truncate(path, read.good_len).map_err(|e| fail(&e))?;
        }
        let lines = u64::try_from(read.events.len()).unwrap_or(u64::MAX);
        Ok((
            Journal {
                path: path.to_owned(),
                lines,
                last_sum: read.last_sum,
                size: read.good_len,
                part_line: false,
            },
            copy,
        ))
    }

    /// Writes a journal of exactly `events`, replacing the file atomically (undo uses this).
    ///
    /// # Errors
    /// When an event cannot be written or the file cannot be replaced.
    pub fn rewrite<E: Serialize>(path: &Path, events: &[E]) -> Result<Journal, StoreError> {
        let mut journal = Journal { path: path.to_owned(), lines: 0, last_sum: 0, size: 0, part_line: false };
        let mut text = String::new();
        for event in events {
            let line = journal.next_line(event)?;
            journal.advance(&line);
            text.push_str(&line.text);
        }
        write_atomic(path, text.as_bytes())?;
        Ok(journal)
    }

    /// Replaces the journal with exactly `events` (undo), atomically, if the file is still as
    /// Posse left it: a journal changed by something else is never written over.
    ///
    /// # Errors
    /// When the file has gone or changed, or cannot be replaced.
    pub fn replace<E: Serialize>(&mut self, events: &[E]) -> Result<(), StoreError> {
        let on_disk = files()
            .metadata(&self.path)
            .map_err(|e| StoreError::Unwritable { path: self.path.clone(), reason: io_reason(&e) })?
            .len;
        if on_disk != self.size {
            return Err(changed(&self.path));
        }
        *self = Journal::rewrite(&self.path, events)?;
        Ok(())
    }

    /// The events written so far.
    #[must_use]
    pub fn len(&self) -> u64 {
        self.lines
    }

    /// Whether no event has been written yet.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.lines == 0
    }

    /// The journal's file.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Appends one event and syncs it to the disk before returning, so it survives a crash or
    /// a power cut. On failure the file is as it was before.
    ///
    /// # Errors
    /// When the file is gone, was changed by something else, would grow past
    /// [`JOURNAL_LIMIT`], or cannot be written.
    pub fn append<E: Serialize>(&mut self, event: &E) -> Result<(), StoreError> {
        let fail =
            |e: &std::io::Error| StoreError::Unwritable { path: self.path.clone(), reason: io_reason(e) };
        let line = self.next_line(event)?;
        if self.size + line.bytes() > JOURNAL_LIMIT {
            return Err(StoreError::Unwritable {
                path: self.path.clone(),
                reason: "the journal would grow past 16 MiB, the most Posse reads back".into(),
            });
        }
        // The file must be as Posse left it; the append never creates it, so a journal that
        // has gone does not come back without its first events.
        let appended = match files().append(&self.path, self.size, line.text.as_bytes()) {
            Err(AppendFailure::Changed(on_disk)) if on_disk > self.size && self.part_line => {
                // A write of ours that failed left part of a line: take it off first.
                files().truncate(&self.path, self.size).map_err(|e| fail(&e))?;
                self.part_line = false;
                files().append(&self.path, self.size, line.text.as_bytes())
            }
            other => other,
        };
        match appended {
            Ok(()) => {}
            Err(AppendFailure::Changed(_)) => return Err(changed(&self.path)),
            Err(AppendFailure::Io(e)) => return Err(fail(&e)),
            Err(AppendFailure::Failed { error, cut_back }) => {
                // If the cut failed too, the next append cuts the part line off first.
                self.part_line = !cut_back;
                return Err(fail(&error));
            }
        }
        self.advance(&line);
        Ok(())
    }

    /// The line that `event` would be written as next.
    fn next_line<E: Serialize>(&self, event: &E) -> Result<Line, StoreError> {
        let event_text = serde_json::to_string(event)
            .map_err(|e| StoreError::Unwritable { path: self.path.clone(), reason: e.to_string() })?;
        let sum = chain(self.last_sum, &event_text);
        Ok(Line { text: checked_line(self.lines + 1, sum, &event_text), sum })
    }

    fn advance(&mut self, line: &Line) {
        self.lines += 1;
        self.last_sum = line.sum;
        self.size += line.bytes();
    }
}

/// One line ready to write.
struct Line {
    text: String,
    sum: u32,
}

impl Line {
    fn bytes(&self) -> u64 {
        u64::try_from(self.text.len()).unwrap_or(u64::MAX)
    }
}

fn changed(path: &Path) -> StoreError {
    StoreError::Unwritable {
        path: path.to_owned(),
        reason: "it changed on disk since Posse last wrote it (is the game open twice?)".into(),
    }
}

/// Copies a journal with a torn tail to the first free `NAME.torn-N` beside it.
fn keep_torn_copy(path: &Path) -> Result<PathBuf, StoreError> {
    let fail =
        |to: &Path, e: &std::io::Error| StoreError::Unwritable { path: to.to_owned(), reason: io_reason(e) };
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    for n in 1..10_000 {
        let copy = path.with_file_name(format!("{name}.torn-{n}"));
        match files().copy_new(path, &copy) {
            Ok(()) => return Ok(copy),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
            Err(e) => return Err(fail(&copy, &e)),
        }
    }
    Err(StoreError::Unwritable {
        path: path.to_owned(),
        reason: "there are already 9,999 copies of its torn ends beside it".into(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game's set-up, as a system's first event carries it.
    #[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
    struct Setup {
        seed: u64,
        players: Vec<String>,
    }

    /// A system's events, as the journal sees them: any serde type.
    #[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
    enum Event {
        Begin(Box<Setup>),
        DealInitiative {
            face_up: [Option<String>; 2],
            cards: Option<Vec<String>>,
        },
        TiePriority {
            side: usize,
        },
        Shot {
            roll: u8,
            #[serde(default, skip_serializing_if = "Option::is_none")]
            weapon: Option<String>,
        },
        EndTurn,
        NextTurn,
    }

    fn begin() -> Event {
        Event::Begin(Box::new(Setup { seed: 1, players: vec!["Ann".into(), "Bob".into()] }))
    }

    fn deal() -> Event {
        Event::DealInitiative { face_up: [None, None], cards: None }
    }

    fn read_journal(path: &Path) -> Result<JournalRead<Event>, StoreError> {
        read_journal_of(path)
    }

    #[test]
    fn crc32_is_zlibs() {
        // zlib.crc32(b"123456789") == 0xcbf43926, the standard check value.
        assert_eq!(crc32(&[b"123456789"]), 0xCBF4_3926);
        assert_eq!(crc32(&[b"1234", b"56789"]), 0xCBF4_3926);
        assert_eq!(crc32(&[]), 0);
        // zlib.crc32(b"The quick brown fox jumps over the lazy dog") == 0x414fa339
        let fox = b"The quick brown fox jumps over the lazy dog";
        assert_eq!(crc32(&[fox]), 0x414F_A339);
        // Every split gives the same sum (eight bytes at a time, then one at a time).
        for at in 0..fox.len() {
            assert_eq!(crc32(&[&fox[..at], &fox[at..]]), 0x414F_A339, "split at {at}");
        }
        assert_eq!(hex8(0x0A1B_2C3D), *b"0a1b2c3d");
        assert_eq!(hex8(0), *b"00000000");
    }

    #[test]
    fn a_line_is_numbered_and_chained() {
        // zlib.crc32(b'00000000"EndTurn"') == 0x583276bd
        assert_eq!(
            checked_line(1, chain(0, "\"EndTurn\""), "\"EndTurn\""),
            "{\"n\":1,\"sum\":\"583276bd\",\"event\":\"EndTurn\"}\n"
        );
    }

    /// A journal of `events` written by Posse, as text.
    fn written(events: &[Event]) -> String {
        let dir = tempfile::tempdir().expect("temp");
        let path = dir.path().join("g.jsonl");
        Journal::rewrite(&path, events).expect("written");
        std::fs::read_to_string(&path).expect("read")
    }

    fn check(text: &str, events: usize, torn: bool, damage: Option<(usize, &str)>) {
        let read: JournalRead<Event> = parse_journal(text.as_bytes());
        assert_eq!(read.events.len(), events, "{text}");
        assert_eq!(read.torn_tail, torn, "{text}");
        let got = read.damage.as_ref().map(|d| (d.line, d.reason.as_str()));
        match (got, damage) {
            (Some((line, reason)), Some((want_line, want))) => {
                assert_eq!(line, want_line, "{reason}");
                assert!(reason.starts_with(want), "{reason} should start with {want}");
            }
            (got, want) => assert_eq!(got.map(|g| g.0), want.map(|w| w.0), "{got:?}"),
        }
    }

    #[test]
    fn damage_is_found_where_it_is() {
        let events = [begin(), deal(), Event::TiePriority { side: 1 }, Event::EndTurn];
        let text = written(&events);
        let lines: Vec<&str> = text.lines().collect();
        let join = |ls: &[&str]| ls.iter().flat_map(|l| [*l, "\n"]).collect::<String>();
        check(&text, 4, false, None);
        // A changed value.
        check(
            &text.replacen("\"side\":1", "\"side\":0", 1),
            2,
            false,
            Some((3, "its checksum does not match")),
        );
        // Two lines swapped, a line deleted, a line repeated.
        check(
            &join(&[lines[0], lines[2], lines[1], lines[3]]),
            1,
            false,
            Some((2, "it is numbered 3, not 2")),
        );
        check(&join(&[lines[0], lines[1], lines[3]]), 2, false, Some((3, "it is numbered 4, not 3")));
        check(
            &join(&[lines[0], lines[1], lines[1], lines[2]]),
            2,
            false,
            Some((3, "it is numbered 2, not 3")),
        );
        // A torn last line is left out, not damage; an empty line is damage.
        check(&(text.clone() + "{\"n\":5,\"su"), 4, true, None);
        check(&text[..text.len() - 1], 3, true, None);
        check(&join(&[lines[0], "", lines[1]]), 1, false, Some((2, "it is empty")));
        // A line without its checksum among checked ones, and text that is not UTF-8.
        check(&join(&[lines[0], "\"EndTurn\""]), 1, false, Some((2, "it is not a journal line")));
        let mut bytes = text.clone().into_bytes();
        bytes[lines[0].len() + 12] = 0xFF;
        let read: JournalRead<Event> = parse_journal(&bytes);
        assert_eq!(read.damage, Some(Damage { line: 2, reason: "it is not text (UTF-8)".into() }));
    }

    #[test]
    fn journals_without_checksums_still_open_and_refuse_unknown_fields() {
        let plain = "{\"Begin\":{\"seed\":1,\"players\":[\"Ann\",\"Bob\"]}}\n{\"DealInitiative\":{\"face_up\":[null,null],\"cards\":null}}\n\"EndTurn\"\n"
            .to_owned();
        check(&plain, 3, false, None);
        check(&(plain.clone() + "\"EndTu"), 3, true, None);
        let renamed = plain.replacen("\"face_up\"", "\"faceup\"", 1);
        check(&renamed, 1, false, Some((2, "it is not a game event")));
        let extra = plain.replacen("\"cards\":null", "\"cards\":null,\"roll\":3", 1);
        check(&extra, 1, false, Some((2, "it has a field Posse does not know: DealInitiative.roll")));
        // An absent optional value written as null is the same event.
        let shot = "\"EndTurn\"\n{\"Shot\":{\"roll\":5,\"weapon\":null}}\n";
        assert_eq!(parse_journal::<Event>(shot.as_bytes()).damage, None);
        check(
            &format!("\"EndTurn\"\n{}", written(&[Event::EndTurn])),
            1,
            false,
            Some((2, "it has a checksum")),
        );
    }

    #[test]
    fn appending_syncs_checks_and_continues_the_chain() {
        let dir = tempfile::tempdir().expect("temp");
        let path = dir.path().join("games/g.jsonl");
        let mut journal = Journal::create(&path).expect("created");
        assert!(Journal::create(&path).is_err(), "an existing journal is never created again");
        journal.append(&begin()).expect("append");
        journal.append(&deal()).expect("append");
        let text = std::fs::read_to_string(&path).expect("text");
        assert_eq!(text, written(&[begin(), deal()]), "appending writes what rewriting does");
        // Resuming continues the numbering and the chain.
        let read = read_journal(&path).expect("read");
        let (mut again, copy) = Journal::resume(&path, &read).expect("resumed");
        assert_eq!((again.len(), copy), (2, None));
        again.append(&Event::EndTurn).expect("append");
        assert_eq!(
            std::fs::read_to_string(&path).expect("text"),
            written(&[begin(), deal(), Event::EndTurn])
        );
        // Something else writing to the file stops the first writer.
        std::fs::write(&path, "").expect("emptied");
        let err = again.append(&Event::NextTurn).expect_err("changed");
        assert!(err.to_string().contains("changed on disk"), "{err}");
        // A journal that has gone is not created again by an append.
        std::fs::remove_file(&path).expect("removed");
        assert!(journal.append(&Event::NextTurn).is_err());
        assert!(!path.exists());
    }

    #[test]
    fn a_torn_tail_is_cut_after_keeping_a_copy() {
        let dir = tempfile::tempdir().expect("temp");
        let path = dir.path().join("g.jsonl");
        let whole = written(&[begin(), deal()]);
        let torn = whole.clone() + "{\"n\":3,\"sum\":\"12";
        std::fs::write(&path, &torn).expect("write");
        let read = read_journal(&path).expect("read");
        assert_eq!((read.events.len(), read.torn_tail), (2, true));
        let (mut journal, copy) = Journal::resume(&path, &read).expect("resumed");
        assert_eq!(copy, Some(dir.path().join("g.jsonl.torn-1")));
        assert_eq!(std::fs::read_to_string(dir.path().join("g.jsonl.torn-1")).expect("copy"), torn);
        journal.append(&Event::EndTurn).expect("append");
        assert_eq!(
            std::fs::read_to_string(&path).expect("text"),
            written(&[begin(), deal(), Event::EndTurn])
        );
        // A second torn tail gets the next copy.
        std::fs::write(&path, whole.clone() + "\"End").expect("write");
        let read = read_journal(&path).expect("read");
        let (_, copy) = Journal::resume(&path, &read).expect("resumed");
        assert_eq!(copy, Some(dir.path().join("g.jsonl.torn-2")));
        assert_eq!(std::fs::read_to_string(&path).expect("text"), whole);
    }

    #[test]
    fn an_old_journal_is_rewritten_with_checksums_before_it_grows() {
        let dir = tempfile::tempdir().expect("temp");
        let path = dir.path().join("g.jsonl");
        let plain: String =
            [begin(), deal()].iter().map(|e| serde_json::to_string(e).expect("json") + "\n").collect();
        std::fs::write(&path, plain + "\"EndT").expect("write");
        let read = read_journal(&path).expect("read");
        let (mut journal, copy) = Journal::resume(&path, &read).expect("resumed");
        assert!(copy.is_some());
        journal.append(&Event::EndTurn).expect("append");
        assert_eq!(
            std::fs::read_to_string(&path).expect("text"),
            written(&[begin(), deal(), Event::EndTurn])
        );
    }

    #[test]
    fn a_damaged_journal_is_never_resumed() {
        let dir = tempfile::tempdir().expect("temp");
        let path = dir.path().join("g.jsonl");
        let text = written(&[begin(), deal(), Event::EndTurn]).replacen("\"n\":2", "\"n\":7", 1);
        std::fs::write(&path, &text).expect("write");
        let read = read_journal(&path).expect("read");
        let err = Journal::resume(&path, &read).expect_err("damaged");
        assert_eq!(
            err.to_string(),
            format!(
                "{} is damaged at line 2: it is numbered 7, not 2, so lines were moved, deleted or repeated",
                path.display()
            )
        );
        assert_eq!(std::fs::read_to_string(&path).expect("text"), text, "untouched");
    }
}
