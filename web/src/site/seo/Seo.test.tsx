// @vitest-environment jsdom
// Head tags as data: the prerender writes them as HTML, the browser replaces the page-owned ones.
import { describe, expect, it } from 'vitest';
import { SITE_ORIGIN } from '../../constants.ts';
import { applyHead, headTags, serializeHead } from './Seo.tsx';

describe('head tags', () => {
  const tags = headTags({
    title: `Tom's <page> & "more"`,
    description: 'd',
    keywords: ['a', 'b'],
    path: '/x',
    structuredData: [],
  });

  it('serializes escaped, one of each, the canonical link self-closed', () => {
    const html = serializeHead(tags);
    expect(html.startsWith('<title>Tom&#x27;s &lt;page&gt; &amp; &quot;more&quot;</title>')).toBe(true);
    expect(html).toContain(`<link rel="canonical" href="${SITE_ORIGIN}/x"/>`);
    expect(html).toContain('<meta name="keywords" content="a, b"/>');
    expect(html.match(/application\/ld\+json/g)).toHaveLength(1);
  });

  it('replaces the page-owned tags of a document and leaves the rest', () => {
    const doc = new DOMParser().parseFromString(
      `<html><head><meta charset="utf-8"><title>Old</title><link rel="canonical" href="/old"><link rel="stylesheet" href="/a.css"></head><body></body></html>`,
      'text/html',
    );
    applyHead(tags, doc);
    expect(doc.title).toBe(`Tom's <page> & "more"`);
    expect(doc.querySelectorAll('title')).toHaveLength(1);
    expect(doc.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${SITE_ORIGIN}/x`);
    expect(doc.querySelector('link[rel="stylesheet"]')).not.toBeNull();
    expect(doc.querySelector('meta[charset]')).not.toBeNull();
  });
});
