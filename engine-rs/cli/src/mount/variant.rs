//! A corrupted view of one SOURCE file: the bytes `fracture` writes for a copy of it, made by the same
//! code (`crate::process`) into a private cache file on a thread of its own, and read as they are
//! made. Memory stays that of a streamed run whatever the file's size; the cache file holds the
//! variant on disk until the mount ends.

use std::fs::File;
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Condvar, Mutex};

use fracture_engine::stream::Streaming;
use fracture_engine::{Options, Report};

use crate::process::{self, Opened, Settings};
use fracture_host::plan::Checksums;

/// The corruption a mount applies: the engine's settings and the `--files` globs.
#[derive(Clone, Debug)]
pub struct Corruption {
    pub mode: String,
    pub intensity: u32,
    pub options: Options,
    pub files: Vec<String>,
}

impl Corruption {
    pub fn selects(&self, rel: &str) -> bool {
        self.files.is_empty() || self.files.iter().any(|g| super::rules::glob_names(g, rel))
    }

    fn settings(&self) -> Settings<'_> {
        Settings {
            mode: &self.mode,
            intensity: self.intensity,
            options: &self.options,
            whole: self.options.member.is_some(),
        }
    }
}

/// Hears the report of a variant made with one.
pub type OnReport = Box<dyn Fn(&Report) + Send + Sync>;

/// Where the variant stands.
enum State {
    /// Not asked for yet.
    Idle,
    /// Being made: the first `produced` bytes of the cache file are final.
    Making {
        produced: u64,
    },
    Done {
        len: u64,
    },
    Failed(String),
}

pub struct Variant {
    /// The SOURCE file and the name the engine reads its extension from.
    source: PathBuf,
    name: String,
    pub seed: u64,
    /// The output's length when the mode settles it before the run (the flips, bit_rot, bad_sectors,
    /// seven_bit, misdirected_write, shuffle_blocks, truncate_insert, interrupted_transfer), so `stat`
    /// need not wait for the run.
    predicted: Option<u64>,
    cache: File,
    state: Mutex<State>,
    changed: Condvar,
    corruption: Arc<Corruption>,
    /// Hears the report of a variant made with one (the log's `variant` line).
    on_report: Option<OnReport>,
}

/// A writer into the cache file that publishes each length written (`Making { produced }`).
struct Publishing<'a> {
    v: &'a Variant,
    at: u64,
    publish: bool,
}

impl std::io::Write for Publishing<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.v.cache.write_all_at(buf, self.at)?;
        self.at += buf.len() as u64;
        if self.publish {
            if let State::Making { produced } = &mut *self.v.lock() {
                *produced = self.at;
            }
            self.v.changed.notify_all();
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Variant {
    /// The variant of `source` (named `name`) with `seed`, to be made into a new file in `cache_dir`
    /// when first read. `report`: make the report too (for the log), at the cost of hashing both sides.
    pub fn new(
        source: &Path,
        name: &str,
        seed: u64,
        corruption: &Arc<Corruption>,
        cache_dir: &Path,
        on_report: Option<OnReport>,
    ) -> std::io::Result<Arc<Variant>> {
        let cache = tempfile::tempfile_in(cache_dir)?;
        let predicted = predict(source, name, seed, corruption);
        Ok(Arc::new(Variant {
            source: source.to_path_buf(),
            name: name.to_string(),
            seed,
            predicted,
            cache,
            state: Mutex::new(State::Idle),
            changed: Condvar::new(),
            corruption: corruption.clone(),
            on_report,
        }))
    }

    /// Starts making the variant on a thread of its own, once.
    fn ensure(self: &Arc<Self>) {
        {
            let mut state = self.lock();
            if !matches!(*state, State::Idle) {
                return;
            }
            *state = State::Making { produced: 0 };
        }
        let made = self.clone();
        let spawned = std::thread::Builder::new().name("fracture-variant".into()).spawn(move || {
            let result = made.make(&made.corruption, made.on_report.is_some());
            if let (Ok((_, Some(report))), Some(hear)) = (&result, &made.on_report) {
                hear(report);
            }
            let mut state = made.lock();
            *state = match result {
                Ok((len, _)) if made.predicted.is_some_and(|p| p != len) => {
                    State::Failed(format!("the variant's length {len} is not the predicted {:?}", made.predicted))
                }
                Ok((len, _)) => State::Done { len },
                Err(msg) => State::Failed(msg),
            };
            drop(state);
            made.changed.notify_all();
        });
        if let Err(e) = spawned {
            *self.lock() = State::Failed(e.to_string());
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Runs the engine as `fracture` does for a copy of the file (crate::main's route): streamed, or
    /// whole for `--member`; checksums fixed in the cache file itself.
    fn make(&self, c: &Corruption, report: bool) -> Result<(u64, Option<Report>), String> {
        let settings = c.settings();
        let check = || fracture_host::plan::check_variant(&c.mode, c.intensity, Some(self.seed));
        let opened = process::open_file(&self.source, &settings, check, &mut |_| {})?;
        // Only a length settled in advance lets readers go ahead of the run; a fixed or whole run's
        // bytes are final only at its end.
        let publish = self.predicted.is_some() && !c.options.fix_checksums;
        let mut sink = Publishing { v: self, at: 0, publish };
        let text = |e: fracture_engine::stream::StreamError| e.to_string();
        let made = match &opened {
            Opened::Whole(input) => {
                let done = process::corrupt(Input::clone(input), &settings, self.seed, &mut |_| {})?;
                let (written, report) = done.write_and_report(&mut sink);
                written.map_err(|e| process::io_text(&e))?;
                (done.output().len() as u64, Some(report))
            }
            Opened::Stream(s) => {
                s.check(&settings, self.seed)?;
                if c.options.fix_checksums {
                    let r = s.corrupt_fixed_into(&settings, self.seed, &self.cache, &mut |_| {}).map_err(text)?;
                    (result_size(&r), Some(r))
                } else if report {
                    let r = s
                        .corrupt_into(&settings, self.seed, Checksums::Unfixed, &mut sink, &mut |_| {})
                        .map_err(text)?;
                    (result_size(&r), Some(r))
                } else {
                    (s.write_unreported(&settings, self.seed, &mut sink, &mut |_| {}).map_err(text)?, None)
                }
            }
        };
        if let Opened::Stream(s) = &opened {
            s.unchanged()?;
        }
        Ok(made)
    }

    /// The variant's length: predicted, or once made.
    pub fn len(self: &Arc<Self>) -> Result<u64, String> {
        if let Some(n) = self.predicted {
            return Ok(n);
        }
        self.ensure();
        let mut state = self.lock();
        loop {
            match &*state {
                State::Done { len, .. } => return Ok(*len),
                State::Failed(msg) => return Err(msg.clone()),
                State::Making { .. } | State::Idle => {
                    state = self.changed.wait(state).unwrap_or_else(|p| p.into_inner())
                }
            }
        }
    }

    /// Reads `buf.len()` bytes at `offset` (fewer at the end), waiting for them to be made.
    pub fn read_at(self: &Arc<Self>, offset: u64, buf: &mut [u8]) -> Result<usize, String> {
        self.ensure();
        let want = offset.saturating_add(buf.len() as u64);
        let mut state = self.lock();
        let len = loop {
            match &*state {
                State::Done { len, .. } => break *len,
                State::Failed(msg) => return Err(msg.clone()),
                State::Idle => state = self.changed.wait(state).unwrap_or_else(|p| p.into_inner()),
                State::Making { produced } => {
                    if let Some(n) = self.predicted {
                        if *produced >= want.min(n) {
                            break n;
                        }
                    }
                    state = self.changed.wait(state).unwrap_or_else(|p| p.into_inner());
                }
            }
        };
        drop(state);
        if offset >= len {
            return Ok(0);
        }
        let n = buf.len().min((len - offset) as usize);
        self.cache.read_exact_at(&mut buf[..n], offset).map_err(|e| process::io_text(&e))?;
        Ok(n)
    }

    /// The cache file, once the variant is wholly made (for the kernel to read directly).
    pub fn made(&self) -> Option<File> {
        match &*self.lock() {
            State::Done { .. } => self.cache.try_clone().ok(),
            _ => None,
        }
    }

    /// The whole variant into `out` (a copy-up), once made.
    pub fn copy_to(self: &Arc<Self>, out: &mut File) -> Result<(), String> {
        let len = self.len()?;
        let mut buf = vec![0u8; 1 << 20];
        let mut at = 0;
        while at < len {
            let n = self.read_at(at, &mut buf)?;
            if n == 0 {
                break;
            }
            std::io::Write::write_all(out, &buf[..n]).map_err(|e| process::io_text(&e))?;
            at += n as u64;
        }
        Ok(())
    }

    pub fn name(&self) -> &str {
        &self.name
    }
}

use process::Input;

fn result_size(r: &Report) -> u64 {
    match r.get("result_size") {
        Some(fracture_engine::Value::Int(n)) => *n,
        _ => 0,
    }
}

/// The output's length when the mode settles it before the run; `None` where only the run tells
/// (guaranteed_break, members, the modes that convert what they find).
fn predict(source: &Path, name: &str, seed: u64, c: &Corruption) -> Option<u64> {
    let n = std::fs::metadata(source).ok()?.len();
    if c.options.member.is_some() {
        return None;
    }
    match c.mode.as_str() {
        m if keeps_length(m) => Some(n),
        "truncate_insert" | "interrupted_transfer" => {
            let file = File::open(source).ok()?;
            let mut head = vec![0u8; n.min(65536) as usize];
            file.read_exact_at(&mut head, 0).ok()?;
            let args = fracture_engine::Args { name, mode: &c.mode, intensity: c.intensity, seed, options: &c.options };
            let mut s = Streaming::new(n, &head, &args).ok()?;
            s.select(fracture_engine::stream::FileAt(&file)).ok()?;
            Some(s.out_len())
        }
        _ => None,
    }
}

/// The modes whose output always has the input's length.
pub fn keeps_length(mode: &str) -> bool {
    matches!(
        mode,
        "byte_flip"
            | "header_preserve_flip"
            | "shuffle_blocks"
            | "bad_sectors"
            | "bit_rot"
            | "seven_bit"
            | "misdirected_write"
    )
}
