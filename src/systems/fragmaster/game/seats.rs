//! Fragmaster Origins at a shared table: one seat per character, and what its phone shows.
//!
//! The game hides nothing: every seat sees the same scoreboard, every character on the table
//! and the same recent log; a seat's own character adds its numbers at a glance. A seat is
//! offered, on its own turn, only what needs no dice and no measure: the actions the turn
//! allows but the attack (Run, Climb, Take cover, Aim, Other with no note), the free rearm
//! swaps, and the end of the turn. Initiative, deployment and respawn rolls, attacks (the
//! distance, the cover, the dice) and an Other action's note stay on the host's screen.

use super::Fragmaster;
use super::describe::and_list;
use super::event::Event;
use super::state::{CharacterId, Phase, State};
use crate::kernel::log::Log;
use crate::kernel::seat::{self, CardView, Choice, Counter, Prompt, SeatRules, SeatView};
use crate::systems::fragmaster::rules::data::{ActionKind, Rules};

/// The seat id of character `id`.
fn seat_id(id: CharacterId) -> String {
    format!("character-{}", id.0)
}

/// The character a seat id names, if the game has it.
fn parse_seat(s: &State, seat: &str) -> Option<CharacterId> {
    let index: usize = seat.strip_prefix("character-")?.parse().ok()?;
    (index < s.characters.len()).then_some(CharacterId(index))
}

/// The seat's name: the character's, with its player's in a team game ("Red (Ann)").
fn seat_name(s: &State, id: CharacterId) -> String {
    let Some(c) = s.character(id) else { return String::new() };
    if s.is_team_game() { format!("{} ({})", c.name, s.player_name(c.player)) } else { c.name.clone() }
}

/// The names of characters, in words ("Ann and Cid").
fn names(s: &State, ids: &[CharacterId]) -> String {
    and_list(&ids.iter().map(|&id| s.name(id).to_owned()).collect::<Vec<_>>())
}

/// The weapons a character carries, in words ("Sniper rifle + grenades").
fn carried(rules: &Rules, s: &State, id: CharacterId) -> String {
    let names: Vec<String> = s.carried(rules, id).iter().map(|w| w.name.clone()).collect();
    names.join(" + ")
}

/// "1 frag", "-1 frags", "3 frags".
fn frags(n: i32) -> String {
    if n == 1 { "1 frag".to_owned() } else { format!("{n} frags") }
}

/// The game's state in one line.
fn headline(s: &State) -> String {
    match s.phase {
        Phase::Setup => "Setting up".to_owned(),
        Phase::Initiative => format!("Initiative: {} to roll", names(s, &s.initiative_waiting())),
        Phase::Deployment => match s.deploying() {
            Some(id) => format!("Deployment: {} rolls for a respawn point", s.name(id)),
            None => "Deployment".to_owned(),
        },
        Phase::Playing => {
            let round =
                if s.is_neutral_round() { "Neutral round".to_owned() } else { format!("Round {}", s.round) };
            match s.current() {
                Some(id) => format!("{round} · {}'s turn", s.name(id)),
                None => round,
            }
        }
        Phase::Over => match s.winner() {
            Some(p) => format!("Over: {} won", s.player_name(p)),
            None => "Over".to_owned(),
        },
    }
}

/// The scoreboard, highest first, and the target.
fn status(s: &State) -> Vec<String> {
    if s.phase == Phase::Setup {
        return Vec::new();
    }
    let mut out = vec![format!("First to {}", frags(i32::try_from(s.target).unwrap_or(i32::MAX)))];
    for line in s.scoreboard() {
        let team =
            if s.is_team_game() { format!(" ({})", names(s, &line.characters)) } else { String::new() };
        out.push(format!("{}{team}: {}", line.name, frags(line.frags)));
    }
    out
}

/// A character in a line: its weapons, alive or dead, its point, its deaths.
fn detail(rules: &Rules, s: &State, id: CharacterId) -> String {
    let Some(c) = s.character(id) else { return String::new() };
    let mut parts = vec![carried(rules, s, id), if c.alive { "alive".to_owned() } else { "dead".to_owned() }];
    if c.alive && c.taking_cover {
        parts.push("taking cover".to_owned());
    }
    if let Some(point) = c.point {
        parts.push(format!("respawn point {point}"));
    }
    parts.push(match c.deaths {
        1 => "1 death".to_owned(),
        n => format!("{n} deaths"),
    });
    parts.join(" · ")
}

/// Every character on the table, face up.
fn table(rules: &Rules, s: &State) -> Vec<CardView> {
    s.ids()
        .map(|id| CardView {
            face: s.name(id).to_owned(),
            detail: detail(rules, s, id),
            owner: s.character(id).map_or_else(String::new, |c| s.player_name(c.player).to_owned()),
            red: false,
            actions: Vec::new(),
        })
        .collect()
}

/// The seat's own character at a glance.
fn counters(rules: &Rules, s: &State, id: CharacterId) -> Vec<Counter> {
    let Some(c) = s.character(id) else { return Vec::new() };
    let counter = |label: &str, value: String| Counter { label: label.to_owned(), value };
    let player_frags = s.players.get(c.player.0).map_or(0, |p| p.frags);
    let mut out = vec![
        counter("Weapon", carried(rules, s, id)),
        counter("Status", if c.alive { "alive".to_owned() } else { "dead".to_owned() }),
        counter("Frags", format!("{player_frags} of {}", s.target)),
        counter("Deaths", c.deaths.to_string()),
    ];
    if let Some(roll) = c.initiative {
        out.push(counter("Initiative", roll.to_string()));
    }
    if let Some(point) = c.point {
        out.push(counter("Respawn point", point.to_string()));
    }
    if c.alive && c.taking_cover {
        out.push(counter("Taking cover", "+1 to hit it".to_owned()));
    }
    if s.current() == Some(id) {
        out.push(counter("Actions left", s.actions_left(rules).to_string()));
        if let Some(turn) = s.turn.as_ref().filter(|t| t.aims > 0) {
            out.push(counter("Aims", turn.aims.to_string()));
        }
    }
    out
}

/// The action's button.
fn action_label(action: ActionKind) -> &'static str {
    match action {
        ActionKind::Run => "Run",
        ActionKind::Climb => "Climb",
        ActionKind::TakeCover => "Take cover",
        ActionKind::Attack => "Attack",
        ActionKind::Aim => "Aim",
        ActionKind::Other => "Other",
    }
}

/// What the seat's character may do now, on its own turn.
fn prompts(game: &Played<'_, '_>, id: CharacterId) -> Vec<Prompt> {
    let (rules, s) = (game.rules, &game.log.state);
    if s.current() != Some(id) {
        return Vec::new();
    }
    let mut choices = Vec::new();
    for action in s.allowed_actions(rules) {
        let event = Event::Act { action, note: None };
        if action != ActionKind::Attack && game.log.allows(&game.rules(), &event) {
            choices.push(Choice::new(format!("act:{}", action.id()), action_label(action)));
        }
    }
    for offer in s.rearm_offers(rules) {
        let Some(w) = rules.weapon(offer.weapon.as_str()) else { continue };
        if !game.log.allows(&game.rules(), &Event::Rearm { point: offer.point }) {
            continue;
        }
        let label = if w.second_weapon {
            format!("Pick up {} at rearm point {}", w.lower_name(), offer.point)
        } else {
            format!("Take the {} at rearm point {}", w.lower_name(), offer.point)
        };
        choices.push(Choice::new(format!("rearm:{}", offer.point), label));
    }
    if game.log.allows(&game.rules(), &Event::EndTurn) {
        choices.push(Choice::new("end", "End the turn"));
    }
    let text = if s.respawn_due() {
        "Your character is dead: its respawn is rolled on the host's screen.".to_owned()
    } else {
        match s.actions_left(rules) {
            0 => "Your turn: no actions left.".to_owned(),
            1 => "Your turn: 1 action left (attacks are rolled on the host's screen).".to_owned(),
            n => format!("Your turn: {n} actions left (attacks are rolled on the host's screen)."),
        }
    };
    vec![Prompt { text, choices }]
}

/// The game and its rules, for the functions above.
struct Played<'g, 'r> {
    rules: &'r Rules,
    log: &'g Log<Fragmaster<'r>>,
}

impl<'r> Played<'_, 'r> {
    fn rules(&self) -> Fragmaster<'r> {
        Fragmaster { rules: self.rules }
    }
}

impl SeatRules for Fragmaster<'_> {
    fn seats(&self, game: &Log<Self>) -> Vec<seat::Seat> {
        let s = &game.state;
        s.ids().map(|id| seat::Seat { id: seat_id(id), name: seat_name(s, id) }).collect()
    }

    fn seat_view(&self, game: &Log<Self>, seat: Option<&str>) -> Option<SeatView> {
        let s = &game.state;
        let public = SeatView {
            headline: headline(s),
            status: status(s),
            table: table(self.rules, s),
            log: seat::recent(game),
            ..SeatView::default()
        };
        let Some(seat) = seat else { return Some(public) };
        let id = parse_seat(s, seat)?;
        let both = Played { rules: self.rules, log: game };
        Some(SeatView {
            seat: seat_id(id),
            name: seat_name(s, id),
            your_turn: s.current() == Some(id),
            counters: counters(self.rules, s, id),
            prompts: prompts(&both, id),
            ..public
        })
    }

    fn seat_event(
        &self,
        game: &Log<Self>,
        seat: &str,
        choice: &str,
        _values: &crate::kernel::seat::Values,
    ) -> Result<Event, String> {
        parse_seat(&game.state, seat)
            .ok_or_else(|| "There is no such character at this table.".to_owned())?;
        let unknown = || format!("'{choice}' is not something a character can do.");
        match choice.split_once(':') {
            None if choice == "end" => Ok(Event::EndTurn),
            Some(("act", id)) => {
                let action = ActionKind::ALL.into_iter().find(|a| a.id() == id).ok_or_else(unknown)?;
                if action == ActionKind::Attack {
                    return Err("An attack is rolled on the host's screen.".to_owned());
                }
                Ok(Event::Act { action, note: None })
            }
            Some(("rearm", point)) => Ok(Event::Rearm { point: point.parse().map_err(|_| unknown())? }),
            _ => Err(unknown()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::systems::fragmaster::game::{
        Attack, InitiativeRoll, PlayerSetup, Respawn, Setup, TiebreakRoll,
    };
    use crate::systems::fragmaster::rules::data::{Cover, WeaponId};
    use crate::systems::fragmaster::rules::dice::D6;
    use crate::systems::fragmaster::rules::embedded::rules;

    fn fm() -> Fragmaster<'static> {
        Fragmaster { rules: rules() }
    }

    fn d6s(faces: &[u8]) -> Vec<D6> {
        faces.iter().map(|&f| D6::new(f).expect("face")).collect()
    }

    fn ok(g: &mut Log<Fragmaster<'static>>, event: &Event) -> String {
        if let Err(e) = g.apply(&fm(), event) {
            panic!("refused: {e} ({event:?})");
        }
        g.last_line().unwrap_or_default().to_owned()
    }

    const ANN: CharacterId = CharacterId(0);
    const BOB: CharacterId = CharacterId(1);
    const CID: CharacterId = CharacterId(2);
    const DAN: CharacterId = CharacterId(3);

    /// Ann, Bob, Cid and Dan to the first action of round 1, first to 3: order Bob, Ann, Cid,
    /// Dan; a sniper rifle at rearm point 1.
    fn four_players() -> Log<Fragmaster<'static>> {
        let mut g = Log::default();
        let players = ["Ann", "Bob", "Cid", "Dan"]
            .iter()
            .map(|&n| PlayerSetup { name: n.to_owned(), characters: vec![n.to_owned()] })
            .collect();
        let setup = Setup {
            players,
            target: 3,
            respawn_points: 6,
            rearm_points: vec![WeaponId("sniper-rifle".to_owned())],
            respawn: Respawn::NextTurn,
        };
        ok(&mut g, &Event::Setup(setup));
        let rolls = [(ANN, 11), (BOB, 14), (CID, 11), (DAN, 9)];
        let rolls = rolls.iter().map(|&(character, roll)| InitiativeRoll { character, roll }).collect();
        ok(&mut g, &Event::InitiativeRolls { rolls });
        let rolls = [(ANN, 5), (CID, 2)];
        let rolls =
            rolls.iter().map(|&(character, f)| TiebreakRoll { character, roll: d6s(&[f])[0] }).collect();
        ok(&mut g, &Event::Tiebreaks { rolls });
        for (character, faces) in [(BOB, &[4][..]), (ANN, &[4, 1]), (CID, &[2]), (DAN, &[6])] {
            ok(&mut g, &Event::DeploymentRolls { character, rolls: d6s(faces) });
        }
        g
    }

    fn view(g: &Log<Fragmaster<'static>>, seat: Option<&str>) -> SeatView {
        fm().seat_view(g, seat).expect("a seat")
    }

    fn ids(view: &SeatView) -> Vec<&str> {
        view.choices().map(|c| c.id.as_str()).collect()
    }

    #[test]
    fn one_seat_per_character_with_its_player_in_a_team_game() {
        let g = four_players();
        let seats: Vec<(String, String)> = fm().seats(&g).into_iter().map(|s| (s.id, s.name)).collect();
        assert_eq!(
            seats,
            [
                ("character-0".to_owned(), "Ann".to_owned()),
                ("character-1".to_owned(), "Bob".to_owned()),
                ("character-2".to_owned(), "Cid".to_owned()),
                ("character-3".to_owned(), "Dan".to_owned())
            ]
        );
        assert!(fm().seat_view(&g, Some("character-4")).is_none());
        assert!(fm().seat_view(&g, Some("fighter-0")).is_none());

        let mut team = Log::default();
        let players = vec![
            PlayerSetup { name: "Ann".into(), characters: vec!["Red".into(), "Blue".into()] },
            PlayerSetup { name: "Bob".into(), characters: vec!["Green".into(), "Grey".into()] },
        ];
        let setup = Setup {
            players,
            target: 20,
            respawn_points: 6,
            rearm_points: Vec::new(),
            respawn: Respawn::NextRound,
        };
        ok(&mut team, &Event::Setup(setup));
        let names: Vec<String> = fm().seats(&team).into_iter().map(|s| s.name).collect();
        assert_eq!(names, ["Red (Ann)", "Blue (Ann)", "Green (Bob)", "Grey (Bob)"]);
    }

    #[test]
    fn the_character_whose_turn_it_is_gets_its_numbers_and_the_actions_with_no_dice() {
        let g = four_players();
        let bob = view(&g, Some("character-1"));
        assert_eq!(bob.headline, "Round 1 · Bob's turn");
        assert!(bob.your_turn);
        let counters: Vec<(&str, &str)> =
            bob.counters.iter().map(|c| (c.label.as_str(), c.value.as_str())).collect();
        assert_eq!(
            counters,
            [
                ("Weapon", "Assault rifle"),
                ("Status", "alive"),
                ("Frags", "0 of 3"),
                ("Deaths", "0"),
                ("Initiative", "14"),
                ("Respawn point", "4"),
                ("Actions left", "3")
            ]
        );
        assert_eq!(
            bob.prompts[0].text,
            "Your turn: 3 actions left (attacks are rolled on the host's screen)."
        );
        assert_eq!(
            ids(&bob),
            ["act:run", "act:climb", "act:take-cover", "act:aim", "act:other", "rearm:1", "end"]
        );
        assert_eq!(
            bob.status,
            ["First to 3 frags", "Ann: 0 frags", "Bob: 0 frags", "Cid: 0 frags", "Dan: 0 frags"]
        );
        assert_eq!(bob.table[1].detail, "Assault rifle · alive · respawn point 4 · 0 deaths");
        assert!(bob.hand.is_empty(), "nothing is hidden in Fragmaster");
    }

    #[test]
    fn a_choice_stands_for_an_event_the_rules_take() {
        let mut g = four_players();
        for (choice, event) in [
            ("act:run", Event::Act { action: ActionKind::Run, note: None }),
            ("act:take-cover", Event::Act { action: ActionKind::TakeCover, note: None }),
            ("rearm:1", Event::Rearm { point: 1 }),
            ("end", Event::EndTurn),
        ] {
            let made = fm()
                .seat_event(&g, "character-1", choice, &crate::kernel::seat::Values::new())
                .expect("an event");
            assert_eq!(made, event);
            assert!(g.allows(&fm(), &made), "{choice}");
        }
        let event = fm()
            .seat_event(&g, "character-1", "act:aim", &crate::kernel::seat::Values::new())
            .expect("an event");
        assert_eq!(ok(&mut g, &event), "Bob aims (-2 to hit on the next attack); 2 actions left.");
        let bob = view(&g, Some("character-1"));
        assert!(!bob.offers("rearm:1"), "a rearm comes right after a move");
        assert!(bob.counters.contains(&Counter { label: "Aims".into(), value: "1".into() }));
        let event =
            fm().seat_event(&g, "character-1", "end", &crate::kernel::seat::Values::new()).expect("an event");
        ok(&mut g, &event);
        assert!(view(&g, Some("character-0")).your_turn);
        assert!(!view(&g, Some("character-1")).your_turn);
    }

    #[test]
    fn other_seats_and_a_watcher_see_the_same_public_game_and_may_do_nothing() {
        let g = four_players();
        let bob = view(&g, Some("character-1"));
        let ann = view(&g, Some("character-0"));
        assert!(!ann.your_turn);
        assert!(ids(&ann).is_empty() && ann.prompts.is_empty());
        let watcher = view(&g, None);
        assert_eq!(watcher.seat, "");
        assert!(watcher.counters.is_empty() && watcher.hand.is_empty() && watcher.prompts.is_empty());
        assert_eq!(watcher.choices().count(), 0);
        for v in [&ann, &watcher] {
            assert_eq!(
                (&v.headline, &v.status, &v.table, &v.log),
                (&bob.headline, &bob.status, &bob.table, &bob.log)
            );
        }
        assert_eq!(watcher.log.last().map(String::as_str), g.last_line());
        assert_eq!(watcher.table.len(), 4);
    }

    #[test]
    fn a_choice_not_offered_or_rolled_on_the_host_is_refused() {
        let g = four_players();
        let ann = view(&g, Some("character-0"));
        assert!(!ann.offers("end") && !ann.offers("act:run"));
        assert!(!view(&g, Some("character-1")).offers("act:attack"));
        for bad in ["act:attack", "act:fly", "fly", "rearm:x", "", "end:now"] {
            assert!(
                fm().seat_event(&g, "character-1", bad, &crate::kernel::seat::Values::new()).is_err(),
                "{bad}"
            );
        }
        assert!(fm().seat_event(&g, "character-9", "end", &crate::kernel::seat::Values::new()).is_err());
    }

    #[test]
    fn a_dead_character_is_told_its_respawn_is_rolled_on_the_host() {
        let mut g = four_players();
        let shot = Attack {
            target: DAN,
            weapon: WeaponId("assault-rifle".to_owned()),
            distance_cm: 35.0,
            cover: Cover::None,
            other_level: false,
            hit_rolls: d6s(&[5, 1]),
            wound_rolls: d6s(&[6]),
            blast: Vec::new(),
        };
        ok(&mut g, &Event::Attack(shot));
        for _ in 0..3 {
            ok(&mut g, &Event::EndTurn);
        }
        let dan = view(&g, Some("character-3"));
        assert!(dan.your_turn);
        assert_eq!(
            dan.prompts[0].text,
            "Your character is dead: its respawn is rolled on the host's screen."
        );
        assert_eq!(ids(&dan), Vec::<&str>::new());
        assert_eq!(dan.status[1], "Bob: 1 frag");
        assert_eq!(view(&g, None).table[3].detail, "Assault rifle · dead · respawn point 6 · 1 death");
    }
}
