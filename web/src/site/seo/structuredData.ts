// schema.org records for each kind of page, as plain data for one JSON-LD script per page.
import type { Faq } from '../../content/types.ts';
import { LEGAL_ENTITY, PRODUCT_NAME, SITE_ORIGIN, SUPPORT_EMAIL } from '../../constants.ts';

export type JsonLdNode = Record<string, unknown>;

export function absoluteUrl(path: string): string {
  return path === '/' ? `${SITE_ORIGIN}/` : `${SITE_ORIGIN}${path}`;
}

export function organization(): JsonLdNode {
  return {
    '@type': 'Organization',
    '@id': `${SITE_ORIGIN}/#organization`,
    name: LEGAL_ENTITY,
    url: `${SITE_ORIGIN}/`,
    email: SUPPORT_EMAIL,
    logo: `${SITE_ORIGIN}/favicon.svg`,
  };
}

/** WebPage or one of its subtypes (AboutPage, ContactPage, FAQPage, CollectionPage, ...). */
export function webPage(
  type: string,
  name: string,
  description: string,
  path: string,
  extra: JsonLdNode = {},
): JsonLdNode {
  return {
    '@type': type,
    '@id': `${absoluteUrl(path)}#webpage`,
    name,
    description,
    url: absoluteUrl(path),
    inLanguage: 'en',
    isPartOf: { '@type': 'WebSite', name: PRODUCT_NAME, url: `${SITE_ORIGIN}/` },
    publisher: { '@id': `${SITE_ORIGIN}/#organization` },
    ...extra,
  };
}

export function faqPage(faqs: readonly Faq[], path: string): JsonLdNode {
  return {
    '@type': 'FAQPage',
    '@id': `${absoluteUrl(path)}#faq`,
    url: absoluteUrl(path),
    mainEntity: faqs.map((faq) => ({
      '@type': 'Question',
      name: faq.question,
      acceptedAnswer: { '@type': 'Answer', text: faq.answer },
    })),
  };
}

export function breadcrumbList(crumbs: readonly { label: string; path: string }[]): JsonLdNode {
  const all = [{ label: 'Home', path: '/' }, ...crumbs];
  return {
    '@type': 'BreadcrumbList',
    itemListElement: all.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.label,
      item: absoluteUrl(crumb.path),
    })),
  };
}

export function softwareApplication(
  description: string,
  offers: readonly { name: string; price: string; currency: string }[],
): JsonLdNode {
  return {
    '@type': 'SoftwareApplication',
    '@id': `${SITE_ORIGIN}/#app`,
    name: PRODUCT_NAME,
    description,
    applicationCategory: 'DeveloperApplication',
    operatingSystem: 'Any (runs in a modern web browser)',
    url: `${SITE_ORIGIN}/`,
    publisher: { '@id': `${SITE_ORIGIN}/#organization` },
    offers: offers.map((offer) => ({
      '@type': 'Offer',
      name: offer.name,
      price: offer.price,
      priceCurrency: offer.currency,
    })),
  };
}

export function howTo(name: string, steps: readonly { name: string; text: string }[]): JsonLdNode {
  return {
    '@type': 'HowTo',
    name,
    step: steps.map((step, index) => ({ '@type': 'HowToStep', position: index + 1, name: step.name, text: step.text })),
  };
}

/** One JSON-LD document holding every node of the page; `<` escaped so text cannot close the script. */
export function serializeJsonLd(nodes: readonly JsonLdNode[]): string {
  return JSON.stringify({ '@context': 'https://schema.org', '@graph': nodes }).replace(/</g, '\\u003c');
}
