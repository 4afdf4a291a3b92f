// `diagnose` in the SDK's Node entry (docs/damage.md): engine-rs/diagnose in WebAssembly, on bytes in
// memory or on files read by position (any size, in bounded memory). Loaded only when called.
import { closeSync, fstatSync, openSync } from 'node:fs';
import { bytesFile, type DiagnoseFile, fdFile, loadDiagnose } from '../lib/engine/diagnose/node.ts';
import type { DiagnoseResult } from '../lib/engine/diagnose/result.ts';
import * as msg from '../lib/engine/shared/messages.ts';
import { display, specialKind } from './outputs.ts';

export type { DiagnoseCause, DiagnoseReport, DiagnoseResult } from '../lib/engine/diagnose/result.ts';

export interface DiagnoseOptions {
  /** The name the bytes go by (its extension counts when the bytes name no format); default `data`. */
  filename?: string;
  /** The original the bytes were damaged from: every difference is classified. */
  original?: Uint8Array;
}

async function run(
  file: DiagnoseFile,
  name: string,
  original?: DiagnoseFile,
  originalName = '',
): Promise<DiagnoseResult> {
  if (file.size() === 0) throw new Error(msg.diagnoseEmpty(name));
  const glue = await loadDiagnose();
  const d = glue.diagnose(file, name, original, originalName);
  try {
    return { report: JSON.parse(d.json()), text: d.text(), damaged: d.damaged() };
  } finally {
    d.free();
  }
}

/** Names the known damage that explains `input`, with evidence and a confidence (`fracture diagnose --json`). */
export function diagnose(input: Uint8Array, options: DiagnoseOptions = {}): Promise<DiagnoseResult> {
  const original = options.original && bytesFile(options.original);
  return run(bytesFile(input), options.filename ?? 'data', original, original ? 'original' : '');
}

/** `diagnose` on the file at `path` (and its `original`), read by position: any size, bounded memory. */
export async function diagnoseFile(path: string, options: { original?: string } = {}): Promise<DiagnoseResult> {
  const opened: number[] = [];
  const open = (p: string) => {
    const fd = openSync(p, 'r');
    opened.push(fd);
    const info = fstatSync(fd);
    const kind = specialKind(info);
    if (kind) throw new Error(msg.notRegular(display(p), kind));
    return fdFile(fd, info.size);
  };
  try {
    const file = open(path);
    const original = options.original === undefined ? undefined : open(options.original);
    return await run(file, display(path), original, options.original === undefined ? '' : display(options.original));
  } finally {
    for (const fd of opened) closeSync(fd);
  }
}
