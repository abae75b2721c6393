//! The baseline for `scripts/bench-startup.py --baseline`: an empty eframe window built with
//! Posse's own eframe features and opened at Posse's window size, that prints `first-frame`
//! once its first frame has been painted and closes, as Posse does under
//! `POSSE_STARTUP_PROBE=1`. An example, so it is never part of the shipped binary:
//! `cargo build --release --example empty-window`.

use std::process::ExitCode;

/// Nothing to show: counts frames like `PosseApp`'s start-up probe.
struct Empty;

impl eframe::App for Empty {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        egui::CentralPanel::default().show(ui, |_ui| {});
        let ctx = ui.ctx();
        if ctx.cumulative_frame_nr() == 0 {
            ctx.request_repaint();
        } else {
            println!("first-frame");
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
        }
    }
}

fn main() -> ExitCode {
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Posse")
            .with_inner_size([1200.0, 820.0])
            .with_min_inner_size([900.0, 600.0]),
        ..eframe::NativeOptions::default()
    };
    match eframe::run_native("Posse", options, Box::new(|_cc| Ok(Box::new(Empty)))) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("The empty window could not open: {e}.");
            ExitCode::from(2)
        }
    }
}
