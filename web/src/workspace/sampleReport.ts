// The "Example Data" report (DECISIONS.md 4): the file the site also serves as /sample-report.json,
// made by scripts/make-sample-report.mjs from a real engine run, bundled at build time so showing it
// fetches nothing.
import type { Report } from '../../../lib/engine/shared/types.ts';
import sample from '../../public/sample-report.json';

export const sampleReport = sample as Report;
