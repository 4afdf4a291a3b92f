// The Chromium the tests drive (Playwright, the budgets, the ZIP and SDK tests in a page): Debian's
// headless shell, the same release as /usr/bin/chromium without the full browser's UI and compositor
// (docs/toolchain.md). FRACTURE_TEST_CHROMIUM=/usr/bin/chromium runs them in the full browser; the
// benchmarks in tests/bench measure the full browser.
export const TEST_CHROMIUM = process.env.FRACTURE_TEST_CHROMIUM ?? '/usr/bin/chromium-headless-shell';
