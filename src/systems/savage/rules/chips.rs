//! Fate chips: their colours and what they may be spent on (the table itself is data).

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A fate chip's colour. Legendary chips are never in the pot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChipColour {
    White,
    Red,
    Blue,
    Legendary,
}

impl ChipColour {
    /// Every colour, cheapest first.
    pub const ALL: [ChipColour; 4] =
        [ChipColour::White, ChipColour::Red, ChipColour::Blue, ChipColour::Legendary];

    /// The id used in files and on the command line.
    #[must_use]
    pub fn id(self) -> &'static str {
        match self {
            ChipColour::White => "white",
            ChipColour::Red => "red",
            ChipColour::Blue => "blue",
            ChipColour::Legendary => "legendary",
        }
    }
}

impl fmt::Display for ChipColour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// A chip colour that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a chip colour: use white, red, blue or legendary")]
pub struct BadColour(pub String);

impl FromStr for ChipColour {
    type Err = BadColour;

    fn from_str(text: &str) -> Result<ChipColour, BadColour> {
        ChipColour::ALL
            .into_iter()
            .find(|c| c.id().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| BadColour(text.to_owned()))
    }
}

/// What a chip is spent on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChipUse {
    /// Reroll a trait roll, keeping the better result.
    Reroll,
    /// Reroll any roll (legendary).
    RerollAny,
    /// Soak wounds just taken.
    Soak,
    /// End a Shaken at once.
    Unshake,
    /// Add a die to a damage roll.
    ExtraDamage,
    /// Cancel a critical failure.
    CancelCriticalFailure,
    /// Add to a total.
    Bonus,
}

impl ChipUse {
    /// Every use, in the order the reference sheet lists them.
    pub const ALL: [ChipUse; 7] = [
        ChipUse::Reroll,
        ChipUse::RerollAny,
        ChipUse::Soak,
        ChipUse::Unshake,
        ChipUse::ExtraDamage,
        ChipUse::CancelCriticalFailure,
        ChipUse::Bonus,
    ];

    /// The id used in files and events.
    #[must_use]
    pub fn id(self) -> &'static str {
        match self {
            ChipUse::Reroll => "reroll",
            ChipUse::RerollAny => "reroll_any",
            ChipUse::Soak => "soak",
            ChipUse::Unshake => "unshake",
            ChipUse::ExtraDamage => "extra_damage",
            ChipUse::CancelCriticalFailure => "cancel_critical_failure",
            ChipUse::Bonus => "bonus",
        }
    }

    /// A few words for the log: "to soak", "to reroll".
    #[must_use]
    pub fn words(self) -> &'static str {
        match self {
            ChipUse::Reroll => "to reroll a trait roll",
            ChipUse::RerollAny => "to reroll a roll",
            ChipUse::Soak => "to soak",
            ChipUse::Unshake => "to shake off being Shaken",
            ChipUse::ExtraDamage => "to add a die to the damage",
            ChipUse::CancelCriticalFailure => "to cancel a critical failure",
            ChipUse::Bonus => "to add to a total",
        }
    }
}

/// A chip use that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "'{0}' is not a chip use: use reroll, reroll_any, soak, unshake, extra_damage, cancel_critical_failure or bonus"
)]
pub struct BadUse(pub String);

impl FromStr for ChipUse {
    type Err = BadUse;

    fn from_str(text: &str) -> Result<ChipUse, BadUse> {
        ChipUse::ALL.into_iter().find(|u| u.id() == text.trim()).ok_or_else(|| BadUse(text.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_and_uses_read_back() {
        for c in ChipColour::ALL {
            assert_eq!(c.id().parse::<ChipColour>(), Ok(c));
        }
        for u in ChipUse::ALL {
            assert_eq!(u.id().parse::<ChipUse>(), Ok(u));
        }
        assert_eq!("Blue".parse::<ChipColour>(), Ok(ChipColour::Blue));
        assert!("green".parse::<ChipColour>().is_err());
    }
}
