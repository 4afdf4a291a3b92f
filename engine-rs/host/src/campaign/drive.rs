//! A planned campaign as it runs (docs/campaigns.md, sections 2-11), step by step, for both command
//! lines: each input unmodified first (its baseline), then the slice's unrecorded runs, then the
//! crashes to minimise. The shell asks what to run next and hands back how each run ended; DIR's
//! files, every line on standard error, the progress line and the exit code are decided and written
//! here, through the shell's `Files`. What each shell keeps: making variants with its engine, running
//! PROGRAM on its job slots (threads natively, promises in Node), its clock and its signals.

use super::crashes::Entry;
use super::dir::{CampaignDir, Ran};
use super::progress::RunProgress;
use super::{Ledger, Status};
use crate::messages;
use crate::shell::{cannot, join, Files};
use crate::shrink::{Refusal, Shrinker};

/// A campaign running: its ledger, DIR, its inputs' permissions, the runs still to hand out and the
/// crash being minimised. The inputs' bytes stay with the shell, which makes the variants from them.
pub struct Drive {
    pub ledger: Ledger,
    dir: CampaignDir,
    modes: Vec<u32>,
    quiet: bool,
    progress: Option<RunProgress>,
    todo: Vec<u64>,
    next: usize,
    crashes: Vec<Entry>,
    /// The crash whose machine the shell drives now.
    crash: Option<Entry>,
}

/// A run to make: run index `r`, from input `input` with `seed`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Job {
    pub r: u64,
    pub input: usize,
    pub seed: u64,
}

impl Drive {
    /// The campaign of `ledger` (its inputs' permission bits `modes`) to run in DIR `dir`; `quiet`: no
    /// lines but errors and the baselines'.
    pub fn new(ledger: Ledger, modes: Vec<u32>, dir: &[u8], quiet: bool) -> Drive {
        Drive {
            ledger,
            dir: CampaignDir::new(dir),
            modes,
            quiet,
            progress: None,
            todo: Vec::new(),
            next: 0,
            crashes: Vec::new(),
            crash: None,
        }
    }

    /// Input `i`'s permission bits, which its kept variants and minimised files take.
    pub fn mode(&self, i: usize) -> u32 {
        self.modes.get(i).copied().unwrap_or(0o600)
    }

    /// DIR made, and its files written as the plan leaves them.
    pub fn open(&mut self, files: &mut dyn Files) -> Result<(), String> {
        let dir = self.dir.path().to_vec();
        files.create_dir_all(&dir).map_err(cannot(messages::cannot_create, &dir))?;
        self.save(files)
    }

    /// runs.jsonl, campaign.json and summary.md as the ledger stands: DIR consistent.
    pub fn save(&mut self, files: &mut dyn Files) -> Result<(), String> {
        self.dir.write_state(&self.ledger, files)
    }

    /// The inputs whose original is still to run (none with `--no-baseline`).
    pub fn baselines(&self) -> Vec<usize> {
        self.ledger.baselines_needed()
    }

    /// How the program took input `i` unmodified.
    pub fn baseline(&mut self, i: usize, status: &Status, stderr: &[u8]) {
        self.ledger.set_baseline(i, status, stderr);
    }

    /// The baselines are in: DIR saved, the lines on the originals that fail and the seed's line
    /// printed, the runs to hand out counted; `shown`: a progress line is drawn (on a terminal,
    /// unless quiet), `now_ms` on the shell's clock.
    pub fn begin(&mut self, shown: bool, now_ms: f64, files: &mut dyn Files) -> Result<(), String> {
        self.save(files)?;
        for line in self.ledger.baseline_lines() {
            files.err_line(&line);
        }
        let c = &self.ledger.campaign;
        files.err_line(&messages::run_seed(&c.seed.to_string(), &c.count.to_string()));
        self.todo = self.ledger.todo();
        let counts = self.ledger.counts().by_outcome;
        self.progress = (shown && !self.quiet).then(|| RunProgress::new(c.planned(), counts, now_ms));
        Ok(())
    }

    /// The next run to make, until the slice's are all handed out.
    pub fn next_run(&mut self) -> Option<Job> {
        let job = self.peek_run()?;
        self.next += 1;
        Some(job)
    }

    /// The run after the next, which a shell may make ahead while this one runs.
    pub fn peek_run(&self) -> Option<Job> {
        let &r = self.todo.get(self.next)?;
        let (input, seed) = self.ledger.run_of(r);
        Some(Job { r, input, seed })
    }

    /// Run `r` ended as `ran` says: its crash's files kept as the ledger says, its line appended to
    /// runs.jsonl, the progress line redrawn when due.
    pub fn ran(&mut self, r: u64, ran: &Ran, now_ms: f64, files: &mut dyn Files) -> Result<(), String> {
        let (line, outcome) = self.dir.record(&mut self.ledger, r, ran, now_ms, files)?;
        let runs = join(self.dir.path(), &["runs.jsonl"]);
        files.append(&runs, line.as_bytes()).map_err(cannot(messages::cannot_write, &runs))?;
        if let Some(text) = self.progress.as_mut().and_then(|p| p.count(outcome, now_ms)) {
            files.err(&text);
        }
        Ok(())
    }

    /// No more runs (all made, or stopped): the progress line ended, DIR saved, the crashes to
    /// minimise listed.
    pub fn runs_ended(&mut self, now_ms: f64, files: &mut dyn Files) -> Result<(), String> {
        if let Some(text) = self.progress.as_mut().and_then(|p| p.end(now_ms)) {
            files.err(&text);
        }
        self.crashes = self.ledger.to_minimize();
        self.crashes.reverse();
        self.save(files)
    }

    /// The next crash to minimise: its input's index and the machine the shell drives (a test
    /// fails when [`Drive::reproduces`]) against that input's bytes in `originals`; its first line
    /// printed. None when none is left.
    pub fn next_crash(&mut self, originals: &[&[u8]], files: &mut dyn Files) -> Option<(usize, Shrinker)> {
        while let Some(e) = self.crashes.pop() {
            let Ok(Some(variant)) = files.read(&join(self.dir.path(), &[&e.variant])) else { continue };
            let machine = Shrinker::new(originals.get(e.file_index)?.to_vec(), variant);
            if matches!(machine.refused(), Some(Refusal::Lengths { .. })) {
                continue;
            }
            self.say(files, messages::run_minimizing(&e.id, &machine.changed().0.to_string()));
            let input = e.file_index;
            self.crash = Some(e);
            return Some((input, machine));
        }
        None
    }

    /// Whether a run that ended so gives the signature of the crash being minimised.
    pub fn reproduces(&self, status: &Status, stderr: &[u8]) -> bool {
        let signature = self.ledger.judge(status, stderr).signature;
        self.crash.as_ref().is_some_and(|e| signature.as_deref() == Some(e.signature.as_str()))
    }

    /// The crash's machine has ended its rounds: its minimised file and count kept (campaign.json
    /// rewritten), or why there is none, said.
    pub fn shrunk(&mut self, machine: &Shrinker, files: &mut dyn Files) -> Result<(), String> {
        let Some(e) = self.crash.take() else { return Ok(()) };
        match machine.result() {
            Ok(s) => {
                let mode = self.mode(e.file_index);
                self.dir.minimized(&mut self.ledger, &e, &s.bytes, s.kept as u64, mode, files)?;
                self.say(files, messages::run_minimized(&e.id, &s.kept.to_string()));
            }
            Err(Refusal::FailsOnOriginal(_)) => self.say(files, messages::run_original_too(&e.id)),
            Err(_) => self.say(files, messages::run_flaky(&e.id)),
        }
        Ok(())
    }

    /// The campaign over: DIR saved, the closing line printed (unless quiet); the exit code.
    pub fn close(&mut self, files: &mut dyn Files) -> Result<u8, String> {
        self.save(files)?;
        let summary = crate::display::bytes(&join(self.dir.path(), &["summary.md"]));
        let line = self.ledger.closing_line("run", &summary);
        self.say(files, line);
        Ok(self.ledger.exit_code())
    }

    fn say(&self, files: &mut dyn Files, line: String) {
        if !self.quiet {
            files.err_line(&line);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::campaign::plan::{plan, Given, Planned};
    use crate::shell::memory::Memory;

    /// `fracture run --count 3 --seed 5 --out d in.bin -- prog {}`, planned on `files`.
    fn planned(files: &mut Memory) -> Planned {
        let options = [("count", "3"), ("seed", "5")];
        let g = crate::args::Given {
            options: options.iter().map(|(n, v)| (n.to_string(), vec![v.to_string()])).collect(),
            positionals: vec!["in.bin".into()],
            program: Some(1),
        };
        let decided = crate::args::campaign(&g, 1).expect("decided");
        let program = vec![b"prog".to_vec(), b"{}".to_vec()];
        let given = Given { decided: &decided, files: &[b"in.bin".to_vec()], program: &program, dir: b"d", random: 0 };
        plan(&given, files).expect("planned")
    }

    #[test]
    fn a_campaign_step_by_step_writes_dir_and_says_what_it_did() {
        let mut files = Memory::default();
        files.add("in.bin", b"hello world");
        let Planned { ledger, loaded } = planned(&mut files);
        let originals: Vec<&[u8]> = loaded.iter().map(|l| &l.bytes[..]).collect();
        let mut d = Drive::new(ledger, loaded.iter().map(|l| l.mode).collect(), b"d", false);
        d.open(&mut files).unwrap();
        assert_eq!(d.baselines(), vec![0]);
        d.baseline(0, &Status::Code(0), b"");
        d.begin(false, 0.0, &mut files).unwrap();
        let jobs: Vec<Job> = std::iter::from_fn(|| d.next_run()).collect();
        assert_eq!(jobs.iter().map(|j| (j.r, j.input, j.seed)).collect::<Vec<_>>(), [(0, 0, 5), (1, 0, 6), (2, 0, 7)]);
        // Run 1 crashes (a signal), the others pass.
        for j in &jobs {
            let status = if j.r == 1 { Status::Signal(11) } else { Status::Code(0) };
            let variant = format!("hello w{}rld", j.r);
            let ran = Ran {
                variant: variant.as_bytes(),
                input_mode: 0o644,
                status: &status,
                stdout: b"",
                stderr: b"boom\n",
                duration_ms: 1,
            };
            d.ran(j.r, &ran, 0.0, &mut files).unwrap();
        }
        let runs = String::from_utf8(files.get("d/runs.jsonl").unwrap()).unwrap();
        assert_eq!(runs.lines().count(), 3, "each run appended: {runs}");
        d.runs_ended(0.0, &mut files).unwrap();
        // The crash's variant is the one kept; a machine over it, tested by the crash's signature.
        let (input, mut machine) = d.next_crash(&originals, &mut files).expect("a crash to minimise");
        assert_eq!(input, 0);
        assert!(machine.refused().is_none());
        assert!(d.reproduces(&Status::Signal(11), b"boom\n"));
        assert!(!d.reproduces(&Status::Code(0), b""));
        // The shell drives the machine: a candidate crashes when it keeps the changed byte.
        loop {
            while let Some((id, bytes)) = machine.start() {
                machine.finish(id, bytes == b"hello w1rld", "");
            }
            if machine.end_round() {
                break;
            }
        }
        d.shrunk(&machine, &mut files).unwrap();
        let e = &d.ledger.entries()[0];
        assert_eq!(files.get(&format!("d/{}", e.minimized_path)).as_deref(), Some(&b"hello w1rld"[..]));
        assert_eq!(e.minimized_changes, Some(1));
        assert!(d.next_crash(&originals, &mut files).is_none(), "one crash, handed out once");
        assert_eq!(d.close(&mut files).unwrap(), 1, "a crash makes the exit code 1");
        let said = &files.lines;
        assert!(said[0].starts_with(&messages::run_seed("5", "3")), "{said:?}");
        assert!(
            said.iter().any(|l| l.starts_with(&messages::run_minimizing(&d.ledger.entries()[0].id, "1"))),
            "{said:?}"
        );
        let json = String::from_utf8(files.get("d/campaign.json").unwrap()).unwrap();
        assert!(json.contains("\"baseline\""), "{json}");
    }
}
