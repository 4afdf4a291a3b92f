// Share links: `/?algorithm=UI_VALUE&intensity=N&seed=S` presets the workspace's settings. The link
// itself is made by lib/report/host-fields.ts (the reports carry the same link); this reads one back.
import { ALGORITHMS } from '../../../lib/engine/shared/modes.ts';
import type { AlgorithmValue } from '../../../lib/engine/shared/modes.ts';
import { parseSeed } from './bytes.ts';

export interface LinkSettings {
  algorithm?: AlgorithmValue;
  intensity?: number;
  seed?: number;
  /** One phrase per value that was present but not usable, naming it and why. */
  ignored: string[];
}

const INTENSITY_TEXT = /^[0-9]{1,3}$/;

/** A value as a toast quotes it: long ones cut, so a crafted link cannot fill the screen. */
function quoted(value: string): string {
  return `"${value.length > 40 ? `${value.slice(0, 40)}…` : value}"`;
}

/** The settings a page URL's query carries; null when it names none of them (a plain visit). */
export function parseShareQuery(search: string): LinkSettings | null {
  const query = new URLSearchParams(search);
  const algorithm = query.get('algorithm');
  const intensity = query.get('intensity');
  const seed = query.get('seed');
  if (algorithm === null && intensity === null && seed === null) return null;
  const out: LinkSettings = { ignored: [] };
  if (algorithm !== null) {
    const found = ALGORITHMS.find((a) => a.value === algorithm);
    if (found) out.algorithm = found.value;
    else out.ignored.push(`algorithm ${quoted(algorithm)} (unknown algorithm)`);
  }
  if (intensity !== null) {
    const value = INTENSITY_TEXT.test(intensity) ? Number(intensity) : Number.NaN;
    if (value >= 1 && value <= 100) out.intensity = value;
    else out.ignored.push(`intensity ${quoted(intensity)} (not a whole number from 1 to 100)`);
  }
  if (seed !== null) {
    const value = parseSeed(seed);
    if (value !== undefined) out.seed = value;
    else out.ignored.push(`seed ${quoted(seed)} (not a whole number from 0 to 9007199254740991)`);
  }
  return out;
}
