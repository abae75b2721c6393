//! The game log, played like the rulebook: staged rolls, exact results, exact log lines.

use super::*;
use crate::kernel::odds::Chance;
use crate::systems::fragmaster::rules::attack::Modifier;
use crate::systems::fragmaster::rules::data::{ActionKind, Cover, WeaponId};
use crate::systems::fragmaster::rules::dice::D6;
use crate::systems::fragmaster::rules::embedded::rules;

fn d6(face: u8) -> D6 {
    D6::new(face).expect("face")
}

fn d6s(faces: &[u8]) -> Vec<D6> {
    faces.iter().map(|&f| d6(f)).collect()
}

/// A game at the table, with helpers that name characters.
struct Table {
    game: Game<'static>,
}

impl Table {
    fn rules() -> Fragmaster<'static> {
        Fragmaster { rules: rules() }
    }

    fn setup(players: &[(&str, &[&str])], target: u32, points: u8, rearm: &[&str]) -> Setup {
        Setup {
            players: players
                .iter()
                .map(|(name, chars)| PlayerSetup {
                    name: (*name).to_owned(),
                    characters: chars.iter().map(|&c| c.to_owned()).collect(),
                })
                .collect(),
            target,
            respawn_points: points,
            rearm_points: rearm.iter().map(|&w| WeaponId(w.to_owned())).collect(),
            // The games below were written under the next-turn respawn; `respawn_timing` plays
            // the book's next round.
            respawn: Respawn::NextTurn,
        }
    }

    /// One character per player, named like the player.
    fn solo(names: &[&str], target: u32, points: u8, rearm: &[&str]) -> Table {
        let players: Vec<(&str, &[&str])> = names.iter().map(|n| (*n, std::slice::from_ref(n))).collect();
        let mut table = Table { game: Game::default() };
        table.ok(&Event::Setup(Table::setup(&players, target, points, rearm)));
        table
    }

    fn id(&self, name: &str) -> CharacterId {
        let index = self.game.state.characters.iter().position(|c| c.name == name).expect("character");
        CharacterId(index)
    }

    fn state(&self) -> &State {
        &self.game.state
    }

    /// Applies an event that must be accepted and returns its log line.
    fn ok(&mut self, event: &Event) -> String {
        if let Err(e) = self.game.apply(&Table::rules(), event) {
            panic!("refused: {e} ({event:?})");
        }
        self.game.last_line().unwrap_or_default().to_owned()
    }

    /// Applies an event that must be refused, checks nothing changed, and returns why.
    fn refused(&mut self, event: &Event) -> String {
        let before = self.game.state.clone();
        let count = self.game.events.len();
        let error = self.game.apply(&Table::rules(), event).expect_err("must be refused");
        assert_eq!((&self.game.state, self.game.events.len()), (&before, count));
        error.to_string()
    }

    fn initiative(&mut self, rolls: &[(&str, u32)]) -> String {
        let rolls = rolls.iter().map(|&(n, roll)| InitiativeRoll { character: self.id(n), roll }).collect();
        self.ok(&Event::InitiativeRolls { rolls })
    }

    fn tiebreak(&mut self, rolls: &[(&str, u8)]) -> String {
        let rolls =
            rolls.iter().map(|&(n, roll)| TiebreakRoll { character: self.id(n), roll: d6(roll) }).collect();
        self.ok(&Event::Tiebreaks { rolls })
    }

    fn deploy(&mut self, name: &str, rolls: &[u8]) -> String {
        self.ok(&Event::DeploymentRolls { character: self.id(name), rolls: d6s(rolls) })
    }

    fn act(&mut self, action: ActionKind) -> String {
        self.ok(&Event::Act { action, note: None })
    }

    fn current(&self) -> &str {
        self.state().current().map_or("nobody", |id| self.state().name(id))
    }

    fn frags(&self) -> Vec<(String, i32)> {
        self.state().scoreboard().into_iter().map(|l| (l.name, l.frags)).collect()
    }
}

fn attack(t: &Table, target: &str, weapon: &str, cm: f64, hits: &[u8], wounds: &[u8]) -> Attack {
    Attack {
        target: t.id(target),
        weapon: WeaponId(weapon.to_owned()),
        distance_cm: cm,
        cover: Cover::None,
        other_level: false,
        hit_rolls: d6s(hits),
        wound_rolls: d6s(wounds),
        blast: Vec::new(),
    }
}

/// Four players to the first action of round 1: order Bob, Ann, Cid, Dan.
fn four_players(target: u32, rearm: &[&str]) -> Table {
    let mut t = Table::solo(&["Ann", "Bob", "Cid", "Dan"], target, 6, rearm);
    t.initiative(&[("Ann", 11), ("Bob", 14), ("Cid", 11), ("Dan", 9)]);
    t.tiebreak(&[("Ann", 5), ("Cid", 2)]);
    t.deploy("Bob", &[4]);
    t.deploy("Ann", &[4, 1]);
    t.deploy("Cid", &[2]);
    t.deploy("Dan", &[6]);
    t
}

#[test]
#[expect(
    clippy::too_many_lines,
    reason = "one game from set-up to the win, read top to bottom like the book"
)]
fn a_four_player_game_to_the_win() {
    let mut t =
        Table::solo(&["Ann", "Bob", "Cid", "Dan"], 3, 6, &["rocket-launcher", "sniper-rifle", "grenades"]);
    assert_eq!(
        t.game.lines[0],
        "New game: Ann, Bob, Cid and Dan; first to 3 frags; 6 respawn points; rearm points 1 rocket launcher, \
         2 sniper rifle, 3 grenades."
    );
    // Initiative: Ann and Cid tie on 11 and roll a d6 each.
    assert_eq!(
        t.initiative(&[("Ann", 11), ("Bob", 14), ("Cid", 11), ("Dan", 9)]),
        "Initiative: Ann rolls 11, Bob rolls 14, Cid rolls 11 and Dan rolls 9. Tied: Ann and Cid; each rolls a d6."
    );
    assert_eq!(t.state().initiative_waiting(), vec![t.id("Ann"), t.id("Cid")]);
    assert_eq!(
        t.tiebreak(&[("Ann", 5), ("Cid", 2)]),
        "Tiebreak: Ann rolls 5 and Cid rolls 2. Order: Bob, Ann, Cid, Dan."
    );
    // Deployment in initiative order; Ann's 4 lands on Bob's point and is rolled again.
    assert_eq!(t.deploy("Bob", &[4]), "Bob rolls 4 to deploy: Bob appears on point 4.");
    assert_eq!(
        t.deploy("Ann", &[4, 1]),
        "Ann rolls 4 (point 4 is taken) and 1 to deploy: Ann appears on point 1."
    );
    t.deploy("Cid", &[2]);
    assert_eq!(t.deploy("Dan", &[6]), "Dan rolls 6 to deploy: Dan appears on point 6. Round 1: Bob's turn.");

    // Round 1. Bob picks up the rocket launcher after a run, and takes cover.
    t.act(ActionKind::Run);
    assert_eq!(
        t.ok(&Event::Rearm { point: 1 }),
        "Bob swaps the assault rifle for the rocket launcher at rearm point 1."
    );
    t.act(ActionKind::Run);
    assert_eq!(t.act(ActionKind::TakeCover), "Bob takes cover; 0 actions left.");
    assert_eq!(t.ok(&Event::EndTurn), "Bob ends the turn. Ann's turn.");
    // Ann picks up grenades beside her rifle, takes cover and shoots Dan twice.
    t.act(ActionKind::Run);
    assert_eq!(t.ok(&Event::Rearm { point: 3 }), "Ann picks up grenades at rearm point 3.");
    t.act(ActionKind::TakeCover);
    let options: Vec<String> = t.state().attack_options(rules()).into_iter().map(|o| o.weapon.0).collect();
    assert_eq!(options, vec!["assault-rifle", "grenades"]);
    let a = attack(&t, "Dan", "assault-rifle", 35.0, &[5, 1], &[2]);
    assert_eq!(
        t.ok(&Event::Attack(a)),
        "Ann shoots Dan with the assault rifle at 35 cm: shot 1 hit on 5 (needed 3+), wound on 2 (needed 4+): not \
         wounded; shot 2 miss on 1 (needed 3+)."
    );
    t.ok(&Event::EndTurn);
    // Cid takes the sniper rifle, aims and kills Dan in decent cover: 3 + 2 − 2 + 1 = 4+.
    t.act(ActionKind::Run);
    t.ok(&Event::Rearm { point: 2 });
    assert_eq!(t.act(ActionKind::Aim), "Cid aims (-2 to hit on the next attack); 1 action left.");
    let a = Attack { cover: Cover::Decent, ..attack(&t, "Dan", "sniper-rifle", 70.0, &[4], &[3]) };
    assert_eq!(
        t.ok(&Event::Attack(a)),
        "Cid shoots Dan with the sniper rifle at 70 cm: hit on 4 (needed 4+), wound on 3 (needed 2+): killed. Dan is \
         killed (+1): Cid has 1 frag."
    );
    assert_eq!(t.ok(&Event::EndTurn), "Cid ends the turn. Dan's turn. Dan is dead and respawns first.");
    assert_eq!(
        t.refused(&Event::Act { action: ActionKind::Run, note: None }),
        "Dan is dead and respawns first"
    );
    // Dan carried only the assault rifle he gets back anyway: keeping it is not offered. Bob,
    // with the rocket launcher, would be.
    assert!(!t.state().keep_weapon_offered(rules(), t.id("Dan")));
    assert!(t.state().keep_weapon_offered(rules(), t.id("Bob")));
    assert_eq!(
        t.ok(&Event::Respawn { roll: d6(2), keep_weapon: false }),
        "Dan respawns on point 2 (rolled 2) with the assault rifle."
    );
    t.act(ActionKind::Run);
    t.act(ActionKind::Climb);
    t.act(ActionKind::TakeCover);
    assert_eq!(t.ok(&Event::EndTurn), "Dan ends the turn. Round 2: Bob's turn.");

    // Round 2. Bob's taking cover ended with the start of his turn; Ann's still holds.
    assert!(!t.state().characters[t.id("Bob").0].taking_cover);
    assert!(t.state().characters[t.id("Ann").0].taking_cover);
    t.act(ActionKind::Aim);
    // The attack panel: 3 + 1 (launcher) − 2 (aim) + 1 (Ann taking cover) = 3+; wound 5+.
    let panel = t
        .state()
        .assess_attack(rules(), &WeaponId("rocket-launcher".into()), t.id("Ann"), 25.0, Cover::None, false)
        .expect("possible");
    assert_eq!((panel.hit_needed, panel.wound_needed, panel.blast_cm), (3, 5, Some(5.0)));
    assert_eq!(
        panel.hit_modifiers,
        vec![
            Modifier { reason: "rocket launcher".into(), value: 1 },
            Modifier { reason: "aim".into(), value: -2 },
            Modifier { reason: "target taking cover".into(), value: 1 },
        ]
    );
    // Hit 4/6, wound 2/6: kill 8/36.
    assert_eq!(panel.kill_chance, Chance::new(8, 36));
    // Bob attacks from 25 cm: a 5 cm blast around Ann cannot reach him, so he is not asked.
    assert_eq!(t.state().blast_candidates(t.id("Ann"), 25.0, 5.0), vec![t.id("Cid"), t.id("Dan")]);
    assert_eq!(
        t.state().blast_candidates(t.id("Ann"), 4.5, 5.0),
        vec![t.id("Bob"), t.id("Cid"), t.id("Dan")]
    );
    // The blast catches Cid and Dan as well: two killed, one saved by his roll.
    let a = Attack {
        blast: vec![
            BlastTarget { character: t.id("Cid"), wound_roll: d6(5) },
            BlastTarget { character: t.id("Dan"), wound_roll: d6(1) },
        ],
        ..attack(&t, "Ann", "rocket-launcher", 25.0, &[3], &[6])
    };
    assert_eq!(
        t.ok(&Event::Attack(a)),
        "Bob fires the rocket launcher at Ann at 25 cm: hit on 3 (needed 3+), wound on 6 (needed 5+): killed; the \
         blast catches Cid (wound on 5, needed 5+: killed) and Dan (wound on 1, needed 5+: not wounded). Ann is \
         killed (+1) and Cid is killed (+1): Bob has 2 frags."
    );
    t.act(ActionKind::Run);
    t.ok(&Event::EndTurn);
    // Ann respawns without keeping anything: the assault rifle, and no grenades.
    assert_eq!(
        t.ok(&Event::Respawn { roll: d6(1), keep_weapon: false }),
        "Ann respawns on point 1 (rolled 1) with the assault rifle."
    );
    assert!(!t.state().characters[t.id("Ann").0].grenades);
    t.act(ActionKind::Run);
    t.ok(&Event::EndTurn);
    // Cid keeps the sniper rifle for two actions and uses the last one to kill Bob: 5+.
    assert_eq!(
        t.ok(&Event::Respawn { roll: d6(5), keep_weapon: true }),
        "Cid respawns on point 5 (rolled 5) and keeps the sniper rifle for 2 actions."
    );
    assert_eq!(t.state().actions_left(rules()), 1);
    let line = t.ok(&Event::Attack(attack(&t, "Bob", "sniper-rifle", 50.0, &[6], &[4])));
    assert!(line.ends_with("Bob is killed (+1): Cid has 2 frags."), "{line}");
    assert_eq!(t.state().actions_left(rules()), 0);
    assert_eq!(
        t.refused(&Event::Act { action: ActionKind::Aim, note: None }),
        "Cid has no actions left this turn"
    );
    t.ok(&Event::EndTurn);
    // Dan picks up grenades and throws them at Ann at 4 cm, catching himself: −3.
    t.act(ActionKind::Run);
    t.ok(&Event::Rearm { point: 3 });
    let a = Attack {
        blast: vec![BlastTarget { character: t.id("Dan"), wound_roll: d6(6) }],
        ..attack(&t, "Ann", "grenades", 4.0, &[3], &[5])
    };
    assert_eq!(
        t.ok(&Event::Attack(a)),
        "Dan throws grenades at Ann at 4 cm: hit on 3 (needed 3+), wound on 5 (needed 5+): killed; the blast catches \
         Dan (wound on 6, needed 5+: killed). Ann is killed (+1) and Dan is killed by its own attack (-3): Dan has -2 \
         frags."
    );
    assert_eq!(
        t.refused(&Event::Act { action: ActionKind::Run, note: None }),
        "Dan is dead until the start of its next turn"
    );
    t.ok(&Event::EndTurn);

    // Round 3. Bob respawns keeping the launcher and kills Cid in decent cover: 5+.
    assert_eq!(t.current(), "Bob");
    assert_eq!(t.state().round, 3);
    t.ok(&Event::Respawn { roll: d6(4), keep_weapon: true });
    assert_eq!(t.state().characters[t.id("Bob").0].weapon.as_str(), "rocket-launcher");
    let a = Attack { cover: Cover::Decent, ..attack(&t, "Cid", "rocket-launcher", 40.0, &[5], &[5]) };
    assert_eq!(
        t.ok(&Event::Attack(a)),
        "Bob fires the rocket launcher at Cid at 40 cm: hit on 5 (needed 5+), wound on 5 (needed 5+): killed. Cid is \
         killed (+1): Bob has 3 frags. Bob reaches 3 frags and wins the game!"
    );
    assert_eq!(t.state().phase, Phase::Over);
    assert_eq!(t.state().winner().map(|p| t.state().player_name(p).to_owned()), Some("Bob".to_owned()));
    assert_eq!(t.frags(), vec![("Bob".into(), 3), ("Cid".into(), 2), ("Ann".into(), 0), ("Dan".into(), -2)]);
    // Nothing but undo after the win.
    assert_eq!(t.refused(&Event::EndTurn), "the game is over: Bob won; only undo is left");
    let (undone, last) = t.game.undo(&Table::rules()).expect("replays").expect("an event");
    assert!(matches!(last, Event::Attack(_)));
    assert_eq!(undone.state.phase, Phase::Playing);
    assert_eq!(undone.state.players[1].frags, 2);
    // The whole game replays from its journal to the same state.
    let journal: Vec<String> =
        t.game.events.iter().map(|e| serde_json::to_string(e).expect("json")).collect();
    let events: Vec<Event> = journal.iter().map(|line| serde_json::from_str(line).expect("reads")).collect();
    let replayed = Game::replay(&Table::rules(), &events).expect("replays");
    assert_eq!(replayed.state, t.game.state);
    assert_eq!(replayed.lines, t.game.lines);
}

#[test]
fn set_up_follows_the_book_and_the_issue() {
    let refused = |players: &[(&str, &[&str])], target: u32, points: u8, rearm: &[&str]| {
        let mut t = Table { game: Game::default() };
        t.refused(&Event::Setup(Table::setup(players, target, points, rearm)))
    };
    assert_eq!(refused(&[("Ann", &["Ann"])], 20, 6, &[]), "a game needs at least 2 players");
    // Uneven teams and several characters in a bigger game are advice, not refusals
    // (`recommendations_are_advice_not_refusals`); a player with no character is refused.
    assert_eq!(refused(&[("Red", &["Ann"]), ("Blue", &[])], 20, 6, &[]), "Blue needs at least one character");
    assert_eq!(refused(&[("Ann", &["Ann"]), ("Bob", &["ann"])], 20, 6, &[]), "the name ann is used twice");
    assert_eq!(
        refused(&[("Ann", &["Ann"]), (" ", &["Bob"])], 20, 6, &[]),
        "every player and every character needs a name"
    );
    assert_eq!(
        refused(&[("Ann", &["Ann"]), ("Bob", &["Bob"])], 0, 6, &[]),
        "the frag target must be at least 1"
    );
    assert_eq!(
        refused(&[("Ann", &["Ann"]), ("Bob", &["Bob"])], 20, 4, &[]),
        "the table has 3 or 6 respawn points, not 4"
    );
    assert_eq!(
        refused(&[("Ann", &["Ann"]), ("Bob", &["Bob"])], 20, 6, &["laser"]),
        "'laser' is not a weapon Posse knows"
    );
    let seven: Vec<(&str, &[&str])> =
        ["A", "B", "C", "D", "E", "F", "G"].iter().map(|n| (*n, std::slice::from_ref(n))).collect();
    assert_eq!(
        refused(&seven, 20, 3, &[]),
        "more than 6 characters play with 6 respawn points and a neutral round"
    );
    // Teams: Red against Blue, three a side.
    let mut t = Table { game: Game::default() };
    let line = t.ok(&Event::Setup(Table::setup(
        &[("Red", &["Ann", "Bob", "Cat"]), ("Blue", &["Cid", "Dan", "Eve"])],
        20,
        3,
        &[],
    )));
    assert_eq!(
        line,
        "New game: Red (Ann, Bob, Cat) against Blue (Cid, Dan, Eve); first to 20 frags; 3 respawn points; no rearm points."
    );
    assert_eq!(
        t.refused(&Event::Setup(Table::setup(&[("A", &["A"]), ("B", &["B"])], 20, 6, &[]))),
        "that cannot be done during initiative"
    );
}

#[test]
fn initiative_rolls_and_tiebreaks_are_checked() {
    let mut t = Table::solo(&["Ann", "Bob", "Cid"], 20, 6, &[]);
    let roll = |t: &Table, n: &str, roll: u32| Event::InitiativeRolls {
        rolls: vec![InitiativeRoll { character: t.id(n), roll }],
    };
    assert_eq!(t.refused(&roll(&t, "Ann", 19)), "Ann's initiative of 19 cannot come from 3d6 (3 to 18)");
    assert_eq!(t.refused(&roll(&t, "Ann", 2)), "Ann's initiative of 2 cannot come from 3d6 (3 to 18)");
    t.ok(&roll(&t, "Ann", 10));
    assert_eq!(t.refused(&roll(&t, "Ann", 12)), "Ann has already rolled for initiative");
    assert_eq!(t.state().initiative_waiting(), vec![t.id("Bob"), t.id("Cid")]);
    let tb = |t: &Table, n: &str, f: u8| Event::Tiebreaks {
        rolls: vec![TiebreakRoll { character: t.id(n), roll: d6(f) }],
    };
    assert_eq!(t.refused(&tb(&t, "Ann", 3)), "ties are broken once every character has rolled 3d6");
    t.initiative(&[("Bob", 10), ("Cid", 10)]);
    // A three-way tie: Ann and Bob roll 4, Cid 1; Ann and Bob roll again.
    assert_eq!(
        t.tiebreak(&[("Ann", 4), ("Bob", 4), ("Cid", 1)]),
        "Tiebreak: Ann rolls 4, Bob rolls 4 and Cid rolls 1. Still tied: Ann and Bob; each rolls a d6."
    );
    assert_eq!(t.refused(&tb(&t, "Cid", 6)), "Cid is not waiting for a tiebreak roll");
    t.tiebreak(&[("Ann", 2)]);
    assert_eq!(t.refused(&tb(&t, "Ann", 6)), "Ann is not waiting for a tiebreak roll");
    assert_eq!(t.tiebreak(&[("Bob", 3)]), "Tiebreak: Bob rolls 3. Order: Bob, Ann, Cid.");
    assert_eq!(t.state().phase, Phase::Deployment);
    assert_eq!(t.state().deploying(), Some(t.id("Bob")));
    assert_eq!(
        t.refused(&Event::DeploymentRolls { character: t.id("Ann"), rolls: d6s(&[1]) }),
        "it is Bob's turn to deploy, not Ann's"
    );
}

#[test]
fn deployment_on_three_points_rolls_again_on_a_taken_point() {
    let mut t = Table::solo(&["Ann", "Bob", "Cid", "Dan"], 20, 3, &[]);
    t.initiative(&[("Ann", 18), ("Bob", 15), ("Cid", 12), ("Dan", 3)]);
    assert_eq!(t.deploy("Ann", &[2]), "Ann rolls 2 to deploy: Ann appears on point 1.");
    // Bob rolls 1 (point 1, taken) and stops there: he rolls again in a later event.
    assert_eq!(t.deploy("Bob", &[1]), "Bob rolls 1 (point 1 is taken) to deploy: roll again.");
    assert_eq!(t.state().taken_points(rules()), vec![1]);
    assert_eq!(t.deploy("Bob", &[4]), "Bob rolls 4 to deploy: Bob appears on point 2.");
    assert_eq!(
        t.refused(&Event::DeploymentRolls { character: t.id("Cid"), rolls: d6s(&[6, 1]) }),
        "Cid is already on point 3: the later rolls are not needed"
    );
    t.deploy("Cid", &[2, 3, 5]);
    // Every point is used: Dan starts a new cycle and may land anywhere.
    assert_eq!(t.state().taken_points(rules()), Vec::<u8>::new());
    t.deploy("Dan", &[1]);
    let points: Vec<Option<u8>> = t.state().characters.iter().map(|c| c.point).collect();
    assert_eq!(points, vec![Some(1), Some(2), Some(3), Some(1)]);
    assert_eq!(t.state().characters[t.id("Cid").0].deployment_rolls, d6s(&[2, 3, 5]));
}

#[test]
fn more_than_six_characters_open_with_a_neutral_round() {
    let names = ["A", "B", "C", "D", "E", "F", "G"];
    let mut t = Table::solo(&names, 20, 6, &[]);
    assert!(
        t.game.lines[0].ends_with("no rearm points; more than 6 characters, so a neutral round comes first.")
    );
    let rolls: Vec<(&str, u32)> =
        names.iter().zip([18, 17, 16, 15, 14, 13, 12]).map(|(n, r)| (*n, r)).collect();
    t.initiative(&rolls);
    // No restriction: everyone may land on point 3.
    for n in &names[..6] {
        t.deploy(n, &[3]);
    }
    assert_eq!(
        t.deploy("G", &[3]),
        "G rolls 3 to deploy: G appears on point 3. Neutral round (movement only): A's turn."
    );
    assert!(t.state().is_neutral_round());
    assert_eq!(t.state().allowed_actions(rules()), vec![ActionKind::Run, ActionKind::Climb]);
    assert_eq!(t.state().actions_left(rules()), 2);
    assert!(t.state().attack_options(rules()).is_empty());
    assert_eq!(
        t.refused(&Event::Act { action: ActionKind::TakeCover, note: None }),
        "only movement actions are allowed in the neutral round"
    );
    assert_eq!(
        t.refused(&Event::Attack(attack(&t, "B", "assault-rifle", 5.0, &[6, 6], &[6, 6]))),
        "only movement actions are allowed in the neutral round"
    );
    t.act(ActionKind::Run);
    t.act(ActionKind::Climb);
    assert_eq!(
        t.refused(&Event::Act { action: ActionKind::Run, note: None }),
        "A has no actions left this turn"
    );
    for _ in 0..6 {
        t.ok(&Event::EndTurn);
    }
    assert_eq!(t.ok(&Event::EndTurn), "G ends the turn. Round 1: A's turn.");
    assert_eq!(t.state().actions_left(rules()), 3);
    assert_eq!(t.state().allowed_actions(rules()).len(), 6);
}

#[test]
fn aims_stack_for_the_next_attack_of_the_same_turn_only() {
    let mut t = four_players(20, &[]);
    t.act(ActionKind::Aim);
    t.act(ActionKind::Aim);
    assert_eq!(t.state().turn.as_ref().map(|t| t.aims), Some(2));
    // Two aims: 3 − 4 = −1, any roll hits.
    let panel = t.state().assess_attack(
        rules(),
        &WeaponId("assault-rifle".into()),
        t.id("Ann"),
        10.0,
        Cover::None,
        false,
    );
    assert_eq!(panel.map(|p| p.hit_needed), Ok(-1));
    t.ok(&Event::Attack(attack(&t, "Ann", "assault-rifle", 10.0, &[1, 1], &[1, 2])));
    assert_eq!(t.state().turn.as_ref().map(|t| t.aims), Some(0));
    t.ok(&Event::EndTurn);
    // Ann aims and ends her turn: the aim is lost.
    t.act(ActionKind::Aim);
    t.ok(&Event::EndTurn);
    t.ok(&Event::EndTurn);
    t.ok(&Event::EndTurn);
    assert_eq!(t.current(), "Bob");
    assert_eq!(t.state().turn.as_ref().map(|t| t.aims), Some(0));
}

#[test]
fn taking_cover_lasts_until_the_start_of_the_characters_next_turn() {
    let mut t = four_players(20, &[]);
    t.act(ActionKind::TakeCover);
    t.act(ActionKind::Run);
    t.ok(&Event::EndTurn);
    // Ann shoots at Bob, who took cover, in decent cover: 3 + 1 + 1 = 5+.
    let panel = t.state().assess_attack(
        rules(),
        &WeaponId("assault-rifle".into()),
        t.id("Bob"),
        10.0,
        Cover::Decent,
        false,
    );
    assert_eq!(panel.map(|p| p.hit_needed), Ok(5));
    for _ in 0..3 {
        t.ok(&Event::EndTurn);
    }
    assert_eq!(t.current(), "Bob");
    assert!(!t.state().characters[t.id("Bob").0].taking_cover);
}

#[test]
fn attacks_that_the_table_forbids_are_refused_with_the_reason() {
    let mut t = four_players(20, &[]);
    let out_of_range = attack(&t, "Ann", "assault-rifle", 40.1, &[6, 6], &[6, 6]);
    assert_eq!(
        t.refused(&Event::Attack(out_of_range)),
        "the attack is not possible: the target is out of range: 40.1 cm is beyond the assault rifle's 40 cm"
    );
    let full = Attack { cover: Cover::Full, ..attack(&t, "Ann", "assault-rifle", 10.0, &[6, 6], &[6, 6]) };
    assert_eq!(
        t.refused(&Event::Attack(full)),
        "the attack is not possible: a target in full cover cannot be attacked with the assault rifle: only grenades go round corners"
    );
    assert_eq!(
        t.refused(&Event::Attack(attack(&t, "Bob", "assault-rifle", 1.0, &[6, 6], &[6, 6]))),
        "Bob cannot attack itself"
    );
    assert_eq!(
        t.refused(&Event::Attack(attack(&t, "Ann", "katana", 1.0, &[6], &[6]))),
        "Bob does not carry the molecular katana"
    );
    assert_eq!(
        t.refused(&Event::Attack(attack(&t, "Ann", "grenades", 1.0, &[6], &[6]))),
        "Bob does not carry the grenades"
    );
    assert_eq!(
        t.refused(&Event::Attack(attack(&t, "Ann", "assault-rifle", 10.0, &[6], &[6]))),
        "the assault rifle fires 2 shots per attack: give 2 hit rolls, not 1"
    );
    let blast = Attack {
        blast: vec![BlastTarget { character: t.id("Cid"), wound_roll: d6(6) }],
        ..attack(&t, "Ann", "assault-rifle", 10.0, &[6, 6], &[1, 1])
    };
    assert_eq!(t.refused(&Event::Attack(blast)), "the assault rifle has no blast");
    assert_eq!(
        t.refused(&Event::Act { action: ActionKind::Attack, note: None }),
        "an attack is recorded with its target and rolls"
    );
    // At the start of the turn a swap is open, but this table has no rearm point.
    assert_eq!(t.refused(&Event::Rearm { point: 1 }), "there is no rearm point 1");
    assert_eq!(
        t.refused(&Event::Respawn { roll: d6(1), keep_weapon: false }),
        "Bob is not waiting to respawn: a dead character respawns at the start of its turn"
    );
}

#[test]
fn an_attack_found_out_of_range_spends_the_action() {
    let mut t = four_players(20, &[]);
    t.act(ActionKind::Aim);
    let far = |t: &Table, cm: f64| Event::OutOfRange {
        target: t.id("Ann"),
        weapon: WeaponId("assault-rifle".into()),
        distance_cm: cm,
    };
    assert_eq!(
        t.refused(&far(&t, 40.0)),
        "Ann is within the assault rifle's range: record the attack with its rolls"
    );
    assert_eq!(
        t.ok(&far(&t, 42.5)),
        "Bob shoots Ann with the assault rifle, but 42.5 cm is beyond its 40 cm: the action is spent."
    );
    assert_eq!(t.state().actions_left(rules()), 1);
    assert_eq!(t.state().turn.as_ref().map(|turn| turn.aims), Some(0));
    assert_eq!(
        t.state().turn.as_ref().map(|turn| turn.spent.clone()),
        Some(vec![Spent::Action(ActionKind::Aim), Spent::Action(ActionKind::Attack)])
    );
}

#[test]
fn melee_cannot_reach_another_level_and_blasts_need_a_hit() {
    let mut t = four_players(20, &["chain-blades", "rocket-launcher"]);
    t.act(ActionKind::Run);
    t.ok(&Event::Rearm { point: 1 });
    assert_eq!(
        t.refused(&Event::Rearm { point: 2 }),
        "a swap at a rearm point comes at the start of the turn or right after a run or a climb that ends there"
    );
    t.act(ActionKind::Run);
    assert_eq!(t.refused(&Event::Rearm { point: 1 }), "Bob already carries the chain blades");
    assert_eq!(t.refused(&Event::Rearm { point: 3 }), "there is no rearm point 3");
    assert_eq!(
        t.state().rearm_offers(rules()),
        vec![RearmOffer { point: 2, weapon: WeaponId("rocket-launcher".into()) }]
    );
    let high = Attack { other_level: true, ..attack(&t, "Ann", "chain-blades", 2.0, &[6], &[6]) };
    assert_eq!(
        t.refused(&Event::Attack(high)),
        "the attack is not possible: the chain blades is a melee weapon and cannot reach a character on another height level"
    );
    t.ok(&Event::Rearm { point: 2 });
    let missed = Attack {
        blast: vec![BlastTarget { character: t.id("Cid"), wound_roll: d6(6) }],
        ..attack(&t, "Ann", "rocket-launcher", 20.0, &[3], &[])
    };
    assert_eq!(t.refused(&Event::Attack(missed)), "the attack missed, so nobody else is caught in the blast");
    let twice = Attack {
        blast: vec![
            BlastTarget { character: t.id("Cid"), wound_roll: d6(1) },
            BlastTarget { character: t.id("Cid"), wound_roll: d6(1) },
        ],
        ..attack(&t, "Ann", "rocket-launcher", 20.0, &[4], &[1])
    };
    assert_eq!(t.refused(&Event::Attack(twice)), "Cid is caught in the blast only once");
    let on_target = Attack {
        blast: vec![BlastTarget { character: t.id("Ann"), wound_roll: d6(1) }],
        ..attack(&t, "Ann", "rocket-launcher", 20.0, &[4], &[1])
    };
    assert_eq!(
        t.refused(&Event::Attack(on_target)),
        "Ann is the target already; add only the others within the blast"
    );
}

#[test]
fn killing_a_team_mate_costs_a_frag() {
    let mut t = Table { game: Game::default() };
    t.ok(&Event::Setup(Table::setup(
        &[("Red", &["Ann", "Bob"]), ("Blue", &["Cid", "Dan"])],
        20,
        6,
        &["grenades"],
    )));
    t.initiative(&[("Ann", 18), ("Bob", 15), ("Cid", 12), ("Dan", 3)]);
    t.deploy("Ann", &[1]);
    t.deploy("Bob", &[2]);
    t.deploy("Cid", &[3]);
    t.deploy("Dan", &[4]);
    t.act(ActionKind::Run);
    t.ok(&Event::Rearm { point: 1 });
    // Grenades at Cid, catching Dan (enemy) and Bob (Ann's team-mate): +1 +1 −1.
    let a = Attack {
        blast: vec![
            BlastTarget { character: t.id("Dan"), wound_roll: d6(5) },
            BlastTarget { character: t.id("Bob"), wound_roll: d6(6) },
        ],
        ..attack(&t, "Cid", "grenades", 12.0, &[3], &[5])
    };
    let line = t.ok(&Event::Attack(a));
    assert!(
        line.ends_with(
            "Cid is killed (+1), Dan is killed (+1) and Bob, a team-mate, is killed (-1): Red has 1 frag."
        ),
        "{line}"
    );
    assert_eq!(t.frags(), vec![("Red".into(), 1), ("Blue".into(), 0)]);
}

#[test]
fn events_read_and_write_as_plain_json() {
    let event = Event::Attack(Attack {
        target: CharacterId(1),
        weapon: WeaponId("rocket-launcher".into()),
        distance_cm: 22.5,
        cover: Cover::Decent,
        other_level: false,
        hit_rolls: d6s(&[4]),
        wound_rolls: d6s(&[5]),
        blast: vec![BlastTarget { character: CharacterId(2), wound_roll: d6(3) }],
    });
    let json = serde_json::to_string(&event).expect("json");
    assert_eq!(
        json,
        r#"{"attack":{"target":1,"weapon":"rocket-launcher","distance_cm":22.5,"cover":"decent","other_level":false,"hit_rolls":[4],"wound_rolls":[5],"blast":[{"character":2,"wound_roll":3}]}}"#
    );
    assert_eq!(serde_json::from_str::<Event>(&json).ok(), Some(event));
    assert_eq!(serde_json::to_string(&Event::EndTurn).ok(), Some(r#""end_turn""#.to_owned()));
    let act: Result<Event, _> = serde_json::from_str(r#"{"act":{"action":"take-cover"}}"#);
    assert_eq!(act.ok(), Some(Event::Act { action: ActionKind::TakeCover, note: None }));
    // Unknown keys and impossible dice are refused when reading a journal.
    assert!(serde_json::from_str::<Event>(r#"{"act":{"action":"run","speed":3}}"#).is_err());
    assert!(serde_json::from_str::<Event>(r#"{"respawn":{"roll":7,"keep_weapon":false}}"#).is_err());
    assert!(serde_json::from_str::<Event>(r#"{"rearm":{"point":1,"free":true}}"#).is_err());
}

mod replay {
    use super::*;
    use crate::kernel::sim::{random_game, replays_exactly};
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        /// Random legal games: every event the simulation offers is accepted, the scores always
        /// add up from the deaths the log shows, and the game replays exactly, every prefix kept
        /// included.
        #[test]
        fn random_games_replay_exactly_and_undo(seed in any::<u64>(), steps in 1usize..400) {
            let fm = Table::rules();
            let played = random_game::<Game<'_>>(
                &fm,
                &[Event::Setup(sim::setup(rules(), seed))],
                seed,
                steps,
                |g, rng| sim::next_event(rules(), &g.state, rng.random()),
                |g| {
                    let total: i32 = g.state.players.iter().map(|p| p.frags).sum();
                    let deaths: u32 = g.state.characters.iter().map(|c| c.deaths).sum();
                    if total <= i32::try_from(deaths).unwrap_or(i32::MAX) {
                        Ok(())
                    } else {
                        Err(format!("{total} frags from {deaths} deaths"))
                    }
                },
            )
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
            replays_exactly(&fm, &played).map_err(|e| TestCaseError::fail(e.to_string()))?;
        }
    }
}

/// The saved game's line names every player sharing the lead, not one of them at random.
#[test]
fn the_resume_line_names_a_tie_for_the_lead() {
    let player = |name: &str, frags| Player { name: name.into(), characters: vec![], frags };
    let mut s = State {
        phase: Phase::Playing,
        target: 20,
        round: 4,
        players: vec![player("Ann", 3), player("Bob", 3), player("Cid", 1)],
        ..State::default()
    };
    assert_eq!(
        super::summary(&s).line,
        "Ann, Bob, Cid · first to 20 · round 4 · Ann and Bob tie for the lead with 3, unfinished"
    );
    s.players[1].frags = 2;
    assert_eq!(
        super::summary(&s).line,
        "Ann, Bob, Cid · first to 20 · round 4 · Ann leads with 3, unfinished"
    );
}

/// "Postava se ve svém následujícím kole oživí": the character comes back in its following
/// round (*kolo* is a round; a turn is *tah*). Bob kills Dan before Dan's turn in round 1:
/// under the book's rule Dan sits round 1 out and respawns at his turn in round 2; the house
/// rule (F12 before) brings him back at his turn in round 1.
#[test]
fn a_character_killed_before_its_turn_respawns_in_the_next_round() {
    let names = ["Ann", "Bob", "Cid", "Dan"];
    let players: Vec<(&str, &[&str])> = names.iter().map(|n| (*n, std::slice::from_ref(n))).collect();
    let mut t = Table { game: Game::default() };
    let mut setup = Table::setup(&players, 3, 6, &[]);
    setup.respawn = Respawn::NextRound;
    t.ok(&Event::Setup(setup));
    assert_eq!(t.state().respawn, Respawn::NextRound);
    t.initiative(&[("Ann", 11), ("Bob", 14), ("Cid", 10), ("Dan", 9)]);
    for (name, face) in [("Bob", 1), ("Ann", 2), ("Cid", 3), ("Dan", 4)] {
        t.deploy(name, &[face]);
    }
    t.ok(&Event::Attack(attack(&t, "Dan", "assault-rifle", 35.0, &[5, 1], &[6])));
    t.ok(&Event::EndTurn);
    t.ok(&Event::EndTurn);
    assert_eq!(
        t.ok(&Event::EndTurn),
        "Cid ends the turn. Dan's turn. Dan died this round and respawns in round 2."
    );
    assert!(!t.state().respawn_due());
    assert_eq!(
        t.refused(&Event::Act { action: ActionKind::Run, note: None }),
        "Dan died this round and respawns in round 2"
    );
    assert_eq!(
        t.refused(&Event::Respawn { roll: d6(3), keep_weapon: false }),
        "Dan died this round and respawns in round 2"
    );
    assert_eq!(t.ok(&Event::EndTurn), "Dan ends the turn. Round 2: Bob's turn.");
    for _ in 0..2 {
        t.ok(&Event::EndTurn);
    }
    assert_eq!(t.ok(&Event::EndTurn), "Cid ends the turn. Dan's turn. Dan is dead and respawns first.");
    assert_eq!(
        t.ok(&Event::Respawn { roll: d6(3), keep_weapon: false }),
        "Dan respawns on point 3 (rolled 3) with the assault rifle."
    );
}

/// A journal written before the choice has no `respawn`: it replays as it was played, with the
/// next-turn respawn; a new one says which it is.
#[test]
fn the_respawn_rule_is_read_from_the_set_up() {
    let old = r#"{"players":[{"name":"Ann","characters":["Ann"]},{"name":"Bob","characters":["Bob"]}],"target":3,"respawn_points":6}"#;
    let setup: Setup = serde_json::from_str(old).expect("an old set-up");
    assert_eq!(setup.respawn, Respawn::NextTurn);
    let new = serde_json::to_value(Setup { respawn: Respawn::NextRound, ..setup }).expect("JSON");
    assert_eq!(new["respawn"], "next_round");
}

/// "doporučujeme" (we recommend) one character each, teams of 2–3 for two players, and more
/// than six players "spíše nedoporučujeme" (rather not recommended): advice, not refusals.
/// "Pokud tomu je jinak, jedná hráč za každou postavu samostatně": otherwise a player acts for
/// each character on its own.
#[test]
fn recommendations_are_advice_not_refusals() {
    let four: Vec<(&str, &[&str])> =
        vec![("Ann", &["Ann", "Axe"]), ("Bob", &["Bob"]), ("Cid", &["Cid"]), ("Dan", &["Dan"])];
    let setup = Table::setup(&four, 3, 6, &[]);
    assert_eq!(
        advice(rules(), &setup),
        vec![
            "The book recommends one character each, or teams of 2 to 3 in a two-player game; each character \
             still takes its own turn."
                .to_owned()
        ]
    );
    let mut t = Table { game: Game::default() };
    t.ok(&Event::Setup(setup));
    assert_eq!(t.state().characters.len(), 5);
    let names = ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus"];
    let seven: Vec<(&str, &[&str])> = names.iter().map(|n| (*n, std::slice::from_ref(n))).collect();
    assert_eq!(
        advice(rules(), &Table::setup(&seven, 3, 6, &[])),
        vec!["More than 6 players is not recommended: the rounds get long.".to_owned()]
    );
    let teams: Vec<(&str, &[&str])> = vec![("Red", &["Ann", "Bob"]), ("Blue", &["Cid", "Dan", "Eve"])];
    assert!(advice(rules(), &Table::setup(&teams, 3, 6, &[])).is_empty());
}

/// Rearming (F03): a character swaps "tím, že se u bodu zastaví na maximální vzdálenost
/// 2,5 cm" (by stopping at most 2.5 cm from the point): after any move that ends there, a
/// climb as well as a run, or at the start of a turn that begins there. An aim
/// or an attack closes the offer until the next move.
#[test]
fn a_swap_follows_any_move_and_the_start_of_a_turn() {
    let mut t = four_players(20, &["rocket-launcher", "sniper-rifle"]);
    // Bob's turn begins: the swap is offered before any action.
    assert_eq!(t.state().rearm_offers(rules()).len(), 2);
    t.act(ActionKind::Aim);
    assert!(t.state().rearm_offers(rules()).is_empty());
    t.act(ActionKind::Climb);
    assert_eq!(
        t.ok(&Event::Rearm { point: 2 }),
        "Bob swaps the assault rifle for the sniper rifle at rearm point 2."
    );
    assert_eq!(t.state().rearm_offers(rules()).len(), 0, "one swap per move");
}
