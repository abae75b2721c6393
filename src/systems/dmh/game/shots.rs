//! Shots: the checks a shot must pass (a loaded gun in hand, a target on the table that may
//! be shot), the duck back inside it, the quick shot and the simultaneous answer, and the
//! result landing on the target (markers, out of action, out of ammo, the nerve test due).

use super::{
    AbilityId, Action, Activation, Effect, Fire, Flag, GameError, InPlay, Interruption, Lasts, ModelRef,
    Phase, Rules, ShotResult, State, shooting,
};
use crate::systems::dmh::rules::shooting::ShotInput;

/// What the table sees of a target at a shot: the two to-hit modifiers a player ticks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Sight {
    /// Behind substantial cover.
    pub cover: bool,
    /// The line of sight passes through another model's base.
    pub obscured: bool,
}

/// The rule for shooting at a model locked in a fight, for one shooting side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FightShotRule {
    /// Models in a fight are not shot at (the rule for every gang but the Desperados).
    Barred,
    /// Life Ain't Worth Spit: the shot may go in; a hit turns the shooter's top card and an
    /// even number card hits the shooter's own fighter.
    Randomised,
}

impl FightShotRule {
    /// The rule in words for the shot panel.
    #[must_use]
    pub fn text(self) -> &'static str {
        match self {
            FightShotRule::Barred => "Models locked in a fight cannot be shot at.",
            FightShotRule::Randomised => {
                "Into a fight: on a hit Posse turns your top card; an even number hits your own fighter."
            }
        }
    }
}

impl State {
    pub(super) fn interrupt(&mut self, model: ModelRef, kind: Interruption) -> Result<(), GameError> {
        self.expect_phase(Phase::Activations)?;
        if self.edition >= 1 {
            return Err(GameError::Rules(
                "duck backs and quick shots are part of the shot they answer in this game".into(),
            ));
        }
        if kind == Interruption::QuickShot {
            if self.model(model)?.out_of_ammo {
                return Err(GameError::OutOfAmmo(self.name(model)));
            }
            if self.quick_shot_taken(model.side) {
                return Err(GameError::QuickShotTaken(self.sides[model.side].name.clone()));
            }
        }
        self.burn(model, kind)?;
        if kind == Interruption::QuickShot
            && let Some(current) = self.first_in_order()
        {
            self.quick_shots.push((model.side, current));
        }
        Ok(())
    }

    /// A model that has not yet acted burns its activation to interrupt: its card goes to the
    /// discard pile; a duck back counts as moving once.
    pub(super) fn burn(&mut self, model: ModelRef, kind: Interruption) -> Result<(), GameError> {
        let m = self.model(model)?;
        if m.out_of_action {
            return Err(GameError::OutOfAction(m.name.clone()));
        }
        if m.activated || (m.card.is_none() && !m.acts_without_card()) || !m.on_table() {
            return Err(GameError::AlreadyActivated(m.name.clone()));
        }
        if self.fight_of(model).is_some() {
            return Err(GameError::InFight(self.name(model)));
        }
        if self.model(model)?.has(Flag::Surprised) {
            return Err(GameError::Rules(format!(
                "{} is surprised: no duck back or quick shot this turn",
                self.name(model)
            )));
        }
        let m = self.model_mut(model)?;
        m.activated = true;
        if kind == Interruption::DuckBack {
            m.moves = m.moves.max(1);
        }
        m.burnt = m.card;
        if let Some(card) = m.card.take() {
            self.discard_model_card(card, model.side);
        }
        self.mark_acted(model.side);
        Ok(())
    }

    /// Checks that `fire` may be taken now: a real roll, a shooter able to shoot, a target on
    /// the table that may be shot (not in a fight unless Desperados shoot into it, a hostage
    /// holder only after a passed nerve test).
    pub(super) fn check_fire(&self, rules: &Rules, fire: &Fire) -> Result<(), GameError> {
        Self::check_roll(fire.roll, rules.core.shooting.die)?;
        let s = self.model(fire.shooter)?;
        if s.out_of_action {
            return Err(GameError::OutOfAction(s.name.clone()));
        }
        if s.out_of_ammo {
            return Err(GameError::OutOfAmmo(s.name.clone()));
        }
        let t = self.model(fire.target)?;
        if t.out_of_action {
            return Err(GameError::OutOfAction(t.name.clone()));
        }
        // The shooter had its one shot at a model that ducked back from it (A22).
        if self.activation_of(fire.shooter).is_some_and(|a| a.ducked == Some(fire.target)) {
            return Err(GameError::Targets(format!(
                "{} ducked back: the shooter had its one shot at him this activation",
                t.name
            )));
        }
        if fire.shooter.side == fire.target.side {
            return Err(GameError::Targets(format!("{} is on the shooter's own side", t.name)));
        }
        if !t.on_table() {
            return Err(GameError::Targets(format!("{} is not on the table and cannot be shot", t.name)));
        }
        // Models locked in hand-to-hand neither shoot nor are shot (A24f), except that
        // Desperados may shoot into a fight (Life Ain't Worth Spit).
        if self.fight_of(fire.shooter).is_some() {
            return Err(GameError::InFight(self.name(fire.shooter)));
        }
        if self.fight_of(fire.target).is_some() && !self.shoots_into_fights(rules, fire.shooter.side) {
            return Err(GameError::InFight(self.name(fire.target)));
        }
        // A hostage holder is shot only after a passed nerve test, but Desperados ignore it
        // (line 245).
        if self.edition >= 1
            && self.holds_hostage(rules, fire.target)
            && !self.shoots_into_fights(rules, fire.shooter.side)
            && !self.activation_of(fire.shooter).is_some_and(|a| a.cleared.contains(&fire.target))
        {
            return Err(GameError::Targets(format!(
                "{} holds a hostage: pass a nerve test before shooting at him",
                t.name
            )));
        }
        Ok(())
    }

    pub(super) fn shot(&mut self, rules: &Rules, fire: &Fire, duck_back: bool) -> Result<(), GameError> {
        self.expect_phase(Phase::Activations)?;
        self.check_fire(rules, fire)?;
        let shooter = fire.shooter;
        if self.edition >= 1 {
            let hog = self.extra_shot.contains(&shooter)
                && self.activation_of(shooter).is_some_and(Activation::finished);
            if !hog {
                self.take(shooter, Action::Shoot, false)?;
            }
            self.check_in_hand(rules, fire)?;
        }
        if duck_back {
            self.duck_back(fire.target, shooter)?;
        }
        let hog = match fire.weapon.as_deref() {
            Some(id) => self.count_shot(rules, shooter, id)?,
            None => false,
        };
        self.mark_acted(shooter.side);
        self.nerve_due.clear();
        let result = self.shot_result(rules, fire.target, fire.modifier, fire.roll);
        self.land(fire, result)?;
        if hog {
            self.add_markers(shooter, 1)?;
        }
        Ok(())
    }

    /// A shot in a declared activation is made with the gun in the shooter's hand (both
    /// barrels are the shotgun's).
    pub(super) fn check_in_hand(&self, rules: &Rules, fire: &Fire) -> Result<(), GameError> {
        let (Some(id), Ok(m)) = (fire.weapon.as_deref(), self.model(fire.shooter)) else { return Ok(()) };
        let carried = rules.weapon(id).map_or(id, |w| w.mode_of.as_deref().unwrap_or(&w.id));
        if m.weapons.len() > 1 && carried != m.in_hand() {
            return Err(GameError::Rules(format!(
                "{} has the {} in hand: declare a change of weapon first",
                m.name,
                m.in_hand()
            )));
        }
        Ok(())
    }

    /// The target of the acting model's shot ducks back: it must not have acted, and only one
    /// model may duck back from one activation (line 161). It burns its activation and counts
    /// as moving once.
    pub(super) fn duck_back(&mut self, target: ModelRef, shooter: ModelRef) -> Result<(), GameError> {
        if self.edition >= 1 {
            let Some(a) = self.activation.as_ref().filter(|a| a.model == shooter) else {
                return Err(GameError::Rules("only the acting model's shots can be ducked".into()));
            };
            if a.ducked.is_some() {
                return Err(GameError::Rules(format!(
                    "a model has already ducked back from {}'s shots this activation",
                    self.name(shooter)
                )));
            }
        }
        self.burn(target, Interruption::DuckBack)?;
        if let Some(a) = self.activation.as_mut() {
            a.ducked = Some(target);
        }
        Ok(())
    }

    /// A quick shot at the acting model, with the acting model's own shot rolled at the same
    /// time when the range makes them simultaneous: both results come from the table as it
    /// stood, so both shooters fire even if both fall, and the scene's end is checked after
    /// both (lines 166–171, A21).
    pub(super) fn quick_shot(
        &mut self,
        rules: &Rules,
        quick: &Fire,
        answer: Option<&Fire>,
    ) -> Result<(), GameError> {
        self.expect_phase(Phase::Activations)?;
        if self.edition == 0 {
            return Err(GameError::Rules("this game was started before quick shots were one event".into()));
        }
        let current = self.first_in_order();
        if current != Some(quick.target) {
            return Err(GameError::Targets(format!(
                "a quick shot answers the model acting, not {}",
                self.name(quick.target)
            )));
        }
        self.may_quick_shoot(rules, quick.shooter)?;
        if let Some(id) = quick.weapon.as_deref()
            && !rules.weapon(id).is_some_and(|w| w.quick_shot)
        {
            return Err(GameError::Rules(format!("a quick shot cannot be taken with {id}")));
        }
        self.check_fire(rules, quick)?;
        if let Some(a) = answer {
            if a.shooter != quick.target {
                return Err(GameError::Targets("the shot answered must be the acting model's".into()));
            }
            self.check_fire(rules, a)?;
            self.take(a.shooter, Action::Shoot, false)?;
            self.check_in_hand(rules, a)?;
        }
        self.burn(quick.shooter, Interruption::QuickShot)?;
        self.quick_shots.push((quick.shooter.side, quick.target));
        if let Some(id) = quick.weapon.as_deref() {
            self.count_shot(rules, quick.shooter, id)?;
        }
        let mut hog = false;
        if let Some(a) = answer
            && let Some(id) = a.weapon.as_deref()
        {
            hog = self.count_shot(rules, a.shooter, id)?;
        }
        self.nerve_due.clear();
        // Both results from the table as it stood before either shot.
        let first = self.shot_result(rules, quick.target, quick.modifier, quick.roll);
        let second = answer.map(|a| self.shot_result(rules, a.target, a.modifier, a.roll));
        self.land(quick, first)?;
        if let (Some(a), Some(result)) = (answer, second) {
            self.land(a, result)?;
        }
        if hog && let Some(a) = answer {
            self.add_markers(a.shooter, 1)?;
        }
        Ok(())
    }

    /// Applies a shot's result: markers, out of action, out of ammo (which loses the other
    /// declared shots), the nerve test it calls for, and the end of effects that last until
    /// the target is hit.
    pub(super) fn land(&mut self, fire: &Fire, result: ShotResult) -> Result<(), GameError> {
        let target = self.randomise_fight_hit(fire.shooter, fire.target, result);
        if result == ShotResult::UnderFireAndNerve {
            self.nerve_due.push(target);
        }
        if result.is_hit() {
            // A hit ends effects that last until the model is hit (the Hostage).
            let (gone, kept): (Vec<InPlay>, Vec<InPlay>) = std::mem::take(&mut self.in_play)
                .into_iter()
                .partition(|p| p.lasts == Lasts::UntilHit && p.targets.first() == Some(&target));
            self.in_play = kept;
            for p in gone {
                self.sides[p.side].discard.push(p.card);
            }
            self.model_mut(target)?.flags.retain(|f| *f != Flag::Hostage);
        }
        match result {
            ShotResult::OutOfAmmo => {
                self.model_mut(fire.shooter)?.out_of_ammo = true;
                if let Some(a) = self.activation.as_mut().filter(|a| a.model == fire.shooter) {
                    a.dry = true;
                }
            }
            ShotResult::Miss => {}
            ShotResult::UnderFire | ShotResult::UnderFireAndNerve => self.add_markers(target, 1)?,
            ShotResult::OutOfAction => {
                self.model_mut(target)?.out_of_action = true;
                self.discard_if_down(target);
            }
        }
        Ok(())
    }

    /// Counts a shot with weapon `id`: refuses one past the weapon's shots a turn, and empties a
    /// shotgun after its barrels (two single shots, or both barrels at once). Returns `true`
    /// for A Hog Killin' Time's extra pistol shot, which passes the limit and is followed by an
    /// under fire marker on the shooter (reading A35).
    pub(super) fn count_shot(
        &mut self,
        rules: &Rules,
        shooter: ModelRef,
        id: &str,
    ) -> Result<bool, GameError> {
        let w = rules
            .weapon(id)
            .ok_or_else(|| GameError::Rules(format!("'{id}' is not a weapon Posse knows")))?;
        let carried = w.mode_of.as_deref().unwrap_or(&w.id);
        let hog = carried == "pistol" && self.extra_shot.contains(&shooter);
        let m = self.model_mut(shooter)?;
        if !m.weapons.iter().any(|x| x == carried) {
            return Err(GameError::NoWeapon { model: m.name.clone(), weapon: w.name.to_lowercase() });
        }
        let fired = m.shots.get(&w.id).copied().unwrap_or(0);
        if hog {
            m.shots.insert(w.id.clone(), fired + 1);
            self.extra_shot.retain(|r| *r != shooter);
            return Ok(true);
        }
        if fired >= w.max_shots {
            return Err(GameError::TooManyShots { weapon: w.name.to_lowercase(), max: w.max_shots });
        }
        // Both barrels need both barrels loaded.
        let family: u32 = m
            .shots
            .iter()
            .filter(|(k, _)| {
                rules.weapon(k).is_some_and(|x| x.mode_of.as_deref().unwrap_or(&x.id) == carried)
            })
            .map(|(_, n)| *n)
            .sum();
        if w.mode_of.is_some() && family > 0 {
            return Err(GameError::TooManyShots { weapon: w.name.to_lowercase(), max: 0 });
        }
        m.shots.insert(w.id.clone(), fired + 1);
        if w.out_of_ammo_after_shots.is_some_and(|n| fired + 1 >= n) {
            m.out_of_ammo = true;
        }
        Ok(false)
    }

    /// Life Ain't Worth Spit: a hit on a model in a fight turns the shooter's top card; an even
    /// number card (2 to 10) hits the shooter's own fighter instead (reading A37). Returns the
    /// model hit.
    pub(super) fn randomise_fight_hit(
        &mut self,
        shooter: ModelRef,
        target: ModelRef,
        result: ShotResult,
    ) -> ModelRef {
        self.randomised = None;
        let hit =
            matches!(result, ShotResult::UnderFire | ShotResult::UnderFireAndNerve | ShotResult::OutOfAction);
        let Some(fight) = self.fight_of(target).copied().filter(|_| hit) else { return target };
        let seed = self.derived_seed(0x300);
        let Some(side) = self.sides.get_mut(shooter.side) else { return target };
        let Some(card) = side.draw(seed) else { return target };
        side.discard.push(card);
        let even = !card.is_joker() && card.value() <= 10 && card.value().is_multiple_of(2);
        let hit = if even { fight.opponent(target) } else { target };
        self.randomised = Some((card, hit));
        hit
    }

    /// The result of a shot at `target`, after the cards in play (Spotted Horse turns out of
    /// action into under fire and a nerve test).
    #[must_use]
    pub fn shot_result(&self, rules: &Rules, target: ModelRef, modifier: i32, roll: u32) -> ShotResult {
        let result = shooting::result(rules, modifier, roll);
        if result == ShotResult::OutOfAction && self.effect_on(Effect::SpottedHorse, target) {
            ShotResult::UnderFireAndNerve
        } else {
            result
        }
    }

    /// The quick shot `shooter` would take at the acting model `target` from `distance_cm`,
    /// with the to-hit modifiers applied as for any shot (line 171): the shooter's skill and
    /// markers, the target's total declared moves, cover (ticked at the table, or the target's
    /// cover flag), an obscured line of sight, and the cards in play. The shot's breakdown is
    /// then `shooting::assess` of the input, as for a shot; the notes say which cards changed
    /// it. `None` when `shooter` has no gun that quick shoots or a model is missing.
    #[must_use]
    pub fn quick_shot_input(
        &self,
        rules: &Rules,
        shooter: ModelRef,
        target: ModelRef,
        distance_cm: f64,
        sight: Sight,
    ) -> Option<(ShotInput, Vec<&'static str>)> {
        let by = self.model_at(shooter)?;
        let victim = self.model_at(target)?;
        let declared = self.activation_of(target).map_or(0, Activation::declared_moves);
        let mut input = ShotInput {
            weapon: self.quick_weapon(rules, shooter)?,
            distance_cm,
            shooter_under_fire: by.under_fire.min(4),
            skill: by.shoot,
            shooter_boss: by.boss,
            shooter_mounted: by.has(Flag::Mounted),
            target_moves: declared.min(3),
            cover: sight.cover || victim.has(Flag::Cover),
            target_boss: victim.boss,
            target_mounted: victim.has(Flag::Mounted),
            obscured: sight.obscured,
            hostage: self.holds_hostage(rules, target),
            ..ShotInput::default()
        };
        let notes = self.card_shot_effects(rules, shooter, target, &mut input);
        Some((input, notes))
    }

    /// What the shot panel says about shooting at `target` for a shooter of `side`, when the
    /// target is locked in a fight: each gang reads only its own rule (lines 189, 193,
    /// 328–329). `None` when the target is not in a fight.
    #[must_use]
    pub fn fight_shot_rule(&self, rules: &Rules, side: usize, target: ModelRef) -> Option<FightShotRule> {
        self.fight_of(target)?;
        Some(if self.shoots_into_fights(rules, side) {
            FightShotRule::Randomised
        } else {
            FightShotRule::Barred
        })
    }

    /// Whether `side`'s models may shoot into hand-to-hand (Life Ain't Worth Spit).
    #[must_use]
    pub fn shoots_into_fights(&self, rules: &Rules, side: usize) -> bool {
        let Some(gang) = self.sides.get(side).and_then(|s| rules.gang(&s.gang)) else { return false };
        gang.ability(AbilityId::LifeAintWorthSpit).is_some_and(|a| self.abilities_work(rules, side, a.needs))
    }
}
