// A batch ZIP with its timing fields set to zero, for comparing two runs' archives byte for byte
// (docs/cli.md, "The batch ZIP"). The timings are the session report's `session_duration_ms` and
// each file's `time_ms` (measured, so they differ from run to run); with `start: true`, also what the
// session's start fixes when SOURCE_DATE_EPOCH is not set: `session_timestamp`, the date in the
// report's entry name and every entry's DOS date and time and extended timestamp. Only the fields that
// follow from the report's bytes (its CRC-32 and sizes, the central directory's offset) are written
// anew, after they are checked against the archive as it was, so nothing else can hide a difference.
import { crc32 } from '../../lib/zip/crc32.ts';

const SIG_LOCAL = 0x04034b50;
const SIG_CENTRAL = 0x02014b50;
const SIG_EOCD = 0x06054b50;
const EXTRA_TIMESTAMP = 0x5455;
const REPORT = /^fracture_session_\d{8}-\d{6}_session_report\.json$/;
const STAMP = /fracture_session_\d{8}-\d{6}/;

function fail(why: string): never {
  throw new Error(`not a batch ZIP as expected: ${why}`);
}

/** The session report's JSON with the timings (and with `start`, session_timestamp) set to zero. */
export function untimedSession(json: string, start: boolean): string {
  let out = json.replace(/("(?:time_ms|session_duration_ms)": )-?[0-9.e+-]+/g, '$10');
  if (start) out = out.replace(/("session_timestamp": )"[^"]*"/, '$1"1970-01-01T00:00:00.000Z"');
  return out;
}

/** Zeroes the dates in one header: DOS time and date at `at`, and the extended timestamp in `extra`. */
function zeroDates(b: Buffer, at: number, extraStart: number, extraEnd: number): void {
  b.writeUInt32LE(0, at);
  for (let p = extraStart; p + 4 <= extraEnd; ) {
    const id = b.readUInt16LE(p);
    const len = b.readUInt16LE(p + 2);
    if (id === EXTRA_TIMESTAMP) b.writeUInt32LE(0, p + 5);
    p += 4 + len;
  }
}

function zeroStamp(b: Buffer, nameStart: number, nameEnd: number): void {
  const name = b.subarray(nameStart, nameEnd).toString('utf8');
  const m = STAMP.exec(name);
  if (m) b.write(m[0].replace(/\d/g, '0'), nameStart + Buffer.byteLength(name.slice(0, m.index)), 'utf8');
}

/** The archive with its timing fields zeroed (see above). Throws on a layout it does not expect. */
export function untimedZip(zip: Uint8Array, start: boolean): Buffer {
  const src = Buffer.from(zip);
  const eocd = src.length - 22;
  if (src.readUInt32LE(eocd) !== SIG_EOCD) fail('no end record without a comment at the end');
  const count = src.readUInt16LE(eocd + 10);
  const cdStart = src.readUInt32LE(eocd + 16);
  const pieces: Buffer[] = [];
  let delta = 0;
  let at = 0;
  // Local headers and data, front to back (no ZIP64, no data descriptors: sizes are in the header).
  const reportAt = new Map<number, { crc: number; size: number }>();
  for (let i = 0; i < count; i++) {
    if (src.readUInt32LE(at) !== SIG_LOCAL) fail(`no local header at ${at}`);
    const nameLen = src.readUInt16LE(at + 26);
    const extraLen = src.readUInt16LE(at + 28);
    const size = src.readUInt32LE(at + 18);
    const header = Buffer.from(src.subarray(at, at + 30 + nameLen + extraLen));
    let data = src.subarray(at + header.length, at + header.length + size);
    const name = header.subarray(30, 30 + nameLen).toString('utf8');
    if (REPORT.test(name)) {
      if (crc32(data) !== header.readUInt32LE(14)) fail('the report entry CRC-32 does not match its bytes');
      const json = untimedSession(data.toString('utf8'), start);
      const fresh = Buffer.from(json, 'utf8');
      header.writeUInt32LE(crc32(fresh), 14);
      header.writeUInt32LE(fresh.length, 18);
      header.writeUInt32LE(fresh.length, 22);
      reportAt.set(at, { crc: crc32(fresh), size: fresh.length });
      delta += fresh.length - data.length;
      data = fresh;
    }
    if (start) {
      zeroDates(header, 10, 30 + nameLen, header.length);
      zeroStamp(header, 30, 30 + nameLen);
    }
    pieces.push(header, data);
    at += header.length + size;
  }
  if (at !== cdStart) fail(`the central directory starts at ${cdStart}, the entries end at ${at}`);
  // The central directory: the report's CRC and sizes, and offsets past it, follow the new bytes.
  let passedReport = false;
  for (let i = 0; i < count; i++) {
    if (src.readUInt32LE(at) !== SIG_CENTRAL) fail(`no central header at ${at}`);
    const nameLen = src.readUInt16LE(at + 28);
    const extraLen = src.readUInt16LE(at + 30);
    const commentLen = src.readUInt16LE(at + 32);
    const record = Buffer.from(src.subarray(at, at + 46 + nameLen + extraLen + commentLen));
    const offset = record.readUInt32LE(42);
    const report = reportAt.get(offset);
    if (passedReport) record.writeUInt32LE(offset + delta, 42);
    if (report) {
      record.writeUInt32LE(report.crc, 16);
      record.writeUInt32LE(report.size, 20);
      record.writeUInt32LE(report.size, 24);
      passedReport = true;
    }
    if (start) {
      zeroDates(record, 12, 46 + nameLen, 46 + nameLen + extraLen);
      zeroStamp(record, 46, 46 + nameLen);
    }
    pieces.push(record);
    at += record.length;
  }
  if (at !== eocd) fail('bytes between the central directory and the end record');
  const end = Buffer.from(src.subarray(eocd));
  end.writeUInt32LE(cdStart + delta, 16);
  pieces.push(end);
  return Buffer.concat(pieces);
}
