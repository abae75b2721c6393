//! Hand-to-hand for the acting model: a charge (its next declared move goes into contact) or,
//! locked in a fight, the roll-off at the higher card with +1. The loser takes a marker per
//! point; the charged model spends its activation in the fight, and the charger's activation
//! ends at contact unless its enemy falls (reading A24): the game does both in one event.

use egui::{RichText, Ui};

use super::{FightDraft, PlayCommand, PlayState};
use crate::systems::dmh::game::{Event, Game, ModelRef};
use crate::systems::dmh::rules::Rules;
use crate::systems::dmh::rules::melee::{self, FightWinner, Fighter};
use crate::ui::theme;
use crate::ui::widgets::{self, chance_bar, problem, row, toggle};

/// The least width that has the fight's three chances side by side.
const WIDE_BARS: f32 = 540.0;

/// Hand-to-hand for the current model: charge an enemy, or, locked in a fight, fight on at the
/// higher card (+1) or break off. A charged model spends its activation in the fight, and the
/// charger's activation ends at contact unless its enemy falls (reading A24).
#[expect(clippy::too_many_lines, reason = "one form read top to bottom: who, odds, dice")]
pub(super) fn fight_ui(
    ui: &mut Ui,
    rules: &Rules,
    game: &Game,
    current: ModelRef,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    let visuals = ui.visuals().clone();
    let Some(me) = game.model_at(current) else { return };
    let enemy = 1 - current.side;
    let Some(enemies) = game.sides.get(enemy) else { return };
    ui.add_space(theme::GAP);
    let draft = &mut state.fight;
    let (opponent, fighting_on) = match game.fight_of(current) {
        Some(fight) if fight.rolled == game.turn => {
            let them = game.model_at(fight.opponent(current)).map_or("?", |m| m.name.as_str());
            ui.label(theme::heading(&visuals, "Hand-to-hand"));
            ui.label(format!(
                "{} is locked in a fight with {them}; this turn's roll-off is done. End the activation.",
                me.name
            ));
            return;
        }
        Some(fight) => (fight.opponent(current), true),
        None => {
            // The selected Charge button above and the target's row label say what this is.
            let free = |m: usize| {
                let r = ModelRef { side: enemy, model: m };
                !enemies.models[m].out_of_action && enemies.models[m].on_table() && game.fight_of(r).is_none()
            };
            row(ui, |ui| {
                let label = widgets::row_label(ui, "Charge target");
                let current_name =
                    draft.target.and_then(|t| enemies.models.get(t)).map_or("Nobody", |m| m.name.as_str());
                egui::ComboBox::from_id_salt("charge-target")
                    .selected_text(current_name)
                    .show_ui(ui, |ui| {
                        ui.selectable_value(&mut draft.target, None, "Nobody");
                        for m in (0..enemies.models.len()).filter(|&m| free(m)) {
                            ui.selectable_value(&mut draft.target, Some(m), &enemies.models[m].name);
                        }
                    })
                    .response
                    .labelled_by(label.id);
            });
            let Some(t) = draft.target.filter(|&t| t < enemies.models.len() && free(t)) else { return };
            (ModelRef { side: enemy, model: t }, false)
        }
    };
    let Some(them) = game.model_at(opponent) else { return };
    // The +1 is the higher card's, whoever acts (line 190).
    let higher = if fighting_on { game.higher_card_fighter(current) } else { None };
    if fighting_on {
        ui.label(theme::heading(&visuals, format!("Fight with {}", them.name)));
        ui.label(match higher {
            Some(r) if r == current => format!("{} holds the higher card: fight on with +1.", me.name),
            Some(_) => format!("{} holds the higher card and takes the +1.", them.name),
            None => format!("Roll off with {}.", them.name),
        });
    }
    row(ui, |ui| {
        toggle(ui, &mut draft.my_higher, &format!("{} on higher ground", me.name));
        toggle(ui, &mut draft.their_higher, &format!("{} on higher ground", them.name));
    });
    let a = Fighter {
        hth: me.hth,
        under_fire: me.under_fire.min(4),
        higher: draft.my_higher,
        charged: !fighting_on,
        card_higher: higher == Some(current),
    };
    let b = Fighter {
        hth: them.hth,
        under_fire: them.under_fire.min(4),
        higher: draft.their_higher,
        charged: false,
        card_higher: higher == Some(opponent),
    };
    let chances = match melee::chances(rules, &a, &b) {
        Ok(c) => c,
        Err(e) => {
            problem(ui, &format!("{e}."));
            return;
        }
    };
    let total = |x: &Fighter, y: &Fighter| melee::modifiers(rules, x, y).iter().map(|m| m.value).sum::<i32>();
    let (ma, mb) = (total(&a, &b), total(&b, &a));
    ui.label(RichText::new(format!("{} {ma:+} against {} {mb:+}", me.name, them.name)).strong());
    // The three chances side by side where there is room, so the dice and Apply stay in the
    // window.
    let bars = [
        (format!("{} wins", me.name), chances.a, theme::good(&visuals)),
        ("Draw".to_owned(), chances.draw, theme::muted(&visuals)),
        (format!("{} wins", them.name), chances.b, theme::bad(&visuals)),
    ];
    if ui.available_width() >= WIDE_BARS {
        ui.columns(3, |cols| {
            for (ui, (label, chance, colour)) in cols.iter_mut().zip(bars) {
                widgets::chance_column(ui, &label, chance, colour);
            }
        });
    } else {
        for (label, chance, colour) in bars {
            chance_bar(ui, &label, chance, colour);
        }
    }
    let die = rules.core.hand_to_hand.die;
    // Both dice, the line for what the fight does and Apply are always drawn, in the same
    // place: a wrong face is named beside its field, and nothing comes or goes above Apply.
    let ra = widgets::checked_roll_field(ui, &format!("{}'s d{die}", me.name), &mut draft.my_roll, die);
    let rb = widgets::checked_roll_field(ui, &format!("{}'s d{die}", them.name), &mut draft.their_roll, die);
    let result = ra.zip(rb).and_then(|(ra, rb)| Some((ra, rb, melee::resolve(rules, &a, &b, ra, rb).ok()?)));
    let (line, label, event) = match result {
        // A wrong face said whole: beside its field it may be cut short, and nothing hovers on
        // a phone.
        None => (
            match [(&me.name, &draft.my_roll), (&them.name, &draft.their_roll)].into_iter().find_map(
                |(name, typed)| widgets::wrong_face_sentence(&format!("{name}'s d{die}"), typed, die),
            ) {
                Some(sentence) => RichText::new(sentence).color(theme::bad(&visuals)).strong(),
                None => {
                    RichText::new(format!("Roll both d{die} and type them.")).color(theme::muted(&visuals))
                }
            },
            "Apply the fight".to_owned(),
            None,
        ),
        Some((ra, rb, result)) => {
            let markers = crate::systems::dmh::rules::count(result.markers, "marker", "markers");
            let down = |m: &crate::systems::dmh::game::Model| {
                if m.under_fire + result.markers >= m.hits { ", out of action" } else { "" }
            };
            let outcome = match result.winner {
                FightWinner::A => format!("{} takes {markers}{}", them.name, down(them)),
                FightWinner::B => format!("{} takes {markers}{}", me.name, down(me)),
                FightWinner::Draw => "a draw".to_owned(),
            };
            let event = Event::Fight {
                a: current,
                b: opponent,
                a_modifier: ma,
                b_modifier: mb,
                a_roll: ra,
                b_roll: rb,
            };
            let label = format!("Apply the fight: {outcome}");
            match game.refusal(rules, &event) {
                Some(why) => (
                    RichText::new(crate::ui::sentence(&why.to_string())).color(theme::bad(&visuals)).strong(),
                    label,
                    None,
                ),
                None => (
                    RichText::new(format!("{} {ra} against {} {rb}: {outcome}", me.name, them.name)).strong(),
                    label,
                    Some(event),
                ),
            }
        }
    };
    if super::action_row(ui, &label, event.is_some(), line, theme::BODY + 2.0)
        && let Some(event) = event
    {
        commands.push(PlayCommand::Apply(event));
        *draft = FightDraft::default();
    }
}
