//! The Duel (rulebook lines 455–473): no initiative and no hand, but a round of blackjack on
//! each of the six face-down row cards. Each round both players add a face-up card to their
//! row card, the good guy decides first to hit or stand, then the bad guy, taking turns until
//! both stand (a total over 21 is bust at once). The higher total shoots first with the
//! difference as its bonus and the lower shoots back with none; equal totals shoot at the same
//! time; a player who busts does not shoot and the other gets +4; a blackjack adds +2. Every
//! normal to-hit modifier is ignored and a natural 1 is just a miss (reading A53).
//!
//! Readings: the players decide in turn, one card at a time (D01); a row card typed from a
//! real deck takes the place of the one Posse dealt (D02).

use serde::{Deserialize, Serialize};

use super::{Event, GameError, ModelRef, Phase, State};
use crate::systems::dmh::rules::Rules;
use crate::systems::dmh::rules::cards::Card;
use crate::systems::dmh::rules::data::Role;
use crate::systems::dmh::rules::shooting::ShotResult;

/// The duel under way.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Duel {
    /// Rounds started, 1 to 6 (0 before the first).
    pub round: u32,
    /// Each side's face-down row, in the order the rounds use it.
    pub rows: [Vec<Card>; 2],
    /// This round's cards: the row card first, then the face-up cards.
    pub hands: [Vec<Card>; 2],
    /// The side has stood (or gone bust) this round.
    pub stood: [bool; 2],
    /// Decisions taken this round, to know whose turn it is.
    pub decisions: u32,
    /// The side has fired this round.
    pub fired: [bool; 2],
    /// The round's shooting is over.
    pub shot: bool,
}

/// How a round's shots go, once both players stand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Showdown {
    /// Both bust: nobody shoots.
    Nobody,
    /// Both shoot at the same time, each with its bonus.
    Together([i32; 2]),
    /// One side shoots first with its bonus; the other shoots back (if still standing) with
    /// its own, or not at all when it went bust.
    First { side: usize, bonus: i32, back: Option<i32> },
}

/// The best blackjack total of `cards`: aces count 11 unless that busts, faces 10.
#[must_use]
pub fn total(cards: &[Card]) -> u32 {
    let mut sum = 0;
    let mut aces = 0;
    for card in cards {
        let value = u32::from(card.value());
        match value {
            14 => {
                aces += 1;
                sum += 11;
            }
            11..=13 => sum += 10,
            v => sum += v,
        }
    }
    while sum > 21 && aces > 0 {
        sum -= 10;
        aces -= 1;
    }
    sum
}

/// Whether `cards` are a blackjack: 21 with the first two cards.
#[must_use]
pub fn blackjack(cards: &[Card]) -> bool {
    cards.len() == 2 && total(cards) == 21
}

impl Duel {
    fn bust(&self, side: usize) -> bool {
        total(&self.hands[side]) > 21
    }

    /// The side whose turn it is to hit or stand, if any: the good guy first, then in turn,
    /// passing over a side that has stood (reading D01). `good` is the good side's index.
    #[must_use]
    pub fn to_decide(&self, good: usize) -> Option<usize> {
        if self.hands[0].is_empty() || self.stood.iter().all(|s| *s) {
            return None;
        }
        let order = [good, 1 - good];
        let first = order[usize::try_from(self.decisions % 2).unwrap_or(0)];
        if self.stood[first] { Some(1 - first) } else { Some(first) }
    }

    /// How this round's shots go, once both have stood.
    #[must_use]
    pub fn showdown(&self, rules: &Rules) -> Option<Showdown> {
        if !self.stood.iter().all(|s| *s) || self.hands[0].is_empty() {
            return None;
        }
        let numbers = &rules.core.duel;
        let bonus =
            |s: usize, base: i32| base + if blackjack(&self.hands[s]) { numbers.blackjack_bonus } else { 0 };
        let (t0, t1) = (total(&self.hands[0]), total(&self.hands[1]));
        Some(match (self.bust(0), self.bust(1)) {
            (true, true) => Showdown::Nobody,
            (false, true) => Showdown::First { side: 0, bonus: bonus(0, numbers.bust_bonus), back: None },
            (true, false) => Showdown::First { side: 1, bonus: bonus(1, numbers.bust_bonus), back: None },
            (false, false) if t0 == t1 => Showdown::Together([bonus(0, 0), bonus(1, 0)]),
            (false, false) => {
                let side = usize::from(t1 > t0);
                let diff = i32::try_from(t0.abs_diff(t1)).unwrap_or(0);
                Showdown::First { side, bonus: bonus(side, diff), back: Some(bonus(1 - side, 0)) }
            }
        })
    }
}

impl State {
    /// Whether this game is the Duel (both sides play the duel deck).
    #[must_use]
    pub fn is_duel(&self) -> bool {
        self.duel.is_some()
    }

    /// The good side's index.
    fn good_side(&self) -> usize {
        self.sides.iter().position(|s| s.role == Role::Good).unwrap_or(0)
    }

    /// Who must decide now in the duel: hit or stand.
    #[must_use]
    pub fn duel_to_decide(&self) -> Option<usize> {
        self.duel.as_ref().and_then(|d| d.to_decide(self.good_side()))
    }

    /// The shots owed now in the duel: the sides that shoot in the next event, each with its
    /// bonus (two at once when they shoot together).
    #[must_use]
    pub fn duel_shots_due(&self, rules: &Rules) -> Vec<(usize, i32)> {
        let Some(d) = self.duel.as_ref().filter(|d| !d.shot) else { return Vec::new() };
        let standing = |s: usize| self.sides.get(s).is_some_and(|x| x.standing().count() > 0);
        match d.showdown(rules) {
            None | Some(Showdown::Nobody) => Vec::new(),
            // Both fire in one event; once they have, the round's shooting is over.
            Some(Showdown::Together(_)) if d.fired.iter().any(|f| *f) => Vec::new(),
            Some(Showdown::Together(b)) => vec![(0, b[0]), (1, b[1])],
            Some(Showdown::First { side, bonus, back }) => {
                if d.fired[side] {
                    match back {
                        Some(b) if !d.fired[1 - side] && standing(1 - side) => vec![(1 - side, b)],
                        _ => Vec::new(),
                    }
                } else {
                    vec![(side, bonus)]
                }
            }
        }
    }

    /// Deals each side its face-down row of six at the start of the Duel.
    pub(super) fn begin_duel(&mut self, rules: &Rules) {
        let rounds = usize::try_from(rules.core.duel.rounds).unwrap_or(6);
        let mut duel = Duel::default();
        for (s, side) in self.sides.iter_mut().enumerate() {
            duel.rows[s] = crate::systems::dmh::rules::cards::draw(&mut side.deck, rounds);
        }
        self.duel = Some(duel);
        self.phase = Phase::Duel;
    }

    /// Starts the next round: each side's row card and a face-up card from its deck (typed
    /// from a real deck, or dealt by Posse).
    pub(super) fn duel_round(
        &mut self,
        rules: &Rules,
        typed: Option<&[[Card; 2]; 2]>,
    ) -> Result<(), GameError> {
        self.expect_phase(Phase::Duel)?;
        let seed = self.derived_seed(0x500);
        let rounds = rules.core.duel.rounds;
        let Some(mut duel) = self.duel.take() else { return Err(GameError::WrongPhase(self.phase)) };
        let result = (|| {
            if duel.round > 0 && !duel.shot && duel.showdown(rules).is_some_and(|s| s != Showdown::Nobody) {
                return Err(GameError::Rules("the shots of this round come first".into()));
            }
            if duel.round > 0 && !duel.stood.iter().all(|s| *s) {
                return Err(GameError::Rules("both players must stand before the next round".into()));
            }
            if duel.round >= rounds {
                return Err(GameError::Rules("all six row cards have been played".into()));
            }
            let k = usize::try_from(duel.round).unwrap_or(0);
            for s in 0..2 {
                let old = std::mem::take(&mut duel.hands[s]);
                self.sides[s].discard.extend(old.into_iter().skip(1));
                let mut row =
                    duel.rows[s].get(k).copied().ok_or(GameError::Rules("the row is used up".into()))?;
                let up = match typed {
                    Some(cards) => {
                        let [typed_row, typed_up] = cards[s];
                        if typed_row != row {
                            // A real row card takes the place of the one Posse dealt (D02).
                            let side = &mut self.sides[s];
                            let pos = side
                                .deck
                                .iter()
                                .position(|c| *c == typed_row)
                                .ok_or(GameError::MissingCard(typed_row))?;
                            side.deck[pos] = row;
                            duel.rows[s][k] = typed_row;
                            row = typed_row;
                        }
                        let side = &mut self.sides[s];
                        let pos = side
                            .deck
                            .iter()
                            .position(|c| *c == typed_up)
                            .ok_or(GameError::MissingCard(typed_up))?;
                        side.deck.remove(pos)
                    }
                    None => self.duel_draw(s, seed)?,
                };
                duel.hands[s] = vec![row, up];
            }
            duel.round += 1;
            duel.stood = [false, false];
            duel.fired = [false, false];
            duel.decisions = 0;
            duel.shot = false;
            Ok(())
        })();
        self.duel = Some(duel);
        result
    }

    /// Draws a face-up duel card; an empty deck is reshuffled from the used face-up cards.
    fn duel_draw(&mut self, side: usize, seed: u64) -> Result<Card, GameError> {
        let s = &mut self.sides[side];
        if s.deck.is_empty() {
            s.deck.append(&mut s.discard);
            crate::systems::dmh::rules::cards::shuffle(&mut s.deck, seed ^ u64::try_from(side).unwrap_or(0));
        }
        s.deck.pop().ok_or_else(|| GameError::Rules(format!("the {} have no card left to draw", s.name)))
    }

    /// A player hits (`stand` false: one more face-up card) or stands.
    pub(super) fn duel_decide(
        &mut self,
        rules: &Rules,
        side: usize,
        stand: bool,
        typed: Option<Card>,
    ) -> Result<(), GameError> {
        self.expect_phase(Phase::Duel)?;
        let stand_at = rules.core.duel.stand_at;
        let seed = self.derived_seed(0x600);
        let good = self.good_side();
        let Some(mut duel) = self.duel.take() else { return Err(GameError::WrongPhase(self.phase)) };
        let result = (|| {
            if duel.to_decide(good) != Some(side) {
                return Err(GameError::Rules("it is the other player's turn to hit or stand".into()));
            }
            if stand {
                if total(&duel.hands[side]) < stand_at {
                    return Err(GameError::Rules(format!("a player may stand only on {stand_at} or more")));
                }
                duel.stood[side] = true;
            } else {
                let card = match typed {
                    Some(card) => {
                        let s = &mut self.sides[side];
                        let pos =
                            s.deck.iter().position(|c| *c == card).ok_or(GameError::MissingCard(card))?;
                        s.deck.remove(pos)
                    }
                    None => self.duel_draw(side, seed)?,
                };
                duel.hands[side].push(card);
                // Over 21 is bust at once.
                if total(&duel.hands[side]) > 21 {
                    duel.stood[side] = true;
                }
            }
            duel.decisions += 1;
            if duel.showdown_done() {
                duel.shot = true;
            }
            Ok(())
        })();
        self.duel = Some(duel);
        result
    }

    /// The round's shots: each `(side, roll)` fires at the enemy duellist with the bonus the
    /// cards gave it; shots owed together come in one event and both resolve.
    pub(super) fn duel_fire(&mut self, rules: &Rules, shots: &[(usize, u32)]) -> Result<(), GameError> {
        self.expect_phase(Phase::Duel)?;
        let due = self.duel_shots_due(rules);
        let mut sides: Vec<usize> = shots.iter().map(|(s, _)| *s).collect();
        sides.sort_unstable();
        let mut owed: Vec<usize> = due.iter().map(|(s, _)| *s).collect();
        owed.sort_unstable();
        if due.is_empty() || sides != owed {
            return Err(GameError::Rules("those are not the shots this round owes".into()));
        }
        let mut landed = Vec::new();
        for &(side, roll) in shots {
            Self::check_roll(roll, rules.core.shooting.die)?;
            let bonus = due.iter().find(|(s, _)| *s == side).map_or(0, |(_, b)| *b);
            let target = ModelRef { side: 1 - side, model: self.duellist(1 - side).unwrap_or(0) };
            // A natural 1 is only a miss here: no ammo to lose (A53).
            let result = match crate::systems::dmh::rules::shooting::result(rules, bonus, roll) {
                ShotResult::OutOfAmmo => ShotResult::Miss,
                r => r,
            };
            landed.push((target, result));
        }
        for (target, result) in landed {
            match result {
                ShotResult::UnderFire => self.add_markers(target, 1)?,
                ShotResult::UnderFireAndNerve => {
                    self.add_markers(target, 1)?;
                    self.nerve_due.push(target);
                }
                ShotResult::OutOfAction => {
                    self.model_mut(target)?.out_of_action = true;
                }
                ShotResult::Miss | ShotResult::OutOfAmmo => {}
            }
        }
        if let Some(d) = self.duel.as_mut() {
            for (side, _) in shots {
                d.fired[*side] = true;
            }
        }
        if self.duel_shots_due(rules).is_empty()
            && let Some(d) = self.duel.as_mut()
        {
            d.shot = true;
        }
        Ok(())
    }

    /// The side's duellist: its first model.
    fn duellist(&self, side: usize) -> Option<usize> {
        self.sides.get(side).and_then(|s| (!s.models.is_empty()).then_some(0))
    }

    /// How many rounds of the duel have been played through (both stood and shot).
    #[must_use]
    pub fn duel_rounds_done(&self) -> u32 {
        self.duel.as_ref().map_or(0, |d| if d.shot { d.round } else { d.round.saturating_sub(1) })
    }
}

impl Duel {
    /// Both stood and nobody shoots: the round is over without shots.
    fn showdown_done(&self) -> bool {
        self.stood.iter().all(|s| *s) && self.hands.iter().all(|h| total(h) > 21)
    }
}

/// The duel's events in plain words.
pub(super) fn describe(game: &State, rules: &Rules, after: &State, event: &Event) -> Option<String> {
    let name = |s: usize| game.sides.get(s).map_or("?", |x| x.name.as_str()).to_owned();
    let d = after.duel.as_ref()?;
    Some(match event {
        Event::DuelRound { .. } => {
            let up: Vec<String> = (0..2)
                .map(|s| format!("{} {}", name(s), d.hands[s].get(1).map_or_else(String::new, |c| c.label())))
                .collect();
            format!("round {} of the duel: face up {}", d.round, up.join(", "))
        }
        Event::DuelDecide { side, stand: true, .. } => {
            format!("{} stand on {}", name(*side), total(&d.hands[*side]))
        }
        Event::DuelDecide { side, .. } => {
            let card = d.hands[*side].last().map_or_else(String::new, |c| c.label());
            if total(&d.hands[*side]) > 21 {
                format!("{} hit: {card}, bust", name(*side))
            } else {
                format!("{} hit: {card}", name(*side))
            }
        }
        Event::DuelFire { shots } => {
            let due = game.duel_shots_due(rules);
            let parts: Vec<String> = shots
                .iter()
                .map(|(s, roll)| {
                    let bonus = due.iter().find(|(x, _)| x == s).map_or(0, |(_, b)| *b);
                    format!("{} fire: {roll} {bonus:+} = {}", name(*s), i64::from(*roll) + i64::from(bonus))
                })
                .collect();
            let hurt: Vec<String> = (0..2)
                .filter_map(|s| {
                    let (b, a) = (game.sides.get(s)?.models.first()?, after.sides.get(s)?.models.first()?);
                    if a.out_of_action && !b.out_of_action {
                        Some(format!("{} is out of action", a.name))
                    } else if a.under_fire > b.under_fire {
                        Some(format!("{} is hit", a.name))
                    } else {
                        None
                    }
                })
                .collect();
            let outcome = if hurt.is_empty() { "no hit".to_owned() } else { hurt.join(", ") };
            format!("{}: {outcome}", parts.join(" and "))
        }
        _ => return None,
    })
}
