//! Each event in one line of plain words, for the game log.

use super::event::{Event, Play, Take, Target, WeaponUse};
use super::state::{Phase, Resolution, Stage, State, Status, WinBy};
use crate::kernel::words;
use crate::systems::frag::rules::combat::Outcome;
use crate::systems::frag::rules::data::{Rulebook, Variant};
use crate::systems::frag::rules::poker::PokerCard;
use crate::systems::frag::rules::shootout::FirstShot;
use std::fmt::Write as _;

fn who(s: &State, seat: usize) -> String {
    s.players.get(seat).map_or_else(|| format!("seat {}", seat + 1), |p| p.name.clone())
}

fn dice(rolls: &[u8]) -> String {
    rolls.iter().map(ToString::to_string).collect::<Vec<_>>().join("+")
}

fn cards(cards: &[PokerCard]) -> String {
    cards.iter().map(ToString::to_string).collect::<Vec<_>>().join(" ")
}

/// The event in words, from the state before and after it.
#[expect(clippy::too_many_lines, reason = "one arm per event: a flat list reads best")]
pub(super) fn describe(book: &Rulebook, before: &State, after: &State, event: &Event) -> String {
    let current = before.current_player().map_or_else(String::new, |p| who(before, p));
    let mut line = match event {
        Event::Begin(setup) => {
            let names: Vec<String> = setup
                .players
                .iter()
                .map(|seat| {
                    let character = book
                        .character(&seat.fighter.character)
                        .map_or(seat.fighter.character.as_str(), |c| c.name.as_str());
                    format!("{} ({character})", seat.name)
                })
                .collect();
            let goal = match setup.variant {
                Variant::Deadlands => format!("{} frags win", after.frag_target),
                Variant::Zombies => format!(
                    "{} zombie frags or {} win; the pool holds {} zombies",
                    book.zombies.zombie_frags_to_win, book.zombies.win_square, book.zombies.zombie_pool
                ),
            };
            format!("{}: {} in seat order; {goal}", setup.variant.title(), names.join(", "))
        }
        Event::PokerHands { .. } | Event::DealPoker { .. } => {
            let dealt = if matches!(event, Event::DealPoker { .. }) {
                "Posse deals the poker hands"
            } else {
                "Poker hands"
            };
            let hands: Vec<String> = after
                .players
                .iter()
                .map(|p| {
                    format!("{} {} ({})", p.name, cards(&p.poker), p.poker_rank.map_or("?", |r| r.title()))
                })
                .collect();
            format!("{dealt}: {}", hands.join("; "))
        }
        Event::TieRoll { rolls } => {
            let tied = match &before.stage {
                Stage::TieBreak { tied } => tied.clone(),
                _ => Vec::new(),
            };
            let rolled: Vec<String> =
                tied.iter().zip(rolls).map(|(&s, r)| format!("{} rolls {r}", who(before, s))).collect();
            let what = if before.rolled_for_first() { "Who goes first" } else { "Tie roll" };
            // Still tied at the top: those players roll again, and the line says so.
            let again = match &after.stage {
                Stage::TieBreak { tied: still } if still.len() == tied.len() => {
                    ": a tie, roll again".to_owned()
                }
                Stage::TieBreak { tied: still } => {
                    let names: Vec<String> = still.iter().map(|&s| who(after, s)).collect();
                    format!(": a tie, {} roll again", names.join(" and "))
                }
                _ => String::new(),
            };
            format!("{what}: {}{again}", rolled.join(", "))
        }
        Event::StartDraw { roll } => {
            let drew = after.players.get(before.current_player().unwrap_or(0)).map(|p| p.hand)
                > before.players.get(before.current_player().unwrap_or(0)).map(|p| p.hand);
            format!(
                "{current} rolls {roll} at the start of the turn: {}",
                if drew { "draws a card" } else { "no card" }
            )
        }
        Event::Respawn { square } => match (square, after.variant) {
            (_, Variant::Zombies) => format!("{current} respawns at {}", book.zombies.respawn_point),
            (None, _) => format!("{current} comes back on their gallows square"),
            (Some(n), _) => {
                let chooses = before
                    .current_player()
                    .and_then(|p| before.character(book, p).ok())
                    .is_some_and(|c| c.chooses_respawn);
                let how = if chooses {
                    format!("chooses respawn square {n}")
                } else {
                    format!("rolls {n} and respawns there")
                };
                format!("{current} {how}")
            }
        },
        Event::Bump { player, square } => {
            format!("{} is bumped and rolls {square}: respawn square {square}", who(before, *player))
        }
        Event::PlaceTile { tile, zombies } => match tile {
            Some(tile) => {
                format!("{current} places {tile} with {}", words::count(*zombies, "zombie", "zombies"))
            }
            None => format!("{current} places no tile (none are left)"),
        },
        Event::RollMovement { dice: rolled, .. } => {
            format!(
                "{current} rolls {} for movement: {} squares",
                dice(rolled),
                after.turn.as_ref().map_or(0, |t| t.movement)
            )
        }
        Event::Teleport => format!("{current} teleports instead of moving"),
        Event::AdjustMovement { by } => {
            format!(
                "{current}'s movement changes by {by:+}: {} squares this turn",
                after.turn.as_ref().map_or(0, |t| t.movement)
            )
        }
        Event::Move { squares, jump } => {
            let how = if *jump { format!("jumps {squares} squares") } else { format!("moves {squares}") };
            format!("{current} {how}: {} movement left", after.moves_left())
        }
        Event::PowerUp { square, deck, roll } => {
            let seat = before.current_player().unwrap_or(0);
            let drew = after.players.get(seat).map(|p| p.hand) > before.players.get(seat).map(|p| p.hand);
            let result =
                if drew { format!("draws from {}", book.core.deck_name(*deck)) } else { "nothing".into() };
            format!("{current} checks the power-up on {square}: rolls {roll}, {result}")
        }
        Event::Attack(a) => attack_line(before, after, a.attacker, &a.weapon, a.held),
        Event::HoldAttack => format!("{current} holds an attack for a shootout"),
        Event::Shootout(sh) => match &after.shootout {
            Some(st) => {
                let first = match st.first {
                    FirstShot::Holder => format!("{} fires first", who(before, st.holder)),
                    FirstShot::Mover => format!("{} fires first", who(before, st.mover)),
                    FirstShot::RollAgain => "a tie: roll again".into(),
                };
                format!(
                    "Shootout: {} rolls {} + {} = {}, {} rolls {} + {} = {}: {first}",
                    who(before, st.holder),
                    dice(&sh.holder_dice),
                    sh.holder_card,
                    st.holder_total,
                    who(before, st.mover),
                    dice(&sh.mover_dice),
                    sh.mover_card,
                    st.mover_total
                )
            }
            None => "Shootout".into(),
        },
        Event::Hazard { .. } => match &after.last {
            Some(r) if !r.hit => format!(
                "{current} passes through the {}: Accuracy {} (caught on {} or less), escapes",
                r.weapon, r.hit_total, r.range
            ),
            Some(r) => format!("{current} is struck by the {}: {}", r.weapon, damage_words(before, after, r)),
            None => format!("{current} enters a hazard"),
        },
        Event::Wound { player, amount, .. } => {
            let left = after.players.get(*player).map_or(0, |p| p.health);
            let fragged = after.players.get(*player).is_some_and(|p| !p.is_active());
            let waiting = after.cure.as_ref().filter(|w| w.seat == *player);
            let end = match waiting {
                // A cure in reach: he waits at 0 Health for it (reading R33).
                Some(w) if w.below > 0 => {
                    format!("at 0 Health ({} below): they cure it now or are fragged", w.below)
                }
                Some(_) => "at 0 Health: they cure it now or are fragged".to_owned(),
                None if fragged => "fragged (no one scores)".to_owned(),
                None => format!("{left} Health left"),
            };
            format!("{} loses {amount} Health to a card: {end}", who(before, *player))
        }
        Event::Draw { player, deck, count } => format!(
            "{} draws {} from {}",
            who(before, *player),
            words::count(*count, "card", "cards"),
            book.core.deck_name(*deck)
        ),
        Event::JokerDrawn { player } => {
            format!(
                "{} drew a joker: it is discarded, and they draw a card from any deck instead",
                who(before, *player)
            )
        }
        Event::Discard { player, count } => {
            format!("{} discards {}", who(before, *player), words::count(*count, "card", "cards"))
        }
        Event::Play { player, card, on } => play_line(before, after, *player, card, *on),
        Event::Remove { player, card } => format!("{} discards {card} from play", who(before, *player)),
        Event::Drop { player, card } => format!("{} drops {card} on their square", who(before, *player)),
        Event::Reload { player, weapon, gadget } => {
            let with = match (gadget, after.edition) {
                (Some(g), _) => format!(" with the {g}"),
                (None, 0) => String::new(),
                (None, _) => " with a gadget card".to_owned(),
            };
            format!("{} reloads the {weapon}{with}", who(before, *player))
        }
        Event::PickUp { player, pile, take } => {
            let what = match take {
                Take::Blood => "the blood counter".to_owned(),
                Take::Card { name } => name.clone(),
            };
            let from = before
                .leftovers
                .iter()
                .find(|l| l.id == *pile)
                .map_or_else(String::new, |l| format!(" left by {}", who(before, l.from)));
            let cured = cure_words(before, after, *player).unwrap_or_default();
            format!("{} picks up {what} from the pile{from}{cured}", who(before, *player))
        }
        Event::SpendBlood { player } => {
            let p = after.players.get(*player);
            cure_words(before, after, *player).map_or_else(
                || {
                    format!(
                        "{} spends a blood counter: Health {}",
                        who(before, *player),
                        p.map_or(0, |p| p.health)
                    )
                },
                |cured| format!("{} spends a blood counter{cured}", who(before, *player)),
            )
        }
        Event::NoCure { player } => match &after.last {
            Some(r) => {
                format!("No cure: {}", frag_words(before, after, r, true))
            }
            None => format!("{} has no cure and is fragged", who(before, *player)),
        },
        Event::ZombieFrags { player, count } => {
            let p = after.players.get(*player);
            format!(
                "{} frags {} with a card: {} in all",
                who(before, *player),
                words::count(*count, "zombie", "zombies"),
                p.map_or(0, |p| p.zombie_frags)
            ) + &zombie_rewards(before, after, *player)
        }
        Event::ReturnZombies { player, count } => {
            format!(
                "{} returns {} to the pool",
                who(before, *player),
                words::count(*count, "zombie", "zombies")
            )
        }
        Event::PlaceZombies { count } => {
            format!("{} placed from the pool", words::count(*count, "zombie", "zombies"))
        }
        Event::ZombiesMove { roll } => {
            let right = before.player_to_the_right().map_or_else(String::new, |p| who(before, p));
            let moved = zombies_moved(*roll, before.zombies_on_board(book));
            let skipped = before
                .unused_before_zombies(book)
                .words()
                .map_or_else(String::new, |w| format!(" ({current} leaves {w})"));
            format!("{right} rolls {roll}{moved}{skipped}")
        }
        Event::ZombiesAdjacent { count } => {
            format!("{} next to {current}", words::count(*count, "zombie attacks", "zombies attack"))
        }
        Event::ZombieAttack { .. } => match &after.last {
            Some(r) => {
                format!("A zombie attacks {current}: {}{}", damage_words(before, after, r), rerolled(r))
            }
            None => "A zombie attacks".into(),
        },
        Event::ReachHeliport => format!("{current} reaches {}", book.zombies.win_square),
        Event::EndTurn => {
            let next = after.current_player().map_or_else(String::new, |p| who(after, p));
            let phase = after.phase().map_or("", Phase::title);
            format!("{current} ends the turn; {next}'s turn ({phase})")
        }
    };
    if let (None, Some(win)) = (before.winner, after.winner) {
        let how = match win.by {
            WinBy::Frags => frags(after.frag_target, "frag"),
            WinBy::ZombieFrags => frags(book.zombies.zombie_frags_to_win, "zombie frag"),
            WinBy::Heliport => "the Heliport".into(),
        };
        let _ = write!(line, ". {} wins with {how}!", who(after, win.player));
    }
    line
}

fn attack_line(before: &State, after: &State, attacker: usize, weapon: &WeaponUse, held: bool) -> String {
    let Some(r) = &after.last else { return format!("{} attacks", who(before, attacker)) };
    let target = match r.target {
        Target::Player(t) => who(before, t),
        Target::Zombie => "a zombie".into(),
    };
    let played = if matches!(weapon, WeaponUse::New(_)) { " (played from the hand)" } else { "" };
    let held = if held { " (held attack)" } else { "" };
    let mut line = format!("{} attacks {target} with the {}{played}{held}", who(before, attacker), r.weapon);
    if r.hit {
        let _ =
            write!(line, ": hit on {} (needed {}), {}", r.hit_total, r.range, damage_words(before, after, r));
    } else {
        let _ = write!(line, ": {} misses at range {}", r.hit_total, r.range);
    }
    line.push_str(&rerolled(r));
    if r.malfunction {
        line.push_str("; a damage die shows 1: check the card for a malfunction");
    }
    if r.out_of_ammo {
        line.push_str("; the weapon is out of ammo");
    }
    line
}

/// The 1s rolled again (the Agency Operative's cheatin'), when there were any.
fn rerolled(r: &Resolution) -> String {
    if r.rerolled == 0 {
        String::new()
    } else {
        format!(" ({} rolled again)", words::count(r.rerolled, "die that came up 1", "dice that came up 1"))
    }
}

fn damage_words(before: &State, after: &State, r: &Resolution) -> String {
    let mut line = format!(
        "{} against {}: {}",
        r.attack_total,
        r.defence_total,
        words::count(r.damage, "damage", "damage")
    );
    if let Some(outcome) = outcome_words(before, after, r, true) {
        let _ = write!(line, ", {outcome}");
    }
    if !r.armour_lost.is_empty() {
        let _ = write!(line, "; armour lost: {}", r.armour_lost.join(", "));
    }
    line
}

/// What a hit did to its target: "no harm done", "Bob has 1 Health left", "Ann is fragged, Bob 1
/// frag…", "the zombie is fragged (Ann has 3 zombies)"; with `rewards`, a zombie frag's cards
/// and blood too (counted from the hand and the blood before and after) and where a fragged
/// fighter's leftovers lie. `None` when there is
/// nothing to say (a zombie is never hanged).
fn outcome_words(before: &State, after: &State, r: &Resolution, rewards: bool) -> Option<String> {
    let victim = match r.target {
        Target::Player(t) => who(before, t),
        Target::Zombie => "the zombie".into(),
    };
    Some(match (r.result, r.target) {
        (Outcome::None, _) => "no harm done".to_owned(),
        (Outcome::Wounded, _) => format!("{victim} has {} Health left", r.health_left),
        (Outcome::Fragged, Target::Zombie) => {
            let mut line = "the zombie is fragged".to_owned();
            if let Some(a) = r.attacker {
                let total = after.players.get(a).map_or(0, |p| p.zombie_frags);
                let _ =
                    write!(line, " ({} has {})", who(before, a), words::count(total, "zombie", "zombies"));
                if rewards {
                    line.push_str(&zombie_rewards(before, after, a));
                }
            }
            line
        }
        (Outcome::Fragged | Outcome::Gallows, Target::Player(t))
            if after.cure.as_ref().is_some_and(|w| w.seat == t) =>
        {
            let below = after.cure.as_ref().map_or(0, |w| w.below);
            let under = if below == 0 { String::new() } else { format!(" ({below} below)") };
            format!("{victim} is at 0 Health{under}: they cure it now or are fragged")
        }
        (Outcome::Fragged | Outcome::Gallows, Target::Player(_)) => frag_words(before, after, r, rewards),
        (Outcome::Gallows, Target::Zombie) => return None,
    })
}

/// What the last attack, hazard or zombie attack did to its target, outcome first and with
/// every name in it, for the screen's result slot: "Ann is fragged, Bob 1 frag, draws 1
/// Special card; their leftovers lie on their square", "Bob misses Ann", "Ann escapes the
/// Acid". The log's line says it after the dice, where a slot two lines high cut it off
/// (and with it the fragged fighter's name). `None` when the last event was no result.
#[must_use]
pub fn result_words(s: &State) -> Option<String> {
    let r = s.last.as_ref()?;
    let target = match r.target {
        Target::Player(t) => who(s, t),
        Target::Zombie => "the zombie".into(),
    };
    let words = if r.hit {
        outcome_words(s, s, r, false).unwrap_or_else(|| "no harm done".to_owned())
    } else {
        match r.attacker {
            Some(a) => format!("{} misses {target}", who(s, a)),
            None => format!("{target} escapes the {}", r.weapon),
        }
    };
    let mut chars = words.chars();
    Some(chars.next().map_or_else(String::new, |first| first.to_uppercase().chain(chars).collect()))
}

/// What a fighter's frag did: "Bob is fragged, Ann 1 frag, draws 1 Special card; their
/// leftovers lie on their square" (the leftovers said only with `leftovers`).
fn frag_words(before: &State, after: &State, r: &Resolution, leftovers: bool) -> String {
    let victim = match r.target {
        Target::Player(t) => who(before, t),
        Target::Zombie => "the zombie".into(),
    };
    let mut line = format!("{victim} is fragged");
    if let Some(g) = r.gallows {
        let _ = write!(line, " and hangs on gallows square {g}");
    }
    if let Some(a) = r.attacker.filter(|_| after.variant == Variant::Deadlands) {
        let frags = after.players.get(a).map_or(0, |p| p.frags);
        let _ = write!(line, ", {} {}", who(before, a), words::count(frags, "frag", "frags"));
        if r.cards_drawn > 0 {
            let _ = write!(line, ", draws {}", words::count(r.cards_drawn, "Special card", "Special cards"));
        }
    }
    if after.variant == Variant::Zombies {
        line.push_str(" and goes back to Town Square (no one scores)");
    }
    if leftovers {
        line.push_str("; their leftovers lie on their square");
    }
    line
}

/// A cure played while a fighter waits at 0 Health (reading R33): cured, or still short;
/// `None` when no one was waiting.
fn cure_words(before: &State, after: &State, seat: usize) -> Option<String> {
    before.cure.as_ref().filter(|w| w.seat == seat)?;
    Some(match &after.cure {
        None => {
            let health = after.players.get(seat).map_or(0, |p| p.health);
            format!(": cured with Health {health}, not fragged")
        }
        Some(w) if w.below > 0 => format!(": still at 0 Health ({} below)", w.below),
        Some(_) => ": still at 0 Health".to_owned(),
    })
}

fn zombie_rewards(before: &State, after: &State, seat: usize) -> String {
    let (Some(b), Some(a)) = (before.players.get(seat), after.players.get(seat)) else {
        return String::new();
    };
    let cards = a.hand.saturating_sub(b.hand);
    let blood = a.blood.saturating_sub(b.blood);
    let mut out = String::new();
    if cards > 0 {
        let _ = write!(out, ", draws {}", words::count(cards, "event card", "event cards"));
    } else if a.zombie_frags_this_turn > 5 {
        out.push_str(", no more event cards this turn");
    }
    if blood > 0 {
        let _ =
            write!(out, ", gains {} for the slaughter", words::count(blood, "blood point", "blood points"));
    }
    out
}

fn play_line(before: &State, after: &State, seat: usize, card: &Play, on: Option<usize>) -> String {
    let player = who(before, seat);
    let target = on.filter(|&t| t != seat).map_or_else(String::new, |t| format!(" on {}", who(before, t)));
    match card {
        Play::Weapon(w) => {
            let ammo = w.ammo.map_or_else(|| "unlimited ammo".into(), |a| format!("{a} ammo"));
            format!("{player} puts the {} in play ({}d, {ammo})", w.name, w.dice)
        }
        Play::Armour { name, bonus } => format!("{player} puts on {name} (+{bonus} Health)"),
        Play::Gadget { name, health } if *health > 0 => format!("{player} plays {name} (+{health} Health)"),
        Play::Heal { name, .. } => {
            let t = on.unwrap_or(seat);
            let health = after.players.get(t).map_or(0, |p| p.health);
            cure_words(before, after, t).map_or_else(
                || format!("{player} plays {name}{target}: Health {health}"),
                |cured| format!("{player} plays {name}{target}{cured}"),
            )
        }
        other => {
            let lasting =
                matches!(other, Play::Special { lasting: true, .. } | Play::Event { lasting: true, .. });
            let stays = if lasting { " (stays in play)" } else { "" };
            format!("{player} plays {}{target}{stays}", other.name())
        }
    }
}

/// Whether a fighter is out of play, in words (for screens).
#[must_use]
pub fn status_words(status: Status) -> String {
    match status {
        Status::Waiting => "waiting to enter".into(),
        Status::Active(_) => "in play".into(),
        Status::Fragged => "fragged".into(),
        Status::Hanged(g) => format!("hanged on gallows square {g}"),
    }
}

/// What the zombies' move roll `roll` moves with `on_board` zombies on the board, after the
/// roll: " and moves 2 zombies"; a roll above them moves them all (zombies:49, "that many
/// zombies"), " and moves the 2 zombies on the board (all of them)".
fn zombies_moved(roll: u8, on_board: u32) -> String {
    let roll = u32::from(roll);
    match on_board {
        0 => ": no zombie on the board to move".to_owned(),
        1 if roll > 1 => " and moves the one zombie on the board".to_owned(),
        n if roll > n => format!(" and moves the {n} zombies on the board (all of them)"),
        _ => format!(" and moves {}", words::count(roll, "zombie", "zombies")),
    }
}

/// A number of frags in words: "1 frag", "3 frags", "25 zombie frags".
#[must_use]
pub fn frags(n: u32, what: &str) -> String {
    if n == 1 { format!("1 {what}") } else { format!("{n} {what}s") }
}
