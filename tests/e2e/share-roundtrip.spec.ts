// A share link is the whole run (issue 42, points 1 and 2; docs/reports.md, "Share links"), met as
// users meet it. Forward: real runs of both command lines (the native `fracture` and the npm CLI's
// dist/cli/main.js; `make native cli` builds them) over ranges, selectors, checksum fixing, members
// and every mode; each report's link is opened in Chromium against the built site, the same input
// added, run and downloaded, and the download must equal the CLI's output byte for byte. Reverse: a
// run made in the workspace, its downloaded report's link turned into `fracture` arguments (the
// link's keys are the command line's options), and the CLI's output equal to the workspace's.
// Then a link the workspace cannot honour: nothing applied, the page says why.
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { linkArgs, readShareLink } from '../../lib/report/share-link-read.ts';
import { presetConsent } from './helpers/site.ts';
import { upload } from './helpers/workspace.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLIS = {
  native: [join(ROOT, 'target/release/fracture')],
  npm: [process.execPath, join(ROOT, 'dist/cli/main.js')],
} as const;

let workDir = '';

test.beforeEach(async ({ context }, testInfo) => {
  workDir = testInfo.outputPath('files');
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  await presetConsent(context);
  // What `?e2e` does for the other specs (no pauses between stages), without a key in the link.
  await context.addInitScript(() => {
    (window as unknown as { __FRACTURE_SKIP_STAGE_DELAYS__: boolean }).__FRACTURE_SKIP_STAGE_DELAYS__ = true;
  });
});

/** The inputs, made by the tools real files come from (ImageMagick, Python's zipfile, GNU tar). */
function makeInput(name: string): string {
  const path = join(workDir, name);
  if (name.endsWith('.png'))
    execFileSync('/usr/bin/convert', ['-size', '120x90', 'plasma:fractal', '-seed', '3', path]);
  else if (name.endsWith('.zip')) {
    const script = `import zipfile, sys
with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:
    z.writestr("docs/readme.txt", "hello from the readme\\n" * 300)
    z.writestr("data/table.csv", "id,value\\n" + "".join(f"{i},{i*i}\\n" for i in range(500)))`;
    execFileSync('python3', ['-c', script, path]);
  } else if (name.endsWith('.tar')) {
    const dir = join(workDir, 'tree');
    mkdirSync(join(dir, 'site'), { recursive: true });
    writeFileSync(join(dir, 'site/index.html'), '<p>hello</p>\n'.repeat(400));
    writeFileSync(join(dir, 'site/notes.txt'), 'a note\n'.repeat(300));
    execFileSync('tar', ['--format=ustar', '-cf', path, '-C', dir, 'site']);
  } else {
    // 40,000 bytes of text: more than two whole 4096-byte blocks, for shuffle_blocks.
    writeFileSync(
      path,
      Array.from({ length: 2000 }, (_, i) => `line ${i} of the sample\n`)
        .join('')
        .slice(0, 40_000),
    );
  }
  return path;
}

/** Runs a CLI on `input` into a directory of its own; its report (the --json line) and output bytes. */
function cliRun(
  cli: keyof typeof CLIS,
  args: string[],
  input: string,
): { report: Record<string, unknown>; out: Buffer } {
  const out = join(workDir, `out-${cli}-${readdirSync(workDir).length}`);
  const [cmd, ...pre] = CLIS[cli];
  const stdout = execFileSync(cmd, [...pre, ...args, '--json', '--quiet', '--out', out, input], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const report = JSON.parse(stdout.trim().split('\n').at(-1) as string);
  const [file] = readdirSync(out);
  return { report, out: readFileSync(join(out, file)) };
}

/** The link's path and query on the site under test (the link's origin is the canonical one). */
const onSite = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

/** Adds `input`, runs it and downloads its result. */
async function runAndDownload(page: Page, input: string, name: string): Promise<Buffer> {
  const listed = page.locator('[data-file-id]').filter({ has: page.getByText(name, { exact: true }) });
  if ((await listed.count()) === 0) await upload(page).locator('#workspace-file-input').setInputFiles([input]);
  await upload(page).getByRole('button', { name: 'Start Processing' }).click();
  await expect(upload(page).locator('[data-field="overall"]')).toHaveText('1 / 1 files · 100%', { timeout: 120_000 });
  const row = page.locator('[data-file-id]').filter({ has: page.getByText(name, { exact: true }) });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: `Download corrupted ${name}` }).click(),
  ]);
  const saved = join(workDir, `workspace-${name}`);
  await download.saveAs(saved);
  return readFileSync(saved);
}

/** Whether two byte strings are equal, and where they first differ (a message, not a byte dump). */
function firstDifference(a: Buffer, b: Buffer): string {
  if (a.equals(b)) return 'equal';
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a[i] === b[i]) i++;
  return `lengths ${a.length} and ${b.length}, first difference at byte ${i}`;
}

const FORWARD: { cli: keyof typeof CLIS; input: string; args: string[] }[] = [
  {
    cli: 'native',
    input: 'photo.png',
    args: ['--mode', 'bit_rot', '--intensity', '40', '--seed', '9', '--only', 'png:IDAT/data', '--fix-checksums'],
  },
  {
    cli: 'npm',
    input: 'sample.txt',
    args: ['--mode', 'byte_flip', '--intensity', '60', '--seed', '11', '--only', '0x100:0x4000', '--protect=-512:'],
  },
  {
    cli: 'native',
    input: 'bundle.zip',
    args: ['--mode', 'stealth_corruption', '--intensity', '70', '--seed', '5', '--member', 'data/*'],
  },
  {
    cli: 'npm',
    input: 'site.tar',
    args: ['--mode', 'bad_sectors', '--intensity', '30', '--seed', '123', '--fix-checksums', '--member', '**/*.html'],
  },
  { cli: 'native', input: 'sample.txt', args: ['--mode', 'truncate_insert', '--intensity', '25', '--seed', '2'] },
  { cli: 'npm', input: 'sample.txt', args: ['--mode', 'shuffle_blocks', '--intensity', '90', '--seed', '77'] },
  { cli: 'native', input: 'photo.png', args: ['--mode', 'guaranteed_break', '--intensity', '80', '--seed', '31'] },
  { cli: 'npm', input: 'photo.png', args: ['--mode', 'interrupted_download', '--intensity', '50', '--seed', '8'] },
  {
    cli: 'native',
    input: 'site.tar',
    args: ['--mode', 'header_preserve_flip', '--intensity', '12', '--seed', '4', '--protect', 'tar:*/header'],
  },
];

for (const c of FORWARD) {
  test(`a ${c.cli} CLI run's link makes the same bytes in the workspace: ${c.input} ${c.args.join(' ')}`, async ({
    page,
  }) => {
    const input = makeInput(c.input);
    const { report, out } = cliRun(c.cli, c.args, input);
    const link = report.share_link as string;
    await page.goto(onSite(link));
    const notice = upload(page).locator('[data-field="link-loaded"]');
    await expect(notice.locator('[data-field="link-file"]')).toContainText(
      `It reproduces the run of ${c.input} (${readFileSync(input).length.toLocaleString('en-US')} bytes).`,
    );
    if (c.args.includes('png:IDAT/data')) {
      // The Target picker shows the link's selector as its pick once it maps the file.
      await upload(page).locator('#workspace-file-input').setInputFiles([input]);
      await expect(upload(page).locator('[data-field="target-summary"]')).toHaveText('only png:IDAT/data.');
      await upload(page).getByRole('button', { name: "Pick from the file's structure" }).click();
      const picker = upload(page).locator('[data-field="target-picker"]');
      await expect(picker.getByRole('checkbox', { name: /^IDAT/ })).toBeChecked();
      await expect(picker.getByRole('combobox', { name: 'Part of IDAT' })).toHaveValue('data');
      await expect(picker.getByRole('radio', { name: /^Only/ })).toBeChecked();
    }
    const got = await runAndDownload(page, input, c.input);
    expect(firstDifference(got, out), link).toBe('equal');
    await expect(notice.locator('[data-field="link-file"]')).toContainText('is the file the link expects');
    // The report the workspace made carries the same link.
    await expect(page.locator('#report [data-field="replay"]')).toHaveText(report.replay as string);
  });
}

/** The workspace's own run, with settings set by hand; its report (downloaded) and result. */
async function workspaceRun(
  page: Page,
  input: string,
  name: string,
  set: (page: Page) => Promise<void>,
): Promise<{ report: Record<string, unknown>; out: Buffer }> {
  await page.goto('/');
  await set(page);
  const out = await runAndDownload(page, input, name);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.locator('#report').getByRole('button', { name: 'Download JSON' }).click(),
  ]);
  const saved = join(workDir, `${name}.report.json`);
  await download.saveAs(saved);
  return { report: JSON.parse(readFileSync(saved, 'utf8')), out };
}

/** `fracture` (native) with the link's options, as a user types them from the link. */
function fromLink(link: string, input: string): Buffer {
  const read = readShareLink(new URL(link).search);
  if (!read.ok) throw new Error(read.problems.join('; '));
  expect(read.run.file).toBe(input.split('/').at(-1));
  expect(read.run.size).toBe(readFileSync(input).length);
  return cliRun('native', linkArgs(read.run.settings), input).out;
}

test('a workspace run with a selector and checksum fixing: its link run by fracture makes the same bytes', async ({
  page,
}) => {
  const input = makeInput('photo.png');
  const { report, out } = await workspaceRun(page, input, 'photo.png', async (p) => {
    await upload(p).getByLabel('Algorithm', { exact: true }).selectOption('bit_rot');
    await upload(p).getByRole('spinbutton', { name: 'Intensity (percent)' }).fill('35');
    await upload(p).getByText('Advanced', { exact: true }).click();
    await upload(p).getByRole('textbox', { name: 'Byte ranges' }).fill('only png:IDAT/data, protect 0:64');
    await upload(p).getByRole('switch', { name: 'Keep checksums valid' }).click();
  });
  expect(report.share_link).toContain('fix-checksums=');
  expect(firstDifference(fromLink(report.share_link as string, input), out)).toBe('equal');
});

test('a workspace run with a member: its link run by fracture makes the same bytes', async ({ page }) => {
  const input = makeInput('bundle.zip');
  const { report, out } = await workspaceRun(page, input, 'bundle.zip', async (p) => {
    await upload(p).getByLabel('Algorithm', { exact: true }).selectOption('cut_replace');
    await upload(p).getByText('Advanced', { exact: true }).click();
    await upload(p).getByRole('textbox', { name: 'Member' }).fill('docs/*');
  });
  expect(report.share_link).toContain('member=docs%2F*');
  expect(firstDifference(fromLink(report.share_link as string, input), out)).toBe('equal');
});

test('a link the workspace cannot honour applies nothing and says why, with the command that runs it', async ({
  page,
}) => {
  const input = makeInput('sample.txt');
  const { report } = cliRun('native', ['--mode', 'truncate_insert', '--intensity', '0', '--seed', '1'], input);
  await page.goto(onSite(report.share_link as string));
  const alert = upload(page).locator('[data-field="link-refused"]');
  await expect(alert).toHaveAttribute('role', 'alert');
  await expect(alert.locator('[data-field="link-problems"]')).toHaveText(
    "intensity 0 (the workspace's Intensity starts at 1)",
  );
  await expect(alert.locator('[data-field="link-command"]')).toHaveText(report.replay as string);
  // Nothing of the link was applied.
  await expect(upload(page).getByRole('spinbutton', { name: 'Intensity (percent)' })).toHaveValue('80');
  await expect(upload(page).getByLabel('Algorithm', { exact: true })).toHaveValue('quick_scramble');
  // A format the site does not know.
  await page.goto('/?v=3&mode=bit_rot&intensity=5&seed=1');
  await expect(upload(page).locator('[data-field="link-problems"]')).toContainText('link format "3"');
});
