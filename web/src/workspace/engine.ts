// The engine the workspace runs: the WebAssembly engine in its Web Worker (never on the main thread).
export { corrupt } from '../../../lib/engine/host/client.ts';
