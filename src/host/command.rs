//! What a system's command-line group is run with and returns: the [`Context`], its
//! [`Output`] or its [`Failure`] (exit code and one sentence), printed by the shell
//! (`crate::cli`).

use serde::Serialize;
use serde_json::Value;

use crate::store;

/// What a system's command is run with.
pub struct Context<'a> {
    /// `--json` was given.
    pub json: bool,
    /// Where long-running commands report progress (`game simulate`), when the output is
    /// text.
    pub progress: Option<&'a mut dyn std::io::Write>,
}

/// A failure with its exit code and one sentence for the player.
#[derive(Debug)]
pub struct Failure {
    pub code: u8,
    pub message: String,
    /// The message starts with a file's name, which keeps its case (`bad.json is not…`).
    pub starts_with_file: bool,
}

impl Failure {
    #[expect(clippy::needless_pass_by_value, reason = "used as map_err(Failure::refused) on owned errors")]
    pub fn refused(message: impl ToString) -> Failure {
        Failure { code: 1, message: message.to_string(), starts_with_file: false }
    }

    #[expect(clippy::needless_pass_by_value, reason = "used as map_err(Failure::malformed) on owned errors")]
    pub fn malformed(message: impl ToString) -> Failure {
        Failure { code: 2, message: message.to_string(), starts_with_file: false }
    }

    /// A file that cannot be read, written or used (exit 2).
    #[expect(clippy::needless_pass_by_value, reason = "used as map_err(Failure::file) on owned errors")]
    #[must_use]
    pub fn file(error: store::StoreError) -> Failure {
        let message = error.to_string();
        let starts_with_file =
            error.path().is_some_and(|path| message.starts_with(path.display().to_string().as_str()));
        Failure { code: 2, message, starts_with_file }
    }

    /// Something wrong in a file, after its name: `bad.json: 'x' is not a gang` (exit 2).
    pub fn in_file(path: &std::path::Path, what: impl std::fmt::Display) -> Failure {
        Failure { code: 2, message: format!("{}: {what}", path.display()), starts_with_file: true }
    }

    /// This failure, whose message starts with a file's name or a name the player typed
    /// (`ann is given two cards`): its first letter keeps its case.
    #[must_use]
    pub fn keeping_case(self) -> Failure {
        Failure { starts_with_file: true, ..self }
    }
}

/// What a command prints on success: text, JSON, and the exit code.
pub struct Output {
    pub text: String,
    pub json: Value,
    pub code: u8,
    /// The sentence on stderr when the code is not 0 (the output itself is on stdout).
    pub note: String,
}

impl Output {
    /// A success with its text and JSON.
    #[must_use]
    pub fn ok(text: String, json: Value) -> Output {
        Output { text, json, code: 0, note: String::new() }
    }
}

/// Any serialisable value as JSON (null if it cannot be).
pub fn to_json(value: &impl Serialize) -> Value {
    serde_json::to_value(value).unwrap_or(Value::Null)
}
