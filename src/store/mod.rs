//! The only code that touches the file system: the player's gang files in the platform's data
//! folder, written atomically, and gang files anywhere the player points.
//!
//! Every failure becomes a [`StoreError`] whose message names the file and says what went
//! wrong, so the command line and the app can show it as it is. A file that cannot be read is
//! reported, never overwritten or deleted.

use std::path::{Path, PathBuf};

use crate::rules::gang::GangFile;

/// A file could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("cannot read {path}: {reason}")]
    Unreadable { path: PathBuf, reason: String },
    #[error("{path} is not a gang file: {reason}")]
    NotAGang { path: PathBuf, reason: String },
    #[error("cannot write {path}: {reason}")]
    Unwritable { path: PathBuf, reason: String },
    #[error("Posse cannot find a data folder on this system; set POSSE_DATA_DIR to a folder it may use")]
    NoDataFolder,
}

/// A saved game's summary and the journal length it was made from.
#[derive(serde::Serialize, serde::Deserialize)]
struct GameSummary {
    bytes: u64,
    summary: String,
}

/// Reads a gang file. Unknown fields are ignored.
///
/// # Errors
/// When the file cannot be read, is not JSON, or lacks the gang's keys.
pub fn read_gang(path: &Path) -> Result<GangFile, StoreError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| StoreError::Unreadable { path: path.to_owned(), reason: io_reason(&e) })?;
    parse_gang(&text).map_err(|reason| StoreError::NotAGang { path: path.to_owned(), reason })
}

/// Parses the text of a gang file, describing what is wrong in a sentence fragment.
///
/// # Errors
/// When the text is not a gang file.
pub fn parse_gang(text: &str) -> Result<GangFile, String> {
    let mut de = serde_json::Deserializer::from_str(text);
    serde_path_to_error::deserialize(&mut de).map_err(|err| {
        let path = err.path().to_string();
        let inner = err.into_inner();
        let what = inner.to_string();
        let what = what.rfind(" at line ").map_or(what.as_str(), |at| &what[..at]).to_owned();
        if path.is_empty() || path == "." {
            format!("{what} (line {}, column {})", inner.line(), inner.column())
        } else {
            format!("{what} at {path} (line {}, column {})", inner.line(), inner.column())
        }
    })
}

/// Writes a gang file atomically: a crash leaves either the old file or the new one.
///
/// # Errors
/// When the folder or file cannot be written.
pub fn write_gang(path: &Path, gang: &GangFile) -> Result<(), StoreError> {
    let mut text = serde_json::to_string_pretty(gang)
        .map_err(|e| StoreError::Unwritable { path: path.to_owned(), reason: e.to_string() })?;
    text.push('\n');
    write_atomic(path, text.as_bytes())
}

/// Writes bytes to `path` atomically (temporary file, sync, rename), creating its folder.
///
/// # Errors
/// When the folder or file cannot be written.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), StoreError> {
    use std::io::Write as _;
    let fail = |e: &std::io::Error| StoreError::Unwritable { path: path.to_owned(), reason: io_reason(e) };
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| fail(&e))?;
    }
    let mut file = atomic_write_file::AtomicWriteFile::open(path).map_err(|e| fail(&e))?;
    file.write_all(bytes).map_err(|e| fail(&e))?;
    file.commit().map_err(|e| fail(&e))
}

fn io_reason(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "there is no such file or folder".into(),
        std::io::ErrorKind::PermissionDenied => "permission denied".into(),
        std::io::ErrorKind::InvalidData => "it is not text (UTF-8)".into(),
        std::io::ErrorKind::ReadOnlyFilesystem => "the disk is read-only".into(),
        std::io::ErrorKind::StorageFull => "the disk is full".into(),
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

/// A game's journal: one event per line, appended and flushed as each event happens, so a
/// crash loses nothing that was applied.
#[derive(Debug)]
pub struct Journal {
    path: PathBuf,
    file: std::fs::File,
}

impl Journal {
    /// Opens (or creates) a journal for appending.
    ///
    /// # Errors
    /// When the file cannot be opened for writing.
    pub fn open(path: &Path) -> Result<Journal, StoreError> {
        let fail =
            |e: &std::io::Error| StoreError::Unwritable { path: path.to_owned(), reason: io_reason(e) };
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| fail(&e))?;
        }
        let file = std::fs::OpenOptions::new().create(true).append(true).open(path).map_err(|e| fail(&e))?;
        Ok(Journal { path: path.to_owned(), file })
    }

    /// Appends one event and hands it to the operating system before returning, so it
    /// survives the app being killed.
    ///
    /// # Errors
    /// When the event cannot be written.
    pub fn append(&mut self, event: &crate::game::Event) -> Result<(), StoreError> {
        use std::io::Write as _;
        let fail =
            |e: &std::io::Error| StoreError::Unwritable { path: self.path.clone(), reason: io_reason(e) };
        let mut line = serde_json::to_string(event)
            .map_err(|e| StoreError::Unwritable { path: self.path.clone(), reason: e.to_string() })?;
        line.push('\n');
        self.file.write_all(line.as_bytes()).map_err(|e| fail(&e))?;
        self.file.flush().map_err(|e| fail(&e))
    }

    /// Forces everything appended so far onto the disk (survives a power cut too).
    ///
    /// # Errors
    /// When the disk refuses.
    pub fn sync(&mut self) -> Result<(), StoreError> {
        self.file
            .sync_data()
            .map_err(|e| StoreError::Unwritable { path: self.path.clone(), reason: io_reason(&e) })
    }
}

/// A journal read back: its events, and whether a half-written last line was left out.
#[derive(Debug)]
pub struct JournalRead {
    pub events: Vec<crate::game::Event>,
    pub torn_tail: bool,
}

/// Reads a journal. A last line cut short by a crash is left out (and reported); any other
/// unreadable line makes the whole journal an error, so nothing is silently lost.
///
/// # Errors
/// When the file cannot be read or a line other than the last is damaged.
pub fn read_journal(path: &Path) -> Result<JournalRead, StoreError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| StoreError::Unreadable { path: path.to_owned(), reason: io_reason(&e) })?;
    let mut events = Vec::new();
    let mut torn_tail = false;
    let lines: Vec<&str> = text.split('\n').collect();
    for (n, line) in lines.iter().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        match serde_json::from_str(line) {
            Ok(event) => events.push(event),
            Err(_) if n + 1 == lines.len() => torn_tail = true,
            Err(e) => {
                return Err(StoreError::Unreadable {
                    path: path.to_owned(),
                    reason: format!("line {} is not a game event ({e})", n + 1),
                });
            }
        }
    }
    Ok(JournalRead { events, torn_tail })
}

/// One gang file in the data folder: readable, or damaged with the reason.
#[derive(Clone, Debug)]
pub struct GangEntry {
    /// The file's stem: the gang's stable id in the folder.
    pub id: String,
    pub path: PathBuf,
    pub gang: Result<GangFile, String>,
}

/// The player's data folder: `gangs/` holds one JSON file per gang, `gangs/deleted/` the
/// gangs deleted (so a delete can be undone and nothing is lost), `prints/` the PDFs.
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
    pub fn platform() -> Result<DataDir, StoreError> {
        if let Some(dir) = std::env::var_os("POSSE_DATA_DIR").filter(|d| !d.is_empty()) {
            return Ok(DataDir::at(dir));
        }
        directories::ProjectDirs::from("", "", "posse")
            .map(|dirs| DataDir::at(dirs.data_dir()))
            .ok_or(StoreError::NoDataFolder)
    }

    /// The folder itself.
    #[must_use]
    pub fn root(&self) -> &Path {
        &self.root
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
        match std::fs::read_to_string(&path) {
            Ok(text) => serde_json::from_str(&text).map_err(|e| StoreError::Unreadable {
                path,
                reason: format!("it is not a results file ({e})"),
            }),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Series::default()),
            Err(e) => Err(StoreError::Unreadable { path, reason: io_reason(&e) }),
        }
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

    /// The summary remembered for a saved game, while its journal keeps the length it had when
    /// the summary was written (any event since makes it stale).
    #[must_use]
    pub fn cached_summary(&self, id: &str) -> Option<String> {
        let bytes = std::fs::metadata(self.game_path(id)).ok()?.len();
        let text = std::fs::read_to_string(self.summary_path(id)).ok()?;
        let cached: GameSummary = serde_json::from_str(&text).ok()?;
        (cached.bytes == bytes).then_some(cached.summary)
    }

    /// Remembers a saved game's summary for the journal as it is now, so listing saved games
    /// does not replay them.
    ///
    /// # Errors
    /// When the journal cannot be read or the summary cannot be written.
    pub fn save_summary(&self, id: &str, summary: &str) -> Result<(), StoreError> {
        let path = self.game_path(id);
        let bytes = std::fs::metadata(&path)
            .map_err(|e| StoreError::Unreadable { path: path.clone(), reason: io_reason(&e) })?
            .len();
        let text = serde_json::to_string(&GameSummary { bytes, summary: summary.to_owned() })
            .map_err(|e| StoreError::Unwritable { path: path.clone(), reason: e.to_string() })?;
        write_atomic(&self.summary_path(id), text.as_bytes())
    }

    /// The ids of the saved games, newest first (ids sort by the time they were started).
    #[must_use]
    pub fn list_games(&self) -> Vec<String> {
        let Ok(entries) = std::fs::read_dir(self.games()) else { return Vec::new() };
        let mut ids: Vec<String> = entries
            .flatten()
            .filter_map(|e| {
                let path = e.path();
                (path.extension()? == "jsonl").then(|| path.file_stem()?.to_str().map(str::to_owned))?
            })
            .collect();
        ids.sort_unstable_by(|a, b| b.cmp(a));
        ids
    }

    /// Rewrites a game's journal with exactly `events` (used by undo), atomically.
    ///
    /// # Errors
    /// When the file cannot be written.
    pub fn rewrite_journal(&self, id: &str, events: &[crate::game::Event]) -> Result<(), StoreError> {
        let path = self.game_path(id);
        let mut text = String::new();
        for event in events {
            let line = serde_json::to_string(event)
                .map_err(|e| StoreError::Unwritable { path: path.clone(), reason: e.to_string() })?;
            text.push_str(&line);
            text.push('\n');
        }
        write_atomic(&path, text.as_bytes())
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
        let dir = self.gangs();
        let entries = match std::fs::read_dir(&dir) {
            Ok(entries) => entries,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => return Err(StoreError::Unreadable { path: dir, reason: io_reason(&e) }),
        };
        let mut out: Vec<GangEntry> = entries
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "json"))
            .filter_map(|path| {
                let id = path.file_stem()?.to_str()?.to_owned();
                let gang = read_gang(&path).map_err(|e| match e {
                    StoreError::NotAGang { reason, .. } | StoreError::Unreadable { reason, .. } => reason,
                    other => other.to_string(),
                });
                Some(GangEntry { id, path, gang })
            })
            .collect();
        out.sort_by(|a, b| a.id.cmp(&b.id));
        Ok(out)
    }

    /// A new id for a gang called `name`, not used by any file in the folder.
    #[must_use]
    pub fn new_id(&self, name: &str) -> String {
        let base = slug(name);
        let taken =
            |id: &str| self.gang_path(id).exists() || self.deleted().join(format!("{id}.json")).exists();
        if !taken(&base) {
            return base;
        }
        (2..100_000).map(|n| format!("{base}-{n}")).find(|id| !taken(id)).unwrap_or(base)
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

fn move_file(from: &Path, to: &Path) -> Result<(), StoreError> {
    let fail = |e: &std::io::Error| StoreError::Unwritable { path: to.to_owned(), reason: io_reason(e) };
    if let Some(dir) = to.parent() {
        std::fs::create_dir_all(dir).map_err(|e| fail(&e))?;
    }
    std::fs::rename(from, to).map_err(|e| fail(&e))
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

    #[test]
    fn journals_append_and_survive_a_torn_last_line() {
        use crate::game::{Event, sim};
        let dir = tempfile::tempdir().expect("temp");
        let path = dir.path().join("games/g.jsonl");
        let mut journal = Journal::open(&path).expect("open");
        journal.append(&Event::Begin(Box::new(sim::showdown_setup(1)))).expect("append");
        journal.append(&Event::DealInitiative { face_up: [None, None], cards: None }).expect("append");
        journal.sync().expect("sync");
        let read = read_journal(&path).expect("read");
        assert_eq!((read.events.len(), read.torn_tail), (2, false));
        // A crash in the middle of a line: the whole events before it are kept.
        std::fs::write(&path, std::fs::read_to_string(&path).expect("text") + "{\"EndTurn").expect("write");
        let read = read_journal(&path).expect("read");
        assert_eq!((read.events.len(), read.torn_tail), (2, true));
        // Damage in the middle is an error, not a silent loss.
        let text =
            std::fs::read_to_string(&path).expect("text").replacen("Deal", "Dxal", 1) + "\n\"EndTurn\"\n";
        std::fs::write(&path, text).expect("write");
        assert!(read_journal(&path).is_err());
    }

    #[test]
    fn a_game_summary_is_kept_until_the_journal_grows() {
        use crate::game::{Event, sim};
        let dir = tempfile::tempdir().expect("temp");
        let data = DataDir::at(dir.path());
        let mut journal = Journal::open(&data.game_path("g")).expect("open");
        journal.append(&Event::Begin(Box::new(sim::showdown_setup(1)))).expect("append");
        assert_eq!(data.cached_summary("g"), None);
        data.save_summary("g", "A v B · turn 1 · unfinished").expect("saved");
        assert_eq!(data.cached_summary("g").as_deref(), Some("A v B · turn 1 · unfinished"));
        assert_eq!(data.list_games(), vec!["g".to_owned()], "the summary is not a game");
        journal.append(&Event::DealInitiative { face_up: [None, None], cards: None }).expect("append");
        assert_eq!(data.cached_summary("g"), None, "stale once an event is added");
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
