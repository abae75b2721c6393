//! A turn in the book's four phases: respawn (a d6 square, bumping chains, the Harrowed
//! Gunslinger's choice, the gallows square, Town Square), the map tile (Frag Zombies!!!), the
//! movement roll, then moves, power-ups and attacks in any order with a movement-used track;
//! in Frag Zombies!!! the zombies' move and each adjacent zombie's attack; the hand limit and
//! the end of the turn; and the win.

use egui::{RichText, Ui, vec2};

use super::super::{dice_field, die, die_with, small_stepper, stepper};
use super::{PlayCommand, PlayState, attack, cure, event_button, main_button, who};
use crate::kernel::words;
use crate::systems::frag::game::{Event, Game, Phase, RespawnHow, WinBy};
use crate::systems::frag::rules::Deck;
use crate::systems::frag::rules::combat;
use crate::systems::frag::rules::data::{Rulebook, Variant};
use crate::ui::theme;
use crate::ui::widgets::{row, row_label};

/// The current turn: whose it is, what the rules remind him of, and the phase's panel.
pub fn turn_ui(
    ui: &mut Ui,
    book: &Rulebook,
    game: &Game,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    let v = ui.visuals().clone();
    let s = &game.state;
    let (Some(seat), Some(phase)) = (s.current_player(), s.phase()) else { return };
    let character = s.character(book, seat).map_or("", |c| c.name.as_str());
    // Whose turn, and the character and the phase: on one line where there is room (the
    // phase at the right, the name cut short in what is left), on two on a phone; either way
    // cut short at the edge (whole on hover), so a long name neither wraps nor moves the
    // turn's buttons below.
    let whose = egui::Label::new(
        RichText::new(format!("{}'s turn", who(game, seat))).size(theme::BIG * 0.7).strong(),
    )
    .truncate();
    let what = egui::Label::new(
        RichText::new(format!("{character} · {}", phase.title()))
            .size(theme::HEADING)
            .color(theme::accent(&v)),
    )
    .truncate();
    if ui.available_width() >= 600.0 {
        let size = vec2(ui.available_width(), ui.spacing().interact_size.y);
        ui.allocate_ui_with_layout(size, egui::Layout::right_to_left(egui::Align::Center), |ui| {
            ui.add(what);
            ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| ui.add(whose));
        });
    } else {
        ui.add(whose);
        ui.add(what);
    }
    if let Some(bumped) = s.pending_bump {
        bump_ui(ui, book, game, bumped, state, commands);
        return;
    }
    match phase {
        Phase::Respawn => respawn_ui(ui, book, game, state, commands),
        Phase::Tile => tile_ui(ui, book, game, state, commands),
        Phase::Movement => movement_ui(ui, book, game, state, commands),
        Phase::Actions => actions_ui(ui, book, game, state, commands),
        Phase::ZombiesAttack => zombies_attack_ui(ui, book, game, state, commands),
    }
    // The start-of-turn die under the phase's panel: over it, the panel and its big button
    // (Respawn, Roll for movement, Place the tile) went up the frame's height once it was
    // rolled.
    if let Some(draw) = s.start_draw_due(book) {
        ui.add_space(theme::GAP);
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.label(&draw.text);
            let event =
                die(ui, "Start-of-turn die", &mut state.start_draw).map(|roll| Event::StartDraw { roll });
            main_button(ui, book, game, "Roll for the start-of-turn card", None, event, commands);
        });
    }
}

fn respawn_ui(
    ui: &mut Ui,
    book: &Rulebook,
    game: &Game,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    let s = &game.state;
    let Some(seat) = s.current_player() else { return };
    let name = who(game, seat).to_owned();
    match s.respawn_how(book) {
        Some(RespawnHow::Roll) => {
            ui.label(format!("{name} is off the board: a d6 picks {name}'s respawn square."));
            let event =
                die(ui, "Respawn square", &mut state.respawn).map(|n| Event::Respawn { square: Some(n) });
            main_button(ui, book, game, "Respawn", Some(egui::Key::E), event, commands);
        }
        Some(RespawnHow::Choose) => {
            ui.label(format!("{name} picks the grave to climb out of:"));
            row(ui, |ui| {
                for n in 1..=book.core.respawn_squares {
                    event_button(
                        ui,
                        book,
                        game,
                        &format!("Respawn on square {n}"),
                        Event::Respawn { square: Some(n) },
                        commands,
                    );
                }
            });
        }
        Some(RespawnHow::Gallows(g)) => {
            ui.label(format!("{name} was hanged: back on gallows square {g}, where everyone can see."));
            main_button(
                ui,
                book,
                game,
                &format!("Come back on gallows square {g}"),
                Some(egui::Key::E),
                Some(Event::Respawn { square: None }),
                commands,
            );
        }
        Some(RespawnHow::TownSquare) => {
            let place = &book.zombies.respawn_point;
            main_button(
                ui,
                book,
                game,
                &format!("Respawn at {place}"),
                Some(egui::Key::E),
                Some(Event::Respawn { square: None }),
                commands,
            );
        }
        None => {}
    }
}

fn bump_ui(
    ui: &mut Ui,
    book: &Rulebook,
    game: &Game,
    bumped: usize,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    let v = ui.visuals().clone();
    let name = who(game, bumped).to_owned();
    ui.label(
        RichText::new(format!("{name} is bumped off that square: a d6 for a new respawn square."))
            .size(theme::HEADING)
            .color(theme::accent(&v)),
    );
    let event = die(ui, &format!("{name}'s new respawn square"), &mut state.bump)
        .map(|square| Event::Bump { player: bumped, square });
    main_button(ui, book, game, &format!("Move {name}"), Some(egui::Key::E), event, commands);
}

fn tile_ui(
    ui: &mut Ui,
    book: &Rulebook,
    game: &Game,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    let s = &game.state;
    ui.label("Place a new map tile as in Zombies!!!, with its zombies from the pool.");
    row(ui, |ui| {
        let l = row_label(ui, "Map tile");
        ui.add(
            egui::TextEdit::singleline(&mut state.tile).desired_width(220.0).hint_text("its name (optional)"),
        )
        .labelled_by(l.id);
    });
    stepper(ui, "Zombies placed", &mut state.tile_zombies, 0, s.zombie_pool.min(99));
    let tile =
        Some(state.tile.trim().to_owned()).filter(|t| !t.is_empty()).or_else(|| Some("a map tile".into()));
    row(ui, |ui| {
        main_button(
            ui,
            book,
            game,
            "Place the tile",
            Some(egui::Key::E),
            Some(Event::PlaceTile { tile, zombies: state.tile_zombies }),
            commands,
        );
        event_button(ui, book, game, "No tiles left", Event::PlaceTile { tile: None, zombies: 0 }, commands);
    });
}

fn movement_ui(
    ui: &mut Ui,
    book: &Rulebook,
    game: &Game,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    let s = &game.state;
    let Some(seat) = s.current_player() else { return };
    let Some(p) = s.players.get(seat) else { return };
    if !p.is_active() {
        ui.label(format!("{} was fragged this turn: the turn is over.", p.name));
        end_turn_ui(ui, book, game, commands);
        return;
    }
    stepper(ui, "Extra dice from cards", &mut state.movement_extra, 0, 6);
    let dice = p.fighter.speed + state.movement_extra;
    let event = dice_field(ui, "Movement dice", &mut state.movement, dice)
        .map(|rolled| Event::RollMovement { dice: rolled, extra_dice: state.movement_extra });
    row(ui, |ui| {
        main_button(ui, book, game, "Roll for movement", Some(egui::Key::E), event, commands);
        event_button(ui, book, game, "Teleport instead", Event::Teleport, commands);
    });
}

/// Movement, power-ups and attacks, in any order; then the zombies (Frag Zombies!!!) or the
/// end of the turn.
fn actions_ui(
    ui: &mut Ui,
    book: &Rulebook,
    game: &Game,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    let s = &game.state;
    let Some(seat) = s.current_player() else { return };
    let Some(p) = s.players.get(seat) else { return };
    // Two columns, so the whole turn fits the window: the last result, moving, power-ups and
    // the end of the turn on the left, the attack panel on the right. In a narrow window (a
    // tablet held upright, a phone) the attack panel comes under the rest, in one column.
    let width = ui.available_width();
    if width < TWO_COLUMNS {
        turn_head_ui(ui, book, game, state, commands);
        // A desktop window of one column (1024 × 768): the attack comes straight under the
        // step that ends the actions, where it is in view with its odds; under the moves, the
        // power-up, the held attacks and the hazards it began at the window's foot. On a phone
        // or a tablet held upright, where everything scrolls, the moves come first.
        let attack_first = !theme::is_narrow(ui.ctx());
        if attack_first && p.is_active() {
            attack::attack_ui(ui, book, game, state, commands);
            ui.add_space(theme::GAP);
        }
        turn_left_ui(ui, book, game, state, commands);
        if !attack_first && p.is_active() {
            ui.add_space(theme::GAP);
            attack::attack_ui(ui, book, game, state, commands);
        }
        return;
    }
    let left_width = (width * 0.43).floor();
    // Room for the attack panel's frame and the scroll bar beside it.
    let right_width = width - left_width - theme::GAP - 24.0;
    // Each column in a place of its own, fixed from the panel's left edge: however wide a line
    // in the left column, the attack panel stays where it is and inside the window.
    let whole = ui.available_rect_before_wrap();
    let column = |x: f32, width: f32| {
        let rect = egui::Rect::from_min_size(whole.min + vec2(x, 0.0), vec2(width, whole.height()));
        egui::UiBuilder::new().max_rect(rect).layout(egui::Layout::top_down(egui::Align::Min))
    };
    let mut left = ui.new_child(column(0.0, left_width).id_salt("frag-turn-left"));
    left.set_width(left_width);
    turn_head_ui(&mut left, book, game, state, commands);
    turn_left_ui(&mut left, book, game, state, commands);
    let mut right = ui.new_child(column(left_width + theme::GAP, right_width).id_salt("frag-turn-right"));
    right.set_width(right_width);
    if p.is_active() {
        attack::attack_ui(&mut right, book, game, state, commands);
    }
    ui.advance_cursor_after_rect(left.min_rect().union(right.min_rect()));
}

/// The head of the turn (the top of the left column on the desktop, of the page in one
/// column): the fixed-height result, then the step that ends the actions, tapped every turn:
/// End the turn (Frag Deadlands) or Move the zombies (Frag Zombies!!!), then the cure waiting.
/// Under the moves, the power-up, the held attacks and the map hazards ([`turn_left_ui`]) it
/// stood wherever their lines ended, which was not the same place from one fighter's turn to
/// the next (another's held attack, the hazards opened) nor once the fighter was fragged.
fn turn_head_ui(
    ui: &mut Ui,
    book: &Rulebook,
    game: &Game,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    // Clear of the page's scroll bar, which floats over the right edge.
    let width = ui.available_width() - ui.spacing().scroll.bar_width;
    match game.state.variant {
        // A desktop window of one column (1024 × 768): End the turn, with the hand limit's
        // Discard and its reason, stands beside the result instead of on lines of its own
        // under it, which left the Operative's attack odds under the window.
        Variant::Deadlands if ui.available_width() >= ROOMY_HEAD => {
            let end = end_turn_width(ui);
            ui.horizontal_top(|ui| {
                result_slot(ui, game, width - end - theme::GAP);
                ui.add_space(theme::GAP);
                ui.vertical(|ui| {
                    ui.set_width(end);
                    end_turn_ui(ui, book, game, commands);
                });
            });
        }
        Variant::Deadlands => {
            result_slot(ui, game, width);
            end_turn_ui(ui, book, game, commands);
        }
        Variant::Zombies => {
            result_slot(ui, game, width);
            zombies_move_ui(ui, book, game, state, commands);
        }
    }
    ui.add_space(theme::GAP);
    cure::cure_ui(ui, book, game, &mut state.cure, commands);
}

/// The least width, in points, of a turn's head with End the turn beside the result.
const ROOMY_HEAD: f32 = 600.0;

/// The width kept beside the result for End the turn and the hand limit's Discard (sized for
/// "Discard 10 cards"), whether or not Discard is shown: the result keeps its width when it
/// comes.
fn end_turn_width(ui: &Ui) -> f32 {
    let width = |text: &str, size: f32| {
        let font = egui::FontId::proportional(size);
        ui.fonts_mut(|f| f.layout_no_wrap(text.to_owned(), font, egui::Color32::PLACEHOLDER).size().x)
    };
    let padding = 2.0 * ui.spacing().button_padding.x;
    (width("End the turn", theme::HEADING)
        + width("Discard 10 cards", theme::BODY)
        + 2.0 * padding
        + ui.spacing().item_spacing.x)
        .ceil()
}

/// The width, in points, below which the turn is one column.
const TWO_COLUMNS: f32 = 760.0;

/// Moving, power-ups, held cards, hazards and, in Frag Zombies!!!, the Heliport (under the
/// step that ends the actions, [`turn_head_ui`]).
fn turn_left_ui(
    ui: &mut Ui,
    book: &Rulebook,
    game: &Game,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    let v = ui.visuals().clone();
    let s = &game.state;
    let Some(p) = s.current_player().and_then(|seat| s.players.get(seat)) else { return };
    if p.is_active() {
        movement_track_ui(ui, book, game, state, commands);
        power_up_ui(ui, book, game, state, commands);
        attack::held_ui(ui, book, game, state, commands);
        if s.variant == Variant::Deadlands {
            attack::hazard_ui(ui, book, game, state, commands);
        }
    } else {
        ui.label(RichText::new(format!("{} was fragged this turn.", p.name)).color(theme::bad(&v)));
    }
    if s.variant == Variant::Zombies && p.is_active() {
        ui.add_space(theme::GAP);
        let square = &book.zombies.win_square;
        event_button(ui, book, game, &format!("{} reaches {square}", p.name), Event::ReachHeliport, commands);
    }
}

/// What the last attack, hazard or zombie attack did, when the last event was one.
fn result_line(game: &Game) -> Option<&str> {
    game.state.last.as_ref().and_then(|_| game.lines.last().map(String::as_str))
}

/// The last result (an attack, a hazard, a zombie attack) in a box of two lines that is there
/// whether or not there is one, so the panels under it stay where they were when an attack's
/// line comes. A result shows what it did first, every name in it ("Ann is fragged, Bob 1
/// frag…"), then its log line with the dice, each on one line cut at the box's edge (whole on
/// hover and in the log): a frag's line is the longest, and cut after two lines it lost the
/// fragged fighter's name. Before the turn's first result the box shows the log's last line,
/// muted. The box is `width` wide.
fn result_slot(ui: &mut Ui, game: &Game, width: f32) {
    let v = ui.visuals().clone();
    let font = egui::FontId::proportional(theme::BODY + 1.0);
    let margin = 6.0;
    let row_height = ui.fonts_mut(|f| f.row_height(&font));
    let height = row_height * 2.0 + 2.0 * margin;
    let (rect, response) = ui.allocate_exact_size(vec2(width, height), egui::Sense::hover());
    let outcome = crate::systems::frag::game::result_words(&game.state);
    let (Some(line), Some(outcome)) = (result_line(game), outcome) else {
        if let Some(line) = game.lines.last() {
            let colour = theme::muted(&v);
            let mut job = egui::text::LayoutJob::simple(line.clone(), font, colour, width - 2.0 * margin);
            job.wrap.max_rows = 2;
            job.wrap.overflow_character = Some('…');
            let galley = ui.painter().layout_job(job);
            frame(ui, rect);
            ui.painter().galley(rect.min + vec2(margin, margin), galley, colour);
            response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, line));
            response.on_hover_text(line);
        }
        return;
    };
    frame(ui, rect);
    let inner = rect.shrink(margin);
    let mut rows =
        ui.new_child(egui::UiBuilder::new().max_rect(inner).layout(egui::Layout::top_down(egui::Align::Min)));
    rows.shrink_clip_rect(inner);
    rows.spacing_mut().item_spacing.y = 0.0;
    // The outcome wraps (two lines at most in practice); the dice take the line left, if any.
    let first = RichText::new(&outcome).font(font.clone()).strong().color(v.strong_text_color());
    let shown = rows.add(egui::Label::new(first).wrap()).on_hover_text(&outcome);
    if shown.rect.height() < 1.5 * row_height {
        let second = RichText::new(line).font(font).color(theme::muted(&v));
        // Cut short, it shows the whole line on hover itself.
        rows.add(egui::Label::new(second).truncate());
    }
}

/// The result slot's outline.
fn frame(ui: &Ui, rect: egui::Rect) {
    let v = ui.visuals();
    ui.painter().rect_stroke(
        rect,
        v.widgets.noninteractive.corner_radius,
        v.widgets.noninteractive.bg_stroke,
        egui::StrokeKind::Inside,
    );
}

/// This turn's movement: a track of the squares used, and the moves and jumps.
fn movement_track_ui(
    ui: &mut Ui,
    book: &Rulebook,
    game: &Game,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    let v = ui.visuals().clone();
    let s = &game.state;
    let Some(t) = s.turn.as_ref() else { return };
    row(ui, |ui| {
        ui.label(
            RichText::new(format!("Movement {} of {}", t.moved.min(t.movement), t.movement))
                .size(theme::HEADING)
                .strong(),
        );
        let boxes = t.movement.min(36);
        for k in 0..boxes {
            let used = k < t.moved;
            let (rect, _) = ui.allocate_exact_size(vec2(14.0, 18.0), egui::Sense::hover());
            let fill = if used { theme::accent(&v) } else { v.extreme_bg_color };
            ui.painter().rect_filled(rect, egui::CornerRadius::same(2), fill);
        }
        if t.movement > boxes {
            ui.label("…");
        }
    });
    let left = s.moves_left();
    ui.horizontal_wrapped(|ui| {
        // Always the three, greyed out past the movement left: a button that went away
        // shortened the row on a phone and moved End the turn and the attack panel up.
        for n in [1, 2, 3] {
            event_button(
                ui,
                book,
                game,
                &format!("Move {n}"),
                Event::Move { squares: n, jump: false },
                commands,
            );
        }
        ui.separator();
        state.squares = state.squares.clamp(1, 99);
        small_stepper(ui, "Squares", &mut state.squares, 1, left.clamp(1, 99));
    });
    ui.horizontal_wrapped(|ui| {
        let n = state.squares;
        event_button(
            ui,
            book,
            game,
            &format!("Move {}", words::count(n, "square", "squares")),
            Event::Move { squares: n, jump: false },
            commands,
        );
        if s.variant == Variant::Deadlands {
            let cost = n * book.core.jump_cost_per_square;
            event_button(
                ui,
                book,
                game,
                &format!("Jump {} (costs {cost})", words::count(n, "square", "squares")),
                Event::Move { squares: n, jump: true },
                commands,
            );
        }
    });
    ui.horizontal_wrapped(|ui| {
        event_button(ui, book, game, "Cards: movement +1", Event::AdjustMovement { by: 1 }, commands);
        event_button(ui, book, game, "Cards: movement −1", Event::AdjustMovement { by: -1 }, commands);
    });
}

fn power_up_ui(
    ui: &mut Ui,
    book: &Rulebook,
    game: &Game,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    let v = ui.visuals().clone();
    let s = &game.state;
    let Some(seat) = s.current_player() else { return };
    let from = s.character(book, seat).map_or(4, |c| book.power_up_from(c));
    let Some(t) = s.turn.as_ref() else { return };
    // The squares checked come first and the whole line is cut at the column's edge (whole on
    // hover): a growing list never widens the column and pushes the attack panel off the window.
    // One line that never wraps: on a phone a wrapping row put the longer words of the first
    // check on a line of their own, and the power-up's button went down under the finger.
    ui.horizontal(|ui| {
        ui.label(RichText::new("Power-up").strong());
        let checked = if t.checked.is_empty() {
            String::new()
        } else {
            format!("checked: {} · ", t.checked.join(", "))
        };
        ui.add(
            egui::Label::new(
                RichText::new(format!("{checked}draws on {from}–6; each square once a turn"))
                    .color(theme::muted(&v)),
            )
            .truncate(),
        );
    });
    row(ui, |ui| {
        let l = ui.label("Square");
        ui.add(egui::TextEdit::singleline(&mut state.power_square).desired_width(90.0).hint_text("e.g. P3"))
            .labelled_by(l.id);
        let deck = state.power_deck.get_or_insert(Deck::Weapons);
        for (option, text) in [(Deck::Weapons, "Weapon"), (Deck::Gadgets, "Gadget")] {
            if ui
                .add(egui::Button::selectable(*deck == option, text))
                .accessible_name(format!("Power-up deck {text}"))
                .clicked()
            {
                *deck = option;
            }
        }
    });
    // What the roll does stands beside it ("= 5 · draws a card"), so the button stays put.
    let (good, muted) = (theme::good(&v), theme::muted(&v));
    let roll = die_with(ui, "Power-up die", &mut state.power_roll, |d| {
        Some(if d.first().is_some_and(|&r| u32::from(r) >= u32::from(from)) {
            ("draws a card", good)
        } else {
            ("nothing", muted)
        })
    });
    let event = roll.map(|roll| Event::PowerUp {
        square: state.power_square.trim().to_owned(),
        deck: state.power_deck.unwrap_or(Deck::Weapons),
        roll,
    });
    main_button(ui, book, game, "Check the power-up", None, event, commands);
}

/// The end of the turn, with the hand limit's Discard beside it and its reason in a line kept
/// under it: End the turn, and the moves and the power-up under it, keep their place when a
/// draw takes the hand over the limit and when the cards are discarded.
fn end_turn_ui(ui: &mut Ui, book: &Rulebook, game: &Game, commands: &mut Vec<PlayCommand>) {
    let v = ui.visuals().clone();
    let s = &game.state;
    let Some(seat) = s.current_player() else { return };
    let discard = s.must_discard(book);
    row(ui, |ui| {
        main_button(ui, book, game, "End the turn", Some(egui::Key::E), Some(Event::EndTurn), commands);
        if discard > 0 {
            event_button(
                ui,
                book,
                game,
                &format!("Discard {}", words::count(discard, "card", "cards")),
                Event::Discard { player: seat, count: discard },
                commands,
            );
        }
    });
    let reason = (discard > 0).then(|| {
        let limit = s.hand_limit(book, seat);
        let hand = s.players.get(seat).map_or(0, |p| p.hand);
        RichText::new(format!("{} holds {hand} cards and may keep {limit}.", who(game, seat)))
            .color(theme::bad(&v))
            .strong()
    });
    crate::ui::widgets::status_lines(ui, theme::BODY, 1, reason);
}

/// Frag Zombies!!!: the player to the right rolls a d6 and moves that many zombies.
fn zombies_move_ui(
    ui: &mut Ui,
    book: &Rulebook,
    game: &Game,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    let v = ui.visuals().clone();
    let s = &game.state;
    let right = s.player_to_the_right().map_or("?", |p| who(game, p)).to_owned();
    ui.label(theme::heading(&v, "The zombies move"));
    let event = die(ui, "Zombie move die", &mut state.zombie_roll).map(|roll| Event::ZombiesMove { roll });
    // The roll ends the actions (zombies:44, in order): the button says what it leaves unused
    // on a second line, so a click never throws away squares or an attack unsaid. Two lines
    // high whether or not there is one (on one line, the words wrapped it to two at 1280×800
    // and the moves under it went down); it grows to the right only.
    let unused = s.unused_before_zombies(book).words();
    let style = ui.style().clone();
    let mut job = egui::text::LayoutJob::default();
    let append = |job: &mut egui::text::LayoutJob, text: RichText| {
        text.append_to(job, &style, egui::FontSelection::Default, egui::Align::Center);
    };
    append(&mut job, RichText::new("Move the zombies").size(theme::HEADING).strong());
    if let Some(unused) = &unused {
        append(&mut job, RichText::new(format!("\n{unused}")).size(theme::BODY).color(theme::accent(&v)));
    }
    let lines = ui.fonts_mut(|f| {
        f.row_height(&egui::FontId::proportional(theme::HEADING))
            + f.row_height(&egui::FontId::proportional(theme::BODY))
    });
    let height = (lines + 2.0 * ui.spacing().button_padding.y).ceil().max(40.0);
    let button = egui::Button::new(job).min_size(vec2(0.0, height));
    let name =
        unused.map_or_else(|| "Move the zombies".to_owned(), |unused| format!("Move the zombies ({unused})"));
    super::main_button_built(ui, book, game, button, Some(&name), Some(egui::Key::E), event, None, commands);
    // Under the button: its lines are as many as the name to the right needs.
    ui.label(format!("Done? {right}, to the right, rolls a d6 and moves that many zombies one space each."));
}

/// Frag Zombies!!!: every zombie next to the fighter (or in his space) attacks: an automatic
/// hit, two damage dice against his defence dice, one attack at a time with its odds.
fn zombies_attack_ui(
    ui: &mut Ui,
    book: &Rulebook,
    game: &Game,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    let visuals = ui.visuals().clone();
    let s = &game.state;
    let Some(seat) = s.current_player() else { return };
    let Some(turn) = s.turn.as_ref() else { return };
    let name = who(game, seat).to_owned();
    let right = s.player_to_the_right().map_or("?", |p| who(game, p)).to_owned();
    if let Some(roll) = turn.zombie_roll {
        // At most the zombies on the board move (zombies:49).
        let moved = match s.zombies_moving(book, roll) {
            0 => "no zombie on the board to move".to_owned(),
            n if n < u32::from(roll) => {
                format!("all {} on the board moved one space", words::count(n, "zombie", "zombies"))
            }
            n => format!("{} moved one space", words::count(n, "zombie", "zombies")),
        };
        ui.label(format!("{right} rolled {roll}: {moved}."));
    }
    result_slot(ui, game, ui.available_width() - ui.spacing().scroll.bar_width);
    cure::cure_ui(ui, book, game, &mut state.cure, commands);
    match turn.zombie_attacks {
        None => {
            ui.label(theme::heading(&visuals, "The zombies attack"));
            ui.label(format!(
                "How many zombies are next to {name}, or in the same space? {right} handles their attacks."
            ));
            stepper(
                ui,
                "Zombies next to the fighter",
                &mut state.adjacent,
                0,
                s.zombies_on_board(book).min(99),
            );
            main_button(
                ui,
                book,
                game,
                "These zombies attack",
                Some(egui::Key::E),
                Some(Event::ZombiesAdjacent { count: state.adjacent }),
                commands,
            );
        }
        Some(count) if s.zombie_attacks_left() > 0 => {
            let k = turn.zombie_attacks_made + 1;
            ui.label(theme::heading(&visuals, format!("Zombie attack {k} of {count}")));
            // The Saloon Gal's extra defence die, asked before the odds that count it.
            let bonus = super::attack::extra_die_ui(ui, book, game, seat, &mut state.zombie_defence_die);
            if let Some(inputs) = s.zombie_attack_inputs(book).map(|i| i.guarded(bonus)) {
                ui.label(format!(
                    "An automatic hit: {} against {name}'s {}.",
                    super::super::dice(inputs.damage_dice, "damage"),
                    super::super::dice(inputs.defence_dice + inputs.defence_bonus_dice, "defence")
                ));
                let (event, words, frags) = zombie_attack_rolls(ui, &name, &inputs, state);
                // The damage done stands beside the button, which stays put.
                row(ui, |ui| {
                    main_button(
                        ui,
                        book,
                        game,
                        "Resolve the zombie attack",
                        Some(egui::Key::E),
                        event,
                        commands,
                    );
                    super::super::beside(ui, words.map(Into::into), None);
                });
                // Under the button, as on the attack panel (reading R33).
                if frags && s.edition >= 2 {
                    let tick =
                        format!("{name} can cure it at once (a healing card, a blood counter in reach)");
                    crate::ui::widgets::toggle(ui, &mut state.zombie_cure, &tick);
                } else {
                    state.zombie_cure = false;
                }
                // The odds under the button: they take a line less for each Health the
                // fighter has lost, which moved the dice and the button up between attacks.
                if let Ok(odds) = inputs.damage_odds(book) {
                    super::super::reference::damage_odds_ui(ui, &odds, false);
                }
            }
        }
        Some(_) => {
            ui.label(format!("The zombies are done with {name}."));
            end_turn_ui(ui, book, game, commands);
        }
    }
}

/// The end of the game: the winner and how.
pub fn over_ui(ui: &mut Ui, book: &Rulebook, game: &Game) {
    let v = ui.visuals().clone();
    let s = &game.state;
    let Some(win) = s.winner else { return };
    let how = match win.by {
        WinBy::Frags => format!("with {}", crate::systems::frag::game::frags(s.frag_target, "frag")),
        WinBy::ZombieFrags => {
            format!(
                "with {}",
                crate::systems::frag::game::frags(book.zombies.zombie_frags_to_win, "zombie frag")
            )
        }
        WinBy::Heliport => format!("by reaching {}", book.zombies.win_square),
    };
    ui.label(
        RichText::new(format!("{} wins {how}!", who(game, win.player)))
            .size(theme::BIG)
            .strong()
            .color(theme::good(&v)),
    );
    if let Some(line) = game.lines.last() {
        ui.label(line);
    }
    if s.variant == Variant::Deadlands {
        ui.label(
            RichText::new("In a tournament the winner adds 1 to one stat of their fighter: change it on the Fighters tab.")
                .color(theme::muted(&v)),
        );
    }
}

/// The dice of one zombie attack on `name`: the zombie's damage dice, the fighter's defence
/// dice (one more for the Saloon Gal's die) and the second rolls of his 1s where he rerolls
/// them; the event they make and the damage they do.
fn zombie_attack_rolls(
    ui: &mut Ui,
    name: &str,
    inputs: &crate::systems::frag::game::AttackInputs,
    state: &mut PlayState,
) -> (Option<Event>, Option<RichText>, bool) {
    let visuals = ui.visuals().clone();
    let bonus = inputs.defence_bonus_dice;
    let damage = dice_field(ui, "Zombie damage dice", &mut state.zombie_damage, inputs.damage_dice);
    let defence = dice_field(
        ui,
        &format!("{name}'s defence dice"),
        &mut state.zombie_defence,
        inputs.defence_dice + bonus,
    );
    let sum = |d: &[u8]| d.iter().map(|&x| u32::from(x)).sum::<u32>();
    // The Operative's defence 1s rolled again (a house rule), under his roll.
    let defence_rerolls = if inputs.rerolls.defence {
        let label = format!("{name}'s defence 1s rolled again");
        super::super::reroll_field(
            ui,
            &label,
            &mut state.zombie_defence_rerolls,
            defence.as_deref(),
            |stood| Some((format!("stands at {}", sum(stood)), theme::good(&visuals))),
        )
    } else {
        defence.as_ref().map(|_| Vec::new())
    };
    match (damage, defence, defence_rerolls) {
        (Some(damage), Some(defence), Some(defence_rerolls)) => {
            let stood = combat::rerolled(&defence, &defence_rerolls).unwrap_or_else(|| defence.clone());
            let dealt = combat::damage(sum(&damage), sum(&stood), 0);
            let words = RichText::new(format!("{dealt} damage")).size(theme::HEADING).strong();
            let frags = dealt > 0 && dealt >= inputs.defence_dice;
            let cure = frags && state.zombie_cure;
            let event =
                Event::ZombieAttack { damage, defence, defence_rerolls, defence_bonus_dice: bonus, cure };
            (Some(event), Some(words), frags)
        }
        _ => (None, None, false),
    }
}
