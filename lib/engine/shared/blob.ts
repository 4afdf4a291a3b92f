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
