//! Sharing the game at the table from the window (issue 22): the top bar's Share at the table,
//! its panel, a phone (a raw HTTP client on `127.0.0.1`) taking a seat and playing a choice
//! its view offers, the host undoing it, freeing the seat, and sharing stopping when the game
//! is closed. Dead Man's Hand, Tombstone Law against The Clanton Gang from [`SEED`], turn 1's
//! cards dealt.

use std::net::{IpAddr, Ipv4Addr, SocketAddr, TcpStream};
use std::time::Duration;

use egui::accesskit::Role;
use egui_kittest::kittest::Queryable as _;
use posse::share::phone::Stream;
use serde_json::{Value, json};

use super::support::{App, Dmh as _, SEED, data_with, dealt, game, last_line, play_on, press, start};

/// One request, answered and closed: the status and the body as JSON (or as text in a string).
fn request(at: SocketAddr, method: &str, path: &str, body: &str) -> (u16, Value) {
    posse::share::phone::request(at, method, path, body).expect("answered")
}

/// Where the game is shared, and its join code.
fn shared_at(h: &App) -> (SocketAddr, String) {
    let share = h.state().sharing.running().expect("shared");
    (share.listening, share.code().to_owned())
}

/// Sends a seat's choice while the window draws its frames (the host carries phones' choices
/// out once a frame).
fn act(h: &mut App, seat: &str, secret: &str, choice: &str) -> (u16, Value) {
    let (at, code) = shared_at(h);
    let body = json!({"seat": seat, "secret": secret, "choice": choice}).to_string();
    let phone = std::thread::spawn(move || request(at, "POST", &format!("/{code}/act"), &body));
    while !phone.is_finished() {
        h.step();
        std::thread::sleep(Duration::from_millis(5));
    }
    let answer = phone.join().expect("answered");
    h.run();
    answer
}

/// Every choice a view offers, by id: its hand's and table's cards' and its prompts'.
fn choices(view: &Value) -> Vec<String> {
    let cards =
        ["hand", "table"].into_iter().flat_map(|part| view[part].as_array().cloned().unwrap_or_default());
    let on_cards = cards.flat_map(|card| card["actions"].as_array().cloned().unwrap_or_default());
    let prompts = view["prompts"].as_array().cloned().unwrap_or_default();
    let in_prompts = prompts.into_iter().flat_map(|p| p["choices"].as_array().cloned().unwrap_or_default());
    on_cards.chain(in_prompts).filter_map(|c| c["id"].as_str().map(str::to_owned)).collect()
}

/// Whether the top bar shows Share at the table (the panel's title is the same words).
fn share_button(h: &App) -> bool {
    h.query_by_role_and_label(Role::Button, "Share at the table").is_some()
}

/// Opens the panel and starts sharing on `127.0.0.1`, any free port.
fn start_sharing(h: &mut App) {
    press(h, "Share at the table");
    h.get_by_label("Start sharing");
    let sharing = &mut h.state_mut().sharing;
    sharing.addresses = vec![IpAddr::V4(Ipv4Addr::LOCALHOST)];
    sharing.address = 0;
    "0".clone_into(&mut sharing.port);
    h.run();
    press(h, "Start sharing");
}

#[test]
fn the_share_button_shows_only_while_a_game_is_open() {
    let dir = data_with(&["lawmen-21", "outlaws-21"]);
    let mut h = play_on(dir.path());
    assert!(!share_button(&h), "no game, nothing to share");
    start(&mut h, SEED, None);
    assert!(share_button(&h), "a game is open");
}

/// Tombstone Law's phone plays 8♥ (Spotted Horse) on Wyatt Earp; the Clantons, at the host,
/// trump it with 8♠; the host undoes both. The trump goes back behind the Clantons' hand-over
/// screen, and the 8♥ back to the phone's hand with nothing more on the host: the Law's hand
/// was never open here (the host showed "Pass to the Lawmen player — tap to show hand", a
/// hand-over for a hand that lives on the phone, to be cancelled).
#[test]
fn the_host_undoing_a_phones_card_and_its_own_trump_leaves_no_hand_over_for_the_phone() {
    let (_dir, mut h) = dealt();
    start_sharing(&mut h);
    let (at, code) = shared_at(&h);
    let (status, body) =
        request(at, "POST", &format!("/{code}/claim"), &json!({"seat": "side-a"}).to_string());
    assert_eq!(status, 200, "{body}");
    let secret = body["secret"].as_str().expect("a secret").to_owned();
    h.run();
    let events = game(&h).events.len();
    let line = "Turn 1 · Tombstone Law play 8♥ (Spotted Horse cannot be killed by a bullet) on Wyatt Earp";
    assert_eq!(act(&mut h, "side-a", &secret, "play:8H:0.0"), (200, json!({"line": line})));
    press(&mut h, "Pass to the Outlaws player — tap to trump it or let it stand");
    press(&mut h, "Trump with 8♠");
    assert_eq!(game(&h).events.len(), events + 2);
    let trump = last_line(&h).to_owned();
    press(&mut h, &format!("Undo: {trump}"));
    h.get_by_role_and_label(Role::Button, "Pass to the Outlaws player — tap to trump it or let it stand");
    press(&mut h, &format!("Undo: {line}"));
    assert_eq!(game(&h).events.len(), events);
    assert!(game(&h).pending.is_none());
    assert!(
        h.query_by_label_contains("tap to show hand").is_none(),
        "no hand-over for the phone's hand on the host"
    );
}

#[test]
fn a_phone_takes_a_seat_and_plays_the_host_undoes_it_and_closing_the_game_stops_sharing() {
    let (_dir, mut h) = dealt();
    start_sharing(&mut h);
    let (at, code) = shared_at(&h);
    h.get_by_label(&format!("http://127.0.0.1:{}/{code}", at.port()));
    h.get_by_label(&format!("Join code {code}"));
    h.get_by_label("Tombstone Law (Lawmen) · free");
    h.get_by_label("The Clanton Gang (Outlaws) · free");
    h.get_by_label("Sharing · 0 of 2 seats");
    assert!(h.query_by_label("Free seat").is_none(), "no seat is held");

    // A phone takes Tombstone Law's seat.
    let (status, body) =
        request(at, "POST", &format!("/{code}/claim"), &json!({"seat": "side-a"}).to_string());
    assert_eq!(status, 200, "{body}");
    let secret = body["secret"].as_str().expect("a secret").to_owned();
    h.run();
    h.get_by_label("Tombstone Law (Lawmen) · taken");
    h.get_by_label("The Clanton Gang (Outlaws) · free");
    h.get_by_label("Sharing · 1 of 2 seats");

    // Its view: its own hand, what it may do with each card on Wyatt Earp's activation.
    let mut phone =
        Stream::open(at, &format!("/{code}/events?seat=side-a&secret={secret}")).expect("a stream");
    let before = phone.next_view().expect("a view");
    assert_eq!(before["headline"], "Turn 1 · Wyatt Earp (A♥) of Tombstone Law acts");
    assert_eq!(before["your_turn"], true);
    let on = |who: usize| format!("play:8H:0.{who}");
    let mut offered: Vec<String> = (0..7).map(on).collect();
    offered.extend(["play:6H", "play:JH", "play:6D"].map(str::to_owned));
    assert_eq!(choices(&before), offered);

    // A card its view does not offer (Yellow Belly, with no nerve test due) changes nothing.
    let events = game(&h).events.len();
    let refused = act(&mut h, "side-a", &secret, "play:9D");
    assert_eq!(refused, (409, json!({"error": "That is not something this seat can do now."})));
    assert_eq!(game(&h).events.len(), events);

    // Spotted Horse on Wyatt Earp, from the phone: one more event at the host, named by Undo.
    let line = "Turn 1 · Tombstone Law play 8♥ (Spotted Horse cannot be killed by a bullet) on Wyatt Earp";
    assert_eq!(act(&mut h, "side-a", &secret, "play:8H:0.0"), (200, json!({"line": line})));
    assert_eq!(game(&h).events.len(), events + 1);
    assert_eq!(last_line(&h), line);
    h.get_by_label(&format!("Undo: {line}"));
    let after = phone.next_view().expect("a view");
    assert_eq!(after["your_turn"], false, "The Clanton Gang may trump it");
    assert_eq!(choices(&after), Vec::<String>::new());

    // Undone on the host: the phone is sent its view as it was.
    press(&mut h, &format!("Undo: {line}"));
    assert_eq!(game(&h).events.len(), events);
    assert_eq!(phone.next_view().expect("a view"), before);

    // Freed: the phone's stream ends and the seat is free for another.
    press(&mut h, "Free seat");
    assert_eq!(phone.next_message().expect("a message").0, "gone");
    h.get_by_label("Tombstone Law (Lawmen) · free");
    h.get_by_label("Sharing · 0 of 2 seats");
    let (status, _) = request(at, "GET", &format!("/{code}/events?seat=side-a&secret={secret}"), "");
    assert_eq!(status, 403);

    // Closing the game stops sharing: every stream ends and the port no longer answers.
    let mut watcher = Stream::open(at, &format!("/{code}/events")).expect("a stream");
    assert_eq!(watcher.next_view().expect("a view")["hand"], json!([]));
    press(&mut h, "Close game");
    assert!(h.state().dmh().table.open_id().is_none());
    assert!(h.state().sharing.running().is_none());
    h.get_by_label("Sharing stopped: the game was closed.");
    assert!(h.query_by_label_contains("Sharing ·").is_none(), "nothing is shared");
    assert!(!share_button(&h), "no game, nothing to share");
    assert_eq!(watcher.next_message().expect("a message").0, "stopped");
    // The listener closes on a thread of its own, within a moment.
    let deadline = std::time::Instant::now() + Duration::from_secs(3);
    while TcpStream::connect(at).is_ok() && std::time::Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(TcpStream::connect(at).is_err(), "{at} still answers");
}
