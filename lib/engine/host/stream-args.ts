// The arguments of a streamed run (`new StreamRun(...)`), built one way for every host that streams:
// the npm CLI and SDK (stream-node.ts, whose helper threads must start the same run) and the
// browser's engine worker (stream-web.ts).
import type * as Bindings from '../pkg/fracture_engine.js';
import type { CorruptOptions } from '../shared/types.ts';
import { variantTexts } from './variant.ts';

export type StreamArgs = ConstructorParameters<typeof Bindings.StreamRun>;

/** `head`: the input's first min(size, 65,536) bytes. */
export function streamArgs(size: number, head: Uint8Array, name: string, options: CorruptOptions): StreamArgs {
  const settings = {
    name,
    mode: options.mode,
    intensity: options.intensity,
    seed: options.seed,
    only: [...(options.ranges?.only ?? [])],
    protect: [...(options.ranges?.protect ?? [])],
    fixChecksums: options.fixChecksums ?? false,
  };
  // Only the options given: an absent one is the engine's default.
  const [direction, charset, bom, blockSize] = variantTexts(options);
  const variant = Object.fromEntries(
    Object.entries({ direction, charset, bom, blockSize }).filter(([, v]) => v !== undefined),
  ) as { direction?: string; charset?: string; bom?: string; blockSize?: string };
  Object.assign(settings, variant);
  return [size, head, settings];
}
