//! `posse dmh …` (and the same commands at the top level): thin wrappers that parse
//! arguments, call Dead Man's Hand's rules and print. A public contract: names, flags and JSON
//! keys are only added.
//!
//! This module parses with clap's derive, calls the rules and returns an `Output` or a
//! `Failure`; `text.rs` renders the readable output.

mod text;

use std::path::PathBuf;

use clap::{Args, FromArgMatches as _, Subcommand};
use serde_json::{Value, json};

use crate::host::{Context, Failure, Output, to_json};
use crate::kernel::words::count;
use crate::print::{self, Paper};
use crate::store;
use crate::systems::dmh::files;
use crate::systems::dmh::print::roster;
use crate::systems::dmh::rules::cards::{self, Card, Colour};
use crate::systems::dmh::rules::data::{DeckKind, Role};
use crate::systems::dmh::rules::gang;
use crate::systems::dmh::rules::initiative::{self, Placed, Side};
use crate::systems::dmh::rules::melee::{self, Fighter};
use crate::systems::dmh::rules::nerve::{self, BigNerveInput, NerveInput, TestResult};
use crate::systems::dmh::rules::shooting::{self, ShotInput};
use crate::systems::dmh::rules::{Rules, embedded};

/// Dead Man's Hand's commands.
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
    /// Dead Man's Hand game journals (event logs): simulate one, replay one.
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
/// `posse dmh`, the group of Dead Man's Hand's commands.
#[must_use]
pub fn command() -> clap::Command {
    // The about after the derive's, which would put the enum's doc comment in its place.
    Command::augment_subcommands(clap::Command::new("dmh"))
        .about("Dead Man's Hand: decks, shots, nerve, melee, initiative, gangs, scenes, journals")
        .subcommand_required(true)
}

/// The top-level command with Dead Man's Hand's commands added (the aliases of `posse dmh …`).
#[must_use]
pub fn top_level(top: clap::Command) -> clap::Command {
    Command::augment_subcommands(top)
}

/// Runs the command in `matches` (a Dead Man's Hand command as its subcommand).
///
/// # Errors
/// A failure with its exit code and sentence.
pub fn run(matches: &clap::ArgMatches, context: &mut Context<'_>) -> Result<Output, Failure> {
    let command = Command::from_arg_matches(matches).map_err(|e| Failure::malformed(e.to_string()))?;
    let rules = embedded::load().map_err(Failure::malformed)?;
    dispatch(rules, &command, context.progress.take())
}

/// A distance in cm: any finite number (a negative one is refused by the rules, not here).
///
/// # Errors
/// A sentence fragment when the text is not a finite number.
pub fn parse_distance(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(cm) if cm.is_finite() => Ok(cm),
        _ => Err(format!("'{text}' is not a distance: give a number of cm, like 12 or 12.5")),
    }
}

fn parse_nerve(text: &str) -> Result<u32, String> {
    let trimmed = text.trim();
    // One "+" at most: "4++" is a slip of the keyboard, not a Nerve.
    trimmed
        .strip_suffix('+')
        .unwrap_or(trimmed)
        .parse::<u32>()
        .map_err(|_| format!("'{text}' is not a Nerve value like 4 or 4+"))
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

fn parse_side(
    text: &str,
    side: Side,
    drunk: bool,
    surprised: &[String],
) -> Result<Vec<Placed<'static>>, Failure> {
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
        // Each model is dealt one card (line 55).
        if placed.iter().any(|p: &Placed<'_>| p.model == model) {
            return Err(Failure::malformed(format!("{model} is given two cards")).keeping_case());
        }
        placed.push(Placed {
            side,
            model: model.to_owned().into(),
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
    let gang_file = files::read_gang(file).map_err(Failure::file)?;
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
    sources: &[&std::path::Path],
) -> Result<Output, Failure> {
    let pdf = print::render(pages).map_err(Failure::malformed)?;
    store::write_output_of(out, &pdf, sources).map_err(Failure::file)?;
    let text = format!(
        "Wrote {what} to {} ({}, {} bytes, {}).",
        out.display(),
        crate::kernel::words::count(pages.len(), "page", "pages"),
        pdf.len(),
        paper.id()
    );
    let json = json!({ "out": out.display().to_string(), "bytes": pdf.len(), "paper": paper.id(), "pages": pages.len() });
    Ok(Output::ok(text, json))
}

fn scene_print(rules: &Rules, id: &str, out: &std::path::Path, paper: &str) -> Result<Output, Failure> {
    let paper = parse_paper(paper)?;
    let scenes: Vec<&crate::systems::dmh::rules::data::Scene> = if id == "all" {
        rules.storylines.iter().flat_map(|l| l.scenes.iter().filter_map(|s| rules.scene(s))).collect()
    } else {
        vec![rules.scene(id).ok_or_else(|| {
            Failure::malformed(format!(
                "there is no scene '{id}' (posse scene list shows the ids, or use all)"
            ))
        })?]
    };
    let pages: Vec<print::Page> =
        scenes.iter().flat_map(|s| crate::systems::dmh::print::checklist::layout(rules, s, paper)).collect();
    let what =
        if id == "all" { "the twelve scene checklists".to_owned() } else { format!("the checklist of {id}") };
    write_pdf(&pages, out, paper, &what, &[])
}

fn reference_print(rules: &Rules, out: &std::path::Path, paper: &str) -> Result<Output, Failure> {
    let paper = parse_paper(paper)?;
    write_pdf(
        &crate::systems::dmh::print::quickref::layout(rules, paper),
        out,
        paper,
        "the quick-reference sheet",
        &[],
    )
}

fn gang_print(
    rules: &Rules,
    file: &std::path::Path,
    out: &std::path::Path,
    paper: &str,
) -> Result<Output, Failure> {
    let paper = parse_paper(paper)?;
    let gang_file = files::read_gang(file).map_err(Failure::file)?;
    if rules.gang(&gang_file.gang).is_none() {
        return Err(Failure::in_file(file, gang::UnknownGang(gang_file.gang)));
    }
    gang::check_scene(rules, &gang_file).map_err(|e| Failure::in_file(file, e))?;
    let pages = roster::layout(rules, &gang_file, paper);
    write_pdf(&pages, out, paper, &format!("the roster of {}", gang_file.name), &[file])
}

/// Reads a journal and replays it: the game, and whether a torn last line was left out.
/// A damaged journal is an error (exit 2), as is one whose events do not replay.
fn load_game(
    rules: &Rules,
    path: &std::path::Path,
) -> Result<(crate::systems::dmh::game::Game, store::JournalRead<crate::systems::dmh::game::Event>), Failure>
{
    let read = files::read_journal(path).map_err(Failure::file)?;
    // A first line that is whole (its number and checksum hold) but no event of this game is
    // another game's journal, not a damaged one.
    if read.damage.as_ref().is_some_and(store::Damage::another_games) {
        return Err(Failure::in_file(
            path,
            "this is not a Dead Man's Hand journal: its first event is not this game's beginning (is it another game's journal, or a newer Posse's?); `posse game replay` reads Dead Man's Hand journals only",
        ));
    }
    if let Some(damage) = &read.damage {
        return Err(Failure::file(store::StoreError::Damaged {
            path: path.to_owned(),
            line: damage.line,
            reason: damage.reason.clone(),
        }));
    }
    let game = crate::systems::dmh::game::Game::replay(rules, &read.events)
        .map_err(|(n, e)| Failure::in_file(path, format!("event {} does not replay: {e}", n + 1)))?;
    Ok((game, read))
}

fn game_summary(game: &crate::systems::dmh::game::Game, torn: bool) -> (String, Value) {
    let text = format!(
        "{}; turn {}, {:?}{}{}",
        count(game.events.len(), "event", "events"),
        game.turn,
        game.phase,
        game.broke.map_or(String::new(), |s| format!("; side {} broke", if s == 0 { "a" } else { "b" })),
        if torn { "; a half-written last event was left out" } else { "" }
    );
    let json = json!({ "events": game.events.len(), "turn": game.turn, "phase": format!("{:?}", game.phase), "torn_tail": torn });
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
    use crate::systems::dmh::game::{Event, Game, sim};
    let exists = std::fs::symlink_metadata(path).is_ok();
    let (mut game, torn, mut journal, torn_copy) = if exists {
        let (game, read) = load_game(rules, path)?;
        // Cuts a torn last line (keeping a copy) and adds checksums to an older journal.
        let (journal, copy) = store::Journal::resume(path, &read).map_err(Failure::file)?;
        (game, read.torn_tail, journal, copy)
    } else {
        (Game::default(), false, store::Journal::create(path).map_err(Failure::file)?, None)
    };
    let mut choice = seed ^ u64::try_from(game.events.len()).unwrap_or(0).wrapping_mul(0x2545_F491_4F6C_DD1D);
    for _ in 0..events {
        let event = if game.events.is_empty() {
            Event::Begin(Box::new(sim::showdown_setup(seed)))
        } else {
            choice = choice.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            match sim::next_event(rules, &game, choice) {
                Some(event) => event,
                None => break,
            }
        };
        // The event is on the disk before the game (and the reader) count it.
        crate::systems::dmh::journal::commit(&mut journal, &mut game, rules, &event).map_err(
            |e| match e {
                crate::kernel::log::CommitError::Refused(e) => Failure::refused(e),
                crate::kernel::log::CommitError::NotSaved(e) => Failure::file(e),
            },
        )?;
        if let Some(out) = progress.as_mut()
            && writeln!(out, "applied {}", game.events.len()).and_then(|()| out.flush()).is_err()
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
    #[test]
    fn nerve_accepts_the_plus_form() {
        let args = ["posse", "nerve", "--nerve", "4+", "--json"];
        let (code, out, _) =
            crate::cli::execute(crate::systems::ALL, args.into_iter().map(Into::into).collect());
        assert_eq!(code, 0);
        let v: serde_json::Value = serde_json::from_str(&out).expect("json");
        assert_eq!(v["needed"], 4);
    }
}
