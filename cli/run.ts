// `fracture run` (docs/campaigns.md): the variants of FILEs, as `fracture --seed S --count N` makes
// them, fed to PROGRAM, `--jobs` at a time. The campaign model (the plan with every usage error, the
// records, baselines, crash ids, DIR's files, the exit code) is engine-rs/host's, the native CLI's
// own, through the host module; this file hands it the arguments and node:fs (cli/files.ts), and
// cli/run/execute.ts runs the programs.
import path from 'node:path';
import { lossyName, toBytes } from '../lib/engine/host/byte-paths.ts';
import type { Campaign } from '../lib/engine/host-pkg/fracture_host.js';
import { loadHostModule } from '../lib/engine/host-module/node.ts';
import { nodeEngine } from '../sdk/engine.ts';
import type { RunArgs } from './args.ts';
import { nodeFiles, nulEnded } from './files.ts';
import { execute } from './run/execute.ts';
import { CampaignUsage, type Input, Stop } from './run/program.ts';

export { CampaignUsage, joined } from './run/program.ts';

interface Io {
  out: NodeJS.WritableStream;
  err: NodeJS.WritableStream & { isTTY?: boolean };
}

/** The campaign planned by fracture_host::campaign::plan, ready to run, and the inputs it read. */
async function plan(a: RunArgs, io: Io): Promise<{ campaign: Campaign; inputs: Input[] }> {
  const host = await loadHostModule();
  const random = Math.floor(Math.random() * 2147483647);
  let campaign: Campaign;
  try {
    const [files, program] = [nulEnded(a.files), nulEnded(a.program)];
    campaign = host.planCampaign(a.decidedJson, files, program, toBytes(a.out), random, nodeFiles(io.err));
  } catch (e) {
    throw new CampaignUsage(e instanceof Error ? e.message : String(e));
  }
  const inputs = a.files.map((file, i) => ({
    file,
    // The engine's name for it is the native CLI's `to_string_lossy` of the name.
    name: lossyName(path.basename(file)),
    slotName: host.slotName(toBytes(file)),
    bytes: campaign.takeBytes(i),
  }));
  return { campaign, inputs };
}

export async function runCampaign(a: RunArgs, io: Io): Promise<number> {
  const { campaign, inputs } = await plan(a, io);
  const engine = await nodeEngine('wasm');
  try {
    return await execute(a, campaign, inputs, engine, io);
  } catch (e) {
    if (!(e instanceof Stop)) throw e;
    io.err.write(`fracture: run: ${e.message}\n`);
    return 1;
  } finally {
    campaign.free();
    await engine.close();
  }
}
