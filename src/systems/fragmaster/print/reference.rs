//! The one-page reference sheet: the weapons table across the page, then in two columns the
//! rolls, the to-hit modifiers, the turn's actions, frags and respawn, and the set-up. Every
//! row comes from `rules::reference` or the game data, like the Reference tab.

use crate::print::{Flow, Page, Paper, fit_pages, footers, text_width, wrap};
use crate::systems::fragmaster::rules::reference::{self, Row};
use crate::systems::fragmaster::rules::{Rules, Weapon};

/// The body size before scaling.
const BODY: f32 = 10.0;

/// Lays out the sheet: one page with today's data.
#[must_use]
pub fn layout(rules: &Rules, paper: Paper) -> Vec<Page> {
    let mut pages = fit_pages(paper, |flow| build(rules, flow));
    footers(&mut pages, "Posse · Fragmaster Origins · numbers from the rulebook, texts in our own words");
    pages
}

/// The set-up and table rules that are not in a table, as sentences from the data.
#[must_use]
pub fn setup_lines(rules: &Rules) -> Vec<String> {
    let g = &rules.game;
    let starting = rules.weapon(rules.starting_weapon.as_str()).map_or_else(String::new, Weapon::lower_name);
    let mut lines = vec![
        // "Hra je pro 2-6 hráčů, ideální je čtyři a více": the book's range and its advice.
        format!(
            "{}–{} players ({} or more is best; more are possible, not recommended); one character each, or in a \
             two-player game a team of {} to {} each.",
            g.players_min, g.unique_deployment_max, g.players_ideal, g.team_min, g.team_max
        ),
        format!("Everyone starts with the {starting} and one life."),
        format!(
            "Initiative, once per game: {}d6 per character, highest first; tied characters each roll a d6, again while still tied.",
            g.initiative_dice
        ),
        format!(
            "Deployment, in initiative order: a d6 picks each character's respawn point; with {} characters or fewer a point already used is rolled again.",
            g.unique_deployment_max
        ),
    ];
    for layout in &g.respawn_layouts {
        let faces: Vec<String> = layout
            .faces
            .iter()
            .enumerate()
            .map(|(i, f)| {
                let shown: Vec<String> = f.iter().map(ToString::to_string).collect();
                format!("{} → {}", shown.join("–"), i + 1)
            })
            .collect();
        lines.push(format!("{} respawn points: {}.", layout.count, faces.join(", ")));
    }
    lines.push(format!(
        "More than {} characters: {} respawn points, no deployment restriction, and a neutral round first ({} movement actions each).",
        g.unique_deployment_max, g.neutral_respawn_points, g.neutral_actions
    ));
    lines.push(format!(
        "Rearm point: a character that stops within {} cm may swap its weapon for the point's (grenades are carried beside it).",
        g.rearm_cm
    ));
    lines
}

fn rows(flow: &mut Flow, rows: &[Row]) {
    for row in rows {
        let name =
            if row.value.is_empty() { row.name.clone() } else { format!("{} {}", row.name, row.value) };
        flow.block(6.0, None, &[(BODY, true, &name), (BODY, false, &row.text)]);
        flow.gap(1.0);
    }
}

fn build(rules: &Rules, flow: &mut Flow) {
    let r = reference::reference(rules);
    flow.line(0.0, 18.0, true, "Fragmaster Origins · reference");
    flow.running_head("Fragmaster Origins · reference · continued");
    flow.heading("Weapons");
    weapons_table(flow, &r.weapons);
    flow.columns(2);
    flow.heading("Rolls (one d6)");
    rows(flow, &r.rolls);
    flow.heading("To-hit modifiers");
    rows(flow, &r.modifiers);
    flow.heading(&format!("The turn: {} actions, any repeated", rules.actions_per_turn));
    rows(flow, &r.actions);
    flow.heading("Frags, respawn, winning");
    rows(flow, &r.scoring);
    flow.heading("Set-up");
    for line in setup_lines(rules) {
        flow.para(6.0, BODY, false, &line);
    }
}

/// The weapons table: name, range and S as narrow columns, the special rules wrapping in the
/// rest of the width.
fn weapons_table(flow: &mut Flow, weapons: &[reference::WeaponRow]) {
    let size = flow.size(BODY);
    let titles = ["Weapon", "Range", "S (wound)", "Special rules"];
    let cells: Vec<[String; 4]> = weapons
        .iter()
        .map(|w| [w.name.clone(), w.range.clone(), w.strength.clone(), w.special.clone()])
        .collect();
    let mut widths = [0.0_f32; 4];
    for (n, title) in titles.iter().enumerate().take(3) {
        let widest = cells
            .iter()
            .map(|c| text_width(&c[n], size, false))
            .fold(text_width(title, size, true), f32::max);
        widths[n] = widest + 12.0;
    }
    widths[3] = (flow.width() - 6.0 - widths[..3].iter().sum::<f32>()).max(80.0);
    let lay = |texts: [&str; 4], bold: bool| -> Vec<Vec<String>> {
        texts.iter().zip(widths).map(|(text, w)| wrap(text, w - 6.0, size, bold)).collect()
    };
    let mut table = vec![(lay(titles, true), true)];
    table.extend(cells.iter().map(|c| (lay([&c[0], &c[1], &c[2], &c[3]], false), false)));
    #[expect(clippy::cast_precision_loss, reason = "a cell has a line or two")]
    let height =
        |row: &Vec<Vec<String>>| row.iter().map(Vec::len).max().unwrap_or(1).max(1) as f32 * size * 1.3;
    flow.place(table.iter().map(|(row, _)| height(row)).sum());
    for (row, bold) in &table {
        flow.need(height(row));
        let mut x = flow.left() + 6.0;
        let top = flow.y;
        for (lines, w) in row.iter().zip(widths) {
            let mut y = top;
            for line in lines {
                y += size;
                flow.page().text(x, y, size, *bold, line.as_str());
                y += size * 0.3;
            }
            x += w;
        }
        flow.y = top + height(row);
    }
    flow.gap(4.0);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::print::sheet;
    use crate::systems::fragmaster::rules::embedded::rules;

    #[test]
    fn the_sheet_is_one_page_at_nine_points_or_more_with_every_weapon_and_action() {
        let rules = rules();
        for paper in [Paper::A4, Paper::Letter] {
            let pages = layout(rules, paper);
            assert_eq!(pages.len(), 1, "{paper:?}");
            assert_eq!(sheet::faults(&pages), Vec::<String>::new(), "{paper:?}");
            assert!(sheet::smallest(&pages) >= crate::print::MIN_TEXT);
            let text = pages[0].texts().join(" ");
            for w in &rules.weapons {
                assert!(text.contains(&w.name), "{}", w.name);
            }
            for a in &rules.actions {
                assert!(text.contains(&a.name), "{}", a.name);
            }
            for needle in ["To hit 3+", "To wound 4+", "Aim -2", "Suicide -3", "Team-mate -1", "Win 20"] {
                assert!(text.contains(needle), "{needle} in {text}");
            }
        }
    }

    #[test]
    fn the_set_up_lines_read_the_data() {
        let lines = setup_lines(rules());
        assert_eq!(
            lines[0],
            "2–6 players (4 or more is best; more are possible, not recommended); one character each, or in a \
             two-player game a team of 2 to 3 each."
        );
        assert!(lines.contains(&"3 respawn points: 1–2 → 1, 3–4 → 2, 5–6 → 3.".to_owned()), "{lines:?}");
        assert!(lines.contains(&"6 respawn points: 1 → 1, 2 → 2, 3 → 3, 4 → 4, 5 → 5, 6 → 6.".to_owned()));
    }
}
