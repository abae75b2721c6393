//! The store's files in the browser: every file is one entry of the page's persistent
//! key-value storage (`window.localStorage`), its key the file's path, so gangs, settings and
//! game journals survive a reload, a closed tab and a restarted browser.
//!
//! `localStorage` is synchronous: when `setItem` returns, the browser holds the new value, and
//! every later read (this page, a reload, another tab) sees it. So a journal's append has
//! "happened" before the game shows the event, as on the desktop, without the event loop the
//! asynchronous `IndexedDB` would need between the click and the screen. Each value is one
//! `setItem`, so a write is all or nothing: atomic saves come for free, and a full storage
//! (the browser's quota, a few MiB per site) is a failed write that changes nothing, reported
//! like a full disk.
//!
//! Folders are not stored: a folder exists while a file has a path under it. Values are text
//! (the store only keeps JSON and journals here; printouts are downloads), each prefixed with
//! the time of its last change (`STAMP;` then the bytes), which the game list uses to know a
//! remembered summary is stale.
//!
//! [`KeyValueFiles`] is written against the small [`KeyValue`] trait, so the same code runs
//! on `localStorage` in the page and on a map in the desktop's unit tests.

use std::cell::Cell;
use std::io;
use std::path::Path;

use super::backend::{AppendFailure, Files, Kind, Meta, ReadFailure};

/// Where each key starts, so Posse's entries never meet another library's.
const PREFIX: &str = "posse:";

/// A synchronous string-to-string store.
pub(crate) trait KeyValue {
    /// The value of `key`, if any.
    fn get(&self, key: &str) -> io::Result<Option<String>>;
    /// Sets `key`; a full store is `ErrorKind::StorageFull`, and changes nothing.
    fn set(&self, key: &str, value: &str) -> io::Result<()>;
    fn remove(&self, key: &str) -> io::Result<()>;
    /// Every key.
    fn keys(&self) -> io::Result<Vec<String>>;
}

thread_local! {
    /// Changes made in this session, to tell two changes within one clock tick apart.
    static CHANGES: Cell<u64> = const { Cell::new(0) };
}

/// Files as entries of a [`KeyValue`] store.
pub(crate) struct KeyValueFiles<S> {
    store: S,
}

impl<S: KeyValue> KeyValueFiles<S> {
    pub(crate) fn new(store: S) -> KeyValueFiles<S> {
        KeyValueFiles { store }
    }

    /// A path's key: the prefix and the path with `/` between its parts.
    fn key(path: &Path) -> String {
        let parts: Vec<String> = path
            .components()
            .filter_map(|c| match c {
                std::path::Component::Normal(part) => Some(part.to_string_lossy().into_owned()),
                _ => None,
            })
            .collect();
        format!("{PREFIX}{}", parts.join("/"))
    }

    /// The stamp and bytes of a file, if it exists.
    fn entry(&self, path: &Path) -> io::Result<Option<(u128, String)>> {
        let Some(value) = self.store.get(&Self::key(path))? else { return Ok(None) };
        let (stamp, text) = value.split_once(';').unwrap_or(("0", value.as_str()));
        Ok(Some((stamp.parse().unwrap_or(0), text.to_owned())))
    }

    /// Whether any file lies under `path` (so it is a folder).
    fn is_folder(&self, path: &Path) -> io::Result<bool> {
        let under = format!("{}/", Self::key(path));
        Ok(self.store.keys()?.iter().any(|k| k.starts_with(&under)))
    }

    /// A time of change for a write now: the clock in nanoseconds plus the changes so far, so
    /// two changes never share one.
    fn stamp() -> u128 {
        let n = CHANGES.with(|c| {
            let n = c.get() + 1;
            c.set(n);
            n
        });
        now_nanos() + u128::from(n % 1_000_000)
    }

    /// Writes a whole file: refuses a path under a file, or a folder, and bytes that are not
    /// text.
    fn put(&self, path: &Path, bytes: &[u8]) -> io::Result<()> {
        let text = std::str::from_utf8(bytes).map_err(|_| {
            io::Error::new(io::ErrorKind::InvalidData, "the browser's storage keeps only text")
        })?;
        for folder in path.ancestors().skip(1).filter(|p| !p.as_os_str().is_empty()) {
            if self.store.get(&Self::key(folder))?.is_some() {
                return Err(io::ErrorKind::NotADirectory.into());
            }
        }
        if self.is_folder(path)? {
            return Err(io::ErrorKind::IsADirectory.into());
        }
        self.store.set(&Self::key(path), &format!("{};{text}", Self::stamp()))
    }

    fn file_meta(stamp: u128, text: &str) -> Meta {
        Meta { kind: Kind::File, len: u64::try_from(text.len()).unwrap_or(u64::MAX), modified: Some(stamp) }
    }
}

impl<S: KeyValue> Files for KeyValueFiles<S> {
    fn metadata(&self, path: &Path) -> io::Result<Meta> {
        if let Some((stamp, text)) = self.entry(path)? {
            return Ok(Self::file_meta(stamp, &text));
        }
        if self.is_folder(path)? {
            return Ok(Meta { kind: Kind::Folder, len: 0, modified: None });
        }
        Err(io::ErrorKind::NotFound.into())
    }

    fn link_metadata(&self, path: &Path) -> io::Result<Meta> {
        self.metadata(path)
    }

    fn link_target(&self, path: &Path) -> io::Result<std::path::PathBuf> {
        Ok(path.to_owned())
    }

    fn read_bounded(&self, path: &Path, limit: u64) -> Result<Vec<u8>, ReadFailure> {
        match self.entry(path).map_err(ReadFailure::Io)? {
            Some((_, text)) if u64::try_from(text.len()).unwrap_or(u64::MAX) > limit => {
                Err(ReadFailure::TooLarge)
            }
            Some((_, text)) => Ok(text.into_bytes()),
            None if self.is_folder(path).map_err(ReadFailure::Io)? => Err(ReadFailure::NotAFile),
            None => Err(ReadFailure::Io(io::ErrorKind::NotFound.into())),
        }
    }

    fn write_atomic(&self, path: &Path, bytes: &[u8]) -> io::Result<()> {
        self.put(path, bytes)
    }

    fn create_new(&self, path: &Path) -> io::Result<()> {
        if self.metadata(path).is_ok() {
            return Err(io::ErrorKind::AlreadyExists.into());
        }
        self.put(path, b"")
    }

    fn append(&self, path: &Path, at: u64, bytes: &[u8]) -> Result<(), AppendFailure> {
        let Some((_, mut text)) = self.entry(path).map_err(AppendFailure::Io)? else {
            return Err(AppendFailure::Io(io::ErrorKind::NotFound.into()));
        };
        let len = u64::try_from(text.len()).unwrap_or(u64::MAX);
        if len != at {
            return Err(AppendFailure::Changed(len));
        }
        let more = std::str::from_utf8(bytes).map_err(|_| AppendFailure::Failed {
            error: io::Error::new(io::ErrorKind::InvalidData, "the browser's storage keeps only text"),
            cut_back: true,
        })?;
        text.push_str(more);
        // One `setItem`: the old value stays whole when it fails.
        self.put(path, text.as_bytes()).map_err(|error| AppendFailure::Failed { error, cut_back: true })
    }

    fn truncate(&self, path: &Path, len: u64) -> io::Result<()> {
        let Some((_, text)) = self.entry(path)? else { return Err(io::ErrorKind::NotFound.into()) };
        let bytes = text.as_bytes();
        let cut = bytes.get(..usize::try_from(len).unwrap_or(usize::MAX)).unwrap_or(bytes);
        self.put(path, cut)
    }

    fn copy_new(&self, from: &Path, to: &Path) -> io::Result<()> {
        if self.metadata(to).is_ok() {
            return Err(io::ErrorKind::AlreadyExists.into());
        }
        let Some((_, text)) = self.entry(from)? else { return Err(io::ErrorKind::NotFound.into()) };
        self.put(to, text.as_bytes())
    }

    fn rename(&self, from: &Path, to: &Path) -> io::Result<()> {
        let key = Self::key(from);
        let moves: Vec<(String, String)> = if let Some(value) = self.store.get(&key)? {
            vec![(key.clone(), value)]
        } else {
            // A folder: every file under it.
            let under = format!("{key}/");
            let mut moves = Vec::new();
            for k in self.store.keys()?.into_iter().filter(|k| k.starts_with(&under)) {
                if let Some(value) = self.store.get(&k)? {
                    moves.push((k, value));
                }
            }
            if moves.is_empty() {
                return Err(io::ErrorKind::NotFound.into());
            }
            moves
        };
        let to_key = Self::key(to);
        // The new entries first, then the old ones go: a failure part way leaves a copy too
        // many, never a file too few.
        for (k, value) in &moves {
            let new = format!("{to_key}{}", k.get(key.len()..).unwrap_or(""));
            self.store.set(&new, value)?;
        }
        for (k, _) in &moves {
            self.store.remove(k)?;
        }
        Ok(())
    }

    fn remove_file(&self, path: &Path) -> io::Result<()> {
        if self.entry(path)?.is_none() {
            return Err(io::ErrorKind::NotFound.into());
        }
        self.store.remove(&Self::key(path))
    }

    fn list(&self, dir: &Path) -> io::Result<Vec<String>> {
        if self.entry(dir)?.is_some() {
            return Err(io::ErrorKind::NotADirectory.into());
        }
        let under = format!("{}/", Self::key(dir));
        let mut names: Vec<String> = self
            .store
            .keys()?
            .iter()
            .filter_map(|k| k.strip_prefix(&under))
            .filter_map(|rest| rest.split('/').next())
            .map(str::to_owned)
            .collect();
        if names.is_empty() {
            return Err(io::ErrorKind::NotFound.into());
        }
        names.sort_unstable();
        names.dedup();
        Ok(names)
    }
}

/// The clock, in nanoseconds since 1970 (whole milliseconds in the page).
fn now_nanos() -> u128 {
    crate::clock::unix_nanos()
}

/// The page's `window.localStorage`.
#[cfg(target_arch = "wasm32")]
pub(crate) struct LocalStorage;

#[cfg(target_arch = "wasm32")]
impl LocalStorage {
    fn storage() -> io::Result<web_sys::Storage> {
        web_sys::window()
            .and_then(|w| w.local_storage().ok().flatten())
            .ok_or_else(|| io::Error::other("this browser keeps no storage for the page (private mode?)"))
    }

    /// A failure of the storage as an error: a full storage (`QuotaExceededError`) is a full
    /// disk.
    fn failure(error: &wasm_bindgen::JsValue) -> io::Error {
        use wasm_bindgen::JsCast as _;
        let name = error.dyn_ref::<js_sys::Error>().map(|e| String::from(e.name())).unwrap_or_default();
        if name == "QuotaExceededError" || name == "NS_ERROR_DOM_QUOTA_REACHED" {
            io::ErrorKind::StorageFull.into()
        } else {
            io::Error::other(format!("the browser's storage refused it ({name})"))
        }
    }
}

#[cfg(target_arch = "wasm32")]
impl KeyValue for LocalStorage {
    fn get(&self, key: &str) -> io::Result<Option<String>> {
        Self::storage()?.get_item(key).map_err(|e| Self::failure(&e))
    }

    fn set(&self, key: &str, value: &str) -> io::Result<()> {
        Self::storage()?.set_item(key, value).map_err(|e| Self::failure(&e))
    }

    fn remove(&self, key: &str) -> io::Result<()> {
        Self::storage()?.remove_item(key).map_err(|e| Self::failure(&e))
    }

    fn keys(&self) -> io::Result<Vec<String>> {
        let storage = Self::storage()?;
        let n = storage.length().map_err(|e| Self::failure(&e))?;
        let mut keys = Vec::new();
        for i in 0..n {
            if let Some(key) = storage.key(i).map_err(|e| Self::failure(&e))?
                && key.starts_with(PREFIX)
            {
                keys.push(key);
            }
        }
        Ok(keys)
    }
}

#[cfg(test)]
mod tests {
    use std::cell::RefCell;
    use std::collections::BTreeMap;
    use std::path::PathBuf;

    use super::*;

    /// A map with a quota on its values' total length, like the browser's.
    #[derive(Default)]
    struct Memory {
        map: RefCell<BTreeMap<String, String>>,
        quota: usize,
    }

    impl KeyValue for Memory {
        fn get(&self, key: &str) -> io::Result<Option<String>> {
            Ok(self.map.borrow().get(key).cloned())
        }

        fn set(&self, key: &str, value: &str) -> io::Result<()> {
            let mut map = self.map.borrow_mut();
            let others: usize = map.iter().filter(|(k, _)| *k != key).map(|(_, v)| v.len()).sum();
            if self.quota > 0 && others + value.len() > self.quota {
                return Err(io::ErrorKind::StorageFull.into());
            }
            map.insert(key.to_owned(), value.to_owned());
            Ok(())
        }

        fn remove(&self, key: &str) -> io::Result<()> {
            self.map.borrow_mut().remove(key);
            Ok(())
        }

        fn keys(&self) -> io::Result<Vec<String>> {
            Ok(self.map.borrow().keys().cloned().collect())
        }
    }

    fn files(quota: usize) -> KeyValueFiles<Memory> {
        KeyValueFiles::new(Memory { quota, ..Memory::default() })
    }

    fn p(path: &str) -> PathBuf {
        PathBuf::from(path)
    }

    #[test]
    fn files_and_folders() {
        let f = files(0);
        assert_eq!(f.list(&p("posse/one/gangs")).map_err(|e| e.kind()), Err(io::ErrorKind::NotFound));
        f.write_atomic(&p("posse/one/gangs/a.json"), b"{}").expect("written");
        f.write_atomic(&p("posse/one/gangs/deleted/b.json"), b"{\"x\":1}").expect("written");
        assert_eq!(f.list(&p("posse/one/gangs")).expect("listed"), ["a.json", "deleted"]);
        assert_eq!(f.metadata(&p("posse/one/gangs/deleted")).expect("folder").kind, Kind::Folder);
        let meta = f.metadata(&p("posse/one/gangs/deleted/b.json")).expect("file");
        assert_eq!((meta.kind, meta.len), (Kind::File, 7));
        assert_eq!(f.read_bounded(&p("posse/one/gangs/a.json"), 2).expect("read"), b"{}");
        assert!(matches!(f.read_bounded(&p("posse/one/gangs/a.json"), 1), Err(ReadFailure::TooLarge)));
        assert!(matches!(f.read_bounded(&p("posse/one/gangs"), 100), Err(ReadFailure::NotAFile)));
        assert!(matches!(
            f.read_bounded(&p("posse/none.json"), 100),
            Err(ReadFailure::Io(e)) if e.kind() == io::ErrorKind::NotFound
        ));
        // Nothing under a file, no file over a folder.
        let err = f.write_atomic(&p("posse/one/gangs/a.json/c.json"), b"").expect_err("under a file");
        assert_eq!(err.kind(), io::ErrorKind::NotADirectory);
        let err = f.write_atomic(&p("posse/one/gangs"), b"").expect_err("a folder");
        assert_eq!(err.kind(), io::ErrorKind::IsADirectory);
        // Renaming a file and a folder; removing.
        f.rename(&p("posse/one/gangs/deleted/b.json"), &p("posse/one/gangs/b.json")).expect("moved");
        assert_eq!(f.list(&p("posse/one/gangs")).expect("listed"), ["a.json", "b.json"]);
        f.rename(&p("posse/one"), &p("posse/old")).expect("folder moved");
        assert_eq!(f.list(&p("posse/old/gangs")).expect("listed"), ["a.json", "b.json"]);
        assert!(f.metadata(&p("posse/one")).is_err());
        f.remove_file(&p("posse/old/gangs/a.json")).expect("removed");
        assert_eq!(f.list(&p("posse/old/gangs")).expect("listed"), ["b.json"]);
        assert_eq!(f.write_atomic(&p("x"), &[0xFF]).expect_err("binary").kind(), io::ErrorKind::InvalidData);
    }

    #[test]
    fn a_journal_appends_checks_its_length_and_changes_its_stamp() {
        let f = files(0);
        let path = p("posse/one/games/g.jsonl");
        f.create_new(&path).expect("created");
        assert_eq!(f.create_new(&path).expect_err("exists").kind(), io::ErrorKind::AlreadyExists);
        let first = f.metadata(&path).expect("meta").modified;
        f.append(&path, 0, b"one\n").expect("appended");
        f.append(&path, 4, b"two\n").expect("appended");
        let meta = f.metadata(&path).expect("meta");
        assert_eq!(meta.len, 8);
        assert_ne!(meta.modified, first, "every change has its own time");
        assert!(matches!(f.append(&path, 4, b"x\n"), Err(AppendFailure::Changed(8))));
        f.truncate(&path, 4).expect("cut");
        assert_eq!(f.read_bounded(&path, 100).expect("read"), b"one\n");
        f.copy_new(&path, &p("posse/one/games/g.jsonl.torn-1")).expect("copied");
        let copy = f.copy_new(&path, &p("posse/one/games/g.jsonl.torn-1"));
        assert_eq!(copy.expect_err("taken").kind(), io::ErrorKind::AlreadyExists);
        f.remove_file(&path).expect("removed");
        assert!(matches!(f.append(&path, 4, b"x\n"), Err(AppendFailure::Io(_))), "never re-created");
    }

    #[test]
    fn a_full_storage_changes_nothing() {
        let f = files(40);
        let path = p("g.jsonl");
        f.create_new(&path).expect("created");
        f.append(&path, 0, b"0123456789\n").expect("fits");
        let before = f.read_bounded(&path, 100).expect("read");
        match f.append(&path, 11, &[b'x'; 40]) {
            Err(AppendFailure::Failed { error, cut_back: true }) => {
                assert_eq!(error.kind(), io::ErrorKind::StorageFull);
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(f.read_bounded(&path, 100).expect("read"), before);
        let err = f.write_atomic(&p("big.json"), &[b'y'; 40]).expect_err("full");
        assert_eq!(err.kind(), io::ErrorKind::StorageFull);
        assert!(f.metadata(&p("big.json")).is_err());
    }
}
