// The workspace's "Byte ranges" field: a list such as `only 0x1000:0x8000, protect 0:512`, the text
// the report's `ranges` field holds, so a report's ranges can be pasted back. A range without a word
// is an `only` range. Each range is checked with the engine's own rule and error text
// (docs/contract.md, section 6.9.1).
import { parseRange } from '../../../lib/engine/reference/ranges.ts';

export interface RangeLists {
  only: string[];
  protect: string[];
}

export type RangesField = { ok: true; ranges: RangeLists | undefined } | { ok: false; error: string };

export function parseRangesField(text: string): RangesField {
  const ranges: RangeLists = { only: [], protect: [] };
  const entries = text
    .split(/[,\n]/)
    .map((e) => e.trim())
    .filter((e) => e !== '');
  for (const entry of entries) {
    const match = /^(?:(only|protect)\s+)?(\S+)$/i.exec(entry);
    if (!match) {
      return { ok: false, error: `"${entry}" is not a range: write A:B, only A:B or protect A:B, separated by commas` };
    }
    const kind = (match[1] ?? 'only').toLowerCase() as keyof RangeLists;
    try {
      parseRange(match[2]);
    } catch (e) {
      return { ok: false, error: (e as Error).message };
    }
    ranges[kind].push(match[2]);
  }
  return { ok: true, ranges: entries.length > 0 ? ranges : undefined };
}
