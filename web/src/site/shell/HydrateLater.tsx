// Hydration in steps (issue 26 point 4). Hydrating a whole page is one task on the main thread: on the
// home page about 100 ms on the build machine, 400 ms at Lighthouse's 4x slowdown, nearly all of it
// Total Blocking Time. A part wrapped in <HydrateLater> is skipped by the first pass and hydrated in a
// task of its own afterwards, parts in document order, one per task, so no task is long.
//
// It uses Preact's hydration with Suspense: a component that suspends while hydrating keeps its
// server-rendered DOM (exactly one root element, which Preact preserves) and is hydrated where it left
// off when its promise settles. The prerender and any render after the first (a client-side
// navigation) never suspend: the gates exist only between startStagedHydration() and the end of
// finishStagedHydration(), which web/src/main.tsx calls around hydrateRoot().
//
// Hydration keeps the server's attributes (Preact patches none while hydrating), so a part must hydrate
// with the state the prerender had: the page's effects (which set state: the seed, the consent, stored
// settings) are held until every part has hydrated, through Preact's hook for scheduling them. This file
// is Preact's, not React's, and says so by importing `options` from preact.
import { options } from 'preact';
import { Suspense, useState, type ReactNode } from 'react';

interface Gate {
  open: boolean;
  promise: Promise<void>;
  release: () => void;
}

let gates: Gate[] | null = null;

/** Effect flushes Preact asked for while parts wait, run after the last part. */
let heldEffects: (() => void)[] = [];
let scheduleEffects: typeof options.requestAnimationFrame;

/** From now until finishStagedHydration(), every <HydrateLater> rendered waits for its own task, and
 * the effects of what has hydrated wait for the last part. */
export function startStagedHydration(): void {
  gates = [];
  heldEffects = [];
  scheduleEffects = options.requestAnimationFrame;
  options.requestAnimationFrame = (flush) => {
    heldEffects.push(flush);
  };
}

/** Whether the first hydration is under way (between startStagedHydration() and the end of
 * finishStagedHydration()): what renders now meets the prerendered DOM. */
export function isHydrating(): boolean {
  return gates !== null;
}

/** The next task: a message to this page, which unlike setTimeout(0) is never clamped. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

/**
 * Hydrates the parts that waited, each in a task of its own, in the order they were rendered; resolves
 * in a task after the last one, when every handler is attached.
 */
export async function finishStagedHydration(): Promise<void> {
  const waiting = gates ?? [];
  gates = null;
  for (const gate of waiting) {
    await nextTask();
    // Preact renders the suspended part again in this task's microtasks.
    gate.release();
  }
  options.requestAnimationFrame = scheduleEffects;
  await nextTask();
  // The effects, in a task of their own, as Preact would have run them after the first frame.
  for (const flush of heldEffects.splice(0)) flush();
  await nextTask();
}

function newGate(): Gate {
  const gate = { open: false } as Gate;
  // The executor runs at once, so `release` is set before the gate is returned.
  gate.promise = new Promise<void>((resolve) => {
    gate.release = () => {
      gate.open = true;
      resolve();
    };
  });
  return gate;
}

function Wait({ gate, children }: { gate: Gate; children: ReactNode }) {
  if (!gate.open) throw gate.promise;
  return <>{children}</>;
}

/**
 * Its child (one element: Preact keeps a single root node while a part waits) hydrates in a later
 * task during the first hydration; everywhere else it renders the child as it is.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  const [gate] = useState(() => {
    if (!gates) return null;
    const created = newGate();
    gates.push(created);
    return created;
  });
  if (!gate) return <>{children}</>;
  return (
    <Suspense fallback={null}>
      <Wait gate={gate}>{children}</Wait>
    </Suspense>
  );
}
