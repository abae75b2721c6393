//! An attack's numbers as the attack panel and the calculator show them: the number needed
//! to hit and to wound, each with its breakdown, and the chances as numbers and bars. In a
//! wide panel the bars sit beside the numbers, so the dice below them stay in view.

use egui::{RichText, Ui};

use crate::systems::fragmaster::rules::Rules;
use crate::systems::fragmaster::rules::attack::{Assessment, Modifier, most_hit_modifiers};
use crate::ui::theme;
use crate::ui::widgets::chance_bar;

/// The numbers of an assessed attack; `target` names who rolls the wound.
///
/// Each number stands in a column of fixed width and height (a line kept for "always
/// succeeds", a line kept for every modifier the book has, each cut short at the column's
/// edge and whole on hover), so neither the bars beside them nor the dice below move or
/// shrink as the aims, the cover or the weapon change the breakdown.
pub fn assessment_ui(ui: &mut Ui, rules: &Rules, a: &Assessment, target: Option<&str>) {
    let (base_hit, base_wound) = (rules.rolls.hit_base, rules.rolls.wound_base);
    let lines = most_hit_modifiers(rules);
    let wide = ui.available_width() >= 640.0;
    // Side by side with the gap and the spacing after each of the two columns and the gap:
    // the row takes exactly the width it has, never more (a panel sized to its content would
    // grow a little every frame).
    let spacing = ui.spacing().item_spacing.x;
    let column = if wide {
        (ui.available_width() * 0.25).clamp(120.0, 170.0).floor()
    } else {
        ((ui.available_width() - theme::GAP - 2.0 * spacing) / 2.0).floor().max(60.0)
    };
    ui.horizontal_top(|ui| {
        needed_ui(ui, (column, lines), "To hit", a.hit_needed, base_hit, &a.hit_modifiers);
        ui.add_space(theme::GAP);
        let who = target.map_or_else(|| "the target rolls".to_owned(), |t| format!("{t} rolls"));
        let title = format!("To wound ({who})");
        needed_ui(ui, (column, lines), &title, a.wound_needed, base_wound, &a.wound_modifiers);
        if wide {
            ui.add_space(theme::GAP);
            ui.vertical(|ui| bars_ui(ui, a));
        }
    });
    if !wide {
        bars_ui(ui, a);
    }
}

/// One number needed, large, with what it means at the ends of the die and its breakdown, in
/// a column `width` wide whose height does not depend on the breakdown (`lines` kept for it).
fn needed_ui(
    ui: &mut Ui,
    (width, lines): (f32, usize),
    title: &str,
    needed: i32,
    base: i32,
    modifiers: &[Modifier],
) {
    let muted = theme::muted(ui.visuals());
    ui.vertical(|ui| {
        ui.set_width(width);
        ui.add(egui::Label::new(RichText::new(title).color(muted)).truncate());
        ui.label(theme::big(format!("{needed}+")));
        let ends = if needed <= 1 {
            Some("always succeeds")
        } else if needed > 6 {
            Some("cannot succeed")
        } else {
            None
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
        slot(ui, egui::TextStyle::Small, small(format!("{base}  base")));
        for m in modifiers {
            slot(ui, egui::TextStyle::Small, small(format!("{:+}  {}", m.value, m.reason)));
        }
        for _ in modifiers.len()..lines {
            slot(ui, egui::TextStyle::Small, None);
        }
    });
}

fn bars_ui(ui: &mut Ui, a: &Assessment) {
    let v = ui.visuals().clone();
    let per_shot = if a.shots > 1 { " (each shot)" } else { "" };
    chance_bar(ui, &format!("Hit{per_shot}"), a.hit_chance, theme::accent(&v));
    chance_bar(ui, &format!("Wound{per_shot}"), a.wound_chance, theme::accent(&v));
    let kill = if a.shots > 1 { format!("Kill ({} shots)", a.shots) } else { "Kill".to_owned() };
    chance_bar(ui, &kill, a.kill_chance, theme::bad(&v));
    if let Some(blast) = a.blast_cm {
        ui.label(
            RichText::new(format!(
                "Blast: on a hit, everyone else within {blast} cm of the target is hit too."
            ))
            .color(theme::muted(&v)),
        );
    }
}
