//! The file operations the store is built on, and nothing more: one small interface with one
//! implementation per platform, so the store's rules (bounded reads, atomic saves, journals
//! that are synced before an event shows, files never written over when unreadable) are
//! written once and hold on the desktop and in the browser alike.
//!
//! On the desktop [`Disk`] is `std::fs` (and `atomic-write-file`); in the browser the same
//! operations run on the page's persistent storage (`super::browser`). [`files`] gives the
//! platform's implementation; nothing outside `src/store` uses this module.

use std::io;
use std::path::Path;

/// What kind of thing a path names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    File,
    Folder,
    /// A pipe, a device, a socket: never read, so a read cannot block.
    #[cfg_attr(target_arch = "wasm32", expect(dead_code, reason = "the browser's storage has only files"))]
    Other,
    /// A symbolic link, as [`Files::link_metadata`] sees it.
    #[cfg_attr(target_arch = "wasm32", expect(dead_code, reason = "the browser's storage has no links"))]
    Link,
}

/// What the store asks about a path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Meta {
    pub kind: Kind,
    /// Its length in bytes.
    pub len: u64,
    /// Its last change, in nanoseconds since 1970, where the platform keeps one.
    pub modified: Option<u128>,
}

/// Why a bounded read failed.
#[derive(Debug)]
pub(crate) enum ReadFailure {
    Io(io::Error),
    /// A folder, a pipe or a device.
    NotAFile,
    /// Larger than the limit.
    TooLarge,
}

/// Why an append did not happen.
#[derive(Debug)]
pub(crate) enum AppendFailure {
    /// The file is not the length the caller expected (something else wrote to it): nothing
    /// was written. Carries the length found.
    Changed(u64),
    /// The write failed; `cut_back` tells whether the file was cut back to its old length.
    Failed { error: io::Error, cut_back: bool },
    /// The file could not be opened or looked at: nothing was written.
    Io(io::Error),
}

/// The file operations of the store. Paths are the store's own (under a data folder, or a
/// file the player picked); folders on a path are created as needed by every write.
pub(crate) trait Files {
    /// A path's kind, length and time of change, following symbolic links.
    fn metadata(&self, path: &Path) -> io::Result<Meta>;

    /// Like [`Files::metadata`], but a symbolic link is looked at itself.
    fn link_metadata(&self, path: &Path) -> io::Result<Meta>;

    /// Where a path leads once every symbolic link on it is followed (the path itself where
    /// there are no links).
    fn link_target(&self, path: &Path) -> io::Result<std::path::PathBuf>;

    /// Reads a whole regular file of at most `limit` bytes.
    fn read_bounded(&self, path: &Path, limit: u64) -> Result<Vec<u8>, ReadFailure>;

    /// Replaces (or creates) a file atomically: a crash leaves the old bytes or the new ones.
    /// A file it leaves is never writable by everyone (a replaced file keeps its other
    /// permissions).
    fn write_atomic(&self, path: &Path, bytes: &[u8]) -> io::Result<()>;

    /// Creates an empty file, durably; fails with `AlreadyExists` when the path is taken.
    fn create_new(&self, path: &Path) -> io::Result<()>;

    /// Appends `bytes` to an existing file whose length is `at`, and syncs them to storage
    /// before returning. On a failed write the file is cut back to `at` if possible.
    fn append(&self, path: &Path, at: u64, bytes: &[u8]) -> Result<(), AppendFailure>;

    /// Cuts a file to `len` bytes, durably.
    fn truncate(&self, path: &Path, len: u64) -> io::Result<()>;

    /// Copies a file to a path that must not exist yet (`AlreadyExists` otherwise), durably.
    fn copy_new(&self, from: &Path, to: &Path) -> io::Result<()>;

    /// Moves a file or folder, creating the folder it goes into.
    fn rename(&self, from: &Path, to: &Path) -> io::Result<()>;

    /// Removes a file.
    fn remove_file(&self, path: &Path) -> io::Result<()>;

    /// The names in a folder (`NotFound` when it does not exist).
    fn list(&self, dir: &Path) -> io::Result<Vec<String>>;
}

/// The platform's files: the disk on the desktop.
#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn files() -> Disk {
    Disk
}

/// The platform's files: the browser's persistent storage on the web.
#[cfg(target_arch = "wasm32")]
pub(crate) fn files() -> super::browser::KeyValueFiles<super::browser::LocalStorage> {
    super::browser::KeyValueFiles::new(super::browser::LocalStorage)
}

/// The desktop's files, through `std::fs`.
#[cfg(not(target_arch = "wasm32"))]
pub(crate) struct Disk;

#[cfg(not(target_arch = "wasm32"))]
impl Disk {
    fn meta(m: &std::fs::Metadata) -> Meta {
        let kind = if m.file_type().is_symlink() {
            Kind::Link
        } else if m.is_file() {
            Kind::File
        } else if m.is_dir() {
            Kind::Folder
        } else {
            Kind::Other
        };
        let modified = m
            .modified()
            .ok()
            .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
            .map(|d| d.as_nanos());
        Meta { kind, len: m.len(), modified }
    }

    /// Creates the folder `path` goes into.
    fn make_parent(path: &Path) -> io::Result<()> {
        match path.parent().filter(|d| !d.as_os_str().is_empty()) {
            Some(dir) => std::fs::create_dir_all(dir),
            None => Ok(()),
        }
    }

    /// Syncs the folder holding `path`, so a file just created there survives a power cut
    /// too. Best effort: not every system can open a folder for syncing.
    fn sync_folder(path: &Path) {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty())
            && let Ok(dir) = std::fs::File::open(dir)
        {
            let _ = dir.sync_all();
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Files for Disk {
    fn metadata(&self, path: &Path) -> io::Result<Meta> {
        std::fs::metadata(path).map(|m| Disk::meta(&m))
    }

    fn link_metadata(&self, path: &Path) -> io::Result<Meta> {
        std::fs::symlink_metadata(path).map(|m| Disk::meta(&m))
    }

    fn link_target(&self, path: &Path) -> io::Result<std::path::PathBuf> {
        std::fs::canonicalize(path)
    }

    fn read_bounded(&self, path: &Path, limit: u64) -> Result<Vec<u8>, ReadFailure> {
        use std::io::Read as _;
        // Look before opening: opening a pipe waits for a writer, and a device never ends.
        let meta = std::fs::metadata(path).map_err(ReadFailure::Io)?;
        if !meta.is_file() {
            return Err(ReadFailure::NotAFile);
        }
        if meta.len() > limit {
            return Err(ReadFailure::TooLarge);
        }
        let file = std::fs::File::open(path).map_err(ReadFailure::Io)?;
        // The file may have changed since it was looked at: check what was opened, and read no
        // more than the limit whatever happens.
        if !file.metadata().map_err(ReadFailure::Io)?.is_file() {
            return Err(ReadFailure::NotAFile);
        }
        let mut bytes = Vec::new();
        file.take(limit + 1).read_to_end(&mut bytes).map_err(ReadFailure::Io)?;
        if u64::try_from(bytes.len()).unwrap_or(u64::MAX) > limit {
            return Err(ReadFailure::TooLarge);
        }
        Ok(bytes)
    }

    fn write_atomic(&self, path: &Path, bytes: &[u8]) -> io::Result<()> {
        use std::io::Write as _;
        Disk::make_parent(path)?;
        let mut file = atomic_write_file::AtomicWriteFile::open(path)?;
        // The new file takes the old one's permissions; never leave one anybody may write.
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt as _;
            let mode = file.as_file().metadata()?.permissions().mode();
            if mode & 0o002 != 0 {
                file.as_file().set_permissions(std::fs::Permissions::from_mode(mode & !0o002))?;
            }
        }
        file.write_all(bytes)?;
        file.commit()
    }

    fn create_new(&self, path: &Path) -> io::Result<()> {
        Disk::make_parent(path)?;
        let file = std::fs::OpenOptions::new().write(true).create_new(true).open(path)?;
        file.sync_all()?;
        Disk::sync_folder(path);
        Ok(())
    }

    fn append(&self, path: &Path, at: u64, bytes: &[u8]) -> Result<(), AppendFailure> {
        use std::io::Write as _;
        // Not `create`: a file that has gone must not come back without its beginning.
        let mut file = std::fs::OpenOptions::new().append(true).open(path).map_err(AppendFailure::Io)?;
        let on_disk = file.metadata().map_err(AppendFailure::Io)?.len();
        if on_disk != at {
            return Err(AppendFailure::Changed(on_disk));
        }
        let written = file.write_all(bytes).and_then(|()| file.sync_data());
        if let Err(error) = written {
            let cut_back = file.set_len(at).and_then(|()| file.sync_data()).is_ok();
            return Err(AppendFailure::Failed { error, cut_back });
        }
        Ok(())
    }

    fn truncate(&self, path: &Path, len: u64) -> io::Result<()> {
        let file = std::fs::OpenOptions::new().write(true).open(path)?;
        file.set_len(len)?;
        file.sync_all()
    }

    fn copy_new(&self, from: &Path, to: &Path) -> io::Result<()> {
        let mut out = std::fs::OpenOptions::new().write(true).create_new(true).open(to)?;
        let mut source = std::fs::File::open(from)?;
        std::io::copy(&mut source, &mut out)?;
        out.sync_all()?;
        Disk::sync_folder(to);
        Ok(())
    }

    fn rename(&self, from: &Path, to: &Path) -> io::Result<()> {
        if let Some(dir) = to.parent() {
            std::fs::create_dir_all(dir)?;
        }
        std::fs::rename(from, to)
    }

    fn remove_file(&self, path: &Path) -> io::Result<()> {
        std::fs::remove_file(path)
    }

    fn list(&self, dir: &Path) -> io::Result<Vec<String>> {
        Ok(std::fs::read_dir(dir)?
            .flatten()
            .filter_map(|entry| entry.file_name().to_str().map(str::to_owned))
            .collect())
    }
}
