//! Set-up: the saved games to resume, a new game of either variant with two to six saved
//! fighters, then who goes first: each player's poker hand typed from the real cards (or dealt
//! by Posse), and a d6 for players tied at the top.

use egui::{RichText, Ui};

use super::super::fighters::fighter_label;
use super::super::{combo, die, stepper};
use super::{PlayCommand, PlayState, main_button, who};
use crate::systems::frag::game::{EDITION, Event, Game, HouseRules, Seat, Setup};
use crate::systems::frag::rules::data::{Rulebook, Variant};
use crate::systems::frag::rules::poker::{self, PokerCard};
use crate::ui::table::{SavedAction, SavedWords, saved_games_ui};
use crate::ui::theme;
use crate::ui::widgets::{choice, problem, row, row_label};

/// One seat at the table being set up: the player's name and the id of his saved fighter.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SeatForm {
    pub name: String,
    pub fighter: String,
}

/// The new game being set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupForm {
    pub variant: Variant,
    /// The seats in clockwise order: turns go in this order.
    pub seats: Vec<SeatForm>,
    pub frag_target: u32,
    /// The table's own readings (all off: the book).
    pub house: HouseRules,
}

impl Default for SetupForm {
    fn default() -> SetupForm {
        SetupForm {
            variant: Variant::Deadlands,
            seats: vec![SeatForm::default(); 2],
            frag_target: 3,
            house: HouseRules::default(),
        }
    }
}

/// The set-up screen: games to resume, then a new game.
pub fn setup_ui(
    ui: &mut Ui,
    book: &Rulebook,
    view: &super::PlayView<'_>,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    let v = ui.visuals().clone();
    let fighters = view.fighters;
    let words = SavedWords { heading: "Games to resume", plural: "games" };
    match saved_games_ui(ui, view.saved, view.last_deleted, words) {
        Some(SavedAction::Resume(id)) => commands.push(PlayCommand::Resume(id)),
        Some(SavedAction::Delete(id)) => commands.push(PlayCommand::Delete(id)),
        Some(SavedAction::UndoDelete) => commands.push(PlayCommand::UndoDelete),
        None => {}
    }
    ui.label(theme::heading(&v, "New game"));
    let form = &mut state.setup;
    choice(
        ui,
        "Game",
        &mut form.variant,
        &[(Variant::Deadlands, Variant::Deadlands.title()), (Variant::Zombies, Variant::Zombies.title())],
        |_| true,
    );
    frags_to_win_ui(ui, form);
    crate::ui::widgets::toggle(
        ui,
        &mut form.house.operative_rerolls_defence,
        "House rule: the Agency Operative rerolls the 1s on the defence dice too",
    );
    let options: Vec<(String, String)> = fighters
        .iter()
        .filter_map(|e| e.fighter.as_ref().ok().map(|f| (e.id.clone(), fighter_label(book, f))))
        .collect();
    if options.is_empty() {
        problem(ui, "Design the fighters on the Fighters tab first: each player plays one.");
    }
    ui.label(
        RichText::new("Seat the players clockwise: turns go round in this order.").color(theme::muted(&v)),
    );
    let mut remove = None;
    let seats = form.seats.len();
    for (i, seat) in form.seats.iter_mut().enumerate() {
        ui.push_id(("seat", i), |ui| {
            let n = i + 1;
            row(ui, |ui| {
                let l = row_label(ui, &format!("Player {n}'s name"));
                ui.add(egui::TextEdit::singleline(&mut seat.name).desired_width(200.0)).labelled_by(l.id);
                if seats > book.core.players_min && ui.button("Remove").clicked() {
                    remove = Some(i);
                }
            });
            combo(
                ui,
                &format!("Player {n}'s fighter"),
                ("frag-seat-fighter", i),
                &mut seat.fighter,
                &options,
            );
        });
    }
    if let Some(i) = remove {
        form.seats.remove(i);
    }
    if form.seats.len() < book.core.players_max && ui.button("Add a player").clicked() {
        form.seats.push(SeatForm::default());
    }
    let mut setup_seats = Vec::new();
    let mut missing = None;
    for (i, seat) in form.seats.iter().enumerate() {
        match fighters.iter().find(|e| e.id == seat.fighter).and_then(|e| e.fighter.as_ref().ok()) {
            Some(f) => setup_seats.push(Seat { name: seat.name.trim().to_owned(), fighter: f.clone() }),
            None => missing = missing.or(Some(i + 1)),
        }
    }
    let setup = Setup {
        variant: form.variant,
        players: setup_seats,
        frag_target: (form.variant == Variant::Deadlands).then_some(form.frag_target),
        house: form.house,
        edition: EDITION,
    };
    // The game says whether it can start, and why not.
    let why_not = match missing {
        Some(n) => Some(format!("Pick player {n}'s fighter.")),
        None => Game::default()
            .allows(book, &Event::Begin(Box::new(setup.clone())))
            .then_some(())
            .map_or_else(|| begin_problem(book, &setup), |()| None),
    };
    // In a line of its own, kept when there is nothing to say: *Start the game* stays put as
    // the last fighter is picked.
    crate::ui::widgets::reason_line(ui, why_not.as_deref());
    ui.add_space(6.0);
    let start = ui.add_enabled(
        why_not.is_none(),
        egui::Button::new(RichText::new("Start the game").size(theme::HEADING).strong()),
    );
    if start.clicked() {
        commands.push(PlayCommand::Start(Box::new(setup)));
    }
}

/// The frags that win a game of Frag Deadlands. The row keeps its place in Frag Zombies!!!
/// (greyed, saying why): gone, it moved every row under it up under the pointer as the game
/// was picked.
fn frags_to_win_ui(ui: &mut Ui, form: &mut SetupForm) {
    if form.variant == Variant::Deadlands {
        stepper(ui, "Frags to win", &mut form.frag_target, 1, 20);
    } else {
        crate::ui::widgets::unused_stepper(
            ui,
            "Frags to win",
            &mut form.frag_target,
            1,
            20,
            "not used in Frag Zombies!!!",
        );
    }
}

/// Why the game would refuse this set-up, as a sentence.
fn begin_problem(book: &Rulebook, setup: &Setup) -> Option<String> {
    let mut probe = Game::default();
    probe
        .apply(book, &Event::Begin(Box::new(setup.clone())))
        .err()
        .map(|e| crate::ui::sentence(&e.to_string()))
}

/// Reads a typed poker hand: five card codes (`AS KS QS JS 10S`, `JK` for a joker).
fn parse_hand(text: &str) -> Result<Vec<PokerCard>, String> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .map(|w| w.parse::<PokerCard>().map_err(|e| crate::ui::sentence(&e.to_string())))
        .collect()
}

/// Who goes first: each player's five cards, typed or dealt.
pub fn poker_ui(
    ui: &mut Ui,
    book: &Rulebook,
    game: &Game,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    let v = ui.visuals().clone();
    ui.label(theme::heading(&v, "Who goes first"));
    ui.label(
        RichText::new(
            "Each player draws five cards: type them (AS KS QS JS 10S; JK for a joker, which is wild). The best poker hand goes first; each keeps one card.",
        )
        .color(theme::muted(&v)),
    );
    let n = game.state.players.len();
    state.poker.resize(n, String::new());
    let mut hands = Vec::with_capacity(n);
    for seat in 0..n {
        let name = who(game, seat).to_owned();
        let text = &mut state.poker[seat];
        row(ui, |ui| {
            let l = row_label(ui, &format!("{name}'s poker hand"));
            ui.add(egui::TextEdit::singleline(text).desired_width(260.0).font(egui::TextStyle::Heading))
                .labelled_by(l.id);
            match parse_hand(text) {
                Ok(cards) if cards.len() == book.core.poker_hand_size => {
                    if let Ok(value) = poker::evaluate(&cards) {
                        ui.label(RichText::new(value.rank.title()).strong());
                    }
                    hands.push(Some(cards));
                }
                Ok(cards) if cards.is_empty() => hands.push(None),
                Ok(cards) => {
                    problem(ui, &format!("{} cards: a hand is {}.", cards.len(), book.core.poker_hand_size));
                    hands.push(None);
                }
                Err(e) => {
                    problem(ui, &e);
                    hands.push(None);
                }
            }
        });
    }
    row(ui, |ui| {
        let typed: Option<Vec<Vec<PokerCard>>> = hands.into_iter().collect();
        main_button(
            ui,
            book,
            game,
            "Rank the hands",
            None,
            typed.map(|hands| Event::PokerHands { hands }),
            commands,
        );
        let seed = state.seed.unwrap_or_else(rand::random);
        if ui.button("Deal the hands for us").on_hover_text("Posse shuffles 52 cards and 2 jokers").clicked()
        {
            state.seed = None;
            commands.push(PlayCommand::Apply(Event::DealPoker { seed }));
        }
    });
}

/// The players tied for the best hand roll a d6 each; the highest goes first.
pub fn tie_ui(
    ui: &mut Ui,
    game: &Game,
    tied: &[usize],
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    let v = ui.visuals().clone();
    let names: Vec<&str> = tied.iter().map(|&s| who(game, s)).collect();
    // Frag Zombies!!! rolls for who goes first (zombies:27); a tie among them rolls again.
    let first = game.state.rolled_for_first();
    let all = tied.len() == game.state.players.len();
    let (heading, roll, button) = match (first, all) {
        (true, true) => ("Who goes first: everyone rolls", "roll", "Who goes first"),
        (true, false) => ("A tie for the highest roll", "roll", "Settle the tie"),
        (false, _) => ("A tie for the best hand", "tie roll", "Settle the tie"),
    };
    ui.label(theme::heading(&v, heading));
    ui.label(format!("{} roll a d6 each: the highest goes first.", names.join(" and ")));
    // The last roll tied: its line ("…: a tie, roll again") in a line kept for it, so the
    // emptied fields say why and nothing under it moves when it comes.
    let tie = matches!(game.events.last(), Some(Event::TieRoll { .. }))
        .then(|| game.lines.last())
        .flatten()
        .map(|line| RichText::new(line).color(theme::accent(&v)).strong());
    crate::ui::widgets::status_lines(ui, theme::BODY, 2, tie);
    state.tie.resize(tied.len(), String::new());
    let mut rolls = Vec::new();
    for (k, &seat) in tied.iter().enumerate() {
        rolls.extend(die(ui, &format!("{}'s {roll}", who(game, seat)), &mut state.tie[k]));
    }
    let ready = rolls.len() == tied.len();
    if ui.add_enabled(ready, egui::Button::new(RichText::new(button).size(theme::HEADING).strong())).clicked()
    {
        commands.push(PlayCommand::Apply(Event::TieRoll { rolls }));
    }
}
