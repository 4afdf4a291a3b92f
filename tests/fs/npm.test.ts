// The "nothing lost" scenarios (scenarios.ts) against the npm CLI as a user runs it: node and the
// compiled entry point (dist/cli/main.js, what bin/fracture.mjs runs; `make cli` builds it); then what
// only the npm CLI has: checksum fixing to standard output goes through a spool file of its own.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Ctx, describeScenarios, type Runner } from './scenarios.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const runner: Runner = { label: 'npm', cmd: process.execPath, args: [path.join(ROOT, 'dist/cli/main.js')] };

describeScenarios(runner);

describe('nothing lost (npm only)', () => {
  it('SIGTERM while --fix-checksums is made for standard output removes its spool (exit 143)', async () => {
    const ctx = new Ctx(runner);
    try {
      const { child, done } = ctx.start(['--seed', '1', '--quiet', '--fix-checksums', '-']);
      child.stdin?.end(Buffer.alloc(96 * 1024 * 1024, 0x43));
      let exited = false;
      void done.then(() => {
        exited = true;
      });
      // The fixed output is made in a private directory of its own, beside the spool of standard input.
      const fixing = () => readdirSync(ctx.tmp).find((d) => d.startsWith('fracture-fix-'));
      const end = Date.now() + 30_000;
      while (!exited && !fixing() && Date.now() < end) await new Promise((r) => setTimeout(r, 1));
      const dir = fixing();
      expect(dir, 'the run ended before its spool was seen').toBeDefined();
      expect((statSync(path.join(ctx.tmp, dir as string)).mode & 0o777).toString(8)).toBe('700');
      child.kill('SIGTERM');
      const r = await done;
      expect({ code: r.code, signal: r.signal }).toEqual({ code: 143, signal: null });
      expect(r.err).toMatch(/fracture: interrupted; the temporary files are removed\n$/);
      ctx.checkNothingLost();
    } finally {
      await ctx.close();
    }
  });
});
