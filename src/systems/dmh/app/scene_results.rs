//! The Scenes screen's commands: checklists and the quick reference printed, results kept
//! for series play.

use super::{DmhApp, GangFile, Notice, SceneCommand, Screen, print};
use crate::app::files::Delivered;
use crate::systems::dmh::files::GangFolder as _;

impl DmhApp {
    pub(super) fn load_series(&mut self) {
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

    /// Writes laid-out pages as a PDF into the prints folder (a download in the web page);
    /// returns where it went.
    pub(super) fn print_pages(&self, pages: &[print::Page], file: &str) -> Result<Delivered, String> {
        let data = self.data.as_ref().ok_or("there is no data folder to print into")?;
        let path = data.prints().join(file);
        let pdf = print::render(pages).map_err(|e| e.to_string())?;
        crate::app::files::deliver_print(&path, &pdf)
    }

    /// Carries out one command from the Scenes screen.
    pub fn handle_scene(&mut self, command: SceneCommand) {
        match command {
            SceneCommand::PrintChecklist(id, paper) => {
                let Some(scene) = self.rules.scene(&id) else { return };
                let pages = crate::systems::dmh::print::checklist::layout(self.rules, scene, paper);
                self.scenes.notice =
                    Some(match self.print_pages(&pages, &format!("{id}-checklist-{}.pdf", paper.id())) {
                        Ok(to) => Notice {
                            text: format!("Checklist printed {}.", to.describe()),
                            error: false,
                            path: to.path(),
                        },
                        Err(e) => Notice::error(format!("The checklist was not printed: {e}.")),
                    });
            }
            SceneCommand::PrintReference(paper) => {
                let pages = crate::systems::dmh::print::quickref::layout(self.rules, paper);
                self.scenes.notice =
                    Some(match self.print_pages(&pages, &format!("quick-reference-{}.pdf", paper.id())) {
                        Ok(to) => Notice {
                            text: format!("Quick reference printed {}.", to.describe()),
                            error: false,
                            path: to.path(),
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
                if let Err(e) = crate::app::files::open(&path) {
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
}
