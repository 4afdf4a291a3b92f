// Small helpers the workspace's buttons use: seeds, clipboard, downloads, and the byte preview.

/** Seeds are drawn below this (docs/product.md, "Validation rules"). */
export const SEED_LIMIT = 2147483647;

/** A uniform random integer in [0, SEED_LIMIT), from the platform's cryptographic generator. */
export function randomSeed(
  getRandomValues: (a: Uint32Array) => Uint32Array = (a) => crypto.getRandomValues(a),
): number {
  const word = new Uint32Array(1);
  for (;;) {
    const candidate = getRandomValues(word)[0] & 0x7fffffff;
    if (candidate < SEED_LIMIT) return candidate;
  }
}

/**
 * A seed typed by the user (to reproduce a run from a bug report or the CLI): a whole number from 0
 * to 2^53-1, the engine's range. Undefined for anything else.
 */
export function parseSeed(text: string): number | undefined {
  const t = text.trim();
  if (!/^[0-9]{1,16}$/.test(t)) return undefined;
  const value = Number(t);
  return Number.isSafeInteger(value) ? value : undefined;
}

/** Only the first 8 digits are shown; an ellipsis says when digits are hidden. */
export function displaySeed(seed: number): string {
  const digits = String(seed);
  return digits.length > 8 ? `${digits.slice(0, 8)}…` : digits;
}

export const CLIPBOARD_UNAVAILABLE = 'Clipboard API unavailable in this environment';

export async function copyText(text: string): Promise<void> {
  if (typeof navigator === 'undefined' || !navigator.clipboard?.writeText) throw new Error(CLIPBOARD_UNAVAILABLE);
  await navigator.clipboard.writeText(text);
}

/** A random name (a UUID where the browser makes them), for a tab's folder or a download. */
export function randomName(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** The object URL outlives the click by this long, then is revoked (docs/product.md, "Calls"). */
export const REVOKE_AFTER_MS = 1000;

export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

/** One byte as the preview shows it: printable ASCII as itself, a backslash doubled, the rest `\xNN`. */
export function escapeByte(byte: number): string {
  if (byte === 0x5c) return '\\\\';
  if (byte >= 0x20 && byte <= 0x7e) return String.fromCharCode(byte);
  return `\\x${byte.toString(16).padStart(2, '0')}`;
}

export interface PreviewRun {
  text: string;
  /** True when these bytes changed. */
  changed: boolean;
}

/** `bytes` escaped, split into runs of changed and unchanged bytes by `changed` (1 per changed byte). */
export function markedRuns(bytes: Uint8Array, changed: Uint8Array): PreviewRun[] {
  const runs: PreviewRun[] = [];
  for (let i = 0; i < bytes.length; i++) {
    const marked = changed[i] === 1;
    const text = escapeByte(bytes[i]);
    const last = runs[runs.length - 1];
    if (last && last.changed === marked) last.text += text;
    else runs.push({ text, changed: marked });
  }
  return runs;
}
