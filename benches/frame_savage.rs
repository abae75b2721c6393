//! CPU time of one frame of Deadlands' every-turn screen at its worst: four players'
//! characters with their fate chips, the Boss and two groups of five Outlaws, a log of more
//! than 60 lines, a Joker out and the damage form up after a hit, at 1280×800, drawn headless
//! with `egui_kittest`. Run with `cargo bench --bench frame_savage`.

use std::collections::BTreeMap;
use std::time::Instant;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use posse::app::PosseApp;
use posse::store::DataDir;
use posse::systems::savage::app::{SavageApp, Screen};
use posse::systems::savage::game::{Automation, Event, MemberRef};
use posse::systems::savage::rules::initiative::parse_card;
use posse::systems::savage::rules::situation::Situation;
use posse::systems::savage::rules::traits::TraitDice;
use posse::systems::savage::ui::fight::FightCommand;

/// The posse, their villain and his gang, as combatant files.
const COMBATANTS: &[(&str, &str)] = &[
    (
        "doc",
        r#"{"name":"Doc","kind":"wild_card","player":"Ann","attributes":{"agility":"d8","smarts":"d8","spirit":"d6","strength":"d6","vigor":"d6"},"skills":{"shooting":"d8","fighting":"d6"},"weapons":[{"name":"Colt","damage":"2d6+1","range":{"short":12,"medium":24,"long":48}}]}"#,
    ),
    (
        "kid",
        r#"{"name":"Kid","kind":"wild_card","player":"Bob","attributes":{"agility":"d8","smarts":"d6","spirit":"d6","strength":"d6","vigor":"d6"},"skills":{"shooting":"d8","fighting":"d6"},"weapons":[{"name":"Colt","damage":"2d6+1","range":{"short":12,"medium":24,"long":48}}]}"#,
    ),
    (
        "preacher",
        r#"{"name":"Preacher","kind":"wild_card","player":"Cid","attributes":{"agility":"d6","smarts":"d6","spirit":"d10","strength":"d6","vigor":"d8"},"skills":{"shooting":"d6","fighting":"d8"},"weapons":[{"name":"Shotgun","damage":"3d6","range":{"short":12,"medium":24,"long":48}}]}"#,
    ),
    (
        "huckster",
        r#"{"name":"Huckster","kind":"wild_card","player":"Dee","attributes":{"agility":"d6","smarts":"d10","spirit":"d8","strength":"d4","vigor":"d6"},"skills":{"shooting":"d8","fighting":"d4"},"weapons":[{"name":"Derringer","damage":"2d6","range":{"short":5,"medium":10,"long":20}}]}"#,
    ),
    (
        "boss",
        r#"{"name":"Boss","kind":"wild_card","attributes":{"agility":"d8","smarts":"d6","spirit":"d8","strength":"d8","vigor":"d8"},"skills":{"shooting":"d10","fighting":"d8"},"armour":1,"weapons":[{"name":"Revolver","damage":"2d6+1","range":{"short":12,"medium":24,"long":48}}]}"#,
    ),
    (
        "outlaws",
        r#"{"name":"Outlaws","kind":"extra","count":5,"attributes":{"agility":"d6","smarts":"d4","spirit":"d6","strength":"d6","vigor":"d6"},"skills":{"shooting":"d6","fighting":"d6"},"weapons":[{"name":"Revolver","damage":"2d6+1","range":{"short":12,"medium":24,"long":48}}]}"#,
    ),
];

fn savage<'h>(h: &'h mut Harness<'static, PosseApp>) -> &'h mut SavageApp {
    h.state_mut().system_mut::<SavageApp>().expect("Deadlands")
}

fn send(h: &mut Harness<'static, PosseApp>, event: Event) {
    let app = savage(h);
    app.handle_fight(FightCommand::Apply(event));
    assert_eq!(app.fight.notice, None, "the event was taken");
}

fn main() {
    let dir = tempfile::tempdir().expect("temp dir");
    let to = dir.path().join("savage").join("combatants");
    std::fs::create_dir_all(&to).expect("combatants folder");
    for (id, json) in COMBATANTS {
        std::fs::write(to.join(format!("{id}.json")), json).expect("combatant file");
    }
    let data = DataDir::at(dir.path());
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .build_eframe(move |cc| PosseApp::with_data(cc, posse::systems::ALL, Some(data)));
    h.run();
    let index = posse::systems::ALL.iter().position(|s| s.id == "savage").expect("Deadlands is registered");
    h.state_mut().open(index);
    h.run();
    let app = savage(&mut h);
    app.screen = Screen::Fight;
    app.fight.seed = Some(1877);
    let units = ["doc", "kid", "preacher", "huckster", "boss"]
        .iter()
        .map(|id| ((*id).to_owned(), 1))
        .chain([("outlaws".to_owned(), 2)])
        .collect();
    app.handle_fight(FightCommand::Start { units, automation: Automation::default() });
    assert_eq!(app.fight.notice, None, "the fight started");
    let owed: Vec<_> =
        app.table.game().expect("a fight").state.chips.owed.iter().map(|(h, n)| (h.clone(), *n)).collect();
    for (holder, count) in owed {
        send(&mut h, Event::DrawChips { holder, count, typed: None });
    }
    // Turns in card order, Posse dealing, until the log holds 60 lines.
    loop {
        let s = &savage(&mut h).table.game().expect("a fight").clone();
        if s.lines.len() >= 60 {
            break;
        }
        let st = &s.state;
        let event = match (st.whose_turn(), st.next_up()) {
            (Some(unit), _) => Event::EndTurn { unit: unit.to_owned() },
            (None, Some(unit)) => Event::BeginTurn { unit },
            (None, None) => Event::Deal { typed: BTreeMap::new() },
        };
        send(&mut h, event);
    }
    if let Some(unit) = savage(&mut h).table.game().and_then(|f| f.state.whose_turn().map(str::to_owned)) {
        send(&mut h, Event::EndTurn { unit });
    }
    let joker = parse_card("JK", &[]).expect("a Joker");
    send(&mut h, Event::Deal { typed: BTreeMap::from([("doc".to_owned(), vec![joker])]) });
    send(&mut h, Event::BeginTurn { unit: "doc".into() });
    send(
        &mut h,
        Event::Attack {
            attacker: MemberRef::new("doc", 0),
            target: MemberRef::new("outlaws-a", 0),
            skill: "shooting".into(),
            range: Some("short".into()),
            modifier: 0,
            roll: TraitDice::Typed { trait_die: 7, wild_die: Some(3) },
            situation: Situation::default(),
            weapon: None,
        },
    );
    for _ in 0..10 {
        h.step();
    }
    let lines = savage(&mut h).table.game().map_or(0, |f| f.lines.len());
    let last = savage(&mut h).table.game().and_then(|f| f.lines.last().cloned()).expect("a last line");
    // The frame timed is the Fight screen's, with the damage form up and the log's newest line.
    assert!(h.query_by_label("Damage").is_some(), "the damage form is shown");
    assert!(h.query_by_label(&format!("{lines}. {last}")).is_some(), "the log shows its newest line: {last}");
    let mut times: Vec<f64> = (0..200)
        .map(|_| {
            let start = Instant::now();
            h.step();
            start.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    times.sort_by(f64::total_cmp);
    println!(
        "Deadlands' turn frame, 4 players with chips, the Boss, 2 groups of 5 Outlaws, {lines} log lines, the damage form: median {:.2} ms (p90 {:.2} ms) over 200 frames",
        times[100], times[180]
    );
}
