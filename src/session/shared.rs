//! The game open at a table as the sharing server sees it: its seats, each seat's view, and a
//! seat's choice committed through the table's journal like a click in the window.

use crate::kernel::log::{Log, TableRules};
use crate::kernel::seat::{Seat, SeatRules, SeatView, Values};

use super::Table;

/// What sharing needs of a system's table, whatever its game (object-safe, so the shells hold
/// any system's as `dyn SharedTable`).
pub trait SharedTable {
    /// The open game's id (`None`: no game is open, and there is nothing to share).
    fn open_id(&self) -> Option<&str>;
    /// Changes whenever the game at the table does ([`Table::changes`]).
    fn changes(&self) -> u64;
    /// The seats of the open game (none when no game is open).
    fn seats(&self) -> Vec<Seat>;
    /// What `seat` may see and do now (`None`: a watcher, who sees only what is public).
    /// `None` back: no game is open, or there is no such seat.
    fn view(&self, seat: Option<&str>) -> Option<SeatView>;
    /// Carries out `choice` for `seat`, with the `values` typed for its fields: only a choice
    /// the seat's view offers now, with exactly its fields filled in, committed through the
    /// journal (written first, then shown). Returns the event's line.
    ///
    /// # Errors
    /// A sentence when no game is open, the seat has no such choice now, a value is missing
    /// or wrong, the rules refuse it, or it cannot be written; the game is then unchanged.
    fn act(&mut self, seat: &str, choice: &str, values: &Values) -> Result<String, String>;
}

/// A system's table with its rules, borrowed: what a system's screens hand the shell.
pub struct Seated<'a, R: SeatRules + TableRules> {
    pub table: &'a mut Table<Log<R>>,
    pub rules: &'a R,
}

impl<R: SeatRules + TableRules> SharedTable for Seated<'_, R> {
    fn open_id(&self) -> Option<&str> {
        self.table.open_id()
    }

    fn changes(&self) -> u64 {
        self.table.changes()
    }

    fn seats(&self) -> Vec<Seat> {
        self.table.game().map(|game| self.rules.seats(game)).unwrap_or_default()
    }

    fn view(&self, seat: Option<&str>) -> Option<SeatView> {
        self.rules.seat_view(self.table.game()?, seat)
    }

    fn act(&mut self, seat: &str, choice: &str, values: &Values) -> Result<String, String> {
        let game = self.table.game().ok_or("No game is open at the table.")?;
        let view = self.rules.seat_view(game, Some(seat)).ok_or("There is no such seat at this table.")?;
        let offered = view.choice(choice).ok_or("That is not something this seat can do now.")?;
        offered.check(values)?;
        let event = self.rules.seat_event(game, seat, choice, values)?;
        self.table.commit(self.rules, &event).map_err(|e| e.to_string())?;
        Ok(self.table.game().and_then(|g| g.lines.last().cloned()).unwrap_or_default())
    }
}

/// A system's table that owns its rules: what `posse serve` runs with no window.
pub struct Hosted<R: SeatRules + TableRules> {
    pub table: Table<Log<R>>,
    pub rules: R,
}

impl<R: SeatRules + TableRules> Hosted<R> {
    fn seated(&mut self) -> Seated<'_, R> {
        Seated { table: &mut self.table, rules: &self.rules }
    }
}

impl<R: SeatRules + TableRules> SharedTable for Hosted<R> {
    fn open_id(&self) -> Option<&str> {
        self.table.open_id()
    }

    fn changes(&self) -> u64 {
        self.table.changes()
    }

    fn seats(&self) -> Vec<Seat> {
        self.table.game().map(|game| self.rules.seats(game)).unwrap_or_default()
    }

    fn view(&self, seat: Option<&str>) -> Option<SeatView> {
        self.rules.seat_view(self.table.game()?, seat)
    }

    fn act(&mut self, seat: &str, choice: &str, values: &Values) -> Result<String, String> {
        self.seated().act(seat, choice, values)
    }
}

/// Opens the saved game `id` of `data` on a table of its own, for sharing with no window.
/// `noun` is the system's word for a game ("game", "fight").
///
/// # Errors
/// The session's sentence when the game cannot be reopened; a damaged game is refused, since
/// nothing can be played on it.
pub fn host<R: SeatRules + TableRules + 'static>(
    rules: R,
    data: crate::store::DataDir,
    noun: &'static str,
    id: &str,
) -> Result<Box<dyn SharedTable>, String> {
    let mut table = Table::new(Some(data), noun);
    table.resume(&rules, id).map_err(|e| e.to_string())?;
    if let Some(why) = table.read_only() {
        // `why` is a sentence of its own ("This game is read-only: …. Posse will not write
        // to it."), so it follows as one.
        return Err(format!("This {noun} cannot be shared. {}.", why.trim_end_matches('.')));
    }
    Ok(Box::new(Hosted { table, rules }))
}
