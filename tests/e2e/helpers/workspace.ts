// The workspace as the e2e specs drive it.
import { type BrowserContext, expect, type Page, type Request } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join, normalize, sep } from 'node:path';
import { DOWNLOAD_PATH } from '../../../web/src/workspace/served-download.ts';
import { waitForHydration } from './site.ts';

/** The workspace's upload panel. */
export const upload = (page: Page) => page.locator('#upload');

/**
 * Opens the home page's workspace and waits until it is hydrated: the panel is prerendered, so it is
 * visible before Preact attaches its handlers, and a key press or click in between is lost (on a
 * loaded 2-core machine, four presses on Start gave one toast).
 */
export async function openWorkspace(page: Page, query = '?e2e'): Promise<void> {
  // Turning file-chooser interception on is asynchronous: on from the start, no picker opened by a
  // key press can slip past it.
  page.on('filechooser', () => {});
  await page.goto(`/${query}`);
  await expect(upload(page)).toBeVisible();
  await waitForHydration(page);
}

/**
 * Adds `files`, sets the intensity (and the algorithm, when given), starts processing and waits until
 * every file is done; returns the run's master seed.
 */
export async function runFiles(page: Page, files: string[], intensity: number, algorithm?: string): Promise<number> {
  await upload(page).locator('#workspace-file-input').setInputFiles(files);
  if (algorithm !== undefined) await upload(page).getByLabel('Algorithm', { exact: true }).selectOption(algorithm);
  await upload(page).getByRole('spinbutton', { name: 'Intensity (percent)' }).fill(String(intensity));
  await upload(page).getByRole('button', { name: 'Start Processing' }).click();
  await expect(upload(page).locator('[data-field="overall"]')).toHaveText(
    `${files.length} / ${files.length} files · 100%`,
    { timeout: 60_000 },
  );
  return Number(await upload(page).getByRole('status', { name: 'Deterministic Seed' }).getAttribute('data-seed'));
}

/** Waits until the site's service worker controls the page (it serves "Download All as ZIP"). */
export async function controlled(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 })
    .toBe(true);
}

/** A file the static server has for `pathname` (routes are prerendered as route.html or route/index.html). */
function isStaticFile(dist: string, pathname: string): boolean {
  const file = normalize(join(dist, decodeURIComponent(pathname)));
  if (!file.startsWith(dist + sep) && file !== dist) return false;
  return [file, `${file}.html`, join(file, 'index.html')].some((f) => existsSync(f) && statSync(f).isFile());
}

/**
 * Watches what the pages of `context` ask for: only GETs of the files the site serves from `dist`,
 * the page's own object URLs, and ZIP downloads that the service worker answered (they never reach
 * the network). Returns the requests that broke the rule, once every answer is in.
 */
export function watchRequests(context: BrowserContext, origin: string, dist: string): () => Promise<string[]> {
  const foreign: string[] = [];
  const pending: Promise<void>[] = [];
  context.on('request', (request: Request) => {
    const url = new URL(request.url());
    const what = `${request.method()} ${request.url()}`;
    if (url.protocol === 'blob:' || url.protocol === 'data:') {
      // Object URLs of the page's own blobs (downloads, the worker): nothing leaves the machine.
      if (url.protocol === 'blob:' && !request.url().startsWith(`blob:${origin}/`)) foreign.push(request.url());
      return;
    }
    if (request.method() !== 'GET' || url.origin !== origin) foreign.push(what);
    else if (url.pathname.startsWith(DOWNLOAD_PATH))
      pending.push(
        request.response().then(
          (response) =>
            void (response?.fromServiceWorker() ? undefined : foreign.push(`${what} (not the service worker)`)),
          () => void foreign.push(`${what} (no answer)`),
        ),
      );
    else if (!isStaticFile(dist, url.pathname)) foreign.push(what);
  });
  return async () => {
    await Promise.all(pending);
    return foreign;
  };
}

/** A ZIP as Python's zipfile reads it: its first bad entry (testzip: every CRC checked) and entries. */
export interface ZipListing {
  bad: string | null;
  entries: { name: string; size: number; compress_type: number; sha256: string }[];
}

/** Lists `path` with Python's zipfile, each entry hashed in 1 MiB reads (entries may be 200 MB). */
export function readZip(path: string): ZipListing {
  const script = `
import hashlib, json, sys, zipfile
def sha(z, info):
    h = hashlib.sha256()
    with z.open(info) as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()
with zipfile.ZipFile(sys.argv[1]) as z:
    print(json.dumps({"bad": z.testzip(), "entries": [
        {"name": i.filename, "size": i.file_size, "compress_type": i.compress_type, "sha256": sha(z, i)}
        for i in z.infolist()]}))`;
  return JSON.parse(execFileSync('python3', ['-c', script, path], { maxBuffer: 1 << 26 }).toString());
}
