import { describe, expect, it } from 'vitest';
import { looksCorrupted } from './heuristic.ts';

const text = (s: string): Uint8Array => new TextEncoder().encode(s);

describe('looksCorrupted (docs/contract.md, section 8.1)', () => {
  it('empty input or a first byte of 0', () => {
    expect(looksCorrupted(new Uint8Array(0), 'txt')).toBe(true);
    expect(looksCorrupted(text('\0abc'), 'txt')).toBe(true);
    expect(looksCorrupted(text('hello world'), 'txt')).toBe(false);
  });

  it('each of the first four bytes 0 or above 127 (with at least 4 bytes)', () => {
    expect(looksCorrupted(Uint8Array.from([0x80, 0x00, 0xff, 0x90, 0x61]), 'bin')).toBe(true);
    // 0x7f is not above 127; three bytes are not four.
    expect(looksCorrupted(Uint8Array.from([0x80, 0x00, 0xff, 0x7f, ...text('a'.repeat(40))]), 'bin')).toBe(false);
    expect(looksCorrupted(Uint8Array.from([0x80, 0x90, 0xff]), 'bin')).toBe(true); // 100% odd bytes
  });

  it('over 15% control or high bytes in the first min(1000, n) bytes; tab, LF and CR do not count', () => {
    const v = new Uint8Array(20).fill(0x61);
    v.set([1, 2, 3], 5); // 3 of 20 = 15%, not over
    expect(looksCorrupted(v, 'txt')).toBe(false);
    v[8] = 4;
    expect(looksCorrupted(v, 'txt')).toBe(true);
    expect(looksCorrupted(text('a\tb\nc\r'.repeat(10)), 'txt')).toBe(false);
    // Odd bytes beyond the first 1000 do not count.
    const late = new Uint8Array(5000).fill(0x61);
    late.fill(0xff, 1000);
    expect(looksCorrupted(late, 'txt')).toBe(false);
    late[999] = 0xff;
    late.fill(0xff, 850, 1000); // 150 of 1000 = 15%: not over
    expect(looksCorrupted(late, 'txt')).toBe(false);
    late[849] = 0xff;
    expect(looksCorrupted(late, 'txt')).toBe(true);
  });

  it('csv and tsv: a delimiter in the first 1024 bytes, an even count of quotes, no NUL up front', () => {
    expect(looksCorrupted(text('a,b\n1,2\n'), 'csv')).toBe(false);
    expect(looksCorrupted(text('a;b;c\n1;2;3\n'), 'csv')).toBe(true);
    expect(looksCorrupted(text('a,"b\n'), 'csv')).toBe(true);
    expect(looksCorrupted(text('a,"b"\n'), 'csv')).toBe(false);
    expect(looksCorrupted(text('a,b\n'), 'tsv')).toBe(true);
    expect(looksCorrupted(text('a\tb\n'), 'tsv')).toBe(false);
    expect(looksCorrupted(text(`${'x'.repeat(1024)},`), 'csv')).toBe(true); // comma only after 1024
    expect(looksCorrupted(text(`a,b${'x'.repeat(2000)}"`), 'csv')).toBe(true); // quotes count over the whole file
    const nul = text(`a,b${'x'.repeat(100)}`);
    nul[50] = 0;
    expect(looksCorrupted(nul, 'csv')).toBe(true);
    const lateNul = text(`a,b${'x'.repeat(1100)}`);
    lateNul[1050] = 0;
    expect(looksCorrupted(lateNul, 'csv')).toBe(false);
    // Other extensions do not get the csv rules.
    expect(looksCorrupted(text('a;b'), 'txt')).toBe(false);
  });

  it('json: balanced braces and brackets by count', () => {
    expect(looksCorrupted(text('{"a":[1]}'), 'json')).toBe(false);
    expect(looksCorrupted(text('{"a":[1}'), 'json')).toBe(true);
    expect(looksCorrupted(text('{"a":1'), 'json')).toBe(true);
    expect(looksCorrupted(text('}{][ '), 'json')).toBe(false); // counts, not nesting
    expect(looksCorrupted(text('{"a":[1}'), 'txt')).toBe(false);
  });
});
