// A hint shown on hover and on keyboard focus: Radix's tooltip, with the spec's delays (open after
// 700 ms, 300 ms to move to the next one without waiting again; Radix's defaults, passed explicitly).
import * as RadixTooltip from '@radix-ui/react-tooltip';
import type { ReactElement, ReactNode } from 'react';
import { styled } from 'styled-components';

export const TOOLTIP_DELAYS = { openMs: 700, skipMs: 300 } as const;

const Bubble = styled(RadixTooltip.Content)`
  z-index: 1100;
  max-width: min(320px, calc(100vw - 24px));
  padding: 6px 10px;
  border: 1px solid var(--border-strong);
  border-radius: var(--radius);
  background: var(--surface);
  color: var(--text);
  font-size: 0.85rem;
  box-shadow: var(--shadow);
`;

/** Wraps one focusable element (its trigger) with a tooltip showing `content`. */
export function Tooltip({ content, children }: { content: ReactNode; children: ReactElement }) {
  return (
    <RadixTooltip.Provider delayDuration={TOOLTIP_DELAYS.openMs} skipDelayDuration={TOOLTIP_DELAYS.skipMs}>
      <RadixTooltip.Root>
        <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <Bubble sideOffset={6}>{content}</Bubble>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}
