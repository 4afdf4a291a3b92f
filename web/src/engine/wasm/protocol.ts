// The one typed protocol between the page and the engine worker. Replies carry the request's id.
import type { CorruptOptions, Report, Stage } from '../shared/types.ts';

export type ToWorker = {
  type: 'corrupt';
  id: number;
  /** A Blob crosses by reference; an ArrayBuffer is transferred. */
  input: Blob | ArrayBuffer;
  name: string;
  options: CorruptOptions;
};

export type FromWorker =
  | { type: 'ready' }
  | { type: 'init-error'; message: string }
  | { type: 'stage'; id: number; stage: Stage; message: string }
  | { type: 'progress'; id: number; fraction: number }
  | { type: 'done'; id: number; data: ArrayBuffer; report: Report }
  | { type: 'error'; id: number; message: string };
