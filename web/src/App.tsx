// The route table. Each fixed page has a route; each content kind has a hub, one route per record
// and a :slug route for any other slug (the not-found page); anything else is the not-found page.
import type { RouteObject } from 'react-router-dom';
import { hubs, pages } from 'virtual:content-pages';
import type { PageData, SectionSegment } from './site/catalog.ts';
import { SiteLayout } from './site/shell/SiteLayout.tsx';
import { GlobalStyle } from './site/styles/GlobalStyle.ts';

export { resolveLazyRoutes } from './site/shell/AppRoutes.tsx';

// Every page is its own chunk (route `lazy`), so a page loads the shell and itself only. The browser
// entry, the prerender and the tests resolve the matched route's chunk before rendering
// (resolveLazyRoutes), so hydration finds the page's component in place; AppRoutes
// (site/shell/AppRoutes.tsx) renders the table, fetches the chunk of a page navigated to, and shows
// the error page (site/pages/RouteError.tsx) when a route fails.
type Lazy = NonNullable<RouteObject['lazy']>;

// Page and renderer modules by source path: the prerender records which ones each route used, and
// the build turns them into that page's <link rel="modulepreload"> list and its byte budget.
const MODULES = import.meta.glob<Record<string, unknown>>([
  './site/pages/**/*.tsx',
  './site/renderers/*Page.tsx',
  './site/renderers/SectionHub.tsx',
  '!**/*.test.tsx',
  // The error page is the shell's (site/shell/AppRoutes.tsx), never a route of its own.
  '!./site/pages/RouteError.tsx',
]);

/** What a lazily loaded route carries in its `handle`: the source paths (relative to web/) of the
 * modules it loads before it renders. */
export interface PageHandle {
  modules: string[];
}

async function loadModule<T>(path: string): Promise<T> {
  const load = MODULES[path];
  if (!load) throw new Error(`No page module ${path}`);
  return (await load()) as T;
}

const handleFor = (...paths: string[]): PageHandle => ({ modules: paths.map((p) => `src/${p.slice(2)}`) });

/** A route whose element is the component `name` of the page module at `path`. */
function page(path: string, name: string): Lazy {
  return (async () => {
    const Page = (await loadModule<Record<string, () => React.ReactNode>>(path))[name];
    if (!Page) throw new Error(`${path} has no ${name}`);
    return { element: <Page />, handle: handleFor(path) };
  }) as Lazy;
}

/** A content kind's hub at /{segment} and one route per record at /{segment}/{slug}, each loading its
 * renderer and its own data chunk (`virtual:content-pages`); any other slug is the not-found page. */
function contentKind(segment: SectionSegment, path: string, name: string): RouteObject[] {
  const hub = hubs[segment];
  if (!hub) throw new Error(`No hub data for /${segment}`);
  const records: RouteObject[] = Object.entries(pages)
    .filter(([key]) => key.startsWith(`${segment}/`))
    .map(([key, chunk]) => ({
      path: key,
      lazy: (async () => {
        const [{ default: data }, module] = await Promise.all([
          chunk.load(),
          loadModule<Record<string, (props: PageData) => React.ReactNode>>(path),
        ]);
        const Render = module[name];
        if (!Render) throw new Error(`${path} has no ${name}`);
        return { element: <Render {...data} />, handle: { modules: [...handleFor(path).modules, chunk.module] } };
      }) as Lazy,
    }));
  return [
    {
      path: segment,
      lazy: (async () => {
        const [{ default: data }, { SectionHub }] = await Promise.all([
          hub.load(),
          loadModule<typeof import('./site/renderers/SectionHub.tsx')>('./site/renderers/SectionHub.tsx'),
        ]);
        return {
          element: <SectionHub hub={data} />,
          handle: { modules: [...handleFor('./site/renderers/SectionHub.tsx').modules, hub.module] },
        };
      }) as Lazy,
    },
    ...records,
    { path: `${segment}/:slug`, lazy: page('./site/pages/NotFound.tsx', 'NotFound') },
  ];
}

const contentRoutes: RouteObject[] = [
  ...contentKind('corrupt', './site/renderers/FileTypePage.tsx', 'FileTypePage'),
  ...contentKind('modes', './site/renderers/ModePage.tsx', 'ModePage'),
  ...contentKind('for', './site/renderers/PersonaPage.tsx', 'PersonaPage'),
  ...contentKind('compare', './site/renderers/ComparisonPage.tsx', 'ComparisonPage'),
  ...contentKind('answers', './site/renderers/AnswerPage.tsx', 'AnswerPage'),
  ...contentKind('use-cases', './site/renderers/UseCasePage.tsx', 'UseCasePage'),
  ...contentKind('location', './site/renderers/LocationPage.tsx', 'LocationPage'),
];

export const routes: RouteObject[] = [
  {
    path: '/',
    element: (
      <>
        <GlobalStyle />
        <SiteLayout />
      </>
    ),
    children: [
      { index: true, lazy: page('./site/pages/Home.tsx', 'Home') },
      { path: 'how-it-works', lazy: page('./site/pages/HowItWorks.tsx', 'HowItWorks') },
      { path: 'pricing', lazy: page('./site/pages/Pricing.tsx', 'Pricing') },
      { path: 'about', lazy: page('./site/pages/About.tsx', 'About') },
      { path: 'contact', lazy: page('./site/pages/Contact.tsx', 'Contact') },
      { path: 'faq', lazy: page('./site/pages/FaqPage.tsx', 'FaqPage') },
      { path: 'benchmark', lazy: page('./site/pages/Benchmark.tsx', 'Benchmark') },
      { path: 'privacy', lazy: page('./site/pages/legal/Privacy.tsx', 'Privacy') },
      { path: 'cookies', lazy: page('./site/pages/legal/Cookies.tsx', 'Cookies') },
      { path: 'terms', lazy: page('./site/pages/legal/Terms.tsx', 'Terms') },
      { path: 'opt-out', lazy: page('./site/pages/legal/OptOut.tsx', 'OptOut') },
      { path: 'legal', lazy: page('./site/renderers/SectionHub.tsx', 'LegalHub') },
      {
        path: 'legal/parody-and-fair-use',
        lazy: page('./site/pages/legal/ParodyFairUse.tsx', 'ParodyFairUse'),
      },
      {
        path: 'legal/advertising-policy',
        lazy: page('./site/pages/legal/AdvertisingPolicy.tsx', 'AdvertisingPolicy'),
      },
      { path: 'developers', lazy: page('./site/renderers/SectionHub.tsx', 'DevelopersHub') },
      { path: 'developers/python', lazy: page('./site/pages/Developers.tsx', 'Python') },
      { path: 'developers/fast-check', lazy: page('./site/pages/Developers.tsx', 'FastCheck') },
      {
        path: 'developers/fuzzer-mutators',
        lazy: page('./site/pages/Developers.tsx', 'FuzzerMutators'),
      },
      {
        path: 'developers/fault-injection',
        lazy: page('./site/pages/Developers.tsx', 'FaultInjection'),
      },
      ...contentRoutes,
      { path: '*', lazy: page('./site/pages/NotFound.tsx', 'NotFound') },
    ],
  },
];
