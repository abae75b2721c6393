//! The roster sheet for the table: the gang, each model with its profile, weapons and numbers,
//! a row of under fire boxes as long as its Hits and an out-of-ammo box, and the gang's
//! abilities with tick boxes for the once-per-game ones. Names are 13 pt, nothing is under
//! 9 pt and the boxes are about 6 mm, to read and tick at arm's length. A gang longer than a
//! page flows onto more pages, the table's column titles repeated on each.

use std::fmt::Write as _;

use crate::print::{Flow, Ink, Page, Paper, fit, footers, text_width, wrap, wrap_at_most};
use crate::systems::dmh::rules::Rules;
use crate::systems::dmh::rules::data::{AbilityNeeds, Frequency, Gang};
use crate::systems::dmh::rules::gang::{self, GangFile, GangReport, ModelEntry};

/// Model names.
pub const NAME: f32 = 13.0;
/// The gang's name at the top.
const GANG_NAME: f32 = 22.0;
/// The line under a model's name: its profile and weapons.
const DETAIL: f32 = 10.5;
/// The model's numbers.
const STAT: f32 = 12.0;
/// Column titles.
pub const TITLE: f32 = 9.5;
/// A tracking box's side: about 6 mm, room for a pencil tick.
pub const BOX: f32 = 17.0;
const BOX_GAP: f32 = 4.0;
/// Under fire boxes per row; a model with more Hits gets a second row.
const BOXES_PER_ROW: u32 = 5;
/// The under fire column: five boxes and their gaps, with room either side.
const BOXES_W: f32 = 5.0 * (BOX + BOX_GAP) - BOX_GAP + 2.0 * BOXES_INSET;
/// Room left of the first under fire box.
const BOXES_INSET: f32 = 5.0;
/// A once-per-game ability's tick box.
pub const ABILITY_BOX: f32 = 14.0;
/// Space above and below each model's row; a gang with room to spare on its page gets up to
/// `PAD_MAX`, so rows are easier to tell apart and tick.
const PAD: f32 = 7.0;
const PAD_MAX: f32 = 14.0;
/// A name longer than this many lines ends with an ellipsis.
const NAME_LINES: usize = 2;
/// A problem longer than this many lines ends with an ellipsis (the app shows it whole).
const PROBLEM_LINES: usize = 4;
const STATS: [&str; 5] = ["Hits", "Nerve", "Shoot", "HtH", "Rep"];
const STAT_W: f32 = 40.0;
const AMMO_W: f32 = 42.0;
/// Room a fresh page leaves for one model's row, below the running head and the column titles.
const ROOM_ON_A_PAGE: f32 = 60.0;
/// After a model's name at the top of a page its row goes on to.
const CONTINUED: &str = "(continued)";
const FOOTNOTE: &str =
    "Under fire: tick one box per marker; the last box is out of action. Ammo: tick when out of ammo.";

fn signed(n: i32) -> String {
    if n > 0 { format!("+{n}") } else { n.to_string() }
}

fn weapons_text(weapons: &[String]) -> String {
    if weapons.len() == 2 && weapons.iter().all(|w| w == "pistol") {
        return "two pistols".into();
    }
    weapons.join(", ")
}

/// Where the table's columns start, left to right.
struct Columns {
    model: f32,
    model_w: f32,
    stats: f32,
    boxes: f32,
    ammo: f32,
    right: f32,
}

impl Columns {
    fn of(flow: &Flow) -> Columns {
        let model = flow.left();
        let right = model + flow.width();
        let ammo = right - AMMO_W;
        let boxes = ammo - BOXES_W;
        let stats = boxes - STAT_W * 5.0;
        Columns { model, model_w: stats - model - 6.0, stats, boxes, ammo, right }
    }

    /// The left edge of stat column `n`'s text, centred.
    fn stat_x(&self, n: usize, text: &str, size: f32, bold: bool) -> f32 {
        #[expect(clippy::cast_precision_loss, reason = "five columns")]
        let centre = self.stats + (n as f32 + 0.5) * STAT_W;
        centre - text_width(text, size, bold) / 2.0
    }
}

/// One model's row, measured before it is drawn.
struct Row {
    name: Vec<String>,
    detail: Vec<String>,
    stats: [String; 5],
    hits: u32,
}

impl Row {
    fn new(model: &ModelEntry, gang: Option<&Gang>, columns: &Columns) -> Row {
        let profile = gang.and_then(|g| g.profile(&model.profile));
        let name = if model.name.trim().is_empty() { "(unnamed)" } else { model.name.as_str() };
        let kind = profile.map_or_else(|| format!("? {}", model.profile), |p| p.name.clone());
        let weapons = weapons_text(&model.weapons);
        let detail = if weapons.is_empty() { kind } else { format!("{kind} · {weapons}") };
        let stats = profile.map_or_else(Default::default, |p| {
            [p.hits.to_string(), format!("{}+", p.nerve), signed(p.shoot), signed(p.hth), p.rep.to_string()]
        });
        Row {
            name: wrap_at_most(name, columns.model_w, NAME, true, NAME_LINES),
            detail: wrap(&detail, columns.model_w, DETAIL, false),
            stats,
            hits: profile.map_or(0, |p| p.hits),
        }
    }

    fn box_rows(&self) -> u32 {
        self.hits.div_ceil(BOXES_PER_ROW).max(1)
    }

    fn height(&self, pad: f32) -> f32 {
        #[expect(clippy::cast_precision_loss, reason = "a few lines and box rows")]
        let (names, details, box_rows) =
            (self.name.len() as f32, self.detail.len() as f32, self.box_rows() as f32);
        let text = names * NAME * 1.25 + details * DETAIL * 1.3;
        let boxes = box_rows * (BOX + BOX_GAP) - BOX_GAP;
        2.0 * pad + text.max(boxes)
    }

    /// The height of the row's top: its name, the first line under it and its boxes.
    fn head_height(&self, pad: f32) -> f32 {
        #[expect(clippy::cast_precision_loss, reason = "a name has two lines at most")]
        let names = self.name.len() as f32;
        let text = names * NAME * 1.25 + DETAIL * 1.3;
        2.0 * pad + text.max(BOX)
    }

    /// Draws the row; a row taller than a page goes on over the next pages, under the column
    /// titles and the model's name.
    fn draw(&self, flow: &mut Flow, columns: &Columns, pad: f32) {
        // A row that fits a page is kept whole; a longer one starts wherever its numbers, boxes
        // and first line fit.
        let room = flow.bottom() - flow.margin - ROOM_ON_A_PAGE;
        let height = self.height(pad);
        let start = if height <= room { height } else { self.head_height(pad) };
        if flow.need(start) {
            column_titles(flow, columns);
        }
        let top = flow.y;
        let page = flow.pages.len();
        let base = top + pad + NAME;
        for (n, stat) in self.stats.iter().enumerate() {
            let x = columns.stat_x(n, stat, STAT, false);
            flow.page().text(x, base, STAT, false, stat.as_str());
        }
        let box_top = top + pad - 1.0;
        let mut x = columns.boxes + BOXES_INSET;
        let mut y = box_top;
        for k in 0..self.hits {
            if k > 0 && k % BOXES_PER_ROW == 0 {
                x = columns.boxes + BOXES_INSET;
                y += BOX + BOX_GAP;
            }
            flow.page().rect(x, y, BOX, BOX, 1.0, None);
            x += BOX + BOX_GAP;
        }
        flow.page().rect(columns.ammo + (AMMO_W - BOX) / 2.0, box_top, BOX, BOX, 1.0, None);
        #[expect(clippy::cast_precision_loss, reason = "a few box rows")]
        let boxes_bottom = box_top + self.box_rows() as f32 * (BOX + BOX_GAP) - BOX_GAP;

        flow.y = top + pad;
        let names = self.name.iter().map(|l| (NAME, true, 1.25, l));
        let details = self.detail.iter().map(|l| (DETAIL, false, 1.3, l));
        for (size, bold, leading, line) in names.chain(details) {
            if flow.need(size * leading) {
                column_titles(flow, columns);
                // The name again (its first line), and "continued" after it when there is room.
                let first = self.name.first().map_or("", String::as_str);
                flow.y += pad + NAME;
                let y = flow.y;
                flow.page().text(columns.model, y, NAME, true, first);
                let after = columns.model + text_width(first, NAME, true) + 6.0;
                if after + text_width(CONTINUED, TITLE, false) <= columns.model + columns.model_w {
                    flow.page().text(after, y, TITLE, false, CONTINUED);
                }
                flow.y += NAME * 0.25;
            }
            flow.y += size;
            let y = flow.y;
            flow.page().text(columns.model, y, size, bold, line.as_str());
            flow.y += size * (leading - 1.0);
        }
        if flow.pages.len() == page {
            flow.y = flow.y.max(boxes_bottom);
        }
        flow.y += pad;
        let y = flow.y;
        flow.page().line(columns.model, y, columns.right, y, 0.4);
    }
}

/// The table's column titles and the rule under them.
fn column_titles(flow: &mut Flow, columns: &Columns) {
    flow.y += TITLE;
    let y = flow.y;
    let page = flow.page();
    page.text(columns.model, y, TITLE, true, "Model · profile, weapons");
    for (n, title) in STATS.iter().enumerate() {
        page.text(columns.stat_x(n, title, TITLE, true), y, TITLE, true, *title);
    }
    page.text(columns.boxes + BOXES_INSET, y, TITLE, true, "Under fire");
    let ammo_x = columns.ammo + (AMMO_W - text_width("Ammo", TITLE, true)) / 2.0;
    page.text(ammo_x, y, TITLE, true, "Ammo");
    flow.y += 6.0;
    let y = flow.y;
    flow.page().line(columns.model, y, columns.right, y, 1.0);
}

/// Lays out the roster of `file`: one page for a gang that fits one, more for a longer one.
#[must_use]
pub fn layout(rules: &Rules, file: &GangFile, paper: Paper) -> Vec<Page> {
    let (pages, spare) = layout_with(rules, file, paper, PAD);
    #[expect(clippy::cast_precision_loss, reason = "a page holds a dozen rows or so")]
    let rows = file.models.len() as f32;
    if pages.len() > 1 || rows == 0.0 {
        return pages;
    }
    // Room to spare on the one page: share most of it out between the rows.
    let pad = (PAD + spare * 0.9 / (2.0 * rows)).min(PAD_MAX);
    let (roomier, _) = layout_with(rules, file, paper, pad);
    if roomier.len() == 1 { roomier } else { pages }
}

/// The roster with `pad` points above and below each row, and the room left under it on its
/// last page.
fn layout_with(rules: &Rules, file: &GangFile, paper: Paper, pad: f32) -> (Vec<Page>, f32) {
    let gang = rules.gang(&file.gang);
    let report = gang::validate_file(rules, file, None).ok();
    let mut flow = Flow::new(paper, 1.0, usize::MAX);
    let width = flow.width();

    let name = if file.name.trim().is_empty() { "Unnamed gang" } else { file.name.as_str() };
    for line in wrap_at_most(name, width, GANG_NAME, true, NAME_LINES) {
        flow.y += GANG_NAME;
        let (x, y) = (flow.left(), flow.y);
        flow.page().text(x, y, GANG_NAME, true, line);
        flow.y += GANG_NAME * 0.15;
    }
    let continued = " · continued";
    let head = fit(name, width - text_width(continued, 11.0, true), 11.0, true);
    flow.running_head(format!("{head}{continued}"));
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
    flow.gap(2.0);
    flow.para(0.0, 11.0, false, &line);
    flow.gap(10.0);

    table(&mut flow, gang, file, pad);
    abilities(&mut flow, gang);
    if let Some(r) = report.filter(|r| !r.valid) {
        problems(&mut flow, &r);
    }
    let spare = flow.bottom() - flow.y;
    let mut pages = flow.finish();
    footers(&mut pages, FOOTNOTE);
    (pages, spare)
}

fn table(flow: &mut Flow, gang: Option<&Gang>, file: &GangFile, pad: f32) {
    let columns = Columns::of(flow);
    let rows: Vec<Row> = file.models.iter().map(|m| Row::new(m, gang, &columns)).collect();
    let room = flow.bottom() - flow.margin - ROOM_ON_A_PAGE;
    let first = rows.first().map_or(DETAIL * 2.0, |r| r.height(pad).min(room));
    flow.need(TITLE + 6.0 + first);
    column_titles(flow, &columns);
    if rows.is_empty() {
        flow.y += DETAIL + pad;
        let (x, y) = (columns.model, flow.y);
        flow.page().text(x, y, DETAIL, false, "No models yet.");
        flow.y += pad;
    }
    for row in &rows {
        row.draw(flow, &columns, pad);
    }
}

fn abilities(flow: &mut Flow, gang: Option<&Gang>) {
    let Some(gang) = gang else { return };
    flow.gap(12.0);
    flow.heading(&format!("{} abilities", gang.name));
    flow.para(0.0, 10.0, false, "They work only in scenes whose cast includes the gang's boss.");
    flow.gap(4.0);
    for ability in &gang.abilities {
        let mut title = format!("{} ({})", ability.name, ability.frequency.label());
        if ability.needs == AbilityNeeds::BossOnTable {
            title.push_str(", boss on the table");
        }
        let when = format!("When: {}", ability.when);
        let tick = (ability.frequency == Frequency::OncePerGame).then_some(ABILITY_BOX);
        flow.block(24.0, tick, &[(12.0, true, &title), (11.0, false, &when), (11.0, false, &ability.effect)]);
        flow.gap(6.0);
    }
    for [a, b] in &gang.exclusive {
        let name = |id: crate::systems::dmh::rules::data::AbilityId| {
            gang.ability(id).map_or(id.to_string(), |ab| ab.name.clone())
        };
        let text = format!("{} and {} may not both be used in the same turn.", name(*a), name(*b));
        flow.para(0.0, 11.0, true, &text);
    }
}

/// Problems the builder reported, so a sheet never hides that the gang is not legal.
fn problems(flow: &mut Flow, report: &GangReport) {
    flow.gap(8.0);
    flow.heading_in("This gang breaks the rules:", Ink::Red);
    for p in &report.problems {
        flow.para_at_most(10.0, 10.0, false, &format!("• {}", p.message), PROBLEM_LINES);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::print::{Item, sheet};
    use crate::systems::dmh::rules::embedded;
    use crate::systems::dmh::rules::gang::ModelEntry;

    fn model(name: &str, profile: &str, weapons: &[&str]) -> ModelEntry {
        ModelEntry {
            name: name.into(),
            profile: profile.into(),
            weapons: weapons.iter().map(|w| (*w).to_owned()).collect(),
        }
    }

    fn lawmen() -> GangFile {
        GangFile {
            name: "Tombstone Law".into(),
            gang: "lawmen".into(),
            models: vec![
                model("Wyatt Earp", "sheriff", &["pistol"]),
                model("Virgil Earp", "marshal", &["pistol"]),
                model("Morgan Earp", "deputy", &["pistol"]),
                model("Doc Holliday", "deputy", &["shotgun"]),
                model("Turkey Creek", "deputy", &["rifle"]),
                model("Texas Jack", "deputy", &["pistol", "repeater"]),
                model("Sherman McMaster", "citizen", &["pistol"]),
                model("Dan Tipton", "citizen", &["pistol"]),
            ],
            ..GangFile::default()
        }
    }

    /// The texts (not headings) of `size` points on every page, in order.
    fn texts_at(pages: &[Page], size: f32, bold: bool) -> Vec<&str> {
        pages
            .iter()
            .flat_map(|p| &p.items)
            .filter_map(|i| match i {
                Item::Text { size: s, bold: b, heading: false, text, .. }
                    if (s - size).abs() < 1e-4 && *b == bold =>
                {
                    Some(text.as_str())
                }
                _ => None,
            })
            .collect()
    }

    /// The width and height of every box on the pages.
    fn boxes(pages: &[Page]) -> Vec<(f32, f32)> {
        pages
            .iter()
            .flat_map(|p| &p.items)
            .filter_map(|i| match i {
                Item::Rect { w, h, .. } => Some((*w, *h)),
                _ => None,
            })
            .collect()
    }

    const TITLES: [&str; 8] =
        ["Model · profile, weapons", "Hits", "Nerve", "Shoot", "HtH", "Rep", "Under fire", "Ammo"];

    #[test]
    fn the_roster_shows_every_model_and_ability_on_one_page() {
        let rules = embedded::rules();
        for paper in [Paper::A4, Paper::Letter] {
            let pages = layout(rules, &lawmen(), paper);
            assert_eq!(pages.len(), 1, "{paper:?}");
            assert_eq!(sheet::faults(&pages), Vec::<String>::new(), "{paper:?}");
            let texts = pages[0].texts();
            for expected in [
                "Tombstone Law",
                "Sheriff · pistol",
                "Upstanding Citizen · pistol",
                "Deputy · pistol, repeater",
                "2+",
                "+2",
                "I Am The Law (always), boss on the table",
            ] {
                assert!(texts.contains(&expected), "{expected} missing: {texts:?}");
            }
            assert!(texts.iter().any(|t| t.starts_with("Lawmen ♥ · Rep 21 of 21")), "{texts:?}");
            let gang = lawmen();
            let names: Vec<&str> = gang.models.iter().map(|m| m.name.as_str()).collect();
            assert_eq!(texts_at(&pages, NAME, true), names, "every name whole, at 13 pt");
            assert_eq!(texts_at(&pages, TITLE, true), TITLES);
            // 5+4+4+4+4+4+3+3 under fire boxes and 8 ammo boxes, all 17 pt; no once-per-game
            // ability.
            assert_eq!(boxes(&pages), vec![(BOX, BOX); 31 + 8]);
            assert!(sheet::smallest(&pages) >= 9.0);
        }
    }

    #[test]
    fn once_per_game_abilities_get_a_tick_box_and_problems_are_printed() {
        let rules = embedded::rules();
        let file = GangFile {
            name: "Clanton Gang".into(),
            gang: "outlaws".into(),
            models: vec![model("Ike", "boss", &["pistol"])],
            ..GangFile::default()
        };
        let pages = layout(rules, &file, Paper::A4);
        assert_eq!(pages.len(), 1);
        assert_eq!(sheet::faults(&pages), Vec::<String>::new());
        assert_eq!(
            boxes(&pages),
            [[(BOX, BOX); 6].as_slice(), &[(ABILITY_BOX, ABILITY_BOX)]].concat(),
            "5 hits, ammo, Cheatin'"
        );
        let warning = pages[0].items.iter().find_map(|i| match i {
            Item::Text { text, ink, heading, .. } if text == "This gang breaks the rules:" => {
                Some((*ink, *heading))
            }
            _ => None,
        });
        assert_eq!(warning, Some((Ink::Red, true)));
        let texts = pages[0].texts();
        assert!(texts.iter().any(|t| t.contains("at least 2 Dudes")), "{texts:?}");
    }

    #[test]
    fn a_ten_model_gang_fits_one_page_on_a4_and_letter() {
        let rules = embedded::rules();
        let mut file = lawmen();
        file.models.truncate(1);
        for i in 0..6 {
            file.models.push(model(&format!("Deputy {i}"), "deputy", &["pistol"]));
        }
        for i in 0..3 {
            file.models.push(model(&format!("Citizen {i}"), "citizen", &["pistol"]));
        }
        assert_eq!(file.models.len(), 10);
        for paper in [Paper::A4, Paper::Letter] {
            let pages = layout(rules, &file, paper);
            assert_eq!(pages.len(), 1, "{paper:?}");
            assert_eq!(sheet::faults(&pages), Vec::<String>::new());
        }
    }

    #[test]
    fn a_huge_name_is_cut_to_two_lines() {
        let rules = embedded::rules();
        let mut file = lawmen();
        file.name = "Tombstone".repeat(11_112);
        file.models[0].name = "W".repeat(100_000);
        assert!(file.name.len() > 100_000);
        for paper in [Paper::A4, Paper::Letter] {
            let pages = layout(rules, &file, paper);
            assert_eq!(pages.len(), 1, "{paper:?}");
            assert_eq!(sheet::faults(&pages), Vec::<String>::new());
            let title = texts_at(&pages, GANG_NAME, true);
            assert_eq!(title.len(), 2);
            assert!(title[0].starts_with("TombstoneTombstone") && title[1].ends_with('…'), "{title:?}");
            let names = texts_at(&pages, NAME, true);
            assert_eq!(names.len(), 8 + 1, "Wyatt's name takes two lines");
            assert!(names[0].chars().all(|c| c == 'W') && names[1].ends_with("W…"), "{names:?}");
            let gang = lawmen();
            assert_eq!(names[2..], gang.models[1..].iter().map(|m| m.name.as_str()).collect::<Vec<_>>());
        }
    }

    #[test]
    fn a_model_with_3000_weapons_flows_onto_more_pages() {
        let rules = embedded::rules();
        let mut file = lawmen();
        let weapons: Vec<&str> = ["pistol", "rifle", "shotgun"].iter().cycle().take(3000).copied().collect();
        file.models[3] = model("Doc Holliday", "deputy", &weapons);
        // Pages, pages Doc's row goes on to, and what the last page starts with under its head.
        let cases = [(Paper::A4, 16, 14, TITLES[0]), (Paper::Letter, 16, 14, "This gang breaks the rules:")];
        for (paper, expected, continued, last) in cases {
            let pages = layout(rules, &file, paper);
            assert_eq!(pages.len(), expected, "{paper:?}");
            assert_eq!(sheet::faults(&pages), Vec::<String>::new(), "{paper:?}");
            let details = texts_at(&pages, DETAIL, false);
            let doc = details.iter().position(|t| t.starts_with("Deputy · pistol, rifle")).expect("Doc");
            let end = details.iter().position(|t| t.starts_with("Deputy · rifle")).expect("Turkey Creek");
            assert_eq!(details[doc..end].join(" "), format!("Deputy · {}", weapons.join(", ")));
            let names = texts_at(&pages, NAME, true);
            let repeated = names.iter().filter(|t| **t == "Doc Holliday").count();
            assert_eq!(repeated, 1 + continued, "the name heads every page the row goes on to");
            assert_eq!(texts_at(&pages, TITLE, false), vec![CONTINUED; continued]);
            for page in &pages[1..=continued] {
                assert_eq!(page.texts()[..2], ["Tombstone Law · continued", TITLES[0]]);
            }
            assert_eq!(pages[expected - 1].texts()[..2], ["Tombstone Law · continued", last]);
        }
    }

    #[test]
    fn a_thousand_models_print_on_as_many_pages_as_they_need() {
        let rules = embedded::rules();
        let mut file = lawmen();
        file.models = (0..1000).map(|i| model(&format!("Deputy {i}"), "deputy", &["pistol"])).collect();
        for (paper, expected) in [(Paper::A4, 63), (Paper::Letter, 68)] {
            let pages = layout(rules, &file, paper);
            assert_eq!(pages.len(), expected, "{paper:?}");
            assert_eq!(sheet::faults(&pages), Vec::<String>::new(), "{paper:?}");
            let names: Vec<String> = (0..1000).map(|i| format!("Deputy {i}")).collect();
            assert_eq!(texts_at(&pages, NAME, true), names);
            for (n, page) in pages.iter().enumerate() {
                let texts = page.texts();
                assert!(texts.contains(&format!("page {} of {expected}", n + 1).as_str()), "{texts:?}");
            }
        }
    }
}
