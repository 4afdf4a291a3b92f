// Golden vectors checked by the TypeScript reference engine and by the WebAssembly module in Node.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { corrupt as corruptTs } from '../../lib/engine/reference/engine.ts';
import { ENGINE_MODES } from '../../lib/engine/shared/mode-tables.ts';
import type { CorruptOptions, Report } from '../../lib/engine/shared/types.ts';
import { loadWasmEngine } from '../../lib/engine/host/node.ts';
import { runWasm, type WasmEngine } from '../../lib/engine/host/run.ts';
import { generate, type Gen } from './generators.ts';
import { untimed } from './untimed.ts';

interface Record {
  why: string;
  input: Gen;
  name: string;
  mode: string;
  intensity: number;
  seed: number;
  /** Absent in most records (docs/contract.md, sections 6.9, 6.10 and 6.11). */
  ranges?: { only?: string[]; protect?: string[] };
  fix_checksums?: boolean;
  member?: string;
  /** The conversion modes' and misdirected_write's options (sections 6.13 to 6.16). */
  direction?: string;
  charset?: string;
  bom?: string;
  block_size?: number;
  sha256: string;
  report: Omit<Report, 'time_ms' | 'ops_ms'>;
}

const vectors = JSON.parse(readFileSync(new URL('../golden/vectors.json', import.meta.url), 'utf8')) as {
  records: Record[];
};
const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** A record's arguments as engine options. */
const optionsOf = (rec: Record): CorruptOptions => ({
  mode: rec.mode,
  intensity: rec.intensity,
  seed: rec.seed,
  ranges: rec.ranges,
  fixChecksums: rec.fix_checksums,
  ...(rec.member !== undefined ? { member: rec.member } : {}),
  ...(rec.direction !== undefined ? { direction: rec.direction } : {}),
  ...(rec.charset !== undefined ? { charset: rec.charset } : {}),
  ...(rec.bom !== undefined ? { bom: rec.bom } : {}),
  ...(rec.block_size !== undefined ? { blockSize: rec.block_size } : {}),
});

/** The report fields of docs/contract.md, section 14, which vectors.json leaves out (section 1.2). */
const STRUCTURE_FIELDS = ['structure', 'hits', 'expect_overall'];
const v1 = (r: Report) => untimed(r).filter(([k]) => !STRUCTURE_FIELDS.includes(k));

interface StructureRecord extends Omit<Record, 'report'> {
  structure: unknown;
  hits: unknown;
  expect_overall: string;
}

const structureVectors = JSON.parse(readFileSync(new URL('../golden/structure.json', import.meta.url), 'utf8')) as {
  records: StructureRecord[];
};

/** What structure.json holds of a run: the output's SHA-256 and section 14's fields. */
const structureOf = (data: Uint8Array, report: Report) =>
  JSON.stringify([sha256(data), report.structure, report.hits, report.expect_overall]);
const expectedStructure = (rec: StructureRecord) =>
  JSON.stringify([rec.sha256, rec.structure, rec.hits, rec.expect_overall]);

/** tests/golden/selectors.json (docs/contract.md, section 14.4): the error's text, or the output's
 * SHA-256 and the report's range fields and hits, written by the Rust engine. */
interface SelectorRecord extends Omit<Record, 'report' | 'sha256'> {
  expected: { error: string } | { sha256: string; [field: string]: unknown };
}
const selectorVectors = JSON.parse(readFileSync(new URL('../golden/selectors.json', import.meta.url), 'utf8')) as {
  records: SelectorRecord[];
};
const SELECTOR_FIELDS = ['ranges', 'allowed_bytes', 'selected', 'hits', 'expect_overall'] as const;
const selectorOutcome = (data: Uint8Array, report: Report) => {
  const fields = report as unknown as { [k: string]: unknown };
  return JSON.stringify({
    sha256: sha256(data),
    ...Object.fromEntries(SELECTOR_FIELDS.map((k) => [k, fields[k] ?? null])),
  });
};
/** Runs one selector record in an engine; an error becomes `{ error }`, as the Rust engine writes it. */
async function selectorRun(
  rec: SelectorRecord,
  run: (input: Uint8Array, name: string, options: CorruptOptions) => Promise<{ data: Uint8Array; report: Report }>,
): Promise<string> {
  try {
    const { data, report } = await run(generate(rec.input), rec.name, optionsOf(rec as unknown as Record));
    return selectorOutcome(data, report);
  } catch (e) {
    return JSON.stringify({ error: e instanceof Error ? e.message : String(e) });
  }
}

describe('golden vectors', () => {
  it('has at least 80 records covering every mode and option', () => {
    expect(vectors.records.length).toBeGreaterThanOrEqual(80);
    expect(new Set(vectors.records.map((r) => r.mode))).toEqual(new Set(ENGINE_MODES));
    expect(vectors.records.filter((r) => r.ranges).length).toBeGreaterThan(20);
    expect(vectors.records.filter((r) => r.fix_checksums).length).toBeGreaterThan(20);
    expect(vectors.records.filter((r) => r.member).length).toBeGreaterThanOrEqual(12);
  });

  it('TypeScript reference engine matches every record', () => {
    const failures: string[] = [];
    for (const [i, rec] of vectors.records.entries()) {
      const { data, report } = corruptTs(generate(rec.input), rec.name, optionsOf(rec));
      if (sha256(data) !== rec.sha256 || JSON.stringify(v1(report)) !== JSON.stringify(Object.entries(rec.report))) {
        failures.push(
          `record ${i} (${rec.why}; ${rec.name} ${rec.mode} i${rec.intensity} s${rec.seed}): ${JSON.stringify(untimed(report))}`,
        );
      }
    }
    expect(failures).toEqual([]);
  });

  it('TypeScript reference engine matches every structure record (maps and hits)', () => {
    expect(structureVectors.records.length).toBeGreaterThanOrEqual(15);
    for (const rec of structureVectors.records) {
      const { data, report } = corruptTs(generate(rec.input), rec.name, optionsOf(rec as unknown as Record));
      expect(structureOf(data, report), rec.why).toBe(expectedStructure(rec));
      // The new fields come last, after every v1 field (docs/contract.md, section 10.1).
      expect(Object.keys(report).slice(-3)).toEqual(STRUCTURE_FIELDS);
    }
  });

  it('TypeScript reference engine matches every selector record (resolved spans, hits, errors)', async () => {
    const records = selectorVectors.records;
    expect(records.length).toBeGreaterThanOrEqual(25);
    expect(records.filter((r) => 'error' in r.expected).length).toBeGreaterThanOrEqual(5);
    for (const rec of records) {
      const got = await selectorRun(rec, async (input, name, options) => corruptTs(input, name, options));
      expect(got, rec.why).toBe(JSON.stringify(rec.expected));
    }
  });

  describe('WebAssembly engine', () => {
    let wasm: WasmEngine;
    beforeAll(async () => {
      wasm = await loadWasmEngine();
    });

    it('matches every record', async () => {
      const failures: string[] = [];
      for (const [i, rec] of vectors.records.entries()) {
        const { data, report } = await runWasm(wasm, generate(rec.input), rec.name, optionsOf(rec));
        if (sha256(data) !== rec.sha256 || JSON.stringify(v1(report)) !== JSON.stringify(Object.entries(rec.report))) {
          failures.push(
            `record ${i} (${rec.why}; ${rec.name} ${rec.mode} i${rec.intensity} s${rec.seed}): ${JSON.stringify(untimed(report))}`,
          );
        }
      }
      expect(failures).toEqual([]);
    });

    it('matches every structure record (maps and hits)', async () => {
      for (const rec of structureVectors.records) {
        const { data, report } = await runWasm(
          wasm,
          generate(rec.input),
          rec.name,
          optionsOf(rec as unknown as Record),
        );
        expect(structureOf(data, report), rec.why).toBe(expectedStructure(rec));
      }
    });

    it('matches every selector record (resolved spans, hits, errors)', async () => {
      for (const rec of selectorVectors.records) {
        const got = await selectorRun(rec, (input, name, options) => runWasm(wasm, input, name, options));
        expect(got, rec.why).toBe(JSON.stringify(rec.expected));
      }
    });
  });
});
