//! What the printed sheets say, as plain data: the one-page reference sheet and a combatant
//! sheet. The print layer lays these out; the reference screen can show the same content.

use serde::Serialize;

use super::chips::ChipColour;
use super::combatant::{ATTRIBUTES, Combatant, Kind};
use super::data::{RangeBand, Rules, Section};
use super::die::{Die, TRAIT_SIDES};
use super::traits::{self, TraitRoll};

/// The chance of a success or better and of a raise for one die type against the usual target
/// number, with and without the Wild Die.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OddsRow {
    pub die: String,
    pub wild_success: f64,
    pub wild_raise: f64,
    pub extra_success: f64,
    pub extra_raise: f64,
}

/// One chip colour on the reference sheet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ChipRow {
    pub colour: ChipColour,
    /// How many the pot starts with (`None`: never in the pot).
    pub in_pot: Option<u32>,
    /// What it may be spent on, in words.
    pub uses: Vec<String>,
    /// The uses that let the Marshal draw a white chip, in words.
    pub marshal_draws_on: Vec<String>,
}

/// The one-page reference sheet.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ReferenceSheet {
    pub title: String,
    pub target_number: i32,
    pub sections: Vec<Section>,
    pub trait_odds: Vec<OddsRow>,
    pub ranges: Vec<RangeBand>,
    pub chips: Vec<ChipRow>,
}

fn odds_row(rules: &Rules, die: Die) -> OddsRow {
    let tn = rules.core.traits.target_number;
    let wild = traits::odds(rules, &TraitRoll { die, wild: true, modifier: 0, tn });
    let extra = traits::odds(rules, &TraitRoll { die, wild: false, modifier: 0, tn });
    OddsRow {
        die: die.to_string(),
        wild_success: wild.at_least_success(),
        wild_raise: wild.chances.raise,
        extra_success: extra.at_least_success(),
        extra_raise: extra.chances.raise,
    }
}

impl ReferenceSheet {
    /// The sheet from the rules data.
    #[must_use]
    pub fn build(rules: &Rules) -> ReferenceSheet {
        let trait_odds =
            TRAIT_SIDES.iter().filter_map(|&s| Die::new(s)).map(|d| odds_row(rules, d)).collect();
        let words = |uses: &[super::chips::ChipUse]| -> Vec<String> {
            uses.iter().filter_map(|u| rules.reference.chip_uses.get(u).cloned()).collect()
        };
        let chips = ChipColour::ALL
            .into_iter()
            .map(|colour| ChipRow {
                colour,
                in_pot: rules.chips.pot.get(&colour).copied(),
                uses: words(rules.chips.uses.get(&colour).map_or(&[], Vec::as_slice)),
                marshal_draws_on: words(
                    rules.chips.marshal_draws_white.get(&colour).map_or(&[], Vec::as_slice),
                ),
            })
            .collect();
        ReferenceSheet {
            title: "Deadlands: Savage Worlds quick reference".to_owned(),
            target_number: rules.core.traits.target_number,
            sections: rules.reference.sections.clone(),
            trait_odds,
            ranges: rules.core.ranges.clone(),
            chips,
        }
    }
}

/// A trait on a sheet: its name and die type, with its odds against the usual target number.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TraitLine {
    pub name: String,
    pub die: String,
    pub success: f64,
    pub raise: f64,
}

/// A weapon on a sheet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct WeaponLine {
    pub name: String,
    pub damage: String,
    /// "12/24/48", or `None` for a melee weapon.
    pub range: Option<String>,
}

/// A combatant sheet (one per posse member, or per group of Extras).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CombatantSheet {
    pub name: String,
    pub kind: String,
    pub count: u32,
    pub player: Option<String>,
    pub attributes: Vec<TraitLine>,
    pub skills: Vec<TraitLine>,
    pub parry: i32,
    pub toughness: i32,
    pub armour: i32,
    pub initiative: Vec<String>,
    /// Hardy and the special abilities that change rolls (S40, S42–S47), by name.
    pub abilities: Vec<String>,
    pub weapons: Vec<WeaponLine>,
    /// Wound boxes per member (3 for a Wild Card, 1 for an Extra).
    pub wound_boxes: u32,
    /// Fatigue boxes (Fatigued, Exhausted).
    pub fatigue_boxes: u32,
    /// Fate chip boxes (a Wild Card player's starting draw; 0 otherwise).
    pub chip_boxes: u32,
    pub notes: String,
}

fn capitalised(name: &str) -> String {
    let mut chars = name.chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

impl CombatantSheet {
    /// The sheet of `combatant`.
    #[must_use]
    pub fn build(rules: &Rules, combatant: &Combatant) -> CombatantSheet {
        let wild = combatant.is_wild_card();
        let tn = rules.core.traits.target_number;
        let line = |name: &str, die: Die| {
            let o = traits::odds(rules, &TraitRoll { die, wild, modifier: 0, tn });
            TraitLine {
                name: capitalised(name),
                die: die.to_string(),
                success: o.at_least_success(),
                raise: o.chances.raise,
            }
        };
        let attributes =
            ATTRIBUTES.iter().filter_map(|a| combatant.attributes.get(a).map(|d| line(a, d))).collect();
        let skills = combatant.skills.iter().map(|(name, &die)| line(name, die)).collect();
        let weapons = combatant
            .weapons
            .iter()
            .map(|w| WeaponLine {
                name: w.name.clone(),
                damage: w.damage.to_string(),
                range: w.range.map(|r| format!("{}/{}/{}", r.short, r.medium, r.long)),
            })
            .collect();
        CombatantSheet {
            name: combatant.name.clone(),
            kind: match combatant.kind {
                Kind::WildCard => "Wild Card".to_owned(),
                Kind::Extra => "Extra".to_owned(),
            },
            count: combatant.count,
            player: combatant.player.clone(),
            attributes,
            skills,
            parry: combatant.parry(rules),
            toughness: combatant.toughness(rules),
            armour: combatant.armour,
            initiative: combatant.initiative.iter().map(|e| e.name().to_owned()).collect(),
            abilities: combatant
                .hardy
                .then_some("Hardy")
                .into_iter()
                .chain(combatant.abilities.names())
                .map(str::to_owned)
                .collect(),
            weapons,
            wound_boxes: if wild { rules.core.wounds.wild_card_wounds } else { 1 },
            fatigue_boxes: u32::try_from(rules.core.fatigue.levels.len()).unwrap_or(0),
            chip_boxes: if wild && combatant.player.is_some() { rules.chips.start_draw } else { 0 },
            notes: combatant.notes.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::systems::savage::rules::data::embedded;

    #[test]
    fn the_reference_sheet_reads_the_data() {
        let rules = embedded().expect("data");
        let sheet = ReferenceSheet::build(rules);
        assert_eq!(sheet.trait_odds.len(), 5);
        let d4 = sheet.trait_odds.first().expect("d4");
        // A d4 with its Wild Die against 4: 5/8 (see traits.rs).
        assert!((d4.wild_success - 5.0 / 8.0).abs() < 1e-12);
        assert!((d4.extra_success - 0.25).abs() < 1e-12);
        let red = sheet.chips.iter().find(|c| c.colour == ChipColour::Red).expect("red");
        assert_eq!(red.in_pot, Some(10));
        assert_eq!(red.uses.len(), 5);
        assert_eq!(red.marshal_draws_on.len(), 2);
        let legendary = sheet.chips.iter().find(|c| c.colour == ChipColour::Legendary).expect("legendary");
        assert_eq!(legendary.in_pot, None);
        assert!(sheet.sections.iter().any(|s| s.id == "incapacitation"));
    }

    #[test]
    fn a_combatant_sheet() {
        let rules = embedded().expect("data");
        let boss = rules.bestiary.iter().find(|c| c.name == "Gang boss").expect("boss");
        let sheet = CombatantSheet::build(rules, boss);
        assert_eq!(sheet.kind, "Wild Card");
        // Parry 2 + 4 (d8 Fighting); Toughness 2 + 4 (d8 Vigor) + 1 armour.
        assert_eq!((sheet.parry, sheet.toughness), (6, 7));
        assert_eq!(sheet.wound_boxes, 3);
        assert_eq!(sheet.fatigue_boxes, 2);
        assert_eq!(sheet.initiative, vec!["Level Headed".to_owned()]);
        let revolver = sheet.weapons.first().expect("revolver");
        assert_eq!(revolver.range.as_deref(), Some("12/24/48"));
        assert_eq!(sheet.attributes.first().map(|a| a.name.as_str()), Some("Agility"));
        assert_eq!(sheet.abilities, Vec::<String>::new());
        // S40, S42–S47: Hardy and the abilities ticked, by name, in the editor's order.
        let mut tough = boss.clone();
        tough.hardy = true;
        tough.abilities.iron_jaw = true;
        tough.abilities.undead = true;
        assert_eq!(CombatantSheet::build(rules, &tough).abilities, ["Hardy", "Undead", "Iron Jaw"]);
    }
}
