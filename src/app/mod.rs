//! The eframe application: the window, the top bar (home, the chosen system's tabs, the theme),
//! the home screen with one tile per game system, and each system's screens (a
//! [`SystemApp`] from the registry it is handed, a list of [`System`]s).
//!
//! The home screen shows a tile per system with its blurb and its game to resume; the Posse
//! button in the top bar goes home, the chosen system's tabs sit beside it (Ctrl+1…6), the
//! theme switch at the right. A system's screens are made on its own data folder the first
//! time they are used ([`LazySystem`]): the home screen reads each resume line from the saved
//! games' summaries, so it parses no game's rules. The last system shown and every system's
//! open game (`open_games`) are kept in `settings.json` and reopened at the next start or
//! reload ([`PosseApp::at_the_table`]; an older file's `open_game` names only the last
//! system's). On first start, files from before there were several systems are moved into the
//! folder of the system that lists them in its `old_files` (`DataDir::move_old_files`):
//! nothing is deleted, and nothing already there is overwritten.
//!
//! `backup.rs` is the home screen's *Your files* (*Back up everything…*, *Restore a backup…*,
//! after which every system's screens are made again on the folder). [`files`] is how a
//! player's files come and go on every platform, for every system: `choose_file`, `export`,
//! `deliver_print`, `open`. `share.rs` is *Share at the table* (desktop only).

use std::path::PathBuf;
#[cfg(not(target_arch = "wasm32"))]
use std::process::ExitCode;

use egui::RichText;

mod backup;
pub mod files;
mod lazy;
#[cfg(not(target_arch = "wasm32"))]
pub mod share;

pub use lazy::LazySystem;

use crate::host::{System, SystemApp};
use crate::store::{DataDir, Settings};
use crate::ui::theme;

/// The desktop app: the home screen and every system's screens.
pub struct PosseApp {
    /// The game systems, in the order the home screen shows them.
    registry: &'static [System],
    data: Option<DataDir>,
    /// The home screen is shown (no system chosen yet, or the player went home).
    pub home: bool,
    /// The system shown, as its index in the registry.
    pub current: usize,
    /// Each system's screens, in the registry's order, each made when first used.
    pub systems: Vec<LazySystem>,
    /// A sentence about the data folder (files moved from an older Posse, or no folder).
    pub notice: Option<String>,
    /// Whether start-up is being measured (`POSSE_STARTUP_PROBE=1`).
    startup_probe: bool,
    /// The preferences as last saved.
    settings: Settings,
    /// Remember the game open at the table and reopen it at the next start: the desktop app
    /// and the web page (where a reload or a closed tab must not take the player away from
    /// the table) come back to the game they were closed on. Off in tests that start the app
    /// on a data folder of their own.
    pub reopen_game: bool,
    /// The home screen's backup and restore.
    backups: backup::Backups,
    /// *Share at the table*: the open game shared with the players' phones.
    #[cfg(not(target_arch = "wasm32"))]
    pub sharing: share::Sharing,
}

impl PosseApp {
    /// Sets up fonts and style and creates the app for the game systems `registry`, on the
    /// platform's data folder.
    #[must_use]
    pub fn new(cc: &eframe::CreationContext<'_>, registry: &'static [System]) -> PosseApp {
        let data = DataDir::platform();
        let mut app = PosseApp::with_data(cc, registry, data.as_ref().ok().cloned());
        if let Err(e) = data {
            app.notice = Some(format!("Nothing can be kept between runs: {e}."));
        }
        app
    }

    /// Creates the app for the game systems `registry` on a given data folder (`None`:
    /// nothing can be saved). Files of an older Posse at the top of the folder are moved into
    /// the folder of the system they belong to first ([`System::old_files`]).
    #[must_use]
    pub fn with_data(
        cc: &eframe::CreationContext<'_>,
        registry: &'static [System],
        data: Option<DataDir>,
    ) -> PosseApp {
        theme::install(&cc.egui_ctx);
        let startup_probe = std::env::var_os("POSSE_STARTUP_PROBE").is_some();
        let mut notice = None;
        if let Some(data) = &data
            && let Some(e) = registry
                .iter()
                .filter(|s| !s.old_files.is_empty())
                .find_map(|s| data.move_old_files(s.id, s.old_files).err())
        {
            notice = Some(format!("Some files of an older Posse could not be moved: {e}."));
        }
        let systems = Self::lazy_systems(registry, data.as_ref());
        let settings = data.as_ref().map(DataDir::load_settings).unwrap_or_default();
        let last = settings.last_system.as_deref().and_then(|id| registry.iter().position(|s| s.id == id));
        PosseApp {
            registry,
            data,
            home: last.is_none(),
            current: last.unwrap_or(0),
            systems,
            notice,
            startup_probe,
            settings,
            reopen_game: false,
            backups: backup::Backups::default(),
            #[cfg(not(target_arch = "wasm32"))]
            sharing: share::Sharing::default(),
        }
    }

    /// Every system's screens on its own folder of `data`, made when first used (the home
    /// screen parses no game's rules).
    fn lazy_systems(registry: &'static [System], data: Option<&DataDir>) -> Vec<LazySystem> {
        registry.iter().map(|s| LazySystem::new(s.app, data.map(|d| d.system(s.id)))).collect()
    }

    /// The app as the desktop and the web page start it: [`PosseApp::new`], remembering the
    /// games open at the table and reopening those open when Posse last ran.
    #[must_use]
    pub fn at_the_table(cc: &eframe::CreationContext<'_>, registry: &'static [System]) -> PosseApp {
        let mut app = PosseApp::new(cc, registry);
        app.reopen_game = true;
        app.reopen();
        app
    }

    /// Reopens the games that were open at the table when Posse last ran, each in its own
    /// system (shown on its play tab when the player next opens that system). A settings file
    /// from before `open_games` names only the last system's game.
    pub fn reopen(&mut self) {
        if !self.reopen_game {
            return;
        }
        let settings = &self.settings;
        for (index, (system, app)) in self.registry.iter().zip(&mut self.systems).enumerate() {
            let id = settings
                .open_games
                .get(system.id)
                .or_else(|| settings.open_game.as_ref().filter(|_| index == self.current && !self.home));
            if let Some(id) = id {
                app.reopen(id);
            }
        }
    }

    /// The app's state as JSON, for the browser test (`crate::web`): the screen shown and the
    /// current system's own state ([`SystemApp::test_state`]).
    #[must_use]
    pub fn test_state(&self) -> String {
        let system = self.systems.get(self.current);
        serde_json::json!({
            "home": self.home,
            "system": self.registry.get(self.current).map(|s| s.id),
            "tab": system.map(|s| s.tab()),
            "state": system.map(|s| s.test_state()),
        })
        .to_string()
    }

    /// Keeps the preferences: the app's as they are now, when they changed. Best effort:
    /// they are only preferences.
    fn keep_settings(&mut self) {
        let (open_game, open_games) = if self.reopen_game {
            let open_games: std::collections::BTreeMap<String, String> = self
                .registry
                .iter()
                .zip(&self.systems)
                .filter_map(|(system, app)| app.open_game().map(|id| (system.id.to_owned(), id)))
                .collect();
            let current = self.registry.get(self.current).filter(|_| !self.home);
            (current.and_then(|s| open_games.get(s.id).cloned()), open_games)
        } else {
            (self.settings.open_game.clone(), self.settings.open_games.clone())
        };
        let settings = Settings {
            last_system: self
                .registry
                .get(self.current)
                .filter(|_| !self.home)
                .map(|s| s.id.to_owned())
                .or_else(|| self.settings.last_system.clone()),
            open_game,
            open_games,
        };
        if settings != self.settings {
            // Tried once per change: a folder that cannot be written is not written every frame.
            if let Some(data) = &self.data {
                let _ = data.save_settings(&settings);
            }
            self.settings = settings;
        }
    }

    /// The screens and state of the system whose app is a `T` (its `SystemApp`), if it is
    /// registered.
    #[must_use]
    pub fn system<T: 'static>(&self) -> Option<&T> {
        self.systems.iter().find_map(|s| s.as_any().downcast_ref::<T>())
    }

    /// [`PosseApp::system`], to change.
    pub fn system_mut<T: 'static>(&mut self) -> Option<&mut T> {
        self.systems.iter_mut().find_map(|s| s.as_any_mut().downcast_mut::<T>())
    }

    /// Shows system `index`, remembering it for the next start.
    pub fn open(&mut self, index: usize) {
        if index >= self.systems.len() {
            return;
        }
        if !self.home
            && self.current != index
            && let Some(old) = self.systems.get_mut(self.current)
        {
            old.leave();
        }
        self.home = false;
        self.current = index;
        // Only a preference: if it cannot be kept, the app opens on the home screen.
        self.keep_settings();
    }

    /// Goes back to the home screen.
    pub fn go_home(&mut self) {
        if let Some(system) = self.systems.get_mut(self.current).filter(|_| !self.home) {
            system.leave();
        }
        self.home = true;
    }

    /// For `scripts/bench-startup.py`: once the first frame has been painted (that is, when the
    /// second frame starts; a frame may run several passes, so frames are counted, not
    /// passes), print `first-frame` and close the window.
    fn probe_startup(&mut self, ctx: &egui::Context) {
        if !self.startup_probe {
            return;
        }
        if ctx.cumulative_frame_nr() == 0 {
            ctx.request_repaint();
        } else {
            println!("first-frame");
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            self.startup_probe = false;
        }
    }

    fn top_bar(&mut self, ui: &mut egui::Ui) {
        // A tablet held upright or a phone: the tabs wrap, the system's name is left to the
        // home screen, and the theme buttons move there.
        let compact = ui.available_width() < COMPACT_BAR;
        // The game's name only where it has the room: beside a game's tabs, Share at the table
        // and the theme buttons it took the room of the tabs (at 1024 points, Share at the
        // table was drawn over a game's third and fourth tabs). The home screen names it.
        let titled = ui.available_width() >= TITLED_BAR;
        egui::Panel::top("top-bar").show(ui, |ui| {
            let bar = |ui: &mut egui::Ui| {
                let posse = RichText::new("Posse")
                    .size(theme::HEADING + 6.0)
                    .strong()
                    .color(theme::accent(ui.visuals()));
                if ui
                    .add(egui::Button::selectable(self.home, posse))
                    .on_hover_text("Home: every game Posse knows")
                    .clicked()
                {
                    self.go_home();
                }
                if !self.home
                    && let (Some(system), Some(info)) =
                        (self.systems.get_mut(self.current), self.registry.get(self.current))
                {
                    if titled {
                        ui.label(
                            RichText::new(info.title).size(theme::HEADING).color(theme::muted(ui.visuals())),
                        );
                    }
                    ui.add_space(theme::GAP);
                    let shown = system.tab();
                    for (i, name) in system.tabs().iter().enumerate() {
                        let text = RichText::new(*name).size(theme::HEADING);
                        if ui
                            .add(egui::Button::selectable(shown == i, text))
                            .on_hover_text(format!("Ctrl+{}", i + 1))
                            .clicked()
                        {
                            system.set_tab(i);
                        }
                    }
                }
                if compact {
                    #[cfg(not(target_arch = "wasm32"))]
                    if !self.home
                        && let Some(system) = self.systems.get_mut(self.current)
                    {
                        self.sharing.button(ui, &mut **system);
                    }
                } else {
                    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                        theme_buttons(ui);
                        #[cfg(not(target_arch = "wasm32"))]
                        if !self.home
                            && let Some(system) = self.systems.get_mut(self.current)
                        {
                            self.sharing.button(ui, &mut **system);
                        }
                    });
                }
            };
            // Wrapped rows sized to their contents (a wrapping layout given the whole panel
            // would stretch the bar down the screen).
            if compact {
                ui.horizontal_wrapped(bar);
            } else {
                ui.horizontal(bar);
            }
        });
    }

    /// One tile per system: its name, what Posse does for it, its game to resume.
    fn home_ui(&mut self, ui: &mut egui::Ui) {
        let mut open = None;
        let mut resume = None;
        egui::CentralPanel::default().show(ui, |ui| {
            let v = ui.visuals().clone();
            if let Some(notice) = &self.notice {
                ui.label(RichText::new(notice).color(theme::bad(&v)).strong());
            }
            if ui.available_width() < COMPACT_BAR {
                ui.horizontal_wrapped(|ui| {
                    ui.label("Theme");
                    theme_buttons(ui);
                });
            }
            ui.label(theme::heading(&v, "What are you playing?"));
            ui.add_space(theme::GAP);
            // The tiles stop short of the scroll bar, which floats over the right edge of what
            // it scrolls (and the area is as wide as its tiles, so the bar would lie on their
            // borders).
            let clear = crate::ui::widgets::clear_of_scroll_bar(ui);
            egui::ScrollArea::vertical().content_margin(clear).show(ui, |ui| {
                for (i, (info, system)) in self.registry.iter().zip(&self.systems).enumerate() {
                    let tile = egui::Frame::group(ui.style()).inner_margin(14).show(ui, |ui| {
                        ui.set_width(ui.available_width().min(900.0));
                        ui.horizontal_wrapped(|ui| {
                            let title = egui::Button::new(
                                RichText::new(info.title).size(theme::HEADING + 6.0).strong(),
                            )
                            .min_size(egui::vec2(ui.available_width().min(300.0), 48.0));
                            if ui.add(title).on_hover_text(format!("Open {}", info.title)).clicked() {
                                open = Some(i);
                            }
                            if let Some(line) = system.resume_line()
                                && ui
                                    .add(
                                        egui::Button::new(
                                            RichText::new(format!("Resume {line}")).size(theme::BODY),
                                        )
                                        .wrap(),
                                    )
                                    .clicked()
                            {
                                resume = Some(i);
                            }
                        });
                        ui.label(RichText::new(info.blurb).color(theme::muted(&v)));
                    });
                    crate::ui::widgets::name_box(&tile.response, &format!("{} tile", info.title));
                    ui.add_space(8.0);
                }
                self.backup_ui(ui);
            });
        });
        if let Some(i) = open.or(resume) {
            self.open(i);
        }
        if let Some(i) = resume
            && let Some(system) = self.systems.get_mut(i)
        {
            system.resume_last();
        }
    }
}

impl eframe::App for PosseApp {
    /// The font atlas is made as wide as the largest texture the graphics allow (16,384 pixels
    /// under Mesa's software renderer), and uploaded whole when made and each time it grows; every glyph
    /// Posse shows fits in egui's own portable default of 2,048, which makes the first frame's
    /// upload an eighth (`scripts/bench-startup.py`). No image Posse shows is wider.
    fn raw_input_hook(&mut self, _ctx: &egui::Context, raw_input: &mut egui::RawInput) {
        raw_input.max_texture_side = raw_input.max_texture_side.map(|side| side.min(MAX_TEXTURE_SIDE));
    }

    fn on_exit(&mut self, _gl: Option<&eframe::glow::Context>) {
        // From the home screen the system was left when the player went home.
        if let Some(system) = self.systems.get_mut(self.current).filter(|_| !self.home) {
            system.leave();
        }
    }

    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        crate::ui::widgets::note_window_height(ui.ctx());
        let dropped: Vec<PathBuf> = ui.ctx().input(|i| {
            i.raw
                .dropped_files
                .iter()
                .map(|f| f.path().to_path_buf())
                .filter(|p| !p.as_os_str().is_empty())
                .collect()
        });
        if !dropped.is_empty()
            && let Some(system) = self.systems.get_mut(self.current)
        {
            self.home = false;
            system.files_dropped(dropped);
        }
        // Ctrl+1, Ctrl+2… switch the shown system's tabs.
        if !self.home
            && let Some(system) = self.systems.get_mut(self.current)
        {
            let keys = [
                egui::Key::Num1,
                egui::Key::Num2,
                egui::Key::Num3,
                egui::Key::Num4,
                egui::Key::Num5,
                egui::Key::Num6,
            ];
            for (i, key) in keys.into_iter().enumerate().take(system.tabs().len()) {
                if ui.input_mut(|input| input.consume_key(egui::Modifiers::COMMAND, key)) {
                    system.set_tab(i);
                }
            }
        }
        self.poll_backups();
        #[cfg(not(target_arch = "wasm32"))]
        self.sharing.pump(&mut self.systems);
        self.top_bar(ui);
        if self.home {
            self.home_ui(ui);
        } else if let Some(system) = self.systems.get_mut(self.current) {
            system.ui(ui);
        }
        #[cfg(not(target_arch = "wasm32"))]
        if !self.home
            && let (Some(system), Some(info)) =
                (self.systems.get_mut(self.current), self.registry.get(self.current))
        {
            let data = self.data.as_ref().map(|d| d.system(info.id));
            self.sharing.panel(ui.ctx(), self.current, &mut **system, data.as_ref(), info.title);
        }
        self.keep_settings();
        self.probe_startup(ui.ctx());
    }
}

/// The widest texture Posse asks for: the font atlas's width ([`PosseApp::raw_input_hook`]).
const MAX_TEXTURE_SIDE: usize = 2048;

/// Below this width the top bar is compact.
const COMPACT_BAR: f32 = 1000.0;

/// The least width of a window whose top bar names the game shown beside its tabs.
const TITLED_BAR: f32 = 1200.0;

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

/// Opens the app window for the game systems `registry`; returns when it is closed.
#[must_use]
#[cfg(not(target_arch = "wasm32"))]
pub fn run(registry: &'static [System]) -> ExitCode {
    // No game's rules are parsed before the first frame: a system whose built-in data does
    // not load says so on its own screens when it is opened (`Unavailable`).
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Posse")
            .with_inner_size([1200.0, 820.0])
            .with_min_inner_size([900.0, 600.0]),
        ..eframe::NativeOptions::default()
    };
    // A restart comes back to the game at the table, as the web page's reload does.
    match eframe::run_native(
        "Posse",
        options,
        Box::new(|cc| Ok(Box::new(PosseApp::at_the_table(cc, registry)))),
    ) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("Posse could not open its window: {e}.");
            ExitCode::from(2)
        }
    }
}
