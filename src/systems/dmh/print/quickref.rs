//! The quick-reference sheet (two pages, no text under 9 pt): actions, shooting modifiers, the weapons
//! table, shooting results, nerve and Big Nerve tests, hand-to-hand, the end-of-turn routine
//! and the 27 cards, all rendered from `data/` so it never disagrees with the app.

use crate::print::{Flow, Page, Paper, fit_pages, footers, text_width, wrap};
use crate::systems::dmh::rules::Rules;
use crate::systems::dmh::rules::data::{Band, CardText};

fn signed(n: i32) -> String {
    if n > 0 { format!("+{n}") } else { n.to_string().replace('-', "−") }
}

/// One row of the weapons table: name, shots, point blank, close, long, notes.
#[must_use]
pub fn weapon_rows(rules: &Rules) -> Vec<[String; 6]> {
    rules
        .weapons
        .iter()
        .map(|w| {
            let mut from = 0.0_f64;
            let mut cells = [String::from("—"), String::from("—"), String::from("—")];
            for band in &w.bands {
                let slot = match band.band {
                    Band::PointBlank => 0,
                    Band::Close => 1,
                    Band::Long => 2,
                };
                let low = if from == 0.0 { 0.0 } else { from + 1.0 };
                let range = match band.max_cm {
                    Some(max) => format!("{low}–{max}"),
                    None => format!("{low}+"),
                };
                cells[slot] =
                    if band.modifier == 0 { range } else { format!("{range} ({})", signed(band.modifier)) };
                from = band.max_cm.unwrap_or(from);
            }
            let [pb, close, long] = cells;
            [w.name.clone(), w.max_shots.to_string(), pb, close, long, w.notes.clone()]
        })
        .collect()
}

/// The shooting results as "range: result" lines, from the data's bands.
#[must_use]
pub fn result_lines(rules: &Rules) -> Vec<String> {
    let n = &rules.core.shooting;
    n.results
        .iter()
        .map(|r| {
            let range = match (r.min, r.max) {
                (None, None) => format!("Natural {}", n.natural_out_of_ammo),
                (None, Some(max)) => format!("{max} or less"),
                (Some(min), Some(max)) => format!("{min}–{max}"),
                (Some(min), None) => format!("{min}+"),
            };
            // The text may open with the range again ("Natural 1: …"): said once.
            let text = r.text.strip_prefix(&format!("{range}: ")).unwrap_or(&r.text);
            format!("{range}: {}. {}", r.label, capitalise(text))
        })
        .collect()
}

fn capitalise(text: &str) -> String {
    let mut c = text.chars();
    c.next().map_or_else(String::new, |f| f.to_uppercase().collect::<String>() + c.as_str())
}

/// Initiative, ties and the lowest-card switch (lines 56–60, 69).
pub const INITIATIVE: [&str; 3] = [
    "Each player gives his top card face up to a model he picks, then one face down to each other model; reveal. Highest first: ace high, joker low.",
    "Ties between sides: the side that placed its first card first wins them; placed at once, each draws a card, the higher wins ties this turn. Drunk models lose ties.",
    "The lowest card (2 low, not the joker): its player may swap two of his models' cards, once, before anyone acts.",
];

/// Duck back and quick shot (lines 160–171).
pub const INTERRUPTIONS: [&str; 2] = [
    "Duck back: a model not yet activated, when shot at, moves up to 10 cm to cover or away. The shooter gets one shot at −1 (−1 more if it reaches substantial cover), range from where it stood. One per enemy activation; burns its activation.",
    "Quick shot: a model not yet activated burns its activation to shoot the acting model, one per enemy activation. Long range: it fires first; close: both together; at a move: when it likes. Modifiers as normal; the target's declared moves count.",
];

/// Shooting at the closest target (line 141).
pub const CLOSEST: &str =
    "Close or point blank: shoot the closest enemy, unless the shooter passes a nerve test first.";

/// The shooting modifier lines, "label: value".
#[must_use]
pub fn modifier_lines(rules: &Rules) -> Vec<String> {
    let mut lines: Vec<String> =
        rules.core.shooting.modifiers.iter().map(|m| format!("{}: {}", m.label, signed(m.value))).collect();
    lines.push(
        "Range: point blank, close and long as in the weapons table; the shooter's Shoot value is added."
            .into(),
    );
    lines
}

/// A card's rank and name, and what it does and when it is played.
fn card_lines(card: &CardText) -> (String, String) {
    let rank = match (&card.rank, card.suit, &card.id) {
        (_, _, Some(id)) if id == "RJ" => "Red Joker".to_owned(),
        (_, _, Some(_)) => "Black Joker".to_owned(),
        (Some(r), Some(s), _) => format!("{r}{}", s.symbol()),
        (Some(r), None, _) => r.clone(),
        _ => String::new(),
    };
    (format!("{rank} · {}", card.name), format!("{} {}", card.short, card.when))
}

/// Lays out the sheet (two pages with today's data; more if the data grows).
#[must_use]
pub fn layout(rules: &Rules, paper: Paper) -> Vec<Page> {
    let mut pages = fit_pages(paper, |flow| build(rules, flow));
    footers(&mut pages, "");
    pages
}

/// The body size before scaling.
const BODY: f32 = 10.0;

fn build(rules: &Rules, flow: &mut Flow) {
    let a = &rules.core.actions;
    flow.line(0.0, 18.0, true, "Dead Man's Hand · quick reference");
    flow.running_head("Dead Man's Hand · quick reference · continued");
    flow.columns(2);
    flow.heading("Actions");
    flow.para(
        0.0,
        BODY,
        false,
        &format!(
            "Declare every action first, then act. Up to {} actions ({} when drunk & complacent). A move marker per move.",
            a.per_activation, a.drunk_per_activation
        ),
    );
    for action in &a.list {
        flow.para(6.0, BODY, false, &format!("{}: {}", action.name, action.summary));
    }
    flow.heading("Initiative");
    for line in INITIATIVE {
        flow.para(6.0, BODY, false, line);
    }
    flow.heading("Shooting (d20 per shot)");
    for line in modifier_lines(rules) {
        flow.para(6.0, BODY, false, &line);
    }
    flow.gap(4.0);
    weapons_table(rules, flow);
    flow.gap(4.0);
    for line in result_lines(rules) {
        flow.para(6.0, BODY, false, &line);
    }
    flow.para(6.0, BODY, false, CLOSEST);
    flow.heading("Interruptions");
    for line in INTERRUPTIONS {
        flow.para(6.0, BODY, false, line);
    }
    let nerve = &rules.core.nerve;
    flow.heading("Nerve tests (d10)");
    flow.para(
        6.0,
        BODY,
        false,
        &format!(
            "Roll the model's Nerve or more. A natural {} always fails. {} per under fire marker (count one just received); {} for a friend within {} cm (at most {}). A failure adds an under fire marker.",
            nerve.natural_fail,
            signed(nerve.under_fire_each),
            signed(nerve.friend_near),
            nerve.friend_near_cm,
            signed(nerve.friend_near)
        ),
    );
    flow.para(
        6.0,
        BODY,
        false,
        &format!(
            "Big Nerve test at the end of the turn when more than half the models the side began with are out of action: the boss's Nerve (or the best still standing), −1 for each model out beyond half (6 models, 4 out: −1). Automatic failure when the markers on the models standing are at least {} times their number. Fail: the side gets out of Dodge.",
            rules.core.big_nerve.auto_fail_markers_per_model
        ),
    );
    let h = &rules.core.hand_to_hand;
    flow.heading("Hand-to-hand (d10 each)");
    flow.para(
        6.0,
        BODY,
        false,
        &format!(
            "Add HtH; {} per under fire marker on the opponent; {} on or from higher ground; {} for starting the fight this turn; {} for the higher card fighting on in later turns. The loser takes one marker per point of difference; a draw fights on next turn. Break off: two moves.",
            signed(h.other_under_fire_each),
            signed(h.higher_ground),
            signed(h.charged),
            signed(h.higher_card)
        ),
    );
    flow.heading("End of the turn");
    for (n, step) in rules.core.end_of_turn.iter().enumerate() {
        flow.para(6.0, BODY, false, &format!("{}. {step}", n + 1));
    }
    flow.heading("The cards");
    flow.para(
        0.0,
        BODY,
        false,
        "Trump a card with one of the same value; a joker only with the other joker.",
    );
    for card in rules.cards.all() {
        let (name, when) = card_lines(card);
        flow.block(6.0, None, &[(BODY, true, &name), (BODY, false, &when)]);
    }
}

fn weapons_table(rules: &Rules, flow: &mut Flow) {
    let titles = ["Weapon", "Shots", "Point blank", "Close", "Long"];
    let size = flow.size(BODY);
    let width = flow.width() - 6.0;
    let weapons = weapon_rows(rules);
    // Each number column is as wide as its widest value (a title may wrap between its words);
    // the weapon's name takes what is left and wraps.
    let mut widths = [0.0_f32; 5];
    for (n, title) in titles.iter().enumerate().skip(1) {
        let widest_word = title.split_whitespace().map(|w| text_width(w, size, true)).fold(0.0, f32::max);
        let widest_value = weapons.iter().map(|r| text_width(&r[n], size, false)).fold(0.0, f32::max);
        widths[n] = widest_word.max(widest_value) + 6.0;
    }
    widths[0] = (width - widths[1..].iter().sum::<f32>()).max(width * 0.25);
    let cells = |texts: [&str; 5], bold: bool| -> (Vec<Vec<String>>, bool) {
        (texts.iter().zip(widths).map(|(text, w)| wrap(text, w - 6.0, size, bold)).collect(), bold)
    };
    let mut rows = vec![cells(titles, true)];
    rows.extend(weapons.iter().map(|r| cells([&r[0], &r[1], &r[2], &r[3], &r[4]], false)));
    #[expect(clippy::cast_precision_loss, reason = "a cell has a line or two")]
    let height =
        |row: &Vec<Vec<String>>| row.iter().map(Vec::len).max().unwrap_or(1).max(1) as f32 * size * 1.3;
    // The table stays in one column: the titles and every row.
    flow.place(rows.iter().map(|(row, _)| height(row)).sum());
    for (row, bold) in &rows {
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
    for r in &weapons {
        flow.para(6.0, BODY, false, &format!("{}: {}", r[0], r[5]));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::print::sheet;
    use crate::systems::dmh::rules::embedded;
    use crate::systems::dmh::rules::shooting::{self, ShotInput, ShotResult};

    #[test]
    fn the_sheet_fits_two_pages_at_nine_points_or_more_and_lists_all_27_cards() {
        let rules = embedded::rules();
        for paper in [Paper::A4, Paper::Letter] {
            let pages = layout(rules, paper);
            assert_eq!(pages.len(), 2, "{paper:?}");
            assert_eq!(sheet::faults(&pages), Vec::<String>::new(), "{paper:?}");
            eprintln!("REPORT quickref {paper:?} smallest={}", sheet::smallest(&pages));
            let text: String = pages.iter().flat_map(|p| p.texts()).collect::<Vec<_>>().join(" ");
            for card in rules.cards.all() {
                assert!(text.contains(&card.name), "{}", card.name);
            }
        }
    }

    #[test]
    fn the_sheet_is_enough_to_play_from_and_says_nothing_twice() {
        let rules = embedded::rules();
        let pages = layout(rules, Paper::A4);
        let text: String = pages.iter().flat_map(|p| p.texts()).collect::<Vec<_>>().join(" ");
        let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
        // Each card with what it does, in a few words, and when it is played.
        for card in rules.cards.all() {
            assert!(!card.short.is_empty() && card.short.len() <= 80, "{}: {}", card.name, card.short);
            let said = format!("{} {}", card.short, card.when);
            assert!(text.contains(&said.split_whitespace().collect::<Vec<_>>().join(" ")), "{said}");
        }
        // Duck back, quick shot (lines 160–171), initiative, ties and the lowest-card switch
        // (lines 56–60), the closest target (line 141).
        for needed in [
            "Duck back: ",
            "Quick shot: ",
            "Ties between sides",
            "The lowest card (2 low",
            "shoot the closest enemy",
        ] {
            assert!(text.contains(needed), "{needed}");
        }
        let lines = result_lines(rules);
        assert_eq!(
            lines[0],
            "Natural 1: Out of ammo. The shot fails, no more shots this activation, reload before shooting again."
        );
        assert_eq!(text.matches("Natural 1:").count(), 1);
    }

    #[test]
    fn the_result_bands_match_the_engine() {
        let rules = embedded::rules();
        let lines = result_lines(rules);
        // Read each band back from the engine: the totals (natural 2..20 at modifier 0, and
        // beyond via the modifier) that give each result.
        for (result, expected) in [
            (ShotResult::Miss, "10 or less: Miss"),
            (ShotResult::UnderFire, "11–14: Under fire"),
            (ShotResult::UnderFireAndNerve, "15–18: Under fire + nerve test"),
            (ShotResult::OutOfAction, "19+: Out of action"),
        ] {
            let totals: Vec<i32> =
                (2..=30).filter(|&t| shooting::result(rules, t - 10, 10) == result).collect();
            let (lo, hi) = (totals.first().copied().unwrap_or(0), totals.last().copied().unwrap_or(0));
            assert!(lines.iter().any(|l| l.starts_with(expected)), "{expected} in {lines:?}");
            match result {
                ShotResult::Miss => assert_eq!(hi, 10),
                ShotResult::UnderFire => assert_eq!((lo, hi), (11, 14)),
                ShotResult::UnderFireAndNerve => assert_eq!((lo, hi), (15, 18)),
                _ => assert_eq!(lo, 19),
            }
        }
        assert!(lines[0].starts_with("Natural 1: Out of ammo"));
        assert_eq!(shooting::result(rules, 30, 1), ShotResult::OutOfAmmo);
    }

    #[test]
    fn the_modifiers_match_the_engine() {
        let rules = embedded::rules();
        let lines = modifier_lines(rules);
        let base = ShotInput { weapon: "rifle".into(), distance_cm: 30.0, ..ShotInput::default() };
        let value_of = |input: ShotInput| shooting::assess(rules, &input).expect("legal").modifier;
        let zero = value_of(base.clone());
        let check = |label: &str, input: ShotInput| {
            let delta = value_of(input) - zero;
            let line =
                lines.iter().find(|l| l.starts_with(label)).unwrap_or_else(|| panic!("{label} in {lines:?}"));
            assert!(line.ends_with(&signed(delta)), "{line} should say {delta}");
        };
        check("Target behind substantial cover", ShotInput { cover: true, ..base.clone() });
        check("Target mounted", ShotInput { target_mounted: true, ..base.clone() });
        check("Target obscured", ShotInput { obscured: true, ..base.clone() });
        check("Target is a Boss", ShotInput { target_boss: true, ..base.clone() });
        check("Firing from a mount", ShotInput { shooter_mounted: true, ..base.clone() });
        check("Black Joker", ShotInput { black_joker: true, ..base.clone() });
        check("Aimed shot", ShotInput { aims: 1, ..base.clone() });
        check("Shooter takes two move actions", ShotInput { shooter_moves: 2, ..base.clone() });
        check("Under fire (per marker)", ShotInput { shooter_under_fire: 1, ..base.clone() });
        check("Target moving (per move action)", ShotInput { target_moves: 1, ..base.clone() });
        let pistol = ShotInput { weapon: "pistol".into(), distance_cm: 15.0, ..ShotInput::default() };
        let second = value_of(ShotInput { shot: 2, ..pistol.clone() }) - value_of(pistol.clone());
        let third = value_of(ShotInput { shot: 3, ..pistol.clone() }) - value_of(pistol);
        assert!(lines.iter().any(|l| l == &format!("Second shot: {}", signed(second))));
        assert!(lines.iter().any(|l| l == &format!("Third shot: {}", signed(third))));
    }

    #[test]
    fn the_weapons_table_matches_the_engine_bands() {
        let rules = embedded::rules();
        let rows = weapon_rows(rules);
        let pistol = rows.iter().find(|r| r[0] == "Pistol").expect("pistol");
        assert_eq!(pistol[1], "3");
        assert_eq!(pistol[2], "0–10 (+2)");
        assert_eq!(pistol[3], "11–20");
        assert_eq!(pistol[4], "21–30 (−1)");
        let rifle = rows.iter().find(|r| r[0] == "Rifle").expect("rifle");
        assert_eq!((rifle[2].as_str(), rifle[3].as_str(), rifle[4].as_str()), ("—", "0–50", "51+ (−1)"));
        for (row, weapon) in rows.iter().zip(&rules.weapons) {
            // Every band's upper edge is in range for the engine and the next centimetre is not
            // in that band.
            for band in &weapon.bands {
                if let Some(max) = band.max_cm {
                    let input =
                        ShotInput { weapon: weapon.id.clone(), distance_cm: max, ..ShotInput::default() };
                    assert_eq!(
                        shooting::assess(rules, &input).expect("in range").range,
                        band.band,
                        "{}",
                        row[0]
                    );
                }
            }
        }
    }
}
