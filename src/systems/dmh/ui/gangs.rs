//! The Gangs screen: the player's saved gangs and the gang editor.
//!
//! The editor changes a working copy of the selected gang; everything that touches files
//! (new, duplicate, delete, import, export, print) is sent as a [`GangCommand`] for the app to
//! carry out after the frame. The app saves the working copy whenever it differs from the
//! saved one, so there is no Save button and nothing to lose.

use egui::{RichText, ScrollArea, Ui};

use crate::print::Paper;
use crate::systems::dmh::files::GangEntry;
use crate::systems::dmh::rules::Rules;
use crate::systems::dmh::rules::data::{Gang, Profile};
use crate::systems::dmh::rules::gang::{self, GangFile, GangReport, ModelEntry, RepPreset};
use crate::ui::theme;
use crate::ui::widgets::{self, problem, row, stepper};

/// Something the Gangs screen asks the app to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GangCommand {
    /// Create a gang of this type.
    New {
        gang: String,
    },
    /// Open a saved gang in the editor.
    Select(String),
    Duplicate(String),
    /// Move the gang to the deleted folder (undoable).
    Delete(String),
    UndoDelete,
    /// Ask for a file to import.
    Import,
    /// Ask where to export this gang.
    Export(String),
    /// Print this gang's roster into the prints folder.
    Print(String, Paper),
    /// Open a file or folder with the system's program.
    Open(std::path::PathBuf),
    /// The gang's name was typed and its field left: the file takes the new name.
    Renamed,
}

/// A message shown at the top of the screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    pub text: String,
    pub error: bool,
    /// A file or folder the player may want to open.
    pub path: Option<std::path::PathBuf>,
}

impl Notice {
    /// A piece of good news.
    #[must_use]
    pub fn info(text: impl Into<String>) -> Notice {
        Notice { text: text.into(), error: false, path: None }
    }

    /// Something went wrong.
    #[must_use]
    pub fn error(text: impl Into<String>) -> Notice {
        Notice { text: text.into(), error: true, path: None }
    }
}

/// Everything the Gangs screen shows and edits.
#[derive(Clone, Debug, Default)]
pub struct GangsState {
    /// Every gang file in the data folder, damaged ones included.
    pub entries: Vec<GangEntry>,
    /// The id of the gang open in the editor.
    pub selected: Option<String>,
    /// The gang as the player is editing it.
    pub working: Option<GangFile>,
    /// The gang type for the next New gang.
    pub new_type: String,
    pub paper: Paper,
    pub notice: Option<Notice>,
    /// The gang deleted last (id, name), for Undo.
    pub deleted: Option<(String, String)>,
    /// The data folder could not be used: the reason.
    pub unavailable: Option<String>,
    /// Counter for random names, so each click gives another.
    pub name_roll: u64,
    /// On a narrow screen, the gang list is shown instead of the gang open in the editor.
    pub list_shown: bool,
}

/// Draws the Gangs screen and collects the commands it sends.
pub fn gangs_ui(ui: &mut Ui, rules: &Rules, state: &mut GangsState, commands: &mut Vec<GangCommand>) {
    // A phone or a tablet held upright: the list or the gang, one at a time, as phones do.
    if ui.available_width() < LIST_WIDTH + 480.0 {
        let listing = state.selected.is_none() || state.list_shown;
        egui::CentralPanel::default().show(ui, |ui| {
            if listing {
                notice_ui(ui, state, commands);
                let before = commands.len();
                list_ui(ui, rules, state, commands);
                if commands[before..]
                    .iter()
                    .any(|c| matches!(c, GangCommand::Select(_) | GangCommand::New { .. }))
                {
                    state.list_shown = false;
                }
            } else {
                let count = state.entries.len();
                if ui.button(format!("‹ All gangs ({count})")).clicked() {
                    state.list_shown = true;
                }
                gang_ui(ui, rules, state, commands);
            }
        });
        return;
    }
    egui::Panel::left("gang-list").resizable(false).exact_size(LIST_WIDTH).show(ui, |ui| {
        list_ui(ui, rules, state, commands);
    });
    egui::CentralPanel::default().show(ui, |ui| gang_ui(ui, rules, state, commands));
}

/// The width of the gang list beside the editor.
const LIST_WIDTH: f32 = 300.0;

/// The gang open in the editor, with the notices above it.
/// Below this height the gang editor scrolls as one page, its header with the models.
const ONE_PAGE_BELOW: f32 = 600.0;

fn gang_ui(ui: &mut Ui, rules: &Rules, state: &mut GangsState, commands: &mut Vec<GangCommand>) {
    // With a gang in the editor its notices have a line of their own under its buttons
    // ([`notice_slot`]): above them, "Roster printed to …" pushed the whole editor down.
    let editing = state.unavailable.is_none()
        && state.working.is_some()
        && state
            .selected
            .as_ref()
            .is_some_and(|id| state.entries.iter().find(|e| &e.id == id).is_none_or(|e| e.gang.is_ok()));
    if !editing {
        notice_ui(ui, state, commands);
    }
    if let Some(reason) = &state.unavailable {
        problem(ui, reason);
        return;
    }
    let Some(id) = state.selected.clone() else {
        ui.add_space(40.0);
        ui.label(RichText::new("Pick a gang on the left, or start a new one.").size(theme::HEADING));
        return;
    };
    if let Some(entry) = state.entries.iter().find(|e| e.id == id)
        && let Err(reason) = &entry.gang
    {
        damaged_ui(ui, entry, reason, commands);
        return;
    }
    if state.working.is_some() {
        // On a desktop the name, budget and problems stay in view above the models; on a
        // phone (narrow, or on its side) they would leave the models a sliver, so the whole
        // editor scrolls as one page.
        let one_page = ui.available_width() < theme::NARROW || ui.available_height() < ONE_PAGE_BELOW;
        if !one_page {
            editor_ui(ui, rules, state, &id, commands);
        }
        // Each gang opens at its top (a new gang with its boss button in view).
        ScrollArea::vertical().id_salt(("gang-editor", &id)).auto_shrink(false).show(ui, |ui| {
            if one_page {
                editor_ui(ui, rules, state, &id, commands);
            }
            editor_body_ui(ui, rules, state);
        });
    }
}

fn notice_ui(ui: &mut Ui, state: &mut GangsState, commands: &mut Vec<GangCommand>) {
    let v = ui.visuals().clone();
    if let Some((_, name)) = state.deleted.clone() {
        row(ui, |ui| {
            ui.label(RichText::new(format!("Deleted \"{name}\".")).strong());
            if ui.button(format!("Undo delete of {name}")).clicked() {
                commands.push(GangCommand::UndoDelete);
            }
        });
    }
    if let Some(notice) = state.notice.clone() {
        row(ui, |ui| {
            let colour = if notice.error { theme::bad(&v) } else { theme::good(&v) };
            ui.label(RichText::new(&notice.text).color(colour).strong());
            if let Some(path) = &notice.path
                && ui.button("Open").on_hover_text(path.display().to_string()).clicked()
            {
                commands.push(GangCommand::Open(path.clone()));
            }
            if ui.button("Dismiss").clicked() {
                state.notice = None;
            }
        });
    }
}

/// The gang editor's notice ("Roster printed to …", a file that was not saved) or, without
/// one, the Undo of the last delete, in one line of fixed height under the editor's buttons,
/// cut short to the window (whole on hover), so nothing moves as it comes and goes.
fn notice_slot(
    ui: &mut Ui,
    notice: &mut Option<Notice>,
    deleted: Option<&(String, String)>,
    commands: &mut Vec<GangCommand>,
) {
    let v = ui.visuals().clone();
    let size = egui::vec2(ui.available_width(), ui.spacing().interact_size.y + theme::GAP);
    let layout = egui::Layout::left_to_right(egui::Align::Center);
    ui.allocate_ui_with_layout(size, layout, |ui| {
        ui.set_min_size(size);
        // The buttons keep their room at the right of the words.
        let words = (size.x - 170.0).max(80.0);
        if let Some(shown) = notice.clone() {
            let colour = if shown.error { theme::bad(&v) } else { theme::good(&v) };
            ui.scope(|ui| {
                ui.set_max_width(words);
                ui.add(egui::Label::new(RichText::new(&shown.text).color(colour).strong()).truncate());
            });
            if let Some(path) = &shown.path
                && ui.button("Open").on_hover_text(path.display().to_string()).clicked()
            {
                commands.push(GangCommand::Open(path.clone()));
            }
            if ui.button("Dismiss").clicked() {
                *notice = None;
            }
        } else if let Some((_, name)) = deleted {
            ui.scope(|ui| {
                ui.set_max_width(words);
                ui.add(egui::Label::new(RichText::new(format!("Deleted \"{name}\".")).strong()).truncate());
            });
            if ui.button(format!("Undo delete of {name}")).clicked() {
                commands.push(GangCommand::UndoDelete);
            }
        }
    });
}

fn badge(ui: &mut Ui, report: Option<&GangReport>) {
    let v = ui.visuals().clone();
    let (text, colour) = match report {
        Some(r) if r.valid => ("Legal".to_owned(), theme::good(&v)),
        Some(r) => (gang_problems_label(r.problems.len()), theme::bad(&v)),
        None => ("Unknown gang".to_owned(), theme::bad(&v)),
    };
    ui.label(RichText::new(text).color(colour).strong());
}

fn gang_problems_label(n: usize) -> String {
    crate::systems::dmh::rules::count(n, "problem", "problems")
}

fn list_ui(ui: &mut Ui, rules: &Rules, state: &mut GangsState, commands: &mut Vec<GangCommand>) {
    let v = ui.visuals().clone();
    ui.add_space(theme::GAP);
    ui.label(theme::heading(&v, "Your gangs"));
    if state.new_type.is_empty() {
        state.new_type = rules.gangs.first().map(|g| g.id.clone()).unwrap_or_default();
    }
    row(ui, |ui| {
        egui::ComboBox::from_id_salt("new-gang-type")
            .selected_text(rules.gang(&state.new_type).map_or("?".to_owned(), gang_label))
            .show_ui(ui, |ui| {
                for g in &rules.gangs {
                    ui.selectable_value(&mut state.new_type, g.id.clone(), gang_label(g));
                }
            })
            .response
            .accessible_name("Type of the new gang");
        if ui.button("New gang").clicked() {
            commands.push(GangCommand::New { gang: state.new_type.clone() });
        }
    });
    if ui.button("Import…").on_hover_text("Read a gang file (or drop one on the window)").clicked() {
        commands.push(GangCommand::Import);
    }
    ui.separator();
    ScrollArea::vertical().auto_shrink(false).show(ui, |ui| {
        if state.entries.is_empty() {
            ui.label(RichText::new("No gangs yet.").color(theme::muted(&v)));
        }
        for entry in &state.entries {
            let selected = state.selected.as_deref() == Some(entry.id.as_str());
            ui.push_id(&entry.id, |ui| {
                let response = if let Ok(file) = &entry.gang {
                    let report = gang::validate_file(rules, file, None).ok();
                    let symbol = rules.gang(&file.gang).map_or('?', |g| g.suit.symbol());
                    let name = if file.name.trim().is_empty() { "(unnamed)" } else { file.name.as_str() };
                    let detail = report.as_ref().map_or_else(
                        || format!("'{}' is not a gang type", file.gang),
                        |r| format!("{} of {} Rep · {} models", r.rep, r.rep_limit, r.models),
                    );
                    let response = ui
                        .add(egui::Button::selectable(
                            selected,
                            RichText::new(format!("{symbol} {name}")).strong(),
                        ))
                        .accessible_name(format!("Gang {name}"));
                    let (status, colour) = match &report {
                        Some(r) if r.valid => ("legal".to_owned(), theme::good(&v)),
                        Some(r) => {
                            (gang_problems_label(r.problems.len()).replace(' ', "\u{a0}"), theme::bad(&v))
                        }
                        None => ("unknown gang".to_owned(), theme::bad(&v)),
                    };
                    ui.label(RichText::new(format!("{detail} · {status}")).small().color(colour));
                    response
                } else {
                    let response = ui.add(egui::Button::selectable(
                        selected,
                        RichText::new(format!("Damaged: {}.json", entry.id)).color(theme::bad(&v)),
                    ));
                    ui.label(
                        RichText::new("Cannot be read; left untouched.").small().color(theme::muted(&v)),
                    );
                    response
                };
                if response.clicked() && !selected {
                    commands.push(GangCommand::Select(entry.id.clone()));
                }
                ui.add_space(4.0);
            });
        }
    });
}

fn gang_label(g: &Gang) -> String {
    format!("{} {}", g.suit.symbol(), g.name)
}

fn damaged_ui(ui: &mut Ui, entry: &GangEntry, reason: &str, commands: &mut Vec<GangCommand>) {
    let v = ui.visuals().clone();
    ui.label(theme::heading(&v, format!("{}.json cannot be read", entry.id)));
    problem(ui, reason);
    ui.label(
        "Posse leaves this file exactly as it is. Fix it in a text editor, or move it out of the gangs folder.",
    );
    if crate::app::files::CAN_OPEN
        && ui.button("Open the gangs folder").clicked()
        && let Some(dir) = entry.path.parent()
    {
        commands.push(GangCommand::Open(dir.to_owned()));
    }
}

fn editor_ui(ui: &mut Ui, rules: &Rules, state: &mut GangsState, id: &str, commands: &mut Vec<GangCommand>) {
    let v = ui.visuals().clone();
    let presets = gang::rep_presets(rules);
    let Some(file) = state.working.as_mut() else { return };
    let Some(gang) = rules.gang(&file.gang) else {
        problem(ui, &format!("This file's gang type '{}' is not one Posse knows.", file.gang));
        notice_slot(ui, &mut state.notice, state.deleted.as_ref(), commands);
        return;
    };

    row(ui, |ui| {
        ui.label(
            RichText::new(gang.suit.symbol().to_string())
                .size(theme::BIG)
                .color(theme::suit_ink_on(&v, gang.suit)),
        );
        ui.vertical(|ui| {
            // Once the name is typed and its field left, the file is named after it.
            if widgets::text_field(ui, "Gang name", &mut file.name, 320.0).lost_focus() {
                commands.push(GangCommand::Renamed);
            }
            ui.label(
                RichText::new(format!("{} · usually the {}", gang.name, gang.role.title().to_lowercase()))
                    .color(theme::muted(&v)),
            );
        });
    });
    row(ui, |ui| {
        let label = widgets::row_label(ui, "Built for");
        let current = presets
            .iter()
            .find(|p| p.scene == file.scene && p.role == file.role && p.rep == file.limit())
            .map_or_else(|| format!("Custom ({} Rep)", file.limit()), |p| p.label.clone());
        egui::ComboBox::from_id_salt("rep-preset")
            .selected_text(current)
            .width(380.0)
            .height(520.0)
            .show_ui(ui, |ui| {
                for preset in &presets {
                    if ui.selectable_label(false, &preset.label).clicked() {
                        apply_preset(file, preset);
                    }
                }
            })
            .response
            .labelled_by(label.id);
    });
    let mut limit = file.limit();
    stepper(ui, "Rep limit", &mut limit, 1, 60);
    if limit != file.limit() {
        file.rep_limit = Some(limit);
    }

    row(ui, |ui| {
        if ui.button("Duplicate").clicked() {
            commands.push(GangCommand::Duplicate(id.to_owned()));
        }
        if ui.button("Export…").on_hover_text("Save a copy of the gang file anywhere").clicked() {
            commands.push(GangCommand::Export(id.to_owned()));
        }
        ui.separator();
        ui.selectable_value(&mut state.paper, Paper::A4, "A4");
        ui.selectable_value(&mut state.paper, Paper::Letter, "Letter");
        if ui.button("Print roster").on_hover_text("A one-page PDF for the table").clicked() {
            commands.push(GangCommand::Print(id.to_owned(), state.paper));
        }
        ui.separator();
        if ui.button("Delete gang").on_hover_text("You can undo this").clicked() {
            commands.push(GangCommand::Delete(id.to_owned()));
        }
    });
    notice_slot(ui, &mut state.notice, state.deleted.as_ref(), commands);

    if let Ok(r) = gang::validate_file(rules, file, None) {
        summary_ui(ui, gang, &r);
    }
    ui.add_space(theme::GAP);
}

/// The profiles to add, the models and the abilities, below the always-visible summary.
fn editor_body_ui(ui: &mut Ui, rules: &Rules, state: &mut GangsState) {
    let Some(file) = state.working.as_mut() else { return };
    let Some(gang) = rules.gang(&file.gang) else { return };
    let report = gang::validate_file(rules, file, None).ok();
    // The Add buttons come first and stay where they are: the list they grow is below them.
    add_model_ui(ui, gang, file);
    ui.add_space(theme::GAP);
    models_ui(ui, gang, file, report.as_ref(), &mut state.name_roll);
    ui.add_space(theme::GAP);
    abilities_ui(ui, rules, gang, file);
}

fn apply_preset(file: &mut GangFile, preset: &RepPreset) {
    file.rep_limit = (preset.rep != gang::STANDARD_REP || preset.scene.is_some()).then_some(preset.rep);
    file.scene.clone_from(&preset.scene);
    file.role = preset.role;
}

/// The lines the problem list keeps room for; more scroll within it.
const PROBLEM_LINES: f32 = 3.0;

fn summary_ui(ui: &mut Ui, gang: &Gang, r: &GangReport) {
    let v = ui.visuals().clone();
    egui::Frame::group(ui.style()).inner_margin(10).show(ui, |ui| {
        row(ui, |ui| {
            let over = r.rep > r.rep_limit;
            let colour = if over { theme::bad(&v) } else { theme::accent(&v) };
            ui.label(
                RichText::new(format!("Rep {} / {}", r.rep, r.rep_limit))
                    .size(theme::BIG - 8.0)
                    .strong()
                    .color(colour),
            );
            #[expect(clippy::cast_precision_loss, reason = "small counts")]
            let share = if r.rep_limit == 0 { 1.0 } else { (r.rep as f32 / r.rep_limit as f32).min(1.0) };
            ui.add(egui::ProgressBar::new(share).desired_width(180.0).fill(colour))
                .accessible_name(format!("Rep used {} of {}", r.rep, r.rep_limit));
            ui.separator();
            ui.label(RichText::new(format!("{} models", r.models)).size(theme::HEADING).strong());
            ui.separator();
            let need = if gang.pistol_half {
                format!("need {}", r.models.div_ceil(2))
            } else {
                format!("{} are exempt", gang.name)
            };
            ui.label(RichText::new(format!("Pistol alone: {} ({need})", r.pistol_only)).size(theme::HEADING));
            ui.separator();
            badge(ui, Some(r));
        });
        // The problems keep a fixed height, so the rows below never move under the pointer
        // when one appears or goes.
        let line = ui.text_style_height(&egui::TextStyle::Body) + ui.spacing().item_spacing.y;
        let height = line * PROBLEM_LINES;
        ScrollArea::vertical()
            .id_salt("gang-problems")
            .max_height(height)
            .min_scrolled_height(height)
            .auto_shrink([false, false])
            .show(ui, |ui| {
                ui.set_min_height(height);
                if r.problems.is_empty() {
                    ui.label(
                        RichText::new("No problems: this gang keeps every rule.").color(theme::good(&v)),
                    );
                }
                for p in &r.problems {
                    ui.label(RichText::new(format!("• {}", p.message)).color(theme::bad(&v)));
                }
            });
    });
}

fn stats(p: &Profile) -> String {
    let signed = |n: i32| if n > 0 { format!("+{n}") } else { n.to_string() };
    format!(
        "Rep {} · Hits {} · Nerve {}+ · Shoot {} · HtH {}",
        p.rep,
        p.hits,
        p.nerve,
        signed(p.shoot),
        signed(p.hth)
    )
}

fn models_ui(
    ui: &mut Ui,
    gang: &Gang,
    file: &mut GangFile,
    report: Option<&GangReport>,
    name_roll: &mut u64,
) {
    let v = ui.visuals().clone();
    ui.label(theme::heading(&v, format!("Models ({})", file.models.len())));
    let flagged: Vec<usize> =
        report.map(|r| r.problems.iter().flat_map(|p| p.models.clone()).collect()).unwrap_or_default();
    let mut remove = None;
    let mut up = None;
    for (i, model) in file.models.iter_mut().enumerate() {
        let n = i + 1;
        let stroke =
            if flagged.contains(&i) { theme::bad(&v) } else { v.widgets.noninteractive.bg_stroke.color };
        ui.push_id(("model", i), |ui| {
            egui::Frame::group(ui.style()).stroke(egui::Stroke::new(1.0, stroke)).inner_margin(8).show(
                ui,
                |ui| {
                    ui.set_width(ui.available_width());
                    row(ui, |ui| {
                        ui.label(RichText::new(format!("{n}.")).strong());
                        let field = ui
                            .add(
                                egui::TextEdit::singleline(&mut model.name)
                                    .char_limit(crate::systems::dmh::rules::gang::MAX_TEXT)
                                    .desired_width(180.0),
                            )
                            .accessible_name(format!("Model {n} name"));
                        widgets::keep_in_view(&field);
                        if ui.button("Random name").on_hover_text("A random Western name").clicked() {
                            *name_roll += 1;
                            model.name = super::names::western_name(*name_roll ^ (i as u64) << 32);
                        }
                        match gang.profile(&model.profile) {
                            Some(p) => {
                                ui.label(RichText::new(&p.name).strong());
                            }
                            None => {
                                ui.label(
                                    RichText::new(format!("Unknown profile '{}'", model.profile))
                                        .color(theme::bad(&v)),
                                );
                            }
                        }
                        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                            if ui.button("Remove").on_hover_text(format!("Remove model {n}")).clicked() {
                                remove = Some(i);
                            }
                            if i > 0 && ui.button("Up").on_hover_text("Move up").clicked() {
                                up = Some(i);
                            }
                        });
                    });
                    if let Some(p) = gang.profile(&model.profile) {
                        ui.label(RichText::new(stats(p)).color(theme::muted(&v)));
                        weapons_ui(ui, p, model, n);
                    }
                },
            );
        });
    }
    if let Some(i) = remove {
        file.models.remove(i);
    }
    if let Some(i) = up {
        file.models.swap(i, i - 1);
    }
}

fn weapons_ui(ui: &mut Ui, profile: &Profile, model: &mut ModelEntry, n: usize) {
    ui.horizontal_wrapped(|ui| {
        widgets::row_label(ui, "Weapons");
        for weapon in &profile.weapons {
            let mut has = model.weapons.contains(weapon);
            let label = capitalise(weapon);
            if ui.checkbox(&mut has, &label).accessible_name(format!("Model {n} {weapon}")).changed() {
                if has {
                    model.weapons.push(weapon.clone());
                } else {
                    model.weapons.retain(|w| w != weapon);
                }
            }
            if profile.max_copies(weapon) > 1 && has {
                let mut second = model.weapons.iter().filter(|w| *w == weapon).count() > 1;
                if ui
                    .checkbox(&mut second, format!("Second {weapon}"))
                    .accessible_name(format!("Model {n} second {weapon}"))
                    .changed()
                {
                    if second {
                        model.weapons.push(weapon.clone());
                    } else if let Some(pos) = model.weapons.iter().rposition(|w| w == weapon) {
                        model.weapons.remove(pos);
                    }
                }
            }
        }
        ui.label(RichText::new(&profile.weapons_text).small().color(theme::muted(ui.visuals())));
    });
}

fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |c| c.to_uppercase().collect::<String>() + chars.as_str())
}

fn add_model_ui(ui: &mut Ui, gang: &Gang, file: &mut GangFile) {
    let v = ui.visuals().clone();
    ui.label(theme::heading(&v, "Add a model"));
    let mut add = None;
    // A row per profile on a desktop; on a narrow screen the button with its numbers under it.
    let narrow = ui.available_width() < theme::NARROW;
    let mut profile_row = |ui: &mut Ui, profile: &'_ crate::systems::dmh::rules::data::Profile| {
        let have =
            u32::try_from(file.models.iter().filter(|m| m.profile == profile.id).count()).unwrap_or(u32::MAX);
        let left = profile.count.max.map(|max| max.saturating_sub(have));
        let full = left == Some(0);
        let button = ui.add_enabled(!full, egui::Button::new(format!("Add {}", profile.name)));
        if button.clicked() {
            add = Some(profile.clone());
        }
        let allowance = match left {
            Some(0) => format!("{} ({}): none left", profile.count, profile.class.title()),
            Some(n) => format!("{} ({}): {n} more allowed", profile.count, profile.class.title()),
            None => format!("{} ({}): no upper limit", profile.count, profile.class.title()),
        };
        let colour = if full { theme::muted(&v) } else { ui.visuals().text_color() };
        if narrow {
            ui.label(RichText::new(format!("{} · {allowance}", stats(profile))).color(colour));
            ui.add_space(4.0);
        } else {
            ui.label(stats(profile));
            ui.label(RichText::new(allowance).color(colour));
            ui.end_row();
        }
    };
    if narrow {
        for profile in &gang.profiles {
            profile_row(ui, profile);
        }
    } else {
        egui::Grid::new("add-model").num_columns(3).spacing([16.0, 8.0]).show(ui, |ui| {
            for profile in &gang.profiles {
                profile_row(ui, profile);
            }
        });
    }
    if let Some(profile) = add {
        file.add_model(&profile);
    }
}

fn abilities_ui(ui: &mut Ui, rules: &Rules, gang: &Gang, file: &GangFile) {
    let v = ui.visuals().clone();
    ui.label(theme::heading(&v, format!("{} abilities", gang.name)));
    if let Some(scene) = file.scene.as_deref().and_then(|id| rules.scene(id))
        && !scene.gang_abilities
    {
        ui.label(
            RichText::new(format!(
                "{} has no boss in its cast, so these abilities are off in that scene.",
                scene.title
            ))
            .color(theme::bad(&v)),
        );
    } else {
        ui.label(
            RichText::new("They work only in scenes whose cast includes the gang's boss.")
                .color(theme::muted(&v)),
        );
    }
    for ability in &gang.abilities {
        ui.add_space(4.0);
        ui.label(RichText::new(format!("{} · {}", ability.name, ability.frequency.label())).strong());
        ui.label(RichText::new(format!("When: {}", ability.when)).italics());
        ui.label(&ability.effect);
    }
    for [a, b] in &gang.exclusive {
        let name = |id: crate::systems::dmh::rules::data::AbilityId| {
            gang.ability(id).map_or(id.to_string(), |x| x.name.clone())
        };
        ui.label(
            RichText::new(format!("{} and {} may not both be used in the same turn.", name(*a), name(*b)))
                .strong(),
        );
    }
}
