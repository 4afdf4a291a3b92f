// Fails when a command line's file is over 500 lines or one of its functions over 80 (issue 40,
// point 5: split by concern). The command lines are engine-rs/cli/src (Rust) and cli/ (TypeScript);
// test files and a Rust file's trailing test module are not counted, nor are generated files.
//
// A function's lines run from the line of its `fn` / `function` / method / arrow head to the line of
// the brace that closes its body, found by counting braces outside strings, characters and comments.
//
// Those still over when the check arrived are listed in STILL_OVER at their size: they may shrink
// and must not grow, and nothing may join them (tests/lint/sizes.test.ts plants both).
//
// Usage: node scripts/check-sizes.mjs [--list]   (--list prints every function over 40 lines too)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const MAX_FILE = 500;
export const MAX_FUNCTION = 80;
const ROOTS = ['engine-rs/cli/src', 'cli'];
const GENERATED = new Set([
  'engine-rs/host/src/cli_tables.rs',
  'engine-rs/host/src/report/tables.rs',
  'cli/cli-tables.ts',
]);

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'tests' ? [] : walk(path);
    if (/(\.test\.ts|\.d\.ts|tests\.rs)$/.test(name)) return [];
    return /\.(rs|ts)$/.test(name) ? [path] : [];
  });
}

/** The text with comments, strings and character literals blanked (newlines kept). */
export function blank(text, rust) {
  let out = '';
  let i = 0;
  const keep = (s) => s.replace(/[^\n]/g, ' ');
  while (i < text.length) {
    const rest = text.slice(i, i + 2);
    let end = -1;
    if (rest === '//') end = text.indexOf('\n', i) === -1 ? text.length : text.indexOf('\n', i);
    else if (rest === '/*') end = text.indexOf('*/', i + 2) + 2;
    else if (text[i] === '"' || (!rust && (text[i] === "'" || text[i] === '`'))) {
      const q = text[i];
      let j = i + 1;
      while (j < text.length && text[j] !== q) j += text[j] === '\\' ? 2 : 1;
      end = j + 1;
    } else if (rust && text[i] === "'") {
      // A character literal ('a', '\n', '{'), not a lifetime ('a).
      const m = /^'(?:\\.[^']*|[^'\\])'/.exec(text.slice(i, i + 12));
      if (m) end = i + m[0].length;
    } else if (rust && /^r#*"/.test(text.slice(i, i + 4)) && !/\w/.test(text[i - 1] ?? '')) {
      const hashes = /^r(#*)"/.exec(text.slice(i))[1];
      end = text.indexOf(`"${hashes}`, i + 2 + hashes.length) + 1 + hashes.length;
    }
    if (end > i) {
      out += keep(text.slice(i, end));
      i = end;
    } else {
      out += text[i];
      i += 1;
    }
  }
  return out;
}

const RUST_FN = /^\s*(?:pub(?:\([^)]*\))?\s+)?(?:const\s+|async\s+|unsafe\s+)*fn\s+(\w+)/;
const TS_FN =
  /^\s*(?:export\s+)?(?:default\s+)?(?:async\s+)?function\s*\*?\s*(\w+)|^\s*(?:export\s+)?(?:const|let)\s+(\w+)\s*=\s*(?:async\s*)?(?:\([^)]*\)|\w+)\s*(?::[^=]+)?=>|^\s*(?:(?:public|private|protected|static|async|get|set)\s+)*(\w+)\s*\([^)]*\)\s*(?::[^{]+)?\{\s*$/;

/** [name, first line (1-based), lines] of every function in the file. */
export function functions(text, rust) {
  let body = text;
  if (rust) {
    const cut = body.search(/^#\[cfg\(test\)\]\s*\n\s*mod \w+/m);
    if (cut >= 0) body = body.slice(0, cut);
  }
  const lines = blank(body, rust).split('\n');
  const found = [];
  for (let k = 0; k < lines.length; k++) {
    const m = (rust ? RUST_FN : TS_FN).exec(lines[k]);
    if (!m) continue;
    const name = m[1] ?? m[2] ?? m[3];
    if (!rust && ['if', 'for', 'while', 'switch', 'catch', 'return'].includes(name)) continue;
    // The body opens at the first `{` from the head on (a declaration without one has no body).
    let depth = 0;
    let opened = false;
    let end = -1;
    for (let j = k; j < lines.length && end < 0; j++) {
      for (const ch of lines[j]) {
        if (ch === ';' && !opened && rust) {
          end = j;
          break;
        }
        if (ch === '{') {
          depth++;
          opened = true;
        } else if (ch === '}' && opened) {
          depth--;
          if (depth === 0) {
            end = j;
            break;
          }
        }
      }
    }
    if (opened && end >= 0) found.push([name, k + 1, end - k + 1]);
  }
  return found;
}

/**
 * What is still over, at its size on the day it was listed: each may shrink and must not grow, and no
 * other may join it. None is left (issue 40, point 5): the ZIP writer moved into the host crate, and
 * the native PDF writer, the npm CLI's corrupting command, argument handling, `fracture agree` and the
 * campaign's execute and program runner were split by concern on 29 November 2026.
 */
export const STILL_OVER = {};

export function check(root = '.', allowed = STILL_OVER) {
  const problems = [];
  const long = [];
  const still = [];
  for (const dir of ROOTS) {
    for (const file of walk(join(root, dir))) {
      const rel = root === '.' ? file : file.slice(root.length + 1);
      if (GENERATED.has(rel)) continue;
      const text = readFileSync(file, 'utf8');
      const rust = file.endsWith('.rs');
      const cut = rust ? text.search(/^#\[cfg\(test\)\]\s*\n\s*mod \w+/m) : -1;
      const count = (cut >= 0 ? text.slice(0, cut) : text).split('\n').length;
      const over = (key, n, max, what) => {
        if (n <= max) return;
        if (allowed[key] === undefined) problems.push(`${what}: ${n} lines (at most ${max})`);
        else if (n > allowed[key]) problems.push(`${what}: ${n} lines, grown from ${allowed[key]} (at most ${max})`);
        else still.push(`${what}: ${n} lines`);
      };
      over(rel, count, MAX_FILE, rel);
      for (const [name, line, n] of functions(text, rust)) {
        over(`${rel} ${name}`, n, MAX_FUNCTION, `${rel}:${line}: ${name}`);
        if (n > 40 && n <= MAX_FUNCTION) long.push(`${rel}:${line}: ${name} ${n}`);
      }
    }
  }
  return { problems, long, still };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { problems, long, still } = check();
  if (process.argv.includes('--list')) for (const l of long) console.log(l);
  for (const p of problems) console.error(p);
  if (problems.length) process.exit(1);
  console.log(
    `command lines: no new file over ${MAX_FILE} lines or function over ${MAX_FUNCTION}; ${still.length} still over (STILL_OVER)`,
  );
}
