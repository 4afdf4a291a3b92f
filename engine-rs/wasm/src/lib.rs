//! The WebAssembly surface: bytes and numbers in, bytes and JSON out. The worker calls one method per
//! stage so it can report progress between them.

use wasm_bindgen::prelude::*;

use fracture_engine::{EngineError, Job, Options, ProgressiveSha256 as Progressive, Ranges, MAX_SEED};

/// An intensity given as a JavaScript number: an integer in 0..=100, never clamped.
fn intensity_from_f64(x: f64) -> Result<u32, EngineError> {
    if x.fract() == 0.0 && (0.0..=100.0).contains(&x) {
        Ok(x as u32)
    } else {
        Err(EngineError::Intensity(js_number(x)))
    }
}

/// A seed given as a JavaScript number: an integer in 0..=2^53-1.
fn seed_from_f64(x: f64) -> Result<u64, EngineError> {
    if x.fract() == 0.0 && x >= 0.0 && x <= MAX_SEED as f64 {
        Ok(x as u64)
    } else {
        Err(EngineError::Seed(js_number(x)))
    }
}

/// The number as JavaScript's `String(x)` prints it, for the error texts.
fn js_number(x: f64) -> String {
    if x.is_nan() {
        "NaN".into()
    } else if x.is_infinite() {
        (if x > 0.0 { "Infinity" } else { "-Infinity" }).into()
    } else {
        format!("{x}")
    }
}

/// Input bytes allocated inside the module's memory, so the worker can stream a file straight into
/// it (one copy of the file, not two), hashing each piece as it arrives.
#[wasm_bindgen]
pub struct InputBuffer {
    bytes: Vec<u8>,
    sha: Progressive,
}

// A byte buffer handed to JavaScript, not a collection: nothing asks whether it is empty.
#[allow(clippy::len_without_is_empty)]
#[wasm_bindgen]
impl InputBuffer {
    #[wasm_bindgen(constructor)]
    pub fn new(len: usize) -> InputBuffer {
        InputBuffer { bytes: vec![0; len], sha: Progressive::default() }
    }

    /// Where the bytes start in the module's memory.
    pub fn ptr(&mut self) -> *mut u8 {
        self.bytes.as_mut_ptr()
    }

    pub fn len(&self) -> usize {
        self.bytes.len()
    }

    /// Feeds `bytes[..end]` to the input's SHA-256 (the part not fed yet), once those bytes are final.
    #[wasm_bindgen(js_name = hashTo)]
    pub fn hash_to(&mut self, end: usize) {
        self.sha.advance(&self.bytes, end);
    }
}

#[wasm_bindgen]
pub struct WasmJob {
    job: Job,
    /// The output's SHA-256 as far as `hashOutputTo` has fed it.
    output_sha: Progressive,
}

#[wasm_bindgen]
impl WasmJob {
    /// The scan stage. Rejects with the engine's error text.
    #[wasm_bindgen(constructor)]
    pub fn new(input: Vec<u8>, name: &str, mode: &str, intensity: f64, seed: f64) -> Result<WasmJob, JsError> {
        let intensity = intensity_from_f64(intensity).map_err(|e| JsError::new(&e.to_string()))?;
        let seed = seed_from_f64(seed).map_err(|e| JsError::new(&e.to_string()))?;
        let job = Job::scan(input, name, mode, intensity, seed).map_err(|e| JsError::new(&e.to_string()))?;
        Ok(WasmJob { job, output_sha: Progressive::default() })
    }

    /// The scan stage for bytes already in the module's memory (consumes the buffer, no copy). The
    /// input's SHA-256 is `sha256` when given (WebCrypto), else the buffer's own, finished here.
    #[wasm_bindgen(js_name = fromBuffer)]
    pub fn from_buffer(
        input: InputBuffer,
        name: &str,
        mode: &str,
        intensity: f64,
        seed: f64,
        sha256: Option<String>,
    ) -> Result<WasmJob, JsError> {
        let intensity = intensity_from_f64(intensity).map_err(|e| JsError::new(&e.to_string()))?;
        let seed = seed_from_f64(seed).map_err(|e| JsError::new(&e.to_string()))?;
        let sha256 = sha256.unwrap_or_else(|| input.sha.finish(&input.bytes));
        let job = Job::scan_with(input.bytes, name, mode, intensity, seed, Some(sha256))
            .map_err(|e| JsError::new(&e.to_string()))?;
        Ok(WasmJob { job, output_sha: Progressive::default() })
    }

    /// The options (byte ranges as `A:B` texts, checksum fixing), before the plan stage. Rejects with the
    /// engine's error text.
    #[wasm_bindgen(js_name = setOptions)]
    pub fn set_options(&mut self, only: Vec<String>, protect: Vec<String>, fix_checksums: bool) -> Result<(), JsError> {
        let options = Options { ranges: Ranges { only, protect }, fix_checksums };
        self.job.set_options(&options).map_err(|e| JsError::new(&e.to_string()))
    }

    /// Feeds `output[..end]` to the output's SHA-256 (the part not fed yet); call once the output is final.
    #[wasm_bindgen(js_name = hashOutputTo)]
    pub fn hash_output_to(&mut self, end: usize) {
        self.output_sha.advance(self.job.output(), end);
    }

    pub fn family(&self) -> String {
        self.job.family().id().to_string()
    }

    pub fn plan(&mut self) {
        self.job.plan();
    }

    pub fn corrupt(&mut self) {
        self.job.corrupt();
    }

    /// Returns true when the output was escalated.
    pub fn verify(&mut self) -> bool {
        self.job.verify()
    }

    /// The report as JSON (`JSON.stringify` order and format).
    pub fn report(&self, time_ms: f64, ops_ms: f64) -> String {
        self.report_with(time_ms, ops_ms, None)
    }

    /// The report with the output's SHA-256 hashed by the caller (WebCrypto), or else by this job:
    /// what `hashOutputTo` fed, and the rest now.
    #[wasm_bindgen(js_name = reportWith)]
    pub fn report_with(&self, time_ms: f64, ops_ms: f64, sha256: Option<String>) -> String {
        let sha256 = sha256.unwrap_or_else(|| self.output_sha.finish(self.job.output()));
        self.job.report_with(time_ms, ops_ms, Some(sha256)).to_json()
    }

    /// The output bytes (copied out of the module's memory once).
    pub fn output(&self) -> Vec<u8> {
        self.job.output().to_vec()
    }

    /// `[h, k, seed]` for a planned flip mode (the chunked corrupt stage), else an empty array. The
    /// seed is the job's, or seed + 1 when the plan stage already decided to escalate.
    #[wasm_bindgen(js_name = flipPlan)]
    pub fn flip_plan(&self) -> Vec<f64> {
        self.job.flip_plan().map(|(h, k, seed)| vec![h as f64, k as f64, seed as f64]).unwrap_or_default()
    }

    #[wasm_bindgen(js_name = beginChunks)]
    pub fn begin_chunks(&mut self) -> bool {
        self.job.begin_chunks()
    }

    /// Flips chunks `first..=last` of the output here, in this worker.
    #[wasm_bindgen(js_name = flipChunks)]
    pub fn flip_chunks(&mut self, first: usize, last: usize) {
        self.job.flip_chunks(first, last);
    }

    /// Where the output starts in the module's memory, for writing back chunks flipped elsewhere.
    #[wasm_bindgen(js_name = outputMutPtr)]
    pub fn output_mut_ptr(&mut self) -> *mut u8 {
        self.job.output_mut().as_mut_ptr()
    }

    #[wasm_bindgen(js_name = endChunks)]
    pub fn end_chunks(&mut self) {
        self.job.end_chunks();
    }

    /// Where the output starts in the module's memory; valid until the job is freed or runs again.
    #[wasm_bindgen(js_name = outputPtr)]
    pub fn output_ptr(&self) -> *const u8 {
        self.job.output().as_ptr()
    }

    #[wasm_bindgen(js_name = outputLen)]
    pub fn output_len(&self) -> usize {
        self.job.output().len()
    }

    /// Frees the input once it is no longer needed (after the report), to lower peak memory.
    #[wasm_bindgen(js_name = dropInput)]
    pub fn drop_input(&mut self) {
        self.job.drop_input();
    }
}

/// Mode validation without a job, so the worker can reject before copying 200 MB in.
#[wasm_bindgen(js_name = checkArgs)]
pub fn check_args(mode: &str, intensity: f64, seed: f64) -> Result<(), JsError> {
    fracture_engine::Mode::parse(mode).map_err(|e| JsError::new(&e.to_string()))?;
    intensity_from_f64(intensity).map_err(|e| JsError::new(&e.to_string()))?;
    seed_from_f64(seed).map_err(|e| JsError::new(&e.to_string()))?;
    Ok(())
}

/// The options' checks that need no input (the mode takes them, the range texts), so the worker can
/// reject before copying a file in.
#[wasm_bindgen(js_name = checkOptions)]
pub fn check_options(mode: &str, only: Vec<String>, protect: Vec<String>, fix_checksums: bool) -> Result<(), JsError> {
    let mode = fracture_engine::Mode::parse(mode).map_err(|e| JsError::new(&e.to_string()))?;
    let options = Options { ranges: Ranges { only, protect }, fix_checksums };
    fracture_engine::check_options(mode, &options).map_err(|e| JsError::new(&e.to_string()))?;
    Ok(())
}

/// Flips chunks `first..=last` of an `n`-byte input, given the bytes `[start, start + part.len())`
/// in `part` (changed in place): the part of a flip-mode job another worker hands out.
#[allow(clippy::too_many_arguments)]
#[wasm_bindgen(js_name = flipPart)]
pub fn flip_part(part: &mut [u8], start: usize, n: usize, h: usize, k: f64, seed: f64, first: usize, last: usize) {
    // Callers pass what `WasmJob.flipPlan` returned; a bad value only changes which bytes flip.
    let span = first.saturating_mul(fracture_engine::modes::flip::CHUNK)
        ..(last.saturating_add(1)).saturating_mul(fracture_engine::modes::flip::CHUNK).min(n);
    if start > span.start || start.saturating_add(part.len()) < span.end || h > n || k < 0.0 || k > n as f64 {
        return;
    }
    fracture_engine::modes::flip::flip_chunks(part, start, n, h, k as u64, seed as u64, first..=last);
}

#[cfg(feature = "testing")]
/// Shannon entropy of `bytes`, for the benchmark's entropy-only pass.
#[wasm_bindgen]
pub fn entropy(bytes: &[u8]) -> f64 {
    fracture_engine::entropy(bytes)
}

#[wasm_bindgen(js_name = engineVersion)]
pub fn engine_version() -> String {
    fracture_engine::ENGINE_VERSION.to_string()
}

#[cfg(feature = "testing")]
/// The first `count` words of stream `(stream_hi << 32) | stream_lo` of `seed`: lets the tests pin the
/// WebAssembly build's generator to ENGINE.md's known answers.
#[wasm_bindgen(js_name = streamWords)]
pub fn stream_words(seed: f64, stream_hi: u32, stream_lo: u32, count: usize) -> Vec<u32> {
    let mut s = fracture_engine::rng::Stream::new(seed as u64, (u64::from(stream_hi) << 32) | u64::from(stream_lo));
    (0..count.min(1 << 20)).map(|_| s.u32()).collect()
}

#[cfg(feature = "testing")]
/// `below(b)` drawn `count` times from a stream, for the same known-answer tests.
#[wasm_bindgen(js_name = streamBelow)]
pub fn stream_below(seed: f64, stream_lo: u32, b: u32, count: usize) -> Vec<u32> {
    let mut s = fracture_engine::rng::Stream::new(seed as u64, u64::from(stream_lo));
    (0..count.min(1 << 20)).map(|_| s.below(b.max(1))).collect()
}
