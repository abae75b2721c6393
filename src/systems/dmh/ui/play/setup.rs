//! Starting a game: two saved gangs and a scene, the roles by the hierarchy of badness, the
//! scene's cast, the series' extra card, and the saved games to resume.

use egui::{RichText, Ui};

use super::{PlayCommand, PlayState, PlayView};
use crate::systems::dmh::files::{GangEntry, Outcome, Series};
use crate::systems::dmh::rules::Rules;
use crate::systems::dmh::rules::data::Role;
use crate::systems::dmh::rules::gang::{self, GangFile};
use crate::ui::table::{SavedAction, SavedWords, saved_games_ui};
use crate::ui::theme;
use crate::ui::widgets::{self, problem, row, toggle};

pub(super) fn new_game_ui(
    ui: &mut Ui,
    rules: &Rules,
    view: &PlayView<'_>,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    let gangs = view.gangs;
    let v = ui.visuals().clone();
    saved_ui(ui, view, commands);
    let readable: Vec<(&str, &GangFile)> =
        gangs.iter().filter_map(|e| e.gang.as_ref().ok().map(|g| (e.id.as_str(), g))).collect();
    let labels = gang_labels(&readable);
    let playable: Vec<&str> =
        readable.iter().filter(|(_, g)| !g.models.is_empty()).map(|(id, _)| *id).collect();
    if state.good.is_empty()
        && let [good, bad, ..] = playable[..]
    {
        good.clone_into(&mut state.good);
        bad.clone_into(&mut state.bad);
        // Propose the roles from the hierarchy of badness.
        let kind = |id: &str| {
            gangs
                .iter()
                .find(|e| e.id == id)
                .and_then(|e| e.gang.as_ref().ok())
                .and_then(|g| rules.gang(&g.gang))
        };
        if let (Some(a), Some(b)) = (kind(&state.good), kind(&state.bad))
            && !crate::systems::dmh::rules::cards::a_is_good(a, b)
        {
            std::mem::swap(&mut state.good, &mut state.bad);
        }
    }
    // What makes a legal pair is the rules' ([`gang::pairing_refusal`]): the screen greys
    // Start the game and says why in the roles' line, which is always there.
    let file = |id: &str| readable.iter().find(|(i, _)| *i == id).map(|(_, g)| *g);
    let refusal = match (file(&state.good), file(&state.bad)) {
        (Some(good), Some(bad)) => gang::pairing_refusal((&state.good, good), (&state.bad, bad)),
        _ => Some("Pick a gang for each side.".to_owned()),
    };
    // Start the game beside the heading, over the form: the scene's cast lines, its warnings
    // and the series' extra card come and go below as the scene and gangs are picked, and
    // moved it under the pointer.
    let start = row(ui, |ui| {
        ui.label(theme::heading(&v, "New game"));
        playable.len() >= 2
            && ui
                .add_enabled(
                    refusal.is_none(),
                    egui::Button::new(RichText::new("Start the game").size(theme::HEADING)),
                )
                .on_disabled_hover_text(refusal.as_deref().unwrap_or_default())
                .clicked()
    })
    .inner;
    if playable.len() < 2 {
        ui.label(
            "Build two gangs on the Gangs screen first, each with at least one model: one for each player.",
        );
        return;
    }
    // Every scene on the page, one button each (the one picked lit), wrapping to the width:
    // no small box to scroll through.
    ui.label(RichText::new("Scene").strong());
    ui.horizontal_wrapped(|ui| {
        let custom = "Custom game (full decks, 5 cards)";
        if ui.add(egui::Button::selectable(state.scene.is_none(), custom)).clicked() {
            state.scene = None;
        }
        for s in &rules.scenes {
            let picked = state.scene.as_deref() == Some(s.id.as_str());
            if ui.add(egui::Button::selectable(picked, &s.title)).clicked() {
                state.scene = Some(s.id.clone());
            }
        }
    });
    for (title, choice) in [("Good guys", &mut state.good), ("Bad guys", &mut state.bad)] {
        row(ui, |ui| {
            let label = widgets::row_label(ui, title);
            let current = readable
                .iter()
                .position(|(id, _)| *id == choice.as_str())
                .and_then(|i| labels.get(i))
                .map_or("?", String::as_str);
            egui::ComboBox::from_id_salt(("play-gang", title))
                .selected_text(current)
                .show_ui(ui, |ui| {
                    // A gang with no models is listed, greyed, so the player sees why it
                    // cannot be picked.
                    for ((id, g), name) in readable.iter().zip(&labels) {
                        ui.add_enabled_ui(!g.models.is_empty(), |ui| {
                            ui.selectable_value(choice, (*id).to_owned(), name)
                                .on_disabled_hover_text("No models yet: add some on the Gangs screen.");
                        });
                    }
                })
                .response
                .labelled_by(label.id);
        });
    }
    roles_hint(ui, rules, gangs, state, refusal.as_deref());
    cast_hint(ui, rules, gangs, state);
    let extra_card = series_ui(ui, rules, view.series, state);
    if start {
        commands.push(PlayCommand::Start {
            scene: state.scene.clone(),
            good: state.good.clone(),
            bad: state.bad.clone(),
            extra_card,
        });
    }
}

/// The saved games, first on the screen (Posse reopens where the players left), the finished
/// ones folded away.
fn saved_ui(ui: &mut Ui, view: &PlayView<'_>, commands: &mut Vec<PlayCommand>) {
    let words = SavedWords { heading: "Games to resume", plural: "games" };
    match saved_games_ui(ui, view.saved, view.last_deleted, words) {
        Some(SavedAction::Resume(id)) => commands.push(PlayCommand::Resume(id)),
        Some(SavedAction::Delete(id)) => commands.push(PlayCommand::Delete(id)),
        Some(SavedAction::UndoDelete) => commands.push(PlayCommand::UndoDelete),
        None => {}
    }
}

/// Proposes the roles from the hierarchy of badness when the picked gangs disagree with it,
/// with a button to swap them; when the pair cannot start a game, why, in the same line.
fn roles_hint(ui: &mut Ui, rules: &Rules, gangs: &[GangEntry], state: &mut PlayState, refusal: Option<&str>) {
    let gang = |id: &str| gangs.iter().find(|e| e.id == id).and_then(|e| e.gang.as_ref().ok());
    // The row is always there, so the buttons below never move under the pointer.
    row(ui, |ui| {
        if let Some(refusal) = refusal {
            problem(ui, refusal);
            return;
        }
        let (Some(good), Some(bad)) = (gang(&state.good), gang(&state.bad)) else { return };
        let types = rules.gang(&good.gang).zip(rules.gang(&bad.gang));
        let text = match types {
            Some((g, b)) if !crate::systems::dmh::rules::cards::a_is_good(g, b) => {
                format!("By the hierarchy of badness {} would be the bad guys.", good.name)
            }
            _ => "The roles follow the hierarchy of badness.".to_owned(),
        };
        ui.label(RichText::new(text).color(theme::muted(ui.visuals())));
        if ui.button("Swap sides").clicked() {
            std::mem::swap(&mut state.good, &mut state.bad);
        }
    });
}

/// Each readable gang's line in the drop-downs: its name, type and models, and its file's
/// name when another gang's line would read the same ("New Lawmen (lawmen) · 0 models" and
/// "New Lawmen (lawmen) · 7 models"; two copies of one gang by their files).
pub(super) fn gang_labels(readable: &[(&str, &GangFile)]) -> Vec<String> {
    let lines: Vec<String> = readable
        .iter()
        .map(|(_, g)| {
            format!(
                "{} ({}) · {}",
                g.name,
                g.gang,
                crate::systems::dmh::rules::count(g.models.len(), "model", "models")
            )
        })
        .collect();
    lines
        .iter()
        .zip(readable)
        .map(|(line, (id, _))| {
            if lines.iter().filter(|other| *other == line).count() > 1 {
                format!("{line} · {id}")
            } else {
                line.clone()
            }
        })
        .collect()
}

/// The scene's cast for each side, with a warning when a picked gang does not match it.
fn cast_hint(ui: &mut Ui, rules: &Rules, gangs: &[GangEntry], state: &PlayState) {
    let Some(scene) = state.scene.as_deref().and_then(|id| rules.scene(id)) else { return };
    let gang = |id: &str| gangs.iter().find(|e| e.id == id).and_then(|e| e.gang.as_ref().ok());
    for (role, id) in [(Role::Good, &state.good), (Role::Bad, &state.bad)] {
        let side = scene.sides.get(role);
        let who = if role == Role::Good { "Good guys" } else { "Bad guys" };
        ui.label(
            RichText::new(format!("{who}' cast: {}", side.cast)).small().color(theme::muted(ui.visuals())),
        );
        if let (Some(g), Some(n)) = (gang(id), side.models)
            && u32::try_from(g.models.len()).unwrap_or(u32::MAX) != n
        {
            problem(
                ui,
                &format!(
                    "{} has {}; this scene's {} are {}. Build a gang for it from the Scenes screen.",
                    g.name,
                    crate::systems::dmh::rules::count(g.models.len(), "model", "models"),
                    who.to_lowercase(),
                    crate::systems::dmh::rules::count(n, "model", "models"),
                ),
            );
        }
    }
}

/// The series line for a scene whose storyline's previous scene has a result: who draws the
/// extra card. Returns that side unless the players play the scene on its own.
fn series_ui(ui: &mut Ui, rules: &Rules, series: &Series, state: &mut PlayState) -> Option<Role> {
    let scene = state.scene.as_deref().and_then(|id| rules.scene(id))?;
    let previous = crate::systems::dmh::print::checklist::previous_scene(rules, scene)?;
    let winner = match series.results.get(&previous.id)? {
        Outcome::Good => Role::Good,
        Outcome::Bad => Role::Bad,
        Outcome::Draw => {
            ui.label(format!("{} ended in a draw: nobody draws an extra card.", previous.title));
            return None;
        }
    };
    let who = if winner == Role::Good { "good guys" } else { "bad guys" };
    let mut in_series = !state.standalone;
    toggle(
        ui,
        &mut in_series,
        &format!("Part of the series: the {who} won {} and draw 1 extra card", previous.title),
    );
    state.standalone = !in_series;
    in_series.then_some(winner)
}
