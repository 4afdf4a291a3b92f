// Entry point of the compiled CLI: bin/fracture.mjs imports this.
import { main } from './fracture.ts';

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`fracture: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  },
);
