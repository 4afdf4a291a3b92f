// The prerender's server side: every route renders to HTML whose head tags come out separately,
// exactly once each, with the CSS of the components the page used.
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { SITE_ORIGIN } from '../constants.ts';
import { FAQ_PAGE_FAQS } from './catalog.ts';
import { allRoutePaths, cleanCss, renderPage } from './server.tsx';
import { AppRoutes } from './shell/AppRoutes.tsx';

describe('cleanCss', () => {
  it('drops rehydration markers and keeps the rules', () => {
    const css = '.a{color:red;}/*!sc*/\ndata-styled.g1[id="sc-x"]{content:"a,"}/*!sc*/\n.b{color:blue;}/*!sc*/\n';
    expect(cleanCss(css)).toBe('.a{color:red;}\n.b{color:blue;}');
  });
});

describe('renderPage', () => {
  it('puts every FAQ answer in the HTML, each closed panel hidden', async () => {
    const page = await renderPage('/faq');
    const panels = page.body.match(/<div[^>]*role="region"[^>]*>/g) ?? [];
    expect(panels).toHaveLength(FAQ_PAGE_FAQS.length);
    for (const panel of panels) expect(panel).toMatch(/ hidden[ =>]/);
    const text = page.body
      .replace(/&#x27;/g, "'")
      .replace(/&amp;/g, '&')
      .replace(/&quot;/g, '"');
    for (const faq of FAQ_PAGE_FAQS) expect(text).toContain(`<p>${faq.answer}</p>`);
  });

  it('renders /privacy with one of each head tag and its CSS', async () => {
    const page = await renderPage('/privacy');
    expect(page.status).toBe(200);
    expect(page.head.match(/<title>/g)).toHaveLength(1);
    expect(page.head).toContain('<title>Privacy Policy | Fracture</title>');
    expect(page.head.match(/rel="canonical"/g)).toHaveLength(1);
    expect(page.head).toContain(`href="${SITE_ORIGIN}/privacy"`);
    expect(page.body).not.toMatch(/<title>|<meta /);
    expect(page.head.match(/application\/ld\+json/g)).toHaveLength(1);
    expect(page.body).not.toContain('application/ld+json');
    expect(page.body).toContain('<h1>Privacy Policy</h1>');
    expect(page.css).toMatch(/--accent:#38e2ad|--accent: #38e2ad/);
    expect(page.css).not.toContain('data-styled');
  });

  it('renders every catalogued route with status 200 and the not-found page for anything else', async () => {
    for (const path of allRoutePaths()) {
      const page = await renderPage(path);
      expect(page.status, path).toBe(200);
      expect(page.body, path).not.toContain('Oops! Page not found');
    }
    const missing = await renderPage('/definitely/not/here');
    expect(missing.body).toContain('Oops! Page not found');
    expect(missing.head).toContain('<meta name="robots" content="noindex"/>');
    expect(missing.head).not.toContain('canonical');
  }, 60_000);

  it('never puts the cookie banner or an inline script other than JSON-LD in the static HTML', async () => {
    const page = await renderPage('/');
    expect(page.body).not.toContain('Cookie Consent');
    const scripts = page.body.match(/<script[^>]*>/g) ?? [];
    expect(scripts.every((tag) => tag === '<script type="application/ld+json">')).toBe(true);
    expect(page.body).not.toMatch(/ style="/);
  });
});

describe('a route that throws in the prerender', () => {
  function Broken(): never {
    throw new Error('Renderer exploded');
  }

  // The prerender renders no error boundary: a page that throws fails its render, and the build.
  it('fails the render instead of writing the error page', () => {
    expect(() =>
      renderToString(
        <StaticRouter location="/">
          <AppRoutes table={[{ path: '/', element: <Broken /> }]} />
        </StaticRouter>,
      ),
    ).toThrow('Renderer exploded');
  });
});
