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
  // The spool of --fix-checksums to standard output lives in a private directory. A signal handled
  // between the directory's creation and its registration left it behind (seen once under load).
  // FRACTURE_TEST_DIR_PAUSE_MS (a testing aid, lib/engine/host/temporaries.ts) holds the run for 4 s
  // once each private directory exists, so the signal lands in that window every time.
  it('SIGTERM once the --fix-checksums spool directory exists removes it (exit 143)', async () => {
    const ctx = new Ctx(runner);
    try {
      const env = { FRACTURE_TEST_DIR_PAUSE_MS: '4000' };
      const { child, done } = ctx.start(['--seed', '1', '--quiet', '--fix-checksums', '-'], { env });
      child.stdin?.end(Buffer.alloc(24 * 1024 * 1024, 0x43));
      let exited = false;
      void done.then(() => {
        exited = true;
      });
      // Made after the spool of standard input, which is paused for too: up to 8 s, then 4 s in the window.
      const fixing = () => readdirSync(ctx.tmp).find((d) => d.startsWith('fracture-fix-'));
      const end = Date.now() + 60_000;
      while (!exited && !fixing() && Date.now() < end) await new Promise((r) => setTimeout(r, 1));
      const dir = fixing();
      expect(dir, 'the run ended before its spool was seen').toBeDefined();
      expect((statSync(path.join(ctx.tmp, dir as string)).mode & 0o777).toString(8)).toBe('700');
      child.kill('SIGTERM');
      const r = await done;
      expect({ code: r.code, signal: r.signal }).toEqual({ code: 143, signal: null });
      expect(r.err).toMatch(/fracture: interrupted; the temporary files are removed\n$/);
      expect(readdirSync(ctx.tmp)).toEqual([]);
      ctx.checkNothingLost();
    } finally {
      await ctx.close();
    }
  }, 90_000);
});
