//! Each event in plain words for the game log, from the state before and after it.

use std::fmt::Write as _;

use super::apply::{AttackReport, resolve_attack};
use super::event::{Attack, Event, Setup};
use super::state::{CharacterId, Phase, State};
use crate::systems::fragmaster::rules::attack::{Outcome, Shot};
use crate::systems::fragmaster::rules::data::{ActionKind, Rules};
use crate::systems::fragmaster::rules::deployment::{self, Placement};
use crate::systems::fragmaster::rules::dice::D6;
use crate::systems::fragmaster::rules::scoring::FragKind;

/// `event` in one line of plain words.
pub(super) fn describe(rules: &Rules, before: &State, after: &State, event: &Event) -> String {
    match event {
        Event::Setup(setup) => set_up(rules, after, setup),
        Event::InitiativeRolls { rolls } => {
            let parts: Vec<String> =
                rolls.iter().map(|r| format!("{} rolls {}", after.name(r.character), r.roll)).collect();
            format!("Initiative: {}.{}", and_list(&parts), initiative_after(after, "Tied"))
        }
        Event::Tiebreaks { rolls } => {
            let parts: Vec<String> =
                rolls.iter().map(|r| format!("{} rolls {}", after.name(r.character), r.roll)).collect();
            format!("Tiebreak: {}.{}", and_list(&parts), initiative_after(after, "Still tied"))
        }
        Event::DeploymentRolls { character, rolls } => {
            deployment_line(rules, before, after, *character, rolls)
        }
        Event::Respawn { roll, keep_weapon } => respawn_line(rules, before, after, *roll, *keep_weapon),
        Event::Act { action, note } => act_line(rules, before, after, *action, note.as_deref()),
        Event::Rearm { point } => rearm_line(rules, before, after, *point),
        Event::Attack(a) => match resolve_attack(rules, before, a) {
            Ok(report) => attack_line(rules, before, after, a, &report),
            Err(e) => format!("Attack refused: {e}."),
        },
        Event::OutOfRange { target, weapon, distance_cm } => {
            let who = before.current().map_or("?", |id| before.name(id));
            let target = before.name(*target);
            let (opening, range) = rules.weapon(weapon.as_str()).map_or_else(
                || (format!("{who} attacks {target}"), 0.0),
                |w| (w.log.replace("{attacker}", who).replace("{target}", target), w.range_cm),
            );
            format!("{opening}, but {distance_cm} cm is beyond its {range} cm: the action is spent.")
        }
        Event::EndTurn => {
            let who = before.current().map_or("?", |id| before.name(id));
            format!("{who} ends the turn.{}", next_turn(before, after))
        }
    }
}

/// "Ann", "Ann and Bob", "Ann, Bob and Cid".
/// "Ann", "Ann and Bob", "Ann, Bob and Cid".
#[must_use]
pub fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

fn weapon_name(rules: &Rules, id: &str) -> String {
    rules
        .weapon(id)
        .map_or_else(|| id.to_owned(), crate::systems::fragmaster::rules::data::Weapon::lower_name)
}

fn set_up(rules: &Rules, after: &State, setup: &Setup) -> String {
    let sides: Vec<String> = after
        .players
        .iter()
        .map(|p| {
            let names: Vec<String> = p.characters.iter().map(|&id| after.name(id).to_owned()).collect();
            if names.len() == 1 && names[0] == p.name {
                p.name.clone()
            } else {
                format!("{} ({})", p.name, names.join(", "))
            }
        })
        .collect();
    let players = if after.is_team_game() { sides.join(" against ") } else { and_list(&sides) };
    let rearm = if setup.rearm_points.is_empty() {
        "no rearm points".to_owned()
    } else {
        let points: Vec<String> = setup
            .rearm_points
            .iter()
            .enumerate()
            .map(|(i, w)| format!("{} {}", i + 1, weapon_name(rules, w.as_str())))
            .collect();
        format!("rearm points {}", points.join(", "))
    };
    let neutral = if after.has_neutral_round {
        format!("; more than {} characters, so a neutral round comes first", rules.game.unique_deployment_max)
    } else {
        String::new()
    };
    format!(
        "New game: {players}; first to {} frags; {} respawn points; {rearm}{neutral}.",
        setup.target, setup.respawn_points
    )
}

fn names(state: &State, ids: &[CharacterId]) -> String {
    and_list(&ids.iter().map(|&id| state.name(id).to_owned()).collect::<Vec<_>>())
}

/// What the rolls leave: the order, or who is tied ("Tied" after the initiative rolls, "Still
/// tied" after a tiebreak).
fn initiative_after(after: &State, tied_words: &str) -> String {
    if after.phase == Phase::Deployment {
        return format!(
            " Order: {}.",
            after.order.iter().map(|&id| after.name(id)).collect::<Vec<_>>().join(", ")
        );
    }
    if after.characters.iter().any(|c| c.initiative.is_none()) {
        return String::new();
    }
    let Some(standing) = after.initiative_standing() else { return String::new() };
    let tied: Vec<String> = standing.tied.iter().map(|group| names(after, group)).collect();
    format!(" {tied_words}: {}; each rolls a d6.", tied.join("; "))
}

fn deployment_line(rules: &Rules, before: &State, after: &State, id: CharacterId, rolls: &[D6]) -> String {
    let name = after.name(id);
    let layout = rules.game.layout(before.respawn_points);
    let mut taken = before.taken_points(rules);
    let mut parts = Vec::new();
    let mut placed = None;
    for &roll in rolls {
        let Some(layout) = layout else { break };
        match deployment::place(layout, &taken, roll) {
            Placement::Taken(point) => parts.push(format!("{roll} (point {point} is taken)")),
            Placement::Deployed(point) => {
                parts.push(roll.to_string());
                placed = Some(point);
                taken.push(point);
            }
        }
    }
    let result = match placed {
        Some(point) => format!("{name} appears on point {point}"),
        None => "roll again".to_owned(),
    };
    let started = if after.phase == Phase::Playing { next_turn(before, after) } else { String::new() };
    format!("{name} rolls {} to deploy: {result}.{started}", and_list(&parts))
}

fn respawn_line(rules: &Rules, before: &State, after: &State, roll: D6, keep: bool) -> String {
    let Some(id) = after.current() else { return "Respawn.".to_owned() };
    let name = after.name(id);
    let point = after.character(id).and_then(|c| c.point).unwrap_or(0);
    let carried = |state: &State| {
        let Some(c) = state.character(id) else { return String::new() };
        let weapon = weapon_name(rules, c.weapon.as_str());
        if c.grenades { format!("the {weapon} and grenades") } else { format!("the {weapon}") }
    };
    if keep {
        format!(
            "{name} respawns on point {point} (rolled {roll}) and keeps {} for {} actions.",
            carried(before),
            rules.game.keep_weapon_actions
        )
    } else {
        format!("{name} respawns on point {point} (rolled {roll}) with {}.", carried(after))
    }
}

fn act_line(rules: &Rules, before: &State, after: &State, action: ActionKind, note: Option<&str>) -> String {
    let name = before.current().map_or("?", |id| before.name(id));
    let text = match action {
        ActionKind::Run => {
            let cm = rules.action(ActionKind::Run).and_then(|a| a.distance_cm).unwrap_or(0.0);
            format!("{name} runs (up to {cm} cm)")
        }
        ActionKind::Climb => format!("{name} climbs one level"),
        ActionKind::TakeCover => format!("{name} takes cover"),
        ActionKind::Aim => {
            let aims = after.turn.as_ref().map_or(0, |t| t.aims);
            let total = rules.rolls.aim * i32::try_from(aims).unwrap_or(0);
            format!("{name} aims ({total:+} to hit on the next attack)")
        }
        ActionKind::Other => match note.map(str::trim).filter(|n| !n.is_empty()) {
            Some(note) => format!("{name}: {note}"),
            None => format!("{name} takes another action"),
        },
        ActionKind::Attack => format!("{name} attacks"),
    };
    let left = after.actions_left(rules);
    format!("{text}; {left} action{} left.", if left == 1 { "" } else { "s" })
}

fn rearm_line(rules: &Rules, before: &State, after: &State, point: usize) -> String {
    let Some(id) = before.current() else { return "Rearm.".to_owned() };
    let (Some(old), Some(new)) = (before.character(id), after.character(id)) else {
        return "Rearm.".to_owned();
    };
    if new.grenades && !old.grenades {
        format!("{} picks up grenades at rearm point {point}.", new.name)
    } else {
        format!(
            "{} swaps the {} for the {} at rearm point {point}.",
            new.name,
            weapon_name(rules, old.weapon.as_str()),
            weapon_name(rules, new.weapon.as_str())
        )
    }
}

fn shot_text(shot: Shot, hit_needed: i32, wound_needed: i32) -> String {
    match (shot.outcome, shot.wound_roll) {
        (Outcome::Miss, _) | (_, None) => format!("miss {} (needed {hit_needed}+)", shot.hit_words()),
        (outcome, Some(wound)) => format!(
            "hit {} (needed {hit_needed}+), wound on {wound} (needed {wound_needed}+): {}",
            shot.hit_words(),
            if outcome == Outcome::Killed { "killed" } else { "not wounded" }
        ),
    }
}

fn attack_line(rules: &Rules, before: &State, after: &State, a: &Attack, report: &AttackReport) -> String {
    let attacker = before.name(report.attacker);
    let target = before.name(a.target);
    let weapon = rules.weapon(a.weapon.as_str());
    let opening = weapon.map_or_else(
        || format!("{attacker} attacks {target}"),
        |w| w.log.replace("{attacker}", attacker).replace("{target}", target),
    );
    let (hit, wound) = (report.assessment.hit_needed, report.assessment.wound_needed);
    let shots: Vec<String> = if let [shot] = report.shots.as_slice() {
        vec![shot_text(*shot, hit, wound)]
    } else {
        report
            .shots
            .iter()
            .enumerate()
            .map(|(i, s)| format!("shot {} {}", i + 1, shot_text(*s, hit, wound)))
            .collect()
    };
    let mut line = format!("{opening} at {} cm: {}", a.distance_cm, shots.join("; "));
    if !report.blast.is_empty() {
        let caught: Vec<String> = report
            .blast
            .iter()
            .map(|&(id, roll, outcome)| {
                let result = if outcome == Outcome::Killed { "killed" } else { "not wounded" };
                format!("{} (wound on {roll}, needed {wound}+: {result})", before.name(id))
            })
            .collect();
        let _ = write!(line, "; the blast catches {}", and_list(&caught));
    }
    line.push('.');
    if report.deaths.is_empty() {
        return line;
    }
    let deaths: Vec<String> = report
        .deaths
        .iter()
        .map(|d| {
            let victim = before.name(d.victim);
            match d.kind {
                FragKind::Kill => format!("{victim} is killed ({:+})", d.frags),
                FragKind::Suicide => format!("{victim} is killed by its own attack ({:+})", d.frags),
                FragKind::TeamMate => format!("{victim}, a team-mate, is killed ({:+})", d.frags),
            }
        })
        .collect();
    let player = before.character(report.attacker).map(|c| c.player);
    let (name, frags) =
        player.and_then(|p| after.players.get(p.0)).map_or(("?", 0), |p| (p.name.as_str(), p.frags));
    let _ = write!(
        line,
        " {}: {name} has {frags} frag{}.",
        and_list(&deaths),
        if frags.abs() == 1 { "" } else { "s" }
    );
    if after.phase == Phase::Over {
        let _ = write!(line, " {name} reaches {} frags and wins the game!", after.target);
    }
    line
}

fn next_turn(before: &State, after: &State) -> String {
    let Some(id) = after.current() else { return String::new() };
    let name = after.name(id);
    let round = if before.phase != Phase::Playing || after.round != before.round {
        if after.is_neutral_round() {
            "Neutral round (movement only): ".to_owned()
        } else {
            format!("Round {}: ", after.round)
        }
    } else {
        String::new()
    };
    let dead = match after.character(id) {
        _ if after.respawn_due() => format!(" {name} is dead and respawns first."),
        Some(c) if !c.alive => format!(" {name} died this round and respawns in round {}.", after.round + 1),
        _ => String::new(),
    };
    format!(" {round}{name}'s turn.{dead}")
}
