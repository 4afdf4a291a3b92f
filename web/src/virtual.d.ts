declare module 'virtual:route-index' {
  const index: { paths: string[]; labels: Record<string, Record<string, string>> };
  export default index;
}

declare module 'virtual:content-pages' {
  import type { HubData, PageData } from './site/catalog.ts';
  /** A content chunk: the source path the build's manifest knows it by, and its loader. */
  interface ContentChunk<T> {
    module: string;
    load: () => Promise<{ default: T }>;
  }
  /** Hubs by segment (`corrupt`), pages by segment and slug (`corrupt/pdf`). */
  export const hubs: Record<string, ContentChunk<HubData>>;
  export const pages: Record<string, ContentChunk<PageData>>;
}
