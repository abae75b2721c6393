//! The eframe application: window set-up, the top bar and the current screen.

use std::process::ExitCode;

use egui::RichText;

use crate::rules::{Rules, embedded};
use crate::ui::reference::{self, ReferenceState};
use crate::ui::theme;

/// The desktop app's state.
pub struct PosseApp {
    rules: &'static Rules,
    /// The Reference screen's calculators and card list.
    pub reference: ReferenceState,
    /// Frames drawn so far when measuring start-up (`POSSE_STARTUP_PROBE=1`).
    startup_probe: Option<u32>,
}

impl PosseApp {
    /// Sets up fonts and style and creates the app.
    #[must_use]
    pub fn new(cc: &eframe::CreationContext<'_>, rules: &'static Rules) -> PosseApp {
        theme::install(&cc.egui_ctx);
        let startup_probe = std::env::var_os("POSSE_STARTUP_PROBE").map(|_| 0);
        PosseApp { rules, reference: ReferenceState::default(), startup_probe }
    }

    /// For `scripts/bench-startup.py`: once the first frame has been shown (that is, when the
    /// second one starts), print `first-frame` and close the window.
    fn probe_startup(&mut self, ctx: &egui::Context) {
        let Some(frames) = self.startup_probe.as_mut() else { return };
        *frames += 1;
        if *frames == 1 {
            ctx.request_repaint();
        } else {
            println!("first-frame");
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            self.startup_probe = None;
        }
    }

    /// The rules the app runs on.
    #[must_use]
    pub fn rules(&self) -> &'static Rules {
        self.rules
    }
}

impl eframe::App for PosseApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        egui::Panel::top("top-bar").show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.label(
                    RichText::new("Posse")
                        .size(theme::HEADING + 6.0)
                        .strong()
                        .color(theme::accent(ui.visuals())),
                );
                ui.label(RichText::new("Dead Man's Hand · Reference").size(theme::HEADING));
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    theme_buttons(ui);
                });
            });
        });
        reference::reference_ui(ui, self.rules, &mut self.reference);
        self.probe_startup(ui.ctx());
    }
}

/// Light, dark or the system's theme, as text buttons (egui's own use emoji glyphs).
fn theme_buttons(ui: &mut egui::Ui) {
    let current = ui.ctx().options(|o| o.theme_preference);
    for (preference, name) in [
        (egui::ThemePreference::Dark, "Dark"),
        (egui::ThemePreference::Light, "Light"),
        (egui::ThemePreference::System, "System"),
    ] {
        if ui
            .add(egui::Button::selectable(current == preference, name))
            .on_hover_text(format!("{name} theme"))
            .clicked()
        {
            ui.ctx().set_theme(preference);
        }
    }
}

/// Opens the app window; returns when it is closed.
#[must_use]
pub fn run() -> ExitCode {
    let rules = match embedded::load() {
        Ok(rules) => rules,
        Err(errors) => {
            eprintln!("Posse cannot start: {errors}.");
            return ExitCode::from(2);
        }
    };
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Posse")
            .with_inner_size([1200.0, 820.0])
            .with_min_inner_size([900.0, 600.0]),
        ..eframe::NativeOptions::default()
    };
    match eframe::run_native("Posse", options, Box::new(|cc| Ok(Box::new(PosseApp::new(cc, rules))))) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("Posse could not open its window: {e}.");
            ExitCode::from(2)
        }
    }
}
