//! The Play screen's cards, abilities and scene rules driven headless: a card played and
//! trumped (or not), the Red Joker, Sodden by whiskey, abilities' limits, Crazy as a Loon,
//! The Stranger's deck running out and the witness revealed.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use posse::app::PosseApp;
use posse::systems::dmh::app::Screen;
use posse::systems::dmh::game::{Event, Flag, Game, ModelRef, Phase};
use posse::systems::dmh::rules::cards::{Card, Colour};

use super::support;

fn data_with(gangs: &[&str]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    let to = dir.path().join("gangs");
    std::fs::create_dir_all(&to).expect("dir");
    for name in gangs {
        let from = format!("{}/tests/fixtures/{name}.json", env!("CARGO_MANIFEST_DIR"));
        std::fs::copy(from, to.join(format!("{name}.json"))).expect("copy");
    }
    dir
}

fn click(h: &mut Harness<'static, PosseApp>, label: &str) {
    h.get_by_label(label).click_accesskit();
    h.run();
}

fn game<'h>(h: &'h Harness<'static, PosseApp>) -> &'h Game {
    &h.state().dmh().game.as_ref().expect("a game").game
}

/// Picks `item` in the combo box labelled `combo` (the item's name may also be elsewhere on
/// the screen; the open list comes last).
fn pick(h: &mut Harness<'static, PosseApp>, combo: &str, item: &str) {
    h.get_by_label(combo).scroll_to_me();
    h.run();
    h.get_by_label(combo).click();
    h.run();
    // The list's items are buttons; the same name may also be a label elsewhere on screen.
    h.get_all_by_role_and_label(egui::accesskit::Role::Button, item)
        .last()
        .expect("in the list")
        .click_accesskit();
    h.run();
    // Close the list so it does not cover the next combo box.
    h.key_press(egui::Key::Escape);
    h.run();
}

/// Starts games (on `scene`, if any) from successive seeds until `wanted` holds once the
/// initiative is dealt and any tie settled.
fn start_until(
    dir: &std::path::Path,
    scene: Option<&str>,
    wanted: impl Fn(&Game) -> bool,
) -> Harness<'static, PosseApp> {
    let mut h = support::app_on(dir, Screen::Play, 1500.0, 1300.0);
    if let Some(title) = scene {
        pick(&mut h, "Scene", title);
    }
    for seed in 1..200 {
        h.state_mut().dmh_mut().play.seed = Some(seed);
        click(&mut h, "Start the game");
        click(&mut h, "Deal initiative");
        if h.query_by_label_contains("placed its first card first").is_some() {
            let first = game(&h).sides[0].name.clone();
            click(&mut h, &format!("{first} placed first"));
        }
        if wanted(game(&h)) {
            return h;
        }
        click(&mut h, "Close game");
    }
    panic!("no seed gave the wanted deal");
}

/// A value held in both hands, of a card that needs no target.
fn shared_value(g: &Game) -> Option<(Card, Card)> {
    g.sides[0].hand.iter().find_map(|a| {
        let plain = [2, 3, 5, 6, 7].contains(&a.value());
        let b = g.sides[1].hand.iter().find(|b| b.value() == a.value())?;
        plain.then_some((*a, *b))
    })
}

/// Opens a side's hand through its hand-over screen.
fn open_hand(h: &mut Harness<'static, PosseApp>, side: usize) {
    let (name, player) = {
        let g = game(h);
        (g.sides[side].name.clone(), if side == 0 { "Lawmen" } else { "Outlaws" })
    };
    click(h, &format!("{name}'s hand"));
    click(h, &format!("Pass to the {player} player — tap to show hand"));
}

#[test]
fn a_card_trumped_and_a_card_let_stand() {
    let dir = data_with(&["lawmen-21", "outlaws-21"]);
    let mut h = start_until(dir.path(), None, |g| shared_value(g).is_some());
    let (mine, theirs) = shared_value(game(&h)).expect("a shared value");
    open_hand(&mut h, 0);
    click(&mut h, &format!("Play {}", mine.label()));
    click(&mut h, &format!("Play {} now", mine.label()));
    assert!(game(&h).pending.is_some(), "it waits for the trump");
    // The other player sees whether they can trump only after the hand-over.
    assert!(h.query_by_label(&format!("Trump with {}", theirs.label())).is_none());
    click(&mut h, "Pass to the Outlaws player — tap to trump it or let it stand");
    click(&mut h, &format!("Trump with {}", theirs.label()));
    click(&mut h, "Pass to the Lawmen player — tap to trump back or let it stand");
    click(&mut h, "Let the trump stand");
    let g = game(&h);
    assert!(g.pending.is_none());
    assert!(
        g.lines.last().is_some_and(|l| l.ends_with("is trumped and has no effect")),
        "{:?}",
        g.lines.last()
    );
    assert!(g.sides[0].used_card && g.sides[1].used_card);
    assert!(g.sides[0].discard.contains(&mine) && g.sides[1].discard.contains(&theirs));
    // A second card, declined by the other player, takes effect.
    let next = game(&h).sides[0].hand.iter().copied().find(|c| [2, 3, 5, 6, 7].contains(&c.value()));
    if let Some(card) = next {
        open_hand(&mut h, 0);
        click(&mut h, &format!("Play {}", card.label()));
        click(&mut h, &format!("Play {} now", card.label()));
        click(&mut h, "Pass to the Outlaws player — tap to trump it or let it stand");
        click(&mut h, "Let it stand");
        assert!(game(&h).lines.last().is_some_and(|l| l.ends_with("takes effect")));
    }
}

#[test]
fn the_red_joker_swaps_three_pairs_of_initiative_cards() {
    let dir = data_with(&["lawmen-21", "outlaws-21"]);
    let joker = Card::Joker(Colour::Red);
    let mut h = start_until(dir.path(), None, |g| {
        g.sides[0].hand.contains(&joker) && g.sides[1].hand.iter().all(|c| !c.is_joker())
    });
    open_hand(&mut h, 0);
    click(&mut h, "Play Red Joker");
    let g = game(&h).clone();
    let pairs: Vec<(ModelRef, ModelRef)> =
        (0..3).map(|i| (ModelRef { side: 0, model: i }, ModelRef { side: 1, model: i + 1 })).collect();
    let label = |r: ModelRef| {
        let m = g.model_at(r).expect("model");
        format!("{} ({})", m.name, m.card.expect("a card").label())
    };
    for (i, (own, enemy)) in pairs.iter().enumerate() {
        pick(&mut h, &format!("Swap {}: your model", i + 1), &label(*own));
        pick(&mut h, &format!("Swap {}: enemy model", i + 1), &label(*enemy));
    }
    click(&mut h, "Play Red Joker now");
    click(&mut h, "Pass to the Outlaws player — tap to trump it or let it stand");
    click(&mut h, "Let it stand");
    let after = game(&h);
    for (own, enemy) in &pairs {
        assert_eq!(after.model_at(*own).and_then(|m| m.card), g.model_at(*enemy).and_then(|m| m.card));
        assert_eq!(after.model_at(*enemy).and_then(|m| m.card), g.model_at(*own).and_then(|m| m.card));
    }
}

#[test]
fn sodden_by_whiskey_swaps_two_enemy_cards() {
    let dir = data_with(&["lawmen-21", "outlaws-21"]);
    let mut h = start_until(dir.path(), None, |g| {
        g.sides[0].hand.iter().any(|c| c.value() == 4) && g.sides[1].hand.iter().all(|c| c.value() != 4)
    });
    let before = game(&h).clone();
    let four = *before.sides[0].hand.iter().find(|c| c.value() == 4).expect("a 4");
    let (first, second) = (ModelRef { side: 1, model: 0 }, ModelRef { side: 1, model: 1 });
    let label = |r: ModelRef| {
        let m = before.model_at(r).expect("model");
        format!("{} ({})", m.name, m.card.expect("a card").label())
    };
    open_hand(&mut h, 0);
    h.get_by_label_contains("Sodden by whiskey");
    click(&mut h, &format!("Play {}", four.label()));
    pick(&mut h, "Enemy model 1", &label(first));
    pick(&mut h, "Enemy model 2", &label(second));
    click(&mut h, &format!("Play {} now", four.label()));
    click(&mut h, "Pass to the Outlaws player — tap to trump it or let it stand");
    h.get_by_label(&format!("{} hold no card of that value.", before.sides[1].name));
    click(&mut h, "Let it stand");
    let after = game(&h);
    assert_eq!(after.model_at(first).and_then(|m| m.card), before.model_at(second).and_then(|m| m.card));
    assert_eq!(after.model_at(second).and_then(|m| m.card), before.model_at(first).and_then(|m| m.card));
}

#[test]
fn cheatin_is_once_per_game_and_keeps_above_snakes_out_of_its_turn() {
    let dir = data_with(&["lawmen-21", "outlaws-21"]);
    let mut h = start_until(dir.path(), None, |g| {
        // Ike (the Outlaws' boss) has not acted yet.
        g.order().is_ok_and(|o| o.contains(&ModelRef { side: 1, model: 0 }))
    });
    let g = game(&h).clone();
    let gang = g.sides[1].name.clone();
    click(&mut h, &format!("{gang}: gang abilities"));
    let ike = g.sides[1].models[0].name.clone();
    let card = g.sides[1].hand[0];
    pick(&mut h, "Cheatin': model", &ike);
    pick(&mut h, "Cheatin': hand card", &card.label());
    click(&mut h, "Use Cheatin'");
    let after = game(&h);
    assert_eq!(after.sides[1].models[0].card, Some(card), "the hand card is Ike's initiative card now");
    h.get_by_label("Not now: Above Snakes cannot be used in a turn that used Cheatin'.");
    // Next turn: Cheatin' is spent for the game; Above Snakes is back.
    support::play_out_the_turn(&mut h);
    click(&mut h, "Draw cards and start the next turn");
    click(&mut h, "Deal initiative");
    h.get_by_label("Not now: Cheatin' is once per game and has been used.");
    assert!(h.query_by_label("Use Above Snakes").is_some());
}

#[test]
fn crazy_as_a_loon_skipped_tests_fail_at_the_end_of_the_turn() {
    let dir = data_with(&["lawmen-21", "desperados-21"]);
    let mut h = start_until(dir.path(), None, |_| true);
    let g = game(&h).clone();
    let desperados = g.sides.iter().position(|s| s.gang == "desperados").expect("desperados");
    let name = g.sides[desperados].name.clone();
    click(&mut h, &format!("{name}: gang abilities"));
    click(&mut h, "Use Crazy as a Loon");
    let model = g.sides[desperados].models[3].name.clone();
    h.get_by_label(&format!("Flags and markers of {model}")).click();
    h.run();
    click(&mut h, "Nerve test…");
    click(&mut h, "Skip the test (Crazy as a Loon)");
    let r = ModelRef { side: desperados, model: 3 };
    assert_eq!(game(&h).model_at(r).expect("model").under_fire, 0, "not yet");
    support::play_out_the_turn(&mut h);
    let g = game(&h);
    assert_eq!(g.phase, Phase::EndOfTurn);
    assert_eq!(g.model_at(r).expect("model").under_fire, 1, "the skipped test failed");
    assert!(g.lines.iter().any(|l| l.contains("1 skipped nerve test fail (Crazy as a Loon)")));
}

#[test]
fn the_stranger_loses_when_his_deck_runs_out() {
    let dir = data_with(&["lawmen-21", "outlaws-21"]);
    let mut h = start_until(dir.path(), Some("The Stranger"), |_| true);
    // Every Lawman acts as an ace on turn one, so no card is dealt to them.
    assert!(game(&h).sides[0].models.iter().all(|m| m.card.is_none() && m.has(Flag::Ace)));
    for _ in 0..200 {
        if game(&h).phase == Phase::Over {
            break;
        }
        if h.query_by_label_contains("placed its first card first").is_some() {
            let first = game(&h).sides[0].name.clone();
            click(&mut h, &format!("{first} placed first"));
        } else if let Some(b) = h.query_by_label("End the turn") {
            b.click_accesskit();
            h.run();
        } else if let Some(b) = h.query_by_label("Draw cards and start the next turn") {
            b.click_accesskit();
            h.run();
        } else if let Some(b) = h.query_by_label("Deal initiative") {
            b.click_accesskit();
            h.run();
        } else {
            h.get_by_label_contains("'s activation").click_accesskit();
            h.run();
        }
    }
    let end = game(&h).result.clone().expect("the game ended");
    assert_eq!(end.condition, "stranger-deck-out");
    h.get_by_label(&format!("{} win", game(&h).sides[1].name));
    h.get_by_label_contains("The stranger's deck runs out");
    // The next scene of the storyline, with the result recorded for the series.
    click(&mut h, "Record the result and set up This Town Ain't Big Enough");
    assert!(h.state().dmh().game.is_none());
    h.get_by_label_contains("Part of the series: the bad guys won The Stranger");
}

#[test]
fn the_witness_is_revealed_when_an_enemy_comes_within_15_cm() {
    let dir = data_with(&["lawmen-21", "outlaws-21"]);
    let mut h = support::app_on(dir.path(), Screen::Play, 1500.0, 1300.0);
    pick(&mut h, "Scene", "Fast Train to Justice");
    click(&mut h, "Start the game");
    let g = game(&h).clone();
    let (witness, other) = (g.sides[0].models[3].name.clone(), g.sides[0].models[1].name.clone());
    assert!(h.query_by_label(&format!("{witness} is the witness")).is_none(), "secret until the hand-over");
    click(&mut h, "Pass to the Lawmen player — tap to note the witness in secret");
    click(&mut h, &format!("{witness} is the witness"));
    assert!(game(&h).lines.last().is_some_and(|l| l.ends_with("note their witness in secret")));
    pick(&mut h, "Enemy within 15 cm of", &other);
    click(&mut h, "Is it the witness?");
    assert!(game(&h).lines.last().is_some_and(|l| l.ends_with("who is not the witness")));
    pick(&mut h, "Enemy within 15 cm of", &witness);
    click(&mut h, "Is it the witness?");
    let g = game(&h);
    assert!(g.lines.last().is_some_and(|l| l.ends_with(&format!("{witness} is the witness!"))));
    assert!(g.sides[0].models[3].has(Flag::Key));
    assert!(matches!(g.log.last(), Some(Event::Approach { .. })));
}

#[test]
fn a_player_mirrors_the_hand_of_a_real_deck() {
    let dir = data_with(&["lawmen-21", "outlaws-21"]);
    let mut h = start_until(dir.path(), None, |_| true);
    let typed: Vec<Card> = game(&h).sides[0].deck[..3].to_vec();
    open_hand(&mut h, 0);
    click(&mut h, "Playing with your own deck? Type the hand you hold");
    let text: Vec<String> = typed.iter().map(ToString::to_string).collect();
    h.get_by_role_and_label(egui::accesskit::Role::TextInput, "Cards held")
        .set_text_value_accesskit(&text.join(" "));
    h.run();
    click(&mut h, "Set the hand");
    assert_eq!(game(&h).sides[0].hand, typed);
    assert!(matches!(game(&h).log.last(), Some(Event::SetHand { side: 0, .. })));
}

#[test]
fn yellow_belly_fails_the_nerve_test_it_answers() {
    let dir = data_with(&["lawmen-21", "outlaws-21"]);
    let mut h = start_until(dir.path(), None, |g| {
        let Some(current) = g.order().ok().and_then(|o| o.first().copied()) else { return false };
        let nine = |s: usize| g.sides[s].hand.iter().any(|c| c.value() == 9);
        let shooter = &g.sides[current.side].models[current.model];
        nine(current.side) && !nine(1 - current.side) && shooter.weapons.iter().any(|w| w == "pistol")
    });
    let g = game(&h).clone();
    let current = g.order().expect("ordered")[0];
    let target = ModelRef { side: 1 - current.side, model: 2 };
    let target_name = g.sides[target.side].models[2].name.clone();
    let nine = *g.sides[current.side].hand.iter().find(|c| c.value() == 9).expect("a 9");
    pick(&mut h, "Target", &target_name);
    if g.sides[current.side].models[current.model].weapons.len() > 1 {
        click(&mut h, "pistol");
    }
    h.get_by_role_and_label(egui::accesskit::Role::TextInput, "Distance (cm)").set_text_value_accesskit("15");
    h.run();
    h.get_by_role_and_label(egui::accesskit::Role::TextInput, "d20 roll").set_text_value_accesskit("16");
    h.run();
    click(&mut h, "Apply: Under fire + nerve test");
    let shooters = g.sides[current.side].name.clone();
    click(&mut h, &format!("{shooters}: play a card"));
    click(
        &mut h,
        &format!(
            "Pass to the {} player — tap to show hand",
            if current.side == 0 { "Lawmen" } else { "Outlaws" }
        ),
    );
    click(&mut h, &format!("Play {}", nine.label()));
    // The target is already chosen: the model whose test it answers.
    click(&mut h, &format!("Play {} now", nine.label()));
    let other = if current.side == 0 { "Outlaws" } else { "Lawmen" };
    click(&mut h, &format!("Pass to the {other} player — tap to trump it or let it stand"));
    click(&mut h, "Let it stand");
    let after = game(&h);
    assert_eq!(
        after.model_at(target).expect("target").under_fire,
        2,
        "the hit's marker and the failed test's"
    );
    assert!(h.query_by_label(&format!("Nerve test for {target_name}")).is_none(), "no roll left to make");
}

#[test]
fn see_how_the_cat_jumps_deals_a_second_card_chosen_in_secret() {
    let dir = data_with(&["cowboys-21", "desperados-21"]);
    let mut h = start_until(dir.path(), None, |_| true);
    let g = game(&h).clone();
    let cowboys = g.sides.iter().position(|s| s.gang == "cowboys").expect("cowboys");
    let boss = g.sides[cowboys].models[0].name.clone();
    let held = g.sides[cowboys].models[0].card.expect("dealt");
    click(&mut h, &format!("{}: gang abilities", g.sides[cowboys].name));
    pick(&mut h, "See How the Cat Jumps: model", &boss);
    click(&mut h, "Use See How the Cat Jumps");
    let second = game(&h).sides[cowboys].models[0].second.expect("a second card");
    assert!(h.query_by_label(&format!("Keep {}", second.label())).is_none(), "not before the hand-over");
    click(&mut h, &format!("Pass to the Cowboys player — tap to choose {boss}'s card"));
    click(&mut h, &format!("Keep {}", second.label()));
    let after = game(&h);
    assert_eq!(after.sides[cowboys].models[0].card, Some(second));
    assert!(after.sides[cowboys].discard.contains(&held));
}
