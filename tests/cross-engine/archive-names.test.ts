// The oracle of entry names (archive-names.ts) held to the shared vectors and to the rule's
// properties. The product's names (engine-rs/host/src/entry_names.rs) pass the same vectors in
// `cargo test -p fracture-host`; lib/zip/batch.test.ts extracts hostile names from a real batch ZIP.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { archiveNames, EntryNamer, MAX_NAME_BYTES, safeEntryName, utf8Length } from './archive-names.ts';

const bytes = (s: string) => new TextEncoder().encode(s).length;
const graphemes = (s: string) =>
  Array.from(new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(s), (g) => g.segment);
const wellFormed = (s: string) => !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s);
const fold = (s: string) => s.toUpperCase().toLowerCase().normalize('NFC');

interface Vectors {
  safe: { why: string; raw?: string; raw_hex?: string; safe: string }[];
  archives: {
    why: string;
    reserved: string[];
    variants: boolean;
    files: { filename: string; seed: number }[];
    names: string[];
  }[];
}
const vectors = JSON.parse(readFileSync(new URL('../golden/zip-names.json', import.meta.url), 'utf8')) as Vectors;
const hexBytes = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (h) => Number.parseInt(h, 16));

// The rule of docs/contract.md, section 11.6, as the native CLI passes it too (engine-rs/host/src/entry_names.rs).
describe('the shared entry-name vectors (tests/golden/zip-names.json)', () => {
  it('has the cases', () => {
    expect(vectors.safe.length).toBeGreaterThanOrEqual(50);
    expect(vectors.archives.length).toBeGreaterThanOrEqual(10);
  });

  it.each(vectors.safe.map((c) => [c.why, c] as const))('safe: %s', (_, c) => {
    // A name given as bytes is decoded as the CLIs decode it: each maximal ill-formed subsequence as U+FFFD.
    const raw = c.raw ?? new TextDecoder().decode(hexBytes(c.raw_hex ?? ''));
    expect(safeEntryName(raw)).toBe(c.safe);
  });

  it.each(vectors.archives.map((c) => [c.why, c] as const))('archive: %s', (_, c) => {
    expect(archiveNames(c.reserved, c.files, c.variants)).toEqual(c.names);
  });
});

describe('safeEntryName', () => {
  it.each([
    ['report.pdf', 'report.pdf'],
    ['a/b/c.txt', 'c.txt'],
    ['C:\\Users\\me\\doc.pdf', 'doc.pdf'],
    ['C:doc.pdf', 'doc.pdf'],
    ['/etc/passwd', 'passwd'],
    ['\\\\server\\share\\f.txt', 'f.txt'],
    ['../../web/evil.sh', 'evil.sh'],
    ['..\\..\\evil.bat', 'evil.bat'],
    ['photos/', 'photos'],
    ['..', 'file'],
    ['.', 'file'],
    ['...', 'file'],
    ['', 'file'],
    ['   ', 'file'],
    ['///', 'file'],
    ['..txt', '..txt'], // not a parent reference: a name like any other
    ['.env', '.env'],
    ['report.pdf. . ', 'report.pdf'],
    ['a\u0000b\nc\u007f\u0085.txt', 'a_b_c__.txt'],
    ['line\u2028break.txt', 'line_break.txt'],
    ['notes: draft?.txt', 'notes_ draft_.txt'],
    ['a<b>c"d|e*f.txt', 'a_b_c_d_e_f.txt'],
    ['CON', '_CON'],
    ['nul.txt', '_nul.txt'],
    ['com1.log', '_com1.log'],
    ['LPT9 .txt', '_LPT9 .txt'],
    ['console.txt', 'console.txt'],
    ['bad\uD800half.txt', 'bad\uFFFDhalf.txt'],
  ])('%j → %j', (raw, safe) => {
    expect(safeEntryName(raw)).toBe(safe);
  });

  it('replaces bidirectional overrides that would spoof the extension', () => {
    expect(safeEntryName('invoice\u202Efdp.exe')).toBe('invoice_fdp.exe');
    expect(safeEntryName('x\u2066y\u2069.txt')).toBe('x_y_.txt');
  });

  it('keeps right-to-left names, emoji sequences and other scripts intact', () => {
    for (const name of [
      'דוח שנתי.pdf',
      'تقرير_corrupted.docx',
      '👩‍👩‍👧‍👦 family.png',
      '🏳️‍🌈.gif',
      '文件 ファイル 파일.txt',
      'Ελληνικά.csv',
      'हिन्दी.md',
    ]) {
      expect(safeEntryName(name)).toBe(name);
    }
  });

  it('normalises to NFC', () => {
    expect(safeEntryName('cafe\u0301.txt')).toBe('caf\u00e9.txt');
    expect(safeEntryName('\uFB01le.txt')).toBe('\uFB01le.txt'); // compatibility forms are left alone
  });

  it('shortens to 255 bytes before the extension', () => {
    const name = safeEntryName(`${'a'.repeat(300)}.txt`);
    expect(name).toBe(`${'a'.repeat(251)}.txt`);
    expect(bytes(name)).toBe(MAX_NAME_BYTES);
  });

  it('never splits a code point or a grapheme when shortening', () => {
    const emoji = safeEntryName(`${'😀'.repeat(100)}.png`);
    expect(wellFormed(emoji)).toBe(true);
    expect(emoji).toBe(`${'😀'.repeat(62)}.png`); // 62 × 4 bytes + 4 ≤ 255 < 63 × 4 + 4

    const family = '👩‍👩‍👧‍👦'; // 25 bytes: four emoji and three joiners
    const families = safeEntryName(`${family.repeat(20)}.txt`);
    expect(families).toBe(`${family.repeat(10)}.txt`);

    const marked = 'q\u0307'; // no precomposed form, so NFC keeps the pair
    const q = safeEntryName(`${marked.repeat(200)}.txt`);
    expect(graphemes(q.slice(0, -4)).every((g) => g === marked)).toBe(true);
    expect(bytes(q)).toBeLessThanOrEqual(MAX_NAME_BYTES);
    expect(bytes(q)).toBeGreaterThan(MAX_NAME_BYTES - 3);
  });

  it('cuts a name whose "extension" is most of it from the end', () => {
    const name = safeEntryName(`a.${'x'.repeat(300)}`);
    expect(name).toBe(`a.${'x'.repeat(253)}`);
  });

  it('turns any input into a well-formed, single, bounded, NFC name (fuzzed)', () => {
    const alphabet = [
      'a',
      'Z',
      '.',
      '..',
      '/',
      '\\',
      ' ',
      ':',
      'C:',
      '\u0000',
      '\n',
      '\u202E',
      '\u2069',
      'é',
      'e\u0301',
      '😀',
      '👩‍👧',
      '\uD800',
      '\uDC00',
      'ß',
      'Σ',
      'ς',
      'א',
      'ع',
      '*',
      '?',
      'con',
      '\u200D',
      '\u0085',
    ];
    let x = 42;
    const rand = (n: number) => {
      x = (Math.imul(x, 1103515245) + 12345) >>> 0;
      return x % n;
    };
    for (let i = 0; i < 3000; i++) {
      let raw = '';
      const length = rand(i % 10 === 0 ? 200 : 12);
      for (let k = 0; k < length; k++) raw += alphabet[rand(alphabet.length)];
      const safe = safeEntryName(raw);
      const context = JSON.stringify(raw);
      expect(safe.length, context).toBeGreaterThan(0);
      expect(wellFormed(safe), context).toBe(true);
      expect(safe, context).toBe(safe.normalize('NFC'));
      expect(bytes(safe), context).toBeLessThanOrEqual(MAX_NAME_BYTES);
      expect(safe, context).not.toMatch(
        // biome-ignore lint/suspicious/noControlCharactersInRegex: no control character may survive.
        /[/\\\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069<>:"|?*]|^\.\.?$|[. ]$/,
      );
      expect(utf8Length(safe), context).toBe(bytes(safe));
      expect(safeEntryName(safe), `${context} is not a fixed point`).toBe(safe);
    }
  });
});

describe('EntryNamer', () => {
  it('numbers repeats before the extension, ignoring case', () => {
    const namer = new EntryNamer();
    expect(['a.txt', 'A.TXT', 'a.txt', 'README', 'readme', '.env', '.ENV'].map((n) => namer.take(n))).toEqual([
      'a.txt',
      'A (2).TXT',
      'a (3).txt',
      'README',
      'readme (2)',
      '.env',
      '.ENV (2)',
    ]);
  });

  it('skips suffixes that a real name already holds', () => {
    const namer = new EntryNamer();
    expect(['x.pdf', 'x (2).pdf', 'X.pdf', 'x (3).PDF', 'x.pdf'].map((n) => namer.take(n))).toEqual([
      'x.pdf',
      'x (2).pdf',
      'X (3).pdf',
      'x (3) (2).PDF',
      'x (4).pdf',
    ]);
  });

  it('treats names one file system would merge as duplicates: NFC/NFD, ß/SS, final sigma', () => {
    const namer = new EntryNamer();
    expect(namer.take('café.txt')).toBe('café.txt');
    expect(namer.take('cafe\u0301.txt')).toBe('café (2).txt');
    expect(namer.take('STRASSE.txt')).toBe('STRASSE.txt');
    expect(namer.take('straße.txt')).toBe('straße (2).txt');
    expect(namer.take('ΟΔΟΣ.txt')).toBe('ΟΔΟΣ.txt');
    expect(namer.take('οδος.txt')).toBe('οδος (2).txt');
    expect(namer.take('οδοσ.txt')).toBe('οδοσ (3).txt');
  });

  it('keeps 1,000 copies of one name unique and in order', () => {
    const namer = new EntryNamer();
    const names = Array.from({ length: 1000 }, (_, i) => namer.take(i % 2 ? 'Report.PDF' : 'report.pdf'));
    expect(names[0]).toBe('report.pdf');
    expect(names[1]).toBe('Report (2).PDF');
    expect(names[999]).toBe('Report (1000).PDF');
    expect(new Set(names.map(fold)).size).toBe(1000);
  });

  it('keeps numbered names within 255 bytes', () => {
    const namer = new EntryNamer();
    const long = `${'ж'.repeat(200)}.txt`; // 404 bytes
    const first = namer.take(long);
    const second = namer.take(long);
    expect(bytes(first)).toBeLessThanOrEqual(MAX_NAME_BYTES);
    expect(second).toMatch(/^ж+ \(2\)\.txt$/);
    expect(bytes(second)).toBeLessThanOrEqual(MAX_NAME_BYTES);
  });
});
