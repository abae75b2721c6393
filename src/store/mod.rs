//! The only code that touches the file system: reading and writing the player's files.
//!
//! Every failure becomes a [`StoreError`] whose message names the file and says what to do,
//! so the command line and the app can show it as it is.

use std::path::{Path, PathBuf};

use crate::rules::gang::GangFile;

/// A file could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("cannot read {path}: {reason}")]
    Unreadable { path: PathBuf, reason: String },
    #[error("{path} is not a gang file: {reason}")]
    NotAGang { path: PathBuf, reason: String },
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

fn io_reason(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "there is no such file".into(),
        std::io::ErrorKind::PermissionDenied => "permission denied".into(),
        std::io::ErrorKind::InvalidData => "it is not text (UTF-8)".into(),
        _ => e.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(err.to_string(), "cannot read /nonexistent/posse/gang.json: there is no such file");
    }
}
