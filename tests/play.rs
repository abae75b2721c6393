//! The Play screen driven headless: set-up, initiative, a shot, undo and redo, resume.

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use posse::app::PosseApp;
use posse::systems::dmh::app::Screen;
use posse::systems::dmh::game::{Event, Phase};

use super::support;

/// A fixed deal, so every run plays the same cards.
const SEED: u64 = 20_261_129;

fn data_with_gangs() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    let gangs = dir.path().join("gangs");
    std::fs::create_dir_all(&gangs).expect("dir");
    for name in ["lawmen-21", "outlaws-21"] {
        let from = format!("{}/tests/fixtures/{name}.json", env!("CARGO_MANIFEST_DIR"));
        std::fs::copy(from, gangs.join(format!("{name}.json"))).expect("copy");
    }
    dir
}

fn app_on(dir: &std::path::Path) -> Harness<'static, PosseApp> {
    support::app_on(dir, Screen::Play, 1500.0, 1300.0)
}

fn click(h: &mut Harness<'static, PosseApp>, label: &str) {
    h.get_by_label(label).click_accesskit();
    h.run();
}

/// A game started from the fixed seed with its first initiative dealt and any tie settled.
fn dealt(dir: &std::path::Path) -> Harness<'static, PosseApp> {
    let mut h = app_on(dir);
    h.state_mut().dmh_mut().play.seed = Some(SEED);
    click(&mut h, "Start the game");
    click(&mut h, "Deal initiative");
    if h.query_by_label_contains("placed its first card first").is_some() {
        click(&mut h, "Tombstone Law placed first");
    }
    h
}

fn phase(h: &Harness<'static, PosseApp>) -> Phase {
    h.state().dmh().game.as_ref().expect("a game").game.phase
}

#[test]
fn set_up_deal_shoot_undo_and_resume() {
    let dir = data_with_gangs();
    let log_len;
    {
        let mut h = app_on(dir.path());
        h.state_mut().dmh_mut().play.seed = Some(SEED);
        click(&mut h, "Start the game");
        assert_eq!(phase(&h), Phase::Initiative);
        let game = &h.state().dmh().game.as_ref().expect("game").game;
        assert_eq!(game.sides[0].hand.len(), 5, "hands dealt");
        click(&mut h, "Deal initiative");
        assert_eq!(phase(&h), Phase::Activations);
        // A tie between the sides asks who placed first.
        if h.query_by_label_contains("placed its first card first").is_some() {
            click(&mut h, "The Clanton Gang placed first");
        }
        let game = &h.state().dmh().game.as_ref().expect("game").game;
        let current = game.order().expect("ordered")[0];
        let enemy = 1 - current.side;
        let target_name = game.sides[enemy].models[2].name.clone();
        // Pick the target, type the distance and the die, apply.
        h.get_by_label("Target").click();
        h.run();
        // The name is both in the markers table and in the open list; the list comes last.
        h.get_all_by_label(&target_name).last().expect("the target in the list").click_accesskit();
        h.run();
        h.get_by_role_and_label(Role::TextInput, "Distance (cm)").set_text_value_accesskit("12");
        h.run();
        // The target ducks back before the shot.
        click(&mut h, "Target ducks back (burns its activation; counts as moving once)");
        h.get_by_role_and_label(Role::TextInput, "d20 roll").set_text_value_accesskit("20");
        h.run();
        h.get_by_label_contains("Apply: ").click_accesskit();
        h.run();
        let game = &h.state().dmh().game.as_ref().expect("game").game;
        assert!(matches!(game.log.last(), Some(Event::Shot { roll: 20, .. })));
        assert!(matches!(game.log[game.log.len() - 2], Event::Interrupt { .. }), "the duck back came first");
        assert!(game.sides[enemy].models[2].activated, "the duck back burnt its activation");
        let hit = &game.sides[enemy].models[2];
        assert!(hit.under_fire > 0 || hit.out_of_action, "the target took the result");
        let before = game.log.len();
        // Undo says what it undoes, and redo puts it back.
        h.get_by_label_contains("Undo: Turn 1 · ").click_accesskit();
        h.run();
        assert_eq!(h.state().dmh().game.as_ref().expect("game").game.log.len(), before - 1);
        click(&mut h, "Redo");
        assert_eq!(h.state().dmh().game.as_ref().expect("game").game.log.len(), before);
        log_len = before;
    }
    // Reopening Posse resumes the game exactly.
    let mut h = app_on(dir.path());
    h.get_by_label_contains("Resume Tombstone Law v The Clanton Gang").click_accesskit();
    h.run();
    let game = &h.state().dmh().game.as_ref().expect("resumed").game;
    assert_eq!(game.log.len(), log_len);
    assert!(matches!(game.log.last(), Some(Event::Shot { roll: 20, .. })));
}

#[test]
fn a_whole_turn_to_the_end_of_turn_checklist() {
    let dir = data_with_gangs();
    let mut h = app_on(dir.path());
    h.state_mut().dmh_mut().play.seed = Some(SEED);
    click(&mut h, "Start the game");
    click(&mut h, "Deal initiative");
    support::play_out_the_turn(&mut h);
    assert_eq!(phase(&h), Phase::EndOfTurn);
    h.get_by_label_contains("Take every move marker off the table.");
    click(&mut h, "Draw cards and start the next turn");
    let game = &h.state().dmh().game.as_ref().expect("game").game;
    assert_eq!((game.turn, game.phase), (2, Phase::Initiative));
    assert!(game.lines.iter().any(|l| l.ends_with("turn 2 begins")));
}

#[test]
fn a_quick_shot_from_a_model_that_has_not_acted() {
    let dir = data_with_gangs();
    let mut h = dealt(dir.path());
    let game = &h.state().dmh().game.as_ref().expect("game").game;
    let current = game.order().expect("ordered")[0];
    let enemy = 1 - current.side;
    // The enemy acting last has surely not acted yet.
    let order = game.order().expect("ordered");
    let shooter = *order.iter().rev().find(|r| r.side == enemy).expect("an enemy still to act");
    let name = game.sides[enemy].models[shooter.model].name.clone();
    h.get_by_label("Quick shooter").click();
    h.run();
    h.get_all_by_label(&name).last().expect("in the list").click_accesskit();
    h.run();
    h.get_by_role_and_label(Role::TextInput, "Quick shot distance (cm)").set_text_value_accesskit("8");
    h.run();
    h.get_all_by_role_and_label(Role::TextInput, "d20 roll")
        .last()
        .expect("quick roll")
        .set_text_value_accesskit("12");
    h.run();
    h.get_by_label_contains("Apply the quick shot: ").click_accesskit();
    h.run();
    let game = &h.state().dmh().game.as_ref().expect("game").game;
    let n = game.log.len();
    assert!(matches!(game.log[n - 2], Event::Interrupt { model, .. } if model == shooter));
    assert!(
        matches!(game.log[n - 1], Event::Shot { shooter: s, target: t, roll: 12, .. } if s == shooter && t == current)
    );
    assert!(game.sides[enemy].models[shooter.model].activated, "its activation is burnt");
}

/// Starts games from successive seeds until the initiative deal ties the sides, and returns
/// the harness with that game dealt.
fn dealt_with_a_tie(dir: &std::path::Path) -> Harness<'static, PosseApp> {
    let mut h = app_on(dir);
    for seed in SEED..SEED + 50 {
        h.state_mut().dmh_mut().play.seed = Some(seed);
        click(&mut h, "Start the game");
        click(&mut h, "Deal initiative");
        if h.state().dmh().game.as_ref().expect("game").game.order().is_err() {
            return h;
        }
        click(&mut h, "Close game");
    }
    panic!("no tie in 50 deals");
}

#[test]
fn an_initiative_tie_and_the_lowest_card_switch() {
    let dir = data_with_gangs();
    let mut h = dealt_with_a_tie(dir.path());
    // The tie asks who placed first; the answer settles the order.
    h.get_by_label_contains("placed its first card first");
    click(&mut h, "The Clanton Gang placed first");
    let game = &h.state().dmh().game.as_ref().expect("game").game;
    assert_eq!(game.tie_priority, Some(1));
    assert!(game.order().is_ok());
    // The side with the lowest card may swap two of its models' cards, before anyone acts.
    let side = game.switch_side().expect("decided").expect("a side holds the lowest card");
    let models = &game.sides[side].models;
    let (a, b) = (models[0].clone(), models[1].clone());
    h.get_by_label_contains("hold the lowest card");
    h.get_by_label("Swap model 1").click();
    h.run();
    h.get_all_by_label(&a.name).last().expect("in the list").click_accesskit();
    h.run();
    h.get_by_label("Swap model 2").click();
    h.run();
    h.get_all_by_label(&b.name).last().expect("in the list").click_accesskit();
    h.run();
    click(&mut h, "Swap cards");
    let game = &h.state().dmh().game.as_ref().expect("game").game;
    assert_eq!((game.sides[side].models[0].card, game.sides[side].models[1].card), (b.card, a.card));
    assert!(game.lines.last().is_some_and(|l| l.ends_with(&format!("{} and {} swap cards", a.name, b.name))));
    assert!(h.query_by_label_contains("hold the lowest card").is_none(), "once per turn");
}

/// Ends activations until `pred` holds for the current model (or the turn runs out).
fn act_until(
    h: &mut Harness<'static, PosseApp>,
    pred: impl Fn(&posse::systems::dmh::game::Game, posse::systems::dmh::game::ModelRef) -> bool,
) -> bool {
    for _ in 0..20 {
        let game = &h.state().dmh().game.as_ref().expect("game").game;
        let Some(current) = game.order().ok().and_then(|o| o.first().copied()) else {
            return false;
        };
        if pred(game, current) {
            return true;
        }
        h.get_by_label_contains("'s activation").click_accesskit();
        h.run();
    }
    false
}

#[test]
fn a_hand_to_hand_fight_locks_the_models_until_one_breaks_off() {
    let dir = data_with_gangs();
    let mut h = dealt(dir.path());
    let game = &h.state().dmh().game.as_ref().expect("game").game;
    let current = game.order().expect("ordered")[0];
    let me = game.sides[current.side].models[current.model].name.clone();
    let enemy = 1 - current.side;
    let target = posse::systems::dmh::game::ModelRef { side: enemy, model: 1 };
    let them = game.sides[enemy].models[1].name.clone();
    h.get_by_label("Charge target").click();
    h.run();
    h.get_all_by_label(&them).last().expect("in the list").click_accesskit();
    h.run();
    // Odds are shown before the dice.
    h.get_by_label(&format!("{me} wins"));
    h.get_by_role_and_label(Role::TextInput, &format!("{me}'s d10")).set_text_value_accesskit("3");
    h.run();
    h.get_by_role_and_label(Role::TextInput, &format!("{them}'s d10")).set_text_value_accesskit("5");
    h.run();
    h.get_by_label_contains("Apply the fight: ").click_accesskit();
    h.run();
    let game = &h.state().dmh().game.as_ref().expect("game").game;
    let n = game.log.len();
    assert!(
        matches!(game.log[n - 2], Event::Fight { a, b, a_roll: 3, b_roll: 5, .. } if a == current && b == target)
    );
    assert!(
        matches!(game.log[n - 1], Event::EndActivation { model, moves: 1 } if model == current),
        "the charge ends the activation"
    );
    assert_eq!(game.fights.len(), 1);
    assert!(game.sides[enemy].models[1].activated, "the charged model spends its activation in the fight");
    let fighters_hit: u32 =
        game.sides[current.side].models[current.model].under_fire + game.sides[enemy].models[1].under_fire;
    assert!(fighters_hit > 0 || game.lines.last().is_some_and(|l| l.contains("a draw")));
    // Finish the turn, start the next, and come to the first of the two fighters.
    assert!(!act_until(&mut h, |_, _| false));
    click(&mut h, "End the turn");
    // This early nobody has lost half the gang: no Big Nerve test.
    assert!(h.query_by_label_contains("must take a Big Nerve test").is_none());
    click(&mut h, "Draw cards and start the next turn");
    click(&mut h, "Deal initiative");
    if h.query_by_label_contains("placed its first card first").is_some() {
        click(&mut h, "Tombstone Law placed first");
    }
    assert!(act_until(&mut h, |g, r| g.fight_of(r).is_some()), "a fighter comes up");
    h.get_by_label_contains("holds the higher card: fight on with +1");
    click(&mut h, "Break off (two move actions)");
    let game = &h.state().dmh().game.as_ref().expect("game").game;
    assert!(game.fights.is_empty());
    assert!(matches!(game.log.last(), Some(Event::BreakOff { .. })));
}

#[test]
fn a_hand_is_shown_only_after_the_hand_over() {
    let dir = data_with_gangs();
    let mut h = app_on(dir.path());
    h.state_mut().dmh_mut().play.seed = Some(SEED);
    click(&mut h, "Start the game");
    let card = h.state().dmh().game.as_ref().expect("game").game.sides[1].hand[0];
    click(&mut h, "The Clanton Gang's hand");
    assert!(h.query_by_label(&card.label()).is_none(), "not before the tap");
    click(&mut h, "Pass to the Outlaws player — tap to show hand");
    h.get_by_label(&card.label());
    click(&mut h, "Hide hand");
    assert!(h.query_by_label(&card.label()).is_none());
    assert!(h.state().dmh().play.hand_over.is_none());
}

#[test]
fn a_player_types_the_cards_of_a_physical_deck() {
    let dir = data_with_gangs();
    let mut h = app_on(dir.path());
    h.state_mut().dmh_mut().play.seed = Some(SEED);
    click(&mut h, "Start the game");
    click(&mut h, "The Clanton Gang draw from their own deck");
    let game = &h.state().dmh().game.as_ref().expect("game").game;
    let names: Vec<String> = game.sides[1].models.iter().map(|m| m.name.clone()).collect();
    // Cards from the bottom of the deck: not what Posse would have dealt.
    let cards: Vec<posse::systems::dmh::rules::cards::Card> = game.sides[1].deck[..names.len()].to_vec();
    assert!(
        h.get_by_label("Deal initiative").accesskit_node().is_disabled(),
        "not until every card is typed"
    );
    for (name, card) in names.iter().zip(&cards) {
        h.get_by_role_and_label(Role::TextInput, &format!("{name} card"))
            .set_text_value_accesskit(&card.to_string());
        h.run();
    }
    click(&mut h, "Deal initiative");
    let game = &h.state().dmh().game.as_ref().expect("game").game;
    for (m, card) in cards.iter().enumerate() {
        assert_eq!(game.sides[1].models[m].card, Some(*card));
    }
    assert!(game.sides[0].models.iter().all(|m| m.card.is_some()), "Posse dealt the other side");
}

#[test]
fn the_closest_target_rule_asks_for_the_shooters_nerve_test() {
    let dir = data_with_gangs();
    let mut h = dealt(dir.path());
    let game = &h.state().dmh().game.as_ref().expect("game").game;
    let shooter = game.order().expect("ordered")[0];
    let name = game.sides[shooter.side].models[shooter.model].name.clone();
    let target_name = game.sides[1 - shooter.side].models[3].name.clone();
    h.get_by_label("Target").click();
    h.run();
    h.get_all_by_label(&target_name).last().expect("the target in the list").click_accesskit();
    h.run();
    h.get_by_role_and_label(Role::TextInput, "Distance (cm)").set_text_value_accesskit("12");
    h.run();
    click(&mut h, "Target is not the closest enemy");
    click(&mut h, "Take the nerve test");
    h.get_by_label(&format!("Nerve test for {name}"));
    h.get_by_label_contains("Closest-target rule");
    h.get_by_role_and_label(Role::TextInput, "d10 roll").set_text_value_accesskit("1");
    h.run();
    click(&mut h, "Apply the nerve test");
    let game = &h.state().dmh().game.as_ref().expect("game").game;
    assert!(matches!(game.log.last(), Some(Event::Nerve { model, roll: 1, .. }) if *model == shooter));
    assert_eq!(game.sides[shooter.side].models[shooter.model].under_fire, 1, "a failed test adds a marker");
    // Back to the shot, still this model's activation.
    h.get_by_label("Target");
}

#[test]
fn a_hit_that_calls_for_a_nerve_test() {
    let dir = data_with_gangs();
    let mut h = dealt(dir.path());
    let game = &h.state().dmh().game.as_ref().expect("game").game;
    let shooter = game.order().expect("ordered")[0];
    let target = posse::systems::dmh::game::ModelRef { side: 1 - shooter.side, model: 2 };
    let target_name = game.sides[target.side].models[2].name.clone();
    h.get_by_label("Target").click();
    h.run();
    h.get_all_by_label(&target_name).last().expect("the target in the list").click_accesskit();
    h.run();
    // 15 cm with a pistol is close range, no modifier: a 16 is under fire and a nerve test.
    h.get_by_role_and_label(Role::TextInput, "Distance (cm)").set_text_value_accesskit("15");
    h.run();
    h.get_by_role_and_label(Role::TextInput, "d20 roll").set_text_value_accesskit("16");
    h.run();
    click(&mut h, "Apply: Under fire + nerve test");
    h.get_by_label(&format!("Nerve test for {target_name}"));
    h.get_by_role_and_label(Role::TextInput, "d10 roll").set_text_value_accesskit("10");
    h.run();
    click(&mut h, "Apply the nerve test");
    let game = &h.state().dmh().game.as_ref().expect("game").game;
    assert_eq!(game.model_at(target).expect("target").under_fire, 1, "the hit's marker; the test passed");
    assert!(game.lines.last().is_some_and(|l| l.contains("takes a nerve test") && l.ends_with("passed")));
}

#[test]
fn a_broken_gang_fails_its_big_nerve_test_and_the_game_ends() {
    let dir = data_with_gangs();
    let mut h = dealt(dir.path());
    // Four of the Clantons go down (corrected by hand from each model's menu).
    for m in 0..4 {
        let name = h.state().dmh().game.as_ref().expect("game").game.sides[1].models[m].name.clone();
        h.get_by_label(&format!("Flags and markers of {name}")).click();
        h.run();
        h.get_by_role_and_label(Role::CheckBox, "Out of action").click();
        h.run();
        h.key_press(egui::Key::Escape);
        h.run();
    }
    assert_eq!(h.state().dmh().game.as_ref().expect("game").game.sides[1].standing().count(), 3);
    assert!(act_until(&mut h, |_, _| false) || h.query_by_label("End the turn").is_some());
    click(&mut h, "End the turn");
    h.get_by_label("The Clanton Gang must take a Big Nerve test");
    h.get_by_role_and_label(Role::TextInput, "d10 roll").set_text_value_accesskit("1");
    h.run();
    click(&mut h, "Apply The Clanton Gang's Big Nerve test");
    let game = &h.state().dmh().game.as_ref().expect("game").game;
    assert_eq!((game.phase, game.broke), (Phase::Over, Some(1)));
    h.get_by_label("Tombstone Law win");
    h.get_by_label("The Clanton Gang are out of the fight.");
}

#[test]
fn the_winner_of_the_previous_scene_draws_an_extra_card() {
    let dir = data_with_gangs();
    std::fs::write(dir.path().join("series.json"), r#"{"results":{"the-stranger":"bad"}}"#).expect("series");
    let mut h = app_on(dir.path());
    h.get_by_label("Scene").click();
    h.run();
    h.get_by_label("This Town Ain't Big Enough").click();
    h.run();
    h.get_by_label_contains("Part of the series: the bad guys won The Stranger");
    click(&mut h, "Start the game");
    let game = &h.state().dmh().game.as_ref().expect("game").game;
    let (good, bad) = (game.sides[0].hand.len(), game.sides[1].hand.len());
    assert_eq!(bad, good + 1, "the bad guys' extra card ({good} and {bad})");
}
