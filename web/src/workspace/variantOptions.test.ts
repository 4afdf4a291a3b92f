// The workspace's choices for the modes' own options against the engine's own checks (docs/contract.md,
// checks 8c to 8f): every choice the page offers is one the engine takes, and every value the engine
// takes is a choice, for exactly the modes that take it.
import { describe, expect, it } from 'vitest';
import { checkVariant } from '../../../lib/engine/reference/errors.ts';
import { ENGINE_MODES } from '../../../lib/engine/shared/types.ts';
import { VARIANT_CONTROLS, type VariantControl, variantOfLink } from './variantOptions.ts';

// Every value any mode's option may take, and a few it may not.
const CANDIDATES = {
  direction: ['lf_to_crlf', 'crlf_to_lf', 'to_utf8', 'from_utf8', 'both'],
  charset: ['cp1252', 'latin1', 'utf8'],
  bom: ['keep', 'add', 'strip', 'none'],
  blockSize: ['512', '4096', '1024'],
} as const;

const takes = (mode: (typeof ENGINE_MODES)[number], key: keyof typeof CANDIDATES, value: string) => {
  try {
    checkVariant(mode, { [key]: value });
    return true;
  } catch {
    return false;
  }
};

describe('the options under Algorithm', () => {
  it('offer, for each mode, exactly the values the engine takes', () => {
    for (const mode of ENGINE_MODES) {
      for (const key of Object.keys(CANDIDATES) as (keyof typeof CANDIDATES)[]) {
        const control: VariantControl | undefined = VARIANT_CONTROLS[mode]?.find((c) => c.key === key);
        const offered = (control?.choices ?? []).flatMap((c) => (c.word ? [c.word] : [])).sort();
        const accepted = CANDIDATES[key].filter((v) => takes(mode, key, v)).sort();
        expect(offered, `${mode} ${key}`).toEqual(accepted);
      }
    }
  });

  it('set from a link the value the engine gets from the same word', () => {
    for (const [mode, controls] of Object.entries(VARIANT_CONTROLS)) {
      for (const control of controls ?? []) {
        for (const choice of control.choices.filter((c) => c.word)) {
          const problems: string[] = [];
          const variant = variantOfLink(
            mode as (typeof ENGINE_MODES)[number],
            [[control.option, choice.word ?? '']],
            problems,
          );
          expect(problems).toEqual([]);
          const fromLink = checkVariant(mode as (typeof ENGINE_MODES)[number], variant);
          const fromWord = checkVariant(mode as (typeof ENGINE_MODES)[number], { [control.key]: choice.word });
          expect(fromLink, `${mode} ${control.option}=${choice.word}`).toEqual(fromWord);
        }
      }
    }
  });
});
