//! The Play screen's cards, abilities and scene rules driven headless: a card played and
//! trumped back, a card let stand, the Red Joker, Sodden by whiskey, Yellow Belly, a typed
//! hand, Cheatin' once per game, Crazy as a Loon, See How the Cat Jumps, the Stranger's deck
//! running out and the secret witness. Each test types the hands whose cards matter, as
//! players with their own decks do, so the cards in play are exactly the ones it names.

use crate::support::Dmh as _;
use posse::systems::dmh::game::{Event, Flag, Phase};
use posse::systems::dmh::rules::cards::Card;

use egui_kittest::kittest::Queryable as _;

use super::support::{
    self, App, CLANTONS, DEAL, DEAL_2, LAW, SEED, deal, declare, end_activations, game, last_line, model,
    model_ref, names, open_hand, order, pick, play_on, press, shoot, start, table, type_hand, type_in,
};

/// A card code as the players see it: `6H` is 6♥.
fn label(code: &str) -> String {
    code.parse::<Card>().expect("a card code").label()
}

fn card_of(h: &App, name: &str) -> Option<String> {
    model(h, name).card.map(|c| c.to_string())
}

/// The other player taps through the hand-over screen and lets the card (or the trump) stand.
fn let_it_stand(h: &mut App, player: &str, label: &str) {
    press(h, &format!("Pass to the {player} player — tap to trump it or let it stand"));
    press(h, label);
}

#[test]
fn a_card_trumped_back_takes_effect_and_a_card_let_stand_too() {
    let (_dir, mut h) = table();
    type_hand(&mut h, LAW, "6H 6D 2D 8H 9D");
    type_hand(&mut h, CLANTONS, "6C 5C 10C 2C 4C");
    deal(&mut h, &DEAL);
    open_hand(&mut h, LAW);
    press(&mut h, "Play 6♥");
    press(&mut h, "Play 6♥ now");
    assert!(game(&h).pending.is_some(), "it waits for the trump");
    // Only the player who may trump sees whether he can, after the hand-over.
    assert!(h.query_by_label("Trump with 6♣").is_none());
    press(&mut h, "Pass to the Outlaws player — tap to trump it or let it stand");
    press(&mut h, "Trump with 6♣");
    press(&mut h, "Pass to the Lawmen player — tap to trump back or let it stand");
    press(&mut h, "Trump with 6♦");
    press(&mut h, "Pass to the Outlaws player — tap to trump back or let it stand");
    h.get_by_label("The Clanton Gang hold no card of that value.");
    press(&mut h, "Let it stand");
    assert!(game(&h).pending.is_none());
    assert_eq!(last_line(&h), "Turn 1 · 6♥ (You can't kill what you can't catch) takes effect");
    let discard =
        |h: &App, s: usize| game(h).sides[s].discard.iter().map(ToString::to_string).collect::<Vec<_>>();
    // The 6 lasts the activation; the trumps are discarded.
    assert_eq!(game(&h).in_play.iter().map(|p| p.card.to_string()).collect::<Vec<_>>(), ["6H"]);
    assert_eq!(discard(&h, LAW), ["6D"]);
    assert_eq!(discard(&h, CLANTONS), ["6C"]);
    assert!(game(&h).sides[LAW].used_card && game(&h).sides[CLANTONS].used_card);
    // A second card: the Clantons hold a 2 but let it stand.
    open_hand(&mut h, LAW);
    press(&mut h, "Play 2♦");
    press(&mut h, "Play 2♦ now");
    press(&mut h, "Pass to the Outlaws player — tap to trump it or let it stand");
    h.get_by_label("Trump with 2♣");
    press(&mut h, "Let it stand");
    assert_eq!(last_line(&h), "Turn 1 · 2♦ (For a few bullets more) takes effect");
    assert_eq!(game(&h).sides[CLANTONS].hand.len(), 4, "the 2♣ stays in the hand");
}

#[test]
fn the_red_joker_swaps_three_pairs_of_initiative_cards() {
    let (_dir, mut h) = table();
    type_hand(&mut h, LAW, "RJ 6H 8H 9D JH");
    type_hand(&mut h, CLANTONS, "10C 8S 5C 2C 4C");
    deal(&mut h, &DEAL);
    open_hand(&mut h, LAW);
    press(&mut h, "Play Red Joker");
    // Each lawman's value is his alone, so the swaps make no tie.
    let swaps = [
        ("Wyatt Earp", "Johnny Ringo"),
        ("Virgil Earp", "Billy Clanton"),
        ("Sherman McMaster", "Frank McLaury"),
    ];
    for (i, (own, enemy)) in swaps.iter().enumerate() {
        let with_card = |name: &str| format!("{name} ({})", label(&card_of(&h, name).expect("a card")));
        let (own_item, enemy_item) = (with_card(own), with_card(enemy));
        pick(&mut h, &format!("Swap {}: your model", i + 1), &own_item);
        pick(&mut h, &format!("Swap {}: enemy model", i + 1), &enemy_item);
    }
    press(&mut h, "Play Red Joker now");
    press(&mut h, "Pass to the Outlaws player — tap to trump it or let it stand");
    h.get_by_label("The Clanton Gang hold no card of that value.");
    press(&mut h, "Let it stand");
    let cards: Vec<Option<String>> =
        ["Wyatt Earp", "Johnny Ringo", "Virgil Earp", "Billy Clanton", "Sherman McMaster", "Frank McLaury"]
            .iter()
            .map(|n| card_of(&h, n))
            .collect();
    let expected = ["JS", "AH", "9S", "KH", "8C", "3H"].map(|c| Some(c.to_owned()));
    assert_eq!(cards, expected);
    assert_eq!(order(&h)[..3], ["Johnny Ringo", "Billy Clanton", "Ike Clanton"]);
}

#[test]
fn sodden_by_whiskey_swaps_two_enemy_cards() {
    let (_dir, mut h) = table();
    type_hand(&mut h, LAW, "4H 6H 8H 9D JH");
    type_hand(&mut h, CLANTONS, "10C 8S 5C 2C 6C");
    deal(&mut h, &DEAL);
    open_hand(&mut h, LAW);
    h.get_by_label("Sodden by whiskey");
    press(&mut h, "Play 4♥");
    pick(&mut h, "Enemy model 1", "Ike Clanton (Q♠)");
    pick(&mut h, "Enemy model 2", "Johnny Ringo (J♠)");
    press(&mut h, "Play 4♥ now");
    press(&mut h, "Pass to the Outlaws player — tap to trump it or let it stand");
    h.get_by_label("The Clanton Gang hold no card of that value.");
    press(&mut h, "Let it stand");
    assert_eq!(
        (card_of(&h, "Ike Clanton"), card_of(&h, "Johnny Ringo")),
        (Some("JS".into()), Some("QS".into()))
    );
    assert_eq!(order(&h)[2..4], ["Johnny Ringo", "Ike Clanton"]);
}

#[test]
fn yellow_belly_fails_the_nerve_test_it_answers() {
    let (_dir, mut h) = table();
    type_hand(&mut h, LAW, "9D 8H 6H JH 6D");
    type_hand(&mut h, CLANTONS, "10C 8S 5C 2C 4C");
    deal(&mut h, &DEAL);
    declare(&mut h, &["Shoot"]);
    shoot(&mut h, "Billy Clanton", "15", Some("14"));
    press(&mut h, "Apply: Under fire + nerve test");
    h.get_by_label("Nerve test for Billy Clanton");
    h.get_by_label("Tombstone Law may play Yellow Belly (a 9) instead of the roll.");
    press(&mut h, "Tombstone Law: play a card");
    press(&mut h, "Pass to the Lawmen player — tap to show hand");
    press(&mut h, "Play 9♦");
    // The card is aimed at the model whose test it answers.
    assert_eq!(h.get_by_label("Enemy model 1").value().as_deref(), Some("Billy Clanton"));
    press(&mut h, "Play 9♦ now");
    let_it_stand(&mut h, "Outlaws", "Let it stand");
    assert_eq!(model(&h, "Billy Clanton").under_fire, 2, "the hit's marker and the failed test's");
    assert!(game(&h).nerve_due.is_empty());
    assert!(h.query_by_label("Nerve test for Billy Clanton").is_none(), "no roll left to make");
}

#[test]
fn a_player_mirrors_the_hand_of_a_real_deck() {
    let (_dir, mut h) = table();
    type_hand(&mut h, LAW, "QH 2D RJ");
    assert!(matches!(game(&h).events.last(), Some(Event::SetHand { side: LAW, .. })));
    // The cards Posse had dealt go back on top of its deck.
    let top: Vec<String> = game(&h).sides[LAW].deck.iter().rev().take(5).map(ToString::to_string).collect();
    assert_eq!(top, ["6D", "JH", "9D", "6H", "8H"]);
}

#[test]
fn cheatin_is_once_per_game_and_keeps_above_snakes_out_of_its_turn() {
    let (_dir, mut h) = table();
    type_hand(&mut h, CLANTONS, "10C 8S 5C 2C 4C");
    deal(&mut h, &DEAL);
    press(&mut h, "The Clanton Gang: gang abilities");
    pick(&mut h, "Cheatin': model", "Ike Clanton");
    pick(&mut h, "Cheatin': hand card", "5♣");
    press(&mut h, "Use Cheatin'");
    assert_eq!(card_of(&h, "Ike Clanton").as_deref(), Some("5C"), "the hand card is Ike's card now");
    let hand: Vec<String> = game(&h).sides[CLANTONS].hand.iter().map(ToString::to_string).collect();
    assert_eq!(hand, ["10C", "8S", "QS", "2C", "4C"]);
    h.get_by_label("Not now: Above Snakes cannot be used in a turn that used Cheatin'.");
    // Ike's 5♣ now comes after Tom McLaury's 6♠.
    let mut turn: Vec<&str> = names(&DEAL).into_iter().filter(|n| *n != "Ike Clanton").collect();
    turn.insert(10, "Ike Clanton");
    assert_eq!(turn[9..12], ["Tom McLaury", "Ike Clanton", "Curly Bill"]);
    end_activations(&mut h, &turn);
    press(&mut h, "End the turn");
    press(&mut h, "Draw cards and start the next turn");
    deal(&mut h, &DEAL_2);
    // Next turn: Cheatin' is spent for the game; Above Snakes is back.
    h.get_by_label("Not now: Cheatin' is once per game and has been used.");
    h.get_by_label("Use Above Snakes");
}

/// Tombstone Law against Los Lobos, a custom game from [`SEED`] with turn 1's cards dealt.
fn against_los_lobos() -> (tempfile::TempDir, App) {
    let dir = support::data_with(&["lawmen-21", "desperados-21"]);
    let mut h = play_on(dir.path());
    start(&mut h, SEED, None);
    deal(&mut h, &LOBOS_DEAL);
    assert_eq!(order(&h), names(&LOBOS_DEAL));
    (dir, h)
}

/// Turn 1 of Tombstone Law against Los Lobos (their hand: 10♠ 8♣ 5♠ 2♠ 4♠).
const LOBOS_DEAL: [(&str, &str); 14] = [
    ("Wyatt Earp", "AH"),
    ("Virgil Earp", "KH"),
    ("El Jefe", "QC"),
    ("The Kid", "JC"),
    ("Morgan Earp", "10H"),
    ("Doc Holliday", "10D"),
    ("Rufus Slade", "9S"),
    ("Bo Yancey", "8S"),
    ("Turkey Creek", "7H"),
    ("Texas Jack", "7D"),
    ("Del Rourke", "6S"),
    ("Kit Mercer", "4C"),
    ("Sherman McMaster", "3H"),
    ("Lem Hatch", "2C"),
];

#[test]
fn crazy_as_a_loon_skipped_tests_fail_at_the_end_of_the_turn() {
    let (_dir, mut h) = against_los_lobos();
    press(&mut h, "Los Lobos: gang abilities");
    press(&mut h, "Use Crazy as a Loon");
    h.get_by_label("Flags and markers of Bo Yancey").click();
    h.run();
    press(&mut h, "Nerve test…");
    press(&mut h, "Skip the test (Crazy as a Loon)");
    let bo = model_ref(&h, "Bo Yancey");
    assert_eq!(game(&h).events.last(), Some(&Event::SkipNerve { model: bo }));
    assert_eq!(model(&h, "Bo Yancey").under_fire, 0, "not yet");
    end_activations(&mut h, &names(&LOBOS_DEAL));
    press(&mut h, "End the turn");
    assert_eq!(game(&h).phase, Phase::EndOfTurn);
    assert_eq!(model(&h, "Bo Yancey").under_fire, 1, "the skipped test failed");
    assert_eq!(
        last_line(&h),
        "Turn 1 · end of the turn: move markers off; 1 skipped nerve test fail (Crazy as a Loon)"
    );
}

#[test]
fn see_how_the_cat_jumps_deals_a_second_card_chosen_in_secret() {
    let dir = support::data_with(&["cowboys-21", "desperados-21"]);
    let mut h = play_on(dir.path());
    start(&mut h, SEED, None);
    deal(&mut h, &support::COWBOYS_DEAL);
    // The Circle K's deck after the deal: 3♦ on top.
    assert_eq!(game(&h).sides[0].deck.last().map(ToString::to_string).as_deref(), Some("3D"));
    press(&mut h, "Circle K Outfit: gang abilities");
    pick(&mut h, "See How the Cat Jumps: model", "Cal Tate");
    // The player draws it from his own deck and types it (left blank, Posse deals the top one).
    type_in(&mut h, "See How the Cat Jumps: second card", "KD");
    h.get_by_label("K♦ is already on Cal Tate.");
    assert!(support::disabled(&h, "Use See How the Cat Jumps"));
    type_in(&mut h, "See How the Cat Jumps: second card", "5D");
    press(&mut h, "Use See How the Cat Jumps");
    assert_eq!(model(&h, "Cal Tate").second.map(|c| c.to_string()).as_deref(), Some("5D"));
    assert_eq!(game(&h).sides[0].deck.last().map(ToString::to_string).as_deref(), Some("3D"));
    assert!(h.query_by_label("Keep 5♦").is_none(), "not before the hand-over");
    press(&mut h, "Pass to the Cowboys player — tap to choose Cal Tate's card");
    h.get_by_label("Keep K♦");
    press(&mut h, "Keep 5♦");
    assert_eq!(card_of(&h, "Cal Tate").as_deref(), Some("5D"));
    assert_eq!(game(&h).sides[0].discard.last().map(ToString::to_string).as_deref(), Some("KD"));
    // A second card from the model's ⚑ menu (a card's effect, say) is typed the same way.
    press(&mut h, "Flags and markers of Cal Tate");
    press(&mut h, "Deal a second card (keep one)");
    h.get_by_label("Cal Tate draws a second card and keeps one.");
    type_in(&mut h, "Cal Tate's second card", "9D");
    press(&mut h, "Take Cal Tate's second card");
    assert_eq!(model(&h, "Cal Tate").second.map(|c| c.to_string()).as_deref(), Some("9D"));
    assert_eq!(last_line(&h), "Turn 1 · Cal Tate is dealt a second card, 9♦, and chooses");
}

/// The Stranger's cast: the stranger alone against three local toughs.
const DRIFTER: &str = r#"{"name": "The Drifter", "gang": "cowboys",
 "models": [{"name": "Joe", "profile": "man_with_no_name", "weapons": ["pistol"]}]}"#;
const ROJOS: &str = r#"{"name": "The Rojo Boys", "gang": "outlaws",
 "models": [{"name": "Chico", "profile": "dude", "weapons": ["pistol"]},
  {"name": "Rubio", "profile": "dude", "weapons": ["pistol"]},
  {"name": "Esteban", "profile": "dude", "weapons": ["pistol"]}]}"#;

/// Turns 2 to 7 of The Stranger: Joe's card (typed from the bottom of his 12-card deck:
/// 10♦ 9♦ 6♦ 4♦ A♦ 7♦ Q♦ RJ K♦ J♦ 8♦ 5♦, top last), his second card, the top one (he keeps
/// the first), the Rojo Boys' cards (Chico, Rubio, Esteban) and the order they
/// all act in. The drunk Rojo Boys lose ties.
const STRANGER_TURNS: [(&str, &str, [&str; 3], [&str; 4]); 6] = [
    ("10D", "5D", ["7S", "6S", "5S"], ["Joe", "Chico", "Rubio", "Esteban"]),
    ("9D", "8D", ["JS", "10S", "9S"], ["Chico", "Rubio", "Joe", "Esteban"]),
    ("6D", "JD", ["QS", "KS", "AS"], ["Esteban", "Rubio", "Chico", "Joe"]),
    ("4D", "KD", ["2S", "3S", "4S"], ["Joe", "Esteban", "Rubio", "Chico"]),
    ("AD", "RJ", ["5S", "6S", "7S"], ["Joe", "Esteban", "Rubio", "Chico"]),
    ("7D", "QD", ["9S", "10S", "JS"], ["Esteban", "Rubio", "Chico", "Joe"]),
];

fn next_turn(h: &mut App) {
    press(h, "End the turn");
    press(h, "Draw cards and start the next turn");
}

#[test]
fn the_stranger_loses_when_his_deck_runs_out() {
    let dir = support::data_with_gangs(&[("drifter", DRIFTER), ("rojos", ROJOS)]);
    let mut h = play_on(dir.path());
    start(&mut h, SEED, Some("The Stranger"));
    assert_eq!(game(&h).sides[0].deck.len(), 12, "14 cards, 2 in hand");
    // Turn 1: Joe acts as an ace and gets no card.
    assert!(model(&h, "Joe").has(Flag::Ace));
    deal(&mut h, &[("Chico", "4S"), ("Rubio", "3S"), ("Esteban", "2S")]);
    assert_eq!(model(&h, "Joe").card, None);
    end_activations(&mut h, &["Joe", "Chico", "Rubio", "Esteban"]);
    next_turn(&mut h);
    // Outnumbered, Joe is dealt a second card each turn: two cards a turn leave his deck.
    for (i, (joe, second, [chico, rubio, esteban], turn)) in STRANGER_TURNS.into_iter().enumerate() {
        deal(&mut h, &[("Joe", joe), ("Chico", chico), ("Rubio", rubio), ("Esteban", esteban)]);
        // His player draws it from his own deck and types it; once, Posse deals it.
        if i == 3 {
            press(&mut h, "Posse deals it");
        } else {
            type_in(&mut h, "Joe's second card", second);
            press(&mut h, "Take Joe's second card");
        }
        press(&mut h, "Pass to the Cowboys player — tap to choose Joe's card");
        h.get_by_label(&format!("Keep {}", label(second)));
        press(&mut h, &format!("Keep {}", label(joe)));
        end_activations(&mut h, &turn);
        next_turn(&mut h);
    }
    assert!(game(&h).sides[0].deck.is_empty());
    assert_eq!(game(&h).turn, 8);
    // Turn 8: Joe has no card left to draw.
    h.get_by_label("The Drifter have no card left to draw.");
    assert!(h.query_by_label("Joe card").is_none());
    deal(&mut h, &[("Chico", "QS"), ("Rubio", "KS"), ("Esteban", "AS")]);
    let end = game(&h).result.clone().expect("the game ended");
    assert_eq!(
        (game(&h).phase, end.condition.as_str(), end.winner),
        (Phase::Over, "stranger-deck-out", Some(1))
    );
    h.get_by_label("The Rojo Boys win");
    h.get_by_label_contains("The stranger's deck runs out");
    // The next scene of the storyline, with the result recorded for the series.
    press(&mut h, "Record the result and set up This Town Ain't Big Enough");
    assert!(h.state().dmh().table.open.is_none());
    h.get_by_label_contains("Part of the series: the bad guys won The Stranger");
}

#[test]
fn the_witness_is_revealed_when_an_enemy_comes_within_15_cm() {
    let dir = support::data_with(&["lawmen-21", "outlaws-21"]);
    let mut h = play_on(dir.path());
    start(&mut h, SEED, Some("Fast Train to Justice"));
    assert!(h.query_by_label("Texas Jack is the witness").is_none(), "secret until the hand-over");
    press(&mut h, "Pass to the Lawmen player — tap to note the witness in secret");
    press(&mut h, "Doc Holliday is the witness");
    assert_eq!(last_line(&h), "Turn 1 · Tombstone Law note their witness in secret");
    pick(&mut h, "Enemy within 15 cm of", "Virgil Earp");
    press(&mut h, "Is it the witness?");
    assert_eq!(last_line(&h), "Turn 1 · an enemy comes within 15 cm of Virgil Earp, who is not the witness");
    pick(&mut h, "Enemy within 15 cm of", "Doc Holliday");
    press(&mut h, "Is it the witness?");
    assert_eq!(
        last_line(&h),
        "Turn 1 · an enemy comes within 15 cm of Doc Holliday: Doc Holliday is the witness!"
    );
    assert!(model(&h, "Doc Holliday").has(Flag::Key));
    assert!(matches!(game(&h).events.last(), Some(Event::Approach { .. })));
}

#[test]
fn an_own_deck_with_fewer_cards_than_models_deals_what_it_has() {
    let (_dir, mut h) = table();
    // The lawmen's player holds all but two cards of the deck (staged as a typed hand).
    let mut deck = game(&h).sides[LAW].deck.clone();
    let last_two = deck.split_off(deck.len() - 2);
    deck.extend(game(&h).sides[LAW].hand.iter().copied());
    h.state_mut().dmh_mut().handle_play(posse::systems::dmh::ui::play::PlayCommand::Apply(Event::SetHand {
        side: LAW,
        cards: deck,
    }));
    h.run();
    press(&mut h, "Tombstone Law draw from their own deck");
    press(&mut h, "The Clanton Gang draw from their own deck");
    h.get_by_label(
        "Tombstone Law have 2 cards left in the deck: type the 2 cards you draw; the models left blank sit this turn out.",
    );
    let clantons: Vec<(&str, &str)> =
        DEAL.iter().copied().filter(|(name, _)| model_ref(&h, name).side == CLANTONS).collect();
    let (wyatt, virgil) = (last_two[0].to_string(), last_two[1].to_string());
    let typed: Vec<(&str, &str)> = [("Wyatt Earp", wyatt.as_str()), ("Virgil Earp", virgil.as_str())]
        .into_iter()
        .chain(clantons)
        .collect();
    for (name, card) in &typed {
        h.get_by_role_and_label(egui::accesskit::Role::TextInput, &format!("{name} card"))
            .set_text_value_accesskit(card);
    }
    h.run();
    assert!(!support::disabled(&h, "Deal initiative"), "the other five lawmen are left blank");
    press(&mut h, "Deal initiative");
    assert_eq!(card_of(&h, "Wyatt Earp"), Some(wyatt));
    assert_eq!(card_of(&h, "Virgil Earp"), Some(virgil));
    assert_eq!(card_of(&h, "Morgan Earp"), None);
    assert!(model(&h, "Morgan Earp").activated, "Morgan sits the turn out");
    assert!(game(&h).sides[LAW].ran_out);
    assert_eq!(order(&h).len(), 9, "two lawmen and seven Clantons act");
}
