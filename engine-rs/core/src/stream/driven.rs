//! A streamed run driven by its caller (`Streaming`): the npm CLI, through WebAssembly, reads and
//! writes the pieces itself and asks this module what to do with each.

use std::io;

use super::breaking;
use super::error::StreamError;
use super::layout::{misdirect_hits, prepare, segments, Edit, Filler, Layout, Run, Segment};
use super::measure::add_counts;
use super::report::finish;
use super::run::planned_job;
use super::source::changed;
use super::transcoding;
use super::verdict::{counts_needed, head_verdict};
use crate::args::Args;
use crate::describe::Outcome;
use crate::job::Job;
use crate::modes::transcode::Transcoder;
use crate::plan::Plan;

/// A tally's numbers before its hits: the input's 256 byte counts, the output's 256, the bytes
/// zeroed, seven_bit's units and units converted.
const TALLY_HEAD: usize = 515;

use crate::checksums::Positional;
use crate::formats::detect;
use crate::heuristic::looks_corrupted_parts;
use crate::modes::{flip, Mode};
use crate::report::Report;
use crate::structure::{map_positional, InOrder, Region, Role, Tally};

/// A positional reader or writer lent to a walk that takes one by value.
struct Lent<'a, P>(&'a mut P);

impl<P: Positional> Positional for Lent<'_, P> {
    fn size(&self) -> u64 {
        self.0.size()
    }

    fn read_at(&mut self, pos: u64, buf: &mut [u8]) -> io::Result<()> {
        self.0.read_at(pos, buf)
    }

    fn write_at(&mut self, pos: u64, bytes: &[u8]) -> io::Result<()> {
        self.0.write_at(pos, bytes)
    }
}

/// One input streamed by a caller that reads and writes for itself (the npm CLI, through
/// WebAssembly): it asks `segments` which input bytes make each output piece, reads them, hands the
/// piece to `edit`, and hashes both sides with its own SHA-256; the byte counts are taken here.
pub struct Streaming {
    job: Job,
    run: Run,
    head: Vec<u8>,
    fill: Option<Filler>,
    /// What the edits counted (bad_sectors' zeroed bytes, seven_bit's units).
    done: Outcome,
    counts_in: [u64; 256],
    counts_out: [u64; 256],
    /// byte_flip's first attempt's output counts, while a counting pass runs (csv, tsv, json).
    counting: Option<[u64; 256]>,
    seed: u64,
    /// guaranteed_break: the caller hands input pieces to `break_piece` instead of `edit`.
    breaking: Option<breaking::Breaking>,
    /// text_transfer and charset_roundtrip: the same, through the plan's transcoder; `written` is
    /// the output's length so far.
    transcoding: Option<(Plan, Transcoder)>,
    written: u64,
    /// guaranteed_break's input bytes waiting for the output at their offset (section 14.2).
    in_order: InOrder,
    /// Selectors wait for `select`: the input is longer than the head, and the run is planned once
    /// they are resolved.
    selecting: bool,
    /// The selectors were resolved by `select` (another run made with the same arguments, which
    /// has only the head, could not resolve them).
    selected: bool,
    /// The map `select` built, kept for `map` (one walk for both).
    regions: Option<Vec<Region>>,
}

/// Counts every byte of `output` that differs from `input`'s (both `n` bytes), a piece at a time.
fn diff_positional(t: &mut Tally, input: &mut impl Positional, output: &mut impl Positional, n: u64) -> io::Result<()> {
    const STEP: usize = 1 << 20;
    let (mut a, mut b) = (vec![0u8; STEP], vec![0u8; STEP]);
    let mut pos = 0;
    while pos < n {
        let len = (n - pos).min(STEP as u64) as usize;
        input.read_at(pos, &mut a[..len])?;
        output.read_at(pos, &mut b[..len])?;
        t.diff(pos, &a[..len], &b[..len]);
        pos += len as u64;
    }
    Ok(())
}

impl Streaming {
    /// `head`: the input's first min(n, 65,536) bytes. Refuses what `corrupt_stream` refuses, with
    /// the same errors; with checksum fixing, see `fixes`.
    pub fn new(n: u64, head: &[u8], args: &Args) -> Result<Streaming, StreamError> {
        let job = planned_job(n, args)?;
        let want = n.min(flip::CHUNK as u64) as usize;
        if head.len() < want {
            return Err(changed().into());
        }
        let head = head[..want].to_vec();
        let mut s = Streaming {
            job,
            // Replaced by `plan`.
            run: Run { layout: Layout::Same { moves: None }, edit: Edit::None, out_len: n, plan: None, fill: None },
            head,
            fill: None,
            done: Outcome::default(),
            counts_in: [0; 256],
            counts_out: [0; 256],
            counting: None,
            seed: args.seed,
            breaking: None,
            transcoding: None,
            written: 0,
            in_order: InOrder::default(),
            selecting: false,
            selected: false,
            regions: None,
        };
        s.job.family = detect(&s.head, &s.job.ext);
        if s.job.ranges.has_selectors() {
            if (s.head.len() as u64) < n {
                // Only the head is given: the selectors wait for the input, read by position (`select`).
                s.selecting = true;
                return Ok(s);
            }
            s.job.select_in(&mut &s.head[..])?;
        }
        s.plan();
        Ok(s)
    }

    /// The plan, once the ranges are known: the layout and the edit, and byte_flip's verdict when the
    /// head settles it.
    fn plan(&mut self) {
        let n = self.job.n;
        if self.job.mode == Mode::GuaranteedBreak {
            let b = breaking::breaker(&mut self.job, &self.head);
            let out_len = if n == 0 { 0 } else { b.out_len() };
            self.breaking = Some(breaking::Breaking::new(b));
            self.run = Run { layout: Layout::Same { moves: None }, edit: Edit::None, out_len, plan: None, fill: None };
        } else if matches!(self.job.mode, Mode::TextTransfer | Mode::CharsetRoundtrip) {
            self.transcoding = Some(transcoding::transcoder(&self.job));
            self.run =
                Run { layout: Layout::Same { moves: None }, edit: Edit::None, out_len: 0, plan: None, fill: None };
        } else {
            self.run = prepare(&self.job, self.job.intensity, self.seed);
        }
        // With fixing, the verdict is the fixed output's (`judge`).
        if self.job.mode == Mode::ByteFlip && n > 0 && !self.job.fix_checksums {
            if counts_needed(&self.job.ext, n, &self.head) {
                self.counting = Some([0; 256]);
            } else {
                self.decide();
            }
        }
    }

    /// Whether the selectors wait for the input (`select`): nothing else may be asked of the run first.
    pub fn selects(&self) -> bool {
        self.selecting
    }

    /// Resolves the selectors (docs/contract.md, section 14.4) against the structure map, built by
    /// positional reads of the input, and plans the run; refuses selectors that match nothing or are
    /// for another format, as the whole-buffer run does. Nothing to do without waiting selectors.
    pub fn select(&mut self, input: impl Positional) -> Result<(), StreamError> {
        if !self.selecting {
            return Ok(());
        }
        let map = map_positional(self.job.family, input)?;
        self.job.select_with(&map)?;
        self.regions = Some(map);
        self.selecting = false;
        self.selected = true;
        self.plan();
        Ok(())
    }

    /// Whether the caller must first hand every input piece, in order, to `count`, then call `decide`.
    pub fn counting_pass(&self) -> bool {
        self.counting.is_some()
    }

    /// A piece of the input from `pos` for the counting pass (it is edited; the caller drops it).
    pub fn count(&mut self, buf: &mut [u8], pos: u64) {
        self.run.edit.apply(buf, pos);
        if let Some(c) = self.counting.as_mut() {
            add_counts(c, buf);
        }
    }

    /// Settles byte_flip's verify verdict: the run becomes the escalated one (intensity 100,
    /// seed + 1) if the first attempt would not look corrupted.
    pub fn decide(&mut self) {
        let n = self.job.n;
        let counts = self.counting.take();
        if !head_verdict(&self.run.edit, &self.head, n, &self.job.ext, counts.as_ref()) {
            self.run = prepare(&self.job, 100, self.seed + 1);
            self.job.escalated = true;
        }
    }

    /// The output's length, from the plan; for text_transfer and charset_roundtrip, whose output's
    /// length depends on every byte, the bytes `break_piece` returned so far (all of them once the
    /// last piece is in).
    pub fn out_len(&self) -> u64 {
        if self.transcoding.is_some() {
            return self.written;
        }
        self.run.out_len
    }

    /// Whether the first segment of every piece is the input's bytes at the piece's own position, in
    /// order, so the caller can measure the input from it (before `edit`); otherwise the caller reads
    /// the input in order on its own for `count_input` and its hash.
    pub fn measures_in_place(&self) -> bool {
        matches!(self.run.layout, Layout::Same { .. })
    }

    /// Where the output's bytes `[pos, pos + len)` come from (`pos` a multiple of 65,536).
    pub fn segments(&self, pos: u64, len: usize) -> Vec<Segment> {
        segments(&self.run.layout, pos, len)
    }

    /// The next inserted bytes (truncate_insert), for the segments without a source, in order.
    pub fn fill(&mut self, out: &mut [u8]) {
        if self.fill.is_none() {
            self.fill = self.run.fill.take().map(Filler::new);
        }
        if let Some(f) = self.fill.as_mut() {
            f.next(out);
        }
    }

    /// Builds the structure map (docs/contract.md, section 14) by positional reads of the input (or
    /// takes the one `select` built); the caller calls it before any piece, and only for a report:
    /// a run without a map reports none, and counts no hits. Once is enough.
    pub fn map(&mut self, input: impl Positional) -> io::Result<()> {
        if self.job.tally.is_some() {
            return Ok(());
        }
        let mut input = input;
        let regions = match self.regions.take() {
            Some(r) => r,
            None => map_positional(self.job.family, Lent(&mut input))?,
        };
        let mut tally = Tally::new(regions);
        // misdirected_write's changed bytes, from the input (the pieces never hold the overwritten ones).
        misdirect_hits(&self.run.layout, self.job.n, &mut input, &mut tally)?;
        self.job.tally = Some(tally);
        Ok(())
    }

    /// The map's regions as `[start, end]` pairs, for the runs that edit some of the pieces
    /// elsewhere (`piecewise`): each counts its pieces' changes in them (`count_regions`), and its
    /// `region_tally` is added here. Empty without a map.
    pub fn bounds(&self) -> Vec<u64> {
        self.job.tally.as_ref().map_or(Vec::new(), |t| t.regions().iter().flat_map(|r| [r.start, r.end]).collect())
    }

    /// An editing run's regions (another run's `bounds`): its edits count their changes in them.
    pub fn count_regions(&mut self, bounds: &[u64]) {
        let regions = bounds.chunks_exact(2).map(|b| Region::plain(String::new(), b[0], b[1], Role::Payload)).collect();
        self.job.tally = Some(Tally::new(regions));
    }

    /// Whether the run counts each edited piece's changes here (a map, no checksum fix, whose hits
    /// are counted on the fixed output instead).
    fn counts_pieces(&self) -> bool {
        self.job.tally.is_some() && !self.job.fix_checksums
    }

    /// Edits the output piece at `pos` in place, counting its input bytes first when `count_input`
    /// and its output bytes after when `count_output` (an editing run's one call per piece).
    pub fn edit_counted(&mut self, buf: &mut [u8], pos: u64, count_input: bool, count_output: bool) {
        if count_input {
            self.count_input(buf);
        }
        self.edit(buf, pos);
        if count_output {
            self.count_output(buf);
        }
    }

    /// Edits the output piece at `pos` in place.
    pub fn edit(&mut self, buf: &mut [u8], pos: u64) {
        let diffs = self.counts_pieces() && matches!(self.run.layout, Layout::Same { moves: None });
        let before = if diffs { buf.to_vec() } else { Vec::new() };
        let done = self.run.edit.apply(buf, pos);
        self.done.add(&done);
        if self.counts_pieces() {
            if let Some(t) = self.job.tally.as_mut() {
                super::pipeline::count_piece(t, &self.run.layout, pos, &before, buf, diffs);
            }
        }
    }

    /// Whether the run goes by input pieces (guaranteed_break, text_transfer, charset_roundtrip): the
    /// caller hands each input piece (`segments` reads it in place), in order, to `break_piece` and
    /// writes what it returns, instead of calling `edit`.
    pub fn breaks(&self) -> bool {
        self.breaking.is_some() || self.transcoding.is_some()
    }

    /// The output bytes the input piece at `pos` completes (its output counts are taken here). Some
    /// bytes may wait for the next piece; the last piece returns the rest.
    pub fn break_piece(&mut self, piece: &[u8], pos: u64) -> Vec<u8> {
        if let Some((_, t)) = self.transcoding.as_mut() {
            let mut out = Vec::with_capacity(piece.len() + piece.len() / 8);
            transcoding::piece(t, piece, pos, &mut out, self.job.tally.as_mut());
            add_counts(&mut self.counts_out, &out);
            self.written += out.len() as u64;
            return out;
        }
        let same = self.run.out_len == self.job.n;
        if same {
            self.in_order.input(piece);
        }
        let out = match self.breaking.as_mut() {
            Some(b) => b.piece(piece, pos, &mut self.counts_out),
            None => Vec::new(),
        };
        if let (true, Some(t)) = (same, self.job.tally.as_mut()) {
            self.in_order.output(t, &out);
        }
        out
    }

    pub fn count_input(&mut self, bytes: &[u8]) {
        add_counts(&mut self.counts_in, bytes);
    }

    pub fn count_output(&mut self, bytes: &[u8]) {
        add_counts(&mut self.counts_out, bytes);
    }

    /// Whether pieces may be edited by several runs made with the same arguments, each its own share,
    /// their tallies then added into one (`tally`, `add_tally`): the flips, bit_rot and bad_sectors,
    /// whose edits are keyed by position alone, once any counting pass is over.
    /// With a map, the other runs count their pieces' hits in its regions (`bounds`).
    pub fn piecewise(&self) -> bool {
        // Selectors resolved from the input by `select`: another run (with only the head) cannot.
        !self.selecting
            && !self.selected
            && self.counting.is_none()
            && matches!(self.run.layout, Layout::Same { moves: None })
            && matches!(self.run.edit, Edit::Flip { .. } | Edit::Sectors { .. } | Edit::SevenBit { .. })
    }

    /// What the pieces so far added up to, as one list of numbers another run can add (`add_tally`;
    /// the hosts pass it between threads): the input's 256 byte counts, the output's 256, the bytes
    /// zeroed, then `[region, changed bytes, first changed offset, changed bytes outside its unchecked
    /// spots]` for each region of `bounds` the edits changed.
    pub fn tally(&self) -> Vec<u64> {
        let mut all = Vec::with_capacity(TALLY_HEAD);
        all.extend_from_slice(&self.counts_in);
        all.extend_from_slice(&self.counts_out);
        all.push(self.done.zeroed);
        all.push(self.done.counts.units);
        all.push(self.done.counts.converted);
        if let Some(t) = self.job.tally.as_ref() {
            all.extend(t.counted().flat_map(|(i, c, f, h)| [i as u64, c, f, h]));
        }
        all
    }

    /// Adds another run's `tally` (of other pieces, its hits counted in this run's `bounds`).
    pub fn add_tally(&mut self, tally: &[u64]) -> Result<(), StreamError> {
        if tally.len() < TALLY_HEAD || (tally.len() - TALLY_HEAD) % 4 != 0 {
            return Err(io::Error::other("a tally has 515 numbers, then fours").into());
        }
        let (head, hits) = tally.split_at(TALLY_HEAD);
        match self.job.tally.as_mut() {
            None if !hits.is_empty() => return Err(io::Error::other("hits for a run without a map").into()),
            None => {}
            Some(t) => {
                for h in hits.chunks_exact(4) {
                    if !t.add(h[0] as usize, h[1], h[2], h[3]) {
                        return Err(io::Error::other("hits for a region the map does not have").into());
                    }
                }
            }
        }
        for (t, c) in self.counts_in.iter_mut().chain(self.counts_out.iter_mut()).zip(head) {
            *t += c;
        }
        self.done.zeroed += head[512];
        self.done.counts.units += head[513];
        self.done.counts.converted += head[514];
        Ok(())
    }

    /// Whether the run fixes checksums: once every piece is written, the caller hands its input and
    /// its output file to `fix`, then every byte of the fixed output in order to `count_output`
    /// (and its own SHA-256), then the output's first bytes to `judge`.
    pub fn fixes(&self) -> bool {
        self.job.fix_checksums
    }

    /// Whether the run was asked to fix checksums and `fix` has not run on its output yet: its
    /// report would describe an output whose checksums were never fixed.
    pub fn unfixed(&self) -> bool {
        self.job.fix_checksums && self.job.n > 0 && self.job.fixed.is_none()
    }

    /// Fixes the written output's checksums in place (docs/contract.md, section 6.10), and forgets
    /// the output counts taken so far: the fixed output's are counted next.
    /// With a map, the fixed output's changes are counted here too (reading both sides once more).
    pub fn fix(&mut self, mut input: impl Positional, mut output: impl Positional) -> io::Result<()> {
        self.counts_out = [0; 256];
        if self.job.n == 0 {
            return Ok(());
        }
        let protected = (!self.job.ranges.protect.is_empty()).then(|| self.job.ranges.protected(self.job.n));
        let mut tally = self.job.tally.take();
        if let Some(t) = tally.as_mut() {
            t.clear();
        }
        let mut repair = |at: u64, i: &[u8], v: &[u8]| {
            if let Some(t) = tally.as_mut() {
                t.repair(at, i, v);
            }
        };
        let fixed = crate::checksums::fix_positional_observed(
            self.job.family,
            Lent(&mut input),
            Lent(&mut output),
            protected.as_ref(),
            Some(&mut repair),
        )?;
        if let Some(t) = tally.as_mut() {
            diff_positional(t, &mut input, &mut output, self.job.n)?;
        }
        self.job.tally = tally;
        self.job.fixed = Some(fixed);
        Ok(())
    }

    /// byte_flip's verify verdict on the fixed output (`head`: its first min(n, 1,024) bytes, with
    /// its counts taken): true when the run escalates, and the caller must write, fix, count and
    /// judge again, from the start (every count is reset).
    pub fn judge(&mut self, head: &[u8]) -> bool {
        let n = self.job.n;
        let counts = self.counts_out;
        if self.job.mode != Mode::ByteFlip
            || n == 0
            || self.job.escalated
            || looks_corrupted_parts(head, n, &self.job.ext, &|b| counts[usize::from(b)])
        {
            return false;
        }
        self.run = prepare(&self.job, 100, self.seed + 1);
        self.job.escalated = true;
        self.job.fixed = None;
        self.fill = None;
        self.done = Outcome::default();
        self.counts_in = [0; 256];
        self.counts_out = [0; 256];
        true
    }

    /// The report, from the SHA-256s the caller computed.
    pub fn report(self, sha_in: String, sha_out: String, time_ms: f64, ops_ms: f64) -> Report {
        let (input, output) = ((sha_in, self.counts_in), (sha_out, self.counts_out));
        if let Some(b) = &self.breaking {
            return breaking::report(self.job, &b.b, self.run.out_len, input, output, time_ms, ops_ms);
        }
        if let Some((plan, t)) = &self.transcoding {
            return transcoding::report(self.job, plan, t, self.written, input, output, (time_ms, ops_ms));
        }
        finish(self.job, &self.run, &self.done, input, output, time_ms, ops_ms)
    }
}
