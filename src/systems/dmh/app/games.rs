//! The Play screen's commands, carried out by the shared table session
//! ([`crate::session::Table`]): starting a game from two gangs, commit, undo, redo, resume,
//! close and delete.

use super::{DeckKind, DmhApp, Event, GangFile, PlayCommand, Role, SceneCommand, Setup, SideSetup};

impl DmhApp {
    pub(super) fn refresh_games(&mut self) {
        self.table.refresh(self.rules);
    }

    /// Carries out one command from the Play screen.
    pub fn handle_play(&mut self, command: PlayCommand) {
        let rules = self.rules;
        let result = match command {
            // While a hand is hidden for the hand-over, Undo and Redo wait: the screen greys
            // them by the same rule, and a command that comes anyway (a key, a test) does
            // nothing, as a greyed button does.
            PlayCommand::Undo | PlayCommand::Redo
                if self.table.game().and_then(|game| self.play.history_held(game)).is_some() =>
            {
                Ok(())
            }
            PlayCommand::Start { scene, good, bad, extra_card } => {
                self.start_game(scene, &good, &bad, extra_card)
            }
            PlayCommand::Apply(event) => self.table.commit(rules, &event).map_err(|e| e.to_string()),
            // What the screen shows after it (which hand is hidden, which offer) is the
            // screen's state, told what was undone or redone.
            PlayCommand::Undo => self.table.undo(rules).map_err(|e| e.to_string()).map(|undone| {
                if let (Some(event), Some(game)) = (undone, self.table.game()) {
                    self.play.undone(&event, game);
                }
            }),
            PlayCommand::Redo => self.table.redo(rules).map_err(|e| e.to_string()).map(|redone| {
                if let (Some(_), Some(game)) = (redone, self.table.game()) {
                    self.play.redone(game);
                }
            }),
            PlayCommand::Resume(id) => self.resume(&id),
            PlayCommand::Record { scene, outcome } => {
                self.handle_scene(SceneCommand::Record(scene, Some(outcome)));
                match self.scenes.notice.as_ref().filter(|n| n.error) {
                    Some(n) => Err(n.text.clone()),
                    None => Ok(()),
                }
            }
            PlayCommand::Close => {
                self.table.close(rules);
                Ok(())
            }
            PlayCommand::Delete(id) => self.table.delete(rules, &id).map_err(|e| e.to_string()),
            PlayCommand::UndoDelete => self.table.undo_delete(rules).map(|_| ()).map_err(|e| e.to_string()),
        };
        if let Err(message) = result {
            self.play.notice = Some(message);
        }
    }

    /// Starts a game; `extra_card` is the side that won the storyline's previous scene (it
    /// draws one more card for its hand).
    pub(super) fn start_game(
        &mut self,
        scene: Option<String>,
        good: &str,
        bad: &str,
        extra_card: Option<Role>,
    ) -> Result<(), String> {
        let gang = |id: &str| {
            self.gangs.entries.iter().find(|e| e.id == id).and_then(|e| e.gang.as_ref().ok().cloned())
        };
        let (Some(good_file), Some(bad_file)) = (gang(good), gang(bad)) else {
            return Err("Pick two readable gangs.".into());
        };
        // The screen greys Start the game by the same rule; a command that comes anyway
        // (a key, a test) is refused with its sentence.
        if let Some(refusal) =
            crate::systems::dmh::rules::gang::pairing_refusal((good, &good_file), (bad, &bad_file))
        {
            return Err(refusal);
        }
        let (good, bad) = (good_file, bad_file);
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
        let now = crate::clock::since_epoch();
        let setup = Setup {
            seed: self.play.seed.take().unwrap_or_else(|| {
                u64::try_from(now.as_nanos() % u128::from(u64::MAX)).map_or(1, |s| s.max(1))
            }),
            scene,
            sides: [side(good, Role::Good, red), side(bad, Role::Bad, black)],
            edition: crate::systems::dmh::game::EDITION,
        };
        self.table.start(self.rules, &Event::Begin(Box::new(setup))).map_err(|e| e.to_string())
    }

    /// Reopens a saved game. A journal cut short by a crash is mended (a copy of it is kept);
    /// a damaged one opens read-only up to the damage, and Posse never writes to it.
    pub(super) fn resume(&mut self, id: &str) -> Result<(), String> {
        let reopened = self.table.resume(self.rules, id).map_err(|e| e.to_string())?;
        self.play.notice = reopened.notice();
        Ok(())
    }
}
