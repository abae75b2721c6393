//! Frag at a shared table: one seat per fighter, and what each fighter's phone may see and do.
//!
//! Posse keeps the count of each hand, not its cards (the players hold the real ones), so a
//! fighter's hand shows as that many cards face down. The count is public (the scoreboard
//! shows it), and no log line names a card drawn into a hand (a draw says how many, from
//! which deck; a card taken from leftovers was lying face up on the map), so every seat reads
//! the same recent log.
//!
//! A seat is offered, only when the rules take it now: its discards down to the hand limit,
//! the end of its turn, a respawn that needs no die, its cards in play reloaded, dropped or
//! discarded, leftovers taken, blood counters spent, a frag waiting for its cure taken, and on
//! its turn (or while it waits for a cure) a card played from its hand on its own fighter: one
//! choice per kind of card the host's cards panel offers, the card's name and numbers typed on
//! the phone within the panel's bounds ([`typed`]). A card played out of turn or on another
//! fighter, and every roll, stay on the host's screen.

use crate::kernel::log::Log;
use crate::kernel::seat::{self, CardView, Choice, Counter, Field, Prompt, SeatRules, SeatView, Values};
use crate::systems::frag::rules::data::{Rulebook, Variant};

use super::describe::{frags, status_words};
use super::event::{Event, Play, Take, WeaponCard, typed};
use super::state::{Player, RespawnHow, Stage, State};

/// The seat id of the fighter in `seat`.
fn seat_id(seat: usize) -> String {
    format!("fighter-{seat}")
}

/// The fighter a seat id names, if the game has him.
fn parse_seat(s: &State, id: &str) -> Option<usize> {
    let seat: usize = id.strip_prefix("fighter-")?.parse().ok()?;
    (seat < s.players.len()).then_some(seat)
}

/// "Ann", or "?" for a seat the game does not have.
fn who(s: &State, seat: usize) -> &str {
    s.players.get(seat).map_or("?", |p| p.name.as_str())
}

/// The seat's name on the seat list: "Ann (Agency Operative)", or "Kid Lead (Ann)" when the
/// player named the fighter.
fn seat_name(book: &Rulebook, s: &State, seat: usize) -> String {
    let Some(p) = s.players.get(seat) else { return String::new() };
    let fighter = p.fighter.name.trim();
    if fighter.is_empty() {
        let character =
            s.character(book, seat).map_or_else(|_| p.fighter.character.clone(), |c| c.name.clone());
        format!("{} ({character})", p.name)
    } else {
        format!("{fighter} ({})", p.name)
    }
}

/// One card a fighter has in play, as the seat views list them (weapons, armour, gadgets,
/// hexes, then lasting Specials or event cards): the choice ids count through this list.
struct InPlay {
    name: String,
    detail: String,
    /// A weapon with an ammo track.
    reloadable: bool,
    /// A weapon or a gadget (armour too), which may be dropped on the square.
    droppable: bool,
}

fn in_play(p: &Player) -> Vec<InPlay> {
    let mut out = Vec::new();
    for w in &p.weapons {
        let extra = if w.card.extra > 0 { format!(" +{}", w.card.extra) } else { String::new() };
        let ammo = match (w.ammo_left, w.card.ammo) {
            (Some(left), Some(full)) => format!("ammo {left} of {full}"),
            _ => "unlimited ammo".to_owned(),
        };
        let mut detail = format!("{} damage dice{extra} · {ammo}", w.card.dice);
        if w.kept {
            detail.push_str(" · kept for the game");
        }
        out.push(InPlay {
            name: w.card.name.clone(),
            detail,
            reloadable: w.card.ammo.is_some(),
            droppable: true,
        });
    }
    for a in &p.armour {
        let detail = format!("armour: +{} Health, {} damage taken", a.bonus, a.taken);
        out.push(InPlay { name: a.name.clone(), detail, reloadable: false, droppable: true });
    }
    for g in &p.gadgets {
        let detail = if g.health > 0 { format!("gadget: +{} Health", g.health) } else { "gadget".to_owned() };
        out.push(InPlay { name: g.name.clone(), detail, reloadable: false, droppable: true });
    }
    for h in &p.hexes {
        out.push(InPlay { name: h.clone(), detail: "hex".to_owned(), reloadable: false, droppable: false });
    }
    for c in &p.specials {
        out.push(InPlay {
            name: c.clone(),
            detail: "in play".to_owned(),
            reloadable: false,
            droppable: false,
        });
    }
    out
}

/// The things in a pile of leftovers that a fighter may take as a card, in the order the
/// choice ids count them: its weapons, then its gadgets.
fn pile_cards(pile: &super::state::Leftover) -> Vec<&str> {
    pile.weapons.iter().map(|w| w.name.as_str()).chain(pile.gadgets.iter().map(String::as_str)).collect()
}

/// The game's state in one line.
fn headline(s: &State) -> String {
    match &s.stage {
        Stage::Setup => "Setting up".to_owned(),
        Stage::Poker if s.rolled_for_first() => format!("{} · rolling for who goes first", s.variant.title()),
        Stage::Poker => format!("{} · poker hands for who goes first", s.variant.title()),
        Stage::TieBreak { tied } => {
            let names: Vec<&str> = tied.iter().map(|&t| who(s, t)).collect();
            format!("Tied for first: {} roll a die", names.join(", "))
        }
        Stage::Playing => {
            let round = s.round().unwrap_or(0);
            match (s.current_player(), s.phase()) {
                (Some(current), Some(phase)) => {
                    format!("Round {round} · {}'s turn · {}", who(s, current), phase.title())
                }
                _ => format!("Round {round}"),
            }
        }
        Stage::Over => match s.winner {
            Some(win) => format!("Over: {} won", who(s, win.player)),
            None => "Over".to_owned(),
        },
    }
}

/// The scoreboard and the reminders, public to every seat.
fn status(book: &Rulebook, s: &State) -> Vec<String> {
    let mut out: Vec<String> = s
        .scoreboard(book)
        .iter()
        .map(|row| {
            let score = match s.variant {
                Variant::Deadlands => frags(row.frags, "frag"),
                Variant::Zombies => frags(row.zombie_frags, "zombie frag"),
            };
            let turn = if row.current { " · their turn" } else { "" };
            format!(
                "{} ({}): {score}, Health {} of {}, {} in hand, {}{turn}",
                row.name,
                row.character,
                row.health,
                row.max_health,
                frags(row.hand, "card"),
                status_words(row.status)
            )
        })
        .collect();
    if let Some(wait) = &s.cure {
        out.push(format!("{} is down: a cure now, or the frag counts.", who(s, wait.seat)));
    }
    if s.variant == Variant::Zombies && s.stage == Stage::Playing {
        out.push(format!(
            "Zombies on the board: {}, in the pool: {}",
            s.zombies_on_board(book),
            s.zombie_pool
        ));
    }
    out.extend(s.reminders(book));
    out
}

/// The seat's own numbers at a glance.
fn counters(book: &Rulebook, s: &State, seat: usize) -> Vec<Counter> {
    let Some(p) = s.players.get(seat) else { return Vec::new() };
    let counter = |label: &str, value: String| Counter { label: label.to_owned(), value };
    let mut out = vec![counter("Health", format!("{} of {}", p.health, p.max_health()))];
    out.push(match s.variant {
        Variant::Deadlands => counter("Frags", format!("{} of {}", p.frags, s.frag_target)),
        Variant::Zombies => {
            counter("Zombie frags", format!("{} of {}", p.zombie_frags, book.zombies.zombie_frags_to_win))
        }
    });
    let tracked: Vec<String> = p
        .weapons
        .iter()
        .filter_map(|w| Some(format!("{} {} of {}", w.card.name, w.ammo_left?, w.card.ammo?)))
        .collect();
    let ammo = if tracked.is_empty() { "unlimited".to_owned() } else { tracked.join(", ") };
    out.push(counter("Ammo", ammo));
    out.push(counter("Blood counters", p.blood.to_string()));
    out.push(counter("Cards in hand", format!("{} (keep {})", p.hand, s.hand_limit(book, seat))));
    out.push(counter("Weapons in play", format!("{} of {}", p.weapons.len(), s.weapon_limit(book, seat))));
    if s.current_player() == Some(seat) && s.stage == Stage::Playing {
        out.push(counter("Movement left", s.moves_left().to_string()));
        out.push(counter("Attacks left", s.attacks_left(book).to_string()));
    }
    out.push(counter("Status", status_words(p.status)));
    out
}

/// Every fighter's cards in play, face up, then the leftovers on the map; the actions only on
/// `seat`'s own cards and on the piles it may take from now.
fn table(book: &Rulebook, game: &Log<Rulebook>, seat: Option<usize>) -> Vec<CardView> {
    let s = &game.state;
    let mut out = Vec::new();
    for (i, p) in s.players.iter().enumerate() {
        let mine = seat == Some(i);
        for (k, card) in in_play(p).into_iter().enumerate() {
            let mut actions = Vec::new();
            if mine {
                let reload = Event::Reload { player: i, weapon: card.name.clone(), gadget: None };
                if card.reloadable && game.allows(book, &reload) {
                    actions.push(Choice::new(format!("reload:{k}"), "Reload (a gadget card)"));
                }
                let drop = Event::Drop { player: i, card: card.name.clone() };
                if card.droppable && s.current_player() == Some(i) && game.allows(book, &drop) {
                    actions.push(Choice::new(format!("drop:{k}"), "Drop it here"));
                }
                if game.allows(book, &Event::Remove { player: i, card: card.name.clone() }) {
                    actions.push(Choice::new(format!("remove:{k}"), "Discard from play"));
                }
            }
            let owner = if mine { "Yours".to_owned() } else { format!("{}'s", p.name) };
            out.push(CardView { face: card.name, detail: card.detail, owner, red: false, actions });
        }
    }
    for pile in &s.leftovers {
        let mut things: Vec<String> = Vec::new();
        if pile.blood {
            things.push("a blood counter".to_owned());
        }
        things.extend(pile_cards(pile).iter().map(|c| (*c).to_owned()));
        let mut actions = Vec::new();
        if let Some(me) = seat {
            let blood = Event::PickUp { player: me, pile: pile.id, take: Take::Blood };
            if pile.blood && game.allows(book, &blood) {
                actions.push(Choice::new(format!("take:{}:blood", pile.id), "Take the blood counter"));
            }
            for (k, card) in pile_cards(pile).into_iter().enumerate() {
                let take =
                    Event::PickUp { player: me, pile: pile.id, take: Take::Card { name: card.to_owned() } };
                if game.allows(book, &take) {
                    actions.push(Choice::new(format!("take:{}:{k}", pile.id), format!("Take the {card}")));
                }
            }
        }
        out.push(CardView {
            face: format!("Leftovers, pile {}", pile.id + 1),
            detail: things.join(", "),
            owner: format!("Where {} fell", who(s, pile.from)),
            red: false,
            actions,
        });
    }
    out
}

/// Cards the fighter in `seat` must discard now: over the hand limit on his own turn, when
/// the rules take a discard.
fn discard_due(book: &Rulebook, game: &Log<Rulebook>, seat: usize) -> u32 {
    let s = &game.state;
    if s.current_player() != Some(seat) {
        return 0;
    }
    let due = s.must_discard(book);
    if due > 0 && game.allows(book, &Event::Discard { player: seat, count: due }) { due } else { 0 }
}

/// The seat's hand: as many cards face down as it holds, each with Discard while it must
/// discard down to the hand limit.
fn hand(book: &Rulebook, game: &Log<Rulebook>, seat: usize) -> Vec<CardView> {
    let Some(p) = game.state.players.get(seat) else { return Vec::new() };
    let discard = discard_due(book, game, seat) > 0;
    (0..p.hand)
        .map(|_| CardView {
            face: "Card in hand".to_owned(),
            detail: String::new(),
            owner: "Yours".to_owned(),
            red: false,
            actions: if discard { vec![Choice::new("discard", "Discard")] } else { Vec::new() },
        })
        .collect()
}

/// A kind of card a fighter may play from the phone, as the host's cards panel offers them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Weapon,
    Armour,
    Gadget,
    Hex,
    Special {
        lasting: bool,
    },
    /// A Zombies!!! event card with nothing more to type.
    Event {
        lasting: bool,
    },
    /// The event card (by its place in the rules' list) that rolls a d6 for blood counters.
    BloodRoll(usize),
    /// The event card (by its place in the rules' list) that puts a weapon card in play.
    KeptWeapon(usize),
    Heal {
        beyond_max: bool,
    },
    Other,
}

/// A number field with the bounds of the host's panel.
fn bounded(id: &str, label: &str, (min, max): (u32, u32)) -> Field {
    Field::number(id, label, i64::from(min), i64::from(max))
}

fn name_field() -> Field {
    Field::text("name", "The card's name", typed::NAME_CHARS)
}

fn weapon_fields(choice: Choice) -> Choice {
    choice
        .with_field(bounded("dice", "Damage dice", typed::DAMAGE_DICE))
        .with_field(bounded("extra", "Extra damage", typed::EXTRA_DAMAGE))
        .with_field(bounded("ammo", "Ammo (0: unlimited)", typed::AMMO))
}

/// Every kind the host's panel offers in `variant`, in its order, each with its choice.
fn kinds(book: &Rulebook, variant: Variant) -> Vec<(Kind, Choice)> {
    let named = |id: &str, label: &str| Choice::new(format!("play:{id}"), label).with_field(name_field());
    let mut out = vec![
        (Kind::Weapon, weapon_fields(named("weapon", "Weapon card"))),
        (
            Kind::Armour,
            named("armour", "Armour").with_field(bounded("bonus", "Health bonus", typed::ARMOUR_BONUS)),
        ),
        (
            Kind::Gadget,
            named("gadget", "Gadget").with_field(bounded("health", "Health it adds", typed::GADGET_HEALTH)),
        ),
    ];
    match variant {
        Variant::Deadlands => {
            out.push((Kind::Hex, named("hex", "Hex")));
            out.push((Kind::Special { lasting: false }, named("special", "Special card")));
            out.push((
                Kind::Special { lasting: true },
                named("special:lasting", "Special card that stays in play"),
            ));
        }
        Variant::Zombies => {
            out.push((Kind::Event { lasting: false }, named("event", "Event card")));
            out.push((
                Kind::Event { lasting: true },
                named("event:lasting", "Event card that stays in play"),
            ));
            let z = &book.zombies;
            for (k, card) in z.events_blood_roll.iter().enumerate() {
                let choice = Choice::new(format!("play:event-roll:{k}"), card.as_str()).with_field(bounded(
                    "roll",
                    &format!("Your d6 for the {card} (blood counters)"),
                    typed::D6,
                ));
                out.push((Kind::BloodRoll(k), choice));
            }
            for (k, card) in z.events_kept_weapon.iter().enumerate() {
                let choice = weapon_fields(Choice::new(
                    format!("play:event-weapon:{k}"),
                    format!("{card} (its weapon card kept for the game)"),
                ));
                out.push((Kind::KeptWeapon(k), choice));
            }
        }
    }
    let healed = |id: &str, label: &str| {
        named(id, label).with_field(bounded("amount", "Health healed", typed::HEALED))
    };
    out.push((Kind::Heal { beyond_max: false }, healed("heal", "Healing card")));
    out.push((
        Kind::Heal { beyond_max: true },
        healed("heal:beyond", "Healing card that may go above your Health"),
    ));
    out.push((Kind::Other, named("other", "Any other card")));
    out
}

/// The card `kind` stands for with `values` typed for its fields (checked against them).
fn typed_card(book: &Rulebook, kind: Kind, values: &Values) -> Result<Play, String> {
    let missing = |id: &str| format!("Fill in '{id}'.");
    let text = |id: &str| seat::text(values, id).map(str::to_owned).ok_or_else(|| missing(id));
    let number =
        |id: &str| seat::number(values, id).and_then(|n| u32::try_from(n).ok()).ok_or_else(|| missing(id));
    let weapon = |name: String| -> Result<WeaponCard, String> {
        let ammo = number("ammo")?;
        Ok(WeaponCard {
            name,
            dice: number("dice")?,
            extra: number("extra")?,
            ammo: (ammo > 0).then_some(ammo),
        })
    };
    let listed = |list: &[String], k: usize| {
        list.get(k).cloned().ok_or_else(|| "The rules have no such event card.".to_owned())
    };
    let z = &book.zombies;
    Ok(match kind {
        Kind::Weapon => Play::Weapon(weapon(text("name")?)?),
        Kind::Armour => Play::Armour { name: text("name")?, bonus: number("bonus")? },
        Kind::Gadget => Play::Gadget { name: text("name")?, health: number("health")? },
        Kind::Hex => Play::Hex { name: text("name")? },
        Kind::Special { lasting } => Play::Special { name: text("name")?, lasting },
        Kind::Event { lasting } => Play::Event { name: text("name")?, lasting, roll: None, weapon: None },
        Kind::BloodRoll(k) => {
            let roll = u8::try_from(number("roll")?).map_err(|_| missing("roll"))?;
            Play::Event {
                name: listed(&z.events_blood_roll, k)?,
                lasting: false,
                roll: Some(roll),
                weapon: None,
            }
        }
        Kind::KeptWeapon(k) => {
            let name = listed(&z.events_kept_weapon, k)?;
            Play::Event { name: name.clone(), lasting: false, roll: None, weapon: Some(weapon(name)?) }
        }
        Kind::Heal { beyond_max } => {
            Play::Heal { name: text("name")?, amount: number("amount")?, beyond_max }
        }
        Kind::Other => Play::Other { name: text("name")? },
    })
}

/// Values that fill `choice`'s fields: each number its least, each text `name`.
fn placeholder(choice: &Choice, name: &str) -> Values {
    choice
        .fields
        .iter()
        .map(|f| {
            let value = match f.kind {
                seat::FieldKind::Number { min, .. } => min.to_string(),
                seat::FieldKind::Text { .. } => name.to_owned(),
            };
            (f.id.clone(), value)
        })
        .collect()
}

/// The kinds of card the fighter in `seat` may play from the phone now, each with its choice:
/// on his turn, or while his frag waits for a cure, each kind the rules would take now with
/// some name and the least numbers (a fresh name, or one of the suits of armour that go
/// together, since armour worn refuses most others). What a typed name or number changes
/// (the Chainsaw typed as a plain event card, a second weapon of the same name) the rules
/// refuse with their sentence when the choice is made.
fn playable(book: &Rulebook, game: &Log<Rulebook>, seat: usize) -> Vec<(Kind, Choice)> {
    let s = &game.state;
    let Some(p) = s.players.get(seat) else { return Vec::new() };
    let waits = s.cure.as_ref().is_some_and(|w| w.seat == seat);
    if !(waits || (s.cure.is_none() && s.current_player() == Some(seat))) || p.hand == 0 {
        return Vec::new();
    }
    let cards = in_play(p);
    // One more name than there are cards in play: one of them is none of theirs.
    let fresh = (1..=cards.len() + 1)
        .map(|n| format!("Card {n}"))
        .find(|n| !cards.iter().any(|c| c.name.eq_ignore_ascii_case(n)));
    let mut names: Vec<String> = fresh.into_iter().collect();
    names.push(book.core.armour_combine_with.clone());
    names.extend(book.core.armour_combinable.iter().cloned());
    kinds(book, s.variant)
        .into_iter()
        .filter(|(kind, choice)| {
            names.iter().any(|name| {
                typed_card(book, *kind, &placeholder(choice, name))
                    .is_ok_and(|card| game.allows(book, &Event::Play { player: seat, card, on: None }))
            })
        })
        .collect()
}

/// "Play a card from your hand", with a choice for each kind [`playable`] now; none when
/// there is none.
fn play_prompt(book: &Rulebook, game: &Log<Rulebook>, seat: usize) -> Option<Prompt> {
    let choices: Vec<Choice> = playable(book, game, seat).into_iter().map(|(_, choice)| choice).collect();
    (!choices.is_empty()).then(|| Prompt { text: "Play a card from your hand".to_owned(), choices })
}

/// The questions the rules ask `seat` now.
fn prompts(book: &Rulebook, game: &Log<Rulebook>, seat: usize) -> Vec<Prompt> {
    let s = &game.state;
    let Some(p) = s.players.get(seat) else { return Vec::new() };
    let mut out = Vec::new();
    let blood = game.allows(book, &Event::SpendBlood { player: seat });
    if s.cure.as_ref().is_some_and(|w| w.seat == seat) {
        let mut choices = Vec::new();
        if blood {
            choices.push(Choice::new("blood", "Spend a blood counter"));
        }
        if game.allows(book, &Event::NoCure { player: seat }) {
            choices.push(Choice::new("nocure", "No cure: fragged"));
        }
        out.push(Prompt {
            text: format!(
                "You are at {} Health: cure it now (a healing card from your hand, below), or the frag counts.",
                p.health
            ),
            choices,
        });
        out.extend(play_prompt(book, game, seat));
        return out;
    }
    if s.current_player() == Some(seat) {
        let how = match s.respawn_how(book) {
            Some(RespawnHow::Gallows(g)) => Some(format!("Come back on gallows square {g}")),
            Some(RespawnHow::TownSquare) => Some(format!("Respawn at {}", book.zombies.respawn_point)),
            _ => None,
        };
        if let Some(label) = how
            && game.allows(book, &Event::Respawn { square: None })
        {
            out.push(Prompt {
                text: "Your fighter comes back.".to_owned(),
                choices: vec![Choice::new("respawn", label)],
            });
        }
        let due = discard_due(book, game, seat);
        if due > 1 {
            out.push(Prompt {
                text: format!(
                    "You hold {} cards and may keep {} when your turn ends.",
                    p.hand,
                    s.hand_limit(book, seat)
                ),
                choices: vec![Choice::new(format!("discard:{due}"), format!("Discard {due} cards"))],
            });
        }
        out.extend(play_prompt(book, game, seat));
        if game.allows(book, &Event::EndTurn) {
            out.push(Prompt {
                text: "Your turn.".to_owned(),
                choices: vec![Choice::new("end", "End the turn")],
            });
        }
    }
    if blood {
        out.push(Prompt {
            text: format!("You have {}.", frags(p.blood, "blood counter")),
            choices: vec![Choice::new("blood", "Spend one: Health back")],
        });
    }
    out
}

impl SeatRules for Rulebook {
    fn seats(&self, game: &Log<Rulebook>) -> Vec<seat::Seat> {
        let s = &game.state;
        (0..s.players.len()).map(|i| seat::Seat { id: seat_id(i), name: seat_name(self, s, i) }).collect()
    }

    fn seat_view(&self, game: &Log<Rulebook>, seat: Option<&str>) -> Option<SeatView> {
        let s = &game.state;
        let public = SeatView {
            headline: headline(s),
            status: status(self, s),
            log: seat::recent(game),
            ..SeatView::default()
        };
        let Some(id) = seat else {
            return Some(SeatView { table: table(self, game, None), ..public });
        };
        let i = parse_seat(s, id)?;
        let prompts = prompts(self, game, i);
        let mut status = public.status.clone();
        if s.players.get(i).is_some_and(|p| p.hand > 0) && s.stage == Stage::Playing {
            status.push(
                "Posse counts your cards, not which they are: on your turn, name a card as you play it here; out of turn, or on another fighter, it is played on the host's screen."
                    .to_owned(),
            );
        }
        let your_turn = s.stage == Stage::Playing
            && (s.cure.as_ref().map_or(s.current_player() == Some(i), |w| w.seat == i));
        Some(SeatView {
            seat: seat_id(i),
            name: seat_name(self, s, i),
            your_turn,
            counters: counters(self, s, i),
            hand: hand(self, game, i),
            table: table(self, game, Some(i)),
            prompts,
            status,
            ..public
        })
    }

    fn seat_event(
        &self,
        game: &Log<Rulebook>,
        seat: &str,
        choice: &str,
        values: &Values,
    ) -> Result<Event, String> {
        let s = &game.state;
        let player =
            parse_seat(s, seat).ok_or_else(|| "There is no such fighter at this table.".to_owned())?;
        let unknown = || format!("'{choice}' is not something a fighter can do.");
        let index = |text: &str| text.parse::<usize>().map_err(|_| unknown());
        let (verb, rest) = choice.split_once(':').unwrap_or((choice, ""));
        let card = |k: usize| {
            s.players
                .get(player)
                .and_then(|p| in_play(p).into_iter().nth(k))
                .ok_or_else(|| "That card is no longer in play.".to_owned())
        };
        if verb == "play" {
            let (kind, offered) = playable(self, game, player)
                .into_iter()
                .find(|(_, c)| c.id == choice)
                .ok_or_else(|| "You cannot play a card of that kind now.".to_owned())?;
            offered.check(values)?;
            return Ok(Event::Play { player, card: typed_card(self, kind, values)?, on: None });
        }
        Ok(match (verb, rest) {
            ("end", "") => Event::EndTurn,
            ("discard", "") => Event::Discard { player, count: 1 },
            ("discard", n) => Event::Discard { player, count: n.parse().map_err(|_| unknown())? },
            ("blood", "") => Event::SpendBlood { player },
            ("nocure", "") => Event::NoCure { player },
            ("respawn", "") => Event::Respawn { square: None },
            ("reload", k) => Event::Reload { player, weapon: card(index(k)?)?.name, gadget: None },
            ("drop", k) => Event::Drop { player, card: card(index(k)?)?.name },
            ("remove", k) => Event::Remove { player, card: card(index(k)?)?.name },
            ("take", rest) => {
                let (pile, what) = rest.split_once(':').ok_or_else(unknown)?;
                let pile: u32 = pile.parse().map_err(|_| unknown())?;
                let heap = s
                    .leftovers
                    .iter()
                    .find(|l| l.id == pile)
                    .ok_or_else(|| "Those leftovers are gone.".to_owned())?;
                let take = if what == "blood" {
                    Take::Blood
                } else {
                    let name = pile_cards(heap)
                        .get(index(what)?)
                        .map(|c| (*c).to_owned())
                        .ok_or_else(|| "That card is no longer in the pile.".to_owned())?;
                    Take::Card { name }
                };
                Event::PickUp { player, pile, take }
            }
            _ => return Err(unknown()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::systems::frag::game::tests::{book, new_game, ok, seat};
    use crate::systems::frag::game::{Game, Play, WeaponCard};
    use crate::systems::frag::rules::Deck;

    const ANN: usize = 0;
    const BOB: usize = 1;

    /// The kinds Ann (Agency Operative, no hexes) may play on her turn in Frag Deadlands.
    const ANN_PLAYS: [&str; 8] = [
        "play:weapon",
        "play:armour",
        "play:gadget",
        "play:special",
        "play:special:lasting",
        "play:heal",
        "play:heal:beyond",
        "play:other",
    ];

    /// Ann (Agency Operative 2/2/3, keeps 4 cards), Bob (Indian Brave 3/2/2), Cy (Harrowed
    /// Gunslinger 2/3/2); Ann's royal flush goes first; four cards each.
    fn deadlands() -> Game {
        let players = vec![
            seat("Ann", "agency-operative", (2, 2, 3)),
            seat("Bob", "indian-brave", (3, 2, 2)),
            seat("Cy", "harrowed-gunslinger", (2, 3, 2)),
        ];
        let mut g = new_game(Variant::Deadlands, players, None);
        let hands = [
            ["AS", "KS", "QS", "JS", "10S"],
            ["7H", "7D", "2C", "3S", "9D"],
            ["2H", "4D", "6C", "8S", "10D"],
        ];
        let hands = hands.iter().map(|h| h.iter().map(|c| c.parse().expect("card")).collect()).collect();
        ok(&mut g, Event::PokerHands { hands });
        g
    }

    /// Ann on respawn square 3, 1+1 for movement, two weapon cards drawn (6 in hand) and the
    /// Laser Pistol played: 5 in hand, one over her limit.
    fn ann_armed() -> Game {
        let mut g = deadlands();
        ok(&mut g, Event::Respawn { square: Some(3) });
        ok(&mut g, Event::RollMovement { dice: vec![1, 1], extra_dice: 0 });
        ok(&mut g, Event::Draw { player: ANN, deck: Deck::Weapons, count: 2 });
        let pistol = WeaponCard { name: "Laser Pistol".into(), dice: 3, extra: 1, ammo: Some(1) };
        ok(&mut g, Event::Play { player: ANN, card: Play::Weapon(pistol), on: None });
        g
    }

    fn view(g: &Game, seat: Option<&str>) -> SeatView {
        book().seat_view(g, seat).expect("a seat")
    }

    fn ids(view: &SeatView) -> Vec<&str> {
        view.choices().map(|c| c.id.as_str()).collect()
    }

    #[test]
    fn one_seat_per_fighter_by_player_and_character() {
        let g = deadlands();
        let seats = book().seats(&g);
        let listed: Vec<(&str, &str)> = seats.iter().map(|s| (s.id.as_str(), s.name.as_str())).collect();
        assert_eq!(
            listed,
            [
                ("fighter-0", "Ann (Agency Operative)"),
                ("fighter-1", "Bob (Indian Brave)"),
                ("fighter-2", "Cy (Harrowed Gunslinger)")
            ]
        );
        assert!(book().seat_view(&g, Some("fighter-3")).is_none());
        assert!(book().seat_view(&g, Some("side-a")).is_none());
        assert!(book().seats(&Game::default()).is_empty());
    }

    #[test]
    fn each_fighter_sees_his_own_hand_and_every_card_in_play() {
        let g = ann_armed();
        let ann = view(&g, Some("fighter-0"));
        assert_eq!(ann.headline, "Round 1 · Ann's turn · move, power up and attack");
        assert!(ann.your_turn);
        assert_eq!(ann.hand.len(), 5);
        assert!(ann.hand.iter().all(|c| c.face == "Card in hand" && c.owner == "Yours"));
        let counters: Vec<(&str, &str)> =
            ann.counters.iter().map(|c| (c.label.as_str(), c.value.as_str())).collect();
        assert_eq!(
            counters,
            [
                ("Health", "2 of 2"),
                ("Frags", "0 of 3"),
                ("Ammo", "Laser Pistol 1 of 1"),
                ("Blood counters", "0"),
                ("Cards in hand", "5 (keep 4)"),
                ("Weapons in play", "1 of 3"),
                ("Movement left", "2"),
                ("Attacks left", "2"),
                ("Status", "in play")
            ]
        );
        let pistol = &ann.table[0];
        assert_eq!(
            (pistol.face.as_str(), pistol.detail.as_str(), pistol.owner.as_str()),
            ("Laser Pistol", "3 damage dice +1 · ammo 1 of 1", "Yours")
        );
        let mut expected =
            vec!["discard", "discard", "discard", "discard", "discard", "reload:0", "drop:0", "remove:0"];
        expected.extend(ANN_PLAYS);
        assert_eq!(ids(&ann), expected);

        // Bob sees his own four cards, Ann's pistol face up and nothing he may do with it.
        let bob = view(&g, Some("fighter-1"));
        assert!(!bob.your_turn);
        assert_eq!((bob.seat.as_str(), bob.hand.len()), ("fighter-1", 4));
        assert_eq!(bob.table.len(), 1);
        assert_eq!((bob.table[0].face.as_str(), bob.table[0].owner.as_str()), ("Laser Pistol", "Ann's"));
        assert!(ids(&bob).is_empty());
        let json = serde_json::to_string(&bob).expect("json");
        assert!(!json.contains("\"id\":"), "no choice at all in Bob's view: {json}");
        assert_eq!(bob.counters[0], Counter { label: "Health".into(), value: "3 of 3".into() });
        assert_eq!(bob.log, ann.log, "every line is public");
        assert_eq!(
            bob.status.last().map(String::as_str),
            Some(
                "Posse counts your cards, not which they are: on your turn, name a card as you play it here; out of turn, or on another fighter, it is played on the host's screen."
            )
        );
        assert_eq!(view(&g, None).status.len() + 1, bob.status.len());
        assert_eq!(bob.log.last().map(String::as_str), g.last_line());
    }

    fn values(pairs: &[(&str, &str)]) -> Values {
        pairs.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect()
    }

    #[test]
    fn the_play_prompt_is_for_the_fighter_whose_turn_it_is_only() {
        let g = ann_armed();
        let ann = view(&g, Some("fighter-0"));
        let play =
            ann.prompts.iter().find(|p| p.text == "Play a card from your hand").expect("a play prompt");
        let offered: Vec<(&str, &str)> =
            play.choices.iter().map(|c| (c.id.as_str(), c.label.as_str())).collect();
        // Every kind the host's panel offers in Frag Deadlands but the hex: the Agency Operative
        // plays hexes only with Hoyle's Book of Games in play.
        assert_eq!(
            offered,
            [
                ("play:weapon", "Weapon card"),
                ("play:armour", "Armour"),
                ("play:gadget", "Gadget"),
                ("play:special", "Special card"),
                ("play:special:lasting", "Special card that stays in play"),
                ("play:heal", "Healing card"),
                ("play:heal:beyond", "Healing card that may go above your Health"),
                ("play:other", "Any other card")
            ]
        );
        let fields = |id: &str| -> Vec<Field> { ann.choice(id).expect("offered").fields.clone() };
        assert_eq!(
            fields("play:weapon"),
            [
                Field::text("name", "The card's name", 1000),
                Field::number("dice", "Damage dice", 1, 20),
                Field::number("extra", "Extra damage", 0, 10),
                Field::number("ammo", "Ammo (0: unlimited)", 0, 30)
            ]
        );
        assert_eq!(fields("play:armour")[1], Field::number("bonus", "Health bonus", 1, 10));
        assert_eq!(fields("play:gadget")[1], Field::number("health", "Health it adds", 0, 10));
        assert_eq!(fields("play:heal")[1], Field::number("amount", "Health healed", 1, 10));
        assert_eq!(fields("play:other"), [Field::text("name", "The card's name", 1000)]);

        // Bob holds four cards, but it is Ann's turn: no play on his phone, none taken from it.
        for seat in ["fighter-1", "fighter-2"] {
            let v = view(&g, Some(seat));
            assert!(v.choices().all(|c| !c.id.starts_with("play")), "{seat}: {:?}", ids(&v));
        }
        assert_eq!(
            book().seat_event(&g, "fighter-1", "play:other", &values(&[("name", "Ace in the Hole")])),
            Err("You cannot play a card of that kind now.".to_owned())
        );
        assert_eq!(
            book().seat_event(&g, "fighter-0", "play:hex", &values(&[("name", "Soul Blast")])),
            Err("You cannot play a card of that kind now.".to_owned())
        );
    }

    #[test]
    fn the_huckster_is_offered_the_hex() {
        let players = vec![seat("Ann", "huckster", (2, 2, 3)), seat("Bob", "indian-brave", (3, 2, 2))];
        let mut g = new_game(Variant::Deadlands, players, None);
        let hands = [["AS", "KS", "QS", "JS", "10S"], ["7H", "7D", "2C", "3S", "9D"]];
        let hands = hands.iter().map(|h| h.iter().map(|c| c.parse().expect("card")).collect()).collect();
        ok(&mut g, Event::PokerHands { hands });
        // Waiting to enter, she may not put a hex on her fighter yet.
        assert!(!view(&g, Some("fighter-0")).offers("play:hex"));
        ok(&mut g, Event::Respawn { square: Some(3) });
        let ann = view(&g, Some("fighter-0"));
        assert_eq!(ann.choice("play:hex").map(|c| c.label.as_str()), Some("Hex"));
        let event = book()
            .seat_event(&g, "fighter-0", "play:hex", &values(&[("name", "Soul Blast")]))
            .expect("an event");
        assert_eq!(
            event,
            Event::Play { player: ANN, card: Play::Hex { name: "Soul Blast".into() }, on: None }
        );
        assert!(g.allows(book(), &event));
    }

    #[test]
    fn a_weapon_typed_on_the_phone_is_the_event_the_host_screen_commits() {
        let mut g = ann_armed();
        let typed = values(&[("name", " Shotgun "), ("dice", "4"), ("extra", "1"), ("ammo", "2")]);
        assert_eq!(view(&g, Some("fighter-0")).choice("play:weapon").expect("offered").check(&typed), Ok(()));
        let event = book().seat_event(&g, "fighter-0", "play:weapon", &typed).expect("an event");
        // What the cards panel commits with Weapon, "Shotgun", 4 dice, 1 extra, 2 ammo.
        let shotgun = WeaponCard { name: "Shotgun".into(), dice: 4, extra: 1, ammo: Some(2) };
        assert_eq!(event, Event::Play { player: ANN, card: Play::Weapon(shotgun), on: None });
        ok(&mut g, event);
        assert_eq!(g.last_line(), Some("Ann puts the Shotgun in play (4d, 2 ammo)"));
        assert_eq!(g.state.players[ANN].hand, 4);

        // Ammo 0 is unlimited, as on the screen; a second weapon of the same name is the
        // rules' to refuse, with their sentence.
        let unlimited = values(&[("name", "Bowie Knife"), ("dice", "2"), ("extra", "0"), ("ammo", "0")]);
        let knife = book().seat_event(&g, "fighter-0", "play:weapon", &unlimited).expect("an event");
        let knife_card = WeaponCard { name: "Bowie Knife".into(), dice: 2, extra: 0, ammo: None };
        assert_eq!(knife, Event::Play { player: ANN, card: Play::Weapon(knife_card), on: None });
        let again = values(&[("name", "shotgun"), ("dice", "4"), ("extra", "0"), ("ammo", "2")]);
        let twice = book().seat_event(&g, "fighter-0", "play:weapon", &again).expect("an event");
        let refused = g.apply(book(), &twice).expect_err("refused");
        assert!(refused.to_string().contains("Ann already has a shotgun in play"), "{refused}");

        // At her weapon limit (3), the weapon card is no longer offered.
        ok(&mut g, knife);
        let ann = view(&g, Some("fighter-0"));
        assert!(!ann.offers("play:weapon"), "{:?}", ids(&ann));
        assert!(ann.offers("play:armour"));
    }

    #[test]
    fn a_number_beyond_the_panels_bounds_is_refused_with_its_sentence() {
        let g = ann_armed();
        let ann = view(&g, Some("fighter-0"));
        let weapon = ann.choice("play:weapon").expect("offered");
        let typed = values(&[("name", "Shotgun"), ("dice", "21"), ("extra", "0"), ("ammo", "2")]);
        let sentence = "Damage dice is a whole number from 1 to 20.".to_owned();
        assert_eq!(weapon.check(&typed), Err(sentence.clone()));
        assert_eq!(book().seat_event(&g, "fighter-0", "play:weapon", &typed), Err(sentence));
        let armour = ann.choice("play:armour").expect("offered");
        assert_eq!(
            armour.check(&values(&[("name", "Light Armor"), ("bonus", "0")])),
            Err("Health bonus is a whole number from 1 to 10.".to_owned())
        );
        assert_eq!(
            book().seat_event(&g, "fighter-0", "play:other", &values(&[])),
            Err("Fill in The card's name.".to_owned())
        );
    }

    #[test]
    fn discard_is_offered_exactly_while_over_the_hand_limit() {
        let mut g = ann_armed();
        let ann = view(&g, Some("fighter-0"));
        assert!(!ann.offers("end"), "the turn cannot end over the limit");
        assert!(!ann.offers("discard:1"));
        assert_eq!(
            book().seat_event(&g, "fighter-0", "discard", &Values::new()),
            Ok(Event::Discard { player: ANN, count: 1 })
        );
        ok(&mut g, Event::Discard { player: ANN, count: 1 });
        let ann = view(&g, Some("fighter-0"));
        assert_eq!(ann.hand.len(), 4);
        assert!(ann.hand.iter().all(|c| c.actions.is_empty()));
        let mut expected = vec!["reload:0", "drop:0", "remove:0"];
        expected.extend(ANN_PLAYS);
        expected.push("end");
        assert_eq!(ids(&ann), expected);

        // Two over: one card at a time, or both at once.
        ok(&mut g, Event::Draw { player: ANN, deck: Deck::Gadgets, count: 2 });
        let ann = view(&g, Some("fighter-0"));
        assert!(ann.hand.iter().all(|c| c.actions == [Choice::new("discard", "Discard")]));
        assert_eq!(ann.prompts[0].text, "You hold 6 cards and may keep 4 when your turn ends.");
        assert_eq!(ann.prompts[0].choices, [Choice::new("discard:2", "Discard 2 cards")]);
        assert_eq!(
            book().seat_event(&g, "fighter-0", "discard:2", &Values::new()),
            Ok(Event::Discard { player: ANN, count: 2 })
        );

        // Bob holds more than he may keep, but it is not his turn: nothing to discard yet.
        ok(&mut g, Event::Draw { player: BOB, deck: Deck::Weapons, count: 3 });
        let bob = view(&g, Some("fighter-1"));
        assert_eq!(bob.hand.len(), 7);
        assert!(!bob.offers("discard"));
    }

    #[test]
    fn a_choice_stands_for_an_event_the_rules_take() {
        let mut g = ann_armed();
        ok(&mut g, Event::Discard { player: ANN, count: 1 });
        for (choice, event) in [
            ("reload:0", Event::Reload { player: ANN, weapon: "Laser Pistol".into(), gadget: None }),
            ("drop:0", Event::Drop { player: ANN, card: "Laser Pistol".into() }),
            ("remove:0", Event::Remove { player: ANN, card: "Laser Pistol".into() }),
            ("end", Event::EndTurn),
        ] {
            let made = book().seat_event(&g, "fighter-0", choice, &Values::new()).expect("an event");
            assert_eq!(made, event);
            assert!(g.allows(book(), &made), "{choice}");
        }
        // Dropped, the pistol lies in a pile Ann may not take from again this turn.
        let event = book().seat_event(&g, "fighter-0", "drop:0", &Values::new()).expect("an event");
        ok(&mut g, event);
        let ann = view(&g, Some("fighter-0"));
        let pile = ann.table.last().expect("a pile");
        assert_eq!(
            (pile.face.as_str(), pile.detail.as_str(), pile.owner.as_str()),
            ("Leftovers, pile 1", "Laser Pistol", "Where Ann fell")
        );
        assert!(pile.actions.is_empty());
        let event = book().seat_event(&g, "fighter-0", "end", &Values::new()).expect("an event");
        ok(&mut g, event);
        assert_eq!(g.state.current_player(), Some(BOB));
        assert!(view(&g, Some("fighter-1")).your_turn);
        assert!(!view(&g, Some("fighter-0")).your_turn);
    }

    #[test]
    fn a_choice_not_offered_is_not_in_the_view_and_nonsense_is_refused() {
        let g = ann_armed();
        let bob = view(&g, Some("fighter-1"));
        // Ann's drop, and an end of turn, are not Bob's to choose.
        assert!(!bob.offers("drop:0") && !bob.offers("end") && !bob.offers("discard"));
        for bad in ["fly", "drop:x", "drop:7", "take:9:blood", "discard:many", ""] {
            assert!(book().seat_event(&g, "fighter-0", bad, &Values::new()).is_err(), "{bad}");
        }
        assert!(book().seat_event(&g, "fighter-5", "end", &Values::new()).is_err());
    }

    #[test]
    fn a_watcher_sees_the_public_table_only() {
        let g = ann_armed();
        let watcher = view(&g, None);
        assert_eq!((watcher.seat.as_str(), watcher.your_turn), ("", false));
        assert!(watcher.hand.is_empty() && watcher.counters.is_empty() && watcher.prompts.is_empty());
        assert_eq!(watcher.table.len(), 1);
        assert_eq!(watcher.choices().count(), 0);
        assert_eq!(
            watcher.status[0],
            "Ann (Agency Operative): 0 frags, Health 2 of 2, 5 cards in hand, in play · their turn"
        );
        assert_eq!(watcher.status[3], "Ann must discard 1 card before the turn ends.");
    }

    #[test]
    fn a_fighter_down_is_asked_for_his_cure_on_his_phone() {
        let mut g = deadlands();
        ok(&mut g, Event::Respawn { square: Some(3) });
        ok(&mut g, Event::RollMovement { dice: vec![1, 1], extra_dice: 0 });
        ok(&mut g, Event::EndTurn);
        ok(&mut g, Event::Wound { player: ANN, amount: 3, cure: true });
        let ann = view(&g, Some("fighter-0"));
        assert!(ann.your_turn, "the cure is Ann's to answer, on Bob's turn");
        assert_eq!(ann.prompts.len(), 2);
        assert_eq!(ann.prompts[0].choices, [Choice::new("nocure", "No cure: fragged")]);
        // While her frag waits, the rules take only a healing card from her hand.
        assert_eq!(ann.prompts[1].text, "Play a card from your hand");
        let heals: Vec<&str> = ann.prompts[1].choices.iter().map(|c| c.id.as_str()).collect();
        assert_eq!(heals, ["play:heal", "play:heal:beyond"]);
        let bob = view(&g, Some("fighter-1"));
        assert!(!bob.your_turn);
        assert!(ids(&bob).is_empty(), "nothing else happens until Ann answers");
        assert_eq!(
            book().seat_event(&g, "fighter-0", "nocure", &Values::new()),
            Ok(Event::NoCure { player: ANN })
        );
        let mut cured = g.clone();
        ok(&mut g, Event::NoCure { player: ANN });
        assert!(!view(&g, Some("fighter-0")).your_turn);

        // Or her healing card, typed on her phone, as the host's cure panel commits it.
        let bandages = values(&[("name", "Bandages"), ("amount", "2")]);
        let event = book().seat_event(&cured, "fighter-0", "play:heal", &bandages).expect("an event");
        let heal = Play::Heal { name: "Bandages".into(), amount: 2, beyond_max: false };
        assert_eq!(event, Event::Play { player: ANN, card: heal, on: None });
        ok(&mut cured, event);
        assert_eq!(cured.last_line(), Some("Ann plays Bandages: cured with Health 1, not fragged"));
        assert!(cured.state.cure.is_none());
        assert!(book().seat_event(&cured, "fighter-0", "play:heal", &bandages).is_err(), "Bob's turn again");
    }

    #[test]
    fn the_zombies_variant_offers_its_event_cards_and_deadlands_does_not() {
        let deadlands = view(&ann_armed(), Some("fighter-0"));
        assert!(ids(&deadlands).iter().all(|id| !id.starts_with("play:event")), "{:?}", ids(&deadlands));
        let mut g = zombies();
        let ann = view(&g, Some("fighter-0"));
        let play =
            ann.prompts.iter().find(|p| p.text == "Play a card from your hand").expect("a play prompt");
        let offered: Vec<(&str, &str)> =
            play.choices.iter().map(|c| (c.id.as_str(), c.label.as_str())).collect();
        assert_eq!(
            offered,
            [
                ("play:weapon", "Weapon card"),
                ("play:armour", "Armour"),
                ("play:gadget", "Gadget"),
                ("play:event", "Event card"),
                ("play:event:lasting", "Event card that stays in play"),
                ("play:event-roll:0", "First Aid Kit"),
                ("play:event-weapon:0", "Chainsaw (its weapon card kept for the game)"),
                ("play:heal", "Healing card"),
                ("play:heal:beyond", "Healing card that may go above your Health"),
                ("play:other", "Any other card")
            ]
        );
        assert_eq!(
            ann.choice("play:event-roll:0").expect("offered").fields,
            [Field::number("roll", "Your d6 for the First Aid Kit (blood counters)", 1, 6)]
        );
        assert_eq!(
            ann.choice("play:event-roll:0").expect("offered").check(&values(&[("roll", "7")])),
            Err("Your d6 for the First Aid Kit (blood counters) is a whole number from 1 to 6.".to_owned())
        );

        // The First Aid Kit with its d6: that many blood counters.
        let kit = book()
            .seat_event(&g, "fighter-0", "play:event-roll:0", &values(&[("roll", "4")]))
            .expect("an event");
        let card = Play::Event { name: "First Aid Kit".into(), lasting: false, roll: Some(4), weapon: None };
        assert_eq!(kit, Event::Play { player: ANN, card, on: None });
        ok(&mut g, kit);
        assert_eq!(g.state.players[ANN].blood, 4);

        // The Chainsaw typed as a plain event card: the rules ask for its weapon card.
        let plain = book()
            .seat_event(&g, "fighter-0", "play:event", &values(&[("name", "Chainsaw")]))
            .expect("an event");
        let refused = g.apply(book(), &plain).expect_err("refused");
        assert!(refused.to_string().contains("type the weapon card the Chainsaw puts in play"), "{refused}");
        let saw = values(&[("dice", "3"), ("extra", "0"), ("ammo", "0")]);
        let event = book().seat_event(&g, "fighter-0", "play:event-weapon:0", &saw).expect("an event");
        let weapon = WeaponCard { name: "Chainsaw".into(), dice: 3, extra: 0, ammo: None };
        let card = Play::Event { name: "Chainsaw".into(), lasting: false, roll: None, weapon: Some(weapon) };
        assert_eq!(event, Event::Play { player: ANN, card, on: None });
        ok(&mut g, event);
        assert!(g.state.players[ANN].weapons[0].kept);
    }

    /// Frag Zombies!!!: Ann (Saloon Gal 2/3/2) rolled 6 to Bob's (Mad Scientist 3/2/2) 2 and
    /// goes first; three cards each from the set-up.
    fn zombies() -> Game {
        let players = vec![seat("Ann", "saloon-gal", (2, 3, 2)), seat("Bob", "mad-scientist", (3, 2, 2))];
        let mut g = new_game(Variant::Zombies, players, None);
        ok(&mut g, Event::TieRoll { rolls: vec![6, 2] });
        g
    }

    #[test]
    fn a_zombies_fighter_respawns_at_town_square_with_no_die() {
        let mut g = zombies();
        // A card frags Bob on Ann's turn; Ann plays her turn out.
        ok(&mut g, Event::Wound { player: BOB, amount: 3, cure: false });
        ok(&mut g, Event::PlaceTile { tile: Some("Hospital".into()), zombies: 20 });
        ok(&mut g, Event::ZombiesMove { roll: 1 });
        ok(&mut g, Event::ZombiesAdjacent { count: 0 });
        let ann = view(&g, Some("fighter-0"));
        assert_eq!(ann.counters[1], Counter { label: "Zombie frags".into(), value: "0 of 25".into() });
        let end = book().seat_event(&g, "fighter-0", "end", &Values::new()).expect("an event");
        ok(&mut g, end);
        let bob = view(&g, Some("fighter-1"));
        assert_eq!(bob.prompts[0].choices, [Choice::new("respawn", "Respawn at Town Square")]);
        assert!(!view(&g, Some("fighter-0")).offers("respawn"));
        let event = book().seat_event(&g, "fighter-1", "respawn", &Values::new()).expect("an event");
        ok(&mut g, event);
        assert!(g.state.players[BOB].is_active());
    }
}
