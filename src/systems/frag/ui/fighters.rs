//! The Fighters screen: the saved fighters on the left (one per file, a damaged file listed
//! with what is wrong), a new fighter of any of the six characters in one click, and the
//! fighter picked: his name, character, wins and the three stats, every design problem shown
//! as the stats change (the fighter is saved anyway: "don't stop the user; tell them"), the
//! numbers the stats give, the character's drawback, cheatin' ability and starting item, and
//! his record sheet printed.
//!
//! The screen edits a working copy and sends [`FighterCommand`]s; the app saves the copy when
//! it changes and does the file work.

use std::path::PathBuf;

use egui::{RichText, ScrollArea, Ui};

use super::{Notice, combo, notice_ui, stepper};
use crate::kernel::words::count;
use crate::print::Paper;
use crate::systems::frag::rules::data::{ItemKind, Rulebook, Variant};
use crate::systems::frag::rules::fighter::{self, Fighter};
use crate::ui::theme;
use crate::ui::widgets::{problem, row, text_field};

/// A saved fighter file: its id (the file's name), where it is, and the fighter or why the
/// file cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FighterEntry {
    pub id: String,
    pub path: PathBuf,
    pub fighter: Result<Fighter, String>,
}

/// Something the Fighters screen asks the app to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FighterCommand {
    /// A new fighter of this character, with a legal spread of points.
    New(String),
    Select(String),
    Duplicate(String),
    /// Delete a fighter's file (it can be brought back with [`FighterCommand::UndoDelete`]).
    Delete(String),
    UndoDelete,
    /// Print the fighter's record sheet into the prints folder.
    Print(String),
    /// Open a file with the system's program (a printed sheet).
    Open(PathBuf),
}

/// The Fighters screen's state.
#[derive(Clone, Debug)]
pub struct FightersState {
    pub entries: Vec<FighterEntry>,
    /// The id of the fighter shown.
    pub selected: Option<String>,
    /// The fighter shown, as edited (the app saves it when it changes).
    pub working: Option<Fighter>,
    pub notice: Option<Notice>,
    /// The last fighter deleted (id, name), for Undo.
    pub deleted: Option<(String, String)>,
    /// The id of a fighter one click just made (New, Duplicate) and nobody has changed yet:
    /// the editor offers to discard it right there (a stray click leaves no fighter behind).
    pub fresh: Option<String>,
    /// Why fighters cannot be kept (no data folder, an unreadable folder).
    pub unavailable: Option<String>,
    /// The paper the record sheet is printed on.
    pub paper: Paper,
    /// The frag boxes in each game's row of the sheet: the frags that win.
    pub frags: u32,
}

impl Default for FightersState {
    fn default() -> FightersState {
        FightersState {
            entries: Vec::new(),
            selected: None,
            working: None,
            notice: None,
            deleted: None,
            fresh: None,
            unavailable: None,
            paper: Paper::A4,
            frags: 3,
        }
    }
}

/// A fighter's line in lists: "Doc Holler (Huckster 3/2/2)".
#[must_use]
pub fn fighter_label(book: &Rulebook, f: &Fighter) -> String {
    let character = book.character(&f.character).map_or(f.character.as_str(), |c| c.name.as_str());
    let stats = format!("{}/{}/{}", f.health, f.speed, f.accuracy);
    if f.name.trim().is_empty() {
        format!("{character} {stats}")
    } else {
        format!("{} ({character} {stats})", f.name.trim())
    }
}

/// Draws the Fighters screen.
pub fn fighters_ui(
    ui: &mut Ui,
    book: &Rulebook,
    state: &mut FightersState,
    commands: &mut Vec<FighterCommand>,
) {
    // In a narrow window the fighter being edited comes first and the list under it.
    let narrow = theme::is_narrow(ui.ctx());
    if !narrow {
        // One width whatever the fighters are called: sized to its content, a long name
        // widened the list and moved the editor beside it (its fields and buttons with it).
        egui::Panel::left("frag-fighter-list").resizable(false).exact_size(LIST_WIDTH).show(ui, |ui| {
            let clear = crate::ui::widgets::clear_of_scroll_bar(ui);
            ScrollArea::vertical()
                .id_salt("frag-fighters")
                .content_margin(clear)
                .show(ui, |ui| list_ui(ui, book, state, commands));
        });
    }
    egui::CentralPanel::default().show(ui, |ui| {
        if notice_ui(ui, state.notice.as_ref())
            && let Some(path) = state.notice.as_ref().and_then(|n| n.path.clone())
        {
            commands.push(FighterCommand::Open(path));
        }
        if let Some(why) = &state.unavailable {
            problem(ui, why);
        }
        let clear = crate::ui::widgets::clear_of_scroll_bar(ui);
        ScrollArea::vertical().id_salt("frag-fighter-editor").content_margin(clear).show(ui, |ui| {
            editor_ui(ui, book, state, commands);
            if narrow {
                ui.separator();
                list_ui(ui, book, state, commands);
            }
        });
    });
}

/// The width of the fighter list beside the editor, in points.
const LIST_WIDTH: f32 = 380.0;

fn list_ui(ui: &mut Ui, book: &Rulebook, state: &mut FightersState, commands: &mut Vec<FighterCommand>) {
    let v = ui.visuals().clone();
    ui.label(theme::heading(&v, "New fighter"));
    ui.horizontal_wrapped(|ui| {
        for c in &book.characters {
            if ui
                .button(&c.name)
                .on_hover_text(format!("A new {} on 7 points", c.name))
                .accessible_name(format!("New {}", c.name))
                .clicked()
            {
                commands.push(FighterCommand::New(c.id.clone()));
            }
        }
    });
    ui.add_space(theme::GAP);
    ui.label(theme::heading(&v, "Saved fighters"));
    if state.entries.is_empty() {
        ui.label(RichText::new("None yet: pick a character above.").color(theme::muted(&v)));
    }
    for entry in &state.entries {
        ui.push_id(&entry.id, |ui| match &entry.fighter {
            Ok(f) => {
                let shown = if state.selected.as_deref() == Some(entry.id.as_str()) {
                    state.working.as_ref().unwrap_or(f)
                } else {
                    f
                };
                let selected = state.selected.as_deref() == Some(entry.id.as_str());
                let legal = fighter::validate(book, shown).is_empty();
                let label = fighter_label(book, shown);
                let mut text = RichText::new(&label).size(theme::BODY + 1.0);
                if !legal {
                    text = text.color(theme::bad(&v));
                }
                // One line cut short at the list's edge, the whole line on hover.
                let button = egui::Button::selectable(selected, text).truncate();
                if ui.add(button).on_hover_text(&label).clicked() && !selected {
                    commands.push(FighterCommand::Select(entry.id.clone()));
                }
            }
            Err(why) => {
                let why = format!("{}.json cannot be read: {why}", entry.id);
                ui.add(egui::Label::new(RichText::new(&why).color(theme::bad(&v))).truncate())
                    .on_hover_text(why);
            }
        });
    }
    if let Some((_, name)) = &state.deleted {
        ui.add_space(theme::GAP);
        if ui.add(egui::Button::new(format!("Undo: delete {name}")).truncate()).clicked() {
            commands.push(FighterCommand::UndoDelete);
        }
    }
}

/// The two lines of "At the table": what the stats give a fighter in play, each count in
/// words ("1 attack per turn", never "1 attack(s)").
#[must_use]
pub fn at_the_table(d: &fighter::Derived, speed: u32) -> [String; 2] {
    let limits = format!(
        "{} per turn · up to {} in play · {} in hand at the end of a turn",
        count(d.attacks, "attack", "attacks"),
        count(d.weapon_limit, "weapon card", "weapon cards"),
        count(d.hand_limit, "card", "cards"),
    );
    let moving = format!(
        "Power-ups draw on {}–6 · Frag Deadlands: {}, jumps up to {} · Frag Zombies!!!: moves {}",
        d.power_up,
        count(d.move_dice, "movement die", "movement dice"),
        count(d.jump, "square", "squares"),
        count(speed, "square", "squares"),
    );
    [limits, moving]
}

/// The character's name as the editor's heading, and beside it (in the heading's line, so
/// nothing moves when it goes) a way to take back `fresh`, a fighter one click just made. On a
/// narrow screen the heading and the button do not fit one line: the button has a line of its
/// own under the heading, kept whether or not it is shown.
fn heading_ui(ui: &mut Ui, character: &str, fresh: Option<&str>, commands: &mut Vec<FighterCommand>) {
    let heading = egui::Label::new(RichText::new(character).size(theme::BIG).strong()).truncate();
    let tall = ui.fonts_mut(|f| f.row_height(&egui::FontId::proportional(theme::BIG)));
    let line = egui::vec2(ui.available_width(), tall.max(ui.spacing().interact_size.y).ceil());
    let narrow = theme::is_narrow(ui.ctx());
    let discard = |ui: &mut Ui, commands: &mut Vec<FighterCommand>| {
        if let Some(id) = fresh {
            let discard = ui
                .button("Discard this new fighter")
                .on_hover_text("Just made and not changed: delete it (Undo brings it back)");
            if discard.clicked() {
                commands.push(FighterCommand::Delete(id.to_owned()));
            }
        }
    };
    let layout = egui::Layout::left_to_right(egui::Align::Center);
    ui.allocate_ui_with_layout(line, layout, |ui| {
        ui.set_min_size(line);
        ui.add(heading);
        if !narrow {
            ui.add_space(theme::GAP);
            discard(ui, commands);
        }
    });
    if narrow {
        let own = egui::vec2(ui.available_width(), ui.spacing().interact_size.y);
        ui.allocate_ui_with_layout(own, layout, |ui| {
            ui.set_min_size(own);
            discard(ui, commands);
        });
    }
}

fn editor_ui(ui: &mut Ui, book: &Rulebook, state: &mut FightersState, commands: &mut Vec<FighterCommand>) {
    let v = ui.visuals().clone();
    let Some(id) = state.selected.clone() else {
        let place = if theme::is_narrow(ui.ctx()) { "below" } else { "on the left" };
        ui.label(
            RichText::new(format!("Pick a fighter {place}, or make a new one.")).color(theme::muted(&v)),
        );
        return;
    };
    let Some(f) = state.working.as_mut() else { return };
    let Some(character) = book.character(&f.character) else {
        problem(ui, &format!("'{}' is not a character Posse knows.", f.character));
        return;
    };
    let fresh = state.fresh.as_deref() == Some(id.as_str());
    heading_ui(ui, &character.name, fresh.then_some(id.as_str()), commands);
    text_field(ui, "Fighter's name", &mut f.name, 320.0);
    let options: Vec<(String, String)> =
        book.characters.iter().map(|c| (c.id.clone(), c.name.clone())).collect();
    combo(ui, "Character", "frag-character", &mut f.character, &options);
    stepper(ui, "Tournament wins", &mut f.wins, 0, 50);
    let max = fighter::stat_max(book, f.wins);
    // The steppers go past the limits on purpose: a fighter over them is saved, with the
    // problem shown, never refused.
    let top = max + 2;
    stepper(ui, "Health", &mut f.health, 0, top);
    stepper(ui, "Speed", &mut f.speed, 0, top);
    stepper(ui, "Accuracy", &mut f.accuracy, 0, top);
    let budget = fighter::budget(book, f.wins);
    let spent = f.health + f.speed + f.accuracy;
    let problems = fighter::validate(book, f);
    let colour = if problems.is_empty() { theme::good(&v) } else { theme::bad(&v) };
    ui.label(
        RichText::new(format!("{spent} of {budget} points spent; each stat 1 to {max}"))
            .size(theme::HEADING)
            .strong()
            .color(colour),
    );
    if problems.is_empty() {
        ui.label(RichText::new("A legal fighter.").color(theme::good(&v)).strong());
    }
    for p in &problems {
        problem(ui, &format!("{} ({})", crate::ui::sentence(&p.message), p.rule));
    }
    ui.add_space(theme::GAP);
    let d = fighter::derived(book, character, f, Variant::Deadlands);
    ui.label(theme::heading(&v, "At the table"));
    let [limits, moving] = at_the_table(&d, f.speed);
    ui.label(limits);
    ui.label(moving);
    let starting = match &character.starting {
        Some(s) if s.kind == ItemKind::Weapon => {
            format!("Starting weapon: {} ({}d damage, unlimited ammo)", s.name, s.dice.unwrap_or(0))
        }
        Some(s) => format!("Starting gadget: {}", s.name),
        None => "Starting item: none printed on our copy of this record sheet".to_owned(),
    };
    ui.label(RichText::new(starting).strong());
    if let Some(draw) = &character.turn_start_draw {
        ui.label(&draw.text);
    }
    ui.add_space(theme::GAP);
    ui.label(theme::heading(&v, "Drawback"));
    ui.label(&character.drawback);
    ui.label(theme::heading(&v, "Cheatin'"));
    ui.label(&character.cheatin);
    ui.add_space(theme::GAP);
    ui.label(theme::heading(&v, "Record sheet"));
    // The paper's two buttons, each at least a finger wide on a touch screen.
    row(ui, |ui| {
        crate::ui::widgets::row_label(ui, "Paper");
        let side = if theme::is_touch(ui.ctx()) { theme::TOUCH_TARGET } else { 0.0 };
        for (option, text) in [(Paper::A4, "A4"), (Paper::Letter, "Letter")] {
            let button =
                egui::Button::selectable(state.paper == option, text).min_size(egui::vec2(side, side));
            if ui.add(button).accessible_name(format!("Paper {text}")).clicked() {
                state.paper = option;
            }
        }
    });
    stepper(ui, "Frags to win", &mut state.frags, 1, 20);
    row(ui, |ui| {
        if ui.button(RichText::new("Print the record sheet").strong()).clicked() {
            commands.push(FighterCommand::Print(id.clone()));
        }
        if ui.button("Duplicate").clicked() {
            commands.push(FighterCommand::Duplicate(id.clone()));
        }
        if ui.button(RichText::new("Delete").color(theme::bad(&v))).clicked() {
            commands.push(FighterCommand::Delete(id.clone()));
        }
    });
}

#[cfg(test)]
mod tests {
    use super::at_the_table;
    use crate::systems::frag::rules::fighter::Derived;

    #[test]
    fn at_the_table_counts_in_words() {
        let d = Derived {
            attacks: 1,
            weapon_limit: 1,
            hand_limit: 1,
            power_up: 4,
            move_dice: 1,
            movement: 0,
            jump: 1,
        };
        assert_eq!(
            at_the_table(&d, 1),
            [
                "1 attack per turn · up to 1 weapon card in play · 1 card in hand at the end of a turn",
                "Power-ups draw on 4–6 · Frag Deadlands: 1 movement die, jumps up to 1 square · Frag Zombies!!!: moves 1 square",
            ]
        );
        let d = Derived { attacks: 2, weapon_limit: 3, hand_limit: 5, move_dice: 3, jump: 3, ..d };
        assert_eq!(
            at_the_table(&d, 3),
            [
                "2 attacks per turn · up to 3 weapon cards in play · 5 cards in hand at the end of a turn",
                "Power-ups draw on 4–6 · Frag Deadlands: 3 movement dice, jumps up to 3 squares · Frag Zombies!!!: moves 3 squares",
            ]
        );
    }
}
