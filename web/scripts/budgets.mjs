// The JavaScript budgets of the first load (issue 10, point 3; issue 26, point 4; issue 41, point 5),
// measured as the
// network sees them: the build in web/dist is served the way `make start` serves it (scripts/serve.mjs:
// production headers, the brotli/gzip twins), and every route of the sitemap is opened in Chromium
// with a cold cache and no service worker. For each page, every JavaScript response until the network
// is idle (the entry, its modulepreloads, the chunks hydration imports) is counted with what crossed
// the wire for it, headers included (Chrome DevTools Protocol, Network.loadingFinished
// encodedDataLength). Home may carry the workspace's interface, not its engine or ZIP writer, which
// load once a file is added.
//
//   node web/scripts/budgets.mjs [--routes /,/faq] [--json out.json]   (make budgets; FRACTURE_DIST=dir,
//                                                                        CHROME_PATH or FRACTURE_TEST_CHROMIUM)
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { createSiteServer } from '../../scripts/serve.mjs';
import { TEST_CHROMIUM } from '../../tests/chromium.mjs';

const DIST = path.resolve(process.env.FRACTURE_DIST ?? fileURLToPath(new URL('../dist', import.meta.url)));
const CHROMIUM = process.env.CHROME_PATH ?? TEST_CHROMIUM;
export const BUDGET_BYTES = { home: 110 * 1024, other: 64 * 1024 };
export const MAX_SCRIPTS = 8;
/** Pages measured at once: each in its own context (its own cold cache), one browser. */
const PARALLEL = 4;
/** Chunks that belong to the workspace's work, not its interface: none may load before a file is added. */
const HEAVY = /\/(client|worker|batch|writer)-[\w-]+\.js$/;

function parseArgs(argv) {
  const options = { routes: null, json: null };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--routes' && argv[i + 1]) options.routes = argv[++i].split(',');
    else if (argv[i] === '--json' && argv[i + 1]) options.json = path.resolve(argv[++i]);
    else throw new Error(`Unknown option ${argv[i]} (takes --routes /,/faq and --json file)`);
  }
  return options;
}

const isJavaScript = (mimeType) => /javascript|ecmascript/i.test(mimeType ?? '');

/** One cold first visit: every JavaScript response of the page until the network is idle. */
async function measure(browser, url) {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const requests = new Map();
    cdp.on('Network.responseReceived', ({ requestId, response }) => {
      if (isJavaScript(response.mimeType))
        requests.set(requestId, {
          url: response.url,
          encoding: response.headers['content-encoding'] ?? response.headers['Content-Encoding'] ?? 'identity',
          bytes: null,
        });
    });
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      const request = requests.get(requestId);
      if (request) request.bytes = encodedDataLength;
    });
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const response = await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
    if (!response?.ok()) throw new Error(`${url}: HTTP ${response?.status()}`);
    const scripts = [...requests.values()];
    const unfinished = scripts.filter((s) => s.bytes === null);
    if (unfinished.length) throw new Error(`${url}: ${unfinished.map((s) => s.url).join(', ')} never finished`);
    return scripts.map((s) => ({ ...s, path: new URL(s.url).pathname }));
  } finally {
    await context.close();
  }
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  if (!existsSync(path.join(DIST, 'sitemap.xml'))) {
    console.error(`No build in ${DIST}: run make web`);
    process.exit(1);
  }
  const routes =
    options.routes ??
    [...readFileSync(path.join(DIST, 'sitemap.xml'), 'utf8').matchAll(/<loc>https?:\/\/[^/]+([^<]*)<\/loc>/g)].map(
      (m) => m[1] || '/',
    );
  const server = createSiteServer(DIST);
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  const base = `http://127.0.0.1:${server.address().port}`;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
  const started = Date.now();
  const results = new Array(routes.length);
  try {
    let next = 0;
    const worker = async () => {
      while (next < routes.length) {
        const at = next++;
        results[at] = { route: routes[at], scripts: await measure(browser, `${base}${routes[at]}`) };
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL, routes.length) }, worker));
  } finally {
    await browser.close();
    server.close();
  }

  let over = 0;
  const width = Math.max(5, ...routes.map((r) => r.length));
  console.log(
    `${'route'.padEnd(width)} ${'JS KB'.padStart(7)} ${'budget'.padStart(7)} ${'reqs'.padStart(5)} ${'max'.padStart(4)}  coding`,
  );
  for (const row of results) {
    const bytes = row.scripts.reduce((sum, s) => sum + s.bytes, 0);
    const limit = row.route === '/' ? BUDGET_BYTES.home : BUDGET_BYTES.other;
    const heavy = row.scripts.filter((s) => HEAVY.test(s.path)).map((s) => s.path);
    const codings = [...new Set(row.scripts.map((s) => s.encoding))].join(',');
    const problems = [
      bytes > limit ? 'OVER' : '',
      row.scripts.length > MAX_SCRIPTS ? 'TOO MANY' : '',
      heavy.length ? `(loads ${heavy.join(', ')})` : '',
    ].filter(Boolean);
    Object.assign(row, { bytes, limit, ok: problems.length === 0 });
    if (!row.ok) over++;
    console.log(
      `${row.route.padEnd(width)} ${(bytes / 1024).toFixed(1).padStart(7)} ${(limit / 1024).toFixed(0).padStart(7)} ${String(row.scripts.length).padStart(5)} ${String(MAX_SCRIPTS).padStart(4)}  ${codings}${problems.length ? `  ${problems.join(' ')}` : ''}`,
    );
  }
  console.log(
    `${routes.length - over} of ${routes.length} routes within budget (JavaScript over the network with headers, cold cache, Chromium; ${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  if (options.json) writeFileSync(options.json, `${JSON.stringify(results, null, 2)}\n`);
  process.exit(over === 0 ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
