//! The sharing server in-process, on `127.0.0.1:0`, with a toy game of two seats: each holds
//! a hand of numbered cards nobody else sees, and on its turn plays one face up.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};

use serde_json::{Value, json};

use super::*;
use crate::kernel::log::{Log, Rules, Summary, TableRules};
use crate::kernel::seat::{CardView, Choice, Field, Prompt, Seat, SeatRules, SeatView};
use crate::session::{Seated, Table};

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
enum Ev {
    /// Deals each seat its hand.
    Deal([Vec<u32>; 2]),
    /// Seat 0 or 1 plays a card from its hand.
    Play(usize, u32),
}

#[derive(Clone, Debug, Default)]
struct Dealt {
    hands: [Vec<u32>; 2],
    turn: usize,
    played: Vec<u32>,
}

#[derive(Debug, thiserror::Error)]
#[error("{0}")]
struct No(&'static str);

struct Cards;

impl Rules for Cards {
    type State = Dealt;
    type Event = Ev;
    type Error = No;

    fn apply(&self, state: &mut Dealt, event: &Ev) -> Result<(), No> {
        match event {
            Ev::Deal(hands) => {
                state.hands.clone_from(hands);
                Ok(())
            }
            Ev::Play(seat, card) => {
                if *seat != state.turn {
                    return Err(No("not your turn"));
                }
                let at = state.hands[*seat].iter().position(|c| c == card).ok_or(No("not in your hand"))?;
                state.hands[*seat].remove(at);
                state.played.push(*card);
                state.turn = 1 - state.turn;
                Ok(())
            }
        }
    }

    fn describe(&self, _before: &Dealt, _after: &Dealt, event: &Ev) -> String {
        match event {
            Ev::Deal(_) => "Cards dealt".to_owned(),
            Ev::Play(seat, card) => format!("{} plays {card}", NAMES[*seat]),
        }
    }
}

impl TableRules for Cards {
    fn summary(&self, state: &Dealt) -> Summary {
        Summary::new(format!("{} played", state.played.len()), false)
    }

    fn is_start(event: &Ev) -> bool {
        matches!(event, Ev::Deal(_))
    }
}

const IDS: [&str; 2] = ["north", "south"];
const NAMES: [&str; 2] = ["North", "South"];

impl SeatRules for Cards {
    fn seats(&self, _game: &Log<Self>) -> Vec<Seat> {
        IDS.iter().zip(NAMES).map(|(id, name)| Seat { id: (*id).to_owned(), name: name.to_owned() }).collect()
    }

    fn seat_view(&self, game: &Log<Self>, seat: Option<&str>) -> Option<SeatView> {
        let index = match seat {
            Some(seat) => Some(IDS.iter().position(|id| *id == seat)?),
            None => None,
        };
        let hand = index.map_or_else(Vec::new, |i| {
            game.hands[i]
                .iter()
                .map(|card| CardView {
                    face: format!("card {card}"),
                    actions: if game.turn == i {
                        vec![Choice::new(format!("play:{card}"), "Play")]
                    } else {
                        vec![]
                    },
                    ..CardView::default()
                })
                .collect()
        });
        Some(SeatView {
            seat: seat.unwrap_or_default().to_owned(),
            name: index.map(|i| NAMES[i].to_owned()).unwrap_or_default(),
            headline: format!("{}'s turn", NAMES[game.turn]),
            your_turn: index == Some(game.turn),
            hand,
            table: game
                .played
                .iter()
                .map(|c| CardView { face: format!("played {c}"), ..CardView::default() })
                .collect(),
            log: crate::kernel::seat::recent(game),
            // A card typed in, as a player names a real card they hold.
            prompts: if index == Some(game.turn) {
                vec![Prompt {
                    text: "Or name the card you play".into(),
                    choices: vec![
                        Choice::new("typed", "Play it").with_field(Field::number("card", "Card", 1, 9)),
                    ],
                }]
            } else {
                vec![]
            },
            ..SeatView::default()
        })
    }

    fn seat_event(
        &self,
        _game: &Log<Self>,
        seat: &str,
        choice: &str,
        values: &crate::kernel::seat::Values,
    ) -> Result<Ev, String> {
        let index = IDS.iter().position(|id| *id == seat).ok_or("no such seat")?;
        if choice == "typed" {
            let card = crate::kernel::seat::number(values, "card").and_then(|n| u32::try_from(n).ok());
            return Ok(Ev::Play(index, card.ok_or("no card")?));
        }
        let card = choice.strip_prefix("play:").and_then(|c| c.parse().ok()).ok_or("no such choice")?;
        Ok(Ev::Play(index, card))
    }
}

type Game = Log<Cards>;

/// A table in `dir` with a game dealt North 1, 2, 3 and South 7, 8, 9.
fn dealt(dir: &tempfile::TempDir) -> Table<Game> {
    let mut table = Table::new(Some(DataDir::at(dir.path())), "game");
    table.start(&Cards, &Ev::Deal([vec![1, 2, 3], vec![7, 8, 9]])).expect("dealt");
    table
}

fn local() -> Options {
    Options { bind: IpAddr::V4(Ipv4Addr::LOCALHOST), port: Some(0), title: "Cards".to_owned() }
}

fn share(table: &mut Table<Game>, dir: &tempfile::TempDir) -> Share {
    let data = DataDir::at(dir.path());
    Share::start(&Seated { table, rules: &Cards }, Some(&data), &local(), Box::new(|| {})).expect("shared")
}

/// One request, answered and closed: the status and the body as JSON (or as text in a string).
fn request(at: SocketAddr, method: &str, path: &str, body: &str) -> (u16, Value) {
    super::phone::request(at, method, path, body).expect("answered")
}

/// A seat's stream of views, as its phone reads it.
struct Stream(super::phone::Stream);

impl Stream {
    fn open(at: SocketAddr, path: &str) -> Stream {
        Stream(super::phone::Stream::open(at, path).expect("a stream"))
    }

    /// The next message: its event name and its data.
    fn next(&mut self) -> (String, Value) {
        self.0.next_message().expect("a message")
    }
}

fn claim(at: SocketAddr, code: &str, seat: &str) -> String {
    super::phone::claim(at, code, seat).expect("claimed")
}

/// Sends a choice while the host pumps, as the window does each frame.
fn act(share: &mut Share, table: &mut Table<Game>, body: Value) -> (u16, Value) {
    let (at, code) = (share.listening, share.code().to_owned());
    let client = std::thread::spawn(move || request(at, "POST", &format!("/{code}/act"), &body.to_string()));
    while !client.is_finished() {
        share.wait_and_pump(&mut Seated { table, rules: &Cards }, Duration::from_millis(20));
    }
    client.join().expect("answered")
}

fn faces(view: &Value, part: &str) -> Vec<String> {
    view[part]
        .as_array()
        .expect("cards")
        .iter()
        .map(|c| c["face"].as_str().unwrap_or("").to_owned())
        .collect()
}

#[test]
fn each_seat_sees_only_its_own_hand_and_a_play_reaches_the_other_seat() {
    let dir = tempfile::tempdir().expect("temp");
    let mut table = dealt(&dir);
    let mut share = share(&mut table, &dir);
    let (at, code) = (share.listening, share.code().to_owned());
    assert_eq!(share.addresses, [format!("http://127.0.0.1:{}/{code}", at.port())]);

    let (status, list) = request(at, "GET", &format!("/{code}/seats"), "");
    assert_eq!(status, 200);
    assert_eq!(
        list["seats"],
        json!([{"id": "north", "name": "North", "taken": false}, {"id": "south", "name": "South", "taken": false}])
    );
    let north = claim(at, &code, "north");
    let south = claim(at, &code, "south");
    let mut north_sees = Stream::open(at, &format!("/{code}/events?seat=north&secret={north}"));
    let mut south_sees = Stream::open(at, &format!("/{code}/events?seat=south&secret={south}"));

    let (event, first) = north_sees.next();
    assert_eq!(event, "view");
    assert_eq!(faces(&first, "hand"), ["card 1", "card 2", "card 3"]);
    assert_eq!(first["your_turn"], true);
    let (_, first) = south_sees.next();
    assert_eq!(faces(&first, "hand"), ["card 7", "card 8", "card 9"]);
    assert!(first["hand"][0]["actions"].as_array().expect("actions").is_empty(), "South waits");

    let (status, body) =
        act(&mut share, &mut table, json!({"seat": "north", "secret": north, "choice": "play:2"}));
    assert_eq!((status, body), (200, json!({"line": "North plays 2"})));
    assert_eq!(table.game().expect("open").events.len(), 2, "journaled on the host");
    let journal = std::fs::read_to_string(DataDir::at(dir.path()).game_path(table.open_id().expect("id")))
        .expect("journal");
    assert_eq!(journal.lines().count(), 2);

    // Every message, not only the first, holds only the seat's own hand.
    let (_, after) = south_sees.next();
    assert_eq!(faces(&after, "table"), ["played 2"]);
    assert_eq!(faces(&after, "hand"), ["card 7", "card 8", "card 9"]);
    assert_eq!(after["your_turn"], true);
    assert!(!after.to_string().contains("card 1") && !after.to_string().contains("card 3"));
    let (_, after) = north_sees.next();
    assert_eq!(faces(&after, "hand"), ["card 1", "card 3"]);
    assert!(!after.to_string().contains("card 7"));
    assert_eq!(share.seats().iter().filter(|(_, held)| *held).count(), 2);
}

#[test]
fn refused_requests_change_nothing() {
    let dir = tempfile::tempdir().expect("temp");
    let mut table = dealt(&dir);
    let mut share = share(&mut table, &dir);
    let (at, code) = (share.listening, share.code().to_owned());
    let north = claim(at, &code, "north");
    let south = claim(at, &code, "south");

    let refusals = [
        // Out of turn: South's cards offer no play yet.
        (
            json!({"seat": "south", "secret": south, "choice": "play:7"}),
            409,
            "That is not something this seat can do now.",
        ),
        // A card North does not hold.
        (
            json!({"seat": "north", "secret": north, "choice": "play:7"}),
            409,
            "That is not something this seat can do now.",
        ),
        // A wrong secret, and another seat's.
        (
            json!({"seat": "north", "secret": "0".repeat(32), "choice": "play:1"}),
            403,
            "This phone does not hold that seat: pick a seat again.",
        ),
        (
            json!({"seat": "north", "secret": south, "choice": "play:1"}),
            403,
            "This phone does not hold that seat: pick a seat again.",
        ),
    ];
    for (body, status, why) in refusals {
        assert_eq!(act(&mut share, &mut table, body), (status, json!({"error": why})));
    }
    let oversized = json!({"seat": "north", "secret": north, "choice": "x".repeat(BODY_LIMIT)}).to_string();
    assert_eq!(
        request(at, "POST", &format!("/{code}/act"), &oversized),
        (413, json!({"error": "That message is too long."}))
    );
    for malformed in [
        "{\"seat\": ",
        "[1, 2]",
        "{\"seat\": \"north\", \"secret\": \"x\", \"choice\": \"play:1\", \"more\": 1}",
    ] {
        assert_eq!(
            request(at, "POST", &format!("/{code}/act"), malformed),
            (400, json!({"error": "That message is not understood."}))
        );
    }
    assert_eq!(request(at, "POST", &format!("/{code}/claim"), &json!({"seat": "north"}).to_string()).0, 409);
    assert_eq!(request(at, "POST", &format!("/{code}/claim"), &json!({"seat": "east"}).to_string()).0, 404);
    // Nothing but the page and its messages, and only under the join code.
    for path in
        ["/", "/favicon.ico", "/ABCD/seats", &format!("/{code}/../games"), &format!("/{code}/page.html")]
    {
        assert_eq!(request(at, "GET", path, "").0, 404, "{path}");
    }
    assert_eq!(table.game().expect("open").events.len(), 1, "nothing was played");
    let (status, _) =
        act(&mut share, &mut table, json!({"seat": "north", "secret": north, "choice": "play:1"}));
    assert_eq!(status, 200);
}

#[test]
fn a_typed_value_is_checked_against_its_field_before_the_rules_see_it() {
    let dir = tempfile::tempdir().expect("temp");
    let mut table = dealt(&dir);
    let mut share = share(&mut table, &dir);
    let (at, code) = (share.listening, share.code().to_owned());
    let north = claim(at, &code, "north");
    for (values, why) in [
        (json!({}), "Fill in Card."),
        (json!({"card": "12"}), "Card is a whole number from 1 to 9."),
        (json!({"card": "3", "extra": "1"}), "'extra' is not asked for here."),
        // Within the field, but not a card North holds: the rules refuse it.
        (json!({"card": "8"}), "That cannot be done: not in your hand."),
    ] {
        let body = json!({"seat": "north", "secret": north, "choice": "typed", "values": values});
        assert_eq!(act(&mut share, &mut table, body), (409, json!({"error": why})));
    }
    assert_eq!(table.game().expect("open").events.len(), 1, "nothing was played");
    let body = json!({"seat": "north", "secret": north, "choice": "typed", "values": {"card": " 3 "}});
    assert_eq!(act(&mut share, &mut table, body), (200, json!({"line": "North plays 3"})));
}

#[test]
fn a_phone_that_reconnects_catches_up_and_a_restarted_host_lets_it_back_in() {
    let dir = tempfile::tempdir().expect("temp");
    let mut table = dealt(&dir);
    let id = table.open_id().expect("id").to_owned();
    let mut share = share(&mut table, &dir);
    let (at, code) = (share.listening, share.code().to_owned());
    let north = claim(at, &code, "north");
    let south = claim(at, &code, "south");
    let events = format!("/{code}/events?seat=south&secret={south}");
    drop(Stream::open(at, &events));
    act(&mut share, &mut table, json!({"seat": "north", "secret": north, "choice": "play:3"}));
    // South was away for the play: its first message back is the game as it is now.
    let (_, caught_up) = Stream::open(at, &events).next();
    assert_eq!(faces(&caught_up, "table"), ["played 3"]);

    // The host is stopped and started again on the same game: the same code and port, and
    // each phone's secret still holds its seat.
    let port = at.port();
    share.stop();
    drop(table);
    let mut table = Table::new(Some(DataDir::at(dir.path())), "game");
    table.resume(&Cards, &id).expect("resumed");
    let data = DataDir::at(dir.path());
    let options = Options { bind: IpAddr::V4(Ipv4Addr::LOCALHOST), port: None, title: "Cards".to_owned() };
    let mut share =
        Share::start(&Seated { table: &mut table, rules: &Cards }, Some(&data), &options, Box::new(|| {}))
            .expect("shared again");
    assert_eq!((share.code(), share.listening.port()), (code.as_str(), port));
    let (_, back) = Stream::open(share.listening, &events).next();
    assert_eq!(faces(&back, "hand"), ["card 7", "card 8", "card 9"]);
    assert_eq!(back["your_turn"], true);
    let (status, body) =
        act(&mut share, &mut table, json!({"seat": "south", "secret": south, "choice": "play:8"}));
    assert_eq!((status, body), (200, json!({"line": "South plays 8"})));
}

#[test]
fn a_freed_seat_ends_its_stream_and_a_watcher_sees_no_hand() {
    let dir = tempfile::tempdir().expect("temp");
    let mut table = dealt(&dir);
    let mut share = share(&mut table, &dir);
    let (at, code) = (share.listening, share.code().to_owned());
    let north = claim(at, &code, "north");
    let mut watcher = Stream::open(at, &format!("/{code}/events"));
    let (_, public) = watcher.next();
    assert_eq!(public["hand"], json!([]));
    assert_eq!(public["headline"], "North's turn");

    let mut stream = Stream::open(at, &format!("/{code}/events?seat=north&secret={north}"));
    stream.next();
    share.free_seat("north").expect("freed");
    assert_eq!(stream.next().0, "gone");
    let (status, _) = request(at, "GET", &format!("/{code}/events?seat=north&secret={north}"), "");
    assert_eq!(status, 403);
    assert_eq!(claim(at, &code, "north").len(), 32, "another phone may take it");
    share.stop();
    assert_eq!(watcher.next().0, "stopped");
}

#[test]
fn the_page_is_served_under_the_join_code_only() {
    let dir = tempfile::tempdir().expect("temp");
    let mut table = dealt(&dir);
    let share = share(&mut table, &dir);
    let (at, code) = (share.listening, share.code().to_owned());
    let (status, page) = request(at, "GET", &format!("/{}", code.to_lowercase()), "");
    assert_eq!(status, 200);
    assert!(page.as_str().is_some_and(|p| p.starts_with("<!doctype html>")));
}

#[test]
fn too_many_requests_from_one_phone_are_refused_until_it_slows_down() {
    let dir = tempfile::tempdir().expect("temp");
    let mut table = dealt(&dir);
    let share = share(&mut table, &dir);
    let (at, code) = (share.listening, share.code().to_owned());
    let statuses: Vec<u16> = (0..60).map(|_| request(at, "GET", &format!("/{code}/seats"), "").0).collect();
    assert!(statuses[..40].iter().all(|s| *s == 200), "{statuses:?}");
    assert_eq!(statuses.last(), Some(&429));
}
