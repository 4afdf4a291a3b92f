// Entry point of the compiled CLI: bin/fracture.mjs imports this.
import { exitCleanlyOnSignals } from '../sdk/outputs.ts';
import { main } from './fracture.ts';

// Ctrl-C, SIGTERM or SIGHUP: the temporary files go, no final name is touched, exit 128 + the signal.
exitCleanlyOnSignals();
main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`fracture: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  },
);
