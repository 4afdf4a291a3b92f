//! DIR's files (docs/campaigns.md, section 5), written and read for both command lines through each
//! one's `shell::Files`: runs.jsonl, campaign.json and summary.md whole, a run's kept crash files, and
//! what a resumed DIR holds besides its records. The shells append each run's line themselves
//! (runs.jsonl stays open for that) and decide when: at once, in one step a signal cannot split.

use super::crashes::Entry;
use super::outcome::Outcome;
use super::{changes, Ledger, Status};
use crate::messages;
use crate::shell::{cannot, join, Files};

/// A run of PROGRAM: the variant it was given (made from an input of permissions `input_mode`), how
/// it ended and what it wrote.
pub struct Ran<'a> {
    pub variant: &'a [u8],
    pub input_mode: u32,
    pub status: &'a Status,
    pub stdout: &'a [u8],
    pub stderr: &'a [u8],
    pub duration_ms: u64,
}

/// A campaign's DIR, as its runs are recorded.
pub struct CampaignDir {
    path: Vec<u8>,
    /// When campaign.json was last written whole (ms on the shell's clock), and whether a crash kept
    /// since has not reached it yet.
    written_ms: f64,
    stale: bool,
}

impl CampaignDir {
    pub fn new(path: &[u8]) -> CampaignDir {
        CampaignDir { path: path.to_vec(), written_ms: f64::NEG_INFINITY, stale: false }
    }

    pub fn path(&self) -> &[u8] {
        &self.path
    }

    /// runs.jsonl (sorted), campaign.json and summary.md as the ledger makes them, each whole: DIR as
    /// a finished (or stopped) campaign leaves it.
    pub fn write_state(&mut self, ledger: &Ledger, files: &mut dyn Files) -> Result<(), String> {
        self.write(files, "runs.jsonl", &ledger.runs_jsonl())?;
        self.write(files, "campaign.json", &ledger.campaign_json())?;
        self.stale = false;
        self.write(files, "summary.md", &ledger.summary_md())
    }

    fn write(&self, files: &mut dyn Files, name: &str, text: &str) -> Result<(), String> {
        let path = join(&self.path, &[name]);
        files.write(&path, text.as_bytes(), 0o777).map_err(cannot(messages::cannot_write, &path))
    }

    /// Records run index `r`: when the ledger keeps it as its crash id's representative, `crashes/{id}/` gets the variant, stdout.txt
    /// and stderr.txt and loses the former representative's files; campaign.json is rewritten then, at
    /// most once a second (`now_ms`), since it holds the signatures `--resume` needs after a kill no
    /// handler sees. Returns the run's runs.jsonl line (with its `\n`) and outcome.
    pub fn record(
        &mut self,
        ledger: &mut Ledger,
        r: u64,
        ran: &Ran,
        now_ms: f64,
        files: &mut dyn Files,
    ) -> Result<(String, Outcome), String> {
        let mut h = fracture_engine::Sha256Hasher::default();
        h.update(ran.variant);
        let rec = ledger.record(r, ran.status, ran.stderr, ran.duration_ms, &h.hex());
        if let Some(keep) = &rec.keep {
            let crash = join(&self.path, &["crashes", &keep.id]);
            files.create_dir_all(&crash).map_err(cannot(messages::cannot_create, &crash))?;
            let kept = [
                (keep.variant.as_str(), ran.variant, ran.input_mode),
                ("stdout.txt", ran.stdout, 0o777),
                ("stderr.txt", ran.stderr, 0o777),
            ];
            for (name, bytes, allowed) in kept {
                let path = join(&crash, &[name]);
                files.write(&path, bytes, allowed).map_err(cannot(messages::cannot_write, &path))?;
            }
            for old in &keep.replaced {
                files.remove(&join(&crash, &[old]));
            }
            self.stale = true;
        }
        if self.stale && now_ms - self.written_ms >= 1000.0 {
            self.write(files, "campaign.json", &ledger.campaign_json())?;
            (self.written_ms, self.stale) = (now_ms, false);
        }
        Ok((rec.line, rec.outcome))
    }

    /// Crash `e`'s minimised file, `kept` bytes changed (with the permissions its input grants), and
    /// its count in the ledger; campaign.json rewritten, so that a kill keeps the record.
    pub fn minimized(
        &mut self,
        ledger: &mut Ledger,
        e: &Entry,
        bytes: &[u8],
        kept: u64,
        input_mode: u32,
        files: &mut dyn Files,
    ) -> Result<(), String> {
        let path = join(&self.path, &[&e.minimized_path]);
        files.write(&path, bytes, input_mode).map_err(cannot(messages::cannot_write, &path))?;
        ledger.set_minimized(&e.id, kept);
        self.write(files, "campaign.json", &ledger.campaign_json())
    }

    /// What a resumed DIR holds beyond its records: the signatures a kill kept from campaign.json
    /// (from each crash's stderr.txt) and the minimised files already made (`inputs`: each FILE's bytes).
    pub fn recover(&self, ledger: &mut Ledger, inputs: &[&[u8]], files: &mut dyn Files) {
        for id in ledger.missing_signatures() {
            let stderr = files.read(&join(&self.path, &["crashes", &id, "stderr.txt"]));
            ledger.signature_from(&id, &stderr.ok().flatten().unwrap_or_default());
        }
        for e in ledger.entries() {
            let Ok(Some(bytes)) = files.read(&join(&self.path, &[&e.minimized_path])) else { continue };
            if let Some(n) = changes(inputs[e.file_index], &bytes) {
                ledger.set_minimized(&e.id, n);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{CampaignDir, Ran};
    use crate::campaign::{Ledger, Status};
    use crate::shell::memory::Memory;
    use crate::shell::Files;

    fn ledger() -> Ledger {
        Ledger::new(crate::campaign::spec::testing::campaign(&["in.bin"], 5))
    }

    #[test]
    fn kept_crashes_reach_campaign_json_at_most_once_a_second() {
        let (mut ledger, mut files, mut dir) = (ledger(), Memory::default(), CampaignDir::new(b"d"));
        let run =
            |status| Ran { variant: b"abcd", input_mode: 0o640, status, stdout: b"out", stderr: b"", duration_ms: 1 };
        let accepted = Status::Code(0);
        dir.record(&mut ledger, 0, &run(&accepted), 0.0, &mut files).unwrap();
        assert!(files.writes.is_empty(), "an accepted run keeps nothing");
        let segv = Status::Signal(11);
        let (line, _) = dir.record(&mut ledger, 4, &run(&segv), 10.0, &mut files).unwrap();
        let id = serde_json::from_str::<serde_json::Value>(&line).unwrap()["crash_id"].as_str().unwrap().to_string();
        let kept = |name: &str| format!("d/crashes/{id}/{name}");
        assert_eq!(
            files.writes,
            [kept("in_corrupted_14.bin"), kept("stdout.txt"), kept("stderr.txt"), "d/campaign.json".into()]
        );
        assert_eq!(
            files.permissions(kept("in_corrupted_14.bin").as_bytes()),
            0o640,
            "the variant keeps its input's permissions"
        );
        // The same crash again, earlier in the slice: the representative changes, campaign.json waits.
        files.writes.clear();
        dir.record(&mut ledger, 1, &run(&segv), 500.0, &mut files).unwrap();
        assert!(!files.writes.contains(&"d/campaign.json".to_string()));
        assert!(files.files.contains_key(kept("in_corrupted_11.bin").as_bytes()));
        assert!(!files.files.contains_key(kept("in_corrupted_14.bin").as_bytes()), "the former representative goes");
        dir.record(&mut ledger, 3, &run(&accepted), 1010.0, &mut files).unwrap();
        assert_eq!(
            files.writes.last().map(String::as_str),
            Some("d/campaign.json"),
            "written once a second has passed"
        );
        // Written whole, campaign.json is no longer waiting.
        dir.write_state(&ledger, &mut files).unwrap();
        files.writes.clear();
        dir.record(&mut ledger, 2, &run(&accepted), 5000.0, &mut files).unwrap();
        assert!(files.writes.is_empty());
    }
}
