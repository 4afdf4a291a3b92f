// The batch ZIP made where the product makes it: in headless Chromium, through lib/zip/batch.ts and
// the outputs module's BatchZip (the host crate's writer, as the site fetches it), into a Blob of the
// results by reference and an anchor download, at the size that broke JSZip (3 × 200 MB,
// docs/toolchain.md, "Large Blobs in Chromium"). The archive is saved from the download and judged by
// the real readers.
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright';
import ts from 'typescript';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { inspectWithPython, makeTempDir, sevenZipTest, unzipTest } from './testing/readers.ts';
import { TEST_CHROMIUM } from '../../tests/chromium.mjs';

const SRC = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
// localhost is a secure context (crypto.subtle); every request is answered by page.route, not a server.
const ORIGIN = 'http://localhost:5999';
const MIB = 1024 * 1024;

let browser: Browser;
let temp: Awaited<ReturnType<typeof makeTempDir>>;
beforeAll(async () => {
  browser = await chromium.launch({ executablePath: TEST_CHROMIUM });
  temp = await makeTempDir('fracture-zip-browser-');
});
afterAll(async () => {
  await browser?.close();
  await temp?.remove();
});

/**
 * Serves lib/ under /src: TypeScript as browser ES modules, compiled one file at a time like Vite's
 * dev server, and the outputs module's glue and WebAssembly as they are.
 */
async function serveSources(url: string): Promise<{ status: number; contentType: string; body: string | Buffer }> {
  const path = new URL(url).pathname;
  if (path === '/') return { status: 200, contentType: 'text/html', body: '<!doctype html><title>zip</title>' };
  const file = join(SRC, path.slice('/src/'.length));
  if (path.startsWith('/src/engine/outputs-pkg/')) {
    if (path.endsWith('.js')) return { status: 200, contentType: 'text/javascript', body: await readFile(file) };
    if (path.endsWith('.wasm')) return { status: 200, contentType: 'application/wasm', body: await readFile(file) };
  }
  if (!path.startsWith('/src/') || !path.endsWith('.ts')) return { status: 404, contentType: 'text/plain', body: '' };
  const source = await readFile(file, 'utf8');
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
  });
  return { status: 200, contentType: 'text/javascript', body: outputText };
}

async function openPage() {
  const page = await browser.newPage();
  await page.route(`${ORIGIN}/**`, async (route) => route.fulfill(await serveSources(route.request().url())));
  await page.goto(`${ORIGIN}/`);
  return page;
}

/** In the page: lib/zip/batch.ts and the outputs module, loaded as the site loads them. */
const LOAD_IN_PAGE = async () => {
  // Through Function, so the test runner does not rewrite these imports for Node.
  const load = new Function('url', 'return import(url)') as (url: string) => Promise<unknown>;
  const glue = (await load(
    '/src/engine/outputs-pkg/fracture_outputs.js',
  )) as typeof import('../engine/outputs-pkg/fracture_outputs.js');
  await glue.default({ module_or_path: '/src/engine/outputs-pkg/fracture_outputs_bg.wasm' });
  const { batchZip } = (await load('/src/zip/batch.ts')) as typeof import('./batch.ts');
  return { glue, batchZip };
};

it('makes a 600 MB session ZIP in Chromium that every reader accepts', { timeout: 300_000 }, async () => {
  const page = await openPage();
  const download = page.waitForEvent('download', { timeout: 240_000 });
  download.catch(() => undefined); // awaited below; a failed evaluate must not leave it unhandled
  const made = await page.evaluate(
    async ({ large, small, loadInPage }) => {
      const { glue, batchZip } = await (
        new Function(`return (${loadInPage})`)() as () => ReturnType<typeof LOAD_IN_PAGE>
      )();
      const hex = (b: ArrayBuffer) => Array.from(new Uint8Array(b), (x) => x.toString(16).padStart(2, '0')).join('');
      const sizes = [...large, ...small];
      const results: { data: Blob | Uint8Array; report: object }[] = [];
      const hashes: string[] = [];
      for (const [f, size] of sizes.entries()) {
        // xorshift32 bytes, different per file: fast to make, and a misplaced byte changes the hash.
        const words = new Uint32Array(Math.ceil(size / 4));
        const bytes = new Uint8Array(words.buffer, 0, size);
        let x = 0x9e3779b9 ^ (f + 1);
        for (let i = 0; i < words.length; i++) {
          x ^= x << 13;
          x ^= x >>> 17;
          x ^= x << 5;
          words[i] = x;
        }
        hashes.push(hex(await crypto.subtle.digest('SHA-256', bytes)));
        // The 200 MB results as Files of the origin-private file system, as the workspace keeps them
        // (several large in-memory Blobs are what Chromium's off-the-record contexts fail to read:
        // docs/toolchain.md, "Large Blobs in Chromium"); the small ones as bytes and a Blob.
        let data: Blob | Uint8Array = f === sizes.length - 1 ? new Blob([bytes]) : bytes;
        if (f < large.length) {
          const handle = await (await navigator.storage.getDirectory()).getFileHandle(`result-${f}`, { create: true });
          const writable = await handle.createWritable();
          await writable.write(bytes);
          await writable.close();
          data = await handle.getFile();
        }
        results.push({
          data,
          report: {
            filename: `input ${f}.bin`,
            original_size: size,
            result_size: size,
            entropy_delta: 0.5,
            time_ms: 100,
            seed: 7 + f,
          },
        });
      }
      const started = performance.now();
      const zip = await batchZip(
        glue,
        { startedAt: new Date(2025, 0, 2, 3, 4, 5), mode: 'byte_flip', intensity: 80, masterSeed: 7 },
        results,
      );
      const ms = performance.now() - started;
      const a = document.createElement('a');
      a.href = URL.createObjectURL(zip.blob);
      a.download = zip.name;
      a.click();
      return {
        name: zip.name,
        size: zip.blob.size,
        type: zip.blob.type,
        ms,
        hashes,
        archiveNames: zip.session.files.map((f) => f.archive_name),
      };
    },
    { large: [200 * MIB, 200 * MIB, 200 * MIB], small: [8 * MIB + 3, 5], loadInPage: LOAD_IN_PAGE.toString() },
  );

  const saved = join(temp.dir, made.name);
  await (await download).saveAs(saved);
  expect(made.name).toBe('fracture_session_20250102-030405.zip');
  expect(made.type).toBe('application/zip');
  expect(made.size).toBeGreaterThan(600 * MIB);

  const python = await inspectWithPython(saved);
  expect(python.testzip).toBeNull();
  expect(made.archiveNames).toEqual([0, 1, 2, 3, 4].map((i) => `input ${i}_corrupted.bin`));
  expect(python.entries.map((e) => e.name)).toEqual([
    ...made.archiveNames,
    'fracture_session_20250102-030405_session_report.json',
  ]);
  expect(python.entries.slice(0, -1).map((e) => e.sha256)).toEqual(made.hashes);
  expect((await unzipTest(saved)).ok).toBe(true);
  expect((await sevenZipTest(saved)).ok).toBe(true);
  console.info(`Chromium: session ZIP of 3 × 200 MiB + 8 MiB in ${(made.ms / 1000).toFixed(2)} s`);
  await page.close();
});

it('reports which entry failed, not "Failed to fetch", when a result cannot be read in Chromium', async () => {
  const page = await openPage();
  const message = await page.evaluate(async (loadInPage) => {
    const { glue, batchZip } = await (
      new Function(`return (${loadInPage})`)() as () => ReturnType<typeof LOAD_IN_PAGE>
    )();
    // A result the page can no longer read (its stored copy gone), as Chromium fails the read.
    class Gone extends Blob {
      override stream() {
        return new ReadableStream<Uint8Array<ArrayBuffer>>({ pull: (c) => c.error(new TypeError('network error')) });
      }
    }
    const report = { filename: 'big.mp4', original_size: 10, result_size: 10, entropy_delta: 0, time_ms: 1, seed: 1 };
    return batchZip(glue, { startedAt: new Date(), mode: 'byte_flip', intensity: 80, masterSeed: 1 }, [
      { data: new Gone([new Uint8Array(10)]), report },
    ]).then(
      () => 'resolved',
      (error: Error) => error.message,
    );
  }, LOAD_IN_PAGE.toString());
  expect(message).toBe('Could not read ZIP entry "big_corrupted.mp4": network error');
  await page.close();
});
