//! Fights staged card by card and die by die, with the exact state after each step.

use std::collections::BTreeMap;

use super::*;
use crate::kernel::cards::Colour;
use crate::kernel::log::Rules as _;
use crate::systems::savage::rules::abilities::{Abilities, RollFor};
use crate::systems::savage::rules::combatant;
use crate::systems::savage::rules::embedded;
use crate::systems::savage::rules::initiative::parse_card;
use crate::systems::savage::rules::injury::InjuryRoll;

fn rules() -> &'static Rules {
    embedded().expect("embedded data")
}

fn savage() -> Savage<'static> {
    Savage::new(rules())
}

/// A Wild Card with d6 everywhere but what is given.
fn wild_card(name: &str, player: Option<&str>, agility: &str, vigor: &str, edges: &[&str]) -> Combatant {
    let player = player.map(|p| format!("\"player\": \"{p}\",")).unwrap_or_default();
    let edges: Vec<String> = edges.iter().map(|e| format!("\"{e}\"")).collect();
    combatant::from_json(&format!(
        r#"{{ "name": "{name}", "kind": "wild_card", {player}
            "attributes": {{ "agility": "{agility}", "smarts": "d6", "spirit": "d6", "strength": "d8", "vigor": "{vigor}" }},
            "skills": {{ "fighting": "d8", "shooting": "d8" }},
            "initiative": [{}],
            "weapons": [ {{ "name": "Colt", "damage": "2d6+1", "range": {{ "short": 12, "medium": 24, "long": 48 }} }},
                         {{ "name": "Knife", "damage": "Str+d4" }} ] }}"#,
        edges.join(", ")
    ))
    .expect("wild card")
}

fn extras(name: &str, count: u32) -> Combatant {
    combatant::from_json(&format!(
        r#"{{ "name": "{name}", "kind": "extra", "count": {count},
            "attributes": {{ "agility": "d6", "smarts": "d4", "spirit": "d6", "strength": "d6", "vigor": "d6" }},
            "skills": {{ "fighting": "d6", "shooting": "d6" }},
            "weapons": [ {{ "name": "Revolver", "damage": "2d6+1" }} ] }}"#
    ))
    .expect("extras")
}

fn unit(id: &str, combatant: Combatant) -> UnitSetup {
    UnitSetup { id: id.to_owned(), combatant }
}

/// Four posse members, ten Extras in two groups, one Wild Card villain (armour 1).
fn setup() -> Event {
    setup_with(Abilities::default())
}

/// As [`setup`], the Boss with these special abilities.
fn setup_with(abilities: Abilities) -> Event {
    let mut boss = wild_card("Boss", None, "d8", "d8", &[]);
    boss.armour = 1;
    boss.abilities = abilities;
    Event::Setup {
        seed: 7,
        players: ["Alice", "Bea", "Cal", "Dan"].map(str::to_owned).to_vec(),
        units: vec![
            unit("ann", wild_card("Ann", Some("Alice"), "d8", "d6", &["quick"])),
            unit("bob", wild_card("Bob", Some("Bea"), "d6", "d6", &["level_headed"])),
            unit("cid", wild_card("Cid", Some("Cal"), "d6", "d6", &[])),
            unit("dee", wild_card("Dee", Some("Dan"), "d6", "d6", &["hesitant"])),
            unit("outlaws", extras("Outlaws", 5)),
            unit("gunmen", extras("Gunmen", 5)),
            unit("boss", boss),
        ],
        automation: Automation::default(),
        edition: EDITION,
    }
}

fn deal(cards: &[(&str, &str)]) -> Event {
    let mut typed = BTreeMap::new();
    for (id, list) in cards {
        let mut parsed = Vec::new();
        for code in list.split_whitespace() {
            let card = parse_card(code, &parsed).expect("card");
            parsed.push(card);
        }
        typed.insert((*id).to_owned(), parsed);
    }
    Event::Deal { typed }
}

fn m(unit: &str, member: u32) -> MemberRef {
    MemberRef::new(unit, member)
}

fn typed(trait_die: u32, wild_die: Option<u32>) -> TraitDice {
    TraitDice::Typed { trait_die, wild_die }
}

fn begin(u: &str) -> Event {
    Event::BeginTurn { unit: u.to_owned() }
}

fn end(u: &str) -> Event {
    Event::EndTurn { unit: u.to_owned() }
}

fn hit(target: MemberRef, attacker: Option<&str>, total: i32) -> Event {
    Event::Damage {
        target,
        attacker: attacker.map(str::to_owned),
        roll: DamageRoll::Total { total },
        modifier: 0,
        nonlethal: false,
        situation: Situation::default(),
        ap: 0,
    }
}

fn player(name: &str) -> Holder {
    Holder::Player(name.to_owned())
}

/// Applies each event, failing the test with the event's place and the refusal.
fn play(fight: &mut Fight<'static>, events: &[Event]) {
    let s = savage();
    for (i, e) in events.iter().enumerate() {
        if let Err(err) = fight.apply(&s, e) {
            panic!("event {i} ({e:?}) refused: {err}");
        }
    }
}

fn refused(fight: &Fight<'static>, event: &Event, message: &str) {
    let s = savage();
    let mut copy = fight.clone();
    let got = copy.apply(&s, event).map_err(|e| e.to_string());
    assert_eq!(got, Err(message.to_owned()), "{event:?}");
    assert_eq!(copy.state, fight.state, "a refused event changes nothing");
}

fn member<'a>(fight: &'a Fight<'static>, unit: &str, index: u32) -> &'a Member {
    fight.state.member(&m(unit, index)).expect("member")
}

fn order(fight: &Fight<'static>) -> Vec<String> {
    fight
        .state
        .order()
        .iter()
        .map(|e| format!("{}={}", e.unit, e.card.map_or("-".to_owned(), |c| c.to_string())))
        .collect()
}

fn round_one() -> Fight<'static> {
    round_one_with(Abilities::default())
}

/// As [`round_one`], the Boss with these special abilities.
fn round_one_with(abilities: Abilities) -> Fight<'static> {
    round_one_from(setup_with(abilities))
}

/// As [`round_one`], from the set-up `setup`.
fn round_one_from(setup: Event) -> Fight<'static> {
    let mut fight = Fight::default();
    play(
        &mut fight,
        &[
            setup,
            Event::DrawChips {
                holder: player("Alice"),
                count: 3,
                typed: Some(vec![ChipColour::White, ChipColour::Red, ChipColour::Blue]),
            },
            Event::DrawChips { holder: player("Dan"), count: 3, typed: Some(vec![ChipColour::Red; 3]) },
            Event::DrawChips { holder: Holder::Marshal, count: 6, typed: Some(vec![ChipColour::White; 6]) },
            deal(&[
                ("ann", "3S 9D"),
                ("bob", "4H KD"),
                ("cid", "JK"),
                ("dee", "QS 2C"),
                ("outlaws", "7H"),
                ("gunmen", "7S"),
                ("boss", "AC"),
            ]),
        ],
    );
    fight
}

/// The saved fight's line names both sides, or the one side a fight has: never "nobody v …".
#[test]
fn the_summary_names_the_sides_the_fight_has() {
    let mut fight = Fight::default();
    play(&mut fight, &[setup()]);
    assert_eq!(
        fight_summary(&fight.state),
        "Ann, Bob, Cid, Dee v Outlaws, Gunmen, Boss · round 0 · all fighting"
    );
    let marshal_only = Event::Setup {
        seed: 7,
        players: Vec::new(),
        units: vec![
            unit("boss", wild_card("New Wild Card", None, "d6", "d6", &[])),
            unit("outlaws", extras("Outlaws", 5)),
        ],
        automation: Automation::default(),
        edition: EDITION,
    };
    let mut fight = Fight::default();
    play(&mut fight, &[marshal_only, deal(&[("boss", "KD"), ("outlaws", "3C")])]);
    assert_eq!(fight_summary(&fight.state), "New Wild Card, Outlaws · round 1 · all fighting");
    let posse_only = Event::Setup {
        seed: 7,
        players: vec!["Alice".to_owned()],
        units: vec![unit("ann", wild_card("Ann", Some("Alice"), "d8", "d6", &[]))],
        automation: Automation::default(),
        edition: EDITION,
    };
    let mut fight = Fight::default();
    play(&mut fight, &[posse_only]);
    assert_eq!(fight_summary(&fight.state), "Ann · round 0 · all fighting");
}

#[test]
fn set_up_owes_the_starting_chips() {
    let mut fight = Fight::default();
    play(&mut fight, &[setup()]);
    let chips = &fight.state.chips;
    // Three per player; the Marshal one per player (4) and two for the Wild Card villain.
    assert_eq!(chips.owed.get(&player("Bea")), Some(&3));
    assert_eq!(chips.owed.get(&Holder::Marshal), Some(&6));
    assert_eq!(chips.in_pot(), 35);
    assert_eq!(fight.state.deck.draw.len(), 54);
    let line = fight.last_line().unwrap_or_default();
    assert!(line.starts_with("The fight is set up: Ann (Wild Card), Bob (Wild Card)"), "{line}");
    assert!(line.contains("Outlaws (5 Extras)"), "{line}");
}

#[test]
fn seeded_chip_draws_are_blind_but_repeatable() {
    let mut fight = Fight::default();
    play(&mut fight, &[setup(), Event::DrawChips { holder: player("Bea"), count: 3, typed: None }]);
    assert_eq!(fight.state.chips.total(&player("Bea")), 3);
    assert_eq!(fight.state.chips.in_pot(), 32);
    assert_eq!(fight.state.chips.owed.get(&player("Bea")), Some(&0));
    let again = Fight::replay(&savage(), &fight.events).expect("replay");
    assert_eq!(again.state, fight.state);
}

#[test]
fn the_deal_orders_cards_and_applies_edges() {
    let fight = round_one();
    // Ann (Quick) redrew her 3♠; Bob (Level Headed) kept the K♦; Dee (Hesitant) the 2♣.
    assert_eq!(
        order(&fight),
        ["cid=RJ", "boss=AC", "bob=KD", "ann=9D", "gunmen=7S", "outlaws=7H", "dee=2C"]
            .map(str::to_owned)
            .to_vec()
    );
    assert_eq!(fight.state.round(), 1);
    assert_eq!(fight.state.joker_holders(), vec!["cid"]);
    assert_eq!(fight.state.next_up().as_deref(), Some("boss"));
    assert!(fight.state.reshuffle_due());
    let line = fight.last_line().unwrap_or_default();
    assert!(line.starts_with("Round 1: Ann 9♦ (from 3♠ 9♦), Bob K♦ (from 4♥ K♦), Cid Red Joker"), "{line}");
    assert!(line.ends_with("a Joker is out: the deck is shuffled after this round"), "{line}");
    // The Joker's +2 reaches Cid's trait and damage calculators.
    let input = fight.state.trait_input(rules(), &m("cid", 0), "shooting").expect("input");
    assert_eq!((input.joker, input.modifier()), (2, 2));
    let dmg = fight.state.damage_input(rules(), "cid", "knife", &m("outlaws", 0)).expect("damage");
    assert_eq!((dmg.joker, dmg.toughness, dmg.resolved.dice.clone()), (2, 5, vec![8, 4]));
    // 52 cards minus the 10 dealt.
    assert_eq!(fight.state.deck.draw.len() + fight.state.deck.discard.len(), 44);
}

#[test]
fn typed_deals_follow_the_draw_rules() {
    let mut fight = Fight::default();
    play(&mut fight, &[setup()]);
    refused(&fight, &deal(&[("ann", "3S")]), "Ann needs 1 more card(s) (Quick redraws a card of 5 or lower)");
    refused(&fight, &deal(&[("bob", "KD")]), "Bob needs 1 more card(s) (it draws 2 and keeps one)");
    refused(
        &fight,
        &deal(&[("cid", "KD 2S")]),
        "Cid keeps its card after the first 1 card(s): drop the rest",
    );
    refused(&fight, &deal(&[("cid", "KD"), ("ann", "KD")]), "K♦ is already dealt this round");
    refused(&fight, &deal(&[("nobody", "KD")]), "there is no combatant 'nobody'");
}

#[test]
fn turns_follow_the_cards_and_jokers_cut_in() {
    let mut fight = round_one();
    refused(&fight, &begin("ann"), "it is not Ann's turn: Boss comes first");
    play(&mut fight, &[begin("boss")]);
    assert_eq!(fight.state.whose_turn(), Some("boss"));
    refused(&fight, &begin("bob"), "Boss is acting: end that turn first");
    // The Joker holder may act at any time, even now.
    play(&mut fight, &[begin("cid")]);
    assert_eq!(fight.state.acting, vec!["boss".to_owned(), "cid".to_owned()]);
    assert_eq!(
        fight.last_line(),
        Some("Cid's turn (Red Joker) (Joker: acts when it likes, +2 to trait and damage rolls)")
    );
    refused(&fight, &end("boss"), "Boss is not acting now");
    play(&mut fight, &[end("cid"), end("boss"), begin("bob"), Event::Hold { unit: "bob".into() }]);
    assert_eq!(fight.state.next_up().as_deref(), Some("ann"));
    assert_eq!(fight.state.on_hold(), vec!["bob"]);
    assert!(fight.state.joker_holders().is_empty());
}

#[test]
fn damage_shaken_wounds_and_an_extra_taken_out() {
    let mut fight = round_one();
    play(&mut fight, &[begin("cid")]);
    // Knife Str+d4 from Cid: typed d8 3 and d4 2 = 5, +2 Joker = 7 against Toughness 5: Shaken.
    let knife = DamageRoll::Typed { dice: "Str+d4".parse().expect("dice"), raise: false, totals: vec![3, 2] };
    play(
        &mut fight,
        &[Event::Damage {
            target: m("outlaws", 0),
            attacker: Some("cid".into()),
            roll: knife,
            modifier: 0,
            nonlethal: false,
            situation: Situation::default(),
            ap: 0,
        }],
    );
    assert_eq!(
        fight.last_line(),
        Some("Outlaws 1 takes 7 [3, 2] (Joker +2) from Cid against Toughness 5: Shaken")
    );
    assert!(member(&fight, "outlaws", 0).shaken);
    // 9 + 2 = 11: one raise, a wound: an Extra is out.
    play(&mut fight, &[hit(m("outlaws", 1), Some("cid"), 9)]);
    assert_eq!(member(&fight, "outlaws", 1).status, Status::Out);
    // A plain success on the Shaken Outlaw is a wound: out too.
    play(&mut fight, &[hit(m("outlaws", 0), None, 5)]);
    assert_eq!(member(&fight, "outlaws", 0).status, Status::Out);
    refused(&fight, &hit(m("outlaws", 0), None, 5), "Outlaws 1 is out of the fight");
}

/// S12 (fr 24: "Un personnage peut prendre 3 blessures avant d'être dans un Etat Critique. Il
/// peut faire un jet d'encaissement"): the soak comes first, and rolling Incapacitation never
/// takes the soak offer away.
#[test]
fn the_soak_stays_open_over_the_incapacitation_roll() {
    let mut fight = round_one();
    let soak = |chip, trait_die, wild| Event::SpendChip {
        holder: player("Alice"),
        chip,
        purpose: Spend::Soak { roll: typed(trait_die, Some(wild)), modifier: 0 },
    };
    let incapacitation = |trait_die, wild| Event::Incapacitation {
        target: m("ann", 0),
        roll: typed(trait_die, Some(wild)),
        modifier: 0,
    };
    // 21 against Toughness 5: four raises, four wounds: Incapacitated.
    play(&mut fight, &[begin("boss"), hit(m("ann", 0), Some("boss"), 21)]);
    assert_eq!(member(&fight, "ann", 0).status, Status::Incapacitated);
    // The Marshal rolls Incapacitation first: a critical failure, dead...
    let mut dead = fight.clone();
    play(&mut dead, &[incapacitation(1, 1)]);
    assert_eq!(member(&dead, "ann", 0).status, Status::Dead);
    assert!(dead.state.last_damage.is_some(), "the soak offer stays");
    // ...but the soak still comes first: a raise takes two wounds away; Ann has two and is
    // back in the fight, the Incapacitation roll undone.
    play(&mut dead, &[soak(ChipColour::White, 9, 1)]);
    let ann = member(&dead, "ann", 0);
    assert_eq!((ann.status, ann.wounds, ann.injury), (Status::Active, 2, None));
    assert!(dead.state.prompts().is_empty());
    // 25: five wounds. A failed Incapacitation roll (5 − 3 = 2), then a soak of one wound:
    // four left, still Incapacitated, and the roll already made stands (no second roll).
    play(
        &mut fight,
        &[Event::Adjust {
            target: m("ann", 0),
            shaken: Some(false),
            wounds: Some(0),
            fatigue: None,
            status: Some(Status::Active),
            bleeding_out: None,
        }],
    );
    play(&mut fight, &[hit(m("ann", 0), Some("boss"), 25), incapacitation(5, 2)]);
    assert_eq!(member(&fight, "ann", 0).injury, Some(Incapacitation::BleedingOut));
    play(&mut fight, &[soak(ChipColour::White, 4, 2)]);
    let ann = member(&fight, "ann", 0);
    assert_eq!(
        (ann.status, ann.wounds, ann.injury),
        (Status::Incapacitated, 3, Some(Incapacitation::BleedingOut))
    );
    assert!(fight.state.prompts().is_empty());
    assert_eq!(
        fight.last_line(),
        Some(
            "Alice spends a white chip to soak: Ann rolls Vigor (d6 4, Wild Die 2): 4: success: 5 wounds, 1 soaked: still Incapacitated"
        )
    );
}

/// S15 (fr 27: "Si l'attaque délivre des dégâts non létaux, l'échec est transformé en succès,
/// et le héros est inconscient pour 2d6 heures"): non-lethal damage knocks out, and no line of
/// the log calls the one it leaves Incapacitated dead.
#[test]
fn non_lethal_damage_knocks_out() {
    let mut fight = round_one();
    let soft = |target: MemberRef, total: i32| Event::Damage {
        target,
        attacker: None,
        roll: DamageRoll::Total { total },
        modifier: 0,
        nonlethal: true,
        situation: Situation::default(),
        ap: 0,
    };
    play(&mut fight, &[begin("boss"), soft(m("outlaws", 0), 9)]);
    assert_eq!(member(&fight, "outlaws", 0).status, Status::Unconscious);
    assert_eq!(
        fight.last_line(),
        Some("Outlaws 1 takes 9 against Toughness 5: 1 wound: knocked out (non-lethal)")
    );
    play(&mut fight, &[soft(m("ann", 0), 21)]);
    assert_eq!(
        fight.last_line(),
        Some(
            "Ann takes 21 against Toughness 5: 4 wounds: Incapacitated by non-lethal damage (knocked out, not killed), Vigor roll"
        )
    );
    // A critical failure on the Incapacitation roll: knocked out for 2d6 hours, not dead.
    play(&mut fight, &[Event::Incapacitation { target: m("ann", 0), roll: typed(1, Some(1)), modifier: 0 }]);
    assert_eq!(member(&fight, "ann", 0).status, Status::Unconscious);
    assert_eq!(
        fight.last_line(),
        Some(
            "Ann rolls Vigor for Incapacitation (d6 1, Wild Die 1): critical failure: knocked out for 2d6 hours"
        )
    );
    assert!(fight.lines.iter().all(|l| !l.contains("dead")), "{:?}", fight.lines);
}

/// S40 (SW, the summary is silent): Hardy: a second Shaken is no wound.
#[test]
fn a_hardy_target_shrugs_off_a_second_shaken() {
    let mut brutes = extras("Brutes", 1);
    brutes.hardy = true;
    let text = serde_json::to_string(&brutes).expect("JSON");
    assert!(text.contains("\"hardy\":true"), "{text}");
    assert!(!serde_json::to_string(&extras("Outlaws", 1)).expect("JSON").contains("hardy"));
    assert_eq!(combatant::from_json(&text).map(|c| c.hardy), Ok(true));
    let mut fight = Fight::default();
    let setup = Event::Setup {
        seed: 1,
        players: Vec::new(),
        units: vec![unit("brutes", brutes)],
        automation: Automation::default(),
        edition: EDITION,
    };
    play(&mut fight, &[setup, hit(m("brutes", 0), None, 5), hit(m("brutes", 0), None, 5)]);
    assert_eq!(fight.last_line(), Some("Brutes takes 5 against Toughness 5: Shaken"));
    let brute = member(&fight, "brutes", 0);
    assert_eq!((brute.shaken, brute.wounds, brute.status), (true, 0, Status::Active));
    // A raise still wounds.
    play(&mut fight, &[hit(m("brutes", 0), None, 9)]);
    assert_eq!(member(&fight, "brutes", 0).status, Status::Out);
}

/// fr 44: "Possibilité de relancer un jet de Trait (compétence et Attribut). Le meilleur
/// résultat est gardé": a chip rerolls the attack just made, with the same modifiers.
#[test]
fn a_chip_rerolls_the_attack_and_the_better_stands() {
    let mut fight = round_one();
    let reroll = |trait_die, wild_die| Event::SpendChip {
        holder: Holder::Marshal,
        chip: ChipColour::White,
        purpose: Spend::RerollAttack { roll: typed(trait_die, Some(wild_die)) },
    };
    // Two actions declared: −2. Shooting 5 − 2 = 3 against 4: a miss.
    let two = Situation { actions: 2, ..Situation::default() };
    play(&mut fight, &[begin("boss"), attack("shooting", 5, 2, two)]);
    assert_eq!(fight.state.last_attack.as_ref().map(|a| a.result.outcome), Some(Outcome::Failure));
    refused(
        &fight,
        &Event::SpendChip {
            holder: player("Alice"),
            chip: ChipColour::White,
            purpose: Spend::RerollAttack { roll: typed(9, Some(2)) },
        },
        "Alice cannot spend chips for Boss",
    );
    // The reroll keeps the −2: 9 − 2 = 7, a hit, and it stands.
    play(&mut fight, &[reroll(9, 2)]);
    assert_eq!(
        fight.last_line(),
        Some(
            "the Marshal spends a white chip to reroll a trait roll: Boss rerolls Shooting (d8 9, Wild Die 2): 7: success: keeps 7: success"
        )
    );
    // A worse reroll: the hit stays.
    play(&mut fight, &[reroll(2, 1)]);
    assert_eq!(fight.state.last_attack.as_ref().map(|a| a.result.total), Some(7));
    // Still one action counted, and no reroll once the damage is rolled.
    assert_eq!(member(&fight, "boss", 0).actions, 1);
    play(&mut fight, &[hit(m("ann", 0), Some("boss"), 3)]);
    refused(&fight, &reroll(9, 2), "the damage is rolled: the attack can no longer be rerolled");
}

#[test]
fn wild_card_wounds_soak_and_chips() {
    let mut fight = round_one();
    play(&mut fight, &[begin("boss"), hit(m("ann", 0), Some("boss"), 13)]);
    // 13 against 5: two raises, two wounds (and Shaken).
    assert_eq!((member(&fight, "ann", 0).wounds, member(&fight, "ann", 0).shaken), (2, true));
    // A white chip and Vigor d6: 4 and 2 → 4, a success: one wound soaked.
    let soak = |chip, trait_die, wild| Event::SpendChip {
        holder: player("Alice"),
        chip,
        purpose: Spend::Soak { roll: typed(trait_die, Some(wild)), modifier: 0 },
    };
    play(&mut fight, &[soak(ChipColour::White, 4, 2)]);
    assert_eq!(member(&fight, "ann", 0).wounds, 1);
    assert_eq!(
        fight.last_line(),
        Some(
            "Alice spends a white chip to soak: Ann rolls Vigor (d6 4, Wild Die 2): 4: success: 2 wounds, 1 soaked: Shaken with 1 wound"
        )
    );
    // A reroll with the red chip keeps the better: 9 is a raise, both wounds soaked, and a
    // soak of every wound also clears the Shaken. Red spent as white gives the Marshal nothing
    // (S25, fr 42: "Hors ce cas, le MJ pioche un jeton blanc").
    let marshal_whites = fight.state.chips.count(&Holder::Marshal, ChipColour::White);
    play(&mut fight, &[soak(ChipColour::Red, 9, 1)]);
    let ann = member(&fight, "ann", 0);
    assert_eq!((ann.wounds, ann.shaken), (0, false));
    assert_eq!(fight.state.chips.count(&Holder::Marshal, ChipColour::White), marshal_whites);
    assert_eq!(fight.state.chips.count(&player("Alice"), ChipColour::Red), 0);
    assert!(!fight.last_line().unwrap_or_default().contains("Marshal"), "{:?}", fight.last_line());
    // Spent chips go back to the pot: 35 − 12 drawn + 2 spent.
    assert_eq!(fight.state.chips.in_pot(), 25);
    // The soak window closes with the next event that is not a chip.
    play(&mut fight, &[end("boss")]);
    refused(&fight, &soak(ChipColour::Blue, 5, 1), "there are no wounds just taken to soak");
    refused(
        &fight,
        &Event::SpendChip { holder: player("Alice"), chip: ChipColour::White, purpose: Spend::Bonus },
        "Alice has no white chip",
    );
    refused(
        &fight,
        &Event::SpendChip {
            holder: player("Alice"),
            chip: ChipColour::Blue,
            purpose: Spend::Unshake { target: m("boss", 0) },
        },
        "Boss is not Shaken",
    );
}

#[test]
fn shaken_at_the_start_of_the_turn() {
    let mut fight = round_one();
    play(&mut fight, &[begin("cid"), hit(m("boss", 0), Some("cid"), 5), end("cid"), begin("boss")]);
    // 5 + 2 against 7: Shaken. Its turn asks for the Spirit roll and nothing else goes on.
    assert_eq!(fight.state.prompts(), &[Prompt::SpiritRoll(m("boss", 0))]);
    assert_eq!(fight.last_line(), Some("Boss's turn (A♣): Shaken, Spirit roll for Boss"));
    refused(&fight, &end("boss"), "Boss must first make the Spirit roll to recover from Shaken");
    let shoot = Event::Attack {
        attacker: m("boss", 0),
        target: m("ann", 0),
        skill: "shooting".into(),
        range: None,
        modifier: 0,
        roll: typed(9, Some(2)),
        situation: Situation::default(),
        weapon: None,
    };
    refused(&fight, &shoot, "Boss is Shaken: only free actions");
    // Spirit d6: 5 and 3: a plain success: no longer Shaken but only free actions.
    play(&mut fight, &[Event::Recover { target: m("boss", 0), roll: typed(5, Some(3)), modifier: 0 }]);
    let boss = member(&fight, "boss", 0);
    assert_eq!((boss.shaken, boss.free_actions_only), (false, true));
    assert!(fight.state.prompts().is_empty());
    refused(&fight, &shoot, "Boss only has free actions this turn");
    play(&mut fight, &[end("boss")]);
}

#[test]
fn a_chip_ends_shaken_at_once() {
    let mut fight = round_one();
    play(&mut fight, &[begin("cid"), hit(m("boss", 0), Some("cid"), 5), end("cid"), begin("boss")]);
    refused(
        &fight,
        &Event::SpendChip {
            holder: player("Alice"),
            chip: ChipColour::White,
            purpose: Spend::Unshake { target: m("boss", 0) },
        },
        "Alice cannot spend chips for Boss",
    );
    play(
        &mut fight,
        &[Event::SpendChip {
            holder: Holder::Marshal,
            chip: ChipColour::White,
            purpose: Spend::Unshake { target: m("boss", 0) },
        }],
    );
    let boss = member(&fight, "boss", 0);
    assert_eq!((boss.shaken, boss.free_actions_only), (false, false));
    assert!(fight.state.prompts().is_empty());
    assert_eq!(
        fight.last_line(),
        Some(
            "the Marshal spends a white chip to shake off being Shaken: Boss is no longer Shaken and acts normally"
        )
    );
}

#[test]
fn interrupting_from_hold() {
    let mut fight = round_one();
    play(
        &mut fight,
        &[begin("boss"), end("boss"), begin("bob"), Event::Hold { unit: "bob".into() }, begin("ann")],
    );
    // Bob's Agility d6: 5 (Wild Die 3); Ann's d8: 4 (Wild Die 2): Bob cuts in.
    let cut = |a: u32, b: u32| Event::Interrupt {
        unit: "bob".into(),
        against: "ann".into(),
        roll: typed(a, Some(3)),
        against_roll: typed(b, Some(2)),
    };
    let mut won = fight.clone();
    play(&mut won, &[cut(5, 4)]);
    assert_eq!(won.state.whose_turn(), Some("bob"));
    assert_eq!(won.last_line(), Some("Bob cuts in before Ann (Agility 5 against 4): Bob's turn (K♦)"));
    // A tie: both act at once (Bob's turn opens on top of Ann's).
    let mut tie = fight.clone();
    play(&mut tie, &[cut(4, 4)]);
    assert_eq!(
        tie.last_line(),
        Some("Bob and Ann act at the same time (Agility 4 against 4): Bob's turn (K♦)")
    );
    // Too slow: Bob acts right after Ann.
    play(&mut fight, &[cut(2, 7)]);
    assert_eq!(fight.state.whose_turn(), Some("ann"));
    assert!(fight.state.on_hold().is_empty());
    play(&mut fight, &[end("ann")]);
    assert_eq!(fight.state.whose_turn(), Some("bob"));
    assert_eq!(fight.last_line(), Some("Ann's turn ends; Bob's turn (K♦)"));
}

/// S22 (fr 7: "Un joueur peut interrompre l'action d'un autre joueur s'il retenait la sienne,
/// en réussissant un jet d'Agilité"): the interrupter must succeed (4+), then beat the other.
#[test]
fn interrupting_needs_a_successful_agility_roll() {
    let mut fight = round_one();
    play(
        &mut fight,
        &[begin("boss"), end("boss"), begin("bob"), Event::Hold { unit: "bob".into() }, begin("ann")],
    );
    let cut = |mine: TraitDice, theirs: TraitDice| Event::Interrupt {
        unit: "bob".into(),
        against: "ann".into(),
        roll: mine,
        against_roll: theirs,
    };
    // Bob 3 (a failure) against Ann's 2: higher, but failed: Bob does not cut in.
    let mut failed = fight.clone();
    play(&mut failed, &[cut(typed(3, Some(2)), typed(2, Some(1)))]);
    assert_eq!(failed.state.whose_turn(), Some("ann"));
    assert!(failed.state.on_hold().is_empty());
    assert_eq!(
        failed.last_line(),
        Some("Bob fails the Agility roll (Agility 3 against 2): acts right after Ann")
    );
    // Bob 3 against Ann's critical failure: still a failure, still no interruption.
    let mut against_crit = fight.clone();
    play(&mut against_crit, &[cut(typed(3, Some(1)), typed(1, Some(1)))]);
    assert_eq!(against_crit.state.whose_turn(), Some("ann"));
    // Bob's 4 succeeds and beats Ann's critical failure: Bob cuts in.
    play(&mut fight, &[cut(typed(4, Some(1)), typed(1, Some(1)))]);
    assert_eq!(fight.state.whose_turn(), Some("bob"));
    assert_eq!(
        fight.last_line(),
        Some("Bob cuts in before Ann (Agility 4 against critical failure): Bob's turn (K♦)")
    );
}

#[test]
fn holding_carries_into_the_next_round_without_a_card() {
    let mut fight = round_one();
    play(
        &mut fight,
        &[
            begin("cid"),
            end("cid"),
            begin("boss"),
            end("boss"),
            begin("bob"),
            Event::Hold { unit: "bob".into() },
            begin("ann"),
            end("ann"),
            begin("gunmen"),
            end("gunmen"),
            begin("outlaws"),
            end("outlaws"),
            begin("dee"),
            end("dee"),
        ],
    );
    assert_eq!(fight.state.next_up(), None);
    play(&mut fight, &[Event::Deal { typed: BTreeMap::new() }]);
    // A Joker came out in round 1: the whole deck was shuffled; Bob, still on hold, gets no card.
    let bob = fight.state.unit("bob").expect("bob");
    assert_eq!((bob.card, bob.on_hold), (None, true));
    assert!(fight.last_line().unwrap_or_default().starts_with("Round 2 (deck shuffled after the Joker): "));
    assert!(fight.last_line().unwrap_or_default().contains("; still on hold: Bob"));
    assert_eq!(order(&fight).last().map(String::as_str), Some("bob=-"));
    // Six units dealt from a full deck (Ann Quick, Dee Hesitant may take more).
    let dealt: usize = fight.state.units.iter().map(|u| u.drawn.len()).sum();
    assert_eq!(fight.state.deck.draw.len(), 54 - dealt);
}

#[test]
fn incapacitation_and_bleeding_out() {
    let mut fight = round_one();
    // 11 against Dee's 5: one raise: a wound.
    play(&mut fight, &[hit(m("dee", 0), Some("gunmen"), 11)]);
    // 25 against 5: five raises, five wounds: 1 + 5 > 3, Incapacitated.
    play(&mut fight, &[hit(m("dee", 0), Some("gunmen"), 25)]);
    let dee = member(&fight, "dee", 0);
    assert_eq!((dee.wounds, dee.status), (3, Status::Incapacitated));
    assert_eq!(fight.state.prompts(), &[Prompt::Incapacitation(m("dee", 0))]);
    // Soak with a red chip: Vigor d6 at −1 (the wound she had before this hit): 3 → 2: fails.
    play(
        &mut fight,
        &[Event::SpendChip {
            holder: player("Dan"),
            chip: ChipColour::Red,
            purpose: Spend::Soak { roll: typed(3, Some(2)), modifier: 0 },
        }],
    );
    assert_eq!(member(&fight, "dee", 0).status, Status::Incapacitated);
    refused(&fight, &begin("boss"), "Dee must first make the Incapacitation roll");
    // The Incapacitation roll takes the −3 of her wounds: 5 − 3 = 2: failure, Bleeding Out.
    play(&mut fight, &[Event::Incapacitation { target: m("dee", 0), roll: typed(5, Some(1)), modifier: 0 }]);
    let dee = member(&fight, "dee", 0);
    assert_eq!((dee.bleeding_out, dee.injury), (true, Some(Incapacitation::BleedingOut)));
    assert_eq!(
        fight.last_line(),
        Some(
            "Dee rolls Vigor for Incapacitation (d6 5, Wild Die 1): 2: failure: a lasting injury, and Bleeding Out: a Vigor roll at the start of each round"
        )
    );
    // Nobody else needs to act: the next round asks for the Bleeding Out roll first.
    play(&mut fight, &[Event::Deal { typed: BTreeMap::new() }]);
    assert_eq!(fight.state.prompts(), &[Prompt::BleedingOut(m("dee", 0))]);
    assert!(
        fight.state.unit("dee").is_some_and(|u| u.card.is_none()),
        "an Incapacitated hero is not dealt in"
    );
    // 7 − 3 = 4: a success: still bleeding, again next round.
    play(&mut fight, &[Event::BleedOut { target: m("dee", 0), roll: typed(7, Some(2)), modifier: 0 }]);
    assert!(member(&fight, "dee", 0).bleeding_out);
    assert!(fight.state.prompts().is_empty());
    assert_eq!(
        fight.last_line(),
        Some(
            "Dee rolls Vigor against Bleeding Out (d6 7, Wild Die 2): 4: success: still bleeding: rolls again next round"
        )
    );
    // Next round: 11 − 3 = 8: a raise: the bleeding stops.
    play(&mut fight, &[Event::Deal { typed: BTreeMap::new() }]);
    play(&mut fight, &[Event::BleedOut { target: m("dee", 0), roll: typed(11, Some(1)), modifier: 0 }]);
    let dee = member(&fight, "dee", 0);
    assert_eq!((dee.bleeding_out, dee.status), (false, Status::Incapacitated));
}

#[test]
fn snake_eyes_on_incapacitation_is_death() {
    let mut fight = round_one();
    play(&mut fight, &[hit(m("ann", 0), Some("boss"), 21)]);
    play(&mut fight, &[Event::Incapacitation { target: m("ann", 0), roll: typed(1, Some(1)), modifier: 5 }]);
    assert_eq!(member(&fight, "ann", 0).status, Status::Dead);
}

#[test]
fn automation_switches() {
    let mut fight = round_one();
    let off = Automation { shaken_prompt: false, bleeding_out: false, penalties: false };
    play(&mut fight, &[Event::SetAutomation { automation: off }, hit(m("boss", 0), Some("ann"), 11)]);
    // 11 against 7: a raise: one wound; with penalties off the calculators show no −1.
    let input = fight.state.trait_input(rules(), &m("boss", 0), "fighting").expect("input");
    assert_eq!(input.wounds, 0);
    play(&mut fight, &[begin("boss")]);
    assert!(fight.state.prompts().is_empty());
    assert_eq!(fight.last_line(), Some("Boss's turn (A♣) (Boss Shaken)"));
    play(&mut fight, &[end("boss"), Event::SetAutomation { automation: Automation::default() }]);
    let input = fight.state.trait_input(rules(), &m("boss", 0), "fighting").expect("input");
    assert_eq!((input.wounds, input.modifier()), (-1, -1));
}

fn attack(skill: &str, trait_die: u32, wild_die: u32, situation: Situation) -> Event {
    Event::Attack {
        attacker: m("boss", 0),
        target: m("ann", 0),
        skill: skill.into(),
        range: Some("short".into()),
        modifier: 0,
        roll: typed(trait_die, Some(wild_die)),
        situation,
        weapon: None,
    }
}

/// S32 (SW, the summary is silent): each action beyond the first in a turn is −2 to every
/// action, at most three; the fight counts them, and a count declared up front may only be more.
#[test]
fn the_fight_counts_the_actions_of_a_turn() {
    let mut fight = round_one();
    let plain = Situation::default;
    play(&mut fight, &[begin("boss"), attack("shooting", 5, 2, plain())]);
    assert_eq!(
        fight.last_line(),
        Some("Boss attacks Ann at short range with Shooting (d8 5, Wild Die 2): 5 against 4: hit")
    );
    play(&mut fight, &[attack("shooting", 5, 2, plain())]);
    assert_eq!(
        fight.last_line(),
        Some(
            "Boss attacks Ann at short range with Shooting (d8 5, Wild Die 2) [Multi-action -2]: 3 against 4: miss"
        )
    );
    let drop = Situation { the_drop: true, ..Situation::default() };
    play(&mut fight, &[attack("shooting", 5, 2, drop)]);
    assert_eq!(
        fight.last_line(),
        Some(
            "Boss attacks Ann at short range with Shooting (d8 5, Wild Die 2) [Multi-action -4 · The Drop +4]: 5 against 4: hit"
        )
    );
    refused(&fight, &attack("shooting", 5, 2, plain()), "Boss has taken 3 actions this turn: at most 3");
    // The next turn counts afresh; two actions declared up front put the first at −2 too.
    play(&mut fight, &[end("boss")]);
    let mut fresh = round_one();
    let two = Situation { actions: 2, ..Situation::default() };
    play(&mut fresh, &[begin("boss"), attack("shooting", 5, 2, two)]);
    assert_eq!(fresh.state.last_attack.as_ref().map(|a| a.result.total), Some(3));
    refused(
        &fresh,
        &attack("shooting", 5, 2, Situation { actions: 4, ..Situation::default() }),
        "4 actions: at most 3 actions a turn",
    );
}

/// S35 (SW): a Wild Attack is +2 to Fighting and damage, and −2 to the attacker's Parry until
/// its next turn; S34: The Drop +4 to damage; S39: armour piercing ignores armour.
#[test]
fn wild_attack_the_drop_and_armour_piercing() {
    let mut fight = round_one();
    let wild = Situation { wild_attack: true, ..Situation::default() };
    assert_eq!(fight.state.parry(rules(), &m("boss", 0)), 6);
    play(&mut fight, &[begin("boss"), attack("fighting", 4, 2, wild.clone())]);
    // Fighting d8 4 + 2 against Ann's Parry 6: a hit; the Boss's Parry is 4 until its next turn.
    assert_eq!(
        fight.last_line(),
        Some("Boss attacks Ann with Fighting (d8 4, Wild Die 2) [Wild Attack +2]: 6 against Parry 6: hit")
    );
    assert_eq!(fight.state.parry(rules(), &m("boss", 0)), 4);
    refused(&fight, &attack("shooting", 5, 2, wild.clone()), "A Wild Attack is for melee attacks only");
    // Knife damage typed as 3: +2 Wild Attack = 5 against Ann's Toughness 5: Shaken.
    let damage = |target: MemberRef, total: i32, situation: Situation, ap: u32| Event::Damage {
        target,
        attacker: None,
        roll: DamageRoll::Total { total },
        modifier: 0,
        nonlethal: false,
        situation,
        ap,
    };
    play(&mut fight, &[damage(m("ann", 0), 3, wild, 0)]);
    assert_eq!(fight.last_line(), Some("Ann takes 5 [Wild Attack +2] against Toughness 5: Shaken"));
    // The Boss (Toughness 7 with armour 1): 6 with AP 2 is against 6, a hit.
    play(&mut fight, &[damage(m("boss", 0), 6, Situation::default(), 2)]);
    assert_eq!(fight.last_line(), Some("Boss takes 6 (AP 2) against Toughness 6: Shaken"));
    let drop = Situation { the_drop: true, ..Situation::default() };
    play(&mut fight, &[damage(m("outlaws", 0), 1, drop, 0)]);
    assert_eq!(fight.last_line(), Some("Outlaws 1 takes 5 [The Drop +4] against Toughness 5: Shaken"));
    play(&mut fight, &[end("boss"), begin("cid"), end("cid")]);
    assert_eq!(fight.state.parry(rules(), &m("boss", 0)), 4, "until its own next turn");
}

#[test]
fn an_attack_then_damage_with_a_raise() {
    let mut fight = round_one();
    play(&mut fight, &[begin("boss")]);
    // Shooting d8 at medium range (−2): 11 and Wild Die 4 → 9 against 4: a raise.
    play(
        &mut fight,
        &[Event::Attack {
            attacker: m("boss", 0),
            target: m("ann", 0),
            skill: "Shooting".into(),
            range: Some("medium".into()),
            modifier: 0,
            roll: typed(11, Some(4)),
            situation: Situation::default(),
            weapon: None,
        }],
    );
    assert_eq!(
        fight.last_line(),
        Some(
            "Boss attacks Ann at medium range with Shooting (d8 11, Wild Die 4): 9 against 4: hit with a raise: +1d6 damage"
        )
    );
    assert_eq!(fight.state.last_attack.as_ref().map(|a| a.result.raises), Some(1));
    // Fighting goes against Parry: Ann's d8 Fighting gives 2 + 4 = 6.
    let mut melee = fight.clone();
    play(
        &mut melee,
        &[Event::Attack {
            attacker: m("boss", 0),
            target: m("ann", 0),
            skill: "fighting".into(),
            range: None,
            modifier: 0,
            roll: typed(5, Some(3)),
            situation: Situation::default(),
            weapon: None,
        }],
    );
    assert_eq!(
        melee.state.last_attack.as_ref().map(|a| (a.tn, a.result.outcome)),
        Some((6, Outcome::Failure))
    );
    // The Colt with the raise die: 2d6+1 and d6 typed 3, 5, 2 → 11 against 5: one wound.
    let colt = DamageRoll::Typed { dice: "2d6+1".parse().expect("dice"), raise: true, totals: vec![3, 5, 2] };
    play(
        &mut fight,
        &[Event::Damage {
            target: m("ann", 0),
            attacker: Some("boss".into()),
            roll: colt,
            modifier: 0,
            nonlethal: false,
            situation: Situation::default(),
            ap: 0,
        }],
    );
    assert_eq!(member(&fight, "ann", 0).wounds, 1);
    // A blue chip adds a d6 (typed 4): 15: two raises, two wounds.
    play(
        &mut fight,
        &[Event::SpendChip { holder: Holder::Marshal, chip: ChipColour::White, purpose: Spend::Reroll }],
    );
    refused(
        &fight,
        &Event::SpendChip {
            holder: Holder::Marshal,
            chip: ChipColour::White,
            purpose: Spend::ExtraDamage { roll: DieRoll::Typed { total: 4 } },
        },
        "a white chip cannot be spent to add a die to the damage",
    );
    play(&mut fight, &[Event::AwardLegendary { holder: Holder::Marshal }]);
    refused(
        &fight,
        &Event::SpendChip {
            holder: Holder::Marshal,
            chip: ChipColour::Legendary,
            purpose: Spend::ExtraDamage { roll: DieRoll::Typed { total: 4 } },
        },
        "there is no damage roll just made to add to",
    );
}

#[test]
fn a_red_chip_adds_a_die_to_the_damage_just_rolled() {
    let mut fight = round_one();
    play(&mut fight, &[hit(m("boss", 0), Some("ann"), 10)]);
    // 10 against 7: Shaken. Alice's red chip: d6 typed 5 → 15: two raises, two wounds.
    let pot = fight.state.chips.in_pot();
    let marshal_whites = fight.state.chips.count(&Holder::Marshal, ChipColour::White);
    play(
        &mut fight,
        &[Event::SpendChip {
            holder: player("Alice"),
            chip: ChipColour::Red,
            purpose: Spend::ExtraDamage { roll: DieRoll::Typed { total: 5 } },
        }],
    );
    let boss = member(&fight, "boss", 0);
    assert_eq!((boss.wounds, boss.shaken), (2, true));
    // Red spent for a red power: the chip goes back to the pot and the Marshal draws a white
    // chip from it (S25, fr 42).
    assert_eq!(fight.state.chips.in_pot(), pot);
    assert_eq!(fight.state.chips.count(&Holder::Marshal, ChipColour::White), marshal_whites + 1);
    assert_eq!(
        fight.last_line(),
        Some(
            "Alice spends a red chip to add a die to the damage: d6 5, damage now 15 against Toughness 7: 2 wounds: Shaken with 2 wounds; the Marshal draws a white chip"
        )
    );
}

#[test]
fn fatigue_from_lack_of_sleep() {
    let mut fight = round_one();
    let check = |n, t| Event::FatigueCheck {
        target: m("cid", 0),
        cause: FatigueCause::Sleep { check: n, coffee: false },
        roll: typed(t, Some(1)),
        modifier: 0,
    };
    // First check at −2 (Cid holds the Joker: +2): 3 − 2 + 2 = 3: Fatigued.
    play(&mut fight, &[check(1, 3)]);
    assert_eq!(member(&fight, "cid", 0).fatigue, 1);
    assert_eq!(fight.state.next_sleep_check(&m("cid", 0)), 2);
    let input = fight.state.trait_input(rules(), &m("cid", 0), "vigor").expect("input");
    assert_eq!((input.fatigue, input.joker), (-1, 2));
    // Second at −4, −1 fatigue, +2: 5 − 3 = 2: Exhausted. Third at −6, −2, +2: 7 − 6 = 1:
    // collapse.
    play(&mut fight, &[check(2, 5), check(3, 7)]);
    let cid = member(&fight, "cid", 0);
    assert_eq!((cid.fatigue, cid.status), (3, Status::Collapsed));
    assert_eq!(
        fight.last_line(),
        Some(
            "Cid rolls Vigor against lack of sleep at -6 (d6 7, Wild Die 1): 1: failure: collapses, out cold for 4d10 hours"
        )
    );
    play(&mut fight, &[Event::Rest { target: m("cid", 0), levels: 1, slept: true }]);
    let cid = member(&fight, "cid", 0);
    assert_eq!((cid.fatigue, cid.status, cid.sleep_checks), (2, Status::Active, 0));
}

#[test]
fn the_marshal_corrects_by_hand() {
    let mut fight = round_one();
    play(
        &mut fight,
        &[Event::Adjust {
            target: m("bob", 0),
            shaken: Some(true),
            wounds: Some(2),
            fatigue: None,
            status: None,
            bleeding_out: None,
        }],
    );
    assert_eq!(fight.last_line(), Some("The Marshal sets Bob: Shaken, 2 wounds"));
    refused(
        &fight,
        &Event::Adjust {
            target: m("bob", 0),
            shaken: None,
            wounds: Some(4),
            fatigue: None,
            status: None,
            bleeding_out: None,
        },
        "wounds go from 0 to 3",
    );
}

#[test]
fn a_wild_card_villain_entering_owes_the_marshal_two_chips() {
    let mut fight = round_one();
    let owed = fight.state.chips.owed.get(&Holder::Marshal).copied().unwrap_or(0);
    play(&mut fight, &[Event::Enter { unit: unit("sheriff", wild_card("Sheriff", None, "d6", "d6", &[])) }]);
    assert_eq!(fight.state.chips.owed.get(&Holder::Marshal).copied(), Some(owed + 2));
    refused(
        &fight,
        &Event::Enter { unit: unit("sheriff", extras("More", 2)) },
        "'sheriff' is used by two combatants: each needs its own id",
    );
}

#[test]
fn events_are_json_and_replay_exactly() {
    let mut fight = round_one();
    play(&mut fight, &[begin("cid"), hit(m("outlaws", 0), Some("cid"), 4), end("cid")]);
    let lines: Vec<String> = fight.events.iter().map(|e| serde_json::to_string(e).expect("json")).collect();
    let events: Vec<Event> = lines.iter().map(|l| serde_json::from_str(l).expect("read back")).collect();
    let again = Fight::replay(&savage(), &events).expect("replay");
    assert_eq!(again.state, fight.state);
    assert_eq!(again.lines, fight.lines);
    // Undo drops the last event.
    let (undone, last) = fight.undo(&savage()).expect("undo").expect("an event");
    assert_eq!(last, end("cid"));
    assert_eq!(undone.state.whose_turn(), Some("cid"));
    // The journal format: externally tagged, snake case.
    assert_eq!(lines.last().map(String::as_str), Some(r#"{"end_turn":{"unit":"cid"}}"#));
    let bad = r#"{"end_turn":{"unit":"cid","extra":1}}"#;
    assert!(serde_json::from_str::<Event>(bad).is_err());
}

#[test]
fn nothing_before_the_set_up() {
    let fight = Fight::default();
    refused(&fight, &begin("ann"), "the fight has not been set up yet");
    let mut started = Fight::default();
    play(&mut started, &[setup()]);
    refused(&started, &setup(), "the fight is already set up");
}

#[test]
fn jokers_parse_from_jk() {
    assert_eq!(parse_card("JK", &[]), Ok(Card::Joker(Colour::Red)));
    let s = savage();
    let mut state = State::default();
    assert!(s.apply(&mut state, &setup()).is_ok());
}

/// The fight of the issue's "done when": four posse members against ten Extras in two groups
/// and a Wild Card villain, over several rounds with a Joker and a reshuffle, Shaken, wounds,
/// soaks with chips, an Incapacitation and Bleeding Out; then resumed from its journal.
#[test]
fn a_whole_fight_and_its_resume() {
    let mut fight = round_one();
    let whites = |f: &Fight<'static>, h: &Holder| f.state.chips.count(h, ChipColour::White);
    play(
        &mut fight,
        &[
            // Round 1. Cid's Joker: he acts first, +2 to his rolls.
            begin("cid"),
            hit(m("gunmen", 0), Some("cid"), 7), // 9 against 5: a raise, out
            hit(m("gunmen", 1), Some("cid"), 3), // 5: Shaken
            end("cid"),
            begin("boss"),
            hit(m("ann", 0), Some("boss"), 9), // 9 against 5: a wound
            Event::SpendChip {
                holder: player("Alice"),
                chip: ChipColour::White,
                purpose: Spend::Soak { roll: typed(5, Some(2)), modifier: 0 },
            },
            end("boss"),
            begin("bob"),
            hit(m("boss", 0), Some("bob"), 7), // 7 against 7: Shaken
            end("bob"),
            begin("ann"),
            end("ann"),
            begin("gunmen"),
            Event::Recover { target: m("gunmen", 1), roll: typed(7, None), modifier: 0 }, // 7: success
            hit(m("dee", 0), Some("gunmen"), 10), // 10 against 5: a wound
            end("gunmen"),
            begin("outlaws"),
            end("outlaws"),
            begin("dee"),
            // Shaken by her wound: Spirit at −1, 3 and 2: 2, still Shaken.
            Event::Recover { target: m("dee", 0), roll: typed(3, Some(2)), modifier: 0 },
            end("dee"),
            // Round 2: shuffled after the Joker.
            deal(&[
                ("ann", "9S"),
                ("bob", "2H 10H"),
                ("cid", "8C"),
                ("dee", "KS 3D"),
                ("outlaws", "AH"),
                ("gunmen", "4C"),
                ("boss", "JD"),
            ]),
            begin("outlaws"),
            hit(m("dee", 0), Some("outlaws"), 21), // 21 against 5: four wounds: Incapacitated
            Event::SpendChip {
                holder: player("Dan"),
                chip: ChipColour::Red,
                purpose: Spend::Soak { roll: typed(2, Some(1)), modifier: 0 },
            },
            end("outlaws"),
            Event::Incapacitation { target: m("dee", 0), roll: typed(3, Some(4)), modifier: 0 },
        ],
    );
    // Dee's Incapacitation roll: the better die 4, −3 for her wounds: 1 or less: dead.
    assert_eq!(member(&fight, "dee", 0).status, Status::Dead);
    assert!(fight.last_line().unwrap_or_default().ends_with("1: failure: dead"));
    assert_eq!(fight.state.round(), 2);
    assert!(!fight.state.reshuffle_due());
    // Alice soaked Ann's wound; Dan's red soak (a red spent as white) failed and gave the
    // Marshal nothing (S25).
    assert_eq!(member(&fight, "ann", 0).wounds, 0);
    assert_eq!(whites(&fight, &Holder::Marshal), 6);
    play(
        &mut fight,
        &[
            begin("boss"),
            Event::Recover { target: m("boss", 0), roll: typed(2, Some(3)), modifier: 0 }, // still Shaken
            Event::SpendChip {
                holder: Holder::Marshal,
                chip: ChipColour::White,
                purpose: Spend::Unshake { target: m("boss", 0) },
            },
            hit(m("bob", 0), Some("boss"), 21), // 21 against 5: four wounds: Incapacitated
            end("boss"),
        ],
    );
    refused(&fight, &begin("cid"), "Bob must first make the Incapacitation roll");
    play(
        &mut fight,
        &[
            // 7, −3 for his wounds, −1 more: 3: failure: Bleeding Out.
            Event::Incapacitation { target: m("bob", 0), roll: typed(7, Some(2)), modifier: -1 },
            begin("ann"),
            end("ann"),
            begin("cid"),
            end("cid"),
            begin("gunmen"),
            end("gunmen"),
            Event::Deal { typed: BTreeMap::new() },
            // Round 3: Bob's Bleeding Out roll comes first. 11 − 3 = 8: a raise: it stops.
            Event::BleedOut { target: m("bob", 0), roll: typed(11, Some(1)), modifier: 0 },
        ],
    );
    let bob = member(&fight, "bob", 0);
    assert_eq!(
        (bob.status, bob.bleeding_out, bob.injury),
        (Status::Incapacitated, false, Some(Incapacitation::BleedingOut))
    );
    assert_eq!(fight.state.round(), 3);
    // Resume: the journal, one JSON line per event, replays to the same fight and log.
    let journal: Vec<String> = fight.events.iter().map(|e| serde_json::to_string(e).expect("json")).collect();
    let events: Vec<Event> = journal.iter().map(|l| serde_json::from_str(l).expect("event")).collect();
    let resumed = Fight::replay(&savage(), &events).expect("replay");
    assert_eq!(resumed.state, fight.state);
    assert_eq!(resumed.lines, fight.lines);
}

#[test]
fn the_next_up_skips_units_out_of_the_fight() {
    let mut fight = round_one();
    // The Boss (A♣) is taken out before his turn: Bob (K♦) is next.
    play(&mut fight, &[hit(m("boss", 0), None, 30)]);
    assert_eq!(fight.state.next_up().as_deref(), Some("bob"));
}

/// The attack form's first target is an enemy still fighting: never the attacker, never an ally
/// unless the Marshal picked one, never an Extra who is out.
#[test]
fn an_attack_starts_on_an_enemy_still_fighting() {
    let mut fight = round_one();
    let s = &fight.state;
    assert_eq!(s.default_target(&m("ann", 0), None), Some(m("outlaws", 0)), "the first enemy");
    assert_eq!(s.default_target(&m("ann", 0), Some(&m("ann", 0))), Some(m("outlaws", 0)), "not herself");
    assert_eq!(
        s.default_target(&m("ann", 0), Some(&m("bob", 0))),
        Some(m("bob", 0)),
        "an ally only when picked"
    );
    assert_eq!(
        s.default_target(&m("outlaws", 2), None),
        Some(m("ann", 0)),
        "the Marshal's side aims at the posse"
    );
    // The first Outlaw is taken out by a wound: the form starts on the next one standing.
    play(&mut fight, &[hit(m("outlaws", 0), Some("ann"), 12)]);
    assert_eq!(member(&fight, "outlaws", 0).status, Status::Out);
    assert_eq!(fight.state.default_target(&m("ann", 0), Some(&m("outlaws", 0))), Some(m("outlaws", 1)));
}

/// S42 and S44 (SW, the summary is silent): Undead and Combat Reflexes each add 2 to the
/// Spirit roll to recover from Shaken. Spirit d6: 3 and 2 is a failure, +4 a success.
#[test]
fn undead_and_combat_reflexes_shake_off_shaken_more_easily() {
    let shaken_boss = |abilities| {
        let mut fight = round_one_with(abilities);
        play(&mut fight, &[begin("cid"), hit(m("boss", 0), None, 7), end("cid"), begin("boss")]);
        play(&mut fight, &[Event::Recover { target: m("boss", 0), roll: typed(3, Some(2)), modifier: 0 }]);
        fight
    };
    let plain = shaken_boss(Abilities::default());
    assert!(member(&plain, "boss", 0).shaken);
    let both = Abilities { undead: true, combat_reflexes: true, ..Abilities::default() };
    let input =
        round_one_with(both).state.trait_input_for(rules(), &m("boss", 0), "spirit", RollFor::Unshake);
    assert_eq!(input.map(|i| (i.ability, i.modifier())), Ok((4, 4)));
    let fight = shaken_boss(both);
    let boss = member(&fight, "boss", 0);
    assert_eq!((boss.shaken, boss.free_actions_only), (false, true));
    // The file has the keys only when true; an older file reads the same.
    let text = serde_json::to_string(&fight.state.unit("boss").expect("boss").combatant).expect("JSON");
    assert!(text.contains("\"undead\":true,\"combat_reflexes\":true"), "{text}");
    assert!(!text.contains("iron_jaw"), "{text}");
    assert_eq!(combatant::from_json(&text).map(|c| c.abilities), Ok(both));
}

/// S45 (SW): Iron Jaw adds 2 to soak. 11 against Toughness 7 is a wound; Vigor d8 3 and 2 is
/// a failed soak, +2 a success that takes the wound away.
#[test]
fn iron_jaw_soaks_at_plus_two() {
    let soaked = |abilities| {
        let mut fight = round_one_with(abilities);
        play(
            &mut fight,
            &[
                begin("cid"),
                hit(m("boss", 0), None, 11),
                Event::SpendChip {
                    holder: Holder::Marshal,
                    chip: ChipColour::White,
                    purpose: Spend::Soak { roll: typed(3, Some(2)), modifier: 0 },
                },
            ],
        );
        member(&fight, "boss", 0).wounds
    };
    assert_eq!(soaked(Abilities::default()), 1);
    assert_eq!(soaked(Abilities { iron_jaw: true, ..Abilities::default() }), 0);
}

/// S42, S46 and S47 (SW): Undead ignores every wound penalty, Nerves of Steel one point of it,
/// Hard to Kill all of it on the Incapacitation roll only. Boss with four wounds (23 against
/// 7) rolls Vigor 4 and 2: at −3 that is 1, dead; Hard to Kill makes it a success.
#[test]
fn wound_penalties_ignored_by_undead_nerves_of_steel_and_hard_to_kill() {
    let penalty = |abilities, for_what| {
        let mut fight = round_one_with(abilities);
        play(&mut fight, &[begin("cid"), hit(m("boss", 0), None, 15)]);
        assert_eq!(member(&fight, "boss", 0).wounds, 2);
        fight.state.trait_input_for(rules(), &m("boss", 0), "shooting", for_what).map(|i| i.wounds)
    };
    let none = Abilities::default();
    assert_eq!(penalty(none, RollFor::Any), Ok(-2));
    assert_eq!(penalty(Abilities { undead: true, ..none }, RollFor::Any), Ok(0));
    assert_eq!(penalty(Abilities { nerves_of_steel: true, ..none }, RollFor::Any), Ok(-1));
    assert_eq!(penalty(Abilities { hard_to_kill: true, ..none }, RollFor::Any), Ok(-2));
    let fate = |abilities| {
        let mut fight = round_one_with(abilities);
        play(
            &mut fight,
            &[
                begin("cid"),
                hit(m("boss", 0), None, 23),
                Event::Incapacitation { target: m("boss", 0), roll: typed(4, Some(2)), modifier: 0 },
            ],
        );
        let boss = member(&fight, "boss", 0);
        (boss.status, boss.injury)
    };
    assert_eq!(fate(none), (Status::Dead, Some(Incapacitation::Dead)));
    assert_eq!(
        fate(Abilities { hard_to_kill: true, ..none }),
        (Status::Incapacitated, Some(Incapacitation::HealsWithWounds))
    );
}

/// S48: the summary names the Injury Table (fr 28: "la blessure tirée sur la Table des
/// Blessures et permanente") but gives none: Savage Worlds' 2d6 table, then its d6, drawn once
/// the Incapacitation roll has left a lasting injury. S49: a Healing roll in the healer's turn,
/// at the patient's wound penalty, stops the Bleeding Out (SW; fr 28 "sauf si l'hémorragie est
/// endiguée").
#[test]
fn the_injury_is_drawn_and_a_healing_roll_stops_the_bleeding() {
    let mut fight = round_one();
    let injury = |roll, sub| Event::Injury { target: m("ann", 0), roll: InjuryRoll::Typed { roll, sub } };
    play(&mut fight, &[hit(m("ann", 0), Some("boss"), 21)]);
    refused(
        &fight,
        &injury(7, Some(4)),
        "Ann has no lasting injury to draw: make the Incapacitation roll first",
    );
    // 5 − 3 = 2: a failure: a lasting injury and Bleeding Out.
    play(&mut fight, &[Event::Incapacitation { target: m("ann", 0), roll: typed(5, Some(1)), modifier: 0 }]);
    refused(&fight, &injury(7, None), "Guts needs the d6 too (1 to 6)");
    play(&mut fight, &[injury(7, Some(4))]);
    assert_eq!(
        fight.last_line(),
        Some("Ann's injury (2d6 7, d6 4): Guts, battered: Vigor one die type lower, for good")
    );
    assert_eq!(member(&fight, "ann", 0).injury_drawn.as_ref().map(|i| i.part.as_str()), Some("Guts"));
    refused(&fight, &injury(10, None), "Ann's injury is drawn already");
    let heal = |healer: &str, target: &str, trait_die, wild| Event::Heal {
        healer: m(healer, 0),
        target: m(target, 0),
        roll: typed(trait_die, Some(wild)),
        modifier: 0,
    };
    refused(&fight, &heal("boss", "ann", 5, 2), "Boss is not acting now");
    play(&mut fight, &[begin("cid")]);
    refused(&fight, &heal("cid", "bob", 5, 2), "Bob is not Bleeding Out");
    // Cid has no Healing: d4 − 2, Ann's wounds −3, his Joker +2: 5 − 3 = 2, still bleeding.
    play(&mut fight, &[heal("cid", "ann", 5, 2)]);
    assert_eq!(
        fight.last_line(),
        Some("Cid rolls Healing on Ann (d4 5, Wild Die 2): 2: failure: still bleeding")
    );
    assert!(member(&fight, "ann", 0).bleeding_out);
    play(&mut fight, &[heal("cid", "ann", 7, 2)]);
    assert_eq!(
        fight.last_line(),
        Some("Cid rolls Healing on Ann (d4 7, Wild Die 2): 4: success: the bleeding stops")
    );
    let ann = member(&fight, "ann", 0);
    assert_eq!((ann.bleeding_out, ann.status), (false, Status::Incapacitated));
    // A seeded draw replays the same.
    let mut other = round_one();
    let seeded = Event::Injury { target: m("ann", 0), roll: InjuryRoll::Seeded { seed: 5 } };
    play(&mut other, &[hit(m("ann", 0), Some("boss"), 21)]);
    play(
        &mut other,
        &[Event::Incapacitation { target: m("ann", 0), roll: typed(9, Some(1)), modifier: 0 }, seeded],
    );
    let drawn = member(&other, "ann", 0).injury_drawn.clone().expect("drawn");
    assert_eq!(
        Ok(drawn),
        crate::systems::savage::rules::injury::draw(rules(), &InjuryRoll::Seeded { seed: 5 })
    );
}

/// fr 44: "Possibilité de relancer un jet de Trait (compétence et Attribut). Le meilleur
/// résultat est gardé": a chip rerolls the Spirit roll just made, and the better stands.
#[test]
fn a_chip_rerolls_the_spirit_roll_and_the_better_stands() {
    let mut fight = round_one();
    let reroll = |holder: Holder, trait_die, wild_die| Event::SpendChip {
        holder,
        chip: ChipColour::White,
        purpose: Spend::RerollRecover { roll: typed(trait_die, Some(wild_die)) },
    };
    play(&mut fight, &[begin("cid"), hit(m("boss", 0), None, 7), end("cid"), begin("boss")]);
    refused(&fight, &reroll(Holder::Marshal, 5, 2), "there is no Spirit roll just made to reroll");
    // Spirit d6: 3 and 2, a failure; the reroll 5 and 1 is a success and stands.
    play(&mut fight, &[Event::Recover { target: m("boss", 0), roll: typed(3, Some(2)), modifier: 0 }]);
    refused(&fight, &reroll(player("Alice"), 5, 1), "Alice cannot spend chips for Boss");
    let mut better = fight.clone();
    play(&mut better, &[reroll(Holder::Marshal, 5, 1)]);
    let boss = member(&better, "boss", 0);
    assert_eq!((boss.shaken, boss.free_actions_only), (false, true));
    assert_eq!(
        better.last_line(),
        Some(
            "the Marshal spends a white chip to reroll a trait roll: Boss rerolls Spirit (d6 5, Wild Die 1): 5: success: keeps 5: success: no longer Shaken, but only free actions this turn"
        )
    );
    // A second chip: 9 and 2, a raise: acts normally. A worse one after it keeps the raise.
    play(&mut better, &[reroll(Holder::Marshal, 9, 2), reroll(Holder::Marshal, 2, 2)]);
    let boss = member(&better, "boss", 0);
    assert_eq!((boss.shaken, boss.free_actions_only), (false, false));
    // A worse reroll leaves the failure: still Shaken.
    play(&mut fight, &[reroll(Holder::Marshal, 2, 1)]);
    assert!(member(&fight, "boss", 0).shaken);
    // Any other event closes it.
    play(&mut fight, &[end("boss")]);
    refused(&fight, &reroll(Holder::Marshal, 5, 2), "there is no Spirit roll just made to reroll");
}

/// S50 (en 57: "Any chip can re-roll a Trait roll (keep the best)"): Dee bleeds to death on
/// d6 3 and Wild Die 1; Dan's red chip rerolls that very roll, and the better result stands:
/// still bleeding, not dead. A plain reroll from the chips panel is refused while the roll
/// is open (it would take the chip and change nothing).
#[test]
fn a_chip_rerolls_the_bleeding_out_roll_and_the_better_stands() {
    let mut fight = round_one();
    // 25 against Dee's 5: Incapacitated; 5 − 3 = 2: a lasting injury, Bleeding Out.
    play(
        &mut fight,
        &[
            hit(m("dee", 0), Some("gunmen"), 25),
            Event::Incapacitation { target: m("dee", 0), roll: typed(5, Some(1)), modifier: 0 },
            Event::Deal { typed: BTreeMap::new() },
            Event::BleedOut { target: m("dee", 0), roll: typed(3, Some(1)), modifier: 0 },
        ],
    );
    assert_eq!(member(&fight, "dee", 0).status, Status::Dead);
    let plain = Event::SpendChip { holder: player("Dan"), chip: ChipColour::Red, purpose: Spend::Reroll };
    refused(
        &fight,
        &plain,
        "Dee's Bleeding Out roll is rerolled with its own chip button, which keeps the better result: a chip spent here would change nothing",
    );
    let reroll = |trait_die, wild_die| Event::SpendChip {
        holder: player("Dan"),
        chip: ChipColour::Red,
        purpose: Spend::RerollVigor { roll: typed(trait_die, Some(wild_die)) },
    };
    refused(
        &fight,
        &Event::SpendChip {
            holder: player("Alice"),
            chip: ChipColour::White,
            purpose: Spend::RerollVigor { roll: typed(9, Some(2)) },
        },
        "Alice cannot spend chips for Dee",
    );
    // 9 − 3 = 6: a success: still bleeding, again next round.
    play(&mut fight, &[reroll(9, 2)]);
    let dee = member(&fight, "dee", 0);
    assert_eq!((dee.status, dee.bleeding_out), (Status::Incapacitated, true));
    assert_eq!(fight.state.chips.count(&player("Dan"), ChipColour::Red), 2);
    assert_eq!(
        fight.last_line(),
        Some(
            "Dan spends a red chip to reroll a trait roll: Dee rerolls Vigor against Bleeding Out (d6 9, Wild Die 2): 6: success: keeps 6: success: still bleeding: rolls again next round"
        )
    );
    // A worse reroll keeps the success.
    play(&mut fight, &[reroll(2, 2)]);
    assert_eq!(member(&fight, "dee", 0).status, Status::Incapacitated);
    assert!(member(&fight, "dee", 0).bleeding_out);
    // Any other event closes it; a plain reroll is then only counted.
    play(&mut fight, &[Event::AwardLegendary { holder: Holder::Marshal }]);
    refused(&fight, &reroll(12, 2), "there is no Incapacitation or Bleeding Out roll just made to reroll");
    let mut copy = fight.clone();
    play(
        &mut copy,
        &[Event::SpendChip { holder: player("Dan"), chip: ChipColour::Red, purpose: Spend::Reroll }],
    );
}

/// S50: the Incapacitation roll too: "1 or less" (dead) rerolled into a failure leaves a
/// lasting injury and Bleeding Out.
#[test]
fn a_chip_rerolls_the_incapacitation_roll_and_the_better_stands() {
    let mut fight = round_one();
    play(
        &mut fight,
        &[
            hit(m("dee", 0), Some("gunmen"), 25),
            Event::Incapacitation { target: m("dee", 0), roll: typed(4, Some(2)), modifier: 0 },
        ],
    );
    // 4 − 3 = 1: dead.
    assert_eq!(member(&fight, "dee", 0).status, Status::Dead);
    let reroll = |trait_die, wild_die| Event::SpendChip {
        holder: player("Dan"),
        chip: ChipColour::Red,
        purpose: Spend::RerollVigor { roll: typed(trait_die, Some(wild_die)) },
    };
    // 5 − 3 = 2: a failure: a lasting injury, and Bleeding Out.
    play(&mut fight, &[reroll(5, 3)]);
    let dee = member(&fight, "dee", 0);
    assert_eq!(
        (dee.status, dee.injury, dee.bleeding_out),
        (Status::Incapacitated, Some(Incapacitation::BleedingOut), true)
    );
    assert!(fight.state.prompts().is_empty(), "the roll is made: no prompt again");
    // 8 − 3 = 5: a success: the injury goes with the wounds, no bleeding.
    play(&mut fight, &[reroll(8, 1)]);
    let dee = member(&fight, "dee", 0);
    assert_eq!(
        (dee.status, dee.injury, dee.bleeding_out),
        (Status::Incapacitated, Some(Incapacitation::HealsWithWounds), false)
    );
}

/// The damage that follows a hit goes to the member hit, and the hit (its target and weapon)
/// is the log's: a replay of the events gives it back.
#[test]
fn the_damage_that_follows_a_hit_goes_to_the_member_hit() {
    let mut fight = round_one();
    play(&mut fight, &[begin("boss")]);
    let knife = Event::Attack {
        attacker: m("boss", 0),
        target: m("ann", 0),
        skill: "fighting".into(),
        range: None,
        modifier: 0,
        roll: typed(7, Some(2)),
        situation: Situation::default(),
        weapon: Some("Knife".into()),
    };
    let mut saber = knife.clone();
    if let Event::Attack { weapon, .. } = &mut saber {
        *weapon = Some("Sabre".into());
    }
    refused(&fight, &saber, "there is no weapon 'Sabre'");
    play(&mut fight, &[knife]);
    let Ok(replayed) = Fight::replay(&savage(), &fight.events) else { panic!("a replay") };
    let pending = replayed.state.pending_hit().expect("a hit to follow");
    assert_eq!((&pending.target, pending.weapon.as_deref()), (&m("ann", 0), Some("Knife")));
    assert_eq!(replayed.state.hit_weapon(rules(), pending).as_deref(), Some("Knife"));
    refused(&fight, &hit_on(m("bob", 0)), "the attack hit Ann: its damage goes to Ann, not Bob");
    play(&mut fight, &[hit_on(m("ann", 0))]);
    assert!(fight.state.pending_hit().is_none(), "its damage is rolled");
    // Damage from elsewhere (no attacker) is the Marshal's to place.
    play(&mut fight, &[hit(m("bob", 0), None, 3)]);
}

fn hit_on(target: MemberRef) -> Event {
    hit(target, Some("boss"), 3)
}

/// The member who acts on the turn panel: the one chosen while it can act, else the next who
/// has not acted this turn, never back to one who has.
#[test]
fn the_actor_moves_on_to_the_next_who_has_not_acted() {
    let mut fight = round_one();
    let out = |i| Event::Adjust {
        target: m("outlaws", i),
        shaken: None,
        wounds: None,
        fatigue: None,
        status: Some(Status::Out),
        bleeding_out: None,
    };
    play(&mut fight, &[out(0)]);
    assert_eq!(fight.state.actor("outlaws", 0), 1, "the first still active");
    assert_eq!(fight.state.actor("outlaws", 3), 3, "the one chosen");
    if let Some(u) = fight.state.units.iter_mut().find(|u| u.id == "outlaws") {
        u.members[1].actions = 1;
        u.members[3].actions = 1;
    }
    play(&mut fight, &[out(3)]);
    assert_eq!(fight.state.actor("outlaws", 3), 4, "the next who has not acted");
    play(&mut fight, &[out(4)]);
    assert_eq!(fight.state.actor("outlaws", 4), 2, "round the group, past 2 who acted");
}

/// en 54–56, fr 42–43: a red chip cancels a critical failure and a blue one adds +2 to a
/// total. Both change the attack just made (before its damage), judged again; the chip is
/// taken only when the roll changes, and a refused spend keeps it.
/// A fight from before its edition was recorded (edition 0) replays as it was played: a
/// chip's *cancel a critical failure* and *+2* only took the chip, with a roll just made or
/// none.
#[test]
fn in_an_edition_0_fight_cancel_and_bonus_only_take_the_chip() {
    let mut old = setup();
    if let Event::Setup { edition, .. } = &mut old {
        *edition = 0;
    }
    let mut fight = round_one_from(old);
    let spend = |purpose| Event::SpendChip { holder: Holder::Marshal, chip: ChipColour::Blue, purpose };
    play(
        &mut fight,
        &[
            Event::DrawChips { holder: Holder::Marshal, count: 2, typed: Some(vec![ChipColour::Blue; 2]) },
            begin("boss"),
            spend(Spend::Bonus),
            // 3 against 4, a miss, which the +2 no longer changes.
            attack("shooting", 3, 2, Situation::default()),
            spend(Spend::Bonus),
        ],
    );
    assert_eq!(
        fight.state.last_attack.as_ref().map(|a| a.result),
        Some(TraitResult { total: 3, raises: 0, outcome: Outcome::Failure })
    );
    assert_eq!(fight.state.chips.count(&Holder::Marshal, ChipColour::Blue), 0);
}

#[test]
fn a_chip_cancels_the_attacks_critical_failure_and_adds_two() {
    let mut fight = round_one();
    let spend = |chip, purpose| Event::SpendChip { holder: Holder::Marshal, chip, purpose };
    play(
        &mut fight,
        &[
            Event::DrawChips {
                holder: Holder::Marshal,
                count: 2,
                typed: Some(vec![ChipColour::Red, ChipColour::Blue]),
            },
            begin("boss"),
        ],
    );
    refused(
        &fight,
        &spend(ChipColour::Blue, Spend::Bonus),
        "there is no roll just made to add to: spend it right after the attack, the Spirit roll or the Vigor roll",
    );
    // Snake eyes: a critical failure, which the +2 does not change.
    play(&mut fight, &[attack("shooting", 1, 1, Situation::default())]);
    refused(
        &fight,
        &spend(ChipColour::Blue, Spend::Bonus),
        "Boss's attack is a critical failure, which no bonus changes: cancel it first",
    );
    play(&mut fight, &[spend(ChipColour::Red, Spend::CancelCriticalFailure)]);
    assert_eq!(
        fight.last_line(),
        Some(
            "the Marshal spends a red chip to cancel a critical failure: Boss's Shooting: no critical failure: 1: failure"
        )
    );
    assert_eq!(
        fight.state.last_attack.as_ref().map(|a| a.result),
        Some(TraitResult { total: 1, raises: 0, outcome: Outcome::Failure })
    );
    assert_eq!(fight.state.chips.count(&Holder::Marshal, ChipColour::Red), 0);
    refused(
        &fight,
        &spend(ChipColour::Blue, Spend::CancelCriticalFailure),
        "Boss's attack is no critical failure: there is nothing to cancel",
    );
    // The second attack (−2, S32): 5 − 2 = 3, a miss; the blue chip's +2 makes it 5, a hit.
    play(&mut fight, &[attack("shooting", 5, 2, Situation::default())]);
    play(&mut fight, &[spend(ChipColour::Blue, Spend::Bonus)]);
    assert_eq!(
        fight.last_line(),
        Some("the Marshal spends a blue chip to add to a total: Boss's Shooting: 3 +2: 5: success")
    );
    assert_eq!(
        fight.state.last_attack.as_ref().map(|a| a.result),
        Some(TraitResult { total: 5, raises: 0, outcome: Outcome::Success })
    );
    assert_eq!(fight.state.chips.count(&Holder::Marshal, ChipColour::Blue), 0);
    // The hit's damage follows; then nothing is open to add to.
    play(&mut fight, &[hit(m("ann", 0), Some("boss"), 3)]);
    play(
        &mut fight,
        &[Event::DrawChips { holder: Holder::Marshal, count: 1, typed: Some(vec![ChipColour::Blue]) }],
    );
    refused(
        &fight,
        &spend(ChipColour::Blue, Spend::Bonus),
        "there is no roll just made to add to: spend it right after the attack, the Spirit roll or the Vigor roll",
    );
}

/// The same chips on the Incapacitation roll just made: Ann's snake eyes at +4 is death; the
/// red chip cancels it (1 + 4 − 3 = 2: a failure, Bleeding Out), and the blue chip's +2 makes
/// it 4, a success: the injury heals with the wounds, no bleeding.
#[test]
fn a_chip_cancels_the_incapacitation_rolls_critical_failure_and_adds_two() {
    let mut fight = round_one();
    play(
        &mut fight,
        &[
            hit(m("ann", 0), Some("gunmen"), 25),
            Event::Incapacitation { target: m("ann", 0), roll: typed(1, Some(1)), modifier: 4 },
        ],
    );
    assert_eq!(member(&fight, "ann", 0).status, Status::Dead);
    let spend = |chip, purpose| Event::SpendChip { holder: player("Alice"), chip, purpose };
    refused(
        &fight,
        &Event::SpendChip {
            holder: player("Dan"),
            chip: ChipColour::Red,
            purpose: Spend::CancelCriticalFailure,
        },
        "Dan cannot spend chips for Ann",
    );
    play(&mut fight, &[spend(ChipColour::Red, Spend::CancelCriticalFailure)]);
    let ann = member(&fight, "ann", 0);
    assert_eq!(
        (ann.status, ann.injury, ann.bleeding_out),
        (Status::Incapacitated, Some(Incapacitation::BleedingOut), true)
    );
    assert_eq!(
        fight.last_line(),
        Some(
            "Alice spends a red chip to cancel a critical failure: Ann's Vigor against Incapacitation: no critical failure: 2: failure: a lasting injury, and Bleeding Out: a Vigor roll at the start of each round; the Marshal draws a white chip"
        )
    );
    play(&mut fight, &[spend(ChipColour::Blue, Spend::Bonus)]);
    let ann = member(&fight, "ann", 0);
    assert_eq!(
        (ann.status, ann.injury, ann.bleeding_out),
        (Status::Incapacitated, Some(Incapacitation::HealsWithWounds), false)
    );
    assert_eq!(fight.state.chips.total(&player("Alice")), 1);
}

/// S19: a combatant whose Edges cannot go together (saved as it stands by the editor) is
/// refused in a fight, with the reason, at the set-up and when it is brought in.
#[test]
fn a_combatant_not_ready_is_refused_in_a_fight() {
    let doc = wild_card("Doc", None, "d6", "d6", &["hesitant", "quick"]);
    let fight = Fight::default();
    let setup = Event::Setup {
        seed: 7,
        players: Vec::new(),
        units: vec![unit("doc", doc.clone())],
        automation: Automation::default(),
        edition: EDITION,
    };
    let why = "Doc is not ready for a fight: Hesitant cannot be combined with Quick or Level Headed; put it right on the Combatants tab";
    refused(&fight, &setup, why);
    let fight = round_one();
    refused(&fight, &Event::Enter { unit: unit("doc", doc) }, why);
}
