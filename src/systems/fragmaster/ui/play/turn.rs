//! A character's turn: the character large, its actions as pips, what it carries, taking cover,
//! the actions it may take now (with keys), the free rearm swap after a run, the respawn of a
//! dead character at the start of its turn, and the end of the turn. The attack panel sits
//! beside it ([`super::attack`]). The end of the game is here too.

use egui::{Color32, RichText, Stroke, Ui};

use super::{PlayCommand, PlayState, attack, key};
use crate::kernel::log::Rules as _;
use crate::systems::fragmaster::game::{CharacterId, Event, Fragmaster, Spent, State};
use crate::systems::fragmaster::rules::data::ActionKind;
use crate::systems::fragmaster::rules::deployment;
use crate::systems::fragmaster::rules::dice::D6;
use crate::systems::fragmaster::rules::{Rules, Weapon};
use crate::systems::fragmaster::ui::action_name;
use crate::ui::theme;
use crate::ui::widgets::{problem, roll_field_named, row};

/// Why `event` would be refused now, as a sentence; `None` when it would be accepted.
pub(super) fn refusal(rules: &Rules, s: &State, event: &Event) -> Option<String> {
    Fragmaster { rules }.apply(&mut s.clone(), event).err().map(|e| crate::ui::sentence(&e.to_string()))
}

/// The keys of the actions (pressed while no text field has focus).
const KEYS: [(ActionKind, egui::Key, &str); 5] = [
    (ActionKind::Run, egui::Key::R, "R"),
    (ActionKind::Climb, egui::Key::C, "C"),
    (ActionKind::TakeCover, egui::Key::T, "T"),
    (ActionKind::Aim, egui::Key::A, "A"),
    (ActionKind::Other, egui::Key::O, "O"),
];

/// The rounds: the current character on the left, the attack panel beside it.
pub fn turn_ui(
    ui: &mut Ui,
    rules: &Rules,
    s: &State,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    let Some(id) = s.current() else { return };
    egui::Panel::left("fm-turn").resizable(true).default_size(340.0).show(ui, |ui| {
        egui::ScrollArea::vertical().id_salt(("fm-turn", id)).show(ui, |ui| {
            character_ui(ui, rules, s, id, state, commands);
        });
    });
    egui::CentralPanel::default().show(ui, |ui| {
        egui::ScrollArea::vertical().id_salt(("fm-attack", id)).show(ui, |ui| {
            attack::attack_ui(ui, rules, s, state, commands);
        });
    });
}

fn character_ui(
    ui: &mut Ui,
    rules: &Rules,
    s: &State,
    id: CharacterId,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    let v = ui.visuals().clone();
    let Some(c) = s.character(id) else { return };
    let Some(turn) = &s.turn else { return };
    ui.label(RichText::new(&c.name).size(theme::BIG).strong().color(theme::accent(&v)));
    if s.is_team_game() {
        ui.label(RichText::new(format!("{}'s team", s.player_name(c.player))).color(theme::muted(&v)));
    }
    if s.is_neutral_round() {
        ui.label(
            RichText::new(format!("Neutral round: {} movement actions.", s.actions_per_turn(rules))).strong(),
        );
    }
    let weapon = rules.weapon(c.weapon.as_str()).map_or_else(|| c.weapon.to_string(), |w| w.name.clone());
    let carried = if c.grenades { format!("{weapon} + grenades") } else { weapon };
    ui.label(RichText::new(carried).size(theme::HEADING).strong());
    if c.taking_cover {
        ui.label(
            RichText::new("Taking cover: +1 to hit it until its next turn").color(theme::good(&v)).strong(),
        );
    }
    pips_ui(ui, rules, s, &turn.spent);
    if turn.aims > 0 {
        let total = rules.rolls.aim * i32::try_from(turn.aims).unwrap_or(0);
        ui.label(format!("Aimed {}×: {total:+} to hit on the next attack.", turn.aims));
    }
    ui.add_space(theme::GAP);
    if s.respawn_due() {
        respawn_ui(ui, rules, s, id, state, commands);
        return;
    }
    if c.alive {
        actions_ui(ui, rules, s, state, commands);
        rearm_ui(ui, rules, s, commands);
    } else {
        ui.label(
            RichText::new(format!("{} was killed: its turn is over.", c.name)).strong().color(theme::bad(&v)),
        );
    }
    ui.add_space(theme::GAP);
    let end = egui::Button::new(RichText::new(format!("End {}'s turn", c.name)).size(theme::HEADING));
    if ui.add(end).accessible_name("End the turn").on_hover_text("E").clicked() || key(ui, egui::Key::E) {
        commands.push(PlayCommand::Apply(Event::EndTurn));
    }
}

/// The turn's actions as pips: what each was spent on, then the free ones.
fn pips_ui(ui: &mut Ui, rules: &Rules, s: &State, spent: &[Spent]) {
    let v = ui.visuals().clone();
    let mut labels: Vec<&str> = Vec::new();
    for item in spent {
        match item {
            Spent::Action(kind) => labels.push(action_name(*kind)),
            Spent::KeepWeapon => {
                labels.extend(std::iter::repeat_n("Keep weapon", rules.game.keep_weapon_actions as usize));
            }
        }
    }
    let per_turn = s.actions_per_turn(rules) as usize;
    row(ui, |ui| {
        for n in 0..per_turn.max(labels.len()) {
            let used = labels.get(n).copied();
            let (fill, text) = match used {
                Some(label) => (theme::accent(&v), RichText::new(label).strong().color(v.extreme_bg_color)),
                None => (Color32::TRANSPARENT, RichText::new("free").color(theme::muted(&v))),
            };
            egui::Frame::new()
                .fill(fill)
                .stroke(Stroke::new(2.0, theme::accent(&v)))
                .corner_radius(18.0)
                .inner_margin(egui::Margin::symmetric(10, 6))
                .show(ui, |ui| {
                    ui.add_sized([76.0, 26.0], egui::Label::new(text)).accessible_name(format!(
                        "Action {}: {}",
                        n + 1,
                        used.unwrap_or("free")
                    ));
                });
        }
    });
}

/// The actions allowed now (the attack is the panel beside), each with its key.
fn actions_ui(ui: &mut Ui, rules: &Rules, s: &State, state: &mut PlayState, commands: &mut Vec<PlayCommand>) {
    let v = ui.visuals().clone();
    let allowed = s.allowed_actions(rules);
    if allowed.is_empty() {
        ui.label(RichText::new("No actions left: end the turn.").strong());
        return;
    }
    ui.horizontal_wrapped(|ui| {
        for (kind, k, shown) in KEYS {
            if kind == ActionKind::Other || !allowed.contains(&kind) {
                continue;
            }
            let button = egui::Button::new(RichText::new(action_name(kind)).size(theme::HEADING))
                .min_size(egui::vec2(110.0, 40.0));
            let hover = rules.action(kind).map_or_else(String::new, |a| a.text.clone());
            if ui.add(button).on_hover_text(format!("{hover} ({shown})")).clicked() || key(ui, k) {
                commands.push(PlayCommand::Apply(Event::Act { action: kind, note: None }));
            }
        }
    });
    if allowed.contains(&ActionKind::Other) {
        row(ui, |ui| {
            ui.add(
                egui::TextEdit::singleline(&mut state.note)
                    .desired_width(220.0)
                    .hint_text("open a door, lay a mine…"),
            )
            .accessible_name("Other action");
            if ui.button("Other").on_hover_text("A house-rule action (O)").clicked() || key(ui, egui::Key::O)
            {
                let note = Some(state.note.trim().to_owned()).filter(|n| !n.is_empty());
                state.note.clear();
                commands.push(PlayCommand::Apply(Event::Act { action: ActionKind::Other, note }));
            }
        });
    }
    ui.label(
        RichText::new("Keys: R run, C climb, T take cover, A aim, O other, E end the turn.")
            .small()
            .color(theme::muted(&v)),
    );
}

/// Right after a run: the swaps the rearm points offer, free.
fn rearm_ui(ui: &mut Ui, rules: &Rules, s: &State, commands: &mut Vec<PlayCommand>) {
    let offers = s.rearm_offers(rules);
    if offers.is_empty() {
        return;
    }
    let v = ui.visuals().clone();
    ui.add_space(theme::GAP);
    ui.label(theme::heading(
        &v,
        format!("Rearm (free): did the run end within {} cm of a point?", rules.game.rearm_cm),
    ));
    for offer in offers {
        let Some(w) = rules.weapon(offer.weapon.as_str()) else { continue };
        let text = if w.second_weapon {
            format!("Pick up {} at rearm point {}", w.lower_name(), offer.point)
        } else {
            format!("Take the {} at rearm point {}", w.lower_name(), offer.point)
        };
        if ui.button(RichText::new(text).size(theme::BODY + 2.0)).clicked() {
            commands.push(PlayCommand::Apply(Event::Rearm { point: offer.point }));
        }
    }
}

/// A dead character at the start of its turn: the respawn point by a d6, and whether it
/// spends two actions to keep what it carried.
fn respawn_ui(
    ui: &mut Ui,
    rules: &Rules,
    s: &State,
    id: CharacterId,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    let v = ui.visuals().clone();
    let Some(c) = s.character(id) else { return };
    ui.label(theme::heading(&v, format!("{} is dead and respawns now", c.name)));
    let roll = roll_field_named(ui, "Respawn d6", &mut state.respawn_roll, 6);
    let face = match roll {
        Ok(face) => face.and_then(|f| D6::new(u8::try_from(f).unwrap_or(0))),
        Err(e) => {
            problem(ui, &e);
            None
        }
    };
    if let (Some(face), Some(layout)) = (face, rules.game.layout(s.respawn_points)) {
        ui.label(
            RichText::new(format!("Appears on point {}.", deployment::respawn_point(layout, face))).strong(),
        );
    }
    let weapon = rules.weapon(c.weapon.as_str()).map_or_else(|| c.weapon.to_string(), Weapon::lower_name);
    let kept = if c.grenades { format!("the {weapon} and the grenades") } else { format!("the {weapon}") };
    let starting = rules.weapon(rules.starting_weapon.as_str()).map_or_else(String::new, Weapon::lower_name);
    ui.checkbox(&mut state.keep_weapon, format!("Keep {kept} ({} actions)", rules.game.keep_weapon_actions));
    if !state.keep_weapon {
        ui.label(
            RichText::new(format!("Otherwise it comes back with the {starting}.")).color(theme::muted(&v)),
        );
    }
    let event = face.map(|roll| Event::Respawn { roll, keep_weapon: state.keep_weapon });
    if let Some(why) = event.as_ref().and_then(|e| refusal(rules, s, e)) {
        problem(ui, &why);
    }
    let button = egui::Button::new(RichText::new(format!("Respawn {}", c.name)).size(theme::HEADING));
    let ready = event.as_ref().is_some_and(|e| refusal(rules, s, e).is_none());
    if ui.add_enabled(ready, button).clicked()
        && let Some(event) = event
    {
        commands.push(PlayCommand::Apply(event));
    }
}

/// The end: who won, with how many frags.
pub fn over_ui(ui: &mut Ui, s: &State) {
    let v = ui.visuals().clone();
    let Some(winner) = s.winner() else { return };
    let frags = s.players.get(winner.0).map_or(0, |p| p.frags);
    ui.add_space(theme::GAP * 2.0);
    ui.label(
        RichText::new(format!(
            "{} wins with {frags} {}!",
            s.player_name(winner),
            if frags == 1 { "frag" } else { "frags" }
        ))
        .size(theme::BIG)
        .strong()
        .color(theme::good(&v)),
    );
    ui.label(format!(
        "The first to {} frags. Undo takes the last attack back; Close game puts the game away.",
        s.target
    ));
}
