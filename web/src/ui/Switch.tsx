// An on/off control with a visible label: <input type="checkbox" role="switch">, which the browser
// makes focusable and toggles with Space, and which works before the page hydrates. Radix's switch
// was used first; its server render adds a hidden input with an inline style attribute (it assumes a
// form until it can look), which the site's Content-Security-Policy refuses, so it went.
import { useId } from 'react';
import { styled } from 'styled-components';

const Row = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: 16px;
  padding: 14px 0;
  border-bottom: 1px solid var(--border);
`;

const Text = styled.div`
  & > label { display: block; font-weight: 600; color: var(--text); }
  & > p { margin: 0.2em 0 0; color: var(--muted); font-size: 0.9rem; }
`;

// A native checkbox in the switch role: it works before hydration and prints no inline style.
const Track = styled.input.attrs({ type: 'checkbox', role: 'switch' })`
  appearance: none;
  position: relative;
  flex: none;
  width: 52px;
  height: 30px;
  margin: 2px 0 0;
  padding: 0;
  border: 1px solid var(--border-strong);
  border-radius: 999px;
  background: var(--surface-3);
  cursor: pointer;
  transition: background-color 0.15s;

  &::before {
    content: '';
    position: absolute;
    top: 3px;
    left: 3px;
    width: 22px;
    height: 22px;
    border-radius: 50%;
    background: var(--muted);
    transition: transform 0.15s, background-color 0.15s;
  }
  &:checked { background: var(--accent-soft); border-color: var(--accent); }
  &:checked::before { transform: translateX(22px); background: var(--accent); }
  &:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
  &:disabled { cursor: not-allowed; opacity: 0.75; }
`;

interface SwitchProps {
  label: string;
  description?: string;
  checked: boolean;
  onChange?: (checked: boolean) => void;
  /** Shown on and not changeable (strictly necessary cookies). */
  locked?: boolean;
}

export function Switch({ label, description, checked, onChange, locked = false }: SwitchProps) {
  const id = useId();
  const descriptionId = `${id}-description`;
  return (
    <Row>
      <Text>
        <label htmlFor={id}>{label}</label>
        {description && <p id={descriptionId}>{description}</p>}
      </Text>
      <Track
        id={id}
        checked={checked}
        onChange={(event) => onChange?.(event.currentTarget.checked)}
        disabled={locked}
        aria-describedby={description ? descriptionId : undefined}
      />
    </Row>
  );
}
