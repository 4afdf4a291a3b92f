// Locked down and offline: the Content-Security-Policy allows only the app's own files (plus
// 'wasm-unsafe-eval'), nothing violates it, and after one visit the workspace corrupts a file with
// the network switched off, served by the service worker.
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { presetConsent, waitForHydration, watchConsole, watchForeignRequests } from './helpers/site.ts';

const DIST = process.env.FRACTURE_DIST ?? fileURLToPath(new URL('../../web/dist', import.meta.url));

const REQUIRED_DIRECTIVES: Record<string, string> = {
  'default-src': "'self'",
  'script-src': "'self' 'wasm-unsafe-eval'",
  'style-src': "'self'",
  'connect-src': "'self'",
  'worker-src': "'self'",
  'object-src': "'none'",
};

function directives(policy: string): Record<string, string> {
  return Object.fromEntries(
    policy
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name, ...values] = part.split(/\s+/);
        return [name, values.join(' ')];
      }),
  );
}

/** Records CSP violations from the first script on. */
async function watchViolations(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (event) =>
      w.__csp.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
}

test.beforeEach(async ({ context }) => presetConsent(context));

test('every response carries the policy, and the pages carry it too', async ({ request }) => {
  for (const path of ['/', '/privacy', '/corrupt/pdf', '/nowhere', '/sample-report.json', '/sw.js']) {
    const response = await request.get(path);
    const policy = directives(response.headers()['content-security-policy'] ?? '');
    for (const [name, value] of Object.entries(REQUIRED_DIRECTIVES))
      expect(policy[name], `${path} ${name}`).toBe(value);
    expect(policy['style-src']).not.toContain('unsafe-inline');
    expect(policy['script-src']).not.toContain('unsafe-inline');
  }
  const html = await (await request.get('/')).text();
  const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html);
  expect(meta).not.toBeNull();
  expect(directives(meta![1])['script-src']).toBe("'self' 'wasm-unsafe-eval'");
});

// A script, style sheet, image or font is not governed by the headers of its own answer (issue 26:
// they cost about 450 bytes on each of a page's requests), so the server leaves them off where the
// browser names such a request. Documents and workers, which do take their policy from their own
// answer, keep every header, and so does anything fetched without saying.
test('subresources go without the document headers; documents and workers keep them', async ({ request }) => {
  const html = await (await request.get('/')).text();
  const script = /<script type="module"[^>]*src="([^"]+)"/.exec(html)![1];
  const workerFile = /"(\/assets\/[^"]*worker[^"]*\.js)"/.exec(readFileSync(`${DIST}/sw.js`, 'utf8'))![1];
  const headersFor = async (path: string, dest?: string) =>
    (await request.get(path, { headers: dest ? { 'Sec-Fetch-Dest': dest } : {} })).headers();
  for (const dest of ['script', 'style', 'image', 'font']) {
    const headers = await headersFor(script, dest);
    expect(headers['x-content-type-options'], dest).toBe('nosniff');
    for (const name of [
      'content-security-policy',
      'permissions-policy',
      'cross-origin-opener-policy',
      'referrer-policy',
    ])
      expect(headers[name], `${dest} ${name}`).toBeUndefined();
  }
  for (const [path, dest] of [
    ['/', 'document'],
    ['/corrupt/pdf', 'document'],
    [workerFile, 'worker'],
    ['/sw.js', 'serviceworker'],
    [script, 'empty'],
    [script, undefined],
  ] as const) {
    const policy = directives((await headersFor(path, dest))['content-security-policy'] ?? '');
    for (const [name, value] of Object.entries(REQUIRED_DIRECTIVES))
      expect(policy[name], `${path} ${dest} ${name}`).toBe(value);
  }
});

test('pages run under the policy without a single violation, and it blocks what it should', async ({ page }) => {
  const violations = await watchViolations(page);
  const log = watchConsole(page);
  for (const path of ['/', '/how-it-works', '/corrupt/pdf']) {
    await page.goto(path);
    await waitForHydration(page);
    // Styled components still applied: the header is fixed, so styles reached the page.
    await expect(page.getByRole('banner')).toHaveCSS('position', 'fixed');
    expect(await violations()).toEqual([]);
  }
  expect(log.errors).toEqual([]);

  const injected = await page.evaluate(async () => {
    const script = document.createElement('script');
    script.textContent = 'window.__inline = true';
    document.head.append(script);
    const style = document.createElement('style');
    style.textContent = 'body { --csp-probe: injected }';
    document.head.append(style);
    let fetched = true;
    try {
      await fetch('https://example.com/');
    } catch {
      fetched = false;
    }
    return {
      inline: (window as unknown as { __inline?: boolean }).__inline ?? false,
      probe: getComputedStyle(document.body).getPropertyValue('--csp-probe'),
      fetched,
    };
  });
  expect(injected).toEqual({ inline: false, probe: '', fetched: false });
  expect(await violations()).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^script-src/),
      expect.stringMatching(/^style-src/),
      expect.stringMatching(/^connect-src/),
    ]),
  );
});

test('after one visit the workspace corrupts a file with the network off', async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  const foreign = watchForeignRequests(context, new URL(baseURL!).origin);
  // The scripts the page itself asked for while online (the service worker's precache is not the page).
  const loaded = new Set<string>();
  page.on('request', (request) => {
    if (request.resourceType() === 'script') loaded.add(new URL(request.url()).pathname);
  });
  await page.goto('/?e2e');
  await waitForHydration(page);
  // The worker installs after load; the page is controlled once it has claimed it.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 })
    .toBe(true);

  // Chunks of pages this visit never showed: the data chunk of /corrupt/pdf and its renderer.
  const pdfPage = readFileSync(`${DIST}/corrupt/pdf/index.html`, 'utf8');
  const unseen = [...pdfPage.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)]
    .map((m) => m[1])
    .filter((file) => /\/(pdf|FileTypePage)-[\w-]+\.js$/.test(file));
  expect(unseen).toHaveLength(2);
  for (const file of unseen) expect(loaded.has(file), file).toBe(false);

  const online = new Set(loaded);
  await context.setOffline(true);
  await page.reload();
  await waitForHydration(page);
  await expect(page.locator('#upload')).toBeVisible();
  expect(await page.evaluate(() => navigator.onLine)).toBe(false);

  const csv = Array.from({ length: 500 }, (_, i) => `${i},"row ${i}",${(i * 31) % 97}`).join('\n');
  await page
    .getByLabel('Choose files to corrupt')
    .setInputFiles({ name: 'offline.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Start Processing' }).click();
  const download = page.getByRole('button', { name: 'Download corrupted offline.csv' });
  await expect(download).toBeVisible({ timeout: 60_000 });
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toBe('offline_corrupted.csv');
  const saved = readFileSync(await file.path());
  expect(saved.length).toBeGreaterThan(0);
  expect(saved.equals(Buffer.from(csv))).toBe(false);
  // Its host fields and PDF report too: the outputs module (fetched with the first report shown) comes from the
  // precache, though this visit never asked for it online.
  expect([...online].some((f) => f.includes('fracture_outputs'))).toBe(false);
  expect([...loaded].some((f) => f.includes('fracture_outputs'))).toBe(true);
  await expect(page.locator('[data-field="replay"]')).toHaveText(/^fracture --mode .* offline\.csv$/);
  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    page.locator('#report').getByRole('button', { name: 'Download PDF' }).click(),
  ]);
  expect(pdf.suggestedFilename()).toBe('offline.csv_corruption_report.pdf');
  expect(
    readFileSync(await pdf.path())
      .subarray(0, 5)
      .toString('latin1'),
  ).toBe('%PDF-');

  // Pages never visited are served from the cache too, and hydrate from chunks this visit never loaded.
  await page.goto('/legal/advertising-policy');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Advertising Policy');
  // A client-side move to a content page: its renderer and data chunks come from the precache.
  const pageErrors = watchConsole(page);
  await page.evaluate(() => {
    history.pushState(null, '', '/corrupt/pdf');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/PDF/);
  for (const file of unseen) expect(loaded.has(file), file).toBe(true);
  expect(pageErrors.errors).toEqual([]);
  await context.setOffline(false);
  expect(foreign).toEqual([]);
  await testInfo.attach('offline download', { body: saved, contentType: 'text/csv' });
});
