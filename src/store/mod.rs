//! The only code that touches the file system: the platform's data folder (one folder per game
//! system and the app's settings), files written atomically, bounded reads, game journals,
//! saved games' summaries, printouts and backups. Generic: each system's own files (what they
//! hold, where in its folder) are read and written through it by the system.
//!
//! Every failure becomes a [`StoreError`] whose message names the file and says what went
//! wrong, so the command line and the app can show it as it is. A file that cannot be read is
//! reported, never overwritten or deleted. Reads are bounded: only regular files, and only up
//! to a size no real file of that kind reaches, so a pipe, a device or a huge file is refused
//! instead of blocking or filling the memory.
//!
//! [`DataDir`] is the platform's data folder (or `POSSE_DATA_DIR`), [`DataDir::system`] a
//! system's own folder with its `games/` (journals, summaries, the remembered log lines of long
//! games) and `prints/`; the file formats are in `docs/files.md`. [`Journal`] and
//! [`read_journal_of`] are the journal every system uses, generic over its event type; [`json`]
//! the one reader of players' JSON files; [`write_output`] the one writer of printouts and
//! copies; [`backup`] the data folder as one file. A system's own files (one JSON file per
//! thing) are read and written by the system with [`list_json`], [`new_file_id`],
//! [`move_file`], [`write_atomic`], [`read_bounded`] and [`read_if_present`] (up to
//! [`FILE_LIMIT`]), and [`StoreError::Invalid`].
//!
//! Everything here runs on one small internal interface, `backend::Files`, with `Disk` on the
//! desktop and `browser::KeyValueFiles` (the page's `localStorage`, keyed by path) in the web
//! page, so a system's app module that uses only these functions and `crate::app::files`
//! works in the web page unchanged.

mod backend;
pub mod backup;
#[cfg(any(target_arch = "wasm32", test))]
mod browser;
mod journal;
pub mod json;
mod output;

use std::path::{Path, PathBuf};

use backend::{Files as _, Kind, ReadFailure, files};

pub use journal::{Damage, JOURNAL_LIMIT, Journal, JournalRead, read_journal_of};
pub use output::{write_output, write_output_of};

/// The largest file a player keeps (one thing's JSON: a gang, a fighter, a results file) that
/// Posse reads: 16 MiB, thousands of times a real one.
pub const FILE_LIMIT: u64 = 16 * 1024 * 1024;

/// The largest summary file Posse reads.
const SUMMARY_LIMIT: u64 = 64 * 1024;
/// The most a game's remembered lines may take.
const LINES_LIMIT: u64 = 256 * 1024 * 1024;

/// A file could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("cannot read {path}: {reason}")]
    Unreadable { path: PathBuf, reason: String },
    /// A file that was read but is not what it should be (`what`: "a gang file").
    #[error("{path} is not {what}: {reason}")]
    Invalid { path: PathBuf, what: &'static str, reason: String },
    #[error("cannot write {path}: {reason}")]
    Unwritable { path: PathBuf, reason: String },
    /// A journal that is not as Posse wrote it from `line` on.
    #[error("{path} is damaged at line {line}: {reason}")]
    Damaged { path: PathBuf, line: usize, reason: String },
    #[error("Posse cannot find a data folder on this system; set POSSE_DATA_DIR to a folder it may use")]
    NoDataFolder,
}

impl StoreError {
    /// The file the error is about, if any.
    #[must_use]
    pub fn path(&self) -> Option<&Path> {
        match self {
            StoreError::Unreadable { path, .. }
            | StoreError::Invalid { path, .. }
            | StoreError::Unwritable { path, .. }
            | StoreError::Damaged { path, .. } => Some(path),
            StoreError::NoDataFolder => None,
        }
    }
}

/// Which journal a long game's remembered log lines were made from, and how many there are.
#[derive(serde::Serialize, serde::Deserialize)]
struct GameLines {
    bytes: u64,
    modified: u128,
    last_sum: u32,
    count: usize,
}

/// A saved game's summary and the journal length and time of change it was made from.
#[derive(serde::Serialize, serde::Deserialize)]
struct GameSummary {
    bytes: u64,
    /// The journal's modification time in nanoseconds since 1970 (absent in older summaries,
    /// which then count as stale).
    #[serde(default)]
    modified: Option<u128>,
    summary: String,
    /// Whether the game is over (absent in older summaries, which then count as stale).
    #[serde(default)]
    finished: Option<bool>,
    /// The journal line where the game is damaged, if it is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    damaged: Option<usize>,
}

pub use crate::kernel::log::Summary;

/// Reads a whole file that must be a regular file of at most `limit` bytes; `what` names the
/// kind of file in the message ("a gang file").
///
/// # Errors
/// When the file is missing, not a regular file (a folder, a pipe, a device), larger than
/// `limit`, or cannot be read.
pub fn read_bounded(path: &Path, limit: u64, what: &str) -> Result<Vec<u8>, StoreError> {
    let fail = |reason: String| StoreError::Unreadable { path: path.to_owned(), reason };
    files().read_bounded(path, limit).map_err(|failure| match failure {
        ReadFailure::Io(e) => fail(io_reason(&e)),
        ReadFailure::NotAFile => {
            fail(format!("it is not a regular file (a folder, device or pipe), so it is not {what}"))
        }
        ReadFailure::TooLarge => {
            fail(format!("it is larger than {} MiB, too large for {what}", limit / (1024 * 1024)))
        }
    })
}

/// Reads a whole file like [`read_bounded`], or `None` when there is no file at `path` (a
/// symbolic link to nothing is there, and refused).
///
/// # Errors
/// When the file is there but cannot be read.
pub fn read_if_present(path: &Path, limit: u64, what: &str) -> Result<Option<Vec<u8>>, StoreError> {
    if matches!(files().link_metadata(path), Err(e) if e.kind() == std::io::ErrorKind::NotFound) {
        return Ok(None);
    }
    read_bounded(path, limit, what).map(Some)
}

/// Writes bytes to `path` atomically (temporary file, sync, rename), creating its folder.
///
/// # Errors
/// When the folder or file cannot be written.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), StoreError> {
    files()
        .write_atomic(path, bytes)
        .map_err(|e| StoreError::Unwritable { path: path.to_owned(), reason: io_reason(&e) })
}

/// An input/output error in words, for the end of a message.
pub(crate) fn io_reason(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "there is no such file or folder".into(),
        std::io::ErrorKind::PermissionDenied => "permission denied".into(),
        std::io::ErrorKind::InvalidData => "it is not text (UTF-8)".into(),
        std::io::ErrorKind::ReadOnlyFilesystem => "the disk is read-only".into(),
        std::io::ErrorKind::StorageFull if cfg!(target_arch = "wasm32") => {
            "the browser's storage for Posse is full (export and delete gangs or games you no longer need)"
                .into()
        }
        std::io::ErrorKind::StorageFull => "the disk is full".into(),
        std::io::ErrorKind::NotADirectory => "a folder on its path is a file".into(),
        std::io::ErrorKind::IsADirectory => "it is a folder".into(),
        _ => e.to_string(),
    }
}

/// The app's preferences, kept between runs.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Settings {
    /// The id of the game system chosen last; the app opens on it.
    #[serde(default)]
    pub last_system: Option<String>,
    /// The saved game open at the table (its id in the last system), which the web page
    /// reopens after a reload.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub open_game: Option<String>,
    /// Every system's saved game open at the table (system id → game id), which the web page
    /// reopens after a reload; files from before it have only `open_game`.
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub open_games: std::collections::BTreeMap<String, String>,
}

/// A data folder. The player's folder holds one folder per game system (see
/// [`DataDir::system`]) and the app's own `settings.json`; in a system's folder `games/` holds
/// the journals (`games/deleted/` the games deleted, so a delete can be undone and nothing is
/// lost), `prints/` the PDFs, and the rest is the system's own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataDir {
    root: PathBuf,
}

impl DataDir {
    /// A data folder at `root` (tests and `POSSE_DATA_DIR` use this).
    #[must_use]
    pub fn at(root: impl Into<PathBuf>) -> DataDir {
        DataDir { root: root.into() }
    }

    /// `POSSE_DATA_DIR` if set, otherwise the platform's data folder for Posse.
    ///
    /// # Errors
    /// When the system has no home folder to put it in.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn platform() -> Result<DataDir, StoreError> {
        if let Some(dir) = std::env::var_os("POSSE_DATA_DIR").filter(|d| !d.is_empty()) {
            return Ok(DataDir::at(dir));
        }
        directories::ProjectDirs::from("", "", "posse")
            .map(|dirs| DataDir::at(dirs.data_dir()))
            .ok_or(StoreError::NoDataFolder)
    }

    /// The page's persistent storage, where every file's key is its path under `posse/`.
    ///
    /// # Errors
    /// Never in the page: the storage is checked by the first read or write.
    #[cfg(target_arch = "wasm32")]
    pub fn platform() -> Result<DataDir, StoreError> {
        Ok(DataDir::at("posse"))
    }

    /// The folder itself.
    #[must_use]
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The folder of one game system's files (`<id>/`).
    #[must_use]
    pub fn system(&self, id: &str) -> DataDir {
        DataDir::at(self.root.join(id))
    }

    /// Moves the files of a data folder from before there were several systems (`names`, at
    /// the top of the folder) into system `into`'s folder, once; a name already taken there is
    /// left where it is. Returns what was moved.
    ///
    /// # Errors
    /// When a file or folder cannot be moved (what was moved before stays moved).
    pub fn move_old_files(&self, into: &str, names: &[&str]) -> Result<Vec<String>, StoreError> {
        let target = self.system(into);
        let mut moved = Vec::new();
        for name in names {
            let from = self.root.join(name);
            let to = target.root.join(name);
            if files().link_metadata(&from).is_err() || files().link_metadata(&to).is_ok() {
                continue;
            }
            move_file(&from, &to)?;
            moved.push((*name).to_owned());
        }
        Ok(moved)
    }

    /// The app's own preferences file (the last system chosen).
    #[must_use]
    pub fn settings_path(&self) -> PathBuf {
        self.root.join("settings.json")
    }

    /// The app's preferences; defaults when the file is missing or unreadable (they are only
    /// preferences).
    #[must_use]
    pub fn load_settings(&self) -> Settings {
        read_bounded(&self.settings_path(), SUMMARY_LIMIT, "a settings file")
            .ok()
            .and_then(|bytes| serde_json::from_slice(&bytes).ok())
            .unwrap_or_default()
    }

    /// Saves the app's preferences atomically.
    ///
    /// # Errors
    /// When the file cannot be written.
    pub fn save_settings(&self, settings: &Settings) -> Result<(), StoreError> {
        let path = self.settings_path();
        let text = serde_json::to_string_pretty(settings)
            .map_err(|e| StoreError::Unwritable { path: path.clone(), reason: e.to_string() })?;
        write_atomic(&path, text.as_bytes())
    }

    /// Where printed PDFs go.
    #[must_use]
    pub fn prints(&self) -> PathBuf {
        self.root.join("prints")
    }

    /// Where game journals are kept.
    #[must_use]
    pub fn games(&self) -> PathBuf {
        self.root.join("games")
    }

    /// The journal of the game with this id.
    #[must_use]
    pub fn game_path(&self, id: &str) -> PathBuf {
        self.games().join(format!("{id}.jsonl"))
    }

    fn summary_path(&self, id: &str) -> PathBuf {
        self.games().join(format!("{id}.summary.json"))
    }

    fn lines_path(&self, id: &str) -> PathBuf {
        self.games().join(format!("{id}.lines.json"))
    }

    /// The seats of a game shared at the table (who holds which seat, by secret, and the join
    /// code and port), so a host restarted on the same game lets each phone back into its
    /// seat. Left out of backups.
    #[must_use]
    pub fn seats_path(&self, id: &str) -> PathBuf {
        self.games().join(format!("{id}.seats.json"))
    }

    /// The log lines remembered for a long game, while its journal is as it was when they were
    /// written: the same length and time of change, the same number of events and the same
    /// last line (`events`, `last_sum` from the journal just read). Reopening then needs no
    /// words made again; anything else is stale and `None`.
    #[must_use]
    pub fn cached_lines(&self, id: &str, events: usize, last_sum: u32) -> Option<Vec<String>> {
        let (bytes, modified) = journal_stamp(&self.game_path(id))?;
        let text = read_bounded(&self.lines_path(id), LINES_LIMIT, "a game's lines").ok()?;
        let text = String::from_utf8(text).ok()?;
        // A first line saying which journal the lines belong to, then one line each.
        let (head, body) = text.split_once('\n')?;
        let cached: GameLines = serde_json::from_str(head).ok()?;
        let fresh = cached.bytes == bytes
            && cached.modified == modified
            && cached.last_sum == last_sum
            && cached.count == events;
        let lines: Vec<String> =
            if events == 0 { Vec::new() } else { body.lines().map(str::to_owned).collect() };
        (fresh && lines.len() == events).then_some(lines)
    }

    /// Remembers a game's log lines beside its journal as it is now ([`DataDir::cached_lines`]):
    /// a first line naming the journal, then one line per event (lines that are not single
    /// lines of text are not remembered). A cache, left out of backups: losing it only makes
    /// the next reopen make the words again.
    ///
    /// # Errors
    /// When the journal cannot be read or the lines cannot be written.
    pub fn save_lines(&self, id: &str, last_sum: u32, lines: &[String]) -> Result<(), StoreError> {
        let path = self.game_path(id);
        if lines.iter().any(|l| l.contains(['\n', '\r'])) {
            return Ok(());
        }
        let (bytes, modified) = journal_stamp(&path).ok_or_else(|| StoreError::Unreadable {
            path: path.clone(),
            reason: "its length and time of change cannot be read".into(),
        })?;
        let head = GameLines { bytes, modified, last_sum, count: lines.len() };
        let mut text = serde_json::to_string(&head)
            .map_err(|e| StoreError::Unwritable { path: path.clone(), reason: e.to_string() })?;
        for line in lines {
            text.push('\n');
            text.push_str(line);
        }
        text.push('\n');
        write_atomic(&self.lines_path(id), text.as_bytes())
    }

    /// The summary remembered for a saved game, while its journal keeps the length and the time
    /// of change it had when the summary was written (any change since makes it stale).
    #[must_use]
    pub fn cached_summary(&self, id: &str) -> Option<Summary> {
        let (bytes, modified) = journal_stamp(&self.game_path(id))?;
        let text = read_bounded(&self.summary_path(id), SUMMARY_LIMIT, "a summary").ok()?;
        let cached: GameSummary = serde_json::from_slice(&text).ok()?;
        let finished = cached.finished?;
        (cached.bytes == bytes && cached.modified == Some(modified)).then_some(Summary {
            line: cached.summary,
            finished,
            damaged: cached.damaged,
            unreadable: None,
        })
    }

    /// Remembers a saved game's summary for the journal as it is now, so listing saved games
    /// does not replay them.
    ///
    /// # Errors
    /// When the journal cannot be read or the summary cannot be written.
    pub fn save_summary(&self, id: &str, summary: &Summary) -> Result<(), StoreError> {
        let path = self.game_path(id);
        let (bytes, modified) = journal_stamp(&path).ok_or_else(|| StoreError::Unreadable {
            path: path.clone(),
            reason: "its length and time of change cannot be read".into(),
        })?;
        let cached = GameSummary {
            bytes,
            modified: Some(modified),
            summary: summary.line.clone(),
            finished: Some(summary.finished),
            damaged: summary.damaged,
        };
        let text = serde_json::to_string(&cached)
            .map_err(|e| StoreError::Unwritable { path: path.clone(), reason: e.to_string() })?;
        write_atomic(&self.summary_path(id), text.as_bytes())
    }

    /// Where deleted games wait, in case the delete is undone (left out of backups).
    #[must_use]
    pub fn deleted_games(&self) -> PathBuf {
        self.games().join("deleted")
    }

    /// Moves a saved game's journal (and its summary) to `games/deleted/`, from where
    /// [`DataDir::restore_game`] brings it back. A game already waiting there under the same
    /// id is never written over.
    ///
    /// # Errors
    /// When the journal cannot be moved (it then stays where it was).
    pub fn delete_game(&self, id: &str) -> Result<(), StoreError> {
        let to = self.deleted_games().join(format!("{id}.jsonl"));
        if files().link_metadata(&to).is_ok() {
            return Err(StoreError::Unwritable {
                path: to,
                reason: "a deleted game with the same name is already kept there".into(),
            });
        }
        move_file(&self.game_path(id), &to)?;
        // Best effort: a summary or lines left behind are stale once their journal is gone.
        let _ = files().remove_file(&self.summary_path(id));
        let _ = files().remove_file(&self.lines_path(id));
        let _ = files().remove_file(&self.seats_path(id));
        Ok(())
    }

    /// Brings a deleted game back from `games/deleted/`, never over a game of the same id.
    ///
    /// # Errors
    /// When it cannot be moved back (it then stays in `deleted/`).
    pub fn restore_game(&self, id: &str) -> Result<(), StoreError> {
        let to = self.game_path(id);
        if files().link_metadata(&to).is_ok() {
            return Err(StoreError::Unwritable {
                path: to,
                reason: "a game with the same id is already there".into(),
            });
        }
        move_file(&self.deleted_games().join(format!("{id}.jsonl")), &to)
    }

    /// The ids of the saved games, newest first (ids sort by the time they were started, and
    /// games started in the same second by their number).
    #[must_use]
    pub fn list_games(&self) -> Vec<String> {
        let Ok(names) = files().list(&self.games()) else { return Vec::new() };
        let mut ids: Vec<String> = names
            .iter()
            .filter_map(|name| {
                let path = Path::new(name);
                (path.extension()? == "jsonl").then(|| path.file_stem()?.to_str().map(str::to_owned))?
            })
            .collect();
        ids.sort_unstable_by(|a, b| natural_order(b, a));
        ids
    }

    /// Starts the journal of a new game begun at `stamp` (seconds since 1970): its id is
    /// `game-STAMP`, or `game-STAMP-2`, `-3`… when games were started in the same second. The
    /// file is created only if it does not exist, so two games never share a journal.
    ///
    /// # Errors
    /// When no journal can be created in the games folder.
    pub fn create_game(&self, stamp: u64) -> Result<(String, Journal), StoreError> {
        let mut last = None;
        for n in 1..1000u32 {
            let id = if n == 1 { format!("game-{stamp}") } else { format!("game-{stamp}-{n}") };
            let path = self.game_path(&id);
            if files().metadata(&path).is_ok() {
                continue;
            }
            match Journal::create(&path) {
                Ok(journal) => return Ok((id, journal)),
                // Another window took the id between the look and the creation: try the next.
                Err(e) if files().metadata(&path).is_ok() => last = Some(e),
                Err(e) => return Err(e),
            }
        }
        Err(last.unwrap_or_else(|| StoreError::Unwritable {
            path: self.games(),
            reason: "a thousand games were started in the same second".into(),
        }))
    }

    /// Removes the journal of a game that never began (it is empty); any other file is left
    /// alone. Best effort: an empty journal left behind lists as an empty game.
    pub fn discard_empty_game(&self, id: &str) {
        let path = self.game_path(id);
        if files().link_metadata(&path).is_ok_and(|m| m.kind == Kind::File && m.len == 0) {
            let _ = files().remove_file(&path);
        }
    }
}

/// A journal's length and time of change (nanoseconds since 1970), if they can be read.
fn journal_stamp(path: &Path) -> Option<(u64, u128)> {
    let meta = files().metadata(path).ok()?;
    Some((meta.len, meta.modified?))
}

/// Compares names with their runs of digits read as numbers (`game-9` before `game-10`).
fn natural_order(a: &str, b: &str) -> std::cmp::Ordering {
    natural_key(a).cmp(&natural_key(b)).then_with(|| a.cmp(b))
}

/// A piece of a name: a number (compared by its digits' count, then the digits, so numbers
/// of any length compare), or text.
#[derive(PartialEq, Eq, PartialOrd, Ord)]
enum Piece<'a> {
    Number(usize, &'a str),
    Text(&'a str),
}

/// A name as text and numbers: `game-12-3` is `game-`, 12, `-`, 3.
fn natural_key(name: &str) -> Vec<Piece<'_>> {
    let mut key = Vec::new();
    let mut rest = name;
    while !rest.is_empty() {
        let digits = rest.find(|c: char| !c.is_ascii_digit()).unwrap_or(rest.len());
        if digits > 0 {
            let (number, after) = rest.split_at(digits);
            let number = number.trim_start_matches('0');
            key.push(Piece::Number(number.len(), number));
            rest = after;
        } else {
            let text = rest.find(|c: char| c.is_ascii_digit()).unwrap_or(rest.len());
            let (text, after) = rest.split_at(text);
            key.push(Piece::Text(text));
            rest = after;
        }
    }
    key
}

/// The `*.json` files in `dir` (anything but a folder: a pipe or a device named `.json` is
/// listed, to show as damaged), as (id, path) with the id the file's name without `.json`,
/// sorted by id; a missing folder is an empty list. For any system's own files kept one per
/// thing (gangs, fighters, combatants).
///
/// # Errors
/// When the folder exists but cannot be listed.
pub fn list_json(dir: &Path) -> Result<Vec<(String, PathBuf)>, StoreError> {
    let names = match files().list(dir) {
        Ok(names) => names,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(StoreError::Unreadable { path: dir.to_owned(), reason: io_reason(&e) }),
    };
    let mut out: Vec<(String, PathBuf)> = names
        .iter()
        .map(|name| dir.join(name))
        .filter(|p| {
            !files().metadata(p).is_ok_and(|m| m.kind == Kind::Folder)
                && p.extension().is_some_and(|x| x == "json")
        })
        .filter_map(|path| Some((path.file_stem()?.to_str()?.to_owned(), path)))
        .collect();
    out.sort();
    Ok(out)
}

/// A new id for a file about `name` in `dir` (`dir/ID.json`), used by no file there nor in its
/// `deleted/` folder: the name's slug, or the slug with `-2`, `-3`…
#[must_use]
pub fn new_file_id(dir: &Path, name: &str) -> String {
    let base = slug(name);
    let exists = |path: &Path| files().metadata(path).is_ok();
    let taken = |id: &str| {
        exists(&dir.join(format!("{id}.json"))) || exists(&dir.join("deleted").join(format!("{id}.json")))
    };
    if !taken(&base) {
        return base;
    }
    (2..100_000).map(|n| format!("{base}-{n}")).find(|id| !taken(id)).unwrap_or(base)
}

/// Moves a file within the data folder, making the folder it goes to (a delete kept aside in a
/// `deleted/` folder, and its undo; gangs, fighters and combatants use it).
///
/// # Errors
/// The folder cannot be made or the file cannot be moved.
pub fn move_file(from: &Path, to: &Path) -> Result<(), StoreError> {
    files()
        .rename(from, to)
        .map_err(|e| StoreError::Unwritable { path: to.to_owned(), reason: io_reason(&e) })
}

/// A file-name-safe id from a name: `Tombstone Law!` → `tombstone-law` (`gang` when nothing
/// is left).
#[must_use]
pub fn slug(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    let out = out.trim_end_matches('-').chars().take(40).collect::<String>();
    if out.is_empty() { "gang".into() } else { out }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_are_safe_file_names() {
        assert_eq!(slug("Tombstone Law!"), "tombstone-law");
        assert_eq!(slug("  ¡Los Bandidos!  "), "los-bandidos");
        assert_eq!(slug("???"), "gang");
    }

    #[test]
    fn only_regular_files_of_a_sane_size_are_read() {
        let dir = tempfile::tempdir().expect("temp");
        let refused = |path: &Path, reason: &str| {
            let err = read_bounded(path, FILE_LIMIT, "a thing's file").expect_err("refused");
            assert_eq!(err.to_string(), format!("cannot read {}: {reason}", path.display()));
        };
        let not_a_file = "it is not a regular file (a folder, device or pipe), so it is not a thing's file";
        refused(Path::new("/dev/zero"), not_a_file);
        refused(Path::new("/dev/urandom"), not_a_file);
        refused(dir.path(), not_a_file);
        let fifo = dir.path().join("fifo.json");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status().expect("mkfifo runs");
        assert!(made.success());
        refused(&fifo, not_a_file);
        let huge = dir.path().join("huge.json");
        std::fs::File::create(&huge).and_then(|f| f.set_len(FILE_LIMIT + 1)).expect("sparse file");
        refused(&huge, "it is larger than 16 MiB, too large for a thing's file");
        refused(&dir.path().join("missing.json"), "there is no such file or folder");
        assert_eq!(read_if_present(&dir.path().join("missing.json"), 10, "x").expect("absent"), None);
        std::fs::write(dir.path().join("small.json"), "{}").expect("write");
        assert_eq!(
            read_if_present(&dir.path().join("small.json"), 10, "x").expect("read"),
            Some(b"{}".to_vec())
        );
        let journal = dir.path().join("huge.jsonl");
        std::fs::File::create(&journal).and_then(|f| f.set_len(JOURNAL_LIMIT + 1)).expect("sparse file");
        let err = read_journal_of::<serde_json::Value>(&journal).expect_err("too large");
        assert_eq!(
            err.to_string(),
            format!(
                "cannot read {}: it is larger than 16 MiB, too large for a game journal",
                journal.display()
            )
        );
    }

    #[test]
    fn old_files_move_into_a_systems_folder_once() {
        let dir = tempfile::tempdir().expect("temp");
        let data = DataDir::at(dir.path());
        std::fs::create_dir_all(dir.path().join("games")).expect("games");
        std::fs::write(dir.path().join("games/g.jsonl"), "x").expect("write");
        std::fs::write(dir.path().join("notes.json"), "old").expect("write");
        std::fs::create_dir_all(dir.path().join("one")).expect("one");
        std::fs::write(dir.path().join("one/notes.json"), "new").expect("write");
        let moved = data.move_old_files("one", &["games", "notes.json", "absent"]).expect("moved");
        assert_eq!(moved, ["games"]);
        assert_eq!(std::fs::read_to_string(dir.path().join("one/games/g.jsonl")).expect("moved"), "x");
        assert_eq!(std::fs::read_to_string(dir.path().join("one/notes.json")).expect("kept"), "new");
        assert_eq!(std::fs::read_to_string(dir.path().join("notes.json")).expect("left"), "old");
        assert!(data.move_old_files("one", &["games"]).expect("again").is_empty());
    }

    #[test]
    fn games_started_in_the_same_second_get_their_own_journals() {
        let dir = tempfile::tempdir().expect("temp");
        let data = DataDir::at(dir.path());
        let ids: Vec<String> = (0..11).map(|_| data.create_game(1_700_000_000).expect("created").0).collect();
        assert_eq!(ids[..3], ["game-1700000000", "game-1700000000-2", "game-1700000000-3"]);
        assert_eq!(ids[10], "game-1700000000-11");
        let (later, _) = data.create_game(1_700_000_001).expect("created");
        let listed = data.list_games();
        assert_eq!(listed.len(), 12);
        assert_eq!(listed[..3], [later.as_str(), "game-1700000000-11", "game-1700000000-10"]);
        assert_eq!(listed.last().map(String::as_str), Some("game-1700000000"));
    }

    #[test]
    fn a_game_summary_is_kept_until_the_journal_changes() {
        let dir = tempfile::tempdir().expect("temp");
        let data = DataDir::at(dir.path());
        let (id, mut journal) = data.create_game(5).expect("created");
        journal.append(&serde_json::json!({ "Begin": { "seed": 1 } })).expect("append");
        assert_eq!(data.cached_summary(&id), None);
        data.save_summary(&id, &Summary::new("A v B · turn 1 · unfinished", false)).expect("saved");
        assert_eq!(data.cached_summary(&id), Some(Summary::new("A v B · turn 1 · unfinished", false)));
        assert_eq!(data.list_games(), vec![id.clone()], "the summary is not a game");
        journal.append(&serde_json::json!("EndTurn")).expect("append");
        assert_eq!(data.cached_summary(&id), None, "stale once an event is added");
        data.save_summary(&id, &Summary::new("A v B · turn 1 · unfinished", false)).expect("saved");
        // An edit that keeps the length changes the time of change.
        let path = data.game_path(&id);
        let text = std::fs::read_to_string(&path).expect("text").replacen("\"seed\":1", "\"seed\":2", 1);
        std::fs::write(&path, text).expect("write");
        let file = std::fs::File::options().write(true).open(&path).expect("open");
        file.set_modified(std::time::UNIX_EPOCH + std::time::Duration::from_secs(1000)).expect("touched");
        assert_eq!(data.cached_summary(&id), None, "stale once the journal is edited");
    }

    #[test]
    fn atomic_writes_replace_the_whole_file() {
        let dir = tempfile::tempdir().expect("temp");
        let path = dir.path().join("sub/thing.json");
        write_atomic(&path, b"A long text that makes a long file").expect("first");
        write_atomic(&path, b"B").expect("second");
        assert_eq!(std::fs::read_to_string(&path).expect("read"), "B");
        let leftovers: Vec<_> = std::fs::read_dir(dir.path().join("sub")).expect("dir").flatten().collect();
        assert_eq!(leftovers.len(), 1, "no temporary files are left behind");
    }

    #[test]
    fn an_unwritable_folder_is_reported() {
        let dir = tempfile::tempdir().expect("temp");
        let blocker = dir.path().join("file");
        std::fs::write(&blocker, "x").expect("write");
        let err = write_atomic(&blocker.join("a.json"), b"{}").expect_err("cannot write under a file");
        assert!(err.to_string().starts_with("cannot write"), "{err}");
    }
}
