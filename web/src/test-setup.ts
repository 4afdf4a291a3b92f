// jest-dom matchers for component tests (files that opt into jsdom with `// @vitest-environment jsdom`).
import '@testing-library/jest-dom/vitest';
import { vi } from 'vitest';

// In component tests, findBy* and waitFor give up after 10 s (the library's default is 1 s): the
// first test of a file waits for lazily loaded modules (the toast region, say), which takes seconds
// on a loaded 2-core machine. A passing wait returns as soon as its element appears, so this costs
// nothing then. Node-environment tests skip loading the library.
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 10_000 });
}

// The outputs module (the change map, the PDF writers, the batch ZIP) through Node's loader: the
// site's fetches the module's URL, which Node's fetch cannot read from disk.
vi.mock('../../lib/engine/host-module/browser.ts', () => import('../../lib/engine/host-module/node.ts'));
