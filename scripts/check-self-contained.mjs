#!/usr/bin/env node
// Fails when a file in the repository cites something a public clone does not have: the team's
// planning notes outside the repository (by name), an absolute /work/ path, or a relative path that
// climbs out of the repository. Cite docs/product.md, docs/contract.md or docs/toolchain.md instead.
// Run by scripts/lint.sh; checks tracked files and new files git does not ignore, except this one.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SELF = 'scripts/check-self-contained.mjs';

/** Documents that exist only outside the repository. Case matters: docs/toolchain.md is ours. */
const OUTSIDE_NAMES = /\b(?:ENGINE|DECISIONS|STYLE|TOOLCHAIN)\.md\b|product-spec/g;
const ABSOLUTE_OUTSIDE = /\/work\//g;
const RELATIVE_PATH = /(?:\.\.\/)+[^\s'"`)\]>,;]*/g;

/** Relative paths that leave the repository on purpose, and why. */
const ALLOWED = new Set([
  // The SDK guide's example (docs/usage.md): shell commands run in a sibling project, not citations.
  'docs/usage.md ../my-project',
  'docs/usage.md ../fracture/fracture-1.0.0.tgz',
  // A hostile file name the test feeds the batch ZIP.
  'lib/zip/batch.test.ts ../../../tmp/escape.txt',
]);

/** The problems in one file's text, as `file:line: message`; `file` is relative to the root. */
export function problemsIn(file, text) {
  const problems = [];
  const lines = text.split('\n');
  for (const [i, line] of lines.entries()) {
    const at = `${file}:${i + 1}`;
    for (const [name] of line.matchAll(OUTSIDE_NAMES))
      problems.push(`${at}: cites ${name}, which is outside the repository`);
    for (const [p] of line.matchAll(ABSOLUTE_OUTSIDE)) problems.push(`${at}: absolute path ${p}`);
    for (const [p] of line.matchAll(RELATIVE_PATH)) {
      const resolved = path.relative(ROOT, path.resolve(ROOT, path.dirname(file), p));
      if ((resolved === '..' || resolved.startsWith(`..${path.sep}`)) && !ALLOWED.has(`${file} ${p}`))
        problems.push(`${at}: ${p} leaves the repository`);
    }
  }
  return problems;
}

// The rule must be able to fail: a few known cases first.
const SAMPLES = [
  ['a/b.ts', '// see DECISIONS.md 4', 1],
  ['a/b.ts', '// product-spec.md, "Display rules"', 1],
  ['README.md', 'see ../shared/TOOLCHAIN.md', 2],
  ['a/b.ts', "import '../../../shared/x.ts';", 1],
  ['a/b.ts', 'read /work/shared/spec', 1],
  ['lib/engine/host/run.ts', "import { x } from '../shared/stages.ts';", 0],
  ['a/b.ts', '// docs/product.md, "Display rules"; docs/toolchain.md; docs/engine.md', 0],
];
for (const [file, text, expected] of SAMPLES) {
  const found = problemsIn(file, text).length;
  if (found !== expected)
    throw new Error(`check-self-contained: ${JSON.stringify(text)} gave ${found}, not ${expected}`);
}

const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
  cwd: ROOT,
  encoding: 'utf8',
})
  .split('\0')
  .filter((f) => f && f !== SELF);
const problems = [];
for (const file of files) {
  let text;
  try {
    text = readFileSync(path.join(ROOT, file), 'utf8');
  } catch {
    continue; // deleted in the work tree
  }
  if (text.includes('\0')) continue; // binary
  problems.push(...problemsIn(file, text));
}
if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(`${problems.length} reference(s) to files outside the repository (see ${SELF})`);
  process.exit(1);
}
console.log(`check-self-contained: ${files.length} files cite nothing outside the repository`);
