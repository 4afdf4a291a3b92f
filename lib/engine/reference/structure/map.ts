// The map a walk builds (docs/contract.md, section 14.1): units, their fields and roles, and
// `finish`, which numbers repeated units, clips overlaps and names the bytes between and after them.
// The Rust core's engine-rs/core/src/structure/map.rs says the same; the engines must agree byte for
// byte.

/** The most regions a walk records; with the gaps between them a map has at most twice this plus one. */
export const MAX_WALK_REGIONS = 4096;

/** What a region's bytes are to a reader that checks what the format defines (section 14.2). */
export type Role =
  /** A signature, magic number, type code or marker the reader recognises the format or part by. */
  | 'magic'
  /** A length, offset, count or size the layout depends on. */
  | 'layout'
  /** A checksum field. */
  | 'checksum'
  /** Bytes a checksum covers. */
  | 'checked'
  /** Content nothing in the format verifies. */
  | 'payload'
  /** Bytes readers skip: padding, data after the end marker, bytes between units. */
  | 'skipped';

/**
 * The spots of a `layout` region that no reader checks (section 14.2): a change confined to them
 * expects `may_accept`, with its own `why`. `zip_local`: a local header's date and time (offsets 10
 * to 13); `zip_central`: a central directory entry's version made by (4, 5), date and time (12 to
 * 15) and attributes (36 to 41); `gif_flags`: every bit of a packed-fields byte but the color table
 * flag, and the table size while the input's flag is clear; `gzip_header`: FLG's FTEXT bit alone;
 * `elf_ident`: EI_OSABI, EI_ABIVERSION and the padding (7 to 15); `elf_fields32` and `elf_fields64`:
 * e_version (4 to 7 from the field's start) and e_entry (8 to 11, or to 15 in a 64-bit file);
 * `elf_symbols32` and `elf_symbols64`: in each 16- or 24-byte symbol, st_value, st_size and st_other;
 * `isobmff_optional`: the four bytes of the type of a box its container does not need.
 * engine-rs/core/src/structure/map.rs (`Soft`) says the same.
 */
export type Soft =
  | 'zip_local'
  | 'zip_central'
  | 'gif_flags'
  | 'gzip_header'
  | 'elf_ident'
  | 'elf_fields32'
  | 'elf_fields64'
  | 'elf_symbols32'
  | 'elf_symbols64'
  | 'isobmff_optional';

/** Whether changing the byte at `rel` (from the field's start) from `before` to `after` touches only bits no reader checks. */
export function softAllows(soft: Soft, rel: number, before: number, after: number): boolean {
  const diff = before ^ after;
  switch (soft) {
    case 'zip_local':
      return rel >= 10 && rel < 14;
    case 'zip_central':
      return (rel >= 4 && rel < 6) || (rel >= 12 && rel < 16) || (rel >= 36 && rel < 42);
    case 'gif_flags':
      return (diff & 0x80) === 0 && ((diff & 0x07) === 0 || (before & 0x80) === 0);
    case 'gzip_header':
      return rel === 1 && diff === 0x01;
    case 'elf_ident':
      return rel >= 7 && rel < 16;
    case 'elf_fields32':
      return rel >= 4 && rel < 12;
    case 'elf_fields64':
      return rel >= 4 && rel < 16;
    case 'elf_symbols32': {
      const k = rel % 16;
      return (k >= 4 && k < 12) || k === 13;
    }
    case 'elf_symbols64': {
      const k = rel % 24;
      return k === 5 || k >= 8;
    }
    case 'isobmff_optional':
      return rel < 4;
  }
}

/** One region of the map: `[start, end)` of the input. */
export interface Region {
  path: string;
  start: number;
  end: number;
  role: Role;
  /** `path.slice(0, unitEnd)` is the region's unit, FORMAT:UNIT (the whole path without a field). */
  unitEnd: number;
  /** The spots no reader checks (`layout` regions only), at offsets from `origin`, where the walk recorded the field. */
  soft?: Soft;
  origin?: number;
}

/** Bytes a walk reads by position: a whole buffer, or a file read in windows. */
export interface Area {
  readonly size: number;
  /** The bytes `[at, at + len)`, or undefined when they pass the end. */
  get(at: number, len: number): Uint8Array | undefined;
}

/** A whole buffer as an `Area`. */
export function bytesArea(bytes: Uint8Array): Area {
  return {
    size: bytes.length,
    get: (at, len) => (at + len <= bytes.length ? bytes.subarray(at, at + len) : undefined),
  };
}

interface Raw {
  unit: number;
  field: string | undefined;
  start: number;
  end: number;
  role: Role;
  soft?: Soft;
}

/** What a walk builds: units in the order it finds them, each with its fields. */
export class StructureMap {
  private readonly names: string[] = [];
  /** The unit each unit is nested in (`child`), -1 at the top. */
  private readonly parents: number[] = [];
  readonly raw: Raw[] = [];
  full = false;
  /** Whether the last `field` or `whole` was recorded (`soft` marks it). */
  private pushed = false;

  constructor(
    private readonly format: string,
    private readonly size: number,
  ) {}

  /** Opens a unit; undefined once the map holds MAX_WALK_REGIONS regions, and the walk stops there. */
  unit(name: string): number | undefined {
    return this.open(-1, name);
  }

  /**
   * Opens a unit nested in `parent` (an ISO-BMFF box in its container box): its path is the
   * parent's, then `/name`, and #k numbers it among the parent's children of that name.
   */
  child(parent: number, name: string): number | undefined {
    return this.open(parent, name);
  }

  private open(parent: number, name: string): number | undefined {
    if (this.raw.length >= MAX_WALK_REGIONS) {
      this.full = true;
      return undefined;
    }
    this.names.push(name);
    this.parents.push(parent);
    return this.names.length - 1;
  }

  /** Records the field `field` of `unit` at `[start, end)`. */
  field(unit: number, field: string, start: number, end: number, role: Role): void {
    this.push(unit, field, start, end, role);
  }

  /** Records `unit` as one region without fields. */
  whole(unit: number, start: number, end: number, role: Role): void {
    this.push(unit, undefined, start, end, role);
  }

  private push(unit: number, field: string | undefined, start: number, end: number, role: Role): void {
    this.pushed = this.raw.length < MAX_WALK_REGIONS;
    if (!this.pushed) {
      this.full = true;
      return;
    }
    this.raw.push({ unit, field, start, end, role });
  }

  /** Marks the region just recorded (if it was) as having spots no reader checks. */
  soft(soft: Soft): void {
    if (this.pushed && this.raw.length > 0) this.raw[this.raw.length - 1].soft = soft;
  }

  /**
   * The map: regions sorted by start (a walk's order among equal starts), each clipped to the input
   * and to the end of the one before it (a region left empty is dropped), with FORMAT:gap between
   * them and FORMAT:trailing (FORMAT:unmapped when the walk hit the cap) after the last. A unit name
   * that occurs more than once carries #k, k counting its occurrences from 0 in the walk's order (a
   * child unit's among its parent's children), and a child's name follows its parent's and `/`.
   */
  finish(): Region[] {
    const { format, size, parents } = this;
    const key = (i: number) => `${parents[i]}\u0000${this.names[i]}`;
    const counts = new Map<string, number>();
    for (let i = 0; i < this.names.length; i++) counts.set(key(i), (counts.get(key(i)) ?? 0) + 1);
    const next = new Map<string, number>();
    const numbered: string[] = [];
    for (let i = 0; i < this.names.length; i++) {
      const name = this.names[i];
      let own = name;
      if ((counts.get(key(i)) ?? 0) > 1) {
        const k = next.get(key(i)) ?? 0;
        next.set(key(i), k + 1);
        own = `${name}#${k}`;
      }
      // A parent is opened before its children, so its numbered name is there.
      numbered.push(parents[i] < 0 ? own : `${numbered[parents[i]]}/${own}`);
    }
    // Array.prototype.sort is stable: equal starts keep the walk's order, as Rust's sort_by_key.
    const raw = [...this.raw].sort((a, b) => a.start - b.start);
    const out: Region[] = [];
    let at = 0;
    for (const r of raw) {
      const start = Math.max(r.start, at);
      const end = Math.min(r.end, size);
      if (end <= start) continue;
      if (start > at) {
        const path = `${format}:gap`;
        out.push({ path, start: at, end: start, role: 'skipped', unitEnd: path.length });
      }
      const unit = `${format}:${numbered[r.unit]}`;
      const region: Region = {
        path: r.field === undefined ? unit : `${unit}/${r.field}`,
        start,
        end,
        role: r.role,
        unitEnd: unit.length,
      };
      if (r.soft !== undefined) {
        region.soft = r.soft;
        region.origin = r.start;
      }
      out.push(region);
      at = end;
    }
    if (at < size) {
      const [name, role]: [string, Role] = this.full ? ['unmapped', 'payload'] : ['trailing', 'skipped'];
      const path = `${format}:${name}`;
      out.push({ path, start: at, end: size, role, unitEnd: path.length });
    }
    return out;
  }
}
