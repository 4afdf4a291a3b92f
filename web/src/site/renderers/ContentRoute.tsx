import type { ComponentType } from 'react';
import { useParams } from 'react-router-dom';
import type { ContentBase } from '../../content/types.ts';
import type { ContentSection } from '../catalog.ts';
import { NotFound } from '../pages/NotFound.tsx';

/**
 * A route element for /{segment}/:slug: the section's renderer for a known slug, the not-found page
 * for anything else.
 */
export function contentRoute<T extends ContentBase>(section: ContentSection<T>, Render: ComponentType<{ record: T }>) {
  function ContentRouteElement() {
    const { slug = '' } = useParams();
    const record = section.find(slug);
    // Keyed by slug so moving between two pages of one kind starts each page fresh (accordions closed).
    return record ? <Render key={record.slug} record={record} /> : <NotFound />;
  }
  ContentRouteElement.displayName = `ContentRoute(${section.segment})`;
  return <ContentRouteElement />;
}
