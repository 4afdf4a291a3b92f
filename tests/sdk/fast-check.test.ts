// `fracture/fast-check` as its users meet it: the tarball `npm pack` makes, installed into an empty
// project beside fast-check (packed from the repository's own copy, so no registry is needed), used
// there from Vitest, Jest and `node --test`. The examples of docs/fast-check.md run as written; the
// properties below run in that project, in its Vitest, against the SDK's corrupt() and the native
// CLI. Vitest and Jest are the repository's own, linked into the project as if installed there.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const NATIVE = path.join(ROOT, 'target/release/fracture');
const VITEST = path.join(ROOT, 'node_modules/vitest/vitest.mjs');
const TSC = path.join(ROOT, 'node_modules/typescript/bin/tsc');
const JEST = path.join(ROOT, 'node_modules/jest');

/** The example of docs/fast-check.md marked `<!-- example: NAME ... -->`, exactly as printed there. */
function docExample(name: string): string {
  const doc = readFileSync(path.join(ROOT, 'docs/fast-check.md'), 'utf8');
  const match = doc.match(new RegExp(`<!-- example: ${name} [^>]*-->\\n\`\`\`js\\n([\\s\\S]*?)\`\`\`\\n`));
  if (!match) throw new Error(`docs/fast-check.md has no example "${name}"`);
  return match[1];
}

/** The environment without this Vitest's own variables, so that the project's Vitest starts afresh. */
function childEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(VITEST|VITE_|TINYPOOL)/.test(k)));
}

const npm = (args: string[], cwd: string) => execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: 'pipe' });

/** The properties, run by the project's Vitest (`corruption()` against the SDK's `corrupt()`). */
const PROPERTIES = `
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { corrupt } from 'fracture';
import { corruption } from 'fracture/fast-check';
import { expect, test } from 'vitest';

const png = new Uint8Array(readFileSync('photo.png'));
const untimed = ({ time_ms, ops_ms, ...rest }) => rest;

// A text file too: byte_flip and guaranteed_break escalate on output that still looks whole.
const csv = new TextEncoder().encode('id,name,score\\n' + Array.from({ length: 40 }, (_, i) => i + ',row ' + i + ',' + i * 7).join('\\n'));
const bases = { 'photo.png': png, 'data.csv': csv };

async function sameAsCorrupt(value, base, options) {
  const { mode, intensity, seed } = value.report;
  const sdk = await corrupt(base, { ...options, mode, intensity, seed });
  expect(value.data).toEqual(sdk.data);
  expect(untimed(value.report)).toEqual(untimed(sdk.report));
  expect(Object.keys(value.report)).toEqual(Object.keys(sdk.report));
}

test.each([
  ['wasm', 'photo.png'],
  ['ts', 'photo.png'],
  ['wasm', 'data.csv'],
  ['ts', 'data.csv'],
])('each value is corrupt() for its draw (%s engine, %s), and base is kept', async (engine, filename) => {
  const base = bases[filename];
  const before = base.slice();
  const modes = new Set();
  await fc.assert(
    fc.asyncProperty(corruption(base, { filename, engine }), async (value) => {
      modes.add(value.report.mode);
      expect(value.report.filename).toBe(filename);
      await sameAsCorrupt(value, base, { filename });
    }),
    { seed: 42, numRuns: 60 },
  );
  expect([...modes].sort()).toEqual([
    'bad_sectors', 'bit_rot', 'byte_flip', 'charset_roundtrip', 'guaranteed_break', 'header_preserve_flip',
    'interrupted_transfer', 'misdirected_write', 'seven_bit', 'shuffle_blocks', 'text_transfer', 'truncate_insert',
  ]);
  expect(base).toEqual(before);
});

// Drawn from all twelve modes, 60 values hold no escalated run; drawn from the two that escalate, some are.
test.each(['wasm', 'ts'])('byte_flip and guaranteed_break escalate on the CSV as corrupt() does (%s engine)', async (engine) => {
  let escalated = 0;
  await fc.assert(
    fc.asyncProperty(corruption(csv, { filename: 'data.csv', engine, modes: ['byte_flip', 'guaranteed_break'] }), async (value) => {
      if (value.report.escalated) escalated++;
      await sameAsCorrupt(value, csv, { filename: 'data.csv' });
    }),
    { seed: 42, numRuns: 30 },
  );
  expect(escalated).toBeGreaterThan(0);
});

test('ranges and fixChecksums: the six modes that take them, corrupt()\\'s bytes, nothing changed outside', async () => {
  const options = { filename: 'photo.png', ranges: { only: ['0x40:'], protect: ['-12:'] }, fixChecksums: true };
  const modes = new Set();
  await fc.assert(
    fc.asyncProperty(corruption(png, options), async (value) => {
      modes.add(value.report.mode);
      await sameAsCorrupt(value, png, options);
      expect(value.data.subarray(0, 0x40)).toEqual(png.subarray(0, 0x40));
      expect(value.report.checksums_fixed).toBeDefined();
    }),
    { seed: 9, numRuns: 30 },
  );
  expect([...modes].sort()).toEqual([
    'bad_sectors', 'bit_rot', 'byte_flip', 'header_preserve_flip', 'misdirected_write', 'seven_bit',
  ]);
});

test('modes (engine or site names) and maxIntensity bound the draws', () => {
  const values = fc.sample(corruption(png, { filename: 'photo.png', modes: ['stealth_corruption', 'bit_rot'], maxIntensity: 20 }), { seed: 1, numRuns: 200 });
  expect(new Set(values.map((v) => v.report.mode))).toEqual(new Set(['header_preserve_flip', 'bit_rot']));
  const intensities = values.map((v) => v.report.intensity);
  expect(Math.max(...intensities)).toBe(20);
  expect(Math.min(...intensities)).toBe(0);
});

test('a property that fails for every value shrinks to the first mode, intensity 0 and seed 0', () => {
  const out = fc.check(fc.property(corruption(png, { filename: 'photo.png', modes: ['bad_sectors', 'bit_rot'] }), () => false), { seed: 3 });
  expect(out.failed).toBe(true);
  const { mode, intensity, seed } = out.counterexample[0].report;
  expect([mode, intensity, seed]).toEqual(['bad_sectors', 0, 0]);
});

test('shrinking finds the lowest failing intensity of the failing mode, at seed 0', () => {
  const failsFrom37 = ({ report }) => !(report.mode === 'bit_rot' && report.intensity >= 37);
  for (const seed of [1, 2, 3]) {
    const out = fc.check(fc.property(corruption(png, { filename: 'photo.png', modes: ['bad_sectors', 'bit_rot'] }), failsFrom37), { seed, numRuns: 500 });
    expect(out.failed).toBe(true);
    const { mode, intensity, seed: drawn } = out.counterexample[0].report;
    expect([mode, intensity, drawn]).toEqual(['bit_rot', 37, 0]);
  }
});

test('a counterexample prints as its draw', () => {
  expect(() => fc.assert(fc.property(corruption(png, { modes: ['bit_rot'] }), () => false), { seed: 5 })).toThrow(
    'Counterexample: [corruption({"mode":"bit_rot","intensity":0,"seed":0})]',
  );
});

test('bad options throw from corruption() with the engine\\'s texts', () => {
  expect(() => corruption(png, { modes: ['nope'] })).toThrow(/^Unsupported corruption mode: nope$/);
  expect(() => corruption(png, { maxIntensity: 101 })).toThrow(/^Intensity must be an integer from 0 to 100, got 101$/);
  expect(() => corruption(png, { modes: ['shuffle_blocks'], fixChecksums: true })).toThrow(
    /^Keeping checksums valid works with byte_flip, header_preserve_flip, bad_sectors, bit_rot, seven_bit and misdirected_write, not shuffle_blocks$/,
  );
  expect(() => corruption(png, { modes: ['cut_replace'], ranges: { only: ['1:2'] } })).toThrow(
    /^Byte ranges work with byte_flip, header_preserve_flip, bad_sectors, bit_rot, seven_bit and misdirected_write, not truncate_insert$/,
  );
  expect(() => corruption(png, { ranges: { only: ['10'] } })).toThrow(/^Invalid byte range "10"/);
  expect(() => corruption(png, { modes: [] })).toThrow(/^modes must name at least one mode$/);
  expect(() => corruption(png, { engine: 'rust' })).toThrow(/^Unknown engine rust/);
  expect(() => corruption('photo.png')).toThrow(TypeError);
});
`;

/** Draws values in the project and writes each one's bytes and replay command, for the native CLI to remake. */
const REPLAYS = `
import { readFileSync, writeFileSync } from 'node:fs';
import fc from 'fast-check';
import { corruption } from 'fracture/fast-check';

const png = readFileSync('photo.png');
const values = fc.sample(corruption(png, { filename: 'photo.png', maxIntensity: 90 }), { seed: 11, numRuns: 8 });
values.forEach((v, i) => writeFileSync('drawn-' + i + '.png', v.data));
console.log(JSON.stringify(values.map((v) => v.report.replay)));
`;

/** A failing property under node:test: the runner's output names the shrunk draw. */
const FAILING = `
import { test } from 'node:test';
import fc from 'fast-check';
import { corruption } from 'fracture/fast-check';

test('every corrupted copy is shorter than 1 byte', () => {
  fc.assert(fc.property(corruption(new Uint8Array(64), { filename: 'blank.bin' }), ({ data }) => data.length < 1));
});
`;

describe('fracture/fast-check, installed from the tarball beside fast-check', () => {
  let work: string;
  let app: string;
  let tarball: string;

  beforeAll(() => {
    for (const p of [NATIVE, path.join(ROOT, 'dist/sdk/fast-check.js'), path.join(ROOT, 'dist/lib/engine/pkg')]) {
      if (!existsSync(p)) throw new Error(`${p} is missing: run \`make build\` first`);
    }
    work = mkdtempSync(path.join(tmpdir(), 'fracture-fast-check-'));
    // dist/ is what `make build` made; packing without scripts does not rebuild it under other suites.
    const [packed] = JSON.parse(npm(['pack', '--ignore-scripts', '--json', '--pack-destination', work], ROOT));
    tarball = path.join(work, packed.filename);
    // fast-check and its one dependency, packed from the repository's node_modules: what a user gets
    // from the registry, with no registry here.
    const peers = ['pure-rand', 'fast-check'].map((name) => {
      const [p] = JSON.parse(
        npm(
          ['pack', '--ignore-scripts', '--json', '--pack-destination', work, path.join(ROOT, 'node_modules', name)],
          work,
        ),
      );
      return path.join(work, p.filename);
    });
    app = path.join(work, 'app');
    mkdirSync(app);
    writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
    npm(['i', tarball, ...peers, '--offline', '--no-audit', '--no-fund'], app);
    symlinkSync(path.dirname(VITEST), path.join(app, 'node_modules/vitest'));
    symlinkSync(JEST, path.join(app, 'node_modules/jest'));
    symlinkSync(path.join(ROOT, 'node_modules/@jest'), path.join(app, 'node_modules/@jest'));
    execFileSync('convert', ['-size', '96x64', 'gradient:red-blue', path.join(app, 'photo.png')]);
  }, 120_000);

  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('is an entry of the package with its types, fast-check an optional peer the package does not ship', () => {
    const manifest = JSON.parse(readFileSync(path.join(app, 'node_modules/fracture/package.json'), 'utf8'));
    expect(manifest.exports['./fast-check']).toEqual({
      types: './dist/sdk/fast-check.d.ts',
      default: './dist/sdk/fast-check.js',
    });
    expect(manifest.peerDependencies).toEqual({ 'fast-check': '^4.0.0' });
    expect(manifest.peerDependenciesMeta).toEqual({ 'fast-check': { optional: true } });
    expect(manifest.dependencies ?? {}).toEqual({});
    const [entry] = JSON.parse(npm(['pack', '--dry-run', '--ignore-scripts', '--json'], ROOT));
    const files: string[] = entry.files.map((f: { path: string }) => f.path);
    expect(files).toContain('dist/sdk/fast-check.js');
    expect(files).toContain('dist/sdk/fast-check.d.ts');
    expect(files).toContain('dist/lib/engine/host/run-sync.js');
    // fast-check is imported by name, never copied in: no shipped file but the entry names it.
    const installed = path.join(app, 'node_modules/fracture');
    const naming = files.filter(
      (f) => /\.js$/.test(f) && readFileSync(path.join(installed, f), 'utf8').includes("'fast-check'"),
    );
    expect(naming).toEqual(['dist/sdk/fast-check.js']);
    expect(readFileSync(path.join(installed, 'dist/sdk/fast-check.js'), 'utf8')).toMatch(/from 'fast-check';/);
  });

  it("the package's own README: its fast-check example runs as written, and the property can fail", () => {
    // The README the tarball ships (npm packs README.md), read from the installed package.
    const readme = readFileSync(path.join(app, 'node_modules/fracture/README.md'), 'utf8');
    const match = readme.match(/<!-- example: readme-fast-check [^>]*-->\n```js\n([\s\S]*?)```\n/);
    expect(match, 'the packed README has the fast-check example').not.toBeNull();
    const example = (match as RegExpMatchArray)[1];
    writeFileSync(path.join(app, 'readme-fast-check.mjs'), example);
    const r = spawnSync(process.execPath, ['readme-fast-check.mjs'], { cwd: app, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toBe('20 corrupted copies checked\n');
    // The same property over damage anywhere fails, and shrinks: the example's check is not vacuous.
    writeFileSync(
      path.join(app, 'readme-fast-check-fails.mjs'),
      example.replace("['0x40:']", "['0x0:']").replace('{ numRuns: 20 }', '{ numRuns: 20, seed: 1 }'),
    );
    const failing = spawnSync(process.execPath, ['readme-fast-check-fails.mjs'], { cwd: app, encoding: 'utf8' });
    expect(failing.status).not.toBe(0);
    expect(failing.stderr).toMatch(/Property failed after \d+ tests[\s\S]*Counterexample: \[corruption\(/);
  });

  it('without fast-check installed, the entry fails on the missing peer and the SDK still loads', () => {
    const bare = path.join(work, 'bare');
    mkdirSync(bare);
    writeFileSync(path.join(bare, 'package.json'), JSON.stringify({ name: 'bare', private: true, type: 'module' }));
    npm(['i', tarball, '--offline', '--no-audit', '--no-fund'], bare);
    expect(existsSync(path.join(bare, 'node_modules/fast-check'))).toBe(false);
    const load = (what: string) =>
      spawnSync(process.execPath, ['--input-type=module', '-e', `await import('${what}'); console.log('loaded');`], {
        cwd: bare,
        encoding: 'utf8',
      });
    const entry = load('fracture/fast-check');
    expect(entry.status).not.toBe(0);
    expect(entry.stderr).toContain("Cannot find package 'fast-check'");
    const sdk = load('fracture');
    expect(sdk.status, sdk.stderr).toBe(0);
    expect(sdk.stdout).toBe('loaded\n');
  });

  it("Vitest: the guide's example as written, and the properties against corrupt()", () => {
    writeFileSync(path.join(app, 'config.test.js'), docExample('vitest'));
    writeFileSync(path.join(app, 'corruption.test.js'), PROPERTIES);
    const report = path.join(work, 'vitest.json');
    const r = spawnSync(process.execPath, [VITEST, 'run', '--reporter=json', `--outputFile=${report}`], {
      cwd: app,
      encoding: 'utf8',
      env: childEnv(),
    });
    const results = JSON.parse(readFileSync(report, 'utf8'));
    type FileResult = { message: string; assertionResults: { status: string; failureMessages: string[] }[] };
    // A file that does not load has a message and no assertions.
    const failures = results.testResults.flatMap((f: FileResult) => [
      ...(f.message ? [f.message] : []),
      ...f.assertionResults.filter((a) => a.status !== 'passed').flatMap((a) => a.failureMessages),
    ]);
    expect(failures, r.stderr).toEqual([]);
    expect(r.status, r.stderr).toBe(0);
    expect(results.numTotalTestSuites).toBeGreaterThanOrEqual(2);
    expect(results.numPassedTests).toBe(13);
  });

  it("Jest (under --experimental-vm-modules): the guide's example passes; a failing property fails the run", () => {
    const dir = path.join(app, 'jest');
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'gzip.test.js'), docExample('jest'));
    const jest = (args: string[]) =>
      spawnSync(process.execPath, ['--experimental-vm-modules', path.join(JEST, 'bin/jest.js'), ...args], {
        cwd: app,
        encoding: 'utf8',
        env: { ...childEnv(), CI: '1' },
      });
    const pass = jest(['--rootDir', app, 'jest/gzip.test.js']);
    expect(pass.status, pass.stdout + pass.stderr).toBe(0);
    expect(pass.stderr).toMatch(/Tests:\s+2 passed, 2 total/);
    writeFileSync(
      path.join(dir, 'failing.test.js'),
      `import { test } from '@jest/globals';\n${FAILING.replace("import { test } from 'node:test';\n", '')}`,
    );
    const fail = jest(['--rootDir', app, 'jest/failing.test.js']);
    expect(fail.status).toBe(1);
    expect(fail.stderr).toContain('Counterexample: [corruption({"mode":"byte_flip","intensity":0,"seed":0})]');
  });

  it("node:test: the guide's example passes; a failing property names its shrunk draw", () => {
    writeFileSync(path.join(app, 'gzip.test.mjs'), docExample('node-test'));
    const pass = spawnSync(process.execPath, ['--test', 'gzip.test.mjs'], { cwd: app, encoding: 'utf8' });
    expect(pass.status, pass.stdout + pass.stderr).toBe(0);
    expect(pass.stdout).toMatch(/^# pass 1$/m);
    writeFileSync(path.join(app, 'failing.test.mjs'), FAILING);
    const fail = spawnSync(process.execPath, ['--test', 'failing.test.mjs'], { cwd: app, encoding: 'utf8' });
    expect(fail.status).toBe(1);
    expect(fail.stdout).toMatch(/^# fail 1$/m);
    expect(fail.stdout).toContain('Counterexample: [corruption({"mode":"byte_flip","intensity":0,"seed":0})]');
  });

  it('a strict TypeScript consumer compiles against the shipped types, and a wrong use fails', () => {
    const check = (name: string, source: string) => {
      const dir = path.join(app, name);
      mkdirSync(dir, { recursive: true });
      const compilerOptions = {
        strict: true,
        noEmit: true,
        skipLibCheck: false,
        target: 'ES2022',
        lib: ['ES2023'],
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        types: ['node'],
        typeRoots: [path.join(ROOT, 'node_modules/@types')],
      };
      writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['main.ts'] }));
      writeFileSync(path.join(dir, 'main.ts'), source);
      return spawnSync(process.execPath, [TSC, '-p', dir], { cwd: app, encoding: 'utf8' });
    };
    const good = check(
      'ts-fast-check',
      `import fc from 'fast-check';
import { corruption, type Corruption, type CorruptionOptions } from 'fracture/fast-check';
const options: CorruptionOptions = { filename: 'a.png', modes: ['bit_rot', 'quick_scramble'], maxIntensity: 40, fixChecksums: true, engine: 'ts' };
const arbitrary: fc.Arbitrary<Corruption> = corruption(new Uint8Array(8), options);
fc.assert(
  fc.property(arbitrary, ({ data, report }) => {
    const bytes: Uint8Array = data;
    const replay: string = report.replay;
    const seed: number = report.seed;
    return bytes.length >= 0 && replay.length > 0 && seed >= 0;
  }),
);
// @ts-expect-error: not an option
corruption(new Uint8Array(8), { colour: 'red' });
`,
    );
    expect(good.status, good.stdout + good.stderr).toBe(0);
    const wrong = check(
      'ts-fast-check-wrong',
      `import { corruption } from 'fracture/fast-check';\ncorruption('text');\n`,
    );
    expect(wrong.stdout).toMatch(/error TS2345/);
  });

  it("each value's report.replay, run by the native CLI, makes the value's bytes", () => {
    writeFileSync(path.join(app, 'replays.mjs'), REPLAYS);
    const r = spawnSync(process.execPath, ['replays.mjs'], { cwd: app, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const replays: string[] = JSON.parse(r.stdout);
    expect(replays).toHaveLength(8);
    replays.forEach((replay, i) => {
      const args = replay.split(' ');
      expect(args[0]).toBe('fracture');
      expect(args.at(-1)).toBe('photo.png');
      const out = mkdtempSync(path.join(work, 'replay-'));
      const cli = spawnSync(NATIVE, [...args.slice(1, -1), '--out', out, 'photo.png'], { cwd: app, encoding: 'utf8' });
      expect(cli.status, cli.stderr).toBe(0);
      expect(
        readFileSync(path.join(out, 'photo_corrupted.png')).equals(readFileSync(path.join(app, `drawn-${i}.png`))),
        replay,
      ).toBe(true);
    });
  });
});
