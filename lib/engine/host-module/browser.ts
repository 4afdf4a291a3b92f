/**
 * The outputs module (engine-rs/outputs-wasm, lib/engine/outputs-pkg) in the site: fetched and
 * compiled the first time a PDF report or a batch ZIP is made (a dynamic import, so the page's first
 * load does not carry it), then kept. Its PDF writers and batch ZIP are the ones the command lines
 * use (lib/report/pdf.ts, lib/zip/batch.ts).
 */
type Glue = typeof import('../outputs-pkg/fracture_outputs.js');
let loaded: Promise<Glue> | undefined;

export function loadOutputsModule(): Promise<Glue> {
  loaded ??= (async () => {
    const glue = await import('../outputs-pkg/fracture_outputs.js');
    // `new URL(..., import.meta.url)`: the bundler emits the module and rewrites the URL.
    await glue.default({ module_or_path: new URL('../outputs-pkg/fracture_outputs_bg.wasm', import.meta.url) });
    return glue;
  })();
  loaded.catch(() => {
    loaded = undefined; // a failed fetch is tried again on the next PDF or ZIP
  });
  return loaded;
}
