// What the shell on every page needs from the catalog, without the content: which paths exist and
// the breadcrumb label of each content record (from `virtual:route-index`, built from catalog.ts).
import index from 'virtual:route-index';

/** Every path the site serves a page for, in sitemap order. */
export const ROUTE_PATHS: readonly string[] = index.paths;

const KNOWN = new Set(ROUTE_PATHS);

/** Whether a page exists at this path (a trailing slash is tolerated). */
export function isKnownPath(pathname: string): boolean {
  return KNOWN.has(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);
}

/** Breadcrumb label of a content record, for content segments only. */
export function contentLabel(parentSegment: string, slug: string): string | undefined {
  return Object.hasOwn(index.labels, parentSegment) && Object.hasOwn(index.labels[parentSegment], slug)
    ? index.labels[parentSegment][slug]
    : undefined;
}
