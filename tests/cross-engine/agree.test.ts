// `fracture agree` as CI runs it (a subprocess of the npm CLI): the engines agree on files of several
// families with each seed of a range, natively too; a disagreement (made through the test-only
// override, or a "native" build that is not the same engine) names the first differing byte offset
// and the report fields that differ, exit 1; --json's shape; a large file streamed in bounded memory;
// usage errors, exit 2.
import { spawnSync } from 'node:child_process';
import { chmodSync, closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { png, tar, zip } from './families.ts';
import { xorshiftBytes } from './generators.ts';
import { NATIVE, NPM } from './streamed.ts';

let dir: string;
const at = (name: string) => path.join(dir, name);

/** Environment without the test hooks, whatever the caller's. */
const { FRACTURE_TEST_HOOKS: _h, FRACTURE_AGREE_TAMPER: _t, ...ENV } = process.env;

function agree(args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [NPM, 'agree', ...args], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...ENV, ...env },
  });
  return { code: r.status, out: r.stdout, err: r.stderr, lines: r.stdout.split('\n').filter((l) => l !== '') };
}

const FILES = ['photo.png', 'logs.zip', 'backup.tar', 'table.csv', 'noise.bin'];

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'fracture-agree-'));
  writeFileSync(at('photo.png'), png(300_000));
  writeFileSync(at('logs.zip'), zip(200_000));
  writeFileSync(at('backup.tar'), tar(200_000));
  writeFileSync(at('table.csv'), `a,b,c\n${'1,"x",{[2]}\n'.repeat(30_000)}`);
  // Longer than two of the streamed pieces (1 MiB), so the comparison crosses pieces.
  writeFileSync(at('noise.bin'), xorshiftBytes(2 * 1024 * 1024 + 777, 5));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('fracture agree', () => {
  it.each([
    [['--seeds', '0..2']],
    [['--seeds', '7..8', '--mode', 'guaranteed_break']],
    [['--seeds', '3', '--mode', 'truncate_insert', '--intensity', '40']],
    [['--seeds', '1..2', '--mode', 'bit_rot', '--fix-checksums', '--only', '16:', '--protect=-100:']],
  ])('the three engines agree on files of several families: %j', (options) => {
    const r = agree([...options, '--native', NATIVE, ...FILES]);
    expect(r.code, r.err + r.out).toBe(0);
    const seeds = options.includes('0..2') ? 3 : options.includes('3') ? 1 : 2;
    // One line per FILE and seed, in order.
    expect(r.lines).toHaveLength(FILES.length * seeds);
    for (const [k, line] of r.lines.entries()) {
      const file = FILES[Math.floor(k / seeds)];
      expect(line).toMatch(
        new RegExp(
          `^${file} seed [0-9]+: agree, [0-9]+ bytes, sha256 [0-9a-f]{64} \\(wasm [0-9.]+ ms, ts [0-9.]+ ms, native [0-9.]+ ms\\)$`,
        ),
      );
    }
    expect(r.err).toBe(`fracture agree: ${r.lines.length} runs of wasm, ts, native: all agree\n`);
  });

  it('--json: one object per FILE and seed, its sha256 the one the corrupting command reports', () => {
    const r = agree(['--json', '--seeds', '4..5', '--mode', 'shuffle_blocks', 'photo.png', 'table.csv']);
    expect(r.code, r.err).toBe(0);
    const objects = r.lines.map((l) => JSON.parse(l));
    expect(objects.map((o) => [o.file, o.seed])).toEqual([
      ['photo.png', 4],
      ['photo.png', 5],
      ['table.csv', 4],
      ['table.csv', 5],
    ]);
    for (const o of objects) {
      expect(Object.keys(o)).toEqual(['file', 'seed', 'status', 'engines', 'differences', 'error']);
      expect([o.status, o.differences, o.error]).toEqual(['agree', [], null]);
      expect(o.engines.map((e: { engine: string }) => e.engine)).toEqual(['wasm', 'ts']);
      for (const e of o.engines) {
        expect(Object.keys(e)).toEqual(['engine', 'size', 'sha256', 'time_ms']);
        expect(typeof e.time_ms).toBe('number');
      }
      // The corrupting command, run on its own, makes the bytes agree compared.
      const out = at(`plain-${o.seed}`);
      const plain = spawnSync(
        NATIVE,
        ['--mode', 'shuffle_blocks', '--seed', String(o.seed), '--json', '--quiet', '--out', out, o.file],
        { cwd: dir, encoding: 'utf8' },
      );
      const report = JSON.parse(plain.stdout);
      rmSync(out, { recursive: true, force: true });
      for (const e of o.engines) expect([e.size, e.sha256]).toEqual([report.result_size, report.sha256_after]);
    }
  });

  it.each([
    ['wasm', 1_500_000],
    ['ts', 0],
    ['native', 2 * 1024 * 1024 + 776],
  ])('a disagreement (%s byte %i flipped by the test-only override) names the offset and exits 1', (engine, offset) => {
    const env = { FRACTURE_TEST_HOOKS: '1', FRACTURE_AGREE_TAMPER: `${engine}:${offset}` };
    const r = agree(['--seeds', '9', '--native', NATIVE, 'noise.bin'], env);
    expect(r.code, r.err).toBe(1);
    expect(r.lines).toHaveLength(1);
    const against = engine === 'ts' ? 'wasm' : engine;
    // The baseline is the reference engine: a flip in it shows against both other engines.
    const pairs = engine === 'ts' ? ['wasm', 'native'] : [against];
    for (const e of pairs) {
      expect(r.lines[0]).toMatch(
        new RegExp(
          `${e} vs ts: first differing byte at offset ${offset} \\(${e} 0x[0-9a-f]{2}, ts 0x[0-9a-f]{2}\\); same report`,
        ),
      );
    }
    expect(r.lines[0]).toMatch(/^noise\.bin seed 9: DIFFER: /);
    expect(r.err).toBe('fracture agree: 1 run of wasm, ts, native: 0 agree, 1 differ, 0 failed\n');
    const json = JSON.parse(agree(['--json', '--seeds', '9', '--native', NATIVE, 'noise.bin'], env).out);
    expect(json.status).toBe('differ');
    for (const d of json.differences) {
      expect(d.offset).toBe(offset);
      // Every bit of the byte flipped, and nothing else: the reports still agree.
      expect(d.bytes[0] ^ d.bytes[1]).toBe(0xff);
      expect(d.fields).toEqual([]);
    }
    expect(json.differences.map((d: { engine: string }) => d.engine)).toEqual(pairs);
  });

  it('the override is ignored without FRACTURE_TEST_HOOKS=1', () => {
    const r = agree(['--seeds', '9', 'noise.bin'], { FRACTURE_AGREE_TAMPER: 'wasm:10' });
    expect(r.code, r.out).toBe(0);
  });

  it('a native build that is not the same engine: the first differing offset and the report fields', () => {
    // A "native fracture" that runs at intensity 10 whatever it is asked (its --version is the real one).
    const fake = at('fake-fracture');
    writeFileSync(
      fake,
      `#!/bin/sh\n[ "$1" = --version ] && exec '${NATIVE}' --version\nshift 4\nexec '${NATIVE}' --intensity 10 "$@"\n`,
    );
    chmodSync(fake, 0o755);
    const r = agree(['--seeds', '2', '--native', fake, 'photo.png']);
    expect(r.code).toBe(1);
    expect(r.lines[0]).toMatch(
      /^photo\.png seed 2: DIFFER: native vs ts: first differing byte at offset [0-9]+ \(native 0x[0-9a-f]{2}, ts 0x[0-9a-f]{2}\); report fields differ: intensity \(native 10, ts 80\), /,
    );
    const json = JSON.parse(agree(['--json', '--seeds', '2', '--native', fake, 'photo.png']).out);
    expect(json.differences[0].offset).toBeGreaterThan(0);
    const [d] = json.differences;
    expect([d.engine, d.against]).toEqual(['native', 'ts']);
    expect(d.fields[0]).toEqual({ field: 'intensity', value: 10, against: 80 });
    expect(d.fields.map((f: { field: string }) => f.field)).toContain('sha256_after');
    expect(d.fields.map((f: { field: string }) => f.field)).not.toContain('time_ms');
  });

  it('a large file streams in bounded memory (wasm and native; peak RSS well under its size)', () => {
    // 320 MiB, written a piece at a time (the test holds no copy either).
    const big = at('big.bin');
    const fd = openSync(big, 'w');
    const piece = xorshiftBytes(8 * 1024 * 1024, 3);
    for (let k = 0; k < 40; k++) {
      piece[k] = k;
      writeSync(fd, piece);
    }
    closeSync(fd);
    const r = spawnSync(
      '/usr/bin/time',
      [
        '-f',
        'peak %M',
        process.execPath,
        NPM,
        'agree',
        '--engines',
        'wasm,native',
        '--native',
        NATIVE,
        '--seeds',
        '1',
        big,
      ],
      { cwd: dir, encoding: 'utf8', env: ENV },
    );
    rmSync(big);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(
      /seed 1: agree, 335544320 bytes, sha256 [0-9a-f]{64} \(wasm [0-9.]+ ms, native [0-9.]+ ms\)\n$/,
    );
    const peakKiB = Number(/peak ([0-9]+)/.exec(r.stderr)?.[1]);
    // Node, its helper threads and the streamed pieces: about 140 MiB whatever the size.
    expect(peakKiB).toBeGreaterThan(0);
    expect(peakKiB * 1024).toBeLessThan(220 * 1024 * 1024);
  }, 120_000);

  it('--engines picks the engines compared: the reference engine and the native binary alone', () => {
    const r = agree(['--json', '--engines', 'ts,native', '--native', NATIVE, '--seeds', '6', 'backup.tar']);
    expect(r.code, r.err).toBe(0);
    const [o] = r.lines.map((l) => JSON.parse(l));
    expect([o.status, o.engines.map((e: { engine: string }) => e.engine)]).toEqual(['agree', ['ts', 'native']]);
    expect(r.err).toBe('fracture agree: 1 run of ts, native: all agree\n');
  });

  it('an engine that fails fails its line, with its message (exit 1); the next seed still runs', () => {
    // A "native fracture" that fails on seed 1 only.
    const failing = at('failing-fracture');
    writeFileSync(
      failing,
      `#!/bin/sh\n[ "$1" = --version ] && exec '${NATIVE}' --version\n[ "$6" = 1 ] && { echo 'fracture: seed 1' >&2; echo 'fracture: disk on fire' >&2; exit 1; }\nexec '${NATIVE}' "$@"\n`,
    );
    chmodSync(failing, 0o755);
    const r = agree(['--seeds', '1..2', '--native', failing, 'table.csv']);
    expect(r.code).toBe(1);
    expect(r.lines[0]).toBe('table.csv seed 1: error: native: exit 1: fracture: disk on fire');
    expect(r.lines[1]).toMatch(/^table\.csv seed 2: agree, /);
    expect(r.err).toBe('fracture agree: 2 runs of wasm, ts, native: 1 agree, 0 differ, 1 failed\n');
    const [o] = agree(['--json', '--seeds', '1', '--native', failing, 'table.csv']).lines.map((l) => JSON.parse(l));
    expect([o.status, o.error, o.differences]).toEqual(['error', 'native: exit 1: fracture: disk on fire', []]);
  });

  it('on a terminal: a bar per engine turn and one for the run on standard error; none with --json', () => {
    // Standard error on a pseudo-terminal, standard output a pipe: what the terminal showed.
    const script = `
import os, pty, subprocess, sys
master, slave = pty.openpty()
p = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=slave, stdin=subprocess.DEVNULL)
os.close(slave)
out = b''
while True:
    try:
        data = os.read(master, 65536)
    except OSError:
        break
    if not data:
        break
    out += data
sys.exit(p.wait() or sys.stdout.buffer.write(out) and 0)
`;
    const terminal = (extra: string[]) => {
      const args = [script, process.execPath, NPM, 'agree', ...extra, '--seeds', '1', '--native', NATIVE, 'noise.bin'];
      const r = spawnSync('python3', ['-c', ...args], { cwd: dir, encoding: 'utf8', env: ENV });
      expect(r.status, r.stderr).toBe(0);
      return r.stdout;
    };
    const shown = terminal([]);
    for (const engine of ['native', 'ts', 'wasm']) expect(shown).toContain(`noise.bin 1 ${engine}`);
    expect(shown).toMatch(/batch +\[[=> ]+\]/);
    expect(shown).toContain('fracture agree: 1 run of wasm, ts, native: all agree');
    const quiet = terminal(['--json']);
    expect(quiet).not.toContain('batch');
    expect(quiet).toContain('fracture agree: 1 run of wasm, ts, native: all agree');
  });

  it('a FILE that cannot be read fails its line (exit 1) and the others still run', () => {
    const r = agree(['--seeds', '1', 'missing.bin', 'table.csv']);
    expect(r.code).toBe(1);
    expect(r.lines).toEqual(['missing.bin: error: no such file', expect.stringMatching(/^table\.csv seed 1: agree, /)]);
    expect(r.err).toBe('fracture agree: 2 runs of wasm, ts: 1 agree, 0 differ, 1 failed\n');
  });

  it('a FILE that is not a regular file is refused before anything runs (exit 2), as by the corrupting command', () => {
    mkdirSync(at('folder'), { recursive: true });
    const r = agree(['table.csv', 'folder']);
    expect([r.code, r.out, r.err]).toEqual([
      2,
      '',
      'fracture: folder is a directory, not a regular file (see fracture agree --help)\n',
    ]);
  });

  it.each([
    [[], 'agree needs at least one FILE'],
    [['-'], 'agree reads files, not standard input (-): give the file itself (./- for a file named -)'],
    [['--seeds', '5..3', 'x'], '--seeds 5..3: the first seed is larger than the last'],
    [
      ['--seeds', '1-3', 'x'],
      '--seeds must be A..B (A to B inclusive) or S, seeds from 0 to 9007199254740991, got 1-3',
    ],
    [['--seeds', '0..1000000', 'x'], '--seeds 0..1000000: at most 1000000 seeds'],
    [['--engines', 'wasm', 'x'], '--engines needs at least two engines to compare'],
    [['--engines', 'wasm,rust', 'x'], 'unknown engine rust in --engines (expected wasm, ts or native)'],
    [['--engines', 'wasm,wasm', 'x'], '--engines names an engine twice: wasm,wasm'],
    [['--engines', 'wasm,native', 'x'], '--engines includes native: give the binary with --native PATH'],
    [['--engines', 'wasm,ts', '--native', NATIVE, 'x'], '--native is given but --engines leaves native out'],
    [['--mode', 'melt', 'x'], 'Unsupported corruption mode: melt'],
    [['--intensity', '101', 'x'], 'Intensity must be an integer from 0 to 100, got 101'],
    [
      ['--mode', 'truncate_insert', '--fix-checksums', 'x'],
      'Keeping checksums valid works with byte_flip, header_preserve_flip, bad_sectors, bit_rot, seven_bit and misdirected_write, not truncate_insert',
    ],
    [['--count', '2', 'x'], 'unknown option --count'],
    [['--native', '/nonexistent/fracture', 'table.csv'], '--native /nonexistent/fracture: cannot run it: no such file'],
    [
      ['--native', '/bin/true', 'table.csv'],
      '--native /bin/true is not a fracture binary (its --version did not say so)',
    ],
  ])('usage error %j: exit 2 and one line', (args, message) => {
    const r = agree(args);
    expect([r.code, r.out, r.err]).toEqual([2, '', `fracture: ${message} (see fracture agree --help)\n`]);
  });

  it('--help describes the command, and fracture --help lists it', () => {
    const r = agree(['--help']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^Usage: fracture agree \[OPTIONS\] \[FILE\]\.\.\.$/m);
    for (const o of [
      '--mode',
      '--intensity',
      '--only',
      '--protect',
      '--fix-checksums',
      '--seeds',
      '--native',
      '--engines',
      '--json',
    ]) {
      expect(r.out).toMatch(new RegExp(`^ {6}${o}\\b`, 'm'));
    }
    expect(r.out).toMatch(/^Exit status: 0 all engines agree/m);
    const top = spawnSync(process.execPath, [NPM, '--help'], { encoding: 'utf8' });
    expect(top.stdout).toMatch(/^ {2}agree {5}the engines give the same bytes and reports/m);
  });
});
