// Types of tab-memory.mjs, for the TypeScript tests that import it.
/** KiB: the renderer's Rss, and the same without its file-backed pages. */
export interface RendererMemory {
  rss: number;
  anon: number;
}
export function rendererMemory(root: number): RendererMemory;
export function rendererRss(root: number): number;
export function samplePeak(root: number, ms?: number): { stop(): number; stopBoth(): RendererMemory };
export function browserPid(): number;
