// Shared by the site's end-to-end specs: the route list from the site's own catalog, what each page
// must show, and watchers for console errors and for requests leaving the origin.
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { allRoutePaths, contentLabel } from '../../../web/src/site/catalog.ts';
import { breadcrumbsFor, type Crumb } from '../../../web/src/site/shell/breadcrumbs.ts';
import { SITE_ORIGIN } from '../../../web/src/constants.ts';
import { COOKIE_STORAGE_KEY, REJECT_ALL, serializePreferences } from '../../../web/src/site/consent/preferences.ts';

export { SITE_ORIGIN };

/** Every route the site must serve, straight from the catalog the router and sitemap use. */
export const ROUTES: readonly string[] = allRoutePaths();

export function canonicalFor(route: string): string {
  return route === '/' ? `${SITE_ORIGIN}/` : `${SITE_ORIGIN}${route}`;
}

export function crumbsFor(route: string): Crumb[] {
  return breadcrumbsFor(route, contentLabel);
}

/** The key the site keeps the consent choice under, from the site's own consent module. */
export { COOKIE_STORAGE_KEY };

/**
 * Consent stored before any page script runs, so the banner stays out of the way of other checks.
 * The key and the stored text come from the site's consent module, so a change there reaches every
 * spec. The choice stored is the banner's Reject: both optional categories off.
 */
export async function presetConsent(context: BrowserContext): Promise<void> {
  await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [
    COOKIE_STORAGE_KEY,
    serializePreferences(REJECT_ALL),
  ] as const);
}

export interface ConsoleLog {
  errors: string[];
  warnings: string[];
}

/** Console errors, uncaught exceptions and CSP violations seen by a page, from now on. */
export function watchConsole(page: Page): ConsoleLog {
  const log: ConsoleLog = { errors: [], warnings: [] };
  page.on('console', (message) => {
    if (message.type() === 'error') log.errors.push(`${message.text()} (${message.location().url})`);
    if (message.type() === 'warning') log.warnings.push(message.text());
  });
  page.on('pageerror', (error) => log.errors.push(`pageerror: ${error.message}`));
  return log;
}

/** Every request that is not a GET of this origin (or a local blob:/data: URL) is a leak. */
export function watchForeignRequests(context: BrowserContext, origin: string): string[] {
  const foreign: string[] = [];
  context.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol === 'blob:' || url.protocol === 'data:') return;
    if (request.method() !== 'GET' || url.origin !== origin) foreign.push(`${request.method()} ${request.url()}`);
  });
  return foreign;
}

/** Waits until the page has hydrated: web/src/main.tsx marks <html data-hydrated> once its handlers are on. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return !!root && root.childElementCount > 0 && document.documentElement.hasAttribute('data-hydrated');
  });
}

export async function headCounts(page: Page) {
  return page.evaluate(() => {
    const count = (selector: string) => document.head.querySelectorAll(selector).length;
    return {
      title: document.querySelectorAll('title').length,
      description: count('meta[name="description"]'),
      keywords: count('meta[name="keywords"]'),
      canonical: document.querySelectorAll('link[rel="canonical"]').length,
      ogTitle: count('meta[property="og:title"]'),
      ogDescription: count('meta[property="og:description"]'),
      ogUrl: count('meta[property="og:url"]'),
      ogImage: count('meta[property="og:image"]'),
      twitterCard: count('meta[name="twitter:card"]'),
      twitterTitle: count('meta[name="twitter:title"]'),
      jsonLd: document.querySelectorAll('script[type="application/ld+json"]').length,
    };
  });
}

export const ONE_OF_EACH = {
  title: 1,
  description: 1,
  keywords: 1,
  canonical: 1,
  ogTitle: 1,
  ogDescription: 1,
  ogUrl: 1,
  ogImage: 1,
  twitterCard: 1,
  twitterTitle: 1,
  jsonLd: 1,
};

/** The schema.org types in a page's JSON-LD graph. */
export async function jsonLdTypes(page: Page): Promise<string[]> {
  const text = await page.locator('script[type="application/ld+json"]').first().textContent();
  const graph = (JSON.parse(text ?? '{}') as { '@graph'?: { '@type': string }[] })['@graph'] ?? [];
  return graph.map((node) => node['@type']);
}

export async function expectNoConsoleErrors(log: ConsoleLog): Promise<void> {
  expect(log.errors, 'console errors').toEqual([]);
}
