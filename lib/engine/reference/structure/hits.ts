// Hits (docs/contract.md, section 14.2): which regions of the map a run changed, and what each change
// should cause. engine-rs/core/src/structure/hits.rs says the same; the engines agree byte for byte.

import { type Region, softAllows } from './map.ts';
import { WHY } from './why.ts';

/** What a change should cause in a reader that checks what the format defines. */
export type Expect = 'reject' | 'may_accept' | 'ignored';
/** `expect_overall` when no region changed. */
export const UNCHANGED = 'unchanged';
const STRENGTH: Record<Expect, number> = { ignored: 0, may_accept: 1, reject: 2 };

export interface Hit {
  path: string;
  changed_bytes: number;
  first: number;
  expect: Expect;
  why: string;
}

/** The report's section 14 fields, in their order. */
export interface StructureFields {
  structure: { path: string; start: number; end: number }[];
  hits: Hit[];
  expect_overall: Expect | typeof UNCHANGED;
}

const NONE = Number.MAX_SAFE_INTEGER;

/** A hit's `why` when every change of a `layout` region lies in its unchecked spots. */
const SOFT_WHY: Record<NonNullable<Region['soft']>, string> = {
  zip_local: WHY.zip_info,
  zip_central: WHY.zip_info,
  gif_flags: WHY.gif_bits,
  gzip_header: WHY.gzip_ftext,
  elf_ident: WHY.elf_info,
  elf_fields32: WHY.elf_info,
  elf_fields64: WHY.elf_info,
  elf_symbols32: WHY.elf_info,
  elf_symbols64: WHY.elf_info,
  isobmff_optional: WHY.isobmff_optional,
};

/** The map and what a run did to each of its regions. */
export class Tally {
  private readonly changed: number[];
  private readonly first: number[];
  /** Changed bytes outside the region's unchecked spots (`soft`): all of them where it has none. */
  private readonly hard: number[];
  private readonly repaired: number[];
  private readonly recomputed: boolean[];

  constructor(readonly regions: readonly Region[]) {
    this.changed = regions.map(() => 0);
    this.first = regions.map(() => NONE);
    this.hard = regions.map(() => 0);
    this.repaired = regions.map(() => 0);
    this.recomputed = regions.map(() => false);
  }

  clone(): Tally {
    const t = new Tally(this.regions);
    for (let i = 0; i < this.regions.length; i++) {
      t.changed[i] = this.changed[i];
      t.first[i] = this.first[i];
      t.hard[i] = this.hard[i];
      t.repaired[i] = this.repaired[i];
      t.recomputed[i] = this.recomputed[i];
    }
    return t;
  }

  /** The regions that overlap [from, to), with each overlap. */
  private *overlaps(from: number, to: number): Generator<[number, number, number]> {
    let lo = 0;
    let hi = this.regions.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.regions[mid].end <= from) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < this.regions.length && this.regions[i].start < to; i++) {
      yield [i, Math.max(this.regions[i].start, from), Math.min(this.regions[i].end, to)];
    }
  }

  private count(i: number, changed: number, first: number, hard: number): void {
    if (changed > 0) {
      this.changed[i] += changed;
      this.hard[i] += hard;
      this.first[i] = Math.min(this.first[i], first);
    }
  }

  /** The input's bytes `before` and the output's `after` at offset `pos`: bytes that differ changed. */
  diff(pos: number, before: Uint8Array, after: Uint8Array): void {
    const len = Math.min(before.length, after.length);
    for (const [i, a, b] of this.overlaps(pos, pos + len)) {
      const { soft, origin = 0 } = this.regions[i];
      let n = 0;
      let f = NONE;
      let hard = 0;
      for (let p = a; p < b; p++) {
        const x = before[p - pos];
        const y = after[p - pos];
        if (x !== y) {
          if (n === 0) f = p;
          n++;
          if (soft === undefined || !softAllows(soft, p - origin, x, y)) hard++;
        }
      }
      this.count(i, n, f, hard);
    }
  }

  /** Every input byte of [from, to) changed (cut, removed or moved). */
  span(from: number, to: number): void {
    for (const [i, a, b] of this.overlaps(from, to)) this.count(i, b - a, a, b - a);
  }

  /** The checksum fix recomputed the field at `at`: its bytes that differ from the input's are a repair. */
  repair(at: number, input: Uint8Array, value: readonly number[]): void {
    for (const [i, a, b] of this.overlaps(at, at + value.length)) {
      for (let p = a; p < b; p++) if (input[p - at] !== value[p - at]) this.repaired[i]++;
      this.recomputed[i] = true;
    }
  }

  /** The hits, in map order. */
  hits(): Hit[] {
    const fixed = new Set<string>();
    this.regions.forEach((r, i) => {
      if (this.recomputed[i]) fixed.add(r.path.slice(0, r.unitEnd));
    });
    const out: Hit[] = [];
    this.regions.forEach((r, i) => {
      const changed = this.changed[i];
      if (changed === 0) return;
      let expect: Expect;
      let why: string;
      if (this.repaired[i] >= changed) [expect, why] = ['may_accept', WHY.repaired];
      else if ((r.role === 'magic' || r.role === 'layout') && r.soft !== undefined && this.hard[i] === 0)
        [expect, why] = ['may_accept', SOFT_WHY[r.soft]];
      else if (r.role === 'magic') [expect, why] = ['reject', WHY.magic];
      else if (r.role === 'layout') [expect, why] = ['reject', WHY.layout];
      else if (r.role === 'checksum') [expect, why] = ['reject', WHY.checksum];
      else if (r.role === 'checked' && fixed.has(r.path.slice(0, r.unitEnd)))
        [expect, why] = ['may_accept', WHY.checked_fixed];
      else if (r.role === 'checked') [expect, why] = ['reject', WHY.checked];
      else if (r.role === 'payload') [expect, why] = ['may_accept', WHY.payload];
      else [expect, why] = ['ignored', WHY.skipped];
      out.push({ path: r.path, changed_bytes: changed, first: this.first[i], expect, why });
    });
    return out;
  }

  /** The report's `structure`, `hits` and `expect_overall`; a member run passes its own hits (section 6.11.4). */
  fields(hits: Hit[] = this.hits()): StructureFields {
    let overall: Expect | typeof UNCHANGED = UNCHANGED;
    for (const h of hits) if (overall === UNCHANGED || STRENGTH[h.expect] > STRENGTH[overall]) overall = h.expect;
    return {
      structure: this.regions.map((r) => ({ path: r.path, start: r.start, end: r.end })),
      hits,
      expect_overall: overall,
    };
  }
}
