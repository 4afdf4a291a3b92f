// The npm CLI's arguments: the same options, texts and exit codes as the native `fracture`
// (engine-rs/cli/src/args.rs), plus --engine.
import { resolveMode } from '../lib/engine/shared/modes.ts';

export const MAX_SEED = Number.MAX_SAFE_INTEGER;

export const USAGE = `Usage: fracture [--mode M] [--intensity N] [--seed S] [--out DIR] [--engine wasm|ts] [--report] [--json] [--zip FILE] FILE...

Corrupts copies of FILEs deterministically; the originals are never changed.

  --mode M        byte_flip (default), header_preserve_flip, truncate_insert, shuffle_blocks,
                  guaranteed_break, or a UI name: quick_scramble, stealth_corruption, cut_replace,
                  jumble_sections
  --intensity N   0-100 (default 80)
  --seed S        0-9007199254740991 (default random, always printed); file i uses S + i
  --out DIR       output directory (default ./corrupted): DIR/{base}_corrupted{.ext}
  --engine E      wasm (default: the WebAssembly engine the browser runs) or ts (the reference engine)
  --report        also write DIR/{name}_corruption_report.json
  --json          print one report per line on stdout
  --zip FILE      also write a batch ZIP with every corrupted file and the session report
  -h, --help      this text;  -V, --version  the version

Exit status: 0 all files corrupted, 1 a file failed (the others are still written), 2 usage error.
`;

export interface Args {
  mode: string;
  intensity: number;
  seed: number;
  out: string;
  engine: 'wasm' | 'ts';
  report: boolean;
  json: boolean;
  zip?: string;
  files: string[];
}

export type Parsed = { kind: 'run'; args: Args } | { kind: 'help' } | { kind: 'version' };

export class UsageError extends Error {}

const INTEGER = /^[0-9]+$/;

export function parseArgs(argv: string[], randomSeed: () => number): Parsed {
  const a: Omit<Args, 'seed'> & { seed?: number } = {
    mode: 'byte_flip',
    intensity: 80,
    out: 'corrupted',
    engine: 'wasm',
    report: false,
    json: false,
    files: [],
  };
  let onlyFiles = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (onlyFiles || !arg.startsWith('-') || arg === '-') {
      a.files.push(arg);
      continue;
    }
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const flag = eq > 0 ? arg.slice(0, eq) : arg;
    const inline = eq > 0 ? arg.slice(eq + 1) : undefined;
    const value = (name: string): string => {
      if (inline !== undefined) return inline;
      if (i + 1 >= argv.length) throw new UsageError(`option ${name} needs a value`);
      return argv[++i];
    };
    if (inline !== undefined && (flag === '--report' || flag === '--json')) {
      throw new UsageError(`option ${flag} takes no value`);
    }
    switch (flag) {
      case '--':
        onlyFiles = true;
        break;
      case '-h':
      case '--help':
        return { kind: 'help' };
      case '-V':
      case '--version':
        return { kind: 'version' };
      case '--mode': {
        const v = value('--mode');
        const mode = resolveMode(v);
        if (!mode) throw new UsageError(`Unsupported corruption mode: ${v}`);
        a.mode = mode;
        break;
      }
      case '--intensity': {
        const v = value('--intensity');
        if (!INTEGER.test(v) || Number(v) > 100)
          throw new UsageError(`Intensity must be an integer from 0 to 100, got ${v}`);
        a.intensity = Number(v);
        break;
      }
      case '--seed': {
        const v = value('--seed');
        if (!INTEGER.test(v) || BigInt(v) > BigInt(MAX_SEED))
          throw new UsageError(`Seed must be an integer from 0 to ${MAX_SEED}, got ${v}`);
        a.seed = Number(v);
        break;
      }
      case '--out':
        a.out = value('--out');
        break;
      case '--zip':
        a.zip = value('--zip');
        break;
      case '--engine': {
        const v = value('--engine');
        if (v !== 'wasm' && v !== 'ts') throw new UsageError(`unknown engine ${v} (expected wasm or ts)`);
        a.engine = v;
        break;
      }
      case '--report':
        a.report = true;
        break;
      case '--json':
        a.json = true;
        break;
      default:
        throw new UsageError(`unknown option ${flag}`);
    }
  }
  if (a.files.length === 0) throw new UsageError('no input files');
  return { kind: 'run', args: { ...a, seed: a.seed ?? randomSeed() } };
}
