// Every page of the site as data: fixed pages, the content kinds with their hub pages, and the
// lookups the router, the breadcrumbs, the prerender, the sitemap and the tests read.
import {
  answerBySlug,
  answers,
  comparisonBySlug,
  comparisons,
  faqPageFaqs,
  fileTypeBySlug,
  fileTypes,
  homeFaqs,
  labelForSlug,
  locationBySlug,
  locations,
  modeBySlug,
  modes,
  personaBySlug,
  personas,
  useCaseBySlug,
  useCases,
  type ContentBase,
  type LinkedFaq,
} from '../content/index.ts';

/** One kind of content page under /{segment}/{slug}, plus its hub page at /{segment}. */
export interface ContentSection<T extends ContentBase = ContentBase> {
  segment: string;
  hubTitle: string;
  hubLead: string;
  records: readonly T[];
  find: (slug: string) => T | undefined;
  cardTitle: (record: T) => string;
  cardText: (record: T) => string;
}

function section<T extends ContentBase>(spec: ContentSection<T>): ContentSection<T> {
  return spec;
}

export const SECTIONS = {
  corrupt: section({
    segment: 'corrupt',
    hubTitle: 'Corrupt files by type',
    hubLead: 'What breaks in each format, which mode breaks it, and what to check in the software that reads it.',
    records: fileTypes,
    find: fileTypeBySlug,
    cardTitle: (r) => `Corrupt ${r.name} files`,
    cardText: (r) => r.hero.subheading,
  }),
  modes: section({
    segment: 'modes',
    hubTitle: 'Corruption modes',
    hubLead: 'The five techniques the engine applies, from single flipped bytes to reordered blocks.',
    records: modes,
    find: modeBySlug,
    cardTitle: (r) => r.name,
    cardText: (r) => r.overview,
  }),
  for: section({
    segment: 'for',
    hubTitle: 'Workflows by team',
    hubLead: 'Playbooks for the people who test how software copes with broken input.',
    records: personas,
    find: personaBySlug,
    cardTitle: (r) => r.persona,
    cardText: (r) => r.hero.subheading,
  }),
  compare: section({
    segment: 'compare',
    hubTitle: 'Compare Fracture',
    hubLead: 'How local, reproducible corruption compares with the other ways of getting a broken file.',
    records: comparisons,
    find: comparisonBySlug,
    cardTitle: (r) => r.title,
    cardText: (r) => r.overview,
  }),
  answers: section({
    segment: 'answers',
    hubTitle: 'Quick answers',
    hubLead: 'Short, direct answers to the questions people ask before corrupting a file.',
    records: answers,
    find: answerBySlug,
    cardTitle: (r) => r.question,
    cardText: (r) => r.answer[0] ?? '',
  }),
  'use-cases': section({
    segment: 'use-cases',
    hubTitle: 'Use cases',
    hubLead: 'Where deliberately broken files earn their keep: QA, security research and glitch art.',
    records: useCases,
    find: useCaseBySlug,
    cardTitle: (r) => r.title,
    cardText: (r) => r.hero.subheading,
  }),
  location: section({
    segment: 'location',
    hubTitle: 'Fracture by region',
    hubLead: 'Pricing and notes for the regions we publish pages for.',
    records: locations,
    find: locationBySlug,
    cardTitle: (r) => r.title,
    cardText: (r) => r.hero.subheading,
  }),
};

export type SectionSegment = keyof typeof SECTIONS;

/** Each section's segment and records, for listing paths. */
export const SECTION_LIST: readonly { segment: string; records: readonly ContentBase[] }[] = Object.values(SECTIONS);

export const HOME_FAQS: readonly LinkedFaq[] = homeFaqs;
export const FAQ_PAGE_FAQS: readonly LinkedFaq[] = faqPageFaqs;

/** The legal pages, listed on the /legal hub and in the footer. */
export const LEGAL_PAGES: readonly { path: string; title: string; summary: string }[] = [
  {
    path: '/privacy',
    title: 'Privacy Policy',
    summary: 'What we collect (almost nothing) and why your files never reach us.',
  },
  { path: '/cookies', title: 'Cookie Policy', summary: 'Cookie categories, lifetimes and how to change your choices.' },
  {
    path: '/terms',
    title: 'Terms of Service',
    summary: 'The rules for using Fracture, governing law and dispute resolution.',
  },
  {
    path: '/opt-out',
    title: 'Do Not Sell or Share My Personal Information',
    summary: 'We sell or share nothing; how to switch advertising cookies off.',
  },
  {
    path: '/legal/parody-and-fair-use',
    title: 'Parody & Fair Use',
    summary: 'How we refer to other products and glitch art conventions.',
  },
  {
    path: '/legal/advertising-policy',
    title: 'Advertising Policy',
    summary: 'What advertising may appear, and what never will.',
  },
];

/** Fixed pages, in sitemap order. */
export const FIXED_PATHS: readonly string[] = [
  '/',
  '/how-it-works',
  '/pricing',
  '/about',
  '/contact',
  '/faq',
  '/privacy',
  '/cookies',
  '/terms',
  '/opt-out',
  '/legal',
  '/legal/parody-and-fair-use',
  '/legal/advertising-policy',
];

/** Every path the site serves a page for. */
export function allRoutePaths(): string[] {
  const paths = [...FIXED_PATHS];
  for (const s of SECTION_LIST) {
    paths.push(`/${s.segment}`);
    for (const record of s.records) paths.push(`/${s.segment}/${record.slug}`);
  }
  return paths;
}

const KNOWN_PATHS = new Set(allRoutePaths());

/** Whether a page exists at this path (a trailing slash is tolerated). */
export function isKnownPath(pathname: string): boolean {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return KNOWN_PATHS.has(trimmed);
}

/** Breadcrumb label of a content record, for content segments only. */
export function contentLabel(parentSegment: string, slug: string): string | undefined {
  return labelForSlug(parentSegment, slug);
}
