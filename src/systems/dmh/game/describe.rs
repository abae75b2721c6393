//! Every event in plain words, for the log and for Undo's label: from the state before it
//! and after it, so a line reads as the table saw it.

use super::{
    Event, Fire, Interruption, Marker, ModelRef, Rules, ShotResult, State, activation, duel, hands, nerve,
    scene, shooting,
};

/// A marker correction in words.
fn marker_words(marker: Marker) -> String {
    match marker {
        Marker::UnderFire(n) => {
            crate::systems::dmh::rules::count(n, "under fire marker", "under fire markers")
        }
        Marker::OutOfAmmo(true) => "out of ammo".into(),
        Marker::OutOfAmmo(false) => "reloaded".into(),
        Marker::Moves(n) => crate::systems::dmh::rules::count(n, "move marker", "move markers"),
        Marker::OutOfAction(true) => "out of action".into(),
        Marker::OutOfAction(false) => "back in action".into(),
        Marker::Flag(f, true) => f.title().into(),
        Marker::Flag(f, false) => format!("no longer {}", f.title()),
    }
}

impl State {
    /// An event in plain words, from the state before it (`self`) and after it (`after`).
    #[must_use]
    pub fn describe(&self, rules: &Rules, after: &State, event: &Event) -> String {
        let turn = after.turn.max(1);
        if let Some(what) = hands::describe(self, rules, after, event)
            .or_else(|| scene::describe(self, after, event))
            .or_else(|| activation::describe(self, after, event))
            .or_else(|| duel::describe(self, rules, after, event))
        {
            return format!("Turn {turn} · {what}");
        }
        let what = match event {
            Event::Begin(setup) => format!(
                "{} against {}{}; hands dealt (seed {})",
                setup.sides[0].gang.name,
                setup.sides[1].gang.name,
                setup
                    .scene
                    .as_deref()
                    .and_then(|id| rules.scene(id))
                    .map_or(String::new(), |s| format!(" in {}", s.title)),
                setup.seed
            ),
            Event::DealInitiative { cards, .. } => {
                format!(
                    "initiative cards {}",
                    if cards.is_some() { "drawn from the players' decks" } else { "dealt" }
                )
            }
            Event::TiePriority { side } => {
                format!("{} win ties this turn", after.sides.get(*side).map_or("?", |s| s.name.as_str()))
            }
            Event::Switch { a, b } => format!("{} and {} swap cards", self.name(*a), self.name(*b)),
            Event::Shot { .. } | Event::QuickShot { .. } => self.describe_fire(rules, after, event),
            Event::Nerve { model, needed, roll, .. } => format!(
                "{} takes a nerve test needing {needed}+: {roll}, {}",
                self.name(*model),
                if nerve::test_result(*needed, *roll) == nerve::TestResult::Pass {
                    "passed"
                } else if after.model_at(*model).is_some_and(|m| m.out_of_action) {
                    "failed, another marker: out of action"
                } else {
                    "failed, another marker"
                }
            ),
            Event::EndActivation { model, moves } => {
                format!(
                    "{} finishes ({})",
                    self.with_card(*model),
                    crate::systems::dmh::rules::count(*moves, "move", "moves")
                )
            }
            Event::Interrupt { model, kind } => format!(
                "{} {}, burning its activation",
                self.with_card(*model),
                if *kind == Interruption::DuckBack { "ducks back" } else { "quick shoots" }
            ),
            Event::SetMarker { model, marker } => format!("{}: {}", self.name(*model), marker_words(*marker)),
            Event::Fight { a, b, a_modifier, b_modifier, a_roll, b_roll } => {
                self.describe_fight(after, [*a, *b], [*a_modifier, *b_modifier], [*a_roll, *b_roll])
            }
            Event::BreakOff { model } => format!("{} breaks off from the fight", self.name(*model)),
            Event::ExtraCard { model, .. } => match after.model_at(*model).and_then(|m| m.second) {
                Some(card) => {
                    format!("{} is dealt a second card, {}, and chooses", self.name(*model), card.label())
                }
                None => format!("{} has no card left for a second card", self.name(*model)),
            },
            Event::DiscardToDraw { side, card } => format!(
                "{} discard {} to draw a card",
                self.sides.get(*side).map_or("?", |s| s.name.as_str()),
                card.label()
            ),
            Event::PlayCard { side, card } => {
                format!("{} play {}", self.sides.get(*side).map_or("?", |s| s.name.as_str()), card.label())
            }
            Event::EndTurn => self.end_turn_words(),
            Event::BigNerve { side, roll } => {
                let name = self.sides.get(*side).map_or("?", |s| s.name.as_str());
                if after.broke == Some(*side) {
                    format!("{name} fail the Big Nerve test ({roll}) and get out of Dodge")
                } else {
                    format!("{name} pass the Big Nerve test ({roll})")
                }
            }
            Event::NextTurn => format!("cards drawn; turn {} begins", after.turn),
            // Described by `hands::describe`, `scene::describe` and `activation::describe` above.
            _ => String::new(),
        };
        format!("Turn {turn} · {what}")
    }

    /// A shot or a quick-shot exchange in plain words.
    pub(super) fn describe_fire(&self, rules: &Rules, after: &State, event: &Event) -> String {
        match event {
            Event::Shot { shooter, target, modifier, roll, weapon, duck_back } => {
                let fire = Fire {
                    shooter: *shooter,
                    target: *target,
                    modifier: *modifier,
                    roll: *roll,
                    weapon: weapon.clone(),
                };
                let shot = self.describe_shot(rules, after, &fire);
                if *duck_back { format!("{} ducks back; {shot}", self.name(*target)) } else { shot }
            }
            Event::QuickShot { quick, answer } => {
                let mut text =
                    format!("{} quick shoots, burning its activation: ", self.with_card(quick.shooter));
                text.push_str(&self.describe_shot(rules, after, quick));
                if let Some(a) = answer {
                    text.push_str("; at the same time ");
                    text.push_str(&self.describe_shot(rules, after, a));
                }
                text
            }
            _ => String::new(),
        }
    }

    /// The end of the turn in plain words.
    pub(super) fn end_turn_words(&self) -> String {
        let skipped = u32::try_from(self.skipped.len()).unwrap_or(0);
        if skipped == 0 {
            "end of the turn: move markers off".into()
        } else {
            format!(
                "end of the turn: move markers off; {} fail (Crazy as a Loon)",
                crate::systems::dmh::rules::count(skipped, "skipped nerve test", "skipped nerve tests")
            )
        }
    }

    /// A shot in plain words.
    pub(super) fn describe_shot(&self, rules: &Rules, after: &State, fire: &Fire) -> String {
        let Fire { shooter, target, modifier, roll, .. } = *fire;
        let result = shooting::result(rules, modifier, roll);
        let total = i64::from(roll) + i64::from(modifier);
        let with = fire
            .weapon
            .as_deref()
            .and_then(|w| rules.weapon(w))
            .map_or(String::new(), |w| format!(" ({})", w.name.to_lowercase()));
        let mut text = format!(
            "{} shoots {}{with}: {roll} {modifier:+} = {total}, {}",
            self.with_card(shooter),
            self.name(target),
            result.title().to_lowercase()
        );
        if result != ShotResult::OutOfAmmo
            && after.model(shooter).is_ok_and(|m| m.out_of_ammo)
            && !self.model(shooter).is_ok_and(|m| m.out_of_ammo)
        {
            text.push_str("; out of ammo");
        }
        if let Some((card, hit)) = after.randomised {
            text.push_str("; into the fight, ");
            text.push_str(&card.label());
            text.push_str(" turned: it hits ");
            text.push_str(&self.name(hit));
        }
        let target = after.randomised.map_or(target, |(_, hit)| hit);
        if after.model(target).is_ok_and(|m| m.out_of_action)
            && !self.model(target).is_ok_and(|m| m.out_of_action)
        {
            text.push_str("; ");
            text.push_str(&self.name(target));
            text.push_str(" is out of action");
        }
        text
    }

    /// A roll-off in plain words.
    pub(super) fn describe_fight(
        &self,
        after: &State,
        [a, b]: [ModelRef; 2],
        [a_modifier, b_modifier]: [i32; 2],
        [a_roll, b_roll]: [u32; 2],
    ) -> String {
        let fighting_on = self.fight_of(a).is_some_and(|f| f.involves(b));
        let (ta, tb) = (i64::from(a_roll) + i64::from(a_modifier), i64::from(b_roll) + i64::from(b_modifier));
        let outcome = match ta.cmp(&tb) {
            std::cmp::Ordering::Equal => "a draw, they fight on".to_owned(),
            std::cmp::Ordering::Greater => format!(
                "{} takes {}",
                self.name(b),
                crate::systems::dmh::rules::count(u32::try_from(ta - tb).unwrap_or(0), "marker", "markers")
            ),
            std::cmp::Ordering::Less => format!(
                "{} takes {}",
                self.name(a),
                crate::systems::dmh::rules::count(u32::try_from(tb - ta).unwrap_or(0), "marker", "markers")
            ),
        };
        let mut text = format!(
            "{} {} {}: {a_roll} {a_modifier:+} = {ta} against {b_roll} {b_modifier:+} = {tb}, {outcome}",
            self.with_card(a),
            if fighting_on { "fights on with" } else { "charges" },
            self.name(b),
        );
        for r in [a, b] {
            if after.model(r).is_ok_and(|m| m.out_of_action) && !self.model(r).is_ok_and(|m| m.out_of_action)
            {
                text.push_str("; ");
                text.push_str(&self.name(r));
                text.push_str(" is out of action");
            }
        }
        text
    }
}
