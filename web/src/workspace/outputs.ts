// The outputs module (engine-rs/outputs-wasm: the host fields, the PDF writers, the batch ZIP), fetched
// the first time a report is shown (its replay command and link), a link, a PDF or a ZIP is asked
// for; never with the page, and not beside a run, which has the cores to itself (useRun). A module of
// its own so that what asks for it early carries nothing else.
export const loadOutputs = () =>
  import('../../../lib/engine/host-module/browser.ts').then((m) => m.loadOutputsModule());
