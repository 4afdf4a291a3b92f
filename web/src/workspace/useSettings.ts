// The settings a run uses: algorithm, intensity, byte ranges (selectors included), the member glob,
// Keep checksums valid and the master seed, with the commands on the seed and the share link. A share link in the address, or a mode
// page's "Start Corrupting", presets them.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { RANGE_MODES } from '../../../lib/engine/shared/mode-tables.ts';
import { ALGORITHMS, algorithmFor, modeLabel } from '../../../lib/engine/shared/modes.ts';
import type { AlgorithmValue } from '../../../lib/engine/shared/modes.ts';
import { shareLink } from '../../../lib/report/host-fields.ts';
import { toast } from '../ui/toast.tsx';
import { copyText, parseSeed, randomSeed } from './bytes.ts';
import { messageOf } from './messages.ts';
import { parseRangesField, type RangesField } from './rangesField.ts';
import { parseShareQuery } from './share.ts';

export const INTENSITY = { min: 1, max: 100, step: 1, default: 80 } as const;

export function clampIntensity(value: number): number {
  if (!Number.isFinite(value)) return INTENSITY.default;
  return Math.min(INTENSITY.max, Math.max(INTENSITY.min, Math.round(value)));
}

/** The settings as they stand, for commands that run after awaits. */
export interface SettingsNow {
  algorithm: AlgorithmValue;
  intensity: number;
  /** The master seed; null only until the page has mounted. */
  seed: number | null;
  rangesField: RangesField;
  fixChecksums: boolean;
  /** Whether the chosen algorithm takes byte ranges and Keep checksums valid. */
  optionsApply: boolean;
  /** The member glob (docs/contract.md, section 6.11), trimmed; undefined when the field is empty. */
  member: string | undefined;
}

export interface Settings extends SettingsNow {
  /** The Byte ranges field as typed. */
  rangesText: string;
  setAlgorithm(value: string): void;
  setIntensity(value: number): void;
  setRangesText(text: string): void;
  /** The Member field as typed. */
  memberText: string;
  setMemberText(text: string): void;
  setFixChecksums(on: boolean): void;
  newSeed(): void;
  /** Uses a seed the user typed; returns false (and says why) when it is not a valid seed. */
  applySeed(text: string): boolean;
  copySeed(): Promise<void>;
  /** Copies `/?algorithm=…&intensity=…&seed=…` for the current settings. */
  copyShareLink(): Promise<void>;
  /** The latest settings, not those of the render a command started in. */
  now(): SettingsNow;
}

/** `initialSeed`: the first master seed; random (drawn after mount) when absent. */
export function useSettings(initialSeed?: number): Settings {
  const [algorithm, setAlgorithmValue] = useState<AlgorithmValue>(ALGORITHMS[0].value);
  const [intensity, setIntensityValue] = useState<number>(INTENSITY.default);
  const [rangesText, setRangesText] = useState('');
  const [fixChecksums, setFixChecksums] = useState(false);
  const [memberText, setMemberText] = useState('');
  const rangesField = useMemo(() => parseRangesField(rangesText), [rangesText]);
  const member = memberText.trim() === '' ? undefined : memberText.trim();
  const optionsApply = (RANGE_MODES as readonly string[]).includes(algorithmFor(algorithm).mode);
  // Drawn after mount, so a prerendered page never bakes one seed in for every visitor.
  const [seed, setSeed] = useState<number | null>(initialSeed ?? null);
  const nowRef = useRef<SettingsNow>({ algorithm, intensity, seed, rangesField, fixChecksums, optionsApply, member });
  nowRef.current = { algorithm, intensity, seed, rangesField, fixChecksums, optionsApply, member };

  useEffect(() => {
    if (initialSeed === undefined) setSeed(randomSeed());
  }, [initialSeed]);

  // A share link (/?algorithm=…&intensity=…&seed=…) presets the settings; bad values are named and
  // ignored. Runs after the random seed above, so a seed from the link wins.
  const location = useLocation();
  useEffect(() => {
    const link = parseShareQuery(location.search);
    if (!link) return;
    const loaded: string[] = [];
    if (link.algorithm) {
      setAlgorithmValue(link.algorithm);
      loaded.push(modeLabel(algorithmFor(link.algorithm).mode));
    }
    if (link.intensity !== undefined) {
      setIntensityValue(link.intensity);
      loaded.push(`intensity ${link.intensity}%`);
    }
    if (link.seed !== undefined) {
      setSeed(link.seed);
      loaded.push(`seed ${link.seed}`);
    }
    if (loaded.length > 0) toast({ title: 'Settings loaded from link', description: `${loaded.join(', ')}.` });
    if (link.ignored.length > 0) {
      toast({
        title: 'Some link settings were ignored',
        description: `Ignored ${link.ignored.join('; ')}.`,
        variant: 'destructive',
      });
    }
  }, [location.search]);

  // "Start Corrupting" and the mode pages arrive with { scrollTo: 'upload', algorithm }.
  const requested = (location.state as { algorithm?: unknown } | null)?.algorithm;
  useEffect(() => {
    if (typeof requested === 'string') setAlgorithmValue(algorithmFor(requested).value);
  }, [requested]);

  const copySeed = useCallback(async () => {
    const { seed: current } = nowRef.current;
    if (current === null) return;
    try {
      await copyText(String(current));
      toast({ title: 'Seed copied', description: `Seed ${current} is on your clipboard.` });
    } catch (error) {
      toast({
        title: 'Copy failed',
        description: messageOf(error) ?? 'Unable to copy the seed',
        variant: 'destructive',
      });
    }
  }, []);

  const newSeed = useCallback(() => {
    const next = randomSeed();
    setSeed(next);
    toast({ title: 'New seed generated', description: `Runs now start from seed ${next}.` });
  }, []);

  const applySeed = useCallback((text: string) => {
    const value = parseSeed(text);
    if (value === undefined) {
      toast({
        title: 'Invalid seed',
        description: 'Enter a whole number from 0 to 9007199254740991.',
        variant: 'destructive',
      });
      return false;
    }
    setSeed(value);
    toast({ title: 'Seed set', description: `Runs now start from seed ${value}.` });
    return true;
  }, []);

  const copyShareLink = useCallback(async () => {
    const { algorithm: value, intensity: level, seed: current } = nowRef.current;
    if (current === null) return;
    const link = shareLink({ mode: algorithmFor(value).mode, intensity: level, seed: current });
    try {
      await copyText(link);
      toast({ title: 'Share link copied', description: link });
    } catch (error) {
      toast({
        title: 'Copy failed',
        description: messageOf(error) ?? 'Unable to copy the share link',
        variant: 'destructive',
      });
    }
  }, []);

  const setAlgorithm = useCallback((value: string) => setAlgorithmValue(algorithmFor(value).value), []);
  const setIntensity = useCallback((value: number) => setIntensityValue(clampIntensity(value)), []);
  const now = useCallback(() => nowRef.current, []);

  return {
    algorithm,
    intensity,
    seed,
    rangesText,
    rangesField,
    fixChecksums,
    optionsApply,
    setAlgorithm,
    setIntensity,
    setRangesText,
    memberText,
    member,
    setMemberText,
    setFixChecksums,
    newSeed,
    applySeed,
    copySeed,
    copyShareLink,
    now,
  };
}
