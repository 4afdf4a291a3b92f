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
});

/** The report without timing, keys in emitted order (key order is part of the contract). */
export function untimed(r: Report): [string, unknown][] {
  return Object.entries(r).filter(([k]) => k !== 'time_ms' && k !== 'ops_ms');
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
      if (
        sha256(data) !== rec.sha256 ||
        JSON.stringify(untimed(report)) !== JSON.stringify(Object.entries(rec.report))
      ) {
        failures.push(
          `record ${i} (${rec.why}; ${rec.name} ${rec.mode} i${rec.intensity} s${rec.seed}): ${JSON.stringify(untimed(report))}`,
        );
      }
    }
    expect(failures).toEqual([]);
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
        if (
          sha256(data) !== rec.sha256 ||
          JSON.stringify(untimed(report)) !== JSON.stringify(Object.entries(rec.report))
        ) {
          failures.push(
            `record ${i} (${rec.why}; ${rec.name} ${rec.mode} i${rec.intensity} s${rec.seed}): ${JSON.stringify(untimed(report))}`,
          );
        }
      }
      expect(failures).toEqual([]);
    });
  });
});
