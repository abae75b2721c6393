//! The Duel on the Play screen: each round's cards (dealt by Posse or typed from a real
//! deck), each player's hit or stand in turn behind a hand-over screen, the totals revealed
//! once both stand, and the shots with the bonuses the cards gave.

use egui::{RichText, Ui};

use super::{PlayCommand, PlayState, card_colour};
use crate::systems::dmh::game::duel::{blackjack, total};
use crate::systems::dmh::game::{Event, Game};
use crate::systems::dmh::rules::Rules;
use crate::systems::dmh::rules::cards::Card;
use crate::systems::dmh::rules::shooting::{self, ShotResult};
use crate::systems::dmh::ui::looks;
use crate::ui::theme;
use crate::ui::widgets::{self, problem, roll_field_named, row};

/// The Duel's panel: the next step always in view.
pub(super) fn duel_ui(
    ui: &mut Ui,
    rules: &Rules,
    game: &Game,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    if super::nerve::nerve_ui(ui, rules, game, state, commands) {
        return;
    }
    let v = ui.visuals().clone();
    let Some(duel) = &game.duel else { return };
    ui.label(theme::big(format!("Round {} of {}", duel.round.max(1), rules.core.duel.rounds)));
    if duel.round == 0 {
        ui.label("Each player has a face-down row of six cards and may look at the first one.");
        for s in 0..game.sides.len() {
            peek_ui(ui, rules, game, s, state);
        }
    }
    // The face-up cards both players see.
    if duel.round > 0 {
        for (s, side) in game.sides.iter().enumerate() {
            row(ui, |ui| {
                widgets::fixed(
                    ui,
                    220.0,
                    egui::Align::Min,
                    egui::Label::new(RichText::new(&side.name).strong()),
                );
                let shown = duel.stood.iter().all(|x| *x);
                for (i, card) in duel.hands[s].iter().enumerate() {
                    if i == 0 && !shown {
                        ui.label(RichText::new("▮ row card").color(theme::muted(&v)));
                    } else {
                        ui.label(
                            RichText::new(card.label())
                                .size(theme::HEADING + 4.0)
                                .strong()
                                .color(card_colour(&v, *card)),
                        );
                    }
                }
                if shown {
                    let t = total(&duel.hands[s]);
                    let what = if t > 21 {
                        format!("{t}: bust")
                    } else if blackjack(&duel.hands[s]) {
                        "21: blackjack".to_owned()
                    } else {
                        t.to_string()
                    };
                    ui.label(RichText::new(what).size(theme::HEADING + 4.0).strong());
                } else if duel.stood[s] {
                    ui.label(RichText::new("stands").color(theme::muted(&v)));
                }
            });
        }
    }
    if let Some(side) = game.duel_to_decide() {
        decide_ui(ui, rules, game, side, state, commands);
        return;
    }
    let due = game.duel_shots_due(rules);
    if !due.is_empty() {
        fire_ui(ui, rules, game, &due, state, commands);
        return;
    }
    if duel.round < rules.core.duel.rounds {
        deal_ui(ui, game, state, commands, duel.round + 1);
    }
}

/// A player looks at the first card of the row, in secret.
fn peek_ui(ui: &mut Ui, rules: &Rules, game: &Game, side: usize, state: &mut PlayState) {
    let Some(duel) = &game.duel else { return };
    let Some(first) = duel.rows[side].first() else { return };
    if state.duel_shown == Some(side) {
        row(ui, |ui| {
            ui.label(format!("{}: your first row card is", game.sides[side].name));
            ui.label(RichText::new(first.label()).size(theme::HEADING).strong());
            if ui.button("Hide").clicked() {
                state.duel_shown = None;
            }
        });
    } else if ui
        .button(format!(
            "Pass to the {} player — tap to look at the first row card",
            game.player(rules, side)
        ))
        .clicked()
    {
        state.duel_shown = Some(side);
    }
}

/// The next round's cards: dealt by Posse, or typed from the players' real decks.
fn deal_ui(ui: &mut Ui, game: &Game, state: &mut PlayState, commands: &mut Vec<PlayCommand>, round: u32) {
    ui.add_space(theme::GAP);
    if ui
        .button(
            RichText::new(format!("Deal round {round}: a face-up card on each row card"))
                .size(theme::HEADING),
        )
        .clicked()
    {
        commands.push(PlayCommand::Apply(Event::DuelRound { cards: None }));
        state.duel_shown = None;
    }
    egui::CollapsingHeader::new("Playing with real decks? Type the cards").id_salt("duel-typed").show(
        ui,
        |ui| {
            let mut cards: Vec<Option<Card>> = Vec::new();
            for (s, side) in game.sides.iter().enumerate() {
                for (k, what) in ["row card", "face-up card"].iter().enumerate() {
                    let text = &mut state.duel_typed[s][k];
                    widgets::text_field(ui, &format!("{} {what}", side.name), text, 60.0);
                    cards.push(text.parse::<Card>().ok());
                }
            }
            if let [Some(a), Some(b), Some(c), Some(d)] = cards[..]
                && ui.button("Deal the typed cards").clicked()
            {
                commands.push(PlayCommand::Apply(Event::DuelRound { cards: Some([[a, b], [c, d]]) }));
                state.duel_typed = Default::default();
            }
        },
    );
}

/// The player whose turn it is looks at his cards behind a hand-over screen, then hits or
/// stands.
fn decide_ui(
    ui: &mut Ui,
    rules: &Rules,
    game: &Game,
    side: usize,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    let Some(duel) = &game.duel else { return };
    ui.add_space(theme::GAP);
    if state.duel_shown != Some(side) {
        let tap = egui::Button::new(
            RichText::new(format!("Pass to the {} player — tap to hit or stand", game.player(rules, side)))
                .size(theme::HEADING + 4.0),
        )
        .min_size(egui::vec2(480.0, 90.0));
        if ui.add(tap).clicked() {
            state.duel_shown = Some(side);
        }
        return;
    }
    let hand = &duel.hands[side];
    let t = total(hand);
    row(ui, |ui| {
        for card in hand {
            super::hand::card_face_small(ui, *card);
        }
        ui.label(theme::big(t.to_string()));
    });
    row(ui, |ui| {
        let hit =
            egui::Button::new(RichText::new("Hit").size(theme::HEADING)).min_size(egui::vec2(120.0, 44.0));
        if ui.add(hit).clicked() {
            commands.push(PlayCommand::Apply(Event::DuelDecide { side, stand: false, card: None }));
            state.duel_shown = None;
        }
        let may_stand = t >= rules.core.duel.stand_at;
        let stand =
            egui::Button::new(RichText::new("Stand").size(theme::HEADING)).min_size(egui::vec2(120.0, 44.0));
        if ui
            .add_enabled(may_stand, stand)
            .on_disabled_hover_text(format!("Stand on {} or more", rules.core.duel.stand_at))
            .clicked()
        {
            commands.push(PlayCommand::Apply(Event::DuelDecide { side, stand: true, card: None }));
            state.duel_shown = None;
        }
    });
    row(ui, |ui| {
        let text = &mut state.duel_hit;
        widgets::text_field(ui, "Card drawn from a real deck", text, 60.0);
        if let Ok(card) = text.parse::<Card>()
            && ui.button(format!("Hit: {}", card.label())).clicked()
        {
            commands.push(PlayCommand::Apply(Event::DuelDecide { side, stand: false, card: Some(card) }));
            state.duel_hit.clear();
            state.duel_shown = None;
        }
    });
}

/// The shots the round owes, with the cards' bonuses, `roll → result` and Apply.
fn fire_ui(
    ui: &mut Ui,
    rules: &Rules,
    game: &Game,
    due: &[(usize, i32)],
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    let v = ui.visuals().clone();
    ui.add_space(theme::GAP);
    let together = due.len() == 2;
    ui.label(
        RichText::new(if together { "Both shoot at the same time" } else { "Shots" })
            .size(theme::HEADING)
            .strong(),
    );
    let mut rolls = Vec::new();
    for &(side, bonus) in due {
        let name =
            game.sides.get(side).and_then(|s| s.models.first()).map_or("?", |m| m.name.as_str()).to_owned();
        let odds = shooting::chances(rules, bonus);
        ui.label(format!("{name} shoots with {bonus:+} (only the cards count) · hit {}", odds.hit()));
        match roll_field_named(
            ui,
            &format!("{name}'s d20"),
            &mut state.duel_rolls[side],
            rules.core.shooting.die,
        ) {
            Ok(Some(roll)) => {
                let result = match shooting::result(rules, bonus, roll) {
                    ShotResult::OutOfAmmo => ShotResult::Miss,
                    r => r,
                };
                ui.label(
                    RichText::new(format!(
                        "{roll} {bonus:+} = {} → {}",
                        i64::from(roll) + i64::from(bonus),
                        result.title()
                    ))
                    .size(theme::HEADING)
                    .strong()
                    .color(looks::result_colour(&v, result)),
                );
                rolls.push((side, roll));
            }
            Ok(None) => {}
            Err(m) => problem(ui, &m),
        }
    }
    if rolls.len() == due.len() {
        let label = if together { "Apply both shots" } else { "Apply the shot" };
        if ui.button(RichText::new(label).size(theme::HEADING)).clicked() {
            commands.push(PlayCommand::Apply(Event::DuelFire { shots: rolls }));
            state.duel_rolls = Default::default();
        }
    }
}
