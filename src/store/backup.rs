//! A backup: every file of the data folder in one JSON file, and putting one back. In the web
//! page the data folder is the browser's storage, which the player cannot see; a backup is how
//! gangs, fighters, combatants and games move to another device or are kept safe (on the
//! desktop it is the same file, for the same moves).
//!
//! The file is `{"posse_backup": 1, "files": {"one/gangs/tombstone-law.json": "…", …}}`: each
//! file's path under the data folder, with `/` between folders, and its text. Printouts (PDFs,
//! made again any time), the `deleted/` folders and the settings are left out. Restoring never
//! overwrites: a file already there is kept, whether or not it is the same.

use std::collections::BTreeMap;
use std::path::{Component, Path};

use serde::{Deserialize, Serialize};

use super::backend::{Files as _, Kind, ReadFailure, files};
use super::{DataDir, StoreError, io_reason};

/// The backup format's version (`posse_backup`).
pub const VERSION: u32 = 1;

/// The largest file a backup takes, and the largest backup read back, in bytes.
const LIMIT: u64 = 256 * 1024 * 1024;

/// Every file of a data folder, by its path under the folder.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Backup {
    pub posse_backup: u32,
    pub files: BTreeMap<String, String>,
}

/// What a restore did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Restored {
    /// Files written.
    pub written: usize,
    /// Files already there with the same text.
    pub same: usize,
    /// Files already there with other text: kept, the backup's copy not written.
    pub kept: Vec<String>,
}

impl Restored {
    /// What happened, as one sentence.
    #[must_use]
    pub fn sentence(&self) -> String {
        let files = |n: usize| if n == 1 { "1 file".to_owned() } else { format!("{n} files") };
        let mut parts = vec![format!("Restored {} from the backup", files(self.written))];
        if self.same > 0 {
            parts.push(format!("{} already here", files(self.same)));
        }
        if !self.kept.is_empty() {
            let list = self.kept.join(", ");
            parts.push(if self.kept.len() == 1 {
                format!("1 file here differs from the backup and was kept as it is ({list})")
            } else {
                format!(
                    "{} here differ from the backup and were kept as they are ({list})",
                    files(self.kept.len())
                )
            });
        }
        parts.join("; ") + "."
    }
}

/// Why a backup file cannot be restored.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum BackupError {
    #[error("it is not a Posse backup: {0}")]
    Malformed(String),
    #[error("it is a backup of a newer Posse (format {0}); this one reads format {VERSION}")]
    Newer(u32),
    #[error("it names a file outside the data folder: {0}")]
    Outside(String),
}

/// Folders and files a backup leaves out (a game's remembered lines are a cache of its journal).
fn left_out(name: &str, top: bool) -> bool {
    name == "prints"
        || name == "deleted"
        || name.ends_with(".lines.json")
        || name.ends_with(".seats.json")
        || (top && name == "settings.json")
}

impl DataDir {
    /// Every file of the data folder as a backup.
    ///
    /// # Errors
    /// A folder cannot be listed, or a file cannot be read (a file that is not text is left
    /// out, not an error).
    pub fn backup(&self) -> Result<Backup, StoreError> {
        let mut backup = Backup { posse_backup: VERSION, files: BTreeMap::new() };
        collect(self.root(), "", &mut backup.files)?;
        Ok(backup)
    }

    /// Writes the backup's files that are not in the data folder yet; never overwrites.
    ///
    /// # Errors
    /// A file cannot be written (the files before it stay written; restoring again carries on).
    pub fn restore(&self, backup: &Backup) -> Result<Restored, StoreError> {
        let mut restored = Restored::default();
        for (name, text) in &backup.files {
            let path = self.root().join(name);
            match files().read_bounded(&path, LIMIT) {
                Ok(bytes) if bytes == text.as_bytes() => restored.same += 1,
                Ok(_) | Err(ReadFailure::NotAFile | ReadFailure::TooLarge) => {
                    restored.kept.push(name.clone());
                }
                Err(ReadFailure::Io(e)) if e.kind() == std::io::ErrorKind::NotFound => {
                    files()
                        .write_atomic(&path, text.as_bytes())
                        .map_err(|e| StoreError::Unwritable { path: path.clone(), reason: io_reason(&e) })?;
                    restored.written += 1;
                }
                Err(ReadFailure::Io(e)) => {
                    return Err(StoreError::Unreadable { path, reason: io_reason(&e) });
                }
            }
        }
        Ok(restored)
    }
}

/// Adds every file under `dir` (its path under the data folder starting with `under`).
fn collect(dir: &Path, under: &str, out: &mut BTreeMap<String, String>) -> Result<(), StoreError> {
    let names = match files().list(dir) {
        Ok(names) => names,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(StoreError::Unreadable { path: dir.to_owned(), reason: io_reason(&e) }),
    };
    for name in names {
        if left_out(&name, under.is_empty()) {
            continue;
        }
        let path = dir.join(&name);
        let key = if under.is_empty() { name.clone() } else { format!("{under}/{name}") };
        match files().link_metadata(&path).map(|m| m.kind) {
            Ok(Kind::Folder) => collect(&path, &key, out)?,
            Ok(Kind::File) => match files().read_bounded(&path, LIMIT) {
                Ok(bytes) => {
                    if let Ok(text) = String::from_utf8(bytes) {
                        out.insert(key, text);
                    }
                }
                Err(ReadFailure::Io(e)) => {
                    return Err(StoreError::Unreadable { path, reason: io_reason(&e) });
                }
                Err(ReadFailure::NotAFile | ReadFailure::TooLarge) => {}
            },
            // Links, pipes and devices are not Posse's files.
            Ok(_) => {}
            Err(e) => return Err(StoreError::Unreadable { path, reason: io_reason(&e) }),
        }
    }
    Ok(())
}

/// The backup as the file given to the player.
///
/// # Errors
/// Never in practice (a map of strings always serialises); kept typed for the caller.
pub fn to_text(backup: &Backup) -> Result<String, String> {
    serde_json::to_string_pretty(backup).map_err(|e| e.to_string())
}

/// Reads a backup file: its format, its version, and that every path stays inside the data
/// folder (plain names joined by `/`, none of them `..`, no leading `/`).
///
/// # Errors
/// What is wrong with it, as a [`BackupError`].
pub fn parse(bytes: &[u8]) -> Result<Backup, BackupError> {
    #[derive(Deserialize)]
    struct Version {
        posse_backup: u32,
    }
    let version: Version =
        serde_json::from_slice(bytes).map_err(|e| BackupError::Malformed(e.to_string()))?;
    if version.posse_backup > VERSION {
        return Err(BackupError::Newer(version.posse_backup));
    }
    let backup: Backup = serde_json::from_slice(bytes).map_err(|e| BackupError::Malformed(e.to_string()))?;
    for name in backup.files.keys() {
        let inside = !name.is_empty()
            && !name.starts_with('/')
            && !name.contains('\\')
            && name.split('/').all(|part| !part.is_empty())
            && Path::new(name).components().all(|c| matches!(c, Component::Normal(_)));
        if !inside {
            return Err(BackupError::Outside(name.clone()));
        }
    }
    Ok(backup)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(dir: &Path, name: &str, text: &str) {
        let path = dir.join(name);
        std::fs::create_dir_all(path.parent().expect("a folder")).expect("folder");
        std::fs::write(path, text).expect("file");
    }

    #[test]
    fn a_backup_restored_into_an_empty_folder_gives_the_same_files() {
        let from = tempfile::tempdir().expect("temp dir");
        write(from.path(), "one/gangs/tombstone-law.json", "{\"name\":\"Tombstone Law\"}");
        write(from.path(), "one/games/game-1.jsonl", "line 1\nline 2\n");
        write(from.path(), "two/fighters/ann.json", "{}");
        write(from.path(), "one/prints/roster.pdf", "%PDF-");
        write(from.path(), "one/gangs/deleted/old.json", "{}");
        write(from.path(), "settings.json", "{}");
        std::fs::write(from.path().join("one/gangs/binary.json"), [0xff, 0xfe, 0x00]).expect("file");
        let backup = DataDir::at(from.path()).backup().expect("backup");
        let names: Vec<&str> = backup.files.keys().map(String::as_str).collect();
        assert_eq!(
            names,
            ["one/games/game-1.jsonl", "one/gangs/tombstone-law.json", "two/fighters/ann.json"]
        );

        let text = to_text(&backup).expect("text");
        let read = parse(text.as_bytes()).expect("parse");
        assert_eq!(read, backup);
        let to = tempfile::tempdir().expect("temp dir");
        let restored = DataDir::at(to.path()).restore(&read).expect("restore");
        assert_eq!(restored, Restored { written: 3, same: 0, kept: vec![] });
        assert_eq!(
            std::fs::read_to_string(to.path().join("one/games/game-1.jsonl")).expect("game"),
            "line 1\nline 2\n"
        );
        assert_eq!(restored.sentence(), "Restored 3 files from the backup.");
    }

    #[test]
    fn restoring_never_overwrites_a_file_already_there() {
        let from = tempfile::tempdir().expect("temp dir");
        write(from.path(), "one/gangs/a.json", "backup's a");
        write(from.path(), "one/gangs/b.json", "same b");
        write(from.path(), "one/gangs/c.json", "new c");
        let backup = DataDir::at(from.path()).backup().expect("backup");
        let to = tempfile::tempdir().expect("temp dir");
        write(to.path(), "one/gangs/a.json", "this device's a");
        write(to.path(), "one/gangs/b.json", "same b");
        let restored = DataDir::at(to.path()).restore(&backup).expect("restore");
        assert_eq!(restored, Restored { written: 1, same: 1, kept: vec!["one/gangs/a.json".into()] });
        assert_eq!(
            std::fs::read_to_string(to.path().join("one/gangs/a.json")).expect("a"),
            "this device's a"
        );
        assert_eq!(
            restored.sentence(),
            "Restored 1 file from the backup; 1 file already here; 1 file here differs from the backup and was \
             kept as it is (one/gangs/a.json)."
        );
    }

    #[test]
    fn a_backup_that_is_malformed_newer_or_reaches_outside_is_refused() {
        assert!(matches!(parse(b"not json"), Err(BackupError::Malformed(_))));
        assert!(matches!(parse(br#"{"files": {}}"#), Err(BackupError::Malformed(_))));
        assert_eq!(parse(br#"{"posse_backup": 2, "files": {}}"#), Err(BackupError::Newer(2)));
        for name in ["../x.json", "/etc/passwd", "one//x.json", "one/../../x", "a\\b.json", ""] {
            let text = serde_json::json!({"posse_backup": 1, "files": {name: "x"}}).to_string();
            assert_eq!(parse(text.as_bytes()), Err(BackupError::Outside(name.to_owned())), "{name}");
        }
        assert_eq!(
            BackupError::Newer(2).to_string(),
            "it is a backup of a newer Posse (format 2); this one reads format 1"
        );
    }
}
