//! The top of the table and its left side: the round counter, the deal (one click, or the
//! cards typed from a real deck), the reshuffle, Undo and Redo with what they will do, the
//! automation switches; and the action order, each combatant with its card, whether it may act
//! now ("Joker: act now" all round), and every member's condition, one click to select it.

use std::collections::BTreeMap;

use egui::{RichText, Ui};

use super::{FightCommand, FightState, FightView, Middle, event_button, why_not};
use crate::kernel::cards::Card;
use crate::systems::savage::game::{Event, Fight, Member, MemberRef, Status, Unit, UnitSetup};
use crate::systems::savage::rules::Rules;
use crate::systems::savage::rules::initiative::parse_card;
use crate::systems::savage::ui::calc::DiceForm;
use crate::systems::savage::ui::{card_text, signed};
use crate::ui::table::History;
use crate::ui::theme;

pub(super) fn header_ui(
    ui: &mut Ui,
    rules: &Rules,
    fight: &Fight<'_>,
    view: &FightView<'_>,
    state: &mut FightState,
    commands: &mut Vec<FightCommand>,
) {
    let v = ui.visuals().clone();
    let s = &fight.state;
    let read_only = view.read_only.is_some();
    let mut question = None;
    crate::ui::widgets::row(ui, |ui| {
        ui.label(RichText::new(format!("Round {}", s.round())).size(theme::HEADING + 8.0).strong());
        question = deal_button(ui, rules, fight, read_only, state, commands);
        let typed = Event::Deal { typed: BTreeMap::new() };
        if ui
            .add_enabled(
                !read_only && why_not(rules, fight, &typed).is_none(),
                egui::Button::new("Type the cards"),
            )
            .on_hover_text("Deal from your own deck and type what each combatant drew")
            .clicked()
        {
            state.typing = true;
        }
        // Undo, Redo, the menus and Close at the right of a wide window; on a narrow one in a
        // row of their own, left to right, so none is pushed off the left edge.
        if theme::is_wide(ui.ctx()) {
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                close_button(ui, commands);
                menus_ui(ui, rules, fight, read_only, view, commands);
                history_ui(ui, view, read_only, commands);
            });
        } else {
            ui.end_row();
            history_ui(ui, view, read_only, commands);
            menus_ui(ui, rules, fight, read_only, view, commands);
            close_button(ui, commands);
        }
    });
    // The deal's question and the reshuffle warning on a line of their own under the row,
    // always reserved: neither covers Undo nor is covered by it, a long one wraps within the
    // window, and the table below does not move when one comes or goes.
    let height = ui.spacing().interact_size.y;
    let layout = egui::Layout::left_to_right(egui::Align::Center).with_main_wrap(true);
    ui.allocate_ui_with_layout(egui::vec2(ui.available_width(), height), layout, |ui| {
        ui.set_min_size(egui::vec2(ui.available_width(), height));
        if let Some(question) = question {
            ui.add(egui::Label::new(RichText::new(question).color(theme::accent(&v)).strong()).wrap());
        }
        if s.reshuffle_due() {
            let warning = RichText::new("A Joker is out: the deck is shuffled before the next deal")
                .color(theme::accent(&v));
            ui.add(egui::Label::new(warning).wrap());
        }
    });
}

/// Deal round N. While units have not acted this round (a Joker's holder among them) the
/// first click (or Ctrl+D) only asks, in the button's own place: "Deal anyway" deals, and the
/// question returned, for the line under the row, says who would lose their turn.
fn deal_button(
    ui: &mut Ui,
    rules: &Rules,
    fight: &Fight<'_>,
    read_only: bool,
    state: &mut FightState,
    commands: &mut Vec<FightCommand>,
) -> Option<String> {
    let s = &fight.state;
    let waiting = s.yet_to_act();
    if waiting.is_empty() {
        state.confirm_deal = false;
    }
    let text =
        if state.confirm_deal { "Deal anyway".to_owned() } else { format!("Deal round {}", s.round() + 1) };
    let deal = Event::Deal { typed: BTreeMap::new() };
    let why =
        if read_only { Some("This fight is read-only.".to_owned()) } else { why_not(rules, fight, &deal) };
    let button = egui::Button::new(RichText::new(text).size(theme::BODY + 2.0).strong())
        .min_size(egui::vec2(150.0, 0.0));
    let response = ui.add_enabled(why.is_none(), button);
    let response = match &why {
        Some(why) => crate::ui::widgets::refused(ui, response, why),
        None => response
            .on_hover_text("Posse deals every combatant its card(s), sorted by card and suit (Ctrl+D)"),
    };
    let key = why.is_none() && !state.typing && shortcut_d(ui);
    if response.clicked() || key {
        if waiting.is_empty() || state.confirm_deal {
            commands.push(FightCommand::Apply(deal));
            state.confirm_deal = false;
        } else {
            state.confirm_deal = true;
        }
    }
    state.confirm_deal.then(|| format!("Not acted yet: {}. Deal anyway?", and_list(&waiting)))
}

/// Ctrl+D, unless a text field has the keys.
fn shortcut_d(ui: &Ui) -> bool {
    !ui.ctx().text_edit_focused() && ui.input_mut(|i| i.consume_key(egui::Modifiers::COMMAND, egui::Key::D))
}

/// "Doc", "Doc and Kid", "Doc, Kid and Boss".
fn and_list(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

fn close_button(ui: &mut Ui, commands: &mut Vec<FightCommand>) {
    if ui.button("Close the fight").on_hover_text("It stays saved; resume it any time").clicked() {
        commands.push(FightCommand::Close);
    }
}

fn menus_ui(
    ui: &mut Ui,
    rules: &Rules,
    fight: &Fight<'_>,
    read_only: bool,
    view: &FightView<'_>,
    commands: &mut Vec<FightCommand>,
) {
    ui.menu_button("Automations", |ui| automations_ui(ui, rules, fight, read_only, commands));
    ui.menu_button("Bring in", |ui| enter_ui(ui, rules, fight, read_only, view, commands));
}

/// Undo and Redo, the shared bar: greyed out in a read-only fight, whose journal is never
/// written.
fn history_ui(ui: &mut Ui, view: &FightView<'_>, read_only: bool, commands: &mut Vec<FightCommand>) {
    let (undo, redo) = if read_only { (None, None) } else { (view.undo_label, view.redo_label) };
    match crate::ui::table::history_bar(ui, undo, redo, 300.0) {
        Some(History::Undo) => commands.push(FightCommand::Undo),
        Some(History::Redo) => commands.push(FightCommand::Redo),
        None => {}
    }
}

/// The three switches, each one event.
fn automations_ui(
    ui: &mut Ui,
    rules: &Rules,
    fight: &Fight<'_>,
    read_only: bool,
    commands: &mut Vec<FightCommand>,
) {
    let now = fight.state.automation;
    let switches = [
        ("Ask for the Spirit roll of the Shaken", now.shaken_prompt),
        ("Bleeding Out set and rolled by itself", now.bleeding_out),
        ("Wound and fatigue penalties applied", now.penalties),
    ];
    for (i, (label, on)) in switches.into_iter().enumerate() {
        let mut next = now;
        match i {
            0 => next.shaken_prompt = !on,
            1 => next.bleeding_out = !on,
            _ => next.penalties = !on,
        }
        let mut shown = on;
        if ui.add_enabled(!read_only, egui::Checkbox::new(&mut shown, label)).changed() {
            let event = Event::SetAutomation { automation: next };
            if why_not(rules, fight, &event).is_none() {
                commands.push(FightCommand::Apply(event));
            }
        }
    }
}

/// A combatant file brought into the fight (dealt in from the next round).
fn enter_ui(
    ui: &mut Ui,
    rules: &Rules,
    fight: &Fight<'_>,
    read_only: bool,
    view: &FightView<'_>,
    commands: &mut Vec<FightCommand>,
) {
    ui.label("Joins the fight; dealt in from the next round.");
    for entry in view.entries {
        let Ok(c) = &entry.combatant else { continue };
        let base = crate::store::slug(&c.name);
        let id = (1..10_000u32)
            .map(|k| if k == 1 { base.clone() } else { format!("{base}-{k}") })
            .find(|id| fight.state.unit(id).is_none())
            .unwrap_or(base);
        let mut combatant = c.clone();
        if id.contains('-') && fight.state.units.iter().any(|u| u.combatant.name == c.name) {
            combatant.name = format!("{} ({})", c.name, id.rsplit('-').next().unwrap_or(""));
        }
        let event = Event::Enter { unit: UnitSetup { id, combatant } };
        event_button(ui, rules, fight, read_only, format!("Bring in {}", c.name), event, commands);
    }
}

/// A member's condition in a few words: "Shaken · 2 wounds (−2) · Fatigued".
pub(super) fn condition(rules: &Rules, m: &Member) -> String {
    let mut parts = Vec::new();
    if m.status == Status::Incapacitated && m.nonlethal {
        parts.push("Incapacitated (non-lethal)".to_owned());
    } else if m.status != Status::Active {
        parts.push(m.status.words().to_owned());
    }
    if m.bleeding_out {
        parts.push("Bleeding Out".to_owned());
    }
    if m.shaken && m.status == Status::Active {
        parts.push("Shaken".to_owned());
    }
    if m.free_actions_only {
        parts.push("free actions only".to_owned());
    }
    if m.wounds > 0 {
        let w = &rules.core.wounds;
        let penalty = (w.penalty_per_wound * i32::try_from(m.wounds).unwrap_or(0)).max(w.penalty_cap);
        parts.push(format!(
            "{} wound{} ({})",
            m.wounds,
            if m.wounds == 1 { "" } else { "s" },
            signed(penalty)
        ));
    }
    if m.fatigue > 0 {
        let name = rules
            .core
            .fatigue
            .levels
            .get(usize::try_from(m.fatigue - 1).unwrap_or(0))
            .map_or("collapsed", |l| l.name.as_str());
        parts.push(name.to_owned());
    }
    if parts.is_empty() { "fine".to_owned() } else { parts.join(" · ") }
}

pub(super) fn order_ui(
    ui: &mut Ui,
    rules: &Rules,
    fight: &Fight<'_>,
    read_only: bool,
    state: &mut FightState,
    commands: &mut Vec<FightCommand>,
) {
    let v = ui.visuals().clone();
    let s = &fight.state;
    ui.label(theme::heading(&v, "Action order"));
    let order = s.order();
    let next = s.next_up();
    let mut shown: Vec<&str> = Vec::new();
    egui::ScrollArea::vertical().show(ui, |ui| {
        for entry in &order {
            let Some(unit) = s.unit(&entry.unit) else { continue };
            shown.push(unit.id.as_str());
            unit_row(
                ui,
                rules,
                fight,
                read_only,
                unit,
                next.as_deref() == Some(unit.id.as_str()),
                state,
                commands,
            );
        }
        let rest: Vec<&Unit> = s.units.iter().filter(|u| !shown.contains(&u.id.as_str())).collect();
        if !rest.is_empty() {
            ui.label(
                RichText::new(if s.round() == 0 { "Not dealt yet" } else { "No card this round" })
                    .color(theme::muted(&v)),
            );
            for unit in rest {
                unit_row(ui, rules, fight, read_only, unit, false, state, commands);
            }
        }
    });
}

#[expect(clippy::too_many_arguments, reason = "one row of the order reads the whole table")]
fn unit_row(
    ui: &mut Ui,
    rules: &Rules,
    fight: &Fight<'_>,
    read_only: bool,
    unit: &Unit,
    next: bool,
    state: &mut FightState,
    commands: &mut Vec<FightCommand>,
) {
    let v = ui.visuals().clone();
    let s = &fight.state;
    let acting = s.whose_turn() == Some(unit.id.as_str());
    let fill = if acting { theme::accent(&v).gamma_multiply(0.18) } else { egui::Color32::TRANSPARENT };
    ui.push_id(&unit.id, |ui| {
        egui::Frame::group(ui.style()).fill(fill).inner_margin(6).show(ui, |ui| {
            ui.set_width(ui.available_width());
            crate::ui::widgets::row(ui, |ui| {
                match unit.card {
                    Some(card) => ui.label(card_text(&v, card, theme::HEADING + 2.0)),
                    None => ui.label(RichText::new("—").size(theme::HEADING + 2.0).color(theme::muted(&v))),
                };
                let name = match &unit.combatant.player {
                    Some(p) => format!("{} ({p})", unit.combatant.name),
                    None => unit.combatant.name.clone(),
                };
                ui.label(RichText::new(name).strong().size(theme::BODY + 1.0));
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    let begin = Event::BeginTurn { unit: unit.id.clone() };
                    let allowed = !read_only && why_not(rules, fight, &begin).is_none();
                    if acting {
                        ui.label(RichText::new("acting").color(theme::accent(&v)).strong());
                    } else if unit.acted {
                        ui.label(RichText::new("acted").color(theme::muted(&v)));
                    } else if unit.has_joker() && unit.in_fight() {
                        let b = ui.add_enabled(
                            allowed,
                            egui::Button::new(RichText::new("Joker: act now").strong().color(theme::good(&v))),
                        );
                        let b = b.on_hover_text("A Joker acts whenever its holder likes, and adds 2 to its trait and damage rolls this round");
                        if b.clicked() {
                            commands.push(FightCommand::Apply(begin));
                        }
                    } else if unit.on_hold && unit.in_fight() {
                        ui.label(RichText::new("on hold").color(theme::accent(&v)));
                        if allowed && ui.button("Act").on_hover_text("Act from hold").clicked() {
                            commands.push(FightCommand::Apply(begin));
                        }
                    } else if next && allowed {
                        if ui.button(RichText::new("Begin").strong()).on_hover_text("Begin this turn (Ctrl+N)").clicked() {
                            commands.push(FightCommand::Apply(begin));
                        }
                    } else if !unit.in_fight() {
                        ui.label(RichText::new("out").color(theme::bad(&v)));
                    }
                });
            });
            if unit.members.len() == 1 {
                if let Some(m) = unit.members.first() {
                    member_button(ui, rules, unit, 0, m, state, true);
                }
            } else {
                ui.horizontal_wrapped(|ui| {
                    ui.spacing_mut().item_spacing.x = 4.0;
                    for (i, m) in unit.members.iter().enumerate() {
                        member_button(ui, rules, unit, u32::try_from(i).unwrap_or(0), m, state, false);
                    }
                });
            }
        });
    });
}

/// One member: its condition, one click to select it (the target, and the side panel).
fn member_button(
    ui: &mut Ui,
    rules: &Rules,
    unit: &Unit,
    index: u32,
    m: &Member,
    state: &mut FightState,
    wide: bool,
) {
    let v = ui.visuals().clone();
    let r = MemberRef::new(&unit.id, index);
    let selected = state.selected.as_ref() == Some(&r);
    let name = unit.member_name(index);
    let words = condition(rules, m);
    let colour = if !m.is_active() {
        theme::bad(&v)
    } else if m.shaken || m.wounds > 0 || m.fatigue > 0 {
        theme::accent(&v)
    } else {
        v.text_color()
    };
    let text = if wide {
        RichText::new(format!("{name}: {words}")).color(colour)
    } else {
        let mark = if !m.is_active() {
            " ✗"
        } else if m.shaken {
            " S"
        } else {
            ""
        };
        RichText::new(format!("{}{mark}", index + 1)).color(colour).strong()
    };
    let response = ui
        .add(egui::Button::selectable(selected, text))
        .accessible_name(name.clone())
        .on_hover_text(format!("{name}: {words}"));
    if response.clicked() {
        // A new target: the dice typed against the old one are not for it.
        if state.selected.as_ref() != Some(&r) {
            state.attack_dice = DiceForm::default();
            state.damage_total.clear();
        }
        state.selected = Some(r);
        if state.middle == Middle::Combatant || !m.is_active() {
            state.middle = Middle::Combatant;
        }
    }
}

/// The deal typed from a real deck: each combatant dealt in gets a field; the cards it drew,
/// in order (Level Headed and Quick draw more). Empty fields are dealt by Posse.
pub(super) fn typed_deal_ui(
    ui: &mut Ui,
    rules: &Rules,
    fight: &Fight<'_>,
    read_only: bool,
    state: &mut FightState,
    commands: &mut Vec<FightCommand>,
) {
    let v = ui.visuals().clone();
    let s = &fight.state;
    ui.label(theme::heading(&v, format!("Round {}: type the cards from your deck", s.round() + 1)));
    ui.label("Write each card as on the command line: QS, 10H, 2C, and JK (or RJ, BJ) for a Joker. A combatant left empty is dealt by Posse.");
    let mut typed: BTreeMap<String, Vec<Card>> = BTreeMap::new();
    let mut taken: Vec<Card> = Vec::new();
    let mut wrong = false;
    for unit in s.to_deal() {
        let rule = s.draw_rule(rules, &unit.id);
        let text = state.cards.entry(unit.id.clone()).or_default();
        let mut problem = None;
        crate::ui::widgets::row(ui, |ui| {
            let label = crate::ui::widgets::row_label(ui, &unit.combatant.name);
            ui.add(egui::TextEdit::singleline(text).desired_width(120.0).font(egui::TextStyle::Heading))
                .labelled_by(label.id)
                .accessible_name(format!("{} cards", unit.combatant.name));
            let mut cards = Vec::new();
            for code in text.split([' ', ',']).filter(|c| !c.trim().is_empty()) {
                match parse_card(code, &taken) {
                    Ok(card) => {
                        taken.push(card);
                        cards.push(card);
                    }
                    Err(e) => {
                        problem.get_or_insert_with(|| crate::ui::sentence(&e.to_string()));
                    }
                }
            }
            // The draw rule beside the field, the same whatever is typed.
            let hint = match (rule.draws, rule.keep_lowest, rule.quick_at_most) {
                (1, _, None) => String::new(),
                (n, false, q) => {
                    format!("draws {n}, keeps the best{}", if q.is_some() { "; Quick" } else { "" })
                }
                (n, true, _) => format!("draws {n}, keeps the worst (a Joker is kept)"),
            };
            let hint = if hint.is_empty() && rule.quick_at_most.is_some() {
                "Quick: a 5 or lower is drawn again".to_owned()
            } else {
                hint
            };
            if !hint.is_empty() {
                ui.add(egui::Label::new(RichText::new(hint).color(theme::muted(&v))).truncate());
            }
            if !cards.is_empty() {
                let more = rule.still_needed(&cards);
                if more > 0 && problem.is_none() {
                    problem = Some(format!("Needs {more} more"));
                }
                typed.insert(unit.id.clone(), cards);
            }
        });
        // The problem under its own field, in a line kept for it: nothing below moves.
        wrong |= problem.is_some();
        crate::ui::widgets::reason_line(ui, problem.as_deref());
    }
    let event = Event::Deal { typed };
    let why = if wrong {
        Some("Put right what is marked under the cards first".to_owned())
    } else {
        why_not(rules, fight, &event)
    };
    crate::ui::widgets::row(ui, |ui| {
        // Always in its place: greyed, with the reason, while the cards cannot be dealt.
        let text = RichText::new("Deal these cards").size(theme::BODY + 2.0).strong();
        match &why {
            None => {
                event_button(ui, rules, fight, read_only, text, event.clone(), commands);
            }
            Some(why) => {
                let greyed = ui.add_enabled(false, egui::Button::new(text));
                crate::ui::widgets::refused(ui, greyed, why);
            }
        }
        if ui.button("Cancel").clicked() {
            state.typing = false;
        }
    });
    // The rules' refusal of the whole deal (a needs-more is said under its field) in a line
    // kept under the buttons.
    crate::ui::widgets::reason_line(ui, why.as_deref().filter(|_| !wrong));
}
