// The golden vectors' input generators (tests/golden/README.md), as the Rust test has them.
export type Gen =
  | { gen: 'hex'; hex: string }
  | { gen: 'text'; len: number; text: string }
  | { gen: 'pattern'; len: number }
  | { gen: 'zeros'; len: number }
  | { gen: 'random'; len: number; seed: number }
  | { gen: 'concat'; parts: Gen[] };

export function generate(g: Gen): Uint8Array {
  switch (g.gen) {
    case 'hex':
      return Uint8Array.from(g.hex.match(/../g) ?? [], (h) => parseInt(h, 16));
    case 'text': {
      const t = new TextEncoder().encode(g.text);
      return Uint8Array.from({ length: g.len }, (_, i) => t[i % t.length]);
    }
    case 'pattern':
      return Uint8Array.from({ length: g.len }, (_, i) => i & 0xff);
    case 'zeros':
      return new Uint8Array(g.len);
    case 'random':
      return xorshiftBytes(g.len, g.seed);
    case 'concat': {
      const parts = g.parts.map(generate);
      const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
      let at = 0;
      for (const p of parts) {
        out.set(p, at);
        at += p.length;
      }
      return out;
    }
  }
}

export function xorshiftBytes(len: number, seed: number): Uint8Array {
  let x = seed >>> 0 || 0x9e3779b9;
  const out = new Uint8Array(Math.ceil(len / 4) * 4);
  const view = new DataView(out.buffer);
  for (let i = 0; i < out.length; i += 4) {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    view.setUint32(i, x, true);
  }
  return out.subarray(0, len);
}
