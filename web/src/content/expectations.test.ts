// The expectations the mode and file type pages state are the product's: each example command runs
// through the reference engine on a sample of its type and its report says what the page says; each
// selector and unit path on the pages parses and names regions of that type's structure map.
// FRACTURE_PAGE_SAMPLES=DIR writes the samples to DIR, to run the same commands with the native CLI.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCommandLine } from '../../../cli/args.ts';
import { loadOutputsModule } from '../../../lib/engine/host-module/node.ts';
import { corrupt } from '../../../lib/engine/reference/engine.ts';
import { detect } from '../../../lib/engine/reference/formats.ts';
import { isSelector, parseSelector, resolveSelector } from '../../../lib/engine/reference/select.ts';
import { structureMapOfBytes } from '../../../lib/engine/reference/structure/index.ts';
import { EXPECT_WORDS } from '../../../lib/report/tables.ts';
import { EXPECT_MEANING, formatExpectations, modeExpectations, type ReportExample, SAY } from './expectations.ts';
import { fileTypes, modes } from './index.ts';
import { moreSamples, pageSamples } from './pageSamples.ts';

// The npm CLI's parser decides through the outputs module (fracture_host::args).
const outputs = await loadOutputsModule();

const SAMPLES = pageSamples();

/** Splits a command as a POSIX shell does for words, plain or in single quotes (all the pages use). */
function shellWords(command: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  for (let i = 0; i < command.length; i++) {
    const c = command[i];
    if (c === "'") {
      const end = command.indexOf("'", i + 1);
      if (end < 0) throw new Error(`unterminated quote in ${command}`);
      word = (word ?? '') + command.slice(i + 1, end);
      i = end;
    } else if (c === ' ') {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else if (/[A-Za-z0-9_./:#*@%+=,-]/.test(c)) {
      word = (word ?? '') + c;
    } else {
      throw new Error(`${JSON.stringify(c)} needs quoting in ${command}`);
    }
  }
  if (word !== undefined) words.push(word);
  return words;
}

function extOf(name: string): string {
  return name.slice(name.lastIndexOf('.') + 1);
}

/** The map of a sample, by the family the engine detects. */
function mapOf(name: string) {
  const bytes = SAMPLES[name];
  return structureMapOfBytes(detect(bytes, extOf(name)), bytes);
}

/** Runs a page's command through the reference engine, as the npm CLI would with --engine ts. */
function run(command: string) {
  const words = shellWords(command);
  expect(words.slice(0, 2), command).toEqual(['npx', 'fracture']);
  const parsed = parseCommandLine(words.slice(2), () => 0, outputs);
  if (parsed.kind !== 'run') throw new Error(`${command} is not a corrupting run`);
  const { args } = parsed;
  expect(args.files, command).toHaveLength(1);
  const name = args.files[0];
  const input = SAMPLES[name];
  expect(input, `${command}: no sample called ${name}`).toBeDefined();
  return {
    args,
    name,
    report: corrupt(input, name, { ...args.settings, seed: args.decided.seed }).report,
  };
}

const EXAMPLES: { page: string; example: ReportExample }[] = [
  ...Object.entries(modeExpectations).map(([slug, m]) => ({ page: `/modes/${slug}`, example: m.example })),
  ...Object.entries(formatExpectations).flatMap(([slug, f]) =>
    f.examples.map((example) => ({ page: `/corrupt/${slug}`, example })),
  ),
];

if (process.env.FRACTURE_PAGE_SAMPLES) {
  const dir = process.env.FRACTURE_PAGE_SAMPLES;
  mkdirSync(dir, { recursive: true });
  for (const [name, bytes] of Object.entries(SAMPLES)) writeFileSync(join(dir, name), bytes);
  writeFileSync(join(dir, 'commands.txt'), `${EXAMPLES.map((e) => e.example.command).join('\n')}\n`);
}

describe('the pages state the expectations the reports give', () => {
  it('covers every mode page and every file type page', () => {
    expect(Object.keys(modeExpectations).sort()).toEqual(modes.map((m) => m.slug).sort());
    expect(Object.keys(formatExpectations).sort()).toEqual(fileTypes.map((t) => t.slug).sort());
  });

  it('words the expectations as the reports do', () => {
    expect(Object.keys(EXPECT_MEANING).sort()).toEqual(['ignored', 'may_accept', 'reject', 'unchanged']);
    expect(EXPECT_MEANING.reject).toBe(EXPECT_WORDS.reject);
  });

  it.each(EXAMPLES)('$page: $example.command', ({ example }) => {
    const { report } = run(example.command);
    expect(report.expect_overall, example.command).toBe(example.overall);
    const hits = report.hits ?? [];
    expect(report.hits, 'every report has hits').toBeDefined();
    if (example.overall === 'unchanged') expect(hits).toEqual([]);
    for (const claimed of example.hits) {
      const hit = hits.find((h) => h.path === claimed.path);
      expect(hit, `${example.command} hits ${claimed.path}`).toBeDefined();
      expect(hit?.expect, `${example.command} ${claimed.path}`).toBe(claimed.expect);
    }
  });

  it.each(EXAMPLES)('$page: every selector of $example.command names units of the sample', ({ example }) => {
    const { args, name } = run(example.command);
    const map = mapOf(name);
    for (const text of [...(args.settings.ranges?.only ?? []), ...(args.settings.ranges?.protect ?? [])].filter(
      isSelector,
    )) {
      const sel = parseSelector(text, () => new Error(`${text} does not parse`));
      expect(map[0].path.startsWith(`${sel.format}:`), `${text} is for this map`).toBe(true);
      expect(resolveSelector(sel, map).length, `${text} on ${name}`).toBeGreaterThan(0);
    }
  });

  it.each(Object.entries(formatExpectations))('/corrupt/%s: its unit paths are paths of the map', (slug, f) => {
    // The sample of the page's type is the one its commands use.
    const names = new Set(f.examples.map((e) => run(e.command).name));
    expect(names.size).toBe(1);
    const [name] = [...names];
    const map = mapOf(name);
    expect(map[0].path.startsWith(`${f.prefix}:`), `${slug} maps as ${f.prefix}`).toBe(true);
    const paths = new Set(map.map((r) => r.path));
    for (const path of f.paths) {
      expect(paths.has(path), `${path} in the map of ${name}`).toBe(true);
      parseSelector(path, () => new Error(`${path} does not parse as a selector`));
    }
    // Every selector quoted in the page's prose parses too.
    for (const text of [f.units, ...f.cases.map((c) => c.text)])
      for (const [sel] of text.matchAll(/\b[a-z][a-z0-9]*:[A-Za-z*][^\s,;:)]*/g))
        if (!/^https?:/.test(sel)) parseSelector(sel.replace(/\.$/, ''), () => new Error(`${sel} does not parse`));
  });

  it('names in its prose only regions that a walk produces', () => {
    // Every FORMAT:PATH written in the pages' sentences (a bracket may hold a space or a slash),
    // placeholders such as zip:member[NAME] aside, is a selector that matches regions of the map of
    // a sample with that prefix: the pages' samples, or the variants of moreSamples.
    const maps = new Map<string, { path: string; start: number; end: number }[][]>();
    for (const name of Object.keys(SAMPLES)) {
      const map = mapOf(name);
      const prefix = map[0].path.slice(0, map[0].path.indexOf(':'));
      maps.set(prefix, [...(maps.get(prefix) ?? []), map]);
    }
    for (const [prefix, list] of Object.entries(moreSamples()))
      for (const bytes of list) {
        const family = detect(bytes, prefix === 'isobmff' ? 'mp4' : prefix);
        maps.get(prefix)?.push(structureMapOfBytes(family, bytes));
      }
    const texts = JSON.stringify([SAY, modeExpectations, formatExpectations]);
    const found = [...texts.matchAll(/\b[a-z][a-z0-9]*:(?:[A-Za-z0-9_#*%./-]|\[[^\]]*\])+/g)]
      .map((m) => m[0].replace(/\.$/, ''))
      .filter((t) => !/^https?:/.test(t) && !t.includes('[NAME]'));
    const selectors = [...new Set(found)];
    expect(selectors.length).toBeGreaterThan(40);
    const unmatched = selectors.filter((text) => {
      const sel = parseSelector(text, () => new Error(`${text} does not parse as a selector`));
      const candidates = maps.get(sel.format);
      if (!candidates) throw new Error(`${text}: no sample maps as ${sel.format}`);
      return !candidates.some((map) => {
        try {
          return resolveSelector(sel, map).length > 0;
        } catch {
          return false;
        }
      });
    });
    expect(unmatched).toEqual([]);
  });

  it('splits shell words as a shell does', () => {
    expect(shellWords("npx fracture --only 'pdf:object[1 0]/body' a.pdf")).toEqual([
      'npx',
      'fracture',
      '--only',
      'pdf:object[1 0]/body',
      'a.pdf',
    ]);
    expect(() => shellWords('npx fracture --only png:IDAT[1] a.png')).toThrow('needs quoting');
    expect(() => shellWords("npx fracture --only 'png a.png")).toThrow('unterminated');
  });
});
