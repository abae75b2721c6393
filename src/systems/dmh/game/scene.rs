//! A scene's own rules in the flow: the flags it sets at the start, the drunk who sober up,
//! the secret witness, Big Nerve tests skipped or ignored, and the end conditions that finish
//! the game and name the winner.

use serde::{Deserialize, Serialize};

use super::{Event, Flag, GameError, ModelRef, Phase, State};

/// The end condition of a game the players end by agreement (`Event::EndScene`): a custom
/// game's only end, and a scene's besides its own (reading D11).
pub const AGREED: &str = "agreed";
use crate::systems::dmh::rules::Rules;
use crate::systems::dmh::rules::data::{
    BigNerveRule, EndCondition, FlagWho, ModelClass, Role, Scene, TriggerKind, TriggerSide, Winner,
};

/// How a game ended: the winning side (none for a draw) and the condition met.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SceneEnd {
    /// The winning side's index; `None` for a draw.
    pub winner: Option<usize>,
    /// The end condition's id (or `agreed` when the players ended a custom game).
    pub condition: String,
    /// The condition in words.
    pub text: String,
}

impl State {
    /// The scene this game plays, if any.
    #[must_use]
    pub fn scene_of<'r>(&self, rules: &'r Rules) -> Option<&'r Scene> {
        self.scene.as_deref().and_then(|id| rules.scene(id))
    }

    /// How to address a side's player: by the gang's type ("Outlaws"), or by the gang's own
    /// name when both gangs are of one type.
    #[must_use]
    pub fn player(&self, rules: &Rules, side: usize) -> String {
        let Some(s) = self.sides.get(side) else { return String::new() };
        let same = self.sides.iter().filter(|x| x.gang == s.gang).count() > 1;
        match rules.gang(&s.gang) {
            Some(g) if !same => g.name.clone(),
            _ => s.name.clone(),
        }
    }

    fn side_with(&self, role: Role) -> Option<usize> {
        self.sides.iter().position(|s| s.role == role)
    }

    /// Sets the flags the scene gives models at the start (the Stranger acts as an ace, his
    /// enemies are drunk, the surprised posse…).
    pub(super) fn start_flags(&mut self, rules: &Rules) {
        let Some(scene) = self.scene_of(rules) else { return };
        for s in 0..self.sides.len() {
            let role = self.sides[s].role;
            let gang = rules.gang(&self.sides[s].gang);
            for start in &scene.sides.get(role).start_flags {
                for m in &mut self.sides[s].models {
                    let boss =
                        gang.and_then(|g| g.profile(&m.profile)).is_some_and(|p| p.class == ModelClass::Boss);
                    if (start.who == FlagWho::All || boss) && !m.has(start.flag) {
                        m.flags.push(start.flag);
                        m.flags.sort_unstable();
                    }
                }
            }
        }
    }

    /// After every event: drunk models sober up once one of them falls, and the game ends
    /// when an end condition is met.
    pub(super) fn after_event(&mut self, rules: &Rules) {
        let scene = self.scene_of(rules);
        if let Some(scene) = scene {
            for s in 0..self.sides.len() {
                let role = self.sides[s].role;
                let fallen = self.sides[s].models.iter().any(|m| m.out_of_action);
                for start in
                    scene.sides.get(role).start_flags.iter().filter(|f| f.until_first_out && !f.next_turn)
                {
                    if fallen {
                        for m in &mut self.sides[s].models {
                            m.flags.retain(|f| *f != start.flag);
                        }
                    }
                }
            }
        }
        if self.result.is_none()
            && let Some(end) = self.end_of(rules, scene)
        {
            self.result = Some(end);
            self.phase = Phase::Over;
        }
    }

    /// When a turn ends: the models the scene brings in for the next turn. A waiting boss
    /// comes in the turn after his side's first fall; the hidden model from turn 2; called
    /// reinforcements (or all of them after the scene's last turn for it).
    pub(super) fn arrivals(&mut self, rules: &Rules) {
        let Some(scene) = self.scene_of(rules) else { return };
        let ending = self.turn;
        for s in 0..self.sides.len() {
            let role = self.sides[s].role;
            let fallen = self.sides[s].models.iter().any(|m| m.out_of_action);
            let mut gone: Vec<Flag> = scene
                .sides
                .get(role)
                .start_flags
                .iter()
                .filter(|f| f.until_first_out && f.next_turn && fallen)
                .map(|f| f.flag)
                .collect();
            if ending == 1 {
                gone.push(Flag::Hidden);
            }
            if scene
                .reinforcements
                .as_ref()
                .is_some_and(|r| r.role == role && (self.called.contains(&s) || ending >= r.latest_turn))
            {
                gone.push(Flag::Reinforcement);
            }
            for m in &mut self.sides[s].models {
                m.flags.retain(|f| !gone.contains(f));
            }
        }
    }

    /// The models of `side` that are key models: flagged so, or the secret witness.
    fn key_models(&self, side: usize) -> impl Iterator<Item = usize> + '_ {
        let witness = self.witness.filter(|w| w.side == side).map(|w| w.model);
        (0..self.sides[side].models.len())
            .filter(move |&m| self.sides[side].models[m].has(Flag::Key) || Some(m) == witness)
    }

    fn met(&self, kind: TriggerKind, count: Option<u32>, side: usize) -> bool {
        let s = &self.sides[side];
        // Asked after every event: the models are counted only by the conditions that count.
        let out = || s.models.iter().filter(|m| m.out_of_action).count();
        let count = usize::try_from(count.unwrap_or(1)).unwrap_or(usize::MAX);
        match kind {
            TriggerKind::OutOfActionCount => out() >= count,
            TriggerKind::WipedOut => !s.models.is_empty() && s.models.iter().all(|m| m.out_of_action),
            TriggerKind::BigNerveFailed => self.failed_big_nerve.contains(&side),
            TriggerKind::DeckOut => s.ran_out,
            // Only a model marked as the key model (or the noted witness) counts; until the
            // players mark it, the condition cannot be met.
            TriggerKind::KeyModelOut => {
                self.key_models(side).any(|k| s.models[k].out_of_action) && out() >= count
            }
            // The duel's last round played with both standing: the one with more markers
            // backs down (equal markers are a draw, `check_end`).
            TriggerKind::Rounds => {
                let markers = |x: usize| {
                    self.sides.get(x).map_or(0, |y| y.models.iter().map(|m| m.under_fire).sum::<u32>())
                };
                self.duel_rounds_done() >= u32::try_from(count).unwrap_or(u32::MAX)
                    && markers(side) > markers(1 - side)
            }
            TriggerKind::Objective | TriggerKind::Simultaneous => false,
        }
    }

    /// The winner when `condition` is met on `side`.
    fn winner_of(&self, condition: &EndCondition, side: usize) -> Option<usize> {
        match condition.winner {
            Winner::Good => self.side_with(Role::Good),
            Winner::Bad => self.side_with(Role::Bad),
            Winner::OtherSide => Some(1 - side),
            Winner::Draw => None,
        }
    }

    /// The end condition met now, if any. Casualties and Big Nerve failures come first; both
    /// sides losing at once is a draw; a deck running out is checked last.
    #[must_use]
    pub fn check_end(&self, rules: &Rules) -> Option<SceneEnd> {
        self.end_of(rules, self.scene_of(rules))
    }

    /// [`State::check_end`] in `scene` (the game's, looked up once by the caller).
    fn end_of(&self, rules: &Rules, scene: Option<&Scene>) -> Option<SceneEnd> {
        // Both sides take their Big Nerve tests before either failure ends the game, so two
        // failures in one turn are a draw (reading A12).
        if self.sides.len() < 2 || self.any_big_nerve_pending(rules) {
            return None;
        }
        let Some(scene) = scene else {
            // A custom game ends when a side is wiped out or breaks.
            let lost =
                |s: usize| self.met(TriggerKind::WipedOut, None, s) || self.failed_big_nerve.contains(&s);
            if lost(0) && lost(1) {
                return Some(SceneEnd {
                    winner: None,
                    condition: "simultaneous".into(),
                    text: "Both sides are out of the fight at once: a draw.".into(),
                });
            }
            let loser = (0..2).find(|&s| lost(s))?;
            return Some(SceneEnd {
                winner: Some(1 - loser),
                condition: "custom".into(),
                text: format!("{} are out of the fight.", self.sides[loser].name),
            });
        };
        // Checked after every event: nothing is allocated unless a condition is met.
        let sides_of = |t: TriggerSide| -> [Option<usize>; 2] {
            match t {
                TriggerSide::Good => [self.side_with(Role::Good), None],
                TriggerSide::Bad => [self.side_with(Role::Bad), None],
                TriggerSide::Either => [Some(0), Some(1)],
            }
        };
        let met = |deck: bool| {
            scene.end.iter().filter(move |c| (c.trigger.kind == TriggerKind::DeckOut) == deck).flat_map(
                move |c| {
                    sides_of(c.trigger.side)
                        .into_iter()
                        .flatten()
                        .filter(move |&s| self.met(c.trigger.kind, c.trigger.count, s))
                        .map(move |s| (self.winner_of(c, s), c))
                },
            )
        };
        let end = |winner: Option<usize>, c: &EndCondition| SceneEnd {
            winner,
            condition: c.id.clone(),
            text: c.condition.clone(),
        };
        if met(false).next().is_some() {
            let first: Vec<(Option<usize>, &EndCondition)> = met(false).collect();
            let winners: Vec<Option<usize>> = first.iter().map(|(w, _)| *w).collect();
            if winners.contains(&Some(0)) && winners.contains(&Some(1)) {
                let both = scene.end.iter().find(|c| c.trigger.kind == TriggerKind::Simultaneous);
                return Some(SceneEnd {
                    winner: None,
                    condition: both.map_or_else(|| "simultaneous".into(), |c| c.id.clone()),
                    text: both
                        .map_or_else(|| "Both sides lost at once: a draw.".into(), |c| c.condition.clone()),
                });
            }
            return first.first().map(|(w, c)| end(*w, c));
        }
        // Every round played, both standing, equal markers: a draw.
        if let Some(c) = scene.end.iter().find(|c| c.trigger.kind == TriggerKind::Rounds)
            && self.duel_rounds_done() >= c.trigger.count.unwrap_or(u32::MAX)
        {
            return Some(end(None, c));
        }
        met(true).next().map(|(w, c)| end(w, c))
    }

    /// The players declare an end condition Posse cannot see (an objective reached), or end
    /// a custom game by agreement with `winner` (none for a draw).
    pub(super) fn end_scene(
        &mut self,
        rules: &Rules,
        condition: &str,
        winner: Option<usize>,
    ) -> Result<(), GameError> {
        if self.phase == Phase::Over {
            return Err(GameError::WrongPhase(self.phase));
        }
        let end = match self.scene_of(rules) {
            // The players may always agree to end it (time is up, a side concedes), a scene
            // too: reading D11.
            _ if condition == AGREED => {
                SceneEnd { winner, condition: AGREED.into(), text: "The players ended the game.".into() }
            }
            Some(scene) => {
                let c =
                    scene.end.iter().find(|c| c.id == condition).ok_or_else(|| {
                        GameError::Rules(format!("'{condition}' is not an end of this scene"))
                    })?;
                let side = match c.trigger.side {
                    TriggerSide::Good => self.side_with(Role::Good),
                    TriggerSide::Bad => self.side_with(Role::Bad),
                    TriggerSide::Either => winner.map(|w| 1 - w),
                };
                let won = match (c.winner, side) {
                    (Winner::OtherSide, Some(s)) => Some(1 - s),
                    (Winner::OtherSide, None) => winner,
                    _ => self.winner_of(c, 0),
                };
                SceneEnd { winner: won, condition: c.id.clone(), text: c.condition.clone() }
            }
            None => SceneEnd { winner, condition: AGREED.into(), text: "The players ended the game.".into() },
        };
        self.result = Some(end);
        self.phase = Phase::Over;
        Ok(())
    }

    /// Whether this scene skips Big Nerve tests altogether.
    #[must_use]
    pub fn no_big_nerve(&self, rules: &Rules) -> bool {
        self.scene_of(rules).is_some_and(|s| s.big_nerve == BigNerveRule::None)
    }

    /// Whether `side`'s next required Big Nerve test is the one the scene ignores.
    #[must_use]
    pub fn big_nerve_ignored(&self, rules: &Rules, side: usize) -> bool {
        self.scene_of(rules).is_some_and(|s| s.big_nerve == BigNerveRule::IgnoreFirst)
            && !self.bn_ignored.contains(&side)
    }

    /// The models that may draw their scene's second initiative card now: from the scene's
    /// turn, while their side is outnumbered, once a turn, before they act.
    #[must_use]
    pub fn second_card_due(&self, rules: &Rules) -> Vec<ModelRef> {
        let Some(scene) = self.scene_of(rules) else { return Vec::new() };
        if self.phase != Phase::Activations {
            return Vec::new();
        }
        let drawn = &self.this_turn.second_cards;
        let mut due = Vec::new();
        for (s, side) in self.sides.iter().enumerate() {
            let from = scene.sides.get(side.role).second_card_from_turn;
            let enemies = self.sides.get(1 - s).map_or(0, |e| e.standing().count());
            if from.is_none_or(|t| self.turn < t) || enemies <= side.standing().count() {
                continue;
            }
            for (m, model) in side.models.iter().enumerate() {
                let r = ModelRef { side: s, model: m };
                if model.card.is_some() && !model.activated && !model.out_of_action && !drawn.contains(&r) {
                    due.push(r);
                }
            }
        }
        due
    }

    /// The secret witness is noted once, among the models of the side the scene names.
    pub(super) fn note_witness(&mut self, rules: &Rules, model: ModelRef) -> Result<(), GameError> {
        self.model(model)?;
        let side_ok = self
            .scene_of(rules)
            .zip(self.sides.get(model.side))
            .is_some_and(|(scene, s)| scene.sides.get(s.role).secret_key);
        if !side_ok {
            return Err(GameError::Rules("this scene has no secret witness on that side".into()));
        }
        if self.witness.is_some() {
            return Err(GameError::Rules("the witness has already been noted".into()));
        }
        self.witness = Some(model);
        Ok(())
    }

    /// A bad model came within 15 cm of good model `model`: the witness is revealed if it is
    /// that model.
    pub(super) fn approach(&mut self, model: ModelRef) -> Result<(), GameError> {
        self.model(model)?;
        if self.witness == Some(model) {
            let m = self.model_mut(model)?;
            if !m.has(Flag::Key) {
                m.flags.push(Flag::Key);
                m.flags.sort_unstable();
            }
        }
        Ok(())
    }
}

/// The events of this module in plain words.
pub(super) fn describe(game: &State, after: &State, event: &Event) -> Option<String> {
    Some(match event {
        Event::SecretWitness { model } => format!(
            "{} note their witness in secret",
            game.sides.get(model.side).map_or("?", |s| s.name.as_str())
        ),
        Event::Approach { model } => {
            let name = game.name(*model);
            if after.witness == Some(*model) {
                format!("an enemy comes within 15 cm of {name}: {name} is the witness!")
            } else {
                format!("an enemy comes within 15 cm of {name}, who is not the witness")
            }
        }
        Event::EndScene { .. } => {
            let end = after.result.as_ref()?;
            format!("the game ends: {}", end.text)
        }
        _ => return None,
    })
}
