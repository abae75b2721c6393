//! What the rules read back of this turn's events, noted as each event is applied: a few
//! facts rather than the events themselves, so noting an event copies nothing and copying the
//! state copies only these.

use serde::{Deserialize, Serialize};

use super::{Event, ModelRef};

/// This turn's events as the rules ask about them: whether a model has started acting, who
/// took the Big Nerve test at this end of turn, who drew a second initiative card, and whether
/// the latest event was a model's move. A new turn (its initiative deal) starts them afresh.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnNotes {
    /// A model has acted (an activation ended, a shot was fired) or the lowest-card switch was
    /// made: the switch is no longer offered.
    #[serde(default)]
    pub started: bool,
    /// The sides that took their Big Nerve test since the turn ended, in order.
    #[serde(default)]
    pub big_nerve_taken: Vec<usize>,
    /// The models that drew their scene's second initiative card this turn.
    #[serde(default)]
    pub second_cards: Vec<ModelRef>,
    /// The model whose move is the latest event of the turn, if the latest event is a move.
    #[serde(default)]
    pub last_move: Option<ModelRef>,
}

impl TurnNotes {
    /// Notes `event`, just applied. Dealing the initiative cards starts a new turn's notes; the
    /// set-up leaves them as they are (it comes before any turn).
    pub fn note(&mut self, event: &Event) {
        self.last_move = None;
        match event {
            Event::DealInitiative { .. } => *self = TurnNotes::default(),
            Event::EndActivation { .. } | Event::Shot { .. } | Event::Switch { .. } => self.started = true,
            Event::EndTurn => self.big_nerve_taken.clear(),
            Event::BigNerve { side, .. } => self.big_nerve_taken.push(*side),
            Event::ExtraCard { model, .. } => self.second_cards.push(*model),
            Event::Move { model, .. } => self.last_move = Some(*model),
            _ => {}
        }
    }

    /// Whether nothing is noted (as at the start).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        *self == TurnNotes::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const A0: ModelRef = ModelRef { side: 0, model: 0 };
    const B1: ModelRef = ModelRef { side: 1, model: 1 };

    #[test]
    fn a_turn_is_noted_event_by_event_and_the_next_deal_starts_afresh() {
        let mut notes = TurnNotes::default();
        notes.note(&Event::ExtraCard { model: B1, card: None });
        notes.note(&Event::Move { model: A0, halted: false });
        assert_eq!(notes.last_move, Some(A0));
        assert!(!notes.started);
        notes.note(&Event::EndActivation { model: A0, moves: 1 });
        assert_eq!(notes.last_move, None);
        assert!(notes.started);
        notes.note(&Event::BigNerve { side: 1, roll: 4 });
        notes.note(&Event::EndTurn);
        notes.note(&Event::BigNerve { side: 0, roll: 9 });
        assert_eq!(
            notes,
            TurnNotes { started: true, big_nerve_taken: vec![0], second_cards: vec![B1], last_move: None }
        );
        notes.note(&Event::DealInitiative { face_up: [None, None], cards: None });
        assert!(notes.is_empty());
    }
}
