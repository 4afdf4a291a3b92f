// The JavaScript byte budgets of the first load (issue 10, point 3), from the build in web/dist: for
// every route in the sitemap, the entry script and the modules its page preloads, closed over their
// static imports, weighed as the server sends them (the build's .br files). Home may carry the
// workspace's interface, not its engine or ZIP writer, which load on demand.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const DIST = process.env.FRACTURE_DIST ?? fileURLToPath(new URL('../dist', import.meta.url));
export const BUDGET_BYTES = { home: 120 * 1024, other: 70 * 1024 };

const htmlFor = (route) => path.join(DIST, route === '/' ? 'index.html' : `${route.slice(1)}/index.html`);

/** The scripts a page starts with: its module entry and every modulepreload. */
function declaredScripts(html) {
  const srcs = [...html.matchAll(/<script type="module"[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]);
  const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]*\bhref="([^"]+)"/g)].map((m) => m[1]);
  return [...srcs, ...preloads];
}

/** Static imports of a built module (import x from "./a.js", import "./b.js"), as site paths. */
function staticImports(file) {
  const code = readFileSync(path.join(DIST, file), 'utf8');
  const found = [...code.matchAll(/(?:\bfrom|\bimport)\s*["'](\.\/[^"']+\.js)["']/g)].map((m) => m[1]);
  return found.map((rel) => path.posix.join(path.posix.dirname(file), rel));
}

/** Every script the first load runs, and its brotli weight. */
export function firstLoad(route) {
  const files = new Set(declaredScripts(readFileSync(htmlFor(route), 'utf8')));
  for (const file of files) for (const imported of staticImports(file)) files.add(imported);
  let bytes = 0;
  for (const file of files) bytes += statSync(path.join(DIST, `${file}.br`)).size;
  return { files: [...files], bytes };
}

// Prints each route's first-load JavaScript and exits non-zero when one is over its budget.
//   node web/scripts/budgets.mjs     (make budgets; FRACTURE_DIST=dir)
if (!existsSync(path.join(DIST, 'sitemap.xml'))) {
  console.error(`No build in ${DIST}: run make web`);
  process.exit(1);
}
const routes = [
  ...readFileSync(path.join(DIST, 'sitemap.xml'), 'utf8').matchAll(/<loc>https?:\/\/[^/]+([^<]*)<\/loc>/g),
].map((m) => m[1] || '/');
let over = 0;
console.log(`${'route'.padEnd(46)} ${'KB br'.padStart(7)} ${'budget'.padStart(7)}`);
for (const route of routes) {
  const { files, bytes } = firstLoad(route);
  const limit = route === '/' ? BUDGET_BYTES.home : BUDGET_BYTES.other;
  const heavy = files.filter((f) => /\/(client|worker|batch|writer)-[\w-]+\.js$/.test(f));
  const ok = bytes <= limit && heavy.length === 0;
  if (!ok) over++;
  console.log(
    `${route.padEnd(46)} ${(bytes / 1024).toFixed(1).padStart(7)} ${(limit / 1024).toFixed(0).padStart(7)}${ok ? '' : '  OVER'}${heavy.length ? ` (loads ${heavy.join(', ')})` : ''}`,
  );
}
console.log(`${routes.length - over} of ${routes.length} routes within budget`);
process.exit(over === 0 ? 0 : 1);
