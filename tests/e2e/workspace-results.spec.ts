// Seeing and handing over a result, end to end in Chromium: the change map and the hex view at the
// first change, the media preview with the browser's own verdict (fixtures made by ImageMagick and
// ffmpeg), the PDF reports (checked with qpdf and pdftotext), the session PDF in the batch ZIP, and
// share links. Screenshots of the preview states go to test-results/screenshots/.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import type { Download, Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadOutputsModule } from '../../lib/engine/host-module/node.ts';
import { bytesSource, changeMapOf } from '../../lib/engine/host-module/reports.ts';

const changeMap = async (a: ReturnType<typeof bytesSource>, b: ReturnType<typeof bytesSource>) =>
  changeMapOf(await loadOutputsModule(), a, b);
import { SITE_ORIGIN } from '../../lib/engine/shared/mode-tables.ts';
import { fileReportPdf } from '../../lib/report/pdf.ts';
import { presetConsent } from './helpers/site.ts';
import { controlled, openWorkspace as open, runFiles, upload } from './helpers/workspace.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SHOTS = join(ROOT, 'test-results/screenshots');

let workDir = '';

test.beforeEach(async ({ context }, testInfo) => {
  workDir = testInfo.outputPath('files');
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  mkdirSync(SHOTS, { recursive: true });
  await presetConsent(context);
  await context.addInitScript(() => {
    // Every object URL the page makes, and whether it was revoked.
    const live = new Set<string>();
    const made: string[] = [];
    (window as unknown as { objectUrls: { live: Set<string>; made: string[] } }).objectUrls = { live, made };
    const create = URL.createObjectURL.bind(URL);
    const revoke = URL.revokeObjectURL.bind(URL);
    URL.createObjectURL = (obj: Blob | MediaSource) => {
      const url = create(obj);
      live.add(url);
      made.push(url);
      return url;
    };
    URL.revokeObjectURL = (url: string) => {
      live.delete(url);
      revoke(url);
    };
  });
});

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const preview = (page: Page) => page.locator('#preview');
const toastList = (page: Page) => page.getByRole('region', { name: 'Notifications alt+T' });

function tool(cmd: string, args: string[]) {
  execFileSync(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
}

/** Fixtures made by the real tools, as tests/parsers does. */
function fixture(name: string): string {
  const path = join(workDir, name);
  const ext = name.split('.').pop();
  if (ext === 'jpg' || ext === 'bmp' || ext === 'png') tool('convert', ['rose:', '-resize', '320x', path]);
  else if (ext === 'wav') tool('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', path]);
  else if (ext === 'webm')
    tool('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=duration=1:size=160x120:rate=10',
      '-c:v',
      'libvpx',
      path,
    ]);
  else throw new Error(`no fixture recipe for ${name}`);
  return path;
}

function write(name: string, data: Buffer | string): string {
  const path = join(workDir, name);
  writeFileSync(path, data);
  return path;
}

async function save(page: Page, click: () => Promise<void>): Promise<{ download: Download; path: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const path = join(workDir, 'downloads', download.suggestedFilename());
  mkdirSync(join(workDir, 'downloads'), { recursive: true });
  await download.saveAs(path);
  return { download, path };
}

async function downloadCorrupted(page: Page, name: string): Promise<Buffer> {
  const { path } = await save(page, () => page.getByRole('button', { name: `Download corrupted ${name}` }).click());
  return readFileSync(path);
}

const escaped = (bytes: Buffer) =>
  Array.from(bytes)
    .map((b) =>
      b === 0x5c ? '\\\\' : b >= 0x20 && b <= 0x7e ? String.fromCharCode(b) : `\\x${b.toString(16).padStart(2, '0')}`,
    )
    .join('');

/** Runs of changed offsets between two equal-length buffers: [start, end). */
function runsOf(a: Buffer, b: Buffer): [number, number][] {
  const runs: [number, number][] = [];
  for (let i = 0; i < a.length; i++) {
    if (a[i] === b[i]) continue;
    if (runs.length && runs[runs.length - 1][1] === i) runs[runs.length - 1][1] = i + 1;
    else runs.push([i, i + 1]);
  }
  return runs;
}

test.describe('change map and hex view', () => {
  test('opens at the first change past the untouched header and steps between runs', async ({ page }) => {
    // A PDF-like file: Quick Scramble keeps the first 1,024 bytes, so the first 200 never change.
    const body = Buffer.alloc(300_000);
    for (let i = 0; i < body.length; i++) body[i] = (i * 31 + (i >> 7)) & 0xff;
    body.write('%PDF-1.7\n', 0);
    const file = write('spec.pdf', body);
    await open(page);
    await runFiles(page, [file], 80, 'quick_scramble');
    const after = await downloadCorrupted(page, 'spec.pdf');
    const runs = runsOf(body, after);
    expect(runs[0][0]).toBeGreaterThanOrEqual(1024);

    const view = preview(page).locator('[data-change-view]');
    await expect(view.locator('[data-field="first-change"]')).toHaveText(
      `First change at byte ${runs[0][0].toLocaleString('en-US')}`,
    );
    await expect(view.getByRole('img', { name: /^Change map\./ })).toBeVisible();
    const changed = runs.reduce((n, [s, e]) => n + e - s, 0);
    await expect(view.locator('[data-field="change-summary"]')).toContainText(
      `${changed.toLocaleString('en-US')} of 300,000 bytes changed`,
    );
    await expect(view.locator('[data-field="change-summary"]')).toContainText(
      `in ${runs.length.toLocaleString('en-US')} runs`,
    );
    // Every segment of the strip before byte 1,024 is empty; later ones carry changes.
    expect(await view.locator('rect.changed').count()).toBeGreaterThan(200);

    const expectWindowAt = async (k: number) => {
      const [start, end] = runs[k];
      await expect(view.locator('[data-field="change-position"]')).toContainText(
        `Change ${(k + 1).toLocaleString('en-US')} of ${runs.length.toLocaleString('en-US')}: bytes ${start.toLocaleString('en-US')}`,
      );
      const from = Math.max(0, start - Math.floor((200 - Math.min(200, end - start)) / 2));
      await expect(view.locator('[data-preview="before"]')).toHaveText(escaped(body.subarray(from, from + 200)));
      await expect(view.locator('[data-preview="after"]')).toHaveText(escaped(after.subarray(from, from + 200)));
      const marked = await view.locator('[data-preview="after"] mark').allTextContents();
      const expected = runsOf(body.subarray(from, from + 200), after.subarray(from, from + 200)).map(([s, e]) =>
        escaped(after.subarray(from + s, from + e)),
      );
      expect(marked).toEqual(expected);
    };
    await expectWindowAt(0);
    // No run before the first: Previous stays focusable and says it is unavailable.
    await expect(view.getByRole('button', { name: 'Previous change' })).toHaveAttribute('aria-disabled', 'true');
    await view.locator('[data-preview="after"]').scrollIntoViewIfNeeded();
    await preview(page).screenshot({ path: join(SHOTS, 'preview-hex-first-change.png') });
    await view.getByRole('button', { name: 'Next change' }).click();
    await expectWindowAt(1);
    await view.getByRole('button', { name: 'Next change' }).press('Enter');
    await expectWindowAt(2);
    await view.getByRole('button', { name: 'Previous change' }).click();
    await expectWindowAt(1);
    await preview(page).screenshot({ path: join(SHOTS, 'preview-hex-next-change.png') });
  });

  test('a result of another length shows where the cut is', async ({ page }) => {
    const body = Buffer.from('0123456789'.repeat(5000));
    const file = write('log.txt', body);
    await open(page);
    await runFiles(page, [file], 50, 'cut_replace');
    const after = await downloadCorrupted(page, 'log.txt');
    const json = JSON.parse(
      readFileSync(
        (await save(page, () => page.locator('#report').getByRole('button', { name: 'Download JSON' }).click())).path,
        'utf8',
      ),
    );
    expect(after.length).toBe(body.length - json.removed + json.inserted);
    const view = preview(page).locator('[data-change-view]');
    await expect(view.locator('[data-field="change-summary"]')).toContainText(
      `Cut: ${(json.removed - json.inserted).toLocaleString('en-US')} bytes of the original removed at byte`,
    );
    await expect(view.locator('rect.splice')).toHaveAttribute('data-splice', 'cut');
    await preview(page).screenshot({ path: join(SHOTS, 'preview-cut.png') });
  });
});

test.describe('layout bar', () => {
  test('a PNG shows its chunks above the change map; focus lists a unit’s fields; axe passes', async ({ page }) => {
    const file = fixture('rose.png');
    await open(page);
    await runFiles(page, [file], 30, 'quick_scramble');
    const view = preview(page).locator('[data-change-view]');
    const bar = view.getByRole('toolbar', { name: 'File layout' });
    await expect(bar).toBeVisible();
    // The bar is drawn above the change map.
    const barBox = await bar.boundingBox();
    const mapBox = await view.locator('[data-field="change-map"]').boundingBox();
    expect(barBox && mapBox && barBox.y < mapBox.y).toBe(true);
    const units = await bar.getByRole('button').evaluateAll((b) => b.map((e) => (e as HTMLElement).dataset.unit));
    expect(units.slice(0, 2)).toEqual(['png:signature', 'png:IHDR']);
    expect(units).toContain('png:IEND');
    await expect(bar.getByRole('button', { name: /^png:IHDR, bytes 8–32, / })).toHaveCount(1);
    // Bit flips change bytes: some unit says so, and it holds the one tab stop.
    const changed = bar.locator('[data-changed]');
    expect(await changed.count()).toBeGreaterThan(0);
    const first = changed.first();
    await expect(first).toHaveAttribute('tabindex', '0');
    await first.focus();
    const fields = view.locator('[data-field="layout-fields"]');
    await expect(fields).toContainText((await first.getAttribute('data-unit')) ?? '');
    await expect(fields.locator('tr[data-changed]').first()).toContainText('byte');
    await page.keyboard.press('Home');
    await expect(bar.getByRole('button').first()).toBeFocused();
    await expect(fields).toContainText('png:signature, bytes 0–7');
    await preview(page).screenshot({ path: join(SHOTS, 'preview-layout-bar.png') });
    const axe = await new AxeBuilder({ page })
      .include('#preview')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .options({ resultTypes: ['violations'] })
      .setLegacyMode(true)
      .analyze();
    expect(axe.violations).toEqual([]);
  });
});

test.describe('what was hit', () => {
  test('a corrupted PNG’s report says the overall expectation and lists its chunks; axe passes', async ({ page }) => {
    const file = fixture('rose.png');
    await open(page);
    await runFiles(page, [file], 30, 'quick_scramble');
    const report = page.locator('#report');
    await expect(report.locator('[data-field="report-badge"]')).toHaveText('Live Report');
    const hits = report.locator('[data-field="hits"]');
    await expect(hits.getByRole('heading', { name: 'What was hit' })).toBeVisible();
    await expect(hits.locator('[data-field="expect-overall"]')).toHaveText(
      'Overall expectation: must reject (a reader that checks the format must refuse it).',
    );
    const table = hits.getByRole('table');
    await expect(table.getByRole('columnheader')).toHaveText([
      'Region',
      'Changed bytes',
      'First offset',
      'Expectation',
      'Why',
    ]);
    // Bit flips over a whole PNG hit its image data: an IDAT (or IEND) row, named by its region.
    const chunk = table.getByRole('rowheader', { name: /^png:(IDAT(#\d+)?|IEND)\/(data|crc|length|type)$/ });
    await expect(chunk.first()).toBeVisible();
    await expect(table.getByRole('row', { name: /must reject/ }).first()).toBeVisible();
    const shown = await table.getByRole('row').count();
    const more = hits.getByRole('button', { name: /^Show all \d+ regions$/ });
    if ((await more.count()) > 0) {
      await more.click();
      expect(await table.getByRole('row').count()).toBeGreaterThan(shown);
    }
    await report.screenshot({ path: join(SHOTS, 'report-hits.png') });
    const axe = await new AxeBuilder({ page })
      .include('#report')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .options({ resultTypes: ['violations'] })
      .setLegacyMode(true)
      .analyze();
    expect(axe.violations).toEqual([]);
  });
});

test.describe('media preview and the browser verdict', () => {
  for (const [name, algorithm, intensity] of [
    ['rose.bmp', 'stealth_corruption', 1],
    ['rose.jpg', 'stealth_corruption', 1],
  ] as const) {
    test(`${name}: stealth corruption at ${intensity}% shows a glitched picture the browser opened`, async ({
      page,
    }) => {
      const file = fixture(name);
      await open(page);
      await runFiles(page, [file], intensity, algorithm);
      const media = preview(page).locator('[data-media="image"]');
      await expect(media.locator('[data-field="browser-verdict"]')).toHaveText(
        'Your browser opened the corrupted file.',
      );
      const corrupted = media.getByRole('img', { name: `Corrupted ${name}` });
      await expect(corrupted).toBeVisible();
      expect(await corrupted.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
      await expect(media.getByRole('img', { name: `Original ${name}` })).toBeVisible();
      // Glitched: the picture the browser drew differs from the original's.
      const pixels = await media.evaluate(async (el) => {
        const draw = (img: HTMLImageElement) => {
          const c = document.createElement('canvas');
          c.width = img.naturalWidth;
          c.height = img.naturalHeight;
          const ctx = c.getContext('2d')!;
          ctx.drawImage(img, 0, 0);
          return ctx.getImageData(0, 0, c.width, c.height).data;
        };
        const [a, b] = Array.from(el.querySelectorAll('img')).map(draw);
        let differ = 0;
        for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) differ++;
        return { differ, total: a.length };
      });
      expect(pixels.differ).toBeGreaterThan(pixels.total / 100);
      await media.screenshot({ path: join(SHOTS, `preview-image-opened-${name.replace('.', '-')}.png`) });
      const json = JSON.parse(
        readFileSync(
          (await save(page, () => page.locator('#report').getByRole('button', { name: 'Download JSON' }).click())).path,
          'utf8',
        ),
      );
      expect(json.browser_decoder).toBe('opened');
      expect(Object.keys(json).slice(-3)).toEqual(['replay', 'share_link', 'browser_decoder']);
    });
  }

  test('a picture on screen is made again once the ZIP download has let its stored copy go', async ({ page }) => {
    await open(page);
    await runFiles(page, [fixture('rose.jpg')], 1, 'stealth_corruption');
    const corrupted = preview(page).getByRole('img', { name: 'Corrupted rose.jpg' });
    await expect(corrupted).toBeVisible();
    const before = await corrupted.getAttribute('src');
    const first = readFileSync(
      (await save(page, () => page.getByRole('button', { name: 'Download corrupted rose.jpg' }).click())).path,
    );
    await controlled(page);
    await save(page, () => upload(page).getByRole('button', { name: 'Download All as ZIP' }).click());
    // Released, then made again for the preview: a new object URL for the same picture.
    await expect(corrupted).not.toHaveAttribute('src', before!);
    await expect(corrupted).toBeVisible();
    expect(await corrupted.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
    const { path: again } = await save(page, () =>
      page.getByRole('button', { name: 'Download corrupted rose.jpg' }).click(),
    );
    expect(readFileSync(again).equals(first)).toBe(true);
  });

  test('a PNG that Won’t Open is rejected by the browser, and the JSON says so', async ({ page }) => {
    const file = fixture('rose.png');
    await open(page);
    await runFiles(page, [file], 80, 'guaranteed_break');
    const media = preview(page).locator('[data-media="image"]');
    await expect(media.locator('[data-field="browser-verdict"]')).toHaveText(
      'Your browser could not open the corrupted file.',
    );
    await expect(media.getByRole('img', { name: 'Corrupted rose.png' })).toHaveCount(0);
    await expect(media.getByText('No picture: the browser could not decode it.')).toBeVisible();
    await media.screenshot({ path: join(SHOTS, 'preview-image-rejected.png') });
    const { path } = await save(page, () =>
      page.locator('#report').getByRole('button', { name: 'Download JSON' }).click(),
    );
    expect(JSON.parse(readFileSync(path, 'utf8')).browser_decoder).toBe('rejected');
  });

  test('audio that keeps its header plays; video that Won’t Open is rejected; other files are not media', async ({
    page,
  }) => {
    await open(page);
    await runFiles(page, [fixture('tone.wav')], 20, 'stealth_corruption');
    const audio = preview(page).locator('[data-media="audio"]');
    await expect(audio.locator('[data-field="browser-verdict"]')).toHaveText('Your browser opened the corrupted file.');
    await expect(audio.locator('audio[controls]')).toHaveCount(1);
    await page.getByRole('button', { name: 'Clear All' }).click();

    await runFiles(page, [fixture('clip.webm')], 80, 'guaranteed_break');
    const video = preview(page).locator('[data-media="video"]');
    await expect(video.locator('[data-field="browser-verdict"]')).toHaveText(
      'Your browser could not open the corrupted file.',
      { timeout: 20_000 },
    );
    await expect(video.locator('video[controls]')).toHaveCount(1);
    await page.getByRole('button', { name: 'Clear All' }).click();

    await runFiles(page, [write('notes.csv', 'a,b\n1,2\n'.repeat(100))], 80, 'quick_scramble');
    await expect(preview(page).locator('[data-media]')).toHaveCount(0);
    const { path } = await save(page, () =>
      page.locator('#report').getByRole('button', { name: 'Download JSON' }).click(),
    );
    expect(JSON.parse(readFileSync(path, 'utf8')).browser_decoder).toBe('not_applicable');

    // Every object URL the previews and verdicts made is revoked once they are gone (downloads
    // revoke theirs a second after the click).
    await page.getByRole('button', { name: 'Clear All' }).click();
    await page.waitForTimeout(1500);
    const urls = await page.evaluate(() => {
      const o = (window as unknown as { objectUrls: { live: Set<string>; made: string[] } }).objectUrls;
      return { live: [...o.live], made: o.made.length };
    });
    expect(urls.made).toBeGreaterThan(6);
    expect(urls.live).toEqual([]);
  });
});

test.describe('PDF reports', () => {
  test('Download PDF saves {name}_corruption_report.pdf that qpdf accepts and pdftotext reads', async ({ page }) => {
    const file = fixture('rose.png');
    const renamed = join(workDir, 'my rose.png');
    execFileSync('mv', [file, renamed]);
    await open(page);
    const seed = await runFiles(page, [renamed], 80, 'guaranteed_break');
    const report = page.locator('#report');
    await expect(preview(page).locator('[data-field="browser-verdict"]')).toHaveText(
      'Your browser could not open the corrupted file.',
    );
    const json = JSON.parse(
      readFileSync(
        (await save(page, () => report.getByRole('button', { name: 'Download JSON' }).click())).path,
        'utf8',
      ),
    );
    const { download, path } = await save(page, () => report.getByRole('button', { name: 'Download PDF' }).click());
    expect(download.suggestedFilename()).toBe('my_rose.png_corruption_report.pdf');
    expect(execFileSync('qpdf', ['--check', path], { encoding: 'utf8' })).toContain(
      'No syntax or stream encoding errors found',
    );
    const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', path, '-'], { encoding: 'utf8' }).replace(
      /\s+/g,
      ' ',
    );
    expect(json.replay).toBe(`fracture --mode guaranteed_break --intensity 80 --seed ${seed} 'my rose.png'`);
    expect(json.share_link).toBe(
      `${SITE_ORIGIN}/?v=2&mode=guaranteed_break&intensity=80&seed=${seed}&file=my+rose.png&size=${json.original_size}`,
    );
    for (const value of [
      'my rose.png',
      `Original size ${json.original_size} bytes`,
      `Result size ${json.result_size} bytes`,
      "guaranteed_break (Won't Open · PNG Format Killer, or Header Poison)",
      `Seed ${seed}`,
      `Engine ${json.engine}`,
      `Time ${json.time_ms} ms`,
      `Entropy before ${json.before_entropy}`,
      `Entropy after ${json.after_entropy}`,
      `Entropy change ${json.entropy_delta}`,
      `SHA-256 before ${json.sha256_before}`,
      `SHA-256 after ${json.sha256_after}`,
      `Verdict ${json.verdict}`,
      json.recipe,
      json.replay,
      json.share_link,
      'rejected (the browser could not open the corrupted file)',
      'First change at byte',
      'Legal notice: Use Fracture only on files you own or are authorised to modify.',
    ]) {
      expect(text, value).toContain(value);
    }
    expect(sha256(readFileSync(renamed))).toBe(json.sha256_before);

    // The page's PDF is the one writer's (the host crate's, as both command lines use it): made again
    // here from the page's JSON report, its change map and the moment it records, byte for byte.
    const corrupted = await downloadCorrupted(page, 'my rose.png');
    const made = /Report made (\S+Z)/.exec(text)?.[1];
    expect(made).toBeDefined();
    const changes = await changeMap(bytesSource(readFileSync(renamed)), bytesSource(corrupted));
    const again = fileReportPdf(await loadOutputsModule(), { report: json, changes, madeAt: new Date(String(made)) });
    expect(Buffer.compare(Buffer.from(again), readFileSync(path))).toBe(0);
  });

  test('the batch ZIP holds the session report as JSON and PDF', async ({ page }) => {
    await open(page);
    await runFiles(
      page,
      [write('one.txt', 'one\n'.repeat(100)), write('two two.csv', 'a,b\n'.repeat(100))],
      60,
      'jumble_sections',
    );
    const { path } = await save(page, () => upload(page).getByRole('button', { name: 'Download All as ZIP' }).click());
    const listing = JSON.parse(
      execFileSync(
        'python3',
        [
          '-c',
          'import json,sys,zipfile; z=zipfile.ZipFile(sys.argv[1]); print(json.dumps([z.testzip(), z.namelist()]))',
          path,
        ],
        { encoding: 'utf8' },
      ),
    ) as [string | null, string[]];
    expect(listing[0]).toBeNull();
    const pdfName = listing[1].find((n) => n.endsWith('_session_report.pdf'))!;
    const jsonName = listing[1].find((n) => n.endsWith('_session_report.json'))!;
    expect(pdfName.replace('.pdf', '.json')).toBe(jsonName);
    expect(listing[1]).toHaveLength(4);
    const pdf = join(workDir, 'session.pdf');
    writeFileSync(
      pdf,
      execFileSync('python3', [
        '-c',
        'import sys,zipfile; sys.stdout.buffer.write(zipfile.ZipFile(sys.argv[1]).read(sys.argv[2]))',
        path,
        pdfName,
      ]),
    );
    expect(execFileSync('qpdf', ['--check', pdf], { encoding: 'utf8' })).toContain(
      'No syntax or stream encoding errors',
    );
    const session = JSON.parse(
      execFileSync(
        'python3',
        [
          '-c',
          'import sys,zipfile; sys.stdout.buffer.write(zipfile.ZipFile(sys.argv[1]).read(sys.argv[2]))',
          path,
          jsonName,
        ],
        {
          encoding: 'utf8',
        },
      ),
    );
    const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(text).toContain(`Master seed ${session.master_seed}`);
    for (const f of session.files) {
      expect(f.replay).toMatch(/^fracture --mode shuffle_blocks --intensity 60 --seed \d+ /);
      expect(text).toContain(f.replay);
      expect(text).toContain(f.archive_name);
    }
  });
});

test.describe('share links', () => {
  test('Copy share link, then opening it presets the settings', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await open(page);
    await upload(page).getByLabel('Algorithm', { exact: true }).selectOption('stealth_corruption');
    await upload(page).getByRole('spinbutton', { name: 'Intensity (percent)' }).fill('37');
    const seed = await upload(page).getByRole('status', { name: 'Deterministic Seed' }).getAttribute('data-seed');
    await upload(page).getByRole('button', { name: 'Copy share link' }).click();
    // fracture-host makes the link (the outputs module, fetched on this first click).
    await expect(toastList(page).getByText('Share link copied')).toBeVisible();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(`${SITE_ORIGIN}/?v=2&mode=header_preserve_flip&intensity=37&seed=${seed}`);

    // The same path and query on this server (the canonical origin is the public site).
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(new URL(link).search);
    await expect(toastList(page).getByText('Settings loaded from link')).toBeVisible();
    await expect(upload(page).getByLabel('Algorithm', { exact: true })).toHaveValue('stealth_corruption');
    await expect(upload(page).getByRole('slider', { name: 'Intensity' })).toHaveValue('37');
    await expect(upload(page).getByRole('status', { name: 'Deterministic Seed' })).toHaveAttribute('data-seed', seed!);

    await page.goto('/?algorithm=%3Cscript%3E&intensity=0&seed=1.5');
    await expect(toastList(page).getByText('Share link not applied')).toBeVisible();
    await expect(upload(page).locator('[data-field="link-problems"]')).toHaveText(
      'algorithm "<script>" (unknown algorithm); intensity 0 (the workspace\'s Intensity starts at 1); seed "1.5" (not a whole number from 0 to 9007199254740991)',
    );
    await expect(upload(page).getByLabel('Algorithm', { exact: true })).toHaveValue('quick_scramble');
    await expect(upload(page).getByRole('slider', { name: 'Intensity' })).toHaveValue('80');
    expect(errors).toEqual([]);
    await page.screenshot({ path: join(SHOTS, 'share-link-ignored.png') });
  });
});
