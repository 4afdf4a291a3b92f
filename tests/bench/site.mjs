#!/usr/bin/env node
// Lighthouse against the built site as `make start` serves it (scripts/serve.mjs: production headers,
// brotli/gzip), with Lighthouse's default mobile settings (simulated slow 4G, 4x CPU slowdown) and
// Debian's /usr/bin/chromium. Per route: the median of N runs for the four category scores, FCP, LCP,
// TBT and the bytes transferred.
//
//   node tests/bench/site.mjs [--runs 3] [--routes /,/faq] [--dist web/dist] [--out bench-results/site.json] [--breakdown] [--failing]
//
// --breakdown also prints, per route, where the main thread's time went in the run with the median TBT
// (Lighthouse's mainthread-work-breakdown by group, and bootup-time's three costliest scripts).
// --failing prints, per route, the audits that cost points in any category below 100 (in any run),
// with Lighthouse's title and the first of its items: which audit to fix, without reading the JSON.
//
// Builds the site first if web/dist is missing. Lighthouse 13 declares Node >= 22.19 but runs on Node 20
// here; nothing is downloaded (chrome-launcher starts the system Chromium).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { createSiteServer } from '../../scripts/serve.mjs';
import { renderTable } from './lib/table.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';

function parseArgs(argv) {
  const options = {
    runs: 3,
    routes: null,
    dist: join(ROOT, 'web/dist'),
    out: join(ROOT, 'bench-results/site.json'),
    breakdown: false,
    failing: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const value = argv[i + 1];
    if (argv[i] === '--breakdown') {
      options.breakdown = true;
      continue;
    }
    if (argv[i] === '--failing') {
      options.failing = true;
      continue;
    }
    if (argv[i] === '--runs') options.runs = Number(value);
    else if (argv[i] === '--routes') options.routes = value.split(',');
    else if (argv[i] === '--dist') options.dist = resolve(value);
    else if (argv[i] === '--out') options.out = resolve(value);
    else throw new Error(`Unknown option ${argv[i]}`);
    i++;
  }
  if (!Number.isInteger(options.runs) || options.runs < 1) throw new Error('--runs takes a positive integer');
  return options;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

function routesOf(dist) {
  const sitemap = readFileSync(join(dist, 'sitemap.xml'), 'utf8');
  return [...sitemap.matchAll(/<loc>https?:\/\/[^/]+([^<]*)<\/loc>/g)].map((m) => m[1] || '/');
}

/** One Lighthouse run: the four scores (0-100), FCP, LCP and TBT (ms) and the bytes transferred. */
async function audit(url, port) {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES });
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    bytes: audit('total-byte-weight'),
    lighthouse: lhr.lighthouseVersion,
    mainThread: Object.fromEntries(
      (lhr.audits['mainthread-work-breakdown']?.details?.items ?? []).map((item) => [item.group, item.duration]),
    ),
    scripts: (lhr.audits['bootup-time']?.details?.items ?? []).slice(0, 3).map((item) => ({
      url: URL.canParse(item.url) ? new URL(item.url).pathname : item.url,
      total: item.total,
      scripting: item.scripting,
    })),
    failing: failingAudits(lhr),
  };
}

/** The weighted audits that did not pass in the categories below 100: "category: id (title) first item". */
function failingAudits(lhr) {
  const failing = [];
  for (const id of CATEGORIES) {
    const category = lhr.categories[id];
    if (!category || category.score === 1) continue;
    for (const ref of category.auditRefs) {
      const result = lhr.audits[ref.id];
      if (!ref.weight || !result || result.score === null || result.score >= 1) continue;
      const item = result.details?.items?.[0];
      const detail = item ? ` ${JSON.stringify(item).slice(0, 300)}` : '';
      failing.push(`${id}: ${ref.id} (${result.title}, score ${result.score})${detail}`);
    }
  }
  return failing;
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART on a loaded machine): run that one again. */
async function auditWithRetry(url, port, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(url, port);
    } catch (error) {
      if (attempt >= attempts) throw error;
      process.stderr.write(`[bench-site] ${error.message}; again (${attempt + 1} of ${attempts})\n`);
    }
  }
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  if (!existsSync(join(options.dist, 'index.html'))) {
    const built = spawnSync('npm', ['run', '--silent', 'build:web'], { cwd: ROOT, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('npm run build:web failed');
  }
  const routes = options.routes ?? routesOf(options.dist);
  const server = createSiteServer(options.dist);
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  const base = `http://127.0.0.1:${server.address().port}`;
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
    ],
  });
  const loadBefore = os.loadavg();
  const started = Date.now();
  const results = [];
  try {
    for (const route of routes) {
      const runs = [];
      for (let i = 0; i < options.runs; i++) runs.push(await auditWithRetry(`${base}${route}`, chrome.port));
      const row = { route, runs: runs.length };
      for (const key of ['performance', 'accessibility', 'bestPractices', 'seo', 'fcp', 'lcp', 'tbt', 'bytes'])
        row[key] = median(runs.map((r) => r[key]));
      row.lighthouse = runs[0].lighthouse;
      const typical = [...runs].sort((a, b) => a.tbt - b.tbt)[Math.floor((runs.length - 1) / 2)];
      row.mainThread = typical.mainThread;
      row.scripts = typical.scripts;
      row.failing = [...new Set(runs.flatMap((r) => r.failing))];
      results.push(row);
      process.stderr.write(`[bench-site] ${route}: performance ${row.performance}\n`);
    }
  } finally {
    await chrome.kill();
    server.close();
  }
  const loadAfter = os.loadavg();
  const columns = [
    { title: 'route', align: 'l' },
    { title: 'Perf', align: 'r' },
    { title: 'A11y', align: 'r' },
    { title: 'BP', align: 'r' },
    { title: 'SEO', align: 'r' },
    { title: 'FCP s', align: 'r' },
    { title: 'LCP s', align: 'r' },
    { title: 'TBT ms', align: 'r' },
    { title: 'KiB', align: 'r' },
  ];
  const rows = results.map((r) => [
    r.route,
    String(r.performance),
    String(r.accessibility),
    String(r.bestPractices),
    String(r.seo),
    (r.fcp / 1000).toFixed(2),
    (r.lcp / 1000).toFixed(2),
    String(Math.round(r.tbt)),
    String(Math.round(r.bytes / 1024)),
  ]);
  console.log(
    `Lighthouse ${results[0]?.lighthouse} (default mobile), ${os.cpus().length} cores, Node ${process.version}, medians of ${options.runs} runs; load average ${loadBefore[0].toFixed(2)} before, ${loadAfter[0].toFixed(2)} after; ${Math.round((Date.now() - started) / 1000)} s`,
  );
  console.log(renderTable(columns, rows));
  const below = results.filter(
    (r) => r.performance < 95 || r.accessibility < 100 || r.bestPractices < 100 || r.seo < 100,
  );
  console.log(
    `${results.length - below.length} of ${results.length} routes at Performance >= 95 and 100 for the others`,
  );
  if (options.breakdown) {
    for (const r of results) {
      const groups = Object.entries(r.mainThread)
        .sort((a, b) => b[1] - a[1])
        .map(([group, ms]) => `${group} ${Math.round(ms)}`)
        .join(', ');
      const scripts = r.scripts.map((s) => `${s.url} ${Math.round(s.total)} (${Math.round(s.scripting)} scripting)`);
      console.log(`${r.route}: main thread ms: ${groups}\n  costliest scripts ms: ${scripts.join('; ')}`);
    }
  }
  if (options.failing) {
    for (const r of results) {
      if (r.failing.length) console.log(`${r.route}: audits below 1:\n  ${r.failing.join('\n  ')}`);
    }
  }
  mkdirSync(dirname(options.out), { recursive: true });
  writeFileSync(options.out, `${JSON.stringify({ loadBefore, loadAfter, runs: options.runs, results }, null, 2)}\n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
