//! The Gangs screen driven headless, on a temporary data folder.

use crate::support::Dmh as _;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use posse::app::PosseApp;
use posse::print::Paper;
use posse::store::DataDir;
use posse::systems::dmh::app::Screen;
use posse::systems::dmh::files::GangFolder as _;

use super::support::{self, click};

fn app_on(dir: &std::path::Path) -> Harness<'static, PosseApp> {
    support::app_on(dir, Screen::Gangs, 1400.0, 1400.0)
}

/// Builds the rulebook-sized Lawmen: 21 Rep, 8 models.
fn build_lawmen(h: &mut Harness<'static, PosseApp>) {
    click(h, "New gang");
    h.get_by_role_and_label(Role::TextInput, "Gang name").set_text_value_accesskit("Tombstone Law");
    h.run();
    click(h, "Add Sheriff");
    h.get_by_label("Rep 6 / 21");
    h.get_by_label_contains("need at least 2 Deputies");
    click(h, "Add Marshal");
    for _ in 0..4 {
        click(h, "Add Deputy");
    }
    for _ in 0..2 {
        click(h, "Add Upstanding Citizen");
    }
}

#[test]
fn build_a_legal_gang_save_it_and_find_it_again() {
    let dir = tempfile::tempdir().expect("temp dir");
    {
        let mut h = app_on(dir.path());
        build_lawmen(&mut h);
        h.get_by_label("Rep 21 / 21");
        h.get_by_label("8 models");
        h.get_by_label("Legal");
        // Give the fourth model a shotgun instead of his pistol: still legal (2 shotguns allowed).
        click(&mut h, "Model 4 shotgun");
        click(&mut h, "Model 4 pistol");
        h.get_by_label("Pistol alone: 7 (need 4)");
        h.get_by_label("Legal");
        // A third deputy with a shotgun breaks the cap, and the problem names him.
        click(&mut h, "Model 5 shotgun");
        click(&mut h, "Model 6 shotgun");
        h.get_by_label_contains(
            "up to 2 Deputies may carry a shotgun, but 3 do: Deputy 2, Deputy 3 and Deputy 4",
        );
        click(&mut h, "Model 6 shotgun");
        h.get_by_label("Legal");
    }
    // Saved on disk as it was left.
    let data = DataDir::at(dir.path()).system("dmh");
    let entries = data.list_gangs().expect("list");
    assert_eq!(entries.len(), 1);
    let saved = entries[0].gang.as_ref().expect("readable");
    assert_eq!(saved.name, "Tombstone Law");
    assert_eq!(saved.models.len(), 8);
    assert_eq!(saved.models[3].weapons, vec!["shotgun".to_owned()]);
    assert_eq!(saved.models[4].weapons, vec!["pistol".to_owned(), "shotgun".to_owned()]);
    // A fresh app on the same folder finds it.
    let mut h = app_on(dir.path());
    click(&mut h, "Gang Tombstone Law");
    h.get_by_label("Rep 21 / 21");
    h.get_by_label("Legal");
}

#[test]
fn going_over_the_limit_warns_but_still_saves() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = app_on(dir.path());
    build_lawmen(&mut h);
    click(&mut h, "Add Deputy");
    h.get_by_label("Rep 23 / 21");
    h.get_by_label_contains("The gang costs 23 Rep, 2 over the limit of 21.");
    h.get_by_label("1 problem");
    let saved = DataDir::at(dir.path()).system("dmh").list_gangs().expect("list");
    assert_eq!(saved[0].gang.as_ref().expect("readable").models.len(), 9);
    // Raising the limit clears it.
    h.get_by_label("More: Rep limit").click();
    h.run();
    h.get_by_label("More: Rep limit").click();
    h.run();
    h.get_by_label("Legal");
}

#[test]
fn delete_and_undo() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = app_on(dir.path());
    build_lawmen(&mut h);
    click(&mut h, "Delete gang");
    assert!(DataDir::at(dir.path()).system("dmh").list_gangs().expect("list").is_empty());
    h.get_by_label("No gangs yet.");
    click(&mut h, "Undo delete of Tombstone Law");
    h.get_by_label("Rep 21 / 21");
    assert_eq!(DataDir::at(dir.path()).system("dmh").list_gangs().expect("list").len(), 1);
}

#[test]
fn damaged_files_are_shown_and_left_alone() {
    let dir = tempfile::tempdir().expect("temp dir");
    let gangs = dir.path().join("dmh/gangs");
    std::fs::create_dir_all(&gangs).expect("dir");
    std::fs::write(gangs.join("broken.json"), "{ \"name\": \"Half a gang\", ").expect("write");
    let mut h = app_on(dir.path());
    click(&mut h, "Damaged: broken.json");
    h.get_by_label("broken.json cannot be read");
    h.get_by_label_contains("EOF while parsing");
    assert_eq!(
        std::fs::read_to_string(gangs.join("broken.json")).expect("read"),
        "{ \"name\": \"Half a gang\", "
    );
}

#[test]
fn unknown_profiles_are_reported_in_the_editor() {
    let dir = tempfile::tempdir().expect("temp dir");
    let gangs = dir.path().join("dmh/gangs");
    std::fs::create_dir_all(&gangs).expect("dir");
    std::fs::write(
        gangs.join("odd.json"),
        r#"{"name": "Odd", "gang": "outlaws", "models": [{"name": "Sly", "profile": "weasel", "weapons": ["pistol"]}]}"#,
    )
    .expect("write");
    let mut h = app_on(dir.path());
    click(&mut h, "Gang Odd");
    h.get_by_label("Unknown profile 'weasel'");
    h.get_by_label_contains("Sly has the profile 'weasel', which the Outlaws do not have");
}

#[test]
fn an_unwritable_data_folder_says_so_and_keeps_the_work() {
    let dir = tempfile::tempdir().expect("temp dir");
    let blocker = dir.path().join("not-a-folder");
    std::fs::write(&blocker, "x").expect("write");
    let mut h = app_on(&blocker);
    click(&mut h, "New gang");
    h.get_by_label_contains("The gang was not saved: cannot write");
    assert!(h.state().dmh().gangs.selected.is_none());
}

#[test]
fn a_scene_preset_sets_the_limit_and_checks_the_cast() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = app_on(dir.path());
    build_lawmen(&mut h);
    h.get_by_label("Built for").click();
    h.run();
    // The list is long: the option may sit below the popup's fold, so click it the way a
    // screen reader would.
    h.get_by_label("There Will Be Blood: good guys (15 Rep)").click_accesskit();
    h.run();
    h.get_by_label("Rep 21 / 15");
    h.get_by_label_contains("There Will Be Blood allows no bosses: remove Sheriff 1.");
    let saved = DataDir::at(dir.path()).system("dmh").list_gangs().expect("list");
    let gang = saved[0].gang.as_ref().expect("readable");
    assert_eq!((gang.rep_limit, gang.scene.as_deref()), (Some(15), Some("there-will-be-blood")));
}

#[test]
fn import_export_and_print() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = app_on(dir.path());
    build_lawmen(&mut h);
    let id = h.state().dmh().gangs.selected.clone().expect("selected");
    let out = dir.path().join("export/tombstone.json");
    h.state_mut().dmh_mut().export_to(&id, &out);
    h.run();
    h.get_by_label_contains("Exported \"Tombstone Law\"");
    h.state_mut().dmh_mut().import_file(&out);
    h.run();
    h.get_by_label_contains("Imported \"Tombstone Law\"");
    assert_eq!(DataDir::at(dir.path()).system("dmh").list_gangs().expect("list").len(), 2);
    let bad = dir.path().join("bad.json");
    std::fs::write(&bad, r#"{"name": "Pinks", "gang": "pinkertons", "models": []}"#).expect("write");
    h.state_mut().dmh_mut().import_file(&bad);
    h.run();
    h.get_by_label_contains("'pinkertons' is not a gang type Posse knows");
    std::fs::write(&bad, r#"{"name": "Pinks", "gang": "lawmen", "scene": "high-noon", "models": []}"#)
        .expect("write");
    h.state_mut().dmh_mut().import_file(&bad);
    h.run();
    h.get_by_label_contains("was not imported: 'high-noon' is not a scene Posse knows.");
    // More models than a gang file holds: refused as it is read, naming the limit.
    let model = r#"{"name": "Deputy", "profile": "deputy", "weapons": ["pistol"]}"#;
    let models = vec![model; 201].join(",");
    std::fs::write(&bad, format!(r#"{{"name": "Big", "gang": "lawmen", "models": [{models}]}}"#))
        .expect("write");
    h.state_mut().dmh_mut().import_file(&bad);
    h.run();
    h.get_by_label_contains(&format!(
        "Nothing was imported: {} is not a gang file: it holds 201 models, and a gang file holds at most 200.",
        bad.display()
    ));
    let big = std::fs::read(&bad).expect("read");
    h.state_mut().dmh_mut().import_bytes("big.json", &big);
    h.run();
    h.get_by_label_contains(
        "Nothing was imported: big.json is not a gang file: it holds 201 models, and a gang file holds at most 200.",
    );
    assert_eq!(DataDir::at(dir.path()).system("dmh").list_gangs().expect("list").len(), 2);
    // Importing opened the copy (and gave the first file its gang's name): print the copy.
    let id = h.state().dmh().gangs.selected.clone().expect("the imported copy is open");
    let pdf = h.state_mut().dmh_mut().print_roster(&id, Paper::Letter).expect("printed");
    let bytes = std::fs::read(&pdf).expect("pdf");
    assert!(bytes.starts_with(b"%PDF-"));
    h.run();
    h.get_by_label_contains("Roster printed to");
}

#[test]
fn a_renamed_gang_gets_its_file_and_printouts_named_after_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let data = DataDir::at(dir.path()).system("dmh");
    {
        let mut h = app_on(dir.path());
        click(&mut h, "New gang");
        assert!(data.gang_path("new-lawmen").exists());
        h.get_by_role_and_label(Role::TextInput, "Gang name").set_text_value_accesskit("Dodge City Law");
        h.run();
        // Printed while still on the screen: the printout already carries the new name.
        click(&mut h, "Print roster");
        assert!(data.prints().join("dodge-city-law-a4.pdf").exists());
        // Moving on to another screen gives the file the new name too.
        click(&mut h, "Scenes");
    }
    assert!(data.gang_path("dodge-city-law").exists());
    assert!(!data.gang_path("new-lawmen").exists());
    let entries = data.list_gangs().expect("list");
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0].gang.as_ref().expect("readable").name, "Dodge City Law");
}

#[test]
fn the_model_rows_stay_put_when_a_problem_appears() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = app_on(dir.path());
    build_lawmen(&mut h);
    h.get_by_label("Legal");
    let row = |h: &Harness<'static, PosseApp>| {
        h.get_by_role_and_label(Role::TextInput, "Model 1 name").rect().min.y
    };
    let before = row(&h);
    // A seventh deputy takes the gang over its Rep: a problem line appears above the rows.
    h.get_by_label("Add Deputy").click_accesskit();
    h.run();
    h.get_by_label("1 problem");
    assert!((row(&h) - before).abs() < 0.5, "the rows did not move");
}

/// The Desperados' roster gives the Killer "Two Pistols" (line 325; `copies` in the data): a new
/// Killer starts with both ticked and is saved with two pistols (the second was unticked,
/// and the file had one).
#[test]
fn a_new_killer_starts_with_his_two_pistols() {
    use egui::accesskit::Toggled;
    use egui_kittest::kittest::NodeT as _;
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = app_on(dir.path());
    support::pick(&mut h, "Type of the new gang", "♣ Desperados");
    click(&mut h, "New gang");
    click(&mut h, "Add Killer");
    let ticked = |h: &Harness<'static, PosseApp>, label: &str| {
        h.get_by_role_and_label(Role::CheckBox, label).accesskit_node().toggled()
    };
    assert_eq!(ticked(&h, "Model 1 pistol"), Some(Toggled::True));
    assert_eq!(ticked(&h, "Model 1 second pistol"), Some(Toggled::True));
    let data = DataDir::at(dir.path()).system("dmh");
    let entries = data.list_gangs().expect("list");
    let saved = entries[0].gang.as_ref().expect("readable");
    assert_eq!(saved.models[0].weapons, vec!["pistol".to_owned(), "pistol".to_owned()]);
}
