// The size check of `make lint` (scripts/check-sizes.mjs): functions are measured from their head to
// the brace that closes them, whatever braces hide in strings, characters and comments; a planted
// long function or file fails the check, one on the STILL_OVER list passes until it grows.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain script of the repository, without declarations
import { check, functions, MAX_FUNCTION } from '../../scripts/check-sizes.mjs';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A checkout with the two command lines' directories holding `files`. */
function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'fracture-sizes-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'engine-rs/cli/src'), { recursive: true });
  mkdirSync(join(dir, 'cli'), { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

const body = (n: number) => Array.from({ length: n }, (_, i) => `    let x${i} = ${i};`).join('\n');

describe('the size check', () => {
  it('measures Rust and TypeScript functions to their closing brace, past braces in strings and comments', () => {
    const rust = `fn a() {\n    let s = "}}}";\n    let c = '}';\n    // }\n}\n\npub(crate) fn b<'a>(x: &'a str) -> &'a str {\n    x\n}\n`;
    expect(functions(rust, true)).toEqual([
      ['a', 1, 5],
      ['b', 7, 3],
    ]);
    const ts = 'export function a() {\n  const s = `}`;\n  return s;\n}\nconst b = (x: number) => {\n  return x;\n};\n';
    expect(functions(ts, false)).toEqual([
      ['a', 1, 4],
      ['b', 5, 3],
    ]);
  });

  it('fails on a planted long function or long file, and not on a test module', () => {
    const long = `fn long() {\n${body(MAX_FUNCTION)}\n}\n`;
    expect(check(tree({ 'engine-rs/cli/src/a.rs': long }), {}).problems).toEqual([
      `engine-rs/cli/src/a.rs:1: long: ${MAX_FUNCTION + 2} lines (at most ${MAX_FUNCTION})`,
    ]);
    const file = Array.from({ length: 501 }, (_, i) => `export const x${i} = ${i};`).join('\n');
    expect(check(tree({ 'cli/b.ts': file }), {}).problems).toEqual(['cli/b.ts: 501 lines (at most 500)']);
    const tested = `fn short() {}\n\n#[cfg(test)]\nmod tests {\n    fn long() {\n${body(600)}\n    }\n}\n`;
    expect(check(tree({ 'engine-rs/cli/src/c.rs': tested }), {}).problems).toEqual([]);
  });

  it('lets a listed function stay at its size or shrink, and not grow', () => {
    const at = (n: number) => tree({ 'cli/d.ts': `export function run() {\n${body(n - 2)}\n}\n` });
    const allowed = { 'cli/d.ts run': 90 };
    expect(check(at(90), allowed).problems).toEqual([]);
    expect(check(at(85), allowed).still).toEqual(['cli/d.ts:1: run: 85 lines']);
    expect(check(at(91), allowed).problems).toEqual(['cli/d.ts:1: run: 91 lines, grown from 90 (at most 80)']);
  });
});
