// The "Example Data" report (docs/product.md, "Example Data report"): the file the site serves as /sample-report.json,
// made by scripts/make-sample-report.mjs from a real engine run, with its host fields, bundled at build
// time so showing it fetches nothing.
import type { HostReport } from '../../../lib/engine/host-module/reports.ts';
import sample from '../../public/sample-report.json';

export const sampleReport = sample as HostReport;
