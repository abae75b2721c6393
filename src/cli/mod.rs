//! The `posse` command line: thin wrappers that parse arguments, call the rules and print.
//!
//! This is a public contract (players script it): subcommand names, flags and JSON keys are
//! only ever added, never renamed or removed. Exit codes: 0 success (for `gang check`, a legal
//! gang), 1 the rules refuse (a value outside the rules' limits, an illegal gang), 2 the
//! input is malformed or unreadable. Every failure prints one sentence on stderr, and with
//! `--json` also `{"error": "…"}` on stdout.

mod text;

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};
use serde::Serialize;
use serde_json::{Value, json};

use crate::print::{self, Paper, roster};
use crate::rules::cards::{self, Card, Colour};
use crate::rules::data::{DeckKind, Role};
use crate::rules::gang;
use crate::rules::initiative::{self, Placed, Side};
use crate::rules::melee::{self, Fighter};
use crate::rules::nerve::{self, BigNerveInput, NerveInput, TestResult};
use crate::rules::shooting::{self, ShotInput};
use crate::rules::{Rules, embedded};
use crate::store;

#[derive(Parser, Debug)]
#[command(
    name = "posse",
    version,
    about = "Posse: the table-side companion for Dead Man's Hand. Run with no arguments to open the app."
)]
struct Cli {
    /// Print JSON instead of text.
    #[arg(long, global = true)]
    json: bool,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// List the cards of a side's deck.
    Deck(DeckArgs),
    /// Work out a shot's modifier and odds, and its result for a roll.
    Shoot(ShootArgs),
    /// Work out a nerve test.
    Nerve(NerveArgs),
    /// Work out a Big Nerve test.
    BigNerve(BigNerveArgs),
    /// Work out a hand-to-hand roll-off.
    Melee(MeleeArgs),
    /// Put initiative cards in activation order and say who may switch.
    Initiative(InitiativeArgs),
    /// Gang files.
    #[command(subcommand)]
    Gang(GangCommand),
    /// The scenes of the four storylines.
    #[command(subcommand)]
    Scene(SceneCommand),
    /// The quick-reference sheet.
    #[command(subcommand)]
    Reference(ReferenceCommand),
    /// Game journals (event logs).
    #[command(subcommand)]
    Game(GameCommand),
}

#[derive(Subcommand, Debug)]
enum GameCommand {
    /// Plays random legal events of a Showdown into a journal, one line per event, printing
    /// `applied N` after each has been written (for crash tests and timing).
    Simulate {
        /// The journal file; an existing one is resumed.
        #[arg(long)]
        journal: PathBuf,
        /// How many events to add.
        #[arg(long)]
        events: u64,
        /// The seed of a new game.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Replays a journal and says where the game stands.
    Replay {
        /// The journal file.
        #[arg(long)]
        journal: PathBuf,
    },
}

#[derive(Args, Debug)]
struct DeckArgs {
    /// lawmen, outlaws, cowboys or desperados.
    gang: String,
    /// half (14 cards), full (23) or duel (26).
    kind: String,
    /// good or bad: decides the joker (default: the gang's usual role).
    #[arg(long)]
    role: Option<String>,
    /// red or black: the colour of the number cards when both gangs share a colour
    /// (default: the gang's own colour).
    #[arg(long)]
    numbers: Option<String>,
}

#[derive(Args, Debug)]
#[expect(clippy::struct_excessive_bools, reason = "one flag per toggle on the command line")]
struct ShootArgs {
    /// pistol, rifle, repeater, shotgun or both-barrels.
    #[arg(long)]
    weapon: String,
    /// Measured distance in cm.
    #[arg(long, value_parser = parse_distance)]
    distance: f64,
    /// Which shot of the activation this is (1 to 3).
    #[arg(long, default_value_t = 1)]
    shot: u32,
    /// Aim actions declared before the model's first shot (0 to 2); they help shot 1 only.
    #[arg(long, default_value_t = 0)]
    aim: u32,
    /// Move actions the shooter declared (0 to 2).
    #[arg(long, default_value_t = 0)]
    shooter_moves: u32,
    /// The shooter is mounted.
    #[arg(long)]
    shooter_mounted: bool,
    /// Under fire markers on the shooter.
    #[arg(long, default_value_t = 0)]
    shooter_under_fire: u32,
    /// The shooter's Shoot value (-1 to 2).
    #[arg(long, default_value_t = 0, allow_negative_numbers = true)]
    skill: i32,
    /// The shooter is a Boss.
    #[arg(long)]
    shooter_boss: bool,
    /// Move actions the target made (or declared, for a quick shot) (0 to 3).
    #[arg(long, default_value_t = 0)]
    target_moves: u32,
    /// The target is behind substantial cover.
    #[arg(long)]
    cover: bool,
    /// The target is a Boss.
    #[arg(long)]
    target_boss: bool,
    /// The target is mounted.
    #[arg(long)]
    target_mounted: bool,
    /// The line of sight crosses another model's base.
    #[arg(long)]
    obscured: bool,
    /// The Black Joker was played this turn (+1 to every shot).
    #[arg(long)]
    black_joker: bool,
    /// The natural d20 roll (1 to 20), to get the result.
    #[arg(long)]
    roll: Option<u32>,
}

#[derive(Args, Debug)]
struct NerveArgs {
    /// The model's Nerve value, e.g. 4 or 4+.
    #[arg(long, value_parser = parse_nerve)]
    nerve: u32,
    /// Under fire markers on the model, including any just received.
    #[arg(long, default_value_t = 0)]
    under_fire: u32,
    /// A friendly model is within 15 cm.
    #[arg(long)]
    friend_near: bool,
    /// The natural d10 roll (1 to 10), to get the result.
    #[arg(long)]
    roll: Option<u32>,
}

#[derive(Args, Debug)]
struct BigNerveArgs {
    /// Models the side began the scene with.
    #[arg(long)]
    models: u32,
    /// Models out of action.
    #[arg(long)]
    out: u32,
    /// Under fire markers on the models still standing.
    #[arg(long)]
    under_fire: u32,
    /// The Nerve value tested (the boss's, or the best still standing), e.g. 2 or 2+.
    #[arg(long, value_parser = parse_nerve)]
    nerve: u32,
    /// Read the penalty literally: one less than Posse's default reading (A08).
    #[arg(long)]
    literal_penalty: bool,
    /// The natural d10 roll (1 to 10), to get the result.
    #[arg(long)]
    roll: Option<u32>,
}

#[derive(Args, Debug)]
#[expect(clippy::struct_excessive_bools, reason = "one flag per toggle on the command line")]
struct MeleeArgs {
    /// Fighter A's HtH value.
    #[arg(long, allow_negative_numbers = true)]
    a_hth: i32,
    /// Fighter B's HtH value.
    #[arg(long, allow_negative_numbers = true)]
    b_hth: i32,
    /// Under fire markers on fighter A.
    #[arg(long, default_value_t = 0)]
    a_under_fire: u32,
    /// Under fire markers on fighter B.
    #[arg(long, default_value_t = 0)]
    b_under_fire: u32,
    /// Fighter A is on, or came from, higher ground.
    #[arg(long)]
    a_higher: bool,
    /// Fighter B is on, or came from, higher ground.
    #[arg(long)]
    b_higher: bool,
    /// Fighter A started the fight this turn.
    #[arg(long)]
    a_charged: bool,
    /// Fighter B started the fight this turn.
    #[arg(long)]
    b_charged: bool,
    /// Fighter A holds the higher initiative card and fights on.
    #[arg(long)]
    a_card_higher: bool,
    /// Fighter B holds the higher initiative card and fights on.
    #[arg(long)]
    b_card_higher: bool,
    /// Fighter A's natural d10 roll.
    #[arg(long, requires = "b_roll")]
    a_roll: Option<u32>,
    /// Fighter B's natural d10 roll.
    #[arg(long, requires = "a_roll")]
    b_roll: Option<u32>,
}

#[derive(Args, Debug)]
struct InitiativeArgs {
    /// Side A's models and cards: "Name=CARD,Name=CARD" (cards like 7S, 10H, QD, AC, RJ, BJ).
    #[arg(long)]
    a: String,
    /// Side B's models and cards.
    #[arg(long)]
    b: String,
    /// The side that placed its first card first (or won the draw-off): it wins ties.
    #[arg(long)]
    first: Option<String>,
    /// Side A is drunk & complacent (loses ties with side B).
    #[arg(long)]
    a_drunk: bool,
    /// Side B is drunk & complacent (loses ties with side A).
    #[arg(long)]
    b_drunk: bool,
    /// Side A's surprised models (act last): "Name,Name".
    #[arg(long)]
    a_surprised: Option<String>,
    /// Side B's surprised models (act last): "Name,Name".
    #[arg(long)]
    b_surprised: Option<String>,
}

#[derive(Subcommand, Debug)]
enum GangCommand {
    /// Check a gang file against the rosters and a Rep limit.
    Check {
        /// The gang file (JSON).
        file: PathBuf,
        /// The Rep limit (default: the file's own limit, or 21).
        #[arg(long)]
        rep: Option<u32>,
    },
    /// Print a gang's one-page roster sheet to PDF.
    Print {
        /// The gang file (JSON).
        file: PathBuf,
        /// Where to write the PDF.
        #[arg(long)]
        out: PathBuf,
        /// a4 or letter.
        #[arg(long, default_value = "a4")]
        paper: String,
    },
}

#[derive(Subcommand, Debug)]
enum SceneCommand {
    /// List the twelve scenes.
    List,
    /// Show one scene in full.
    Show {
        /// The scene id, e.g. the-stranger.
        id: String,
    },
    /// Print scene checklists to PDF, one page per scene.
    Print {
        /// A scene id, or `all` for all twelve.
        id: String,
        /// Where to write the PDF.
        #[arg(long)]
        out: PathBuf,
        /// a4 or letter.
        #[arg(long, default_value = "a4")]
        paper: String,
    },
}

#[derive(Subcommand, Debug)]
enum ReferenceCommand {
    /// Print the quick-reference sheet (two pages at most) to PDF.
    Print {
        /// Where to write the PDF.
        #[arg(long)]
        out: PathBuf,
        /// a4 or letter.
        #[arg(long, default_value = "a4")]
        paper: String,
    },
}

/// A failure with its exit code and one sentence for the player.
#[derive(Debug)]
struct Failure {
    code: u8,
    message: String,
    /// The message starts with a file's name, which keeps its case (`bad.json is not…`).
    starts_with_file: bool,
}

impl Failure {
    #[expect(clippy::needless_pass_by_value, reason = "used as map_err(Failure::refused) on owned errors")]
    fn refused(message: impl ToString) -> Failure {
        Failure { code: 1, message: message.to_string(), starts_with_file: false }
    }

    #[expect(clippy::needless_pass_by_value, reason = "used as map_err(Failure::malformed) on owned errors")]
    fn malformed(message: impl ToString) -> Failure {
        Failure { code: 2, message: message.to_string(), starts_with_file: false }
    }

    /// A file that cannot be read, written or used (exit 2).
    #[expect(clippy::needless_pass_by_value, reason = "used as map_err(Failure::file) on owned errors")]
    fn file(error: store::StoreError) -> Failure {
        let message = error.to_string();
        let starts_with_file =
            error.path().is_some_and(|path| message.starts_with(path.display().to_string().as_str()));
        Failure { code: 2, message, starts_with_file }
    }

    /// Something wrong in a file, after its name: `bad.json: 'x' is not a gang` (exit 2).
    fn in_file(path: &std::path::Path, what: impl std::fmt::Display) -> Failure {
        Failure { code: 2, message: format!("{}: {what}", path.display()), starts_with_file: true }
    }
}

/// What a command prints on success: text, JSON, and the exit code.
struct Output {
    text: String,
    json: Value,
    code: u8,
    /// The sentence on stderr when the code is not 0 (the output itself is on stdout).
    note: String,
}

impl Output {
    fn ok(text: String, json: Value) -> Output {
        Output { text, json, code: 0, note: String::new() }
    }
}

fn to_json(value: &impl Serialize) -> Value {
    serde_json::to_value(value).unwrap_or(Value::Null)
}

/// A distance in cm: any finite number (a negative one is refused by the rules, not here).
fn parse_distance(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(cm) if cm.is_finite() => Ok(cm),
        _ => Err(format!("'{text}' is not a distance: give a number of cm, like 12 or 12.5")),
    }
}

fn parse_nerve(text: &str) -> Result<u32, String> {
    text.trim()
        .trim_end_matches('+')
        .parse::<u32>()
        .map_err(|_| format!("'{text}' is not a Nerve value like 4 or 4+"))
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
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
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
    let rules = match embedded::load() {
        Ok(rules) => rules,
        Err(errors) => return failure(&Failure::malformed(errors), wants_json),
    };
    let progress = if cli.json { None } else { Some(progress) };
    match dispatch(rules, &cli.command, progress) {
        Ok(out) => {
            let stdout = if cli.json {
                serde_json::to_string_pretty(&out.json).unwrap_or_default()
            } else {
                out.text.trim_end().to_owned()
            };
            (out.code, stdout, out.note)
        }
        Err(f) => failure(&f, cli.json),
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

/// The sentence for a command given without its subcommand (`posse scene`): the subcommands
/// it has, instead of clap's whole help.
fn missing_subcommand(args: &[OsString]) -> String {
    use clap::CommandFactory as _;
    let mut command = Cli::command();
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

fn failure(f: &Failure, json: bool) -> (u8, String, String) {
    let message = escape_controls(&sentence(&f.message, !f.starts_with_file));
    let stdout = if json { json!({ "error": message }).to_string() } else { String::new() };
    (f.code, stdout, message)
}

fn dispatch(
    rules: &Rules,
    command: &Command,
    progress: Option<&mut dyn std::io::Write>,
) -> Result<Output, Failure> {
    match command {
        Command::Deck(args) => deck(rules, args),
        Command::Shoot(args) => shoot(rules, args),
        Command::Nerve(args) => nerve_cmd(rules, args),
        Command::BigNerve(args) => big_nerve_cmd(rules, args),
        Command::Melee(args) => melee_cmd(rules, args),
        Command::Initiative(args) => initiative_cmd(args),
        Command::Gang(GangCommand::Check { file, rep }) => gang_check(rules, file, *rep),
        Command::Gang(GangCommand::Print { file, out, paper }) => gang_print(rules, file, out, paper),
        Command::Scene(SceneCommand::List) => Ok(scene_list(rules)),
        Command::Scene(SceneCommand::Show { id }) => scene_show(rules, id),
        Command::Scene(SceneCommand::Print { id, out, paper }) => scene_print(rules, id, out, paper),
        Command::Reference(ReferenceCommand::Print { out, paper }) => reference_print(rules, out, paper),
        Command::Game(GameCommand::Simulate { journal, events, seed }) => {
            game_simulate(rules, journal, *events, *seed, progress)
        }
        Command::Game(GameCommand::Replay { journal }) => game_replay(rules, journal),
    }
}

fn deck(rules: &Rules, args: &DeckArgs) -> Result<Output, Failure> {
    let gang = rules.gang(&args.gang).ok_or_else(|| {
        Failure::malformed(format!(
            "'{}' is not a gang: use lawmen, outlaws, cowboys or desperados",
            args.gang
        ))
    })?;
    let kind = match args.kind.as_str() {
        "half" => DeckKind::Half,
        "full" => DeckKind::Full,
        "duel" => DeckKind::Duel,
        other => return Err(Failure::malformed(format!("'{other}' is not a deck: use half, full or duel"))),
    };
    let role = match args.role.as_deref() {
        None => gang.role,
        Some("good") => Role::Good,
        Some("bad") => Role::Bad,
        Some(other) => return Err(Failure::malformed(format!("'{other}' is not a role: use good or bad"))),
    };
    let numbers = match args.numbers.as_deref() {
        None => gang.colour,
        Some("red") => Colour::Red,
        Some("black") => Colour::Black,
        Some(other) => {
            return Err(Failure::malformed(format!("'{other}' is not a colour: use red or black")));
        }
    };
    let deck = cards::build_deck(gang, kind, role, numbers);
    let codes: Vec<String> = deck.iter().map(ToString::to_string).collect();
    let text = text::deck(gang, kind, role, &deck);
    let json = json!({
        "gang": gang.id, "kind": kind.id(), "role": role.id(), "numbers": numbers.id(),
        "count": deck.len(), "cards": codes,
    });
    Ok(Output::ok(text, json))
}

fn check_roll(roll: Option<u32>, die: u32) -> Result<Option<u32>, Failure> {
    match roll {
        Some(r) if !(1..=die).contains(&r) => {
            Err(Failure::refused(format!("a d{die} shows 1 to {die}, not {r}")))
        }
        other => Ok(other),
    }
}

fn shoot(rules: &Rules, a: &ShootArgs) -> Result<Output, Failure> {
    let declared = ShotInput {
        weapon: a.weapon.clone(),
        distance_cm: a.distance,
        shot: a.shot,
        aims: a.aim,
        shooter_moves: a.shooter_moves,
        shooter_mounted: a.shooter_mounted,
        shooter_under_fire: a.shooter_under_fire,
        skill: a.skill,
        shooter_boss: a.shooter_boss,
        target_moves: a.target_moves,
        cover: a.cover,
        target_boss: a.target_boss,
        target_mounted: a.target_mounted,
        obscured: a.obscured,
        black_joker: a.black_joker,
        counts_as_aimed: false,
        hostage: false,
    };
    let refused = |e| match e {
        shooting::ShotError::UnknownWeapon(w) => Failure::malformed(format!(
            "'{w}' is not a weapon: use pistol, rifle, repeater, shotgun or both-barrels"
        )),
        other => Failure::refused(other),
    };
    // The declared aims count as actions, but an aim helps only the first shot after it
    // (line 92): `--aim` is the aims declared before the model's first shot, so a later shot
    // gets no aim bonus.
    shooting::assess(rules, &declared).map_err(refused)?;
    let input = ShotInput { aims: if a.shot <= 1 { a.aim } else { 0 }, ..declared };
    let odds = shooting::assess(rules, &input).map_err(refused)?;
    let roll = check_roll(a.roll, rules.core.shooting.die)?;
    let result = roll.map(|r| shooting::result(rules, odds.modifier, r));
    let mut json = json!({
        "range": odds.range.id(),
        "modifier": odds.modifier,
        "modifiers": to_json(&odds.modifiers),
        "chances": to_json(&odds.chances),
        "notes": odds.notes,
    });
    if let (Some(result), Some(map)) = (result, json.as_object_mut()) {
        map.insert("result".into(), json!(result.id()));
    }
    let weapon_name = rules.weapon(&a.weapon).map_or(a.weapon.as_str(), |w| w.name.as_str());
    Ok(Output::ok(text::shot(weapon_name, a.distance, &odds, roll, result), json))
}

fn nerve_cmd(rules: &Rules, a: &NerveArgs) -> Result<Output, Failure> {
    let input =
        NerveInput { nerve: a.nerve, under_fire: a.under_fire, friend_near: a.friend_near, extra: vec![] };
    let odds = nerve::nerve_test(rules, &input).map_err(Failure::refused)?;
    let roll = check_roll(a.roll, rules.core.nerve.die)?;
    let result = roll.map(|r| nerve::test_result(odds.needed, r));
    let mut json = to_json(&odds);
    if let (Some(result), Some(map)) = (result, json.as_object_mut()) {
        map.insert("result".into(), json!(result.id()));
    }
    Ok(Output::ok(text::nerve(a.nerve, &odds, roll, result), json))
}

fn big_nerve_cmd(rules: &Rules, a: &BigNerveArgs) -> Result<Output, Failure> {
    let input = BigNerveInput {
        models: a.models,
        out: a.out,
        under_fire: a.under_fire,
        nerve: a.nerve,
        literal_penalty: a.literal_penalty,
    };
    let odds = nerve::big_nerve(rules, input).map_err(Failure::refused)?;
    let roll = check_roll(a.roll, rules.core.nerve.die)?;
    let result = match roll {
        Some(_) if !odds.required => Some("not_required"),
        Some(_) if odds.automatic_fail => Some(TestResult::Fail.id()),
        Some(r) => Some(nerve::test_result(odds.needed, r).id()),
        None => None,
    };
    let mut json = json!({
        "required": odds.required,
        "automatic_fail": odds.automatic_fail,
        "modifier": odds.modifier,
        "needed": odds.needed,
        "pass_chance": to_json(&odds.pass_chance),
        "standing": odds.standing,
    });
    let result = result.or((!odds.required).then_some("not_required"));
    if let (Some(result), Some(map)) = (result, json.as_object_mut()) {
        map.insert("result".into(), json!(result));
    }
    Ok(Output::ok(text::big_nerve(&input, &odds, roll, result), json))
}

fn melee_cmd(rules: &Rules, a: &MeleeArgs) -> Result<Output, Failure> {
    let fa = Fighter {
        hth: a.a_hth,
        under_fire: a.a_under_fire,
        higher: a.a_higher,
        charged: a.a_charged,
        card_higher: a.a_card_higher,
    };
    let fb = Fighter {
        hth: a.b_hth,
        under_fire: a.b_under_fire,
        higher: a.b_higher,
        charged: a.b_charged,
        card_higher: a.b_card_higher,
    };
    let chances = melee::chances(rules, &fa, &fb).map_err(Failure::refused)?;
    let result = match (a.a_roll, a.b_roll) {
        (Some(ra), Some(rb)) => Some(melee::resolve(rules, &fa, &fb, ra, rb).map_err(Failure::refused)?),
        _ => None,
    };
    let mut json = json!({ "chances": to_json(&chances) });
    if let (Some(r), Some(map)) = (result, json.as_object_mut()) {
        map.insert("a_total".into(), json!(r.a_total));
        map.insert("b_total".into(), json!(r.b_total));
        map.insert("winner".into(), to_json(&r.winner));
        map.insert("markers".into(), json!(r.markers));
    }
    let mods = (melee::modifiers(rules, &fa, &fb), melee::modifiers(rules, &fb, &fa));
    Ok(Output::ok(text::melee(&mods, &chances, result.as_ref()), json))
}

fn parse_side(text: &str, side: Side, drunk: bool, surprised: &[String]) -> Result<Vec<Placed>, Failure> {
    let mut placed = Vec::new();
    for item in text.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let (model, card) = item.rsplit_once('=').ok_or_else(|| {
            Failure::malformed(format!("'{item}' should be a model and a card, like Wyatt=7H"))
        })?;
        let model = model.trim();
        if model.is_empty() {
            return Err(Failure::malformed(format!("'{item}' has no model name before the '='")));
        }
        let card: Card = card.parse().map_err(Failure::malformed)?;
        placed.push(Placed {
            side,
            model: model.to_owned(),
            card,
            drunk,
            surprised: surprised.iter().any(|s| s == model),
        });
    }
    if placed.is_empty() {
        return Err(Failure::malformed(format!(
            "side {} has no models: give them like \"Wyatt=7H,Doc=QH\"",
            side.id()
        )));
    }
    Ok(placed)
}

fn names(list: Option<&String>) -> Vec<String> {
    list.map(|l| l.split(',').map(|s| s.trim().to_owned()).filter(|s| !s.is_empty()).collect())
        .unwrap_or_default()
}

fn initiative_cmd(a: &InitiativeArgs) -> Result<Output, Failure> {
    let first = match a.first.as_deref() {
        None => None,
        Some("a") => Some(Side::A),
        Some("b") => Some(Side::B),
        Some(other) => return Err(Failure::malformed(format!("'{other}' is not a side: use a or b"))),
    };
    let (sa, sb) = (names(a.a_surprised.as_ref()), names(a.b_surprised.as_ref()));
    let mut placed = parse_side(&a.a, Side::A, a.a_drunk, &sa)?;
    placed.extend(parse_side(&a.b, Side::B, a.b_drunk, &sb)?);
    let mut cards_seen: Vec<Card> = Vec::new();
    for p in &placed {
        if cards_seen.contains(&p.card) {
            return Err(Failure::malformed(format!("the card {} is given twice", p.card)));
        }
        cards_seen.push(p.card);
    }
    for (side, list) in [(Side::A, &sa), (Side::B, &sb)] {
        if let Some(unknown) = list.iter().find(|n| !placed.iter().any(|p| p.side == side && &p.model == *n))
        {
            return Err(Failure::malformed(format!("'{unknown}' is not one of side {}'s models", side.id())));
        }
    }
    let order = initiative::activation_order(&placed, first).map_err(Failure::malformed)?;
    let switch = initiative::switch_side(&placed, first).map_err(Failure::malformed)?;
    let rows: Vec<Value> = order
        .iter()
        .map(|&i| json!({ "side": placed[i].side.id(), "model": placed[i].model, "card": placed[i].card.to_string() }))
        .collect();
    let json = json!({ "order": rows, "switch": switch.map(Side::id) });
    Ok(Output::ok(text::initiative(&placed, &order, switch), json))
}

fn gang_check(rules: &Rules, file: &std::path::Path, rep: Option<u32>) -> Result<Output, Failure> {
    let gang_file = store::read_gang(file).map_err(Failure::file)?;
    gang::check_scene(rules, &gang_file).map_err(|e| Failure::in_file(file, e))?;
    let report = gang::validate_file(rules, &gang_file, rep).map_err(|e| Failure::in_file(file, e))?;
    let code = u8::from(!report.valid);
    let text = text::gang_report(rules, &report);
    let note = if report.valid {
        String::new()
    } else {
        let n = report.problems.len();
        format!("The gang is not legal: {n} problem{} in the report.", if n == 1 { "" } else { "s" })
    };
    Ok(Output { text, json: to_json(&report), code, note })
}

fn parse_paper(paper: &str) -> Result<Paper, Failure> {
    Paper::parse(paper)
        .ok_or_else(|| Failure::malformed(format!("'{paper}' is not a paper size: use a4 or letter")))
}

/// Renders pages and writes the PDF; the output every print command gives.
fn write_pdf(
    pages: &[print::Page],
    out: &std::path::Path,
    paper: Paper,
    what: &str,
) -> Result<Output, Failure> {
    let pdf = print::render(pages).map_err(Failure::malformed)?;
    store::write_atomic(out, &pdf).map_err(Failure::file)?;
    let text = format!(
        "Wrote {what} to {} ({} page(s), {} bytes, {}).",
        out.display(),
        pages.len(),
        pdf.len(),
        paper.id()
    );
    let json = json!({ "out": out.display().to_string(), "bytes": pdf.len(), "paper": paper.id(), "pages": pages.len() });
    Ok(Output::ok(text, json))
}

fn scene_print(rules: &Rules, id: &str, out: &std::path::Path, paper: &str) -> Result<Output, Failure> {
    let paper = parse_paper(paper)?;
    let scenes: Vec<&crate::rules::data::Scene> = if id == "all" {
        rules.storylines.iter().flat_map(|l| l.scenes.iter().filter_map(|s| rules.scene(s))).collect()
    } else {
        vec![rules.scene(id).ok_or_else(|| {
            Failure::malformed(format!(
                "there is no scene '{id}' (posse scene list shows the ids, or use all)"
            ))
        })?]
    };
    let pages: Vec<print::Page> =
        scenes.iter().flat_map(|s| print::checklist::layout(rules, s, paper)).collect();
    let what =
        if id == "all" { "the twelve scene checklists".to_owned() } else { format!("the checklist of {id}") };
    write_pdf(&pages, out, paper, &what)
}

fn reference_print(rules: &Rules, out: &std::path::Path, paper: &str) -> Result<Output, Failure> {
    let paper = parse_paper(paper)?;
    write_pdf(&print::quickref::layout(rules, paper), out, paper, "the quick-reference sheet")
}

fn gang_print(
    rules: &Rules,
    file: &std::path::Path,
    out: &std::path::Path,
    paper: &str,
) -> Result<Output, Failure> {
    let paper = parse_paper(paper)?;
    let gang_file = store::read_gang(file).map_err(Failure::file)?;
    if rules.gang(&gang_file.gang).is_none() {
        return Err(Failure::in_file(file, gang::UnknownGang(gang_file.gang)));
    }
    gang::check_scene(rules, &gang_file).map_err(|e| Failure::in_file(file, e))?;
    let pages = roster::layout(rules, &gang_file, paper);
    write_pdf(&pages, out, paper, &format!("the roster of {}", gang_file.name))
}

/// Reads a journal and replays it: the game, and whether a torn last line was left out.
/// A damaged journal is an error (exit 2), as is one whose events do not replay.
fn load_game(
    rules: &Rules,
    path: &std::path::Path,
) -> Result<(crate::game::Game, store::JournalRead), Failure> {
    let read = store::read_journal(path).map_err(Failure::file)?;
    if let Some(damage) = &read.damage {
        return Err(Failure::file(store::StoreError::Damaged {
            path: path.to_owned(),
            line: damage.line,
            reason: damage.reason.clone(),
        }));
    }
    let game = crate::game::Game::replay(rules, &read.events)
        .map_err(|(n, e)| Failure::in_file(path, format!("event {} does not replay: {e}", n + 1)))?;
    Ok((game, read))
}

fn game_summary(game: &crate::game::Game, torn: bool) -> (String, Value) {
    let text = format!(
        "{} events; turn {}, {:?}{}{}",
        game.log.len(),
        game.turn,
        game.phase,
        game.broke.map_or(String::new(), |s| format!("; side {} broke", if s == 0 { "a" } else { "b" })),
        if torn { "; a half-written last event was left out" } else { "" }
    );
    let json = json!({ "events": game.log.len(), "turn": game.turn, "phase": format!("{:?}", game.phase), "torn_tail": torn });
    (text, json)
}

/// Plays random legal events into a journal, writing `applied N` to `progress` once each is
/// on the disk. It stops early if `progress` cannot be written (its reader has gone).
fn game_simulate(
    rules: &Rules,
    path: &std::path::Path,
    events: u64,
    seed: u64,
    mut progress: Option<&mut dyn std::io::Write>,
) -> Result<Output, Failure> {
    use crate::game::{Event, Game, sim};
    let exists = std::fs::symlink_metadata(path).is_ok();
    let (mut game, torn, mut journal, torn_copy) = if exists {
        let (game, read) = load_game(rules, path)?;
        // Cuts a torn last line (keeping a copy) and adds checksums to an older journal.
        let (journal, copy) = store::Journal::resume(path, &read).map_err(Failure::file)?;
        (game, read.torn_tail, journal, copy)
    } else {
        (Game::default(), false, store::Journal::create(path).map_err(Failure::file)?, None)
    };
    let mut choice = seed ^ u64::try_from(game.log.len()).unwrap_or(0).wrapping_mul(0x2545_F491_4F6C_DD1D);
    for _ in 0..events {
        let event = if game.log.is_empty() {
            Event::Begin(Box::new(sim::showdown_setup(seed)))
        } else {
            choice = choice.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            match sim::next_event(rules, &game, choice) {
                Some(event) => event,
                None => break,
            }
        };
        // The event is on the disk before the game (and the reader) count it.
        journal.commit(&mut game, rules, &event).map_err(|e| match e {
            store::CommitError::Refused(e) => Failure::refused(e),
            store::CommitError::NotSaved(e) => Failure::file(e),
        })?;
        if let Some(out) = progress.as_mut()
            && writeln!(out, "applied {}", game.log.len()).and_then(|()| out.flush()).is_err()
        {
            break;
        }
    }
    let (text, mut json) = game_summary(&game, torn);
    if let (Some(copy), Some(map)) = (torn_copy, json.as_object_mut()) {
        map.insert("torn_copy".into(), json!(copy.display().to_string()));
    }
    Ok(Output::ok(text, json))
}

fn game_replay(rules: &Rules, journal: &std::path::Path) -> Result<Output, Failure> {
    let (game, read) = load_game(rules, journal)?;
    let (text, json) = game_summary(&game, read.torn_tail);
    Ok(Output::ok(text, json))
}

fn scene_list(rules: &Rules) -> Output {
    let rows: Vec<Value> = rules
        .scenes
        .iter()
        .map(|s| {
            json!({
                "id": s.id, "title": s.title, "storyline": s.storyline, "act": s.act,
                "deck": { "good": s.sides.good.deck.id(), "bad": s.sides.bad.deck.id() },
                "hand": { "good": s.sides.good.hand, "bad": s.sides.bad.hand },
                "rep": { "good": s.sides.good.rep, "bad": s.sides.bad.rep },
            })
        })
        .collect();
    Output::ok(text::scene_list(rules), Value::Array(rows))
}

fn scene_show(rules: &Rules, id: &str) -> Result<Output, Failure> {
    let scene = rules.scene(id).ok_or_else(|| {
        Failure::malformed(format!("there is no scene '{id}' (posse scene list shows the ids)"))
    })?;
    Ok(Output::ok(text::scene(rules, scene), to_json(scene)))
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
        let missing =
            Failure::file(store::StoreError::NotAGang { path: "bad.json".into(), reason: "x".into() });
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
