// The UI's Algorithm options and how values, modes and labels map onto each other; the options
// themselves come from engine-data/formats.toml (mode-tables.ts).

import { ALGORITHMS } from './mode-tables.ts';
import type { EngineMode } from './types.ts';

export { ALGORITHMS };

export type AlgorithmValue = (typeof ALGORITHMS)[number]['value'];

/** Unknown UI values fall back to quick_scramble. */
export function algorithmFor(value: string): (typeof ALGORITHMS)[number] {
  return ALGORITHMS.find((a) => a.value === value) ?? ALGORITHMS[0];
}

/** Engine mode for a UI value or an engine mode name (the CLI takes both); undefined if neither. */
export function resolveMode(value: string): EngineMode | undefined {
  const byUi = ALGORITHMS.find((a) => a.value === value);
  if (byUi) return byUi.mode;
  return ALGORITHMS.find((a) => a.mode === value)?.mode;
}

/** Label for an engine mode; "Custom Algorithm" for anything unknown. */
export function modeLabel(mode: string, ext = ''): string {
  const a = ALGORITHMS.find((x) => x.mode === mode);
  if (!a) return 'Custom Algorithm';
  return a.label.replace('{EXT}', ext ? ext.toUpperCase() : 'File');
}
