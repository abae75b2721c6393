use super::sim::{next_event, showdown_setup};
use super::*;
use crate::rules::embedded;

#[test]
fn beginning_deals_hands_from_the_seed() {
    let rules = embedded::rules();
    let setup = showdown_setup(7);
    let mut game = Game::default();
    game.apply(rules, &Event::Begin(Box::new(setup.clone()))).expect("begins");
    assert_eq!(game.sides[0].hand.len(), 5);
    assert_eq!(game.sides[0].deck.len(), 18);
    assert_eq!(game.sides[1].models.len(), 7);
    assert!(game.cards_conserved(rules, &setup));
    let again = Game::replay(rules, &game.log).expect("replays");
    assert_eq!(again, game);
    let other = Game::replay(rules, &[Event::Begin(Box::new(showdown_setup(8)))]).expect("replays");
    assert_ne!(other.sides[0].hand, game.sides[0].hand);
}

#[test]
fn initiative_gives_every_model_one_card() {
    let rules = embedded::rules();
    let setup = showdown_setup(1);
    let mut game = Game::replay(rules, &[Event::Begin(Box::new(setup.clone()))]).expect("begins");
    game.apply(rules, &Event::DealInitiative { face_up: [Some(2), Some(0)], cards: None }).expect("deals");
    assert!(game.sides.iter().all(|s| s.models.iter().all(|m| m.card.is_some())));
    assert_eq!(game.sides[0].deck.len(), 18 - 7);
    assert_eq!(game.phase, Phase::Activations);
    assert!(game.cards_conserved(rules, &setup));
}

#[test]
fn physical_cards_are_taken_from_the_deck() {
    let rules = embedded::rules();
    let setup = showdown_setup(3);
    let mut game = Game::replay(rules, &[Event::Begin(Box::new(setup.clone()))]).expect("begins");
    let top = *game.sides[0].deck.first().expect("a card");
    let r = ModelRef { side: 0, model: 0 };
    game.apply(rules, &Event::DealInitiative { face_up: [None, None], cards: Some(vec![(r, top)]) })
        .expect("deals");
    assert_eq!(game.sides[0].models[0].card, Some(top));
    assert!(game.cards_conserved(rules, &setup));
    // A card that is not in the deck is refused, and nothing changes.
    let before = game.clone();
    let err = game.apply(rules, &Event::PlayCard { side: 0, card: top });
    assert_eq!(err, Err(GameError::MissingCard(top)));
    assert_eq!(game, before);
}

#[test]
fn shots_apply_markers_ammo_and_out_of_action() {
    let rules = embedded::rules();
    let setup = showdown_setup(5);
    let mut game = Game::replay(
        rules,
        &[Event::Begin(Box::new(setup)), Event::DealInitiative { face_up: [None, None], cards: None }],
    )
    .expect("ready");
    let shooter = ModelRef { side: 1, model: 2 };
    let target = ModelRef { side: 0, model: 2 };
    game.apply(rules, &Event::Shot { shooter, target, modifier: 0, roll: 12 }).expect("hit");
    assert_eq!(game.sides[0].models[2].under_fire, 1);
    game.apply(rules, &Event::Shot { shooter, target, modifier: 0, roll: 1 }).expect("click");
    assert!(game.sides[1].models[2].out_of_ammo);
    assert!(game.lines[2].starts_with("Turn 1 · Billy Clanton ("), "{}", game.lines[2]);
    assert!(game.lines[2].ends_with("shoots Morgan Earp: 12 +0 = 12, under fire"), "{}", game.lines[2]);
    game.apply(rules, &Event::Nerve { model: target, needed: 5, roll: 3 }).expect("failed test");
    assert_eq!(game.sides[0].models[2].under_fire, 2);
    game.apply(rules, &Event::Shot { shooter, target, modifier: 0, roll: 19 }).expect("down");
    let down = game.sides[0].models[2].clone();
    assert!(down.out_of_action && down.card.is_none(), "its card goes to the discard pile");
    assert_eq!(
        game.apply(rules, &Event::Shot { shooter, target, modifier: 0, roll: 12 }),
        Err(GameError::OutOfAction(down.name.clone()))
    );
    assert_eq!(
        game.apply(
            rules,
            &Event::Shot { shooter, target: ModelRef { side: 0, model: 3 }, modifier: 0, roll: 21 }
        ),
        Err(GameError::BadRoll { die: 20, roll: 21 })
    );
}

#[test]
fn undo_drops_the_last_event_without_reshuffling() {
    let rules = embedded::rules();
    let mut game = Game::replay(rules, &[Event::Begin(Box::new(showdown_setup(9)))]).expect("begins");
    game.apply(rules, &Event::DealInitiative { face_up: [None, None], cards: None }).expect("deals");
    let dealt = game.clone();
    let r = ModelRef { side: 0, model: 0 };
    game.apply(rules, &Event::SetMarker { model: r, marker: Marker::UnderFire(2) }).expect("marker");
    let (undone, event) = game.undo(rules).expect("replays").expect("something to undo");
    assert_eq!(event, Event::SetMarker { model: r, marker: Marker::UnderFire(2) });
    assert_eq!(undone, dealt);
}

#[test]
fn a_broken_side_ends_the_game_at_its_big_nerve_test() {
    let rules = embedded::rules();
    let mut game = Game::replay(
        rules,
        &[
            Event::Begin(Box::new(showdown_setup(4))),
            Event::DealInitiative { face_up: [None, None], cards: None },
        ],
    )
    .expect("ready");
    for m in 0..4 {
        let r = ModelRef { side: 1, model: m };
        game.apply(rules, &Event::SetMarker { model: r, marker: Marker::OutOfAction(true) }).expect("down");
    }
    game.apply(rules, &Event::EndTurn).expect("end of turn");
    let odds = game.big_nerve_odds(rules, 1).expect("odds");
    assert!(odds.required);
    assert_eq!(odds.modifier, -1, "7 models, 4 out: -1");
    game.apply(rules, &Event::BigNerve { side: 1, roll: 1 }).expect("tested");
    assert_eq!((game.phase, game.broke), (Phase::Over, Some(1)));
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]
    #[test]
    fn random_games_conserve_cards_and_replay_exactly(seed in 0u64..10_000, choices in proptest::collection::vec(proptest::num::u64::ANY, 50..400)) {
        let rules = embedded::rules();
        let setup = showdown_setup(seed);
        let mut game = Game::default();
        game.apply(rules, &Event::Begin(Box::new(setup.clone()))).expect("begins");
        for choice in choices {
            let Some(event) = next_event(rules, &game, choice) else { break };
            game.apply(rules, &event).expect("a legal event applies");
            proptest::prop_assert!(game.cards_conserved(rules, &setup), "after {event:?}");
        }
        let replayed = Game::replay(rules, &game.log).expect("replays");
        proptest::prop_assert_eq!(replayed, game);
    }
}

#[test]
fn the_lowest_card_switch_is_offered_once_before_anyone_acts() {
    let rules = embedded::rules();
    let mut game = Game::replay(
        rules,
        &[
            Event::Begin(Box::new(showdown_setup(2))),
            Event::DealInitiative { face_up: [None, None], cards: None },
        ],
    )
    .expect("ready");
    if game.order().is_err() || game.switch_side().is_err() {
        game.apply(rules, &Event::TiePriority { side: 0 }).expect("priority");
    }
    let side = game.switch_side().expect("decided").expect("somebody holds the lowest card");
    let (a, b) = (ModelRef { side, model: 0 }, ModelRef { side, model: 1 });
    let (ca, cb) = (game.sides[side].models[0].card, game.sides[side].models[1].card);
    game.apply(rules, &Event::Switch { a, b }).expect("swapped");
    assert_eq!((game.sides[side].models[0].card, game.sides[side].models[1].card), (cb, ca));
    assert_eq!(game.switch_side(), Ok(None), "once per turn");
    let mixed = Event::Switch { a: ModelRef { side: 0, model: 0 }, b: ModelRef { side: 1, model: 0 } };
    assert_eq!(game.apply(rules, &mixed), Err(GameError::DifferentSides));
}

#[test]
fn a_duck_back_burns_the_activation_and_counts_as_a_move() {
    let rules = embedded::rules();
    let mut game = Game::replay(
        rules,
        &[
            Event::Begin(Box::new(showdown_setup(6))),
            Event::DealInitiative { face_up: [None, None], cards: None },
        ],
    )
    .expect("ready");
    let target = ModelRef { side: 0, model: 4 };
    let card = game.sides[0].models[4].card.expect("dealt");
    game.apply(rules, &Event::Interrupt { model: target, kind: Interruption::DuckBack }).expect("ducks back");
    let m = game.sides[0].models[4].clone();
    assert!(m.activated && m.card.is_none() && m.moves == 1);
    assert_eq!(game.sides[0].discard.last(), Some(&card));
    assert!(game.lines.last().is_some_and(|l| l.contains("ducks back, burning its activation")));
    // It cannot interrupt again, nor act later this turn.
    assert_eq!(
        game.apply(rules, &Event::Interrupt { model: target, kind: Interruption::QuickShot }),
        Err(GameError::AlreadyActivated(m.name.clone()))
    );
    game.apply(rules, &Event::TiePriority { side: 0 }).expect("priority");
    assert!(!game.order().expect("ordered").contains(&target));
}
