//! Shared set-up for the UI tests: the app on a temporary data folder, opened on one screen,
//! and the table-side steps of the Play screen as one-line helpers (deal these cards, declare
//! these actions, shoot this model), each driven through the window by labels as a player
//! would drive it.

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use posse::app::PosseApp;
use posse::store::DataDir;
use posse::systems::dmh::app::Screen;
use posse::systems::dmh::game::{Game, ModelRef};

/// The app under test.
pub type App = Harness<'static, PosseApp>;

/// The app on the data folder `dir`, in a window of `width` × `height`, showing `screen`.
pub fn app_on(dir: &std::path::Path, screen: Screen, width: f32, height: f32) -> App {
    let data = DataDir::at(dir);
    let mut h = Harness::builder()
        .with_size(egui::vec2(width, height))
        .build_eframe(move |cc| PosseApp::with_data(cc, posse::systems::ALL, Some(data)));
    h.run();
    open_dmh(&mut h);
    let label = match screen {
        Screen::Reference => "Reference",
        Screen::Gangs => "Gangs",
        Screen::Scenes => "Scenes",
        Screen::Play => "Play",
    };
    h.get_by_label(label).click();
    h.run();
    assert_eq!(h.state().dmh().screen, screen);
    h
}

/// The app on the data folder `dir`, in a window of `width` × `height`, with the system whose
/// home tile reads `tile` open on its first tab.
pub fn system_on(dir: &std::path::Path, tile: &str, width: f32, height: f32) -> App {
    let data = DataDir::at(dir);
    let mut h = Harness::builder()
        .with_size(egui::vec2(width, height))
        .build_eframe(move |cc| PosseApp::with_data(cc, posse::systems::ALL, Some(data)));
    h.run();
    if !h.state().home {
        h.state_mut().go_home();
        h.run();
    }
    h.get_by_label(tile).click();
    h.run();
    assert!(!h.state().home);
    h
}

/// From the home screen, opens Dead Man's Hand (its tile) as a player would.
pub fn open_dmh(h: &mut App) {
    if h.state().home {
        h.get_by_label("Dead Man's Hand").click();
        h.run();
    }
    assert!(!h.state().home);
}

/// Clicks a widget by its label, scrolling to it first as a player would.
pub fn click(h: &mut App, label: &str) {
    h.get_by_label(label).scroll_to_me();
    h.run();
    h.get_by_label(label).click();
    h.run();
}

/// A temporary data folder holding the fixture gangs `names` (`tests/fixtures/NAME.json`).
pub fn data_with(names: &[&str]) -> tempfile::TempDir {
    let files: Vec<(&str, String)> = names
        .iter()
        .map(|name| {
            let path = format!("{}/tests/fixtures/{name}.json", env!("CARGO_MANIFEST_DIR"));
            (*name, std::fs::read_to_string(path).expect("a fixture gang"))
        })
        .collect();
    let files: Vec<(&str, &str)> = files.iter().map(|(id, json)| (*id, json.as_str())).collect();
    data_with_gangs(&files)
}

/// A temporary data folder holding the gang files `(id, json)`.
pub fn data_with_gangs(gangs: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    let to = dir.path().join("gangs");
    std::fs::create_dir_all(&to).expect("gangs folder");
    for (id, json) in gangs {
        std::fs::write(to.join(format!("{id}.json")), json).expect("gang file");
    }
    dir
}

/// The Play screen on `dir`, in a window roomy enough that nothing needs scrolling.
pub fn play_on(dir: &std::path::Path) -> App {
    app_on(dir, Screen::Play, 1500.0, 1300.0)
}

/// The game at the table.
pub fn game(h: &App) -> &Game {
    &h.state().dmh().table.open.as_ref().expect("a game is open").game
}

/// The model called `name`.
pub fn model<'h>(h: &'h App, name: &str) -> &'h posse::systems::dmh::game::Model {
    let r = model_ref(h, name);
    game(h).model_at(r).expect("the model")
}

/// Where the model called `name` stands: its side and place.
pub fn model_ref(h: &App, name: &str) -> ModelRef {
    game(h)
        .sides
        .iter()
        .enumerate()
        .find_map(|(side, s)| {
            s.models.iter().position(|m| m.name == name).map(|model| ModelRef { side, model })
        })
        .unwrap_or_else(|| panic!("no model called {name}"))
}

/// The last line of the game's log.
pub fn last_line(h: &App) -> &str {
    game(h).lines.last().expect("a log line")
}

/// Clicks the widget labelled `label` through the accessibility tree and lets the frame run.
pub fn press(h: &mut App, label: &str) {
    h.get_by_label(label).click_accesskit();
    h.run();
}

/// Clicks the button labelled `label` (when the same words are also a plain label).
pub fn press_button(h: &mut App, label: &str) {
    h.get_by_role_and_label(Role::Button, label).click_accesskit();
    h.run();
}

/// Whether the widget labelled `label` is greyed out.
pub fn disabled(h: &App, label: &str) -> bool {
    h.get_by_label(label).accesskit_node().is_disabled()
}

/// Types `text` into the text field labelled `label`.
pub fn type_in(h: &mut App, label: &str, text: &str) {
    h.get_by_role_and_label(Role::TextInput, label).set_text_value_accesskit(text);
    h.run();
}

/// Picks `item` in the combo box labelled `combo`, then closes the list.
pub fn pick(h: &mut App, combo: &str, item: &str) {
    h.get_by_label(combo).click_accesskit();
    h.run();
    // The open list comes last; the same name may also be a button in the roster.
    h.get_all_by_role_and_label(Role::Button, item).last().expect("the item in the list").click_accesskit();
    h.run();
    h.key_press(egui::Key::Escape);
    h.run();
}

/// Starts a game of `scene` (a custom game when `None`) from the fixed `seed`.
pub fn start(h: &mut App, seed: u64, scene: Option<&str>) {
    if let Some(title) = scene {
        pick(h, "Scene", title);
    }
    h.state_mut().dmh_mut().play.seed = Some(seed);
    press(h, "Start the game");
    assert_eq!(game(h).seed, seed);
}

/// Deals this turn's initiative cards as both players do with their own decks: each model
/// due a card draws the one given (`(model, card code)`, written in the order the models are
/// expected to act), typed into its field.
pub fn deal(h: &mut App, cards: &[(&str, &str)]) {
    let sides: Vec<String> = game(h).sides.iter().map(|s| s.name.clone()).collect();
    for side in &sides {
        press(h, &format!("{side} draw from their own deck"));
    }
    for (name, card) in cards {
        h.get_by_role_and_label(Role::TextInput, &format!("{name} card")).set_text_value_accesskit(card);
    }
    h.run();
    assert!(!disabled(h, "Deal initiative"), "every card typed is in its deck");
    press(h, "Deal initiative");
    for (name, card) in cards {
        let held = model(h, name).card.map(|c| c.to_string());
        assert_eq!(held.as_deref(), Some(*card), "{name}'s card");
    }
}

/// The data folder every run of the real binary is given: a folder under `target/`, so no test
/// can read or write the developer's own gangs and games, even by mistake.
pub const SANDBOX: &str = concat!(env!("CARGO_TARGET_TMPDIR"), "/posse-data");

/// The real `posse` binary, run with its data folder and home in [`SANDBOX`]. Every test that
/// runs the binary starts it here (a test in `tests/journal.rs` checks that).
pub fn posse_command() -> std::process::Command {
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_posse"));
    command
        .env("POSSE_DATA_DIR", SANDBOX)
        .env("HOME", SANDBOX)
        .env("XDG_DATA_HOME", SANDBOX)
        .env("APPDATA", SANDBOX);
    command
}

/// What a run of the command line printed, as a terminal gets it: the exit code, stdout and
/// stderr (each with its final newline).
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    /// Stdout as JSON.
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.stdout).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.stdout))
    }
}

/// `posse ARGS…`, run in the test's own process through `posse::cli` (the binary's `main` is
/// `posse::cli::run(posse::systems::ALL, args)`, which prints exactly this): the contract
/// tests of every system's command group use it. The command line never reads the data folder
/// (a test in `tests/journal.rs` checks that), so nothing run here can reach the developer's.
/// What needs a process of its own (a closed or full stdout, a working folder, a kill) runs
/// the binary with [`posse_command`] and [`spawned`].
pub fn posse(args: &[&str]) -> Run {
    let words: Vec<std::ffi::OsString> =
        std::iter::once("posse").chain(args.iter().copied()).map(Into::into).collect();
    let mut progress = Vec::new();
    let (code, stdout, stderr) =
        posse::cli::execute_with_progress(posse::systems::ALL, &words, &mut progress);
    let line = |text: String| if text.is_empty() { text } else { text + "\n" };
    Run {
        code: i32::from(code),
        stdout: String::from_utf8(progress).expect("utf-8") + &line(stdout),
        stderr: line(stderr),
    }
}

/// `posse GROUP ARGS…` in-process ([`posse`]).
pub fn posse_in(group: &str, args: &[&str]) -> Run {
    posse(&[&[group], args].concat())
}

/// The JSON answer of `posse ARGS… --json`, which must exit with `code`.
pub fn json_of(args: &[&str], code: i32) -> serde_json::Value {
    let run = posse(&[args, &["--json"]].concat());
    assert_eq!(run.code, code, "{args:?}: {}", run.stderr);
    run.json()
}

/// A failure of `posse ARGS…`: its exit code, the one sentence on stderr and nothing on
/// stdout, and `{"error": sentence}` (and the same code) with `--json`.
pub fn fails(args: &[&str], code: i32, sentence: &str) {
    let run = posse(args);
    assert_eq!((run.code, run.stderr.trim_end(), run.stdout.as_str()), (code, sentence, ""), "{args:?}");
    let run = posse(&[args, &["--json"]].concat());
    assert_eq!(run.code, code, "{args:?}");
    assert_eq!(run.json(), serde_json::json!({ "error": sentence }), "{args:?}");
}

/// Runs the real binary (from [`posse_command`]) to its end.
pub fn spawned(command: &mut std::process::Command) -> Run {
    let out = command.output().expect("posse runs");
    Run {
        code: out.status.code().expect("exit code"),
        stdout: String::from_utf8(out.stdout).expect("utf-8"),
        stderr: String::from_utf8(out.stderr).expect("utf-8"),
    }
}

/// The models still to act this turn, in order.
pub fn order(h: &App) -> Vec<String> {
    let g = game(h);
    g.order()
        .expect("no tie to settle")
        .into_iter()
        .map(|r| g.model_at(r).expect("a model").name.clone())
        .collect()
}

/// Types side `side`'s hand as its player holds it in a real deck (`"6H 6D 2D"`), through
/// the hand-over screen.
pub fn type_hand(h: &mut App, side: usize, cards: &str) {
    open_hand(h, side);
    press(h, "Playing with your own deck? Type the hand you hold");
    type_in(h, "Cards held", cards);
    press(h, "Set the hand");
    press(h, "Hide hand");
    let held: Vec<String> = game(h).sides[side].hand.iter().map(ToString::to_string).collect();
    assert_eq!(held.join(" "), cards);
}

/// Opens side `side`'s hand: its button in the roster, then the hand-over screen.
pub fn open_hand(h: &mut App, side: usize) {
    let name = game(h).sides[side].name.clone();
    let possessive = if name.ends_with('s') { format!("{name}'") } else { format!("{name}'s") };
    press(h, &format!("{possessive} hand"));
    let player = player(h, side);
    press(h, &format!("Pass to the {player} player — tap to show hand"));
}

/// How the hand-over screens address side `side`'s player.
pub fn player(h: &App, side: usize) -> String {
    game(h).player(posse::systems::dmh::rules::embedded::load().expect("rules load"), side)
}

/// Declares the acting model's actions, one tap per action, then Declare.
pub fn declare(h: &mut App, actions: &[&str]) {
    for action in actions {
        press_button(h, action);
    }
    press(h, "Declare");
}

/// Picks `name` as the target by clicking it in the roster.
pub fn target(h: &mut App, name: &str) {
    press_button(h, name);
}

/// Prepares the acting model's shot: the target clicked in the roster, the distance measured
/// and the d20 rolled (the roll is left empty when `None`).
pub fn shoot(h: &mut App, target_name: &str, cm: &str, roll: Option<&str>) {
    target(h, target_name);
    type_in(h, "Distance (cm)", cm);
    if let Some(roll) = roll {
        type_in(h, "d20 roll", roll);
    }
}

/// Ends `name`'s activation with the End activation button.
pub fn end_activation(h: &mut App, name: &str) {
    // A click within 0.4 s of a new model coming up is ignored (it would end two activations
    // on a double click): let the moment pass as a player's hand would.
    h.run_steps(2);
    press(h, &format!("End {name}'s activation"));
    assert!(model(h, name).activated, "{name} has acted");
}

/// Ends the activations of `names`, in that order, each without declaring.
pub fn end_activations(h: &mut App, names: &[&str]) {
    for name in names {
        assert_eq!(order(h).first().map(String::as_str), Some(*name), "{name} acts next");
        end_activation(h, name);
    }
}

/// Sets or clears the checkbox `what` in `name`'s ⚑ menu (a flag, out of action…).
pub fn flag(h: &mut App, name: &str, what: &str) {
    h.get_by_label(&format!("Flags and markers of {name}")).click();
    h.run();
    h.get_by_role_and_label(Role::CheckBox, what).click();
    h.run();
    h.key_press(egui::Key::Escape);
    h.run();
}

/// The shuffle every test starts from. Its hands: Tombstone Law 8♥ 6♥ 9♦ J♥ 6♦, The Clanton
/// Gang 10♣ 8♠ 5♣ 2♣ 4♣.
pub const SEED: u64 = 20_261_129;
/// Tombstone Law (`lawmen-21`), the good guys.
pub const LAW: usize = 0;
/// The Clanton Gang (`outlaws-21`), the bad guys.
pub const CLANTONS: usize = 1;

/// Turn 1's initiative cards, typed from the players' decks, in the order the models act: no
/// two enemies share a value, and the Clantons hold the lowest card (2♠).
pub const DEAL: [(&str, &str); 14] = [
    ("Wyatt Earp", "AH"),
    ("Virgil Earp", "KH"),
    ("Ike Clanton", "QS"),
    ("Johnny Ringo", "JS"),
    ("Morgan Earp", "10H"),
    ("Doc Holliday", "10D"),
    ("Billy Clanton", "9S"),
    ("Frank McLaury", "8C"),
    ("Turkey Creek", "7H"),
    ("Texas Jack", "7D"),
    ("Tom McLaury", "6S"),
    ("Curly Bill", "4S"),
    ("Sherman McMaster", "3H"),
    ("Pete Spence", "2S"),
];

/// Turn 2's cards after [`DEAL`], from what is left of each deck.
pub const DEAL_2: [(&str, &str); 14] = [
    ("Wyatt Earp", "QH"),
    ("Ike Clanton", "10S"),
    ("Virgil Earp", "9H"),
    ("Morgan Earp", "8D"),
    ("Johnny Ringo", "7S"),
    ("Billy Clanton", "7C"),
    ("Frank McLaury", "6C"),
    ("Doc Holliday", "5D"),
    ("Turkey Creek", "4H"),
    ("Tom McLaury", "3S"),
    ("Curly Bill", "3C"),
    ("Texas Jack", "2D"),
    ("Sherman McMaster", "2H"),
    ("Pete Spence", "BJ"),
];

/// The models of a deal table, in its order.
pub fn names<'a>(deal: &[(&'a str, &str)]) -> Vec<&'a str> {
    deal.iter().map(|(name, _)| *name).collect()
}

/// Tombstone Law against The Clanton Gang, a custom game started from [`SEED`].
pub fn table() -> (tempfile::TempDir, App) {
    let dir = data_with(&["lawmen-21", "outlaws-21"]);
    let mut h = play_on(dir.path());
    start(&mut h, SEED, None);
    (dir, h)
}

/// [`table`] with turn 1's cards ([`DEAL`]) dealt.
pub fn dealt() -> (tempfile::TempDir, App) {
    let (dir, mut h) = table();
    deal(&mut h, &DEAL);
    assert_eq!(order(&h), names(&DEAL));
    (dir, h)
}

/// Turn 1's cards for Circle K Outfit (`cowboys-21`) against Los Lobos (`desperados-21`)
/// from [`SEED`], in the order the models act.
pub const COWBOYS_DEAL: [(&str, &str); 14] = [
    ("El Jefe", "AC"),
    ("Cal Tate", "KD"),
    ("The Kid", "QC"),
    ("Rufus Slade", "JC"),
    ("The Stranger", "10D"),
    ("Gus Boone", "10H"),
    ("Bo Yancey", "9S"),
    ("Del Rourke", "8S"),
    ("Jed Sackett", "7H"),
    ("Ned Pike", "7D"),
    ("Kit Mercer", "6S"),
    ("Wes Hollis", "5H"),
    ("Lem Hatch", "4C"),
    ("Zeke Tibbs", "3H"),
];

/// Dead Man's Hand's screens in a test app (always registered).
pub trait Dmh {
    fn dmh(&self) -> &posse::systems::dmh::app::DmhApp;
    fn dmh_mut(&mut self) -> &mut posse::systems::dmh::app::DmhApp;
}

impl Dmh for posse::app::PosseApp {
    fn dmh(&self) -> &posse::systems::dmh::app::DmhApp {
        self.system().expect("Dead Man's Hand is registered")
    }
    fn dmh_mut(&mut self) -> &mut posse::systems::dmh::app::DmhApp {
        self.system_mut().expect("Dead Man's Hand is registered")
    }
}

/// Tombstone Law's models (`lawmen-21`), in the roster's order.
pub const LAW_MODELS: [&str; 7] = [
    "Wyatt Earp",
    "Virgil Earp",
    "Morgan Earp",
    "Doc Holliday",
    "Turkey Creek",
    "Texas Jack",
    "Sherman McMaster",
];
/// The Clanton Gang's models (`outlaws-21`), in the roster's order.
pub const CLANTON_MODELS: [&str; 7] = [
    "Ike Clanton",
    "Johnny Ringo",
    "Billy Clanton",
    "Frank McLaury",
    "Tom McLaury",
    "Curly Bill",
    "Pete Spence",
];
