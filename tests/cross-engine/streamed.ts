// The CLIs as the streamed tests run them (subprocesses): the native `fracture`, the npm CLI's
// WebAssembly engine (both stream) and its TypeScript reference engine (the whole buffer).
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const NATIVE = path.join(ROOT, 'target/release/fracture');
export const NPM = path.join(ROOT, 'bin/fracture.mjs');
export const TOOLS = [
  { label: 'native', cmd: NATIVE, args: [] as string[] },
  { label: 'npm wasm', cmd: process.execPath, args: [NPM, '--engine', 'wasm'] },
  { label: 'npm ts', cmd: process.execPath, args: [NPM, '--engine', 'ts'] },
];

/** Each tool's output bytes and report (timing dropped) for the same arguments on `dir/file`. */
export function runAll(dir: string, file: string, args: string[], tools = TOOLS) {
  return tools.map((tool, t) => {
    const out = path.join(dir, `out-${t}`);
    rmSync(out, { recursive: true, force: true });
    const r = spawnSync(tool.cmd, [...tool.args, ...args, '--json', '--quiet', '--out', out, path.join(dir, file)], {
      encoding: 'utf8',
    });
    expect(r.status, `${tool.label}: ${r.stderr}`).toBe(0);
    const { time_ms: _t, ops_ms: _o, ...report } = JSON.parse(r.stdout.trim().split('\n').pop() ?? '');
    const [name] = readdirSync(out);
    const bytes = readFileSync(path.join(out, name));
    rmSync(out, { recursive: true, force: true });
    return { label: tool.label, bytes, report };
  });
}

/** Every tool's bytes and report equal; returns the report. */
export function expectSame(results: ReturnType<typeof runAll>) {
  const [first, ...rest] = results;
  for (const r of rest) {
    expect(r.report, `${r.label} vs ${first.label}`).toEqual(first.report);
    expect(Buffer.compare(r.bytes, first.bytes), `${r.label} bytes vs ${first.label}`).toBe(0);
  }
  return first.report;
}
