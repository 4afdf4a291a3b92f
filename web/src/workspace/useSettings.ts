// The settings a run uses: algorithm, intensity, byte ranges (selectors included), the member glob,
// Keep checksums valid, the algorithm's own options (variantOptions.ts) and the master seed, with the commands on the seed and the share link. A share
// link in the address sets every one of them, or none (share.ts); a mode page's "Start Corrupting"
// presets the algorithm.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { RANGE_MODES } from '../../../lib/engine/shared/mode-tables.ts';
import { ALGORITHMS, algorithmFor, modeLabel } from '../../../lib/engine/shared/modes.ts';
import type { AlgorithmValue } from '../../../lib/engine/shared/modes.ts';
import { toast } from '../ui/toast.tsx';
import { copyText, parseSeed, randomSeed } from './bytes.ts';
import { messageOf } from './messages.ts';
import { parseRangesField, type RangesField } from './rangesField.ts';
import type { ExpectedFile, LinkSettings, ShareQuery } from './share.ts';
import { type ModeVariant, sameVariant, type Variants, variantFor, variantWords } from './variantOptions.ts';

export const INTENSITY = { min: 1, max: 100, step: 1, default: 80 } as const;

/** A query that may be a share link: format 2's `v`, or a key of the first links. */
const LINK_QUERY = /[?&](v|algorithm|intensity|seed)=/;

/** Whether settings `b` are the link's `a`. */
function sameSettings(a: LinkSettings, b: LinkSettings): boolean {
  return (
    a.algorithm === b.algorithm &&
    a.intensity === b.intensity &&
    a.seed === b.seed &&
    a.rangesText === b.rangesText &&
    a.fixChecksums === b.fixChecksums &&
    a.memberText.trim() === b.memberText.trim() &&
    sameVariant(a.variant, b.variant)
  );
}

export function clampIntensity(value: number): number {
  if (!Number.isFinite(value)) return INTENSITY.default;
  return Math.min(INTENSITY.max, Math.max(INTENSITY.min, Math.round(value)));
}

/** The share link the page was opened with, once read: applied whole, or refused whole. */
export type OpenedLink =
  | { kind: 'loaded'; settings: LinkSettings; file?: ExpectedFile; version: number }
  | { kind: 'refused'; problems: string[]; command?: string; file?: ExpectedFile };

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
  /** The chosen algorithm's own options (direction, charset, BOM, block size): those it takes, as set. */
  variant: ModeVariant;
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
  /** Sets some of the chosen algorithm's own options (a key set to undefined: back to its default). */
  setVariant(patch: ModeVariant): void;
  newSeed(): void;
  /** Uses a seed the user typed; returns false (and says why) when it is not a valid seed. */
  applySeed(text: string): boolean;
  copySeed(): Promise<void>;
  /** Copies the share link of the current settings (and of `file`, the first in the list, if any). */
  copyShareLink(file?: ExpectedFile): Promise<void>;
  /** The share link the page was opened with (undefined: none, or dismissed). */
  link: OpenedLink | undefined;
  /** Whether the settings are still the loaded link's. */
  linkHolds: boolean;
  dismissLink(): void;
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
  // Each algorithm's own options as set; the chosen one's are the run's.
  const [variants, setVariants] = useState<Variants>({});
  const variant = useMemo(() => variantFor(algorithmFor(algorithm).mode, variants), [algorithm, variants]);
  const rangesField = useMemo(() => parseRangesField(rangesText), [rangesText]);
  const member = memberText.trim() === '' ? undefined : memberText.trim();
  const optionsApply = (RANGE_MODES as readonly string[]).includes(algorithmFor(algorithm).mode);
  // Drawn after mount, so a prerendered page never bakes one seed in for every visitor.
  const [seed, setSeed] = useState<number | null>(initialSeed ?? null);
  const nowRef = useRef<SettingsNow>({
    algorithm,
    intensity,
    seed,
    rangesField,
    fixChecksums,
    optionsApply,
    member,
    variant,
  });
  nowRef.current = { algorithm, intensity, seed, rangesField, fixChecksums, optionsApply, member, variant };

  useEffect(() => {
    if (initialSeed === undefined) setSeed(randomSeed());
  }, [initialSeed]);

  // A share link sets every setting or none (share.ts). Runs after the random seed above, so a
  // seed from the link wins.
  const location = useLocation();
  const [link, setLink] = useState<OpenedLink | undefined>(undefined);
  useEffect(() => {
    // Read by share.ts, loaded only for a query that may be a link (its code is not in the first load).
    if (!LINK_QUERY.test(location.search)) return;
    let live = true;
    const apply = (query: ShareQuery | null) => {
      if (!live || !query) return;
      if (!query.ok) {
        setLink({ kind: 'refused', problems: query.problems, command: query.command, file: query.file });
        toast({
          title: 'Share link not applied',
          description: 'This workspace cannot run it as it is; the page says why.',
          variant: 'destructive',
        });
        return;
      }
      const s = query.settings;
      setAlgorithmValue(s.algorithm);
      setIntensityValue(s.intensity);
      setSeed(s.seed);
      setRangesText(s.rangesText);
      setFixChecksums(s.fixChecksums);
      setMemberText(s.memberText);
      // What the link leaves out is off: its algorithm's options are the link's, the defaults else.
      setVariants({ [algorithmFor(s.algorithm).mode]: s.variant });
      setLink({ kind: 'loaded', settings: s, file: query.file, version: query.version });
      toast({ title: 'Settings loaded from link', description: `${linkSummary(s)}.` });
    };
    import('./share.ts').then(
      async ({ parseShareQuery }) => {
        const query = parseShareQuery(location.search);
        // A refused link shows the command line that runs it, which fracture-host writes.
        if (query && !query.ok && query.args) {
          const command = await import('./links.ts')
            .then(({ linkCommand }) => linkCommand(query.args ?? [], query.file?.name ?? 'FILE'))
            .catch(() => undefined);
          apply({ ...query, command });
        } else apply(query);
      },
      (e: unknown) =>
        apply({ ok: false, problems: [`the link could not be read (${messageOf(e) ?? 'its code did not load'})`] }),
    );
    return () => {
      live = false;
    };
  }, [location.search]);
  const linkHolds =
    link?.kind === 'loaded' &&
    sameSettings(link.settings, {
      algorithm,
      intensity,
      seed: seed ?? -1,
      rangesText,
      fixChecksums,
      memberText,
      variant,
    });
  const dismissLink = useCallback(() => setLink(undefined), []);

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

  const copyShareLink = useCallback(async (file?: ExpectedFile) => {
    const { algorithm: value, intensity: level, seed: current, rangesField: field, fixChecksums: fix } = nowRef.current;
    if (current === null) return;
    const { optionsApply: apply, member: glob, variant: own } = nowRef.current;
    const ranges = field.ok && field.ranges && apply ? field.ranges : undefined;
    try {
      const { settingsLink } = await import('./links.ts');
      const link = await settingsLink(
        {
          mode: algorithmFor(value).mode,
          intensity: level,
          seed: current,
          ranges: ranges && [...ranges.only.map((r) => `only ${r}`), ...ranges.protect.map((r) => `protect ${r}`)],
          fixChecksums: apply && fix,
          member: glob,
          ...own,
        },
        file,
      );
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
  const setVariant = useCallback(
    (patch: ModeVariant) =>
      setVariants((all) => {
        const mode = algorithmFor(nowRef.current.algorithm).mode;
        return { ...all, [mode]: { ...all[mode], ...patch } };
      }),
    [],
  );

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
    variant,
    setVariant,
    newSeed,
    applySeed,
    copySeed,
    copyShareLink,
    link,
    linkHolds,
    dismissLink,
    now,
  };
}

/** The settings of a link in words: "Bit Rot, intensity 40%, seed 9, only png:IDAT/data, Keep checksums valid". */
export function linkSummary(s: LinkSettings): string {
  const parts = [modeLabel(algorithmFor(s.algorithm).mode), `intensity ${s.intensity}%`, `seed ${s.seed}`];
  if (s.rangesText !== '') parts.push(s.rangesText);
  if (s.fixChecksums) parts.push('Keep checksums valid');
  if (s.memberText !== '') parts.push(`member ${s.memberText}`);
  parts.push(...variantWords(algorithmFor(s.algorithm).mode, s.variant));
  return parts.join(', ');
}
