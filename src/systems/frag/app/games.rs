//! The Play screen's commands, carried out by the shared table session
//! ([`crate::session::Table`]): start, commit, undo, redo, resume, close and delete.

use super::FragApp;
use crate::systems::frag::game::{Event, Setup};
use crate::systems::frag::ui::play::PlayCommand;

impl FragApp {
    /// Re-reads the list of saved games.
    pub(super) fn refresh_games(&mut self) {
        self.table.refresh(self.book);
    }

    /// Carries out one command from the Play screen.
    pub fn handle_play(&mut self, command: PlayCommand) {
        self.play.notice = None;
        let result = match command {
            PlayCommand::Start(setup) => self.start_game(*setup),
            PlayCommand::Apply(event) => {
                self.table.commit(self.book, &event).map(|()| self.play.after_event(&event))
            }
            PlayCommand::Undo => self.table.undo(self.book).map(|undone| {
                if let Some(event) = undone {
                    self.play.undone(&event);
                }
            }),
            PlayCommand::Redo => self.table.redo(self.book).map(|redone| {
                if let Some(event) = redone {
                    self.play.after_event(&event);
                }
            }),
            PlayCommand::Resume(id) => self.table.resume(self.book, &id).map(|reopened| {
                self.play.notice = reopened.notice();
            }),
            PlayCommand::Close => {
                self.table.close(self.book);
                Ok(())
            }
            PlayCommand::Delete(id) => self.table.delete(self.book, &id),
            PlayCommand::UndoDelete => self.table.undo_delete(self.book).map(|_| ()),
        };
        if let Err(e) = result {
            self.play.notice = Some(e.to_string());
        }
    }

    fn start_game(&mut self, setup: Setup) -> Result<(), crate::session::SessionError> {
        let event = Event::Begin(Box::new(setup));
        self.table.start(self.book, &event)?;
        self.play.poker.clear();
        self.play.after_event(&event);
        Ok(())
    }
}
