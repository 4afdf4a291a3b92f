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

const Track = styled.button`
  position: relative;
  flex: none;
  width: 52px;
  height: 30px;
  margin-top: 2px;
  border: 1px solid var(--border-strong);
  border-radius: 999px;
  background: var(--surface-3);
  cursor: pointer;
  transition: background-color 0.15s;

  &::after {
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
  &[aria-checked='true'] { background: var(--accent-soft); border-color: var(--accent); }
  &[aria-checked='true']::after { transform: translateX(22px); background: var(--accent); }
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

/** An on/off control with a visible label, announced as a switch. */
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
        type="button"
        role="switch"
        aria-checked={checked}
        aria-describedby={description ? descriptionId : undefined}
        disabled={locked}
        onClick={() => onChange?.(!checked)}
      />
    </Row>
  );
}
