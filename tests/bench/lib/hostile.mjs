// Crafted worst cases for the checksum walks (docs/contract.md, section 6.10.2), each about `size`
// bytes and valid enough that the walk goes all the way: `make bench` times them against random bytes
// of the same size (tests/bench/hostile.mjs), and the cross-engine tests check the three engines give
// the same bytes on them and that the TypeScript walks cover each byte a bounded number of times.
import { crc32 } from 'node:zlib';

const le16 = (v) => [v & 255, (v >>> 8) & 255];
const le32 = (v) => [v & 255, (v >>> 8) & 255, (v >>> 16) & 255, (v >>> 24) & 255];

function crc8(bytes) {
  let c = 0;
  for (const x of bytes) {
    c ^= x;
    for (let i = 0; i < 8; i++) c = c & 0x80 ? ((c << 1) ^ 7) & 255 : (c << 1) & 255;
  }
  return c;
}

/** Seeded filler (xorshift32), so every run and every engine sees the same bytes. */
function filler(len, seed) {
  const out = new Uint8Array(len);
  let x = seed >>> 0 || 0x9e3779b9;
  for (let i = 0; i < len; i++) {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    out[i] = x & 255;
  }
  return out;
}

function localHeader(name, length, crc) {
  return [0x50, 0x4b, 3, 4, 20, 0, 0, 0, 0, 0, 0, 0, 0, 0, ...le32(crc), ...le32(length), ...le32(length)].concat(
    le16(name.length),
    [0, 0],
    [...name],
  );
}

function centralHeader(name, length, crc, lho) {
  return [
    0x50,
    0x4b,
    1,
    2,
    20,
    0,
    20,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    ...le32(crc),
    ...le32(length),
    ...le32(length),
  ].concat(le16(name.length), new Array(12).fill(0), le32(lho), [...name]);
}

function endRecord(count, cdLength, cdAt) {
  return [0x50, 0x4b, 5, 6, 0, 0, 0, 0, ...le16(count), ...le16(count), ...le32(cdLength), ...le32(cdAt), 0, 0];
}

/** One STORED entry and a central directory of up to 65,535 entries all naming it. */
export function zipManyEntries(size) {
  const name = Buffer.from('a');
  const count = Math.min(65535, Math.floor(size / 2 / 47));
  const dataLength = size - 22 - 31 - count * 47;
  const data = filler(dataLength, 1);
  const crc = crc32(data);
  const central = centralHeader(name, dataLength, crc, 0);
  const out = new Uint8Array(size);
  out.set(localHeader(name, dataLength, crc), 0);
  out.set(data, 31);
  let p = 31 + dataLength;
  for (let i = 0; i < count; i++, p += 47) out.set(central, p);
  out.set(endRecord(count, count * 47, 31 + dataLength), p);
  return out;
}

/** Local headers every 64 bytes over half the file, each entry's stored data running to the end of it. */
export function zipNested(size) {
  const name = Buffer.from('n');
  const count = Math.min(65535, Math.floor(size / 2 / (64 + 47)));
  const area = size - 22 - count * 47;
  const out = filler(size, 2);
  let p = area;
  for (let i = 0; i < count; i++, p += 47) {
    const lho = 64 * i;
    const length = area - lho - 31;
    out.set(localHeader(name, length, 0), lho);
    out.set(centralHeader(name, length, 0, lho), p);
  }
  out.set(endRecord(count, count * 47, area), p);
  return out;
}

/** A FLAC frame header (block size code 6, sample rate code 9) and its CRC-8. */
function flacFrameHeader(number) {
  const h = [0xff, 0xf8, 0x69, 0x08, number & 0x7f, 0x0f];
  return [...h, crc8(h)];
}

/** STREAMINFO, one frame header, then a false sync code (a valid frame header) every 24 bytes. */
export function flacFalseSync(size) {
  const out = new Uint8Array(size).fill(0x11);
  out.set([0x66, 0x4c, 0x61, 0x43, 0x80, 0, 0, 34], 0);
  out.fill(0, 8, 42);
  out.set(flacFrameHeader(0), 42);
  const fake = flacFrameHeader(1);
  for (let p = 42 + 7 + 17; p + 7 <= size; p += 24) out.set(fake, p);
  return out;
}

/** A tar header block with its checksum. */
function tarHeader(name, size, type, edit = () => {}) {
  const h = new Uint8Array(512);
  h.set(Buffer.from(name), 0);
  h.set(Buffer.from('0000644'), 100);
  h.set(Buffer.from(`${size.toString(8).padStart(11, '0')}\0`), 124);
  h[156] = type.charCodeAt(0);
  h.set(Buffer.from('ustar  \0'), 257);
  edit(h);
  h.fill(0x20, 148, 156);
  const sum = h.reduce((a, b) => a + b, 0);
  h.set(Buffer.from(`${sum.toString(8).padStart(6, '0')}\0 `), 148);
  return h;
}

/** Headers only: a member of 0 bytes every 512 bytes, to the end. */
export function tarDeep(size) {
  const out = new Uint8Array(size);
  const header = tarHeader('empty.txt', 0, '0');
  for (let p = 0; p + 512 <= size - 1024; p += 512) out.set(header, p);
  return out;
}

/** pax extended headers, each giving the next member a size of 512 by its record. */
export function tarPaxChain(size) {
  const out = new Uint8Array(size);
  const records = Buffer.from('12 size=512\n');
  const x = tarHeader('./PaxHeaders/f', records.length, 'x');
  const member = tarHeader('f', 0, '0');
  for (let p = 0; p + 2048 <= size - 1024; p += 2048) {
    out.set(x, p);
    out.set(records, p + 512);
    out.set(member, p + 1024);
    out.fill(0x66, p + 1536, p + 2048);
  }
  return out;
}

/** One old GNU sparse member whose extension blocks run to the end. */
export function tarSparseChain(size) {
  const out = new Uint8Array(size);
  out.set(
    tarHeader('sparse.img', 0, 'S', (h) => {
      h[482] = 1;
    }),
    0,
  );
  for (let p = 512; p + 512 <= size - 1024; p += 512) out[p + 504] = 1;
  return out;
}

/** Empty PNG chunks, 12 bytes each, to the end. */
export function pngManyChunks(size) {
  const out = new Uint8Array(size);
  out.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 0);
  const chunk = [0, 0, 0, 0, 0x74, 0x45, 0x58, 0x74, 0, 0, 0, 0];
  for (let p = 8; p + 12 <= size; p += 12) out.set(chunk, p);
  return out;
}

/** The smallest Ogg pages (one empty segment), to the end. */
export function oggManyPages(size) {
  const out = new Uint8Array(size);
  const page = [0x4f, 0x67, 0x67, 0x53, 0, 0, ...new Array(20).fill(0), 1, 0];
  for (let p = 0; p + 28 <= size; p += 28) out.set(page, p);
  return out;
}

/** An FLV header, then empty tags (15 bytes with their PreviousTagSize) to the end: guaranteed_break's walk. */
export function flvChain(size) {
  const out = new Uint8Array(size);
  out.set([0x46, 0x4c, 0x56, 1, 5, 0, 0, 0, 9], 0);
  for (let p = 13; p + 11 <= size; p += 15) out[p] = 8;
  return out;
}

/**
 * Each crafted case: a name (its extension gives the family), a generator, and the run it stresses
 * (bit_rot with --fix-checksums, unless `args` says otherwise).
 */
export const HOSTILE = [
  { name: 'zip-many-entries.zip', make: zipManyEntries, what: 'ZIP: 65,535 central entries naming one STORED entry' },
  { name: 'zip-nested.zip', make: zipNested, what: 'ZIP: STORED entries nested in each other' },
  { name: 'flac-false-sync.flac', make: flacFalseSync, what: 'FLAC: a false sync code every 24 bytes' },
  { name: 'tar-deep.tar', make: tarDeep, what: 'tar: a header every 512 bytes' },
  { name: 'tar-pax-chain.tar', make: tarPaxChain, what: 'tar: pax headers sizing every member' },
  { name: 'tar-sparse-chain.tar', make: tarSparseChain, what: 'tar: one sparse member, extension blocks to the end' },
  { name: 'png-many-chunks.png', make: pngManyChunks, what: 'PNG: an empty chunk every 12 bytes' },
  { name: 'ogg-many-pages.ogg', make: oggManyPages, what: 'Ogg: a 28-byte page after another' },
  {
    name: 'tar-deep-break.tar',
    make: tarDeep,
    what: 'tar: a header every 512 bytes, guaranteed_break',
    args: ['--mode', 'guaranteed_break'],
  },
  {
    name: 'flv-chain.flv',
    make: flvChain,
    what: 'FLV: an empty tag every 15 bytes, guaranteed_break',
    args: ['--mode', 'guaranteed_break'],
  },
];

export { filler };
