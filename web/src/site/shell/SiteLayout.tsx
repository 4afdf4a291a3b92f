import { lazy, Suspense, useEffect, useRef, useState, type RefObject } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router-dom';
import { styled } from 'styled-components';
import { Toaster } from '../../ui/toast.tsx';
import { contentLabel, isKnownPath } from '../routeIndex.ts';
import { CookieBanner } from '../consent/CookieBanner.tsx';
import { CookieProvider, useCookie } from '../consent/CookieProvider.tsx';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { HydrateLater } from './HydrateLater.tsx';
import { LegalNotice } from './LegalNotice.tsx';
import { isScrollRequest } from './useStartCorrupting.ts';

const SkipLink = styled.a`
  position: absolute;
  left: 12px;
  top: -100px;
  z-index: 2000;
  padding: 10px 16px;
  border-radius: var(--radius);
  background: var(--accent);
  color: var(--accent-ink);
  font-weight: 700;

  &:focus { top: 12px; color: var(--accent-ink); }
`;

const Page = styled.div`
  display: flex;
  flex-direction: column;
  min-height: 100vh;
  padding-top: var(--header-h);
`;

const Main = styled.main`
  flex: 1;

  &:focus { outline: none; }
`;

/**
 * On client-side navigation: focus on the new content, so screen readers start reading the new
 * page, and back to the top for a new entry (unless the page asked to scroll somewhere itself); on
 * back and forward the browser restores the old position.
 */
function useNavigationFocus(main: RefObject<HTMLElement | null>) {
  const { pathname, state, hash } = useLocation();
  const navigationType = useNavigationType();
  const shown = useRef(pathname);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the path decides (see the last comment).
  useEffect(() => {
    // The path already shown (first render, or React re-running effects) is not a navigation.
    if (shown.current === pathname) return;
    shown.current = pathname;
    main.current?.focus({ preventScroll: true });
    if (hash || isScrollRequest(state) || navigationType === 'POP') return;
    // 'instant': the smooth scroll-behavior of the page is for in-page jumps, not for a new page.
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    // Only the path decides: clearing a scroll request changes state on the same path and must not jump.
  }, [pathname]);
}

// The preferences dialog (Radix dialog, switches, scroll lock) is its own chunk, fetched the first time
// it opens and kept mounted after, so closing it returns focus as usual.
const CookiePreferencesDialog = lazy(async () => ({
  default: (await import('../consent/CookiePreferencesDialog.tsx')).CookiePreferencesDialog,
}));

function PreferencesDialog() {
  const { dialogOpen } = useCookie();
  const [wanted, setWanted] = useState(false);
  if (dialogOpen && !wanted) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <CookiePreferencesDialog />
    </Suspense>
  ) : null;
}

/** Chrome shared by every page: header, breadcrumbs, the page, the legal notice, footer, consent. */
export function SiteLayout() {
  const { pathname } = useLocation();
  const main = useRef<HTMLElement>(null);
  useNavigationFocus(main);
  return (
    <CookieProvider>
      {/* First, so it listens before any page's first effects raise a toast (a share link's). */}
      <Toaster />
      <SkipLink href="#main">Skip to content</SkipLink>
      <Page>
        <Header />
        {/* Unknown paths render the not-found page, which has no trail to show. */}
        {isKnownPath(pathname) && <Breadcrumbs pathname={pathname} contentLabel={contentLabel} />}
        <Main id="main" ref={main} tabIndex={-1}>
          <Outlet />
        </Main>
        {/* Below every page's content: hydrated after it, each in a task of its own. */}
        <HydrateLater>
          <LegalNotice />
        </HydrateLater>
        <HydrateLater>
          <Footer />
        </HydrateLater>
      </Page>
      <CookieBanner />
      <PreferencesDialog />
    </CookieProvider>
  );
}
