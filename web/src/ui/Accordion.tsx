import { useId, useState, type ReactNode } from 'react';
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

/**
 * Single-open disclosure list. Closed panels stay in the markup (hidden) so every answer is in the
 * prerendered HTML for search engines.
 */
export function Accordion({ items, defaultOpen = null }: { items: AccordionItem[]; defaultOpen?: number | null }) {
  const [open, setOpen] = useState<number | null>(defaultOpen);
  const baseId = useId();
  return (
    <List>
      {items.map((item, index) => {
        const expanded = open === index;
        const triggerId = `${baseId}-trigger-${index}`;
        const panelId = `${baseId}-panel-${index}`;
        return (
          <Item key={item.question}>
            <Heading>
              <Trigger
                type="button"
                id={triggerId}
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => setOpen(expanded ? null : index)}
              >
                {item.question}
              </Trigger>
            </Heading>
            <Panel id={panelId} role="region" aria-labelledby={triggerId} hidden={!expanded}>
              {typeof item.answer === 'string' ? <p>{item.answer}</p> : item.answer}
            </Panel>
          </Item>
        );
      })}
    </List>
  );
}
