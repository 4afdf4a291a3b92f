// scripts/count-twins.mjs (issue 40 point 1): the lines of host code with a counterpart in the other
// language. It must know every host file (lint runs it), so a new file cannot escape the count, and
// it must count a concern as twinned exactly while both languages have code for it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain script of the repository, without declarations
import { CONCERNS, count } from '../../scripts/count-twins.mjs';

const repo = resolve(import.meta.dirname, '../..');
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'fracture-twins-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

interface Counted {
  concerns: { name: string; rust: number; ts: number; twinned: number }[];
  total: number;
  problems: string[];
}

describe('count-twins', () => {
  it('knows every host file of the repository', () => {
    const { problems, total } = count(repo) as Counted;
    expect(problems).toEqual([]);
    expect(total).toBeGreaterThan(0);
  });

  it('counts a concern only while both languages have code, and names a file it does not know', () => {
    const [name, concern] = Object.entries(CONCERNS as Record<string, { rust: string[]; ts: string[] }>).find(
      ([, c]) => !c.rust[0].endsWith('/') && !c.ts[0].endsWith('/'),
    ) as [string, { rust: string[]; ts: string[] }];
    const both = tree({
      [concern.rust[0]]: '// a comment\nfn a() {}\n\n#[cfg(test)]\nmod tests {\n    fn t() {}\n}\n',
      [concern.ts[0]]: '/* block */\nexport const a = 1;\nexport const b = 2;\n',
      'cli/stray.ts': 'export const c = 3;\n',
    });
    const got = count(both) as Counted;
    const c = got.concerns.find((x) => x.name === name);
    expect([c?.rust, c?.ts, c?.twinned]).toEqual([1, 2, 3]);
    expect(got.problems).toContain('cli/stray.ts: in no concern and not in ONE_SIDE (scripts/count-twins.mjs)');
    const once = tree({ [concern.ts[0]]: 'export const a = 1;\n' });
    expect((count(once) as Counted).concerns.find((x) => x.name === name)?.twinned).toBe(0);
  });
});
