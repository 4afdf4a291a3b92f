// The batch ZIP as the page makes it (lib/zip/batch.ts over the outputs module's BatchZip, the host
// crate's writer that both command lines use), judged by real readers: Python's zipfile, unzip -t,
// 7-Zip and Java's streaming ZipInputStream. The layout's own unit tests are the host crate's
// (`cargo test -p fracture-host`: batch, session, zip); these check what a user gets.
import { execFile, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { open, readdir, readFile, rm, statfs, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOutputsModule, type OutputsModule } from '../engine/host-module/node.ts';
import { ENGINE_VERSION, VERDICT, type Report } from '../engine/shared/types.ts';
import { batchZip, type BatchOptions, type BatchResult, type BatchRun, type SessionReport } from './batch.ts';
import { inspectWithPython, makeTempDir, readWithJavaStream, sevenZipTest, unzipTest } from './testing/readers.ts';
import { pseudoRandom } from './testing/bytes.ts';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const utf8 = (s: string) => new TextEncoder().encode(s) as Uint8Array<ArrayBuffer>;
// Local time: the archive's and the report's names and the entries' DOS dates read the user's clock,
// as the command lines' do without SOURCE_DATE_EPOCH (docs/zip.md, "Timestamps").
const STARTED = new Date(2025, 0, 2, 3, 4, 5, 678);
const STEM = 'fracture_session_20250102-030405';
const dosFields = (d: Date) => [
  d.getFullYear(),
  d.getMonth() + 1,
  d.getDate(),
  d.getHours(),
  d.getMinutes(),
  d.getSeconds() & ~1, // DOS time has 2-second steps
];
const RUN: BatchRun = { startedAt: STARTED, mode: 'byte_flip', intensity: 80, masterSeed: 100 };

function report(filename: string, overrides: Partial<Report> = {}): Report {
  return {
    engine: ENGINE_VERSION,
    filename,
    format: 'generic',
    original_size: 1000,
    result_size: 1000,
    mode: 'byte_flip',
    intensity: 86,
    seed: 1234567890,
    time_ms: 12.5,
    ops_ms: 3.25,
    before_entropy: 7.8234,
    after_entropy: 7.9871,
    entropy_delta: 0.1637,
    verdict: VERDICT,
    recipe: 'Random byte flips',
    strategy: 'byte_flip',
    guarantee: false,
    ops: 419,
    preserve_header: 5,
    sha256_before: 'a'.repeat(64),
    sha256_after: 'b'.repeat(64),
    ...overrides,
  };
}

/** A Blob whose stream() calls are counted (new Blob([it]) reads it without stream()). */
class CountedBlob extends Blob {
  reads = 0;
  override stream() {
    this.reads++;
    return super.stream();
  }
}

let outputs: OutputsModule;
let temp: Awaited<ReturnType<typeof makeTempDir>>;
beforeAll(async () => {
  outputs = await loadOutputsModule();
  temp = await makeTempDir('fracture-batch-');
});
afterAll(async () => {
  await temp.remove();
});

const zip = (results: readonly BatchResult[], options?: BatchOptions, run: BatchRun = RUN) =>
  batchZip(outputs, run, results, options);

async function save(blob: Blob, name: string): Promise<string> {
  const path = join(temp.dir, name);
  await writeFile(path, new Uint8Array(await blob.arrayBuffer()));
  return path;
}

/** Every reader accepts the archive and returns exactly `expected` (name → SHA-256), in order. */
async function expectReadersAgree(path: string, expected: [name: string, sha256: string][]) {
  const python = await inspectWithPython(path);
  expect(python.testzip).toBeNull();
  expect(python.entries.map((e) => [e.name, e.sha256])).toEqual(expected);
  const unzip = await unzipTest(path);
  expect(unzip.ok, unzip.output).toBe(true);
  const sevenZip = await sevenZipTest(path);
  expect(sevenZip.ok, sevenZip.output).toBe(true);
  const streamed = await readWithJavaStream(path, temp.dir);
  expect(streamed.map((e) => [e.name, e.sha256])).toEqual(expected);
  return python;
}

/** Results of every kind the page hands over: in-memory bytes and Blobs, empty, large, odd names. */
function mixed(): { results: BatchResult[]; entries: [string, string][] } {
  const files: [string, string, Uint8Array<ArrayBuffer> | Blob, Uint8Array][] = [];
  const add = (filename: string, entry: string, bytes: Uint8Array<ArrayBuffer>, blob = false) =>
    files.push([filename, entry, blob ? new CountedBlob([bytes]) : bytes, bytes]);
  add('hello.txt', 'hello_corrupted.txt', utf8('hello, archive\n'));
  add('empty.bin', 'empty_corrupted.bin', new Uint8Array(0));
  add('big.bin', 'big_corrupted.bin', pseudoRandom(3 * 1024 * 1024 + 7, 1));
  add('blob.bin', 'blob_corrupted.bin', pseudoRandom(2 * 1024 * 1024 + 3, 2), true);
  add('Ünïcödé 文件 🧪.txt', 'Ünïcödé 文件 🧪_corrupted.txt', utf8('utf-8 name'), true);
  add('מסמך.pdf', 'מסמך_corrupted.pdf', utf8('rtl name'));
  // One flat folder (contract 11.6): a path keeps only its last part.
  add('nested/dir/file.json', 'file_corrupted.json', utf8('{}'), true);
  return {
    results: files.map(([filename, , data, bytes], i) => ({
      data,
      report: report(filename, { seed: 100 + i, result_size: bytes.length, sha256_after: sha256(bytes) }),
    })),
    entries: files.map(([, entry, , bytes]) => [entry, sha256(bytes)]),
  };
}

describe('the batch ZIP', () => {
  it('holds every result, then the session report, and Python, unzip, 7-Zip and a streaming reader read it back', async () => {
    const { results, entries } = mixed();
    const made = await zip(results);
    expect(made.name).toBe(`${STEM}.zip`);
    expect(made.blob.type).toBe('application/zip');
    const path = await save(made.blob, made.name);
    const reportName = `${STEM}_session_report.json`;
    const json = execFileSync('unzip', ['-p', path, reportName]);
    const python = await expectReadersAgree(path, [...entries, [reportName, sha256(json)]]);
    expect(JSON.parse(json.toString('utf8'))).toEqual(made.session);

    for (const entry of python.entries) {
      expect(entry.compress_type, entry.name).toBe(0); // STORE
      expect(entry.compress_size).toBe(entry.size);
      expect(entry.flag_bits & 0x0800, `${entry.name}: UTF-8 flag`).toBe(0x0800);
      expect(entry.flag_bits & 0x0008, `${entry.name}: no data descriptor`).toBe(0);
      // The local header carries the real CRC and sizes, as streaming readers need.
      expect(entry.local).toEqual({
        flag_bits: entry.flag_bits,
        crc: entry.crc,
        compress_size: entry.size,
        file_size: entry.size,
        name: entry.name,
      });
      expect(entry.create_system).toBe(3);
      expect(entry.external_attr >>> 16).toBe(0o100644);
      // Every entry carries the session's start, so the archive does not depend on when it was zipped.
      expect(entry.date_time).toEqual(dosFields(STARTED));
      expect(entry.mtime).toBe(Math.floor(STARTED.getTime() / 1000));
    }
    // Each Blob was read once, for its CRC-32; the archive holds it by reference.
    expect(results.flatMap((r) => (r.data instanceof CountedBlob ? [r.data.reads] : []))).toEqual([1, 1, 1]);
  });

  it('writes the session report as the command lines do: its fields in order, each file with its entry name', async () => {
    const results = [
      { data: utf8('x'), report: report('example_document.pdf', { original_size: 15_482_880, time_ms: 1230 }) },
      {
        data: utf8('y'),
        report: report('data.csv', {
          seed: 1234567891,
          entropy_delta: -0.0421,
          time_ms: 40.25,
          recipe: 'Cut and replace',
        }),
      },
    ];
    const { session } = await zip(results, undefined, { ...RUN, intensity: 86, masterSeed: 1234567890 });
    expect(Object.keys(session)).toEqual([
      'session_timestamp',
      'total_files',
      'mode',
      'intensity',
      'master_seed',
      'session_duration_ms',
      'total_entropy_delta',
      'recoverability',
      'files',
    ]);
    expect({ ...session, files: undefined }).toEqual({
      session_timestamp: STARTED.toISOString(),
      total_files: 2,
      mode: 'byte_flip',
      intensity: 86,
      master_seed: 1234567890,
      session_duration_ms: 1270.25,
      total_entropy_delta: 0.1216,
      recoverability: 'Unlikely',
      files: undefined,
    });
    expect(session.files[1]).toEqual({
      filename: 'data.csv',
      archive_name: 'data_corrupted.csv',
      original_size: 1000,
      result_size: 1000,
      entropy_delta: -0.0421,
      time_ms: 40.25,
      seed: 1234567891,
      recipe: 'Cut and replace',
      verdict: VERDICT,
      engine: ENGINE_VERSION,
      sha256_after: 'b'.repeat(64),
    });
    expect(Object.keys(session.files[0])).toEqual(Object.keys(session.files[1]));
  });

  it('falls back to recipe "Unknown" and verdict "Won\'t Open", keeps a file\'s replay and expect_overall last, and sums without float noise', async () => {
    const files = [
      report('a.bin', { recipe: '', verdict: '', entropy_delta: 0.1, time_ms: 0.1 }),
      { ...report('b.png', { expect_overall: 'reject', entropy_delta: 0.2, time_ms: 0.2 }), replay: 'fracture b.png' },
      { filename: 'c.bin', original_size: 1, result_size: 1, entropy_delta: 0.00004, time_ms: 0.0004, seed: 8 },
      report('d.bin', { entropy_delta: -0.00001, time_ms: 0 }),
    ];
    const { session } = await zip(files.map((r) => ({ data: utf8(''), report: r })));
    expect(session.files.map((f) => [f.recipe, f.verdict])).toEqual([
      ['Unknown', "Won't Open"],
      ['Random byte flips', VERDICT],
      ['Unknown', "Won't Open"],
      ['Random byte flips', VERDICT],
    ]);
    expect(session.files[2]).not.toHaveProperty('engine');
    expect(Object.keys(session.files[1]).slice(-3)).toEqual(['sha256_after', 'replay', 'expect_overall']);
    expect(session.total_entropy_delta).toBe(0.3);
    expect(session.session_duration_ms).toBe(0.3);

    const empty = await zip([]);
    expect(JSON.stringify(empty.session)).toContain(
      '"total_files":0,"mode":"byte_flip","intensity":80,"master_seed":100,"session_duration_ms":0,"total_entropy_delta":0',
    );
    const tiny = await zip([{ data: utf8(''), report: report('x', { entropy_delta: -0.00001 }) }]);
    expect(Object.is(tiny.session.total_entropy_delta, 0)).toBe(true);
  });

  it("gives every file a safe, unique name that never takes the report's, and unzip extracts each inside its folder", async () => {
    const hostile = [
      'data.csv',
      'DATA.csv',
      'data.csv',
      '../../web/etc/passwd',
      '',
      'README',
      `${STEM}_session_report.json`,
      '../../../tmp/escape.txt',
      '/etc/passwd',
      'C:\\Windows\\System32\\evil.dll',
      '..',
      'invoice\u202Efdp.exe',
      '👩‍👩‍👧‍👦.png',
      'cafe\u0301.txt',
      'CAFÉ.TXT',
      `${'😀'.repeat(100)}.png`,
      'new\nline.txt',
      'nul',
      ...Array.from({ length: 20 }, () => 'same.bin'),
    ];
    const made = await zip(hostile.map((name, i) => ({ data: utf8(`#${i}`), report: report(name) })));
    const names = made.session.files.map((f) => f.archive_name);
    expect(names.slice(0, 7)).toEqual([
      'data_corrupted.csv',
      'DATA_corrupted (2).csv',
      'data_corrupted (3).csv',
      'passwd_corrupted.bin',
      'file_corrupted.bin',
      'README_corrupted.bin',
      `${STEM}_session_report_corrupted.json`,
    ]);
    expect(new Set(names.map((n) => n.normalize('NFC').toLowerCase())).size).toBe(names.length);
    const path = await save(made.blob, 'hostile.zip');
    expect((await unzipTest(path)).ok).toBe(true);
    expect((await sevenZipTest(path)).ok).toBe(true);
    const out = join(temp.dir, 'hostile');
    await promisify(execFile)('unzip', ['-q', path, '-d', out], { env: { ...process.env, LC_ALL: 'C.UTF-8' } });
    const extracted = await readdir(out, { recursive: true });
    expect(extracted.sort()).toEqual([...names, `${STEM}_session_report.json`].sort());
  });

  it('holds the session PDF last when asked, made from the report the archive holds', async () => {
    const { results } = mixed();
    let given: SessionReport | undefined;
    const made = await zip(results.slice(0, 2), {
      pdf: (session) => {
        given = session;
        return utf8('%PDF-1.7 stand-in');
      },
    });
    expect(given).toEqual(made.session);
    const python = await inspectWithPython(await save(made.blob, 'pdf.zip'));
    expect(python.entries.map((e) => e.name).slice(-2)).toEqual([
      `${STEM}_session_report.json`,
      `${STEM}_session_report.pdf`,
    ]);
    expect(python.entries.at(-1)?.sha256).toBe(sha256(utf8('%PDF-1.7 stand-in')));
  });

  it('writes the same bytes for the same results and start', async () => {
    const [a, b] = await Promise.all([zip(mixed().results), zip(mixed().results)]);
    const bytes = async (blob: Blob) => sha256(new Uint8Array(await blob.arrayBuffer()));
    expect(a.blob.size).toBeGreaterThan(5_000_000);
    expect(await bytes(a.blob)).toBe(await bytes(b.blob));
  });

  it('is exactly local headers, data and the central directory: no data descriptors, no padding', async () => {
    const made = await zip([
      { data: utf8('AAA'), report: report('a') },
      { data: utf8(''), report: report('bb') },
    ]);
    const python = await inspectWithPython(await save(made.blob, 'exact.zip'));
    const timestamp = 9; // the Info-ZIP extended timestamp field, in both headers
    const names = python.entries.map((e) => new TextEncoder().encode(e.name).length);
    const data = python.entries.reduce((n, e) => n + e.size, 0);
    const headers = names.reduce((n, name) => n + (30 + name + timestamp) + (46 + name + timestamp), 0);
    expect(made.blob.size).toBe(headers + data + 22);
  });

  it.each([
    ['1970, before DOS dates', new Date(Date.UTC(1970, 0, 1)), [1980, 1, 1, 0, 0, 0], 315532800],
    // Past 2038 the extended timestamp's signed 32 bits overflow, so it is left out.
    ['2200, after them', new Date(Date.UTC(2200, 5, 1)), [2107, 12, 31, 23, 59, 58], null],
    ['a leap day', new Date(Date.UTC(2000, 1, 29, 23, 59, 59)), [2000, 2, 29, 23, 59, 58], 951868799],
  ])('dates every entry by the session start, clamped to what DOS holds: %s', async (_, startedAt, fields, mtime) => {
    // Read on a UTC clock, so the fields do not depend on where the test runs.
    const run = { ...RUN, startedAt, utcOffsetS: 0 };
    const made = await zip([{ data: utf8('x'), report: report('x.txt') }], undefined, run);
    const path = await save(made.blob, 'dates.zip');
    const python = await inspectWithPython(path);
    for (const entry of python.entries) expect([entry.date_time, entry.mtime]).toEqual([fields, mtime]);
    expect((await unzipTest(path)).ok).toBe(true);
  });

  it('with forceZip64 writes ZIP64 fields and end records that every reader follows', async () => {
    const { results, entries } = mixed();
    const made = await zip(results, { forceZip64: true });
    const path = await save(made.blob, 'forced64.zip');
    const json = execFileSync('unzip', ['-p', path, `${STEM}_session_report.json`]);
    const python = await expectReadersAgree(path, [...entries, [`${STEM}_session_report.json`, sha256(json)]]);
    for (const entry of python.entries) {
      expect(entry.local.file_size, entry.name).toBe(entry.size); // resolved from the local ZIP64 field
      expect(entry.flag_bits & 0x0008).toBe(0);
    }
    const bytes = await readFile(path);
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const eocd = bytes.length - 22;
    expect(view.getUint32(eocd, true)).toBe(0x06054b50);
    // Every classic field holds its "see ZIP64" marker, so a reader that ignored ZIP64 would fail.
    expect([view.getUint16(eocd + 10, true), view.getUint32(eocd + 12, true), view.getUint32(eocd + 16, true)]).toEqual(
      [0xffff, 0xffffffff, 0xffffffff],
    );
    const locator = eocd - 20;
    expect(view.getUint32(locator, true)).toBe(0x07064b50);
    const zip64End = Number(view.getBigUint64(locator + 8, true));
    expect(view.getUint32(zip64End, true)).toBe(0x06064b50);
    expect(Number(view.getBigUint64(zip64End + 32, true))).toBe(entries.length + 1);
    // A local header with both sizes set to the marker: the data really is behind a ZIP64 field.
    expect([
      view.getUint32(0, true),
      view.getUint32(18, true),
      view.getUint32(22, true),
      view.getUint16(4, true),
    ]).toEqual([0x04034b50, 0xffffffff, 0xffffffff, 45]);
  });

  it('holds more than 65,535 files with a ZIP64 end record, and all come back', { timeout: 120_000 }, async () => {
    const count = 70_000;
    const body = (i: number) => utf8(`entry ${i}\n`);
    const results = Array.from({ length: count }, (_, i) => ({
      data: body(i),
      report: {
        filename: `${String(i).padStart(5, '0')}.txt`,
        original_size: 9,
        result_size: 9,
        entropy_delta: 0,
        time_ms: 0,
        seed: i,
      },
    }));
    const path = await save((await zip(results)).blob, 'many.zip');
    const python = await inspectWithPython(path);
    expect(python.testzip).toBeNull();
    expect(python.entries.length).toBe(count + 1);
    python.entries.slice(0, count).forEach((entry, i) => {
      if (entry.name !== `${String(i).padStart(5, '0')}_corrupted.txt` || entry.sha256 !== sha256(body(i)))
        expect.fail(`entry ${i}: ${entry.name}`);
    });
    const sevenZip = await sevenZipTest(path);
    expect(sevenZip.ok, sevenZip.output).toBe(true);
    expect(sevenZip.output).toMatch(/Files: 70001/);
    const bytes = await readFile(path);
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const eocd = bytes.length - 22;
    expect(view.getUint16(eocd + 10, true)).toBe(0xffff);
    expect(view.getUint32(eocd - 20, true)).toBe(0x07064b50);
    // Sizes and offsets still fit in 32 bits, so those fields keep their real values.
    expect(view.getUint32(eocd + 16, true)).toBeLessThan(0xffffffff);
  });

  it('names the entry whose Blob cannot be read, and refuses one that reads short, rather than write a false CRC', async () => {
    class Broken extends Blob {
      override stream() {
        return new ReadableStream<Uint8Array<ArrayBuffer>>({ pull: (c) => c.error(new Error('disk gone')) });
      }
    }
    class Short extends Blob {
      override stream() {
        return new Blob([utf8('short')]).stream();
      }
    }
    const ok = { data: utf8('fine'), report: report('ok.txt') };
    await expect(zip([ok, { data: new Broken([utf8('0123456789')]), report: report('broken.bin') }])).rejects.toThrow(
      'Could not read ZIP entry "broken_corrupted.bin": disk gone',
    );
    await expect(zip([ok, { data: new Short([utf8('0123456789')]), report: report('short.bin') }])).rejects.toThrow(
      'ZIP entry "short_corrupted.bin" changed while it was being written',
    );
  });
});

// Over 4 GiB of output, streamed to a temp file through the module's BatchZip as the npm CLI's --zip
// writes it (the page cannot hold that much), and read by four readers: minutes on two cores, so it
// runs only with FRACTURE_SLOW_TESTS=1. It also needs room in the temp folder.
const HUGE_ARCHIVE_ROOM = 5 * 2 ** 30;
const slowTests = process.env.FRACTURE_SLOW_TESTS === '1';
const tmpFree = await statfs(tmpdir()).then((s) => s.bavail * s.bsize);
if (slowTests && tmpFree < HUGE_ARCHIVE_ROOM)
  throw new Error(`The 4 GiB ZIP test needs ${HUGE_ARCHIVE_ROOM} bytes free in ${tmpdir()}; ${tmpFree} are`);

it.skipIf(!slowTests)(
  'writes an entry over 4 GiB and an entry past the 4 GiB offset, and every reader follows the ZIP64 fields',
  { timeout: 15 * 60_000 },
  async () => {
    const HUGE = 2 ** 32 + 4099;
    // A pseudo-random period of prime length repeated: any misplaced byte changes the CRC.
    const PERIOD = 1_048_573;
    const doubled = pseudoRandom(2 * PERIOD, 2024);
    doubled.copyWithin(PERIOD, 0, PERIOD);
    const huge = function* () {
      for (let at = 0; at < HUGE; ) {
        const n = Math.min(PERIOD, HUGE - at);
        const start = at % PERIOD;
        yield doubled.subarray(start, start + n);
        at += n;
      }
    };
    const before = utf8('before the big one\n');
    const after = utf8('after the big one\n');
    const sizes = [before.length, HUGE, after.length];
    const reports = ['before.txt', 'huge.bin', 'after.txt'].map((filename, i) => ({
      filename,
      original_size: sizes[i],
      result_size: sizes[i],
      entropy_delta: 0,
      time_ms: 0,
      seed: i,
    }));
    const batch = new outputs.BatchZip(STARTED.getTime(), 0, 'byte_flip', 80, 1, false, JSON.stringify(reports), false);
    const path = join(temp.dir, 'huge.zip');
    const file = await open(path, 'w');
    let size = 0;
    const write = async (bytes: Uint8Array) => {
      await file.write(bytes);
      size += bytes.length;
    };
    const hugeHash = createHash('sha256');
    try {
      for (const [i, source] of [() => [before], huge, () => [after]].entries()) {
        const crc = new outputs.ZipCrc32();
        for (const piece of source()) {
          crc.update(piece);
          if (i === 1) hugeHash.update(piece);
        }
        await write(batch.fileHeader(sizes[i], crc.value()));
        crc.free();
        for (const piece of source()) await write(piece);
      }
      await write(batch.reportEntry());
      await write(batch.finish());
      await file.close();
      expect(size).toBeGreaterThan(HUGE);
      const python = await inspectWithPython(path);
      expect(python.testzip).toBeNull();
      expect(python.entries.slice(0, 3).map((e) => [e.name, e.sha256])).toEqual([
        ['before_corrupted.txt', sha256(before)],
        ['huge_corrupted.bin', hugeHash.digest('hex')],
        ['after_corrupted.txt', sha256(after)],
      ]);
      expect(python.entries[1].size).toBe(HUGE);
      expect(python.entries[1].local.file_size).toBe(HUGE);
      expect((await unzipTest(path)).ok).toBe(true);
      expect((await sevenZipTest(path)).ok).toBe(true);
      const streamed = await readWithJavaStream(path, temp.dir);
      expect(streamed.slice(0, 3).map((e) => e.sha256)).toEqual(python.entries.slice(0, 3).map((e) => e.sha256));
      // Only what overflowed is marked: the count still fits, the central directory's offset does not.
      const tail = new Uint8Array(98);
      const reread = await open(path, 'r');
      await reread.read(tail, 0, tail.length, size - tail.length);
      await reread.close();
      const view = new DataView(tail.buffer);
      const eocd = tail.length - 22;
      expect(view.getUint32(eocd, true)).toBe(0x06054b50);
      expect([view.getUint16(eocd + 10, true), view.getUint32(eocd + 16, true)]).toEqual([4, 0xffffffff]);
      expect(view.getUint32(eocd - 20, true)).toBe(0x07064b50);
      expect(view.getUint32(eocd - 76, true)).toBe(0x06064b50);
      expect(Number(view.getBigUint64(eocd - 76 + 48, true))).toBeGreaterThan(2 ** 32);
    } finally {
      batch.free();
      await rm(path, { force: true });
    }
  },
);
