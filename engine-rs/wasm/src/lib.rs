//! The WebAssembly surface: bytes and numbers in, bytes and JSON out. The worker calls one method per
//! stage so it can report progress between them. Only what the product calls is exported; the tests'
//! and the benchmark's extra calls are behind the `testing` feature.

use wasm_bindgen::prelude::*;

use fracture_engine::checksums::Positional;
use fracture_engine::modes::flip::CHUNK;
use fracture_engine::stream::Streaming;
use fracture_engine::{
    Args, EngineError, Job, Mode, Options, ProgressiveSha256 as Progressive, Ranges, Sha256Hasher, MAX_SEED,
    MAX_STREAMED,
};

mod allocator;

#[global_allocator]
static ALLOCATOR: allocator::Allocator = allocator::Allocator;

/// Chunks per flip piece handed out to a helper: 4 MiB, so little is ever copied at once.
const PIECE_CHUNKS: usize = 64;

fn js_error(e: EngineError) -> JsError {
    JsError::new(&e.to_string())
}

/// The argument checks of the contract (section 2) in its order: mode, intensity, seed. The numbers
/// arrive as JavaScript numbers: integers in range, never clamped or rounded.
fn check(mode: &str, intensity: f64, seed: f64) -> Result<(u32, u64), JsError> {
    Mode::parse(mode).map_err(js_error)?;
    if intensity.fract() != 0.0 || !(0.0..=100.0).contains(&intensity) {
        return Err(js_error(EngineError::Intensity(js_number(intensity))));
    }
    if seed.fract() != 0.0 || !(0.0..=MAX_SEED as f64).contains(&seed) {
        return Err(js_error(EngineError::Seed(js_number(seed))));
    }
    Ok((intensity as u32, seed as u64))
}

#[wasm_bindgen]
extern "C" {
    /// JavaScript's own `String(x)`: the contract's error texts print numbers as it does (`1e+21`,
    /// `1e-7`, `0` for `-0`), which Rust's formatting does not.
    #[wasm_bindgen(js_name = String)]
    fn js_number(x: f64) -> String;
}

/// Input bytes allocated inside the module's memory, so the worker can stream a file straight into
/// it (one copy of the file, not two), hashing each piece as it arrives.
#[wasm_bindgen]
pub struct InputBuffer {
    bytes: Vec<u8>,
    sha: Progressive,
}

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

    /// Feeds `bytes[..end]` to the input's SHA-256 (the part not fed yet), once those bytes are final.
    #[wasm_bindgen(js_name = hashTo)]
    pub fn hash_to(&mut self, end: usize) {
        self.sha.advance(&self.bytes, end);
    }

    /// The benchmark's input (docs/benchmark.md): `kind` is "random" or "png", `len` bytes made from
    /// `seed` by the core's generator, in the module's memory (the page and the npm CLI run on it).
    #[wasm_bindgen(js_name = benchInput)]
    pub fn bench_input(kind: &str, len: usize, seed: f64) -> Result<InputBuffer, JsError> {
        use fracture_engine::bench;
        let (_, seed) = check("byte_flip", 0.0, seed)?;
        let kind = bench::Input::parse(kind).map_err(|e| JsError::new(&e))?;
        let mut buffer = InputBuffer::new(len);
        bench::fill(kind, &mut buffer.bytes, seed).map_err(|e| JsError::new(&e))?;
        Ok(buffer)
    }

    /// The input's length in bytes.
    pub fn size(&self) -> usize {
        self.bytes.len()
    }
}

/// The benchmark in the module (docs/benchmark.md): its input, made once per input and size and kept
/// for every run and mode of that size, and the runs on it. Each run streams it piece by piece on
/// this thread (`stream::corrupt_held`, as natively), so the module never holds a second copy of it.
#[wasm_bindgen]
pub struct BenchBuffers {
    input: Vec<u8>,
    out: fracture_engine::bench::Copied,
}

#[wasm_bindgen]
impl BenchBuffers {
    /// Room for inputs of up to `capacity` bytes, reserved now (pages the module's memory gains are
    /// not backed by the system until written).
    #[wasm_bindgen(constructor)]
    pub fn new(capacity: usize) -> BenchBuffers {
        BenchBuffers {
            input: Vec::with_capacity(capacity),
            out: fracture_engine::bench::Copied::new(fracture_engine::stream::PIECE),
        }
    }

    /// Makes the input: `kind` ("random" or "png"), `len` bytes from `seed` (as `benchInput`).
    pub fn fill(&mut self, kind: &str, len: usize, seed: f64) -> Result<(), JsError> {
        use fracture_engine::bench;
        let (_, seed) = check("byte_flip", 0.0, seed)?;
        let kind = bench::Input::parse(kind).map_err(|e| JsError::new(&e))?;
        self.input.clear();
        self.input.resize(len, 0);
        bench::fill(kind, &mut self.input, seed).map_err(|e| JsError::new(&e))
    }

    /// Where the input starts in the module's memory (the runs read it there).
    #[wasm_bindgen(js_name = inputPtr)]
    pub fn input_ptr(&self) -> *const u8 {
        self.input.as_ptr()
    }

    #[wasm_bindgen(js_name = inputLen)]
    pub fn input_len(&self) -> usize {
        self.input.len()
    }

    /// One run of `mode` on the input's first `len` bytes, named `name` (the timed call): the streamed
    /// run with both SHA-256 digests and the report, each output piece copied out into one reused
    /// piece of memory. Returns the output's length.
    pub fn run(&mut self, mode: &str, name: &str, len: usize, intensity: f64, seed: f64) -> Result<f64, JsError> {
        let (intensity, seed) = check(mode, intensity, seed)?;
        let input = self
            .input
            .get(..len)
            .ok_or_else(|| JsError::new("the benchmark's input is shorter than the run asks for"))?;
        let options = Options::default();
        let args = Args { name, mode, intensity, seed, options: &options };
        let report = fracture_engine::stream::corrupt_held(input, &args, &mut self.out)
            .map_err(|e| JsError::new(&e.to_string()))?;
        match report.get("result_size") {
            Some(fracture_engine::Value::Int(n)) => Ok(*n as f64),
            _ => Err(JsError::new("the run's report has no result_size")),
        }
    }
}

/// A SHA-256 fed piece after piece from JavaScript: a helper worker hashes another worker's input and
/// output beside that worker's own stages, on another core.
#[wasm_bindgen]
#[derive(Default)]
pub struct Sha256Stream {
    inner: Sha256Hasher,
}

#[wasm_bindgen]
impl Sha256Stream {
    #[wasm_bindgen(constructor)]
    pub fn new() -> Sha256Stream {
        Sha256Stream::default()
    }

    pub fn update(&mut self, bytes: &[u8]) {
        self.inner.update(bytes);
    }

    /// The digest of everything fed, as lower-case hex.
    pub fn hex(&self) -> String {
        self.inner.clone().hex()
    }
}

/// A piece of a flip-mode job's corrupt stage, which any worker can flip (the contract lets chunks
/// run in any order): chunks `first..=last` of an `n`-byte input, flipped with the plan's header `h`,
/// byte count `k` and seed (the job's, or seed + 1 when the plan stage already decided to escalate).
/// Plain numbers, so its fields cross to another worker, which rebuilds it there for `flipPart`.
#[wasm_bindgen]
#[derive(Clone, Copy, Default)]
pub struct FlipPiece {
    pub n: usize,
    pub h: usize,
    pub k: usize,
    pub seed: f64,
    pub first: usize,
    pub last: usize,
}

#[wasm_bindgen]
impl FlipPiece {
    /// An empty piece, for a helper to set the fields of a piece it was sent.
    #[wasm_bindgen(constructor)]
    pub fn new() -> FlipPiece {
        FlipPiece::default()
    }

    /// Where the piece's bytes start in the input.
    pub fn start(&self) -> usize {
        self.first.saturating_mul(CHUNK).min(self.n)
    }

    /// Where the piece's bytes end in the input (exclusive).
    pub fn end(&self) -> usize {
        self.last.saturating_add(1).saturating_mul(CHUNK).min(self.n)
    }
}

/// A position or length from JavaScript: an integer below 2^53 (the module's usize is 32-bit, so
/// positions past 4 GiB cross as numbers).
fn position(x: f64) -> Result<u64, JsError> {
    if x.fract() != 0.0 || !(0.0..=MAX_STREAMED as f64).contains(&x) {
        return Err(JsError::new(&format!("not a byte position: {}", js_number(x))));
    }
    Ok(x as u64)
}

#[wasm_bindgen]
extern "C" {
    /// A file the host reads and writes by position (Node's `readSync` and `writeSync` on a
    /// descriptor); its methods throw a string on failure.
    pub type HostFile;
    #[wasm_bindgen(method)]
    fn size(this: &HostFile) -> f64;
    /// Exactly the `len` bytes from `pos`.
    #[wasm_bindgen(method, catch)]
    fn read(this: &HostFile, pos: f64, len: usize) -> Result<Vec<u8>, JsValue>;
    #[wasm_bindgen(method, catch)]
    fn write(this: &HostFile, pos: f64, bytes: &[u8]) -> Result<(), JsValue>;
}

struct Host<'a>(&'a HostFile);

fn host_error(e: JsValue) -> std::io::Error {
    std::io::Error::other(e.as_string().unwrap_or_else(|| "the host could not read or write the file".into()))
}

impl Positional for Host<'_> {
    fn size(&self) -> u64 {
        self.0.size() as u64
    }

    fn read_at(&mut self, pos: u64, buf: &mut [u8]) -> std::io::Result<()> {
        let bytes = self.0.read(pos as f64, buf.len()).map_err(host_error)?;
        if bytes.len() != buf.len() {
            return Err(std::io::Error::other("the file changed while it was being read"));
        }
        buf.copy_from_slice(&bytes);
        Ok(())
    }

    fn write_at(&mut self, pos: u64, bytes: &[u8]) -> std::io::Result<()> {
        self.0.write(pos as f64, bytes).map_err(host_error)
    }
}

/// The structure map of a file read by position (docs/contract.md, section 14.1), for the
/// workspace's Target picker at any size the site takes: the family section 7 finds from the first
/// bytes a streamed run reads and `name`, then `[path, start, end, unit]` per region, where `unit`
/// is the length of the region's unit `FORMAT:UNIT` in UTF-16 code units (a prefix of `path`, as
/// JavaScript counts). At most 8,193 regions (section 14.1, rule 4), whatever the input claims.
#[wasm_bindgen(js_name = structureMap)]
pub fn structure_map(name: &str, input: &HostFile) -> Result<String, JsError> {
    let mut host = Host(input);
    let n = host.size();
    let mut head = vec![0u8; n.min(CHUNK as u64) as usize];
    host.read_at(0, &mut head).map_err(|e| JsError::new(&e.to_string()))?;
    let family = fracture_engine::detect(&head, &fracture_engine::extension_of(name));
    let regions = fracture_engine::structure::map_positional(family, host).map_err(|e| JsError::new(&e.to_string()))?;
    let mut out = format!("{{\"family\":\"{}\",\"regions\":[", family.id());
    for (i, r) in regions.iter().enumerate() {
        let unit = r.path[..r.unit_end].encode_utf16().count();
        out.push_str(if i == 0 { "[" } else { ",[" });
        fracture_engine::json_string(&mut out, &r.path);
        out.push_str(&format!(",{},{},{unit}]", r.start, r.end));
    }
    out.push_str("]}");
    Ok(out)
}

#[wasm_bindgen(typescript_custom_section)]
const STREAM_SETTINGS: &str = r#"
/** What a streamed run does: the engine's arguments, as plain values (helper threads receive a copy). */
export interface StreamSettings {
  name: string;
  mode: string;
  intensity: number;
  seed: number;
  only: string[];
  protect: string[];
  fixChecksums: boolean;
  /** The conversion modes' and misdirected_write's options, as texts (absent: not given). */
  direction?: string;
  charset?: string;
  bom?: string;
  blockSize?: string;
}
"#;

#[wasm_bindgen]
extern "C" {
    /// A plain JavaScript object with the engine's arguments (`StreamSettings` above).
    #[wasm_bindgen(typescript_type = "StreamSettings")]
    pub type StreamSettings;
    #[wasm_bindgen(method, getter)]
    fn name(this: &StreamSettings) -> String;
    #[wasm_bindgen(method, getter)]
    fn mode(this: &StreamSettings) -> String;
    #[wasm_bindgen(method, getter)]
    fn intensity(this: &StreamSettings) -> f64;
    #[wasm_bindgen(method, getter)]
    fn seed(this: &StreamSettings) -> f64;
    #[wasm_bindgen(method, getter)]
    fn only(this: &StreamSettings) -> Vec<String>;
    #[wasm_bindgen(method, getter)]
    fn protect(this: &StreamSettings) -> Vec<String>;
    #[wasm_bindgen(method, getter, js_name = fixChecksums)]
    fn fix_checksums(this: &StreamSettings) -> bool;
    #[wasm_bindgen(method, getter)]
    fn direction(this: &StreamSettings) -> Option<String>;
    #[wasm_bindgen(method, getter)]
    fn charset(this: &StreamSettings) -> Option<String>;
    #[wasm_bindgen(method, getter)]
    fn bom(this: &StreamSettings) -> Option<String>;
    #[wasm_bindgen(method, getter, js_name = blockSize)]
    fn block_size(this: &StreamSettings) -> Option<String>;
}

/// One input streamed by the host (the npm CLI), which reads and writes the pieces and hashes them
/// with its own SHA-256: any size in bounded memory (docs/engine.md, Streaming). Positions and
/// lengths are JavaScript numbers, so inputs past 4 GiB work in this 32-bit module.
#[wasm_bindgen]
pub struct StreamRun {
    s: Streaming,
}

#[wasm_bindgen]
impl StreamRun {
    /// `head`: the input's first min(n, 65,536) bytes. Rejects with the engine's error text.
    #[wasm_bindgen(constructor)]
    pub fn new(n: f64, head: &[u8], settings: &StreamSettings) -> Result<StreamRun, JsError> {
        let (name, mode) = (settings.name(), settings.mode());
        let (intensity, seed) = check(&mode, settings.intensity(), settings.seed())?;
        let ranges = Ranges { only: settings.only(), protect: settings.protect() };
        let options = Options {
            ranges,
            fix_checksums: settings.fix_checksums(),
            member: None,
            direction: settings.direction(),
            charset: settings.charset(),
            bom: settings.bom(),
            block_size: settings.block_size(),
        };
        let args = Args { name: &name, mode: &mode, intensity, seed, options: &options };
        let s = Streaming::new(position(n)?, head, &args).map_err(|e| JsError::new(&e.to_string()))?;
        Ok(StreamRun { s })
    }

    /// Whether every input piece goes to `count` first, then `decide` (byte_flip on csv, tsv, json).
    #[wasm_bindgen(js_name = countingPass)]
    pub fn counting_pass(&self) -> bool {
        self.s.counting_pass()
    }

    pub fn count(&mut self, piece: &mut [u8], pos: f64) -> Result<(), JsError> {
        self.s.count(piece, position(pos)?);
        Ok(())
    }

    pub fn decide(&mut self) {
        self.s.decide();
    }

    #[wasm_bindgen(js_name = outLen)]
    pub fn out_len(&self) -> f64 {
        self.s.out_len() as f64
    }

    /// Whether the host measures the input from each piece's first segment (else it reads the input
    /// in order for `countInput` and its hash).
    #[wasm_bindgen(js_name = measuresInPlace)]
    pub fn measures_in_place(&self) -> bool {
        self.s.measures_in_place()
    }

    /// The output piece `[pos, pos + len)` as triples: offset in the piece, input position (-1: the
    /// next `fill` bytes), length; later ones overwrite earlier ones.
    pub fn segments(&self, pos: f64, len: usize) -> Result<Vec<f64>, JsError> {
        let segs = self.s.segments(position(pos)?, len);
        Ok(segs.iter().flat_map(|g| [g.at as f64, g.from.map_or(-1.0, |f| f as f64), g.len as f64]).collect())
    }

    pub fn fill(&mut self, out: &mut [u8]) {
        self.s.fill(out);
    }

    #[wasm_bindgen(js_name = countInput)]
    pub fn count_input(&mut self, bytes: &[u8]) {
        self.s.count_input(bytes);
    }

    /// Edits the output piece at `pos` in place; counts its input bytes first when `count_input`, and
    /// its output bytes after unless `count_output` is false (a run whose report nobody wants; one
    /// copy in and out of the module per piece).
    #[wasm_bindgen(js_name = editPiece)]
    pub fn edit_piece(
        &mut self,
        piece: &mut [u8],
        pos: f64,
        count_input: bool,
        count_output: Option<bool>,
    ) -> Result<(), JsError> {
        self.s.edit_counted(piece, position(pos)?, count_input, count_output.unwrap_or(true));
        Ok(())
    }

    /// guaranteed_break: the host hands each input piece (read as `segments` says), in order, to
    /// `breakPiece` instead of `editPiece`, and writes the bytes it returns.
    pub fn breaks(&self) -> bool {
        self.s.breaks()
    }

    /// The output bytes the input piece at `pos` completes (some may wait for the next piece; the
    /// last returns the rest); counts the input first when `count_input`, and the output.
    #[wasm_bindgen(js_name = breakPiece)]
    pub fn break_piece(&mut self, piece: &[u8], pos: f64, count_input: bool) -> Result<Vec<u8>, JsError> {
        let pos = position(pos)?;
        if count_input {
            self.s.count_input(piece);
        }
        Ok(self.s.break_piece(piece, pos))
    }

    /// Whether another `StreamRun` made with the same arguments may edit some of the pieces (in
    /// another thread's instance), its `tally` then added here with `addTally`.
    pub fn piecewise(&self) -> bool {
        self.s.piecewise()
    }

    /// The engine's `Streaming::tally` as numbers: the byte counts, the bytes zeroed and, for a run
    /// given `countRegions`, the hits per region its edits changed.
    pub fn tally(&self) -> Vec<f64> {
        self.s.tally().iter().map(|&c| c as f64).collect()
    }

    /// Adds another run's `tally` to this one's.
    #[wasm_bindgen(js_name = addTally)]
    pub fn add_tally(&mut self, tally: &[f64]) -> Result<(), JsError> {
        let tally = tally.iter().map(|&c| position(c)).collect::<Result<Vec<u64>, JsError>>()?;
        self.s.add_tally(&tally).map_err(|e| JsError::new(&e.to_string()))
    }

    /// Whether the selectors wait for the input: the host calls `select` before anything else.
    pub fn selects(&self) -> bool {
        self.s.selects()
    }

    /// Resolves the selectors (docs/contract.md, section 14.4) through the host's positional reads of
    /// the input and plans the run; without `input` (a host that cannot read by position), refuses
    /// them. Nothing to do when `selects` is false.
    pub fn select(&mut self, input: Option<HostFile>) -> Result<(), JsError> {
        if !self.s.selects() {
            return Ok(());
        }
        let Some(input) = input else {
            return Err(JsError::new(&fracture_engine::EngineError::SelectorsUnreadable.to_string()));
        };
        self.s.select(Host(&input)).map_err(|e| JsError::new(&e.to_string()))
    }

    /// The structure map's regions as `[start, end]` pairs (empty before `map`), for the runs that
    /// edit some of the pieces elsewhere: each is given them with `countRegions`.
    pub fn bounds(&self) -> Vec<f64> {
        self.s.bounds().iter().map(|&b| b as f64).collect()
    }

    /// An editing run's regions (the main run's `bounds`): its edits count their changes in them,
    /// and its `tally` carries them.
    #[wasm_bindgen(js_name = countRegions)]
    pub fn count_regions(&mut self, bounds: &[f64]) -> Result<(), JsError> {
        let bounds = bounds.iter().map(|&b| position(b)).collect::<Result<Vec<u64>, JsError>>()?;
        self.s.count_regions(&bounds);
        Ok(())
    }

    /// Builds the structure map (docs/contract.md, section 14) through the host's positional reads of
    /// the input, before any piece; without it the report has no map and no hits.
    pub fn map(&mut self, input: &HostFile) -> Result<(), JsError> {
        self.s.map(Host(input)).map_err(|e| JsError::new(&e.to_string()))
    }

    /// Whether the run fixes checksums: after the pieces, the host calls `fix`, hands the fixed
    /// output to `countOutput` (and its own hash) in order, then `judge`s it.
    pub fn fixes(&self) -> bool {
        self.s.fixes()
    }

    /// Fixes the written output's checksums in place through the host's positional reads and writes
    /// of the input and the output (docs/engine.md, Streaming).
    pub fn fix(&mut self, input: &HostFile, output: &HostFile) -> Result<(), JsError> {
        self.s.fix(Host(input), Host(output)).map_err(|e| JsError::new(&e.to_string()))
    }

    #[wasm_bindgen(js_name = countOutput)]
    pub fn count_output(&mut self, bytes: &[u8]) {
        self.s.count_output(bytes);
    }

    /// byte_flip's verdict on the fixed output (`head`: its first min(n, 1,024) bytes): true when the
    /// run escalates and must be written, fixed, counted and judged again from the start.
    pub fn judge(&mut self, head: &[u8]) -> bool {
        self.s.judge(head)
    }

    /// The report as JSON, from the host's SHA-256s of the input and the output. Rejects a run that
    /// fixes checksums while `fix` has not run: a host that skips it would otherwise hand out an
    /// unfixed output under a report that says it was fixed.
    pub fn report(self, sha_in: String, sha_out: String, time_ms: f64, ops_ms: f64) -> Result<String, JsError> {
        if self.s.unfixed() {
            return Err(JsError::new(
                "checksum fixing was asked for, but the output was not fixed (call fix, then judge)",
            ));
        }
        if self.s.selects() {
            return Err(JsError::new("the selectors were never resolved (call select first)"));
        }
        Ok(self.s.report(sha_in, sha_out, time_ms, ops_ms).to_json())
    }
}

#[wasm_bindgen]
pub struct WasmJob {
    job: Job,
    /// The input's length (the job's output replaces its input when a flip works in place).
    n: usize,
    /// The output's SHA-256 as far as `hashOutputTo` has fed it.
    output_sha: Progressive,
}

#[wasm_bindgen]
impl WasmJob {
    /// The scan stage for bytes already in the module's memory (consumes the buffer, no copy). The
    /// input's SHA-256 is `sha256` when given (WebCrypto), else the buffer's own, finished here.
    /// Rejects with the engine's error text.
    #[wasm_bindgen(js_name = fromBuffer)]
    pub fn from_buffer(
        input: InputBuffer,
        name: &str,
        mode: &str,
        intensity: f64,
        seed: f64,
        sha256: Option<String>,
    ) -> Result<WasmJob, JsError> {
        let (intensity, seed) = check(mode, intensity, seed)?;
        let sha256 = sha256.unwrap_or_else(|| input.sha.finish(&input.bytes));
        let n = input.bytes.len();
        let job = Job::scan_with(input.bytes, name, mode, intensity, seed, Some(sha256)).map_err(js_error)?;
        Ok(WasmJob { job, n, output_sha: Progressive::default() })
    }

    /// The options (byte ranges as `A:B` texts, checksum fixing, the `member` glob, and the conversion
    /// modes' and misdirected_write's options as texts, each of which may be left out), before the
    /// plan stage. Rejects with the engine's error text.
    #[wasm_bindgen(js_name = setOptions)]
    #[allow(clippy::too_many_arguments)]
    pub fn set_options(
        &mut self,
        only: Vec<String>,
        protect: Vec<String>,
        fix_checksums: bool,
        member: Option<String>,
        direction: Option<String>,
        charset: Option<String>,
        bom: Option<String>,
        block_size: Option<String>,
    ) -> Result<(), JsError> {
        let ranges = Ranges { only, protect };
        let options = Options { ranges, fix_checksums, member, direction, charset, bom, block_size };
        self.job.set_options(&options).map_err(js_error)
    }

    /// Feeds `output[..end]` to the output's SHA-256 (the part not fed yet); call once the output is final.
    #[wasm_bindgen(js_name = hashOutputTo)]
    pub fn hash_output_to(&mut self, end: usize) {
        self.output_sha.advance(self.job.output(), end);
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

    /// The report as JSON (`JSON.stringify` order and format), with the output's SHA-256 hashed by
    /// the caller (WebCrypto), or else by this job: what `hashOutputTo` fed, and the rest now.
    #[wasm_bindgen(js_name = reportWith)]
    pub fn report_with(&self, time_ms: f64, ops_ms: f64, sha256: Option<String>) -> String {
        let sha256 = sha256.unwrap_or_else(|| self.output_sha.finish(self.job.output()));
        self.job.report_with(time_ms, ops_ms, Some(sha256)).to_json()
    }

    /// A planned flip mode's corrupt stage in pieces, in order, to share over workers (`flipPiece`
    /// here, `flipPart` elsewhere, between `beginChunks` and `endChunks`); empty for other modes.
    #[wasm_bindgen(js_name = flipPieces)]
    pub fn flip_pieces(&self) -> Vec<FlipPiece> {
        let Some((h, k, seed)) = self.job.flip_plan() else { return Vec::new() };
        let Some(last) = self.n.checked_sub(1).map(|end| end / CHUNK) else { return Vec::new() };
        (h / CHUNK..=last)
            .step_by(PIECE_CHUNKS)
            .map(|first| FlipPiece {
                n: self.n,
                h,
                k: k as usize,
                seed: seed as f64,
                first,
                last: (first + PIECE_CHUNKS - 1).min(last),
            })
            .collect()
    }

    #[wasm_bindgen(js_name = beginChunks)]
    pub fn begin_chunks(&mut self) -> bool {
        self.job.begin_chunks()
    }

    /// Flips one of this job's pieces in its output, here, in this worker.
    #[wasm_bindgen(js_name = flipPiece)]
    pub fn flip_piece(&mut self, piece: &FlipPiece) {
        self.job.flip_chunks(piece.first, piece.last);
    }

    /// Where the output starts in the module's memory, for writing back pieces flipped elsewhere.
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

/// The argument checks without a job, so the worker can reject before copying 200 MB in.
#[wasm_bindgen(js_name = checkArgs)]
pub fn check_args(mode: &str, intensity: f64, seed: f64) -> Result<(), JsError> {
    check(mode, intensity, seed).map(|_| ())
}

/// The options' checks that need no input (the mode takes them, the range texts, the conversion
/// modes' and misdirected_write's values), so the worker can reject before copying a file in.
#[wasm_bindgen(js_name = checkOptions)]
#[allow(clippy::too_many_arguments)]
pub fn check_options(
    mode: &str,
    only: Vec<String>,
    protect: Vec<String>,
    fix_checksums: bool,
    direction: Option<String>,
    charset: Option<String>,
    bom: Option<String>,
    block_size: Option<String>,
) -> Result<(), JsError> {
    let mode = Mode::parse(mode).map_err(js_error)?;
    let ranges = Ranges { only, protect };
    let options = Options { ranges, fix_checksums, member: None, direction, charset, bom, block_size };
    fracture_engine::check_options(mode, &options).map_err(js_error)?;
    fracture_engine::check_variant(mode, &options).map(|_| ()).map_err(js_error)
}

/// Flips `piece` in `part`, the input's bytes `piece.start()..piece.end()` (changed in place): a
/// piece of a flip-mode job that another worker hands out. Rejects a piece no job could have made,
/// rather than leave its bytes unflipped.
#[wasm_bindgen(js_name = flipPart)]
pub fn flip_part(part: &mut [u8], piece: &FlipPiece) -> Result<(), JsError> {
    let FlipPiece { n, h, k, seed, first, last } = *piece;
    let (start, end) = (piece.start(), piece.end());
    let valid = h < n
        && k <= n - h
        && first <= last
        && last <= (n - 1) / CHUNK
        && part.len() == end - start
        && seed.fract() == 0.0
        && (0.0..=(MAX_SEED + 1) as f64).contains(&seed);
    if !valid {
        return Err(JsError::new("Invalid flip piece"));
    }
    fracture_engine::modes::flip::flip_chunks(part, start, n, h, k as u64, seed as u64, first..=last);
    Ok(())
}

#[cfg(feature = "testing")]
/// Shannon entropy of `bytes`, for the benchmark's entropy-only pass.
#[wasm_bindgen]
pub fn entropy(bytes: &[u8]) -> f64 {
    fracture_engine::entropy(bytes)
}

#[cfg(feature = "testing")]
/// The first `count` words of sequence `(id_hi << 32) | id_lo` of `seed`: lets the tests pin the
/// WebAssembly build's generator to the contract's known answers.
#[wasm_bindgen(js_name = sequenceWords)]
pub fn sequence_words(seed: f64, id_hi: u32, id_lo: u32, count: usize) -> Vec<u32> {
    let mut s = fracture_engine::rng::Sequence::new(seed as u64, (u64::from(id_hi) << 32) | u64::from(id_lo));
    (0..count.min(1 << 20)).map(|_| s.u32()).collect()
}

#[cfg(feature = "testing")]
/// `below(b)` drawn `count` times from a sequence, for the same known-answer tests.
#[wasm_bindgen(js_name = sequenceBelow)]
pub fn sequence_below(seed: f64, id_lo: u32, b: u32, count: usize) -> Vec<u32> {
    let mut s = fracture_engine::rng::Sequence::new(seed as u64, u64::from(id_lo));
    (0..count.min(1 << 20)).map(|_| s.below(b.max(1))).collect()
}
