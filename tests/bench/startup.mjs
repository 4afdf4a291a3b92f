#!/usr/bin/env node
// The npm CLI's start-up (issue 41, point 2): a whole `fracture FILE` on a 1 KiB file, where nearly
// all the time is starting, against Node's own start (`node -e 0`) and the native process, measured
// in the same rounds in a rotated order, so a noisy machine stretches every side alike.
//
//   node tests/bench/startup.mjs [--rounds 15] [--cli PATH]...
//
// Each round runs `node -e 0`, the native `fracture --seed 1 --out DIR FILE`, and the same with the npm
// CLI (bin/fracture.mjs, and each further `--cli PATH`, another build's bin/fracture.mjs, so a build
// before a change can be measured beside the one after it), with and without --json; then the short
// commands that load a module of their own, in both CLIs: `fracture diagnose TEXT` (40 healthy
// lines) and a campaign of ten runs, `fracture run --count 10 --seed 1 --out DIR FILE -- /bin/true`.
// The figures:
// each process's median wall and CPU time, and the npm CLI's own start-up, its time less `node -e 0`'s
// in the same round (median, lowest-highest). Then what loading each host module costs (the
// wasm-bindgen packages dist/lib/engine/*-pkg other than the engine's and diagnose's), each in a fresh
// process, in the same rotation: reading it, compiling it on one thread, importing its glue,
// instantiating it (medians). Writes bench-results/startup.json.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { measured, measuredJson } from './lib/measure.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const NATIVE = join(ROOT, 'target/release/fracture');
const o = { rounds: 15, clis: [join(ROOT, 'bin/fracture.mjs')] };
for (let i = 2; i < process.argv.length; i += 2) {
  const [k, v] = [process.argv[i], process.argv[i + 1]];
  if (k === '--rounds') o.rounds = Number(v);
  else if (k === '--cli') o.clis.push(resolve(v));
  else {
    console.error(`startup.mjs: unknown option ${k}`);
    process.exit(2);
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');
const spread = (xs) => `${median(xs).toFixed(1)} ms (${Math.min(...xs).toFixed(1)} to ${Math.max(...xs).toFixed(1)})`;
// As floor.mjs: Node starts without NODE_EXTRA_CA_CERTS (a TLS proxy's certificates, parsed before any
// code runs, for connections the CLI never makes).
const NODE_ENV = { NODE_EXTRA_CA_CERTS: undefined };

/** A host module's load in parts (argv: the package's directory and name), one JSON line. */
const LOAD_PARTS = `
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
const [dir, name] = process.argv.slice(1);
const t = [performance.now()];
const bytes = readFileSync(dir + '/' + name + '_bg.wasm');
t.push(performance.now());
const module = new WebAssembly.Module(bytes);
t.push(performance.now());
const glue = await import(pathToFileURL(dir + '/' + name + '.js').href);
t.push(performance.now());
glue.initSync({ module });
t.push(performance.now());
const [read, compile, glueMs, instantiate] = t.slice(1).map((x, i) => x - t[i]);
console.log(JSON.stringify({ read, compile, glue: glueMs, instantiate }));
`;

/** The host modules of a build (bin/fracture.mjs's dist/lib/engine/*-pkg, not the engine's or diagnose's). */
function hostModules(cli) {
  const engine = join(dirname(cli), '../dist/lib/engine');
  return readdirSync(engine)
    .filter((d) => d.endsWith('-pkg') && d !== 'diagnose-pkg')
    .map((d) => {
      const wasm = readdirSync(join(engine, d)).find((f) => f.endsWith('_bg.wasm'));
      return wasm && { dir: join(engine, d), name: wasm.replace(/_bg\.wasm$/, '') };
    })
    .filter((m) => m && existsSync(join(m.dir, `${m.name}.js`)));
}

const dir = mkdtempSync(join(os.tmpdir(), 'fracture-startup-'));
try {
  const input = join(dir, 'small.bin');
  writeFileSync(input, Buffer.from(Array.from({ length: 1024 }, (_, i) => (i * 37) & 255)));
  const args = (json) => ['--seed', '1', '--out', join(dir, 'out'), ...(json ? ['--json'] : []), input];
  const jobs = { node: () => measured(process.execPath, ['-e', '0'], { env: NODE_ENV }) };
  const sizes = {};
  for (const json of [false, true]) {
    const flag = json ? ' --json' : '';
    jobs[`native${flag}`] = () => measured(NATIVE, args(json), { stdoutFile: '/dev/null' });
    for (const [i, cli] of o.clis.entries()) {
      jobs[`npm${i ? ` ${i}` : ''}${flag}`] = () =>
        measured(process.execPath, [cli, ...args(json)], { env: NODE_ENV, stdoutFile: '/dev/null' });
    }
  }
  // The short commands, each with its own module (diagnose's, the campaigns'); a campaign's DIR anew.
  const campaign = join(dir, 'campaign');
  const text = join(dir, 'healthy.txt');
  writeFileSync(text, 'a healthy line of text\n'.repeat(40));
  const commands = {
    diagnose: ['diagnose', text],
    'run x10': ['run', '--count', '10', '--seed', '1', '--out', campaign, input, '--', '/bin/true'],
  };
  const fresh = (command, args, options) => () => {
    rmSync(campaign, { recursive: true, force: true });
    return measured(command, args, { stdoutFile: '/dev/null', ...options });
  };
  for (const [label, words] of Object.entries(commands)) {
    jobs[`native ${label}`] = fresh(NATIVE, words);
    for (const [i, cli] of o.clis.entries()) {
      jobs[`npm${i ? ` ${i}` : ''} ${label}`] = fresh(process.execPath, [cli, ...words], { env: NODE_ENV });
    }
  }
  for (const [i, cli] of o.clis.entries()) {
    for (const m of hostModules(cli)) {
      jobs[`load ${m.name}${i ? ` ${i}` : ''}`] = () =>
        measuredJson(process.execPath, ['--input-type=module', '-e', LOAD_PARTS, m.dir, m.name], { env: NODE_ENV });
      sizes[`load ${m.name}${i ? ` ${i}` : ''}`] = statSync(join(m.dir, `${m.name}_bg.wasm`)).size;
    }
  }
  const names = Object.keys(jobs);
  const runs = Object.fromEntries(names.map((k) => [k, []]));
  const before = load();
  for (let r = 0; r < o.rounds; r++) {
    for (let k = 0; k < names.length; k++) {
      const name = names[(k + r) % names.length];
      runs[name].push(jobs[name]());
    }
  }
  const wall = (k) => runs[k].map((m) => m.wallMs);
  console.log(`Machine: ${os.cpus()[0]?.model}, ${os.cpus().length} cores; load average ${before} at the start`);
  console.log(`A 1 KiB file (byte_flip; diagnose; ten runs of /bin/true), ${o.rounds} rounds in a rotated order`);
  for (const [i, cli] of o.clis.entries()) console.log(`npm${i ? ` ${i}` : ''}: ${cli}`);
  console.log('process                  median ms   cpu ms   peak MiB   own start-up over node -e 0');
  const result = { load_before: before, clis: o.clis, rounds: o.rounds, processes: {} };
  for (const k of names.filter((n) => !n.startsWith('load '))) {
    const over = wall(k).map((x, i) => x - wall('node')[i]);
    const cpu = median(runs[k].map((m) => m.cpuMs));
    const peak = Math.max(...runs[k].map((m) => m.peakKiB)) / 1024;
    result.processes[k] = { median_ms: median(wall(k)), cpu_ms: cpu, peak_mib: peak, over_node_ms: over };
    console.log(
      `${k.padEnd(25)}${median(wall(k)).toFixed(1).padStart(9)}${cpu.toFixed(1).padStart(9)}${peak.toFixed(1).padStart(11)}   ${k.startsWith('npm') ? spread(over) : ''}`,
    );
  }
  console.log(
    'host module, each in a fresh process   MB   read ms   compile ms (one thread)   glue ms   instantiate ms',
  );
  result.modules = {};
  for (const k of names.filter((n) => n.startsWith('load '))) {
    const part = (p) => median(runs[k].map((m) => m.result[p]));
    const parts = Object.fromEntries(['read', 'compile', 'glue', 'instantiate'].map((p) => [p, part(p)]));
    result.modules[k.slice(5)] = { bytes: sizes[k], ...parts };
    console.log(
      `${k.slice(5).padEnd(35)}${(sizes[k] / 1e6).toFixed(2).padStart(6)}${parts.read.toFixed(1).padStart(10)}${parts.compile.toFixed(1).padStart(13)}${parts.glue.toFixed(1).padStart(24)}${parts.instantiate.toFixed(1).padStart(17)}`,
    );
  }
  result.load_after = load();
  console.log(`Load average ${result.load_after} at the end`);
  mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
  writeFileSync(join(ROOT, 'bench-results/startup.json'), `${JSON.stringify(result, null, 2)}\n`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
