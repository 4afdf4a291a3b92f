// axe-core on every route, and on the states a route alone does not show: the cookie banner and
// dialog, and the open mobile menu. Serious and critical violations fail the test. Only violations
// are asked for (axe's resultTypes: no selector worked out for every node that passed), and axe
// runs in the page itself (legacy mode): the site has no frames, so the default's blank page for
// gathering the frames' results only cost a page and a second copy of axe per test.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { presetConsent, ROUTES, waitForHydration } from './helpers/site.ts';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true)
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')).slice(0, 5),
    }));
}

test.describe('every route', () => {
  test.beforeEach(async ({ context }) => presetConsent(context));

  for (const route of ROUTES) {
    test(`${route} has no serious accessibility violation`, async ({ page }) => {
      await page.goto(route);
      await waitForHydration(page);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test('the not-found page has no serious accessibility violation', async ({ page }) => {
    await page.goto('/nowhere');
    await waitForHydration(page);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test('the cookie banner and the preferences dialog have no serious accessibility violation', async ({ page }) => {
  await page.goto('/');
  await waitForHydration(page);
  await expect(page.getByRole('region', { name: 'Cookie Consent & Privacy' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Customize' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test.describe('phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test.beforeEach(async ({ context }) => presetConsent(context));

  test('the open mobile menu has no serious accessibility violation', async ({ page }) => {
    await page.goto('/pricing');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
