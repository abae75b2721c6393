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
