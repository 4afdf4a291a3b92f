// The layout bar's data: the original's structure map (docs/contract.md, section 14) and, for each
// region, how many of its bytes the result changed and where the first one is. The map comes from the
// TypeScript reference walk (the same map, byte for byte, as the other engines); ChangeView loads this
// module and the bar lazily, so the first load does not carry the walks. Changed bytes follow the
// change map's rules (lib/engine/host-module/reports.ts): bytes below `aligned` compared one for one, a cut
// counts the cut bytes of the original, an insertion counts against the region it lands in.
import { type Region, structureMapOfBytes } from '../../../lib/engine/reference/structure/index.ts';
import type { Family } from '../../../lib/engine/reference/tables.ts';
import type { ChangeMap } from '../../../lib/engine/host-module/reports.ts';

/** Originals larger than this are not mapped in the page (the walk reads the whole buffer). */
export const LAYOUT_MAX_BYTES = 64 * 1024 * 1024;

export interface LayoutRegion {
  path: string;
  start: number;
  end: number;
  role: Region['role'];
  /** Bytes of this region the result changed (an insertion counts where it lands). */
  changed: number;
  /** Offset of the first changed byte in the region, or -1. */
  first: number;
}

/** Each region with its changed bytes, from the original, the result and the change map's splice. */
export function layoutOf(
  regions: readonly Region[],
  original: Uint8Array,
  result: Uint8Array,
  map: Pick<ChangeMap, 'aligned' | 'splice'>,
): LayoutRegion[] {
  const out: LayoutRegion[] = [];
  for (const r of regions) {
    let changed = 0;
    let first = -1;
    const compareEnd = Math.min(r.end, map.aligned);
    for (let i = r.start; i < compareEnd; i++) {
      if (original[i] !== result[i]) {
        changed++;
        if (first < 0) first = i;
      }
    }
    const s = map.splice;
    if (s) {
      if (s.removed > 0) {
        const from = Math.max(r.start, s.at);
        const to = Math.min(r.end, s.at + s.removed);
        if (to > from) {
          changed += to - from;
          if (first < 0) first = from;
        }
      } else if (s.inserted > 0) {
        // Inserted bytes land before original byte `at`: in the region holding it, or the last one.
        const lands = (s.at >= r.start && s.at < r.end) || (s.at === original.length && r.end === original.length);
        if (lands) {
          changed += s.inserted;
          if (first < 0) first = s.at;
        }
      }
    }
    out.push({ path: r.path, start: r.start, end: r.end, role: r.role, changed, first });
  }
  return out;
}

/** The map of `original` (family as the report names it) with each region's changes. */
export async function loadLayout(
  family: Family,
  original: Blob,
  result: Blob,
  map: ChangeMap,
): Promise<LayoutRegion[] | null> {
  if (original.size > LAYOUT_MAX_BYTES || result.size > LAYOUT_MAX_BYTES + map.span) return null;
  const [a, b] = await Promise.all([original.arrayBuffer(), result.arrayBuffer()]);
  const bytes = new Uint8Array(a);
  return layoutOf(structureMapOfBytes(family, bytes), bytes, new Uint8Array(b), map);
}

/** Bytes as a plain phrase: "1 byte", "12 bytes". */
export const bytesText = (n: number): string => (n === 1 ? '1 byte' : `${n.toLocaleString('en-US')} bytes`);
