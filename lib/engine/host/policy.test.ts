import { describe, expect, it } from 'vitest';
import { browserRoute, sharesFlips, streamsInBrowser, WEB_STREAM_MIN_BYTES } from './policy.ts';
import { PARALLEL_MIN_BYTES } from './protocol.ts';

describe('host policy', () => {
  it('streams a browser Blob from WEB_STREAM_MIN_BYTES on, without checksum fixing; never a buffer', () => {
    expect(browserRoute({}, new Blob([new Uint8Array(WEB_STREAM_MIN_BYTES)]))).toBe('streamed');
    expect(browserRoute({}, new Blob([new Uint8Array(WEB_STREAM_MIN_BYTES - 1)]))).toBe('whole');
    expect(browserRoute({ fixChecksums: true }, new Blob([new Uint8Array(WEB_STREAM_MIN_BYTES)]))).toBe('whole');
    expect(browserRoute({}, new Uint8Array(WEB_STREAM_MIN_BYTES))).toBe('whole');
    expect(streamsInBrowser({}, WEB_STREAM_MIN_BYTES)).toBe(true);
  });

  it('shares flips with helpers only for plain large flip-mode jobs', () => {
    expect(sharesFlips({ mode: 'byte_flip' }, PARALLEL_MIN_BYTES)).toBe(true);
    expect(sharesFlips({ mode: 'byte_flip' }, PARALLEL_MIN_BYTES - 1)).toBe(false);
    expect(sharesFlips({ mode: 'bit_rot' }, PARALLEL_MIN_BYTES)).toBe(false);
    expect(sharesFlips({ mode: 'byte_flip', fixChecksums: true }, PARALLEL_MIN_BYTES)).toBe(false);
    expect(sharesFlips({ mode: 'byte_flip', ranges: { only: ['0:4'] } }, PARALLEL_MIN_BYTES)).toBe(false);
  });
});
