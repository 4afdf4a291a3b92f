//! The progress line on a terminal (docs/campaigns.md, section 11), its text from engine-data.

use std::time::{Duration, Instant};

use fracture_host::campaign::Outcome;
use fracture_host::messages;

pub(super) struct Progress {
    pub show: bool,
    drawn: bool,
    started: Instant,
    last: Option<Instant>,
    planned: u64,
    done: u64,
    new: u64,
    counts: [u64; 4],
}

impl Progress {
    pub fn new(show: bool, planned: u64, counts: [u64; 4]) -> Progress {
        let done = counts.iter().sum();
        Progress { show, drawn: false, started: Instant::now(), last: None, planned, done, new: 0, counts }
    }

    pub fn count(&mut self, o: Outcome) {
        self.done += 1;
        self.new += 1;
        self.counts[o as usize] += 1;
        let now = Instant::now();
        if self.show && self.last.is_none_or(|l| now - l >= Duration::from_millis(100)) {
            self.last = Some(now);
            self.draw();
        }
    }

    fn draw(&mut self) {
        let secs = self.started.elapsed().as_secs_f64().max(1e-3);
        let [a, r, c, h] = self.counts.map(|n| n.to_string());
        let rate = format!("{:.1}", self.new as f64 / secs);
        let line = messages::run_progress(&self.done.to_string(), &self.planned.to_string(), &rate, &a, &r, &c, &h);
        eprint!("\r{line}");
        self.drawn = true;
    }

    pub fn end(&mut self) {
        if self.drawn {
            self.draw();
            eprintln!();
            self.drawn = false;
        }
    }
}
