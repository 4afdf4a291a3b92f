// The site's interactive flows driven through the UI in Chromium: cookie consent, the mobile menu,
// "Start Corrupting" from other pages, the sample report download and keyboard paths.
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import {
  COOKIE_STORAGE_KEY as KEY,
  presetConsent,
  SITE_ORIGIN,
  waitForHydration,
  watchConsole,
} from './helpers/site.ts';

const stored = (page: Page) =>
  page.evaluate((key) => localStorage.getItem(key), KEY).then((raw) => (raw === null ? null : JSON.parse(raw)));
const banner = (page: Page) => page.getByRole('region', { name: 'Cookie Consent & Privacy' });
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Manage Cookie Preferences' });

async function visit(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

test.describe('cookie consent', () => {
  test('Accept All saves everything and the banner stays away on the next load', async ({ page }) => {
    const log = watchConsole(page);
    await visit(page, '/privacy');
    await expect(banner(page)).toBeVisible();
    await banner(page).getByRole('button', { name: 'Accept All' }).click();
    await expect(banner(page)).toHaveCount(0);
    expect(await stored(page)).toEqual({ strictly: true, analytics: true, advertising: true });
    await page.reload();
    await waitForHydration(page);
    await expect(banner(page)).toHaveCount(0);
    expect(log.errors).toEqual([]);
  });

  test('Reject saves both optional categories off', async ({ page }) => {
    await visit(page, '/');
    await banner(page).getByRole('button', { name: 'Reject' }).click();
    await expect(banner(page)).toHaveCount(0);
    expect(await stored(page)).toEqual({ strictly: true, analytics: false, advertising: false });
  });

  test('closing the banner saves nothing, so it returns on the next load', async ({ page }) => {
    await visit(page, '/terms');
    await banner(page).getByRole('button', { name: 'Close cookie banner' }).click();
    await expect(banner(page)).toHaveCount(0);
    expect(await stored(page)).toBeNull();
    await page.reload();
    await waitForHydration(page);
    await expect(banner(page)).toBeVisible();
  });

  test('the preset the other specs use is read as a refusal, so the banner stays away', async ({ page, context }) => {
    await presetConsent(context);
    await visit(page, '/');
    await expect(banner(page)).toHaveCount(0);
    expect(await stored(page)).toEqual({ strictly: true, analytics: false, advertising: false });
    // The footer's Privacy Choices shows the stored choice: both optional categories off.
    await page.getByRole('contentinfo').getByRole('button', { name: 'Privacy Choices' }).click();
    await expect(dialog(page).getByRole('switch', { name: 'Analytics & Performance' })).not.toBeChecked();
    await expect(dialog(page).getByRole('switch', { name: 'Advertising & Personalization' })).not.toBeChecked();
  });

  test('a stored value that cannot be parsed brings the banner back', async ({ page, context }) => {
    await context.addInitScript((key) => localStorage.setItem(key, '{broken'), KEY);
    await visit(page, '/about');
    await expect(banner(page)).toBeVisible();
  });

  test('Customize: draft toggles, locked Strictly Necessary, Save & Continue, then Privacy Choices reopens it', async ({
    page,
  }) => {
    await visit(page, '/faq');
    await banner(page).getByRole('button', { name: 'Customize' }).click();
    await expect(dialog(page)).toBeVisible();
    const strictly = dialog(page).getByRole('switch', { name: 'Strictly Necessary' });
    await expect(strictly).toBeChecked();
    await expect(strictly).toBeDisabled();
    await dialog(page).getByRole('switch', { name: 'Advertising & Personalization' }).click();
    await expect(dialog(page).getByRole('switch', { name: 'Advertising & Personalization' })).toBeChecked();
    expect(await stored(page)).toBeNull();
    await dialog(page).getByRole('button', { name: 'Save & Continue' }).click();
    await expect(dialog(page)).toHaveCount(0);
    await expect(banner(page)).toHaveCount(0);
    expect(await stored(page)).toEqual({ strictly: true, analytics: false, advertising: true });

    const choices = page.getByRole('contentinfo').getByRole('button', { name: 'Privacy Choices' });
    await choices.click();
    await expect(dialog(page).getByRole('switch', { name: 'Advertising & Personalization' })).toBeChecked();
    await dialog(page).getByRole('switch', { name: 'Analytics & Performance' }).click();
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toHaveCount(0);
    await expect(choices).toBeFocused();
    expect(await stored(page)).toEqual({ strictly: true, analytics: false, advertising: true });

    await choices.click();
    await dialog(page).getByRole('button', { name: 'Reject All' }).click();
    expect(await stored(page)).toEqual({ strictly: true, analytics: false, advertising: false });
  });

  test('the dialog keeps keyboard focus inside until it is closed', async ({ page }) => {
    await visit(page, '/');
    await banner(page).getByRole('button', { name: 'Customize' }).focus();
    await page.keyboard.press('Enter');
    await expect(dialog(page)).toBeVisible();
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
    }
    await dialog(page).getByRole('button', { name: 'Close' }).click();
    await expect(dialog(page)).toHaveCount(0);
    await expect(banner(page).getByRole('button', { name: 'Customize' })).toBeFocused();
    expect(await stored(page)).toBeNull();
  });
});

test.describe('mobile menu', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test.beforeEach(async ({ context }) => presetConsent(context));

  test('the toggle opens it and choosing a link closes it', async ({ page }) => {
    await visit(page, '/about');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(menu).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await menu.getByRole('link', { name: 'How it works' }).click();
    await expect(page).toHaveURL(/\/how-it-works$/);
    await expect(menu).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/From healthy file/);
  });

  test('its Start Corrupting button closes it and lands on the upload section', async ({ page }) => {
    await visit(page, '/pricing');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('button', { name: 'Start Corrupting' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toHaveCount(0);
    await expect(page.locator('#upload')).toBeInViewport();
  });
});

test.describe('Start Corrupting', () => {
  test.beforeEach(async ({ context }) => presetConsent(context));

  test('from another page: home, scrolled to upload, request cleared from history', async ({ page }) => {
    await visit(page, '/corrupt/pdf');
    await page.getByRole('banner').getByRole('button', { name: 'Start Corrupting' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('#upload')).toBeInViewport();
    await expect.poll(() => page.evaluate(() => (history.state as { usr?: unknown } | null)?.usr ?? null)).toBeNull();
    await page.goBack();
    await expect(page).toHaveURL(/\/corrupt\/pdf$/);
  });

  test('a mode page’s call to action preselects its algorithm', async ({ page }) => {
    await visit(page, '/modes/block-noise');
    await page.getByRole('button', { name: /^Try / }).click();
    await expect(page.locator('#upload')).toBeInViewport();
    await expect(page.getByLabel('Algorithm', { exact: true })).toHaveValue('jumble_sections');
  });

  test('the hero button scrolls to the upload section', async ({ page }) => {
    await visit(page, '/');
    await page.getByRole('button', { name: 'Start Corrupting Files' }).click();
    await expect(page.locator('#upload')).toBeInViewport();
  });
});

test.describe('pages', () => {
  test.beforeEach(async ({ context }) => presetConsent(context));

  test('the contact form opens the mail program with the message, and keeps what was typed', async ({
    page,
    context,
  }) => {
    // Where the page sends the browser: a mailto: link hands over to the mail program, and Chromium
    // reports the navigation it was asked for even though no page loads.
    const asked: string[] = [];
    const cdp = await context.newCDPSession(page);
    await cdp.send('Page.enable');
    cdp.on('Page.frameRequestedNavigation', (event) => asked.push(event.url));
    await visit(page, '/contact');
    const message = 'Line one of a long report.\nLine two, with details I would hate to type again.';
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByLabel('Name').fill('Grace');
    await form.getByLabel('Email').fill('grace@example.com');
    await form.getByLabel('Subject').fill('Offline mode');
    await form.getByLabel(/Category/).selectOption('Bug Report');
    await form.getByLabel('Message').fill(message);
    await form.getByRole('button', { name: 'Send message' }).click();

    await expect.poll(() => asked.filter((url) => url.startsWith('mailto:'))).toHaveLength(1);
    const mail = new URL(asked.find((url) => url.startsWith('mailto:'))!);
    expect(mail.searchParams.get('subject')).toBe('[Bug Report] Offline mode');
    expect(mail.searchParams.get('body')).toBe(`Name: Grace\nEmail: grace@example.com\n\n${message}`);
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Opening your email app' })).toBeVisible();
    // The page stays, and so does every field: nothing was sent from here.
    expect(new URL(page.url()).pathname).toBe('/contact');
    await expect(form.getByLabel('Name')).toHaveValue('Grace');
    await expect(form.getByLabel('Email')).toHaveValue('grace@example.com');
    await expect(form.getByLabel('Subject')).toHaveValue('Offline mode');
    await expect(form.getByLabel(/Category/)).toHaveValue('Bug Report');
    await expect(form.getByLabel('Message')).toHaveValue(message);
    // Clear form empties it on request.
    await form.getByRole('button', { name: 'Clear form' }).click();
    await expect(form.getByLabel('Message')).toHaveValue('');
    await expect(form.getByLabel('Name')).toHaveValue('');
  });

  test('how it works downloads the sample report from the site root', async ({ page }) => {
    await visit(page, '/how-it-works');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: /Download sample report/ }).click(),
    ]);
    expect(download.url()).toMatch(/\/sample-report\.json$/);
    const report = JSON.parse(readFileSync((await download.path())!, 'utf8'));
    expect(report).toMatchObject({
      filename: 'example_document.pdf',
      original_size: 15482880,
      mode: 'byte_flip',
      intensity: 86,
      seed: 1234567890,
    });
  });

  test('the FAQ accordion opens one answer at a time from the keyboard', async ({ page }) => {
    await visit(page, '/faq');
    const triggers = page.getByRole('main').getByRole('button');
    await triggers.nth(0).focus();
    await page.keyboard.press('Enter');
    await expect(triggers.nth(0)).toHaveAttribute('aria-expanded', 'true');
    await triggers.nth(1).focus();
    await page.keyboard.press('Space');
    await expect(triggers.nth(1)).toHaveAttribute('aria-expanded', 'true');
    await expect(triggers.nth(0)).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('main').getByRole('region')).toHaveCount(1);
  });

  test('the skip link is the first Tab stop and moves focus to the content', async ({ page }) => {
    await visit(page, '/privacy');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#main$/);
  });

  test('client-side navigation updates the head and moves focus to the new page', async ({ page }) => {
    const log = watchConsole(page);
    await visit(page, '/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Cookie Policy' }).click();
    await expect(page).toHaveTitle('Cookie Policy | Fracture');
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${SITE_ORIGIN}/cookies`);
    await expect(page.locator('meta[name="description"]')).toHaveCount(1);
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);
    await expect(page.locator('main')).toBeFocused();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    expect(log.errors).toEqual([]);
  });

  test('the fault-injection page: its text comes with the HTML, loads on navigation, tables scroll by keyboard', async ({
    page,
  }) => {
    const log = watchConsole(page);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    const body = (paths: string[]) => paths.some((p) => /\/FaultInjectionBody-[\w-]+\.js$/.test(p));
    await visit(page, '/developers/fault-injection');
    // A first visit reads the text in the HTML; the text's chunk never loads (site/shell/StaticPart.tsx).
    const tools = page.getByRole('table', { name: 'Fracture against fault-injection tools' });
    await expect(tools).toBeVisible();
    const text = await page.getByRole('main').textContent();
    expect(body(scripts)).toBe(false);
    // The wide table's region takes focus and scrolls with the arrow keys.
    const region = page.getByRole('region', { name: 'Fracture against fault-injection tools' });
    await region.focus();
    await expect(region).toBeFocused();
    for (let i = 0; i < 8; i++) await page.keyboard.press('ArrowRight');
    await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    // To the hub and back through its link, client-side: the page leaves nothing behind, and comes
    // back whole with its text loaded.
    await page.getByRole('link', { name: /All developer tools/ }).click();
    await expect(page).toHaveTitle('Developer tools | Fracture');
    await expect(page.getByRole('table')).toHaveCount(0);
    await page
      .getByRole('main')
      .getByRole('link', { name: /Fault injection with fracture mount/ })
      .click();
    await expect(page).toHaveTitle('Fault injection with fracture mount | Fracture');
    await expect(page.getByRole('table', { name: 'Fracture against crash-consistency tools' })).toBeVisible();
    await expect.poll(() => page.getByRole('main').textContent()).toBe(text);
    expect(body(scripts)).toBe(true);
    expect(log.errors).toEqual([]);
  });
});
