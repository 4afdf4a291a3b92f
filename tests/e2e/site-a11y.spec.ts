// axe-core on the states a route alone does not show: the not-found page, the cookie banner and
// dialog, and the open mobile menu. Serious and critical violations fail the test. Every route itself
// is checked where it is visited once for all its checks (site-routes.spec.ts).
import { expect, test } from '@playwright/test';
import { seriousViolations } from './helpers/axe.ts';
import { presetConsent, waitForHydration } from './helpers/site.ts';

test.describe('not found', () => {
  test.beforeEach(async ({ context }) => presetConsent(context));

  test('the not-found page has no serious accessibility violation, and planted ones are reported', async ({ page }) => {
    await page.goto('/nowhere');
    await waitForHydration(page);
    expect(await seriousViolations(page)).toEqual([]);
    // The check can fail: a button without a name and an image without alt text are both reported.
    await page.evaluate(() => {
      const main = document.querySelector('main') ?? document.body;
      main.append(document.createElement('button'));
      const img = document.createElement('img');
      img.src = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
      main.append(img);
    });
    const ids = (await seriousViolations(page)).map((v) => v.id);
    expect(ids).toEqual(expect.arrayContaining(['button-name', 'image-alt']));
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
