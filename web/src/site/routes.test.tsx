// @vitest-environment jsdom
// The route table in a memory router: every catalogued path renders a page with one h1, unknown
// paths and slugs render the not-found page and log it, and a failing route shows the router's
// error page with its status or message.
import { act, cleanup, screen } from '@testing-library/react';
import type { RouteObject } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resolveLazyRoutes, routes } from '../App.tsx';
import { COOKIE_STORAGE_KEY } from '../constants.ts';
import { allRoutePaths, isKnownPath } from './catalog.ts';
import { describeRouteError } from './pages/RouteError.tsx';
import { renderSite } from './testing/renderSite.tsx';
import { REJECT_ALL, serializePreferences } from './consent/preferences.ts';

// Every page's chunk loaded up front, as the browser entry loads the one it shows.
beforeAll(() => resolveLazyRoutes(routes));

function renderAt(path: string, table: RouteObject[] = routes) {
  return renderSite(path, table);
}

let warn: ReturnType<typeof vi.spyOn>;
let scroll: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  localStorage.setItem(COOKIE_STORAGE_KEY, serializePreferences(REJECT_ALL));
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  // The router's scroll restoration scrolls the window, which jsdom does not implement.
  scroll = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  warn.mockRestore();
  scroll.mockRestore();
  localStorage.clear();
});

describe('not found', () => {
  it.each([
    '/no-such-page',
    '/corrupt/not-a-format',
    '/modes/nope',
    '/for/nobody',
    '/compare/x',
    '/answers/y',
    '/use-cases/z',
    '/location/mars',
    '/legal/a/b',
  ])('%s renders the not-found page, links home and logs the path', (path) => {
    renderAt(path);
    expect(screen.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    expect(warn).toHaveBeenCalledWith(`404: no page at ${path}`);
    expect(screen.queryByRole('navigation', { name: 'Breadcrumb' })).not.toBeInTheDocument();
    expect(isKnownPath(path)).toBe(false);
  });

  it('logs again when the user moves to another unknown path', async () => {
    const router = renderAt('/first-miss');
    await router.navigate('/second-miss');
    expect(warn).toHaveBeenCalledWith('404: no page at /first-miss');
    expect(warn).toHaveBeenCalledWith('404: no page at /second-miss');
  });
});

describe('known routes', () => {
  // The home page holds the workspace (its own tests cover it); every other page renders here.
  const pages = allRoutePaths().filter((path) => path !== '/');

  it.each(pages)('%s renders one h1 and no not-found page', (path) => {
    renderAt(path);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.queryByText('Oops! Page not found')).not.toBeInTheDocument();
    expect(warn).not.toHaveBeenCalled();
    expect(isKnownPath(path)).toBe(true);
  });
});

describe('router-level failure', () => {
  function Broken(): never {
    throw new Error('Renderer exploded');
  }

  it('shows "Unexpected Application Error!" with the error message', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAt('/', [{ path: '/', element: <Broken /> }]);
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('Renderer exploded')).toBeInTheDocument();
    error.mockRestore();
  });

  it('shows why a page’s chunk could not be fetched', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAt('/', [
      {
        path: '/',
        lazy: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
      },
    ]);
    expect(await screen.findByText('Failed to fetch dynamically imported module')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    error.mockRestore();
  });

  it('renders a page navigated to once its chunk is here', async () => {
    let arrive: (value: Partial<RouteObject>) => void = () => {};
    const table: RouteObject[] = [
      { path: '/', element: <p>first page</p> },
      { path: '/later', lazy: () => new Promise<Partial<RouteObject>>((resolve) => (arrive = resolve)) as never },
    ];
    const site = renderAt('/', table);
    await site.navigate('/later');
    expect(screen.queryByText('second page')).not.toBeInTheDocument();
    await act(async () => arrive({ element: <p>second page</p> }));
    expect(await screen.findByText('second page')).toBeInTheDocument();
    expect(table[1].lazy).toBeUndefined();
  });

  it('describes what was thrown', () => {
    expect(describeRouteError(new Error('boom'))).toBe('boom');
    expect(describeRouteError('plain text')).toBe('plain text');
    expect(describeRouteError({})).toBe('Unknown error');
  });
});
