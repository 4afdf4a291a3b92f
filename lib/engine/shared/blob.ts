// Output bytes become a Blob through a streamed Response body, a few MiB at a time.
//
// `new Blob([bytes])` copies everything in one blocking call and keeps the copy in the page's own
// memory until it has been handed over; a streamed body is passed to the browser's blob store piece by
// piece (Chromium may page it to disk), so a 200 MB result never needs a second whole copy here.

/** Bytes handed to the Blob per step. */
export const BLOB_CHUNK_BYTES = 4 * 1024 * 1024;

/**
 * A Blob of `length` bytes whose pieces come from `read(start, end)`. Each piece is enqueued as
 * returned, so `read` must return bytes that stay unchanged (a copy when the source is reused).
 */
export function blobFromPieces(
  length: number,
  read: (start: number, end: number) => Uint8Array | Promise<Uint8Array>,
): Promise<Blob> {
  let at = 0;
  const pieces = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (at >= length) {
          controller.close();
          return;
        }
        const end = Math.min(length, at + BLOB_CHUNK_BYTES);
        const piece = await read(at, end);
        controller.enqueue(piece);
        at = end;
      },
    },
    // Nothing is read ahead of the consumer: one piece at a time exists outside the source.
    { highWaterMark: 0 },
  );
  return new Response(pieces, { headers: { 'content-type': 'application/octet-stream' } }).blob();
}

/** `bytes` as a Blob, streamed (see above). */
export function blobFromBytes(bytes: Uint8Array): Promise<Blob> {
  return blobFromPieces(bytes.length, (start, end) => bytes.subarray(start, end));
}

const CHANGED = 'The file changed while it was being read';

/** `len` bytes of `input` from `pos`, in fresh memory. */
export async function readAt(input: Blob, pos: number, len: number): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = new Uint8Array(await input.slice(pos, pos + len).arrayBuffer());
  if (bytes.length !== len) throw new Error(CHANGED);
  return bytes;
}

/**
 * Reads a Blob into buffers the caller gives: in order through one BYOB reader of its stream, which
 * fills them without new memory (each `slice().arrayBuffer()` is 4 MiB of fresh memory, which piles up
 * as garbage until the worker's next collection: tens of MiB per worker); a read elsewhere, or while
 * one is under way, slices.
 */
export class BlobReader {
  private reader: ReadableStreamBYOBReader | undefined;
  private at = 0;
  private busy = false;
  private byob = true;

  constructor(private readonly blob: Blob) {}

  /**
   * `into` filled with the bytes from `pos`: the same memory, possibly as a new ArrayBuffer (a BYOB
   * read transfers it, so the caller uses what this returns).
   */
  async read(pos: number, into: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
    // A BYOB read detaches the buffer it fills: only a buffer of the caller's own, whole, is given to it.
    const whole = into.byteOffset === 0 && into.length === into.buffer.byteLength;
    if (pos !== this.at || this.busy || !this.byob || !whole || pos + into.length > this.blob.size) {
      into.set(await readAt(this.blob, pos, into.length));
      return into;
    }
    if (!this.reader) {
      try {
        this.reader = this.blob.stream().getReader({ mode: 'byob' });
      } catch {
        // A Blob stream that is not a byte stream (an older browser): slices only.
        this.byob = false;
        return this.read(pos, into);
      }
    }
    this.busy = true;
    try {
      const { byteOffset: offset, length } = into;
      let buffer = into.buffer;
      for (let filled = 0; filled < length; ) {
        const { value, done } = await this.reader.read(new Uint8Array(buffer, offset + filled, length - filled));
        if (done || !value) throw new Error(CHANGED);
        buffer = value.buffer as ArrayBuffer;
        filled += value.byteLength;
      }
      this.at += length;
      return new Uint8Array(buffer, offset, length);
    } finally {
      this.busy = false;
    }
  }

  close() {
    this.reader?.cancel().catch(() => undefined);
    this.reader = undefined;
  }
}
