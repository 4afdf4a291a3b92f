// The import-cycle check of `make lint` (scripts/lint.sh runs dependency-cruiser with
// .dependency-cruiser.cjs) run as lint runs it, on small trees written here: it must fail on a cycle,
// type-only imports included, and pass a tree without one.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const repo = resolve(import.meta.dirname, '../..');
const depcruise = join(repo, 'node_modules/.bin/depcruise');
const dirs: string[] = [];

/** Writes `files` into a fresh directory and runs the check on it. */
function check(files: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'fracture-cycles-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  const run = spawnSync(depcruise, ['--config', join(repo, '.dependency-cruiser.cjs'), dir], {
    cwd: repo,
    encoding: 'utf8',
  });
  return { status: run.status, output: run.stdout + run.stderr };
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the import-cycle check', () => {
  it('fails on two modules that import each other', () => {
    const { status, output } = check({
      'a.ts': "import { b } from './b.ts';\nexport const a = () => b;\n",
      'b.ts': "import { a } from './a.ts';\nexport const b = () => a;\n",
    });
    expect(status).not.toBe(0);
    expect(output).toContain('no-circular');
    expect(output).toMatch(/a\.ts/);
  });

  it('counts a cycle made only of type imports', () => {
    const { status, output } = check({
      'a.ts': "import type { B } from './b.ts';\nexport interface A { b?: B }\n",
      'b.ts': "import type { A } from './a.ts';\nexport interface B { a?: A }\n",
    });
    expect(status).not.toBe(0);
    expect(output).toContain('no-circular');
  });

  it('finds a longer cycle through a .tsx module', () => {
    const { status, output } = check({
      'a.ts': "import { c } from './c.tsx';\nexport const a = () => c;\n",
      'b.ts': "import { a } from './a.ts';\nexport const b = () => a;\n",
      'c.tsx': "import { b } from './b.ts';\nexport const c = () => b;\n",
    });
    expect(status).not.toBe(0);
    expect(output).toContain('no-circular');
  });

  it('passes a tree whose shared part sits apart', () => {
    const { status, output } = check({
      'shared.ts': 'export interface Input { title: string }\n',
      'a.ts': "import type { Input } from './shared.ts';\nexport const a = (i: Input) => i.title;\n",
      'b.ts':
        "import type { Input } from './shared.ts';\nimport { a } from './a.ts';\nexport const b = (i: Input) => a(i);\n",
    });
    expect(output).toContain('no dependency violations');
    expect(status).toBe(0);
  });
});
