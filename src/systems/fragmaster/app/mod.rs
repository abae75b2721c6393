//! Fragmaster Origins in the app: its three screens (Play, Reference, Print) and the commands
//! they send. This is the only place Fragmaster's screens touch files (through `crate::store`,
//! in the system's own data folder): games are journals in `games/`, written before they are
//! shown; printed sheets go to `prints/`.

mod games;

use std::any::Any;

use crate::host::SystemApp;
use crate::print;
use crate::session::Table;
use crate::systems::fragmaster::game::{Fragmaster, Game};
use crate::systems::fragmaster::rules::Rules;
use crate::systems::fragmaster::ui::play::{self, PlayCommand, PlayState, PlayView};
use crate::systems::fragmaster::ui::print::{self as print_ui, PrintCommand, PrintState};
use crate::systems::fragmaster::ui::reference::{self, ReferenceState};

pub use games::game_summary;

/// Fragmaster Origins' screens.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Screen {
    #[default]
    Play,
    Reference,
    Print,
}

impl Screen {
    /// The screens in tab order.
    pub const ALL: [Screen; 3] = [Screen::Play, Screen::Reference, Screen::Print];
    /// The tabs' names, in the same order.
    pub const NAMES: [&'static str; 3] = ["Play", "Reference", "Print"];
}

/// Fragmaster Origins' part of the app.
pub struct FragmasterApp {
    rules: &'static Rules,
    data: Option<crate::store::DataDir>,
    pub screen: Screen,
    /// The Play screen's own state (set-up form, typed dice, the attack being prepared).
    pub play: PlayState,
    /// The Reference screen's attack calculator.
    pub reference: ReferenceState,
    /// The Print screen.
    pub print: PrintState,
    /// The saved games and the game at the table.
    pub table: Table<Game<'static>>,
    /// The event log's rules, kept to lend to a shared table ([`SystemApp::shared`]).
    log_rules: Fragmaster<'static>,
}

impl FragmasterApp {
    /// Fragmaster Origins on its data folder (`None`: nothing can be kept, and the Play screen
    /// says so).
    #[must_use]
    pub fn new(rules: &'static Rules, data: Option<crate::store::DataDir>) -> FragmasterApp {
        let mut app = FragmasterApp {
            rules,
            table: Table::new(data.clone(), "game"),
            data,
            screen: Screen::default(),
            play: PlayState::new(rules),
            reference: ReferenceState::default(),
            print: PrintState::default(),
            log_rules: Fragmaster { rules },
        };
        app.refresh_games();
        app
    }

    /// The rules the app runs on.
    #[must_use]
    pub fn rules(&self) -> &'static Rules {
        self.rules
    }

    /// The event log's rules.
    fn log_rules(&self) -> Fragmaster<'static> {
        Fragmaster { rules: self.rules }
    }

    fn screen_ui(&mut self, ui: &mut egui::Ui) {
        match self.screen {
            Screen::Play => {
                let mut commands = Vec::new();
                let view = PlayView {
                    game: self.table.game(),
                    read_only: self.table.read_only(),
                    undo_label: self.table.undo_label(),
                    redo_label: self.table.redo_label(),
                    saved: &self.table.saved,
                    last_deleted: self.table.last_deleted(),
                    can_save: self.data.is_some(),
                };
                play::play_ui(ui, self.rules, &view, &mut self.play, &mut commands);
                for command in commands {
                    self.handle_play(command);
                }
            }
            Screen::Reference => reference::reference_ui(ui, self.rules, &mut self.reference),
            Screen::Print => {
                let mut commands = Vec::new();
                let players: Vec<String> = self
                    .table
                    .game()
                    .map(|g| g.state.players.iter().map(|p| p.name.clone()).collect())
                    .unwrap_or_default();
                let target = self.table.game().map_or(self.rules.game.target, |g| g.state.target);
                print_ui::print_ui(ui, &players, target, &mut self.print, &mut commands);
                for command in commands {
                    self.handle_print(command);
                }
            }
        }
    }

    /// Carries out one command from the Print screen.
    pub fn handle_print(&mut self, command: PrintCommand) {
        match command {
            PrintCommand::Reference(paper) => {
                let pages = crate::systems::fragmaster::print::reference::layout(self.rules, paper);
                self.print_pages(
                    &pages,
                    &format!("fragmaster-reference-{}.pdf", paper.id()),
                    "reference sheet",
                );
            }
            PrintCommand::Scoreboard { players, target, paper } => {
                let pages = crate::systems::fragmaster::print::scoreboard::layout(&players, target, paper);
                self.print_pages(&pages, &format!("fragmaster-scoreboard-{}.pdf", paper.id()), "scoreboard");
            }
            PrintCommand::Open(path) => {
                if let Err(e) = crate::app::files::open(&path) {
                    self.print.notice = Some((
                        format!("The PDF could not be opened: {e}. It is at {}.", path.display()),
                        true,
                    ));
                }
            }
        }
    }

    /// Writes laid-out pages as a PDF into the prints folder and says where it went.
    fn print_pages(&mut self, pages: &[print::Page], file: &str, what: &str) {
        let result = (|| -> Result<crate::app::files::Delivered, String> {
            let data = self.data.as_ref().ok_or("there is no data folder to print into")?;
            let path = data.prints().join(file);
            let pdf = print::render(pages).map_err(|e| e.to_string())?;
            crate::app::files::deliver_print(&path, &pdf)
        })();
        match result {
            Ok(delivered) => {
                self.print.notice =
                    Some((format!("The {what} was printed {}.", delivered.describe()), false));
                // Only a file on the disk can be opened (not a download in the web page).
                self.print.last = delivered.path();
            }
            Err(e) => self.print.notice = Some((format!("The {what} was not printed: {e}."), true)),
        }
    }
}

impl SystemApp for FragmasterApp {
    fn tabs(&self) -> &'static [&'static str] {
        &Screen::NAMES
    }

    fn tab(&self) -> usize {
        Screen::ALL.iter().position(|s| *s == self.screen).unwrap_or(0)
    }

    fn set_tab(&mut self, tab: usize) {
        if let Some(&screen) = Screen::ALL.get(tab) {
            self.screen = screen;
        }
    }

    fn ui(&mut self, ui: &mut egui::Ui) {
        self.screen_ui(ui);
    }

    fn shared(&mut self) -> Option<Box<dyn crate::session::SharedTable + '_>> {
        self.table.game()?;
        Some(Box::new(crate::session::Seated { table: &mut self.table, rules: &self.log_rules }))
    }

    fn resume_line(&self) -> Option<String> {
        if let Some(game) = self.table.game() {
            return Some(game_summary(game));
        }
        self.table.resumable().map(|g| g.summary.text())
    }

    fn resume_last(&mut self) {
        self.screen = Screen::Play;
        if self.table.open.is_some() {
            return;
        }
        if let Some(id) = self.table.resumable().map(|g| g.id.clone()) {
            self.handle_play(PlayCommand::Resume(id));
        }
    }

    fn table(&self) -> Option<&dyn crate::session::OpenTable> {
        Some(&self.table)
    }

    fn reopen(&mut self, id: &str) {
        self.screen = Screen::Play;
        self.handle_play(PlayCommand::Resume(id.to_owned()));
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}
