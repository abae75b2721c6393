//! Games played event by event, reading like the booklet: every roll is staged, every result
//! exact.

use super::*;
use crate::systems::frag::rules::Deck;
use crate::systems::frag::rules::combat::{self, Outcome};
use crate::systems::frag::rules::data::Variant;
use crate::systems::frag::rules::embedded;
use crate::systems::frag::rules::fighter::Fighter;
use crate::systems::frag::rules::shootout::FirstShot;

pub(super) fn book() -> &'static Rulebook {
    embedded::rulebook().expect("data")
}

pub(super) fn seat(name: &str, character: &str, (health, speed, accuracy): (u32, u32, u32)) -> Seat {
    Seat {
        name: name.into(),
        fighter: Fighter {
            character: character.into(),
            name: String::new(),
            health,
            speed,
            accuracy,
            wins: 0,
        },
    }
}

pub(super) fn new_game(variant: Variant, players: Vec<Seat>, frag_target: Option<u32>) -> Game {
    let mut g = Game::default();
    ok(
        &mut g,
        Event::Begin(Box::new(Setup {
            variant,
            players,
            frag_target,
            house: HouseRules::default(),
            edition: EDITION,
        })),
    );
    g
}

/// Applies an event that must be accepted, and gives its log line.
#[expect(clippy::needless_pass_by_value, reason = "the tests read better passing events by value")]
pub(super) fn ok(g: &mut Game, event: Event) -> String {
    if let Err(e) = g.apply(book(), &event) {
        panic!("{event:?} was refused: {e}");
    }
    g.last_line().unwrap_or_default().to_owned()
}

/// Applies an event that must be refused, checks nothing changed, and gives the message.
#[expect(clippy::needless_pass_by_value, reason = "the tests read better passing events by value")]
fn refused(g: &mut Game, event: Event) -> String {
    let before = g.state.clone();
    let err = g.apply(book(), &event).expect_err("refused");
    assert_eq!(g.state, before, "a refused event changes nothing");
    err.to_string()
}

fn poker(hands: &[&str]) -> Event {
    Event::PokerHands {
        hands: hands.iter().map(|h| h.split(',').map(|c| c.parse().expect("card")).collect()).collect(),
    }
}

fn attack(attacker: usize, target: Target, weapon: WeaponUse, range: u32, rolls: [&[u8]; 3]) -> Event {
    Event::Attack(Box::new(Attack {
        attacker,
        target,
        weapon,
        range,
        hit_bonus_dice: 0,
        to_hit: rolls[0].to_vec(),
        damage_bonus_dice: 0,
        extra: 0,
        damage: rolls[1].to_vec(),
        defence: rolls[2].to_vec(),
        gallows: None,
        held: false,
        to_hit_rerolls: Vec::new(),
        damage_rerolls: Vec::new(),
        defence_rerolls: Vec::new(),
        defence_bonus_dice: 0,
        cure: false,
    }))
}

fn zombie_attack(damage: &[u8], defence: &[u8]) -> Event {
    Event::ZombieAttack {
        damage: damage.to_vec(),
        defence: defence.to_vec(),
        defence_rerolls: Vec::new(),
        defence_bonus_dice: 0,
        cure: false,
    }
}

fn with_gallows(event: Event, square: u8) -> Event {
    match event {
        Event::Attack(mut a) => {
            a.gallows = Some(square);
            Event::Attack(a)
        }
        other => other,
    }
}

const ANN: usize = 0;
const BOB: usize = 1;
const CY: usize = 2;

/// Ann (Agency Operative 2/2/3), Bob (Indian Brave 3/2/2), Cy (Harrowed Gunslinger 2/3/2);
/// Ann's royal flush goes first.
fn deadlands(frag_target: Option<u32>) -> Game {
    let mut g = new_game(
        Variant::Deadlands,
        vec![
            seat("Ann", "agency-operative", (2, 2, 3)),
            seat("Bob", "indian-brave", (3, 2, 2)),
            seat("Cy", "harrowed-gunslinger", (2, 3, 2)),
        ],
        frag_target,
    );
    ok(&mut g, poker(&["AS,KS,QS,JS,10S", "7H,7D,2C,3S,9D", "2H,4D,6C,8S,10D"]));
    g
}

#[test]
fn set_up_and_who_goes_first() {
    let g = deadlands(None);
    let s = &g.state;
    assert_eq!(s.stage, Stage::Playing);
    assert_eq!((s.first, s.current_player(), s.phase()), (Some(ANN), Some(ANN), Some(Phase::Respawn)));
    // One weapon, one gadget and one Special dealt, plus the poker card each keeps.
    assert_eq!(s.players.iter().map(|p| p.hand).collect::<Vec<_>>(), [4, 4, 4]);
    assert_eq!(s.frag_target, 3);
    assert!(s.players.iter().all(|p| p.status == Status::Waiting));
    assert_eq!(
        g.lines[1],
        "Poker hands: Ann AS KS QS JS 10S (royal flush); Bob 7H 7D 2C 3S 9D (one pair); Cy 2H 4D 6C 8S 10D (high card)"
    );
}

#[test]
fn a_huckster_gets_his_hex_and_ties_roll_a_die() {
    let mut g = new_game(
        Variant::Deadlands,
        vec![
            seat("Ann", "huckster", (3, 2, 2)),
            seat("Bob", "saloon-gal", (2, 3, 2)),
            seat("Cy", "mad-scientist", (2, 2, 3)),
        ],
        Some(5),
    );
    assert_eq!(g.state.players[0].hand, 4, "the Huckster also draws a hex");
    ok(&mut g, poker(&["2S,3S,4S,5S,7H", "2D,3D,4D,5D,7C", "2H,2C,9S,8D,KH"]));
    // Ann and Bob hold the same seven-high; Cy's pair of twos beats them both.
    assert_eq!(g.state.first, Some(CY));
    let mut g = new_game(
        Variant::Deadlands,
        vec![
            seat("Ann", "huckster", (3, 2, 2)),
            seat("Bob", "saloon-gal", (2, 3, 2)),
            seat("Cy", "mad-scientist", (2, 2, 3)),
        ],
        None,
    );
    ok(&mut g, poker(&["2S,3S,4S,5S,7H", "2D,3D,4D,5D,7C", "2H,3C,4H,5C,7D"]));
    assert_eq!(g.state.stage, Stage::TieBreak { tied: vec![ANN, BOB, CY] });
    assert_eq!(
        refused(&mut g, Event::TieRoll { rolls: vec![4, 4] }),
        "the tie roll (one die per tied player) needs 3 dice, not 2"
    );
    assert_eq!(
        ok(&mut g, Event::TieRoll { rolls: vec![5, 5, 2] }),
        "Tie roll: Ann rolls 5, Bob rolls 5, Cy rolls 2: a tie, Ann and Bob roll again"
    );
    assert_eq!(g.state.stage, Stage::TieBreak { tied: vec![ANN, BOB] });
    let line = ok(&mut g, Event::TieRoll { rolls: vec![3, 6] });
    assert_eq!(line, "Tie roll: Ann rolls 3, Bob rolls 6");
    assert_eq!((g.state.stage.clone(), g.state.current_player()), (Stage::Playing, Some(BOB)));
}

#[test]
fn set_up_refusals() {
    let mut g = Game::default();
    let begin = |players: Vec<Seat>| {
        Event::Begin(Box::new(Setup {
            variant: Variant::Deadlands,
            players,
            frag_target: None,
            house: HouseRules::default(),
            edition: EDITION,
        }))
    };
    assert_eq!(
        refused(&mut g, begin(vec![seat("Ann", "huckster", (3, 2, 2))])),
        "a game needs 2 to 6 players, not 1"
    );
    assert_eq!(
        refused(&mut g, begin(vec![seat("Ann", "huckster", (3, 2, 2)), seat("Bob", "huckster", (2, 3, 2))])),
        "Bob plays the same character as another player: each plays a different one"
    );
    assert_eq!(
        refused(
            &mut g,
            begin(vec![seat("Ann", "huckster", (4, 2, 2)), seat("Bob", "saloon-gal", (2, 3, 2))])
        ),
        "Ann's fighter breaks a design rule: the stats add up to 8: a fighter with 0 wins spends exactly 7"
    );
    assert_eq!(refused(&mut g, Event::EndTurn), "the game has not been set up yet");
}

#[test]
fn a_first_turn_moving_jumping_powering_up_and_the_hand_limit() {
    let mut g = deadlands(None);
    assert_eq!(
        refused(&mut g, Event::RollMovement { dice: vec![4, 2], extra_dice: 0 }),
        "respawn now: rolling for movement"
    );
    assert_eq!(ok(&mut g, Event::Respawn { square: Some(3) }), "Ann rolls 3 and respawns there");
    assert_eq!(g.state.players[ANN].status, Status::Active(Spot::Respawn(3)));
    assert_eq!(
        refused(&mut g, Event::RollMovement { dice: vec![4], extra_dice: 0 }),
        "the movement roll needs 2 dice, not 1"
    );
    assert_eq!(
        ok(&mut g, Event::RollMovement { dice: vec![4, 2], extra_dice: 0 }),
        "Ann rolls 4+2 for movement: 6 squares"
    );
    ok(&mut g, Event::Move { squares: 1, jump: false });
    assert_eq!(g.state.players[ANN].status, Status::Active(Spot::Board));
    // "Each square may only be checked once during your turn."
    assert_eq!(
        ok(&mut g, Event::PowerUp { square: "W1".into(), deck: Deck::Weapons, roll: 4 }),
        "Ann checks the power-up on W1: rolls 4, draws from Weapons"
    );
    assert_eq!(
        refused(&mut g, Event::PowerUp { square: "w1".into(), deck: Deck::Weapons, roll: 6 }),
        "square w1 was already checked for a power-up this turn"
    );
    assert_eq!(
        refused(&mut g, Event::Move { squares: 3, jump: true }),
        "a jump goes at most 2 squares (the Speed)"
    );
    // "Jumping costs double. If you jump 2 squares, you spend 4 movement."
    assert_eq!(ok(&mut g, Event::Move { squares: 2, jump: true }), "Ann jumps 2 squares: 1 movement left");
    assert_eq!(
        refused(&mut g, Event::Move { squares: 2, jump: false }),
        "only 1 squares of movement are left, not 2"
    );
    // Bob is not on the board yet.
    let shot = attack(ANN, Target::Player(BOB), WeaponUse::Starting, 3, [&[2, 2, 2], &[], &[]]);
    assert_eq!(refused(&mut g, shot), "Bob is out of play until their next turn");
    // Budget cuts: the Operative keeps 4 cards at most.
    assert_eq!(g.state.players[ANN].hand, 5);
    assert_eq!(g.state.must_discard(book()), 1);
    assert_eq!(refused(&mut g, Event::EndTurn), "Ann must discard down to 4 cards before the turn ends");
    ok(&mut g, Event::Discard { player: ANN, count: 1 });
    assert_eq!(ok(&mut g, Event::EndTurn), "Ann ends the turn; Bob's turn (respawn)");
}

/// Plays Ann's first turn: respawn on 3, roll 1+1, end.
fn ann_enters(g: &mut Game, square: u8) {
    ok(g, Event::Respawn { square: Some(square) });
    ok(g, Event::RollMovement { dice: vec![1, 1], extra_dice: 0 });
    ok(g, Event::EndTurn);
}

/// An attack with the second rolls of the 1s: `rerolls` for the to-hit, damage and defence
/// dice.
fn rerolling(event: Event, rerolls: [&[u8]; 3]) -> Event {
    match event {
        Event::Attack(mut a) => {
            a.to_hit_rerolls = rerolls[0].to_vec();
            a.damage_rerolls = rerolls[1].to_vec();
            a.defence_rerolls = rerolls[2].to_vec();
            Event::Attack(a)
        }
        other => other,
    }
}

#[test]
fn the_operative_rolls_his_ones_again() {
    // deadlands:4 (Agency Operative, CHEATIN'): "May cheat on any revolver or gatling pistol
    // attack (to-hit or damage). Reroll any dice that come up a 1." Reading R26: each 1 is
    // rolled once more and the second roll stands; his defence dice only by a house rule.
    let mut g = deadlands(None);
    ann_enters(&mut g, 3);
    ok(&mut g, Event::Respawn { square: Some(2) });
    ok(&mut g, Event::RollMovement { dice: vec![1, 1], extra_dice: 0 });
    ok(&mut g, Event::EndTurn);
    ok(&mut g, Event::Respawn { square: Some(6) });
    ok(&mut g, Event::RollMovement { dice: vec![1, 1, 1], extra_dice: 0 });
    // The Harrowed Gunslinger's Revolver is no cheat of his.
    let cy = g.state.attack_inputs(book(), CY, Target::Player(ANN), &WeaponUse::Starting, 0).expect("inputs");
    assert_eq!((cy.weapon.as_str(), cy.rerolls.attack, cy.rerolls.defence), ("Revolver", false, false));
    let shot = attack(CY, Target::Player(ANN), WeaponUse::Starting, 2, [&[1, 1], &[], &[]]);
    assert_eq!(refused(&mut g, rerolling(shot, [&[6], &[], &[]])), "the to-hit roll rerolls no 1s");
    ok(&mut g, Event::EndTurn);
    ok(&mut g, Event::RollMovement { dice: vec![2, 2], extra_dice: 0 });
    let gatling =
        g.state.attack_inputs(book(), ANN, Target::Player(BOB), &WeaponUse::Starting, 0).expect("inputs");
    assert_eq!(
        (gatling.weapon.as_str(), gatling.rerolls.attack, gatling.rerolls.defence),
        ("Gatling Pistol", true, false)
    );
    // Accuracy 3 at range 10: 135 of 216 rolls plain (62.5%), 37,485 of 46,656 (80.3%) with the
    // 1s rolled again.
    let hit = gatling.hit_odds(book(), 10).expect("odds");
    assert_eq!((hit.ways, hit.outcomes), (37_485, 46_656));
    assert_eq!(combat::hit_odds(book(), 3, 10).map(|o| (o.ways, o.outcomes)), Ok((135, 216)));
    assert_eq!(gatling.rerolls, combat::Rerolls { attack: true, defence: false });
    // A weapon card is his cheat when it is a revolver or a gatling pistol, by its name.
    let card =
        |name: &str| WeaponUse::New(WeaponCard { name: name.into(), dice: 2, extra: 0, ammo: Some(3) });
    let rerolls = |name: &str| {
        g.state.attack_inputs(book(), ANN, Target::Player(BOB), &card(name), 0).map(|i| i.rerolls.attack)
    };
    assert_eq!(rerolls("Buntline Revolver"), Ok(true));
    assert_eq!(rerolls("Shotgun"), Ok(false));
    // 1+3+3, the 1 rolled again: 5, so 11 hits at 10. Damage 1+6+6, the 1 again a 1: it
    // stands, 13 against Bob's 2+2+2 = 6: 2 damage.
    let shot =
        attack(ANN, Target::Player(BOB), WeaponUse::Starting, 10, [&[1, 3, 3], &[1, 6, 6], &[2, 2, 2]]);
    assert_eq!(refused(&mut g, shot.clone()), "the to-hit roll needs 1 second roll (one for each 1), not 0");
    assert_eq!(
        refused(&mut g, rerolling(shot.clone(), [&[5], &[], &[]])),
        "the damage roll needs 1 second roll (one for each 1), not 0"
    );
    assert_eq!(
        refused(&mut g, rerolling(shot.clone(), [&[5], &[1], &[4]])),
        "the defence roll rerolls no 1s"
    );
    assert_eq!(refused(&mut g, rerolling(shot.clone(), [&[7], &[1], &[]])), "a d6 shows 1 to 6, not 7");
    assert_eq!(
        ok(&mut g, rerolling(shot, [&[5], &[1], &[]])),
        "Ann attacks Bob with the Gatling Pistol: hit on 11 (needed 10), 13 against 6: 2 damage, Bob has 1 Health left (2 dice that came up 1 rolled again)"
    );
    assert_eq!(g.state.players[BOB].health, 1);
}

#[test]
fn a_house_rule_rerolls_the_operatives_defence() {
    let players = vec![seat("Ann", "agency-operative", (2, 2, 3)), seat("Bob", "indian-brave", (3, 2, 2))];
    let house = HouseRules { operative_rerolls_defence: true };
    let mut g = Game::default();
    ok(
        &mut g,
        Event::Begin(Box::new(Setup {
            variant: Variant::Deadlands,
            players,
            frag_target: None,
            house,
            edition: EDITION,
        })),
    );
    ok(&mut g, poker(&["AS,KS,QS,JS,10S", "7H,7D,2C,3S,9D"]));
    assert_eq!(g.state.house, house);
    ann_enters(&mut g, 3);
    ok(&mut g, Event::Respawn { square: Some(2) });
    ok(&mut g, Event::RollMovement { dice: vec![1, 1], extra_dice: 0 });
    let inputs =
        g.state.attack_inputs(book(), BOB, Target::Player(ANN), &WeaponUse::Starting, 0).expect("inputs");
    assert_eq!((inputs.rerolls.attack, inputs.rerolls.defence), (false, true));
    // Bob's bow: 2+2 hits at 3; 6+5 = 11 against Ann's 1+2, the 1 rolled again 4: 6, 1 damage.
    let shot = attack(BOB, Target::Player(ANN), WeaponUse::Starting, 3, [&[2, 2], &[6, 5], &[1, 2]]);
    assert_eq!(
        ok(&mut g, rerolling(shot, [&[], &[], &[4]])),
        "Bob attacks Ann with the Bow & Arrows: hit on 4 (needed 3), 11 against 6: 1 damage, Ann has 1 Health left (1 die that came up 1 rolled again)"
    );
    // The book's game: a journal without the key reads as no house rules.
    let json = serde_json::to_string(&Setup {
        variant: Variant::Deadlands,
        players: Vec::new(),
        frag_target: None,
        house: HouseRules::default(),
        edition: 0,
    })
    .expect("json");
    assert!(!json.contains("house") && !json.contains("edition"), "{json}");
}

#[test]
fn bumping_chains() {
    let mut g = deadlands(None);
    ann_enters(&mut g, 3);
    // Bob rolls 3 too: Ann is bumped and rolls 5.
    ok(&mut g, Event::Respawn { square: Some(3) });
    assert_eq!(g.state.pending_bump, Some(ANN));
    assert_eq!(
        refused(&mut g, Event::RollMovement { dice: vec![1, 1], extra_dice: 0 }),
        "Ann must be bumped first: roll their new respawn square"
    );
    assert_eq!(
        ok(&mut g, Event::Bump { player: ANN, square: 5 }),
        "Ann is bumped and rolls 5: respawn square 5"
    );
    assert_eq!(g.state.pending_bump, None);
    ok(&mut g, Event::RollMovement { dice: vec![1, 1], extra_dice: 0 });
    ok(&mut g, Event::EndTurn);
    // Cy (the Harrowed Gunslinger) picks square 5: Ann is bumped to 3, which bumps Bob, who
    // rolls 5 and bumps Cy: "this may bump someone else (even the one who bumped him)".
    assert_eq!(ok(&mut g, Event::Respawn { square: Some(5) }), "Cy chooses respawn square 5");
    assert_eq!(g.state.pending_bump, Some(ANN));
    ok(&mut g, Event::Bump { player: ANN, square: 3 });
    assert_eq!(g.state.pending_bump, Some(BOB));
    ok(&mut g, Event::Bump { player: BOB, square: 5 });
    assert_eq!(g.state.pending_bump, Some(CY));
    ok(&mut g, Event::Bump { player: CY, square: 1 });
    assert_eq!(g.state.pending_bump, None);
    assert_eq!(
        (0..3).map(|p| g.state.players[p].status).collect::<Vec<_>>(),
        [
            Status::Active(Spot::Respawn(3)),
            Status::Active(Spot::Respawn(5)),
            Status::Active(Spot::Respawn(1))
        ]
    );
    assert_eq!(g.state.on_respawn_square(5), [BOB]);
}

#[test]
fn a_frag_and_a_hanging() {
    let mut g = deadlands(None);
    ann_enters(&mut g, 3);
    ok(&mut g, Event::Respawn { square: Some(2) });
    ok(&mut g, Event::RollMovement { dice: vec![1, 1], extra_dice: 0 });
    // Bob's bow at range 3: 2+2 = 4 hits. 6+5 = 11 against Ann's 1+2 = 3: 11 / 3 = 3 damage
    // against Health 2: fragged, but 3 is less than twice 2, so no gallows.
    let inputs =
        g.state.attack_inputs(book(), BOB, Target::Player(ANN), &WeaponUse::Starting, 0).expect("inputs");
    assert_eq!(
        (inputs.weapon.as_str(), inputs.hit_dice, inputs.damage_dice, inputs.defence_dice),
        ("Bow & Arrows", 2, 2, 2)
    );
    let odds = inputs.damage_odds(book()).expect("odds");
    assert!((odds.distribution.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    let shot = attack(BOB, Target::Player(ANN), WeaponUse::Starting, 3, [&[2, 2], &[6, 5], &[1, 2]]);
    assert_eq!(refused(&mut g, with_gallows(shot.clone(), 1)), "3 damage does not send Ann to the gallows");
    assert_eq!(
        ok(&mut g, shot),
        "Bob attacks Ann with the Bow & Arrows: hit on 4 (needed 3), 11 against 3: 3 damage, Ann is fragged, Bob 1 frag, draws 1 Special card; their leftovers lie on their square"
    );
    let s = &g.state;
    assert_eq!((s.players[ANN].status, s.players[ANN].health, s.players[ANN].hand), (Status::Fragged, 0, 4));
    assert_eq!((s.players[BOB].frags, s.players[BOB].hand), (1, 5));
    assert_eq!(s.leftovers.len(), 1);
    assert_eq!((s.leftovers[0].from, s.leftovers[0].blood), (ANN, true));
    assert_eq!(s.attacks_left(book()), 0);
    ok(&mut g, Event::EndTurn);

    // Cy plays a shotgun from his hand: 6+6 hits at 4; 1+6+6+6 = 19 against Bob's 1+1+2 = 4:
    // 4 damage, a frag of Health 3, short of 6; but whoever frags the Indian Brave may hang him.
    ok(&mut g, Event::Respawn { square: Some(6) });
    assert_eq!(g.state.players[CY].hand, 4, "no free weapon when he first enters");
    ok(&mut g, Event::RollMovement { dice: vec![3, 3, 3], extra_dice: 0 });
    let shotgun = WeaponCard { name: "Shotgun".into(), dice: 4, extra: 0, ammo: Some(2) };
    let inputs = g
        .state
        .attack_inputs(book(), CY, Target::Player(BOB), &WeaponUse::New(shotgun.clone()), 0)
        .expect("inputs");
    assert!(inputs.gallows_always);
    let odds = inputs.damage_odds(book()).expect("odds");
    assert!((odds.gallows - odds.frag).abs() < 1e-15);
    let shot =
        attack(CY, Target::Player(BOB), WeaponUse::New(shotgun), 4, [&[6, 6], &[1, 6, 6, 6], &[1, 1, 2]]);
    assert_eq!(refused(&mut g, with_gallows(shot.clone(), 6)), "gallows squares run from 1 to 5, not 6");
    let line = ok(&mut g, with_gallows(shot, 2));
    assert_eq!(
        line,
        "Cy attacks Bob with the Shotgun (played from the hand): hit on 12 (needed 4), 19 against 4: 4 damage, Bob is fragged and hangs on gallows square 2, Cy 1 frag, draws 1 Special card; their leftovers lie on their square; a damage die shows 1: check the card for a malfunction"
    );
    let s = &g.state;
    assert_eq!(s.players[BOB].status, Status::Hanged(2));
    // The screen's result slot: what the attack did first, both names in it.
    assert_eq!(
        super::result_words(s).as_deref(),
        Some("Bob is fragged and hangs on gallows square 2, Cy 1 frag, draws 1 Special card")
    );
    assert_eq!(s.players[CY].weapons[0].ammo_left, Some(1));
    assert_eq!(s.players[CY].hand, 4, "one card played, one Special drawn");
    assert!(s.reminders(book()).iter().any(|r| r.contains("malfunction")));
    let again =
        attack(CY, Target::Player(ANN), WeaponUse::InPlay { name: "Shotgun".into() }, 1, [&[1, 1], &[], &[]]);
    assert_eq!(refused(&mut g, again), "Cy has no more attacks this turn");
    // Cy takes Ann's blood counter (her pile had nothing else).
    ok(&mut g, Event::PickUp { player: CY, pile: 0, take: Take::Blood });
    assert_eq!(g.state.players[CY].blood, 1);
    assert_eq!(
        g.state.leftovers.iter().map(|l| l.from).collect::<Vec<_>>(),
        [BOB],
        "Ann's pile is empty and gone"
    );
    assert_eq!(
        refused(&mut g, Event::PickUp { player: CY, pile: 0, take: Take::Blood }),
        "there is no pile 0 on the map"
    );
    ok(&mut g, Event::EndTurn);

    // Ann respawns at full Health; Bob comes back on their gallows square.
    ok(&mut g, Event::Respawn { square: Some(4) });
    assert_eq!(g.state.players[ANN].health, 2);
    ok(&mut g, Event::RollMovement { dice: vec![2, 2], extra_dice: 0 });
    ok(&mut g, Event::EndTurn);
    assert_eq!(
        refused(&mut g, Event::Respawn { square: Some(1) }),
        "Bob was hanged: they start on their gallows square"
    );
    assert_eq!(ok(&mut g, Event::Respawn { square: None }), "Bob comes back on their gallows square");
    assert_eq!(g.state.players[BOB].status, Status::Active(Spot::Gallows(2)));
    ok(&mut g, Event::RollMovement { dice: vec![2, 2], extra_dice: 0 });
    // Bob's bow: 12 against Cy's 2 is 6 damage, at least twice Cy's Health of 2: the gallows
    // square must be chosen, and square 2 is Bob's own.
    let shot = attack(BOB, Target::Player(CY), WeaponUse::Starting, 2, [&[3, 3], &[6, 6], &[1, 1]]);
    assert_eq!(
        refused(&mut g, shot.clone()),
        "6 damage is at least twice Cy's Health of 2: choose the gallows square they hang on"
    );
    assert_eq!(refused(&mut g, with_gallows(shot.clone(), 2)), "someone already hangs on gallows square 2");
    ok(&mut g, with_gallows(shot, 4));
    assert_eq!(g.state.players[CY].status, Status::Hanged(4));
    assert_eq!(g.state.players[BOB].frags, 2);
    // Cy's shotgun lies on his square for anyone to take.
    let cys = g.state.leftovers.iter().find(|l| l.from == CY).expect("Cy's pile");
    assert_eq!(cys.weapons[0].name, "Shotgun");
    assert_eq!(g.state.players[BOB].hand, 6);
    ok(&mut g, Event::Discard { player: BOB, count: 1 });
    ok(&mut g, Event::EndTurn);
    // The Harrowed Gunslinger draws a free weapon when he respawns after a frag.
    ok(&mut g, Event::Respawn { square: None });
    assert_eq!(g.state.players[CY].hand, 5);
}

#[test]
fn three_frags_win() {
    let mut g = deadlands(Some(1));
    ann_enters(&mut g, 3);
    ok(&mut g, Event::Respawn { square: Some(2) });
    ok(&mut g, Event::RollMovement { dice: vec![1, 1], extra_dice: 0 });
    let line =
        ok(&mut g, attack(BOB, Target::Player(ANN), WeaponUse::Starting, 3, [&[2, 2], &[6, 5], &[1, 2]]));
    assert!(line.ends_with(". Bob wins with 1 frag!"), "{line}");
    assert_eq!(g.state.winner, Some(Win { player: BOB, by: WinBy::Frags }));
    assert_eq!(g.state.players[BOB].hand, 4, "no Special for the winning frag");
    assert_eq!(refused(&mut g, Event::EndTurn), "the game is over: Bob has won");
    assert!(g.state.reminders(book()).is_empty(), "nothing is asked once the game is over");
}

#[test]
fn no_frag_against_yourself() {
    let mut g = deadlands(None);
    ok(&mut g, Event::Respawn { square: Some(3) });
    ok(&mut g, Event::RollMovement { dice: vec![1, 1], extra_dice: 0 });
    let shot = attack(ANN, Target::Player(ANN), WeaponUse::Starting, 1, [&[1, 1, 1], &[6, 6, 6], &[1, 1]]);
    assert_eq!(refused(&mut g, shot), "you cannot attack your own fighter");
    // Acid frags Ann, and no one scores.
    let line = ok(
        &mut g,
        Event::Hazard {
            hazard: "acid".into(),
            check: vec![],
            damage: vec![6, 6],
            defence: vec![1, 1],
            defence_bonus_dice: 0,
            cure: false,
        },
    );
    assert_eq!(
        line,
        "Ann is struck by the Acid: 12 against 2: 6 damage, Ann is fragged; their leftovers lie on their square"
    );
    assert!(g.state.players.iter().all(|p| p.frags == 0));
    // Out of play, she can only end her turn.
    assert_eq!(
        refused(&mut g, Event::Move { squares: 1, jump: false }),
        "Ann is out of play until their next turn"
    );
    ok(&mut g, Event::EndTurn);
}

#[test]
fn the_beast_bites_only_a_slow_eye() {
    let mut g = deadlands(None);
    ok(&mut g, Event::Respawn { square: Some(3) });
    ok(&mut g, Event::RollMovement { dice: vec![3, 3], extra_dice: 0 });
    let escape = Event::Hazard {
        hazard: "beast".into(),
        check: vec![2, 2, 2],
        damage: vec![],
        defence: vec![],
        defence_bonus_dice: 0,
        cure: false,
    };
    assert_eq!(
        ok(&mut g, escape),
        "Ann passes through the Tentacle beast bite: Accuracy 6 (caught on 5 or less), escapes"
    );
    let bite = Event::Hazard {
        hazard: "beast".into(),
        check: vec![1, 2, 2],
        damage: vec![3, 3, 3],
        defence: vec![4, 5],
        defence_bonus_dice: 0,
        cure: false,
    };
    assert_eq!(
        ok(&mut g, bite),
        "Ann is struck by the Tentacle beast bite: 9 against 9: 1 damage, Ann has 1 Health left"
    );
    assert_eq!(g.state.moves_left(), 0, "the beast ends her movement");
}

#[test]
fn weapons_ammo_armour_and_blood() {
    let mut g = deadlands(None);
    ok(&mut g, Event::Respawn { square: Some(3) });
    ok(&mut g, Event::RollMovement { dice: vec![1, 1], extra_dice: 0 });
    ok(&mut g, Event::Draw { player: ANN, deck: Deck::Weapons, count: 2 });
    let pistol = WeaponCard { name: "Laser Pistol".into(), dice: 3, extra: 1, ammo: Some(1) };
    ok(&mut g, Event::Play { player: ANN, card: Play::Weapon(pistol), on: None });
    ok(
        &mut g,
        Event::Play { player: ANN, card: Play::Armour { name: "Light Armor".into(), bonus: 1 }, on: None },
    );
    assert_eq!((g.state.players[ANN].health, g.state.players[ANN].max_health()), (3, 3));
    // Weapon limit: Health 2 + 1 = 3 weapon cards.
    for name in ["Rifle", "Bazooka"] {
        let card = WeaponCard { name: name.into(), dice: 4, extra: 0, ammo: Some(3) };
        ok(&mut g, Event::Play { player: ANN, card: Play::Weapon(card), on: None });
    }
    let fourth = WeaponCard { name: "Knife".into(), dice: 1, extra: 0, ammo: None };
    assert_eq!(
        refused(&mut g, Event::Play { player: ANN, card: Play::Weapon(fourth), on: None }),
        "Ann already has 3 weapon cards in play, the limit"
    );
    ok(&mut g, Event::EndTurn);
    ok(&mut g, Event::Respawn { square: Some(1) });
    ok(&mut g, Event::RollMovement { dice: vec![1, 1], extra_dice: 0 });
    // Bob's bow: 12 against Ann's three defence dice 1+1+2 = 4: 3 damage... too much; stage 1.
    let shot = attack(BOB, Target::Player(ANN), WeaponUse::Starting, 2, [&[1, 1], &[2, 3], &[1, 1, 2]]);
    let line = ok(&mut g, shot);
    assert_eq!(
        line,
        "Bob attacks Ann with the Bow & Arrows: hit on 2 (needed 2), 5 against 4: 1 damage, Ann has 2 Health left; armour lost: Light Armor"
    );
    assert_eq!((g.state.players[ANN].health, g.state.players[ANN].max_health()), (2, 2));
    ok(&mut g, Event::EndTurn);
    ok(&mut g, Event::Respawn { square: Some(6) });
    ok(&mut g, Event::RollMovement { dice: vec![1, 1, 1], extra_dice: 0 });
    ok(&mut g, Event::EndTurn);
    // Ann fires her one-shot pistol (extra damage 1) and runs dry.
    ok(&mut g, Event::RollMovement { dice: vec![1, 1], extra_dice: 0 });
    let pistol = WeaponUse::InPlay { name: "laser pistol".into() };
    let miss = attack(ANN, Target::Player(BOB), pistol.clone(), 6, [&[1, 1, 1], &[], &[]]);
    assert_eq!(
        ok(&mut g, miss),
        "Ann attacks Bob with the Laser Pistol: 3 misses at range 6; the weapon is out of ammo"
    );
    let again = attack(ANN, Target::Player(BOB), pistol, 1, [&[1, 1, 1], &[6, 6, 6], &[6, 6, 6]]);
    assert_eq!(refused(&mut g, again), "Laser Pistol is out of ammo: reload it with a gadget card first");
    // deadlands:8: "you may not fire it again until you have reloaded it with a gadget card."
    let hand = g.state.players[ANN].hand;
    let reload = |gadget: Option<&str>| Event::Reload {
        player: ANN,
        weapon: "Laser Pistol".into(),
        gadget: gadget.map(Into::into),
    };
    assert_eq!(ok(&mut g, reload(Some("Ammo Belt"))), "Ann reloads the Laser Pistol with the Ammo Belt");
    assert_eq!(g.state.players[ANN].weapons[0].ammo_left, Some(1));
    assert_eq!(g.state.players[ANN].hand, hand - 1, "the gadget card is spent");
    ok(&mut g, Event::Discard { player: ANN, count: hand - 1 });
    assert_eq!(
        refused(&mut g, reload(None)),
        "a weapon is reloaded with a gadget card, and Ann has no card in hand"
    );
    // Blood counters heal 1, never past the Health stat.
    assert_eq!(refused(&mut g, Event::SpendBlood { player: ANN }), "Ann has no blood counters");
}

#[test]
fn one_suit_of_armour_at_a_time() {
    // deadlands:8: "A fighter may not normally wear more than one suit of armor at a time. The
    // exceptions are the Armored Duster and the Light Armored Leggings . . . these may be
    // combined with Bulletproof Vest."
    let mut g = deadlands(None);
    ok(&mut g, Event::Respawn { square: Some(3) });
    ok(&mut g, Event::RollMovement { dice: vec![1, 1], extra_dice: 0 });
    let suit = |name: &str| Event::Play {
        player: ANN,
        card: Play::Armour { name: name.into(), bonus: 1 },
        on: None,
    };
    ok(&mut g, suit("Light Armor"));
    assert_eq!(
        refused(&mut g, suit("Bulletproof Vest")),
        "Ann already wears the Light Armor: one suit of armour at a time (only the Bulletproof Vest goes with the Armored Duster or the Light Armored Leggings)"
    );
    let mut g = deadlands(None);
    ok(&mut g, Event::Respawn { square: Some(3) });
    ok(&mut g, Event::RollMovement { dice: vec![1, 1], extra_dice: 0 });
    ok(&mut g, suit("Bulletproof Vest"));
    ok(&mut g, suit("armoured duster"));
    assert_eq!(g.state.players[ANN].armour.len(), 2);
    assert!(
        refused(&mut g, suit("Light Armored Leggings")).starts_with("Ann already wears the armoured duster")
    );
    assert!(book().core.suits_combine("Light Armored Leggings", "bulletproof vest"));
    assert!(!book().core.suits_combine("Armored Duster", "Light Armored Leggings"));
}

#[test]
fn with_every_gallows_square_taken_a_frag_is_a_plain_frag() {
    // deadlands:2 ("The four squares at the end of Main Street … and the center of the
    // desert"): five squares, one hanged fighter each. Reading R31: when all five are taken the
    // attack still happens and the target is fragged as usual.
    let mut g = new_game(
        Variant::Deadlands,
        vec![
            seat("Ann", "agency-operative", (2, 2, 3)),
            seat("Bob", "mad-scientist", (3, 2, 2)),
            seat("Cy", "harrowed-gunslinger", (2, 3, 2)),
            seat("Di", "huckster", (2, 2, 3)),
            seat("Ed", "saloon-gal", (2, 3, 2)),
            seat("Flo", "indian-brave", (3, 2, 2)),
        ],
        None,
    );
    ok(
        &mut g,
        poker(&[
            "AS,KS,QS,JS,10S",
            "7H,7D,2C,3S,9D",
            "2H,4D,6C,8S,10D",
            "3H,5D,7C,9S,JD",
            "4H,6D,8C,10S,QD",
            "5H,7S,9C,JS,KD",
        ]),
    );
    ok(&mut g, Event::Respawn { square: Some(3) });
    ok(&mut g, Event::RollMovement { dice: vec![1, 1], extra_dice: 0 });
    // Ann stands on gallows square 1 (she came back there); Cy to Flo hang on 2 to 5.
    g.state.players[ANN].status = Status::Active(Spot::Gallows(1));
    for (seat, square) in [(2, 2), (3, 3), (4, 4), (5, 5)] {
        g.state.players[seat].status = Status::Hanged(square);
    }
    g.state.players[BOB].status = Status::Active(Spot::Board);
    assert!(g.state.free_gallows(book()).is_empty());
    // 18 against 3: 6 damage, twice Bob's Health of 3, and nowhere to hang him.
    assert_eq!(g.state.gallows_rule(book(), BOB, 6), GallowsRule::No);
    let shot = attack(ANN, Target::Player(BOB), WeaponUse::Starting, 1, [&[2, 2, 2], &[6, 6, 6], &[1, 1, 1]]);
    assert_eq!(
        refused(&mut g, with_gallows(shot.clone(), 1)),
        "every gallows square is taken: Bob is fragged and does not hang"
    );
    let line = ok(&mut g, shot);
    assert!(line.starts_with("Ann attacks Bob with the Gatling Pistol: hit on 6 (needed 1), 18 against 3: 6 damage, Bob is fragged, Ann 1 frag"), "{line}");
    assert_eq!((g.state.players[BOB].status, g.state.players[ANN].frags), (Status::Fragged, 1));
}

#[test]
fn an_old_journal_reloads_for_nothing() {
    // Journals of edition 0 reloaded without a card: they replay so (reading R29).
    let players = vec![seat("Ann", "agency-operative", (2, 2, 3)), seat("Bob", "indian-brave", (3, 2, 2))];
    let setup = Setup {
        variant: Variant::Deadlands,
        players,
        frag_target: None,
        house: HouseRules::default(),
        edition: 0,
    };
    let mut g = Game::default();
    ok(&mut g, Event::Begin(Box::new(setup)));
    ok(&mut g, poker(&["AS,KS,QS,JS,10S", "7H,7D,2C,3S,9D"]));
    ok(&mut g, Event::Respawn { square: Some(3) });
    ok(&mut g, Event::RollMovement { dice: vec![1, 1], extra_dice: 0 });
    let pistol = WeaponCard { name: "Laser Pistol".into(), dice: 2, extra: 1, ammo: Some(1) };
    ok(&mut g, Event::Play { player: ANN, card: Play::Weapon(pistol), on: None });
    let hand = g.state.players[ANN].hand;
    let reload = Event::Reload { player: ANN, weapon: "Laser Pistol".into(), gadget: None };
    assert_eq!(ok(&mut g, reload), "Ann reloads the Laser Pistol");
    assert_eq!(g.state.players[ANN].hand, hand);
    let gatling = Event::Reload { player: ANN, weapon: "Knife".into(), gadget: None };
    assert_eq!(refused(&mut g, gatling), "Ann has no weapon card called Knife in play");
}

#[test]
fn healing_hexes_and_shootouts() {
    let mut g = new_game(
        Variant::Deadlands,
        vec![
            seat("Ann", "indian-brave", (3, 2, 2)),
            seat("Bob", "harrowed-gunslinger", (2, 3, 2)),
            seat("Cy", "saloon-gal", (2, 3, 2)),
            seat("Di", "huckster", (2, 2, 3)),
        ],
        None,
    );
    ok(&mut g, poker(&["AS,KS,QS,JS,10S", "7H,7D,2C,3S,9D", "2H,4D,6C,8S,10D", "3H,5D,7C,9S,JD"]));
    ok(&mut g, Event::Respawn { square: Some(1) });
    ok(&mut g, Event::RollMovement { dice: vec![1, 1], extra_dice: 0 });
    ok(&mut g, Event::Wound { player: ANN, amount: 2, cure: false });
    // The Indian Brave heals 1 more than the card says, but not past his Health.
    assert_eq!(
        ok(
            &mut g,
            Event::Play {
                player: ANN,
                card: Play::Heal { name: "Medkit".into(), amount: 1, beyond_max: false },
                on: None
            }
        ),
        "Ann plays Medkit: Health 3"
    );
    assert_eq!(
        refused(&mut g, Event::Play { player: ANN, card: Play::Hex { name: "Soul Blast".into() }, on: None }),
        "only the Huckster, or a fighter with Hoyle's Book of Games in play, plays hexes"
    );
    ok(&mut g, Event::HoldAttack);
    assert_eq!(g.state.attacks_left(book()), 0);
    ok(&mut g, Event::EndTurn);
    assert_eq!(
        refused(&mut g, Event::Play { player: BOB, card: Play::Hex { name: "Soul Blast".into() }, on: None }),
        "the Harrowed Gunslinger can never use hex cards"
    );
    ok(&mut g, Event::Respawn { square: Some(2) });
    ok(&mut g, Event::RollMovement { dice: vec![2, 2, 2], extra_dice: 0 });
    // Bob walks in front of Ann's held attack: 3+4 and a queen (19) against 1+2+6 and a 9 (18).
    let sh = Shootout {
        holder: ANN,
        holder_dice: vec![3, 4],
        holder_card: "QH".parse().expect("card"),
        mover_dice: vec![1, 2, 6],
        mover_card: "9C".parse().expect("card"),
        main_street: true,
    };
    let joker = Shootout { holder_card: "JK".parse().expect("card"), ..sh.clone() };
    assert_eq!(
        refused(&mut g, Event::Shootout(Box::new(joker))),
        "a joker has no shootout value: discard it and draw another card"
    );
    assert_eq!(
        ok(&mut g, Event::Shootout(Box::new(sh))),
        "Shootout: Ann rolls 3+4 + QH = 19, Bob rolls 1+2+6 + 9C = 18: Ann fires first"
    );
    assert_eq!(g.state.shootout.as_ref().map(|s| s.first), Some(FirstShot::Holder));
    // Ann's held arrow frags Bob on Main Street: a frag's Special plus the shootout bonus.
    let mut held = attack(ANN, Target::Player(BOB), WeaponUse::Starting, 2, [&[1, 1], &[6, 6], &[1, 1]]);
    if let Event::Attack(a) = &mut held {
        a.held = true;
        a.gallows = Some(1);
    }
    ok(&mut g, held);
    assert_eq!(
        (g.state.players[ANN].frags, g.state.players[ANN].hand, g.state.players[ANN].held_attack),
        (1, 5, false)
    );
    ok(&mut g, Event::EndTurn);
    // The Saloon Gal never holds an attack.
    ok(&mut g, Event::Respawn { square: Some(3) });
    ok(&mut g, Event::RollMovement { dice: vec![1, 1, 1], extra_dice: 0 });
    assert_eq!(refused(&mut g, Event::HoldAttack), "the Saloon Gal (Cy) cannot hold an attack");
    ok(&mut g, Event::EndTurn);
    // The Huckster plays hexes; his book's die at the start of the turn draws on 5 or 6.
    assert_eq!(ok(&mut g, Event::StartDraw { roll: 5 }), "Di rolls 5 at the start of the turn: draws a card");
    assert_eq!(
        refused(&mut g, Event::StartDraw { roll: 6 }),
        "the start-of-turn die was already rolled this turn"
    );
    ok(&mut g, Event::Respawn { square: Some(4) });
    ok(&mut g, Event::Play { player: 3, card: Play::Hex { name: "Soul Blast".into() }, on: Some(ANN) });
}

#[test]
fn hoyles_book_opens_the_hexes_to_anyone() {
    let mut g = deadlands(None);
    assert_eq!(
        book().character("huckster").and_then(|c| c.starting.as_ref()).map(|s| s.name.as_str()),
        Some(book().core.hex_gadget.as_str())
    );
    ok(&mut g, Event::Respawn { square: Some(1) });
    ok(&mut g, Event::RollMovement { dice: vec![1, 1], extra_dice: 0 });
    let hex = Event::Play { player: ANN, card: Play::Hex { name: "Soul Blast".into() }, on: Some(BOB) };
    assert_eq!(
        refused(&mut g, hex.clone()),
        "only the Huckster, or a fighter with Hoyle's Book of Games in play, plays hexes"
    );
    ok(
        &mut g,
        Event::Play {
            player: ANN,
            card: Play::Gadget { name: "Hoyle's Book of Games".into(), health: 0 },
            on: None,
        },
    );
    assert_eq!(ok(&mut g, hex), "Ann plays Soul Blast on Bob");
    assert_eq!(g.state.players[ANN].hand, 2);
}

/// Ann (Saloon Gal 2/3/2) and Bob (Mad Scientist 3/2/2) in Frag Zombies!!!; Ann goes first.
fn zombies() -> Game {
    let mut g = new_game(
        Variant::Zombies,
        vec![seat("Ann", "saloon-gal", (2, 3, 2)), seat("Bob", "mad-scientist", (3, 2, 2))],
        None,
    );
    // zombies:27: "All players roll to see who goes first (as in the Frag rules)."
    ok(&mut g, Event::TieRoll { rolls: vec![6, 2] });
    g
}

#[test]
fn frag_zombies_rolls_for_who_goes_first() {
    // zombies:27: "All players roll to see who goes first (as in the Frag rules)." zombies:29:
    // "each player is dealt one card from each deck" (a weapon, a gadget, an event card).
    let players = || {
        vec![
            seat("Ann", "saloon-gal", (2, 3, 2)),
            seat("Bob", "mad-scientist", (3, 2, 2)),
            seat("Cy", "huckster", (2, 2, 3)),
        ]
    };
    let mut g = new_game(Variant::Zombies, players(), None);
    assert_eq!(g.state.stage, Stage::TieBreak { tied: vec![ANN, BOB, CY] });
    assert!(g.state.rolled_for_first());
    assert!(g.state.players.iter().all(|p| p.hand == 3), "no poker card kept");
    assert_eq!(
        g.state.reminders(book()),
        [
            "Take out of the Gadget deck: Energy Reflector, Energy Shield, Fireproof Coating, Personal Teleporter, Phase Shift, Power Leap.",
            "With Death Match: take out every Special, the weapons Mine Dropper, Tranquilizer Pistol and the gadgets Heat Shield, Key Cards (all colors), Wall? What Wall?"
        ]
    );
    assert_eq!(
        refused(&mut g, poker(&["AS,KS,QS,JS,10S", "7H,7D,2C,3S,9D", "2H,4D,6C,8S,10D"])),
        "in Frag Zombies!!! everyone rolls a die for who goes first: there are no poker hands"
    );
    assert_eq!(
        refused(&mut g, Event::DealPoker { seed: 1 }),
        "in Frag Zombies!!! everyone rolls a die for who goes first: there are no poker hands"
    );
    assert_eq!(
        refused(&mut g, Event::Respawn { square: None }),
        "the roll for who goes first comes before this"
    );
    // Bob and Cy tie on 5: they roll again.
    assert_eq!(
        ok(&mut g, Event::TieRoll { rolls: vec![2, 5, 5] }),
        "Who goes first: Ann rolls 2, Bob rolls 5, Cy rolls 5: a tie, Bob and Cy roll again"
    );
    assert_eq!(g.state.stage, Stage::TieBreak { tied: vec![BOB, CY] });
    ok(&mut g, Event::TieRoll { rolls: vec![1, 4] });
    assert_eq!((g.state.stage.clone(), g.state.current_player()), (Stage::Playing, Some(CY)));
    assert!(g.state.reminders(book()).iter().all(|r| !r.starts_with("Take out")));
    // A journal of edition 0 played the poker hands and kept a card: it replays so.
    let mut old = Game::default();
    let setup = Setup {
        variant: Variant::Zombies,
        players: players(),
        frag_target: None,
        house: HouseRules::default(),
        edition: 0,
    };
    ok(&mut old, Event::Begin(Box::new(setup)));
    assert_eq!(old.state.stage, Stage::Poker);
    ok(&mut old, poker(&["AS,KS,QS,JS,10S", "7H,7D,2C,3S,9D", "2H,4D,6C,8S,10D"]));
    assert_eq!((old.state.current_player(), old.state.players[ANN].hand), (Some(ANN), 4));
    // Frag Deadlands keeps its poker hands.
    assert_eq!(deadlands(None).state.players[ANN].poker.len(), 5);
}

#[test]
fn the_saloon_gal_adds_a_die_to_her_defence() {
    // deadlands:6 (Saloon Gal, CHEATIN'): "May discard one card from her hand to add one die
    // to any die roll." Reading R28: her own rolls, one die a roll, a card each.
    let mut g = zombies();
    ok(&mut g, Event::PlaceTile { tile: Some("Hospital".into()), zombies: 20 });
    let zombie = attack(ANN, Target::Zombie, WeaponUse::Starting, 1, [&[3, 3], &[3, 4], &[6, 6]]);
    let mut with_die = zombie.clone();
    if let Event::Attack(a) = &mut with_die {
        a.defence_bonus_dice = 1;
    }
    assert_eq!(refused(&mut g, with_die), "a zombie's defence is one die");
    ok(&mut g, Event::ZombiesMove { roll: 1 });
    ok(&mut g, Event::ZombiesAdjacent { count: 2 });
    // Her Health 2 and one die more: 3 defence dice, and a card from her hand.
    let inputs = g.state.zombie_attack_inputs(book()).expect("a zombie attack").guarded(1);
    let odds = inputs.damage_odds(book()).expect("odds");
    assert_eq!(odds.outcomes, 6u128.pow(5));
    let guarded = |defence: &[u8], bonus: u32| Event::ZombieAttack {
        damage: vec![6, 6],
        defence: defence.to_vec(),
        defence_rerolls: Vec::new(),
        defence_bonus_dice: bonus,
        cure: false,
    };
    assert_eq!(refused(&mut g, guarded(&[3, 3], 1)), "the defence roll needs 3 dice, not 2");
    assert_eq!(refused(&mut g, guarded(&[3, 3, 3, 3], 2)), "Ann adds one die to a roll, not 2");
    let hand = g.state.players[ANN].hand;
    assert_eq!(
        ok(&mut g, guarded(&[3, 3, 6], 1)),
        "A zombie attacks Ann: 12 against 12: 1 damage, Ann has 1 Health left"
    );
    assert_eq!(g.state.players[ANN].hand, hand - 1, "the card she discarded");
    // Bob is no Saloon Gal.
    ok(&mut g, zombie_attack(&[1, 1], &[6]));
    ok(&mut g, Event::EndTurn);
    ok(&mut g, Event::PlaceTile { tile: None, zombies: 0 });
    ok(&mut g, Event::Move { squares: 1, jump: false });
    ok(&mut g, Event::ZombiesMove { roll: 1 });
    ok(&mut g, Event::ZombiesAdjacent { count: 1 });
    assert_eq!(refused(&mut g, guarded(&[3, 3, 3, 3], 1)), "Bob has no cheat that adds a die to a roll");
    // With no card in hand she has nothing to discard.
    let mut g = zombies();
    ok(&mut g, Event::Discard { player: ANN, count: 3 });
    ok(&mut g, Event::PlaceTile { tile: Some("Hospital".into()), zombies: 20 });
    ok(&mut g, Event::ZombiesMove { roll: 1 });
    ok(&mut g, Event::ZombiesAdjacent { count: 1 });
    assert_eq!(
        refused(&mut g, guarded(&[3, 3, 6], 1)),
        "Ann has no card in hand to discard for the extra die"
    );
}

#[test]
fn a_zombie_turn_with_three_attacks() {
    let mut g = zombies();
    let s = &g.state;
    assert_eq!(
        (s.zombie_pool, s.phase(), s.players[ANN].status),
        (100, Some(Phase::Tile), Status::Active(Spot::TownSquare))
    );
    // zombies:29: "each player is dealt one card from each deck"; no poker card is kept.
    assert_eq!(s.players[ANN].hand, 3, "a weapon, a gadget and an event card");
    assert_eq!(
        ok(&mut g, Event::PlaceTile { tile: Some("Hospital".into()), zombies: 20 }),
        "Ann places Hospital with 20 zombies"
    );
    assert_eq!((g.state.zombie_pool, g.state.moves_left()), (80, 3));
    assert_eq!(
        refused(&mut g, Event::Move { squares: 1, jump: true }),
        "there is no jumping in Frag Zombies!!!"
    );
    ok(&mut g, Event::Move { squares: 3, jump: false });
    let line = ok(&mut g, attack(ANN, Target::Zombie, WeaponUse::Starting, 1, [&[1, 1], &[3, 4], &[6]]));
    assert_eq!(
        line,
        "Ann attacks a zombie with the Derringer: hit on 2 (needed 1), 7 against 6: 1 damage, the zombie is fragged (Ann has 1 zombie), draws 1 event card"
    );
    assert_eq!(super::result_words(&g.state).as_deref(), Some("The zombie is fragged (Ann has 1 zombie)"));
    assert_eq!(
        (g.state.players[ANN].zombie_frags, g.state.players[ANN].hand, g.state.zombies_on_board(book())),
        (1, 4, 19)
    );
    // The player to the right (Bob) rolls for the zombies; three are next to Ann.
    assert_eq!(ok(&mut g, Event::ZombiesMove { roll: 4 }), "Bob rolls 4 and moves 4 zombies");
    assert_eq!(refused(&mut g, Event::EndTurn), "count the zombies next to the fighter first");
    ok(&mut g, Event::ZombiesAdjacent { count: 3 });
    let inputs =
        g.state.attack_inputs(book(), ANN, Target::Player(ANN), &WeaponUse::Starting, 0).expect("inputs");
    assert_eq!(inputs.defence_dice, 2);
    assert_eq!(
        ok(&mut g, zombie_attack(&[2, 3], &[3, 4])),
        "A zombie attacks Ann: 5 against 7: 0 damage, no harm done"
    );
    assert_eq!(
        ok(&mut g, zombie_attack(&[5, 5], &[4, 5])),
        "A zombie attacks Ann: 10 against 9: 1 damage, Ann has 1 Health left"
    );
    assert_eq!(refused(&mut g, zombie_attack(&[6, 6], &[3, 3])), "the defence roll needs 1 dice, not 2");
    assert_eq!(
        ok(&mut g, zombie_attack(&[6, 6], &[3])),
        "A zombie attacks Ann: 12 against 3: 4 damage, Ann is fragged and goes back to Town Square (no one scores); their leftovers lie on their square"
    );
    assert_eq!(g.state.zombie_attacks_left(), 0);
    assert_eq!(g.state.players[ANN].zombie_frags, 1, "she keeps her zombies");
    ok(&mut g, Event::EndTurn);
    assert_eq!(g.state.phase(), Some(Phase::Tile));
    ok(&mut g, Event::PlaceTile { tile: None, zombies: 0 });
    ok(&mut g, Event::ZombiesMove { roll: 1 });
    ok(&mut g, Event::ZombiesAdjacent { count: 0 });
    ok(&mut g, Event::EndTurn);
    assert_eq!(
        refused(&mut g, Event::Respawn { square: Some(2) }),
        "in Frag Zombies!!! every fighter respawns at Town Square: no square to roll"
    );
    assert_eq!(ok(&mut g, Event::Respawn { square: None }), "Ann respawns at Town Square");
    assert_eq!(
        (g.state.players[ANN].status, g.state.players[ANN].health),
        (Status::Active(Spot::TownSquare), 2)
    );
}

/// Both typed 4 for who goes first: the log said only "Ann rolls 4, Bob rolls 4" and the
/// form came back empty, so the tie went unsaid.
#[test]
fn a_tie_for_who_goes_first_says_roll_again() {
    let mut g = new_game(
        Variant::Zombies,
        vec![seat("Ann", "agency-operative", (3, 2, 2)), seat("Bob", "saloon-gal", (2, 3, 2))],
        None,
    );
    assert_eq!(
        ok(&mut g, Event::TieRoll { rolls: vec![4, 4] }),
        "Who goes first: Ann rolls 4, Bob rolls 4: a tie, roll again"
    );
    assert_eq!(g.state.stage, Stage::TieBreak { tied: vec![ANN, BOB] });
    assert_eq!(ok(&mut g, Event::TieRoll { rolls: vec![5, 2] }), "Who goes first: Ann rolls 5, Bob rolls 2");
    assert_eq!(g.state.current_player(), Some(ANN));
}

/// zombies:44-50, "in order": movement, power-ups and attacks until the fighter runs out of
/// them, then the zombies move. Moving the zombies ends the actions; what Ann leaves unused is
/// the core's to say (the screen's button says it) and the log keeps it.
#[test]
fn moving_the_zombies_says_what_ann_leaves_unused() {
    let mut g = zombies();
    let unused = |g: &Game| g.state.unused_before_zombies(book());
    // Placing the tile: the actions have not begun, nothing is left over yet.
    assert_eq!(unused(&g), Unused::default());
    ok(&mut g, Event::PlaceTile { tile: Some("Hospital".into()), zombies: 3 });
    // The Saloon Gal 2/3/2: 3 squares (Speed) and 1 attack (Accuracy 2).
    assert_eq!(unused(&g), Unused { squares: 3, attacks: 1 });
    assert_eq!(unused(&g).words().as_deref(), Some("3 squares and 1 attack unused"));
    ok(&mut g, Event::Move { squares: 1, jump: false });
    assert_eq!(unused(&g).words().as_deref(), Some("2 squares and 1 attack unused"));
    assert_eq!(
        ok(&mut g, Event::ZombiesMove { roll: 2 }),
        "Bob rolls 2 and moves 2 zombies (Ann leaves 2 squares and 1 attack unused)"
    );
    assert_eq!(unused(&g), Unused::default(), "the zombies attack now");
    // Her attack made and her squares moved, nothing is left: the line says only the roll.
    ok(&mut g, Event::ZombiesAdjacent { count: 0 });
    ok(&mut g, Event::EndTurn);
    ok(&mut g, Event::PlaceTile { tile: None, zombies: 0 });
    // Bob, the Mad Scientist 3/2/2: 2 squares, 1 attack (with a weapon card: he has no
    // starting weapon).
    ok(&mut g, Event::Move { squares: 2, jump: false });
    assert_eq!(unused(&g).words().as_deref(), Some("1 attack unused"));
    assert_eq!(
        ok(&mut g, Event::ZombiesMove { roll: 1 }),
        "Ann rolls 1 and moves 1 zombie (Bob leaves 1 attack unused)"
    );
}

/// Two zombies on the board and a 5 rolled: the log said "Bob rolls 5 and moves 5 zombies".
/// "Moves that many zombies" (zombies:49) moves at most the zombies there are.
#[test]
fn a_move_roll_above_the_zombies_on_the_board_moves_them_all() {
    let mut g = zombies();
    ok(&mut g, Event::PlaceTile { tile: Some("Hospital".into()), zombies: 3 });
    ok(&mut g, Event::Move { squares: 3, jump: false });
    ok(&mut g, attack(ANN, Target::Zombie, WeaponUse::Starting, 1, [&[1, 1], &[3, 4], &[6]]));
    assert_eq!(g.state.zombies_on_board(book()), 2);
    assert_eq!(g.state.zombies_moving(book(), 5), 2);
    assert_eq!(g.state.unused_before_zombies(book()).words(), None, "her squares moved, her attack made");
    assert_eq!(
        ok(&mut g, Event::ZombiesMove { roll: 5 }),
        "Bob rolls 5 and moves the 2 zombies on the board (all of them)"
    );
    ok(&mut g, Event::ZombiesAdjacent { count: 0 });
    ok(&mut g, Event::EndTurn);
    // Bob frags one with a card: one left, and a 3 moves it.
    ok(&mut g, Event::PlaceTile { tile: None, zombies: 0 });
    ok(&mut g, Event::ZombieFrags { player: BOB, count: 1 });
    assert_eq!(
        ok(&mut g, Event::ZombiesMove { roll: 3 }),
        "Ann rolls 3 and moves the one zombie on the board (Bob leaves 2 squares and 1 attack unused)"
    );
    ok(&mut g, Event::ZombiesAdjacent { count: 0 });
    ok(&mut g, Event::EndTurn);
    // None left: the roll moves nothing.
    ok(&mut g, Event::PlaceTile { tile: None, zombies: 0 });
    ok(&mut g, Event::ZombieFrags { player: ANN, count: 1 });
    ok(&mut g, Event::Move { squares: 3, jump: false });
    ok(&mut g, attack(ANN, Target::Player(BOB), WeaponUse::Starting, 1, [&[1, 1], &[1, 1], &[6, 6, 6]]));
    assert_eq!(ok(&mut g, Event::ZombiesMove { roll: 4 }), "Bob rolls 4: no zombie on the board to move");
}

#[test]
fn too_many_frags_in_one_turn() {
    let mut g = zombies();
    ok(&mut g, Event::PlaceTile { tile: Some("Army Surplus".into()), zombies: 30 });
    // Six with a grenade, then six more: 12 frags, 5 event cards, 2 blood points.
    let line = ok(&mut g, Event::ZombieFrags { player: ANN, count: 6 });
    assert_eq!(line, "Ann frags 6 zombies with a card: 6 in all, draws 5 event cards");
    let line = ok(&mut g, Event::ZombieFrags { player: ANN, count: 6 });
    assert_eq!(
        line,
        "Ann frags 6 zombies with a card: 12 in all, no more event cards this turn, gains 2 blood points for the slaughter"
    );
    let p = &g.state.players[ANN];
    assert_eq!((p.zombie_frags, p.hand, p.blood), (12, 8, 2));
    assert_eq!(g.state.zombies_on_board(book()), 18);
    assert_eq!(
        refused(&mut g, Event::ZombieFrags { player: ANN, count: 19 }),
        "only 18 zombies are on the board"
    );
    ok(&mut g, Event::ZombiesMove { roll: 2 });
    ok(&mut g, Event::ZombiesAdjacent { count: 0 });
    assert_eq!(refused(&mut g, Event::EndTurn), "Ann must discard down to 5 cards before the turn ends");
    ok(&mut g, Event::Discard { player: ANN, count: 3 });
    ok(&mut g, Event::EndTurn);
    // A new turn, a new count: the next frag draws a card again.
    ok(&mut g, Event::PlaceTile { tile: None, zombies: 0 });
    ok(&mut g, Event::ZombieFrags { player: ANN, count: 1 });
    assert_eq!(g.state.players[ANN].hand, 6);
}

#[test]
fn twenty_five_zombies_or_the_heliport_win() {
    let mut g = zombies();
    ok(&mut g, Event::PlaceTile { tile: Some("Mall".into()), zombies: 40 });
    let line = ok(&mut g, Event::ZombieFrags { player: BOB, count: 25 });
    assert!(line.ends_with(". Bob wins with 25 zombie frags!"), "{line}");
    assert_eq!(g.state.winner, Some(Win { player: BOB, by: WinBy::ZombieFrags }));
    let mut g = zombies();
    ok(&mut g, Event::PlaceTile { tile: Some("Heliport".into()), zombies: 0 });
    assert_eq!(
        ok(&mut g, Event::ReachHeliport),
        "Ann reaches the centre of the Heliport. Ann wins with the Heliport!"
    );
}

#[test]
fn fragging_a_player_in_zombies_earns_nothing() {
    let mut g = zombies();
    ok(&mut g, Event::PlaceTile { tile: Some("Mall".into()), zombies: 10 });
    ok(&mut g, Event::ZombieFrags { player: ANN, count: 1 });
    ok(&mut g, Event::ZombiesMove { roll: 1 });
    ok(&mut g, Event::ZombiesAdjacent { count: 0 });
    ok(&mut g, Event::EndTurn);
    ok(&mut g, Event::PlaceTile { tile: None, zombies: 0 });
    ok(
        &mut g,
        Event::Play { player: BOB, card: Play::Gadget { name: "Jet Boots".into(), health: 0 }, on: None },
    );
    let hand = g.state.players[BOB].hand;
    let shot = attack(
        BOB,
        Target::Player(ANN),
        WeaponUse::New(WeaponCard { name: "Rifle".into(), dice: 4, extra: 0, ammo: None }),
        2,
        [&[3, 3], &[6, 6, 6, 6], &[1, 1]],
    );
    let line = ok(&mut g, shot);
    assert!(
        line.ends_with(
            "Ann is fragged and goes back to Town Square (no one scores); their leftovers lie on their square"
        ),
        "{line}"
    );
    let s = &g.state;
    assert_eq!((s.players[BOB].frags, s.players[BOB].hand), (0, hand - 1));
    assert_eq!(s.players[ANN].zombie_frags, 1, "he keeps his zombies");
    assert_eq!(
        g.state.attack_inputs(book(), BOB, Target::Zombie, &WeaponUse::Starting, 0),
        Err(Error::NoStartingWeapon("Bob".into()))
    );
}

#[test]
fn event_cards_in_play_and_decks() {
    let mut g = zombies();
    ok(&mut g, Event::Draw { player: ANN, deck: Deck::Events, count: 3 });
    for name in ["Skateboard", "Grenade", "Alternate Food Source"] {
        ok(
            &mut g,
            Event::Play {
                player: ANN,
                card: Play::Event { name: name.into(), lasting: true, roll: None, weapon: None },
                on: None,
            },
        );
    }
    assert_eq!(
        refused(
            &mut g,
            Event::Play {
                player: ANN,
                card: Play::Event {
                    name: "Much Needed Rest".into(),
                    lasting: true,
                    roll: None,
                    weapon: None
                },
                on: None
            }
        ),
        "Ann already has 3 event cards in play, the most allowed: discard one first"
    );
    ok(&mut g, Event::Remove { player: ANN, card: "grenade".into() });
    assert_eq!(
        refused(&mut g, Event::Draw { player: ANN, deck: Deck::Specials, count: 1 }),
        "the Specials deck is used only in Frag Deadlands"
    );
    let mut d = deadlands(None);
    assert_eq!(
        refused(&mut d, Event::Draw { player: ANN, deck: Deck::Events, count: 1 }),
        "the event deck is used only in Frag Zombies!!!"
    );
    assert_eq!(
        ok(&mut d, Event::JokerDrawn { player: BOB }),
        "Bob drew a joker: it is discarded, and they draw a card from any deck instead"
    );
}

#[test]
fn the_chainsaw_the_first_aid_kit_and_what_a_frag_takes() {
    let mut g = zombies();
    ok(&mut g, Event::Draw { player: ANN, deck: Deck::Events, count: 4 });
    let play = |name: &str, lasting: bool, roll: Option<u8>, weapon: Option<WeaponCard>| Event::Play {
        player: ANN,
        card: Play::Event { name: name.into(), lasting, roll, weapon },
        on: None,
    };
    // zombies:92: "For the remainder of the game you are considered to have a chainsaw weapon
    // card in play that does not count against your weapon limit."
    let chainsaw = WeaponCard { name: "Chainsaw".into(), dice: 3, extra: 1, ammo: None };
    assert_eq!(
        refused(&mut g, play("Chainsaw", false, None, None)),
        "type the weapon card the Chainsaw puts in play"
    );
    ok(&mut g, play("Chainsaw", false, None, Some(chainsaw.clone())));
    // Ann's limit is Health 2 + 1 = 3 weapon cards; the Chainsaw is beyond it.
    for name in ["Rifle", "Bazooka", "Shotgun"] {
        let card = WeaponCard { name: name.into(), dice: 2, extra: 0, ammo: Some(2) };
        ok(&mut g, Event::Play { player: ANN, card: Play::Weapon(card), on: None });
    }
    assert_eq!(g.state.players[ANN].weapons.len(), 4);
    // zombies:94: "Roll 1d6 and collect that number of Blood Counters".
    assert_eq!(
        refused(&mut g, play("First Aid Kit", false, None, None)),
        "roll 1d6 for the First Aid Kit: that many blood counters"
    );
    assert_eq!(refused(&mut g, play("First Aid Kit", false, Some(7), None)), "a d6 shows 1 to 6, not 7");
    assert_eq!(
        refused(&mut g, play("Skateboard", true, Some(3), None)),
        "the Skateboard rolls no die for blood counters"
    );
    ok(&mut g, play("First Aid Kit", false, Some(4), None));
    assert_eq!(g.state.players[ANN].blood, 4);
    // zombies:96, :104: the Grenade and the Skateboard remain "until you are fragged".
    ok(&mut g, play("Grenade", true, None, None));
    ok(&mut g, play("Skateboard", true, None, None));
    ok(&mut g, Event::Draw { player: ANN, deck: Deck::Events, count: 1 });
    ok(&mut g, play("Alternate Food Source", true, None, None));
    ok(&mut g, Event::Wound { player: ANN, amount: 2, cure: false });
    let p = &g.state.players[ANN];
    assert_eq!(p.status, Status::Fragged);
    assert_eq!(p.specials, ["Alternate Food Source"]);
    assert_eq!(
        p.weapons.iter().map(|w| (w.card.name.as_str(), w.kept)).collect::<Vec<_>>(),
        [("Chainsaw", true)]
    );
}

#[test]
fn dealt_poker_hands_replay_exactly_and_undo() {
    let mut g = new_game(
        Variant::Deadlands,
        vec![seat("Ann", "huckster", (3, 2, 2)), seat("Bob", "saloon-gal", (2, 3, 2))],
        None,
    );
    ok(&mut g, Event::DealPoker { seed: 42 });
    let hands: Vec<Vec<crate::systems::frag::rules::poker::PokerCard>> =
        g.state.players.iter().map(|p| p.poker.clone()).collect();
    assert!(hands.iter().all(|h| h.len() == 5));
    assert_ne!(hands[0], hands[1]);
    let replay = Game::replay(book(), &g.events).expect("replays");
    assert_eq!(replay.state, g.state);
    assert_eq!(replay.lines, g.lines);
    let (undone, last) = g.undo(book()).expect("replays").expect("an event");
    assert_eq!(last, Event::DealPoker { seed: 42 });
    assert_eq!(undone.state.stage, Stage::Poker);
}

#[test]
fn events_are_stable_json() {
    let e = attack(ANN, Target::Player(BOB), WeaponUse::Starting, 3, [&[2, 2], &[6, 5], &[1, 2]]);
    let text = serde_json::to_string(&e).expect("json");
    assert_eq!(
        text,
        r#"{"Attack":{"attacker":0,"target":{"Player":1},"weapon":"Starting","range":3,"to_hit":[2,2],"damage":[6,5],"defence":[1,2]}}"#
    );
    assert_eq!(serde_json::from_str::<Event>(&text).expect("reads"), e);
    assert!(serde_json::from_str::<Event>(r#"{"Move":{"squares":2,"sideways":true}}"#).is_err());
    assert_eq!(serde_json::to_string(&Event::EndTurn).expect("json"), r#""EndTurn""#);
}

#[test]
fn the_scoreboard_and_the_odds_panel() {
    let mut g = deadlands(None);
    ok(&mut g, Event::Respawn { square: Some(3) });
    let board = g.state.scoreboard(book());
    assert_eq!(board.len(), 3);
    assert_eq!(
        (board[0].character.as_str(), board[0].current, board[0].weapon_limit),
        ("Agency Operative", true, 3)
    );
    assert_eq!((board[1].status, board[1].max_health), (Status::Waiting, 3));
    assert_eq!(status_words(Status::Hanged(2)), "hanged on gallows square 2");
    let inputs =
        g.state.attack_inputs(book(), ANN, Target::Player(ANN), &WeaponUse::Starting, 1).expect("inputs");
    let hit = inputs.hit_odds(book(), 7).expect("odds");
    assert_eq!((hit.dice, hit.range), (4, 7));
    let _ = Outcome::None;
}

mod property {
    use super::*;
    use crate::kernel::sim::{random_game, replays_exactly};
    use proptest::prelude::*;

    fn begin(variant: Variant) -> Event {
        let players = vec![
            seat("Ann", "agency-operative", (2, 2, 3)),
            seat("Bob", "indian-brave", (3, 2, 2)),
            seat("Cy", "huckster", (2, 3, 2)),
        ];
        Event::Begin(Box::new(Setup {
            variant,
            players,
            frag_target: Some(4),
            house: HouseRules::default(),
            edition: EDITION,
        }))
    }

    /// The books balance: every zombie is in the pool, on the board or kept as a frag, and no
    /// one is above their health or carries more weapons than they may.
    fn balanced(variant: Variant, g: &Game) -> Result<(), String> {
        let s = &g.state;
        let kept: u32 = s.players.iter().map(|p| p.zombie_frags).sum();
        if variant == Variant::Zombies && s.zombie_pool + s.zombies_on_board(book()) + kept != 100 {
            return Err(format!("{} zombies", s.zombie_pool + s.zombies_on_board(book()) + kept));
        }
        for (seat, p) in s.players.iter().enumerate() {
            if p.health > p.max_health() {
                return Err(format!("{} has {} of {}", p.name, p.health, p.max_health()));
            }
            if !(p.is_active() || p.health == 0 || p.status == Status::Waiting) {
                return Err(format!("{} is {:?} with {} health", p.name, p.status, p.health));
            }
            let counted = p.weapons.iter().filter(|w| !w.kept).count();
            if u32::try_from(counted).unwrap_or(u32::MAX) > s.weapon_limit(book(), seat) {
                return Err(format!("{} carries {} weapons", p.name, p.weapons.len()));
            }
        }
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// Random accepted events (the sim draws until the rules accept one): the books always
        /// balance, and the game replays exactly, every prefix kept included.
        #[test]
        fn random_games_replay_exactly_and_undo(seed in any::<u64>(), zombies in any::<bool>(), steps in 20usize..300) {
            let variant = if zombies { Variant::Zombies } else { Variant::Deadlands };
            let played = random_game::<Game>(
                book(),
                &[begin(variant)],
                seed,
                steps,
                |g, rng| sim::next_event(book(), &g.state, rng),
                |g| balanced(variant, g),
            )
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
            replays_exactly(book(), &played).map_err(|e| TestCaseError::fail(e.to_string()))?;
        }
    }
}

/// "Fragged: If the Health of the target drops to 0 or less, and he can't cure it instantly
/// with cards, he is fragged" (deadlands:8; reading R33). Ann, at 1 Health, is hit by Bob's
/// bow for 2 (12 against her one die of 6: twice her Health, so the gallows); her player says
/// she holds a healing card.
fn ann_at_one_health_hit_for_two(cure: bool) -> (Game, String) {
    let mut g = deadlands(None);
    ann_enters(&mut g, 3);
    ok(&mut g, Event::Respawn { square: Some(2) });
    ok(&mut g, Event::RollMovement { dice: vec![1, 1], extra_dice: 0 });
    ok(&mut g, Event::Wound { player: ANN, amount: 1, cure: false });
    assert_eq!(g.state.players[ANN].health, 1);
    let mut shot =
        with_gallows(attack(BOB, Target::Player(ANN), WeaponUse::Starting, 3, [&[2, 2], &[6, 6], &[6]]), 1);
    if let Event::Attack(a) = &mut shot {
        a.cure = cure;
    }
    let line = ok(&mut g, shot);
    (g, line)
}

fn heal(player: usize, name: &str, amount: u32) -> Event {
    Event::Play { player, card: Play::Heal { name: name.into(), amount, beyond_max: false }, on: None }
}

#[test]
fn a_fighter_with_a_healing_card_is_asked_and_cures_the_frag() {
    let (mut g, line) = ann_at_one_health_hit_for_two(true);
    assert_eq!(
        line,
        "Bob attacks Ann with the Bow & Arrows: hit on 4 (needed 3), 12 against 6: 2 damage, Ann is at 0 Health (1 below): they cure it now or are fragged"
    );
    assert_eq!(
        super::result_words(&g.state).as_deref(),
        Some("Ann is at 0 Health (1 below): they cure it now or are fragged")
    );
    let s = &g.state;
    assert_eq!((s.players[ANN].status, s.players[ANN].health), (Status::Active(Spot::Respawn(3)), 0));
    let wait = s.cure.as_ref().expect("a cure waits");
    assert_eq!((wait.seat, wait.attacker, wait.below, wait.gallows), (ANN, Some(BOB), 1, Some(1)));
    assert_eq!((s.players[BOB].frags, s.leftovers.len()), (0, 0));
    // Nothing else happens until Ann answers; no one else heals her.
    let waiting =
        "Ann is at 0 Health: they cure it now (a healing card, a blood counter) or say they have no cure";
    assert_eq!(refused(&mut g, Event::EndTurn), waiting);
    assert_eq!(refused(&mut g, Event::Draw { player: BOB, deck: Deck::Weapons, count: 1 }), waiting);
    let bobs = Event::Play {
        player: BOB,
        card: Play::Heal { name: "Bandages".into(), amount: 2, beyond_max: false },
        on: Some(ANN),
    };
    assert_eq!(refused(&mut g, bobs), waiting);
    // A card healing 1 brings her only to 0: still waiting; a second brings her back.
    let hand = g.state.players[ANN].hand;
    assert_eq!(ok(&mut g, heal(ANN, "Bandages", 1)), "Ann plays Bandages: still at 0 Health");
    assert_eq!(g.state.cure.as_ref().map(|w| w.below), Some(0));
    assert_eq!(
        ok(&mut g, heal(ANN, "Snake Oil", 1)),
        "Ann plays Snake Oil: cured with Health 1, not fragged"
    );
    let s = &g.state;
    assert_eq!(s.cure, None);
    assert_eq!(
        (s.players[ANN].status, s.players[ANN].health, s.players[ANN].hand),
        (Status::Active(Spot::Respawn(3)), 1, hand - 2)
    );
    assert_eq!((s.players[BOB].frags, s.leftovers.len()), (0, 0));
    assert_eq!(refused(&mut g, Event::NoCure { player: ANN }), "Ann is not waiting for a cure");
    ok(&mut g, Event::EndTurn);
}

#[test]
fn a_fighter_who_declines_the_cure_is_fragged() {
    let (mut g, _) = ann_at_one_health_hit_for_two(true);
    assert_eq!(
        refused(&mut g, Event::NoCure { player: BOB }),
        "Ann is at 0 Health: they cure it now (a healing card, a blood counter) or say they have no cure"
    );
    assert_eq!(
        ok(&mut g, Event::NoCure { player: ANN }),
        "No cure: Ann is fragged and hangs on gallows square 1, Bob 1 frag, draws 1 Special card; their leftovers lie on their square"
    );
    let s = &g.state;
    assert_eq!(s.cure, None);
    assert_eq!((s.players[ANN].status, s.players[ANN].health), (Status::Hanged(1), 0));
    assert_eq!((s.players[BOB].frags, s.leftovers.len()), (1, 1));
    assert_eq!(s.last.as_ref().map(|r| (r.result, r.cards_drawn)), Some((Outcome::Gallows, 1)));
}

#[test]
fn a_fighter_without_a_cure_is_fragged_at_once() {
    let (g, line) = ann_at_one_health_hit_for_two(false);
    assert_eq!(
        line,
        "Bob attacks Ann with the Bow & Arrows: hit on 4 (needed 3), 12 against 6: 2 damage, Ann is fragged and hangs on gallows square 1, Bob 1 frag, draws 1 Special card; their leftovers lie on their square"
    );
    let s = &g.state;
    assert_eq!(s.cure, None);
    assert_eq!((s.players[ANN].status, s.players[BOB].frags), (Status::Hanged(1), 1));
    assert_eq!(
        super::result_words(s).as_deref(),
        Some("Ann is fragged and hangs on gallows square 1, Bob 1 frag, draws 1 Special card")
    );
}

#[test]
fn games_begun_before_the_cure_never_wait() {
    let mut g = Game::default();
    let players = vec![seat("Ann", "agency-operative", (2, 2, 3)), seat("Bob", "indian-brave", (3, 2, 2))];
    ok(
        &mut g,
        Event::Begin(Box::new(Setup {
            variant: Variant::Deadlands,
            players,
            frag_target: None,
            house: HouseRules::default(),
            edition: 1,
        })),
    );
    ok(&mut g, poker(&["AS,KS,QS,JS,10S", "7H,7D,2C,3S,9D"]));
    ann_enters(&mut g, 3);
    ok(&mut g, Event::Respawn { square: Some(2) });
    ok(&mut g, Event::RollMovement { dice: vec![1, 1], extra_dice: 0 });
    let mut shot = attack(BOB, Target::Player(ANN), WeaponUse::Starting, 3, [&[2, 2], &[6, 5], &[1, 2]]);
    if let Event::Attack(a) = &mut shot {
        a.cure = true;
    }
    assert_eq!(refused(&mut g, shot), "this game began before a frag waited for a cure");
}

#[test]
fn a_blood_counter_in_reach_and_a_card_cure_a_frag_together() {
    // deadlands:8: "if he can use a card, or get to a blood counter, he can restore Health."
    let mut g = deadlands(None);
    ann_enters(&mut g, 3);
    ok(&mut g, Event::Respawn { square: Some(2) });
    ok(&mut g, Event::RollMovement { dice: vec![1, 1], extra_dice: 0 });
    ok(&mut g, attack(BOB, Target::Player(ANN), WeaponUse::Starting, 3, [&[2, 2], &[6, 5], &[1, 2]]));
    ok(&mut g, Event::EndTurn);
    ok(&mut g, Event::Respawn { square: Some(6) });
    ok(&mut g, Event::RollMovement { dice: vec![3, 3, 3], extra_dice: 0 });
    ok(&mut g, Event::EndTurn);
    ok(&mut g, Event::Respawn { square: Some(4) });
    ok(&mut g, Event::RollMovement { dice: vec![2, 2], extra_dice: 0 });
    ok(&mut g, Event::Wound { player: CY, amount: 1, cure: false });
    // Ann's Gatling Pistol: 18 against Cy's 6 is 3 damage, 2 past his last Health.
    let mut shot = with_gallows(
        attack(ANN, Target::Player(CY), WeaponUse::Starting, 1, [&[3, 3, 3], &[6, 6, 6], &[6]]),
        1,
    );
    if let Event::Attack(a) = &mut shot {
        a.cure = true;
    }
    assert_eq!(
        ok(&mut g, shot),
        "Ann attacks Cy with the Gatling Pistol: hit on 9 (needed 1), 18 against 6: 3 damage, Cy is at 0 Health (2 below): they cure it now or are fragged"
    );
    // Ann's blood counter lies in reach: Cy takes it and spends it at once, out of his turn.
    assert_eq!(
        ok(&mut g, Event::PickUp { player: CY, pile: 0, take: Take::Blood }),
        "Cy picks up the blood counter from the pile left by Ann: still at 0 Health (1 below)"
    );
    assert_eq!((g.state.players[CY].blood, g.state.leftovers.len()), (0, 0));
    assert_eq!(refused(&mut g, Event::SpendBlood { player: CY }), "Cy has no blood counters");
    assert_eq!(ok(&mut g, heal(CY, "Snake Oil", 2)), "Cy plays Snake Oil: cured with Health 1, not fragged");
    let s = &g.state;
    assert_eq!(
        (s.cure.is_none(), s.players[CY].status, s.players[CY].health),
        (true, Status::Active(Spot::Respawn(6)), 1)
    );
    assert_eq!(s.players[ANN].frags, 0);
}

#[test]
fn a_zombie_frag_waits_for_the_cure_too() {
    // zombies: "Use the rules from Frag"; deadlands:8: "and he can't cure it instantly with
    // cards". Ann (Health 2) has two zombies next to her; the first does 4 damage.
    let bite = |cure: bool| Event::ZombieAttack {
        damage: vec![6, 6],
        defence: vec![1, 2],
        defence_rerolls: Vec::new(),
        defence_bonus_dice: 0,
        cure,
    };
    let start = || {
        let mut g = zombies();
        ok(&mut g, Event::PlaceTile { tile: Some("Hospital".into()), zombies: 20 });
        ok(&mut g, Event::ZombiesMove { roll: 2 });
        ok(&mut g, Event::ZombiesAdjacent { count: 2 });
        g
    };
    let mut g = start();
    assert_eq!(
        ok(&mut g, bite(true)),
        "A zombie attacks Ann: 12 against 3: 4 damage, Ann is at 0 Health (2 below): they cure it now or are fragged"
    );
    assert_eq!((g.state.zombie_attacks_left(), g.state.players[ANN].is_active()), (1, true));
    assert_eq!(
        refused(&mut g, bite(false)),
        "Ann is at 0 Health: they cure it now (a healing card, a blood counter) or say they have no cure"
    );
    assert_eq!(
        ok(&mut g, heal(ANN, "First Aid", 3)),
        "Ann plays First Aid: cured with Health 1, not fragged"
    );
    assert_eq!(g.state.zombie_attacks_left(), 1, "the second zombie still bites");

    // Declined, the frag is as it was: no more bites, back to Town Square.
    let mut g = start();
    ok(&mut g, bite(true));
    assert_eq!(
        ok(&mut g, Event::NoCure { player: ANN }),
        "No cure: Ann is fragged and goes back to Town Square (no one scores); their leftovers lie on their square"
    );
    assert_eq!((g.state.zombie_attacks_left(), g.state.players[ANN].status), (0, Status::Fragged));
    ok(&mut g, Event::EndTurn);
}

#[test]
fn a_hazard_frag_waits_for_the_cure() {
    // deadlands:8: "If the Health of the target drops to 0 or less, and he can't cure it
    // instantly with cards, he is fragged". Acid does 6 damage to Ann's 2 Health: 4 past 0.
    let mut g = deadlands(None);
    ok(&mut g, Event::Respawn { square: Some(3) });
    ok(&mut g, Event::RollMovement { dice: vec![1, 1], extra_dice: 0 });
    let acid = Event::Hazard {
        hazard: "acid".into(),
        check: vec![],
        damage: vec![6, 6],
        defence: vec![1, 1],
        defence_bonus_dice: 0,
        cure: true,
    };
    assert_eq!(
        ok(&mut g, acid),
        "Ann is struck by the Acid: 12 against 2: 6 damage, Ann is at 0 Health (4 below): they cure it now or are fragged"
    );
    assert_eq!(
        refused(&mut g, Event::EndTurn),
        "Ann is at 0 Health: they cure it now (a healing card, a blood counter) or say they have no cure"
    );
    assert_eq!(
        ok(&mut g, heal(ANN, "Snake Oil", 5)),
        "Ann plays Snake Oil: cured with Health 1, not fragged"
    );
    let s = &g.state;
    assert_eq!(
        (s.cure.is_none(), s.players[ANN].status, s.players[ANN].health, s.leftovers.len()),
        (true, Status::Active(Spot::Respawn(3)), 1, 0)
    );
    ok(&mut g, Event::EndTurn);
}

#[test]
fn a_card_wound_frag_waits_for_the_cure_and_is_declined() {
    // deadlands:8: "If the Health of the target drops to 0 or less, and he can't cure it
    // instantly with cards, he is fragged". A card takes 3 Health from Ann's 2.
    let mut g = deadlands(None);
    ann_enters(&mut g, 3);
    assert_eq!(
        ok(&mut g, Event::Wound { player: ANN, amount: 3, cure: true }),
        "Ann loses 3 Health to a card: at 0 Health (1 below): they cure it now or are fragged"
    );
    assert_eq!(
        refused(&mut g, Event::Respawn { square: Some(2) }),
        "Ann is at 0 Health: they cure it now (a healing card, a blood counter) or say they have no cure"
    );
    assert_eq!(
        ok(&mut g, Event::NoCure { player: ANN }),
        "No cure: Ann is fragged; their leftovers lie on their square"
    );
    let s = &g.state;
    assert_eq!((s.cure.is_none(), s.players[ANN].status), (true, Status::Fragged));
    assert!(s.players.iter().all(|p| p.frags == 0), "no one scores a card's frag");
    // The same wound without the tick frags at once, as before.
    let mut g = deadlands(None);
    ann_enters(&mut g, 3);
    assert_eq!(
        ok(&mut g, Event::Wound { player: ANN, amount: 3, cure: false }),
        "Ann loses 3 Health to a card: fragged (no one scores)"
    );
}
