// Every page of the site as data: fixed pages, the content kinds with their hub pages, and the
// lookups the router, the breadcrumbs, the prerender, the sitemap and the tests read.
import type { AlgorithmValue } from '../../../lib/engine/shared/modes.ts';
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
  type ContentSegment,
  type LinkedFaq,
  type QuickAnswer,
} from '../content/index.ts';
import {
  EXPECTATION_WORDS,
  formatExpectations,
  modeExpectations,
  type PageExpectations,
} from '../content/expectations.ts';

/** One kind of content page under /{segment}/{slug}, plus its hub page at /{segment}. */
export interface ContentSection<T extends ContentBase = ContentBase> {
  segment: string;
  hubTitle: string;
  hubLead: string;
  records: readonly T[];
  find: (slug: string) => T | undefined;
  cardTitle: (record: T) => string;
  cardText: (record: T) => string;
  /** The records a page of this kind links to, by kind, in the page's order. */
  related?: (record: T) => Partial<Record<ContentSegment, readonly string[]>>;
}

function section<T extends ContentBase>(spec: ContentSection<T>): ContentSection<T> {
  return spec;
}

/** Answer pages list at most this many related answers. */
export const MAX_RELATED_ANSWERS = 4;

/** The answers an answer page links to: known ones other than itself, at most MAX_RELATED_ANSWERS. */
export function relatedAnswers(record: QuickAnswer): string[] {
  return record.related.filter((slug) => slug !== record.slug && answerBySlug(slug)).slice(0, MAX_RELATED_ANSWERS);
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
    related: (r) => ({ modes: r.recommendedModes }),
  }),
  modes: section({
    segment: 'modes',
    hubTitle: 'Corruption modes',
    hubLead: 'The five techniques the engine applies, from single flipped bytes to reordered blocks.',
    records: modes,
    find: modeBySlug,
    cardTitle: (r) => r.name,
    cardText: (r) => r.overview,
    related: (r) => ({ corrupt: r.recommendedFileTypes }),
  }),
  for: section({
    segment: 'for',
    hubTitle: 'Workflows by team',
    hubLead: 'Playbooks for the people who test how software copes with broken input.',
    records: personas,
    find: personaBySlug,
    cardTitle: (r) => r.persona,
    cardText: (r) => r.hero.subheading,
    related: (r) => ({ corrupt: r.recommendedFileTypes, modes: r.recommendedModes }),
  }),
  compare: section({
    segment: 'compare',
    hubTitle: 'Compare Fracture',
    hubLead: 'How local, reproducible corruption compares with the other ways of getting a broken file.',
    records: comparisons,
    find: comparisonBySlug,
    cardTitle: (r) => r.title,
    cardText: (r) => r.overview,
    related: (r) => ({ compare: comparisons.filter((other) => other.slug !== r.slug).map((other) => other.slug) }),
  }),
  answers: section({
    segment: 'answers',
    hubTitle: 'Quick answers',
    hubLead: 'Short, direct answers to the questions people ask before corrupting a file.',
    records: answers,
    find: answerBySlug,
    cardTitle: (r) => r.question,
    cardText: (r) => r.answer[0] ?? '',
    related: (r) => ({ answers: relatedAnswers(r) }),
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

/** A record as another page links to it: its card, plus the workspace algorithm of a mode. */
export interface RecordCard {
  slug: string;
  to: string;
  title: string;
  text: string;
  algorithm?: AlgorithmValue;
}

/**
 * What one content page's chunk carries: its record, the cards of the records it links to and, for a
 * mode or file type page, its expectations section (content/expectations.ts).
 */
export interface PageData<T extends ContentBase = ContentBase> {
  record: T;
  related: Partial<Record<ContentSegment, RecordCard[]>>;
  expectations?: PageExpectations;
}

/** What a hub page's chunk carries: its heading and one card per record, without the records. */
export interface HubData {
  segment: string;
  title: string;
  lead: string;
  keywords: string[];
  cards: RecordCard[];
}

function sectionOf(segment: string): ContentSection | undefined {
  return Object.hasOwn(SECTIONS, segment)
    ? (SECTIONS[segment as SectionSegment] as unknown as ContentSection)
    : undefined;
}

/** The card of the record `slug` of kind `segment`, or undefined for an unknown record. */
export function recordCard(segment: string, slug: string): RecordCard | undefined {
  const section = sectionOf(segment);
  const record = section?.find(slug);
  if (!section || !record) return undefined;
  const card: RecordCard = {
    slug,
    to: `/${segment}/${slug}`,
    title: section.cardTitle(record),
    text: section.cardText(record),
  };
  if ('algorithm' in record) card.algorithm = record.algorithm as AlgorithmValue;
  return card;
}

/** The data of the page /{segment}/{slug} (its chunk, made at build time), or undefined. */
export function pageData(segment: string, slug: string): PageData | undefined {
  const section = sectionOf(segment);
  const record = section?.find(slug);
  if (!section || !record) return undefined;
  const related: PageData['related'] = {};
  for (const [kind, slugs] of Object.entries(section.related?.(record) ?? {})) {
    related[kind as ContentSegment] = (slugs ?? []).flatMap((s) => recordCard(kind, s) ?? []);
  }
  const data: PageData = { record, related };
  if (segment === 'modes')
    data.expectations = { words: EXPECTATION_WORDS, mode: modeExpectations[slug as keyof typeof modeExpectations] };
  if (segment === 'corrupt')
    data.expectations = {
      words: EXPECTATION_WORDS,
      format: formatExpectations[slug as keyof typeof formatExpectations],
    };
  return data;
}

/** The data of the hub page /{segment} (its chunk, made at build time), or undefined. */
export function hubData(segment: string): HubData | undefined {
  const section = sectionOf(segment);
  if (!section) return undefined;
  return {
    segment,
    title: section.hubTitle,
    lead: section.hubLead,
    keywords: [...new Set(section.records.flatMap((record) => record.keywords.slice(0, 2)))],
    cards: section.records.flatMap((record) => recordCard(segment, record.slug) ?? []),
  };
}

/** Each section's segment and records, for listing paths. */
export const SECTION_LIST: readonly { segment: string; records: readonly ContentBase[] }[] = Object.values(SECTIONS);

export const HOME_FAQS: readonly LinkedFaq[] = homeFaqs;
export const FAQ_PAGE_FAQS: readonly LinkedFaq[] = faqPageFaqs;

export { DEVELOPER_PAGES } from './developerPages.ts';
export { LEGAL_PAGES } from './legalPages.ts';

/** Fixed pages, in sitemap order. */
export const FIXED_PATHS: readonly string[] = [
  '/',
  '/how-it-works',
  '/pricing',
  '/about',
  '/contact',
  '/faq',
  '/benchmark',
  '/privacy',
  '/cookies',
  '/terms',
  '/opt-out',
  '/legal',
  '/legal/parody-and-fair-use',
  '/legal/advertising-policy',
  '/developers',
  '/developers/python',
  '/developers/fast-check',
  '/developers/fuzzer-mutators',
  '/developers/fault-injection',
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
