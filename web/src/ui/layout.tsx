import type { ReactNode } from 'react';
import { styled } from 'styled-components';

export const Container = styled.div`
  width: 100%;
  /* The workspace's sections use the same measure, so every edge lines up. */
  max-width: 1100px;
  margin: 0 auto;
  padding: 0 20px;
`;

export const Section = styled.section`
  padding: clamp(40px, 7vw, 80px) 0;

  & + & { border-top: 1px solid var(--border); }
`;

export const Eyebrow = styled.p`
  margin: 0 0 0.75em;
  color: var(--accent);
  font-family: var(--mono);
  font-size: 0.8rem;
  font-weight: 600;
  letter-spacing: 0.12em;
  text-transform: uppercase;
`;

export const Lead = styled.p`
  max-width: 68ch;
  color: var(--muted);
  font-size: 1.1rem;
`;

const HeaderBlock = styled.div`
  margin-bottom: 2rem;
  max-width: 760px;
`;

/** A section's eyebrow, heading and lead paragraph. */
export function SectionHeader({
  eyebrow,
  title,
  lead,
  id,
}: {
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  id?: string;
}) {
  return (
    <HeaderBlock>
      {eyebrow && <Eyebrow>{eyebrow}</Eyebrow>}
      <h2 id={id}>{title}</h2>
      {lead && <Lead>{lead}</Lead>}
    </HeaderBlock>
  );
}

export const Grid = styled.div`
  display: grid;
  gap: 20px;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 260px), 1fr));

  &[data-columns='2'] { grid-template-columns: repeat(auto-fill, minmax(min(100%, 420px), 1fr)); }
`;

export const Card = styled.div`
  background: linear-gradient(180deg, var(--surface-2), var(--surface));
  border: 1px solid var(--border);
  border-radius: var(--radius-lg);
  padding: 24px;

  & > h3 { margin-bottom: 0.4em; }
  & > p:last-child, & > ul:last-child { margin-bottom: 0; }
  & p { color: var(--muted); }
`;

export const Badge = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 0.4em;
  padding: 0.25em 0.75em;
  border: 1px solid var(--border-strong);
  border-radius: 999px;
  background: var(--surface-2);
  color: var(--text);
  font-size: 0.85rem;
  font-weight: 500;
  white-space: nowrap;

  &[data-tone='accent'] { border-color: rgba(56, 226, 173, 0.45); background: var(--accent-soft); color: var(--accent-strong); }
  &[data-tone='warn'] { border-color: rgba(255, 180, 84, 0.5); color: var(--warn); }
`;

export const BadgeRow = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 10px;
  padding: 0;
  margin: 0;
  list-style: none;
`;

/** A list whose items carry a check mark (decorative). */
export const CheckList = styled.ul`
  padding: 0;
  list-style: none;

  & > li {
    position: relative;
    padding-left: 1.75em;
    margin-bottom: 0.5em;
  }
  & > li::before {
    content: '';
    position: absolute;
    left: 0.2em;
    top: 0.45em;
    width: 0.45em;
    height: 0.8em;
    border: solid var(--accent);
    border-width: 0 2px 2px 0;
    transform: rotate(45deg);
  }
`;

export const NumberedSteps = styled.ol`
  counter-reset: step;
  padding: 0;
  list-style: none;

  & > li {
    counter-increment: step;
    position: relative;
    padding: 0 0 1em 3em;
    min-height: 2.2em;
  }
  & > li::before {
    content: counter(step);
    position: absolute;
    left: 0;
    top: -0.1em;
    display: grid;
    place-items: center;
    width: 2em;
    height: 2em;
    border-radius: 50%;
    background: var(--accent-soft);
    border: 1px solid rgba(56, 226, 173, 0.45);
    color: var(--accent-strong);
    font-family: var(--mono);
    font-weight: 700;
    font-size: 0.9rem;
  }
`;

/** Long-form text: legal pages and answers. */
export const Prose = styled.div`
  max-width: 76ch;

  & h2 { margin-top: 2em; font-size: 1.5rem; }
  & h3 { margin-top: 1.5em; }
  & p, & li { color: #cfdae4; }
  & table { margin: 1em 0 2em; font-size: 0.95rem; }
  & th, & td { text-align: left; padding: 0.6em 0.75em; border-bottom: 1px solid var(--border); vertical-align: top; }
  & th { color: var(--text); background: var(--surface-2); }
`;

export const TableScroll = styled.div`
  overflow-x: auto;
  border: 1px solid var(--border);
  border-radius: var(--radius);
  margin: 1em 0 2em;

  & > table { margin: 0; }
`;

export const VisuallyHidden = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip: rect(0, 0, 0, 0);
  white-space: nowrap;
  border: 0;
`;
