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

/// The names of the games Posse hosts, as code and words spell them: every system's id and
/// title from the registry, and the names inside those titles.
fn game_names() -> Vec<String> {
    let mut names: Vec<String> =
        ["dead man", "deadlands", "fragmaster", "frag", "savage"].map(String::from).to_vec();
    for system in posse::systems::ALL {
        names.push(system.id.to_lowercase());
        names.push(system.title.to_lowercase());
    }
    names
}

/// English words that start like a game's name (`fragment` is no Frag).
const ENGLISH: &[&str] = &["fragment", "fragil", "fragran", "fragrant"];

/// The game names in `line`: a name counts where it starts a word (so `DmhApp`, `dmh::` and
/// `Frag's` count, and `fragment` does not).
fn names_in(line: &str, names: &[String]) -> Vec<String> {
    let lower = line.to_lowercase();
    let mut found = Vec::new();
    for name in names {
        for (at, _) in lower.match_indices(name.as_str()) {
            let starts_word = lower[..at].chars().next_back().is_none_or(|c| !c.is_alphanumeric());
            let english = ENGLISH.iter().any(|word| lower[at..].starts_with(word));
            if starts_word && !english && !found.contains(name) {
                found.push(name.clone());
            }
        }
    }
    found
}

/// Every `.rs` file under `dirs`, each folder checked to exist and hold some.
fn files_under(dirs: &[&str]) -> Vec<std::path::PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut all = Vec::new();
    for dir in dirs {
        let mut files = Vec::new();
        rust_files(&root.join(dir), &mut files);
        assert!(!files.is_empty(), "{dir} has source files");
        all.extend(files);
    }
    all
}

/// Issue 19: the shells and the shared layers never name a game, and the shared layers never
/// import the systems, so adding a game is a folder and a line in the registry, and a change
/// to one game cannot reach into them. Every line counts, comments and unit tests too: none
/// needs a game's name (a test of the shell uses a test system, a test of the store its own
/// folder names and events), and an exemption would let a game's special case back in.
///
/// Beyond the list: `src/session` (the shared table session) and `src/host` (what a
/// system brings the shells: `System`, `SystemApp`, `Output`/`Failure`) are shared layers
/// too; and the shells `src/app` and `src/cli` are handed the registry by `main` and the web
/// page, so they do not import the systems either.
#[test]
fn the_shells_and_shared_layers_never_name_a_game_nor_import_the_systems() {
    let names = game_names();
    assert_eq!(
        names_in("DmhApp, `frag::cli`, Frag's fighters, a fragment, fragile", &names),
        ["frag", "dmh"]
    );
    let titles = names_in("Dead Man's Hand's gangs; Deadlands' combatants; Savage Worlds", &names);
    assert!(["dead man", "deadlands", "savage"].iter().all(|n| titles.iter().any(|t| t == n)), "{titles:?}");
    let mut offences = Vec::new();
    let unnamed = [
        "src/app",
        "src/cli",
        "src/store",
        "src/ui",
        "src/print",
        "src/kernel",
        "src/session",
        "src/host",
        "src/share",
    ];
    for file in files_under(&unnamed) {
        let text = std::fs::read_to_string(&file).expect("readable source");
        for (n, line) in text.lines().enumerate() {
            for name in names_in(line, &names) {
                offences.push(format!("{}:{}: names {name:?}", file.display(), n + 1));
            }
        }
    }
    let below = [
        "src/store",
        "src/kernel",
        "src/print",
        "src/ui",
        "src/session",
        "src/host",
        "src/app",
        "src/cli",
        "src/share",
    ];
    for file in files_under(&below) {
        let text = std::fs::read_to_string(&file).expect("readable source");
        for (n, line) in text.lines().enumerate() {
            if line.contains("systems::") {
                offences.push(format!("{}:{}: imports the systems", file.display(), n + 1));
            }
        }
        // `use crate::{…, systems, …};`, over several lines.
        for group in text.split("use crate::{").skip(1) {
            let inside = group.split("};").next().unwrap_or("");
            if inside.split(|c: char| !c.is_alphanumeric() && c != '_').any(|word| word == "systems") {
                offences.push(format!("{}: imports the systems in use crate::{{…}}", file.display()));
            }
        }
    }
    assert!(
        offences.is_empty(),
        "the shells and shared layers must not name a game:\n{}",
        offences.join("\n")
    );
}
