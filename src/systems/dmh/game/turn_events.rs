//! This turn's events, as the state keeps them: a list shared between copies of the state, so
//! copying a state (which every applied event does) costs no copy of the events.

use std::sync::Arc;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::Event;

/// The events since this turn's initiative cards were dealt, the latest at the head: each
/// links to the one before it, and copies of the state share the links.
#[derive(Clone, Default)]
pub struct TurnEvents {
    latest: Option<Arc<Link>>,
    len: usize,
}

struct Link {
    event: Event,
    before: Option<Arc<Link>>,
}

impl TurnEvents {
    /// Adds `event` after the others.
    pub fn push(&mut self, event: Event) {
        self.latest = Some(Arc::new(Link { event, before: self.latest.take() }));
        self.len += 1;
    }

    /// Forgets every event (a new turn).
    pub fn clear(&mut self) {
        *self = TurnEvents::default();
    }

    /// How many events there are.
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are none.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The events, the latest first.
    pub fn latest_first(&self) -> impl Iterator<Item = &Event> {
        std::iter::successors(self.latest.as_deref(), |l| l.before.as_deref()).map(|l| &l.event)
    }

    /// The events in order, the earliest first.
    #[must_use]
    pub fn to_vec(&self) -> Vec<Event> {
        let mut events: Vec<Event> = self.latest_first().cloned().collect();
        events.reverse();
        events
    }
}

/// Unlinks the list one link at a time, so a long one cannot overflow the stack.
impl Drop for TurnEvents {
    fn drop(&mut self) {
        let mut next = self.latest.take();
        while let Some(link) = next {
            next = match Arc::try_unwrap(link) {
                Ok(mut only) => only.before.take(),
                // Another copy of the state still holds the rest.
                Err(_) => None,
            };
        }
    }
}

impl PartialEq for TurnEvents {
    fn eq(&self, other: &Self) -> bool {
        self.len == other.len && self.latest_first().eq(other.latest_first())
    }
}

impl Eq for TurnEvents {}

impl std::fmt::Debug for TurnEvents {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.to_vec()).finish()
    }
}

/// Written as the list of events, the earliest first.
impl Serialize for TurnEvents {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.to_vec().serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for TurnEvents {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let mut events = TurnEvents::default();
        for event in Vec::<Event>::deserialize(deserializer)? {
            events.push(event);
        }
        Ok(events)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn copies_share_the_events_and_read_them_in_order() {
        let mut turn = TurnEvents::default();
        turn.push(Event::EndTurn);
        let copy = turn.clone();
        turn.push(Event::Settle);
        assert_eq!(turn.to_vec(), [Event::EndTurn, Event::Settle]);
        assert_eq!(turn.latest_first().collect::<Vec<_>>(), [&Event::Settle, &Event::EndTurn]);
        assert_eq!((copy.to_vec(), copy.len()), (vec![Event::EndTurn], 1));
        assert_ne!(turn, copy);
        let json = serde_json::to_string(&turn).expect("json");
        assert_eq!(json, r#"["EndTurn","Settle"]"#);
        assert_eq!(serde_json::from_str::<TurnEvents>(&json).expect("read"), turn);
        turn.clear();
        assert!(turn.is_empty());
        assert_eq!(copy.len(), 1);
    }

    #[test]
    fn a_long_list_is_dropped_without_overflowing_the_stack() {
        let mut turn = TurnEvents::default();
        for _ in 0..200_000 {
            turn.push(Event::Settle);
        }
        assert_eq!(turn.len(), 200_000);
        drop(turn);
    }
}
