// The reference engine: one file's run through the stages scan, plan, corrupt, verify and report
// (docs/contract.md). `Job` exposes each stage so a worker can report progress between
// them; `corrupt` runs them all.

import { extensionOf } from '../shared/names.ts';
import type { CorruptOptions, CorruptResult, EngineMode, Report } from '../shared/types.ts';
import { fixChecksums, fixSentence, kindsOf } from './checksums.ts';
import { entropy } from './entropy.ts';
import {
  clearHighBits,
  convertCharset,
  convertLineEndings,
  type Converted,
  type LineEnding,
  lineEndingOfSeed,
  UnitDraws,
} from './conversions.ts';
import { checkArguments, checkOptions, checkVariant, nothingAllowedError, type Variant } from './errors.ts';
import { BIT_ROT_ONE_IN, type Family } from './tables.ts';
import { type FlipAction, flipAllowed, flipCount, flipRegion, headerLength } from './flip.ts';
import { planInterrupted } from './interrupted.ts';
import {
  freeBytes,
  hasRanges,
  type ParsedRanges,
  protectedBytes,
  rangesText,
  hasSelectors,
  selectRanges,
  selectedText,
  sizeOf,
  type Span,
  subtract,
} from './ranges.ts';
import { eligibleSectors, SECTOR, sectorCount, zeroSectors } from './sectors.ts';
import { detect } from './formats.ts';
import { looksCorrupted } from './heuristic.ts';
import { memberHits, runMember } from './member.ts';
import { type MisdirectPlan, misdirectMoves, planMisdirect } from './misdirect.ts';
import { recipeContext, recipeFor } from './recipes/index.ts';
import { makeReport, type ModeFields, type OptionFields, roundMs } from './report.ts';
import { sha256Hex } from './sha256.ts';
import { applyShuffle, SHUFFLE_BLOCK_BYTES, planShuffle, type ShufflePlan, shuffleWindows } from './shuffle.ts';
import { type Hit, Tally } from './structure/hits.ts';
import { structureMapOfBytes } from './structure/index.ts';
import type { Region } from './structure/map.ts';
import { ESCALATION_SEQUENCE, Sequence } from './sequence.ts';
import { applyTruncate, planTruncate, type TruncatePlan } from './truncate.ts';

export const EMPTY_RECIPE = 'The file is empty, so no byte was changed.';

/** What the plan stage decided; the corrupt stage carries it out. */
type Plan =
  | { kind: 'flip'; h: number; k: number; preserve: boolean }
  | { kind: 'truncate'; truncate: TruncatePlan }
  | { kind: 'shuffle'; shuffle: ShufflePlan }
  | { kind: 'break'; family: Family }
  /** byte_flip and header_preserve_flip with byte ranges, and bit_rot: k positions of `allowed`. */
  | { kind: 'allowed'; action: FlipAction; allowed: Span[]; k: number; h: number; preserve: boolean; oneIn: number }
  | { kind: 'sectors'; allowed: Span[]; z: number }
  | { kind: 'interrupted'; cut: number; lost: number }
  | { kind: 'seven_bit'; allowed: Span[] }
  | { kind: 'misdirect'; misdirect: MisdirectPlan }
  | { kind: 'text_transfer'; dir: LineEnding }
  | { kind: 'charset'; variant: Variant };

/** What the corrupt stage produced: the bytes and what the report says about them. */
interface Executed {
  data: Uint8Array;
  fields: ModeFields & OptionFields;
  strategy: string;
  recipe: string;
  /** The input bytes changed, for the modes whose hits are not their differing bytes (section 14.2). */
  spans?: Span[];
}

/** Modes whose output the verify stage checks, escalating when it does not look corrupted. */
const ESCALATING_MODES: ReadonlySet<EngineMode> = new Set(['byte_flip', 'guaranteed_break']);

/** Escalation's extra overwrite for guaranteed_break touches bytes 9, 19, 29, ... */
const ESCALATION_FIRST = 9;
const ESCALATION_STEP = 10;

/** The bytes that may change: the free bytes less the header byte_flip and header_preserve_flip keep. */
function allowedOf(mode: EngineMode, n: number, free: Span[]): { allowed: Span[]; h: number } {
  if (mode !== 'byte_flip' && mode !== 'header_preserve_flip') return { allowed: free, h: 0 };
  const h = headerLength(n, mode === 'header_preserve_flip');
  return { allowed: subtract(free, [[0, h]]), h };
}

/** `free`: the bytes the byte ranges leave free, or undefined without ranges. */
function makePlan(
  mode: EngineMode,
  n: number,
  family: Family,
  intensity: number,
  seed: number,
  free: Span[] | undefined,
  variant: Variant,
): Plan {
  const all: Span[] = n > 0 ? [[0, n]] : [];
  switch (mode) {
    case 'byte_flip':
    case 'header_preserve_flip': {
      const preserve = mode === 'header_preserve_flip';
      const h = headerLength(n, preserve);
      if (!free) return { kind: 'flip', h, k: n === 0 ? 0 : flipCount(n, n - h, intensity), preserve };
      const { allowed } = allowedOf(mode, n, free);
      const k = n === 0 ? 0 : flipCount(sizeOf(free), sizeOf(allowed), intensity);
      return { kind: 'allowed', action: 'flip', allowed, k, h, preserve, oneIn: 0 };
    }
    case 'bit_rot': {
      const allowed = free ?? all;
      const a = sizeOf(allowed);
      const oneIn = BIT_ROT_ONE_IN[intensity];
      const k = n === 0 ? 0 : Math.min(a, Math.max(1, Math.floor((8 * a) / oneIn)));
      return { kind: 'allowed', action: 'bit_rot', allowed, k, h: 0, preserve: false, oneIn };
    }
    case 'bad_sectors': {
      const allowed = free ?? all;
      return { kind: 'sectors', allowed, z: n === 0 ? 0 : sectorCount(sizeOf(eligibleSectors(allowed)), intensity) };
    }
    case 'interrupted_transfer':
      return { kind: 'interrupted', ...planInterrupted(n, intensity, seed) };
    case 'truncate_insert':
      return { kind: 'truncate', truncate: planTruncate(n, intensity, seed) };
    case 'shuffle_blocks':
      return { kind: 'shuffle', shuffle: planShuffle(n, intensity, seed) };
    case 'guaranteed_break':
      return { kind: 'break', family };
    case 'seven_bit':
      return { kind: 'seven_bit', allowed: free ?? all };
    case 'misdirected_write':
      return { kind: 'misdirect', misdirect: planMisdirect(n, variant.blockSize, free ?? all, intensity) };
    case 'text_transfer':
      return { kind: 'text_transfer', dir: variant.lineEnding ?? lineEndingOfSeed(seed) };
    case 'charset_roundtrip':
      return { kind: 'charset', variant };
  }
}

/** `flipped`: for a flip plan, `input` is already the flipped output (byte ranges did the flipping). */
function execute(plan: Plan, input: Uint8Array, intensity: number, seed: number, flipped = false): Executed {
  const n = input.length;
  switch (plan.kind) {
    case 'flip': {
      const { h, k, preserve } = plan;
      const data = flipped ? input : input.slice();
      if (!flipped) flipRegion(data, h, k, seed);
      return {
        data,
        fields: { ops: k, preserve_header: h },
        strategy: preserve ? 'header_preserve_flip' : 'byte_flip',
        recipe:
          n === 0
            ? EMPTY_RECIPE
            : `Changed ${k} of ${n} bytes after a ${h}-byte header: about 30% set to random values, the rest XORed with a random non-zero mask.`,
      };
    }
    case 'truncate': {
      const t = plan.truncate;
      const inserted = t.inserted.length;
      return {
        data: applyTruncate(input, t),
        fields: { removed: t.removed, inserted, remove_start: t.removeStart },
        strategy: 'truncate_insert',
        recipe:
          n === 0
            ? EMPTY_RECIPE
            : `Removed ${t.removed} bytes at offset ${t.removeStart} and inserted ${inserted} random bytes in their place.`,
      };
    }
    case 'shuffle': {
      const s = plan.shuffle;
      const k = s.shuffled;
      let recipe: string;
      if (n === 0) recipe = EMPTY_RECIPE;
      else if (k === 0)
        recipe = `The file has fewer than two whole ${SHUFFLE_BLOCK_BYTES}-byte blocks, so no block was moved.`;
      else {
        const tail = n - s.blockCount * SHUFFLE_BLOCK_BYTES;
        recipe = `Moved ${k} of ${s.blockCount} whole ${SHUFFLE_BLOCK_BYTES}-byte blocks into each other's places; the ${tail}-byte tail stayed where it was.`;
      }
      return {
        data: applyShuffle(input, s),
        fields: { shuffled_blocks: k, block_size: SHUFFLE_BLOCK_BYTES },
        strategy: 'shuffle_blocks',
        recipe,
      };
    }
    case 'allowed': {
      const data = input.slice();
      flipAllowed(data, plan.allowed, plan.k, seed, plan.action);
      if (plan.action === 'flip') {
        return execute({ kind: 'flip', h: plan.h, k: plan.k, preserve: plan.preserve }, data, intensity, -1, true);
      }
      const bits = 8 * sizeOf(plan.allowed);
      return {
        data,
        fields: { bits_flipped: plan.k, one_in_bits: plan.oneIn },
        strategy: 'bit_rot',
        recipe:
          n === 0
            ? EMPTY_RECIPE
            : `Flipped one bit in each of ${plan.k} bytes (1 in ${plan.oneIn} of the ${bits} bits that may change); every changed byte differs from the original in exactly one bit.`,
      };
    }
    case 'sectors': {
      const data = input.slice();
      const zeroed = zeroSectors(data, plan.allowed, plan.z, seed);
      const eligible = sizeOf(eligibleSectors(plan.allowed));
      return {
        data,
        fields: { sectors_zeroed: plan.z, bytes_zeroed: zeroed, sector_size: SECTOR },
        strategy: 'bad_sectors',
        recipe:
          n === 0
            ? EMPTY_RECIPE
            : `Zeroed ${plan.z} of ${eligible} ${SECTOR}-byte sectors (${zeroed} bytes), as unreadable sectors of a failing disk read back.`,
      };
    }
    case 'interrupted':
      return {
        data: input.slice(0, plan.cut),
        fields: { cut_at: plan.cut, bytes_lost: plan.lost },
        strategy: 'interrupted_transfer',
        recipe:
          n === 0
            ? EMPTY_RECIPE
            : `Cut the file short at byte ${plan.cut} of ${n}, as an interrupted download leaves it: the last ${plan.lost} bytes are missing.`,
      };
    case 'seven_bit': {
      const r = clearHighBits(input.slice(), plan.allowed, new UnitDraws(seed, intensity));
      return {
        data: r.data,
        fields: { high_bytes: r.units, converted: r.converted },
        strategy: 'seven_bit',
        recipe:
          n === 0
            ? EMPTY_RECIPE
            : `Cleared the high bit of ${r.converted} of ${r.units} bytes above 0x7F, as a 7-bit transport clears it.`,
      };
    }
    case 'misdirect':
      return misdirected(input, plan.misdirect, seed);
    case 'text_transfer': {
      const r = convertLineEndings(input, plan.dir, new UnitDraws(seed, intensity));
      const c = r.converted;
      const recipe =
        plan.dir === 'lf_to_crlf'
          ? `Converted ${c} of ${r.units} LF line endings to CRLF, as a text-mode (ASCII) transfer to a CRLF system converts them: the file grew by ${c} bytes.`
          : `Converted ${c} of ${r.units} CRLF line endings to LF, as a text-mode (ASCII) transfer to an LF system converts them: the file shrank by ${c} bytes.`;
      return {
        data: r.data,
        fields: { direction: plan.dir, line_endings: r.units, converted: c },
        strategy: 'text_transfer',
        recipe: n === 0 ? EMPTY_RECIPE : recipe,
        spans: r.hits,
      };
    }
    case 'charset': {
      const v = plan.variant;
      const r = convertCharset(input, v.transcode, v.charset, v.bom, new UnitDraws(seed, intensity));
      return {
        data: r.data,
        fields: {
          direction: v.transcode,
          charset: v.charset,
          bom: v.bom,
          characters: r.units,
          converted: r.converted,
          dropped: r.dropped,
        },
        strategy: 'charset_roundtrip',
        recipe: n === 0 ? EMPTY_RECIPE : charsetSentence(v, r),
        spans: r.hits,
      };
    }
    case 'break': {
      const recipe = recipeFor(plan.family);
      if (n === 0) return { data: new Uint8Array(0), fields: {}, strategy: recipe.strategy, recipe: EMPTY_RECIPE };
      const broken = recipe.apply(input, recipeContext(seed, intensity));
      return { data: broken.data, fields: {}, strategy: recipe.strategy, recipe: broken.recipe };
    }
  }
}

/** charset_roundtrip's sentence (docs/contract.md, section 6.15). */
function charsetSentence(v: Variant, r: Converted): string {
  const label = v.charset === 'cp1252' ? 'CP1252' : 'Latin-1';
  let text =
    v.transcode === 'to_utf8'
      ? `Read ${r.converted} of ${r.units} bytes above 0x7F as ${label} and wrote them back as UTF-8`
      : `Read ${r.converted} of ${r.units} UTF-8 characters and stray bytes above 0x7F as UTF-8 and wrote them back as ${label}`;
  if (r.dropped > 0) {
    text += `; ${r.dropped} of them have no ${label} ${v.transcode === 'to_utf8' ? 'character' : 'byte'} and were dropped`;
  }
  text += '.';
  if (v.bom === 'add') text += ' Added a UTF-8 BOM (EF BB BF) at the start.';
  else if (v.bom === 'strip') {
    text += r.bomChanged ? ' Stripped the UTF-8 BOM (EF BB BF) at the start.' : ' The file had no UTF-8 BOM to strip.';
  }
  return text;
}

/** misdirected_write on the whole input. */
function misdirected(input: Uint8Array, plan: MisdirectPlan, seed: number): Executed {
  const data = input.slice();
  for (const [at, from, len] of misdirectMoves(plan, seed)) data.set(input.subarray(from, from + len), at);
  const { z, block, blocks } = plan;
  let recipe: string;
  if (input.length === 0) recipe = EMPTY_RECIPE;
  else if (blocks < 2) recipe = `The file has fewer than two whole ${block}-byte blocks, so no block was misdirected.`;
  else if (z === 0) recipe = `No whole ${block}-byte block holds a byte that may change, so no block was misdirected.`;
  else
    recipe = `Overwrote ${z} of ${sizeOf(plan.eligible)} whole ${block}-byte blocks with copies of other blocks of the same file, as misdirected writes leave them: the data each of them held is lost.`;
  return {
    data,
    fields: { blocks_misdirected: z, block_size: block },
    strategy: 'misdirected_write',
    recipe,
  };
}

/** One file's run through the stages. Call them in order; a later stage runs a skipped one itself. */
export class Job {
  private planned: Plan | undefined;
  private executed: Executed | undefined;
  private escalated = false;
  private ranges: ParsedRanges = { only: [], protect: [] };
  /** The bytes the ranges leave free; undefined without ranges. */
  private free: Span[] | undefined;
  private fix = false;
  private variant: Variant = checkVariant('byte_flip', {});
  /** `member` ran at the scan stage (section 6.11): the plan, corrupt and verify stages have nothing to do. */
  private memberRun = false;
  /** A member run's hits (section 6.11.4), in place of the tally's. */
  private memberHits: Hit[] | undefined;
  /** The structure map (docs/contract.md, section 14.1), and the last run's changes counted in it. */
  private map: Region[] = [];
  private tally: Tally | undefined;

  private constructor(
    readonly input: Uint8Array,
    readonly name: string,
    readonly mode: EngineMode,
    readonly intensity: number,
    readonly seed: number,
    private readonly ext: string,
    /** The format family the scan stage found. */
    readonly family: Family,
    private readonly beforeEntropy: number,
    private readonly sha256Before: string,
  ) {}

  /** The scan stage: checks the arguments (throwing the engine's error text), finds the family, measures the input. */
  static scan(input: Uint8Array, name: string, options: CorruptOptions): Job {
    const mode = checkArguments(options.mode, options.intensity, options.seed, input.length);
    const ranges = checkOptions(mode, options);
    const variant = checkVariant(mode, options);
    const n = input.length;
    const ext = extensionOf(name);
    // A plain Uint8Array view: a Node Buffer's slice() shares memory, so copies made with slice()
    // would write back into the caller's bytes.
    const bytes = new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
    const family = detect(bytes, ext);
    if (hasSelectors(ranges)) selectRanges(ranges, structureMapOfBytes(family, bytes));
    let free: Span[] | undefined;
    if (hasRanges(ranges) && options.member === undefined) {
      free = freeBytes(ranges, n);
      const { allowed, h } = allowedOf(mode, n, free);
      if (n > 0 && allowed.length === 0) throw nothingAllowedError(n, h);
    }
    const job = new Job(
      bytes,
      name,
      mode,
      options.intensity,
      options.seed,
      ext,
      family,
      entropy(bytes),
      sha256Hex(bytes),
    );
    job.ranges = ranges;
    job.free = free;
    job.variant = variant;
    job.fix = options.fixChecksums === true;
    job.map = structureMapOfBytes(job.family, bytes);
    if (options.member !== undefined) {
      const { mode: m, intensity } = { mode, intensity: options.intensity };
      const out = runMember(
        bytes,
        options.member,
        options.seed,
        options,
        hasRanges(ranges) ? rangesText(ranges) : undefined,
        (content, base, seed, inner) => corrupt(content, base, { ...inner, mode: m, intensity, seed }),
      );
      job.executed = {
        data: out.data,
        fields: out.fields as ModeFields & OptionFields,
        strategy: 'member',
        recipe: out.recipe,
      };
      job.memberRun = true;
      // The hits of a member run: one per match whose content changed (section 6.11.4).
      job.tally = new Tally(job.map);
      job.memberHits = memberHits(job.map, out.changed);
    }
    return job;
  }

  private makePlan(intensity: number, seed: number): Plan {
    return makePlan(this.mode, this.input.length, this.family, intensity, seed, this.free, this.variant);
  }

  /** The corrupt stage's run of a plan: the mode, then the options' fields and the checksum fix. */
  private run(plan: Plan, intensity: number, seed: number): Executed {
    const e = execute(plan, this.input, intensity, seed);
    const n = this.input.length;
    const tally = new Tally(this.map);
    this.tally = tally;
    if (hasRanges(this.ranges)) {
      const allowed = this.free ? sizeOf(allowedOf(this.mode, n, this.free).allowed) : 0;
      const text = rangesText(this.ranges);
      e.fields = { ...e.fields, ranges: text, allowed_bytes: allowed };
      if (hasSelectors(this.ranges)) e.fields.selected = selectedText(this.ranges);
      if (n > 0) e.recipe += ` Byte ranges: ${text}; ${allowed} bytes could change.`;
    }
    if (this.fix) {
      if (n === 0) {
        const counts: Record<string, number> = {};
        for (const k of kindsOf(this.family)) counts[k.key] = 0;
        e.fields = { ...e.fields, checksums_fixed: counts };
      } else {
        const guarded = this.ranges.protect.length > 0 ? protectedBytes(this.ranges, n) : undefined;
        const r = fixChecksums(this.family, this.input, e.data, guarded, (at, input, value) =>
          tally.repair(at, input, value),
        );
        e.fields = { ...e.fields, checksums_fixed: r.counts };
        if (r.notes.length > 0) e.fields.checksums_unfixable = r.notes.join('; ');
        e.recipe += fixSentence(this.family, r);
      }
    }
    this.countChanges(tally, e.data);
    // text_transfer's and charset_roundtrip's hits are the units they converted (section 14.2).
    for (const [a, b] of e.spans ?? []) tally.span(a, b);
    e.spans = undefined;
    // shuffle_blocks' hits are the blocks it moved (section 14.2).
    if (plan.kind === 'shuffle') {
      for (const w of shuffleWindows(plan.shuffle)) {
        for (const slot of w.slots) {
          const s = w.first + slot;
          tally.span(s * SHUFFLE_BLOCK_BYTES, (s + 1) * SHUFFLE_BLOCK_BYTES);
        }
      }
    }
    return e;
  }

  /** Every byte of a same-length output that differs from the input's, for the modes hit by bytes. */
  private countChanges(tally: Tally, output: Uint8Array): void {
    const byBytes = ![
      'truncate_insert',
      'interrupted_transfer',
      'shuffle_blocks',
      'text_transfer',
      'charset_roundtrip',
    ].includes(this.mode);
    if (byBytes && output.length === this.input.length) tally.diff(0, this.input, output);
  }

  /** The tally with the bytes the length-changing modes cut or removed (section 14.2). */
  private spanned(modeFields: ModeFields & OptionFields, resultSize: number): Tally {
    const t = (this.tally ?? new Tally(this.map)).clone();
    if (this.memberRun) return t;
    const n = this.input.length;
    const fields = modeFields as Record<string, unknown>;
    const int = (k: string) => (typeof fields[k] === 'number' ? (fields[k] as number) : 0);
    if (this.mode === 'truncate_insert') t.span(int('remove_start'), int('remove_start') + int('removed'));
    else if (this.mode === 'interrupted_transfer') t.span(int('cut_at'), n);
    else if (this.mode === 'guaranteed_break' && resultSize !== n) t.span(0, n);
    return t;
  }

  /** The plan stage: decides what the corrupt stage will do (draws from the plan sequence). */
  plan(): void {
    if (this.memberRun) return;
    this.planned = this.makePlan(this.intensity, this.seed);
  }

  /** The corrupt stage. */
  corrupt(): void {
    if (this.memberRun) return;
    if (!this.planned) this.plan();
    this.executed = this.run(this.planned!, this.intensity, this.seed);
  }

  /**
   * The verify stage: if the output of byte_flip or guaranteed_break does not look corrupted, the
   * original is corrupted again at intensity 100 with seed + 1 (guaranteed_break then also overwrites
   * every tenth byte from the escalation sequence). Returns whether that happened.
   */
  verify(): boolean {
    if (!this.executed) this.corrupt();
    if (this.memberRun) return false;
    if (!ESCALATING_MODES.has(this.mode) || looksCorrupted(this.executed!.data, this.ext)) return false;
    const seed = this.seed + 1;
    const executed = this.run(this.makePlan(100, seed), 100, seed);
    if (this.mode === 'guaranteed_break') {
      const rng = new Sequence(seed, ESCALATION_SEQUENCE);
      const data = executed.data;
      for (let i = ESCALATION_FIRST; i < data.length; i += ESCALATION_STEP) data[i] = rng.u32() & 0xff;
      // Counted again over the final output.
      this.tally = new Tally(this.map);
      this.countChanges(this.tally, data);
    }
    this.executed = executed;
    this.escalated = true;
    return true;
  }

  /** The output bytes (running the corrupt stage if it has not run). */
  get output(): Uint8Array {
    if (!this.executed) this.corrupt();
    return this.executed!.data;
  }

  /** The report stage: measures the output. Timing is the caller's, in milliseconds. */
  report(timeMs = 0, opsMs = 0): Report {
    const out = this.output;
    const e = this.executed!;
    return makeReport({
      filename: this.name,
      format: this.family,
      originalSize: this.input.length,
      resultSize: out.length,
      mode: this.mode,
      intensity: this.intensity,
      seed: this.seed,
      timeMs,
      opsMs,
      beforeEntropy: this.beforeEntropy,
      afterEntropy: entropy(out),
      recipe: e.recipe,
      strategy: e.strategy,
      fields: e.fields,
      escalated: this.escalated,
      sha256Before: this.sha256Before,
      sha256After: sha256Hex(out),
      structure: this.spanned(e.fields, out.length).fields(this.memberHits),
    });
  }
}

/**
 * Runs every stage. time_ms is the whole run (scan to report); ops_ms is the corrupt stage, where the
 * bytes change (as the native CLI measures them). Throws an Error with the engine's text for a bad argument.
 */
export function corrupt(input: Uint8Array, name: string, options: CorruptOptions): CorruptResult {
  const start = performance.now();
  const job = Job.scan(input, name, options);
  job.plan();
  const opsStart = performance.now();
  job.corrupt();
  const opsMs = performance.now() - opsStart;
  job.verify();
  const report = job.report(0, opsMs);
  // Assigning keeps the key's place in the report.
  report.time_ms = roundMs(performance.now() - start);
  return { data: job.output, report };
}
