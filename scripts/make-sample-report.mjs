#!/usr/bin/env node
// Writes web/public/sample-report.json, the report of docs/product.md, "Example Data report": a real run of the
// WebAssembly engine on a generated 15,482,880-byte "example_document.pdf" (byte_flip, intensity 86,
// seed 1234567890), with the host fields every host adds (replay, share_link: fracture-host's, through
// the outputs module). tests/cross-engine/sample-report.test.ts re-runs it and checks every untimed figure.
import { writeFileSync } from 'node:fs';
import { sampleInput, SAMPLE } from '../tests/cross-engine/sample-input.mjs';

const { loadWasmEngine } = await import('../dist/lib/engine/host/node.js');
const { runWasm } = await import('../dist/lib/engine/host/run.js');
const { loadOutputsModule } = await import('../dist/lib/engine/host-module/node.js');
const { withHostFields } = await import('../dist/lib/engine/host-module/reports.js');
const engine = await loadWasmEngine();
const { report: engineReport } = await runWasm(engine, sampleInput(), SAMPLE.name, SAMPLE);
const report = withHostFields(await loadOutputsModule(), engineReport);
const out = new URL('../web/public/sample-report.json', import.meta.url);
writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
console.log(`wrote ${out.pathname}: ${report.ops} ops, entropy ${report.before_entropy} -> ${report.after_entropy}`);
