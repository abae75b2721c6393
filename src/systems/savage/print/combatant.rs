//! A combatant sheet, one page per posse member (or group of Extras): Parry and Toughness in
//! big boxes, the attributes and skills with their die types and odds against the usual
//! target number, weapons, the initiative Edges, and boxes to tick for wounds, fatigue and
//! fate chips.

use crate::print::{Flow, Page, Paper, fit_pages, footers};
use crate::systems::savage::rules::Rules;
use crate::systems::savage::rules::combatant::Combatant;
use crate::systems::savage::rules::sheet::{CombatantSheet, TraitLine};

use super::{percent, signed, table};

/// The body size of a combatant sheet, read across the table.
const BODY: f32 = 12.0;

/// Lays out the sheet of `combatant` (one page for any usual character; a very long one flows
/// on).
#[must_use]
pub fn layout(rules: &Rules, combatant: &Combatant, paper: Paper) -> Vec<Page> {
    let sheet = CombatantSheet::build(rules, combatant);
    let mut pages = fit_pages(paper, |flow| build(rules, &sheet, flow));
    footers(&mut pages, &format!("Posse · Deadlands · {}", sheet.name));
    pages
}

/// The sheets of several combatants, one after the other.
#[must_use]
pub fn layout_all(rules: &Rules, combatants: &[Combatant], paper: Paper) -> Vec<Page> {
    combatants.iter().flat_map(|c| layout(rules, c, paper)).collect()
}

fn who(sheet: &CombatantSheet) -> String {
    let kind = if sheet.count > 1 {
        format!("{} {}s acting on one card", sheet.count, sheet.kind)
    } else {
        sheet.kind.clone()
    };
    match &sheet.player {
        Some(p) => format!("{kind} · played by {p}"),
        None => format!("{kind} · the Marshal's"),
    }
}

fn trait_rows(lines: &[TraitLine]) -> Vec<Vec<String>> {
    lines.iter().map(|t| vec![t.name.clone(), t.die.clone(), percent(t.success), percent(t.raise)]).collect()
}

fn build(rules: &Rules, sheet: &CombatantSheet, flow: &mut Flow) {
    flow.line(0.0, 22.0, true, &sheet.name);
    flow.line(0.0, 12.0, false, &who(sheet));
    flow.running_head(format!("{} · continued", sheet.name));
    stat_boxes(sheet, flow);
    flow.columns(2);
    let first_column = flow.left();
    let tn = rules.core.traits.target_number;
    let titles = ["Trait", "Die", "Success", "Raise"];
    flow.heading("Attributes");
    flow.para(0.0, BODY, false, &format!("Odds against {tn}, before modifiers."));
    table(flow, BODY, &titles, &trait_rows(&sheet.attributes));
    flow.heading("Skills");
    if sheet.skills.is_empty() {
        flow.para(0.0, BODY, false, "None: every skill is rolled at d4−2.");
    } else {
        table(flow, BODY, &titles, &trait_rows(&sheet.skills));
        let u = &rules.core.traits;
        flow.para(
            0.0,
            BODY,
            false,
            &format!("Any other skill: {}{} (unskilled).", u.unskilled_die, signed(u.unskilled_modifier)),
        );
    }
    // Weapons and the boxes to tick start the second column, when the traits left room.
    if (flow.left() - first_column).abs() < 1.0 {
        let rest = flow.bottom() - flow.y + 1.0;
        flow.need(rest);
    }
    flow.heading("Weapons");
    if sheet.weapons.is_empty() {
        flow.para(0.0, BODY, false, "None.");
    } else {
        let rows: Vec<Vec<String>> = sheet
            .weapons
            .iter()
            .map(|w| {
                vec![w.name.clone(), w.damage.clone(), w.range.clone().unwrap_or_else(|| "melee".into())]
            })
            .collect();
        table(flow, BODY, &["Weapon", "Damage", "Range"], &rows);
    }
    if !sheet.initiative.is_empty() {
        flow.heading("Action cards");
        flow.para(0.0, BODY, false, &sheet.initiative.join(", "));
    }
    if !sheet.abilities.is_empty() {
        flow.heading("Special abilities");
        flow.para(0.0, BODY, false, &sheet.abilities.join(", "));
    }
    boxes(rules, sheet, flow);
    if !sheet.notes.trim().is_empty() {
        flow.heading("Notes");
        flow.para(0.0, BODY, false, &sheet.notes);
    }
}

/// Parry and Toughness in two big boxes across the page.
fn stat_boxes(sheet: &CombatantSheet, flow: &mut Flow) {
    let label = flow.size(11.0);
    let number = flow.size(26.0);
    let height = label * 1.4 + number * 1.3 + 8.0;
    flow.gap(6.0);
    flow.place(height);
    let (left, width, top) = (flow.left(), flow.width(), flow.y);
    let armour =
        if sheet.armour == 0 { String::new() } else { format!(" (armour {})", signed(sheet.armour)) };
    let stats = [("Parry".to_owned(), sheet.parry), (format!("Toughness{armour}"), sheet.toughness)];
    let box_width = (width - 12.0) / 2.0;
    for (i, (name, value)) in stats.iter().enumerate() {
        #[expect(clippy::cast_precision_loss, reason = "two boxes")]
        let x = left + i as f32 * (box_width + 12.0);
        let page = flow.page();
        page.rect(x, top, box_width, height, 1.2, None);
        page.text(x + 10.0, top + 4.0 + label, label, true, name.clone());
        page.text(x + 10.0, top + 4.0 + label * 1.4 + number, number, true, value.to_string());
    }
    flow.y = top + height;
    flow.gap(4.0);
}

/// Boxes to tick at the table: wounds, fatigue and fate chips.
fn boxes(rules: &Rules, sheet: &CombatantSheet, flow: &mut Flow) {
    flow.heading("Wounds");
    let w = &rules.core.wounds;
    if sheet.kind == "Wild Card" {
        for n in 1..=sheet.wound_boxes {
            let penalty =
                i32::try_from(n).map_or(w.penalty_cap, |n| (n * w.penalty_per_wound).max(w.penalty_cap));
            flow.tick(BODY, &format!("Wound {n} ({} to every trait roll)", signed(penalty)));
        }
        flow.tick(BODY, "Incapacitated: Vigor roll");
    } else {
        flow.para(0.0, BODY, false, "One wound takes an Extra out of the fight.");
        for n in 1..=sheet.count {
            flow.tick(BODY, &format!("{} {n} out", sheet.name));
        }
    }
    flow.tick(BODY, "Shaken");
    flow.heading("Fatigue");
    for level in &rules.core.fatigue.levels {
        flow.tick(BODY, &format!("{} ({})", level.name, signed(level.penalty)));
    }
    if sheet.chip_boxes > 0 {
        flow.heading("Fate chips");
        for n in 1..=sheet.chip_boxes {
            flow.tick(BODY, &format!("Chip {n}: white / red / blue"));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::print::sheet;
    use crate::systems::savage::rules::embedded;

    #[test]
    fn every_example_fits_one_page_at_nine_points_or_more() {
        let rules = embedded().expect("data");
        for combatant in &rules.bestiary {
            for paper in [Paper::A4, Paper::Letter] {
                let pages = layout(rules, combatant, paper);
                assert_eq!(pages.len(), 1, "{} {paper:?}", combatant.name);
                assert_eq!(sheet::faults(&pages), Vec::<String>::new(), "{}", combatant.name);
            }
        }
        let boss = rules.bestiary.iter().find(|c| c.name == "Gang boss").expect("boss");
        let text = layout(rules, boss, Paper::A4).iter().flat_map(Page::texts).collect::<Vec<_>>().join(" ");
        // Parry 6, Toughness 7 with its armour; Fighting d8 with the Wild Die against 4.
        assert!(text.contains("Toughness (armour +1)"), "{text}");
        assert!(text.contains("Wound 3 (−3 to every trait roll)"), "{text}");
        assert!(text.contains("Level Headed"), "{text}");
    }

    #[test]
    fn a_character_with_a_hundred_skills_flows_onto_more_pages() {
        let rules = embedded().expect("data");
        let mut big = rules.bestiary.first().cloned().expect("a combatant");
        for n in 0..100 {
            big.skills.insert(format!("skill number {n}"), crate::systems::savage::rules::die::Die::D6);
        }
        let pages = layout(rules, &big, Paper::A4);
        assert!(pages.len() >= 2);
        assert_eq!(sheet::faults(&pages), Vec::<String>::new());
    }
}
