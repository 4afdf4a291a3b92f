//! The progress line of `fracture run` on a terminal (docs/campaigns.md, section 11), for both command
//! lines: what it says (its words from engine-data/messages.toml) and when it is redrawn, at most ten
//! times a second and once more for the last run. The shells give the time and write what comes back.

use super::outcome::Outcome;
use crate::messages;

/// The line's state: runs planned, recorded by outcome (those of a resumed DIR included), and run now.
pub struct RunProgress {
    planned: u64,
    counts: [u64; 4],
    /// Runs recorded by this process: the rate counts only these.
    new: u64,
    started_ms: f64,
    last_ms: Option<f64>,
    drawn: bool,
}

/// Redraws at most this often.
const FRAME_MS: f64 = 100.0;

impl RunProgress {
    /// `counts`: the runs already recorded (accepted, rejected, crashed, hung); `now_ms`: any clock in
    /// milliseconds, the same for every call.
    pub fn new(planned: u64, counts: [u64; 4], now_ms: f64) -> RunProgress {
        RunProgress { planned, counts, new: 0, started_ms: now_ms, last_ms: None, drawn: false }
    }

    /// A run recorded: the text to write on standard error when the line is due.
    pub fn count(&mut self, outcome: Outcome, now_ms: f64) -> Option<String> {
        self.counts[outcome as usize] += 1;
        self.new += 1;
        let last = self.counts.iter().sum::<u64>() >= self.planned;
        if !last && self.last_ms.is_some_and(|l| now_ms - l < FRAME_MS) {
            return None;
        }
        self.last_ms = Some(now_ms);
        Some(self.draw(now_ms))
    }

    /// The runs are over: the line drawn once more and ended, when it was drawn at all.
    pub fn end(&mut self, now_ms: f64) -> Option<String> {
        let line = self.drawn.then(|| self.draw(now_ms) + "\n");
        self.drawn = false;
        line
    }

    fn draw(&mut self, now_ms: f64) -> String {
        let secs = ((now_ms - self.started_ms) / 1000.0).max(1e-3);
        let [a, r, c, h] = self.counts.map(|n| n.to_string());
        let done = self.counts.iter().sum::<u64>().to_string();
        let rate = format!("{:.1}", self.new as f64 / secs);
        self.drawn = true;
        // Back to the line's start, and what the last drawing left past its end cleared.
        format!("\r{}\x1b[K", messages::run_progress(&done, &self.planned.to_string(), &rate, &a, &r, &c, &h))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn redrawn_ten_times_a_second_and_for_the_last_run() {
        let mut p = RunProgress::new(4, [1, 0, 0, 0], 0.0);
        assert!(p.end(0.0).is_none(), "nothing drawn, nothing to end");
        let first = p.count(Outcome::Crashed, 1000.0).unwrap();
        assert_eq!(first, format!("\r{}\x1b[K", messages::run_progress("2", "4", "1.0", "1", "0", "1", "0")));
        assert!(p.count(Outcome::Accepted, 1050.0).is_none());
        assert!(p.count(Outcome::Hung, 1060.0).is_some(), "the last run is drawn");
        assert!(p.end(2000.0).unwrap().ends_with("\x1b[K\n"));
        assert!(p.end(2000.0).is_none());
    }
}
