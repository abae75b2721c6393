//! Engine tests for games that declare their activations (edition 1; `tests.rs` pins the
//! games journalled before, edition 0). Each test stages one situation at the table the way a
//! rulebook example does: the models on each side, the initiative card each one holds (typed,
//! as a player with a real deck would), the hand, the dice. It asserts the one result the book
//! gives. Line numbers are those of `dead-mans-hand.txt`; readings (A21, …) are the rules
//! digest's.

use super::*;
use crate::systems::dmh::rules::embedded;
use crate::systems::dmh::rules::shooting::ShotInput;
use Action::{Aim, ChangeWeapon, Move, Recover, Reload, Shoot};

const LAWMEN: &str = include_str!("../../../../../tests/fixtures/lawmen-21.json");
const OUTLAWS: &str = include_str!("../../../../../tests/fixtures/outlaws-21.json");
const COWBOYS: &str = include_str!("../../../../../tests/fixtures/cowboys-21.json");
const DESPERADOS: &str = include_str!("../../../../../tests/fixtures/desperados-21.json");

// Models of the fixture gangs, by their place in the file.
/// Lawmen: the Sheriff, a pistol.
const WYATT: usize = 0;
/// Lawmen: the Marshal, a pistol.
const VIRGIL: usize = 1;
/// Lawmen: a deputy with a pistol.
const MORGAN: usize = 2;
/// Lawmen: a deputy with a shotgun.
const DOC: usize = 3;
/// Lawmen: a deputy with a rifle.
const TURKEY: usize = 4;
/// Lawmen: a deputy with a pistol.
const TEXAS: usize = 5;
/// Lawmen: a deputy with a pistol and a repeater.
const SHERMAN: usize = 6;
/// Outlaws: the Boss, a pistol.
const IKE: usize = 0;
/// Outlaws: dudes with pistols.
const BILLY: usize = 2;
const FRANK: usize = 3;
/// Outlaws: a dude with a shotgun.
const TOM: usize = 4;
/// Cowboys: the Range Boss (5 hits).
const CAL: usize = 0;
/// Cowboys: a cowboy with a pistol (4 hits).
const WES: usize = 5;
/// Desperados: the Boss.
const JEFE: usize = 0;
/// Desperados: a bandit with a pistol.
const RUFUS: usize = 2;

// Models at the table: side A (the good guys) and side B, by their place in the cast.
const A0: ModelRef = ModelRef { side: 0, model: 0 };
const A1: ModelRef = ModelRef { side: 0, model: 1 };
const A2: ModelRef = ModelRef { side: 0, model: 2 };
const A3: ModelRef = ModelRef { side: 0, model: 3 };
const A4: ModelRef = ModelRef { side: 0, model: 4 };
const B0: ModelRef = ModelRef { side: 1, model: 0 };
const B1: ModelRef = ModelRef { side: 1, model: 1 };
const B2: ModelRef = ModelRef { side: 1, model: 2 };
const B3: ModelRef = ModelRef { side: 1, model: 3 };

/// `scene` between two fixture gangs, good guys first (side A), each keeping only the models
/// listed, in that order; the scene's decks, hands and reshuffling.
fn setup(scene: &str, seed: u64, good: (&str, &[usize]), bad: (&str, &[usize])) -> Setup {
    let rules = embedded::rules();
    let sc = rules.scene(scene).expect("a scene");
    let side = |(json, keep): (&str, &[usize]), role: Role| {
        let mut gang: GangFile = serde_json::from_str(json).expect("a fixture gang");
        gang.models = keep.iter().map(|&i| gang.models[i].clone()).collect();
        let s = sc.sides.get(role);
        SideSetup {
            gang,
            role,
            deck: s.deck,
            numbers: if role == Role::Good { Colour::Red } else { Colour::Black },
            hand: s.hand,
            reshuffle: s.reshuffle,
        }
    };
    Setup {
        seed,
        scene: Some(scene.into()),
        sides: [side(good, Role::Good), side(bad, Role::Bad)],
        edition: EDITION,
    }
}

/// A game at the table and the rules it plays by.
struct Table {
    rules: &'static Rules,
    game: Game,
}

impl Table {
    /// See [`setup`]. Both players then type an empty hand, so every card is in the deck to be
    /// dealt as typed; a test that needs a hand types it.
    fn new(scene: &str, seed: u64, good: (&str, &[usize]), bad: (&str, &[usize])) -> Table {
        Table::with(setup(scene, seed, good, bad))
    }

    fn with(setup: Setup) -> Table {
        let mut t = Table { rules: embedded::rules(), game: Game::default() };
        t.ok(Event::Begin(Box::new(setup)));
        t.hand(0, &[]);
        t.hand(1, &[]);
        t
    }

    /// Applies `event`, which must be accepted.
    #[expect(clippy::needless_pass_by_value, reason = "a staged step reads as t.ok(moved(A0))")]
    fn ok(&mut self, event: Event) {
        if let Err(e) = self.game.apply(self.rules, &event) {
            panic!("{event:?} was refused: {e}");
        }
    }

    /// Applies `event`, which must be refused without changing anything; returns the sentence.
    #[expect(clippy::needless_pass_by_value, reason = "a staged step reads as t.refused(moved(A0))")]
    fn refused(&mut self, event: Event) -> String {
        let before = self.game.clone();
        let Err(e) = self.game.apply(self.rules, &event) else {
            panic!("{event:?} was accepted");
        };
        assert_eq!(self.game, before, "a refused event changes nothing");
        e.to_string()
    }

    /// The players type the initiative card each model drew.
    fn deal(&mut self, cards: &[(ModelRef, &str)]) {
        let cards = cards.iter().map(|(r, c)| (*r, card(c))).collect();
        self.ok(Event::DealInitiative { face_up: [None, None], cards: Some(cards) });
    }

    /// Posse deals the initiative cards from the top of the decks.
    fn deal_from_the_top(&mut self) {
        self.ok(Event::DealInitiative { face_up: [None, None], cards: None });
    }

    /// A player types the hand they hold.
    fn hand(&mut self, side: usize, cards: &[&str]) {
        self.ok(Event::SetHand { side, cards: cards.iter().map(|c| card(c)).collect() });
    }

    fn mark(&mut self, model: ModelRef, marker: Marker) {
        self.ok(Event::SetMarker { model, marker });
    }

    fn flag(&mut self, model: ModelRef, flag: Flag) {
        self.mark(model, Marker::Flag(flag, true));
    }

    /// Ends this turn and starts the next.
    fn next_turn(&mut self) {
        self.ok(Event::EndTurn);
        self.ok(Event::NextTurn);
    }

    fn model(&self, r: ModelRef) -> &Model {
        self.game.model_at(r).expect("a model")
    }

    /// The model whose card is up.
    fn current(&self) -> Option<ModelRef> {
        self.game.order().ok().and_then(|o| o.first().copied())
    }

    fn steps(&self, r: ModelRef) -> Vec<Step> {
        self.game.activation_of(r).map(|a| a.steps.clone()).unwrap_or_default()
    }

    fn next_action(&self, r: ModelRef) -> Option<Action> {
        self.game.activation_of(r).and_then(Activation::next)
    }

    fn last_line(&self) -> &str {
        self.game.lines.last().map_or("", String::as_str)
    }

    /// The modifier the shot panel works out for `shooter`'s next shot from its declaration
    /// alone: the gun in hand at close range (15 cm), no other modifier.
    fn declared_modifier(&self, shooter: ModelRef) -> i32 {
        let c = self.game.shot_context(shooter);
        let input = ShotInput {
            weapon: self.model(shooter).in_hand().into(),
            shot: c.shot,
            aims: c.aims,
            shooter_moves: c.shooter_moves,
            ..ShotInput::default()
        };
        shooting::assess(self.rules, &input).expect("a legal shot").modifier
    }
}

fn card(code: &str) -> Card {
    code.parse().expect("a card code")
}

fn declare(model: ModelRef, actions: &[Action]) -> Event {
    Event::Declare { model, actions: actions.to_vec() }
}

fn moved(model: ModelRef) -> Event {
    Event::Move { model, halted: false }
}

/// A move that stops within 2 cm of an enemy.
fn halted(model: ModelRef) -> Event {
    Event::Move { model, halted: true }
}

fn shot(shooter: ModelRef, target: ModelRef, roll: u32) -> Event {
    Event::Shot { shooter, target, modifier: 0, roll, weapon: None, duck_back: false }
}

fn shot_with(shooter: ModelRef, target: ModelRef, roll: u32, weapon: &str) -> Event {
    Event::Shot { shooter, target, modifier: 0, roll, weapon: Some(weapon.into()), duck_back: false }
}

/// A shot the target ducks back from.
fn ducked(shooter: ModelRef, target: ModelRef, roll: u32) -> Event {
    Event::Shot { shooter, target, modifier: 0, roll, weapon: None, duck_back: true }
}

fn fire(shooter: ModelRef, target: ModelRef, roll: u32) -> Fire {
    Fire { shooter, target, modifier: 0, roll, weapon: None }
}

fn quick(quick: Fire, answer: Option<Fire>) -> Event {
    Event::QuickShot { quick, answer }
}

fn nerve(model: ModelRef, needed: u32, roll: u32) -> Event {
    Event::Nerve { model, needed, roll, to_shoot: None }
}

/// A nerve test to be allowed to shoot `target`.
fn nerve_to_shoot(model: ModelRef, target: ModelRef, needed: u32, roll: u32) -> Event {
    Event::Nerve { model, needed, roll, to_shoot: Some(target) }
}

/// `a` charges (or fights on with) `b`: the starter's +1 and both rolls.
fn charge(a: ModelRef, b: ModelRef, a_roll: u32, b_roll: u32) -> Event {
    Event::Fight { a, b, a_modifier: 1, b_modifier: 0, a_roll, b_roll }
}

fn end(model: ModelRef) -> Event {
    Event::EndActivation { model, moves: 0 }
}

fn skip(model: ModelRef) -> Event {
    Event::SkipAction { model }
}

fn call(side: usize, code: &str) -> Event {
    Event::CallReinforcements { side, card: card(code) }
}

// ---------------------------------------------------------------------------------------
// 1. Declaring (lines 73–74 and the limits of the scenes and cards)

/// Wyatt Earp (pistol), Doc Holliday (shotgun), Turkey Creek (rifle) and Sherman (pistol
/// and repeater) against Ike Clanton and Billy Clanton. `markers` go on `who` before
/// the deal; `who` then holds the ace of its suit and acts first, and the others follow in
/// the order listed (10♥, 9♥, 8♥, 7♥ for the Lawmen, then 6♠, 5♠ for the Outlaws).
fn first_to_act(who: ModelRef, markers: &[Marker]) -> Table {
    let mut t =
        Table::new("showdown", 101, (LAWMEN, &[WYATT, DOC, TURKEY, SHERMAN]), (OUTLAWS, &[IKE, BILLY]));
    for m in markers {
        t.mark(who, *m);
    }
    let low = [["10H", "9H", "8H", "7H"].as_slice(), ["6S", "5S"].as_slice()];
    let mut cards = Vec::new();
    for (side, codes) in low.iter().enumerate() {
        for (model, code) in codes.iter().enumerate() {
            let r = ModelRef { side, model };
            cards.push((r, if r == who { ["AH", "AS"][side] } else { *code }));
        }
    }
    t.deal(&cards);
    assert_eq!(t.current(), Some(who));
    t
}

/// What `who` may declare with `markers` on it: accepted (`None`), or refused with that
/// sentence, alike by the query the declaration panel asks and by the event.
fn check(who: ModelRef, markers: &[Marker], actions: &[Action], expected: Option<&str>) {
    let mut t = first_to_act(who, markers);
    assert_eq!(t.game.declaration_problem(t.rules, who, actions).as_deref(), expected, "{actions:?}");
    match expected {
        None => t.ok(declare(who, actions)),
        Some(why) => assert_eq!(t.refused(declare(who, actions)), why, "{actions:?}"),
    }
}

const DRUNK: Marker = Marker::Flag(Flag::Drunk, true);
const LOOT: Marker = Marker::Flag(Flag::Loot, true);
const WOUNDED: Marker = Marker::Flag(Flag::Wounded, true);
const HOSTAGE: Marker = Marker::Flag(Flag::Hostage, true);
const EMPTY: Marker = Marker::OutOfAmmo(true);

#[test]
fn a_model_declares_up_to_three_actions() {
    // Any mix of up to three (line 74).
    check(A0, &[], &[Move, Aim, Shoot], None);
    check(A0, &[], &[Move, Move, Move], None);
    check(A0, &[], &[Shoot, Shoot, Shoot], None);
    check(A0, &[], &[Recover, Recover, Move], None);
    check(A0, &[], &[Move, Move, Aim, Shoot], Some("Wyatt Earp has 3 actions, and these take 4"));
    check(A0, &[], &[], Some("declare at least one action, or end the activation"));
    // Drunk and complacent: two actions (line 372).
    check(A0, &[DRUNK], &[Move, Shoot], None);
    check(A0, &[DRUNK], &[Move, Aim, Shoot], Some("Wyatt Earp has 2 actions, and these take 3"));
    // A loot carrier: three actions, one or two moves, and a reload takes two (line 627).
    check(A0, &[LOOT], &[Move, Move, Shoot], None);
    check(A0, &[LOOT], &[Move, Move, Move], Some("Wyatt Earp may take at most 2 moves"));
    check(A0, &[LOOT], &[Reload, Shoot], None);
    check(A0, &[LOOT], &[Reload, Move, Shoot], Some("Wyatt Earp has 3 actions, and these take 4"));
    // The wounded man: up to two moves (line 561).
    check(A0, &[WOUNDED], &[Move, Move, Shoot], None);
    check(A0, &[WOUNDED], &[Move, Move, Move], Some("Wyatt Earp may take at most 2 moves"));
    // A hostage holder: no aim, one move, no reload (line 245).
    check(B0, &[HOSTAGE], &[Move, Shoot, Shoot], None);
    check(B0, &[HOSTAGE], &[Move, Move], Some("Ike Clanton may take at most 1 move"));
    check(B0, &[HOSTAGE], &[Aim, Shoot], Some("Ike Clanton may not aim"));
    check(B0, &[HOSTAGE], &[Reload, Shoot], Some("Ike Clanton may not reload while holding a hostage"));
}

#[test]
fn aims_come_before_a_shot_and_no_more_than_the_gun_allows() {
    // An aim helps the following shot only, rifles may aim twice, shotguns not at all
    // (line 92); a move may come between the aim and its shot (A20).
    check(A2, &[], &[Aim, Aim, Shoot], None);
    check(A2, &[], &[Aim, Aim, Aim], Some("Turkey Creek's guns take at most 2 aims before a shot"));
    check(A0, &[], &[Aim, Aim, Shoot], Some("Wyatt Earp's guns take at most 1 aim before a shot"));
    check(A0, &[], &[Aim, Move, Shoot], None);
    check(
        A0,
        &[],
        &[Aim, Shoot, Aim],
        Some("an aim helps only the shot after it: declare a shot after each aim"),
    );
    check(A1, &[], &[Aim, Shoot], Some("Doc Holliday may not aim"));
    // Shots a turn (the weapons table), and a change of weapon (line 96).
    check(A2, &[], &[Shoot, Shoot], Some("Turkey Creek's guns fire at most 1 shot a turn"));
    check(A1, &[], &[Shoot, Shoot, Shoot], Some("Doc Holliday's guns fire at most 2 shots a turn"));
    check(A3, &[], &[ChangeWeapon, Shoot, Shoot], None);
    check(A0, &[], &[ChangeWeapon, Shoot], Some("Wyatt Earp carries no other gun to change to"));
    // Out of ammo from an earlier turn: reload before shooting again (line 136).
    check(A0, &[EMPTY], &[Shoot], Some("Wyatt Earp is out of ammo: declare a reload before the shots"));
    check(
        A0,
        &[EMPTY],
        &[Shoot, Reload],
        Some("Wyatt Earp is out of ammo: declare a reload before the shots"),
    );
    check(A0, &[EMPTY], &[Reload, Shoot, Shoot], None);
    check(A0, &[EMPTY], &[Move, Move], None);
}

#[test]
fn the_limits_are_explained_in_words() {
    let limits = |markers: &[Marker]| first_to_act(A0, markers).game.limits(embedded::rules(), A0);
    assert_eq!(limits(&[DRUNK]).reasons, ["Drunk: 2 actions."]);
    let loot = limits(&[LOOT]);
    assert_eq!((loot.actions, loot.moves, loot.reload_cost), (3, 2, 2));
    assert_eq!(loot.reasons, ["Carries loot: at most two moves, and a reload takes two actions."]);
    let t = first_to_act(A1, &[]);
    assert_eq!(t.game.limits(t.rules, A1).reasons, ["A shotgun may not aim."]);
    let t = first_to_act(A3, &[]);
    assert!(t.game.limits(t.rules, A3).can_change);
}

#[test]
fn the_outlaws_hostage_card_limits_its_holder_like_the_flag() {
    let mut t = first_to_act(B0, &[]);
    t.hand(1, &["QS"]);
    t.ok(Event::Play { side: 1, card: card("QS"), targets: vec![B0] });
    t.ok(Event::Settle);
    assert!(t.game.holds_hostage(t.rules, B0));
    assert_eq!(t.refused(declare(B0, &[Aim, Shoot])), "Ike Clanton may not aim");
    assert_eq!(t.refused(declare(B0, &[Move, Move])), "Ike Clanton may take at most 1 move");
    t.ok(declare(B0, &[Move, Shoot, Shoot]));
}

#[test]
fn only_the_model_whose_card_is_up_declares_and_only_once() {
    let mut t = first_to_act(A0, &[]);
    assert_eq!(t.refused(declare(B1, &[Move])), "it is not Billy Clanton's turn to act");
    t.ok(declare(A0, &[Move, Shoot]));
    assert_eq!(t.last_line(), "Turn 1 · Wyatt Earp (A♥) declares: move, shoot");
    assert_eq!(t.refused(declare(A0, &[Shoot])), "Wyatt Earp has already declared");
    assert_eq!(t.refused(declare(A1, &[Shoot])), "finish Wyatt Earp's activation first");
    assert_eq!(t.refused(end(A1)), "finish Wyatt Earp's activation first");
    t.ok(end(A0));
    assert_eq!(t.refused(declare(A0, &[Shoot])), "Wyatt Earp has already activated this turn");
    t.mark(A1, Marker::OutOfAction(true));
    assert_eq!(t.refused(declare(A1, &[Shoot])), "Doc Holliday is out of action");
}

// ---------------------------------------------------------------------------------------
// 2. Carrying the declaration out, in order

#[test]
fn declared_actions_are_carried_out_in_their_order() {
    // Crazy Joe moves, aims and fires (line 73).
    let mut t = first_to_act(A0, &[]);
    t.ok(declare(A0, &[Move, Aim, Shoot]));
    assert_eq!(t.refused(shot(A0, B0, 12)), "Wyatt Earp declared move next, not shoot");
    assert_eq!(t.refused(Event::Reload { model: A0 }), "Wyatt Earp declared move next, not reload");
    assert_eq!(t.refused(Event::Recover { model: A0 }), "Wyatt Earp declared move next, not recover");
    t.ok(moved(A0));
    assert_eq!(t.next_action(A0), Some(Shoot), "the aim is counted by the shot after it");
    assert_eq!(t.game.shot_context(A0), ShotContext { shot: 1, aims: 1, shooter_moves: 1 });
    t.ok(shot(A0, B0, 12));
    assert_eq!(t.steps(A0), [Step::Done, Step::Done, Step::Done]);
    assert!(t.game.activation_of(A0).is_some_and(Activation::finished));
    // There is no fourth action.
    assert_eq!(t.refused(moved(A0)), "Wyatt Earp has no move left among its declared actions");
    assert_eq!(t.refused(shot(A0, B0, 12)), "Wyatt Earp has no shoot left among its declared actions");
    t.ok(end(A0));
    assert_eq!(t.model(A0).moves, 1, "one move marker per move taken (line 84)");
    assert!(t.game.activation.is_none());
    assert_eq!(t.game.sides[0].discard.last(), Some(&card("AH")));
}

#[test]
fn an_aim_helps_only_the_next_shot_and_two_declared_moves_cost_one() {
    // Aims once, fires twice: +1 on the first shot only (line 92).
    let mut t = first_to_act(A0, &[]);
    t.ok(declare(A0, &[Aim, Shoot, Shoot]));
    assert_eq!(t.game.shot_context(A0), ShotContext { shot: 1, aims: 1, shooter_moves: 0 });
    assert_eq!(t.declared_modifier(A0), 1);
    t.ok(shot(A0, B0, 5));
    assert_eq!(t.game.shot_context(A0), ShotContext { shot: 2, aims: 0, shooter_moves: 0 });
    assert_eq!(t.declared_modifier(A0), -1, "a second shot, not aimed");
    // Fires, then moves twice: -1 for the two moves all the same (line 114).
    let mut t = first_to_act(A0, &[]);
    t.ok(declare(A0, &[Shoot, Move, Move]));
    assert_eq!(t.game.shot_context(A0), ShotContext { shot: 1, aims: 0, shooter_moves: 2 });
    assert_eq!(t.declared_modifier(A0), -1);
    // Fires, aims, fires: the aim is the second shot's.
    let mut t = first_to_act(A0, &[]);
    t.ok(declare(A0, &[Shoot, Aim, Shoot]));
    assert_eq!(t.game.shot_context(A0).aims, 0);
    t.ok(shot(A0, B0, 5));
    assert_eq!(t.game.shot_context(A0), ShotContext { shot: 2, aims: 1, shooter_moves: 0 });
    assert_eq!(t.declared_modifier(A0), 0);
    // A rifle aimed twice: +2 (line 92).
    let mut t = first_to_act(A2, &[]);
    t.ok(declare(A2, &[Aim, Aim, Shoot]));
    assert_eq!(t.declared_modifier(A2), 2);
}

#[test]
fn a_move_that_halts_near_an_enemy_loses_the_other_moves_but_not_a_charge() {
    // The later declared moves are lost, the other actions are not (line 88).
    let mut t = first_to_act(A0, &[]);
    t.ok(declare(A0, &[Move, Move, Shoot]));
    t.ok(halted(A0));
    assert_eq!(t.last_line(), "Turn 1 · Wyatt Earp moves and stops within 2 cm of an enemy");
    assert_eq!(t.next_action(A0), Some(Shoot), "the lost move is passed over");
    assert!(t.game.activation_of(A0).is_some_and(Activation::charge_left), "a charge may use it");
    assert_eq!(t.refused(moved(A0)), "Wyatt Earp declared shoot next, not move");
    t.ok(shot(A0, B0, 5));
    assert_eq!(t.steps(A0), [Step::Done, Step::Lost, Step::Done]);
    t.ok(end(A0));
    assert_eq!(t.model(A0).moves, 1);
    // The book's example: one move to within 2 cm of the target, the second into contact.
    let mut t = first_to_act(A0, &[]);
    t.ok(declare(A0, &[Move, Move]));
    t.ok(halted(A0));
    t.ok(charge(A0, B0, 6, 5));
    assert_eq!(t.model(B0).under_fire, 2, "7 against 5");
    assert!(t.game.fight_of(A0).is_some_and(|f| f.involves(B0)));
    assert_eq!(t.model(A0).moves, 2);
}

#[test]
fn a_natural_one_loses_the_other_shots_until_a_reload_in_a_later_turn() {
    // No more shots this turn, whatever was declared, and a reload before the next (line 136).
    let mut t = first_to_act(A0, &[]);
    t.ok(declare(A0, &[Shoot, Shoot, Shoot]));
    t.ok(shot(A0, B0, 1));
    assert!(t.model(A0).out_of_ammo);
    assert_eq!(t.next_action(A0), None, "the other shots are lost");
    assert_eq!(t.refused(shot(A0, B0, 12)), "Wyatt Earp is out of ammo and must reload first");
    t.ok(end(A0));
    t.next_turn();
    t.deal(&[(A0, "KH"), (A1, "6H"), (A2, "5H"), (A3, "4H"), (B0, "QS"), (B1, "3S")]);
    assert_eq!(
        t.refused(declare(A0, &[Shoot])),
        "Wyatt Earp is out of ammo: declare a reload before the shots"
    );
    t.ok(declare(A0, &[Reload, Shoot]));
    t.ok(Event::Reload { model: A0 });
    assert!(!t.model(A0).out_of_ammo);
    assert_eq!(t.last_line(), "Turn 2 · Wyatt Earp reloads");
    t.ok(shot(A0, B0, 12));
    // A reload declared after the empty gun in the same turn does not bring the shots back.
    let mut t = first_to_act(A0, &[]);
    t.ok(declare(A0, &[Shoot, Reload, Shoot]));
    t.ok(shot(A0, B0, 1));
    assert_eq!(t.next_action(A0), Some(Reload));
    t.ok(Event::Reload { model: A0 });
    assert_eq!(t.refused(shot(A0, B0, 12)), "Wyatt Earp has no shoot left among its declared actions");
}

#[test]
fn a_change_of_weapon_puts_the_other_gun_in_hand() {
    // Line 96: Sherman McMaster carries a pistol and a repeater.
    let mut t = first_to_act(A3, &[]);
    t.ok(declare(A3, &[Shoot, ChangeWeapon, Shoot]));
    assert_eq!(t.model(A3).in_hand(), "pistol");
    assert_eq!(
        t.refused(shot_with(A3, B0, 12, "repeater")),
        "Sherman McMaster has the pistol in hand: declare a change of weapon first"
    );
    t.ok(shot_with(A3, B0, 5, "pistol"));
    let rifle = Event::ChangeWeapon { model: A3, weapon: "rifle".into() };
    assert_eq!(t.refused(rifle), "Sherman McMaster does not carry a rifle");
    t.ok(Event::ChangeWeapon { model: A3, weapon: "repeater".into() });
    assert_eq!(t.last_line(), "Turn 1 · Sherman McMaster changes to the repeater");
    assert_eq!(t.model(A3).in_hand(), "repeater");
    assert_eq!(
        t.refused(shot_with(A3, B0, 12, "pistol")),
        "Sherman McMaster has the repeater in hand: declare a change of weapon first"
    );
    t.ok(shot_with(A3, B0, 12, "repeater"));
}

#[test]
fn a_recover_is_one_declared_action() {
    // One marker off for each recover action (line 98).
    let mut t = first_to_act(A0, &[Marker::UnderFire(2)]);
    assert_eq!(t.refused(Event::Recover { model: A0 }), "Wyatt Earp has not declared its actions");
    t.ok(declare(A0, &[Recover, Shoot]));
    t.ok(Event::Recover { model: A0 });
    assert_eq!(t.model(A0).under_fire, 1);
    assert_eq!(t.steps(A0), [Step::Done, Step::Pending]);
    assert_eq!(t.refused(Event::Recover { model: A0 }), "Wyatt Earp declared shoot next, not recover");
    t.ok(shot(A0, B0, 5));
    assert_eq!(
        t.refused(Event::Recover { model: A0 }),
        "Wyatt Earp has no recover left among its declared actions"
    );
}

#[test]
fn a_declared_action_may_be_given_up() {
    // The move of aim, move, shoot is given up: the aim still helps the shot.
    let mut t = first_to_act(A0, &[]);
    t.ok(declare(A0, &[Aim, Move, Shoot]));
    t.ok(skip(A0));
    assert_eq!(t.last_line(), "Turn 1 · Wyatt Earp gives up its move");
    assert_eq!(t.next_action(A0), Some(Shoot));
    assert_eq!(t.game.shot_context(A0).aims, 1);
    t.ok(shot(A0, B0, 5));
    assert_eq!(t.refused(skip(A0)), "Wyatt Earp has no declared action left");
    t.ok(end(A0));
    assert_eq!(t.model(A0).moves, 0, "no move taken, no move marker");
    // The first shot of aim, shoot, shoot is given up, and its aim with it.
    let mut t = first_to_act(A0, &[]);
    t.ok(declare(A0, &[Aim, Shoot, Shoot]));
    t.ok(skip(A0));
    assert_eq!(t.last_line(), "Turn 1 · Wyatt Earp gives up its shoot");
    assert_eq!(t.steps(A0), [Step::Lost, Step::Lost, Step::Pending]);
    assert_eq!(t.game.shot_context(A0), ShotContext { shot: 1, aims: 0, shooter_moves: 0 });
}

#[test]
fn the_move_markers_are_the_moves_taken() {
    // Line 84: one move marker per move action taken, whatever the event says.
    let mut t = first_to_act(A0, &[]);
    t.ok(declare(A0, &[Move, Move, Shoot]));
    t.ok(moved(A0));
    t.ok(moved(A0));
    t.ok(Event::EndActivation { model: A0, moves: 0 });
    assert_eq!(t.model(A0).moves, 2);
    // Doc declares nothing and ends: no move was taken.
    assert_eq!(t.current(), Some(A1));
    t.ok(Event::EndActivation { model: A1, moves: 3 });
    assert_eq!(t.model(A1).moves, 0);
}

#[test]
fn ending_the_turn_closes_an_activation_left_open() {
    let mut t = first_to_act(A0, &[]);
    t.ok(declare(A0, &[Move, Shoot]));
    t.ok(Event::EndTurn);
    assert!(t.game.activation.is_none());
}

// ---------------------------------------------------------------------------------------
// 3. Duck back (lines 160–163, 215, 303)

#[test]
fn a_duck_back_burns_the_targets_activation_once_per_shooter() {
    let mut t = first_to_act(A0, &[]);
    t.ok(declare(A0, &[Shoot, Shoot]));
    t.ok(ducked(A0, B0, 12));
    assert_eq!(
        t.last_line(),
        "Turn 1 · Ike Clanton ducks back; Wyatt Earp (A♥) shoots Ike Clanton: 12 +0 = 12, under fire"
    );
    let ike = t.model(B0);
    assert!(ike.activated && ike.card.is_none(), "his activation is burnt");
    assert_eq!((ike.moves, ike.burnt, ike.under_fire), (1, Some(card("6S")), 1), "it counts as a move");
    assert_eq!(t.game.sides[1].discard.last(), Some(&card("6S")));
    // Only one duck back against one shooter (line 161).
    assert_eq!(
        t.refused(ducked(A0, B1, 12)),
        "a model has already ducked back from Wyatt Earp's shots this activation"
    );
    t.ok(shot(A0, B1, 12));
    t.ok(end(A0));
    // A model that has acted cannot duck back.
    t.ok(declare(A1, &[Shoot]));
    assert_eq!(t.refused(ducked(A1, B0, 12)), "Ike Clanton has already activated this turn");
}

#[test]
fn the_quick_and_the_dead_cancels_a_duck_back_and_leaves_no_move_marker() {
    // Card 7 (line 215): the duck back is cancelled, the activation is not burnt.
    let mut t = first_to_act(A0, &[]);
    t.hand(0, &["7D"]);
    t.ok(declare(A0, &[Shoot]));
    t.ok(ducked(A0, B0, 5));
    t.ok(Event::Play { side: 0, card: card("7D"), targets: vec![] });
    t.ok(Event::Settle);
    t.ok(Event::RestoreActivation { model: B0, cancelled: true });
    assert_eq!(t.last_line(), "Turn 1 · Ike Clanton gets its activation and its 6♠ back");
    let ike = t.model(B0);
    assert!(!ike.activated);
    assert_eq!((ike.card, ike.moves, ike.spent), (Some(card("6S")), 0, 0));
    assert_eq!(t.game.limits(t.rules, B0).actions, 3);
}

#[test]
fn above_snakes_keeps_the_activation_and_counts_the_duck_back_as_one_move_action() {
    // Line 303, A31: the duck back is one action taken, with its move marker.
    let mut t = first_to_act(A0, &[]);
    t.ok(declare(A0, &[Shoot]));
    t.ok(ducked(A0, B0, 5));
    t.ok(Event::UseAbility { side: 1, ability: AbilityId::AboveSnakes, targets: vec![B0], card: None });
    t.ok(nerve(B0, 2, 6));
    t.ok(Event::RestoreActivation { model: B0, cancelled: false });
    let ike = t.model(B0);
    assert!(!ike.activated);
    assert_eq!((ike.card, ike.moves, ike.spent), (Some(card("6S")), 1, 1));
    let limits = t.game.limits(t.rules, B0);
    assert_eq!(limits.actions, 2);
    assert_eq!(limits.reasons, ["Already used 1 action this turn."]);
    for r in [A0, A1, A2, A3] {
        t.ok(end(r));
    }
    assert_eq!(t.current(), Some(B0));
    assert_eq!(t.refused(declare(B0, &[Move, Move, Shoot])), "Ike Clanton has 2 actions, and these take 3");
    t.ok(declare(B0, &[Move, Shoot]));
    t.ok(moved(B0));
    assert_eq!(t.game.shot_context(B0).shooter_moves, 2, "the duck back and the move: -1 (A31)");
    t.ok(shot(B0, A0, 5));
    t.ok(end(B0));
    assert_eq!(t.model(B0).moves, 2, "a marker for the duck back and one for the move");
}

// ---------------------------------------------------------------------------------------
// 4. Quick shots (lines 164–171)

#[test]
fn a_quick_shot_comes_from_one_enemy_that_has_not_acted() {
    let mut t = Table::new("showdown", 104, (LAWMEN, &[WYATT, VIRGIL]), (OUTLAWS, &[IKE, BILLY, FRANK, TOM]));
    t.flag(B2, Flag::Surprised);
    t.mark(B3, Marker::OutOfAmmo(true));
    t.deal(&[(A0, "AH"), (A1, "2H"), (B0, "KS"), (B1, "QS"), (B2, "JS"), (B3, "10S")]);
    t.ok(declare(A0, &[Move, Shoot]));
    assert_eq!(t.game.quick_shooters(t.rules, 1), [B0, B1]);
    assert_eq!(
        t.refused(quick(fire(B2, A0, 12), None)),
        "Frank McLaury is surprised: no duck back or quick shot this turn"
    );
    assert_eq!(t.refused(quick(fire(B3, A0, 12), None)), "Tom McLaury is out of ammo and must reload first");
    assert_eq!(
        t.refused(quick(fire(B0, A1, 12), None)),
        "a quick shot answers the model acting, not Virgil Earp"
    );
    assert_eq!(t.refused(quick(fire(A1, A0, 12), None)), "Wyatt Earp is on the shooter's own side");
    // As Wyatt moves, Ike quick shoots him: at any point of the move (line 170).
    t.ok(quick(fire(B0, A0, 12), None));
    assert_eq!(t.model(A0).under_fire, 1);
    assert!(t.model(B0).activated && t.model(B0).card.is_none(), "Ike burns his activation");
    // One quick shot per enemy activation, for the whole side (line 166, A21).
    assert_eq!(
        t.refused(quick(fire(B1, A0, 12), None)),
        "The Clanton Gang have already quick shot during this activation"
    );
    assert!(t.game.quick_shooters(t.rules, 1).is_empty());
    t.ok(moved(A0));
    t.ok(shot(A0, B1, 5));
    t.ok(end(A0));
    // Billy's activation: Wyatt has acted, Virgil has not.
    assert_eq!(t.current(), Some(B1));
    t.ok(declare(B1, &[Shoot]));
    assert_eq!(t.game.quick_shooters(t.rules, 0), [A1]);
    assert_eq!(t.refused(quick(fire(A0, B1, 12), None)), "Wyatt Earp has already activated this turn");
    t.ok(quick(fire(A1, B1, 12), None));
}

#[test]
fn close_range_quick_shots_are_simultaneous_and_two_last_men_falling_is_a_draw() {
    // Showdown with one man a side (lines 169, 651).
    let mut t = Table::new("showdown", 105, (LAWMEN, &[WYATT]), (OUTLAWS, &[IKE]));
    t.deal(&[(A0, "AH"), (B0, "KS")]);
    t.ok(declare(A0, &[Shoot]));
    t.ok(quick(fire(B0, A0, 20), Some(fire(A0, B0, 19))));
    assert!(t.model(A0).out_of_action && t.model(B0).out_of_action, "both shots resolve");
    let end = t.game.result.clone().expect("the scene is over");
    assert_eq!((end.winner, end.condition.as_str()), (None, "simultaneous"));
    assert_eq!(t.game.phase, Phase::Over);
    assert!(
        t.last_line().ends_with(
            "; at the same time Wyatt Earp (A♥) shoots Ike Clanton: 19 +0 = 19, out of action; \
             Ike Clanton is out of action"
        ),
        "{}",
        t.last_line()
    );
}

#[test]
fn the_answer_to_a_quick_shot_lands_even_when_the_shooter_falls() {
    let mut t = Table::new("showdown", 106, (LAWMEN, &[WYATT, VIRGIL]), (OUTLAWS, &[IKE, BILLY]));
    t.deal(&[(A0, "AH"), (A1, "2H"), (B0, "KS"), (B1, "3S")]);
    t.ok(declare(A0, &[Move, Shoot, Shoot]));
    assert_eq!(
        t.refused(quick(fire(B0, A0, 20), Some(fire(A0, B0, 12)))),
        "Wyatt Earp declared move next, not shoot",
        "the answer is the acting model's next declared shot"
    );
    assert_eq!(
        t.refused(quick(fire(B0, A0, 20), Some(fire(A1, B0, 12)))),
        "the shot answered must be the acting model's"
    );
    t.ok(moved(A0));
    t.ok(quick(fire(B0, A0, 20), Some(fire(A0, B0, 12))));
    assert!(t.model(A0).out_of_action);
    assert_eq!(t.model(B0).under_fire, 1, "Wyatt's shot was rolled at the same time");
    assert!(t.game.activation.is_none(), "Wyatt's other declared shot is lost");
    assert_eq!(t.game.result, None);
    assert_eq!(t.refused(shot(A0, B1, 12)), "Wyatt Earp is out of action");
}

// ---------------------------------------------------------------------------------------
// 5. The Hostage (line 245, A44)

#[test]
fn a_hostage_holder_is_shot_only_after_a_nerve_test_and_loses_the_hostage_when_hit() {
    let mut t = Table::new("showdown", 107, (LAWMEN, &[WYATT, VIRGIL]), (OUTLAWS, &[IKE, BILLY]));
    t.hand(1, &["QS"]);
    t.deal(&[(B0, "AS"), (A1, "KH"), (A0, "QH"), (B1, "2S")]);
    // Ike grabs a bystander as his shield.
    t.ok(declare(B0, &[Move, Shoot]));
    t.ok(Event::Play { side: 1, card: card("QS"), targets: vec![B0] });
    t.ok(Event::Settle);
    assert!(t.game.holds_hostage(t.rules, B0));
    t.ok(end(B0));
    // Virgil fails the nerve test to shoot at him: a marker, and no shot at Ike (A14).
    t.ok(declare(A1, &[Shoot]));
    let refusal = "Ike Clanton holds a hostage: pass a nerve test before shooting at him";
    assert_eq!(t.refused(shot(A1, B0, 12)), refusal);
    assert_eq!(
        t.refused(nerve_to_shoot(A0, B0, 2, 6)),
        "Wyatt Earp tests to shoot only during its own activation"
    );
    t.ok(nerve_to_shoot(A1, B0, 3, 2));
    assert_eq!(t.model(A1).under_fire, 1);
    assert_eq!(t.refused(shot(A1, B0, 12)), refusal);
    t.ok(shot(A1, B1, 5));
    t.ok(end(A1));
    // Wyatt passes it: a miss leaves Ike his hostage, a hit frees it.
    t.ok(declare(A0, &[Shoot, Shoot]));
    t.ok(nerve_to_shoot(A0, B0, 2, 6));
    t.ok(shot(A0, B0, 8));
    assert!(t.game.holds_hostage(t.rules, B0));
    t.ok(shot(A0, B0, 12));
    assert!(!t.game.holds_hostage(t.rules, B0));
    assert!(t.game.in_play.is_empty());
    assert_eq!(t.game.sides[1].discard.last(), Some(&card("QS")));
    // And the shot at a hostage holder is at -2.
    let plain = shooting::assess(t.rules, &ShotInput::default()).expect("a shot").modifier;
    let shield = ShotInput { hostage: true, ..ShotInput::default() };
    assert_eq!(shooting::assess(t.rules, &shield).expect("a shot").modifier - plain, -2);
}

#[test]
fn desperados_shoot_at_a_hostage_holder_without_a_nerve_test() {
    // Life Ain't Worth Spit (line 336).
    let mut t = Table::new("showdown", 108, (COWBOYS, &[CAL, WES]), (DESPERADOS, &[JEFE, RUFUS]));
    t.flag(A1, Flag::Hostage);
    t.deal(&[(B0, "AC"), (A0, "KD"), (A1, "2D"), (B1, "3S")]);
    t.ok(declare(B0, &[Shoot]));
    t.ok(shot(B0, A1, 12));
    assert!(!t.model(A1).has(Flag::Hostage), "hit, Wes Hollis loses his hostage");
}

// ---------------------------------------------------------------------------------------
// 6. Off the table (lines 429, 442–451)

#[test]
fn models_off_the_table_are_neither_shot_charged_targeted_nor_activated() {
    for flag in [Flag::OffTable, Flag::Hidden, Flag::Reinforcement] {
        let mut t = Table::new("showdown", 109, (LAWMEN, &[WYATT]), (OUTLAWS, &[IKE, BILLY]));
        t.hand(0, &["QH"]);
        t.flag(B1, flag);
        let deal = Event::DealInitiative {
            face_up: [None, None],
            cards: Some(vec![(A0, card("AH")), (B0, card("KS")), (B1, card("QS"))]),
        };
        assert_eq!(t.refused(deal), "Billy Clanton gets no initiative card this turn", "{flag:?}");
        t.deal(&[(A0, "AH"), (B0, "KS")]);
        assert_eq!(t.refused(declare(B1, &[Move])), "Billy Clanton is not on the table", "{flag:?}");
        assert_eq!(t.refused(quick(fire(B1, A0, 12), None)), "Billy Clanton is not on the table", "{flag:?}");
        t.ok(declare(A0, &[Move, Shoot]));
        assert_eq!(t.refused(charge(A0, B1, 6, 5)), "Billy Clanton is not on the table", "{flag:?}");
        t.ok(moved(A0));
        assert_eq!(
            t.refused(shot(A0, B1, 12)),
            "Billy Clanton is not on the table and cannot be shot",
            "{flag:?}"
        );
        let long_arm = |target| Event::Play { side: 0, card: card("QH"), targets: vec![target] };
        assert_eq!(t.refused(long_arm(B1)), "Billy Clanton is not on the table", "{flag:?}");
        t.ok(long_arm(B0));
    }
}

#[test]
fn this_towns_boss_comes_into_play_the_turn_after_a_bad_guy_falls() {
    // Line 429: he takes no action and may not be targeted until then.
    let mut t = Table::new(
        "this-town-aint-big-enough",
        110,
        (LAWMEN, &[WYATT, VIRGIL]),
        (OUTLAWS, &[IKE, BILLY, FRANK]),
    );
    assert!(t.model(B0).has(Flag::OffTable), "the boss waits in his building");
    t.deal(&[(A0, "AH"), (A1, "2H"), (B1, "KS"), (B2, "3S")]);
    t.next_turn();
    assert!(t.model(B0).has(Flag::OffTable), "no bad guy has fallen yet");
    t.deal(&[(A0, "KH"), (A1, "4H"), (B1, "QS"), (B2, "5S")]);
    t.ok(declare(A0, &[Shoot, Shoot]));
    assert_eq!(t.refused(shot(A0, B0, 19)), "Ike Clanton is not on the table and cannot be shot");
    t.ok(shot(A0, B1, 19));
    assert!(t.model(B1).out_of_action);
    assert!(t.model(B0).has(Flag::OffTable), "not before the next turn");
    assert_eq!(t.refused(shot(A0, B0, 19)), "Ike Clanton is not on the table and cannot be shot");
    t.next_turn();
    assert!(!t.model(B0).has(Flag::OffTable));
    t.deal(&[(A0, "QH"), (A1, "6H"), (B0, "AS"), (B2, "7S")]);
    assert_eq!(t.current(), Some(B0));
}

#[test]
fn we_will_be_waitin_places_the_hidden_man_in_turn_two_and_the_reinforcements_when_called() {
    let mut t = Table::new(
        "we-will-be-waitin",
        111,
        (LAWMEN, &[WYATT, VIRGIL, MORGAN, DOC, TURKEY]),
        (OUTLAWS, &[IKE, BILLY, FRANK, TOM]),
    );
    t.flag(A2, Flag::Hidden);
    t.flag(A3, Flag::Reinforcement);
    t.flag(A4, Flag::Reinforcement);
    t.flag(B3, Flag::NoCard);
    t.hand(0, &["7D", "JH", "RJ"]);
    t.hand(1, &["JS"]);
    // Turn 1: the two good guys placed count as aces; the hidden man and the reinforcements
    // do not act, and the small bad group waits (lines 447–448).
    t.deal(&[(B0, "KS"), (B1, "QS"), (B2, "2S")]);
    assert_eq!(t.game.order().expect("an order"), [A0, A1, B0, B1, B2]);
    t.ok(end(A0));
    t.ok(end(A1));
    t.ok(declare(B0, &[Shoot, Shoot]));
    assert_eq!(t.refused(shot(B0, A2, 19)), "Morgan Earp is not on the table and cannot be shot");
    assert_eq!(t.refused(shot(B0, A3, 19)), "Doc Holliday is not on the table and cannot be shot");
    t.ok(Event::EndTurn);
    // The call discards a special card at the end of a turn and may be trumped (line 450).
    assert_eq!(
        t.refused(call(0, "7D")),
        "7♦ is not a special card: call them with a jack, queen, king, ace or joker"
    );
    assert_eq!(t.refused(call(1, "JS")), "the bad guys have no reinforcements to call in this scene");
    t.ok(call(0, "JH"));
    t.ok(Event::Trump { side: 1, card: card("JS") });
    t.ok(Event::Settle);
    assert_eq!(t.last_line(), "Turn 1 · the call is trumped: the reinforcements stay away");
    t.ok(Event::NextTurn);
    assert_eq!(t.game.sides[0].hand.len(), 3, "the call was a card used: the Lawmen draw one");
    assert_eq!(t.game.sides[1].hand.len(), 1, "so was the trump");
    // Turn 2: the hidden man is placed and dealt a card (line 449); the others still wait.
    t.deal_from_the_top();
    assert!(t.model(A2).card.is_some() && t.model(B3).card.is_some());
    assert!(t.model(A3).card.is_none() && t.model(A4).card.is_none());
    t.ok(Event::EndTurn);
    t.ok(call(0, "RJ"));
    t.ok(Event::Settle);
    assert_eq!(
        t.last_line(),
        "Turn 2 · the call stands: the reinforcements come on when the next turn starts"
    );
    assert_eq!(t.refused(call(0, "7D")), "the good guys have no reinforcements left to call");
    t.ok(Event::NextTurn);
    t.deal_from_the_top();
    assert!(t.model(A3).card.is_some() && t.model(A4).card.is_some(), "they act from turn 3");
}

#[test]
fn reinforcements_never_called_arrive_after_turn_three() {
    // Line 451.
    let mut t = Table::new(
        "we-will-be-waitin",
        112,
        (LAWMEN, &[WYATT, VIRGIL, MORGAN, DOC]),
        (OUTLAWS, &[IKE, BILLY]),
    );
    t.flag(A3, Flag::Reinforcement);
    for turn in 1..=3 {
        t.deal_from_the_top();
        assert!(t.model(A3).card.is_none(), "turn {turn}");
        t.next_turn();
    }
    t.deal_from_the_top();
    assert!(t.model(A3).card.is_some(), "turn 4");
}

// ---------------------------------------------------------------------------------------
// 7. Tough as Old Boots (line 318, A34)

#[test]
fn tough_as_old_boots_is_declared_before_the_roll_and_passes_on_three() {
    let boots =
        |r| Event::UseAbility { side: 0, ability: AbilityId::ToughAsOldBoots, targets: vec![r], card: None };
    let mut t = Table::new("showdown", 113, (COWBOYS, &[CAL, WES]), (DESPERADOS, &[JEFE, RUFUS]));
    t.mark(A1, Marker::UnderFire(2));
    t.deal(&[(B0, "AC"), (A0, "KD"), (A1, "QD"), (B1, "2C")]);
    t.ok(declare(B0, &[Shoot, Shoot]));
    // Cal Tate (5 hits) takes his first marker and a test: failing it would not put him out.
    t.ok(shot(B0, A0, 16));
    assert_eq!(t.game.nerve_due, [A0]);
    assert!(t.game.boots_offer(t.rules, A0).is_none());
    assert_eq!(t.refused(boots(A0)), "a failed test would not put Cal Tate out of action");
    t.ok(nerve(A0, 2, 5));
    // Wes Hollis (4 hits) takes his third: failing would put him out.
    t.ok(shot(B0, A1, 16));
    let (ability, passes_on) = t.game.boots_offer(t.rules, A1).expect("offered");
    assert_eq!((ability.name.as_str(), passes_on), ("Tough as Old Boots", 3));
    t.ok(boots(A1));
    assert_eq!(t.game.boots_needed(t.rules, A1), Some(3));
    assert_eq!(t.refused(nerve(A1, 4, 3)), "Tough as Old Boots was declared: the test passes on 3+");
    t.ok(nerve(A1, 3, 3));
    assert_eq!(t.model(A1).under_fire, 3, "passed");
    assert_eq!(t.game.boots, None);
    assert_eq!(t.refused(boots(A1)), "Tough as Old Boots is once per turn and has been used this turn");
}

#[test]
fn tough_as_old_boots_answered_by_yellow_belly_is_used_up() {
    let boots =
        |r| Event::UseAbility { side: 0, ability: AbilityId::ToughAsOldBoots, targets: vec![r], card: None };
    let mut t = Table::new("showdown", 114, (COWBOYS, &[CAL, WES]), (DESPERADOS, &[JEFE, RUFUS]));
    t.mark(A1, Marker::UnderFire(2));
    t.mark(A0, Marker::UnderFire(3));
    t.hand(1, &["9C"]);
    t.deal(&[(B0, "AC"), (A0, "KD"), (A1, "QD"), (B1, "2C")]);
    t.ok(declare(B0, &[Shoot]));
    t.ok(shot(B0, A1, 16));
    t.ok(boots(A1));
    // Yellow Belly: the test fails without a roll (card 9), and Wes is out.
    t.ok(Event::Play { side: 1, card: card("9C"), targets: vec![A1] });
    t.ok(Event::Settle);
    assert!(t.model(A1).out_of_action);
    assert_eq!(t.game.boots, None, "no test is left for the ability");
    t.next_turn();
    t.deal(&[(B0, "KC"), (A0, "JD"), (B1, "3C")]);
    t.ok(declare(B0, &[Shoot]));
    t.ok(shot(B0, A0, 16));
    assert!(t.game.boots_offer(t.rules, A0).is_some(), "a new turn, a new offer");
}

// ---------------------------------------------------------------------------------------
// 8. Ties settled by drawing cards (line 59, A02)

fn tie(cards: [&str; 2]) -> Event {
    Event::TieDraw { cards: Some(cards.map(card)) }
}

#[test]
fn a_tie_between_sides_is_settled_by_each_side_drawing_a_card() {
    let mut t = Table::new("showdown", 115, (LAWMEN, &[WYATT]), (OUTLAWS, &[IKE]));
    t.deal(&[(A0, "7H"), (B0, "7S")]);
    assert!(t.game.order().is_err());
    assert_eq!(t.refused(declare(A0, &[Move])), "it is not Wyatt Earp's turn to act");
    let decks = [t.game.sides[0].deck.len(), t.game.sides[1].deck.len()];
    t.ok(tie(["8H", "8S"]));
    assert_eq!(t.game.tie_priority, None);
    assert_eq!(
        t.last_line(),
        "Turn 1 · each side draws for ties: Tombstone Law 8♥, The Clanton Gang 8♠; still tied, draw again"
    );
    assert_eq!(t.refused(tie(["8H", "9S"])), "the card 8H is not where it should be");
    t.ok(tie(["3D", "KS"]));
    assert_eq!(t.game.tie_priority, Some(1));
    assert_eq!(t.current(), Some(B0));
    assert_eq!([t.game.sides[0].deck.len(), t.game.sides[1].deck.len()], [decks[0] - 2, decks[1] - 2]);
    assert_eq!(t.game.sides[0].discard, [card("8H"), card("3D")]);
    assert_eq!(t.game.sides[1].discard, [card("8S"), card("KS")]);
    assert_eq!(t.refused(tie(["4D", "4S"])), "no models tie for the order now");
}

#[test]
fn a_tie_draw_from_an_empty_deck_that_never_reshuffles_runs_it_out() {
    let mut s = setup("showdown", 116, (LAWMEN, &[WYATT]), (OUTLAWS, &[IKE]));
    s.sides[0].reshuffle = false;
    let mut t = Table::with(s);
    t.deal(&[(A0, "7H"), (B0, "7S")]);
    let rest = t.game.sides[0].deck.clone();
    t.ok(Event::SetHand { side: 0, cards: rest });
    let top = *t.game.sides[1].deck.last().expect("a card");
    t.ok(Event::TieDraw { cards: None });
    assert!(t.game.sides[0].ran_out);
    assert_eq!(t.game.sides[1].discard, [top]);
    assert_eq!(t.game.tie_priority, Some(1));
}

#[test]
fn a_real_deck_shorter_than_the_models_deals_what_it_has_and_runs_out() {
    let mut s = setup("showdown", 117, (LAWMEN, &[WYATT, VIRGIL, MORGAN]), (OUTLAWS, &[IKE]));
    s.sides[0].reshuffle = false;
    let mut t = Table::with(s);
    let mut deck = t.game.sides[0].deck.clone();
    let last_two = deck.split_off(deck.len() - 2);
    t.ok(Event::SetHand { side: 0, cards: deck });
    t.ok(Event::DealInitiative {
        face_up: [None, None],
        cards: Some(vec![(A0, last_two[0]), (A1, last_two[1]), (B0, card("7S"))]),
    });
    assert!(t.game.sides[0].ran_out, "the deck could not give Morgan a card");
    assert!(t.game.sides[0].deck.is_empty());
    assert_eq!([t.model(A0).card, t.model(A1).card], [Some(last_two[0]), Some(last_two[1])]);
    assert_eq!(t.model(A2).card, None);
    assert!(t.model(A2).activated, "Morgan sits the turn out");
    assert!(!t.game.sides[1].ran_out);
}

#[test]
fn a_second_card_drawn_from_a_real_deck_is_the_one_typed() {
    let mut t = Table::new("showdown", 119, (LAWMEN, &[WYATT, VIRGIL]), (OUTLAWS, &[IKE]));
    t.deal(&[(A0, "7H"), (A1, "5H"), (B0, "7S")]);
    assert_eq!(
        t.refused(Event::ExtraCard { model: A0, card: Some(card("5H")) }),
        "the card 5H is not where it should be"
    );
    let top = *t.game.sides[0].deck.last().expect("a card");
    let typed = t.game.sides[0].deck[0];
    assert_ne!(typed, top);
    t.ok(Event::ExtraCard { model: A0, card: Some(typed) });
    assert_eq!(t.model(A0).second, Some(typed));
    assert_eq!(t.game.sides[0].deck.last(), Some(&top), "the top card stays");
    t.ok(Event::KeepCard { model: A0, keep_second: true });
    assert_eq!(t.model(A0).card, Some(typed));
    assert_eq!(t.game.sides[0].discard, [card("7H")]);
}

// ---------------------------------------------------------------------------------------
// 9. There Will Be Blood (lines 495–496, A61)

#[test]
fn the_duels_simultaneous_shots_end_the_round() {
    // Equal totals shoot at the same time (line 469); once both have fired the round is over
    // and the next row card comes up. The seed's rows start 10♥ and 2♠.
    let mut t = Table::new("the-duel", 20_261_129, (LAWMEN, &[MORGAN]), (OUTLAWS, &[BILLY]));
    t.ok(Event::DuelRound { cards: Some([[card("10H"), card("6D")], [card("2S"), card("KS")]]) });
    t.ok(Event::DuelDecide { side: 0, stand: true, card: None });
    t.ok(Event::DuelDecide { side: 1, stand: false, card: Some(card("4S")) });
    t.ok(Event::DuelDecide { side: 1, stand: true, card: None });
    assert_eq!(t.game.duel_shots_due(t.rules), [(0, 0), (1, 0)], "16 each: together, no bonus");
    t.ok(Event::DuelFire { shots: vec![(0, 12), (1, 11)] });
    assert_eq!((t.model(A0).under_fire, t.model(B0).under_fire), (1, 1), "both shots land");
    assert!(t.game.duel_shots_due(t.rules).is_empty(), "nobody fires twice");
    assert_eq!(
        t.refused(Event::DuelFire { shots: vec![(0, 20), (1, 20)] }),
        "those are not the shots this round owes"
    );
    t.ok(Event::DuelRound { cards: None });
    assert_eq!(t.game.duel.as_ref().map(|d| d.round), Some(2));
}

#[test]
fn there_will_be_blood_opens_with_the_duellists_single_shots() {
    let mut t =
        Table::new("there-will-be-blood", 117, (LAWMEN, &[MORGAN, TEXAS]), (OUTLAWS, &[BILLY, FRANK]));
    let first = Event::DealInitiative { face_up: [None, None], cards: None };
    assert_eq!(
        t.refused(first.clone()),
        "mark the good guys' duellist first (⚑ → Duellist): in the first turn only the duellists get a card"
    );
    t.flag(A0, Flag::Duellist);
    assert_eq!(
        t.refused(first),
        "mark the bad guys' duellist first (⚑ → Duellist): in the first turn only the duellists get a card"
    );
    t.flag(B0, Flag::Duellist);
    let texas = Event::DealInitiative { face_up: [None, None], cards: Some(vec![(A1, card("KH"))]) };
    assert_eq!(t.refused(texas), "Texas Jack gets no initiative card this turn");
    t.deal(&[(A0, "KH"), (B0, "9S")]);
    assert_eq!(t.game.order().expect("an order"), [A0, B0]);
    assert!(t.game.limits(t.rules, A0).single_shot);
    let single = "in the first turn the duellist takes a single shoot action";
    assert_eq!(t.refused(declare(A0, &[Move, Shoot])), single);
    assert_eq!(t.refused(declare(A0, &[Shoot, Shoot])), single);
    t.ok(declare(A0, &[Shoot]));
    t.ok(shot(A0, B0, 12));
    t.ok(end(A0));
    t.ok(declare(B0, &[Shoot]));
    t.ok(shot(B0, A0, 5));
    t.ok(end(B0));
    // From turn 2 everyone is dealt a card and acts as normal.
    t.next_turn();
    t.deal(&[(A0, "QH"), (A1, "2H"), (B0, "8S"), (B1, "3S")]);
    assert!(!t.game.limits(t.rules, A0).single_shot);
    t.ok(declare(A0, &[Move, Shoot]));
}

// ---------------------------------------------------------------------------------------
// 10. Hand-to-hand (lines 184–193, A24, A70)

/// Wyatt Earp (A♥) and Virgil Earp (5♥) against Ike Clanton (K♠) and Billy Clanton (4♠).
fn fight_table(seed: u64) -> Table {
    let mut t = Table::new("showdown", seed, (LAWMEN, &[WYATT, VIRGIL]), (OUTLAWS, &[IKE, BILLY]));
    t.deal(&[(A0, "AH"), (A1, "5H"), (B0, "KS"), (B1, "4S")]);
    t
}

#[test]
fn a_charge_is_the_next_declared_move_and_ends_the_chargers_activation() {
    let mut t = fight_table(118);
    t.ok(declare(A0, &[Move, Move, Shoot]));
    t.ok(moved(A0));
    t.ok(charge(A0, B0, 6, 5));
    assert_eq!(t.model(B0).under_fire, 2, "7 against 5");
    assert!(t.model(B0).activated, "charged before he acts, Ike spends his activation fighting (A24b)");
    let wyatt = t.model(A0);
    assert!(wyatt.activated && wyatt.card.is_none(), "the declared shot is lost (A24c)");
    assert_eq!(wyatt.moves, 2);
    assert!(t.game.activation.is_none());
    assert_eq!(t.current(), Some(A1));
    // Fighters are not shot at (line 189).
    t.ok(declare(A1, &[Shoot]));
    assert_eq!(t.refused(shot(A1, B0, 12)), "Ike Clanton is locked in hand-to-hand");
}

#[test]
fn a_charge_needs_a_declared_move_and_never_three() {
    // Models may not declare three moves to get into contact (line 184, A70).
    let charge_after = |actions: &[Action], moves: usize| {
        let mut t = fight_table(119);
        if !actions.is_empty() {
            t.ok(declare(A0, actions));
        }
        for _ in 0..moves {
            t.ok(moved(A0));
        }
        t.refused(charge(A0, B0, 6, 5))
    };
    assert_eq!(
        charge_after(&[Move, Move, Move], 2),
        "Wyatt Earp declared three moves: a model may not use three moves to charge"
    );
    assert_eq!(charge_after(&[Shoot, Move], 0), "Wyatt Earp declared shoot next, not move");
    assert_eq!(charge_after(&[Move], 1), "Wyatt Earp has no move left among its declared actions");
    assert_eq!(charge_after(&[], 0), "Wyatt Earp has not declared its actions");
    let mut t = fight_table(119);
    assert_eq!(t.refused(charge(A1, B0, 6, 5)), "it is not Virgil Earp's turn to act");
}

#[test]
fn a_charger_whose_enemy_falls_keeps_its_other_declared_actions() {
    let mut t = fight_table(120);
    t.ok(declare(A0, &[Move, Shoot]));
    t.ok(charge(A0, B0, 10, 1));
    assert!(t.model(B0).out_of_action && t.game.fights.is_empty());
    assert!(!t.model(A0).activated);
    t.ok(shot(A0, B1, 12));
    t.ok(end(A0));
    assert_eq!(t.model(A0).moves, 1);
}

#[test]
fn the_higher_card_fights_on_without_declaring_and_a_win_leaves_two_actions() {
    // Line 190.
    let mut t = fight_table(121);
    t.ok(declare(A0, &[Move]));
    t.ok(charge(A0, B0, 4, 5));
    assert!(t.game.fight_of(A0).is_some(), "a draw: they fight on next turn");
    t.next_turn();
    t.deal(&[(B0, "10S"), (A0, "3H"), (A1, "KH"), (B1, "2S")]);
    // Virgil acts first; the fighters may not quick shoot him.
    t.ok(declare(A1, &[Shoot]));
    assert_eq!(t.game.quick_shooters(t.rules, 1), [B1]);
    assert_eq!(t.refused(quick(fire(B0, A1, 12), None)), "Ike Clanton is locked in hand-to-hand");
    t.ok(shot(A1, B1, 5));
    t.ok(end(A1));
    // Ike holds the higher card of the two: he fights on with the +1, no declaration.
    assert_eq!(t.current(), Some(B0));
    let locked = "Ike Clanton is locked in a fight: fight on, or break off by declaring two moves first";
    assert_eq!(t.refused(declare(B0, &[Shoot])), locked);
    assert_eq!(t.refused(declare(B0, &[Move, Shoot])), locked);
    t.ok(charge(B0, A0, 9, 3));
    assert!(t.model(A0).out_of_action, "10 against 3: seven markers");
    assert!(t.last_line().contains("fights on with Wyatt Earp"), "{}", t.last_line());
    // The survivor takes two remaining actions at his card.
    assert_eq!(t.current(), Some(B0));
    assert_eq!(t.game.limits(t.rules, B0).actions, 2);
    assert_eq!(t.refused(declare(B0, &[Move, Move, Shoot])), "Ike Clanton has 2 actions, and these take 3");
    t.ok(declare(B0, &[Move, Shoot]));
}

#[test]
fn a_model_locked_in_a_fight_breaks_off_with_its_first_two_moves() {
    // Line 192: two moves to break off, the last action as normal.
    let mut t = fight_table(122);
    t.ok(declare(A0, &[Move]));
    t.ok(charge(A0, B0, 4, 5));
    t.next_turn();
    t.deal(&[(A0, "KH"), (B1, "9S"), (B0, "3S"), (A1, "2H")]);
    assert_eq!(t.refused(Event::BreakOff { model: A0 }), "Wyatt Earp has not declared its actions");
    t.ok(declare(A0, &[Move, Move, Shoot]));
    assert_eq!(t.refused(moved(A0)), "Wyatt Earp is locked in hand-to-hand");
    assert_eq!(
        t.refused(charge(A0, B0, 6, 5)),
        "Wyatt Earp declared actions: it breaks off instead of fighting on"
    );
    t.ok(Event::BreakOff { model: A0 });
    assert!(t.game.fights.is_empty());
    t.ok(shot(A0, B1, 12));
    t.ok(end(A0));
    assert_eq!(t.model(A0).moves, 2);
}

// ---------------------------------------------------------------------------------------
// 9. Every game by its book (edition 2): the fight at the higher card, Stumble, ties drawn
// from an empty deck, quick shots, shots at a fight, the Stranger's drunks

#[test]
fn the_higher_card_fights_on_or_breaks_off_and_may_not_pass() {
    // Line 190: "Only one roll off is made per turn, taken at the time of the highest
    // initiative card of the combatants"; line 193: the higher card fights on with the +1 or
    // breaks off with two moves.
    let mut t = fight_table(130);
    t.ok(declare(A0, &[Move]));
    t.ok(charge(A0, B0, 4, 5));
    t.next_turn();
    t.deal(&[(B0, "QS"), (A0, "2H"), (A1, "9H"), (B1, "3S")]);
    assert_eq!(t.current(), Some(B0));
    assert_eq!(t.game.higher_card_fighter(A0), Some(B0));
    assert_eq!(t.game.higher_card_fighter(B0), Some(B0));
    let why = "Ike Clanton holds the higher card in the fight with Wyatt Earp: fight on with +1, or break off by declaring two moves first";
    assert_eq!(t.game.must_fight(B0).as_deref(), Some(why));
    assert_eq!(t.refused(end(B0)), why);
    // The +1 is the higher card's: Ike's roll-off, at his card.
    t.ok(Event::Fight { a: B0, b: A0, a_modifier: 1, b_modifier: 0, a_roll: 3, b_roll: 3 });
    assert!(t.model(B0).activated, "his activation was the roll-off");
    assert_eq!(t.model(A0).under_fire, 1, "4 against 3: Wyatt takes one marker");
    assert_eq!(t.game.higher_card_fighter(A0), None, "rolled this turn");
    assert_eq!(t.game.must_fight(A0), None);
    // Virgil acts, then Wyatt at his 2: the fight was rolled, he ends his activation.
    assert_eq!(t.current(), Some(A1));
    t.ok(end(A1));
    assert_eq!(t.current(), Some(B1));
    t.ok(end(B1));
    assert_eq!(t.current(), Some(A0));
    t.ok(end(A0));
}

#[test]
fn a_fighter_that_declared_its_break_off_carries_it_out() {
    // Line 193: "To Break Off the model must declare two move actions".
    let mut t = fight_table(131);
    t.ok(declare(A0, &[Move]));
    t.ok(charge(A0, B0, 4, 5));
    t.next_turn();
    t.deal(&[(A0, "KH"), (B0, "2S"), (A1, "9H"), (B1, "3S")]);
    t.ok(declare(A0, &[Move, Move, Shoot]));
    assert_eq!(t.refused(skip(A0)), "Wyatt Earp is locked in a fight: break off with the two declared moves");
    assert_eq!(t.refused(end(A0)), t.game.must_fight(A0).expect("must fight"));
    t.ok(Event::BreakOff { model: A0 });
    t.ok(skip(A0));
    t.ok(end(A0));
    assert_eq!(t.model(A0).moves, 2);
}

#[test]
fn a_fighter_of_an_edition_1_game_still_passes_as_it_was_played() {
    // Journals from before edition 2 replay with the rules they were played with.
    let mut s = setup("showdown", 132, (LAWMEN, &[WYATT, VIRGIL]), (OUTLAWS, &[IKE, BILLY]));
    s.edition = 1;
    let mut t = Table::with(s);
    t.deal(&[(A0, "AH"), (A1, "5H"), (B0, "KS"), (B1, "4S")]);
    t.ok(declare(A0, &[Move]));
    t.ok(charge(A0, B0, 4, 5));
    t.next_turn();
    t.deal(&[(B0, "QS"), (A0, "2H"), (A1, "9H"), (B1, "3S")]);
    assert_eq!(t.game.must_fight(B0), None);
    t.ok(end(B0));
}

/// A game in which the Clanton Gang holds the Stumble card (5♠) and Wyatt acts first.
fn stumble_table(seed: u64, edition: u32) -> Table {
    let mut s = setup("showdown", seed, (LAWMEN, &[WYATT, VIRGIL]), (OUTLAWS, &[IKE]));
    s.edition = edition;
    let mut t = Table::with(s);
    t.hand(1, &["5S"]);
    t.deal(&[(A0, "AH"), (A1, "5H"), (B0, "KS")]);
    t
}

#[test]
fn stumble_ends_the_activation_after_the_move() {
    // Line 211: "Its turn ends after this move action; it loses any further actions."
    let mut t = stumble_table(133, EDITION);
    t.ok(declare(A0, &[Move, Move, Shoot]));
    let stumble = Event::Play { side: 1, card: card("5S"), targets: vec![] };
    assert_eq!(
        t.refused(stumble.clone()),
        "Stumble is played on an enemy model just after it takes a move action"
    );
    t.ok(moved(A0));
    t.ok(stumble);
    t.ok(Event::Settle);
    let wyatt = t.model(A0);
    assert!(wyatt.activated && wyatt.card.is_none(), "his turn is over");
    assert_eq!(wyatt.moves, 1, "one move marker, for the move he made");
    assert!(t.game.activation.is_none());
    assert_eq!(t.current(), Some(B0));
    assert!(t.game.sides[1].discard.contains(&card("5S")));
}

#[test]
fn stumble_trumped_leaves_the_activation_alone() {
    // Line 50: a card of the same value cancels it.
    let mut t = stumble_table(134, EDITION);
    t.hand(0, &["5D"]);
    t.ok(declare(A0, &[Move, Shoot]));
    t.ok(moved(A0));
    t.ok(Event::Play { side: 1, card: card("5S"), targets: vec![] });
    t.ok(Event::Trump { side: 0, card: card("5D") });
    t.ok(Event::Settle);
    assert_eq!(t.next_action(A0), Some(Shoot));
}

#[test]
fn stumble_in_an_edition_1_game_stays_a_reminder() {
    let mut t = stumble_table(135, 1);
    t.ok(declare(A0, &[Move, Shoot]));
    t.ok(Event::Play { side: 1, card: card("5S"), targets: vec![] });
    t.ok(Event::Settle);
    t.ok(moved(A0));
    assert_eq!(t.next_action(A0), Some(Shoot));
}

#[test]
fn a_tie_drawn_from_an_empty_deck_is_drawn_from_the_reshuffled_discards() {
    // Lines 69 and 86: "Once your deck is exhausted, shuffle the discard pile"; line 58: each
    // side draws and the higher card wins ties.
    let mut t = Table::new("gunfight", 136, (LAWMEN, &[WYATT]), (OUTLAWS, &[IKE]));
    t.deal(&[(A0, "7H"), (B0, "7S")]);
    let rest = t.game.sides[0].deck.clone();
    t.ok(Event::SetHand { side: 0, cards: rest.clone() });
    for c in &rest[..3] {
        t.ok(Event::PlayCard { side: 0, card: *c });
    }
    assert!(t.game.sides[0].deck.is_empty());
    t.ok(Event::TieDraw { cards: None });
    let ours = t.game.sides[0].discard.clone();
    assert_eq!(ours.len(), 1, "the pile became the deck; the drawn card is its new discard");
    assert_eq!(t.game.sides[0].deck.len(), 2);
    assert!(rest[..3].contains(&ours[0]));
    assert!(!t.game.sides[0].ran_out, "a deck that reshuffles does not run out");
    let theirs = *t.game.sides[1].discard.last().expect("a card");
    assert!(
        t.last_line().starts_with(&format!(
            "Turn 1 · each side draws for ties: Tombstone Law {}, The Clanton Gang {}",
            ours[0].label(),
            theirs.label()
        )),
        "{}",
        t.last_line()
    );
}

#[test]
fn a_quick_shot_takes_cover_and_an_obscured_sight_as_a_shot_does() {
    // Line 171: the to-hit modifiers apply to a quick shot "as normal".
    let mut t = Table::new("showdown", 137, (LAWMEN, &[WYATT]), (OUTLAWS, &[IKE, BILLY]));
    t.deal(&[(A0, "AH"), (B0, "KS"), (B1, "4S")]);
    t.flag(A0, Flag::Cover);
    t.ok(declare(A0, &[Move, Move, Shoot]));
    let sight = Sight { cover: false, obscured: true };
    let (input, notes) = t.game.quick_shot_input(t.rules, B0, A0, 15.0, sight).expect("a quick shot");
    assert!(notes.is_empty());
    assert_eq!((input.cover, input.obscured, input.target_moves), (true, true, 2));
    let odds = shooting::assess(t.rules, &input).expect("a legal shot");
    let reasons: Vec<(&str, i32)> = odds.modifiers.iter().map(|m| (m.reason.as_str(), m.value)).collect();
    let numbers = &t.rules.core.shooting;
    for key in ["target_cover", "target_obscured"] {
        assert!(reasons.contains(&(numbers.label(key), numbers.modifier(key))), "{key}: {reasons:?}");
    }
    // The same target in the open, seen clearly: better by the two modifiers.
    t.mark(A0, Marker::Flag(Flag::Cover, false));
    let (clear, _) = t.game.quick_shot_input(t.rules, B0, A0, 15.0, Sight::default()).expect("a quick shot");
    let clear = shooting::assess(t.rules, &clear).expect("a legal shot");
    let both = numbers.modifier("target_cover") + numbers.modifier("target_obscured");
    assert_eq!(odds.modifier, clear.modifier + both);
    assert_eq!(t.game.quick_shot_input(t.rules, B0, ModelRef { side: 0, model: 9 }, 15.0, sight), None);
}

#[test]
fn each_gang_reads_only_its_own_rule_for_shooting_at_a_fight() {
    // Line 193: models may not normally shoot into a fight; lines 328–329 (Life Ain't Worth
    // Spit): Desperados may, a card turned deciding which fighter is hit.
    let mut t = Table::new("showdown", 138, (LAWMEN, &[WYATT, VIRGIL]), (DESPERADOS, &[JEFE, RUFUS]));
    t.deal(&[(A0, "AH"), (A1, "5H"), (B0, "KC"), (B1, "4C")]);
    t.ok(declare(A0, &[Move]));
    t.ok(charge(A0, B0, 4, 5));
    assert!(t.game.fight_of(A0).is_some(), "a draw: they fight on");
    assert_eq!(t.game.fight_shot_rule(t.rules, 0, B0), Some(FightShotRule::Barred));
    assert_eq!(t.game.fight_shot_rule(t.rules, 1, A0), Some(FightShotRule::Randomised));
    assert_eq!(t.game.fight_shot_rule(t.rules, 1, A1), None, "Virgil is not in a fight");
    assert_eq!(FightShotRule::Barred.text(), "Models locked in a fight cannot be shot at.");
    assert_eq!(
        FightShotRule::Randomised.text(),
        "Into a fight: on a hit Posse turns your top card; an even number hits your own fighter."
    );
}

#[test]
fn the_strangers_enemies_stay_drunk_until_one_of_them_falls() {
    // Line 399: "The bad guys are all drunk and complacent until one of their number is put
    // out of action" (not for the first turn only).
    let mut t = Table::new("the-stranger", 139, (LAWMEN, &[WYATT]), (OUTLAWS, &[BILLY, FRANK, TOM]));
    t.deal(&[(B0, "9S"), (B1, "8S"), (B2, "7S")]);
    for (turn, cards) in [(2, ["2H", "6S", "5S", "4S"]), (3, ["3H", "3S", "2S", "10S"])] {
        t.next_turn();
        assert_eq!(t.game.turn, turn);
        for b in [B0, B1, B2] {
            assert!(t.model(b).has(Flag::Drunk), "turn {turn}");
            assert_eq!(t.game.limits(t.rules, b).actions, 2, "turn {turn}");
        }
        t.deal(&[(A0, cards[0]), (B0, cards[1]), (B1, cards[2]), (B2, cards[3])]);
    }
    t.mark(B0, Marker::OutOfAction(true));
    assert!(!t.model(B1).has(Flag::Drunk) && !t.model(B2).has(Flag::Drunk));
    assert_eq!(t.game.limits(t.rules, B1).actions, 3);
    // The scene page says so where it lists the directions, not under the first turn.
    let scene = t.rules.scene("the-stranger").expect("the scene");
    assert!(scene.sides.bad.first_turn.iter().all(|l| !l.contains("drunk")));
    assert!(
        scene
            .directions
            .iter()
            .any(|l| l.contains("drunk") && l.contains("until one of them is put out of action"))
    );
}

// ---------------------------------------------------------------------------------------
// Random games

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(128))]
    #[test]
    fn an_activation_always_belongs_to_the_model_acting(seed in 0u64..10_000, steps in 100usize..600) {
        use rand::RngExt as _;
        let rules = embedded::rules();
        crate::kernel::sim::random_game::<Game>(
            rules,
            &[Event::Begin(Box::new(super::sim::any_setup(seed)))],
            seed,
            steps,
            |game, rng| super::sim::next_event(rules, game, rng.random()),
            |game| {
                // In every state, the model to act next, found without ordering them all, is
                // the first of the whole order.
                let whole = game.order().ok().and_then(|o| o.first().copied());
                if game.first_in_order() != whole {
                    return Err(format!("{:?} is first in order, not {whole:?}", game.first_in_order()));
                }
                let Some(a) = &game.activation else { return Ok(()) };
                let Some(m) = game.model_at(a.model) else { return Err(format!("no model {:?}", a.model)) };
                if m.out_of_action {
                    return Err(format!("{} is out of action", m.name));
                }
                if whole == Some(a.model) { Ok(()) } else { Err(format!("{whole:?} is first, not {:?}", a.model)) }
            },
        )
        .map_err(|e| proptest::test_runner::TestCaseError::fail(e.to_string()))?;
    }
}
