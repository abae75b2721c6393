//! Random Western names for new models: a first name and a family name or a nickname.

const FIRST: [&str; 40] = [
    "Abe", "Amos", "Bart", "Ben", "Billy", "Bo", "Cal", "Clay", "Cole", "Curly", "Dan", "Del", "Eli", "Ezra",
    "Frank", "Gus", "Hank", "Ike", "Jake", "Jed", "Jesse", "Joe", "Kit", "Lem", "Luke", "Matt", "Nate",
    "Ned", "Pete", "Quint", "Ray", "Rufus", "Sam", "Seth", "Silas", "Tom", "Virgil", "Walt", "Wes", "Zeke",
];

const LAST: [&str; 40] = [
    "Bishop",
    "Blackwood",
    "Boone",
    "Brennan",
    "Cassidy",
    "Colter",
    "Crane",
    "Dade",
    "Dawson",
    "Doolin",
    "Flint",
    "Garrett",
    "Granger",
    "Hardin",
    "Hatch",
    "Hollis",
    "Keel",
    "Lacey",
    "Loomis",
    "Madsen",
    "McCoy",
    "Mercer",
    "Nolan",
    "Pike",
    "Quade",
    "Reno",
    "Rourke",
    "Sackett",
    "Slade",
    "Starr",
    "Sutter",
    "Tate",
    "Thorne",
    "Tibbs",
    "Vance",
    "Walker",
    "Wade",
    "Whitlock",
    "Yancey",
    "Yates",
];

const NICK: [&str; 12] = [
    "the Kid",
    "Two-Bits",
    "Dutch",
    "the Preacher",
    "Six-Gun",
    "Lucky",
    "Whiskey",
    "the Dude",
    "Red",
    "Snake-Eye",
    "Deadeye",
    "the Tinhorn",
];

/// A name picked from `seed`: the same seed gives the same name.
#[must_use]
pub fn western_name(seed: u64) -> String {
    // SplitMix64, so nearby seeds give unrelated names.
    let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^= z >> 31;
    let pick = |n: usize, shift: u32| usize::try_from((z >> shift) % n as u64).unwrap_or(0);
    let first = FIRST[pick(FIRST.len(), 0)];
    if pick(5, 48) == 0 {
        format!("{first} \"{}\"", NICK[pick(NICK.len(), 32)])
    } else {
        format!("{first} {}", LAST[pick(LAST.len(), 16)])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_repeatable_and_varied() {
        assert_eq!(western_name(7), western_name(7));
        let names: std::collections::HashSet<String> = (0..50).map(western_name).collect();
        assert!(names.len() > 40, "{names:?}");
        assert!(names.iter().all(|n| n.contains(' ')));
    }
}
