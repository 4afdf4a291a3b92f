#!/usr/bin/env node
// The /benchmark page in headless Chromium, as a visitor runs it (docs/benchmark.md): the built site
// served by scripts/serve.mjs, at each size asked for a fresh page, "Run benchmark", then the page's
// JSON (the schema) and the tab's memory (tests/bench/lib/tab-memory.mjs: the largest renderer
// process's Rss, the page and its engine worker, sampled every 50 ms; beside it the same without
// the browser's file-backed pages, whose residency follows the machine's page cache). The tab at rest is measured
// once the page's engine worker has loaded (the page starts it when its form is reached: choosing the size does) and before the click;
// the figure is the peak's growth over it, as a ratio to the input's size (the page's claim: at most
// 2x). --max-ratio R exits 1 when a size's ratio is above R.
//   node tests/bench/page.mjs [--mib 16,64,200] [--runs N] [--max-ratio R] [--out FILE] [--dist DIR]
//   (default 16 MiB, 5 runs, bench-results/page.json, web/dist); needs the built site (npm run build:web) and
//   /usr/bin/chromium.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { browserPid, rendererMemory, samplePeak } from './lib/tab-memory.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MIB = 1024 * 1024;
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const sizes = arg('mib', '16').split(',').map(Number);
const maxRatio = arg('max-ratio', undefined);
const runs = arg('runs', '5');
const out = arg('out', join(ROOT, 'bench-results/page.json'));
const dist = arg('dist', join(ROOT, 'web/dist'));

const port = await new Promise((resolve, reject) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const { port: p } = s.address();
    s.close(() => resolve(p));
  });
  s.on('error', reject);
});
const server = spawn(process.execPath, [join(ROOT, 'scripts/serve.mjs'), dist, '--port', String(port)], {
  stdio: 'ignore',
});
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
const root = browserPid();

/** One run of the page at `mib` MiB: its result and the tab's memory. */
async function runAt(mib) {
  const page = await browser.newPage();
  try {
    await page.goto(`${base}/benchmark`);
    await page.waitForSelector('html[data-hydrated]');
    await page.getByLabel('Input size').selectOption(String(mib * MIB));
    await page.getByLabel('Runs per row').fill(runs);
    await page.waitForSelector('[data-testid="bench-status"][data-engine="ready"]', {
      state: 'attached',
      timeout: 120_000,
    });
    await new Promise((r) => setTimeout(r, 1000));
    const idle = rendererMemory(root);
    const sampler = samplePeak(root);
    const started = Date.now();
    await page.getByRole('button', { name: 'Run benchmark' }).click();
    await page.getByText(/^Done: \d+ rows\.$/).waitFor({ timeout: 3_600_000 });
    const peak = sampler.stopBoth();
    const result = JSON.parse(await page.getByTestId('bench-json').textContent());
    const growth = (peak.rss - idle.rss) / 1024;
    const anonGrowth = (peak.anon - idle.anon) / 1024;
    const memory = {
      idle_mib: idle.rss / 1024,
      peak_mib: peak.rss / 1024,
      growth_mib: growth,
      growth_per_input: growth / mib,
      anon_idle_mib: idle.anon / 1024,
      anon_peak_mib: peak.anon / 1024,
      anon_growth_mib: anonGrowth,
      anon_growth_per_input: anonGrowth / mib,
      seconds: (Date.now() - started) / 1000,
    };
    return { ...result, memory };
  } finally {
    await page.close();
  }
}

const results = [];
try {
  for (const mib of sizes) {
    const result = await runAt(mib);
    results.push(result);
    console.log(`| mode | input | wasm MiB/s | ts MiB/s |\n| --- | --- | ---: | ---: |`);
    for (const r of result.rows.filter((x) => x.engine === 'wasm')) {
      const t = result.rows.find((x) => x.engine === 'ts' && x.mode === r.mode && x.input === r.input);
      console.log(`| ${r.mode} | ${r.input} | ${r.median_mib_s.toFixed(1)} | ${t ? t.median_mib_s.toFixed(1) : '-'} |`);
    }
    const m = result.memory;
    console.log(
      `${result.environment.runtime}, ${mib} MiB, ${runs} runs, ${m.seconds.toFixed(0)} s; the tab's renderer Rss: at rest ${m.idle_mib.toFixed(0)} MiB, peak ${m.peak_mib.toFixed(0)} MiB, growth ${m.growth_mib.toFixed(0)} MiB = ${m.growth_per_input.toFixed(3)}x the input; without file-backed pages: at rest ${m.anon_idle_mib.toFixed(0)} MiB, growth ${m.anon_growth_mib.toFixed(1)} MiB = ${m.anon_growth_per_input.toFixed(3)}x`,
    );
  }
} finally {
  await browser.close();
  server.kill();
}
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(results.length === 1 ? results[0] : results, null, 2)}\n`);
console.log(
  `memory (growth over the tab at rest / input; without file-backed pages): ${results.map((r, i) => `${sizes[i]} MiB ${r.memory.growth_per_input.toFixed(3)}x (${r.memory.anon_growth_per_input.toFixed(3)}x)`).join(', ')}; ${out}`,
);
if (maxRatio !== undefined && results.some((r) => r.memory.growth_per_input > Number(maxRatio))) {
  console.error(`page.mjs: the tab grew by more than ${maxRatio}x the input`);
  process.exitCode = 1;
}
