// Generated from engine-data/messages.toml by scripts/gen-engine-data.mjs; do not edit.
// What the hosts say about files and outputs, word for word as engine-rs/host/src/messages.rs says it.

/** {path} is {what}, not a regular file */
export const notRegular = (path: string, what: string): string => `${path} is ${what}, not a regular file`;

/** output {path} is a directory */
export const outputIsDirectory = (path: string): string => `output ${path} is a directory`;

/** output {path} is {what}, not a regular file */
export const outputNotRegular = (path: string, what: string): string => `output ${path} is ${what}, not a regular file`;

/** output {path} is the input {input} */
export const outputIsInput = (path: string, input: string): string => `output ${path} is the input ${input}`;

/** outputs {first} and {second} are the same file */
export const outputsSameFile = (first: string, second: string): string =>
  `outputs ${first} and ${second} are the same file`;

/** the file changed while it was being read */
export const changedWhileRead = (): string => `the file changed while it was being read`;

/** Input too large: more than {limit} bytes on standard input */
export const stdinTooLarge = (limit: string): string => `Input too large: more than ${limit} bytes on standard input`;

/** cannot copy standard input to a temporary file: {why} */
export const cannotCopyStdin = (why: string): string => `cannot copy standard input to a temporary file: ${why}`;

/** cannot create output directory {path}: {why} */
export const cannotCreateOutDir = (path: string, why: string): string =>
  `cannot create output directory ${path}: ${why}`;

/** cannot write {path}: {why} */
export const cannotWrite = (path: string, why: string): string => `cannot write ${path}: ${why}`;

/** {path} is empty: there is nothing to diagnose */
export const diagnoseEmpty = (path: string): string => `${path} is empty: there is nothing to diagnose`;

/** nothing to repair: no damage found in {path} can be undone (docs/damage.md) */
export const nothingToRepair = (path: string): string =>
  `nothing to repair: no damage found in ${path} can be undone (docs/damage.md)`;

/** cannot write standard output: {why} */
export const cannotWriteStdout = (why: string): string => `cannot write standard output: ${why}`;
