//! The fate chips, always in view: the pot, every holder's chips by colour, the blind draws
//! still owed (each player's three, the Marshal's share), awards from the pot (drawn by Posse
//! or typed from a real pot), legendary chips, and the spends made here: a reroll of a roll
//! made at the table (only counted), and +2 or a critical failure cancelled on the roll just
//! made (S52: greyed out, with the reason, while they would change nothing). Soaking, ending a
//! Shaken and adding a die to the damage are spent where they happen, in the turn.

use egui::{RichText, Ui};

use super::{FightCommand, FightState, event_button};
use crate::systems::savage::game::{Event, Fight, Holder, Spend};
use crate::systems::savage::rules::Rules;
use crate::systems::savage::rules::chips::{ChipColour, ChipUse};
use crate::systems::savage::ui::{chip_colour, chip_name};
use crate::ui::theme;

/// The spends this panel records; the others belong to a moment of the turn.
const COUNTED: [ChipUse; 4] =
    [ChipUse::Reroll, ChipUse::RerollAny, ChipUse::Bonus, ChipUse::CancelCriticalFailure];

fn spend_of(purpose: ChipUse) -> Option<Spend> {
    match purpose {
        ChipUse::Reroll => Some(Spend::Reroll),
        ChipUse::RerollAny => Some(Spend::RerollAny),
        ChipUse::Bonus => Some(Spend::Bonus),
        ChipUse::CancelCriticalFailure => Some(Spend::CancelCriticalFailure),
        ChipUse::Soak | ChipUse::Unshake | ChipUse::ExtraDamage => None,
    }
}

/// A menu of this panel: it closes when the player does something from it (the caller calls
/// `ui.close()`) or clicks outside it, never on a click on a greyed item inside it (egui's
/// default closes on any click, and not on an item pressed through the accessibility tree).
fn closes_when_done() -> egui::containers::menu::MenuConfig {
    egui::containers::menu::MenuConfig::new().close_behavior(egui::PopupCloseBehavior::CloseOnClickOutside)
}

/// The pot's or a holder's chips in colour: "W 3 · R 1 · B 0 · L 0".
fn counts(ui: &mut Ui, count: impl Fn(ChipColour) -> u32, legendary: bool) {
    let v = ui.visuals().clone();
    crate::ui::widgets::row(ui, |ui| {
        for colour in ChipColour::ALL {
            if colour == ChipColour::Legendary && !legendary {
                continue;
            }
            let n = count(colour);
            ui.label(
                RichText::new(format!("{} {n}", chip_name(colour))).strong().color(chip_colour(&v, colour)),
            );
        }
    });
}

pub(super) fn chips_ui(
    ui: &mut Ui,
    rules: &Rules,
    fight: &Fight<'_>,
    read_only: bool,
    state: &mut FightState,
    commands: &mut Vec<FightCommand>,
) {
    let v = ui.visuals().clone();
    let s = &fight.state;
    ui.label(theme::heading(&v, "Fate chips"));
    crate::ui::widgets::row(ui, |ui| {
        ui.label(RichText::new(format!("Pot ({})", s.chips.in_pot())).strong());
    });
    counts(ui, |c| s.chips.pot.get(&c).copied().unwrap_or(0), false);
    let mut holders = vec![Holder::Marshal];
    holders.extend(s.players.iter().map(|p| Holder::Player(p.clone())));
    for holder in holders {
        ui.push_id(holder.words(), |ui| holder_ui(ui, rules, fight, read_only, &holder, state, commands));
    }
}

fn holder_ui(
    ui: &mut Ui,
    rules: &Rules,
    fight: &Fight<'_>,
    read_only: bool,
    holder: &Holder,
    state: &mut FightState,
    commands: &mut Vec<FightCommand>,
) {
    let v = ui.visuals().clone();
    let s = &fight.state;
    let who = holder.words();
    let title = match holder {
        Holder::Marshal => "Marshal".to_owned(),
        Holder::Player(p) => p.clone(),
    };
    let held: Vec<ChipColour> =
        ChipColour::ALL.into_iter().filter(|c| s.chips.count(holder, *c) > 0).collect();
    ui.separator();
    // One row a holder, whatever happens to their chips: the name in a column of its own, More
    // after it, then the spend menu once they hold chips and last the blind draws still owed.
    // Drawing moves nothing: More stays where it was (it slid into the place of the Draw just
    // clicked) and the holders below stay where they were (a row for the spend menu came under
    // the first chips drawn and pushed them down).
    crate::ui::widgets::row(ui, |ui| {
        let name = RichText::new(format!("{title} ({})", s.chips.total(holder))).strong();
        crate::ui::widgets::fixed(ui, HOLDER_NAME, egui::Align::Min, egui::Label::new(name).truncate());
        // As the spend menu: it closes once something is done from it, not on a greyed item.
        let (more, _) =
            egui::containers::menu::MenuButton::new("More").config(closes_when_done()).ui(ui, |ui| {
                let award = Event::DrawChips { holder: holder.clone(), count: 1, typed: None };
                let text = format!("Award {who} a chip from the pot");
                let awarded = event_button(ui, rules, fight, read_only, text, award, commands).clicked();
                let legendary = Event::AwardLegendary { holder: holder.clone() };
                let text = format!("Give {who} a legendary chip");
                let given = event_button(ui, rules, fight, read_only, text, legendary, commands).clicked();
                let mut typed = state.typed_chips.contains(&who);
                let ticked = ui.checkbox(&mut typed, "Drawn from a real pot: type the colours").changed();
                if ticked {
                    if typed {
                        state.typed_chips.insert(who.clone());
                    } else {
                        state.typed_chips.remove(&who);
                    }
                }
                if awarded || given || ticked {
                    ui.close();
                }
            });
        more.accessible_name(format!("More chips for {title}"));
        if !held.is_empty() {
            spend_menu(ui, rules, fight, read_only, holder, &title, &held, commands);
        }
        // Last on the row: its going moves nothing.
        let owed = s.chips.owed.get(holder).copied().unwrap_or(0);
        if owed > 0 {
            let event = Event::DrawChips { holder: holder.clone(), count: owed.min(10), typed: None };
            event_button(ui, rules, fight, read_only, format!("Draw {owed}"), event, commands)
                .on_hover_text(format!("Draw {owed} owed: {who} draws blind from the pot"))
                .accessible_name(format!("{title} draws {owed} owed"));
        }
    });
    counts(ui, |c| s.chips.count(holder, c), true);
    if state.typed_chips.contains(&who) {
        ui.horizontal_wrapped(|ui| {
            ui.label("Drew:");
            for colour in [ChipColour::White, ChipColour::Red, ChipColour::Blue] {
                let event = Event::DrawChips { holder: holder.clone(), count: 1, typed: Some(vec![colour]) };
                let text = RichText::new(chip_name(colour)).color(chip_colour(&v, colour));
                event_button(ui, rules, fight, read_only, text, event, commands)
                    .on_hover_text(format!("{who} drew a {} chip", colour.id()))
                    .accessible_name(format!("{title} drew {}", colour.id()));
            }
        });
    }
}

/// The width of a holder's name in their row ("Marshal (12)"); a longer one is cut short,
/// whole on hover.
const HOLDER_NAME: f32 = 88.0;

/// The spends of `holder`'s chips counted here, in a menu ("Spend", named "Spend Bob's chip").
#[expect(clippy::too_many_arguments, reason = "one holder's menu reads the whole table")]
fn spend_menu(
    ui: &mut Ui,
    rules: &Rules,
    fight: &Fight<'_>,
    read_only: bool,
    holder: &Holder,
    title: &str,
    held: &[ChipColour],
    commands: &mut Vec<FightCommand>,
) {
    let v = ui.visuals().clone();
    // The menu closes once a spend is made (its result is on the turn panel and in the log),
    // whether it was clicked or pressed through the accessibility tree; a click elsewhere in it
    // (a spend the rules refuse, greyed; a colour's name) leaves it open.
    let menu = egui::containers::menu::MenuButton::new("Spend").config(closes_when_done());
    let (button, _) = menu.ui(ui, |ui| {
        for colour in held.iter().copied() {
            ui.label(RichText::new(chip_name(colour)).strong().color(chip_colour(&v, colour)));
            for purpose in COUNTED {
                if !rules.chips.allows(colour, purpose) {
                    continue;
                }
                let Some(spend) = spend_of(purpose) else { continue };
                let words = rules
                    .reference
                    .chip_uses
                    .get(&purpose)
                    .cloned()
                    .unwrap_or_else(|| purpose.words().to_owned());
                let event = Event::SpendChip { holder: holder.clone(), chip: colour, purpose: spend };
                let text = format!("{}: {words}", chip_name(colour));
                if event_button(ui, rules, fight, read_only, text, event, commands).clicked() {
                    ui.close();
                }
            }
        }
    });
    button.accessible_name(format!("Spend {title}'s chip")).on_hover_text(format!("Spend {title}'s chip"));
}
