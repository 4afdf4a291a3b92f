// The reports' host fields and change maps from fracture-host through the outputs module
// (reports.ts): links that read back to the replay command on generated reports, and the change map
// against its rules written the obvious way on generated files.
import { describe, expect, it } from 'vitest';
import { linkArgs, readShareLink } from '../../report/share-link-read.ts';
import { SITE_ORIGIN } from '../shared/mode-tables.ts';
import type { Report } from '../shared/types.ts';
import { loadOutputsModule } from './node.ts';
import { naive, pair, rng } from './testing/pairs.ts';
import { bytesSource, changeMapOf, withHostFields } from './reports.ts';

const outputs = await loadOutputsModule();

const NAMES = [
  'a.png',
  'my photo.jpg',
  "it's.txt",
  '-rf',
  'new\nline.csv',
  'bidi\u202egnp.exe',
  'c1\u0085',
  'ü ✓.tar.gz',
  '',
];

function report(r: () => number): Report {
  const pick = <T>(list: readonly T[]) => list[Math.floor(r() * list.length)];
  const mode = pick([
    'byte_flip',
    'bit_rot',
    'text_transfer',
    'charset_roundtrip',
    'misdirected_write',
    'shuffle_blocks',
  ]);
  const fields: Record<string, unknown> = {
    engine: 'fracture-engine/1',
    filename: pick(NAMES),
    original_size: Math.floor(r() * 2 ** 40),
    mode,
    intensity: 1 + Math.floor(r() * 100),
    seed: Math.floor(r() * Number.MAX_SAFE_INTEGER),
  };
  if (r() < 0.4) fields.ranges = pick(['only 0:16', 'only 16:-32, only -0:, protect :512', 'protect 0x10:0x20']);
  if (r() < 0.3) fields.checksums_fixed = { png_crc: 2 };
  if (mode === 'text_transfer') fields.direction = pick(['lf_to_crlf', 'crlf_to_lf']);
  if (mode === 'charset_roundtrip') {
    fields.direction = pick(['to_utf8', 'from_utf8']);
    fields.charset = pick(['cp1252', 'latin1']);
    fields.bom = pick(['keep', 'strip', 'add']);
  }
  if (mode === 'misdirected_write' || mode === 'shuffle_blocks') fields.block_size = pick([512, 4096]);
  if (r() < 0.3) fields.member = { glob: pick(['*.xml', 'word/document.xml', 'a b/*']), members: [] };
  fields.sha256_after = 'ff';
  return fields as unknown as Report;
}

describe("the outputs module's host fields", () => {
  it('link back to the replay command on 500 generated reports: the link read back runs as the replay', () => {
    const r = rng(7);
    for (let i = 0; i < 500; i++) {
      const engine = report(r);
      const origin = i % 5 === 0 ? 'https://qa.example.org' : undefined;
      const ours = withHostFields(outputs, engine, { origin });
      const where = JSON.stringify(engine);
      expect(Object.keys(ours), where).toEqual([...Object.keys(engine), 'replay', 'share_link']);
      expect(ours.share_link.startsWith(`${origin ?? SITE_ORIGIN}/?v=2&mode=${engine.mode}&`), where).toBe(true);
      const read = readShareLink(new URL(ours.share_link).search);
      if (!read.ok) throw new Error(`${where}: ${read.problems.join('; ')}`);
      expect([read.run.file, read.run.size], where).toEqual([engine.filename, engine.original_size]);
      expect(outputs.commandOf(linkArgs(read.run.settings), engine.filename), where).toBe(ours.replay);
    }
  });

  it("name a file whose name is not UTF-8 by its bytes, and a UTF-8 one by the report's filename", () => {
    const engine = { ...report(rng(3)), mode: 'byte_flip', filename: 'caf\ufffd.txt' } as Report;
    const replayName = Uint8Array.from([0x63, 0x61, 0x66, 0xe9, 0x2e, 0x74, 0x78, 0x74]);
    const { replay } = withHostFields(outputs, engine, { replayName });
    expect(replay.endsWith(" $'caf\\xe9.txt'")).toBe(true);
    expect(
      withHostFields(
        outputs,
        { ...engine, filename: 'x.txt' },
        { replayName: new TextEncoder().encode('x.txt') },
      ).replay.endsWith(' x.txt'),
    ).toBe(true);
  });
});

describe("the outputs module's change map", () => {
  it('agrees with the obvious rules on 400 random pairs: flips, changed stretches, cuts, insertions, empty files', async () => {
    for (let seed = 1; seed <= 400; seed++) {
      const { a, b } = pair(seed);
      const ref = naive(a, b);
      const map = await changeMapOf(outputs, bytesSource(a), bytesSource(b));
      const where = `seed ${seed}`;
      expect([map.originalSize, map.resultSize, map.span, map.aligned], where).toEqual([
        a.length,
        b.length,
        ref.span,
        ref.aligned,
      ]);
      expect(map.changedBytes, where).toBe(ref.flags.filter(Boolean).length);
      expect(map.runs, where).toBe(ref.runs.length);
      expect(map.firstChange, where).toBe(ref.runs[0]?.start ?? -1);
      expect(map.changed.length, where).toBe(Math.min(256, ref.span));
      for (let s = 0; s < map.changed.length; s++) {
        const lo = Math.floor((s * ref.span) / map.changed.length);
        const hi = Math.floor(((s + 1) * ref.span) / map.changed.length);
        expect(map.changed[s], where).toBe(ref.flags.slice(lo, hi).filter(Boolean).length);
        expect(map.runStarts[s], where).toBe(ref.runs.filter((run) => run.start >= lo && run.start < hi).length);
      }
    }
  });

  it('marks a cut in the original and an insertion in the result at the same offset', async () => {
    const a = new TextEncoder().encode('0123456789abcdefghij');
    const cut = new TextEncoder().encode('01234XYfghij');
    const map = await changeMapOf(outputs, bytesSource(a), bytesSource(cut));
    // 'fghij' is the common suffix; 56789abcde (10 bytes) became XY: 2 compared, 8 cut.
    expect([map.splice, map.aligned, map.changedBytes, map.runs]).toEqual([
      { at: 7, removed: 8, inserted: 0 },
      7,
      10,
      1,
    ]);
    const grown = await changeMapOf(outputs, bytesSource(cut), bytesSource(a));
    expect(grown.splice).toEqual({ at: 7, removed: 0, inserted: 8 });
    const same = new Uint8Array([1, 2, 3]);
    expect(await changeMapOf(outputs, bytesSource(same), bytesSource(same.slice()))).toMatchObject({
      changedBytes: 0,
      runs: 0,
      firstChange: -1,
      splice: null,
    });
  });

  it('reads a 20 MiB pair a chunk at a time and finds the one changed byte and the cut', async () => {
    const a = new Uint8Array(20 * 1024 * 1024).map((_, i) => i % 251);
    const b = Uint8Array.from([...a.subarray(0, 5_000_000), ...a.subarray(5_000_100)]);
    b[1_000_000] ^= 1;
    const reads: number[] = [];
    const counted = (bytes: Uint8Array) => ({
      size: bytes.length,
      read: (start: number, end: number) => {
        reads.push(end - start);
        return bytes.subarray(start, end);
      },
    });
    const map = await changeMapOf(outputs, counted(a), counted(b));
    expect([map.changedBytes, map.runs, map.firstChange, map.splice]).toEqual([
      101,
      2,
      1_000_000,
      { at: 5_000_000, removed: 100, inserted: 0 },
    ]);
    expect(Math.max(...reads)).toBe(4 * 1024 * 1024);
  });
});
