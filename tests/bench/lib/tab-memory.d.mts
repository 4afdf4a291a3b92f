// Types of tab-memory.mjs, for the TypeScript tests that import it.
export function rendererRss(root: number): number;
export function samplePeak(root: number, ms?: number): { stop(): number };
export function browserPid(): number;
