//! The Injury Table an Incapacitation roll draws on (S48: the summary names it, fr 28, 32–33,
//! but gives none, so Savage Worlds' as players know it, in our own words): 2d6 for the part
//! of the body, then a d6 where the part has a table of its own. The rows are `core.json`
//! `injury_table`; the dice do not ace (a table is read, not a total).

use rand::RngExt as _;
use serde::{Deserialize, Serialize};

use super::data::{Problem, Rules};
use super::dice;

/// One row of a table: the rolls `from..=to` and what they mean.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InjuryRow {
    pub from: u32,
    pub to: u32,
    pub name: String,
    /// What the injury does, when the row has no table of its own.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub effect: String,
    /// The d6 table of the row (the arm hurt, the kind of wound to the guts or the head).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sub: Vec<InjuryRow>,
}

/// The whole table: its rows for 2–12.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InjuryTable {
    pub rows: Vec<InjuryRow>,
}

/// The two dice of the table as an event records them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum InjuryRoll {
    /// The 2d6 total and, when the row asks for it, the d6, typed from the real dice.
    Typed {
        roll: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        sub: Option<u32>,
    },
    /// Rolled by Posse from a recorded seed.
    Seeded { seed: u64 },
}

/// An injury drawn: the dice and the rows they fell on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Injury {
    pub roll: u32,
    pub sub: Option<u32>,
    /// "Guts", and "Battered" when the row has a table.
    pub part: String,
    pub kind: Option<String>,
    pub effect: String,
}

impl Injury {
    /// The injury in words: "Guts, battered: Vigor one die type lower".
    #[must_use]
    pub fn words(&self) -> String {
        match &self.kind {
            Some(kind) => format!("{}, {}: {}", self.part, kind.to_lowercase(), self.effect),
            None => format!("{}: {}", self.part, self.effect),
        }
    }
}

/// Why the dice of the table are refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum InjuryError {
    #[error("{0} is not a 2d6 total: type 2 to 12")]
    Roll(u32),
    #[error("{part} needs the d6 too (1 to 6)")]
    NeedsSub { part: String },
    #[error("{0} is not a d6: type 1 to 6")]
    Sub(u32),
    #[error("{part} has no d6 table: type the 2d6 total alone")]
    NoSub { part: String },
}

fn row_for(rows: &[InjuryRow], n: u32) -> Option<&InjuryRow> {
    rows.iter().find(|r| (r.from..=r.to).contains(&n))
}

/// Reads or rolls the Injury Table.
///
/// # Errors
/// A 2d6 total outside 2–12, a d6 outside 1–6, or a d6 missing (or given) for the row.
pub fn draw(rules: &Rules, roll: &InjuryRoll) -> Result<Injury, InjuryError> {
    let rows = &rules.core.injury_table.rows;
    let (total, sub) = match *roll {
        InjuryRoll::Typed { roll, sub } => (roll, sub),
        InjuryRoll::Seeded { seed } => {
            let mut rng = dice::rng(seed);
            let total = rng.random_range(1..=6) + rng.random_range(1..=6);
            let sub = row_for(rows, total).filter(|r| !r.sub.is_empty()).map(|_| rng.random_range(1..=6));
            (total, sub)
        }
    };
    let row = row_for(rows, total).ok_or(InjuryError::Roll(total))?;
    if row.sub.is_empty() {
        if sub.is_some() {
            return Err(InjuryError::NoSub { part: row.name.clone() });
        }
        return Ok(Injury {
            roll: total,
            sub: None,
            part: row.name.clone(),
            kind: None,
            effect: row.effect.clone(),
        });
    }
    let n = sub.ok_or_else(|| InjuryError::NeedsSub { part: row.name.clone() })?;
    let kind = row_for(&row.sub, n).ok_or(InjuryError::Sub(n))?;
    Ok(Injury {
        roll: total,
        sub: Some(n),
        part: row.name.clone(),
        kind: Some(kind.name.clone()),
        effect: kind.effect.clone(),
    })
}

/// Whether the 2d6 total `roll` falls on a row with a d6 table.
#[must_use]
pub fn needs_sub(rules: &Rules, roll: u32) -> bool {
    row_for(&rules.core.injury_table.rows, roll).is_some_and(|r| !r.sub.is_empty())
}

/// The table's checks: every 2d6 total 2–12 on exactly one row, every d6 1–6 on exactly one
/// row of each sub-table, and an effect on each row that has no table.
pub(crate) fn check(table: &InjuryTable, file: &str, problems: &mut Vec<Problem>) {
    fn covers(rows: &[InjuryRow], range: std::ops::RangeInclusive<u32>) -> bool {
        range.clone().all(|n| rows.iter().filter(|r| (r.from..=r.to).contains(&n)).count() == 1)
            && rows.iter().all(|r| r.from <= r.to && range.contains(&r.from) && range.contains(&r.to))
    }
    if !covers(&table.rows, 2..=12) {
        problems.push(Problem::new(file, "$.injury_table.rows", "the rows must cover 2 to 12, each once"));
    }
    for (i, row) in table.rows.iter().enumerate() {
        if row.sub.is_empty() && row.effect.trim().is_empty() {
            problems.push(Problem::new(
                file,
                format!("$.injury_table.rows[{i}]"),
                "a row needs an effect or a d6 table",
            ));
        }
        if !row.sub.is_empty() && !covers(&row.sub, 1..=6) {
            problems.push(Problem::new(
                file,
                format!("$.injury_table.rows[{i}].sub"),
                "the d6 rows must cover 1 to 6, each once",
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::systems::savage::rules::data::embedded;

    fn check_draw(roll: u32, sub: Option<u32>, expected: Result<&str, &str>) {
        let got = draw(embedded().expect("data"), &InjuryRoll::Typed { roll, sub });
        let got = got.as_ref().map(Injury::words).map_err(ToString::to_string);
        let expected = expected.map(str::to_owned).map_err(str::to_owned);
        assert_eq!(got, expected, "{roll} {sub:?}");
    }

    /// S48: 2d6 for the part, then the d6 where the part has its own table.
    #[test]
    fn the_table_reads_the_part_then_the_kind() {
        check_draw(
            2,
            None,
            Ok("Unmentionables: a wound below the belt; if it lasts, the hero can have no children"),
        );
        check_draw(3, Some(2), Ok("Arm, left arm: the arm is of no use"));
        check_draw(4, Some(6), Ok("Arm, right arm: the arm is of no use"));
        check_draw(7, Some(4), Ok("Guts, battered: Vigor one die type lower"));
        check_draw(9, Some(1), Ok("Guts, broken: Agility one die type lower"));
        check_draw(5, Some(5), Ok("Guts, busted: Strength one die type lower"));
        check_draw(10, None, Ok("Leg: lame, Pace 2 less and a d4 to run"));
        check_draw(11, Some(1), Ok("Head, hideous scar: Ugly, −2 Charisma"));
        check_draw(
            12,
            Some(3),
            Ok("Head, blinded: an eye lost, −2 to what needs depth (shooting, throwing)"),
        );
        check_draw(12, Some(6), Ok("Head, brain damage: Smarts one die type lower"));
        check_draw(1, None, Err("1 is not a 2d6 total: type 2 to 12"));
        check_draw(13, None, Err("13 is not a 2d6 total: type 2 to 12"));
        check_draw(7, None, Err("Guts needs the d6 too (1 to 6)"));
        check_draw(7, Some(7), Err("7 is not a d6: type 1 to 6"));
        check_draw(10, Some(2), Err("Leg has no d6 table: type the 2d6 total alone"));
    }

    #[test]
    fn a_seeded_draw_is_the_same_every_time_and_has_its_d6_when_needed() {
        let rules = embedded().expect("data");
        for seed in 0..200 {
            let a = draw(rules, &InjuryRoll::Seeded { seed }).expect("a row");
            assert_eq!(draw(rules, &InjuryRoll::Seeded { seed }).as_ref(), Ok(&a));
            assert!((2..=12).contains(&a.roll));
            assert_eq!(a.sub.is_some(), needs_sub(rules, a.roll), "{a:?}");
        }
    }

    #[test]
    fn the_embedded_table_is_whole() {
        let mut problems = Vec::new();
        check(&embedded().expect("data").core.injury_table, "core", &mut problems);
        assert_eq!(problems, Vec::new());
        let broken = InjuryTable {
            rows: vec![InjuryRow {
                from: 2,
                to: 11,
                name: "All".into(),
                effect: String::new(),
                sub: Vec::new(),
            }],
        };
        check(&broken, "core", &mut problems);
        let paths: Vec<&str> = problems.iter().map(|p| p.path.as_str()).collect();
        assert_eq!(paths, ["$.injury_table.rows", "$.injury_table.rows[0]"]);
    }
}
