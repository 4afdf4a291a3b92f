// Server entry for the prerender (web/scripts/build.mjs): renders one route to HTML, its head tags
// and the CSS of the components it used. Runs on Preact, as the browser does (vite.config.ts).
import { renderToString } from 'react-dom/server';
import { matchRoutes, StaticRouter } from 'react-router-dom';
import { ServerStyleSheet } from 'styled-components';
import { type PageHandle, resolveLazyRoutes, routes } from '../App.tsx';
import { AppRoutes } from './shell/AppRoutes.tsx';
import { SITE_ORIGIN } from '../constants.ts';
import { HeadCollectorProvider, serializeHead, type HeadTag } from './seo/Seo.tsx';
import { loadStaticParts } from './shell/StaticPart.tsx';

export { allRoutePaths } from './catalog.ts';
export { SITE_ORIGIN };

export interface RenderedPage {
  /** The page's <title>, <meta>, <link> and JSON-LD tags, for <head>. */
  head: string;
  /** The markup for #root. */
  body: string;
  /** Every rule the page's styled components produced. */
  css: string;
  status: number;
  /** Source paths of the page modules the route loaded (their chunks are the page's own). */
  modules: string[];
}

/** Drops styled-components' rehydration markers: the CSS goes to a file, nothing rehydrates from it. */
export function cleanCss(css: string): string {
  return css
    .replace(/data-styled\.g\d+\[id="[^"]*"\]\{content:"[^"]*"\}/g, '')
    .replace(/\/\*!sc\*\/\n?/g, '\n')
    .replace(/\n{2,}/g, '\n')
    .trim();
}

export async function renderPage(path: string): Promise<RenderedPage> {
  await resolveLazyRoutes(routes, path);
  // The page's static parts, which the browser's first visit takes from this HTML alone.
  await loadStaticParts();
  const sheet = new ServerStyleSheet();
  try {
    const collected: HeadTag[][] = [];
    const html = renderToString(
      sheet.collectStyles(
        <HeadCollectorProvider value={collected}>
          <StaticRouter location={path}>
            <AppRoutes table={routes} />
          </StaticRouter>
        </HeadCollectorProvider>,
      ),
    );
    // The innermost page's tags (the last <Seo> rendered) are the page's.
    const head = serializeHead(collected.at(-1) ?? []);
    const modules = (matchRoutes(routes, path) ?? []).flatMap(
      (m) => (m.route.handle as PageHandle | undefined)?.modules ?? [],
    );
    return {
      head,
      body: html,
      css: cleanCss(sheet.instance.toString()),
      // A page that throws fails renderToString (server.test.tsx): a page rendered is a page found.
      status: 200,
      modules,
    };
  } finally {
    sheet.seal();
  }
}
