// The engines in Node, in this process: the WebAssembly module (the one the browser runs) or the
// TypeScript reference engine. The npm CLI and the SDK's Node entry both run files through this.
import { availableParallelism } from 'node:os';
import {
  loadWasmEngine,
  nativeAddonLoads,
  nodeSha256,
  startNodeHelpers,
  startNodeStreamHelpers,
} from '../lib/engine/host/node.ts';
import type { StreamHelpers } from '../lib/engine/host/stream-helpers.ts';
import type { FlipHelper } from '../lib/engine/host/flip-helpers.ts';
import { sharesFlips } from '../lib/engine/host/policy.ts';
import { runWasm } from '../lib/engine/host/run.ts';
import { variantWasm } from '../lib/engine/host/run-sync.ts';
import { type PreparedStream, prepareStream, STREAM_HELPERS_MIN } from '../lib/engine/host/stream-node.ts';
import type { FileHandle } from 'node:fs/promises';
import type { CorruptCallbacks, CorruptOptions, CorruptResult } from '../lib/engine/shared/types.ts';

export interface RunSettings {
  mode: string;
  intensity: number;
  /** Byte ranges and Keep checksums valid (docs/contract.md, sections 6.9 and 6.10). */
  ranges?: CorruptOptions['ranges'];
  fixChecksums?: boolean;
  /** Corrupt the archive's members matching this glob (docs/contract.md, section 6.11). */
  member?: string;
  /** The conversion modes' and misdirected_write's options (sections 6.13 to 6.16). */
  direction?: string;
  charset?: string;
  bom?: string;
  blockSize?: number;
}

/** The engine's options for one run. */
const engineOptions = (s: RunSettings, seed: number): CorruptOptions => ({
  mode: s.mode,
  intensity: s.intensity,
  seed,
  ranges: s.ranges,
  fixChecksums: s.fixChecksums,
  ...(s.member !== undefined ? { member: s.member } : {}),
  ...(s.direction !== undefined ? { direction: s.direction } : {}),
  ...(s.charset !== undefined ? { charset: s.charset } : {}),
  ...(s.bom !== undefined ? { bom: s.bom } : {}),
  ...(s.blockSize !== undefined ? { blockSize: s.blockSize } : {}),
});

export interface NodeEngine {
  /** One input through the stages with `seed`: the corrupted bytes and the report. */
  run: (
    input: Uint8Array | Blob,
    name: string,
    settings: RunSettings,
    seed: number,
    events?: CorruptCallbacks,
  ) => Promise<CorruptResult>;
  /**
   * The WebAssembly engine only (it streams every mode): plans a streamed run
   * of an open file of any size, in bounded memory.
   */
  prepareStream?: (
    handle: FileHandle,
    size: number,
    name: string,
    settings: RunSettings,
    seed: number,
  ) => Promise<PreparedStream>;
  /**
   * One input's corrupted bytes without a report (a campaign's variant): `run`'s `data`, for less.
   * The WebAssembly engine only.
   */
  variant?: (input: Uint8Array, name: string, settings: RunSettings, seed: number) => Uint8Array;
  /** Stops the helper threads, if any were started. */
  close: () => Promise<void>;
}

/** Helper threads at most, beside the main one, for large flip-mode files (as the browser's helper workers). */
const MAX_HELPERS = 3;

/**
 * `helpers`: large flip-mode inputs are shared with worker threads (the CLI). They keep the process
 * alive until `close()`, so the SDK, which cannot know when its caller is done, runs without them;
 * a streamed file's helpers in the native addon start no thread, so it has them where the addon loads.
 * `streamSoon`: a file of STREAM_HELPERS_MIN bytes or more will stream, so its helper threads start now, beside
 * the rest of the start-up, rather than when it does (they take tens of milliseconds to start).
 * `measures` false: the caller expects to show and keep no report (PreparedStream.write), so the
 * hashing thread starts only if a run hashes after all.
 * `onHelpersFailed` hears why they could not start (the runs then go on without them).
 * `addon` false: a streamed run's helpers are threads running the module even where the native addon
 * loads (`fracture agree`, whose point is the module's own bytes).
 */
export async function nodeEngine(
  kind: 'wasm' | 'ts',
  {
    helpers = false,
    streamSoon = false,
    measures = true,
    addon = true,
    onHelpersFailed = (_: unknown) => {},
  }: {
    helpers?: boolean;
    streamSoon?: boolean;
    measures?: boolean;
    addon?: boolean;
    onHelpersFailed?: (error: unknown) => void;
  } = {},
): Promise<NodeEngine> {
  if (kind === 'ts') {
    return {
      // The reference engine, loaded only when asked for (an ordinary run never uses it).
      run: async (input, name, s, seed, events) =>
        (await import('../lib/engine/host/run-ts.ts')).runReference(input, name, engineOptions(s, seed), events),
      close: async () => {},
    };
  }
  // A streamed run's helpers, started once: the native addon's where it loads (stream-native.ts),
  // which start no thread and edit natively, so they serve the SDK and a single core too; else helper
  // threads (stream-helpers.ts), with a second core and for a caller they may keep alive.
  let streamPool: Promise<StreamHelpers | undefined> | undefined;
  const streamHelpersFor = () => {
    const threads = helpers && availableParallelism() >= 2;
    if (!threads && !(addon && nativeAddonLoads())) return Promise.resolve(undefined);
    streamPool ??= startNodeStreamHelpers(measures, addon).catch((e) => {
      onHelpersFailed(e);
      return undefined;
    });
    return streamPool;
  };
  if (streamSoon) streamHelpersFor();
  const wasm = await loadWasmEngine();
  // Started with the first file that can use them; none on one core or if they fail to start.
  let pool: ReturnType<typeof startNodeHelpers> | undefined;
  const helpersFor = async (s: RunSettings, size: number): Promise<FlipHelper[]> => {
    const count = Math.min(MAX_HELPERS, availableParallelism() - 1);
    if (!helpers || !sharesFlips(s, size) || count < 1) return [];
    pool ??= startNodeHelpers(count);
    return pool.then(
      (p) => p.helpers,
      () => [],
    );
  };
  return {
    run: async (input, name, s, seed, events = {}) =>
      runWasm(
        wasm,
        input,
        name,
        engineOptions(s, seed),
        events,
        // Byte ranges and checksum fixing run on this thread (the module's flipPlan() is empty then).
        await helpersFor(s, input instanceof Uint8Array ? input.length : input.size),
        nodeSha256,
      ),
    variant: (input, name, s, seed) => variantWasm(wasm, input, name, engineOptions(s, seed)),
    prepareStream: (handle, size, name, s, seed) =>
      prepareStream(
        wasm,
        handle,
        size,
        name,
        engineOptions(s, seed),
        size >= STREAM_HELPERS_MIN ? streamHelpersFor : undefined,
      ),
    close: async () => {
      await Promise.all(
        [pool, streamPool].map((p) =>
          p?.then(
            (x) => x?.close(),
            () => undefined,
          ),
        ),
      );
    },
  };
}
