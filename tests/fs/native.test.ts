// The "nothing lost" scenarios (scenarios.ts) against the native CLI, target/release/fracture.
import path from 'node:path';
import { describeScenarios, SCENARIOS } from './scenarios.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

// Landed before the native CLI implements the rules: every scenario is todo until it does.
const todo = SCENARIOS.map((s) => s.name);

describeScenarios({ label: 'native', cmd: path.join(ROOT, 'target/release/fracture'), args: [], native: true, todo });
