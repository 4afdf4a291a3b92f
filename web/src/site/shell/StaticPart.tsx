// A part of a page that is text and markup only, with nothing to hydrate: a first visit reads it in the
// prerendered HTML and never loads its code, and only a render without that HTML (a client-side
// navigation, the dev server) loads it. It keeps a long page's text out of its first load, which
// counts every JavaScript byte until the network is idle (docs/site.md, "Budgets").
//
// Like <HydrateLater> it uses Preact's hydration with Suspense: a component that suspends while
// hydrating keeps its server-rendered DOM (one root element). Here the suspension never ends, so the
// prerendered part stays as it came until the page goes. The prerender loads every part first
// (loadStaticParts, site/server.tsx) and renders it at once, as the tests do.
import { Suspense, useEffect, useState, type ComponentType } from 'react';
import { isHydrating } from './HydrateLater.tsx';

/** A part: its component once loaded, and how to load it (once). */
export interface Part {
  loaded: ComponentType | null;
  get: () => Promise<ComponentType>;
}

/** Every part defined so far, for the prerender. */
const parts: Part[] = [];

/** Loads every part whose page module has been loaded, so that they render at once. */
export async function loadStaticParts(): Promise<void> {
  await Promise.all(parts.map((part) => part.get()));
}

/** A part whose component `load` gives, to show with <StaticPart part={...} />. */
export function staticPart(load: () => Promise<ComponentType>): Part {
  const part: Part = {
    loaded: null,
    get: async () => {
      part.loaded ??= await load();
      return part.loaded;
    },
  };
  parts.push(part);
  return part;
}

const NEVER = new Promise<never>(() => {});

/** Suspends for good: while hydrating, Preact keeps the prerendered element in its place. */
function Kept(): never {
  throw NEVER;
}

/** The part's component in a <div>, loaded as this file says. */
export function StaticPart({ part }: { part: Part }) {
  const [Loaded, setLoaded] = useState<ComponentType | null>(() => part.loaded);
  const [kept] = useState(() => Loaded === null && isHydrating());
  useEffect(() => {
    if (Loaded || kept) return;
    let live = true;
    part.get().then((c) => live && setLoaded(() => c));
    return () => {
      live = false;
    };
  }, [part, Loaded, kept]);
  if (kept)
    return (
      <Suspense fallback={null}>
        <Kept />
      </Suspense>
    );
  return <div>{Loaded && <Loaded />}</div>;
}
