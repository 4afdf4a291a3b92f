// The Target's texts in the Byte ranges field (docs/contract.md, section 14.4): which entries are
// selectors, and the field with the picker's selectors put in or taken out. Light on purpose: the
// settings panel uses it on the first load; the map and the walks are in target.ts, loaded lazily.
import { isSelector } from '../../../lib/engine/reference/select.ts';

export type Aim = 'only' | 'protect';

/** The Byte ranges field's entries, split as rangesField.ts splits them. */
function entriesOf(text: string): string[] {
  return text
    .split(/[,\n]/)
    .map((e) => e.trim())
    .filter((e) => e !== '');
}

/** An entry's word (`only` when it has none) and its range text. */
function entryParts(entry: string): { kind: Aim; text: string } {
  const m = /^(only|protect)\s+(.*)$/i.exec(entry);
  return m ? { kind: m[1].toLowerCase() as Aim, text: m[2] } : { kind: 'only', text: entry };
}

/**
 * The Byte ranges field with `selectors` as its `kind` selectors: the byte ranges and the other kind's
 * selectors stay as typed; the field's earlier `kind` selectors are replaced.
 */
export function withSelectors(rangesText: string, kind: Aim, selectors: readonly string[]): string {
  const kept = entriesOf(rangesText).filter((e) => {
    const p = entryParts(e);
    return !(isSelector(p.text) && p.kind === kind);
  });
  return [...kept, ...selectors.map((s) => `${kind} ${s}`)].join(', ');
}

/** The Byte ranges field without any selector: what "Clear target" leaves. */
export function withoutSelectors(rangesText: string): string {
  return entriesOf(rangesText)
    .filter((e) => !isSelector(entryParts(e).text))
    .join(', ');
}

/** The selectors in the field, with their kind. */
export function selectorsIn(rangesText: string): { kind: Aim; text: string }[] {
  return entriesOf(rangesText)
    .map(entryParts)
    .filter((p) => isSelector(p.text));
}
