/**
 * The extension of a file name as docs/contract.md (section 3) defines it: the text after the last '.', lower-cased;
 * none when there is no dot or the only dot is the first character.
 */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return '';
  return name.slice(dot + 1).toLowerCase();
}

/** `{base}_corrupted{.ext}`, or `{name}_corrupted.bin` when there is no extension. */
export function corruptedName(name: string): string {
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return `${name}_corrupted.bin`;
  return `${name.slice(0, dot)}_corrupted${name.slice(dot)}`;
}

/** `{name}_corruption_report.json`, spaces replaced by underscores. */
export function reportName(name: string): string {
  return `${name.replace(/ /g, '_')}_corruption_report.json`;
}

/** `--count` above 1 and the SDK's variants: `{base}_corrupted_{seed}{.ext}`, `{name}_corrupted_{seed}.bin`. */
export function variantName(name: string, seed: number): string {
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return `${name}_corrupted_${seed}.bin`;
  return `${name.slice(0, dot)}_corrupted_${seed}${name.slice(dot)}`;
}

/** `--count` above 1: `{name}_{seed}_corruption_report.json`. */
export function variantReportName(name: string, seed: number): string {
  return reportName(`${name}_${seed}`);
}
