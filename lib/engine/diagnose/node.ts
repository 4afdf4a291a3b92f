/**
 * `fracture diagnose` for Node (the npm CLI and the SDK's Node entry): the module engine-rs/diagnose-wasm
 * builds (lib/engine/diagnose-pkg, loaded only when diagnose is used), and files it reads by position
 * with `readSync`, a piece at a time, so a file of any size costs the same memory.
 */
import { readSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as Bindings from '../diagnose-pkg/fracture_diagnose.js';
import { wasmPkgDir } from '../host/node.ts';
import type { DiagnoseFile } from './file.ts';

export type { DiagnoseFile } from './file.ts';
export { bytesFile } from './file.ts';
export type DiagnoseModule = typeof Bindings;

let loaded: Promise<DiagnoseModule> | undefined;

/** The diagnose module, compiled and loaded once. */
export function loadDiagnose(): Promise<DiagnoseModule> {
  loaded ??= (async () => {
    const dir = path.join(wasmPkgDir(), '../diagnose-pkg');
    const glue = (await import(pathToFileURL(path.join(dir, 'fracture_diagnose.js')).href)) as DiagnoseModule;
    glue.initSync({ module: await readFile(path.join(dir, 'fracture_diagnose_bg.wasm')) });
    return glue;
  })();
  return loaded;
}

/** An open file descriptor of `size` bytes, read by position. */
export function fdFile(fd: number, size: number): DiagnoseFile {
  return {
    size: () => size,
    read(pos: number, len: number): Uint8Array {
      const buf = new Uint8Array(len);
      let got = 0;
      while (got < len) {
        const n = readSync(fd, buf, got, len - got, pos + got);
        if (n === 0) throw 'the file changed while it was being read';
        got += n;
      }
      return buf;
    },
  };
}
