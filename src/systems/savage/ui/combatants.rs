//! The Combatants screen: the posse and its enemies kept as files (a Wild Card, or a group of
//! Extras acting on one card: the Marshal's bestiary), and an editor for one of them. The
//! editor changes a working copy ([`CombatantForm`]); the rules read it as a combatant file
//! would be read, so every problem is shown with its place, and the app saves it once it reads.

use egui::{RichText, Ui};

use super::calc::number_stepper;
use super::{Notice, die_picker, notice_ui};
use crate::systems::savage::app::CombatantEntry;
use crate::systems::savage::rules::Rules;
use crate::systems::savage::rules::abilities::Abilities;
use crate::systems::savage::rules::combatant::{
    self, ATTRIBUTES, Combatant, InitiativeEdge, Kind, MAX_COUNT,
};
use crate::systems::savage::rules::data::Problem;
use crate::systems::savage::rules::die::Die;
use crate::ui::theme;
use crate::ui::widgets::{
    LABEL_WIDTH, checked_text_field, choice, field_problem, number_field_width, reason_line, row, row_label,
    stepper, together,
};

/// What the Combatants screen asks the app to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CombatantCommand {
    /// A new Wild Card or group of Extras, from a plain template.
    New(Kind),
    /// A copy of one of the built-in examples (by its place in the bestiary data).
    CopyExample(usize),
    /// A copy of a saved combatant.
    Duplicate(String),
    /// Opens a file in the editor.
    Select(String),
    /// Moves a file aside (Undo brings it back).
    Delete(String),
    /// Brings a deleted file back.
    Restore(String),
}

/// A weapon as the editor holds it: its damage and its ranges (in inches) as typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WeaponForm {
    pub name: String,
    pub damage: String,
    pub ranged: bool,
    pub short: String,
    pub medium: String,
    pub long: String,
}

/// A combatant being edited: the file's fields as the player types them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CombatantForm {
    pub name: String,
    pub kind: Kind,
    pub count: u32,
    pub player: String,
    pub attributes: [Die; 5],
    pub skills: Vec<(String, Die)>,
    pub parry_bonus: i32,
    pub armour: i32,
    pub toughness_bonus: i32,
    pub initiative: Vec<InitiativeEdge>,
    pub weapons: Vec<WeaponForm>,
    pub notes: String,
    pub hardy: bool,
    /// Undead, Fearless and the Edges that change rolls (S42–S47).
    pub abilities: Abilities,
    /// The name of a skill to add.
    pub new_skill: String,
}

impl CombatantForm {
    /// The form of a saved combatant.
    #[must_use]
    pub fn of(c: &Combatant) -> CombatantForm {
        let a = &c.attributes;
        CombatantForm {
            name: c.name.clone(),
            kind: c.kind,
            count: c.count,
            player: c.player.clone().unwrap_or_default(),
            attributes: [a.agility, a.smarts, a.spirit, a.strength, a.vigor],
            skills: c.skills.iter().map(|(n, d)| (n.clone(), *d)).collect(),
            parry_bonus: c.parry_bonus,
            armour: c.armour,
            toughness_bonus: c.toughness_bonus,
            initiative: c.initiative.clone(),
            weapons: c
                .weapons
                .iter()
                .map(|w| WeaponForm {
                    name: w.name.clone(),
                    damage: w.damage.to_string(),
                    ranged: w.range.is_some(),
                    short: w.range.map_or(12, |r| r.short).to_string(),
                    medium: w.range.map_or(24, |r| r.medium).to_string(),
                    long: w.range.map_or(48, |r| r.long).to_string(),
                })
                .collect(),
            notes: c.notes.clone(),
            hardy: c.hardy,
            abilities: c.abilities,
            new_skill: String::new(),
        }
    }

    /// The form as a combatant file, read by the rules: the combatant, or every problem.
    ///
    /// # Errors
    /// Every problem with its JSON path.
    pub fn combatant(&self) -> Result<Combatant, Vec<Problem>> {
        let attributes: serde_json::Map<String, serde_json::Value> = ATTRIBUTES
            .iter()
            .zip(self.attributes)
            .map(|(n, d)| ((*n).to_owned(), d.to_string().into()))
            .collect();
        let skills: serde_json::Map<String, serde_json::Value> =
            self.skills.iter().map(|(n, d)| (n.clone(), d.to_string().into())).collect();
        // A range typed is a whole number of inches; what is not is a problem at its path (and
        // 1 in the file read, so the rules report only their own problems besides).
        let mut typed: Vec<Problem> = Vec::new();
        let weapons: Vec<serde_json::Value> = self
            .weapons
            .iter()
            .enumerate()
            .map(|(i, w)| {
                let mut v = serde_json::json!({ "name": w.name, "damage": w.damage });
                if w.ranged {
                    let mut inches = |what: &str, text: &str| -> u32 {
                        text.trim().parse::<u32>().unwrap_or_else(|_| {
                            typed.push(Problem::new(
                                "combatant",
                                format!("$.weapons[{i}].range.{what}"),
                                format!("the {what} range '{}' is not a whole number of inches", text.trim()),
                            ));
                            1
                        })
                    };
                    let (short, medium, long) =
                        (inches("short", &w.short), inches("medium", &w.medium), inches("long", &w.long));
                    v["range"] = serde_json::json!({ "short": short, "medium": medium, "long": long });
                }
                v
            })
            .collect();
        let mut value = serde_json::json!({
            "name": self.name,
            "kind": self.kind.id(),
            "count": if self.kind == Kind::WildCard { 1 } else { self.count },
            "attributes": attributes,
            "skills": skills,
            "parry_bonus": self.parry_bonus,
            "armour": self.armour,
            "toughness_bonus": self.toughness_bonus,
            "initiative": self.initiative.iter().map(|e| e.id()).collect::<Vec<_>>(),
            "weapons": weapons,
            "notes": self.notes,
        });
        if !self.player.trim().is_empty() {
            value["player"] = self.player.trim().into();
        }
        if self.hardy {
            value["hardy"] = true.into();
        }
        // Each ability ticked is its key set to true; the others are left out of the file.
        if let Ok(serde_json::Value::Object(keys)) = serde_json::to_value(self.abilities) {
            for (key, on) in keys {
                value[key] = on;
            }
        }
        match (combatant::from_value(value), typed.is_empty()) {
            (result, true) => result,
            (Ok(_), false) => Err(typed),
            (Err(more), false) => Err(typed.into_iter().chain(more).collect()),
        }
    }
}

/// The Combatants screen's state: the files (filled by the app) and the editor.
#[derive(Clone, Debug, Default)]
pub struct CombatantsState {
    pub entries: Vec<CombatantEntry>,
    /// The file being edited.
    pub selected: Option<String>,
    pub form: Option<CombatantForm>,
    /// The last file deleted, for Undo.
    pub deleted: Option<String>,
    pub notice: Option<Notice>,
    /// Why nothing can be kept (no data folder).
    pub unavailable: Option<String>,
    /// The example picked to copy.
    pub example: usize,
    /// On a narrow screen, the list is shown instead of the combatant open in the editor.
    pub list_shown: bool,
}

/// Draws the Combatants screen.
pub fn combatants_ui(
    ui: &mut Ui,
    rules: &Rules,
    state: &mut CombatantsState,
    commands: &mut Vec<CombatantCommand>,
) {
    // In a narrow window (a phone, a tablet held upright) the list or the combatant being
    // edited, one at a time as phones do, each scrolling as one page: the editor with a way
    // back to the list at its top (under the editor, the list's own scroll area was cut off
    // where the page's scrolling ended).
    if ui.ctx().content_rect().width() < ONE_COLUMN {
        let listing = state.selected.is_none() || state.form.is_none() || state.list_shown;
        egui::CentralPanel::default().show(ui, |ui| {
            if let Some(notice) = &state.notice {
                notice_ui(ui, notice);
            }
            if listing {
                let before = commands.len();
                list_ui(ui, rules, state, commands);
                // What the list opens (a new combatant, a copy, a file picked, one brought
                // back) is shown at once.
                if commands[before..].iter().any(|c| !matches!(c, CombatantCommand::Delete(_))) {
                    state.list_shown = false;
                }
                return;
            }
            if ui.button(format!("‹ All combatants ({})", state.entries.len())).clicked() {
                state.list_shown = true;
            }
            egui::ScrollArea::vertical().id_salt("savage-combatants-narrow").show(ui, |ui| {
                let id = state.selected.clone();
                if let (Some(form), Some(id)) = (&mut state.form, id) {
                    editor_ui(ui, rules, &id, form, commands);
                }
            });
        });
        return;
    }
    egui::Panel::left("savage-combatant-list").resizable(false).exact_size(340.0).show(ui, |ui| {
        list_ui(ui, rules, state, commands);
    });
    egui::CentralPanel::default().show(ui, |ui| {
        if let Some(notice) = &state.notice {
            notice_ui(ui, notice);
        }
        let id = state.selected.clone();
        if let (Some(form), Some(id)) = (&mut state.form, id) {
            egui::ScrollArea::vertical().show(ui, |ui| editor_ui(ui, rules, &id, form, commands));
        } else {
            let v = ui.visuals().clone();
            ui.label(theme::heading(&v, "The posse and its enemies"));
            ui.label("Pick a combatant on the left, or make one: a Wild Card (a player's character or an important villain: a Wild Die and three wounds) or a group of Extras that act on one card (one wound takes each out).");
        }
    });
}

/// The most digits a weapon's range takes, in inches (9999: more than any table).
const RANGE_DIGITS: usize = 4;

/// Below this width, in points, the editor and the list share one column: beside a list
/// 340 points wide, the editor's rows would wrap at every field.
const ONE_COLUMN: f32 = 900.0;

/// Whether a combatant belongs to one of the list's groups.
type Belongs = fn(&Combatant) -> bool;

fn list_ui(ui: &mut Ui, rules: &Rules, state: &mut CombatantsState, commands: &mut Vec<CombatantCommand>) {
    let v = ui.visuals().clone();
    if let Some(why) = &state.unavailable {
        ui.label(RichText::new(why).color(theme::bad(&v)));
    }
    row(ui, |ui| {
        if ui.button("New Wild Card").clicked() {
            commands.push(CombatantCommand::New(Kind::WildCard));
        }
        if ui.button("New group of Extras").clicked() {
            commands.push(CombatantCommand::New(Kind::Extra));
        }
    });
    row(ui, |ui| {
        let current = rules.bestiary.get(state.example).map_or("?", |c| c.name.as_str());
        egui::ComboBox::from_id_salt("savage-example")
            .selected_text(current)
            .show_ui(ui, |ui| {
                for (i, c) in rules.bestiary.iter().enumerate() {
                    ui.selectable_value(&mut state.example, i, &c.name);
                }
            })
            .response
            .accessible_name("Example to copy");
        if ui.button("Copy the example").clicked() {
            commands.push(CombatantCommand::CopyExample(state.example));
        }
    });
    if let Some(id) = &state.deleted
        && ui.button(format!("Undo: delete {id}")).clicked()
    {
        commands.push(CombatantCommand::Restore(id.clone()));
    }
    ui.separator();
    egui::ScrollArea::vertical().show(ui, |ui| {
        let groups: [(&str, Belongs); 3] = [
            ("Posse", |c| c.player.is_some()),
            ("The Marshal's Wild Cards", |c| c.player.is_none() && c.is_wild_card()),
            ("Bestiary: groups of Extras", |c| c.player.is_none() && !c.is_wild_card()),
        ];
        for (title, belongs) in groups {
            ui.label(RichText::new(title).strong().color(theme::accent(&v)));
            let mut any = false;
            for entry in &state.entries {
                let Ok(c) = &entry.combatant else { continue };
                if !belongs(c) {
                    continue;
                }
                any = true;
                let line = match (c.kind, &c.player) {
                    (Kind::Extra, _) => format!("{} ×{}", c.name, c.count),
                    (Kind::WildCard, Some(p)) => format!("{} ({p})", c.name),
                    (Kind::WildCard, None) => c.name.clone(),
                };
                // Saved as it stands, but marked while it cannot go into a fight.
                let line = if c.is_ready() { line } else { format!("{line} · not ready") };
                let selected = state.selected.as_deref() == Some(entry.id.as_str());
                if ui.add(egui::Button::selectable(selected, line)).clicked() {
                    commands.push(CombatantCommand::Select(entry.id.clone()));
                }
            }
            if !any {
                ui.label(RichText::new("None yet").color(theme::muted(&v)));
            }
            ui.add_space(6.0);
        }
        for entry in &state.entries {
            if let Err(e) = &entry.combatant {
                ui.label(
                    RichText::new(format!(
                        "{} cannot be read, and is left as it is: {e}",
                        entry.path.display()
                    ))
                    .color(theme::bad(&v)),
                );
            }
        }
    });
}

/// A checkbox for each special ability that changes rolls (S42–S47), its effect on hover.
fn abilities_ui(ui: &mut Ui, a: &mut Abilities) {
    ui.horizontal_wrapped(|ui| {
        for (on, name, what) in [
            (&mut a.undead, "Undead", "+2 to recover from Shaken; no wound penalties"),
            (&mut a.fearless, "Fearless", "No Fear tests (the fight has none)"),
            (&mut a.combat_reflexes, "Combat Reflexes", "+2 to recover from Shaken"),
            (&mut a.iron_jaw, "Iron Jaw", "+2 to soak"),
            (&mut a.nerves_of_steel, "Nerves of Steel", "Ignores 1 point of wound penalty"),
            (
                &mut a.hard_to_kill,
                "Hard to Kill",
                "No wound penalties on the Incapacitation and Bleeding Out rolls",
            ),
        ] {
            ui.checkbox(on, name).on_hover_text(what);
        }
    });
}

fn editor_ui(
    ui: &mut Ui,
    rules: &Rules,
    id: &str,
    form: &mut CombatantForm,
    commands: &mut Vec<CombatantCommand>,
) {
    let v = ui.visuals().clone();
    let parsed = form.combatant();
    // The buttons at the right first, then the name and the numbers in what is left of the
    // row, elided there: on a phone nothing is drawn under Duplicate and Delete.
    // One line that never wraps (a wrapping row would let it grow past the column).
    let line = egui::vec2(ui.available_width(), ui.spacing().interact_size.y);
    ui.allocate_ui_with_layout(line, egui::Layout::right_to_left(egui::Align::Center), |ui| {
        let most = egui::vec2((ui.available_width() * 0.4).max(100.0), ui.spacing().interact_size.y);
        let delete = egui::Button::new(format!("Delete {}", form.name)).truncate();
        let layout = egui::Layout::right_to_left(egui::Align::Center);
        if ui.allocate_ui_with_layout(most, layout, |ui| ui.add(delete)).inner.clicked() {
            commands.push(CombatantCommand::Delete(id.to_owned()));
        }
        if ui.button("Duplicate").clicked() {
            commands.push(CombatantCommand::Duplicate(id.to_owned()));
        }
        ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
            let name = if form.name.trim().is_empty() { "(no name)" } else { form.name.as_str() };
            ui.add(egui::Label::new(theme::heading(&v, name)).truncate());
            if let Ok(c) = &parsed {
                let numbers = format!("Parry {} · Toughness {}", c.parry(rules), c.toughness(rules));
                ui.add(egui::Label::new(RichText::new(numbers).size(theme::HEADING).strong()).truncate());
            }
        });
    });
    // One line, always: the problems themselves stand beside their fields, so no banner comes
    // and goes above the form while a value is being typed (the field would move and lose
    // its focus, and the next keystroke go elsewhere).
    // A combatant that reads is saved as it stands; what keeps it out of a fight (Edges that
    // cannot go together) is marked in red as a problem is, and said in the same line.
    let not_ready = parsed.as_ref().map(Combatant::not_ready).unwrap_or_default();
    let problems: &[Problem] = parsed.as_ref().err().map_or(not_ready.as_slice(), Vec::as_slice);
    let mut shown: Vec<&str> = Vec::new();
    saved_line(ui, problems.len(), parsed.is_ok());
    // The fields as wide as fits beside their labels, so on a phone a field does not wrap onto
    // the line under its label.
    let beside = ui.available_width() - LABEL_WIDTH - ui.spacing().item_spacing.x - 8.0;
    let name_problem = problem_at(problems, "$.name", &mut shown);
    checked_text_field(ui, "Name", &mut form.name, beside.clamp(100.0, 260.0), name_problem.as_deref());
    choice(ui, "Kind", &mut form.kind, &[(Kind::WildCard, "Wild Card"), (Kind::Extra, "Extras")], |_| true);
    if form.kind == Kind::Extra {
        stepper(ui, "Extras in the group", &mut form.count, 1, MAX_COUNT);
    }
    let player_problem = problem_at(problems, "$.player", &mut shown);
    checked_text_field(ui, "Player", &mut form.player, beside.clamp(100.0, 200.0), player_problem.as_deref())
        .on_hover_text("Who spends fate chips for it; empty for the Marshal's");
    ui.add_space(theme::GAP / 2.0);
    ui.label(theme::heading(&v, "Attributes"));
    ui.horizontal_wrapped(|ui| {
        for (name, die) in ATTRIBUTES.iter().zip(form.attributes.iter_mut()) {
            // Each name stays with its die: a line never ends with "Spirit" and its d8 under it.
            together(ui, *name, |ui| {
                let label = capital(name);
                ui.label(&label);
                die_picker(ui, &format!("{label} die"), die);
                ui.add_space(8.0);
            });
        }
    });
    skills_ui(ui, form, problems, &mut shown);
    ui.label(theme::heading(&v, "Parry and Toughness"));
    number_stepper(ui, "Parry bonus", &mut form.parry_bonus, -20, 50);
    number_stepper(ui, "Armour", &mut form.armour, -20, 50);
    number_stepper(ui, "Toughness bonus", &mut form.toughness_bonus, -20, 50);
    ui.label(theme::heading(&v, "Action cards"));
    // Edges that cannot go together (Hesitant with any other) are the ticks marked in red,
    // with the reason in the line kept under them: the ticks never move when it shows.
    let initiative_problem = problem_at(problems, "$.initiative", &mut shown);
    ui.horizontal_wrapped(|ui| {
        for edge in InitiativeEdge::ALL {
            let mut on = form.initiative.contains(&edge);
            let mut name = RichText::new(edge.name());
            if on && initiative_problem.is_some() {
                name = name.color(theme::bad(&v));
            }
            if ui.checkbox(&mut on, name).changed() {
                if on {
                    form.initiative.push(edge);
                } else {
                    form.initiative.retain(|e| *e != edge);
                }
            }
        }
    });
    reason_line(ui, initiative_problem.as_deref());
    ui.checkbox(&mut form.hardy, "Hardy: a second Shaken is no wound");
    abilities_ui(ui, &mut form.abilities);
    ui.label(theme::heading(&v, "Weapons"));
    weapons_ui(ui, form, problems, &mut shown);
    ui.label(theme::heading(&v, "Notes"));
    ui.add(
        egui::TextEdit::multiline(&mut form.notes)
            .char_limit(combatant::MAX_NOTES)
            .desired_rows(3)
            // The field's frame and margins come on top of the width asked for: within the
            // column on a phone.
            .desired_width((ui.available_width() - 12.0).min(600.0)),
    )
    .accessible_name("Notes");
    // What has no field of its own (or whose field is not shown), at the foot of the form, in
    // the words of the form (never a JSON path).
    for p in problems.iter().filter(|p| !shown.contains(&p.path.as_str())) {
        ui.label(RichText::new(format!("{}: {}", place(&p.path), p.message)).color(theme::bad(&v)));
    }
}

/// Whether the form is saved, in one line: saved; saved but not ready for a fight
/// (`problems` keep it out, though it reads); or not saved until its `problems` are put right.
fn saved_line(ui: &mut Ui, problems: usize, reads: bool) {
    let v = ui.visuals().clone();
    let words = match (problems, reads) {
        (0, _) => {
            ui.label(RichText::new("Saved as you change it.").color(theme::muted(&v)));
            return;
        }
        (n, true) => {
            format!("Saved, but not ready for a fight until what is marked in red is put right ({n}).")
        }
        (n, false) => format!("Not saved until what is marked in red is put right ({n})."),
    };
    ui.label(RichText::new(words).color(theme::bad(&v)).strong());
}

/// Where in the form a problem's JSON path is, as the form names it.
fn place(path: &str) -> String {
    let field = path.strip_prefix("$.").unwrap_or(path);
    if let Some(skill) = field.strip_prefix("skills.") {
        return format!("The skill {}", capital(skill));
    }
    if let Some(weapon) = field.strip_prefix("weapons[") {
        let number = weapon.split(']').next().and_then(|n| n.parse::<usize>().ok());
        return number.map_or_else(|| "A weapon".to_owned(), |n| format!("Weapon {}", n + 1));
    }
    let head = field.split(['.', '[']).next().unwrap_or(field);
    match head {
        "name" => "The name",
        "kind" => "The kind",
        "count" => "Extras in the group",
        "player" => "The player",
        "attributes" => "The attributes",
        "skills" => "The skills",
        "parry_bonus" => "Parry bonus",
        "armour" => "Armour",
        "toughness_bonus" => "Toughness bonus",
        "initiative" => "Action cards",
        "notes" => "Notes",
        _ => "This combatant",
    }
    .to_owned()
}

/// The problems of the field at `path` (or inside it) in one line, noting them as shown.
fn problem_at<'p>(problems: &'p [Problem], path: &str, shown: &mut Vec<&'p str>) -> Option<String> {
    let here: Vec<&Problem> = problems
        .iter()
        .filter(|p| {
            p.path == path
                || p.path.starts_with(&format!("{path}."))
                || p.path.starts_with(&format!("{path}["))
        })
        .collect();
    shown.extend(here.iter().map(|p| p.path.as_str()));
    (!here.is_empty()).then(|| here.iter().map(|p| p.message.as_str()).collect::<Vec<_>>().join("; "))
}

fn skills_ui<'p>(ui: &mut Ui, form: &mut CombatantForm, problems: &'p [Problem], shown: &mut Vec<&'p str>) {
    let v = ui.visuals().clone();
    ui.label(theme::heading(&v, "Skills"));
    let mut remove = None;
    ui.horizontal_wrapped(|ui| {
        for (i, (name, die)) in form.skills.iter_mut().enumerate() {
            let label = capital(name);
            // A skill's name, die and × on one line, moved whole to the next line when they do
            // not fit the end of this one (squeezed there, they stood a character a line).
            together(ui, ("skill", name.as_str()), |ui| {
                ui.label(&label);
                die_picker(ui, &format!("{label} die"), die);
                if ui
                    .add(remove_button(ui.ctx()))
                    .on_hover_text(format!("Remove {label}"))
                    .accessible_name(format!("Remove {label}"))
                    .clicked()
                {
                    remove = Some(i);
                }
                ui.add_space(8.0);
            });
        }
    });
    if let Some(i) = remove {
        form.skills.remove(i);
    }
    // A skill named as an attribute, or given twice: said under the skills, with its name.
    let words: Vec<String> = problems
        .iter()
        .filter_map(|p| Some((p, p.path.strip_prefix("$.skills.")?)))
        .map(|(p, skill)| format!("{}: {}", capital(skill), p.message))
        .collect();
    shown.extend(problems.iter().filter(|p| p.path.starts_with("$.skills.")).map(|p| p.path.as_str()));
    if !words.is_empty() {
        reason_line(ui, Some(&words.join("; ")));
    }
    row(ui, |ui| {
        let label = row_label(ui, "New skill");
        let field = ui
            .add(
                egui::TextEdit::singleline(&mut form.new_skill)
                    .char_limit(combatant::MAX_TEXT)
                    .desired_width(160.0),
            )
            .labelled_by(label.id);
        // Enter in the field adds the skill, and the field keeps the focus for the next one.
        let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        let name = form.new_skill.trim().to_ascii_lowercase();
        let fresh = !name.is_empty()
            && !form.skills.iter().any(|(n, _)| *n == name)
            && form.skills.len() < combatant::MAX_ENTRIES;
        if ui.add_enabled(fresh, egui::Button::new("Add the skill")).clicked() || (fresh && entered) {
            form.skills.push((name, Die::D6));
            form.new_skill.clear();
            if entered {
                field.request_focus();
            }
        }
    });
}

fn weapons_ui<'p>(ui: &mut Ui, form: &mut CombatantForm, problems: &'p [Problem], shown: &mut Vec<&'p str>) {
    let mut remove = None;
    for (i, w) in form.weapons.iter_mut().enumerate() {
        let problem = problem_at(problems, &format!("$.weapons[{i}]"), shown);
        // Weapons have no id of their own: a row is its place in the list while it is edited.
        ui.push_id(("weapon", i), |ui| {
            row(ui, |ui| {
                ui.add(
                    egui::TextEdit::singleline(&mut w.name)
                        .char_limit(combatant::MAX_TEXT)
                        .desired_width(140.0),
                )
                .accessible_name(format!("Weapon {} name", i + 1));
                ui.add(
                    egui::TextEdit::singleline(&mut w.damage)
                        .char_limit(combatant::MAX_TEXT)
                        .desired_width(90.0),
                )
                .accessible_name(format!("Weapon {} damage", i + 1))
                .on_hover_text("Damage dice, like Str+d6 or 2d6+1");
                ui.checkbox(&mut w.ranged, "Ranged");
                if w.ranged {
                    // Typed, so a range far from the last ("12", "120") is two or three keys;
                    // saved once the field is left, like every field of the editor. Each field
                    // is as wide as its longest range (on a touch screen, with a finger's
                    // margins, a fixed 44 points showed "12" as "1").
                    let width = number_field_width(ui, RANGE_DIGITS);
                    for (what, text) in
                        [("short", &mut w.short), ("medium", &mut w.medium), ("long", &mut w.long)]
                    {
                        let mut field = |ui: &mut Ui| {
                            ui.add(
                                egui::TextEdit::singleline(text)
                                    .char_limit(RANGE_DIGITS)
                                    .desired_width(width),
                            )
                            .accessible_name(format!("Weapon {} {what} range", i + 1))
                            .on_hover_text(format!("{} range, in inches", capital(what)));
                        };
                        if theme::is_touch(ui.ctx()) {
                            // Nothing hovers on a touch screen: each range's name written out
                            // before its field, and kept on its line.
                            together(ui, what, |ui| {
                                ui.label(capital(what));
                                field(ui);
                            });
                        } else {
                            field(ui);
                        }
                    }
                }
                if ui
                    .add(remove_button(ui.ctx()))
                    .accessible_name(format!("Remove weapon {}", i + 1))
                    .clicked()
                {
                    remove = Some(i);
                }
                // Last on its row, so nothing the player may click next moves.
                field_problem(ui, problem.as_deref());
            });
        });
    }
    if let Some(i) = remove {
        form.weapons.remove(i);
    }
    if ui
        .add_enabled(form.weapons.len() < combatant::MAX_ENTRIES, egui::Button::new("Add a weapon"))
        .clicked()
    {
        form.weapons.push(WeaponForm {
            name: "Weapon".into(),
            damage: "Str+d4".into(),
            ranged: false,
            short: "12".into(),
            medium: "24".into(),
            long: "48".into(),
        });
    }
}

fn capital(name: &str) -> String {
    let mut chars = name.chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

/// The × that removes a skill or a weapon: small on a desktop, finger-sized on a touch screen
/// (the style's touch sizes apply to a plain button, not to a small one).
fn remove_button(ctx: &egui::Context) -> egui::Button<'static> {
    let button = egui::Button::new("×");
    if theme::is_touch(ctx) {
        button.min_size(egui::vec2(theme::TOUCH_TARGET, theme::TOUCH_TARGET))
    } else {
        button.small()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::systems::savage::rules::embedded;

    #[test]
    fn the_form_reads_back_every_example() {
        for c in &embedded().expect("data").bestiary {
            assert_eq!(CombatantForm::of(c).combatant().as_ref(), Ok(c), "{}", c.name);
        }
    }

    #[test]
    fn a_problem_is_placed_in_the_forms_words() {
        let check = |path: &str, expected: &str| assert_eq!(place(path), expected, "{path}");
        check("$.initiative", "Action cards");
        check("$.initiative[1]", "Action cards");
        check("$.skills.agility", "The skill Agility");
        check("$.weapons[0].damage", "Weapon 1");
        check("$.weapons[x]", "A weapon");
        check("$.count", "Extras in the group");
        check("$", "This combatant");
    }

    #[test]
    fn a_bad_form_says_where() {
        let mut form = CombatantForm::of(embedded().expect("data").bestiary.first().expect("one"));
        form.name = " ".into();
        form.weapons.first_mut().expect("a weapon").damage = "2x6".into();
        let problems = form.combatant().expect_err("bad");
        let paths: Vec<&str> = problems.iter().map(|p| p.path.as_str()).collect();
        assert_eq!(paths, ["$.name", "$.weapons[0].damage"]);
    }
}
