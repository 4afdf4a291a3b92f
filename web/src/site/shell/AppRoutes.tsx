// The site's routes rendered for the URL by React Router's declarative API (BrowserRouter in the
// browser, StaticRouter in the prerender, MemoryRouter in tests), not its data router: the site has
// no loaders, actions or fetchers, and the data router's code for them was about 16 KB of every
// page's JavaScript (issue 41, docs/site.md "Loading"). What the data router did for the site is
// here: a page's chunk is fetched before its route renders (route `lazy`, resolveLazyRoutes), and a
// route that fails shows the error page (RouteError) instead of the site.
import { Component, type ReactNode, useEffect, useState } from 'react';
import { matchRoutes, type RouteObject, useLocation, useRoutes } from 'react-router-dom';
import { RouteError } from '../pages/RouteError.tsx';
import { GlobalStyle } from '../styles/GlobalStyle.ts';

/** Loads the chunks of the routes matching `pathname` (every route without one) and puts their
 * elements in place, so rendering needs no loading state. */
export async function resolveLazyRoutes(table: RouteObject[], pathname?: string): Promise<void> {
  const all = (list: RouteObject[]): RouteObject[] => list.flatMap((r) => [r, ...all(r.children ?? [])]);
  const targets = pathname === undefined ? all(table) : (matchRoutes(table, pathname) ?? []).map((m) => m.route);
  await Promise.all(
    targets.map(async (route) => {
      if (typeof route.lazy !== 'function') return;
      const props = await (route.lazy as () => Promise<Partial<RouteObject>>)();
      Object.assign(route, props);
      route.lazy = undefined;
    }),
  );
}

/** Whether a route matching `pathname` still waits for its chunk. */
export function awaitsChunk(table: RouteObject[], pathname: string): boolean {
  return (matchRoutes(table, pathname) ?? []).some((m) => typeof m.route.lazy === 'function');
}

/** The routes for the current location; a page whose chunk is still coming renders once it is here. */
function Routes({ table }: { table: RouteObject[] }) {
  const { pathname } = useLocation();
  const [, loaded] = useState(0);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  const waiting = awaitsChunk(table, pathname);
  useEffect(() => {
    if (!waiting) return;
    let live = true;
    resolveLazyRoutes(table, pathname).then(
      () => live && loaded((n) => n + 1),
      (error: unknown) => live && setFailure({ error }),
    );
    return () => {
      live = false;
    };
  }, [table, pathname, waiting]);
  const element = useRoutes(table);
  // A chunk that could not be fetched (offline before the service worker cached it) is a route failure.
  if (failure) throw failure.error;
  return element;
}

interface BoundaryState {
  failed: { error: unknown } | null;
}

/** The error page in place of the site when rendering a route throws. */
class RouteErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  state: BoundaryState = { failed: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { failed: { error } };
  }

  render() {
    const { failed } = this.state;
    if (!failed) return this.props.children;
    return (
      <>
        <GlobalStyle />
        <RouteError error={failed.error} />
      </>
    );
  }
}

/** The site for the router's location: `table` is App.tsx's routes (tests pass their own). */
export function AppRoutes({ table }: { table: RouteObject[] }) {
  return (
    <RouteErrorBoundary>
      <Routes table={table} />
    </RouteErrorBoundary>
  );
}
