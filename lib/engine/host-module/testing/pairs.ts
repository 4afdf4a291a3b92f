// Generated originals and corrupted copies, and the change map's rules written the obvious way: what
// the change map's tests (reports.test.ts, the page's change-runs.test.ts) check it against.

/** The change map's rules written the obvious way: one flag per offset of the longer file. */
export function naive(a: Uint8Array, b: Uint8Array) {
  const span = Math.max(a.length, b.length);
  const shorter = Math.min(a.length, b.length);
  let suffix = 0;
  if (a.length !== b.length) while (suffix < shorter && a[a.length - 1 - suffix] === b[b.length - 1 - suffix]) suffix++;
  const aligned = shorter - suffix;
  const flags: boolean[] = [];
  for (let i = 0; i < span; i++) flags.push(i < aligned ? a[i] !== b[i] : i < aligned + span - shorter);
  const runs: { start: number; end: number }[] = [];
  for (let i = 0; i < span; i++) {
    if (flags[i] && (i === 0 || !flags[i - 1])) runs.push({ start: i, end: i });
    if (flags[i]) runs[runs.length - 1].end = i + 1;
  }
  return { span, aligned, flags, runs };
}

/** A small xorshift generator, so every case is reproducible. */
export function rng(seed: number) {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}

/** An original and a corrupted copy: scattered flips, long changed stretches, a cut or an insertion. */
export function pair(seed: number) {
  const r = rng(seed);
  const n = Math.floor(r() * 3000);
  const a = new Uint8Array(n).map(() => Math.floor(r() * 4));
  let b = a.slice();
  const density = r();
  for (let i = 0; i < n; i++) if (r() < density * 0.3) b[i] = (b[i] + 1 + Math.floor(r() * 3)) & 3;
  if (n > 10 && r() < 0.3) b.fill(9, Math.floor(r() * n), Math.floor(r() * n));
  const kind = r();
  if (kind < 0.25 && n > 0) {
    const at = Math.floor(r() * n);
    b = Uint8Array.from([...b.subarray(0, at), ...b.subarray(at + Math.floor(r() * (n - at)))]);
  } else if (kind < 0.5) {
    const at = Math.floor(r() * (n + 1));
    const extra = new Uint8Array(Math.floor(r() * 500)).map(() => Math.floor(r() * 4));
    b = Uint8Array.from([...b.subarray(0, at), ...extra, ...b.subarray(at)]);
  }
  return { a, b };
}
