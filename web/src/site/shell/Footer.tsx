import { Link } from 'react-router-dom';
import { styled } from 'styled-components';
import { LEGAL_ENTITY, SUPPORT_EMAIL } from '../../constants.ts';
import { Container } from '../../ui/layout.tsx';
import { useCookie } from '../consent/CookieProvider.tsx';
import { Logo } from './Logo.tsx';
import { FOOTER_COLUMNS } from './navigation.ts';

const Wrap = styled.footer`
  margin-top: 40px;
  padding: 48px 0 32px;
  border-top: 1px solid var(--border);
  background: var(--surface);
  color: var(--muted);
  font-size: 0.95rem;
`;

const Columns = styled.div`
  display: grid;
  gap: 32px;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 200px), 1fr));
  margin-bottom: 32px;

  & h2 { font-size: 0.85rem; letter-spacing: 0.08em; text-transform: uppercase; color: var(--text); }
  & ul { margin: 0; padding: 0; list-style: none; }
  & li { margin-bottom: 8px; }
  & a { color: var(--muted); text-decoration: none; }
  & a:hover { color: var(--text); text-decoration: underline; }
`;

const Brand = styled.div`
  & > p { margin-top: 12px; }
`;

const TextButton = styled.button`
  padding: 0;
  border: 0;
  background: none;
  color: var(--muted);
  font: inherit;
  text-align: left;
  cursor: pointer;

  &:hover { color: var(--text); text-decoration: underline; }
`;

const Bottom = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: 12px;
  padding-top: 20px;
  border-top: 1px solid var(--border);
  font-size: 0.9rem;

  & p { margin: 0; }
  & a { color: var(--accent); }
`;

export function Footer() {
  const { openPreferences } = useCookie();
  return (
    <Wrap>
      <Container>
        <Columns>
          <Brand>
            <Logo />
            <p>Deliberately damaged files for testing error handling. Every byte is changed on your own device.</p>
          </Brand>
          {FOOTER_COLUMNS.map((column) => (
            <nav key={column.title} aria-labelledby={`footer-${column.title.toLowerCase()}`}>
              <h2 id={`footer-${column.title.toLowerCase()}`}>{column.title}</h2>
              <ul>
                {column.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to}>{link.label}</Link>
                  </li>
                ))}
                {column.title === 'Legal' && (
                  <li>
                    <TextButton type="button" onClick={openPreferences}>
                      Privacy Choices
                    </TextButton>
                  </li>
                )}
              </ul>
            </nav>
          ))}
        </Columns>
        <Bottom>
          <p>
            Support: <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> — we reply within 24 hours.
          </p>
          <p>© {LEGAL_ENTITY}</p>
        </Bottom>
      </Container>
    </Wrap>
  );
}
