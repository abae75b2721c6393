//! Cards played from the hand, trumping, the effects Posse applies, and gang abilities.
//!
//! A card is played in three steps, each an event: [`Event::Play`] puts it on the table with
//! its targets, any number of [`Event::Trump`]s answer it with a card of the same value (a
//! joker only by the other joker; each trump may itself be trumped, reading A04a), and
//! [`Event::Settle`] ends the exchange: the card takes effect when the chain ends on its
//! owner's card. Cards whose effect lasts stay "in play" until they expire; every other card
//! goes to the discard pile. Nothing else can happen while a card waits to be settled.

use serde::{Deserialize, Serialize};

use super::{Event, Flag, GameError, ModelRef, Phase, State};
use crate::systems::dmh::rules::Rules;
use crate::systems::dmh::rules::cards::{Card, Colour, Suit};
use crate::systems::dmh::rules::data::{AbilityId, AbilityNeeds, Frequency, Lasts, ModelClass, Timing};
use crate::systems::dmh::rules::nerve::NerveInput;
use crate::systems::dmh::rules::shooting::ShotInput;

/// What a card does that Posse applies itself. Every other card is shown as a reminder.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Effect {
    /// 4, Sodden by whiskey: two enemy models swap initiative cards.
    SoddenByWhiskey,
    /// 5, Stumble: the enemy's activation ends after the move it has just made (from edition
    /// 2; a reminder before).
    Stumble,
    /// 8, Spotted Horse: out of action results against the model count as under fire + nerve.
    SpottedHorse,
    /// 9, Yellow Belly: the enemy's nerve test fails without a roll.
    YellowBelly,
    /// 10, Dead eye shot: no cover or target-moving penalty for the model's shots.
    DeadEye,
    /// Lawmen Q, Long arm of the law: one under fire marker on the enemy.
    LongArm,
    /// Lawmen A, Hang 'em High: no enemy Recover this turn.
    HangEmHigh,
    /// Cowboys K, True Grit: one Recover removes every marker.
    TrueGrit,
    /// Outlaws A: shots count as aimed, no cover or moving penalty, not shotguns.
    GunInHand,
    /// Desperados J: no negative modifiers on the side's nerve tests until one fails.
    StandItLikeAMan,
    /// Desperados Q, The Shootist: shots at one chosen enemy count as aimed, no moving penalty.
    Shootist,
    /// Desperados K: no to-hit penalty for the shooter's own markers this turn.
    StartedTogether,
    /// Black Joker: +1 to hit for every shot this turn.
    BlackJoker,
    /// Red Joker: three swaps of initiative cards between own and enemy models.
    RedJoker,
}

impl Effect {
    /// The effect Posse applies for `card`, if it applies one.
    #[must_use]
    pub fn of(card: Card) -> Option<Effect> {
        let Card::Suited { rank, suit } = card else {
            return Some(if card == Card::Joker(Colour::Black) {
                Effect::BlackJoker
            } else {
                Effect::RedJoker
            });
        };
        Some(match (rank.value(), suit) {
            (4, _) => Effect::SoddenByWhiskey,
            (5, _) => Effect::Stumble,
            (8, _) => Effect::SpottedHorse,
            (9, _) => Effect::YellowBelly,
            (10, _) => Effect::DeadEye,
            (12, Suit::Hearts) => Effect::LongArm,
            (14, Suit::Hearts) => Effect::HangEmHigh,
            (13, Suit::Diamonds) => Effect::TrueGrit,
            (14, Suit::Spades) => Effect::GunInHand,
            (11, Suit::Clubs) => Effect::StandItLikeAMan,
            (12, Suit::Clubs) => Effect::Shootist,
            (13, Suit::Clubs) => Effect::StartedTogether,
            _ => return None,
        })
    }

    /// The targets the card needs: own models and enemy models, in the order Posse asks for
    /// them (the Red Joker alternates own, enemy).
    #[must_use]
    pub fn targets(self) -> &'static [Whose] {
        use Whose::{Enemy, Own};
        match self {
            Effect::SoddenByWhiskey => &[Enemy, Enemy],
            Effect::RedJoker => &[Own, Enemy, Own, Enemy, Own, Enemy],
            Effect::YellowBelly | Effect::LongArm => &[Enemy],
            Effect::SpottedHorse | Effect::DeadEye | Effect::TrueGrit | Effect::GunInHand => &[Own],
            Effect::Shootist => &[Own, Enemy],
            Effect::Stumble
            | Effect::HangEmHigh
            | Effect::StandItLikeAMan
            | Effect::StartedTogether
            | Effect::BlackJoker => &[],
        }
    }
}

/// The targets a card needs: its effect's, or one of your own models for a card that lasts
/// until that model is hit (the Hostage).
#[must_use]
pub fn wanted_targets(rules: &Rules, card: Card) -> &'static [Whose] {
    match Effect::of(card) {
        Some(effect) => effect.targets(),
        None if rules.card_text(card).is_some_and(|t| t.lasts == Lasts::UntilHit) => &[Whose::Own],
        None => &[],
    }
}

/// Whose model a card targets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Whose {
    Own,
    Enemy,
}

/// A card on the table waiting to be settled, with the trumps played against it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pending {
    pub side: usize,
    pub card: Card,
    pub targets: Vec<ModelRef>,
    /// Trumps in order; the first is the other side's, then they alternate.
    pub trumps: Vec<Card>,
    /// The card is discarded to call the reinforcements, not played for its own effect.
    #[serde(default)]
    pub call: bool,
}

impl Pending {
    /// The side that may trump next.
    #[must_use]
    pub fn next_to_trump(&self) -> usize {
        if self.trumps.len().is_multiple_of(2) { 1 - self.side } else { self.side }
    }

    /// The value a trump must match.
    #[must_use]
    pub fn value(&self) -> u8 {
        self.card.value()
    }

    /// Whether the card takes effect if the exchange ends now.
    #[must_use]
    pub fn stands(&self) -> bool {
        self.trumps.len().is_multiple_of(2)
    }
}

/// A card whose effect lasts, with its targets, until it expires.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct InPlay {
    pub side: usize,
    pub card: Card,
    pub targets: Vec<ModelRef>,
    pub lasts: Lasts,
}

/// A gang ability used: by which side, in which turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AbilityUse {
    pub side: usize,
    pub ability: AbilityId,
    pub turn: u32,
    /// Kept for the whole game; other uses are forgotten when their turn ends.
    #[serde(default)]
    pub once_per_game: bool,
}

impl State {
    /// The effect `card` has while in play for `side`, if Posse applies one.
    fn active(&self, effect: Effect) -> impl Iterator<Item = &InPlay> {
        self.in_play.iter().filter(move |p| Effect::of(p.card) == Some(effect))
    }

    /// Whether `effect` is in play on model `r` (its first target).
    #[must_use]
    pub fn effect_on(&self, effect: Effect, r: ModelRef) -> bool {
        self.active(effect).any(|p| p.targets.first() == Some(&r))
    }

    /// Whether `effect` is in play for `side` (cards without targets).
    #[must_use]
    pub fn effect_for(&self, effect: Effect, side: usize) -> bool {
        self.active(effect).any(|p| p.side == side)
    }

    /// Whether the Black Joker is in play this turn.
    #[must_use]
    pub fn black_joker(&self) -> bool {
        self.active(Effect::BlackJoker).next().is_some()
    }

    /// The enemy the Shootist on `shooter` chose, if any.
    #[must_use]
    pub fn shootist_target(&self, shooter: ModelRef) -> Option<ModelRef> {
        self.active(Effect::Shootist)
            .find(|p| p.targets.first() == Some(&shooter))
            .and_then(|p| p.targets.get(1))
            .copied()
    }

    /// Applies the cards in play to a shot by `shooter` at `target` and says which did what.
    #[must_use]
    pub fn card_shot_effects(
        &self,
        rules: &Rules,
        shooter: ModelRef,
        target: ModelRef,
        input: &mut ShotInput,
    ) -> Vec<&'static str> {
        let mut notes = Vec::new();
        let can_aim = rules.weapon(&input.weapon).is_some_and(|w| w.max_aims > 0);
        let shotgun =
            rules.weapon(&input.weapon).is_some_and(|w| w.mode_of.as_deref().unwrap_or(&w.id) == "shotgun");
        if self.black_joker() {
            input.black_joker = true;
            notes.push("Black Joker: +1 to hit");
        }
        if self.effect_on(Effect::DeadEye, shooter) {
            input.cover = false;
            input.target_moves = 0;
            notes.push("Dead eye shot: no cover or moving penalty");
        }
        if self.effect_on(Effect::GunInHand, shooter) && !shotgun {
            input.counts_as_aimed = can_aim;
            input.cover = false;
            input.target_moves = 0;
            notes.push("With a gun in his hand: aimed, no cover or moving penalty");
        }
        if self.shootist_target(shooter) == Some(target) {
            input.counts_as_aimed = can_aim;
            input.target_moves = 0;
            notes.push("The Shootist: aimed, no moving penalty");
        }
        if self.effect_for(Effect::StartedTogether, shooter.side) {
            input.shooter_under_fire = 0;
            notes.push("We started together: no penalty for the shooter's markers");
        }
        notes
    }

    /// Applies the cards in play to a nerve test of `model` and says which did what.
    #[must_use]
    pub fn card_nerve_effects(&self, model: ModelRef, input: &mut NerveInput) -> Vec<&'static str> {
        let mut notes = Vec::new();
        if self.effect_for(Effect::StandItLikeAMan, model.side) {
            input.under_fire = 0;
            input.extra.retain(|m| m.value > 0);
            notes.push("Stand it like a man: no negative modifiers");
        }
        notes
    }

    /// I Am The Law, when it may count on a nerve test of model `r` (a Lawman, not the Sheriff,
    /// the Sheriff can see: the players say whether he does).
    #[must_use]
    pub fn i_am_the_law<'r>(
        &self,
        rules: &'r Rules,
        r: ModelRef,
    ) -> Option<&'r crate::systems::dmh::rules::data::Ability> {
        let model = self.model_at(r)?;
        let gang = rules.gang(&self.sides.get(r.side)?.gang)?;
        let a = gang.ability(AbilityId::IAmTheLaw)?;
        (!model.boss && self.abilities_work(rules, r.side, a.needs)).then_some(a)
    }

    /// What decides model `r`'s nerve test, as the players answer its questions (a friend
    /// within 15 cm; the Sheriff sees him, which counts only under [`Self::i_am_the_law`]),
    /// with the notes of the cards in play that change it.
    #[must_use]
    pub fn nerve_input(
        &self,
        rules: &Rules,
        r: ModelRef,
        friend_near: bool,
        sheriff_sees: bool,
    ) -> Option<(NerveInput, Vec<&'static str>)> {
        let model = self.model_at(r)?;
        let mut input = NerveInput {
            nerve: model.nerve,
            under_fire: model.under_fire.min(4),
            friend_near,
            extra: vec![],
        };
        if sheriff_sees && let Some(a) = self.i_am_the_law(rules, r) {
            input
                .extra
                .push(crate::systems::dmh::rules::shooting::Modifier { reason: a.name.clone(), value: 1 });
        }
        let notes = self.card_nerve_effects(r, &mut input);
        Some((input, notes))
    }

    /// The lowest face that passes model `r`'s nerve test now (above the die: none does), as
    /// [`Self::nerve_input`] decides it, or Tough as Old Boots' number once declared for it.
    #[must_use]
    pub fn nerve_needed(
        &self,
        rules: &Rules,
        r: ModelRef,
        friend_near: bool,
        sheriff_sees: bool,
    ) -> Option<u32> {
        let (input, _) = self.nerve_input(rules, r, friend_near, sheriff_sees)?;
        let odds = crate::systems::dmh::rules::nerve::nerve_test(rules, &input).ok()?;
        Some(self.boots_needed(rules, r).unwrap_or(odds.needed))
    }

    /// Whether `side` may not Recover this turn (the other side's Hang 'em High).
    #[must_use]
    pub fn recover_barred(&self, side: usize) -> bool {
        self.active(Effect::HangEmHigh).any(|p| p.side != side)
    }

    pub(super) fn play(
        &mut self,
        rules: &Rules,
        side: usize,
        card: Card,
        targets: &[ModelRef],
    ) -> Result<(), GameError> {
        if !matches!(self.phase, Phase::Activations | Phase::EndOfTurn) {
            return Err(GameError::WrongPhase(self.phase));
        }
        if self.pending.is_some() {
            return Err(GameError::CardPending);
        }
        let s = self.sides.get(side).ok_or(GameError::NoModel(ModelRef { side, model: 0 }))?;
        if !s.hand.contains(&card) {
            return Err(GameError::MissingCard(card));
        }
        // A model off the table (waiting, hidden, a reinforcement) is no card's target.
        for r in targets {
            let m = self.model(*r)?;
            if !m.on_table() {
                return Err(GameError::Targets(format!("{} is not on the table", m.name)));
            }
        }
        if let Some(effect) = Effect::of(card) {
            self.check_targets(side, effect, targets)?;
        } else if targets.len() != wanted_targets(rules, card).len() {
            return Err(GameError::Targets("pick one of your own models for this card".into()));
        }
        // Cards for the start of the turn close once a model of the side (or any model) acts.
        let timing = rules.card_text(card).map(|t| t.timing);
        let closed = match timing {
            Some(Timing::InitiativeRevealed | Timing::BeforeAnyActivation) => !self.acted.is_empty(),
            Some(Timing::BeforeEnemyActivations) => self.acted.contains(&(1 - side)),
            _ => false,
        };
        if closed {
            return Err(GameError::Targets("that card is played before the models start to act".into()));
        }
        if self.edition >= 2 && timing == Some(Timing::EnemyMoved) && self.just_moved(1 - side).is_none() {
            return Err(GameError::Targets(
                "Stumble is played on an enemy model just after it takes a move action".into(),
            ));
        }
        if Effect::of(card) == Some(Effect::YellowBelly)
            && !targets.first().is_some_and(|t| self.nerve_due.contains(t))
        {
            return Err(GameError::Targets(
                "Yellow Belly answers the nerve test a shot has just called for".into(),
            ));
        }
        let s = &mut self.sides[side];
        if let Some(pos) = s.hand.iter().position(|c| *c == card) {
            s.hand.remove(pos);
        }
        s.used_card = true;
        self.pending =
            Some(Pending { side, card, targets: targets.to_vec(), trumps: Vec::new(), call: false });
        Ok(())
    }

    /// The scene's reinforcements called at the end of a turn by discarding a special card
    /// from the hand (jack to ace, or the joker); the other side may trump the call.
    pub(super) fn call_reinforcements(
        &mut self,
        rules: &Rules,
        side: usize,
        card: Card,
    ) -> Result<(), GameError> {
        self.expect_phase(Phase::EndOfTurn)?;
        if self.pending.is_some() {
            return Err(GameError::CardPending);
        }
        let s = self.sides.get(side).ok_or(GameError::NoModel(ModelRef { side, model: 0 }))?;
        let rule = self.scene_of(rules).and_then(|sc| sc.reinforcements.as_ref());
        let who = s.role.title().to_lowercase();
        if !rule.is_some_and(|r| r.role == s.role) {
            return Err(GameError::Rules(format!("the {who} have no reinforcements to call in this scene")));
        }
        if self.called.contains(&side) || !s.models.iter().any(|m| m.has(Flag::Reinforcement)) {
            return Err(GameError::Rules(format!("the {who} have no reinforcements left to call")));
        }
        if !(card.is_joker() || card.value() >= 11) {
            return Err(GameError::Targets(format!(
                "{} is not a special card: call them with a jack, queen, king, ace or joker",
                card.label()
            )));
        }
        let s = &mut self.sides[side];
        let pos = s.hand.iter().position(|c| *c == card).ok_or(GameError::MissingCard(card))?;
        s.hand.remove(pos);
        s.used_card = true;
        self.pending = Some(Pending { side, card, targets: Vec::new(), trumps: Vec::new(), call: true });
        Ok(())
    }

    fn check_targets(&self, side: usize, effect: Effect, targets: &[ModelRef]) -> Result<(), GameError> {
        let wanted = effect.targets();
        // The Red Joker makes fewer swaps only when a side has fewer than three models.
        // The Red Joker makes all three swaps, fewer only when a side has fewer models to swap
        // (reading A49).
        let ok_len = if effect == Effect::RedJoker {
            let swappable = |s: usize| {
                self.sides.get(s).map_or(0, |x| {
                    x.models.iter().filter(|m| !m.out_of_action && m.card.is_some() && !m.activated).count()
                })
            };
            targets.len() == 2 * swappable(side).min(swappable(1 - side)).min(3)
        } else {
            targets.len() == wanted.len()
        };
        let mut seen = targets.to_vec();
        seen.sort_unstable_by_key(|r| (r.side, r.model));
        seen.dedup();
        if seen.len() != targets.len() {
            return Err(GameError::Targets("pick a different model for each target".into()));
        }
        if !ok_len {
            return Err(GameError::Targets(format!(
                "this card needs {}",
                crate::kernel::words::count(wanted.len(), "target", "targets")
            )));
        }
        for (r, whose) in targets.iter().zip(wanted) {
            let m = self.model(*r)?;
            if m.out_of_action {
                return Err(GameError::OutOfAction(m.name.clone()));
            }
            let own = r.side == side;
            if own != (*whose == Whose::Own) {
                let needs = if *whose == Whose::Own { "one of your own models" } else { "an enemy model" };
                return Err(GameError::Targets(format!("{} is not {needs}", m.name)));
            }
            let swaps = matches!(effect, Effect::SoddenByWhiskey | Effect::RedJoker);
            if swaps && (m.card.is_none() || m.activated) {
                return Err(GameError::Targets(format!("{} holds no initiative card to swap", m.name)));
            }
        }

        Ok(())
    }

    pub(super) fn trump(&mut self, side: usize, card: Card) -> Result<(), GameError> {
        let pending = self.pending.as_ref().ok_or(GameError::NothingToTrump)?;
        if pending.next_to_trump() != side {
            return Err(GameError::NotYourTrump);
        }
        if card.value() != pending.value() {
            return Err(GameError::Targets(format!(
                "{} does not trump a card of another value",
                card.label()
            )));
        }
        let s = self.sides.get_mut(side).ok_or(GameError::NoModel(ModelRef { side, model: 0 }))?;
        let pos = s.hand.iter().position(|c| *c == card).ok_or(GameError::MissingCard(card))?;
        s.hand.remove(pos);
        s.used_card = true;
        if let Some(p) = self.pending.as_mut() {
            p.trumps.push(card);
        }
        Ok(())
    }

    pub(super) fn settle(&mut self, rules: &Rules) -> Result<(), GameError> {
        let pending = self.pending.take().ok_or(GameError::NothingToTrump)?;
        // Trumps alternate sides, starting with the other side.
        for (i, card) in pending.trumps.iter().enumerate() {
            let owner = if i.is_multiple_of(2) { 1 - pending.side } else { pending.side };
            self.sides[owner].discard.push(*card);
        }
        let lasts = rules.card_text(pending.card).map_or(Lasts::Instant, |t| t.lasts);
        if pending.call {
            if pending.stands() && !self.called.contains(&pending.side) {
                self.called.push(pending.side);
            }
            self.sides[pending.side].discard.push(pending.card);
            return Ok(());
        }
        if !pending.stands() {
            self.sides[pending.side].discard.push(pending.card);
            return Ok(());
        }
        // Stumble: the enemy's activation ends after the move it has just made (line 211).
        let timing = rules.card_text(pending.card).map(|t| t.timing);
        if self.edition >= 2
            && timing == Some(Timing::EnemyMoved)
            && let Some(model) = self.activation.as_ref().map(|a| a.model).filter(|m| m.side != pending.side)
        {
            self.stumble(model)?;
        }
        match Effect::of(pending.card) {
            Some(Effect::SoddenByWhiskey | Effect::RedJoker) => {
                for pair in pending.targets.chunks(2) {
                    if let [a, b] = pair {
                        let (ca, cb) = (self.model(*a)?.card, self.model(*b)?.card);
                        self.model_mut(*a)?.card = cb;
                        self.model_mut(*b)?.card = ca;
                    }
                }
            }
            Some(Effect::LongArm) => {
                if let Some(&t) = pending.targets.first() {
                    self.add_markers(t, 1)?;
                }
            }
            Some(Effect::YellowBelly) => {
                // The nerve test fails without a roll: its marker, and a failed test.
                if let Some(&t) = pending.targets.first() {
                    self.add_markers(t, 1)?;
                    self.nerve_failed(t.side);
                    self.nerve_due.retain(|r| *r != t);
                    // Tough as Old Boots declared for that test is used up with it.
                    if self.boots == Some(t) {
                        self.boots = None;
                    }
                }
            }
            _ => {}
        }
        if lasts == Lasts::Instant {
            self.sides[pending.side].discard.push(pending.card);
        } else {
            self.in_play.push(InPlay {
                side: pending.side,
                card: pending.card,
                targets: pending.targets,
                lasts,
            });
        }
        Ok(())
    }

    /// The model of `side` acting now whose latest event this turn is a move action (the
    /// moment Stumble is played, line 211), if any.
    #[must_use]
    pub fn just_moved(&self, side: usize) -> Option<ModelRef> {
        let acting = self.activation.as_ref().map(|a| a.model).filter(|m| m.side == side)?;
        self.this_turn.last_move.filter(|m| *m == acting)
    }

    /// Stumble settled: the model's declared actions still to come are lost and its
    /// activation ends, with the move markers of the moves it took.
    fn stumble(&mut self, model: ModelRef) -> Result<(), GameError> {
        if let Some(a) = self.activation.as_mut().filter(|a| a.model == model) {
            for step in &mut a.steps {
                if *step == super::Step::Pending {
                    *step = super::Step::Lost;
                }
            }
        }
        self.finish_activation(model, 0)?;
        self.expire(&[Lasts::Activation]);
        self.nerve_due.clear();
        Ok(())
    }

    /// Cards in play whose time is up go to their owner's discard pile.
    pub(super) fn expire(&mut self, ended: &[Lasts]) {
        let (gone, kept): (Vec<InPlay>, Vec<InPlay>) =
            std::mem::take(&mut self.in_play).into_iter().partition(|p| ended.contains(&p.lasts));
        self.in_play = kept;
        for p in gone {
            self.sides[p.side].discard.push(p.card);
        }
    }

    /// A failed nerve test ends Stand it like a man for that side.
    pub(super) fn nerve_failed(&mut self, side: usize) {
        let (gone, kept): (Vec<InPlay>, Vec<InPlay>) = std::mem::take(&mut self.in_play)
            .into_iter()
            .partition(|p| p.side == side && p.lasts == Lasts::UntilNerveFail);
        self.in_play = kept;
        for p in gone {
            self.sides[p.side].discard.push(p.card);
        }
    }

    pub(super) fn recover(&mut self, model: ModelRef) -> Result<(), GameError> {
        self.expect_phase(Phase::Activations)?;
        if self.recover_barred(model.side) {
            return Err(GameError::Targets("Hang 'em High: no Recover this turn".into()));
        }
        if self.fight_of(model).is_some() {
            return Err(GameError::InFight(self.name(model)));
        }
        if self.edition >= 1 {
            // A recover is one of the model's declared actions, taken in its turn.
            self.take(model, super::Action::Recover, false)?;
        }
        let all = self.effect_on(Effect::TrueGrit, model);
        let m = self.model_mut(model)?;
        if m.out_of_action {
            return Err(GameError::OutOfAction(m.name.clone()));
        }
        m.under_fire = if all { 0 } else { m.under_fire.saturating_sub(1) };
        Ok(())
    }

    /// Whether `side`'s gang abilities work in this game: the scene allows them and the boss
    /// is in the cast (on the table and standing, for `needs` = boss on table).
    #[must_use]
    pub fn abilities_work(&self, rules: &Rules, side: usize, needs: AbilityNeeds) -> bool {
        let scene_ok = self.scene.as_deref().and_then(|id| rules.scene(id)).is_none_or(|s| s.gang_abilities);
        let Some(s) = self.sides.get(side) else { return false };
        let Some(gang) = rules.gang(&s.gang) else { return false };
        let is_boss = |profile: &str| gang.profile(profile).is_some_and(|p| p.class == ModelClass::Boss);
        let boss = s.models.iter().find(|m| is_boss(&m.profile));
        scene_ok
            && match needs {
                AbilityNeeds::BossInCast => boss.is_some(),
                AbilityNeeds::BossOnTable => boss.is_some_and(|b| !b.out_of_action && !b.has(Flag::OffTable)),
            }
    }

    /// The models of `side` (by place in the side) that `ability` can be used on: And Justice
    /// For All takes a marker off a model standing with one (line 292); Cheatin' and See How
    /// the Cat Jumps need a model holding its own initiative card, not yet acted; A Hog Killin'
    /// Time a loaded pistol. Empty for an ability used on no model. The screens offer these
    /// and no others.
    #[must_use]
    pub fn ability_models(&self, side: usize, ability: AbilityId) -> Vec<usize> {
        let Some(s) = self.sides.get(side) else { return Vec::new() };
        s.models
            .iter()
            .enumerate()
            .filter(|(_, m)| !m.out_of_action)
            .filter(|(_, m)| match ability {
                AbilityId::AndJusticeForAll => m.under_fire > 0,
                AbilityId::Cheatin => m.card.is_some_and(|c| !m.activated && s.owns.contains(&c)),
                AbilityId::SeeHowTheCatJumps => m.card.is_some() && !m.activated,
                AbilityId::AHogKillinTime => m.weapons.iter().any(|w| w == "pistol") && !m.out_of_ammo,
                AbilityId::ToughAsOldBoots => true,
                AbilityId::IAmTheLaw
                | AbilityId::LifeAintWorthSpit
                | AbilityId::CrazyAsALoon
                | AbilityId::AboveSnakes => false,
            })
            .map(|(i, _)| i)
            .collect()
    }

    /// Why `side` cannot use `ability` now, or `None` when it can.
    #[must_use]
    pub fn ability_refusal(&self, rules: &Rules, side: usize, ability: AbilityId) -> Option<String> {
        let s = self.sides.get(side)?;
        let gang = rules.gang(&s.gang)?;
        let Some(a) = gang.ability(ability) else {
            return Some(format!("{} have no ability '{ability}'", s.name));
        };
        if !self.abilities_work(rules, side, a.needs) {
            return Some(format!(
                "{} needs the boss {}",
                a.name,
                match a.needs {
                    AbilityNeeds::BossInCast => "in the cast (and a scene that allows gang abilities)",
                    AbilityNeeds::BossOnTable => "on the table and standing",
                }
            ));
        }
        let used = |id: AbilityId, this_turn: bool| {
            self.abilities_used
                .iter()
                .any(|u| u.side == side && u.ability == id && (!this_turn || u.turn == self.turn))
        };
        match a.frequency {
            Frequency::OncePerGame if used(a.id, false) => {
                return Some(format!("{} is once per game and has been used", a.name));
            }
            Frequency::OncePerTurn if used(a.id, true) => {
                return Some(format!("{} is once per turn and has been used this turn", a.name));
            }
            _ => {}
        }
        for pair in &gang.exclusive {
            if pair.iter().any(|x| x == &a.id)
                && let Some(&other) = pair.iter().find(|x| **x != a.id && used(**x, true))
            {
                let other = gang.ability(other).map_or(other.id(), |o| o.name.as_str());
                return Some(format!("{} cannot be used in a turn that used {other}", a.name));
            }
        }
        None
    }

    pub(super) fn use_ability(
        &mut self,
        rules: &Rules,
        side: usize,
        ability: AbilityId,
        targets: &[ModelRef],
        card: Option<Card>,
    ) -> Result<(), GameError> {
        if let Some(why) = self.ability_refusal(rules, side, ability) {
            return Err(GameError::Ability(why));
        }
        for r in targets {
            if r.side != side {
                return Err(GameError::Targets("abilities target your own models".into()));
            }
            self.model(*r)?;
        }
        if matches!(ability, AbilityId::Cheatin | AbilityId::SeeHowTheCatJumps | AbilityId::CrazyAsALoon)
            && !self.acted.is_empty()
        {
            return Err(GameError::Ability("that ability is used before the models start to act".into()));
        }
        let target = targets.first().copied();
        let need_target = || GameError::Targets("pick one of your models".into());
        match ability {
            AbilityId::Cheatin => {
                let (Some(r), Some(card)) = (target, card) else { return Err(need_target()) };
                let m = self.model(r)?;
                let Some(old) = m.card.filter(|_| !m.activated) else {
                    return Err(GameError::Targets(format!("{} holds no initiative card", m.name)));
                };
                let s = &mut self.sides[side];
                if !s.owns.contains(&old) {
                    return Err(GameError::Targets(format!("{} is not one of your own cards", old.label())));
                }
                let pos = s.hand.iter().position(|c| *c == card).ok_or(GameError::MissingCard(card))?;
                s.hand[pos] = old;
                s.models[r.model].card = Some(card);
            }
            AbilityId::SeeHowTheCatJumps => self.extra_card(target.ok_or_else(need_target)?, card)?,
            AbilityId::AndJusticeForAll => {
                self.expect_phase(Phase::EndOfTurn)?;
                let edition = self.edition;
                let m = self.model_mut(target.ok_or_else(need_target)?)?;
                if edition >= 3 && (m.under_fire == 0 || m.out_of_action) {
                    return Err(GameError::Targets(format!(
                        "{} has no under fire marker to take off",
                        m.name
                    )));
                }
                m.under_fire = m.under_fire.saturating_sub(1);
            }
            AbilityId::AHogKillinTime => {
                // One extra pistol shot, past the limit; the marker follows it (A35).
                let r = target.ok_or_else(need_target)?;
                let m = self.model(r)?;
                if !m.weapons.iter().any(|w| w == "pistol") || m.out_of_ammo {
                    return Err(GameError::Targets(format!("{} has no loaded pistol", m.name)));
                }
                self.extra_shot.push(r);
            }
            AbilityId::ToughAsOldBoots if self.edition >= 1 => {
                // Declared when facing the test, before the roll (line 318): the next test of
                // that model passes on the ability's number.
                let r = target.ok_or_else(need_target)?;
                let m = self.model(r)?;
                if m.under_fire + 1 < m.hits {
                    return Err(GameError::Targets(format!(
                        "a failed test would not put {} out of action",
                        m.name
                    )));
                }
                self.boots = Some(r);
            }
            _ => {}
        }
        let once_per_game = self
            .sides
            .get(side)
            .and_then(|s| rules.gang(&s.gang))
            .and_then(|g| g.ability(ability))
            .is_some_and(|a| a.frequency == Frequency::OncePerGame);
        self.abilities_used.push(AbilityUse { side, ability, turn: self.turn, once_per_game });
        Ok(())
    }

    /// Whether `side` skips nerve tests this turn (Crazy as a Loon).
    #[must_use]
    pub fn crazy_as_a_loon(&self, side: usize) -> bool {
        self.used_this_turn(side, AbilityId::CrazyAsALoon)
    }

    /// Whether `side` has used `ability` this turn.
    #[must_use]
    pub fn used_this_turn(&self, side: usize, ability: AbilityId) -> bool {
        self.abilities_used.iter().any(|u| u.side == side && u.ability == ability && u.turn == self.turn)
    }

    pub(super) fn set_hand(&mut self, side: usize, cards: &[Card]) -> Result<(), GameError> {
        let s = self.sides.get_mut(side).ok_or(GameError::NoModel(ModelRef { side, model: 0 }))?;
        let mut pool: Vec<Card> = s.deck.iter().chain(&s.hand).copied().collect();
        for card in cards {
            let pos = pool.iter().position(|c| c == card).ok_or(GameError::MissingCard(*card))?;
            pool.remove(pos);
        }
        s.deck.retain(|c| !cards.contains(c));
        let back: Vec<Card> = s.hand.iter().copied().filter(|c| !cards.contains(c)).collect();
        s.deck.extend(back);
        s.hand = cards.to_vec();
        Ok(())
    }

    pub(super) fn skip_nerve(&mut self, model: ModelRef) -> Result<(), GameError> {
        if !self.crazy_as_a_loon(model.side) {
            return Err(GameError::Ability("only Crazy as a Loon skips nerve tests".into()));
        }
        self.model(model)?;
        self.skipped.push(model);
        self.nerve_due.retain(|r| *r != model);
        Ok(())
    }

    /// End of the turn: each skipped nerve test counts as failed (reading A36).
    pub(super) fn skipped_tests_fail(&mut self) -> Result<(), GameError> {
        for r in std::mem::take(&mut self.skipped) {
            if !self.model(r)?.out_of_action {
                self.add_markers(r, 1)?;
            }
            self.nerve_failed(r.side);
        }
        Ok(())
    }
}

/// The events of this module in plain words.
pub(super) fn describe(game: &State, rules: &Rules, after: &State, event: &Event) -> Option<String> {
    let side_name = |s: usize| game.sides.get(s).map_or("?", |x| x.name.as_str()).to_owned();
    let card_name =
        |c: Card| rules.card_text(c).map_or_else(|| c.label(), |t| format!("{} ({})", c.label(), t.name));
    Some(match event {
        Event::Play { side, card, targets } => {
            let on: Vec<String> = targets.iter().map(|r| game.name(*r)).collect();
            let on = if on.is_empty() { String::new() } else { format!(" on {}", on.join(", ")) };
            format!("{} play {}{on}", side_name(*side), card_name(*card))
        }
        Event::Trump { side, card } => format!("{} trump it with {}", side_name(*side), card.label()),
        Event::CallReinforcements { side, card } => {
            format!("{} discard {} to call their reinforcements", side_name(*side), card.label())
        }
        Event::Settle if game.pending.as_ref().is_some_and(|p| p.call) => {
            let p = game.pending.as_ref()?;
            if p.stands() {
                "the call stands: the reinforcements come on when the next turn starts".to_owned()
            } else {
                "the call is trumped: the reinforcements stay away".to_owned()
            }
        }
        Event::Settle => {
            let p = game.pending.as_ref()?;
            if p.stands() {
                format!("{} takes effect", card_name(p.card))
            } else {
                format!("{} is trumped and has no effect", card_name(p.card))
            }
        }
        Event::Recover { model } => {
            let left = after.model_at(*model).map_or(0, |m| m.under_fire);
            format!(
                "{} recovers ({} left)",
                game.name(*model),
                crate::systems::dmh::rules::count(left, "marker", "markers")
            )
        }
        Event::UseAbility { side, ability, targets, .. } => {
            let name = game
                .sides
                .get(*side)
                .and_then(|s| rules.gang(&s.gang))
                .and_then(|g| g.ability(*ability))
                .map_or(ability.id(), |a| a.name.as_str());
            let on: Vec<String> = targets.iter().map(|r| game.name(*r)).collect();
            let on = if on.is_empty() { String::new() } else { format!(" for {}", on.join(", ")) };
            format!("{} use {name}{on}", side_name(*side))
        }
        Event::RestoreActivation { model, .. } => {
            let card = game
                .model_at(*model)
                .and_then(|m| m.burnt)
                .map_or_else(String::new, |c| format!(" and its {}", c.label()));
            format!("{} gets its activation{card} back", game.name(*model))
        }
        Event::SkipNerve { model } => format!("{} skips a nerve test (Crazy as a Loon)", game.name(*model)),
        Event::SetHand { side, cards } => {
            format!(
                "{} hold the {} they typed from their own deck",
                side_name(*side),
                crate::systems::dmh::rules::count(cards.len(), "card", "cards")
            )
        }
        _ => return None,
    })
}
