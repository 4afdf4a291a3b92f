import { createContext, useContext, useEffect } from 'react';
import { PRODUCT_NAME } from '../../constants.ts';
import { absoluteUrl, organization, serializeJsonLd, type JsonLdNode } from './structuredData.ts';

export interface SeoProps {
  title: string;
  description: string;
  keywords: readonly string[];
  /** The page's own path; the canonical link and og:url are built from it. */
  path: string;
  ogType?: 'website' | 'article';
  /** schema.org nodes besides the Organization every page carries. */
  structuredData?: readonly JsonLdNode[];
  /** For the not-found page: no canonical, kept out of the index. */
  noindex?: boolean;
}

const SOCIAL_IMAGE = '/og-image.png';
const SOCIAL_IMAGE_ALT = `${PRODUCT_NAME}: deliberately corrupt files on your own device for QA and security testing`;

/** One tag of a page's head, as data: the prerender writes it as HTML, the browser as DOM nodes. */
export interface HeadTag {
  tag: 'title' | 'meta' | 'link' | 'script';
  attrs: Record<string, string>;
  text?: string;
}

/** The head tags a page owns; everything else in <head> (charset, policy, style sheet) is the template's. */
export const MANAGED_HEAD =
  'title, meta[name="description"], meta[name="keywords"], meta[name="robots"], link[rel="canonical"], meta[property^="og:"], meta[name^="twitter:"], script[type="application/ld+json"]';

export function headTags({
  title,
  description,
  keywords,
  path,
  ogType = 'website',
  structuredData = [],
  noindex = false,
}: SeoProps): HeadTag[] {
  const url = absoluteUrl(path);
  const image = absoluteUrl(SOCIAL_IMAGE);
  const meta = (key: 'name' | 'property', name: string, content: string): HeadTag => ({
    tag: 'meta',
    attrs: { [key]: name, content },
  });
  return [
    { tag: 'title', attrs: {}, text: title },
    meta('name', 'description', description),
    meta('name', 'keywords', keywords.join(', ')),
    noindex ? meta('name', 'robots', 'noindex') : { tag: 'link', attrs: { rel: 'canonical', href: url } },
    meta('property', 'og:type', ogType),
    meta('property', 'og:site_name', PRODUCT_NAME),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    ...(noindex ? [] : [meta('property', 'og:url', url)]),
    meta('property', 'og:image', image),
    meta('property', 'og:image:alt', SOCIAL_IMAGE_ALT),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', image),
    {
      tag: 'script',
      attrs: { type: 'application/ld+json' },
      text: serializeJsonLd([organization(), ...structuredData]),
    },
  ];
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** The tags as HTML for the prerendered <head>. JSON-LD is already escaped by serializeJsonLd. */
export function serializeHead(tags: readonly HeadTag[]): string {
  return tags
    .map(({ tag, attrs, text }) => {
      const attributes = Object.entries(attrs)
        .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
        .join('');
      if (tag === 'meta' || tag === 'link') return `<${tag}${attributes}/>`;
      const body = tag === 'script' ? (text ?? '') : escapeHtml(text ?? '');
      return `<${tag}${attributes}>${body}</${tag}>`;
    })
    .join('');
}

/** Replaces the page-owned tags in document.head with `tags`. */
export function applyHead(tags: readonly HeadTag[], doc: Document = document): void {
  for (const old of doc.head.querySelectorAll(MANAGED_HEAD)) old.remove();
  for (const { tag, attrs, text } of tags) {
    const element = doc.createElement(tag);
    for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, value);
    if (text !== undefined) element.textContent = text;
    doc.head.append(element);
  }
}

/** Set by the prerender: each <Seo> rendered adds its tags here instead of touching a document. */
const HeadCollector = createContext<HeadTag[][] | null>(null);
export const HeadCollectorProvider = HeadCollector.Provider;

/**
 * The page's head tags. Preact (unlike React 19) does not hoist <title> and <meta> into <head>, so
 * the tags are data: the prerender collects and writes them, and in the browser the page puts them
 * into document.head when it mounts or changes (client-side navigation).
 */
export function Seo(props: SeoProps) {
  const tags = headTags(props);
  const collector = useContext(HeadCollector);
  collector?.push(tags);
  const key = serializeHead(tags);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the serialized tags are the identity.
  useEffect(() => {
    // Hydration finds the prerendered tags already in place.
    if (serializeHead(currentHead()) !== key) applyHead(tags);
  }, [key]);
  return null;
}

function currentHead(doc: Document = document): HeadTag[] {
  return [...doc.head.querySelectorAll(MANAGED_HEAD)].map((element) => ({
    tag: element.tagName.toLowerCase() as HeadTag['tag'],
    attrs: Object.fromEntries([...element.attributes].map((a) => [a.name, a.value])),
    text: element.tagName === 'META' || element.tagName === 'LINK' ? undefined : (element.textContent ?? ''),
  }));
}
