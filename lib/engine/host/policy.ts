// The browser's decisions, each made once: how a page's input goes through the engine (whole or
// streamed) and whether a flip shares its pieces with helpers (the SDK asks that too). The command
// lines' routes and checksum routes are fracture_host::plan's (docs/cli.md, "One shape: plan,
// execute, emit").
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
