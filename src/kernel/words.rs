//! Words shared by every game's sentences.

use std::fmt::Display;

/// `n` things in words: "1 die", "0 dice", "3 dice".
#[must_use]
pub fn count<N: Copy + Display + PartialEq + From<u8>>(n: N, one: &str, many: &str) -> String {
    if n == N::from(1) { format!("1 {one}") } else { format!("{n} {many}") }
}

#[cfg(test)]
mod tests {
    use super::count;

    #[test]
    fn one_thing_is_singular_and_every_other_count_plural() {
        assert_eq!(count(1_u32, "die", "dice"), "1 die");
        assert_eq!(count(0_usize, "model", "models"), "0 models");
        assert_eq!(count(12_u64, "goal", "goals"), "12 goals");
    }
}
