// `fracture agree`'s arguments (docs/cli.md, "fracture agree"). It is the npm CLI's own command: no
// other command line says its refusals, so they are written here, not in engine-data/cli.toml.
import { displayName as display } from '../../lib/report/display.ts';
import { type Corruption, integer, type Line, MAX_COUNT, MAX_SEED, STDIN, UsageError } from './shared.ts';

/** `fracture agree`: the engines named run FILEs with each seed of A..B; their outputs and reports compared. */
export interface AgreeArgs {
  /** The corruption options, as the corrupting command takes them. */
  mode: string;
  intensity: number;
  ranges: { only: string[]; protect: string[] };
  fixChecksums: boolean;
  /** The seeds, first and last (inclusive). */
  seeds: [number, number];
  /** The engines compared, in this order: wasm, ts, native. */
  engines: AgreeEngine[];
  /** The native `fracture` to run as a subprocess (with `native` among the engines). */
  native?: string;
  json: boolean;
  files: string[];
}

export type AgreeEngine = 'wasm' | 'ts' | 'native';
export const AGREE_ENGINES: readonly AgreeEngine[] = ['wasm', 'ts', 'native'];
/** The seeds `fracture agree` runs when --seeds is not given. */
export const AGREE_SEEDS: [number, number] = [0, 2];

export function parseAgree(line: Line<Corruption>): { kind: 'agree'; args: AgreeArgs } {
  const { mode, intensity, only, protect, fixChecksums } = line.decided;
  const { positionals, text } = line;
  const ranges = { only, protect };
  const seedsText = text('seeds');
  const seeds = seedsText === undefined ? AGREE_SEEDS : seedRange(seedsText);
  const native = text('native');
  if (native === '') throw new UsageError('--native needs the path of a fracture binary');
  const engines = enginesOf(text('engines'), native);
  if (positionals.length === 0) throw new UsageError('agree needs at least one FILE');
  if (positionals.includes(STDIN)) {
    throw new UsageError('agree reads files, not standard input (-): give the file itself (./- for a file named -)');
  }
  return {
    kind: 'agree',
    args: {
      mode,
      intensity,
      ranges,
      fixChecksums,
      seeds,
      engines,
      native,
      json: line.has('json'),
      files: positionals,
    },
  };
}

/** `--engines LIST` checked against --native; by default wasm and ts, and native when --native is given. */
function enginesOf(enginesText: string | undefined, native: string | undefined): AgreeEngine[] {
  if (enginesText === undefined) return native === undefined ? ['wasm', 'ts'] : ['wasm', 'ts', 'native'];
  const named = enginesText.split(',');
  for (const e of named) {
    if (!(AGREE_ENGINES as readonly string[]).includes(e)) {
      throw new UsageError(`unknown engine ${display(e)} in --engines (expected wasm, ts or native)`);
    }
  }
  const engines = AGREE_ENGINES.filter((e) => named.includes(e));
  if (engines.length !== named.length) throw new UsageError(`--engines names an engine twice: ${display(enginesText)}`);
  if (engines.length < 2) throw new UsageError('--engines needs at least two engines to compare');
  if (engines.includes('native') && native === undefined) {
    throw new UsageError('--engines includes native: give the binary with --native PATH');
  }
  if (!engines.includes('native') && native !== undefined) {
    throw new UsageError('--native is given but --engines leaves native out');
  }
  return engines;
}

/** `A..B` (A <= B, inclusive) or `S` (S..S): seeds from 0 to MAX_SEED, at most MAX_COUNT of them. */
function seedRange(v: string): [number, number] {
  const m = /^([0-9]+)(?:\.\.([0-9]+))?$/.exec(v);
  const first = m ? integer(m[1], MAX_SEED) : undefined;
  const last = m ? (m[2] === undefined ? first : integer(m[2], MAX_SEED)) : undefined;
  if (first === undefined || last === undefined) {
    throw new UsageError(`--seeds must be A..B (A to B inclusive) or S, seeds from 0 to ${MAX_SEED}, got ${v}`);
  }
  if (last < first) throw new UsageError(`--seeds ${v}: the first seed is larger than the last`);
  if (last - first + 1 > MAX_COUNT) throw new UsageError(`--seeds ${v}: at most ${MAX_COUNT} seeds`);
  return [first, last];
}
