//! Words shared by every game's sentences.

use std::fmt::Display;

/// `n` things in words: "1 die", "0 dice", "3 dice".
#[must_use]
pub fn count<N: Copy + Display + PartialEq + From<u8>>(n: N, one: &str, many: &str) -> String {
    if n == N::from(1) { format!("1 {one}") } else { format!("{n} {many}") }
}

/// A typed measure for a sentence: as typed, or in exponent form from a million on ("1e308",
/// not a line of 309 digits).
#[must_use]
pub fn measure(x: f64) -> String {
    if x.abs() < 1e6 { format!("{x}") } else { format!("{x:e}") }
}

#[cfg(test)]
mod tests {
    use super::{count, measure};

    #[test]
    fn a_huge_measure_is_written_short() {
        assert_eq!(measure(12.5), "12.5");
        assert_eq!(measure(999_999.0), "999999");
        assert_eq!(measure(1e308), "1e308");
        assert_eq!(measure(-2.5e7), "-2.5e7");
        assert_eq!(measure(f64::INFINITY), "inf");
    }

    #[test]
    fn one_thing_is_singular_and_every_other_count_plural() {
        assert_eq!(count(1_u32, "die", "dice"), "1 die");
        assert_eq!(count(0_usize, "model", "models"), "0 models");
        assert_eq!(count(12_u64, "goal", "goals"), "12 goals");
    }
}
