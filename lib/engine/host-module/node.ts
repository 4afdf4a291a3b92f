/**
 * The host logic modules for Node (the npm CLI and the SDK), each built from fracture-host, which the
 * native CLI calls directly, so both command lines take one implementation's decisions:
 * - the outputs module (engine-rs/outputs-wasm, lib/engine/outputs-pkg): output names, the plan's
 *   claims and the batch ZIP, which every run asks for;
 * - the campaigns' module (engine-rs/host-wasm, lib/engine/host-pkg): the campaign model, the
 *   minimiser and `merge`, with the regex engine; only `run`, `minimize` and `merge` load it.
 * The site's engine module carries neither.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as Campaigns from '../host-pkg/fracture_host.js';
import type * as Outputs from '../outputs-pkg/fracture_outputs.js';
import { wasmPkgDir } from '../host/node.ts';

export type HostModule = typeof Campaigns;
export type OutputsModule = typeof Outputs;

/** Node has the WebAssembly global, which the Node types here do not declare. */
const { WebAssembly: wasmApi } = globalThis as unknown as {
  WebAssembly: { compile: (bytes: Uint8Array) => Promise<object> };
};

/**
 * A wasm-bindgen module of lib/engine (`dir`/`name`.js and `name`_bg.wasm): its glue imported while
 * the module is read and compiled, off the main thread (WebAssembly.compile, as the engine's loader
 * does; a module given to initSync as bytes is compiled on the main thread, which holds up the run).
 */
async function load<Glue extends { initSync: (input: { module: never }) => unknown }>(
  dir: string,
  name: string,
): Promise<Glue> {
  const at = path.join(wasmPkgDir(), '..', dir);
  const [glue, module] = await Promise.all([
    import(pathToFileURL(path.join(at, `${name}.js`)).href) as Promise<Glue>,
    readFile(path.join(at, `${name}_bg.wasm`)).then((bytes) => wasmApi.compile(bytes)),
  ]);
  glue.initSync({ module: module as never });
  return glue;
}

let campaigns: Promise<HostModule> | undefined;
let outputs: Promise<OutputsModule> | undefined;

/** The campaigns' module, compiled and loaded once. */
export function loadHostModule(): Promise<HostModule> {
  campaigns ??= load<HostModule>('host-pkg', 'fracture_host');
  return campaigns;
}

/** The outputs module, compiled and loaded once. */
export function loadOutputsModule(): Promise<OutputsModule> {
  outputs ??= load<OutputsModule>('outputs-pkg', 'fracture_outputs');
  return outputs;
}
