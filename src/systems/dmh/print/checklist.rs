//! A checklist per scene: set-up steps with tick boxes, the Action! settings, the first turn,
//! an every-turn reminder, the end conditions with their winners, and a box for the result.
//! Everything comes from `data/scenes.json`, `data/set.json` and `data/core.json`. A scene
//! takes one page when its text fits at 9 pt or more, two otherwise.

use crate::print::{Flow, Page, Paper, fit_pages, footers};
use crate::systems::dmh::rules::Rules;
use crate::systems::dmh::rules::data::{BigNerveRule, Role, Scene, SceneSide, Winner};
use crate::systems::dmh::rules::terrain;

/// The Rep the set is planned for: the larger side of the scene, off-table Rep included.
#[must_use]
pub fn scene_rep(scene: &Scene) -> Option<u32> {
    [&scene.sides.good, &scene.sides.bad].iter().filter_map(|s| s.rep.map(|r| r + s.off_table_rep)).max()
}

/// The Rep to plan the set for: the gangs of the storyline's final scene, since the set stays
/// for all three scenes (the book's "Arranging the Set", reading A63); the scene's own Rep for a
/// scene outside any storyline.
#[must_use]
pub fn set_rep(rules: &Rules, scene: &Scene) -> Option<u32> {
    rules
        .storylines
        .iter()
        .find(|l| l.id == scene.storyline)
        .and_then(|l| l.scenes.last())
        .and_then(|id| rules.scene(id))
        .and_then(scene_rep)
        .or_else(|| scene_rep(scene))
}

/// "Arranging the Set" as checklist lines for gangs of `rep` Rep.
#[must_use]
pub fn set_plan(rules: &Rules, rep: u32) -> Vec<String> {
    let counts = terrain::counts(rules, rep);
    let set = &rules.set;
    let tables: Vec<String> =
        set.tables.iter().map(|t| format!("{} × {} cm", t.width_cm, t.depth_cm)).collect();
    let mut lines = vec![
        format!("Table: {}.", tables.join(" or ")),
        format!(
            "Terrain for {rep} Rep: {} to {} pieces, at least half of them substantial ({}+ when you use {}).",
            counts.min, counts.max, counts.substantial_min, counts.min
        ),
    ];
    let counting: Vec<String> =
        set.counting.iter().map(|c| format!("{} = {}", c.what.to_lowercase(), c.counts_as)).collect();
    lines.push(format!("Counting pieces: {}.", counting.join("; ")));
    lines.push(format!(
        "Main road {}–{} cm wide; side roads {}–{} cm.",
        set.roads.main_min_cm, set.roads.main_max_cm, set.roads.side_min_cm, set.roads.side_max_cm
    ));
    lines.extend(set.buildings.iter().cloned());
    lines
}

fn side_summary(role: Role, side: &SceneSide) -> String {
    let rep = match (side.rep, side.off_table_rep) {
        // The cast already gives its Rep ("21 Rep a side is recommended"): not again.
        (Some(r), 0) if side.cast.contains(&format!("{r} Rep")) => String::new(),
        (Some(r), 0) => format!(" ({r} Rep)"),
        (Some(r), off) => format!(" ({r} Rep on the table + {off} off it)"),
        (None, _) => " (no Rep budget)".into(),
    };
    let hand = if side.hand == 1 { "1 card".to_owned() } else { format!("{} cards", side.hand) };
    format!(
        "{}: {}{rep}. {} deck, hand of {hand}{}.",
        role.title(),
        side.cast.trim_end_matches('.'),
        capitalise(side.deck.id()),
        if side.reshuffle {
            ""
        } else {
            "; this side does not reshuffle: when its deck runs out, it has run out"
        }
    )
}

fn capitalise(text: &str) -> String {
    let mut c = text.chars();
    c.next().map_or_else(String::new, |f| f.to_uppercase().collect::<String>() + c.as_str())
}

/// An end condition and who wins it, as the checklist ticks it: the winner is named once,
/// also when the condition's own words already end with it.
#[must_use]
pub fn end_line(condition: &str, winner: Winner) -> String {
    let condition = condition.trim_end_matches('.');
    let who = winner_text(winner);
    // A last clause that names the winner ("; the other side wins", ": the scene is a draw")
    // is what the arrow says.
    let bare = condition
        .rfind([';', ':'])
        .filter(|&i| {
            let tail = &condition[i + 1..];
            !tail.contains('.') && (tail.contains(" win") || tail.contains("draw"))
        })
        .map_or(condition, |i| condition[..i].trim_end())
        .trim();
    let bare = if bare.is_empty() { condition } else { bare };
    format!("{bare} → {who}.")
}

/// Who wins an end condition, in words.
#[must_use]
pub fn winner_text(winner: Winner) -> &'static str {
    match winner {
        Winner::Good => "good guys win",
        Winner::Bad => "bad guys win",
        Winner::Draw => "a draw",
        Winner::OtherSide => "the other side wins",
    }
}

/// The next scene of the storyline, if any.
#[must_use]
pub fn next_scene<'r>(rules: &'r Rules, scene: &Scene) -> Option<&'r Scene> {
    let line = rules.storylines.iter().find(|l| l.id == scene.storyline)?;
    let here = line.scenes.iter().position(|id| *id == scene.id)?;
    line.scenes.get(here + 1).and_then(|id| rules.scene(id))
}

/// The scene before `scene` in its storyline, if it is not the first.
#[must_use]
pub fn previous_scene<'r>(rules: &'r Rules, scene: &Scene) -> Option<&'r Scene> {
    let line = rules.storylines.iter().find(|l| l.id == scene.storyline)?;
    let here = line.scenes.iter().position(|id| *id == scene.id)?;
    here.checked_sub(1).and_then(|i| line.scenes.get(i)).and_then(|id| rules.scene(id))
}

/// Lays out the checklist of `scene`: one page, or two when one would need type under 9 pt.
#[must_use]
pub fn layout(rules: &Rules, scene: &Scene, paper: Paper) -> Vec<Page> {
    let mut pages = fit_pages(paper, |flow| build(rules, scene, flow));
    footers(&mut pages, "");
    pages
}

/// The storyline's title and the scene's place in it ("Opening scene", "Second scene",
/// "Final scene").
#[must_use]
pub fn storyline_and_act<'r>(rules: &'r Rules, scene: &Scene) -> (&'r str, &'static str) {
    let storyline =
        rules.storylines.iter().find(|l| l.id == scene.storyline).map_or("", |l| l.title.as_str());
    let act = ["Opening scene", "Second scene", "Final scene"]
        .get(scene.act.saturating_sub(1) as usize)
        .copied()
        .unwrap_or("");
    (storyline, act)
}

/// The size of a ticked item before scaling.
const TICK: f32 = 10.5;

fn build(rules: &Rules, scene: &Scene, flow: &mut Flow) {
    let (storyline, act) = storyline_and_act(rules, scene);
    flow.line(0.0, 22.0, true, &scene.title);
    flow.line(0.0, 11.0, false, &format!("{storyline} · {act}"));
    flow.gap(2.0);
    flow.para(0.0, 10.0, false, &scene.story_so_far);
    flow.running_head(format!("{} · continued", scene.title));
    flow.columns(2);

    flow.heading("The cast and Action!");
    for role in [Role::Good, Role::Bad] {
        flow.tick(TICK, &side_summary(role, scene.sides.get(role)));
    }
    // The carry-over names the winner's extra card where the scene has one: said once.
    if scene.carry_over.iter().any(|l| l.contains("extra card")) {
        flow.tick(TICK, "Shuffle, cut and deal each hand.");
    } else {
        flow.tick(
            TICK,
            "Shuffle, cut and deal each hand. In a series, last scene's winner draws 1 extra card.",
        );
    }
    for line in &scene.carry_over {
        flow.tick(TICK, line);
    }

    flow.heading("Set up");
    match scene_rep(scene).and(set_rep(rules, scene)) {
        Some(rep) => {
            for line in set_plan(rules, rep) {
                flow.tick(TICK, &line);
            }
        }
        None => flow.tick(TICK, "Terrain is for show only in this scene."),
    }
    for step in &scene.set.steps {
        flow.tick(TICK, step);
    }
    for step in &scene.directions {
        flow.tick(TICK, step);
    }
    for role in [Role::Good, Role::Bad] {
        for step in &scene.sides.get(role).placement {
            flow.tick(TICK, &format!("{}: {step}", role.title()));
        }
    }

    flow.heading("First turn");
    for rule in &scene.first_turn {
        flow.tick(TICK, rule);
    }
    for role in [Role::Good, Role::Bad] {
        for rule in &scene.sides.get(role).first_turn {
            flow.tick(TICK, &format!("{}: {rule}", role.title()));
        }
    }

    flow.heading("Every turn");
    let big_nerve = match scene.big_nerve {
        BigNerveRule::Normal => None,
        BigNerveRule::None => Some("No Big Nerve tests in this scene."),
        BigNerveRule::IgnoreFirst => {
            Some("Each side ignores the first Big Nerve test it would have to take.")
        }
    };
    for (n, step) in rules.core.end_of_turn.iter().enumerate() {
        flow.para(6.0, 10.0, false, &format!("{}. {step}", n + 1));
    }
    if let Some(text) = big_nerve {
        flow.para(6.0, 10.0, true, text);
    }
    for rule in &scene.special_rules {
        flow.para(6.0, 10.0, false, &format!("• {rule}"));
    }
    if !scene.gang_abilities {
        flow.para(6.0, 10.0, true, "No boss in the cast: gang abilities are off.");
    }

    flow.heading("The end");
    for end in &scene.end {
        flow.tick(TICK, &end_line(&end.condition, end.winner));
    }
    flow.gap(6.0);
    // No-break spaces keep each choice on one line when the row wraps.
    flow.para(
        0.0,
        11.0,
        true,
        "Result:  ☐\u{a0}Good\u{a0}guys\u{a0}won   ☐\u{a0}Bad\u{a0}guys\u{a0}won   ☐\u{a0}Draw",
    );
    flow.para(0.0, 10.0, false, "Turns played: ______");
    let next = next_scene(rules, scene).map_or_else(
        || "End of the storyline.".to_owned(),
        |n| {
            format!(
                "Next: {}. The winner draws 1 extra card for his hand. Notes: ______________________",
                n.title
            )
        },
    );
    flow.para(0.0, 10.0, false, &next);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::print::sheet;
    use crate::systems::dmh::rules::embedded;

    #[test]
    fn every_scene_fits_its_pages_with_its_numbers_and_end_conditions() {
        let rules = embedded::rules();
        for paper in [Paper::A4, Paper::Letter] {
            for scene in &rules.scenes {
                let pages = layout(rules, scene, paper);
                assert_eq!(sheet::faults(&pages), Vec::<String>::new(), "{} on {paper:?}", scene.id);
                let text = pages.iter().flat_map(Page::texts).collect::<Vec<_>>().join(" ");
                assert!(text.contains(&scene.title), "{}", scene.id);
                for role in [Role::Good, Role::Bad] {
                    let side = scene.sides.get(role);
                    let hand = if side.hand == 1 {
                        "hand of 1 card".to_owned()
                    } else {
                        format!("hand of {} cards", side.hand)
                    };
                    assert!(text.contains(&hand), "{}: {hand}", scene.id);
                    assert!(text.contains(&format!("{} deck", capitalise(side.deck.id()))), "{}", scene.id);
                }
                for end in &scene.end {
                    let line = end_line(&end.condition, end.winner);
                    let line = line.split_whitespace().collect::<Vec<_>>().join(" ");
                    assert!(text.contains(&line), "{}: {line}", scene.id);
                }
            }
        }
    }

    /// The busiest scenes take two pages: on one, their text would go under 9 pt.
    #[test]
    fn page_counts_on_a4_and_letter() {
        let rules = embedded::rules();
        let counts: Vec<(&str, usize, usize)> = rules
            .scenes
            .iter()
            .map(|s| {
                (s.id.as_str(), layout(rules, s, Paper::A4).len(), layout(rules, s, Paper::Letter).len())
            })
            .collect();
        assert_eq!(
            counts,
            [
                ("the-stranger", 2, 2),
                ("this-town-aint-big-enough", 2, 2),
                ("we-will-be-waitin", 2, 2),
                ("the-duel", 2, 2),
                ("there-will-be-blood", 2, 2),
                ("gunfight", 2, 2),
                ("hang-em-high", 2, 2),
                ("get-me-out", 1, 2),
                ("fast-train-to-justice", 2, 2),
                ("ambush", 2, 2),
                ("heist", 2, 2),
                ("showdown", 1, 1),
            ]
        );
    }

    #[test]
    fn a_second_page_names_its_scene_and_both_are_numbered() {
        let rules = embedded::rules();
        let scene = rules.scene("the-duel").expect("scene");
        let pages = layout(rules, scene, Paper::A4);
        assert_eq!(pages.len(), 2);
        assert_eq!(pages[1].texts().first(), Some(&"The Duel · continued"));
        assert_eq!(pages[0].texts().last(), Some(&"page 1 of 2"));
        assert_eq!(pages[1].texts().last(), Some(&"page 2 of 2"));
        let one = layout(rules, rules.scene("showdown").expect("scene"), Paper::A4);
        assert_eq!(one.len(), 1);
        assert!(!one[0].texts().iter().any(|t| t.starts_with("page ")), "no number on a single page");
    }

    #[test]
    fn nothing_is_said_twice() {
        // The winner once, the Rep once, the series' extra card once.
        assert_eq!(
            end_line(
                "A side fails a Big Nerve test and leaves town; the other side wins.",
                Winner::OtherSide
            ),
            "A side fails a Big Nerve test and leaves town → the other side wins."
        );
        assert_eq!(
            end_line("The stranger is out of action.", Winner::Bad),
            "The stranger is out of action → bad guys win."
        );
        assert_eq!(
            end_line("One duellist is out of action; the other wins.", Winner::OtherSide),
            "One duellist is out of action → the other side wins."
        );
        assert_eq!(
            end_line("Both fall at once: the scene is a draw.", Winner::Draw),
            "Both fall at once → a draw."
        );
        let rules = embedded::rules();
        for scene in &rules.scenes {
            let pages = layout(rules, scene, Paper::A4);
            let text = pages.iter().flat_map(Page::texts).collect::<Vec<_>>().join(" ");
            let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
            assert!(!text.contains("wins → "), "{}: {text}", scene.id);
            assert!(!text.contains("draw → "), "{}: {text}", scene.id);
            assert!(!text.contains("recommended) (21 Rep)"), "{}", scene.id);
            if scene.carry_over.iter().any(|l| l.contains("extra card")) {
                assert!(!text.contains("In a series, last scene's winner"), "{}", scene.id);
            }
        }
        let gunfight = layout(rules, rules.scene("gunfight").expect("scene"), Paper::A4);
        let text = gunfight.iter().flat_map(Page::texts).collect::<Vec<_>>().join(" ");
        let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(text.contains("Good guys: A full gang; 21 Rep a side is recommended. Full deck"), "{text}");
    }

    #[test]
    fn the_set_plan_for_21_rep() {
        let lines = set_plan(embedded::rules(), 21);
        assert!(lines.iter().any(|l| l.contains("11 to 21 pieces")), "{lines:?}");
        assert!(lines.iter().any(|l| l.contains("Main road 20–30 cm")));
        assert!(lines.iter().any(|l| l.contains("90 × 90 cm or 120 × 90 cm")));
    }

    #[test]
    fn scene_rep_counts_the_bigger_side_and_off_table_models() {
        let rules = embedded::rules();
        let rep = |id| scene_rep(rules.scene(id).expect("scene"));
        assert_eq!(rep("the-stranger"), Some(6));
        assert_eq!(rep("we-will-be-waitin"), Some(21));
        assert_eq!(rep("the-duel"), None);
        assert_eq!(
            next_scene(rules, rules.scene("the-stranger").expect("s")).map(|s| s.id.as_str()),
            Some("this-town-aint-big-enough")
        );
        assert!(next_scene(rules, rules.scene("showdown").expect("s")).is_none());
        let plan = |id| set_rep(rules, rules.scene(id).expect("scene"));
        assert_eq!(plan("the-stranger"), Some(21), "the set is built for the final scene");
        assert_eq!(plan("hang-em-high"), Some(21));
    }
}

#[cfg(test)]
mod all_pages {
    use super::*;
    use crate::systems::dmh::rules::embedded;

    /// What `posse scene print all` prints: twelve pages in storyline order, each with its own
    /// scene's title, decks, hands and every end condition.
    #[test]
    fn twelve_pages_each_with_its_own_scene() {
        let rules = embedded::rules();
        let ids: Vec<&String> = rules.storylines.iter().flat_map(|l| &l.scenes).collect();
        assert_eq!(ids.len(), 12);
        for id in ids {
            let scene = rules.scene(id).expect("scene");
            let pages = layout(rules, scene, Paper::A4);
            let text = pages.iter().flat_map(Page::texts).collect::<Vec<_>>().join(" ");
            assert!(text.starts_with(&scene.title), "{id}");
            for other in rules.scenes.iter().filter(|s| s.id != *id && !scene.title.contains(&s.title)) {
                assert!(!text.starts_with(&other.title), "{id} page starts with {}", other.title);
            }
            assert!(text.matches("→").count() >= scene.end.len(), "{id}");
        }
    }
}
