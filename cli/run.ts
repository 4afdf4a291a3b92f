// `fracture run` (docs/campaigns.md): the variants of FILEs, as `fracture --seed S --count N` makes
// them, fed to PROGRAM, `--jobs` at a time. The campaign model (records, baselines, crash ids,
// campaign.json, summary.md, the exit code) is engine-rs/host's, the native CLI's own, through the
// host module; this file plans (every usage error before the first run), cli/run/execute.ts runs.
import { existsSync, readFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { fsPath, lossyName, toBytes } from '../lib/engine/host/byte-paths.ts';
import type { CampaignLedger } from '../lib/engine/host-pkg/fracture_host.js';
import { loadHostModule } from '../lib/engine/host-module/node.ts';
import { nodeEngine } from '../sdk/engine.ts';
import { checkPlan, display, identifyOutput } from '../sdk/outputs.ts';
import type { RunArgs } from './args.ts';
import { usage } from './cli-tables.ts';
import { type HostFiles, nodeFiles } from './files.ts';
import { ioText } from './io.ts';
import { execute } from './run/execute.ts';
import { CampaignUsage, type Input, joined, readInput, Stop } from './run/program.ts';

export { CampaignUsage, joined, writeAtomicSync } from './run/program.ts';

interface Io {
  out: NodeJS.WritableStream;
  err: NodeJS.WritableStream & { isTTY?: boolean };
}

/**
 * Reads a campaign.json, or refuses with the usage error that says why not: it cannot be read
 * (`--resume: ` first when `resuming`), or it is not a campaign of version 1 (the model says).
 */
export async function readCampaignText(file: string, resuming = false): Promise<{ text: string; seed: number }> {
  let text: string;
  try {
    text = readFileSync(fsPath(file), 'utf8');
  } catch (e) {
    const unreadable = resuming ? usage.resumeUnreadable : usage.campaignUnreadable;
    throw new CampaignUsage(unreadable(display(file), ioText(e)));
  }
  const seed = (await loadHostModule()).campaignSeed(text);
  if (seed === undefined) throw new CampaignUsage(usage.notACampaign(display(file)));
  return { text, seed };
}

/** The ledger of the campaign planned: new, or with --resume DIR's continued. */
async function plan(a: RunArgs, inputs: Input[], shell: HostFiles): Promise<CampaignLedger> {
  const host = await loadHostModule();
  const dir = a.out;
  const dirInfo = await stat(fsPath(dir)).catch(() => undefined);
  if (dirInfo && !dirInfo.isDirectory()) throw new CampaignUsage(usage.campaignOutNotDirectory(display(dir)));
  // No file of DIR lands on an input, by a symlink or a hard link either (docs/cli.md, "Plan, then write").
  const ours = ['campaign.json', 'runs.jsonl', 'summary.md'].map((name) => joined(dir, name));
  const outputs = await Promise.all(ours.map(async (p) => ({ shown: p, id: await identifyOutput(p) })));
  const refused = await checkPlan(
    inputs.map((i) => ({ shown: i.file, key: i.key })),
    outputs,
  );
  if (refused !== undefined) throw new CampaignUsage(refused);
  const campaignPath = joined(dir, 'campaign.json');
  const runsPath = joined(dir, 'runs.jsonl');
  const old = a.decided.resume ? await readCampaignText(campaignPath, true) : undefined;
  if (!a.decided.resume && (existsSync(fsPath(campaignPath)) || existsSync(fsPath(runsPath)))) {
    throw new CampaignUsage(usage.campaignExists(display(dir)));
  }
  // The campaign as the model describes it (names as text: `to_string_lossy`'s, as natively).
  const files = inputs.map((i) => ({ file: lossyName(i.file), size: i.bytes.length, sha256: i.sha256 }));
  let described: string;
  try {
    const random = Math.floor(Math.random() * 2147483647);
    described = host.describeCampaign(
      a.decidedJson,
      JSON.stringify(files),
      a.program.map(lossyName),
      old?.seed,
      random,
    );
  } catch (e) {
    throw new CampaignUsage(e instanceof Error ? e.message : String(e));
  }
  if (!old) return new host.CampaignLedger(described);
  let ledger: CampaignLedger;
  try {
    ledger = host.CampaignLedger.resume(
      described,
      old.text,
      existsSync(fsPath(runsPath)) ? readFileSync(fsPath(runsPath)) : new Uint8Array(),
    );
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    throw new CampaignUsage(usage.anotherCampaignBecause(display(campaignPath), why));
  }
  // What the DIR holds beyond its records (lost signatures, minimised files): fracture_host's CampaignDir.
  const state = new host.CampaignDir(toBytes(dir));
  const lengths = Float64Array.from(inputs, (i) => i.bytes.length);
  state.recover(ledger, Buffer.concat(inputs.map((i) => i.bytes)), lengths, shell);
  state.free();
  return ledger;
}

export async function runCampaign(a: RunArgs, io: Io): Promise<number> {
  // The pattern first, by the matcher the ledger uses (the regex crate), as natively.
  const pattern = a.decided.crashPattern;
  const refused = pattern === null ? undefined : (await loadHostModule()).crashPatternRefusal(pattern);
  if (refused !== undefined) throw new CampaignUsage(refused);
  const inputs: Input[] = [];
  for (const file of a.files) inputs.push(await readInput(file));
  const ledger = await plan(a, inputs, nodeFiles(io.err));
  const engine = await nodeEngine('wasm');
  try {
    return await execute(a, inputs, ledger, engine, io);
  } catch (e) {
    if (!(e instanceof Stop)) throw e;
    io.err.write(`fracture: run: ${e.message}\n`);
    return 1;
  } finally {
    ledger.free();
    await engine.close();
  }
}
