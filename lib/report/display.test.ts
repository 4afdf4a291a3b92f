import { describe, expect, it } from 'vitest';
import { displayName, isHidden, reportJson } from './display.ts';

describe('displayName (docs/cli.md, "Names")', () => {
  it('escapes newline, tab and carriage return as themselves', () => {
    expect(displayName('a\nb\tc\rd')).toBe('a\\nb\\tc\\rd');
  });

  it('writes the other C0 controls and DEL as \\xHH, upper case', () => {
    expect(displayName('\u001b[31m\u007f\u0000')).toBe('\\x1B[31m\\x7F\\x00');
  });

  it('writes C1 controls, separators and bidirectional controls as \\u{HHHH}', () => {
    expect(displayName('x\u0085\u009f\u2028\u202e\u2069y')).toBe('x\\u{0085}\\u{009F}\\u{2028}\\u{202E}\\u{2069}y');
    expect(displayName('bad\uD800')).toBe('bad\\u{D800}');
  });

  it('leaves everything else as it is, backslashes included', () => {
    const kept = 'back\\slash é 😀 \u200d\u00a0 דוח \uFFFD';
    expect(displayName(kept)).toBe(kept);
  });

  it('never leaves a hidden character in what it returns', () => {
    for (let code = 0; code < 0x3000; code++) {
      const shown = displayName(`a${String.fromCharCode(code)}b`);
      expect(
        [...shown].some((ch) => isHidden(ch.codePointAt(0)!)),
        code.toString(16),
      ).toBe(false);
    }
  });
});

describe('reportJson (docs/contract.md, section 10.2)', () => {
  it('is JSON.stringify with DEL and the C1 controls escaped as \\u00xx', () => {
    const report = { filename: 'a\u007f\u0080\u0085\u009f\u00a0\u001b".txt', n: 1 };
    expect(reportJson(report)).toBe('{"filename":"a\\u007f\\u0080\\u0085\\u009f\u00a0\\u001b\\".txt","n":1}');
    expect(reportJson(report, 2)).toBe(
      '{\n  "filename": "a\\u007f\\u0080\\u0085\\u009f\u00a0\\u001b\\".txt",\n  "n": 1\n}',
    );
  });

  it('reads back as the same value, and carries no raw control character', () => {
    let all = '';
    for (let code = 0; code < 0x200; code++) all += String.fromCharCode(code);
    const text = reportJson({ all, nested: { all } }, 2);
    expect(JSON.parse(text)).toEqual({ all, nested: { all } });
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the test looks for raw controls.
    expect(text.replace(/\n/g, '')).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
  });
});
