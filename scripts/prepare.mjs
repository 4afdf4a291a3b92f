#!/usr/bin/env node
// npm's `prepare` (runs after `npm install` at the root): builds the WebAssembly engine when it is
// missing and the toolchain is there (`make setup` installs it), then the CLI and the SDK into dist/
// (scripts/build-package.mjs) so `npx fracture` works.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const root = new URL('..', import.meta.url);
// Under make (`make start`, `make test`), make builds both, the module beside the native builds.
if (process.env.FRACTURE_VIA_MAKE) process.exit(0);
const run = (cmd, args) => execFileSync(cmd, args, { cwd: root, stdio: 'inherit' });

// A failure here must not fail `npm install`: `make cli` builds the same thing and fails loudly.
if (!existsSync(new URL('lib/engine/pkg/fracture_engine_bg.wasm', root))) {
  if (spawnSync('wasm-pack', ['--version'], { stdio: 'ignore' }).status === 0) {
    run('bash', ['scripts/build-wasm.sh']);
  }
}
try {
  if (existsSync(new URL('lib/engine/pkg/fracture_engine_bg.wasm', root))) {
    run(process.execPath, ['scripts/build-package.mjs']);
  } else {
    // Without the module the CLI still runs its TypeScript engine (`npx fracture --engine ts`).
    run(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.node.json']);
    console.warn(
      'fracture: the WebAssembly engine is not built yet; run `make setup wasm` (or use `npx fracture --engine ts`)',
    );
  }
} catch {
  console.warn('fracture: could not compile the CLI (see above); `make cli` retries');
}
