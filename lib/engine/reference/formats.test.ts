import { describe, expect, it } from 'vitest';
import { extensionOf } from '../shared/names.ts';
import type { Family } from './tables.ts';
import { detect, familyByMagic, isText, looksLikeSvg } from './formats.ts';

const bytes = (...parts: (string | number[])[]): Uint8Array =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? Array.from(p, (ch) => ch.charCodeAt(0)) : p)));
const zeros = (n: number): number[] => new Array<number>(n).fill(0);
/** A little-endian u32. */
const u32 = (v: number): number[] => [v & 255, (v >>> 8) & 255, (v >>> 16) & 255, v >>> 24];

describe('magic bytes, in the table order of docs/contract.md (section 7.1)', () => {
  const cases: [string, Uint8Array, Family][] = [
    ['png', bytes([0x89], 'PNG\r\n\x1a\n', zeros(8)), 'png'],
    ['pdf', bytes('%PDF-1.7\n'), 'pdf'],
    ['zip local header', bytes('PK\x03\x04', zeros(26)), 'zip'],
    ['zip empty archive', bytes('PK\x05\x06', zeros(18)), 'zip'],
    ['zip spanned', bytes('PK\x07\x08'), 'zip'],
    ['jpeg', bytes([0xff, 0xd8, 0xff, 0xe0]), 'jpeg'],
    ['gif87a', bytes('GIF87a'), 'gif'],
    ['gif89a', bytes('GIF89a', zeros(7)), 'gif'],
    ['tiff little-endian', bytes('II*\x00', u32(8)), 'tiff'],
    ['tiff big-endian', bytes('MM\x00*', [0, 0, 0, 8]), 'tiff'],
    ['webp', bytes('RIFF', u32(100), 'WEBPVP8 '), 'webp'],
    ['avi', bytes('RIFF', u32(100), 'AVI LIST'), 'avi'],
    ['wav', bytes('RIFF', u32(100), 'WAVEfmt '), 'wav'],
    ['mp4', bytes([0, 0, 0, 0x20], 'ftypisom'), 'isobmff'],
    ['matroska', bytes([0x1a, 0x45, 0xdf, 0xa3]), 'matroska'],
    ['flv', bytes('FLV\x01\x05'), 'flv'],
    ['flac', bytes('fLaC'), 'flac'],
    ['ogg', bytes('OggS\x00'), 'ogg'],
    ['wma', bytes([0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11]), 'wma'],
    ['msi', bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), 'msi'],
    ['rar', bytes('Rar!\x1a\x07\x00'), 'rar'],
    ['7z', bytes('7z', [0xbc, 0xaf, 0x27, 0x1c]), '7z'],
    ['tar', bytes(zeros(257), 'ustar\x0000'), 'tar'],
    ['xz', bytes([0xfd], '7zXZ', [0]), 'xz'],
    ['gzip', bytes([0x1f, 0x8b, 8]), 'gzip'],
    ['cab', bytes('MSCF'), 'cab'],
    ['mp3 with ID3', bytes('ID3\x04'), 'mp3'],
    ['pe', bytes('MZ\x90\x00'), 'pe'],
    ['bmp', bytes('BM', zeros(12), u32(40)), 'bmp'],
    ['bmp v5 header', bytes('BM', zeros(12), u32(124)), 'bmp'],
    ['ico', bytes([0, 0, 1, 0, 1, 0]), 'ico'],
    ['aac (ADTS)', bytes([0xff, 0xf1]), 'aac'],
    ['mp3 frame sync', bytes([0xff, 0xfb, 0x90]), 'mp3'],
  ];
  for (const [what, input, family] of cases) {
    it(`${what} is ${family}`, () => {
      expect(familyByMagic(input)).toBe(family);
      // Magic wins over any extension.
      expect(detect(input, 'txt')).toBe(family);
    });
  }

  it('finds nothing where a pattern is not quite there', () => {
    const misses: Uint8Array[] = [
      bytes('XXXX', u32(100), 'WEBP'), // a RIFF form without RIFF
      bytes('BZh'),
      bytes('BM', zeros(12), u32(41)), // not a BMP info header size
      bytes('BM', zeros(12), [40, 0, 0]), // too short for the size field
      bytes([0, 0, 1, 0, 0, 0]), // ico with zero images
      bytes([0, 0, 1, 0, 1]), // ico too short
      bytes([0xff, 0xe1]), // frame sync with layer bits 00 and not ADTS
      bytes([0xff]),
      bytes(zeros(256), 'ustar'), // ustar one byte early
      bytes('%PDF'),
      new Uint8Array(0),
    ];
    for (const b of misses) expect(familyByMagic(b)).toBeUndefined();
  });

  it('bzip2: starts BZh and byte 3, the block size, is 1..9 (regression: byte 2 was read)', () => {
    expect(familyByMagic(bytes('BZh91AY&SY'))).toBe('bzip2');
    expect(familyByMagic(bytes('BZh01AY&SY'))).toBeUndefined();
    expect(familyByMagic(bytes('BZh'))).toBeUndefined();
    expect(detect(bytes('BZh91AY&SY', [0xff, 0x00, 0x80]), '')).toBe('bzip2');
  });

  it('reads the table in order: the first matching row wins', () => {
    // "MZ" files are PE unless an earlier row matches; an ID3 tag is mp3 before the frame-sync rules.
    expect(familyByMagic(bytes('ID3', [0xff, 0xfb]))).toBe('mp3');
    // A RIFF file whose form type is unknown is not webp/avi/wav.
    expect(familyByMagic(bytes('RIFF', u32(4), 'CDXA'))).toBeUndefined();
  });
});

describe('extension, then text, then generic', () => {
  it('uses the extension when the magic says nothing', () => {
    expect(detect(bytes('plain words here'), 'png')).toBe('png');
    expect(detect(bytes([0, 1, 2, 3, 200, 201]), 'docx')).toBe('zip');
    expect(detect(new Uint8Array(0), 'csv')).toBe('text');
    expect(detect(bytes('hello'), 'bin')).toBe('generic');
  });

  it('extensions arrive lower-cased (extensionOf does that)', () => {
    expect(detect(new Uint8Array(0), 'CSV')).toBe('generic');
    expect(detect(new Uint8Array(0), extensionOf('DATA.CSV'))).toBe('text');
  });

  it('detects text and svg without a known extension', () => {
    expect(detect(bytes('plain words here'), '')).toBe('text');
    expect(detect(bytes('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>'), '')).toBe('svg');
    expect(detect(bytes([0, 1, 2, 3, 200, 201]), '')).toBe('generic');
    expect(detect(new Uint8Array(0), '')).toBe('generic');
  });

  it('text: over 95% printable in the first 8192 bytes, UTF-8 bytes counting as printable', () => {
    const text = (len: number, odd: number): Uint8Array => {
      const b = new Uint8Array(len).fill(0x61);
      b.fill(0x01, 0, odd);
      return b;
    };
    expect(isText(text(100, 4))).toBe(true);
    expect(isText(text(100, 5))).toBe(false); // exactly 95% is not over 95%
    expect(isText(bytes('\t\n\x0c\r ~', [0x80, 0xff]))).toBe(true);
    expect(isText(bytes([0x7f]))).toBe(false);
    expect(isText(bytes([0x0b]))).toBe(false);
    // Only the first 8192 bytes count.
    const late = new Uint8Array(20000).fill(0x61);
    late.fill(0, 8192);
    expect(isText(late)).toBe(true);
  });

  it('svg: `<svg` within the first 8192 bytes', () => {
    const early = new Uint8Array(9000).fill(0x20);
    early.set(bytes('<svg'), 8188);
    expect(looksLikeSvg(early)).toBe(true);
    const late = new Uint8Array(9000).fill(0x20);
    late.set(bytes('<svg'), 8189);
    expect(looksLikeSvg(late)).toBe(false);
    expect(detect(late, '')).toBe('text');
  });
});
