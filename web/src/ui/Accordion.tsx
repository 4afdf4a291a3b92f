// Single-open disclosure list: Radix's accordion (button triggers inside headings, aria-expanded,
// aria-controls, region panels, arrow keys between triggers). Every panel is force-mounted so each
// answer is in the prerendered HTML for search engines; closed ones carry `hidden`, which keeps them
// out of sight and out of the accessibility tree (Radix leaves a force-mounted panel visible).
import * as RadixAccordion from '@radix-ui/react-accordion';
import { useState, type ReactNode } from 'react';
import { styled } from 'styled-components';

export interface AccordionItem {
  question: string;
  answer: ReactNode;
}

const List = styled(RadixAccordion.Root)`
  border-top: 1px solid var(--border);
`;

const Item = styled(RadixAccordion.Item)`
  border-bottom: 1px solid var(--border);
`;

const Heading = styled.h3`
  margin: 0;
  font-size: 1.05rem;
`;

const Trigger = styled(RadixAccordion.Trigger)`
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

const Panel = styled(RadixAccordion.Content)`
  padding: 0 4px 18px;
  color: var(--muted);

  & > p:last-child { margin-bottom: 0; }
`;

export function Accordion({
  items,
  defaultOpen = null,
  headingLevel = 3,
}: {
  items: AccordionItem[];
  defaultOpen?: number | null;
  /** The questions' heading level: one below the section's own heading, so the outline has no gap. */
  headingLevel?: 2 | 3;
}) {
  const [open, setOpen] = useState(defaultOpen === null ? '' : String(defaultOpen));
  return (
    <List type="single" collapsible value={open} onValueChange={setOpen}>
      {items.map((item, index) => {
        const value = String(index);
        return (
          <Item key={item.question} value={value}>
            <RadixAccordion.Header asChild>
              <Heading as={`h${headingLevel}`}>
                <Trigger>{item.question}</Trigger>
              </Heading>
            </RadixAccordion.Header>
            <Panel forceMount hidden={open !== value}>
              {typeof item.answer === 'string' ? <p>{item.answer}</p> : item.answer}
            </Panel>
          </Item>
        );
      })}
    </List>
  );
}
