// @vitest-environment jsdom
// The header's mobile menu and the "Start Corrupting" paths: scroll when the upload section is on
// the page, otherwise go home with a scroll request that the home page honours and then clears.
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resolveLazyRoutes, routes } from '../../App.tsx';
import { COOKIE_STORAGE_KEY } from '../../constants.ts';
import { REJECT_ALL, serializePreferences } from '../consent/preferences.ts';
import { renderSite } from '../testing/renderSite.tsx';

// Every page's chunk loaded up front, as the browser entry loads the one it shows.
beforeAll(() => resolveLazyRoutes(routes));

let scrolled: Element[] = [];

beforeEach(() => {
  localStorage.setItem(COOKIE_STORAGE_KEY, serializePreferences(REJECT_ALL));
  scrolled = [];
  // jsdom does not lay out, so it has no scrollIntoView; record which element asked to be shown.
  Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
    scrolled.push(this);
  });
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
});
afterEach(() => {
  cleanup();
  localStorage.clear();
});

const renderAt = (path: string) => renderSite(path);

const header = () => screen.getByRole('banner');
// jsdom applies the base CSS but not media queries, so the desktop-only button counts as hidden there.
const desktopStart = () => within(header()).getByRole('button', { name: 'Start Corrupting', hidden: true });

describe('mobile menu', () => {
  it('opens and closes with the toggle', async () => {
    renderAt('/about');
    const toggle = within(header()).getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Close menu');
    expect(screen.getByRole('navigation', { name: 'Mobile' })).toBeInTheDocument();
    await userEvent.click(toggle);
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();
  });

  it('closes when a link is chosen, and the link navigates', async () => {
    const router = renderAt('/about');
    await userEvent.click(within(header()).getByRole('button', { name: 'Open menu' }));
    await userEvent.click(
      within(screen.getByRole('navigation', { name: 'Mobile' })).getByRole('link', { name: 'Pricing' }),
    );
    expect(router.location.pathname).toBe('/pricing');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();
  });

  it('closes on Escape', async () => {
    renderAt('/about');
    await userEvent.click(within(header()).getByRole('button', { name: 'Open menu' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();
  });

  it('closes when its Start Corrupting button is chosen', async () => {
    renderAt('/about');
    await userEvent.click(within(header()).getByRole('button', { name: 'Open menu' }));
    await userEvent.click(
      within(screen.getByRole('navigation', { name: 'Mobile' })).getByRole('button', { name: 'Start Corrupting' }),
    );
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();
  });
});

describe('Start Corrupting', () => {
  it('from another page goes home, scrolls to the upload section and clears the request', async () => {
    const router = renderAt('/pricing');
    await userEvent.click(desktopStart());
    await waitFor(() => expect(router.location.pathname).toBe('/'));
    expect(router.seen.map((l) => l.state)).toContainEqual({ scrollTo: 'upload' });
    await waitFor(() => expect(router.location.state).toBeNull());
    expect(scrolled.map((el) => el.id)).toContain('upload');
    // The request is replaced, not pushed: going back returns to pricing, not to a second home entry.
    expect(router.action).toBe('REPLACE');
  });

  it('on the home page scrolls without navigating', async () => {
    const router = renderAt('/');
    const before = router.location.key;
    await userEvent.click(desktopStart());
    expect(scrolled.map((el) => el.id)).toEqual(['upload']);
    expect(router.location.key).toBe(before);
  });

  it('from a mode page preselects that mode’s algorithm', async () => {
    const router = renderAt('/modes/block-noise');
    await userEvent.click(screen.getByRole('button', { name: /^Try / }));
    await waitFor(() => expect(router.location.pathname).toBe('/'));
    expect(router.seen[1]?.state).toEqual({ scrollTo: 'upload', algorithm: 'jumble_sections' });
    await act(async () => {});
  });
});
