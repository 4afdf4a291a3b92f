// `fracture agree`'s comparison (cli/agree.ts): an engine's output fed piece by piece against the
// baseline's bytes at the same offsets, so that no whole output need be held; the reports compared
// with their timings and host fields aside; and the test-only override that makes a disagreement.
import type { AgreeEngine } from '../args.ts';
import type { Difference, EngineRun, FieldDifference } from './outcome.ts';

/** Report fields that are timings, left out of the comparison (shown aside). */
const TIMINGS = ['time_ms', 'ops_ms'];
/** Fields a host adds to the engine's report (the native CLI's --json has them; docs/contract.md, 11.5). */
const HOST_FIELDS = ['replay', 'share_link', 'browser_decoder'];

/** Reads `len` bytes of a baseline output from `pos` (fewer at its end). */
export type Reader = (pos: number, len: number) => Promise<Uint8Array>;

/** The test-only override (docs/cli.md, "fracture agree"): one engine's output byte at `offset` is flipped. */
export interface Tamper {
  engine: AgreeEngine;
  offset: number;
}

/**
 * FRACTURE_AGREE_TAMPER=ENGINE:OFFSET, honoured only when FRACTURE_TEST_HOOKS=1: the bytes of that
 * engine's output at OFFSET are seen with every bit flipped (the engine and its report are untouched).
 * For the tests of a disagreement; a user never sets it.
 */
export function testTamper(): Tamper | undefined {
  if (process.env.FRACTURE_TEST_HOOKS !== '1') return undefined;
  const m = /^(wasm|ts|native):([0-9]+)$/.exec(process.env.FRACTURE_AGREE_TAMPER ?? '');
  return m ? { engine: m[1] as AgreeEngine, offset: Number(m[2]) } : undefined;
}

/** `bytes`, the output of `engine` from `pos`, as the comparison sees them (a copy when tampered with). */
export function seen(tamper: Tamper | undefined, engine: AgreeEngine, pos: number, bytes: Uint8Array): Uint8Array {
  if (!tamper || tamper.engine !== engine || tamper.offset < pos || tamper.offset >= pos + bytes.length) return bytes;
  const copy = bytes.slice();
  copy[tamper.offset - pos] ^= 0xff;
  return copy;
}

/**
 * Compares an output, fed in order piece by piece, with a baseline read at the same offsets: keeps the
 * first differing offset and stops comparing after it.
 */
export class Comparison {
  private at = 0;
  offset: number | null = null;
  bytes: [number | null, number | null] | null = null;
  constructor(
    private readonly baseline: Reader,
    private readonly baselineSize: number,
  ) {}

  async feed(piece: Uint8Array): Promise<void> {
    const pos = this.at;
    this.at += piece.length;
    if (this.offset !== null) return;
    const len = Math.max(0, Math.min(piece.length, this.baselineSize - pos));
    const base = len > 0 ? await this.baseline(pos, len) : new Uint8Array(0);
    const mine = piece.subarray(0, base.length);
    if (Buffer.compare(mine, base) !== 0) {
      let i = 0;
      while (mine[i] === base[i]) i++;
      this.offset = pos + i;
      this.bytes = [mine[i], base[i]];
    } else if (piece.length > base.length) {
      // The baseline ends inside this piece.
      this.offset = pos + base.length;
      this.bytes = [piece[base.length], null];
    }
  }

  /** After the last piece: an output shorter than the baseline differs where it ends. */
  async finish(): Promise<void> {
    if (this.offset !== null || this.at >= this.baselineSize) return;
    const [b] = await this.baseline(this.at, 1);
    this.offset = this.at;
    this.bytes = [null, b];
  }
}

/** The report without timings and host fields, for comparison. */
function comparable(report: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(report).filter(([k]) => !TIMINGS.includes(k) && !HOST_FIELDS.includes(k)));
}

/** The fields on which `report` differs from `baseline`, in the baseline's order, then the report's own. */
function fieldDifferences(report: Record<string, unknown>, baseline: Record<string, unknown>): FieldDifference[] {
  const a = comparable(report);
  const b = comparable(baseline);
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys
    .filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]))
    .map((k) => ({ field: k, value: a[k] ?? null, against: b[k] ?? null }));
}

/** An engine's run and how its output compared with the baseline's. */
export interface Compared {
  run: EngineRun;
  cmp: Comparison;
}

/** How each compared engine differs from the baseline's run, in bytes or report fields (none: they agree). */
export function differences(compared: Compared[], baseline: EngineRun): Difference[] {
  const found: Difference[] = [];
  for (const { run, cmp } of compared) {
    const fields = fieldDifferences(run.report, baseline.report);
    if (cmp.offset === null && fields.length === 0) continue;
    found.push({ engine: run.engine, against: baseline.engine, offset: cmp.offset, bytes: cmp.bytes, fields });
  }
  return found;
}
