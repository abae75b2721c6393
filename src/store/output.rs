//! Where a player's printouts and copies go: a path typed after `--out`, picked in a save
//! dialog, or the app's prints folder. One function writes them all, so every system's
//! printouts keep the same rules.
//!
//! The path is the player's, not Posse's, so it may name anything: a device (`/dev/full`, which
//! an atomic rename run as root would turn into a regular file), a pipe (which an atomic
//! rename would replace), a folder, or a symbolic link (which the rename would replace with a
//! file that took the link's `rwxrwxrwx`). Only a regular file, or a path where nothing is yet,
//! is written, atomically; a link to a regular file is written through, at its target, and the
//! link is left as it was. Whatever is written is never writable by everyone.

use std::path::Path;

use super::backend::{Files as _, Kind, files};
use super::{StoreError, io_reason};

/// Writes a printout or a copy to `path`, atomically; through a symbolic link to its target.
///
/// # Errors
/// When `path` is a folder, a device, a pipe or a socket, a link to one of those or to
/// nothing, or when the file cannot be written.
pub fn write_output(path: &Path, bytes: &[u8]) -> Result<(), StoreError> {
    write_output_of(path, bytes, &[])
}

/// [`write_output`] for a printout made from the files `sources`, which it never replaces
/// (`posse gang print me.json --out me.json`).
///
/// # Errors
/// As [`write_output`], and when `path` leads to one of `sources`.
pub fn write_output_of(path: &Path, bytes: &[u8], sources: &[&Path]) -> Result<(), StoreError> {
    let refuse = |reason: &str| StoreError::Unwritable { path: path.to_owned(), reason: reason.to_owned() };
    if let Ok(target) = files().link_target(path)
        && let Some(source) = sources.iter().find(|s| files().link_target(s).is_ok_and(|t| t == target))
    {
        return Err(refuse(&format!(
            "it is {}, the file being printed; give another path for the printout",
            source.display()
        )));
    }
    let not_a_file = "it is not a regular file (a device, a pipe or a socket), so Posse does not write to it";
    let target = match files().link_metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => path.to_owned(),
        Err(e) => return Err(refuse(&io_reason(&e))),
        Ok(meta) => match meta.kind {
            Kind::File => path.to_owned(),
            Kind::Folder => return Err(refuse("it is a folder")),
            Kind::Other => return Err(refuse(not_a_file)),
            Kind::Link => match files().metadata(path).map(|m| m.kind) {
                Ok(Kind::File) => files().link_target(path).map_err(|e| refuse(&io_reason(&e)))?,
                Ok(Kind::Folder) => return Err(refuse("it is a link to a folder")),
                Ok(Kind::Other | Kind::Link) => {
                    return Err(refuse(
                        "it is a link to something that is not a regular file (a device, a pipe or a socket), so Posse does not write to it",
                    ));
                }
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                    return Err(refuse("it is a link to a file that does not exist; give the file itself"));
                }
                Err(e) => return Err(refuse(&io_reason(&e))),
            },
        },
    };
    files()
        .write_atomic(&target, bytes)
        .map_err(|e| StoreError::Unwritable { path: path.to_owned(), reason: io_reason(&e) })
}

#[cfg(test)]
#[cfg(unix)]
mod tests {
    use std::os::unix::fs::{FileTypeExt as _, PermissionsExt as _};

    use super::*;

    fn mode(path: &Path) -> u32 {
        std::fs::symlink_metadata(path).expect("there").permissions().mode() & 0o777
    }

    #[test]
    fn only_regular_files_are_written_and_links_are_written_through() {
        let dir = tempfile::tempdir().expect("temp");
        let refused = |path: &Path, reason: &str| {
            let err = write_output(path, b"%PDF").expect_err("refused");
            assert_eq!(err.to_string(), format!("cannot write {}: {reason}", path.display()));
        };
        // A new file, then the same file again.
        let new = dir.path().join("sub/new.pdf");
        write_output(&new, b"one").expect("written");
        write_output(&new, b"two").expect("written");
        assert_eq!(std::fs::read(&new).expect("read"), b"two");
        // A pipe is refused, and stays a pipe.
        let fifo = dir.path().join("fifo.pdf");
        assert!(std::process::Command::new("mkfifo").arg(&fifo).status().expect("mkfifo runs").success());
        let not_a_file =
            "it is not a regular file (a device, a pipe or a socket), so Posse does not write to it";
        refused(&fifo, not_a_file);
        assert!(std::fs::symlink_metadata(&fifo).expect("there").file_type().is_fifo());
        refused(Path::new("/dev/null"), not_a_file);
        refused(dir.path(), "it is a folder");
        // A link to a file: the file gets the bytes and keeps its permissions; the link stays.
        let real = dir.path().join("real.pdf");
        std::fs::write(&real, "old").expect("write");
        std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o640)).expect("chmod");
        let link = dir.path().join("link.pdf");
        std::os::unix::fs::symlink(&real, &link).expect("link");
        write_output(&link, b"new").expect("written through");
        assert!(std::fs::symlink_metadata(&link).expect("there").file_type().is_symlink());
        assert_eq!(std::fs::read(&real).expect("read"), b"new");
        assert_eq!(mode(&real), 0o640);
        // A link to nothing, to a folder, to a pipe.
        let dangling = dir.path().join("dangling.pdf");
        std::os::unix::fs::symlink(dir.path().join("nothing.pdf"), &dangling).expect("link");
        refused(&dangling, "it is a link to a file that does not exist; give the file itself");
        assert!(!dir.path().join("nothing.pdf").exists());
        let to_folder = dir.path().join("folder.pdf");
        std::os::unix::fs::symlink(dir.path(), &to_folder).expect("link");
        refused(&to_folder, "it is a link to a folder");
        let to_fifo = dir.path().join("to-fifo.pdf");
        std::os::unix::fs::symlink(&fifo, &to_fifo).expect("link");
        refused(
            &to_fifo,
            "it is a link to something that is not a regular file (a device, a pipe or a socket), so Posse does not write to it",
        );
        // The file being printed is never written over, by its own name or through a link.
        let gang = dir.path().join("gang.json");
        std::fs::write(&gang, "{}").expect("write");
        let over_source =
            format!("it is {}, the file being printed; give another path for the printout", gang.display());
        for out in [gang.clone(), dir.path().join("./gang.json")] {
            let err = write_output_of(&out, b"%PDF", &[&real, &gang]).expect_err("refused");
            assert_eq!(err.to_string(), format!("cannot write {}: {over_source}", out.display()));
        }
        let to_gang = dir.path().join("gang.pdf");
        std::os::unix::fs::symlink(&gang, &to_gang).expect("link");
        let err = write_output_of(&to_gang, b"%PDF", &[&gang]).expect_err("refused");
        assert_eq!(err.to_string(), format!("cannot write {}: {over_source}", to_gang.display()));
        assert_eq!(std::fs::read(&gang).expect("read"), b"{}");
        write_output_of(&dir.path().join("roster.pdf"), b"%PDF", &[&gang]).expect("another path");
        // A file anybody may write loses that permission when it is replaced.
        std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o666)).expect("chmod");
        write_output(&link, b"again").expect("written through");
        assert_eq!(mode(&real), 0o664);
    }
}
