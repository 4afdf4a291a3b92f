#!/usr/bin/env node
// `npx fracture`: runs the compiled CLI (dist/). `make cli` (or `make build`) compiles it and
// the WebAssembly engine; npm's `prepare` does so after `npm install` at the root.
import { existsSync } from 'node:fs';

const cli = new URL('../dist/cli/main.js', import.meta.url);
if (!existsSync(cli)) {
  process.stderr.write('fracture: the CLI is not built yet: run `make cli` at the repository root\n');
  process.exit(2);
}
await import(cli.href);
