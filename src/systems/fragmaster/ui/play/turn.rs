//! A character's turn: the character large, its actions as pips, what it carries, taking cover,
//! the actions it may take now (with keys), the free rearm swap after a run, the respawn of a
//! dead character at the start of its turn, and the end of the turn. The attack panel sits
//! beside it ([`super::attack`]). The end of the game is here too.

use egui::{Color32, RichText, Stroke, Ui};

use super::{PlayCommand, PlayState, attack, key};
use crate::kernel::log::Rules as _;
use crate::systems::fragmaster::game::{CharacterId, Event, Fragmaster, RearmOffer, Respawn, Spent, State};
use crate::systems::fragmaster::rules::data::ActionKind;
use crate::systems::fragmaster::rules::deployment;
use crate::systems::fragmaster::rules::dice::D6;
use crate::systems::fragmaster::rules::{Rules, Weapon};
use crate::systems::fragmaster::ui::action_name;
use crate::ui::theme;
use crate::ui::widgets::{problem, roll_field_named, row, status_line, status_lines};

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
    let width = column_width(ui.ctx().content_rect().width());
    egui::Panel::left("fm-turn").resizable(false).exact_size(width).show(ui, |ui| {
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

/// The current character's column's width in a window `window` points wide: one width for the
/// game, from the window's (not from what the column shows: a long name widened it and moved
/// the attack panel beside it).
pub(super) fn column_width(window: f32) -> f32 {
    (window * 0.27).clamp(340.0, 360.0).round()
}

/// The current character's column alone, for the one-column phone layout.
pub fn character_column(
    ui: &mut Ui,
    rules: &Rules,
    s: &State,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    if let Some(id) = s.current() {
        character_ui(ui, rules, s, id, state, commands);
    }
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
    // Names and what it carries each on one line, cut short at the column's edge (whole on
    // hover), so a long one neither widens the column nor pushes the actions down.
    ui.add(
        egui::Label::new(RichText::new(&c.name).size(theme::BIG).strong().color(theme::accent(&v)))
            .truncate(),
    );
    if s.is_team_game() {
        ui.add(
            egui::Label::new(
                RichText::new(format!("{}'s team", s.player_name(c.player))).color(theme::muted(&v)),
            )
            .truncate(),
        );
    }
    if s.is_neutral_round() {
        ui.label(
            RichText::new(format!("Neutral round: {} movement actions.", s.actions_per_turn(rules))).strong(),
        );
    }
    let weapon = rules.weapon(c.weapon.as_str()).map_or_else(|| c.weapon.to_string(), |w| w.name.clone());
    let carried = if c.grenades { format!("{weapon} + grenades") } else { weapon };
    ui.add(egui::Label::new(RichText::new(carried).size(theme::HEADING).strong()).truncate());
    pips_ui(ui, rules, s, &turn.spent);
    // One line that comes and goes with the turn's actions keeps its space, so the actions and
    // End keep their place as the turn goes on.
    let mut status = Vec::new();
    if c.taking_cover {
        status.push("Taking cover: +1 to hit it".to_owned());
    }
    if turn.aims > 0 {
        let total = rules.rolls.aim * i32::try_from(turn.aims).unwrap_or(0);
        status.push(format!("Aimed {}×: {total:+} to hit", turn.aims));
    }
    let line =
        (!status.is_empty()).then(|| RichText::new(status.join(" · ")).color(theme::good(&v)).strong());
    status_line(ui, theme::BODY, line);
    if s.respawn_due() {
        respawn_ui(ui, rules, s, id, state, commands);
        return;
    }
    // End before the actions: the swaps offered after a run come and go below it. The
    // column's width whatever the name, so it is the same button for every character.
    let end = egui::Button::new(RichText::new(format!("End {}'s turn", c.name)).size(theme::HEADING))
        .truncate()
        .min_size(egui::vec2(ui.available_width(), 0.0));
    if ui.add(end).accessible_name("End the turn").on_hover_text("E").clicked() || key(ui, egui::Key::E) {
        commands.push(PlayCommand::Apply(Event::EndTurn));
    }
    ui.add_space(theme::GAP);
    if c.alive {
        actions_ui(ui, rules, s, state, commands);
        rearm_ui(ui, rules, s, commands);
    } else {
        // Killed this turn, or before its turn under the book's next-round respawn.
        let text =
            if c.died_round == Some(s.round) && s.respawn == Respawn::NextRound && turn.spent.is_empty() {
                format!("{} died this round and respawns in round {}.", c.name, s.round + 1)
            } else {
                format!("{} was killed: its turn is over.", c.name)
            };
        ui.label(RichText::new(text).strong().color(theme::bad(&v)));
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
    let pips = per_turn.max(labels.len()).max(1);
    // Every pip as wide as the column allows (its frame takes 10 points of margin and 2 of
    // stroke a side), 76 points at most; a word too long for it ("Keep weapon") is written
    // small on two lines inside it, so the pips never widen the column.
    #[expect(clippy::cast_precision_loss, reason = "a handful of pips")]
    let count = pips as f32;
    let gaps = ui.spacing().item_spacing.x * (count - 1.0);
    let width = ((ui.available_width() - gaps) / count - 24.0).floor().clamp(40.0, 76.0);
    row(ui, |ui| {
        for n in 0..pips.max(labels.len()) {
            let used = labels.get(n).copied();
            let (fill, text) = match used {
                Some(label) => (theme::accent(&v), RichText::new(label).strong().color(v.extreme_bg_color)),
                None => (Color32::TRANSPARENT, RichText::new("free").color(theme::muted(&v))),
            };
            let one_line = egui::WidgetText::from(text.clone())
                .into_galley(ui, Some(egui::TextWrapMode::Extend), f32::INFINITY, egui::TextStyle::Body)
                .size()
                .x;
            let text = if one_line <= width { text } else { text.small() };
            egui::Frame::new()
                .fill(fill)
                .stroke(Stroke::new(2.0, theme::accent(&v)))
                .corner_radius(18.0)
                .inner_margin(egui::Margin::symmetric(10, 6))
                .show(ui, |ui| {
                    ui.add_sized([width, 26.0], egui::Label::new(text).wrap()).accessible_name(format!(
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
    ui.label(RichText::new(keys_hint(&allowed)).small().color(theme::muted(&v)));
}

/// The keys of the actions allowed now ("Keys: R run, C climb, E end the turn." in a
/// neutral round), so no key is offered that does nothing.
fn keys_hint(allowed: &[ActionKind]) -> String {
    let keys: Vec<String> = KEYS
        .iter()
        .filter(|(kind, _, _)| allowed.contains(kind))
        .map(|(kind, _, shown)| format!("{shown} {}", action_name(*kind).to_lowercase()))
        .collect();
    format!("Keys: {}, E end the turn.", keys.join(", "))
}

/// Where the character has stopped (the start of its turn, or right after a run or a climb):
/// the swaps the rearm points offer, free, in the room they took this turn. They go after a
/// swap, an aim or an attack, and on a phone the attack panel under them went up with them
/// (*Record the attack* 244 points up as grenades were picked up); the room is kept, empty,
/// until the turn ends (for the panel's width: a window made narrower measures it again).
fn rearm_ui(ui: &mut Ui, rules: &Rules, s: &State, commands: &mut Vec<PlayCommand>) {
    let offers = s.rearm_offers(rules);
    let turn = s.turn.as_ref().map(|t| t.index);
    let key = egui::Id::unique(("fm-rearm-room", s.round, turn, ui.available_width().to_bits()));
    let kept = ui.data(|d| d.get_temp::<f32>(key)).unwrap_or(0.0);
    if offers.is_empty() && kept <= 0.0 {
        return;
    }
    let taken = ui
        .scope(|ui| {
            ui.set_min_height(kept);
            offers_ui(ui, rules, s, offers, commands);
        })
        .response
        .rect
        .height();
    if taken > kept {
        ui.data_mut(|d| d.insert_temp(key, taken));
    }
}

/// The swaps offered, under a heading saying where the character stopped.
fn offers_ui(
    ui: &mut Ui,
    rules: &Rules,
    s: &State,
    offers: Vec<RearmOffer>,
    commands: &mut Vec<PlayCommand>,
) {
    if offers.is_empty() {
        return;
    }
    let v = ui.visuals().clone();
    ui.add_space(theme::GAP);
    let moved = s
        .turn
        .as_ref()
        .and_then(|t| t.spent.last())
        .is_some_and(|last| matches!(last, Spent::Action(ActionKind::Run | ActionKind::Climb)));
    // The book: a character that stops within reach of a rearm point may swap. The game offers
    // it where the character has stopped: where its turn starts, and where each run or climb
    // ends, until an aim or an attack.
    let question = if moved { "it stopped" } else { "it stands" };
    let how = "Free once per stop: at the start of the turn and after each run or climb, until an aim or an \
               attack. The point keeps its weapon for the next one; the weapon put down is gone.";
    ui.label(theme::heading(&v, format!("Rearm, free, if {question} within {} cm of:", rules.game.rearm_cm)))
        .on_hover_text(how);
    if theme::is_touch(ui.ctx()) {
        crate::ui::widgets::hint(ui, how);
    }
    // One row of short buttons, so the offers stay in view under the actions.
    ui.horizontal_wrapped(|ui| {
        for offer in offers {
            let Some(w) = rules.weapon(offer.weapon.as_str()) else { continue };
            let name = if w.second_weapon {
                format!("Pick up {} at rearm point {}", w.lower_name(), offer.point)
            } else {
                format!("Take the {} at rearm point {}", w.lower_name(), offer.point)
            };
            let shown = format!("{} · point {}", w.name, offer.point);
            if ui
                .button(RichText::new(shown).size(theme::BODY + 2.0))
                .accessible_name(name.clone())
                .on_hover_text(name)
                .clicked()
            {
                commands.push(PlayCommand::Apply(Event::Rearm { point: offer.point }));
            }
        }
    });
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
    let (face, status) = match roll {
        Ok(face) => (face.and_then(|f| D6::new(u8::try_from(f).unwrap_or(0))), None),
        Err(e) => (None, Some(RichText::new(e).color(theme::bad(&v)).strong())),
    };
    let layout = rules.game.layout(s.respawn_points);
    let status = status.or_else(|| {
        let point = deployment::respawn_point(layout?, face?);
        Some(RichText::new(format!("Appears on point {point}.")).strong())
    });
    // Each line below is always there, so Respawn keeps its place as the die is typed and
    // the box ticked.
    status_line(ui, theme::BODY, status);
    let weapon = rules.weapon(c.weapon.as_str()).map_or_else(|| c.weapon.to_string(), Weapon::lower_name);
    let starting = rules.weapon(rules.starting_weapon.as_str()).map_or_else(String::new, Weapon::lower_name);
    let offer = s.keep_weapon_offered(rules, id);
    if offer {
        let kept =
            if c.grenades { format!("the {weapon} and the grenades") } else { format!("the {weapon}") };
        ui.checkbox(
            &mut state.keep_weapon,
            format!("Keep {kept} ({} actions)", rules.game.keep_weapon_actions),
        );
    } else {
        state.keep_weapon = false;
    }
    let then = match (offer, state.keep_weapon) {
        (false, _) => format!("It comes back with the {starting}, as it carried."),
        (true, false) => format!("Otherwise it comes back with the {starting}."),
        (true, true) => {
            format!("It keeps what it carried and spends {} actions.", rules.game.keep_weapon_actions)
        }
    };
    // Two lines kept for it, wrapped: on one line cut at the column's edge it read "It comes
    // back with the assault rifle, as it carr…".
    status_lines(ui, theme::BODY, 2, Some(RichText::new(then).color(theme::muted(&v))));
    let event = face.map(|roll| Event::Respawn { roll, keep_weapon: state.keep_weapon });
    let why = event.as_ref().and_then(|e| refusal(rules, s, e));
    let button =
        egui::Button::new(RichText::new(format!("Respawn {}", c.name)).size(theme::HEADING)).truncate();
    if ui.add_enabled(event.is_some() && why.is_none(), button).clicked()
        && let Some(event) = event
    {
        commands.push(PlayCommand::Apply(event));
    }
    // Below the button: a refusal never moves it.
    if let Some(why) = why {
        problem(ui, &why);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_key_hint_names_only_the_actions_allowed_now() {
        let all =
            [ActionKind::Run, ActionKind::Climb, ActionKind::TakeCover, ActionKind::Attack, ActionKind::Aim];
        assert_eq!(keys_hint(&all), "Keys: R run, C climb, T take cover, A aim, E end the turn.");
        // A neutral round: movement only.
        assert_eq!(keys_hint(&[ActionKind::Run, ActionKind::Climb]), "Keys: R run, C climb, E end the turn.");
    }
}
