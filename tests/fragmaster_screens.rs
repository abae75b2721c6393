//! Fragmaster Origins' screens as testers saw them: the attack panel in reading order (the
//! dice, then *Record the attack*, with nothing blank between them and nothing moving as the
//! dice are typed), the result of an attack in the middle of the panel after it is recorded,
//! the initiative fields in one column whatever the names, and a saved game's *Resume*
//! inside the window however long its line.

use egui::accesskit::Role;
use egui_kittest::kittest::Queryable as _;
use posse::systems::fragmaster::app::FragmasterApp;
use posse::systems::fragmaster::game::State;

use super::fragmaster::four_players_to_round_one;
use super::steady::Steady;
use super::support::{self, App, disabled, press, press_button, type_in};

fn state(h: &App) -> &State {
    let fm = h.state().system::<FragmasterApp>().expect("Fragmaster");
    &fm.table.open.as_ref().expect("a game is open").game.state
}

fn current(h: &App) -> String {
    state(h).current().map(|c| state(h).name(c).to_owned()).unwrap_or_default()
}

fn rect_of(h: &App, label: &str) -> egui::Rect {
    h.get_by_label(label).rect()
}

fn field_rect(h: &App, label: &str) -> egui::Rect {
    h.get_by_role_and_label(Role::TextInput, label).rect()
}

/// `rect` (in the attack panel) is clear of the log whose heading is `log`: above it (the log
/// across the window's foot) or left of it (the log under the scoreboard).
fn clear_of_log(rect: egui::Rect, log: egui::Rect) -> bool {
    rect.bottom() <= log.top() || rect.right() <= log.left()
}

/// Four players at round one in a fresh data folder, at `width` × `height` (sized for fingers
/// when `touch`).
fn round_one_at(width: f32, height: f32, touch: bool) -> (tempfile::TempDir, App) {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = fragmaster_at(dir.path(), width, height, touch);
    four_players_to_round_one(&mut h);
    (dir, h)
}

/// Fragmaster at 1280×800 (or `width` × `height`, a touch screen when `touch`), on its Play tab.
fn fragmaster_at(dir: &std::path::Path, width: f32, height: f32, touch: bool) -> App {
    let mut h = support::system_on(dir, "Fragmaster Origins", width, height);
    if touch {
        posse::ui::theme::touch(&h.ctx);
        h.run();
    }
    h
}

/// *Record the attack* stood above the dice it records, with the numbers' reserved lines and
/// two empty status lines between them. Now the dice come first, *Record* under them (the
/// blast's boxes and dice too, for a rocket), and it stands where it will be from the start of
/// the turn: the dice fields are there, greyed, before the target and the distance are known,
/// and neither the target, the distance nor the dice typed a key at a time move it. (Bob could
/// pick up grenades or the rocket launcher this turn, so the room under the rifle's dice is
/// theirs: how close Record stands to the dice is pinned for the grenades' blast, in
/// `picking_up_grenades_mid_turn_leaves_record_the_attack_in_its_place`.)
#[test]
fn record_the_attack_comes_right_after_the_dice_it_records_and_keeps_its_place() {
    let (_dir, mut h) = round_one_at(1280.0, 800.0, false);
    assert_eq!(current(&h), "Bob");
    let record = rect_of(&h, "Record the attack");
    let dice = ["Shot 1 hit d6", "Shot 2 hit d6", "Shot 1 wound d6", "Shot 2 wound d6"];
    let lowest = dice.iter().map(|d| field_rect(&h, d).bottom()).fold(f32::MIN, f32::max);
    assert!(record.top() >= lowest, "Record at {record:?} is above a die field ending at {lowest}");
    assert!(record.bottom() <= 800.0);
    // Greyed until the target and the distance are known.
    assert!(disabled(&h, "Shot 1 hit d6") && disabled(&h, "Shot 1 wound d6"));
    let still = |h: &App, step: &str| {
        assert_eq!(rect_of(h, "Record the attack"), record, "Record moved after {step}");
    };
    press(&mut h, "Target Dan");
    still(&h, "the target");
    Steady::clear(&mut h, "Distance (cm)").type_keys(&mut h, "20");
    still(&h, "the distance");
    assert!(!disabled(&h, "Shot 1 hit d6") && disabled(&h, "Shot 1 wound d6"), "a wound die opens on a hit");
    Steady::clear(&mut h, "Shot 1 hit d6").type_keys(&mut h, "5");
    Steady::clear(&mut h, "Shot 2 hit d6").type_keys(&mut h, "6");
    still(&h, "the hit dice");
    Steady::clear(&mut h, "Shot 1 wound d6").type_keys(&mut h, "2");
    Steady::clear(&mut h, "Shot 2 wound d6").type_keys(&mut h, "4");
    still(&h, "the wound dice");
    // What it will do stands beside the button, in the row kept for it.
    let line = rect_of(&h, "Shot 1: hit, not wounded · Shot 2: Dan killed");
    assert!(line.left() >= record.right() && line.top() >= record.top() - 1.0, "{line:?} beside {record:?}");
    assert!(!disabled(&h, "Record the attack"));
}

/// A rocket: its blast's boxes and wound dice are dice *Record* records, so they stand above
/// it too, one cell for every other character alive from the start (the attacker's says it is
/// out of the blast when it fired from farther than 5 cm), and ticking a box moves nothing;
/// nor does taking the rocket launcher instead of the rifle, mid-turn.
#[test]
fn a_rockets_blast_dice_stand_above_record_and_move_nothing() {
    let (_dir, mut h) = round_one_at(1280.0, 800.0, false);
    let record = rect_of(&h, "Record the attack");
    // Bob stands on point 1's rocket launcher after a run.
    press_button(&mut h, "Run");
    press(&mut h, "Take the rocket launcher at rearm point 1");
    assert_eq!(rect_of(&h, "Record the attack"), record, "Record moved with the rocket launcher taken");
    press(&mut h, "Target Ann");
    type_in(&mut h, "Distance (cm)", "12");
    h.get_by_label("Bob (the attacker): farther than 5 cm, not caught");
    assert!(disabled(&h, "Cid within 5 cm"), "no blast before a hit");
    type_in(&mut h, "Hit d6", "6");
    press(&mut h, "Cid within 5 cm");
    type_in(&mut h, "Wound d6", "1");
    type_in(&mut h, "Cid wound d6", "6");
    assert_eq!(rect_of(&h, "Record the attack"), record, "Record moved with the blast");
    let blast = field_rect(&h, "Cid wound d6");
    assert!(blast.bottom() <= record.top(), "the blast die at {blast:?} under Record at {record:?}");
    h.get_by_label("hit, not wounded · blast: Cid killed");
    press(&mut h, "Record the attack");
    assert_eq!(
        state(&h).characters.iter().filter(|c| !c.alive).map(|c| c.name.as_str()).collect::<Vec<_>>(),
        ["Cid"]
    );
}

/// After an attack the panel's middle was empty (the draft cleared, nothing measured): it now
/// says what the attack did (each shot, who died and the frags) where the chances stand while
/// an attack is measured, and what comes next; with no action left, the panel says so, and
/// the next character's turn starts without it.
#[test]
fn after_an_attack_the_middle_says_what_it_did_and_what_comes_next() {
    let (_dir, mut h) = round_one_at(1280.0, 800.0, false);
    press(&mut h, "Target Dan");
    type_in(&mut h, "Distance (cm)", "20");
    for (field, face) in
        [("Shot 1 hit d6", "5"), ("Shot 2 hit d6", "6"), ("Shot 1 wound d6", "2"), ("Shot 2 wound d6", "4")]
    {
        type_in(&mut h, field, face);
    }
    let record = rect_of(&h, "Record the attack");
    press(&mut h, "Record the attack");
    assert_eq!(rect_of(&h, "Record the attack"), record, "Record moved after the attack");
    let (distance, heading) = (field_rect(&h, "Distance (cm)"), rect_of(&h, "Last attack: Bob at Dan"));
    let outcome = rect_of(&h, "Shot 1: hit, not wounded · Shot 2: Dan killed");
    let deaths = rect_of(&h, "Dan dies: a frag, +1 (for Bob)");
    let next = rect_of(&h, "2 actions left: pick a target to attack again, or end Bob's turn (E).");
    for (what, rect) in
        [("the heading", heading), ("the outcome", outcome), ("the deaths", deaths), ("the next step", next)]
    {
        assert!(
            rect.top() >= distance.bottom() && rect.bottom() <= record.top() && rect.right() <= 1280.0,
            "{what} at {rect:?}, not in the middle between {distance:?} and {record:?}"
        );
    }
    // No action left: the panel is what the attack did and the end of the turn.
    press_button(&mut h, "Run");
    press_button(&mut h, "Run");
    h.get_by_label("Last attack: Bob at Dan");
    h.get_by_label("No actions left: end Bob's turn (E).");
    press(&mut h, "End the turn");
    assert_eq!(current(&h), "Ann");
    assert!(h.query_by_label("Last attack: Bob at Dan").is_none(), "Ann's turn starts afresh");
}

/// The initiative fields stood wherever the name before them ended: a long name pushed its
/// field 70 points out of the column. The names stand in a column of one width, a long one
/// cut short (whole on hover), so every field lines up, on a desktop and on a phone.
#[test]
fn the_initiative_fields_line_up_whatever_the_names() {
    const NAMES: [&str; 6] = ["Ann", "Bartholomew Fitzgerald-Smythe", "Cid", "Dan", "Evangeline", "Fu"];
    for (width, height, touch) in [(1280.0, 800.0, false), (390.0, 844.0, true)] {
        let dir = tempfile::tempdir().expect("temp dir");
        let mut h = fragmaster_at(dir.path(), width, height, touch);
        press(&mut h, "Add a player");
        press(&mut h, "Add a player");
        for (n, name) in NAMES.iter().enumerate() {
            type_in(&mut h, &format!("Player {}", n + 1), name);
        }
        press(&mut h, "Start the game");
        let xs: Vec<f32> = NAMES.iter().map(|name| field_rect(&h, &format!("{name} 3d6")).left()).collect();
        assert_eq!(xs, [xs[0]; 6], "at {width}");
        let right =
            NAMES.iter().map(|name| field_rect(&h, &format!("{name} 3d6")).right()).fold(0.0, f32::max);
        assert!(right <= width, "at {width}");
    }
}

/// A saved game's *Resume* line names every player: with six and a long name it ran 300
/// points past the right edge of a 1280-point window, *Delete* beside it. It now wraps in the
/// room its column leaves, at 1280, at 1024 and on a phone.
#[test]
fn a_long_saved_game_keeps_resume_inside_the_window() {
    const NAMES: [&str; 6] = ["Ann", "Bartholomew Fitzgerald-Smythe", "Cid", "Dan", "Evangeline", "Fu"];
    let line = "Ann, Bartholomew Fitzgerald-Smythe, Cid, Dan, Evangeline, Fu · first to 20 · initiative · unfinished";
    for (width, height, touch) in [(1280.0, 800.0, false), (1024.0, 768.0, false), (390.0, 844.0, true)] {
        let dir = tempfile::tempdir().expect("temp dir");
        let mut h = fragmaster_at(dir.path(), width, height, touch);
        press(&mut h, "Add a player");
        press(&mut h, "Add a player");
        for (n, name) in NAMES.iter().enumerate() {
            type_in(&mut h, &format!("Player {}", n + 1), name);
        }
        press(&mut h, "Start the game");
        press(&mut h, "Close game");
        for label in [format!("Resume {line}"), format!("Delete {line}")] {
            h.get_by_label(&label).scroll_to_me();
            h.run();
            let rect = rect_of(&h, &label);
            assert!(rect.left() >= 0.0 && rect.right() <= width, "{label} at {rect:?} in {width}");
        }
        press(&mut h, &format!("Resume {line}"));
        assert_eq!(state(&h).players.len(), 6, "Resume still resumes at {width}");
    }
}

/// On a phone the attack's line under *Record* was one line cut at the screen's edge ("The
/// attack is not possible: the target is …"), and nothing hovers there to read the rest. It is
/// wrapped in a box of three lines kept for it from the start of the turn: the whole sentence
/// (nothing cut, so no tooltip repeats it), inside the screen, and the log under it where it
/// was while the panel asked for the target.
#[test]
fn on_a_phone_the_reason_an_attack_is_not_possible_is_read_whole() {
    // The out-of-range refusal the tester saw cut, and the longest one the rifle can meet.
    let out_of_range =
        "The attack is not possible: the target is out of range: 50 cm is beyond the assault rifle's 40 cm.";
    let full_cover = "The attack is not possible: a target in full cover cannot be attacked with the assault \
                      rifle: only grenades go round corners.";
    for (cm, cover, why) in [("50", "none", out_of_range), ("20", "full", full_cover)] {
        let (_dir, mut h) = round_one_at(390.0, 844.0, true);
        h.get_by_label("Pick the target.");
        let (record, log) = (rect_of(&h, "Record the attack"), rect_of(&h, "Log"));
        press(&mut h, "Target Dan");
        type_in(&mut h, "Distance (cm)", cm);
        press(&mut h, &format!("Target's cover {cover}"));
        let rect = rect_of(&h, why);
        assert!(rect.left() >= 0.0 && rect.right() <= 390.0, "{rect:?} past the screen's edge");
        assert!(
            rect.top() >= record.bottom() && rect.bottom() <= log.top(),
            "{rect:?} not between {record:?} and {log:?}"
        );
        assert_eq!(rect_of(&h, "Log"), log, "the log moved with the reason");
        // In view, under the finger: a sentence cut short would show its tooltip.
        h.get_by_label(why).scroll_to_me();
        h.run();
        h.get_by_label(why).hover();
        h.run();
        h.run();
        assert_eq!(h.query_all_by_label(why).count(), 1, "cut short, with its tooltip repeating it");
    }
}

/// On a phone a bad initiative total named beside its field wrapped the row, and the rows under
/// it and *Record initiative* moved down 18 points. The reason stands in a line kept under each
/// row: typed a key at a time ("1x", then a total 3d6 cannot make), neither the next field nor
/// Record moves, the reason is in words that fit the line, and Record waits greyed.
#[test]
fn on_a_phone_a_bad_initiative_total_moves_no_row() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = fragmaster_at(dir.path(), 390.0, 844.0, true);
    for (n, name) in ["Ann", "Bob", "Cid", "Dan"].iter().enumerate() {
        type_in(&mut h, &format!("Player {}", n + 1), name);
    }
    press(&mut h, "Start the game");
    let (ann, bob, record) =
        (field_rect(&h, "Ann 3d6"), field_rect(&h, "Bob 3d6"), rect_of(&h, "Record initiative"));
    for (typed, why) in [("1x", "'1x' is not a number"), ("25", "3d6 make 3 to 18, not 25")] {
        Steady::clear(&mut h, "Ann 3d6").type_keys(&mut h, typed);
        let rect = rect_of(&h, why);
        assert!(
            rect.top() >= ann.bottom() && rect.bottom() <= bob.top() && rect.right() <= 390.0,
            "{why} at {rect:?}, not under Ann's field {ann:?} and above Bob's {bob:?}"
        );
        assert_eq!(field_rect(&h, "Bob 3d6"), bob, "Bob's field moved after {typed}");
        assert_eq!(rect_of(&h, "Record initiative"), record, "Record moved after {typed}");
        assert!(disabled(&h, "Record initiative"), "Record takes {typed}");
    }
    Steady::clear(&mut h, "Ann 3d6").type_keys(&mut h, "11");
    assert!(h.query_by_label("3d6 make 3 to 18, not 25").is_none());
    assert!(!disabled(&h, "Record initiative"));
}

/// The rearm offers' heading read "Rearm, free, if the turn starts within 2.5 cm of:", and its
/// hint ended on a reference code, "(reading F03)". The book's rearm is for a character that
/// stops within 2.5 cm of a point, and the game offers it where the character stopped: where its
/// turn starts and where each run ends. The heading says so, and the hint (written out on a
/// touch screen) names no reading.
#[test]
fn the_rearm_offers_say_where_the_character_stopped_without_a_reading_code() {
    let (_dir, mut h) = round_one_at(390.0, 844.0, true);
    h.get_by_label("Rearm, free, if it stands within 2.5 cm of:");
    h.get_by_label(
        "Free once per stop: at the start of the turn and after each run or climb, until an aim or an attack. \
         The point keeps its weapon for the next one; the weapon put down is gone.",
    );
    press_button(&mut h, "Run");
    h.get_by_label("Rearm, free, if it stopped within 2.5 cm of:");
    assert_eq!(h.query_all_by_label_contains("reading").count(), 0, "a reading's code on the play screen");
}

/// Bob carries the assault rifle and picks up grenades mid-turn: the rifle's two shots have
/// two rows of dice, the grenades one and the blast's boxes under it. *Record the attack*
/// stood 72 points lower for the grenades than for the rifle at 1280 × 800, so switching the
/// weapon moved it; then it stood in the room of the taller of the weapons carried, and the
/// grenades joining them moved it once. It stands in the room of the tallest weapon Bob could
/// attack with this turn (the rearm points hold the rocket launcher and grenades) from the
/// start of the turn, before and after the pick-up, for either weapon, measured or not, at
/// 1280 × 800 (above the log, right under the grenades' blast), at 1024 × 768 (in the window,
/// the log under the scoreboard there) and on a phone.
#[test]
fn picking_up_grenades_mid_turn_leaves_record_the_attack_in_its_place() {
    for (width, height, touch) in [(1280.0, 800.0, false), (1024.0, 768.0, false), (390.0, 844.0, true)] {
        let (_dir, mut h) = round_one_at(width, height, touch);
        let record = rect_of(&h, "Record the attack");
        let still = |h: &App, step: &str| {
            assert_eq!(rect_of(h, "Record the attack"), record, "Record moved after {step} at {width}");
        };
        press_button(&mut h, "Run");
        still(&h, "the run");
        press(&mut h, "Pick up grenades at rearm point 3");
        still(&h, "picking up the grenades");
        press(&mut h, "Weapon Grenades");
        still(&h, "picking the grenades");
        h.get_by_label("Blast, if it hits: who else is within 5 cm of the target?");
        press(&mut h, "Weapon Assault rifle");
        still(&h, "picking the rifle again");
        press(&mut h, "Target Dan");
        type_in(&mut h, "Distance (cm)", "10");
        still(&h, "the target and the distance");
        press(&mut h, "Weapon Grenades");
        still(&h, "picking the grenades for a measured attack");
        press(&mut h, "Weapon Assault rifle");
        still(&h, "picking the rifle for a measured attack");
        press(&mut h, "Weapon Grenades");
        // Bob throws from 10 cm, farther than the blast reaches: Ann's and Cid's cells open.
        type_in(&mut h, "Hit d6", "6");
        press(&mut h, "Cid within 5 cm");
        type_in(&mut h, "Wound d6", "1");
        type_in(&mut h, "Cid wound d6", "6");
        still(&h, "the grenades' dice");
        let blast = field_rect(&h, "Cid wound d6");
        assert!(blast.bottom() <= record.top(), "the blast die at {blast:?} under Record at {record:?}");
        if !touch && width > 1200.0 {
            // The tallest form ends right over Record: no room is kept that no weapon needs.
            let band = record.top() - blast.bottom();
            assert!(band <= 16.0, "a band of {band} points between the blast's dice and Record");
        }
        h.get_by_label("hit, not wounded · blast: Cid killed");
        press(&mut h, "Record the attack");
        assert!(state(&h).characters.iter().any(|c| c.name == "Cid" && !c.alive), "Cid is caught");
        still(&h, "the attack (one cell fewer in the blast)");
        press(&mut h, "Weapon Assault rifle");
        still(&h, "picking the rifle after the attack");
        assert!(record.right() <= width, "Record at {record:?} past the edge of {width}");
        assert!(clear_of_log(record, rect_of(&h, "Log")), "Record at {record:?} under the log at {width}");
        // On a phone the page scrolls; in a window the panel is in view whole.
        assert!(
            touch || record.bottom() <= height,
            "Record at {record:?} below the window's foot at {width}"
        );
    }
}

/// On a phone the chances' bars stand under the numbers, each wrapping to two rows, in a box
/// kept for one row each: once the target and the distance were typed the bars took 314
/// points more, and the hit dice and *Record the attack* under them went down as far, out of
/// view. The box is of the bars' own height from the start of the turn.
#[test]
fn on_a_phone_measuring_the_attack_moves_neither_the_dice_nor_record() {
    let (_dir, mut h) = round_one_at(390.0, 844.0, true);
    let before = (field_rect(&h, "Shot 1 hit d6"), rect_of(&h, "Record the attack"));
    press(&mut h, "Target Dan");
    type_in(&mut h, "Distance (cm)", "20");
    h.get_by_label("Kill (2 shots)");
    assert_eq!((field_rect(&h, "Shot 1 hit d6"), rect_of(&h, "Record the attack")), before);
    let kill = rect_of(&h, "Kill (2 shots)");
    assert!(kill.bottom() <= before.0.top(), "the last bar at {kill:?} over the dice at {:?}", before.0);
}

/// The latest line of the log stood beside its heading, wrapped: a two-shot attack's report
/// took two lines there, and the log grew 18 points up into the turn, so at 1024 × 768 the
/// attack panel's foot, *Record the attack* in it, went under the log. The heading keeps one
/// line (the report cut short, whole on hover and as the list's last line), at 1280 × 800 and
/// at 1024 × 768.
#[test]
fn a_long_report_in_the_log_leaves_the_turn_its_room() {
    let report = "Bob shoots Dan with the assault rifle at 20 cm: shot 1 hit on 5 (needed 3+), wound on 2 \
                  (needed 4+): not wounded; shot 2 hit on 6 (needed 3+), wound on 4 (needed 4+): killed. Dan is \
                  killed (+1): Bob has 1 frag.";
    for (width, height) in [(1280.0, 800.0), (1024.0, 768.0)] {
        let (_dir, mut h) = round_one_at(width, height, false);
        let (log, record) = (rect_of(&h, "Log"), rect_of(&h, "Record the attack"));
        press(&mut h, "Target Dan");
        type_in(&mut h, "Distance (cm)", "20");
        for (field, face) in [
            ("Shot 1 hit d6", "5"),
            ("Shot 2 hit d6", "6"),
            ("Shot 1 wound d6", "2"),
            ("Shot 2 wound d6", "4"),
        ] {
            type_in(&mut h, field, face);
        }
        press(&mut h, "Record the attack");
        assert_eq!(h.query_all_by_label(report).count(), 2, "the report beside the heading and in the list");
        assert_eq!(rect_of(&h, "Log"), log, "the log grew up into the turn at {width}");
        assert_eq!(rect_of(&h, "Record the attack"), record, "Record moved at {width}");
        assert!(clear_of_log(record, log), "Record at {record:?} under the log at {log:?} at {width}");
    }
}

/// On a phone the initiative and the deployment are one scrolling column each, and they were
/// the same column: after *Record initiative*, scrolled down to reach it, the deployment opened
/// as far down, its heading and the name of the character to deploy hidden under the header.
/// Each phase's page opens at its top; within a phase the page stays where the player left it
/// (deploying one character leaves *Deploy* under the finger for the next).
#[test]
fn on_a_phone_the_deployment_opens_at_its_top() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = fragmaster_at(dir.path(), 390.0, 844.0, true);
    for (n, name) in ["Ann", "Bob", "Cid", "Dan"].iter().enumerate() {
        type_in(&mut h, &format!("Player {}", n + 1), name);
    }
    press(&mut h, "Start the game");
    let fold = "Scoreboard · Ann 0, Bob 0, Cid 0, Dan 0";
    let top = rect_of(&h, fold);
    for (name, total) in [("Ann", "16"), ("Bob", "8"), ("Cid", "6"), ("Dan", "11")] {
        type_in(&mut h, &format!("{name} 3d6"), total);
    }
    h.get_by_label("Log").scroll_to_me();
    h.run();
    let header = rect_of(&h, "Redo").bottom();
    assert!(rect_of(&h, fold).top() < top.top() - 40.0, "the initiative page is not scrolled down");
    press(&mut h, "Record initiative");
    assert_eq!(state(&h).phase, posse::systems::fragmaster::game::Phase::Deployment);
    let heading = rect_of(&h, "Deployment, in initiative order");
    assert!(
        heading.top() >= header,
        "the deployment's heading at {heading:?} under the header ending at {header}"
    );
    assert_eq!(rect_of(&h, fold), top, "the deployment did not open at its top");
    h.get_by_label("Ann");
    h.get_by_label("Log").scroll_to_me();
    h.run();
    let deploy = rect_of(&h, "Deploy Ann");
    type_in(&mut h, "Ann deployment d6", "1");
    press(&mut h, "Deploy Ann");
    assert_eq!(rect_of(&h, "Deploy Dan"), deploy, "the page moved when Ann was deployed");
}

/// Bob is killed carrying the assault rifle he started with: at the start of his next turn the
/// line under the respawn die read "It comes back with the assault rifle, as it carr…", cut at
/// the column's edge at 1280 × 800. It is wrapped in a box of two lines kept for it, whole, and
/// *Respawn* under it keeps its place as the die is typed.
#[test]
fn the_respawn_note_is_read_whole() {
    let (_dir, mut h) = round_one_at(1280.0, 800.0, false);
    press(&mut h, "End the turn");
    press(&mut h, "Target Bob");
    type_in(&mut h, "Distance (cm)", "35");
    for (field, face) in [("Shot 1 hit d6", "5"), ("Shot 2 hit d6", "1"), ("Shot 1 wound d6", "6")] {
        type_in(&mut h, field, face);
    }
    press(&mut h, "Record the attack");
    for _ in 0..3 {
        press(&mut h, "End the turn");
    }
    assert_eq!(current(&h), "Bob");
    let note = "It comes back with the assault rifle, as it carried.";
    let respawn = rect_of(&h, "Respawn Bob");
    let rect = rect_of(&h, note);
    assert!(rect.bottom() <= respawn.top(), "the note at {rect:?} over Respawn at {respawn:?}");
    h.get_by_label(note).hover();
    h.run();
    h.run();
    assert_eq!(h.query_all_by_label(note).count(), 1, "the note is cut short (its tooltip repeats it)");
    type_in(&mut h, "Respawn d6", "4");
    h.get_by_label("Appears on point 4.");
    assert_eq!(rect_of(&h, "Respawn Bob"), respawn, "Respawn moved with the die");
}

/// The scoreboard's line for a character taking cover read "Assault rifle · point 4 · taking
/// co…", cut at the column's edge at 1280 × 800 and at 1024 × 768. Each character's line is
/// wrapped in a box of two lines kept for it, so it is read whole and the players under it
/// keep their places when it takes cover.
#[test]
fn the_scoreboard_says_taking_cover_whole() {
    for (width, height) in [(1280.0, 800.0), (1024.0, 768.0)] {
        let (_dir, mut h) = round_one_at(width, height, false);
        let others = ["Assault rifle · point 1", "Assault rifle · point 2", "Assault rifle · point 6"];
        let before: Vec<egui::Rect> = others.iter().map(|l| rect_of(&h, l)).collect();
        press_button(&mut h, "Take cover");
        let line = "Assault rifle · point 4 · taking cover";
        let rect = rect_of(&h, line);
        assert!(rect.right() <= width, "{line} at {rect:?} past the edge of {width}");
        h.get_by_label(line).hover();
        h.run();
        h.run();
        assert_eq!(h.query_all_by_label(line).count(), 1, "cut short at {width} (its tooltip repeats it)");
        let after: Vec<egui::Rect> = others.iter().map(|l| rect_of(&h, l)).collect();
        assert_eq!(after, before, "the scoreboard moved when Bob took cover at {width}");
    }
}

/// At 1024 × 768 the attack panel between the turn's column and the scoreboard is too narrow
/// for its rows on one line (the height level under the distance, the blast's cells two to a
/// row): for a character carrying grenades *Record the attack* stood 50 points under the log
/// across the window's foot, to be scrolled to. There the log stands under the scoreboard
/// instead, and the panel has the window's height: Record, the blast's dice and what the attack
/// will do are in view, with nothing over them; at 1280 × 800 the log stays at the foot, where
/// the other tests find it.
#[test]
fn at_1024_record_the_attack_for_grenades_is_in_view() {
    let (_dir, mut h) = round_one_at(1024.0, 768.0, false);
    press_button(&mut h, "Run");
    press(&mut h, "Pick up grenades at rearm point 3");
    press(&mut h, "Weapon Grenades");
    press(&mut h, "Target Dan");
    type_in(&mut h, "Distance (cm)", "10");
    type_in(&mut h, "Hit d6", "6");
    press(&mut h, "Cid within 5 cm");
    type_in(&mut h, "Wound d6", "1");
    type_in(&mut h, "Cid wound d6", "6");
    let log = rect_of(&h, "Log");
    let scoreboard = rect_of(&h, "Scoreboard · first to 3");
    assert!(log.left() >= scoreboard.left() && log.top() > scoreboard.bottom(), "the log at {log:?}");
    for (label, rect) in [
        ("Record", rect_of(&h, "Record the attack")),
        ("Cid's wound die", field_rect(&h, "Cid wound d6")),
        ("what it will do", rect_of(&h, "hit, not wounded · blast: Cid killed")),
    ] {
        assert!(
            rect.bottom() <= 760.0 && rect.right() <= log.left(),
            "{label} at {rect:?}, the log at {log:?}"
        );
    }
    let found = crate::covered::covered(&mut h, "Fragmaster's grenades at 1024 × 768");
    assert!(found.is_empty(), "{}", found.join("\n"));
    press(&mut h, "Record the attack");
    assert!(state(&h).characters.iter().any(|c| c.name == "Cid" && !c.alive));
}

/// What the last frame laid out unseen (a child `Ui` made invisible to measure what it holds).
fn laid_out_unseen(h: &App) -> usize {
    h.ctx.viewport(|v| {
        v.prev_pass.widgets.layers().flat_map(|(_, rects)| rects.iter()).filter(|w| !w.visible).count()
    })
}

/// On a phone the room kept for the chances' bars under the numbers was measured by laying out
/// a two-shot blast's bars unseen, every frame of the turn. It is worked out from the bars' rows
/// and the blast's sentence (`odds.rs` pins that it is the bars' drawn height): on a phone and
/// at 1280 × 800 nothing is laid out unseen, before or after the attack is measured, and on
/// the phone the grenades' bars, the tallest, keep to their room (the dice under them stay).
#[test]
fn the_chances_room_is_worked_out_not_laid_out_unseen() {
    for (width, height, touch) in [(390.0, 844.0, true), (1280.0, 800.0, false)] {
        let (_dir, mut h) = round_one_at(width, height, touch);
        assert_eq!(laid_out_unseen(&h), 0, "laid out unseen before the attack at {width}");
        press_button(&mut h, "Run");
        press(&mut h, "Pick up grenades at rearm point 3");
        press(&mut h, "Weapon Grenades");
        let dice = field_rect(&h, "Hit d6");
        press(&mut h, "Target Dan");
        type_in(&mut h, "Distance (cm)", "10");
        h.get_by_label("Blast: on a hit, everyone else within 5 cm of the target is hit too.");
        assert_eq!(laid_out_unseen(&h), 0, "laid out unseen for the measured attack at {width}");
        assert_eq!(field_rect(&h, "Hit d6"), dice, "the dice moved at {width}");
    }
}

/// A face a d6 has not (a letter, a 7) is named beside its field. On a phone the sentence,
/// wrapped in the die's row, went down onto lines of its own under the field, and the dice under
/// it and *Record the attack* moved 90 points down as the first key was typed. It stands in the
/// rest of the field's line, on two lines at most (cut short after them), and the line kept
/// under Record says it whole: typed a key at a time, at 390 × 844 on a touch screen and at
/// 1280 × 800, neither the field, the next die nor Record moves.
#[test]
fn a_wrong_face_beside_its_die_moves_no_die_and_not_record() {
    for (width, height, touch) in [(390.0, 844.0, true), (1280.0, 800.0, false)] {
        let (_dir, mut h) = round_one_at(width, height, touch);
        press(&mut h, "Target Dan");
        type_in(&mut h, "Distance (cm)", "20");
        // Focused, the field is brought into view first (on a phone the page scrolls to it).
        let field = Steady::clear(&mut h, "Shot 1 hit d6");
        let (record, next) = (rect_of(&h, "Record the attack"), field_rect(&h, "Shot 2 hit d6"));
        for (typed, seen) in [("7", "1 to 6, not '7'"), ("abcdefg", "1 to 6, not 'abcdef…'")] {
            field.type_keys(&mut h, typed);
            let warning = rect_of(&h, seen);
            let die = field_rect(&h, "Shot 1 hit d6");
            assert!(
                warning.height() > 30.0 && warning.top() >= die.top() && warning.bottom() <= die.bottom(),
                "at {width} {seen} at {warning:?}, not on two lines beside the field at {die:?}"
            );
            assert!(warning.right() <= width, "at {width} {seen} at {warning:?} past the edge");
            h.get_by_label(&format!("Shot 1 hit d6 must be {seen}."));
            assert_eq!(field_rect(&h, "Shot 2 hit d6"), next, "the next die moved after {typed} at {width}");
            assert_eq!(rect_of(&h, "Record the attack"), record, "Record moved after {typed} at {width}");
            h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
            h.key_press(egui::Key::Backspace);
            h.run();
        }
    }
}
