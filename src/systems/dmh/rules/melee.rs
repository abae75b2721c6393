//! Hand-to-hand fighting: each fighter rolls a d10 and adds modifiers; the loser takes one
//! under fire marker per point of difference; a draw means they fight on next turn.

use serde::Serialize;

use super::data::Rules;
use super::odds::Chance;
use super::shooting::Modifier;

/// One fighter's side of a fight.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Fighter {
    /// The profile's HtH value.
    pub hth: i32,
    /// Under fire markers on this fighter (they help the *other* fighter).
    pub under_fire: u32,
    /// On, or coming from, higher ground.
    pub higher: bool,
    /// Started the fight this turn.
    pub charged: bool,
    /// Holds the higher initiative card and chose to fight on (later turns).
    pub card_higher: bool,
}

/// Which fighter, or neither.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum FightWinner {
    A,
    B,
    Draw,
}

/// The outcome of one roll-off.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct FightResult {
    pub a_total: i32,
    pub b_total: i32,
    pub winner: FightWinner,
    /// Under fire markers the loser takes (0 on a draw).
    pub markers: u32,
}

/// The chance of each outcome of a roll-off.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct FightChances {
    pub a: Chance,
    pub b: Chance,
    pub draw: Chance,
}

/// Why the rules refuse a fight's numbers.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FightError {
    #[error("an HtH value runs from -1 to +2, not {0}")]
    BadHth(i32),
    #[error("a model with {0} under fire markers is already out of action (5 Hits at most)")]
    TooManyMarkers(u32),
    #[error("only one fighter can hold the higher card")]
    BothHigherCard,
    /// Both fighters said to have charged (added after the first contract).
    #[error("only one fighter can have charged: the fight starts with one charge")]
    BothCharged,
    #[error("a d10 shows 1 to 10, not {0}")]
    BadRoll(u32),
}

const MAX_MARKERS: u32 = 4;

/// A fighter's modifier list against `other`.
#[must_use]
pub fn modifiers(rules: &Rules, me: &Fighter, other: &Fighter) -> Vec<Modifier> {
    let n = &rules.core.hand_to_hand;
    let mut out = Vec::new();
    let mut add = |reason: String, value: i32| {
        if value != 0 {
            out.push(Modifier { reason, value });
        }
    };
    add("HtH value".into(), me.hth);
    add(
        format!("Opponent under fire ({})", super::count(other.under_fire, "marker", "markers")),
        n.other_under_fire_each * i32::try_from(other.under_fire).unwrap_or(0),
    );
    if me.higher {
        add("Higher ground".into(), n.higher_ground);
    }
    if me.charged {
        add("Started the fight this turn".into(), n.charged);
    }
    if me.card_higher {
        add("Higher initiative card, fighting on".into(), n.higher_card);
    }
    out
}

fn check(a: &Fighter, b: &Fighter) -> Result<(), FightError> {
    for f in [a, b] {
        if !(-1..=2).contains(&f.hth) {
            return Err(FightError::BadHth(f.hth));
        }
        if f.under_fire > MAX_MARKERS {
            return Err(FightError::TooManyMarkers(f.under_fire));
        }
    }
    if a.card_higher && b.card_higher {
        return Err(FightError::BothHigherCard);
    }
    if a.charged && b.charged {
        return Err(FightError::BothCharged);
    }
    Ok(())
}

fn total(mods: &[Modifier]) -> i32 {
    mods.iter().map(|m| m.value).sum()
}

/// The odds of each outcome.
///
/// # Errors
/// When a fighter's numbers are impossible.
pub fn chances(rules: &Rules, a: &Fighter, b: &Fighter) -> Result<FightChances, FightError> {
    check(a, b)?;
    let (ma, mb) = (total(&modifiers(rules, a, b)), total(&modifiers(rules, b, a)));
    let die = rules.core.hand_to_hand.die;
    let (mut wins_a, mut wins_b, mut draws) = (0, 0, 0);
    for ra in 1..=die {
        for rb in 1..=die {
            let ta = i32::try_from(ra).unwrap_or(0) + ma;
            let tb = i32::try_from(rb).unwrap_or(0) + mb;
            match ta.cmp(&tb) {
                std::cmp::Ordering::Greater => wins_a += 1,
                std::cmp::Ordering::Less => wins_b += 1,
                std::cmp::Ordering::Equal => draws += 1,
            }
        }
    }
    let all = die * die;
    Ok(FightChances {
        a: Chance::new(wins_a, all),
        b: Chance::new(wins_b, all),
        draw: Chance::new(draws, all),
    })
}

/// Resolves a roll-off with the natural d10 rolls of each fighter.
///
/// # Errors
/// When a fighter's numbers or a roll are impossible.
pub fn resolve(
    rules: &Rules,
    a: &Fighter,
    b: &Fighter,
    a_roll: u32,
    b_roll: u32,
) -> Result<FightResult, FightError> {
    check(a, b)?;
    let die = rules.core.hand_to_hand.die;
    for roll in [a_roll, b_roll] {
        if !(1..=die).contains(&roll) {
            return Err(FightError::BadRoll(roll));
        }
    }
    let a_total = i32::try_from(a_roll).unwrap_or(0) + total(&modifiers(rules, a, b));
    let b_total = i32::try_from(b_roll).unwrap_or(0) + total(&modifiers(rules, b, a));
    let winner = match a_total.cmp(&b_total) {
        std::cmp::Ordering::Greater => FightWinner::A,
        std::cmp::Ordering::Less => FightWinner::B,
        std::cmp::Ordering::Equal => FightWinner::Draw,
    };
    Ok(FightResult { a_total, b_total, winner, markers: a_total.abs_diff(b_total) })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::systems::dmh::rules::embedded;

    #[test]
    fn totals_and_markers() {
        let rules = embedded::rules();
        let a = Fighter { hth: 1, charged: true, ..Fighter::default() };
        let b = Fighter { hth: -1, under_fire: 2, ..Fighter::default() };
        // a: 6 + 1 (HtH) + 2 (b's markers) + 1 (charged) = 10; b: 7 - 1 = 6.
        let r = resolve(rules, &a, &b, 6, 7).expect("legal");
        assert_eq!((r.a_total, r.b_total, r.winner, r.markers), (10, 6, FightWinner::A, 4));
        let d = resolve(rules, &Fighter::default(), &Fighter::default(), 5, 5).expect("legal");
        assert_eq!((d.winner, d.markers), (FightWinner::Draw, 0));
        let higher = Fighter { higher: true, card_higher: true, ..Fighter::default() };
        let r = resolve(rules, &Fighter::default(), &higher, 9, 7).expect("legal");
        assert_eq!((r.winner, r.b_total), (FightWinner::Draw, 9));
    }

    #[test]
    fn even_fights_are_symmetric() {
        let rules = embedded::rules();
        let c = chances(rules, &Fighter::default(), &Fighter::default()).expect("legal");
        assert_eq!(c.a, Chance::new(45, 100));
        assert_eq!(c.b, Chance::new(45, 100));
        assert_eq!(c.draw, Chance::new(10, 100));
    }

    #[test]
    fn a_plus_one_shifts_the_odds() {
        let rules = embedded::rules();
        let c = chances(rules, &Fighter { charged: true, ..Fighter::default() }, &Fighter::default())
            .expect("legal");
        assert_eq!(c.a, Chance::new(55, 100));
        assert_eq!(c.draw, Chance::new(9, 100));
        assert_eq!(c.b, Chance::new(36, 100));
    }

    #[test]
    fn impossible_fights_are_refused() {
        let rules = embedded::rules();
        let f = Fighter::default();
        let both = Fighter { card_higher: true, ..f };
        assert_eq!(chances(rules, &both, &both), Err(FightError::BothHigherCard));
        let charged = Fighter { charged: true, ..f };
        assert_eq!(chances(rules, &charged, &charged), Err(FightError::BothCharged));
        assert_eq!(resolve(rules, &f, &f, 0, 5), Err(FightError::BadRoll(0)));
        assert_eq!(resolve(rules, &f, &f, 5, 11), Err(FightError::BadRoll(11)));
        assert_eq!(chances(rules, &Fighter { hth: 3, ..f }, &f), Err(FightError::BadHth(3)));
    }
}
