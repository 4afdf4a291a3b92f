/**
 * Output names and paths for the npm CLI (docs/cli.md, "Names"): made by the host module from a
 * name's bytes (engine-rs/outputs-wasm/src/output_plan.rs, the fracture_host::output_plan the native
 * CLI calls), so both command lines name every output alike, a name that is not UTF-8 included (held
 * as lib/engine/host/byte-paths.ts holds it).
 */
import { fromBytes, toBytes } from '../host/byte-paths.ts';
import { loadOutputsModule } from './node.ts';

/** A variant's output names (none where the run does not ask for that output). */
export interface VariantNames {
  out?: string;
  report?: string;
  pdf?: string;
}

/** What a run asks for beside each corrupted file. */
export interface Asked {
  /** The corrupted file goes to a file (not standard output). */
  file: boolean;
  report: boolean;
  pdf: boolean;
}

/** The names of one run's outputs, each kind handed out once (`x.pdf`, `x (2).pdf`, ...). */
export interface OutputNamer {
  /** The names of a variant of input `name`; `seed` with `--count` above 1 (the names carry it). */
  variant(name: string, seed: bigint | undefined, asked: Asked): VariantNames;
  /** An output's path: DIR as typed, a `/` unless it ends with one, then the name (`Path::join`'s rule). */
  path(dir: string, name: string): string;
  /** Frees the module's memory for the run's names. */
  free(): void;
}

export async function outputNamer(): Promise<OutputNamer> {
  const host = await loadOutputsModule();
  const names = new host.PlanNames();
  return {
    variant(name, seed, asked) {
      const packed = names.variant(toBytes(name), seed, asked.file, asked.report, asked.pdf);
      // Three names, each ended by a NUL byte, empty where not asked for.
      const parts: (string | undefined)[] = [];
      let start = 0;
      for (let i = 0; i < packed.length; i++) {
        if (packed[i] !== 0) continue;
        parts.push(i === start ? undefined : fromBytes(packed.subarray(start, i)));
        start = i + 1;
      }
      const [out, report, pdf] = parts;
      return { out, report, pdf };
    },
    path: (dir, name) => fromBytes(host.outPath(toBytes(dir), toBytes(name))),
    free: () => names.free(),
  };
}
