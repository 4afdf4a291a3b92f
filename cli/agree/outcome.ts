// What `fracture agree` says of one FILE and seed (cli/agree.ts): the outcome's record, and its line on
// standard output, as text or as one JSON object (docs/cli.md, "fracture agree").
import { display } from '../../sdk/outputs.ts';
import type { AgreeEngine } from '../args.ts';

/** One engine's run of one FILE and seed. */
export interface EngineRun {
  engine: AgreeEngine;
  /** The output's length in bytes. */
  size: number;
  time_ms: number;
  report: Record<string, unknown>;
}

/** One report field on which an engine differs from the baseline. */
export interface FieldDifference {
  field: string;
  /** The engine's value and the baseline's (null: the field is missing). */
  value: unknown;
  against: unknown;
}

/** How an engine's output and report differ from the baseline's. */
export interface Difference {
  engine: AgreeEngine;
  against: AgreeEngine;
  /** The first byte offset where the outputs differ (null: the same bytes). */
  offset: number | null;
  /** The engine's byte there and the baseline's (null: that output ends there). */
  bytes: [number | null, number | null] | null;
  fields: FieldDifference[];
}

/** The outcome of one FILE and seed (seed null: the FILE failed before any seed ran). */
export interface Outcome {
  file: string;
  seed: number | null;
  status: 'agree' | 'differ' | 'error';
  runs: EngineRun[];
  differences: Difference[];
  error?: string;
}

const hexByte = (b: number | null) =>
  b === null ? 'none (its output ends there)' : `0x${b.toString(16).padStart(2, '0')}`;

const fieldText = (v: unknown) => (v === null ? 'absent' : JSON.stringify(v));

/** The line of text for an outcome. */
export function outcomeText(o: Outcome): string {
  const shown = display(o.file);
  if (o.seed === null) return `${shown}: error: ${o.error}`;
  const head = `${shown} seed ${o.seed}`;
  const timings = `(${o.runs.map((r) => `${r.engine} ${r.time_ms.toFixed(1)} ms`).join(', ')})`;
  if (o.status === 'error') return `${head}: error: ${o.error}`;
  if (o.status === 'agree') {
    const [r] = o.runs;
    return `${head}: agree, ${r.size} bytes, sha256 ${String(r.report.sha256_after)} ${timings}`;
  }
  const parts = o.differences.map((d) => {
    const bytes =
      d.offset === null || d.bytes === null
        ? 'same bytes'
        : `first differing byte at offset ${d.offset} (${d.engine} ${hexByte(d.bytes[0])}, ${d.against} ${hexByte(d.bytes[1])})`;
    const fields =
      d.fields.length === 0
        ? 'same report'
        : `report fields differ: ${d.fields
            .map((x) => `${x.field} (${d.engine} ${fieldText(x.value)}, ${d.against} ${fieldText(x.against)})`)
            .join(', ')}`;
    return `${d.engine} vs ${d.against}: ${bytes}; ${fields}`;
  });
  return `${head}: DIFFER: ${parts.join('; ')} ${timings}`;
}

/** The JSON object for an outcome, on one line (docs/cli.md, "fracture agree"). */
export function outcomeJson(o: Outcome): string {
  return JSON.stringify({
    file: display(o.file),
    seed: o.seed,
    status: o.status,
    engines: o.runs.map((r) => ({
      engine: r.engine,
      size: r.size,
      sha256: r.report.sha256_after ?? null,
      time_ms: r.time_ms,
    })),
    differences: o.differences.map((d) => ({
      engine: d.engine,
      against: d.against,
      offset: d.offset,
      bytes: d.bytes,
      fields: d.fields,
    })),
    error: o.error ?? null,
  });
}
