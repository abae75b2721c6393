//! Dead Man's Hand in the app: its four screens (Reference, Gangs, Scenes, Play) and the
//! commands they send, the only place Dead Man's Hand's screens touch files (through
//! `crate::store`, in the system's own data folder).

use std::any::Any;
use std::path::{Path, PathBuf};
use std::sync::mpsc;

use crate::app::SystemApp;
use crate::print::{self, Paper};
use crate::store::{self, CommitError, Damage, DataDir, Journal};
use crate::systems::dmh::game::{Event, Game, Setup, SideSetup};
use crate::systems::dmh::print::roster;
use crate::systems::dmh::rules::Rules;
use crate::systems::dmh::rules::data::{DeckKind, Role};
use crate::systems::dmh::rules::gang::GangFile;
use crate::systems::dmh::ui::gangs::{self, GangCommand, GangsState, Notice};
use crate::systems::dmh::ui::play::{self, PlayCommand, PlayState};
use crate::systems::dmh::ui::reference::{self, ReferenceState};
use crate::systems::dmh::ui::scenes::{self, SceneCommand, ScenesState};

/// Dead Man's Hand's screens.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Screen {
    #[default]
    Reference,
    Gangs,
    Scenes,
    Play,
}

impl Screen {
    /// The screens in tab order.
    pub const ALL: [Screen; 4] = [Screen::Reference, Screen::Gangs, Screen::Scenes, Screen::Play];
    /// The tabs' names, in the same order.
    pub const NAMES: [&'static str; 4] = ["Reference", "Gangs", "Scenes", "Play"];
}

/// The game at the table and its journal.
pub struct ActiveGame {
    pub id: String,
    pub game: Game,
    /// Where its events go, or why they cannot.
    saving: Saving,
}

/// Where the open game's events are written.
enum Saving {
    /// Its journal, ready for the next event.
    Journal(Journal),
    /// Nowhere: the journal is damaged (or cannot be written), so the game is only shown. The
    /// sentence says why, for the Play screen.
    ReadOnly(String),
}

impl ActiveGame {
    /// Why the game cannot be changed (its journal is damaged, and Posse will not write to
    /// it), as a sentence; `None` when it can.
    #[must_use]
    pub fn read_only(&self) -> Option<&str> {
        match &self.saving {
            Saving::Journal(_) => None,
            Saving::ReadOnly(why) => Some(why),
        }
    }
}

/// What a native file dialog answered (dialogs run off the UI thread).
enum DialogAnswer {
    Import(Option<PathBuf>),
    Export(String, Option<PathBuf>),
}

/// Dead Man's Hand's part of the app.
pub struct DmhApp {
    rules: &'static Rules,
    data: Option<DataDir>,
    pub screen: Screen,
    /// The Reference screen's calculators and card list.
    pub reference: ReferenceState,
    /// The Gangs screen.
    pub gangs: GangsState,
    /// The Scenes screen.
    pub scenes: ScenesState,
    /// The Play screen's own state.
    pub play: PlayState,
    /// The game at the table, if one is open.
    pub game: Option<ActiveGame>,
    /// Events undone, most recent last, for Redo.
    redo: Vec<Event>,
    /// The selected gang as last written to disk.
    saved: Option<GangFile>,
    /// A working copy whose save failed: not retried until it changes again.
    failed_save: Option<GangFile>,
    dialogs: (mpsc::Sender<DialogAnswer>, mpsc::Receiver<DialogAnswer>),
}

impl DmhApp {
    /// Dead Man's Hand on its data folder (`None`: nothing can be kept, and the screens say
    /// so).
    #[must_use]
    pub fn new(rules: &'static Rules, data: Option<DataDir>) -> DmhApp {
        let missing = data.is_none();
        let mut app = DmhApp {
            rules,
            data,
            screen: Screen::default(),
            reference: ReferenceState::default(),
            gangs: GangsState::default(),
            scenes: ScenesState::default(),
            play: PlayState::default(),
            game: None,
            redo: Vec::new(),
            saved: None,
            failed_save: None,
            dialogs: mpsc::channel(),
        };
        if missing {
            app.gangs.unavailable = Some("Gangs cannot be kept: there is no data folder.".into());
        }
        // A fixed deal for the first game (looking at a known game, reproducing a report).
        app.play.seed = std::env::var("POSSE_SEED").ok().and_then(|s| s.parse().ok());
        app.refresh();
        app.load_series();
        app.refresh_games();
        app
    }

    fn refresh_games(&mut self) {
        let Some(data) = &self.data else { return };
        self.play.saved = data
            .list_games()
            .into_iter()
            .map(|id| {
                // A remembered summary spares replaying games that have not changed.
                if let Some(summary) = data.cached_summary(&id) {
                    return (id, summary);
                }
                let read = match store::read_journal(&data.game_path(&id)) {
                    Ok(read) => read,
                    // Listed, so the player sees it; Resume says what is wrong.
                    Err(e) => return (id.clone(), format!("{id} · cannot be read ({e})")),
                };
                let (game, damage) = replay_until_damage(self.rules, &read);
                let mut summary = game_summary(self.rules, &game);
                if let Some(damage) = damage {
                    summary = format!("{summary} · damaged at line {}, read-only", damage.line);
                }
                // Best effort: without it the game is replayed again next time.
                let _ = data.save_summary(&id, &summary);
                (id, summary)
            })
            .collect();
    }

    /// Carries out one command from the Play screen.
    pub fn handle_play(&mut self, command: PlayCommand) {
        let result = match command {
            PlayCommand::Start { scene, good, bad, extra_card } => {
                self.start_game(scene, &good, &bad, extra_card)
            }
            PlayCommand::Apply(event) => {
                self.redo.clear();
                self.apply_event(&event)
            }
            PlayCommand::Undo => self.undo(),
            PlayCommand::Redo => {
                if let Some(why) = self.game.as_ref().and_then(ActiveGame::read_only) {
                    Err(why.to_owned())
                } else if let Some(event) = self.redo.pop() {
                    // Not redone (the disk refused it): it stays to be redone.
                    self.apply_event(&event).inspect_err(|_| self.redo.push(event))
                } else {
                    Ok(())
                }
            }
            PlayCommand::Resume(id) => self.resume(&id),
            PlayCommand::Record { scene, outcome } => {
                self.handle_scene(SceneCommand::Record(scene, Some(outcome)));
                match self.scenes.notice.as_ref().filter(|n| n.error) {
                    Some(n) => Err(n.text.clone()),
                    None => Ok(()),
                }
            }
            PlayCommand::Close => {
                // A read-only game keeps the summary that says it is damaged.
                if let (Some(active), Some(data)) = (self.game.take(), &self.data)
                    && active.read_only().is_none()
                {
                    // Best effort: without it the game is replayed when the list is next made.
                    let _ = data.save_summary(&active.id, &game_summary(self.rules, &active.game));
                }
                self.redo.clear();
                self.refresh_games();
                Ok(())
            }
        };
        if let Err(message) = result {
            self.play.notice = Some(message);
        }
    }

    /// Starts a game; `extra_card` is the side that won the storyline's previous scene (it
    /// draws one more card for its hand).
    fn start_game(
        &mut self,
        scene: Option<String>,
        good: &str,
        bad: &str,
        extra_card: Option<Role>,
    ) -> Result<(), String> {
        let data = self.data.clone().ok_or("There is no data folder to keep the game in.")?;
        let gang = |id: &str| {
            self.gangs.entries.iter().find(|e| e.id == id).and_then(|e| e.gang.as_ref().ok().cloned())
        };
        let (Some(good), Some(bad)) = (gang(good), gang(bad)) else {
            return Err("Pick two readable gangs.".into());
        };
        let (Some(good_gang), Some(bad_gang)) = (self.rules.gang(&good.gang), self.rules.gang(&bad.gang))
        else {
            return Err("One of the gangs is of a type Posse does not know.".into());
        };
        let (red, black) = crate::systems::dmh::rules::cards::number_colours(good_gang, bad_gang);
        let scene_data = scene.as_deref().and_then(|id| self.rules.scene(id));
        let side = |gang: GangFile, role: Role, numbers| {
            let s = scene_data.map(|sc| sc.sides.get(role));
            SideSetup {
                gang,
                role,
                deck: s.map_or(DeckKind::Full, |x| x.deck),
                numbers,
                hand: s.map_or(5, |x| x.hand) + u32::from(extra_card == Some(role)),
                reshuffle: s.is_none_or(|x| x.reshuffle),
            }
        };
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
        let setup = Setup {
            seed: self
                .play
                .seed
                .take()
                .unwrap_or_else(|| u64::try_from(now.as_nanos() % u128::from(u64::MAX)).unwrap_or(1)),
            scene,
            sides: [side(good, Role::Good, red), side(bad, Role::Bad, black)],
            edition: crate::systems::dmh::game::EDITION,
        };
        // A new journal of its own (two games started in the same second get two), and the
        // game opens only once its first event is on the disk.
        let (id, mut journal) =
            data.create_game(now.as_secs()).map_err(|e| format!("The game cannot be saved: {e}."))?;
        let mut game = Game::default();
        if let Err(e) = journal.commit(&mut game, self.rules, &Event::Begin(Box::new(setup))) {
            // Nothing was written to it: leave no empty game behind.
            data.discard_empty_game(&id);
            return Err(match e {
                CommitError::Refused(e) => format!("The game cannot start: {e}."),
                CommitError::NotSaved(e) => format!("The game cannot be saved: {e}."),
            });
        }
        self.game = Some(ActiveGame { id, game, saving: Saving::Journal(journal) });
        self.redo.clear();
        Ok(())
    }

    /// Applies an event the safe way round: written to the journal first, then shown. If the
    /// game refuses it or the disk does, the game stays as it was and the message says so.
    fn apply_event(&mut self, event: &Event) -> Result<(), String> {
        let Some(active) = self.game.as_mut() else { return Err("No game is open.".into()) };
        let journal = match &mut active.saving {
            Saving::Journal(journal) => journal,
            Saving::ReadOnly(why) => return Err(why.clone()),
        };
        journal.commit(&mut active.game, self.rules, event).map_err(|e| match e {
            CommitError::Refused(e) => format!("That cannot be done: {e}."),
            CommitError::NotSaved(e) => {
                format!(
                    "The event was not saved, so it was not applied: {e}. Try again once it can be saved."
                )
            }
        })
    }

    fn undo(&mut self) -> Result<(), String> {
        let Some(active) = self.game.as_mut() else { return Ok(()) };
        let journal = match &mut active.saving {
            Saving::Journal(journal) => journal,
            Saving::ReadOnly(why) => return Err(why.clone()),
        };
        let Some((game, event)) =
            active.game.undo(self.rules).map_err(|(n, e)| format!("Event {n} does not replay: {e}."))?
        else {
            return Ok(());
        };
        if matches!(event, Event::Begin(_)) {
            return Err("The start of the game cannot be undone; close the game instead.".into());
        }
        // Written first: the game goes back only once the journal has.
        journal
            .replace(&game.log)
            .map_err(|e| format!("The undo was not saved, so nothing changed: {e}."))?;
        active.game = game;
        self.redo.push(event);
        Ok(())
    }

    /// Reopens a saved game. A journal cut short by a crash is mended (a copy of it is kept);
    /// a damaged one opens read-only up to the damage, and Posse never writes to it.
    fn resume(&mut self, id: &str) -> Result<(), String> {
        let data = self.data.clone().ok_or("There is no data folder.")?;
        let path = data.game_path(id);
        let read = store::read_journal(&path).map_err(|e| format!("The game cannot be reopened: {e}."))?;
        let (game, damage) = replay_until_damage(self.rules, &read);
        let saving = match damage {
            Some(Damage { line, reason }) => Saving::ReadOnly(format!(
                "This game is read-only: its journal is damaged at line {line} ({reason}). Posse will not write to it."
            )),
            None => match Journal::resume(&path, &read) {
                Ok((journal, copy)) => {
                    self.play.notice = copy.map(|copy| {
                        format!(
                            "The last event was cut short when Posse stopped, and is left out; the whole journal is kept as {}.",
                            copy.display()
                        )
                    });
                    Saving::Journal(journal)
                }
                Err(e) => Saving::ReadOnly(format!(
                    "This game is read-only: its journal cannot be written ({e}). Posse will not write to it."
                )),
            },
        };
        if let Saving::ReadOnly(why) = &saving {
            self.play.notice = Some(why.clone());
        }
        self.game = Some(ActiveGame { id: id.to_owned(), game, saving });
        self.redo.clear();
        Ok(())
    }

    fn load_series(&mut self) {
        let Some(data) = &self.data else { return };
        match data.load_series() {
            Ok(series) => self.scenes.series = series,
            Err(e) => {
                self.scenes.series_locked = true;
                self.scenes.notice = Some(Notice::error(format!(
                    "Scene results cannot be read ({e}); Posse will not write over them."
                )));
            }
        }
    }

    /// Writes laid-out pages as a PDF into the prints folder; returns where it went.
    fn print_pages(&self, pages: &[print::Page], file: &str) -> Result<PathBuf, String> {
        let data = self.data.as_ref().ok_or("there is no data folder to print into")?;
        let path = data.prints().join(file);
        let pdf = print::render(pages).map_err(|e| e.to_string())?;
        store::write_atomic(&path, &pdf).map_err(|e| e.to_string())?;
        Ok(path)
    }

    /// Carries out one command from the Scenes screen.
    pub fn handle_scene(&mut self, command: SceneCommand) {
        match command {
            SceneCommand::PrintChecklist(id, paper) => {
                let Some(scene) = self.rules.scene(&id) else { return };
                let pages = crate::systems::dmh::print::checklist::layout(self.rules, scene, paper);
                self.scenes.notice =
                    Some(match self.print_pages(&pages, &format!("{id}-checklist-{}.pdf", paper.id())) {
                        Ok(path) => Notice {
                            text: format!("Checklist printed to {}.", path.display()),
                            error: false,
                            path: Some(path),
                        },
                        Err(e) => Notice::error(format!("The checklist was not printed: {e}.")),
                    });
            }
            SceneCommand::PrintReference(paper) => {
                let pages = crate::systems::dmh::print::quickref::layout(self.rules, paper);
                self.scenes.notice =
                    Some(match self.print_pages(&pages, &format!("quick-reference-{}.pdf", paper.id())) {
                        Ok(path) => Notice {
                            text: format!("Quick reference printed to {}.", path.display()),
                            error: false,
                            path: Some(path),
                        },
                        Err(e) => Notice::error(format!("The quick reference was not printed: {e}.")),
                    });
            }
            SceneCommand::BuildGang { scene, role, gang } => {
                let (Some(s), Some(g)) = (self.rules.scene(&scene), self.rules.gang(&gang)) else { return };
                let side = s.sides.get(role);
                let file = GangFile {
                    name: format!("{} for {}", g.name, s.title),
                    gang,
                    models: Vec::new(),
                    rep_limit: side.rep.map(|r| r + side.off_table_rep),
                    scene: Some(scene),
                    role: Some(role),
                };
                if self.add_gang(&file).is_some() {
                    self.screen = Screen::Gangs;
                } else {
                    self.scenes.notice.clone_from(&self.gangs.notice);
                }
            }
            SceneCommand::Open(path) => {
                if let Err(e) = open::that_detached(&path) {
                    self.scenes.notice =
                        Some(Notice::error(format!("{} could not be opened: {e}.", path.display())));
                }
            }
            SceneCommand::Record(scene, outcome) => {
                if self.scenes.series_locked {
                    return;
                }
                match outcome {
                    Some(o) => self.scenes.series.results.insert(scene, o),
                    None => self.scenes.series.results.remove(&scene),
                };
                if let Some(data) = &self.data
                    && let Err(e) = data.save_series(&self.scenes.series)
                {
                    self.scenes.notice = Some(Notice::error(format!("The result was not saved: {e}.")));
                }
            }
        }
    }

    /// The rules the app runs on.
    #[must_use]
    pub fn rules(&self) -> &'static Rules {
        self.rules
    }

    /// Re-reads the gang list from the data folder.
    fn refresh(&mut self) {
        let Some(data) = &self.data else {
            self.gangs
                .unavailable
                .get_or_insert_with(|| "Gangs cannot be kept: there is no data folder.".into());
            return;
        };
        match data.list_gangs() {
            Ok(entries) => self.gangs.entries = entries,
            Err(e) => self.gangs.unavailable = Some(format!("The gangs folder cannot be read: {e}.")),
        }
    }

    fn select(&mut self, id: &str) {
        self.settle_file_name();
        let gang = self.gangs.entries.iter().find(|e| e.id == id).and_then(|e| e.gang.as_ref().ok().cloned());
        self.gangs.selected = Some(id.to_owned());
        self.gangs.working.clone_from(&gang);
        self.saved = gang;
        self.failed_save = None;
    }

    /// Once the gang being edited has been renamed, its file takes the new name
    /// (`dodge-city-law.json`), when the player moves on to another gang or screen.
    pub fn settle_file_name(&mut self) {
        self.autosave();
        let (Some(id), Some(working), Some(data)) =
            (self.gangs.selected.clone(), self.gangs.working.clone(), self.data.clone())
        else {
            return;
        };
        let base = store::slug(&working.name);
        let named = id == base
            || id
                .strip_prefix(&base)
                .and_then(|n| n.strip_prefix('-'))
                .is_some_and(|n| n.parse::<u32>().is_ok());
        if named || self.saved.as_ref() != Some(&working) {
            return;
        }
        let new = data.new_id(&working.name);
        match data.rename_gang(&id, &new) {
            Ok(()) => {
                self.refresh();
                self.gangs.selected = Some(new);
            }
            Err(e) => {
                self.gangs.notice = Some(Notice::error(format!("The gang file keeps its old name: {e}.")));
            }
        }
    }

    /// Saves a new gang file under a fresh id and opens it.
    fn add_gang(&mut self, gang: &GangFile) -> Option<String> {
        let data = self.data.clone()?;
        let id = data.new_id(&gang.name);
        match data.save_gang(&id, gang) {
            Ok(_) => {
                self.refresh();
                self.select(&id);
                Some(id)
            }
            Err(e) => {
                self.gangs.notice = Some(Notice::error(format!("The gang was not saved: {e}.")));
                None
            }
        }
    }

    /// Imports a gang file from anywhere: it is copied into the gangs folder and opened.
    pub fn import_file(&mut self, path: &Path) {
        match store::read_gang(path) {
            Ok(gang) if self.rules.gang(&gang.gang).is_none() => {
                self.gangs.notice = Some(Notice::error(format!(
                    "{} was not imported: '{}' is not a gang type Posse knows.",
                    path.display(),
                    gang.gang
                )));
            }
            Ok(gang) => {
                if self.add_gang(&gang).is_some() {
                    self.gangs.notice =
                        Some(Notice::info(format!("Imported \"{}\" from {}.", gang.name, path.display())));
                }
            }
            Err(e) => self.gangs.notice = Some(Notice::error(format!("Nothing was imported: {e}."))),
        }
    }

    /// Writes the gang with this id to `path`.
    pub fn export_to(&mut self, id: &str, path: &Path) {
        let Some(gang) = self.gang_by_id(id) else { return };
        self.gangs.notice = Some(match store::write_gang(path, &gang) {
            Ok(()) => Notice::info(format!("Exported \"{}\" to {}.", gang.name, path.display())),
            Err(e) => Notice::error(format!("The gang was not exported: {e}.")),
        });
    }

    fn gang_by_id(&self, id: &str) -> Option<GangFile> {
        if self.gangs.selected.as_deref() == Some(id) {
            return self.gangs.working.clone();
        }
        self.gangs.entries.iter().find(|e| e.id == id).and_then(|e| e.gang.as_ref().ok().cloned())
    }

    /// Prints a gang's roster into the prints folder; returns where it went.
    pub fn print_roster(&mut self, id: &str, paper: Paper) -> Option<PathBuf> {
        let (Some(gang), Some(data)) = (self.gang_by_id(id), self.data.clone()) else { return None };
        let pages = roster::layout(self.rules, &gang, paper);
        // The printout is named after the gang as it is called now.
        let path = data.prints().join(format!("{}-{}.pdf", store::slug(&gang.name), paper.id()));
        let result = print::render(&pages)
            .map_err(|e| e.to_string())
            .and_then(|pdf| store::write_atomic(&path, &pdf).map_err(|e| e.to_string()));
        match result {
            Ok(()) => {
                self.gangs.notice = Some(Notice {
                    text: format!("Roster printed to {}.", path.display()),
                    error: false,
                    path: Some(path.clone()),
                });
                Some(path)
            }
            Err(e) => {
                self.gangs.notice = Some(Notice::error(format!("The roster was not printed: {e}.")));
                None
            }
        }
    }

    /// Carries out one command from the Gangs screen.
    pub fn handle(&mut self, command: GangCommand) {
        match command {
            GangCommand::New { gang } => {
                let name = self
                    .rules
                    .gang(&gang)
                    .map_or_else(|| "New gang".to_owned(), |g| format!("New {}", g.name));
                self.add_gang(&GangFile { name, gang, ..GangFile::default() });
            }
            GangCommand::Select(id) => self.select(&id),
            GangCommand::Duplicate(id) => {
                if let Some(mut gang) = self.gang_by_id(&id) {
                    gang.name = format!("Copy of {}", gang.name);
                    self.add_gang(&gang);
                }
            }
            GangCommand::Delete(id) => self.delete(&id),
            GangCommand::UndoDelete => {
                if let (Some((id, name)), Some(data)) = (self.gangs.deleted.take(), self.data.clone()) {
                    match data.restore_gang(&id) {
                        Ok(()) => {
                            self.refresh();
                            self.select(&id);
                            self.gangs.notice = Some(Notice::info(format!("\"{name}\" is back.")));
                        }
                        Err(e) => {
                            self.gangs.notice =
                                Some(Notice::error(format!("The gang could not be restored: {e}.")));
                        }
                    }
                }
            }
            GangCommand::Import => {
                let tx = self.dialogs.0.clone();
                std::thread::spawn(move || {
                    let path = rfd::FileDialog::new()
                        .set_title("Import a gang")
                        .add_filter("Gang file", &["json"])
                        .pick_file();
                    let _ = tx.send(DialogAnswer::Import(path));
                });
            }
            GangCommand::Export(id) => {
                let file = self.gang_by_id(&id).map_or_else(|| id.clone(), |g| store::slug(&g.name));
                let tx = self.dialogs.0.clone();
                std::thread::spawn(move || {
                    let path = rfd::FileDialog::new()
                        .set_title("Export a gang")
                        .set_file_name(format!("{file}.json"))
                        .add_filter("Gang file", &["json"])
                        .save_file();
                    let _ = tx.send(DialogAnswer::Export(id, path));
                });
            }
            GangCommand::Print(id, paper) => {
                self.print_roster(&id, paper);
            }
            GangCommand::Open(path) => {
                if let Err(e) = open::that_detached(&path) {
                    self.gangs.notice =
                        Some(Notice::error(format!("{} could not be opened: {e}.", path.display())));
                }
            }
        }
    }

    fn delete(&mut self, id: &str) {
        let Some(data) = self.data.clone() else { return };
        self.autosave();
        let name = self.gang_by_id(id).map_or_else(|| id.to_owned(), |g| g.name);
        match data.delete_gang(id) {
            Ok(()) => {
                self.gangs.deleted = Some((id.to_owned(), name));
                if self.gangs.selected.as_deref() == Some(id) {
                    self.gangs.selected = None;
                    self.gangs.working = None;
                    self.saved = None;
                }
                self.refresh();
            }
            Err(e) => self.gangs.notice = Some(Notice::error(format!("The gang was not deleted: {e}."))),
        }
    }

    /// Saves the gang being edited if it changed since it was last saved.
    pub fn autosave(&mut self) {
        let (Some(id), Some(working), Some(data)) =
            (self.gangs.selected.clone(), self.gangs.working.clone(), self.data.clone())
        else {
            return;
        };
        if self.saved.as_ref() == Some(&working) || self.failed_save.as_ref() == Some(&working) {
            return;
        }
        match data.save_gang(&id, &working) {
            Ok(_) => {
                if let Some(entry) = self.gangs.entries.iter_mut().find(|e| e.id == id) {
                    entry.gang = Ok(working.clone());
                }
                self.saved = Some(working);
                self.failed_save = None;
                if self.gangs.notice.as_ref().is_some_and(|n| n.error) {
                    self.gangs.notice = None;
                }
            }
            Err(e) => {
                self.gangs.notice = Some(Notice::error(format!(
                    "Not saved: {e}. Your changes stay here; Posse tries again when you change something."
                )));
                self.failed_save = Some(working);
            }
        }
    }

    fn poll_dialogs(&mut self) {
        while let Ok(answer) = self.dialogs.1.try_recv() {
            match answer {
                DialogAnswer::Import(Some(path)) => self.import_file(&path),
                DialogAnswer::Export(id, Some(path)) => self.export_to(&id, &path),
                DialogAnswer::Import(None) | DialogAnswer::Export(_, None) => {}
            }
        }
    }
}

impl DmhApp {
    /// The current screen.
    fn screen_ui(&mut self, ui: &mut egui::Ui) {
        match self.screen {
            Screen::Reference => reference::reference_ui(ui, self.rules, &mut self.reference),
            Screen::Play => {
                let mut commands = Vec::new();
                let undo_label = self
                    .game
                    .as_ref()
                    .and_then(|g| if g.game.log.len() > 1 { g.game.lines.last().cloned() } else { None });
                let view = play::PlayView {
                    game: self.game.as_ref().map(|g| &g.game),
                    undo_label: undo_label.as_deref(),
                    can_redo: !self.redo.is_empty(),
                    gangs: &self.gangs.entries,
                    series: &self.scenes.series,
                };
                play::play_ui(ui, self.rules, &view, &mut self.play, &mut commands);
                for command in commands {
                    self.handle_play(command);
                }
            }
            Screen::Scenes => {
                let mut commands = Vec::new();
                scenes::scenes_ui(ui, self.rules, &mut self.scenes, &mut commands);
                for command in commands {
                    self.handle_scene(command);
                }
            }
            Screen::Gangs => {
                let mut commands = Vec::new();
                gangs::gangs_ui(ui, self.rules, &mut self.gangs, &mut commands);
                self.autosave();
                for command in commands {
                    self.handle(command);
                }
            }
        }
    }
}

impl SystemApp for DmhApp {
    fn tabs(&self) -> &'static [&'static str] {
        &Screen::NAMES
    }

    fn tab(&self) -> usize {
        Screen::ALL.iter().position(|s| *s == self.screen).unwrap_or(0)
    }

    fn set_tab(&mut self, tab: usize) {
        let Some(&screen) = Screen::ALL.get(tab) else { return };
        if self.screen == Screen::Gangs && screen != Screen::Gangs {
            self.settle_file_name();
        }
        self.screen = screen;
    }

    fn ui(&mut self, ui: &mut egui::Ui) {
        self.poll_dialogs();
        self.screen_ui(ui);
    }

    fn resume_line(&self) -> Option<String> {
        if let Some(active) = &self.game {
            return Some(game_summary(self.rules, &active.game));
        }
        self.play.saved.iter().find(|(_, summary)| !summary.contains(" · over")).map(|(_, s)| s.clone())
    }

    fn resume_last(&mut self) {
        self.screen = Screen::Play;
        if self.game.is_some() {
            return;
        }
        if let Some((id, _)) =
            self.play.saved.iter().find(|(_, summary)| !summary.contains(" · over")).cloned()
        {
            self.handle_play(PlayCommand::Resume(id));
        }
    }

    fn leave(&mut self) {
        self.settle_file_name();
    }

    fn files_dropped(&mut self, paths: Vec<PathBuf>) {
        for path in paths {
            self.screen = Screen::Gangs;
            self.import_file(&path);
        }
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}

/// A journal's game replayed up to its first damage, and that damage: a damaged line, or the
/// first event that does not replay (its line is its number).
fn replay_until_damage(rules: &Rules, read: &store::JournalRead) -> (Game, Option<Damage>) {
    match Game::replay(rules, &read.events) {
        Ok(game) => (game, read.damage.clone()),
        Err((n, e)) => (
            Game::replay(rules, read.events.get(..n).unwrap_or_default()).unwrap_or_default(),
            Some(Damage { line: n + 1, reason: format!("its event does not replay: {e}") }),
        ),
    }
}

/// A saved game in one line, for its Resume button.
fn game_summary(rules: &Rules, game: &Game) -> String {
    let names: Vec<&str> = game.sides.iter().map(|s| s.name.as_str()).collect();
    let scene =
        game.scene.as_deref().and_then(|id| rules.scene(id)).map_or("custom game", |s| s.title.as_str());
    let state = match (&game.result, game.phase) {
        (Some(end), _) => match end.winner.and_then(|w| game.sides.get(w)) {
            Some(w) => format!("over, the {} won", w.name),
            None => "over, a draw".to_owned(),
        },
        (None, crate::systems::dmh::game::Phase::Over) => "over".to_owned(),
        (None, _) => "unfinished".to_owned(),
    };
    format!("{} · {scene} · turn {} · {state}", names.join(" v "), game.turn)
}
