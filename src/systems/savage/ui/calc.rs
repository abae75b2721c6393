//! What every trait and damage calculator shares: the modifiers with where each comes from,
//! the exact odds as bars, and the dice either typed (each die's total after its aces) or
//! rolled by Posse with the aces shown.

use egui::{Color32, RichText, Ui};

use crate::systems::savage::rules::Rules;
use crate::systems::savage::rules::damage::{DamageChances, RolledDamage};
use crate::systems::savage::rules::dice;
use crate::systems::savage::rules::die::Die;
use crate::systems::savage::rules::traits::{Outcome, Rolled, TraitDice, TraitOdds, TraitResult};
use crate::ui::theme;
use crate::ui::widgets::{fixed, percent, probability_bar, row};

use super::signed;

/// The colour of a trait roll's outcome.
#[must_use]
pub fn outcome_colour(v: &egui::Visuals, outcome: Outcome) -> Color32 {
    match outcome {
        Outcome::CriticalFailure => theme::bad(v),
        Outcome::Failure => theme::muted(v),
        Outcome::Success => theme::accent(v),
        Outcome::Raise => theme::good(v),
    }
}

/// A trait roll's result in words: "11: a raise", "critical failure".
#[must_use]
pub fn result_words(r: &TraitResult) -> String {
    match r.outcome {
        Outcome::CriticalFailure => format!("{}: critical failure", r.total),
        Outcome::Failure => format!("{}: failure", r.total),
        Outcome::Success => format!("{}: success", r.total),
        Outcome::Raise if r.raises == 1 => format!("{}: a raise", r.total),
        Outcome::Raise => format!("{}: {} raises", r.total, r.raises),
    }
}

/// The modifiers of a roll, each with where it comes from, and their sum:
/// "Wounds −1 · Joker +2 · Medium range −2 = −1". Parts that are 0 are left out.
pub fn modifiers_ui(ui: &mut Ui, parts: &[(&str, i32)]) -> i32 {
    let total: i32 = parts.iter().map(|(_, n)| n).sum();
    let shown: Vec<String> =
        parts.iter().filter(|(_, n)| *n != 0).map(|(what, n)| format!("{what} {}", signed(*n))).collect();
    let text = if shown.is_empty() {
        "No modifiers".to_owned()
    } else if shown.len() == 1 {
        shown.join("")
    } else {
        format!("{} = {}", shown.join(" · "), signed(total))
    };
    let colour = if parts.iter().any(|(what, n)| *what == "Joker" && *n != 0) {
        theme::good(ui.visuals())
    } else {
        ui.visuals().text_color()
    };
    ui.label(RichText::new(format!("Modifiers: {text}")).color(colour));
    total
}

/// The four outcomes of a trait roll as bars, and each number of raises on one line.
pub fn trait_odds_ui(ui: &mut Ui, odds: &TraitOdds, wild: bool) {
    let v = ui.visuals().clone();
    if wild {
        probability_bar(
            ui,
            "Critical failure",
            odds.chances.critical_failure,
            outcome_colour(&v, Outcome::CriticalFailure),
        );
    }
    probability_bar(ui, "Failure", odds.chances.failure, outcome_colour(&v, Outcome::Failure));
    probability_bar(ui, "Success", odds.chances.success, outcome_colour(&v, Outcome::Success));
    probability_bar(ui, "Raise", odds.chances.raise, outcome_colour(&v, Outcome::Raise));
    let raises: Vec<String> = odds
        .by_raises
        .iter()
        .map(|r| format!("{}{}: {}", r.raises, if r.or_more { "+" } else { "" }, percent(r.chance)))
        .collect();
    ui.label(
        RichText::new(format!(
            "Success or better {} · raises {}",
            percent(odds.at_least_success()),
            raises.join(" · ")
        ))
        .color(theme::muted(&v)),
    );
}

/// The chances of a damage roll as bars. Against an Extra (`wild` false) any wound takes the
/// target out, so the wounds are one bar.
pub fn damage_odds_ui(ui: &mut Ui, c: &DamageChances, shaken: bool, wild: bool) {
    let v = ui.visuals().clone();
    probability_bar(ui, "No effect", c.none, theme::muted(&v));
    if !shaken {
        probability_bar(ui, "Shaken", c.shaken, theme::accent(&v));
    }
    if !wild {
        let out = c.wounds_1 + c.wounds_2 + c.wounds_3 + c.wounds_4_plus;
        probability_bar(ui, "Out (an Extra's wound)", out, theme::bad(&v));
        return;
    }
    probability_bar(ui, "1 wound", c.wounds_1, theme::good(&v));
    probability_bar(ui, "2 wounds", c.wounds_2, theme::good(&v));
    probability_bar(ui, "3 wounds", c.wounds_3, theme::bad(&v));
    probability_bar(ui, "4 or more wounds", c.wounds_4_plus, theme::bad(&v));
}

/// The dice of a trait roll as typed from the real dice: each die's total after its aces.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DiceForm {
    pub trait_total: String,
    pub wild_total: String,
}

impl DiceForm {
    /// Empties both fields.
    pub fn clear(&mut self) {
        self.trait_total.clear();
        self.wild_total.clear();
    }

    /// The typed dice: `None` while the fields are empty, a sentence when a total cannot be
    /// (a total that aced must be rolled again and added).
    ///
    /// # Errors
    /// A sentence saying which total is wrong and why.
    pub fn dice(&self, die: Die, wild: Option<u32>) -> Result<Option<TraitDice>, String> {
        let read = |text: &str, sides: u32, what: &str| -> Result<Option<u32>, String> {
            let t = text.trim();
            if t.is_empty() {
                return Ok(None);
            }
            let n: u32 = t.parse().map_err(|_| {
                format!("The {what} total '{t}' is not a number: type the die's total after any aces.")
            })?;
            dice::check_total(sides, n).map(Some).map_err(|e| crate::ui::sentence(&e.to_string()))
        };
        let trait_die = read(&self.trait_total, die.sides(), &format!("d{}", die.sides()))?;
        let wild_die = match wild {
            Some(sides) => read(&self.wild_total, sides, "Wild Die")?,
            None => None,
        };
        match (trait_die, wild, wild_die) {
            (None, _, None) => Ok(None),
            (Some(t), None, _) => Ok(Some(TraitDice::Typed { trait_die: t, wild_die: None })),
            (Some(t), Some(_), Some(w)) => Ok(Some(TraitDice::Typed { trait_die: t, wild_die: Some(w) })),
            (Some(_), Some(_), None) => Err("Type the Wild Die's total too.".into()),
            (None, _, Some(_)) => Err(format!("Type the d{}'s total too.", die.sides())),
        }
    }

    /// The two fields, named `{what} die total` and `{what} Wild Die total` (`wild`: the Wild
    /// Die's sides, `None` for an Extra), and under them a line kept for what is wrong with the
    /// totals typed (a total that aced, a missing Wild Die): beside the fields, always the
    /// same height, so nothing moves when it shows. Whether one of the fields has the keys (or
    /// gave them up this frame: Ctrl+Enter applies the roll).
    pub fn ui(&mut self, ui: &mut Ui, what: &str, die: Die, wild: Option<u32>) -> bool {
        self.ui_for(ui, what, None, die, wild)
    }

    /// As [`DiceForm::ui`], the first label saying whose dice they are ("Boss: d8 total"),
    /// where two forms on one panel roll the same die for different combatants.
    pub fn ui_for(
        &mut self,
        ui: &mut Ui,
        what: &str,
        who: Option<&str>,
        die: Die,
        wild: Option<u32>,
    ) -> bool {
        let keys = row(ui, |ui| {
            // A name makes the label as long as it needs (the row wraps on a phone); without
            // one, the label has a column of its own so the forms' fields line up.
            let label = match who {
                Some(who) => ui.label(format!("{who}: d{} total", die.sides())),
                None => {
                    fixed(ui, 110.0, egui::Align::Min, egui::Label::new(format!("d{} total", die.sides())))
                }
            };
            let name = format!("{what} die total");
            let first = ui
                .add(
                    egui::TextEdit::singleline(&mut self.trait_total)
                        .desired_width(54.0)
                        .font(egui::TextStyle::Heading),
                )
                .labelled_by(label.id)
                .accessible_name(name);
            let mut keys = first.has_focus() || first.lost_focus();
            if wild.is_some() {
                let label = ui.label("Wild Die total");
                let second = ui
                    .add(
                        egui::TextEdit::singleline(&mut self.wild_total)
                            .desired_width(54.0)
                            .font(egui::TextStyle::Heading),
                    )
                    .labelled_by(label.id)
                    .accessible_name(format!("{what} Wild Die total"));
                keys |= second.has_focus() || second.lost_focus();
            }
            keys
        })
        .inner;
        let why = self.dice(die, wild).err();
        crate::ui::widgets::reason_line(ui, why.as_deref());
        keys
    }
}

/// Ctrl+Enter (⌘+Enter) pressed while a field of the form had the keys (`keys`): the form's
/// roll is to be applied.
#[must_use]
pub fn ctrl_enter(ui: &Ui, keys: bool) -> bool {
    keys && ui.input_mut(|i| i.consume_key(egui::Modifiers::COMMAND, egui::Key::Enter))
}

/// A trait roll's dice and result: "d8 11 (8+3), Wild Die 2 → 11: a raise".
pub fn rolled_ui(ui: &mut Ui, rolled: &Rolled, die: Die) {
    let v = ui.visuals().clone();
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(rolled.dice_words(die)).size(theme::BODY + 2.0));
        ui.label(
            RichText::new(format!("→ {}", result_words(&rolled.result)))
                .size(theme::HEADING)
                .strong()
                .color(outcome_colour(&v, rolled.result.outcome)),
        );
    });
}

/// A damage roll's dice, with aces shown, and its total.
#[must_use]
pub fn damage_words(rolled: &RolledDamage) -> String {
    let parts: Vec<String> = rolled
        .dice
        .iter()
        .map(|faces| {
            let sum: u32 = faces.iter().sum();
            if faces.len() > 1 {
                let shown: Vec<String> = faces.iter().map(ToString::to_string).collect();
                format!("{sum} ({})", shown.join("+"))
            } else {
                sum.to_string()
            }
        })
        .collect();
    if parts.is_empty() {
        rolled.total.to_string()
    } else {
        format!("{} [{}]", rolled.total, parts.join(", "))
    }
}

/// A whole number with − and + buttons, kept within `min..=max` (modifiers, target numbers).
pub fn number_stepper(ui: &mut Ui, label: &str, value: &mut i32, min: i32, max: i32) {
    row(ui, |ui| {
        crate::ui::widgets::row_label(ui, label);
        // A finger needs the − and + as wide as they are high.
        let small = if theme::is_touch(ui.ctx()) {
            egui::vec2(theme::TOUCH_TARGET, 28.0)
        } else {
            egui::vec2(30.0, 28.0)
        };
        if ui
            .add_enabled(*value > min, egui::Button::new(RichText::new("−").strong()).min_size(small))
            .accessible_name(format!("Less: {label}"))
            .on_hover_text(format!("One less ({label})"))
            .clicked()
        {
            *value = (*value - 1).max(min);
        }
        ui.add_sized(
            [44.0, 28.0],
            egui::Label::new(RichText::new(signed_or_plain(label, *value)).size(theme::HEADING).strong()),
        )
        .accessible_name(format!("{label}: {value}"));
        if ui
            .add_enabled(*value < max, egui::Button::new(RichText::new("+").strong()).min_size(small))
            .accessible_name(format!("More: {label}"))
            .on_hover_text(format!("One more ({label})"))
            .clicked()
        {
            *value = (*value + 1).min(max);
        }
    });
}

/// Modifiers read signed (+2); other numbers plain (Toughness 7).
fn signed_or_plain(label: &str, value: i32) -> String {
    if label.to_lowercase().contains("modifier") { signed(value) } else { value.to_string() }
}

/// The Wild Die's size, from the rules.
#[must_use]
pub fn wild_sides(rules: &Rules) -> u32 {
    rules.core.traits.wild_die
}

/// A fresh seed for a "Roll for me" button: the UI's only unseeded randomness; the seed goes
/// into the event, so the fight replays the same.
#[must_use]
pub fn fresh_seed() -> u64 {
    rand::random()
}
