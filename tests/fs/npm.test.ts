// The "nothing lost" scenarios (scenarios.ts) against the npm CLI as a user runs it: node and the
// compiled entry point (dist/cli/main.js, what bin/fracture.mjs runs; `make cli` builds it).
import path from 'node:path';
import { describeScenarios } from './scenarios.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

describeScenarios({ label: 'npm', cmd: process.execPath, args: [path.join(ROOT, 'dist/cli/main.js')] });
