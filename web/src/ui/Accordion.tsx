// Single-open disclosure list in the WAI-ARIA accordion pattern: a native button inside a heading
// with aria-expanded and aria-controls, a labelled region panel, arrow keys, Home and End between
// the buttons. Every panel is rendered, so each
// answer is in the prerendered HTML for search engines; closed ones carry `hidden`. Written here, not
// taken from Radix: its accordion cost about 9 KB of a content page's budget (docs/site.md).
import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { styled } from 'styled-components';

export interface AccordionItem {
  question: string;
  answer: ReactNode;
}

const List = styled.div`
  border-top: 1px solid var(--border);
`;

const Item = styled.div`
  border-bottom: 1px solid var(--border);
`;

const Heading = styled.h3`
  margin: 0;
  font-size: 1.05rem;
`;

const Trigger = styled.button`
  display: flex;
  width: 100%;
  align-items: center;
  justify-content: space-between;
  gap: 16px;
  padding: 18px 4px;
  background: none;
  border: 0;
  color: var(--text);
  font: inherit;
  font-weight: 600;
  text-align: left;
  cursor: pointer;

  &:hover { color: var(--accent-strong); }

  &::after {
    content: '';
    flex: none;
    width: 10px;
    height: 10px;
    border: solid var(--accent);
    border-width: 0 2px 2px 0;
    transform: rotate(45deg);
    transition: transform 0.2s;
  }
  &[aria-expanded='true']::after { transform: rotate(-135deg); }
`;

const Panel = styled.div`
  padding: 0 4px 18px;
  color: var(--muted);

  & > p:last-child { margin-bottom: 0; }
`;

const KEY_STEPS: Record<string, (index: number, count: number) => number> = {
  ArrowDown: (i, n) => (i + 1) % n,
  ArrowUp: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_, n) => n - 1,
};

/** Moves focus between the list's buttons (the pattern's optional keys, which Radix had). */
function moveFocus(event: KeyboardEvent<HTMLButtonElement>) {
  const step = KEY_STEPS[event.key];
  const list = event.currentTarget.closest('[data-accordion]');
  if (!step || !list) return;
  const buttons = [...list.querySelectorAll<HTMLButtonElement>('button[aria-controls]')];
  const index = buttons.indexOf(event.currentTarget);
  event.preventDefault();
  buttons[step(index, buttons.length)]?.focus();
}

export function Accordion({
  items,
  defaultOpen = null,
  headingLevel = 3,
  idPrefix = 'faq',
}: {
  items: AccordionItem[];
  defaultOpen?: number | null;
  /** The questions' heading level: one below the section's own heading, so the outline has no gap. */
  headingLevel?: 2 | 3;
  /** Prefix of the triggers' and panels' ids: fixed, so the prerender and hydration agree. */
  idPrefix?: string;
}) {
  const [open, setOpen] = useState<number | null>(defaultOpen);
  return (
    <List data-accordion="">
      {items.map((item, index) => {
        const expanded = open === index;
        const trigger = `${idPrefix}-q${index}`;
        const panel = `${idPrefix}-a${index}`;
        return (
          <Item key={item.question}>
            <Heading as={`h${headingLevel}`}>
              <Trigger
                type="button"
                id={trigger}
                aria-expanded={expanded}
                aria-controls={panel}
                onClick={() => setOpen(expanded ? null : index)}
                onKeyDown={moveFocus}
              >
                {item.question}
              </Trigger>
            </Heading>
            <Panel id={panel} role="region" aria-labelledby={trigger} hidden={!expanded}>
              {typeof item.answer === 'string' ? <p>{item.answer}</p> : item.answer}
            </Panel>
          </Item>
        );
      })}
    </List>
  );
}
