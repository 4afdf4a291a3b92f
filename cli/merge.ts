// `fracture merge DIR... --out OUT` (docs/campaigns.md, section 10): the shard directories of one
// campaign joined into one, equal to a single run over all of them. Runs nothing and minimises
// nothing: the runs are the union, each crash id's representative the lowest-index run of all, its
// files copied from the directory that holds them.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { display, outputMode } from '../sdk/outputs.ts';
import type { MergeArgs } from './args.ts';
import {
  type CampaignFile,
  type CampaignSpec,
  campaignJson,
  campaignValue,
  parseRecords,
  type RunRecord,
  recordLine,
  sortRecords,
  summaryMd,
  variantFileName,
} from './campaign.ts';
import { usage } from './cli-tables.ts';
import { ioText } from './io.ts';
import { CampaignUsage, closingLine, readCampaign, writeAtomicSync } from './run.ts';

interface Shard {
  dir: string;
  c: CampaignFile;
  records: RunRecord[];
}

/** The campaign's spec back from its campaign.json (the fields canonicalCommand is made of). */
function specOf(c: CampaignFile): CampaignSpec {
  const dash = c.command.indexOf('--');
  // The FILEs are the inputs, in order; the program is recorded on its own.
  return {
    mode: c.options.mode,
    intensity: c.options.intensity,
    only: c.options.only,
    protect: c.options.protect,
    fixChecksums: c.options.fix_checksums,
    seed: c.seed,
    count: c.count,
    timeoutMs: c.options.timeout_ms,
    crashExit: c.options.crash_exit,
    crashPattern: c.options.crash_pattern,
    minimize: c.options.minimize,
    files: c.inputs.map((i) => i.file),
    program: dash >= 0 ? c.command.slice(dash + 1) : c.program,
    shard: null,
  };
}

export async function mergeCampaigns(a: MergeArgs, io: { err: NodeJS.WritableStream }): Promise<number> {
  // --out first, as the native CLI checks it: absent or an empty directory.
  const out = a.out;
  if (existsSync(out)) {
    const info = statSync(out);
    if (!info.isDirectory() || readdirSync(out).length > 0) {
      throw new CampaignUsage(usage.mergeOutNotEmpty(display(out)));
    }
  }
  const shards: Shard[] = [];
  for (const dir of a.dirs) {
    const c = readCampaign(path.join(dir, 'campaign.json'));
    let text = '';
    try {
      text = readFileSync(path.join(dir, 'runs.jsonl'), 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw new Error(`${display(dir)}: ${ioText(e)}`);
    }
    shards.push({ dir, c, records: parseRecords(text) });
  }
  const first = shards[0].c;
  for (const s of shards.slice(1)) {
    if (
      JSON.stringify(s.c.command) !== JSON.stringify(first.command) ||
      JSON.stringify(s.c.inputs) !== JSON.stringify(first.inputs)
    ) {
      throw new CampaignUsage(usage.anotherCampaign(display(s.dir)));
    }
  }
  const spec = specOf(first);
  const total = first.inputs.length * first.count;
  // The union of the runs, by seed; a seed recorded twice must agree.
  const bySeed = new Map<number, RunRecord>();
  for (const s of shards) {
    for (const rec of s.records) {
      const r = rec.seed - first.seed;
      if (r < 0 || r >= total || first.inputs[Math.floor(r / first.count)].file !== rec.file) continue;
      const had = bySeed.get(rec.seed);
      if (had && (had.outcome !== rec.outcome || had.crash_id !== rec.crash_id)) {
        throw new CampaignUsage(usage.twoOutcomes(rec.seed));
      }
      if (!had) bySeed.set(rec.seed, rec);
    }
  }
  const records = sortRecords([...bySeed.values()]);
  // Each id's signature, and where its representative's files are.
  const signatures = new Map<string, string>();
  const holders = new Map<string, { dir: string; entry: CampaignFile['crashes'][number] }>();
  for (const s of shards) {
    for (const e of s.c.crashes ?? []) {
      if (!signatures.has(e.id)) signatures.set(e.id, e.signature);
      const held = holders.get(`${e.id}:${e.seed}`);
      if (!held) holders.set(`${e.id}:${e.seed}`, { dir: s.dir, entry: e });
    }
  }
  const c = campaignValue(spec, first.inputs, records, total, {
    signature: (id) => signatures.get(id),
    minimized: (id, _file, seed) => {
      const held = holders.get(`${id}:${seed}`);
      if (!held || held.entry.minimized === null || held.entry.minimized_changes === null) return null;
      return existsSync(path.join(held.dir, held.entry.minimized))
        ? { path: held.entry.minimized, changes: held.entry.minimized_changes }
        : null;
    },
  });
  const mode = outputMode([]);
  try {
    mkdirSync(out, { recursive: true });
    for (const e of c.crashes) {
      const held = holders.get(`${e.id}:${e.seed}`);
      if (!held) continue;
      mkdirSync(path.join(out, 'crashes', e.id), { recursive: true });
      const names = [variantFileName(e.file, e.seed), 'stdout.txt', 'stderr.txt'];
      if (e.minimized !== null) names.push(path.basename(e.minimized));
      for (const name of names) {
        const from = path.join(held.dir, 'crashes', e.id, name);
        if (!existsSync(from)) continue;
        const fromMode = statSync(from).mode & 0o777;
        writeAtomicSync(path.join(out, 'crashes', e.id, name), readFileSync(from), mode & fromMode);
      }
    }
    writeAtomicSync(path.join(out, 'runs.jsonl'), records.map(recordLine).join(''), mode);
    writeAtomicSync(path.join(out, 'campaign.json'), campaignJson(c), mode);
    writeAtomicSync(path.join(out, 'summary.md'), summaryMd(c), mode);
  } catch (e) {
    io.err.write(`fracture: merge: cannot write ${display(out)}: ${ioText(e)}\n`);
    return 1;
  }
  if (!a.quiet) io.err.write(`${closingLine('merge', c, out)}\n`);
  return c.counts.crashed + c.counts.hung > 0 ? 1 : 0;
}
