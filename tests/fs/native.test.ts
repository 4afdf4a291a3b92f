// The "nothing lost" scenarios (scenarios.ts) against the native CLI, target/release/fracture.
import path from 'node:path';
import { describeScenarios } from './scenarios.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

describeScenarios({ label: 'native', cmd: path.join(ROOT, 'target/release/fracture'), args: [], native: true });
