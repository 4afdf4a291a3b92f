// `virtual:content-pages`: one module per content page (its record and the cards of the records it
// links to) and one per hub (its cards), each its own chunk, made from the catalog when Vite starts.
// A content page then loads its own content only, not the catalog (docs/site.md, "Chunks").
import type { Plugin } from 'vite';
import { hubData, pageData, SECTION_LIST } from '../src/site/catalog.ts';

const ID = 'virtual:content-pages';
// The data modules resolve to paths under src/ that exist nowhere on disk, so the build's manifest
// names their chunks as it names source modules, and the prerender preloads them by that name.
const DIR = 'src/content/generated';
const PAGE = /^virtual:content\/([\w-]+)(?:\/([\w-]+))?$/;

/** The source path (relative to web/) of the data module of a hub (`corrupt`) or page (`corrupt/pdf`). */
const moduleOf = (key: string) => `${DIR}/${key}.js`;

export function contentChunks(root: string): Plugin {
  const base = `${root.replace(/\/$/, '')}/${DIR}/`;
  return {
    name: 'fracture:content-chunks',
    resolveId(id) {
      if (id === ID) return `\0${ID}`;
      const m = PAGE.exec(id);
      return m ? `${base}${m[2] ? `${m[1]}/${m[2]}` : m[1]}.js` : null;
    },
    load(id) {
      if (id === `\0${ID}`) {
        const entry = (key: string) =>
          `${JSON.stringify(key)}: { module: ${JSON.stringify(moduleOf(key))}, load: () => import(${JSON.stringify(`virtual:content/${key}`)}) }`;
        const hubs = SECTION_LIST.map((s) => entry(s.segment));
        const pages = SECTION_LIST.flatMap((s) => s.records.map((r) => entry(`${s.segment}/${r.slug}`)));
        return `export const hubs = {\n${hubs.join(',\n')}\n};\nexport const pages = {\n${pages.join(',\n')}\n};\n`;
      }
      if (!id.startsWith(base)) return null;
      const [segment, slug] = id.slice(base.length, -'.js'.length).split('/');
      const data = slug === undefined ? hubData(segment) : pageData(segment, slug);
      if (!data) throw new Error(`No content page for ${id}`);
      return `export default ${JSON.stringify(data)};\n`;
    },
  };
}
