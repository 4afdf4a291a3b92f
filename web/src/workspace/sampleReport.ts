// The "Example Data" report (docs/product.md, "Example Data report"): the file the site serves as /sample-report.json,
// made by scripts/make-sample-report.mjs from a real engine run, bundled at build time so showing it
// fetches nothing.
import type { Report } from '../../../lib/engine/shared/types.ts';
import sample from '../../public/sample-report.json';

export const sampleReport = sample as Report;
