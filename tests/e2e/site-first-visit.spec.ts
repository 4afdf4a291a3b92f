// A first visit as the server sends it (issue 10): compressed answers picked by Accept-Encoding, a page
// that paints its text with scripts disabled, and nothing render-blocking beyond one style sheet.
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { presetConsent, ROUTES, waitForHydration, watchConsole } from './helpers/site.ts';

const DIST = process.env.FRACTURE_DIST ?? fileURLToPath(new URL('../../web/dist', import.meta.url));

async function firstAsset(request: import('@playwright/test').APIRequestContext, pattern: RegExp) {
  const html = await (await request.get('/')).text();
  const match = pattern.exec(html);
  expect(match, String(pattern)).not.toBeNull();
  return match![1];
}

test('every compressible file comes as brotli or gzip as asked, with Vary, and decodes to the file', async ({
  request,
}) => {
  const js = await firstAsset(request, /<script type="module"[^>]*src="([^"]+)"/);
  const css = await firstAsset(request, /<link rel="stylesheet" href="([^"]+)"/);
  const wasmName = readFileSync(`${DIST}/sw.js`, 'utf8').match(/"(\/assets\/[^"]+\.wasm)"/)![1];
  const cases: [string, string][] = [
    ['/', 'index.html'],
    ['/corrupt/pdf', 'corrupt/pdf/index.html'],
    [js, js.slice(1)],
    [css, css.slice(1)],
    [wasmName, wasmName.slice(1)],
    ['/sitemap.xml', 'sitemap.xml'],
    ['/sample-report.json', 'sample-report.json'],
    ['/favicon.svg', 'favicon.svg'],
  ];
  for (const [url, file] of cases) {
    const original = readFileSync(`${DIST}/${file}`);
    for (const [accept, expected] of [
      ['br, gzip', 'br'],
      ['gzip;q=1, br;q=0', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const response = await request.get(url, { headers: { 'Accept-Encoding': accept } });
      expect(response.status(), url).toBe(200);
      expect(response.headers()['content-encoding'], `${url} ${accept}`).toBe(expected);
      expect(response.headers().vary, url).toBe('Accept-Encoding');
      // Playwright decodes the body: it must be the file itself.
      expect((await response.body()).equals(original), `${url} ${accept}`).toBe(true);
    }
    const br = await request.get(url, { headers: { 'Accept-Encoding': 'br' } });
    expect(Number(br.headers()['content-length']), url).toBeLessThan(original.length);
  }
});

test.describe('scripts disabled', () => {
  test.use({ javaScriptEnabled: false });
  test.beforeEach(async ({ context }) => presetConsent(context));

  for (const route of ['/', '/corrupt/pdf', '/faq', '/privacy']) {
    test(`${route} shows its text and styles without JavaScript`, async ({ page }) => {
      await page.goto(route);
      await expect(page.locator('h1')).toBeVisible();
      await expect(page.getByRole('banner')).toHaveCSS('position', 'fixed');
      await expect(page.getByRole('complementary', { name: 'Legal notice' })).toContainText('files you own');
    });
  }
});

// Every route: the text of the page without JavaScript is the text of the hydrated page, so the
// prerendered HTML is complete (no content waits for a chunk) and hydration changes nothing.
test('every page shows the same text with scripts disabled as after hydration', async ({ browser }) => {
  test.setTimeout(300_000);
  const still = await browser.newContext({ javaScriptEnabled: false });
  const live = await browser.newContext({ serviceWorkers: 'block' });
  await presetConsent(still);
  await presetConsent(live);
  const [plain, hydrated] = [await still.newPage(), await live.newPage()];
  const log = watchConsole(hydrated);
  // The workspace's seed is the one thing a visit makes up: the prerender shows a mask in its place.
  // The benchmark's environment is the visitor's browser, which the prerender cannot know.
  const mainText = async (page: import('@playwright/test').Page) =>
    // biome-ignore lint/performance/useDomNodeTextContent: innerText leaves out what is hidden (closed FAQ panels).
    (await page.getByRole('main').evaluate((main) => (main as HTMLElement).innerText))
      .replace(/\s+/g, ' ')
      .replace(/Deterministic Seed \S+ Copy/, 'Deterministic Seed (seed) Copy')
      .replace(/Your environment Browser: .*? Results /, 'Your environment (detected) Results ')
      .trim();
  for (const route of ROUTES) {
    await plain.goto(route);
    await hydrated.goto(route);
    await waitForHydration(hydrated);
    const text = await mainText(plain);
    expect(text.length, route).toBeGreaterThan(200);
    expect(await mainText(hydrated), route).toBe(text);
  }
  expect(log.errors).toEqual([]);
  await still.close();
  await live.close();
});

test('no page has a render-blocking resource beyond its one style sheet', async ({ request }) => {
  for (const route of ROUTES) {
    const html = await (await request.get(route)).text();
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head.match(/<link rel="stylesheet"[^>]*>/g), route).toHaveLength(1);
    // Scripts are modules (deferred) or JSON-LD data; none blocks parsing.
    const blocking = [...head.matchAll(/<script\b[^>]*>/g)]
      .map((m) => m[0])
      .filter((tag) => !/type="module"|type="application\/ld\+json"/.test(tag));
    expect(blocking, route).toEqual([]);
  }
});
