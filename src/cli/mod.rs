//! The `posse` command line: `posse <system> <command>` for every system in the registry it
//! is handed (a list of [`System`]s), the commands of the system that has them also at the
//! top level ([`System::top_level`]), and `posse systems`.
//!
//! This is a public contract (players script it): subcommand names, flags and JSON keys are
//! only ever added, never renamed or removed. Exit codes: 0 success (for `gang check`, a legal
//! gang), 1 the rules refuse (a value outside the rules' limits, an illegal gang), 2 the
//! input is malformed or unreadable. Every failure prints one sentence on stderr, and with
//! `--json` also `{"error": "…"}` on stdout. This shell parses, dispatches to the system's
//! group and prints; each system's `cli` module does the work.
//!
//! [`execute`] returns the exit code, stdout and stderr without printing
//! ([`execute_with_progress`] also hands over a long command's progress lines as they come),
//! so the tests run the command line in-process. `serve.rs` is `posse serve`.

use std::ffi::OsString;
use std::process::ExitCode;

use serde_json::{Value, json};

use crate::host::{self, Context, Failure, Output, System};
use crate::store;

mod serve;

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

/// `text` with every control character but line breaks and tabs escaped (`\u{1b}`).
fn printable(text: &str) -> String {
    text.chars()
        .flat_map(|c| {
            if c.is_control() && !matches!(c, '\n' | '\t') { c.escape_default().collect() } else { vec![c] }
        })
        .collect()
}

/// Runs the command line of the game systems `systems` with `args` (including the program
/// name), printing as it goes, and
/// returns the exit code. A closed stdout (`posse … | head -c1`) ends it quietly; a stdout that
/// cannot be written (a full disk) is one sentence on stderr and exit code 2.
#[must_use]
#[expect(clippy::needless_pass_by_value, reason = "the arguments as std::env::args_os gives them")]
pub fn run(systems: &[System], args: Vec<OsString>, data: Option<store::DataDir>) -> ExitCode {
    use std::io::{ErrorKind, Write as _};
    let mut out = std::io::stdout().lock();
    let (mut code, stdout, mut stderr) = execute_with(systems, &args, &mut out, data.as_ref());
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

/// Runs the command line of the game systems `systems` and returns the exit code, stdout and
/// stderr, without printing.
#[must_use]
#[expect(clippy::needless_pass_by_value, reason = "the arguments as std::env::args_os gives them")]
pub fn execute(systems: &[System], args: Vec<OsString>) -> (u8, String, String) {
    execute_with(systems, &args, &mut std::io::sink(), None)
}

/// [`execute`], with the lines `game simulate` prints as it saves each event written to
/// `progress` as they come (they must reach the reader before the command ends): what the
/// binary prints is `progress`, then the stdout returned, then a newline.
#[must_use]
pub fn execute_with_progress(
    systems: &[System],
    args: &[OsString],
    progress: &mut dyn std::io::Write,
) -> (u8, String, String) {
    execute_with(systems, args, progress, None)
}

/// Runs the command line; `progress` gets the lines `game simulate` prints as it saves each
/// event (they must reach the reader before the command ends).
fn execute_with(
    systems: &[System],
    args: &[OsString],
    progress: &mut dyn std::io::Write,
    data: Option<&store::DataDir>,
) -> (u8, String, String) {
    let wants_json = args.iter().skip(1).any(|a| a == "--json");
    let matches = match command(systems).try_get_matches_from(args) {
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
                missing_subcommand(systems, args)
            } else if let Some(sentence) = bad_number(&err) {
                format!("{sentence} (see {} --help)", command_path(systems, args))
            } else {
                let sentence = clap_sentence(&err.render().to_string(), args);
                format!("{sentence}{} (see {} --help)", suggestion(&err), command_path(systems, args))
            };
            return failure(&Failure::malformed(message), wants_json);
        }
    };
    let json = matches.get_flag("json");
    let mut context = Context { json, progress: if json { None } else { Some(progress) } };
    let result = match matches.subcommand() {
        Some(("systems", _)) => Ok(systems_list(systems)),
        Some(("serve", sub)) => serve::run(systems, sub, &mut context, data),
        Some((id, sub)) => match host::by_id(systems, id) {
            Some(system) => (system.run)(sub, &mut context),
            // Not a group: a command at the top level, which clap found among the commands of
            // the system that has them there.
            None => match systems.iter().find(|s| s.top_level.is_some()) {
                Some(system) => (system.run)(&matches, &mut context),
                None => Err(Failure::malformed(missing_subcommand(systems, args))),
            },
        },
        None => Err(Failure::malformed(missing_subcommand(systems, args))),
    };
    match result {
        Ok(out) => {
            let stdout = if json {
                serde_json::to_string_pretty(&out.json).unwrap_or_default()
            } else {
                // A name from a file shared between players may hold a terminal's escape codes
                // (colours, a cleared screen): they are written as text, never sent. Line
                // breaks and tabs are the output's own.
                printable(out.text.trim_end())
            };
            (out.code, stdout, out.note)
        }
        Err(f) => failure(&f, json),
    }
}

/// The whole command line of the game systems `systems`: the commands of the system that has
/// them at the top level (as before there were other systems), one group per system, and
/// `posse systems`. The one definition behind `posse … --help` and `docs/cli.md` (written from
/// it by `tests/docs.rs`).
#[must_use]
pub fn command(systems: &[System]) -> clap::Command {
    let mut top =
        clap::Command::new("posse").version(env!("CARGO_PKG_VERSION")).subcommand_required(true).arg(
            clap::Arg::new("json")
                .long("json")
                .global(true)
                .action(clap::ArgAction::SetTrue)
                .help("Print JSON instead of text"),
        );
    for top_level in systems.iter().filter_map(|s| s.top_level) {
        top = top_level(top);
    }
    // After the systems' top-level commands, whose derive would put its own about in its place.
    top = top.about(
        "Posse: the table-side companion for miniatures and board games played on a real table. Run with no arguments to open the app.",
    );
    for system in systems {
        top = top.subcommand((system.command)());
    }
    let top = top
        .subcommand(clap::Command::new("systems").about("List the game systems Posse knows"))
        .subcommand(serve::command());
    negative_numbers_are_values(top)
}

/// Every option that takes a value takes one that starts with a minus and a digit
/// (`--distance -3`, `--shooter-under-fire -1`), in every command: such a value is the
/// option's, and is then refused by the option itself with its own sentence, where clap would
/// otherwise call it an unexpected argument.
fn negative_numbers_are_values(command: clap::Command) -> clap::Command {
    command
        .mut_args(|arg| if arg.get_action().takes_values() { arg.allow_negative_numbers(true) } else { arg })
        .mut_subcommands(negative_numbers_are_values)
}

/// `posse systems`: each system's id and title.
fn systems_list(systems: &[System]) -> Output {
    let text = systems.iter().map(|s| format!("{:<12}{}", s.id, s.title)).collect::<Vec<_>>().join("\n");
    let json = Value::Array(systems.iter().map(|s| json!({ "id": s.id, "title": s.title })).collect());
    Output::ok(text, json)
}

/// The command a command line names, as typed before its options and values (`posse
/// <group> <command>`): its words that are a command of the one before, from the top.
fn command_path(systems: &[System], args: &[OsString]) -> String {
    let mut current = command(systems);
    let mut path = vec!["posse".to_owned()];
    for arg in args.iter().skip(1).filter_map(|a| a.to_str()).filter(|a| !a.starts_with('-')) {
        let Some(next) = current.find_subcommand(arg).cloned() else { break };
        path.push(next.get_name().to_owned());
        current = next;
    }
    path.join(" ")
}

/// Clap's guess at the option, value or command meant (`--times` for `--time`), to end the
/// sentence with: empty when it has none.
fn suggestion(err: &clap::Error) -> String {
    use clap::error::{ContextKind, ContextValue};
    let guesses: Vec<String> =
        [ContextKind::SuggestedArg, ContextKind::SuggestedValue, ContextKind::SuggestedSubcommand]
            .into_iter()
            .filter_map(|kind| match err.get(kind) {
                Some(ContextValue::String(s)) => Some(vec![s.clone()]),
                Some(ContextValue::Strings(v)) => Some(v.clone()),
                _ => None,
            })
            .flatten()
            .map(|g| format!("'{}'", escape_controls(&g)))
            .collect();
    match guesses.as_slice() {
        [] => String::new(),
        [one] => format!(": the closest is {one}"),
        many => format!(": the closest are {}", many.join(", ")),
    }
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

/// The sentence for a value that is not the whole number its option counts, in words
/// rather than Rust's ("invalid digit found in string") or clap's ("-1 is not in
/// 0..=4294967295"): `None` for any other error.
fn bad_number(err: &clap::Error) -> Option<String> {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if err.kind() != ErrorKind::ValueValidation {
        return None;
    }
    let (Some(ContextValue::String(arg)), Some(ContextValue::String(value))) =
        (err.get(ContextKind::InvalidArg), err.get(ContextKind::InvalidValue))
    else {
        return None;
    };
    let source = std::error::Error::source(err)?;
    let reason = if let Some(e) = source.downcast_ref::<std::num::ParseIntError>() {
        match e.kind() {
            std::num::IntErrorKind::PosOverflow => "a whole number too large to count".to_owned(),
            std::num::IntErrorKind::NegOverflow => "a whole number too small to count".to_owned(),
            _ => "not a whole number".to_owned(),
        }
    } else {
        // clap's bounds of an unsigned count: "-1 is not in 0..=4294967295".
        let text = source.to_string();
        let (lowest, highest) = text.split_once(" is not in ")?.1.split_once("..=")?;
        let (lowest, highest) = (lowest.parse::<i128>().ok()?, highest.parse::<i128>().ok()?);
        let beyond = value.parse::<i128>().is_ok_and(|v| v > highest);
        match (highest >= i128::from(u32::MAX), beyond) {
            (true, true) => "a whole number too large to count".to_owned(),
            (true, false) => format!("not a whole number {lowest} or more"),
            (false, _) => format!("not a whole number from {lowest} to {highest}"),
        }
    };
    Some(format!("Invalid value '{}' for '{arg}': {reason}", escape_controls(value)))
}

/// The sentence for a command given without its subcommand (`posse scene`): the subcommands
/// it has, instead of clap's whole help.
fn missing_subcommand(systems: &[System], args: &[OsString]) -> String {
    let mut command = command(systems);
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

    /// A system for the shell's own tests: `posse echo say WORD [--times N]`, also at the top
    /// level (`posse say WORD`); a word starting with `no` is refused (exit 1).
    const TEST: &[System] = &[System {
        id: "echo",
        title: "Echo",
        blurb: "Says a word.",
        command: echo_group,
        run: echo_run,
        top_level: Some(echo_top_level),
        old_files: &[],
        app: echo_app,
        check: echo_check,
        serve: None,
    }];

    fn say() -> clap::Command {
        clap::Command::new("say")
            .about("Say a word")
            .arg(clap::Arg::new("word").required(true))
            .arg(clap::Arg::new("times").long("times").value_parser(clap::value_parser!(u8)))
    }

    fn echo_group() -> clap::Command {
        clap::Command::new("echo").about("A test system").subcommand_required(true).subcommand(say())
    }

    fn echo_top_level(top: clap::Command) -> clap::Command {
        top.subcommand(say())
    }

    fn echo_run(matches: &clap::ArgMatches, _context: &mut Context<'_>) -> Result<Output, Failure> {
        let Some(("say", say)) = matches.subcommand() else {
            return Err(Failure::malformed("no such command"));
        };
        let word = say.get_one::<String>("word").cloned().unwrap_or_default();
        if word.starts_with("no") {
            return Err(Failure::refused(format!("'{word}' is not a word I say")));
        }
        let times = say.get_one::<u8>("times").copied().unwrap_or(1);
        Ok(Output::ok(
            vec![word.as_str(); usize::from(times)].join(" "),
            json!({ "word": word, "times": times }),
        ))
    }

    fn echo_app(_data: Option<store::DataDir>) -> Box<dyn host::SystemApp> {
        Box::new(host::Unavailable { why: "it is a test".into() })
    }

    #[expect(clippy::unnecessary_wraps, reason = "the type of a system's check")]
    fn echo_check() -> Result<(), String> {
        Ok(())
    }

    fn run(args: &str) -> (u8, String, String) {
        let mut words = vec![OsString::from("posse")];
        words.extend(args.split_whitespace().map(OsString::from));
        execute(TEST, words)
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
    fn a_group_and_the_top_level_run_the_same_command() {
        assert_eq!(run("echo say hi --times 2"), (0, "hi hi".into(), String::new()));
        assert_eq!(run("say hi --times 2"), (0, "hi hi".into(), String::new()));
        assert_eq!(
            run("say hi --json"),
            (0, "{\n  \"times\": 1,\n  \"word\": \"hi\"\n}".into(), String::new())
        );
        assert_eq!(run("systems"), (0, "echo        Echo".into(), String::new()));
        assert_eq!(
            run("systems --json"),
            (0, "[\n  {\n    \"id\": \"echo\",\n    \"title\": \"Echo\"\n  }\n]".into(), String::new())
        );
        assert_eq!(
            run("echo"),
            (2, String::new(), "Posse echo needs a subcommand: say (see posse echo --help).".into())
        );
        assert_eq!(run("say nope"), (1, String::new(), "'nope' is not a word I say.".into()));
        assert_eq!(
            run("say nope --json"),
            (1, "{\"error\":\"'nope' is not a word I say.\"}".into(), "'nope' is not a word I say.".into())
        );
    }

    #[test]
    fn control_characters_are_escaped() {
        assert_eq!(escape_controls("Wy\natt\tEarp\u{1b}"), "Wy\\natt\\tEarp\\u{1b}");
        let (code, _, err) = execute(TEST, vec!["posse".into(), "say".into(), "no\nway".into()]);
        assert_eq!((code, err.as_str()), (1, "'no\\nway' is not a word I say."));
        let (code, _, err) =
            execute(TEST, vec!["posse".into(), "say".into(), "hi".into(), "--times".into(), "1\n2".into()]);
        assert_eq!(code, 2);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains("'1\\n2'"), "{err}");
    }

    #[test]
    fn help_exits_zero() {
        let (code, out, _) = run("--help");
        assert_eq!(code, 0);
        assert!(out.contains("Say a word"), "{out}");
    }

    #[test]
    fn a_count_given_a_negative_number_or_a_word_says_what_it_takes() {
        let (code, _, err) = run("say hi --times -1");
        assert_eq!(
            (code, err.as_str()),
            (
                2,
                "Invalid value '-1' for '--times <times>': not a whole number from 0 to 255 (see posse say --help)."
            )
        );
        let (code, _, err) = run("say hi --times 256");
        assert_eq!(
            (code, err.as_str()),
            (
                2,
                "Invalid value '256' for '--times <times>': not a whole number from 0 to 255 (see posse say --help)."
            )
        );
        let (code, _, err) = run("say hi --times ten");
        assert_eq!(
            (code, err.as_str()),
            (2, "Invalid value 'ten' for '--times <times>': not a whole number (see posse say --help).")
        );
    }

    #[test]
    fn a_slip_is_told_the_closest_name_and_the_commands_own_help() {
        assert_eq!(
            run("say hi --time 2"),
            (
                2,
                String::new(),
                "Unexpected argument '--time' found: the closest is '--times' (see posse say --help).".into()
            )
        );
        assert_eq!(
            run("echo sayy"),
            (
                2,
                String::new(),
                "Unrecognized subcommand 'sayy': the closest is 'say' (see posse echo --help).".into()
            )
        );
        assert_eq!(
            run("say hi there"),
            (2, String::new(), "Unexpected argument 'there' found (see posse say --help).".into())
        );
        assert_eq!(
            run("--jsn"),
            (
                2,
                String::new(),
                "Unexpected argument '--jsn' found: the closest is '--json' (see posse --help).".into()
            )
        );
    }

    #[test]
    fn clap_errors_are_one_sentence_with_exit_two() {
        let (code, out, err) = run("say hi --times ten --json");
        assert_eq!(code, 2);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.ends_with('.'), "{err}");
        let v: Value = serde_json::from_str(&out).expect("json error");
        assert!(v["error"].as_str().is_some_and(|e| e.contains("ten")), "{v}");
    }
}
