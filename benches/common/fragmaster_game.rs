//! The long Fragmaster game both frame benches draw: four players after 1,998 events, the turn
//! back to Bob, written as a saved game in a data folder.

use posse::kernel::log::Log;
use posse::store::{DataDir, Journal};
use posse::systems::fragmaster::game::{
    CharacterId, Event, Fragmaster, InitiativeRoll, PlayerSetup, Respawn, Setup,
};
use posse::systems::fragmaster::rules::ActionKind;
use posse::systems::fragmaster::rules::data::WeaponId;
use posse::systems::fragmaster::rules::dice::D6;

/// The players, each playing one character of the same name.
pub const NAMES: [&str; 4] = ["Ann", "Bob", "Cid", "Dan"];

/// Writes the game as `fragmaster/games/game-bench` in `data`; returns its number of events.
pub fn write_long_game(data: &DataDir) -> usize {
    let rules = posse::systems::fragmaster::rules::embedded::load().expect("rules");
    let setup = Setup {
        players: NAMES
            .iter()
            .map(|&n| PlayerSetup { name: n.to_owned(), characters: vec![n.to_owned()] })
            .collect(),
        target: 20,
        respawn_points: 6,
        rearm_points: vec![WeaponId("rocket-launcher".into()); 5],
        respawn: Respawn::NextRound,
    };
    let fm = Fragmaster { rules };
    let mut game: Log<Fragmaster<'_>> = Log::default();
    let apply = |game: &mut Log<Fragmaster<'_>>, event: Event| game.apply(&fm, &event).expect("legal");
    apply(&mut game, Event::Setup(setup));
    let rolls = [11, 14, 10, 9]
        .iter()
        .enumerate()
        .map(|(i, &roll)| InitiativeRoll { character: CharacterId(i), roll })
        .collect();
    apply(&mut game, Event::InitiativeRolls { rolls });
    // In initiative order: Bob, Ann, Cid, Dan, each on a point of its own.
    for (character, face) in [(1, 1), (0, 2), (2, 3), (3, 4)] {
        let rolls = vec![D6::new(face).expect("a face")];
        apply(&mut game, Event::DeploymentRolls { character: CharacterId(character), rolls });
    }
    // 664 turns of three events: 1,998 in all, and the turn back to Bob.
    for _ in 0..664 {
        for action in [ActionKind::Climb, ActionKind::TakeCover] {
            apply(&mut game, Event::Act { action, note: None });
        }
        apply(&mut game, Event::EndTurn);
    }
    Journal::rewrite(&data.system("fragmaster").game_path("game-bench"), &game.events).expect("journal");
    game.events.len()
}
