// The one typed protocol between the page and the engine worker. Replies carry the request's id.
import type { CorruptOptions, Report, Stage } from '../shared/types.ts';

export type ToWorker =
  | {
      type: 'corrupt';
      id: number;
      /** A Blob crosses by reference; an ArrayBuffer is transferred. */
      input: Blob | ArrayBuffer;
      name: string;
      options: CorruptOptions;
      /** Ports to helper workers that flip chunks for large flip-mode inputs (ENGINE.md: any order). */
      helpers?: MessagePort[];
    }
  | {
      /** Become a helper: flip the chunk pieces that arrive on `port`. */
      type: 'serve-flips';
      port: MessagePort;
    };

// The helper's messages live with its client, which Node code uses too (no DOM types there).
export type { FlipReply, FlipRequest } from './helper-client.ts';

export type FromWorker =
  | { type: 'ready' }
  | { type: 'init-error'; message: string }
  | { type: 'stage'; id: number; stage: Stage; message: string }
  | { type: 'progress'; id: number; fraction: number }
  /** The output as a Blob, which crosses by reference. */
  | { type: 'done'; id: number; data: Blob; report: Report }
  | { type: 'error'; id: number; message: string };
