//! `posse fragmaster …`: the command group for Fragmaster Origins.
//!
//! A public contract like Dead Man's Hand's: subcommand names, flags and JSON keys are only
//! ever added. Exit codes: 0 success, 1 the rules refuse (out of range, full cover, melee onto
//! another level, a die face or total the dice cannot show, a tiebreak nobody needed), 2 the
//! input is malformed (an unknown weapon, an unreadable list, rolls that do not fit the shots,
//! a tie left without tiebreaks or seed) or a file cannot be written. The shell
//! (`crate::cli`) prints the text, or the JSON with `--json`, and a failure's one sentence.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::PathBuf;

use clap::{Args, FromArgMatches as _, Subcommand};
use serde_json::{Value, json};

use super::rules::CM_PER_INCH;
use super::rules::attack::{self, Assessment, AttackInput, Outcome, Refusal, Shot};
use super::rules::data::{Cover, Rules};
use super::rules::dice::D6;
use super::rules::embedded;
use super::rules::initiative::{self, Entry};
use super::rules::scoring::{self, FragKind};
use crate::host::{Context, Failure, Output};
use crate::kernel::odds::Chance;
use crate::print::{self, Paper};
use crate::store;

/// The `posse fragmaster` subcommands.
#[derive(Subcommand, Debug, Clone, PartialEq)]
pub enum FragmasterCommand {
    /// Work out an attack: whether it is possible, the numbers needed to hit and to wound and
    /// the odds, and with typed rolls what each shot did.
    Attack(AttackArgs),
    /// Put characters in initiative order from their 3d6 totals and tiebreak d6s.
    Initiative(InitiativeArgs),
    /// Add up frags and say who reached the target first.
    Score(ScoreArgs),
    /// The one-page reference sheet.
    #[command(subcommand)]
    Reference(ReferenceCommand),
}

/// `posse fragmaster attack`.
#[derive(Args, Debug, Clone, PartialEq)]
pub struct AttackArgs {
    /// assault-rifle, sniper-rifle, rocket-launcher, grenades, chain-blades or katana.
    #[arg(long)]
    pub weapon: String,
    /// The measured distance in cm (decimals allowed; for grenades round a corner, the real path).
    #[arg(long, allow_negative_numbers = true)]
    pub distance: f64,
    /// --distance is in inches (2.5 cm to the inch, as the book gives).
    #[arg(long)]
    pub inches: bool,
    /// Aim actions taken this turn before the attack (0 to 2).
    #[arg(long, default_value_t = 0)]
    pub aims: u32,
    /// The target's cover from the attacker: none, decent or full.
    #[arg(long, default_value = "none")]
    pub cover: String,
    /// The target took cover (since the start of its last turn).
    #[arg(long)]
    pub taking_cover: bool,
    /// The target is on another height level.
    #[arg(long)]
    pub other_level: bool,
    /// The attacker's d6 per shot, e.g. 4 or 4,2 for the assault rifle.
    #[arg(long)]
    pub hit_rolls: Option<String>,
    /// The target's d6 for each shot that hit, in shot order.
    #[arg(long, requires = "hit_rolls")]
    pub wound_rolls: Option<String>,
}

/// `posse fragmaster initiative`.
#[derive(Args, Debug, Clone, PartialEq)]
pub struct InitiativeArgs {
    /// Each character's 3d6 total: "Ann=11,Bob=14,Cid=11".
    #[arg(long)]
    pub rolls: String,
    /// Tiebreak d6s: "Ann=5,Cid=2"; a name given again is its next roll if still tied.
    #[arg(long)]
    pub tiebreak: Option<String>,
    /// Roll any tiebreak still needed from this seed (the rolls are reported).
    #[arg(long)]
    pub seed: Option<u64>,
}

/// `posse fragmaster score`.
#[derive(Args, Debug, Clone, PartialEq)]
pub struct ScoreArgs {
    /// Deaths in the order they happened: "Ann>Bob" is Ann killing Bob, "Bob>Bob" a suicide.
    #[arg(long)]
    pub frags: String,
    /// Two-player teams: "Red=Ann,Bob;Blue=Cid,Dan" (scores and winner are then per team).
    #[arg(long)]
    pub teams: Option<String>,
    /// Frags to win (default 20).
    #[arg(long)]
    pub target: Option<u32>,
}

/// `posse fragmaster reference …`.
#[derive(Subcommand, Debug, Clone, PartialEq)]
pub enum ReferenceCommand {
    /// Print the one-page reference sheet and a scoreboard sheet to PDF.
    Print(PrintArgs),
}

/// `posse fragmaster reference print`.
#[derive(Args, Debug, Clone, PartialEq)]
pub struct PrintArgs {
    /// Where to write the PDF.
    #[arg(long)]
    pub out: PathBuf,
    /// a4 or letter.
    #[arg(long, default_value = "a4")]
    pub paper: String,
}

/// `posse fragmaster`, the group of Fragmaster Origins' commands.
#[must_use]
pub fn command() -> clap::Command {
    // The about after the derive's, which would put the enum's doc comment in its place.
    FragmasterCommand::augment_subcommands(clap::Command::new("fragmaster"))
        .about("Fragmaster Origins: attacks, initiative, frags and the reference sheet")
        .subcommand_required(true)
}

/// Runs the command in `matches` (a `posse fragmaster` command as its subcommand).
///
/// # Errors
/// A failure with its exit code and sentence.
pub fn run(matches: &clap::ArgMatches, context: &mut Context<'_>) -> Result<Output, Failure> {
    let command =
        FragmasterCommand::from_arg_matches(matches).map_err(|e| Failure::malformed(e.to_string()))?;
    execute(&command, context.json)
}

/// Runs one `posse fragmaster` command. With `json` the readable text is not rendered (the
/// JSON value is always built).
///
/// # Errors
/// A [`Failure`] with its exit code and sentence.
pub fn execute(cmd: &FragmasterCommand, json: bool) -> Result<Output, Failure> {
    let rules = embedded::load().map_err(Failure::malformed)?;
    let (text, value) = match cmd {
        FragmasterCommand::Attack(args) => attack_cmd(rules, args)?,
        FragmasterCommand::Initiative(args) => initiative_cmd(rules, args)?,
        FragmasterCommand::Score(args) => score_cmd(rules, args)?,
        FragmasterCommand::Reference(ReferenceCommand::Print(args)) => reference_print(rules, args)?,
    };
    Ok(Output::ok(if json { String::new() } else { text() }, value))
}

/// A command's result: its text, rendered only when asked for, and its JSON.
type Rendered<'a> = (Box<dyn FnOnce() -> String + 'a>, Value);

/// Splits a comma-separated list, dropping empty items.
fn items(text: &str, separator: char) -> Vec<&str> {
    text.split(separator).map(str::trim).filter(|s| !s.is_empty()).collect()
}

/// "Ann", "Ann and Cid", "Ann, Cid and Dan".
fn list(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// Reads d6 faces: "4" or "4,2".
fn parse_dice(text: &str, flag: &str) -> Result<Vec<D6>, Failure> {
    items(text, ',')
        .into_iter()
        .map(|item| match item.parse::<i64>() {
            Ok(n) => u8::try_from(n)
                .ok()
                .and_then(D6::new)
                .ok_or_else(|| Failure::refused(format!("a d6 shows 1 to 6, not {n}"))),
            Err(_) => Err(Failure::malformed(format!(
                "'{item}' in {flag} is not a d6 roll: write faces like 4 or 4,2"
            ))),
        })
        .collect()
}

fn percent(chance: Chance) -> String {
    chance.to_string()
}

fn attack_cmd<'a>(rules: &'a Rules, args: &'a AttackArgs) -> Result<Rendered<'a>, Failure> {
    let weapon = rules.weapon(args.weapon.trim()).ok_or_else(|| {
        Failure::malformed(format!("'{}' is not a weapon: use {}", args.weapon, rules.weapon_ids()))
    })?;
    let cover = Cover::parse(&args.cover).ok_or_else(|| {
        Failure::malformed(format!("'{}' is not a cover: use none, decent or full", args.cover))
    })?;
    let distance_cm = if args.inches { args.distance * CM_PER_INCH } else { args.distance };
    let input = AttackInput {
        weapon,
        distance_cm,
        aims: args.aims,
        cover,
        taking_cover: args.taking_cover,
        other_level: args.other_level,
    };
    let assessment = attack::assess(rules, &input).map_err(|e: Refusal| Failure::refused(e.to_string()))?;
    let shots = match &args.hit_rolls {
        None => None,
        Some(hits) => {
            let hits = parse_dice(hits, "--hit-rolls")?;
            let wounds =
                args.wound_rolls.as_deref().map_or(Ok(Vec::new()), |w| parse_dice(w, "--wound-rolls"))?;
            Some(
                attack::resolve(rules, &assessment, &hits, &wounds)
                    .map_err(|e| Failure::malformed(e.to_string()))?,
            )
        }
    };
    let modifiers: Vec<Value> = assessment
        .hit_modifiers
        .iter()
        .map(|m| json!({ "reason": format!("to hit: {}", m.reason), "value": m.value }))
        .chain(
            assessment
                .wound_modifiers
                .iter()
                .map(|m| json!({ "reason": format!("to wound: {}", m.reason), "value": m.value })),
        )
        .collect();
    let mut value = json!({
        "weapon": assessment.weapon.as_str(),
        "shots": assessment.shots,
        "hit_needed": assessment.hit_needed,
        "hit_chance": assessment.hit_chance,
        "wound_needed": assessment.wound_needed,
        "wound_chance": assessment.wound_chance,
        "kill_chance": assessment.kill_chance,
        "blast_cm": assessment.blast_cm,
        "modifiers": modifiers,
        "distance_cm": distance_cm,
    });
    if let (Some(shots), Some(map)) = (&shots, value.as_object_mut()) {
        map.insert("results".into(), shots.iter().map(|s| Value::from(s.outcome.id())).collect());
    }
    let name = weapon.name.clone();
    let distance = if args.inches {
        format!("{} in ({distance_cm} cm)", args.distance)
    } else {
        format!("{distance_cm} cm")
    };
    Ok((Box::new(move || attack_text(&name, &distance, &assessment, shots.as_deref())), value))
}

fn attack_text(weapon: &str, distance: &str, a: &Assessment, shots: Option<&[Shot]>) -> String {
    let mut out = String::new();
    let shots_word = if a.shots == 1 { "1 shot".to_owned() } else { format!("{} shots", a.shots) };
    let _ = writeln!(out, "{weapon} at {distance}: {shots_word}");
    let _ = writeln!(out, "To hit: {} ({})", attack::needed_text(a.hit_needed), percent(a.hit_chance));
    for m in &a.hit_modifiers {
        let _ = writeln!(out, "  {:>+3}  {}", m.value, m.reason);
    }
    let _ = writeln!(
        out,
        "To wound, rolled by the target: {} ({})",
        attack::needed_text(a.wound_needed),
        percent(a.wound_chance)
    );
    for m in &a.wound_modifiers {
        let _ = writeln!(out, "  {:>+3}  {}", m.value, m.reason);
    }
    let each = if a.shots > 1 { format!(" ({} a shot)", percent(a.shot_kill_chance)) } else { String::new() };
    let _ = writeln!(out, "Kill chance on a one-life target: {}{each}", percent(a.kill_chance));
    if let Some(blast) = a.blast_cm {
        let _ = writeln!(
            out,
            "Blast: on a hit, every other character within {blast} cm of the target is hit too."
        );
    }
    for (i, shot) in shots.unwrap_or_default().iter().enumerate() {
        let result = match (shot.outcome, shot.wound_roll) {
            (Outcome::Miss, _) | (_, None) => format!("miss {}", shot.hit_words()),
            (Outcome::Hit, Some(w)) => format!("hit {}, wound roll {w}: not wounded", shot.hit_words()),
            (Outcome::Killed, Some(w)) => format!("hit {}, wound roll {w}: killed", shot.hit_words()),
        };
        let _ = writeln!(out, "Shot {}: {result}", i + 1);
    }
    out
}

/// Reads "Name=value" pairs.
fn parse_pairs(text: &str, flag: &str, example: &str) -> Result<Vec<(String, String)>, Failure> {
    items(text, ',')
        .into_iter()
        .map(|item| {
            let bad = || Failure::malformed(format!("'{item}' in {flag} is not a pair like {example}"));
            let (name, value) = item.split_once('=').ok_or_else(bad)?;
            let (name, value) = (name.trim(), value.trim());
            if name.is_empty() || value.is_empty() {
                return Err(bad());
            }
            Ok((name.to_owned(), value.to_owned()))
        })
        .collect()
}

fn initiative_cmd<'a>(rules: &'a Rules, args: &'a InitiativeArgs) -> Result<Rendered<'a>, Failure> {
    let (lowest, highest) = rules.game.initiative_range();
    let dice = rules.game.initiative_dice;
    let mut entries: Vec<Entry<String>> = Vec::new();
    for (name, value) in parse_pairs(&args.rolls, "--rolls", "Ann=11")? {
        let roll: i64 = value.parse().map_err(|_| {
            Failure::malformed(format!("'{value}' is not {name}'s {dice}d6 total: write a number"))
        })?;
        if !(i64::from(lowest)..=i64::from(highest)).contains(&roll) {
            return Err(Failure::refused(format!(
                "{name}'s initiative of {roll} cannot come from {dice}d6 ({lowest} to {highest})"
            ))
            .keeping_case());
        }
        if entries.iter().any(|e| e.who == name) {
            return Err(Failure::malformed(format!("{name} is given twice in --rolls")).keeping_case());
        }
        entries.push(Entry { who: name, roll: u32::try_from(roll).unwrap_or(lowest), tiebreaks: Vec::new() });
    }
    if entries.is_empty() {
        return Err(Failure::malformed("--rolls names no character: write rolls like Ann=11,Bob=14"));
    }
    for (name, value) in parse_pairs(args.tiebreak.as_deref().unwrap_or(""), "--tiebreak", "Ann=5")? {
        let faces = parse_dice(&value, "--tiebreak")?;
        let entry = entries.iter_mut().find(|e| e.who == name).ok_or_else(|| {
            Failure::malformed(format!("{name} has a tiebreak but no roll in --rolls")).keeping_case()
        })?;
        entry.tiebreaks.extend(faces);
    }
    let extra = |e: initiative::ExtraTiebreak<String>| {
        Failure::refused(format!(
            "{} was not tied when that tiebreak was rolled: only tied characters roll again",
            e.0
        ))
        .keeping_case()
    };
    let standing = initiative::standing(&entries).map_err(extra)?;
    let seeded = if standing.is_settled() {
        Vec::new()
    } else if let Some(seed) = args.seed {
        initiative::settle_with_seed(&mut entries, seed).map_err(extra)?.1
    } else {
        let groups: Vec<String> = standing.tied.iter().map(|g| list(g)).collect();
        return Err(Failure::malformed(format!(
            "{} still tied: give --tiebreak rolls for them, or --seed to let Posse roll",
            groups.join("; ")
        ))
        .keeping_case());
    };
    let order = initiative::standing(&entries).map_err(extra)?.order;
    let rows: Vec<(String, u32, Vec<D6>)> = order
        .iter()
        .filter_map(|who| entries.iter().find(|e| &e.who == who))
        .map(|e| (e.who.clone(), e.roll, e.tiebreaks.clone()))
        .collect();
    let value = json!({
        "order": rows.iter().map(|(who, roll, tiebreaks)| json!({
            "character": who,
            "roll": roll,
            "tiebreak": if tiebreaks.is_empty() { Value::Null } else { tiebreaks.iter().map(|d| d.value()).collect() },
        })).collect::<Vec<Value>>(),
    });
    let seed = args.seed;
    Ok((Box::new(move || initiative_text(&rows, &seeded, seed)), value))
}

fn initiative_text(rows: &[(String, u32, Vec<D6>)], seeded: &[(String, D6)], seed: Option<u64>) -> String {
    let mut out = String::from("Initiative order:\n");
    let width = rows.iter().map(|(who, _, _)| who.chars().count()).max().unwrap_or(0);
    for (i, (who, roll, tiebreaks)) in rows.iter().enumerate() {
        let _ = write!(out, "  {}. {who:<width$}  {roll:>2}", i + 1);
        if !tiebreaks.is_empty() {
            let faces: Vec<String> = tiebreaks.iter().map(ToString::to_string).collect();
            let _ = write!(out, "  tiebreak {}", faces.join(" then "));
        }
        out.push('\n');
    }
    if let (false, Some(seed)) = (seeded.is_empty(), seed) {
        let rolls: Vec<String> = seeded.iter().map(|(who, d)| format!("{who} {d}")).collect();
        let _ = writeln!(out, "Rolled by Posse with seed {seed}: {}.", rolls.join(", "));
    }
    out
}

/// Reads "Red=Ann,Bob;Blue=Cid,Dan" into each character's team.
fn parse_teams(text: &str) -> Result<(Vec<String>, BTreeMap<String, String>), Failure> {
    let mut teams = Vec::new();
    let mut team_of = BTreeMap::new();
    for item in items(text, ';') {
        let bad = || Failure::malformed(format!("'{item}' in --teams is not a team like Red=Ann,Bob"));
        let (team, members) = item.split_once('=').ok_or_else(bad)?;
        let team = team.trim().to_owned();
        let members = items(members, ',');
        if team.is_empty() || members.is_empty() {
            return Err(bad());
        }
        if teams.contains(&team) {
            return Err(Failure::malformed(format!("the team {team} is given twice in --teams")));
        }
        for member in members {
            if let Some(other) = team_of.insert(member.to_owned(), team.clone()) {
                return Err(
                    Failure::malformed(format!("{member} is in both {other} and {team}")).keeping_case()
                );
            }
        }
        teams.push(team);
    }
    Ok((teams, team_of))
}

fn score_cmd<'a>(rules: &'a Rules, args: &'a ScoreArgs) -> Result<Rendered<'a>, Failure> {
    let target = args.target.unwrap_or(rules.game.target);
    if target == 0 {
        return Err(Failure::refused("the frag target must be at least 1"));
    }
    let mut deaths = Vec::new();
    for item in items(&args.frags, ',') {
        let bad = || Failure::malformed(format!("'{item}' in --frags is not a kill like Ann>Bob"));
        let (killer, victim) = item.split_once('>').ok_or_else(bad)?;
        let (killer, victim) = (killer.trim().to_owned(), victim.trim().to_owned());
        // One killer and one victim: "Ann>Bob>Cid" is not a character called "Bob>Cid".
        if killer.is_empty() || victim.is_empty() || victim.contains('>') {
            return Err(bad());
        }
        deaths.push((killer, victim));
    }
    let teams = args.teams.as_deref().map(parse_teams).transpose()?;
    let mut frags = Vec::new();
    let mut scorers: BTreeSet<String> = BTreeSet::new();
    for (killer, victim) in &deaths {
        let (scorer, same_team) = if let Some((_, team_of)) = &teams {
            let team = |name: &String| {
                team_of.get(name).cloned().ok_or_else(|| {
                    Failure::malformed(format!("{name} is in no team of --teams")).keeping_case()
                })
            };
            let (killer_team, victim_team) = (team(killer)?, team(victim)?);
            let same = killer_team == victim_team;
            (killer_team, same)
        } else {
            // Every character named counts, victims included, from 0.
            scorers.insert(victim.clone());
            (killer.clone(), false)
        };
        let kind = FragKind::of(killer == victim, same_team);
        frags.push((scorer.clone(), kind.value(&rules.game.frags)));
        scorers.insert(scorer);
    }
    let players: Vec<String> = match &teams {
        Some((names, _)) => names.clone(),
        None => scorers.into_iter().collect(),
    };
    let tally = scoring::tally(players, frags, target);
    let value = json!({ "scores": tally.scores, "winner": tally.winner });
    let per_team = teams.is_some();
    Ok((Box::new(move || score_text(&tally, target, per_team)), value))
}

fn score_text(tally: &scoring::Tally<String>, target: u32, per_team: bool) -> String {
    let mut rows: Vec<(&String, &i32)> = tally.scores.iter().collect();
    rows.sort_by(|a, b| b.1.cmp(a.1).then_with(|| a.0.cmp(b.0)));
    let mut out = format!("Frags per {}, first to {target}:\n", if per_team { "team" } else { "character" });
    let width = rows.iter().map(|(name, _)| name.chars().count()).max().unwrap_or(0);
    for (name, frags) in rows {
        let _ = writeln!(out, "  {name:<width$}  {frags:>3}");
    }
    match &tally.winner {
        Some(winner) => {
            let _ = writeln!(out, "{winner} reached {target} frags first and wins.");
        }
        None => out.push_str("Nobody has reached the target yet.\n"),
    }
    out
}

fn reference_print<'a>(rules: &'a Rules, args: &'a PrintArgs) -> Result<Rendered<'a>, Failure> {
    let paper = Paper::parse(args.paper.trim()).ok_or_else(|| {
        Failure::malformed(format!("'{}' is not a paper size: use a4 or letter", args.paper))
    })?;
    let pages = super::print::sheets(rules, paper);
    let pdf = print::render(&pages).map_err(Failure::malformed)?;
    store::write_output(&args.out, &pdf).map_err(Failure::file)?;
    let out = args.out.display().to_string();
    let value = json!({ "out": out, "bytes": pdf.len(), "paper": paper.id(), "pages": pages.len() });
    let (count, bytes) = (pages.len(), pdf.len());
    Ok((
        Box::new(move || {
            format!(
                "Wrote the Fragmaster Origins reference sheet and scoreboard to {out} ({count} pages, {bytes} bytes, {}).",
                paper.id()
            )
        }),
        value,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser, Debug)]
    struct Cli {
        #[arg(long, global = true)]
        json: bool,
        #[command(subcommand)]
        command: FragmasterCommand,
    }

    fn parse(line: &str) -> Cli {
        let argv = std::iter::once("fragmaster").chain(line.split_whitespace());
        match Cli::try_parse_from(argv) {
            Ok(cli) => cli,
            Err(e) => panic!("{line}: {e}"),
        }
    }

    /// Runs a command line and returns its JSON.
    fn json_of(args: &str) -> Value {
        let cli = parse(args);
        match execute(&cli.command, true) {
            Ok(out) => {
                assert_eq!((out.code, out.text.as_str()), (0, ""));
                out.json
            }
            Err(f) => panic!("{args}: {f:?}"),
        }
    }

    fn text_of(args: &str) -> String {
        let cli = parse(args);
        match execute(&cli.command, false) {
            Ok(out) => out.text,
            Err(f) => panic!("{args}: {f:?}"),
        }
    }

    /// The exit code and sentence of a command that must fail.
    fn check_failure(args: &str, code: u8, message: &str) {
        let cli = parse(args);
        let failure = execute(&cli.command, false).map(|out| out.text);
        let failure = failure.map_err(|f| (f.code, f.message));
        assert_eq!(failure, Err((code, message.to_owned())), "{args}");
    }

    #[test]
    fn attack_gives_the_numbers_the_odds_and_the_breakdown() {
        // Sniper rifle, one aim, target taking cover: 3 + 2 − 2 + 1 = 4+ (1/2); wound 2+ (5/6).
        let value = json_of("attack --weapon sniper-rifle --distance 62.5 --aims 1 --taking-cover");
        assert_eq!(
            value,
            json!({
                "weapon": "sniper-rifle", "shots": 1, "distance_cm": 62.5,
                "hit_needed": 4, "hit_chance": 0.5,
                "wound_needed": 2, "wound_chance": 5.0 / 6.0,
                "kill_chance": 15.0 / 36.0,
                "blast_cm": null,
                "modifiers": [
                    {"reason": "to hit: sniper rifle", "value": 2},
                    {"reason": "to hit: aim", "value": -2},
                    {"reason": "to hit: target taking cover", "value": 1},
                    {"reason": "to wound: sniper rifle strength", "value": -2},
                ],
            })
        );
    }

    #[test]
    fn attack_with_rolls_gives_one_result_per_shot() {
        // Assault rifle: 3+, 4+; shot 1 hits on 4 and wounds on 6, shot 2 misses on 2.
        let value = json_of("attack --weapon assault-rifle --distance 40 --hit-rolls 4,2 --wound-rolls 6");
        assert_eq!(value["results"], json!(["killed", "miss"]));
        assert_eq!(value["kill_chance"], json!(5.0 / 9.0));
        let value = json_of(
            "attack --weapon rocket-launcher --distance 10 --cover decent --hit-rolls 5 --wound-rolls 4",
        );
        assert_eq!((value["hit_needed"].clone(), value["results"].clone()), (json!(5), json!(["hit"])));
        assert_eq!(value["blast_cm"], json!(5.0));
        let value =
            json_of("attack --weapon grenades --distance 15 --cover full --taking-cover --hit-rolls 1");
        assert_eq!((value["hit_needed"].clone(), value["results"].clone()), (json!(3), json!(["miss"])));
        assert_eq!(
            text_of("attack --weapon assault-rifle --distance 12 --aims 2 --hit-rolls 1,3 --wound-rolls 3,4"),
            "Assault rifle at 12 cm: 2 shots\n\
             To hit: -1+, always succeeds (100%)\n   -4  aim ×2\n\
             To wound, rolled by the target: 4+ (50%)\n\
             Kill chance on a one-life target: 75% (50% a shot)\n\
             Shot 1: hit on 1, wound roll 3: not wounded\n\
             Shot 2: hit on 3, wound roll 4: killed\n"
        );
    }

    #[test]
    fn attack_refusals_and_malformed_input() {
        check_failure(
            "attack --weapon assault-rifle --distance 40.5",
            1,
            "the target is out of range: 40.5 cm is beyond the assault rifle's 40 cm",
        );
        check_failure(
            "attack --weapon sniper-rifle --distance 30 --cover full",
            1,
            "a target in full cover cannot be attacked with the sniper rifle: only grenades go round corners",
        );
        check_failure(
            "attack --weapon katana --distance 3 --other-level",
            1,
            "the molecular katana is a melee weapon and cannot reach a character on another height level",
        );
        check_failure(
            "attack --weapon katana --distance -2",
            1,
            "the distance must be a number of cm, 0 or more (got -2)",
        );
        check_failure(
            "attack --weapon katana --distance NaN",
            1,
            "the distance must be a number of cm, 0 or more (got NaN)",
        );
        check_failure(
            "attack --weapon katana --distance 1 --aims 3",
            1,
            "at most 2 aims fit before an attack in a turn of 3 actions, not 3",
        );
        check_failure("attack --weapon katana --distance 1 --hit-rolls 7", 1, "a d6 shows 1 to 6, not 7");
        check_failure(
            "attack --weapon laser --distance 1",
            2,
            "'laser' is not a weapon: use assault-rifle, sniper-rifle, rocket-launcher, grenades, chain-blades or katana",
        );
        check_failure(
            "attack --weapon katana --distance 1 --cover some",
            2,
            "'some' is not a cover: use none, decent or full",
        );
        check_failure(
            "attack --weapon katana --distance 1 --hit-rolls x",
            2,
            "'x' in --hit-rolls is not a d6 roll: write faces like 4 or 4,2",
        );
        check_failure(
            "attack --weapon assault-rifle --distance 1 --hit-rolls 5",
            2,
            "the assault rifle fires 2 shots per attack: give 2 hit rolls, not 1",
        );
        check_failure(
            "attack --weapon assault-rifle --distance 1 --hit-rolls 5,5 --wound-rolls 3",
            2,
            "2 shots hit, so the target rolls 2 dice to wound, not 1",
        );
        assert!(
            Cli::try_parse_from([
                "fragmaster",
                "attack",
                "--weapon",
                "katana",
                "--distance",
                "1",
                "--wound-rolls",
                "3"
            ])
            .is_err()
        );
    }

    #[test]
    fn initiative_orders_and_breaks_ties() {
        let value = json_of("initiative --rolls Ann=11,Bob=14,Cid=11 --tiebreak Ann=5,Cid=2");
        assert_eq!(
            value,
            json!({"order": [
                {"character": "Bob", "roll": 14, "tiebreak": null},
                {"character": "Ann", "roll": 11, "tiebreak": [5]},
                {"character": "Cid", "roll": 11, "tiebreak": [2]},
            ]})
        );
        // Still tied after 4–4: the second rolls decide.
        let value = json_of("initiative --rolls Ann=11,Cid=11 --tiebreak Ann=4,Cid=4,Ann=1,Cid=3");
        assert_eq!(value["order"][0], json!({"character": "Cid", "roll": 11, "tiebreak": [4, 3]}));
        // A tie left to the seed: seed 7 rolls Ann 3, Cid 1 after their typed 5s.
        assert_eq!(
            text_of("initiative --rolls Ann=11,Bob=14,Cid=11 --tiebreak Ann=5,Cid=5 --seed 7"),
            "Initiative order:\n  1. Bob  14\n  2. Ann  11  tiebreak 5 then 3\n  3. Cid  11  tiebreak 5 then 1\n\
             Rolled by Posse with seed 7: Ann 3, Cid 1.\n"
        );
        check_failure(
            "initiative --rolls Ann=11,Bob=14,Cid=11",
            2,
            "Ann and Cid still tied: give --tiebreak rolls for them, or --seed to let Posse roll",
        );
        check_failure(
            "initiative --rolls Ann=11,Bob=19",
            1,
            "Bob's initiative of 19 cannot come from 3d6 (3 to 18)",
        );
        check_failure(
            "initiative --rolls Ann=11,Bob=14 --tiebreak Bob=3",
            1,
            "Bob was not tied when that tiebreak was rolled: only tied characters roll again",
        );
        check_failure(
            "initiative --rolls Ann=11 --tiebreak Dan=3",
            2,
            "Dan has a tiebreak but no roll in --rolls",
        );
        check_failure("initiative --rolls Ann=11,Ann=12", 2, "Ann is given twice in --rolls");
        check_failure("initiative --rolls Ann", 2, "'Ann' in --rolls is not a pair like Ann=11");
        check_failure("initiative --rolls Ann=lots", 2, "'lots' is not Ann's 3d6 total: write a number");
    }

    #[test]
    fn score_counts_kills_suicides_and_team_mates() {
        // Ann>Bob +1 Ann; Bob>Bob −3 Bob; Cid>Ann +1 Cid.
        assert_eq!(
            json_of("score --frags Ann>Bob,Bob>Bob,Cid>Ann"),
            json!({"scores": {"Ann": 1, "Bob": -3, "Cid": 1}, "winner": null})
        );
        // Teams: Ann>Bob is a team-mate (−1 Red), Cid>Ann +1 Blue, Dan>Ann +1 Blue: Blue to 2.
        assert_eq!(
            json_of("score --frags Ann>Bob,Cid>Ann,Dan>Ann --teams Red=Ann,Bob;Blue=Cid,Dan --target 2"),
            json!({"scores": {"Blue": 2, "Red": -1}, "winner": "Blue"})
        );
        // The first to reach the target wins, even if another catches up.
        assert_eq!(
            json_of("score --frags Ann>Bob,Bob>Ann,Ann>Bob,Bob>Ann --target 2")["winner"],
            json!("Ann")
        );
        assert_eq!(
            text_of("score --frags Ann>Bob,Bob>Bob,Cid>Ann,Cid>Bob --target 2"),
            "Frags per character, first to 2:\n  Cid    2\n  Ann    1\n  Bob   -3\nCid reached 2 frags first and wins.\n"
        );
        check_failure("score --frags Ann>Bob --target 0", 1, "the frag target must be at least 1");
        check_failure("score --frags Ann-Bob", 2, "'Ann-Bob' in --frags is not a kill like Ann>Bob");
        check_failure("score --frags Ann>Eve --teams Red=Ann;Blue=Bob", 2, "Eve is in no team of --teams");
        check_failure(
            "score --frags Ann>Bob --teams Red=Ann;Red=Bob",
            2,
            "the team Red is given twice in --teams",
        );
        check_failure("score --frags Ann>Bob --teams Red=Ann,Bob;Blue=Bob", 2, "Bob is in both Red and Blue");
    }

    #[test]
    fn reference_print_writes_the_reference_and_the_scoreboard() {
        let dir = tempfile::tempdir().expect("temp dir");
        let out = dir.path().join("sheet.pdf");
        let line = format!("reference print --out {} --paper letter", out.display());
        let value = json_of(&line);
        assert_eq!(value["pages"], json!(2));
        assert_eq!(value["paper"], json!("letter"));
        assert_eq!(value["out"], json!(out.display().to_string()));
        let pdf = std::fs::read(&out).expect("the PDF");
        assert!(pdf.starts_with(b"%PDF"));
        assert_eq!(value["bytes"], json!(pdf.len()));
        check_failure(
            "reference print --out sheet.pdf --paper a5",
            2,
            "'a5' is not a paper size: use a4 or letter",
        );
        assert!(parse("--json score --frags Ann>Bob").json);
    }
}
