/** What the diagnose module reads: a file by position (engine-rs/diagnose-wasm's `DiagnoseFile`). */
export interface DiagnoseFile {
  size(): number;
  /** Exactly the `len` bytes from `pos`; throws a string on failure. */
  read(pos: number, len: number): Uint8Array;
}

/** Bytes in memory as a file. */
export function bytesFile(bytes: Uint8Array): DiagnoseFile {
  return { size: () => bytes.length, read: (pos, len) => bytes.slice(pos, pos + len) };
}
