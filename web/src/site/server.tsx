// Server entry for the prerender (web/scripts/build.mjs): renders one route to HTML, its head tags
// and the CSS of the components it used.
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { ServerStyleSheet } from 'styled-components';
import { routes } from '../App.tsx';
import { SITE_ORIGIN } from '../constants.ts';

export { allRoutePaths } from './catalog.ts';
export { SITE_ORIGIN };

export interface RenderedPage {
  /** The page's <title>, <meta> and <link> tags, which React emits first; they belong in <head>. */
  head: string;
  /** The markup for #root. */
  body: string;
  /** Every rule the page's styled components produced. */
  css: string;
  status: number;
}

const handler = createStaticHandler(routes);

// React 19 writes hoistable tags (title, meta, link) ahead of the rest of the markup.
const HOISTED = /^(?:<title>[\s\S]*?<\/title>|<meta\b[^>]*>|<link\b[^>]*>)+/;

/** Splits React's hoisted head tags from the body markup. */
export function splitHoisted(html: string): { head: string; body: string } {
  const match = HOISTED.exec(html);
  const head = match ? match[0] : '';
  return { head, body: html.slice(head.length) };
}

/** Drops styled-components' rehydration markers: the CSS goes to a file, nothing rehydrates from it. */
export function cleanCss(css: string): string {
  return css
    .replace(/data-styled\.g\d+\[id="[^"]*"\]\{content:"[^"]*"\}/g, '')
    .replace(/\/\*!sc\*\/\n?/g, '\n')
    .replace(/\n{2,}/g, '\n')
    .trim();
}

// Radix's accordion panel always carries `style="--radix-accordion-content-*: ..."` (its animation
// variables, which our CSS does not use). A style attribute in the markup breaks the
// Content-Security-Policy (no 'unsafe-inline'); in the browser React sets it through the CSSOM, which
// the policy allows. Only attributes made of --radix-* variables alone are dropped.
const RADIX_STYLE = / style="(?:--radix-[\w-]+:[^;"]*;?)+"/g;

/** Removes Radix's variable-only style attributes from server markup. */
export function dropRadixStyles(html: string): string {
  return html.replace(RADIX_STYLE, '');
}

export async function renderPage(path: string): Promise<RenderedPage> {
  const context = await handler.query(new Request(new URL(path, SITE_ORIGIN)));
  if (context instanceof Response) throw new Error(`Route ${path} answered with a redirect, not a page`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const sheet = new ServerStyleSheet();
  try {
    // hydrate={false}: no inline hydration script, which the Content-Security-Policy would block.
    const html = renderToString(
      sheet.collectStyles(<StaticRouterProvider router={router} context={context} hydrate={false} />),
    );
    const { head, body } = splitHoisted(dropRadixStyles(html));
    return { head, body, css: cleanCss(sheet.instance.toString()), status: context.statusCode };
  } finally {
    sheet.seal();
  }
}
