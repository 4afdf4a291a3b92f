// The Target picker's state (TargetPicker.tsx): the chosen file's map, what is picked of its units,
// whether the picks are "only" or "protect" selectors, and the member. A pick is written into the
// settings at once (the Byte ranges field and the Member field), so the run, the report and the
// replay command take it as they take a typed range, and it stays when the picker closes.
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Family } from '../../../lib/engine/reference/tables.ts';
import { familyOf, loadTargetMap, picksFrom, selectorFor, type TargetMap, type UnitPick } from './target.ts';
import { type Aim, selectorsIn, withSelectors, withoutSelectors } from './targetText.ts';
import { type Settled, usePromise } from './usePromise.ts';

export type NamedFile = Blob & { name: string };

export interface TargetSettings {
  rangesText: string;
  setRangesText(text: string): void;
  memberText: string;
  setMemberText(text: string): void;
}

export interface Target {
  /** The map of `file`: undefined while it is made, null when the file is too large to map here. */
  map: Settled<TargetMap | null> | undefined;
  kind: Aim;
  setKind(kind: Aim): void;
  /** The picked units by key (UnitChoice.key). */
  picks: ReadonlyMap<string, UnitPick>;
  /** Picks a unit (`pick`), or drops it (undefined). */
  setPick(key: string, pick: UnitPick | undefined): void;
  /** The member glob as it stands (the Member field, trimmed), or undefined. */
  member: string | undefined;
  setMember(name: string | undefined): void;
  /** Drops every selector from the Byte ranges field, the member and the picks. */
  clear(): void;
  /** Files of the list whose family is not the mapped file's, once known. */
  otherFormats: { name: string; family: Family }[];
}

/** The selectors that `picks` stand for, in the map's unit order. */
export function selectorsOf(map: TargetMap, picks: ReadonlyMap<string, UnitPick>): string[] {
  return map.units.flatMap((u) => {
    const pick = picks.get(u.key);
    return pick ? [selectorFor(map.format, u, pick)] : [];
  });
}

export function useTarget(file: NamedFile, files: readonly NamedFile[], settings: TargetSettings): Target {
  const { rangesText, setRangesText, memberText, setMemberText } = settings;
  const map = usePromise(() => loadTargetMap(file), file);
  const familiesKey = files.map((f) => `${f.name}\u0000${f.size}`).join('\u0001');
  const families = usePromise(() => Promise.all(files.map(familyOf)), familiesKey);
  const [kind, setKindValue] = useState<Aim>(() =>
    selectorsIn(rangesText).some((s) => s.kind === 'only') || selectorsIn(rangesText).length === 0 ? 'only' : 'protect',
  );
  const [picks, setPicks] = useState<ReadonlyMap<string, UnitPick>>(new Map());

  // A newly made map starts from the selectors already in the field (a pick made earlier, or typed).
  const mapped = map?.value;
  // biome-ignore lint/correctness/useExhaustiveDependencies: read the field when a map arrives, not on each edit.
  useEffect(() => {
    setPicks(mapped ? picksFrom(rangesText, kind, mapped) : new Map());
  }, [mapped]);

  const setPick = useCallback(
    (key: string, pick: UnitPick | undefined) => {
      if (!mapped) return;
      const next = new Map(picks);
      if (pick) next.set(key, pick);
      else next.delete(key);
      setPicks(next);
      setRangesText(withSelectors(rangesText, kind, selectorsOf(mapped, next)));
    },
    [mapped, picks, rangesText, kind, setRangesText],
  );

  const setKind = useCallback(
    (to: Aim) => {
      if (to === kind) return;
      setKindValue(to);
      if (mapped && picks.size > 0)
        setRangesText(withSelectors(withSelectors(rangesText, kind, []), to, selectorsOf(mapped, picks)));
    },
    [kind, mapped, picks, rangesText, setRangesText],
  );

  const setMember = useCallback((name: string | undefined) => setMemberText(name ?? ''), [setMemberText]);

  const clear = useCallback(() => {
    setPicks(new Map());
    setRangesText(withoutSelectors(rangesText));
    setMemberText('');
  }, [rangesText, setRangesText, setMemberText]);

  const otherFormats = useMemo(() => {
    if (!mapped || !families?.value) return [];
    const family = mapped.family;
    return files.flatMap((f, i) => {
      const fam = families.value?.[i];
      return fam && fam !== family && f !== file ? [{ name: f.name, family: fam }] : [];
    });
  }, [mapped, families, files, file]);

  const member = memberText.trim() === '' ? undefined : memberText.trim();
  return { map, kind, setKind, picks, setPick, member, setMember, clear, otherFormats };
}
