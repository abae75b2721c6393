//! Hand-to-hand: a charge from a declared move, fighting on at the higher card, breaking off;
//! the loser takes a marker per point, and the fight lasts until one falls or breaks off.

use super::{Action, Fight, GameError, Lasts, ModelRef, Phase, Rules, State};

impl State {
    pub(super) fn break_off(&mut self, model: ModelRef) -> Result<(), GameError> {
        self.expect_phase(Phase::Activations)?;
        let name = self.model(model)?.name.clone();
        if self.edition >= 1 && self.fight_of(model).is_some() {
            // Breaking off takes the first two declared moves (line 191).
            self.take(model, Action::Move, false)?;
            self.take(model, Action::Move, false)?;
        }
        let before = self.fights.len();
        self.fights.retain(|f| !f.involves(model));
        if self.fights.len() == before {
            return Err(GameError::NotInFight(name));
        }
        Ok(())
    }

    /// Whether `r` is locked in a fight whose roll-off this turn is still to come: the fighter
    /// whose card comes up first then fights on or breaks off (lines 190, 193).
    #[must_use]
    pub fn fight_unrolled(&self, r: ModelRef) -> bool {
        self.fight_of(r).is_some_and(|f| f.rolled != self.turn)
    }

    /// The fighter who holds the higher card in `r`'s fight this turn and takes its +1, while
    /// the roll-off is still to come: the one of the two whose card comes up first (line 190).
    /// `None` once the fight was rolled this turn, or when neither holds a card.
    #[must_use]
    pub fn higher_card_fighter(&self, r: ModelRef) -> Option<ModelRef> {
        let fight = self.fight_of(r).filter(|f| f.rolled != self.turn)?;
        let order = self.order().ok()?;
        order.into_iter().find(|x| fight.involves(*x))
    }

    /// Why model `r` may not end its activation now without fighting: it holds the higher
    /// card of a fight not rolled this turn (lines 190, 193).
    #[must_use]
    pub fn must_fight(&self, r: ModelRef) -> Option<String> {
        if self.edition < 2 || self.higher_card_fighter(r) != Some(r) {
            return None;
        }
        let fight = self.fight_of(r)?;
        Some(format!(
            "{} holds the higher card in the fight with {}: fight on with +1, or break off by declaring two moves first",
            self.name(r),
            self.name(fight.opponent(r))
        ))
    }

    /// The fight `r` is locked in, if any.
    #[must_use]
    pub fn fight_of(&self, r: ModelRef) -> Option<&Fight> {
        self.fights.iter().find(|f| f.involves(r))
    }

    pub(super) fn fight(
        &mut self,
        rules: &Rules,
        a: ModelRef,
        b: ModelRef,
        modifiers: [i32; 2],
        rolls: [u32; 2],
    ) -> Result<(), GameError> {
        self.expect_phase(Phase::Activations)?;
        for roll in rolls {
            Self::check_roll(roll, rules.core.hand_to_hand.die)?;
        }
        if a.side == b.side {
            return Err(GameError::SameSide);
        }
        for r in [a, b] {
            let m = self.model(r)?;
            if m.out_of_action {
                return Err(GameError::OutOfAction(m.name.clone()));
            }
            if !m.on_table() {
                return Err(GameError::Targets(format!("{} is not on the table", m.name)));
            }
        }
        let turn = self.turn;
        let fighting_on = self.fight_of(a).is_some_and(|f| f.involves(b));
        if self.edition >= 1 {
            self.check_fight_turn(a, fighting_on)?;
        }
        match self.fights.iter_mut().find(|f| f.involves(a)) {
            Some(f) if f.involves(b) => {
                if f.rolled == turn {
                    return Err(GameError::FoughtThisTurn);
                }
                f.rolled = turn;
            }
            Some(_) => return Err(GameError::InFight(self.name(a))),
            None => {
                if self.fight_of(b).is_some() {
                    return Err(GameError::InFight(self.name(b)));
                }
                self.fights.push(Fight { a, b, started: turn, rolled: turn });
                // A model charged before it acts spends its activation in the fight (A24b).
                let m = self.model_mut(b)?;
                if !m.activated {
                    m.activated = true;
                    if let Some(card) = m.card.take() {
                        self.discard_model_card(card, b.side);
                    }
                }
            }
        }
        self.mark_acted(a.side);
        let ta = i64::from(rolls[0]) + i64::from(modifiers[0]);
        let tb = i64::from(rolls[1]) + i64::from(modifiers[1]);
        let markers = u32::try_from(ta.abs_diff(tb)).unwrap_or(u32::MAX);
        match ta.cmp(&tb) {
            std::cmp::Ordering::Greater => self.add_markers(b, markers)?,
            std::cmp::Ordering::Less => self.add_markers(a, markers)?,
            std::cmp::Ordering::Equal => {}
        }
        if self.edition >= 1 && !self.model(a)?.out_of_action {
            let enemy_down = self.model(b)?.out_of_action;
            if enemy_down && fighting_on {
                // The survivor of a fight won at its card takes two remaining actions (line 188).
                self.model_mut(a)?.spent = 1;
            } else if !enemy_down {
                // The charger's activation ends at contact unless its enemy falls (A24).
                self.finish_activation(a, 0)?;
                self.expire(&[Lasts::Activation]);
            }
        }
        Ok(())
    }

    /// In a declared game: a charge is the acting model's next declared move (three declared
    /// moves may not end in a charge, line 180); fighting on is the whole activation of the
    /// fighter whose card comes up first.
    pub(super) fn check_fight_turn(&mut self, a: ModelRef, fighting_on: bool) -> Result<(), GameError> {
        let current = self.first_in_order();
        if current != Some(a) {
            return Err(GameError::Rules(format!("it is not {}'s turn to act", self.name(a))));
        }
        if fighting_on {
            if self.activation_of(a).is_some() {
                return Err(GameError::Declaration(format!(
                    "{} declared actions: it breaks off instead of fighting on",
                    self.name(a)
                )));
            }
            return Ok(());
        }
        if self.activation_of(a).is_some_and(|x| x.declared_moves() >= 3) {
            return Err(GameError::Declaration(format!(
                "{} declared three moves: a model may not use three moves to charge",
                self.name(a)
            )));
        }
        self.take(a, Action::Move, true)
    }
}
