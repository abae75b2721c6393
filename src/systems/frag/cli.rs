//! The `posse frag …` commands: fighter design, to-hit and damage odds, poker hands for who
//! goes first, zombie frags, and the record sheet's content. The names, flags and JSON keys
//! are a public contract: only ever added to.
//!
//! [`run`] returns an [`Output`] or a [`Failure`] without printing; the shell (`crate::cli`)
//! prints them: exit code 1 when the rules refuse, 2 for malformed or unreadable input, one
//! sentence on stderr. `record-sheet` reads the fighter file through the store's bounded read
//! and writes the PDF laid out by [`super::print`].

use std::fmt::Write as _;
use std::path::PathBuf;

use clap::{Args, FromArgMatches as _, Subcommand};
use serde_json::json;

use super::print;
use super::rules::combat::{self, CombatError};
use super::rules::data::Rulebook;
use super::rules::fighter::{self, Fighter};
use super::rules::poker::{self, PokerCard};
use super::rules::sheet;
use super::rules::{embedded, zombies};
use crate::host::{Context, Failure, Output, to_json};
use crate::kernel::words::count;
use crate::print::Paper;
use crate::store;

/// The `posse frag` command group.
#[derive(Subcommand, Debug, Clone, PartialEq, Eq)]
enum FragCommand {
    /// Checks a fighter design and shows the numbers it gives.
    Fighter(FighterArgs),
    /// The chance to hit at a range (and the result of a roll).
    Hit(HitArgs),
    /// The exact damage odds (and the result of typed rolls).
    Damage(DamageArgs),
    /// Ranks poker hands to find who goes first.
    Poker(PokerArgs),
    /// What a turn's zombie frags earn in Frag Zombies!!!.
    ZombieFrags(ZombieFragsArgs),
    /// Prints a fighter's record sheet as a PDF.
    RecordSheet(RecordSheetArgs),
}

/// `posse frag fighter`.
#[derive(Args, Debug, Clone, PartialEq, Eq)]
pub struct FighterArgs {
    /// agency-operative, mad-scientist, huckster, harrowed-gunslinger, saloon-gal or indian-brave.
    #[arg(long)]
    pub character: String,
    #[arg(long)]
    pub health: u32,
    #[arg(long)]
    pub speed: u32,
    #[arg(long)]
    pub accuracy: u32,
    /// Tournament wins (each adds a point to spend).
    #[arg(long, default_value_t = 0)]
    pub wins: u32,
}

/// `posse frag hit`.
#[derive(Args, Debug, Clone, PartialEq, Eq)]
pub struct HitArgs {
    /// The attacker's Accuracy: one die per point.
    #[arg(long)]
    pub accuracy: u32,
    /// Squares to the target, counting its square but not the attacker's.
    #[arg(long)]
    pub range: u32,
    /// Dice added by cards.
    #[arg(long, default_value_t = 0)]
    pub bonus_dice: u32,
    /// The dice rolled, like 3,5,1, to get the result (with --reroll-ones, the dice that
    /// stand after the rerolls).
    #[arg(long)]
    pub roll: Option<String>,
    /// Each die that comes up 1 is rolled once more and the second roll stands (the Agency
    /// Operative with a revolver or gatling pistol).
    #[arg(long)]
    pub reroll_ones: bool,
}

/// `posse frag damage`.
#[derive(Args, Debug, Clone, PartialEq, Eq)]
pub struct DamageArgs {
    /// The weapon's damage dice.
    #[arg(long)]
    pub dice: u32,
    /// The target's current Health: one defence die per point.
    #[arg(long)]
    pub health: u32,
    /// Extra damage added after the division.
    #[arg(long, default_value_t = 0)]
    pub extra: u32,
    /// Any frag sends the target to the gallows (the Indian Brave).
    #[arg(long)]
    pub gallows_always: bool,
    /// The attack dice's total, to get the result.
    #[arg(long, requires = "defense_roll")]
    pub attack_roll: Option<u32>,
    /// The defence dice's total, to get the result (also spelt --defence-roll, as the other
    /// defence options are).
    #[arg(long, requires = "attack_roll", visible_alias = "defence-roll")]
    pub defense_roll: Option<u32>,
    /// Each damage die that comes up 1 is rolled once more, the second roll standing (the
    /// Agency Operative with a revolver or gatling pistol).
    #[arg(long)]
    pub attack_rerolls_ones: bool,
    /// Each defence die that comes up 1 is rolled once more, the second roll standing (a house
    /// rule: the book gives the Operative his rerolls on attacks only).
    #[arg(long)]
    pub defence_rerolls_ones: bool,
}

/// `posse frag poker`.
#[derive(Args, Debug, Clone, PartialEq, Eq)]
pub struct PokerArgs {
    /// A player's hand: NAME=CARD,CARD,CARD,CARD,CARD (JK for a joker). Once per player.
    #[arg(long = "hand", required = true)]
    pub hands: Vec<String>,
}

/// `posse frag zombie-frags`.
#[derive(Args, Debug, Clone, PartialEq, Eq)]
pub struct ZombieFragsArgs {
    /// Zombies fragged in one turn.
    #[arg(long)]
    pub count: u32,
}

/// `posse frag record-sheet`.
#[derive(Args, Debug, Clone, PartialEq, Eq)]
pub struct RecordSheetArgs {
    /// The fighter file (JSON: character, name, health, speed, accuracy, wins).
    pub fighter: PathBuf,
    /// Where to write the PDF.
    #[arg(long)]
    pub out: PathBuf,
    /// a4 or letter.
    #[arg(long, default_value = "a4")]
    pub paper: String,
    /// The frags that win a game: the frag boxes in each game's row.
    #[arg(long, default_value_t = 3)]
    pub frags: u32,
}

fn percent(p: f64) -> String {
    format!("{:.1}%", p * 100.0)
}

/// The `posse frag` command group.
#[must_use]
pub fn command() -> clap::Command {
    // The about after the derive's, which would put the enum's doc comment in its place.
    FragCommand::augment_subcommands(clap::Command::new("frag"))
        .about("Frag Deadlands and Frag Zombies!!!: fighters, hits, damage odds, poker hands, zombie frags, record sheets")
        .subcommand_required(true)
}

/// Runs the command in `matches` (a Frag command as its subcommand).
///
/// # Errors
/// A failure with its exit code and sentence.
pub fn run(matches: &clap::ArgMatches, _context: &mut Context<'_>) -> Result<Output, Failure> {
    let command = FragCommand::from_arg_matches(matches).map_err(|e| Failure::malformed(e.to_string()))?;
    let book = embedded::rulebook().map_err(Failure::malformed)?;
    match &command {
        FragCommand::Fighter(a) => fighter_cmd(book, a),
        FragCommand::Hit(a) => hit_cmd(book, a),
        FragCommand::Damage(a) => damage_cmd(book, a),
        FragCommand::Poker(a) => poker_cmd(a),
        FragCommand::ZombieFrags(a) => Ok(zombie_frags_cmd(book, a)),
        FragCommand::RecordSheet(a) => record_sheet_cmd(book, a),
    }
}

fn fighter_cmd(book: &Rulebook, a: &FighterArgs) -> Result<Output, Failure> {
    let f = Fighter {
        character: a.character.trim().to_owned(),
        name: String::new(),
        health: a.health,
        speed: a.speed,
        accuracy: a.accuracy,
        wins: a.wins,
    };
    let report = fighter::report(book, &f).map_err(|p| Failure::malformed(p.message))?;
    let name = book.character(&report.character).map_or(report.character.as_str(), |c| c.name.as_str());
    let mut text = format!(
        "{name}: Health {}, Speed {}, Accuracy {}{}\n",
        report.health,
        report.speed,
        report.accuracy,
        if report.wins > 0 { format!(" ({} wins)", report.wins) } else { String::new() }
    );
    if report.valid {
        text.push_str("Valid design.\n");
    } else {
        for p in &report.problems {
            let _ = writeln!(text, "Not valid: {}.", p.message);
        }
    }
    let _ = writeln!(
        text,
        "Attacks per turn {}, weapon cards in play {}, hand limit {}, power-ups on {}-6, movement {}, jump {}",
        report.attacks,
        report.weapon_limit,
        report.hand_limit,
        report.power_up,
        count(report.move_dice, "die", "dice"),
        count(report.jump, "square", "squares")
    );
    match &report.starting {
        Some(s) => {
            let dice = s.dice.map_or_else(String::new, |d| format!(" ({d}d damage, unlimited ammo)"));
            let _ = writeln!(text, "Starts with: {}{dice}", s.name);
        }
        None => text.push_str("Starts with: nothing printed on our copy of the sheet\n"),
    }
    let note = if report.valid {
        String::new()
    } else {
        let n = report.problems.len();
        format!("The fighter is not legal: {n} problem{} in the report.", if n == 1 { "" } else { "s" })
    };
    Ok(Output { text, json: to_json(&report), code: u8::from(!report.valid), note })
}

fn parse_dice(text: &str) -> Result<Vec<u32>, Failure> {
    text.split(',')
        .map(|d| {
            d.trim()
                .parse::<u32>()
                .map_err(|_| Failure::malformed(format!("'{text}' is not a list of dice like 3,5,1")))
        })
        .collect()
}

fn combat_failure(e: CombatError) -> Failure {
    Failure::refused(e)
}

/// Refuses more dice than Posse counts exactly, before anything is counted: `dice` in all,
/// made of `what` ("30 damage dice and 20 defence dice").
fn check_dice(book: &Rulebook, dice: u32, what: &str) -> Result<(), Failure> {
    let most = combat::most_dice(book);
    if dice > most {
        return Err(Failure::refused(format!(
            "Posse counts the odds exactly for at most {most} dice in all, not {dice} ({what})"
        )));
    }
    Ok(())
}

fn hit_cmd(book: &Rulebook, a: &HitArgs) -> Result<Output, Failure> {
    let dice = a.accuracy.saturating_add(a.bonus_dice);
    let rerolling = if a.reroll_ones { ", each rerolling a 1 and counting twice" } else { "" };
    check_dice(
        book,
        dice.saturating_mul(1 + u32::from(a.reroll_ones)),
        &format!("Accuracy {} and {} bonus dice{rerolling}", a.accuracy, a.bonus_dice),
    )?;
    let odds = combat::hit_odds_rerolling(book, dice, a.range, a.reroll_ones).map_err(combat_failure)?;
    let mut json_value = json!({ "dice": odds.dice, "range": odds.range, "hit_chance": odds.hit_chance });
    if a.reroll_ones
        && let Some(map) = json_value.as_object_mut()
    {
        map.insert("rerolls_ones".into(), json!(true));
    }
    let ones = if a.reroll_ones { " rerolling 1s" } else { "" };
    let mut text = format!(
        "{}{ones} at range {}: {} to hit ({} of {} rolls)\n",
        count(dice, "die", "dice"),
        a.range,
        percent(odds.hit_chance),
        odds.ways,
        odds.outcomes
    );
    if let Some(roll) = &a.roll {
        let rolled = parse_dice(roll)?;
        if let Some(bad) = rolled.iter().find(|&&d| !(1..=book.core.die_sides).contains(&d)) {
            return Err(Failure::refused(format!("a d6 shows 1 to 6, not {bad}")));
        }
        if u32::try_from(rolled.len()).ok() != Some(dice) {
            return Err(Failure::refused(format!("the roll needs {dice} dice, not {}", rolled.len())));
        }
        let total: u32 = rolled.iter().sum();
        let result = if total >= a.range { "hit" } else { "miss" };
        let _ = writeln!(text, "Rolled {total}: {result}");
        if let Some(map) = json_value.as_object_mut() {
            map.insert("result".into(), json!(result));
            map.insert("total".into(), json!(total));
        }
    }
    Ok(Output::ok(text, json_value))
}

fn damage_cmd(book: &Rulebook, a: &DamageArgs) -> Result<Output, Failure> {
    let rerolls = combat::Rerolls { attack: a.attack_rerolls_ones, defence: a.defence_rerolls_ones };
    if a.health > 0 {
        // A die that rerolls its 1s has 36 outcomes: it counts as two against the exact counts.
        let weight = |dice: u32, rerolling: bool| dice.saturating_mul(1 + u32::from(rerolling));
        let rerolling =
            if rerolls.attack || rerolls.defence { ", a rerolling die counting twice" } else { "" };
        let what = format!("{} damage dice and {} defence dice{rerolling}", a.dice, a.health);
        let counted = weight(a.dice, rerolls.attack).saturating_add(weight(a.health, rerolls.defence));
        check_dice(book, counted, &what)?;
    }
    if a.extra > combat::MAX_EXTRA {
        return Err(combat_failure(CombatError::TooMuchExtra(a.extra)));
    }
    let odds = combat::damage_odds_rerolling(book, a.dice, a.health, a.extra, a.gallows_always, rerolls, 0)
        .map_err(combat_failure)?;
    let mut json_value = json!({
        "dice": a.dice,
        "health": a.health,
        "extra": a.extra,
        "chances": { "none": odds.none, "frag": odds.frag, "gallows": odds.gallows },
        "distribution": odds.distribution,
        "expected": odds.expected,
    });
    if let Some(map) = json_value.as_object_mut() {
        if rerolls.attack {
            map.insert("attack_rerolls_ones".into(), json!(true));
        }
        if rerolls.defence {
            map.insert("defence_rerolls_ones".into(), json!(true));
        }
    }
    let extra = if a.extra > 0 { format!(" + {} extra", a.extra) } else { String::new() };
    let (attack_ones, defence_ones) = (
        if rerolls.attack { " rerolling 1s" } else { "" },
        if rerolls.defence { ", rerolling 1s" } else { "" },
    );
    let mut text = format!(
        "{}d damage{attack_ones}{extra} against Health {} ({}{defence_ones}): expected {:.2}\n",
        a.dice,
        a.health,
        count(a.health, "defence die", "defence dice"),
        odds.expected
    );
    let _ = writeln!(
        text,
        "No damage {}, frag {}, gallows {}",
        percent(odds.none),
        percent(odds.frag),
        percent(odds.gallows)
    );
    for (k, p) in odds.distribution.iter().enumerate() {
        let _ = writeln!(text, "  {k} damage: {}", percent(*p));
    }
    if let (Some(x), Some(y)) = (a.attack_roll, a.defense_roll) {
        let sides = book.core.die_sides;
        let check = |what: &str, total: u32, dice: u32| {
            let (lo, hi) = (dice, dice.saturating_mul(sides));
            if (lo..=hi).contains(&total) {
                Ok(())
            } else {
                Err(Failure::refused(format!(
                    "{dice} dice total {lo} to {hi}, so the {what} cannot be {total}"
                )))
            }
        };
        check("attack roll", x, a.dice)?;
        check("defence roll", y, a.health)?;
        let r = combat::resolve(book, x, y, a.extra, a.health, a.gallows_always);
        let _ = writeln!(
            text,
            "Rolled {x} against {y}: {} damage, {} Health left: {}",
            r.damage,
            r.health_left,
            r.result.id()
        );
        if let Some(map) = json_value.as_object_mut() {
            map.insert("damage".into(), json!(r.damage));
            map.insert("health_left".into(), json!(r.health_left));
            map.insert("result".into(), json!(r.result.id()));
        }
    }
    Ok(Output::ok(text, json_value))
}

fn parse_hand(text: &str) -> Result<(String, Vec<PokerCard>), Failure> {
    let Some((name, cards)) = text.split_once('=') else {
        return Err(Failure::malformed(format!("'{text}' is not a hand: write NAME=AS,KS,QS,JS,10S")));
    };
    let name = name.trim();
    if name.is_empty() {
        return Err(Failure::malformed(format!("'{text}' needs a player's name before the =")));
    }
    let cards: Vec<PokerCard> =
        cards.split(',').map(str::parse).collect::<Result<_, _>>().map_err(Failure::malformed)?;
    Ok((name.to_owned(), cards))
}

fn poker_cmd(a: &PokerArgs) -> Result<Output, Failure> {
    let hands: Vec<(String, Vec<PokerCard>)> =
        a.hands.iter().map(|h| parse_hand(h)).collect::<Result<_, _>>()?;
    for (i, (name, _)) in hands.iter().enumerate() {
        if hands[..i].iter().any(|(other, _)| other.eq_ignore_ascii_case(name)) {
            return Err(Failure::malformed(format!("{name} has two hands")).keeping_case());
        }
    }
    let showdown = poker::showdown(&hands)
        .map_err(|(player, e)| Failure::malformed(format!("{player}'s hand: {e}")).keeping_case())?;
    let mut text = String::new();
    for h in &showdown.hands {
        let cards: Vec<String> = h.cards.iter().map(ToString::to_string).collect();
        let _ = writeln!(text, "{}: {} ({})", h.player, h.rank.title(), cards.join(" "));
    }
    match &showdown.first {
        Some(first) => {
            let _ = writeln!(text, "{first} goes first.");
        }
        None => {
            let _ = writeln!(text, "Tied: {} roll a d6 to settle who goes first.", showdown.tied.join(", "));
        }
    }
    Ok(Output::ok(text, to_json(&showdown)))
}

fn zombie_frags_cmd(book: &Rulebook, a: &ZombieFragsArgs) -> Output {
    let z = zombies::zombie_frags(book, a.count);
    let mut text = format!(
        "{} in one turn: {}",
        count(z.frags, "zombie frag", "zombie frags"),
        count(z.event_cards, "event card", "event cards")
    );
    if z.blood > 0 {
        let _ = write!(text, ", {}", count(z.blood, "blood point", "blood points"));
    }
    text.push('\n');
    Output::ok(text, to_json(&z))
}

fn record_sheet_cmd(book: &Rulebook, a: &RecordSheetArgs) -> Result<Output, Failure> {
    let paper = Paper::parse(a.paper.trim())
        .ok_or_else(|| Failure::malformed(format!("'{}' is not a paper size: use a4 or letter", a.paper)))?;
    if a.frags == 0 {
        return Err(Failure::refused("a game is won by at least 1 frag: give --frags 1 or more"));
    }
    let bytes =
        store::read_bounded(&a.fighter, store::FILE_LIMIT, "a fighter file").map_err(Failure::file)?;
    let text =
        String::from_utf8(bytes).map_err(|_| Failure::in_file(&a.fighter, "it is not text (UTF-8)"))?;
    let sheet =
        sheet::record_sheet_from_json(book, &text, a.frags).map_err(|e| Failure::in_file(&a.fighter, e))?;
    let pages = print::layout(&sheet, paper);
    let pdf = crate::print::render(&pages).map_err(Failure::malformed)?;
    store::write_output_of(&a.out, &pdf, &[&a.fighter]).map_err(Failure::file)?;
    let who = if sheet.fighter_name.trim().is_empty() {
        format!("the {}", sheet.character)
    } else {
        format!("{} the {}", sheet.fighter_name.trim(), sheet.character)
    };
    let text = format!(
        "Wrote the record sheet of {who} to {} ({}, {} bytes, {}).",
        a.out.display(),
        count(pages.len(), "page", "pages"),
        pdf.len(),
        paper.id()
    );
    let json = json!({ "out": a.out.display().to_string(), "bytes": pdf.len(), "paper": paper.id(), "pages": pages.len() });
    Ok(Output::ok(text, json))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    fn output(args: &str) -> Result<Output, (u8, String)> {
        let words = std::iter::once("frag").chain(args.split_whitespace());
        let matches = command().try_get_matches_from(words).map_err(|e| (2, e.to_string()))?;
        let mut context = Context { json: true, progress: None };
        run(&matches, &mut context).map_err(|f| (f.code, f.message))
    }

    /// Runs `posse frag ARGS` and gives (code, JSON) or (code, message).
    fn run_args(args: &str) -> Result<(u8, Value), (u8, String)> {
        output(args).map(|o| (o.code, o.json))
    }

    fn text(args: &str) -> String {
        output(args).expect("runs").text
    }

    #[test]
    fn fighter_contract() {
        let (code, j) =
            run_args("fighter --character agency-operative --health 3 --speed 2 --accuracy 2").expect("ok");
        assert_eq!(code, 0);
        assert_eq!(
            j,
            json!({
                "character": "agency-operative", "health": 3, "speed": 2, "accuracy": 2, "wins": 0,
                "valid": true, "problems": [], "attacks": 1, "weapon_limit": 4, "hand_limit": 4,
                "power_up": 4, "move_dice": 2, "jump": 2,
                "starting": { "name": "Gatling Pistol", "dice": 3, "kind": "weapon" }
            })
        );
        let (code, j) =
            run_args("fighter --character mad-scientist --health 4 --speed 2 --accuracy 2").expect("ok");
        assert_eq!(
            (code, &j["valid"], &j["starting"], &j["weapon_limit"]),
            (1, &json!(false), &Value::Null, &json!(4))
        );
        assert_eq!(j["problems"][0]["rule"], "points");
        let (code, j) =
            run_args("fighter --character huckster --health 5 --speed 2 --accuracy 1 --wins 1").expect("ok");
        assert_eq!((code, &j["valid"], &j["power_up"]), (0, &json!(true), &json!(5)));
        assert_eq!(
            run_args("fighter --character gambler --health 3 --speed 2 --accuracy 2")
                .map(|_| ())
                .map_err(|e| e.0),
            Err(2)
        );
    }

    #[test]
    fn hit_contract() {
        let (_, j) = run_args("hit --accuracy 2 --range 7").expect("ok");
        assert_eq!(j["dice"], 2);
        assert!((j["hit_chance"].as_f64().unwrap_or(0.0) - 21.0 / 36.0).abs() < 1e-12);
        assert!(j.get("result").is_none());
        let (_, j) = run_args("hit --accuracy 2 --range 7 --bonus-dice 1 --roll 1,2,3").expect("ok");
        assert_eq!((j["dice"].clone(), j["result"].clone()), (json!(3), json!("miss")));
        let (_, j) = run_args("hit --accuracy 2 --range 7 --roll 6,1").expect("ok");
        assert_eq!(j["result"], "hit");
        assert_eq!(
            run_args("hit --accuracy 2 --range 7 --roll 6,7"),
            Err((1, "a d6 shows 1 to 6, not 7".into()))
        );
        assert_eq!(
            run_args("hit --accuracy 2 --range 7 --roll 6"),
            Err((1, "the roll needs 2 dice, not 1".into()))
        );
        assert_eq!(run_args("hit --accuracy 2 --range 7 --roll x").map_err(|e| e.0), Err(2));
        assert_eq!(run_args("hit --accuracy 2 --range 0").map_err(|e| e.0), Err(1));
    }

    #[test]
    fn damage_contract() {
        let (_, j) = run_args("damage --dice 1 --health 1").expect("ok");
        let dist: Vec<f64> =
            j["distribution"].as_array().expect("list").iter().filter_map(Value::as_f64).collect();
        let expected = [15.0, 12.0, 4.0, 2.0, 1.0, 1.0, 1.0].map(|w| w / 36.0);
        assert_eq!(dist.len(), 7);
        assert!(dist.iter().zip(expected).all(|(a, b)| (a - b).abs() < 1e-12));
        assert!((j["chances"]["none"].as_f64().unwrap_or(1.0) - 15.0 / 36.0).abs() < 1e-12);
        assert!((j["expected"].as_f64().unwrap_or(0.0) - 41.0 / 36.0).abs() < 1e-12);
        let (_, j) = run_args("damage --dice 3 --health 2 --attack-roll 16 --defense-roll 8").expect("ok");
        assert_eq!(
            (j["damage"].clone(), j["health_left"].clone(), j["result"].clone()),
            (json!(2), json!(0), json!("fragged"))
        );
        let (_, j) = run_args("damage --dice 3 --health 2 --attack-roll 9 --defense-roll 4 --gallows-always")
            .expect("ok");
        assert_eq!(j["result"], "gallows");
        let (_, j) =
            run_args("damage --dice 2 --health 3 --extra 1 --attack-roll 5 --defense-roll 9").expect("ok");
        assert_eq!((j["damage"].clone(), j["result"].clone()), (json!(1), json!("wounded")));
        assert_eq!(
            run_args("damage --dice 2 --health 2 --attack-roll 13 --defense-roll 4").map_err(|e| e.0),
            Err(1)
        );
        assert_eq!(run_args("damage --dice 2 --health 2 --attack-roll 12").map_err(|e| e.0), Err(2));
        assert_eq!(run_args("damage --dice 2 --health 0").map_err(|e| e.0), Err(1));
    }

    #[test]
    fn poker_contract() {
        let (_, j) = run_args("poker --hand Ann=AS,KS,QS,JS,10S --hand Bob=JK,7H,7D,2C,2S").expect("ok");
        assert_eq!(
            j,
            json!({
                "hands": [
                    { "player": "Ann", "rank": "royal_flush", "cards": ["AS", "KS", "QS", "JS", "10S"] },
                    { "player": "Bob", "rank": "full_house", "cards": ["JK", "7H", "7D", "2C", "2S"] }
                ],
                "first": "Ann",
                "tied": []
            })
        );
        let (_, j) = run_args("poker --hand Ann=2S,3S,4S,5S,7H --hand Bob=2D,3D,4D,5D,7C").expect("ok");
        assert_eq!((j["first"].clone(), j["tied"].clone()), (Value::Null, json!(["Ann", "Bob"])));
        assert_eq!(run_args("poker --hand Ann=AS,KS").map_err(|e| e.0), Err(2));
        assert_eq!(run_args("poker --hand AS,KS,QS,JS,10S").map_err(|e| e.0), Err(2));
        assert_eq!(run_args("poker --hand Ann=AS,KS,QS,JS,1S").map_err(|e| e.0), Err(2));
    }

    #[test]
    fn zombie_frags_contract() {
        assert_eq!(
            run_args("zombie-frags --count 12"),
            Ok((0, json!({ "frags": 12, "event_cards": 5, "blood": 2 })))
        );
        assert_eq!(text("zombie-frags --count 3"), "3 zombie frags in one turn: 3 event cards\n");
    }

    #[test]
    fn readable_text() {
        assert_eq!(
            text("hit --accuracy 1 --range 2 --roll 1"),
            "1 die at range 2: 83.3% to hit (5 of 6 rolls)\nRolled 1: miss\n"
        );
        let fighter = text("fighter --character mad-scientist --health 3 --speed 2 --accuracy 2");
        assert!(fighter.contains("Starts with: nothing printed on our copy of the sheet"), "{fighter}");
        assert!(text("damage --dice 10 --health 8").contains("7 damage:"));
    }

    #[test]
    fn record_sheet_arguments() {
        assert_eq!(run_args("record-sheet ann.json --out ann.pdf --paper a3").map_err(|e| e.0), Err(2));
        assert_eq!(
            run_args("record-sheet ann.json --out ann.pdf --frags 0"),
            Err((1, "a game is won by at least 1 frag: give --frags 1 or more".into()))
        );
    }
}
