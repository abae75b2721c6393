//! The only code that touches the file system: the player's gang files in the platform's data
//! folder, written atomically, gang files anywhere the player points, and game journals.
//!
//! Every failure becomes a [`StoreError`] whose message names the file and says what went
//! wrong, so the command line and the app can show it as it is. A file that cannot be read is
//! reported, never overwritten or deleted. Reads are bounded: only regular files, and only up
//! to a size no real file of that kind reaches, so a pipe, a device or a huge file is refused
//! instead of blocking or filling the memory.

mod backend;
pub mod backup;
#[cfg(any(target_arch = "wasm32", test))]
mod browser;
mod journal;
pub mod json;
mod output;

use std::path::{Path, PathBuf};

use backend::{Files as _, Kind, ReadFailure, files};

pub use journal::{Damage, JOURNAL_LIMIT, Journal, JournalRead, read_journal, read_journal_of};
pub use output::write_output;

use crate::systems::dmh::rules::gang::GangFile;

/// The largest gang file (or results file) Posse reads: 16 MiB, thousands of times a real one.
pub const GANG_LIMIT: u64 = 16 * 1024 * 1024;

/// The largest summary file Posse reads.
const SUMMARY_LIMIT: u64 = 64 * 1024;

/// A file could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("cannot read {path}: {reason}")]
    Unreadable { path: PathBuf, reason: String },
    #[error("{path} is not a gang file: {reason}")]
    NotAGang { path: PathBuf, reason: String },
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
            | StoreError::NotAGang { path, .. }
            | StoreError::Unwritable { path, .. }
            | StoreError::Damaged { path, .. } => Some(path),
            StoreError::NoDataFolder => None,
        }
    }
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

/// Reads a gang file. Unknown fields are ignored; a UTF-8 byte order mark is allowed.
///
/// # Errors
/// When the file cannot be read, is not JSON, or lacks the gang's keys.
pub fn read_gang(path: &Path) -> Result<GangFile, StoreError> {
    let bytes = read_bounded(path, GANG_LIMIT, "a gang file")?;
    let text = String::from_utf8(bytes).map_err(|_| StoreError::NotAGang {
        path: path.to_owned(),
        reason: "it is not text (UTF-8)".into(),
    })?;
    parse_gang(&text).map_err(|reason| StoreError::NotAGang { path: path.to_owned(), reason })
}

/// Parses the text of a gang file (one JSON object, nothing after it but white space; a byte
/// order mark before it is allowed), describing what is wrong in a sentence fragment.
///
/// # Errors
/// When the text is not a gang file.
pub fn parse_gang(text: &str) -> Result<GangFile, String> {
    let gang: GangFile = json::parse(text, "gang")?;
    gang.check_size().map_err(|e| e.to_string())?;
    Ok(gang)
}

/// Writes a gang file atomically: a crash leaves either the old file or the new one.
///
/// # Errors
/// When the folder or file cannot be written.
pub fn write_gang(path: &Path, gang: &GangFile) -> Result<(), StoreError> {
    let text = gang_text(gang).map_err(|reason| StoreError::Unwritable { path: path.to_owned(), reason })?;
    write_atomic(path, text.as_bytes())
}

/// A gang file's text, as Posse writes it (pretty JSON and a final newline).
///
/// # Errors
/// When the gang cannot be written as JSON (a sentence fragment).
pub fn gang_text(gang: &GangFile) -> Result<String, String> {
    let mut text = serde_json::to_string_pretty(gang).map_err(|e| e.to_string())?;
    text.push('\n');
    Ok(text)
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

/// How a scene played at the table ended, as recorded for a storyline played as a series.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    Good,
    Bad,
    Draw,
}

impl Outcome {
    /// The result in words.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Outcome::Good => "good guys won",
            Outcome::Bad => "bad guys won",
            Outcome::Draw => "a draw",
        }
    }
}

/// The recorded results of scenes, by scene id (`series.json` in the data folder).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Series {
    #[serde(default)]
    pub results: std::collections::BTreeMap<String, Outcome>,
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

/// One gang file in the data folder: readable, or damaged with the reason.
#[derive(Clone, Debug)]
pub struct GangEntry {
    /// The file's stem: the gang's stable id in the folder.
    pub id: String,
    pub path: PathBuf,
    pub gang: Result<GangFile, String>,
}

/// A data folder. The player's folder holds one folder per game system (`dmh/`,
/// `fragmaster/`…, see [`DataDir::system`]) and the app's own `settings.json`; in a system's
/// folder `gangs/` holds one JSON file per gang, `gangs/deleted/` the gangs deleted (so a
/// delete can be undone and nothing is lost), `games/` the journals, `prints/` the PDFs.
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

    /// The folder of one game system's files (`dmh/`).
    #[must_use]
    pub fn system(&self, id: &str) -> DataDir {
        DataDir::at(self.root.join(id))
    }

    /// Moves the files of a data folder from before there were several systems (`gangs/`,
    /// `games/`, `prints/`, `series.json` at the top) into Dead Man's Hand's folder, once; a
    /// name already taken there is left where it is. Returns what was moved.
    ///
    /// # Errors
    /// When a file or folder cannot be moved (what was moved before stays moved).
    pub fn move_old_files(&self, into: &str) -> Result<Vec<String>, StoreError> {
        let target = self.system(into);
        let mut moved = Vec::new();
        for name in ["gangs", "games", "prints", "series.json"] {
            let from = self.root.join(name);
            let to = target.root.join(name);
            if files().link_metadata(&from).is_err() || files().link_metadata(&to).is_ok() {
                continue;
            }
            move_file(&from, &to)?;
            moved.push(name.to_owned());
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

    /// Where the gang files are.
    #[must_use]
    pub fn gangs(&self) -> PathBuf {
        self.root.join("gangs")
    }

    /// Where deleted gangs wait, in case the delete is undone.
    #[must_use]
    pub fn deleted(&self) -> PathBuf {
        self.gangs().join("deleted")
    }

    /// Where printed PDFs go.
    #[must_use]
    pub fn prints(&self) -> PathBuf {
        self.root.join("prints")
    }

    /// Where the storyline results are kept.
    #[must_use]
    pub fn series_path(&self) -> PathBuf {
        self.root.join("series.json")
    }

    /// The recorded scene results; none when the file does not exist yet.
    ///
    /// # Errors
    /// When the file exists but cannot be read (it is then left alone).
    pub fn load_series(&self) -> Result<Series, StoreError> {
        let path = self.series_path();
        if matches!(files().link_metadata(&path), Err(e) if e.kind() == std::io::ErrorKind::NotFound) {
            return Ok(Series::default());
        }
        let bytes = read_bounded(&path, GANG_LIMIT, "a results file")?;
        serde_json::from_slice(&bytes)
            .map_err(|e| StoreError::Unreadable { path, reason: format!("it is not a results file ({e})") })
    }

    /// Saves the scene results atomically.
    ///
    /// # Errors
    /// When the file cannot be written.
    pub fn save_series(&self, series: &Series) -> Result<(), StoreError> {
        let path = self.series_path();
        let text = serde_json::to_string_pretty(series)
            .map_err(|e| StoreError::Unwritable { path: path.clone(), reason: e.to_string() })?;
        write_atomic(&path, text.as_bytes())
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
        // Best effort: a summary left behind is stale once its journal is gone.
        let _ = files().remove_file(&self.summary_path(id));
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

    /// The file of the gang with this id.
    #[must_use]
    pub fn gang_path(&self, id: &str) -> PathBuf {
        self.gangs().join(format!("{id}.json"))
    }

    /// Every gang file in the folder, sorted by id; damaged files are listed with the reason.
    /// A missing folder is an empty list.
    ///
    /// # Errors
    /// When the folder exists but cannot be listed.
    pub fn list_gangs(&self) -> Result<Vec<GangEntry>, StoreError> {
        let out = list_json(&self.gangs())?
            .into_iter()
            .map(|(id, path)| {
                let gang = read_gang(&path).map_err(|e| match e {
                    StoreError::NotAGang { reason, .. } | StoreError::Unreadable { reason, .. } => reason,
                    other => other.to_string(),
                });
                GangEntry { id, path, gang }
            })
            .collect();
        Ok(out)
    }

    /// A new id for a gang called `name`, not used by any file in the folder.
    #[must_use]
    pub fn new_id(&self, name: &str) -> String {
        new_file_id(&self.gangs(), name)
    }

    /// Saves a gang under its id.
    ///
    /// # Errors
    /// When the file cannot be written.
    pub fn save_gang(&self, id: &str, gang: &GangFile) -> Result<PathBuf, StoreError> {
        let path = self.gang_path(id);
        write_gang(&path, gang)?;
        Ok(path)
    }

    /// Moves a gang file to `gangs/deleted/`, from where [`DataDir::restore_gang`] brings it back.
    ///
    /// # Errors
    /// When the file cannot be moved.
    pub fn delete_gang(&self, id: &str) -> Result<(), StoreError> {
        let from = self.gang_path(id);
        let to = self.deleted().join(format!("{id}.json"));
        move_file(&from, &to)
    }

    /// Gives a gang file a new id (its file name), after the gang was renamed.
    ///
    /// # Errors
    /// When the file cannot be moved.
    pub fn rename_gang(&self, from: &str, to: &str) -> Result<(), StoreError> {
        move_file(&self.gang_path(from), &self.gang_path(to))
    }

    /// Brings a deleted gang back.
    ///
    /// # Errors
    /// When the file cannot be moved back.
    pub fn restore_gang(&self, id: &str) -> Result<(), StoreError> {
        let from = self.deleted().join(format!("{id}.json"));
        move_file(&from, &self.gang_path(id))
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
/// thing: gangs, Frag's fighters, Deadlands' combatants.
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

/// A file-name-safe id from a gang's name: `Tombstone Law!` → `tombstone-law`.
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

    fn gang(name: &str) -> GangFile {
        GangFile { name: name.into(), gang: "lawmen".into(), ..GangFile::default() }
    }

    #[test]
    fn parse_errors_name_the_place() {
        let err = parse_gang(r#"{"name": "x", "gang": "lawmen", "models": [{"name": 3}]}"#).expect_err("bad");
        assert!(err.contains("models[0].name"), "{err}");
        let err = parse_gang("{").expect_err("bad");
        assert!(err.contains("line 1"), "{err}");
        let err = parse_gang(r#"{"name": "x"}"#).expect_err("bad");
        assert!(err.contains("missing field `gang`"), "{err}");
    }

    #[test]
    fn missing_files_say_so() {
        let err = read_gang(Path::new("/nonexistent/posse/gang.json")).expect_err("missing");
        assert_eq!(
            err.to_string(),
            "cannot read /nonexistent/posse/gang.json: there is no such file or folder"
        );
    }

    #[test]
    fn slugs_are_safe_file_names() {
        assert_eq!(slug("Tombstone Law!"), "tombstone-law");
        assert_eq!(slug("  ¡Los Bandidos!  "), "los-bandidos");
        assert_eq!(slug("???"), "gang");
    }

    #[test]
    fn save_list_delete_and_restore() {
        let dir = tempfile::tempdir().expect("temp");
        let data = DataDir::at(dir.path());
        assert!(data.list_gangs().expect("empty").is_empty());
        let id = data.new_id("Tombstone Law");
        data.save_gang(&id, &gang("Tombstone Law")).expect("saved");
        assert_eq!(data.new_id("Tombstone Law"), "tombstone-law-2");
        std::fs::write(data.gang_path("broken"), "{ not json").expect("write");
        let list = data.list_gangs().expect("list");
        assert_eq!(list.len(), 2);
        assert!(list[0].gang.as_ref().is_err_and(|e| e.contains("line 1")), "{:?}", list[0].gang);
        assert_eq!(list[1].gang.as_ref().map(|g| g.name.as_str()), Ok("Tombstone Law"));
        data.delete_gang(&id).expect("deleted");
        assert_eq!(data.list_gangs().expect("list").len(), 1);
        assert_eq!(data.new_id("Tombstone Law"), "tombstone-law-2", "a deleted id stays reserved");
        data.restore_gang(&id).expect("restored");
        assert_eq!(data.list_gangs().expect("list").len(), 2);
        // A pipe named like a gang is listed as damaged, not read (which would wait forever).
        let fifo = data.gang_path("pipe");
        assert!(std::process::Command::new("mkfifo").arg(&fifo).status().expect("mkfifo runs").success());
        let list = data.list_gangs().expect("list");
        let pipe = list.iter().find(|e| e.id == "pipe").expect("listed");
        assert_eq!(
            pipe.gang.as_ref().map(|g| g.name.as_str()),
            Err(&"it is not a regular file (a folder, device or pipe), so it is not a gang file".to_owned())
        );
        std::fs::remove_file(&fifo).expect("removed");
        // The damaged file is still there, untouched.
        assert_eq!(std::fs::read_to_string(data.gang_path("broken")).expect("read"), "{ not json");
    }

    #[test]
    fn series_results_round_trip() {
        let dir = tempfile::tempdir().expect("temp");
        let data = DataDir::at(dir.path());
        assert_eq!(data.load_series().expect("none yet"), Series::default());
        let mut series = Series::default();
        series.results.insert("the-stranger".into(), Outcome::Good);
        data.save_series(&series).expect("saved");
        assert_eq!(data.load_series().expect("loaded"), series);
        std::fs::write(data.series_path(), "nonsense").expect("write");
        assert!(data.load_series().is_err());
    }

    /// What `parse_gang` says of `text`: `Ok(name)` or the start of its complaint.
    fn check_gang(text: &str, expected: Result<&str, &str>) {
        match (parse_gang(text), expected) {
            (Ok(gang), Ok(name)) => assert_eq!(gang.name, name, "{text:?}"),
            (Err(e), Err(start)) => assert!(e.starts_with(start), "{text:?}: {e}"),
            (got, want) => panic!("{text:?}: got {got:?}, want {want:?}"),
        }
    }

    #[test]
    fn a_gang_file_is_one_object_and_nothing_else() {
        let one = r#"{"name": "T", "gang": "lawmen", "models": []}"#;
        check_gang(one, Ok("T"));
        check_gang(&format!("{one}\n\t \r\n"), Ok("T"));
        check_gang(&format!("\u{feff}{one}"), Ok("T"));
        check_gang(
            &format!("{one}x"),
            Err("there is more after the gang's closing brace (line 1, column 46)"),
        );
        check_gang(&format!("{one}\0\0\0"), Err("there is more after the gang's closing brace"));
        check_gang(
            &format!("{one}\n{one}"),
            Err("there is more after the gang's closing brace (line 2, column 1)"),
        );
        check_gang(&format!("{one}}}"), Err("there is more after the gang's closing brace"));
        check_gang(&format!("\u{feff}\u{feff}{one}"), Err("expected value"));
        check_gang(r#"{"gang": "lawmen", "models": []}"#, Err("missing field `name`"));
        check_gang(r#"{"name": "T", "gang": "lawmen"}"#, Err("missing field `models`"));
        // Deep nesting is read without a stack overflow.
        check_gang(&format!("{{\"x\": {}", "[".repeat(10_000)), Err("EOF while parsing a list at x"));
        check_gang(&format!("{{\"models\": {}", "[".repeat(10_000)), Err("invalid type: sequence"));
    }

    #[test]
    fn only_regular_files_of_a_sane_size_are_read() {
        let dir = tempfile::tempdir().expect("temp");
        let refused = |path: &Path, reason: &str| {
            let err = read_gang(path).expect_err("refused");
            assert_eq!(err.to_string(), format!("cannot read {}: {reason}", path.display()));
        };
        let not_a_file = "it is not a regular file (a folder, device or pipe), so it is not a gang file";
        refused(Path::new("/dev/zero"), not_a_file);
        refused(Path::new("/dev/urandom"), not_a_file);
        refused(dir.path(), not_a_file);
        let fifo = dir.path().join("fifo.json");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status().expect("mkfifo runs");
        assert!(made.success());
        refused(&fifo, not_a_file);
        let huge = dir.path().join("huge.json");
        std::fs::File::create(&huge).and_then(|f| f.set_len(GANG_LIMIT + 1)).expect("sparse file");
        refused(&huge, "it is larger than 16 MiB, too large for a gang file");
        let journal = dir.path().join("huge.jsonl");
        std::fs::File::create(&journal).and_then(|f| f.set_len(JOURNAL_LIMIT + 1)).expect("sparse file");
        let err = read_journal(&journal).expect_err("too large");
        assert_eq!(
            err.to_string(),
            format!(
                "cannot read {}: it is larger than 16 MiB, too large for a game journal",
                journal.display()
            )
        );
        let binary = dir.path().join("binary.json");
        std::fs::write(&binary, [0xFF, 0xFE, 0x7B]).expect("write");
        assert_eq!(
            read_gang(&binary).expect_err("not text").to_string(),
            format!("{} is not a gang file: it is not text (UTF-8)", binary.display())
        );
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
        use crate::systems::dmh::game::{Event, sim};
        let dir = tempfile::tempdir().expect("temp");
        let data = DataDir::at(dir.path());
        let (id, mut journal) = data.create_game(5).expect("created");
        journal.append(&Event::Begin(Box::new(sim::showdown_setup(1)))).expect("append");
        assert_eq!(data.cached_summary(&id), None);
        data.save_summary(&id, &Summary::new("A v B · turn 1 · unfinished", false)).expect("saved");
        assert_eq!(data.cached_summary(&id), Some(Summary::new("A v B · turn 1 · unfinished", false)));
        assert_eq!(data.list_games(), vec![id.clone()], "the summary is not a game");
        journal.append(&Event::DealInitiative { face_up: [None, None], cards: None }).expect("append");
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
        let path = dir.path().join("sub/gang.json");
        write_gang(&path, &gang("A long name that makes a long file")).expect("first");
        write_gang(&path, &gang("B")).expect("second");
        assert_eq!(read_gang(&path).expect("read").name, "B");
        let leftovers: Vec<_> = std::fs::read_dir(dir.path().join("sub")).expect("dir").flatten().collect();
        assert_eq!(leftovers.len(), 1, "no temporary files are left behind");
    }

    #[test]
    fn an_unwritable_folder_is_reported() {
        let dir = tempfile::tempdir().expect("temp");
        let blocker = dir.path().join("file");
        std::fs::write(&blocker, "x").expect("write");
        let data = DataDir::at(&blocker);
        let err = data.save_gang("a", &gang("A")).expect_err("cannot write under a file");
        assert!(err.to_string().starts_with("cannot write"), "{err}");
    }
}
