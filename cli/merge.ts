// `fracture merge DIR... --out OUT` (docs/campaigns.md, section 10): the whole command is the host
// crate's (fracture_host::campaign::merge::command, the native CLI's too), through the campaigns'
// module; this shell hands it the paths' bytes and node:fs (cli/files.ts).
import { toBytes } from '../lib/engine/host/byte-paths.ts';
import { loadHostModule } from '../lib/engine/host-module/node.ts';
import type { MergeArgs } from './args.ts';
import { nodeFiles, nulEnded } from './files.ts';

export async function mergeCampaigns(a: MergeArgs, io: { err: NodeJS.WritableStream }): Promise<number> {
  return (await loadHostModule()).mergeCommand(nulEnded(a.dirs), toBytes(a.out), a.quiet, nodeFiles(io.err));
}
