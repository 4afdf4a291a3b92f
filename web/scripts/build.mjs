#!/usr/bin/env node
// Builds the site: the client bundle, then every route prerendered to static HTML with its own head
// tags and CSS, then 404.html, sitemap.xml, robots.txt and the offline service worker.
//
//   node web/scripts/build.mjs [--outDir <dir>]     (default web/dist)
//
// The WebAssembly engine's size is measured here and compiled into the pages (docs/product.md, "Honest claims"), and
// checked against the .wasm file the bundle actually emitted.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import { cspMeta } from './csp.mjs';
import { serviceWorkerSource } from './service-worker.mjs';

const WEB = fileURLToPath(new URL('..', import.meta.url));
const CONFIG = path.join(WEB, 'vite.config.ts');
const WASM_PKG = path.join(WEB, '../lib/engine/pkg');

function parseArgs(argv) {
  const at = argv.indexOf('--outDir');
  const outDir = at >= 0 ? argv[at + 1] : undefined;
  if (at >= 0 && !outDir) throw new Error('--outDir needs a directory');
  return { outDir: path.resolve(outDir ?? path.join(WEB, 'dist')) };
}

const shortHash = (data) => createHash('sha256').update(data).digest('base64url').slice(0, 12);

async function filesUnder(dir, base = dir) {
  const out = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await filesUnder(full, base)));
    else out.push(path.relative(base, full).split(path.sep).join('/'));
  }
  return out.sort();
}

/** Size of the engine's .wasm as wasm-pack wrote it, or null before the engine is built. */
async function measureWasm() {
  if (!existsSync(WASM_PKG)) return null;
  const wasm = (await readdir(WASM_PKG)).filter((name) => name.endsWith('.wasm'));
  if (wasm.length === 0) return null;
  if (wasm.length > 1) throw new Error(`Expected one .wasm in ${WASM_PKG}, found ${wasm.join(', ')}`);
  return (await stat(path.join(WASM_PKG, wasm[0]))).size;
}

/** The size stated on the pages must be the size of the file the site serves. */
async function checkEmittedWasm(outDir, wasmBytes) {
  const emitted = (await filesUnder(outDir)).filter((file) => file.endsWith('.wasm'));
  const sizes = await Promise.all(emitted.map(async (file) => (await stat(path.join(outDir, file))).size));
  if (wasmBytes === null) {
    if (emitted.length > 0) throw new Error(`The build emitted ${emitted.join(', ')} but no engine size was measured`);
    console.warn('[build] no WebAssembly engine built yet: pages state no engine size');
    return;
  }
  if (!sizes.includes(wasmBytes)) {
    throw new Error(
      `Pages state a ${wasmBytes}-byte engine but the build emitted ${emitted.map((f, i) => `${f} (${sizes[i]} bytes)`).join(', ') || 'no .wasm'}`,
    );
  }
}

const htmlFileFor = (route) => (route === '/' ? 'index.html' : `${route.slice(1)}/index.html`);

function fillTemplate(template, { head, body, cssHref, preloads }) {
  if (!template.includes('<!--app-head-->') || !template.includes('<!--app-html-->')) {
    throw new Error('index.html lost its <!--app-head--> or <!--app-html--> placeholder');
  }
  const headTags = [
    `<meta http-equiv="Content-Security-Policy" content="${cspMeta()}" />`,
    head,
    `<link rel="stylesheet" href="${cssHref}" />`,
    // The page's own chunks, fetched beside the entry instead of after it.
    ...preloads.map((href) => `<link rel="modulepreload" crossorigin href="${href}" />`),
  ].join('\n    ');
  return template.replace('<!--app-head-->', () => headTags).replace('<!--app-html-->', () => body);
}

/**
 * The client build's manifest as a function: source paths of page modules -> the JavaScript files
 * they load statically (their chunks and what those import), as site paths.
 */
async function chunkResolver(outDir) {
  const file = path.join(outDir, '.vite', 'manifest.json');
  const manifest = JSON.parse(await readFile(file, 'utf8'));
  await rm(path.join(outDir, '.vite'), { recursive: true, force: true });
  const closure = (key, seen = new Set()) => {
    const entry = manifest[key];
    if (!entry) throw new Error(`The client build has no chunk for ${key}`);
    if (seen.has(entry.file)) return seen;
    seen.add(entry.file);
    for (const imported of entry.imports ?? []) closure(imported, seen);
    return seen;
  };
  const entryFiles = closure('index.html');
  return (modules) => {
    const files = new Set();
    for (const module of modules) for (const f of closure(module)) if (!entryFiles.has(f)) files.add(`/${f}`);
    return [...files];
  };
}

async function prerender(outDir, define) {
  const ssrDir = await mkdtemp(path.join(tmpdir(), 'fracture-ssr-'));
  try {
    await build({
      configFile: CONFIG,
      logLevel: 'warn',
      define,
      // Bundled whole, so the server bundle runs from a temporary directory without node_modules.
      ssr: { noExternal: true },
      build: {
        ssr: 'src/site/server.tsx',
        outDir: ssrDir,
        emptyOutDir: true,
        copyPublicDir: false,
        rollupOptions: { output: { entryFileNames: 'server.mjs' } },
      },
    });
    const server = await import(pathToFileURL(path.join(ssrDir, 'server.mjs')).href);
    const template = await readFile(path.join(outDir, 'index.html'), 'utf8');
    const routes = server.allRoutePaths();
    const cssFiles = new Map();
    const chunksFor = await chunkResolver(outDir);

    async function writePage(route, file) {
      const page = await server.renderPage(route);
      const cssName = `assets/page-${shortHash(page.css)}.css`;
      if (!cssFiles.has(cssName)) {
        cssFiles.set(cssName, page.css);
        await writeFile(path.join(outDir, cssName), page.css);
      }
      const target = path.join(outDir, file);
      await mkdir(path.dirname(target), { recursive: true });
      const preloads = chunksFor(page.modules);
      await writeFile(
        target,
        fillTemplate(template, { head: page.head, body: page.body, cssHref: `/${cssName}`, preloads }),
      );
      return page.status;
    }

    for (const route of routes) {
      const status = await writePage(route, htmlFileFor(route));
      if (status !== 200) throw new Error(`${route} rendered with status ${status}`);
    }
    // The not-found page does not depend on its address, so one file serves every unknown path.
    await writePage('/404', '404.html');
    return { routes, origin: server.SITE_ORIGIN };
  } finally {
    await rm(ssrDir, { recursive: true, force: true });
  }
}

function sitemap(origin, routes) {
  const urls = routes.map((route) => `  <url><loc>${origin}${route === '/' ? '/' : route}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

function robots(origin) {
  return `User-agent: *\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`;
}

async function writeServiceWorker(outDir, routes) {
  const files = (await filesUnder(outDir)).filter((file) => file !== 'sw.js' && !COMPRESSED.test(file));
  const digest = createHash('sha256');
  for (const file of files) digest.update(file).update(await readFile(path.join(outDir, file)));
  const pageFiles = new Set(routes.map(htmlFileFor));
  const pages = routes.map((route) => [`/${htmlFileFor(route)}`, route]);
  const assets = files.filter((file) => !pageFiles.has(file)).map((file) => `/${file}`);
  const source = serviceWorkerSource({
    version: digest.digest('hex').slice(0, 16),
    pages,
    assets,
    notFound: '/404.html',
  });
  await writeFile(path.join(outDir, 'sw.js'), source);
  return { pages: pages.length, assets: assets.length };
}

const COMPRESSIBLE = /\.(html|js|mjs|css|json|svg|wasm|xml)$/;
const COMPRESSED = /\.(br|gz)$/;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Writes file.br and file.gz beside every compressible file, for the server to pick from. */
async function compressAll(outDir) {
  let count = 0;
  for (const file of (await filesUnder(outDir)).filter((f) => COMPRESSIBLE.test(f))) {
    const full = path.join(outDir, file);
    const data = await readFile(full);
    const params = {
      [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
      [zlib.BROTLI_PARAM_SIZE_HINT]: data.length,
      [zlib.BROTLI_PARAM_MODE]: file.endsWith('.wasm') ? zlib.BROTLI_MODE_GENERIC : zlib.BROTLI_MODE_TEXT,
    };
    await writeFile(`${full}.br`, await brotli(data, { params }));
    await writeFile(`${full}.gz`, await gz(data, { level: 9 }));
    count++;
  }
  return count;
}

async function main() {
  const { outDir } = parseArgs(process.argv.slice(2));
  const wasmBytes = await measureWasm();
  const define = { __WASM_BYTES__: JSON.stringify(wasmBytes) };

  await build({ configFile: CONFIG, logLevel: 'warn', define, build: { outDir, emptyOutDir: true, manifest: true } });
  await checkEmittedWasm(outDir, wasmBytes);

  const { routes, origin } = await prerender(outDir, define);
  await writeFile(path.join(outDir, 'sitemap.xml'), sitemap(origin, routes));
  await writeFile(path.join(outDir, 'robots.txt'), robots(origin));
  const cached = await writeServiceWorker(outDir, routes);
  const compressed = await compressAll(outDir);
  console.log(
    `[build] ${routes.length} routes prerendered to ${path.relative(process.cwd(), outDir) || '.'}; engine ${wasmBytes ?? 'not built'} bytes; service worker caches ${cached.pages} pages and ${cached.assets} files; ${compressed} files compressed (.br, .gz)`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
