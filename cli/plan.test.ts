// The plan as a value: planRun's decisions, and the texts --dry-run prints (the CLIs print them as
// subprocesses in tests/cross-engine/cli.test.ts, the native one from engine-rs/cli/src/plan.rs).
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCommandLine, type Args } from './args.ts';
import { dryRun, planRun } from './plan.ts';
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
    const info = statSync(input, { bigint: true });
    expect(plan.inputs[0]).toMatchObject({
      route: 'streamed',
      identity: { size: 5n, device: info.dev, inode: info.ino },
    });
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
    expect(plan.inputs[1]).toMatchObject({ identity: undefined, variants: [] });
    const text = dryRun(plan, false, outputs);
    expect(text.split('\n').slice(0, 5)).toEqual([
      'fracture: plan (dry run: nothing is read or written)',
      'engine: mode byte_flip, intensity 80, seed 3, 2 variants per file',
      'options: only none, protect none, fix checksums no, member none',
      `input 1: ${input} (5 bytes, device ${info.dev}, inode ${info.ino}), read streamed`,
      `  seed 3: ${path.join(out, 'in_corrupted_3.txt')}, checksums unfixed`,
    ]);
    expect(text).toContain(
      `input 2: ${path.join(dir, 'nope')} (not readable now, it fails in its turn), read streamed\n`,
    );
    const json = JSON.parse(dryRun(plan, true, outputs));
    expect(json).toMatchObject({ seed: 3, count: 2, fix_checksums: false, member: null, zip: null });
    expect(Object.keys(json).indexOf('member')).toBe(Object.keys(json).indexOf('fix_checksums') + 1);
    expect(json.inputs[0]).toMatchObject({ size: 5, route: 'streamed', stdin: false });
    expect(json.inputs[0].variants[1]).toEqual({
      seed: 4,
      output: path.join(out, 'in_corrupted_4.txt'),
      checksums: 'unfixed',
      report: path.join(out, 'in.txt_4_corruption_report.json'),
      pdf: null,
    });
  });

  it('takes the routes of the policy: --pdf and the reference engine read whole, checksums fixed in memory', async () => {
    const pdf = await planRun(args('--pdf', '--fix-checksums', '--out', out, input));
    expect(pdf.inputs[0].route).toBe('whole');
    expect(pdf.inputs[0].variants[0]).toMatchObject({
      checksums: 'in memory',
      pdf: path.join(out, 'in.txt_corruption_report.pdf'),
    });
    const ts = await planRun(args('--engine', 'ts', '--out', out, input));
    expect(ts.inputs[0].route).toBe('whole');
    const fixed = await planRun(args('--fix-checksums', '--out', out, input));
    expect(fixed.inputs[0].variants[0].checksums).toBe('in the output file');
    // --member names its glob (a control character in its display form) and reads every input whole.
    const member = await planRun(args('--member', 'word/*.xml\n', '--out', out, input));
    expect([member.member, member.inputs[0].route]).toEqual(['word/*.xml\n', 'whole']);
    expect(dryRun(member, false, outputs)).toContain(
      '\noptions: only none, protect none, fix checksums no, member "word/*.xml\\n"\n',
    );
    expect(JSON.parse(dryRun(member, true, outputs)).member).toBe('word/*.xml\n');
    // A glob that is the word "none" reads apart from no glob.
    const none = await planRun(args('--member', 'none', '--out', out, input));
    expect(dryRun(none, false, outputs)).toContain(', member "none"\n');
  });

  it('is refused when an output lands on an input', async () => {
    await expect(planRun(args('--out', dir, '--zip', input, input))).rejects.toThrow(Refusal);
  });
});
