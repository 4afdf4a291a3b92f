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
export interface Part<P extends object = object> {
  loaded: ComponentType<P> | null;
  get: () => Promise<ComponentType<P>>;
}

/** Every part defined so far, for the prerender. */
const parts: Part<never>[] = [];

/** Loads every part whose page module has been loaded, so that they render at once. */
export async function loadStaticParts(): Promise<void> {
  await Promise.all(parts.map((part) => part.get()));
}

/** A part whose component `load` gives, to show with <StaticPart part={...} props={...} />. */
export function staticPart<P extends object = object>(load: () => Promise<ComponentType<P>>): Part<P> {
  const part: Part<P> = {
    loaded: null,
    get: async () => {
      part.loaded ??= await load();
      return part.loaded;
    },
  };
  parts.push(part as Part<never>);
  return part;
}

const NEVER = new Promise<never>(() => {});

/** Suspends for good: while hydrating, Preact keeps the prerendered element in its place. */
function Kept(): never {
  throw NEVER;
}

/**
 * The part's component in a <div>, loaded as this file says, with `props`. A page can hand its part
 * the components they share as props: what the part's module imports only as types stays out of its
 * chunk, so the bundler keeps those components in the page's chunk instead of a chunk of their own.
 */
export function StaticPart<P extends object>({ part, props }: { part: Part<P>; props: P }) {
  const [Loaded, setLoaded] = useState<ComponentType<P> | null>(() => part.loaded);
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
  return <div>{Loaded && <Loaded {...props} />}</div>;
}
