// `fracture merge DIR... --out OUT` (docs/campaigns.md, section 10): the shard directories of one
// campaign joined into one, equal to a single run over all of them. The campaign model
// (engine-rs/host, through the host module) merges the records; this shell reads each DIR and copies
// the crash files the model names.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { fsPath } from '../lib/engine/host/byte-paths.ts';
import { loadHostModule } from '../lib/engine/host-module/node.ts';
import { display, outputMode } from '../sdk/outputs.ts';
import { cannotWrite } from '../lib/engine/shared/messages.ts';
import type { MergeArgs } from './args.ts';
import { usage } from './cli-tables.ts';
import { ioText } from './io.ts';
import { CampaignUsage, joined, readCampaignText, writeAtomicSync } from './run.ts';

export async function mergeCampaigns(a: MergeArgs, io: { err: NodeJS.WritableStream }): Promise<number> {
  // --out first, as the native CLI checks it: absent or an empty directory.
  const out = a.out;
  if (existsSync(fsPath(out))) {
    const info = statSync(fsPath(out));
    if (!info.isDirectory() || readdirSync(fsPath(out)).length > 0) {
      throw new CampaignUsage(usage.mergeOutNotEmpty(display(out)));
    }
  }
  const texts: string[] = [];
  const runs: string[] = [];
  for (const dir of a.dirs) {
    texts.push((await readCampaignText(joined(dir, 'campaign.json'))).text);
    try {
      runs.push(readFileSync(fsPath(joined(dir, 'runs.jsonl')), 'utf8'));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw new Error(`${display(dir)}: ${ioText(e)}`);
      runs.push('');
    }
  }
  const host = await loadHostModule();
  let merged: InstanceType<typeof host.MergedCampaign>;
  try {
    merged = new host.MergedCampaign(
      texts,
      runs,
      a.dirs.map((d) => display(d)),
    );
  } catch (e) {
    throw new CampaignUsage(e instanceof Error ? e.message : String(e));
  }
  const ledger = merged.ledger();
  if (!ledger) throw new Error('the merged campaign was taken twice');
  const mode = outputMode([]);
  try {
    mkdirSync(fsPath(out), { recursive: true });
    for (const copy of JSON.parse(merged.copies()) as { from: number; id: string; names: string[] }[]) {
      mkdirSync(fsPath(joined(out, 'crashes', copy.id)), { recursive: true });
      copy.names.forEach((name, k) => {
        const from = fsPath(joined(a.dirs[copy.from], 'crashes', copy.id, name));
        if (!existsSync(from)) {
          // The first name is the minimised file: recorded, but not in the shard's DIR.
          if (k === 0) ledger.forgetMinimized(copy.id);
          return;
        }
        const fromMode = statSync(from).mode & 0o777;
        writeAtomicSync(joined(out, 'crashes', copy.id, name), readFileSync(from), mode & fromMode);
      });
    }
    writeAtomicSync(joined(out, 'runs.jsonl'), ledger.runsJsonl(), mode);
    writeAtomicSync(joined(out, 'campaign.json'), ledger.campaignJson(), mode);
    writeAtomicSync(joined(out, 'summary.md'), ledger.summaryMd(), mode);
  } catch (e) {
    io.err.write(`fracture: merge: ${cannotWrite(display(out), ioText(e))}\n`);
    return 1;
  } finally {
    merged.free();
  }
  const summary = joined(out, 'summary.md');
  if (!a.quiet) io.err.write(`${ledger.closingLine('merge', display(summary))}\n`);
  const code = ledger.exitCode();
  ledger.free();
  return code;
}
