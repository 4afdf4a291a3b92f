// An on/off control with a visible label: Radix's switch (role="switch", aria-checked, Space and
// Enter toggle it).
import * as RadixSwitch from '@radix-ui/react-switch';
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

const Track = styled(RadixSwitch.Root)`
  position: relative;
  flex: none;
  width: 52px;
  height: 30px;
  margin-top: 2px;
  padding: 0;
  border: 1px solid var(--border-strong);
  border-radius: 999px;
  background: var(--surface-3);
  cursor: pointer;
  transition: background-color 0.15s;

  &[data-state='checked'] { background: var(--accent-soft); border-color: var(--accent); }
  &:disabled { cursor: not-allowed; opacity: 0.75; }
`;

const Thumb = styled(RadixSwitch.Thumb)`
  position: absolute;
  top: 3px;
  left: 3px;
  width: 22px;
  height: 22px;
  border-radius: 50%;
  background: var(--muted);
  transition: transform 0.15s, background-color 0.15s;

  &[data-state='checked'] { transform: translateX(22px); background: var(--accent); }
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
        onCheckedChange={onChange}
        disabled={locked}
        aria-describedby={description ? descriptionId : undefined}
      >
        <Thumb />
      </Track>
    </Row>
  );
}
