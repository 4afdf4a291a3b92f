#!/usr/bin/env node
// The measurement behind docs/product.md, "ZIP writer" (docs/zip.md): JSZip against Fracture's streaming writer
// on a batch of 200 MB files, STORE, in Node. Each variant runs in its own process so its peak RSS
// is its own; every archive is then checked with Python's zipfile, unzip -t, 7z t and Java's
// streaming ZipInputStream.
//
//   node tests/bench/zip-vs-jszip.mjs [--files 3] [--mib 200] [--repeat 3] [--only fracture,jszip-stream,...]
//   node tests/bench/zip-vs-jszip.mjs --over-4gib     # 22 × 200 MiB entries: past JSZip's 32-bit limit
//
// Variants: inputs held in memory as the page holds them (fracture, jszip-stream, jszip-async), and
// inputs read from files as the command line tool reads them (fracture-file via fs.openAsBlob,
// jszip-stream-file via fs.createReadStream). Timed runs write to /dev/null, so the disk's speed
// (the same for both) does not drown the writers' own cost; times and peak RSS are medians of
// --repeat runs. One more run writes a real file for the readers to judge.
//
// Needs python3, unzip, 7z and java on PATH, and room in the temp folder for the archives.

import { spawnSync } from 'node:child_process';
import { randomFillSync } from 'node:crypto';
import { createReadStream, createWriteStream, openAsBlob } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
const VARIANTS = ['fracture', 'jszip-stream', 'jszip-async', 'fracture-file', 'jszip-stream-file'];

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? fallback : process.argv[i + 1];
}

/** Transpiles the writer (and the test readers) to plain JS in `dir`; Node 20 cannot import .ts. */
async function transpile(dir) {
  const ts = (await import(pathToFileURL(join(root, 'node_modules/typescript/lib/typescript.js')).href)).default;
  for (const file of ['crc32.ts', 'writer.ts', 'testing/readers.ts']) {
    const source = await readFile(join(root, 'web/src/zip', file), 'utf8');
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

  if (variant.startsWith('fracture')) {
    const { zipStream } = await import(pathToFileURL(join(dir, 'writer.js')).href);
    const data = fromFiles
      ? await Promise.all(names.map((_, i) => openAsBlob(inputPath(i))))
      : names.map((_, i) => input(i));
    const entries = names.map((name, i) => ({ name, data: data[i] }));
    await pipeline(Readable.fromWeb(zipStream(entries)), createWriteStream(out));
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
      for (let i = 0; i < files; i++)
        await writeFile(join(dir, `input${i}.bin`), randomFillSync(new Uint8Array(mib * 1024 * 1024)));
    }
    const readers = await import(pathToFileURL(join(dir, 'testing/readers.js')).href);
    console.log(
      `${files} × ${mib} MiB, STORE, Node ${process.version}, median of ${repeat}${over4 ? ', one input buffer shared by every entry' : ''}`,
    );
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
      const verdicts = await judge(readers, archive, dir, files);
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

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** One word per reader: ok, or what went wrong. */
async function judge(readers, path, dir, files) {
  const out = [];
  try {
    const python = await readers.inspectWithPython(path);
    out.push(python.testzip === null && python.entries.length === files ? 'ok' : `bad entry ${python.testzip}`);
  } catch (error) {
    out.push(`fails: ${lastLine(error.stderr ?? error)}`);
  }
  const unzip = await readers.unzipTest(path);
  out.push(unzip.ok ? 'ok' : `fails: ${lastLine(unzip.output)}`);
  const sevenZip = await readers.sevenZipTest(path);
  out.push(sevenZip.ok ? 'ok' : `fails: ${lastLine(sevenZip.output)}`);
  try {
    const streamed = await readers.readWithJavaStream(path, dir);
    out.push(streamed.length === files ? 'ok' : `read ${streamed.length} of ${files} entries`);
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
