//! An attack's numbers as the attack panel and the calculator show them: the number needed
//! to hit and to wound, each with its breakdown, and the chances as numbers and bars. In a
//! wide panel the bars sit beside the numbers, so the dice below them stay in view.

use egui::{RichText, Ui};

use crate::systems::fragmaster::rules::attack::{Assessment, Modifier};
use crate::ui::theme;
use crate::ui::widgets::chance_bar;

/// The numbers of an assessed attack; `target` names who rolls the wound.
pub fn assessment_ui(ui: &mut Ui, a: &Assessment, base_hit: i32, base_wound: i32, target: Option<&str>) {
    let wide = ui.available_width() >= 640.0;
    ui.horizontal_top(|ui| {
        needed_ui(ui, "To hit", a.hit_needed, base_hit, &a.hit_modifiers);
        ui.add_space(theme::GAP);
        let who = target.map_or_else(|| "the target rolls".to_owned(), |t| format!("{t} rolls"));
        needed_ui(ui, &format!("To wound ({who})"), a.wound_needed, base_wound, &a.wound_modifiers);
        if wide {
            ui.add_space(theme::GAP);
            ui.vertical(|ui| bars_ui(ui, a));
        }
    });
    if !wide {
        bars_ui(ui, a);
    }
}

/// One number needed, large, with what it means at the ends of the die and its breakdown.
fn needed_ui(ui: &mut Ui, title: &str, needed: i32, base: i32, modifiers: &[Modifier]) {
    let muted = theme::muted(ui.visuals());
    ui.vertical(|ui| {
        ui.label(RichText::new(title).color(muted));
        ui.label(theme::big(format!("{needed}+")));
        if needed <= 1 {
            ui.label(RichText::new("always succeeds").strong());
        } else if needed > 6 {
            ui.label(RichText::new("cannot succeed").strong());
        }
        // The breakdown in small, tight lines: the dice below should stay in view.
        ui.spacing_mut().item_spacing.y = 2.0;
        ui.label(RichText::new(format!("{base}  base")).small().color(muted));
        for m in modifiers {
            ui.label(RichText::new(format!("{:+}  {}", m.value, m.reason)).small().color(muted));
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
