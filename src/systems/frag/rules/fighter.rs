//! Fighter design: a character with Health, Speed and Accuracy bought from a point budget, and
//! the numbers those stats give at the table.
//!
//! A fighter is saved as a small JSON file (see [`Fighter`]); [`validate`] lists every broken
//! design rule so a screen can show them all, and [`Derived`] gives the numbers the record
//! sheet and the turn use (attacks, limits, power-up face, movement dice, jump).

use super::data::{Character, Rulebook, StartingItem, Variant};
use serde::{Deserialize, Serialize};

/// A fighter as saved in a file: `{"character","name","health","speed","accuracy","wins"}`.
/// The keys are a public format: only ever added to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fighter {
    /// The character's id, like `huckster`.
    pub character: String,
    /// The player's name for the fighter (may be empty).
    #[serde(default)]
    pub name: String,
    pub health: u32,
    pub speed: u32,
    pub accuracy: u32,
    /// Tournament wins: each adds one point to spend.
    #[serde(default)]
    pub wins: u32,
}

/// Reads a fighter file's text (one JSON object, nothing after it but white space; a byte order
/// mark before it is allowed), saying what is wrong and where in a sentence fragment.
///
/// # Errors
/// When the text is not a fighter file.
pub fn parse_fighter(text: &str) -> Result<Fighter, String> {
    // The one reader of every game's files (pure text, no file touched).
    crate::store::json::parse(text, "fighter")
}

/// One broken design rule: the rule's id and a sentence for the player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Problem {
    /// `character`, `stat_min`, `stat_max` or `points`.
    pub rule: String,
    pub message: String,
}

impl Problem {
    fn new(rule: &str, message: String) -> Problem {
        Problem { rule: rule.to_owned(), message }
    }
}

/// The points a fighter with `wins` tournament wins spends: 7 + wins.
#[must_use]
pub fn budget(book: &Rulebook, wins: u32) -> u32 {
    let d = &book.core.design;
    d.points.saturating_add(wins.saturating_mul(d.points_per_win))
}

/// The highest a stat may go with `wins` wins: 4 + wins (a win's point may pass 4).
#[must_use]
pub fn stat_max(book: &Rulebook, wins: u32) -> u32 {
    let d = &book.core.design;
    d.stat_max.saturating_add(wins.saturating_mul(d.points_per_win))
}

/// Every design rule `fighter` breaks; empty when the fighter is legal.
#[must_use]
pub fn validate(book: &Rulebook, fighter: &Fighter) -> Vec<Problem> {
    let mut problems = Vec::new();
    if book.character(&fighter.character).is_none() {
        problems.push(Problem::new(
            "character",
            format!("'{}' is not a character: use one of {}", fighter.character, book.character_ids()),
        ));
    }
    let design = &book.core.design;
    let max = stat_max(book, fighter.wins);
    for (name, value) in
        [("Health", fighter.health), ("Speed", fighter.speed), ("Accuracy", fighter.accuracy)]
    {
        if value < design.stat_min {
            problems.push(Problem::new(
                "stat_min",
                format!("{name} is {value}: every stat needs at least {}", design.stat_min),
            ));
        }
        if value > max {
            let wins = match fighter.wins {
                0 => String::new(),
                1 => " with 1 win".to_owned(),
                n => format!(" with {n} wins"),
            };
            problems
                .push(Problem::new("stat_max", format!("{name} is {value}: no stat may pass {max}{wins}")));
        }
    }
    let spent = fighter.health.saturating_add(fighter.speed).saturating_add(fighter.accuracy);
    let points = budget(book, fighter.wins);
    if spent != points {
        problems.push(Problem::new(
            "points",
            format!(
                "the stats add up to {spent}: a fighter with {} spends exactly {points}",
                crate::kernel::words::count(fighter.wins, "win", "wins")
            ),
        ));
    }
    problems
}

/// The numbers a fighter's stats and character give at the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Derived {
    /// Attacks per turn: half the Accuracy, rounded up.
    pub attacks: u32,
    /// Weapon cards allowed in play: Health + 1 (the Mad Scientist: Health).
    pub weapon_limit: u32,
    /// Cards kept in hand at the end of a turn.
    pub hand_limit: u32,
    /// The lowest d6 face that draws on a power-up square.
    pub power_up: u8,
    /// Dice rolled for movement (Frag Deadlands); 0 in Frag Zombies!!!, where the fighter
    /// moves exactly [`Derived::movement`] squares.
    pub move_dice: u32,
    /// Squares moved without a roll (Frag Zombies!!!); 0 in Frag Deadlands.
    pub movement: u32,
    /// The farthest jump in squares (equal to Speed; each square jumped costs double); 0 in
    /// Frag Zombies!!!, which has no jumping.
    pub jump: u32,
}

/// Half of `accuracy`, rounded up: the attacks per turn.
#[must_use]
pub fn attacks(book: &Rulebook, accuracy: u32) -> u32 {
    accuracy.div_ceil(book.core.accuracy_per_attack)
}

/// The derived numbers for a character with these stats.
#[must_use]
pub fn derived(book: &Rulebook, character: &Character, fighter: &Fighter, variant: Variant) -> Derived {
    let (move_dice, movement, jump) = match variant {
        Variant::Deadlands => (fighter.speed, 0, fighter.speed),
        Variant::Zombies => (0, fighter.speed, 0),
    };
    Derived {
        attacks: attacks(book, fighter.accuracy),
        weapon_limit: book.weapon_limit(character, fighter.health),
        hand_limit: book.hand_limit(character, variant),
        power_up: book.power_up_from(character),
        move_dice,
        movement,
        jump,
    }
}

/// The starting item as the command line shows it: `{"name","dice","kind"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StartingOut {
    pub name: String,
    /// Damage dice; `null` for a gadget.
    pub dice: Option<u32>,
    /// `weapon` or `gadget`.
    pub kind: super::data::ItemKind,
}

impl From<&StartingItem> for StartingOut {
    fn from(item: &StartingItem) -> StartingOut {
        StartingOut { name: item.name.clone(), dice: item.dice, kind: item.kind }
    }
}

/// Everything `posse frag fighter` reports.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Report {
    pub character: String,
    pub health: u32,
    pub speed: u32,
    pub accuracy: u32,
    pub wins: u32,
    pub valid: bool,
    pub problems: Vec<Problem>,
    pub attacks: u32,
    pub weapon_limit: u32,
    pub hand_limit: u32,
    pub power_up: u8,
    pub move_dice: u32,
    pub jump: u32,
    /// `null` where the sheet prints no starting item.
    pub starting: Option<StartingOut>,
}

/// The design check and the derived numbers of `fighter` in Frag Deadlands.
///
/// # Errors
/// When the character is unknown (the message lists the ids).
pub fn report(book: &Rulebook, fighter: &Fighter) -> Result<Report, Problem> {
    let problems = validate(book, fighter);
    let Some(character) = book.character(&fighter.character) else {
        return Err(problems.into_iter().next().unwrap_or_else(|| Problem::new("character", String::new())));
    };
    let d = derived(book, character, fighter, Variant::Deadlands);
    Ok(Report {
        character: character.id.clone(),
        health: fighter.health,
        speed: fighter.speed,
        accuracy: fighter.accuracy,
        wins: fighter.wins,
        valid: problems.is_empty(),
        problems,
        attacks: d.attacks,
        weapon_limit: d.weapon_limit,
        hand_limit: d.hand_limit,
        power_up: d.power_up,
        move_dice: d.move_dice,
        jump: d.jump,
        starting: character.starting.as_ref().map(StartingOut::from),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::systems::frag::rules::embedded;

    fn fighter(character: &str, health: u32, speed: u32, accuracy: u32, wins: u32) -> Fighter {
        Fighter { character: character.into(), name: String::new(), health, speed, accuracy, wins }
    }

    fn check(f: &Fighter, rules: &[&str]) {
        let book = embedded::rulebook().expect("data");
        let found: Vec<String> = validate(book, f).into_iter().map(|p| p.rule).collect();
        assert_eq!(found, rules, "{f:?}");
    }

    #[test]
    fn design_rules() {
        check(&fighter("huckster", 3, 2, 2, 0), &[]);
        check(&fighter("huckster", 4, 2, 1, 0), &[]);
        check(&fighter("huckster", 1, 1, 4, 0), &["points"]);
        check(&fighter("huckster", 5, 1, 1, 0), &["stat_max"]);
        check(&fighter("huckster", 0, 3, 4, 0), &["stat_min"]);
        check(&fighter("huckster", 4, 4, 0, 0), &["stat_min", "points"]);
        // A tournament winner: 8 points, and one stat may reach 5.
        check(&fighter("saloon-gal", 5, 2, 1, 1), &[]);
        check(&fighter("saloon-gal", 3, 2, 2, 1), &["points"]);
        check(&fighter("saloon-gal", 6, 1, 1, 1), &["stat_max"]);
        check(&fighter("saloon-gal", 6, 2, 2, 3), &[]);
        check(&fighter("gambler", 3, 2, 2, 0), &["character"]);
    }

    #[test]
    fn problems_read_as_sentences() {
        let book = embedded::rulebook().expect("data");
        let problems = validate(book, &fighter("huckster", 5, 1, 1, 0));
        assert_eq!(problems[0].message, "Health is 5: no stat may pass 4");
        let problems = validate(book, &fighter("huckster", 1, 1, 1, 2));
        assert_eq!(problems[0].message, "the stats add up to 3: a fighter with 2 wins spends exactly 9");
    }

    #[test]
    fn derived_numbers_from_the_sheets() {
        let book = embedded::rulebook().expect("data");
        let check = |id: &str, stats: (u32, u32, u32), expected: (u32, u32, u32, u8, u32, u32)| {
            let f = fighter(id, stats.0, stats.1, stats.2, 0);
            let c = book.character(id).expect("character");
            let d = derived(book, c, &f, Variant::Deadlands);
            assert_eq!(
                (d.attacks, d.weapon_limit, d.hand_limit, d.power_up, d.move_dice, d.jump),
                expected,
                "{id}"
            );
        };
        // (attacks, weapon limit, hand limit, power-up face, move dice, jump)
        check("agency-operative", (2, 2, 3), (2, 3, 4, 4, 2, 2));
        check("mad-scientist", (3, 3, 1), (1, 3, 5, 3, 3, 3));
        check("huckster", (1, 4, 2), (1, 2, 5, 5, 4, 4));
        check("harrowed-gunslinger", (2, 1, 4), (2, 3, 5, 4, 1, 1));
        check("saloon-gal", (4, 2, 1), (1, 5, 5, 4, 2, 2));
        check("indian-brave", (3, 3, 1), (1, 4, 5, 4, 3, 3));
        // "a fighter with Accuracy 5 gets 3 attacks per turn"
        assert_eq!(attacks(book, 5), 3);
        let f = fighter("huckster", 2, 3, 2, 0);
        let z = derived(book, book.character("huckster").expect("c"), &f, Variant::Zombies);
        assert_eq!((z.move_dice, z.movement, z.jump), (0, 3, 0));
    }

    #[test]
    fn starting_items_as_printed() {
        let book = embedded::rulebook().expect("data");
        let starting = |id: &str| {
            report(book, &fighter(id, 3, 2, 2, 0)).expect("known").starting.map(|s| (s.name, s.dice))
        };
        assert_eq!(starting("agency-operative"), Some(("Gatling Pistol".into(), Some(3))));
        assert_eq!(starting("mad-scientist"), None);
        assert_eq!(starting("huckster"), Some(("Hoyle's Book of Games".into(), None)));
        assert_eq!(starting("harrowed-gunslinger"), Some(("Revolver".into(), Some(2))));
        assert_eq!(starting("saloon-gal"), Some(("Derringer".into(), Some(2))));
        assert_eq!(starting("indian-brave"), Some(("Bow & Arrows".into(), Some(2))));
        assert_eq!(
            report(book, &fighter("nobody", 3, 2, 2, 0)).map(|_| ()).map_err(|p| p.rule),
            Err("character".into())
        );
    }

    #[test]
    fn broken_files_say_where() {
        assert_eq!(
            parse_fighter(r#"{"character":"huckster","health":"3","speed":2,"accuracy":2}"#),
            Err("invalid type: string \"3\", expected u32 at health (line 1, column 36)".into())
        );
        assert_eq!(
            parse_fighter(r#"{"character":"huckster","speed":2,"accuracy":2}"#),
            Err("missing field `health` (line 1, column 47)".into())
        );
        let twice = r#"{"character":"huckster","health":3,"speed":2,"accuracy":2} {}"#;
        assert!(parse_fighter(twice).is_err_and(|e| e.starts_with("there is more")));
        assert!(
            parse_fighter("\u{feff}{\"character\":\"huckster\",\"health\":3,\"speed\":2,\"accuracy\":2}")
                .is_ok()
        );
    }

    #[test]
    fn the_file_format() {
        let f: Fighter = serde_json::from_str(
            r#"{"character":"huckster","name":"Doc","health":3,"speed":2,"accuracy":2}"#,
        )
        .expect("reads");
        assert_eq!(f.wins, 0);
        let text = serde_json::to_string(&f).expect("writes");
        assert_eq!(
            text,
            r#"{"character":"huckster","name":"Doc","health":3,"speed":2,"accuracy":2,"wins":0}"#
        );
    }
}
