//! The Node-API surface of the engine, for the npm CLI's streamed runs (docs/architecture.md, "The
//! native addon"): the editing runs and the SHA-256s that the WebAssembly path gives to helper threads
//! (lib/engine/host/stream-helpers.ts) run here as tasks on Node's own thread pool, at native speed and
//! with no thread of ours to start. `StreamRun` mirrors the module's `StreamRun` in the calls an editing
//! run needs, over the same `Streaming` of the engine core: the same edits, byte for byte. Planning,
//! the report, checksum fixing and the selectors stay in the module on the main thread.
//!
//! `exchange` swaps two names in one step, for the npm CLI's outputs (sdk/outputs.ts), as the native
//! CLI replaces an earlier output (engine-rs/cli/src/output.rs).
//!
//! Each task holds a view of the caller's memory (a piece of the run's SharedArrayBuffer): the caller
//! hands a piece to one task at a time and touches it again only once that task's promise settles
//! (lib/engine/host/stream-native.ts).

use std::sync::{Arc, Mutex, MutexGuard};

use fracture_engine::stream::Streaming;
use fracture_engine::{Args, Mode, Options, Ranges, Sha256Hasher, MAX_SEED, MAX_STREAMED};
use napi::bindgen_prelude::{AsyncTask, Float64Array, Uint8Array};
use napi::{Env, Error, Result, Task};
use napi_derive::napi;

/// What a streamed run does (the module's `StreamSettings`): the engine's arguments as plain values.
#[napi(object)]
pub struct StreamSettings {
    pub name: String,
    pub mode: String,
    pub intensity: f64,
    pub seed: f64,
    pub only: Vec<String>,
    pub protect: Vec<String>,
    pub fix_checksums: bool,
}

fn fail(message: impl Into<String>) -> Error {
    Error::from_reason(message.into())
}

/// A position or length from JavaScript: an integer the engine streams.
fn position(x: f64) -> Result<u64> {
    if x.fract() != 0.0 || !(0.0..=MAX_STREAMED as f64).contains(&x) {
        return Err(fail(format!("not a byte position: {x}")));
    }
    Ok(x as u64)
}

/// A lock that a task which panicked while holding it does not poison for the others: the run's
/// state is plain counts, and a panic already fails that task's promise.
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// The editing side of one streamed input: a run made with the main run's arguments edits the pieces
/// it is handed (the modes that key their edits by position, `piecewise`), and counts them.
#[napi]
pub struct StreamRun {
    s: Arc<Mutex<Streaming>>,
}

#[napi]
impl StreamRun {
    /// `head`: the input's first min(n, 65,536) bytes. The main thread's run has already checked the
    /// same arguments with the contract's error texts; these checks only refuse what it never sends.
    #[napi(constructor)]
    pub fn new(n: f64, head: &[u8], settings: StreamSettings) -> Result<Self> {
        Mode::parse(&settings.mode).map_err(|e| fail(e.to_string()))?;
        let whole = |x: f64, max: f64| x.fract() == 0.0 && (0.0..=max).contains(&x);
        if !whole(settings.intensity, 100.0) || !whole(settings.seed, MAX_SEED as f64) {
            return Err(fail("intensity or seed out of range"));
        }
        let options = Options {
            ranges: Ranges { only: settings.only, protect: settings.protect },
            fix_checksums: settings.fix_checksums,
            member: None,
            ..Options::default()
        };
        let args = Args {
            name: &settings.name,
            mode: &settings.mode,
            intensity: settings.intensity as u32,
            seed: settings.seed as u64,
            options: &options,
        };
        let s = Streaming::new(position(n)?, head, &args).map_err(|e| fail(e.to_string()))?;
        Ok(StreamRun { s: Arc::new(Mutex::new(s)) })
    }

    /// Whether this run may edit some of the pieces while another run, made with the same arguments,
    /// edits the others (their tallies then added together).
    #[napi]
    pub fn piecewise(&self) -> bool {
        lock(&self.s).piecewise()
    }

    /// The main run's map regions (`[start, end]` pairs): the edits count their changes in them.
    #[napi(js_name = "countRegions")]
    pub fn count_regions(&self, bounds: &[f64]) -> Result<()> {
        let bounds = bounds.iter().map(|&b| position(b)).collect::<Result<Vec<u64>>>()?;
        lock(&self.s).count_regions(&bounds);
        Ok(())
    }

    /// Edits the output piece at `pos` in place, where it lies (no copy), on Node's thread pool; counts
    /// its input bytes first and its output bytes after when `measured`.
    #[napi(js_name = "editPiece", ts_return_type = "Promise<void>")]
    pub fn edit_piece(&self, piece: Uint8Array, pos: f64, measured: bool) -> Result<AsyncTask<Edit>> {
        Ok(AsyncTask::new(Edit { s: Arc::clone(&self.s), piece, pos: position(pos)?, measured }))
    }

    /// The engine's `Streaming::tally` as numbers, for the main run's `addTally`.
    #[napi]
    pub fn tally(&self) -> Float64Array {
        Float64Array::new(lock(&self.s).tally().iter().map(|&c| c as f64).collect())
    }
}

/// One piece's edit, on a thread of Node's pool.
pub struct Edit {
    s: Arc<Mutex<Streaming>>,
    piece: Uint8Array,
    pos: u64,
    measured: bool,
}

impl Task for Edit {
    type Output = ();
    type JsValue = ();

    fn compute(&mut self) -> Result<()> {
        // SAFETY: the bytes are the caller's piece, which it leaves alone until this task settles.
        let piece = unsafe { self.piece.as_mut() };
        lock(&self.s).edit_counted(piece, self.pos, self.measured, self.measured);
        Ok(())
    }

    fn resolve(&mut self, _: Env, _: ()) -> Result<()> {
        Ok(())
    }
}

/// A SHA-256 fed piece after piece, each on Node's thread pool (the caller feeds one at a time).
#[napi]
pub struct Sha256 {
    h: Arc<Mutex<Sha256Hasher>>,
}

#[napi]
impl Sha256 {
    #[napi(constructor)]
    #[allow(clippy::new_without_default)]
    pub fn new() -> Self {
        Sha256 { h: Arc::default() }
    }

    /// Feeds `bytes`; the promise settles once they were read.
    #[napi(ts_return_type = "Promise<void>")]
    pub fn update(&self, bytes: Uint8Array) -> AsyncTask<Feed> {
        AsyncTask::new(Feed { h: Arc::clone(&self.h), bytes })
    }

    /// The digest of everything fed, as lower-case hex; the hash starts again empty.
    #[napi]
    pub fn digest(&self) -> String {
        std::mem::take(&mut *lock(&self.h)).hex()
    }
}

/// One piece fed to a SHA-256, on a thread of Node's pool.
pub struct Feed {
    h: Arc<Mutex<Sha256Hasher>>,
    bytes: Uint8Array,
}

impl Task for Feed {
    type Output = ();
    type JsValue = ();

    fn compute(&mut self) -> Result<()> {
        lock(&self.h).update(&self.bytes);
        Ok(())
    }

    fn resolve(&mut self, _: Env, _: ()) -> Result<()> {
        Ok(())
    }
}

/// Swaps the files named `a` and `b` in one step (`renameat2` with `RENAME_EXCHANGE`): an output's
/// temporary file takes the final name, which never names less than a whole file, and the earlier
/// output takes the temporary name, to be removed beside the run. Unlike a rename onto an existing
/// file, it does not make ext4 write the new file's data out first (auto_da_alloc: tens of ms for a
/// large output). Fails where the system cannot (the caller renames then).
#[napi]
pub fn exchange(a: String, b: String) -> Result<()> {
    #[cfg(any(target_os = "linux", target_os = "android"))]
    {
        use rustix::fs::{renameat_with, RenameFlags, CWD};
        renameat_with(CWD, a.as_str(), CWD, b.as_str(), RenameFlags::EXCHANGE)
            .map_err(|e| fail(std::io::Error::from(e).to_string()))
    }
    #[cfg(not(any(target_os = "linux", target_os = "android")))]
    {
        let _ = (a, b);
        Err(fail("exchanging two files is not supported here"))
    }
}
