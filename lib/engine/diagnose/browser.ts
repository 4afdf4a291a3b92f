/**
 * `fracture diagnose` in a Web Worker (the site's engine worker, the SDK's browser entry): the module
 * engine-rs/diagnose-wasm builds, fetched the first time a file is diagnosed (a dynamic import: the
 * engine's first load does not carry it), reading a Blob by position with FileReaderSync, a piece at a
 * time, so nothing but the pieces is held in memory and nothing leaves the page.
 */
import { diagnoseEmpty } from '../shared/messages.ts';
import type { DiagnoseFile } from './file.ts';
import type { DiagnoseResult } from './result.ts';

type Glue = typeof import('../diagnose-pkg/fracture_diagnose.js');
let loaded: Promise<Glue> | undefined;

function load(): Promise<Glue> {
  loaded ??= (async () => {
    const glue = await import('../diagnose-pkg/fracture_diagnose.js');
    // `new URL(..., import.meta.url)`: bundlers (Vite with no plugin) emit the module and rewrite the URL.
    await glue.default({ module_or_path: new URL('../diagnose-pkg/fracture_diagnose_bg.wasm', import.meta.url) });
    return glue;
  })();
  return loaded;
}

/** A Blob read by position: FileReaderSync, which workers have. */
function blobFile(blob: Blob): DiagnoseFile {
  const reader = new FileReaderSync();
  return {
    size: () => blob.size,
    read: (pos, len) => new Uint8Array(reader.readAsArrayBuffer(blob.slice(pos, pos + len))),
  };
}

/** Diagnoses `file` (named `name`), against `original` when given. */
export async function diagnoseBlob(
  file: Blob,
  name: string,
  original?: Blob,
  originalName = '',
): Promise<DiagnoseResult> {
  if (file.size === 0) throw new Error(diagnoseEmpty(name));
  const glue = await load();
  const d = glue.diagnose(blobFile(file), name, original && blobFile(original), originalName);
  try {
    return { report: JSON.parse(d.json()), text: d.text(), damaged: d.damaged() };
  } finally {
    d.free();
  }
}
