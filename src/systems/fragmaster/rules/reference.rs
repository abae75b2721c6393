//! The reference tables as rows of text, for the Reference tab and the printed sheet: both
//! read these, so they cannot disagree with each other or with the data.

use serde::Serialize;

use super::data::Rules;

/// One row of the weapons table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct WeaponRow {
    pub name: String,
    /// "40 cm".
    pub range: String,
    /// The wound modifier: "+1", "0", "-2".
    pub strength: String,
    /// "2 shots per attack; to-hit penalty +2; …".
    pub special: String,
}

/// One row of a modifiers or actions table: a name, a value (may be empty) and a reminder.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Row {
    pub name: String,
    pub value: String,
    pub text: String,
}

/// Every table of the reference, in the order the sheet shows them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Reference {
    pub weapons: Vec<WeaponRow>,
    /// "Hit 3+", "Wound 4+ (the target rolls)" and the convention.
    pub rolls: Vec<Row>,
    pub modifiers: Vec<Row>,
    pub actions: Vec<Row>,
    /// Frags, respawn and winning.
    pub scoring: Vec<Row>,
}

/// A modifier as printed: "+1", "-2", "0".
fn signed(value: i32) -> String {
    if value == 0 { "0".to_owned() } else { format!("{value:+}") }
}

/// The reference tables from the rules data.
#[must_use]
pub fn reference(rules: &Rules) -> Reference {
    let weapons = rules
        .weapons
        .iter()
        .map(|w| WeaponRow {
            name: w.name.clone(),
            range: format!("{} cm", w.range_cm),
            strength: signed(w.strength),
            special: w.special_rules().join("; "),
        })
        .collect();
    let r = &rules.rolls;
    let rolls = vec![
        Row { name: "To hit".into(), value: format!("{}+", r.hit_base), text: r.hit_text.clone() },
        Row { name: "To wound".into(), value: format!("{}+", r.wound_base), text: r.wound_text.clone() },
        Row { name: "Modifiers".into(), value: String::new(), text: r.convention.clone() },
    ];
    let modifiers = r
        .modifiers
        .iter()
        .map(|m| Row {
            name: m.name.clone(),
            value: m.to_hit.map_or_else(|| "no attack".to_owned(), signed),
            text: m.text.clone(),
        })
        .chain(std::iter::once(Row {
            name: "Doubtful cover".into(),
            value: String::new(),
            text: r.cover_doubt.clone(),
        }))
        .collect();
    let actions = rules
        .actions
        .iter()
        .map(|a| Row {
            name: a.name.clone(),
            value: a.distance_cm.map(|d| format!("{d} cm")).unwrap_or_default(),
            text: a.text.clone(),
        })
        .collect();
    let g = &rules.game;
    let scoring = vec![
        Row {
            name: "Kill".into(),
            value: signed(g.frags.kill),
            text: "Frags for killing another player's character.".into(),
        },
        Row {
            name: "Suicide".into(),
            value: signed(g.frags.suicide),
            text: "Frags for killing yourself.".into(),
        },
        Row {
            name: "Team-mate".into(),
            value: signed(g.frags.team_mate),
            text: "Frags for killing a character of your own team (two-player games).".into(),
        },
        Row {
            name: "Respawn".into(),
            value: String::new(),
            text: format!(
                "At the start of its next turn, on the point a d6 picks; {} actions keep the weapon, otherwise the {}.",
                g.keep_weapon_actions,
                rules
                    .weapon(rules.starting_weapon.as_str())
                    .map_or_else(String::new, super::data::Weapon::lower_name)
            ),
        },
        Row {
            name: "Win".into(),
            value: g.target.to_string(),
            text: "The first to reach the frag target wins.".into(),
        },
    ];
    Reference { weapons, rolls, modifiers, actions, scoring }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::systems::fragmaster::rules::embedded::rules;

    #[test]
    fn the_weapons_table_reads_like_the_book() {
        let table: Vec<(String, String, String, String)> = reference(rules())
            .weapons
            .into_iter()
            .map(|w| (w.name, w.range, w.strength, w.special))
            .collect();
        let row =
            |n: &str, r: &str, s: &str, sp: &str| (n.to_owned(), r.to_owned(), s.to_owned(), sp.to_owned());
        assert_eq!(
            table,
            vec![
                row("Assault rifle", "40 cm", "0", "2 shots per attack"),
                row("Sniper rifle", "80 cm", "-2", "to-hit penalty +2"),
                row("Rocket launcher", "60 cm", "+1", "to-hit penalty +1; also hits others within 5 cm"),
                row(
                    "Grenades",
                    "15 cm",
                    "+1",
                    "ignores cover; goes round corners; also hits others within 5 cm; second weapon"
                ),
                row("Chain blades", "5 cm", "-2", "melee weapon"),
                row("Molecular katana", "5 cm", "0", "melee weapon; ignores cover; to-hit bonus -1"),
            ]
        );
    }

    #[test]
    fn the_modifiers_and_actions_tables() {
        let r = reference(rules());
        let mods: Vec<(&str, &str)> =
            r.modifiers.iter().map(|m| (m.name.as_str(), m.value.as_str())).collect();
        assert_eq!(
            mods,
            vec![
                ("Aim", "-2"),
                ("Target taking cover", "+1"),
                ("Decent cover", "+1"),
                ("Full cover", "no attack"),
                ("Another height level", "0"),
                ("Doubtful cover", ""),
            ]
        );
        let actions: Vec<(&str, &str)> =
            r.actions.iter().map(|a| (a.name.as_str(), a.value.as_str())).collect();
        assert_eq!(
            actions,
            vec![
                ("Run", "10 cm"),
                ("Climb", ""),
                ("Take cover", ""),
                ("Attack", ""),
                ("Aim", ""),
                ("Other", "")
            ]
        );
        assert_eq!(r.rolls[0].value, "3+");
        assert_eq!(r.rolls[1].value, "4+");
        let scoring: Vec<&str> = r.scoring.iter().map(|s| s.value.as_str()).collect();
        assert_eq!(scoring, vec!["+1", "-3", "-1", "", "20"]);
    }
}
