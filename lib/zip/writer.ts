// A streaming ZIP writer: STORE only, ZIP64 when needed, UTF-8 names. docs/zip.md explains the
// choices. It uses only globals that browsers and Node 20 share (ReadableStream, TextEncoder,
// DataView). The page's writer: the command lines write theirs with the host crate
// (engine-rs/host/src/zip.rs), the same layout, which the page does not load.
//
// Every entry's CRC-32 is computed before its local header is written, so local headers carry the
// real CRC and sizes and no data descriptor follows the data. Readers that walk local headers
// without the central directory (Java's ZipInputStream among them) cannot find the end of a STORE
// entry whose size is deferred to a data descriptor; with the sizes up front they can. The price is
// a second read of Blob entries (docs/zip.md has the measurements).

import { crc32 } from './crc32.ts';

/** Anything with a size and a byte stream: a Blob or File, or a lazily generated source. */
export interface BlobLike {
  readonly size: number;
  stream(): ReadableStream<Uint8Array>;
}

export interface ZipEntry {
  /** Path inside the archive, '/'-separated; written as UTF-8. Make it safe with names.ts first. */
  name: string;
  data: Uint8Array | BlobLike;
  /** Last-modified time; defaults to the archive's `modified`. */
  modified?: Date;
}

export interface ZipOptions {
  /** Timestamp for entries that carry none; defaults to the moment the archive is started. */
  modified?: Date;
  /**
   * Write ZIP64 fields and end records even where 32-bit fields would do. Archives stay valid; it
   * exists so tests can exercise readers' ZIP64 paths without writing 4 GiB.
   */
  forceZip64?: boolean;
}

const SIG_LOCAL = 0x04034b50;
const SIG_CENTRAL = 0x02014b50;
const SIG_EOCD = 0x06054b50;
const SIG_ZIP64_EOCD = 0x06064b50;
const SIG_ZIP64_LOCATOR = 0x07064b50;

const EXTRA_ZIP64 = 0x0001;
/** Info-ZIP extended timestamp: the UTC modification time, which DOS time fields cannot express. */
const EXTRA_TIMESTAMP = 0x5455;

const MAX_U16 = 0xffff;
const MAX_U32 = 0xffffffff;

/** 2.0 (the baseline every reader handles) and 4.5 (ZIP64). */
const VERSION_BASE = 20;
const VERSION_ZIP64 = 45;
/** Upper byte 3 = Unix, so external attributes carry a file mode and unzip applies it. */
const VERSION_MADE_BY = (3 << 8) | VERSION_ZIP64;
/** Regular file, rw-r--r--. */
const EXTERNAL_ATTRIBUTES = (0o100644 << 16) >>> 0;
/** General purpose bit 11: the name is UTF-8. */
const FLAG_UTF8 = 0x0800;
const METHOD_STORE = 0;

/** Entry bytes are handed on in views of at most this size, so consumers see steady progress. */
const DATA_CHUNK = 1 << 20;

const utf8 = new TextEncoder();

// With the u flag a valid pair is one code point, so only lone surrogates match.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

interface CentralRecord {
  name: Uint8Array;
  crc: number;
  size: number;
  offset: number;
  dosTime: number;
  dosDate: number;
  unixTime: number | undefined;
  version: number;
}

/**
 * The archive as a byte stream. Nothing is read until the consumer pulls, and one chunk at a time
 * is produced, so memory stays at one chunk (plus the central directory, about 80 bytes an entry)
 * whatever the archive's size. Chunks may be views of the entries' own bytes: don't transfer them.
 * Cancelling the stream stops reading the current entry and the entry source.
 */
export function zipStream(
  entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>,
  options: ZipOptions = {},
): ReadableStream<Uint8Array> {
  const chunks = zipChunks(entries, options);
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
      async cancel() {
        await chunks.return(undefined);
      },
    },
    // Pull only when the consumer reads: no chunk is produced ahead of demand.
    { highWaterMark: 0 },
  );
}

/** The archive as an async sequence of chunks; `zipStream` wraps this. */
export async function* zipChunks(
  entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>,
  options: ZipOptions = {},
): AsyncGenerator<Uint8Array, void, undefined> {
  for await (const part of zipParts(entries, options)) {
    if (part instanceof Uint8Array) {
      yield part;
      continue;
    }
    // Second read of the source. One that changed since the CRC pass would make the archive lie
    // about its contents, so its bytes are checked again on the way out; Blobs are exempt, as they
    // cannot change and a File changed on disk fails to read (NotReadableError).
    const { source, name, crc } = part;
    const recheck = !(typeof Blob === 'function' && source instanceof Blob);
    let written = 0;
    let check = 0;
    for await (const chunk of readSource(source, name)) {
      written += chunk.length;
      if (written > source.size) break;
      if (recheck) check = crc32(chunk, check);
      yield chunk;
    }
    if (written !== source.size || (recheck && check !== crc)) {
      throw new Error(`ZIP entry "${name}" changed while it was being written`);
    }
  }
}

/** An entry's data left in its source, in `zipParts`: the archive's bytes there are the source's own. */
export interface SourcePart {
  source: BlobLike;
  name: string;
  crc: number;
}

/**
 * The archive as headers and the entries' sources themselves, for `new Blob(parts)`: a browser
 * builds that Blob by reference, so entries kept as Files on disk (the origin-private file system)
 * are read once for their CRC-32 here and once more only by whoever reads the archive.
 */
export async function* zipParts(
  entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>,
  options: ZipOptions = {},
): AsyncGenerator<Uint8Array | SourcePart, void, undefined> {
  const force = options.forceZip64 ?? false;
  const defaultModified = options.modified ?? new Date();
  const central: CentralRecord[] = [];
  const seen = new Set<string>();
  let offset = 0;

  for await (const entry of entries) {
    const name = encodeName(entry.name, seen);
    const { data } = entry;
    const size = data instanceof Uint8Array ? data.length : data.size;
    if (!Number.isSafeInteger(size) || size < 0) throw new RangeError(`ZIP entry "${entry.name}" has an invalid size`);
    const crc = data instanceof Uint8Array ? crc32(data) : await blobCrc(data, entry.name);

    const modified = entry.modified ?? defaultModified;
    const [dosTime, dosDate] = dosDateTime(modified);
    const unixSeconds = Math.floor(modified.getTime() / 1000);
    const record: CentralRecord = {
      name,
      crc,
      size,
      offset,
      dosTime,
      dosDate,
      // The extended timestamp field holds a signed 32-bit count of seconds.
      unixTime: unixSeconds >= 0 && unixSeconds <= 0x7fffffff ? unixSeconds : undefined,
      version: force || size >= MAX_U32 || offset >= MAX_U32 ? VERSION_ZIP64 : VERSION_BASE,
    };
    central.push(record);

    const header = localHeader(record, force || size >= MAX_U32);
    yield header;
    offset += header.length;

    if (data instanceof Uint8Array) {
      for (let at = 0; at < size; at += DATA_CHUNK) yield data.subarray(at, Math.min(size, at + DATA_CHUNK));
    } else {
      yield { source: data, name: entry.name, crc };
    }
    offset += size;
  }

  const centralOffset = offset;
  let centralSize = 0;
  for (const batch of centralDirectory(central, force)) {
    centralSize += batch.length;
    yield batch;
  }
  yield endRecords(central.length, centralSize, centralOffset, force);
}

function encodeName(name: string, seen: Set<string>): Uint8Array {
  if (name.length === 0) throw new TypeError('ZIP entry name is empty');
  if (LONE_SURROGATE.test(name))
    throw new TypeError(`ZIP entry name is not well-formed Unicode: ${JSON.stringify(name)}`);
  // Two entries under one name make the archive ambiguous: readers disagree on which one wins.
  if (seen.has(name)) throw new TypeError(`Duplicate ZIP entry name: ${name}`);
  seen.add(name);
  const bytes = utf8.encode(name);
  if (bytes.length > MAX_U16) throw new RangeError(`ZIP entry name is longer than ${MAX_U16} bytes`);
  return bytes;
}

async function blobCrc(blob: BlobLike, name: string): Promise<number> {
  let crc = 0;
  let read = 0;
  for await (const chunk of readSource(blob, name)) {
    crc = crc32(chunk, crc);
    read += chunk.length;
  }
  if (read !== blob.size)
    throw new Error(`ZIP entry "${name}" yielded ${read} bytes, not the ${blob.size} it declares`);
  return crc;
}

/**
 * A source's chunks. Iterates the stream by hand (not every browser makes streams async-iterable),
 * cancels it if the loop exits early, and names the entry when a read fails: a browser's own
 * message ("network error") does not say which of many files could not be read.
 */
async function* readSource(source: BlobLike, name: string): AsyncGenerator<Uint8Array, void, undefined> {
  const reader = source.stream().getReader();
  let finished = false;
  try {
    for (;;) {
      let result: Awaited<ReturnType<typeof reader.read>>;
      try {
        result = await reader.read();
      } catch (error) {
        finished = true; // an errored stream has nothing to cancel
        throw new Error(
          `Could not read ZIP entry "${name}": ${error instanceof Error ? error.message : String(error)}`,
          { cause: error },
        );
      }
      if (result.done) {
        finished = true;
        return;
      }
      if (result.value.length > 0) yield result.value;
    }
  } finally {
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}

/**
 * Reads a whole stream into a Blob of `type`. `new Response(stream).blob()` is the way to do it
 * that browsers handle at gigabyte sizes (docs/toolchain.md, "Large Blobs in Chromium"), but Chromium calls any failure
 * "Failed to fetch"; this rejects with the stream's own error instead.
 */
export async function streamToBlob(stream: ReadableStream<Uint8Array>, type = 'application/zip'): Promise<Blob> {
  const reader = stream.getReader();
  let failure: { error: unknown } | undefined;
  const relay = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const { done, value } = await reader.read();
          if (done) controller.close();
          else controller.enqueue(value);
        } catch (error) {
          failure = { error };
          controller.error(error);
        }
      },
      cancel: (reason) => reader.cancel(reason),
    },
    { highWaterMark: 0 },
  );
  try {
    return await new Response(relay, { headers: { 'content-type': type } }).blob();
  } catch (error) {
    throw failure ? failure.error : error;
  }
}

/**
 * MS-DOS time and date in local time, as unzip and file managers show them. DOS dates span
 * 1980-2107 with 2-second resolution; times outside that are clamped to its ends.
 */
function dosDateTime(date: Date): [time: number, date: number] {
  const year = date.getFullYear();
  if (Number.isNaN(year) || year < 1980) return [0, (1 << 5) | 1];
  if (year > 2107) return [(23 << 11) | (59 << 5) | 29, (127 << 9) | (12 << 5) | 31];
  const time = (date.getHours() << 11) | (date.getMinutes() << 5) | (date.getSeconds() >> 1);
  const day = ((year - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate();
  return [time, day];
}

function setU64(view: DataView, at: number, value: number): void {
  view.setUint32(at, value % 0x1_0000_0000, true);
  view.setUint32(at + 4, Math.floor(value / 0x1_0000_0000), true);
}

function timestampExtraLength(record: CentralRecord): number {
  return record.unixTime === undefined ? 0 : 9;
}

function writeTimestampExtra(view: DataView, at: number, record: CentralRecord): number {
  if (record.unixTime === undefined) return at;
  view.setUint16(at, EXTRA_TIMESTAMP, true);
  view.setUint16(at + 2, 5, true);
  view.setUint8(at + 4, 1); // flags: modification time present
  view.setUint32(at + 5, record.unixTime, true);
  return at + 9;
}

function localHeader(record: CentralRecord, zip64Sizes: boolean): Uint8Array {
  // The local ZIP64 field, when present, must hold both sizes (APPNOTE 4.5.3).
  const zip64Length = zip64Sizes ? 20 : 0;
  const extraLength = zip64Length + timestampExtraLength(record);
  const bytes = new Uint8Array(30 + record.name.length + extraLength);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, SIG_LOCAL, true);
  view.setUint16(4, record.version, true);
  view.setUint16(6, FLAG_UTF8, true);
  view.setUint16(8, METHOD_STORE, true);
  view.setUint16(10, record.dosTime, true);
  view.setUint16(12, record.dosDate, true);
  view.setUint32(14, record.crc, true);
  view.setUint32(18, zip64Sizes ? MAX_U32 : record.size, true);
  view.setUint32(22, zip64Sizes ? MAX_U32 : record.size, true);
  view.setUint16(26, record.name.length, true);
  view.setUint16(28, extraLength, true);
  bytes.set(record.name, 30);
  let at = 30 + record.name.length;
  if (zip64Sizes) {
    view.setUint16(at, EXTRA_ZIP64, true);
    view.setUint16(at + 2, 16, true);
    setU64(view, at + 4, record.size);
    setU64(view, at + 12, record.size);
    at += 20;
  }
  writeTimestampExtra(view, at, record);
  return bytes;
}

function centralHeaderLength(record: CentralRecord, force: boolean): number {
  return 46 + record.name.length + zip64CentralLength(record, force) + timestampExtraLength(record);
}

function zip64CentralLength(record: CentralRecord, force: boolean): number {
  // Only the fields whose 32-bit slot holds the 0xFFFFFFFF marker appear, in a fixed order.
  const sizes = force || record.size >= MAX_U32 ? 16 : 0;
  const offset = force || record.offset >= MAX_U32 ? 8 : 0;
  return sizes + offset === 0 ? 0 : 4 + sizes + offset;
}

function writeCentralHeader(
  view: DataView,
  bytes: Uint8Array,
  at: number,
  record: CentralRecord,
  force: boolean,
): number {
  const zip64Sizes = force || record.size >= MAX_U32;
  const zip64Offset = force || record.offset >= MAX_U32;
  const zip64Length = zip64CentralLength(record, force);
  view.setUint32(at, SIG_CENTRAL, true);
  view.setUint16(at + 4, VERSION_MADE_BY, true);
  view.setUint16(at + 6, record.version, true);
  view.setUint16(at + 8, FLAG_UTF8, true);
  view.setUint16(at + 10, METHOD_STORE, true);
  view.setUint16(at + 12, record.dosTime, true);
  view.setUint16(at + 14, record.dosDate, true);
  view.setUint32(at + 16, record.crc, true);
  view.setUint32(at + 20, zip64Sizes ? MAX_U32 : record.size, true);
  view.setUint32(at + 24, zip64Sizes ? MAX_U32 : record.size, true);
  view.setUint16(at + 28, record.name.length, true);
  view.setUint16(at + 30, zip64Length + timestampExtraLength(record), true);
  view.setUint16(at + 32, 0, true); // comment length
  view.setUint16(at + 34, 0, true); // disk number start
  view.setUint16(at + 36, 0, true); // internal attributes
  view.setUint32(at + 38, EXTERNAL_ATTRIBUTES, true);
  view.setUint32(at + 42, zip64Offset ? MAX_U32 : record.offset, true);
  bytes.set(record.name, at + 46);
  at += 46 + record.name.length;
  if (zip64Length > 0) {
    view.setUint16(at, EXTRA_ZIP64, true);
    view.setUint16(at + 2, zip64Length - 4, true);
    at += 4;
    if (zip64Sizes) {
      setU64(view, at, record.size);
      setU64(view, at + 8, record.size);
      at += 16;
    }
    if (zip64Offset) {
      setU64(view, at, record.offset);
      at += 8;
    }
  }
  return writeTimestampExtra(view, at, record);
}

/** The central directory in batches of about 64 KiB rather than one small chunk per entry. */
function* centralDirectory(records: readonly CentralRecord[], force: boolean): Generator<Uint8Array> {
  const BATCH = 1 << 16;
  let start = 0;
  while (start < records.length) {
    let end = start;
    let length = 0;
    while (end < records.length && (length === 0 || length + centralHeaderLength(records[end], force) <= BATCH)) {
      length += centralHeaderLength(records[end], force);
      end++;
    }
    const bytes = new Uint8Array(length);
    const view = new DataView(bytes.buffer);
    let at = 0;
    for (let i = start; i < end; i++) at = writeCentralHeader(view, bytes, at, records[i], force);
    yield bytes;
    start = end;
  }
}

function endRecords(count: number, centralSize: number, centralOffset: number, force: boolean): Uint8Array {
  const countOverflow = force || count >= MAX_U16;
  const sizeOverflow = force || centralSize >= MAX_U32;
  const offsetOverflow = force || centralOffset >= MAX_U32;
  const zip64 = countOverflow || sizeOverflow || offsetOverflow;
  const bytes = new Uint8Array((zip64 ? 56 + 20 : 0) + 22);
  const view = new DataView(bytes.buffer);
  let at = 0;
  if (zip64) {
    const recordOffset = centralOffset + centralSize;
    view.setUint32(0, SIG_ZIP64_EOCD, true);
    setU64(view, 4, 44); // size of the record after this field
    view.setUint16(12, VERSION_MADE_BY, true);
    view.setUint16(14, VERSION_ZIP64, true);
    view.setUint32(16, 0, true); // this disk
    view.setUint32(20, 0, true); // disk holding the central directory
    setU64(view, 24, count);
    setU64(view, 32, count);
    setU64(view, 40, centralSize);
    setU64(view, 48, centralOffset);
    view.setUint32(56, SIG_ZIP64_LOCATOR, true);
    view.setUint32(60, 0, true); // disk holding the ZIP64 end record
    setU64(view, 64, recordOffset);
    view.setUint32(72, 1, true); // total disks
    at = 76;
  }
  view.setUint32(at, SIG_EOCD, true);
  view.setUint16(at + 4, 0, true);
  view.setUint16(at + 6, 0, true);
  view.setUint16(at + 8, countOverflow ? MAX_U16 : count, true);
  view.setUint16(at + 10, countOverflow ? MAX_U16 : count, true);
  view.setUint32(at + 12, sizeOverflow ? MAX_U32 : centralSize, true);
  view.setUint32(at + 16, offsetOverflow ? MAX_U32 : centralOffset, true);
  view.setUint16(at + 20, 0, true); // comment length
  return bytes;
}
