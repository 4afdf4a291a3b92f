#!/usr/bin/env node
// The workspace in headless Chromium with 200 MB files, as a user drives it: the built site served
// with its production headers, files picked through the real file input, Start Processing, the
// download saved. Prints the time of each stage, the worker's time to "ready" and the browser's peak
// memory; then six 200 MB files in one run, "Download All as ZIP", the archive saved and checked with
// Python's zipfile (testzip). Writes the figures to bench-results/browser.json.
//
//   node tests/bench/browser.mjs [--dist web/dist] [--mib 200] [--files 6] [--intensity 80]
//                                [--skip-batch] [--incognito] [--right-after-load] [--chromium-arg ARG]...
//                                [--out FILE] [--keep]
//
// The single file's headline (issue 41, point 3) is the time from the mouse press on Start Processing
// to the animation frame that shows the file's download button, on this process's clock, printed in
// parts and as a ratio to the same tab reading and hashing the file. Start is pressed once the
// engine's worker and its helpers are ready (and 500 ms more), or with --right-after-load as soon as
// the page has hydrated and the file is in the list.
//
// The browser runs with a profile on disk, as a user's normal window does; --incognito uses
// Playwright's usual throwaway contexts instead, which behave like private windows: Chromium then
// keeps every Blob in memory (it cannot page them to disk), which decides whether a batch of large
// files still fits.
//
// Memory: every 200 ms the process tree under Chromium's browser process is read from /proc
// (smaps_rollup: Rss and Pss of each process; the type from its --type= switch). The tab's figure is
// the Rss of the largest renderer process, the page's: it holds the page, its engine worker (a thread
// of the same renderer) and the ArrayBuffers and WebAssembly memory of both. The sum over all
// renderers (a spare one included) is shown too. Pss shares out pages mapped by several processes,
// so the Pss sum over all processes counts each page once; Blob storage lives in the browser process
// (shown apart).
// The page's own JS heap (performance.memory, precise with --enable-precise-memory-info) is recorded too.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash, randomFillSync } from 'node:crypto';
import {
  createReadStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  closeSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { childrenNamed, descendants } from './lib/procs.mjs';
import { fmtMs, renderTable } from './lib/table.mjs';
import { COOKIE_STORAGE_KEY, serializePreferences } from '../../web/src/site/consent/storage.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MIB = 1 << 20;
const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--enable-precise-memory-info',
];
/** Issue 14's targets: the tab's peak memory at most this many times the file's size, */
const PEAK_TARGET_FACTOR = 2;
/** Linux's USER_HZ, the unit of utime and stime in /proc/<pid>/stat (`getconf CLK_TCK`). */
const TICKS_PER_SECOND = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
/** and a 200 MiB file from the Start click to complete in at most this many ms. */
const COMPLETE_TARGET_MS = 2000;
/**
 * Issue 41's: from the mouse press on Start Processing to the frame that shows the file's download
 * button, seen from outside the page, at most this many ms in a normal window, and at most
 * COMPLETE_TARGET_MS in a private window or with Start pressed right after the page loads.
 */
const BUTTON_TARGET_MS = 1200;
/** The UI's states in order, and the engine stage each one shows (web/src/workspace/state.ts). */
const STATES = [
  // From 16 MiB on the file streams: reading, editing, hashing and writing all happen in 'corrupt'.
  ['inspecting', 'scan (the head and format; whole-buffer runs: read, entropy, sha256)'],
  ['preparing', 'plan'],
  ['corrupting', 'corrupt (streamed: read, edit, hash, write to OPFS)'],
  ['verifying', 'verify'],
  ['packaging', 'report (whole-buffer runs: output written to OPFS or a Blob)'],
];

function parseArgs(argv) {
  const opts = {
    dist: 'web/dist',
    mib: 200,
    files: 6,
    intensity: 80,
    skipBatch: false,
    incognito: false,
    rightAfterLoad: false,
    extraArgs: [],
    out: join(ROOT, 'bench-results/browser.json'),
    keep: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => argv[++i] ?? usage(`${a} needs a value`);
    if (a === '--dist') opts.dist = value();
    else if (a === '--mib') opts.mib = Number(value());
    else if (a === '--files') opts.files = Number(value());
    else if (a === '--intensity') opts.intensity = Number(value());
    else if (a === '--skip-batch') opts.skipBatch = true;
    else if (a === '--incognito') opts.incognito = true;
    else if (a === '--right-after-load') opts.rightAfterLoad = true;
    else if (a === '--chromium-arg') opts.extraArgs.push(value());
    else if (a === '--out') opts.out = value();
    else if (a === '--keep') opts.keep = true;
    else usage(a === '--help' || a === '-h' ? null : `unknown option ${a}`);
  }
  return opts;
}

function usage(error) {
  const text =
    'usage: node tests/bench/browser.mjs [--dist web/dist] [--mib 200] [--files 6] [--intensity 80] [--skip-batch] [--incognito] [--right-after-load] [--chromium-arg ARG]... [--out FILE] [--keep]';
  if (error) console.error(`bench: ${error}`);
  console.log(text);
  process.exit(error ? 2 : 0);
}

const log = (...a) => console.error('[browser]', ...a);

/** The site: built only when missing (others may be building web/dist right now). */
function ensureSite(dist) {
  if (existsSync(join(dist, 'index.html'))) return;
  if (resolve(dist) !== resolve(ROOT, 'web/dist')) throw new Error(`${dist} has no index.html`);
  log('web/dist is missing: npm run build:web');
  const r = spawnSync('npm', ['run', '--silent', 'build:web'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0 || !existsSync(join(dist, 'index.html')))
    throw new Error('npm run build:web failed: no site to measure');
}

function freePort() {
  return new Promise((resolvePort, reject) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolvePort(port));
    });
    s.on('error', reject);
  });
}

async function serve(dist) {
  const port = await freePort();
  const server = spawn(process.execPath, [join(ROOT, 'scripts/serve.mjs'), dist, '--port', String(port)], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  server.stderr.on('data', (d) => (stderr += d));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${base}/`)).ok) return { server, base };
    } catch {
      // Not listening yet.
    }
    if (server.exitCode != null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  server.kill();
  throw new Error(`scripts/serve.mjs did not start: ${stderr}`);
}

function writeRandomFile(path, bytes) {
  const fd = openSync(path, 'w');
  const block = new Uint8Array(8 * MIB);
  for (let at = 0; at < bytes; at += block.length) {
    const part = block.subarray(0, Math.min(block.length, bytes - at));
    randomFillSync(part);
    writeSync(fd, part);
  }
  closeSync(fd);
}

function sha256File(path) {
  return new Promise((resolveHash, reject) => {
    const h = createHash('sha256');
    createReadStream(path, { highWaterMark: 8 * MIB })
      .on('data', (d) => h.update(d))
      .on('end', () => resolveHash(h.digest('hex')))
      .on('error', reject);
  });
}

/** The browser process: Playwright starts it as a child of this process. */
function browserPid() {
  const mine = childrenNamed(process.pid, 'chromium');
  if (mine.length !== 1) throw new Error(`expected one Chromium child process, found ${mine.length}`);
  return Number(mine[0]);
}

/** Samples Rss and Pss of every process under the browser's, grouped by Chromium process type. */
class MemorySampler {
  constructor(rootPid) {
    this.rootPid = rootPid;
    this.phase = 'idle';
    this.peaks = {};
    /** Per phase and process: CPU ticks (utime + stime) when first and last seen, and its type. */
    this.cpu = {};
    /** Per phase: the tab's Rss (and its parts, KiB) at each sample. */
    this.timeline = {};
    /** Per phase and thread of the tab's renderer: CPU ticks when first and last seen, and its name. */
    this.threads = {};
    this.timer = setInterval(() => this.sample(), 200);
  }

  descendants() {
    return descendants(this.rootPid);
  }

  sample() {
    const byType = {};
    let largestRenderer = 0;
    let tabParts = null;
    let tabPid = null;
    for (const pid of this.descendants()) {
      try {
        // Chromium rewrites its argv (setproctitle), so the switches may be space- or NUL-separated.
        const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/);
        const type = pid === this.rootPid ? 'browser' : (cmd.find((a) => a.startsWith('--type='))?.slice(7) ?? 'other');
        const sub = cmd.find((a) => a.startsWith('--utility-sub-type='))?.slice(19);
        // The WebUI renderer is the browser's own UI, never a page of ours.
        const key = sub
          ? `${type}:${sub.split('.').pop()}`
          : cmd.includes('--top-chrome-webui')
            ? `${type}:webui`
            : type;
        const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        // Fields 14 and 15 of stat (utime, stime), in clock ticks; the list after ')' starts at field 3.
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        const ticks = Number(fields[11]) + Number(fields[12]);
        this.cpu[this.phase] ??= {};
        this.cpu[this.phase][pid] ??= { first: ticks, last: ticks, key };
        this.cpu[this.phase][pid].last = ticks;
        const kib = (field) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(rollup)?.[1] ?? 0);
        byType[key] ??= { rss: 0, pss: 0, count: 0 };
        byType[key].rss += kib('Rss');
        byType[key].pss += kib('Pss');
        byType[key].count++;
        if (key === 'renderer' && kib('Rss') > largestRenderer) {
          largestRenderer = kib('Rss');
          // What the tab's Rss is made of: anonymous memory (heaps, buffers, WebAssembly), mapped files, shared memory.
          const status = readFileSync(`/proc/${pid}/status`, 'utf8');
          const field = (f) => Number(new RegExp(`^${f}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
          tabParts = { anon: field('RssAnon'), file: field('RssFile'), shmem: field('RssShmem') };
          tabPid = pid;
        }
      } catch {
        // The process ended meanwhile.
      }
    }
    const renderer = byType.renderer ?? { rss: 0, pss: 0 };
    const all = Object.values(byType).reduce((a, b) => ({ rss: a.rss + b.rss, pss: a.pss + b.pss }), {
      rss: 0,
      pss: 0,
    });
    this.peaks[this.phase] ??= {
      tab_rss_kib: 0,
      renderers_rss_kib: 0,
      renderers_pss_kib: 0,
      browser_rss_kib: 0,
      all_pss_kib: 0,
      at_peak: null,
      samples: 0,
    };
    const p = this.peaks[this.phase];
    p.samples++;
    if (tabPid != null) this.sampleThreads(tabPid);
    const threads = this.threads[this.phase] ?? {};
    const last = this.timeline[this.phase]?.at(-1);
    if (last)
      last.threads = Object.fromEntries(
        Object.entries(threads).map(([tid, x]) => [`${x.comm}:${tid}`, x.last - x.first]),
      );
    this.timeline[this.phase] ??= [];
    this.timeline[this.phase].push({
      t: Math.round(performance.now()),
      tab_rss_kib: largestRenderer,
      ...tabParts,
    });
    if (largestRenderer > p.tab_rss_kib) {
      p.tab_rss_kib = largestRenderer;
      p.at_peak = byType;
    }
    p.renderers_rss_kib = Math.max(p.renderers_rss_kib, renderer.rss);
    p.renderers_pss_kib = Math.max(p.renderers_pss_kib, renderer.pss);
    p.browser_rss_kib = Math.max(p.browser_rss_kib, byType.browser?.rss ?? 0);
    p.all_pss_kib = Math.max(p.all_pss_kib, all.pss);
  }

  /** CPU ticks of each thread of the tab's renderer (its name from comm: the page, each worker, ...). */
  sampleThreads(pid) {
    this.threads[this.phase] ??= {};
    const threads = this.threads[this.phase];
    try {
      for (const tid of readdirSync(`/proc/${pid}/task`)) {
        try {
          const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
          const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
          const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
          const ticks = Number(fields[11]) + Number(fields[12]);
          threads[tid] ??= { first: ticks, last: ticks, comm };
          threads[tid].last = ticks;
        } catch {
          // The thread ended meanwhile.
        }
      }
    } catch {
      // The process ended meanwhile.
    }
  }

  /** The tab's threads that used at least 10 ms of CPU during `phase`, busiest first: [name, seconds]. */
  threadSeconds(phase) {
    return Object.entries(this.threads[phase] ?? {})
      .map(([tid, { first, last, comm }]) => [`${comm}:${tid}`, (last - first) / TICKS_PER_SECOND])
      .filter(([, s]) => s >= 0.01)
      .sort(([, a], [, b]) => b - a);
  }

  /**
   * CPU seconds each process type used during `phase` (as far as sampled: a process that ended
   * between samples loses its last 200 ms), and the total: unlike wall times, these hardly depend on
   * what else the machine runs.
   */
  cpuSeconds(phase) {
    const out = { total: 0 };
    for (const { first, last, key } of Object.values(this.cpu[phase] ?? {})) {
      const s = (last - first) / TICKS_PER_SECOND;
      out[key] = (out[key] ?? 0) + s;
      out.total += s;
    }
    return out;
  }

  /** Starts a new phase (its own peaks), sampling once at its start. */
  enter(phase) {
    this.sample();
    this.phase = phase;
    this.sample();
  }

  stop() {
    this.sample();
    clearInterval(this.timer);
  }
}

/**
 * Injected before any page script: records when each Worker is created and when it first says
 * "ready", every click, every change of a file row's state, and the page's JS heap.
 */
function instrument() {
  const w = window;
  // timeOrigin: the page's clock on the machine's (ms since the epoch), to line its times up with this process's.
  w.__bench = { workers: [], clicks: [], states: [], done: [], heapPeak: 0, timeOrigin: performance.timeOrigin };
  const NativeWorker = w.Worker;
  w.Worker = class extends NativeWorker {
    constructor(url, options) {
      const created = performance.now();
      super(url, options);
      const record = { created, ready: null, name: options?.name ?? null };
      w.__bench.workers.push(record);
      this.addEventListener('message', (e) => {
        if (record.ready == null && e.data?.type === 'ready') record.ready = performance.now();
        // The engine's answer reaching the page: the job is over in the worker.
        if (e.data?.type === 'done') w.__bench.done.push(performance.now());
      });
    }
  };
  document.addEventListener(
    'click',
    (e) => w.__bench.clicks.push({ t: performance.now(), text: e.target?.closest?.('button')?.textContent ?? '' }),
    true,
  );
  const seen = new Map();
  const record = () => {
    for (const row of document.querySelectorAll('[data-file-id]')) {
      const id = row.getAttribute('data-file-id');
      const state = row.getAttribute('data-state');
      if (seen.get(id) !== state) {
        seen.set(id, state);
        w.__bench.states.push({ t: performance.now(), id, state });
      }
    }
  };
  const heap = () => {
    const m = performance.memory;
    if (m) w.__bench.heapPeak = Math.max(w.__bench.heapPeak, m.usedJSHeapSize);
  };
  setInterval(heap, 100);
  new MutationObserver(() => {
    record();
    heap();
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
}

async function prepareContext(context) {
  // The banner's Reject stored before any page script runs, key and text from the site's own module.
  await context.addInitScript(
    ([key, value]) => localStorage.setItem(key, value),
    [COOKIE_STORAGE_KEY, serializePreferences({ analytics: false, advertising: false })],
  );
  await context.addInitScript(instrument);
}

/**
 * The browser and how each phase gets a fresh page: a new page in the one profile-backed context
 * (closed after the phase), or with --incognito a new throwaway context per phase.
 */
async function launchBrowser(incognito, extraArgs, workDir) {
  const launch = { executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, ...extraArgs] };
  if (!incognito) {
    const context = await chromium.launchPersistentContext(join(workDir, 'profile'), {
      ...launch,
      acceptDownloads: true,
    });
    await prepareContext(context);
    for (const page of context.pages()) await page.close();
    return {
      pid: browserPid(),
      version: version(CHROMIUM),
      open: async () => {
        const page = await context.newPage();
        return { page, close: () => page.close() };
      },
      close: () => context.close(),
    };
  }
  const browser = await chromium.launch(launch);
  return {
    pid: browserPid(),
    version: `Chromium ${browser.version()}`,
    open: async () => {
      const context = await browser.newContext({ acceptDownloads: true });
      await prepareContext(context);
      return { page: await context.newPage(), close: () => context.close() };
    },
    close: () => browser.close(),
  };
}

function version(command) {
  return spawnSync(command, ['--version'], { encoding: 'utf8' }).stdout?.trim().split('\n').pop() ?? command;
}

async function openWorkspace(session, base) {
  const { page, close } = await session.open();
  const crashes = [];
  page.on('crash', () => crashes.push('the page crashed'));
  page.on('pageerror', (e) => crashes.push(`pageerror: ${e.message}`));
  await page.goto(`${base}/?e2e`);
  await page.locator('#upload').waitFor();
  // Hydrated once web/src/main.tsx marks <html data-hydrated> (the workspace's controls do nothing before).
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
  return { page, crashes, close };
}

const startButton = (page) =>
  page.getByRole('button', { name: /^(Start Processing|Processing\.\.\. stays on your device\.)$/ });

async function chooseSettings(page, intensity) {
  await page.locator('#workspace-algorithm').selectOption('quick_scramble');
  await page.getByRole('spinbutton', { name: 'Intensity (percent)' }).fill(String(intensity));
  return Number(await page.getByRole('status', { name: 'Deterministic Seed' }).getAttribute('data-seed'));
}

async function toasts(page) {
  return page.locator('[data-toast]').allInnerTexts();
}

/** Stage durations of one row from the recorded state changes (ms), with the time from the click. */
function stageTimes(bench, id, clickT) {
  const changes = bench.states.filter((s) => s.id === id);
  const at = (state) => changes.find((s) => s.state === state)?.t ?? null;
  const order = [...STATES.map(([s]) => s), 'complete'];
  const out = { start_to_first_stage: null, stages: {}, start_to_complete: null, seen: changes.map((s) => s.state) };
  const first = order.map(at).find((t) => t != null);
  if (first != null) out.start_to_first_stage = first - clickT;
  for (let i = 0; i < STATES.length; i++) {
    const begin = at(STATES[i][0]);
    const end = order
      .slice(i + 1)
      .map(at)
      .find((t) => t != null);
    out.stages[STATES[i][0]] = begin != null && end != null ? end - begin : null;
  }
  if (at('complete') != null) out.start_to_complete = at('complete') - clickT;
  return out;
}

/**
 * The baseline of the same run, in the same tab and for the same file (issue 26, point 5): what the
 * browser takes to read the picked file whole (File.arrayBuffer) and to read it and take its SHA-256
 * (crypto.subtle), the floor of any tool that reads the file and hashes it, as `sha256sum` is the
 * native process's. Through an input of its own, so the workspace sees nothing; best of three.
 */
async function baselineInTab(page, file) {
  await page.evaluate(() => {
    const input = document.createElement('input');
    input.type = 'file';
    input.id = 'bench-baseline-input';
    input.hidden = true;
    document.body.append(input);
  });
  await page.locator('#bench-baseline-input').setInputFiles(file);
  const runs = [];
  for (let i = 0; i < 3; i++)
    runs.push(
      await page.evaluate(async () => {
        const picked = document.getElementById('bench-baseline-input').files[0];
        const t0 = performance.now();
        const buffer = await picked.arrayBuffer();
        const t1 = performance.now();
        await crypto.subtle.digest('SHA-256', buffer);
        const t2 = performance.now();
        return { read_ms: t1 - t0, read_sha256_ms: t2 - t0 };
      }),
    );
  await page.evaluate(() => document.getElementById('bench-baseline-input').remove());
  return {
    read_ms: Math.min(...runs.map((r) => r.read_ms)),
    read_sha256_ms: Math.min(...runs.map((r) => r.read_sha256_ms)),
  };
}

async function singleFile(session, base, sampler, file, intensity, workDir, rightAfterLoad) {
  const { page, crashes, close } = await openWorkspace(session, base);
  const name = basename(file);
  sampler.enter('single: idle page');
  const isolated = await page.evaluate(() => self.crossOriginIsolated);

  let seed;
  if (rightAfterLoad) {
    // As a visitor who drops a file at once: settings first, then the file, and Start at once.
    seed = await chooseSettings(page, intensity);
    await page.locator('#workspace-file-input').setInputFiles(file);
    await page.getByRole('heading', { name: 'Files (1)' }).waitFor();
  } else {
    await page.locator('#workspace-file-input').setInputFiles(file);
    await page.getByRole('heading', { name: 'Files (1)' }).waitFor();
    seed = await chooseSettings(page, intensity);
    // As a visitor who looks at the settings for a moment: the engine's worker and its two helpers
    // (started with the file) have loaded, and half a second more.
    await page.waitForFunction(() => window.__bench.workers.filter((w) => w.ready != null).length >= 3, null, {
      timeout: 60_000,
    });
    await page.waitForTimeout(500);
  }
  // Done when the row offers its download, failed when the row says so: whichever comes first. A
  // mutation observer sees the row change (no polling, which would keep the page busy) and the time
  // noted is that of the next animation frame, the one that shows the button, on the page's clock.
  const outcomeReady = page.evaluate(
    () =>
      new Promise((resolveOutcome) => {
        const check = () => {
          const done = document.querySelector(
            '[data-file-id][data-state="complete"] button[aria-label^="Download corrupted"]',
          );
          const failed = document.querySelector('[data-file-id][data-state="failed"]');
          if (!done && !failed) return;
          observer.disconnect();
          requestAnimationFrame(() => resolveOutcome({ state: done ? 'complete' : 'failed', t: performance.now() }));
        };
        const observer = new MutationObserver(check);
        observer.observe(document, { subtree: true, childList: true, attributes: true });
        check();
      }),
  );
  sampler.enter('single: processing');
  // The clock starts at the mouse press, as the user's wait does: Playwright's checks before a click
  // (scrolled into view, stable over two frames, the hit target) are done first.
  const start = startButton(page);
  await start.scrollIntoViewIfNeeded();
  const box = await start.boundingBox();
  const wallStart = Date.now();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  const download = page.getByRole('button', { name: `Download corrupted ${name}` });
  const found = await outcomeReady;
  const wallEnd = Date.now();
  if (found.state === 'failed')
    throw new Error(`processing failed: ${(await toasts(page)).join(' | ')} ${crashes.join('; ')}`);
  const wallMs = wallEnd - wallStart;
  // The host fields join the report once the outputs module (fetched with the first report shown) is there.
  const reportJson = page.getByLabel('Report JSON');
  await reportJson.filter({ hasText: '"share_link"' }).waitFor({ timeout: 30_000 });
  const report = JSON.parse(await reportJson.textContent());
  const bench = await page.evaluate(() => window.__bench);
  const click = bench.clicks.filter((c) => /Start Processing/.test(c.text)).pop();
  const id = bench.states.find((s) => s.state !== 'queued')?.id ?? bench.states[0]?.id;
  const stages = stageTimes(bench, id, click.t);
  // The outside figure in parts, on the machine's clock: Playwright's click until the page has the
  // click event, the engine's job (click to its answer reaching the page), the page's state update
  // and render (answer to the row in its complete state), the frame that shows the button, and the
  // page's answer back to this process.
  const completeT = bench.states.find((s) => s.id === id && s.state === 'complete')?.t ?? null;
  const doneT = bench.done.find((t) => t > click.t) ?? null;
  const outside = {
    to_click_event_ms: bench.timeOrigin + click.t - wallStart,
    click_to_engine_done_ms: doneT == null ? null : doneT - click.t,
    engine_done_to_complete_state_ms: doneT == null || completeT == null ? null : completeT - doneT,
    complete_state_to_button_frame_ms: completeT == null ? null : found.t - completeT,
    button_frame_to_seen_here_ms: wallEnd - (bench.timeOrigin + found.t),
  };

  sampler.enter('single: download');
  const dlStart = Date.now();
  const [dl] = await Promise.all([page.waitForEvent('download'), download.click()]);
  const downloadStartedMs = Date.now() - dlStart;
  await dl.path();
  const downloadMs = Date.now() - dlStart;
  const saved = join(workDir, dl.suggestedFilename());
  await dl.saveAs(saved);
  sampler.enter('single: done');
  const heapPeak = await page.evaluate(() => window.__bench.heapPeak);
  const baseline = await baselineInTab(page, file);
  await close();

  // The download must be the native engine's output for the same file, mode, intensity and seed.
  const cliOut = join(workDir, 'cli');
  const cliReport = JSON.parse(
    execFileSync(
      join(ROOT, 'target/release/fracture'),
      ['--mode', 'byte_flip', '--intensity', String(intensity), '--seed', String(seed), '--json', '--quiet'].concat([
        '--out',
        cliOut,
        file,
      ]),
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    )
      .trim()
      .split('\n')
      .pop(),
  );
  // The page's report holds the engine's fields (then the host's): every one but the timings must match.
  const reportDiffers = Object.keys(cliReport).filter(
    (k) => k !== 'time_ms' && k !== 'ops_ms' && JSON.stringify(report[k]) !== JSON.stringify(cliReport[k]),
  );
  const expected = await sha256File(join(cliOut, readdirSync(cliOut)[0]));
  const got = await sha256File(saved);
  rmSync(cliOut, { recursive: true, force: true });
  rmSync(saved, { force: true });

  return {
    file: name,
    bytes: statSync(file).size,
    seed,
    cross_origin_isolated: isolated,
    worker: bench.workers.map((w) => ({
      name: w.name,
      created_after_click_ms: w.created - click.t,
      ready_ms: w.ready == null ? null : w.ready - w.created,
    })),
    click_to_download_link_ms: wallMs,
    outside,
    stages,
    report: { time_ms: report.time_ms, ops_ms: report.ops_ms, sha256_after: report.sha256_after },
    download_started_ms: downloadStartedMs,
    download_ms: downloadMs,
    output_matches_native: got === expected,
    report_fields_differing_from_native: reportDiffers,
    page_js_heap_peak_bytes: heapPeak,
    baseline,
    crashes,
  };
}

/** Bytes of results this origin keeps in the origin-private file system (web/src/workspace/storage.ts). */
function storedBytes(page) {
  return page.evaluate(async () => {
    const walk = async (dir) => {
      let total = 0;
      for await (const handle of dir.values())
        total += handle.kind === 'directory' ? await walk(handle) : (await handle.getFile()).size;
      return total;
    };
    const root = await navigator.storage.getDirectory();
    return walk(await root.getDirectoryHandle('fracture-results').catch(() => root));
  });
}

async function batch(session, base, sampler, files, intensity, workDir) {
  const { page, crashes, close } = await openWorkspace(session, base);
  sampler.enter('batch: idle page');
  await page.locator('#workspace-file-input').setInputFiles(files);
  await page.getByRole('heading', { name: `Files (${files.length})` }).waitFor();
  await chooseSettings(page, intensity);
  sampler.enter('batch: processing');
  const started = Date.now();
  await startButton(page).click();
  await page
    .locator('[data-field="overall"]')
    .filter({ hasText: `${files.length} / ${files.length} files` })
    .waitFor({ timeout: 30 * 60_000 });
  await page.getByRole('button', { name: 'Start Processing' }).waitFor({ timeout: 60_000 });
  const processMs = Date.now() - started;
  const states = await page
    .locator('[data-file-id]')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-state')));
  const bench = await page.evaluate(() => window.__bench);

  // "Download All as ZIP" goes through the service worker once it controls the page; the end of
  // its stream releases the stored results.
  const served = await page
    .waitForFunction(() => navigator.serviceWorker?.controller != null, null, { timeout: 30_000 })
    .then(
      () => true,
      () => false,
    );
  const storedBefore = await storedBytes(page);

  sampler.enter('batch: zip');
  const zipStart = Date.now();
  const zipButton = page.getByRole('button', { name: 'Download All as ZIP' });
  const downloaded = page.waitForEvent('download', { timeout: 15 * 60_000 });
  await zipButton.click();
  let result;
  try {
    // The download, or the failure toast: whichever comes first.
    const failed = page.waitForFunction(
      () => [...document.querySelectorAll('[data-toast]')].some((t) => t.textContent.includes('ZIP Creation Failed')),
      null,
      { timeout: 15 * 60_000, polling: 200 },
    );
    downloaded.catch(() => {});
    failed.catch(() => {});
    const first = await Promise.race([downloaded.then((d) => ({ d })), failed.then(() => ({ failed: true }))]);
    if (first.failed) {
      const toast = (await toasts(page)).find((t) => t.includes('ZIP Creation Failed')) ?? '';
      throw new Error(toast.replace(/×/g, '').replace(/\s+/g, ' ').trim());
    }
    const dl = first.d;
    // The archive is built when its download starts; the browser has written it when path() resolves.
    const zipBuiltMs = Date.now() - zipStart;
    await dl.path();
    const zipMs = Date.now() - zipStart;
    const path = join(workDir, dl.suggestedFilename());
    await dl.saveAs(path);
    sampler.enter('batch: done');
    // testzip reads every entry and checks its CRC-32; it returns the first bad name, or None.
    const check = spawnSync(
      'python3',
      [
        '-c',
        'import sys, zipfile, json\nz = zipfile.ZipFile(sys.argv[1])\nbad = z.testzip()\nprint(json.dumps({"bad": bad, "entries": [[i.filename, i.file_size] for i in z.infolist()]}))',
        path,
      ],
      { encoding: 'utf8', maxBuffer: 1 << 24 },
    );
    const verdict = check.status === 0 ? JSON.parse(check.stdout) : { error: check.stderr.trim().split('\n').pop() };
    // The results' space, polled until it is released (at most 30 s after the download).
    let storedAfter = await storedBytes(page);
    for (let i = 0; storedAfter > 0 && i < 150; i++) {
      await new Promise((r) => setTimeout(r, 200));
      storedAfter = await storedBytes(page);
    }
    result = {
      served_by_service_worker: served,
      stored_before_bytes: storedBefore,
      stored_after_bytes: storedAfter,
      released_ms: Date.now() - zipStart,
      zip_built_ms: zipBuiltMs,
      zip_ms: zipMs,
      zip_bytes: statSync(path).size,
      zip_name: basename(path),
      testzip: verdict,
    };
    rmSync(path, { force: true });
  } catch (e) {
    sampler.enter('batch: done');
    result = { zip_error: e.message };
  }
  const heapPeak = await page.evaluate(() => window.__bench.heapPeak).catch(() => null);
  await close();
  return {
    files: files.length,
    bytes_each: statSync(files[0]).size,
    process_ms: processMs,
    states,
    workers: bench.workers.map((w) => ({ ready_ms: w.ready == null ? null : w.ready - w.created })),
    ...result,
    page_js_heap_peak_bytes: heapPeak,
    crashes,
  };
}

const mib = (kib) => `${Math.round(kib / 1024)} MiB`;

function printReport(single, batchResult, sampler, opts, meta) {
  const lines = [];
  const size = single.bytes;
  lines.push(
    `Fracture in the browser — ${meta.chromium}, profile ${meta.profile}${meta.extra_args.length ? `, extra switches ${meta.extra_args.join(' ')}` : ''}, ${meta.cores} cores, load average before ${meta.load_before.join(' / ')}, after ${meta.load_after.join(' / ')}`,
  );
  lines.push(
    `${single.file}: ${size} bytes, byte_flip (Quick Scramble) at intensity ${opts.intensity}, seed ${single.seed}; stage delays off (?e2e); Start pressed ${meta.start}`,
  );
  lines.push('');
  const rows = [
    ['worker: new Worker → "ready"', single.worker.map((w) => fmtMs(w.ready_ms)).join(', ') || 'no worker seen'],
  ];
  rows.push(['Start click → first stage shown', fmtMs(single.stages.start_to_first_stage)]);
  for (const [state, label] of STATES) rows.push([`${state} (${label})`, fmtMs(single.stages.stages[state])]);
  rows.push(['Start click → complete (UI)', fmtMs(single.stages.start_to_complete)]);
  rows.push(['Start press → download button shown (outside the page)', fmtMs(single.click_to_download_link_ms)]);
  const o = single.outside;
  rows.push(['  of which: Playwright → the click event in the page', fmtMs(o.to_click_event_ms)]);
  rows.push(["  of which: click → the engine's answer in the page", fmtMs(o.click_to_engine_done_ms)]);
  rows.push([
    '  of which: answer → row in its complete state (state, render)',
    fmtMs(o.engine_done_to_complete_state_ms),
  ]);
  rows.push(['  of which: complete state → the frame with the button', fmtMs(o.complete_state_to_button_frame_ms)]);
  rows.push(['  of which: that frame → seen by this process', fmtMs(o.button_frame_to_seen_here_ms)]);
  rows.push(["engine's report: time_ms (all stages, in the worker)", fmtMs(single.report.time_ms)]);
  rows.push(["engine's report: ops_ms (corrupt stage)", fmtMs(single.report.ops_ms)]);
  rows.push(['Download click → download starts', fmtMs(single.download_started_ms)]);
  rows.push(['Download click → file written by the browser', fmtMs(single.download_ms)]);
  lines.push(
    renderTable(
      [
        { title: `one ${Math.round(size / MIB)} MiB file`, align: 'l' },
        { title: 'ms', align: 'r' },
      ],
      rows,
    ),
  );
  lines.push(
    `states seen: ${single.stages.seen.join(' → ')}; download ${single.output_matches_native ? 'equals' : 'DIFFERS FROM'} the native engine's output; report ${single.report_fields_differing_from_native.length === 0 ? "equals the native engine's (all fields but time_ms, ops_ms)" : `DIFFERS FROM the native engine's in ${single.report_fields_differing_from_native.join(', ')}`}`,
  );
  lines.push('');
  const memRows = Object.entries(sampler.peaks).map(([phase, p]) => [
    phase,
    mib(p.tab_rss_kib),
    mib(p.renderers_rss_kib),
    mib(p.renderers_pss_kib),
    mib(p.browser_rss_kib),
    mib(p.all_pss_kib),
    String(p.samples),
  ]);
  lines.push(
    renderTable(
      [
        { title: 'memory by phase (peak)', align: 'l' },
        { title: 'tab (largest renderer) Rss', align: 'r' },
        { title: 'renderers Rss', align: 'r' },
        { title: 'renderers Pss', align: 'r' },
        { title: 'browser proc Rss', align: 'r' },
        { title: 'all procs Pss', align: 'r' },
        { title: 'samples', align: 'r' },
      ],
      memRows,
    ),
  );
  const singlePeak =
    Math.max(...['single: processing', 'single: download'].map((k) => sampler.peaks[k]?.tab_rss_kib ?? 0)) * 1024;
  const factor = singlePeak / size;
  const at = sampler.peaks['single: processing']?.at_peak;
  if (at)
    lines.push(
      `at the processing peak: ${Object.entries(at)
        .map(([k, v]) => `${k} ×${v.count} ${mib(v.rss)}`)
        .join(', ')}`,
    );
  const cpu = sampler.cpuSeconds('single: processing');
  lines.push(
    `CPU while processing (s, from /proc/<pid>/stat): ${Object.entries(cpu)
      .filter(([, v]) => v >= 0.005)
      .sort(([, a], [, b]) => b - a)
      .map(([k, v]) => `${k} ${v.toFixed(2)}`)
      .join(', ')}; the tab's busiest threads: ${sampler
      .threadSeconds('single: processing')
      .slice(0, 8)
      .map(([k, v]) => `${k} ${v.toFixed(2)}`)
      .join(', ')}`,
  );
  lines.push(
    `page main-thread JS heap peak (performance.memory): ${Math.round(single.page_js_heap_peak_bytes / MIB)} MiB; crossOriginIsolated=${single.cross_origin_isolated} (so measureUserAgentSpecificMemory is ${single.cross_origin_isolated ? '' : 'not '}available)`,
  );
  const idle = sampler.peaks['single: idle page']?.tab_rss_kib ?? 0;
  const complete = single.stages.start_to_complete;
  const { read_ms: readMs, read_sha256_ms: hashMs } = single.baseline;
  lines.push(
    `baseline, same tab and file, best of 3: File.arrayBuffer ${fmtMs(readMs)} ms; arrayBuffer + crypto.subtle SHA-256 ${fmtMs(hashMs)} ms`,
  );
  lines.push(
    `${complete != null && complete <= COMPLETE_TARGET_MS ? 'PASS' : 'MISS'}  Start click → complete ≤ ${COMPLETE_TARGET_MS} ms: ${fmtMs(complete)} ms` +
      ` = ${(complete / hashMs).toFixed(2)}× reading and hashing the file (${(complete / readMs).toFixed(2)}× reading it)`,
  );
  const outsideMs = single.click_to_download_link_ms;
  const buttonTarget = opts.incognito || opts.rightAfterLoad ? COMPLETE_TARGET_MS : BUTTON_TARGET_MS;
  lines.push(
    `${outsideMs <= buttonTarget ? 'PASS' : 'MISS'}  Start press → download button shown (outside the page) ≤ ${buttonTarget} ms${opts.incognito ? ' (private window)' : ''}${opts.rightAfterLoad ? ' (Start right after load)' : ''}: ${fmtMs(outsideMs)} ms` +
      ` = ${(outsideMs / hashMs).toFixed(2)}× reading and hashing the file (${(outsideMs / readMs).toFixed(2)}× reading it)`,
  );
  const pass = factor <= PEAK_TARGET_FACTOR;
  lines.push(
    `${pass ? 'PASS' : 'MISS'}  tab peak ≤ ${PEAK_TARGET_FACTOR}× the file: the tab's renderer Rss peak ${Math.round(singlePeak / MIB)} MiB = ${factor.toFixed(2)}× ${Math.round(size / MIB)} MiB` +
      ` (the idle page's renderer: ${mib(idle)}; growth ${((singlePeak - idle * 1024) / size).toFixed(2)}× the file)`,
  );

  if (batchResult) {
    lines.push('');
    const b = batchResult;
    lines.push(
      `Batch: ${b.files} × ${b.bytes_each} bytes, one run: processed in ${fmtMs(b.process_ms)} ms (states: ${b.states.join(', ')}); workers ready in ${b.workers.map((w) => fmtMs(w.ready_ms)).join(', ')} ms`,
    );
    if (b.zip_error) lines.push(`MISS  Download All as ZIP: ${b.zip_error}`);
    else {
      const t = b.testzip;
      const ok =
        t &&
        !t.error &&
        t.bad === null &&
        // The files and the session report as JSON and as PDF.
        t.entries.length === b.files + 2 &&
        t.entries.filter(([, s]) => s === b.bytes_each).length === b.files;
      lines.push(
        `${ok ? 'PASS' : 'MISS'}  Download All as ZIP: ${b.zip_name}, ${b.zip_bytes} bytes; click → download starts ${fmtMs(b.zip_built_ms)} ms, → written ${fmtMs(b.zip_ms)} ms; ` +
          (t.error
            ? `zipfile could not read it: ${t.error}`
            : `zipfile testzip: ${t.bad === null ? 'every CRC good' : `bad entry ${t.bad}`}, ${t.entries.length} entries (${b.files} files + session report as JSON and PDF)`),
      );
      const released = b.stored_before_bytes > 0 && b.stored_after_bytes === 0;
      lines.push(
        `${released ? 'PASS' : 'MISS'}  Storage released after the download: ${b.stored_before_bytes} bytes of results in the origin-private file system before, ${b.stored_after_bytes} after (${fmtMs(b.released_ms)} ms from the click; ${b.served_by_service_worker ? 'served by the service worker' : 'no service worker controlled the page'})`,
      );
    }
    const peak = Math.max(
      ...Object.entries(sampler.peaks)
        .filter(([k]) => k.startsWith('batch'))
        .map(([, p]) => p.tab_rss_kib),
    );
    lines.push(
      `batch: the tab's renderer Rss peak ${mib(peak)} = ${((peak * 1024) / b.bytes_each).toFixed(2)}× one file; ${b.crashes.length ? `page errors: ${b.crashes.join('; ')}` : `the page did not crash${b.zip_error ? '' : ', no out-of-memory'}`}`,
    );
  }
  return { text: lines.join('\n'), pass, factor };
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const dist = resolve(ROOT, opts.dist);
  ensureSite(dist);
  const workDir = mkdtempSync(join(os.tmpdir(), 'fracture-browser-bench-'));
  const { server, base } = await serve(dist);
  let session;
  try {
    const bytes = Math.round(opts.mib * MIB);
    const files = Array.from({ length: opts.skipBatch ? 1 : Math.max(1, opts.files) }, (_, i) =>
      join(workDir, `input-${i + 1}-${opts.mib}MiB.bin`),
    );
    log(`writing ${files.length} × ${bytes} random bytes in ${workDir}`);
    for (const f of files) writeRandomFile(f, bytes);
    const load_before = os.loadavg().map((x) => Math.round(x * 100) / 100);
    // A fresh browser (and profile) for each phase, so the batch's memory is not the single run's leftovers.
    session = await launchBrowser(opts.incognito, opts.extraArgs, join(workDir, 'single'));
    const sampler = new MemorySampler(session.pid);
    log('single file');
    const single = await singleFile(session, base, sampler, files[0], opts.intensity, workDir, opts.rightAfterLoad);
    let batchResult = null;
    if (!opts.skipBatch) {
      await session.close();
      session = await launchBrowser(opts.incognito, opts.extraArgs, join(workDir, 'batch'));
      sampler.rootPid = session.pid;
      log(`batch of ${files.length}`);
      batchResult = await batch(session, base, sampler, files, opts.intensity, workDir);
    }
    sampler.stop();
    const meta = {
      chromium: session.version,
      profile: opts.incognito ? 'incognito (throwaway context)' : 'on disk (persistent context)',
      start: opts.rightAfterLoad
        ? 'right after the page loaded'
        : "once the engine's worker and helpers were ready, and 500 ms",
      extra_args: opts.extraArgs,
      cores: os.cpus().length,
      load_before,
      load_after: os.loadavg().map((x) => Math.round(x * 100) / 100),
    };
    const { text, pass, factor } = printReport(single, batchResult, sampler, opts, meta);
    console.log(text);
    mkdirSync(dirname(opts.out), { recursive: true });
    writeFileSync(
      opts.out,
      `${JSON.stringify(
        {
          generated: new Date().toISOString(),
          meta,
          single,
          batch: batchResult,
          memory: sampler.peaks,
          tab_timeline_kib: sampler.timeline,
          cpu_seconds: Object.fromEntries(Object.keys(sampler.cpu).map((phase) => [phase, sampler.cpuSeconds(phase)])),
          tab_peak_factor: factor,
          tab_peak_pass: pass,
          text,
        },
        null,
        2,
      )}\n`,
    );
    log(`wrote ${relative(process.cwd(), opts.out) || opts.out}`);
    if (
      !single.output_matches_native ||
      single.report_fields_differing_from_native.length > 0 ||
      (batchResult &&
        (batchResult.zip_error ||
          batchResult.testzip?.bad ||
          batchResult.testzip?.error ||
          batchResult.stored_after_bytes !== 0))
    )
      process.exitCode = 1;
  } finally {
    await session?.close();
    server.kill();
    if (opts.keep) log(`kept ${workDir}`);
    else rmSync(workDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(`bench: ${e.stack ?? e.message}`);
  process.exit(1);
});
