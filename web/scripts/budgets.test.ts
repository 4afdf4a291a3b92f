// The byte budget check (make budgets, a suite of make test) against small builds made here: it
// passes a build within budget and fails one route over it, counting static imports and the .br size.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('./budgets.mjs', import.meta.url));
const KB = 1024;
let dist = '';

/** A build with a home page and /about: each file's code, and its .br twin of the given size. */
function makeBuild(files: Record<string, { code: string; brBytes: number }>, aboutPreloads: string[]) {
  dist = mkdtempSync(path.join(tmpdir(), 'budgets-'));
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, 'about'));
  writeFileSync(
    path.join(dist, 'sitemap.xml'),
    '<urlset><url><loc>https://x.example/</loc></url><url><loc>https://x.example/about</loc></url></urlset>',
  );
  const entry = '<script type="module" crossorigin src="/assets/entry.js"></script>';
  writeFileSync(path.join(dist, 'index.html'), entry);
  const preloads = aboutPreloads.map((f) => `<link rel="modulepreload" crossorigin href="/assets/${f}" />`);
  writeFileSync(path.join(dist, 'about', 'index.html'), [entry, ...preloads].join('\n'));
  for (const [name, { code, brBytes }] of Object.entries(files)) {
    writeFileSync(path.join(dist, 'assets', name), code);
    writeFileSync(path.join(dist, 'assets', `${name}.br`), Buffer.alloc(brBytes));
  }
}

const run = () =>
  spawnSync(process.execPath, [SCRIPT], { env: { ...process.env, FRACTURE_DIST: dist }, encoding: 'utf8' });

afterEach(() => rmSync(dist, { recursive: true, force: true }));

describe('make budgets', () => {
  it('passes when every route is within its budget', () => {
    makeBuild(
      {
        'entry.js': { code: 'import "./shell.js";', brBytes: 30 * KB },
        'shell.js': { code: 'export {};', brBytes: 30 * KB },
        'About.js': { code: 'export {};', brBytes: 9 * KB },
      },
      ['About.js'],
    );
    const result = run();
    expect(result.stdout).toContain('2 of 2 routes within budget');
    expect(result.status).toBe(0);
  });

  it('fails when a route is over, counting what the preloads import', () => {
    makeBuild(
      {
        'entry.js': { code: 'import "./shell.js";', brBytes: 30 * KB },
        'shell.js': { code: 'export {};', brBytes: 30 * KB },
        'About.js': { code: 'import { x } from "./catalog.js";', brBytes: 9 * KB },
        'catalog.js': { code: 'export const x = 1;', brBytes: 2 * KB },
      },
      ['About.js'],
    );
    const result = run();
    expect(result.stdout).toMatch(/\/about\s+71\.0\s+70 {2}OVER/);
    expect(result.stdout).toContain('1 of 2 routes within budget');
    expect(result.status).toBe(1);
  });

  it('fails when home loads the engine client before a file is added', () => {
    makeBuild(
      {
        'entry.js': { code: 'import "./client-abc.js";', brBytes: 10 * KB },
        'client-abc.js': { code: 'export {};', brBytes: 1 * KB },
      },
      [],
    );
    const result = run();
    expect(result.stdout).toMatch(/^\/ .*OVER \(loads \/assets\/client-abc\.js\)$/m);
    expect(result.status).toBe(1);
  });
});
