//! The architecture invariant: the pure cores (the kernel, and every system's rules and game
//! log) never touch egui, eframe, the file system, the environment or the clock.

use std::path::Path;

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn the_core_never_mentions_ui_or_file_system_crates() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    let mut cores = vec!["src/kernel".to_owned()];
    for system in posse::systems::ALL {
        for part in ["rules", "game"] {
            let dir = format!("src/systems/{}/{part}", system.id);
            assert!(root.join(&dir).is_dir(), "{dir} is a folder");
            cores.push(dir);
        }
    }
    for core in &cores {
        rust_files(&root.join(core), &mut files);
    }
    assert!(files.len() > cores.len(), "the cores have source files");
    let forbidden = ["egui", "eframe", "std::fs", "directories", "std::env", "SystemTime", "Instant::now"];
    let mut offences = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("readable source");
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            for word in forbidden {
                if code.contains(word) {
                    offences.push(format!("{}:{}: {word}", file.display(), n + 1));
                }
            }
        }
    }
    assert!(offences.is_empty(), "the pure core must not do UI or IO:\n{}", offences.join("\n"));
}

/// The web page runs the same screens: every file the app reads or writes goes through
/// `posse::store` (files on the desktop, the browser's storage in the page) and every file the
/// player hands over or takes away through `posse::app::files` (dialogs on the desktop, the
/// file picker and downloads in the page). So no screen or app module of any system, and no
/// shared shell code, names the file system or a dialog itself.
#[test]
fn screens_reach_files_only_through_the_store() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut dirs = vec!["src/app".to_owned(), "src/ui".to_owned()];
    for system in posse::systems::ALL {
        for part in ["app", "ui"] {
            dirs.push(format!("src/systems/{}/{part}", system.id));
        }
    }
    let mut files = Vec::new();
    for dir in &dirs {
        rust_files(&root.join(dir), &mut files);
    }
    // The one place that is the platform's dialogs.
    files.retain(|f| !f.ends_with("src/app/files.rs"));
    assert!(!files.is_empty(), "the screens have source files");
    let forbidden = ["std::fs", "rfd::", "open::", "directories::", "File::open", "File::create"];
    let mut offences = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("readable source");
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            for word in forbidden.iter().filter(|w| code.contains(**w)) {
                offences.push(format!("{}:{}: {word}", file.display(), n + 1));
            }
        }
    }
    assert!(offences.is_empty(), "use crate::store and crate::app::files instead:\n{}", offences.join("\n"));
}

/// The standard clock panics in the web page (`time not implemented on this platform`) and a
/// panic there stops the page for good, so every read of the clock in the crate goes through
/// `posse::clock` (`web_time`: the standard clock on the desktop, the browser's in the page).
/// Tests (after a `#[cfg(test)]`) may use what they like.
#[test]
fn app_code_reads_the_clock_only_through_posse_clock() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    files.retain(|f| !f.ends_with("src/clock.rs"));
    assert!(files.len() > 100, "the crate's source files were found");
    let forbidden = ["SystemTime", "Instant::now", "time::Instant", "std::time::", "web_time::"];
    // What of `std::time` is no clock: a length of time, and 1970 as a file's time of change.
    let allowed = ["std::time::Duration", "std::time::UNIX_EPOCH"];
    let mut offences = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("readable source");
        let lines: Vec<&str> = text.lines().collect();
        for (n, line) in lines.iter().enumerate() {
            // The unit tests at the foot of a file.
            let next = lines.get(n + 1).map_or("", |l| l.trim_start());
            if line.trim_start().starts_with("#[cfg(test)]") && next.starts_with("mod ") {
                break;
            }
            let mut code = line.split("//").next().unwrap_or("").to_owned();
            for ok in allowed {
                code = code.replace(ok, "");
            }
            let clock = forbidden.iter().find(|w| code.contains(**w));
            if let Some(word) = clock {
                offences.push(format!("{}:{}: {word}", file.display(), n + 1));
            }
        }
    }
    assert!(offences.is_empty(), "read the clock through posse::clock:\n{}", offences.join("\n"));
}
