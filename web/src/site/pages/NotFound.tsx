import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { styled } from 'styled-components';
import { ButtonLink } from '../../ui/Button.tsx';
import { Container } from '../../ui/layout.tsx';
import { Seo } from '../seo/Seo.tsx';

const Wrap = styled.section`
  padding: clamp(64px, 12vw, 140px) 0;
  text-align: center;

  & p { color: var(--muted); margin-bottom: 1.5em; }
`;

const Code = styled.p`
  margin: 0 0 0.25em;
  font-family: var(--mono);
  font-size: clamp(4rem, 14vw, 8rem);
  font-weight: 800;
  line-height: 1;
  color: var(--accent);
  text-shadow: 3px 0 rgba(255, 107, 129, 0.55), -3px 0 rgba(143, 211, 255, 0.5);
`;

/**
 * Any path without a page, and any unknown slug. Its markup never depends on the path, so the one
 * prerendered 404.html hydrates cleanly whatever address it was served for.
 */
export function NotFound() {
  const { pathname } = useLocation();
  useEffect(() => {
    console.warn(`404: no page at ${pathname}`);
  }, [pathname]);
  return (
    <Wrap>
      <Seo
        title="Page not found | Fracture"
        description="This page does not exist. Head back to the Fracture workspace."
        keywords={['fracture', 'page not found']}
        path="/404"
        noindex
      />
      <Container>
        <Code aria-hidden="true">404</Code>
        <h1>Oops! Page not found</h1>
        <p>The address may be mistyped, or the page has moved. Nothing here is broken on purpose.</p>
        <ButtonLink to="/">Return to Home</ButtonLink>
      </Container>
    </Wrap>
  );
}
