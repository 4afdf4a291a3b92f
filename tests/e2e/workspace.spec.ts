// The home page's workspace, end to end: the built site in Chromium, files picked through the real
// input (or dropped, or picked from the keyboard), downloads saved and compared byte for byte with
// what the `fracture` command line tool writes for the same file, mode, intensity and seed, the
// batch ZIP opened with Python's zipfile, and every network request of every test logged and checked.
//
// Environment: FRACTURE_CLI overrides the command line tool (default: bin/fracture.mjs, which is
// `npx fracture`, else target/release/fracture); FRACTURE_DIST the served directory (default web/dist), against which
// requests are checked to be the app's own static files.
import { expect, test } from '@playwright/test';
import type { Download, Locator, Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { presetConsent } from './helpers/site.ts';
import { controlled, openWorkspace as open, readZip, upload, watchRequests } from './helpers/workspace.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DIST = resolve(ROOT, process.env.FRACTURE_DIST ?? 'web/dist');
const MAX_FILE_BYTES = 200 * 1024 * 1024;

const ALGORITHMS = [
  { value: 'quick_scramble', mode: 'byte_flip' },
  { value: 'guaranteed_break', mode: 'guaranteed_break' },
  { value: 'stealth_corruption', mode: 'header_preserve_flip' },
  { value: 'cut_replace', mode: 'truncate_insert' },
  { value: 'jumble_sections', mode: 'shuffle_blocks' },
  { value: 'interrupted_download', mode: 'interrupted_transfer' },
  { value: 'bad_sectors', mode: 'bad_sectors' },
  { value: 'bit_rot', mode: 'bit_rot' },
] as const;

/** Same rule as lib/engine/shared/names.ts, restated so a bug there cannot hide here. */
function corruptedName(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? `${name}_corrupted.bin` : `${name.slice(0, dot)}_corrupted${name.slice(dot)}`;
}

function sha256(data: Buffer | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

function fileSha256(path: string): string {
  // Streams would be kinder to memory, but 200 MB fits and keeps this short.
  return sha256(readFileSync(path));
}

function cli(): [string, string[]] {
  if (process.env.FRACTURE_CLI) {
    const [cmd, ...args] = process.env.FRACTURE_CLI.split(' ');
    return [cmd, args];
  }
  // `npx fracture` runs bin/fracture.mjs, which loads the compiled CLI from dist.
  if (existsSync(join(ROOT, 'dist/cli/main.js'))) return [process.execPath, [join(ROOT, 'bin/fracture.mjs')]];
  const native = join(ROOT, 'target/release/fracture');
  if (existsSync(native)) return [native, []];
  throw new Error('No fracture CLI: build it first (make cli)');
}

/** Runs the CLI over `files` in order (file i gets seed + i, as in the UI) and returns the output dir. */
function runCli(
  files: string[],
  mode: string,
  intensity: number,
  seed: number,
  out: string,
  options: string[] = [],
): string {
  const [cmd, pre] = cli();
  mkdirSync(out, { recursive: true });
  execFileSync(
    cmd,
    [
      ...pre,
      '--mode',
      mode,
      '--intensity',
      String(intensity),
      '--seed',
      String(seed),
      ...options,
      '--out',
      out,
      ...files,
    ],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
      maxBuffer: 1 << 26,
    },
  );
  return out;
}

let workDir = '';
let foreign: () => Promise<string[]>;

test.beforeEach(async ({ context, baseURL }, testInfo) => {
  workDir = testInfo.outputPath('files');
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  foreign = watchRequests(context, new URL(baseURL!).origin, DIST);
  // Consent stored up front, so the cookie banner does not sit over the workspace.
  await presetConsent(context);
});

test.afterEach(async () => {
  expect(await foreign(), 'requests other than GETs of the app’s own static files').toEqual([]);
});

function write(name: string, data: Buffer | string): string {
  const path = join(workDir, name);
  mkdirSync(resolve(path, '..'), { recursive: true });
  writeFileSync(path, data);
  return path;
}

/** A spread of inputs: text formats, a real PNG, an empty file, no extension, odd Unicode, spaces. */
function fixtures(): string[] {
  const csv = Array.from({ length: 400 }, (_, i) => `${i},"name ${i}",${(i * 7919) % 1000}`).join('\n');
  const json = JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => ({ id: i, tags: ['a', 'b'] })) });
  const png = join(workDir, 'gradient.png');
  execFileSync('/usr/bin/convert', ['-size', '64x48', 'gradient:red-blue', png]);
  return [
    write('table.csv', csv),
    write('data.json', json),
    png,
    write('empty.txt', ''),
    write('Makefile', 'all:\n\techo hi\n'.repeat(40)),
    write('résumé 📄 ẞ-Ωmega.tar.gz', randomBytes(3 * 4096 + 123)),
    write('.bashrc', 'export PATH=$PATH:~/bin\n'.repeat(30)),
  ];
}

/** The upload and process section: other sections of the home page reuse words like "Algorithm" and "Copy". */
const algorithmSelect = (page: Page) => upload(page).getByLabel('Algorithm', { exact: true });
const seedOf = async (page: Page) =>
  Number(await upload(page).getByRole('status', { name: 'Deterministic Seed' }).getAttribute('data-seed'));
const startButton = (page: Page) =>
  upload(page).getByRole('button', { name: /^(Start Processing|Processing\.\.\. stays on your device\.)$/ });
const zipButton = (page: Page) => upload(page).getByRole('button', { name: 'Download All as ZIP' });
const toastList = (page: Page) => page.getByRole('region', { name: 'Notifications alt+T' });

async function expectToast(page: Page, title: string, description: string, variant: 'default' | 'destructive') {
  const toast = toastList(page)
    .locator('[data-sonner-toast]')
    .filter({ hasText: title })
    .filter({ hasText: description })
    .first();
  await expect(toast).toBeVisible();
  // sonner's error toasts are the destructive ones.
  if (variant === 'destructive') await expect(toast).toHaveAttribute('data-type', 'error');
  else await expect(toast).not.toHaveAttribute('data-type', 'error');
}

async function waitForRun(page: Page, done: number, total: number) {
  await expect(page.locator('[data-field="overall"]')).toHaveText(
    `${done} / ${total} files · ${Math.round((done / total) * 100)}%`,
    {
      timeout: 120_000,
    },
  );
  await expect(startButton(page)).toHaveText('Start Processing');
}

/** Activates a button that is aria-disabled (focusable, explains itself) from the keyboard. */
async function press(button: Locator) {
  await button.focus();
  await button.press('Enter');
}

async function saveDownload(
  page: Page,
  click: () => Promise<void>,
  dir: string,
): Promise<{ download: Download; path: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  mkdirSync(dir, { recursive: true });
  const path = join(dir, download.suggestedFilename());
  await download.saveAs(path);
  return { download, path };
}

function row(page: Page, name: string) {
  return page.locator('[data-file-id]').filter({ has: page.getByText(name, { exact: true }) });
}

test.describe('upload and process', () => {
  for (const [index, { value, mode }] of ALGORITHMS.entries()) {
    test(`${value}: every download equals the CLI's output for the same file, mode, intensity and seed`, async ({
      page,
    }) => {
      const files = fixtures();
      const intensity = [80, 37, 1, 100, 63, 55, 90, 100][index];
      await open(page);
      await page.locator('#workspace-file-input').setInputFiles(files);
      await expect(upload(page).getByRole('heading', { name: `Files (${files.length})` })).toBeVisible();
      await algorithmSelect(page).selectOption(value);
      await upload(page).getByRole('spinbutton', { name: 'Intensity (percent)' }).fill(String(intensity));
      await expect(upload(page).getByRole('slider', { name: 'Intensity' })).toHaveValue(String(intensity));
      const seed = await seedOf(page);
      expect(seed).toBeGreaterThanOrEqual(0);
      expect(seed).toBeLessThan(2147483647);
      await expect(upload(page).getByRole('status', { name: 'Deterministic Seed' })).toHaveText(
        String(seed).length > 8 ? `${String(seed).slice(0, 8)}…` : String(seed),
      );

      await startButton(page).click();
      await waitForRun(page, files.length, files.length);
      await expectToast(
        page,
        'Done. Files saved locally.',
        `Successfully processed ${files.length} files with deterministic seeds`,
        'default',
      );

      const expected = runCli(files, mode, intensity, seed, join(workDir, 'cli'));
      for (const [i, file] of files.entries()) {
        const name = basename(file);
        const item = row(page, name);
        await expect(item).toHaveAttribute('data-state', 'complete');
        await expect(item).toHaveAttribute('data-seed', String(seed + i));
        await expect(item.getByText('Done. Files saved locally.')).toBeVisible();
        const { download, path } = await saveDownload(
          page,
          () => item.getByRole('button', { name: `Download corrupted ${name}` }).click(),
          join(workDir, 'ui'),
        );
        // Chromium drops the leading dot of a downloaded file's name (no hidden files from the web).
        expect(download.suggestedFilename()).toBe(corruptedName(name).replace(/^\.+/, ''));
        expect(fileSha256(path), `${name} (seed ${seed + i})`).toBe(fileSha256(join(expected, corruptedName(name))));
      }
    });
  }

  test('files arrive by drag and drop and from the keyboard-opened picker; Remove and Clear All', async ({ page }) => {
    await open(page);
    const dropZone = upload(page)
      .getByRole('button', { name: /Drop files here or browse/ })
      .locator('..');
    await expect(dropZone.getByText('.docx', { exact: true })).toBeVisible();
    for (const ext of [
      'docx',
      'xlsx',
      'pdf',
      'zip',
      'json',
      'csv',
      'png',
      'mp4',
      'exe',
      'sql',
      'py',
      'js',
      'rar',
      'gif',
      'mp3',
      'wav',
    ]) {
      await expect(dropZone.getByText(`.${ext}`, { exact: true })).toBeVisible();
    }
    const dataTransfer = await page.evaluateHandle(() => {
      const dt = new DataTransfer();
      dt.items.add(new File(['dropped,csv\n1,2\n'], 'dropped.csv', { type: 'text/csv' }));
      dt.items.add(new File([new Uint8Array(2048)], 'zeros.bin'));
      return dt;
    });
    await dropZone.dispatchEvent('dragenter', { dataTransfer });
    await expect(dropZone).toHaveAttribute('data-dragging', 'true');
    await dropZone.dispatchEvent('drop', { dataTransfer });
    await expect(upload(page).getByRole('heading', { name: 'Files (2)' })).toBeVisible();
    await expect(row(page, 'zeros.bin').getByText('2.0 KB')).toBeVisible();
    await expect(row(page, 'dropped.csv')).toHaveAttribute('data-state', 'queued');

    // Keyboard: Tab to the drop zone's button, Enter opens the system picker.
    await upload(page)
      .getByRole('button', { name: /Drop files here or browse/ })
      .focus();
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Enter')]);
    expect(chooser.isMultiple()).toBe(true);
    await chooser.setFiles([write('picked.json', '{"a":[1,2,3]}')]);
    await expect(upload(page).getByRole('heading', { name: 'Files (3)' })).toBeVisible();

    // Add More opens the same picker.
    const [more] = await Promise.all([
      page.waitForEvent('filechooser'),
      upload(page).getByRole('button', { name: 'Add More' }).click(),
    ]);
    await more.setFiles([write('more.txt', 'more')]);
    await expect(upload(page).getByRole('heading', { name: 'Files (4)' })).toBeVisible();
    // The Won't Open label names the extension of the file the next run starts with.
    await expect(algorithmSelect(page).locator('option[value="guaranteed_break"]')).toHaveText(
      "Won't Open · CSV Format Killer, or Header Poison",
    );

    await upload(page).getByRole('button', { name: 'Remove dropped.csv' }).click();
    await expect(upload(page).getByRole('heading', { name: 'Files (3)' })).toBeVisible();
    await expect(algorithmSelect(page).locator('option[value="guaranteed_break"]')).toHaveText(
      "Won't Open · BIN Format Killer, or Header Poison",
    );
    await upload(page).getByRole('button', { name: 'Clear All' }).click();
    await expect(upload(page).getByRole('heading', { name: /^Files \(/ })).toHaveCount(0);
  });

  test('without ?e2e each file walks through every state, held for the spec’s stage delays', async ({ page }) => {
    await open(page, '');
    await page.locator('#workspace-file-input').setInputFiles([write('walk.csv', 'a,b\n1,2\n'.repeat(50))]);
    // Record every state and message the row shows, as the DOM changes.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seenStates: string[] }).seenStates = seen;
      const record = () => {
        const li = document.querySelector('[data-file-id]');
        const entry = `${li?.getAttribute('data-state')}|${li?.querySelector('p')?.firstChild?.textContent}`;
        if (seen[seen.length - 1] !== entry) seen.push(entry);
      };
      record();
      new MutationObserver(record).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        characterData: true,
      });
    });
    const started = Date.now();
    await startButton(page).click();
    await expect(startButton(page)).toHaveText('Processing... stays on your device.');
    await expect(startButton(page)).toBeDisabled();
    await expect(zipButton(page)).toBeDisabled();
    await waitForRun(page, 1, 1);
    const elapsed = Date.now() - started;
    const seen = await page.evaluate(() => (window as unknown as { seenStates: string[] }).seenStates);
    expect(seen).toEqual([
      'queued|Queued for processing. Nothing leaves your device.',
      'inspecting|Identifying format and integrity…',
      'preparing|Choosing safest method to trigger failure…',
      'corrupting|Corrupting…',
      "verifying|Verifying the file won't open…",
      'packaging|Packaging results and reports…',
      'complete|Done. Files saved locally.',
    ]);
    // The minimum delays of the five stages add up to 1420 ms.
    expect(elapsed).toBeGreaterThanOrEqual(1420);
    await expect(upload(page).getByRole('status', { name: 'Deterministic Seed' })).toBeVisible();
  });

  test('a second run processes only new files, as file 0 of that run', async ({ page }) => {
    await open(page);
    const first = write('first.txt', 'first file\n'.repeat(20));
    await page.locator('#workspace-file-input').setInputFiles([first]);
    const seed = await seedOf(page);
    await startButton(page).click();
    await waitForRun(page, 1, 1);
    await page.locator('#workspace-file-input').setInputFiles([write('second.txt', 'second file\n'.repeat(20))]);
    await startButton(page).click();
    await waitForRun(page, 1, 1);
    await expect(row(page, 'first.txt')).toHaveAttribute('data-seed', String(seed));
    await expect(row(page, 'second.txt')).toHaveAttribute('data-seed', String(seed));
    await expectToast(
      page,
      'Done. Files saved locally.',
      'Successfully processed 1 file with deterministic seeds',
      'default',
    );
  });
});

test.describe('settings', () => {
  test('algorithm labels, intensity bounds and the seed controls', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await open(page);
    const select = algorithmSelect(page);
    await expect(select.locator('option')).toHaveText([
      'Quick Scramble · Random Bit Flips',
      "Won't Open · File Format Killer, or Header Poison",
      'Stealth Corruption · Content Damage',
      'Cut & Replace · Size Alteration',
      'Jumble Sections · Block Reorder',
      'Interrupted Download · Cut Short',
      'Bad Sectors · Zeroed Blocks',
      'Bit Rot · Single-Bit Errors',
      'Text-Mode Transfer · Line Endings Converted',
      '7-Bit Transport · High Bit Cleared',
      'Charset Round Trip · Mojibake',
      'Misdirected Write · Block at the Wrong Offset',
    ]);
    await expect(select).toHaveValue('quick_scramble');

    const slider = upload(page).getByRole('slider', { name: 'Intensity' });
    const box = upload(page).getByRole('spinbutton', { name: 'Intensity (percent)' });
    await expect(slider).toHaveValue('80');
    await expect(slider).toHaveAttribute('min', '1');
    await expect(slider).toHaveAttribute('max', '100');
    await expect(slider).toHaveAttribute('step', '1');
    await box.fill('0');
    await expect(slider).toHaveValue('1');
    await box.fill('1000');
    await expect(slider).toHaveValue('100');
    await slider.focus();
    await page.keyboard.press('ArrowLeft');
    await expect(box).toHaveValue('99');
    await expect(upload(page).getByText(/Start at 60-80%/)).toBeVisible();

    const seedOutput = upload(page).getByRole('status', { name: 'Deterministic Seed' });
    const seed = await seedOf(page);
    await upload(page).getByRole('button', { name: 'Copy', exact: true }).click();
    await expectToast(page, 'Seed copied', String(seed), 'default');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(String(seed));
    await upload(page).getByRole('button', { name: 'New', exact: true }).click();
    await expectToast(page, 'New seed generated', '', 'default');
    await expect(seedOutput).not.toHaveAttribute('data-seed', String(seed));
    expect(await seedOf(page)).toBeLessThan(2147483647);
  });

  test('Advanced: Byte ranges and Keep checksums valid give the CLI bytes; a bad range is explained', async ({
    page,
  }) => {
    await open(page);
    await algorithmSelect(page).selectOption('bit_rot');
    await upload(page).getByText('Advanced', { exact: true }).click();
    const field = upload(page).getByRole('textbox', { name: 'Byte ranges' });
    await field.fill('only 100:50');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(upload(page).getByText('Invalid byte range "100:50": the start is after the end')).toBeVisible();
    await field.fill('only 0x40:, protect -12:');
    await expect(field).not.toHaveAttribute('aria-invalid', 'true');
    const toggle = upload(page).getByRole('switch', { name: 'Keep checksums valid' });
    await toggle.focus();
    await page.keyboard.press('Space');
    await expect(toggle).toBeChecked();
    const png = join(workDir, 'advanced.png');
    execFileSync('/usr/bin/convert', ['-size', '64x48', 'gradient:red-blue', png]);
    await page.locator('#workspace-file-input').setInputFiles([png]);
    const seed = await seedOf(page);
    await startButton(page).click();
    await waitForRun(page, 1, 1);
    const expected = runCli([png], 'bit_rot', 80, seed, join(workDir, 'cli-advanced'), [
      '--only',
      '0x40:',
      '--protect=-12:',
      '--fix-checksums',
    ]);
    const { path } = await saveDownload(
      page,
      () => row(page, 'advanced.png').getByRole('button', { name: 'Download corrupted advanced.png' }).click(),
      join(workDir, 'ui-advanced'),
    );
    expect(fileSha256(path)).toBe(fileSha256(join(expected, 'advanced_corrupted.png')));
    // The report says what was asked and what was fixed.
    await expect(page.locator('[data-field="ranges"]')).toHaveText('only 64:, protect -12:');
    await expect(page.locator('[data-field="checksums-fixed"]')).toHaveText(/^png_chunk_crc32 [1-9]\d*$/);
    await expect(page.locator('[data-field="bits_flipped"]')).toHaveText(/^[1-9]/);
    // A mode that takes no options greys them out.
    await algorithmSelect(page).selectOption('cut_replace');
    await expect(field).toBeDisabled();
    await expect(toggle).toBeDisabled();
  });

  test('a typed seed reproduces a CLI run; an invalid one is refused with a toast', async ({ page }) => {
    await open(page);
    const seedInput = upload(page).getByRole('textbox', { name: 'Reproduce a seed' });
    await seedInput.fill('12x');
    await upload(page).getByRole('button', { name: 'Use', exact: true }).click();
    await expectToast(page, 'Invalid seed', 'Enter a whole number from 0 to 9007199254740991.', 'destructive');
    const big = 9007199254740000;
    await seedInput.fill(String(big));
    await seedInput.press('Enter');
    await expectToast(page, 'Seed set', String(big), 'default');
    expect(await seedOf(page)).toBe(big);
    const file = write('reproduce.csv', 'id,name\n1,"a"\n'.repeat(200));
    await page.locator('#workspace-file-input').setInputFiles([file]);
    await startButton(page).click();
    await waitForRun(page, 1, 1);
    const expected = runCli([file], 'byte_flip', 80, big, join(workDir, 'cli-seed'));
    const { path } = await saveDownload(
      page,
      () => row(page, 'reproduce.csv').getByRole('button', { name: 'Download corrupted reproduce.csv' }).click(),
      join(workDir, 'ui-seed'),
    );
    expect(fileSha256(path)).toBe(fileSha256(join(expected, 'reproduce_corrupted.csv')));
  });

  test('an algorithm requested by navigation state is preselected', async ({ page }) => {
    await open(page);
    await page.evaluate(() => {
      history.replaceState({ usr: { scrollTo: 'upload', algorithm: 'cut_replace' }, key: 'x', idx: 0 }, '');
    });
    await page.reload();
    await expect(algorithmSelect(page)).toHaveValue('cut_replace');
  });
});

test.describe('results', () => {
  test('report section, telemetry, preview and the report downloads', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await open(page);
    const report = page.locator('#report');
    await expect(report.getByText('Example Data', { exact: true })).toBeVisible();
    await expect(report.locator('[data-field="filename"]')).toHaveText('example_document.pdf');
    await expect(report.locator('[data-field="seed"]')).toHaveText('1234567890');
    await expect(report.getByRole('button', { name: 'Copy report' })).toBeDisabled();
    await expect(report.getByRole('button', { name: 'Download JSON' })).toBeDisabled();
    await expect(page.locator('#preview')).toHaveCount(0);

    const name = 'quarterly results.csv';
    const content = 'region,revenue\nnorth,100\nsouth,200\n'.repeat(30);
    await page.locator('#workspace-file-input').setInputFiles([write(name, content)]);
    await algorithmSelect(page).selectOption('stealth_corruption');
    const seed = await seedOf(page);
    await startButton(page).click();
    await waitForRun(page, 1, 1);

    await expect(report.getByText('Live Report', { exact: true })).toBeVisible();
    await expect(report.locator('[data-field="filename"]')).toHaveText(name);
    await expect(report.locator('[data-field="seed"]')).toHaveText(String(seed));
    await expect(report.locator('[data-field="time"]')).toHaveText(/^\d+\.\d{2} s$/);
    await expect(report.locator('[data-field="after-entropy"]')).toHaveText(/^\d\.\d{4}$/);

    const saved = await saveDownload(
      page,
      () => report.getByRole('button', { name: 'Download JSON' }).click(),
      join(workDir, 'report'),
    );
    expect(saved.download.suggestedFilename()).toBe('quarterly_results.csv_corruption_report.json');
    await expectToast(page, 'Report downloaded', 'quarterly_results.csv_corruption_report.json', 'default');
    const json = JSON.parse(readFileSync(saved.path, 'utf8'));
    expect(json).toMatchObject({
      filename: name,
      mode: 'header_preserve_flip',
      intensity: 80,
      seed,
      original_size: Buffer.byteLength(content),
      verdict: "Won't Open (Verified Heuristically)",
      sha256_before: sha256(Buffer.from(content)),
    });
    await report.getByRole('button', { name: 'Copy report' }).click();
    await expectToast(page, 'Report copied', name, 'default');
    expect(JSON.parse(await page.evaluate(() => navigator.clipboard.readText()))).toEqual(json);

    // Telemetry: hidden by default; 3-decimal entropy, 1-decimal ms, sizes per the display rules.
    const telemetry = page.locator('#workspace-telemetry');
    await expect(telemetry).toBeHidden();
    await upload(page).getByRole('button', { name: 'Show' }).click();
    await expect(telemetry).toBeVisible();
    await expect(telemetry.locator('[data-field="before-entropy"]')).toHaveText(json.before_entropy.toFixed(3));
    await expect(telemetry.locator('[data-field="after-entropy"]')).toHaveText(json.after_entropy.toFixed(3));
    await expect(telemetry.locator('[data-field="time"]')).toHaveText(/^\d+\.\d ms$/);
    await expect(telemetry.locator('[data-field="original-size"]')).toHaveText(
      `${(Buffer.byteLength(content) / 1024).toFixed(1)} KB`,
    );
    await expect(telemetry.locator('[data-field="size-change"]')).toHaveText('No change');
    await upload(page).getByRole('button', { name: 'Hide' }).click();
    await expect(telemetry).toBeHidden();

    // Preview: the first 200 bytes, escaped, changed ones marked, matching the downloaded bytes.
    const preview = page.locator('#preview');
    await expect(preview).toBeVisible();
    const escaped = (bytes: Buffer) =>
      Array.from(bytes)
        .map((b) =>
          b === 0x5c
            ? '\\\\'
            : b >= 0x20 && b <= 0x7e
              ? String.fromCharCode(b)
              : `\\x${b.toString(16).padStart(2, '0')}`,
        )
        .join('');
    const corrupted = await saveDownload(
      page,
      () =>
        row(page, name)
          .getByRole('button', { name: `Download corrupted ${name}` })
          .click(),
      join(workDir, 'ui'),
    );
    const after = readFileSync(corrupted.path).subarray(0, 200);
    await expect(preview.locator('[data-preview="before"]')).toHaveText(escaped(Buffer.from(content).subarray(0, 200)));
    await expect(preview.locator('[data-preview="after"]')).toHaveText(escaped(after));
    const changed = Array.from(after).filter((b, i) => b !== Buffer.from(content)[i]).length;
    expect(changed).toBeGreaterThan(0);
    await expect(preview.locator('[data-preview="after"] mark')).not.toHaveCount(0);
  });
});

function entryOf(path: string, name: string): Buffer {
  const script = 'import sys, zipfile; sys.stdout.buffer.write(zipfile.ZipFile(sys.argv[1]).read(sys.argv[2]))';
  return execFileSync('python3', ['-c', script, path, name], { maxBuffer: 1 << 28 });
}

test.describe('batch ZIP', () => {
  test('holds every corrupted file once, under safe distinct names, and the session report', async ({ page }) => {
    await open(page);
    const files = [
      write('a/same.txt', 'first same\n'.repeat(30)),
      write('b/same.txt', 'second same\n'.repeat(30)),
      write('notes', 'no extension here\n'.repeat(9)),
    ];
    await page.locator('#workspace-file-input').setInputFiles(files);
    // Names a disk cannot hold but a dropped File can: they must not escape the archive's root.
    const dataTransfer = await page.evaluateHandle(() => {
      const dt = new DataTransfer();
      dt.items.add(new File(['escape attempt\n'.repeat(12)], '../../etc/evil.txt'));
      dt.items.add(new File(['absolute\n'.repeat(12)], '/abs/path.csv'));
      dt.items.add(new File(['windows\n'.repeat(12)], '..\\..\\win.ini'));
      return dt;
    });
    await upload(page)
      .getByRole('button', { name: /Drop files here or browse/ })
      .locator('..')
      .dispatchEvent('drop', { dataTransfer });
    await expect(upload(page).getByRole('heading', { name: 'Files (6)' })).toBeVisible();
    await algorithmSelect(page).selectOption('jumble_sections');
    await upload(page).getByRole('spinbutton', { name: 'Intensity (percent)' }).fill('55');
    const seed = await seedOf(page);
    await startButton(page).click();
    await waitForRun(page, 6, 6);

    const individual: string[] = [];
    for (const id of await page
      .locator('[data-file-id]')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-file-id')!))) {
      const item = page.locator(`[data-file-id="${id}"]`);
      const { path } = await saveDownload(
        page,
        () => item.getByRole('button', { name: /^Download corrupted / }).click(),
        join(workDir, `one-${id}`),
      );
      individual.push(fileSha256(path));
    }

    // Served by the service worker, which tells the page when the browser has the last byte.
    await controlled(page);
    const before = Date.now();
    const { download, path } = await saveDownload(page, () => zipButton(page).click(), join(workDir, 'zip'));
    await expectToast(
      page,
      'ZIP ready. Safe to close this tab.',
      'Downloaded 6 files with premium session report',
      'default',
    );
    expect(download.suggestedFilename()).toMatch(/^fracture_session_\d{8}-\d{6}\.zip$/);

    const listing = readZip(path);
    expect(listing.bad).toBeNull();
    const names = listing.entries.map((e) => e.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) {
      expect(name.startsWith('/'), name).toBe(false);
      expect(name.split(/[\\/]/), name).not.toContain('..');
      expect(name).not.toMatch(/^[A-Za-z]:/);
    }
    const reports = listing.entries.filter((e) => /^fracture_session_\d{8}-\d{6}_session_report\.json$/.test(e.name));
    expect(reports).toHaveLength(1);
    const pdfs = listing.entries.filter((e) => /^fracture_session_\d{8}-\d{6}_session_report\.pdf$/.test(e.name));
    expect(pdfs).toHaveLength(1);
    const corrupted = listing.entries.filter((e) => e !== reports[0] && e !== pdfs[0]);
    expect(corrupted.map((e) => e.sha256).sort()).toEqual([...individual].sort());
    expect(corrupted.every((e) => e.compress_type === 0)).toBe(true);
    expect(corrupted.filter((e) => /same_corrupted.*\.txt$/.test(e.name))).toHaveLength(2);

    const session = JSON.parse(entryOf(path, reports[0].name).toString('utf8'));
    expect(Object.keys(session)).toEqual(
      expect.arrayContaining([
        'session_timestamp',
        'total_files',
        'mode',
        'intensity',
        'master_seed',
        'session_duration_ms',
        'total_entropy_delta',
        'recoverability',
        'files',
      ]),
    );
    expect(session).toMatchObject({
      total_files: 6,
      mode: 'shuffle_blocks',
      intensity: 55,
      master_seed: seed,
      recoverability: 'Unlikely',
    });
    expect(Math.abs(Date.parse(session.session_timestamp) - before)).toBeLessThan(120_000);
    expect(session.files).toHaveLength(6);
    expect(session.files.map((f: { seed: number }) => f.seed).sort()).toEqual([0, 1, 2, 3, 4, 5].map((i) => seed + i));
    const sum = (key: string) => session.files.reduce((s: number, f: Record<string, number>) => s + f[key], 0);
    expect(session.session_duration_ms).toBeCloseTo(sum('time_ms'), 3);
    expect(session.total_entropy_delta).toBeCloseTo(sum('entropy_delta'), 3);
    for (const f of session.files) {
      expect(Object.keys(f)).toEqual(
        expect.arrayContaining([
          'filename',
          'original_size',
          'result_size',
          'entropy_delta',
          'time_ms',
          'seed',
          'recipe',
          'verdict',
        ]),
      );
    }
    expect(session.files.map((f: { filename: string }) => f.filename)).toEqual(
      expect.arrayContaining(['same.txt', 'notes', '../../etc/evil.txt']),
    );

    // The CLI agrees on the files that exist on disk (file i of the run has seed + i).
    const cliOut = runCli(files, 'shuffle_blocks', 55, seed, join(workDir, 'cli-a'));
    expect(individual[2]).toBe(fileSha256(join(cliOut, 'notes_corrupted.bin')));
  });
});

test.describe('ZIP entry names (docs/contract.md, section 11.6)', () => {
  test('the browser names awkward inputs as the command line does, by the shared rule', async ({ page }) => {
    const names = [
      'invoice\u202efdp.exe',
      'esc\u001b[31m.txt',
      'c1\u0085.csv',
      'con',
      'a.txt',
      'A.TXT',
      'trailing.',
      'cafe\u0301.txt',
      'café.txt',
    ];
    const files = names.map((name, i) => write(`awkward/${name}`, `file ${i}\n`.repeat(20 + i)));
    await open(page);
    await page.locator('#workspace-file-input').setInputFiles(files);
    await expect(upload(page).getByRole('heading', { name: `Files (${names.length})` })).toBeVisible();
    const seed = await seedOf(page);
    await startButton(page).click();
    await waitForRun(page, names.length, names.length);
    await controlled(page);
    const { path } = await saveDownload(page, () => zipButton(page).click(), join(workDir, 'zip'));
    const browser = readZip(path).entries.map((e) => e.name);

    const [cmd, pre] = cli();
    const cliZip = join(workDir, 'cli.zip');
    execFileSync(
      cmd,
      [...pre, '--seed', String(seed), '--quiet', '--out', join(workDir, 'cli'), '--zip', cliZip, ...files],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    const command = readZip(cliZip).entries.map((e) => e.name);
    const corrupted = (list: string[]) => list.filter((n) => !/^fracture_session_/.test(n));
    const session = JSON.parse(
      entryOf(path, browser.find((n) => n.endsWith('_session_report.json'))!).toString('utf8'),
    );
    // The browser's list is in run order; the names, whatever the order, are the command line's.
    expect(session.files.map((f: { archive_name: string }) => f.archive_name)).toEqual(corrupted(browser));
    expect(corrupted(browser).sort()).toEqual(corrupted(command).sort());
    expect(corrupted(command)).toEqual([
      'invoice_fdp_corrupted.exe',
      'esc_[31m_corrupted.txt',
      'c1__corrupted.csv',
      '_con_corrupted.bin',
      'a_corrupted.txt',
      'A_corrupted (2).TXT',
      'trailing_corrupted.bin',
      'café_corrupted.txt',
      'café_corrupted (2).txt',
    ]);
  });
});

test.describe('validation and errors', () => {
  test('no files, no processed files, file too large, processing failure, copy failure', async ({ page, context }) => {
    await open(page);
    await expect(startButton(page)).toHaveAttribute('aria-disabled', 'true');
    await press(startButton(page));
    await expectToast(page, 'No files selected', 'Please add files first.', 'destructive');
    await expect(zipButton(page)).toHaveAttribute('aria-disabled', 'true');
    await press(zipButton(page));
    await expectToast(page, 'No processed files', 'Process files first before downloading as ZIP', 'destructive');

    // Over the limit by one byte: skipped with its toast while the others run. Sparse, so it costs no disk.
    const huge = join(workDir, 'huge.iso');
    const fd = openSync(huge, 'w');
    writeSync(fd, Buffer.from([1]), 0, 1, MAX_FILE_BYTES);
    closeSync(fd);
    expect(statSync(huge).size).toBe(MAX_FILE_BYTES + 1);
    // A file deleted after it was picked cannot be read: the engine never sees it, the run goes on.
    const doomed = write('doomed.txt', 'here today\n'.repeat(10));
    await page
      .locator('#workspace-file-input')
      .setInputFiles([
        write('ok-1.txt', 'ok one\n'.repeat(10)),
        huge,
        doomed,
        write('ok-2.txt', 'ok two\n'.repeat(10)),
      ]);
    rmSync(doomed);
    await startButton(page).click();
    await expectToast(page, 'File too large', 'huge.iso exceeds 200MB limit', 'destructive');
    await waitForRun(page, 3, 3);
    await expectToast(
      page,
      "We couldn't corrupt this file",
      "Try Won't Open mode or increase intensity.",
      'destructive',
    );
    await expectToast(
      page,
      'Done. Files saved locally.',
      'Successfully processed 2 files with deterministic seeds',
      'default',
    );
    await expect(row(page, 'doomed.txt')).toHaveAttribute('data-state', 'failed');
    await expect(row(page, 'ok-1.txt')).toHaveAttribute('data-state', 'complete');
    await expect(row(page, 'ok-2.txt')).toHaveAttribute('data-state', 'complete');
    await expect(row(page, 'huge.iso')).toHaveAttribute('data-state', 'queued');
    await expect(row(page, 'huge.iso').getByText('Over the 200MB limit: skipped when processing.')).toBeVisible();
    // Busy cleared: Start works again, ZIP is available.
    await expect(startButton(page)).toBeEnabled();
    await expect(zipButton(page)).not.toHaveAttribute('aria-disabled');

    // No clipboard at all.
    await page.evaluate(() => Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true }));
    await page.locator('#report').getByRole('button', { name: 'Copy report' }).click();
    await expectToast(page, 'Copy failed', 'Clipboard API unavailable in this environment', 'destructive');
    await upload(page).getByRole('button', { name: 'Copy', exact: true }).click();
    await expectToast(page, 'Copy failed', 'Clipboard API unavailable in this environment', 'destructive');
    expect(context).toBeTruthy();
  });

  test('toasts: three at most, bottom-right, gone after about 4 s, Alt+T focuses them', async ({ page }) => {
    await open(page);
    // Four clicks in one task: four presses, each a round trip of the test's own, took over 4 s at
    // load 10-14, and the first toast's time ran out before the count.
    await startButton(page).evaluate((button: HTMLElement) => {
      for (let i = 0; i < 4; i++) button.click();
    });
    // sonner keeps a fourth toast in the list, marked not visible, until its own timer ends.
    const items = toastList(page).locator('[data-sonner-toast][data-visible="true"]');
    await expect(items).toHaveCount(3);
    // Alt+T at once: focused toasts stay expanded and paused (sonner) until Escape lets them go on.
    // Measuring first let the oldest toast's 4 s run out on a loaded 2-core CI machine.
    await page.keyboard.press('Alt+t');
    await expect(toastList(page).getByRole('list')).toBeFocused();
    // The front toast, measured once sonner's enter and expand transitions have settled: while a
    // toast moves in the stack it is scaled, and a bounding box includes the scale.
    const front = toastList(page).locator('[data-sonner-toast][data-front="true"]');
    await expect.poll(async () => Math.round((await front.boundingBox())?.width ?? 0)).toBe(356);
    const box = await front.boundingBox();
    const viewport = page.viewportSize()!;
    expect(box!.x + box!.width).toBeGreaterThan(viewport.width - 60);
    expect(box!.y + box!.height).toBeGreaterThan(viewport.height - 60);
    await page.waitForTimeout(4500);
    await expect(items).toHaveCount(3);
    await page.keyboard.press('Escape');
    await page.mouse.move(0, 0);
    await upload(page).getByRole('heading', { name: 'Upload & Process' }).click();
    await expect(items).toHaveCount(0, { timeout: 6000 });
  });
});
