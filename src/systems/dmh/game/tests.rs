use super::sim::next_event;
use super::*;
use crate::systems::dmh::rules::embedded;

/// The Showdown of the fixture gangs, as a journal written before declared activations
/// (edition 0) plays it: these tests pin that such games still replay by their rules.
fn showdown_setup(seed: u64) -> Setup {
    Setup { edition: 0, ..super::sim::showdown_setup(seed) }
}

/// [`super::sim::any_setup`] as a journal written before declared activations plays it.
fn legacy_any_setup(seed: u64) -> Setup {
    Setup { edition: 0, ..super::sim::any_setup(seed) }
}

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
    let again = Game::replay(rules, &game.events).expect("replays");
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
    game.apply(rules, &shot(shooter, target, 12)).expect("hit");
    assert_eq!(game.sides[0].models[2].under_fire, 1);
    game.apply(rules, &shot(shooter, target, 1)).expect("click");
    assert!(game.sides[1].models[2].out_of_ammo);
    assert!(game.lines[2].starts_with("Turn 1 · Billy Clanton ("), "{}", game.lines[2]);
    assert!(game.lines[2].ends_with("shoots Morgan Earp: 12 +0 = 12, under fire"), "{}", game.lines[2]);
    game.apply(rules, &Event::Nerve { model: target, needed: 5, roll: 3, to_shoot: None })
        .expect("failed test");
    assert_eq!(game.sides[0].models[2].under_fire, 2);
    // Out of ammo: no shot until it reloads.
    assert_eq!(
        game.apply(rules, &shot(shooter, target, 19)),
        Err(GameError::OutOfAmmo("Billy Clanton".into()))
    );
    game.apply(rules, &Event::SetMarker { model: shooter, marker: Marker::OutOfAmmo(false) })
        .expect("reload");
    assert!(game.lines.last().is_some_and(|l| l.ends_with("Billy Clanton: reloaded")));
    game.apply(rules, &shot(shooter, target, 19)).expect("down");
    let down = game.sides[0].models[2].clone();
    assert!(down.out_of_action && down.card.is_none(), "its card goes to the discard pile");
    assert_eq!(game.apply(rules, &shot(shooter, target, 12)), Err(GameError::OutOfAction(down.name.clone())));
    assert_eq!(
        game.apply(rules, &shot(shooter, ModelRef { side: 0, model: 3 }, 21)),
        Err(GameError::BadRoll { die: 20, roll: 21 })
    );
}

fn shot(shooter: ModelRef, target: ModelRef, roll: u32) -> Event {
    Event::Shot { shooter, target, modifier: 0, roll, weapon: None, duck_back: false }
}

fn armed(shooter: ModelRef, target: ModelRef, roll: u32, weapon: &str) -> Event {
    Event::Shot { shooter, target, modifier: 0, roll, weapon: Some(weapon.into()), duck_back: false }
}

fn dealt(seed: u64) -> Game {
    Game::replay(
        embedded::rules(),
        &[
            Event::Begin(Box::new(showdown_setup(seed))),
            Event::DealInitiative { face_up: [None, None], cards: None },
        ],
    )
    .expect("ready")
}

#[test]
fn weapons_fire_their_shots_a_turn_and_shotguns_empty_after_two_barrels() {
    let rules = embedded::rules();
    let mut game = dealt(11);
    let target = ModelRef { side: 1, model: 0 };
    // Turkey Creek's rifle fires once a turn; he carries no pistol.
    let turkey = ModelRef { side: 0, model: 4 };
    game.apply(rules, &armed(turkey, target, 5, "rifle")).expect("first shot");
    assert_eq!(
        game.apply(rules, &armed(turkey, target, 5, "rifle")),
        Err(GameError::TooManyShots { weapon: "rifle".into(), max: 1 })
    );
    assert_eq!(
        game.apply(rules, &armed(turkey, target, 5, "pistol")),
        Err(GameError::NoWeapon { model: "Turkey Creek".into(), weapon: "pistol".into() })
    );
    // Doc's shotgun: two single barrels, then out of ammo.
    let doc = ModelRef { side: 0, model: 3 };
    game.apply(rules, &armed(doc, target, 5, "shotgun")).expect("one barrel");
    assert!(!game.sides[0].models[3].out_of_ammo);
    assert_eq!(
        game.apply(rules, &armed(doc, target, 5, "both-barrels")),
        Err(GameError::TooManyShots { weapon: "shotgun - both barrels".into(), max: 0 }),
        "both barrels need both barrels loaded"
    );
    game.apply(rules, &armed(doc, target, 5, "shotgun")).expect("the other barrel");
    assert!(game.sides[0].models[3].out_of_ammo);
    assert!(game.lines.last().is_some_and(|l| l.ends_with("; out of ammo")), "{:?}", game.lines.last());
    // Tom's both barrels at once empty the gun straight away.
    let tom = ModelRef { side: 1, model: 4 };
    game.apply(rules, &armed(tom, ModelRef { side: 0, model: 0 }, 5, "both-barrels")).expect("boom");
    assert!(game.sides[1].models[4].out_of_ammo);
    // A new turn's initiative clears the shot counts.
    game.apply(rules, &Event::EndTurn).expect("end");
    game.apply(rules, &Event::NextTurn).expect("next");
    game.apply(rules, &Event::DealInitiative { face_up: [None, None], cards: None }).expect("deal");
    assert!(game.sides[0].models[4].shots.is_empty());
    game.apply(rules, &armed(turkey, target, 5, "rifle")).expect("a new turn's shot");
}

#[test]
fn a_fight_locks_two_models_until_one_falls_or_breaks_off() {
    let rules = embedded::rules();
    let mut game = dealt(12);
    let (wyatt, ike) = (ModelRef { side: 0, model: 0 }, ModelRef { side: 1, model: 0 });
    let ike_card = game.sides[1].models[0].card.expect("dealt");
    let charge = Event::Fight { a: wyatt, b: ike, a_modifier: 1, b_modifier: 0, a_roll: 6, b_roll: 5 };
    game.apply(rules, &charge).expect("charge");
    // 7 against 5: Ike takes two markers and spends his activation in the fight.
    let ike_now = &game.sides[1].models[0];
    assert_eq!(ike_now.under_fire, 2);
    assert!(ike_now.activated && ike_now.card.is_none());
    assert_eq!(game.sides[1].discard.last(), Some(&ike_card));
    assert!(
        game.lines.last().is_some_and(
            |l| l.contains("charges Ike Clanton: 6 +1 = 7 against 5 +0 = 5, Ike Clanton takes 2 markers")
        ),
        "{:?}",
        game.lines.last()
    );
    // Locked: nobody shoots them, they shoot nobody, and nobody else joins.
    let johnny = ModelRef { side: 1, model: 1 };
    assert_eq!(game.apply(rules, &shot(johnny, wyatt, 10)), Err(GameError::InFight("Wyatt Earp".into())));
    assert_eq!(game.apply(rules, &shot(wyatt, johnny, 10)), Err(GameError::InFight("Wyatt Earp".into())));
    let join = Event::Fight { a: johnny, b: wyatt, a_modifier: 0, b_modifier: 0, a_roll: 5, b_roll: 5 };
    assert_eq!(game.apply(rules, &join), Err(GameError::InFight("Wyatt Earp".into())));
    assert_eq!(game.apply(rules, &charge), Err(GameError::FoughtThisTurn), "one roll-off a turn");
    // Next turn they fight on; a draw keeps them locked.
    game.apply(rules, &Event::EndTurn).expect("end");
    game.apply(rules, &Event::NextTurn).expect("next");
    game.apply(rules, &Event::DealInitiative { face_up: [None, None], cards: None }).expect("deal");
    let draw = Event::Fight { a: ike, b: wyatt, a_modifier: 3, b_modifier: 0, a_roll: 4, b_roll: 7 };
    game.apply(rules, &draw).expect("fight on");
    assert!(
        game.lines
            .last()
            .is_some_and(|l| l.contains("fights on with Wyatt Earp") && l.ends_with("a draw, they fight on"))
    );
    assert!(game.fight_of(wyatt).is_some());
    // Breaking off frees both.
    game.apply(rules, &Event::BreakOff { model: wyatt }).expect("break off");
    assert!(game.fights.is_empty());
    assert_eq!(
        game.apply(rules, &Event::BreakOff { model: wyatt }),
        Err(GameError::NotInFight("Wyatt Earp".into()))
    );
    // A fight that puts a model out of action ends.
    let virgil = ModelRef { side: 0, model: 1 };
    let frank = ModelRef { side: 1, model: 3 };
    game.apply(
        rules,
        &Event::Fight { a: virgil, b: frank, a_modifier: 2, b_modifier: -1, a_roll: 10, b_roll: 1 },
    )
    .expect("knock-out");
    assert!(game.sides[1].models[3].out_of_action);
    assert!(game.fights.is_empty());
    assert!(game.lines.last().is_some_and(|l| l.ends_with("Frank McLaury is out of action")));
    assert_eq!(
        game.apply(
            rules,
            &Event::Fight { a: virgil, b: virgil, a_modifier: 0, b_modifier: 0, a_roll: 1, b_roll: 1 }
        ),
        Err(GameError::SameSide)
    );
}

#[test]
fn drunk_and_surprised_models_act_late_and_off_table_models_get_no_card() {
    let rules = embedded::rules();
    let mut game = Game::replay(rules, &[Event::Begin(Box::new(showdown_setup(13)))]).expect("begins");
    let flag = |side, model, flag| Event::SetMarker {
        model: ModelRef { side, model },
        marker: Marker::Flag(flag, true),
    };
    game.apply(rules, &flag(0, 6, Flag::OffTable)).expect("waiting");
    game.apply(rules, &flag(1, 0, Flag::Surprised)).expect("surprised");
    assert!(game.lines.last().is_some_and(|l| l.ends_with("Ike Clanton: surprised")));
    game.apply(rules, &Event::DealInitiative { face_up: [None, None], cards: None }).expect("deals");
    assert!(game.sides[0].models[6].card.is_none(), "off the table: no card");
    assert_eq!(game.sides[0].deck.len(), 18 - 6);
    game.apply(rules, &Event::TiePriority { side: 0 }).expect("priority");
    let order = game.order().expect("ordered");
    assert_eq!(order.last(), Some(&ModelRef { side: 1, model: 0 }), "surprised acts last");
    assert!(!order.contains(&ModelRef { side: 0, model: 6 }));
    assert!(game.cards_conserved(rules, &showdown_setup(13)));
}

#[test]
fn one_player_may_type_cards_while_the_other_is_dealt() {
    let rules = embedded::rules();
    let setup = showdown_setup(14);
    let mut game = Game::replay(rules, &[Event::Begin(Box::new(setup.clone()))]).expect("begins");
    let typed: Vec<(ModelRef, Card)> =
        (0..7).map(|m| (ModelRef { side: 1, model: m }, game.sides[1].deck[m])).collect();
    game.apply(rules, &Event::DealInitiative { face_up: [Some(0), None], cards: Some(typed.clone()) })
        .expect("deals");
    for (r, card) in &typed {
        assert_eq!(game.model_at(*r).and_then(|m| m.card), Some(*card));
    }
    assert!(game.sides[0].models.iter().all(|m| m.card.is_some()), "the other side is dealt");
    assert!(game.cards_conserved(rules, &setup));
}

#[test]
fn a_side_that_used_no_card_may_discard_one_to_draw_one() {
    let rules = embedded::rules();
    let setup = showdown_setup(15);
    let mut game = dealt(15);
    game.apply(rules, &Event::EndTurn).expect("end");
    let card = game.sides[0].hand[0];
    game.apply(rules, &Event::DiscardToDraw { side: 0, card }).expect("discard");
    assert_eq!(game.sides[0].hand.len(), 4);
    assert_eq!(
        game.apply(rules, &Event::DiscardToDraw { side: 0, card: game.sides[0].hand[0] }),
        Err(GameError::AlreadyDraws(game.sides[0].name.clone()))
    );
    game.apply(rules, &Event::NextTurn).expect("next");
    assert_eq!(game.sides[0].hand.len(), 5, "drew one");
    assert_eq!(game.sides[1].hand.len(), 5, "the other side kept its hand");
    assert!(game.cards_conserved(rules, &setup));
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

/// What the rules read back of this turn, read from the game's events themselves (those
/// since the last initiative deal, the set-up left out), for the random games to hold the
/// notes the state keeps to.
fn notes_read_back(events: &[Event]) -> super::TurnNotes {
    let since = events.iter().rposition(|e| matches!(e, Event::DealInitiative { .. })).map_or(0, |at| at + 1);
    let turn: Vec<&Event> = events[since..].iter().filter(|e| !matches!(e, Event::Begin(_))).collect();
    let ended = turn.iter().rposition(|e| matches!(e, Event::EndTurn)).map_or(0, |at| at + 1);
    super::TurnNotes {
        started: turn
            .iter()
            .any(|e| matches!(e, Event::EndActivation { .. } | Event::Shot { .. } | Event::Switch { .. })),
        big_nerve_taken: turn[ended..]
            .iter()
            .filter_map(|e| if let Event::BigNerve { side, .. } = e { Some(*side) } else { None })
            .collect(),
        second_cards: turn
            .iter()
            .filter_map(|e| if let Event::ExtraCard { model, .. } = e { Some(*model) } else { None })
            .collect(),
        last_move: match turn.last() {
            Some(Event::Move { model, .. }) => Some(*model),
            _ => None,
        },
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(256))]
    #[test]
    fn random_games_conserve_cards_and_replay_exactly(seed in 0u64..10_000, steps in 100usize..800) {
        use crate::kernel::sim::{random_game, replays_exactly};
        use rand::RngExt as _;
        let rules = embedded::rules();
        let setup = super::sim::any_setup(seed);
        let played = random_game::<Game>(
            rules,
            &[Event::Begin(Box::new(setup.clone()))],
            seed,
            steps,
            |game, rng| next_event(rules, game, rng.random()),
            |game| {
                if !game.cards_conserved(rules, &setup) {
                    return Err("a card is lost or doubled".to_owned());
                }
                let read_back = notes_read_back(&game.events);
                if game.this_turn == read_back { Ok(()) } else { Err(format!("the turn's notes are {:?}, its events say {read_back:?}", game.this_turn)) }
            },
        )
        .map_err(|e| proptest::test_runner::TestCaseError::fail(e.to_string()))?;
        replays_exactly(rules, &played).map_err(|e| proptest::test_runner::TestCaseError::fail(e.to_string()))?;
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

#[test]
fn a_model_treated_as_an_ace_acts_without_a_card_for_one_turn() {
    let rules = embedded::rules();
    let setup = showdown_setup(16);
    let mut game = Game::replay(rules, &[Event::Begin(Box::new(setup.clone()))]).expect("begins");
    let stranger = ModelRef { side: 0, model: 0 };
    game.apply(rules, &Event::SetMarker { model: stranger, marker: Marker::Flag(Flag::Ace, true) })
        .expect("ace");
    game.apply(rules, &Event::DealInitiative { face_up: [Some(0), None], cards: None }).expect("deals");
    assert_eq!(game.sides[0].models[0].card, None);
    assert_eq!(game.sides[0].deck.len(), 18 - 6, "no card dealt to him");
    game.apply(rules, &Event::TiePriority { side: 0 }).expect("priority");
    let order = game.order().expect("ordered");
    let first_real =
        order.iter().position(|r| game.model_at(*r).and_then(|m| m.card).is_some_and(|c| c.value() < 14));
    let at = order.iter().position(|r| *r == stranger).expect("he acts");
    assert!(first_real.is_none_or(|p| at < p), "an ace acts before every lower card");
    game.apply(rules, &Event::EndActivation { model: stranger, moves: 0 }).expect("acts");
    game.apply(rules, &Event::EndTurn).expect("end");
    game.apply(rules, &Event::NextTurn).expect("next");
    assert!(!game.sides[0].models[0].has(Flag::Ace), "for the first turn only");
    assert!(game.cards_conserved(rules, &setup));
}

#[test]
fn a_second_card_is_dealt_and_the_owner_keeps_one() {
    let rules = embedded::rules();
    let setup = showdown_setup(17);
    let mut game = dealt(17);
    let r = ModelRef { side: 1, model: 0 };
    let held = game.sides[1].models[0].card.expect("dealt");
    game.apply(rules, &Event::ExtraCard { model: r, card: None }).expect("second card");
    let second = game.sides[1].models[0].second.expect("a second card to choose");
    assert!(game.lines.last().is_some_and(|l| l.contains("is dealt a second card")));
    assert!(game.cards_conserved(rules, &setup));
    assert!(
        matches!(game.apply(rules, &Event::ExtraCard { model: r, card: None }), Err(GameError::Rules(_))),
        "one at a time"
    );
    game.apply(rules, &Event::KeepCard { model: r, keep_second: true }).expect("kept");
    assert_eq!(game.sides[1].models[0].card, Some(second));
    assert_eq!(game.sides[1].discard.last(), Some(&held));
    assert!(game.cards_conserved(rules, &setup));
}

#[test]
fn one_quick_shot_per_enemy_activation() {
    let rules = embedded::rules();
    let mut game = dealt(18);
    game.apply(rules, &Event::TiePriority { side: 0 }).expect("priority");
    let current = game.order().expect("ordered")[0];
    let enemy = 1 - current.side;
    let ready: Vec<ModelRef> =
        game.order().expect("ordered").into_iter().filter(|r| r.side == enemy).collect();
    let quick = |model| Event::Interrupt { model, kind: Interruption::QuickShot };
    game.apply(rules, &quick(ready[0])).expect("the first quick shot");
    assert_eq!(
        game.apply(rules, &quick(ready[1])),
        Err(GameError::QuickShotTaken(game.sides[enemy].name.clone()))
    );
    // A duck back is a separate limit.
    game.apply(rules, &Event::Interrupt { model: ready[1], kind: Interruption::DuckBack })
        .expect("duck back");
    // The next activation may be quick shot again.
    game.apply(rules, &Event::EndActivation { model: current, moves: 0 }).expect("done");
    game.apply(rules, &quick(ready[2])).expect("a new activation");
}

/// Moves `card` into `side`'s hand from wherever it is (deck or discard pile), for tests that
/// need a particular card.
fn give(game: &mut Game, side: usize, card: Card) {
    let s = &mut game.state.sides[side];
    if s.hand.contains(&card) {
        return;
    }
    for pile in [&mut s.deck, &mut s.discard] {
        if let Some(pos) = pile.iter().position(|c| *c == card) {
            pile.remove(pos);
            s.hand.push(card);
            return;
        }
    }
    for m in &mut s.models {
        if m.card == Some(card) {
            // Give the model the hand card it replaces, so every card stays somewhere.
            m.card = s.hand.pop();
            s.hand.push(card);
            return;
        }
    }
    panic!("{card} is not in side {side}'s deck");
}

fn card(code: &str) -> Card {
    code.parse().expect("a card code")
}

#[test]
fn a_played_card_can_be_trumped_and_retrumped() {
    let rules = embedded::rules();
    let setup = showdown_setup(21);
    let mut game = dealt(21);
    let enemy = ModelRef { side: 1, model: 2 };
    // Lawmen play Long arm of the law (QH) on an Outlaw; the Outlaws trump with their QS.
    give(&mut game, 0, card("QH"));
    give(&mut game, 1, card("QS"));
    let marks = game.model_at(enemy).expect("model").under_fire;
    game.apply(rules, &Event::Play { side: 0, card: card("QH"), targets: vec![enemy] }).expect("played");
    assert_eq!(
        game.apply(rules, &Event::EndActivation { model: enemy, moves: 0 }),
        Err(GameError::CardPending),
        "nothing else until it is settled"
    );
    assert_eq!(game.apply(rules, &Event::Trump { side: 0, card: card("QS") }), Err(GameError::NotYourTrump));
    game.apply(rules, &Event::Trump { side: 1, card: card("QS") }).expect("trumped");
    assert!(game.cards_conserved(rules, &setup));
    game.apply(rules, &Event::Settle).expect("settled");
    assert_eq!(game.model_at(enemy).expect("model").under_fire, marks, "trumped: no effect");
    assert!(game.lines.last().is_some_and(|l| l.ends_with("is trumped and has no effect")));
    assert!(game.sides[0].used_card && game.sides[1].used_card, "both used a card");
    assert!(game.sides[0].discard.contains(&card("QH")) && game.sides[1].discard.contains(&card("QS")));
    // Declined: the card takes effect.
    give(&mut game, 0, card("QH"));
    game.apply(rules, &Event::Play { side: 0, card: card("QH"), targets: vec![enemy] }).expect("played");
    game.apply(rules, &Event::Settle).expect("settled");
    assert_eq!(game.model_at(enemy).expect("model").under_fire, marks + 1, "Long arm's marker");
    assert!(game.cards_conserved(rules, &setup));
}

#[test]
fn a_trump_must_match_the_value() {
    let rules = embedded::rules();
    let mut game = dealt(22);
    give(&mut game, 0, card("5H"));
    give(&mut game, 1, card("6S"));
    game.apply(rules, &Event::Play { side: 0, card: card("5H"), targets: vec![] }).expect("played");
    assert!(matches!(
        game.apply(rules, &Event::Trump { side: 1, card: card("6S") }),
        Err(GameError::Targets(_))
    ));
}

#[test]
fn sodden_by_whiskey_and_the_red_joker_swap_initiative_cards() {
    let rules = embedded::rules();
    let setup = showdown_setup(23);
    let mut game = dealt(23);
    let (a, b) = (ModelRef { side: 1, model: 0 }, ModelRef { side: 1, model: 1 });
    let (ca, cb) = (game.model_at(a).and_then(|m| m.card), game.model_at(b).and_then(|m| m.card));
    give(&mut game, 0, card("4H"));
    assert!(matches!(
        game.apply(
            rules,
            &Event::Play { side: 0, card: card("4H"), targets: vec![a, ModelRef { side: 0, model: 0 }] }
        ),
        Err(GameError::Targets(_))
    ));
    game.apply(rules, &Event::Play { side: 0, card: card("4H"), targets: vec![a, b] }).expect("played");
    game.apply(rules, &Event::Settle).expect("settled");
    assert_eq!((game.model_at(a).and_then(|m| m.card), game.model_at(b).and_then(|m| m.card)), (cb, ca));
    // The Red Joker: three own/enemy pairs.
    give(&mut game, 0, Card::Joker(Colour::Red));
    let pairs: Vec<ModelRef> =
        (0..3).flat_map(|i| [ModelRef { side: 0, model: i }, ModelRef { side: 1, model: i + 2 }]).collect();
    let before: Vec<Option<Card>> = pairs.iter().map(|r| game.model_at(*r).and_then(|m| m.card)).collect();
    game.apply(rules, &Event::Play { side: 0, card: Card::Joker(Colour::Red), targets: pairs.clone() })
        .expect("RJ");
    game.apply(rules, &Event::Settle).expect("settled");
    for (i, pair) in pairs.chunks(2).enumerate() {
        assert_eq!(game.model_at(pair[0]).and_then(|m| m.card), before[2 * i + 1]);
        assert_eq!(game.model_at(pair[1]).and_then(|m| m.card), before[2 * i]);
    }
    assert!(game.cards_conserved(rules, &setup));
}

#[test]
fn lasting_cards_stay_in_play_until_they_expire() {
    let rules = embedded::rules();
    let setup = showdown_setup(24);
    let mut game = dealt(24);
    let horse = ModelRef { side: 0, model: 1 };
    // Hang 'em High, before the enemy acts, bars its Recover this turn.
    give(&mut game, 0, card("AH"));
    game.apply(rules, &Event::Play { side: 0, card: card("AH"), targets: vec![] }).expect("played");
    game.apply(rules, &Event::Settle).expect("settled");
    give(&mut game, 0, card("8H"));
    game.apply(rules, &Event::Play { side: 0, card: card("8H"), targets: vec![horse] }).expect("played");
    game.apply(rules, &Event::Settle).expect("settled");
    assert!(game.effect_on(Effect::SpottedHorse, horse));
    // An out of action roll counts as under fire + nerve test.
    game.apply(rules, &shot(ModelRef { side: 1, model: 2 }, horse, 20)).expect("shot");
    let m = game.model_at(horse).expect("model");
    assert!(!m.out_of_action && m.under_fire == 1);
    // Too late now for a card played before the enemy acts.
    give(&mut game, 1, card("4S"));
    assert!(matches!(
        game.apply(
            rules,
            &Event::Play {
                side: 1,
                card: card("4S"),
                targets: vec![ModelRef { side: 0, model: 2 }, ModelRef { side: 0, model: 3 }]
            }
        ),
        Err(GameError::Targets(_))
    ));
    assert!(matches!(
        game.apply(rules, &Event::Recover { model: ModelRef { side: 1, model: 0 } }),
        Err(GameError::Targets(_))
    ));
    game.apply(rules, &Event::Recover { model: horse }).expect("the Lawmen may recover");
    assert_eq!(game.model_at(horse).expect("model").under_fire, 0);
    assert!(game.cards_conserved(rules, &setup));
    game.apply(rules, &Event::EndTurn).expect("end");
    assert!(game.in_play.is_empty(), "turn-long cards expire at the end of the turn");
    assert!(game.cards_conserved(rules, &setup));
}

#[test]
fn abilities_keep_their_limits() {
    let rules = embedded::rules();
    let mut game = dealt(25);
    // The Outlaws' Cheatin' (once per game) swaps a hand card with an initiative card.
    let ike = ModelRef { side: 1, model: 0 };
    let hand = game.sides[1].hand[0];
    let old = game.model_at(ike).and_then(|m| m.card).expect("dealt");
    let cheat =
        Event::UseAbility { side: 1, ability: AbilityId::Cheatin, targets: vec![ike], card: Some(hand) };
    game.apply(rules, &cheat).expect("cheats");
    assert_eq!(game.model_at(ike).and_then(|m| m.card), Some(hand));
    assert!(game.sides[1].hand.contains(&old));
    // Above Snakes is excluded in a turn that used Cheatin'.
    let snakes = Event::UseAbility { side: 1, ability: AbilityId::AboveSnakes, targets: vec![], card: None };
    assert_eq!(
        game.apply(rules, &snakes),
        Err(GameError::Ability("Above Snakes cannot be used in a turn that used Cheatin'".into()))
    );
    game.apply(rules, &Event::EndTurn).expect("end");
    game.apply(rules, &Event::NextTurn).expect("next");
    game.apply(rules, &Event::DealInitiative { face_up: [None, None], cards: None }).expect("deal");
    let again = Event::UseAbility {
        side: 1,
        ability: AbilityId::Cheatin,
        targets: vec![ike],
        card: Some(game.sides[1].hand[0]),
    };
    assert_eq!(
        game.apply(rules, &again),
        Err(GameError::Ability("Cheatin' is once per game and has been used".into()))
    );
    game.apply(rules, &snakes).expect("a new turn");
    assert!(game.cards_conserved(rules, &showdown_setup(25)));
}

#[test]
fn crazy_as_a_loon_skips_tests_that_fail_at_the_end_of_the_turn() {
    let rules = embedded::rules();
    let mut setup = showdown_setup(26);
    // Desperados against the Lawmen.
    setup.sides[1].gang =
        serde_json::from_str(include_str!("../../../../tests/fixtures/desperados-21.json")).expect("fixture");
    setup.sides[1].numbers = Colour::Black;
    let mut game = Game::replay(
        rules,
        &[
            Event::Begin(Box::new(setup.clone())),
            Event::DealInitiative { face_up: [None, None], cards: None },
        ],
    )
    .expect("ready");
    let r = ModelRef { side: 1, model: 3 };
    assert!(matches!(game.apply(rules, &Event::SkipNerve { model: r }), Err(GameError::Ability(_))));
    game.apply(
        rules,
        &Event::UseAbility { side: 1, ability: AbilityId::CrazyAsALoon, targets: vec![], card: None },
    )
    .expect("crazy");
    game.apply(rules, &Event::SkipNerve { model: r }).expect("skipped");
    game.apply(rules, &Event::SkipNerve { model: r }).expect("skipped again");
    assert_eq!(game.model_at(r).expect("model").under_fire, 0, "not yet");
    game.apply(rules, &Event::EndTurn).expect("end");
    assert_eq!(game.model_at(r).expect("model").under_fire, 2, "two skipped tests, two markers");
    // A Hog Killin' Time is excluded in the same turn as Crazy as a Loon.
    assert!(matches!(
        game.ability_refusal(rules, 1, AbilityId::AHogKillinTime),
        Some(why) if why.contains("Crazy as a Loon")
    ));
    assert!(game.cards_conserved(rules, &setup));
}

/// A scene's set-up with the first `good` Lawmen and the first `bad` Outlaws, the scene's
/// decks, hands and reshuffling.
fn scene_setup(scene: &str, good: usize, bad: usize, seed: u64) -> Setup {
    let rules = embedded::rules();
    let sc = rules.scene(scene).expect("scene");
    let mut setup = showdown_setup(seed);
    setup.scene = Some(scene.into());
    for (side, keep) in setup.sides.iter_mut().zip([good, bad]) {
        side.gang.models.truncate(keep);
        let s = sc.sides.get(side.role);
        side.deck = s.deck;
        side.hand = s.hand;
        side.reshuffle = s.reshuffle;
    }
    setup
}

#[test]
fn the_stranger_starts_as_an_ace_against_drunks_and_loses_when_his_deck_runs_out() {
    let rules = embedded::rules();
    let setup = scene_setup("the-stranger", 1, 3, 27);
    let mut game = Game::replay(rules, &[Event::Begin(Box::new(setup.clone()))]).expect("begins");
    let stranger = &game.sides[0].models[0];
    assert!(stranger.has(Flag::Ace) && stranger.has(Flag::Key));
    assert!(game.sides[1].models.iter().all(|m| m.has(Flag::Drunk)));
    game.apply(rules, &Event::DealInitiative { face_up: [None, None], cards: None }).expect("deals");
    assert_eq!(game.sides[0].models[0].card, None, "no card: he acts as an ace");
    // One bad guy falls: they all sober up.
    game.apply(
        rules,
        &Event::SetMarker { model: ModelRef { side: 1, model: 0 }, marker: Marker::OutOfAction(true) },
    )
    .expect("down");
    assert!(game.sides[1].models.iter().all(|m| !m.has(Flag::Drunk)));
    assert_eq!(game.phase, Phase::Activations, "the game goes on");
    // Turn after turn the stranger draws two cards until his half deck runs out.
    let mut turns = 0;
    while game.phase != Phase::Over && turns < 20 {
        if game.phase == Phase::Activations {
            game.apply(rules, &Event::EndTurn).expect("end");
        }
        game.apply(rules, &Event::NextTurn).expect("next");
        game.apply(rules, &Event::DealInitiative { face_up: [None, None], cards: None }).expect("deal");
        if game.phase == Phase::Activations {
            game.apply(rules, &Event::TiePriority { side: 0 }).expect("priority");
            let stranger = ModelRef { side: 0, model: 0 };
            if game.apply(rules, &Event::ExtraCard { model: stranger, card: None }).is_ok()
                && let Some(second) = game.sides[0].models[0].second
            {
                let keep = game.sides[0].models[0].card.is_none_or(|c| second.value() > c.value());
                game.apply(rules, &Event::KeepCard { model: stranger, keep_second: keep }).expect("kept");
            }
        }
        turns += 1;
    }
    let end = game.result.clone().expect("over");
    assert_eq!((end.winner, end.condition.as_str()), (Some(1), "stranger-deck-out"));
    assert!(game.lines.iter().any(|l| l.contains("second card")));
    assert!(game.cards_conserved(rules, &setup));
}

#[test]
fn the_witness_stays_secret_until_an_enemy_comes_close() {
    let rules = embedded::rules();
    let setup = scene_setup("fast-train-to-justice", 5, 5, 28);
    let mut game = Game::replay(rules, &[Event::Begin(Box::new(setup))]).expect("begins");
    let witness = ModelRef { side: 0, model: 3 };
    game.apply(rules, &Event::SecretWitness { model: witness }).expect("noted");
    assert!(game.lines.last().is_some_and(|l| l.ends_with("note their witness in secret")));
    assert!(!game.model_at(witness).expect("model").has(Flag::Key));
    game.apply(rules, &Event::Approach { model: ModelRef { side: 0, model: 1 } }).expect("close");
    assert!(game.lines.last().is_some_and(|l| l.ends_with("who is not the witness")));
    game.apply(rules, &Event::Approach { model: witness }).expect("close");
    assert!(game.model_at(witness).expect("model").has(Flag::Key));
    assert!(game.lines.last().is_some_and(|l| l.ends_with("is the witness!")));
    game.apply(rules, &Event::DealInitiative { face_up: [None, None], cards: None }).expect("deals");
    game.apply(rules, &Event::SetMarker { model: witness, marker: Marker::OutOfAction(true) }).expect("down");
    let end = game.result.clone().expect("over");
    assert_eq!((end.winner, end.condition.as_str()), (Some(1), "witness-killed"));
}

#[test]
fn scenes_skip_or_ignore_big_nerve_tests() {
    let rules = embedded::rules();
    // Fast Train to Justice ignores each side's first required test.
    let mut game = Game::replay(
        rules,
        &[
            Event::Begin(Box::new(scene_setup("fast-train-to-justice", 7, 7, 29))),
            Event::DealInitiative { face_up: [None, None], cards: None },
        ],
    )
    .expect("ready");
    for m in 0..4 {
        game.apply(
            rules,
            &Event::SetMarker { model: ModelRef { side: 1, model: m }, marker: Marker::OutOfAction(true) },
        )
        .expect("down");
    }
    game.apply(rules, &Event::EndTurn).expect("end");
    assert_eq!(game.big_nerve_pending(rules), vec![1]);
    assert!(game.big_nerve_ignored(rules, 1));
    game.apply(rules, &Event::BigNerve { side: 1, roll: 1 }).expect("ignored");
    assert_eq!(game.phase, Phase::EndOfTurn, "a 1 would fail, but this test is ignored");
    assert!(!game.big_nerve_ignored(rules, 1), "only the first");
    // Get Me Out! has no Big Nerve tests.
    let mut game = Game::replay(
        rules,
        &[
            Event::Begin(Box::new(scene_setup("get-me-out", 4, 4, 30))),
            Event::DealInitiative { face_up: [None, None], cards: None },
        ],
    )
    .expect("ready");
    for m in 0..2 {
        game.apply(
            rules,
            &Event::SetMarker { model: ModelRef { side: 1, model: m }, marker: Marker::OutOfAction(true) },
        )
        .expect("down");
    }
    game.apply(rules, &Event::EndTurn).expect("end");
    assert!(game.big_nerve_pending(rules).is_empty());
}

#[test]
fn an_end_condition_names_the_winner_and_objectives_are_declared() {
    let rules = embedded::rules();
    let mut game = Game::replay(
        rules,
        &[
            Event::Begin(Box::new(scene_setup("this-town-aint-big-enough", 6, 5, 31))),
            Event::DealInitiative { face_up: [None, None], cards: None },
        ],
    )
    .expect("ready");
    assert!(game.sides[1].models[0].has(Flag::OffTable), "the bad boss waits");
    assert!(game.sides[1].models[0].card.is_none());
    for m in 1..3 {
        game.apply(
            rules,
            &Event::SetMarker { model: ModelRef { side: 1, model: m }, marker: Marker::OutOfAction(true) },
        )
        .expect("down");
    }
    let end = game.result.clone().expect("two bad guys down");
    assert_eq!((end.winner, end.condition.as_str()), (Some(0), "bad-losses"));
    assert_eq!(game.phase, Phase::Over);
    // Heist: the players say the loot got away.
    let mut game =
        Game::replay(rules, &[Event::Begin(Box::new(scene_setup("heist", 5, 5, 32)))]).expect("begins");
    game.apply(rules, &Event::EndScene { condition: "loot-escapes".into(), winner: None }).expect("declared");
    let end = game.result.clone().expect("over");
    assert_eq!((end.winner, end.condition.as_str()), (Some(1), "loot-escapes"));
    assert!(game.lines.last().is_some_and(|l| l.contains("the game ends: Bags carried off")));
}

#[test]
fn every_card_and_ability_says_truly_whether_posse_applies_it() {
    use crate::systems::dmh::rules::data::AutoLevel;
    let rules = embedded::rules();
    for gang in &rules.gangs {
        for kind in [DeckKind::Full, DeckKind::Duel] {
            for c in cards::build_deck(gang, kind, gang.role, gang.colour) {
                let text = rules.card_text(c).expect("every card has a text");
                let applied = text.automation.level == AutoLevel::Applied;
                assert_eq!(applied, Effect::of(c).is_some(), "{} ({})", c.label(), text.name);
                assert!(!text.automation.note.is_empty(), "{} says what Posse does", text.name);
            }
        }
        for a in &gang.abilities {
            assert!(!a.automation.note.is_empty(), "{} says what Posse does", a.name);
        }
    }
}

#[test]
fn the_outnumbered_stranger_draws_a_second_card_from_turn_two() {
    let rules = embedded::rules();
    let mut game = Game::replay(
        rules,
        &[
            Event::Begin(Box::new(scene_setup("the-stranger", 1, 3, 33))),
            Event::DealInitiative { face_up: [None, None], cards: None },
        ],
    )
    .expect("ready");
    assert!(game.second_card_due(rules).is_empty(), "not on turn one");
    game.apply(rules, &Event::EndTurn).expect("end");
    game.apply(rules, &Event::NextTurn).expect("next");
    game.apply(rules, &Event::DealInitiative { face_up: [None, None], cards: None }).expect("deal");
    let stranger = ModelRef { side: 0, model: 0 };
    assert_eq!(game.second_card_due(rules), vec![stranger]);
    game.apply(rules, &Event::ExtraCard { model: stranger, card: None }).expect("second card");
    assert!(game.second_card_due(rules).is_empty(), "once a turn");
}

#[test]
fn a_physical_hand_is_mirrored_from_the_typed_cards() {
    let rules = embedded::rules();
    let setup = showdown_setup(34);
    let mut game = Game::replay(rules, &[Event::Begin(Box::new(setup.clone()))]).expect("begins");
    let keep = game.sides[0].hand[0];
    let new: Vec<Card> = game.sides[0].deck[..2].to_vec();
    let typed = vec![keep, new[0], new[1]];
    game.apply(rules, &Event::SetHand { side: 0, cards: typed.clone() }).expect("typed");
    assert_eq!(game.sides[0].hand, typed);
    assert!(game.cards_conserved(rules, &setup));
    let foreign = game.sides[1].deck[0];
    assert_eq!(
        game.apply(rules, &Event::SetHand { side: 0, cards: vec![foreign] }),
        Err(GameError::MissingCard(foreign)),
        "not a card of this deck"
    );
    assert_eq!(
        game.apply(rules, &Event::SetHand { side: 0, cards: vec![keep, keep] }),
        Err(GameError::MissingCard(keep)),
        "one card typed twice"
    );
}

#[test]
fn cards_in_play_change_shots_and_nerve_tests() {
    use crate::systems::dmh::rules::nerve::NerveInput;
    use crate::systems::dmh::rules::shooting::ShotInput;
    let rules = embedded::rules();
    let mut game = dealt(35);
    let (wyatt, ike) = (ModelRef { side: 0, model: 0 }, ModelRef { side: 1, model: 0 });
    // The Black Joker: +1 to every shot this turn.
    give(&mut game, 1, Card::Joker(Colour::Black));
    game.apply(rules, &Event::Play { side: 1, card: Card::Joker(Colour::Black), targets: vec![] })
        .expect("BJ");
    game.apply(rules, &Event::Settle).expect("settled");
    // Dead eye shot on Wyatt: no cover or moving penalty.
    give(&mut game, 0, card("10H"));
    game.apply(rules, &Event::Play { side: 0, card: card("10H"), targets: vec![wyatt] }).expect("10");
    game.apply(rules, &Event::Settle).expect("settled");
    let mut input = ShotInput {
        weapon: "pistol".into(),
        distance_cm: 15.0,
        cover: true,
        target_moves: 2,
        ..ShotInput::default()
    };
    let notes = game.card_shot_effects(rules, wyatt, ike, &mut input);
    assert_eq!(notes.len(), 2, "{notes:?}");
    assert!(input.black_joker && !input.cover && input.target_moves == 0);
    // No card in play touches the Outlaws' nerve tests.
    let mut nerve = NerveInput { nerve: 5, under_fire: 2, friend_near: false, extra: vec![] };
    assert!(game.card_nerve_effects(ike, &mut nerve).is_empty());
    assert_eq!(nerve.under_fire, 2);
    // Activation-long cards expire when the activation ends.
    game.apply(rules, &Event::TiePriority { side: 0 }).expect("priority");
    let current = game.order().expect("ordered")[0];
    game.apply(rules, &Event::EndActivation { model: current, moves: 0 }).expect("ends");
    assert!(!game.effect_on(Effect::DeadEye, wyatt));
    assert!(game.black_joker(), "the joker lasts the turn");
}

#[test]
fn stand_it_like_a_man_lasts_until_a_nerve_test_fails() {
    use crate::systems::dmh::rules::nerve::NerveInput;
    let rules = embedded::rules();
    let setup = legacy_any_setup(37);
    let mut game = Game::replay(
        rules,
        &[
            Event::Begin(Box::new(setup.clone())),
            Event::DealInitiative { face_up: [None, None], cards: None },
        ],
    )
    .expect("ready");
    assert_eq!(game.sides[1].gang, "desperados");
    let bandit = ModelRef { side: 1, model: 3 };
    give(&mut game, 1, card("JC"));
    game.apply(rules, &Event::Play { side: 1, card: card("JC"), targets: vec![] }).expect("J");
    game.apply(rules, &Event::Settle).expect("settled");
    let mut nerve = NerveInput { nerve: 4, under_fire: 2, friend_near: true, extra: vec![] };
    assert_eq!(game.card_nerve_effects(bandit, &mut nerve).len(), 1);
    assert_eq!(nerve.under_fire, 0, "the markers' penalty is gone");
    assert!(nerve.friend_near, "the bonus stays");
    game.apply(rules, &Event::Nerve { model: bandit, needed: 4, roll: 1, to_shoot: None }).expect("failed");
    assert!(!game.effect_for(Effect::StandItLikeAMan, 1), "a failed test ends it");
    assert!(game.sides[1].discard.contains(&card("JC")));
    assert!(game.cards_conserved(rules, &setup));
}

#[test]
fn models_acting_as_aces_go_before_real_aces() {
    let rules = embedded::rules();
    let setup = scene_setup("we-will-be-waitin", 2, 7, 38);
    let mut game = Game::replay(rules, &[Event::Begin(Box::new(setup))]).expect("begins");
    // Give a bad guy a real ace: typed from the deck.
    let ace = *game.sides[1].deck.iter().find(|c| c.value() == 14).expect("an ace in the deck");
    game.apply(
        rules,
        &Event::DealInitiative {
            face_up: [None, None],
            cards: Some(vec![(ModelRef { side: 1, model: 0 }, ace)]),
        },
    )
    .expect("deals");
    game.apply(rules, &Event::TiePriority { side: 1 }).expect("bad guys win ties");
    let order = game.order().expect("no tie to settle with the aces");
    assert_eq!(&order[..2], &[ModelRef { side: 0, model: 0 }, ModelRef { side: 0, model: 1 }]);
    assert_eq!(order[2], ModelRef { side: 1, model: 0 }, "then the real ace");
}

#[test]
fn both_sides_failing_the_big_nerve_test_is_a_draw() {
    let rules = embedded::rules();
    let mut game = dealt(39);
    for side in 0..2 {
        for m in 0..4 {
            game.apply(
                rules,
                &Event::SetMarker { model: ModelRef { side, model: m }, marker: Marker::OutOfAction(true) },
            )
            .expect("down");
        }
    }
    game.apply(rules, &Event::EndTurn).expect("end");
    game.apply(rules, &Event::BigNerve { side: 0, roll: 1 }).expect("fails");
    assert_eq!(game.phase, Phase::EndOfTurn, "the other side still tests");
    game.apply(rules, &Event::BigNerve { side: 1, roll: 1 }).expect("fails too");
    let end = game.result.clone().expect("over");
    assert_eq!((end.winner, game.phase), (None, Phase::Over), "a draw");
}

#[test]
fn the_ambush_needs_its_key_model_marked() {
    let rules = embedded::rules();
    let mut game = Game::replay(
        rules,
        &[
            Event::Begin(Box::new(scene_setup("ambush", 3, 4, 40))),
            Event::DealInitiative { face_up: [None, None], cards: None },
        ],
    )
    .expect("ready");
    let down =
        |m| Event::SetMarker { model: ModelRef { side: 0, model: m }, marker: Marker::OutOfAction(true) };
    game.apply(rules, &down(1)).expect("down");
    game.apply(rules, &down(2)).expect("down");
    assert!(game.result.is_none(), "two men in the buildings are not the ambush's target");
    let mut game = Game::replay(
        rules,
        &[
            Event::Begin(Box::new(scene_setup("ambush", 3, 4, 40))),
            Event::SetMarker { model: ModelRef { side: 0, model: 0 }, marker: Marker::Flag(Flag::Key, true) },
            Event::DealInitiative { face_up: [None, None], cards: None },
        ],
    )
    .expect("ready");
    game.apply(rules, &down(0)).expect("down");
    game.apply(rules, &down(2)).expect("down");
    assert_eq!(game.result.as_ref().map(|e| e.condition.as_str()), Some("ambush-succeeds"));
}

#[test]
fn a_hog_killin_time_shot_passes_the_limit_and_then_costs_a_marker() {
    let rules = embedded::rules();
    let setup = legacy_any_setup(41);
    let mut game = Game::replay(
        rules,
        &[Event::Begin(Box::new(setup)), Event::DealInitiative { face_up: [None, None], cards: None }],
    )
    .expect("ready");
    let (boss, target) = (ModelRef { side: 1, model: 0 }, ModelRef { side: 0, model: 3 });
    assert!(game.model_at(boss).expect("boss").weapons.iter().any(|w| w == "pistol"));
    for _ in 0..3 {
        game.apply(rules, &armed(boss, target, 5, "pistol")).expect("a pistol shot");
    }
    assert!(matches!(
        game.apply(rules, &armed(boss, target, 5, "pistol")),
        Err(GameError::TooManyShots { .. })
    ));
    game.apply(
        rules,
        &Event::UseAbility { side: 1, ability: AbilityId::AHogKillinTime, targets: vec![boss], card: None },
    )
    .expect("hog");
    let before = game.model_at(boss).expect("boss").under_fire;
    game.apply(rules, &armed(boss, target, 5, "pistol")).expect("the extra shot");
    assert_eq!(game.model_at(boss).expect("boss").under_fire, before + 1, "then the marker");
}

#[test]
fn surprised_models_do_not_interrupt_and_a_burnt_activation_can_be_given_back() {
    let rules = embedded::rules();
    let mut game = dealt(42);
    game.apply(rules, &Event::TiePriority { side: 0 }).expect("priority");
    let current = game.order().expect("ordered")[0];
    let enemy = 1 - current.side;
    let later: Vec<ModelRef> =
        game.order().expect("ordered").into_iter().filter(|r| r.side == enemy).collect();
    game.apply(rules, &Event::SetMarker { model: later[0], marker: Marker::Flag(Flag::Surprised, true) })
        .expect("flag");
    assert!(matches!(
        game.apply(rules, &Event::Interrupt { model: later[0], kind: Interruption::DuckBack }),
        Err(GameError::Rules(_))
    ));
    let card = game.model_at(later[1]).and_then(|m| m.card).expect("a card");
    game.apply(rules, &Event::Interrupt { model: later[1], kind: Interruption::DuckBack })
        .expect("ducks back");
    game.apply(rules, &Event::RestoreActivation { cancelled: false, model: later[1] })
        .expect("Above Snakes passed");
    let m = game.model_at(later[1]).expect("model");
    assert_eq!((m.card, m.activated, m.moves), (Some(card), false, 1));
    assert!(game.cards_conserved(rules, &showdown_setup(42)));
}

#[test]
fn yellow_belly_answers_only_the_test_a_shot_called_for() {
    let rules = embedded::rules();
    let mut game = dealt(43);
    let (shooter, target) = (ModelRef { side: 0, model: 0 }, ModelRef { side: 1, model: 2 });
    give(&mut game, 0, card("9H"));
    let yb = Event::Play { side: 0, card: card("9H"), targets: vec![target] };
    assert!(matches!(game.apply(rules, &yb), Err(GameError::Targets(_))), "no test due");
    game.apply(rules, &shot(shooter, target, 16)).expect("under fire + nerve");
    assert_eq!(game.nerve_due, vec![target]);
    game.apply(rules, &yb).expect("now it may");
    game.apply(rules, &Event::Settle).expect("settled");
    assert_eq!(game.model_at(target).expect("model").under_fire, 2);
    assert!(game.nerve_due.is_empty());
}

#[test]
fn the_red_joker_makes_three_different_swaps() {
    let rules = embedded::rules();
    let mut game = dealt(44);
    give(&mut game, 0, Card::Joker(Colour::Red));
    let rj = |targets: Vec<ModelRef>| Event::Play { side: 0, card: Card::Joker(Colour::Red), targets };
    let own = |m| ModelRef { side: 0, model: m };
    let foe = |m| ModelRef { side: 1, model: m };
    assert!(matches!(game.apply(rules, &rj(vec![own(0), foe(0)])), Err(GameError::Targets(_))), "all three");
    assert!(
        matches!(
            game.apply(rules, &rj(vec![own(0), foe(0), own(0), foe(1), own(2), foe(2)])),
            Err(GameError::Targets(_))
        ),
        "each model once"
    );
    game.apply(rules, &rj(vec![own(0), foe(0), own(1), foe(1), own(2), foe(2)])).expect("three swaps");
}

#[test]
fn stand_it_like_a_man_lifts_the_big_nerve_penalty() {
    let rules = embedded::rules();
    let setup = legacy_any_setup(45);
    let mut game = Game::replay(
        rules,
        &[Event::Begin(Box::new(setup)), Event::DealInitiative { face_up: [None, None], cards: None }],
    )
    .expect("ready");
    for m in 0..5 {
        game.apply(
            rules,
            &Event::SetMarker { model: ModelRef { side: 1, model: m }, marker: Marker::OutOfAction(true) },
        )
        .expect("down");
    }
    game.apply(rules, &Event::EndTurn).expect("end");
    let before = game.big_nerve_odds(rules, 1).expect("odds");
    assert!(before.modifier < 0);
    give(&mut game, 1, card("JC"));
    game.apply(rules, &Event::Play { side: 1, card: card("JC"), targets: vec![] }).expect("J");
    game.apply(rules, &Event::Settle).expect("settled");
    let after = game.big_nerve_odds(rules, 1).expect("odds");
    assert_eq!(after.modifier, 0);
    assert!(after.needed < before.needed);
}

#[test]
fn desperados_shooting_into_a_fight_turn_a_card_for_the_hit() {
    let rules = embedded::rules();
    let setup = legacy_any_setup(47);
    let mut game = Game::replay(
        rules,
        &[
            Event::Begin(Box::new(setup.clone())),
            Event::DealInitiative { face_up: [None, None], cards: None },
        ],
    )
    .expect("ready");
    let (cowboy, bandit, shooter) =
        (ModelRef { side: 0, model: 3 }, ModelRef { side: 1, model: 3 }, ModelRef { side: 1, model: 4 });
    game.apply(
        rules,
        &Event::Fight { a: cowboy, b: bandit, a_modifier: 0, b_modifier: 0, a_roll: 5, b_roll: 5 },
    )
    .expect("a drawn fight");
    let top = *game.sides[1].deck.last().expect("a card on top");
    game.apply(rules, &shot(shooter, cowboy, 12)).expect("Desperados may shoot into the fight");
    let (card, hit) = game.randomised.expect("a card was turned");
    assert_eq!(card, top);
    let even = !card.is_joker() && card.value() <= 10 && card.value() % 2 == 0;
    assert_eq!(hit, if even { bandit } else { cowboy });
    assert_eq!(game.model_at(hit).expect("model").under_fire, 1);
    assert!(game.lines.last().is_some_and(|l| l.contains("into the fight")));
    assert!(game.cards_conserved(rules, &setup));
    // The Cowboys may not shoot into it.
    assert_eq!(
        game.apply(rules, &shot(ModelRef { side: 0, model: 4 }, bandit, 12)),
        Err(GameError::InFight(game.model_at(bandit).expect("m").name.clone()))
    );
}

/// A failed nerve test adds a marker (rulebook line 138); when that marker is the one that
/// puts the model out of action, the screen and the log say so.
#[test]
fn the_marker_of_a_failed_nerve_test_that_downs_a_model_says_so() {
    let rules = embedded::rules();
    let mut game = dealt(9);
    let r = ModelRef { side: 1, model: 0 };
    let hits = game.model_at(r).expect("a model").hits;
    game.apply(rules, &Event::SetMarker { model: r, marker: Marker::UnderFire(hits - 1) }).expect("markers");
    assert!(game.one_more_marker_downs(r));
    game.apply(rules, &Event::Nerve { model: r, needed: 10, roll: 1, to_shoot: None }).expect("the test");
    assert!(game.model_at(r).expect("a model").out_of_action);
    let line = game.lines.last().expect("a line");
    assert!(line.ends_with(": 1, failed, another marker: out of action"), "{line}");
    assert!(!game.one_more_marker_downs(r), "already down");
}

/// And Justice For All can be used only on a model standing with an under fire marker.
#[test]
fn and_justice_for_all_applies_to_the_marked_models_standing() {
    use crate::systems::dmh::rules::data::AbilityId;
    let rules = embedded::rules();
    let mut game = Game::replay(rules, &[Event::Begin(Box::new(showdown_setup(3)))]).expect("begins");
    assert_eq!(game.ability_models(0, AbilityId::AndJusticeForAll), Vec::<usize>::new());
    for (model, marker) in
        [(1, Marker::UnderFire(2)), (2, Marker::UnderFire(1)), (2, Marker::OutOfAction(true))]
    {
        game.apply(rules, &Event::SetMarker { model: ModelRef { side: 0, model }, marker }).expect("marks");
    }
    assert_eq!(game.ability_models(0, AbilityId::AndJusticeForAll), vec![1]);
    assert_eq!(game.ability_models(1, AbilityId::AndJusticeForAll), Vec::<usize>::new());
}

/// From edition 3 And Justice For All is refused on a model with no under fire marker (line
/// 292); a game of edition 2 took it and changed nothing, and replays so.
#[test]
fn and_justice_for_all_on_a_model_with_no_marker_is_refused_from_edition_3() {
    use crate::systems::dmh::rules::data::AbilityId;
    let rules = embedded::rules();
    let at_the_end_of_turn = |edition: u32| {
        Game::replay(
            rules,
            &[
                Event::Begin(Box::new(Setup { edition, ..super::sim::showdown_setup(39) })),
                Event::DealInitiative { face_up: [None, None], cards: None },
                Event::EndTurn,
            ],
        )
        .expect("the turn ends")
    };
    let unmarked = ModelRef { side: 0, model: 0 };
    let use_it = Event::UseAbility {
        side: 0,
        ability: AbilityId::AndJusticeForAll,
        targets: vec![unmarked],
        card: None,
    };
    let mut game = at_the_end_of_turn(super::EDITION);
    let name = game.model_at(unmarked).expect("a model").name.clone();
    assert_eq!(
        game.apply(rules, &use_it).map_err(|e| e.to_string()),
        Err(format!("{name} has no under fire marker to take off"))
    );
    let mut old = at_the_end_of_turn(2);
    assert_eq!(old.apply(rules, &use_it).map_err(|e| e.to_string()), Ok(()));
    assert_eq!(old.model_at(unmarked).map(|m| m.under_fire), Some(0));
}

/// The Duel between the Lawmen and the Cowboys, both red gangs: the Cowboys play the black
/// numbers, so in a game of `edition` their deck is dealt as that edition dealt it.
fn red_against_red_duel(edition: u32) -> (Game, Setup) {
    let rules = embedded::rules();
    let mut setup = Setup { edition, ..super::sim::showdown_setup(31) };
    setup.sides[1].gang =
        serde_json::from_str(include_str!("../../../../tests/fixtures/cowboys-21.json")).expect("fixture");
    setup.scene = Some("the-duel".into());
    let scene = rules.scene("the-duel").expect("the duel");
    for side in &mut setup.sides {
        side.gang.models.truncate(1);
        let s = scene.sides.get(side.role);
        (side.deck, side.hand, side.reshuffle) = (s.deck, s.hand, s.reshuffle);
    }
    assert_eq!(setup.sides[1].numbers, Colour::Black);
    let game = Game::replay(rules, &[Event::Begin(Box::new(setup.clone()))]).expect("begins");
    (game, setup)
}

#[test]
fn a_duel_side_playing_the_other_colour_plays_all_26_of_its_cards() {
    let rules = embedded::rules();
    let (game, setup) = red_against_red_duel(EDITION);
    let rows = &game.duel.as_ref().expect("the duel").rows;
    let dealt = |side: usize| game.sides[side].deck.iter().chain(&rows[side]).copied().collect::<Vec<Card>>();
    let mut cowboys: Vec<String> = dealt(1).iter().map(ToString::to_string).collect();
    cowboys.sort();
    let mut black: Vec<String> = ["S", "C"]
        .iter()
        .flat_map(|s| {
            ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"].map(|r| format!("{r}{s}"))
        })
        .collect();
    black.sort();
    assert_eq!(cowboys, black, "the Cowboys' 26 cards are the black ones, none of the Lawmen's red");
    assert!(dealt(0).iter().all(|c| c.colour() == Colour::Red));
    assert_eq!(dealt(0).len(), 26);
    assert!(game.cards_conserved(rules, &setup));
    // A game begun in edition 3 replays with the deck it was dealt: black numbers, red faces.
    let (old, old_setup) = red_against_red_duel(3);
    let old_rows = &old.duel.as_ref().expect("the duel").rows;
    let red_faces =
        old.sides[1].deck.iter().chain(&old_rows[1]).filter(|c| c.colour() == Colour::Red).count();
    assert_eq!(red_faces, 8, "J, Q, K, A of diamonds and hearts");
    assert!(old.cards_conserved(rules, &old_setup));
}

#[test]
fn the_players_may_end_a_scene_by_agreement() {
    let rules = embedded::rules();
    let setup = showdown_setup(32);
    let mut game = Game::replay(rules, &[Event::Begin(Box::new(setup))]).expect("begins");
    // A condition the scene does not have is still refused.
    assert_eq!(
        game.apply(rules, &Event::EndScene { condition: "loot-escapes".into(), winner: None }),
        Err(GameError::Rules("'loot-escapes' is not an end of this scene".into()))
    );
    game.apply(rules, &Event::EndScene { condition: super::scene::AGREED.into(), winner: Some(1) })
        .expect("ended by agreement");
    assert_eq!(game.phase, Phase::Over);
    let end = game.result.clone().expect("a result");
    assert_eq!((end.winner, end.condition.as_str()), (Some(1), "agreed"));
}
