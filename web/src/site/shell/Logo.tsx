import { Link } from 'react-router-dom';
import { styled } from 'styled-components';
import { PRODUCT_NAME } from '../../constants.ts';

const Home = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: 10px;
  color: var(--text);
  font-weight: 800;
  font-size: 1.2rem;
  letter-spacing: -0.02em;
  text-decoration: none;

  &:hover { color: var(--text); }
  & > svg { flex: none; }
`;

/** A shard mark: a square split by a crack line. */
export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect x="2" y="2" width="28" height="28" rx="7" fill="#10161e" stroke="#38e2ad" strokeWidth="2" />
      <path d="M17 4 L13 13 L19 17 L12 28" fill="none" stroke="#38e2ad" strokeWidth="2.2" strokeLinejoin="round" />
    </svg>
  );
}

export function Logo({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <Home to="/" aria-label={`${PRODUCT_NAME} home`} onClick={onNavigate}>
      <LogoMark />
      <span>{PRODUCT_NAME}</span>
    </Home>
  );
}
