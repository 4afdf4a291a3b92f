// The site's static content in one import: every kind's records and lookups, the route list for the
// sitemap and tests, and the labels breadcrumbs use for content segments.
import { fileTypes, fileTypeBySlug } from './fileTypes.ts';
import { modes, modeBySlug } from './modes.ts';
import { personas, personaBySlug } from './personas.ts';
import { comparisons, comparisonBySlug } from './comparisons.ts';
import { answers, answerBySlug } from './answers.ts';
import { useCases, useCaseBySlug } from './useCases.ts';
import { locations, locationBySlug } from './locations.ts';

export * from './types.ts';
export { fileTypes, fileTypeBySlug } from './fileTypes.ts';
export { modes, modeBySlug } from './modes.ts';
export { personas, personaBySlug } from './personas.ts';
export { comparisons, comparisonBySlug } from './comparisons.ts';
export { answers, answerBySlug } from './answers.ts';
export { useCases, useCaseBySlug } from './useCases.ts';
export { locations, locationBySlug } from './locations.ts';
export { faqPageFaqs, homeFaqs } from './faq.ts';

/** Each content kind: its first path segment, its records, and how a record is labelled. */
const CONTENT_KINDS = [
  { segment: 'corrupt', slugs: fileTypes.map((r) => r.slug), label: (slug: string) => fileTypeBySlug(slug)?.name },
  { segment: 'modes', slugs: modes.map((r) => r.slug), label: (slug: string) => modeBySlug(slug)?.name },
  { segment: 'for', slugs: personas.map((r) => r.slug), label: (slug: string) => personaBySlug(slug)?.persona },
  { segment: 'compare', slugs: comparisons.map((r) => r.slug), label: (slug: string) => comparisonBySlug(slug)?.title },
  { segment: 'answers', slugs: answers.map((r) => r.slug), label: (slug: string) => answerBySlug(slug)?.question },
  { segment: 'use-cases', slugs: useCases.map((r) => r.slug), label: (slug: string) => useCaseBySlug(slug)?.title },
  { segment: 'location', slugs: locations.map((r) => r.slug), label: (slug: string) => locationBySlug(slug)?.title },
] as const;

export type ContentSegment = (typeof CONTENT_KINDS)[number]['segment'];

export const CONTENT_SEGMENTS: readonly ContentSegment[] = CONTENT_KINDS.map((kind) => kind.segment);

/** Every content page path, e.g. /corrupt/pdf, in kind order then record order (sitemap, tests). */
export function allContentRoutes(): string[] {
  return CONTENT_KINDS.flatMap((kind) => kind.slugs.map((slug) => `/${kind.segment}/${slug}`));
}

/**
 * The breadcrumb label of a content page, from its record: the file type's or mode's name, the
 * persona, the comparison or use case title, the answer's question, the location title.
 * Undefined when the segment is not a content segment or the slug is unknown, so the caller falls
 * back to its own label map.
 */
export function labelForSlug(segment: string, slug: string): string | undefined {
  return CONTENT_KINDS.find((kind) => kind.segment === segment)?.label(slug);
}
