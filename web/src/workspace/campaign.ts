// A `fracture run` campaign's campaign.json (docs/campaigns.md, section 6) as the workspace reads it:
// checked field by field, so a crafted file shows an error rather than half a panel, and each unique
// crash's variant turned into the workspace's settings (algorithm, intensity, seed, byte ranges,
// Keep checksums valid). Loaded with the campaign panel, not with the page.
import { ALGORITHMS } from '../../../lib/engine/shared/modes.ts';
import type { AlgorithmValue } from '../../../lib/engine/shared/modes.ts';
import { parseSeed } from './bytes.ts';

export interface CampaignCrash {
  id: string;
  outcome: 'crashed' | 'hung';
  signature: string;
  file: string;
  seed: number;
  seeds: number[];
  variant: string;
  minimized: string | null;
  minimizedChanges: number | null;
  replay: { corrupt: string; program: string };
}

export interface Campaign {
  command: string[];
  mode: string;
  intensity: number;
  only: string[];
  protect: string[];
  fixChecksums: boolean;
  seed: number;
  count: number;
  shard: [number, number] | null;
  planned: number;
  complete: boolean;
  counts: { accepted: number; rejected: number; crashed: number; hung: number };
  crashes: CampaignCrash[];
}

class Bad extends Error {}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const count = (v: unknown, what: string): number => {
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0) throw new Bad(`${what} is not a count`);
  return v;
};
const text = (v: unknown, what: string): string => {
  if (typeof v !== 'string') throw new Bad(`${what} is not text`);
  return v;
};
const seedOf = (v: unknown, what: string): number => {
  const seed = typeof v === 'number' ? parseSeed(String(v)) : undefined;
  if (seed === undefined) throw new Bad(`${what} is not a seed`);
  return seed;
};
const texts = (v: unknown, what: string): string[] => {
  if (!Array.isArray(v)) throw new Bad(`${what} is not a list`);
  return v.map((x, i) => text(x, `${what}[${i}]`));
};

/** campaign.json's text as a Campaign, or an error that says what is wrong with it. */
export function parseCampaign(json: string): { ok: true; campaign: Campaign } | { ok: false; error: string } {
  let v: unknown;
  try {
    v = JSON.parse(json);
  } catch {
    return { ok: false, error: 'it is not JSON' };
  }
  try {
    if (!isObject(v) || v.version !== 1) throw new Bad('it is not a campaign.json of version 1');
    const options = v.options;
    const counts = v.counts;
    if (!isObject(options)) throw new Bad('options is missing');
    if (!isObject(counts)) throw new Bad('counts is missing');
    if (!Array.isArray(v.crashes)) throw new Bad('crashes is not a list');
    const shard = v.shard;
    if (shard !== null && !(Array.isArray(shard) && shard.length === 2)) throw new Bad('shard is not [K, M] or null');
    const crashes = v.crashes.map((e: unknown, i: number): CampaignCrash => {
      const at = `crashes[${i}]`;
      if (!isObject(e) || !isObject(e.replay)) throw new Bad(`${at} is not a crash`);
      if (e.outcome !== 'crashed' && e.outcome !== 'hung') throw new Bad(`${at}.outcome is not crashed or hung`);
      if (!Array.isArray(e.seeds)) throw new Bad(`${at}.seeds is not a list`);
      return {
        id: text(e.id, `${at}.id`),
        outcome: e.outcome,
        signature: text(e.signature, `${at}.signature`),
        file: text(e.file, `${at}.file`),
        seed: seedOf(e.seed, `${at}.seed`),
        seeds: e.seeds.map((s: unknown, k: number) => seedOf(s, `${at}.seeds[${k}]`)),
        variant: text(e.variant, `${at}.variant`),
        minimized: e.minimized === null ? null : text(e.minimized, `${at}.minimized`),
        minimizedChanges: e.minimized_changes === null ? null : count(e.minimized_changes, `${at}.minimized_changes`),
        replay: {
          corrupt: text(e.replay.corrupt, `${at}.replay.corrupt`),
          program: text(e.replay.program, `${at}.replay.program`),
        },
      };
    });
    return {
      ok: true,
      campaign: {
        command: texts(v.command, 'command'),
        mode: text(options.mode, 'options.mode'),
        intensity: count(options.intensity, 'options.intensity'),
        only: texts(options.only, 'options.only'),
        protect: texts(options.protect, 'options.protect'),
        fixChecksums: options.fix_checksums === true,
        seed: seedOf(v.seed, 'seed'),
        count: count(v.count, 'count'),
        shard: shard === null ? null : [count(shard[0], 'shard'), count(shard[1], 'shard')],
        planned: count(v.planned, 'planned'),
        complete: v.complete === true,
        counts: {
          accepted: count(counts.accepted, 'counts.accepted'),
          rejected: count(counts.rejected, 'counts.rejected'),
          crashed: count(counts.crashed, 'counts.crashed'),
          hung: count(counts.hung, 'counts.hung'),
        },
        crashes,
      },
    };
  } catch (e) {
    if (e instanceof Bad) return { ok: false, error: e.message };
    throw e;
  }
}

/** The workspace settings that make a crash's variant again from its input file. */
export interface VariantSettings {
  algorithm: AlgorithmValue;
  intensity: number;
  seed: number;
  /** The Byte ranges field's text: `only A:B, protect C:D`. */
  rangesText: string;
  fixChecksums: boolean;
}

/**
 * The settings of `crash`'s variant, or why the workspace cannot make it: a mode it has no algorithm
 * for, or intensity 0 (the command lines take it; the workspace's slider starts at 1).
 */
export function variantSettings(c: Campaign, crash: CampaignCrash): VariantSettings | { unavailable: string } {
  const algorithm = ALGORITHMS.find((a) => a.mode === c.mode || a.value === c.mode);
  if (!algorithm) return { unavailable: `The workspace has no algorithm for mode ${c.mode}.` };
  if (c.intensity < 1) return { unavailable: 'The workspace makes intensities from 1 to 100; this campaign used 0.' };
  return {
    algorithm: algorithm.value,
    intensity: c.intensity,
    seed: crash.seed,
    rangesText: [...c.only.map((r) => `only ${r}`), ...c.protect.map((r) => `protect ${r}`)].join(', '),
    fixChecksums: c.fixChecksums,
  };
}
