// The plan as the npm CLI's shell makes it: each FILE and output looked at here, the plan itself
// fracture_host::plan's through the outputs module (its names, seeds, routes and texts are tested in
// engine-rs/host/src/plan.rs; both CLIs print them as subprocesses in tests/cross-engine/cli.test.ts).
import { linkSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCommandLine, type Args } from './args.ts';
import { planRun } from './plan.ts';
import { Refusal } from '../sdk/outputs.ts';
import { loadOutputsModule } from '../lib/engine/host-module/node.ts';

const outputs = await loadOutputsModule();
const dir = mkdtempSync(path.join(tmpdir(), 'fracture-plan-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function args(...argv: string[]): Args {
  const parsed = parseCommandLine(argv, () => 1, outputs);
  if (parsed.kind !== 'run') throw new Error('not a run');
  return parsed.args;
}

describe('the plan of a run', () => {
  const input = path.join(dir, 'in.txt');
  writeFileSync(input, 'hello');
  const out = path.join(dir, 'out');

  it('names every output, seed and route before anything is written', async () => {
    const plan = await planRun(
      args('--seed', '3', '--count', '2', '--report', '--out', out, input, path.join(dir, 'nope')),
    );
    expect(plan.inputs[0].route).toBe('streamed');
    expect(plan.inputs[0].variants).toEqual([
      {
        seed: 3n,
        out: path.join(out, 'in_corrupted_3.txt'),
        checksums: 'unfixed',
        report: path.join(out, 'in.txt_3_corruption_report.json'),
      },
      {
        seed: 4n,
        out: path.join(out, 'in_corrupted_4.txt'),
        checksums: 'unfixed',
        report: path.join(out, 'in.txt_4_corruption_report.json'),
      },
    ]);
    // A FILE that is not there is planned with no outputs: it fails in its turn.
    expect(plan.inputs[1].variants).toEqual([]);
    expect(plan.dryRun).toBeUndefined();
  });

  it('prints the identities it looked at in --dry-run', async () => {
    const info = statSync(input, { bigint: true });
    const text = (await planRun(args('--dry-run', '--out', out, input))).dryRun ?? '';
    expect(text).toContain(`input 1: ${input} (5 bytes, device ${info.dev}, inode ${info.ino}), read streamed\n`);
    const json = JSON.parse((await planRun(args('--dry-run', '--json', '--pdf', input))).dryRun ?? '');
    expect(json.inputs[0]).toMatchObject({ size: 5, route: 'whole', stdin: false });
    // The reference engine reads whole.
    expect((await planRun(args('--engine', 'ts', '--out', out, input))).inputs[0].route).toBe('whole');
  });

  it('is refused when an output lands on an input, by a hard link too, or on a directory', async () => {
    await expect(planRun(args('--out', dir, '--zip', input, input))).rejects.toThrow(Refusal);
    linkSync(input, path.join(dir, 'linked.zip'));
    await expect(planRun(args('--out', out, '--zip', path.join(dir, 'linked.zip'), input))).rejects.toThrow(
      /is the input/,
    );
    mkdirSync(path.join(out, 'in_corrupted.txt'), { recursive: true });
    await expect(planRun(args('--out', out, input))).rejects.toThrow(/is a directory/);
    await expect(planRun(args(dir))).rejects.toThrow(`${dir} is a directory, not a regular file`);
  });
});
