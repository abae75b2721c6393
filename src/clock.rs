//! The one clock for all app code: the time of day on the desktop and in the web page alike.
//!
//! `std::time::SystemTime::now()` and `Instant::now()` panic in the page ("time not
//! implemented on this platform"), and a panic there stops the page for good; `web_time` is
//! the standard clock on the desktop and the browser's `Date.now()` and `performance.now()` in
//! the page. Every read of the clock outside the pure cores goes through here
//! (`tests/purity.rs` refuses the standard clock anywhere else). The pure cores never read
//! the clock at all: a game's seed and times come in through its events.

pub use web_time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// Now, as the time since 1970 (zero if the machine's clock is set before 1970).
#[must_use]
pub fn since_epoch() -> Duration {
    SystemTime::now().duration_since(UNIX_EPOCH).unwrap_or_default()
}

/// Now, as an instant to measure time from (`elapsed`, `duration_since`).
#[must_use]
pub fn instant() -> Instant {
    Instant::now()
}

/// Now, in whole seconds since 1970.
#[must_use]
pub fn unix_seconds() -> u64 {
    since_epoch().as_secs()
}

/// Now, in nanoseconds since 1970 (whole milliseconds in the page, where `Date.now` has no
/// finer grain).
#[must_use]
pub fn unix_nanos() -> u128 {
    since_epoch().as_nanos()
}

/// A seed for a new game from the clock: the nanoseconds since 1970 folded into 64 bits, never
/// zero.
#[must_use]
pub fn seed() -> u64 {
    u64::try_from(unix_nanos() % u128::from(u64::MAX)).map_or(1, |s| s.max(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_reads_after_2020() {
        // 2020-01-01 is 1,577,836,800 s after 1970: any machine running the tests is later.
        assert!(unix_seconds() > 1_577_836_800);
        assert!(seed() > 0);
    }
}
