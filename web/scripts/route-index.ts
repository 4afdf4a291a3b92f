// `virtual:route-index`: every page path and the breadcrumb label of every content record, computed
// from the catalog when Vite starts, so the site shell knows all routes without shipping the content.
import type { Plugin } from 'vite';
import { allRoutePaths, contentLabel, SECTION_LIST } from '../src/site/catalog.ts';

const ID = 'virtual:route-index';

export function routeIndex(): Plugin {
  return {
    name: 'fracture:route-index',
    resolveId: (id) => (id === ID ? `\0${ID}` : null),
    load(id) {
      if (id !== `\0${ID}`) return null;
      const labels: Record<string, Record<string, string>> = {};
      for (const { segment, records } of SECTION_LIST) {
        labels[segment] = Object.fromEntries(records.map((r) => [r.slug, contentLabel(segment, r.slug) ?? r.slug]));
      }
      return `export default ${JSON.stringify({ paths: allRoutePaths(), labels })};`;
    },
  };
}
