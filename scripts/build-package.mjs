#!/usr/bin/env node
// Builds what the package `fracture` ships (npm's `prepack`, `make cli`): the npm CLI and the SDK's
// Node half (tsconfig.node.json), the SDK's browser half and its Web Worker (tsconfig.browser.json),
// each with type declarations, into dist/; and the WebAssembly module beside them in
// dist/lib/engine/pkg, where both halves find it (`new URL('../pkg/...', import.meta.url)`).
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const run = (cmd, args) => execFileSync(cmd, args, { cwd: root, stdio: 'inherit' });
const PKG = 'lib/engine/pkg';
const MODULE = [
  'fracture_engine.js',
  'fracture_engine.d.ts',
  'fracture_engine_bg.wasm',
  'fracture_engine_bg.wasm.d.ts',
];

if (!existsSync(`${root}${PKG}/fracture_engine_bg.wasm`)) {
  if (spawnSync('wasm-pack', ['--version'], { stdio: 'ignore' }).status !== 0) {
    console.error('fracture: the WebAssembly engine is not built and wasm-pack is missing: run `make setup wasm`');
    process.exit(1);
  }
  run('bash', ['scripts/build-wasm.sh']);
}
// The modules beside the engine's, whose types the TypeScript imports: `fracture diagnose`'s
// (engine-rs/diagnose-wasm, loaded only to diagnose) and the host logic shared with the native CLI,
// every run's (engine-rs/outputs-wasm: output names, the plan's claims, the batch ZIP) and the
// campaigns' (engine-rs/host-wasm). One that is missing is built alone (a checkout built before it
// existed), before the compiler needs its types.
const MODULES = [
  ['lib/engine/diagnose-pkg', 'fracture_diagnose', 'diagnose'],
  ['lib/engine/outputs-pkg', 'fracture_outputs', 'outputs'],
  ['lib/engine/host-pkg', 'fracture_host', 'host'],
];
for (const [dir, name, module] of MODULES) {
  if (!existsSync(`${root}${dir}/${name}_bg.wasm`)) run('bash', ['scripts/build-wasm.sh', module]);
}
// Nothing left over from an older layout or a deleted source file.
rmSync(`${root}dist`, { recursive: true, force: true });
const tsc = `${root}node_modules/typescript/bin/tsc`;
run(process.execPath, [tsc, '-p', 'tsconfig.node.json']);
run(process.execPath, [tsc, '-p', 'tsconfig.browser.json']);
mkdirSync(`${root}dist/${PKG}`, { recursive: true });
for (const file of MODULE) copyFileSync(`${root}${PKG}/${file}`, `${root}dist/${PKG}/${file}`);
for (const [dir, name] of MODULES) {
  mkdirSync(`${root}dist/${dir}`, { recursive: true });
  for (const file of MODULE.map((f) => f.replace('fracture_engine', name))) {
    copyFileSync(`${root}${dir}/${file}`, `${root}dist/${dir}/${file}`);
  }
}

// The native addon for this platform (scripts/build-node-addon.sh), beside the module, when it was
// built: the npm CLI's editing threads load it (docs/architecture.md, "The native addon"). The package
// runs without it, on the module.
const NATIVE = 'lib/engine/native';
if (existsSync(`${root}${NATIVE}`)) {
  mkdirSync(`${root}dist/${NATIVE}`, { recursive: true });
  for (const file of readdirSync(`${root}${NATIVE}`).filter((f) => f.endsWith('.node'))) {
    copyFileSync(`${root}${NATIVE}/${file}`, `${root}dist/${NATIVE}/${file}`);
  }
}

// The npm CLI as one bundle (Vite's SSR build, Rollup's code splitting): dist/cli/main.js and a chunk
// per command loaded only when asked for (bench, minimize, run, merge, agree, diagnose). Node loads an
// ES module graph file by file, resolving, reading and compiling each: the CLI's 143 files took 38 ms
// to import on the 2-core machine, and every process pays it, a test suite's hundreds of them too
// (docs/performance.md, "The npm CLI in one file"). The SDK stays as tsc wrote it (its users' bundlers
// take it apart as they need). What the bundle finds at run time it finds beside it, as before: the
// WebAssembly modules and the addon under dist/lib/engine (lib/engine/host/node.ts walks up to them).
const { build } = await import('vite');
rmSync(`${root}dist/cli-bundle`, { recursive: true, force: true });
await build({
  configFile: false,
  logLevel: 'warn',
  root,
  build: {
    ssr: `${root}dist/cli/main.js`,
    outDir: `${root}dist/cli-bundle`,
    minify: false,
    target: 'node20',
    rollupOptions: { output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' } },
  },
  ssr: { target: 'node', noExternal: true },
});
rmSync(`${root}dist/cli`, { recursive: true, force: true });
renameSync(`${root}dist/cli-bundle`, `${root}dist/cli`);
