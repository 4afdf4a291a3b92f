// Styled primitives the workspace's panels share. Colours come from the site's CSS custom properties,
// with fallbacks so the workspace reads well on its own.
import { styled } from 'styled-components';

export const Section = styled.section`
  scroll-margin-top: 96px;
  max-width: 1100px;
  margin: 0 auto;
  padding: 64px 20px;
  color: var(--color-text, #e2e8f0);
`;

export const SectionTitle = styled.h2`
  margin: 0 0 8px;
  font-size: clamp(1.6rem, 3vw, 2.2rem);
`;

export const Lead = styled.p`
  margin: 0 0 28px;
  color: var(--color-text-muted, #94a3b8);
`;

export const Card = styled.div`
  border: 1px solid var(--color-border, #334155);
  border-radius: 14px;
  background: var(--color-surface, #0b1220);
  padding: 20px;
`;

export const Button = styled.button<{ $tone?: 'primary' | 'secondary' | 'ghost' | 'danger' }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  min-height: 40px;
  padding: 8px 16px;
  border-radius: 10px;
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  border: 1px solid
    ${(p) => (p.$tone === 'primary' ? 'transparent' : p.$tone === 'danger' ? '#f87171' : 'var(--color-border, #334155)')};
  background: ${(p) =>
    p.$tone === 'primary'
      ? 'var(--color-accent, #38bdf8)'
      : p.$tone === 'ghost'
        ? 'transparent'
        : 'var(--color-surface-raised, #111a2e)'};
  color: ${(p) => (p.$tone === 'primary' ? 'var(--color-accent-contrast, #04111d)' : p.$tone === 'danger' ? '#fca5a5' : 'inherit')};
  &:hover:not(:disabled):not([aria-disabled='true']) {
    filter: brightness(1.12);
  }
  &:focus-visible {
    outline: 2px solid var(--color-accent, #38bdf8);
    outline-offset: 2px;
  }
  &:disabled,
  &[aria-disabled='true'] {
    opacity: 0.5;
    cursor: not-allowed;
  }
`;

export const Badge = styled.span<{ $tone?: 'live' | 'example' | 'neutral' }>`
  display: inline-block;
  padding: 3px 10px;
  border-radius: 999px;
  font-size: 0.75rem;
  font-weight: 600;
  letter-spacing: 0.02em;
  border: 1px solid
    ${(p) => (p.$tone === 'live' ? '#22c55e' : p.$tone === 'example' ? '#f59e0b' : 'var(--color-border, #334155)')};
  color: ${(p) => (p.$tone === 'live' ? '#86efac' : p.$tone === 'example' ? '#fcd34d' : 'var(--color-text-muted, #94a3b8)')};
`;

export const Bar = styled.div`
  height: 8px;
  border-radius: 999px;
  background: var(--color-track, #1e293b);
  overflow: hidden;
  & > span {
    display: block;
    height: 100%;
    background: var(--color-accent, #38bdf8);
    /* Scaled, not resized: the compositor animates a transform without painting the page again
       each frame, which for thousands of files moving bars cost the main thread most of its time. */
    transform-origin: left;
    transition: transform 0.2s ease;
  }
`;

/** The fill of a Bar at `percent` (0-100). */
export const barFill = (percent: number) => ({ transform: `scaleX(${percent / 100})` });

export const Muted = styled.span`
  color: var(--color-text-muted, #94a3b8);
`;

export const DataList = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(160px, 1fr));
  gap: 12px 20px;
  margin: 0;
  & > div {
    min-width: 0;
  }
  dt {
    font-size: 0.75rem;
    text-transform: uppercase;
    letter-spacing: 0.06em;
    color: var(--color-text-muted, #94a3b8);
  }
  dd {
    margin: 2px 0 0;
    font-variant-numeric: tabular-nums;
    overflow-wrap: anywhere;
  }
`;

/** A settings field: its label (or first span) above its control (SettingsPanel, TargetSection). */
export const Field = styled.div`
  display: grid;
  gap: 8px;
  & > label,
  & > span:first-child {
    font-weight: 600;
  }
`;
