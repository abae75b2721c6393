//! The Play screen driven headless, as two players at the table use it. Every test stages its
//! situation as a rulebook example does: a fixed shuffle, the initiative cards each player
//! draws from his own deck, the dice rolled, and it checks the one result they give.

use crate::support::Dmh as _;
use egui::accesskit::Role;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use posse::systems::dmh::game::{Action, Event, Fire, Phase, Step};

use super::support::{
    self, App, CLANTONS, DEAL, DEAL_2, LAW, SEED, deal, dealt, declare, disabled, end_activation,
    end_activations, flag, game, last_line, model, model_ref, names, order, pick, play_on, press,
    press_button, shoot, start, table, type_in,
};

/// A one-model gang each, for an exchange that ends the game.
const DEADWOOD: &str = r#"{"name": "Deadwood Law", "gang": "lawmen",
 "models": [{"name": "Seth Bullock", "profile": "deputy", "weapons": ["pistol"]}]}"#;
const DALTONS: &str = r#"{"name": "The Dalton Boys", "gang": "outlaws",
 "models": [{"name": "Bob Dalton", "profile": "dude", "weapons": ["pistol"]}]}"#;

fn log_len(h: &App) -> usize {
    game(h).events.len()
}

/// The shot `shooter` → `target` as the log records it.
fn fire(h: &App, shooter: &str, target: &str, modifier: i32, roll: u32) -> Fire {
    Fire {
        shooter: model_ref(h, shooter),
        target: model_ref(h, target),
        modifier,
        roll,
        weapon: Some("pistol".into()),
    }
}

/// `Event::Shot` from [`fire`].
fn shot(h: &App, shooter: &str, target: &str, modifier: i32, roll: u32, duck_back: bool) -> Event {
    let f = fire(h, shooter, target, modifier, roll);
    Event::Shot { shooter: f.shooter, target: f.target, modifier, roll, weapon: f.weapon, duck_back }
}

fn steps(h: &App, name: &str) -> Vec<Step> {
    game(h).activation_of(model_ref(h, name)).map(|a| a.steps.clone()).unwrap_or_default()
}

#[test]
fn a_declared_activation_undone_click_by_click_and_resumed() {
    let (dir, mut h) = table();
    assert_eq!(game(&h).phase, Phase::Initiative);
    assert_eq!(game(&h).sides[LAW].hand.len(), 5, "hands dealt");
    deal(&mut h, &DEAL);
    let wyatt = model_ref(&h, "Wyatt Earp");
    h.get_by_label("Declare up to 3 actions");
    declare(&mut h, &["Move", "Shoot"]);
    assert_eq!(
        game(&h).events.last(),
        Some(&Event::Declare { model: wyatt, actions: vec![Action::Move, Action::Shoot] })
    );
    h.get_by_label("▶ 1. Move");
    press(&mut h, "Moved");
    h.get_by_label("1. Move ✓");
    h.get_by_label("▶ 2. Shoot");
    h.get_by_label("Shot 1: click an enemy in the roster");
    shoot(&mut h, "Billy Clanton", "12", Some("12"));
    h.get_by_label("Shot 1 at Billy Clanton");
    h.get_by_label("Modifier +1 · close range");
    h.get_by_label("12 +1 = 13 → Under fire");
    let before = log_len(&h);
    press(&mut h, "Apply: Under fire");
    let shot_line = "Turn 1 · Wyatt Earp (A♥) shoots Billy Clanton (pistol): 12 +1 = 13, under fire";
    assert_eq!(last_line(&h), shot_line);
    assert_eq!(game(&h).events.last(), Some(&shot(&h, "Wyatt Earp", "Billy Clanton", 1, 12, false)));
    assert_eq!(log_len(&h), before + 1);
    assert_eq!(model(&h, "Billy Clanton").under_fire, 1);
    h.get_by_label("Every declared action is done.");
    // Undo names the click it undoes, and undoes that one click.
    press(&mut h, &format!("Undo: {shot_line}"));
    assert_eq!(log_len(&h), before);
    assert_eq!(model(&h, "Billy Clanton").under_fire, 0);
    assert_eq!(steps(&h, "Wyatt Earp"), [Step::Done, Step::Pending]);
    h.get_by_label("Undo: Turn 1 · Wyatt Earp moves");
    press(&mut h, &format!("Redo: {shot_line}"));
    assert_eq!(last_line(&h), shot_line);
    assert_eq!(model(&h, "Billy Clanton").under_fire, 1);
    press(&mut h, &format!("Undo: {shot_line}"));
    let log = game(&h).events.clone();
    drop(h);
    // Reopened, Posse offers the unfinished game and resumes the activation where it was.
    let mut h = play_on(dir.path());
    press(&mut h, "Resume Tombstone Law v The Clanton Gang · custom game · turn 1 · unfinished");
    assert_eq!(game(&h).events, log);
    let a = game(&h).activation_of(wyatt).expect("Wyatt's activation");
    assert_eq!(a.declared, [Action::Move, Action::Shoot]);
    assert_eq!(a.steps, [Step::Done, Step::Pending]);
    h.get_by_label("1. Move ✓");
    h.get_by_label("▶ 2. Shoot");
    h.get_by_label("Shot 1: click an enemy in the roster");
    shoot(&mut h, "Billy Clanton", "12", Some("12"));
    press(&mut h, "Apply: Under fire");
    assert_eq!(last_line(&h), shot_line);
}

#[test]
fn a_duck_back_goes_out_with_the_shot_and_one_undo_takes_both_back() {
    let (_dir, mut h) = dealt();
    declare(&mut h, &["Shoot"]);
    shoot(&mut h, "Ike Clanton", "8", None);
    // Point blank +2, Wyatt's Shoot +1, the duck back counts as one move -1.
    h.get_by_label("Modifier +3 · point blank range");
    press(&mut h, "Target ducks back");
    h.get_by_label("Modifier +2 · point blank range");
    type_in(&mut h, "d20 roll", "10");
    let before = log_len(&h);
    press(&mut h, "Apply: Under fire");
    assert_eq!(log_len(&h), before + 1, "one click, one event");
    assert_eq!(game(&h).events.last(), Some(&shot(&h, "Wyatt Earp", "Ike Clanton", 2, 10, true)));
    assert_eq!(
        last_line(&h),
        "Turn 1 · Ike Clanton ducks back; Wyatt Earp (A♥) shoots Ike Clanton (pistol): 10 +2 = 12, under fire"
    );
    let ike = model(&h, "Ike Clanton");
    assert_eq!((ike.activated, ike.card, ike.moves, ike.under_fire), (true, None, 1, 1));
    assert_eq!(game(&h).sides[CLANTONS].discard.last().map(ToString::to_string).as_deref(), Some("QS"));
    let undo = format!("Undo: {}", last_line(&h));
    press(&mut h, &undo);
    assert_eq!(log_len(&h), before);
    let ike = model(&h, "Ike Clanton");
    assert_eq!(
        (ike.activated, ike.card.map(|c| c.to_string()), ike.moves, ike.under_fire),
        (false, Some("QS".to_owned()), 0, 0)
    );
}

#[test]
fn a_quick_shot_at_close_range_goes_off_with_the_shot_and_both_last_men_fall() {
    let dir = support::data_with_gangs(&[("deadwood", DEADWOOD), ("daltons", DALTONS)]);
    let mut h = play_on(dir.path());
    start(&mut h, SEED, None);
    deal(&mut h, &[("Seth Bullock", "KH"), ("Bob Dalton", "9S")]);
    declare(&mut h, &["Shoot"]);
    shoot(&mut h, "Bob Dalton", "8", Some("18"));
    h.get_by_label("18 +2 = 20 → Out of action");
    press(&mut h, "⚡ The Dalton Boys quick shoot Seth Bullock…");
    pick(&mut h, "Quick shooter", "Bob Dalton");
    type_in(&mut h, "Quick shot distance (cm)", "8");
    h.get_by_label_contains("Close range: both shots are rolled together and both resolve.");
    type_in(&mut h, "Quick shot d20 roll", "17");
    h.get_by_label("17 +2 = 19 → Out of action");
    press(&mut h, "Apply both shots: Out of action");
    let quick = fire(&h, "Bob Dalton", "Seth Bullock", 2, 17);
    let answer = fire(&h, "Seth Bullock", "Bob Dalton", 2, 18);
    assert_eq!(game(&h).events.last(), Some(&Event::QuickShot { quick, answer: Some(answer) }));
    assert!(model(&h, "Seth Bullock").out_of_action && model(&h, "Bob Dalton").out_of_action);
    let end = game(&h).result.clone().expect("the game is over");
    assert_eq!((game(&h).phase, end.winner), (Phase::Over, None));
    h.get_by_label("A draw");
    h.get_by_label("Both sides are out of the fight at once: a draw.");
}

#[test]
fn a_quick_shot_against_a_move_is_one_event_and_one_per_activation() {
    let (_dir, mut h) = dealt();
    declare(&mut h, &["Move", "Shoot"]);
    press(&mut h, "⚡ The Clanton Gang quick shoot Wyatt Earp…");
    pick(&mut h, "Quick shooter", "Pete Spence");
    type_in(&mut h, "Quick shot distance (cm)", "15");
    h.get_by_label("Against a move, fire at the moment of Wyatt Earp's move you choose.");
    // Close range 0, the Sheriff is a boss -1, one declared move -1.
    type_in(&mut h, "Quick shot d20 roll", "14");
    h.get_by_label("14 -2 = 12 → Under fire");
    press(&mut h, "Apply the quick shot");
    let quick = fire(&h, "Pete Spence", "Wyatt Earp", -2, 14);
    assert_eq!(game(&h).events.last(), Some(&Event::QuickShot { quick, answer: None }));
    let pete = model(&h, "Pete Spence");
    assert_eq!((pete.activated, pete.card), (true, None), "its activation is burnt");
    assert_eq!(model(&h, "Wyatt Earp").under_fire, 1);
    assert!(h.query_by_label("⚡ The Clanton Gang quick shoot Wyatt Earp…").is_none(), "one per activation");
    h.get_by_label("▶ 1. Move");
}

#[test]
fn the_declaration_shows_and_enforces_its_limits() {
    let (_dir, mut h) = table();
    // Doc Holliday (a shotgun) and Wyatt Earp trade cards: Doc acts first with the A♥.
    let mut cards = DEAL;
    cards[0] = ("Doc Holliday", "AH");
    cards[5] = ("Wyatt Earp", "10D");
    deal(&mut h, &cards);
    assert_eq!(order(&h)[..2], ["Doc Holliday", "Virgil Earp"]);
    h.get_by_label("A shotgun may not aim.");
    assert!(disabled(&h, "Aim"), "a shotgun may not aim");
    for action in ["Move", "Shoot", "Shoot"] {
        press_button(&mut h, action);
    }
    h.get_by_label("1. Move   2. Shoot   3. Shoot");
    for action in Action::ALL {
        assert!(disabled(&h, action.title()), "no fourth action: {}", action.title());
    }
    press(&mut h, "Declare");
    let doc = model_ref(&h, "Doc Holliday");
    assert_eq!(
        game(&h).events.last(),
        Some(&Event::Declare { model: doc, actions: vec![Action::Move, Action::Shoot, Action::Shoot] })
    );
    end_activation(&mut h, "Doc Holliday");
    // Virgil is drunk: two actions.
    flag(&mut h, "Virgil Earp", "Drunk");
    h.get_by_label("Declare up to 2 actions");
    h.get_by_label("Drunk: 2 actions.");
    press_button(&mut h, "Move");
    assert!(!disabled(&h, "Shoot"));
    press_button(&mut h, "Shoot");
    for action in Action::ALL {
        assert!(disabled(&h, action.title()), "no third action when drunk: {}", action.title());
    }
    press(&mut h, "Declare");
    let virgil = model_ref(&h, "Virgil Earp");
    assert_eq!(
        game(&h).events.last(),
        Some(&Event::Declare { model: virgil, actions: vec![Action::Move, Action::Shoot] })
    );
}

#[test]
fn a_move_stopped_near_an_enemy_loses_the_next_move_but_not_the_shot() {
    let (_dir, mut h) = dealt();
    declare(&mut h, &["Move", "Move", "Shoot"]);
    press(&mut h, "Stopped within 2 cm of an enemy");
    assert_eq!(last_line(&h), "Turn 1 · Wyatt Earp moves and stops within 2 cm of an enemy");
    h.get_by_label("2. Move (lost)");
    h.get_by_label("▶ 3. Shoot");
    // The book still lets a lost move carry a charge into contact.
    h.get_by_label("Charge into contact…");
    // Point blank +2, Wyatt's Shoot +1, two declared moves -1.
    shoot(&mut h, "Billy Clanton", "2", Some("9"));
    h.get_by_label("9 +2 = 11 → Under fire");
    press(&mut h, "Apply: Under fire");
    assert_eq!(steps(&h, "Wyatt Earp"), [Step::Done, Step::Lost, Step::Done]);
    assert!(
        !game(&h).events.iter().any(|e| matches!(e, Event::SkipAction { .. })),
        "nothing to skip by hand"
    );
    end_activation(&mut h, "Wyatt Earp");
    assert_eq!(model(&h, "Wyatt Earp").moves, 1, "one move marker: the move made");
    assert_eq!(last_line(&h), "Turn 1 · Wyatt Earp (A♥) finishes (1 move)");
}

#[test]
fn each_nerve_test_starts_with_its_choices_unticked() {
    let (_dir, mut h) = dealt();
    declare(&mut h, &["Shoot", "Shoot"]);
    shoot(&mut h, "Billy Clanton", "12", Some("14"));
    press(&mut h, "Apply: Under fire + nerve test");
    // The test the hit calls for opens by itself.
    h.get_by_label("Nerve test for Billy Clanton");
    h.get_by_label("Needs 5+");
    press(&mut h, "Friend within 15 cm");
    h.get_by_label("Needs 4+");
    type_in(&mut h, "d10 roll", "4");
    h.get_by_label("4 → passed");
    press(&mut h, "Apply the nerve test");
    let billy = model_ref(&h, "Billy Clanton");
    assert_eq!(
        game(&h).events.last(),
        Some(&Event::Nerve { model: billy, needed: 4, roll: 4, to_shoot: None })
    );
    assert_eq!(model(&h, "Billy Clanton").under_fire, 1, "the hit's marker; the test passed");
    // The second shot's test: Friend within 15 cm is unticked again.
    h.get_by_label("Shot 2 at Billy Clanton");
    shoot(&mut h, "Johnny Ringo", "12", Some("16"));
    h.get_by_label("16 +0 = 16 → Under fire + nerve test");
    press(&mut h, "Apply: Under fire + nerve test");
    h.get_by_label("Nerve test for Johnny Ringo");
    let friend = h.get_by_role_and_label(Role::CheckBox, "Friend within 15 cm");
    assert_eq!(friend.accesskit_node().toggled(), Some(egui::accesskit::Toggled::False));
    h.get_by_label("Needs 4+");
    type_in(&mut h, "d10 roll", "3");
    h.get_by_label("3 → failed, another marker");
    press(&mut h, "Apply the nerve test");
    assert_eq!(model(&h, "Johnny Ringo").under_fire, 2, "the hit's marker and the failed test's");
    assert_eq!(
        last_line(&h),
        "Turn 1 · Johnny Ringo takes a nerve test needing 4+: 3, failed, another marker"
    );
}

#[test]
fn the_closest_target_rule_asks_for_the_shooters_nerve_test() {
    let (_dir, mut h) = dealt();
    declare(&mut h, &["Shoot"]);
    shoot(&mut h, "Tom McLaury", "12", None);
    press(&mut h, "Target is not the closest enemy");
    press(&mut h, "Take the nerve test");
    h.get_by_label("Nerve test for Wyatt Earp");
    h.get_by_label("Closest-target rule: to shoot past a closer enemy at Tom McLaury.");
    h.get_by_label("Needs 2+");
    type_in(&mut h, "d10 roll", "1");
    h.get_by_label("1 → failed, another marker");
    press(&mut h, "Apply the nerve test");
    let (wyatt, tom) = (model_ref(&h, "Wyatt Earp"), model_ref(&h, "Tom McLaury"));
    assert_eq!(
        game(&h).events.last(),
        Some(&Event::Nerve { model: wyatt, needed: 2, roll: 1, to_shoot: Some(tom) })
    );
    assert_eq!(model(&h, "Wyatt Earp").under_fire, 1, "a failed test adds a marker");
    // Back to the shot, still Wyatt's activation.
    h.get_by_label("Shot 1 at Tom McLaury");
}

#[test]
fn ctrl_z_in_a_text_field_edits_the_text_and_outside_it_undoes() {
    let (_dir, mut h) = dealt();
    declare(&mut h, &["Shoot", "Shoot"]);
    shoot(&mut h, "Billy Clanton", "12", Some("11"));
    press(&mut h, "Apply: Under fire");
    let after_shot = log_len(&h);
    // Typing a distance: the field has focus.
    h.get_by_role_and_label(Role::TextInput, "Distance (cm)").focus();
    h.run();
    h.get_by_role_and_label(Role::TextInput, "Distance (cm)").type_text("5");
    h.run();
    let field = h.get_by_role_and_label(Role::TextInput, "Distance (cm)");
    assert!(field.is_focused());
    assert_eq!(field.value().as_deref(), Some("125"));
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert_eq!(log_len(&h), after_shot, "the game is not undone");
    assert!(h.get_by_role_and_label(Role::TextInput, "Distance (cm)").is_focused(), "the field keeps focus");
    h.key_press(egui::Key::Escape);
    h.run();
    assert!(!h.get_by_role_and_label(Role::TextInput, "Distance (cm)").is_focused());
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert_eq!(log_len(&h), after_shot - 1, "the shot is undone");
    assert_eq!(model(&h, "Billy Clanton").under_fire, 0);
}

#[test]
fn a_whole_turn_to_the_end_of_turn_checklist_and_the_next_initiative() {
    let (_dir, mut h) = dealt();
    end_activation(&mut h, "Wyatt Earp");
    assert_eq!(h.get_all_by_label("✓ acted").count(), 1, "Wyatt has acted");
    end_activations(&mut h, &names(&DEAL)[1..]);
    h.get_by_label("Every model has acted.");
    press(&mut h, "End the turn");
    assert_eq!(game(&h).phase, Phase::EndOfTurn);
    assert_eq!(last_line(&h), "Turn 1 · end of the turn: move markers off");
    press(&mut h, "The end-of-turn routine");
    h.get_by_label("• Take every move marker off the table.");
    h.get_by_label("Tombstone Law used no card: they may discard one to draw one.");
    press(&mut h, "Draw cards and start the next turn");
    assert_eq!((game(&h).turn, game(&h).phase), (2, Phase::Initiative));
    assert_eq!(last_line(&h), "Turn 2 · cards drawn; turn 2 begins");
    // Nothing says "acted" from turn 1.
    assert!(h.query_by_label("✓ acted").is_none());
    assert!(h.query_by_label_contains("acted").is_none());
}

#[test]
fn an_initiative_tie_settled_by_who_placed_first_and_the_lowest_card_switch() {
    let (_dir, mut h) = table();
    deal(&mut h, &TIE_DEAL);
    h.get_by_label("Wyatt Earp (7♥), Texas Jack (7♦) and Ike Clanton (7♠) tie.");
    press(&mut h, "The Clanton Gang placed first");
    assert_eq!(game(&h).tie_priority, Some(CLANTONS));
    assert_eq!(order(&h)[8..11], ["Ike Clanton", "Wyatt Earp", "Texas Jack"]);
    // The Clantons hold the lowest card and may swap two of their models' cards.
    h.get_by_label("The Clanton Gang hold the lowest card: they may swap the cards of two of their models.");
    pick(&mut h, "Swap model 1", "Ike Clanton");
    pick(&mut h, "Swap model 2", "Pete Spence");
    press(&mut h, "Swap cards");
    let card = |h: &App, name| model(h, name).card.map(|c| c.to_string());
    assert_eq!((card(&h, "Ike Clanton"), card(&h, "Pete Spence")), (Some("2S".into()), Some("7S".into())));
    assert_eq!(last_line(&h), "Turn 1 · Ike Clanton and Pete Spence swap cards");
    assert!(h.query_by_label_contains("hold the lowest card").is_none(), "once per turn");
}

/// A deal where Wyatt Earp and Texas Jack tie with Ike Clanton on 7s.
const TIE_DEAL: [(&str, &str); 14] = [
    ("Turkey Creek", "AH"),
    ("Virgil Earp", "KH"),
    ("Johnny Ringo", "QS"),
    ("Billy Clanton", "JS"),
    ("Morgan Earp", "10H"),
    ("Doc Holliday", "10D"),
    ("Frank McLaury", "9S"),
    ("Tom McLaury", "8C"),
    ("Wyatt Earp", "7H"),
    ("Ike Clanton", "7S"),
    ("Texas Jack", "7D"),
    ("Curly Bill", "4S"),
    ("Sherman McMaster", "3H"),
    ("Pete Spence", "2S"),
];

#[test]
fn an_initiative_tie_settled_by_drawing_a_card_each() {
    let (_dir, mut h) = table();
    deal(&mut h, &TIE_DEAL);
    // Drawn from the real decks and typed.
    press(&mut h, "Drew from real decks? Type the two cards");
    type_in(&mut h, "Tombstone Law drew", "QH");
    type_in(&mut h, "The Clanton Gang drew", "9C");
    press(&mut h, "Apply the cards drawn");
    let typed = "Turn 1 · each side draws for ties: Tombstone Law Q♥, The Clanton Gang 9♣; Tombstone Law win ties this turn";
    assert_eq!(last_line(&h), typed);
    assert_eq!(game(&h).tie_priority, Some(LAW));
    assert_eq!(order(&h)[8..11], ["Wyatt Earp", "Texas Jack", "Ike Clanton"]);
    let top = |h: &App, s: usize| game(h).sides[s].deck.last().map(ToString::to_string);
    assert_eq!(game(&h).sides[LAW].discard.last().map(ToString::to_string).as_deref(), Some("QH"));
    // Drawn by Posse: the top card of each deck, 2♥ against 5♠.
    press(&mut h, &format!("Undo: {typed}"));
    assert_eq!((top(&h, LAW), top(&h, CLANTONS)), (Some("2H".into()), Some("5S".into())));
    press(&mut h, "Posse draws a card for each side");
    assert_eq!(
        last_line(&h),
        "Turn 1 · each side draws for ties: Tombstone Law 2♥, The Clanton Gang 5♠; The Clanton Gang win ties this turn"
    );
    assert_eq!(order(&h)[8..11], ["Ike Clanton", "Wyatt Earp", "Texas Jack"]);
}

#[test]
fn a_charge_locks_the_fighters_until_one_breaks_off() {
    let (_dir, mut h) = dealt();
    declare(&mut h, &["Move"]);
    press(&mut h, "Charge into contact…");
    support::target(&mut h, "Billy Clanton");
    // Odds before the dice: the charger's +1.
    h.get_by_label("Wyatt Earp +1 against Billy Clanton +0");
    h.get_by_label("Wyatt Earp wins");
    type_in(&mut h, "Wyatt Earp's d10", "6");
    type_in(&mut h, "Billy Clanton's d10", "5");
    press(&mut h, "Apply the fight: Billy Clanton takes 2 markers");
    let (wyatt, billy) = (model_ref(&h, "Wyatt Earp"), model_ref(&h, "Billy Clanton"));
    assert_eq!(
        game(&h).events.last(),
        Some(&Event::Fight { a: wyatt, b: billy, a_modifier: 1, b_modifier: 0, a_roll: 6, b_roll: 5 })
    );
    assert_eq!(game(&h).fights.len(), 1);
    assert_eq!(model(&h, "Billy Clanton").under_fire, 2);
    // The charge ends Wyatt's activation; Billy spends his in the fight.
    assert!(model(&h, "Wyatt Earp").activated && model(&h, "Billy Clanton").activated);
    assert_eq!(model(&h, "Wyatt Earp").moves, 1);
    let rest: Vec<&str> =
        names(&DEAL).into_iter().filter(|n| !["Wyatt Earp", "Billy Clanton"].contains(n)).collect();
    end_activations(&mut h, &rest);
    press(&mut h, "End the turn");
    assert!(h.query_by_label_contains("must take a Big Nerve test").is_none(), "nobody is down");
    press(&mut h, "Draw cards and start the next turn");
    deal(&mut h, &DEAL_2);
    // Wyatt holds the higher card: he may fight on with +1 or break off.
    h.get_by_label("Wyatt Earp holds the higher card: fight on with +1.");
    h.get_by_label("Or break off: declare two moves first.");
    declare(&mut h, &["Move", "Move"]);
    press(&mut h, "Break off (uses both moves)");
    assert!(game(&h).fights.is_empty());
    assert_eq!(game(&h).events.last(), Some(&Event::BreakOff { model: wyatt }));
}

#[test]
fn a_hand_is_shown_only_after_the_hand_over() {
    let (_dir, mut h) = table();
    press(&mut h, "The Clanton Gang's hand");
    assert!(h.query_by_label("10♣").is_none(), "not before the tap");
    press(&mut h, "Pass to the Outlaws player — tap to show hand");
    h.get_by_label("10♣");
    press(&mut h, "Hide hand");
    assert!(h.query_by_label("10♣").is_none());
    assert!(h.state().dmh().play.hand_over.is_none());
}

#[test]
fn a_player_types_the_cards_of_a_physical_deck() {
    let (_dir, mut h) = table();
    press(&mut h, "The Clanton Gang draw from their own deck");
    assert!(disabled(&h, "Deal initiative"), "not until every card is typed");
    // A card of the hand Posse dealt is refused with what to do.
    type_in(&mut h, "Ike Clanton card", "10C");
    h.get_by_label(
        "10♣ is in the hand Posse dealt: type your real hand first (Hand, Playing with your own deck?).",
    );
    let clantons =
        &DEAL[..].iter().filter(|(n, _)| model_ref(&h, n).side == CLANTONS).copied().collect::<Vec<_>>();
    for (name, card) in clantons {
        type_in(&mut h, &format!("{name} card"), card);
    }
    press(&mut h, "Deal initiative");
    for (name, card) in clantons {
        assert_eq!(model(&h, name).card.map(|c| c.to_string()).as_deref(), Some(*card));
    }
    // Posse dealt Tombstone Law from the top of their deck, the face-up card first.
    let dealt: Vec<String> = game(&h).sides[LAW]
        .models
        .iter()
        .map(|m| m.card.map(|c| c.to_string()).unwrap_or_default())
        .collect();
    assert_eq!(dealt, ["7H", "KH", "7D", "3H", "2H", "8D", "5H"]);
}

#[test]
fn a_broken_gang_fails_its_big_nerve_test_and_the_game_ends() {
    let (_dir, mut h) = dealt();
    let down = ["Billy Clanton", "Frank McLaury", "Tom McLaury", "Curly Bill"];
    for name in down {
        flag(&mut h, name, "Out of action");
    }
    assert_eq!(game(&h).sides[CLANTONS].standing().count(), 3);
    let rest: Vec<&str> = names(&DEAL).into_iter().filter(|n| !down.contains(n)).collect();
    end_activations(&mut h, &rest);
    press(&mut h, "End the turn");
    h.get_by_label("The Clanton Gang must take a Big Nerve test");
    // Ike's Nerve 2+, one model down past half: -1.
    h.get_by_label("Needs 3+");
    type_in(&mut h, "d10 roll", "2");
    h.get_by_label("2 → failed: they get out of Dodge");
    press(&mut h, "Apply The Clanton Gang's Big Nerve test");
    assert_eq!((game(&h).phase, game(&h).broke), (Phase::Over, Some(CLANTONS)));
    assert_eq!(game(&h).result.as_ref().and_then(|r| r.winner), Some(LAW));
    h.get_by_label("Tombstone Law win");
    h.get_by_label("The Clanton Gang are out of the fight.");
}

#[test]
fn the_winner_of_the_previous_scene_draws_an_extra_card() {
    let dir = support::data_with(&["lawmen-21", "outlaws-21"]);
    std::fs::write(dir.path().join("series.json"), r#"{"results":{"the-stranger":"bad"}}"#).expect("series");
    let mut h = play_on(dir.path());
    pick(&mut h, "Scene", "This Town Ain't Big Enough");
    h.get_by_label_contains("Part of the series: the bad guys won The Stranger");
    start(&mut h, SEED, None);
    let g = game(&h);
    assert_eq!((g.sides[LAW].hand.len(), g.sides[CLANTONS].hand.len()), (5, 6), "the bad guys' extra card");
}

/// The window size the Play screen is made for.
const SMALL: egui::Vec2 = egui::vec2(1280.0, 800.0);

/// Where the phase of the turn is drawn: right of the roster and above the log, the two
/// panels' resize handles bounding it.
fn phase_area(h: &App) -> egui::Rect {
    let roster_edge = h
        .get_all_by_role(Role::Splitter)
        .map(|n| n.rect())
        .find(|r| r.height() > r.width())
        .expect("the roster's resize handle");
    egui::Rect::from_min_max(
        egui::pos2(roster_edge.max.x, roster_edge.min.y),
        egui::pos2(SMALL.x, roster_edge.max.y),
    )
}

/// Every widget labelled in `labels` is in the phase column and wholly on screen, and that
/// column has no scroll bar: nothing needs scrolling to reach.
fn assert_in_view(h: &App, labels: &[&str]) {
    let area = phase_area(h);
    let bars = h.get_all_by_role(Role::ScrollBar).filter(|n| area.intersects(n.rect())).count();
    assert_eq!(bars, 0, "the phase column scrolls");
    for label in labels {
        let rects: Vec<egui::Rect> =
            h.get_all_by_label(label).map(|n| n.rect()).filter(|r| r.min.x >= area.min.x).collect();
        assert_eq!(rects.len(), 1, "one {label} in the phase column");
        assert!(area.contains_rect(rects[0]), "{label} at {:?} is outside {area:?}", rects[0]);
    }
}

#[test]
fn a_whole_activation_fits_a_1280_by_800_window() {
    let dir = support::data_with(&["lawmen-21", "outlaws-21"]);
    let mut h = support::app_on(dir.path(), posse::systems::dmh::app::Screen::Play, SMALL.x, SMALL.y);
    start(&mut h, SEED, None);
    deal(&mut h, &DEAL);
    let end = "End Wyatt Earp's activation";
    assert_in_view(&h, &["Move", "Aim", "Shoot", "Reload", "Change weapon", "Recover", "Declare", end]);
    declare(&mut h, &["Shoot"]);
    shoot(&mut h, "Billy Clanton", "12", Some("14"));
    let odds = ["Miss", "Under fire", "Under fire + nerve test", "Out of action", "Out of ammo"];
    assert_in_view(&h, &odds);
    assert_in_view(
        &h,
        &["d20 roll", "14 +1 = 15 → Under fire + nerve test", "Apply: Under fire + nerve test", end],
    );
    press(&mut h, "Apply: Under fire + nerve test");
    type_in(&mut h, "d10 roll", "7");
    assert_in_view(
        &h,
        &[
            "Nerve test for Billy Clanton",
            "Friend within 15 cm",
            "d10 roll",
            "7 → passed",
            "Apply the nerve test",
        ],
    );
    press(&mut h, "Apply the nerve test");
    assert_in_view(&h, &["Every declared action is done.", end]);
    support::end_activation(&mut h, "Wyatt Earp");
    assert_eq!(order(&h).first().map(String::as_str), Some("Virgil Earp"));
}

#[test]
fn tough_as_old_boots_declared_before_the_roll_passes_on_3() {
    let dir = support::data_with(&["cowboys-21", "desperados-21"]);
    let mut h = play_on(dir.path());
    start(&mut h, SEED, None);
    deal(&mut h, &support::COWBOYS_DEAL);
    // El Jefe's three shots put Wes Hollis one marker from out of action.
    declare(&mut h, &["Shoot", "Shoot", "Shoot"]);
    shoot(&mut h, "Wes Hollis", "12", Some("11"));
    h.get_by_label("11 +1 = 12 → Under fire");
    press(&mut h, "Apply: Under fire");
    type_in(&mut h, "d20 roll", "12");
    h.get_by_label("12 +0 = 12 → Under fire");
    press(&mut h, "Apply: Under fire");
    type_in(&mut h, "d20 roll", "17");
    h.get_by_label("17 -1 = 16 → Under fire + nerve test");
    press(&mut h, "Apply: Under fire + nerve test");
    assert_eq!(model(&h, "Wes Hollis").under_fire, 3);
    h.get_by_label("Nerve test for Wes Hollis");
    h.get_by_label("Needs 7+");
    h.get_by_label("A failure would put Wes Hollis out of action.");
    press(&mut h, "Declare Tough as Old Boots: passes on 3+");
    h.get_by_label("Tough as Old Boots: no modifiers, passes on 3+.");
    h.get_by_label("Needs 3+");
    type_in(&mut h, "d10 roll", "3");
    h.get_by_label("3 → passed");
    press(&mut h, "Apply the nerve test");
    let wes = model_ref(&h, "Wes Hollis");
    assert_eq!(
        game(&h).events.last(),
        Some(&Event::Nerve { model: wes, needed: 3, roll: 3, to_shoot: None })
    );
    let wes = model(&h, "Wes Hollis");
    assert_eq!((wes.under_fire, wes.out_of_action), (3, false));
}

#[test]
fn there_will_be_blood_deals_only_to_the_duellists_who_take_one_shot() {
    let (_dir, mut h) = {
        let dir = support::data_with(&["lawmen-21", "outlaws-21"]);
        let h = play_on(dir.path());
        (dir, h)
    };
    start(&mut h, SEED, Some("There Will Be Blood"));
    press(&mut h, "Tombstone Law draw from their own deck");
    press(&mut h, "The Clanton Gang draw from their own deck");
    h.get_by_label(
        "Mark the good guys' duellist first (⚑ → Duellist): in the first turn only the duellists get a card.",
    );
    assert!(disabled(&h, "Deal initiative"));
    flag(&mut h, "Morgan Earp", "Duellist");
    type_in(&mut h, "Morgan Earp card", "KH");
    h.get_by_label(
        "Mark the bad guys' duellist first (⚑ → Duellist): in the first turn only the duellists get a card.",
    );
    assert!(disabled(&h, "Deal initiative"));
    flag(&mut h, "Billy Clanton", "Duellist");
    // Only the duellists draw a card.
    assert!(h.query_by_label("Wyatt Earp card").is_none());
    deal(&mut h, &[("Morgan Earp", "KH"), ("Billy Clanton", "QS")]);
    let with_cards = game(&h).sides.iter().flat_map(|s| &s.models).filter(|m| m.card.is_some()).count();
    assert_eq!(with_cards, 2);
    assert_eq!(order(&h), ["Morgan Earp", "Billy Clanton"]);
    // A single Shoot: the other actions are greyed, and the buttons stop at one.
    h.get_by_label("Declare a single Shoot");
    h.get_by_label("First turn of the duel: a single shoot action.");
    for action in Action::ALL.into_iter().filter(|a| *a != Action::Shoot) {
        assert!(disabled(&h, action.title()), "{} for the duellist", action.title());
    }
    press_button(&mut h, "Shoot");
    assert!(disabled(&h, "Shoot"), "one shot only");
    press(&mut h, "Declare");
    let morgan = model_ref(&h, "Morgan Earp");
    assert_eq!(game(&h).events.last(), Some(&Event::Declare { model: morgan, actions: vec![Action::Shoot] }));
    shoot(&mut h, "Billy Clanton", "16", Some("20"));
    press(&mut h, "Apply: Out of action");
    assert!(model(&h, "Billy Clanton").out_of_action);
    end_activation(&mut h, "Morgan Earp");
    h.get_by_label("Every model has acted.");
}

/// The Duel's two duellists, one dude a side.
fn duel() -> (tempfile::TempDir, App) {
    let dir = support::data_with_gangs(&[("deadwood", DEADWOOD), ("daltons", DALTONS)]);
    let mut h = play_on(dir.path());
    start(&mut h, SEED, Some("The Duel"));
    (dir, h)
}

/// Types a round's cards from the players' decks: each side's row card and face-up card.
fn duel_round(h: &mut App, law: [&str; 2], daltons: [&str; 2]) {
    type_in(h, "Deadwood Law row card", law[0]);
    type_in(h, "Deadwood Law face-up card", law[1]);
    type_in(h, "The Dalton Boys row card", daltons[0]);
    type_in(h, "The Dalton Boys face-up card", daltons[1]);
    press(h, "Deal the typed cards");
}

/// The player of `side` takes the device and stands.
fn stands(h: &mut App, player: &str) {
    press(h, &format!("Pass to the {player} player — tap to hit or stand"));
    press(h, "Stand");
}

#[test]
fn the_duel_is_played_on_the_play_screen_to_a_model_out_of_action() {
    let (_dir, mut h) = duel();
    assert_eq!(game(&h).phase, Phase::Duel);
    h.get_by_label("Round 1 of 6");
    press(&mut h, "Pass to the Lawmen player — tap to look at the first row card");
    h.get_by_label("Deadwood Law: your first row card is");
    h.get_by_label("10♥");
    press(&mut h, "Hide");
    // Round 1: 19 against 12; the Daltons hit and go bust: Seth Bullock shoots with +4.
    press(&mut h, "Playing with real decks? Type the cards");
    duel_round(&mut h, ["10H", "9H"], ["2S", "KS"]);
    stands(&mut h, "Lawmen");
    press(&mut h, "Pass to the Outlaws player — tap to hit or stand");
    type_in(&mut h, "Card drawn from a real deck", "10S");
    press(&mut h, "Hit: 10♠");
    h.get_by_label("19");
    h.get_by_label("22: bust");
    h.get_by_label("Seth Bullock shoots with +4 (only the cards count) · hit 70%");
    type_in(&mut h, "Seth Bullock's d20", "8");
    h.get_by_label("8 +4 = 12 → Under fire");
    press(&mut h, "Apply the shot");
    assert_eq!(game(&h).events.last(), Some(&Event::DuelFire { shots: vec![(0, 8)] }));
    assert_eq!(model(&h, "Bob Dalton").under_fire, 1);
    // Round 2: 16 each, so they shoot at the same time, with no bonus.
    h.get_by_label("Deal round 2: a face-up card on each row card");
    duel_round(&mut h, ["5H", "AH"], ["6S", "QS"]);
    h.get_by_label("Round 2 of 6");
    stands(&mut h, "Lawmen");
    stands(&mut h, "Outlaws");
    h.get_by_label("Both shoot at the same time");
    type_in(&mut h, "Seth Bullock's d20", "11");
    type_in(&mut h, "Bob Dalton's d20", "13");
    h.get_by_label("11 +0 = 11 → Under fire");
    h.get_by_label("13 +0 = 13 → Under fire");
    press(&mut h, "Apply both shots");
    assert_eq!(game(&h).events.last(), Some(&Event::DuelFire { shots: vec![(0, 11), (1, 13)] }));
    assert_eq!((model(&h, "Seth Bullock").under_fire, model(&h, "Bob Dalton").under_fire), (1, 2));
    // Round 3: a blackjack against 17: 4 more and 2 for the blackjack.
    duel_round(&mut h, ["JD", "AD"], ["9C", "8C"]);
    stands(&mut h, "Lawmen");
    stands(&mut h, "Outlaws");
    h.get_by_label("21: blackjack");
    h.get_by_label("Seth Bullock shoots with +6 (only the cards count) · hit 80%");
    type_in(&mut h, "Seth Bullock's d20", "13");
    h.get_by_label("13 +6 = 19 → Out of action");
    press(&mut h, "Apply the shot");
    assert!(model(&h, "Bob Dalton").out_of_action);
    assert_eq!(game(&h).phase, Phase::Over);
    assert_eq!(
        game(&h).result.as_ref().map(|r| (r.winner, r.condition.as_str())),
        Some((Some(0), "shot-down"))
    );
    h.get_by_label("Deadwood Law win");
    h.get_by_label("One duellist is out of action; the other wins.");
}

/// A game that is not wanted any more is deleted from the list (its journal waits in
/// `games/deleted/`), and Undo delete brings it back as it was.
#[test]
fn a_saved_game_is_deleted_and_the_delete_undone() {
    let (dir, mut h) = table();
    deal(&mut h, &DEAL);
    let events = game(&h).events.clone();
    let id = h.state().dmh().table.open_id().expect("open").to_owned();
    press(&mut h, "Close game");
    let line = "Tombstone Law v The Clanton Gang · custom game · turn 1 · unfinished";
    let delete = h.get_by_label(&format!("Delete {line}")).rect();
    press(&mut h, &format!("Delete {line}"));
    assert!(h.state().dmh().table.saved.is_empty(), "gone from the list");
    // Its row stays in place, greyed, with Undo delete where Delete was.
    assert!(disabled(&h, &format!("Resume {line}")), "the deleted game cannot be resumed");
    let undo = h.get_by_label(&format!("Undo delete: {line}")).rect();
    assert_eq!(undo.left_top(), delete.left_top(), "Undo delete is where Delete was");
    let journal = dir.path().join("dmh/games").join(format!("{id}.jsonl"));
    let deleted = dir.path().join("dmh/games/deleted").join(format!("{id}.jsonl"));
    assert!(!journal.exists() && deleted.is_file(), "moved to deleted/");
    press(&mut h, &format!("Undo delete: {line}"));
    assert!(journal.is_file() && !deleted.exists(), "back where it was");
    press(&mut h, &format!("Resume {line}"));
    assert_eq!(game(&h).events, events, "the same game");
}

/// Rulebook line 138: a model shot at "must take an immediate nerve test". The test a shot
/// calls for cannot be put off: it has no "Not now", and the rest of the activation waits
/// behind it until it is taken.
#[test]
fn a_shots_nerve_test_cannot_be_put_off() {
    let (_dir, mut h) = dealt();
    declare(&mut h, &["Shoot", "Shoot"]);
    shoot(&mut h, "Billy Clanton", "12", Some("14"));
    press(&mut h, "Apply: Under fire + nerve test");
    h.get_by_label("Nerve test for Billy Clanton");
    assert!(h.query_by_label("Not now").is_none(), "a required test is not dismissed");
    h.get_by_label("The shot calls for this test now: it is taken before anything else happens.");
    assert!(h.query_by_label("Shot 2 at Billy Clanton").is_none(), "the second shot waits");
    type_in(&mut h, "d10 roll", "7");
    press(&mut h, "Apply the nerve test");
    let billy = model_ref(&h, "Billy Clanton");
    assert_eq!(
        game(&h).events.last(),
        Some(&Event::Nerve { model: billy, needed: 5, roll: 7, to_shoot: None })
    );
    h.get_by_label("Shot 2 at Billy Clanton");
}

/// A d20 typed against one target is not carried to the next: picking another target
/// empties the roll, so no "Apply" stands ready with the old number.
#[test]
fn a_new_target_clears_the_d20_typed_for_the_old_one() {
    let (_dir, mut h) = dealt();
    declare(&mut h, &["Shoot"]);
    shoot(&mut h, "Billy Clanton", "12", Some("14"));
    h.get_by_label("Apply: Under fire + nerve test");
    crate::support::target(&mut h, "Johnny Ringo");
    let roll = h.get_by_role_and_label(Role::TextInput, "d20 roll");
    assert_eq!(roll.value().as_deref(), Some(""), "the roll is typed afresh");
    assert!(h.query_by_label_contains("Apply: ").is_none(), "nothing to apply without a roll");
}

/// Wyatt charges Billy in turn 1 and the fight goes on (Billy takes two markers); turn 2 is
/// dealt from [`DEAL_2`], where Wyatt's Q♥ is the fight's higher card.
fn a_fight_into_turn_2() -> (tempfile::TempDir, App) {
    let (dir, mut h) = dealt();
    declare(&mut h, &["Move"]);
    press(&mut h, "Charge into contact…");
    support::target(&mut h, "Billy Clanton");
    type_in(&mut h, "Wyatt Earp's d10", "6");
    type_in(&mut h, "Billy Clanton's d10", "5");
    press(&mut h, "Apply the fight: Billy Clanton takes 2 markers");
    let rest: Vec<&str> =
        names(&DEAL).into_iter().filter(|n| !["Wyatt Earp", "Billy Clanton"].contains(n)).collect();
    end_activations(&mut h, &rest);
    press(&mut h, "End the turn");
    press(&mut h, "Draw cards and start the next turn");
    deal(&mut h, &DEAL_2);
    (dir, h)
}

#[test]
fn the_higher_card_of_a_fight_may_not_end_its_activation_without_fighting() {
    // Line 190: "Only one roll off is made per turn, taken at the time of the highest
    // initiative card of the combatants"; line 193: "The model with the highest initiative
    // card can choose to either continue the combat (with the +1 bonus) or break off from
    // combat."
    let (_dir, mut h) = a_fight_into_turn_2();
    let why = "Wyatt Earp holds the higher card in the fight with Billy Clanton: fight on with +1, or break off by declaring two moves first";
    assert_eq!(game(&h).must_fight(model_ref(&h, "Wyatt Earp")).as_deref(), Some(why));
    h.get_by_label("Wyatt Earp holds the higher card: fight on with +1.");
    h.run_steps(2);
    assert!(disabled(&h, "End Wyatt Earp's activation"), "the higher card does not pass");
    let end = h.get_by_role_and_label(Role::Button, "End Wyatt Earp's activation").rect();
    // Why, on hover; a click and Ctrl+E do nothing.
    h.get_by_label("End Wyatt Earp's activation").hover();
    h.run_steps(4);
    h.get_by_label(why);
    assert_eq!(
        h.get_by_role_and_label(Role::Button, "End Wyatt Earp's activation").rect(),
        end,
        "in its place"
    );
    let events = game(&h).events.len();
    h.get_by_label("End Wyatt Earp's activation").click();
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::E);
    h.run();
    assert_eq!(game(&h).events.len(), events, "nothing ended");
    assert!(!model(&h, "Wyatt Earp").activated);
    // He fights on: the higher card's +1 and +2 for Billy's two markers.
    h.get_by_label("Wyatt Earp +3 against Billy Clanton +0");
    type_in(&mut h, "Wyatt Earp's d10", "2");
    type_in(&mut h, "Billy Clanton's d10", "5");
    press(&mut h, "Apply the fight: a draw");
    let (wyatt, billy) = (model_ref(&h, "Wyatt Earp"), model_ref(&h, "Billy Clanton"));
    assert_eq!(
        game(&h).events.last(),
        Some(&Event::Fight { a: wyatt, b: billy, a_modifier: 3, b_modifier: 0, a_roll: 2, b_roll: 5 })
    );
    // The roll-off done, the next model's End activation is open.
    assert!(model(&h, "Wyatt Earp").activated, "his activation was the roll-off");
    assert_eq!(order(&h).first().map(String::as_str), Some("Ike Clanton"));
    h.run_steps(2);
    assert!(!disabled(&h, "End Ike Clanton's activation"));
}

#[test]
fn a_quick_shot_takes_the_targets_cover_and_an_obscured_sight_with_its_breakdown() {
    // Line 171: "To hit modifiers are applied to the quick shot (see shooting modifiers) for
    // range, target moving, etc, as normal."
    let (_dir, mut h) = dealt();
    declare(&mut h, &["Move", "Shoot"]);
    press(&mut h, "⚡ The Clanton Gang quick shoot Wyatt Earp…");
    pick(&mut h, "Quick shooter", "Pete Spence");
    type_in(&mut h, "Quick shot distance (cm)", "15");
    h.get_by_label_contains("modifier -2 ·");
    for what in ["Wyatt Earp in cover", "Quick shot obscured"] {
        h.get_by_role_and_label(Role::CheckBox, what).click_accesskit();
        h.run();
    }
    h.get_by_label_contains("modifier -4 ·");
    // The breakdown, as the shot panel gives it.
    h.get_by_label(
        "Target moving (1 move action) -1 · Target behind substantial cover -1 · Target is a Boss -1 · Target obscured by a model's base -1",
    );
    type_in(&mut h, "Quick shot d20 roll", "15");
    h.get_by_label("15 -4 = 11 → Under fire");
    press(&mut h, "Apply the quick shot");
    let quick = fire(&h, "Pete Spence", "Wyatt Earp", -4, 15);
    assert_eq!(game(&h).events.last(), Some(&Event::QuickShot { quick, answer: None }));
}

#[test]
fn each_gang_reads_only_its_own_rule_for_a_shot_at_a_fight() {
    // Line 193: "Models may never normally shoot into Hand-to-hand combats"; lines 328–329,
    // Life Ain't Worth Spit: "Desperados may shoot into hand to hand fights. [...] An even
    // card (2, 4, 6, 8, or 10) indicates a friendly model is hit".
    let dir = support::data_with(&["cowboys-21", "desperados-21"]);
    let mut h = play_on(dir.path());
    start(&mut h, SEED, None);
    deal(&mut h, &support::COWBOYS_DEAL);
    let barred = "Models locked in a fight cannot be shot at.";
    let randomised =
        "Into a fight: on a hit Posse turns your top card; an even number hits your own fighter.";
    // El Jefe charges Cal Tate: a draw, they fight on.
    declare(&mut h, &["Move"]);
    press(&mut h, "Charge into contact…");
    support::target(&mut h, "Cal Tate");
    type_in(&mut h, "El Jefe's d10", "4");
    type_in(&mut h, "Cal Tate's d10", "5");
    press(&mut h, "Apply the fight: a draw");
    assert_eq!(game(&h).fights.len(), 1);
    // The Kid, a Desperado, shoots at Cal Tate in the fight: his gang's rule.
    assert_eq!(order(&h).first().map(String::as_str), Some("The Kid"));
    declare(&mut h, &["Shoot"]);
    shoot(&mut h, "Cal Tate", "12", None);
    h.get_by_label(randomised);
    assert!(h.query_by_label(barred).is_none());
    end_activation(&mut h, "The Kid");
    end_activation(&mut h, "Rufus Slade");
    // The Stranger, of Circle K Outfit, reads only his.
    assert_eq!(order(&h).first().map(String::as_str), Some("The Stranger"));
    declare(&mut h, &["Shoot"]);
    shoot(&mut h, "El Jefe", "12", None);
    h.get_by_label(barred);
    assert!(h.query_by_label(randomised).is_none(), "never the Desperados' rule");
}

#[test]
fn stumble_is_offered_after_the_enemys_move_and_ends_its_activation() {
    // Line 211: Stumble "is played on an enemy model just after it takes a move action. Its
    // turn ends after this move action; it loses any further actions."
    let (_dir, mut h) = dealt();
    declare(&mut h, &["Move", "Shoot"]);
    // Before the move the card waits, and says why.
    support::open_hand(&mut h, CLANTONS);
    press(&mut h, "Play 5♣");
    assert!(disabled(&h, "Play 5♣ now"));
    h.get_by_label("Stumble is played on an enemy model just after it takes a move action.");
    press(&mut h, "Hide hand");
    press(&mut h, "Moved");
    support::open_hand(&mut h, CLANTONS);
    press(&mut h, "Play 5♣");
    assert!(!disabled(&h, "Play 5♣ now"), "right after the move");
    press(&mut h, "Play 5♣ now");
    let law = support::player(&h, LAW);
    press(&mut h, &format!("Pass to the {law} player — tap to trump it or let it stand"));
    h.get_by_label("Tombstone Law hold no card of that value.");
    press(&mut h, "Let it stand");
    let wyatt = model(&h, "Wyatt Earp");
    assert_eq!((wyatt.activated, wyatt.card, wyatt.moves), (true, None, 1), "his activation ended");
    assert!(game(&h).activation.is_none());
    // The panel has moved on to Virgil, who declares: nothing of Wyatt's Shoot is left.
    assert_eq!(order(&h).first().map(String::as_str), Some("Virgil Earp"));
    h.get_by_label("End Virgil Earp's activation");
    h.get_by_label("Declare up to 3 actions");
    assert!(h.query_by_label_contains("Shot 1").is_none());
    assert!(h.query_by_label("▶ 2. Shoot").is_none());
}

#[test]
fn on_a_touch_screen_a_tap_on_the_greyed_end_activation_says_why() {
    // Lines 190 and 193, as above: nothing hovers on a touch screen, so a tap writes it out.
    let (_dir, mut h) = a_fight_into_turn_2();
    posse::ui::theme::touch(&h.ctx);
    h.run_steps(2);
    let why = "Wyatt Earp holds the higher card in the fight with Billy Clanton: fight on with +1, or break off by declaring two moves first";
    assert!(disabled(&h, "End Wyatt Earp's activation"));
    assert!(h.query_by_label(why).is_none(), "said only when asked");
    let end = h.get_by_role_and_label(Role::Button, "End Wyatt Earp's activation").rect();
    h.get_by_role_and_label(Role::Button, "End Wyatt Earp's activation").click();
    h.run();
    h.get_by_label(why);
    assert_eq!(
        h.get_by_role_and_label(Role::Button, "End Wyatt Earp's activation").rect(),
        end,
        "in its place"
    );
    assert!(!model(&h, "Wyatt Earp").activated);
    // Another tap hides it.
    h.get_by_role_and_label(Role::Button, "End Wyatt Earp's activation").click();
    h.run();
    assert!(h.query_by_label(why).is_none());
}

/// Line 292, And Justice For All: "The player may remove a single under fire marker at the end
/// of each turn." At the end of a turn with no Lawman marked, the picker's place says so; once
/// Virgil Earp has a marker he is the only model offered, and using it takes the marker off.
#[test]
fn and_justice_for_all_offers_only_the_models_with_a_marker() {
    let (_dir, mut h) = dealt();
    support::end_activations(&mut h, &support::names(&support::DEAL));
    press(&mut h, "End the turn");
    h.get_by_label("Tombstone Law: And Justice For All");
    h.get_by_label("None of Tombstone Law's models has an under fire marker.");
    assert!(h.query_by_label("And Justice For All: model").is_none(), "no picker with nothing to pick");
    press(&mut h, "One marker on Virgil Earp");
    assert_eq!(model(&h, "Virgil Earp").under_fire, 1);
    assert!(h.query_by_label("None of Tombstone Law's models has an under fire marker.").is_none());
    let lawmen = support::LAW_MODELS;
    let count = |h: &support::App, name: &str| h.get_all_by_role_and_label(Role::Button, name).count();
    let before: Vec<usize> = lawmen.iter().map(|n| count(&h, n)).collect();
    h.get_by_label("And Justice For All: model").click_accesskit();
    h.run();
    let offered: Vec<&str> =
        lawmen.iter().zip(&before).filter(|(n, b)| count(&h, n) > **b).map(|(n, _)| *n).collect();
    assert_eq!(offered, ["Virgil Earp"]);
    h.get_all_by_role_and_label(Role::Button, "Virgil Earp").last().expect("in the list").click_accesskit();
    h.run();
    h.key_press(egui::Key::Escape);
    h.run();
    press(&mut h, "Use And Justice For All");
    assert_eq!(model(&h, "Virgil Earp").under_fire, 0);
}

/// A Showdown ends by itself on its own conditions; the players may also end it by agreement
/// from *End the scene…* (reading D11): the Clantons win, and the game is over.
#[test]
fn a_scene_is_ended_by_agreement_from_its_menu() {
    let dir = support::data_with(&["lawmen-21", "outlaws-21"]);
    let mut h = play_on(dir.path());
    start(&mut h, SEED, Some("Showdown"));
    let clantons = game(&h).sides[CLANTONS].name.clone();
    h.get_by_role_and_label(Role::Button, "End the scene…").click();
    h.run();
    h.get_by_label("Or end it by agreement (time is up, a side concedes):");
    press_button(&mut h, &format!("{clantons} win"));
    assert_eq!(game(&h).phase, Phase::Over);
    let end = game(&h).result.clone().expect("a result");
    assert_eq!((end.winner, end.condition.as_str()), (Some(CLANTONS), "agreed"));
}
