#!/usr/bin/env node
// The measurement behind docs/product.md, "ZIP writer" (docs/zip.md): JSZip against Fracture's batch
// ZIP on a batch of 200 MB files, STORE, in Node. Fracture's archive is laid out by the host crate
// (engine-rs/host: batch, session, zip) through the outputs module (lib/engine/outputs-pkg, loaded in
// Node with initSync as lib/engine/host-module/node.ts does), as the page and the npm command line use
// it: every result under the host's entry name (file0.bin → file0_corrupted.bin), then the session
// report's JSON entry. Each variant runs in its own process so its peak RSS is its own; every archive
// is then checked with Python's zipfile, unzip -t, 7z t and Java's streaming ZipInputStream.
//
//   node tests/bench/zip-vs-jszip.mjs [--files 3] [--mib 200] [--repeat 3] [--only fracture,jszip-stream,...]
//   node tests/bench/zip-vs-jszip.mjs --over-4gib     # 22 × 200 MiB entries: past JSZip's 32-bit limit
//
// Variants: inputs held in memory as the page holds them (fracture, jszip-stream, jszip-async), and
// inputs read from files as the command line tool reads them (fracture-file, jszip-stream-file via
// fs.createReadStream).
// - fracture: the page's shell, lib/zip/batch.ts's batchZip, over Uint8Array results; its Blob's
//   stream() is written out. Its peak RSS is mostly Node's Blob: it copies each Uint8Array part when
//   it is made, and its stream() hands each part on as one copied chunk (the page's results kept as
//   Blobs or in the origin-private file system are held by reference).
// - fracture-file: as cli/zip.ts writes `--zip`: each file read once for its CRC-32 (ZipCrc32), its
//   header from BatchZip.fileHeader, its bytes streamed from the file a buffer at a time (checked
//   against that CRC again, as the CLI does), then the report entry and the end records.
// - fracture with --over-4gib: Node 20 refuses a Blob over 4 GiB (ERR_BUFFER_TOO_LARGE), so batchZip
//   cannot hold that archive in Node; the in-memory inputs are written the CLI's way instead (one
//   CRC-32 pass over each, then header and bytes), which is the host's same writer.
// Loading the outputs module (and importing JSZip) is inside the timed part. Timed runs write to
// /dev/null, so the disk's speed (the same for both) does not drown the writers' own cost; times and
// peak RSS are medians of --repeat runs. One more run writes a real file for the readers to judge.
//
// Needs python3, unzip, 7z and java on PATH, and room in the temp folder for the archives.

import { spawnSync } from 'node:child_process';
import { randomFillSync } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, open, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
const VARIANTS = ['fracture', 'jszip-stream', 'jszip-async', 'fracture-file', 'jszip-stream-file'];
const OUTPUTS = join(root, 'lib/engine/outputs-pkg');
/** The run the archive is of: fixed, so every run names and stamps its archive alike. */
const RUN = { startedAt: new Date(2025, 0, 2, 3, 4, 5), mode: 'byte_flip', intensity: 80, masterSeed: 100 };
/** Bytes read from an input file at a time (cli/zip.ts's CHUNK). */
const CHUNK = 4 << 20;
/** Node 20 refuses a Blob over 4 GiB (ERR_BUFFER_TOO_LARGE); the slack is the archive's own bytes. */
const BLOB_LIMIT = 2 ** 32;
const BLOB_SLACK = 1 << 20;

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? fallback : process.argv[i + 1];
}

/** Transpiles the page's shell (and the test readers) to plain JS in `dir`; Node 20 cannot import .ts. */
async function transpile(dir) {
  const ts = (await import(pathToFileURL(join(root, 'node_modules/typescript/lib/typescript.js')).href)).default;
  // batch.ts imports only types, which transpiling drops: it needs nothing else beside it.
  for (const file of ['batch.ts', 'testing/readers.ts']) {
    const source = await readFile(join(root, 'lib/zip', file), 'utf8');
    const { outputText } = ts.transpileModule(source, {
      compilerOptions: {
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        rewriteRelativeImportExtensions: true,
      },
    });
    const out = join(dir, file.replace(/\.ts$/, '.js'));
    await mkdir(dirname(out), { recursive: true });
    await writeFile(out, outputText);
  }
}

/** The outputs module in Node: its glue imported, its WebAssembly compiled and handed to initSync. */
async function loadOutputs() {
  const [glue, module] = await Promise.all([
    import(pathToFileURL(join(OUTPUTS, 'fracture_outputs.js')).href),
    readFile(join(OUTPUTS, 'fracture_outputs_bg.wasm')).then((bytes) => WebAssembly.compile(bytes)),
  ]);
  glue.initSync({ module });
  return glue;
}

/** A result's report with the fields the session report reads (fracture_host::session::SessionFile). */
function report(i, size) {
  return { filename: `file${i}.bin`, original_size: size, result_size: size, entropy_delta: 0, time_ms: 0, seed: i };
}

/** Feeds the file at `path` to `sink` a buffer at a time; the number of bytes read. */
async function eachChunk(path, sink) {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.allocUnsafe(CHUNK);
    let size = 0;
    for (;;) {
      const { bytesRead } = await file.read(buffer, 0, CHUNK, null);
      if (bytesRead === 0) return size;
      await sink(buffer.subarray(0, bytesRead));
      size += bytesRead;
    }
  } finally {
    await file.close();
  }
}

/** Writes every byte of `bytes` to the open file `out`. */
async function writeAll(out, bytes) {
  for (let at = 0; at < bytes.length; ) at += (await out.write(bytes, at, bytes.length - at)).bytesWritten;
}

/** The page's archive: batchZip over results held in memory, its Blob streamed to `out`. */
async function fractureInMemory(dir, data, out) {
  const { batchZip } = await import(pathToFileURL(join(dir, 'batch.js')).href);
  const outputs = await loadOutputs();
  const results = data.map((bytes, i) => ({ data: bytes, report: report(i, bytes.length) }));
  const { blob } = await batchZip(outputs, RUN, results);
  await pipeline(Readable.fromWeb(blob.stream()), createWriteStream(out));
}

/** An input file as a source: read a buffer at a time, and read again to be copied (cli/zip.ts checks the copy). */
const fileSource = (path) => ({ name: path, each: (sink) => eachChunk(path, sink), recheck: true });

/** Bytes in memory as a source, handed on a buffer at a time (as batch.ts feeds the CRC-32). */
function memorySource(bytes, name) {
  const each = async (sink) => {
    for (let at = 0; at < bytes.length; at += CHUNK) await sink(bytes.subarray(at, at + CHUNK));
    return bytes.length;
  };
  return { name, each, recheck: false };
}

/**
 * The npm command line's archive (cli/zip.ts): each source read once for its CRC-32, its header from
 * the host, its bytes streamed after it (a file's checked against that CRC again), then the report
 * entry and the end records. Memory stays bounded by a buffer whatever the sizes.
 */
async function fractureWritten(sources, reports, out) {
  const outputs = await loadOutputs();
  const sink = await open(out, 'w');
  const batch = new outputs.BatchZip(
    RUN.startedAt.getTime(),
    -RUN.startedAt.getTimezoneOffset() * 60,
    RUN.mode,
    RUN.intensity,
    RUN.masterSeed,
    false,
    JSON.stringify(reports),
    false,
  );
  try {
    for (const source of sources) {
      const first = new outputs.ZipCrc32();
      const again = new outputs.ZipCrc32();
      try {
        const size = await source.each((c) => first.update(c));
        const crc = first.value();
        await writeAll(sink, batch.fileHeader(size, crc));
        const copied = await source.each(async (c) => {
          if (source.recheck) again.update(c);
          await writeAll(sink, c);
        });
        if (copied !== size || (source.recheck && again.value() !== crc))
          throw new Error(`${source.name} changed while it was being zipped`);
      } finally {
        first.free();
        again.free();
      }
    }
    await writeAll(sink, batch.reportEntry());
    await writeAll(sink, batch.finish());
  } finally {
    batch.free();
    await sink.close();
  }
}

/** Runs one variant: builds the inputs, writes the archive, reports time and memory. */
async function child(variant, dir, files, mib, sharedInput, out) {
  const size = mib * 1024 * 1024;
  const fromFiles = variant.endsWith('-file');
  const inputs = [];
  if (!fromFiles) for (let i = 0; i < (sharedInput ? 1 : files); i++) inputs.push(randomFillSync(new Uint8Array(size)));
  const input = (i) => inputs[sharedInput ? 0 : i];
  const inputPath = (i) => join(dir, `input${i}.bin`);
  const names = Array.from({ length: files }, (_, i) => `file${i}_corrupted.bin`);
  const rssBefore = process.memoryUsage().rss;
  const started = performance.now();

  if (variant === 'fracture' && files * size + BLOB_SLACK <= BLOB_LIMIT) {
    const data = names.map((_, i) => input(i));
    await fractureInMemory(dir, data, out);
  } else if (variant === 'fracture') {
    // Past Node's Blob limit (--over-4gib): the same bytes from memory, written as the npm CLI writes.
    const sources = names.map((_, i) => memorySource(input(i), `input ${i}`));
    const reports = names.map((_, i) => report(i, size));
    await fractureWritten(sources, reports, out);
  } else if (variant === 'fracture-file') {
    // The CLI has its reports from the run; here each file's size is all they need.
    const paths = names.map((_, i) => inputPath(i));
    const reports = await Promise.all(paths.map(async (path, i) => report(i, (await stat(path)).size)));
    await fractureWritten(paths.map(fileSource), reports, out);
  } else {
    const JSZip = (await import('jszip')).default;
    const zip = new JSZip();
    for (const [i, name] of names.entries()) {
      zip.file(name, fromFiles ? createReadStream(inputPath(i)) : input(i), { binary: true });
    }
    if (variant.startsWith('jszip-stream')) {
      const stream = zip.generateNodeStream({ type: 'nodebuffer', streamFiles: true, compression: 'STORE' });
      await pipeline(stream, createWriteStream(out));
    } else {
      const bytes = await zip.generateAsync({ type: 'uint8array', compression: 'STORE' });
      await writeFile(out, bytes);
    }
  }

  const ms = performance.now() - started;
  const peakRss = process.resourceUsage().maxRSS * 1024;
  process.stdout.write(JSON.stringify({ variant, ms, peakRss, rssBefore, inputBytes: files * size, out }));
}

async function main() {
  if (process.argv[2] === '--child') {
    const [, , , variant, dir, files, mib, shared, out] = process.argv;
    return child(variant, dir, Number(files), Number(mib), shared === 'shared', out);
  }
  const over4 = process.argv.includes('--over-4gib');
  const files = Number(option('files', over4 ? 22 : 3));
  const mib = Number(option('mib', 200));
  const only = option('only', over4 ? 'fracture,jszip-stream' : VARIANTS.join(',')).split(',');
  const repeat = Number(option('repeat', over4 ? 1 : 3));
  const dir = await mkdtemp(join(tmpdir(), 'fracture-zip-bench-'));
  try {
    await transpile(dir);
    if (only.some((v) => v.endsWith('-file'))) {
      for (let i = 0; i < files; i++) await writeRandomFile(join(dir, `input${i}.bin`), mib * 1024 * 1024);
    }
    const readers = await import(pathToFileURL(join(dir, 'testing/readers.js')).href);
    const shared = over4 ? ', one input buffer shared by every entry' : '';
    const pastBlob = files * mib * 1024 * 1024 + BLOB_SLACK > BLOB_LIMIT;
    const written =
      pastBlob && only.includes('fracture')
        ? ", fracture written as the npm CLI writes (Node's Blob stops at 4 GiB)"
        : '';
    console.log(`${files} × ${mib} MiB, STORE, Node ${process.version}, median of ${repeat}${shared}${written}`);
    console.log(
      '| variant | time | MB/s | peak RSS | RSS before zipping | Python zipfile | unzip -t | 7z t | Java ZipInputStream |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|');
    for (const variant of only) {
      const runs = [];
      let failure;
      const archive = join(dir, `${variant}.zip`);
      // The extra last run writes the archive to judge; its numbers are not counted.
      for (let n = 0; n <= repeat && !failure; n++) {
        const sink = n < repeat ? '/dev/null' : archive;
        const args = [
          fileURLToPath(import.meta.url),
          '--child',
          variant,
          dir,
          String(files),
          String(mib),
          over4 ? 'shared' : 'own',
          sink,
        ];
        const run = spawnSync(process.execPath, ['--max-old-space-size=8192', ...args], {
          encoding: 'utf8',
          maxBuffer: 1 << 20,
        });
        if (run.status !== 0) failure = (run.stderr || run.stdout).trim().split('\n').slice(-3).join(' ');
        else if (n < repeat) runs.push(JSON.parse(run.stdout));
      }
      if (failure) {
        console.log(`| ${variant} | failed: ${failure.replace(/\|/g, '\\|')} | | | | | | | |`);
        await rm(archive, { force: true });
        continue;
      }
      const ms = median(runs.map((x) => x.ms));
      // Fracture's archive holds the session report's JSON after the files.
      const verdicts = await judge(readers, archive, dir, variant.startsWith('fracture') ? files + 1 : files);
      const mb = (n) => `${(n / 1e6).toFixed(0)} MB`;
      console.log(
        `| ${variant} | ${(ms / 1000).toFixed(2)} s | ${(runs[0].inputBytes / 1e6 / (ms / 1000)).toFixed(0)} | ${mb(median(runs.map((x) => x.peakRss)))} | ${mb(median(runs.map((x) => x.rssBefore)))} | ${verdicts.join(' | ')} |`,
      );
      await rm(archive, { force: true });
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * `size` random bytes into `path`, a buffer at a time. The parent stays small: a child's peak RSS
 * (getrusage's maxRSS) starts from its parent's RSS at the fork, so a parent that had held the inputs
 * would raise the file variants' figures to its own.
 */
async function writeRandomFile(path, size) {
  const file = await open(path, 'w');
  try {
    const buffer = new Uint8Array(CHUNK);
    for (let at = 0; at < size; at += CHUNK) await writeAll(file, randomFillSync(buffer).subarray(0, size - at));
  } finally {
    await file.close();
  }
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** One word per reader: ok, or what went wrong; `entries` is how many the archive should hold. */
async function judge(readers, path, dir, entries) {
  const out = [];
  try {
    const python = await readers.inspectWithPython(path);
    if (python.testzip !== null) out.push(`bad entry ${python.testzip}`);
    else out.push(python.entries.length === entries ? 'ok' : `${python.entries.length} of ${entries} entries`);
  } catch (error) {
    out.push(`fails: ${lastLine(error.stderr ?? error)}`);
  }
  const unzip = await readers.unzipTest(path);
  out.push(unzip.ok ? 'ok' : `fails: ${lastLine(unzip.output)}`);
  const sevenZip = await readers.sevenZipTest(path);
  out.push(sevenZip.ok ? 'ok' : `fails: ${lastLine(sevenZip.output)}`);
  try {
    const streamed = await readers.readWithJavaStream(path, dir);
    out.push(streamed.length === entries ? 'ok' : `read ${streamed.length} of ${entries} entries`);
  } catch (error) {
    out.push(`fails: ${lastLine(error.stderr ?? error)}`);
  }
  return out.map((s) => s.replace(/\|/g, '\\|'));
}

function lastLine(text) {
  const lines = String(text)
    .trim()
    .split('\n')
    .filter((l) => l.trim() && !/^\s+at /.test(l));
  return (lines.find((l) => /Exception|Error|error/.test(l)) ?? lines[lines.length - 1] ?? '').trim().slice(0, 120);
}

await main();
