#!/usr/bin/env node
// Many tiny files through the workspace in headless Chromium, as the e2e test "thousands of files in
// one run" drives it (tests/e2e/workspace-scale.spec.ts): N text files of tens of bytes dropped at
// once, Start Processing, timed from the click until the page shows "N / N files · 100%" and Start
// is enabled again. Stage delays are skipped (`/?e2e`), so what is measured is the workspace's own
// cost per file: dispatches and renders, the worker round trip, storing each output, the report.
//
//   node tests/bench/small-files.mjs [--dist web/dist] [--base-dist OTHER_DIST] [--files 500]
//                                    [--rounds 2] [--profile FILE.cpuprofile]
//                                    [--trace FILE.json]
//
// With --base-dist (a build of another commit, e.g. main's), the two sites alternate, each in a fresh
// browser, --rounds times, and the ratio base / dist of the median ms per file is printed: a figure
// that holds on a noisy machine better than either time alone. --profile writes the page's main
// thread CPU profile of the last run of --dist, --trace its Chromium trace (both open in DevTools'
// Performance panel).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { childrenNamed, descendants } from './lib/procs.mjs';
import { COOKIE_STORAGE_KEY, serializePreferences } from '../../web/src/site/consent/storage.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'];
const log = (...a) => console.error('[small-files]', ...a);

function parseArgs(argv) {
  const opts = { dist: 'web/dist', baseDist: null, files: 500, rounds: 2, profile: null, trace: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => argv[++i] ?? usage(`${a} needs a value`);
    if (a === '--dist') opts.dist = value();
    else if (a === '--base-dist') opts.baseDist = value();
    else if (a === '--files') opts.files = Number(value());
    else if (a === '--rounds') opts.rounds = Number(value());
    else if (a === '--profile') opts.profile = value();
    else if (a === '--trace') opts.trace = value();
    else usage(`unknown argument ${a}`);
  }
  if (!(opts.files > 0 && opts.rounds > 0)) usage('--files and --rounds take positive numbers');
  return opts;
}

function usage(error) {
  console.error(
    `${error}\nusage: node tests/bench/small-files.mjs [--dist web/dist] [--base-dist OTHER_DIST] [--files 500] [--rounds 2] [--profile FILE] [--trace FILE]`,
  );
  process.exit(2);
}

function freePort() {
  return new Promise((done, fail) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => done(port));
    });
    s.on('error', fail);
  });
}

async function serve(dist) {
  if (!existsSync(join(dist, 'index.html'))) throw new Error(`${dist} has no index.html: build it (make web)`);
  const port = await freePort();
  const server = spawn(process.execPath, [join(ROOT, 'scripts/serve.mjs'), dist, '--port', String(port)], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${base}/`)).ok) return { server, base };
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  server.kill();
  throw new Error(`scripts/serve.mjs did not start for ${dist}`);
}

/** One run of `count` tiny files on the site at `base`: ms from the click to the finished run. */
async function runOnce(base, count, profilePath, tracePath) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  try {
    const context = await browser.newContext();
    // Consent stored up front, so the cookie banner does not sit over the workspace.
    await context.addInitScript(
      ([key, value]) => localStorage.setItem(key, value),
      [COOKIE_STORAGE_KEY, serializePreferences({ strictly: true, analytics: false, advertising: false })],
    );
    const page = await context.newPage();
    await page.goto(`${base}/?e2e`);
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
    // The same files as the e2e test: `file i\n` repeated 1 to 7 times.
    await page.evaluate((n) => {
      const dt = new DataTransfer();
      for (let i = 0; i < n; i++) dt.items.add(new File([`file ${i}\n`.repeat(1 + (i % 7))], `f-${i}.txt`));
      // The drop zone holds the file input; React hears the drop there, as from a user's drag.
      const zone = document.querySelector('#workspace-file-input').parentElement;
      zone.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    }, count);
    await page.getByRole('heading', { name: `Files (${count})` }).waitFor();
    // The engine's worker and its helpers ready, as a user who dropped files a moment ago finds them.
    await page.waitForTimeout(1500);
    const cdp = profilePath || tracePath ? await context.newCDPSession(page) : null;
    const traced = [];
    if (tracePath) {
      cdp.on('Tracing.dataCollected', ({ value }) => traced.push(...value));
      await cdp.send('Tracing.start', {
        categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute',
        transferMode: 'ReportEvents',
      });
    }
    if (profilePath) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    const start = page.locator('#upload').getByRole('button', { name: 'Start Processing' });
    const before = threadTicks();
    const t0 = performance.now();
    await start.click();
    await page.waitForFunction(
      (want) => {
        const overall = document.querySelector('#upload [data-field="overall"]');
        const button = [...document.querySelectorAll('#upload button')].find(
          (b) => b.textContent === 'Start Processing',
        );
        return overall?.textContent === want && button && !button.disabled;
      },
      `${count} / ${count} files · 100%`,
      { polling: 50, timeout: 30 * 60_000 },
    );
    const ms = performance.now() - t0;
    const cpu = cpuBetween(before, threadTicks());
    if (tracePath) {
      const ended = new Promise((done) => cdp.once('Tracing.tracingComplete', done));
      await cdp.send('Tracing.end');
      await ended;
      writeFileSync(tracePath, JSON.stringify({ traceEvents: traced }));
      log(`trace written to ${tracePath}`);
    }
    if (profilePath) {
      const { profile } = await cdp.send('Profiler.stop');
      writeFileSync(profilePath, JSON.stringify(profile));
      log(`main-thread profile written to ${profilePath}`);
    }
    return { ms, cpu };
  } finally {
    await browser.close();
  }
}

/**
 * CPU ticks of every thread under the browser process, by process type and thread name (the page's
 * main thread is the renderer's CrRendererMain, the engine's workers its DedicatedWorker threads).
 */
function threadTicks() {
  const [browserPid] = childrenNamed(process.pid, 'chromium').map(Number);
  const ticks = new Map();
  for (const pid of descendants(browserPid)) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/);
      const type = pid === browserPid ? 'browser' : (cmd.find((a) => a.startsWith('--type='))?.slice(7) ?? 'other');
      for (const tid of readdirSync(`/proc/${pid}/task`)) {
        const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        ticks.set(`${type}:${pid}/${comm}:${tid}`, Number(fields[11]) + Number(fields[12]));
      }
    } catch {
      // The process or thread ended meanwhile.
    }
  }
  return ticks;
}

/** CPU seconds between two snapshots, summed by process type and thread name, busiest first. */
function cpuBetween(before, after) {
  const sums = new Map();
  for (const [key, t] of after) {
    const [type, rest] = key.split(':', 2);
    const name = `${type}/${rest.split('/')[1].replace(/\d+$/, '')}`;
    sums.set(name, (sums.get(name) ?? 0) + (t - (before.get(key) ?? 0)) / 100);
  }
  return [...sums].filter(([, s]) => s >= 0.05).sort((a, b) => b[1] - a[1]);
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const sites = [{ label: 'dist', dir: resolve(ROOT, opts.dist) }];
  if (opts.baseDist) sites.unshift({ label: 'base', dir: resolve(ROOT, opts.baseDist) });
  const servers = [];
  const tmp = mkdtempSync(join(os.tmpdir(), 'fracture-small-files-'));
  try {
    for (const site of sites) {
      const s = await serve(site.dir);
      servers.push(s.server);
      site.base = s.base;
      site.ms = [];
    }
    for (let round = 0; round < opts.rounds; round++) {
      for (const site of sites) {
        const last = round === opts.rounds - 1 && site.label === 'dist';
        const { ms, cpu } = await runOnce(site.base, opts.files, last ? opts.profile : null, last ? opts.trace : null);
        site.ms.push(ms);
        site.cpu = cpu;
        log(`round ${round + 1} ${site.label}: ${ms.toFixed(0)} ms, ${(ms / opts.files).toFixed(2)} ms per file`);
      }
    }
  } finally {
    for (const s of servers) s.kill();
    rmSync(tmp, { recursive: true, force: true });
  }
  const [load] = os.loadavg();
  console.log(
    `${opts.files} tiny files per run, ${opts.rounds} rounds, load ${load.toFixed(2)} (1-minute average at the end)`,
  );
  for (const site of sites) {
    const m = median(site.ms);
    console.log(
      `${site.label.padEnd(4)} ${site.dir}: median ${m.toFixed(0)} ms = ${(m / opts.files).toFixed(2)} ms per file (runs: ${site.ms.map((x) => x.toFixed(0)).join(', ')} ms)`,
    );
    const threads = site.cpu.map(([name, sec]) => `${name} ${sec.toFixed(2)} s`).join(', ');
    console.log(`     CPU in the last run, by thread: ${threads}`);
  }
  if (sites.length === 2) {
    const ratio = median(sites[0].ms) / median(sites[1].ms);
    console.log(`base / dist: ${ratio.toFixed(1)}x less time per file`);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
