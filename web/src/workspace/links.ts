// Share links of the Settings panel and the command line a refused link stands for, made by
// fracture-host (engine-rs/host/src/host_fields.rs, share_link.rs) through the outputs module, as
// every report's link and replay command are: the page has no copy of the rules.
import type { ModeVariant } from '../../../lib/engine/shared/types.ts';
import { loadOutputs } from './outputs.ts';

/** What a link carries: a run's settings, as the Settings panel holds them. */
export interface LinkedSettings extends ModeVariant {
  mode: string;
  intensity: number;
  seed: number;
  /** Byte ranges as a report lists them: `only A:B` or `protect A:B`, in order. */
  ranges?: readonly string[];
  fixChecksums?: boolean;
  /** The `member` glob. */
  member?: string;
}

/** The file a link names: the one its run read. */
export interface LinkedFile {
  name: string;
  size: number;
}

/** The share link of `settings`, with `file` when given (docs/contract.md, section 11.5). */
export async function settingsLink(settings: LinkedSettings, file?: LinkedFile): Promise<string> {
  return linkOf(await loadOutputs(), settings, file);
}

/** settingsLink with the outputs module at hand: the settings handed over as the report fields a link is made from. */
export function linkOf(
  outputs: Pick<Awaited<ReturnType<typeof loadOutputs>>, 'shareLink'>,
  settings: LinkedSettings,
  file?: LinkedFile,
): string {
  const { mode, intensity, seed, ranges, fixChecksums, member, direction, charset, bom, blockSize } = settings;
  const fields = {
    mode,
    intensity,
    seed,
    ...(ranges?.length ? { ranges: ranges.join(', ') } : {}),
    ...(fixChecksums ? { checksums_fixed: {} } : {}),
    ...(member !== undefined ? { member: { glob: member } } : {}),
    direction,
    charset,
    bom,
    block_size: blockSize,
    ...(file ? { filename: file.name, original_size: file.size } : {}),
  };
  return outputs.shareLink(JSON.stringify(fields));
}

/** `fracture ARGS FILE`, each word as a POSIX shell reads it back. */
export async function linkCommand(args: readonly string[], file: string): Promise<string> {
  return (await loadOutputs()).commandOf([...args], file);
}
