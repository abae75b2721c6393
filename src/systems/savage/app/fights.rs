//! The Fight screen's commands, carried out by the shared table session
//! ([`crate::session::Table`]): a fight started from the combatant files, each event written
//! to its journal before it shows, Undo and Redo, resume, close and delete.

use super::{FightCommand, SavageApp};
use crate::session::{Problem, SessionError};
use crate::store;
use crate::systems::savage::game::{Automation, EDITION, Event, UnitSetup};
use crate::systems::savage::rules::combatant::Combatant;

impl SavageApp {
    /// Lists the saved fights with a line each (remembered, so unchanged fights are not
    /// replayed).
    pub(super) fn refresh_fights(&mut self) {
        self.table.refresh(&self.savage());
    }

    /// Carries out one command from the Fight screen (also what tests and the frame benchmark
    /// send to set a fight up quickly).
    pub fn handle_fight(&mut self, command: FightCommand) {
        let savage = self.savage();
        let result = match command {
            FightCommand::Start { units, automation } => self.start(&units, automation),
            FightCommand::Apply(event) => self.table.commit(&savage, &event).map(|()| None),
            // The question a first Deal asked was about the round undone or redone: it goes.
            FightCommand::Undo => self.table.undo(&savage).map(|_| {
                self.fight.confirm_deal = false;
                None
            }),
            FightCommand::Redo => self.table.redo(&savage).map(|_| {
                self.fight.confirm_deal = false;
                None
            }),
            FightCommand::Resume(id) => self.table.resume(&savage, &id).map(|reopened| {
                self.fight.reset_forms();
                reopened.notice()
            }),
            FightCommand::Close => {
                self.table.close(&savage);
                Ok(None)
            }
            FightCommand::Delete(id) => self.table.delete(&savage, &id).map(|()| None),
            FightCommand::UndoDelete => self.table.undo_delete(&savage).map(|_| None),
        };
        self.fight.notice = match result {
            Ok(notice) => notice,
            Err(e) => Some(e.to_string()),
        };
    }

    /// Starts a fight with `units` (a combatant file and how many copies of it: two groups of
    /// the same Extras are "Outlaws A" and "Outlaws B").
    fn start(
        &mut self,
        units: &[(String, u32)],
        automation: Automation,
    ) -> Result<Option<String>, SessionError> {
        let problem = |problem| SessionError { noun: "fight", problem };
        let mut setups: Vec<UnitSetup> = Vec::new();
        let mut players: Vec<String> = Vec::new();
        for (file, copies) in units {
            let Some(c) =
                self.combatants.entries.iter().find(|e| &e.id == file).and_then(|e| e.combatant.clone().ok())
            else {
                return Err(problem(Problem::CannotStart(format!(
                    "the combatant file {file} cannot be read"
                ))));
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
            return Err(problem(Problem::CannotStart("pick the combatants of the fight first".into())));
        }
        let seed = self.fight.seed.take().unwrap_or_else(crate::clock::seed);
        let setup = Event::Setup { seed, players, units: setups, automation, edition: EDITION };
        self.table.start(&self.savage(), &setup)?;
        self.fight.reset_forms();
        Ok(None)
    }
}
