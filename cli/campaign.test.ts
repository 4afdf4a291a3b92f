// The campaign records' pure parts (docs/campaigns.md, sections 3, 4 and 6), on cases whose answers
// are written out here: the spec's own examples, the rules' order, the quoting of replays.
import { describe, expect, it } from 'vitest';
import { parseCrashExit, parseTimeout } from './args.ts';
import {
  crashIdOf,
  judge,
  normalise,
  parseRecords,
  programReplay,
  programWord,
  reportLines,
  signalName,
  timeoutText,
} from './campaign.ts';

const stderr = (text: string) => new TextEncoder().encode(text);
const none = { crashExit: new Set<number>(), crashPattern: null };

describe('campaign records', () => {
  it("normalises the spec's example, numbers and blanks in one pass", () => {
    expect(
      normalise('==4711==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x602000000011 at pc 0x4c3f2e'),
    ).toBe('==N==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x? at pc 0x?');
    expect(normalise('  #12 \t 0xAbC in f /x.c:9  ')).toBe('#N 0x? in f /x.c:N');
    // 0x without hex digits is a number then a letter; a leading 0 of a number is part of it.
    expect(normalise('0x 007x1')).toBe('Nx NxN');
  });

  it('ids are the first 12 hex digits of the signature’s SHA-256', () => {
    expect(crashIdOf('hung\ntimeout')).toMatch(/^[0-9a-f]{12}$/);
    expect(crashIdOf('crashed\nsignal SIGSEGV')).not.toBe(crashIdOf('crashed\nsignal SIGBUS'));
  });

  it('judges in the order of section 3', () => {
    const end = (o: Partial<Parameters<typeof judge>[0]>) => ({
      hung: false,
      exitCode: null,
      signal: null,
      stderr: stderr(''),
      ...o,
    });
    expect(judge(end({ hung: true }), none)).toMatchObject({ outcome: 'hung', signature: 'hung\ntimeout' });
    expect(judge(end({ signal: 'SIGSEGV' }), none).signature).toBe('crashed\nsignal SIGSEGV');
    expect(judge(end({ signal: 'SIGKILL' }), none).outcome).toBe('rejected');
    expect(judge(end({ exitCode: 0 }), none).outcome).toBe('accepted');
    expect(judge(end({ exitCode: 3 }), { crashExit: new Set([3]), crashPattern: null }).signature).toBe(
      'crashed\nexit 3',
    );
    // A report crashes whatever the exit code, 0 included; its lines join the signature.
    const panic = "noise\r\nthread 'main' panicked at src/a.rs:10:5:\r\nindex 7 out of range\nmore\n";
    expect(judge(end({ exitCode: 0, stderr: stderr(panic) }), none).signature).toBe(
      "crashed\nexit 0\nthread 'main' panicked at src/a.rs:N:N:\nindex N out of range",
    );
    expect(
      judge(end({ exitCode: 1, stderr: stderr('oops: bad\n') }), { crashExit: new Set(), crashPattern: /^oops/u })
        .signature,
    ).toBe('crashed\nexit 1\noops: bad');
  });

  it('takes a sanitizer report before a panic, with at most three frames after it', () => {
    const lines = [
      "thread 'x' panicked at a.rs:1:1",
      'x.c:3: runtime error: signed integer overflow',
      'not a frame',
      '    #0 0x1 in a',
      '#1 0x2 in b',
      '  #2 0x3 in c',
      '  #3 0x4 in d',
    ];
    expect(reportLines(lines, null)).toEqual([lines[1], lines[3], lines[4], lines[5]]);
    expect(reportLines(['plain'], /nothing/u)).toBeNull();
  });

  it('names signals as Linux does', () => {
    expect([signalName(6), signalName(29), signalName(31), signalName(34)]).toEqual([
      'SIGABRT',
      'SIGIO',
      'SIGSYS',
      'SIG34',
    ]);
  });

  it('writes timeouts and quotes replays by the program rule', () => {
    expect([10_000, 500, 2250, 1, 86_400_000].map(timeoutText)).toEqual(['10', '0.5', '2.25', '0.001', '86400']);
    expect([programWord('a/b.c:d=e@f%g+h,i-j'), programWord(''), programWord("it's"), programWord('{}')]).toEqual([
      'a/b.c:d=e@f%g+h,i-j',
      "''",
      "'it'\\''s'",
      "'{}'",
    ]);
    expect(programReplay(['prog', '--in={}', 'x y'], 'crashes/1/a.png')).toBe("prog --in=crashes/1/a.png 'x y'");
    expect(programReplay(['prog'], 'crashes/1/a b.png')).toBe("prog < 'crashes/1/a b.png'");
  });

  it('reads --timeout and --crash-exit as section 1 says', () => {
    expect(['10', '0.5', '1.250', '86400', '0', '0.0001', '86400.001', '1e3', '-1'].map(parseTimeout)).toEqual([
      10_000,
      500,
      1250,
      86_400_000,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(parseCrashExit('139,134,200-202,134')).toEqual([134, 139, 200, 201, 202]);
    for (const bad of ['0', '256', '5-3', '', '1,,2', 'a']) expect(parseCrashExit(bad), bad).toBeUndefined();
  });

  it('drops lines of runs.jsonl that do not parse and a last line cut short', () => {
    const good =
      '{"file":"a","seed":1,"outcome":"accepted","exit_code":0,"signal":null,"duration_ms":3,"variant_sha256":"x","crash_id":null}';
    expect(parseRecords(`${good}\n{"file":\n${good}\n${good.slice(0, 40)}`)).toHaveLength(2);
    expect(parseRecords(`${good.replace('"accepted"', '"fine"')}\n`)).toEqual([]);
  });
});
