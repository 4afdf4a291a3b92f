// The SDK as its users meet it: the tarball `npm pack` makes, installed with `npm i ./fracture-*.tgz` into
// an empty project; the examples of docs/usage.md run there as written, in Node and, bundled by Vite, in
// Chromium; a strict TypeScript consumer compiles against the shipped types. Every output is compared
// with the native CLI's bytes. Tools the consumer would install (vite, typescript, @types/node) are the
// repository's own, reached by path: the tarball alone comes from `npm i`.
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { createHash, randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_ORIGIN } from '../../lib/engine/shared/mode-tables.ts';
import { png, zip } from '../cross-engine/families.ts';
import { TEST_CHROMIUM } from '../chromium.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const NATIVE = path.join(ROOT, 'target/release/fracture');
const VITE = path.join(ROOT, 'node_modules/vite/bin/vite.js');
const TSC = path.join(ROOT, 'node_modules/typescript/bin/tsc');

/** The example of docs/usage.md marked `<!-- example: NAME ... -->`, exactly as printed there. */
function readmeExample(name: string): string {
  const readme = readFileSync(path.join(ROOT, 'docs', 'usage.md'), 'utf8');
  const match = readme.match(new RegExp(`<!-- example: ${name} [^>]*-->\\n\`\`\`js\\n([\\s\\S]*?)\`\`\`\\n`));
  if (!match) throw new Error(`docs/usage.md has no example "${name}"`);
  return match[1];
}

/** The native CLI's output for `args` on `file` (in a directory of its own). */
function cliBytes(cwd: string, args: string[], file: string, output: string): Buffer {
  const out = mkdtempSync(path.join(cwd, 'cli-'));
  const r = spawnSync(NATIVE, [...args, '--out', out, file], { cwd, encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  return readFileSync(path.join(out, output));
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts `vite` (dev server or preview) in `cwd` and resolves once it answers. */
async function startVite(cwd: string, args: string[]): Promise<{ url: string; proc: ChildProcess }> {
  const port = await freePort();
  const proc = spawn(process.execPath, [VITE, ...args, '--host', '127.0.0.1', '--port', String(port), '--strictPort'], {
    cwd,
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}/`;
  for (let i = 0; i < 100; i++) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { url, proc };
    await new Promise((r) => setTimeout(r, 100));
  }
  proc.kill();
  throw new Error(`vite ${args.join(' ')} did not start`);
}

describe('the fracture package, installed from its tarball', () => {
  let work: string;
  let app: string;
  let tarball: string;
  let photo: string;
  const servers: ChildProcess[] = [];

  beforeAll(() => {
    for (const p of [NATIVE, path.join(ROOT, 'dist/sdk/node.js'), path.join(ROOT, 'dist/lib/engine/pkg')]) {
      if (!existsSync(p)) throw new Error(`${p} is missing: run \`make build\` first`);
    }
    work = mkdtempSync(path.join(tmpdir(), 'fracture-sdk-'));
    // dist/ is what `make build` (the same script as prepack) made: packing without scripts does not
    // rebuild it under the other suites that run the CLI meanwhile.
    const packed = JSON.parse(
      execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work], {
        cwd: ROOT,
        encoding: 'utf8',
      }),
    );
    tarball = path.join(work, packed[0].filename);
    app = path.join(work, 'app');
    mkdirSync(app);
    writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
    // The tarball has no dependencies, so this needs no registry.
    execFileSync('npm', ['i', tarball, '--offline', '--no-audit', '--no-fund'], { cwd: app, stdio: 'pipe' });
    // A real PNG, made by ImageMagick.
    photo = path.join(app, 'photo.png');
    execFileSync('convert', ['-size', '96x64', 'gradient:red-blue', photo]);
  }, 120_000);

  afterAll(() => {
    for (const s of servers) s.kill();
    rmSync(work, { recursive: true, force: true });
  });

  it('ships what a user needs and nothing else, with no runtime dependencies', () => {
    const [entry] = JSON.parse(
      execFileSync('npm', ['pack', '--dry-run', '--ignore-scripts', '--json'], { cwd: ROOT, encoding: 'utf8' }),
    );
    const files: string[] = entry.files.map((f: { path: string }) => f.path);
    for (const f of files) {
      expect(f, 'only the CLI, the SDK, the engine and the package files').toMatch(
        /^(package\.json|README\.md|LICENSE|bin\/fracture\.mjs|dist\/(cli|sdk|lib\/engine|lib\/zip|lib\/report)\/.+\.(js|d\.ts|wasm)|dist\/lib\/engine\/native\/fracture-engine\.[a-z0-9]+-[a-z0-9]+\.node)$/,
      );
      expect(f).not.toMatch(/\.test\.|testing|web\//);
    }
    for (const f of [
      'dist/lib/engine/pkg/fracture_engine_bg.wasm',
      'dist/lib/engine/diagnose-pkg/fracture_diagnose_bg.wasm',
      // Output names, the plan's claims and the PDF writer (every run), and the campaigns' module (run,
      // minimize, merge).
      'dist/lib/engine/outputs-pkg/fracture_outputs_bg.wasm',
      'dist/lib/engine/host-pkg/fracture_host_bg.wasm',
      'dist/lib/engine/host/worker.js',
      'dist/sdk/node.js',
      'dist/sdk/node.d.ts',
      'dist/sdk/browser.js',
      'dist/sdk/browser.d.ts',
      // The native addon for the platform the package was packed on.
      `dist/lib/engine/native/fracture-engine.${process.platform}-${process.arch}.node`,
    ]) {
      expect(files).toContain(f);
    }
    // Every module a packed module imports is packed too (the CLI's commands live in subdirectories).
    for (const f of files.filter((name) => name.endsWith('.js'))) {
      const text = readFileSync(path.join(app, 'node_modules/fracture', f), 'utf8');
      for (const [, spec] of text.matchAll(/(?:from\s*|import\s*\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g)) {
        expect(files, `${f} imports ${spec}`).toContain(path.posix.join(path.posix.dirname(f), spec));
      }
    }
    // The npm CLI is one bundle (scripts/build-package.mjs; docs/architecture.md, "The npm CLI's
    // bundle"): its files import one another and Node's built-ins, nothing of the SDK's or lib's files.
    const cli = files.filter((f) => f.startsWith('dist/cli/') && f.endsWith('.js'));
    expect(cli).toContain('dist/cli/main.js');
    expect(cli.length).toBeLessThan(25);
    for (const f of cli) {
      const text = readFileSync(path.join(app, 'node_modules/fracture', f), 'utf8');
      for (const [, spec] of text.matchAll(/(?:from\s*|import\s*\(\s*)['"]([^'"]+)['"]/g)) {
        expect(spec, `${f} imports ${spec}`).toMatch(/^(node:[a-z0-9_/]+|\.\/[^/]+\.js)$/);
      }
    }
    const installed = JSON.parse(readFileSync(path.join(app, 'node_modules/fracture/package.json'), 'utf8'));
    expect(installed.dependencies ?? {}).toEqual({});
    // Nothing else was installed beside it.
    expect(readdirSync(path.join(app, 'node_modules')).filter((n) => !n.startsWith('.'))).toEqual(['fracture']);
  });

  it("Node: the usage guide's example, as written, writes the CLI's bytes", () => {
    writeFileSync(path.join(app, 'example-node.mjs'), readmeExample('node'));
    const r = spawnSync(process.execPath, ['example-node.mjs'], { cwd: app, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Won't Open \(Verified Heuristically\) [0-9a-f]{64}\n$/);
    const expected = cliBytes(
      app,
      ['--mode', 'guaranteed_break', '--intensity', '80', '--seed', '42'],
      photo,
      'photo_corrupted.png',
    );
    expect(readFileSync(path.join(app, 'photo_corrupted.png')).equals(expected)).toBe(true);
  });

  it("Node: the package's own README (as packed) documents the SDK, and its example writes the CLI's bytes", () => {
    const readme = readFileSync(path.join(app, 'node_modules/fracture/README.md'), 'utf8');
    // The front page names both entries, both calls and the fast-check arbitrary.
    for (const words of ["import { corrupt } from 'fracture'", 'corruptFile(', 'fracture/fast-check', 'corruption(']) {
      expect(readme, words).toContain(words);
    }
    const match = readme.match(/<!-- example: readme-node [^>]*-->\n```js\n([\s\S]*?)```\n/);
    expect(match, 'the packed README has the Node example').not.toBeNull();
    writeFileSync(path.join(app, 'readme-node.mjs'), (match as RegExpMatchArray)[1]);
    const r = spawnSync(process.execPath, ['readme-node.mjs'], { cwd: app, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const broken = cliBytes(app, ['--mode', 'guaranteed_break', '--seed', '42'], 'photo.png', 'photo_corrupted.png');
    expect(readFileSync(path.join(app, 'photo_broken.png')).equals(broken)).toBe(true);
    const args = [
      '--mode',
      'bit_rot',
      '--intensity',
      '40',
      '--seed',
      '9',
      '--only',
      'png:IDAT/data',
      '--fix-checksums',
    ];
    const rotted = cliBytes(app, args, 'photo.png', 'photo_corrupted.png');
    expect(readFileSync(path.join(app, 'photo_bitrot.png')).equals(rotted)).toBe(true);
    const [verdictLine, link] = r.stdout.trim().split('\n');
    expect(verdictLine).toBe(
      "Won't Open (Verified Heuristically) fracture --mode guaranteed_break --intensity 80 --seed 42 photo.png",
    );
    expect(link).toBe(
      `${SITE_ORIGIN}/?v=2&mode=bit_rot&intensity=40&seed=9&only=png%3AIDAT%2Fdata&fix-checksums=&file=photo.png&size=${readFileSync(photo).length}`,
    );
  });

  it("Node: the usage guide's variants example writes what --count writes", () => {
    writeFileSync(path.join(app, 'example-variants.mjs'), readmeExample('variants'));
    const r = spawnSync(process.execPath, ['example-variants.mjs'], { cwd: app, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const out = mkdtempSync(path.join(app, 'count-'));
    expect(spawnSync(NATIVE, ['--seed', '100', '--count', '5', '--out', out, photo]).status).toBe(0);
    const names = readdirSync(out).sort();
    expect(names).toEqual([100, 101, 102, 103, 104].map((s) => `photo_corrupted_${s}.png`));
    for (const n of names)
      expect(readFileSync(path.join(app, n)).equals(readFileSync(path.join(out, n))), n).toBe(true);
  });

  it("Node: the usage guide's fault-model example (ranges, fixChecksums) writes the CLI's bytes", () => {
    writeFileSync(path.join(app, 'example-faults.mjs'), readmeExample('faults'));
    const r = spawnSync(process.execPath, ['example-faults.mjs'], { cwd: app, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).png_chunk_crc32).toBeGreaterThan(0);
    const expected = cliBytes(
      app,
      ['--mode', 'bit_rot', '--intensity', '90', '--seed', '7', '--only', '0x40:', '--protect=-12:', '--fix-checksums'],
      photo,
      'photo_corrupted.png',
    );
    expect(readFileSync(path.join(app, 'photo_bitrot.png')).equals(expected)).toBe(true);
    // A mode that takes no ranges refuses them with the engine's text.
    const refused = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "import { corrupt } from 'fracture'; await corrupt(new Uint8Array(9), { mode: 'cut_replace', ranges: { only: ['1:2'] } });",
      ],
      { cwd: app, encoding: 'utf8' },
    );
    expect(refused.stderr).toContain(
      'Byte ranges work with byte_flip, header_preserve_flip, bad_sectors, bit_rot, seven_bit and misdirected_write, not truncate_insert',
    );
  });

  it('Node: corruptFile streams a path or a stream of any size into a path or a stream, with the CLI bytes', () => {
    // Longer than two of the stream's 4 MiB pieces; every mode here streams, guaranteed_break too.
    const big = path.join(app, 'big.bin');
    writeFileSync(big, randomBytes(9 * 1024 * 1024 + 777));
    const script = `
import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { corruptFile } from 'fracture';
const out = [];
for (const mode of ['bit_rot', 'shuffle_blocks', 'cut_replace', 'guaranteed_break']) {
  const a = await corruptFile('big.bin', 'sdk-' + mode + '-path.bin', { mode, seed: 11 });
  const sink = createWriteStream('sdk-' + mode + '-stream.bin');
  const b = await corruptFile(createReadStream('big.bin'), sink, { mode, seed: 11, filename: 'big.bin' });
  sink.end();
  await once(sink, 'close');
  out.push([mode, a.sha256_after, b.sha256_after, a.result_size]);
}
const refused = await corruptFile('big.bin', 'refused.bin', { mode: 'bit_rot', ranges: { only: ['0:0'] } }).catch((e) => e.message);
console.log(JSON.stringify({ out, refused }));
`;
    writeFileSync(path.join(app, 'stream-file.mjs'), script);
    const r = spawnSync(process.execPath, ['stream-file.mjs'], { cwd: app, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const { out, refused } = JSON.parse(r.stdout);
    for (const [mode, shaPath, shaStream] of out) {
      const expected = cliBytes(app, ['--mode', mode, '--seed', '11'], big, 'big_corrupted.bin');
      expect(readFileSync(path.join(app, `sdk-${mode}-path.bin`)).equals(expected), mode).toBe(true);
      expect(readFileSync(path.join(app, `sdk-${mode}-stream.bin`)).equals(expected), mode).toBe(true);
      expect(shaStream).toBe(shaPath);
    }
    expect(refused).toBe('The byte ranges leave no byte that may change in this 9437961-byte file');
    expect(existsSync(path.join(app, 'refused.bin'))).toBe(false);
  });

  it('Node: diagnose and diagnoseFile name what the CLI names, in the same words', () => {
    // A PNG that went through a text-mode transfer (every LF that had no CR got one), and one whose
    // bytes an editor prefixed with a byte order mark.
    const bytes = readFileSync(photo);
    const dos = Buffer.from(bytes.toString('latin1').replace(/(?<!\r)\n/g, '\r\n'), 'latin1');
    writeFileSync(path.join(app, 'dos.png'), dos);
    writeFileSync(path.join(app, 'bom.png'), Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes]));
    const script = `
import { readFileSync } from 'node:fs';
import { diagnose, diagnoseFile } from 'fracture';
const a = await diagnoseFile('dos.png');
const b = await diagnose(readFileSync('bom.png'), { filename: 'bom.png' });
const c = await diagnoseFile('dos.png', { original: 'photo.png' });
const empty = await diagnose(new Uint8Array(0), { filename: 'e.bin' }).catch((e) => e.message);
console.log(JSON.stringify({ a, b, c, empty }));
`;
    writeFileSync(path.join(app, 'diagnose.mjs'), script);
    writeFileSync(path.join(app, 'photo.png'), bytes);
    const r = spawnSync(process.execPath, ['diagnose.mjs'], { cwd: app, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const { a, b, c, empty } = JSON.parse(r.stdout);
    const cli = (args: string[]) => spawnSync(NATIVE, ['diagnose', ...args], { cwd: app, encoding: 'utf8' }).stdout;
    expect(a.report.causes[0].cause).toBe('text_transfer');
    expect(a.report.causes[0].direction).toBe('lf_to_crlf');
    expect(`${JSON.stringify(a.report)}\n`).toBe(cli(['--json', 'dos.png']));
    expect(a.text).toBe(cli(['dos.png']));
    expect(b.report.causes[0].cause).toBe('bom_added');
    expect(c.report.explained).toBe(true);
    expect(c.text).toBe(cli(['--original', 'photo.png', 'dos.png']));
    expect(empty).toBe('e.bin is empty: there is nothing to diagnose');
  });

  it("Node: corruptFile streams a large file on the native addon's helpers, with the CLI bytes, and lets the process end", () => {
    // Past STREAM_HELPERS_MIN (24 MiB): the addon's helpers start no thread, so the SDK has them; the
    // script's process ends by itself (spawnSync would time out otherwise), with or without the addon.
    const large = path.join(app, 'sdk-large.bin');
    writeFileSync(large, randomBytes(25 * 1024 * 1024 + 9));
    const script = `
import { corruptFile } from 'fracture';
const out = [];
for (const mode of ['byte_flip', 'bit_rot']) {
  const r = await corruptFile('sdk-large.bin', 'sdk-large-' + mode + '.bin', { mode, seed: 12 });
  out.push([mode, r.sha256_after]);
}
console.log(JSON.stringify(out));
`;
    writeFileSync(path.join(app, 'sdk-large.mjs'), script);
    for (const addon of ['on', 'off']) {
      const env = { ...process.env, FRACTURE_ADDON: addon };
      const r = spawnSync(process.execPath, ['sdk-large.mjs'], { cwd: app, encoding: 'utf8', env, timeout: 60_000 });
      expect(r.status, `addon ${addon}: ${r.stderr}`).toBe(0);
      for (const [mode, sha] of JSON.parse(r.stdout) as [string, string][]) {
        const expected = cliBytes(app, ['--mode', mode, '--seed', '12'], large, 'sdk-large_corrupted.bin');
        const written = readFileSync(path.join(app, `sdk-large-${mode}.bin`));
        expect(written.equals(expected), `${mode}, addon ${addon}`).toBe(true);
        expect(createHash('sha256').update(written).digest('hex')).toBe(sha);
      }
    }
  });

  it('Node: corruptFile streams --fix-checksums (a path or a stream, into a path or a stream), with the CLI bytes', () => {
    const file = path.join(app, 'bundle.zip');
    writeFileSync(file, zip(9 * 1024 * 1024));
    const script = `
import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { corruptFile } from 'fracture';
const o = { mode: 'byte_flip', seed: 4, intensity: 70, fixChecksums: true };
const a = await corruptFile('bundle.zip', 'sdk-fix-path.zip', o);
const sink = createWriteStream('sdk-fix-stream.zip');
const b = await corruptFile(createReadStream('bundle.zip'), sink, { ...o, filename: 'bundle.zip' });
sink.end();
await once(sink, 'close');
console.log(JSON.stringify({ a, b }));
`;
    writeFileSync(path.join(app, 'stream-fix.mjs'), script);
    const r = spawnSync(process.execPath, ['stream-fix.mjs'], { cwd: app, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const { a, b } = JSON.parse(r.stdout);
    const expected = cliBytes(
      app,
      ['--mode', 'byte_flip', '--seed', '4', '--intensity', '70', '--fix-checksums'],
      file,
      'bundle_corrupted.zip',
    );
    expect(readFileSync(path.join(app, 'sdk-fix-path.zip')).equals(expected)).toBe(true);
    expect(readFileSync(path.join(app, 'sdk-fix-stream.zip')).equals(expected)).toBe(true);
    expect(b.sha256_after).toBe(a.sha256_after);
    expect(a.checksums_fixed.zip_local_crc32).toBeGreaterThan(10);
  });

  it('Node: corruptFile aims by structure on a file of any size (selectors in ranges), with the CLI bytes', () => {
    // Longer than the 64 KiB head the streamed run starts from: the selectors are resolved against
    // the structure map read by position before the run is planned.
    const file = path.join(app, 'big.png');
    writeFileSync(file, png(3 * 1024 * 1024 + 321));
    const script = `
import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { corruptFile } from 'fracture';
const o = { mode: 'byte_flip', seed: 5, intensity: 60, ranges: { only: ['png:IDAT/data'], protect: ['png:IDAT#0'] } };
const a = await corruptFile('big.png', 'sdk-sel-path.png', o);
const sink = createWriteStream('sdk-sel-stream.png');
const b = await corruptFile(createReadStream('big.png'), sink, { ...o, filename: 'big.png' });
sink.end();
await once(sink, 'close');
const fixed = await corruptFile('big.png', 'sdk-sel-fixed.png', { ...o, mode: 'bit_rot', fixChecksums: true });
const refused = await corruptFile('big.png', 'sdk-sel-refused.png', { mode: 'bit_rot', ranges: { only: ['png:tEXt'] } }).catch((e) => e.message);
console.log(JSON.stringify({ a, b, fixed, refused }));
`;
    writeFileSync(path.join(app, 'stream-select.mjs'), script);
    const r = spawnSync(process.execPath, ['stream-select.mjs'], { cwd: app, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const { a, b, fixed, refused } = JSON.parse(r.stdout);
    const sel = ['--only', 'png:IDAT/data', '--protect', 'png:IDAT#0'];
    const expected = cliBytes(
      app,
      ['--mode', 'byte_flip', '--seed', '5', '--intensity', '60', ...sel],
      file,
      'big_corrupted.png',
    );
    expect(readFileSync(path.join(app, 'sdk-sel-path.png')).equals(expected)).toBe(true);
    expect(readFileSync(path.join(app, 'sdk-sel-stream.png')).equals(expected)).toBe(true);
    expect(b.sha256_after).toBe(a.sha256_after);
    expect(a.ranges).toBe('only png:IDAT/data, protect png:IDAT#0');
    expect(a.selected).toMatch(/^only png:IDAT\/data = \d+:\d+( \d+:\d+)*; protect png:IDAT#0 = \d+:\d+$/);
    // Every change is in IDAT data past the first chunk, so the hits are IDAT data only.
    expect(a.hits.length).toBeGreaterThan(0);
    expect(a.hits.every((h: { path: string }) => /^png:IDAT#([1-9]\d*)\/data$/.test(h.path))).toBe(true);
    const expectedFixed = cliBytes(
      app,
      ['--mode', 'bit_rot', '--seed', '5', '--intensity', '60', ...sel, '--fix-checksums'],
      file,
      'big_corrupted.png',
    );
    expect(readFileSync(path.join(app, 'sdk-sel-fixed.png')).equals(expectedFixed)).toBe(true);
    expect(fixed.checksums_fixed.png_chunk_crc32).toBeGreaterThan(0);
    expect(refused).toMatch(/^Selector "png:tEXt" matches nothing in this file; its units are signature, IHDR, IDAT#0/);
    expect(existsSync(path.join(app, 'sdk-sel-refused.png'))).toBe(false);
  });

  it("the installed CLI's --pdf runs on the PDF writer in the package's outputs module", () => {
    const bin = path.join(app, 'node_modules/.bin/fracture');
    const r = spawnSync(bin, ['--pdf', '--seed', '2', '--out', 'pdf-out', 'photo.png'], { cwd: app, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const pdf = path.join(app, 'pdf-out/photo.png_corruption_report.pdf');
    const check = spawnSync('qpdf', ['--check', pdf], { encoding: 'utf8' });
    expect(check.status, check.stdout).toBe(0);
    const text = spawnSync('pdftotext', [pdf, '-'], { encoding: 'utf8' }).stdout;
    expect(text).toContain('fracture --mode byte_flip --intensity 80 --seed 2 photo.png');
  });

  it('the installed CLI streams a large file with its native addon and on helper threads, with the native bytes', () => {
    // Past STREAM_HELPERS_MIN (24 MiB): the addon packed for this platform (FRACTURE_ADDON=on fails
    // without it), or the hashing and editing threads, start from the installed package's files.
    expect(readdirSync(path.join(app, 'node_modules/fracture/dist/lib/engine/native'))).toEqual([
      `fracture-engine.${process.platform}-${process.arch}.node`,
    ]);
    writeFileSync(path.join(app, 'large.bin'), randomBytes(25 * 1024 * 1024 + 3));
    const bin = path.join(app, 'node_modules/.bin/fracture');
    for (const addon of ['on', 'off']) {
      for (const mode of ['bit_rot', 'truncate_insert']) {
        const args = ['--mode', mode, '--seed', '4'];
        const env = { ...process.env, FRACTURE_ADDON: addon };
        const r = spawnSync(bin, [...args, '--out', 'large-out', 'large.bin'], { cwd: app, encoding: 'utf8', env });
        expect(r.status, r.stderr).toBe(0);
        expect(r.stderr).not.toContain('helper threads did not start');
        const npm = readFileSync(path.join(app, 'large-out/large_corrupted.bin'));
        expect(
          Buffer.compare(npm, cliBytes(app, args, 'large.bin', 'large_corrupted.bin')),
          `${mode}, addon ${addon}`,
        ).toBe(0);
      }
    }
  });

  it("the installed CLI's fracture agree: its engines and the native binary agree (helper threads too)", () => {
    // Past STREAM_HELPERS_MIN, so the streamed run starts its threads from the installed package's files.
    writeFileSync(path.join(app, 'agree.bin'), randomBytes(25 * 1024 * 1024 + 5));
    const bin = path.join(app, 'node_modules/.bin/fracture');
    const args = [
      'agree',
      '--json',
      '--seeds',
      '3..4',
      '--mode',
      'bit_rot',
      '--native',
      NATIVE,
      'photo.png',
      'agree.bin',
    ];
    const r = spawnSync(bin, args, { cwd: app, encoding: 'utf8' });
    expect(r.status, r.stderr + r.stdout).toBe(0);
    expect(r.stderr).not.toContain('helper threads did not start');
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((o) => [o.file, o.seed, o.status, o.engines.length])).toEqual([
      ['photo.png', 3, 'agree', 3],
      ['photo.png', 4, 'agree', 3],
      ['agree.bin', 3, 'agree', 3],
      ['agree.bin', 4, 'agree', 3],
    ]);
  });

  it('Node: every input type and both engines give the same bytes; reports, stages, abort and errors', () => {
    const script = `
import { readFileSync } from 'node:fs';
import { corrupt } from 'fracture';
const bytes = readFileSync('photo.png');
const before = Buffer.from(bytes);
const options = { mode: 'cut_replace', intensity: 60, seed: 9, filename: 'photo.png' };
const stages = [];
const fractions = [];
const runs = [
  await corrupt(bytes, { ...options, onStage: (s) => stages.push(s), onProgress: (f) => fractions.push(f) }),
  await corrupt(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length), options),
  await corrupt(new Blob([bytes]), options),
  await corrupt(bytes, { ...options, engine: 'ts' }),
];
const aborted = new AbortController();
aborted.abort();
const errors = await Promise.all([
  corrupt(bytes, { ...options, signal: aborted.signal }).catch((e) => e.name),
  corrupt(bytes, { ...options, mode: 'melt' }).catch((e) => e.message),
  corrupt(bytes, { ...options, intensity: 101 }).catch((e) => e.message),
]);
const late = new AbortController();
const lateRun = corrupt(bytes, { ...options, signal: late.signal, onStage: (s) => s === 'plan' && late.abort() });
errors.push(await lateRun.catch((e) => e.name));
console.log(JSON.stringify({
  same: runs.map((r) => Buffer.from(r.data).equals(Buffer.from(runs[0].data))),
  types: runs.map((r) => r.data.constructor.name),
  unchanged: bytes.equals(before),
  report: runs[0].report,
  stages,
  fractions,
  errors,
}));
`;
    writeFileSync(path.join(app, 'api.mjs'), script);
    const r = spawnSync(process.execPath, ['api.mjs'], { cwd: app, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const got = JSON.parse(r.stdout);
    expect(got.same).toEqual([true, true, true, true]);
    expect(got.types).toEqual(['Uint8Array', 'Uint8Array', 'Uint8Array', 'Uint8Array']);
    expect(got.unchanged).toBe(true);
    expect(got.stages).toEqual(['scan', 'plan', 'corrupt', 'verify', 'report']);
    expect(got.fractions).toEqual([0.15, 0.35, 0.7, 0.85, 1]);
    expect(got.errors).toEqual([
      'AbortError',
      'Unsupported corruption mode: melt',
      'Intensity must be an integer from 0 to 100, got 101',
      'AbortError',
    ]);
    // The report is the CLI's --json line, timings and host fields aside.
    const cli = spawnSync(
      NATIVE,
      ['--mode', 'cut_replace', '--intensity', '60', '--seed', '9', '--json', '--out', 'r', photo],
      {
        cwd: app,
        encoding: 'utf8',
      },
    );
    // The SDK's report is the CLI's --json line, field for field and in order: the engine's fields,
    // then the host fields replay and share_link.
    const line = JSON.parse(cli.stdout);
    expect(line.replay).toBe(`fracture --mode truncate_insert --intensity 60 --seed 9 photo.png`);
    expect(line.share_link).toBe(
      `${SITE_ORIGIN}/?v=2&mode=truncate_insert&intensity=60&seed=9&file=photo.png&size=${readFileSync(photo).length}`,
    );
    const untimed = (o: Record<string, unknown>) => ({ ...o, time_ms: 0, ops_ms: 0 });
    expect(untimed(got.report)).toEqual(untimed(line));
    expect(Object.keys(got.report)).toEqual(Object.keys(line));
    expect(Buffer.from(readFileSync(path.join(app, 'r/photo_corrupted.png'))).length).toBe(got.report.result_size);
  });

  it('a strict TypeScript consumer compiles against the shipped types, in Node and in a browser project', () => {
    const check = (name: string, tsconfig: object, source: string) => {
      const dir = path.join(app, name);
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify(tsconfig));
      writeFileSync(path.join(dir, 'main.ts'), source);
      return spawnSync(process.execPath, [TSC, '-p', dir], { cwd: app, encoding: 'utf8' });
    };
    const common = { strict: true, noEmit: true, skipLibCheck: false, target: 'ES2022', lib: ['ES2023'] };
    const node = check(
      'ts-node',
      {
        compilerOptions: {
          ...common,
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          // No @types/node: the project has only the package and TypeScript (the node entry's own
          // declarations name nothing of Node's types, so they compile without them).
          types: [],
        },
        files: ['main.ts'],
      },
      `import { corrupt, corruptFile, corruptVariants, SITE_ORIGIN, type ByteSink, type ByteSource, type CorruptOptions, type Report } from 'fracture';
declare const console: { log(...values: unknown[]): void };
const options: CorruptOptions = { mode: 'quick_scramble', intensity: 5, seed: 1, engine: 'ts', onStage: (stage, message) => console.log(stage.toUpperCase(), message) };
const { data, report } = await corrupt(new Uint8Array(8), options);
const bytes: Uint8Array = data;
const r: Report = report;
const seed: number = r.seed;
// The CLI's host fields are the SDK's too.
const fileReport: Report = await corruptFile('in.bin', 'out.bin', { seed: 1, siteOrigin: SITE_ORIGIN });
const links: string[] = [r.replay, r.share_link, fileReport.share_link];
const variants = await corruptVariants(new ArrayBuffer(8), { count: 2 });
const first: Uint8Array = variants[0].data;
// Streams as Node's are, written structurally: an async iterable of chunks in, write(chunk, callback) out.
async function* chunks() { yield new Uint8Array(4); yield 'text'; }
const source: ByteSource = chunks();
const sink: ByteSink = { write: (chunk: Uint8Array, done: (error?: Error | null) => void) => { done(); return chunk.length > 0; } };
const streamed: Report = await corruptFile(source, sink, { filename: 'x.bin' });
// @ts-expect-error: not an option
await corrupt(bytes, { colour: 'red' });
// @ts-expect-error: in Node data is bytes, not a Blob
const blob: Blob = data;
// @ts-expect-error: a number is no stream
await corruptFile(42, 'out.bin');
console.log(seed, first, blob, links, streamed);
`,
    );
    expect(node.status, node.stdout + node.stderr).toBe(0);
    const browser = check(
      'ts-browser',
      {
        compilerOptions: {
          ...common,
          lib: ['ES2023', 'DOM'],
          module: 'ESNext',
          moduleResolution: 'bundler',
          types: [],
        },
        files: ['main.ts'],
      },
      `import { corrupt, SITE_ORIGIN } from 'fracture';
const input = document.querySelector('input')!;
const { data, report } = await corrupt(input.files![0], { signal: new AbortController().signal, onProgress: (f) => f.toFixed(2), siteOrigin: SITE_ORIGIN });
const blob: Blob = data;
const name: string = report.filename;
const link: string = report.share_link + report.replay;
// @ts-expect-error: in the browser data is a Blob
const bytes: Uint8Array = data;
console.log(blob, name, bytes, link);
`,
    );
    expect(browser.status, browser.stdout + browser.stderr).toBe(0);
    // Neither entry's declarations, nor anything they import, name anything of Node's: both projects
    // above compile them with no @types/node anywhere (none is installed).
    expect(existsSync(path.join(app, 'node_modules/@types'))).toBe(false);
    const seen = new Set<string>();
    const walk = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const text = readFileSync(file, 'utf8');
      expect(text, file).not.toMatch(/\bNodeJS\b|['"]node:|reference types="node"|\bBuffer\b/);
      for (const [, spec] of text.matchAll(/from ['"](\.[^'"]+)['"]/g)) {
        walk(path.resolve(path.dirname(file), spec.replace(/\.[jt]s$/, '.d.ts')));
      }
    };
    walk(path.join(app, 'node_modules/fracture/dist/sdk/browser.d.ts'));
    walk(path.join(app, 'node_modules/fracture/dist/sdk/node.d.ts'));
    walk(path.join(app, 'node_modules/fracture/dist/sdk/fast-check.d.ts'));
    expect(seen.size).toBeGreaterThan(3);
    // And the checks can fail: a wrong use is reported.
    const wrong = check(
      'ts-wrong',
      JSON.parse(readFileSync(path.join(app, 'ts-browser/tsconfig.json'), 'utf8')),
      `import { corrupt } from 'fracture';\nawait corrupt('text');\n`,
    );
    expect(wrong.stdout).toMatch(/error TS2345/);
  });

  describe("a Vite app with the usage guide's browser example, in Chromium", () => {
    let site: string;

    beforeAll(() => {
      // The consumer project itself is the app: the usage guide's example as written, in a page with a file
      // picker; no Vite config.
      site = app;
      writeFileSync(
        path.join(site, 'index.html'),
        '<!doctype html><html><head><meta charset="utf-8"><title>consumer</title><link rel="icon" href="data:,"></head><body><input type="file"><script type="module" src="/main.js"></script></body></html>',
      );
      writeFileSync(path.join(site, 'main.js'), readmeExample('browser'));
    });

    /** Opens `url`, picks photo.png, downloads the result; every request the page made. */
    async function corruptInPage(url: string) {
      const browser = await chromium.launch({ executablePath: TEST_CHROMIUM });
      try {
        const page = await browser.newPage();
        const requests: string[] = [];
        const errors: string[] = [];
        page.on('request', (r) => requests.push(r.url()));
        page.on('pageerror', (e) => errors.push(e.message));
        page.on('console', (m) => m.type() === 'warning' && errors.push(m.text()));
        await page.goto(url);
        await page.setInputFiles('input[type=file]', photo);
        const link = page.locator('a[download]');
        await link.waitFor({ timeout: 30_000 });
        const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
        return {
          bytes: readFileSync((await download.path())!),
          name: download.suggestedFilename(),
          text: await link.textContent(),
          requests,
          errors,
        };
      } finally {
        await browser.close();
      }
    }

    it('vite build with no plugin or setting emits the worker and the module, and the page writes the CLI bytes', async () => {
      execFileSync(process.execPath, [VITE, 'build'], { cwd: site, stdio: 'pipe' });
      const assets = readdirSync(path.join(site, 'dist/assets'));
      expect(
        assets.some((a) => /^worker-.*\.js$/.test(a)),
        assets.join(),
      ).toBe(true);
      expect(
        assets.some((a) => /^fracture_engine_bg-.*\.wasm$/.test(a)),
        assets.join(),
      ).toBe(true);
      const preview = await startVite(site, ['preview']);
      servers.push(preview.proc);
      const got = await corruptInPage(preview.url);
      const expected = cliBytes(app, ['--mode', 'guaranteed_break', '--seed', '42'], photo, 'photo_corrupted.png');
      expect(got.bytes.equals(expected)).toBe(true);
      expect(got.name).toBe('corrupted-photo.png');
      expect(got.text).toBe("photo.png: Won't Open (Verified Heuristically)");
      // The WebAssembly engine ran (no fallback warning), and nothing was fetched from elsewhere.
      expect(got.errors).toEqual([]);
      expect(got.requests.some((u) => /\/assets\/fracture_engine_bg-.*\.wasm$/.test(u))).toBe(true);
      for (const u of got.requests) expect(u.startsWith(preview.url), u).toBe(true);
    });

    it("Vite's dev server (dependencies pre-bundled) works too, with no setting", async () => {
      const dev = await startVite(site, []);
      servers.push(dev.proc);
      const got = await corruptInPage(dev.url);
      const expected = cliBytes(app, ['--mode', 'guaranteed_break', '--seed', '42'], photo, 'photo_corrupted.png');
      expect(got.bytes.equals(expected)).toBe(true);
      expect(got.errors).toEqual([]);
      // The package was pre-bundled, and the worker and module still came from the package.
      expect(got.requests.some((u) => u.includes('/node_modules/.vite/deps/fracture.js'))).toBe(true);
      expect(got.requests.some((u) => u.includes('/node_modules/fracture/dist/lib/engine/host/worker.js'))).toBe(true);
      expect(
        got.requests.some((u) => u.endsWith('/node_modules/fracture/dist/lib/engine/pkg/fracture_engine_bg.wasm')),
      ).toBe(true);
    });
  });
});
