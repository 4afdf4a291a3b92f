/**
 * A slug lookup over a content array. Route parameters arrive as plain strings, so the lookup takes
 * any string and answers undefined for an unknown slug (the route then renders the not-found page).
 * A Map, not an object, so slugs such as "constructor" cannot hit inherited properties.
 */
export function slugIndex<T extends { slug: string }>(records: readonly T[]): (slug: string) => T | undefined {
  const bySlug = new Map(records.map((record) => [record.slug, record] as const));
  return (slug) => bySlug.get(slug);
}
