// Names held as byte-paths.ts holds them: every byte sequence round-trips, UTF-8 stays itself, and
// the display form and the replay command write a byte that is not UTF-8 as the native CLI does.
import { describe, expect, it } from 'vitest';
import { displayName } from '../../report/display.ts';
import { loadOutputsModule } from '../host-module/node.ts';
import { fromBytes, fsPath, hasEscapedBytes, lossyName, toBytes } from './byte-paths.ts';

const b = (...xs: number[]) => Uint8Array.from(xs);

describe('names as bytes', () => {
  it('round-trips any bytes, and leaves UTF-8 as it is', () => {
    let x = 7;
    for (let n = 0; n < 600; n++) {
      const bytes = Uint8Array.from({ length: n % 13 }, () => {
        x = (x * 1103515245 + 12345) >>> 0;
        // Mostly high bytes: lead and continuation bytes in every combination.
        return x % 3 === 0 ? x % 128 : 0x80 + (x % 128);
      });
      const s = fromBytes(bytes);
      expect(Buffer.from(toBytes(s)).equals(Buffer.from(bytes)), Buffer.from(bytes).toString('hex')).toBe(true);
      expect(lossyName(s)).toBe(new TextDecoder().decode(bytes));
      const utf8 = new TextDecoder('utf-8', { fatal: true });
      let valid = true;
      try {
        utf8.decode(bytes);
      } catch {
        valid = false;
      }
      expect(hasEscapedBytes(s)).toBe(!valid);
      if (valid) expect(s).toBe(utf8.decode(bytes));
    }
    for (const name of ['café.txt', '😀.png', 'plain']) expect(fromBytes(new TextEncoder().encode(name))).toBe(name);
    expect(fsPath('a.txt')).toBe('a.txt');
    expect(fsPath(fromBytes(b(0x63, 0xe9)))).toEqual(Buffer.from([0x63, 0xe9]));
  });

  it('rejects overlong forms and surrogates as UTF-8, as Rust does', () => {
    // Overlong '/', an encoded surrogate, past U+10FFFF: each byte escaped.
    for (const bytes of [b(0xc0, 0xaf), b(0xed, 0xa0, 0x80), b(0xf4, 0x90, 0x80, 0x80)]) {
      expect([...fromBytes(bytes)].map((c) => c.codePointAt(0))).toEqual([...bytes].map((x) => 0xdc00 + x));
    }
  });

  it('shows such a byte as \\xHH, and the replay command names it as itself', async () => {
    // engine-rs/cli/src/display.rs's own vectors.
    expect(displayName(fromBytes(b(0x63, 0x61, 0x66, 0xe9, 0x2e, 0x74, 0x78, 0x74)))).toBe('caf\\xE9.txt');
    expect(displayName(fromBytes(b(0xe2, 0x82)))).toBe('\\xE2\\x82');
    expect(displayName('x\u{85}\u202e')).toBe('x\\u{0085}\\u{202E}');
    // engine-rs/host/src/host_fields.rs's shell_word_bytes, given the name's bytes back (toBytes).
    const outputs = await loadOutputsModule();
    const replay = (name: string) =>
      outputs.hostFields(
        JSON.stringify({ mode: 'byte_flip', intensity: 1, seed: 2, filename: 'x' }),
        toBytes(name),
        null,
      )[0];
    expect(replay(fromBytes(b(0x63, 0x61, 0x66, 0xe9, 0x2e, 0x74, 0x78, 0x74)))).toMatch(/ \$'caf\\xe9\.txt'$/);
    const dash = fromBytes(Uint8Array.from([...Buffer.from('-x'), 0xff, ...Buffer.from(" it's\n")]));
    expect(replay(dash)).toMatch(/ \$'\.\/-x\\xff it\\'s\\n'$/);
  });
});
