//! Seats at a shared table: what each player's own phone may see and do, decided by each
//! game's core as pure functions of its game.
//!
//! A system that can be shared implements [`SeatRules`]: the [`Seat`]s its game has now (a
//! side, a fighter, a player's characters), each seat's [`SeatView`] (only what that seat may
//! see: its own hand, the public table, the prompts that ask it, the recent public log), and
//! the one event a seat's chosen [`Choice`] stands for. The sharing server sends a seat
//! nothing but its view, accepts only a choice its view offers now, and commits the event
//! through the same journal as a click in the window.
//!
//! This module is pure: no network, no files, no clock.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::kernel::log::{Log, Rules};

/// One seat a player can take from their phone.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seat {
    /// Stable for the whole game ("side-a", "fighter-2"): a phone rejoins it by this id.
    pub id: String,
    /// What the player sees on the seat list ("The Law (Ann)").
    pub name: String,
}

/// What one seat may see and do now. Everything in it may be sent to that seat's phone:
/// nothing of another seat's hidden information belongs here.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatView {
    /// The seat's id (empty for a watcher, who holds no seat).
    pub seat: String,
    /// The seat's name ("The Law").
    pub name: String,
    /// The game's state in one line ("Turn 2 · The Law's activation").
    pub headline: String,
    /// The seat is asked to act now (its turn, or a prompt for it).
    pub your_turn: bool,
    /// Short lines worth reading at a glance ("Red Jack acts next", "Nerve test pending").
    pub status: Vec<String>,
    /// Numbers at a glance: Health, ammo, chips by colour, cards in hand.
    pub counters: Vec<Counter>,
    /// The seat's own cards, hidden from everyone else, each with what it may do now.
    pub hand: Vec<CardView>,
    /// Cards face up for everyone (initiative cards, cards in play).
    pub table: Vec<CardView>,
    /// Questions the rules ask this seat now, with their answers.
    pub prompts: Vec<Prompt>,
    /// The recent public log, oldest first.
    pub log: Vec<String>,
}

/// A number at a glance.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Counter {
    /// "Health", "Red chips".
    pub label: String,
    /// "3 of 5", "2".
    pub value: String,
}

/// One card as a seat sees it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardView {
    /// The card's face in a word or two ("Q♥", "Shotgun").
    pub face: String,
    /// What it does, in a line (may be empty).
    pub detail: String,
    /// Whose card it is or where it lies, for cards on the table ("The Law's initiative").
    pub owner: String,
    /// The card is a red one (hearts, diamonds, the red joker): the page inks it red.
    pub red: bool,
    /// What the seat may do with it now.
    pub actions: Vec<Choice>,
}

/// A question the rules ask a seat, with its answers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Prompt {
    pub text: String,
    pub choices: Vec<Choice>,
}

/// One thing a seat may do now: an id the page sends back, and its button's label; with
/// fields, what the player types first (a die they rolled, a card's name).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Choice {
    /// Opaque to the page and the server ("play:3", "trump:QH"); the system reads it back in
    /// [`SeatRules::seat_event`].
    pub id: String,
    /// The button's words ("Play", "Trump with Q♥").
    pub label: String,
    /// What is typed before the button is pressed, each value sent back by the field's id.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fields: Vec<Field>,
}

/// A value a player types for a choice.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Field {
    /// The value's name in what the page sends back ("roll").
    pub id: String,
    /// The field's label ("Your d20").
    pub label: String,
    #[serde(flatten)]
    pub kind: FieldKind,
}

/// What a field takes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum FieldKind {
    /// A whole number from `min` to `max`.
    Number { min: i64, max: i64 },
    /// Text of at most `max_chars` characters, not empty.
    Text { max_chars: usize },
}

/// The values typed for a choice, by field id.
pub type Values = BTreeMap<String, String>;

impl Choice {
    #[must_use]
    pub fn new(id: impl Into<String>, label: impl Into<String>) -> Choice {
        Choice { id: id.into(), label: label.into(), fields: Vec::new() }
    }

    /// The choice with one more field to type.
    #[must_use]
    pub fn with_field(mut self, field: Field) -> Choice {
        self.fields.push(field);
        self
    }

    /// Whether `values` fill in exactly this choice's fields, each as its field takes.
    ///
    /// # Errors
    /// A sentence naming the first field missing or wrong, or a value for no field.
    pub fn check(&self, values: &Values) -> Result<(), String> {
        if let Some(extra) = values.keys().find(|k| !self.fields.iter().any(|f| &f.id == *k)) {
            return Err(format!("'{extra}' is not asked for here."));
        }
        self.fields.iter().try_for_each(|field| field.check(values.get(&field.id).map(String::as_str)))
    }
}

impl Field {
    /// A whole number from `min` to `max`.
    #[must_use]
    pub fn number(id: impl Into<String>, label: impl Into<String>, min: i64, max: i64) -> Field {
        Field { id: id.into(), label: label.into(), kind: FieldKind::Number { min, max } }
    }

    /// Text of at most `max_chars` characters.
    #[must_use]
    pub fn text(id: impl Into<String>, label: impl Into<String>, max_chars: usize) -> Field {
        Field { id: id.into(), label: label.into(), kind: FieldKind::Text { max_chars } }
    }

    /// Whether `value` is one this field takes.
    ///
    /// # Errors
    /// A sentence naming the field.
    pub fn check(&self, value: Option<&str>) -> Result<(), String> {
        let value = value.map(str::trim).filter(|v| !v.is_empty());
        let Some(value) = value else { return Err(format!("Fill in {}.", self.label)) };
        match self.kind {
            FieldKind::Number { min, max } => match value.parse::<i64>() {
                Ok(n) if (min..=max).contains(&n) => Ok(()),
                _ => Err(format!("{} is a whole number from {min} to {max}.", self.label)),
            },
            FieldKind::Text { max_chars } if value.chars().count() > max_chars => {
                Err(format!("{} is at most {max_chars} characters.", self.label))
            }
            FieldKind::Text { .. } => Ok(()),
        }
    }
}

/// The number typed for field `id` (after [`Choice::check`] passed).
#[must_use]
pub fn number(values: &Values, id: &str) -> Option<i64> {
    values.get(id)?.trim().parse().ok()
}

/// The text typed for field `id`, trimmed (after [`Choice::check`] passed).
#[must_use]
pub fn text<'v>(values: &'v Values, id: &str) -> Option<&'v str> {
    values.get(id).map(|v| v.trim())
}

impl SeatView {
    /// Every choice the view offers: on its cards (hand and table) and in its prompts.
    pub fn choices(&self) -> impl Iterator<Item = &Choice> {
        self.hand
            .iter()
            .chain(&self.table)
            .flat_map(|card| &card.actions)
            .chain(self.prompts.iter().flat_map(|prompt| &prompt.choices))
    }

    /// Whether the view offers the choice with this id.
    #[must_use]
    pub fn offers(&self, id: &str) -> bool {
        self.choice(id).is_some()
    }

    /// The choice with this id, if the view offers it.
    #[must_use]
    pub fn choice(&self, id: &str) -> Option<&Choice> {
        self.choices().find(|choice| choice.id == id)
    }
}

/// A game whose table can be shared: each seat's view and actions, as pure functions of the
/// game.
pub trait SeatRules: Rules + Sized {
    /// The seats the game has now, in table order (empty before the set-up).
    fn seats(&self, game: &Log<Self>) -> Vec<Seat>;

    /// What `seat` may see and do now (`None`: a watcher holding no seat, who sees only what
    /// is public). `None` back: there is no such seat.
    fn seat_view(&self, game: &Log<Self>, seat: Option<&str>) -> Option<SeatView>;

    /// The event that `seat`'s choice `choice` (the id of a [`Choice`] its view offers now)
    /// stands for, with the `values` typed for its fields (already checked against them by
    /// [`Choice::check`]).
    ///
    /// # Errors
    /// A sentence, when the choice is not one this seat has now or a value does not fit.
    fn seat_event(
        &self,
        game: &Log<Self>,
        seat: &str,
        choice: &str,
        values: &Values,
    ) -> Result<Self::Event, String>;
}

/// How many of the log's last lines a seat's view carries.
pub const RECENT_LINES: usize = 8;

/// The log's last [`RECENT_LINES`] lines, oldest first, for a view whose game's lines are all
/// public.
#[must_use]
pub fn recent<R: Rules>(game: &Log<R>) -> Vec<String> {
    let from = game.lines.len().saturating_sub(RECENT_LINES);
    game.lines[from..].to_vec()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_view_offers_the_choices_on_its_cards_and_prompts_and_no_other() {
        let view = SeatView {
            hand: vec![CardView { actions: vec![Choice::new("play:0", "Play")], ..CardView::default() }],
            table: vec![CardView { actions: vec![Choice::new("trump:1", "Trump")], ..CardView::default() }],
            prompts: vec![Prompt {
                text: "Yellow Belly?".into(),
                choices: vec![Choice::new("yb:yes", "Yes")],
            }],
            ..SeatView::default()
        };
        assert_eq!(
            view.choices().map(|c| c.id.as_str()).collect::<Vec<_>>(),
            ["play:0", "trump:1", "yb:yes"]
        );
        assert!(view.offers("trump:1"));
        assert!(!view.offers("play:1"));
    }

    #[test]
    fn a_choice_takes_exactly_its_fields_each_as_it_takes_them() {
        let choice = Choice::new("soak", "Soak").with_field(Field::number("roll", "Your d20", 1, 20));
        let values = |pairs: &[(&str, &str)]| -> Values {
            pairs.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect()
        };
        assert_eq!(choice.check(&values(&[("roll", " 17 ")])), Ok(()));
        assert_eq!(number(&values(&[("roll", " 17 ")]), "roll"), Some(17));
        assert_eq!(choice.check(&values(&[])), Err("Fill in Your d20.".to_owned()));
        assert_eq!(
            choice.check(&values(&[("roll", "21")])),
            Err("Your d20 is a whole number from 1 to 20.".to_owned())
        );
        assert_eq!(
            choice.check(&values(&[("roll", "x")])),
            Err("Your d20 is a whole number from 1 to 20.".to_owned())
        );
        assert_eq!(
            choice.check(&values(&[("roll", "3"), ("more", "1")])),
            Err("'more' is not asked for here.".to_owned())
        );
        let named = Choice::new("play", "Play").with_field(Field::text("name", "The card's name", 4));
        assert_eq!(named.check(&values(&[("name", "Colt")])), Ok(()));
        assert_eq!(
            named.check(&values(&[("name", "Shotgun")])),
            Err("The card's name is at most 4 characters.".to_owned())
        );
        let json = serde_json::to_value(&choice).expect("json");
        assert_eq!(
            json,
            serde_json::json!({"id": "soak", "label": "Soak", "fields": [{"id": "roll", "label": "Your d20", "kind": "number", "min": 1, "max": 20}]})
        );
        assert_eq!(
            serde_json::to_value(Choice::new("end", "End")).expect("json"),
            serde_json::json!({"id": "end", "label": "End"})
        );
    }
}
