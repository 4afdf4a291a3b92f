// axe-core in the page: the serious and critical violations of the WCAG 2.1 A/AA and best-practice
// rules. Only violations are asked for (axe's resultTypes: no selector worked out for every node that
// passed), and axe runs in the page itself (legacy mode): the site has no frames, so the default's
// blank page for gathering the frames' results only cost a page and a second copy of axe per test.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The serious and critical violations on the page as it is now. */
export async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true)
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')).slice(0, 5),
    }));
}
