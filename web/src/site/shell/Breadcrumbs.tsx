import { Link } from 'react-router-dom';
import { styled } from 'styled-components';
import { Container } from '../../ui/layout.tsx';
import { breadcrumbsFor, type ContentLabel } from './breadcrumbs.ts';

const Bar = styled.nav`
  border-bottom: 1px solid var(--border);
  background: rgba(16, 22, 30, 0.6);
  font-size: 0.9rem;

  & ol {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 4px 0;
    margin: 0;
    padding: 10px 0;
    list-style: none;
  }
  & li { display: inline-flex; align-items: center; color: var(--muted); }
  & li + li::before {
    content: '/';
    margin: 0 10px;
    color: var(--border-strong);
  }
  & a { color: var(--muted); text-decoration: none; }
  & a:hover { color: var(--text); text-decoration: underline; }
  & [aria-current='page'] { color: var(--text); font-weight: 500; }
`;

/** Hidden on the home page (no segments); otherwise Home, then one crumb per segment. */
export function Breadcrumbs({ pathname, contentLabel }: { pathname: string; contentLabel: ContentLabel }) {
  const crumbs = breadcrumbsFor(pathname, contentLabel);
  if (crumbs.length === 0) return null;
  const last = crumbs.length - 1;
  return (
    <Bar aria-label="Breadcrumb">
      <Container>
        <ol>
          <li>
            <Link to="/">Home</Link>
          </li>
          {crumbs.map((crumb, index) => (
            <li key={crumb.path}>
              {index === last ? (
                <span aria-current="page">{crumb.label}</span>
              ) : (
                <Link to={crumb.path}>{crumb.label}</Link>
              )}
            </li>
          ))}
        </ol>
      </Container>
    </Bar>
  );
}
