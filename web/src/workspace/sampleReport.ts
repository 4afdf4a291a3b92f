// The "Example Data" report (DECISIONS.md 4): the same file the site serves as /sample-report.json,
// bundled at build time so showing it fetches nothing. The fallback beside this file is used only
// while the generated one does not exist yet.
import type { Report } from '../engine/shared/types.ts';

const generated = import.meta.glob<Report>('../../public/sample-report.json', { eager: true, import: 'default' });
const fallback = import.meta.glob<Report>('./sample-report.fallback.json', { eager: true, import: 'default' });

const found = Object.values(generated)[0] ?? Object.values(fallback)[0];
if (!found) throw new Error('Sample report missing: generate web/public/sample-report.json');

export const sampleReport: Report = found;
