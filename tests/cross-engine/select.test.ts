// Aim by structure (contract 14.4) through the command lines: `--only png:IDAT/data` changes only
// the IDAT chunks' data in all three tools (native streamed, npm WebAssembly streamed, npm TypeScript
// whole), so the PNG then fails a strict reader only on chunk CRCs, and with --fix-checksums every
// CRC is valid again; a selector that matches nothing, or names another format, is an error.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { structureMapOfBytes } from '../../lib/engine/reference/structure/index.ts';
import { png } from './families.ts';
import { expectSame, runAll, TOOLS } from './streamed.ts';

let dir: string;
let input: Buffer;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'fracture-select-'));
  input = png(300_000);
  writeFileSync(path.join(dir, 'photo.png'), input);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The chunks whose stored CRC-32 does not match their type and data (a strict reader's check). */
function badCrcs(bytes: Buffer): string[] {
  const bad: string[] = [];
  for (let p = 8, k = 0; p + 12 <= bytes.length; k++) {
    const len = bytes.readUInt32BE(p);
    const type = bytes.subarray(p + 4, p + 8).toString('latin1');
    if (crc32(bytes.subarray(p + 4, p + 8 + len)) !== bytes.readUInt32BE(p + 8 + len)) bad.push(`${type}#${k}`);
    p += 12 + len;
  }
  return bad;
}

const ARGS = ['--mode', 'byte_flip', '--intensity', '40', '--seed', '7'];

describe('selectors on the command lines', () => {
  it('--only png:IDAT/data changes only IDAT data; the CRCs catch it', () => {
    const report = expectSame(runAll(dir, 'photo.png', [...ARGS, '--only', 'png:IDAT/data']));
    const [{ bytes }] = runAll(dir, 'photo.png', [...ARGS, '--only', 'png:IDAT/data'], TOOLS.slice(0, 1));
    expect(report.ranges).toBe('only png:IDAT/data');
    expect(report.selected).toMatch(/^only png:IDAT\/data = 41:\d+( \d+:\d+)+$/);
    const map = structureMapOfBytes('png', input);
    const idat = map.filter((r) => /^png:IDAT#\d+\/data$/.test(r.path));
    expect(idat.length).toBeGreaterThan(1);
    for (const r of map) {
      const same = bytes.subarray(r.start, r.end).equals(input.subarray(r.start, r.end));
      expect(same, r.path).toBe(!idat.includes(r));
    }
    const bad = badCrcs(bytes);
    expect(bad.length).toBeGreaterThan(0);
    expect(bad.every((c) => c.startsWith('IDAT'))).toBe(true);
    expect(bytes.subarray(0, 8).equals(input.subarray(0, 8))).toBe(true);
  });

  it('with --fix-checksums every CRC is valid again, and a protect selector holds', () => {
    const args = [...ARGS, '--only', 'png:IDAT#1', '--protect', 'png:*/length', '--fix-checksums'];
    const report = expectSame(runAll(dir, 'photo.png', args));
    const [{ bytes }] = runAll(dir, 'photo.png', args, TOOLS.slice(0, 1));
    expect(badCrcs(bytes)).toEqual([]);
    expect(report.ranges).toBe('only png:IDAT#1, protect png:*/length');
    expect(Buffer.compare(bytes, input)).not.toBe(0);
    for (const r of structureMapOfBytes('png', input)) {
      if (r.path.startsWith('png:IDAT#1/')) continue;
      expect(bytes.subarray(r.start, r.end).equals(input.subarray(r.start, r.end)), r.path).toBe(true);
    }
  });

  it.each([
    ['png:tEXt', 'Selector "png:tEXt" matches nothing in this file; its units are signature, IHDR, IDAT#0, IDAT#1'],
    ['zip:eocd', `Selector "zip:eocd" is for zip files, but this file's structure map is png`],
  ])('%s is an error for that file in every tool', (sel, text) => {
    for (const tool of TOOLS) {
      const r = spawnSync(
        tool.cmd,
        [...tool.args, ...ARGS, '--only', sel, '--out', path.join(dir, 'err'), path.join(dir, 'photo.png')],
        {
          encoding: 'utf8',
        },
      );
      expect(r.status, tool.label).not.toBe(0);
      expect(r.stderr, tool.label).toContain(text);
    }
  });

  it('on a 26 MiB PNG the npm CLI streams on its helper threads, selectors resolved by position', () => {
    // Past the npm CLI's helper threads' 24 MiB: its streamed run has only the 64 KiB head until it
    // reads the structure map by position (StreamRun.select); with a report and without one.
    writeFileSync(path.join(dir, 'big.png'), png(26 * 1024 * 1024));
    const args = [...ARGS, '--only', 'png:IDAT/data', '--protect', 'png:IDAT#3'];
    const plan = spawnSync(TOOLS[1].cmd, [...TOOLS[1].args, ...args, '--dry-run', path.join(dir, 'big.png')], {
      encoding: 'utf8',
    });
    expect(plan.stderr + plan.stdout).toMatch(/big\.png \(\d+ bytes.*\), read streamed/);
    const [native, npm] = runAll(dir, 'big.png', args, TOOLS.slice(0, 2));
    expectSame([native, npm]);
    expect(npm.report.selected).toMatch(/; protect png:IDAT#3 = \d+:\d+$/);
    expect(npm.report.hits.length).toBeGreaterThan(100);
    const out = path.join(dir, 'plain');
    const tool = TOOLS[1];
    const r = spawnSync(tool.cmd, [...tool.args, ...args, '--quiet', '--out', out, path.join(dir, 'big.png')], {
      encoding: 'utf8',
    });
    expect(r.status, r.stderr).toBe(0);
    const [name] = readdirSync(out);
    expect(Buffer.compare(readFileSync(path.join(out, name)), native.bytes)).toBe(0);
  });
});
