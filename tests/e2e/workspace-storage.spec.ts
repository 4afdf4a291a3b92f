// Where results are kept, end to end in Chromium: the engine worker writes each output into the
// origin-private file system (web/src/workspace/storage.ts), downloads, previews and the batch ZIP
// read them from there, and the space goes with the file, the page and crashed tabs. Playwright's
// contexts are throwaway profiles, as private windows are. The OPFS folders are listed from the page.
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { presetConsent } from './helpers/site.ts';
import { controlled, openWorkspace as open, readZip, runFiles, upload } from './helpers/workspace.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const RESULTS_DIR = 'fracture-results';

let workDir = '';

test.beforeEach(async ({ context }, testInfo) => {
  workDir = testInfo.outputPath('files');
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  // Consent stored up front, so the cookie banner does not sit over the workspace.
  await presetConsent(context);
});

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

function cli(): [string, string[]] {
  if (process.env.FRACTURE_CLI) {
    const [cmd, ...args] = process.env.FRACTURE_CLI.split(' ');
    return [cmd, args];
  }
  if (existsSync(join(ROOT, 'dist/cli/main.js'))) return [process.execPath, [join(ROOT, 'bin/fracture.mjs')]];
  return [join(ROOT, 'target/release/fracture'), []];
}

/** The CLI's outputs for `files` (file i with seed + i, as the UI), by corrupted name. */
function expected(files: string[], mode: string, intensity: number, seed: number): Map<string, string> {
  const [cmd, pre] = cli();
  const out = join(workDir, 'cli');
  mkdirSync(out, { recursive: true });
  execFileSync(
    cmd,
    [...pre, '--mode', mode, '--intensity', String(intensity), '--seed', String(seed), '--out', out, ...files],
    {
      stdio: 'ignore',
    },
  );
  const names = files.map((f) => f.split('/').pop()!.replace('.bin', '_corrupted.bin'));
  return new Map(names.map((name) => [name, sha256(readFileSync(join(out, name)))]));
}

/** Every tab folder under RESULTS_DIR with its files' sizes, as the page sees the origin-private file system. */
function listing(page: Page): Promise<Record<string, Record<string, number>>> {
  return page.evaluate(async (dirName) => {
    type Dir = { entries(): AsyncIterable<[string, FileSystemHandle]> };
    const root = await navigator.storage.getDirectory();
    let results: FileSystemDirectoryHandle;
    try {
      results = await root.getDirectoryHandle(dirName);
    } catch {
      return {};
    }
    const out: Record<string, Record<string, number>> = {};
    for await (const [name, handle] of (results as unknown as Dir).entries()) {
      out[name] = {};
      if (handle.kind !== 'directory') continue;
      for await (const [file, h] of (handle as unknown as Dir).entries())
        out[name][file] = (await (h as FileSystemFileHandle).getFile()).size;
    }
    return out;
  }, RESULTS_DIR);
}

async function save(page: Page, click: () => Promise<void>): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const path = join(workDir, 'downloads', download.suggestedFilename());
  mkdirSync(join(workDir, 'downloads'), { recursive: true });
  await download.saveAs(path);
  return path;
}

/** The ZIP is sound (every CRC good) and holds every expected result, by name and SHA-256. */
function checkZip(zip: string, want: Map<string, string>) {
  const { bad, entries } = readZip(zip);
  expect(bad).toBeNull();
  const hashes = Object.fromEntries(entries.map((e) => [e.name, e.sha256]));
  for (const [name, hash] of want) expect(hashes[name], name).toBe(hash);
  expect(
    Object.keys(hashes)
      .filter((name) => name.endsWith('_corrupted.bin'))
      .sort(),
  ).toEqual([...want.keys()].sort());
}

function write(name: string, bytes: number): string {
  const path = join(workDir, name);
  writeFileSync(path, randomBytes(bytes));
  return path;
}

test('results live in the origin-private file system and leave with the file, the ZIP download, the page and crashed tabs', async ({
  page,
  context,
}) => {
  await open(page);
  // A folder left by a tab that crashed: nobody holds its lock.
  await page.evaluate(async (dirName) => {
    const root = await navigator.storage.getDirectory();
    const results = await root.getDirectoryHandle(dirName, { create: true });
    const crashed = await results.getDirectoryHandle('crashed-tab', { create: true });
    const file = await crashed.getFileHandle('1', { create: true });
    const w = await file.createWritable();
    await w.write(new Uint8Array(1000));
    await w.close();
  }, RESULTS_DIR);
  expect(Object.keys(await listing(page))).toEqual(['crashed-tab']);

  // Another live tab with a result of its own.
  const other = await context.newPage();
  await open(other);
  await runFiles(other, [write('other.bin', 50_000)], 40);
  const afterOther = await listing(page);
  expect(Object.keys(afterOther)).toHaveLength(1);
  const otherTab = Object.keys(afterOther)[0];
  expect(otherTab).not.toBe('crashed-tab');

  const sizes = [300_000, 2_000_000, 20 * 1024 * 1024];
  const files = sizes.map((size, i) => write(`file-${i}.bin`, size));
  const seed = await runFiles(page, files, 60);
  const want = expected(files, 'byte_flip', 60, seed);

  // The crashed tab's folder is gone, the other tab's kept; this tab's holds one file per result.
  const stored = await listing(page);
  // (Two folders, one the other tab's; sorting them against a matcher would depend on the names.)
  expect(Object.keys(stored)).toHaveLength(2);
  expect(Object.keys(stored)).toContain(otherTab);
  const ownTab = Object.keys(stored).find((name) => name !== otherTab)!;
  expect(Object.values(stored[ownTab]).sort((a, b) => a - b)).toEqual(sizes);

  // A single download, the change map and the ZIP read the stored results.
  const single = await save(page, () => page.getByRole('button', { name: 'Download corrupted file-2.bin' }).click());
  expect(sha256(readFileSync(single))).toBe(want.get('file-2_corrupted.bin'));
  // Its checksums, computed on a helper worker beside the stages from 16 MiB on, are the file's.
  const json = JSON.parse(
    readFileSync(
      await save(page, () => page.locator('#report').getByRole('button', { name: 'Download JSON' }).click()),
      'utf8',
    ),
  ) as { filename: string; sha256_before: string; sha256_after: string };
  expect(json.filename).toBe('file-2.bin');
  expect(json.sha256_before).toBe(sha256(readFileSync(files[2])));
  expect(json.sha256_after).toBe(want.get('file-2_corrupted.bin'));
  await expect(page.locator('#preview [data-field="first-change"]')).toBeVisible({ timeout: 30_000 });

  // Removing a file removes its result.
  await page.getByRole('button', { name: 'Remove file-0.bin' }).click();
  await expect.poll(async () => Object.keys((await listing(page))[ownTab] ?? {}).length).toBe(2);
  want.delete('file-0_corrupted.bin');

  // The ZIP streams from the stored results through the service worker, which tells the page when
  // the download has every byte: then the results are released and the tab's folder empties.
  await controlled(page);
  checkZip(await save(page, () => upload(page).getByRole('button', { name: 'Download All as ZIP' }).click()), want);
  await expect.poll(async () => (await listing(page))[ownTab]).toEqual({});

  // A released result is made again when asked for: the same bytes, stored again.
  const again = await save(page, () => page.getByRole('button', { name: 'Download corrupted file-2.bin' }).click());
  expect(sha256(readFileSync(again))).toBe(want.get('file-2_corrupted.bin'));
  expect(Object.values((await listing(page))[ownTab])).toEqual([sizes[2]]);
  // The preview keeps working on it: the change map steps through the remade bytes.
  await page.locator('#preview').getByRole('button', { name: 'Next change' }).click();
  await expect(page.locator('#preview [data-field="first-change"]')).toBeVisible();
  // A second ZIP makes the other one again, and lets both go once downloaded.
  checkZip(await save(page, () => upload(page).getByRole('button', { name: 'Download All as ZIP' }).click()), want);
  await expect.poll(async () => (await listing(page))[ownTab]).toEqual({});

  // Closing the other tab removes its folder.
  await other.close();
  await expect.poll(async () => Object.keys(await listing(page))).toEqual([ownTab]);

  // Reloading removes this tab's: nothing is left.
  await page.reload();
  await expect(upload(page)).toBeVisible();
  await expect.poll(() => listing(page)).toEqual({});
});

test('a ZIP the service worker did not serve is saved the plain way, and the results stay', async ({ page }) => {
  await open(page);
  const file = write('kept.bin', 300_000);
  const seed = await runFiles(page, [file], 50);
  await controlled(page);
  // The worker takes the archive under another id than the frame asks for: it answers the frame
  // with its "expired" page, as a worker replaced meanwhile would.
  await page.evaluate(() => {
    const post = ServiceWorker.prototype.postMessage;
    ServiceWorker.prototype.postMessage = function (this: ServiceWorker, message: unknown, transfer?: unknown) {
      const m = message as { type?: string; id?: string };
      const changed = m?.type === 'fracture-download' ? { ...m, id: `${m.id}-elsewhere` } : message;
      return (post as (m: unknown, t?: unknown) => void).call(this, changed, transfer);
    };
  });
  const zip = await save(page, () => upload(page).getByRole('button', { name: 'Download All as ZIP' }).click());
  checkZip(zip, expected([file], 'byte_flip', 50, seed));
  // Saved the plain way, nothing tells the page when the browser has it all: it never says "safe".
  await expect(toastWith(page, 'ZIP download started')).toBeVisible();
  await page.waitForTimeout(500);
  await expect(toastWith(page, 'Safe to close')).toHaveCount(0);
  const stored = await listing(page);
  expect(Object.values(stored).map((files) => Object.values(files))).toEqual([[300_000]]);
  await expect(page.locator('iframe[title="Download"]')).toHaveCount(0);
});

test('without the origin-private file system, results stay in memory, the page says so, and the ZIP download lets them go', async ({
  page,
}) => {
  await page.addInitScript(() => {
    // As in a browser that offers none here.
    delete (StorageManager.prototype as Partial<StorageManager>).getDirectory;
  });
  await open(page);
  const file = write('plain.bin', 500_000);
  const seed = await runFiles(page, [file], 70);
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Results kept in memory' })).toBeVisible();
  const want = expected([file], 'byte_flip', 70, seed);
  const single = await save(page, () => page.getByRole('button', { name: 'Download corrupted plain.bin' }).click());
  expect(sha256(readFileSync(single))).toBe(want.get('plain_corrupted.bin'));
  // Results held in memory are let go after the ZIP download too, and made again when asked for.
  await controlled(page);
  checkZip(await save(page, () => upload(page).getByRole('button', { name: 'Download All as ZIP' }).click()), want);
  const again = await save(page, () => page.getByRole('button', { name: 'Download corrupted plain.bin' }).click());
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Making the file again' })).toBeVisible();
  expect(sha256(readFileSync(again))).toBe(want.get('plain_corrupted.bin'));
});

const toastWith = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

test('"Safe to close" waits for the last byte of the ZIP, and its stored results stay while it streams', async ({
  page,
  context,
}) => {
  await open(page);
  const files = [write('s-0.bin', 400_000), write('s-1.bin', 3_000_000), write('s-2.bin', 300_000)];
  const seed = await runFiles(page, files, 30);
  const want = expected(files, 'byte_flip', 30, seed);
  const [ownTab] = Object.keys(await listing(page));
  expect(Object.keys((await listing(page))[ownTab])).toHaveLength(3);
  await controlled(page);
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  // In the service worker, a Blob's stream gives its first chunk, then waits until the test lets it
  // go: the browser has part of the archive, and the page must not say it has it all.
  await worker.evaluate(() => {
    const g = self as unknown as { held: number; gate: Promise<void>; release: () => void };
    g.held = 0;
    g.gate = new Promise<void>((resolve) => {
      g.release = resolve;
    });
    const original = Blob.prototype.stream;
    Blob.prototype.stream = function (this: Blob) {
      const reader = original.call(this).getReader();
      let first = true;
      return new ReadableStream<Uint8Array>(
        {
          async pull(controller) {
            if (!first) {
              g.held++;
              await g.gate;
            }
            first = false;
            const { done, value } = await reader.read();
            if (done) controller.close();
            else controller.enqueue(value);
          },
          cancel: (reason) => reader.cancel(reason),
        },
        { highWaterMark: 0 },
      );
    } as typeof Blob.prototype.stream;
  });

  const started = page.waitForEvent('download');
  await upload(page).getByRole('button', { name: 'Download All as ZIP' }).click();
  const download = await started;
  await expect.poll(() => worker.evaluate(() => (self as unknown as { held: number }).held)).toBeGreaterThan(0);
  await expect(toastWith(page, 'Downloading ZIP')).toBeVisible();
  await expect(toastWith(page, 'Keep this tab open until it is saved')).toBeVisible();
  await expect(toastWith(page, 'Safe to close')).toHaveCount(0);

  // Removing a file and clearing the list while the archive streams leave its stored results.
  await page.getByRole('button', { name: 'Remove s-0.bin' }).click();
  await page.getByRole('button', { name: 'Clear All' }).click();
  await expect(upload(page).getByRole('heading', { name: /^Files \(/ })).toHaveCount(0);
  await page.waitForTimeout(1000);
  expect(Object.keys((await listing(page))[ownTab] ?? {})).toHaveLength(3);
  await expect(toastWith(page, 'Safe to close')).toHaveCount(0);

  // Let it go: the download completes with every byte, and only then the page says so.
  await worker.evaluate(() => (self as unknown as { release: () => void }).release());
  const zip = join(workDir, 'downloads', download.suggestedFilename());
  await download.saveAs(zip);
  checkZip(zip, want);
  await expect(toastWith(page, 'ZIP ready. Safe to close this tab.')).toBeVisible();
  await expect(toastWith(page, 'Downloaded 3 files with premium session report')).toBeVisible();
  // Then the results it read, removed meanwhile, leave the disk.
  await expect.poll(async () => (await listing(page))[ownTab] ?? {}).toEqual({});
});
