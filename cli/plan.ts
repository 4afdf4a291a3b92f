// The plan of a run (docs/cli.md, "One shape: plan, execute, emit"): every input and how it is read,
// each variant's seed, outputs and checksum route, the ZIP; checked before anything is written ("Plan,
// then write"). The plan and its claims are fracture_host::plan's (the native CLI's too), through the
// outputs module; this shell looks at the files. `--dry-run` prints it in the host crate's words.
import { type BigIntStats, fstatSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { fromBytes, fsPath, toBytes } from '../lib/engine/host/byte-paths.ts';
import { fileKey, identifyOutput, namesIn, Refusal, specialKind } from '../sdk/outputs.ts';
import { type Args, STDIN } from './args.ts';
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
 * Plans the run of `a`: refused (a Refusal) when a FILE is not a regular file, or an output would
 * land on an input, on another output or on a directory.
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
  const refused = (refusal: string | undefined) => {
    if (refusal !== undefined) throw new Refusal(refusal);
  };
  try {
    for (const file of a.files) {
      // A file that cannot be looked at fails in its turn (exit 1, the batch goes on).
      const info = file === STDIN ? standardFile(0) : await stat(fsPath(file), { bigint: true }).catch(() => undefined);
      const kind = info && specialKind(info);
      refused(
        planner.input(
          toBytes(file),
          kind,
          info?.dev,
          info?.ino ?? 0n,
          info?.size ?? 0n,
          Number(info?.mode ?? 0) & 0o777,
        ),
      );
    }
    if (a.zip !== undefined) planner.zip(toBytes(a.zip));
    // Each output, NUL-ended; an empty one is standard output.
    const packed = planner.outputs();
    const outputs: string[] = [];
    for (let start = 0, i = 0; i < packed.length; i++) {
      if (packed[i] !== 0) continue;
      outputs.push(fromBytes(packed.subarray(start, i)));
      start = i + 1;
    }
    // The names in --out: a name not there is a file not there yet (no call to the system each).
    const listing = await namesIn(a.out);
    for (const [k, p] of outputs.entries()) {
      const zip = a.zip !== undefined && k === outputs.length - 1;
      const stdout = p === '' ? standardFile(1) : undefined;
      const id = p === '' ? stdout && { key: fileKey(stdout) } : identifyOutput(p, zip ? undefined : listing);
      refused(planner.claim(k, id && toBytes(id.key), id?.kind));
    }
    const plan = JSON.parse(planner.planJson()) as PlanJson;
    const path = (k: number | null) => (k === null ? undefined : outputs[k]);
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
