//! The engine's time: what `time_settings` and `time_left` set, and how long one search
//! (one `genmove`, one `c6solve-solve` without seconds) may take.

use std::time::Duration;

/// Share of the remaining main time one stone may use when there is no byo-yomi: a game
/// is assumed to last this many more stones.
const STONES_AHEAD: f64 = 30.0;

/// Kept back from every budget for the answer to reach the controller.
const MARGIN: f64 = 0.9;

/// The shortest search the engine will run, whatever the clock says.
const MIN_SECONDS: f64 = 0.05;

/// A side's clock as the controller last set it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Clock {
    /// Main time left in seconds.
    pub main: f64,
    /// Byo-yomi period in seconds (0: none).
    pub byo_yomi: f64,
    /// Stones to play within a byo-yomi period.
    pub byo_stones: u32,
    /// Set by `time_settings` with byo-yomi time but no stones: no time limit.
    pub unlimited: bool,
}

impl Clock {
    /// The clock `time_settings main byo stones` sets.
    pub fn from_settings(main: f64, byo_yomi: f64, byo_stones: u32) -> Clock {
        Clock {
            main,
            byo_yomi,
            byo_stones,
            unlimited: byo_yomi > 0.0 && byo_stones == 0,
        }
    }

    /// How long one stone's search may take; `fallback` when the clock sets no limit.
    pub fn budget(&self, fallback: Duration) -> Duration {
        if self.unlimited {
            return fallback;
        }
        let mut s = self.main / STONES_AHEAD;
        if self.byo_yomi > 0.0 && self.byo_stones > 0 {
            s += self.byo_yomi / self.byo_stones as f64;
        }
        Duration::from_secs_f64((s * MARGIN).max(MIN_SECONDS))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets_follow_the_settings() {
        let fallback = Duration::from_secs(7);
        assert_eq!(Clock::from_settings(0.0, 1.0, 0).budget(fallback), fallback);
        let byo = Clock::from_settings(0.0, 10.0, 5).budget(fallback);
        assert!((byo.as_secs_f64() - 1.8).abs() < 1e-9, "{byo:?}");
        let sudden = Clock::from_settings(300.0, 0.0, 0).budget(fallback);
        assert!((sudden.as_secs_f64() - 9.0).abs() < 1e-9, "{sudden:?}");
        let out = Clock::from_settings(0.0, 0.0, 0).budget(fallback);
        assert_eq!(out.as_secs_f64(), MIN_SECONDS);
    }
}
