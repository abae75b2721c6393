//! Frags: +1 for a kill, −3 for killing yourself, −1 for killing a team-mate (two-player
//! teams). The winner is the first to reach the target (20 unless agreed).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::data::FragValues;

/// What kind of death it was, for the killer's score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FragKind {
    Kill,
    Suicide,
    TeamMate,
}

impl FragKind {
    /// The kind of a death: `same_character` when the killer killed itself, `same_team` when
    /// the victim is on the killer's team.
    #[must_use]
    pub fn of(same_character: bool, same_team: bool) -> FragKind {
        if same_character {
            FragKind::Suicide
        } else if same_team {
            FragKind::TeamMate
        } else {
            FragKind::Kill
        }
    }

    /// The frags it is worth to the killer.
    #[must_use]
    pub fn value(self, frags: &FragValues) -> i32 {
        match self {
            FragKind::Kill => frags.kill,
            FragKind::Suicide => frags.suicide,
            FragKind::TeamMate => frags.team_mate,
        }
    }
}

/// The scores after a list of frags, and who reached the target first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Tally<S: Ord> {
    pub scores: BTreeMap<S, i32>,
    pub winner: Option<S>,
}

/// Adds up `frags` (who scores, how much) in the order they happened. Everyone in `players`
/// starts at 0; the winner is the first whose score reaches `target`. Frags after the win
/// still count in the scores (the winner stays the first).
pub fn tally<S: Ord + Clone>(
    players: impl IntoIterator<Item = S>,
    frags: impl IntoIterator<Item = (S, i32)>,
    target: u32,
) -> Tally<S> {
    let mut scores: BTreeMap<S, i32> = players.into_iter().map(|p| (p, 0)).collect();
    let mut winner = None;
    let target = i64::from(target);
    for (scorer, value) in frags {
        let score = scores.entry(scorer.clone()).or_insert(0);
        *score += value;
        if winner.is_none() && i64::from(*score) >= target {
            winner = Some(scorer);
        }
    }
    Tally { scores, winner }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::systems::fragmaster::rules::embedded::rules;

    #[test]
    fn a_kill_a_suicide_and_a_team_mate() {
        let frags = &rules().game.frags;
        let values: Vec<i32> =
            [FragKind::of(false, false), FragKind::of(true, true), FragKind::of(false, true)]
                .iter()
                .map(|k| k.value(frags))
                .collect();
        assert_eq!(values, vec![1, -3, -1]);
    }

    #[test]
    fn the_first_to_reach_the_target_wins() {
        // Ann 1, Bob −3, Cid 1 then 2: Cid reaches 2 first; Ann's later 2 does not take it.
        let t = tally(
            ["Ann", "Bob", "Cid", "Dan"],
            [("Ann", 1), ("Bob", -3), ("Cid", 1), ("Cid", 1), ("Ann", 1)],
            2,
        );
        assert_eq!(
            t.scores.into_iter().collect::<Vec<_>>(),
            vec![("Ann", 2), ("Bob", -3), ("Cid", 2), ("Dan", 0)]
        );
        assert_eq!(t.winner, Some("Cid"));
        assert_eq!(tally(["Ann"], [("Ann", 1)], 20).winner, None);
    }
}
