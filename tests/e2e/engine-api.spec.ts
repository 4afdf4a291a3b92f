// The worker API of docs/contract.md (section 11.2), in the browser: stages in order with their messages and progress,
// bytes transferred (the caller's buffer is detached), the ready handshake, errors that reject with
// the engine's text, abort that terminates the worker, and bytes equal to the native engine's.
import { expect, test } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import wasm from 'vite-plugin-wasm';

const ROOT = path.resolve(import.meta.dirname, '../..');
let server: Server;
let base = '';

test.beforeAll(async () => {
  const out = mkdtempSync(path.join(tmpdir(), 'fracture-harness-'));
  await build({
    configFile: false,
    logLevel: 'error',
    root: path.join(ROOT, 'tests/e2e/engine-harness'),
    plugins: [wasm()],
    worker: { format: 'es', plugins: () => [wasm()] },
    build: { outDir: out, emptyOutDir: true, target: 'es2022' },
  });
  const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm' };
  server = createServer((req, res) => {
    const file = path.join(
      out,
      decodeURIComponent(new URL(req.url!, 'http://x').pathname).replace(/\/$/, '/index.html'),
    );
    try {
      const body = readFileSync(file);
      res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const addr = server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}/`;
});

test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

test('stages in order, progress fractions, transfer, and bytes equal to the native engine', async ({ page }) => {
  await page.goto(base);
  await expect(page.locator('body[data-ready=true]')).toBeAttached();
  const result = await page.evaluate(async () => {
    const bytes = new Uint8Array(200_000).map((_, i) => (i * 7919) & 0xff);
    const events: string[] = [];
    const progress: number[] = [];
    const { data, report } = await window.engine.corrupt(
      bytes,
      'probe.bin',
      { mode: 'byte_flip', intensity: 80, seed: 1234567890 },
      {
        onStage: (stage, message) => events.push(`${stage}: ${message}`),
        onProgress: (f) => progress.push(f),
      },
    );
    return {
      events,
      progress,
      detached: bytes.buffer.byteLength === 0,
      isBlob: data instanceof Blob,
      data: Array.from(new Uint8Array(await data.arrayBuffer())),
      report,
    };
  });
  expect(result.events).toEqual([
    'scan: Analysing format, entropy and structure',
    'plan: Selecting a format-aware failure recipe',
    'corrupt: Applying deterministic corruption with seed',
    'verify: Checking signatures and structure integrity',
    'report: Packaging results with reproducible metadata',
  ]);
  expect(result.progress).toEqual([0.15, 0.35, 0.7, 0.85, 1]);
  expect(result.detached, 'the input ArrayBuffer is transferred, not copied').toBe(true);
  expect(result.isBlob, 'the output comes back as a Blob').toBe(true);

  const dir = mkdtempSync(path.join(tmpdir(), 'fracture-api-'));
  writeFileSync(
    path.join(dir, 'probe.bin'),
    Uint8Array.from({ length: 200_000 }, (_, i) => (i * 7919) & 0xff),
  );
  execFileSync(
    path.join(ROOT, 'target/release/fracture'),
    ['--seed', '1234567890', '--out', dir, path.join(dir, 'probe.bin')],
    { stdio: 'ignore' },
  );
  expect(Buffer.from(result.data).equals(readFileSync(path.join(dir, 'probe_corrupted.bin')))).toBe(true);
  expect(result.report).toMatchObject({
    mode: 'byte_flip',
    intensity: 80,
    seed: 1234567890,
    original_size: 200_000,
    ops: 82_000,
  });
});

test('errors reject with the engine text; the next call still works', async ({ page }) => {
  await page.goto(base);
  await expect(page.locator('body[data-ready=true]')).toBeAttached();
  const outcome = await page.evaluate(async () => {
    const texts: string[] = [];
    for (const options of [
      { mode: 'melt', intensity: 80, seed: 1 },
      { mode: 'byte_flip', intensity: 101, seed: 1 },
      { mode: 'byte_flip', intensity: 5, seed: 2 ** 53 },
    ]) {
      try {
        await window.engine.corrupt(new Uint8Array(10), 'x.bin', options);
        texts.push('resolved');
      } catch (e) {
        texts.push((e as Error).message);
      }
    }
    const ok = await window.engine.corrupt(new Blob([new Uint8Array(5000)]), 'z.bin', {
      mode: 'shuffle_blocks',
      intensity: 50,
      seed: 3,
    });
    return { texts, size: ok.data.size };
  });
  expect(outcome.texts).toEqual([
    'Unsupported corruption mode: melt',
    'Intensity must be an integer from 0 to 100, got 101',
    'Seed must be an integer from 0 to 9007199254740991, got 9007199254740992',
  ]);
  expect(outcome.size).toBe(5000);
});

test('abort terminates the worker and rejects; a new call gets a fresh worker', async ({ page }) => {
  await page.goto(base);
  await expect(page.locator('body[data-ready=true]')).toBeAttached();
  const outcome = await page.evaluate(async () => {
    await window.engine.warmUp();
    const controller = new AbortController();
    const big = new Blob([new Uint8Array(64 * 1024 * 1024)]);
    const pending = window.engine.corrupt(
      big,
      'big.bin',
      { mode: 'guaranteed_break', intensity: 100, seed: 9 },
      { onStage: (s) => s === 'scan' && controller.abort() },
      controller.signal,
    );
    let aborted = '';
    try {
      await pending;
    } catch (e) {
      aborted = (e as Error).name;
    }
    const after = await window.engine.corrupt(new Uint8Array(100), 'after.bin', {
      mode: 'byte_flip',
      intensity: 10,
      seed: 1,
    });
    return { aborted, after: after.report.result_size };
  });
  expect(outcome).toEqual({ aborted: 'AbortError', after: 100 });
});

test('a large flip-mode file is spread over helper workers and gives the native bytes', async ({ page }) => {
  await page.goto(base);
  await expect(page.locator('body[data-ready=true]')).toBeAttached();
  const size = 40 * 1024 * 1024 + 4321;
  const pattern = (i: number) => (i * 2654435761) >>> 24;
  let workers = 0;
  page.on('worker', () => workers++);
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  const digest = await page.evaluate(
    async ({ size, src }) => {
      const pattern = new Function('i', `return (${src})(i)`) as (i: number) => number;
      const bytes = new Uint8Array(size);
      for (let i = 0; i < size; i++) bytes[i] = pattern(i);
      const { data } = await window.engine.corrupt(bytes, 'big.bin', { mode: 'byte_flip', intensity: 80, seed: 31337 });
      const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', await data.arrayBuffer()));
      return Array.from(hash, (b) => b.toString(16).padStart(2, '0')).join('');
    },
    { size, src: pattern.toString() },
  );
  const dir = mkdtempSync(path.join(tmpdir(), 'fracture-par-'));
  const input = Buffer.alloc(size);
  for (let i = 0; i < size; i++) input[i] = pattern(i);
  writeFileSync(path.join(dir, 'big.bin'), input);
  execFileSync(
    path.join(ROOT, 'target/release/fracture'),
    ['--seed', '31337', '--intensity', '80', '--out', dir, path.join(dir, 'big.bin')],
    { stdio: 'ignore' },
  );
  const { createHash } = await import('node:crypto');
  expect(digest).toBe(
    createHash('sha256')
      .update(readFileSync(path.join(dir, 'big_corrupted.bin')))
      .digest('hex'),
  );
  if (cores >= 2) expect(workers, 'the engine worker and at least one helper').toBeGreaterThanOrEqual(2);
});

test('without the WebAssembly module the worker falls back to the TypeScript engine: same bytes', async ({
  page,
  context,
}) => {
  await context.route('**/*.wasm', (route) => route.abort());
  const warnings: string[] = [];
  page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
  await page.goto(base);
  await expect(page.locator('body[data-ready=true]')).toBeAttached();
  const result = await page.evaluate(async () => {
    const bytes = new Uint8Array(200_000).map((_, i) => (i * 7919) & 0xff);
    const stages: string[] = [];
    const { data, report } = await window.engine.corrupt(
      bytes,
      'probe.bin',
      { mode: 'byte_flip', intensity: 80, seed: 1234567890 },
      { onStage: (s) => stages.push(s) },
    );
    return { data: Array.from(new Uint8Array(await data.arrayBuffer())), ops: report.ops, stages };
  });
  expect(result.stages).toEqual(['scan', 'plan', 'corrupt', 'verify', 'report']);
  expect(result.ops).toBe(82_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'fracture-fallback-'));
  writeFileSync(
    path.join(dir, 'probe.bin'),
    Uint8Array.from({ length: 200_000 }, (_, i) => (i * 7919) & 0xff),
  );
  execFileSync(
    path.join(ROOT, 'target/release/fracture'),
    ['--seed', '1234567890', '--out', dir, path.join(dir, 'probe.bin')],
    { stdio: 'ignore' },
  );
  expect(Buffer.from(result.data).equals(readFileSync(path.join(dir, 'probe_corrupted.bin')))).toBe(true);
  expect(warnings.some((w) => w.includes('using the TypeScript engine'))).toBe(true);
});
