// Entry point of the compiled CLI: bin/fracture.mjs imports this.
import { exitCleanlyOnSignals } from '../sdk/outputs.ts';
import { main } from './fracture.ts';
import { exactArguments } from '../lib/engine/host/byte-paths.ts';

// Ctrl-C, SIGTERM or SIGHUP: the temporary files go, no final name is touched, exit 128 + the signal.
exitCleanlyOnSignals();
// Arguments with their exact bytes: a file name need not be UTF-8 (docs/cli.md, "Names").
main(exactArguments(process.argv.slice(2))).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`fracture: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  },
);
