//! Dead Man's Hand's own files: gang files (in its data folder's `gangs/`, or anywhere the
//! player points), the gangs deleted (`gangs/deleted/`, so a delete can be undone), and the
//! results of scenes played as a series (`series.json`). Read and written through the generic
//! store ([`crate::store`]: bounded reads, atomic writes, moves within the data folder).

use std::path::{Path, PathBuf};

use crate::store::{self, DataDir, StoreError, json};
use crate::systems::dmh::game::Event;
use crate::systems::dmh::rules::gang::GangFile;

/// The largest gang file (or results file) Posse reads: 16 MiB, thousands of times a real one.
pub const GANG_LIMIT: u64 = store::FILE_LIMIT;

/// Reads a gang file. Unknown fields are ignored; a UTF-8 byte order mark is allowed.
///
/// # Errors
/// When the file cannot be read, is not JSON, or lacks the gang's keys.
pub fn read_gang(path: &Path) -> Result<GangFile, StoreError> {
    let not_a_gang =
        |reason: String| StoreError::Invalid { path: path.to_owned(), what: "a gang file", reason };
    let bytes = store::read_bounded(path, GANG_LIMIT, "a gang file")?;
    let text = String::from_utf8(bytes).map_err(|_| not_a_gang("it is not text (UTF-8)".into()))?;
    parse_gang(&text).map_err(not_a_gang)
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
    store::write_atomic(path, text.as_bytes())
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

/// Reads a game's journal, never writing to it ([`store::read_journal_of`] for Dead Man's
/// Hand's events).
///
/// # Errors
/// When the file cannot be read at all (missing, not a regular file, too large).
pub fn read_journal(path: &Path) -> Result<store::JournalRead<Event>, StoreError> {
    store::read_journal_of(path)
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

/// One gang file in the data folder: readable, or damaged with the reason.
#[derive(Clone, Debug)]
pub struct GangEntry {
    /// The file's stem: the gang's stable id in the folder.
    pub id: String,
    pub path: PathBuf,
    pub gang: Result<GangFile, String>,
}

/// The files before there were several systems, at the top of the data folder, that are Dead
/// Man's Hand's: moved into its folder once ([`DataDir::move_old_files`]).
pub const OLD_FILES: &[&str] = &["gangs", "games", "prints", "series.json"];

/// Dead Man's Hand's files in its data folder: `gangs/` holds one JSON file per gang,
/// `gangs/deleted/` the gangs deleted, `series.json` the scenes' results.
pub trait GangFolder {
    /// Where the gang files are.
    fn gangs(&self) -> PathBuf;

    /// Where deleted gangs wait, in case the delete is undone.
    fn deleted(&self) -> PathBuf {
        self.gangs().join("deleted")
    }

    /// The file of the gang with this id.
    fn gang_path(&self, id: &str) -> PathBuf {
        self.gangs().join(format!("{id}.json"))
    }

    /// Every gang file in the folder, sorted by id; damaged files are listed with the reason.
    /// A missing folder is an empty list.
    ///
    /// # Errors
    /// When the folder exists but cannot be listed.
    fn list_gangs(&self) -> Result<Vec<GangEntry>, StoreError> {
        let out = store::list_json(&self.gangs())?
            .into_iter()
            .map(|(id, path)| {
                let gang = read_gang(&path).map_err(|e| match e {
                    StoreError::Invalid { reason, .. } | StoreError::Unreadable { reason, .. } => reason,
                    other => other.to_string(),
                });
                GangEntry { id, path, gang }
            })
            .collect();
        Ok(out)
    }

    /// A new id for a gang called `name`, not used by any file in the folder.
    fn new_id(&self, name: &str) -> String {
        store::new_file_id(&self.gangs(), name)
    }

    /// Saves a gang under its id.
    ///
    /// # Errors
    /// When the file cannot be written.
    fn save_gang(&self, id: &str, gang: &GangFile) -> Result<PathBuf, StoreError> {
        let path = self.gang_path(id);
        write_gang(&path, gang)?;
        Ok(path)
    }

    /// Moves a gang file to `gangs/deleted/`, from where [`GangFolder::restore_gang`] brings it
    /// back.
    ///
    /// # Errors
    /// When the file cannot be moved.
    fn delete_gang(&self, id: &str) -> Result<(), StoreError> {
        store::move_file(&self.gang_path(id), &self.deleted().join(format!("{id}.json")))
    }

    /// Gives a gang file a new id (its file name), after the gang was renamed.
    ///
    /// # Errors
    /// When the file cannot be moved.
    fn rename_gang(&self, from: &str, to: &str) -> Result<(), StoreError> {
        store::move_file(&self.gang_path(from), &self.gang_path(to))
    }

    /// Brings a deleted gang back.
    ///
    /// # Errors
    /// When the file cannot be moved back.
    fn restore_gang(&self, id: &str) -> Result<(), StoreError> {
        store::move_file(&self.deleted().join(format!("{id}.json")), &self.gang_path(id))
    }

    /// Where the storyline results are kept.
    fn series_path(&self) -> PathBuf;

    /// The recorded scene results; none when the file does not exist yet.
    ///
    /// # Errors
    /// When the file exists but cannot be read (it is then left alone).
    fn load_series(&self) -> Result<Series, StoreError> {
        let path = self.series_path();
        let Some(bytes) = store::read_if_present(&path, GANG_LIMIT, "a results file")? else {
            return Ok(Series::default());
        };
        serde_json::from_slice(&bytes)
            .map_err(|e| StoreError::Unreadable { path, reason: format!("it is not a results file ({e})") })
    }

    /// Saves the scene results atomically.
    ///
    /// # Errors
    /// When the file cannot be written.
    fn save_series(&self, series: &Series) -> Result<(), StoreError> {
        let path = self.series_path();
        let text = serde_json::to_string_pretty(series)
            .map_err(|e| StoreError::Unwritable { path: path.clone(), reason: e.to_string() })?;
        store::write_atomic(&path, text.as_bytes())
    }
}

impl GangFolder for DataDir {
    fn gangs(&self) -> PathBuf {
        self.root().join("gangs")
    }

    fn series_path(&self) -> PathBuf {
        self.root().join("series.json")
    }
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
        std::fs::File::create(&journal)
            .and_then(|f| f.set_len(store::JOURNAL_LIMIT + 1))
            .expect("sparse file");
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
}
