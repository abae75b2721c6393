//! Cards and abilities on the Play screen: a player's hand behind a hand-over screen, playing
//! a card on its targets, the trump offered to the other player (who alone sees whether they
//! hold one), the cards in play, and each gang's abilities with their limits.

use egui::{RichText, Ui};

use super::{HandOver, PlayCommand, PlayState};
use crate::systems::dmh::game::hands::Whose;
use crate::systems::dmh::game::{Effect, Event, Game, ModelRef, Phase};
use crate::systems::dmh::rules::Rules;
use crate::systems::dmh::rules::cards::Card;
use crate::systems::dmh::rules::data::{AbilityId, AutoLevel, Automation, Lasts, Timing};
use crate::ui::theme;
use crate::ui::widgets::{self, problem, row};

/// The big "pass the device" button of a hand-over screen. Returns `true` when tapped.
fn hand_over_button(ui: &mut Ui, text: &str) -> bool {
    ui.add_space(60.0);
    let mut tapped = false;
    ui.vertical_centered(|ui| {
        let tap =
            egui::Button::new(RichText::new(text).size(theme::BIG - 8.0)).min_size(egui::vec2(520.0, 140.0));
        tapped = ui.add(tap).clicked();
    });
    tapped
}

/// "Posse applies" or "Reminder", with what Posse does.
fn automation_line(ui: &mut Ui, automation: &Automation) {
    let v = ui.visuals().clone();
    let (badge, colour) = match automation.level {
        AutoLevel::Applied => ("Posse applies", theme::good(&v)),
        AutoLevel::Reminder => ("Reminder", theme::muted(&v)),
    };
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(badge).small().strong().color(colour));
        ui.label(RichText::new(&automation.note).small().color(theme::muted(&v)));
    });
}

/// A card in a hand: a white card with its rank and suit in the card's ink.
pub(super) fn card_face_small(ui: &mut Ui, card: Card) {
    let (rect, response) = ui.allocate_exact_size(egui::vec2(90.0, 126.0), egui::Sense::hover());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, card.label()));
    let painter = ui.painter();
    // The same paper, edge and ink as the Reference screen's card faces.
    painter.rect(
        rect,
        8.0,
        theme::card_paper(),
        egui::Stroke::new(1.5, theme::card_edge()),
        egui::StrokeKind::Inside,
    );
    let ink = theme::suit_ink(card.colour());
    let text = if card.is_joker() { "JOKER".to_owned() } else { card.label() };
    painter.text(
        rect.center(),
        egui::Align2::CENTER_CENTER,
        text,
        egui::FontId::proportional(if card.is_joker() { 18.0 } else { 34.0 }),
        ink,
    );
}

/// A player's hand: first a screen asking to pass the device, then the cards, each with what
/// it does, and the buttons to play it (on its targets) or discard it to draw.
pub(super) fn hand_ui(
    ui: &mut Ui,
    rules: &Rules,
    game: &Game,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    let v = ui.visuals().clone();
    let Some(over) = state.hand_over else { return };
    let Some(side) = game.sides.get(over.side) else {
        state.hand_over = None;
        return;
    };
    if !over.shown {
        if hand_over_button(
            ui,
            &format!("Pass to the {} player — tap to show hand", game.player(rules, over.side)),
        ) {
            state.hand_over = Some(HandOver { shown: true, ..over });
            // Each hand shown starts at its top: no scroll position is left from the last.
            state.hands_shown = state.hands_shown.wrapping_add(1);
        }
        ui.vertical_centered(|ui| {
            if ui.button("Cancel").clicked() {
                state.hand_over = None;
            }
            // Why Undo, greyed at the top, waits (a touch screen has no hover to tell it).
            if let Some(why) = state.history_held(game) {
                ui.label(RichText::new(why).color(theme::muted(&v)));
            }
        });
        return;
    }
    row(ui, |ui| {
        ui.label(theme::heading(&v, format!("{}'s hand", side.name)));
        if ui.button(RichText::new("Hide hand").size(theme::HEADING)).clicked() {
            state.hand_over = None;
            state.playing = None;
        }
    });
    let may_swap = game.phase == Phase::EndOfTurn && !side.used_card;
    let may_play = matches!(game.phase, Phase::Activations | Phase::EndOfTurn) && game.pending.is_none();
    let may_call = game.may_call_reinforcements(rules, over.side);
    if may_swap {
        ui.label("You used no card this turn: you may discard one to draw one when the next turn starts.");
    }
    if let Some(card) = state.playing.filter(|c| side.hand.contains(c)) {
        targets_ui(ui, rules, game, over.side, card, state, commands);
        return;
    }
    physical_hand_ui(ui, over.side, state, commands);
    egui::ScrollArea::vertical().id_salt(("hand", state.hands_shown)).auto_shrink([false, true]).show(
        ui,
        |ui| {
            for &card in &side.hand {
                row(ui, |ui| {
                    card_face_small(ui, card);
                    ui.vertical(|ui| {
                        ui.set_max_width(560.0);
                        if let Some(text) = rules.card_text(card) {
                            ui.label(RichText::new(&text.name).strong().size(theme::HEADING));
                            ui.label(RichText::new(&text.when).color(theme::muted(&v)));
                            ui.label(&text.effect);
                            automation_line(ui, &text.automation);
                        }
                        row(ui, |ui| {
                            if may_play
                                && ui
                                    .button(RichText::new(format!("Play {}", card.label())).strong())
                                    .clicked()
                            {
                                state.playing = Some(card);
                                state.play_targets.clear();
                            }
                            if may_swap && ui.button(format!("Discard {} to draw", card.label())).clicked() {
                                commands
                                    .push(PlayCommand::Apply(Event::DiscardToDraw { side: over.side, card }));
                                state.hand_over = None;
                            }
                            let special = card.is_joker() || card.value() >= 11;
                            if special
                                && may_call
                                && ui
                                    .button(format!("Discard {} to call the reinforcements", card.label()))
                                    .clicked()
                            {
                                commands.push(PlayCommand::Apply(Event::CallReinforcements {
                                    side: over.side,
                                    card,
                                }));
                                // The device goes to the player who may trump it.
                                state.passed = vec![0];
                                state.hand_over = None;
                            }
                        });
                    });
                });
                ui.add_space(6.0);
            }
            if side.hand.is_empty() {
                ui.label("No cards in hand.");
            }
        },
    );
}

/// For a player with a real deck: type the cards held, and Posse's hand follows.
fn physical_hand_ui(ui: &mut Ui, side: usize, state: &mut PlayState, commands: &mut Vec<PlayCommand>) {
    egui::CollapsingHeader::new("Playing with your own deck? Type the hand you hold")
        .id_salt(("physical-hand", side))
        .show(ui, |ui| {
            row(ui, |ui| {
                let text = &mut state.typed_hand;
                let label = crate::ui::widgets::row_label(ui, "Cards held");
                let field = ui
                    .add(egui::TextEdit::singleline(text).desired_width(260.0).hint_text("7S QH RJ"))
                    .labelled_by(label.id);
                crate::ui::widgets::keep_in_view(&field);
                let parsed: Result<Vec<Card>, _> = text.split_whitespace().map(str::parse::<Card>).collect();
                match parsed {
                    Ok(cards) if !cards.is_empty() => {
                        if ui.button("Set the hand").clicked() {
                            commands.push(PlayCommand::Apply(Event::SetHand { side, cards }));
                            text.clear();
                        }
                    }
                    Ok(_) => {}
                    Err(e) => problem(ui, &format!("{e}.")),
                }
            });
        });
}

/// The words before a card's `i`th target: a Red Joker's swaps, one of the player's own
/// models (named by its gang, numbered only among several), an enemy model.
fn target_label(effect: Option<Effect>, whose: Whose, i: usize, own_wanted: usize, gang: &str) -> String {
    match (effect, whose) {
        (Some(Effect::RedJoker), Whose::Own) => format!("Swap {}: your model", i / 2 + 1),
        (Some(Effect::RedJoker), Whose::Enemy) => format!("Swap {}: enemy model", i / 2 + 1),
        (_, Whose::Own) if own_wanted > 1 => format!("{} model {}", super::possessive(gang), i + 1),
        (_, Whose::Own) => format!("{} model", super::possessive(gang)),
        (_, Whose::Enemy) => format!("Enemy model {}", i + 1),
    }
}

/// Picks the targets of the card being played, then plays it.
fn targets_ui(
    ui: &mut Ui,
    rules: &Rules,
    game: &Game,
    side: usize,
    card: Card,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    let name = rules.card_text(card).map_or_else(|| card.label(), |t| t.name.clone());
    ui.label(theme::big(format!("{} {name}", card.label())));
    let effect = Effect::of(card);
    let wanted = crate::systems::dmh::game::hands::wanted_targets(rules, card);
    let swaps = matches!(effect, Some(Effect::SoddenByWhiskey | Effect::RedJoker));
    state.play_targets.resize(wanted.len(), None);
    // Coming from a prompt (Yellow Belly at a nerve test), the model is already chosen;
    // otherwise the first target of each kind defaults to the model it is most likely for: the
    // acting model, or the enemy it is shooting at.
    let acting = if game.phase == Phase::Activations { game.first_in_order() } else { None };
    let shot_at = acting.and_then(|a| state.draft.target.map(|model| ModelRef { side: 1 - a.side, model }));
    let likely = |whose: Whose| {
        let own = |r: &ModelRef| (r.side == side) == (whose == Whose::Own);
        state.preset_target.filter(own).or(acting.filter(own)).or(shot_at.filter(own))
    };
    for kind in [Whose::Own, Whose::Enemy] {
        if let Some(i) = wanted.iter().position(|w| *w == kind)
            && state.play_targets.get(i).is_some_and(Option::is_none)
            && !swaps
            && let Some(r) = likely(kind)
        {
            state.play_targets[i] = Some(r);
        }
    }
    let own_wanted = wanted.iter().filter(|w| **w == Whose::Own).count();
    for (i, whose) in wanted.iter().enumerate() {
        let s = if *whose == Whose::Own { side } else { 1 - side };
        let Some(pool) = game.sides.get(s) else { return };
        let label = target_label(effect, *whose, i, own_wanted, &pool.name);
        row(ui, |ui| {
            let row = crate::ui::widgets::row_label(ui, &label);
            let current =
                state.play_targets[i].and_then(|r| game.model_at(r)).map_or("Pick", |m| m.name.as_str());
            egui::ComboBox::from_id_salt(("card-target", i))
                .selected_text(current)
                .show_ui(ui, |ui| {
                    for (m, model) in pool.models.iter().enumerate() {
                        if model.out_of_action || (swaps && (model.card.is_none() || model.activated)) {
                            continue;
                        }
                        let text = model.card.map_or_else(
                            || model.name.clone(),
                            |c| format!("{} ({})", model.name, c.label()),
                        );
                        ui.selectable_value(
                            &mut state.play_targets[i],
                            Some(ModelRef { side: s, model: m }),
                            text,
                        );
                    }
                })
                .response
                .labelled_by(row.id);
        });
    }
    let chosen: Vec<ModelRef> = state.play_targets.iter().map_while(|t| *t).collect();
    // The Red Joker makes every swap it can (three, fewer only if a side runs short); every
    // target is a different model. Posse checks both when the card is played.
    let event = Event::Play { side, card, targets: chosen.clone() };
    let complete = game.allows(rules, &event);
    row(ui, |ui| {
        if ui
            .add_enabled(
                complete,
                egui::Button::new(RichText::new(format!("Play {} now", card.label())).size(theme::HEADING)),
            )
            .clicked()
        {
            commands.push(PlayCommand::Apply(event.clone()));
            // The device goes to the player who may trump it.
            state.passed = vec![0];
            state.playing = None;
            state.play_targets.clear();
            state.hand_over = None;
            state.preset_target = None;
        }
        if ui.button("Back to the hand").clicked() {
            state.playing = None;
        }
    });
    if !complete {
        let why = why_not(rules, game, &event, chosen.len() < wanted.len());
        ui.label(RichText::new(why).color(theme::muted(ui.visuals())));
    }
}

/// Why the card cannot be played as it stands: a target missing, the moment past, or the
/// game's own reason.
fn why_not(rules: &Rules, game: &Game, event: &Event, missing: bool) -> String {
    let Event::Play { card, targets: chosen, .. } = event else { return String::new() };
    let (card, effect) = (*card, Effect::of(*card));
    if missing && effect != Some(Effect::RedJoker) {
        return "Choose every target to play it.".to_owned();
    }
    match rules.card_text(card).map(|t| t.timing) {
        Some(Timing::InitiativeRevealed | Timing::BeforeAnyActivation | Timing::BeforeEnemyActivations)
            if !game.acted.is_empty() =>
        {
            "Too late: this card is played before the models start to act.".to_owned()
        }
        Some(Timing::EnemyUfNerveResult) => {
            "Yellow Belly answers the nerve test a shot has just called for.".to_owned()
        }
        _ if !chosen.is_empty() || effect == Some(Effect::RedJoker) => {
            "Choose a different model for each target (the Red Joker makes all three swaps).".to_owned()
        }
        // A card on no model (Stumble before the enemy's move): the game's own reason.
        _ => game.refusal(rules, event).map_or_else(
            || "It cannot be played now.".to_owned(),
            |why| crate::ui::sentence(&why.to_string()),
        ),
    }
}

/// The card waiting for trumps: what it does and, behind a hand-over screen, the other
/// player's choice to trump it or let it stand.
pub(super) fn pending_ui(
    ui: &mut Ui,
    rules: &Rules,
    game: &Game,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    let v = ui.visuals().clone();
    let Some(p) = &game.pending else { return };
    let owner = game.sides.get(p.side).map_or("?", |s| s.name.as_str());
    let text = rules.card_text(p.card);
    row(ui, |ui| {
        card_face_small(ui, p.card);
        for t in &p.trumps {
            card_face_small(ui, *t);
        }
        ui.vertical(|ui| {
            ui.label(theme::big(format!(
                "{owner} play {}",
                text.map_or_else(|| p.card.label(), |t| t.name.clone())
            )));
            let on: Vec<String> =
                p.targets.iter().filter_map(|r| game.model_at(*r).map(|m| m.name.clone())).collect();
            if !on.is_empty() {
                ui.label(RichText::new(format!("On {}", on.join(", "))).strong());
            }
            if let Some(t) = text {
                ui.label(&t.effect);
                automation_line(ui, &t.automation);
            }
            if !p.trumps.is_empty() {
                let chain: Vec<String> = p.trumps.iter().map(|c| c.label()).collect();
                ui.label(
                    RichText::new(format!("Trumped by {}", chain.join(", then ")))
                        .color(theme::accent(&v))
                        .strong(),
                );
            }
            ui.label(
                RichText::new(
                    "A card of the same value trumps it: both are discarded and it has no effect. A trump can be trumped back.",
                )
                .small()
                .color(theme::muted(&v)),
            );
        });
    });
    let next = p.next_to_trump();
    let Some(trumper) = game.sides.get(next) else { return };
    if !state.trump_shown {
        let what = if p.trumps.is_empty() { "trump it" } else { "trump back" };
        if hand_over_button(
            ui,
            &format!("Pass to the {} player — tap to {what} or let it stand", game.player(rules, next)),
        ) {
            state.trump_shown = true;
        }
        return;
    }
    let matching: Vec<Card> = trumper.hand.iter().copied().filter(|c| c.value() == p.value()).collect();
    ui.add_space(theme::GAP);
    row(ui, |ui| {
        for card in &matching {
            if ui.button(RichText::new(format!("Trump with {}", card.label())).size(theme::HEADING)).clicked()
            {
                commands.push(PlayCommand::Apply(Event::Trump { side: next, card: *card }));
                state.trump_shown = false;
                state.passed.push(p.trumps.len() + 1);
            }
        }
        if matching.is_empty() {
            ui.label(format!("{} hold no card of that value.", trumper.name));
        }
        let settle = if p.stands() { "Let it stand" } else { "Let the trump stand" };
        if ui.button(RichText::new(settle).size(theme::HEADING)).clicked() {
            commands.push(PlayCommand::Apply(Event::Settle));
            state.trump_shown = false;
        }
    });
}

/// The cards whose effect lasts, with their targets and how long they last.
pub(super) fn in_play_ui(ui: &mut Ui, rules: &Rules, game: &Game) {
    if game.in_play.is_empty() {
        return;
    }
    let v = ui.visuals().clone();
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.label(RichText::new("Cards in play").strong());
        for p in &game.in_play {
            let name = rules.card_text(p.card).map_or_else(|| p.card.label(), |t| t.name.clone());
            let on: Vec<String> =
                p.targets.iter().filter_map(|r| game.model_at(*r).map(|m| m.name.clone())).collect();
            let on = if on.is_empty() { String::new() } else { format!(" on {}", on.join(", ")) };
            let until = match p.lasts {
                Lasts::Activation => "this activation",
                Lasts::Turn => "until the end of the turn",
                Lasts::UntilNerveFail => "until one of their models fails a nerve test",
                Lasts::UntilHit => "until the model is hit",
                Lasts::Instant => "",
            };
            ui.label(
                RichText::new(format!("{} {name}{on} — {until}", p.card.label())).color(
                    if Effect::of(p.card).is_some() { v.strong_text_color() } else { theme::muted(&v) },
                ),
            );
        }
    });
}

/// One side's gang abilities: limits, what Posse does, whether each may be used now, and a
/// button to use the ones that are used on purpose.
pub(super) fn abilities_ui(
    ui: &mut Ui,
    rules: &Rules,
    game: &Game,
    side: usize,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    let v = ui.visuals().clone();
    let Some(s) = game.sides.get(side) else { return };
    let Some(gang) = rules.gang(&s.gang) else { return };
    egui::CollapsingHeader::new(format!("{}: gang abilities", s.name)).id_salt(("abilities", side)).show(
        ui,
        |ui| {
            for a in &gang.abilities {
                ui.label(RichText::new(format!("{} · {}", a.name, a.frequency.label())).strong());
                ui.label(RichText::new(&a.when).small().color(theme::muted(&v)));
                automation_line(ui, &a.automation);
                let refusal = game.ability_refusal(rules, side, a.id);
                let used_now = game.used_this_turn(side, a.id);
                if used_now {
                    ui.label(RichText::new("Used this turn").small().color(theme::accent(&v)));
                }
                match (&refusal, a.id) {
                    (Some(why), _) if !used_now => {
                        ui.label(RichText::new(format!("Not now: {why}.")).small().color(theme::muted(&v)));
                    }
                    (None, id) => use_ability_ui(ui, game, side, id, &a.name, state, commands),
                    _ => {}
                }
                ui.add_space(4.0);
            }
        },
    );
}

pub(super) fn use_ability_ui(
    ui: &mut Ui,
    game: &Game,
    side: usize,
    id: AbilityId,
    name: &str,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    let Some(s) = game.sides.get(side) else { return };
    let phase_ok = match id {
        AbilityId::AndJusticeForAll => game.phase == Phase::EndOfTurn,
        // Used after the reveal, before anyone acts.
        AbilityId::Cheatin | AbilityId::SeeHowTheCatJumps | AbilityId::CrazyAsALoon => {
            game.phase == Phase::Activations && game.acted.is_empty()
        }
        AbilityId::AHogKillinTime | AbilityId::AboveSnakes => game.phase == Phase::Activations,
        // Tough as Old Boots is declared in the nerve test; the others are always on.
        AbilityId::ToughAsOldBoots | AbilityId::IAmTheLaw | AbilityId::LifeAintWorthSpit => return,
    };
    if !phase_ok || game.pending.is_some() {
        return;
    }
    let needs_model = !matches!(id, AbilityId::CrazyAsALoon | AbilityId::AboveSnakes);
    let needs_card = id == AbilityId::Cheatin;
    // Which models the ability can be used on is the game's to say.
    let models = if needs_model { game.ability_models(side, id) } else { Vec::new() };
    if needs_model && models.is_empty() {
        // In the picker's place, in a sentence.
        let why = match id {
            AbilityId::AndJusticeForAll => {
                format!("None of {} models has an under fire marker.", super::possessive(&s.name))
            }
            AbilityId::AHogKillinTime => {
                format!("None of {} models has a loaded pistol.", super::possessive(&s.name))
            }
            _ => format!(
                "None of {} models holds an initiative card of their own to use it on.",
                super::possessive(&s.name)
            ),
        };
        ui.label(RichText::new(why).color(theme::muted(ui.visuals())));
        return;
    }
    let draft = state.ability.entry(id).or_default();
    if draft.0.is_some_and(|m| !models.contains(&m)) {
        draft.0 = None;
    }
    ui.horizontal_wrapped(|ui| {
        if needs_model {
            let current = draft.0.and_then(|m| s.models.get(m)).map_or("Pick a model", |m| m.name.as_str());
            egui::ComboBox::from_id_salt(("ability-model", side, id))
                .selected_text(current)
                .show_ui(ui, |ui| {
                    for &m in &models {
                        if let Some(model) = s.models.get(m) {
                            ui.selectable_value(&mut draft.0, Some(m), &model.name);
                        }
                    }
                })
                .response
                .accessible_name(format!("{name}: model"));
        }
        if needs_card {
            let current = draft.1.map_or_else(|| "Pick a hand card".to_owned(), Card::label);
            egui::ComboBox::from_id_salt(("ability-card", side, id))
                .selected_text(current)
                .show_ui(ui, |ui| {
                    for &card in &s.hand {
                        ui.selectable_value(&mut draft.1, Some(card), card.label());
                    }
                })
                .response
                .accessible_name(format!("{name}: hand card"));
        }
        // The second card drawn from the player's own deck, or left blank for Posse to deal.
        let mut typed_ok = true;
        if id == AbilityId::SeeHowTheCatJumps && state.physical[side] {
            widgets::text_field(ui, &format!("{name}: second card"), &mut state.second_typed, 70.0);
            draft.1 = None;
            if !state.second_typed.trim().is_empty() {
                match state.second_typed.parse::<Card>() {
                    Ok(card) if s.deck.contains(&card) => draft.1 = Some(card),
                    Ok(card) => {
                        problem(ui, &format!("{}.", super::initiative::where_card_is(game, side, card)));
                        typed_ok = false;
                    }
                    Err(e) => {
                        problem(ui, &format!("{e}."));
                        typed_ok = false;
                    }
                }
            }
        }
        let ready = (!needs_model || draft.0.is_some()) && (!needs_card || draft.1.is_some()) && typed_ok;
        if ui.add_enabled(ready, egui::Button::new(format!("Use {name}"))).clicked() {
            let targets = draft.0.map(|model| vec![ModelRef { side, model }]).unwrap_or_default();
            commands.push(PlayCommand::Apply(Event::UseAbility {
                side,
                ability: id,
                targets,
                card: draft.1,
            }));
            *draft = (None, None);
            state.second_typed.clear();
        }
    });
    if needs_card && s.hand.is_empty() {
        problem(ui, "No card in hand to swap.");
    }
}
