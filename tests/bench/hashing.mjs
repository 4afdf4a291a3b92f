#!/usr/bin/env node
// What the browser's large runs hash and write with (issue 41, point 3), each side by side with a
// baseline in the same run, in alternating order:
//
//   node tests/bench/hashing.mjs [--rounds 5] [--mib 200] [--base-wasm OTHER_ENGINE_BG.WASM] [--skip-opfs]
//
// 1. SHA-256 of MIB MiB fed in 1 MiB pieces to the engine module's `Sha256Stream` (lib/engine/pkg, as
//    the helper workers hash a streamed run), in Node and in a Chromium worker, against the
//    platform's own one-shot digest of the same bytes there (node:crypto, WebCrypto), which reaches
//    the CPU's SHA instructions. `--base-wasm` adds another build of the module (the one before a
//    change, say: its .wasm beside this build's glue, so only the code inside differs).
// 2. Unless --skip-opfs: MIB MiB written in 1 MiB pieces to an origin-private file through a sync
//    access handle in a worker, as the output's helper writes a streamed run's output, appended
//    piece by piece against sized first (truncate to the whole length, then the same writes), in a
//    normal (on-disk profile) and in a private (in-memory) context.
// Medians of the rounds, with their spread. Writes bench-results/hashing.json.
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PKG = join(ROOT, 'lib/engine/pkg');
const CHROMIUM = '/usr/bin/chromium';
const PIECE = 1 << 20;

const o = { rounds: 5, mib: 200, base: undefined, opfs: true };
for (let i = 2; i < process.argv.length; i++) {
  const [k, v] = [process.argv[i], process.argv[i + 1]];
  if (k === '--rounds') o.rounds = Number(v);
  else if (k === '--mib') o.mib = Number(v);
  else if (k === '--base-wasm') o.base = resolve(v);
  else if (k === '--skip-opfs') o.opfs = false;
  else {
    console.error(`hashing.mjs: unknown option ${k}`);
    process.exit(2);
  }
  if (k !== '--skip-opfs') i++;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const spread = (xs) => `${Math.round(median(xs))} ms (${Math.round(Math.min(...xs))}-${Math.round(Math.max(...xs))})`;
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');

// The page's files: this build's glue, its module and the base's, a worker that hashes or writes.
const dir = mkdtempSync(join(os.tmpdir(), 'fracture-hashing-'));
copyFileSync(join(PKG, 'fracture_engine.js'), join(dir, 'glue.js'));
copyFileSync(join(PKG, 'fracture_engine_bg.wasm'), join(dir, 'this.wasm'));
if (o.base) copyFileSync(o.base, join(dir, 'base.wasm'));
const modules = o.base ? ['this', 'base'] : ['this'];
writeFileSync(
  join(dir, 'index.html'),
  `<!doctype html><script>
window.ask = (job) => new Promise((done, fail) => {
  const w = new Worker('worker.js', { type: 'module' });
  w.onmessage = (e) => { w.terminate(); done(e.data); };
  w.onerror = (e) => fail(new Error(e.message));
  w.postMessage(job);
});
</script>`,
);
writeFileSync(
  join(dir, 'worker.js'),
  `const piece = () => { const p = new Uint8Array(${PIECE}); for (let i = 0; i < p.length; i++) p[i] = (i * 2654435761) >>> 24; return p; };
onmessage = async ({ data: job }) => {
  const bytes = piece();
  if (job.kind === 'wasm') {
    const glue = await import('./glue.js');
    await glue.default({ module_or_path: job.module + '.wasm' });
    const t0 = performance.now();
    const sha = new glue.Sha256Stream();
    for (let i = 0; i < ${o.mib}; i++) sha.update(bytes);
    const hex = sha.hex();
    postMessage({ ms: performance.now() - t0, hex });
  } else if (job.kind === 'webcrypto') {
    const whole = new Uint8Array(${o.mib} * bytes.length);
    for (let i = 0; i < ${o.mib}; i++) whole.set(bytes, i * bytes.length);
    const t0 = performance.now();
    const d = new Uint8Array(await crypto.subtle.digest('SHA-256', whole));
    postMessage({ ms: performance.now() - t0, hex: [...d].map((b) => b.toString(16).padStart(2, '0')).join('') });
  } else {
    const root = await navigator.storage.getDirectory();
    const name = 'bench-' + Math.random();
    const handle = await (await root.getFileHandle(name, { create: true })).createSyncAccessHandle();
    const t0 = performance.now();
    if (job.sized) handle.truncate(${o.mib} * bytes.length);
    let at = 0;
    for (let i = 0; i < ${o.mib}; i++) at += handle.write(bytes, { at });
    handle.truncate(at);
    const ms = performance.now() - t0;
    handle.close();
    await root.removeEntry(name);
    postMessage({ ms, size: at });
  }
};`,
);
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm' };
const server = createServer((req, res) => {
  const file = req.url === '/' ? 'index.html' : req.url.slice(1);
  try {
    const body = readFileSync(join(dir, file));
    res.setHeader('content-type', TYPES[file.slice(file.lastIndexOf('.'))] ?? 'application/octet-stream');
    res.end(body);
  } catch {
    res.statusCode = 404;
    res.end();
  }
});
await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
const origin = `http://localhost:${server.address().port}/`;

const bytes = new Uint8Array(PIECE);
for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 2654435761) >>> 24;
const expected = (() => {
  const h = createHash('sha256');
  for (let i = 0; i < o.mib; i++) h.update(bytes);
  return h.digest('hex');
})();

/** Node: the module's Sha256Stream over the pieces, in a fresh import of the glue per module. */
async function nodeWasm(module) {
  const glue = await import(`${join(dir, 'glue.js')}?${module}-${Math.random()}`);
  glue.initSync({ module: readFileSync(join(dir, `${module}.wasm`)) });
  const t0 = performance.now();
  const sha = new glue.Sha256Stream();
  for (let i = 0; i < o.mib; i++) sha.update(bytes);
  const hex = sha.hex();
  return { ms: performance.now() - t0, hex };
}
function nodeCrypto() {
  const whole = Buffer.alloc(o.mib * PIECE);
  for (let i = 0; i < o.mib; i++) whole.set(bytes, i * PIECE);
  const t0 = performance.now();
  const hex = createHash('sha256').update(whole).digest('hex');
  return { ms: performance.now() - t0, hex };
}

const results = {};
const record = (key, r) => {
  if (r.hex !== undefined && r.hex !== expected) throw new Error(`${key}: digest ${r.hex}, expected ${expected}`);
  if (r.size !== undefined && r.size !== o.mib * PIECE) throw new Error(`${key}: wrote ${r.size} bytes`);
  results[key] ??= [];
  results[key].push(r.ms);
};

console.error(`[hashing] load ${load()}; ${o.rounds} rounds of ${o.mib} MiB`);
const browser = await chromium.launch({ executablePath: CHROMIUM });
const profile = mkdtempSync(join(os.tmpdir(), 'fracture-hashing-profile-'));
const persistent = o.opfs ? await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM }) : undefined;
const contexts = { private: await browser.newContext(), ...(persistent ? { normal: persistent } : {}) };
const pages = {};
for (const [name, context] of Object.entries(contexts)) {
  pages[name] = await context.newPage();
  await pages[name].goto(origin);
}
const inPage = (page, job) => page.evaluate((j) => window.ask(j), job);
try {
  for (let round = 0; round < o.rounds; round++) {
    // Alternating: each round starts from the other end of the list.
    const order = round % 2 === 0 ? modules : [...modules].reverse();
    record('node:crypto', nodeCrypto());
    for (const m of order) record(`node ${m}`, await nodeWasm(m));
    record('chromium WebCrypto', await inPage(pages.private, { kind: 'webcrypto' }));
    for (const m of order) record(`chromium ${m}`, await inPage(pages.private, { kind: 'wasm', module: m }));
    if (o.opfs) {
      for (const ctx of ['normal', 'private'])
        for (const sized of round % 2 === 0 ? [false, true] : [true, false])
          record(`opfs ${ctx} ${sized ? 'sized' : 'appended'}`, await inPage(pages[ctx], { kind: 'opfs', sized }));
    }
    console.error(`[hashing] round ${round + 1}/${o.rounds} done`);
  }
} finally {
  await persistent?.close();
  await browser.close();
  server.close();
  rmSync(dir, { recursive: true, force: true });
  rmSync(profile, { recursive: true, force: true });
}

console.log(`${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores; ${o.mib} MiB, ${o.rounds} rounds`);
for (const [key, ms] of Object.entries(results)) {
  const mbs = (o.mib * PIECE) / 1e6 / (median(ms) / 1000);
  console.log(`${key.padEnd(26)} ${spread(ms).padEnd(24)} ${mbs.toFixed(0)} MB/s`);
}
const ratio = (a, b) => `${(median(results[a]) / median(results[b])).toFixed(2)}x`;
console.log('Ratios of the medians:');
console.log(`  Sha256Stream (this build) ÷ node:crypto, Node: ${ratio('node this', 'node:crypto')}`);
console.log(
  `  Sha256Stream (this build) ÷ WebCrypto, Chromium worker: ${ratio('chromium this', 'chromium WebCrypto')}`,
);
if (o.base) {
  console.log(`  base build ÷ this build, Node: ${ratio('node base', 'node this')}`);
  console.log(`  base build ÷ this build, Chromium worker: ${ratio('chromium base', 'chromium this')}`);
}
if (o.opfs) {
  console.log(`  appended ÷ sized first, normal context: ${ratio('opfs normal appended', 'opfs normal sized')}`);
  console.log(`  appended ÷ sized first, private context: ${ratio('opfs private appended', 'opfs private sized')}`);
}
console.log(`Load average ${load()} at the end`);
mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
writeFileSync(
  join(ROOT, 'bench-results/hashing.json'),
  `${JSON.stringify({ when: new Date().toISOString(), mib: o.mib, rounds: o.rounds, results }, null, 2)}\n`,
);
