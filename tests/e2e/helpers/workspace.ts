// The workspace as the e2e specs drive it.
import { expect, type Page } from '@playwright/test';

/** The workspace's upload panel. */
export const upload = (page: Page) => page.locator('#upload');

/**
 * Adds `files`, sets the intensity (and the algorithm, when given), starts processing and waits until
 * every file is done; returns the run's master seed.
 */
export async function runFiles(page: Page, files: string[], intensity: number, algorithm?: string): Promise<number> {
  await upload(page).locator('#workspace-file-input').setInputFiles(files);
  if (algorithm !== undefined) await upload(page).getByLabel('Algorithm', { exact: true }).selectOption(algorithm);
  await upload(page).getByRole('spinbutton', { name: 'Intensity (percent)' }).fill(String(intensity));
  await upload(page).getByRole('button', { name: 'Start Processing' }).click();
  await expect(upload(page).locator('[data-field="overall"]')).toHaveText(
    `${files.length} / ${files.length} files · 100%`,
    { timeout: 60_000 },
  );
  return Number(await upload(page).getByRole('status', { name: 'Deterministic Seed' }).getAttribute('data-seed'));
}
