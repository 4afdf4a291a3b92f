// Screenshots for people to look at: the home page, a content page and the cookie dialog, at
// desktop and phone widths, written to test-results/screenshots/.
import { expect, test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { presetConsent, ROUTES, waitForHydration } from './helpers/site.ts';

const DIR = fileURLToPath(new URL('../../test-results/screenshots/', import.meta.url));
const WIDTHS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

mkdirSync(DIR, { recursive: true });

for (const { name, viewport } of WIDTHS) {
  test.describe(`${name} width`, () => {
    test.use({ viewport });

    test('home page', async ({ page, context }) => {
      await presetConsent(context);
      await page.goto('/');
      await waitForHydration(page);
      await expect(page.locator('#upload')).toBeVisible();
      const path = `${DIR}home-${name}.png`;
      await page.screenshot({ path, fullPage: true, animations: 'disabled' });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    });

    test('content page', async ({ page, context }) => {
      await presetConsent(context);
      await page.goto('/corrupt/pdf');
      await waitForHydration(page);
      await page.screenshot({ path: `${DIR}content-corrupt-pdf-${name}.png`, fullPage: true, animations: 'disabled' });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    });

    test('cookie banner and dialog', async ({ page }) => {
      await page.goto('/');
      await waitForHydration(page);
      await expect(page.getByRole('region', { name: 'Cookie Consent & Privacy' })).toBeVisible();
      await page.screenshot({ path: `${DIR}cookie-banner-${name}.png`, animations: 'disabled' });
      await page.getByRole('button', { name: 'Customize' }).click();
      await expect(page.getByRole('dialog', { name: 'Manage Cookie Preferences' })).toBeVisible();
      await page.screenshot({ path: `${DIR}cookie-dialog-${name}.png`, animations: 'disabled' });
    });
  });
}

// The file type and mode pages carry example commands and region paths longer than a phone is wide:
// they scroll or wrap inside their cards, and no page scrolls sideways.
test.describe('phone width, every file type and mode page', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  const pages = ROUTES.filter((r) => /^\/(corrupt|modes)\/[^/]+$/.test(r));
  test('none is wider than the screen', async ({ page, context }) => {
    expect(pages.length).toBeGreaterThan(15);
    await presetConsent(context);
    const wide: string[] = [];
    for (const route of pages) {
      await page.goto(route);
      await waitForHydration(page);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 390) wide.push(`${route}: ${width}px`);
    }
    expect(wide).toEqual([]);
  });
});
