// The streamed CLIs against the whole-buffer reference, as users run them (subprocesses): the native
// `fracture` and the npm CLI stream every mode, guaranteed_break included (docs/engine.md, Streaming);
// the npm CLI's `--engine ts` still runs the TypeScript reference engine on the whole buffer. Inputs are
// longer than two pieces (1 MiB natively and in the npm CLI), so reads, edits and writes cross piece
// boundaries.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { xorshiftBytes } from './generators.ts';
import { expectSame, runAll as runTools, TOOLS } from './streamed.ts';

const STREAMED = [
  'byte_flip',
  'header_preserve_flip',
  'truncate_insert',
  'shuffle_blocks',
  'interrupted_transfer',
  'bad_sectors',
  'bit_rot',
  'text_transfer',
  'seven_bit',
  'charset_roundtrip',
  'misdirected_write',
];

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'fracture-stream-'));
  writeFileSync(path.join(dir, 'blob.bin'), xorshiftBytes(9 * 1024 * 1024 + 12_345, 7));
  // Intact CSV: byte_flip at a low intensity leaves it looking intact, so the run escalates, and its
  // verdict counts quotes over the whole output (a counting pass before writing).
  writeFileSync(path.join(dir, 'table.csv'), `a,b,c\n${'1,"x",{[2]}\n'.repeat(500_000)}`);
  for (const [name, bytes] of Object.entries(breakInputs())) writeFileSync(path.join(dir, name), bytes);
});

/**
 * guaranteed_break's inputs: families whose signatures, frame syncs (0xFF pairs), start codes,
 * headers and tag fields occur all through the file and across the 4 MiB pieces and 64 KiB chunks.
 */
function breakInputs(): Record<string, Uint8Array> {
  const len = 9 * 1024 * 1024 + 4321;
  const riddled = (magic: number[], tokens: number[][]) => {
    const v = xorshiftBytes(len, 11);
    let k = 0;
    for (let at = 100; at + 16 < len; at += 1009 + (k % 7)) v.set(tokens[k++ % tokens.length], at);
    // Each token straddling each 64 KiB boundary by a different amount.
    for (let b = 65536, j = 0; b < len; b += 65536, j++) {
      const t = tokens[j % tokens.length];
      v.set(t, b - 1 - (j % t.length));
    }
    v.set(magic, 0);
    return v;
  };
  const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));
  const tar = xorshiftBytes(len, 12);
  for (let b = 0; b + 512 <= len; b += 512) if (b === 0 || (b / 512) % 3 === 1) tar.set(ascii('ustar'), b + 257);
  for (let b = 65536; b < len; b += 65536) tar.set(ascii('ustar'), b - 2);
  const flv = xorshiftBytes(len, 13);
  flv.set(ascii('FLV\x01\x05\0\0\0\x09'), 0);
  for (let p = 9, k = 0; p + 15 <= len; k++) {
    const size = (k * 7919) % 5000;
    flv.set([0, 0, 1, 0, 9, (size >> 16) & 255, (size >> 8) & 255, size & 255], p);
    p += 15 + size;
  }
  const escalates = new Uint8Array(len);
  for (let i = 0; i < len; i++) escalates[i] = i % 17 === 5 ? 1 : 97 + (i % 26);
  escalates.fill(0xc0, 0, 4);
  return {
    'riddled.mp3': riddled(ascii('ID3\x04\0\0'), [[0xff, 0xfb], ascii('Xing'), [0, 0, 1], ascii('LAME'), [0xff]]),
    'riddled.jpg': riddled([0xff, 0xd8, 0xff, 0xe0], [[0xff, 0xd9], [0xff, 0xc4], [0xff]]),
    'riddled.avi': riddled(ascii('RIFF\0\0\0\0AVI LIST'), [ascii('LIST'), ascii('movi'), ascii('00dc'), [0, 0, 1]]),
    'big.tar': tar,
    'big.flv': flv,
    escalates,
  };
}
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Each tool's output bytes and report (timing dropped) for the same arguments on `dir/file`. */
const runAll = (file: string, args: string[], tools = TOOLS) => runTools(dir, file, args, tools);

describe('streamed CLIs give the whole buffer’s bytes and report', () => {
  for (const mode of STREAMED) {
    it(`${mode} on 9 MiB`, () => {
      const report = expectSame(runAll('blob.bin', ['--mode', mode, '--intensity', '80', '--seed', '1234567890']));
      expect(report.original_size).toBe(9 * 1024 * 1024 + 12_345);
    });
  }

  it('byte_flip escalates on a long CSV as the whole buffer does', () => {
    const report = expectSame(runAll('table.csv', ['--mode', 'byte_flip', '--intensity', '3', '--seed', '5']));
    expect(report.escalated).toBe(true);
  });

  const families = {
    'blob.bin': 'generic',
    'table.csv': 'text',
    'riddled.mp3': 'mp3',
    'riddled.jpg': 'jpeg',
    'riddled.avi': 'avi',
    'big.tar': 'tar',
    'big.flv': 'flv',
  };
  for (const [file, format] of Object.entries(families)) {
    it(`guaranteed_break on ${file}`, () => {
      const report = expectSame(runAll(file, ['--mode', 'guaranteed_break', '--intensity', '30', '--seed', '77']));
      expect(report.format).toBe(format);
    });
  }

  it('guaranteed_break escalates on generic input as the whole buffer does', () => {
    const report = expectSame(runAll('escalates', ['--mode', 'guaranteed_break', '--intensity', '0', '--seed', '8']));
    expect(report.escalated).toBe(true);
  });

  it('byte ranges stream too', () => {
    for (const mode of ['bit_rot', 'bad_sectors', 'header_preserve_flip']) {
      expectSame(
        runAll('blob.bin', [
          '--mode',
          mode,
          '--intensity',
          '40',
          '--seed',
          '3',
          '--only',
          '0x1000:0x600000',
          '--protect=-4096:',
        ]),
      );
    }
  });
});

describe('streamed CLIs refuse before writing', () => {
  it('ranges that leave nothing: one error line and no output file', () => {
    for (const tool of TOOLS.slice(0, 2)) {
      const out = path.join(dir, 'refused');
      const r = spawnSync(
        tool.cmd,
        [...tool.args, '--mode', 'bit_rot', '--seed', '1', '--only', '0:0', '--out', out, path.join(dir, 'blob.bin')],
        { encoding: 'utf8' },
      );
      expect(r.status, tool.label).toBe(1);
      expect(r.stderr).toContain('The byte ranges leave no byte that may change in this 9449529-byte file');
      expect(existsSync(out) ? readdirSync(out) : [], tool.label).toEqual([]);
      rmSync(out, { recursive: true, force: true });
    }
  });
});

describe('standard input streams in bounded memory', () => {
  // Past the 16 MiB held in memory, so both CLIs copy it to a temporary file and stream from there.
  const SIZE = 128 * 1024 * 1024 + 77;
  const npm = TOOLS[1];
  const quote = (s: string) => `'${s.replaceAll("'", "'\\''")}'`;
  let big: string;
  let temp: string;
  beforeAll(() => {
    big = path.join(dir, 'big.bin');
    writeFileSync(big, xorshiftBytes(SIZE, 13));
  });
  beforeEach(() => {
    // Each run's own temporary directory, to see what it leaves there.
    temp = mkdtempSync(path.join(dir, 'tmp-'));
  });

  /** `cat big | <tool> ARGS - | TAIL` through a pipe, the tool's peak RSS read by GNU time. */
  function piped(tool: (typeof TOOLS)[number], args: string[], tail = `> ${quote(path.join(dir, 'stdout.bin'))}`) {
    const peak = path.join(dir, 'peak');
    const command = [tool.cmd, ...tool.args, '--seed', '99', '--name', 'big.bin', '--json', ...args, '-'];
    const r = spawnSync(
      'sh',
      ['-c', `cat ${quote(big)} | /usr/bin/time -q -f %M -o ${quote(peak)} ${command.map(quote).join(' ')} ${tail}`],
      { encoding: 'utf8', env: { ...process.env, TMPDIR: temp } },
    );
    return { status: r.status, stderr: r.stderr, peakMiB: Number(readFileSync(peak, 'utf8').trim()) / 1024 };
  }

  it('npm: the same bytes and report as the file gives, peak RSS bounded, the copy removed', () => {
    const [fromFile] = runAll('big.bin', ['--mode', 'bit_rot', '--intensity', '80', '--seed', '99'], [npm]);
    const r = piped(npm, ['--mode', 'bit_rot', '--intensity', '80']);
    expect(r.status, r.stderr).toBe(0);
    const { time_ms: _t, ops_ms: _o, ...report } = JSON.parse(r.stderr.trim().split('\n').pop() ?? '');
    expect(report).toEqual(fromFile.report);
    expect(Buffer.compare(readFileSync(path.join(dir, 'stdout.bin')), fromFile.bytes)).toBe(0);
    // Read whole, the input alone would be held three times over (pieces, joined, in the module).
    expect(r.peakMiB).toBeLessThan(256);
    expect(readdirSync(temp)).toEqual([]);
  });

  // The conversions change the length as they go (docs/contract.md, section 6.12): streamed, what they
  // hold is the few bytes a piece leaves undecided, not the output.
  it('the conversions: the same bytes and report as the file gives, peak RSS bounded, both CLIs', () => {
    const runs = [
      ['--mode', 'text_transfer', '--direction', 'lf_to_crlf', '--intensity', '100'],
      ['--mode', 'charset_roundtrip', '--intensity', '60'],
    ];
    for (const args of runs) {
      for (const tool of TOOLS.slice(0, 2)) {
        const [fromFile] = runAll('big.bin', [...args, '--seed', '99'], [tool]);
        const r = piped(tool, args);
        expect(r.status, r.stderr).toBe(0);
        const { time_ms: _t, ops_ms: _o, ...report } = JSON.parse(r.stderr.trim().split('\n').pop() ?? '');
        expect(report, `${tool.label} ${args[1]}`).toEqual(fromFile.report);
        expect(report.result_size).toBeGreaterThan(SIZE);
        expect(Buffer.compare(readFileSync(path.join(dir, 'stdout.bin')), fromFile.bytes)).toBe(0);
        expect(r.peakMiB, `${tool.label} ${args[1]}`).toBeLessThan(256);
        expect(readdirSync(temp)).toEqual([]);
      }
    }
    // Eight runs of 128 MiB: 148 s at load 24.
  }, 400_000);

  it('the copy is removed after an error too: a refused run, a closed standard output', () => {
    for (const tool of TOOLS.slice(0, 2)) {
      const refused = piped(tool, ['--mode', 'bit_rot', '--only', '0:0']);
      expect(refused.status, tool.label).toBe(1);
      expect(refused.stderr).toContain('The byte ranges leave no byte that may change');
      expect(readdirSync(temp), tool.label).toEqual([]);
      const closed = piped(tool, ['--mode', 'bit_rot'], '| head -c 10 > /dev/null');
      expect(closed.stderr, tool.label).toContain('cannot write standard output: standard output was closed');
      expect(readdirSync(temp), tool.label).toEqual([]);
    }
  });
});
