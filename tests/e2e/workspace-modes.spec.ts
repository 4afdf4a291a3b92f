// The four modes of damage as it travels in Chromium (issue 39, point 1; docs/damage.md): each mode
// page's call to action presets its algorithm and shows the algorithm's own options; at intensity 100
// the workspace's output equals the real tool's on the same file: dos2unix -f on a 17 MiB file, which
// the browser streams (lib/engine/host/policy.ts, WEB_STREAM_MIN_BYTES), tr and iconv on a PNG made by
// ImageMagick; misdirected_write in 512-byte blocks writes whole blocks of the input elsewhere. The
// report, its replay command and share link carry the options, and the link sets them again.
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { presetConsent, waitForHydration } from './helpers/site.ts';
import { openWorkspace as open, upload } from './helpers/workspace.ts';

let workDir = '';

test.beforeEach(async ({ context }, testInfo) => {
  workDir = testInfo.outputPath('files');
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  await presetConsent(context);
});

/** Runs the one file in the list at intensity 100 and saves its output and report. */
async function runAndSave(page: Page, name: string): Promise<{ out: Buffer; report: Record<string, unknown> }> {
  await upload(page).getByRole('spinbutton', { name: 'Intensity (percent)' }).fill('100');
  await upload(page).getByRole('button', { name: 'Start Processing' }).click();
  await expect(upload(page).locator('[data-field="overall"]')).toHaveText('1 / 1 files · 100%', { timeout: 180_000 });
  const row = page.locator('[data-file-id]').filter({ has: page.getByText(name, { exact: true }) });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: `Download corrupted ${name}` }).click(),
  ]);
  const outPath = join(workDir, `out-${name}`);
  await download.saveAs(outPath);
  const [json] = await Promise.all([
    page.waitForEvent('download'),
    page.locator('#report').getByRole('button', { name: 'Download JSON' }).click(),
  ]);
  const reportPath = join(workDir, `report-${name}.json`);
  await json.saveAs(reportPath);
  return { out: readFileSync(outPath), report: JSON.parse(readFileSync(reportPath, 'utf8')) };
}

async function visit(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

const tool = (command: string) => execFileSync('bash', ['-c', command], { cwd: workDir, maxBuffer: 1 << 30 });

test('each new mode page presets its algorithm, with its own options under Algorithm', async ({ page }) => {
  const pages: [string, string, string[]][] = [
    ['text-transfer', 'text_transfer', ['Line endings']],
    ['seven-bit', 'seven_bit', []],
    ['charset-roundtrip', 'charset_roundtrip', ['Direction', 'Charset', 'Byte order mark']],
    ['misdirected-write', 'misdirected_write', ['Block size']],
  ];
  for (const [slug, algorithm, options] of pages) {
    await visit(page, `/modes/${slug}`);
    await page.getByRole('button', { name: /^Try / }).click();
    await expect(page.locator('#upload')).toBeInViewport();
    await expect(upload(page).getByLabel('Algorithm', { exact: true })).toHaveValue(algorithm);
    for (const label of ['Line endings', 'Direction', 'Charset', 'Byte order mark', 'Block size']) {
      await expect(upload(page).getByRole('combobox', { name: label, exact: true })).toHaveCount(
        options.includes(label) ? 1 : 0,
      );
    }
  }
});

test('Text-Mode Transfer, CRLF to LF, streams a 17 MiB file to the bytes of dos2unix -f', async ({ page }) => {
  // Binary data with CR LF pairs, lone CRs and LFs, and no BOM (dos2unix would strip one).
  const size = 17 * 1024 * 1024;
  const data = Buffer.alloc(size);
  let x = 12345;
  for (let i = 0; i < size; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    const r = x >>> 24;
    data[i] = r < 8 ? 13 : r < 16 ? 10 : r;
  }
  data.write('text', 0, 'latin1');
  const file = join(workDir, 'big.bin');
  writeFileSync(file, data);
  tool('cp big.bin expected.bin && dos2unix -f -q expected.bin');
  await open(page);
  await upload(page).locator('#workspace-file-input').setInputFiles([file]);
  await upload(page).getByLabel('Algorithm', { exact: true }).selectOption('text_transfer');
  await upload(page)
    .getByRole('combobox', { name: 'Line endings' })
    .selectOption({ label: 'CRLF to LF (a transfer to Unix)' });
  const { out, report } = await runAndSave(page, 'big.bin');
  const expected = readFileSync(join(workDir, 'expected.bin'));
  expect(out.length).toBe(expected.length);
  expect(out.equals(expected)).toBe(true);
  expect(report.direction).toBe('crlf_to_lf');
  expect(report.converted).toBe(size - expected.length);
  expect(report.replay).toContain('--direction crlf_to_lf');
  expect(report.share_link).toContain('direction=crlf_to_lf');
});

test('7-Bit Transport and Charset Round Trip equal tr and iconv -c on a PNG; a link sets the options again', async ({
  page,
}) => {
  tool(
    "convert -size 96x64 plasma:fractal -seed 3 photo.png && LC_ALL=C tr '\\200-\\377' '\\000-\\177' < photo.png > seven.png",
  );
  tool("{ printf '\\357\\273\\277'; iconv -c -f LATIN1 -t UTF-8 photo.png; } > latin1-bom.png");
  await open(page);
  const file = join(workDir, 'photo.png');
  await upload(page).locator('#workspace-file-input').setInputFiles([file]);
  await upload(page).getByLabel('Algorithm', { exact: true }).selectOption('seven_bit');
  const seven = await runAndSave(page, 'photo.png');
  expect(seven.out.equals(readFileSync(join(workDir, 'seven.png')))).toBe(true);

  await upload(page).getByRole('button', { name: 'Clear All' }).click();
  await upload(page).locator('#workspace-file-input').setInputFiles([file]);
  await upload(page).getByLabel('Algorithm', { exact: true }).selectOption('charset_roundtrip');
  await upload(page).getByRole('combobox', { name: 'Charset' }).selectOption({ label: 'Latin-1 (ISO-8859-1)' });
  await upload(page).getByRole('combobox', { name: 'Byte order mark' }).selectOption({ label: 'A UTF-8 BOM added' });
  const charset = await runAndSave(page, 'photo.png');
  expect(charset.out.equals(readFileSync(join(workDir, 'latin1-bom.png')))).toBe(true);
  expect(charset.report).toMatchObject({ direction: 'to_utf8', charset: 'latin1', bom: 'add' });
  expect(charset.report.replay).toContain('--charset latin1 --bom add');

  // The report's share link opens a workspace with the same options.
  const link = new URL(String(charset.report.share_link));
  await open(page, link.search);
  await expect(upload(page).getByLabel('Algorithm', { exact: true })).toHaveValue('charset_roundtrip');
  await expect(upload(page).getByRole('combobox', { name: 'Charset' })).toHaveValue('1');
  await expect(upload(page).getByRole('combobox', { name: 'Byte order mark' })).toHaveValue('1');
  await expect(upload(page).getByRole('combobox', { name: 'Direction' })).toHaveValue('0');
});

test('Misdirected Write in 512-byte blocks: each changed block is a whole block of the input', async ({ page }) => {
  tool('convert -size 200x150 plasma:fractal -seed 9 -quality 90 photo.jpg');
  const input = readFileSync(join(workDir, 'photo.jpg'));
  await open(page);
  await upload(page)
    .locator('#workspace-file-input')
    .setInputFiles([join(workDir, 'photo.jpg')]);
  await upload(page).getByLabel('Algorithm', { exact: true }).selectOption('misdirected_write');
  await upload(page).getByRole('combobox', { name: 'Block size' }).selectOption({ label: '512 bytes (a disk sector)' });
  const { out, report } = await runAndSave(page, 'photo.jpg');
  expect(out.length).toBe(input.length);
  expect(report).toMatchObject({ block_size: 512 });
  expect(report.replay).toContain('--block-size 512');
  const whole = Math.floor(input.length / 512);
  const blocks = new Set<string>();
  for (let b = 0; b < whole; b++) blocks.add(input.subarray(b * 512, b * 512 + 512).toString('hex'));
  let changed = 0;
  for (let b = 0; b < whole; b++) {
    const block = out.subarray(b * 512, b * 512 + 512);
    if (block.equals(input.subarray(b * 512, b * 512 + 512))) continue;
    changed++;
    expect(blocks.has(block.toString('hex')), `block ${b} is a block of the input`).toBe(true);
  }
  expect(changed).toBeGreaterThan(0);
  expect(changed).toBeLessThanOrEqual(Number(report.blocks_misdirected));
  expect(out.subarray(whole * 512).equals(input.subarray(whole * 512))).toBe(true);
});
