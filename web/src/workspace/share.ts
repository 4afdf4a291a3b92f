// Share links read back (docs/reports.md, "Share links"; docs/contract.md, section 11.5). A link is
// made by fracture-host (the reports carry it; the Settings panel's through links.ts); this decides
// what the workspace does with one: every setting it carries, or none. A link the workspace cannot
// honour (an option it does not offer, a value its controls cannot take, a format it does not know)
// applies nothing and says why, with the command line that runs it, so no run ever uses other
// settings than the link's without the page saying so.
import { RANGE_MODES } from '../../../lib/engine/shared/mode-tables.ts';
import { ALGORITHMS, resolveMode } from '../../../lib/engine/shared/modes.ts';
import type { AlgorithmValue } from '../../../lib/engine/shared/modes.ts';
import { type LinkRun, linkArgs, linkOption, quoted, readShareLink } from '../../../lib/report/share-link-read.ts';
import { parseSeed } from './bytes.ts';
import { parseRangesField } from './rangesField.ts';
import { type ModeVariant, VARIANT_OPTIONS, type VariantOption, variantOfLink } from './variantOptions.ts';

/** Every setting a link sets: a link is the whole run, so what it leaves out is off. */
export interface LinkSettings {
  algorithm: AlgorithmValue;
  intensity: number;
  seed: number;
  /** The Byte ranges field: `only A:B` and `protect A:B` entries in the link's order, or ''. */
  rangesText: string;
  fixChecksums: boolean;
  /** The Member field, or ''. */
  memberText: string;
  /** The algorithm's own options (variantOptions.ts): only those set to other than their defaults. */
  variant: ModeVariant;
}

/** The file a link's run read, as the link names it. */
export interface ExpectedFile {
  name: string;
  size: number;
}

/** What a page URL's query asks of the workspace. */
export type ShareQuery =
  | { ok: true; version: number; settings: LinkSettings; file?: ExpectedFile }
  | {
      ok: false;
      /** One phrase per setting that cannot be honoured, naming it and why. */
      problems: string[];
      /** The command-line arguments of the link's settings, when the link could be read at all. */
      args?: string[];
      /** The command line that runs them (links.ts, linkCommand: made apart, by the outputs module). */
      command?: string;
      file?: ExpectedFile;
    };

/** The link options the workspace offers (each a control of the Settings panel). */
export const OFFERED = [
  'mode',
  'intensity',
  'seed',
  'only',
  'protect',
  'fix-checksums',
  'member',
  ...VARIANT_OPTIONS,
] as const;

const INTENSITY_TEXT = /^[0-9]{1,3}$/;
const INTENSITY_RANGE = 'a whole number from 1 to 100';
const SEED_RANGE = 'not a whole number from 0 to 9007199254740991';

/** The UI value of a mode name (an engine mode or a UI value, as the command line takes both). */
function algorithmOf(name: string): AlgorithmValue | undefined {
  const mode = resolveMode(name);
  return ALGORITHMS.find((a) => a.mode === mode)?.value;
}

function intensityOf(text: string, problems: string[]): number | undefined {
  const value = INTENSITY_TEXT.test(text) ? Number(text) : Number.NaN;
  if (value >= 1 && value <= 100) return value;
  if (value === 0) problems.push("intensity 0 (the workspace's Intensity starts at 1)");
  else problems.push(`intensity ${quoted(text)} (not ${INTENSITY_RANGE})`);
  return undefined;
}

/** The settings of a version-2 link's run, or the problems that keep the workspace from them. */
function settingsOf(run: LinkRun): { settings?: LinkSettings; problems: string[] } {
  const problems: string[] = [];
  const got: Partial<LinkSettings> = { rangesText: '', fixChecksums: false, memberText: '' };
  const ranges: string[] = [];
  const variant: [VariantOption, string][] = [];
  for (const [name, value] of run.settings) {
    if (name === 'mode') {
      got.algorithm = algorithmOf(value);
      if (!got.algorithm) problems.push(`mode ${quoted(value)} (not an algorithm this workspace offers)`);
    } else if (name === 'intensity') got.intensity = intensityOf(value, problems);
    else if (name === 'seed') {
      got.seed = parseSeed(value);
      if (got.seed === undefined) problems.push(`seed ${quoted(value)} (${SEED_RANGE})`);
    } else if (name === 'only' || name === 'protect') {
      // One entry of the field each: a comma or a space would split it into others.
      if (/[\s,]/.test(value) || value === '') problems.push(`${name} ${quoted(value)} (not one range)`);
      else ranges.push(`${name} ${value}`);
    } else if (name === 'fix-checksums') got.fixChecksums = true;
    else if (name === 'member') {
      if (value.trim() === '') problems.push('member "" (an empty glob)');
      got.memberText = value;
    } else if ((VARIANT_OPTIONS as readonly string[]).includes(name)) variant.push([name as VariantOption, value]);
    else problems.push(`${name} (a setting this workspace does not offer yet)`);
  }
  for (const name of ['mode', 'intensity', 'seed'] as const) {
    if (!run.settings.some(([n]) => n === name)) problems.push(`no ${name}`);
  }
  got.rangesText = ranges.join(', ');
  const field = parseRangesField(got.rangesText);
  if (!field.ok) problems.push(`byte ranges (${field.error})`);
  const mode = got.algorithm && ALGORITHMS.find((a) => a.value === got.algorithm)?.mode;
  if (mode && (ranges.length > 0 || got.fixChecksums) && !(RANGE_MODES as readonly string[]).includes(mode)) {
    problems.push(`byte ranges or checksum fixing with ${mode} (the algorithm takes neither)`);
  }
  got.variant = variantOfLink(mode || undefined, variant, problems);
  return problems.length > 0 ? { problems } : { settings: got as LinkSettings, problems };
}

/** The first links (no `v`): `algorithm`, `intensity` and `seed`, each a UI value or a number. */
function firstFormat(query: URLSearchParams): ShareQuery {
  const problems: string[] = [];
  const algorithm = query.get('algorithm');
  const found = algorithm === null ? undefined : ALGORITHMS.find((a) => a.value === algorithm)?.value;
  if (algorithm !== null && !found) problems.push(`algorithm ${quoted(algorithm)} (unknown algorithm)`);
  const intensity = query.get('intensity');
  const level = intensity === null ? undefined : intensityOf(intensity, problems);
  const seedText = query.get('seed');
  const seed = seedText === null ? undefined : parseSeed(seedText);
  if (seedText !== null && seed === undefined) problems.push(`seed ${quoted(seedText)} (${SEED_RANGE})`);
  if (!found || level === undefined || seed === undefined) {
    for (const name of ['algorithm', 'intensity', 'seed']) if (!query.has(name)) problems.push(`no ${name}`);
    return { ok: false, problems };
  }
  return {
    ok: true,
    version: 1,
    settings: {
      algorithm: found,
      intensity: level,
      seed,
      rangesText: '',
      fixChecksums: false,
      memberText: '',
      variant: {},
    },
  };
}

/** What the query of a page URL asks: null for a visit without a link (`?e2e` and the like are none). */
export function parseShareQuery(search: string): ShareQuery | null {
  const query = new URLSearchParams(search);
  if (!query.has('v')) {
    if (!['algorithm', 'intensity', 'seed'].some((k) => query.has(k))) return null;
    return firstFormat(query);
  }
  const read = readShareLink(search);
  if (!read.ok) return { ok: false, problems: read.problems };
  const { run } = read;
  const file = run.file !== undefined && run.size !== undefined ? { name: run.file, size: run.size } : undefined;
  const { settings, problems } = settingsOf(run);
  if (settings) return { ok: true, version: run.version, settings, file };
  // Every option of the link is one of the command line's (readShareLink checked), so it runs there.
  const args = linkArgs(run.settings.filter(([name]) => linkOption(name)));
  return { ok: false, problems, args, file };
}
