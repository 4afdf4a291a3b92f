// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Footer } from '../shell/Footer.tsx';
import { CookieBanner } from './CookieBanner.tsx';
import { CookiePreferencesDialog } from './CookiePreferencesDialog.tsx';
import { CookieProvider, useCookie } from './CookieProvider.tsx';
import { COOKIE_STORAGE_KEY } from './preferences.ts';

function Consent({ children }: { children?: ReactNode }) {
  return (
    <MemoryRouter>
      <CookieProvider>
        {children}
        <CookieBanner />
        <CookiePreferencesDialog />
      </CookieProvider>
    </MemoryRouter>
  );
}

const stored = () => {
  const raw = localStorage.getItem(COOKIE_STORAGE_KEY);
  return raw === null ? null : JSON.parse(raw);
};
const banner = () => screen.queryByRole('region', { name: 'Cookie Consent & Privacy' });
const dialog = () => screen.queryByRole('dialog', { name: 'Manage Cookie Preferences' });

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('cookie banner', () => {
  it('is not in the server-rendered HTML, so hydration never flashes it', () => {
    const html = renderToString(<Consent />);
    expect(html).not.toContain('Cookie Consent');
  });

  it('appears after mount when nothing is stored, with its title, links and three buttons', () => {
    render(<Consent />);
    const bar = banner()!;
    expect(bar).toBeInTheDocument();
    expect(within(bar).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    expect(within(bar).getByRole('link', { name: 'Cookie Policy' })).toHaveAttribute('href', '/cookies');
    expect(bar).toHaveTextContent(/personalized ads/);
    for (const name of ['Accept All', 'Reject', 'Customize'])
      expect(within(bar).getByRole('button', { name })).toBeInTheDocument();
  });

  it('appears when the stored value cannot be parsed', () => {
    localStorage.setItem(COOKIE_STORAGE_KEY, '{not json');
    render(<Consent />);
    expect(banner()).toBeInTheDocument();
  });

  it('stays hidden when a valid choice is stored', () => {
    localStorage.setItem(COOKIE_STORAGE_KEY, JSON.stringify({ strictly: true, analytics: false, advertising: true }));
    render(<Consent />);
    expect(banner()).not.toBeInTheDocument();
  });

  it('Accept All stores everything on and closes', async () => {
    render(<Consent />);
    await userEvent.click(screen.getByRole('button', { name: 'Accept All' }));
    expect(stored()).toEqual({ strictly: true, analytics: true, advertising: true });
    expect(banner()).not.toBeInTheDocument();
  });

  it('Reject stores both optional categories off and closes', async () => {
    render(<Consent />);
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(stored()).toEqual({ strictly: true, analytics: false, advertising: false });
    expect(banner()).not.toBeInTheDocument();
  });

  it('the close control hides it without saving, so it returns on the next load', async () => {
    const { unmount } = render(<Consent />);
    await userEvent.click(screen.getByRole('button', { name: 'Close cookie banner' }));
    expect(banner()).not.toBeInTheDocument();
    expect(stored()).toBeNull();
    unmount();
    render(<Consent />);
    expect(banner()).toBeInTheDocument();
  });
});

describe('cookie preferences dialog', () => {
  it('Customize opens it with Strictly Necessary on and locked, the others off', async () => {
    render(<Consent />);
    await userEvent.click(screen.getByRole('button', { name: 'Customize' }));
    const d = dialog()!;
    const strictly = within(d).getByRole('switch', { name: 'Strictly Necessary' });
    expect(strictly).toBeChecked();
    expect(strictly).toBeDisabled();
    expect(within(d).getByRole('switch', { name: 'Analytics & Performance' })).not.toBeChecked();
    expect(within(d).getByRole('switch', { name: 'Advertising & Personalization' })).not.toBeChecked();
  });

  it('toggles change only a draft until Save & Continue', async () => {
    render(<Consent />);
    await userEvent.click(screen.getByRole('button', { name: 'Customize' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Analytics & Performance' }));
    expect(screen.getByRole('switch', { name: 'Analytics & Performance' })).toBeChecked();
    expect(stored()).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save & Continue' }));
    expect(stored()).toEqual({ strictly: true, analytics: true, advertising: false });
    expect(dialog()).not.toBeInTheDocument();
    expect(banner()).not.toBeInTheDocument();
  });

  it('closing discards the draft; reopening starts from what is saved', async () => {
    localStorage.setItem(COOKIE_STORAGE_KEY, JSON.stringify({ strictly: true, analytics: false, advertising: true }));
    render(<Consent>{<Footer />}</Consent>);
    await userEvent.click(screen.getByRole('button', { name: 'Privacy Choices' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Analytics & Performance' }));
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(dialog()).not.toBeInTheDocument();
    expect(stored()).toEqual({ strictly: true, analytics: false, advertising: true });
    await userEvent.click(screen.getByRole('button', { name: 'Privacy Choices' }));
    expect(screen.getByRole('switch', { name: 'Analytics & Performance' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Advertising & Personalization' })).toBeChecked();
  });

  it('Reject All saves both off even after toggling them on', async () => {
    render(<Consent />);
    await userEvent.click(screen.getByRole('button', { name: 'Customize' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Advertising & Personalization' }));
    await userEvent.click(screen.getByRole('button', { name: 'Reject All' }));
    expect(stored()).toEqual({ strictly: true, analytics: false, advertising: false });
    expect(dialog()).not.toBeInTheDocument();
  });

  it('the locked switch cannot be turned off', async () => {
    render(<Consent />);
    await userEvent.click(screen.getByRole('button', { name: 'Customize' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Strictly Necessary' }));
    expect(screen.getByRole('switch', { name: 'Strictly Necessary' })).toBeChecked();
  });

  it('traps focus, closes on Escape and returns focus to the opener', async () => {
    render(<Consent>{<Footer />}</Consent>);
    const opener = screen.getByRole('button', { name: 'Privacy Choices' });
    await userEvent.click(opener);
    const d = dialog()!;
    expect(d).toContainElement(document.activeElement as HTMLElement);
    for (let i = 0; i < 8; i++) {
      await userEvent.tab();
      expect(d).toContainElement(document.activeElement as HTMLElement);
    }
    await userEvent.tab({ shift: true });
    expect(d).toContainElement(document.activeElement as HTMLElement);
    await userEvent.keyboard('{Escape}');
    expect(dialog()).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });
});

describe('useCookie', () => {
  it('fails with the provider error outside its provider', () => {
    function Orphan() {
      useCookie();
      return null;
    }
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Orphan />)).toThrow('useCookie must be used within a CookieProvider');
    spy.mockRestore();
  });

  it('keeps working when storage refuses writes', async () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    render(<Consent />);
    await act(async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Accept All' }));
    });
    expect(banner()).not.toBeInTheDocument();
    setItem.mockRestore();
  });
});
