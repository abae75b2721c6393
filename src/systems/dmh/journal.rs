//! Dead Man's Hand's games written to their journals: [`commit`] applies an event on a copy of
//! the game, writes it, and only then shows it. Shared by the app and `posse game simulate`.

use crate::kernel::log::CommitError;
use crate::store::{Journal, StoreError};
use crate::systems::dmh::game::{Event, Game, GameError};
use crate::systems::dmh::rules::Rules;

/// Adds `event` to `game` in the safe order: tried on a copy of the game's state, written
/// to `journal` and synced, and only then committed to `game`. On any failure `game` is
/// as it was, so nothing on screen is missing from the disk.
///
/// # Errors
/// When the game refuses the event, or the journal cannot be written.
pub fn commit(
    journal: &mut Journal,
    game: &mut Game,
    rules: &Rules,
    event: &Event,
) -> Result<(), CommitError<GameError, StoreError>> {
    // The copy leaves out the log and its lines, which only grow: they move to the copy and
    // back, so the cost does not grow with the game.
    let log = std::mem::take(&mut game.log);
    let lines = std::mem::take(&mut game.lines);
    let (log_len, lines_len) = (log.len(), lines.len());
    let mut next = game.clone();
    next.log = log;
    next.lines = lines;
    let result = next
        .apply(rules, event)
        .map_err(CommitError::Refused)
        .and_then(|()| journal.append(event).map_err(CommitError::NotSaved));
    if result.is_ok() {
        *game = next;
    } else {
        next.log.truncate(log_len);
        next.lines.truncate(lines_len);
        game.log = next.log;
        game.lines = next.lines;
    }
    result
}
