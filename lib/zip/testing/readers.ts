// Test support: write archives to disk and judge them with real, independent ZIP readers
// (Python's zipfile, Info-ZIP unzip, 7-Zip, and Java's streaming ZipInputStream). Used by the
// *.test.ts files beside it; nothing in the product imports it.

import { execFile } from 'node:child_process';
import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const BIG_OUTPUT = 256 * 1024 * 1024;

export async function makeTempDir(prefix = 'fracture-zip-'): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** Drains a stream into a file in writes of about 1 MiB, returning the number of bytes written. */
export async function streamToFile(stream: ReadableStream<Uint8Array>, path: string): Promise<number> {
  const WRITE = 1 << 20;
  const file = await open(path, 'w');
  let total = 0;
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  const flush = async () => {
    if (pending.length > 0) await file.writev(pending);
    pending = [];
    pendingBytes = 0;
  };
  try {
    const reader = stream.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      // Small chunks (headers, tiny entries) are gathered so 70,000 entries are not 140,000 writes.
      pending.push(value);
      pendingBytes += value.length;
      total += value.length;
      if (pendingBytes >= WRITE) await flush();
    }
    await flush();
  } finally {
    await file.close();
  }
  return total;
}

export interface PythonEntry {
  name: string;
  size: number;
  compress_size: number;
  compress_type: number;
  crc: number;
  sha256: string;
  date_time: [number, number, number, number, number, number];
  flag_bits: number;
  external_attr: number;
  create_system: number;
  /** Extended-timestamp (0x5455) modification time, when the central record has one. */
  mtime: number | null;
  /** The local header, read raw at header_offset, with ZIP64 sizes resolved. */
  local: { flag_bits: number; crc: number; compress_size: number; file_size: number; name: string };
}

const PYTHON_INSPECT = `
import hashlib, json, struct, sys, zipfile
path = sys.argv[1]
z = zipfile.ZipFile(path)
bad = z.testzip()
out = {"testzip": bad, "entries": []}
raw = open(path, "rb")
def extra_fields(data):
    i = 0
    while i + 4 <= len(data):
        tag, n = struct.unpack_from("<HH", data, i)
        yield tag, data[i + 4:i + 4 + n]
        i += 4 + n
for info in z.infolist():
    h = hashlib.sha256()
    with z.open(info) as f:
        while True:
            b = f.read(1 << 20)
            if not b:
                break
            h.update(b)
    raw.seek(info.header_offset)
    fixed = raw.read(30)
    sig, ver, flags, method, t, d, crc, csize, usize, nlen, elen = struct.unpack("<IHHHHHIIIHH", fixed)
    assert sig == 0x04034B50, "local header signature"
    name = raw.read(nlen).decode("utf-8" if flags & 0x800 else "cp437")
    extra = raw.read(elen)
    for tag, body in extra_fields(extra):
        if tag == 1 and usize == 0xFFFFFFFF:
            usize, csize = struct.unpack_from("<QQ", body, 0)
    mtime = None
    for tag, body in extra_fields(info.extra):
        if tag == 0x5455 and body[0] & 1:
            mtime = struct.unpack_from("<I", body, 1)[0]
    out["entries"].append({
        "name": info.filename, "size": info.file_size, "compress_size": info.compress_size,
        "compress_type": info.compress_type, "crc": info.CRC, "sha256": h.hexdigest(),
        "date_time": list(info.date_time), "flag_bits": info.flag_bits,
        "external_attr": info.external_attr, "create_system": info.create_system, "mtime": mtime,
        "local": {"flag_bits": flags, "crc": crc, "compress_size": csize, "file_size": usize, "name": name},
    })
sys.stdout.write(json.dumps(out))  # one write: dump() issues one per token
`;

/** Python's zipfile: opens the archive, runs testzip(), and reads every entry back with its SHA-256. */
export async function inspectWithPython(path: string): Promise<{ testzip: string | null; entries: PythonEntry[] }> {
  const { stdout } = await run('python3', ['-c', PYTHON_INSPECT, path], { maxBuffer: BIG_OUTPUT });
  return JSON.parse(stdout);
}

/** Info-ZIP `unzip -t`: true only when it tested every entry and found no error. */
export async function unzipTest(path: string): Promise<{ ok: boolean; output: string }> {
  try {
    const { stdout } = await run('unzip', ['-t', path], { maxBuffer: BIG_OUTPUT });
    return { ok: /No errors detected in compressed data/.test(stdout), output: tail(stdout) };
  } catch (error) {
    return { ok: false, output: tail(String((error as { stdout?: string }).stdout ?? error)) };
  }
}

/** 7-Zip `7z t`: true when it reports "Everything is Ok" with no warnings. */
export async function sevenZipTest(path: string): Promise<{ ok: boolean; output: string }> {
  try {
    const { stdout } = await run('7z', ['t', path], { maxBuffer: BIG_OUTPUT });
    return { ok: /Everything is Ok/.test(stdout) && !/Warnings?:/.test(stdout), output: tail(stdout) };
  } catch (error) {
    return { ok: false, output: tail(String((error as { stdout?: string }).stdout ?? error)) };
  }
}

const JAVA_STREAM_CHECK = String.raw`
import java.io.*;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.zip.*;

// Reads the archive front to back with ZipInputStream, which never sees the central directory:
// it must find each entry's size in its local header.
public class StreamCheck {
  public static void main(String[] args) throws Exception {
    try (ZipInputStream in = new ZipInputStream(new BufferedInputStream(new FileInputStream(args[0]), 1 << 16), StandardCharsets.UTF_8)) {
      byte[] buf = new byte[1 << 16];
      ZipEntry e;
      while ((e = in.getNextEntry()) != null) {
        MessageDigest md = MessageDigest.getInstance("SHA-256");
        long n = 0;
        int r;
        while ((r = in.read(buf)) > 0) { md.update(buf, 0, r); n += r; }
        StringBuilder hex = new StringBuilder();
        for (byte b : md.digest()) hex.append(String.format("%02x", b));
        System.out.println(n + "\t" + hex + "\t" + e.getName());
      }
    }
  }
}
`;

/** Java's ZipInputStream, a streaming reader: each entry's name, size and SHA-256, in archive order. */
export async function readWithJavaStream(
  path: string,
  workDir: string,
): Promise<{ name: string; size: number; sha256: string }[]> {
  const source = join(workDir, 'StreamCheck.java');
  await writeFile(source, JAVA_STREAM_CHECK);
  const { stdout } = await run('java', [source, path], { maxBuffer: BIG_OUTPUT });
  return stdout
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => {
      const [size, sha256, ...name] = line.split('\t');
      return { name: name.join('\t'), size: Number(size), sha256 };
    });
}

function tail(text: string): string {
  return text.length > 2000 ? `…${text.slice(-2000)}` : text;
}
