/**
 * The host logic module for Node (the npm CLI and the SDK): engine-rs/host-wasm, built into
 * lib/engine/host-pkg. It holds what the native CLI decides through the fracture-host crate (the
 * campaign model first), so both command lines take one implementation's decisions. Loaded only by
 * the commands that need it; the site's engine module does not carry it.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as Bindings from '../host-pkg/fracture_host.js';
import { wasmPkgDir } from '../host/node.ts';

export type HostModule = typeof Bindings;

let loaded: Promise<HostModule> | undefined;

/** The host module, compiled and loaded once. */
export function loadHostModule(): Promise<HostModule> {
  loaded ??= (async () => {
    const dir = path.join(wasmPkgDir(), '../host-pkg');
    const glue = (await import(pathToFileURL(path.join(dir, 'fracture_host.js')).href)) as HostModule;
    glue.initSync({ module: await readFile(path.join(dir, 'fracture_host_bg.wasm')) });
    return glue;
  })();
  return loaded;
}
