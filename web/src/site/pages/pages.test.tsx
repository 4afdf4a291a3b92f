// @vitest-environment jsdom
// The fixed pages state what docs/product.md requires, and their interactive parts work.
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resolveLazyRoutes, routes } from '../../App.tsx';
import {
  ANALYTICS_RETENTION_MONTHS,
  COOKIE_STORAGE_KEY,
  MINIMUM_AGE,
  PRO_PRICE_USD,
  SUPPORT_EMAIL,
} from '../../constants.ts';
import { Toaster } from '../../ui/toast.tsx';
import { DEVELOPER_PAGES, FAQ_PAGE_FAQS } from '../catalog.ts';
import { STEPS } from './HowItWorks.tsx';
import { ContactForm } from './Contact.tsx';
import { contactMailto, CONTACT_CATEGORIES } from './contactMail.ts';
import { REJECT_ALL, serializePreferences } from '../consent/preferences.ts';
import { loadStaticParts } from '../shell/StaticPart.tsx';
import { renderSite } from '../testing/renderSite.tsx';

// Every page's chunk loaded up front, as the browser entry loads the one it shows.
beforeAll(async () => {
  await resolveLazyRoutes(routes);
  // Pages' static parts render at once, as in the prerender (site/shell/StaticPart.tsx).
  await loadStaticParts();
});

beforeEach(() => {
  localStorage.setItem(COOKIE_STORAGE_KEY, serializePreferences(REJECT_ALL));
});
afterEach(() => {
  cleanup();
  localStorage.clear();
});

const renderAt = (path: string) => renderSite(path);

const mainText = () => screen.getByRole('main').textContent ?? '';

describe('contact', () => {
  it('builds the mail link with "[category] subject" and a body of name, email and message', () => {
    const href = contactMailto({
      name: 'Ada',
      email: 'ada@example.com',
      subject: 'Seeds & ZIPs',
      category: 'Bug Report',
      message: 'Line 1\nLine 2',
    });
    const url = new URL(href);
    expect(url.protocol).toBe('mailto:');
    expect(url.pathname).toBe(SUPPORT_EMAIL);
    expect(url.searchParams.get('subject')).toBe('[Bug Report] Seeds & ZIPs');
    expect(url.searchParams.get('body')).toBe('Name: Ada\nEmail: ada@example.com\n\nLine 1\nLine 2');
  });

  it('files a message without a category under General Question', () => {
    const href = contactMailto({ name: 'A', email: 'a@b.c', subject: 'Hi', category: '', message: 'x' });
    expect(new URL(href).searchParams.get('subject')).toBe('[General Question] Hi');
  });

  it('offers the spec’s six categories', () => {
    expect(CONTACT_CATEGORIES).toEqual([
      'Technical Support',
      'Bug Report',
      'Feature Request',
      'General Question',
      'Business Inquiry',
      'Legal/Privacy',
    ]);
  });

  it('submitting opens the mail client, shows a toast and keeps the message; Clear form empties it', async () => {
    const open = vi.fn();
    render(
      <MemoryRouter>
        <ContactForm openMailClient={open} />
        <Toaster />
      </MemoryRouter>,
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Name'), 'Grace');
    await user.type(screen.getByLabelText('Email'), 'grace@example.com');
    await user.type(screen.getByLabelText('Subject'), 'Offline mode');
    await user.selectOptions(screen.getByLabelText(/Category/), 'Feature Request');
    await user.type(screen.getByLabelText('Message'), 'Works great on a plane.');
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect(open).toHaveBeenCalledTimes(1);
    expect(new URL(open.mock.calls[0][0]).searchParams.get('subject')).toBe('[Feature Request] Offline mode');
    expect(await screen.findAllByText('Opening your email app')).not.toHaveLength(0);
    // What was typed stays: the mail app may not open, or may not take it all.
    expect(screen.getByLabelText('Name')).toHaveValue('Grace');
    expect(screen.getByLabelText('Message')).toHaveValue('Works great on a plane.');
    expect(screen.getByLabelText(/Category/)).toHaveValue('Feature Request');
    await user.click(screen.getByRole('button', { name: 'Clear form' }));
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByLabelText('Message')).toHaveValue('');
    expect(screen.getByLabelText(/Category/)).toHaveValue('');
  });

  it('does not submit while required fields are empty', async () => {
    const open = vi.fn();
    render(
      <MemoryRouter>
        <ContactForm openMailClient={open} />
        <Toaster />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(open).not.toHaveBeenCalled();
    for (const label of ['Name', 'Email', 'Subject', 'Message']) expect(screen.getByLabelText(label)).toBeRequired();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Message')).toHaveAttribute('rows', '6');
  });
});

describe('pricing', () => {
  it('has three plans, the unlock banner and a one-time Pro price, never a monthly one', () => {
    renderAt('/pricing');
    for (const plan of ['Free', 'Pro Lifetime', 'Team'])
      expect(screen.getByRole('heading', { level: 2, name: new RegExp(`^${plan}`) })).toBeInTheDocument();
    expect(screen.getByText('All premium features are currently unlocked for Free users.')).toBeInTheDocument();
    const pro = screen.getByRole('region', { name: /Pro Lifetime/ });
    expect(within(pro).getByText(PRO_PRICE_USD)).toBeInTheDocument();
    expect(pro).toHaveTextContent('one-time');
    expect(screen.getByRole('region', { name: /Team/ })).toHaveTextContent(/waitlist/i);
    expect(mainText()).not.toMatch(/per month|\/month|\/mo\b|monthly fee/i);
  });
});

describe('legal pages', () => {
  it.each([
    ['/privacy', [SUPPORT_EMAIL, `${ANALYTICS_RETENTION_MONTHS} months`, `${MINIMUM_AGE} years`]],
    ['/terms', [SUPPORT_EMAIL, 'State of Delaware', 'arbitration', `${MINIMUM_AGE} years`]],
    ['/cookies', [COOKIE_STORAGE_KEY, '2 years', '6 months', '30 days', '15 minutes', 'Session']],
    ['/opt-out', ['does not sell', SUPPORT_EMAIL]],
    ['/legal/parody-and-fair-use', ['fair use', SUPPORT_EMAIL]],
    ['/legal/advertising-policy', ['Advertising', SUPPORT_EMAIL]],
  ])('%s states its facts and links back home', (path, facts) => {
    renderAt(path);
    for (const fact of facts) expect(mainText()).toContain(fact);
    expect(within(screen.getByRole('main')).getByRole('link', { name: /Back to Home/ })).toHaveAttribute('href', '/');
  });

  it('the cookie policy has one table per category', () => {
    renderAt('/cookies');
    const tables = screen.getAllByRole('table');
    expect(tables.map((t) => t.querySelector('caption')?.textContent)).toEqual([
      'Strictly Necessary',
      'Analytics & Performance',
      'Advertising & Personalization',
    ]);
  });

  it('the opt-out page opens the cookie preferences dialog', async () => {
    renderAt('/opt-out');
    await userEvent.click(screen.getByRole('button', { name: 'Open cookie preferences' }));
    // The dialog is its own chunk, loaded on this first open: allow a loaded machine its time.
    expect(
      await screen.findByRole('dialog', { name: 'Manage Cookie Preferences' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });
});

describe('about, FAQ and how it works', () => {
  it('team avatars are local files', () => {
    renderAt('/about');
    const images = [...screen.getByRole('main').querySelectorAll('img')];
    expect(images).toHaveLength(3);
    for (const img of images) expect(img.getAttribute('src')).toMatch(/^\/team\/[a-z]+\.svg$/);
  });

  it('the FAQ accordion keeps one answer open at a time and links to contact and how it works', async () => {
    renderAt('/faq');
    const triggers = within(screen.getByRole('main')).getAllByRole('button', { expanded: false });
    expect(triggers).toHaveLength(FAQ_PAGE_FAQS.length);
    await userEvent.click(triggers[0]);
    expect(triggers[0]).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(triggers[1]);
    expect(triggers[0]).toHaveAttribute('aria-expanded', 'false');
    expect(triggers[1]).toHaveAttribute('aria-expanded', 'true');
    expect(within(screen.getByRole('main')).getAllByRole('region')).toEqual([
      screen.getByRole('region', { name: FAQ_PAGE_FAQS[1].question }),
    ]);
    await userEvent.click(triggers[1]);
    expect(triggers[1]).toHaveAttribute('aria-expanded', 'false');
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: /contact us/i })).toHaveAttribute('href', '/contact');
    expect(main.getByRole('link', { name: /how it works/i })).toHaveAttribute('href', '/how-it-works');
  });

  it('the FAQ accordion moves focus between its questions with the arrow keys, Home and End', async () => {
    renderAt('/faq');
    const triggers = within(screen.getByRole('main')).getAllByRole('button', { expanded: false });
    triggers[0].focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(triggers[1]).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(triggers.at(-1)).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(triggers[0]).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    expect(triggers.at(-1)).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(triggers[0]).toHaveFocus();
    // Moving focus opens nothing.
    for (const trigger of triggers) expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  it('how it works has four steps and downloads the sample report from the site root', () => {
    renderAt('/how-it-works');
    const main = within(screen.getByRole('main'));
    // The steps are h2 right under the h1: the outline never skips a level (Lighthouse's heading-order).
    const levels = main.getAllByRole('heading').map((h) => Number(h.tagName.slice(1)));
    for (let i = 1; i < levels.length; i++) expect(levels[i]).toBeLessThanOrEqual(levels[i - 1] + 1);
    const steps = main.getAllByRole('heading', { level: 2 }).slice(0, 4);
    expect(steps.map((h) => h.textContent)).toEqual(STEPS.map((step) => step.name));
    const download = screen.getByRole('link', { name: /Download sample report/ });
    expect(download).toHaveAttribute('href', '/sample-report.json');
    expect(download).toHaveAttribute('download');
    expect(screen.getByRole('heading', { name: 'Privacy guarantees' })).toBeInTheDocument();
  });
});

describe('developer pages', () => {
  it('the hub links to each developer page, and the footer to the hub', () => {
    renderAt('/developers');
    const main = within(screen.getByRole('main'));
    for (const page of DEVELOPER_PAGES)
      expect(main.getByRole('link', { name: new RegExp(page.title) })).toHaveAttribute('href', page.path);
    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.getByRole('link', { name: 'Developer tools' })).toHaveAttribute('href', '/developers');
  });

  it.each([
    ['/developers/python', ['make python', 'corrupt_file', '@pytest.mark.fracture', 'fracture_seed', 'corruptions(']],
    ['/developers/fast-check', ["from 'fracture/fast-check'", 'maxIntensity', 'report.replay', 'node --test']],
    [
      '/developers/fuzzer-mutators',
      [
        'make afl-mutator',
        'AFL_CUSTOM_MUTATOR_LIBRARY=target/release/libfracture_afl.so afl-fuzz',
        'LLVMFuzzerCustomMutator',
      ],
    ],
    [
      '/developers/fault-injection',
      [
        'macOS through macFUSE is untested',
        "--fault 'read:*.db:nth=5:EIO'",
        '[[fault]]',
        'fracture ctl mnt power-cut',
        'lose_unsynced',
        'synchronous=OFF',
      ],
    ],
  ])('%s states its facts in named, focusable code regions, with headings in order', (path, facts) => {
    renderAt(path);
    const main = screen.getByRole('main');
    for (const fact of facts) expect(mainText()).toContain(fact);
    const levels = within(main)
      .getAllByRole('heading')
      .map((h) => Number(h.tagName.slice(1)));
    expect(levels[0]).toBe(1);
    for (let i = 1; i < levels.length; i++) expect(levels[i]).toBeLessThanOrEqual(levels[i - 1] + 1);
    const blocks = main.querySelectorAll('pre');
    expect(blocks.length).toBeGreaterThanOrEqual(3);
    for (const block of blocks) {
      expect(block).toHaveAttribute('role', 'region');
      expect(block).toHaveAttribute('tabindex', '0');
      expect(block.getAttribute('aria-label')).toMatch(/\S/);
    }
    expect(within(main).getByRole('link', { name: /All developer tools/ })).toHaveAttribute('href', '/developers');
  });
  it('/developers/fault-injection gives each table a caption and header cells, in a region keyboard users can scroll', () => {
    renderAt('/developers/fault-injection');
    const tables = within(screen.getByRole('main')).getAllByRole('table');
    const captions = tables.map((t) => t.querySelector('caption')?.textContent);
    expect(captions).toEqual([
      'Power-cut models',
      'Fracture against fault-injection tools',
      'Fracture against crash-consistency tools',
    ]);
    for (const [i, table] of tables.entries()) {
      const region = table.parentElement;
      expect(region).toHaveAttribute('role', 'region');
      expect(region).toHaveAttribute('tabindex', '0');
      expect(region).toHaveAttribute('aria-label', captions[i]);
      const columns = table.querySelectorAll('thead th[scope="col"]').length;
      expect(columns).toBeGreaterThanOrEqual(3);
      for (const row of table.querySelectorAll('tbody tr')) {
        expect(row.firstElementChild).toHaveAttribute('scope', 'row');
        expect(row.children).toHaveLength(columns);
      }
    }
  });
});

describe('home', () => {
  it('renders hero, six feature cards, the workspace, FAQ and use cases in order, and starts the effects layer after about 100 ms', async () => {
    const started = performance.now();
    renderAt('/');
    expect(screen.queryByTestId('effects-layer')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('effects-layer')).toBeInTheDocument());
    expect(performance.now() - started).toBeGreaterThanOrEqual(100);

    const main = screen.getByRole('main');
    expect(within(main).getByText('Client-Side, Private, Professional')).toBeInTheDocument();
    for (const badge of ['100% Private', 'No Credit Card Needed', 'Batch ZIP Downloads'])
      expect(within(main).getByText(badge)).toBeInTheDocument();
    const features = [
      'Private by Design',
      "Won't-Open Mode",
      'Real-Time Feedback',
      '200+ Formats',
      'Built for QA & Security',
      'Batch Processing',
    ];
    for (const title of features)
      expect(within(main).getByRole('heading', { level: 3, name: title })).toBeInTheDocument();

    const order = ['features', 'upload', 'faq-title', 'use-cases'].map((id) => main.querySelector(`#${id}`)!);
    for (let i = 1; i < order.length; i++) {
      expect(order[i - 1].compareDocumentPosition(order[i]) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
    expect(main).toHaveTextContent('Illustrative');
  });
});
