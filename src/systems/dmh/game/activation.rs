//! A model's activation as the book runs it (rulebook lines 73–98): before taking any action
//! the player declares all of them, up to three, and then carries them out in that order.
//!
//! [`Event::Declare`] opens the activation with its list of [`Action`]s; each later event that
//! carries an action out (a move, a shot, a reload, a change of weapon, a recovery, a charge)
//! must match the next declared action, and [`Event::SkipAction`] gives one up. Aims need no
//! event of their own: they are counted by the shot that follows them. A move that stops
//! within 2 cm of an enemy loses the other declared moves (line 88), and a natural 1 loses
//! the other declared shots (line 126). The declaration and every step are journal events,
//! so a half-done activation is restored exactly when a game is resumed.

use serde::{Deserialize, Serialize};

use super::{Effect, Event, Flag, GameError, ModelRef, Phase, State};
use crate::systems::dmh::rules::Rules;
use crate::systems::dmh::rules::data::Lasts;

/// The engine behaviour a game was started with, recorded in its set-up: journals written
/// before declared activations (edition 0) replay with the rules they were played with, and
/// so do those from before the fight at the higher card and the applied Stumble (edition 1).
/// From edition 2 a fighter whose card comes up first must fight on or break off (line 190,
/// 193), and Stumble ends the enemy's activation (line 211). From edition 3 And Justice For
/// All is refused on a model with no under fire marker or out of action (line 292); before, it
/// was taken and changed nothing. From edition 4 a duel deck of the other colour's numbers is
/// that colour's 26 cards (reading D10).
pub const EDITION: u32 = 4;

/// One action a model may declare (the action summary, rulebook lines 77–84).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Up to 10 cm (20 cm mounted), mount or dismount, or move into hand-to-hand.
    Move,
    /// +1 to hit on the next shot (a rifle may aim twice).
    Aim,
    Shoot,
    /// Reload or unjam.
    Reload,
    /// Switch to another gun the model carries.
    ChangeWeapon,
    /// Take one under fire marker off.
    Recover,
}

impl Action {
    /// Every action, in the order the declaration buttons show them.
    pub const ALL: [Action; 6] =
        [Action::Move, Action::Aim, Action::Shoot, Action::Reload, Action::ChangeWeapon, Action::Recover];

    /// The action's name on a button.
    #[must_use]
    pub fn title(self) -> &'static str {
        match self {
            Action::Move => "Move",
            Action::Aim => "Aim",
            Action::Shoot => "Shoot",
            Action::Reload => "Reload",
            Action::ChangeWeapon => "Change weapon",
            Action::Recover => "Recover",
        }
    }
}

/// What became of a declared action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Step {
    /// Still to come.
    Pending,
    Done,
    /// Given up or lost (a halt near an enemy, an empty gun, a card).
    Lost,
}

/// The activation under way: what the model declared and how far it has got.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Activation {
    pub model: ModelRef,
    pub declared: Vec<Action>,
    /// One step per declared action.
    pub steps: Vec<Step>,
    /// A move stopped within 2 cm of an enemy: the other declared moves are lost.
    pub halted: bool,
    /// A shot came up a natural 1: the other declared shots are lost.
    pub dry: bool,
    /// The target that ducked back from this model's shots (one duck back per activation);
    /// the shooter gets that one shot at it and no more (A22).
    pub ducked: Option<ModelRef>,
    /// Targets the model passed a nerve test to shoot at (a hostage holder, a target past a
    /// closer enemy).
    pub cleared: Vec<ModelRef>,
}

impl Activation {
    /// The index of the next declared action still to come.
    #[must_use]
    pub fn next_index(&self) -> Option<usize> {
        self.steps.iter().position(|s| *s == Step::Pending)
    }

    /// The next declared action still to come, once aims (counted by the shot after them),
    /// shots lost to an empty gun and moves lost to a halt near an enemy are passed over. A
    /// move lost to a halt may still carry a charge into contact ([`Activation::charge_left`]).
    #[must_use]
    pub fn next(&self) -> Option<Action> {
        self.next_position().map(|i| self.declared[i])
    }

    /// The index of the action [`Activation::next`] shows.
    #[must_use]
    pub fn next_position(&self) -> Option<usize> {
        self.steps.iter().zip(&self.declared).position(|(s, a)| *s == Step::Pending && !self.passed_over(*a))
    }

    fn passed_over(&self, action: Action) -> bool {
        action == Action::Aim
            || (action == Action::Shoot && self.dry)
            || (action == Action::Move && self.halted)
    }

    /// Whether declared action `i` is a move lost to a halt near an enemy (line 88): shown as
    /// lost, though a charge into contact may still use it.
    #[must_use]
    pub fn lost_to_halt(&self, i: usize) -> bool {
        self.halted
            && self.declared.get(i) == Some(&Action::Move)
            && self.steps.get(i) == Some(&Step::Pending)
    }

    /// Whether a move lost to a halt is left for a charge into contact ("except if the model
    /// declared a move into hand-to-hand fighting", line 88).
    #[must_use]
    pub fn charge_left(&self) -> bool {
        (0..self.declared.len()).any(|i| self.lost_to_halt(i))
    }

    /// Move actions declared (the shooter's two-move penalty counts what was declared, A19).
    #[must_use]
    pub fn declared_moves(&self) -> u32 {
        count(&self.declared, Action::Move)
    }

    /// Move actions taken so far: the move markers the model leaves.
    #[must_use]
    pub fn moves_taken(&self) -> u32 {
        let taken =
            self.declared.iter().zip(&self.steps).filter(|(a, s)| **a == Action::Move && **s == Step::Done);
        u32::try_from(taken.count()).unwrap_or(u32::MAX)
    }

    /// Shots fired so far in this activation.
    #[must_use]
    pub fn shots_fired(&self) -> u32 {
        let fired =
            self.declared.iter().zip(&self.steps).filter(|(a, s)| **a == Action::Shoot && **s == Step::Done);
        u32::try_from(fired.count()).unwrap_or(u32::MAX)
    }

    /// The aims that count for the next shot: those declared since the previous shot (A20).
    #[must_use]
    pub fn aims_for_next_shot(&self) -> u32 {
        let Some(shot) = self
            .declared
            .iter()
            .zip(&self.steps)
            .position(|(a, s)| *a == Action::Shoot && *s == Step::Pending)
        else {
            return 0;
        };
        let before = &self.declared[..shot];
        let since = before.iter().rposition(|a| *a == Action::Shoot).map_or(0, |p| p + 1);
        count(&before[since..], Action::Aim)
    }

    /// Whether every declared action has been carried out or lost.
    #[must_use]
    pub fn finished(&self) -> bool {
        self.next().is_none()
    }
}

fn count(actions: &[Action], kind: Action) -> u32 {
    u32::try_from(actions.iter().filter(|a| **a == kind).count()).unwrap_or(u32::MAX)
}

/// What a model may declare now, and why it is limited.
#[derive(Clone, Debug, PartialEq, Eq)]
#[expect(clippy::struct_excessive_bools, reason = "each flag is one independent limit of the book")]
pub struct Limits {
    /// Action slots (three; two when drunk; fewer after Above Snakes).
    pub actions: u32,
    /// Most move actions.
    pub moves: u32,
    pub can_aim: bool,
    pub can_reload: bool,
    /// Action slots a reload takes (two for a loot carrier).
    pub reload_cost: u32,
    /// A second gun to change to.
    pub can_change: bool,
    /// Locked in hand-to-hand: only breaking off (two moves first) may be declared.
    pub breaking_off: bool,
    /// The scene's first turn allows the duellist a single shot only.
    pub single_shot: bool,
    /// Each limit in words, for the declaration panel.
    pub reasons: Vec<String>,
}

/// What the shot panel needs to know from the activation, so the player never types it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShotContext {
    /// Which shot of the activation this is, from 1.
    pub shot: u32,
    /// Aims declared since the previous shot.
    pub aims: u32,
    /// Move actions the shooter declared.
    pub shooter_moves: u32,
}

impl State {
    /// Whether the model is on the table: not waiting off it, hidden or held back.
    #[must_use]
    pub fn on_table(&self, r: ModelRef) -> bool {
        self.model_at(r).is_some_and(super::Model::on_table)
    }

    /// Whether the model holds a hostage: its flag, or the Hostage card in play on it.
    #[must_use]
    pub fn holds_hostage(&self, rules: &Rules, r: ModelRef) -> bool {
        self.model_at(r).is_some_and(|m| m.has(Flag::Hostage))
            || self.in_play.iter().any(|p| {
                p.targets.first() == Some(&r)
                    && rules.card_text(p.card).is_some_and(|t| t.lasts == Lasts::UntilHit)
            })
    }

    /// What model `r` may declare now.
    #[must_use]
    pub fn limits(&self, rules: &Rules, r: ModelRef) -> Limits {
        let numbers = &rules.core.actions;
        let mut reasons = Vec::new();
        let Some(m) = self.model_at(r) else {
            return Limits {
                actions: 0,
                moves: 0,
                can_aim: false,
                can_reload: false,
                reload_cost: 1,
                can_change: false,
                breaking_off: false,
                single_shot: false,
                reasons,
            };
        };
        let mut actions = numbers.per_activation;
        if m.has(Flag::Drunk) {
            actions = numbers.drunk_per_activation;
            reasons.push(format!("Drunk: {} actions.", numbers.drunk_per_activation));
        }
        if m.spent > 0 {
            actions = actions.saturating_sub(m.spent);
            reasons.push(format!(
                "Already used {} this turn.",
                crate::systems::dmh::rules::count(m.spent, "action", "actions")
            ));
        }
        let mut moves = actions;
        let mut reload_cost = 1;
        if m.has(Flag::Loot) {
            moves = moves.min(2);
            reload_cost = 2;
            reasons.push("Carries loot: at most two moves, and a reload takes two actions.".into());
        }
        if m.has(Flag::Wounded) {
            moves = moves.min(2);
            reasons.push("Wounded: at most two moves.".into());
        }
        let hostage = self.holds_hostage(rules, r);
        if hostage {
            moves = moves.min(1);
            reasons.push("Holds a hostage: no aim, one move, no reload.".into());
        }
        let can_aim = !hostage && m.weapons.iter().any(|w| rules.weapon(w).is_some_and(|x| x.max_aims > 0));
        if !hostage && !can_aim {
            reasons.push("A shotgun may not aim.".into());
        }
        let mut distinct = m.weapons.clone();
        distinct.sort();
        distinct.dedup();
        // Only the fighter whose card comes up first (the higher) may break off (line 192).
        let breaking_off = self.fight_of(r).is_some();
        if self.fight_of(r).is_some_and(|f| f.rolled == self.turn) {
            reasons.push("Its fight was rolled this turn: only the higher card could break off.".into());
        } else if breaking_off {
            reasons.push("Locked in a fight: declare two moves to break off, or fight on.".into());
        }
        let single_shot = self.duellists_only(rules) && m.has(Flag::Duellist);
        if single_shot {
            reasons.push("First turn of the duel: a single shoot action.".into());
        }
        Limits {
            actions,
            moves,
            can_aim,
            can_reload: !hostage,
            reload_cost,
            can_change: distinct.len() > 1,
            breaking_off,
            single_shot,
            reasons,
        }
    }

    /// Whether only the duellists act, in the scene's first turn (There Will Be Blood).
    pub(super) fn duellists_only(&self, rules: &Rules) -> bool {
        self.turn == 1 && self.scene_of(rules).is_some_and(|s| s.duellists)
    }

    /// Why model `r` may not declare `actions` now, or `None` when it may.
    #[must_use]
    pub fn declaration_problem(&self, rules: &Rules, r: ModelRef, actions: &[Action]) -> Option<String> {
        self.check_declaration(rules, r, actions).err().map(|e| e.to_string())
    }

    fn check_declaration(&self, rules: &Rules, r: ModelRef, actions: &[Action]) -> Result<(), GameError> {
        self.expect_phase(Phase::Activations)?;
        let m = self.model(r)?;
        let name = &m.name;
        let refuse = |why: String| Err(GameError::Declaration(why));
        if let Some(a) = &self.activation {
            return if a.model == r {
                refuse(format!("{name} has already declared"))
            } else {
                refuse(format!("finish {}'s activation first", self.name(a.model)))
            };
        }
        if m.out_of_action {
            return Err(GameError::OutOfAction(name.clone()));
        }
        if !m.on_table() {
            return refuse(format!("{name} is not on the table"));
        }
        if m.activated {
            return Err(GameError::AlreadyActivated(name.clone()));
        }
        if self.first_in_order() != Some(r) {
            return refuse(format!("it is not {name}'s turn to act"));
        }
        let limits = self.limits(rules, r);
        if actions.is_empty() {
            return refuse("declare at least one action, or end the activation".into());
        }
        let slots: u32 =
            actions.iter().map(|a| if *a == Action::Reload { limits.reload_cost } else { 1 }).sum();
        if slots > limits.actions {
            return refuse(format!(
                "{name} has {}, and these take {slots}",
                crate::systems::dmh::rules::count(limits.actions, "action", "actions")
            ));
        }
        let moves = count(actions, Action::Move);
        if moves > limits.moves {
            return refuse(format!(
                "{name} may take at most {}",
                crate::systems::dmh::rules::count(limits.moves, "move", "moves")
            ));
        }
        if limits.single_shot && actions != [Action::Shoot] {
            return refuse("in the first turn the duellist takes a single shoot action".into());
        }
        if self.fight_of(r).is_some_and(|f| f.rolled == self.turn) {
            return refuse(format!("{name}'s fight was rolled this turn: only the higher card breaks off"));
        }
        if limits.breaking_off && actions.get(..2) != Some(&[Action::Move, Action::Move]) {
            return refuse(format!(
                "{name} is locked in a fight: fight on, or break off by declaring two moves first"
            ));
        }
        if !limits.can_aim && actions.contains(&Action::Aim) {
            return refuse(format!("{name} may not aim"));
        }
        if !limits.can_reload && actions.contains(&Action::Reload) {
            return refuse(format!("{name} may not reload while holding a hostage"));
        }
        if !limits.can_change && actions.contains(&Action::ChangeWeapon) {
            return refuse(format!("{name} carries no other gun to change to"));
        }
        Self::check_aims_and_shots(rules, m, actions)?;
        // Out of ammo from an earlier turn: reload before any shot (line 136).
        if m.out_of_ammo {
            let first_shot = actions.iter().position(|a| *a == Action::Shoot);
            let reload = actions.iter().position(|a| *a == Action::Reload);
            if first_shot.is_some_and(|s| reload.is_none_or(|l| l > s)) {
                return refuse(format!("{name} is out of ammo: declare a reload before the shots"));
            }
        }
        Ok(())
    }

    /// Aims help the next shot only: each must have a shot after it, no more aims may come
    /// before one shot than the gun takes, and no more shots than the guns fire.
    fn check_aims_and_shots(rules: &Rules, m: &super::Model, actions: &[Action]) -> Result<(), GameError> {
        let name = &m.name;
        // Aims help the next shot only: each must have a shot after it, and no more aims may
        // come before one shot than the gun in hand takes (any gun, once a change of weapon
        // comes first).
        let most_aims = if actions.contains(&Action::ChangeWeapon) {
            m.weapons.iter().filter_map(|w| rules.weapon(w)).map(|w| w.max_aims).max().unwrap_or(0)
        } else {
            rules.weapon(m.in_hand()).map_or(0, |w| w.max_aims)
        };
        let mut aims = 0;
        for a in actions {
            match a {
                Action::Aim => aims += 1,
                Action::Shoot => aims = 0,
                _ => {}
            }
            if aims > most_aims {
                return Err(GameError::Declaration(format!(
                    "{name}'s guns take at most {} before a shot",
                    crate::systems::dmh::rules::count(most_aims, "aim", "aims")
                )));
            }
        }
        if aims > 0 {
            return Err(GameError::Declaration(
                "an aim helps only the shot after it: declare a shot after each aim".into(),
            ));
        }
        let most_shots =
            m.weapons.iter().filter_map(|w| rules.weapon(w)).map(|w| w.max_shots).max().unwrap_or(0);
        let declared_shots = count(actions, Action::Shoot);
        if declared_shots > most_shots && !actions.contains(&Action::ChangeWeapon) {
            return Err(GameError::Declaration(format!(
                "{name}'s guns fire at most {} a turn",
                crate::systems::dmh::rules::count(most_shots, "shot", "shots")
            )));
        }
        Ok(())
    }

    pub(super) fn declare(
        &mut self,
        rules: &Rules,
        r: ModelRef,
        actions: &[Action],
    ) -> Result<(), GameError> {
        if self.edition == 0 {
            return Err(GameError::Rules("this game was started before declared actions".into()));
        }
        self.check_declaration(rules, r, actions)?;
        self.activation = Some(Activation {
            model: r,
            declared: actions.to_vec(),
            steps: vec![Step::Pending; actions.len()],
            halted: false,
            dry: false,
            ducked: None,
            cleared: Vec::new(),
        });
        self.mark_acted(r.side);
        Ok(())
    }

    /// Carries out the next declared action of model `r`, which must be `kind`. Aims before
    /// it are counted as done; moves lost to a halt and shots lost to an empty gun are marked
    /// lost. A charge (`charge`) takes a move even after a halt (line 88).
    pub(super) fn take(&mut self, r: ModelRef, kind: Action, charge: bool) -> Result<(), GameError> {
        let name = self.name(r);
        let Some(a) = self.activation.as_mut().filter(|a| a.model == r) else {
            return Err(GameError::Declaration(format!("{name} has not declared its actions")));
        };
        while let Some(i) = a.next_index() {
            let action = a.declared[i];
            let lost = (action == Action::Move && a.halted && !(charge && kind == Action::Move))
                || (action == Action::Shoot && a.dry);
            if action == kind && !lost {
                a.steps[i] = Step::Done;
                return Ok(());
            }
            if action == Action::Aim {
                a.steps[i] = Step::Done;
            } else if lost {
                a.steps[i] = Step::Lost;
            } else {
                return Err(GameError::Declaration(format!(
                    "{name} declared {} next, not {}",
                    action.title().to_lowercase(),
                    kind.title().to_lowercase()
                )));
            }
        }
        Err(GameError::Declaration(format!(
            "{name} has no {} left among its declared actions",
            kind.title().to_lowercase()
        )))
    }

    /// The activation under way for `r`, if it has declared.
    #[must_use]
    pub fn activation_of(&self, r: ModelRef) -> Option<&Activation> {
        self.activation.as_ref().filter(|a| a.model == r)
    }

    /// What the shot panel takes from the declaration for model `r`'s next shot.
    #[must_use]
    pub fn shot_context(&self, r: ModelRef) -> ShotContext {
        if let Some(a) = self.activation_of(r) {
            // A move made before the activation (an Above Snakes duck back) counts too (A31).
            let before = self.model_at(r).map_or(0, |m| m.moves);
            // A Hog Killin' Time fourth shot takes no shot penalty at all (A35).
            let next = a.shots_fired() + 1;
            ShotContext {
                shot: if next > 3 { 1 } else { next },
                aims: a.aims_for_next_shot(),
                shooter_moves: a.declared_moves() + before,
            }
        } else {
            let fired: u32 = self.model_at(r).map_or(0, |m| m.shots.values().sum());
            ShotContext { shot: (fired + 1).min(3), aims: 0, shooter_moves: 0 }
        }
    }

    pub(super) fn move_action(&mut self, model: ModelRef, halted: bool) -> Result<(), GameError> {
        self.expect_phase(Phase::Activations)?;
        // A fighter moves away only by breaking off (two moves, line 192).
        if self.fight_of(model).is_some() {
            return Err(GameError::InFight(self.name(model)));
        }
        self.take(model, Action::Move, false)?;
        if halted && let Some(a) = self.activation.as_mut() {
            a.halted = true;
        }
        Ok(())
    }

    pub(super) fn reload(&mut self, model: ModelRef) -> Result<(), GameError> {
        self.expect_phase(Phase::Activations)?;
        self.take(model, Action::Reload, false)?;
        let m = self.model_mut(model)?;
        m.out_of_ammo = false;
        // Reloading refills the shotgun's barrels.
        m.shots.remove("shotgun");
        m.shots.remove("both-barrels");
        Ok(())
    }

    pub(super) fn change_weapon(
        &mut self,
        rules: &Rules,
        model: ModelRef,
        weapon: &str,
    ) -> Result<(), GameError> {
        self.expect_phase(Phase::Activations)?;
        let m = self.model(model)?;
        if !m.weapons.iter().any(|w| w == weapon) || rules.weapon(weapon).is_none() {
            return Err(GameError::NoWeapon { model: m.name.clone(), weapon: weapon.to_owned() });
        }
        self.take(model, Action::ChangeWeapon, false)?;
        self.model_mut(model)?.held = Some(weapon.to_owned());
        Ok(())
    }

    pub(super) fn skip_action(&mut self, model: ModelRef) -> Result<(), GameError> {
        self.expect_phase(Phase::Activations)?;
        let name = self.name(model);
        let Some(a) = self.activation.as_mut().filter(|a| a.model == model) else {
            return Err(GameError::Declaration(format!("{name} has not declared its actions")));
        };
        // The action given up is the one shown next, not an aim counted by a later shot.
        let Some(i) = a.next_position() else {
            return Err(GameError::Declaration(format!("{name} has no declared action left")));
        };
        // A fighter that declared its break off carries it out (line 193): giving up a move
        // would leave it locked with no way to end its turn.
        let action = a.declared[i];
        if self.edition >= 2 && action == Action::Move && self.fight_unrolled(model) {
            return Err(GameError::Declaration(format!(
                "{name} is locked in a fight: break off with the two declared moves"
            )));
        }
        let Some(a) = self.activation.as_mut().filter(|a| a.model == model) else {
            return Err(GameError::Declaration(format!("{name} has not declared its actions")));
        };
        a.steps[i] = Step::Lost;
        // A shot given up takes the aims declared for it along.
        if a.declared[i] == Action::Shoot {
            for (step, action) in a.steps[..i].iter_mut().zip(&a.declared) {
                if *step == Step::Pending && *action == Action::Aim {
                    *step = Step::Lost;
                }
            }
        }
        Ok(())
    }

    /// The enemy models of side `enemy` that may quick shoot now: not yet acted, on the
    /// table with a card (or as an ace), armed and loaded, not surprised, not in a fight.
    #[must_use]
    pub fn quick_shooters(&self, rules: &Rules, enemy: usize) -> Vec<ModelRef> {
        let Some(side) = self.sides.get(enemy) else { return Vec::new() };
        (0..side.models.len())
            .map(|model| ModelRef { side: enemy, model })
            .filter(|r| self.may_quick_shoot(rules, *r).is_ok())
            .collect()
    }

    /// Why `r` may not quick shoot now (the one quick shot per enemy activation, A21).
    pub(super) fn may_quick_shoot(&self, rules: &Rules, r: ModelRef) -> Result<(), GameError> {
        let m = self.model(r)?;
        if m.out_of_action {
            return Err(GameError::OutOfAction(m.name.clone()));
        }
        if !m.on_table() {
            return Err(GameError::Targets(format!("{} is not on the table", m.name)));
        }
        if m.activated || (m.card.is_none() && !m.acts_without_card()) {
            return Err(GameError::AlreadyActivated(m.name.clone()));
        }
        if self.fight_of(r).is_some() {
            return Err(GameError::InFight(m.name.clone()));
        }
        if m.has(Flag::Surprised) {
            return Err(GameError::Rules(format!(
                "{} is surprised: no duck back or quick shot this turn",
                m.name
            )));
        }
        if m.out_of_ammo {
            return Err(GameError::OutOfAmmo(m.name.clone()));
        }
        if self.quick_shot_taken(r.side) {
            return Err(GameError::QuickShotTaken(self.sides[r.side].name.clone()));
        }
        if !m.weapons.iter().any(|w| rules.weapon(w).is_some_and(|x| x.quick_shot)) {
            return Err(GameError::Rules(format!("{} carries no gun that can quick shoot", m.name)));
        }
        Ok(())
    }

    /// The gun a quick shooter uses: the one in its hand if it may quick shoot, else the
    /// first that may (a shotgun fires one barrel).
    #[must_use]
    pub fn quick_weapon(&self, rules: &Rules, r: ModelRef) -> Option<String> {
        let m = self.model_at(r)?;
        let held = m.in_hand();
        if rules.weapon(held).is_some_and(|w| w.quick_shot) {
            return Some(held.to_owned());
        }
        m.weapons.iter().find(|w| rules.weapon(w).is_some_and(|x| x.quick_shot)).cloned()
    }

    /// Tough as Old Boots for `r`'s nerve test, if its side may declare it now: the ability
    /// and the number the test then passes on. Declared before the roll (line 318).
    #[must_use]
    pub fn boots_offer<'r>(
        &self,
        rules: &'r Rules,
        r: ModelRef,
    ) -> Option<(&'r crate::systems::dmh::rules::data::Ability, u32)> {
        let m = self.model_at(r)?;
        let gang = rules.gang(&self.sides.get(r.side)?.gang)?;
        let a = gang.ability(crate::systems::dmh::rules::data::AbilityId::ToughAsOldBoots)?;
        let passes_on = a.passes_on?;
        (m.under_fire + 1 >= m.hits
            && self.boots.is_none()
            && self.ability_refusal(rules, r.side, a.id).is_none())
        .then_some((a, passes_on))
    }

    /// The number model `r`'s next nerve test passes on, once Tough as Old Boots is declared
    /// for it.
    #[must_use]
    pub fn boots_needed(&self, rules: &Rules, r: ModelRef) -> Option<u32> {
        if self.boots != Some(r) {
            return None;
        }
        let gang = rules.gang(&self.sides.get(r.side)?.gang)?;
        gang.ability(crate::systems::dmh::rules::data::AbilityId::ToughAsOldBoots)?.passes_on
    }

    /// Whether `side` may call the scene's reinforcements now (at the end of a turn, with a
    /// model still waiting and the call not made).
    #[must_use]
    pub fn may_call_reinforcements(&self, rules: &Rules, side: usize) -> bool {
        let Some(s) = self.sides.get(side) else { return false };
        self.phase == Phase::EndOfTurn
            && self.pending.is_none()
            && !self.called.contains(&side)
            && s.models.iter().any(|m| m.has(Flag::Reinforcement))
            && self
                .scene_of(rules)
                .and_then(|sc| sc.reinforcements.as_ref())
                .is_some_and(|r| r.role == s.role)
    }

    /// A nerve test taken under Tough as Old Boots must use its number.
    pub(super) fn check_boots(
        &mut self,
        rules: &Rules,
        model: ModelRef,
        needed: u32,
    ) -> Result<(), GameError> {
        if self.boots != Some(model) {
            return Ok(());
        }
        if let Some(n) = self.boots_needed(rules, model)
            && n != needed
        {
            return Err(GameError::Rules(format!(
                "Tough as Old Boots was declared: the test passes on {n}+"
            )));
        }
        self.boots = None;
        Ok(())
    }

    /// Whether a card in play keeps shots from aiming (nothing yet: Dust in your eye is a
    /// reminder). Kept here so the shot panel asks the game.
    #[must_use]
    pub fn counts_as_aimed(&self, shooter: ModelRef, target: ModelRef) -> bool {
        self.effect_on(Effect::GunInHand, shooter) || self.shootist_target(shooter) == Some(target)
    }

    /// Ends the activation of `model`: its card to the discard pile and its move markers down.
    pub(super) fn finish_activation(&mut self, model: ModelRef, moves: u32) -> Result<(), GameError> {
        let moves = match self.activation_of(model) {
            Some(a) => a.moves_taken(),
            // In a declared game the moves are the declared moves taken: none without a
            // declaration, whatever the event says.
            None if self.edition >= 1 => 0,
            None => moves,
        };
        let edition = self.edition;
        let m = self.model_mut(model)?;
        m.activated = true;
        // An Above Snakes duck back already left its move marker: the declared moves add to it.
        m.moves = if edition >= 1 { m.moves + moves } else { m.moves.max(moves) };
        m.spent = 0;
        if let Some(card) = m.card.take() {
            self.discard_model_card(card, model.side);
        }
        if self.activation.as_ref().is_some_and(|a| a.model == model) {
            self.activation = None;
        }
        Ok(())
    }
}

/// The events of this module in plain words.
pub(super) fn describe(game: &State, after: &State, event: &Event) -> Option<String> {
    Some(match event {
        Event::Declare { model, actions } => {
            let list: Vec<&str> = actions.iter().map(|a| a.title()).collect();
            format!("{} declares: {}", game.with_card(*model), list.join(", ").to_lowercase())
        }
        Event::Move { model, halted } => {
            if *halted {
                format!("{} moves and stops within 2 cm of an enemy", game.name(*model))
            } else {
                format!("{} moves", game.name(*model))
            }
        }
        Event::Reload { model } => format!("{} reloads", game.name(*model)),
        Event::ChangeWeapon { model, weapon } => format!("{} changes to the {weapon}", game.name(*model)),
        Event::SkipAction { model } => {
            let what =
                game.activation_of(*model).and_then(Activation::next).map_or("an action", |a| a.title());
            format!("{} gives up its {}", game.name(*model), what.to_lowercase())
        }
        Event::TieDraw { .. } => {
            let drawn: Vec<String> = game
                .sides
                .iter()
                .zip(&after.sides)
                .map(|(b, a)| {
                    // The drawn card lands on the discard pile; a deck that was empty was first
                    // made again from that pile (lines 69, 86), which then holds the card alone.
                    let remade = b.deck.is_empty() && b.reshuffle && !b.discard.is_empty();
                    let drew = remade || a.deck.len() < b.deck.len();
                    let card = a.discard.last().filter(|_| drew);
                    format!("{} {}", b.name, card.map_or_else(|| "nothing".to_owned(), |c| c.label()))
                })
                .collect();
            match after.tie_priority.and_then(|s| after.sides.get(s)) {
                Some(w) => {
                    format!("each side draws for ties: {}; {} win ties this turn", drawn.join(", "), w.name)
                }
                None => format!("each side draws for ties: {}; still tied, draw again", drawn.join(", ")),
            }
        }
        _ => return None,
    })
}
