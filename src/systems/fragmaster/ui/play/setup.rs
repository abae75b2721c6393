//! The new game's form: the players (and in a two-player game, teams of characters), the frag
//! target, the respawn points and the rearm points with their weapons; and the saved games to
//! resume. Whether the set-up is legal is asked of the game (the first event, tried on an
//! empty game), which answers with the sentence shown under the form.

use egui::{RichText, Ui};

use super::{PlayCommand, PlayState, PlayView};
use crate::kernel::log::Rules as _;
use crate::systems::fragmaster::game::{Event, Fragmaster, PlayerSetup, Respawn, Setup, State, advice};
use crate::systems::fragmaster::rules::Rules;
use crate::systems::fragmaster::rules::data::WeaponId;
use crate::ui::table::{SavedAction, SavedWords, saved_games_ui};
use crate::ui::theme;
use crate::ui::widgets::{choice, problem, row, row_label, typed_stepper};

/// One player in the form.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayerDraft {
    pub name: String,
    /// The team's characters (used in a team game only).
    pub characters: Vec<String>,
}

/// The new game's form.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SetupDraft {
    pub players: Vec<PlayerDraft>,
    /// A two-player game where each player leads a team.
    pub teams: bool,
    pub target: u32,
    pub respawn_points: u8,
    /// The weapon at each rearm point, point 1 first.
    pub rearm: Vec<WeaponId>,
    /// When a killed character comes back: the book's next round unless the table chooses.
    pub respawn: Respawn,
}

impl SetupDraft {
    /// Four players, the book's target, six respawn points, no rearm points yet.
    #[must_use]
    pub fn new(rules: &Rules) -> SetupDraft {
        let players = (0..rules.game.players_ideal).map(|_| PlayerDraft::default()).collect();
        let points = rules.game.respawn_layouts.iter().map(|l| l.count).max().unwrap_or(6);
        SetupDraft {
            players,
            teams: false,
            target: rules.game.target,
            respawn_points: points,
            rearm: Vec::new(),
            respawn: Respawn::NextRound,
        }
    }

    /// The set-up as the first event: with several characters each, each player's characters,
    /// otherwise one character per player, named like the player.
    #[must_use]
    pub fn to_setup(&self) -> Setup {
        let teams = self.teams;
        Setup {
            players: self
                .players
                .iter()
                .map(|p| PlayerSetup {
                    name: p.name.trim().to_owned(),
                    characters: if teams {
                        p.characters.iter().map(|c| c.trim().to_owned()).collect()
                    } else {
                        vec![p.name.trim().to_owned()]
                    },
                })
                .collect(),
            target: self.target,
            respawn_points: self.respawn_points,
            rearm_points: self.rearm.clone(),
            respawn: self.respawn,
        }
    }
}

/// Draws the form and the saved games.
pub fn setup_ui(
    ui: &mut Ui,
    rules: &Rules,
    view: &PlayView<'_>,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    let v = ui.visuals().clone();
    egui::ScrollArea::vertical().id_salt("fm-setup").show(ui, |ui| {
        // Side by side on a desktop; the form, then the saved games, on a phone.
        crate::ui::widgets::side_by_side(ui, crate::ui::theme::NARROW, |ui, column| {
            if column == 0 {
                form_ui(ui, rules, view, state, commands);
                return;
            }
            if theme::is_narrow(ui.ctx()) {
                ui.separator();
            }
            ui.label(theme::heading(&v, "Saved games"));
            if view.saved.is_empty() {
                ui.label(RichText::new("None yet: a game is saved as it is played.").color(theme::muted(&v)));
            }
            let words = SavedWords { heading: "Games to resume", plural: "games" };
            match saved_games_ui(ui, view.saved, view.last_deleted, words) {
                Some(SavedAction::Resume(id)) => commands.push(PlayCommand::Resume(id)),
                Some(SavedAction::Delete(id)) => commands.push(PlayCommand::Delete(id)),
                Some(SavedAction::UndoDelete) => commands.push(PlayCommand::UndoDelete),
                None => {}
            }
        });
    });
}

fn form_ui(
    ui: &mut Ui,
    rules: &Rules,
    view: &PlayView<'_>,
    state: &mut PlayState,
    commands: &mut Vec<PlayCommand>,
) {
    let v = ui.visuals().clone();
    let g = &rules.game;
    let draft = &mut state.setup;
    ui.label(theme::heading(&v, "New game"));
    let team_game = draft.players.len() == g.team_players as usize;
    let mut remove = None;
    for (i, player) in draft.players.iter_mut().enumerate() {
        row(ui, |ui| {
            let label = row_label(ui, &format!("Player {}", i + 1));
            ui.add(egui::TextEdit::singleline(&mut player.name).desired_width(220.0).hint_text("name"))
                .labelled_by(label.id);
            if ui.button("Remove").accessible_name(format!("Remove player {}", i + 1)).clicked() {
                remove = Some(i);
            }
        });
        if draft.teams {
            if player.characters.len() < g.team_min as usize {
                player.characters.resize(g.team_min as usize, String::new());
            }
            let mut drop = None;
            for (k, character) in player.characters.iter_mut().enumerate() {
                row(ui, |ui| {
                    ui.add_space(24.0);
                    row_label(ui, &format!("Character {}", k + 1));
                    ui.add(egui::TextEdit::singleline(character).desired_width(196.0).hint_text("name"))
                        .accessible_name(format!("Player {} character {}", i + 1, k + 1));
                    if k >= 1
                        && ui
                            .button("Remove")
                            .accessible_name(format!("Remove player {} character {}", i + 1, k + 1))
                            .clicked()
                    {
                        drop = Some(k);
                    }
                });
            }
            if let Some(k) = drop {
                player.characters.remove(k);
            }
            if player.characters.len() < g.team_max as usize {
                row(ui, |ui| {
                    ui.add_space(24.0);
                    if ui.button(format!("Add a character for player {}", i + 1)).clicked() {
                        player.characters.push(String::new());
                    }
                });
            }
        }
    }
    if let Some(i) = remove {
        draft.players.remove(i);
    }
    if ui.button("Add a player").clicked() {
        draft.players.push(PlayerDraft::default());
    }
    let several = if team_game {
        format!("Teams: each player leads {} to {} characters", g.team_min, g.team_max)
    } else {
        "Each player leads several characters".to_owned()
    };
    ui.checkbox(&mut draft.teams, several);
    ui.add_space(theme::GAP);
    typed_stepper(ui, "Frag target", &mut draft.target, 1, 999);
    ui.label(
        RichText::new(format!("{} unless the players agree on another.", g.target)).color(theme::muted(&v)),
    );
    let layouts: Vec<(u8, String)> =
        g.respawn_layouts.iter().map(|l| (l.count, l.count.to_string())).collect();
    let options: Vec<(u8, &str)> = layouts.iter().map(|(n, s)| (*n, s.as_str())).collect();
    choice(ui, "Respawn points", &mut draft.respawn_points, &options, |_| true);
    let timings =
        [(Respawn::NextRound, "Next round (the book)"), (Respawn::NextTurn, "Next turn (house rule)")];
    choice(ui, "Respawn", &mut draft.respawn, &timings, |_| true);
    ui.label(
        RichText::new(match draft.respawn {
            Respawn::NextRound => "A character killed before its turn sits the rest of the round out.",
            Respawn::NextTurn => "A character killed before its turn comes back at that turn.",
        })
        .color(theme::muted(&v)),
    );
    ui.add_space(theme::GAP);
    rearm_ui(ui, rules, draft);
    ui.add_space(theme::GAP);
    let setup = draft.to_setup();
    let check = Fragmaster { rules }.apply(&mut State::default(), &Event::Setup(setup.clone()));
    let start = egui::Button::new(RichText::new("Start the game").size(theme::HEADING).strong());
    if ui.add_enabled(check.is_ok() && view.can_save, start).clicked() {
        commands.push(PlayCommand::Start(setup.clone()));
    }
    // Below Start, so what is said about the form never moves it.
    if let Err(e) = &check {
        problem(ui, &crate::ui::sentence(&e.to_string()));
    }
    if !view.can_save {
        problem(ui, "Games cannot be kept: there is no data folder.");
    }
    for advice in advice(rules, &setup) {
        ui.label(RichText::new(advice).color(theme::muted(&v)));
    }
}

fn rearm_ui(ui: &mut Ui, rules: &Rules, draft: &mut super::SetupDraft) {
    let v = ui.visuals().clone();
    ui.label(RichText::new("Rearm points").strong());
    if draft.rearm.is_empty() {
        ui.label(RichText::new("None: everyone keeps the assault rifle.").color(theme::muted(&v)));
    }
    let mut remove = None;
    for (i, weapon) in draft.rearm.iter_mut().enumerate() {
        row(ui, |ui| {
            let label = row_label(ui, &format!("Rearm point {}", i + 1));
            let shown = rules.weapon(weapon.as_str()).map_or_else(|| weapon.to_string(), |w| w.name.clone());
            egui::ComboBox::from_id_salt(("fm-rearm", i))
                .selected_text(shown)
                .show_ui(ui, |ui| {
                    for w in &rules.weapons {
                        ui.selectable_value(weapon, w.id.clone(), &w.name);
                    }
                })
                .response
                .labelled_by(label.id);
            if ui.button("Remove").accessible_name(format!("Remove rearm point {}", i + 1)).clicked() {
                remove = Some(i);
            }
        });
    }
    if let Some(i) = remove {
        draft.rearm.remove(i);
    }
    ui.horizontal_wrapped(|ui| {
        ui.label("Add a rearm point with:");
        for w in &rules.weapons {
            if ui
                .button(&w.name)
                .accessible_name(format!("Add a rearm point with the {}", w.lower_name()))
                .clicked()
            {
                draft.rearm.push(w.id.clone());
            }
        }
    });
}
