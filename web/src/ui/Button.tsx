import type { AnchorHTMLAttributes, ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from 'react-router-dom';
import { css, styled } from 'styled-components';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost';
export type ButtonSize = 'md' | 'lg' | 'sm';

// Variants are data attributes, not props interpolated into CSS: every button shares one static
// class, so the server-rendered CSS covers every variant.
const buttonLook = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 0.5em;
  min-height: 44px;
  padding: 0.6em 1.2em;
  border-radius: var(--radius);
  border: 1px solid transparent;
  font: inherit;
  font-weight: 600;
  line-height: 1.2;
  text-decoration: none;
  cursor: pointer;
  transition: background-color 0.15s, border-color 0.15s, color 0.15s, transform 0.1s;
  background: var(--accent);
  color: var(--accent-ink);

  &:hover { background: var(--accent-strong); color: var(--accent-ink); }
  &:active { transform: translateY(1px); }
  &:disabled, &[aria-disabled='true'] { opacity: 0.5; cursor: not-allowed; transform: none; }

  &[data-variant='secondary'] {
    background: var(--surface-2);
    color: var(--text);
    border-color: var(--border-strong);
  }
  &[data-variant='secondary']:hover { border-color: var(--accent); color: var(--text); }

  &[data-variant='ghost'] {
    background: transparent;
    color: var(--text);
  }
  &[data-variant='ghost']:hover { background: var(--surface-2); }

  &[data-size='lg'] { min-height: 52px; padding: 0.75em 1.5em; font-size: 1.05rem; }
  &[data-size='sm'] { min-height: 36px; padding: 0.4em 0.8em; font-size: 0.9rem; }
`;

const StyledButton = styled.button`${buttonLook}`;
const StyledLink = styled(Link)`${buttonLook}`;
const StyledAnchor = styled.a`${buttonLook}`;

interface LookProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

export function Button({
  variant = 'primary',
  size = 'md',
  type = 'button',
  ...rest
}: LookProps & ButtonHTMLAttributes<HTMLButtonElement>) {
  return <StyledButton type={type} data-variant={variant} data-size={size} {...rest} />;
}

export function ButtonLink({ variant = 'primary', size = 'md', ...rest }: LookProps & LinkProps) {
  return <StyledLink data-variant={variant} data-size={size} {...rest} />;
}

/** For targets outside the router: downloads, mailto links. */
export function ButtonAnchor({
  variant = 'primary',
  size = 'md',
  ...rest
}: LookProps & AnchorHTMLAttributes<HTMLAnchorElement>) {
  return <StyledAnchor data-variant={variant} data-size={size} {...rest} />;
}
