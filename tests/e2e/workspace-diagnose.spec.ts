// "What happened to this file?" in Chromium (docs/damage.md): files made by ImageMagick and damaged by
// the real tools (unix2dos, tr, iconv, truncate) are diagnosed in the engine's worker and the right
// cause shows with its evidence, by keyboard alone; with the original, the summary says one transform
// explains every difference; a file of 200 MB + 1 byte is refused with a clear message; nothing leaves
// the page (every request is the site's own).
import { expect, type Page, test } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

let dir: string;
const file = (name: string) => join(dir, name);

test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'fracture-e2e-diagnose-'));
  execFileSync('convert', ['-seed', '7', '-size', '96x96', 'plasma:fractal', file('photo.png')]);
  execFileSync('unix2dos', ['-q', '-f', '-n', file('photo.png'), file('photo-dos.png')]);
  execFileSync('bash', ['-c', `LC_ALL=C tr '\\200-\\377' '\\000-\\177' < photo.png > photo-7bit.png`], { cwd: dir });
  execFileSync('bash', ['-c', 'iconv -f LATIN1 -t UTF-8 photo.png > photo-utf8.png'], { cwd: dir });
  copyFileSync(file('photo.png'), file('photo-cut.png'));
  execFileSync('truncate', ['-s', '8192', file('photo-cut.png')]);
});

test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

const section = (page: Page) => page.locator('#diagnose');

/** Chooses the file (and the original) with the keyboard's file inputs, then presses Diagnose with Enter. */
async function diagnose(page: Page, name: string, original?: string) {
  await section(page).getByLabel('File to diagnose').setInputFiles(file(name));
  if (original) await section(page).getByLabel('Its original (optional)').setInputFiles(file(original));
  await section(page).getByRole('button', { name: 'Diagnose', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(section(page).locator('[data-diagnose="result"]')).toContainText(name, { timeout: 30_000 });
}

test('names the damage real tools did, with evidence, and nothing leaves the page', async ({ page, baseURL }) => {
  const foreign: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith(baseURL as string) && !r.url().startsWith('data:') && !r.url().startsWith('blob:')) {
      foreign.push(r.url());
    }
  });
  await page.goto('/');
  await section(page).scrollIntoViewIfNeeded();
  const cases: [string, string, RegExp][] = [
    ['photo-dos.png', 'text_transfer', /lf_to_crlf[\s\S]*the png signature reads 89 50 4E 47 0D 0A 1A 0D 0A/],
    ['photo-7bit.png', 'seven_bit', /the png signature reads 09 50 4E 47/],
    ['photo-utf8.png', 'charset_roundtrip', /valid UTF-8 throughout/],
    ['photo-cut.png', 'interrupted_transfer', /the file ends at 8,192/],
  ];
  for (const [name, cause, evidence] of cases) {
    await diagnose(page, name);
    const first = section(page).locator('[data-cause]').first();
    await expect(first).toHaveAttribute('data-cause', cause);
    await expect(first).toContainText(evidence);
  }
  await diagnose(page, 'photo.png');
  await expect(section(page).locator('[data-diagnose="result"]')).toContainText('photo.png: no known damage found');
  await expect(section(page).locator('[data-cause]')).toHaveCount(0);
  expect(foreign).toEqual([]);
});

test('with the original, says when one transform explains every difference', async ({ page }) => {
  await page.goto('/');
  await diagnose(page, 'photo-dos.png', 'photo.png');
  await expect(section(page).locator('[data-diagnose="summary"]')).toContainText(
    /^Every difference is an LF to CRLF conversion: \d+ line endings\./,
  );
});

test('a file of 200 MB and one byte is refused with a clear message', async ({ page }) => {
  await page.goto('/');
  await section(page)
    .getByLabel('File to diagnose')
    .evaluate((input: HTMLInputElement) => {
      const dt = new DataTransfer();
      dt.items.add(new File([new Uint8Array(200 * 1024 * 1024 + 1)], 'big.bin'));
      input.files = dt.files;
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });
  await section(page).getByRole('button', { name: 'Diagnose', exact: true }).click();
  await expect(section(page).locator('[data-diagnose="refused"]')).toHaveText(
    'big.bin is 209,715,201 bytes: the site diagnoses files up to 200 MB (209,715,200 bytes). Larger files: fracture diagnose on the command line.',
  );
});
