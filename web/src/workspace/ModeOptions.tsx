// The chosen algorithm's own options, under Algorithm (docs/contract.md, sections 6.13 to 6.16): the
// line-ending direction of Text-Mode Transfer; the direction, charset and byte order mark of Charset
// Round Trip; the block size of Misdirected Write. Nothing for the algorithms that take none.
import { algorithmFor } from '../../../lib/engine/shared/modes.ts';
import { useWorkspace } from './provider.tsx';
import { Field } from './styles.ts';
import { choiceOf, VARIANT_CONTROLS } from './variantOptions.ts';

export function ModeOptions() {
  const { algorithm, variant, setVariant } = useWorkspace();
  const controls = VARIANT_CONTROLS[algorithmFor(algorithm).mode] ?? [];
  return controls.map((control) => {
    const id = `workspace-option-${control.option}`;
    const chosen = control.choices.indexOf(choiceOf(control, variant[control.key]));
    return (
      <Field key={control.option}>
        <label htmlFor={id}>{control.label}</label>
        <select
          id={id}
          value={String(chosen)}
          onChange={(event) => setVariant({ [control.key]: control.choices[Number(event.currentTarget.value)].value })}
        >
          {control.choices.map((choice, i) => (
            <option key={choice.label} value={String(i)}>
              {choice.label}
            </option>
          ))}
        </select>
      </Field>
    );
  });
}
