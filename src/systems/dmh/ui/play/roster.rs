//! The two gangs beside every phase of the turn: each model's card, markers and flags, a ⚑
//! menu to correct them, and the names to click to pick a target for the acting model.

use egui::{RichText, Ui};

use super::{HandOver, NerveDraft, PlayCommand, PlayState, card_colour};
use crate::systems::dmh::game::{Event, Flag, Game, Marker, ModelRef, Phase};
use crate::systems::dmh::rules::Rules;
use crate::ui::{theme, widgets};

fn pips(under_fire: u32, hits: u32) -> String {
    (0..hits).map(|i| if i < under_fire { '●' } else { '○' }).collect()
}

/// The widths of the roster's name and status columns (a desktop's roster).
const NAME_WIDTH: f32 = 150.0;
const STATUS_WIDTH: f32 = 120.0;

/// The widest a touch screen's status column grows where its roster has the room (a tablet
/// held upright): two lines of it hold "out of ammo, 1 move, fighting Billy Clanton".
const ROOMY_STATUS_WIDTH: f32 = 190.0;

/// Below this width the roster is compact (a phone): each model's status goes under its name,
/// and its under fire markers are set from its ⚑ menu.
const COMPACT: f32 = 520.0;

/// From this width a touch screen's roster has room for a wider names' column
/// ([`TOUCH_NAME_EXTRA`]): its rows are some 650 points wide with it.
const ROOMY: f32 = 700.0;

/// What a touch screen's roster adds to its names' column: the wider margins of a finger's
/// button, and some.
const TOUCH_NAME_EXTRA: f32 = 40.0;

/// Both gangs, each its heading and then its table, in the one area the caller scrolls (a
/// short window, or the gangs under the turn on a screen held upright).
pub(super) fn roster_ui(
    ui: &mut Ui,
    rules: &Rules,
    game: &Game,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    for (s, side) in game.sides.iter().enumerate() {
        side_heading(ui, s, side, state, false);
        rows_ui(ui, rules, game, s, (ROW_SPACING, false), state, commands);
    }
}

/// Both gangs beside the turn: each gang's heading (its name, its cards, its hand's button)
/// stands still, and its rows scroll under it in a box of their own, so bringing the acting
/// model into view scrolls only its own gang's rows (the whole roster scrolled, and the
/// headings went off its top). `more` (the abilities, the scene's rules) follows the last
/// gang's rows in its box. The boxes share the room left under the headings: each its whole
/// height when both fit, else an even share, a gang that needs less leaving the rest to the
/// other.
pub(super) fn boxed_roster_ui(
    ui: &mut Ui,
    rules: &Rules,
    game: &Game,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
    more: &dyn Fn(&mut Ui, &mut PlayState, &mut Vec<PlayCommand>),
    hide: bool,
) {
    // Each gang's rows as high as they were last drawn, at the usual spacing (the first frame
    // shares evenly); the boxes share the room by the rows alone, and what follows the last
    // gang's rows has what is left (the abilities took a share, and the last rows were cut).
    let key = |s: usize| egui::Id::unique(("roster-rows-height", s));
    let gangs = game.sides.len();
    let mut heights = Vec::new();
    let mut natural = Vec::new();
    let mut spacing = ROW_SPACING;
    for (s, side) in game.sides.iter().enumerate() {
        let top = ui.cursor().top();
        side_heading(ui, s, side, state, hide && s == 0);
        if s == 0 {
            // Every heading is as high as the first.
            let heading = ui.cursor().top() - top;
            #[expect(clippy::cast_precision_loss, reason = "two gangs")]
            let rows = ui.available_height() - heading * (gangs - 1) as f32;
            natural = (0..gangs).map(|s| ui.data(|d| d.get_temp::<f32>(key(s))).unwrap_or(rows)).collect();
            // Rows that would not fit at the usual spacing sit closer, so every row is in
            // sight and none has to be scrolled to (two gangs of seven at 1024 × 768). Their
            // heights at the usual spacing decide it, so it holds from frame to frame.
            if natural.iter().sum::<f32>() > rows {
                spacing = TIGHT_SPACING;
            }
            let fitted: Vec<f32> = natural
                .iter()
                .zip(&game.sides)
                .map(|(n, side)| n - spacing_share(side.models.len(), ROW_SPACING - spacing))
                .collect();
            heights = shares(rows, &fitted);
            let left = rows - heights.iter().sum::<f32>();
            if let Some(last) = heights.last_mut() {
                *last += left.max(0.0);
            }
        }
        let last = s + 1 == gangs;
        let mut drawn = 0.0;
        egui::ScrollArea::vertical()
            .id_salt(("roster-rows", s))
            .max_height(heights.get(s).copied().unwrap_or_default())
            .auto_shrink([false, true])
            .show(ui, |ui| {
                rows_ui(ui, rules, game, s, (spacing, hide), state, commands);
                drawn = ui.min_rect().height();
                if last {
                    ui.add_space(theme::GAP);
                    more(ui, state, commands);
                }
            });
        // The rows' height at the usual spacing.
        let usual = drawn + spacing_share(side.models.len(), ROW_SPACING - spacing);
        if natural.get(s).is_none_or(|n| (n - usual).abs() > 0.5) {
            ui.data_mut(|d| d.insert_temp(key(s), usual));
            ui.ctx().request_discard("the roster measured a gang's rows");
        }
    }
}

/// What `spacing` between a gang's rows of `models` adds to its table's height: a space under
/// the headings' row and each model's but the last, and half of one below it for its stripe.
fn spacing_share(models: usize, spacing: f32) -> f32 {
    #[expect(clippy::cast_precision_loss, reason = "a gang's models")]
    let spaces = models as f32 + 0.5;
    spaces * spacing
}

/// The heights of the gangs' boxes in `room` points, for rows `natural` points high: each its
/// whole height when all fit; else an even share each, what a gang needs less than its share
/// going to the others.
fn shares(room: f32, natural: &[f32]) -> Vec<f32> {
    let mut heights = vec![0.0; natural.len()];
    let mut left = room.max(0.0);
    let mut open: Vec<usize> = (0..natural.len()).collect();
    // The gangs that need less than an even share of what is left take their whole height,
    // until every gang left needs more: those share the rest evenly.
    loop {
        #[expect(clippy::cast_precision_loss, reason = "two gangs")]
        let share = left / open.len().max(1) as f32;
        let (fits, rest): (Vec<usize>, Vec<usize>) = open.iter().copied().partition(|&s| natural[s] <= share);
        if fits.is_empty() {
            for s in rest {
                heights[s] = share;
            }
            return heights;
        }
        for s in fits {
            heights[s] = natural[s];
            left -= natural[s];
        }
        open = rest;
    }
}

/// One gang's table with aligned columns: the acting model marked ▶ (brought into view once),
/// and enemy names that pick the target of its shot or charge when clicked.
fn rows_ui(
    ui: &mut Ui,
    rules: &Rules,
    game: &Game,
    s: usize,
    (spacing, snug): (f32, bool),
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    let v = ui.visuals().clone();
    let current =
        if game.phase == Phase::Activations && game.pending.is_none() { game.first_in_order() } else { None };
    let compact = ui.available_width() < COMPACT;
    let touch = theme::is_touch(ui.ctx());
    let name_width = name_width(ui, compact, touch);
    // The roster's right edge, which a touch screen's status column reaches at most.
    let right = ui.available_rect_before_wrap().right();
    if let Some(side) = game.sides.get(s) {
        // Fixed column widths, so both gangs' columns line up and rows never reflow.
        let heads: &[&str] = if compact {
            &["Model", "Card", "Under fire", ""]
        } else {
            &["Model", "Card", "Under fire", "Correct", "", "Status"]
        };
        let grid = egui::Grid::new(("markers", s))
            .num_columns(heads.len())
            .spacing([8.0, spacing])
            // `snug` (the gangs under the turn on a tablet): the columns' headings as high as
            // their words, not a finger's button; the models' rows, with their buttons, keep
            // their height (the headings' row 44 points high left the second gang's last row
            // out of sight).
            .min_row_height(if snug { 0.0 } else { ui.spacing().interact_size.y })
            .striped(true)
            .show(ui, |ui| {
                for head in heads {
                    ui.label(RichText::new(*head).small().color(theme::muted(&v)));
                }
                ui.end_row();
                for (m, model) in side.models.iter().enumerate() {
                    let r = ModelRef { side: s, model: m };
                    let acting = current == Some(r);
                    // An enemy of the acting model is a target to pick.
                    let pickable =
                        current.is_some_and(|c| c.side != s) && !model.out_of_action && model.on_table();
                    let picked = pickable && (state.draft.target == Some(m) || state.fight.target == Some(m));
                    let label = if acting { format!("▶ {}", model.name) } else { model.name.clone() };
                    // Cut in the middle where it must be, so the end that tells two models
                    // apart stays ("Upstanding…zen 2"): cut at its end, "Upstanding Citizen
                    // 1" and "2" both read "Upstanding Ci…". A finger's screen, where nothing
                    // hovers to show the rest, wraps it whole.
                    let width = name_width - 2.0 * ui.spacing().button_padding.x;
                    let shown = if touch { label.clone() } else { cut_middle(ui, &label, width) };
                    let cut = shown != label;
                    let name = RichText::new(shown).strong();
                    let name = if model.out_of_action {
                        name.strikethrough().color(theme::muted(&v))
                    } else if acting {
                        name.color(theme::accent(&v))
                    } else {
                        name
                    };
                    let status = status(game, r).join(", ");
                    let under = |ui: &mut Ui| status_ui(ui, &status, model, r, Place::UnderName(name_width));
                    let response =
                        name_button(ui, (compact, name_width), egui::Button::selectable(picked, name), under)
                            .accessible_name(label.as_str());
                    let response = if cut { response.on_hover_text(model.name.as_str()) } else { response };
                    // A model coming up to act out of sight (the last rows of gangs too long
                    // for their boxes) is brought just into view once; one in sight is left
                    // where it is, and so is every other row (centring it scrolled a box whose
                    // rows all showed, and a click meant for one target picked the next).
                    // Under the turn on a tablet no box scrolls by itself: the acting model's
                    // name is big at the top of the turn, and a row that slid under a finger
                    // picked the wrong target (Tombstone Law's rows went 27 points up when Doc
                    // Holliday came up to act).
                    if acting && state.roster_shown_for != Some(r) {
                        if !snug {
                            response.scroll_to_me(None);
                        }
                        state.roster_shown_for = Some(r);
                    }
                    if pickable {
                        let response = response.on_hover_text(format!("Target {}", model.name));
                        if response.clicked() {
                            // Another target: the d20 typed against the old one (for a shot
                            // the rules refused, say) is not for this one.
                            if state.draft.target != Some(m) {
                                state.draft.roll.clear();
                                state.draft.duck_back = false;
                            }
                            state.draft.target = Some(m);
                            state.fight.target = Some(m);
                        }
                    }
                    let card = card_text(&v, game, model);
                    widgets::fixed(
                        ui,
                        if compact { 48.0 } else { 72.0 },
                        egui::Align::Min,
                        egui::Label::new(card),
                    );
                    // The column's heading says what the pips are: under fire markers (●) against
                    // the model's Hits.
                    widgets::fixed(
                        ui,
                        if compact { 56.0 } else { 70.0 },
                        egui::Align::Min,
                        egui::Label::new(
                            RichText::new(pips(model.under_fire, model.hits)).color(theme::bad(&v)),
                        ),
                    )
                    .on_hover_text("Under fire markers against Hits");
                    if compact {
                        model_menu(ui, rules, game, r, state, commands, true);
                    } else {
                        ui.horizontal(|ui| markers_ui(ui, model, r, commands));
                        model_menu(ui, rules, game, r, state, commands, false);
                        status_ui(ui, &status, model, r, Place::Column { right });
                    }
                    ui.end_row();
                }
            });
        // Room under the grid for its last row's stripe, which egui draws half the row spacing
        // beyond the row: a box that ended with the grid cut it flat.
        ui.expand_to_include_y(grid.response.rect.max.y + 0.5 * spacing);
    }
}

/// Where a model's status stands in its row: under its name `width` points wide (a compact
/// roster), or in a column of its own that a touch screen's roster widens up to its `right`
/// edge.
#[derive(Clone, Copy)]
enum Place {
    UnderName(f32),
    Column { right: f32 },
}

/// A model's status, in a place of a fixed size whatever it says: a status that came widened
/// the roster (and the turn's panel beside it moved), or took a line of its own under the name
/// (and every row under it went down a line, under the finger aiming at one). With a mouse it
/// is one line cut short, whole on hover. On a touch screen, where nothing hovers, a compact
/// roster keeps a line for it under the name whether or not there is one, and a wide roster
/// a box of two lines, wider where the roster has the room (one line cut "out of ammo, 1 move,
/// d…"); cut short, a tap shows the whole of it.
fn status_ui(ui: &mut Ui, status: &str, model: &crate::systems::dmh::game::Model, r: ModelRef, place: Place) {
    let touch = theme::is_touch(ui.ctx());
    let (width, rows) = match place {
        Place::UnderName(width) => (width, 1),
        Place::Column { right } if touch => {
            ((right - ui.cursor().left()).clamp(STATUS_WIDTH, ROOMY_STATUS_WIDTH), 2)
        }
        Place::Column { .. } => (STATUS_WIDTH, 1),
    };
    if touch {
        widgets::lines_whole_on_tap(
            ui,
            (width, theme::MIN_TOUCH_TEXT, rows),
            status,
            &model.name,
            ("status", r),
        );
    } else if let Place::Column { .. } = place {
        let label = egui::Label::new(RichText::new(status).small()).truncate();
        widgets::fixed(ui, width, egui::Align::Min, label);
    } else if !status.is_empty() {
        // A desktop's compact roster (a window under 1200 points): a line under the name for
        // a model that has a status.
        ui.label(RichText::new(status).small());
    }
}

/// The width of the names' column. A finger's button has wider margins than a mouse's: in a
/// roster with the room (under the turn on a tablet held upright) the column is wider by them,
/// so names keep one line (Tombstone Law's longest name was cut in the middle at every upright
/// tablet's size, and nothing hovers there to show it whole); a longer one wraps whole.
fn name_width(ui: &Ui, compact: bool, touch: bool) -> f32 {
    if compact {
        COMPACT_NAME_WIDTH
    } else if touch && ui.available_width() >= ROOMY {
        NAME_WIDTH + TOUCH_NAME_EXTRA
    } else {
        NAME_WIDTH
    }
}

/// The space between the roster's rows.
const ROW_SPACING: f32 = 4.0;

/// The space between the rows of gangs that would not fit their boxes at [`ROW_SPACING`].
const TIGHT_SPACING: f32 = 1.0;

/// A gang's name and the cards left in its deck, and the button that shows its hand, which
/// says how many cards are in it; with `hide`, the button that shuts the gangs to one line
/// before the name (under the turn on a tablet held upright: a line of its own for it left
/// the second gang's last row out of sight).
fn side_heading(
    ui: &mut Ui,
    s: usize,
    side: &crate::systems::dmh::game::SideState,
    state: &mut PlayState,
    hide: bool,
) {
    // One row whatever the counts say: the hand's button at the right end, the heading cut
    // short before it if it must be (it wrapped onto a second row for one gang and not the
    // other). The button is short ("Hand (5)": the row is the gang's), so the whole heading
    // fits beside it on a desktop and on a phone ("The Clanton Gang's hand" left the heading
    // "The Clanton Gang · 5 in hand · 11 in d…").
    // In a finger's compact roster (a phone) the heading is a little smaller, as the acting
    // model's header is there: the page stops short of its scroll bar, and "The Clanton Gang ·
    // 11 in deck" beside its hand's button read "…11 in d…".
    let small = theme::is_touch(ui.ctx()) && ui.available_width() < COMPACT;
    ui.horizontal(|ui| {
        let v = ui.visuals().clone();
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            if ui
                .button(format!("Hand ({})", side.hand.len()))
                .accessible_name(format!("{} hand", super::possessive(&side.name)))
                .on_hover_text(format!(
                    "{} in the hand: shows it after a hand-over screen",
                    crate::kernel::words::count(side.hand.len(), "card", "cards")
                ))
                .clicked()
            {
                state.hand_over = Some(HandOver { side: s, shown: false });
            }
            ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
                if hide && ui.button("▼ Hide the gangs").clicked() {
                    state.roster_hidden = true;
                }
                let heading = theme::heading(&v, format!("{} · {} in deck", side.name, side.deck.len()));
                let heading = if small { heading.size(theme::HEADING - 2.0) } else { heading };
                ui.add(egui::Label::new(heading).truncate());
            });
        });
    });
}

/// A model's name, a button that picks it as a target, `width` wide: in a `compact` roster
/// with its status (`under`) under it; with a mouse cut short rather than widen the column
/// (the roster's width, and the turn's panel beside it, would shift as names come and go), on
/// a touch screen whole on two lines if it must be.
fn name_button(
    ui: &mut Ui,
    (compact, width): (bool, f32),
    name: egui::Button<'_>,
    under: impl FnOnce(&mut Ui),
) -> egui::Response {
    let touch = theme::is_touch(ui.ctx());
    if compact {
        ui.vertical(|ui| {
            ui.set_max_width(width);
            if touch {
                // The line under the name close to it.
                ui.spacing_mut().item_spacing.y = STATUS_GAP;
            }
            // A finger's phone shows the whole name on two lines; a mouse's narrow roster (a
            // desktop window under 1200 points) keeps one line, cut short with the whole name
            // on hover: a name on two lines was cut by its row.
            let name = if touch { name } else { name.truncate() };
            let response = ui.add(name);
            under(ui);
            response
        })
        .inner
    } else {
        widgets::fixed(ui, width, egui::Align::Min, if touch { name.wrap() } else { name.truncate() })
    }
}

/// The width of a compact roster's names.
const COMPACT_NAME_WIDTH: f32 = 140.0;

/// The space between a phone's name and the status line under it.
const STATUS_GAP: f32 = 2.0;

/// `text` as it fits `width` points in a button's font: whole, or cut in the middle with "…",
/// keeping its last word and a few letters before it (the number that tells models of one
/// profile apart) and as much of its start as fits.
fn cut_middle(ui: &Ui, text: &str, width: f32) -> String {
    let font = egui::TextStyle::Button.resolve(ui.style());
    let fits = |s: &str| {
        ui.fonts_mut(|f| f.layout_no_wrap(s.to_owned(), font.clone(), egui::Color32::PLACEHOLDER).size().x)
            <= width
    };
    if fits(text) {
        return text.to_owned();
    }
    let chars: Vec<char> = text.chars().collect();
    let last_word = chars.iter().rev().take_while(|c| !c.is_whitespace()).count();
    // The tail: the last word, and three letters before it where the name has them.
    let mut tail = (last_word + 4).min(chars.len().saturating_sub(1));
    let mut head = chars.len() - tail;
    loop {
        let shown: String =
            chars[..head].iter().chain(['…'].iter()).chain(chars[chars.len() - tail..].iter()).collect();
        if fits(&shown) || (head == 0 && tail == 0) {
            return shown;
        }
        // The start gives way first, down to a letter; then the tail.
        if head > 1 {
            head -= 1;
        } else if tail > 0 {
            tail -= 1;
        } else {
            head = 0;
        }
    }
}

/// What the Card column shows for a model: its card, or why it has none.
fn card_text(v: &egui::Visuals, game: &Game, model: &crate::systems::dmh::game::Model) -> RichText {
    match model.card {
        Some(card) => RichText::new(card.label()).strong().color(card_colour(v, card)),
        None if game.phase == Phase::Activations && model.activated && !model.out_of_action => {
            RichText::new("✓ acted").color(theme::muted(v))
        }
        None if model.has(Flag::Ace) && !model.out_of_action => {
            RichText::new("as an ace").color(theme::muted(v))
        }
        None => RichText::new("—").color(theme::muted(v)),
    }
}

/// The − and + buttons of a model's under fire markers (small on the desktop, finger-sized on
/// a touch screen).
fn markers_ui(
    ui: &mut Ui,
    model: &crate::systems::dmh::game::Model,
    r: ModelRef,
    commands: &mut Vec<PlayCommand>,
) {
    let touch = theme::is_touch(ui.ctx());
    let button = |ui: &mut Ui, text: &str, name: String| {
        let response = if touch { ui.button(text) } else { ui.small_button(text) };
        response.accessible_name(name.clone()).on_hover_text(name).clicked()
    };
    if button(ui, "−", format!("One marker off {}", model.name)) {
        commands.push(PlayCommand::Apply(Event::SetMarker {
            model: r,
            marker: Marker::UnderFire(model.under_fire.saturating_sub(1)),
        }));
    }
    if button(ui, "+", format!("One marker on {}", model.name)) {
        commands.push(PlayCommand::Apply(Event::SetMarker {
            model: r,
            marker: Marker::UnderFire(model.under_fire + 1),
        }));
    }
}

/// A model's status in words: ammo, moves, fights, flags, the gun in hand.
fn status(game: &Game, r: ModelRef) -> Vec<String> {
    let Some(model) = game.model_at(r) else { return Vec::new() };
    let mut flags = Vec::new();
    if model.out_of_ammo {
        flags.push("out of ammo".to_owned());
    }
    if model.moves > 0 {
        flags.push(crate::systems::dmh::rules::count(model.moves, "move", "moves"));
    }
    if model.out_of_action {
        flags.push("out of action".to_owned());
    }
    if let Some(f) = game.fight_of(r) {
        flags.push(format!("fighting {}", game.model_at(f.opponent(r)).map_or("?", |m| m.name.as_str())));
    }
    let mut guns = model.weapons.clone();
    guns.dedup();
    if guns.len() > 1 {
        flags.push(format!("{} in hand", model.in_hand()));
    }
    flags.extend(model.flags.iter().map(|f| f.title().to_owned()));
    flags
}

/// A model's ⚑ menu: correct out of ammo and out of action, set flags, call a nerve test,
/// deal a second card, give back a burnt activation; in the compact roster also its under
/// fire markers (`markers`).
fn model_menu(
    ui: &mut Ui,
    rules: &Rules,
    game: &Game,
    r: ModelRef,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
    markers: bool,
) {
    let Some(model) = game.model_at(r) else { return };
    ui.menu_button("⚑", |ui| {
        ui.label(RichText::new(format!("Adjust {}", model.name)).strong());
        if game.phase == Phase::Activations && !model.out_of_action {
            if ui.button("Nerve test…").on_hover_text("For a card, a hostage or any other reason").clicked()
            {
                state.nerve =
                    NerveDraft::new(r, "Called from the model's menu (a card or another reason).", None);
                ui.close();
            }
            if model.card.is_some()
                && model.second.is_none()
                && !model.activated
                && ui.button("Deal a second card (keep one)").clicked()
            {
                if state.physical[r.side] {
                    // Drawn from the player's own deck: typed in the initiative panel.
                    state.second_for = Some(r);
                    state.second_typed.clear();
                } else {
                    commands.push(PlayCommand::Apply(Event::ExtraCard { model: r, card: None }));
                }
                ui.close();
            }
            if model.burnt.is_some() && model.activated {
                let touch = theme::is_touch(ui.ctx());
                if ui
                    .button("Give back its activation (Above Snakes)")
                    .on_hover_text(
                        "Above Snakes passed: the duck back counts as one action and keeps its move marker",
                    )
                    .clicked()
                {
                    commands
                        .push(PlayCommand::Apply(Event::RestoreActivation { model: r, cancelled: false }));
                    ui.close();
                }
                if touch {
                    widgets::hint(
                        ui,
                        "Above Snakes passed: the duck back counts as one action and keeps its move marker.",
                    );
                }
                if ui
                    .button("Cancel its duck back (The Quick and the Dead)")
                    .on_hover_text("Card 7: the duck back never happened; no move marker")
                    .clicked()
                {
                    commands.push(PlayCommand::Apply(Event::RestoreActivation { model: r, cancelled: true }));
                    ui.close();
                }
                if touch {
                    widgets::hint(ui, "Card 7: the duck back never happened; no move marker.");
                }
            }
            ui.separator();
        }
        ui.label(RichText::new("Markers").small().color(theme::muted(ui.visuals())));
        if markers {
            crate::ui::widgets::row(ui, |ui| {
                ui.label(format!("Under fire {}", pips(model.under_fire, model.hits)));
                markers_ui(ui, model, r, commands);
            });
        }
        let mut ammo = model.out_of_ammo;
        if ui.checkbox(&mut ammo, "Out of ammo").changed() {
            commands.push(PlayCommand::Apply(Event::SetMarker { model: r, marker: Marker::OutOfAmmo(ammo) }));
        }
        let mut down = model.out_of_action;
        if ui.checkbox(&mut down, "Out of action").changed() {
            commands
                .push(PlayCommand::Apply(Event::SetMarker { model: r, marker: Marker::OutOfAction(down) }));
        }
        ui.separator();
        ui.label(RichText::new("Flags").small().color(theme::muted(ui.visuals())));
        let scene = game.scene_of(rules);
        for flag in Flag::ALL {
            // Scene-only flags appear in the scenes that use them.
            let shown = match flag {
                Flag::Hidden | Flag::Reinforcement => scene.is_some_and(|s| s.reinforcements.is_some()),
                Flag::Duellist => scene.is_some_and(|s| s.duellists),
                _ => true,
            };
            if !shown && !model.has(flag) {
                continue;
            }
            let mut on = model.has(flag);
            let title = flag.title();
            let label = title
                .chars()
                .next()
                .map_or_else(String::new, |c| c.to_uppercase().collect::<String>() + &title[c.len_utf8()..]);
            if ui.checkbox(&mut on, label).changed() {
                commands
                    .push(PlayCommand::Apply(Event::SetMarker { model: r, marker: Marker::Flag(flag, on) }));
            }
        }
    })
    .response
    .accessible_name(format!("Flags and markers of {}", model.name))
    .on_hover_text(format!("Flags and markers of {}", model.name));
}

#[cfg(test)]
mod tests {
    /// In a compact roster's name (140 points, the button's padding inside), "Upstanding
    /// Citizen 1" and "2" are cut in the middle and keep their numbers ("Upstandi…zen 2") (both read "Upstanding
    /// Ci…", cut at their end); a name that fits is whole.
    #[test]
    fn a_cut_name_keeps_its_end() {
        let ctx = egui::Context::default();
        crate::ui::theme::install(&ctx);
        // The theme's fonts are in from the second frame.
        ctx.run_ui(egui::RawInput::default(), |_| {}).textures_delta.clear();
        let mut shown = Vec::new();
        let mut output = ctx.run_ui(egui::RawInput::default(), |ui| {
            shown.clear();
            let width = super::COMPACT_NAME_WIDTH - 2.0 * ui.spacing().button_padding.x;
            for name in
                ["Upstanding Citizen 1", "Upstanding Citizen 2", "Wyatt Earp", "▶ Upstanding Citizen 2"]
            {
                shown.push(super::cut_middle(ui, name, width));
            }
        });
        output.textures_delta.clear();
        assert_eq!(shown, ["Upstandi…zen 1", "Upstandi…zen 2", "Wyatt Earp", "▶ Upsta…zen 2"]);
    }

    #[test]
    fn the_gangs_boxes_share_the_room() {
        let check = |room: f32, natural: &[f32], expected: &[f32]| {
            assert_eq!(super::shares(room, natural), expected, "{room} for {natural:?}");
        };
        // Both fit whole; a short gang leaves the rest to the other; two long ones share evenly.
        check(500.0, &[200.0, 220.0], &[200.0, 220.0]);
        check(400.0, &[100.0, 400.0], &[100.0, 300.0]);
        check(400.0, &[400.0, 100.0], &[300.0, 100.0]);
        check(400.0, &[300.0, 300.0], &[200.0, 200.0]);
        check(-10.0, &[100.0, 100.0], &[0.0, 0.0]);
    }
}
