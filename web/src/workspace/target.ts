// The Advanced "Target" picker's data (docs/product.md, "Target"): a file's units and members, read
// from its structure map (docs/contract.md, section 14.1) by the same TypeScript walk the layout bar
// draws (layout.ts), and the texts a pick becomes: selectors `FORMAT:PATH` for the Byte ranges field
// (section 14.4) and a member glob (section 6.11). The map is made in the engine's worker by
// positional reads of the file (any size the site takes, the map capped by the contract at 8,193
// regions); where there is no worker (jsdom tests) the TypeScript walk runs on the file's bytes.
// TargetPicker.tsx loads this module lazily, so the first load does not carry it.
import { detect } from '../../../lib/engine/reference/formats.ts';
import { segmentsOf } from '../../../lib/engine/reference/select.ts';
import { type Region, structureMapOfBytes } from '../../../lib/engine/reference/structure/index.ts';
import type { Family } from '../../../lib/engine/reference/tables.ts';
import { extensionOf } from '../../../lib/engine/shared/names.ts';
import { MAX_FILE_BYTES } from '../constants.ts';
import { loadEngineClient } from './heavy.ts';
import { type Aim, selectorsIn } from './targetText.ts';

/** A unit of the map as the picker lists it: its repeats grouped (`IDAT (×12)`). */
export interface UnitChoice {
  /** The unit's path after `FORMAT:` with every `#k` removed: a selector for every repeat (`IDAT`, `moov/trak`). */
  key: string;
  /** Each repeat's own path after `FORMAT:` (`IDAT#0`, `IDAT#1`, …), in map order; one entry when it occurs once. */
  instances: string[];
  /** The unit's own fields (`length`, `type`, `data`, `crc`), in the order first met; none for a unit of one region. */
  fields: string[];
  /** Bytes the unit's regions cover, every repeat together. */
  bytes: number;
}

export interface TargetMap {
  /** The map's FORMAT (the prefix of its paths: `png`, `zip`, `isobmff`). */
  format: string;
  /** The family section 7 finds for the file (what the report's `format` will say). */
  family: Family;
  units: UnitChoice[];
  /** Member names of a ZIP or tar archive (folders left out), in map order; empty for other files. */
  members: string[];
}

/** A segment without its final `#k`. */
const bare = (segment: string) => segment.replace(/#\d+$/, '');

/** The picker's view of a map: units grouped by their path without `#k`, and an archive's members. */
export function targetMapOf(family: Family, regions: readonly MappedRegion[]): TargetMap {
  const format = regions.length > 0 ? regions[0].path.slice(0, regions[0].path.indexOf(':')) : family;
  const byKey = new Map<string, UnitChoice>();
  const seen = new Set<string>();
  for (const r of regions) {
    const unit = r.path.slice(format.length + 1, r.unitEnd);
    const field = r.unitEnd < r.path.length ? r.path.slice(r.unitEnd + 1) : undefined;
    const key = segmentsOf(unit).map(bare).join('/');
    let choice = byKey.get(key);
    if (!choice) {
      choice = { key, instances: [], fields: [], bytes: 0 };
      byKey.set(key, choice);
    }
    if (!seen.has(unit)) {
      seen.add(unit);
      choice.instances.push(unit);
    }
    if (field !== undefined && !choice.fields.includes(field)) choice.fields.push(field);
    choice.bytes += r.end - r.start;
  }
  const units = [...byKey.values()];
  const members: string[] = [];
  if (format === 'zip' || format === 'tar') {
    for (const u of units) {
      const m = /^member\[(.*)\]$/s.exec(u.key);
      if (m && !m[1].endsWith('/') && !members.includes(m[1])) members.push(m[1]);
    }
  }
  return { format, family, units, members };
}

/** The label of a unit: its key, with the number of repeats when it has several (`IDAT (×12)`). */
export function unitLabel(u: UnitChoice): string {
  return u.instances.length > 1 ? `${u.key} (×${u.instances.length})` : u.key;
}

/** What is picked of one unit: every repeat or one (its path), the whole unit or one field. */
export interface UnitPick {
  /** `undefined`: every repeat; else one instance's path (`IDAT#2`). */
  instance?: string;
  /** `undefined`: the whole unit; else a field (`data`). */
  field?: string;
}

/**
 * The selector for a pick. A range text ends at a comma and holds no spaces (rangesField.ts), so a
 * name's commas and white space become `*` (which matches any run within the segment).
 */
export function selectorFor(format: string, u: UnitChoice, pick: UnitPick): string {
  const path = pick.instance ?? u.key;
  const text = `${format}:${path}${pick.field === undefined ? '' : `/${pick.field}`}`;
  return text.replace(/[\s,]+/g, '*');
}

/** The picks the field's `kind` selectors stand for, where a selector is one the picker makes for this map. */
export function picksFrom(rangesText: string, kind: Aim, map: TargetMap): Map<string, UnitPick> {
  const picks = new Map<string, UnitPick>();
  for (const s of selectorsIn(rangesText)) {
    if (s.kind !== kind) continue;
    for (const u of map.units) {
      for (const field of [undefined, ...u.fields]) {
        for (const instance of [undefined, ...(u.instances.length > 1 ? u.instances : [])]) {
          if (selectorFor(map.format, u, { instance, field }) === s.text && !picks.has(u.key))
            picks.set(u.key, { instance, field });
        }
      }
    }
  }
  return picks;
}

/** What the picker reads of a region: where it is, and which part of its path is its unit. */
export type MappedRegion = Pick<Region, 'path' | 'start' | 'end' | 'unitEnd'>;

/** The regions of a map made in the engine's worker. */
function regionsOf(rows: readonly [string, number, number, number][]): MappedRegion[] {
  return rows.map(([path, start, end, unitEnd]) => ({ path, start, end, unitEnd }));
}

/**
 * The file's map for the picker, or null when the file is larger than the site takes (MAX_FILE_BYTES).
 * The engine's worker reads only where the layout sends it, so a 200 MB file costs its map, not its bytes.
 */
export async function loadTargetMap(file: Blob & { name: string }): Promise<TargetMap | null> {
  if (file.size > MAX_FILE_BYTES) return null;
  if (typeof Worker === 'undefined') {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const family = detect(bytes, extensionOf(file.name));
    return targetMapOf(family, structureMapOfBytes(family, bytes));
  }
  const map = await (await loadEngineClient()).structureMap(file, file.name);
  return targetMapOf(map.family as Family, regionsOf(map.regions));
}

/** Bytes section 7 reads to find a family (its magic offsets and text window are well inside). */
const HEAD_BYTES = 64 * 1024;

/** A file's family by section 7, from its first bytes and its name. */
export async function familyOf(file: Blob & { name: string }): Promise<Family> {
  const head = new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer());
  return detect(head, extensionOf(file.name));
}
