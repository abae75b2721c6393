//! The turn's frame: the start of the game, initiative (the deal, the order, ties between
//! sides, the lowest-card switch, second cards), the end of the turn with its Big Nerve
//! tests, and the next turn's draws and reshuffles.

use super::{
    BigNerveInput, Card, Colour, DeckKind, Effect, Flag, GameError, Lasts, Model, ModelRef, Phase, Placed,
    Rules, Setup, Side, SideSetup, SideState, State, cards, initiative, nerve, side_of,
};
use crate::systems::dmh::rules::data::Gang;

/// The unshuffled deck a side of a game of `edition` plays: a duel deck of the other colour's
/// numbers is that colour's 26 cards from edition 4 (reading D10).
pub(super) fn side_deck(gang: &Gang, side: &SideSetup, edition: u32) -> Vec<Card> {
    let duel = if edition >= 4 { cards::DuelDeck::OneColour } else { cards::DuelDeck::GangFaces };
    cards::build_deck_with(gang, side.deck, side.role, side.numbers, duel)
}

impl State {
    pub(super) fn end_turn(&mut self) -> Result<(), GameError> {
        self.expect_phase(Phase::Activations)?;
        let mut left = Vec::new();
        for (s, side) in self.sides.iter_mut().enumerate() {
            for m in &mut side.models {
                m.moves = 0;
                if let Some(card) = m.card.take() {
                    left.push((card, s));
                }
            }
        }
        for (card, s) in left {
            self.discard_model_card(card, s);
        }
        self.expire(&[Lasts::Activation, Lasts::Turn]);
        self.extra_shot.clear();
        // An activation left open ends with the turn, and so does a Tough as Old Boots
        // declared for a test never taken.
        self.activation = None;
        self.boots = None;
        self.skipped_tests_fail()?;
        self.phase = Phase::EndOfTurn;
        Ok(())
    }

    pub(super) fn discard_to_draw(&mut self, side: usize, card: Card) -> Result<(), GameError> {
        self.expect_phase(Phase::EndOfTurn)?;
        let s = self.sides.get_mut(side).ok_or(GameError::NoModel(ModelRef { side, model: 0 }))?;
        if s.used_card {
            return Err(GameError::AlreadyDraws(s.name.clone()));
        }
        let pos = s.hand.iter().position(|c| *c == card).ok_or(GameError::MissingCard(card))?;
        s.hand.remove(pos);
        s.discard.push(card);
        s.used_card = true;
        Ok(())
    }

    /// Deals a model a second initiative card to look at; `KeepCard` then keeps one. A side
    /// with nothing left to draw has run out (reading A52).
    pub(super) fn extra_card(&mut self, model: ModelRef, typed: Option<Card>) -> Result<(), GameError> {
        self.expect_phase(Phase::Activations)?;
        let m = self.model(model)?;
        if m.activated || m.out_of_action {
            return Err(GameError::AlreadyActivated(m.name.clone()));
        }
        if m.card.is_none() || m.second.is_some() {
            return Err(GameError::Rules(format!("{} cannot take a second card now", m.name)));
        }
        let seed = self.derived_seed(0x200);
        let side = &mut self.sides[model.side];
        let second = match typed {
            Some(card) => {
                let pos = side.deck.iter().position(|c| *c == card).ok_or(GameError::MissingCard(card))?;
                Some(side.deck.remove(pos))
            }
            None => side.draw(seed),
        };
        side.models[model.model].second = second;
        Ok(())
    }

    /// Keeps one of a model's two initiative cards; the other goes to the discard pile.
    pub(super) fn keep_card(&mut self, model: ModelRef, keep_second: bool) -> Result<(), GameError> {
        let m = self.model_mut(model)?;
        let Some(second) = m.second.take() else {
            return Err(GameError::Rules(format!("{} has no second card to choose", m.name)));
        };
        let drop = if keep_second { m.card.replace(second) } else { Some(second) };
        if let Some(card) = drop {
            self.discard_model_card(card, model.side);
        }
        Ok(())
    }

    pub(super) fn begin(&mut self, rules: &Rules, setup: &Setup) -> Result<(), GameError> {
        if !self.sides.is_empty() {
            return Err(GameError::AlreadyBegun);
        }
        self.seed = setup.seed;
        self.edition = setup.edition;
        self.scene.clone_from(&setup.scene);
        self.turn = 1;
        self.phase = Phase::Initiative;
        for (i, s) in setup.sides.iter().enumerate() {
            let gang = rules.gang(&s.gang.gang).ok_or_else(|| GameError::UnknownGang(s.gang.gang.clone()))?;
            let mut deck = side_deck(gang, s, setup.edition);
            cards::shuffle(&mut deck, setup.seed.wrapping_add(u64::try_from(i).unwrap_or(0)));
            let models: Vec<Model> = s
                .gang
                .models
                .iter()
                .filter_map(|m| {
                    let p = gang.profile(&m.profile)?;
                    Some(Model {
                        name: m.name.clone(),
                        profile: p.id.clone(),
                        hits: p.hits,
                        nerve: p.nerve,
                        shoot: p.shoot,
                        hth: p.hth,
                        boss: p.class == crate::systems::dmh::rules::data::ModelClass::Boss,
                        weapons: m.weapons.clone(),
                        under_fire: 0,
                        out_of_ammo: false,
                        moves: 0,
                        out_of_action: false,
                        card: None,
                        activated: false,
                        flags: Vec::new(),
                        shots: std::collections::BTreeMap::new(),
                        burnt: None,
                        second: None,
                        held: None,
                        spent: 0,
                    })
                })
                .collect();
            let mut side = SideState {
                owns: deck.clone(),
                name: s.gang.name.clone(),
                gang: gang.id.clone(),
                role: s.role,
                reshuffle: s.reshuffle,
                started_with: u32::try_from(models.len()).unwrap_or(u32::MAX),
                models,
                deck,
                hand: Vec::new(),
                discard: Vec::new(),
                used_card: false,
                ran_out: false,
            };
            let hand = usize::try_from(s.hand).unwrap_or(0);
            side.hand = cards::draw(&mut side.deck, hand);
            self.sides.push(side);
        }
        self.start_flags(rules);
        if setup.sides.iter().all(|s| s.deck == DeckKind::Duel) {
            self.begin_duel(rules);
        }
        Ok(())
    }

    /// Whether model `m` gets an initiative card this turn: standing, on the table, not acting
    /// as an ace or told to go without; in a duellists' first turn, only the duellists.
    pub(super) fn gets_card(m: &Model, duellists_only: bool) -> bool {
        !m.out_of_action
            && m.on_table()
            && !m.has(Flag::Ace)
            && !m.has(Flag::NoCard)
            && (!duellists_only || m.has(Flag::Duellist))
    }

    pub(super) fn deal_initiative(
        &mut self,
        rules: &Rules,
        face_up: [Option<usize>; 2],
        given: Option<&[(ModelRef, Card)]>,
    ) -> Result<(), GameError> {
        self.expect_phase(Phase::Initiative)?;
        let duellists = self.duellists_only(rules);
        if duellists
            && let Some(side) = self.sides.iter().find(|s| !s.models.iter().any(|m| m.has(Flag::Duellist)))
        {
            return Err(GameError::Rules(format!(
                "mark the {}' duellist first (⚑ → Duellist): in the first turn only the duellists get a card",
                side.role.title().to_lowercase()
            )));
        }
        let given = given.unwrap_or_default();
        for (r, card) in given {
            let m = self.model(*r)?;
            if m.out_of_action {
                return Err(GameError::OutOfAction(m.name.clone()));
            }
            if !Self::gets_card(m, duellists) {
                return Err(GameError::Rules(format!("{} gets no initiative card this turn", m.name)));
            }
            let side = &mut self.sides[r.side];
            let pos = side.deck.iter().position(|c| c == card).ok_or(GameError::MissingCard(*card))?;
            side.deck.remove(pos);
            if let Some(old) = side.models[r.model].card.replace(*card) {
                side.deck.push(old);
            }
        }
        // A real deck with fewer cards than models: the models left without one sit the turn
        // out, and the deck has run out (a scene may end on it).
        for (i, side) in self.sides.iter_mut().enumerate() {
            let typed_here = given.iter().any(|(r, _)| r.side == i);
            let short = side.models.iter().any(|m| Self::gets_card(m, duellists) && m.card.is_none());
            if typed_here && short && side.deck.is_empty() {
                side.ran_out = true;
            }
        }
        // A side whose player typed no card is dealt from the top of its deck.
        for (i, first) in face_up.iter().enumerate() {
            if given.iter().any(|(r, _)| r.side == i) {
                continue;
            }
            let seed = self.derived_seed(u64::try_from(i).unwrap_or(0));
            let Some(side) = self.sides.get_mut(i) else { continue };
            let in_play = |m: &Model| Self::gets_card(m, duellists);
            let order: Vec<usize> = first
                .filter(|&f| side.models.get(f).is_some_and(in_play))
                .into_iter()
                .chain((0..side.models.len()).filter(|&m| Some(m) != *first && in_play(&side.models[m])))
                .collect();
            for m in order {
                let card = side.draw(seed);
                side.models[m].card = card;
            }
        }
        for side in &mut self.sides {
            for m in &mut side.models {
                m.activated = m.out_of_action || (m.card.is_none() && !m.acts_without_card());
                m.shots.clear();
                m.burnt = None;
                m.spent = 0;
            }
        }
        self.tie_priority = None;
        self.quick_shots.clear();
        self.acted.clear();
        self.nerve_due.clear();
        self.activation = None;
        self.phase = Phase::Activations;
        Ok(())
    }

    /// The activation order of the models still to act, highest card first.
    ///
    /// # Errors
    /// When enemy models tie and no tie priority has been recorded yet.
    pub fn order(&self) -> Result<Vec<ModelRef>, initiative::InitiativeError> {
        let (aces, refs, placed) = self.placed();
        let order = initiative::activation_order(&placed, self.tie_priority.map(side_of))?;
        Ok(aces.into_iter().chain(order.into_iter().map(|i| refs[i])).collect())
    }

    /// The model to act next: the first of [`State::order`] (`None` when none is left or the
    /// order cannot be settled yet), without ordering the rest: it is asked after every event,
    /// so the models are listed once, in one allocation.
    #[must_use]
    pub fn first_in_order(&self) -> Option<ModelRef> {
        let models: usize = self.sides.iter().map(|s| s.models.len()).sum();
        let mut to_act = Vec::with_capacity(models);
        to_act.extend(self.to_act());
        let cards = to_act.iter().filter_map(|(_, card)| card.as_ref());
        // The order would be refused all the same when enemy models tie unsettled.
        let first = initiative::first_to_act(cards, self.tie_priority.map(side_of)).ok()?;
        if let Some((ace, _)) = to_act.iter().find(|(_, card)| card.is_none()) {
            return Some(*ace);
        }
        to_act.iter().filter(|(_, card)| card.is_some()).nth(first?).map(|(r, _)| *r)
    }

    /// The models still to act, in the order of the sides and their models: those acting as
    /// an ace have no card (`None`: they go first, before any real ace, A58), the others the
    /// card each placed.
    fn to_act(&self) -> impl Iterator<Item = (ModelRef, Option<Placed<'_>>)> + Clone {
        self.sides.iter().enumerate().flat_map(|(s, side)| {
            side.models.iter().enumerate().filter_map(move |(m, model)| {
                if model.activated || model.out_of_action {
                    return None;
                }
                let r = ModelRef { side: s, model: m };
                let card = match model.card {
                    Some(card) => card,
                    None if !model.acts_without_card() => return None,
                    None if model.has(Flag::Ace) => return Some((r, None)),
                    // Surprised and given no card: after everyone else, as the lowest card.
                    None => Card::Joker(Colour::Black),
                };
                let placed = Placed {
                    side: side_of(s),
                    model: std::borrow::Cow::Borrowed(&model.name),
                    card,
                    drunk: model.has(Flag::Drunk),
                    surprised: model.has(Flag::Surprised),
                };
                Some((r, Some(placed)))
            })
        })
    }

    /// The models still to act ([`State::to_act`]) as lists: those acting as an ace, and the
    /// others with the card each placed.
    fn placed(&self) -> (Vec<ModelRef>, Vec<ModelRef>, Vec<Placed<'_>>) {
        let mut aces = Vec::new();
        let mut refs = Vec::new();
        let mut placed = Vec::new();
        for (r, card) in self.to_act() {
            match card {
                None => aces.push(r),
                Some(card) => {
                    refs.push(r);
                    placed.push(card);
                }
            }
        }
        (aces, refs, placed)
    }

    /// Enemy models tie and both players placed at once: each side draws a card and the
    /// higher wins ties this turn (line 58). The cards count as used and may run a deck out.
    pub(super) fn tie_draw(&mut self, typed: Option<&[Card; 2]>) -> Result<(), GameError> {
        self.expect_phase(Phase::Activations)?;
        if self.tie_priority.is_some() || self.order().is_ok() {
            return Err(GameError::Rules("no models tie for the order now".into()));
        }
        let mut values = [None, None];
        for (i, value) in values.iter_mut().enumerate() {
            let seed = self.derived_seed(0x400 + u64::try_from(i).unwrap_or(0));
            let Some(side) = self.sides.get_mut(i) else { continue };
            let card = match typed {
                Some(cards) => {
                    let card = cards[i];
                    let pos =
                        side.deck.iter().position(|c| *c == card).ok_or(GameError::MissingCard(card))?;
                    Some(side.deck.remove(pos))
                }
                None => side.draw(seed),
            };
            if let Some(card) = card {
                side.discard.push(card);
                *value = Some(card.value());
            }
        }
        self.tie_priority = match values {
            [Some(a), Some(b)] if a > b => Some(0),
            [Some(a), Some(b)] if b > a => Some(1),
            [Some(_), None] => Some(0),
            [None, Some(_)] => Some(1),
            _ => None,
        };
        Ok(())
    }

    /// Whether `side` has already quick shot during the activation under way: one quick shot
    /// per enemy activation for the whole reacting side (reading A21).
    #[must_use]
    pub fn quick_shot_taken(&self, side: usize) -> bool {
        let current = self.first_in_order();
        current.is_some_and(|c| self.quick_shots.contains(&(side, c)))
    }

    /// The side that may make the lowest-card switch now: after the reveal, before any model
    /// acts, once per turn (reading A03).
    ///
    /// # Errors
    /// When both sides hold the lowest card and tie priority is not recorded yet.
    pub fn switch_side(&self) -> Result<Option<usize>, initiative::InitiativeError> {
        // Any model acting (a declaration, a shot, an interruption…) closes the offer.
        let started = !self.acted.is_empty() || self.this_turn.started;
        if self.phase != Phase::Activations || started {
            return Ok(None);
        }
        let placed: Vec<Placed> = self
            .sides
            .iter()
            .enumerate()
            .flat_map(|(s, side)| {
                side.models.iter().filter_map(move |m| {
                    m.card.map(|card| Placed {
                        side: side_of(s),
                        model: std::borrow::Cow::Borrowed(&m.name),
                        card,
                        drunk: m.has(Flag::Drunk),
                        surprised: m.has(Flag::Surprised),
                    })
                })
            })
            .collect();
        let side = initiative::switch_side(&placed, self.tie_priority.map(side_of))?;
        Ok(side.map(|s| usize::from(s == Side::B)))
    }

    /// Whether `side` must take a Big Nerve test now, and its odds.
    ///
    /// # Errors
    /// When the side's numbers are impossible.
    pub fn big_nerve_odds(&self, rules: &Rules, side: usize) -> Result<nerve::BigNerveOdds, GameError> {
        let s = self.sides.get(side).ok_or(GameError::NoModel(ModelRef { side, model: 0 }))?;
        let standing: Vec<&Model> = s.standing().collect();
        let out = s.started_with.saturating_sub(u32::try_from(standing.len()).unwrap_or(0));
        let boss = standing.iter().find(|m| m.boss).map(|m| m.nerve);
        let best = standing.iter().map(|m| m.nerve).min();
        let input = BigNerveInput {
            models: s.started_with.max(1),
            out,
            under_fire: standing.iter().map(|m| m.under_fire).sum(),
            nerve: boss.or(best).unwrap_or(10).clamp(2, 10),
            literal_penalty: false,
        };
        let mut odds = nerve::big_nerve(rules, input).map_err(|e| GameError::Rules(e.to_string()))?;
        // Stand it like a man: no negative modifier on the test (readings A48, A10).
        if odds.required && odds.modifier < 0 && self.effect_for(Effect::StandItLikeAMan, side) {
            odds.modifier = 0;
            odds.needed = input.nerve;
            odds.pass_chance = crate::systems::dmh::rules::odds::Chance::new(11 - input.nerve.min(10), 10);
        }
        Ok(odds)
    }

    /// Whether a side must still take its Big Nerve test this turn ([`State::big_nerve_pending`]
    /// asked only at the end of a turn: this is asked after every event).
    #[must_use]
    pub fn any_big_nerve_pending(&self, rules: &Rules) -> bool {
        self.phase == Phase::EndOfTurn && !self.big_nerve_pending(rules).is_empty()
    }

    /// The sides that must still take a Big Nerve test at this end of turn (each tests once).
    #[must_use]
    pub fn big_nerve_pending(&self, rules: &Rules) -> Vec<usize> {
        if self.phase != Phase::EndOfTurn || self.no_big_nerve(rules) {
            return Vec::new();
        }
        let tested = &self.this_turn.big_nerve_taken;
        (0..self.sides.len())
            .filter(|s| !tested.contains(s) && self.big_nerve_odds(rules, *s).is_ok_and(|o| o.required))
            .collect()
    }

    pub(super) fn big_nerve(&mut self, rules: &Rules, side: usize, roll: u32) -> Result<(), GameError> {
        self.expect_phase(Phase::EndOfTurn)?;
        Self::check_roll(roll, rules.core.nerve.die)?;
        let odds = self.big_nerve_odds(rules, side)?;
        if odds.required && self.big_nerve_ignored(rules, side) {
            // The scene skips each side's first required test: it passes without a roll.
            self.bn_ignored.push(side);
            return Ok(());
        }
        if odds.required
            && (odds.automatic_fail || nerve::test_result(odds.needed, roll) == nerve::TestResult::Fail)
        {
            // The game ends once every test of this end of turn is taken (`after_event`).
            self.broke.get_or_insert(side);
            self.failed_big_nerve.push(side);
        }
        Ok(())
    }

    pub(super) fn next_turn(&mut self, rules: &Rules) -> Result<(), GameError> {
        self.expect_phase(Phase::EndOfTurn)?;
        if self.pending.is_some() {
            return Err(GameError::CardPending);
        }
        self.arrivals(rules);
        for i in 0..self.sides.len() {
            let seed = self.derived_seed(0x100 + u64::try_from(i).unwrap_or(0));
            let side = &mut self.sides[i];
            if side.used_card
                && let Some(card) = side.draw(seed)
            {
                side.hand.push(card);
            }
            side.used_card = false;
            // Turn-one states end with the turn.
            for m in &mut side.models {
                m.flags.retain(|f| !matches!(f, Flag::Ace | Flag::Surprised | Flag::NoCard));
            }
            // Reshuffle a deck that will not cover next turn's initiative (reading A06).
            let needed = side.standing().count();
            if side.reshuffle && side.deck.len() < needed {
                side.deck.append(&mut side.discard);
                cards::shuffle(&mut side.deck, seed ^ 0xD1CE);
            }
        }
        // Only once-per-game uses matter after their turn; dropping the rest keeps every event
        // as cheap at the ten-thousandth as at the first.
        self.abilities_used.retain(|u| u.once_per_game);
        self.turn += 1;
        self.phase = Phase::Initiative;
        Ok(())
    }
}
