//! Initiative: the scene's first-turn rules, the deal (Posse deals or each player types the
//! cards of a real deck), ties between sides, the lowest-card switch, and second cards.

use egui::{RichText, Ui};

use super::{PlayCommand, PlayState};
use crate::systems::dmh::game::{Event, Flag, Game, ModelRef};
use crate::systems::dmh::rules::cards::Card;
use crate::systems::dmh::rules::data::Role;
use crate::systems::dmh::rules::{Rules, count};
use crate::ui::theme;
use crate::ui::widgets::{self, problem, row};

/// The scene's first-turn rules, before the first initiative cards are dealt.
pub(super) fn first_turn_ui(ui: &mut Ui, rules: &Rules, game: &Game) {
    let Some(scene) = game.scene.as_deref().and_then(|id| rules.scene(id)) else { return };
    if game.turn != 1 {
        return;
    }
    let mut lines: Vec<String> = scene.first_turn.clone();
    for side in &game.sides {
        lines.extend(scene.sides.get(side.role).first_turn.iter().map(|l| format!("{}: {l}", side.name)));
    }
    if lines.is_empty() {
        return;
    }
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.label(RichText::new(format!("First turn of {}", scene.title)).strong().size(theme::HEADING));
        for line in &lines {
            ui.label(format!("• {line}"));
        }
        for (s, side) in game.sides.iter().enumerate() {
            let keyed = scene.end.iter().any(|c| {
                c.trigger.kind == crate::systems::dmh::rules::data::TriggerKind::KeyModelOut
                    && matches!(
                        (c.trigger.side, side.role),
                        (crate::systems::dmh::rules::data::TriggerSide::Good, Role::Good)
                            | (crate::systems::dmh::rules::data::TriggerSide::Bad, Role::Bad)
                            | (crate::systems::dmh::rules::data::TriggerSide::Either, _)
                    )
            });
            let secret = scene.sides.get(side.role).secret_key;
            if keyed && !secret && !side.models.iter().any(|m| m.has(Flag::Key)) {
                problem(
                    ui,
                    &format!(
                        "Mark {} key model (⚑ → Key model): Posse needs it to see how this scene ends.",
                        super::possessive(&game.sides[s].name)
                    ),
                );
            }
        }
        let mut done = Vec::new();
        for side in &game.sides {
            let flags = &scene.sides.get(side.role).start_flags;
            for who in [crate::systems::dmh::rules::data::FlagWho::All, crate::systems::dmh::rules::data::FlagWho::Boss] {
                let titles: Vec<&str> = flags.iter().filter(|f| f.who == who).map(|f| f.flag.title()).collect();
                if !titles.is_empty() {
                    let whom = if who == crate::systems::dmh::rules::data::FlagWho::Boss { "the boss" } else { "every model" };
                    done.push(format!("{}, {whom}: {}", side.name, titles.join(", ")));
                }
            }
        }
        let text = if done.is_empty() {
            "Set these with each model's ⚑ menu before dealing: surprised, no card, drunk, off the table, acts as an ace.".to_owned()
        } else {
            format!("Posse has flagged: {}. Set the rest with each model's ⚑ menu before dealing.", done.join("; "))
        };
        ui.label(RichText::new(text).color(theme::muted(ui.visuals())));
    });
    ui.add_space(theme::GAP);
}

pub(super) fn initiative_ui(
    ui: &mut Ui,
    rules: &Rules,
    game: &Game,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    let v = ui.visuals().clone();
    ui.label(theme::heading(&v, "Initiative"));
    let mut typed: Vec<(ModelRef, Card)> = Vec::new();
    let mut missing = None;
    for (s, side) in game.sides.iter().enumerate() {
        row(ui, |ui| {
            widgets::row_label(ui, &side.name);
            if ui.add(egui::Button::selectable(!state.physical[s], "Posse deals")).clicked() {
                state.physical[s] = false;
            }
            if ui
                .add(egui::Button::selectable(state.physical[s], "Own deck"))
                .accessible_name(format!("{} draw from their own deck", side.name))
                .on_hover_text("The player draws from a real deck and types each card")
                .clicked()
            {
                state.physical[s] = true;
            }
        });
        if state.physical[s] && side.deck.is_empty() && !side.reshuffle {
            // Nothing left to draw and type: Posse deals from the empty deck and notes that
            // it has run out (a scene may end on it).
            problem(ui, &format!("{} have no card left to draw.", side.name));
        } else if state.physical[s] {
            state.typed[s].resize(side.models.len(), String::new());
            if let Some(name) = typed_cards_ui(ui, rules, game, s, &mut state.typed[s], &mut typed) {
                missing = Some(name);
            }
        } else {
            row(ui, |ui| {
                let label = widgets::row_label(ui, &format!("{} face up", side.name));
                let current = side.models.get(state.face_up[s]).map_or("?", |m| m.name.as_str());
                egui::ComboBox::from_id_salt(("face-up", s))
                    .selected_text(current)
                    .show_ui(ui, |ui| {
                        for (m, model) in side.models.iter().enumerate() {
                            if game.card_due(rules, ModelRef { side: s, model: m }) {
                                ui.selectable_value(&mut state.face_up[s], m, &model.name);
                            }
                        }
                    })
                    .response
                    .labelled_by(label.id);
            });
        }
    }
    let mut seen = typed.iter().map(|(r, c)| (r.side, *c)).collect::<Vec<_>>();
    seen.sort_by_key(|(s, c)| (*s, c.to_string()));
    let twice = seen.windows(2).any(|w| w[0] == w[1]);
    let event = Event::DealInitiative {
        face_up: [Some(state.face_up[0]), Some(state.face_up[1])],
        cards: if typed.is_empty() { None } else { Some(typed) },
    };
    let refusal = if missing.is_none() && !twice { game.refusal(rules, &event) } else { None };
    // What stops the deal, on one line kept for it whether or not there is anything to say,
    // so Deal initiative stays where it is while the cards are typed.
    let bad = theme::bad(&v);
    let line = if twice {
        Some(RichText::new("The same card is typed for two models.").color(bad).strong())
    } else if let Some(name) = &missing {
        Some(RichText::new(format!("Type a card for {name} to deal.")).color(theme::muted(&v)))
    } else {
        refusal.as_ref().map(|why| RichText::new(crate::ui::sentence(&why.to_string())).color(bad).strong())
    };
    if state.physical.iter().any(|p| *p) || line.is_some() {
        widgets::status_line(ui, theme::BODY + 1.0, line);
    }
    let ready = missing.is_none() && !twice && refusal.is_none();
    if ui
        .add_enabled(ready, egui::Button::new(RichText::new("Deal initiative").size(theme::HEADING)))
        .on_hover_text("Ctrl+D")
        .clicked()
        || (ready && super::shortcut(ui, egui::Key::D))
    {
        commands.push(PlayCommand::Apply(event));
        state.typed = [Vec::new(), Vec::new()];
    }
}

/// The cards a player drew from a real deck, typed per model: each one read is added to
/// `typed`. Returns the model still waiting for its card, if any.
fn typed_cards_ui(
    ui: &mut Ui,
    rules: &Rules,
    game: &Game,
    s: usize,
    texts: &mut [String],
    typed: &mut Vec<(ModelRef, Card)>,
) -> Option<String> {
    let side = game.sides.get(s)?;
    let mut missing = None;
    ui.label(
        RichText::new("Turn your top card face up for the model of your choice, deal the rest, then type each card (7S, 10H, QD, RJ).")
            .color(theme::muted(ui.visuals())),
    );
    // A deck shorter than the models due deals what it has; the rest sit it out.
    let due =
        (0..side.models.len()).filter(|&m| game.card_due(rules, ModelRef { side: s, model: m })).count();
    let left = side.deck.len();
    let needed = due.min(left);
    if needed < due {
        ui.label(
            RichText::new(format!(
                "{} have {} left in the deck: type the {} you draw; the models left blank sit this turn out.",
                side.name,
                count(u64::try_from(left).unwrap_or(u64::MAX), "card", "cards"),
                count(u64::try_from(needed).unwrap_or(u64::MAX), "card", "cards")
            ))
            .strong(),
        );
    }
    let mut blank = None;
    let mut typed_here = 0;
    for (m, model) in side.models.iter().enumerate() {
        if !game.card_due(rules, ModelRef { side: s, model: m }) {
            continue;
        }
        let Some(text) = texts.get_mut(m) else { continue };
        // Why the card cannot be dealt sits beside its field, on its line: the fields under
        // it never move while a card is typed.
        let why = |text: &str| match text.parse::<Card>() {
            Ok(card) if side.deck.contains(&card) => None,
            Ok(card) => Some(format!("{}.", where_card_is(game, s, card))),
            Err(e) if !text.trim().is_empty() => Some(format!("{e}.")),
            Err(_) => None,
        };
        widgets::validated_text_field(ui, &format!("{} card", model.name), text, 70.0, &why);
        match text.parse::<Card>() {
            Ok(card) if side.deck.contains(&card) => {
                typed.push((ModelRef { side: s, model: m }, card));
                typed_here += 1;
            }
            Ok(_) => missing = Some(model.name.clone()),
            Err(_) if !text.trim().is_empty() => missing = Some(model.name.clone()),
            Err(_) => blank = blank.or_else(|| Some(model.name.clone())),
        }
    }
    if typed_here < needed && missing.is_none() {
        missing = blank;
    }
    missing
}

/// Second initiative cards: offered to the outnumbered Stranger, then chosen by the owner.
pub(super) fn second_card_ui(
    ui: &mut Ui,
    rules: &Rules,
    game: &Game,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    let offered = state.second_for.filter(|r| game.model_at(*r).is_some_and(|m| m.second.is_none()));
    state.second_for = offered;
    for r in game.second_card_due(rules).into_iter().chain(offered) {
        let Some(m) = game.model_at(r) else { continue };
        ui.horizontal_wrapped(|ui| {
            let why = if offered == Some(r) {
                format!("{} draws a second card and keeps one.", m.name)
            } else {
                format!("{} is outnumbered: he is dealt a second card and keeps one.", m.name)
            };
            ui.label(RichText::new(why).strong());
            if state.physical[r.side] {
                second_typed_ui(ui, game, r, &m.name, state, commands);
            } else if ui.button(format!("Deal {}'s second card", m.name)).clicked() {
                commands.push(PlayCommand::Apply(Event::ExtraCard { model: r, card: None }));
            }
        });
    }
    for (s, side) in game.sides.iter().enumerate() {
        for (i, m) in side.models.iter().enumerate() {
            let (Some(held), Some(second)) = (m.card, m.second) else { continue };
            let r = ModelRef { side: s, model: i };
            // The owner looks at the two cards in secret (See How the Cat Jumps, A33).
            if state.second_shown != Some(r) {
                if ui
                    .button(format!(
                        "Pass to the {} player — tap to choose {}'s card",
                        game.player(rules, s),
                        m.name
                    ))
                    .clicked()
                {
                    state.second_shown = Some(r);
                }
                continue;
            }
            ui.horizontal_wrapped(|ui| {
                ui.label(RichText::new(format!("{}: keep which card?", m.name)).strong());
                if ui.button(format!("Keep {}", held.label())).clicked() {
                    commands.push(PlayCommand::Apply(Event::KeepCard { model: r, keep_second: false }));
                    state.second_shown = None;
                }
                if ui.button(format!("Keep {}", second.label())).clicked() {
                    commands.push(PlayCommand::Apply(Event::KeepCard { model: r, keep_second: true }));
                    state.second_shown = None;
                }
            });
        }
    }
}

/// A second card drawn from the player's own deck, typed (or dealt by Posse after all).
fn second_typed_ui(
    ui: &mut Ui,
    game: &Game,
    r: ModelRef,
    name: &str,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    widgets::text_field(ui, &format!("{name}'s second card"), &mut state.second_typed, 70.0);
    let typed = state.second_typed.parse::<Card>();
    let in_deck = typed.as_ref().ok().filter(|c| game.sides.get(r.side).is_some_and(|s| s.deck.contains(c)));
    if ui.add_enabled(in_deck.is_some(), egui::Button::new(format!("Take {name}'s second card"))).clicked()
        && let Some(card) = in_deck
    {
        commands.push(PlayCommand::Apply(Event::ExtraCard { model: r, card: Some(*card) }));
        state.second_typed.clear();
        state.second_for = None;
    }
    if ui.button("Posse deals it").clicked() {
        commands.push(PlayCommand::Apply(Event::ExtraCard { model: r, card: None }));
        state.second_typed.clear();
        state.second_for = None;
    }
    match typed {
        Ok(card) if in_deck.is_none() => problem(ui, &format!("{}.", where_card_is(game, r.side, card))),
        Err(e) if !state.second_typed.trim().is_empty() => problem(ui, &format!("{e}.")),
        _ => {}
    }
}

/// The side offered the lowest-card switch now (after the reveal, before anyone acts), if any.
pub(super) fn switch_offered(game: &Game) -> Option<usize> {
    game.switch_side().ok().flatten()
}

/// The lowest-card switch, offered after the reveal and before anyone acts: its sentence, the
/// two models and Swap cards, and how the offer ends.
pub(super) fn switch_ui(ui: &mut Ui, game: &Game, state: &mut PlayState, commands: &mut Vec<PlayCommand>) {
    let Some(s) = switch_offered(game) else { return };
    let Some(side) = game.sides.get(s) else { return };
    let v = ui.visuals().clone();
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.label(
            RichText::new(format!(
                "{} hold the lowest card: they may swap the cards of two of their models.",
                side.name
            ))
            .strong(),
        );
        row(ui, |ui| swap_controls(ui, s, side, state, commands));
        ui.label(RichText::new(SWITCH_ENDS).small().color(theme::muted(&v)));
    });
}

/// How the switch's offer ends.
const SWITCH_ENDS: &str = "Or just carry on: the offer ends when the first model acts.";

/// The lowest-card switch on one row, for a strip of its own over the gangs under the turn (a
/// tablet held upright): the two models and Swap cards, then the offer's words wrapped whole
/// in the rest of the row, three lines of small text at most, so the strip is one row high
/// whatever they say. At the foot of the turn the offer lay under the gangs at 768 × 1024 (and
/// at 800 × 1280 with gangs of five), to be scrolled to.
pub(super) fn switch_strip_ui(
    ui: &mut Ui,
    game: &Game,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    let Some(s) = switch_offered(game) else { return };
    let Some(side) = game.sides.get(s) else { return };
    let words = format!(
        "{} hold the lowest card: they may swap the cards of two of their models. {SWITCH_ENDS}",
        side.name
    );
    ui.horizontal(|ui| {
        swap_controls(ui, s, side, state, commands);
        widgets::status_lines(ui, theme::BODY - 3.0, 3, Some(RichText::new(words).strong()));
    });
}

/// The switch's two models, each picked from the side's models with a card, and Swap cards.
fn swap_controls(
    ui: &mut Ui,
    s: usize,
    side: &crate::systems::dmh::game::SideState,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    for (k, pick) in state.swap.iter_mut().enumerate() {
        let current = side.models.get(*pick).map_or("?", |m| m.name.as_str());
        egui::ComboBox::from_id_salt(("swap", k))
            .selected_text(current)
            .show_ui(ui, |ui| {
                for (m, model) in side.models.iter().enumerate().filter(|(_, m)| m.card.is_some()) {
                    ui.selectable_value(pick, m, &model.name);
                }
            })
            .response
            .accessible_name(format!("Swap model {}", k + 1));
    }
    let [a, b] = state.swap;
    if ui.add_enabled(a != b, egui::Button::new("Swap cards")).clicked() {
        commands.push(PlayCommand::Apply(Event::Switch {
            a: ModelRef { side: s, model: a },
            b: ModelRef { side: s, model: b },
        }));
    }
}

/// Why a typed card cannot be drawn from side `s`'s deck now, as the player would say it.
pub(super) fn where_card_is(game: &Game, s: usize, card: Card) -> String {
    let Some(side) = game.sides.get(s) else { return String::new() };
    let label = card.label();
    if side.hand.contains(&card) {
        return format!(
            "{label} is in the hand Posse dealt: type your real hand first (Hand, Playing with your own deck?)"
        );
    }
    if side.discard.contains(&card) {
        return format!("{label} is in the discard pile: it was used already");
    }
    if let Some(m) = game.sides.iter().flat_map(|x| &x.models).find(|m| m.card == Some(card)) {
        return format!("{label} is already on {}", m.name);
    }
    if !side.owns.contains(&card) {
        return format!("{label} is not in the {} deck", super::possessive(&side.name));
    }
    format!("{label} is not in the {} deck now", super::possessive(&side.name))
}

/// Enemy models tie and the order of placing does not settle it: who placed first, or both
/// at once and each side draws a card (typed from a real deck, or drawn by Posse).
pub(super) fn tie_ui(
    ui: &mut Ui,
    game: &Game,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
    why: &str,
) {
    egui::Frame::group(ui.style()).show(ui, |ui| {
        // The engine's sentence names the two models; its advice is given here as buttons.
        let who = why.split(':').next().unwrap_or(why);
        ui.label(RichText::new(format!("{who}.")).size(theme::HEADING).strong());
        ui.label("Who placed his first card first? That side wins ties this turn.");
        row(ui, |ui| {
            for (s, side) in game.sides.iter().enumerate() {
                if ui
                    .button(RichText::new(format!("{} placed first", side.name)).size(theme::HEADING))
                    .clicked()
                {
                    commands.push(PlayCommand::Apply(Event::TiePriority { side: s }));
                }
            }
        });
        ui.add_space(6.0);
        ui.label("Placed at the same time? Each side draws a card; the higher wins ties.");
        if ui.button(RichText::new("Posse draws a card for each side").size(theme::HEADING)).clicked() {
            commands.push(PlayCommand::Apply(Event::TieDraw { cards: None }));
        }
        egui::CollapsingHeader::new("Drew from real decks? Type the two cards").id_salt("tie-typed").show(
            ui,
            |ui| {
                let mut typed = Vec::new();
                for (text, side) in state.tie_cards.iter_mut().zip(&game.sides) {
                    widgets::text_field(ui, &format!("{} drew", side.name), text, 60.0);
                    typed.push(text.parse::<Card>().ok());
                }
                if let [Some(a), Some(b)] = typed[..]
                    && ui.button("Apply the cards drawn").clicked()
                {
                    commands.push(PlayCommand::Apply(Event::TieDraw { cards: Some([a, b]) }));
                    state.tie_cards = [String::new(), String::new()];
                }
            },
        );
    });
}
