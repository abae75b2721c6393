//! `posse savage …`: the odds calculators and the action-deck order on the command line.
//!
//! A public contract: names, flags and JSON keys are only ever added. Exit codes: 0 success,
//! 1 the rules refuse (a die total that aced, a Toughness out of range), 2 malformed input.
//! `reference print` lays the sheet out with [`crate::print`] and writes the PDF.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use clap::{Args, FromArgMatches as _, Subcommand};
use serde_json::{Value, json};

use crate::host::{Context, Failure, Output};
use crate::print::{self, Paper};
use crate::store;
use crate::systems::savage::print::{combatant as combatant_sheet, reference};
use crate::systems::savage::rules::combatant;

use crate::kernel::cards::Card;
use crate::systems::savage::rules::damage::{self, DamageDice, DamageError};
use crate::systems::savage::rules::die::Die;
use crate::systems::savage::rules::fatigue;
use crate::systems::savage::rules::initiative::{acts_before, parse_card};
use crate::systems::savage::rules::sheet::ReferenceSheet;
use crate::systems::savage::rules::situation;
use crate::systems::savage::rules::traits::{self, RollError, TraitRoll};
use crate::systems::savage::rules::{Rules, data, embedded};

/// The `posse savage` commands.
#[derive(Subcommand, Debug, Clone, PartialEq, Eq)]
pub enum SavageCommand {
    /// The exact odds of a trait roll, and its result for the dice rolled.
    Trait(TraitArgs),
    /// The exact odds of a damage roll against a Toughness.
    Damage(DamageArgs),
    /// Puts action cards in acting order.
    Initiative(InitiativeArgs),
    /// The exact odds of a soak roll (wounds removed).
    Soak(SoakArgs),
    /// The exact odds of an Incapacitation roll.
    Incapacitation(IncapacitationArgs),
    /// The exact odds of a Survival roll finding water and food for the people to feed.
    Survival(SurvivalArgs),
    /// The quick-reference sheet.
    #[command(subcommand)]
    Reference(ReferenceCommand),
    /// Combatant sheets.
    #[command(subcommand)]
    Combatant(CombatantCommand),
}

/// `posse savage trait`.
#[derive(Args, Debug, Clone, PartialEq, Eq)]
pub struct TraitArgs {
    /// The trait's die type: d4, d6, d8, d10, d12 (or d12+N).
    #[arg(long)]
    pub die: String,
    /// Every modifier together (wounds, fatigue, range, Joker…).
    #[arg(long, default_value_t = 0, allow_negative_numbers = true)]
    pub modifier: i32,
    /// An Extra: no Wild Die.
    #[arg(long)]
    pub extra: bool,
    /// The target number (4 by default; the target's Parry for Fighting).
    #[arg(long, allow_negative_numbers = true)]
    pub tn: Option<i32>,
    /// The dice rolled, each total after aces: the trait die, then the Wild Die ("9,3").
    #[arg(long)]
    pub roll: Option<String>,
    /// The actions taken this turn (1–3): each beyond the first is −2 to every one of them.
    #[arg(long = "multi-action")]
    pub multi_action: Option<u32>,
}

/// `posse savage damage`.
#[derive(Args, Debug, Clone, PartialEq, Eq)]
pub struct DamageArgs {
    /// The damage dice: terms like 2d6, d8, Str, +1 joined by + ("2d6+1", "Str+d6").
    #[arg(long)]
    pub dice: String,
    /// The attack got a raise: +1d6.
    #[arg(long)]
    pub raise: bool,
    /// The target's Toughness.
    #[arg(long, allow_negative_numbers = true)]
    pub toughness: i32,
    /// The target is already Shaken.
    #[arg(long)]
    pub shaken: bool,
    /// The attacker's Strength die, for Str.
    #[arg(long)]
    pub strength: Option<String>,
    /// The target's armour, already inside --toughness.
    #[arg(long, default_value_t = 0)]
    pub armour: u32,
    /// Armour piercing: ignores up to this much of the armour.
    #[arg(long, default_value_t = 0)]
    pub ap: u32,
}

/// `posse savage initiative`.
#[derive(Args, Debug, Clone, PartialEq, Eq)]
pub struct InitiativeArgs {
    /// Names and cards: "Ann=QS,Bob=QH,Cid=JK" (jokers RJ, BJ or JK).
    #[arg(long)]
    pub cards: String,
}

/// `posse savage soak`.
#[derive(Args, Debug, Clone, PartialEq, Eq)]
pub struct SoakArgs {
    /// The Vigor die.
    #[arg(long)]
    pub vigor: String,
    #[arg(long, default_value_t = 0, allow_negative_numbers = true)]
    pub modifier: i32,
    /// An Extra: no Wild Die.
    #[arg(long)]
    pub extra: bool,
    /// The wounds just taken (1–20): the chances then stop at taking them all away.
    #[arg(long)]
    pub wounds: Option<u32>,
}

/// `posse savage survival`.
#[derive(Args, Debug, Clone, PartialEq, Eq)]
pub struct SurvivalArgs {
    /// The Survival die (d4−2 unskilled: --skill d4 --modifier -2).
    #[arg(long)]
    pub skill: String,
    /// Every modifier together (wounds, fatigue…).
    #[arg(long, default_value_t = 0, allow_negative_numbers = true)]
    pub modifier: i32,
    /// An Extra: no Wild Die.
    #[arg(long)]
    pub extra: bool,
    /// The people to find water and food for (1–1000).
    #[arg(long, default_value_t = 1)]
    pub people: u32,
}

/// `posse savage incapacitation`.
#[derive(Args, Debug, Clone, PartialEq, Eq)]
pub struct IncapacitationArgs {
    /// The Vigor die.
    #[arg(long)]
    pub vigor: String,
    /// Every modifier together (the −3 of the wounds included).
    #[arg(long, default_value_t = 0, allow_negative_numbers = true)]
    pub modifier: i32,
}

/// `posse savage reference …`.
#[derive(Subcommand, Debug, Clone, PartialEq, Eq)]
pub enum ReferenceCommand {
    /// Print the one-page reference sheet to PDF.
    Print(ReferencePrintArgs),
}

/// `posse savage reference print`.
#[derive(Args, Debug, Clone, PartialEq, Eq)]
pub struct ReferencePrintArgs {
    /// Where to write the PDF.
    #[arg(long)]
    pub out: PathBuf,
    /// a4 or letter.
    #[arg(long, default_value = "a4")]
    pub paper: String,
}

/// `posse savage combatant …`.
#[derive(Subcommand, Debug, Clone, PartialEq, Eq)]
pub enum CombatantCommand {
    /// Print one sheet per combatant file to one PDF.
    Print(CombatantPrintArgs),
}

/// `posse savage combatant print`.
#[derive(Args, Debug, Clone, PartialEq, Eq)]
pub struct CombatantPrintArgs {
    /// A combatant file (as the app keeps them in its `savage/combatants/` folder); repeat it
    /// for several sheets in one PDF.
    #[arg(long = "file", required = true)]
    pub files: Vec<PathBuf>,
    /// Where to write the PDF.
    #[arg(long)]
    pub out: PathBuf,
    /// a4 or letter.
    #[arg(long, default_value = "a4")]
    pub paper: String,
}

/// `posse savage`, the group of Deadlands' commands.
#[must_use]
pub fn command() -> clap::Command {
    // The about after the derive's, which would put the enum's doc comment in its place.
    SavageCommand::augment_subcommands(clap::Command::new("savage"))
        .about("Deadlands (Savage Worlds): exact odds of aced rolls, the action deck, the reference sheet, combatants")
        .subcommand_required(true)
}

/// Runs the command in `matches` (one of Deadlands' commands as its subcommand).
///
/// # Errors
/// A failure with its exit code (1: the rules refuse; 2: malformed input) and one sentence.
pub fn run(matches: &clap::ArgMatches, _context: &mut Context<'_>) -> Result<Output, Failure> {
    let cmd = SavageCommand::from_arg_matches(matches).map_err(|e| Failure::malformed(e.to_string()))?;
    execute(&cmd)
}

/// Runs one command, already parsed.
///
/// # Errors
/// A failure with its exit code and one sentence.
pub fn execute(cmd: &SavageCommand) -> Result<Output, Failure> {
    let rules = embedded().map_err(|problems| Failure::malformed(data::problems_text(problems)))?;
    let (text, value) = match cmd {
        SavageCommand::Trait(a) => trait_cmd(rules, a)?,
        SavageCommand::Damage(a) => damage_cmd(rules, a)?,
        SavageCommand::Initiative(a) => initiative_cmd(a)?,
        SavageCommand::Soak(a) => soak_cmd(rules, a)?,
        SavageCommand::Incapacitation(a) => incapacitation_cmd(rules, a)?,
        SavageCommand::Survival(a) => survival_cmd(rules, a)?,
        SavageCommand::Reference(ReferenceCommand::Print(a)) => reference_cmd(rules, a)?,
        SavageCommand::Combatant(CombatantCommand::Print(a)) => combatant_cmd(rules, a)?,
    };
    Ok(Output::ok(text, value))
}

fn parse_die(text: &str) -> Result<Die, Failure> {
    text.parse::<Die>().map_err(Failure::malformed)
}

fn percent(p: f64) -> String {
    let pct = p * 100.0;
    if pct > 0.0 && pct < 0.1 { "<0.1%".to_owned() } else { format!("{pct:.1}%") }
}

fn signed(n: i32) -> String {
    if n >= 0 { format!("+{n}") } else { n.to_string() }
}

fn parse_roll(text: &str) -> Result<(u32, Option<u32>), Failure> {
    let bad = || {
        Failure::malformed(format!(
            "'{text}' is not a roll: give the trait die's total, then the Wild Die's, like 9,3"
        ))
    };
    let mut parts = text.split(',').map(str::trim);
    let first = parts.next().ok_or_else(bad)?.parse::<u32>().map_err(|_| bad())?;
    let second = match parts.next() {
        Some(w) => Some(w.parse::<u32>().map_err(|_| bad())?),
        None => None,
    };
    if parts.next().is_some() {
        return Err(bad());
    }
    Ok((first, second))
}

fn trait_cmd(rules: &Rules, a: &TraitArgs) -> Result<(String, Value), Failure> {
    let die = parse_die(&a.die)?;
    let tn = a.tn.unwrap_or(rules.core.traits.target_number);
    if !(-100..=1000).contains(&tn) || !(-100..=100).contains(&a.modifier) {
        return Err(Failure::refused(
            "the target number and modifier must be within -100 to 1000 and -100 to 100",
        ));
    }
    let situations = &rules.core.situations;
    let max = situations.multi_action.max_actions;
    let actions = a.multi_action.unwrap_or(1);
    if !(1..=max).contains(&actions) {
        return Err(Failure::refused(format!(
            "--multi-action is the actions taken this turn, 1 to {max}; {actions} is not."
        )));
    }
    let penalty = situations.multi_action_penalty(actions);
    let roll = TraitRoll { die, wild: !a.extra, modifier: a.modifier + penalty, tn };
    let odds = traits::odds(rules, &roll);
    let c = odds.chances;
    let mut value = json!({
        "die": die.to_string(),
        "wild": roll.wild,
        "tn": tn,
        "modifier": a.modifier,
        "multi_action_penalty": penalty,
        "chances": {
            "critical_failure": c.critical_failure,
            "failure": c.failure,
            "success": c.success,
            "raise": c.raise,
        },
        "at_least_success": odds.at_least_success(),
        "by_raises": odds.by_raises,
    });
    let wild_words = if roll.wild { " with the Wild Die" } else { "" };
    let multi =
        if penalty == 0 { String::new() } else { format!(" ({actions} actions: {})", signed(penalty)) };
    let mut text = format!("{die}{wild_words} {}{multi} against {tn}:\n", signed(roll.total_modifier()));
    let _ = writeln!(text, "  critical failure {}", percent(c.critical_failure));
    let _ = writeln!(text, "  failure          {}", percent(c.failure));
    let _ = writeln!(text, "  success          {}", percent(c.success));
    let _ = writeln!(text, "  raise            {}", percent(c.raise));
    let _ = writeln!(text, "  success or better {}", percent(odds.at_least_success()));
    let raises: Vec<String> = odds
        .by_raises
        .iter()
        .map(|r| format!("{}{} {}", r.raises, if r.or_more { "+" } else { "" }, percent(r.chance)))
        .collect();
    let _ = writeln!(text, "  raises: {}", raises.join(", "));
    if let Some(roll_text) = &a.roll {
        let (t, w) = parse_roll(roll_text)?;
        let result = traits::result(rules, &roll, t, w).map_err(|e| match e {
            RollError::Total(total) => Failure::refused(total),
            other => Failure::malformed(other),
        })?;
        if let Some(map) = value.as_object_mut() {
            map.insert("total".into(), json!(result.total));
            map.insert("raises".into(), json!(result.raises));
            map.insert("result".into(), json!(result.outcome.id()));
        }
        let outcome = match result.outcome {
            traits::Outcome::Raise if result.raises > 1 => format!("{} raises", result.raises),
            traits::Outcome::Raise => "a raise".to_owned(),
            other => other.id().replace('_', " "),
        };
        let _ = writeln!(
            text,
            "Rolled {t}{}: total {}: {outcome}.",
            w.map(|w| format!(" and {w}")).unwrap_or_default(),
            result.total
        );
    }
    Ok((text, value))
}

fn damage_cmd(rules: &Rules, a: &DamageArgs) -> Result<(String, Value), Failure> {
    let dice: DamageDice = a.dice.parse().map_err(Failure::malformed)?;
    let strength = a.strength.as_deref().map(parse_die).transpose()?;
    let resolved = dice.resolve(strength).map_err(|e| match e {
        DamageError::NoStrength => {
            Failure::malformed("Str needs the attacker's Strength die: add --strength d8 (or its die)")
        }
        other => Failure::malformed(other),
    })?;
    let resolved = if a.raise { resolved.with_die(rules.core.attack_raise_die) } else { resolved };
    if !(0..=damage::MAX_TOUGHNESS).contains(&a.toughness) {
        // The Toughness's own refusal first: "the armour (0) is more than the Toughness (-1)"
        // blamed the armour for a Toughness no one has.
        return Err(Failure::refused(DamageError::Toughness(a.toughness)));
    }
    let armour = i32::try_from(a.armour).unwrap_or(i32::MAX);
    if armour > a.toughness {
        return Err(Failure::refused(format!(
            "the armour ({armour}) is more than the Toughness ({}) it is part of.",
            a.toughness
        )));
    }
    let toughness = situation::effective_toughness(a.toughness, armour, a.ap);
    let chances = damage::odds(rules, &resolved, toughness, a.shaken).map_err(Failure::refused)?;
    let value = json!({
        "dice": dice.to_string(),
        "raise": a.raise,
        "toughness": a.toughness,
        "effective_toughness": toughness,
        "shaken": a.shaken,
        "chances": chances,
    });
    let raise = if a.raise { " +1d6 (raise)" } else { "" };
    let shaken = if a.shaken { " (already Shaken)" } else { "" };
    let pierced = if toughness == a.toughness {
        String::new()
    } else {
        format!(" (AP {} through armour {armour}: {toughness})", a.ap)
    };
    let mut text = format!("{dice}{raise} against Toughness {}{pierced}{shaken}:\n", a.toughness);
    for (label, p) in [
        ("no effect", chances.none),
        ("Shaken", chances.shaken),
        ("1 wound", chances.wounds_1),
        ("2 wounds", chances.wounds_2),
        ("3 wounds", chances.wounds_3),
        ("4+ wounds", chances.wounds_4_plus),
    ] {
        let _ = writeln!(text, "  {label:<10} {}", percent(p));
    }
    Ok((text, value))
}

fn initiative_cmd(a: &InitiativeArgs) -> Result<(String, Value), Failure> {
    let mut entries: Vec<(String, Card)> = Vec::new();
    for item in a.cards.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let Some((name, code)) = item.split_once('=') else {
            return Err(Failure::malformed(format!("'{item}' should be a name and a card, like Ann=QS")));
        };
        let name = name.trim();
        if name.is_empty() {
            return Err(Failure::malformed(format!("'{item}' has no name before the '='")));
        }
        if entries.iter().any(|(n, _)| n == name) {
            return Err(Failure::malformed(format!("{name} is given two cards")).keeping_case());
        }
        let taken: Vec<Card> = entries.iter().map(|(_, c)| *c).collect();
        // `JK` is whichever joker is left, so "RJ, JK, BJ" has given both before BJ.
        let both = || Failure::malformed("both jokers are already dealt: the deck has two");
        let jokers_dealt = taken.iter().filter(|c| c.is_joker()).count() == 2;
        let card = match parse_card(code, &taken) {
            Ok(card) if jokers_dealt && card.is_joker() => return Err(both()),
            Ok(card) => card,
            Err(_) if jokers_dealt && matches!(code.to_ascii_uppercase().as_str(), "JK" | "JOKER") => {
                return Err(both());
            }
            Err(e) => return Err(Failure::malformed(e)),
        };
        if taken.contains(&card) {
            return Err(Failure::malformed(format!("the card {card} is given twice")));
        }
        entries.push((name.to_owned(), card));
    }
    if entries.is_empty() {
        return Err(Failure::malformed("give at least one name and card, like Ann=QS"));
    }
    entries.sort_by(|(_, x), (_, y)| acts_before(*x, *y));
    let reshuffle = entries.iter().any(|(_, c)| c.is_joker());
    let order: Vec<Value> = entries
        .iter()
        .map(|(n, c)| json!({ "name": n, "card": c.to_string(), "joker": c.is_joker() }))
        .collect();
    let mut text = String::new();
    for (i, (name, card)) in entries.iter().enumerate() {
        let joker = if card.is_joker() {
            "  Joker: acts whenever it likes, +2 to trait and damage rolls"
        } else {
            ""
        };
        let _ = writeln!(text, "{}. {name} {}{joker}", i + 1, card.label());
    }
    if reshuffle {
        text.push_str("A Joker was dealt: shuffle the deck at the end of the round.\n");
    }
    Ok((text, json!({ "order": order, "reshuffle": reshuffle })))
}

fn soak_cmd(rules: &Rules, a: &SoakArgs) -> Result<(String, Value), Failure> {
    let vigor = parse_die(&a.vigor)?;
    if let Some(wounds) = a.wounds {
        return soak_wounds_cmd(rules, a, vigor, wounds);
    }
    let c = damage::soak_odds(rules, vigor, !a.extra, a.modifier);
    let value = json!({ "vigor": vigor.to_string(), "wild": !a.extra, "modifier": a.modifier, "chances": c });
    let mut text = format!("Soak with Vigor {vigor} {}:\n", signed(a.modifier));
    for (label, p) in
        [("none", c.none), ("1 wound", c.wounds_1), ("2 wounds", c.wounds_2), ("3+ wounds", c.wounds_3_plus)]
    {
        let _ = writeln!(text, "  {label:<10} {}", percent(p));
    }
    Ok((text, value))
}

/// `soak --wounds N`: `none`, then `wounds_1` … `wounds_N` (the last: all N taken away).
fn soak_wounds_cmd(rules: &Rules, a: &SoakArgs, vigor: Die, wounds: u32) -> Result<(String, Value), Failure> {
    if !(1..=damage::MAX_SOAK_WOUNDS).contains(&wounds) {
        return Err(Failure::malformed(format!(
            "--wounds is the wounds just taken, 1 to {}; {wounds} is not.",
            damage::MAX_SOAK_WOUNDS
        )));
    }
    let c = damage::soak_odds_for(rules, vigor, !a.extra, a.modifier, wounds);
    let mut chances = serde_json::Map::new();
    let mut text = format!(
        "Soak {} with Vigor {vigor} {}:\n",
        crate::kernel::words::count(wounds, "wound", "wounds"),
        signed(a.modifier)
    );
    for (k, p) in c.iter().enumerate() {
        let (key, label) = if k == 0 {
            ("none".to_owned(), "none".to_owned())
        } else {
            (format!("wounds_{k}"), format!("{k} wound{}", if k == 1 { "" } else { "s" }))
        };
        chances.insert(key, json!(p));
        let _ = writeln!(text, "  {label:<10} {}", percent(*p));
    }
    let value = json!({
        "vigor": vigor.to_string(),
        "wild": !a.extra,
        "modifier": a.modifier,
        "wounds": wounds,
        "chances": chances,
    });
    Ok((text, value))
}

/// The most people `survival --people` takes (a town, beyond any posse).
const MAX_SURVIVAL_PEOPLE: u32 = 1000;

/// `survival`: S41, fr 11 (one person on a success, five more per raise).
fn survival_cmd(rules: &Rules, a: &SurvivalArgs) -> Result<(String, Value), Failure> {
    let skill = parse_die(&a.skill)?;
    if !(1..=MAX_SURVIVAL_PEOPLE).contains(&a.people) {
        return Err(Failure::malformed(format!(
            "--people is the people to feed, 1 to {MAX_SURVIVAL_PEOPLE}; {} is not.",
            a.people
        )));
    }
    let wild = !a.extra;
    let raises = fatigue::survival_raises_needed(rules, a.people);
    let chance = fatigue::survival_odds(rules, skill, wild, a.modifier, a.people);
    let f = &rules.core.fatigue;
    let mut text = format!(
        "Survival {skill} {} for {} to feed:
",
        signed(a.modifier),
        a.people
    );
    let _ = writeln!(text, "  enough      {} ({raises} raise(s) needed)", percent(chance));
    let by_raises: Vec<Value> = (0..=4u32)
        .map(|k| {
            let people = f.survival_feeds + f.survival_more_per_raise * k;
            let p = fatigue::survival_odds(rules, skill, wild, a.modifier, people);
            let _ = writeln!(text, "  {people:>3} people  {}", percent(p));
            json!({ "raises": k, "people": people, "chance": p })
        })
        .collect();
    let value = json!({
        "skill": skill.to_string(),
        "wild": wild,
        "modifier": a.modifier,
        "people": a.people,
        "raises_needed": raises,
        "chance": chance,
        "feeds": by_raises,
    });
    Ok((text, value))
}

fn incapacitation_cmd(rules: &Rules, a: &IncapacitationArgs) -> Result<(String, Value), Failure> {
    let vigor = parse_die(&a.vigor)?;
    let c = damage::incapacitation_odds(rules, vigor, true, a.modifier);
    let value = json!({ "vigor": vigor.to_string(), "modifier": a.modifier, "chances": c });
    let mut text = format!("Incapacitation, Vigor {vigor} {}:\n", signed(a.modifier));
    for (label, p) in [
        ("dead", c.dead),
        ("bleeding out", c.bleeding_out),
        ("heals with the wounds", c.heals_with_wounds),
        ("heals in 24 hours", c.heals_in_24h),
    ] {
        let _ = writeln!(text, "  {label:<22} {}", percent(p));
    }
    Ok((text, value))
}

fn paper_of(text: &str) -> Result<Paper, Failure> {
    Paper::parse(text.trim())
        .ok_or_else(|| Failure::malformed(format!("'{text}' is not a paper size: use a4 or letter")))
}

fn combatant_cmd(rules: &Rules, a: &CombatantPrintArgs) -> Result<(String, Value), Failure> {
    let paper = paper_of(&a.paper)?;
    let mut combatants = Vec::new();
    for path in &a.files {
        let bytes =
            store::read_bounded(path, store::FILE_LIMIT, "a combatant file").map_err(Failure::file)?;
        let text = String::from_utf8(bytes).map_err(|_| {
            Failure::malformed(format!("{} is not text (UTF-8)", path.display())).keeping_case()
        })?;
        let c = combatant::from_json(&text).map_err(|problems| {
            let words: Vec<String> = problems.iter().map(|p| format!("{}: {}", p.path, p.message)).collect();
            Failure::malformed(format!("{} is not a combatant file ({})", path.display(), words.join("; ")))
                .keeping_case()
        })?;
        combatants.push(c);
    }
    let pages = combatant_sheet::layout_all(rules, &combatants, paper);
    let names: Vec<&str> = combatants.iter().map(|c| c.name.as_str()).collect();
    let sources: Vec<&Path> = a.files.iter().map(PathBuf::as_path).collect();
    let (text, mut value) =
        write_pdf(&pages, &a.out, paper, &format!("the sheets of {}", names.join(", ")), &sources)?;
    value["combatants"] = json!(names);
    Ok((text, value))
}

fn reference_cmd(rules: &Rules, a: &ReferencePrintArgs) -> Result<(String, Value), Failure> {
    let paper = paper_of(&a.paper)?;
    let pages = reference::layout(&ReferenceSheet::build(rules), paper);
    write_pdf(&pages, &a.out, paper, "the Deadlands reference sheet", &[])
}

/// Renders `pages` and writes the PDF to `out`: the sentence saying so and its JSON.
fn write_pdf(
    pages: &[print::Page],
    out: &Path,
    paper: Paper,
    what: &str,
    sources: &[&Path],
) -> Result<(String, Value), Failure> {
    let pdf = print::render(pages).map_err(Failure::malformed)?;
    store::write_output_of(out, &pdf, sources).map_err(Failure::file)?;
    let text = format!(
        "Wrote {what} to {} ({}, {} bytes, {}).",
        out.display(),
        crate::kernel::words::count(pages.len(), "page", "pages"),
        pdf.len(),
        paper.id()
    );
    let value = json!({
        "out": out.display().to_string(),
        "bytes": pdf.len(),
        "paper": paper.id(),
        "pages": pages.len(),
    });
    Ok((text, value))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs `posse savage ARGS` through the whole shell: exit code, stdout, stderr.
    fn exec(args: &str) -> (u8, String, String) {
        let words = ["posse", "savage"]
            .into_iter()
            .map(str::to_owned)
            .chain(args.split_whitespace().map(|a| a.trim_matches('"').to_owned()));
        crate::cli::execute(crate::systems::ALL, words.map(Into::into).collect())
    }

    fn json_of(args: &str) -> Value {
        let (code, out, err) = exec(&format!("{args} --json"));
        assert_eq!(code, 0, "{args}: {err}");
        serde_json::from_str(&out).expect("json")
    }

    fn text_of(args: &str) -> String {
        let (code, out, err) = exec(args);
        assert_eq!(code, 0, "{args}: {err}");
        out
    }

    fn close(v: &Value, expected: f64) -> bool {
        v.as_f64().is_some_and(|x| (x - expected).abs() < 1e-12)
    }

    fn check_failure(args: &str, code: u8, message: &str) {
        let (got, out, err) = exec(args);
        assert_eq!((got, err.as_str(), out.as_str()), (code, message, ""), "{args}");
    }

    #[test]
    fn trait_odds_keys_and_values() {
        let v = json_of("trait --die d4");
        // The hand computation of rules::traits: 1/24, 1/3, 249/576, 111/576.
        assert_eq!(v["die"], "d4");
        assert_eq!(v["wild"], true);
        assert_eq!(v["tn"], 4);
        assert_eq!(v["modifier"], 0);
        assert!(close(&v["chances"]["critical_failure"], 1.0 / 24.0));
        assert!(close(&v["chances"]["failure"], 1.0 / 3.0));
        assert!(close(&v["chances"]["success"], 249.0 / 576.0));
        assert!(close(&v["chances"]["raise"], 111.0 / 576.0));
        assert!(close(&v["at_least_success"], 5.0 / 8.0));
        let v = json_of("trait --die d6 --extra --tn 8");
        assert!(close(&v["at_least_success"], 5.0 / 36.0));
        assert!(close(&v["chances"]["critical_failure"], 0.0));
    }

    #[test]
    fn trait_rolls() {
        let v = json_of("trait --die d8 --modifier -2 --roll 11,3");
        assert_eq!(
            (v["total"].clone(), v["raises"].clone(), v["result"].clone()),
            (json!(9), json!(1), json!("raise"))
        );
        let v = json_of("trait --die d8 --roll 1,1 --modifier 6");
        assert_eq!(v["result"], "critical_failure");
        let v = json_of("trait --die d6 --extra --roll 3");
        assert_eq!((v["result"].clone(), v["raises"].clone()), (json!("failure"), json!(0)));
        check_failure("trait --die d6 --roll 6,2", 1, "6 on the d6: it aced: roll again and add.");
        check_failure("trait --die d8 --roll 5,12", 1, "12 on the d6: it aced: roll again and add.");
        check_failure("trait --die d8 --roll 5", 2, "A Wild Card rolls the Wild Die too: give both totals.");
        check_failure(
            "trait --die d8 --roll five",
            2,
            "'five' is not a roll: give the trait die's total, then the Wild Die's, like 9,3.",
        );
        check_failure(
            "trait --die d7",
            2,
            "'d7' is not a die type: write d4, d6, d8, d10, d12 or d12+N (N up to 20).",
        );
        let text = text_of("trait --die d8 --roll 9,2");
        assert!(text.ends_with("Rolled 9 and 2: total 9: a raise."), "{text}");
    }

    #[test]
    fn damage_odds() {
        let v = json_of("damage --dice d6 --toughness 5");
        // See rules::damage: ≥ 5 = 2/6, ≥ 9 = 4/36.
        assert!(close(&v["chances"]["none"], 4.0 / 6.0));
        assert!(close(&v["chances"]["shaken"], 2.0 / 6.0 - 4.0 / 36.0));
        let keys: Vec<&String> = v["chances"].as_object().expect("object").keys().collect();
        assert_eq!(keys.len(), 6);
        for key in ["none", "shaken", "wounds_1", "wounds_2", "wounds_3", "wounds_4_plus"] {
            assert!(v["chances"].get(key).is_some(), "{key}");
        }
        let v = json_of("damage --dice Str+d6 --strength d8 --toughness 5 --shaken");
        assert!(close(&v["chances"]["shaken"], 0.0));
        check_failure(
            "damage --dice Str+d6 --toughness 5",
            2,
            "Str needs the attacker's Strength die: add --strength d8 (or its die).",
        );
        check_failure(
            "damage --dice 2d6 --toughness 500",
            1,
            "A Toughness of 500 is out of range: use 0 to 200.",
        );
        check_failure(
            "damage --dice 2d6 --toughness -1",
            1,
            "A Toughness of -1 is out of range: use 0 to 200.",
        );
        check_failure(
            "damage --dice 2d6 --toughness 4 --armour 5",
            1,
            "The armour (5) is more than the Toughness (4) it is part of.",
        );
        check_failure(
            "damage --dice 2x6 --toughness 5",
            2,
            "'2x6' is not damage dice: write terms like 2d6, d8, Str or +1 joined by +, e.g. Str+d6 or 2d6+1.",
        );
    }

    #[test]
    fn four_d10_plus_2_with_a_raise_against_12() {
        // The timing is measured in the release build by scripts/bench-savage.sh; here the
        // answer: every chance, summing to 1, and no effect only when the five dice total 9
        // or less (126 ways out of 10⁴·6 with no die acing: exactly 126/60000).
        let v = json_of("damage --dice 4d10+2 --raise --toughness 12");
        let c = &v["chances"];
        let total: f64 = ["none", "shaken", "wounds_1", "wounds_2", "wounds_3", "wounds_4_plus"]
            .iter()
            .filter_map(|k| c[*k].as_f64())
            .sum();
        assert!((total - 1.0).abs() < 1e-12);
        assert!(close(&c["none"], 126.0 / 60000.0));
    }

    #[test]
    fn initiative_order() {
        let v = json_of("initiative --cards Ann=QS,Bob=QH,Cid=JK,Dee=2C,Eve=AD");
        assert_eq!(
            v,
            json!({
                "order": [
                    { "name": "Cid", "card": "RJ", "joker": true },
                    { "name": "Eve", "card": "AD", "joker": false },
                    { "name": "Ann", "card": "QS", "joker": false },
                    { "name": "Bob", "card": "QH", "joker": false },
                    { "name": "Dee", "card": "2C", "joker": false },
                ],
                "reshuffle": true
            })
        );
        let v = json_of("initiative --cards Ann=5D,Bob=5S");
        assert_eq!(v["reshuffle"], false);
        assert_eq!(v["order"][0]["name"], "Bob");
        check_failure("initiative --cards Ann=QS,Bob=QS", 2, "The card QS is given twice.");
        check_failure("initiative --cards Ann", 2, "'Ann' should be a name and a card, like Ann=QS.");
        check_failure(
            "initiative --cards Ann=1S",
            2,
            "'1S' is not a card: write the rank then the suit, like 7S, 10H, QD or AC, or RJ / BJ for a joker.",
        );
        let text = text_of("initiative --cards Ann=QS,Cid=BJ");
        assert_eq!(
            text,
            "1. Cid Black Joker  Joker: acts whenever it likes, +2 to trait and damage rolls\n2. Ann Q♠\nA Joker was dealt: shuffle the deck at the end of the round."
        );
    }

    #[test]
    fn soak_and_incapacitation_odds() {
        let v = json_of("soak --vigor d4 --extra");
        assert!(close(&v["chances"]["none"], 0.75));
        assert!(close(&v["chances"]["wounds_3_plus"], 1.0 / 64.0));
        let v = json_of("incapacitation --vigor d6 --modifier -3");
        assert!(close(&v["chances"]["dead"], 16.0 / 36.0));
        assert!(close(&v["chances"]["bleeding_out"], 9.0 / 36.0));
        let keys: Vec<&String> = v["chances"].as_object().expect("object").keys().collect();
        assert_eq!(keys, ["bleeding_out", "dead", "heals_in_24h", "heals_with_wounds"]);
    }

    #[test]
    fn json_flag_prints_json() {
        let (code, out, _) = exec("--json soak --vigor d8");
        assert_eq!(code, 0);
        assert!(out.starts_with("{\n  \"chances\": {"), "{out}");
    }

    #[test]
    fn reference_print_writes_one_page() {
        let dir = tempfile::tempdir().expect("temp");
        let out = dir.path().join("sheet.pdf");
        let v = json_of(&format!("reference print --out {} --paper letter", out.display()));
        assert_eq!((v["paper"].clone(), v["pages"].clone()), (json!("letter"), json!(1)));
        let bytes = std::fs::read(&out).expect("the PDF");
        assert!(bytes.starts_with(b"%PDF"));
        assert_eq!(v["bytes"], json!(bytes.len()));
        check_failure(
            &format!("reference print --out {} --paper a5", out.display()),
            2,
            "'a5' is not a paper size: use a4 or letter.",
        );
    }
}
