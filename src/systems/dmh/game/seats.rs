//! Dead Man's Hand at a shared table: each side's seat, what its phone may see (its own hand,
//! the initiative cards face up, the cards in play, the public log) and what it may do now.
//!
//! Every choice a seat is offered is an event the game accepts now ([`State::allows`]): the
//! offers are worked out once, with their events, so [`SeatRules::seat_event`] answers only a
//! choice the view offers, with the very event that was checked. A die the side rolls for its
//! own model (a nerve test a shot called for, Big Nerve, its shot in the duel) is typed on the
//! phone, in a field bounded as the Play screen bounds it: the choice's event is checked with an
//! example face, and the typed face takes its place. Shots, and cards drawn from a real deck,
//! stay on the host.
//!
//! Nothing of a side's hand reaches the other side or a watcher: the hand is in its own
//! side's view only, and the log lines that would tell of it (the set-up's seed, which deals
//! every hand; a card discarded to draw) are reworded for everyone else.
//!
//! This module is pure: no user interface, no files, no clock.

use crate::kernel::seat::{
    self, CardView, Choice, Counter, Field, Prompt, RECENT_LINES, Seat, SeatRules, SeatView, Values,
};
use crate::systems::dmh::rules::Rules;
use crate::systems::dmh::rules::cards::{Card, Colour};
use crate::systems::dmh::rules::data::Lasts;

use super::duel;
use super::hands::{Whose, wanted_targets};
use super::{Effect, Event, Game, ModelRef, Phase, State};

/// The seats' ids, side A's then side B's: stable for the whole game.
pub const SEAT_IDS: [&str; 2] = ["side-a", "side-b"];

/// At most this many ways to play one card are offered (one button each); a card with more
/// (a swap among many enemies, the Red Joker) has its targets picked on the host screen.
const MAX_WAYS: usize = 12;

/// The side a seat id stands for.
fn side_of_seat(game: &State, seat: &str) -> Option<usize> {
    SEAT_IDS.iter().position(|id| *id == seat).filter(|s| *s < game.sides.len())
}

/// One thing a side may do now: the choice its phone shows and the event it stands for.
struct Offer {
    choice: Choice,
    event: Event,
}

/// Everything a side may do now: its hand cards' actions and the questions asked of it.
#[derive(Default)]
struct Offers {
    /// Each hand card's actions, in the hand's order.
    hand: Vec<(Card, Vec<Offer>, Option<String>)>,
    prompts: Vec<(String, Vec<Offer>)>,
}

impl Offers {
    fn all(&self) -> impl Iterator<Item = &Offer> {
        self.hand.iter().flat_map(|(_, o, _)| o).chain(self.prompts.iter().flat_map(|(_, o)| o))
    }
}

/// A model's id inside a choice id: its side and place in the cast ("1.2").
fn model_code(r: ModelRef) -> String {
    format!("{}.{}", r.side, r.model)
}

fn red(card: Card) -> bool {
    card.colour() == Colour::Red
}

/// A card's name as the rules give it, or its face.
fn card_name(rules: &Rules, card: Card) -> String {
    rules.card_text(card).map_or_else(|| card.label(), |t| t.name.clone())
}

/// The models a card's target of kind `whose` may be, for `side` playing it.
fn target_pool(game: &State, side: usize, whose: Whose, swaps: bool) -> Vec<ModelRef> {
    let s = if whose == Whose::Own { side } else { 1 - side };
    let Some(pool) = game.sides.get(s) else { return Vec::new() };
    pool.models
        .iter()
        .enumerate()
        .filter(|(_, m)| !m.out_of_action && m.on_table() && (!swaps || (m.card.is_some() && !m.activated)))
        .map(|(model, _)| ModelRef { side: s, model })
        .collect()
}

/// Every way to aim `card` (one list of targets each), or `None` when there are too many to
/// offer as buttons.
fn target_lists(rules: &Rules, game: &State, side: usize, card: Card) -> Option<Vec<Vec<ModelRef>>> {
    let wanted = wanted_targets(rules, card);
    let swaps = matches!(Effect::of(card), Some(Effect::SoddenByWhiskey | Effect::RedJoker));
    match wanted {
        [] => Some(vec![Vec::new()]),
        [w] => Some(target_pool(game, side, *w, swaps).into_iter().map(|r| vec![r]).collect()),
        [w1, w2] => {
            let (first, second) = (target_pool(game, side, *w1, swaps), target_pool(game, side, *w2, swaps));
            let mut lists = Vec::new();
            for (i, a) in first.iter().enumerate() {
                for (j, b) in second.iter().enumerate() {
                    // A swap between two enemies is the same either way round.
                    if a == b || (w1 == w2 && j <= i) {
                        continue;
                    }
                    lists.push(vec![*a, *b]);
                }
            }
            Some(lists)
        }
        // The Red Joker's three swaps: on the host screen.
        _ => None,
    }
}

/// The ways `side` may play `card` now, or why they are left to the host screen.
fn play_offers(rules: &Rules, game: &State, side: usize, card: Card) -> (Vec<Offer>, Option<String>) {
    let host = || Some("Choose its targets on the host screen.".to_owned());
    let Some(lists) = target_lists(rules, game, side, card) else { return (Vec::new(), host()) };
    let offers: Vec<Offer> = lists
        .into_iter()
        .map(|targets| {
            let mut id = format!("play:{card}");
            for r in &targets {
                id.push(':');
                id.push_str(&model_code(*r));
            }
            let names: Vec<&str> =
                targets.iter().filter_map(|r| game.model_at(*r)).map(|m| m.name.as_str()).collect();
            let label =
                if names.is_empty() { "Play".to_owned() } else { format!("Play on {}", names.join(" and ")) };
            Offer { choice: Choice::new(id, label), event: Event::Play { side, card, targets } }
        })
        .filter(|o| game.allows(rules, &o.event))
        .collect();
    if offers.len() > MAX_WAYS { (Vec::new(), host()) } else { (offers, None) }
}

/// The trump chance of `side`, when a card waits for it to trump or let it stand.
fn trump_offers(rules: &Rules, game: &State, side: usize, offers: &mut Offers) {
    let Some(p) = &game.pending else { return };
    let Some(me) = game.sides.get(side) else { return };
    let mine = p.next_to_trump() == side;
    for &card in &me.hand {
        let mut actions = Vec::new();
        let event = Event::Trump { side, card };
        if mine && game.allows(rules, &event) {
            actions.push(Offer { choice: Choice::new(format!("trump:{card}"), "Trump"), event });
        }
        offers.hand.push((card, actions, None));
    }
    if !mine {
        return;
    }
    // The card or trump to answer is the other side's: the chain alternates.
    let other = game.sides.get(1 - side).map_or("?", |s| s.name.as_str());
    let text = match p.trumps.last() {
        None if p.call => format!(
            "{other} discard {} to call their reinforcements: trump it with a card of the same value, or let it stand.",
            p.card.label()
        ),
        None => format!(
            "{other} play {} ({}): trump it with a card of the same value, or let it stand.",
            p.card.label(),
            card_name(rules, p.card)
        ),
        Some(last) => {
            format!("{other} trump back with {}: trump again, or let the trump stand.", last.label())
        }
    };
    let mut choices: Vec<Offer> = offers
        .hand
        .iter()
        .flat_map(|(_, o, _)| o)
        .map(|o| Offer {
            choice: Choice::new(o.choice.id.clone(), format!("Trump with {}", trump_card(&o.event))),
            event: o.event.clone(),
        })
        .collect();
    let settle = if p.stands() { "Let it stand" } else { "Let the trump stand" };
    if game.allows(rules, &Event::Settle) {
        choices.push(Offer { choice: Choice::new("settle", settle), event: Event::Settle });
    }
    offers.prompts.push((text, choices));
}

fn trump_card(event: &Event) -> String {
    if let Event::Trump { card, .. } = event { card.label() } else { String::new() }
}

/// What `side` may do now, with the events its choices stand for.
fn offers(rules: &Rules, game: &State, side: usize) -> Offers {
    let mut offers = Offers::default();
    let Some(me) = game.sides.get(side) else { return offers };
    if game.pending.is_some() {
        trump_offers(rules, game, side, &mut offers);
        return offers;
    }
    let may_play = matches!(game.phase, Phase::Activations | Phase::EndOfTurn);
    let mut discards = Vec::new();
    let mut calls = Vec::new();
    for &card in &me.hand {
        let (mut actions, note) =
            if may_play { play_offers(rules, game, side, card) } else { (Vec::new(), None) };
        let discard = Event::DiscardToDraw { side, card };
        if game.phase == Phase::EndOfTurn && !me.used_card && game.allows(rules, &discard) {
            let choice = Choice::new(format!("discard:{card}"), "Discard to draw");
            discards.push(Offer {
                choice: Choice::new(choice.id.clone(), format!("Discard {} to draw", card.label())),
                event: discard.clone(),
            });
            actions.push(Offer { choice, event: discard });
        }
        let call = Event::CallReinforcements { side, card };
        if game.may_call_reinforcements(rules, side) && game.allows(rules, &call) {
            let choice = Choice::new(format!("call:{card}"), "Discard to call the reinforcements");
            calls.push(Offer {
                choice: Choice::new(choice.id.clone(), format!("Discard {} to call them", card.label())),
                event: call.clone(),
            });
            actions.push(Offer { choice, event: call });
        }
        offers.hand.push((card, actions, note));
    }
    yellow_belly(rules, game, side, &mut offers);
    tough_as_old_boots(rules, game, side, &mut offers);
    nerve_tests(rules, game, side, &mut offers);
    switch(rules, game, side, &mut offers);
    second_cards(rules, game, side, &mut offers);
    if !discards.is_empty() {
        offers.prompts.push((
            "You used no card this turn: you may discard one to draw one when the next turn starts."
                .to_owned(),
            discards,
        ));
    }
    if !calls.is_empty() {
        offers.prompts.push((
            "You may call your reinforcements by discarding a jack, queen, king, ace or joker.".to_owned(),
            calls,
        ));
    }
    duel_decision(rules, game, side, &mut offers);
    duel_fire(rules, game, side, &mut offers);
    big_nerve(rules, game, side, &mut offers);
    offers
}

/// The id of the field a typed die is sent back in.
const ROLL: &str = "roll";

/// A field for the face of a `die`-sided die, 1 to `die` as the Play screen's die fields take.
fn die_field(die: u32) -> Field {
    Field::number(ROLL, format!("Your d{die}"), 1, i64::from(die))
}

/// A choice whose event takes a typed die: offered when the game accepts the event with an
/// example face (its legality does not depend on the face, only the outcome does).
fn typed_offer(rules: &Rules, game: &State, choice: Choice, event: Event, die: u32) -> Option<Offer> {
    let choice = choice.with_field(die_field(die));
    game.allows(rules, &event).then_some(Offer { choice, event })
}

/// `event` with the typed face `roll` in place of its example die.
fn with_roll(event: &Event, roll: u32) -> Event {
    match event {
        Event::Nerve { model, needed, to_shoot, .. } => {
            Event::Nerve { model: *model, needed: *needed, roll, to_shoot: *to_shoot }
        }
        Event::BigNerve { side, .. } => Event::BigNerve { side: *side, roll },
        Event::DuelFire { shots } => {
            Event::DuelFire { shots: shots.iter().map(|(s, _)| (*s, roll)).collect() }
        }
        other => other.clone(),
    }
}

/// A nerve test a shot called for, for one of the side's own models: the player answers what
/// the Play screen asks (a friend within 15 cm; the Sheriff sees him, under I Am The Law), one
/// choice for each answer with what it needs, and types the d10. Once Tough as Old Boots is
/// declared the answers do not count: one choice. Under Crazy as a Loon the test is skipped
/// instead, as the screen offers.
fn nerve_tests(rules: &Rules, game: &State, side: usize, offers: &mut Offers) {
    let die = rules.core.nerve.die;
    for &t in game.nerve_due.iter().filter(|t| t.side == side) {
        let Some(model) = game.model_at(t).filter(|m| !m.out_of_action) else { continue };
        let code = model_code(t);
        let text = format!("{} takes the nerve test the shot called for: roll a d{die}.", model.name);
        if game.crazy_as_a_loon(side) {
            let event = Event::SkipNerve { model: t };
            if game.allows(rules, &event) {
                let choice = Choice::new(format!("skip-nerve:{code}"), "Skip the test (Crazy as a Loon)");
                offers.prompts.push((text, vec![Offer { choice, event }]));
            }
            continue;
        }
        let needs = |needed: u32| {
            if needed > die { "cannot pass".to_owned() } else { format!("needs {needed}+") }
        };
        let boots = game.boots_needed(rules, t).is_some();
        let answers: &[(bool, bool)] = if boots {
            &[(false, false)]
        } else if game.i_am_the_law(rules, t).is_some() {
            &[(false, false), (true, false), (false, true), (true, true)]
        } else {
            &[(false, false), (true, false)]
        };
        let choices: Vec<Offer> = answers
            .iter()
            .filter_map(|&(friend, sheriff)| {
                let needed = game.nerve_needed(rules, t, friend, sheriff)?;
                let said = match (boots, friend, sheriff) {
                    (true, ..) => "Tough as Old Boots",
                    (false, false, false) => "No friend within 15 cm",
                    (false, true, false) => "A friend within 15 cm",
                    (false, false, true) => "No friend within 15 cm, the Sheriff sees him",
                    (false, true, true) => "A friend within 15 cm, the Sheriff sees him",
                };
                let id = format!(
                    "nerve:{code}{}{}",
                    if friend { ":friend" } else { "" },
                    if sheriff { ":sheriff" } else { "" }
                );
                let label = format!("{said}: {}", needs(needed));
                let event = Event::Nerve { model: t, needed, roll: 1, to_shoot: None };
                typed_offer(rules, game, Choice::new(id, label), event, die)
            })
            .collect();
        if !choices.is_empty() {
            offers.prompts.push((text, choices));
        }
    }
}

/// The Duel: the side's own shot, when the round owes it alone (two shots at once are one
/// event with both dice: the host takes them).
fn duel_fire(rules: &Rules, game: &State, side: usize, offers: &mut Offers) {
    if game.phase != Phase::Duel || game.duel_to_decide().is_some() {
        return;
    }
    let [(shooter, bonus)] = game.duel_shots_due(rules)[..] else { return };
    if shooter != side {
        return;
    }
    let die = rules.core.shooting.die;
    let name = game.sides.get(side).and_then(|s| s.models.first()).map_or("?", |m| m.name.as_str());
    let hit = crate::systems::dmh::rules::shooting::chances(rules, bonus).hit();
    let choice = Choice::new("duel:fire", format!("Apply the shot ({bonus:+})"));
    let event = Event::DuelFire { shots: vec![(side, 1)] };
    if let Some(offer) = typed_offer(rules, game, choice, event, die) {
        offers.prompts.push((
            format!("{name} shoots with {bonus:+} (only the cards count) · hit {hit}: roll a d{die}."),
            vec![offer],
        ));
    }
}

/// The end of the turn: the side's own Big Nerve test, typed; or, when the scene ignores the
/// side's first required test, recorded without a roll (as the screen records it).
fn big_nerve(rules: &Rules, game: &State, side: usize, offers: &mut Offers) {
    if !game.big_nerve_pending(rules).contains(&side) {
        return;
    }
    let Ok(odds) = game.big_nerve_odds(rules, side) else { return };
    let die = rules.core.nerve.die;
    let offer = if game.big_nerve_ignored(rules, side) {
        let event = Event::BigNerve { side, roll: die };
        game.allows(rules, &event)
            .then(|| Offer { choice: Choice::new("big-nerve:ignored", "Record the ignored test"), event })
    } else {
        let label = if odds.automatic_fail {
            "Apply the Big Nerve test (automatic failure)".to_owned()
        } else {
            format!("Apply the Big Nerve test (needs {}+)", odds.needed)
        };
        typed_offer(rules, game, Choice::new("big-nerve", label), Event::BigNerve { side, roll: 1 }, die)
    };
    if let Some(offer) = offer {
        let text = if game.big_nerve_ignored(rules, side) {
            "Your Big Nerve test: this scene ignores each side's first required test, which passes without a roll.".to_owned()
        } else {
            format!("Your side must take a Big Nerve test: roll a d{die}.")
        };
        offers.prompts.push((text, vec![offer]));
    }
}

/// A shot calls for an enemy's nerve test: Yellow Belly (a 9) may answer it instead of the
/// roll, on that model (the target the Play screen presets).
fn yellow_belly(rules: &Rules, game: &State, side: usize, offers: &mut Offers) {
    let Some(me) = game.sides.get(side) else { return };
    for &t in game.nerve_due.iter().filter(|t| t.side != side) {
        let Some(model) = game.model_at(t) else { continue };
        let choices: Vec<Offer> = me
            .hand
            .iter()
            .filter(|c| Effect::of(**c) == Some(Effect::YellowBelly))
            .map(|&card| Offer {
                choice: Choice::new(
                    format!("play:{card}:{}", model_code(t)),
                    format!("Play {} ({}) on {}", card.label(), card_name(rules, card), model.name),
                ),
                event: Event::Play { side, card, targets: vec![t] },
            })
            .filter(|o| game.allows(rules, &o.event))
            .collect();
        if !choices.is_empty() {
            offers.prompts.push((
                format!("{} must take a nerve test: play Yellow Belly instead of the roll?", model.name),
                choices,
            ));
        }
    }
}

/// A shot calls for a nerve test that would put one of the side's models out of action if
/// failed: Tough as Old Boots may be declared before the roll (the Play screen's offer in the
/// nerve test).
fn tough_as_old_boots(rules: &Rules, game: &State, side: usize, offers: &mut Offers) {
    for &t in game.nerve_due.iter().filter(|t| t.side == side) {
        let (Some(model), Some((ability, passes_on))) = (game.model_at(t), game.boots_offer(rules, t)) else {
            continue;
        };
        let event = Event::UseAbility { side, ability: ability.id, targets: vec![t], card: None };
        if game.allows(rules, &event) {
            let choice = Choice::new(
                format!("boots:{}", model_code(t)),
                format!("Declare {}: passes on {passes_on}+", ability.name),
            );
            offers.prompts.push((
                format!("A failed nerve test would put {} out of action.", model.name),
                vec![Offer { choice, event }],
            ));
        }
    }
}

/// The lowest-card switch: the side holding the lowest card may swap the cards of two of its
/// models, after the reveal and before anyone acts.
fn switch(rules: &Rules, game: &State, side: usize, offers: &mut Offers) {
    if !matches!(game.switch_side(), Ok(Some(s)) if s == side) {
        return;
    }
    let Some(me) = game.sides.get(side) else { return };
    let holders: Vec<usize> = (0..me.models.len()).filter(|&m| me.models[m].card.is_some()).collect();
    let mut choices = Vec::new();
    for (i, &a) in holders.iter().enumerate() {
        for &b in &holders[i + 1..] {
            let (ra, rb) = (ModelRef { side, model: a }, ModelRef { side, model: b });
            let event = Event::Switch { a: ra, b: rb };
            if game.allows(rules, &event) {
                let label = format!("Swap {} and {}", game.with_card(ra), game.with_card(rb));
                choices.push(Offer { choice: Choice::new(format!("switch:{a}:{b}"), label), event });
            }
        }
    }
    if !choices.is_empty() {
        offers.prompts.push((
            "You hold the lowest card: you may swap the cards of two of your models (or just carry on)."
                .to_owned(),
            choices,
        ));
    }
}

/// A model of the side dealt a second initiative card keeps one of the two.
fn second_cards(rules: &Rules, game: &State, side: usize, offers: &mut Offers) {
    let Some(me) = game.sides.get(side) else { return };
    for (m, model) in me.models.iter().enumerate() {
        let (Some(first), Some(second)) = (model.card, model.second) else { continue };
        let r = ModelRef { side, model: m };
        let choices: Vec<Offer> = [(false, first), (true, second)]
            .into_iter()
            .map(|(keep_second, card)| Offer {
                choice: Choice::new(
                    format!("keep:{m}:{}", if keep_second { "second" } else { "first" }),
                    format!("Keep {}", card.label()),
                ),
                event: Event::KeepCard { model: r, keep_second },
            })
            .filter(|o| game.allows(rules, &o.event))
            .collect();
        if !choices.is_empty() {
            offers.prompts.push((format!("{} holds two initiative cards: keep which?", model.name), choices));
        }
    }
}

/// The Duel: the side deciding to hit (Posse deals the card) or stand.
fn duel_decision(rules: &Rules, game: &State, side: usize, offers: &mut Offers) {
    if game.phase != Phase::Duel {
        return;
    }
    let choices: Vec<Offer> = [(false, "duel:hit", "Hit"), (true, "duel:stand", "Stand")]
        .into_iter()
        .map(|(stand, id, label)| Offer {
            choice: Choice::new(id, label),
            event: Event::DuelDecide { side, stand, card: None },
        })
        .filter(|o| game.allows(rules, &o.event))
        .collect();
    if !choices.is_empty() {
        offers.prompts.push(("Your turn in the duel: hit or stand?".to_owned(), choices));
    }
}

/// The game's state in one line.
fn headline(rules: &Rules, game: &State) -> String {
    let side_name = |s: usize| game.sides.get(s).map_or("?", |x| x.name.as_str());
    let turn = game.turn;
    match game.phase {
        _ if game.result.is_some() => match &game.result {
            Some(end) => match end.winner {
                Some(w) => format!("Game over · {} won", side_name(w)),
                None => "Game over · a draw".to_owned(),
            },
            None => "Game over".to_owned(),
        },
        Phase::Over => match game.broke.and_then(|s| game.sides.get(s)) {
            Some(side) => format!("Game over · {} got out of Dodge", side.name),
            None => "Game over".to_owned(),
        },
        Phase::Initiative => format!("Turn {turn} · initiative cards to deal"),
        Phase::Activations => match game.order() {
            Ok(order) => match order.first() {
                Some(&r) => format!("Turn {turn} · {} of {} acts", game.with_card(r), side_name(r.side)),
                None => format!("Turn {turn} · every model has acted"),
            },
            Err(_) => format!("Turn {turn} · models tie: who acts first is settled on the host"),
        },
        Phase::EndOfTurn => format!("Turn {turn} · end of the turn"),
        Phase::Duel => {
            let round = game.duel.as_ref().map_or(0, |d| d.round);
            let scene = game.scene_of(rules).map_or("The duel", |s| s.title.as_str());
            format!("{scene} · round {round}")
        }
    }
}

/// The side the game waits on now, when it waits on one (the acting model's).
fn acting_side(game: &State) -> Option<usize> {
    if let Some(p) = &game.pending {
        return Some(p.next_to_trump());
    }
    match game.phase {
        Phase::Activations => game.first_in_order().map(|r| r.side),
        _ => None,
    }
}

/// Lines worth reading at a glance, for everyone.
fn public_status(rules: &Rules, game: &State) -> Vec<String> {
    let side_name = |s: usize| game.sides.get(s).map_or("?", |x| x.name.as_str()).to_owned();
    let mut lines = Vec::new();
    if let Some(p) = &game.pending {
        let on: Vec<&str> =
            p.targets.iter().filter_map(|r| game.model_at(*r)).map(|m| m.name.as_str()).collect();
        let on = if on.is_empty() { String::new() } else { format!(" on {}", on.join(", ")) };
        let what = if p.call {
            "to call the reinforcements".to_owned()
        } else {
            format!("({})", card_name(rules, p.card))
        };
        lines.push(format!("{} play {} {what}{on}", side_name(p.side), p.card.label()));
        if !p.trumps.is_empty() {
            let chain: Vec<String> = p.trumps.iter().map(|c| c.label()).collect();
            lines.push(format!("Trumped by {}", chain.join(", then ")));
        }
        lines.push(format!("{} may trump it or let it stand", side_name(p.next_to_trump())));
    }
    if let Some(s) = game.tie_priority {
        lines.push(format!("{} win ties this turn", side_name(s)));
    }
    for &r in &game.nerve_due {
        if let Some(m) = game.model_at(r) {
            lines.push(format!("{} must take a nerve test", m.name));
        }
    }
    for s in game.big_nerve_pending(rules) {
        lines.push(format!("{} must take a Big Nerve test", side_name(s)));
    }
    if let Some(end) = &game.result {
        lines.push(end.text.clone());
    }
    lines
}

/// The cards face up for everyone: the initiative cards, a card waiting to be settled with
/// its trumps, the cards in play, the Duel's face-up cards.
fn table(rules: &Rules, game: &State) -> Vec<CardView> {
    let mut cards = Vec::new();
    let face = |card: Card, detail: String, owner: String| CardView {
        face: card.label(),
        detail,
        owner,
        red: red(card),
        actions: Vec::new(),
    };
    for side in &game.sides {
        for m in &side.models {
            if let Some(card) = m.card {
                cards.push(face(card, m.name.clone(), format!("{}'s initiative", side.name)));
            }
            if let Some(card) = m.second {
                cards.push(face(
                    card,
                    format!("{}'s second card", m.name),
                    format!("{}'s initiative", side.name),
                ));
            }
        }
    }
    let side_name = |s: usize| game.sides.get(s).map_or("?", |x| x.name.as_str()).to_owned();
    if let Some(p) = &game.pending {
        cards.push(face(
            p.card,
            card_name(rules, p.card),
            format!("Played by {}, waiting", side_name(p.side)),
        ));
        for (i, t) in p.trumps.iter().enumerate() {
            let by = if i % 2 == 0 { 1 - p.side } else { p.side };
            cards.push(face(*t, "A trump".to_owned(), format!("Played by {}", side_name(by))));
        }
    }
    for p in &game.in_play {
        let on: Vec<&str> =
            p.targets.iter().filter_map(|r| game.model_at(*r)).map(|m| m.name.as_str()).collect();
        let on = if on.is_empty() { String::new() } else { format!(" on {}", on.join(", ")) };
        let until = match p.lasts {
            Lasts::Activation => " this activation",
            Lasts::Turn => " until the end of the turn",
            Lasts::UntilNerveFail => " until one of their models fails a nerve test",
            Lasts::UntilHit => " until the model is hit",
            Lasts::Instant => "",
        };
        cards.push(face(
            p.card,
            format!("{}{on}{until}", card_name(rules, p.card)),
            format!("In play for {}", side_name(p.side)),
        ));
    }
    if let Some(d) = &game.duel {
        // The row card (the first of each hand) lies face down until both players stand.
        let shown = d.stood.iter().all(|x| *x);
        for (s, hand) in d.hands.iter().enumerate() {
            for &card in hand.iter().skip(usize::from(!shown)) {
                cards.push(face(
                    card,
                    "Face up in the duel".to_owned(),
                    format!("{}'s duel cards", side_name(s)),
                ));
            }
        }
    }
    cards
}

/// Numbers at a glance: each side's cards in hand and in its deck (the host screen shows them
/// to everyone) and its models standing.
fn counters(game: &State, seat: Option<usize>) -> Vec<Counter> {
    let mut out = Vec::new();
    let order: Vec<usize> = match seat {
        Some(s) => vec![s, 1 - s],
        None => (0..game.sides.len()).collect(),
    };
    for s in order {
        let Some(side) = game.sides.get(s) else { continue };
        let who = if seat == Some(s) { String::new() } else { format!("{}: ", side.name) };
        out.push(Counter { label: format!("{who}cards in hand"), value: side.hand.len().to_string() });
        out.push(Counter { label: format!("{who}cards in deck"), value: side.deck.len().to_string() });
        out.push(Counter {
            label: format!("{who}models standing"),
            value: format!("{} of {}", side.standing().count(), side.models.len()),
        });
        if game.phase == Phase::Duel
            && let Some(d) = &game.duel
            && seat == Some(s)
        {
            out.push(Counter { label: "Duel total".to_owned(), value: duel::total(&d.hands[s]).to_string() });
        }
    }
    out
}

/// The log's last lines as `seat` may read them: the set-up's seed (which deals every hand)
/// is left out for everyone, and a card discarded to draw is named only to its own side.
fn log_for(game: &Game, seat: Option<usize>) -> Vec<String> {
    let from = game.lines.len().saturating_sub(RECENT_LINES);
    game.lines
        .iter()
        .zip(&game.events)
        .skip(from)
        .map(|(line, event)| match event {
            Event::Begin(setup) => line.replace(&format!(" (seed {})", setup.seed), ""),
            Event::DiscardToDraw { side, card } if seat != Some(*side) => line
                .replace(&format!(" discard {} to draw a card", card.label()), " discard a card to draw one"),
            // Standing tells the total, row card and all: only to the side standing.
            Event::DuelDecide { side, stand: true, .. } if seat != Some(*side) => {
                match line.rfind(" stand on ") {
                    Some(at) => line[..at + " stand".len()].to_owned(),
                    None => line.clone(),
                }
            }
            _ => line.clone(),
        })
        .collect()
}

/// The Duel: the side's own cards, its face-down row card among them (the first row card
/// before the first round, which the player may look at).
fn duel_cards(game: &State, side: usize) -> Vec<CardView> {
    let Some(d) = game.duel.as_ref().filter(|_| game.phase == Phase::Duel) else { return Vec::new() };
    let own = |card: Card, owner: &str| CardView {
        face: card.label(),
        detail: String::new(),
        owner: owner.to_owned(),
        red: red(card),
        actions: Vec::new(),
    };
    if d.round == 0 {
        return d.rows[side].first().map(|&c| own(c, "Your first row card")).into_iter().collect();
    }
    d.hands[side]
        .iter()
        .enumerate()
        .map(|(i, &c)| own(c, if i == 0 { "Your row card" } else { "Your duel cards" }))
        .collect()
}

impl SeatRules for Rules {
    fn seats(&self, game: &Game) -> Vec<Seat> {
        game.sides
            .iter()
            .enumerate()
            .take(SEAT_IDS.len())
            .map(|(s, side)| Seat {
                id: SEAT_IDS[s].to_owned(),
                name: format!("{} ({})", side.name, game.player(self, s)),
            })
            .collect()
    }

    fn seat_view(&self, game: &Game, seat: Option<&str>) -> Option<SeatView> {
        let side = match seat {
            Some(id) => Some(side_of_seat(game, id)?),
            None => None,
        };
        let mut view = SeatView {
            seat: seat.unwrap_or_default().to_owned(),
            name: side.and_then(|s| game.sides.get(s)).map_or_else(String::new, |s| s.name.clone()),
            headline: if game.sides.is_empty() {
                "Waiting for the set-up".to_owned()
            } else {
                headline(self, game)
            },
            status: public_status(self, game),
            counters: counters(game, side),
            table: table(self, game),
            log: log_for(game, side),
            ..SeatView::default()
        };
        let Some(side) = side else { return Some(view) };
        let offers = offers(self, game, side);
        view.hand = offers
            .hand
            .iter()
            .map(|(card, actions, note)| {
                let mut detail =
                    self.card_text(*card).map_or_else(String::new, |t| format!("{}: {}", t.name, t.effect));
                if let Some(note) = note {
                    detail.push(' ');
                    detail.push_str(note);
                }
                CardView {
                    face: card.label(),
                    detail,
                    owner: "Your hand".to_owned(),
                    red: red(*card),
                    actions: actions.iter().map(|o| o.choice.clone()).collect(),
                }
            })
            .collect();
        view.hand.extend(duel_cards(game, side));
        view.prompts = offers
            .prompts
            .iter()
            .map(|(text, choices)| Prompt {
                text: text.clone(),
                choices: choices.iter().map(|o| o.choice.clone()).collect(),
            })
            .collect();
        if game.phase == Phase::EndOfTurn && game.sides[side].used_card {
            view.status.push("You used a card this turn: you draw one when the next turn starts".to_owned());
        }
        view.your_turn = !view.prompts.is_empty() || acting_side(game) == Some(side);
        Some(view)
    }

    fn seat_event(&self, game: &Game, seat: &str, choice: &str, values: &Values) -> Result<Event, String> {
        let side = side_of_seat(game, seat).ok_or("There is no such seat at this table.")?;
        let offers = offers(self, game, side);
        let offer = offers
            .all()
            .find(|o| o.choice.id == choice)
            .ok_or_else(|| "That is not something this side can do now.".to_owned())?;
        offer.choice.check(values)?;
        if offer.choice.fields.is_empty() {
            return Ok(offer.event.clone());
        }
        // The one field of a typed choice is its die, already bounded by its field.
        let roll = seat::number(values, ROLL)
            .and_then(|n| u32::try_from(n).ok())
            .ok_or_else(|| "Fill in the die.".to_owned())?;
        Ok(with_roll(&offer.event, roll))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::systems::dmh::game::Marker;
    use crate::systems::dmh::game::sim;
    use crate::systems::dmh::rules::embedded;

    const A0: ModelRef = ModelRef { side: 0, model: 0 };
    const A1: ModelRef = ModelRef { side: 0, model: 1 };
    const B0: ModelRef = ModelRef { side: 1, model: 0 };
    const B1: ModelRef = ModelRef { side: 1, model: 1 };
    /// The hands the two players type.
    const HAND_A: [&str; 3] = ["9H", "5D", "QH"];
    const HAND_B: [&str; 3] = ["9S", "5C", "QS"];

    fn card(code: &str) -> Card {
        code.parse().expect("a card code")
    }

    fn cards(codes: &[&str]) -> Vec<Card> {
        codes.iter().map(|c| card(c)).collect()
    }

    #[expect(clippy::needless_pass_by_value, reason = "a staged step reads as ok(&mut game, Event::EndTurn)")]
    fn ok(game: &mut Game, event: Event) {
        if let Err(e) = game.apply(embedded::rules(), &event) {
            panic!("{event:?} was refused: {e}");
        }
    }

    /// The Showdown of the fixture gangs (a journal of edition 0, where a shot needs no
    /// declaration), two models a side: Wyatt Earp and Morgan Earp for Tombstone Law (side A),
    /// Ike Clanton and Billy Clanton for the outlaws (side B); each player types a hand.
    fn staged() -> Game {
        let mut setup = sim::showdown_setup(1);
        setup.edition = 0;
        for side in &mut setup.sides {
            side.gang.models = [0, 2].iter().map(|&i| side.gang.models[i].clone()).collect();
        }
        let mut game = Game::default();
        ok(&mut game, Event::Begin(Box::new(setup)));
        ok(&mut game, Event::SetHand { side: 0, cards: cards(&HAND_A) });
        ok(&mut game, Event::SetHand { side: 1, cards: cards(&HAND_B) });
        game
    }

    /// [`staged`], with the initiative cards typed: Wyatt K♥ (he acts first), Morgan 3♥, Ike
    /// 10♠, Billy 2♣ (the lowest card: the outlaws may switch).
    fn dealt() -> Game {
        let mut game = staged();
        let typed = vec![(A0, card("KH")), (A1, card("3H")), (B0, card("10S")), (B1, card("2C"))];
        ok(&mut game, Event::DealInitiative { face_up: [None, None], cards: Some(typed) });
        game
    }

    fn view(game: &Game, seat: Option<&str>) -> SeatView {
        embedded::rules().seat_view(game, seat).expect("a view")
    }

    fn ids(view: &SeatView) -> Vec<&str> {
        view.choices().map(|c| c.id.as_str()).collect()
    }

    /// Not one of `hand`'s cards, by face or by code, anywhere in the view as it is sent.
    fn shows_none_of(view: &SeatView, hand: &[&str]) {
        let json = serde_json::to_string(view).expect("json");
        for code in hand {
            let face = card(code).label();
            assert!(!json.contains(&face) && !json.contains(code), "{face} ({code}) shows in {json}");
        }
    }

    #[test]
    fn each_side_has_a_seat_once_the_game_is_set_up() {
        let rules = embedded::rules();
        assert!(rules.seats(&Game::default()).is_empty());
        assert_eq!(rules.seat_view(&Game::default(), Some("side-a")), None);
        let game = staged();
        let seats = rules.seats(&game);
        let named: Vec<(&str, &str)> = seats.iter().map(|s| (s.id.as_str(), s.name.as_str())).collect();
        assert_eq!(named, [("side-a", "Tombstone Law (Lawmen)"), ("side-b", "The Clanton Gang (Outlaws)")]);
        assert_eq!(rules.seat_view(&game, Some("side-c")), None);
    }

    #[test]
    fn each_side_sees_its_own_hand_and_nothing_of_the_other() {
        let game = dealt();
        let (a, b, watcher) = (view(&game, Some("side-a")), view(&game, Some("side-b")), view(&game, None));
        let faces = |v: &SeatView| v.hand.iter().map(|c| c.face.clone()).collect::<Vec<_>>();
        assert_eq!(faces(&a), ["9♥", "5♦", "Q♥"]);
        assert_eq!(faces(&b), ["9♠", "5♣", "Q♠"]);
        assert!(a.hand.iter().map(|c| c.red).eq([true, true, true]));
        shows_none_of(&a, &HAND_B);
        shows_none_of(&b, &HAND_A);
        assert!(watcher.hand.is_empty() && watcher.prompts.is_empty() && watcher.choices().next().is_none());
        shows_none_of(&watcher, &HAND_A);
        shows_none_of(&watcher, &HAND_B);
        // The set-up's seed deals every hand: no view carries it.
        for v in [&a, &b, &watcher] {
            assert!(
                v.log.first().is_some_and(|l| l.contains("hands dealt") && !l.contains("seed")),
                "{:?}",
                v.log
            );
        }
        // The initiative cards lie face up for everyone, red ones inked red.
        let table: Vec<(String, bool)> = watcher.table.iter().map(|c| (c.face.clone(), c.red)).collect();
        assert_eq!(
            table,
            [("K♥".into(), true), ("3♥".into(), true), ("10♠".into(), false), ("2♣".into(), false)]
        );
        assert_eq!(a.headline, "Turn 1 · Wyatt Earp (K♥) of Tombstone Law acts");
        assert!(a.your_turn);
        assert_eq!(a.counters[0], Counter { label: "cards in hand".into(), value: "3".into() });
        assert_eq!(a.counters[3].label, "The Clanton Gang: cards in hand");
    }

    #[test]
    fn a_play_is_the_event_the_screen_commits_and_the_game_takes() {
        let rules = embedded::rules();
        let mut game = dealt();
        let a = view(&game, Some("side-a"));
        let actions: Vec<Vec<&str>> =
            a.hand.iter().map(|c| c.actions.iter().map(|x| x.id.as_str()).collect()).collect();
        // Yellow Belly waits for a nerve test; Stumble (edition 0) may be played at once; the
        // Long arm of the law on either outlaw.
        assert_eq!(actions, [vec![], vec!["play:5D"], vec!["play:QH:1.0", "play:QH:1.1"]]);
        assert_eq!(a.hand[2].actions[1].label, "Play on Billy Clanton");
        let event = rules
            .seat_event(&game, "side-a", "play:QH:1.1", &crate::kernel::seat::Values::new())
            .expect("offered");
        assert_eq!(event, Event::Play { side: 0, card: card("QH"), targets: vec![B1] });
        ok(&mut game, event);
        assert_eq!(game.pending.as_ref().map(|p| p.card), Some(card("QH")));
        // The card played is face up for everyone now.
        let watcher = view(&game, None);
        assert!(
            watcher.table.iter().any(|c| c.face == "Q♥" && c.owner == "Played by Tombstone Law, waiting")
        );
    }

    #[test]
    fn a_trump_is_offered_exactly_when_the_rules_allow_it() {
        let rules = embedded::rules();
        let mut game = dealt();
        ok(&mut game, Event::Play { side: 0, card: card("QH"), targets: vec![B1] });
        // The outlaws hold a queen: Trump on it, and the prompt to trump or let it stand.
        let b = view(&game, Some("side-b"));
        assert!(b.your_turn);
        assert_eq!(ids(&b), ["trump:QS", "trump:QS", "settle"]);
        assert_eq!(b.hand[2].actions, [Choice::new("trump:QS", "Trump")]);
        assert_eq!(b.prompts[0].choices[0].label, "Trump with Q♠");
        assert_eq!(b.prompts[0].choices[1].label, "Let it stand");
        for code in ["9S", "5C"] {
            assert!(!game.allows(rules, &Event::Trump { side: 1, card: card(code) }), "{code}");
        }
        // Tombstone Law wait: nothing to do, and nothing of the outlaws' hand.
        let a = view(&game, Some("side-a"));
        assert!(!a.your_turn && ids(&a).is_empty());
        shows_none_of(&a, &["9S", "5C", "QS"]);
        assert_eq!(
            rules.seat_event(&game, "side-a", "settle", &crate::kernel::seat::Values::new()).map(|_| ()),
            Err("That is not something this side can do now.".into())
        );
        let event = rules
            .seat_event(&game, "side-b", "trump:QS", &crate::kernel::seat::Values::new())
            .expect("offered");
        assert_eq!(event, Event::Trump { side: 1, card: card("QS") });
        ok(&mut game, event);
        // Back to Tombstone Law, who hold no other queen: only to let the trump stand.
        let a = view(&game, Some("side-a"));
        assert_eq!(ids(&a), ["settle"]);
        assert_eq!(
            a.prompts[0].text,
            "The Clanton Gang trump back with Q♠: trump again, or let the trump stand."
        );
        assert_eq!(a.prompts[0].choices[0].label, "Let the trump stand");
        assert!(!game.allows(rules, &Event::Trump { side: 0, card: card("9H") }));
        assert!(ids(&view(&game, Some("side-b"))).is_empty());
        let event = rules
            .seat_event(&game, "side-a", "settle", &crate::kernel::seat::Values::new())
            .expect("offered");
        ok(&mut game, event);
        assert!(game.pending.is_none());
        assert_eq!(game.model_at(B1).map(|m| m.under_fire), Some(0), "trumped: no marker");
    }

    #[test]
    fn an_out_of_turn_side_is_offered_no_play() {
        let rules = embedded::rules();
        // Before the initiative cards are dealt, no card may be played.
        let game = staged();
        for seat in SEAT_IDS {
            let v = view(&game, Some(seat));
            assert!(ids(&v).is_empty() && !v.your_turn, "{seat}: {:?}", ids(&v));
            assert!(rules.seat_event(&game, seat, "play:5D", &crate::kernel::seat::Values::new()).is_err());
        }
        assert_eq!(view(&game, None).headline, "Turn 1 · initiative cards to deal");
        // While a card waits for the outlaws' trump, Tombstone Law may play nothing.
        let mut game = dealt();
        ok(&mut game, Event::Play { side: 0, card: card("5D"), targets: vec![] });
        let a = view(&game, Some("side-a"));
        assert!(a.hand.iter().all(|c| c.actions.is_empty()) && a.prompts.is_empty());
        assert!(
            rules.seat_event(&game, "side-a", "play:QH:1.0", &crate::kernel::seat::Values::new()).is_err()
        );
        assert!(!game.allows(rules, &Event::Play { side: 0, card: card("QH"), targets: vec![B0] }));
    }

    #[test]
    fn yellow_belly_is_asked_of_the_enemy_of_a_model_facing_a_nerve_test() {
        let rules = embedded::rules();
        let mut game = dealt();
        ok(
            &mut game,
            Event::Shot { shooter: A0, target: B1, modifier: 0, roll: 16, weapon: None, duck_back: false },
        );
        assert_eq!(game.nerve_due, [B1]);
        let a = view(&game, Some("side-a"));
        let prompt = a
            .prompts
            .iter()
            .find(|p| p.text.starts_with("Billy Clanton must take a nerve test"))
            .expect("asked");
        assert_eq!(prompt.choices, [Choice::new("play:9H:1.1", "Play 9♥ (Yellow Belly) on Billy Clanton")]);
        assert_eq!(a.hand[0].actions, [Choice::new("play:9H:1.1", "Play on Billy Clanton")]);
        // The outlaws' own 9 is no answer to their own model's test.
        let b = view(&game, Some("side-b"));
        assert!(b.hand[0].actions.is_empty() && !b.prompts.iter().any(|p| p.text.contains("Yellow Belly")));
        assert!(b.status.contains(&"Billy Clanton must take a nerve test".to_owned()));
        let event = rules
            .seat_event(&game, "side-a", "play:9H:1.1", &crate::kernel::seat::Values::new())
            .expect("offered");
        ok(&mut game, event);
        ok(&mut game, Event::Settle);
        assert_eq!(game.model_at(B1).map(|m| m.under_fire), Some(2));
    }

    #[test]
    fn the_side_with_the_lowest_card_is_asked_to_switch() {
        let rules = embedded::rules();
        let game = dealt();
        let b = view(&game, Some("side-b"));
        assert_eq!(b.prompts.len(), 1);
        assert_eq!(
            b.prompts[0].choices,
            [Choice::new("switch:0:1", "Swap Ike Clanton (10♠) and Billy Clanton (2♣)")]
        );
        assert!(b.your_turn, "asked a question");
        assert!(!view(&game, Some("side-a")).prompts.iter().any(|p| p.text.contains("lowest")));
        assert_eq!(
            rules.seat_event(&game, "side-b", "switch:0:1", &crate::kernel::seat::Values::new()),
            Ok(Event::Switch { a: B0, b: B1 })
        );
        assert!(
            rules.seat_event(&game, "side-a", "switch:0:1", &crate::kernel::seat::Values::new()).is_err()
        );
    }

    #[test]
    fn at_the_end_of_the_turn_a_side_discards_to_draw_and_the_other_is_not_told_the_card() {
        let rules = embedded::rules();
        let mut game = dealt();
        ok(&mut game, Event::EndTurn);
        let a = view(&game, Some("side-a"));
        let prompt = a.prompts.iter().find(|p| p.text.starts_with("You used no card")).expect("asked");
        let offered: Vec<&str> = prompt.choices.iter().map(|c| c.id.as_str()).collect();
        assert_eq!(offered, ["discard:9H", "discard:5D", "discard:QH"]);
        let event = rules
            .seat_event(&game, "side-a", "discard:9H", &crate::kernel::seat::Values::new())
            .expect("offered");
        assert_eq!(event, Event::DiscardToDraw { side: 0, card: card("9H") });
        ok(&mut game, event);
        let last = |v: &SeatView| v.log.last().cloned().unwrap_or_default();
        assert_eq!(last(&view(&game, Some("side-a"))), "Turn 1 · Tombstone Law discard 9♥ to draw a card");
        let b = view(&game, Some("side-b"));
        assert_eq!(last(&b), "Turn 1 · Tombstone Law discard a card to draw one");
        shows_none_of(&b, &["5D", "QH"]);
        assert_eq!(last(&view(&game, None)), "Turn 1 · Tombstone Law discard a card to draw one");
        // Once a card is discarded, no more discards are offered.
        let a = view(&game, Some("side-a"));
        assert!(!ids(&a).iter().any(|id| id.starts_with("discard:")));
        assert!(a.status.iter().any(|s| s.starts_with("You used a card")));
    }

    /// The Duel between Morgan Earp and Billy Clanton, the round's cards typed: Tombstone Law's
    /// row card 10♥ and 6♦ face up (16), the outlaws' 2♠ and K♠ (12).
    fn duel() -> Game {
        let rules = embedded::rules();
        let mut setup = sim::showdown_setup(20_261_129);
        setup.scene = Some("the-duel".into());
        let scene = rules.scene("the-duel").expect("the duel");
        for side in &mut setup.sides {
            side.gang.models = vec![side.gang.models[2].clone()];
            let s = scene.sides.get(side.role);
            (side.deck, side.hand, side.reshuffle) = (s.deck, s.hand, s.reshuffle);
        }
        let mut game = Game::default();
        ok(&mut game, Event::Begin(Box::new(setup)));
        ok(
            &mut game,
            Event::DuelRound { cards: Some([[card("10H"), card("6D")], [card("2S"), card("KS")]]) },
        );
        game
    }

    #[test]
    fn in_the_duel_each_side_sees_its_own_row_card_and_the_side_to_decide_hits_or_stands() {
        let rules = embedded::rules();
        let mut game = duel();
        let (a, b) = (view(&game, Some("side-a")), view(&game, Some("side-b")));
        let faces = |v: &SeatView| v.hand.iter().map(|c| c.face.clone()).collect::<Vec<_>>();
        assert_eq!((faces(&a), faces(&b)), (vec!["10♥".into(), "6♦".into()], vec!["2♠".into(), "K♠".into()]));
        shows_none_of(&a, &["2S"]);
        shows_none_of(&b, &["10H"]);
        shows_none_of(&view(&game, None), &["10H", "2S"]);
        assert_eq!(ids(&a), ["duel:hit", "duel:stand"]);
        assert!(a.your_turn && ids(&b).is_empty() && !b.your_turn);
        let event = rules
            .seat_event(&game, "side-a", "duel:stand", &crate::kernel::seat::Values::new())
            .expect("offered");
        assert_eq!(event, Event::DuelDecide { side: 0, stand: true, card: None });
        ok(&mut game, event);
        let last = |v: &SeatView| v.log.last().cloned().unwrap_or_default();
        assert!(last(&view(&game, Some("side-a"))).ends_with("Tombstone Law stand on 16"));
        let b = view(&game, Some("side-b"));
        assert!(last(&b).ends_with("Tombstone Law stand"), "{}", last(&b));
        shows_none_of(&b, &["10H"]);
        // The outlaws decide next (12: they may stand); Tombstone Law have nothing to decide.
        assert_eq!(ids(&b), ["duel:hit", "duel:stand"]);
        assert!(rules.seat_event(&game, "side-a", "duel:hit", &crate::kernel::seat::Values::new()).is_err());
    }

    /// The Circle K Outfit (Cal Tate, the boss, K♦, and Wes Hollis, 4 hits, 3♥) against two
    /// Desperados (10♣, 2♠); every other card in the decks.
    fn circle_k() -> Game {
        let mut setup = sim::any_setup(1);
        setup.edition = 0;
        for (side, keep) in setup.sides.iter_mut().zip([[0, 5], [0, 2]]) {
            side.gang.models = keep.iter().map(|&i| side.gang.models[i].clone()).collect();
        }
        let mut game = Game::default();
        ok(&mut game, Event::Begin(Box::new(setup)));
        ok(&mut game, Event::SetHand { side: 0, cards: Vec::new() });
        ok(&mut game, Event::SetHand { side: 1, cards: Vec::new() });
        let typed = vec![(A0, card("KD")), (A1, card("3H")), (B0, card("10C")), (B1, card("2S"))];
        ok(&mut game, Event::DealInitiative { face_up: [None, None], cards: Some(typed) });
        game
    }

    #[test]
    fn a_model_with_two_initiative_cards_keeps_one() {
        use crate::systems::dmh::rules::data::AbilityId;
        let rules = embedded::rules();
        let mut game = circle_k();
        let cat = AbilityId::SeeHowTheCatJumps;
        ok(&mut game, Event::UseAbility { side: 0, ability: cat, targets: vec![A0], card: Some(card("7H")) });
        let a = view(&game, Some("side-a"));
        let prompt = a.prompts.iter().find(|p| p.text == "Cal Tate holds two initiative cards: keep which?");
        let choices = prompt.map(|p| p.choices.clone()).unwrap_or_default();
        assert_eq!(
            choices,
            [Choice::new("keep:0:first", "Keep K♦"), Choice::new("keep:0:second", "Keep 7♥")]
        );
        assert!(
            view(&game, None).table.iter().any(|c| c.face == "7♥" && c.detail == "Cal Tate's second card")
        );
        assert!(!ids(&view(&game, Some("side-b"))).iter().any(|id| id.starts_with("keep:")));
        let event = rules
            .seat_event(&game, "side-a", "keep:0:second", &crate::kernel::seat::Values::new())
            .expect("offered");
        assert_eq!(event, Event::KeepCard { model: A0, keep_second: true });
        ok(&mut game, event);
        assert_eq!(game.model_at(A0).and_then(|m| m.card), Some(card("7H")));
    }

    #[test]
    fn tough_as_old_boots_is_offered_when_a_failed_test_would_put_the_model_out() {
        use crate::systems::dmh::game::Marker;
        use crate::systems::dmh::rules::data::AbilityId;
        let rules = embedded::rules();
        let mut game = circle_k();
        ok(&mut game, Event::SetMarker { model: A1, marker: Marker::UnderFire(2) });
        assert!(view(&game, Some("side-a")).prompts.is_empty());
        ok(
            &mut game,
            Event::Shot { shooter: B0, target: A1, modifier: 0, roll: 16, weapon: None, duck_back: false },
        );
        let a = view(&game, Some("side-a"));
        assert_eq!(a.prompts.len(), 2);
        assert_eq!(a.prompts[0].text, "A failed nerve test would put Wes Hollis out of action.");
        assert_eq!(ids(&a), ["boots:0.1", "nerve:0.1", "nerve:0.1:friend"]);
        assert!(a.your_turn, "asked before the roll");
        let event = rules
            .seat_event(&game, "side-a", "boots:0.1", &crate::kernel::seat::Values::new())
            .expect("offered");
        assert_eq!(
            event,
            Event::UseAbility { side: 0, ability: AbilityId::ToughAsOldBoots, targets: vec![A1], card: None }
        );
        ok(&mut game, event);
        // Once per turn; the test is still to roll (in a journal of edition 0 the declaration
        // changes no number, on the screen as on the phone).
        assert_eq!(ids(&view(&game, Some("side-a"))), ["nerve:0.1", "nerve:0.1:friend"], "once per turn");
    }

    #[test]
    fn a_choice_that_is_not_offered_is_refused() {
        let rules = embedded::rules();
        let game = dealt();
        for (seat, choice) in [
            ("side-a", "play:QS:1.0"),
            ("side-a", "play:9H:1.1"),
            ("side-a", "trump:QH"),
            ("side-b", "discard:9S"),
            ("side-a", "nonsense"),
            ("side-c", "play:QH:1.0"),
        ] {
            if let Some(v) = rules.seat_view(&game, Some(seat)) {
                assert!(!v.offers(choice), "{seat} {choice}");
            }
            assert!(
                rules.seat_event(&game, seat, choice, &crate::kernel::seat::Values::new()).is_err(),
                "{seat} {choice}"
            );
        }
        assert_eq!(
            rules.seat_event(&game, "side-c", "play:QH:1.0", &crate::kernel::seat::Values::new()),
            Err("There is no such seat at this table.".into())
        );
    }

    fn typed(pairs: &[(&str, &str)]) -> Values {
        pairs.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect()
    }

    /// [`dealt`], with Wyatt Earp's shot at Billy Clanton typed (16: under fire, and a nerve
    /// test): Billy (Nerve 4+) owes the test with one marker on him.
    fn shot_at_billy() -> Game {
        let mut game = dealt();
        ok(
            &mut game,
            Event::Shot { shooter: A0, target: B1, modifier: 0, roll: 16, weapon: None, duck_back: false },
        );
        assert_eq!(game.nerve_due, [B1]);
        game
    }

    #[test]
    fn a_shots_nerve_test_is_typed_on_the_phone_of_its_models_side_only() {
        let rules = embedded::rules();
        let game = shot_at_billy();
        let b = view(&game, Some("side-b"));
        let prompt = b.prompts.iter().find(|p| p.text.contains("nerve test")).expect("asked");
        assert_eq!(prompt.text, "Billy Clanton takes the nerve test the shot called for: roll a d10.");
        let d10 = Field::number("roll", "Your d10", 1, 10);
        assert_eq!(
            prompt.choices,
            [
                Choice::new("nerve:1.1", "No friend within 15 cm: needs 5+").with_field(d10.clone()),
                Choice::new("nerve:1.1:friend", "A friend within 15 cm: needs 4+").with_field(d10),
            ]
        );
        assert!(b.your_turn);
        // Tombstone Law are offered Yellow Belly on it, never the roll; a watcher nothing.
        let a = view(&game, Some("side-a"));
        assert_eq!(ids(&a).iter().filter(|id| id.starts_with("nerve:")).count(), 0);
        assert!(view(&game, None).choices().next().is_none());
        assert_eq!(
            rules.seat_event(&game, "side-a", "nerve:1.1", &typed(&[("roll", "7")])),
            Err("That is not something this side can do now.".into())
        );
        // Once the test is taken, it is offered no more.
        let mut game = game;
        ok(&mut game, Event::Nerve { model: B1, needed: 5, roll: 7, to_shoot: None });
        assert!(!ids(&view(&game, Some("side-b"))).iter().any(|id| id.starts_with("nerve:")));
    }

    #[test]
    fn typed_dice_are_the_event_the_screen_commits_and_pass_or_fail_as_they_say() {
        let rules = embedded::rules();
        let game = shot_at_billy();
        // The screen: Friend within 15 cm unticked, needs 5+ (Nerve 4+, one marker), the d10
        // typed.
        for (roll, markers, line) in [
            (5, 1, "Turn 1 · Billy Clanton takes a nerve test needing 5+: 5, passed"),
            (4, 2, "Turn 1 · Billy Clanton takes a nerve test needing 5+: 4, failed, another marker"),
        ] {
            let event = rules
                .seat_event(&game, "side-b", "nerve:1.1", &typed(&[("roll", &roll.to_string())]))
                .expect("offered");
            let screen = Event::Nerve { model: B1, needed: 5, roll, to_shoot: None };
            assert_eq!(event, screen);
            let (mut phone, mut host) = (game.clone(), game.clone());
            ok(&mut phone, event);
            ok(&mut host, screen);
            assert_eq!(phone.lines.last(), host.lines.last());
            assert_eq!(phone.lines.last().map(String::as_str), Some(line));
            assert_eq!(phone.model_at(B1).map(|m| m.under_fire), Some(markers), "{roll}");
            assert!(phone.nerve_due.is_empty());
        }
        // A friend within 15 cm: needs 4+, and a 4 passes.
        let event = rules.seat_event(&game, "side-b", "nerve:1.1:friend", &typed(&[("roll", " 4 ")]));
        assert_eq!(event, Ok(Event::Nerve { model: B1, needed: 4, roll: 4, to_shoot: None }));
    }

    #[test]
    fn a_die_out_of_range_is_refused_with_its_sentence() {
        let rules = embedded::rules();
        let game = shot_at_billy();
        let b = view(&game, Some("side-b"));
        let choice = b.choice("nerve:1.1").expect("offered");
        for bad in ["0", "11", "six"] {
            let values = typed(&[("roll", bad)]);
            let refused = "Your d10 is a whole number from 1 to 10.".to_owned();
            assert_eq!(choice.check(&values), Err(refused.clone()), "{bad}");
            assert_eq!(rules.seat_event(&game, "side-b", "nerve:1.1", &values), Err(refused), "{bad}");
        }
        assert_eq!(choice.check(&Values::new()), Err("Fill in Your d10.".to_owned()));
        assert_eq!(choice.check(&typed(&[("roll", "10")])), Ok(()));
    }

    #[test]
    fn a_lawmans_test_asks_whether_the_sheriff_sees_him() {
        let rules = embedded::rules();
        let mut game = dealt();
        ok(
            &mut game,
            Event::Shot { shooter: B0, target: A1, modifier: 0, roll: 16, weapon: None, duck_back: false },
        );
        let a = view(&game, Some("side-a"));
        let prompt = a.prompts.iter().find(|p| p.text.starts_with("Morgan Earp takes")).expect("asked");
        let labels: Vec<(&str, &str)> =
            prompt.choices.iter().map(|c| (c.id.as_str(), c.label.as_str())).collect();
        assert_eq!(
            labels,
            [
                ("nerve:0.1", "No friend within 15 cm: needs 5+"),
                ("nerve:0.1:friend", "A friend within 15 cm: needs 4+"),
                ("nerve:0.1:sheriff", "No friend within 15 cm, the Sheriff sees him: needs 4+"),
                ("nerve:0.1:friend:sheriff", "A friend within 15 cm, the Sheriff sees him: needs 3+"),
            ]
        );
        assert_eq!(
            rules.seat_event(&game, "side-a", "nerve:0.1:friend:sheriff", &typed(&[("roll", "3")])),
            Ok(Event::Nerve { model: A1, needed: 3, roll: 3, to_shoot: None })
        );
        assert!(!ids(&view(&game, Some("side-b"))).iter().any(|id| id.starts_with("nerve:")));
    }

    #[test]
    fn in_the_duel_the_side_that_shoots_alone_types_its_d20() {
        let rules = embedded::rules();
        let mut game = duel();
        ok(&mut game, Event::DuelDecide { side: 0, stand: true, card: None });
        ok(&mut game, Event::DuelDecide { side: 1, stand: true, card: None });
        assert_eq!(game.duel_shots_due(rules), [(0, 4)]);
        let a = view(&game, Some("side-a"));
        assert_eq!(ids(&a), ["duel:fire"]);
        assert_eq!(
            a.prompts[0].text,
            "Morgan Earp shoots with +4 (only the cards count) · hit 70%: roll a d20."
        );
        assert_eq!(a.prompts[0].choices[0].fields, [Field::number("roll", "Your d20", 1, 20)]);
        assert!(ids(&view(&game, Some("side-b"))).is_empty());
        let event = rules.seat_event(&game, "side-a", "duel:fire", &typed(&[("roll", "12")]));
        assert_eq!(event, Ok(Event::DuelFire { shots: vec![(0, 12)] }));
        assert_eq!(
            rules.seat_event(&game, "side-a", "duel:fire", &typed(&[("roll", "21")])),
            Err("Your d20 is a whole number from 1 to 20.".into())
        );
    }

    #[test]
    fn a_big_nerve_test_is_typed_on_its_sides_phone() {
        let rules = embedded::rules();
        let mut setup = sim::showdown_setup(1);
        setup.edition = 0;
        for side in &mut setup.sides {
            side.gang.models = [0, 1, 2].iter().map(|&i| side.gang.models[i].clone()).collect();
        }
        let mut game = Game::default();
        ok(&mut game, Event::Begin(Box::new(setup)));
        ok(&mut game, Event::SetHand { side: 0, cards: cards(&HAND_A) });
        ok(&mut game, Event::SetHand { side: 1, cards: cards(&HAND_B) });
        let typed_cards = vec![
            (A0, card("KH")),
            (A1, card("3H")),
            (ModelRef { side: 0, model: 2 }, card("4H")),
            (B0, card("10S")),
            (B1, card("2C")),
            (ModelRef { side: 1, model: 2 }, card("6C")),
        ];
        ok(&mut game, Event::DealInitiative { face_up: [None, None], cards: Some(typed_cards) });
        ok(&mut game, Event::SetMarker { model: B0, marker: Marker::OutOfAction(true) });
        ok(&mut game, Event::SetMarker { model: B1, marker: Marker::OutOfAction(true) });
        ok(&mut game, Event::EndTurn);
        assert_eq!(game.big_nerve_pending(rules), [1]);
        let b = view(&game, Some("side-b"));
        let prompt = b.prompts.iter().find(|p| p.text.contains("Big Nerve")).expect("asked");
        assert_eq!(prompt.text, "Your side must take a Big Nerve test: roll a d10.");
        assert_eq!(
            prompt.choices,
            [Choice::new("big-nerve", "Apply the Big Nerve test (needs 5+)")
                .with_field(Field::number("roll", "Your d10", 1, 10))]
        );
        assert!(!ids(&view(&game, Some("side-a"))).contains(&"big-nerve"));
        for (roll, broke, line) in [
            ("9", None, "Turn 1 · The Clanton Gang pass the Big Nerve test (9)"),
            ("2", Some(1), "Turn 1 · The Clanton Gang fail the Big Nerve test (2) and get out of Dodge"),
        ] {
            let event =
                rules.seat_event(&game, "side-b", "big-nerve", &typed(&[("roll", roll)])).expect("offered");
            let screen = Event::BigNerve { side: 1, roll: roll.parse().expect("a number") };
            assert_eq!(event, screen);
            let mut after = game.clone();
            ok(&mut after, event);
            assert_eq!(after.lines.last().map(String::as_str), Some(line));
            assert_eq!(after.broke, broke, "{roll}");
        }
        assert_eq!(
            rules.seat_event(&game, "side-b", "big-nerve", &typed(&[("roll", "0")])),
            Err("Your d10 is a whole number from 1 to 10.".into())
        );
    }

    #[test]
    fn under_crazy_as_a_loon_the_phone_skips_the_test_instead_of_the_roll() {
        use crate::systems::dmh::rules::data::AbilityId;
        let rules = embedded::rules();
        let mut game = circle_k();
        let crazy =
            Event::UseAbility { side: 1, ability: AbilityId::CrazyAsALoon, targets: vec![], card: None };
        ok(&mut game, crazy);
        ok(
            &mut game,
            Event::Shot { shooter: A0, target: B1, modifier: 0, roll: 16, weapon: None, duck_back: false },
        );
        let b = view(&game, Some("side-b"));
        assert_eq!(ids(&b), ["skip-nerve:1.1"]);
        assert_eq!(b.prompts[0].choices, [Choice::new("skip-nerve:1.1", "Skip the test (Crazy as a Loon)")]);
        assert_eq!(
            rules.seat_event(&game, "side-b", "skip-nerve:1.1", &Values::new()),
            Ok(Event::SkipNerve { model: B1 })
        );
    }
}
