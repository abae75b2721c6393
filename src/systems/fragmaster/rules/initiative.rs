//! Initiative, rolled once per game: 3d6 per character, highest first; characters tied on
//! the same total each roll a d6, highest first, and roll again while still tied (reading
//! F13).
//!
//! A pure function of the rolls given. [`standing`] says who still has to roll a tiebreak;
//! [`settle_with_seed`] rolls those from a seed and reports each roll it made.

use super::dice::{D6, Roller};

/// One character's initiative: the 3d6 total and its tiebreak d6s, in the order rolled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry<K> {
    pub who: K,
    pub roll: u32,
    pub tiebreaks: Vec<D6>,
}

/// Where initiative stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standing<K> {
    /// Everyone, highest first. Characters still tied keep the order they were given in.
    pub order: Vec<K>,
    /// Groups still tied: each character in `waiting` must roll one more tiebreak d6 now.
    pub tied: Vec<Vec<K>>,
    /// The characters who must roll a tiebreak d6 now (in `order`'s order).
    pub waiting: Vec<K>,
}

impl<K> Standing<K> {
    /// Whether the order is final.
    #[must_use]
    pub fn is_settled(&self) -> bool {
        self.waiting.is_empty()
    }
}

/// A tiebreak roll that was not called for: `who` was not tied when it rolled (or rolled
/// again before the others tied with it had rolled).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExtraTiebreak<K>(pub K);

/// Where initiative stands for these rolls.
///
/// # Errors
/// The first character (in the order) with a tiebreak roll it should not have made.
pub fn standing<K: Clone>(entries: &[Entry<K>]) -> Result<Standing<K>, ExtraTiebreak<K>> {
    let mut by_roll: Vec<usize> = (0..entries.len()).collect();
    // A stable sort keeps the given order among equal totals.
    by_roll.sort_by(|&a, &b| entries[b].roll.cmp(&entries[a].roll));
    let mut out = Walk { order: Vec::new(), tied: Vec::new(), waiting: Vec::new() };
    for group in groups(&by_roll, |&i| Some(entries[i].roll)) {
        settle(entries, group, 0, &mut out).map_err(|i| ExtraTiebreak(entries[i].who.clone()))?;
    }
    let pick = |list: &[usize]| list.iter().map(|&i| entries[i].who.clone()).collect::<Vec<K>>();
    Ok(Standing {
        order: pick(&out.order),
        tied: out.tied.iter().map(|g| pick(g)).collect(),
        waiting: pick(&out.waiting),
    })
}

struct Walk {
    order: Vec<usize>,
    tied: Vec<Vec<usize>>,
    waiting: Vec<usize>,
}

/// Runs of consecutive items with the same key (the items are already sorted by it).
fn groups<T: Copy, V: PartialEq>(items: &[T], key: impl Fn(&T) -> V) -> Vec<Vec<T>> {
    let mut out: Vec<Vec<T>> = Vec::new();
    for item in items {
        match out.last_mut() {
            Some(last) if last.first().is_some_and(|first| key(first) == key(item)) => last.push(*item),
            _ => out.push(vec![*item]),
        }
    }
    out
}

/// Orders `group`, tied through its first `level` tiebreaks.
fn settle<K>(entries: &[Entry<K>], group: Vec<usize>, level: usize, out: &mut Walk) -> Result<(), usize> {
    if let [alone] = group.as_slice() {
        if entries[*alone].tiebreaks.len() > level {
            return Err(*alone);
        }
        out.order.push(*alone);
        return Ok(());
    }
    let lacking: Vec<usize> =
        group.iter().copied().filter(|&i| entries[i].tiebreaks.len() <= level).collect();
    if !lacking.is_empty() {
        // Those who rolled at this level wait for the others; nobody may roll further yet.
        if let Some(&early) = group.iter().find(|&&i| entries[i].tiebreaks.len() > level + 1) {
            return Err(early);
        }
        out.order.extend(group.iter().copied());
        out.waiting.extend(lacking);
        out.tied.push(group);
        return Ok(());
    }
    let mut sorted = group;
    sorted.sort_by(|&a, &b| entries[b].tiebreaks[level].cmp(&entries[a].tiebreaks[level]));
    for sub in groups(&sorted, |&i| entries[i].tiebreaks.get(level).copied()) {
        settle(entries, sub, level + 1, out)?;
    }
    Ok(())
}

/// The tiebreaks rolled by [`settle_with_seed`], in the order rolled.
pub type Seeded<K> = Vec<(K, D6)>;

/// Rolls every tiebreak still needed from `seed`, round by round, and returns the settled
/// order with the rolls made (the entries gain them).
///
/// # Errors
/// A tiebreak that was not called for (see [`standing`]).
pub fn settle_with_seed<K: Clone + PartialEq>(
    entries: &mut [Entry<K>],
    seed: u64,
) -> Result<(Standing<K>, Seeded<K>), ExtraTiebreak<K>> {
    let mut dice = Roller::new(seed);
    let mut made = Vec::new();
    let mut now = standing(entries)?;
    // Each round breaks a tie with probability at least 5/6 for two characters; the bound only
    // keeps a broken generator from looping for ever.
    for _ in 0..1000 {
        if now.is_settled() {
            break;
        }
        for who in &now.waiting {
            let face = dice.d6();
            if let Some(entry) = entries.iter_mut().find(|e| &e.who == who) {
                entry.tiebreaks.push(face);
                made.push((who.clone(), face));
            }
        }
        now = standing(entries)?;
    }
    Ok((now, made))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entries(rolls: &[(&'static str, u32, &[u8])]) -> Vec<Entry<&'static str>> {
        rolls
            .iter()
            .map(|&(who, roll, tbs)| Entry {
                who,
                roll,
                tiebreaks: tbs.iter().map(|&f| D6::new(f).expect("face")).collect(),
            })
            .collect()
    }

    /// (order, waiting) for the rolls.
    fn check(rolls: &[(&'static str, u32, &[u8])], order: &[&str], waiting: &[&str]) {
        let s = standing(&entries(rolls)).expect("valid");
        assert_eq!((s.order.as_slice(), s.waiting.as_slice()), (order, waiting));
    }

    #[test]
    fn highest_total_goes_first() {
        check(&[("Ann", 11, &[]), ("Bob", 14, &[]), ("Cid", 9, &[])], &["Bob", "Ann", "Cid"], &[]);
    }

    #[test]
    fn a_tie_waits_for_a_d6_each_then_the_highest_goes_first() {
        let rolls: &[(&str, u32, &[u8])] = &[("Ann", 11, &[]), ("Bob", 14, &[]), ("Cid", 11, &[])];
        check(rolls, &["Bob", "Ann", "Cid"], &["Ann", "Cid"]);
        check(&[("Ann", 11, &[2]), ("Bob", 14, &[]), ("Cid", 11, &[])], &["Bob", "Ann", "Cid"], &["Cid"]);
        check(&[("Ann", 11, &[2]), ("Bob", 14, &[]), ("Cid", 11, &[5])], &["Bob", "Cid", "Ann"], &[]);
    }

    #[test]
    fn still_tied_rolls_again_and_only_the_tied_ones() {
        // Three on 10: Ann 4, Cid 4, Dan 1. Ann and Cid roll again; Dan is placed last.
        let rolls: &[(&str, u32, &[u8])] = &[("Ann", 10, &[4]), ("Cid", 10, &[4]), ("Dan", 10, &[1])];
        let s = standing(&entries(rolls)).expect("valid");
        assert_eq!(s.tied, vec![vec!["Ann", "Cid"]]);
        assert_eq!(s.waiting, vec!["Ann", "Cid"]);
        check(&[("Ann", 10, &[4, 3]), ("Cid", 10, &[4, 6]), ("Dan", 10, &[1])], &["Cid", "Ann", "Dan"], &[]);
    }

    #[test]
    fn a_tiebreak_nobody_needed_is_refused() {
        let extra = |rolls: &[(&'static str, u32, &[u8])]| standing(&entries(rolls)).err();
        assert_eq!(extra(&[("Ann", 11, &[3]), ("Bob", 12, &[])]), Some(ExtraTiebreak("Ann")));
        // Ann rolls a second tiebreak before Cid has rolled the first.
        assert_eq!(extra(&[("Ann", 11, &[3, 4]), ("Cid", 11, &[])]), Some(ExtraTiebreak("Ann")));
        // Ann rolls again though her first tiebreak already beat Cid's.
        assert_eq!(extra(&[("Ann", 11, &[5, 2]), ("Cid", 11, &[3])]), Some(ExtraTiebreak("Ann")));
    }

    #[test]
    fn a_seed_settles_the_ties_left_and_reports_its_rolls() {
        // Ann and Cid both typed 5: the seed rolls Ann 3, Cid 1.
        let mut list = entries(&[("Ann", 11, &[5]), ("Bob", 14, &[]), ("Cid", 11, &[5])]);
        let (s, rolled) = settle_with_seed(&mut list, 7).expect("valid");
        assert_eq!(s.order, vec!["Bob", "Ann", "Cid"]);
        assert!(s.is_settled());
        assert_eq!(rolled, vec![("Ann", D6::nearest(3)), ("Cid", D6::nearest(1))]);
        assert_eq!(list[0].tiebreaks, vec![D6::nearest(5), D6::nearest(3)]);
    }

    #[test]
    fn a_seed_rolls_again_while_still_tied() {
        // Seed 17: 4–4, then 2–2, then 2–6: Cid first after three rounds.
        let mut list = entries(&[("Ann", 11, &[]), ("Cid", 11, &[])]);
        let (s, rolled) = settle_with_seed(&mut list, 17).expect("valid");
        let faces: Vec<(&str, u8)> = rolled.iter().map(|(who, d)| (*who, d.value())).collect();
        assert_eq!(faces, vec![("Ann", 4), ("Cid", 4), ("Ann", 2), ("Cid", 2), ("Ann", 2), ("Cid", 6)]);
        assert_eq!(s.order, vec!["Cid", "Ann"]);
    }
}
