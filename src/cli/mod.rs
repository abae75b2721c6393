//! The `posse` command line: `posse <system> <command>` for every system in the registry
//! ([`crate::systems::ALL`]), Dead Man's Hand's commands also at the top level (`posse shoot`
//! is `posse dmh shoot`), and `posse systems`.
//!
//! This is a public contract (players script it): subcommand names, flags and JSON keys are
//! only ever added, never renamed or removed. Exit codes: 0 success (for `gang check`, a legal
//! gang), 1 the rules refuse (a value outside the rules' limits, an illegal gang), 2 the
//! input is malformed or unreadable. Every failure prints one sentence on stderr, and with
//! `--json` also `{"error": "…"}` on stdout. This shell parses, dispatches to the system's
//! group and prints; each system's `cli` module does the work.

use std::ffi::OsString;
use std::process::ExitCode;

use serde::Serialize;
use serde_json::{Value, json};

use crate::store;
use crate::systems;

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

/// `message` as a sentence: a capital first letter (unless it starts with a file's name, which
/// keeps its case) and a full stop.
fn sentence(message: &str, capitalise: bool) -> String {
    let trimmed = message.trim();
    let mut s = String::new();
    let mut chars = trimmed.chars();
    if let Some(first) = chars.next() {
        if capitalise {
            s.extend(first.to_uppercase());
        } else {
            s.push(first);
        }
        s.push_str(chars.as_str());
    }
    if !s.ends_with(['.', '!', '?']) {
        s.push('.');
    }
    s
}

/// `text` with its control characters (a newline in a name) and line separators escaped, so a
/// message stays on one line.
fn escape_controls(text: &str) -> String {
    text.chars()
        .flat_map(|c| {
            if c.is_control() || matches!(c, '\u{2028}' | '\u{2029}') {
                c.escape_default().collect()
            } else {
                vec![c]
            }
        })
        .collect()
}

/// Runs the command line with `args` (including the program name), printing as it goes, and
/// returns the exit code. A closed stdout (`posse … | head -c1`) ends it quietly; a stdout that
/// cannot be written (a full disk) is one sentence on stderr and exit code 2.
#[must_use]
#[expect(clippy::needless_pass_by_value, reason = "the arguments as std::env::args_os gives them")]
pub fn run(args: Vec<OsString>) -> ExitCode {
    use std::io::{ErrorKind, Write as _};
    let mut out = std::io::stdout().lock();
    let (mut code, stdout, mut stderr) = execute_with(&args, &mut out);
    let printed =
        if stdout.is_empty() { Ok(()) } else { writeln!(out, "{stdout}").and_then(|()| out.flush()) };
    if let Err(e) = printed
        && e.kind() != ErrorKind::BrokenPipe
        && stderr.is_empty()
    {
        stderr = format!("Posse could not write its output: {}.", store::io_reason(&e));
        code = code.max(2);
    }
    if !stderr.is_empty() {
        // Nothing is left to tell if stderr cannot be written either.
        let _ = writeln!(std::io::stderr().lock(), "{stderr}");
    }
    ExitCode::from(code)
}

/// Runs the command line and returns the exit code, stdout and stderr, without printing.
#[must_use]
#[expect(clippy::needless_pass_by_value, reason = "the arguments as std::env::args_os gives them")]
pub fn execute(args: Vec<OsString>) -> (u8, String, String) {
    execute_with(&args, &mut std::io::sink())
}

/// Runs the command line; `progress` gets the lines `game simulate` prints as it saves each
/// event (they must reach the reader before the command ends).
fn execute_with(args: &[OsString], progress: &mut dyn std::io::Write) -> (u8, String, String) {
    let wants_json = args.iter().skip(1).any(|a| a == "--json");
    let matches = match command().try_get_matches_from(args) {
        Ok(matches) => matches,
        Err(err) => {
            use clap::error::ErrorKind;
            if matches!(err.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
                return (0, err.render().to_string().trim_end().to_owned(), String::new());
            }
            let message = if matches!(
                err.kind(),
                ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand | ErrorKind::MissingSubcommand
            ) {
                missing_subcommand(args)
            } else {
                format!("{} (see posse --help)", clap_sentence(&err.render().to_string(), args))
            };
            return failure(&Failure::malformed(message), wants_json);
        }
    };
    let json = matches.get_flag("json");
    let mut context = Context { json, progress: if json { None } else { Some(progress) } };
    let result = match matches.subcommand() {
        Some(("systems", _)) => Ok(systems_list()),
        Some((id, sub)) => match systems::by_id(id) {
            Some(system) => (system.run)(sub, &mut context),
            // Dead Man's Hand's commands answer at the top level too (`posse shoot …`).
            None => (systems::dmh::SYSTEM.run)(&matches, &mut context),
        },
        None => Err(Failure::malformed(missing_subcommand(args))),
    };
    match result {
        Ok(out) => {
            let stdout = if json {
                serde_json::to_string_pretty(&out.json).unwrap_or_default()
            } else {
                out.text.trim_end().to_owned()
            };
            (out.code, stdout, out.note)
        }
        Err(f) => failure(&f, json),
    }
}

/// The whole command line: Dead Man's Hand's commands at the top level (as before there were
/// other systems), one group per system, and `posse systems`. The one definition behind
/// `posse … --help` and `docs/cli.md` (written from it by `tests/docs.rs`).
#[must_use]
pub fn command() -> clap::Command {
    let mut top = clap::Command::new("posse")
        .version(env!("CARGO_PKG_VERSION"))
        .about("Posse: the table-side companion for miniatures and board games played on a real table. Run with no arguments to open the app.")
        .subcommand_required(true)
        .arg(
            clap::Arg::new("json")
                .long("json")
                .global(true)
                .action(clap::ArgAction::SetTrue)
                .help("Print JSON instead of text"),
        );
    top = systems::dmh::cli::top_level(top);
    for system in systems::ALL {
        top = top.subcommand((system.command)());
    }
    top.subcommand(clap::Command::new("systems").about("List the game systems Posse knows"))
}

/// `posse systems`: each system's id and title.
fn systems_list() -> Output {
    let text = systems::ALL.iter().map(|s| format!("{:<12}{}", s.id, s.title)).collect::<Vec<_>>().join("\n");
    let json = Value::Array(systems::ALL.iter().map(|s| json!({ "id": s.id, "title": s.title })).collect());
    Output::ok(text, json)
}

/// Clap's first line plus the indented lines that continue it (the missing arguments), as
/// one sentence without the final full stop. Arguments with control characters in them are
/// escaped first, so a value with a newline does not cut the sentence.
fn clap_sentence(rendered: &str, args: &[OsString]) -> String {
    let mut rendered = rendered.to_owned();
    for arg in args.iter().filter_map(|a| a.to_str()).filter(|a| *a != escape_controls(a)) {
        rendered = rendered.replace(arg, &escape_controls(arg));
    }
    let mut lines = rendered.lines();
    let first = lines.next().unwrap_or("the command line could not be read");
    let mut text = first.strip_prefix("error: ").unwrap_or(first).trim().to_owned();
    for line in lines.take_while(|l| l.starts_with([' ', '\t'])) {
        text.push(' ');
        text.push_str(line.trim());
    }
    sentence(&text, true).trim_end_matches('.').to_owned()
}

/// The sentence for a command given without its subcommand (`posse scene`): the subcommands
/// it has, instead of clap's whole help.
fn missing_subcommand(args: &[OsString]) -> String {
    let mut command = command();
    let mut path = vec!["posse".to_owned()];
    for arg in args.iter().skip(1).filter_map(|a| a.to_str()) {
        if let Some(sub) = command.find_subcommand(arg).cloned() {
            path.push(sub.get_name().to_owned());
            command = sub;
        }
    }
    let names: Vec<&str> =
        command.get_subcommands().map(clap::Command::get_name).filter(|n| *n != "help").collect();
    let path = path.join(" ");
    let list = match names.as_slice() {
        [] => String::new(),
        [one] => (*one).to_owned(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    };
    format!("{path} needs a subcommand: {list} (see {path} --help)")
}

/// A failure as the command line reports it: exit code, `{"error"}` on stdout with `--json`,
/// and one sentence on stderr.
fn failure(f: &Failure, json: bool) -> (u8, String, String) {
    let message = escape_controls(&sentence(&f.message, !f.starts_with_file));
    let stdout = if json { json!({ "error": message }).to_string() } else { String::new() };
    (f.code, stdout, message)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(args: &str) -> (u8, String, String) {
        let mut words = vec![OsString::from("posse")];
        words.extend(args.split_whitespace().map(OsString::from));
        execute(words)
    }

    #[test]
    fn sentences_are_capitalised_and_end_with_a_full_stop() {
        assert_eq!(sentence("a d20 shows 1 to 20", true), "A d20 shows 1 to 20.");
        assert_eq!(sentence("Done.", true), "Done.");
        assert_eq!(sentence("bad.json is not a gang file", false), "bad.json is not a gang file.");
    }

    #[test]
    fn a_message_starting_with_a_file_keeps_its_case() {
        let missing = Failure::file(store::StoreError::Invalid {
            path: "bad.json".into(),
            what: "a gang file",
            reason: "x".into(),
        });
        assert_eq!(failure(&missing, false).2, "bad.json is not a gang file: x.");
        let unreadable =
            Failure::file(store::StoreError::Unreadable { path: "bad.json".into(), reason: "x".into() });
        assert_eq!(failure(&unreadable, false).2, "Cannot read bad.json: x.");
        let inside = Failure::in_file(std::path::Path::new("gangs/a.json"), "'x' is not a gang");
        assert_eq!(failure(&inside, false).2, "gangs/a.json: 'x' is not a gang.");
    }

    #[test]
    fn control_characters_are_escaped() {
        assert_eq!(escape_controls("Wy\natt\tEarp\u{1b}"), "Wy\\natt\\tEarp\\u{1b}");
        let (code, _, err) = execute(vec!["posse".into(), "deck".into(), "law\nmen".into(), "half".into()]);
        assert_eq!(
            (code, err.as_str()),
            (2, "'law\\nmen' is not a gang: use lawmen, outlaws, cowboys or desperados.")
        );
        let (code, _, err) = execute(vec![
            "posse".into(),
            "shoot".into(),
            "--weapon".into(),
            "pistol".into(),
            "--distance".into(),
            "1\n2".into(),
        ]);
        assert_eq!(code, 2);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains("'1\\n2'"), "{err}");
    }

    #[test]
    fn help_exits_zero() {
        let (code, out, _) = run("--help");
        assert_eq!(code, 0);
        assert!(out.contains("shoot"));
    }

    #[test]
    fn clap_errors_are_one_sentence_with_exit_two() {
        let (code, out, err) = run("shoot --weapon pistol --distance ten --json");
        assert_eq!(code, 2);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.ends_with('.'), "{err}");
        let v: Value = serde_json::from_str(&out).expect("json error");
        assert!(v["error"].as_str().is_some_and(|e| e.contains("ten")));
    }

    #[test]
    fn nerve_accepts_the_plus_form() {
        let (code, out, _) = run("nerve --nerve 4+ --json");
        assert_eq!(code, 0);
        let v: Value = serde_json::from_str(&out).expect("json");
        assert_eq!(v["needed"], 4);
    }
}
