// Display rules of docs/product.md ("Display rules"): one place for every number the workspace shows.

const KB = 1024;
const MB = 1024 * 1024;

/** B below 1 KB, KB with 1 decimal, MB with 2 decimals. */
export function formatSize(bytes: number): string {
  if (bytes < KB) return `${bytes} B`;
  if (bytes < MB) return `${(bytes / KB).toFixed(1)} KB`;
  return `${(bytes / MB).toFixed(2)} MB`;
}

/**
 * A whole number with commas between thousands, as `toLocaleString('en-US')` writes it, without Intl:
 * the first Intl number format of a page sets up ICU, about 20 ms of main thread (80 ms at Lighthouse's
 * 4x CPU slowdown), and the home page's sample report shows three numbers as it hydrates.
 */
export function formatCount(n: number): string {
  return String(Math.round(n)).replace(/\B(?=(\d{3})+$)/g, ',');
}

/** Size change as a signed percent with 1 decimal, or 'No change'. */
export function sizeChange(originalSize: number, resultSize: number): string {
  if (originalSize === resultSize) return 'No change';
  // A percent of nothing is meaningless: say how much appeared instead.
  if (originalSize === 0) return `+${formatSize(resultSize)}`;
  const percent = ((resultSize - originalSize) / originalSize) * 100;
  return `${percent > 0 ? '+' : '-'}${Math.abs(percent).toFixed(1)}%`;
}

/** Entropy: 4 decimals in the report, 3 in telemetry. */
export const ENTROPY_DECIMALS = { report: 4, telemetry: 3 } as const;

export function formatEntropy(bits: number, where: keyof typeof ENTROPY_DECIMALS): string {
  return bits.toFixed(ENTROPY_DECIMALS[where]);
}

/** An entropy change, always signed so a drop and a rise read differently. */
export function formatEntropyDelta(delta: number, where: keyof typeof ENTROPY_DECIMALS): string {
  const text = Math.abs(delta).toFixed(ENTROPY_DECIMALS[where]);
  return `${delta < 0 ? '-' : '+'}${text}`;
}

/** Report times: seconds with 2 decimals. */
export function formatSeconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}

/** Telemetry times: milliseconds with 1 decimal. */
export function formatMs(ms: number): string {
  return `${ms.toFixed(1)} ms`;
}

export type Recoverability = 'Unlikely' | 'Difficult' | 'Possible';

/** First row whose intensity or entropy-change threshold is exceeded wins. */
const RECOVERABILITY: readonly { verdict: Recoverability; aboveIntensity: number; aboveDelta: number }[] = [
  { verdict: 'Unlikely', aboveIntensity: 80, aboveDelta: 0.5 },
  { verdict: 'Difficult', aboveIntensity: 50, aboveDelta: 0.2 },
];

export function recoverability(intensity: number, entropyDelta: number): Recoverability {
  const delta = Math.abs(entropyDelta);
  const row = RECOVERABILITY.find((r) => intensity > r.aboveIntensity || delta > r.aboveDelta);
  return row?.verdict ?? 'Possible';
}
