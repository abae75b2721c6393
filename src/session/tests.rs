//! The table session on a toy game: a running total, started with a number, refused an
//! addition of 0, over once it reaches 10.

use super::*;
use crate::kernel::log::Rules;

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
enum Ev {
    Start(u32),
    Add(u32),
}

#[derive(Clone, Debug, Default)]
struct Count {
    total: u32,
    started: bool,
}

#[derive(Debug, thiserror::Error)]
enum Refusal {
    #[error("adding nothing changes nothing")]
    Nothing,
    #[error("the count has not started")]
    NotStarted,
    #[error("the count has already started")]
    Started,
}

struct Counting;

impl Rules for Counting {
    type State = Count;
    type Event = Ev;
    type Error = Refusal;

    fn apply(&self, state: &mut Count, event: &Ev) -> Result<(), Refusal> {
        match (event, state.started) {
            (Ev::Start(_), true) => Err(Refusal::Started),
            (Ev::Start(n), false) => {
                state.started = true;
                state.total = *n;
                Ok(())
            }
            (Ev::Add(_), false) => Err(Refusal::NotStarted),
            (Ev::Add(0), true) => Err(Refusal::Nothing),
            (Ev::Add(n), true) => {
                state.total += n;
                Ok(())
            }
        }
    }

    fn describe(&self, _before: &Count, after: &Count, event: &Ev) -> String {
        match event {
            Ev::Start(n) => format!("Start at {n}"),
            Ev::Add(n) => format!("Add {n}: {}", after.total),
        }
    }
}

impl TableRules for Counting {
    fn summary(&self, state: &Count) -> Summary {
        Summary::new(format!("Count at {}", state.total), state.total >= 10)
    }

    fn is_start(event: &Ev) -> bool {
        matches!(event, Ev::Start(_))
    }
}

type Game = Log<Counting>;

fn table(dir: &tempfile::TempDir) -> Table<Game> {
    let mut table = Table::new(Some(DataDir::at(dir.path())), "count");
    table.refresh(&Counting);
    table
}

fn total(table: &Table<Game>) -> Option<u32> {
    table.game().map(|g| g.state.total)
}

#[test]
fn a_game_is_written_before_it_is_shown_and_comes_back_as_it_was() {
    let dir = tempfile::tempdir().expect("temp");
    let mut t = table(&dir);
    t.start(&Counting, &Ev::Start(2)).expect("started");
    t.commit(&Counting, &Ev::Add(3)).expect("added");
    let id = t.open_id().expect("open").to_owned();
    assert_eq!(t.undo_label(), Some("Add 3: 5"));
    t.close(&Counting);
    assert_eq!(t.saved, vec![SavedGame { id: id.clone(), summary: Summary::new("Count at 5", false) }]);
    assert_eq!(t.resumable().map(|g| g.id.as_str()), Some(id.as_str()));

    let mut again = table(&dir);
    assert_eq!(again.resume(&Counting, &id), Ok(Reopened::AsLeft));
    assert_eq!(total(&again), Some(5));
    assert_eq!(again.game().map(|g| g.lines.clone()), Some(vec!["Start at 2".into(), "Add 3: 5".into()]));
}

#[test]
fn a_refused_set_up_leaves_no_file_and_a_refused_event_changes_nothing() {
    let dir = tempfile::tempdir().expect("temp");
    let mut t = table(&dir);
    let refused = t.start(&Counting, &Ev::Add(1)).expect_err("not a start");
    assert_eq!(refused.to_string(), "The count cannot start: the count has not started.");
    assert!(t.data().expect("folder").list_games().is_empty());

    t.start(&Counting, &Ev::Start(1)).expect("started");
    t.commit(&Counting, &Ev::Add(4)).expect("added");
    t.undo(&Counting).expect("undone");
    assert_eq!(t.redo_label(), Some("Add 4: 5"));
    let refused = t.commit(&Counting, &Ev::Add(0)).expect_err("refused");
    assert_eq!(refused.to_string(), "That cannot be done: adding nothing changes nothing.");
    // A refused event is no new event: Redo is still there.
    assert_eq!(t.redo_label(), Some("Add 4: 5"));
    assert_eq!(t.redo(&Counting).expect("redone"), Some(Ev::Add(4)));
    assert_eq!(total(&t), Some(5));
    // A new event clears it.
    t.undo(&Counting).expect("undone");
    t.commit(&Counting, &Ev::Add(2)).expect("added");
    assert_eq!(t.redo_label(), None);
    assert_eq!(total(&t), Some(3));
}

#[test]
fn the_set_up_cannot_be_undone_and_undo_rewrites_the_journal() {
    let dir = tempfile::tempdir().expect("temp");
    let mut t = table(&dir);
    t.start(&Counting, &Ev::Start(7)).expect("started");
    assert_eq!(t.undo_label(), None);
    let refused = t.undo(&Counting).expect_err("the start");
    assert_eq!(refused.to_string(), "The start of the count cannot be undone; close the count instead.");
    t.commit(&Counting, &Ev::Add(1)).expect("added");
    t.undo(&Counting).expect("undone");
    let id = t.open_id().expect("open").to_owned();
    let read = store::read_journal_of::<Ev>(&DataDir::at(dir.path()).game_path(&id)).expect("read");
    assert_eq!(read.events, vec![Ev::Start(7)]);
}

#[test]
fn a_finished_game_is_listed_as_such_and_not_offered_to_resume() {
    let dir = tempfile::tempdir().expect("temp");
    let mut t = table(&dir);
    t.start(&Counting, &Ev::Start(9)).expect("started");
    t.commit(&Counting, &Ev::Add(1)).expect("added");
    t.close(&Counting);
    assert!(t.saved[0].summary.finished);
    assert_eq!(t.resumable(), None);
    // The remembered summary says so too, without a replay.
    let again = table(&dir);
    assert_eq!(again.saved[0].summary, Summary::new("Count at 10", true));
}

#[test]
fn a_deleted_game_waits_in_deleted_and_the_delete_can_be_undone() {
    let dir = tempfile::tempdir().expect("temp");
    let mut t = table(&dir);
    t.start(&Counting, &Ev::Start(3)).expect("started");
    let id = t.open_id().expect("open").to_owned();
    t.delete(&Counting, &id).expect("deleted");
    assert!(t.open.is_none(), "the open game is closed");
    assert!(t.saved.is_empty());
    let data = DataDir::at(dir.path());
    assert!(data.deleted_games().join(format!("{id}.jsonl")).is_file());
    assert_eq!(t.last_deleted().map(|d| (d.game.summary.line.as_str(), d.at)), Some(("Count at 3", 0)));
    assert_eq!(t.undo_delete(&Counting).expect("restored"), Some(id.clone()));
    assert_eq!(t.saved.iter().map(|g| g.id.as_str()).collect::<Vec<_>>(), vec![id.as_str()]);
    assert_eq!(t.undo_delete(&Counting).expect("nothing"), None);
    // A missing game is not deleted, and says so.
    let refused = t.delete(&Counting, "game-1").expect_err("no such game");
    assert!(refused.to_string().starts_with("The count was not deleted: "), "{refused}");
}

#[test]
fn a_damaged_journal_opens_read_only_and_is_never_written() {
    let dir = tempfile::tempdir().expect("temp");
    let mut t = table(&dir);
    t.start(&Counting, &Ev::Start(1)).expect("started");
    t.commit(&Counting, &Ev::Add(2)).expect("added");
    let id = t.open_id().expect("open").to_owned();
    t.close(&Counting);
    let path = DataDir::at(dir.path()).game_path(&id);
    let text = std::fs::read_to_string(&path).expect("journal");
    let changed = text.replacen("\"Add\":2", "\"Add\":5", 1);
    assert_ne!(changed, text, "the staged damage is in the journal");
    std::fs::write(&path, &changed).expect("damaged");

    let mut again = table(&dir);
    assert_eq!(again.saved[0].summary.damaged, Some(2));
    assert_eq!(again.saved[0].summary.text(), "Count at 1 · damaged at line 2, read-only");
    assert_eq!(again.resumable(), None);
    let Reopened::ReadOnly(why) = again.resume(&Counting, &id).expect("reopened") else {
        panic!("read-only")
    };
    assert!(why.starts_with("This count is read-only: its journal is damaged at line 2"), "{why}");
    assert_eq!(again.commit(&Counting, &Ev::Add(1)).expect_err("read-only").to_string(), why);
    assert_eq!(again.undo_label(), None);
    assert_eq!(std::fs::read_to_string(&path).expect("journal"), changed, "never written");
}

#[test]
fn without_a_data_folder_nothing_starts_and_the_sentence_says_why() {
    let mut t: Table<Game> = Table::new(None, "fight");
    let refused = t.start(&Counting, &Ev::Start(1)).expect_err("no folder");
    assert_eq!(refused.to_string(), "There is no data folder to keep the fight in.");
    assert_eq!(t.commit(&Counting, &Ev::Add(1)).expect_err("none").to_string(), "No fight is open.");
}

/// A long game's lines are remembered beside its journal when it is first reopened (and at
/// close), and the next reopen takes them instead of making its words again; once the journal
/// changes they are stale and the words are made afresh.
#[test]
fn a_long_games_lines_are_remembered_for_its_journal() {
    let dir = tempfile::tempdir().expect("temp");
    let data = DataDir::at(dir.path());
    let events: Vec<Ev> =
        std::iter::once(Ev::Start(0)).chain((0..LINES_WORTH_REMEMBERING).map(|_| Ev::Add(1))).collect();
    crate::store::Journal::rewrite(&data.game_path("game-1"), &events).expect("journal");
    let cache = dir.path().join("games/game-1.lines.json");
    let mut t = table(&dir);
    t.resume(&Counting, "game-1").expect("reopened");
    assert_eq!(t.game().map(|g| g.lines[1].clone()), Some("Add 1: 1".to_owned()));
    assert!(cache.exists(), "remembered on the first reopen");
    t.close(&Counting);

    // The remembered words are the ones shown: one changed by hand comes back changed.
    let text = std::fs::read_to_string(&cache).expect("cache");
    std::fs::write(&cache, text.replacen("\nAdd 1: 1\n", "\nRemembered\n", 1)).expect("edited");
    let mut again = table(&dir);
    again.resume(&Counting, "game-1").expect("reopened");
    assert_eq!(again.game().map(|g| g.lines[1].clone()), Some("Remembered".to_owned()));
    assert_eq!(total(&again), Some(1000));

    // A new event changes the journal: the old lines no longer count, and closing remembers
    // the new ones.
    again.commit(&Counting, &Ev::Add(5)).expect("added");
    std::fs::write(&cache, text.replacen("\nAdd 1: 1\n", "\nStale\n", 1)).expect("edited");
    let mut third = table(&dir);
    third.resume(&Counting, "game-1").expect("reopened");
    let lines = third.game().map(|g| g.lines.clone()).unwrap_or_default();
    assert_eq!((lines[1].as_str(), lines.last().map(String::as_str)), ("Add 1: 1", Some("Add 5: 1005")));
    assert_eq!(total(&third), Some(1005));
}

/// Counting with a cap: a total over 600 is refused, as when a game's rules changed since
/// its journal was written.
struct Capped;

impl Rules for Capped {
    type State = Count;
    type Event = Ev;
    type Error = Refusal;

    fn apply(&self, state: &mut Count, event: &Ev) -> Result<(), Refusal> {
        Counting.apply(state, event)?;
        if state.total > 600 { Err(Refusal::Nothing) } else { Ok(()) }
    }

    fn describe(&self, before: &Count, after: &Count, event: &Ev) -> String {
        Counting.describe(before, after, event)
    }
}

impl TableRules for Capped {
    fn summary(&self, state: &Count) -> Summary {
        Counting.summary(state)
    }

    fn is_start(event: &Ev) -> bool {
        Counting::is_start(event)
    }
}

/// Lines remembered for a journal whose events no longer replay: the quick reopen gives up
/// and the game opens as any damaged journal does, read-only up to the event refused, with
/// all its words made again and its journal untouched.
#[test]
fn remembered_lines_of_events_that_no_longer_replay_open_the_game_read_only() {
    let dir = tempfile::tempdir().expect("temp");
    let events: Vec<Ev> =
        std::iter::once(Ev::Start(0)).chain((0..LINES_WORTH_REMEMBERING).map(|_| Ev::Add(1))).collect();
    let path = DataDir::at(dir.path()).game_path("game-1");
    crate::store::Journal::rewrite(&path, &events).expect("journal");
    let mut t = table(&dir);
    t.resume(&Counting, "game-1").expect("reopened");
    t.close(&Counting);
    let journal = std::fs::read(&path).expect("journal");

    let mut capped: Table<Log<Capped>> = Table::new(Some(DataDir::at(dir.path())), "count");
    let Reopened::ReadOnly(why) = capped.resume(&Capped, "game-1").expect("reopened") else {
        panic!("the refused event makes the game read-only")
    };
    assert_eq!(
        why,
        "This count is read-only: its journal is damaged at line 602 (its event does not replay: adding nothing changes nothing). Posse will not write to it."
    );
    let game = capped.game().expect("open");
    assert_eq!((game.events.len(), game.state.total), (601, 600));
    assert_eq!(game.lines.last().map(String::as_str), Some("Add 1: 600"));
    assert_eq!(std::fs::read(&path).expect("journal"), journal);
}
