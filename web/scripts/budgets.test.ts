// The budget check (make budgets, a suite of make test) against small builds made here, opened in
// Chromium as the network sees them: it passes a build within budget and fails one route over its
// bytes (counting what the page's modules import, with headers), one with too many requests, and a
// home page that loads the engine client before a file is added.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('./budgets.mjs', import.meta.url));
const KB = 1024;
let dist = '';

/** A module of about `bytes` bytes that compresses badly (random text), importing `imports`. */
function moduleOf(bytes: number, imports: string[] = []) {
  const head = imports.map((name) => `import "./${name}";\n`).join('');
  return `${head}export const blob = "${randomBytes(Math.ceil((bytes * 3) / 4)).toString('base64')}";\n`;
}

/** A build with a home page and /about, each page's entry module and preloads named; no .br/.gz
 * twins, so the server sends each file as it is. */
function makeBuild(files: Record<string, string>, pages: { home: string[]; about: string[] }) {
  dist = mkdtempSync(path.join(tmpdir(), 'budgets-'));
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, 'about'));
  writeFileSync(
    path.join(dist, 'sitemap.xml'),
    '<urlset><url><loc>https://x.example/</loc></url><url><loc>https://x.example/about</loc></url></urlset>',
  );
  const html = ([entry, ...preloads]: string[]) =>
    [
      '<!doctype html><html><head><title>t</title>',
      ...preloads.map((f) => `<link rel="modulepreload" crossorigin href="/assets/${f}" />`),
      `<script type="module" crossorigin src="/assets/${entry}"></script></head><body>x</body></html>`,
    ].join('\n');
  writeFileSync(path.join(dist, 'index.html'), html(pages.home));
  writeFileSync(path.join(dist, 'about', 'index.html'), html(pages.about));
  for (const [name, code] of Object.entries(files)) writeFileSync(path.join(dist, 'assets', name), code);
}

const run = () =>
  spawnSync(process.execPath, [SCRIPT], {
    env: { ...process.env, FRACTURE_DIST: dist },
    encoding: 'utf8',
    timeout: 60_000,
  });

afterEach(() => rmSync(dist, { recursive: true, force: true }));

describe('make budgets', () => {
  it('passes when every route is within its budget, and prints each route', () => {
    makeBuild(
      { 'entry.js': moduleOf(27 * KB, ['shell.js']), 'shell.js': moduleOf(27 * KB), 'About.js': moduleOf(5 * KB) },
      { home: ['entry.js'], about: ['entry.js', 'About.js'] },
    );
    const result = run();
    expect(result.stderr).toBe('');
    // Bodies plus headers: a little over 54 KB for home in two requests, 59 KB for /about in three.
    const home = /^\/ +(\d+\.\d) +110 +2 +8 {2}identity$/m.exec(result.stdout);
    expect(home, result.stdout).not.toBeNull();
    expect(Number(home![1])).toBeGreaterThan(54);
    expect(Number(home![1])).toBeLessThan(56);
    expect(result.stdout).toMatch(/^\/about +59\.\d +64 +3 +8 {2}identity$/m);
    expect(result.stdout).toContain('2 of 2 routes within budget');
    expect(result.status).toBe(0);
  });

  it('fails a route over its bytes, counting what its modules import and the headers', () => {
    // Just under 64 KB of bodies on disk; over it once the headers of the four answers are counted.
    makeBuild(
      {
        'entry.js': moduleOf(30 * KB, ['shell.js']),
        'about.js': moduleOf(24 * KB - 200, ['shell.js', 'About.js']),
        'About.js': moduleOf(9 * KB, ['catalog.js']),
        'catalog.js': moduleOf(1 * KB - 200),
        'shell.js': moduleOf(30 * KB),
      },
      { home: ['entry.js'], about: ['about.js'] },
    );
    const result = run();
    expect(result.stdout).toMatch(/^\/about +64\.\d +64 +4 +8 {2}identity {2}OVER$/m);
    expect(result.stdout).toContain('1 of 2 routes within budget');
    expect(result.status).toBe(1);
  });

  it('fails a page that makes more than eight JavaScript requests', () => {
    const leaves = Array.from({ length: 8 }, (_, i) => `leaf${i}.js`);
    makeBuild(
      { 'entry.js': moduleOf(100, leaves), ...Object.fromEntries(leaves.map((name) => [name, moduleOf(100)])) },
      { home: ['entry.js'], about: ['entry.js'] },
    );
    const result = run();
    expect(result.stdout).toMatch(/^\/about +\d+\.\d +64 +9 +8 {2}identity {2}TOO MANY$/m);
    expect(result.status).toBe(1);
  });

  it('fails when home loads the engine client before a file is added', () => {
    makeBuild(
      { 'entry.js': moduleOf(10 * KB, ['client-abc.js']), 'client-abc.js': moduleOf(1 * KB) },
      { home: ['entry.js'], about: ['entry.js'] },
    );
    const result = run();
    expect(result.stdout).toMatch(/^\/ .*\(loads \/assets\/client-abc\.js\)$/m);
    expect(result.status).toBe(1);
  });

  it('refuses a directory without a build', () => {
    dist = mkdtempSync(path.join(tmpdir(), 'budgets-'));
    const result = run();
    expect(result.stderr).toContain('No build in');
    expect(result.status).toBe(1);
  });
});
