//! No control lies under another: for every control a finger taps, the widget egui's own hit
//! test finds under the control's centre is that control. A control whose centre its panel
//! cuts off must sit in a scroll area that can bring it into view. The check the phone
//! layouts are held to, after each step of a turn.

use std::collections::HashMap;

use egui::accesskit::{NodeId, Role};
use egui_kittest::kittest::NodeT as _;

use crate::support::App;

/// Roles a finger taps (a scroll bar is the scroll area's own, and left out).
fn tapped(role: Role) -> bool {
    matches!(
        role,
        Role::Button
            | Role::CheckBox
            | Role::RadioButton
            | Role::TextInput
            | Role::ComboBox
            | Role::Slider
            | Role::SpinButton
            | Role::Link
            | Role::Tab
            | Role::MenuItem
    )
}

/// Every control on the screen as it stands that a tap at its centre would miss: `what`
/// names the step, each line the control and what lies over it. `checked` counts the
/// controls tried.
pub fn covered_counting(h: &mut App, what: &str, checked: &mut usize) -> Vec<String> {
    // No tooltip comes up while the pointer goes round the screen.
    h.ctx.all_styles_mut(|style| style.interaction.tooltip_delay = f32::MAX);
    h.run();
    let screen = h.ctx.content_rect();
    let labels: HashMap<NodeId, (Role, String)> = h
        .root()
        .children_recursive()
        .map(|node| {
            let ak = node.accesskit_node();
            (ak.locate().0, (ak.role(), ak.label().unwrap_or_default()))
        })
        .collect();
    let widgets = h.ctx.viewport(|v| v.prev_pass.widgets.clone());
    let all: Vec<egui::WidgetRect> = widgets.layers().flat_map(|(_, rects)| rects.iter().copied()).collect();
    let scrolling: Vec<egui::Rect> =
        all.iter().filter(|w| w.sense.senses_drag() && !w.sense.senses_click()).map(|w| w.rect).collect();
    let bars: Vec<egui::Rect> = h
        .root()
        .children_recursive()
        .filter(|n| n.accesskit_node().role() == Role::ScrollBar)
        .filter_map(|n| n.accesskit_node().bounding_box())
        .map(|b| {
            #[expect(clippy::cast_possible_truncation, reason = "screen points")]
            let r = egui::Rect::from_min_max(
                egui::pos2(b.x0 as f32, b.y0 as f32),
                egui::pos2(b.x1 as f32, b.y1 as f32),
            );
            r
        })
        .collect();
    let name = |id: egui::Id| {
        labels
            .get(&id.accesskit_id())
            .map_or_else(|| format!("{id:?}"), |(role, label)| format!("{role:?} '{label}'"))
    };
    let mut out = Vec::new();
    for w in &all {
        let Some((role, label)) = labels.get(&w.id.accesskit_id()) else { continue };
        if !tapped(*role) || !w.enabled || !w.visible || !w.sense.senses_click() {
            continue;
        }
        let centre = w.rect.center();
        if !screen.contains(centre) {
            continue;
        }
        *checked += 1;
        if !w.interact_rect.contains(centre) {
            // In a scroll area: one that drags (its view intersects the control), or one with
            // a scroll bar (egui draws it only when the content overflows) at the right of
            // the control's column: rows scrolled out of its view are clipped whole.
            let under_bar = |bar: &egui::Rect| w.rect.min.x < bar.min.x && w.rect.max.x <= bar.max.x + 1.0;
            if !scrolling.iter().any(|r| r.intersects(w.rect)) && !bars.iter().any(under_bar) {
                out.push(format!(
                    "{what}: {role:?} '{label}' is cut off at its centre with nothing to scroll"
                ));
            }
            continue;
        }
        h.hover_at(centre);
        h.step();
        let hit = h.ctx.viewport(|v| v.hits.click.map(|hit| hit.id));
        if hit != Some(w.id) {
            let over = hit.map_or_else(|| "nothing".to_owned(), name);
            out.push(format!("{what}: {role:?} '{label}' is under {over}"));
        }
    }
    h.hover_at(egui::pos2(-10.0, -10.0));
    h.run();
    out
}

/// [`covered_counting`] without the count.
pub fn covered(h: &mut App, what: &str) -> Vec<String> {
    covered_counting(h, what, &mut 0)
}

/// The phone layouts, step by step: Fragmaster's round and its attack at 390×844.
#[test]
fn no_control_lies_under_another_on_a_phone() {
    let mut found = Vec::new();
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = crate::support::system_on(dir.path(), "Fragmaster Origins", 390.0, 844.0);
    posse::ui::theme::touch(&h.ctx);
    h.run();
    found.extend(covered(&mut h, "Fragmaster's set-up"));
    crate::fragmaster::four_players_to_round_one(&mut h);
    found.extend(covered(&mut h, "Fragmaster's round"));
    crate::support::press(&mut h, "Target Ann");
    crate::support::type_in(&mut h, "Distance (cm)", "35");
    let mut checked = 0;
    found.extend(covered_counting(&mut h, "Fragmaster's attack", &mut checked));
    // The attack's weapon, three targets, distance, cover, level, and the character's actions.
    assert!(checked >= 12, "only {checked} controls were tried");
    assert!(found.is_empty(), "{} covered:\n{}", found.len(), found.join("\n"));
}
