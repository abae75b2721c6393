//! The one-page roster sheet for the table: the gang, each model with its profile, weapons and
//! numbers, a row of under fire boxes as long as its Hits and an out-of-ammo box, and the
//! gang's abilities with tick boxes for the once-per-game ones.

use std::fmt::Write as _;

use super::{Ink, Page, Paper, fit};
use crate::rules::Rules;
use crate::rules::data::{AbilityNeeds, Frequency};
use crate::rules::gang::{self, GangFile};

const MARGIN: f32 = 36.0;
const ROW: f32 = 34.0;
const BOX: f32 = 12.5;

/// A column of the model table: title and width in points.
const COLUMNS: [(&str, f32); 10] = [
    ("Model", 116.0),
    ("Profile", 96.0),
    ("Weapons", 74.0),
    ("Hits", 26.0),
    ("Nerve", 32.0),
    ("Shoot", 32.0),
    ("HtH", 26.0),
    ("Rep", 24.0),
    ("Under fire", 66.0),
    ("Ammo", 26.0),
];

fn signed(n: i32) -> String {
    if n > 0 { format!("+{n}") } else { n.to_string() }
}

fn weapons_text(weapons: &[String]) -> String {
    if weapons.len() == 2 && weapons.iter().all(|w| w == "pistol") {
        return "two pistols".into();
    }
    weapons.join(", ")
}

/// Lays out the roster of `file` on one page.
#[must_use]
pub fn layout(rules: &Rules, file: &GangFile, paper: Paper) -> Page {
    let mut page = Page::new(paper);
    let (width, _) = paper.size();
    let right = width - MARGIN;
    let gang = rules.gang(&file.gang);
    let report = gang::validate_file(rules, file, None).ok();
    let mut y = MARGIN + 22.0;

    let name = if file.name.trim().is_empty() { "Unnamed gang" } else { file.name.as_str() };
    page.text(MARGIN, y, 22.0, true, fit(name, right - MARGIN, 22.0, true));
    y += 20.0;
    let gang_name = gang.map_or(file.gang.clone(), |g| format!("{} {}", g.name, g.suit.symbol()));
    let rep = report.as_ref().map_or(0, |r| r.rep);
    let mut line = format!("{gang_name} · Rep {rep} of {}", file.limit());
    if let Some(scene) = file.scene.as_deref().and_then(|id| rules.scene(id)) {
        let role = file.role.map_or(String::new(), |r| format!(", {}", r.title().to_lowercase()));
        let _ = write!(line, " · built for {}{role}", scene.title);
    }
    if let Some(r) = &report {
        let _ = write!(line, " · {} models, {} with a pistol alone", r.models, r.pistol_only);
    }
    page.text(MARGIN, y, 11.0, false, fit(&line, right - MARGIN, 11.0, false));
    y += 24.0;

    // The model table.
    let header_y = y;
    let mut x = MARGIN;
    for (title, w) in COLUMNS {
        page.text(x + 3.0, header_y, 8.5, true, title);
        x += w;
    }
    y += 6.0;
    page.line(MARGIN, y, right, y, 1.0);
    for model in &file.models {
        let profile = gang.and_then(|g| g.profile(&model.profile));
        let base = y + 21.0;
        let cells: [String; 8] = match profile {
            Some(p) => [
                model.name.clone(),
                p.name.clone(),
                weapons_text(&model.weapons),
                p.hits.to_string(),
                format!("{}+", p.nerve),
                signed(p.shoot),
                signed(p.hth),
                p.rep.to_string(),
            ],
            None => [
                model.name.clone(),
                format!("? {}", model.profile),
                weapons_text(&model.weapons),
                String::new(),
                String::new(),
                String::new(),
                String::new(),
                String::new(),
            ],
        };
        let mut x = MARGIN;
        for (i, cell) in cells.iter().enumerate() {
            let (_, w) = COLUMNS[i];
            let bold = i == 0;
            let size = if i == 0 { 11.5 } else { 10.5 };
            page.cell(x + 3.0, base, w - 6.0, size, bold, cell);
            x += w;
        }
        // Under fire boxes, as many as the model's Hits (the last one means out of action).
        let hits = profile.map_or(0, |p| p.hits);
        let mut bx = x + 3.0;
        for _ in 0..hits {
            page.rect(bx, y + 10.0, BOX - 2.0, BOX - 2.0, 0.8, None);
            bx += BOX;
        }
        x += COLUMNS[8].1;
        page.rect(x + 6.0, y + 10.0, BOX - 2.0, BOX - 2.0, 0.8, None);
        y += ROW;
        page.line(MARGIN, y, right, y, 0.4);
    }
    y += 22.0;

    y = abilities(&mut page, gang, y, right);
    if let Some(r) = report.filter(|r| !r.valid) {
        problems(&mut page, &r, y, right);
    }

    let (_, height) = paper.size();
    page.text(
        MARGIN,
        height - MARGIN + 10.0,
        7.5,
        false,
        "Printed by Posse · Dead Man's Hand roster · under fire: tick one box per marker; the last box is out of action.",
    );
    page
}

fn abilities(page: &mut Page, gang: Option<&crate::rules::data::Gang>, y: f32, right: f32) -> f32 {
    let mut y = y;
    let Some(gang) = gang else { return y };
    page.text(MARGIN, y, 13.0, true, format!("{} abilities", gang.name));
    y += 13.0;
    page.text(MARGIN, y, 8.5, false, "They work only in scenes whose cast includes the gang's boss.");
    y += 16.0;
    for ability in &gang.abilities {
        let mut title = format!("{} ({})", ability.name, ability.frequency.label());
        if ability.needs == AbilityNeeds::BossOnTable {
            title.push_str(", boss on the table");
        }
        let text_x = MARGIN + 20.0;
        if ability.frequency == Frequency::OncePerGame {
            page.rect(MARGIN + 2.0, y - 9.0, BOX - 2.0, BOX - 2.0, 0.8, None);
        }
        page.text(text_x, y, 10.5, true, fit(&title, right - text_x, 10.5, true));
        y += 13.0;
        y = page.paragraph(text_x, y, right - text_x, 9.0, false, &format!("When: {}", ability.when));
        y = page.paragraph(text_x, y, right - text_x, 9.0, false, &ability.effect);
        y += 6.0;
    }
    for [a, b] in &gang.exclusive {
        let name =
            |id: crate::rules::data::AbilityId| gang.ability(id).map_or(id.to_string(), |ab| ab.name.clone());
        let text = format!("{} and {} may not both be used in the same turn.", name(*a), name(*b));
        y = page.paragraph(MARGIN, y, right - MARGIN, 9.0, true, &text);
    }
    y
}

/// Problems the builder reported, so a sheet never hides that the gang is not legal.
fn problems(page: &mut Page, report: &crate::rules::gang::GangReport, y: f32, right: f32) {
    let mut y = y + 8.0;
    page.text(MARGIN, y, 11.0, true, "This gang breaks the rules:");
    mark_red(page, "This gang breaks the rules:");
    y += 14.0;
    for p in &report.problems {
        y = page.paragraph(MARGIN + 10.0, y, right - MARGIN - 10.0, 9.0, false, &format!("• {}", p.message));
    }
}

fn mark_red(page: &mut Page, text: &str) {
    for item in &mut page.items {
        if let super::Item::Text { text: t, ink, .. } = item
            && t == text
        {
            *ink = Ink::Red;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::embedded;
    use crate::rules::gang::ModelEntry;

    fn lawmen() -> GangFile {
        let m = |name: &str, profile: &str, weapons: &[&str]| ModelEntry {
            name: name.into(),
            profile: profile.into(),
            weapons: weapons.iter().map(|w| (*w).to_owned()).collect(),
        };
        GangFile {
            name: "Tombstone Law".into(),
            gang: "lawmen".into(),
            models: vec![
                m("Wyatt Earp", "sheriff", &["pistol"]),
                m("Virgil Earp", "marshal", &["pistol"]),
                m("Morgan Earp", "deputy", &["pistol"]),
                m("Doc Holliday", "deputy", &["shotgun"]),
                m("Turkey Creek", "deputy", &["rifle"]),
                m("Texas Jack", "deputy", &["pistol", "repeater"]),
                m("Sherman McMaster", "citizen", &["pistol"]),
                m("Dan Tipton", "citizen", &["pistol"]),
            ],
            ..GangFile::default()
        }
    }

    #[test]
    fn the_roster_shows_every_model_and_ability_and_fits_the_page() {
        let rules = embedded::rules();
        for paper in [Paper::A4, Paper::Letter] {
            let page = layout(rules, &lawmen(), paper);
            assert!(page.fits(), "{paper:?}");
            let texts = page.texts();
            for expected in [
                "Tombstone Law",
                "Wyatt Earp",
                "Sheriff",
                "Upstanding Citizen",
                "2+",
                "+2",
                "I Am The Law (always)",
            ] {
                assert!(texts.iter().any(|t| t.contains(expected)), "{expected} missing: {texts:?}");
            }
            assert!(texts.iter().any(|t| t.starts_with("Lawmen ♥ · Rep 21 of 21")), "{texts:?}");
            // 5+4+4+4+4+4+3+3 under fire boxes, 8 ammo boxes, no once-per-game ability.
            let boxes = page.items.iter().filter(|i| matches!(i, super::super::Item::Rect { .. })).count();
            assert_eq!(boxes, 31 + 8);
        }
    }

    #[test]
    fn once_per_game_abilities_get_a_tick_box_and_problems_are_printed() {
        let rules = embedded::rules();
        let file = GangFile {
            name: "Clanton Gang".into(),
            gang: "outlaws".into(),
            models: vec![ModelEntry {
                name: "Ike".into(),
                profile: "boss".into(),
                weapons: vec!["pistol".into()],
            }],
            ..GangFile::default()
        };
        let page = layout(rules, &file, Paper::A4);
        assert!(page.fits());
        let boxes = page.items.iter().filter(|i| matches!(i, super::super::Item::Rect { .. })).count();
        assert_eq!(boxes, 5 + 1 + 1, "5 hits, ammo, and Cheatin' once per game");
        let texts = page.texts();
        assert!(texts.contains(&"This gang breaks the rules:"));
        assert!(texts.iter().any(|t| t.contains("at least 2 Dudes")), "{texts:?}");
    }

    #[test]
    fn a_ten_model_gang_still_fits_on_letter() {
        let rules = embedded::rules();
        let mut file = lawmen();
        file.models.truncate(1);
        for i in 0..6 {
            file.models.push(ModelEntry {
                name: format!("Deputy {i}"),
                profile: "deputy".into(),
                weapons: vec!["pistol".into()],
            });
        }
        for i in 0..3 {
            file.models.push(ModelEntry {
                name: format!("Citizen {i}"),
                profile: "citizen".into(),
                weapons: vec!["pistol".into()],
            });
        }
        assert_eq!(file.models.len(), 10);
        assert!(layout(rules, &file, Paper::Letter).fits());
    }
}
