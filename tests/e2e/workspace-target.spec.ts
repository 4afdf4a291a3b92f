// The Advanced "Target" picker end to end in Chromium (issue 23, point 5): a PNG's IDAT data picked
// as the only bytes to damage (the downloaded report's hits all lie in IDAT data, and so does every
// changed byte), and a ZIP member picked for member corruption (that member changed, every other one
// equal, the archive valid, as Python's zipfile reads it). The picker passes axe.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import type { Download, Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { presetConsent } from './helpers/site.ts';
import { openWorkspace as open, readZip, upload } from './helpers/workspace.ts';

/** Screenshots of the picker, beside the other workspace specs' (test-results/screenshots/). */
const SHOTS = join(fileURLToPath(new URL('../..', import.meta.url)), 'test-results/screenshots');

let workDir = '';

test.beforeEach(async ({ context }, testInfo) => {
  workDir = testInfo.outputPath('files');
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  await presetConsent(context);
});

async function save(
  page: Page,
  click: () => Promise<void>,
  name: string,
): Promise<{ download: Download; path: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const path = join(workDir, name);
  await download.saveAs(path);
  return { download, path };
}

const row = (page: Page, name: string) =>
  page.locator('[data-file-id]').filter({ has: page.getByText(name, { exact: true }) });

async function openPicker(page: Page) {
  await upload(page).getByText('Advanced', { exact: true }).click();
  await upload(page).getByRole('button', { name: "Pick from the file's structure" }).click();
  await expect(upload(page).getByRole('heading', { name: 'Target' })).toBeFocused();
}

async function runOne(page: Page) {
  await upload(page).getByRole('button', { name: 'Start Processing' }).click();
  await expect(upload(page).locator('[data-field="overall"]')).toHaveText('1 / 1 files · 100%', { timeout: 120_000 });
}

test('a PNG: IDAT data only; every hit and every changed byte lies in IDAT data', async ({ page }) => {
  await open(page);
  const png = join(workDir, 'gradient.png');
  execFileSync('/usr/bin/convert', ['-size', '160x120', 'plasma:fractal', '-seed', '7', png]);
  await page.locator('#workspace-file-input').setInputFiles([png]);
  await openPicker(page);
  const picker = upload(page).locator('[data-field="target-picker"]');
  const idat = picker.getByRole('checkbox', { name: /^IDAT/ });
  // Keyboard: Space on the focused checkbox picks it.
  await idat.focus();
  await page.keyboard.press('Space');
  await expect(idat).toBeChecked();
  await picker.getByRole('combobox', { name: 'Part of IDAT' }).selectOption('data');
  await expect(upload(page).getByRole('textbox', { name: 'Byte ranges' })).toHaveValue('only png:IDAT/data');
  mkdirSync(SHOTS, { recursive: true });
  await picker.screenshot({ path: join(SHOTS, 'target-picker.png') });
  const axe = await new AxeBuilder({ page })
    .include('[data-field="target-picker"]')
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true)
    .analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  await runOne(page);
  const report = page.locator('#report');
  await expect(report.locator('[data-field="replay"]')).toContainText('--only png:IDAT/data');
  const saved = await save(page, () => report.getByRole('button', { name: 'Download JSON' }).click(), 'report.json');
  const json = JSON.parse(readFileSync(saved.path, 'utf8'));
  expect(json.ranges).toBe('only png:IDAT/data');
  expect(json.selected).toMatch(/^only png:IDAT\/data = \d+:\d+( \d+:\d+)*$/);
  expect(json.replay).toContain('--only png:IDAT/data');
  expect(json.hits.length).toBeGreaterThan(0);
  for (const hit of json.hits) expect(hit.path).toMatch(/^png:IDAT(#\d+)?\/data$/);
  // Every changed byte of the download is inside the spans the selector resolved to.
  const spans = (json.selected as string)
    .split(' = ')[1]
    .split(' ')
    .map((s) => s.split(':').map(Number));
  const out = await save(
    page,
    () => row(page, 'gradient.png').getByRole('button', { name: 'Download corrupted gradient.png' }).click(),
    'gradient_corrupted.png',
  );
  const before = readFileSync(png);
  const after = readFileSync(out.path);
  expect(after.length).toBe(before.length);
  // One pass, one assertion: an expect per byte costs a stack trace each.
  let changed = 0;
  const outside: number[] = [];
  for (let i = 0; i < before.length; i++) {
    if (before[i] === after[i]) continue;
    changed++;
    if (!spans.some(([a, b]) => i >= a && i < b)) outside.push(i);
  }
  expect(outside.slice(0, 10), 'bytes changed outside IDAT data').toEqual([]);
  expect(changed).toBeGreaterThan(0);
});

test('a ZIP: one member picked is corrupted inside a valid archive, the others are equal', async ({ page }) => {
  await open(page);
  const zip = join(workDir, 'bundle.zip');
  execFileSync('python3', [
    '-c',
    `import zipfile, sys
with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:
    z.writestr("docs/readme.txt", "hello from the readme\\n" * 200)
    z.writestr("data/table.csv", "id,value\\n" + "".join(f"{i},{i*i}\\n" for i in range(400)))
    z.writestr("notes.md", "# notes\\n" + "- item\\n" * 150)`,
    zip,
  ]);
  await page.locator('#workspace-file-input').setInputFiles([zip]);
  await openPicker(page);
  const members = upload(page).getByRole('group', { name: 'Member to corrupt inside the archive' });
  await members.getByRole('radio', { name: 'data/table.csv' }).check();
  await expect(upload(page).getByRole('textbox', { name: 'Member' })).toHaveValue('data/table.csv');
  await expect(upload(page).locator('[data-field="target-summary"]')).toHaveText('member data/table.csv.');

  await runOne(page);
  await expect(page.locator('#report [data-field="replay"]')).toContainText('--member data/table.csv');
  const out = await save(
    page,
    () => row(page, 'bundle.zip').getByRole('button', { name: 'Download corrupted bundle.zip' }).click(),
    'bundle_corrupted.zip',
  );
  const a = readZip(zip);
  const b = readZip(out.path);
  expect(b.bad).toBeNull();
  expect(b.entries.map((e) => e.name)).toEqual(a.entries.map((e) => e.name));
  for (const [i, entry] of b.entries.entries()) {
    if (entry.name === 'data/table.csv') {
      expect(entry.sha256).not.toBe(a.entries[i].sha256);
      expect(entry.compress_type).toBe(0);
    } else expect(entry.sha256).toBe(a.entries[i].sha256);
  }
});

test('two formats: the PNG selector runs on the PNG; the text file fails with the engine’s own error', async ({
  page,
}) => {
  await open(page);
  const png = join(workDir, 'small.png');
  execFileSync('/usr/bin/convert', ['-size', '64x48', 'gradient:red-blue', png]);
  const txt = join(workDir, 'notes.txt');
  writeFileSync(txt, 'meeting notes\n'.repeat(40));
  await page.locator('#workspace-file-input').setInputFiles([png, txt]);
  await openPicker(page);
  const picker = upload(page).locator('[data-field="target-picker"]');
  await expect(picker.locator('[data-field="target-other-formats"]')).toContainText('notes.txt: text');
  await picker.getByRole('checkbox', { name: /^IDAT/ }).check();
  await upload(page).getByRole('button', { name: 'Start Processing' }).click();
  await expect(row(page, 'small.png')).toHaveAttribute('data-state', 'complete', { timeout: 120_000 });
  const failed = row(page, 'notes.txt');
  await expect(failed).toHaveAttribute('data-state', 'failed', { timeout: 120_000 });
  await expect(failed).toContainText('Selector "png:IDAT" is for png files, but this file\'s structure map is text');
  await expect(page.getByText('The target did not apply to notes.txt')).toBeVisible();
});

test('a 180 MB archive is mapped in the worker, and its thousand members are found by searching', async ({ page }) => {
  await open(page);
  // A stored 180 MB member first, then 1,000 small ones: far past the 64 MiB the page once mapped and
  // the 300 rows it once listed. Python's zipfile writes it.
  const zip = join(workDir, 'big-bundle.zip');
  execFileSync('python3', [
    '-c',
    `import zipfile, sys
with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_STORED) as z:
    with z.open("media/big.bin", "w", force_zip64=True) as f:
        block = bytes(1 << 20)
        for _ in range(180):
            f.write(block)
    for i in range(1000):
        z.writestr(f"docs/page-{i:04d}.txt", f"page {i}\\n" * 20)`,
    zip,
  ]);
  await page.locator('#workspace-file-input').setInputFiles([zip]);
  const heapBefore = await page.evaluate(
    () => (performance as unknown as { memory: { usedJSHeapSize: number } }).memory.usedJSHeapSize,
  );
  await openPicker(page);
  const picker = upload(page).locator('[data-field="target-picker"]');
  const members = upload(page).getByRole('group', { name: 'Member to corrupt inside the archive' });
  // Every member is there to be found: 200 shown at first, the rest by searching or showing more.
  await expect(members.getByRole('radio')).toHaveCount(201, { timeout: 120_000 });
  await expect(picker.locator('[data-field="target-search"]')).toContainText('1,001 members.');
  await picker.getByRole('searchbox', { name: 'Find units and members' }).fill('page-0777');
  await expect(picker.locator('[data-field="target-search"]')).toContainText('1 of 1,001 members match.');
  await members.getByRole('radio', { name: 'docs/page-0777.txt' }).check();
  await expect(upload(page).getByRole('textbox', { name: 'Member' })).toHaveValue('docs/page-0777.txt');
  await picker.getByRole('searchbox', { name: 'Find units and members' }).fill('');
  await picker.getByRole('button', { name: /^Show 200 more members/ }).click();
  await expect(members.getByRole('radio')).toHaveCount(401);
  // The page never held the file: the worker read it by position.
  const heapAfter = await page.evaluate(
    () => (performance as unknown as { memory: { usedJSHeapSize: number } }).memory.usedJSHeapSize,
  );
  expect(heapAfter - heapBefore).toBeLessThan(64 * 1024 * 1024);
});
