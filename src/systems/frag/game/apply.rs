//! How each event changes the game. Called on a copy of the state by the kernel's log, so a
//! refused event changes nothing.

use super::Error;
use super::event::{Attack, Event, Play, Setup, Shootout, Take, Target, WeaponCard, WeaponUse};
use super::state::{
    Armour, CureWait, Gadget, GallowsRule, Leftover, Phase, Player, Resolution, ShootoutState, Spot, Stage,
    State, Status, Turn, WeaponInPlay, Win, WinBy,
};
use crate::kernel::cards;
use crate::systems::frag::rules::combat::{self, Outcome};
use crate::systems::frag::rules::data::{HexAccess, Rulebook, Variant, Zombies};
use crate::systems::frag::rules::poker::{self, PokerCard};
use crate::systems::frag::rules::{Deck, fighter, shootout};

/// Applies one event.
pub(super) fn apply(book: &Rulebook, s: &mut State, event: &Event) -> Result<(), Error> {
    s.last = None;
    match &s.stage {
        Stage::Setup => {
            return match event {
                Event::Begin(setup) => begin(book, s, setup),
                _ => Err(Error::NotStarted),
            };
        }
        Stage::Over => {
            let name =
                s.winner.and_then(|w| s.players.get(w.player)).map(|p| p.name.clone()).unwrap_or_default();
            return Err(Error::Over(name));
        }
        Stage::Poker => {
            return match event {
                Event::PokerHands { hands } => poker_hands(book, s, hands),
                Event::DealPoker { seed } => deal_poker(book, s, *seed),
                Event::Begin(_) => Err(Error::AlreadyStarted),
                Event::TieRoll { .. } => Err(Error::NoTie),
                _ => Err(Error::PokerFirst),
            };
        }
        Stage::TieBreak { tied } => {
            let tied = tied.clone();
            return match event {
                Event::TieRoll { rolls } => tie_roll(book, s, &tied, rolls),
                Event::Begin(_) => Err(Error::AlreadyStarted),
                Event::PokerHands { .. } | Event::DealPoker { .. } if s.rolled_for_first() => {
                    Err(Error::NoPoker)
                }
                Event::PokerHands { .. } | Event::DealPoker { .. } => Err(Error::FirstSettled),
                _ if s.rolled_for_first() => Err(Error::RollFirst),
                _ => Err(Error::PokerFirst),
            };
        }
        Stage::Playing => {}
    }
    if let Some(bumped) = s.pending_bump
        && !matches!(event, Event::Bump { player, .. } if *player == bumped)
    {
        return Err(Error::BumpPending(name(s, bumped)));
    }
    if let Some(wait) = &s.cure {
        let seat = wait.seat;
        let answers = match event {
            Event::Play { player, card: Play::Heal { .. }, on } => {
                *player == seat && on.is_none_or(|t| t == seat)
            }
            Event::SpendBlood { player }
            | Event::NoCure { player }
            | Event::PickUp { player, take: Take::Blood, .. } => *player == seat,
            _ => false,
        };
        if !answers {
            return Err(Error::CureWaiting(name(s, seat)));
        }
    }
    match event {
        Event::Begin(_) => Err(Error::AlreadyStarted),
        Event::PokerHands { .. } | Event::DealPoker { .. } | Event::TieRoll { .. } => {
            Err(Error::FirstSettled)
        }
        Event::StartDraw { roll } => start_draw(book, s, *roll),
        Event::Respawn { square } => respawn(book, s, *square),
        Event::Bump { player, square } => bump(book, s, *player, *square),
        Event::PlaceTile { zombies, .. } => place_tile(s, *zombies),
        Event::RollMovement { dice, extra_dice } => roll_movement(book, s, dice, *extra_dice),
        Event::Teleport => teleport(s),
        Event::AdjustMovement { by } => adjust_movement(s, *by),
        Event::Move { squares, jump } => move_fighter(book, s, *squares, *jump),
        Event::PowerUp { square, deck, roll } => power_up(book, s, square, *deck, *roll),
        Event::Attack(attack) => self::attack(book, s, attack),
        Event::HoldAttack => hold_attack(book, s),
        Event::Shootout(sh) => shootout_roll(book, s, sh),
        Event::Hazard { hazard, check, damage, defence, defence_bonus_dice, cure } => {
            self::hazard(book, s, hazard, check, (damage, defence), *defence_bonus_dice, *cure)
        }
        Event::Wound { player, amount, cure } => wound_event(book, s, *player, *amount, *cure),
        Event::Draw { player, deck, count } => draw(s, *player, *deck, *count),
        Event::JokerDrawn { player } => s.player(*player).map(|_| ()),
        Event::Discard { player, count } => discard(s, *player, *count),
        Event::Play { player, card, on } => play(book, s, *player, card, *on),
        Event::Remove { player, card } => remove_card(s, *player, card).map(|_| ()),
        Event::Drop { player, card } => drop_card(s, *player, card),
        Event::Reload { player, weapon, .. } => reload(s, *player, weapon),
        Event::PickUp { player, pile, take } => pick_up(book, s, *player, *pile, take),
        Event::SpendBlood { player } => spend_blood(book, s, *player),
        Event::NoCure { player } => no_cure(book, s, *player),
        Event::ZombieFrags { player, count } => zombie_frags_event(book, s, *player, *count),
        Event::ReturnZombies { player, count } => return_zombies(s, *player, *count),
        Event::PlaceZombies { count } => place_zombies(s, *count),
        Event::ZombiesMove { roll } => zombies_move(s, *roll),
        Event::ZombiesAdjacent { count } => zombies_adjacent(book, s, *count),
        Event::ZombieAttack { damage, defence, defence_rerolls, defence_bonus_dice, cure } => {
            zombie_attack(book, s, damage, (defence, defence_rerolls), *defence_bonus_dice, *cure)
        }
        Event::ReachHeliport => reach_heliport(s),
        Event::EndTurn => end_turn(book, s),
    }
}

// ---------------------------------------------------------------------------------------------
// Helpers

fn name(s: &State, seat: usize) -> String {
    s.players.get(seat).map(|p| p.name.clone()).unwrap_or_default()
}

fn player_mut(s: &mut State, seat: usize) -> Result<&mut Player, Error> {
    s.players.get_mut(seat).ok_or(Error::NoSuchPlayer(seat))
}

fn turn(s: &State) -> Result<&Turn, Error> {
    s.turn.as_ref().ok_or(Error::NotStarted)
}

fn turn_mut(s: &mut State) -> Result<&mut Turn, Error> {
    s.turn.as_mut().ok_or(Error::NotStarted)
}

/// The current seat, checked to be in `phase`.
fn in_phase(s: &State, phase: Phase, what: &'static str) -> Result<usize, Error> {
    let t = turn(s)?;
    if t.phase != phase {
        return Err(Error::WrongPhase(t.phase.title(), what));
    }
    Ok(t.player)
}

/// The current seat, in the actions phase with his fighter on the board.
fn acting(s: &State, what: &'static str) -> Result<usize, Error> {
    let seat = in_phase(s, Phase::Actions, what)?;
    active(s, seat)?;
    Ok(seat)
}

fn active(s: &State, seat: usize) -> Result<(), Error> {
    let p = s.player(seat)?;
    if p.is_active() { Ok(()) } else { Err(Error::OutOfPlay(p.name.clone())) }
}

fn deadlands(s: &State, what: &'static str) -> Result<(), Error> {
    if s.variant == Variant::Deadlands { Ok(()) } else { Err(Error::DeadlandsOnly(what)) }
}

fn zombies(s: &State, what: &'static str) -> Result<(), Error> {
    if s.variant == Variant::Zombies { Ok(()) } else { Err(Error::ZombiesOnly(what)) }
}

fn face(roll: u8) -> Result<u8, Error> {
    if (1..=6).contains(&roll) { Ok(roll) } else { Err(Error::BadFace(roll)) }
}

/// The dice of a roll that stand once the 1s are rolled again, when the roller rerolls them
/// (reading R26): `rerolls` holds the second rolls, one per 1 in order. A roller who does
/// not reroll has none.
fn standing(what: &'static str, rolls: &[u8], rerolls: &[u8], rerolls_ones: bool) -> Result<Vec<u8>, Error> {
    for &r in rerolls {
        face(r)?;
    }
    if !rerolls_ones {
        if !rerolls.is_empty() {
            return Err(Error::BadRolls(format!("{what} rerolls no 1s")));
        }
        return Ok(rolls.to_vec());
    }
    combat::rerolled(rolls, rerolls).ok_or_else(|| {
        let ones = combat::ones(rolls);
        let needs = if ones == 1 { "1 second roll".to_owned() } else { format!("{ones} second rolls") };
        Error::BadRolls(format!("{what} needs {needs} (one for each 1), not {}", rerolls.len()))
    })
}

/// Dice added to `seat`'s roll: the Saloon Gal's one die ("May discard one card from her hand
/// to add one die to any die roll", deadlands:6; reading R28), paid with a card from her hand.
/// Anyone else, or more than one die, is refused.
fn extra_die(book: &Rulebook, s: &mut State, seat: usize, dice: u32) -> Result<(), Error> {
    if dice == 0 {
        return Ok(());
    }
    let who = name(s, seat);
    if !s.character(book, seat)?.discard_for_die {
        return Err(Error::BadRolls(format!("{who} has no cheat that adds a die to a roll")));
    }
    if dice > 1 {
        return Err(Error::BadRolls(format!("{who} adds one die to a roll, not {dice}")));
    }
    let p = player_mut(s, seat)?;
    if p.hand == 0 {
        return Err(Error::BadRolls(format!("{who} has no card in hand to discard for the extra die")));
    }
    p.hand -= 1;
    Ok(())
}

/// What an event card does that Posse counts (reading R32): the First Aid Kit's d6 of blood
/// counters, the Chainsaw's weapon in play for the rest of the game. Since edition 1 each needs
/// its roll or its weapon, and no other card takes them.
fn event_card(
    book: &Rulebook,
    s: &mut State,
    seat: usize,
    name: &str,
    roll: Option<u8>,
    weapon: Option<&WeaponCard>,
) -> Result<(), Error> {
    let z = &book.zombies;
    let (first_aid, chainsaw) =
        (Zombies::names(&z.events_blood_roll, name), Zombies::names(&z.events_kept_weapon, name));
    let strict = s.edition >= 1;
    match roll {
        Some(r) if first_aid => {
            face(r)?;
            player_mut(s, seat)?.blood += u32::from(r);
        }
        Some(_) => return Err(Error::BadCard(format!("the {name} rolls no die for blood counters"))),
        None if first_aid && strict => {
            return Err(Error::BadCard(format!("roll 1d6 for the {name}: that many blood counters")));
        }
        None => {}
    }
    match weapon {
        Some(card) if chainsaw => {
            if card.name.trim().is_empty() {
                return Err(Error::BadCard("name the weapon card".into()));
            }
            let p = player_mut(s, seat)?;
            p.weapons.push(WeaponInPlay { card: card.clone(), ammo_left: card.ammo, kept: true });
        }
        Some(_) => return Err(Error::BadCard(format!("the {name} puts no weapon in play"))),
        None if chainsaw && strict => {
            return Err(Error::BadCard(format!("type the weapon card the {name} puts in play")));
        }
        None => {}
    }
    Ok(())
}

/// Checks a roll's dice count and faces and gives its total.
fn total(what: &'static str, rolls: &[u8], expected: u32) -> Result<u32, Error> {
    if u32::try_from(rolls.len()).ok() != Some(expected) {
        return Err(Error::DiceCount { what, expected, found: rolls.len() });
    }
    rolls.iter().try_fold(0u32, |sum, &r| face(r).map(|r| sum + u32::from(r)))
}

// ---------------------------------------------------------------------------------------------
// Set-up and who goes first

fn begin(book: &Rulebook, s: &mut State, setup: &Setup) -> Result<(), Error> {
    let core = &book.core;
    let n = setup.players.len();
    if !(core.players_min..=core.players_max).contains(&n) {
        return Err(Error::PlayerCount { min: core.players_min, max: core.players_max, found: n });
    }
    let mut players = Vec::with_capacity(n);
    for (i, seat) in setup.players.iter().enumerate() {
        let name = seat.name.trim();
        if name.is_empty() {
            return Err(Error::BadSetup(format!("the player in seat {} needs a name", i + 1)));
        }
        if setup.players[..i].iter().any(|other| other.name.trim().eq_ignore_ascii_case(name)) {
            return Err(Error::BadSetup(format!("two players are called {name}")));
        }
        if let Some(problem) = fighter::validate(book, &seat.fighter).first() {
            return Err(Error::BadSetup(format!(
                "{name}'s fighter breaks a design rule: {}",
                problem.message
            )));
        }
        if setup.players[..i].iter().any(|other| other.fighter.character == seat.fighter.character) {
            return Err(Error::BadSetup(format!(
                "{name} plays the same character as another player: each plays a different one"
            )));
        }
        let character = book.character(&seat.fighter.character).ok_or(Error::NoSuchPlayer(i))?;
        let (deal, status) = match setup.variant {
            Variant::Deadlands => (core.setup_deal.len() + character.setup_extra_deal.len(), Status::Waiting),
            Variant::Zombies => (book.zombies.setup_deal.len(), Status::Active(Spot::TownSquare)),
        };
        players.push(Player {
            name: name.to_owned(),
            fighter: seat.fighter.clone(),
            health: seat.fighter.health,
            status,
            blood: 0,
            hand: u32::try_from(deal).unwrap_or(u32::MAX),
            weapons: Vec::new(),
            armour: Vec::new(),
            gadgets: Vec::new(),
            hexes: Vec::new(),
            specials: Vec::new(),
            frags: 0,
            zombie_frags: 0,
            zombie_frags_this_turn: 0,
            held_attack: false,
            poker: Vec::new(),
            poker_rank: None,
        });
    }
    let frag_target = setup.frag_target.unwrap_or(core.frag_target);
    if frag_target == 0 {
        return Err(Error::BadSetup("the frag target must be at least 1".into()));
    }
    // Frag Zombies!!!: "All players roll to see who goes first" (zombies:27), no poker hands
    // (reading R27); journals of edition 0 played the poker hands.
    let roll = setup.variant == Variant::Zombies && setup.edition >= 1 && book.zombies.roll_for_first;
    *s = State {
        stage: if roll { Stage::TieBreak { tied: (0..n).collect() } } else { Stage::Poker },
        variant: setup.variant,
        players,
        frag_target,
        house: setup.house,
        edition: setup.edition,
        zombie_pool: if setup.variant == Variant::Zombies { book.zombies.zombie_pool } else { 0 },
        ..State::default()
    };
    Ok(())
}

fn poker_hands(book: &Rulebook, s: &mut State, hands: &[Vec<PokerCard>]) -> Result<(), Error> {
    if hands.len() != s.players.len() {
        return Err(Error::BadHand(format!(
            "one hand per player is needed: {} players, {} hands",
            s.players.len(),
            hands.len()
        )));
    }
    let named: Vec<(String, Vec<PokerCard>)> =
        s.players.iter().zip(hands).map(|(p, h)| (p.name.clone(), h.clone())).collect();
    let showdown =
        poker::showdown(&named).map_err(|(player, e)| Error::BadHand(format!("{player}'s hand: {e}")))?;
    for (p, ranked) in s.players.iter_mut().zip(&showdown.hands) {
        p.poker.clone_from(&ranked.cards);
        p.poker_rank = Some(ranked.rank);
        p.hand += book.core.poker_keep;
    }
    let seat_of = |name: &String| s.players.iter().position(|p| &p.name == name);
    if let Some(first) = &showdown.first {
        let seat = seat_of(first).ok_or(Error::NoTie)?;
        start(book, s, seat);
    } else {
        let tied: Vec<usize> = showdown.tied.iter().filter_map(seat_of).collect();
        s.stage = Stage::TieBreak { tied };
    }
    Ok(())
}

fn deal_poker(book: &Rulebook, s: &mut State, seed: u64) -> Result<(), Error> {
    let mut deck = poker::deck(book.core.poker_jokers_in_deck);
    cards::shuffle(&mut deck, seed);
    let size = book.core.poker_hand_size;
    let hands: Vec<Vec<PokerCard>> = (0..s.players.len())
        .map(|_| cards::draw(&mut deck, size).into_iter().map(PokerCard::Card).collect())
        .collect();
    poker_hands(book, s, &hands)
}

fn tie_roll(book: &Rulebook, s: &mut State, tied: &[usize], rolls: &[u8]) -> Result<(), Error> {
    if rolls.len() != tied.len() {
        let expected = u32::try_from(tied.len()).unwrap_or(u32::MAX);
        return Err(Error::DiceCount {
            what: "the tie roll (one die per tied player)",
            expected,
            found: rolls.len(),
        });
    }
    for &r in rolls {
        face(r)?;
    }
    let best = rolls.iter().copied().max().unwrap_or(0);
    let still: Vec<usize> =
        tied.iter().zip(rolls).filter(|(_, r)| **r == best).map(|(seat, _)| *seat).collect();
    match still.as_slice() {
        [only] => start(book, s, *only),
        _ => s.stage = Stage::TieBreak { tied: still },
    }
    Ok(())
}

fn start(book: &Rulebook, s: &mut State, first: usize) {
    s.stage = Stage::Playing;
    s.first = Some(first);
    begin_turn(book, s, first, 1);
}

fn begin_turn(book: &Rulebook, s: &mut State, seat: usize, number: u32) {
    for p in &mut s.players {
        p.zombie_frags_this_turn = 0;
    }
    for pile in &mut s.leftovers {
        pile.taken_by.clear();
    }
    s.shootout = None;
    let Some(p) = s.players.get_mut(seat) else { return };
    // A held attack is for other players' turns: it lapses when his own turn comes round.
    p.held_attack = false;
    let phase = match (p.is_active(), s.variant) {
        (false, _) => Phase::Respawn,
        (true, Variant::Deadlands) => Phase::Movement,
        (true, Variant::Zombies) => Phase::Tile,
    };
    let _ = book;
    s.turn = Some(Turn {
        player: seat,
        number,
        phase,
        movement: 0,
        moved: 0,
        attacks_made: 0,
        checked: Vec::new(),
        start_draw: false,
        zombie_roll: None,
        zombie_attacks: None,
        zombie_attacks_made: 0,
    });
}

// ---------------------------------------------------------------------------------------------
// Respawn and the start of the turn

fn start_draw(book: &Rulebook, s: &mut State, roll: u8) -> Result<(), Error> {
    let t = turn(s)?;
    let seat = t.player;
    if !matches!(t.phase, Phase::Respawn | Phase::Movement | Phase::Tile) {
        return Err(Error::WrongPhase(t.phase.title(), "the start-of-turn draw comes before moving"));
    }
    if t.start_draw {
        return Err(Error::BadCard("the start-of-turn die was already rolled this turn".into()));
    }
    let character = s.character(book, seat)?;
    let Some(draw) = &character.turn_start_draw else {
        return Err(Error::BadCard(format!("the {} draws nothing at the start of a turn", character.name)));
    };
    if draw.deck == Deck::Hexes && s.variant == Variant::Zombies {
        return Err(Error::BadCard("Frag Zombies!!! plays without the hex deck".into()));
    }
    let from = draw.from;
    face(roll)?;
    turn_mut(s)?.start_draw = true;
    if roll >= from {
        player_mut(s, seat)?.hand += 1;
    }
    Ok(())
}

fn respawn(book: &Rulebook, s: &mut State, square: Option<u8>) -> Result<(), Error> {
    let seat = in_phase(s, Phase::Respawn, "respawning")?;
    let p = s.player(seat)?;
    let character = s.character(book, seat)?;
    let after_frag = matches!(p.status, Status::Fragged | Status::Hanged(_));
    let spot = match (s.variant, p.status, square) {
        (_, Status::Active(_), _) => return Err(Error::NotFragged(p.name.clone())),
        (Variant::Zombies, _, None) => Spot::TownSquare,
        (Variant::Zombies, _, Some(_)) => {
            return Err(Error::BadRespawn(format!(
                "in Frag Zombies!!! every fighter respawns at {}: no square to roll",
                book.zombies.respawn_point
            )));
        }
        (Variant::Deadlands, Status::Hanged(g), None) => Spot::Gallows(g),
        (Variant::Deadlands, Status::Hanged(_), Some(_)) => {
            return Err(Error::BadRespawn(format!(
                "{} was hanged: they start on their gallows square",
                p.name
            )));
        }
        (Variant::Deadlands, _, None) => {
            let how = if character.chooses_respawn { "choose" } else { "roll" };
            return Err(Error::BadRespawn(format!("{how} the respawn square for {}", p.name)));
        }
        (Variant::Deadlands, _, Some(n)) => {
            if !(1..=book.core.respawn_squares).contains(&n) {
                return Err(Error::BadRespawn(format!(
                    "respawn squares run from 1 to {}, not {n}",
                    book.core.respawn_squares
                )));
            }
            Spot::Respawn(n)
        }
    };
    let draw = if after_frag { character.respawn_draw } else { None };
    if let Spot::Respawn(n) = spot {
        s.pending_bump = s.on_respawn_square(n).into_iter().find(|&o| o != seat);
    }
    let p = player_mut(s, seat)?;
    p.status = Status::Active(spot);
    p.health = p.fighter.health;
    p.weapons.clear();
    p.armour.clear();
    p.gadgets.clear();
    p.hexes.clear();
    if draw.is_some() {
        p.hand += 1;
    }
    turn_mut(s)?.phase = match s.variant {
        Variant::Deadlands => Phase::Movement,
        Variant::Zombies => Phase::Tile,
    };
    Ok(())
}

fn bump(book: &Rulebook, s: &mut State, seat: usize, square: u8) -> Result<(), Error> {
    deadlands(s, "bumping happens")?;
    active(s, seat)?;
    if !(1..=book.core.respawn_squares).contains(&square) {
        return Err(Error::BadRespawn(format!(
            "respawn squares run from 1 to {}, not {square}",
            book.core.respawn_squares
        )));
    }
    player_mut(s, seat)?.status = Status::Active(Spot::Respawn(square));
    s.pending_bump = s.on_respawn_square(square).into_iter().find(|&o| o != seat);
    Ok(())
}

fn place_tile(s: &mut State, zombies_placed: u32) -> Result<(), Error> {
    zombies(s, "map tiles are placed")?;
    let seat = in_phase(s, Phase::Tile, "placing a map tile")?;
    if zombies_placed > s.zombie_pool {
        return Err(Error::Zombies(format!("only {} zombies are left in the pool", s.zombie_pool)));
    }
    s.zombie_pool -= zombies_placed;
    let speed = s.player(seat)?.fighter.speed;
    let t = turn_mut(s)?;
    t.movement = speed;
    t.phase = Phase::Actions;
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Movement and power-ups

fn roll_movement(book: &Rulebook, s: &mut State, dice: &[u8], extra_dice: u32) -> Result<(), Error> {
    deadlands(s, "movement is rolled")?;
    let seat = in_phase(s, Phase::Movement, "rolling for movement")?;
    let _ = book;
    let speed = s.player(seat)?.fighter.speed;
    let rolled = total("the movement roll", dice, speed + extra_dice)?;
    let t = turn_mut(s)?;
    t.movement = rolled;
    t.phase = Phase::Actions;
    Ok(())
}

fn teleport(s: &mut State) -> Result<(), Error> {
    deadlands(s, "a teleport replaces the movement roll")?;
    in_phase(s, Phase::Movement, "declaring a teleport")?;
    let t = turn_mut(s)?;
    t.movement = 0;
    t.phase = Phase::Actions;
    Ok(())
}

fn adjust_movement(s: &mut State, by: i32) -> Result<(), Error> {
    in_phase(s, Phase::Actions, "changing movement")?;
    let t = turn_mut(s)?;
    t.movement = t.movement.saturating_add_signed(by);
    Ok(())
}

fn move_fighter(book: &Rulebook, s: &mut State, squares: u32, jump: bool) -> Result<(), Error> {
    let seat = acting(s, "moving")?;
    if squares == 0 {
        return Err(Error::NoSquares);
    }
    let speed = s.player(seat)?.fighter.speed;
    let cost = if jump {
        if s.variant == Variant::Zombies {
            return Err(Error::NoJumping);
        }
        if squares > speed {
            return Err(Error::JumpTooFar(speed));
        }
        squares * book.core.jump_cost_per_square
    } else {
        squares
    };
    let left = s.moves_left();
    if cost > left {
        return Err(Error::NotEnoughMovement { left, needed: cost });
    }
    turn_mut(s)?.moved += cost;
    player_mut(s, seat)?.status = Status::Active(Spot::Board);
    Ok(())
}

fn power_up(book: &Rulebook, s: &mut State, square: &str, deck: Deck, roll: u8) -> Result<(), Error> {
    let seat = acting(s, "checking a power-up")?;
    if !matches!(deck, Deck::Weapons | Deck::Gadgets) {
        return Err(Error::BadPowerUpDeck);
    }
    let label = square.trim();
    if label.is_empty() {
        return Err(Error::NoSquareName);
    }
    if turn(s)?.checked.iter().any(|c| c.eq_ignore_ascii_case(label)) {
        return Err(Error::AlreadyChecked(label.to_owned()));
    }
    face(roll)?;
    let from = book.power_up_from(s.character(book, seat)?);
    turn_mut(s)?.checked.push(label.to_owned());
    if roll >= from {
        player_mut(s, seat)?.hand += 1;
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Attacks

#[expect(clippy::too_many_lines, reason = "one attack from declaration to result, in the booklet's order")]
fn attack(book: &Rulebook, s: &mut State, a: &Attack) -> Result<(), Error> {
    let current = turn(s)?.player;
    active(s, a.attacker)?;
    let attacker_name = name(s, a.attacker);
    if a.held {
        if a.attacker == current {
            return Err(Error::Shootout("a held attack is fired on another player's turn".into()));
        }
        if !s.player(a.attacker)?.held_attack {
            return Err(Error::Shootout(format!("{attacker_name} is not holding an attack")));
        }
        if a.target != Target::Player(current) {
            return Err(Error::Shootout(format!(
                "a held attack is fired at {}, whose turn it is",
                name(s, current)
            )));
        }
    } else {
        if a.attacker != current {
            return Err(Error::NotYourTurn(name(s, current)));
        }
        in_phase(s, Phase::Actions, "attacking")?;
        if s.attacks_left(book) == 0 {
            return Err(Error::NoAttacksLeft(attacker_name));
        }
    }
    match a.target {
        Target::Player(t) => {
            if t == a.attacker {
                return Err(Error::SelfAttack);
            }
            active(s, t)?;
        }
        Target::Zombie => {
            zombies(s, "zombies are attacked")?;
            if s.zombies_on_board(book) == 0 {
                return Err(Error::Zombies("there are no zombies on the board".into()));
            }
        }
    }
    if a.range == 0 {
        return Err(Error::BadRolls("the range counts the target's square, so it is at least 1".into()));
    }
    if a.cure && s.edition < 2 {
        return Err(Error::Cure("this game began before a frag waited for a cure".into()));
    }
    if a.cure && a.target == Target::Zombie {
        return Err(Error::Cure("a zombie has no cure".into()));
    }
    // The weapon: a new card goes into play first (against the limit), then the ammo is spent.
    if let WeaponUse::New(card) = &a.weapon {
        put_weapon_in_play(book, s, a.attacker, card)?;
    }
    let inputs = s.attack_inputs(book, a.attacker, a.target, &a.weapon, a.hit_bonus_dice)?;
    let mut out_of_ammo = false;
    if !inputs.starting {
        let cost = book.core.ammo_per_attack;
        let p = player_mut(s, a.attacker)?;
        let Some(w) = p.weapons.iter_mut().find(|w| w.card.name.eq_ignore_ascii_case(&inputs.weapon)) else {
            return Err(Error::NoSuchWeapon(attacker_name, inputs.weapon));
        };
        if let Some(left) = w.ammo_left.as_mut() {
            if *left < cost {
                return Err(Error::OutOfAmmo(inputs.weapon));
            }
            *left -= cost;
            out_of_ammo = *left < cost;
        }
    }
    total("the to-hit roll", &a.to_hit, inputs.hit_dice)?;
    let to_hit = standing("the to-hit roll", &a.to_hit, &a.to_hit_rerolls, inputs.rerolls.attack)?;
    let hit_total = total("the to-hit roll", &to_hit, inputs.hit_dice)?;
    let hit = hit_total >= a.range;
    // The attack is used whatever the rolls show.
    if a.held {
        player_mut(s, a.attacker)?.held_attack = false;
    } else {
        turn_mut(s)?.attacks_made += 1;
    }
    let mut res = Resolution {
        attacker: Some(a.attacker),
        target: a.target,
        weapon: inputs.weapon.clone(),
        hit,
        hit_total,
        range: a.range,
        attack_total: 0,
        defence_total: 0,
        damage: 0,
        result: Outcome::None,
        health_left: 0,
        malfunction: false,
        gallows: None,
        cards_drawn: 0,
        blood_gained: 0,
        armour_lost: Vec::new(),
        out_of_ammo,
        rerolled: u32::try_from(a.to_hit_rerolls.len() + a.damage_rerolls.len() + a.defence_rerolls.len())
            .unwrap_or(u32::MAX),
    };
    if !hit {
        let rerolls =
            !a.damage_rerolls.is_empty() || !a.defence_rerolls.is_empty() || a.defence_bonus_dice > 0;
        if !a.damage.is_empty() || !a.defence.is_empty() || a.gallows.is_some() || rerolls {
            return Err(Error::BadRolls(format!(
                "{hit_total} misses at range {}: there is no damage roll",
                a.range
            )));
        }
        if let Target::Player(t) = a.target {
            res.health_left = s.player(t)?.health;
        }
        s.last = Some(res);
        return Ok(());
    }
    let damage_dice = inputs.damage_dice + a.damage_bonus_dice;
    let defence_dice = inputs.defence_dice.saturating_add(a.defence_bonus_dice);
    if let Target::Player(t) = a.target {
        extra_die(book, s, t, a.defence_bonus_dice)?;
    } else if a.defence_bonus_dice > 0 {
        return Err(Error::BadRolls("a zombie's defence is one die".into()));
    }
    total("the damage roll", &a.damage, damage_dice)?;
    total("the defence roll", &a.defence, defence_dice)?;
    let damage = standing("the damage roll", &a.damage, &a.damage_rerolls, inputs.rerolls.attack)?;
    let defence = standing("the defence roll", &a.defence, &a.defence_rerolls, inputs.rerolls.defence)?;
    res.attack_total = total("the damage roll", &damage, damage_dice)?;
    res.defence_total = total("the defence roll", &defence, defence_dice)?;
    res.damage = combat::damage(res.attack_total, res.defence_total, inputs.extra + a.extra);
    // The dice that stand decide a malfunction: a 1 rolled again is gone (reading R26).
    res.malfunction = !inputs.starting && damage.contains(&1);
    match a.target {
        Target::Zombie => {
            if a.gallows.is_some() {
                return Err(Error::Gallows("zombies are not hanged".into()));
            }
            if res.damage >= book.zombies.zombie_health {
                res.result = Outcome::Fragged;
                let (cards, blood) = zombie_frags(book, s, a.attacker, 1);
                res.cards_drawn = cards;
                res.blood_gained = blood;
            }
        }
        Target::Player(t) => {
            let gallows = gallows_choice(book, s, t, res.damage, a.gallows)?;
            let health_before = s.player(t)?.health;
            res.armour_lost = take_damage(s, t, res.damage)?;
            let p = s.player(t)?;
            // "and he can't cure it instantly with cards" (deadlands:8): a fighter whose
            // player says he has a cure in reach (a healing card, a blood counter) waits at 0
            // Health for it before the frag is recorded (reading R33; since edition 2).
            let may_cure = a.cure;
            res.health_left = p.health;
            res.result = if res.damage == 0 {
                Outcome::None
            } else if p.health > 0 {
                Outcome::Wounded
            } else if gallows.is_some() {
                Outcome::Gallows
            } else {
                Outcome::Fragged
            };
            if p.health == 0 && may_cure {
                res.gallows = gallows;
                s.cure = Some(CureWait {
                    seat: t,
                    attacker: Some(a.attacker),
                    below: res.damage.saturating_sub(health_before),
                    gallows,
                    resolution: res.clone(),
                });
            } else if p.health == 0 {
                res.gallows = gallows;
                res.cards_drawn = frag(book, s, t, Some(a.attacker), gallows)?;
            }
        }
    }
    s.last = Some(res);
    Ok(())
}

fn put_weapon_in_play(book: &Rulebook, s: &mut State, seat: usize, card: &WeaponCard) -> Result<(), Error> {
    if card.name.trim().is_empty() {
        return Err(Error::BadCard("name the weapon card".into()));
    }
    let limit = s.weapon_limit(book, seat);
    let p = player_mut(s, seat)?;
    if p.hand == 0 {
        return Err(Error::EmptyHand(p.name.clone()));
    }
    if u32::try_from(p.weapons.iter().filter(|w| !w.kept).count()).unwrap_or(u32::MAX) >= limit {
        return Err(Error::WeaponLimit { player: p.name.clone(), limit });
    }
    if p.weapons.iter().any(|w| w.card.name.eq_ignore_ascii_case(&card.name)) {
        return Err(Error::BadCard(format!(
            "{} already has a {} in play: name this one differently",
            p.name, card.name
        )));
    }
    p.hand -= 1;
    p.weapons.push(WeaponInPlay { card: card.clone(), ammo_left: card.ammo, kept: false });
    Ok(())
}

/// The gallows square a frag hangs its victim on, checked against the rules.
fn gallows_choice(
    book: &Rulebook,
    s: &State,
    target: usize,
    damage: u32,
    chosen: Option<u8>,
) -> Result<Option<u8>, Error> {
    let victim = name(s, target);
    let health = s.player(target)?.health;
    if s.variant == Variant::Zombies {
        return match chosen {
            Some(_) => Err(Error::Gallows("there are no gallows in Frag Zombies!!!".into())),
            None => Ok(None),
        };
    }
    if chosen.is_some() && s.free_gallows(book).is_empty() {
        return Err(Error::Gallows(format!(
            "every gallows square is taken: {victim} is fragged and does not hang"
        )));
    }
    match (chosen, s.gallows_rule(book, target, damage)) {
        (None, GallowsRule::Must) => Err(Error::Gallows(format!(
            "{damage} damage is at least twice {victim}'s Health of {health}: choose the gallows square they hang on"
        ))),
        (None, _) => Ok(None),
        (Some(_), GallowsRule::No) => {
            Err(Error::Gallows(format!("{damage} damage does not send {victim} to the gallows")))
        }
        (Some(g), GallowsRule::May | GallowsRule::Must) => {
            let squares = book.core.gallows_squares.len();
            if g == 0 || usize::from(g) > squares {
                return Err(Error::Gallows(format!("gallows squares run from 1 to {squares}, not {g}")));
            }
            if !s.free_gallows(book).contains(&g) {
                return Err(Error::Gallows(format!("someone already hangs on gallows square {g}")));
            }
            Ok(Some(g))
        }
    }
}

/// Takes `damage` from a fighter's Health. The damage wears through the armour he wears, the
/// suit put on last first; a suit that has taken as much damage as its Health bonus is lost
/// (reading R9).
fn take_damage(s: &mut State, seat: usize, damage: u32) -> Result<Vec<String>, Error> {
    let p = player_mut(s, seat)?;
    p.health = p.health.saturating_sub(damage);
    let mut left = damage;
    for a in p.armour.iter_mut().rev() {
        let soaked = left.min(a.bonus.saturating_sub(a.taken));
        a.taken += soaked;
        left -= soaked;
    }
    let mut lost = Vec::new();
    p.armour.retain(|a| {
        let keep = a.taken < a.bonus;
        if !keep {
            lost.push(a.name.clone());
        }
        keep
    });
    Ok(lost)
}

/// A fighter is fragged: his leftovers go on his square, the attacker (if any, and only in
/// Frag Deadlands) scores and draws. Returns the cards the attacker drew.
fn frag(
    book: &Rulebook,
    s: &mut State,
    victim: usize,
    by: Option<usize>,
    gallows: Option<u8>,
) -> Result<u32, Error> {
    let (variant, edition) = (s.variant, s.edition);
    let p = player_mut(s, victim)?;
    p.status = gallows.map_or(Status::Fragged, Status::Hanged);
    p.health = 0;
    p.held_attack = false;
    // The Chainsaw stays for the rest of the game (zombies:92).
    let (kept, lost): (Vec<WeaponInPlay>, Vec<WeaponInPlay>) = p.weapons.drain(..).partition(|w| w.kept);
    p.weapons = kept;
    let weapons: Vec<WeaponCard> = lost.into_iter().map(|w| w.card).collect();
    // The Grenade and the Skateboard remain "until you are fragged" (zombies:96, :104).
    if variant == Variant::Zombies && edition >= 1 {
        p.specials.retain(|c| !Zombies::names(&book.zombies.events_lost_when_fragged, c));
    }
    let mut gadgets: Vec<String> = Vec::new();
    if variant == Variant::Zombies {
        // "There just isn't enough stuff in this town for it to disappear."
        gadgets.extend(p.armour.iter().map(|a| a.name.clone()));
        gadgets.extend(p.gadgets.iter().map(|g| g.name.clone()));
    }
    p.armour.clear();
    p.gadgets.clear();
    p.hexes.clear();
    let id = s.next_pile;
    s.next_pile += 1;
    s.leftovers.push(Leftover { id, from: victim, blood: true, weapons, gadgets, taken_by: Vec::new() });
    let Some(attacker) = by.filter(|&a| a != victim && variant == Variant::Deadlands) else { return Ok(0) };
    let target = s.frag_target;
    let shootout_bonus = s.shootout.as_ref().is_some_and(|sh| {
        sh.main_street
            && ((sh.holder == attacker && sh.mover == victim)
                || (sh.mover == attacker && sh.holder == victim))
    });
    let a = player_mut(s, attacker)?;
    a.frags += 1;
    if a.frags >= target {
        s.winner = Some(Win { player: attacker, by: WinBy::Frags });
        s.stage = Stage::Over;
        return Ok(0);
    }
    let cards = book.core.specials_per_frag
        + if shootout_bonus { book.core.main_street_shootout_bonus_specials } else { 0 };
    a.hand += cards;
    Ok(cards)
}

/// `count` zombie frags for `seat`: event cards up to the turn's limit, blood past 10, the win
/// at 25. Returns the cards drawn and blood gained.
fn zombie_frags(book: &Rulebook, s: &mut State, seat: usize, count: u32) -> (u32, u32) {
    let z = &book.zombies;
    let Some(p) = s.players.get_mut(seat) else { return (0, 0) };
    let before = p.zombie_frags_this_turn;
    let after = before + count;
    let capped = |n: u32| n.saturating_mul(z.event_cards_per_zombie_frag).min(z.event_cards_per_turn_max);
    let cards = capped(after) - capped(before);
    let blood = if before <= z.blood_bonus_over && after > z.blood_bonus_over { z.blood_bonus } else { 0 };
    p.zombie_frags += count;
    p.zombie_frags_this_turn = after;
    p.hand += cards;
    p.blood += blood;
    if p.zombie_frags >= z.zombie_frags_to_win {
        s.winner = Some(Win { player: seat, by: WinBy::ZombieFrags });
        s.stage = Stage::Over;
    }
    (cards, blood)
}

fn hold_attack(book: &Rulebook, s: &mut State) -> Result<(), Error> {
    let seat = acting(s, "holding an attack")?;
    let character = s.character(book, seat)?;
    let p = s.player(seat)?;
    if !character.may_hold_attacks || book.core.held_attacks_max == 0 {
        return Err(Error::CannotHold(format!("the {} ({})", character.name, p.name)));
    }
    if p.held_attack {
        return Err(Error::CannotHold(format!("{}, already holding one,", p.name)));
    }
    if s.attacks_left(book) == 0 {
        return Err(Error::NoAttacksLeft(p.name.clone()));
    }
    turn_mut(s)?.attacks_made += 1;
    player_mut(s, seat)?.held_attack = true;
    Ok(())
}

fn shootout_roll(book: &Rulebook, s: &mut State, sh: &Shootout) -> Result<(), Error> {
    let mover = acting(s, "a shootout")?;
    if sh.holder == mover {
        return Err(Error::Shootout("the fighter whose turn it is walks into the held attack".into()));
    }
    active(s, sh.holder)?;
    let holder = s.player(sh.holder)?;
    if !holder.held_attack {
        return Err(Error::Shootout(format!("{} is not holding an attack", holder.name)));
    }
    for seat in [sh.holder, mover] {
        let c = s.character(book, seat)?;
        if !c.may_hold_attacks {
            return Err(Error::Shootout(format!(
                "the {} takes no part in shootouts: the held attack is simply fired",
                c.name
            )));
        }
    }
    let holder_speed = s.player(sh.holder)?.fighter.speed;
    let mover_speed = s.player(mover)?.fighter.speed;
    let value =
        |card: PokerCard| shootout::card_value(book, card).map_err(|e| Error::Shootout(e.to_string()));
    let holder_total =
        total("the holder's Speed roll", &sh.holder_dice, holder_speed)? + value(sh.holder_card)?;
    let mover_total = total("the mover's Speed roll", &sh.mover_dice, mover_speed)? + value(sh.mover_card)?;
    s.shootout = Some(ShootoutState {
        holder: sh.holder,
        mover,
        holder_total,
        mover_total,
        first: shootout::first_shot(holder_total, mover_total),
        main_street: sh.main_street,
    });
    Ok(())
}

fn hazard(
    book: &Rulebook,
    s: &mut State,
    id: &str,
    check: &[u8],
    (damage, defence): (&[u8], &[u8]),
    defence_bonus_dice: u32,
    cure: bool,
) -> Result<(), Error> {
    deadlands(s, "map hazards are")?;
    let seat = acting(s, "entering a hazard")?;
    cure_allowed(s, cure)?;
    let Some(h) = book.core.hazards.iter().find(|h| h.id == id) else {
        let ids: Vec<&str> = book.core.hazards.iter().map(|h| h.id.as_str()).collect();
        return Err(Error::BadRolls(format!("'{id}' is not a hazard: use {}", ids.join(" or "))));
    };
    let p = s.player(seat)?;
    let mut res = Resolution {
        attacker: None,
        target: Target::Player(seat),
        weapon: h.name.clone(),
        hit: true,
        hit_total: 0,
        range: 0,
        attack_total: 0,
        defence_total: 0,
        damage: 0,
        result: Outcome::None,
        health_left: p.health,
        malfunction: false,
        gallows: None,
        cards_drawn: 0,
        blood_gained: 0,
        armour_lost: Vec::new(),
        out_of_ammo: false,
        rerolled: 0,
    };
    match h.accuracy_check_at_most {
        Some(at_most) => {
            res.hit_total = total("the Accuracy check", check, p.fighter.accuracy)?;
            res.range = at_most;
            res.hit = res.hit_total <= at_most;
        }
        None if !check.is_empty() => {
            return Err(Error::BadRolls(format!("{} needs no Accuracy check", h.name)));
        }
        None => {}
    }
    if !res.hit {
        if !damage.is_empty() || !defence.is_empty() || defence_bonus_dice > 0 {
            return Err(Error::BadRolls("the check was passed: there is no damage roll".into()));
        }
        s.last = Some(res);
        return Ok(());
    }
    res.attack_total = total("the hazard's damage roll", damage, h.dice)?;
    let dice = p.health.saturating_add(defence_bonus_dice);
    extra_die(book, s, seat, defence_bonus_dice)?;
    res.defence_total = total("the defence roll", defence, dice)?;
    res.damage = combat::damage(res.attack_total, res.defence_total, 0);
    if h.accuracy_check_at_most.is_some() {
        // The beast drags him into its mouth: his movement is over.
        let t = turn_mut(s)?;
        t.moved = t.movement;
    }
    let health_before = s.player(seat)?.health;
    res.armour_lost = take_damage(s, seat, res.damage)?;
    let left = s.player(seat)?.health;
    res.health_left = left;
    // A fighter with a cure in reach waits at 0 Health for it (reading R33).
    let waits = left == 0 && res.damage > 0 && cure;
    res.result = if res.damage == 0 {
        Outcome::None
    } else if left > 0 {
        Outcome::Wounded
    } else {
        if !waits {
            frag(book, s, seat, None, None)?;
        }
        Outcome::Fragged
    };
    if waits {
        let below = res.damage.saturating_sub(health_before);
        s.cure = Some(CureWait { seat, attacker: None, below, gallows: None, resolution: res.clone() });
    }
    s.last = Some(res);
    Ok(())
}

/// A frag may wait for a cure only in games begun since edition 2 (reading R33).
fn cure_allowed(s: &State, cure: bool) -> Result<(), Error> {
    if cure && s.edition < 2 {
        return Err(Error::Cure("this game began before a frag waited for a cure".into()));
    }
    Ok(())
}

fn wound_event(book: &Rulebook, s: &mut State, seat: usize, amount: u32, cure: bool) -> Result<(), Error> {
    active(s, seat)?;
    if amount == 0 {
        return Err(Error::ZeroCount);
    }
    cure_allowed(s, cure)?;
    let health_before = s.player(seat)?.health;
    let armour_lost = take_damage(s, seat, amount)?;
    if s.player(seat)?.health > 0 {
        return Ok(());
    }
    if !cure {
        return frag(book, s, seat, None, None).map(|_| ());
    }
    // A fighter with a cure in reach waits at 0 Health for it (reading R33); if the frag
    // comes, the card's wound is what the result reads.
    let resolution = Resolution {
        attacker: None,
        target: Target::Player(seat),
        weapon: "card".into(),
        hit: true,
        hit_total: 0,
        range: 0,
        attack_total: amount,
        defence_total: 0,
        damage: amount,
        result: Outcome::Fragged,
        health_left: 0,
        malfunction: false,
        gallows: None,
        cards_drawn: 0,
        blood_gained: 0,
        armour_lost,
        out_of_ammo: false,
        rerolled: 0,
    };
    let below = amount.saturating_sub(health_before);
    s.cure = Some(CureWait { seat, attacker: None, below, gallows: None, resolution });
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Cards

fn deck_allowed(s: &State, deck: Deck) -> Result<(), Error> {
    match (s.variant, deck) {
        (Variant::Deadlands, Deck::Events) => Err(Error::ZombiesOnly("the event deck is used")),
        (Variant::Zombies, Deck::Specials) => Err(Error::DeadlandsOnly("the Specials deck is used")),
        (Variant::Zombies, Deck::Hexes) => Err(Error::DeadlandsOnly("the hex deck is used")),
        _ => Ok(()),
    }
}

fn draw(s: &mut State, seat: usize, deck: Deck, count: u32) -> Result<(), Error> {
    deck_allowed(s, deck)?;
    if count == 0 {
        return Err(Error::ZeroCount);
    }
    player_mut(s, seat)?.hand += count;
    Ok(())
}

fn discard(s: &mut State, seat: usize, count: u32) -> Result<(), Error> {
    if count == 0 {
        return Err(Error::ZeroCount);
    }
    let p = player_mut(s, seat)?;
    if p.hand < count {
        return Err(Error::NotEnoughCards { player: p.name.clone(), hand: p.hand });
    }
    p.hand -= count;
    Ok(())
}

/// A suit of armour put on: its Health bonus added, one suit at a time (reading R30).
fn wear(book: &Rulebook, s: &mut State, seat: usize, name: &str, bonus: u32) -> Result<(), Error> {
    if bonus == 0 {
        return Err(Error::BadCard("armour adds at least 1 Health".into()));
    }
    // deadlands:8: one suit at a time, but for the two that go with the Bulletproof
    // Vest (reading R30); old journals wore any.
    let edition = s.edition;
    let p = player_mut(s, seat)?;
    if let Some(worn) = p.armour.iter().find(|a| !book.core.suits_combine(&a.name, name))
        && edition >= 1
    {
        return Err(Error::BadCard(format!(
            "{} already wears the {}: one suit of armour at a time (only the {} goes with the {})",
            p.name,
            worn.name,
            book.core.armour_combine_with,
            book.core.armour_combinable.join(" or the ")
        )));
    }
    p.armour.push(Armour { name: name.to_owned(), bonus, taken: 0 });
    p.health += bonus;
    Ok(())
}

fn play(book: &Rulebook, s: &mut State, seat: usize, card: &Play, on: Option<usize>) -> Result<(), Error> {
    let target = on.unwrap_or(seat);
    s.player(target)?;
    let p = s.player(seat)?;
    if p.hand == 0 {
        return Err(Error::EmptyHand(p.name.clone()));
    }
    if card.name().trim().is_empty() {
        return Err(Error::BadCard("name the card".into()));
    }
    let own_only = matches!(card, Play::Weapon(_) | Play::Armour { .. } | Play::Gadget { .. });
    if own_only && target != seat {
        return Err(Error::BadCard(
            "cards may not be given away: weapons and gadgets go on your own fighter".into(),
        ));
    }
    match card {
        Play::Weapon(w) => {
            active(s, seat)?;
            // put_weapon_in_play takes the card from the hand.
            return put_weapon_in_play(book, s, seat, w);
        }
        Play::Armour { name, bonus } => {
            active(s, seat)?;
            wear(book, s, seat, name, *bonus)?;
        }
        Play::Gadget { name, health } => {
            active(s, seat)?;
            let p = player_mut(s, seat)?;
            p.gadgets.push(Gadget { name: name.clone(), health: *health });
            p.health += health;
        }
        Play::Hex { name } => {
            deadlands(s, "hexes are played")?;
            let c = s.character(book, seat)?;
            let p = s.player(seat)?;
            let has_book = p.gadgets.iter().any(|g| g.name.eq_ignore_ascii_case(&book.core.hex_gadget));
            match c.hexes {
                HexAccess::Never => {
                    return Err(Error::BadCard(format!("the {} can never use hex cards", c.name)));
                }
                HexAccess::WithHoyles if !has_book => {
                    return Err(Error::BadCard(
                        "only the Huckster, or a fighter with Hoyle's Book of Games in play, plays hexes"
                            .into(),
                    ));
                }
                _ => {}
            }
            if target == seat {
                active(s, seat)?;
                player_mut(s, seat)?.hexes.push(name.clone());
            }
        }
        Play::Special { name, lasting } => {
            deadlands(s, "Specials are played")?;
            if *lasting {
                player_mut(s, seat)?.specials.push(name.clone());
            }
        }
        Play::Event { name, lasting, roll, weapon } => {
            zombies(s, "event cards are played")?;
            event_card(book, s, seat, name, *roll, weapon.as_ref())?;
            if *lasting {
                let max = book.zombies.event_cards_in_play_max;
                let p = player_mut(s, seat)?;
                if p.specials.len() >= max {
                    return Err(Error::BadCard(format!(
                        "{} already has {max} event cards in play, the most allowed: discard one first",
                        p.name
                    )));
                }
                p.specials.push(name.clone());
            }
        }
        Play::Heal { amount, beyond_max, .. } => {
            active(s, target)?;
            let bonus = s.character(book, target)?.healing_bonus;
            if s.cure.as_ref().is_some_and(|w| w.seat == target) {
                cure(s, amount + bonus, *beyond_max)?;
                player_mut(s, seat)?.hand -= 1;
                return Ok(());
            }
            let t = player_mut(s, target)?;
            let healed = t.health + amount + bonus;
            t.health = if *beyond_max { healed } else { healed.min(t.max_health()).max(t.health) };
        }
        Play::Other { .. } => {}
    }
    player_mut(s, seat)?.hand -= 1;
    Ok(())
}

/// Takes a named card out of play (Health given by armour or a gadget goes with it, never
/// below 1). Returns the card, as a weapon card when it was one.
fn remove_card(s: &mut State, seat: usize, card: &str) -> Result<Removed, Error> {
    let p = player_mut(s, seat)?;
    let same = |n: &str| n.eq_ignore_ascii_case(card.trim());
    let lower = |p: &mut Player, by: u32| {
        if by > 0 && p.health > 0 {
            p.health = p.health.saturating_sub(by).max(1);
        }
    };
    if let Some(i) = p.weapons.iter().position(|w| same(&w.card.name)) {
        return Ok(Removed::Weapon(p.weapons.remove(i).card));
    }
    if let Some(i) = p.armour.iter().position(|a| same(&a.name)) {
        let a = p.armour.remove(i);
        lower(p, a.bonus.saturating_sub(a.taken));
        return Ok(Removed::Gadget(a.name));
    }
    if let Some(i) = p.gadgets.iter().position(|g| same(&g.name)) {
        let g = p.gadgets.remove(i);
        lower(p, g.health);
        return Ok(Removed::Gadget(g.name));
    }
    if let Some(i) = p.hexes.iter().position(|h| same(h)) {
        p.hexes.remove(i);
        return Ok(Removed::Other);
    }
    if let Some(i) = p.specials.iter().position(|h| same(h)) {
        p.specials.remove(i);
        return Ok(Removed::Other);
    }
    Err(Error::NoSuchCard(p.name.clone(), card.to_owned()))
}

/// A card taken out of play.
enum Removed {
    Weapon(WeaponCard),
    Gadget(String),
    /// A hex, Special or event card.
    Other,
}

fn drop_card(s: &mut State, seat: usize, card: &str) -> Result<(), Error> {
    let current = acting(s, "dropping a card")?;
    if current != seat {
        return Err(Error::NotYourTurn(name(s, current)));
    }
    let (weapons, gadgets) = match remove_card(s, seat, card)? {
        Removed::Weapon(w) => (vec![w], Vec::new()),
        Removed::Gadget(g) => (Vec::new(), vec![g]),
        Removed::Other => {
            return Err(Error::BadCard("only weapons and gadgets in play can be dropped".into()));
        }
    };
    let id = s.next_pile;
    s.next_pile += 1;
    // "You cannot pick up a dropped weapon on the same turn that you drop it."
    s.leftovers.push(Leftover { id, from: seat, blood: false, weapons, gadgets, taken_by: vec![seat] });
    Ok(())
}

/// A weapon card reloaded to full "with a gadget card" (deadlands:8, reading R29): since
/// edition 1 the card leaves the hand; old journals reloaded for nothing.
fn reload(s: &mut State, seat: usize, weapon: &str) -> Result<(), Error> {
    let costs = s.edition >= 1;
    let p = player_mut(s, seat)?;
    let Some(w) = p.weapons.iter_mut().find(|w| w.card.name.eq_ignore_ascii_case(weapon.trim())) else {
        return Err(Error::NoSuchWeapon(p.name.clone(), weapon.to_owned()));
    };
    if w.card.ammo.is_none() {
        return Err(Error::BadCard(format!(
            "the {} has unlimited ammo: there is nothing to reload",
            w.card.name
        )));
    }
    w.ammo_left = w.card.ammo;
    if costs {
        if p.hand == 0 {
            return Err(Error::BadCard(format!(
                "a weapon is reloaded with a gadget card, and {} has no card in hand",
                p.name
            )));
        }
        p.hand -= 1;
    }
    Ok(())
}

fn pick_up(book: &Rulebook, s: &mut State, seat: usize, pile: u32, take: &Take) -> Result<(), Error> {
    // A fighter waiting at 0 Health reaches a blood counter and spends it at once (reading
    // R33): out of turn, one counter, as the player says it is in reach.
    let curing = s.cure.as_ref().is_some_and(|w| w.seat == seat);
    let current = if curing { seat } else { acting(s, "picking up leftovers")? };
    if current != seat {
        return Err(Error::NotYourTurn(name(s, current)));
    }
    let who = name(s, seat);
    let Some(index) = s.leftovers.iter().position(|l| l.id == pile) else {
        return Err(Error::Leftovers(format!("there is no pile {pile} on the map")));
    };
    let heap = &mut s.leftovers[index];
    if heap.taken_by.contains(&seat) {
        return Err(Error::Leftovers(format!("{who} cannot take from that pile again this turn")));
    }
    let mut blood = 0;
    match take {
        Take::Blood => {
            if !heap.blood {
                return Err(Error::Leftovers("the blood counter there is gone".into()));
            }
            heap.blood = false;
            blood = 1;
        }
        Take::Card { name: card } => {
            let same = |n: &String| n.eq_ignore_ascii_case(card.trim());
            if let Some(i) = heap.weapons.iter().position(|w| same(&w.name)) {
                heap.weapons.remove(i);
            } else if let Some(i) = heap.gadgets.iter().position(same) {
                heap.gadgets.remove(i);
            } else {
                return Err(Error::Leftovers(format!("there is no {card} in that pile")));
            }
        }
    }
    heap.taken_by.push(seat);
    if !heap.blood && heap.weapons.is_empty() && heap.gadgets.is_empty() {
        s.leftovers.remove(index);
    }
    if curing {
        return cure(s, book.core.blood_heals, false);
    }
    let p = player_mut(s, seat)?;
    p.blood += blood;
    if blood == 0 {
        p.hand += 1;
    }
    Ok(())
}

fn spend_blood(book: &Rulebook, s: &mut State, seat: usize) -> Result<(), Error> {
    active(s, seat)?;
    let p = player_mut(s, seat)?;
    if p.blood == 0 {
        return Err(Error::NoBlood(p.name.clone()));
    }
    let max = p.max_health();
    if p.health >= max {
        return Err(Error::FullHealth(p.name.clone()));
    }
    p.blood -= 1;
    if s.cure.as_ref().is_some_and(|w| w.seat == seat) {
        return cure(s, book.core.blood_heals, false);
    }
    let p = player_mut(s, seat)?;
    p.health = (p.health + book.core.blood_heals).min(max);
    Ok(())
}

/// A cure of `heal` Health for the fighter waiting at 0 or less (reading R33): once it brings
/// him above 0 he is not fragged, and his Health is what is left of it (no more than his
/// Health stat unless the card says so); a cure too small leaves him waiting, nearer 0.
fn cure(s: &mut State, heal: u32, beyond_max: bool) -> Result<(), Error> {
    let Some(wait) = s.cure.as_mut() else { return Ok(()) };
    if heal <= wait.below {
        wait.below -= heal;
        return Ok(());
    }
    let (seat, left) = (wait.seat, heal - wait.below);
    s.cure = None;
    let p = player_mut(s, seat)?;
    p.health = if beyond_max { left } else { left.min(p.max_health()) };
    Ok(())
}

/// The fighter waiting at 0 Health or less has no cure: the frag the attack made is recorded
/// now, as it would have been at once (reading R33).
fn no_cure(book: &Rulebook, s: &mut State, seat: usize) -> Result<(), Error> {
    let Some(wait) = s.cure.take().filter(|w| w.seat == seat) else {
        return Err(Error::Cure(format!("{} is not waiting for a cure", name(s, seat))));
    };
    let mut res = wait.resolution;
    res.cards_drawn = frag(book, s, seat, wait.attacker, wait.gallows)?;
    s.last = Some(res);
    // Fragged by a zombie in his own turn: the other zombies have nothing left to bite.
    if let Some(t) = s.turn.as_mut()
        && t.phase == Phase::ZombiesAttack
        && t.player == seat
    {
        t.zombie_attacks = Some(t.zombie_attacks_made);
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Zombies

fn zombie_frags_event(book: &Rulebook, s: &mut State, seat: usize, count: u32) -> Result<(), Error> {
    zombies(s, "zombies are fragged")?;
    s.player(seat)?;
    if count == 0 {
        return Err(Error::ZeroCount);
    }
    let on_board = s.zombies_on_board(book);
    if count > on_board {
        return Err(Error::Zombies(format!("only {on_board} zombies are on the board")));
    }
    zombie_frags(book, s, seat, count);
    Ok(())
}

fn return_zombies(s: &mut State, seat: usize, count: u32) -> Result<(), Error> {
    zombies(s, "zombies go back to the pool")?;
    if count == 0 {
        return Err(Error::ZeroCount);
    }
    let p = player_mut(s, seat)?;
    if p.zombie_frags < count {
        return Err(Error::Zombies(format!("{} has only {} zombies", p.name, p.zombie_frags)));
    }
    p.zombie_frags -= count;
    s.zombie_pool += count;
    Ok(())
}

fn place_zombies(s: &mut State, count: u32) -> Result<(), Error> {
    zombies(s, "zombies are placed")?;
    if count > s.zombie_pool {
        return Err(Error::Zombies(format!("only {} zombies are left in the pool", s.zombie_pool)));
    }
    s.zombie_pool -= count;
    Ok(())
}

fn zombies_move(s: &mut State, roll: u8) -> Result<(), Error> {
    zombies(s, "zombies move")?;
    in_phase(s, Phase::Actions, "the zombies move after the player's actions")?;
    face(roll)?;
    let t = turn_mut(s)?;
    t.zombie_roll = Some(roll);
    t.phase = Phase::ZombiesAttack;
    Ok(())
}

fn zombies_adjacent(book: &Rulebook, s: &mut State, count: u32) -> Result<(), Error> {
    let seat = in_phase(s, Phase::ZombiesAttack, "counting the zombies next to the fighter")?;
    if turn(s)?.zombie_attacks.is_some() {
        return Err(Error::Zombies("the attacking zombies were already counted this turn".into()));
    }
    if count > 0 {
        active(s, seat)?;
    }
    let on_board = s.zombies_on_board(book);
    if count > on_board {
        return Err(Error::Zombies(format!("only {on_board} zombies are on the board")));
    }
    turn_mut(s)?.zombie_attacks = Some(count);
    Ok(())
}

fn zombie_attack(
    book: &Rulebook,
    s: &mut State,
    damage: &[u8],
    (defence, defence_rerolls): (&[u8], &[u8]),
    defence_bonus_dice: u32,
    cure: bool,
) -> Result<(), Error> {
    let seat = in_phase(s, Phase::ZombiesAttack, "a zombie attack")?;
    if cure && s.edition < 2 {
        return Err(Error::Cure("this game began before a frag waited for a cure".into()));
    }
    if turn(s)?.zombie_attacks.is_none() {
        return Err(Error::Zombies("count the zombies next to the fighter first".into()));
    }
    if s.zombie_attacks_left() == 0 {
        return Err(Error::Zombies("no zombie attacks are left this turn".into()));
    }
    active(s, seat)?;
    let dice = s.player(seat)?.health.saturating_add(defence_bonus_dice);
    let attack_total = total("the zombie's damage roll", damage, book.zombies.zombie_damage_dice)?;
    extra_die(book, s, seat, defence_bonus_dice)?;
    total("the defence roll", defence, dice)?;
    let rerolls_ones = s.defence_rerolls_ones(book, seat);
    let defence = standing("the defence roll", defence, defence_rerolls, rerolls_ones)?;
    let defence_total = total("the defence roll", &defence, dice)?;
    let dealt = combat::damage(attack_total, defence_total, 0);
    let health_before = s.player(seat)?.health;
    let armour_lost = take_damage(s, seat, dealt)?;
    let left = s.player(seat)?.health;
    // A fighter with a cure in reach waits at 0 Health for it (reading R33).
    let waits = left == 0 && dealt > 0 && cure;
    let result = if dealt == 0 {
        Outcome::None
    } else if left > 0 {
        Outcome::Wounded
    } else {
        if !waits {
            frag(book, s, seat, None, None)?;
        }
        Outcome::Fragged
    };
    let t = turn_mut(s)?;
    t.zombie_attacks_made += 1;
    if left == 0 && !waits {
        // A fragged fighter is off the board: the other zombies have nothing to bite.
        t.zombie_attacks = Some(t.zombie_attacks_made);
    }
    s.last = Some(Resolution {
        attacker: None,
        target: Target::Player(seat),
        weapon: "zombie".into(),
        hit: true,
        hit_total: 0,
        range: 1,
        attack_total,
        defence_total,
        damage: dealt,
        result,
        health_left: left,
        malfunction: false,
        gallows: None,
        cards_drawn: 0,
        blood_gained: 0,
        armour_lost,
        out_of_ammo: false,
        rerolled: u32::try_from(defence_rerolls.len()).unwrap_or(u32::MAX),
    });
    if waits {
        let resolution = s.last.clone().ok_or(Error::NotStarted)?;
        let below = dealt.saturating_sub(health_before);
        s.cure = Some(CureWait { seat, attacker: None, below, gallows: None, resolution });
    }
    Ok(())
}

fn reach_heliport(s: &mut State) -> Result<(), Error> {
    zombies(s, "the Heliport wins")?;
    let seat = acting(s, "reaching the Heliport")?;
    s.winner = Some(Win { player: seat, by: WinBy::Heliport });
    s.stage = Stage::Over;
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Finish

fn end_turn(book: &Rulebook, s: &mut State) -> Result<(), Error> {
    let t = turn(s)?;
    let seat = t.player;
    let on_board = s.player(seat)?.is_active();
    match s.variant {
        Variant::Deadlands => {
            let fragged_in_turn = !on_board && t.phase == Phase::Movement;
            if t.phase != Phase::Actions && !fragged_in_turn {
                return Err(Error::WrongPhase(t.phase.title(), "the turn ends after moving and attacking"));
            }
        }
        Variant::Zombies => {
            if t.phase != Phase::ZombiesAttack {
                return Err(Error::WrongPhase(t.phase.title(), "the turn ends after the zombies attack"));
            }
            if t.zombie_attacks.is_none() {
                return Err(Error::Zombies("count the zombies next to the fighter first".into()));
            }
            if s.zombie_attacks_left() > 0 {
                return Err(Error::Zombies(format!(
                    "{} zombie attacks are still to roll",
                    s.zombie_attacks_left()
                )));
            }
        }
    }
    let limit = s.hand_limit(book, seat);
    if s.player(seat)?.hand > limit {
        return Err(Error::HandLimit { player: name(s, seat), limit });
    }
    let next = (seat + 1) % s.players.len().max(1);
    let number = t.number + 1;
    begin_turn(book, s, next, number);
    Ok(())
}
