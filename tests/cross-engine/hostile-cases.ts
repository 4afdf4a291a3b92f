// fast-check arbitraries for the property tests (docs/fuzzing.md): every argument the engine takes,
// on files of every format family whose header fields hold hostile values, as the Rust property test
// (engine-rs/core/tests/proptest.rs) builds them. The checksums the walks fix are computed here, not
// taken from the engine under test (Node's zlib for CRC-32, small tables for Ogg's and FLAC's).
import { crc32 } from 'node:zlib';
import fc from 'fast-check';
import { ENGINE_MODES, RANGE_MODES } from '../../lib/engine/shared/mode-tables.ts';

export const MAX_VALUE = Number.MAX_SAFE_INTEGER;

function table(poly: number, width: number): number[] {
  const top = 2 ** (width - 1);
  const mask = 2 ** width - 1;
  return Array.from({ length: 256 }, (_, i) => {
    let c = i * 2 ** (width - 8);
    for (let k = 0; k < 8; k++) c = (c >= top ? ((c - top) * 2) ^ poly : c * 2) >>> 0;
    return (c >>> 0) & mask;
  });
}
const OGG = table(0x04c11db7, 32);
const CRC16 = table(0x8005, 16);
const CRC8 = table(0x07, 8);

function crc(t: number[], width: number, bytes: ArrayLike<number>): number {
  let c = 0;
  const shift = width - 8;
  const mask = width === 32 ? 0xffffffff : 2 ** width - 1;
  for (let i = 0; i < bytes.length; i++) {
    c = (t[((c >>> shift) ^ bytes[i]) & 0xff] ^ (c << 8)) & mask;
    c >>>= 0;
  }
  return c;
}

export const oggCrc32 = (b: ArrayLike<number>) => crc(OGG, 32, b);
export const flacCrc8 = (b: ArrayLike<number>) => crc(CRC8, 8, b);
export const flacCrc16 = (b: ArrayLike<number>) => crc(CRC16, 16, b);

const be32 = (v: number) => [(v >>> 24) & 255, (v >>> 16) & 255, (v >>> 8) & 255, v & 255];
const le32 = (v: number) => [v & 255, (v >>> 8) & 255, (v >>> 16) & 255, (v >>> 24) & 255];
const le16 = (v: number) => [v & 255, (v >>> 8) & 255];
const ascii = (s: string) => Array.from(s, (c) => c.charCodeAt(0));

export const MAGIC: readonly [string, number[]][] = [
  ['x.pdf', ascii('%PDF-1.4\n')],
  ['x.jpg', [0xff, 0xd8, 0xff, 0xe0]],
  ['x.gif', ascii('GIF89a')],
  ['x.bmp', ascii('BM')],
  ['x.tif', [0x49, 0x49, 0x2a, 0]],
  ['x.webp', [...ascii('RIFF'), 0, 0, 0, 0, ...ascii('WEBPVP8 ')]],
  ['x.ico', [0, 0, 1, 0]],
  ['x.svg', ascii('<svg ')],
  ['x.mp4', [0, 0, 0, 0x18, ...ascii('ftypmp42')]],
  ['x.avi', [...ascii('RIFF'), 0, 0, 0, 0, ...ascii('AVI LIST')]],
  ['x.mkv', [0x1a, 0x45, 0xdf, 0xa3]],
  ['x.flv', [...ascii('FLV'), 1, 5, 0, 0, 0, 9]],
  ['x.mp3', [...ascii('ID3'), 4, 0, 0]],
  ['x.wav', [...ascii('RIFF'), 0, 0, 0, 0, ...ascii('WAVEfmt ')]],
  ['x.aac', [0xff, 0xf1, 0x50, 0x80]],
  ['x.wma', [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11, 0xa6, 0xd9, 0, 0xaa, 0, 0x62, 0xce, 0x6c]],
  ['x.exe', ascii('MZ')],
  ['x.msi', [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]],
  ['x.rar', [...ascii('Rar!'), 0x1a, 7, 0]],
  ['x.7z', [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c, 0, 4]],
  ['x.gz', [0x1f, 0x8b, 8, 0]],
  ['x.bz2', ascii('BZh9')],
  ['x.xz', [0xfd, ...ascii('7zXZ'), 0]],
  ['x.cab', ascii('MSCF')],
  ['x.csv', ascii('a,b,"c"\n')],
  ['x.json', ascii('{"a":[')],
  ['x.txt', ascii('plain text: ')],
  ['noext', []],
];

export type Shape = 'png' | 'zip' | 'tar' | 'ogg' | 'flac' | number;

/** A file of the shape with `fields` in its headers and `body` as its payloads. */
export function build(shape: Shape, fields: readonly number[], body: Uint8Array): { name: string; data: Uint8Array } {
  const out: number[] = [];
  let at = 0;
  const take = (len: number): number[] => {
    const from = Math.min(at, body.length);
    at = Math.min(at + len, body.length);
    return Array.from(body.subarray(from, at));
  };
  const push = (bytes: ArrayLike<number>) => {
    for (let i = 0; i < bytes.length; i++) out.push(bytes[i]);
  };
  let name: string;
  if (shape === 'png') {
    push([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    fields.forEach((f, i) => {
      const data = take(Math.min(f, 300));
      const chunk = [...ascii(['IHDR', 'IDAT', 'tEXt', 'IEND'][i % 4]), ...data];
      // The declared length is the field (often not the data's), the CRC a real one.
      push(be32(i % 2 === 0 ? f : data.length));
      push(chunk);
      push(be32(crc32(Uint8Array.from(chunk))));
    });
    name = 'x.png';
  } else if (shape === 'zip') {
    const central: number[] = [];
    fields.forEach((f, i) => {
      const data = take(Math.min(f, 400));
      const lho = out.length;
      const flags = i % 3 === 1 ? 8 : 0;
      const csize = i % 2 === 0 ? data.length : f;
      const c = crc32(Uint8Array.from(data));
      push([...ascii('PK'), 3, 4, 20, 0, ...le16(flags), 0, 0, 0, 0, 0, 0]);
      push([...le32(flags === 8 ? 0 : c), ...le32(csize), ...le32(csize), ...le16(1), ...le16(i % 4 === 3 ? f : 0)]);
      push([97 + (i % 26), ...data]);
      if (flags === 8) push([...ascii('PK'), 7, 8, ...le32(c), ...le32(csize), ...le32(csize)]);
      central.push(...ascii('PK'), 1, 2, 20, 0, 20, 0, ...le16(flags), 0, 0, 0, 0, 0, 0);
      central.push(...le32(c), ...le32(csize), ...le32(csize), ...le16(1), ...new Array(12).fill(0));
      central.push(...le32(i % 5 === 4 ? f : lho), 97 + (i % 26));
    });
    const cd = out.length;
    push(central);
    const count = fields.length === 0 ? 0 : fields[0] % 3 === 0 ? fields[0] : fields.length;
    push([...ascii('PK'), 5, 6, 0, 0, 0, 0, ...le16(count), ...le16(count), ...le32(central.length)]);
    push([...le32(fields.length % 4 === 3 ? fields[0] : cd), ...le16(fields.length % 5 === 4 ? 0xffff : 0)]);
    name = 'x.zip';
  } else if (shape === 'tar') {
    fields.forEach((f, i) => {
      const h = new Uint8Array(512);
      h[0] = 102;
      h.set(ascii('0000644\0'), 100);
      if (i % 3 === 1) h.set([0x80, 0x80, 0x80, 0x80, ...be32(f), ...be32(f)], 124);
      else h.set(ascii(`${(i % 3 === 0 ? f : f % 2000).toString(8).padStart(11, '0').slice(-11)}\0`), 124);
      h[156] = '0125LKxgS'.charCodeAt(f % 9);
      h.set(ascii('ustar\0'), 257);
      h.fill(32, 148, 156);
      const sum = h.reduce((s, b) => s + b, 0);
      h.set(ascii(`${sum.toString(8).padStart(6, '0')}\0 `), 148);
      push(h);
      push(take(Math.ceil((f % 2000) / 512) * 512));
    });
    name = 'x.tar';
  } else if (shape === 'ogg') {
    fields.forEach((f, i) => {
      const segs = f % 256;
      const tbl = Array.from({ length: segs }, (_, j) => (j % 7 === 6 ? 10 : 255));
      const want = tbl.reduce((s, b) => s + b, 0);
      const data = take(i % 2 === 0 ? want : Math.floor(want / 2));
      const page = [...ascii('OggS'), 0, 0, ...new Array(8).fill(0), ...le32(7), ...le32(i), 0, 0, 0, 0, segs, ...tbl];
      page.push(...data);
      page.splice(22, 4, ...le32(oggCrc32(page)));
      push(page);
    });
    name = 'x.ogg';
  } else if (shape === 'flac') {
    push(ascii('fLaC'));
    const first = fields[0] ?? 34;
    push([first % 2 === 0 ? 0x80 : 0, ...be32(first % 5 === 0 ? first & 0xffffff : 34).slice(1)]);
    push(take(34));
    fields.slice(1).forEach((f, j) => {
      // A frame header with a valid CRC-8, a payload, then a CRC-16 that is real for even fields (a
      // frame's end) and false for odd ones (a false sync).
      const frame = [0xff, 0xf8 | (f & 1), 0xc9, 0x08, (j + 1) & 0x7f];
      frame.push(flacCrc8(frame));
      frame.push(...take(f % 700));
      const c = flacCrc16(frame);
      const v = f % 2 === 0 ? c : ~c & 0xffff;
      push([...frame, v >>> 8, v & 255]);
    });
    name = 'x.flac';
  } else {
    const [n, magic] = MAGIC[shape];
    push(magic);
    for (const f of fields) {
      push([...le32(f), ...be32(f)]);
      push(take(f % 64));
    }
    name = n;
  }
  push(take(body.length));
  return { name, data: Uint8Array.from(out) };
}

/** One end of a range text: how it is written and its value; `toobig` and `plus` do not parse. */
export type End =
  | { kind: 'empty' }
  | { kind: 'dec' | 'hex' | 'HEX' | '-dec' | '-hex'; v: number }
  | { kind: 'toobig' }
  | { kind: 'plus'; v: number };

export function endText(e: End): string {
  switch (e.kind) {
    case 'empty':
      return '';
    case 'dec':
      return String(e.v);
    case 'hex':
      return `0x${e.v.toString(16)}`;
    case 'HEX':
      return `0X${e.v.toString(16).toUpperCase()}`;
    case '-dec':
      return `-${e.v}`;
    case '-hex':
      return `-0x${e.v.toString(16)}`;
    case 'toobig':
      return '9007199254740992';
    case 'plus':
      return `+${e.v}`;
  }
}

/** [negative, value] for an end that parses and is not empty. */
export function signed(e: End): [boolean, number] | undefined {
  if (e.kind === 'dec' || e.kind === 'hex' || e.kind === 'HEX') return [false, e.v];
  if (e.kind === '-dec' || e.kind === '-hex') return [true, e.v];
  return undefined;
}

export interface RangeSpec {
  a: End;
  b: End;
}

export const rangeText = (r: RangeSpec) => `${endText(r.a)}:${endText(r.b)}`;

const small = fc.integer({ min: 0, max: 2999 });
const wide = fc.integer({ min: 0, max: 79_999 });
const end: fc.Arbitrary<End> = fc.oneof(
  { weight: 6, arbitrary: fc.constant<End>({ kind: 'empty' }) },
  { weight: 12, arbitrary: small.map<End>((v) => ({ kind: 'dec', v })) },
  { weight: 2, arbitrary: wide.map<End>((v) => ({ kind: 'dec', v })) },
  { weight: 4, arbitrary: small.map<End>((v) => ({ kind: 'hex', v })) },
  { weight: 2, arbitrary: wide.map<End>((v) => ({ kind: 'HEX', v })) },
  { weight: 8, arbitrary: small.map<End>((v) => ({ kind: '-dec', v })) },
  { weight: 2, arbitrary: wide.map<End>((v) => ({ kind: '-hex', v })) },
  { weight: 1, arbitrary: fc.constant<End>({ kind: 'dec', v: MAX_VALUE }) },
  { weight: 1, arbitrary: fc.constant<End>({ kind: 'toobig' }) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 99 }).map<End>((v) => ({ kind: 'plus', v })) },
);

/** A range, ordered three times in four (a reversed one is refused). */
const range: fc.Arbitrary<RangeSpec> = fc.tuple(end, end, fc.integer({ min: 0, max: 3 })).map(([a, b, keep]) => {
  const x = signed(a);
  const y = signed(b);
  const reversed = x && y && x[0] === y[0] && (x[0] ? x[1] < y[1] : x[1] > y[1]);
  return reversed && keep !== 0 ? { a: b, b: a } : { a, b };
});

/** A header field: the edges, small numbers and anything. */
const field = fc.oneof(
  fc.constantFrom(0, 1, 0xffff, 0xffffffff, 0x80000000),
  fc.integer({ min: 0, max: 63 }),
  fc.integer({ min: 0, max: 69_999 }),
  fc.integer({ min: 0, max: 0xffffffff }),
);

const shape: fc.Arbitrary<Shape> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom<Shape>('png', 'zip', 'tar', 'ogg', 'flac') },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: MAGIC.length - 1 }) },
);

export interface Case {
  mode: string;
  intensity: number;
  seed: number;
  name: string;
  only: RangeSpec[];
  protect: RangeSpec[];
  fixChecksums: boolean;
  data: Uint8Array;
}

/** `large`: whether bodies past the 64 KiB chunk are drawn (the differential keeps them rarer). */
export function hostileCase({ large = true } = {}): fc.Arbitrary<Case> {
  const body = fc.oneof(
    { weight: 8, arbitrary: fc.uint8Array({ maxLength: 3000 }) },
    { weight: large ? 1 : 0, arbitrary: fc.uint8Array({ minLength: 60_000, maxLength: 70_000 }) },
    { weight: 2, arbitrary: fc.integer({ min: 0, max: 8999 }).map((n) => new Uint8Array(n)) },
  );
  return fc
    .record({
      mode: fc.oneof(
        { weight: 24, arbitrary: fc.constantFrom<string>(...ENGINE_MODES) },
        { weight: 1, arbitrary: fc.constant('nope') },
      ),
      intensity: fc.oneof(
        { weight: 50, arbitrary: fc.integer({ min: 0, max: 100 }) },
        { weight: 1, arbitrary: fc.constant(101) },
      ),
      seed: fc.oneof(
        { weight: 2, arbitrary: fc.constant(0) },
        { weight: 2, arbitrary: fc.constant(MAX_VALUE) },
        { weight: 1, arbitrary: fc.constant(MAX_VALUE + 1) },
        { weight: 15, arbitrary: fc.integer({ min: 0, max: 0xffffffff }) },
      ),
      shape,
      fields: fc.array(field, { maxLength: 11 }),
      body,
      only: fc.array(range, { maxLength: 2 }),
      protect: fc.array(range, { maxLength: 2 }),
      fixChecksums: fc.boolean(),
      options: fc.integer({ min: 0, max: 9 }),
    })
    .map(({ mode, intensity, seed, shape, fields, body, only, protect, fixChecksums, options }) => {
      const { name, data } = build(shape, fields, body);
      // Options mostly on the modes that take them (elsewhere they are a usage error).
      const takes = (RANGE_MODES as readonly string[]).includes(mode) || options === 0;
      return takes
        ? { mode, intensity, seed, name, only, protect, fixChecksums, data }
        : { mode, intensity, seed, name, only: [], protect: [], fixChecksums: false, data };
    });
}

/** An end of the fuzz target's byte layout (engine-rs/core/tests/fuzz_harness/mod.rs, `End::from_byte`). */
function endOf(kind: number, v: number): End {
  switch (kind % 8) {
    case 0:
      return { kind: 'empty' };
    case 1:
      return { kind: 'dec', v };
    case 2:
      return { kind: 'hex', v };
    case 3:
      return { kind: '-dec', v };
    case 4:
      return { kind: '-hex', v };
    case 5:
      return { kind: 'HEX', v };
    case 6:
      return v % 4 === 3 ? { kind: 'toobig' } : { kind: 'dec', v: MAX_VALUE - (v % 4) };
    default:
      return v % 4 === 3 ? { kind: 'plus', v: v >>> 2 } : { kind: '-dec', v: MAX_VALUE - (v % 4) };
  }
}

/** A fuzz corpus file as a case, read as the Rust harness's `decode` reads it (missing bytes are 0). */
export function decodeCase(bytes: Uint8Array): Case {
  let at = 0;
  const take = (len: number) => {
    const v = new Uint8Array(len);
    v.set(bytes.subarray(Math.min(at, bytes.length), Math.min(at + len, bytes.length)));
    at += len;
    return v;
  };
  const head = take(8);
  const mode = head[0] === 255 ? 'nope' : ENGINE_MODES[head[0] % 8];
  const flags = head[2];
  const raw = (head[3] | (head[4] << 8) | (head[5] << 16) | (head[6] << 24)) >>> 0;
  const seedBits = (flags >> 5) & 3;
  const seed = seedBits === 1 ? MAX_VALUE - raw : seedBits === 3 ? MAX_VALUE + 1 : raw;
  const name = new TextDecoder().decode(take(head[7] % 32));
  const range = (): RangeSpec => {
    const r = take(9);
    const view = new DataView(r.buffer);
    return { a: endOf(r[0] & 15, view.getUint32(1, true)), b: endOf(r[0] >> 4, view.getUint32(5, true)) };
  };
  const only = Array.from({ length: (flags >> 1) & 3 }, range);
  const protect = Array.from({ length: (flags >> 3) & 3 }, range);
  const data = bytes.slice(Math.min(at, bytes.length));
  return { mode, intensity: head[1] % 102, seed, name, only, protect, fixChecksums: (flags & 1) === 1, data };
}
