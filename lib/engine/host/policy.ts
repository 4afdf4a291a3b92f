// The hosts' decisions, each made once (docs/cli.md, "One shape: plan, execute, emit"): how an input
// goes through the engine (whole or streamed), where checksums are fixed, whether a flip shares its
// pieces with helpers, and the engine's checks of one variant's arguments. The page's client and
// worker, the npm CLI and the SDK call these; the native CLI takes the same decisions in
// engine-rs/cli/src/policy.rs.
import { checkArguments } from '../reference/errors.ts';
import type { CorruptOptions } from '../shared/types.ts';
import { usesHelpers } from './protocol.ts';

/** How an input goes through the engine: read into memory at once, or read by position as it is corrupted. */
export type Route = 'whole' | 'streamed';

/** In the browser, a Blob from this size on streams (stream-web.ts). */
export const WEB_STREAM_MIN_BYTES = 16 * 1024 * 1024;

/**
 * Whether the ranges hold a selector (`png:IDAT/data`, docs/contract.md 14.4): the browser reads
 * such a job whole (its streamed run would resolve them by FileReaderSync reads of the Blob, not
 * tried in a browser yet); in Node the streamed run resolves them by positional reads of the file.
 */
export function hasSelectorTexts(ranges: CorruptOptions['ranges']): boolean {
  return [...(ranges?.only ?? []), ...(ranges?.protect ?? [])].some((t) => /^[A-Za-z]/.test(t));
}

/** Whether a browser job streams: every mode, without checksum fixing, `member` or selectors, from WEB_STREAM_MIN_BYTES on. */
export function streamsInBrowser(
  options: Pick<CorruptOptions, 'fixChecksums' | 'member' | 'ranges'>,
  size: number,
): boolean {
  return (
    !options.fixChecksums &&
    options.member === undefined &&
    !hasSelectorTexts(options.ranges) &&
    size >= WEB_STREAM_MIN_BYTES
  );
}

/** The route of a browser job: a Blob input that streamsInBrowser, else whole. */
export function browserRoute(
  options: Pick<CorruptOptions, 'fixChecksums' | 'member' | 'ranges'>,
  input: Blob | ArrayBuffer | Uint8Array,
): Route {
  return input instanceof Blob && streamsInBrowser(options, input.size) ? 'streamed' : 'whole';
}

/**
 * The route of a file in Node (the npm CLI, the SDK's corruptFile), as natively: the WebAssembly
 * engine streams every mode (selectors too: the run builds the structure map by positional reads);
 * the reference engine reads whole, and so do `--pdf` (its change map compares the whole original
 * with the whole result) and `--member` (callers pass `pdf || member`: the archive is rebuilt around
 * its members).
 */
export function nodeRoute(engine: 'wasm' | 'ts', pdf: boolean): Route {
  return engine === 'wasm' && !pdf ? 'streamed' : 'whole';
}

/** Where `--fix-checksums` patches the output. */
export type ChecksumRoute = 'unfixed' | 'in memory' | 'in the output file' | 'in a temporary file, then copied';

/**
 * The checksum route of a variant: a whole input's are fixed by the engine in memory; a streamed
 * one's in its output file (read back), or, going to standard output, in a temporary file then copied.
 */
export function checksumRoute(fix: boolean, route: Route, toStdout: boolean): ChecksumRoute {
  if (!fix) return 'unfixed';
  if (route === 'whole') return 'in memory';
  return toStdout ? 'in a temporary file, then copied' : 'in the output file';
}

/**
 * Whether a whole job's corrupt stage is shared with flip helpers: a flip mode from
 * PARALLEL_MIN_BYTES on, without byte ranges or checksum fixing (they run on the engine's thread).
 */
export function sharesFlips(
  options: { mode: string } & Pick<CorruptOptions, 'ranges' | 'fixChecksums'>,
  size: number,
): boolean {
  const plain = !options.ranges?.only?.length && !options.ranges?.protect?.length && !options.fixChecksums;
  return plain && usesHelpers(options.mode, size);
}

/** The engine's checks of one variant's arguments (mode, intensity, its seed), before its input is read. */
export function checkVariant(mode: string, intensity: number, seed: number): void {
  checkArguments(mode, intensity, seed, 0);
}
