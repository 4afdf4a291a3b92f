// The site's "Example Data" report is a real engine run (docs/product.md, "Example Data report"): re-run it.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { loadOutputsModule } from '../../lib/engine/host-module/node.ts';
import { withHostFields } from '../../lib/engine/host-module/reports.ts';
import { corrupt } from '../../lib/engine/reference/engine.ts';
import { sampleInput, SAMPLE } from './sample-input.mjs';
import { untimed } from './untimed.ts';

it('sample-report.json is what the engine reports for the sample input, with the host fields', async () => {
  const stored = JSON.parse(readFileSync(new URL('../../web/public/sample-report.json', import.meta.url), 'utf8'));
  expect(stored).toMatchObject({
    filename: 'example_document.pdf',
    original_size: 15482880,
    mode: 'byte_flip',
    intensity: 86,
    seed: 1234567890,
    verdict: "Won't Open (Verified Heuristically)",
  });
  const { report } = corrupt(sampleInput(), SAMPLE.name, SAMPLE);
  expect(untimed(stored)).toEqual(untimed(withHostFields(await loadOutputsModule(), report)));
  expect(stored.time_ms).toBeGreaterThan(0);
});
