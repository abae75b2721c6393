//! Files the player hands to the app or takes from it, the same way on every platform for
//! every system's screens: a file to import, a copy to export, a printout. On the desktop
//! these are native dialogs (run off the UI thread) and files on the disk; in the web page
//! they are the browser's file picker and downloads (`crate::web`).
//!
//! Every function answers later, through a callback the system turns into a message to its
//! own state (a channel polled each frame), so a dialog never blocks a frame.

use std::path::{Path, PathBuf};

/// A file the player chose to import.
#[derive(Debug)]
pub enum Chosen {
    /// A file on the disk (the desktop): the store reads it, bounded.
    Path(PathBuf),
    /// A file's name and bytes (the web page, where files have no path).
    File { name: String, bytes: Vec<u8> },
}

/// Where a file given to the player went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Delivered {
    /// Written to this file (the desktop).
    Saved(PathBuf),
    /// Offered as a download by this name (the web page).
    Downloaded(String),
}

impl Delivered {
    /// Where it went, for the end of a sentence ("Roster printed …"): "to PATH" or "as a
    /// download, NAME".
    #[must_use]
    pub fn describe(&self) -> String {
        match self {
            Delivered::Saved(path) => format!("to {}", path.display()),
            Delivered::Downloaded(name) => format!("as a download, {name}"),
        }
    }

    /// The file written, which the app can open with the system's program.
    #[must_use]
    pub fn path(&self) -> Option<PathBuf> {
        match self {
            Delivered::Saved(path) => Some(path.clone()),
            Delivered::Downloaded(_) => None,
        }
    }
}

/// Whether files and folders can be opened with the system's programs (not in a web page).
pub const CAN_OPEN: bool = cfg!(not(target_arch = "wasm32"));

/// Asks the player for a file to import (`filter` names the kind, `extensions` its endings);
/// `answer` gets the choice, and is not called when the player cancels.
#[cfg(not(target_arch = "wasm32"))]
pub fn choose_file(
    title: &str,
    filter: &str,
    extensions: &[&str],
    answer: impl FnOnce(Chosen) + Send + 'static,
) {
    let dialog = rfd::FileDialog::new().set_title(title).add_filter(filter, extensions);
    std::thread::spawn(move || {
        if let Some(path) = dialog.pick_file() {
            answer(Chosen::Path(path));
        }
    });
}

/// Asks the player for a file to import (`filter` names the kind, `extensions` its endings);
/// `answer` gets the choice, and is not called when the player cancels.
#[cfg(target_arch = "wasm32")]
pub fn choose_file(
    _title: &str,
    _filter: &str,
    extensions: &[&str],
    answer: impl FnOnce(Chosen) + Send + 'static,
) {
    let accept: Vec<String> = extensions.iter().map(|e| format!(".{e}")).collect();
    crate::web::pick_file(&accept.join(","), move |name, bytes| answer(Chosen::File { name, bytes }));
}

/// Gives the player a copy of a file: on the desktop a save dialog (named `file_name`) and an
/// atomic write there; in the page a download. `answer` gets where it went, or why it did not,
/// as a sentence fragment; it is not called when the player cancels.
#[cfg(not(target_arch = "wasm32"))]
pub fn export(
    title: &str,
    file_name: &str,
    (filter, extensions): (&str, &[&str]),
    bytes: Vec<u8>,
    answer: impl FnOnce(Result<Delivered, String>) + Send + 'static,
) {
    let dialog =
        rfd::FileDialog::new().set_title(title).set_file_name(file_name).add_filter(filter, extensions);
    std::thread::spawn(move || {
        if let Some(path) = dialog.save_file() {
            answer(
                crate::store::write_output(&path, &bytes)
                    .map(|()| Delivered::Saved(path))
                    .map_err(|e| e.to_string()),
            );
        }
    });
}

/// Gives the player a copy of a file: on the desktop a save dialog (named `file_name`) and an
/// atomic write there; in the page a download. `answer` gets where it went, or why it did not,
/// as a sentence fragment; it is not called when the player cancels.
#[cfg(target_arch = "wasm32")]
#[expect(
    clippy::needless_pass_by_value,
    reason = "the desktop's signature, which moves the bytes to the dialog's thread"
)]
pub fn export(
    _title: &str,
    file_name: &str,
    (_filter, extensions): (&str, &[&str]),
    bytes: Vec<u8>,
    answer: impl FnOnce(Result<Delivered, String>) + Send + 'static,
) {
    let mime = if extensions.contains(&"pdf") { "application/pdf" } else { "application/json" };
    answer(
        crate::web::download(file_name, mime, &bytes).map(|()| Delivered::Downloaded(file_name.to_owned())),
    );
}

/// Hands a printout to the player: on the desktop it is written to `path` (the system's
/// prints folder), to open from the app; in the page it is downloaded under the same name.
///
/// # Errors
/// When it cannot be written (or the browser refuses the download), as a sentence fragment.
pub fn deliver_print(path: &Path, pdf: &[u8]) -> Result<Delivered, String> {
    if cfg!(target_arch = "wasm32") {
        let name = path.file_name().map_or_else(|| "posse.pdf".into(), |n| n.to_string_lossy().into_owned());
        download(&name, "application/pdf", pdf).map(|()| Delivered::Downloaded(name))
    } else {
        crate::store::write_output(path, pdf)
            .map(|()| Delivered::Saved(path.to_owned()))
            .map_err(|e| e.to_string())
    }
}

/// Opens a file or a folder with the system's program.
///
/// # Errors
/// When there is no program for it, or (in a web page) no way to open files.
pub fn open(path: &Path) -> Result<(), String> {
    #[cfg(not(target_arch = "wasm32"))]
    return open::that_detached(path).map_err(|e| e.to_string());
    #[cfg(target_arch = "wasm32")]
    return Err(format!("a web page cannot open {}", path.display()));
}

#[cfg(target_arch = "wasm32")]
fn download(name: &str, mime: &str, bytes: &[u8]) -> Result<(), String> {
    crate::web::download(name, mime, bytes)
}

#[cfg(not(target_arch = "wasm32"))]
fn download(_name: &str, _mime: &str, _bytes: &[u8]) -> Result<(), String> {
    Err("there is no browser to download to".into())
}
