//! Readable text for each command's output (the JSON is built beside each command).

use std::fmt::Write as _;

use crate::kernel::words::count;
use crate::systems::dmh::rules::Rules;
use crate::systems::dmh::rules::cards::Card;
use crate::systems::dmh::rules::data::{DeckKind, Gang, Role, Scene, Winner};
use crate::systems::dmh::rules::gang::GangReport;
use crate::systems::dmh::rules::initiative::{Placed, Side};
use crate::systems::dmh::rules::melee::{FightChances, FightResult, FightWinner};
use crate::systems::dmh::rules::nerve::{BigNerveInput, BigNerveOdds, NerveOdds, TestResult};
use crate::systems::dmh::rules::odds::Chance;
use crate::systems::dmh::rules::shooting::{Modifier, ShotOdds, ShotResult};

const BAR_WIDTH: u32 = 20;

fn bar(chance: Chance) -> String {
    let filled = (chance.percent() * BAR_WIDTH + 50) / 100;
    "█".repeat(filled as usize) + &"·".repeat((BAR_WIDTH - filled.min(BAR_WIDTH)) as usize)
}

fn chance_line(out: &mut String, label: &str, chance: Chance) {
    let _ = writeln!(out, "  {label:<26} {:>4}  {}", chance.to_string(), bar(chance));
}

fn modifier_lines(out: &mut String, modifiers: &[Modifier]) {
    if modifiers.is_empty() {
        let _ = writeln!(out, "  (no modifiers)");
    }
    for m in modifiers {
        let _ = writeln!(out, "  {:>+3}  {}", m.value, m.reason);
    }
}

/// `posse deck`.
pub fn deck(gang: &Gang, kind: DeckKind, role: Role, cards: &[Card]) -> String {
    let labels: Vec<String> = cards.iter().map(|c| c.label()).collect();
    format!(
        "{} {} deck ({}), {} cards:\n{}",
        gang.name,
        kind.id(),
        role.title().to_lowercase(),
        cards.len(),
        labels.join(" ")
    )
}

/// `posse shoot`.
pub fn shot(
    weapon: &str,
    distance: f64,
    odds: &ShotOdds,
    roll: Option<u32>,
    result: Option<ShotResult>,
) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{weapon} at {distance} cm: {} range", odds.range.title().to_lowercase());
    let _ = writeln!(out, "Modifier {:+}", odds.modifier);
    modifier_lines(&mut out, &odds.modifiers);
    let _ = writeln!(out, "Chances on a d20:");
    for r in ShotResult::ALL {
        chance_line(&mut out, r.title(), odds.chances.of(r));
    }
    for note in &odds.notes {
        let _ = writeln!(out, "Note: {note}");
    }
    if let (Some(roll), Some(result)) = (roll, result) {
        let _ = writeln!(
            out,
            "Roll {roll} {:+} = {}: {}",
            odds.modifier,
            i64::from(roll) + i64::from(odds.modifier),
            result.title()
        );
    }
    out
}

fn needed_text(needed: u32) -> String {
    if needed > 10 { "cannot pass".into() } else { format!("needs {needed}+ on the d10") }
}

/// `posse nerve`.
pub fn nerve(nerve: u32, odds: &NerveOdds, roll: Option<u32>, result: Option<TestResult>) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "Nerve {nerve}+ with modifier {:+}: {}", odds.modifier, needed_text(odds.needed));
    modifier_lines(&mut out, &odds.modifiers);
    chance_line(&mut out, "Pass", odds.pass_chance);
    if let (Some(roll), Some(result)) = (roll, result) {
        let _ = writeln!(out, "Roll {roll}: {}", result.id());
    }
    out
}

/// `posse big-nerve`.
pub fn big_nerve(
    input: &BigNerveInput,
    odds: &BigNerveOdds,
    roll: Option<u32>,
    result: Option<&str>,
) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} of {} out of action, {} standing with {}.",
        input.out,
        count(input.models, "model", "models"),
        odds.standing,
        count(input.under_fire, "under fire marker", "under fire markers")
    );
    if !odds.required {
        let _ = writeln!(out, "No Big Nerve test: no more than half the side is out of action.");
    } else if odds.automatic_fail {
        let _ = writeln!(
            out,
            "Automatic failure: {}, at least twice the {} standing. The side gets out of Dodge.",
            count(input.under_fire, "marker", "markers"),
            count(odds.standing, "model", "models")
        );
    } else {
        let _ = writeln!(
            out,
            "Big Nerve test on {}+ at {:+}: {}.",
            input.nerve,
            odds.modifier,
            needed_text(odds.needed)
        );
        chance_line(&mut out, "Pass", odds.pass_chance);
    }
    if let (Some(roll), Some(result)) = (roll, result) {
        let _ = writeln!(out, "Roll {roll}: {}", result.replace('_', " "));
    }
    out
}

/// `posse melee`.
pub fn melee(
    mods: &(Vec<Modifier>, Vec<Modifier>),
    chances: &FightChances,
    result: Option<&FightResult>,
) -> String {
    let mut out = String::new();
    for (name, list) in [("A", &mods.0), ("B", &mods.1)] {
        let total: i32 = list.iter().map(|m| m.value).sum();
        let _ = writeln!(out, "Fighter {name}: d10 {total:+}");
        modifier_lines(&mut out, list);
    }
    chance_line(&mut out, "A wins", chances.a);
    chance_line(&mut out, "B wins", chances.b);
    chance_line(&mut out, "Draw (fight on next turn)", chances.draw);
    if let Some(r) = result {
        let verdict = match r.winner {
            FightWinner::A => {
                format!("A wins; B takes {}", count(r.markers, "under fire marker", "under fire markers"))
            }
            FightWinner::B => {
                format!("B wins; A takes {}", count(r.markers, "under fire marker", "under fire markers"))
            }
            FightWinner::Draw => "a draw: they fight on next turn".to_owned(),
        };
        let _ = writeln!(out, "A {} against B {}: {verdict}.", r.a_total, r.b_total);
    }
    out
}

/// `posse initiative`.
pub fn initiative(placed: &[Placed], order: &[usize], switch: Option<Side>) -> String {
    let mut out = String::from("Activation order:\n");
    for (n, &i) in order.iter().enumerate() {
        let p = &placed[i];
        let mut flags = String::new();
        if p.surprised {
            flags.push_str(" (surprised)");
        }
        if p.drunk {
            flags.push_str(" (drunk)");
        }
        let _ = writeln!(out, "  {:>2}. {:<10} {} ({}){flags}", n + 1, p.card.label(), p.model, p.side.id());
    }
    match switch {
        Some(side) => {
            let _ = writeln!(
                out,
                "Side {} holds the lowest card and may swap the cards of two of its models.",
                side.id()
            );
        }
        None => {
            let _ = writeln!(out, "Nobody may make the lowest-card switch.");
        }
    }
    out
}

/// `posse gang check`.
pub fn gang_report(rules: &Rules, report: &GangReport) -> String {
    let gang_name = rules.gang(&report.gang).map_or(report.gang.as_str(), |g| g.name.as_str());
    let mut out = String::new();
    let name = if report.name.is_empty() { "(unnamed gang)" } else { report.name.as_str() };
    let _ = writeln!(out, "{name} — {gang_name}");
    let _ = writeln!(
        out,
        "Rep {} of {}, {}, {} armed with a pistol alone.",
        report.rep,
        report.rep_limit,
        count(report.models, "model", "models"),
        report.pistol_only
    );
    if report.valid {
        let _ = writeln!(out, "Legal.");
    } else {
        let _ = writeln!(out, "Not legal:");
        for p in &report.problems {
            let _ = writeln!(out, "  - {}", p.message);
        }
    }
    out
}

fn rep_text(rep: Option<u32>) -> String {
    rep.map_or_else(|| "-".to_owned(), |r| r.to_string())
}

/// `posse scene list`.
pub fn scene_list(rules: &Rules) -> String {
    let mut out = String::new();
    for line in &rules.storylines {
        let _ = writeln!(out, "{}", line.title);
        for id in &line.scenes {
            if let Some(s) = rules.scene(id) {
                let _ = writeln!(
                    out,
                    "  {:<28} {:<26} Rep {:>2}/{:<2} deck {}/{} hand {}/{}",
                    s.id,
                    s.title,
                    rep_text(s.sides.good.rep),
                    rep_text(s.sides.bad.rep),
                    s.sides.good.deck.id(),
                    s.sides.bad.deck.id(),
                    s.sides.good.hand,
                    s.sides.bad.hand
                );
            }
        }
    }
    out.push_str("(good/bad)\n");
    out
}

fn list(out: &mut String, title: &str, items: &[String]) {
    if items.is_empty() {
        return;
    }
    let _ = writeln!(out, "{title}");
    for item in items {
        let _ = writeln!(out, "  - {item}");
    }
}

/// `posse scene show`.
pub fn scene(rules: &Rules, scene: &Scene) -> String {
    let mut out = String::new();
    let storyline = rules
        .storylines
        .iter()
        .find(|l| l.id == scene.storyline)
        .map_or(scene.storyline.as_str(), |l| l.title.as_str());
    let act = ["opening", "second", "final"].get(scene.act.saturating_sub(1) as usize).copied().unwrap_or("");
    let _ = writeln!(out, "{} — {storyline}, {act} scene\n", scene.title);
    let _ = writeln!(out, "{}\n", scene.story_so_far);
    list(&mut out, "If played as a series:", &scene.carry_over);
    for role in [Role::Good, Role::Bad] {
        let side = scene.sides.get(role);
        let _ = writeln!(
            out,
            "{}: {} Rep {}{}; {} deck, {} card(s) in hand{}",
            role.title(),
            side.cast,
            rep_text(side.rep),
            if side.off_table_rep > 0 {
                format!(" + {} off the table", side.off_table_rep)
            } else {
                String::new()
            },
            side.deck.id(),
            side.hand,
            if side.reshuffle { "" } else { ", no reshuffle" }
        );
        list(&mut out, "  Placement:", &side.placement);
        list(&mut out, "  First turn:", &side.first_turn);
    }
    list(&mut out, "The set:", &scene.set.steps);
    list(&mut out, "Directions:", &scene.directions);
    list(&mut out, "First turn:", &scene.first_turn);
    list(&mut out, "Special rules:", &scene.special_rules);
    let _ = writeln!(out, "The end:");
    for end in &scene.end {
        let winner = match end.winner {
            Winner::Good => "good guys win",
            Winner::Bad => "bad guys win",
            Winner::Draw => "a draw",
            Winner::OtherSide => "the other side wins",
        };
        let _ = writeln!(out, "  - {} → {winner}", end.condition);
    }
    if !scene.readings.is_empty() {
        let _ = writeln!(out, "Readings: {}", scene.readings.join(", "));
    }
    out
}
