// Files of every family the checksum fix walks (PNG, stored ZIP, tar, Ogg, FLAC), of about a given
// size, with valid checksums: for the streamed-fix tests (cross-engine and the SDK's); and a small
// PNG of many chunks, for the reports' hits tables.
import { crc32 } from 'node:zlib';
import { xorshiftBytes } from './generators.ts';

const u32be = (v: number) => [(v >>> 24) & 255, (v >>> 16) & 255, (v >>> 8) & 255, v & 255];
const u32le = (v: number) => [v & 255, (v >>> 8) & 255, (v >>> 16) & 255, (v >>> 24) & 255];
const u16le = (v: number) => [v & 255, (v >>> 8) & 255];
const cat = (...parts: ArrayLike<number>[]) => Buffer.concat(parts.map((p) => Buffer.from(p as Uint8Array)));
const text = (len: number) =>
  Buffer.from('2026-11-21 INFO request served in 12 ms\n'.repeat(Math.ceil(len / 40)).slice(0, len));

/** Stored entries of text (every third with a data descriptor), to about `size` bytes. */
export function zip(size: number): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let at = 0;
  for (let i = 0; at < size; i++) {
    const data = text(40_000 + 97 * i);
    const name = Buffer.from(`logs/${i}.log`);
    const crc = crc32(data);
    const flags = i % 3 === 2 ? 8 : 0;
    const fields = cat(
      [20, 0],
      u16le(flags),
      [0, 0, 0, 0, 0, 0],
      u32le(flags ? 0 : crc),
      u32le(data.length),
      u32le(data.length),
    );
    const local = cat([0x50, 0x4b, 3, 4], fields, u16le(name.length), [0, 0], name, data);
    const descriptor = flags
      ? cat([0x50, 0x4b, 7, 8], u32le(crc), u32le(data.length), u32le(data.length))
      : Buffer.alloc(0);
    central.push(
      cat(
        [0x50, 0x4b, 1, 2, 20, 0],
        fields.subarray(0, 10),
        u32le(crc),
        fields.subarray(14),
        u16le(name.length),
        Buffer.alloc(12),
        u32le(at),
        name,
      ),
    );
    parts.push(local, descriptor);
    at += local.length + descriptor.length;
  }
  const cd = Buffer.concat(central);
  return cat(
    ...parts,
    cd,
    [0x50, 0x4b, 5, 6, 0, 0, 0, 0],
    u16le(central.length),
    u16le(central.length),
    u32le(cd.length),
    u32le(at),
    [0, 0],
  );
}

export function png(size: number): Buffer {
  const chunk = (kind: string, data: Uint8Array) => {
    const body = cat(Buffer.from(kind), data);
    return cat(u32be(data.length), body, u32be(crc32(body)));
  };
  const parts = [
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10]),
    chunk('IHDR', [0, 0, 1, 0, 0, 0, 1, 0, 8, 0, 0, 0, 0] as unknown as Uint8Array),
  ];
  for (let i = 0, at = 0; at < size; i++) {
    const c = chunk('IDAT', xorshiftBytes(100_000 + 31 * i, i + 1));
    parts.push(c);
    at += c.length;
  }
  return Buffer.concat([...parts, chunk('IEND', new Uint8Array(0))]);
}

export function tar(size: number): Buffer {
  const parts: Buffer[] = [];
  for (let i = 0, at = 0; at < size; i++) {
    const data = text(70_000 + 511 * i);
    const h = Buffer.alloc(512);
    h.write(`logs/${i}.log`, 0);
    h.write('0000644', 100);
    h.write(data.length.toString(8).padStart(11, '0'), 124);
    h.write('0', 156);
    h.write('ustar\0', 257, 'latin1');
    h.fill(0x20, 148, 156);
    h.write(
      `${h
        .reduce((a, b) => a + b, 0)
        .toString(8)
        .padStart(6, '0')}\0 `,
      148,
      'latin1',
    );
    const padded = Buffer.alloc(Math.ceil(data.length / 512) * 512);
    data.copy(padded);
    parts.push(h, padded);
    at += 512 + padded.length;
  }
  return Buffer.concat([...parts, Buffer.alloc(1024)]);
}

export function ogg(size: number): Buffer {
  const table = new Uint32Array(256).map((_, i) => {
    let r = i << 24;
    for (let j = 0; j < 8; j++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1;
    return r >>> 0;
  });
  const parts: Buffer[] = [];
  for (let i = 0, at = 0; at < size; i++) {
    const segs = 1 + ((i * 7) % 255);
    const body = xorshiftBytes(segs * 255 - (i % 200), i + 50);
    const lacing = [...Array(Math.floor(body.length / 255)).fill(255), body.length % 255];
    const p = cat(
      [0x4f, 0x67, 0x67, 0x53, 0, 0],
      Buffer.alloc(8),
      u32le(7),
      u32le(i),
      [0, 0, 0, 0, lacing.length],
      lacing,
      body,
    );
    let c = 0;
    for (const b of p) c = ((c << 8) ^ table[((c >>> 24) ^ b) & 255]) >>> 0;
    p.writeUInt32LE(c, 22);
    parts.push(p);
    at += p.length;
  }
  return Buffer.concat(parts);
}

export function flac(size: number): Buffer {
  const crc8 = (bytes: Uint8Array) => {
    let c = 0;
    for (const b of bytes) {
      c ^= b;
      for (let j = 0; j < 8; j++) c = c & 0x80 ? ((c << 1) ^ 0x07) & 255 : (c << 1) & 255;
    }
    return c;
  };
  const crc16 = (bytes: Uint8Array) => {
    let c = 0;
    for (const b of bytes) {
      c ^= b << 8;
      for (let j = 0; j < 8; j++) c = c & 0x8000 ? ((c << 1) ^ 0x8005) & 0xffff : (c << 1) & 0xffff;
    }
    return c;
  };
  const info = cat(
    [0x66, 0x4c, 0x61, 0x43, 0x80, 0, 0, 34],
    [0x10, 0, 0x10, 0, 0, 0, 0, 0, 0, 0, 0x0a, 0xc4, 0x42, 0xf0, 0, 0, 0, 0],
    Buffer.alloc(16),
  );
  // A few distinct frames, repeated; their payloads hold 0xFF 0xF8 (a false sync) every 97 bytes, so
  // the walk's header test meets candidates that are not headers.
  const frames = [0, 1, 2, 3].map((i) => {
    const head = [0xff, 0xf8, 0x19, 0x08, i];
    const frame = cat(
      head,
      [crc8(Uint8Array.from(head))],
      xorshiftBytes(20_000 + 1_000 * i, i + 90).map((b, j) => (j % 97 === 0 ? 0xff : j % 97 === 1 ? 0xf8 : b & 0x7f)),
    );
    const c = crc16(frame);
    return cat(frame, [c >> 8, c & 255]);
  });
  const parts = [info];
  for (let i = 0, at = 0; at < size; i++) {
    parts.push(frames[i % 4]);
    at += frames[i % 4].length;
  }
  return Buffer.concat(parts);
}

/** A PNG of `idats` IDAT chunks of `size` bytes each, every CRC right. */
export function smallPng(idats: number, size: number): Uint8Array {
  const chunk = (kind: string, data: Uint8Array) => {
    const body = Buffer.concat([Buffer.from(kind, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const ihdr = Uint8Array.from([0, 0, 0, 16, 0, 0, 0, 16, 8, 0, 0, 0, 0]);
  const parts = [Buffer.from([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10]), chunk('IHDR', ihdr)];
  for (let i = 0; i < idats; i++)
    parts.push(
      chunk(
        'IDAT',
        new Uint8Array(size).map((_, j) => (i * 131 + j * 7) & 255),
      ),
    );
  parts.push(chunk('IEND', new Uint8Array(0)));
  return new Uint8Array(Buffer.concat(parts));
}
