import { createHash } from 'node:crypto';
import { open, readFile, rm, stat, statfs } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  inspectWithPython,
  makeTempDir,
  readWithJavaStream,
  sevenZipTest,
  streamToFile,
  unzipTest,
} from './testing/readers.ts';
import { streamToBlob, zipParts, zipStream, type BlobLike, type ZipEntry, type ZipOptions } from './writer.ts';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const utf8 = (s: string) => new TextEncoder().encode(s);
const SESSION = new Date(2024, 1, 29, 13, 45, 31); // local time, as DOS fields are

function pseudoRandom(length: number, seed: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(length);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

/**
 * A lazily generated source of `size` bytes: a pseudo-random period of prime length repeated, so
 * no two chunks line up the same way and any misplaced byte changes the CRC. Nothing is
 * materialised beyond the period. `log` records, per stream() call, how many chunks were pulled.
 */
class PatternSource implements BlobLike {
  readonly pulls: number[] = [];
  readonly cancelled: boolean[] = [];
  private static readonly PERIOD = 1_048_573;
  private static readonly doubled = (() => {
    const period = pseudoRandom(PatternSource.PERIOD, 2024);
    const d = new Uint8Array(period.length * 2);
    d.set(period);
    d.set(period, period.length);
    return d;
  })();

  constructor(
    readonly size: number,
    private readonly chunk = 1 << 20,
  ) {}

  stream(): ReadableStream<Uint8Array> {
    const call = this.pulls.push(0) - 1;
    this.cancelled.push(false);
    let position = 0;
    return new ReadableStream<Uint8Array>(
      {
        pull: (controller) => {
          if (position >= this.size) return controller.close();
          const n = Math.min(this.chunk, this.size - position, PatternSource.PERIOD);
          const start = position % PatternSource.PERIOD;
          position += n;
          this.pulls[call]++;
          controller.enqueue(PatternSource.doubled.subarray(start, start + n));
        },
        cancel: () => {
          this.cancelled[call] = true;
        },
      },
      { highWaterMark: 0 },
    );
  }

  /** SHA-256 of the whole source, streamed. */
  async sha256(): Promise<string> {
    const hash = createHash('sha256');
    const reader = this.stream().getReader();
    for (let r = await reader.read(); !r.done; r = await reader.read()) hash.update(r.value);
    return hash.digest('hex');
  }
}

async function collect(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

let temp: Awaited<ReturnType<typeof makeTempDir>>;
beforeAll(async () => {
  temp = await makeTempDir();
});
afterAll(async () => {
  await temp.remove();
});

async function writeArchive(name: string, entries: Iterable<ZipEntry> | AsyncIterable<ZipEntry>, options?: ZipOptions) {
  const path = join(temp.dir, name);
  const size = await streamToFile(zipStream(entries, options), path);
  return { path, size };
}

/** Every reader accepts the archive and returns exactly `expected` (name → SHA-256), in order. */
async function expectReadersAgree(path: string, expected: [name: string, sha256: string][], { java = true } = {}) {
  const python = await inspectWithPython(path);
  expect(python.testzip).toBeNull();
  expect(python.entries.map((e) => [e.name, e.sha256])).toEqual(expected);
  const unzip = await unzipTest(path);
  expect(unzip.ok, unzip.output).toBe(true);
  const sevenZip = await sevenZipTest(path);
  expect(sevenZip.ok, sevenZip.output).toBe(true);
  if (java) {
    const streamed = await readWithJavaStream(path, temp.dir);
    expect(streamed.map((e) => [e.name, e.sha256])).toEqual(expected);
  }
  return python;
}

const mixed = (): { entries: ZipEntry[]; expected: [string, string][] } => {
  const small = utf8('hello, archive\n');
  const big = pseudoRandom(3 * 1024 * 1024 + 7, 1);
  const blobBytes = pseudoRandom(2 * 1024 * 1024 + 3, 2);
  const pattern = new PatternSource(5_000_000, 65_536);
  const entries: ZipEntry[] = [
    { name: 'hello.txt', data: small },
    { name: 'empty.bin', data: new Uint8Array(0) },
    { name: 'big.bin', data: big },
    { name: 'blob.bin', data: new Blob([blobBytes]) },
    { name: 'pattern.bin', data: pattern },
    { name: 'Ünïcödé 文件 🧪.txt', data: utf8('utf-8 name') },
    { name: 'מסמך_corrupted.pdf', data: utf8('rtl name') },
    { name: 'nested/dir/file.json', data: utf8('{}') },
  ];
  return {
    entries,
    expected: [
      ['hello.txt', sha256(small)],
      ['empty.bin', sha256(new Uint8Array(0))],
      ['big.bin', sha256(big)],
      ['blob.bin', sha256(blobBytes)],
      ['pattern.bin', ''], // filled in by the test: PatternSource hashes asynchronously
      ['Ünïcödé 文件 🧪.txt', sha256(utf8('utf-8 name'))],
      ['מסמך_corrupted.pdf', sha256(utf8('rtl name'))],
      ['nested/dir/file.json', sha256(utf8('{}'))],
    ],
  };
};

// Over 4 GiB of output, streamed to a temp file and read by four readers: one to three minutes on
// two cores, so it runs only with FRACTURE_SLOW_TESTS=1 (the forced-ZIP64 test always runs). It
// also needs room in the temp folder.
const HUGE_ARCHIVE_ROOM = 5 * 2 ** 30;
const slowTests = process.env.FRACTURE_SLOW_TESTS === '1';
const tmpFree = await statfs(tmpdir()).then((s) => s.bavail * s.bsize);
if (slowTests && tmpFree < HUGE_ARCHIVE_ROOM)
  throw new Error(`The 4 GiB ZIP test needs ${HUGE_ARCHIVE_ROOM} bytes free in ${tmpdir()}; ${tmpFree} are`);

describe('zipStream', () => {
  it('writes an archive that Python, unzip, 7-Zip and a streaming reader all read back byte for byte', async () => {
    const { entries, expected } = mixed();
    expected[4][1] = await (entries[4].data as PatternSource).sha256();
    const { path, size } = await writeArchive('mixed.zip', entries, { modified: SESSION });
    expect((await stat(path)).size).toBe(size);
    const python = await expectReadersAgree(path, expected);

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
      expect(entry.date_time).toEqual([2024, 2, 29, 13, 45, 30]); // DOS time has 2-second steps
      expect(entry.mtime).toBe(Math.floor(SESSION.getTime() / 1000));
    }
  });

  it('writes the same bytes for the same entries and options', async () => {
    const a = mixed();
    const b = mixed();
    const [x, y] = await Promise.all([
      collect(zipStream(a.entries, { modified: SESSION })),
      collect(zipStream(b.entries, { modified: SESSION })),
    ]);
    expect(x.length).toBeGreaterThan(10_000_000);
    expect(sha256(x)).toBe(sha256(y));
  });

  it('zipParts: the same archive, with each Blob entry handed on as itself', async () => {
    const a = mixed();
    const b = mixed();
    const parts: (Uint8Array | BlobLike)[] = [];
    for await (const part of zipParts(a.entries, { modified: SESSION })) {
      parts.push(part instanceof Uint8Array ? part.slice() : part.source);
    }
    // The Blob and the generated source come back as the very objects given, not as copies.
    expect(parts.filter((p) => !(p instanceof Uint8Array))).toEqual([a.entries[3].data, a.entries[4].data]);
    expect(parts[parts.indexOf(a.entries[3].data as Blob) - 1]).toBeInstanceOf(Uint8Array);
    const blobParts: BlobPart[] = [];
    for (const p of parts) {
      if (p instanceof Uint8Array) blobParts.push(p as Uint8Array<ArrayBuffer>);
      else blobParts.push(p instanceof Blob ? p : new Uint8Array(await new Response(p.stream()).arrayBuffer()));
    }
    const viaParts = new Uint8Array(await new Blob(blobParts).arrayBuffer());
    const streamed = await collect(zipStream(b.entries, { modified: SESSION }));
    expect(sha256(viaParts)).toBe(sha256(streamed));
  });

  it('is exactly local headers, data and the central directory: no data descriptors, no padding', async () => {
    const entries = [
      { name: 'a', data: utf8('AAA') },
      { name: 'bb', data: utf8('') },
    ];
    const bytes = await collect(zipStream(entries, { modified: SESSION }));
    const local = (name: number, extra: number) => 30 + name + extra;
    const central = (name: number, extra: number) => 46 + name + extra;
    const timestamp = 9;
    expect(bytes.length).toBe(
      local(1, timestamp) + 3 + local(2, timestamp) + 0 + central(1, timestamp) + central(2, timestamp) + 22,
    );
  });

  it('takes per-entry timestamps and clamps those DOS time cannot hold', async () => {
    const entries: ZipEntry[] = [
      { name: 'old.txt', data: utf8('1970'), modified: new Date(Date.UTC(1970, 0, 1)) },
      { name: 'future.txt', data: utf8('2200'), modified: new Date(2200, 5, 1) },
      { name: 'leap.txt', data: utf8('2000'), modified: new Date(2000, 1, 29, 23, 59, 59) },
    ];
    const { path } = await writeArchive('dates.zip', entries);
    const python = await inspectWithPython(path);
    expect(python.entries.map((e) => [e.name, e.date_time, e.mtime])).toEqual([
      ['old.txt', [1980, 1, 1, 0, 0, 0], 0],
      // Past 2038 the extended timestamp's signed 32 bits overflow, so it is left out.
      ['future.txt', [2107, 12, 31, 23, 59, 58], null],
      ['leap.txt', [2000, 2, 29, 23, 59, 58], Math.floor(new Date(2000, 1, 29, 23, 59, 59).getTime() / 1000)],
    ]);
    expect((await unzipTest(path)).ok).toBe(true);
  });

  it('with forceZip64 writes ZIP64 fields and end records that every reader follows', async () => {
    const { entries, expected } = mixed();
    expected[4][1] = await (entries[4].data as PatternSource).sha256();
    const { path } = await writeArchive('forced64.zip', entries, { modified: SESSION, forceZip64: true });
    const python = await expectReadersAgree(path, expected);
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
    expect(Number(view.getBigUint64(zip64End + 32, true))).toBe(entries.length);
    // A local header with both sizes set to the marker: the data really is behind a ZIP64 field.
    expect(view.getUint32(0, true)).toBe(0x04034b50);
    expect([view.getUint32(18, true), view.getUint32(22, true), view.getUint16(4, true)]).toEqual([
      0xffffffff, 0xffffffff, 45,
    ]);
  });

  it('writes more than 65,535 entries with a ZIP64 end record, and all come back', async () => {
    const count = 70_000;
    const body = (i: number) => utf8(`entry ${i}\n`);
    const name = (i: number) => `many/${String(i).padStart(5, '0')}.txt`;
    function* entries(): Generator<ZipEntry> {
      for (let i = 0; i < count; i++) yield { name: name(i), data: body(i) };
    }
    const { path } = await writeArchive('many.zip', entries(), { modified: SESSION });
    const python = await inspectWithPython(path);
    expect(python.testzip).toBeNull();
    expect(python.entries.length).toBe(count);
    python.entries.forEach((entry, i) => {
      if (entry.name !== name(i) || entry.sha256 !== sha256(body(i))) expect.fail(`entry ${i}: ${entry.name}`);
    });
    const unzip = await unzipTest(path);
    expect(unzip.ok, unzip.output).toBe(true);
    const sevenZip = await sevenZipTest(path);
    expect(sevenZip.ok, sevenZip.output).toBe(true);
    expect(sevenZip.output).toMatch(/Files: 70000/);

    const bytes = await readFile(path);
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const eocd = bytes.length - 22;
    expect(view.getUint16(eocd + 10, true)).toBe(0xffff);
    expect(view.getUint32(eocd - 20, true)).toBe(0x07064b50);
    // Sizes and offsets still fit in 32 bits, so those fields keep their real values.
    expect(view.getUint32(eocd + 16, true)).toBeLessThan(0xffffffff);
  });

  it('produces nothing before it is read and holds one chunk at a time', async () => {
    const source = new PatternSource(1 << 20, 65_536);
    let requested = 0;
    async function* entries(): AsyncGenerator<ZipEntry> {
      for (const name of ['one.bin', 'two.bin', 'three.bin']) {
        requested++;
        yield { name, data: name === 'one.bin' ? source : new Uint8Array(3 * 1024 * 1024 + 1) };
      }
    }
    const stream = zipStream(entries());
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(requested).toBe(0);

    const reader = stream.getReader();
    await reader.read(); // local header of one.bin, after its CRC pass
    expect(requested).toBe(1);
    expect(source.pulls[0]).toBe(16); // the CRC pass read the source once
    for (let consumed = 1; consumed <= 16; consumed++) {
      const { value } = await reader.read();
      expect(value?.length).toBe(65_536);
      // The second read of the source runs exactly as far as the consumer has read.
      expect(source.pulls[1]).toBe(consumed);
    }
    expect(requested).toBe(1);
    await reader.read(); // two.bin's header
    const sizes: number[] = [];
    for (let i = 0; i < 4; i++) sizes.push((await reader.read()).value!.length);
    expect(sizes).toEqual([1 << 20, 1 << 20, 1 << 20, 1]); // Uint8Array data is handed on in 1 MiB views
    await reader.cancel();
  });

  it('stops reading the current source and the entry list when the stream is cancelled', async () => {
    const source = new PatternSource(10 << 20, 65_536);
    let finished = false;
    async function* entries(): AsyncGenerator<ZipEntry> {
      try {
        yield { name: 'a.bin', data: source };
        yield { name: 'b.bin', data: new Uint8Array(10) };
      } finally {
        finished = true;
      }
    }
    const reader = zipStream(entries()).getReader();
    await reader.read();
    await reader.read();
    await reader.cancel('user closed the tab');
    expect(source.cancelled).toEqual([false, true]);
    expect(source.pulls[1]).toBe(1);
    expect(finished).toBe(true);
  });

  it.each<[string, ZipEntry[], RegExp]>([
    [
      'a duplicate name',
      [
        { name: 'x.txt', data: utf8('1') },
        { name: 'x.txt', data: utf8('2') },
      ],
      /Duplicate ZIP entry name: x\.txt/,
    ],
    ['an empty name', [{ name: '', data: utf8('1') }], /name is empty/],
    ['a lone surrogate in a name', [{ name: 'bad\uD800.txt', data: utf8('1') }], /not well-formed Unicode/],
    ['a name over 65,535 bytes', [{ name: 'é'.repeat(40_000), data: utf8('1') }], /longer than 65535 bytes/],
  ])('fails the stream on %s', async (_, entries, message) => {
    await expect(collect(zipStream(entries))).rejects.toThrow(message);
  });

  it('fails the stream when a source yields a different length than it declares', async () => {
    const liar: BlobLike = { size: 10, stream: () => new Blob([utf8('short')]).stream() };
    await expect(collect(zipStream([{ name: 'liar.bin', data: liar }]))).rejects.toThrow(/yielded 5 bytes, not the 10/);
  });

  it('names the entry when its source cannot be read', async () => {
    const broken: BlobLike = {
      size: 10,
      stream: () =>
        new ReadableStream<Uint8Array>({
          pull: (controller) => controller.error(new Error('disk gone')),
        }),
    };
    await expect(
      collect(
        zipStream([
          { name: 'ok.txt', data: utf8('fine') },
          { name: 'broken.bin', data: broken },
        ]),
      ),
    ).rejects.toThrow('Could not read ZIP entry "broken.bin": disk gone');
  });

  it("streamToBlob collects the archive as an application/zip Blob, or rejects with the writer's own error", async () => {
    const { entries } = mixed();
    const [blob, bytes] = await Promise.all([
      streamToBlob(zipStream(entries, { modified: SESSION })),
      collect(zipStream(mixed().entries, { modified: SESSION })),
    ]);
    expect(blob.type).toBe('application/zip');
    expect(sha256(new Uint8Array(await blob.arrayBuffer()))).toBe(sha256(bytes));

    const liar: BlobLike = { size: 10, stream: () => new Blob([utf8('short')]).stream() };
    await expect(streamToBlob(zipStream([{ name: 'liar.bin', data: liar }]))).rejects.toThrow(
      /yielded 5 bytes, not the 10/,
    );
  });

  it('fails the stream when a source changes between its two reads rather than write a false CRC', async () => {
    let reads = 0;
    const fickle: BlobLike = { size: 4, stream: () => new Blob([utf8(reads++ === 0 ? 'same' : 'diff')]).stream() };
    await expect(collect(zipStream([{ name: 'fickle.bin', data: fickle }]))).rejects.toThrow(
      /changed while it was being written/,
    );
  });

  it.skipIf(!slowTests)(
    'writes an entry over 4 GiB and an entry past the 4 GiB offset, and every reader follows the ZIP64 fields',
    { timeout: 15 * 60_000 },
    async () => {
      const huge = new PatternSource(2 ** 32 + 4099);
      const before = utf8('before the big one\n');
      const after = utf8('after the big one\n');
      const entries: ZipEntry[] = [
        { name: 'before.txt', data: before },
        { name: 'huge.bin', data: huge },
        { name: 'after.txt', data: after },
      ];
      const { path, size } = await writeArchive('huge.zip', entries, { modified: SESSION });
      try {
        expect(size).toBeGreaterThan(2 ** 32 + 4099);
        const expected: [string, string][] = [
          ['before.txt', sha256(before)],
          ['huge.bin', await huge.sha256()],
          ['after.txt', sha256(after)],
        ];
        const python = await expectReadersAgree(path, expected);
        expect(python.entries[1].size).toBe(2 ** 32 + 4099);
        expect(python.entries[1].local.file_size).toBe(2 ** 32 + 4099);

        // Only what overflowed is marked: the count still fits, the central directory's offset does not.
        const file = await open(path, 'r');
        const tail = new Uint8Array(98);
        await file.read(tail, 0, tail.length, size - tail.length);
        await file.close();
        const view = new DataView(tail.buffer);
        const eocd = tail.length - 22;
        expect(view.getUint32(eocd, true)).toBe(0x06054b50);
        expect([view.getUint16(eocd + 10, true), view.getUint32(eocd + 16, true)]).toEqual([3, 0xffffffff]);
        expect(view.getUint32(eocd - 20, true)).toBe(0x07064b50);
        expect(view.getUint32(eocd - 76, true)).toBe(0x06064b50);
        expect(Number(view.getBigUint64(eocd - 76 + 48, true))).toBeGreaterThan(2 ** 32);
      } finally {
        await rm(path, { force: true });
      }
    },
  );
});
