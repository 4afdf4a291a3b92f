// @vitest-environment jsdom
import { expect, it } from 'vitest';

it('refuses to start without its root element', async () => {
  document.body.innerHTML = '<div id="not-root"></div>';
  await expect(import('../main.tsx')).rejects.toThrow('Root element not found');
});
