//! An attack's numbers as the attack panel and the calculator show them: the number needed
//! to hit and to wound, each with its breakdown, and the chances as numbers and bars.

use egui::{RichText, Ui};

use crate::systems::fragmaster::rules::attack::{Assessment, Modifier, needed_text};
use crate::ui::theme;
use crate::ui::widgets::chance_bar;

/// The numbers of an assessed attack; `target` names who rolls the wound.
pub fn assessment_ui(ui: &mut Ui, a: &Assessment, base_hit: i32, base_wound: i32, target: Option<&str>) {
    let v = ui.visuals().clone();
    ui.horizontal_top(|ui| {
        ui.vertical(|ui| {
            ui.label(RichText::new("To hit").color(theme::muted(&v)));
            ui.label(theme::big(needed_text(a.hit_needed)));
            breakdown(ui, base_hit, &a.hit_modifiers);
        });
        ui.add_space(theme::GAP * 2.0);
        ui.vertical(|ui| {
            let who = target.map_or_else(|| "the target rolls".to_owned(), |t| format!("{t} rolls"));
            ui.label(RichText::new(format!("To wound ({who})")).color(theme::muted(&v)));
            ui.label(theme::big(needed_text(a.wound_needed)));
            breakdown(ui, base_wound, &a.wound_modifiers);
        });
    });
    let per_shot = if a.shots > 1 { " (each shot)" } else { "" };
    chance_bar(ui, &format!("Hit{per_shot}"), a.hit_chance, theme::accent(&v));
    chance_bar(ui, &format!("Wound{per_shot}"), a.wound_chance, theme::accent(&v));
    let kill = if a.shots > 1 { format!("Kill ({} shots)", a.shots) } else { "Kill".to_owned() };
    chance_bar(ui, &kill, a.kill_chance, theme::bad(&v));
    if let Some(blast) = a.blast_cm {
        ui.label(
            RichText::new(format!(
                "Blast: on a hit, every other character within {blast} cm of the target is hit too."
            ))
            .color(theme::muted(&v)),
        );
    }
}

/// "3 base, +2 sniper rifle, −2 aim".
fn breakdown(ui: &mut Ui, base: i32, modifiers: &[Modifier]) {
    let muted = theme::muted(ui.visuals());
    ui.label(RichText::new(format!("{base}  base")).color(muted));
    for m in modifiers {
        ui.label(RichText::new(format!("{:+}  {}", m.value, m.reason)).color(muted));
    }
}
