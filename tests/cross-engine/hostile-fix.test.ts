// --fix-checksums on crafted worst cases (docs/contract.md, section 6.10.2) and on real GNU tar
// archives of every kind the tar walk must step over (section 6.10.1): the three engines give the same
// bytes and report, and the TypeScript walks cover each byte a bounded number of times (counted, not
// timed: `make bench` times the same inputs against random bytes).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadWasmEngine } from '../../lib/engine/host/node.ts';
import { runWasm, type WasmEngine } from '../../lib/engine/host/run.ts';
import * as checksums from '../../lib/engine/reference/checksums.ts';
import { corrupt as corruptTs } from '../../lib/engine/reference/engine.ts';
import { HOSTILE } from '../bench/lib/hostile.mjs';
import { expectSame, runAll } from './streamed.ts';
import { untimed } from './untimed.ts';

const OPTIONS = { mode: 'byte_flip', intensity: 10, seed: 7, fixChecksums: true };
const fixedTotal = (report: Record<string, unknown>) =>
  Object.values((report.checksums_fixed ?? {}) as Record<string, number>).reduce((a, b) => a + b, 0);

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'fracture-hostile-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it("the TypeScript engine's unreflected CRCs give the catalogue's check values (docs/contract.md, 6.10)", () => {
  const digits = new TextEncoder().encode('123456789');
  expect([checksums.oggCrc32(digits), checksums.flacCrc8(digits), checksums.flacCrc16(digits)]).toEqual([
    0x89a1897f, 0xf4, 0xfee8,
  ]);
});

describe('crafted worst cases', () => {
  let wasm: WasmEngine;
  beforeAll(async () => {
    wasm = await loadWasmEngine();
  });

  for (const { name, make, what } of HOSTILE) {
    it(`${name} (${what}): TypeScript and WebAssembly agree, each byte covered a bounded number of times`, async () => {
      const input = make(192 * 1024) as Uint8Array;
      const before = checksums.crcBytes;
      const ts = corruptTs(input, name, OPTIONS);
      const covered = checksums.crcBytes - before;
      // Each byte once, and a frame header's CRC-8 at each false sync code: well under 3 n. Reading an
      // entry's or a frame's bytes afresh for each claim would be hundreds of n here.
      expect(covered, `${name}: CRC bytes`).toBeLessThan(3 * input.length);
      const w = await runWasm(wasm, input, name, OPTIONS);
      expect(JSON.stringify(untimed(w.report))).toBe(JSON.stringify(untimed(ts.report)));
      expect(Buffer.compare(Buffer.from(w.data), Buffer.from(ts.data))).toBe(0);
      expect(ts.report.format).toBe(path.extname(name).slice(1));
    });
  }

  it('zip-many-entries: one entry fixed, the others named as overlapping', () => {
    const input = HOSTILE[0].make(192 * 1024) as Uint8Array;
    const { report } = corruptTs(input, HOSTILE[0].name, { ...OPTIONS, mode: 'bit_rot', intensity: 100 });
    const count = input[input.length - 12] | (input[input.length - 11] << 8);
    expect(report.checksums_fixed).toEqual({ zip_local_crc32: 1, zip_central_crc32: 1, zip_descriptor_crc32: 0 });
    expect(report.checksums_unfixable).toBe(
      `${count - 1} ZIP entries share or overlap the stored data of another entry and were left as they were`,
    );
  });

  it('the CLIs (native and npm stream, npm --engine ts the whole buffer) agree on every case', () => {
    for (const { name, make, args } of HOSTILE) {
      writeFileSync(path.join(dir, name), make(1024 * 1024) as Uint8Array);
      expectSame(runAll(dir, name, ['--fix-checksums', '--mode', 'bit_rot', '--intensity', '100', '--seed', '3']));
      if (args) expectSame(runAll(dir, name, [...args, '--intensity', '60', '--seed', '3']));
      rmSync(path.join(dir, name));
    }
  });
});

/** GNU tar in `dir`: archives of a tree with long names, links and a sparse file, in each format. */
function gnuTarArchives(): string[] {
  const tree = path.join(dir, 'tree');
  const deep = path.join(tree, `${'directory-with-a-long-name-'.repeat(3)}x`, 'y'.repeat(60));
  mkdirSync(deep, { recursive: true });
  const long = path.join(deep, `${'file-name-longer-than-one-hundred-bytes-'.repeat(3)}.txt`);
  writeFileSync(long, 'long name\n'.repeat(300));
  writeFileSync(path.join(tree, 'small.txt'), 'small\n');
  const sparse = path.join(tree, 'sparse.img');
  writeFileSync(sparse, '');
  truncateSync(sparse, 3 * 1024 * 1024);
  const fd = spawnSync('dd', ['if=/dev/urandom', `of=${sparse}`, 'bs=4096', 'count=3', 'seek=100', 'conv=notrunc']);
  expect(fd.status).toBe(0);
  spawnSync('ln', ['-s', path.relative(tree, long), path.join(tree, `link-${'z'.repeat(110)}`)]);
  const names: string[] = [];
  for (const [format, extra] of [
    ['gnu', ['-S']],
    ['oldgnu', ['-S']],
    ['pax', ['-S']],
    ['pax', []],
  ] as const) {
    const name = `${format}${extra.length ? '-sparse' : ''}.tar`;
    const r = spawnSync('tar', [`--format=${format}`, ...extra, '-cf', path.join(dir, name), '-C', dir, 'tree']);
    expect(r.status, String(r.stderr)).toBe(0);
    names.push(name);
  }
  return names;
}

describe('real GNU tar archives', () => {
  it('the CLIs agree, and every header of each archive is fixed', () => {
    for (const name of gnuTarArchives()) {
      const input = readFileSync(path.join(dir, name));
      // Headers: every 512-byte block the archive's own listing walks to; the walk must reach the last.
      const report = expectSame(
        runAll(dir, name, ['--fix-checksums', '--mode', 'bit_rot', '--intensity', '100', '--seed', '11']),
      );
      expect(fixedTotal(report), `${name}: headers fixed`).toBeGreaterThan(4);
      expect(input.length).toBeGreaterThan(10_000);
    }
  });
});
