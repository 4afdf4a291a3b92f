// What every command's parser shares (cli/args.ts chooses the command): the line read and decided by
// fracture_host::args through the outputs module, as the native CLI reads and decides it (every
// option, value and positional, every refusal and its order). The npm CLI hands over its arguments'
// bytes and takes each value back from its own arguments, so a path keeps its escaped bytes.
import { availableParallelism } from 'node:os';
import type { OutputsModule } from '../../lib/engine/host-module/node.ts';
import { HELP, usage } from '../cli-tables.ts';
import type { ModeVariant } from '../../lib/engine/shared/types.ts';
import { toBytes } from '../../lib/engine/host/byte-paths.ts';

export const MAX_SEED = Number.MAX_SAFE_INTEGER;
/** The FILE that means standard input (and output). */
export const STDIN = '-';
export const MAX_COUNT = 1_000_000;

/** --help or --version: the text printed instead of running a command. */
export type Printed = { kind: 'print'; text: string };

export class UsageError extends Error {}

/** A usage error's line, pointing at the help of the command that refused it. */
export const refusal = (message: string, command = 'fracture'): string => `${usage.line(message, command)}\n`;

/** Decimal digits only (no sign, no spaces), at most `max`. */
export function integer(v: string, max: number): number | undefined {
  if (!/^[0-9]+$/.test(v) || BigInt(v) > BigInt(max)) return undefined;
  return Number(v);
}

/** The outputs module's reading of command lines (engine-rs/outputs-wasm/src/args.rs). */
export type Reader = Pick<OutputsModule, 'readArgs'>;

/** A command line as fracture_host::args read it: its command, what was decided, and the values. */
export interface Line<D> {
  kind: 'line';
  /** `minimize`, `run`, `merge`, `diagnose`, `agree`, `bench`, or null for the corrupting command. */
  command: string | null;
  decided: D;
  /** Option `name`'s value (its last) as given: a name's escaped bytes kept (byte-paths.ts). */
  text(name: string): string | undefined;
  /** Every value of repeatable option `name`, in order. */
  list(name: string): string[];
  /** Whether option `name` was given (a flag, or an option with its value). */
  has(name: string): boolean;
  positionals: string[];
  /** `run ... -- PROGRAM [ARGS]...`: PROGRAM's words, when `--` is given. */
  program?: string[];
}

/**
 * Reads `argv` as the native CLI does (fracture_host::args, through the outputs module): its command,
 * the decisions about it, or the text `--help` or `--version` prints. A refusal is a UsageError with
 * the native CLI's message. `randomSeed`: the seed when none is given.
 */
export function readLine<D>(outputs: Reader, argv: string[], randomSeed = 0): Line<D> | Printed {
  const bytes = argv.map(toBytes);
  const all = Buffer.concat(bytes);
  const lengths = Uint32Array.from(bytes, (b) => b.length);
  const out = JSON.parse(outputs.readArgs(all, lengths, availableParallelism(), randomSeed)) as
    | { refused: string }
    | { print: 'help' | 'version'; command: string | null; version: string | null }
    | {
        command: string | null;
        decided: D;
        values: [string, number, number][];
        flags: string[];
        positionals: number[];
        program: number | null;
      };
  if ('refused' in out) throw new UsageError(out.refused);
  if ('print' in out) return { kind: 'print', text: out.version ?? HELP[out.command ?? 'fracture'] };
  const values = out.values.map(([name, arg, at]) => [name, argv[arg].slice(at)] as const);
  const list = (name: string) => values.filter(([n]) => n === name).map(([, v]) => v);
  return {
    kind: 'line',
    command: out.command,
    decided: out.decided,
    text: (name) => list(name).pop(),
    list,
    has: (name) => out.flags.includes(name) || list(name).length > 0,
    positionals: out.positionals.map((i) => argv[i]),
    ...(out.program !== null ? { program: argv.slice(out.program) } : {}),
  };
}

/** The corruption options as fracture_host::args decides them (`Corruption::to_json`). */
export interface Corruption {
  mode: string;
  intensity: number;
  only: string[];
  protect: string[];
  fixChecksums: boolean;
  member: string | null;
  direction: string | null;
  charset: string | null;
  bom: string | null;
  blockSize: string | null;
}

/** The mode's own options as the engine takes them (only those given). */
export function variantOf(c: Corruption): ModeVariant {
  return {
    ...(c.direction !== null ? { direction: c.direction } : {}),
    ...(c.charset !== null ? { charset: c.charset } : {}),
    ...(c.bom !== null ? { bom: c.bom } : {}),
    ...(c.blockSize !== null ? { blockSize: Number(c.blockSize) } : {}),
  };
}
