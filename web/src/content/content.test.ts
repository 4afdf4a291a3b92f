// Integrity of the static content: the slugs the spec names, links that resolve, no empty fields,
// and docs/product.md's "Honest claims", "Pricing: one payment" and "No HTTP API" applied to every string shown.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ENGINE_MODES } from '../../../lib/engine/shared/mode-tables.ts';
import { allRoutePaths } from '../site/catalog.ts';
import {
  allContentRoutes,
  answerBySlug,
  answers,
  comparisonBySlug,
  comparisons,
  faqPageFaqs,
  fileTypeBySlug,
  fileTypes,
  homeFaqs,
  labelForSlug,
  locationBySlug,
  locations,
  modeBySlug,
  modes,
  personaBySlug,
  personas,
  useCaseBySlug,
  useCases,
  type ContentBase,
  type Faq,
  type LinkedFaq,
} from './index.ts';
import { ALGORITHMS, resolveMode } from '../../../lib/engine/shared/modes.ts';
import { PRO_PRICE_GBP, PRO_PRICE_USD } from '../constants.ts';
import { parseCommandLine } from '../../../cli/args.ts';
import { loadOutputsModule } from '../../../lib/engine/host-module/node.ts';
import { parseRange } from '../../../lib/engine/reference/ranges.ts';
import { formatExpectations, modeExpectations, SAY } from './expectations.ts';

// The npm CLI's parser decides through the outputs module (fracture_host::args).
const outputs = await loadOutputsModule();

const KINDS: {
  kind: string;
  records: readonly ContentBase[];
  find: (slug: string) => ContentBase | undefined;
  slugs: string[];
}[] = [
  {
    kind: 'fileTypes',
    records: fileTypes,
    find: fileTypeBySlug,
    slugs: ['pdf', 'docx', 'xlsx', 'csv', 'zip', 'jpg', 'png', 'mp4', 'json'],
  },
  {
    kind: 'modes',
    records: modes,
    find: modeBySlug,
    slugs: [
      'byte-flip',
      'header-tamper',
      'block-noise',
      'entropy-surge',
      'random-byte-mutation',
      'interrupted-download',
      'bad-sectors',
      'bit-rot',
      'text-transfer',
      'seven-bit',
      'charset-roundtrip',
      'misdirected-write',
    ],
  },
  {
    kind: 'personas',
    records: personas,
    find: personaBySlug,
    slugs: ['qa-engineers-file-corruption', 'security-teams-file-tamper-testing', 'teachers-data-integrity-demo'],
  },
  {
    kind: 'comparisons',
    records: comparisons,
    find: comparisonBySlug,
    slugs: ['corrupt-my-file-alternative', 'how-to-corrupt-a-pdf-safely', 'fracture-vs-corrupt-a-file'],
  },
  {
    kind: 'answers',
    records: answers,
    find: answerBySlug,
    slugs: [
      'how-to-corrupt-pdf-safely',
      'corrupt-file-without-upload',
      'simulate-corrupted-csv-for-tests',
      'llm-friendly-summary',
      'can-i-corrupt-files-offline',
      'does-fracture-upload-files',
    ],
  },
  {
    kind: 'useCases',
    records: useCases,
    find: useCaseBySlug,
    slugs: ['qa-testing', 'security-research', 'glitch-art'],
  },
  { kind: 'locations', records: locations, find: locationBySlug, slugs: ['file-corruption-usa', 'file-corruption-uk'] },
];

const ALL_RECORDS = KINDS.flatMap(({ kind, records }) => records.map((record) => ({ kind, record })));
// The router's own list of pages (fixed pages, hubs and content), so links are checked against the
// routes that really exist.
const KNOWN_PATHS = new Set([...allRoutePaths(), ...allContentRoutes()]);

/** Every string value under `value`, with its path, for the text rules. */
function strings(value: unknown, path: string): { path: string; text: string }[] {
  if (typeof value === 'string') return [{ path, text: value }];
  if (Array.isArray(value)) return value.flatMap((item, i) => strings(item, `${path}[${i}]`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, v]) => strings(v, `${path}.${key}`));
  return [];
}

/** Paths of empty strings and empty arrays under `value`. */
function emptyFields(value: unknown, path: string): string[] {
  if (typeof value === 'string') return value.trim() === '' || value !== value.trim() ? [path] : [];
  if (Array.isArray(value))
    return value.length === 0 ? [path] : value.flatMap((item, i) => emptyFields(item, `${path}[${i}]`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, v]) => emptyFields(v, `${path}.${key}`));
  return [];
}

/**
 * Units of text a reader sees together: each string on its own, except that a FAQ's question and
 * answer count as one unit (a question may name a price or the API that its answer qualifies).
 */
function textUnits(): { path: string; text: string }[] {
  const units: { path: string; text: string }[] = [];
  const visit = (value: unknown, path: string): void => {
    if (typeof value === 'string') units.push({ path, text: value });
    else if (Array.isArray(value)) {
      for (const [i, item] of value.entries()) visit(item, `${path}[${i}]`);
    } else if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      if (typeof record.question === 'string' && typeof record.answer === 'string') {
        units.push({ path, text: `${record.question} ${record.answer}` });
        if (Array.isArray(record.links)) visit(record.links, `${path}.links`);
        return;
      }
      for (const [key, v] of Object.entries(record)) visit(v, `${path}.${key}`);
    }
  };
  for (const { kind, record } of ALL_RECORDS) visit(record, `${kind}/${record.slug}`);
  visit(faqPageFaqs, 'faqPageFaqs');
  visit(homeFaqs, 'homeFaqs');
  // The expectations sections of the mode and file type pages.
  visit(modeExpectations, 'modeExpectations');
  visit(formatExpectations, 'formatExpectations');
  visit(SAY, 'SAY');
  return units;
}

const STATISTIC_PATTERNS = [
  /\b\d[\d,.]*\s*(?:%|percent)\s+of\s+(?:all\s+|our\s+)?(?:teams|users|customers|companies|organi[sz]ations|engineers|developers|testers|people|respondents|bugs|incidents|outages|crashes|apps|applications|projects)\b/i,
  /\b\d[\d,.]*\s*[kKmM]?\+?\s+(?:users|customers|teams|companies|organi[sz]ations|engineers|developers|downloads|installs|files (?:processed|corrupted))\b/i,
  /\b\d+(?:\.\d+)?\s*(?:x|×|times)\s+(?:faster|more|fewer|less|quicker|cheaper)\b/i,
  /\b(?:trusted|used|loved|chosen) by\b/i,
  /\brated\s+\d/i,
];

/** A claim about users or the world that docs/product.md ("Honest claims") requires to be marked illustrative. */
function isUnmarkedStatistic(text: string): boolean {
  return STATISTIC_PATTERNS.some((pattern) => pattern.test(text)) && !/illustrative/i.test(text);
}

/** `npx fracture ...` invocations in the text, parsed by the grammar of docs/contract.md, section 11.3. */
function cliInvocations(text: string): { command: string; argv: string[]; problems: string[] }[] {
  const VALUE_FLAGS = new Set([
    '--mode',
    '--intensity',
    '--seed',
    '--out',
    '--engine',
    '--zip',
    '--only',
    '--protect',
    '--member',
    '--direction',
    '--charset',
    '--bom',
    '--block-size',
  ]);
  const SWITCHES = new Set(['--report', '--json', '--fix-checksums']);
  const found: { command: string; argv: string[]; problems: string[] }[] = [];
  // A word is plain characters or a single-quoted shell string (a selector such as 'jpeg:*/length').
  for (const match of text.matchAll(/npx fracture((?:\s+(?:'[^']*'|[^\s']+)+)*)/g)) {
    const tokens = [...match[1].matchAll(/(?:'[^']*'|[^\s']+)+/g)].map((m) => m[0].replace(/'([^']*)'/g, '$1'));
    const problems: string[] = [];
    const files: string[] = [];
    const used: string[] = [];
    for (let i = 0; i < tokens.length; i++) {
      // --flag=value is --flag value (the form a value starting with '-' needs).
      const [token, inline] =
        tokens[i].startsWith('--') && tokens[i].includes('=') ? tokens[i].split(/=(.*)/s) : [tokens[i]];
      if (files.length === 0 && VALUE_FLAGS.has(token)) {
        const value = inline ?? tokens[++i] ?? '';
        used.push(token, value);
        if (token === '--mode' && !resolveMode(value)) problems.push(`unknown mode ${value}`);
        if (token === '--intensity' && !(/^\d+$/.test(value) && Number(value) <= 100))
          problems.push(`bad intensity ${value}`);
        if (token === '--seed' && !(/^\d+$/.test(value) && Number.isSafeInteger(Number(value))))
          problems.push(`bad seed ${value}`);
        if (token === '--engine' && !['wasm', 'ts'].includes(value)) problems.push(`bad engine ${value}`);
        if (token === '--only' || token === '--protect') {
          // A byte range or a selector (section 14.4), as the engine reads it.
          try {
            parseRange(value);
          } catch {
            problems.push(`bad range ${value}`);
          }
        }
      } else if (files.length === 0 && SWITCHES.has(token)) {
        used.push(token);
      } else if (files.length === 0 && token.startsWith('--')) {
        problems.push(`unknown option ${token}`);
      } else if (/^[\w./-]+\.[A-Za-z0-9]+$/.test(token)) {
        files.push(token);
      } else {
        break;
      }
    }
    if (files.length === 0) problems.push('no FILE argument (or punctuation glued to it)');
    const argv = [...used, ...files];
    found.push({ command: `npx fracture ${argv.join(' ')}`, argv, problems });
  }
  return found;
}

describe('content records', () => {
  it.each(KINDS)('$kind has exactly the slugs the spec names, each once', ({ records, slugs }) => {
    expect(records.map((r) => r.slug)).toEqual(slugs);
  });

  it.each(KINDS)('$kind lookup finds every record and nothing else', ({ records, find }) => {
    for (const record of records) expect(find(record.slug)).toBe(record);
    for (const missing of ['', 'unknown', 'constructor', '__proto__', 'PDF']) expect(find(missing)).toBeUndefined();
  });

  it('has no empty or untrimmed field in any record', () => {
    const empty = ALL_RECORDS.flatMap(({ kind, record }) => emptyFields(record, `${kind}/${record.slug}`));
    expect(empty).toEqual([]);
  });

  it('gives every record at least three FAQs with distinct questions', () => {
    for (const { kind, record } of ALL_RECORDS) {
      expect(record.faqs.length, `${kind}/${record.slug}`).toBeGreaterThanOrEqual(3);
      expect(new Set(record.faqs.map((f: Faq) => f.question)).size, `${kind}/${record.slug}`).toBe(record.faqs.length);
    }
  });

  it('keeps titles and descriptions within search-result lengths and unique across pages', () => {
    for (const { kind, record } of ALL_RECORDS) {
      expect(record.metaTitle.length, `${kind}/${record.slug} metaTitle`).toBeLessThanOrEqual(60);
      expect(record.metaDescription.length, `${kind}/${record.slug} metaDescription`).toBeGreaterThanOrEqual(70);
      expect(record.metaDescription.length, `${kind}/${record.slug} metaDescription`).toBeLessThanOrEqual(160);
      expect(record.keywords.length, `${kind}/${record.slug} keywords`).toBeGreaterThanOrEqual(3);
    }
    const titles = ALL_RECORDS.map(({ record }) => record.metaTitle);
    const descriptions = ALL_RECORDS.map(({ record }) => record.metaDescription);
    expect(new Set(titles).size).toBe(titles.length);
    expect(new Set(descriptions).size).toBe(descriptions.length);
  });
});

describe('modes', () => {
  const ENGINE_MODE_OF_PAGE = {
    'byte-flip': 'byte_flip',
    'header-tamper': 'guaranteed_break',
    'block-noise': 'shuffle_blocks',
    'entropy-surge': 'truncate_insert',
    'random-byte-mutation': 'header_preserve_flip',
    'interrupted-download': 'interrupted_transfer',
    'bad-sectors': 'bad_sectors',
    'bit-rot': 'bit_rot',
    'text-transfer': 'text_transfer',
    'seven-bit': 'seven_bit',
    'charset-roundtrip': 'charset_roundtrip',
    'misdirected-write': 'misdirected_write',
  } as const;

  it.each(modes)('$slug runs the workspace algorithm for its engine mode and says so', (mode) => {
    const algorithm = ALGORITHMS.find((a) => a.value === mode.algorithm);
    expect(algorithm?.mode).toBe(ENGINE_MODE_OF_PAGE[mode.slug]);
    // The page must name what the user picks in the workspace and what the engine runs.
    const pickedName = algorithm!.label.split(' · ')[0];
    expect(mode.overview).toContain(pickedName);
    expect(mode.overview).toContain(algorithm!.mode);
    expect(mode.hero.eyebrow).toContain(pickedName);
  });

  it('covers every engine mode exactly once', () => {
    expect(new Set(modes.map((m) => m.algorithm)).size).toBe(ALGORITHMS.length);
  });
});

describe('cross links', () => {
  it('recommends only modes and file types that exist, without repeats', () => {
    for (const type of fileTypes) {
      expect(new Set(type.recommendedModes).size, type.slug).toBe(type.recommendedModes.length);
      for (const slug of type.recommendedModes) expect(modeBySlug(slug), `${type.slug} -> ${slug}`).toBeDefined();
    }
    for (const mode of modes) {
      expect(new Set(mode.recommendedFileTypes).size, mode.slug).toBe(mode.recommendedFileTypes.length);
      for (const slug of mode.recommendedFileTypes)
        expect(fileTypeBySlug(slug), `${mode.slug} -> ${slug}`).toBeDefined();
    }
    for (const persona of personas) {
      expect(persona.recommendedModes.length, persona.slug).toBeGreaterThan(0);
      for (const slug of persona.recommendedModes) expect(modeBySlug(slug), `${persona.slug} -> ${slug}`).toBeDefined();
      for (const slug of persona.recommendedFileTypes)
        expect(fileTypeBySlug(slug), `${persona.slug} -> ${slug}`).toBeDefined();
    }
  });

  it('pairs modes and file types both ways: M recommends T exactly when T recommends M', () => {
    const fromModes = modes.flatMap((m) => m.recommendedFileTypes.map((t) => `${m.slug} ~ ${t}`)).sort();
    const fromTypes = fileTypes.flatMap((t) => t.recommendedModes.map((m) => `${m} ~ ${t.slug}`)).sort();
    expect(fromTypes).toEqual(fromModes);
  });

  it('links every mode from at least one file type page and every file type from a mode page', () => {
    for (const mode of modes)
      expect(
        fileTypes.some((t) => t.recommendedModes.includes(mode.slug)),
        mode.slug,
      ).toBe(true);
    for (const type of fileTypes)
      expect(
        modes.some((m) => m.recommendedFileTypes.includes(type.slug)),
        type.slug,
      ).toBe(true);
  });

  it('relates each answer to 1-4 other existing answers and a guide page that exists', () => {
    for (const answer of answers) {
      expect(answer.related.length, answer.slug).toBeGreaterThanOrEqual(1);
      expect(answer.related.length, answer.slug).toBeLessThanOrEqual(4);
      expect(new Set(answer.related).size, answer.slug).toBe(answer.related.length);
      expect(answer.related, answer.slug).not.toContain(answer.slug);
      for (const slug of answer.related) expect(answerBySlug(slug), `${answer.slug} -> ${slug}`).toBeDefined();
      expect(KNOWN_PATHS.has(answer.relatedPath), `${answer.slug} -> ${answer.relatedPath}`).toBe(true);
      expect(answer.relatedPath.startsWith('/answers/'), 'a guide, not another answer').toBe(false);
    }
  });

  it('points every FAQ link at a page that exists', () => {
    for (const faq of [...faqPageFaqs, ...homeFaqs]) {
      for (const link of faq.links) expect(KNOWN_PATHS.has(link.to), `${faq.question} -> ${link.to}`).toBe(true);
      expect(new Set(faq.links.map((l) => l.to)).size, faq.question).toBe(faq.links.length);
    }
  });
});

describe('FAQ lists', () => {
  const lists: [string, LinkedFaq[], number, number][] = [
    ['faq page', faqPageFaqs, 8, 12],
    ['home page', homeFaqs, 5, 6],
  ];

  it.each(lists)('%s has the right number of distinct, complete questions', (_, faqs, min, max) => {
    expect(faqs.length).toBeGreaterThanOrEqual(min);
    expect(faqs.length).toBeLessThanOrEqual(max);
    expect(new Set(faqs.map((f) => f.question)).size).toBe(faqs.length);
    expect(
      emptyFields(
        faqs.map(({ question, answer }) => ({ question, answer })),
        'faqs',
      ),
    ).toEqual([]);
  });

  it.each(lists)('%s links to /contact and /how-it-works', (_, faqs) => {
    const targets = faqs.flatMap((f) => f.links.map((l) => l.to));
    expect(targets).toContain('/contact');
    expect(targets).toContain('/how-it-works');
  });
});

describe('routes and labels', () => {
  it('lists every content page once, under its segment', () => {
    const routes = allContentRoutes();
    const expected = KINDS.reduce((sum, k) => sum + k.slugs.length, 0);
    expect(routes).toHaveLength(expected);
    expect(new Set(routes).size).toBe(routes.length);
    for (const route of routes)
      expect(route).toMatch(/^\/(corrupt|modes|for|compare|answers|use-cases|location)\/[a-z0-9-]+$/);
    expect(routes).toContain('/corrupt/pdf');
    expect(routes).toContain('/for/teachers-data-integrity-demo');
    expect(routes).toContain('/location/file-corruption-uk');
  });

  it('labels content segments from the records and leaves everything else to the caller', () => {
    expect(labelForSlug('corrupt', 'pdf')).toBe('PDF');
    expect(labelForSlug('modes', 'header-tamper')).toBe('Header Tamper');
    expect(labelForSlug('for', 'qa-engineers-file-corruption')).toBe('QA Engineers');
    expect(labelForSlug('compare', 'fracture-vs-corrupt-a-file')).toBe('Fracture vs Corrupt-a-File.net');
    expect(labelForSlug('answers', 'does-fracture-upload-files')).toBe('Does Fracture upload my files?');
    expect(labelForSlug('use-cases', 'glitch-art')).toBe('Glitch Art');
    expect(labelForSlug('location', 'file-corruption-usa')).toBe('File Corruption Testing in the USA');
    expect(labelForSlug('corrupt', 'exe')).toBeUndefined();
    expect(labelForSlug('pricing', 'pdf')).toBeUndefined();
    expect(labelForSlug('modes', 'pdf')).toBeUndefined();
  });

  it('gives every content route a label', () => {
    for (const route of allContentRoutes()) {
      const [, segment, slug] = route.split('/');
      expect(labelForSlug(segment, slug), route).toBeTruthy();
    }
  });
});

describe('honest claims (docs/product.md)', () => {
  const units = textUnits();

  it('every "N modes" in the site\'s text is the engine\'s number of modes', () => {
    // Pages (pricing, comparisons, answers) state the count in words; a new mode must update them.
    const words = [
      'zero',
      'one',
      'two',
      'three',
      'four',
      'five',
      'six',
      'seven',
      'eight',
      'nine',
      'ten',
      'eleven',
      'twelve',
    ];
    const root = fileURLToPath(new URL('..', import.meta.url));
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
      (f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f),
    );
    const counts: string[] = [];
    for (const file of files) {
      const text = readFileSync(join(root, file), 'utf8');
      for (const m of text.matchAll(/\b(\w+)\s+(?:corruption\s+)?modes\b/gi)) {
        const n = words.indexOf(m[1].toLowerCase());
        const digits = /^\d+$/.test(m[1]) ? Number(m[1]) : n;
        if (digits >= 0) counts.push(`${file}: ${m[0]} -> ${digits}`);
        if (digits >= 0) expect(digits, `${file}: "${m[0]}"`).toBe(ENGINE_MODES.length);
      }
    }
    expect(counts.length, 'the check found the pages that state the count').toBeGreaterThan(3);
  });

  it('collects the text of every page', () => {
    // Guards the rules below against silently checking nothing.
    expect(units.length).toBeGreaterThan(800);
  });

  it('never calls the product "AI"', () => {
    const hits = units.filter(({ text }) => /\bAI\b|artificial intelligence/i.test(text));
    expect(hits).toEqual([]);
  });

  it('never prices anything per month', () => {
    const hits = units.filter(({ text }) => /per\s+month|\/\s*mo(?:nth)?\b|\bmonthly\b|a\s+month\b/i.test(text));
    expect(hits).toEqual([]);
  });

  it('shows only the constants\u2019 prices, always as a one-time or lifetime price', () => {
    // A location's bare `price` field is a value the page places next to its own wording.
    const priced = units.filter(({ path, text }) => /[$£€]\s?\d/.test(text) && !path.endsWith('.price'));
    expect(priced.length).toBeGreaterThan(0);
    for (const { path, text } of priced) {
      for (const [amount] of text.matchAll(/[$£€]\s?\d[\d,.]*\d/g)) {
        expect([PRO_PRICE_USD, PRO_PRICE_GBP], `${path}: ${amount}`).toContain(amount);
      }
      expect(text, path).toMatch(/one-time|lifetime/i);
    }
  });

  it('prices each location page in its own currency from the constants', () => {
    const PRICE_OF = { USD: PRO_PRICE_USD, GBP: PRO_PRICE_GBP } as const;
    for (const location of locations) {
      expect(location.price, location.slug).toBe(PRICE_OF[location.currency]);
      const text = strings(location, location.slug)
        .map((s) => s.text)
        .join(' ');
      expect(text).toContain(location.price);
      const other = location.currency === 'USD' ? PRO_PRICE_GBP : PRO_PRICE_USD;
      expect(text, `${location.slug} shows the other currency`).not.toContain(other);
    }
    expect(locations.map((l) => l.currency).sort()).toEqual(['GBP', 'USD']);
  });

  it('never states the WebAssembly size as a number, and no size but the 200 MB limit in MB', () => {
    for (const { path, text } of units) {
      if (/webassembly|\bwasm\b/i.test(text)) expect(text, path).not.toMatch(/\d\s*(?:KB|KiB|kB|MB|MiB|bytes?)\b/);
      for (const [size] of text.matchAll(/\d+(?:\.\d+)?\s*(?:MB|MiB|megabytes?)\b/g)) expect(size, path).toBe('200 MB');
    }
  });

  it('claims no HTTP API, only the free command line tool and SDK', () => {
    const hits = units.filter(({ text }) => /\bAPI\b/.test(text) && !/no HTTP API/i.test(text));
    expect(hits).toEqual([]);
    expect(units.some(({ text }) => /no HTTP API/.test(text))).toBe(true);
  });

  it('does not claim a format count that the extension table has to back', () => {
    expect(units.filter(({ text }) => /\b\d{2,}\+\s*(?:file\s+)?(?:formats|file types|types)\b/i.test(text))).toEqual(
      [],
    );
  });

  it('marks every statistic about users or the world as illustrative', () => {
    expect(units.filter(({ text }) => isUnmarkedStatistic(text))).toEqual([]);
  });

  it('holds no placeholder text', () => {
    expect(units.filter(({ text }) => /\b(?:TODO|TBD|lorem|ipsum|FIXME|xxx)\b/i.test(text))).toEqual([]);
  });

  it('writes only command lines the fracture tool accepts', () => {
    const commands = units.flatMap(({ path, text }) => cliInvocations(text).map((c) => ({ path, ...c })));
    expect(commands.length).toBeGreaterThan(3);
    expect(commands.filter((c) => c.problems.length > 0)).toEqual([]);
    // And the real command line parser agrees.
    for (const { path, command, argv } of commands) {
      const parsed = parseCommandLine(argv, () => 0, outputs);
      expect(parsed.kind, `${path}: ${command}`).toBe('run');
      if (parsed.kind === 'run') expect(resolveMode(parsed.args.settings.mode), `${path}: ${command}`).toBeDefined();
    }
  });
});

describe('the rule checkers themselves', () => {
  it('flag statistics unless marked illustrative', () => {
    expect(isUnmarkedStatistic('Trusted by QA teams everywhere')).toBe(true);
    expect(isUnmarkedStatistic('73% of teams ship without negative tests')).toBe(true);
    expect(isUnmarkedStatistic('Over 10,000+ engineers corrupt files with Fracture')).toBe(true);
    expect(isUnmarkedStatistic('Finds bugs 3x faster')).toBe(true);
    expect(isUnmarkedStatistic('10,000+ engineers (illustrative figure)')).toBe(false);
    expect(isUnmarkedStatistic('cuts at least 10% of the file')).toBe(false);
    expect(isUnmarkedStatistic('rewrites 5% + 45% × intensity/100 of the bytes')).toBe(false);
  });

  it('parse command lines by the documented grammar', () => {
    expect(cliInvocations('run npx fracture --mode guaranteed_break --seed 42 file.pdf')[0].problems).toEqual([]);
    expect(
      cliInvocations('npx fracture --mode cut_replace --intensity 10 --report data.csv then check')[0].problems,
    ).toEqual([]);
    expect(cliInvocations('npx fracture --mode melt file.pdf')[0].problems).toEqual(['unknown mode melt']);
    expect(cliInvocations('npx fracture --intensity 150 file.pdf')[0].problems).toEqual(['bad intensity 150']);
    expect(cliInvocations('npx fracture --mode byte_flip file.pdf.')[0].problems).toHaveLength(1);
    expect(cliInvocations('npx fracture --verbose file.pdf')[0].problems).toEqual(['unknown option --verbose']);
    const aimed = cliInvocations("npx fracture --only 'pdf:object[1 0]/body' --member 'word/*.xml' a.docx");
    expect(aimed[0].problems).toEqual([]);
    expect(aimed[0].argv).toEqual(['--only', 'pdf:object[1 0]/body', '--member', 'word/*.xml', 'a.docx']);
    expect(cliInvocations('npx fracture --only PNG:IDAT file.png')[0].problems).toEqual(['bad range PNG:IDAT']);
    expect(cliInvocations('npx fracture --only 10:-4 file.png')[0].problems).toEqual([]);
  });
});
