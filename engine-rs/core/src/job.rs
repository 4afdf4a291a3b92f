//! One file's run through the stages scan, plan, corrupt, verify and report (`Job`), and `corrupt`,
//! which runs them all on a whole buffer.

use crate::args::Checked;
use crate::checksums;
use crate::describe::Executed;
use crate::entropy::{self, entropy, round4};
use crate::error::{EngineError, MAX_INPUT};
use crate::execute::{execute, flip_executed, flip_owned};
use crate::formats::{detect, Family};
use crate::heuristic::looks_corrupted;
use crate::modes::{flip, Mode};
use crate::name::extension_of;
use crate::options::{check_options, check_variant, Options, ParsedRanges, Variant};
use crate::plan::{allowed_bytes, make_plan, Plan, Planning};
use crate::recipes;
use crate::region::ByteSet;
use crate::report::{Report, Value, ENGINE_VERSION, VERDICT};
use crate::sha;
use crate::structure::{self, Tally};

/// One file's run through the stages scan, plan, corrupt, verify and report. Each method is one stage,
/// so a caller (the Web Worker) can report progress between them; `corrupt()` runs them all.
pub struct Job {
    // The fields marked pub(crate) are what the streamed stages (`stream`) read and set: a stream
    // makes a `Job` without its input (`unplanned`) and fills in what it measures as the pieces go by.
    input: Vec<u8>,
    /// The input's length, which stays known after a flip has taken the input over as its output.
    /// 64-bit: a streamed input may pass 4 GiB in WebAssembly too.
    pub(crate) n: u64,
    name: String,
    pub(crate) ext: String,
    pub(crate) mode: Mode,
    pub(crate) intensity: u32,
    pub(crate) seed: u64,
    pub(crate) family: Family,
    pub(crate) before_entropy: f64,
    pub(crate) sha_before: String,
    plan: Option<Plan>,
    output: Vec<u8>,
    /// Memory the corrupt stage writes its output into instead of a new buffer (`set_spare`).
    spare: Vec<u8>,
    fields: Vec<(&'static str, Value)>,
    strategy: &'static str,
    recipe: String,
    pub(crate) escalated: bool,
    /// byte_flip's verify verdict was "escalate", known at the plan stage (see `flip_verdict_known`):
    /// the plan is then the escalated one, and verify has nothing left to do.
    escalate_early: bool,
    /// The byte ranges (empty without any) and the bytes they leave free (None without any).
    pub(crate) ranges: ParsedRanges,
    free: Option<ByteSet>,
    /// The conversion modes' and misdirected_write's options, checked (defaults without them).
    pub(crate) variant: Variant,
    pub(crate) fix_checksums: bool,
    /// A streamed run's fix, made on the output file before the report (`set` takes it).
    pub(crate) fixed: Option<checksums::Fixed>,
    /// `member` was asked for and is done (at `set_options`, which may fail for its input): the output
    /// and fields are set, and the plan, corrupt and verify stages have nothing left to do.
    member_done: bool,
    /// The structure map and the changes counted in it (section 14): the whole-buffer stages count
    /// them in `set`, a stream as its pieces go by.
    pub(crate) tally: Option<Tally>,
    /// A member run's hits (section 6.11.4), in place of the tally's.
    member_hits: Option<Vec<structure::Hit>>,
}

impl Job {
    /// The scan stage: checks the arguments, finds the format family, measures the input.
    pub fn scan(input: Vec<u8>, name: &str, mode: &str, intensity: u32, seed: u64) -> Result<Job, EngineError> {
        Job::scan_with(input, name, mode, intensity, seed, None)
    }

    /// The scan stage with the input's SHA-256 (lower-case hex) computed by the caller, e.g. by the
    /// browser's native WebCrypto, which hashes several times faster than this crate in WebAssembly.
    pub fn scan_with(
        input: Vec<u8>,
        name: &str,
        mode: &str,
        intensity: u32,
        seed: u64,
        sha256: Option<String>,
    ) -> Result<Job, EngineError> {
        Job::scan_inner(input, name, mode, intensity, seed, sha256, None)
    }

    /// The scan stage with the input's SHA-256 and byte-value counts measured by the caller while it
    /// read the input (the native CLI does, piece by piece, on two threads).
    pub fn scan_measured(
        input: Vec<u8>,
        name: &str,
        mode: &str,
        intensity: u32,
        seed: u64,
        sha256: String,
        counts: [u64; 256],
    ) -> Result<Job, EngineError> {
        Job::scan_inner(input, name, mode, intensity, seed, Some(sha256), Some(counts))
    }

    fn scan_inner(
        input: Vec<u8>,
        name: &str,
        mode: &str,
        intensity: u32,
        seed: u64,
        sha256: Option<String>,
        counts: Option<[u64; 256]>,
    ) -> Result<Job, EngineError> {
        let args = Checked::new(mode, intensity, seed)?;
        if input.len() as u64 > MAX_INPUT {
            return Err(EngineError::TooLarge(input.len() as u64));
        }
        let ext = extension_of(name);
        let family = detect(&input, &ext);
        let (before_entropy, sha_before) = match (counts, sha256) {
            (Some(counts), Some(sha)) => (entropy::entropy_of_counts(&counts, input.len() as u64), sha),
            (_, sha) => measure(&input, sha),
        };
        let n = input.len() as u64;
        let tally = Tally::new(structure::map_bytes(family, &input));
        let mut job = Job::unplanned(input, n, name, ext, args, family);
        (job.before_entropy, job.sha_before) = (before_entropy, sha_before);
        job.tally = Some(tally);
        Ok(job)
    }

    /// A scanned job before its plan: the input (empty when streamed), its length, its name and
    /// extension, the checked arguments and the format family.
    pub(crate) fn unplanned(input: Vec<u8>, n: u64, name: &str, ext: String, args: Checked, family: Family) -> Job {
        let Checked { mode, intensity, seed } = args;
        Job {
            n,
            input,
            name: name.to_string(),
            ext,
            mode,
            intensity,
            seed,
            family,
            before_entropy: 0.0,
            sha_before: String::new(),
            plan: None,
            output: Vec::new(),
            spare: Vec::new(),
            fields: Vec::new(),
            strategy: "",
            recipe: String::new(),
            escalated: false,
            escalate_early: false,
            ranges: ParsedRanges::default(),
            free: None,
            variant: Variant::default(),
            fix_checksums: false,
            fixed: None,
            member_done: false,
            tally: None,
            member_hits: None,
        }
    }

    /// Sets the options (byte ranges, checksum fixing), after any of the scan stage's constructors:
    /// checks 5 to 9 of docs/contract.md, section 2, which follow the scan's checks 1 to 4.
    pub fn with_options(mut self, options: &Options) -> Result<Job, EngineError> {
        self.set_options(options)?;
        Ok(self)
    }

    /// `with_options` in place (before the plan stage). Selectors (section 14.4) are resolved against
    /// the input's structure map here when the input is in memory; a streamed job resolves them with
    /// `select_in` once its family is known.
    pub fn set_options(&mut self, options: &Options) -> Result<(), EngineError> {
        let mut ranges = check_options(self.mode, options)?;
        self.variant = check_variant(self.mode, options)?;
        if let Some(glob) = &options.member {
            // The ranges (selectors included) apply to each member's content, in its own run.
            return self.run_member(glob, options);
        }
        let streamed = (self.input.len() as u64) < self.n;
        if ranges.has_selectors() && !streamed {
            ranges.select(&crate::structure::map_bytes(self.family, &self.input))?;
        }
        self.ranges = ranges;
        self.fix_checksums = options.fix_checksums;
        self.free = None;
        if self.ranges.has_selectors() && streamed {
            return Ok(());
        }
        self.settle_free()
    }

    /// A streamed job's selectors, resolved against the map of the input read by position.
    pub(crate) fn select_in(&mut self, input: &mut impl crate::checksums::area::Area) -> Result<(), EngineError> {
        if !self.ranges.has_selectors() {
            return Ok(());
        }
        self.select_with(&crate::structure::map(self.family, input))
    }

    /// Resolves the selectors against `map`, the input's structure map built by the caller (a
    /// streamed run builds it once, for the selectors and the hits both).
    pub(crate) fn select_with(&mut self, map: &[crate::structure::Region]) -> Result<(), EngineError> {
        if !self.ranges.has_selectors() {
            return Ok(());
        }
        self.ranges.select(map)?;
        self.settle_free()
    }

    /// The free bytes of the ranges, and check 9 of section 2.
    fn settle_free(&mut self) -> Result<(), EngineError> {
        if self.ranges.is_empty() {
            self.free = None;
            return Ok(());
        }
        let free = self.ranges.free(self.n);
        let (allowed, h) = allowed_bytes(self.mode, self.n, &free);
        if self.n > 0 && allowed.is_empty() {
            let header = (h > 0).then_some(h as u64);
            return Err(EngineError::NothingAllowed { n: self.n, header });
        }
        self.free = Some(free);
        Ok(())
    }

    /// `member` (docs/contract.md, section 6.11): needs the whole input; runs every stage at once.
    fn run_member(&mut self, glob: &str, options: &Options) -> Result<(), EngineError> {
        if self.input.len() as u64 != self.n {
            return Err(EngineError::Member(format!(
                "Member corruption reads the whole archive, at most {MAX_INPUT} bytes; this one is {} bytes",
                self.n
            )));
        }
        let (mode, intensity) = (self.mode.name(), self.intensity);
        let corrupt = |content: &[u8], name: &str, seed: u64, options: &Options| {
            corrupt_with(content, name, mode, intensity, seed, options)
        };
        let out = crate::member::run(&self.input, glob, self.mode, self.seed, options, &corrupt)?;
        self.output = out.data;
        self.fields = out.fields;
        self.recipe = out.recipe;
        self.strategy = "member";
        self.member_done = true;
        // The hits of a member run: one per match whose content changed (section 6.11.4).
        if let Some(t) = &self.tally {
            self.member_hits = Some(crate::member::hits(t.regions(), &out.changed));
        }
        Ok(())
    }

    pub fn family(&self) -> Family {
        self.family
    }

    /// The plan stage: chooses what the corrupt stage will do (draws from the plan sequence).
    pub fn plan(&mut self) {
        if self.member_done {
            return;
        }
        let verdict = self.flip_verdict_known();
        self.escalate_early = verdict == Some(false);
        let mut plan = if self.escalate_early {
            // Exactly what verify would do after the first flip: intensity 100, seed + 1.
            self.make_plan(100, self.seed + 1)
        } else {
            self.make_plan(self.intensity, self.seed)
        };
        if let Plan::Flip { in_place, .. } = &mut plan {
            *in_place = verdict.is_some();
        }
        self.plan = Some(plan);
    }

    /// For the flip modes, whether the output will "look corrupted" (the verify stage's check), when
    /// that is known before flipping. The check reads only the first 1,000 bytes (and, for csv, tsv and
    /// json, counts over the whole file), and byte_flip keeps a header of min(1024, n/200) bytes: from
    /// 204,800 bytes on, the output's first 1,024 bytes are the input's, so the verdict is the input's.
    /// header_preserve_flip never escalates. Known verdicts let the flip change the input in place.
    fn flip_verdict_known(&self) -> Option<bool> {
        if !Job::verdict_known_early(self.mode, self.n, &self.ext, self.fix_checksums) {
            return None;
        }
        match self.mode {
            Mode::HeaderPreserveFlip => Some(true),
            _ => Some(looks_corrupted(&self.input, &self.ext)),
        }
    }

    /// Whether a run of `mode` on `n` bytes named with extension `ext` flips its input in place (the
    /// input becomes the output, see `flip_verdict_known`) rather than writing a copy: known before
    /// the scan, so a caller that must keep its bytes can hand the job a copy of them instead.
    ///
    /// The hits (docs/contract.md, section 14.2) are counted chunk by chunk as the flip goes, each
    /// chunk compared with a copy of itself taken just before (`corrupt`).
    pub fn flips_in_place(mode: Mode, n: u64, ext: &str, fix_checksums: bool) -> bool {
        Job::verdict_known_early(mode, n, ext, fix_checksums)
    }

    /// Whether the flip's verify verdict is the input's, known before flipping (see
    /// `flip_verdict_known`).
    fn verdict_known_early(mode: Mode, n: u64, ext: &str, fix_checksums: bool) -> bool {
        // Fixing checksums reads the input after the flip, and may write anywhere, headers included.
        if fix_checksums {
            return false;
        }
        match mode {
            Mode::HeaderPreserveFlip => true,
            Mode::ByteFlip => flip::header_len(n, false) >= 1024 && !matches!(ext, "csv" | "tsv" | "json"),
            _ => false,
        }
    }

    /// Memory for the corrupt stage's output (a buffer of an earlier run, its bytes ignored), so a
    /// caller running many jobs reuses one output buffer instead of a new one per run.
    pub fn set_spare(&mut self, spare: Vec<u8>) {
        self.spare = spare;
    }

    /// The input (empty once a flip took it over, or `drop_input` freed it) and the output (the
    /// unused spare instead when the corrupt stage never ran), taken out of the job for the caller
    /// to reuse.
    pub fn take_buffers(&mut self) -> (Vec<u8>, Vec<u8>) {
        let (output, spare) = (std::mem::take(&mut self.output), std::mem::take(&mut self.spare));
        let output = if output.capacity() == 0 { spare } else { output };
        (std::mem::take(&mut self.input), output)
    }

    /// The corrupt stage.
    pub fn corrupt(&mut self) {
        if self.member_done {
            return;
        }
        if self.plan.is_none() {
            self.plan();
        }
        let Some(plan) = self.plan.take() else { return };
        if let Plan::Flip { h, k, preserve, seed, in_place: true } = plan {
            // The input is not needed again: flip it where it is (no copy, half the memory).
            let data = std::mem::take(&mut self.input);
            let r = match self.tally.as_mut() {
                None => flip_owned(data, h, k, preserve, seed),
                Some(t) => {
                    // The hits in the same pass: each chunk against its copy from just before.
                    t.clear();
                    let mut data = data;
                    let n = data.len() as u64;
                    let fresh = t.fresh();
                    let parts = flip::flip_allowed_observed(
                        &mut data,
                        &ByteSet::span(h as u64, n),
                        k,
                        seed,
                        flip::Action::Flip,
                        &|| fresh.fresh(),
                        &|part: &mut Tally, pos, before, after| part.diff(pos, before, after),
                    );
                    for part in &parts {
                        t.merge(part);
                    }
                    flip_executed(data, h, k, preserve)
                }
            };
            self.set(r);
            return;
        }
        self.apply(&plan, self.intensity, self.seed);
    }

    fn apply(&mut self, plan: &Plan, intensity: u32, seed: u64) {
        // An earlier output (verify's escalation) is replaced: its memory is the new one's.
        if self.spare.capacity() < self.output.capacity() {
            self.spare = std::mem::take(&mut self.output);
        }
        // The whole-buffer stages count this run's changes afresh (an escalation runs again).
        self.clear_tally();
        let tally = &mut self.tally;
        let mut hit = |from: u64, to: u64| {
            if let Some(t) = tally.as_mut() {
                t.span(from, to);
            }
        };
        let r = execute(plan, &self.input, intensity, seed, std::mem::take(&mut self.spare), &mut hit);
        self.set(r);
        // shuffle_blocks' hits are the blocks it moved (section 14.2).
        if let (Plan::Shuffle(p), Some(t)) = (plan, self.tally.as_mut()) {
            let b = crate::modes::shuffle::SHUFFLE_BLOCK_BYTES as u64;
            for w in p.windows() {
                for &slot in &w.slots {
                    let s = w.first + u64::from(slot);
                    t.span(s * b, (s + 1) * b);
                }
            }
        }
    }

    /// Forgets the changes counted so far, for a whole-buffer run (a stream counts as it goes).
    fn clear_tally(&mut self) {
        if self.input.len() as u64 == self.n {
            if let Some(t) = self.tally.as_mut() {
                t.clear();
            }
        }
    }

    /// The whole-buffer stages' count of changes (section 14.2): every byte of a same-length output
    /// that differs from the input's, for the modes whose hits are their changed bytes.
    fn count_changes(&mut self, output: &[u8]) {
        let whole = self.input.len() as u64 == self.n;
        let by_bytes = !matches!(
            self.mode,
            Mode::TruncateInsert
                | Mode::InterruptedTransfer
                | Mode::ShuffleBlocks
                | Mode::TextTransfer
                | Mode::CharsetRoundtrip
        );
        if let (true, true, true, Some(t)) = (whole, by_bytes, output.len() == self.input.len(), self.tally.as_mut()) {
            t.diff(0, &self.input, output);
        }
    }

    pub(crate) fn make_plan(&self, intensity: u32, seed: u64) -> Plan {
        let planning = Planning {
            mode: self.mode,
            n: self.n,
            family: self.family,
            free: self.free.as_ref(),
            variant: &self.variant,
        };
        make_plan(&planning, intensity, seed)
    }

    /// The options' report fields and sentences, then the fix (section 6.10) on the output.
    pub(crate) fn set(&mut self, mut r: Executed) {
        if !self.ranges.is_empty() {
            let allowed = self.free.as_ref().map_or(0, |free| allowed_bytes(self.mode, self.n, free).0.total());
            r.fields.push(("ranges", Value::Str(self.ranges.text())));
            r.fields.push(("allowed_bytes", Value::Int(allowed)));
            if self.ranges.has_selectors() {
                r.fields.push(("selected", Value::Str(self.ranges.selected())));
            }
            if self.n > 0 {
                r.recipe.push_str(&format!(" Byte ranges: {}; {allowed} bytes could change.", self.ranges.text()));
            }
        }
        if self.fix_checksums {
            let fixed = if let Some(fixed) = self.fixed.take() {
                fixed
            } else if self.n == 0 {
                checksums::Fixed {
                    counts: checksums::kinds(self.family).iter().map(|&k| (k, 0)).collect(),
                    notes: Vec::new(),
                }
            } else {
                let protected = (!self.ranges.protect.is_empty()).then(|| self.ranges.protected(self.n));
                let tally = &mut self.tally;
                let mut repair = |at: u64, input: &[u8], value: &[u8]| {
                    if let Some(t) = tally.as_mut() {
                        t.repair(at, input, value);
                    }
                };
                checksums::fix_observed(self.family, &self.input, &mut r.data, protected.as_ref(), &mut repair)
            };
            if self.n > 0 {
                r.recipe.push_str(&fixed.sentence());
            }
            r.fields.push(("checksums_fixed", Value::Counts(fixed.counts.iter().map(|(k, c)| (k.key, *c)).collect())));
            if let Some(notes) = fixed.unfixable() {
                r.fields.push(("checksums_unfixable", Value::Str(notes)));
            }
        }
        self.count_changes(&r.data);
        self.output = r.data;
        self.fields = r.fields;
        self.strategy = r.strategy;
        self.recipe = r.recipe;
    }

    /// For a planned flip mode, `(h, k, seed)`: the header kept, the bytes to change and the seed
    /// drawn from. A caller that runs chunks elsewhere (other Web Workers) uses this with
    /// `begin_chunks` / `flip_chunks` / `end_chunks`; the result is the same bytes as `corrupt()`.
    pub fn flip_plan(&self) -> Option<(usize, u64, u64)> {
        if !self.ranges.is_empty() || self.fix_checksums {
            return None;
        }
        match self.plan {
            Some(Plan::Flip { h, k, seed, .. }) => Some((h, k, seed)),
            _ => None,
        }
    }

    /// Starts a corrupt stage done chunk by chunk. The output is the input itself when the input is
    /// not needed again (see `flip_verdict_known`), else a copy of it.
    pub fn begin_chunks(&mut self) -> bool {
        if self.flip_plan().is_none() {
            return false;
        }
        let Some(Plan::Flip { in_place, .. }) = self.plan else { return false };
        // Chunks may be flipped elsewhere and written back: the hits compare the output with the
        // input, kept (`end_chunks`).
        let in_place = in_place && self.tally.is_none();
        self.output = if in_place { std::mem::take(&mut self.input) } else { self.input.clone() };
        true
    }

    /// Flips chunks `first..=last` of the output in place (see `flip_plan`).
    pub fn flip_chunks(&mut self, first: usize, last: usize) {
        if let Some((h, k, seed)) = self.flip_plan() {
            let n = self.output.len();
            flip::flip_chunks(&mut self.output, 0, n, h, k, seed, first..=last);
        }
    }

    /// Ends a chunked corrupt stage: the output is final and the mode's fields are set.
    pub fn end_chunks(&mut self) {
        if let Some(Plan::Flip { h, k, preserve, .. }) = self.plan.take() {
            let e = flip_executed(std::mem::take(&mut self.output), h, k, preserve);
            self.clear_tally();
            self.set(e);
        }
    }

    /// Mutable access to the output, for callers that write chunks done elsewhere back into it.
    pub fn output_mut(&mut self) -> &mut [u8] {
        &mut self.output
    }

    /// The verify stage: if the output of byte_flip or guaranteed_break does not look corrupted, the
    /// original is corrupted again at intensity 100 with seed + 1. Returns whether that happened.
    pub fn verify(&mut self) -> bool {
        if !self.fields_ready() {
            self.corrupt();
        }
        if self.member_done {
            return false;
        }
        if self.escalate_early {
            self.escalated = true;
            return true;
        }
        let escalates = matches!(self.mode, Mode::ByteFlip | Mode::GuaranteedBreak);
        if !escalates || looks_corrupted(&self.output, &self.ext) {
            return false;
        }
        let seed = self.seed + 1;
        let plan = self.make_plan(100, seed);
        self.apply(&plan, 100, seed);
        if self.mode == Mode::GuaranteedBreak {
            recipes::breaking::Escalation::new(seed).apply(&mut self.output, 0);
            // Counted again over the final output.
            if let Some(t) = self.tally.as_mut() {
                t.clear();
            }
            let output = std::mem::take(&mut self.output);
            self.count_changes(&output);
            self.output = output;
        }
        self.escalated = true;
        true
    }

    fn fields_ready(&self) -> bool {
        !self.strategy.is_empty()
    }

    /// The report stage: measures the output and builds the report. Timing is the caller's (the
    /// engine has no clock in WebAssembly); pass 0 when it does not matter.
    pub fn report(&self, time_ms: f64, ops_ms: f64) -> Report {
        self.report_with(time_ms, ops_ms, None)
    }

    /// The report stage with the output's SHA-256 computed by the caller (see `scan_with`).
    pub fn report_with(&self, time_ms: f64, ops_ms: f64, sha256: Option<String>) -> Report {
        let (after, sha_after) = measure(&self.output, sha256);
        self.report_of(self.output.len() as u64, after, sha_after, time_ms, ops_ms)
    }

    /// The report from the output's length, entropy and SHA-256, however they were measured.
    pub(crate) fn report_of(
        &self,
        result_size: u64,
        after: f64,
        sha_after: String,
        time_ms: f64,
        ops_ms: f64,
    ) -> Report {
        let (b4, a4) = (round4(self.before_entropy), round4(after));
        let mut f: Vec<(&'static str, Value)> = vec![
            ("engine", Value::Str(ENGINE_VERSION.into())),
            ("filename", Value::Str(self.name.clone())),
            ("format", Value::Str(self.family.id().into())),
            ("original_size", Value::Int(self.n)),
            ("result_size", Value::Int(result_size)),
            ("mode", Value::Str(self.mode.name().into())),
            ("intensity", Value::Int(u64::from(self.intensity))),
            ("seed", Value::Int(self.seed)),
            ("time_ms", Value::Num(time_ms)),
            ("ops_ms", Value::Num(ops_ms)),
            ("before_entropy", Value::Num(b4)),
            ("after_entropy", Value::Num(a4)),
            ("entropy_delta", Value::Num(round4(a4 - b4))),
            ("verdict", Value::Str(VERDICT.into())),
            ("recipe", Value::Str(self.recipe.clone())),
            ("strategy", Value::Str(self.strategy.into())),
            ("guarantee", Value::Bool(self.mode == Mode::GuaranteedBreak)),
        ];
        f.extend(self.fields.iter().cloned());
        if self.escalated {
            f.push(("escalated", Value::Bool(true)));
        }
        f.push(("sha256_before", Value::Str(self.sha_before.clone())));
        f.push(("sha256_after", Value::Str(sha_after)));
        match (&self.tally, &self.member_hits) {
            (Some(t), Some(hits)) => f.extend(t.fields_with(hits.clone())),
            (Some(t), None) => f.extend(self.spanned(t, result_size).fields()),
            _ => {}
        }
        Report { fields: f }
    }

    /// The tally with the input bytes the length-changing modes cut or removed (section 14.2):
    /// truncate_insert's removed span, interrupted_transfer's lost end, and every byte when
    /// guaranteed_break's output has another length (text's recipe).
    fn spanned(&self, t: &Tally, result_size: u64) -> Tally {
        let field = |key: &str| match self.fields.iter().find(|(k, _)| *k == key) {
            Some((_, Value::Int(v))) => *v,
            _ => 0,
        };
        let mut t = t.clone();
        if self.member_done {
            return t;
        }
        match self.mode {
            Mode::TruncateInsert => t.span(field("remove_start"), field("remove_start") + field("removed")),
            Mode::InterruptedTransfer => t.span(field("cut_at"), self.n),
            Mode::GuaranteedBreak if result_size != self.n => t.span(0, self.n),
            _ => {}
        }
        t
    }

    /// Releases the input's memory; only `report()` (already taken) and the output remain useful.
    pub fn drop_input(&mut self) {
        self.input = Vec::new();
    }

    pub fn output(&self) -> &[u8] {
        &self.output
    }

    pub fn into_output(self) -> Vec<u8> {
        self.output
    }
}

/// Entropy and SHA-256 (unless given) of `bytes`. Natively, large inputs are hashed on a second
/// thread while this one counts byte values: the two passes take the time of the longer one.
fn measure(bytes: &[u8], sha256: Option<String>) -> (f64, String) {
    #[cfg(not(target_arch = "wasm32"))]
    if sha256.is_none()
        && bytes.len() >= flip::PARALLEL_MIN
        && std::thread::available_parallelism().map_or(1, |p| p.get()) > 1
    {
        return std::thread::scope(|scope| {
            let sha = scope.spawn(|| sha::hex_digest(bytes));
            let e = entropy(bytes);
            (e, sha.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
        });
    }
    let e = entropy(bytes);
    (e, sha256.unwrap_or_else(|| sha::hex_digest(bytes)))
}

/// Runs every stage; the report's timing fields are 0.
pub fn corrupt(
    input: &[u8],
    name: &str,
    mode: &str,
    intensity: u32,
    seed: u64,
) -> Result<(Vec<u8>, Report), EngineError> {
    corrupt_with(input, name, mode, intensity, seed, &Options::default())
}

/// `corrupt` with options (byte ranges, checksum fixing).
pub fn corrupt_with(
    input: &[u8],
    name: &str,
    mode: &str,
    intensity: u32,
    seed: u64,
    options: &Options,
) -> Result<(Vec<u8>, Report), EngineError> {
    let mut job = Job::scan(input.to_vec(), name, mode, intensity, seed)?.with_options(options)?;
    job.plan();
    job.corrupt();
    job.verify();
    let report = job.report(0.0, 0.0);
    Ok((job.into_output(), report))
}

#[cfg(test)]
mod in_place_tests {
    use super::*;
    use crate::rng::Sequence;

    /// The stages as docs/contract.md states them, with the flip always on a copy and the verdict always
    /// taken from the output: what the in-place and early-escalation paths must reproduce exactly.
    fn by_the_book(
        input: &[u8],
        name: &str,
        mode: &str,
        intensity: u32,
        seed: u64,
    ) -> (Vec<u8>, Vec<(&'static str, Value)>, String, bool) {
        let m = Mode::parse(mode).unwrap();
        let ext = extension_of(name);
        let family = detect(input, &ext);
        let variant = Variant::default();
        let planning = Planning { mode: m, n: input.len() as u64, family, free: None, variant: &variant };
        let plan = make_plan(&planning, intensity, seed);
        let first = execute(&plan, input, intensity, seed, Vec::new(), &mut |_, _| {});
        if !matches!(m, Mode::ByteFlip | Mode::GuaranteedBreak) || looks_corrupted(&first.data, &ext) {
            return (first.data, first.fields, first.recipe, false);
        }
        let again = execute(&make_plan(&planning, 100, seed + 1), input, 100, seed + 1, Vec::new(), &mut |_, _| {});
        (again.data, again.fields, again.recipe, true)
    }

    fn staged(
        input: &[u8],
        name: &str,
        mode: &str,
        intensity: u32,
        seed: u64,
        chunked: bool,
    ) -> (Vec<u8>, Report, bool) {
        let mut job = Job::scan(input.to_vec(), name, mode, intensity, seed).unwrap();
        job.plan();
        if chunked && job.begin_chunks() {
            let last = (input.len().max(1) - 1) / flip::CHUNK;
            // Out of order, as helper workers may finish.
            for c in (0..=last).rev() {
                job.flip_chunks(c, c);
            }
            job.end_chunks();
        } else {
            job.corrupt();
        }
        let escalated = job.verify();
        let report = job.report(0.0, 0.0);
        (job.into_output(), report, escalated)
    }

    /// Past `PARALLEL_MIN` the in-place flip runs on threads, each counting the hits of its own
    /// chunks: added up, they are the whole output's against the input, and the input was flipped
    /// where it lay (half the memory).
    #[test]
    fn in_place_hits_on_threads_are_the_whole_outputs() {
        let mut rng = Sequence::new(21, 4);
        let mut input = b"\x89PNG\r\n\x1a\n".to_vec();
        let mut chunk = |kind: &[u8], len: usize, rng: &mut Sequence| {
            input.extend((len as u32).to_be_bytes());
            input.extend(kind);
            input.extend((0..len).map(|_| rng.u32() as u8));
            input.extend([0, 0, 0, 0]);
        };
        chunk(b"IHDR", 13, &mut rng);
        for k in 0..7 {
            chunk(b"IDAT", (1 << 20) - 3 * k, &mut rng);
        }
        chunk(b"IEND", 0, &mut rng);
        assert!(input.len() > flip::PARALLEL_MIN);
        for (mode, intensity, seed) in [("byte_flip", 60, 8u64), ("header_preserve_flip", 100, 9)] {
            assert!(Job::flips_in_place(Mode::parse(mode).unwrap(), input.len() as u64, "png", false));
            let (data, _, _, _) = by_the_book(&input, "a.png", mode, intensity, seed);
            let mut t = Tally::new(structure::map_bytes(Family::Png, &input));
            t.diff(0, &input, &data);
            assert!(t.hits().len() > 7, "{mode}: hits in every IDAT's data and CRC at least");
            let mut job = Job::scan(input.clone(), "a.png", mode, intensity, seed).unwrap();
            job.plan();
            job.corrupt();
            job.verify();
            let report = job.report(0.0, 0.0);
            assert!(job.output() == &data[..], "{mode}: bytes differ");
            for (key, value) in t.fields() {
                assert_eq!(report.get(key), Some(&value), "{mode}: {key}");
            }
            let (kept, _) = job.take_buffers();
            assert!(kept.is_empty(), "{mode}: the input was flipped where it lay");
        }
    }

    /// A spare output buffer (the benchmark's, `set_spare`) holding other bytes changes neither the
    /// output nor the report, in any mode, and the modes that copy write into its memory.
    #[test]
    fn a_spare_output_buffer_changes_nothing_but_where_the_output_lives() {
        let mut rng = Sequence::new(5, 3);
        let random: Vec<u8> = (0..300_000).map(|_| rng.u32() as u8).collect();
        let mut text = b"a,b\n".repeat(75_000);
        text[7] = b'x';
        for (input, name) in [(&random, "blob.bin"), (&text, "data.csv"), (&random, "small.bin")] {
            let input = if name == "small.bin" { &input[..5_000] } else { &input[..] };
            for mode in Mode::ALL {
                let (want, report) = corrupt(input, name, mode.name(), 80, 7).unwrap();
                let mut job = Job::scan(input.to_vec(), name, mode.name(), 80, 7).unwrap();
                let spare = vec![0xAB; input.len() + 10];
                let spare_at = spare.as_ptr();
                job.set_spare(spare);
                job.plan();
                job.corrupt();
                job.verify();
                let what = format!("{name} {}", mode.name());
                assert!(job.output() == &want[..], "{what}: bytes differ");
                assert_eq!(job.report(0.0, 0.0).to_json(), report.to_json(), "{what}");
                let in_place = Job::flips_in_place(mode, input.len() as u64, &extension_of(name), false);
                let (kept, output) = job.take_buffers();
                assert_eq!(kept.len(), if in_place { 0 } else { input.len() }, "{what}: the input comes back");
                if !in_place {
                    assert_eq!(output.as_ptr(), spare_at, "{what}: the output is in the spare's memory");
                }
            }
        }
    }

    #[test]
    fn in_place_flips_and_early_escalation_match_the_copying_stages() {
        let text: Vec<u8> = b"timestamp,level,message\n"
            .iter()
            .chain(b"2026-11-21 INFO request served in 12 ms\n".iter().cycle().take(300_000))
            .copied()
            .collect();
        let mut random = vec![0u8; 300_000];
        let mut rng = Sequence::new(99, 7);
        for b in random.iter_mut() {
            *b = rng.u32() as u8;
        }
        let mut zero_lead = text.clone();
        zero_lead[0] = 0;
        let mut seen_early = 0;
        let mut seen_in_place_clean = 0;
        for input in [&text, &random, &zero_lead] {
            for len in [204_799usize, 204_800, 204_801, 262_144, 300_000] {
                let bytes = &input[..len];
                for name in ["app.log", "data.csv", "data.tsv", "data.json", "blob.bin", "README"] {
                    for mode in ["byte_flip", "header_preserve_flip"] {
                        for (intensity, seed) in [(10, 1u64), (80, 2_147_483_646)] {
                            let (data, fields, recipe, escalated) = by_the_book(bytes, name, mode, intensity, seed);
                            for chunked in [false, true] {
                                let (out, report, esc) = staged(bytes, name, mode, intensity, seed, chunked);
                                let what = format!("{name} {len} {mode} {intensity} {seed} chunked={chunked}");
                                assert!(out == data, "{what}: bytes differ");
                                assert_eq!(esc, escalated, "{what}: escalation");
                                assert_eq!(report.get("original_size"), Some(&Value::Int(len as u64)), "{what}");
                                assert_eq!(report.get("recipe"), Some(&Value::Str(recipe.clone())), "{what}");
                                for (key, value) in &fields {
                                    assert_eq!(report.get(key), Some(value), "{what}: {key}");
                                }
                                // The hits, counted as the flip went (in place) or against the kept
                                // input (chunked), are the whole output's against the input.
                                let mut t = Tally::new(structure::map_bytes(detect(bytes, &extension_of(name)), bytes));
                                t.diff(0, bytes, &data);
                                for (key, value) in t.fields() {
                                    assert_eq!(report.get(key), Some(&value), "{what}: {key}");
                                }
                            }
                            if mode == "byte_flip"
                                && len >= 204_800
                                && ["app.log", "blob.bin", "README"].contains(&name)
                            {
                                if escalated {
                                    seen_early += 1;
                                } else {
                                    seen_in_place_clean += 1;
                                }
                            }
                        }
                    }
                }
            }
        }
        // Both verdicts were exercised on the in-place path.
        assert!(seen_early > 0 && seen_in_place_clean > 0, "{seen_early} {seen_in_place_clean}");
    }
}
