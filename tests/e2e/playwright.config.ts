// End-to-end tests run against the built site (web/dist, or FRACTURE_DIST) served by
// scripts/serve.mjs with the production headers, or against FRACTURE_BASE_URL when it is set.
import { defineConfig, devices } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { TEST_CHROMIUM } from '../chromium.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A port free right now, found once and kept in the environment so every worker agrees on it. */
function freePort(): string {
  const script =
    "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim();
}

const external = process.env.FRACTURE_BASE_URL;
process.env.FRACTURE_E2E_PORT ??= freePort();
const port = process.env.FRACTURE_E2E_PORT;
const baseURL = external ?? `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: '.',
  outputDir: `${ROOT}/test-results/e2e`,
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // At least two workers, with or without CI set (Playwright's default is half the cores: one on the
  // 2-core machine); FRACTURE_E2E_WORKERS overrides it.
  workers: Number(process.env.FRACTURE_E2E_WORKERS) || Math.max(2, Math.floor(availableParallelism() / 2)),
  timeout: 120_000,
  // The whole run, so a worker that hangs outside any test (once seen at load 10: a worker started for
  // the last test and never launched its browser, a state no test timeout covers) fails the suite in
  // time instead of holding CI to its limit. A full run takes 18-24 minutes on the 2-core machine.
  globalTimeout: 45 * 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    acceptDownloads: true,
    serviceWorkers: 'allow',
    launchOptions: {
      // Chromium's headless shell, as Playwright itself runs headless tests (tests/chromium.mjs).
      executablePath: TEST_CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: external
    ? undefined
    : {
        command: `node scripts/serve.mjs ${process.env.FRACTURE_DIST ?? 'web/dist'} --port ${port}`,
        cwd: ROOT,
        url: `${baseURL}/`,
        reuseExistingServer: false,
        timeout: 30_000,
        stdout: 'ignore',
        stderr: 'pipe',
      },
});
