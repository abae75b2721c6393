//! The Fight screen's commands: a fight started from the combatant files, each event written
//! to its journal before it shows, Undo and Redo, and a saved fight resumed (mended if its
//! last line was cut short, read-only if it is damaged).

use std::collections::BTreeMap;

use super::{ActiveFight, FightCommand, SavageApp, Saving};
use crate::kernel::log::{CommitError, Rules as _};
use crate::store::{self, Damage, Journal, JournalRead};
use crate::systems::savage::game::{Automation, Event, Fight, Savage, UnitSetup};
use crate::systems::savage::rules::combatant::Combatant;

impl SavageApp {
    /// Lists the saved fights with a line each (remembered, so unchanged fights are not
    /// replayed).
    pub(super) fn refresh_fights(&mut self) {
        let Some(data) = &self.data else { return };
        let savage = self.savage();
        self.fight.saved = data
            .list_games()
            .into_iter()
            .map(|id| {
                if let Some(summary) = data.cached_summary(&id) {
                    return (id, summary);
                }
                let read = match store::read_journal_of::<Event>(&data.game_path(&id)) {
                    Ok(read) => read,
                    Err(e) => return (id.clone(), format!("{id} · cannot be read, damaged ({e})")),
                };
                let (fight, damage) = replay_until_damage(savage, &read);
                let mut summary = fight_summary(&fight);
                if let Some(damage) = damage {
                    summary = format!("{summary} · damaged at line {}, read-only", damage.line);
                }
                // Best effort: without it the fight is replayed again next time.
                let _ = data.save_summary(&id, &summary);
                (id, summary)
            })
            .collect();
    }

    /// Carries out one command from the Fight screen.
    pub(super) fn handle_fight(&mut self, command: FightCommand) {
        let result = match command {
            FightCommand::Start { units, automation } => self.start(&units, automation),
            FightCommand::Apply(event) => {
                let applied = self.apply(&event);
                if applied.is_ok() {
                    self.redo.clear();
                }
                applied
            }
            FightCommand::Undo => self.undo(),
            FightCommand::Redo => self.redo(),
            FightCommand::Resume(id) => self.resume(&id),
            FightCommand::Close => {
                if let (Some(active), Some(data)) = (self.game.take(), &self.data)
                    && active.read_only().is_none()
                {
                    // Best effort: without it the fight is replayed when the list is next made.
                    let _ = data.save_summary(&active.id, &fight_summary(&active.fight));
                }
                self.redo.clear();
                self.refresh_fights();
                Ok(())
            }
        };
        self.fight.notice = result.err();
    }

    /// Starts a fight with `units` (a combatant file and how many copies of it: two groups of
    /// the same Extras are "Outlaws A" and "Outlaws B").
    fn start(&mut self, units: &[(String, u32)], automation: Automation) -> Result<(), String> {
        let data = self.data.clone().ok_or("There is no data folder to keep the fight in.")?;
        let mut setups: Vec<UnitSetup> = Vec::new();
        let mut players: Vec<String> = Vec::new();
        for (file, copies) in units {
            let Some(c) =
                self.combatants.entries.iter().find(|e| &e.id == file).and_then(|e| e.combatant.clone().ok())
            else {
                return Err(format!("The combatant file {file} cannot be read."));
            };
            if let Some(p) = &c.player
                && !players.contains(p)
            {
                players.push(p.clone());
            }
            for n in 0..*copies {
                let mut copy: Combatant = c.clone();
                if *copies > 1 {
                    let letter = char::from(b'A' + u8::try_from(n % 26).unwrap_or(0));
                    copy.name = format!("{} {letter}", c.name);
                }
                let base = store::slug(&copy.name);
                let id = (1..10_000u32)
                    .map(|k| if k == 1 { base.clone() } else { format!("{base}-{k}") })
                    .find(|id| setups.iter().all(|u| &u.id != id))
                    .unwrap_or(base);
                setups.push(UnitSetup { id, combatant: copy });
            }
        }
        if setups.is_empty() {
            return Err("Pick the combatants of the fight first.".into());
        }
        let now = crate::clock::since_epoch();
        let seed = self
            .fight
            .seed
            .take()
            .unwrap_or_else(|| u64::try_from(now.as_nanos() % u128::from(u64::MAX)).unwrap_or(1));
        let setup = Event::Setup { seed, players, units: setups, automation };
        // Refused before any file is made: nothing is left behind.
        self.savage()
            .apply(&mut crate::systems::savage::game::State::default(), &setup)
            .map_err(|e| format!("The fight cannot start: {e}."))?;
        let (id, mut journal) =
            data.create_game(now.as_secs()).map_err(|e| format!("The fight cannot be saved: {e}."))?;
        let mut fight = Fight::default();
        if let Err(e) = fight.commit(&self.savage(), &setup, |event| journal.append(event)) {
            data.discard_empty_game(&id);
            return Err(match e {
                CommitError::Refused(e) => format!("The fight cannot start: {e}."),
                CommitError::NotSaved(e) => format!("The fight cannot be saved: {e}."),
            });
        }
        self.game = Some(ActiveFight { id, fight, saving: Saving::Journal(journal) });
        self.redo.clear();
        self.fight.reset_forms();
        Ok(())
    }

    /// Applies an event the safe way round: written to the journal first, then shown.
    fn apply(&mut self, event: &Event) -> Result<(), String> {
        let savage = self.savage();
        let Some(active) = self.game.as_mut() else { return Err("No fight is open.".into()) };
        let journal = match &mut active.saving {
            Saving::Journal(journal) => journal,
            Saving::ReadOnly(why) => return Err(why.clone()),
        };
        active.fight.commit(&savage, event, |e| journal.append(e)).map_err(|e| match e {
            CommitError::Refused(e) => crate::ui::sentence(&format!("That cannot be done: {e}")),
            CommitError::NotSaved(e) => {
                format!(
                    "The event was not saved, so it was not applied: {e}. Try again once it can be saved."
                )
            }
        })
    }

    fn undo(&mut self) -> Result<(), String> {
        let savage = self.savage();
        let Some(active) = self.game.as_mut() else { return Ok(()) };
        let journal = match &mut active.saving {
            Saving::Journal(journal) => journal,
            Saving::ReadOnly(why) => return Err(why.clone()),
        };
        let line = active.fight.last_line().unwrap_or_default().to_owned();
        let Some((fight, event)) =
            active.fight.undo(&savage).map_err(|(n, e)| format!("Event {} does not replay: {e}.", n + 1))?
        else {
            return Ok(());
        };
        if matches!(event, Event::Setup { .. }) {
            return Err("The start of the fight cannot be undone; close the fight instead.".into());
        }
        // Written first: the fight goes back only once the journal has.
        journal
            .replace(&fight.events)
            .map_err(|e| format!("The undo was not saved, so nothing changed: {e}."))?;
        active.fight = fight;
        self.redo.push((event, line));
        Ok(())
    }

    fn redo(&mut self) -> Result<(), String> {
        let Some((event, line)) = self.redo.pop() else { return Ok(()) };
        // Not redone (refused, or the disk refused it): it stays to be redone.
        self.apply(&event).inspect_err(|_| self.redo.push((event, line)))
    }

    /// Reopens a saved fight. A journal cut short by a crash is mended (a copy of it is kept);
    /// a damaged one opens read-only up to the damage, and Posse never writes to it.
    fn resume(&mut self, id: &str) -> Result<(), String> {
        let data = self.data.clone().ok_or("There is no data folder.")?;
        let path = data.game_path(id);
        let read = store::read_journal_of::<Event>(&path)
            .map_err(|e| format!("The fight cannot be reopened: {e}."))?;
        let (fight, damage) = replay_until_damage(self.savage(), &read);
        let saving = match damage {
            Some(Damage { line, reason }) => Saving::ReadOnly(format!(
                "This fight is read-only: its journal is damaged at line {line} ({reason}). Posse will not write to it."
            )),
            None => match Journal::resume(&path, &read) {
                Ok((journal, copy)) => {
                    if let Some(copy) = copy {
                        self.fight.notice = Some(format!(
                            "The last event was cut short when Posse stopped, and is left out; the whole journal is kept as {}.",
                            copy.display()
                        ));
                    }
                    Saving::Journal(journal)
                }
                Err(e) => Saving::ReadOnly(format!(
                    "This fight is read-only: its journal cannot be written ({e}). Posse will not write to it."
                )),
            },
        };
        let notice = match &saving {
            Saving::ReadOnly(why) => Some(why.clone()),
            Saving::Journal(_) => self.fight.notice.take(),
        };
        self.game = Some(ActiveFight { id: id.to_owned(), fight, saving });
        self.redo.clear();
        self.fight.reset_forms();
        self.fight.notice = notice;
        Ok(())
    }
}

/// A journal's fight replayed up to its first damage, and that damage: a damaged line, or the
/// first event that does not replay (its line is its number).
fn replay_until_damage(
    savage: Savage<'static>,
    read: &JournalRead<Event>,
) -> (Fight<'static>, Option<Damage>) {
    match Fight::replay(&savage, &read.events) {
        Ok(fight) => (fight, read.damage.clone()),
        Err((n, e)) => (
            Fight::replay(&savage, read.events.get(..n).unwrap_or_default()).unwrap_or_default(),
            Some(Damage { line: n + 1, reason: format!("its event does not replay: {e}") }),
        ),
    }
}

/// A fight in one line, for its Resume button: who, the round, who is still standing.
#[must_use]
pub fn fight_summary(fight: &Fight<'_>) -> String {
    let s = &fight.state;
    let mut sides: BTreeMap<bool, Vec<&str>> = BTreeMap::new();
    for u in &s.units {
        sides.entry(u.combatant.player.is_some()).or_default().push(u.combatant.name.as_str());
    }
    let posse = sides.get(&true).map_or(0, Vec::len);
    let foes = sides.get(&false).map_or(0, Vec::len);
    let standing = s.units.iter().filter(|u| u.in_fight()).count();
    format!(
        "Fight · round {} · posse of {posse} against {foes} · {standing} of {} still fighting",
        s.round(),
        s.units.len()
    )
}
