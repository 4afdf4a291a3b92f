// The reference engine: one file's run through the stages scan, plan, corrupt, verify and report
// (docs/contract.md). `Job` exposes each stage so a worker can report progress between
// them; `corrupt` runs them all.

import { extensionOf } from '../shared/names.ts';
import type { CorruptOptions, CorruptResult, EngineMode, Report } from '../shared/types.ts';
import { entropy } from './entropy.ts';
import { checkArguments } from './errors.ts';
import type { Family } from './tables.ts';
import { flipCount, flipRegion, headerLength } from './flip.ts';
import { detect } from './formats.ts';
import { looksCorrupted } from './heuristic.ts';
import { recipeContext, recipeFor } from './recipes/index.ts';
import { makeReport, roundMs, type ModeFields } from './report.ts';
import { sha256Hex } from './sha256.ts';
import { applyShuffle, BLOCK, planShuffle, type ShufflePlan } from './shuffle.ts';
import { ESCALATION_STREAM, Stream } from './stream.ts';
import { applyTruncate, planTruncate, type TruncatePlan } from './truncate.ts';

export const EMPTY_RECIPE = 'The file is empty, so no byte was changed.';

/** What the plan stage decided; the corrupt stage carries it out. */
type Plan =
  | { kind: 'flip'; h: number; k: number; preserve: boolean }
  | { kind: 'truncate'; truncate: TruncatePlan }
  | { kind: 'shuffle'; shuffle: ShufflePlan }
  | { kind: 'break'; family: Family };

/** What the corrupt stage produced: the bytes and what the report says about them. */
interface Executed {
  data: Uint8Array;
  fields: ModeFields;
  strategy: string;
  recipe: string;
}

/** Modes whose output the verify stage checks, escalating when it does not look corrupted. */
const ESCALATING_MODES: ReadonlySet<EngineMode> = new Set(['byte_flip', 'guaranteed_break']);

/** Escalation's extra overwrite for guaranteed_break touches bytes 9, 19, 29, ... */
const ESCALATION_FIRST = 9;
const ESCALATION_STEP = 10;

function makePlan(mode: EngineMode, n: number, family: Family, intensity: number, seed: number): Plan {
  switch (mode) {
    case 'byte_flip':
    case 'header_preserve_flip': {
      const preserve = mode === 'header_preserve_flip';
      const h = headerLength(n, preserve);
      return { kind: 'flip', h, k: n === 0 ? 0 : flipCount(n, n - h, intensity), preserve };
    }
    case 'truncate_insert':
      return { kind: 'truncate', truncate: planTruncate(n, intensity, seed) };
    case 'shuffle_blocks':
      return { kind: 'shuffle', shuffle: planShuffle(n, intensity, seed) };
    case 'guaranteed_break':
      return { kind: 'break', family };
  }
}

function execute(plan: Plan, input: Uint8Array, intensity: number, seed: number): Executed {
  const n = input.length;
  switch (plan.kind) {
    case 'flip': {
      const { h, k, preserve } = plan;
      const data = input.slice();
      flipRegion(data, h, k, seed);
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
      const k = s.slots.length;
      let recipe: string;
      if (n === 0) recipe = EMPTY_RECIPE;
      else if (k === 0) recipe = `The file has fewer than two whole ${BLOCK}-byte blocks, so no block was moved.`;
      else {
        const tail = n - s.blockCount * BLOCK;
        recipe = `Moved ${k} of ${s.blockCount} whole ${BLOCK}-byte blocks into each other's places; the ${tail}-byte tail stayed where it was.`;
      }
      return {
        data: applyShuffle(input, s),
        fields: { shuffled_blocks: k, block_size: BLOCK },
        strategy: 'shuffle_blocks',
        recipe,
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

/** One file's run through the stages. Call them in order; a later stage runs a skipped one itself. */
export class Job {
  private planned: Plan | undefined;
  private executed: Executed | undefined;
  private escalated = false;

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
    const ext = extensionOf(name);
    // A plain Uint8Array view: a Node Buffer's slice() shares memory, so copies made with slice()
    // would write back into the caller's bytes.
    const bytes = new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
    return new Job(
      bytes,
      name,
      mode,
      options.intensity,
      options.seed,
      ext,
      detect(bytes, ext),
      entropy(bytes),
      sha256Hex(bytes),
    );
  }

  /** The plan stage: decides what the corrupt stage will do (draws from the plan stream). */
  plan(): void {
    this.planned = makePlan(this.mode, this.input.length, this.family, this.intensity, this.seed);
  }

  /** The corrupt stage. */
  corrupt(): void {
    if (!this.planned) this.plan();
    this.executed = execute(this.planned!, this.input, this.intensity, this.seed);
  }

  /**
   * The verify stage: if the output of byte_flip or guaranteed_break does not look corrupted, the
   * original is corrupted again at intensity 100 with seed + 1 (guaranteed_break then also overwrites
   * every tenth byte from the escalation stream). Returns whether that happened.
   */
  verify(): boolean {
    if (!this.executed) this.corrupt();
    if (!ESCALATING_MODES.has(this.mode) || looksCorrupted(this.executed!.data, this.ext)) return false;
    const seed = this.seed + 1;
    const plan = makePlan(this.mode, this.input.length, this.family, 100, seed);
    const executed = execute(plan, this.input, 100, seed);
    if (this.mode === 'guaranteed_break') {
      const rng = new Stream(seed, ESCALATION_STREAM);
      const data = executed.data;
      for (let i = ESCALATION_FIRST; i < data.length; i += ESCALATION_STEP) data[i] = rng.u32() & 0xff;
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
