import { describe, expect, it } from 'vitest';
import {
  browserRoute,
  checkVariant,
  checksumRoute,
  nodeRoute,
  sharesFlips,
  streamsInBrowser,
  WEB_STREAM_MIN_BYTES,
} from './policy.ts';
import { PARALLEL_MIN_BYTES } from './protocol.ts';

describe('host policy', () => {
  it('streams a browser Blob from WEB_STREAM_MIN_BYTES on, without checksum fixing; never a buffer', () => {
    expect(browserRoute({}, new Blob([new Uint8Array(WEB_STREAM_MIN_BYTES)]))).toBe('streamed');
    expect(browserRoute({}, new Blob([new Uint8Array(WEB_STREAM_MIN_BYTES - 1)]))).toBe('whole');
    expect(browserRoute({ fixChecksums: true }, new Blob([new Uint8Array(WEB_STREAM_MIN_BYTES)]))).toBe('whole');
    expect(browserRoute({}, new Uint8Array(WEB_STREAM_MIN_BYTES))).toBe('whole');
    expect(streamsInBrowser({}, WEB_STREAM_MIN_BYTES)).toBe(true);
  });

  it('streams in Node on the WebAssembly engine, except for --pdf; the reference engine reads whole', () => {
    expect(nodeRoute('wasm', false)).toBe('streamed');
    expect(nodeRoute('wasm', true)).toBe('whole');
    expect(nodeRoute('ts', false)).toBe('whole');
  });

  it('fixes checksums where the output is (the same answers as engine-rs/cli/src/policy.rs)', () => {
    expect(checksumRoute(false, 'streamed', false)).toBe('unfixed');
    expect(checksumRoute(true, 'whole', true)).toBe('in memory');
    expect(checksumRoute(true, 'streamed', false)).toBe('in the output file');
    expect(checksumRoute(true, 'streamed', true)).toBe('in a temporary file, then copied');
  });

  it('shares flips with helpers only for plain large flip-mode jobs', () => {
    expect(sharesFlips({ mode: 'byte_flip' }, PARALLEL_MIN_BYTES)).toBe(true);
    expect(sharesFlips({ mode: 'byte_flip' }, PARALLEL_MIN_BYTES - 1)).toBe(false);
    expect(sharesFlips({ mode: 'bit_rot' }, PARALLEL_MIN_BYTES)).toBe(false);
    expect(sharesFlips({ mode: 'byte_flip', fixChecksums: true }, PARALLEL_MIN_BYTES)).toBe(false);
    expect(sharesFlips({ mode: 'byte_flip', ranges: { only: ['0:4'] } }, PARALLEL_MIN_BYTES)).toBe(false);
  });

  it("checks a variant's arguments with the engine's texts", () => {
    expect(() => checkVariant('byte_flip', 80, 1)).not.toThrow();
    expect(() => checkVariant('byte_flip', 80, 2 ** 53)).toThrow(/^Seed must be an integer from 0 to 9007199254740991/);
    expect(() => checkVariant('byte_flip', 101, 1)).toThrow(/^Intensity must be/);
  });
});
