// The native engine's oracle (engine-rs/core/examples/oracle.rs): one process reads a JSON case per
// line and answers one per line. Built with the ci profile, as `make test` builds the Rust tests
// (target/ci/), so it shares their dependencies; building it here only brings it up to date.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Brings the oracle up to date and returns its path. */
export function buildOracle(): string {
  execFileSync('cargo', ['build', '--profile', 'ci', '--quiet', '--example', 'oracle'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  return path.join(ROOT, 'target/ci/examples/oracle');
}
