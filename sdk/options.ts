// What the SDK's Node and browser entries share: the options, their defaults and checks, and the
// variants helper. The entries differ only in where the engine runs and what `data` is.
import { resolveMode } from '../lib/engine/shared/modes.ts';
import { corruptedName, variantName } from '../lib/engine/shared/names.ts';
import type { PlatformAbortSignal, PlatformBlob } from '../lib/engine/shared/platform.ts';
import type { Report as EngineReport, Stage } from '../lib/engine/shared/types.ts';
import { type HostReport, type ReportsModule, withHostFields } from '../lib/engine/host-module/reports.ts';
import { SITE_ORIGIN } from '../lib/engine/shared/mode-tables.ts';

export type { EngineMode, Stage } from '../lib/engine/shared/types.ts';
export { SITE_ORIGIN };

/**
 * A run's report: every field of the line `fracture --json` prints for it, in the same order: the
 * engine's fields, then `replay` (the command that makes the same bytes) and `share_link` (the site's
 * workspace with the same settings).
 */
export type Report = EngineReport & {
  /** `fracture --mode M --intensity N --seed S FILE` (and the byte ranges and --fix-checksums), FILE quoted for a POSIX shell. */
  replay: string;
  /**
   * `{siteOrigin}/?v=2&mode=M&intensity=N&seed=S[&only=A:B…][&fix-checksums=][&member=GLOB]&file=NAME&size=N`:
   * the workspace with every setting of the run, and the file it read (docs/contract.md, section 11.5).
   */
  share_link: string;
};

/**
 * The engine's report with the host fields the CLI adds (fracture-host's, through the outputs module
 * `outputs`), the share link on `siteOrigin`; the replay command names `replayName`'s bytes when
 * they are not UTF-8.
 */
export function withReplay(
  outputs: ReportsModule,
  report: EngineReport,
  siteOrigin?: string,
  replayName?: Uint8Array,
): Report {
  const { browser_decoder: _, ...fields }: HostReport = withHostFields(outputs, report, {
    origin: siteOrigin,
    replayName,
  });
  return fields;
}

/** Bytes to corrupt. They are never changed: the engine works on its own copy. */
export type CorruptInput = Uint8Array | ArrayBuffer | PlatformBlob;

export interface CorruptOptions {
  /**
   * An engine mode (`byte_flip`, `header_preserve_flip`, `truncate_insert`, `shuffle_blocks`,
   * `guaranteed_break`, `interrupted_transfer`, `bad_sectors`, `bit_rot`, `text_transfer`,
   * `seven_bit`, `charset_roundtrip`, `misdirected_write`) or a UI name
   * (`quick_scramble`, `stealth_corruption`, `cut_replace`, `jumble_sections`,
   * `interrupted_download`). Default `byte_flip`.
   */
  mode?: string;
  /** Integer 0-100. Default 80. */
  intensity?: number;
  /** Integer 0 to 2^53 - 1. Default: a random seed below 2147483647 (the report's `seed` tells it). */
  seed?: number;
  /** The name the format is detected from, and the report's `filename`. Default: a File's own name, else `input`. */
  filename?: string;
  /**
   * Byte ranges, as `fracture --only A:B --protect A:B`: texts `A:B` (byte offsets, B exclusive, `0x`
   * hex, negative counts from the end). No byte outside `only` (when given) or inside `protect`
   * changes. byte_flip, header_preserve_flip, bad_sectors, bit_rot, seven_bit and misdirected_write;
   * other modes reject them.
   */
  ranges?: { only?: readonly string[]; protect?: readonly string[] };
  /**
   * Recompute the checksums that cover stored bytes after the damage (PNG chunks, STORED ZIP entries,
   * tar headers, Ogg pages, FLAC frames), as `fracture --fix-checksums`. Same six modes.
   */
  fixChecksums?: boolean;
  /**
   * text_transfer: `lf_to_crlf` or `crlf_to_lf` (default: the seed chooses); charset_roundtrip:
   * `to_utf8` (default) or `from_utf8`; as `fracture --direction D` (docs/contract.md, 6.13, 6.15).
   */
  direction?: string;
  /** charset_roundtrip: `cp1252` (default) or `latin1`, as `fracture --charset C`. */
  charset?: string;
  /** charset_roundtrip: `keep` (default), `add` or `strip` a UTF-8 BOM, as `fracture --bom B`. */
  bom?: string;
  /** misdirected_write: 4096 (default) or 512, as `fracture --block-size B` (section 6.16). */
  blockSize?: number;
  /**
   * Corrupt only the members of a ZIP-family or tar archive whose names match this glob (`*`, `?`
   * within a path segment, `**` across), each as a file of its own, and keep the archive valid, as
   * `fracture --member GLOB` (docs/contract.md, section 6.11). The input is read whole.
   */
  member?: string;
  /** `wasm` (default): the WebAssembly engine the site runs; `ts`: the TypeScript reference engine. Same bytes. */
  engine?: 'wasm' | 'ts';
  /** Each stage as it starts, with the message the site shows. */
  onStage?: (stage: Stage, message: string) => void;
  /** The fraction of the run done, as each stage ends. */
  onProgress?: (fraction: number) => void;
  /** Aborting rejects the run with an `AbortError`. */
  signal?: PlatformAbortSignal;
  /**
   * The site the report's `share_link` opens (an origin such as `https://qa.example.org`, no
   * path). Default: SITE_ORIGIN, the one the command lines and the site use.
   */
  siteOrigin?: string;
}

export interface VariantOptions extends CorruptOptions {
  /** How many variants: seeds `seed`, `seed + 1`, ..., `seed + count - 1`. */
  count: number;
}

/** The options with their defaults, checked: a bad one throws the engine's (and the CLI's) text. */
export interface Resolved {
  siteOrigin: string;
  mode: string;
  intensity: number;
  seed: number;
  filename: string;
  engine: 'wasm' | 'ts';
  ranges?: CorruptOptions['ranges'];
  fixChecksums?: boolean;
  member?: string;
  direction?: string;
  charset?: string;
  bom?: string;
  blockSize?: number;
}

export function resolveOptions(input: CorruptInput, options: CorruptOptions = {}): Resolved {
  const mode = resolveMode(options.mode ?? 'byte_flip');
  if (!mode) throw new Error(`Unsupported corruption mode: ${options.mode}`);
  const engine = options.engine ?? 'wasm';
  if (engine !== 'wasm' && engine !== 'ts') throw new Error(`Unknown engine ${String(engine)} (expected wasm or ts)`);
  const fileName = typeof File !== 'undefined' && input instanceof File ? input.name : undefined;
  return {
    siteOrigin: checkOrigin(options.siteOrigin ?? SITE_ORIGIN),
    mode,
    // Checked by the engine, with its own texts.
    intensity: options.intensity ?? 80,
    seed: options.seed ?? Math.floor(Math.random() * 2147483647),
    filename: options.filename ?? fileName ?? 'input',
    engine,
    // Checked by the engine too.
    ranges: options.ranges,
    fixChecksums: options.fixChecksums,
    ...(options.member !== undefined ? { member: options.member } : {}),
    // The conversion modes' and misdirected_write's options, checked by the engine.
    ...(options.direction !== undefined ? { direction: options.direction } : {}),
    ...(options.charset !== undefined ? { charset: options.charset } : {}),
    ...(options.bom !== undefined ? { bom: options.bom } : {}),
    ...(options.blockSize !== undefined ? { blockSize: options.blockSize } : {}),
  };
}

/** `origin` when it is an http(s) origin alone (no path, query or fragment), else the error. */
function checkOrigin(origin: string): string {
  let url: URL | undefined;
  try {
    url = new URL(origin);
  } catch {
    url = undefined;
  }
  const bare = url && url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
  if (!url || !bare || !/^https?:$/.test(url.protocol)) {
    throw new Error(`siteOrigin must be an http or https origin such as https://example.com, got ${String(origin)}`);
  }
  return url.origin;
}

export function abortError(): Error {
  return new DOMException('The corruption was aborted', 'AbortError');
}

/** Wraps the stage callback so that an aborted signal stops the run at the next stage. */
export function abortable(options: CorruptOptions): CorruptOptions['onStage'] {
  const { signal, onStage } = options;
  return (stage, message) => {
    if (signal?.aborted) throw abortError();
    onStage?.(stage, message);
  };
}

export interface Variant<Data> {
  /** The seed this variant used. */
  seed: number;
  /** `{base}_corrupted_{seed}{.ext}`, as `fracture --count N` names it. */
  name: string;
  data: Data;
  report: Report;
}

/** `count` runs with consecutive seeds, one after another, as `fracture --count N` makes them. */
export async function variantsWith<Data>(
  input: CorruptInput,
  options: VariantOptions,
  run: (input: CorruptInput, options: CorruptOptions) => Promise<{ data: Data; report: Report }>,
): Promise<Variant<Data>[]> {
  const { count, ...rest } = options;
  if (!Number.isInteger(count) || count < 1) throw new Error(`Count must be an integer from 1 up, got ${count}`);
  const first = resolveOptions(input, rest);
  const out: Variant<Data>[] = [];
  for (let j = 0; j < count; j++) {
    const seed = first.seed + j;
    const { data, report } = await run(input, { ...rest, mode: first.mode, filename: first.filename, seed });
    out.push({
      seed,
      name: count > 1 ? variantName(first.filename, seed) : corruptedName(first.filename),
      data,
      report,
    });
  }
  return out;
}

export { corruptedName, variantName };
