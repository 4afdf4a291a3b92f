// The outputs module (engine-rs/outputs-wasm: the host fields, the PDF writers, the batch ZIP), fetched
// when a run starts (useRun) or the first time a report, a link, a PDF or a ZIP is asked for; never
// with the page. A module of its own so that what asks for it early carries nothing else.
export const loadOutputs = () =>
  import('../../../lib/engine/host-module/browser.ts').then((m) => m.loadOutputsModule());
