#!/usr/bin/env node
// `npm run typecheck`: every TypeScript project (the site's, web/tsconfig.json; Node's,
// tsconfig.node.json; the SDK's browser half, tsconfig.browser.json). The host code takes the WebAssembly module's types from the declarations
// wasm-bindgen writes when it builds the module, so those must exist first: say so plainly instead of
// letting tsc report every use of the module as an error.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const root = new URL('..', import.meta.url);
const declarations = ['lib/engine/pkg/fracture_engine.d.ts', 'target/wasm-testing/pkg/fracture_engine.d.ts'];
const missing = declarations.filter((file) => !existsSync(new URL(file, root)));
if (missing.length > 0) {
  console.error(
    `typecheck: the WebAssembly module is not built (missing ${missing.join(', ')}); run \`make wasm\` first`,
  );
  process.exit(2);
}
for (const project of ['web/tsconfig.json', 'tsconfig.node.json', 'tsconfig.browser.json']) {
  const tsc = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', project, '--noEmit'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (tsc.status !== 0) process.exit(tsc.status ?? 1);
}
