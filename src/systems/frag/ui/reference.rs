//! The Reference screen: the damage and to-hit calculators on their own (exact odds, and the
//! result of typed rolls), what a turn's zombie frags earn, and the six characters' numbers.
//! It keeps only form state; every number is asked of the rules each frame.

use egui::{RichText, ScrollArea, Ui};

use super::{dice_field, stepper};
use crate::systems::frag::rules::combat::{self, DamageOdds, Outcome};
use crate::systems::frag::rules::data::{HexAccess, ItemKind, Rulebook, Variant};
use crate::systems::frag::rules::zombies;
use crate::ui::theme;
use crate::ui::widgets::{probability_bar, problem, row, row_label, toggle};

/// The Reference screen's form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReferenceState {
    pub attack_dice: u32,
    pub health: u32,
    pub extra: u32,
    pub gallows_always: bool,
    /// The attack dice that come up 1 are rolled once more (the Agency Operative's cheatin').
    pub damage_rerolls_ones: bool,
    /// The attack dice's total, typed.
    pub attack_total: String,
    /// The defence dice's total, typed.
    pub defence_total: String,
    pub accuracy: u32,
    pub bonus_dice: u32,
    pub range: u32,
    /// The to-hit dice that come up 1 are rolled once more (the Agency Operative's cheatin').
    pub hit_rerolls_ones: bool,
    pub to_hit: String,
    pub zombie_frags: u32,
}

impl Default for ReferenceState {
    fn default() -> ReferenceState {
        ReferenceState {
            attack_dice: 3,
            health: 2,
            extra: 0,
            gallows_always: false,
            damage_rerolls_ones: false,
            attack_total: String::new(),
            defence_total: String::new(),
            accuracy: 2,
            bonus_dice: 0,
            range: 3,
            hit_rerolls_ones: false,
            to_hit: String::new(),
            zombie_frags: 6,
        }
    }
}

/// Draws the Reference screen.
pub fn reference_ui(ui: &mut Ui, book: &Rulebook, state: &mut ReferenceState) {
    egui::CentralPanel::default().show(ui, |ui| {
        let clear = crate::ui::widgets::clear_of_scroll_bar(ui);
        ScrollArea::vertical().id_salt("frag-reference").content_margin(clear).show(ui, |ui| {
            crate::ui::widgets::side_by_side(ui, crate::ui::widgets::TWO_ODDS_COLUMNS, |ui, column| {
                if column == 0 {
                    damage_ui(ui, book, state);
                } else {
                    hit_ui(ui, book, state);
                    ui.add_space(theme::GAP);
                    zombie_frags_ui(ui, book, state);
                }
            });
            ui.add_space(theme::GAP);
            characters_ui(ui, book);
        });
    });
}

fn damage_ui(ui: &mut Ui, book: &Rulebook, state: &mut ReferenceState) {
    let v = ui.visuals().clone();
    ui.label(theme::heading(&v, "Damage"));
    stepper(ui, "Attack dice", &mut state.attack_dice, 0, 30);
    stepper(ui, "Target's Health", &mut state.health, 1, 19);
    stepper(ui, "Extra damage", &mut state.extra, 0, 10);
    toggle(ui, &mut state.gallows_always, "Any frag hangs the Indian Brave");
    toggle(ui, &mut state.damage_rerolls_ones, "Attack dice reroll 1s (the Agency Operative)");
    let rerolls = combat::Rerolls { attack: state.damage_rerolls_ones, defence: false };
    let odds = combat::damage_odds_rerolling(
        book,
        state.attack_dice,
        state.health,
        state.extra,
        state.gallows_always,
        rerolls,
        0,
    );
    match odds {
        Ok(odds) => damage_odds_ui(ui, &odds, true),
        Err(e) => problem(ui, &crate::ui::sentence(&e.to_string())),
    }
    ui.add_space(6.0);
    ui.label(RichText::new("Rolled? Type both totals:").color(theme::muted(&v)));
    let attack = total_field(ui, "Attack total", &mut state.attack_total);
    let defence = total_field(ui, "Defence total", &mut state.defence_total);
    if let (Some(x), Some(y)) = (attack, defence) {
        let lo = (state.attack_dice, state.attack_dice * 6);
        let dl = (state.health, state.health * 6);
        if !(lo.0..=lo.1).contains(&x) {
            problem(ui, &format!("{} dice total {} to {}.", state.attack_dice, lo.0, lo.1));
        } else if !(dl.0..=dl.1).contains(&y) {
            problem(ui, &format!("{} total {} to {}.", super::dice(state.health, "defence"), dl.0, dl.1));
        } else {
            let r = combat::resolve(book, x, y, state.extra, state.health, state.gallows_always);
            let words = match r.result {
                Outcome::None => "no damage".to_owned(),
                Outcome::Wounded => format!("{} damage: {} Health left", r.damage, r.health_left),
                Outcome::Fragged => format!("{} damage: fragged", r.damage),
                Outcome::Gallows => format!("{} damage: fragged onto the gallows", r.damage),
            };
            ui.label(RichText::new(words).size(theme::HEADING).strong());
        }
    }
}

/// The exact odds of one damage roll: no damage, each Health lost short of a frag, the frag and
/// (when there are gallows) the gallows, with the mean.
pub fn damage_odds_ui(ui: &mut Ui, odds: &DamageOdds, gallows: bool) {
    damage_bars_ui(ui, odds, gallows);
    expected_damage_ui(ui, odds);
}

/// [`damage_odds_ui`]'s bars, without the mean.
pub fn damage_bars_ui(ui: &mut Ui, odds: &DamageOdds, gallows: bool) {
    let v = ui.visuals().clone();
    probability_bar(ui, "No damage", odds.none, theme::muted(&v));
    for k in 1..odds.health {
        let label = if k == 1 { "Loses 1 Health".to_owned() } else { format!("Loses {k} Health") };
        probability_bar(ui, &label, odds.chance(k as usize), theme::accent(&v));
    }
    probability_bar(ui, "Fragged", odds.frag, theme::bad(&v));
    if gallows {
        probability_bar(ui, "Onto the gallows", odds.gallows, theme::bad(&v));
    }
}

/// The mean of a damage roll, exact on hover.
pub fn expected_damage_ui(ui: &mut Ui, odds: &DamageOdds) {
    let v = ui.visuals().clone();
    ui.label(RichText::new(format!("Expected damage {:.2}", odds.expected)).color(theme::muted(&v)))
        .on_hover_text(format!("Exact, counted over all {} rolls", group_digits(odds.outcomes)));
}

/// 10077696 as "10,077,696".
fn group_digits(n: u128) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn total_field(ui: &mut Ui, label: &str, text: &mut String) -> Option<u32> {
    // A total of three digits whole inside the field's margins, wider on a touch screen.
    let width = super::typed_width(ui, "100").max(60.0);
    row(ui, |ui| {
        let l = row_label(ui, label);
        ui.add(egui::TextEdit::singleline(text).desired_width(width).font(egui::TextStyle::Heading))
            .labelled_by(l.id);
    });
    let t = text.trim();
    if t.is_empty() {
        return None;
    }
    let parsed = t.parse::<u32>().ok();
    if parsed.is_none() {
        problem(ui, &format!("'{t}' is not a total: type a whole number."));
    }
    parsed
}

fn hit_ui(ui: &mut Ui, book: &Rulebook, state: &mut ReferenceState) {
    let v = ui.visuals().clone();
    ui.label(theme::heading(&v, "To hit"));
    stepper(ui, "Accuracy", &mut state.accuracy, 1, 20);
    stepper(ui, "Bonus dice", &mut state.bonus_dice, 0, 10);
    stepper(ui, "Range (squares)", &mut state.range, 1, 60);
    toggle(ui, &mut state.hit_rerolls_ones, "To-hit dice reroll 1s (the Agency Operative)");
    let dice = state.accuracy + state.bonus_dice;
    match combat::hit_odds_rerolling(book, dice, state.range, state.hit_rerolls_ones) {
        Ok(odds) => {
            probability_bar(ui, &format!("Hits at range {}", state.range), odds.hit_chance, theme::good(&v));
        }
        Err(e) => problem(ui, &crate::ui::sentence(&e.to_string())),
    }
    if state.hit_rerolls_ones {
        ui.label(RichText::new("Type the dice that stand, each 1 rolled again.").color(theme::muted(&v)));
    }
    if let Some(rolled) = dice_field(ui, "To-hit dice", &mut state.to_hit, dice) {
        let total: u32 = rolled.iter().map(|&d| u32::from(d)).sum();
        let (word, colour) =
            if total >= state.range { ("Hit", theme::good(&v)) } else { ("Miss", theme::bad(&v)) };
        ui.label(RichText::new(word).size(theme::BIG).strong().color(colour));
    }
}

fn zombie_frags_ui(ui: &mut Ui, book: &Rulebook, state: &mut ReferenceState) {
    let v = ui.visuals().clone();
    ui.label(theme::heading(&v, "Zombie frags in one turn"));
    stepper(ui, "Zombies fragged", &mut state.zombie_frags, 0, 60);
    let z = zombies::zombie_frags(book, state.zombie_frags);
    let blood = if z.blood > 0 { format!(" and {} blood points", z.blood) } else { String::new() };
    ui.label(RichText::new(format!("{} event cards{blood}", z.event_cards)).size(theme::HEADING).strong());
    ui.label(
        RichText::new(format!(
            "Every frag counts toward the {}; more than {} in a turn still draw only {} cards; more than {} also give {} blood points.",
            book.zombies.zombie_frags_to_win,
            book.zombies.event_cards_per_turn_max,
            book.zombies.event_cards_per_turn_max,
            book.zombies.blood_bonus_over,
            book.zombies.blood_bonus
        ))
        .color(theme::muted(&v)),
    );
}

fn characters_ui(ui: &mut Ui, book: &Rulebook) {
    let v = ui.visuals().clone();
    ui.label(theme::heading(&v, "The characters"));
    // One block per character: the numbers on one line, then the two texts at full width.
    // Two columns where there is room, else one.
    let n = if ui.available_width() >= crate::ui::widgets::TWO_ODDS_COLUMNS { 2 } else { 1 };
    ui.columns(n, |cols| {
        for (i, c) in book.characters.iter().enumerate() {
            let Some(ui) = cols.get_mut(i % n) else { continue };
            egui::Frame::group(ui.style()).show(ui, |ui| {
                ui.set_width(ui.available_width());
                let starting = match &c.starting {
                    Some(s) if s.kind == ItemKind::Weapon => {
                        format!("{} ({}d)", s.name, s.dice.unwrap_or(0))
                    }
                    Some(s) => s.name.clone(),
                    None => "no starting item printed".to_owned(),
                };
                let over = c.weapon_limit_over_health.unwrap_or(book.core.weapon_limit_over_health);
                let weapons = if over == 0 { "Health".to_owned() } else { format!("Health + {over}") };
                let hexes = match c.hexes {
                    HexAccess::Always => " · hexes always",
                    HexAccess::WithHoyles => "",
                    HexAccess::Never => " · never hexes",
                };
                ui.label(RichText::new(&c.name).size(theme::HEADING).strong());
                ui.label(format!(
                    "{starting} · weapons {weapons} · hand {} · power-ups {}–6{hexes}",
                    book.hand_limit(c, Variant::Deadlands),
                    book.power_up_from(c)
                ));
                ui.label(RichText::new(format!("Drawback: {}", c.drawback)).color(theme::muted(&v)));
                ui.label(RichText::new(format!("Cheatin': {}", c.cheatin)).color(theme::muted(&v)));
            });
            ui.add_space(6.0);
        }
    });
}

#[cfg(test)]
mod tests {
    use egui_kittest::Harness;
    use egui_kittest::kittest::Queryable as _;

    use super::*;
    use crate::systems::frag::rules::embedded;
    use crate::ui::widgets::percent;

    #[test]
    fn the_rerolls_ticks_count_the_operatives_second_rolls() {
        // deadlands:4 (Agency Operative): "Reroll any dice that come up a 1."
        let book = embedded::rulebook().expect("data");
        let start = ReferenceState { range: 7, ..ReferenceState::default() };
        let mut h = Harness::builder()
            .with_size(egui::vec2(1280.0, 1000.0))
            .with_context_setup(theme::install)
            .build_ui_state(move |ui, state: &mut ReferenceState| reference_ui(ui, book, state), start);
        h.run();
        let shown = |h: &Harness<'_, ReferenceState>, text: &str| h.query_all_by_label(text).next().is_some();
        // 2 dice at range 7: 21 of 36 plainly; with each 1 rolled again a die shows 1 in 1 of
        // 36 ways and each other face in 7, so 945 of 1,296.
        let plain = combat::hit_odds(book, 2, 7).expect("odds").hit_chance;
        let again = combat::hit_odds_rerolling(book, 2, 7, true).expect("odds").hit_chance;
        assert_eq!((percent(plain), percent(again)), ("58%".to_owned(), "73%".to_owned()));
        assert!(shown(&h, "58%") && !shown(&h, "73%"));
        h.get_by_label("To-hit dice reroll 1s (the Agency Operative)").click();
        h.run();
        assert!(h.state().hit_rerolls_ones);
        assert!(shown(&h, "73%"));
        assert!(shown(&h, "Type the dice that stand, each 1 rolled again."));

        // 3 attack dice against Health 2.
        let expected = |rerolls: bool| {
            let r = combat::Rerolls { attack: rerolls, defence: false };
            let odds = combat::damage_odds_rerolling(book, 3, 2, 0, false, r, 0).expect("odds");
            format!("Expected damage {:.2}", odds.expected)
        };
        assert_ne!(expected(false), expected(true));
        assert!(shown(&h, &expected(false)));
        h.get_by_label("Attack dice reroll 1s (the Agency Operative)").click();
        h.run();
        assert!(h.state().damage_rerolls_ones);
        assert!(shown(&h, &expected(true)) && !shown(&h, &expected(false)));
    }
}
