//! The Play screen's commands, carried out by the shared table session
//! ([`crate::session::Table`]): start, commit, undo, redo, resume, close and delete.

use super::FragmasterApp;
use crate::systems::fragmaster::game::{Event, Game, Setup};
use crate::systems::fragmaster::ui::play::PlayCommand;

impl FragmasterApp {
    /// Lists the saved games, newest first, each with its summary.
    pub(super) fn refresh_games(&mut self) {
        self.table.refresh(&self.log_rules());
    }

    /// Carries out one command from the Play screen; a failure becomes the screen's notice.
    pub fn handle_play(&mut self, command: PlayCommand) {
        self.play.notice = None;
        let rules = self.log_rules();
        let result = match command {
            PlayCommand::Start(setup) => self.start_game(setup),
            PlayCommand::Apply(event) => self.table.commit(&rules, &event),
            PlayCommand::Undo => self.table.undo(&rules).map(|undone| {
                if let (Some(event), Some(game)) = (undone, self.table.game()) {
                    self.play.undone(self.rules, &game.state, &event);
                }
            }),
            PlayCommand::Redo => self.table.redo(&rules).map(|_| ()),
            PlayCommand::Resume(id) => self.table.resume(&rules, &id).map(|reopened| {
                self.play.new_game();
                // A read-only game says why above the game as long as it is open, so the
                // notice is only for a journal that was mended.
                if let crate::session::Reopened::Mended(_) = reopened {
                    self.play.notice = reopened.notice();
                }
            }),
            PlayCommand::Close => {
                self.table.close(&rules);
                Ok(())
            }
            PlayCommand::Delete(id) => self.table.delete(&rules, &id),
            PlayCommand::UndoDelete => self.table.undo_delete(&rules).map(|_| ()),
        };
        if let Err(e) = result {
            self.play.notice = Some(e.to_string());
        }
    }

    /// Starts a game: a new journal, and the game opens once its set-up is on the disk.
    fn start_game(&mut self, setup: Setup) -> Result<(), crate::session::SessionError> {
        self.table.start(&self.log_rules(), &Event::Setup(setup))?;
        self.play.new_game();
        Ok(())
    }
}

/// A game in one line, for its Resume button: the players, the round and where it stands.
#[must_use]
pub fn game_summary(game: &Game<'_>) -> String {
    crate::systems::fragmaster::game::summary(&game.state).line
}
