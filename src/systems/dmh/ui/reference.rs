//! The Reference screen: shooting, nerve, Big Nerve and hand-to-hand calculators with odds,
//! and the searchable card list. Every number comes from the same engine as the CLI.

use egui::{RichText, ScrollArea, Ui};

use crate::systems::dmh::rules::data::CardText;
use crate::systems::dmh::rules::melee::{self, FightWinner, Fighter};
use crate::systems::dmh::rules::nerve::{self, BigNerveInput, NerveInput, TestResult};
use crate::systems::dmh::rules::shooting::{self, Modifier, ShotInput, ShotResult};
use crate::systems::dmh::rules::{Rules, count};
use crate::systems::dmh::ui::looks;
use crate::ui::theme;
use crate::ui::widgets::{self, chance_bar, choice, problem, roll_field, row, stepper, toggle};

/// Which calculator is open.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Tool {
    #[default]
    Shooting,
    Nerve,
    BigNerve,
    HandToHand,
    Cards,
}

impl Tool {
    /// Every tool with its name and keyboard shortcut.
    pub const ALL: [(Tool, &'static str, egui::Key); 5] = [
        (Tool::Shooting, "Shooting", egui::Key::F1),
        (Tool::Nerve, "Nerve test", egui::Key::F2),
        (Tool::BigNerve, "Big Nerve test", egui::Key::F3),
        (Tool::HandToHand, "Hand-to-hand", egui::Key::F4),
        (Tool::Cards, "Cards", egui::Key::F5),
    ];
}

/// The shooting calculator's inputs.
#[derive(Clone, Debug, PartialEq)]
pub struct ShotForm {
    pub input: ShotInput,
    pub distance: String,
    pub roll: String,
}

impl Default for ShotForm {
    fn default() -> Self {
        ShotForm { input: ShotInput::default(), distance: "15".into(), roll: String::new() }
    }
}

/// The nerve test calculator's inputs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NerveForm {
    pub nerve: u32,
    pub under_fire: u32,
    pub friend_near: bool,
    pub sheriff_in_sight: bool,
    pub roll: String,
}

impl Default for NerveForm {
    fn default() -> Self {
        NerveForm {
            nerve: 4,
            under_fire: 1,
            friend_near: false,
            sheriff_in_sight: false,
            roll: String::new(),
        }
    }
}

/// The Big Nerve calculator's inputs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BigNerveForm {
    pub models: u32,
    pub out: u32,
    pub under_fire: u32,
    pub nerve: u32,
    pub literal_penalty: bool,
    pub roll: String,
}

impl Default for BigNerveForm {
    fn default() -> Self {
        BigNerveForm {
            models: 7,
            out: 4,
            under_fire: 3,
            nerve: 2,
            literal_penalty: false,
            roll: String::new(),
        }
    }
}

/// Which fighter holds the higher card and fights on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum HigherCard {
    #[default]
    Neither,
    A,
    B,
}

/// The hand-to-hand calculator's inputs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MeleeForm {
    pub a: Fighter,
    pub b: Fighter,
    pub a_markers: u32,
    pub b_markers: u32,
    pub higher_card: HigherCard,
    pub a_roll: String,
    pub b_roll: String,
}

/// Which cards the list shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CardFilter {
    #[default]
    All,
    Common,
    Gang(usize),
    Jokers,
}

/// Everything the Reference screen remembers.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ReferenceState {
    pub tool: Tool,
    pub shot: ShotForm,
    pub nerve: NerveForm,
    pub big_nerve: BigNerveForm,
    pub melee: MeleeForm,
    pub search: String,
    pub filter: CardFilter,
}

/// Reads a measured distance: `14`, `14.5`, `14,5` or `14 cm`.
///
/// # Errors
/// A sentence saying what is wrong.
pub fn parse_distance(text: &str) -> Result<f64, String> {
    let t = text.trim().trim_end_matches("cm").trim().replace(',', ".");
    match t.parse::<f64>() {
        Ok(d) if d.is_finite() && d >= 0.0 => Ok(d),
        _ => Err(format!(
            "Type the measured distance in cm, like 14 or 14.5 ('{}' is not a distance).",
            text.trim()
        )),
    }
}

/// Draws the Reference screen.
pub fn reference_ui(ui: &mut Ui, rules: &Rules, state: &mut ReferenceState) {
    for (tool, _, key) in Tool::ALL {
        if ui.input(|i| i.key_pressed(key)) {
            state.tool = tool;
        }
    }
    // In a narrow window the tools are a row of buttons above the one shown.
    if theme::is_narrow(ui.ctx()) {
        egui::Panel::top("reference-tools-above").show(ui, |ui| {
            ui.horizontal_wrapped(|ui| {
                for (tool, name, _) in Tool::ALL {
                    if ui.add(egui::Button::selectable(state.tool == tool, name)).clicked() {
                        state.tool = tool;
                    }
                }
            });
        });
    } else {
        egui::Panel::left("reference-tools").resizable(false).exact_size(190.0).show(ui, |ui| {
            ui.add_space(theme::GAP);
            for (tool, name, key) in Tool::ALL {
                let text = RichText::new(format!("{name}\n{}", key.name())).size(theme::BODY);
                let button =
                    egui::Button::selectable(state.tool == tool, text).min_size(egui::vec2(170.0, 48.0));
                if ui.add(button).accessible_name(name).clicked() {
                    state.tool = tool;
                }
            }
        });
    }
    egui::CentralPanel::default().show(ui, |ui| {
        ScrollArea::vertical().auto_shrink(false).show(ui, |ui| match state.tool {
            Tool::Shooting => shooting_ui(ui, rules, &mut state.shot),
            Tool::Nerve => nerve_ui(ui, rules, &mut state.nerve),
            Tool::BigNerve => big_nerve_ui(ui, rules, &mut state.big_nerve),
            Tool::HandToHand => melee_ui(ui, rules, &mut state.melee),
            Tool::Cards => cards_ui(ui, rules, &mut state.search, &mut state.filter),
        });
    });
}

fn breakdown(ui: &mut Ui, modifiers: &[Modifier]) {
    let muted = theme::muted(ui.visuals());
    if modifiers.is_empty() {
        ui.label(RichText::new("No modifiers").color(muted));
    }
    for m in modifiers {
        row(ui, |ui| {
            ui.add_sized([40.0, 20.0], egui::Label::new(RichText::new(format!("{:+}", m.value)).strong()));
            ui.label(RichText::new(&m.reason).color(muted));
        });
    }
}

fn shooting_ui(ui: &mut Ui, rules: &Rules, form: &mut ShotForm) {
    widgets::side_by_side(ui, widgets::TWO_ODDS_COLUMNS, |ui, column| {
        if column == 0 {
            shot_inputs(ui, rules, form);
        } else {
            shot_result(ui, rules, form);
        }
    });
}

fn shot_inputs(ui: &mut Ui, rules: &Rules, form: &mut ShotForm) {
    let v = ui.visuals().clone();
    let input = &mut form.input;
    ui.label(theme::heading(&v, "Weapon"));
    ui.horizontal_wrapped(|ui| {
        for weapon in &rules.weapons {
            if ui.add(egui::Button::selectable(input.weapon == weapon.id, &weapon.name)).clicked() {
                input.weapon.clone_from(&weapon.id);
            }
        }
    });
    let weapon = rules.weapon(&input.weapon);
    if let Some(w) = weapon {
        ui.label(RichText::new(&w.notes).small().color(theme::muted(&v)));
        input.shot = input.shot.min(w.max_shots).max(1);
        input.aims = input.aims.min(w.max_aims);
    }
    let max_shots = weapon.map_or(3, |w| w.max_shots);
    let max_aims = weapon.map_or(2, |w| w.max_aims);
    widgets::text_field(ui, "Distance (cm)", &mut form.distance, 90.0);
    ui.add_space(theme::GAP);
    ui.label(theme::heading(&v, "Shooter"));
    choice(ui, "Shot", &mut input.shot, &[(1, "1st"), (2, "2nd"), (3, "3rd")], |s| s <= max_shots);
    choice(ui, "Aims before it", &mut input.aims, &[(0, "0"), (1, "1"), (2, "2")], |a| a <= max_aims);
    choice(ui, "Shooter moves", &mut input.shooter_moves, &[(0, "0"), (1, "1"), (2, "2")], |_| true);
    stepper(ui, "Shooter under fire", &mut input.shooter_under_fire, 0, 4);
    choice(ui, "Shoot value", &mut input.skill, &[(-1, "-1"), (0, "0"), (1, "+1"), (2, "+2")], |_| true);
    ui.horizontal_wrapped(|ui| {
        toggle(ui, &mut input.shooter_boss, "Shooter is a Boss");
        toggle(ui, &mut input.shooter_mounted, "Shooter mounted");
    });
    ui.add_space(theme::GAP);
    ui.label(theme::heading(&v, "Target"));
    choice(ui, "Target moves", &mut input.target_moves, &[(0, "0"), (1, "1"), (2, "2"), (3, "3")], |_| true);
    ui.horizontal_wrapped(|ui| {
        toggle(ui, &mut input.cover, "Target in cover");
        toggle(ui, &mut input.obscured, "Target obscured");
    });
    ui.horizontal_wrapped(|ui| {
        toggle(ui, &mut input.target_boss, "Target is a Boss");
        toggle(ui, &mut input.target_mounted, "Target mounted");
    });
    ui.add_space(theme::GAP);
    toggle(ui, &mut input.black_joker, "Black Joker played this turn");
    ui.add_space(theme::GAP);
    row(ui, |ui| {
        if ui.button("Reset").on_hover_text("Back to a plain pistol shot at 15 cm").clicked() {
            *form = ShotForm::default();
        }
    });
}

fn shot_result(ui: &mut Ui, rules: &Rules, form: &mut ShotForm) {
    let v = ui.visuals().clone();
    let distance = match parse_distance(&form.distance) {
        Ok(d) => d,
        Err(message) => {
            problem(ui, &message);
            return;
        }
    };
    form.input.distance_cm = distance;
    let odds = match shooting::assess(rules, &form.input) {
        Ok(odds) => odds,
        Err(e) => {
            problem(ui, &sentence(&e.to_string()));
            return;
        }
    };
    ui.label(theme::big(format!("Modifier {:+}", odds.modifier)));
    ui.label(RichText::new(format!("{} range", odds.range.title())).size(theme::HEADING).strong());
    breakdown(ui, &odds.modifiers);
    ui.add_space(theme::GAP);
    ui.label(theme::heading(&v, "Chances"));
    for r in ShotResult::ALL {
        chance_bar(ui, r.title(), odds.chances.of(r), looks::result_colour(&v, r));
    }
    ui.label(RichText::new(format!("Any hit (11+): {}", odds.chances.hit())).strong());
    for note in &odds.notes {
        ui.label(RichText::new(note).color(theme::accent(&v)));
    }
    ui.add_space(theme::GAP);
    ui.label(theme::heading(&v, "Roll"));
    match roll_field(ui, &mut form.roll, rules.core.shooting.die) {
        Ok(Some(roll)) => {
            let result = shooting::result(rules, odds.modifier, roll);
            ui.label(
                RichText::new(format!("Result: {}", result.title()))
                    .size(theme::BIG - 6.0)
                    .strong()
                    .color(looks::result_colour(&v, result)),
            );
            let total = i64::from(roll) + i64::from(odds.modifier);
            let how = if result == ShotResult::OutOfAmmo {
                "A natural 1.".to_owned()
            } else {
                format!("{roll} {:+} = {total}.", odds.modifier)
            };
            ui.label(RichText::new(how).color(theme::muted(&v)));
            if let Some(row) = rules.core.shooting.results.iter().find(|r| r.result == result.id()) {
                ui.label(&row.text);
            }
        }
        Ok(None) => {
            ui.label(RichText::new("Type the d20 you rolled, or let Posse roll it.").color(theme::muted(&v)));
        }
        Err(message) => problem(ui, &message),
    }
}

fn sentence(text: &str) -> String {
    let mut s: String = text.chars().take(1).flat_map(char::to_uppercase).collect();
    s.extend(text.chars().skip(1));
    if !s.ends_with('.') {
        s.push('.');
    }
    s
}

fn nerve_value_choice(ui: &mut Ui, label: &str, value: &mut u32) {
    choice(ui, label, value, &[(2, "2+"), (3, "3+"), (4, "4+"), (5, "5+"), (6, "6+")], |_| true);
}

fn test_outcome(ui: &mut Ui, result: TestResult, roll: u32) {
    let v = ui.visuals().clone();
    let (text, colour) = match result {
        TestResult::Pass => ("Passed", theme::good(&v)),
        TestResult::Fail => ("Failed", theme::bad(&v)),
    };
    ui.label(RichText::new(format!("Result: {text}")).size(theme::BIG - 6.0).strong().color(colour));
    ui.label(RichText::new(format!("Rolled {roll}.")).color(theme::muted(&v)));
}

fn needed_text(needed: u32) -> String {
    if needed > 10 { "Cannot pass".into() } else { format!("Needs {needed}+") }
}

fn nerve_ui(ui: &mut Ui, rules: &Rules, form: &mut NerveForm) {
    ui.columns(2, |cols| {
        let [left, right] = cols else { return };
        let v = left.visuals().clone();
        left.label(theme::heading(&v, "The model"));
        nerve_value_choice(left, "Nerve", &mut form.nerve);
        stepper(left, "Under fire markers", &mut form.under_fire, 0, 4);
        left.label(
            RichText::new("Count the marker just received from a 15-18 result (reading A15).")
                .small()
                .color(theme::muted(&v)),
        );
        toggle(left, &mut form.friend_near, "Friend within 15 cm");
        toggle(left, &mut form.sheriff_in_sight, "Lawman in sight of the Sheriff (I Am The Law)");

        let extra = if form.sheriff_in_sight {
            vec![Modifier { reason: "I Am The Law".into(), value: 1 }]
        } else {
            vec![]
        };
        let input = NerveInput {
            nerve: form.nerve,
            under_fire: form.under_fire,
            friend_near: form.friend_near,
            extra,
        };
        match nerve::nerve_test(rules, &input) {
            Ok(odds) => {
                right.label(theme::big(needed_text(odds.needed)));
                right.label(
                    RichText::new(format!("on a d10, modifier {:+}", odds.modifier)).size(theme::HEADING),
                );
                breakdown(right, &odds.modifiers);
                right.add_space(theme::GAP);
                chance_bar(right, "Pass", odds.pass_chance, theme::good(&v));
                right.label(
                    RichText::new("A natural 1 always fails. A failure adds an under fire marker.").small(),
                );
                right.add_space(theme::GAP);
                right.label(theme::heading(&v, "Roll"));
                match roll_field(right, &mut form.roll, rules.core.nerve.die) {
                    Ok(Some(roll)) => test_outcome(right, nerve::test_result(odds.needed, roll), roll),
                    Ok(None) => {}
                    Err(m) => problem(right, &m),
                }
            }
            Err(e) => problem(right, &sentence(&e.to_string())),
        }
    });
}

fn big_nerve_ui(ui: &mut Ui, rules: &Rules, form: &mut BigNerveForm) {
    ui.columns(2, |cols| {
        let [left, right] = cols else { return };
        let v = left.visuals().clone();
        left.label(theme::heading(&v, "The side"));
        stepper(left, "Models at the start", &mut form.models, 1, 12);
        form.out = form.out.min(form.models);
        stepper(left, "Out of action", &mut form.out, 0, form.models);
        stepper(left, "Markers on those standing", &mut form.under_fire, 0, 40);
        nerve_value_choice(left, "Nerve tested", &mut form.nerve);
        left.label(
            RichText::new("Test on the boss's Nerve, or the best Nerve still standing if he is out of action.")
                .small()
                .color(theme::muted(&v)),
        );
        toggle(left, &mut form.literal_penalty, "Literal penalty: none at the first casualty (reading A08)");
        let input = BigNerveInput {
            models: form.models,
            out: form.out,
            under_fire: form.under_fire,
            nerve: form.nerve,
            literal_penalty: form.literal_penalty,
        };
        match nerve::big_nerve(rules, input) {
            Ok(odds) if !odds.required => {
                right.label(theme::big("No test"));
                right.label(RichText::new("No more than half the side is out of action.").size(theme::HEADING));
            }
            Ok(odds) if odds.automatic_fail => {
                right.label(theme::big("Automatic failure").color(theme::bad(&v)));
                right.label(
                    RichText::new(format!(
                        "{} markers on {} models standing: twice as many or more. The side gets out of Dodge.",
                        form.under_fire, odds.standing
                    ))
                    .size(theme::HEADING),
                );
            }
            Ok(odds) => {
                right.label(theme::big(needed_text(odds.needed)));
                right.label(
                    RichText::new(format!("on a d10 at {:+} for losses beyond half the side", odds.modifier))
                        .size(theme::HEADING),
                );
                chance_bar(right, "Pass", odds.pass_chance, theme::good(&v));
                right.label(RichText::new("Fail and the side gets out of Dodge; pass and test again next turn.").small());
                right.add_space(theme::GAP);
                right.label(theme::heading(&v, "Roll"));
                match roll_field(right, &mut form.roll, rules.core.nerve.die) {
                    Ok(Some(roll)) => test_outcome(right, nerve::test_result(odds.needed, roll), roll),
                    Ok(None) => {}
                    Err(m) => problem(right, &m),
                }
            }
            Err(e) => problem(right, &sentence(&e.to_string())),
        }
    });
}

fn fighter_inputs(ui: &mut Ui, name: &str, fighter: &mut Fighter, markers: &mut u32) {
    let v = ui.visuals().clone();
    ui.label(theme::heading(&v, format!("Fighter {name}")));
    choice(
        ui,
        &format!("{name} HtH"),
        &mut fighter.hth,
        &[(-1, "-1"), (0, "0"), (1, "+1"), (2, "+2")],
        |_| true,
    );
    stepper(ui, &format!("{name} under fire"), markers, 0, 4);
    fighter.under_fire = *markers;
    toggle(ui, &mut fighter.charged, &format!("{name} started the fight this turn"));
    toggle(ui, &mut fighter.higher, &format!("{name} on higher ground"));
}

fn melee_ui(ui: &mut Ui, rules: &Rules, form: &mut MeleeForm) {
    let v = ui.visuals().clone();
    ui.columns(2, |cols| {
        let [left, right] = cols else { return };
        fighter_inputs(left, "A", &mut form.a, &mut form.a_markers);
        fighter_inputs(right, "B", &mut form.b, &mut form.b_markers);
    });
    choice(
        ui,
        "Higher card fights on",
        &mut form.higher_card,
        &[(HigherCard::Neither, "Neither"), (HigherCard::A, "A"), (HigherCard::B, "B")],
        |_| true,
    );
    form.a.card_higher = form.higher_card == HigherCard::A;
    form.b.card_higher = form.higher_card == HigherCard::B;
    ui.add_space(theme::GAP);
    match melee::chances(rules, &form.a, &form.b) {
        Ok(chances) => {
            ui.label(theme::heading(&v, "Chances"));
            chance_bar(ui, "A wins", chances.a, theme::good(&v));
            chance_bar(ui, "Draw (fight on next turn)", chances.draw, theme::muted(&v));
            chance_bar(ui, "B wins", chances.b, theme::bad(&v));
        }
        Err(e) => problem(ui, &sentence(&e.to_string())),
    }
    ui.add_space(theme::GAP);
    ui.label(theme::heading(&v, "Roll-off"));
    let die = rules.core.hand_to_hand.die;
    let ra = roll_labelled(ui, "A", &mut form.a_roll, die);
    let rb = roll_labelled(ui, "B", &mut form.b_roll, die);
    if let (Some(ra), Some(rb)) = (ra, rb)
        && let Ok(r) = melee::resolve(rules, &form.a, &form.b, ra, rb)
    {
        let text = match r.winner {
            FightWinner::A => {
                format!(
                    "A wins {} to {}: B takes {}",
                    r.a_total,
                    r.b_total,
                    count(r.markers, "marker", "markers")
                )
            }
            FightWinner::B => {
                format!(
                    "B wins {} to {}: A takes {}",
                    r.b_total,
                    r.a_total,
                    count(r.markers, "marker", "markers")
                )
            }
            FightWinner::Draw => format!("Draw at {}: they fight on next turn", r.a_total),
        };
        ui.label(RichText::new(format!("Result: {text}")).size(theme::HEADING + 4.0).strong());
    }
}

fn roll_labelled(ui: &mut Ui, name: &str, text: &mut String, die: u32) -> Option<u32> {
    row(ui, |ui| {
        let label = widgets::row_label(ui, &format!("{name}'s d{die}"));
        let field = ui
            .add(egui::TextEdit::singleline(text).desired_width(60.0).font(egui::TextStyle::Heading))
            .labelled_by(label.id);
        widgets::keep_in_view(&field);
        if ui.button(format!("Roll for {name}")).clicked() {
            *text = rand::random_range(1..=die).to_string();
        }
    });
    match widgets::parse_roll(text, die) {
        Ok(roll) => roll,
        Err(m) => {
            problem(ui, &m);
            None
        }
    }
}

/// Whether a card matches the filter and the search text (name, effect or timing).
#[must_use]
pub fn card_matches(rules: &Rules, card: &CardText, filter: CardFilter, search: &str) -> bool {
    let in_filter = match filter {
        CardFilter::All => true,
        CardFilter::Common => card.suit.is_none() && card.id.is_none(),
        CardFilter::Gang(i) => rules.gangs.get(i).is_some_and(|g| card.suit == Some(g.suit)),
        CardFilter::Jokers => card.id.is_some(),
    };
    let needle = search.trim().to_lowercase();
    let is_rank =
        ["2", "3", "4", "5", "6", "7", "8", "9", "10", "j", "q", "k", "a"].contains(&needle.as_str());
    in_filter
        && if needle.is_empty() {
            true
        } else if is_rank {
            // A rank on its own finds the cards of that rank, not every text with an "a" in it.
            card.rank.as_deref().is_some_and(|r| r.eq_ignore_ascii_case(&needle))
        } else {
            [&card.name, &card.when, &card.effect].iter().any(|t| t.to_lowercase().contains(&needle))
        }
}

fn cards_ui(ui: &mut Ui, rules: &Rules, search: &mut String, filter: &mut CardFilter) {
    row(ui, |ui| {
        let label = ui.label(RichText::new("Search").strong());
        let field = ui
            .add(egui::TextEdit::singleline(search).hint_text("name, rank or effect").desired_width(240.0))
            .labelled_by(label.id);
        widgets::keep_in_view(&field);
        if !search.is_empty() && ui.button("Clear").clicked() {
            search.clear();
        }
    });
    ui.horizontal_wrapped(|ui| {
        let mut options =
            vec![(CardFilter::All, "All".to_owned()), (CardFilter::Common, "Common 2-10".to_owned())];
        for (i, gang) in rules.gangs.iter().enumerate() {
            options.push((CardFilter::Gang(i), format!("{} {}", gang.suit.symbol(), gang.name)));
        }
        options.push((CardFilter::Jokers, "Jokers".to_owned()));
        for (option, text) in options {
            if ui.add(egui::Button::selectable(*filter == option, text)).clicked() {
                *filter = option;
            }
        }
    });
    ui.add_space(theme::GAP);
    let shown: Vec<&CardText> =
        rules.cards.all().filter(|c| card_matches(rules, c, *filter, search)).collect();
    ui.label(RichText::new(format!("{} of 27 cards", shown.len())).color(theme::muted(ui.visuals())));
    looks::card_rows(ui, &shown, 250.0, |ui, card| {
        looks::card_face(ui, rules, card, 250.0);
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::systems::dmh::rules::embedded;

    #[test]
    fn distances_accept_what_players_type() {
        assert_eq!(parse_distance("14"), Ok(14.0));
        assert_eq!(parse_distance(" 14,5 cm"), Ok(14.5));
        assert!(parse_distance("far").is_err());
        assert!(parse_distance("-3").is_err());
    }

    #[test]
    fn card_search_finds_by_name_rank_and_effect() {
        let rules = embedded::rules();
        let count = |filter, search: &str| {
            rules.cards.all().filter(|c| card_matches(rules, c, filter, search)).count()
        };
        assert_eq!(count(CardFilter::All, ""), 27);
        assert_eq!(count(CardFilter::Common, ""), 9);
        assert_eq!(count(CardFilter::Jokers, ""), 2);
        assert_eq!(count(CardFilter::Gang(0), ""), 4);
        assert_eq!(count(CardFilter::All, "stumble"), 1);
        assert_eq!(count(CardFilter::All, "Q"), 4);
    }
}
