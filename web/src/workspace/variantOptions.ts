// The chosen mode's own options in the workspace (docs/contract.md, sections 6.13 to 6.16): which
// modes take which, the choices the page offers and their words, the part of the settings a run of a
// mode carries, and the options a share link sets. Each mode keeps its own choices, so switching
// modes and back keeps them.
import type { EngineMode, ModeVariant } from '../../../lib/engine/shared/types.ts';

export type { ModeVariant };

/** One choice: the value set (undefined: the option left out, its default) and its words. */
export interface VariantChoice {
  value: string | number | undefined;
  label: string;
  /** What the command line and a share link write for it; none when the seed chooses. */
  word?: string;
}

/** One option's control: the key it sets, the command line's name for it, its label and choices. */
export interface VariantControl {
  key: keyof ModeVariant;
  option: VariantOption;
  label: string;
  choices: readonly VariantChoice[];
}

/** The command line's names of the options (engine-data/cli.toml), as share links carry them. */
export const VARIANT_OPTIONS = ['direction', 'charset', 'bom', 'block-size'] as const;
export type VariantOption = (typeof VARIANT_OPTIONS)[number];

export const VARIANT_CONTROLS: Partial<Record<EngineMode, readonly VariantControl[]>> = {
  text_transfer: [
    {
      key: 'direction',
      option: 'direction',
      label: 'Line endings',
      choices: [
        { value: undefined, label: 'Chosen by the seed' },
        { value: 'lf_to_crlf', label: 'LF to CRLF (a transfer to Windows)', word: 'lf_to_crlf' },
        { value: 'crlf_to_lf', label: 'CRLF to LF (a transfer to Unix)', word: 'crlf_to_lf' },
      ],
    },
  ],
  charset_roundtrip: [
    {
      key: 'direction',
      option: 'direction',
      label: 'Direction',
      choices: [
        { value: undefined, label: 'To UTF-8 (each byte above 0x7F becomes two or three)', word: 'to_utf8' },
        { value: 'from_utf8', label: 'From UTF-8 (what the charset lacks is dropped)', word: 'from_utf8' },
      ],
    },
    {
      key: 'charset',
      option: 'charset',
      label: 'Charset',
      choices: [
        { value: undefined, label: 'CP1252 (Windows-1252)', word: 'cp1252' },
        { value: 'latin1', label: 'Latin-1 (ISO-8859-1)', word: 'latin1' },
      ],
    },
    {
      key: 'bom',
      option: 'bom',
      label: 'Byte order mark',
      choices: [
        { value: undefined, label: 'Kept as it is', word: 'keep' },
        { value: 'add', label: 'A UTF-8 BOM added', word: 'add' },
        { value: 'strip', label: 'A UTF-8 BOM stripped', word: 'strip' },
      ],
    },
  ],
  misdirected_write: [
    {
      key: 'blockSize',
      option: 'block-size',
      label: 'Block size',
      choices: [
        { value: undefined, label: '4096 bytes (a file system block)', word: '4096' },
        { value: 512, label: '512 bytes (a disk sector)', word: '512' },
      ],
    },
  ],
};

/** Each mode's choices as set (a mode not set has its defaults). */
export type Variants = Partial<Record<EngineMode, ModeVariant>>;

/** The options a run of `mode` carries: the ones it takes that were set. */
export function variantFor(mode: EngineMode, variants: Variants): ModeVariant {
  const set = variants[mode] ?? {};
  const out: ModeVariant = {};
  for (const { key } of VARIANT_CONTROLS[mode] ?? []) {
    if (set[key] !== undefined) Object.assign(out, { [key]: set[key] });
  }
  return out;
}

/** Whether two sets of options are the same. */
export function sameVariant(a: ModeVariant, b: ModeVariant): boolean {
  const keys: (keyof ModeVariant)[] = ['direction', 'charset', 'bom', 'blockSize'];
  return keys.every((k) => a[k] === b[k]);
}

/** The choice a control has for `value` (the first, the default, when nothing is set). */
export function choiceOf(control: VariantControl, value: string | number | undefined): VariantChoice {
  return control.choices.find((c) => c.value === value) ?? control.choices[0];
}

/**
 * The options a share link sets for `mode` (`settings`: the link's [name, value] pairs of these
 * options), each value one of the choices' words; a default's word leaves the option out (the same
 * bytes). What the mode does not take, or a word no choice has, is a problem.
 */
export function variantOfLink(
  mode: EngineMode | undefined,
  settings: readonly (readonly [VariantOption, string])[],
  problems: string[],
): ModeVariant {
  const out: ModeVariant = {};
  for (const [name, value] of settings) {
    const control = mode && VARIANT_CONTROLS[mode]?.find((c) => c.option === name);
    if (!control) {
      if (mode) problems.push(`${name} with ${mode} (the algorithm does not take it)`);
      continue;
    }
    const choice = control.choices.find((c) => c.word === value);
    if (!choice) {
      const words = control.choices.flatMap((c) => (c.word ? [c.word] : []));
      problems.push(`${name} "${value.slice(0, 40)}" (not ${words.join(' or ')})`);
    } else if (choice.value !== undefined) Object.assign(out, { [control.key]: choice.value });
  }
  return out;
}

/** The options in words, for the link's summary: "LF to CRLF (a transfer to Windows)". */
export function variantWords(mode: EngineMode, variant: ModeVariant): string[] {
  return (VARIANT_CONTROLS[mode] ?? []).flatMap((control) =>
    variant[control.key] === undefined ? [] : [`${control.label} ${choiceOf(control, variant[control.key]).label}`],
  );
}
