// The workspace's reading of a campaign.json: a whole one, each field that is wrong named, and the
// variant's settings (ranges in the Byte ranges field's words, intensity 0 refused).
import { describe, expect, it } from 'vitest';
import { parseCampaign, variantSettings } from './campaign.ts';

const CAMPAIGN = {
  version: 1,
  command: ['fracture', 'run', '--mode', 'bit_rot', '--intensity', '60', '--only', '0:8', '--protect=-4:'],
  inputs: [{ file: 'a.png', size: 10, sha256: 'x' }],
  options: {
    mode: 'bit_rot',
    intensity: 60,
    only: ['0:8'],
    protect: ['-4:'],
    fix_checksums: true,
    timeout_ms: 1000,
    crash_exit: [],
    crash_pattern: null,
    minimize: true,
  },
  program: ['prog', '{}'],
  seed: 7,
  count: 3,
  shard: [1, 2],
  planned: 2,
  complete: false,
  counts: { accepted: 0, rejected: 0, crashed: 1, hung: 0 },
  crashes: [
    {
      id: '0123456789ab',
      outcome: 'crashed',
      signature: 'crashed\nsignal SIGSEGV',
      file: 'a.png',
      seed: 8,
      seeds: [8],
      variant: 'crashes/0123456789ab/a_corrupted_8.png',
      minimized: null,
      minimized_changes: null,
      replay: { corrupt: 'fracture --mode bit_rot ...', program: 'prog crashes/0123456789ab/a_corrupted_8.png' },
    },
  ],
};

describe('campaign.json in the workspace', () => {
  it('reads a campaign and gives each crash its variant settings', () => {
    const parsed = parseCampaign(JSON.stringify(CAMPAIGN));
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.campaign.shard).toEqual([1, 2]);
    expect(variantSettings(parsed.campaign, parsed.campaign.crashes[0])).toEqual({
      algorithm: 'bit_rot',
      intensity: 60,
      seed: 8,
      rangesText: 'only 0:8, protect -4:',
      fixChecksums: true,
    });
    const zero = { ...parsed.campaign, intensity: 0 };
    expect(variantSettings(zero, zero.crashes[0])).toHaveProperty('unavailable');
  });

  it('names what is wrong', () => {
    const broken = (change: (c: typeof CAMPAIGN & Record<string, unknown>) => void) => {
      const c = structuredClone(CAMPAIGN) as typeof CAMPAIGN & Record<string, unknown>;
      change(c);
      return parseCampaign(JSON.stringify(c));
    };
    expect(parseCampaign('{')).toEqual({ ok: false, error: 'it is not JSON' });
    expect(broken((c) => (c.version = 2))).toEqual({ ok: false, error: 'it is not a campaign.json of version 1' });
    expect(broken((c) => ((c.counts as Record<string, unknown>).hung = -1))).toEqual({
      ok: false,
      error: 'counts.hung is not a count',
    });
    expect(broken((c) => ((c.crashes[0] as Record<string, unknown>).seed = 2 ** 53))).toEqual({
      ok: false,
      error: 'crashes[0].seed is not a seed',
    });
    expect(broken((c) => ((c.crashes[0] as Record<string, unknown>).outcome = 'accepted'))).toEqual({
      ok: false,
      error: 'crashes[0].outcome is not crashed or hung',
    });
  });
});
