// "Nothing lost" in the SDK, as its users meet it: corruptFile from the tarball `npm pack` makes,
// installed into an empty project, run by Node in a directory of its own per scenario (docs/cli.md,
// "Nothing lost: outputs, inputs, names and signals"). After each scenario every input it made keeps
// its SHA-256 and mode, no temporary file (`.fracture-*.tmp`) is left, and TMPDIR is empty again.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_ORIGIN } from '../../lib/engine/shared/mode-tables.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TEXT = 'hello world, hello again\n';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('nothing lost (SDK, installed from its tarball)', () => {
  let work: string;
  let app: string;

  beforeAll(() => {
    if (!existsSync(path.join(ROOT, 'dist/sdk/node.js'))) throw new Error('dist/ is missing: run `make cli` first');
    work = mkdtempSync(path.join(tmpdir(), 'fracture-fs-sdk-'));
    const packed = JSON.parse(
      execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work], {
        cwd: ROOT,
        encoding: 'utf8',
      }),
    );
    app = path.join(work, 'app');
    mkdirSync(app);
    writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
    execFileSync('npm', ['i', path.join(work, packed[0].filename), '--offline', '--no-audit', '--no-fund'], {
      cwd: app,
      stdio: 'pipe',
    });
  }, 120_000);

  afterAll(() => {
    rmSync(work, { recursive: true, force: true });
  });

  /** A scenario's directory (inside the consumer project), its inputs, and a Node run of `script` there. */
  function scenario() {
    const dir = mkdtempSync(path.join(app, 's-'));
    const tmp = path.join(dir, '.systmp');
    mkdirSync(tmp, { mode: 0o700 });
    const inputs = new Map<string, { sha: string; mode: number }>();
    const at = (name: string) => path.join(dir, name);
    return {
      dir,
      at,
      input(name: string, bytes: string | Buffer = TEXT, mode = 0o644) {
        mkdirSync(path.dirname(at(name)), { recursive: true });
        writeFileSync(at(name), bytes);
        chmodSync(at(name), mode);
        inputs.set(name, { sha: sha256(readFileSync(at(name))), mode });
      },
      /** Runs `script` (an ES module that imports 'fracture') and returns what it printed as JSON. */
      node(script: string): unknown {
        const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
          cwd: dir,
          env: { ...process.env, TMPDIR: tmp },
          encoding: 'utf8',
        });
        expect(r.status, r.stderr).toBe(0);
        return JSON.parse(r.stdout);
      },
      /** Every input unchanged, no temporary file, TMPDIR empty. */
      check() {
        for (const [name, { sha, mode }] of inputs) {
          expect(sha256(readFileSync(at(name))), `input ${name} changed`).toBe(sha);
          expect((statSync(at(name)).mode & 0o7777).toString(8), `mode of ${name}`).toBe(mode.toString(8));
        }
        const temporaries: string[] = [];
        const walk = (d: string) => {
          for (const e of readdirSync(d, { withFileTypes: true })) {
            if (/^\.fracture-.*\.tmp$/.test(e.name)) temporaries.push(path.join(d, e.name));
            if (e.isDirectory()) walk(path.join(d, e.name));
          }
        };
        walk(dir);
        expect(temporaries, 'temporary files left').toEqual([]);
        expect(readdirSync(tmp), 'TMPDIR left').toEqual([]);
      },
    };
  }

  /** `corruptFile(input, output, options)` in the scenario: the report, or the rejection's message. */
  const attempt = (input: string, output: string, options = '{ seed: 1 }') => `
import { corruptFile } from 'fracture';
const result = await corruptFile(${JSON.stringify(input)}, ${JSON.stringify(output)}, ${options}).then(
  (report) => ({ report }),
  (e) => ({ error: e.message }),
);
console.log(JSON.stringify(result));
`;

  it('corruptFile(p, p) rejects and leaves the file as it was', () => {
    const s = scenario();
    s.input('a.txt');
    const ino = statSync(s.at('a.txt')).ino;
    expect(s.node(attempt('a.txt', 'a.txt'))).toEqual({ error: 'output a.txt is the input a.txt' });
    // The same file under another spelling, and with the ts engine.
    expect(s.node(attempt('a.txt', './a.txt', "{ engine: 'ts' }"))).toEqual({
      error: 'output ./a.txt is the input a.txt',
    });
    expect(statSync(s.at('a.txt')).ino).toBe(ino);
    s.check();
  });

  it('an output that is a symlink or a hard link to the input is refused, the link kept', () => {
    const s = scenario();
    s.input('a.txt');
    mkdirSync(s.at('out'));
    symlinkSync('../a.txt', s.at('out/sym.txt'));
    linkSync(s.at('a.txt'), s.at('out/hard.txt'));
    expect(s.node(attempt('a.txt', 'out/sym.txt'))).toEqual({ error: 'output out/sym.txt is the input a.txt' });
    expect(s.node(attempt('a.txt', 'out/hard.txt'))).toEqual({ error: 'output out/hard.txt is the input a.txt' });
    // And the input given through a symlink, the output the file itself.
    symlinkSync('a.txt', s.at('via.txt'));
    expect(s.node(attempt('via.txt', 'a.txt'))).toEqual({ error: 'output a.txt is the input via.txt' });
    expect(lstatSync(s.at('out/sym.txt')).isSymbolicLink()).toBe(true);
    expect(readdirSync(s.at('out')).sort()).toEqual(['hard.txt', 'sym.txt']);
    s.check();
  });

  it('a call rejected for a bad option leaves an existing output as it was', () => {
    const s = scenario();
    s.input('a.txt');
    writeFileSync(s.at('out.txt'), 'the earlier output');
    const ino = statSync(s.at('out.txt')).ino;
    for (const [options, error] of [
      ["{ mode: 'melt' }", 'Unsupported corruption mode: melt'],
      ['{ intensity: 101 }', 'Intensity must be an integer from 0 to 100, got 101'],
      ["{ engine: 'ts', intensity: 101 }", 'Intensity must be an integer from 0 to 100, got 101'],
      [
        "{ mode: 'bit_rot', ranges: { only: ['0:0'] } }",
        'The byte ranges leave no byte that may change in this 25-byte file',
      ],
      [
        "{ mode: 'cut_replace', fixChecksums: true }",
        'Keeping checksums valid works with byte_flip, header_preserve_flip, bad_sectors, bit_rot, seven_bit and misdirected_write, not truncate_insert',
      ],
    ]) {
      const got = s.node(attempt('a.txt', 'out.txt', options)) as { error?: string };
      expect(got.error, options).toContain(error);
      expect(readFileSync(s.at('out.txt'), 'utf8'), options).toBe('the earlier output');
      expect(statSync(s.at('out.txt')).ino, options).toBe(ino);
    }
    s.check();
  });

  it('an output that is a directory, or an input that is not a regular file, is refused', () => {
    const s = scenario();
    s.input('a.txt');
    mkdirSync(s.at('d'));
    expect(s.node(attempt('a.txt', 'd'))).toEqual({ error: 'output d is a directory' });
    expect(s.node(attempt('d', 'x.txt'))).toEqual({ error: 'd is a directory, not a regular file' });
    expect(spawnSync('mkfifo', [s.at('fifo')]).status).toBe(0);
    expect(s.node(attempt('fifo', 'x.txt'))).toEqual({ error: 'fifo is a FIFO, not a regular file' });
    expect(s.node(attempt('/dev/zero', 'x.txt'))).toEqual({
      error: '/dev/zero is a character device, not a regular file',
    });
    expect(existsSync(s.at('x.txt'))).toBe(false);
    s.check();
  });

  it('the output is never readable by more users than the input; an existing one is replaced by a rename', () => {
    const s = scenario();
    s.input('secret.txt', TEXT, 0o600);
    s.input('open.txt', TEXT, 0o644);
    writeFileSync(s.at('secret_out.txt'), 'the earlier output');
    chmodSync(s.at('secret_out.txt'), 0o666);
    linkSync(s.at('secret_out.txt'), s.at('kept.txt'));
    const got = s.node(`
import { corruptFile } from 'fracture';
await corruptFile('secret.txt', 'secret_out.txt', { seed: 3 });
await corruptFile('open.txt', 'open_out.txt', { seed: 3 });
await corruptFile('secret.txt', 'secret_ts.txt', { seed: 3, engine: 'ts' });
console.log(JSON.stringify(process.umask()));
`) as number;
    const expected = (m: number) => (0o666 & ~got & m).toString(8);
    const mode = (name: string) => (statSync(s.at(name)).mode & 0o777).toString(8);
    expect(mode('secret_out.txt')).toBe(expected(0o600));
    expect(mode('secret_ts.txt')).toBe(expected(0o600));
    expect(mode('open_out.txt')).toBe(expected(0o644));
    // The earlier file was replaced, not written over: its other link keeps its bytes.
    expect(readFileSync(s.at('kept.txt'), 'utf8')).toBe('the earlier output');
    expect(readFileSync(s.at('secret_out.txt')).length).toBe(TEXT.length);
    s.check();
  });

  it('a readable stream is spooled in a private directory (0700, the file 0600), removed afterwards', () => {
    const s = scenario();
    s.input('a.bin', Buffer.alloc(3 * 1024 * 1024, 7));
    const got = s.node(`
import { createReadStream, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { corruptFile } from 'fracture';
const source = new PassThrough();
const seen = [];
const running = corruptFile(source, 'out.bin', { seed: 5, filename: 'a.bin' });
source.write(Buffer.alloc(1024 * 1024, 7));
// The spool exists while the stream is still open.
for (let i = 0; i < 200 && seen.length === 0; i++) {
  await new Promise((r) => setTimeout(r, 10));
  for (const d of readdirSync(tmpdir())) {
    const dir = path.join(tmpdir(), d);
    for (const f of readdirSync(dir)) seen.push([statSync(dir).mode & 0o777, statSync(path.join(dir, f)).mode & 0o777]);
  }
}
source.end(Buffer.alloc(2 * 1024 * 1024, 7));
const report = await running;
console.log(JSON.stringify({ seen, size: report.result_size }));
`) as { seen: number[][]; size: number };
    expect(got.seen.length).toBeGreaterThan(0);
    expect(got.seen[0].map((m) => m.toString(8))).toEqual(['700', '600']);
    expect(got.size).toBe(3 * 1024 * 1024);
    s.check();
  });

  it("the report carries every field of the CLI's --json line, replay and share_link included", () => {
    const s = scenario();
    s.input('photo.png', Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), Buffer.alloc(4000, 3)]));
    const got = s.node(`
import { readFileSync } from 'node:fs';
import { corrupt, corruptFile, SITE_ORIGIN } from 'fracture';
const options = { mode: 'cut_replace', intensity: 60, seed: 9, filename: 'photo.png' };
const viaFile = await corruptFile('photo.png', 'out.png', options);
const { report: inMemory } = await corrupt(readFileSync('photo.png'), options);
const elsewhere = await corruptFile('photo.png', 'out2.png', { ...options, siteOrigin: 'https://qa.example.org' });
const refused = await corrupt(new Uint8Array(4), { siteOrigin: 'https://qa.example.org/path' }).catch((e) => e.message);
console.log(JSON.stringify({ viaFile, inMemory, link: elsewhere.share_link, refused, SITE_ORIGIN }));
`) as Record<string, Record<string, unknown> & { share_link: string }>;
    const cli = spawnSync(
      process.execPath,
      [
        path.join(app, 'node_modules/fracture/bin/fracture.mjs'),
        ...['--mode', 'cut_replace', '--intensity', '60', '--seed', '9', '--json', '--out', 'cli', 'photo.png'],
      ],
      { cwd: s.dir, encoding: 'utf8', env: { ...process.env, TMPDIR: path.join(s.dir, '.systmp') } },
    );
    expect(cli.status, cli.stderr).toBe(0);
    const line = JSON.parse(cli.stdout);
    const untimed = (o: Record<string, unknown>) => ({ ...o, time_ms: 0, ops_ms: 0 });
    for (const report of [got.viaFile, got.inMemory]) {
      expect(Object.keys(report)).toEqual(Object.keys(line));
      expect(untimed(report)).toEqual(untimed(line));
    }
    expect(line.replay).toBe('fracture --mode truncate_insert --intensity 60 --seed 9 photo.png');
    expect(got.SITE_ORIGIN).toBe(SITE_ORIGIN);
    const query = 'v=2&mode=truncate_insert&intensity=60&seed=9&file=photo.png&size=4008';
    expect(line.share_link).toBe(`${SITE_ORIGIN}/?${query}`);
    expect(got.link).toBe(`https://qa.example.org/?${query}`);
    expect(got.refused).toBe(
      'siteOrigin must be an http or https origin such as https://example.com, got https://qa.example.org/path',
    );
    s.check();
  });
  it('a path that is not UTF-8, given as its bytes, is read and written by those bytes, as the native CLI does', () => {
    const s = scenario();
    const name = Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x2e, 0x74, 0x78, 0x74]); // b"caf\xe9.txt"
    const input = Buffer.concat([Buffer.from(`${s.dir}/`), name]);
    writeFileSync(input, Buffer.alloc(700, 'hello, world '));
    const sha = sha256(readFileSync(input));
    const got = s.node(`
import { readdirSync, readFileSync } from 'node:fs';
import { corruptFile } from 'fracture';
const name = readdirSync('.', { encoding: 'buffer' }).find((n) => n.includes(0xe9));
const out = Buffer.concat([Buffer.from('sdk-'), name]);
const report = await corruptFile(name, out, { seed: 5 });
const refused = await corruptFile(name, name, { seed: 5 }).then(() => 'written', (e) => e.message);
console.log(JSON.stringify({ report, refused, out: readFileSync(out).toString('hex') }));
`) as { report: Record<string, unknown>; refused: string; out: string };
    expect(got.refused).toBe('output caf\\xE9.txt is the input caf\\xE9.txt');
    expect(got.report.filename).toBe('caf\ufffd.txt');
    // The native CLI on the same bytes (a shell glob passes them): the same output and report.
    const cli = spawnSync(
      'sh',
      ['-c', 'exec "$0" --seed 5 --json --out nat caf*.txt', path.join(ROOT, 'target/release/fracture')],
      { cwd: s.dir, encoding: 'utf8' },
    );
    expect(cli.status, cli.stderr).toBe(0);
    const [written] = readdirSync(path.join(s.dir, 'nat'), { encoding: 'buffer' });
    expect(written.equals(Buffer.from([0x63, 0x61, 0x66, 0xe9, ...Buffer.from('_corrupted.txt')]))).toBe(true);
    const native = readFileSync(Buffer.concat([Buffer.from(`${s.dir}/nat/`), written]));
    expect(got.out === native.toString('hex'), 'the same bytes as the native CLI').toBe(true);
    const untimed = (o: Record<string, unknown>) => ({ ...o, time_ms: 0, ops_ms: 0 });
    expect(untimed(got.report)).toEqual(untimed(JSON.parse(cli.stdout)));
    expect(sha256(readFileSync(input)), 'the input is unchanged').toBe(sha);
    s.check();
  });
});
