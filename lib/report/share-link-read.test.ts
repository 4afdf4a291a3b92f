import { describe, expect, it } from 'vitest';
import { readShareLink } from './share-link-read.ts';

describe('readShareLink', () => {
  it('refuses what no host writes', () => {
    expect(readShareLink('?v=1&mode=bit_rot')).toEqual({
      ok: false,
      problems: ['link format "1" (this site reads format 2 and the first links)'],
    });
    expect(readShareLink('?v=2&mode=a&mode=b&size=-1&x=1&fix-checksums=on')).toEqual({
      ok: false,
      problems: [
        'mode given twice',
        'size "-1" (not one byte count)',
        '"x" (not a setting of a run)',
        'fix-checksums "on" (a switch carries no value)',
      ],
    });
  });
});
