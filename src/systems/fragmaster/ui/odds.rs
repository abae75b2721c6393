//! An attack's numbers as the attack panel and the calculator show them: the number needed
//! to hit and to wound, each with its breakdown, and the chances as numbers and bars. In a
//! wide panel the bars sit beside the numbers, so the dice below them stay in view.

use egui::{RichText, Ui};

use crate::kernel::odds::Chance;
use crate::systems::fragmaster::rules::Rules;
use crate::systems::fragmaster::rules::attack::{Assessment, Modifier, most_hit_modifiers};
use crate::ui::theme;
use crate::ui::widgets::{chance_bar, chance_column};

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
        // The room of three bars and the blast's line, said or not, as a two-shot blast's
        // would take it here (laid out unseen): on a phone each bar wraps to two rows, and the
        // dice and *Record* under it moved 314 points down as the attack was measured.
        let height = worst_bars_height(ui);
        let room = egui::vec2(ui.available_width(), height);
        ui.allocate_ui_with_layout(room, egui::Layout::top_down(egui::Align::Min), |ui| {
            ui.set_min_height(height);
            side(ui);
        });
    }
}

/// The height [`bars_ui`] takes in what is left of `ui`'s width for the tallest attack: every
/// shot's bars and a blast's line.
fn worst_bars_height(ui: &mut Ui) -> f32 {
    let builder = egui::UiBuilder::new()
        .invisible()
        .id_salt("fm-bars-room")
        .max_rect(ui.available_rect_before_wrap())
        .layout(egui::Layout::top_down(egui::Align::Min));
    let mut unseen = ui.new_child(builder);
    let half = Chance::new(1, 2);
    bars(&mut unseen, 2, [half; 3], Some(5.0));
    unseen.min_rect().height()
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

/// The chances to hit, to wound and to kill of an attack of `shots`, and the blast's line.
fn bars(ui: &mut Ui, shots: u32, [hit, wound, kill_chance]: [Chance; 3], blast_cm: Option<f64>) {
    let v = ui.visuals().clone();
    let per_shot = if shots > 1 { " (each shot)" } else { "" };
    // In a column narrower than a bar's row, each bar under its label.
    let bar = if ui.available_width() < 240.0 { chance_column } else { chance_bar };
    bar(ui, &format!("Hit{per_shot}"), hit, theme::accent(&v));
    bar(ui, &format!("Wound{per_shot}"), wound, theme::accent(&v));
    let kill = if shots > 1 { format!("Kill ({shots} shots)") } else { "Kill".to_owned() };
    bar(ui, &kill, kill_chance, theme::bad(&v));
    if blast_cm.is_some() && ui.available_width() < 240.0 {
        // The blast's own question under the dice says it; no room for the sentence here.
    } else if let Some(blast) = blast_cm {
        ui.label(
            RichText::new(format!(
                "Blast: on a hit, everyone else within {blast} cm of the target is hit too."
            ))
            .color(theme::muted(&v)),
        );
    }
}
