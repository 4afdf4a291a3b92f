// The breadcrumb rules of docs/product.md ("Breadcrumb bar"): a table of segment labels, content
// labels by slug, and a readable fallback.

/** Labels for fixed path segments; the spec's list first, then this site's other fixed pages. */
export const SEGMENT_LABELS: Readonly<Record<string, string>> = {
  privacy: 'Privacy Policy',
  terms: 'Terms of Service',
  about: 'About Us',
  contact: 'Contact',
  cookies: 'Cookie Policy',
  corrupt: 'Corrupt',
  modes: 'Modes',
  for: 'Workflows',
  compare: 'Compare',
  answers: 'Answers',
  'use-cases': 'Use Cases',
  legal: 'Legal',
  pricing: 'Pricing',
  'how-it-works': 'How It Works',
  'parody-and-fair-use': 'Parody & Fair Use',
  'advertising-policy': 'Advertising Policy',
  'opt-out': 'Do Not Sell or Share',
  faq: 'FAQ',
  benchmark: 'Benchmark',
  location: 'Locations',
  // developers, python and fuzzer-mutators read well capitalised (the fallback); the tool's name does not.
  'fast-check': 'fast-check',
};

export interface Crumb {
  label: string;
  /** Cumulative path of this segment, e.g. /corrupt/pdf. */
  path: string;
}

/** Label of a content record by its parent segment and slug, when that slug is known. */
export type ContentLabel = (parentSegment: string, slug: string) => string | undefined;

/** "use-cases" -> "Use Cases". */
export function humanizeSegment(segment: string): string {
  return segment
    .split('-')
    .filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join(' ');
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The crumbs after Home for a path; empty for the home page. */
export function breadcrumbsFor(pathname: string, contentLabel: ContentLabel): Crumb[] {
  const segments = pathname.split('/').filter(Boolean).map(decodeSegment);
  return segments.map((segment, index) => {
    const parent = index > 0 ? segments[index - 1] : '';
    const label =
      (parent && contentLabel(parent, segment)) ||
      (Object.hasOwn(SEGMENT_LABELS, segment) ? SEGMENT_LABELS[segment] : undefined) ||
      humanizeSegment(segment);
    return {
      label,
      path: `/${segments
        .slice(0, index + 1)
        .map(encodeURIComponent)
        .join('/')}`,
    };
  });
}
