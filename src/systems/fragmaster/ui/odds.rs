//! An attack's numbers as the attack panel and the calculator show them: the number needed
//! to hit and to wound, each with its breakdown, and the chances as numbers and bars. In a
//! wide panel the bars sit beside the numbers, so the dice below them stay in view.

use egui::{RichText, Ui};

use crate::kernel::odds::Chance;
use crate::systems::fragmaster::rules::Rules;
use crate::systems::fragmaster::rules::attack::{Assessment, Modifier, most_hit_modifiers};
use crate::ui::theme;
use crate::ui::widgets::{chance_bar, chance_bar_height, chance_column, chance_column_height};

/// The numbers of an assessed attack; `target` names who rolls the wound.
///
/// Each number stands in a column of fixed width and height (a line kept for "always
/// succeeds", a line kept for every modifier the book has, each cut short at the column's
/// edge and whole on hover), so neither the bars beside them nor the dice below move or
/// shrink as the aims, the cover or the weapon change the breakdown.
pub fn assessment_ui(ui: &mut Ui, rules: &Rules, a: &Assessment, target: Option<&str>) {
    let who = target.map_or_else(|| "the target rolls".to_owned(), |t| format!("{t} rolls"));
    let numbers = [
        ("To hit".to_owned(), Some((a.hit_needed, rules.rolls.hit_base, a.hit_modifiers.as_slice()))),
        (
            format!("To wound ({who})"),
            Some((a.wound_needed, rules.rolls.wound_base, a.wound_modifiers.as_slice())),
        ),
    ];
    numbers_ui(ui, rules, numbers, |ui| bars_ui(ui, a));
}

/// [`assessment_ui`]'s columns without numbers, before the attack is measured, taking the
/// same room (so what is under them stays where it will be).
pub fn placeholder_ui(ui: &mut Ui, rules: &Rules) {
    let numbers = [("To hit".to_owned(), None), ("To wound".to_owned(), None)];
    numbers_ui(ui, rules, numbers, |_| {});
}

/// A number needed: the title, and the number with its base and modifiers once known.
type Number<'a> = (String, Option<(i32, i32, &'a [Modifier])>);

/// The two numbers side by side, and `side` beside them in a wide panel (under them in a
/// region of fixed height in a narrow one).
fn numbers_ui(ui: &mut Ui, rules: &Rules, numbers: [Number<'_>; 2], side: impl FnOnce(&mut Ui)) {
    let lines = most_hit_modifiers(rules);
    // The bars beside the numbers down to a 1024-point window's panel (in a narrower column
    // of their own there), under them on a phone.
    let wide = ui.available_width() >= NARROW_BESIDE;
    // Side by side with the gap and the spacing after each of the columns and the gaps: the
    // row takes exactly the width it has, never more (a panel sized to its content would grow
    // a little every frame).
    let spacing = ui.spacing().item_spacing.x;
    let column = if ui.available_width() >= 640.0 {
        (ui.available_width() * 0.25).clamp(120.0, 170.0).floor()
    } else if wide {
        ((ui.available_width() - 2.0 * theme::GAP - 3.0 * spacing) / 3.0).floor()
    } else {
        ((ui.available_width() - theme::GAP - 2.0 * spacing) / 2.0).floor().max(60.0)
    };
    let [(hit_title, hit), (wound_title, wound)] = numbers;
    let mut side = Some(side);
    ui.horizontal_top(|ui| {
        needed_ui(ui, (column, lines), &hit_title, hit);
        ui.add_space(theme::GAP);
        needed_ui(ui, (column, lines), &wound_title, wound);
        if wide && let Some(side) = side.take() {
            ui.add_space(theme::GAP);
            ui.vertical(side);
        }
    });
    if let Some(side) = side {
        // The room of three bars and the blast's line, said or not, worked out from the
        // bars' rows and the blast's sentence (nothing laid out unseen): on a phone each bar
        // wraps to two rows, and the dice and *Record* under it moved 314 points down as the
        // attack was measured.
        let height = bars_room(ui, rules);
        let room = egui::vec2(ui.available_width(), height);
        ui.allocate_ui_with_layout(room, egui::Layout::top_down(egui::Align::Min), |ui| {
            ui.set_min_height(height);
            side(ui);
        });
    }
}

/// The height [`bars`] takes in what is left of `ui`'s width for the tallest attack the book
/// has (every shot's bars and the longest of its blasts' sentences), from the bars' rows in the
/// style and the height of each blast's sentence wrapped in that width.
fn bars_room(ui: &Ui, rules: &Rules) -> f32 {
    let gap = ui.spacing().item_spacing.y;
    if ui.available_width() < BARS_IN_COLUMNS {
        // Each bar under its label, and no blast's line.
        return 3.0 * chance_column_height(ui) + 2.0 * gap;
    }
    let blast = rules.weapons.iter().filter_map(|w| w.blast_cm).map(|blast| {
        let sentence = egui::WidgetText::from(blast_sentence(blast));
        let wrapped = sentence.into_galley(
            ui,
            Some(egui::TextWrapMode::Wrap),
            ui.available_width(),
            egui::TextStyle::Body,
        );
        gap + wrapped.size().y
    });
    3.0 * chance_bar_height(ui) + 2.0 * gap + blast.fold(0.0, f32::max)
}

/// One number needed, large, with what it means at the ends of the die and its breakdown, in
/// a column `width` wide whose height does not depend on the breakdown (`lines` kept for it);
/// a dash and empty lines while it is not known.
fn needed_ui(
    ui: &mut Ui,
    (width, lines): (f32, usize),
    title: &str,
    number: Option<(i32, i32, &[Modifier])>,
) {
    let muted = theme::muted(ui.visuals());
    ui.vertical(|ui| {
        ui.set_width(width);
        ui.add(egui::Label::new(RichText::new(title).color(muted)).truncate());
        let needed = number.map(|(needed, _, _)| needed);
        ui.label(theme::big(needed.map_or_else(|| "–".to_owned(), |n| format!("{n}+"))));
        let ends = match needed {
            Some(n) if n <= 1 => Some("always succeeds"),
            Some(n) if n > 6 => Some("cannot succeed"),
            _ => None,
        };
        // A line kept for it, said or not; then the breakdown in small, tight lines (the dice
        // below should stay in view), one kept for each modifier the book has. Each line is a
        // slot of one fixed height, whatever it holds.
        let slot = |ui: &mut Ui, style: egui::TextStyle, text: Option<RichText>| {
            let size = egui::vec2(width, ui.text_style_height(&style).ceil());
            ui.allocate_ui_with_layout(size, egui::Layout::left_to_right(egui::Align::Center), |ui| {
                ui.set_min_size(size);
                if let Some(text) = text {
                    ui.add(egui::Label::new(text).truncate());
                }
            });
        };
        slot(ui, egui::TextStyle::Body, ends.map(|e| RichText::new(e).strong()));
        ui.spacing_mut().item_spacing.y = 2.0;
        let small = |text: String| Some(RichText::new(text).small().color(muted));
        let (base, modifiers) =
            number.map_or((None, &[][..]), |(_, base, modifiers)| (Some(base), modifiers));
        slot(ui, egui::TextStyle::Small, base.and_then(|base| small(format!("{base}  base"))));
        for m in modifiers {
            slot(ui, egui::TextStyle::Small, small(format!("{:+}  {}", m.value, m.reason)));
        }
        for _ in modifiers.len()..lines {
            slot(ui, egui::TextStyle::Small, None);
        }
    });
}

/// The least width of a panel with the bars beside the numbers.
const NARROW_BESIDE: f32 = 400.0;

fn bars_ui(ui: &mut Ui, a: &Assessment) {
    bars(ui, a.shots, [a.hit_chance, a.wound_chance, a.kill_chance], a.blast_cm);
}

/// The width under which [`bars`] puts each bar under its label and leaves out the blast's
/// sentence.
const BARS_IN_COLUMNS: f32 = 240.0;

/// The chances to hit, to wound and to kill of an attack of `shots`, and the blast's line.
fn bars(ui: &mut Ui, shots: u32, [hit, wound, kill_chance]: [Chance; 3], blast_cm: Option<f64>) {
    let v = ui.visuals().clone();
    let per_shot = if shots > 1 { " (each shot)" } else { "" };
    // In a column narrower than a bar's row, each bar under its label.
    let in_columns = ui.available_width() < BARS_IN_COLUMNS;
    let bar = if in_columns { chance_column } else { chance_bar };
    bar(ui, &format!("Hit{per_shot}"), hit, theme::accent(&v));
    bar(ui, &format!("Wound{per_shot}"), wound, theme::accent(&v));
    let kill = if shots > 1 { format!("Kill ({shots} shots)") } else { "Kill".to_owned() };
    bar(ui, &kill, kill_chance, theme::bad(&v));
    if blast_cm.is_some() && in_columns {
        // The blast's own question under the dice says it; no room for the sentence here.
    } else if let Some(blast) = blast_cm {
        ui.label(RichText::new(blast_sentence(blast)).color(theme::muted(&v)));
    }
}

/// What a blast of `blast` cm does, under the bars.
fn blast_sentence(blast: f64) -> String {
    format!("Blast: on a hit, everyone else within {blast} cm of the target is hit too.")
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};

    use egui_kittest::Harness;

    use super::*;
    use crate::systems::fragmaster::rules::embedded;

    /// In a column `width` points wide (with a finger's sizes when `touch`), the room
    /// [`bars_room`] keeps and the height the grenades' bars take drawn there: their three bars
    /// and their blast's sentence.
    fn kept_and_drawn(width: f32, touch: bool) -> (f32, f32) {
        let rules = embedded::rules();
        let seen = Arc::new(Mutex::new((0.0, 0.0)));
        let kept = Arc::clone(&seen);
        let mut h = Harness::builder().with_size(egui::vec2(width + 40.0, 900.0)).build_ui(move |ui| {
            theme::install(ui.ctx());
            if touch {
                theme::touch(ui.ctx());
            }
            let column = egui::Rect::from_min_size(egui::pos2(20.0, 20.0), egui::vec2(width, 860.0));
            let inside =
                egui::UiBuilder::new().max_rect(column).layout(egui::Layout::top_down(egui::Align::Min));
            let mut ui = ui.new_child(inside);
            let room = bars_room(&ui, rules);
            let grenades = rules.weapon("grenades").and_then(|w| w.blast_cm);
            let half = Chance::new(1, 2);
            let drawn = ui.scope(|ui| bars(ui, 1, [half; 3], grenades)).response.rect.height();
            if let Ok(mut seen) = kept.lock() {
                *seen = (room, drawn);
            }
        });
        h.run();
        seen.lock().map_or((0.0, 0.0), |seen| *seen)
    }

    /// The room kept for the bars on a phone (390 × 844, the bars under the numbers, 374 points
    /// wide) is the height they take drawn, as it is with a mouse in the width the bars have
    /// beside the numbers at 1280 × 800 (284 points) and at 1024 × 768 (142.5625: each bar under
    /// its label), and in a panel of one column 399 points wide.
    #[test]
    fn the_room_kept_for_the_bars_is_the_height_they_take_drawn() {
        for (width, touch) in [(374.0, true), (284.0, false), (142.5625, false), (399.0, false)] {
            let (kept, drawn) = kept_and_drawn(width, touch);
            assert!(
                (kept - drawn).abs() < 0.01,
                "{width} points wide, touch {touch}: {kept} kept, {drawn} drawn"
            );
        }
    }
}
