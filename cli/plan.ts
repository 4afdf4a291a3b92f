// The plan of a run (docs/cli.md, "One shape: plan, execute, emit"): every input with its identity
// and size, every output, each variant's seed and checksum route, each input's route, the ZIP;
// checked before anything is written ("Plan, then write"). `--dry-run` prints it, in the native
// CLI's words (engine-rs/cli/src/plan.rs).
import { fstatSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { type ChecksumRoute, checksumRoute, nodeRoute, type Route } from '../lib/engine/host/policy.ts';
import { fsPath } from '../lib/engine/host/byte-paths.ts';
import { type OutputNamer, outputNamer } from '../lib/engine/host-module/names.ts';
import {
  checkPlan,
  display,
  fileKey,
  identifyOutput,
  namesIn,
  type PlannedInput,
  type PlannedOutput,
  Refusal,
  specialKind,
} from '../sdk/outputs.ts';
import { type Args, STDIN } from './args.ts';
import * as msg from '../lib/engine/shared/messages.ts';
import type { OutputsModule } from '../lib/engine/host-module/node.ts';

/** A regular file as planned: its device, inode, size and permission bits. */
export interface Identity {
  device: bigint;
  inode: bigint;
  size: bigint;
  mode: number;
}

/** Variant j of file i: its seed (seed + i * count + j), its outputs and its checksum route. */
export interface PlannedVariant {
  seed: bigint;
  /** Its corrupted file (none for standard input: standard output). */
  out?: string;
  checksums: ChecksumRoute;
  report?: string;
  pdf?: string;
}

/** One FILE: as given, what it was when planned, how it is read, its variants (none when it could not be looked at). */
export interface PlannedFile {
  file: string;
  stdin: boolean;
  identity?: Identity;
  route: Route;
  variants: PlannedVariant[];
}

export interface Plan {
  mode: string;
  intensity: number;
  seed: number;
  count: number;
  only: string[];
  protect: string[];
  fixChecksums: boolean;
  /**
   * `--member`: the glob of the archive members corrupted (each input is then read whole; whether it
   * is an archive is known only from its bytes, when it is read).
   */
  member?: string;
  inputs: PlannedFile[];
  zip?: string;
}

function identityOf(info: { dev: bigint; ino: bigint; size: bigint; mode: bigint }): Identity {
  return { device: info.dev, inode: info.ino, size: info.size, mode: Number(info.mode) & 0o777 };
}

/** Standard input or output when it is a regular file: its identity and key. */
export function standardFile(fd: 0 | 1): { key: string; identity: Identity } | undefined {
  try {
    const info = fstatSync(fd, { bigint: true });
    return info.isFile() ? { key: fileKey(info), identity: identityOf(info) } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Plans the run of `a`: refused (a Refusal) when a FILE is not a regular file, or an output would
 * land on an input, on another output or on a directory.
 */
export async function planRun(a: Args): Promise<Plan> {
  const checked: PlannedInput[] = [];
  const identities: (Identity | undefined)[] = [];
  for (const file of a.files) {
    if (file === STDIN) {
      const stdin = standardFile(0);
      checked.push({ shown: 'standard input', key: stdin?.key });
      identities.push(stdin?.identity);
      continue;
    }
    // A file that cannot be looked at fails in its turn (exit 1, the batch goes on).
    const info = await stat(fsPath(file), { bigint: true }).catch(() => undefined);
    const kind = info && specialKind(info);
    if (kind) throw new Refusal(msg.notRegular(display(file), kind));
    checked.push({ shown: file, key: info ? fileKey(info) : undefined });
    identities.push(info && identityOf(info));
  }
  const route = nodeRoute(a.engine, a.pdf || a.member !== undefined);
  const listing = await namesIn(a.out);
  const namer = await outputNamer();
  try {
    const planned: PlannedOutput[] = [];
    const add = async (p: string) => {
      planned.push({ shown: p, id: await identifyOutput(p, listing) });
      return p;
    };
    const inputs: PlannedFile[] = [];
    for (const [i, file] of a.files.entries()) {
      const stdin = file === STDIN;
      if (stdin) {
        const stdout = standardFile(1);
        if (stdout) planned.push({ shown: msg.standardOutput(), id: { key: stdout.key } });
      }
      // A FILE that is not there when the run starts gets no names (it fails in its turn).
      const planning = stdin || checked[i].key !== undefined;
      const variants = planning ? await planVariants(a, i, route, namer, add) : [];
      inputs.push({ file, stdin, identity: identities[i], route, variants });
    }
    if (a.zip) planned.push({ shown: a.zip, id: await identifyOutput(a.zip) });
    const refusal = await checkPlan(checked, planned);
    if (refusal) throw new Refusal(refusal);
    return {
      mode: a.mode,
      intensity: a.intensity,
      seed: a.seed,
      count: a.count,
      only: a.ranges.only,
      protect: a.ranges.protect,
      fixChecksums: a.fixChecksums,
      ...(a.member !== undefined ? { member: a.member } : {}),
      inputs,
      zip: a.zip,
    };
  } finally {
    namer.free();
  }
}

/**
 * The variants of FILE i, each output named from the name's bytes by the host module, joined to
 * --out as the native CLI joins them; `add` plans each output.
 */
async function planVariants(
  a: Args,
  i: number,
  route: Route,
  namer: OutputNamer,
  add: (p: string) => Promise<string>,
): Promise<PlannedVariant[]> {
  const file = a.files[i];
  const stdin = file === STDIN;
  const name = stdin ? a.name : path.basename(file);
  const variants: PlannedVariant[] = [];
  for (let j = 0; j < a.count; j++) {
    // A seed past the limit fails this file in its turn; its names carry the seed exactly, as natively.
    const seed = BigInt(a.seed) + BigInt(i) * BigInt(a.count) + BigInt(j);
    const names = namer.variant(name, a.count > 1 ? seed : undefined, { file: !stdin, report: a.report, pdf: a.pdf });
    const v: PlannedVariant = { seed, checksums: checksumRoute(a.fixChecksums, route, stdin) };
    if (names.out !== undefined) v.out = await add(namer.path(a.out, names.out));
    if (names.report !== undefined) v.report = await add(namer.path(a.out, names.report));
    if (names.pdf !== undefined) v.pdf = await add(namer.path(a.out, names.pdf));
    variants.push(v);
  }
  return variants;
}

/**
 * The plan as `--dry-run` prints it (docs/usage.md, "Dry run"): the native CLI's lines, or with
 * `json` its one JSON object, written by fracture_host::dry_run through the outputs module; the
 * plan goes over as that JSON, its paths in their display form, its integers exact.
 */
export function dryRun(p: Plan, json: boolean, outputs: Pick<OutputsModule, 'dryRun'>): string {
  const shown = (s: string | undefined) => JSON.stringify(s === undefined ? null : display(s));
  const exact = (n: bigint | undefined) => (n === undefined ? 'null' : n.toString());
  const variant = (v: PlannedVariant) =>
    `{"seed":${v.seed},"output":${shown(v.out)},"checksums":${JSON.stringify(v.checksums)},` +
    `"report":${shown(v.report)},"pdf":${shown(v.pdf)}}`;
  const inputs = p.inputs.map(
    ({ file, stdin, identity: id, route, variants }) =>
      `{"file":${shown(file)},"stdin":${stdin},"size":${exact(id?.size)},"device":${exact(id?.device)},` +
      `"inode":${exact(id?.inode)},"route":${JSON.stringify(route)},"variants":[${variants.map(variant).join(',')}]}`,
  );
  const plan =
    `{"mode":${JSON.stringify(p.mode)},"intensity":${p.intensity},"seed":${p.seed},"count":${p.count},` +
    `"only":${JSON.stringify(p.only)},"protect":${JSON.stringify(p.protect)},"fix_checksums":${p.fixChecksums},` +
    `"member":${JSON.stringify(p.member ?? null)},"inputs":[${inputs.join(',')}],"zip":${shown(p.zip)}}`;
  return outputs.dryRun(plan, json);
}
