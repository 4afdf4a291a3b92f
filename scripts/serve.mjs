#!/usr/bin/env node
// Serves the built site the way production should: prerendered pages at clean URLs (/privacy ->
// privacy/index.html), 404.html with status 404 for anything else, the Content-Security-Policy on
// every response, long-lived caching for content-hashed assets only, and the build's brotli or gzip
// twin of a file (file.br, file.gz) when the request's Accept-Encoding takes it.
//
//   node scripts/serve.mjs [dir=web/dist] [--port N] [--host H]      (PORT and HOST also work)
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { cspHeader } from '../web/scripts/csp.mjs';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

const SECURITY_HEADERS = {
  'Content-Security-Policy': cspHeader(),
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), interest-cohort=()',
};

// What a browser applies to a script, style sheet, image or font: only nosniff. The policy, referrer,
// opener and permissions headers act on documents and workers alone, so a request the browser names
// as one of those (Sec-Fetch-Dest) goes without them: about 450 bytes less on each of a page's
// requests. Anything else (documents, workers, fetch(), which includes the service worker's
// precache) and any client that does not say gets them all. Each asset has one use (a worker's file
// is never a page's module), so a cached answer never meets the other kind of request.
const SUBRESOURCE_HEADERS = { 'X-Content-Type-Options': 'nosniff' };
const SUBRESOURCE_DESTINATIONS = new Set(['script', 'style', 'image', 'font']);

/** The security headers for a request: all of them unless it is for a subresource. */
export function securityHeaders(fetchDest) {
  return SUBRESOURCE_DESTINATIONS.has(fetchDest ?? '') ? SUBRESOURCE_HEADERS : SECURITY_HEADERS;
}

function parseArgs(argv) {
  const options = { dir: 'web/dist', port: Number(process.env.PORT ?? 4173), host: process.env.HOST ?? '127.0.0.1' };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--port') options.port = Number(argv[++i]);
    else if (argv[i] === '--host') options.host = argv[++i];
    else options.dir = argv[i];
  }
  if (!Number.isInteger(options.port) || options.port < 0 || options.port > 65535)
    throw new Error(`Bad port: ${options.port}`);
  return { ...options, dir: path.resolve(options.dir) };
}

async function isFile(file) {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/** The file answering a URL path: the file itself, then {path}/index.html, then {path}.html. */
async function resolveFile(root, urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const base = path.resolve(root, `.${path.posix.normalize(decoded)}`);
  if (base !== root && !base.startsWith(root + path.sep)) return null;
  for (const candidate of [base, path.join(base, 'index.html'), `${base}.html`]) {
    if (await isFile(candidate)) return candidate;
  }
  return null;
}

function cacheControl(root, file) {
  const rel = path.relative(root, file).split(path.sep).join('/');
  // Vite names files under assets/ by content hash, so they never change; everything else may.
  return rel.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** Encodings the build writes beside a file, in order of preference. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
];

/** The codings an Accept-Encoding header accepts (q > 0); `*` accepts any not named. */
export function acceptedEncodings(header) {
  const accepted = new Set();
  const refused = new Set();
  let any = false;
  for (const part of (header ?? '').split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    if (!token) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const ok = q === undefined || Number(q.slice(2)) > 0;
    if (token === '*') any = ok;
    else (ok ? accepted : refused).add(token);
  }
  return (name) => accepted.has(name) || (any && !refused.has(name));
}

async function send(res, root, file, status, method, acceptEncoding, fetchDest) {
  const accepts = acceptedEncodings(acceptEncoding);
  let body = file;
  let encoding = null;
  for (const { name, suffix } of ENCODINGS) {
    if (accepts(name) && (await isFile(file + suffix))) {
      body = file + suffix;
      encoding = name;
      break;
    }
  }
  const hasTwins = encoding !== null || (await isFile(`${file}.gz`)) || (await isFile(`${file}.br`));
  const info = await stat(body);
  res.writeHead(status, {
    ...securityHeaders(fetchDest),
    'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream',
    'Content-Length': info.size,
    'Cache-Control': cacheControl(root, file),
    ...(encoding ? { 'Content-Encoding': encoding } : {}),
    // Caches must key on the coding whenever the answer depends on it.
    ...(hasTwins ? { Vary: 'Accept-Encoding' } : {}),
  });
  if (method === 'HEAD') return res.end();
  createReadStream(body).pipe(res);
}

export function createSiteServer(root) {
  return createServer(async (req, res) => {
    try {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { ...SECURITY_HEADERS, Allow: 'GET, HEAD' }).end();
        return;
      }
      const { pathname } = new URL(req.url ?? '/', 'http://localhost');
      const file = await resolveFile(root, pathname);
      const accept = req.headers['accept-encoding'];
      const dest = req.headers['sec-fetch-dest'];
      if (file) return await send(res, root, file, 200, req.method, accept, dest);
      const notFound = path.join(root, '404.html');
      if (await isFile(notFound)) return await send(res, root, notFound, 404, req.method, accept, dest);
      res.writeHead(404, { ...SECURITY_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
    } catch (error) {
      console.error(error);
      if (!res.headersSent) res.writeHead(500, SECURITY_HEADERS);
      res.end();
    }
  });
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  const { dir, port, host } = parseArgs(process.argv.slice(2));
  if (!(await isFile(path.join(dir, 'index.html')))) {
    console.error(`No site in ${dir}: build it first (make web, or node web/scripts/build.mjs)`);
    process.exit(1);
  }
  const server = createSiteServer(dir);
  server.listen(port, host, () => {
    const { port: actual } = server.address();
    console.log(`Fracture is served from ${path.relative(process.cwd(), dir) || '.'} at http://${host}:${actual}/`);
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
}
