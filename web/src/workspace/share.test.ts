import { describe, expect, it } from 'vitest';
import { shareLink } from '../../../lib/report/host-fields.ts';
import { parseShareQuery } from './share.ts';

describe('parseShareQuery', () => {
  it('reads back every link the reports carry', () => {
    for (const [mode, value] of [
      ['byte_flip', 'quick_scramble'],
      ['guaranteed_break', 'guaranteed_break'],
      ['header_preserve_flip', 'stealth_corruption'],
      ['truncate_insert', 'cut_replace'],
      ['shuffle_blocks', 'jumble_sections'],
    ]) {
      const link = new URL(shareLink({ mode, intensity: 42, seed: 9007199254740991 }));
      expect(parseShareQuery(link.search)).toEqual({
        algorithm: value,
        intensity: 42,
        seed: 9007199254740991,
        ignored: [],
      });
    }
  });

  it('is null for a visit without settings (other parameters such as ?e2e are not settings)', () => {
    expect(parseShareQuery('')).toBeNull();
    expect(parseShareQuery('?e2e')).toBeNull();
  });

  it('ignores bad values one by one, saying which and why', () => {
    expect(parseShareQuery('?algorithm=nuke&intensity=80&seed=7')).toEqual({
      intensity: 80,
      seed: 7,
      ignored: ['algorithm "nuke" (unknown algorithm)'],
    });
    expect(parseShareQuery('?algorithm=cut_replace&intensity=0&seed=-1')).toEqual({
      algorithm: 'cut_replace',
      ignored: [
        'intensity "0" (not a whole number from 1 to 100)',
        'seed "-1" (not a whole number from 0 to 9007199254740991)',
      ],
    });
    for (const bad of ['101', '1e2', '50.5', ' ', '', 'NaN', '0x10']) {
      expect(parseShareQuery(`?intensity=${encodeURIComponent(bad)}`)?.intensity, bad).toBeUndefined();
    }
    for (const bad of ['9007199254740992', '1.5', 'abc', '', '99999999999999999999']) {
      expect(parseShareQuery(`?seed=${encodeURIComponent(bad)}`)?.seed, bad).toBeUndefined();
    }
    const long = parseShareQuery(`?algorithm=${'x'.repeat(5000)}`);
    expect(long?.ignored[0].length).toBeLessThan(80);
  });
});
