//! Deployment and respawn points, picked with a d6.
//!
//! In initiative order each character appears on the respawn point its d6 picks. With six
//! characters or fewer a point already used for deployment is rolled again. With three points
//! each point takes two faces (1–2, 3–4, 5–6: reading F01). With three points and four to six
//! characters the points run out; then a new cycle starts and every point is free again once
//! each has been used (reading F02). More than six characters: no restriction at all (and a
//! neutral round first: reading F14).

use super::data::{GameRules, RespawnLayout};
use super::dice::D6;

/// What one deployment roll did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Placement {
    /// The character appears on this point.
    Deployed(u8),
    /// This point is taken: roll again.
    Taken(u8),
}

/// Whether deployment points must differ for `characters` characters.
#[must_use]
pub fn unique(game: &GameRules, characters: usize) -> bool {
    characters <= game.unique_deployment_max as usize
}

/// The points that are taken now, given the points already deployed on (in order). Points
/// are used once per cycle: when every point has a character, the next cycle starts empty.
#[must_use]
pub fn taken(layout: &RespawnLayout, deployed: &[u8], unique: bool) -> Vec<u8> {
    if !unique {
        return Vec::new();
    }
    let count = usize::from(layout.count.max(1));
    let in_cycle = deployed.len() % count;
    deployed[deployed.len() - in_cycle..].to_vec()
}

/// Where a deployment roll puts the character.
#[must_use]
pub fn place(layout: &RespawnLayout, taken: &[u8], roll: D6) -> Placement {
    let point = layout.point_for(roll.value());
    if taken.contains(&point) { Placement::Taken(point) } else { Placement::Deployed(point) }
}

/// The point a respawn roll picks (no restriction after deployment).
#[must_use]
pub fn respawn_point(layout: &RespawnLayout, roll: D6) -> u8 {
    layout.point_for(roll.value())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::systems::fragmaster::rules::embedded::rules;

    fn d6(face: u8) -> D6 {
        D6::new(face).expect("face")
    }

    fn check(points: u8, deployed: &[u8], roll: u8, expected: Placement) {
        let layout = rules().game.layout(points).expect("layout");
        let taken = taken(layout, deployed, true);
        assert_eq!(place(layout, &taken, d6(roll)), expected);
    }

    #[test]
    fn six_points_one_face_each_used_once() {
        check(6, &[], 4, Placement::Deployed(4));
        check(6, &[4], 4, Placement::Taken(4));
        check(6, &[4, 2], 3, Placement::Deployed(3));
    }

    #[test]
    fn three_points_two_faces_each() {
        check(3, &[], 1, Placement::Deployed(1));
        check(3, &[], 2, Placement::Deployed(1));
        check(3, &[1], 2, Placement::Taken(1));
        check(3, &[1], 3, Placement::Deployed(2));
        check(3, &[1, 2], 4, Placement::Taken(2));
        check(3, &[1, 2], 6, Placement::Deployed(3));
    }

    #[test]
    fn when_every_point_is_used_a_new_cycle_starts() {
        // Four characters on three points: the fourth may go anywhere, the fifth not on the
        // fourth's point.
        check(3, &[1, 2, 3], 1, Placement::Deployed(1));
        check(3, &[1, 2, 3, 1], 2, Placement::Taken(1));
        check(3, &[1, 2, 3, 1], 5, Placement::Deployed(3));
    }

    #[test]
    fn more_than_six_characters_have_no_restriction() {
        let game = &rules().game;
        assert!(unique(game, 6));
        assert!(!unique(game, 7));
        let layout = game.layout(6).expect("layout");
        assert_eq!(taken(layout, &[1, 2, 3], false), Vec::<u8>::new());
        assert_eq!(place(layout, &[], d6(2)), Placement::Deployed(2));
    }

    #[test]
    fn respawn_uses_the_same_faces() {
        let layout = rules().game.layout(3).expect("layout");
        assert_eq!((respawn_point(layout, d6(4)), respawn_point(layout, d6(5))), (2, 3));
    }
}
