// Every route: prerendered HTML with its own head tags, then hydrated with exactly one of each head
// tag, the right title, canonical, h1 and breadcrumb trail, no console error and no serious
// accessibility violation (axe-core, in the same visit). Plus the not-found page, the sitemap and
// robots.txt.
import { expect, test } from '@playwright/test';
import { SECTIONS } from '../../web/src/site/catalog.ts';
import { seriousViolations } from './helpers/axe.ts';
import {
  canonicalFor,
  crumbsFor,
  headCounts,
  jsonLdTypes,
  ONE_OF_EACH,
  presetConsent,
  ROUTES,
  SITE_ORIGIN,
  waitForHydration,
  watchConsole,
  watchForeignRequests,
} from './helpers/site.ts';

/** The entities React writes in text and attributes. */
function decodeEntities(text: string): string {
  return text
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

interface Expected {
  title: string;
  h1: string;
  /** schema.org types the page's JSON-LD must include. */
  types: string[];
}

/** Fixed pages, written out by hand so a change to a page's copy has to be made twice on purpose. */
const FIXED: Record<string, Expected> = {
  '/': {
    title: 'Fracture: Corrupt Files On Purpose, Safely, In Your Browser',
    h1: 'Break files on purpose. Safely, on your device.',
    types: ['SoftwareApplication', 'FAQPage'],
  },
  '/how-it-works': {
    title: 'How Fracture Works: Local, Reproducible File Corruption | Fracture',
    h1: 'From healthy file to verified failure, on your device',
    types: ['HowTo', 'BreadcrumbList'],
  },
  '/pricing': {
    title: 'Pricing: Free, Pro Lifetime and Team | Fracture',
    h1: 'Simple pricing, paid once',
    types: ['SoftwareApplication', 'BreadcrumbList'],
  },
  '/about': {
    title: 'About Us | Fracture',
    h1: 'We break files so your software doesn’t break on them',
    types: ['AboutPage', 'BreadcrumbList'],
  },
  '/contact': {
    title: 'Contact Fracture Support | Fracture',
    h1: 'Talk to us',
    types: ['ContactPage', 'BreadcrumbList'],
  },
  '/faq': {
    title: 'Frequently Asked Questions | Fracture',
    h1: 'Frequently asked questions',
    types: ['FAQPage', 'BreadcrumbList'],
  },
  '/benchmark': {
    title: 'Benchmark: the WebAssembly engine in your browser | Fracture',
    h1: 'How fast is the engine in your browser?',
    types: ['WebPage', 'BreadcrumbList'],
  },
  '/privacy': { title: 'Privacy Policy | Fracture', h1: 'Privacy Policy', types: ['WebPage', 'BreadcrumbList'] },
  '/cookies': { title: 'Cookie Policy | Fracture', h1: 'Cookie Policy', types: ['WebPage', 'BreadcrumbList'] },
  '/terms': { title: 'Terms of Service | Fracture', h1: 'Terms of Service', types: ['WebPage', 'BreadcrumbList'] },
  '/opt-out': {
    title: 'Do Not Sell or Share My Personal Information | Fracture',
    h1: 'Do Not Sell or Share My Personal Information',
    types: ['WebPage', 'BreadcrumbList'],
  },
  '/legal': { title: 'Legal | Fracture', h1: 'Legal', types: ['CollectionPage', 'BreadcrumbList'] },
  '/legal/parody-and-fair-use': {
    title: 'Parody & Fair Use | Fracture',
    h1: 'Parody & Fair Use',
    types: ['WebPage', 'BreadcrumbList'],
  },
  '/legal/advertising-policy': {
    title: 'Advertising Policy | Fracture',
    h1: 'Advertising Policy',
    types: ['WebPage', 'BreadcrumbList'],
  },
  '/developers': {
    title: 'Developer tools | Fracture',
    h1: 'Developer tools',
    types: ['CollectionPage', 'BreadcrumbList', 'ItemList'],
  },
  '/developers/python': {
    title: 'Python, pytest and Hypothesis | Fracture',
    h1: 'Corrupted test files from Python, pytest and Hypothesis',
    types: ['TechArticle', 'BreadcrumbList'],
  },
  '/developers/fast-check': {
    title: 'fast-check arbitrary | Fracture',
    h1: 'Corrupted files as a fast-check arbitrary',
    types: ['TechArticle', 'BreadcrumbList'],
  },
  '/developers/fuzzer-mutators': {
    title: 'Fuzzer mutators | Fracture',
    h1: 'Fracture as a custom mutator for AFL++ and libFuzzer',
    types: ['TechArticle', 'BreadcrumbList'],
  },
  '/developers/fault-injection': {
    title: 'Fault injection with fracture mount | Fracture',
    h1: 'Faults and power cuts under a running program',
    types: ['TechArticle', 'BreadcrumbList'],
  },
};

function expectedFor(route: string): Expected {
  if (FIXED[route]) return FIXED[route];
  const [, segment, slug] = route.split('/');
  const section = Object.values(SECTIONS).find((s) => s.segment === segment);
  if (!section) throw new Error(`No expectation for ${route}`);
  if (slug === undefined)
    return {
      title: `${section.hubTitle} | Fracture`,
      h1: section.hubTitle,
      types: ['CollectionPage', 'BreadcrumbList', 'ItemList'],
    };
  const record = section.records.find((r) => r.slug === slug)!;
  const h1 = 'question' in record ? record.question : (record as unknown as { hero: { heading: string } }).hero.heading;
  const types = ['WebPage', 'BreadcrumbList'];
  if (record.faqs.length > 0) types.push('FAQPage');
  return { title: record.metaTitle, h1, types };
}

test('the catalog lists every route of docs/product.md, "Routes and slugs"', () => {
  const required = [
    '/',
    '/privacy',
    '/cookies',
    '/terms',
    '/opt-out',
    '/how-it-works',
    '/pricing',
    '/about',
    '/contact',
    '/faq',
    '/benchmark',
    '/legal/parody-and-fair-use',
    '/legal/advertising-policy',
    '/developers',
    '/developers/python',
    '/developers/fast-check',
    '/developers/fuzzer-mutators',
    '/developers/fault-injection',
    '/location/file-corruption-usa',
    '/location/file-corruption-uk',
    ...['qa-testing', 'security-research', 'glitch-art'].map((s) => `/use-cases/${s}`),
    ...['pdf', 'docx', 'xlsx', 'csv', 'zip', 'jpg', 'png', 'mp4', 'json'].map((s) => `/corrupt/${s}`),
    ...[
      'byte-flip',
      'header-tamper',
      'block-noise',
      'entropy-surge',
      'random-byte-mutation',
      'interrupted-download',
      'bad-sectors',
      'bit-rot',
      'text-transfer',
      'seven-bit',
      'charset-roundtrip',
      'misdirected-write',
    ].map((s) => `/modes/${s}`),
    ...['qa-engineers-file-corruption', 'security-teams-file-tamper-testing', 'teachers-data-integrity-demo'].map(
      (s) => `/for/${s}`,
    ),
    ...['corrupt-my-file-alternative', 'how-to-corrupt-a-pdf-safely', 'fracture-vs-corrupt-a-file'].map(
      (s) => `/compare/${s}`,
    ),
    ...[
      'how-to-corrupt-pdf-safely',
      'corrupt-file-without-upload',
      'simulate-corrupted-csv-for-tests',
      'llm-friendly-summary',
      'can-i-corrupt-files-offline',
      'does-fracture-upload-files',
    ].map((s) => `/answers/${s}`),
  ];
  expect(ROUTES).toEqual(expect.arrayContaining(required));
  expect(new Set(ROUTES).size).toBe(ROUTES.length);
});

test.describe('every route', () => {
  test.beforeEach(async ({ context }) => presetConsent(context));

  for (const route of ROUTES) {
    test(`${route} is prerendered, hydrates with its own head, and has no serious accessibility violation`, async ({
      page,
      request,
      context,
      baseURL,
    }) => {
      const expected = expectedFor(route);
      const foreign = watchForeignRequests(context, new URL(baseURL!).origin);

      // The static HTML alone, as a crawler without JavaScript sees it.
      const response = await request.get(route);
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(html.match(/<title>/g)).toHaveLength(1);
      expect(decodeEntities(/<title>([^<]*)<\/title>/.exec(html)![1])).toBe(expected.title);
      expect(html.match(/<link rel="canonical"[^>]*>/g)).toEqual([
        `<link rel="canonical" href="${canonicalFor(route)}"/>`,
      ]);
      expect(html.match(/<script type="application\/ld\+json">/g)).toHaveLength(1);
      expect(html).toMatch(/<h1[^>]*>/);
      expect(html.indexOf('<title>')).toBeLessThan(html.indexOf('</head>'));

      const log = watchConsole(page);
      await page.goto(route);
      await waitForHydration(page);

      await expect(page).toHaveTitle(expected.title);
      expect(await headCounts(page)).toEqual(ONE_OF_EACH);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', canonicalFor(route));
      await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', canonicalFor(route));
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /^.{40,}$/);
      await expect(page.locator('meta[name="keywords"]')).toHaveAttribute('content', /\S/);
      expect(await jsonLdTypes(page)).toEqual(expect.arrayContaining(['Organization', ...expected.types]));

      await expect(page.locator('h1')).toHaveCount(1);
      await expect(page.locator('h1')).toHaveText(expected.h1);

      const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
      const crumbs = crumbsFor(route);
      if (crumbs.length === 0) {
        await expect(breadcrumb).toHaveCount(0);
      } else {
        await expect(breadcrumb.getByRole('listitem')).toHaveCount(crumbs.length + 1);
        await expect(breadcrumb.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
        for (const crumb of crumbs.slice(0, -1)) {
          await expect(breadcrumb.getByRole('link', { name: crumb.label, exact: true })).toHaveAttribute(
            'href',
            crumb.path,
          );
        }
        await expect(breadcrumb.locator('[aria-current="page"]')).toHaveText(crumbs[crumbs.length - 1].label);
      }

      await expect(page.getByRole('complementary', { name: 'Legal notice' })).toContainText('files you own');
      expect(await seriousViolations(page)).toEqual([]);
      expect(log.errors).toEqual([]);
      expect(foreign).toEqual([]);
    });
  }
});

test.describe('not found', () => {
  test.beforeEach(async ({ context }) => presetConsent(context));

  for (const path of [
    '/no-such-page',
    '/corrupt/not-a-format',
    '/modes/nope',
    '/answers/unknown',
    '/legal/nothing/here',
  ]) {
    test(`${path} shows the not-found page and logs it`, async ({ page, request, baseURL }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(404);

      const log = watchConsole(page);
      await page.goto(path);
      await waitForHydration(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Page not found');
      await expect(page.getByRole('main').getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
      await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveCount(0);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
      await expect.poll(() => log.warnings).toContain(`404: no page at ${path}`);
      // The document's own 404 status is reported by Chromium; anything else is a real error.
      const documentStatus = `Failed to load resource: the server responded with a status of 404 (Not Found) (${baseURL}${path})`;
      expect(log.errors.filter((error) => error !== documentStatus)).toEqual([]);
    });
  }

  test('an unknown slug reached by client-side navigation is the not-found page too', async ({ page }) => {
    const log = watchConsole(page);
    await page.goto('/corrupt/pdf');
    await waitForHydration(page);
    await page.evaluate(() => {
      window.history.pushState({}, '', '/corrupt/pdf-but-not');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Page not found');
    await expect.poll(() => log.warnings).toContain('404: no page at /corrupt/pdf-but-not');
    await page.getByRole('main').getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('#upload')).toBeVisible();
  });
});

test('sitemap.xml lists exactly the routes and robots.txt points to it', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  expect(locs.sort()).toEqual(ROUTES.map(canonicalFor).sort());
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain(`Sitemap: ${SITE_ORIGIN}/sitemap.xml`);
});
