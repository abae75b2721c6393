//! The games the browser test (`web/test/share-test.mjs`) shares at the table for the systems
//! with no `posse game simulate`: one small journal per system in
//! `tests/fixtures/share/<id>-game.jsonl`, each a set-up and a few events that leave a seat
//! with a choice. Each game is built here through the system's own events; with
//! `POSSE_BLESS=1` its journal is written again with the store's `Journal`, and otherwise the
//! committed file must hold exactly these events and replay to the same game, with the seats
//! offering what the browser test taps. A rules change that breaks the browser test's game
//! fails here first, saying how to write the fixture again.

use std::path::PathBuf;

use posse::kernel::log::{Log, Rules};
use posse::kernel::seat::{SeatRules, SeatView};
use posse::store::{Journal, read_journal_of};
use serde::Serialize;
use serde::de::DeserializeOwned;

/// The environment variable that writes the fixtures again instead of comparing with them.
const BLESS: &str = "POSSE_BLESS";

fn fixture(system: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("tests/fixtures/share/{system}-game.jsonl"))
}

/// The game `events` make, refused events named.
fn replay<R: Rules>(rules: &R, events: &[R::Event]) -> Log<R>
where
    R::Error: std::fmt::Display,
{
    match Log::replay(rules, events) {
        Ok(game) => game,
        Err((i, e)) => panic!("event {i} is refused: {e}"),
    }
}

/// Writes `system`'s fixture (blessing) or checks the committed one holds `events` and
/// replays to `game`.
fn bless_or_check<R: Rules>(system: &str, rules: &R, game: &Log<R>)
where
    R::Event: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug,
    R::Error: std::fmt::Display,
{
    let path = fixture(system);
    if std::env::var_os(BLESS).is_some() {
        std::fs::create_dir_all(path.parent().expect("a folder")).expect("the fixtures' folder");
        Journal::rewrite(&path, &game.events).expect("written");
        return;
    }
    let read = read_journal_of::<R::Event>(&path).expect("the fixture is readable");
    assert!(read.damage.is_none() && !read.torn_tail, "{} is damaged: {:?}", path.display(), read.damage);
    assert_eq!(
        read.events,
        game.events,
        "{} is not the game built here: `{BLESS}=1 cargo test --test main share_fixtures` writes it again",
        path.display()
    );
    let again = replay(rules, &read.events);
    assert_eq!(again.lines, game.lines, "{} replays to another game", path.display());
}

fn view<R: SeatRules>(rules: &R, game: &Log<R>, seat: Option<&str>) -> SeatView {
    rules.seat_view(game, seat).expect("a seat")
}

fn ids(view: &SeatView) -> Vec<&str> {
    view.choices().map(|c| c.id.as_str()).collect()
}

// ---------------------------------------------------------------------------------------------
// Fragmaster Origins.

/// Ann, Bob, Cid and Dan, first to 3 frags, a sniper rifle at rearm point 1; initiative Bob 14,
/// Ann and Cid 11 (tiebreak 5 and 2), Dan 9; all deployed: round 1, Bob's turn, 3 actions.
fn fragmaster_game() -> (
    posse::systems::fragmaster::game::Fragmaster<'static>,
    Log<posse::systems::fragmaster::game::Fragmaster<'static>>,
) {
    use posse::systems::fragmaster::game::{
        CharacterId, Event, Fragmaster, InitiativeRoll, PlayerSetup, Respawn, Setup, TiebreakRoll,
    };
    use posse::systems::fragmaster::rules::data::WeaponId;
    use posse::systems::fragmaster::rules::dice::D6;
    let rules = Fragmaster { rules: posse::systems::fragmaster::rules::embedded::load().expect("the rules") };
    let d6 = |f: u8| D6::new(f).expect("a face");
    let [ann, bob, cid, dan] = [0, 1, 2, 3].map(CharacterId);
    let players = ["Ann", "Bob", "Cid", "Dan"]
        .iter()
        .map(|&n| PlayerSetup { name: n.to_owned(), characters: vec![n.to_owned()] })
        .collect();
    let mut events = vec![
        Event::Setup(Setup {
            players,
            target: 3,
            respawn_points: 6,
            rearm_points: vec![WeaponId("sniper-rifle".to_owned())],
            respawn: Respawn::NextTurn,
        }),
        Event::InitiativeRolls {
            rolls: [(ann, 11), (bob, 14), (cid, 11), (dan, 9)]
                .iter()
                .map(|&(character, roll)| InitiativeRoll { character, roll })
                .collect(),
        },
        Event::Tiebreaks {
            rolls: [(ann, 5), (cid, 2)]
                .iter()
                .map(|&(character, f)| TiebreakRoll { character, roll: d6(f) })
                .collect(),
        },
    ];
    for (character, faces) in [(bob, &[4][..]), (ann, &[4, 1]), (cid, &[2]), (dan, &[6])] {
        events.push(Event::DeploymentRolls { character, rolls: faces.iter().map(|&f| d6(f)).collect() });
    }
    let game = replay(&rules, &events);
    (rules, game)
}

#[test]
fn the_fragmaster_fixture_leaves_bob_to_take_cover_from_his_phone() {
    let (rules, game) = fragmaster_game();
    bless_or_check("fragmaster", &rules, &game);
    let bob = view(&rules, &game, Some("character-1"));
    assert_eq!(bob.headline, "Round 1 · Bob's turn");
    assert!(bob.your_turn);
    assert!(bob.offers("act:take-cover") && bob.offers("end"), "{:?}", ids(&bob));
    let ann = view(&rules, &game, Some("character-0"));
    assert!(!ann.your_turn && ids(&ann).is_empty());
    assert_eq!(ann.table[1].detail, "Assault rifle · alive · respawn point 4 · 0 deaths");
}

// ---------------------------------------------------------------------------------------------
// Frag Deadlands.

/// Ann (Agency Operative, keeps 4), Bob (Indian Brave) and Cy (Harrowed Gunslinger); Ann's
/// royal flush goes first; she respawns on square 3, moves 1+1, draws two weapon cards and puts
/// the Laser Pistol in play: 5 in hand, one over her limit. Bob and Cy hold four each.
fn frag_game() -> (&'static posse::systems::frag::rules::Rulebook, Log<posse::systems::frag::rules::Rulebook>)
{
    use posse::systems::frag::game::{EDITION, Event, HouseRules, Play, Seat, Setup, WeaponCard};
    use posse::systems::frag::rules::Deck;
    use posse::systems::frag::rules::data::Variant;
    use posse::systems::frag::rules::fighter::Fighter;
    let book = posse::systems::frag::rules::embedded::rulebook().expect("data");
    let seat = |name: &str, character: &str, (health, speed, accuracy)| Seat {
        name: name.into(),
        fighter: Fighter {
            character: character.into(),
            name: String::new(),
            health,
            speed,
            accuracy,
            wins: 0,
        },
    };
    let hands =
        [["AS", "KS", "QS", "JS", "10S"], ["7H", "7D", "2C", "3S", "9D"], ["2H", "4D", "6C", "8S", "10D"]];
    let hands = hands.iter().map(|h| h.iter().map(|c| c.parse().expect("card")).collect()).collect();
    let pistol = WeaponCard { name: "Laser Pistol".into(), dice: 3, extra: 1, ammo: Some(1) };
    let events = [
        Event::Begin(Box::new(Setup {
            variant: Variant::Deadlands,
            players: vec![
                seat("Ann", "agency-operative", (2, 2, 3)),
                seat("Bob", "indian-brave", (3, 2, 2)),
                seat("Cy", "harrowed-gunslinger", (2, 3, 2)),
            ],
            frag_target: None,
            house: HouseRules::default(),
            edition: EDITION,
        })),
        Event::PokerHands { hands },
        Event::Respawn { square: Some(3) },
        Event::RollMovement { dice: vec![1, 1], extra_dice: 0 },
        Event::Draw { player: 0, deck: Deck::Weapons, count: 2 },
        Event::Play { player: 0, card: Play::Weapon(pistol), on: None },
    ];
    (book, replay(book, &events))
}

#[test]
fn the_frag_fixture_leaves_ann_to_discard_and_type_a_weapon_card_from_her_phone() {
    let (book, game) = frag_game();
    bless_or_check("frag", book, &game);
    let ann = view(book, &game, Some("fighter-0"));
    assert_eq!(ann.headline, "Round 1 · Ann's turn · move, power up and attack");
    assert_eq!(ann.hand.len(), 5);
    assert!(ann.hand.iter().all(|c| c.actions.iter().any(|a| a.id == "discard")));
    assert!(ann.offers("play:weapon"), "{:?}", ids(&ann));
    let bob = view(book, &game, Some("fighter-1"));
    assert_eq!(bob.hand.len(), 4);
    assert!(ids(&bob).is_empty());
    assert_eq!((bob.table[0].face.as_str(), bob.table[0].owner.as_str()), ("Laser Pistol", "Ann's"));
}

// ---------------------------------------------------------------------------------------------
// Deadlands.

/// Alice plays Ann, Bea plays Bob; the Marshal runs the Boss. Alice drew a white and a red
/// chip, Bea none; round 1 dealt Boss A♣, Ann Q♥, Bob 4♠; the Boss hits Ann for 6 (Shaken) and
/// ends his turn, and Ann's turn begins: Alice is asked Ann's Spirit roll.
fn savage_game()
-> (posse::systems::savage::game::Savage<'static>, Log<posse::systems::savage::game::Savage<'static>>) {
    use std::collections::BTreeMap;

    use posse::systems::savage::game::{Automation, Event, Holder, MemberRef, Savage, UnitSetup};
    use posse::systems::savage::rules::chips::ChipColour;
    use posse::systems::savage::rules::combatant;
    use posse::systems::savage::rules::damage::DamageRoll;
    use posse::systems::savage::rules::initiative::parse_card;
    use posse::systems::savage::rules::situation::Situation;
    let rules = Savage::new(posse::systems::savage::rules::embedded().expect("embedded data"));
    let wild_card = |name: &str, player: Option<&str>| {
        let owner = player.map(|p| format!("\"player\": \"{p}\",")).unwrap_or_default();
        let combatant = combatant::from_json(&format!(
            r#"{{ "name": "{name}", "kind": "wild_card", {owner}
                "attributes": {{ "agility": "d6", "smarts": "d6", "spirit": "d6", "strength": "d8", "vigor": "d6" }},
                "skills": {{ "fighting": "d8", "shooting": "d8" }},
                "weapons": [ {{ "name": "Colt", "damage": "2d6+1" }} ] }}"#
        ))
        .expect("a wild card");
        UnitSetup { id: name.to_ascii_lowercase(), combatant }
    };
    let typed: BTreeMap<String, Vec<_>> = [("boss", "AC"), ("ann", "QH"), ("bob", "4S")]
        .iter()
        .map(|(id, code)| ((*id).to_owned(), vec![parse_card(code, &[]).expect("a card")]))
        .collect();
    let events = [
        Event::Setup {
            seed: 11,
            players: vec!["Alice".to_owned(), "Bea".to_owned()],
            units: vec![
                wild_card("Ann", Some("Alice")),
                wild_card("Bob", Some("Bea")),
                wild_card("Boss", None),
            ],
            automation: Automation::default(),
            edition: posse::systems::savage::game::EDITION,
        },
        Event::DrawChips {
            holder: Holder::Player("Alice".to_owned()),
            count: 2,
            typed: Some(vec![ChipColour::White, ChipColour::Red]),
        },
        Event::DrawChips { holder: Holder::Marshal, count: 2, typed: Some(vec![ChipColour::Blue; 2]) },
        Event::Deal { typed },
        Event::BeginTurn { unit: "boss".to_owned() },
        Event::Damage {
            target: MemberRef::new("ann", 0),
            attacker: None,
            roll: DamageRoll::Total { total: 6 },
            modifier: 0,
            nonlethal: false,
            situation: Situation::default(),
            ap: 0,
        },
        Event::EndTurn { unit: "boss".to_owned() },
        Event::BeginTurn { unit: "ann".to_owned() },
    ];
    let game = replay(&rules, &events);
    (rules, game)
}

#[test]
fn the_savage_fixture_leaves_alice_to_type_anns_spirit_roll_then_spend_a_chip() {
    use posse::kernel::seat::Values;
    let (rules, mut game) = savage_game();
    bless_or_check("savage", &rules, &game);
    let alice = view(&rules, &game, Some("player-1"));
    assert_eq!(alice.headline, "Round 1 · Ann acts (Q♥)");
    assert_eq!(ids(&alice)[..3], ["roll:spirit:ann:0", "unshake:ann:0:white", "unshake:ann:0:red"]);
    let bea = view(&rules, &game, Some("player-2"));
    assert!(!bea.your_turn && ids(&bea).is_empty());
    assert!(bea.counters.iter().all(|c| !c.label.starts_with("Ann")), "{:?}", bea.counters);

    // What the browser test types: a failed Spirit roll (2, Wild Die 3), then a white chip.
    let failed: Values = [("trait", "2"), ("wild", "3")].map(|(k, v)| (k.to_owned(), v.to_owned())).into();
    let event = rules.seat_event(&game, "player-1", "roll:spirit:ann:0", &failed).expect("an event");
    game.apply(&rules, &event).expect("applied");
    assert_eq!(
        game.last_line(),
        Some("Ann rolls Spirit (d6 2, Wild Die 3): 3: failure: still Shaken: only free actions")
    );
    let alice = view(&rules, &game, Some("player-1"));
    assert!(alice.offers("unshake:ann:0:white"), "{:?}", ids(&alice));
    let event = rules.seat_event(&game, "player-1", "unshake:ann:0:white", &Values::new()).expect("an event");
    game.apply(&rules, &event).expect("applied");
    let alice = view(&rules, &game, Some("player-1"));
    let shaken = alice.counters.iter().find(|c| c.label == "Ann: Shaken").map(|c| c.value.as_str());
    assert_eq!(shaken, Some("no"));
}
