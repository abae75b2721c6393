//! The Play screen's commands: starting a game, each event written to its journal before it
//! shows, undo and redo, and resuming a saved game (mended if torn, read-only if damaged).

use super::{
    ActiveGame, CommitError, Damage, DeckKind, DmhApp, Event, Game, GangFile, Journal, PlayCommand, Role,
    Rules, Saving, SceneCommand, Setup, SideSetup, store,
};

impl DmhApp {
    pub(super) fn refresh_games(&mut self) {
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
    pub(super) fn start_game(
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
        let now = crate::clock::since_epoch();
        let setup = Setup {
            seed: self.play.seed.take().unwrap_or_else(|| {
                u64::try_from(now.as_nanos() % u128::from(u64::MAX)).map_or(1, |s| s.max(1))
            }),
            scene,
            sides: [side(good, Role::Good, red), side(bad, Role::Bad, black)],
            edition: crate::systems::dmh::game::EDITION,
        };
        // A new journal of its own (two games started in the same second get two), and the
        // game opens only once its first event is on the disk.
        let (id, mut journal) =
            data.create_game(now.as_secs()).map_err(|e| format!("The game cannot be saved: {e}."))?;
        let mut game = Game::default();
        if let Err(e) = crate::systems::dmh::journal::commit(
            &mut journal,
            &mut game,
            self.rules,
            &Event::Begin(Box::new(setup)),
        ) {
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
    pub(super) fn apply_event(&mut self, event: &Event) -> Result<(), String> {
        let Some(active) = self.game.as_mut() else { return Err("No game is open.".into()) };
        let journal = match &mut active.saving {
            Saving::Journal(journal) => journal,
            Saving::ReadOnly(why) => return Err(why.clone()),
        };
        crate::systems::dmh::journal::commit(journal, &mut active.game, self.rules, event).map_err(
            |e| match e {
                CommitError::Refused(e) => format!("That cannot be done: {e}."),
                CommitError::NotSaved(e) => {
                    format!(
                        "The event was not saved, so it was not applied: {e}. Try again once it can be saved."
                    )
                }
            },
        )
    }

    pub(super) fn undo(&mut self) -> Result<(), String> {
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
    pub(super) fn resume(&mut self, id: &str) -> Result<(), String> {
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
}

/// A journal's game replayed up to its first damage, and that damage: a damaged line, or the
/// first event that does not replay (its line is its number).
pub(super) fn replay_until_damage(rules: &Rules, read: &store::JournalRead) -> (Game, Option<Damage>) {
    match Game::replay(rules, &read.events) {
        Ok(game) => (game, read.damage.clone()),
        Err((n, e)) => (
            Game::replay(rules, read.events.get(..n).unwrap_or_default()).unwrap_or_default(),
            Some(Damage { line: n + 1, reason: format!("its event does not replay: {e}") }),
        ),
    }
}

/// A saved game in one line, for its Resume button.
pub(super) fn game_summary(rules: &Rules, game: &Game) -> String {
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
