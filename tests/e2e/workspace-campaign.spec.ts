// A `fracture run` campaign dropped on the workspace (issue 24, point 7): a real campaign.json made by
// the npm CLI against tests/campaign/target.c shows its counts and each unique crash or hang with its
// replay; "Open variant settings" puts the variant's algorithm, intensity, seed, byte ranges and Keep
// checksums valid in the workspace, and processing the input there downloads the very bytes the
// campaign kept for that crash. A JSON file named like a campaign that is not one joins the file list.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { upload } from './helpers/workspace.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

/** Drops files (name and bytes) on the workspace's drop zone, as a drag from the desktop does. */
async function drop(page: Page, files: { name: string; data: number[] }[]) {
  const zone = upload(page)
    .getByRole('button', { name: /Drop files here or browse/ })
    .locator('..');
  const dataTransfer = await page.evaluateHandle((list) => {
    const dt = new DataTransfer();
    for (const f of list) dt.items.add(new File([new Uint8Array(f.data)], f.name));
    return dt;
  }, files);
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
}

interface Crash {
  id: string;
  outcome: string;
  signature: string;
  seed: number;
  variant: string;
  replay: { corrupt: string; program: string };
}

test.describe('a campaign dropped on the workspace', () => {
  let dir: string;
  let campaign: { counts: Record<string, number>; crashes: Crash[] };
  let input: Buffer;

  test.beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'fracture-e2e-campaign-'));
    const target = join(dir, 'target');
    execFileSync('cc', ['-O1', '-o', target, join(ROOT, 'tests/campaign/target.c')]);
    input = Buffer.from([...Buffer.from('FRACa'), ...Array.from({ length: 251 }, (_, i) => (i * 7 + 3) % 256)]);
    writeFileSync(join(dir, 'input.bin'), input);
    const r = spawnSync(
      process.execPath,
      [
        join(ROOT, 'bin/fracture.mjs'),
        'run',
        '--mode',
        'bit_rot',
        '--intensity',
        '100',
        '--only',
        '0:8',
        '--protect=-4:',
        '--fix-checksums',
        '--seed',
        '7',
        '--count',
        '12',
        '--timeout',
        '1',
        '--no-minimize',
        '--out',
        'out',
        'input.bin',
        '--',
        target,
        '{}',
      ],
      { cwd: dir, encoding: 'utf8' },
    );
    expect(r.status, r.stderr).toBe(1);
    campaign = JSON.parse(readFileSync(join(dir, 'out/campaign.json'), 'utf8'));
    // The campaign found more than one kind of failure, or the panel is tested on too little.
    expect(campaign.crashes.length).toBeGreaterThan(1);
  });

  test('shows the counts and every unique crash with its replay, and opens a variant in the workspace', async ({
    page,
  }) => {
    await page.goto('/?e2e');
    await expect(page.locator('#upload')).toBeVisible();
    await drop(page, [{ name: 'campaign.json', data: [...readFileSync(join(dir, 'out/campaign.json'))] }]);
    const panel = page.locator('[data-campaign]');
    await expect(panel.getByRole('heading', { name: 'Campaign: campaign.json' })).toBeVisible();
    // Not a file to corrupt.
    await expect(upload(page).getByRole('heading', { name: /^Files \(/ })).toHaveCount(0);
    for (const outcome of ['accepted', 'rejected', 'crashed', 'hung']) {
      await expect(panel.locator(`[data-count="${outcome}"]`)).toHaveText(String(campaign.counts[outcome]));
    }
    await expect(panel.locator('[data-field="runs"]')).toHaveText('12 of 12 runs');
    await expect(panel.locator('[data-crash]')).toHaveCount(campaign.crashes.length);
    for (const crash of campaign.crashes) {
      const item = panel.locator(`[data-crash="${crash.id}"]`);
      await expect(item.getByLabel(`Replay of ${crash.id}`)).toHaveText(
        `${crash.replay.corrupt}\n${crash.replay.program}`,
      );
      await expect(item.getByLabel(`Signature of ${crash.id}`)).toHaveText(crash.signature);
    }

    // Axe on the panel: no serious or critical violation.
    const axe = await new AxeBuilder({ page })
      .include('[data-campaign]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
      .options({ resultTypes: ['violations'] })
      .setLegacyMode(true)
      .analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual(
      [],
    );

    // The last crash's variant: its settings in the workspace...
    const crash = campaign.crashes[campaign.crashes.length - 1];
    await panel.locator(`[data-crash="${crash.id}"]`).getByRole('button', { name: 'Open variant settings' }).click();
    await expect(upload(page).getByLabel('Algorithm', { exact: true })).toHaveValue('bit_rot');
    await expect(upload(page).getByRole('spinbutton', { name: 'Intensity (percent)' })).toHaveValue('100');
    await expect(upload(page).getByRole('status', { name: 'Deterministic Seed' })).toHaveAttribute(
      'data-seed',
      String(crash.seed),
    );
    await expect(upload(page).getByLabel('Byte ranges')).toHaveValue('only 0:8, protect -4:');
    await expect(upload(page).getByRole('switch', { name: 'Keep checksums valid' })).toBeChecked();

    // ...and the input processed with them is the variant the campaign kept.
    await drop(page, [{ name: 'input.bin', data: [...input] }]);
    await upload(page).getByRole('button', { name: 'Start Processing' }).click();
    await expect(upload(page).locator('[data-field="overall"]')).toHaveText('1 / 1 files · 100%', { timeout: 60_000 });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      upload(page).getByRole('button', { name: 'Download corrupted input.bin' }).click(),
    ]);
    const saved = join(dir, 'downloaded.bin');
    await download.saveAs(saved);
    expect(sha256(readFileSync(saved))).toBe(sha256(readFileSync(join(dir, 'out', crash.variant))));

    await panel.getByRole('button', { name: 'Close campaign' }).click();
    await expect(panel).toHaveCount(0);
  });

  test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('a JSON file named like a campaign that is not one becomes a file to corrupt', async ({ page }) => {
    await page.goto('/?e2e');
    await expect(page.locator('#upload')).toBeVisible();
    await drop(page, [{ name: 'my-campaign.json', data: [...Buffer.from('{"version": 2}')] }]);
    await expect(upload(page).getByRole('heading', { name: 'Files (1)' })).toBeVisible();
    await expect(page.getByText('my-campaign.json is not a campaign')).toBeVisible();
    await expect(page.locator('[data-campaign]')).toHaveCount(0);
  });
});
