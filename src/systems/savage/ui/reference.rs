//! The Reference screen: the trait and damage calculators on their own (exact odds, then the
//! dice typed or rolled with the aces shown), the soak and Incapacitation odds, what each fate
//! chip does, and the rules a Marshal looks up most (ranges, Shaken, Incapacitation). The
//! screen keeps only its forms; every number comes from the rules each frame.

use egui::{RichText, Ui};

use super::calc::{self, DiceForm, damage_odds_ui, modifiers_ui, number_stepper, rolled_ui, trait_odds_ui};
use super::{chip_colour, chip_name, die_picker};
use crate::systems::savage::rules::Rules;
use crate::systems::savage::rules::chips::{ChipColour, ChipUse};
use crate::systems::savage::rules::damage::{self, DamageDice, DamageRoll, RolledDamage};
use crate::systems::savage::rules::die::Die;
use crate::systems::savage::rules::fatigue;
use crate::systems::savage::rules::traits::{self, Rolled, TraitDice, TraitRoll};
use crate::ui::theme;
use crate::ui::widgets::{choice, percent, probability_bar, problem, row, row_label, toggle};

/// What kind of trait roll the calculator works out: the target number follows from it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RollKind {
    /// Any trait against 4.
    #[default]
    Plain,
    /// Fighting against the target's Parry.
    Fighting,
    /// Shooting or throwing at a range band.
    Shooting,
}

/// The Reference screen's forms.
#[derive(Clone, Debug)]
#[expect(clippy::struct_excessive_bools, reason = "independent checkboxes of the calculators")]
pub struct ReferenceState {
    pub die: Die,
    pub wild: bool,
    pub kind: RollKind,
    pub parry: i32,
    /// The range band's id (short, medium, long).
    pub range: usize,
    pub modifier: i32,
    pub joker: bool,
    pub wounds: u32,
    pub fatigue: u32,
    pub dice: DiceForm,
    pub rolled: Option<Rolled>,
    pub damage: String,
    pub strength: Die,
    pub raise: bool,
    pub toughness: i32,
    pub shaken: bool,
    pub damage_modifier: i32,
    pub damage_total: String,
    pub damage_rolled: Option<RolledDamage>,
    pub vigor: Die,
    pub vigor_wild: bool,
    pub vigor_modifier: i32,
    /// The wounds the hit just dealt, which the soak's odds stop at (1–[`MAX_REFERENCE_SOAK`]).
    pub soak_wounds: i32,
    pub survival_die: Die,
    pub survival_wild: bool,
    pub survival_modifier: i32,
    /// The people to find water and food for.
    pub survival_people: i32,
    pub survival_dice: DiceForm,
}

/// The most wounds the Reference's soak calculator takes: four raises over Toughness and more
/// are rare, and each wound is one more bar.
pub const MAX_REFERENCE_SOAK: i32 = 6;

impl Default for ReferenceState {
    fn default() -> ReferenceState {
        ReferenceState {
            die: Die::D8,
            wild: true,
            kind: RollKind::Plain,
            parry: 5,
            range: 0,
            modifier: 0,
            joker: false,
            wounds: 0,
            fatigue: 0,
            dice: DiceForm::default(),
            rolled: None,
            damage: "2d6+1".to_owned(),
            strength: Die::D6,
            raise: false,
            toughness: 5,
            shaken: false,
            damage_modifier: 0,
            damage_total: String::new(),
            damage_rolled: None,
            vigor: Die::D6,
            vigor_wild: true,
            vigor_modifier: 0,
            soak_wounds: 3,
            survival_die: Die::D6,
            survival_wild: true,
            survival_modifier: 0,
            survival_people: 1,
            survival_dice: DiceForm::default(),
        }
    }
}

/// Draws the Reference screen.
pub fn reference_ui(ui: &mut Ui, rules: &Rules, state: &mut ReferenceState) {
    egui::CentralPanel::default().show(ui, |ui| {
        egui::ScrollArea::vertical().show(ui, |ui| {
            // Three columns on a desktop; the calculators side by side over the rules on a
            // tablet held upright; one column on a phone.
            if theme::is_wide(ui.ctx()) {
                ui.columns(3, |cols| {
                    if let [a, b, c] = cols {
                        trait_calc(a, rules, state);
                        survival_calc(a, rules, state);
                        damage_calc(b, rules, state);
                        vigor_calc(b, rules, state);
                        rules_ui(c, rules);
                    }
                });
            } else {
                crate::ui::widgets::side_by_side(ui, crate::ui::widgets::TWO_ODDS_COLUMNS, |ui, column| {
                    if column == 0 {
                        trait_calc(ui, rules, state);
                        survival_calc(ui, rules, state);
                    } else {
                        damage_calc(ui, rules, state);
                        vigor_calc(ui, rules, state);
                    }
                });
                ui.separator();
                rules_ui(ui, rules);
            }
        });
    });
}

fn trait_calc(ui: &mut Ui, rules: &Rules, s: &mut ReferenceState) {
    let v = ui.visuals().clone();
    ui.label(theme::heading(&v, "Trait roll"));
    row(ui, |ui| {
        row_label(ui, "Die");
        die_picker(ui, "Trait die", &mut s.die);
    });
    choice(ui, "Roller", &mut s.wild, &[(true, "Wild Card"), (false, "Extra")], |_| true);
    choice(
        ui,
        "Roll",
        &mut s.kind,
        &[(RollKind::Plain, "Against 4"), (RollKind::Fighting, "Fighting"), (RollKind::Shooting, "Shooting")],
        |_| true,
    );
    let tn = match s.kind {
        RollKind::Fighting => {
            number_stepper(ui, "Target's Parry", &mut s.parry, 2, 30);
            s.parry
        }
        RollKind::Plain | RollKind::Shooting => rules.core.traits.target_number,
    };
    let mut range_modifier = 0;
    if s.kind == RollKind::Shooting {
        let bands: Vec<(usize, &str)> =
            rules.core.ranges.iter().enumerate().map(|(i, r)| (i, r.name.as_str())).collect();
        choice(ui, "Range", &mut s.range, &bands, |_| true);
        range_modifier = rules.core.ranges.get(s.range).map_or(0, |r| r.modifier);
    }
    let mut wounds = i32::try_from(s.wounds).unwrap_or(0);
    number_stepper(ui, "Wounds", &mut wounds, 0, 3);
    s.wounds = u32::try_from(wounds).unwrap_or(0);
    let mut fatigue = i32::try_from(s.fatigue).unwrap_or(0);
    number_stepper(ui, "Fatigue levels", &mut fatigue, 0, 2);
    s.fatigue = u32::try_from(fatigue).unwrap_or(0);
    number_stepper(ui, "Other modifier", &mut s.modifier, -10, 10);
    toggle(ui, &mut s.joker, "Holds a Joker this round (+2)");
    let w = &rules.core.wounds;
    let wound_penalty = (w.penalty_per_wound * wounds).max(w.penalty_cap);
    let fatigue_penalty = rules.core.fatigue.penalty(s.fatigue);
    let joker = if s.joker { rules.core.initiative.joker_bonus } else { 0 };
    let range_name = rules.core.ranges.get(s.range).map_or("Range", |r| r.name.as_str());
    let modifier = modifiers_ui(
        ui,
        &[
            ("Wounds", wound_penalty),
            ("Fatigue", fatigue_penalty),
            (range_name, range_modifier),
            ("Joker", joker),
            ("Other", s.modifier),
        ],
    );
    let roll = TraitRoll { die: s.die, wild: s.wild, modifier, tn };
    ui.label(RichText::new(format!("{} against {tn}", s.die)).strong());
    trait_odds_ui(ui, &traits::odds(rules, &roll), s.wild);
    ui.add_space(theme::GAP / 2.0);
    let wild = s.wild.then(|| calc::wild_sides(rules));
    s.dice.ui(ui, "Trait", s.die, wild);
    let typed = s.dice.dice(s.die, wild);
    row(ui, |ui| {
        if ui.button("Roll for me").on_hover_text("Posse rolls the dice, aces and all").clicked() {
            let seeded = TraitDice::Seeded { seed: calc::fresh_seed() };
            s.rolled = traits::roll_dice(rules, &roll, &seeded).ok();
            s.dice.clear();
        }
        if ui
            .add_enabled(s.rolled.is_some() || !s.dice.trait_total.is_empty(), egui::Button::new("Clear"))
            .clicked()
        {
            s.rolled = None;
            s.dice.clear();
        }
    });
    match typed {
        Ok(Some(d)) => {
            if let Ok(rolled) = traits::roll_dice(rules, &roll, &d) {
                rolled_ui(ui, &rolled, s.die);
            }
        }
        Ok(None) => {
            if let Some(rolled) = &s.rolled {
                rolled_ui(ui, rolled, s.die);
            }
        }
        // Said beside the fields.
        Err(_) => {}
    }
}

/// The Survival roll for water and food (S41, fr 11): the chance of feeding the people
/// asked, and what a typed roll finds.
fn survival_calc(ui: &mut Ui, rules: &Rules, s: &mut ReferenceState) {
    let v = ui.visuals().clone();
    ui.add_space(theme::GAP);
    ui.label(theme::heading(&v, "Survival: water and food"));
    row(ui, |ui| {
        row_label(ui, "Survival");
        die_picker(ui, "Survival die", &mut s.survival_die);
    });
    toggle(ui, &mut s.survival_wild, "Wild Card (Wild Die) for Survival");
    number_stepper(ui, "Survival modifier", &mut s.survival_modifier, -10, 10);
    number_stepper(ui, "People to feed", &mut s.survival_people, 1, MAX_SURVIVAL_PEOPLE);
    let people = u32::try_from(s.survival_people).unwrap_or(1);
    let raises = fatigue::survival_raises_needed(rules, people);
    let needs = match raises {
        0 => "a success".to_owned(),
        1 => "a raise".to_owned(),
        n => format!("{n} raises"),
    };
    let chance = fatigue::survival_odds(rules, s.survival_die, s.survival_wild, s.survival_modifier, people);
    probability_bar(ui, &format!("Enough for {people} ({needs})"), chance, theme::good(&v));
    let wild = s.survival_wild.then(|| calc::wild_sides(rules));
    s.survival_dice.ui(ui, "Survival", s.survival_die, wild);
    let roll = TraitRoll {
        die: s.survival_die,
        wild: s.survival_wild,
        modifier: s.survival_modifier,
        tn: rules.core.traits.target_number,
    };
    // The result has a line of its own (empty until both dice are typed), which a mistyped
    // total takes instead, so nothing below moves.
    let line = match s.survival_dice.dice(s.survival_die, wild) {
        Ok(Some(d)) => traits::roll_dice(rules, &roll, &d).ok().map(|rolled| {
            let found = match fatigue::survival_fed(rules, &rolled.result) {
                0 => "no water found".to_owned(),
                n => format!("water and food for {n}"),
            };
            format!("→ {}: {found}", calc::result_words(&rolled.result))
        }),
        Ok(None) => None,
        // Said beside the fields.
        Err(_) => return,
    };
    ui.label(RichText::new(line.unwrap_or_default()).size(theme::HEADING).strong());
}

/// The most people the Survival calculator asks about (a big wagon train).
const MAX_SURVIVAL_PEOPLE: i32 = 60;

fn damage_calc(ui: &mut Ui, rules: &Rules, s: &mut ReferenceState) {
    let v = ui.visuals().clone();
    ui.label(theme::heading(&v, "Damage"));
    let dice = crate::ui::widgets::text_field(ui, "Weapon dice", &mut s.damage, 120.0);
    let _ = dice;
    let parsed = s.damage.parse::<DamageDice>();
    if parsed.as_ref().is_ok_and(DamageDice::uses_strength) {
        row(ui, |ui| {
            row_label(ui, "Strength");
            die_picker(ui, "Strength die", &mut s.strength);
        });
    }
    toggle(ui, &mut s.raise, "The attack got a raise (+1d6)");
    number_stepper(ui, "Toughness", &mut s.toughness, 0, 40);
    toggle(ui, &mut s.shaken, "The target is already Shaken");
    number_stepper(ui, "Damage modifier", &mut s.damage_modifier, -10, 10);
    let dice = match parsed {
        Ok(d) => d,
        Err(e) => {
            problem(ui, &crate::ui::sentence(&e.to_string()));
            return;
        }
    };
    let Ok(resolved) = dice.resolve(Some(s.strength)) else { return };
    let resolved = if s.raise { resolved.with_die(rules.core.attack_raise_die) } else { resolved };
    let resolved = resolved.plus(s.damage_modifier);
    match damage::odds(rules, &resolved, s.toughness, s.shaken) {
        Ok(c) => damage_odds_ui(ui, &c, s.shaken, true),
        Err(e) => problem(ui, &crate::ui::sentence(&e.to_string())),
    }
    row(ui, |ui| {
        let label = row_label(ui, "Damage total");
        ui.add(
            egui::TextEdit::singleline(&mut s.damage_total)
                .desired_width(60.0)
                .font(egui::TextStyle::Heading),
        )
        .labelled_by(label.id);
        if ui.button("Roll for me").on_hover_text("Posse rolls the damage, aces and all").clicked() {
            let roll = DamageRoll::Seeded { dice: dice.clone(), raise: s.raise, seed: calc::fresh_seed() };
            s.damage_rolled = damage::roll_damage(rules, &roll, Some(s.strength)).ok();
            s.damage_total.clear();
        }
    });
    let total = match s.damage_total.trim() {
        "" => s.damage_rolled.as_ref().map(|r| (r.total, calc::damage_words(r))),
        t => {
            if let Ok(n) = t.parse::<i32>() {
                Some((n, n.to_string()))
            } else {
                problem(
                    ui,
                    &format!("'{t}' is not a total: add up the dice (after aces) and the weapon's +N."),
                );
                None
            }
        }
    };
    if let Some((total, words)) = total {
        let total = total + s.damage_modifier;
        let effect = damage::effect(rules, total, s.toughness, s.shaken);
        let what = match effect {
            damage::Effect::None => "no effect".to_owned(),
            damage::Effect::Shaken => "Shaken".to_owned(),
            damage::Effect::Wounds(1) => "1 wound (and Shaken)".to_owned(),
            damage::Effect::Wounds(n) => format!("{n} wounds (and Shaken)"),
        };
        ui.label(
            RichText::new(format!("{words} → {total} against {}: {what}", s.toughness))
                .size(theme::HEADING)
                .strong(),
        );
    }
}

fn vigor_calc(ui: &mut Ui, rules: &Rules, s: &mut ReferenceState) {
    let v = ui.visuals().clone();
    ui.add_space(theme::GAP);
    ui.label(theme::heading(&v, "Soak and Incapacitation"));
    row(ui, |ui| {
        row_label(ui, "Vigor");
        die_picker(ui, "Vigor die", &mut s.vigor);
    });
    toggle(ui, &mut s.vigor_wild, "Wild Card (Wild Die)");
    number_stepper(ui, "Vigor modifier", &mut s.vigor_modifier, -10, 10);
    // S12: "chaque succès et relance enlève une blessure" (fr 24), and never more than the
    // hit dealt: the bars stop at the wounds taken, the last being all of them.
    number_stepper(ui, "Wounds taken", &mut s.soak_wounds, 1, MAX_REFERENCE_SOAK);
    let taken = u32::try_from(s.soak_wounds).unwrap_or(1);
    let soak = damage::soak_odds_for(rules, s.vigor, s.vigor_wild, s.vigor_modifier, taken);
    ui.label(RichText::new(format!("Soak: wounds taken away of {taken}")).strong());
    for (k, chance) in soak.iter().enumerate() {
        let (label, colour) = match k {
            0 => ("None".to_owned(), theme::muted(&v)),
            1 if taken == 1 => ("1 wound (all)".to_owned(), theme::good(&v)),
            1 => ("1 wound".to_owned(), theme::accent(&v)),
            k if k == soak.len() - 1 => (format!("{k} wounds (all)"), theme::good(&v)),
            k => (format!("{k} wounds"), theme::good(&v)),
        };
        probability_bar(ui, &label, *chance, colour);
    }
    let inc = damage::incapacitation_odds(rules, s.vigor, true, s.vigor_modifier);
    ui.label(RichText::new("Incapacitation roll (Wild Card)").strong());
    probability_bar(ui, "Dead (1 or less)", inc.dead, theme::bad(&v));
    probability_bar(ui, "Bleeding Out (failure)", inc.bleeding_out, theme::accent(&v));
    probability_bar(ui, "Heals with the wounds", inc.heals_with_wounds, theme::good(&v));
    probability_bar(ui, "Heals in 24 hours", inc.heals_in_24h, theme::good(&v));
    let bleed = damage::bleeding_odds(rules, s.vigor, true, s.vigor_modifier);
    ui.label(
        RichText::new(format!(
            "Bleeding Out each round: dies {} · again next round {} · stops {}",
            percent(bleed.dies),
            percent(bleed.again),
            percent(bleed.stops)
        ))
        .color(theme::muted(&v)),
    );
}

/// What each chip colour may do, and the rules looked up most.
fn rules_ui(ui: &mut Ui, rules: &Rules) {
    let v = ui.visuals().clone();
    ui.label(theme::heading(&v, "Fate chips"));
    for colour in ChipColour::ALL {
        let pot = rules
            .chips
            .pot
            .get(&colour)
            .map_or_else(|| "never in the pot".to_owned(), |n| format!("{n} in the pot"));
        ui.label(
            RichText::new(format!("{} ({pot})", chip_name(colour))).strong().color(chip_colour(&v, colour)),
        );
        let uses: Vec<&str> = ChipUse::ALL
            .into_iter()
            .filter(|u| rules.chips.allows(colour, *u))
            .filter_map(|u| rules.reference.chip_uses.get(&u).map(String::as_str))
            .collect();
        ui.label(uses.join("; "));
        let draws: Vec<&str> = ChipUse::ALL
            .into_iter()
            .filter(|u| rules.chips.marshal_draws(colour, *u))
            .filter_map(|u| rules.reference.chip_uses.get(&u).map(String::as_str))
            .collect();
        if !draws.is_empty() {
            ui.label(
                RichText::new(format!(
                    "The Marshal then draws a white chip after: {}",
                    draws.join("; ").to_lowercase()
                ))
                .color(theme::muted(&v)),
            );
        }
    }
    ui.add_space(theme::GAP);
    for id in ["attacks", "shaken", "incapacitation", "bleeding_out", "soak", "damage"] {
        if let Some(section) = rules.section(id) {
            ui.label(theme::heading(&v, &section.title));
            for line in &section.lines {
                ui.label(line);
            }
            if id == "attacks" {
                let bands: Vec<String> = rules
                    .core
                    .ranges
                    .iter()
                    .map(|r| format!("{} {}", r.name, super::signed(r.modifier)))
                    .collect();
                ui.label(RichText::new(format!("Range: {}", bands.join(" · "))).strong());
            }
            ui.add_space(theme::GAP / 2.0);
        }
    }
    egui::CollapsingHeader::new("Injury Table (2d6, then a d6)").show(ui, |ui| {
        for row in &rules.core.injury_table.rows {
            let rolls = |r: &crate::systems::savage::rules::injury::InjuryRow| {
                if r.from == r.to { r.from.to_string() } else { format!("{}–{}", r.from, r.to) }
            };
            if row.sub.is_empty() {
                ui.label(format!("{}: {}: {}", rolls(row), row.name, row.effect));
            } else {
                ui.label(RichText::new(format!("{}: {}", rolls(row), row.name)).strong());
                for sub in &row.sub {
                    ui.label(format!("    d6 {}: {}: {}", rolls(sub), sub.name, sub.effect));
                }
            }
        }
    });
    egui::CollapsingHeader::new("Every other rule").show(ui, |ui| {
        for section in &rules.reference.sections {
            if ["attacks", "shaken", "incapacitation", "bleeding_out", "soak", "damage"]
                .contains(&section.id.as_str())
            {
                continue;
            }
            ui.label(RichText::new(&section.title).strong());
            for line in &section.lines {
                ui.label(line);
            }
        }
    });
}
