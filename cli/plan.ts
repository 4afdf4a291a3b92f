// The plan of a run (docs/cli.md, "One shape: plan, execute, emit"): every input and how it is read,
// each variant's seed, outputs and checksum route, the ZIP; checked before anything is written ("Plan,
// then write"). The plan and its claims are fracture_host::plan's (the native CLI's too), through the
// outputs module, which looks at the files through cli/files.ts. `--dry-run` prints it in the host
// crate's words.
import { type BigIntStats, fstatSync } from 'node:fs';
import { toBytes } from '../lib/engine/host/byte-paths.ts';
import { Refusal } from '../sdk/outputs.ts';
import type { Args } from './args.ts';
import { nodeFiles, nulEnded, splitNulEnded } from './files.ts';
import { loadOutputsModule } from '../lib/engine/host-module/node.ts';

/** Where `--fix-checksums` patches the output (fracture_host::plan::Checksums). */
export type ChecksumRoute = 'unfixed' | 'in memory' | 'in the output file' | 'in a temporary file, then copied';

/** Variant j of file i: its seed (seed + i * count + j), its outputs and its checksum route. */
export interface PlannedVariant {
  /** Undefined past u64 (the engine refuses it in its turn). */
  seed?: bigint;
  /** Its corrupted file (none for standard input: standard output). */
  out?: string;
  checksums: ChecksumRoute;
  report?: string;
  pdf?: string;
}

/** One FILE: how it is read, its variants (none when it could not be looked at). */
export interface PlannedFile {
  route: 'whole' | 'streamed';
  variants: PlannedVariant[];
}

export interface Plan {
  inputs: PlannedFile[];
  /** With `--dry-run`: the plan as it prints it (one JSON line with `--json`, else text). */
  dryRun?: string;
}

/** Standard input or output when it is a regular file. */
export function standardFile(fd: 0 | 1): BigIntStats | undefined {
  try {
    const info = fstatSync(fd, { bigint: true });
    return info.isFile() ? info : undefined;
  } catch {
    return undefined;
  }
}

interface PlanJson {
  inputs: {
    route: PlannedFile['route'];
    variants: {
      seed: string | null;
      checksums: ChecksumRoute;
      out: number | null;
      report: number | null;
      pdf: number | null;
    }[];
  }[];
}

/**
 * Plans the run of `a` (fracture_host::plan::make through the outputs module, looking at the files
 * through node:fs as cli/files.ts does): refused (a Refusal) when a FILE is not a regular file, or an
 * output would land on an input, on another output or on a directory.
 */
export async function planRun(a: Args): Promise<Plan> {
  const host = await loadOutputsModule();
  const { decided: d, settings: s } = a;
  const planner = new host.RunPlan(
    toBytes(a.out),
    a.engine === 'wasm',
    s.mode,
    s.intensity,
    BigInt(d.seed),
    BigInt(d.count),
    d.name,
    d.report,
    d.pdf,
    [...(s.ranges?.only ?? [])],
    [...(s.ranges?.protect ?? [])],
    s.fixChecksums ?? false,
    s.member,
  );
  try {
    const refusal = planner.make(nulEnded(a.files), a.zip === undefined ? undefined : toBytes(a.zip), nodeFiles());
    if (refusal !== undefined) throw new Refusal(refusal);
    const outputs = splitNulEnded(planner.outputs());
    const path = (k: number | null) => (k === null ? undefined : outputs[k]);
    const plan = JSON.parse(planner.planJson()) as PlanJson;
    const inputs = plan.inputs.map(({ route, variants }) => ({
      route,
      variants: variants.map((v) => ({
        ...(v.seed !== null ? { seed: BigInt(v.seed) } : {}),
        checksums: v.checksums,
        ...(v.out !== null ? { out: path(v.out) } : {}),
        ...(v.report !== null ? { report: path(v.report) } : {}),
        ...(v.pdf !== null ? { pdf: path(v.pdf) } : {}),
      })),
    }));
    return { inputs, ...(a.decided.dryRun ? { dryRun: planner.dryRun(a.decided.json) } : {}) };
  } finally {
    planner.free();
  }
}
