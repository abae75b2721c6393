//! A system's screens, made the first time they are used, so the home screen opens without
//! parsing any game's rules (each system's rules are parsed when its app is made).

use std::cell::{LazyCell, OnceCell};
use std::ops::{Deref, DerefMut};

use super::SystemApp;
use crate::store::DataDir;

/// How a system's screens are made: the registry's `app` on the system's own data folder.
type Make = Box<dyn FnOnce() -> Box<dyn SystemApp>>;

/// One system's screens, made on first use: any use through `Deref` makes them, while the
/// home screen's questions ([`LazySystem::resume_line`], [`LazySystem::open_game`]) are
/// answered without making them when they are not made yet.
pub struct LazySystem {
    app: LazyCell<Box<dyn SystemApp>, Make>,
    /// The system's own data folder, for the resume line read from the saved summaries.
    data: Option<DataDir>,
    /// The resume line read from the saved summaries before the screens are made: the files
    /// only change through the screens, once made (or a restore, which makes new ones).
    resume: OnceCell<Option<String>>,
}

impl LazySystem {
    /// The screens `make` makes on the data folder `data` (`None`: nothing can be kept),
    /// not made yet.
    #[must_use]
    pub fn new(make: fn(Option<DataDir>) -> Box<dyn SystemApp>, data: Option<DataDir>) -> LazySystem {
        let folder = data.clone();
        LazySystem { app: LazyCell::new(Box::new(move || make(folder))), data, resume: OnceCell::new() }
    }

    /// The screens, if they have been made.
    #[must_use]
    pub fn made(&self) -> Option<&dyn SystemApp> {
        LazyCell::get(&self.app).map(AsRef::as_ref)
    }

    /// [`SystemApp::resume_line`]: the newest playable saved game's line. Before the screens
    /// are made it is read from the summaries kept beside the journals (no rules needed);
    /// only a game without a valid summary, up to the first playable one, makes the screens,
    /// which replay it.
    #[must_use]
    pub fn resume_line(&self) -> Option<String> {
        if let Some(app) = self.made() {
            return app.resume_line();
        }
        if let Some(line) = self.resume.get() {
            return line.clone();
        }
        match self.cached_resume_line() {
            Cached::Line(line) => self.resume.get_or_init(|| line).clone(),
            Cached::Missing => LazyCell::force(&self.app).resume_line(),
        }
    }

    /// The resume line from the saved summaries, the newest game first as the table lists
    /// them.
    fn cached_resume_line(&self) -> Cached {
        let Some(data) = &self.data else { return Cached::Line(None) };
        for id in data.list_games() {
            let Some(summary) = data.cached_summary(&id) else { return Cached::Missing };
            if summary.playable() {
                return Cached::Line(Some(summary.text()));
            }
        }
        Cached::Line(None)
    }

    /// [`SystemApp::open_game`]: screens not made yet have no game open.
    #[must_use]
    pub fn open_game(&self) -> Option<String> {
        self.made().and_then(SystemApp::open_game)
    }
}

impl Deref for LazySystem {
    type Target = dyn SystemApp;

    fn deref(&self) -> &Self::Target {
        LazyCell::force(&self.app).as_ref()
    }
}

impl DerefMut for LazySystem {
    fn deref_mut(&mut self) -> &mut Self::Target {
        LazyCell::force_mut(&mut self.app).as_mut()
    }
}

/// The resume line as the saved summaries give it.
enum Cached {
    /// The line (`None`: no game to resume).
    Line(Option<String>),
    /// A game up to the first playable one has no valid summary: only a replay tells.
    Missing,
}
