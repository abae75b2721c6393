//! "Arranging the Set": how many terrain pieces a table wants for a given Rep.
//!
//! Reading A63: "at least half as many pieces as the Rep" rounds up (21 Rep → 11 pieces).

use serde::Serialize;

use super::data::Rules;

/// The terrain guidance for one Rep value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct TerrainCounts {
    pub rep: u32,
    /// Fewest pieces.
    pub min: u32,
    /// Most pieces.
    pub max: u32,
    /// Fewest substantial pieces when the table has `min` pieces.
    pub substantial_min: u32,
}

/// The terrain counts for gangs of `rep` Rep (use the final scene's Rep for a storyline).
#[must_use]
pub fn counts(rules: &Rules, rep: u32) -> TerrainCounts {
    let guide = &rules.set.terrain;
    let min = scaled(rep, guide.min_per_rep, f64::ceil);
    let max = scaled(rep, guide.max_per_rep, f64::floor).max(min);
    TerrainCounts { rep, min, max, substantial_min: substantial_for(rules, min) }
}

/// Fewest substantial pieces for a table with `pieces` pieces in all.
#[must_use]
pub fn substantial_for(rules: &Rules, pieces: u32) -> u32 {
    scaled(pieces, rules.set.terrain.substantial_share, f64::ceil)
}

fn scaled(n: u32, factor: f64, round: fn(f64) -> f64) -> u32 {
    let value = round(f64::from(n) * factor);
    if value.is_finite() && value >= 0.0 && value <= f64::from(u32::MAX) {
        // The range check above makes this conversion exact.
        #[expect(clippy::cast_possible_truncation, clippy::cast_sign_loss, reason = "range checked")]
        let whole = value as u32;
        whole
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::systems::dmh::rules::embedded;

    #[test]
    fn standard_rep_wants_eleven_to_twenty_one_pieces() {
        let c = counts(embedded::rules(), 21);
        assert_eq!((c.min, c.max, c.substantial_min), (11, 21, 6));
    }

    #[test]
    fn smaller_games() {
        let rules = embedded::rules();
        assert_eq!(counts(rules, 15).min, 8);
        assert_eq!(counts(rules, 15).max, 15);
        assert_eq!(counts(rules, 6).min, 3);
        assert_eq!(substantial_for(rules, 14), 7);
        assert_eq!(substantial_for(rules, 15), 8);
    }
}
