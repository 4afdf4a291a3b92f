#!/usr/bin/env node
// The /benchmark page in headless Chromium, as a visitor runs it (docs/benchmark.md): the built site
// served by scripts/serve.mjs, one size, "Run benchmark", then the page's JSON (the schema) and the
// tab's memory: the largest renderer process's Rss (the page and its engine worker, a thread of the
// same process), sampled every 100 ms, against the idle page's before the run.
//   node tests/bench/page.mjs [--mib 16|64|200] [--runs N] [--out FILE]   (default 16 MiB, 5 runs,
//   bench-results/page.json); needs web/dist (npm run build:web) and /usr/bin/chromium.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { childrenNamed, descendants } from './lib/procs.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MIB = 1024 * 1024;
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const mib = Number(arg('mib', '16'));
const runs = arg('runs', '5');
const out = arg('out', join(ROOT, 'bench-results/page.json'));

const port = await new Promise((resolve, reject) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const { port: p } = s.address();
    s.close(() => resolve(p));
  });
  s.on('error', reject);
});
const server = spawn(
  process.execPath,
  [join(ROOT, 'scripts/serve.mjs'), join(ROOT, 'web/dist'), '--port', String(port)],
  {
    stdio: 'ignore',
  },
);
process.on('exit', () => server.kill());
const base = `http://127.0.0.1:${port}`;
for (let i = 0; i < 100; i++) {
  try {
    if ((await fetch(`${base}/`)).ok) break;
  } catch {
    await new Promise((r) => setTimeout(r, 100));
  }
}

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
/** The browser: the one Chromium child of this process (Playwright starts it). */
const [root] = childrenNamed(process.pid, 'chromium');

/** The Rss (KiB) of the largest renderer process under this browser. */
function rendererRss() {
  let largest = 0;
  for (const pid of descendants(root)) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!cmd.includes('--type=renderer') || cmd.includes('--top-chrome-webui')) continue;
      const rss = Number(/^Rss:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
      largest = Math.max(largest, rss);
    } catch {
      // Gone meanwhile.
    }
  }
  return largest;
}

try {
  const page = await browser.newPage();
  await page.goto(`${base}/benchmark`);
  await page.waitForSelector('html[data-hydrated]');
  await page.getByLabel('Input size').selectOption(String(mib * MIB));
  await page.getByLabel('Runs per row').fill(runs);
  await new Promise((r) => setTimeout(r, 1000));
  const idle = rendererRss();
  let peak = idle;
  const timer = setInterval(() => {
    peak = Math.max(peak, rendererRss());
  }, 100);
  const started = Date.now();
  await page.getByRole('button', { name: 'Run benchmark' }).click();
  await page.getByText(/^Done: \d+ rows\.$/).waitFor({ timeout: 3_600_000 });
  clearInterval(timer);
  const result = JSON.parse(await page.getByTestId('bench-json').textContent());
  const growth = (peak - idle) / 1024;
  const memory = { idle_mib: idle / 1024, peak_mib: peak / 1024, growth_mib: growth, growth_per_input: growth / mib };
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify({ ...result, memory }, null, 2)}\n`);
  console.log(`| mode | input | wasm MiB/s | ts MiB/s |\n| --- | --- | ---: | ---: |`);
  for (const r of result.rows.filter((x) => x.engine === 'wasm')) {
    const t = result.rows.find((x) => x.engine === 'ts' && x.mode === r.mode && x.input === r.input);
    console.log(`| ${r.mode} | ${r.input} | ${r.median_mib_s.toFixed(1)} | ${t ? t.median_mib_s.toFixed(1) : '-'} |`);
  }
  console.log(
    `${result.environment.runtime}, ${mib} MiB, ${runs} runs, ${((Date.now() - started) / 1000).toFixed(0)} s; the tab's renderer Rss: idle ${memory.idle_mib.toFixed(0)} MiB, peak ${memory.peak_mib.toFixed(0)} MiB, growth ${growth.toFixed(0)} MiB = ${memory.growth_per_input.toFixed(2)}x the input; ${out}`,
  );
} finally {
  await browser.close();
  server.kill();
}
