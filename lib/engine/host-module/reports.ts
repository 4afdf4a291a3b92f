/**
 * The reports' host logic for every host but the native CLI: the host fields and the change map of
 * fracture-host (engine-rs/host/src/host_fields.rs, report/changes.rs), which the native CLI calls
 * directly, through the outputs module, so the command lines, the SDK and the site add the same
 * `replay` and `share_link` and draw the same change map. Typed calls only: the logic is the module's.
 */
import type { Report } from '../shared/types.ts';

/*
 * The change map (fracture-host's report/changes.rs; its rules are docs/contract.md's, "Host fields"):
 * how many bytes changed in each of up to 256 segments across the file, how many runs of changed
 * bytes start in each, where the first starts, and the cut or insertion of a result whose length
 * differs. Reads go through `ByteSource`, so Blobs in the site's worker and Uint8Arrays in the npm
 * CLI are read alike, a chunk at a time. The rules:
 * - Same length: byte i changed when original[i] != result[i].
 * - Other lengths: the longest common suffix (at most the shorter length) is unchanged; before it,
 *   the first L = shorter - suffix bytes are compared offset by offset; the remaining |n - m| bytes
 *   of the longer file, at offsets [L, L + |n - m|), are a cut (the original was longer) or an
 *   insertion (the result is longer), all counted as changed.
 * - The map's axis is the longer length; segment i covers [floor(i*span/S), floor((i+1)*span/S)).
 */
export interface ByteSource {
  size: number;
  read(start: number, end: number): Promise<Uint8Array> | Uint8Array;
}

export function bytesSource(bytes: Uint8Array): ByteSource {
  return { size: bytes.length, read: (start, end) => bytes.subarray(start, end) };
}

/** The cut or insertion of a result whose length differs from the original's. */
export interface Splice {
  /** Offset in both files where the cut or inserted bytes begin. */
  at: number;
  /** Bytes of the original missing from the result (0 for an insertion). */
  removed: number;
  /** Bytes of the result not in the original (0 for a cut). */
  inserted: number;
}

export interface ChangeMap {
  originalSize: number;
  resultSize: number;
  /** The axis: the longer of the two lengths. */
  span: number;
  /** Changed bytes in each segment. */
  changed: number[];
  /** Runs of changed bytes that start in each segment. */
  runStarts: number[];
  changedBytes: number;
  runs: number;
  /** Offset of the first changed byte, or -1 when nothing changed. */
  firstChange: number;
  splice: Splice | null;
  /** Offsets below this are compared one for one; the splice follows, then the common suffix. */
  aligned: number;
}

/**
 * What these calls take of the outputs module (engine-rs/outputs-wasm), written out rather than
 * taken from its glue's declarations, which need the DOM's and WebAssembly's types: the SDK's own
 * declarations name this, and compile without them (issue 40, point 4).
 */
export interface ReportsModule {
  hostFields(report: string, replayName?: Uint8Array | null, origin?: string | null): string[];
  ChangeMapper: new (
    originalSize: number,
    resultSize: number,
  ) => {
    suffix(a: Uint8Array, b: Uint8Array): boolean;
    aligned(): number;
    feed(a: Uint8Array, b: Uint8Array): void;
    finish(): string;
    free(): void;
  };
}

/** The browser's verdict on the corrupted file: its image or media decoder opened it, or not. */
export type BrowserDecoder = 'opened' | 'rejected' | 'not_applicable';

/** The fields a host adds after the engine's (docs/contract.md, "Host fields"). */
export interface HostFields {
  replay: string;
  share_link: string;
  browser_decoder?: BrowserDecoder;
}

export type HostReport = Report & HostFields;

export interface HostFieldOptions {
  /** A file's own name as bytes: the replay command names the file by them when they are not UTF-8. */
  replayName?: Uint8Array;
  /** The share link's origin (the site's when none). */
  origin?: string;
  /** The site's own field, after the others. */
  browserDecoder?: BrowserDecoder;
}

/**
 * The engine's report with `replay` and `share_link` after its fields (then `browser_decoder` when
 * given): the command runs on `replayName` when it is not UTF-8, else on the report's `filename`.
 */
export function withHostFields(outputs: ReportsModule, report: Report, options: HostFieldOptions = {}): HostReport {
  const [replay, share_link] = outputs.hostFields(JSON.stringify(report), options.replayName, options.origin);
  const hosted: HostReport = { ...report, replay, share_link };
  if (options.browserDecoder !== undefined) hosted.browser_decoder = options.browserDecoder;
  return hosted;
}

/** Bytes read from each side per step. */
const CHUNK = 4 * 1024 * 1024;

/** Where `b` differs from `a`, read a chunk at a time. */
export async function changeMapOf(outputs: ReportsModule, a: ByteSource, b: ByteSource): Promise<ChangeMap> {
  const mapper = new outputs.ChangeMapper(a.size, b.size);
  try {
    const shorter = Math.min(a.size, b.size);
    // The common suffix from the ends (files of one length have none to find).
    for (let same = 0; a.size !== b.size; ) {
      const len = Math.min(CHUNK, shorter - same);
      const [x, y] = await Promise.all([
        a.read(a.size - same - len, a.size - same),
        b.read(b.size - same - len, b.size - same),
      ]);
      same += len;
      if (mapper.suffix(x, y)) break;
    }
    const aligned = mapper.aligned();
    for (let at = 0; at < aligned; at += CHUNK) {
      const end = Math.min(aligned, at + CHUNK);
      const [x, y] = await Promise.all([a.read(at, end), b.read(at, end)]);
      mapper.feed(x, y);
    }
    return JSON.parse(mapper.finish()) as ChangeMap;
  } finally {
    mapper.free();
  }
}
