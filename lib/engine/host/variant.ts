// The conversion modes' and misdirected_write's options (docs/contract.md, sections 6.13 to 6.16) as
// the WebAssembly module takes them: each as JavaScript's String() prints it, or undefined when not
// given, so the module's checks 8c to 8f print a value exactly as the reference engine does.
import type { CorruptOptions } from '../shared/types.ts';

type Text = string | undefined;

/** `direction`, `charset`, `bom` and `blockSize`, in that order. */
export function variantTexts(
  o: Pick<CorruptOptions, 'direction' | 'charset' | 'bom' | 'blockSize'>,
): [Text, Text, Text, Text] {
  const text = (v: unknown) => (v === undefined ? undefined : String(v));
  return [text(o.direction), text(o.charset), text(o.bom), text(o.blockSize)];
}
