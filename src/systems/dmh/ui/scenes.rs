//! The Scenes screen: the four storylines and their twelve scenes, every field of a scene in a
//! readable layout, the set planner, printing, building gangs for a scene, and the results of
//! a storyline played as a series.

use egui::{RichText, ScrollArea, Ui};

use crate::print::Paper;
use crate::systems::dmh::files::{Outcome, Series};
use crate::systems::dmh::print::checklist::{next_scene, set_plan, set_rep, storyline_and_act, winner_text};
use crate::systems::dmh::rules::Rules;
use crate::systems::dmh::rules::data::{BigNerveRule, Role, Scene};
use crate::ui::theme;
use crate::ui::widgets::{self, row, stepper};

/// Something the Scenes screen asks the app to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SceneCommand {
    /// Print this scene's checklist into the prints folder.
    PrintChecklist(String, Paper),
    /// Print the quick-reference sheet into the prints folder.
    PrintReference(Paper),
    /// Start a gang of this type for one side of the scene, and open it in the Gangs screen.
    BuildGang { scene: String, role: Role, gang: String },
    /// Record (or clear) how the scene ended.
    Record(String, Option<Outcome>),
    /// Open a printed file with the system's program.
    Open(std::path::PathBuf),
}

/// Everything the Scenes screen remembers.
#[derive(Clone, Debug, PartialEq)]
pub struct ScenesState {
    pub selected: String,
    pub paper: Paper,
    /// The Rep the set planner plans for (follows the scene until the player changes it).
    pub planner_rep: u32,
    /// The gang type for each side's Build button.
    pub good_gang: String,
    pub bad_gang: String,
    pub series: Series,
    /// The results file could not be read: results are shown but not saved over it.
    pub series_locked: bool,
    pub notice: Option<super::gangs::Notice>,
}

impl Default for ScenesState {
    fn default() -> Self {
        ScenesState {
            selected: "the-stranger".into(),
            paper: Paper::A4,
            planner_rep: 21,
            good_gang: "lawmen".into(),
            bad_gang: "outlaws".into(),
            series: Series::default(),
            series_locked: false,
            notice: None,
        }
    }
}

/// Draws the Scenes screen and collects the commands it sends.
pub fn scenes_ui(ui: &mut Ui, rules: &Rules, state: &mut ScenesState, commands: &mut Vec<SceneCommand>) {
    // A phone or a tablet held upright: the scenes in a list to pick from above the scene.
    let narrow = ui.available_width() < LIST_WIDTH + 480.0;
    if !narrow {
        egui::Panel::left("storylines").resizable(false).exact_size(LIST_WIDTH).show(ui, |ui| {
            ScrollArea::vertical().auto_shrink(false).show(ui, |ui| list_ui(ui, rules, state));
        });
    }
    egui::CentralPanel::default().show(ui, |ui| {
        if narrow {
            picker_ui(ui, rules, state);
        }
        if let Some(notice) = state.notice.clone() {
            row(ui, |ui| {
                let v = ui.visuals().clone();
                let colour = if notice.error { theme::bad(&v) } else { theme::good(&v) };
                ui.label(RichText::new(&notice.text).color(colour).strong());
                if let Some(path) = &notice.path
                    && ui.button("Open").on_hover_text(path.display().to_string()).clicked()
                {
                    commands.push(SceneCommand::Open(path.clone()));
                }
                if ui.button("Dismiss").clicked() {
                    state.notice = None;
                }
            });
        }
        let Some(scene) = rules.scene(&state.selected) else {
            ui.label("Pick a scene on the left.");
            return;
        };
        actions_ui(ui, rules, scene, state, commands);
        ui.separator();
        ScrollArea::vertical().auto_shrink(false).show(ui, |ui| {
            scene_ui(ui, rules, scene, state);
        });
    });
}

/// The width of the storyline list beside the scene.
const LIST_WIDTH: f32 = 280.0;

/// Every scene in one drop-down list, by storyline, with its recorded result.
fn picker_ui(ui: &mut Ui, rules: &Rules, state: &mut ScenesState) {
    let title = |id: &str| rules.scene(id).map_or_else(|| id.to_owned(), |s| s.title.clone());
    row(ui, |ui| {
        let label = ui.label(RichText::new("Scene").strong());
        // As tall as the page allows, not a small box to scroll.
        let tall = ui.ctx().content_rect().height() * 0.85;
        egui::ComboBox::from_id_salt("scene-picker")
            .selected_text(title(&state.selected))
            .height(tall)
            .width(ui.available_width() - 8.0)
            .height(600.0)
            .show_ui(ui, |ui| list_ui(ui, rules, state))
            .response
            .labelled_by(label.id);
    });
}

fn list_ui(ui: &mut Ui, rules: &Rules, state: &mut ScenesState) {
    let v = ui.visuals().clone();
    for line in &rules.storylines {
        ui.add_space(theme::GAP);
        ui.label(theme::heading(&v, &line.title));
        for (k, id) in line.scenes.iter().enumerate() {
            let Some(scene) = rules.scene(id) else { continue };
            let selected = state.selected == *id;
            let response = ui.add(egui::Button::selectable(selected, format!("{}. {}", k + 1, scene.title)));
            if response.clicked() && !selected {
                state.selected.clone_from(id);
                state.planner_rep = set_rep(rules, scene).unwrap_or(state.planner_rep);
            }
            if let Some(outcome) = state.series.results.get(id) {
                ui.label(RichText::new(format!("   {}", outcome.label())).small().color(theme::muted(&v)));
            }
        }
    }
}

fn actions_ui(
    ui: &mut Ui,
    rules: &Rules,
    scene: &Scene,
    state: &mut ScenesState,
    commands: &mut Vec<SceneCommand>,
) {
    row(ui, |ui| {
        ui.label(RichText::new(&scene.title).size(theme::BIG - 8.0).strong());
        ui.add_space(theme::GAP);
        ui.selectable_value(&mut state.paper, Paper::A4, "A4");
        ui.selectable_value(&mut state.paper, Paper::Letter, "Letter");
        if ui.button("Print checklist").on_hover_text("One page for the table, with the set plan").clicked() {
            commands.push(SceneCommand::PrintChecklist(scene.id.clone(), state.paper));
        }
        if ui
            .button("Print quick reference")
            .on_hover_text("Two pages: every table and all 27 cards")
            .clicked()
        {
            commands.push(SceneCommand::PrintReference(state.paper));
        }
    });
    for role in [Role::Good, Role::Bad] {
        let side = scene.sides.get(role);
        let Some(rep) = side.rep else { continue };
        row(ui, |ui| {
            let choice = match role {
                Role::Good => &mut state.good_gang,
                Role::Bad => &mut state.bad_gang,
            };
            egui::ComboBox::from_id_salt(("build-type", role.id()))
                .selected_text(
                    rules.gang(choice).map_or("?".into(), |g| format!("{} {}", g.suit.symbol(), g.name)),
                )
                .show_ui(ui, |ui| {
                    for g in &rules.gangs {
                        ui.selectable_value(choice, g.id.clone(), format!("{} {}", g.suit.symbol(), g.name));
                    }
                })
                .response
                .accessible_name(format!("Gang type for the {}", role.title().to_lowercase()));
            let label = format!("Build {} gang", role.title().to_lowercase().replace("guys", "guys'"));
            if ui.button(&label).on_hover_text(format!("{} Rep", rep + side.off_table_rep)).clicked() {
                commands.push(SceneCommand::BuildGang {
                    scene: scene.id.clone(),
                    role,
                    gang: choice.clone(),
                });
            }
        });
    }
    row(ui, |ui| {
        widgets::row_label(ui, "Result");
        let current = state.series.results.get(&scene.id).copied();
        for (outcome, text) in
            [(Outcome::Good, "Good guys won"), (Outcome::Bad, "Bad guys won"), (Outcome::Draw, "Draw")]
        {
            if ui.add(egui::Button::selectable(current == Some(outcome), text)).clicked() {
                commands.push(SceneCommand::Record(scene.id.clone(), Some(outcome)));
            }
        }
        if current.is_some() && ui.button("Clear result").clicked() {
            commands.push(SceneCommand::Record(scene.id.clone(), None));
        }
    });
}

fn bullets(ui: &mut Ui, title: &str, items: &[String]) {
    if items.is_empty() {
        return;
    }
    let v = ui.visuals().clone();
    ui.add_space(6.0);
    ui.label(theme::heading(&v, title));
    for item in items {
        ui.label(format!("• {item}"));
    }
}

fn scene_ui(ui: &mut Ui, rules: &Rules, scene: &Scene, state: &mut ScenesState) {
    let v = ui.visuals().clone();
    let (storyline, act) = storyline_and_act(rules, scene);
    ui.label(RichText::new(format!("{storyline} · {act}")).color(theme::muted(&v)));
    ui.label(RichText::new(&scene.story_so_far).italics());
    carry_over_ui(ui, rules, scene, &state.series);

    ui.add_space(6.0);
    ui.label(theme::heading(&v, "The cast and Action!"));
    egui::Grid::new("sides").num_columns(2).spacing([24.0, 6.0]).striped(true).show(ui, |ui| {
        for role in [Role::Good, Role::Bad] {
            let side = scene.sides.get(role);
            ui.label(RichText::new(role.title()).strong());
            ui.vertical(|ui| {
                let rep = match (side.rep, side.off_table_rep) {
                    (Some(r), 0) => format!("{r} Rep"),
                    (Some(r), off) => format!("{r} Rep + {off} off the table"),
                    (None, _) => "no Rep budget".into(),
                };
                ui.label(format!("{} · {rep}", side.cast));
                ui.label(
                    RichText::new(format!(
                        "{} deck · {} in hand · {}",
                        side.deck.id(),
                        crate::systems::dmh::rules::count(side.hand, "card", "cards"),
                        if side.reshuffle { "reshuffles" } else { "never reshuffles" }
                    ))
                    .strong(),
                );
                for p in &side.placement {
                    ui.label(format!("Placement: {p}"));
                }
                for f in &side.first_turn {
                    ui.label(format!("First turn: {f}"));
                }
            });
            ui.end_row();
        }
    });
    bullets(ui, "The set", &scene.set.steps);
    planner_ui(ui, rules, state);
    bullets(ui, "Directions", &scene.directions);
    bullets(ui, "First turn", &scene.first_turn);
    let mut special = scene.special_rules.clone();
    match scene.big_nerve {
        BigNerveRule::Normal => {}
        BigNerveRule::None => special.push("No Big Nerve tests in this scene.".into()),
        BigNerveRule::IgnoreFirst => special.push("Each side ignores its first Big Nerve test.".into()),
    }
    if !scene.gang_abilities {
        special.push("No boss in the cast: gang abilities are off.".into());
    }
    bullets(ui, "Special rules", &special);
    ui.add_space(6.0);
    ui.label(theme::heading(&v, "The end"));
    for end in &scene.end {
        ui.horizontal_wrapped(|ui| {
            ui.label(format!("• {}", end.condition));
            ui.label(
                RichText::new(format!("→ {}", winner_text(end.winner))).strong().color(theme::accent(&v)),
            );
        });
    }
    if !scene.readings.is_empty() {
        ui.add_space(6.0);
        ui.label(
            RichText::new(format!("Rule readings followed: {}", scene.readings.join(", ")))
                .small()
                .color(theme::muted(&v)),
        );
    }
}

fn carry_over_ui(ui: &mut Ui, rules: &Rules, scene: &Scene, series: &Series) {
    let v = ui.visuals().clone();
    let previous = crate::systems::dmh::print::checklist::previous_scene(rules, scene);
    if let Some(prev) = previous {
        let text = match series.results.get(&prev.id) {
            Some(Outcome::Good) => format!(
                "In your series the good guys won {}: they draw 1 extra card for their hand.",
                prev.title
            ),
            Some(Outcome::Bad) => format!(
                "In your series the bad guys won {}: they draw 1 extra card for their hand.",
                prev.title
            ),
            Some(Outcome::Draw) => format!("{} ended in a draw: nobody draws an extra card.", prev.title),
            None => format!(
                "Played as a series: record how {} ended to see who draws the extra card.",
                prev.title
            ),
        };
        ui.label(RichText::new(text).strong().color(theme::accent(&v)));
    }
    bullets(ui, "If played as a series", &scene.carry_over);
    if let Some(next) = next_scene(rules, scene) {
        ui.label(RichText::new(format!("Next in the storyline: {}", next.title)).color(theme::muted(&v)));
    }
}

fn planner_ui(ui: &mut Ui, rules: &Rules, state: &mut ScenesState) {
    let v = ui.visuals().clone();
    ui.add_space(6.0);
    ui.label(theme::heading(&v, "Set planner"));
    stepper(ui, "Plan for Rep", &mut state.planner_rep, 1, 60);
    for line in set_plan(rules, state.planner_rep) {
        ui.label(format!("☐ {line}"));
    }
    ui.label(
        RichText::new("The checklist prints this plan for the Rep of the storyline's final scene: the set stays for all three scenes.")
            .small()
            .color(theme::muted(&v)),
    );
}
